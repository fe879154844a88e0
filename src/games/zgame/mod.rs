//! Z-Game on grid (Nowcoder 2022 multi-school 6, M): can Alice force a win, a draw, a loss?
//!
//! This file holds the rules: the limits, the diagnostic codes, the board's checks and
//! `impl Game`. `board` holds the board (the bit rows `answer` reads; a grid of bytes when the
//! editor asks), `solve` the algorithms (the editor's per-cell `ForceTable`, and the
//! bit-parallel rows of `answer` and `judge`), `explain` every word about a result, and `judge`
//! the judge input and output.

mod board;
mod explain;
mod judge;
pub(crate) mod moves;
pub(crate) mod mutants;
mod shrink;
mod solve;

use super::{
    Budget, CaseBody, CaseInput, Diagnostic, Game, GameId, GameSpec, Grid, GridRule, JudgeError,
    JudgeRun, Solution, Span, Symmetry, Unsolved,
};
use crate::text::excerpt;
pub use board::ZgameBoard;
use solve::{Answer, BitDp, ForceTable};

/// The Z-Game module.
pub struct Zgame;

/// The original problem's bound on both sides of the board.
const ORIGINAL_MAX_SIDE: usize = 500;

/// Boards with more cells are refused (E301): a hundred times the original's 500 × 500, which
/// bounds what one case may hold (the editor's table of this many cells is 50 MB).
pub const MAX_CELLS: usize = 25_000_000;

/// The original problem's bound on the number of tests in one input.
const MAX_TESTS: usize = 50;

/// More rows than the original allows.
const ROWS_ABOVE_ORIGINAL: &str = "W301";
/// More columns than the original allows.
const COLUMNS_ABOVE_ORIGINAL: &str = "W302";
/// More cells than `MAX_CELLS`.
const TOO_MANY_CELLS: &str = "E301";

/// The three questions in answer order.
const QUESTIONS: [&str; 3] = ["win", "draw", "lose"];

/// The cell alphabet (also the judge input's).
fn is_cell(b: u8) -> bool {
    matches!(b, b'A' | b'B' | b'.')
}

/// Whether an n × m board is solvable within the budget: the one test `answer`, `solve` and
/// `judge` share. It asks what `answer` holds; `solve` adds its table only when that fits too.
fn check_solvable(rows: usize, cols: usize, budget: &Budget) -> Result<(), Unsolved> {
    let cells = rows.saturating_mul(cols);
    if cells > MAX_CELLS {
        return Err(Unsolved::TooLarge(format!(
            "{rows} × {cols} = {cells} cells, more than the {MAX_CELLS} boardls holds in memory"
        )));
    }
    budget.check_cancelled()?;
    budget.check_memory(BitDp::bytes(rows, cols), || {
        format!("the rows of a {rows} × {cols} board")
    })
}

/// A grid whose cells do not match its size cannot come from a case (`Grid`'s fields are
/// public, so it can come from elsewhere).
fn check_grid(grid: &Grid) -> Result<(), Unsolved> {
    if grid.rows == 0 || grid.cols == 0 || grid.cells.len() != grid.rows.saturating_mul(grid.cols) {
        return Err(Unsolved::TooLarge(format!(
            "the grid is malformed: {} × {} with {} cells",
            grid.rows,
            grid.cols,
            grid.cells.len()
        )));
    }
    Ok(())
}

/// Solves with the per-cell table, made into a solution by `explain`.
fn solve_with(
    board: &Grid,
    budget: &Budget,
    explain: impl FnOnce(ForceTable, u64) -> Solution,
) -> Result<Solution, Unsolved> {
    check_grid(board)?;
    let (n, m) = (board.rows, board.cols);
    check_solvable(n, m, budget)?;
    let nodes = board.cells.len() as u64;
    // The table is a detail `answer` does not need: skipped, not refused, when it does not
    // fit the memory cap.
    match budget.check_memory(ForceTable::bytes(n, m), || explain::table_name(n, m)) {
        Ok(()) => Ok(explain(ForceTable::compute(board, budget)?, nodes)),
        Err(Unsolved::TooLarge(skipped)) => Ok(explain::solution_without_table(
            solve::answer(board),
            &skipped,
            nodes,
        )),
        Err(other) => Err(other),
    }
}

/// The judge's decision: the three answers at (1,1), without the per-cell table.
fn decide(board: &ZgameBoard, budget: &Budget) -> Result<Answer, Unsolved> {
    check_solvable(board.rows(), board.cols(), budget)?;
    if let Some(answer) = board.answer_of_bits() {
        return Ok(answer);
    }
    check_grid(board.grid())?;
    Ok(solve::answer(board.grid()))
}

impl Game for Zgame {
    type Board = ZgameBoard;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Zgame,
        title: "Z-Game on grid (Nowcoder 2022 multi-school 6, M)",
        rules: "A token starts at (1,1); Alice moves first and the players alternate moving it one \
                cell right or down. On an `A` cell Alice wins at once, on a `B` cell Bob wins at \
                once (this includes (1,1) before any move and (n,m)); reaching (n,m) when it is \
                `.` is a draw. The answer is three words: can Alice force a win? a draw? a loss?",
        keys: &[],
        grid: GridRule::Required,
        is_cell,
        cells_doc: "`A`, `B` or `.`",
        answers: &["yes", "no"],
        answer_classes: &[
            "yes yes yes",
            "yes yes no",
            "yes no yes",
            "yes no no",
            "no yes yes",
            "no yes no",
            "no no yes",
            "no no no",
        ],
        codes: &[
            (
                ROWS_ABOVE_ORIGINAL,
                "The board has more than 500 rows. The original problem allows 1 ≤ n ≤ 500, so \
                 judge data with this board breaks its limits; boardls still solves it.",
            ),
            (
                COLUMNS_ABOVE_ORIGINAL,
                "The board has more than 500 columns. The original problem allows 1 ≤ m ≤ 500, \
                 so judge data with this board breaks its limits; boardls still solves it.",
            ),
            (
                TOO_MANY_CELLS,
                "The board has more than 25,000,000 cells, more than boardls holds in memory for \
                 one case. It is not solved; split it into smaller boards.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: ORIGINAL_MAX_SIDE,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<ZgameBoard> {
        let grid = input.grid?;
        let (n, m) = (grid.rows, grid.cols);
        let cells = n.saturating_mul(m);
        if cells > MAX_CELLS {
            diags.push(
                Diagnostic::error(
                    TOO_MANY_CELLS,
                    input.grid_span(),
                    format!(
                        "the board has {n} × {m} = {cells} cells, more than the {MAX_CELLS} \
                         boardls holds in memory; it is not solved"
                    ),
                )
                .with_help("split it into smaller boards (the original allows 500 × 500)"),
            );
            return None;
        }
        if n > ORIGINAL_MAX_SIDE {
            let span = Span::new(
                input.cell_span(ORIGINAL_MAX_SIDE, 0).start,
                input.grid_span().end,
            );
            diags.push(Diagnostic::warning(
                ROWS_ABOVE_ORIGINAL,
                span,
                format!("{n} rows: the original problem allows at most {ORIGINAL_MAX_SIDE}"),
            ));
        }
        if m > ORIGINAL_MAX_SIDE {
            let span = Span::new(
                input.cell_span(0, ORIGINAL_MAX_SIDE).start,
                input.cell_span(0, m - 1).end,
            );
            diags.push(Diagnostic::warning(
                COLUMNS_ABOVE_ORIGINAL,
                span,
                format!("{m} columns: the original problem allows at most {ORIGINAL_MAX_SIDE}"),
            ));
        }
        Some(ZgameBoard::of_rows(grid))
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != 3 {
            let found = match words.len() {
                0 => "nothing".to_string(),
                1 => "1 word".to_string(),
                k => format!("{k} words"),
            };
            return Err(format!(
                "expected three words `yes`/`no` (win, draw, lose), found {found}"
            ));
        }
        let mut canonical = Vec::with_capacity(3);
        for (word, question) in words.iter().zip(QUESTIONS) {
            if word.eq_ignore_ascii_case("yes") {
                canonical.push("yes");
            } else if word.eq_ignore_ascii_case("no") {
                canonical.push("no");
            } else {
                return Err(format!(
                    "`{}` is not `yes` or `no` (the {question} answer)",
                    excerpt(word)
                ));
            }
        }
        Ok(canonical.join(" "))
    }

    fn solve(board: &ZgameBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        solve_with(board.grid(), budget, explain::solution)
    }

    fn solve_answer(board: &ZgameBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        decide(board, budget).map(explain::solution_of_answer)
    }

    fn read_judge(text: &str) -> Result<Vec<ZgameBoard>, JudgeError> {
        Ok(judge::read_judge(text)?
            .into_iter()
            .map(ZgameBoard::from)
            .collect())
    }

    fn judge_header(tests: usize) -> String {
        judge::header(tests)
    }

    fn write_judge_test(board: &ZgameBoard, out: &mut String) {
        judge::write_test(board.grid(), out);
    }

    fn judge_format() -> crate::games::JudgeFormat {
        judge::format()
    }

    fn judge(text: &str, budget: &Budget) -> Result<JudgeRun, JudgeError> {
        judge::judge(text, budget)
    }

    fn to_case(board: &ZgameBoard) -> CaseBody {
        CaseBody::grid(board.grid())
    }

    fn smaller(board: &ZgameBoard) -> Vec<ZgameBoard> {
        shrink::smaller(board.grid())
            .into_iter()
            .map(ZgameBoard::from)
            .collect()
    }

    fn largest_side(board: &ZgameBoard) -> usize {
        board.rows().max(board.cols())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(1, 1, b'.'))
    }

    #[test]
    fn both_solvers_agree_on_the_samples() {
        for (rows, want) in [
            (vec!["..B", "..B", "BB."], "no no yes"),
            (vec!["..."], "no yes no"),
            (vec!["A"], "yes no no"),
            (vec!["."], "no yes no"),
        ] {
            let g = ZgameBoard::from(grid(&rows));
            let fast = Zgame::answer(&g, &Budget::unlimited());
            let slow = Zgame::solve(&g, &Budget::unlimited()).map(|s| s.answer);
            assert_eq!(fast.as_deref(), Ok(want));
            assert_eq!(slow.as_deref(), Ok(want));
        }
    }
}
