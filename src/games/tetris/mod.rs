//! tetris — HDU 1760 "A New Tetris Game": players alternately cover a 2×2 square of free cells;
//! who cannot move loses.
//!
//! This file holds the rules: the limits, the diagnostic codes, board validation and the stack
//! a search runs on. The game is Node Kayles on the conflict graph of the placements (`shape`);
//! regions that cannot interact add up by Sprague–Grundy and are valued by memoised search
//! (`engine`), width-2 corridors by an interval DP (`corridor`), small regions remembered across
//! boards (`cache`); `solve` turns a board into regions, who wins and the first-move map as
//! typed facts; `explain` puts them into words; `judge` reads and writes judge input.

mod cache;
mod corridor;
mod engine;
mod explain;
mod hash;
mod judge;
pub(crate) mod moves;
pub(crate) mod mutants;
mod shape;
mod shrink;
mod solve;

use super::{
    Budget, CaseBody, CaseInput, Diagnostic, Game, GameId, GameSpec, Grid, GridRule, JudgeError,
    Solution, Symmetry, Unsolved,
};
use crate::text::excerpt;
use solve::MAX_CELLS;

pub struct Tetris;

/// The original problem's limit on n and m.
const ORIGINAL_MAX_SIDE: usize = 50;
/// Tests in one judge input file: the original reads to the end of the input and says no
/// number; the package's validator holds a file to this many.
const MAX_TESTS: usize = 1000;

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
    budget.check_memory(solve::answer_bytes(grid), || {
        format!("the regions of a {}×{} board", grid.rows, grid.cols)
    })
}

/// Runs a search with a stack that fits its depth cap.
fn with_stack<T: Send>(
    grid: &Grid,
    search: impl FnOnce(u32) -> Result<T, Unsolved> + Send,
) -> Result<T, Unsolved> {
    let (free, _, _) = solve::placements(grid)?;
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
    /// Keeps the values of small regions in `file` across runs: read at the first region
    /// valued, written by [`Tetris::save_cache`]. A missing, damaged or foreign file is
    /// ignored. Node counts stay those of a cold cache (see `cache`).
    pub fn keep_cache_in(file: std::path::PathBuf) {
        cache::keep_in(file);
    }

    /// Writes the cache to the file [`Tetris::keep_cache_in`] named, merged with what other
    /// runs saved there since, when this run valued any new region (`Ok(false)` otherwise).
    pub fn save_cache() -> std::io::Result<bool> {
        cache::save()
    }

    /// The Grundy value of a board (the xor over its regions), when the budget allows. For
    /// tests and tools: 0 exactly when the first player loses.
    pub fn grundy(board: &Grid, budget: &Budget) -> Result<u16, Unsolved> {
        check_size(board, budget)?;
        with_stack(board, |depth| solve::grundy(board, budget, depth))
    }
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
        max_tests_per_file: MAX_TESTS,
        original_max_side: ORIGINAL_MAX_SIDE,
        symmetry: Symmetry::Square,
    };

    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Grid> {
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
        Some(grid.to_grid())
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
        with_stack(board, |depth| {
            solve::facts(board, budget, depth).map(|a| explain::solution(board, &a))
        })
    }

    fn solve_answer(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        check_size(board, budget)?;
        with_stack(board, |depth| {
            solve::outcome(board, budget, depth).map(|a| explain::solution_of_outcome(board, &a))
        })
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
