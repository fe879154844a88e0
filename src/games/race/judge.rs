//! race judge input and output: `t`, then per test `n` and n rows of `.`, `#`, `A`, `B`.

use super::ORIGINAL_N;
use super::{MAX_TESTS, RaceBoard};
use crate::games::JudgeFormat;
use crate::games::judge_io::Reader;
use crate::games::{Grid, JudgeError};

/// The largest side judge input may give (so that a square board stays within `MAX_CELLS`).
const MAX_SIDE: u64 = 2048;

pub(super) fn read_judge(text: &str) -> Result<Vec<RaceBoard>, JudgeError> {
    let mut input = Reader::new(text);
    let t = input.number(0, MAX_TESTS as u64, || "the number of tests t".into())? as usize;
    let mut boards = Vec::with_capacity(t);
    for test in 1..=t {
        boards.push(read_test(&mut input, test)?);
    }
    input.finish()?;
    Ok(boards)
}

/// The opening of a judge input of `tests` tests: their count.
pub(super) fn header(tests: usize) -> String {
    format!("{tests}\n")
}

/// One test of a judge input: `n`, then its rows.
pub(super) fn write_test(board: &RaceBoard, out: &mut String) {
    let grid = &board.grid;
    out.push_str(&format!("{}\n", grid.rows));
    for row in grid.row_strings() {
        out.push_str(&row);
        out.push('\n');
    }
}

/// One test of a judge input: `n`, then n rows of n cells.
fn read_test(input: &mut Reader<'_>, test: usize) -> Result<RaceBoard, JudgeError> {
    let n_at = input.next_start();
    let n = input.number(2, MAX_SIDE, || format!("the board size n of test {test}"))? as usize;
    let mut cells = Vec::with_capacity(n * n);
    let (mut a, mut b) = (None, None);
    for r in 0..n {
        let row = input.token(|| format!("row {} of test {test}", r + 1))?;
        let err = |message: String| input.error_at(row.start, message);
        let text = row.text;
        if text.len() != n {
            return Err(err(format!(
                "row {} of test {test} has {} cells, expected n = {n}",
                r + 1,
                text.chars().count()
            )));
        }
        for (c, &cell) in text.as_bytes().iter().enumerate() {
            let slot = match cell {
                b'.' | b'#' => None,
                b'A' => Some((&mut a, 'A')),
                b'B' => Some((&mut b, 'B')),
                _ => {
                    let ch = text.get(c..).and_then(|t| t.chars().next()).unwrap_or('?');
                    return Err(err(format!(
                        "unexpected `{ch}` in row {} of test {test}: cells are `.`, `#`, `A`, `B`",
                        r + 1
                    )));
                }
            };
            if let Some((slot, letter)) = slot
                && let Some((r0, c0)) = slot.replace((r, c))
            {
                return Err(err(format!(
                    "a second `{letter}` at ({}, {}) in test {test} (the first is at ({}, {}))",
                    r + 1,
                    c + 1,
                    r0 + 1,
                    c0 + 1
                )));
            }
        }
        cells.extend_from_slice(text.as_bytes());
    }
    let missing = |letter: char| input.error_at(n_at, format!("test {test} has no `{letter}`"));
    let (ar, ac) = a.ok_or_else(|| missing('A'))?;
    let (br, bc) = b.ok_or_else(|| missing('B'))?;
    Ok(RaceBoard {
        grid: Grid {
            rows: n,
            cols: n,
            cells,
        },
        a: ar * n + ac,
        b: br * n + bc,
    })
}

/// The judge format in words and as a checktestdata script (a problem package's statement and
/// input validator). The script checks one `A` and one `B` per board; that B's start can be
/// reached from A's, the original's guarantee, is beyond the language.
pub(super) fn format() -> JudgeFormat {
    let (t, lo, hi) = (MAX_TESTS, ORIGINAL_N.start(), ORIGINAL_N.end());
    JudgeFormat {
        input: format!(
            "The first line holds the number of tests `t` (1 ≤ t ≤ {t}). Each test starts with \
             a line holding `n` ({lo} ≤ n ≤ {hi}), followed by n lines of n characters each: \
             `.` (white), `#` (black), `A` or `B` (the starts of the two players). Each board \
             holds exactly one `A` and one `B`, and B's start can be reached from A's over \
             white cells."
        ),
        output: "For each test, one line: `A` if the first player wins, `B` if the second does."
            .into(),
        checktestdata: format!(
            "INT(1, {t}, t) NEWLINE\n\
             REP(t)\n\
             \x20 INT({lo}, {hi}, n) NEWLINE\n\
             \x20 SET(a = 0, b = 0)\n\
             \x20 REP(n)\n\
             \x20   SET(len = 0)\n\
             \x20   WHILE(!MATCH(\"\\n\"))\n\
             \x20     IF(MATCH(\"A\"))\n\
             \x20       STRING(\"A\") SET(a = a + 1, len = len + 1)\n\
             \x20     ELSE\n\
             \x20       IF(MATCH(\"B\"))\n\
             \x20         STRING(\"B\") SET(b = b + 1, len = len + 1)\n\
             \x20       ELSE\n\
             \x20         REGEX(\"[.#]+\", cells) SET(len = len + STRLEN(cells))\n\
             \x20       END\n\
             \x20     END\n\
             \x20   END\n\
             \x20   ASSERT(len == n) NEWLINE\n\
             \x20 END\n\
             \x20 ASSERT(a == 1 && b == 1)\n\
             END\n\
             EOF\n"
        ),
    }
}
