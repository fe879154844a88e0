//! Every word shown about a chess result: the verdict, the lens, why the closed form gives what
//! it gives, and what each cell of the map means.

use super::solve::{CellValues, Outcome, Value, floor_k_phi, is_wythoff_p, knight_counts};
use super::{ChessBoard, MAP_MAX_CELLS, Piece};
use crate::games::{CellMap, CellMark, Solution, Why};

/// The per-cell map, or why there is none.
pub(super) enum Map {
    Drawn(CellValues),
    /// The board has more than `MAP_MAX_CELLS` cells.
    TooManyCells,
    /// The map does not fit the memory cap; the refusal in words.
    OverMemoryCap(String),
    /// A reader of answers and words only: the closed form says all they read.
    NotAsked,
}

pub(super) fn solution(board: &ChessBoard, outcome: Outcome, map: Map) -> Solution {
    let (why, cells) = match map {
        Map::Drawn(values) => {
            let mut why = closed_form_why(board);
            if outcome == Outcome::Bo
                && let Some((x, y)) = values.best_move(0, 0)
            {
                why.push_str(&format!(" Bo's first move: to {}.", cell_words((x, y))));
            }
            (why.into(), Some(cell_map(values)))
        }
        Map::TooManyCells => {
            let why = format!(
                "{} No per-cell map: it is drawn for boards of at most {MAP_MAX_CELLS} cells.",
                closed_form_why(board)
            );
            (why.into(), None)
        }
        Map::OverMemoryCap(refusal) => {
            let why = format!("{} No per-cell map: {refusal}.", closed_form_why(board));
            (why.into(), None)
        }
        Map::NotAsked => {
            let board = *board;
            (Why::later(move || closed_form_why(&board)), None)
        }
    };
    Solution {
        answer: outcome.as_judge_str().into(),
        verdict: match outcome {
            Outcome::Bo => "Bo wins (he moves first)".into(),
            Outcome::G => "G wins (she moves second)".into(),
            Outcome::Draw => "a draw: neither player can force the piece onto (N,M)".into(),
        },
        lens: match outcome {
            Outcome::Bo => "Bo wins".into(),
            Outcome::G => "G wins".into(),
            Outcome::Draw => "draw".into(),
        },
        why,
        cells,
        nodes: 0,
    }
}

/// What the map is called in a memory refusal.
pub(super) fn map_name(board: &ChessBoard) -> String {
    format!(
        "the per-cell map of a {} × {} board",
        board.rows, board.cols
    )
}

fn cell_words((x, y): (usize, usize)) -> String {
    format!("({},{})", x + 1, y + 1)
}

/// Why the closed form gives what it gives, in a sentence.
fn closed_form_why(board: &ChessBoard) -> String {
    let dx = board.rows.saturating_sub(1);
    let dy = board.cols.saturating_sub(1);
    let at_goal = if dx == 0 && dy == 0 {
        " (the piece already stands on (N,M), which counts as lost for the player to move, as \
         every arrival there does)"
    } else {
        ""
    };
    let text = match board.piece {
        Piece::King if dx.is_multiple_of(2) && dy.is_multiple_of(2) => format!(
            "king: dx = {dx} and dy = {dy} are both even; after any move of Bo, G steps back to \
             a cell with both distances even, and (N,M) is one, so G wins{at_goal}."
        ),
        Piece::King => format!(
            "king: dx = {dx} and dy = {dy} are not both even, so Bo steps to a cell where both \
             are, then answers G as G would have answered him: Bo wins."
        ),
        Piece::Rook if dx == dy => format!(
            "rook: dx = dy = {dx}; G repeats each of Bo's moves along the other axis, so G \
             wins{at_goal}."
        ),
        Piece::Rook => format!(
            "rook: dx = {dx} ≠ dy = {dy}; Bo makes them equal and then repeats G's moves along \
             the other axis: Bo wins."
        ),
        Piece::Knight => match knight_counts(dx, dy) {
            None => format!(
                "knight: dx + dy = {} is not a multiple of 3, so no knight moves reach (N,M): a \
                 draw.",
                u128::from(dx) + u128::from(dy)
            ),
            Some((a, b)) if a < 0 || b < 0 => format!(
                "knight: reaching (N,M) would take a = {a} moves (+1,+2) and b = {b} moves \
                 (+2,+1); a negative count means it cannot be reached: a draw."
            ),
            Some((a, b)) => {
                let counts = format!(
                    "knight: reaching (N,M) takes a = {a} moves (+1,+2) and b = {b} moves (+2,+1)"
                );
                match a.abs_diff(b) {
                    0 => format!(
                        "{counts}; with a = b, G answers each move with the other kind and makes \
                         the last one: G wins{at_goal}."
                    ),
                    1 => format!(
                        "{counts}; Bo first plays the kind there is more of, then answers like G \
                         would: Bo wins."
                    ),
                    _ => format!(
                        "{counts}; |a − b| ≥ 2, so the player who would lose can spoil the count \
                         and make (N,M) unreachable: a draw."
                    ),
                }
            }
        },
        Piece::Queen if is_wythoff_p(dx, dy) => {
            let k = dx.abs_diff(dy);
            format!(
                "queen: this is Wythoff's game, and ({dx},{dy}) is a Wythoff P-position (k = {k}: \
                 ⌊kφ⌋ = {}, ⌊kφ⌋ + k = {}); every move of Bo leaves a position from which G \
                 returns to one, so G wins{at_goal}.",
                floor_k_phi(k),
                floor_k_phi(k) + k
            )
        }
        Piece::Queen => format!(
            "queen: this is Wythoff's game, and ({dx},{dy}) is not a Wythoff P-position, so Bo \
             moves to one and wins."
        ),
    };
    format!("{text} (dx = N − 1, dy = M − 1.)")
}

fn describe(values: &CellValues, x: usize, y: usize) -> Option<String> {
    if x >= values.rows() || y >= values.cols() {
        return None;
    }
    let here = cell_words((x, y));
    let start = if (x, y) == (0, 0) {
        " Bo moves first from here."
    } else {
        ""
    };
    if (x, y) == values.goal() {
        return Some(format!(
            "{here}: the goal. Whoever moves the {} here wins, so the player to move here \
             has already lost.{start}",
            values.piece().name()
        ));
    }
    let text = match (values.value_at(x, y), values.best_move(x, y)) {
        (Value::Win, Some(mv)) if mv == values.goal() => format!(
            "the player to move here wins: move straight to the goal {}",
            cell_words(mv)
        ),
        (Value::Win, Some(mv)) => format!(
            "the player to move here wins: move to {}, where the other player loses",
            cell_words(mv)
        ),
        (Value::Draw, None) => {
            "no move is possible and the piece is not on the goal: a draw".to_string()
        }
        (Value::Draw, Some(mv)) => format!(
            "the player to move here cannot win but can hold a draw, e.g. by moving to {}",
            cell_words(mv)
        ),
        (Value::Loss, Some(mv)) => format!(
            "the player to move here loses: every move lets the other player win (e.g. {})",
            cell_words(mv)
        ),
        (Value::Loss | Value::Win, None) => "the player to move here loses".to_string(),
    };
    Some(format!("{here}: {text}.{start}"))
}

fn mark(value: Value) -> CellMark {
    match value {
        Value::Win => CellMark::Win,
        Value::Draw => CellMark::Draw,
        Value::Loss => CellMark::Lose,
    }
}

fn cell_map(values: CellValues) -> CellMap {
    CellMap {
        rows: values.rows(),
        cols: values.cols(),
        marks: values.values().iter().map(|&v| mark(v)).collect(),
        describe_bytes: values.heap_bytes(),
        line: best_line(&values),
        describe: Box::new(move |x, y| describe(&values, x, y)),
    }
}

/// The piece's path with best moves from (1,1) until (N,M) or a cell without a move; moves go
/// down and/or right, so it ends.
fn best_line(values: &CellValues) -> Vec<(usize, usize)> {
    let mut line = vec![(0, 0)];
    let mut at = (0, 0);
    while at != values.goal()
        && let Some(next) = values.best_move(at.0, at.1)
    {
        line.push(next);
        at = next;
    }
    line
}
