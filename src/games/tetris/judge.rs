//! tetris judge input and output: tests until the end of the input, each `n m` and n rows of
//! `0`/`1`.

use super::solve::MAX_CELLS;
use super::{MAX_TESTS, ORIGINAL_MAX_SIDE};
use crate::games::JudgeFormat;
use crate::games::judge_io::Reader;
use crate::games::{Grid, JudgeError};
use crate::text::excerpt;

/// Tests until the end of the input, each `n m` and n rows of `0`/`1`; cells of a row may be
/// split over several tokens (`0 0 1 0` or `0010`), but a token never runs past its row.
pub(super) fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
    let mut input = Reader::new(text);
    let mut boards = Vec::new();
    while !input.at_end() {
        let test = boards.len() + 1;
        let at = input.next_start();
        let n = input.number(1, MAX_CELLS as u64, || format!("n (rows of test {test})"))?;
        let m = input.number(1, MAX_CELLS as u64, || {
            format!("m (columns of test {test})")
        })?;
        let (n, m) = (n as usize, m as usize);
        if n.saturating_mul(m) > MAX_CELLS {
            return Err(input.error_at(
                at,
                format!("test {test} is {n}×{m}, more than {MAX_CELLS} cells; refused"),
            ));
        }
        let mut cells = Vec::with_capacity(n * m);
        for r in 0..n {
            let row_end = (r + 1) * m;
            while cells.len() < row_end {
                let token = input
                    .token(|| format!("row {} of test {test} ({m} cells of `0`/`1`)", r + 1))?;
                for ch in token.text.chars() {
                    if ch != '0' && ch != '1' {
                        return Err(input.error_at(
                            token.start,
                            format!(
                                "row {} of test {test}: expected `0` or `1`, found `{ch}`",
                                r + 1
                            ),
                        ));
                    }
                    if cells.len() == row_end {
                        return Err(input.error_at(
                            token.start,
                            format!(
                                "row {} of test {test} has more than {m} cells (`{}`)",
                                r + 1,
                                excerpt(token.text)
                            ),
                        ));
                    }
                    cells.push(ch as u8);
                }
            }
        }
        boards.push(Grid {
            rows: n,
            cols: m,
            cells,
        });
    }
    Ok(boards)
}

/// The opening of a judge input: nothing, the original reads boards to the end of the input.
pub(super) fn header(_tests: usize) -> String {
    String::new()
}

/// One board as the original reads it: its size, then one row a line.
pub(super) fn write_test(board: &Grid, out: &mut String) {
    out.push_str(&format!("{} {}\n", board.rows, board.cols));
    for row in board.row_strings() {
        out.push_str(&row);
        out.push('\n');
    }
}

/// The judge format in words and as a checktestdata script (a problem package's statement and
/// input validator).
pub(super) fn format() -> JudgeFormat {
    let (t, side) = (MAX_TESTS, ORIGINAL_MAX_SIDE);
    JudgeFormat {
        input: format!(
            "The input holds up to {t} tests and ends at the end of the file. Each test starts \
             with a line `n m` (1 ≤ n, m ≤ {side}), followed by n lines of m characters each: \
             `0` (a free cell) or `1` (a blocked cell)."
        ),
        output: "For each test, one line: `Yes` if Lele, who moves first, wins, else `No`.".into(),
        checktestdata: format!(
            "SET(t = 0)\n\
             WHILE(!ISEOF)\n\
             \x20 INT(1, {side}, n) SPACE INT(1, {side}, m) NEWLINE\n\
             \x20 REP(n)\n\
             \x20   REGEX(\"[01]+\", row) ASSERT(STRLEN(row) == m) NEWLINE\n\
             \x20 END\n\
             \x20 SET(t = t + 1)\n\
             END\n\
             ASSERT(t >= 1 && t <= {t})\n"
        ),
    }
}
