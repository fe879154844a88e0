//! The words of a race result: the judge answer, the verdict, lens and why of an outcome, and
//! the cell map whose hovers read the solver's facts.

use super::solve::{Decision, Outcome, RaceFacts};
use super::{RaceBoard, is_white};
use crate::games::{CellMap, CellMark, Solution};
use std::sync::Arc;

/// What the original judge prints (`draw` only for boards the original excludes).
pub(super) fn answer_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Unconnected => "draw",
        Outcome::OddDistance { .. } | Outcome::AEscapes { .. } => "A",
        Outcome::BMeets { .. } => "B",
    }
}

/// The whole explanation of a solved board. The layered game is not a search, so no search
/// nodes are reported: the node budget never applies to it.
pub(super) fn solution(board: &RaceBoard, facts: RaceFacts) -> Solution {
    let through = match (&facts.outcome, &facts.escapes) {
        (Outcome::AEscapes { .. }, Some(cells)) => format!(
            " A's winning play can pass through {} of the {} middle cells.",
            cells.len(),
            facts.middle_cells
        ),
        (Outcome::AEscapes { .. }, None) => " Which middle cells A's winning play can pass \
                                              through was not computed: it would need too much \
                                              memory."
            .to_string(),
        _ => String::new(),
    };
    let mut solution = words(facts.outcome, facts.middle_cells);
    if !through.is_empty() {
        solution.why = format!("{}{through}", solution.why).into();
    }
    solution.cells = Some(cell_map(board, facts));
    solution
}

/// The words of the judge's decision alone, for readers of answers and words.
pub(super) fn solution_of_decision(decision: Decision) -> Solution {
    words(decision.outcome, decision.middle_cells)
}

/// Verdict, lens and why of an outcome; no cell map.
fn words(outcome: Outcome, middle_cells: usize) -> Solution {
    let (verdict, lens, why) = match outcome {
        Outcome::Unconnected => (
            "draw: the starts are not connected".to_string(),
            "draw (the starts are not connected)".to_string(),
            "B's start cannot be reached from A's start, so neither player can ever reach the \
             other's start and the game never ends. The original problem excludes such boards."
                .to_string(),
        ),
        Outcome::OddDistance { d } => (
            format!("A wins: the distance D = {d} is odd, so B can never land on A"),
            format!("A wins (D = {d} is odd)"),
            format!(
                "A and B are D = {d} steps apart. The board is coloured like a chessboard and \
                 D is odd, so whenever B is to move the two stand on cells of the same colour \
                 and B's step can never land on A: B gets no jump. A walks a shortest path and, \
                 moving first, arrives first."
            ),
        ),
        Outcome::BMeets { d } => (
            format!(
                "B wins: he can always land on A in the middle layer (layer {}) and jump ahead",
                d / 2
            ),
            format!("B wins (D = {d}, meets A in the middle layer)"),
            format!(
                "{} B can force it: to every move of A he has a reply from which, layer by \
                 layer, each cell A can move to is matched by a cell B can move to (a layered \
                 matching over the shortest-path cells), down to A's own cell.",
                even_distance(d, middle_cells)
            ),
        ),
        Outcome::AEscapes { d } => (
            format!(
                "A wins: D = {d} is even, but B cannot force a meeting in the middle layer (layer {})",
                d / 2
            ),
            format!("A wins (D = {d}, slips past B in the middle layer)"),
            format!(
                "{} B cannot force it: A has a move after which some cell A can reach is out \
                 of B's reach at the right time (the layered matching fails), so B never \
                 lands on him.",
                even_distance(d, middle_cells)
            ),
        ),
    };
    Solution {
        answer: answer_word(outcome).into(),
        verdict: verdict.into(),
        lens: lens.into(),
        why: why.into(),
        cells: None,
        nodes: 0,
    }
}

/// Why both keep to shortest paths and meet in the middle layer, at an even D.
fn even_distance(d: usize, middle_cells: usize) -> String {
    let m = d / 2;
    format!(
        "A and B are D = {d} steps apart; a detour costs two steps, which one jump never pays \
         back, so both keep to shortest paths and after {m} move{} each stand in the middle \
         layer ({middle_cells} cell{}), A first. If B's {} step lands on A, B jumps one step \
         further and arrives first.",
        if m == 1 { "" } else { "s" },
        if middle_cells == 1 { "" } else { "s" },
        ordinal(m)
    )
}

/// "1st", "2nd", "3rd", "4th", …, "11th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Shortest-path cells are marked, the middle layer's as meeting cells; the line is the winner's
/// walk. The map (a byte a cell and a copy of the cells) is always affordable: the solve held
/// more for its distance search.
fn cell_map(board: &RaceBoard, mut facts: RaceFacts) -> CellMap {
    let (rows, cols) = (board.grid.rows, board.grid.cols);
    let line = facts
        .walk
        .take()
        .unwrap_or_default()
        .into_iter()
        .map(|i| (i as usize / cols, i as usize % cols))
        .collect();
    let d = facts.outcome.distance();
    let marks = (0..rows * cols)
        .map(
            |i| match (d, facts.steps_from_a(i), facts.steps_from_b(i)) {
                (Some(d), Some(x), Some(y)) if x as usize + y as usize == d => {
                    if d.is_multiple_of(2) && x as usize * 2 == d {
                        CellMark::Meet
                    } else {
                        CellMark::Path
                    }
                }
                _ => CellMark::None,
            },
        )
        .collect();
    let hover = Arc::new(Hover {
        rows,
        cols,
        cells: board.grid.cells.clone(),
        a: board.a,
        b: board.b,
        facts,
    });
    CellMap {
        rows,
        cols,
        marks,
        describe_bytes: hover.cells.capacity() + hover.facts.heap_bytes(),
        line,
        describe: Box::new(move |r, c| hover.describe(r, c)),
    }
}

/// What a cell's hover reads.
struct Hover {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    a: usize,
    b: usize,
    facts: RaceFacts,
}

impl Hover {
    fn describe(&self, r: usize, c: usize) -> Option<String> {
        if r >= self.rows || c >= self.cols {
            return None;
        }
        let i = r * self.cols + c;
        let at = format!("({}, {})", r + 1, c + 1);
        if !is_white(self.cells[i]) {
            return Some(format!("{at}: black cell"));
        }
        let name = if i == self.a {
            "A's start"
        } else if i == self.b {
            "B's start"
        } else {
            "white cell"
        };
        let (x, y) = (self.facts.steps_from_a(i), self.facts.steps_from_b(i));
        let steps = |v: Option<u32>, who: &str| match v {
            None => format!("not reachable from {who}"),
            Some(v) => format!("{v} step{} from {who}", if v == 1 { "" } else { "s" }),
        };
        let mut text = format!("{at}: {name}; {}, {}", steps(x, "A"), steps(y, "B"));
        let Some(d) = self.facts.outcome.distance() else {
            text.push_str("; the starts are not connected, so no shortest path");
            return Some(text);
        };
        let (Some(x), Some(y)) = (x, y) else {
            text.push_str("; on no shortest path");
            return Some(text);
        };
        let sum = x as usize + y as usize;
        if sum != d {
            text.push_str(&format!(
                "; on no shortest path ({x} + {y} = {sum} > D = {d})"
            ));
            return Some(text);
        }
        text.push_str(&format!("; on a shortest A–B path, layer {x} of D = {d}"));
        if d % 2 == 1 || x as usize * 2 != d {
            return Some(text);
        }
        text.push_str(match (self.facts.outcome, self.facts.escapes_through(i)) {
            (Outcome::BMeets { .. }, _) => {
                "; the middle layer: a winning meeting cell for B (if A comes here, B lands on him and jumps ahead)"
            }
            (_, Some(true)) => {
                "; the middle layer: not a winning meeting cell for B (A's winning play can pass here untouched)"
            }
            (_, Some(false)) => {
                "; the middle layer: a winning meeting cell for B (A's winning play never comes here)"
            }
            (_, None) => {
                "; the middle layer (which cells A's winning play reaches was not computed: it would need too much memory)"
            }
        });
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal).into();
        let want = [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th",
        ];
        assert_eq!(got, want);
    }
}
