//! strings — Codeforces 354B "Game with Strings": players append letters along right/down paths;
//! solved exactly over (anti-diagonal, set of cells the string can end on) states.
//!
//! Non-square n×m boards are solved too (with a warning): the string follows right/down paths
//! from (1, 1) to (n, m) and has n + m − 1 letters; the first player still appends the odd ones.
//! The cell map marks every cell of the paths spelling one optimal string (ties go to the
//! alphabetically first letter).
//!
//! This file holds the rules: the limits, the diagnostic codes and the board's validation.
//! `solve` holds the solver and returns typed facts; `explain` turns them into the verdict, the
//! lens, the why and the cell map's hovers; `judge` reads and writes judge input.

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

pub struct Strings;

/// The original problem's limit: 1 ≤ n ≤ 20.
const ORIGINAL_MAX_N: usize = 20;
/// The longest anti-diagonal the solver holds: the set of end cells is one bit per cell of a
/// `u64` (the board is transposed so that bits index the shorter side).
const MAX_SIDE: usize = 64;
/// The longest string (n + m − 1 letters): each diagonal keeps a small table, so a thin board
/// of millions of diagonals would exhaust memory before any state limit is reached.
const MAX_LETTERS: usize = 4096;

const NOT_SQUARE: &str = "W701";
const OUTSIDE_LIMITS: &str = "W702";

impl Game for Strings {
    type Board = Grid;
    const SPEC: GameSpec = GameSpec {
        id: GameId::Strings,
        title: "Codeforces 354B Game with Strings",
        rules: "An n×n grid of lowercase letters. Starting from the empty string, two players \
                alternately append a letter so that the string still spells a right/down path \
                from the top-left cell; moves are letters, not cells: every path spelling the \
                string may be extended. The first letter (the top-left cell) is forced and the \
                first player appends letters 1, 3, 5, …, 2n−1. At the end, more `a` than `b` \
                wins for the first player (FIRST), fewer for the second (SECOND), equal is a \
                DRAW.",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |b| b.is_ascii_lowercase(),
        cells_doc: "lowercase letters `a` to `z`",
        answers: &["FIRST", "SECOND", "DRAW"],
        answer_classes: &["FIRST", "SECOND", "DRAW"],
        codes: &[
            (
                NOT_SQUARE,
                "The board is not square. The original problem has n×n boards; an n×m board is \
                 still solved with the rules generalised: the string follows right/down paths \
                 from (1, 1) to (n, m), has n + m − 1 letters, and the first player appends the \
                 odd-numbered ones. Such a board has no faithful judge input (the format gives \
                 only n).",
            ),
            (
                OUTSIDE_LIMITS,
                "A side is outside the original limits 1 ≤ n ≤ 20. Larger boards are still \
                 solved, as a search under the node budget, while the reachable (diagonal, \
                 end-cell set) states fit in memory; boards whose shorter side exceeds 64 cells, or whose string would exceed 4096 letters, \
                 are too large to solve.",
            ),
        ],
        max_tests_per_file: 1,
        original_max_side: ORIGINAL_MAX_N,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Grid> {
        let grid = input.grid?;
        let (n, m) = (grid.rows, grid.cols);
        let span = input.grid_span();
        if n != m {
            diags.push(
                Diagnostic::warning(
                    NOT_SQUARE,
                    span,
                    format!("the board is {n}×{m}; the original problem has square boards"),
                )
                .with_help(format!(
                    "still solved: the string follows right/down paths from (1, 1) to ({n}, {m}) \
                     and has {} letters",
                    n + m - 1
                )),
            );
        }
        let side = n.max(m);
        if side > ORIGINAL_MAX_N {
            let help = if n.min(m) > MAX_SIDE || n + m - 1 > MAX_LETTERS {
                format!(
                    "too large to solve: the solver holds diagonals of at most {MAX_SIDE} cells \
                     and strings of at most {MAX_LETTERS} letters"
                )
            } else {
                format!(
                    "still solved, as a search under the node budget, while its reachable \
                     states fit (at most {} states)",
                    solve::MAX_STATES
                )
            };
            let what = if n == m {
                format!("n = {n}")
            } else {
                format!("a side of {side}")
            };
            diags.push(
                Diagnostic::warning(
                    OUTSIDE_LIMITS,
                    span,
                    format!("{what} is outside the original limits 1 ≤ n ≤ {ORIGINAL_MAX_N}"),
                )
                .with_help(help),
            );
        }
        Some(grid.to_grid())
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let word = text.trim();
        Self::SPEC
            .answers
            .iter()
            .find(|a| a.eq_ignore_ascii_case(word))
            .map(std::string::ToString::to_string)
            .ok_or_else(|| format!("expected FIRST, SECOND or DRAW, found `{}`", excerpt(word)))
    }

    fn solve(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        solve::facts(board, budget).map(|facts| explain::solution(board, facts))
    }

    fn solve_answer(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        solve::decide(board, budget).map(explain::solution_of_decision)
    }

    fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
        judge::read_judge(text)
    }

    fn judge_header(tests: usize) -> String {
        judge::header(tests)
    }

    fn write_judge_test(board: &Grid, out: &mut String) {
        judge::write_test(board, out);
    }

    fn judge_format() -> crate::games::JudgeFormat {
        judge::format()
    }

    /// One test a file: only the first board is written.
    fn write_judge(boards: &[Grid]) -> String {
        let mut out = judge::header(boards.len().min(1));
        if let Some(first) = boards.first() {
            judge::write_test(first, &mut out);
        }
        out
    }

    fn to_case(board: &Grid) -> CaseBody {
        CaseBody::grid(board)
    }

    fn smaller(board: &Grid) -> Vec<Grid> {
        shrink::smaller(board)
    }

    fn largest_side(board: &Grid) -> usize {
        board.rows.max(board.cols)
    }
}

/// The final a − b under optimal play (positive: FIRST wins), the first letter included: what
/// `answer` decides on.
pub fn value(board: &Grid, budget: &Budget) -> Result<i32, Unsolved> {
    solve::decide(board, budget).map(|d| d.value)
}
