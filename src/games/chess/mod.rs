//! Life Winner Bo (HDU 5754): a king, rook, knight or queen goes from (1,1) towards (N,M) and
//! whoever moves it onto (N,M) wins.
//!
//! This file holds the rules: the pieces, the limits, the diagnostic codes, the checks of the
//! `piece` and `size` keys and `impl Game`. `solve` holds the closed forms (`outcome`, the one
//! answer of `answer`, `judge` and `solve`) and the editor's DP over cells, `explain` every word
//! about a result, and `judge` the judge input and output.

mod explain;
mod judge;
pub(crate) mod moves;
pub(crate) mod mutants;
mod shrink;
mod solve;

pub use solve::{Outcome, is_wythoff_p, outcome};

use super::{
    Budget, CaseBody, CaseInput, Diagnostic, Game, GameId, GameSpec, GridRule, JudgeError,
    JudgeRun, KeySpec, Prop, Solution, Span, Symmetry, Unsolved,
};
use crate::text::excerpt;
use explain::Map;
use solve::CellValues;

/// The chess module.
pub struct Chess;

/// Sides above this are refused: the closed forms stay exact far beyond, but nothing this
/// large is a board anyone means, and it keeps every product below 2^63.
const MAX_SIDE: u64 = 1_000_000_000;

/// The original problem's bounds on N and M.
const ORIGINAL_MIN_SIDE: u64 = 2;
const ORIGINAL_MAX_SIDE: u64 = 1000;

/// Boards with more cells get no per-cell map, whatever the memory cap: a million cells is
/// every board of the original, and more is no picture anyone reads.
pub const MAP_MAX_CELLS: u64 = 1_000_000;

/// The original problem's bound on the number of tests in one input.
const MAX_TESTS: usize = 1000;

/// `piece` names no piece.
const NOT_A_PIECE: &str = "E501";
/// `size` is not two whole numbers.
const MALFORMED_SIZE: &str = "E502";
/// A side is 0 or above `MAX_SIDE`.
const SIDE_REFUSED: &str = "E503";
/// A side outside the original's limits.
const SIDE_OUTSIDE_ORIGINAL: &str = "W501";

/// The piece that starts at (1,1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    King,
    Rook,
    Knight,
    Queen,
}

impl Piece {
    pub const ALL: [Piece; 4] = [Piece::King, Piece::Rook, Piece::Knight, Piece::Queen];

    pub fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Rook => "rook",
            Piece::Knight => "knight",
            Piece::Queen => "queen",
        }
    }

    /// The number the judge input uses: 1 king, 2 rook, 3 knight, 4 queen.
    pub fn number(self) -> u64 {
        match self {
            Piece::King => 1,
            Piece::Rook => 2,
            Piece::Knight => 3,
            Piece::Queen => 4,
        }
    }

    pub fn from_number(n: u64) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.number() == n)
    }

    /// A name (any case) or the judge's number.
    pub fn parse(text: &str) -> Option<Piece> {
        let text = text.trim();
        // Digits only, as the judge writes them: `+2` or `02` is not a piece.
        let number = (!text.starts_with(['+', '0']))
            .then(|| text.parse::<u64>().ok())
            .flatten();
        Piece::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text) || number == Some(p.number()))
    }
}

/// A chess case: the piece and the board size (N rows, M columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessBoard {
    pub piece: Piece,
    pub rows: u64,
    pub cols: u64,
}

impl Game for Chess {
    type Board = ChessBoard;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Chess,
        title: "HDU 5754 Life Winner Bo",
        rules: "A king, rook, knight or queen starts at (1,1) of an N×M board and may only move \
                down and/or right, as in chess (the knight only by (+1,+2) or (+2,+1)). Bo moves \
                first, then G. Whoever moves the piece onto (N,M) wins; a player who cannot move \
                while the piece is elsewhere ends the game in a draw. The answer is `B`, `G` or \
                `D`.",
        keys: &[
            KeySpec {
                name: "piece",
                doc: "The piece at (1,1): `king`, `rook`, `knight` or `queen` (or 1 to 4 as in \
                      the judge input).",
                values: &["king", "rook", "knight", "queen"],
                required: true,
            },
            KeySpec {
                name: "size",
                doc: "`N M`: rows and columns. The piece heads from (1,1) to (N,M); the original \
                      has 2 ≤ N, M ≤ 1000.",
                values: &[],
                required: true,
            },
        ],
        grid: GridRule::Forbidden,
        is_cell: |_| false,
        cells_doc: "no cells (a chess case has `piece` and `size` instead of a grid)",
        answers: &["B", "G", "D"],
        answer_classes: &["B", "G", "D"],
        codes: &[
            (
                NOT_A_PIECE,
                "`piece` is not one of `king`, `rook`, `knight`, `queen` (or the judge's \
                 numbers 1 to 4).",
            ),
            (
                MALFORMED_SIZE,
                "`size` must be two whole numbers `N M`: the rows and the columns of the board.",
            ),
            (
                SIDE_REFUSED,
                "A side of the board is 0 or above 1,000,000,000. Such sizes are refused; the \
                 original problem has 2 ≤ N, M ≤ 1000.",
            ),
            (
                SIDE_OUTSIDE_ORIGINAL,
                "A side is outside the original problem's 2 ≤ N, M ≤ 1000. The case is still \
                 solved (by closed form; the per-cell map only up to 1,000,000 cells), but judge \
                 data with it breaks the original limits.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: ORIGINAL_MAX_SIDE as usize,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<ChessBoard> {
        let piece = input.prop("piece").and_then(|prop| {
            let piece = Piece::parse(prop.value);
            if piece.is_none() {
                diags.push(
                    Diagnostic::error(
                        NOT_A_PIECE,
                        prop.value_span,
                        format!("`{}` is not a piece", excerpt(prop.value)),
                    )
                    .with_help("valid pieces: king (1), rook (2), knight (3), queen (4)"),
                );
            }
            piece
        });
        let size = input.prop("size").and_then(|prop| parse_size(prop, diags));
        let (rows, cols) = size?;
        Some(ChessBoard {
            piece: piece?,
            rows,
            cols,
        })
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let t = text.trim();
        match t {
            "B" | "b" => Ok("B".into()),
            "G" | "g" => Ok("G".into()),
            "D" | "d" => Ok("D".into()),
            "" => Err("expected `B` (Bo wins), `G` (G wins) or `D` (draw), found nothing".into()),
            _ => Err(format!(
                "expected `B` (Bo wins), `G` (G wins) or `D` (draw), found `{}`",
                excerpt(t)
            )),
        }
    }

    fn solve(board: &ChessBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        check_sides(board)?;
        // The map is a detail the closed forms do not need: skipped, not refused, when it is
        // too large to draw or does not fit the memory cap.
        let map = if board.rows * board.cols > MAP_MAX_CELLS {
            Map::TooManyCells
        } else {
            match budget.check_memory(CellValues::bytes(board), || explain::map_name(board)) {
                Ok(()) => Map::Drawn(CellValues::compute(board, budget)?),
                Err(Unsolved::TooLarge(refusal)) => Map::OverMemoryCap(refusal),
                Err(other) => return Err(other),
            }
        };
        Ok(explain::solution(board, outcome(board), map))
    }

    fn solve_answer(board: &ChessBoard, _budget: &Budget) -> Result<Solution, Unsolved> {
        check_sides(board)?;
        Ok(explain::solution(board, outcome(board), Map::NotAsked))
    }

    fn read_judge(text: &str) -> Result<Vec<ChessBoard>, JudgeError> {
        judge::read_judge(text)
    }

    fn judge_header(tests: usize) -> String {
        judge::header(tests)
    }

    fn write_judge_test(board: &ChessBoard, out: &mut String) {
        judge::write_test(board, out);
    }

    fn judge_format() -> crate::games::JudgeFormat {
        judge::format()
    }

    fn judge(text: &str, _budget: &Budget) -> Result<JudgeRun, JudgeError> {
        judge::judge(text)
    }

    fn to_case(board: &ChessBoard) -> CaseBody {
        CaseBody {
            props: vec![
                ("piece".to_string(), board.piece.name().to_string()),
                ("size".to_string(), format!("{} {}", board.rows, board.cols)),
            ],
            rows: Vec::new(),
        }
    }

    fn smaller(board: &ChessBoard) -> Vec<ChessBoard> {
        shrink::smaller(board)
    }

    fn largest_side(board: &ChessBoard) -> usize {
        usize::try_from(board.rows.max(board.cols)).unwrap_or(usize::MAX)
    }
}

/// Whether a board is solvable: the one test of `answer` and `solve` (the judge reader keeps
/// sides within the same bounds). The closed forms need nothing else.
fn check_sides(board: &ChessBoard) -> Result<(), Unsolved> {
    for side in [board.rows, board.cols] {
        if side == 0 || side > MAX_SIDE {
            return Err(Unsolved::TooLarge(format!(
                "{} × {}: sides must be between 1 and {MAX_SIDE}",
                board.rows, board.cols
            )));
        }
    }
    Ok(())
}

/// Whitespace-separated words of `text` with their byte offsets.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// `N M` from the `size` property, with its diagnostics.
fn parse_size(prop: &Prop<'_>, diags: &mut Vec<Diagnostic>) -> Option<(u64, u64)> {
    let value = prop.value;
    let exact = prop.value_span.len() == value.len();
    let span_of = |offset: usize, word: &str| {
        if exact {
            let start = prop.value_span.start + offset;
            Span::new(start, start + word.len())
        } else {
            prop.value_span
        }
    };
    let parts = words(value);
    let well_formed = parts.len() == 2
        && parts
            .iter()
            .all(|(_, w)| w.bytes().all(|b| b.is_ascii_digit()));
    if !well_formed {
        diags.push(
            Diagnostic::error(
                MALFORMED_SIZE,
                prop.value_span,
                format!(
                    "`size` must be two whole numbers `N M`, found `{}`",
                    excerpt(value)
                ),
            )
            .with_help("for example `size = 5 5` (rows, then columns)"),
        );
        return None;
    }
    let mut sides = [0u64; 2];
    let mut refused = false;
    for ((offset, word), (slot, axis)) in parts.iter().zip(sides.iter_mut().zip(["N", "M"])) {
        let span = span_of(*offset, word);
        match word.parse::<u64>() {
            Ok(v) if (1..=MAX_SIDE).contains(&v) => {
                *slot = v;
                if !(ORIGINAL_MIN_SIDE..=ORIGINAL_MAX_SIDE).contains(&v) {
                    diags.push(Diagnostic::warning(
                        SIDE_OUTSIDE_ORIGINAL,
                        span,
                        format!(
                            "{axis} = {v}: the original problem has {ORIGINAL_MIN_SIDE} ≤ N, M ≤ \
                             {ORIGINAL_MAX_SIDE}"
                        ),
                    ));
                }
            }
            Ok(0) => {
                refused = true;
                diags.push(Diagnostic::error(
                    SIDE_REFUSED,
                    span,
                    format!("{axis} = 0: a board needs at least one row and one column"),
                ));
            }
            _ => {
                refused = true;
                diags.push(
                    Diagnostic::error(
                        SIDE_REFUSED,
                        span,
                        format!(
                            "{axis} = {}: sides above {MAX_SIDE} are refused",
                            excerpt(word)
                        ),
                    )
                    .with_help(format!(
                        "the original problem has {ORIGINAL_MIN_SIDE} ≤ N, M ≤ {ORIGINAL_MAX_SIDE}"
                    )),
                );
            }
        }
    }
    (!refused).then_some((sides[0], sides[1]))
}
