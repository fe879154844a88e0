//! tetris — HDU 1760 "A New Tetris Game": players alternately cover a 2×2 square of free cells;
//! who cannot move loses. Board rules, judge I/O, verdicts and the first-move map.
//!
//! The game is Node Kayles on the conflict graph of the placements (`shape`); regions that
//! cannot interact add up by Sprague–Grundy and are valued by memoised search (`engine`);
//! `position` turns a board into regions, the answer and the per-placement results.

mod cache;
mod corridor;
mod engine;
mod position;
mod shape;

use super::judge_io::Reader;
use super::*;
use crate::text::excerpt;
use position::{Analysis, FirstMove, MAX_CELLS};
use std::sync::Arc;

pub struct Tetris;

/// The original problem's limit on n and m.
const ORIGINAL_MAX_SIDE: usize = 50;

/// Boards with at most this many placements are searched on the caller's stack, at most
/// `INLINE_MAX_DEPTH` levels deep (about 1 MiB in a debug build, a quarter of that optimised:
/// safe on a 2 MiB worker thread). Searches of larger boards run on their own thread with a
/// `SEARCH_STACK` stack (reserved, committed only as used) and up to `THREAD_MAX_DEPTH` levels.
const INLINE_MAX_PLACEMENTS: usize = 300;
const INLINE_MAX_DEPTH: u32 = 400;
const SEARCH_STACK: usize = 128 << 20;
const THREAD_MAX_DEPTH: u32 = 20_000;

/// Refuses a board whose size alone needs more than the memory cap to decide who wins: the
/// same check for the answer, the Grundy value and the solve with its map.
fn check_size(grid: &Grid, budget: &Budget) -> Result<(), Unsolved> {
    budget.check_memory(position::answer_bytes(grid), || {
        format!("the regions of a {}×{} board", grid.rows, grid.cols)
    })
}

/// Runs a search with a stack that fits its depth cap.
fn with_stack<T: Send>(
    grid: &Grid,
    search: impl FnOnce(u32) -> Result<T, Unsolved> + Send,
) -> Result<T, Unsolved> {
    let (free, _, _) = position::placements(grid)?;
    if free.iter().filter(|&&f| f).count() <= INLINE_MAX_PLACEMENTS {
        return search(INLINE_MAX_DEPTH);
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("tetris-search".into())
            .stack_size(SEARCH_STACK)
            .spawn_scoped(scope, || search(THREAD_MAX_DEPTH))
            .map_err(|e| Unsolved::TooLarge(format!("no thread for the search: {e}")))?
            .join()
            .unwrap_or_else(|_| Err(Unsolved::TooLarge("the search thread failed".into())))
    })
}

impl Tetris {
    /// The Grundy value of a board (the xor over its regions), when the budget allows. For
    /// tests and tools: 0 exactly when the first player loses.
    pub fn grundy(board: &Grid, budget: &Budget) -> Result<u16, Unsolved> {
        check_size(board, budget)?;
        with_stack(board, |depth| position::grundy(board, budget, depth))
    }
}

fn answer_word(first_wins: bool) -> &'static str {
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
            shape::symmetry_name(t)
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
            shape::symmetry_name(t)
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
    let (placements, _, pc) = position::placements(grid).ok()?;
    let placements = Arc::new(placements);
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
                        shape::symmetry_name(t)
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
        describe: Box::new(describe),
    })
}

impl Game for Tetris {
    type Board = Grid;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Tetris,
        title: "HDU 1760 A New Tetris Game",
        rules: "An n×m board of free (`0`) and blocked (`1`) cells. Players alternately cover a \
                2×2 square of free cells; covered cells are no longer free. Lele moves first; \
                the player who cannot move loses. The answer is `Yes` when Lele wins, `No` \
                otherwise.",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |b| b == b'0' || b == b'1',
        cells_doc: "`0` (free) or `1` (blocked)",
        answers: &["Yes", "No"],
        answer_classes: &["Yes", "No"],
        codes: &[
            (
                "E601",
                "The board has more than 1048576 cells. boardls refuses it before allocating \
                 anything for it; the original problem allows at most 50×50.",
            ),
            (
                "W601",
                "The board is larger than the original problem allows (1 ≤ n, m ≤ 50). Judges \
                 built for HDU 1760 may reject it; boardls still solves it when the search fits \
                 the budget.",
            ),
        ],
        // The original reads tests until the end of the input with no stated count. A test is
        // at most 50×50 (about 2.6 KB), so 1000 tests keep a file near 2.6 MB; accepted
        // solutions are exponential searches, so real judge files hold far fewer.
        max_tests_per_file: 1000,
        original_max_side: ORIGINAL_MAX_SIDE,
        symmetry: Symmetry::Square,
    };

    fn board(input: &CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Grid> {
        let grid = input.grid?;
        let (n, m) = (grid.rows, grid.cols);
        if n.saturating_mul(m) > MAX_CELLS {
            diags.push(Diagnostic::error(
                "E601",
                input.grid_span(),
                format!("the board is {n}×{m}, more than {MAX_CELLS} cells"),
            ));
            return None;
        }
        if n > ORIGINAL_MAX_SIDE || m > ORIGINAL_MAX_SIDE || n == 0 || m == 0 {
            diags.push(
                Diagnostic::warning(
                    "W601",
                    input.grid_span(),
                    format!(
                        "the board is {n}×{m}; the original problem allows 1 ≤ n, m ≤ \
                         {ORIGINAL_MAX_SIDE}"
                    ),
                )
                .with_help("judges built for HDU 1760 may reject this board"),
            );
        }
        Some(grid.clone())
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "yes" => Ok("Yes".into()),
            "no" => Ok("No".into()),
            _ => Err(format!(
                "expected `Yes` (Lele, the first player, wins) or `No`, found `{}`",
                excerpt(text.trim())
            )),
        }
    }

    fn solve(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        check_size(board, budget)?;
        with_stack(board, |depth| solve_on(board, budget, depth))
    }

    fn answer(board: &Grid, budget: &Budget) -> Result<String, Unsolved> {
        check_size(board, budget)?;
        with_stack(board, |depth| {
            position::answer(board, budget, depth).map(|a| answer_word(a.first_wins).into())
        })
    }

    fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
        read_judge(text)
    }

    fn write_judge(boards: &[Grid]) -> String {
        let mut out = String::new();
        for b in boards {
            out.push_str(&format!("{} {}\n", b.rows, b.cols));
            for row in b.row_strings() {
                out.push_str(&row);
                out.push('\n');
            }
        }
        out
    }

    fn to_case(board: &Grid) -> CaseBody {
        CaseBody::grid(board)
    }

    fn largest_side(board: &Grid) -> usize {
        board.rows.max(board.cols)
    }
}

fn solve_on(board: &Grid, budget: &Budget, max_depth: u32) -> Result<Solution, Unsolved> {
    let a = position::solve(board, budget, max_depth)?;
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
        (true, false) => {
            format!("Lele wins ({winning} winning first moves among {evaluated} of {n} evaluated)")
        }
        (false, false) => format!("Lele loses ({evaluated} of {n} first moves evaluated)"),
    };
    let verdict = if a.first_wins {
        "Lele (the first player) wins".to_string()
    } else {
        "Lele (the first player) loses, the second player wins".to_string()
    };
    let mut why = why(&a, board.rows, board.cols);
    let cells = cell_map(board, &a);
    if cells.is_none() && n > 0 {
        why.push_str(" No first move was evaluated within the budget, so there is no map.");
    }
    Ok(Solution {
        answer: answer_word(a.first_wins).into(),
        verdict,
        lens,
        why,
        cells,
        nodes: a.nodes,
    })
}

/// Tests until the end of the input, each `n m` and n rows of `0`/`1`; cells of a row may be
/// split over several tokens (`0 0 1 0` or `0010`), but a token never runs past its row.
fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
    let mut input = Reader::new(text);
    let mut boards = Vec::new();
    while !input.at_end() {
        let test = boards.len() + 1;
        let at = input.next_start();
        let n = input.number(1, MAX_CELLS as u64, || format!("n (rows of test {test})"))?;
        let m = input.number(1, MAX_CELLS as u64, || {
            format!("m (columns of test {test})")
        })?;
        let (n, m) = (n as usize, m as usize);
        if n.saturating_mul(m) > MAX_CELLS {
            return Err(input.error_at(
                at,
                format!("test {test} is {n}×{m}, more than {MAX_CELLS} cells; refused"),
            ));
        }
        let mut cells = Vec::with_capacity(n * m);
        for r in 0..n {
            let row_end = (r + 1) * m;
            while cells.len() < row_end {
                let token = input
                    .token(|| format!("row {} of test {test} ({m} cells of `0`/`1`)", r + 1))?;
                for ch in token.text.chars() {
                    if ch != '0' && ch != '1' {
                        return Err(input.error_at(
                            token.start,
                            format!(
                                "row {} of test {test}: expected `0` or `1`, found `{ch}`",
                                r + 1
                            ),
                        ));
                    }
                    if cells.len() == row_end {
                        return Err(input.error_at(
                            token.start,
                            format!(
                                "row {} of test {test} has more than {m} cells (`{}`)",
                                r + 1,
                                excerpt(token.text)
                            ),
                        ));
                    }
                    cells.push(ch as u8);
                }
            }
        }
        boards.push(Grid {
            rows: n,
            cols: m,
            cells,
        });
    }
    Ok(boards)
}
