//! Judge input and output: `T`, then per test `n m` and n rows of `A`, `B`, `.`; one line of
//! three `yes`/`no` per test. `judge` streams: it solves each test as its rows are read, taking
//! rows as whole slices (their length is known), so it costs little more than the bytes.

use super::ORIGINAL_MAX_SIDE;
use super::solve::BitDp;
use super::{MAX_CELLS, MAX_TESTS, check_solvable, is_cell};
use crate::games::JudgeFormat;
use crate::games::judge_io::{Reader, Token};
use crate::games::{Budget, Grid, JudgeError, JudgeRun};

pub(super) fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
    let mut input = Reader::new(text);
    let tests = read_tests(&mut input)?;
    let mut boards = Vec::with_capacity(tests);
    for test in 1..=tests {
        let (n, m) = read_size(&mut input, test)?;
        let mut cells = Vec::with_capacity(n * m);
        for r in 1..=n {
            let row = read_row(&mut input, test, r, n, m)?;
            if !row.text.bytes().all(is_cell) {
                return Err(row_error(&input, row, test, r, m));
            }
            cells.extend_from_slice(row.text.as_bytes());
        }
        boards.push(Grid {
            rows: n,
            cols: m,
            cells,
        });
    }
    input.finish()?;
    Ok(boards)
}

/// The opening of a judge input of `tests` tests: their count T.
pub(super) fn header(tests: usize) -> String {
    format!("{tests}\n")
}

/// One test of a judge input: `n m`, then its rows.
pub(super) fn write_test(grid: &Grid, out: &mut String) {
    out.reserve(grid.cells.len() + grid.rows + 16);
    out.push_str(&format!("{} {}\n", grid.rows, grid.cols));
    for row in grid.row_strings() {
        out.push_str(&row);
        out.push('\n');
    }
}

/// Reads and answers test by test; a test is unsolved exactly when `answer` would refuse it.
pub(super) fn judge(text: &str, budget: &Budget) -> Result<JudgeRun, JudgeError> {
    let mut input = Reader::new(text);
    let tests = read_tests(&mut input)?;
    let mut run = JudgeRun {
        output: String::with_capacity(tests * 11),
        unsolved: Vec::new(),
        nodes: 0,
    };
    let mut dp = BitDp::default();
    for test in 1..=tests {
        let (n, m) = read_size(&mut input, test)?;
        if let Err(reason) = check_solvable(n, m, budget) {
            // Unanswered, but its rows are still read: the rest of the input must be valid.
            for r in 1..=n {
                let row = read_row(&mut input, test, r, n, m)?;
                if !row.text.bytes().all(is_cell) {
                    return Err(row_error(&input, row, test, r, m));
                }
            }
            run.unsolved.push((test, reason));
            continue;
        }
        if !budget.allows(dp.bytes_after_start(n, m)) {
            // What earlier tests left allocated goes, rather than this test.
            dp = BitDp::default();
        }
        dp.start(n, m);
        for r in 1..=n {
            let row = read_row(&mut input, test, r, n, m)?;
            if !dp.push_row(row.text.as_bytes()) {
                return Err(row_error(&input, row, test, r, m));
            }
        }
        run.output.push_str(dp.finish().as_judge_str());
        run.output.push('\n');
    }
    input.finish()?;
    Ok(run)
}

fn read_tests(input: &mut Reader<'_>) -> Result<usize, JudgeError> {
    let t = input.number(1, MAX_TESTS as u64, || "the number of tests T".into())?;
    Ok(t as usize)
}

fn read_size(input: &mut Reader<'_>, test: usize) -> Result<(usize, usize), JudgeError> {
    let limit = MAX_CELLS as u64;
    let n = input.number(1, limit, || format!("n (rows) of test {test}"))?;
    let at = input.next_start();
    let m = input.number(1, limit, || format!("m (columns) of test {test}"))?;
    let cells = n.saturating_mul(m);
    if cells > limit {
        return Err(input.error_at(
            at,
            format!(
                "test {test}: {n} × {m} = {cells} cells, more than the {MAX_CELLS} boardls \
                 holds in memory"
            ),
        ));
    }
    Ok((n as usize, m as usize))
}

/// Row `r` of `n` (1-based), `m` bytes not yet checked to be cells.
#[inline(always)]
fn read_row<'t>(
    input: &mut Reader<'t>,
    test: usize,
    r: usize,
    n: usize,
    m: usize,
) -> Result<Token<'t>, JudgeError> {
    input.fixed_token(m).map_err(|found| match found {
        Some(token) => row_error(input, token, test, r, m),
        None => JudgeError {
            line: input.end_line(),
            message: format!("test {test}: expected row {r} of {n}, found the end of the input"),
        },
    })
}

/// What is wrong with `token`, read as row `r` of a test with `m` columns.
fn row_error(input: &Reader<'_>, token: Token<'_>, test: usize, r: usize, m: usize) -> JudgeError {
    let bad = token
        .text
        .char_indices()
        .find(|&(_, ch)| !(ch.is_ascii() && is_cell(ch as u8)));
    let message = match bad {
        Some((at, ch)) => format!(
            "test {test}, row {r}: `{ch}` at column {} is not a cell (`A`, `B` or `.`)",
            token.text[..at].chars().count() + 1
        ),
        None => format!(
            "test {test}: row {r} has {} cells, expected {m}",
            token.text.chars().count()
        ),
    };
    input.error_at(token.start, message)
}

/// The judge format in words and as a checktestdata script (a problem package's statement and
/// input validator).
pub(super) fn format() -> JudgeFormat {
    let (t, side) = (MAX_TESTS, ORIGINAL_MAX_SIDE);
    JudgeFormat {
        input: format!(
            "The first line holds the number of tests `T` (1 ≤ T ≤ {t}). Each test starts with \
             a line `n m` (1 ≤ n, m ≤ {side}), followed by n lines of m characters each: `A` \
             (Alice wins at once on this cell), `B` (Bob wins at once) or `.`."
        ),
        output: "For each test, one line of three words, `yes` or `no`, separated by single \
                 spaces: can Alice force a win, can she force a draw, can she force a loss."
            .into(),
        checktestdata: format!(
            "INT(1, {t}, t) NEWLINE\n\
             REP(t)\n\
             \x20 INT(1, {side}, n) SPACE INT(1, {side}, m) NEWLINE\n\
             \x20 REP(n)\n\
             \x20   REGEX(\"[AB.]+\", row) ASSERT(STRLEN(row) == m) NEWLINE\n\
             \x20 END\n\
             END\n\
             EOF\n"
        ),
    }
}
