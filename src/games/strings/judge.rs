//! strings judge input and output: `n`, then n rows of n lowercase letters; one test a file.

use super::MAX_SIDE;
use super::ORIGINAL_MAX_N;
use crate::games::JudgeFormat;
use crate::games::judge_io::Reader;
use crate::games::{Grid, JudgeError};
use crate::text::excerpt;

/// The largest n accepted in judge input: the largest square the solver can hold.
const JUDGE_MAX_N: u64 = MAX_SIDE as u64;

pub(super) fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
    let mut input = Reader::new(text);
    let n = input.number(1, JUDGE_MAX_N, || "n".into())? as usize;
    let mut rows: Vec<&[u8]> = Vec::with_capacity(n);
    for i in 1..=n {
        let row = input.token(|| format!("row {i} of {n}"))?;
        if let Some(bad) = row.text.chars().find(|ch| !ch.is_ascii_lowercase()) {
            return Err(input.error_at(
                row.start,
                format!(
                    "row {i}: `{bad}` is not a lowercase letter (in `{}`)",
                    excerpt(row.text)
                ),
            ));
        }
        if row.text.len() != n {
            return Err(input.error_at(
                row.start,
                format!("row {i} has {} letters, expected n = {n}", row.text.len()),
            ));
        }
        rows.push(row.text.as_bytes());
    }
    input.finish()?;
    let grid = Grid::from_rows(&rows).ok_or_else(|| JudgeError {
        line: input.end_line(),
        message: "the board is empty".to_string(),
    })?;
    Ok(vec![grid])
}

/// The judge format gives only n, so a non-square board (W701) is written with n = its row
/// count and does not read back; the caller keeps to one board per file.
pub(super) fn write_test(grid: &Grid, out: &mut String) {
    out.push_str(&format!("{}\n", grid.rows));
    for row in grid.row_strings() {
        out.push_str(&row);
        out.push('\n');
    }
}

/// The opening of a judge input: nothing, a file holds one test.
pub(super) fn header(_tests: usize) -> String {
    String::new()
}

/// The judge format in words and as a checktestdata script (a problem package's statement and
/// input validator).
pub(super) fn format() -> JudgeFormat {
    let n = ORIGINAL_MAX_N;
    JudgeFormat {
        input: format!(
            "The first line holds `n` (1 ≤ n ≤ {n}), followed by n lines of n lowercase \
             letters each."
        ),
        output: "One line: `FIRST` if the first player wins, `SECOND` if the second does, \
                 `DRAW` otherwise."
            .into(),
        checktestdata: format!(
            "INT(1, {n}, n) NEWLINE\n\
             REP(n)\n\
             \x20 REGEX(\"[a-z]+\", row) ASSERT(STRLEN(row) == n) NEWLINE\n\
             END\n\
             EOF\n"
        ),
    }
}
