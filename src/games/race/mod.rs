//! race — `BalticOI` 2008 "Game": A and B race to each other's start on a board of white and black
//! cells.
//!
//! This file holds the rules: the limits, the diagnostic codes, [`RaceBoard`] and its
//! validation. `solve` holds the solver (breadth-first searches, the shortest-path layers and a
//! layered meeting game on the bit matrices of `bits`) and returns typed facts; `explain` turns
//! them into the verdict, the lens, the why and the cell map's hovers; `judge` reads and writes
//! judge input.

mod bits;
mod explain;
mod judge;
pub(crate) mod moves;
pub(crate) mod mutants;
mod shrink;
mod solve;

use super::{
    Budget, CaseBody, CaseInput, Diagnostic, Game, GameId, GameSpec, Grid, GridRule, JudgeError,
    Solution, Symmetry, Unsolved,
};
use crate::text::excerpt;

/// Boards with more cells are refused: solving keeps about 20 bytes per cell.
const MAX_CELLS: usize = 1 << 22;
/// The original problem's side limits.
const ORIGINAL_N: std::ops::RangeInclusive<usize> = 2..=300;
/// The original problem's test count limit.
const MAX_TESTS: usize = 10;

const NO_A: &str = "E401";
const NO_B: &str = "E402";
const SECOND_START: &str = "E403";
const TOO_MANY_CELLS: &str = "E404";
const NOT_SQUARE: &str = "W401";
const OUTSIDE_LIMITS: &str = "W402";
const UNCONNECTED: &str = "W403";

/// Cells a player may step on: every cell but the black ones (the starts are white).
fn is_white(cell: u8) -> bool {
    cell != b'#'
}

/// A board with exactly one `A` and one `B`; cells are `.`, `#`, `A`, `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceBoard {
    grid: Grid,
    a: usize,
    b: usize,
}

impl RaceBoard {
    /// A board from a grid, or what is wrong with it.
    pub fn new(grid: Grid) -> Result<RaceBoard, String> {
        let cells = grid.rows.checked_mul(grid.cols);
        if cells != Some(grid.cells.len()) {
            return Err("the grid's size does not match its cells".into());
        }
        if grid.cells.len() > MAX_CELLS {
            return Err(format!(
                "{}×{} board: at most {MAX_CELLS} cells can be solved",
                grid.rows, grid.cols
            ));
        }
        let (mut a, mut b) = (None, None);
        for (i, &cell) in grid.cells.iter().enumerate() {
            let slot = match cell {
                b'A' => &mut a,
                b'B' => &mut b,
                b'.' | b'#' => continue,
                other => return Err(format!("unexpected cell `{}`", other.escape_ascii())),
            };
            if slot.replace(i).is_some() {
                return Err(format!("more than one `{}`", cell as char));
            }
        }
        match (a, b) {
            (Some(a), Some(b)) => Ok(RaceBoard { grid, a, b }),
            (None, _) => Err("no `A` on the board".into()),
            (_, None) => Err("no `B` on the board".into()),
        }
    }

    /// A board from equal-length rows such as `["A..", ".#.", "..B"]`.
    pub fn from_rows<S: AsRef<[u8]>>(rows: &[S]) -> Result<RaceBoard, String> {
        let grid = Grid::from_rows(rows).ok_or("the rows are empty or not all the same length")?;
        RaceBoard::new(grid)
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// A's start, zero-based (row, column).
    pub fn start_a(&self) -> (usize, usize) {
        (self.a / self.grid.cols, self.a % self.grid.cols)
    }

    /// B's start, zero-based (row, column).
    pub fn start_b(&self) -> (usize, usize) {
        (self.b / self.grid.cols, self.b % self.grid.cols)
    }

    /// Whether B's start can be reached from A's (the original problem's guarantee).
    pub(crate) fn starts_connected(&self) -> bool {
        solve::connected(&self.grid, self.a, self.b)
    }
}

pub struct Race;

impl Game for Race {
    type Board = RaceBoard;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Race,
        title: "BalticOI 2008 Game",
        rules: "An n×n board of white (`.`) and black (`#`) cells with two starts, `A` and `B`. \
                A moves first; the players alternate and must move, one step to a white \
                4-neighbour. Moving onto the other player gives one more step at once, to any \
                white neighbour of that cell (turning or going back). The first to reach the \
                other's start wins, also when the first step of such a jump lands on it. \
                Answer `A` or `B`. The original guarantees that B's start is reachable from A's; \
                on a board where it is not, nobody can ever win and the answer is `draw` (a \
                player walled in at his start, unable to move, passes: that too only happens \
                on such boards).",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |c| matches!(c, b'.' | b'#' | b'A' | b'B'),
        cells_doc: "`.` (white), `#` (black), `A` or `B` (the starts)",
        answers: &["A", "B"],
        answer_classes: &["A", "B"],
        codes: &[
            (
                NO_A,
                "The board has no `A`. Every race board has exactly one start for A, on a white cell.",
            ),
            (
                NO_B,
                "The board has no `B`. Every race board has exactly one start for B, on a white cell.",
            ),
            (
                SECOND_START,
                "A second `A` or `B`: each player has exactly one start. Every extra one is marked; \
                 turn it into `.` or `#`.",
            ),
            (
                TOO_MANY_CELLS,
                "The board has more cells than the solver will hold in memory (4 194 304, e.g. \
                 2048×2048). The original problem has n ≤ 300.",
            ),
            (
                NOT_SQUARE,
                "The board is not square. The original problem's boards are n×n; a rectangular \
                 board is still solved, but cannot be written as judge input faithfully.",
            ),
            (
                OUTSIDE_LIMITS,
                "The board's side is outside the original limits 2 ≤ n ≤ 300. It is still solved.",
            ),
            (
                UNCONNECTED,
                "B's start is not reachable from A's start. The original problem guarantees it is; \
                 on such a board neither player can ever reach the other's start, so the game \
                 never ends and the answer is `draw`.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: *ORIGINAL_N.end(),
        symmetry: Symmetry::Square,
    };

    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<RaceBoard> {
        let in_text = input.grid?;
        let (rows, cols) = (in_text.rows, in_text.cols);
        if rows.saturating_mul(cols) > MAX_CELLS {
            diags.push(Diagnostic::error(
                TOO_MANY_CELLS,
                input.grid_span(),
                format!("{rows}×{cols} board is too large to solve (at most {MAX_CELLS} cells)"),
            ));
            return None;
        }
        let grid = in_text.to_grid();
        let mut errors = false;
        let mut starts = [None, None];
        for (which, (letter, code)) in [(b'A', NO_A), (b'B', NO_B)].into_iter().enumerate() {
            let found = grid.find(letter);
            let Some(&(r0, c0)) = found.first() else {
                diags.push(
                    Diagnostic::error(
                        code,
                        input.grid_span(),
                        format!(
                            "no `{}`: the board needs {}'s start",
                            letter as char, letter as char
                        ),
                    )
                    .with_help(format!("put one `{}` on a white cell", letter as char)),
                );
                errors = true;
                continue;
            };
            for &(r, c) in found.iter().skip(1) {
                diags.push(
                    Diagnostic::error(
                        SECOND_START,
                        input.cell_span(r, c),
                        format!(
                            "a second `{}` at ({}, {}): a board has exactly one",
                            letter as char,
                            r + 1,
                            c + 1
                        ),
                    )
                    .with_help(format!(
                        "the first `{}` is at ({}, {}); make this cell `.` or `#`",
                        letter as char,
                        r0 + 1,
                        c0 + 1
                    ))
                    .with_related(
                        input.cell_span(r0, c0),
                        format!("the first `{}` is here", letter as char),
                    ),
                );
                errors = true;
            }
            starts[which] = Some(r0 * cols + c0);
        }
        if rows != cols {
            diags.push(Diagnostic::warning(
                NOT_SQUARE,
                input.grid_span(),
                format!("the board is {rows}×{cols}; the original problem's boards are square"),
            ));
        }
        if !ORIGINAL_N.contains(&rows) || !ORIGINAL_N.contains(&cols) {
            diags.push(Diagnostic::warning(
                OUTSIDE_LIMITS,
                input.grid_span(),
                format!(
                    "{rows}×{cols} is outside the original limits (2 ≤ n ≤ {})",
                    ORIGINAL_N.end()
                ),
            ));
        }
        let ([Some(a), Some(b)], false) = (starts, errors) else {
            return None;
        };
        let b_span = input.cell_span(b / cols, b % cols);
        let board = RaceBoard { grid, a, b };
        if !board.starts_connected() {
            let (br, bc) = board.start_b();
            let (ar, ac) = board.start_a();
            diags.push(
                Diagnostic::warning(
                    UNCONNECTED,
                    b_span,
                    format!(
                        "B's start ({}, {}) is not reachable from A's start ({}, {}): nobody can win, the case is a draw",
                        br + 1,
                        bc + 1,
                        ar + 1,
                        ac + 1
                    ),
                )
                .with_help("open a white path between the starts (the original guarantees one)"),
            );
        }
        Some(board)
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        match text.trim() {
            "A" | "a" => Ok("A".into()),
            "B" | "b" => Ok("B".into()),
            "draw" | "Draw" | "DRAW" => Ok("draw".into()),
            "" => Err("expected `A` or `B` (or `draw` for unconnected starts)".into()),
            other => Err(format!(
                "expected `A` or `B` (or `draw` for unconnected starts), found `{}`",
                excerpt(other)
            )),
        }
    }

    fn solve(board: &RaceBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        solve::facts(board, budget).map(|facts| explain::solution(board, facts))
    }

    fn solve_answer(board: &RaceBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        solve::outcome(board, budget).map(explain::solution_of_decision)
    }

    fn read_judge(text: &str) -> Result<Vec<RaceBoard>, JudgeError> {
        judge::read_judge(text)
    }

    fn judge_header(tests: usize) -> String {
        judge::header(tests)
    }

    fn write_judge_test(board: &RaceBoard, out: &mut String) {
        judge::write_test(board, out);
    }

    fn judge_format() -> crate::games::JudgeFormat {
        judge::format()
    }

    fn to_case(board: &RaceBoard) -> CaseBody {
        CaseBody::grid(&board.grid)
    }

    fn smaller(board: &RaceBoard) -> Vec<RaceBoard> {
        shrink::smaller(board)
    }

    fn largest_side(board: &RaceBoard) -> usize {
        board.grid.rows.max(board.grid.cols)
    }
}
