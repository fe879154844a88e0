//! Inlay hints: each case's judge answer at the end of its header line, marked against its
//! `expect`. Editors without code lenses (Helix) show verdicts through them; beside VS Code's
//! lens in words they give the raw answer that `expect` takes.

use super::{CaseState, FileView};
use crate::analysis::Verdict;
use crate::span::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Byte offset the hint is shown at: the end of the header's line.
    pub offset: usize,
    pub label: String,
    /// The verdict in words and why, for a hover over the hint.
    pub tooltip: Option<String>,
}

/// The hints whose offset lies in `within` (an editor asks for the lines it shows).
pub fn hints(view: &FileView<'_>, within: Span) -> Vec<Hint> {
    let mut out = Vec::new();
    for case in &view.analysis.cases {
        let line = view.index.line_of(case.header.start);
        let offset = view.index.line_start(line) + view.index.line_text(view.text, line).len();
        if offset < within.start || offset > within.end {
            continue;
        }
        let (label, tooltip) = match view.state(case) {
            CaseState::Invalid => continue,
            CaseState::Pending { last } => match last.as_deref().and_then(Verdict::solution) {
                Some(s) => (format!("answer: {} (solving…)", s.answer), None),
                None => ("solving…".to_string(), None),
            },
            CaseState::Done(verdict) | CaseState::Answered(verdict) => match &**verdict {
                Verdict::Solved { solution, .. } => {
                    let mark = match case.expect.as_ref().map(|e| e.canonical.as_deref()) {
                        None => "",
                        Some(Some(expected)) if expected == solution.answer => " ✓",
                        Some(_) => " ≠ expect",
                    };
                    (
                        format!("answer: {}{mark}", solution.answer),
                        Some(format!("{}.\n\n{}", solution.verdict, solution.why)),
                    )
                }
                Verdict::Unsolved(crate::games::Unsolved::Cancelled) => {
                    ("solving…".to_string(), None)
                }
                Verdict::Unsolved(why) => ("unsolved".to_string(), Some(why.to_string())),
                Verdict::Failed(_) => continue,
            },
        };
        out.push(Hint {
            offset,
            label,
            tooltip,
        });
    }
    out
}
