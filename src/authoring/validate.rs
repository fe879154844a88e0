//! `boardls validate`: a testlib-style validator of judge input. The input must be exactly the
//! canonical text of what it holds (single spaces, `\n` line ends, a final newline, counts
//! that match) and every test must keep the original problem's limits and guarantees.

use super::case_text;
use crate::analysis;
use crate::config::Config;
use crate::diag::Severity;
use crate::games::{AnyBoard, GameId};

/// Why an input is invalid: the 1-based line and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub line: usize,
    pub reason: String,
}

/// The number of tests when the input is valid.
pub fn validate(game: GameId, text: &str) -> Result<usize, Invalid> {
    if let Some(at) = text.find('\r') {
        return Err(Invalid {
            line: line_at(text, at),
            reason: "carriage return: judge input uses `\\n` line ends only".into(),
        });
    }
    if text.starts_with('\u{feff}') {
        return Err(Invalid {
            line: 1,
            reason: "byte order mark before the input".into(),
        });
    }
    let boards = game.read_judge(text).map_err(|e| Invalid {
        line: e.line,
        reason: e.message,
    })?;
    let spec = game.spec();
    if boards.is_empty() {
        return Err(Invalid {
            line: 1,
            reason: "no tests".into(),
        });
    }
    if boards.len() > spec.max_tests_per_file {
        return Err(Invalid {
            line: 1,
            reason: format!(
                "{} tests; the original allows at most {}",
                boards.len(),
                spec.max_tests_per_file
            ),
        });
    }
    let canonical = game.write_judge(&boards);
    if let Some((line, reason)) = first_difference(&canonical, text) {
        return Err(Invalid { line, reason });
    }
    for (i, board) in boards.iter().enumerate() {
        if let Some(reason) = outside_problem(game, board) {
            let line = game.write_judge(&boards[..i]).lines().count() + 1;
            return Err(Invalid {
                line,
                reason: format!("test {}: {reason}", i + 1),
            });
        }
    }
    Ok(boards.len())
}

fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn first_difference(canonical: &str, text: &str) -> Option<(usize, String)> {
    let want: Vec<&str> = canonical.split('\n').collect();
    let got: Vec<&str> = text.split('\n').collect();
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if w != g {
            let reason = if w.trim() == g.trim() || w.split_whitespace().eq(g.split_whitespace()) {
                format!("extra or missing whitespace: expected `{w}`, found `{g}`")
            } else {
                format!("expected `{w}`, found `{g}`")
            };
            return Some((i + 1, reason));
        }
    }
    match want.len().cmp(&got.len()) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => {
            Some((got.len(), "the input must end with a newline".into()))
        }
        std::cmp::Ordering::Less => Some((
            want.len(),
            "text after the last test (or an extra blank line)".into(),
        )),
    }
}

/// The first limit or guarantee of the original problem that the board breaks.
fn outside_problem(game: GameId, board: &AnyBoard) -> Option<String> {
    let text = case_text(game, "test", &board.to_case(), None);
    let analysis = analysis::analyse(&text, &Config::default());
    analysis
        .diagnostics
        .iter()
        .find(|d| matches!(d.severity, Severity::Error | Severity::Warning))
        .map(|d| format!("{} [{}]", d.message, d.code))
}
