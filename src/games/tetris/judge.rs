//! tetris judge input and output: tests until the end of the input, each `n m` and n rows of
//! `0`/`1`.

use super::solve::MAX_CELLS;
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
