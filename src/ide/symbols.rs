//! Document symbols: one per case, its verdict as detail.

use super::{CaseState, FileView, status};
use crate::analysis::Verdict;
use crate::span::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: String,
    /// The whole case.
    pub span: Span,
    /// The header.
    pub selection: Span,
}

pub fn symbols(view: &FileView<'_>) -> Vec<Symbol> {
    view.analysis
        .cases
        .iter()
        .map(|case| {
            let state = view.state(case);
            let detail = match state {
                CaseState::Done(v) => match &**v {
                    Verdict::Solved { solution, .. } => solution.verdict.to_string(),
                    _ => status(state),
                },
                _ => status(state),
            };
            Symbol {
                name: case.title(),
                detail,
                span: case.span,
                selection: case.header,
            }
        })
        .collect()
}
