//! Every word shown about a zgame result: the verdict, the lens, why, and what each cell of the
//! editor's table means.

use super::solve::{Answer, Direction, End, ForceTable, alice_moves};
use crate::games::{CellMap, CellMark, Solution};

/// The solution with the per-cell table: the line of best play and every cell's hover.
pub(super) fn solution(table: ForceTable, nodes: u64) -> Solution {
    let mut solution = solution_without_cells(&table, nodes);
    solution.cells = Some(cell_map(table));
    solution
}

/// The words of a solution with the per-cell table: verdict, lens, why with the line of play.
fn solution_without_cells(table: &ForceTable, nodes: u64) -> Solution {
    let answer = table.answer_at(0, 0);
    Solution {
        answer: answer.to_string().into(),
        verdict: verdict(answer).into(),
        lens: lens(answer).into(),
        why: why(table).into(),
        cells: None,
        nodes,
    }
}

/// The words of the judge's decision alone (no table, so no line of play): for readers of
/// answers and words.
pub(super) fn solution_of_answer(answer: Answer) -> Solution {
    Solution {
        answer: answer.to_string().into(),
        verdict: verdict(answer).into(),
        lens: lens(answer).into(),
        why: format!(
            "With both playing win > draw > loss from (1,1), Alice can force {}.",
            forceable(answer)
        )
        .into(),
        cells: None,
        nodes: 0,
    }
}

/// The solution when the per-cell table did not fit: the answers alone, and why there is no
/// more (`skipped` says what the table would have needed).
pub(super) fn solution_without_table(answer: Answer, skipped: &str, nodes: u64) -> Solution {
    Solution {
        answer: answer.to_string().into(),
        verdict: verdict(answer).into(),
        lens: lens(answer).into(),
        why: format!(
            "Alice can force {}. There is no line of play and no cell map: {skipped}.",
            forceable(answer)
        )
        .into(),
        cells: None,
        nodes,
    }
}

/// What the per-cell table is called in a memory refusal.
pub(super) fn table_name(rows: usize, cols: usize) -> String {
    format!("the per-cell table of a {rows} × {cols} board")
}

/// The three answers with the words each question has.
fn questions(answer: Answer) -> [(bool, &'static str); 3] {
    [
        (answer.win, "a win"),
        (answer.draw, "a draw"),
        (answer.loss, "a loss"),
    ]
}

/// "Alice cannot force a win, can force a draw, cannot force a loss".
fn verdict(answer: Answer) -> String {
    let parts: Vec<String> = questions(answer)
        .into_iter()
        .map(|(yes, what)| {
            if yes {
                format!("can force {what}")
            } else {
                format!("cannot force {what}")
            }
        })
        .collect();
    format!("Alice {}", parts.join(", "))
}

/// "Alice: win ✗ · draw ✓ · lose ✗".
fn lens(answer: Answer) -> String {
    let mark = |yes: bool| if yes { '✓' } else { '✗' };
    format!(
        "Alice: win {} · draw {} · lose {}",
        mark(answer.win),
        mark(answer.draw),
        mark(answer.loss)
    )
}

/// "a win or a draw", "nothing".
fn forceable(answer: Answer) -> String {
    let what: Vec<&str> = questions(answer)
        .into_iter()
        .filter(|(yes, _)| *yes)
        .map(|(_, what)| what)
        .collect();
    match what.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.to_string(),
        [a, b] => format!("{a} or {b}"),
        _ => "a win, a draw or a loss".to_string(),
    }
}

fn end_words(end: End) -> &'static str {
    match end {
        End::AliceWins => "Alice wins",
        End::Draw => "it is a draw",
        End::BobWins => "Bob wins",
    }
}

fn direction_word(direction: Direction) -> &'static str {
    match direction {
        Direction::Right => "right",
        Direction::Down => "down",
    }
}

fn cell_words(r: usize, c: usize) -> String {
    format!("({},{})", r + 1, c + 1)
}

/// What a terminal cell means, from how the game ends there.
fn terminal_words(end: End) -> &'static str {
    match end {
        End::AliceWins => "`A`: Alice wins as soon as the token is here",
        End::BobWins => "`B`: Bob wins as soon as the token is here",
        End::Draw => "the last cell, empty: the game is a draw when the token gets here",
    }
}

/// Best play from (r, c) as "(1,1) → (1,2) → (1,3), where …", clipped when long but keeping
/// the cell that decides.
fn line_of_play(table: &ForceTable, mut r: usize, mut c: usize) -> String {
    const SHOWN: usize = 12;
    let mut shown = vec![cell_words(r, c)];
    let mut steps = 1usize;
    let end = loop {
        if let Some(end) = table.terminal_end(r, c) {
            break end;
        }
        (r, c) = table.best_step(r, c);
        steps += 1;
        if shown.len() < SHOWN - 1 {
            shown.push(cell_words(r, c));
        }
    };
    if steps > shown.len() {
        let hidden = steps - shown.len() - 1;
        if hidden > 0 {
            shown.push(format!("… {hidden} more …"));
        }
        shown.push(cell_words(r, c));
    }
    let end = match end {
        End::AliceWins => ", where `A` wins for Alice",
        End::BobWins => ", where `B` wins for Bob",
        End::Draw => ", the empty last cell: a draw",
    };
    format!("{}{end}", shown.join(" → "))
}

fn why(table: &ForceTable) -> String {
    if let Some(end) = table.terminal_end(0, 0) {
        return format!("(1,1) is {}, before anyone moves.", terminal_words(end));
    }
    let options: Vec<String> = table
        .moves(0, 0)
        .into_iter()
        .map(|(direction, (r, c))| {
            format!(
                "{} to {} lets her force {}",
                direction_word(direction),
                cell_words(r, c),
                forceable(table.answer_at(r, c))
            )
        })
        .collect();
    format!(
        "Alice moves first at (1,1): {}. With both playing win > draw > loss, {}: {}.",
        options.join("; "),
        end_words(table.end_at(0, 0)),
        line_of_play(table, 0, 0)
    )
}

fn describe(table: &ForceTable, r: usize, c: usize) -> Option<String> {
    if r >= table.rows() || c >= table.cols() {
        return None;
    }
    let here = cell_words(r, c);
    if let Some(end) = table.terminal_end(r, c) {
        return Some(format!("{here}: {}.", terminal_words(end)));
    }
    let mover = if alice_moves(r, c) { "Alice" } else { "Bob" };
    let answer = table.answer_at(r, c);
    let best: Vec<String> = table
        .best_moves(r, c)
        .into_iter()
        .map(|(direction, (tr, tc))| {
            format!("{} to {}", direction_word(direction), cell_words(tr, tc))
        })
        .collect();
    let best_words = match (table.moves(r, c).len(), best.len()) {
        (1, _) => format!("the only move is {}", best.join("")),
        (_, 2) => format!("both moves are as good ({})", best.join(", ")),
        _ => format!("the best move is {}", best.join("")),
    };
    let yes = |b: bool| if b { "yes" } else { "no" };
    Some(format!(
        "{here}: {mover} to move. With the token here Alice could force a win: {} · a draw: {} · \
         a loss: {}. With best play {}; {best_words}.",
        yes(answer.win),
        yes(answer.draw),
        yes(answer.loss),
        end_words(table.end_at(r, c)),
    ))
}

/// A cell's colour: the end with best play, seen by Alice, whom the problem asks about. Who
/// moves on a cell is fixed by its parity, so colouring by the player to move there would flip
/// every other cell (and an `A` cell could look lost); Alice's view keeps regions whole.
fn mark(table: &ForceTable, r: usize, c: usize) -> CellMark {
    match table.end_at(r, c) {
        End::Draw => CellMark::Draw,
        End::AliceWins => CellMark::Win,
        End::BobWins => CellMark::Lose,
    }
}

fn cell_map(table: ForceTable) -> CellMap {
    let (rows, cols) = (table.rows(), table.cols());
    let mut marks = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            marks.push(mark(&table, r, c));
        }
    }
    let line = best_line(&table);
    CellMap {
        rows,
        cols,
        marks,
        describe_bytes: table.heap_bytes(),
        line,
        describe: Box::new(move |r, c| describe(&table, r, c)),
    }
}

/// Every cell of the line of best play from (1,1), the terminal cell included.
fn best_line(table: &ForceTable) -> Vec<(usize, usize)> {
    let (mut r, mut c) = (0, 0);
    let mut line = vec![(r, c)];
    while table.terminal_end(r, c).is_none() {
        (r, c) = table.best_step(r, c);
        line.push((r, c));
    }
    line
}
