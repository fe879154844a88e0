//! Judge input and output: `T`, then `type N M` per test; one letter per test. `judge` answers
//! each query as it reads it.

use super::solve::outcome;
use super::{ChessBoard, MAX_SIDE, MAX_TESTS, Piece};
use super::{ORIGINAL_MAX_SIDE, ORIGINAL_MIN_SIDE};
use crate::games::JudgeFormat;
use crate::games::judge_io::Reader;
use crate::games::{JudgeError, JudgeRun};

pub(super) fn read_judge(text: &str) -> Result<Vec<ChessBoard>, JudgeError> {
    let mut input = Reader::new(text);
    let tests = read_tests(&mut input)?;
    let mut boards = Vec::with_capacity(tests);
    for test in 1..=tests {
        boards.push(read_query(&mut input, test)?);
    }
    input.finish()?;
    Ok(boards)
}

/// The opening of a judge input of `tests` queries: their count.
pub(super) fn header(tests: usize) -> String {
    format!("{tests}\n")
}

/// One query of a judge input: piece, rows, columns.
pub(super) fn write_test(board: &ChessBoard, out: &mut String) {
    out.push_str(&format!(
        "{} {} {}\n",
        board.piece.number(),
        board.rows,
        board.cols
    ));
}

/// Every query has an answer: the closed forms hold for every side the reader accepts.
pub(super) fn judge(text: &str) -> Result<JudgeRun, JudgeError> {
    let mut input = Reader::new(text);
    let tests = read_tests(&mut input)?;
    let mut output = String::with_capacity(2 * tests);
    for test in 1..=tests {
        let board = read_query(&mut input, test)?;
        output.push_str(outcome(&board).as_judge_str());
        output.push('\n');
    }
    input.finish()?;
    Ok(JudgeRun {
        output,
        unsolved: Vec::new(),
        nodes: 0,
    })
}

fn read_tests(input: &mut Reader<'_>) -> Result<usize, JudgeError> {
    let t = input.number(1, MAX_TESTS as u64, || "the number of tests T".into())?;
    Ok(t as usize)
}

#[inline(always)]
fn read_query(input: &mut Reader<'_>, test: usize) -> Result<ChessBoard, JudgeError> {
    let kind = input.number(1, 4, || format!("the piece type of test {test}"))?;
    let rows = input.number(1, MAX_SIDE, || format!("N (rows) of test {test}"))?;
    let cols = input.number(1, MAX_SIDE, || format!("M (columns) of test {test}"))?;
    let Some(piece) = Piece::from_number(kind) else {
        unreachable!("the piece type was read within 1..=4")
    };
    Ok(ChessBoard { piece, rows, cols })
}

/// The judge format in words and as a checktestdata script (a problem package's statement and
/// input validator).
pub(super) fn format() -> JudgeFormat {
    let (t, lo, hi) = (MAX_TESTS, ORIGINAL_MIN_SIDE, ORIGINAL_MAX_SIDE);
    JudgeFormat {
        input: format!(
            "The first line holds the number of tests `T` (1 ≤ T ≤ {t}). Each test is one line \
             `type N M`: the piece (`1` king, `2` rook, `3` knight, `4` queen) and the size of \
             the board ({lo} ≤ N, M ≤ {hi})."
        ),
        output: "For each test, one line: `B` if Bo wins, `G` if G wins, `D` for a draw.".into(),
        checktestdata: format!(
            "INT(1, {t}, t) NEWLINE\n\
             REP(t)\n\
             \x20 INT(1, 4) SPACE INT({lo}, {hi}) SPACE INT({lo}, {hi}) NEWLINE\n\
             END\n\
             EOF\n"
        ),
    }
}
