//! The words of a tetris result: the judge answer, the verdict, lens and why of an analysis, and
//! the first-move map whose hovers read the solver's facts.

use super::solve::{self, Analysis, FirstMove};
use crate::games::{CellMap, CellMark, Grid, Solution};
use std::sync::Arc;

/// What the original judge prints.
pub(super) fn answer_word(first_wins: bool) -> &'static str {
    if first_wins { "Yes" } else { "No" }
}

fn square(r: usize, c: usize) -> String {
    format!("rows {}–{}, columns {}–{}", r + 1, r + 2, c + 1, c + 2)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn list_values(values: &[u16]) -> String {
    let words: Vec<String> = values.iter().map(u16::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The first winning move whose remainder is a copy position, for the explanation.
fn copy_win(a: &Analysis, rows: usize, cols: usize) -> Option<(usize, usize, u8)> {
    (0..rows.saturating_sub(1))
        .flat_map(|r| (0..cols.saturating_sub(1)).map(move |c| (r, c)))
        .find_map(|(r, c)| match a.first_move(r, c) {
            Some(FirstMove {
                wins: true,
                copy: Some(t),
                ..
            }) => Some((r, c, t)),
            _ => None,
        })
}

fn why(a: &Analysis, rows: usize, cols: usize) -> String {
    let n = a.placements();
    let outcome = if a.first_wins {
        "so Lele wins"
    } else {
        "so Lele loses"
    };
    if n == 0 {
        return "No 2×2 square of free cells: Lele cannot move and loses.".into();
    }
    let mut text = match (a.copy, a.regions.as_slice(), a.values()) {
        (Some(t), _, _) => format!(
            "The {n} placements are symmetric under {} and no square meets its own image, so \
             the second player answers every move with its image and Lele runs out of moves \
             first.",
            symmetry_name(t)
        ),
        (None, [_], Some(v)) => format!(
            "One region of {} with Grundy value {}{}, {outcome}.",
            plural(n, "placement", "placements"),
            v[0],
            if v[0] == 0 { "" } else { " ≠ 0" }
        ),
        (None, [_], None) => format!(
            "One region of {}: the search found a winning first move (its Grundy value is not \
             0), {outcome}.",
            plural(n, "placement", "placements")
        ),
        (None, regions, Some(v)) => {
            let x = v.iter().fold(0, |x, v| x ^ v);
            format!(
                "{} independent regions with Grundy values {}, xor {x}{}, {outcome}.",
                regions.len(),
                list_values(&v),
                if x == 0 { "" } else { " ≠ 0" }
            )
        }
        (None, regions, None) => {
            let size = a
                .searched
                .and_then(|s| a.regions.get(s))
                .map_or(0, |r| r.cells.len());
            format!(
                "{} independent regions: the others' Grundy values xor to {} and the largest \
                 ({}) has a different value, so the xor is not 0, {outcome}.",
                regions.len(),
                a.rest_xor,
                plural(size, "placement", "placements")
            )
        }
    };
    if a.first_wins
        && a.regions.len() == 1
        && let Some((r, c, t)) = copy_win(a, rows, cols)
    {
        text.push_str(&format!(
            " For instance Lele covers {}: the rest is symmetric under {} with no square \
             meeting its image, and Lele copies every move from then on.",
            square(r, c),
            symmetry_name(t)
        ));
    }
    if let Some(gap) = &a.map_gap {
        text.push_str(&format!(" The first-move map is incomplete: {gap}."));
    }
    text
}

/// Per-cell results: the top-left cell of each placement is marked by whether it wins.
fn cell_map(grid: &Grid, a: &Analysis) -> Option<CellMap> {
    let (rows, cols) = (grid.rows, grid.cols);
    let mut marks = vec![CellMark::None; rows * cols];
    let mut moves: Vec<Option<FirstMove>> = vec![None; rows * cols];
    let mut any = false;
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            if let Some(m) = a.first_move(r, c) {
                any = true;
                marks[r * cols + c] = if m.wins {
                    CellMark::Win
                } else {
                    CellMark::Lose
                };
                moves[r * cols + c] = Some(m);
            }
        }
    }
    if !any {
        return None;
    }
    let cells = Arc::new(grid.cells.clone());
    let (placements, _, pc) = solve::placements(grid).ok()?;
    let placements = Arc::new(placements);
    let describe_bytes = std::mem::size_of_val(&cells[..])
        + std::mem::size_of_val(&placements[..])
        + std::mem::size_of_val(&moves[..]);
    let describe = move |r: usize, c: usize| -> Option<String> {
        if r >= rows || c >= cols {
            return None;
        }
        if cells.get(r * cols + c) != Some(&b'0') {
            return Some("Blocked cell.".into());
        }
        let legal = c < pc && placements.get(r * pc + c) == Some(&true);
        if !legal {
            return Some(
                "Free cell; no 2×2 square of free cells has its top-left corner here.".into(),
            );
        }
        let sq = square(r, c);
        Some(match moves.get(r * cols + c).copied().flatten() {
            Some(FirstMove {
                wins: true, copy, ..
            }) => {
                let mut s = format!(
                    "Covering {sq} first wins for Lele: it leaves a position of Grundy value 0, \
                     lost for the player to move."
                );
                if let Some(t) = copy {
                    s.push_str(&format!(
                        " The rest is symmetric under {}, so Lele can copy every move.",
                        symmetry_name(t)
                    ));
                }
                s
            }
            Some(FirstMove {
                wins: false,
                value: Some(v),
                ..
            }) => format!(
                "Covering {sq} first loses for Lele: it leaves a position of Grundy value {v}, \
                 won by the player to move."
            ),
            Some(FirstMove { wins: false, .. }) => format!(
                "Covering {sq} first loses for Lele: it leaves a position of non-zero Grundy \
                 value, won by the player to move."
            ),
            None => format!("Covering {sq} first: not evaluated within the budget."),
        })
    };
    Some(CellMap {
        rows,
        cols,
        marks,
        line: Vec::new(),
        describe: Box::new(describe),
        describe_bytes,
    })
}

/// The symmetry `t` (numbered as in `shape`'s symmetries) in words.
fn symmetry_name(t: u8) -> &'static str {
    match t {
        1 => "a left–right mirror",
        2 => "an up–down mirror",
        3 => "a half turn",
        4 | 7 => "a diagonal mirror",
        _ => "a quarter turn",
    }
}

/// The whole explanation of a board: verdict, lens, why and the first-move map.
pub(super) fn solution(board: &Grid, a: &Analysis) -> Solution {
    let n = a.placements();
    let evaluated = a.moves.iter().flatten().count();
    let winning = a.moves.iter().flatten().filter(|m| m.wins).count();
    let complete = evaluated == n;
    let lens = match (a.first_wins, complete) {
        (_, true) if n == 0 => "Lele loses (no square fits)".to_string(),
        (true, true) => format!(
            "Lele wins ({})",
            plural(winning, "winning first move", "winning first moves")
        ),
        (false, true) => format!(
            "Lele loses ({})",
            if n == 1 {
                "the only first move loses".to_string()
            } else {
                format!("all {n} first moves lose")
            }
        ),
        // No first move evaluated: nothing to count, and why says so.
        (true, false) if evaluated == 0 => "Lele wins".to_string(),
        (false, false) if evaluated == 0 => "Lele loses".to_string(),
        (true, false) => {
            format!("Lele wins ({winning} winning first moves among {evaluated} of {n} evaluated)")
        }
        (false, false) => format!("Lele loses ({evaluated} of {n} first moves evaluated)"),
    };
    let mut why = why(a, board.rows, board.cols);
    let cells = cell_map(board, a);
    if cells.is_none() && n > 0 {
        why.push_str(" No first move was evaluated within the budget, so there is no map.");
    }
    Solution {
        answer: answer_word(a.first_wins).into(),
        verdict: verdict(a.first_wins).into(),
        lens: lens.into(),
        why: why.into(),
        cells,
        nodes: a.nodes,
    }
}

/// The words of the judge's decision alone (no first-move map was asked for), for readers of
/// answers and words.
pub(super) fn solution_of_outcome(board: &Grid, a: &Analysis) -> Solution {
    let lens = match (a.first_wins, a.placements()) {
        (_, 0) => "Lele loses (no square fits)",
        (true, _) => "Lele wins",
        (false, _) => "Lele loses",
    };
    Solution {
        answer: answer_word(a.first_wins).into(),
        verdict: verdict(a.first_wins).into(),
        lens: lens.into(),
        why: why(a, board.rows, board.cols).into(),
        cells: None,
        nodes: a.nodes,
    }
}

fn verdict(first_wins: bool) -> String {
    if first_wins {
        "Lele (the first player) wins".to_string()
    } else {
        "Lele (the first player) loses, the second player wins".to_string()
    }
}
