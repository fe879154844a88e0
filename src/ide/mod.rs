//! Editor features without the protocol: an analysed text and its verdicts in, plain structs
//! with byte spans out. `src/lsp` converts them at the edge.

pub mod completion;
pub mod fixes;
pub mod folding;
pub mod format;
pub mod hints;
pub mod hover;
pub mod lens;
pub mod marks;
pub mod suite;
pub mod symbols;
#[cfg(test)]
mod tests;

use crate::analysis::{self, Analysis, CaseAnalysis, Verdict};
use crate::config::Config;
use crate::diag::Diagnostic;
use crate::games::Solution;
use crate::span::{LineIndex, Span};
use std::sync::Arc;

/// What `expect` holds, in the words completion and hover share.
pub(crate) const EXPECT_DOC: &str = "the answer the original judge prints for this case";
pub(crate) const MOVES_DOC: &str = "the moves played from the start, separated by spaces: the \
                                    case is the position after them";

/// Where one case stands in solving.
#[derive(Clone, Debug)]
pub enum CaseState {
    /// The case has errors that stop solving (or names no known game).
    Invalid,
    /// Being solved; `last` is the last verdict this case had, shown meanwhile.
    Pending {
        last: Option<Arc<Verdict>>,
    },
    Done(Arc<Verdict>),
    /// Its answer is known and shown; the editor's extras (cell map, line of play) are being
    /// made.
    Answered(Arc<Verdict>),
}

impl CaseState {
    /// The states of a file checked whole (a batch command's): each case done or invalid.
    pub fn of_checked(checked: &analysis::Checked) -> Vec<CaseState> {
        checked
            .verdicts
            .iter()
            .map(|v| v.clone().map_or(CaseState::Invalid, CaseState::Done))
            .collect()
    }
}

impl CaseState {
    pub fn verdict(&self) -> Option<&Verdict> {
        match self {
            CaseState::Done(v) | CaseState::Answered(v) => Some(v),
            _ => None,
        }
    }

    pub fn solution(&self) -> Option<&Solution> {
        self.verdict().and_then(Verdict::solution)
    }
}

/// A replacement of `span` by `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub text: String,
}

/// One analysed text and what is known of its verdicts: what every feature reads.
#[derive(Clone, Copy)]
pub struct FileView<'a> {
    pub text: &'a str,
    pub index: &'a LineIndex,
    pub analysis: &'a Analysis,
    /// One entry per case of `analysis.cases`.
    pub states: &'a [CaseState],
}

impl<'a> FileView<'a> {
    pub fn state(&self, case: &CaseAnalysis) -> &'a CaseState {
        const INVALID: &CaseState = &CaseState::Invalid;
        self.states.get(case.index).unwrap_or(INVALID)
    }

    /// The case whose header starts at or before `offset` (the case a cursor on a blank line
    /// after it still belongs to).
    pub(crate) fn case_before(&self, offset: usize) -> Option<&'a CaseAnalysis> {
        self.analysis
            .cases
            .iter()
            .rev()
            .find(|c| c.header.start <= offset)
    }

    /// Each case's verdict, `None` while it has none: what reports and suites take.
    pub fn verdicts(&self) -> Vec<Option<&'a Verdict>> {
        self.analysis
            .cases
            .iter()
            .map(|case| self.state(case).verdict())
            .collect()
    }

    /// No case is still being solved.
    pub fn settled(&self) -> bool {
        !self
            .states
            .iter()
            .any(|s| matches!(s, CaseState::Pending { .. } | CaseState::Answered(_)))
    }

    /// Line break used by the text (the most common one, as `fmt` keeps), for inserted lines.
    pub fn eol(&self) -> &'static str {
        crate::syntax::format::dominant_line_break(self.text)
    }
}

/// What the server publishes for a file in no suite: [`analysis::report`] on the verdicts
/// known so far.
pub fn diagnostics(view: &FileView<'_>, config: &Config) -> Vec<Diagnostic> {
    analysis::report(view.analysis, &view.verdicts(), Vec::new(), config)
}

/// What the server publishes for a file that is a suite of its own (`// boardls: suite`):
/// [`diagnostics`] with the suite's findings, once every case is settled.
pub fn diagnostics_as_own_suite(view: &FileView<'_>, config: &Config) -> Vec<Diagnostic> {
    let verdicts = view.verdicts();
    // Coverage computed on half the verdicts would flicker while cases are solved.
    let own_suite = if view.settled() {
        analysis::suite::findings_with_survivors(&[(view.analysis, &verdicts)])
            .pop()
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    analysis::report(view.analysis, &verdicts, own_suite, config)
}

/// What the server publishes for a file that is part of a larger suite (a workspace folder):
/// [`analysis::report`] with `suite`, that suite's findings in this file.
pub fn diagnostics_in_suite(
    view: &FileView<'_>,
    config: &Config,
    suite: &[Diagnostic],
) -> Vec<Diagnostic> {
    analysis::report(view.analysis, &view.verdicts(), suite.to_vec(), config)
}

/// Short status of a case, used by lenses and symbols.
pub fn status(state: &CaseState) -> String {
    match state {
        CaseState::Invalid => "not solved: the case has errors".to_string(),
        CaseState::Pending { last } => match last.as_deref().and_then(Verdict::solution) {
            Some(s) => format!("{} (solving…)", s.lens),
            None => "solving…".to_string(),
        },
        CaseState::Answered(v) => match v.solution() {
            Some(s) => format!("{} (solving the cells…)", s.lens),
            None => "solving…".to_string(),
        },
        CaseState::Done(v) => match &**v {
            Verdict::Solved { solution, .. } => solution.lens.to_string(),
            Verdict::Unsolved(crate::games::Unsolved::Cancelled) => "solving…".to_string(),
            Verdict::Unsolved(why) => why.to_string(),
            Verdict::Failed(_) => "the solver failed (a bug)".to_string(),
        },
    }
}

/// The span of the whole line holding `offset`, its line break included; for the last line,
/// the break before it instead, so that deleting leaves no blank line.
pub(crate) fn line_with_break(view: &FileView<'_>, offset: usize) -> Span {
    let line = view.index.line_of(offset);
    let start = view.index.line_start(line);
    let next = view.index.line_start(line + 1);
    if next > start + view.index.line_text(view.text, line).len() || line == 0 {
        Span::new(start, next.max(start))
    } else {
        // Last line without a break after it: take the previous line's break.
        let prev_end = view.index.line_start(line.saturating_sub(1))
            + view.index.line_text(view.text, line - 1).len();
        Span::new(prev_end, view.text.len())
    }
}

/// Leading blanks of the line holding `offset`.
pub(crate) fn indent_of(view: &FileView<'_>, offset: usize) -> String {
    let line = view.index.line_text(view.text, view.index.line_of(offset));
    line.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}
