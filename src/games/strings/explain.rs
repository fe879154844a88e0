//! The words of a strings result: the judge answer, the verdict, lens and why of a value, and the
//! cell map of the optimal line with its hovers.

use super::solve::{self, Decision, Diagonals, Line, StringsFacts};
use crate::games::{CellMap, CellMark, Grid, Solution};
use crate::text::excerpt;
use std::sync::Arc;

/// What the original judge prints for a final a − b.
pub(super) fn answer_word(value: i32) -> &'static str {
    match value.signum() {
        1 => "FIRST",
        -1 => "SECOND",
        _ => "DRAW",
    }
}

pub(super) fn solution(board: &Grid, facts: StringsFacts) -> Solution {
    let value = facts.value;
    let answer = answer_word(value).to_string();
    let lens = lens(value);
    let first = char::from(facts.diagonals.first_letter);
    let Some(line) = facts.line else {
        return Solution {
            answer: answer.into(),
            verdict: verdict(value).into(),
            lens: lens.into(),
            why: format!(
                "the first letter `{first}` is forced; the optimal line and the cell map were \
                 skipped: they would not fit the memory cap"
            )
            .into(),
            cells: None,
            nodes: facts.nodes,
        };
    };
    let text: String = line.letters.iter().map(|&b| char::from(b)).collect();
    let count = |ch: u8| line.letters.iter().filter(|&&b| b == ch).count();
    let why = format!(
        "the first letter `{first}` is forced; with best play the {} letters spell `{}`, with {} \
         `a` and {} `b`",
        line.letters.len(),
        excerpt(&text),
        count(b'a'),
        count(b'b'),
    );
    Solution {
        answer: answer.into(),
        verdict: verdict(value).into(),
        lens: lens.into(),
        why: why.into(),
        cells: Some(cell_map(board, facts.diagonals, line)),
        nodes: facts.nodes,
    }
}

/// The words of the judge's decision alone (no optimal line), for readers of answers and words.
pub(super) fn solution_of_decision(decision: Decision) -> Solution {
    let first = char::from(decision.first_letter);
    Solution {
        answer: answer_word(decision.value).into(),
        verdict: verdict(decision.value).into(),
        lens: lens(decision.value).into(),
        why: format!("the first letter `{first}` is forced").into(),
        cells: None,
        nodes: decision.nodes,
    }
}

/// "FIRST wins (a − b = +1)": the lens names what its number is.
fn lens(value: i32) -> String {
    match value {
        0 => "DRAW (a − b = 0)".to_string(),
        v => format!("{} wins (a − b = {v:+})", answer_word(v)),
    }
}

fn verdict(value: i32) -> String {
    let k = value.unsigned_abs();
    match value.signum() {
        1 => format!(
            "the first player wins: with best play the string ends with {k} more `a` than `b` \
             (a − b = +{k})"
        ),
        -1 => format!(
            "the second player wins: with best play the string ends with {k} more `b` than `a` \
             (a − b = −{k})"
        ),
        _ => {
            "a draw: with best play the string ends with as many `a` as `b` (a − b = 0)".to_string()
        }
    }
}

/// The cells of the optimal line are marked; a hover reads the line and the diagonals.
fn cell_map(board: &Grid, diagonals: Arc<Diagonals>, line: Line) -> CellMap {
    let (rows, cols) = (board.rows, board.cols);
    let mut marks = vec![CellMark::None; rows * cols];
    for (r, c) in diagonals.cells(&line.cells) {
        marks[r * cols + c] = CellMark::Path;
    }
    let hover = Hover {
        rows,
        cols,
        diagonals,
        line: line.cells,
    };
    CellMap {
        rows,
        cols,
        marks,
        describe_bytes: hover.diagonals.heap_bytes()
            + hover.line.capacity() * std::mem::size_of::<u64>(),
        // The optimal string may be spelled by several cells of a diagonal: the marks show them.
        line: Vec::new(),
        describe: Box::new(move |r, c| hover.describe(r, c)),
    }
}

/// What a cell's hover reads.
struct Hover {
    rows: usize,
    cols: usize,
    diagonals: Arc<Diagonals>,
    /// Per diagonal, the cells of the optimal line.
    line: Vec<u64>,
}

impl Hover {
    /// The hover text of one cell. The value from the cell alone is searched on demand with a
    /// small cap (it is one hover, and the game from one cell is a sub-board of the whole).
    fn describe(&self, r: usize, c: usize) -> Option<String> {
        if r >= self.rows || c >= self.cols {
            return None;
        }
        let letter = self.diagonals.letter_at(r, c);
        let d = r + c;
        let total = self.diagonals.string_len();
        let mut text = format!(
            "`{}` at ({}, {}): letter {} of {total} (anti-diagonal {}), {}; {}.",
            char::from(letter),
            r + 1,
            c + 1,
            d + 1,
            d + 1,
            chooser(d),
            if self.diagonals.holds(&self.line, r, c) {
                "on the optimal line: a path spelling the optimal string passes here"
            } else {
                "off the optimal line"
            }
        );
        if d + 1 == total {
            text.push_str(" It is the last letter.");
            return Some(text);
        }
        if let Some(rest) = solve::rest_from_cell(&self.diagonals, r, c) {
            let next = if (d + 1).is_multiple_of(2) {
                "first"
            } else {
                "second"
            };
            let shown = if rest == 0 {
                "0".to_string()
            } else {
                format!("{rest:+}")
            };
            let to_come = match total - d - 1 {
                1 => "the last letter gives".to_string(),
                k => format!("the {k} letters still to come give"),
            };
            text.push_str(&format!(
                " If the string could end only here, {to_come} a − b = {shown} with best play \
                 (the {next} player appends the next one)."
            ));
        }
        Some(text)
    }
}

/// Whose letter diagonal `d` (zero-based) is: letters are numbered d + 1 from 1 and the first
/// player appends the odd ones, the first of them forced.
fn chooser(d: usize) -> &'static str {
    if d == 0 {
        "forced: the top-left cell"
    } else if d.is_multiple_of(2) {
        "appended by the first player"
    } else {
        "appended by the second player"
    }
}
