//! Feature tests on small `.board` texts, one file per feature: `$0` marks the cursor, and each
//! `check_*` renders what the feature gives as text for an `expect![[…]]` snapshot
//! (`UPDATE_EXPECT=1 cargo test` rewrites the snapshots after a deliberate change).

// The `check(fixture, expect![…])` style takes its snapshot by value and builds its text from
// iterators; neither matters in tests.
#![allow(clippy::needless_pass_by_value, clippy::format_collect)]

mod completion;
mod diagnostics;
mod fixes;
mod folding;
mod hints;
mod hover;
mod lenses;
mod marks;
mod moves;
mod symbols;

use super::{CaseState, Edit, FileView};
use crate::analysis::solve::solve_case;
use crate::analysis::{Analysis, Verdict, analyse};
use crate::config::Config;
use crate::games::Budget;
use crate::span::LineIndex;
use std::sync::Arc;
use std::time::Duration;

/// The marker of the cursor in a fixture.
const CURSOR: &str = "$0";

pub(super) struct Fixture {
    pub text: String,
    pub cursor: usize,
    pub index: LineIndex,
    pub analysis: Analysis,
    pub states: Vec<CaseState>,
}

impl Fixture {
    /// Analyses `text` (without its cursor marker) and solves every case. Solve times are
    /// set to zero so that hovers are the same on every run.
    pub(super) fn new(text: &str) -> Fixture {
        let cursor = text.find(CURSOR).unwrap_or(0);
        let text = text.replacen(CURSOR, "", 1);
        let analysis = analyse(&text, &Config::default());
        let states = analysis
            .cases
            .iter()
            .map(|c| match solve_case(c, &Budget::unlimited()) {
                Some(Verdict::Solved { solution, .. }) => {
                    CaseState::Done(Arc::new(Verdict::Solved {
                        solution,
                        elapsed: Duration::ZERO,
                    }))
                }
                Some(v) => CaseState::Done(Arc::new(v)),
                None => CaseState::Invalid,
            })
            .collect();
        Fixture {
            index: LineIndex::new(&text),
            text,
            cursor,
            analysis,
            states,
        }
    }

    pub(super) fn view(&self) -> FileView<'_> {
        FileView {
            text: &self.text,
            index: &self.index,
            analysis: &self.analysis,
            states: &self.states,
        }
    }

    /// The text with `edits` applied (they do not overlap).
    pub(super) fn apply(&self, edits: &[Edit]) -> String {
        let mut out = self.text.clone();
        let mut edits = edits.to_vec();
        edits.sort_by_key(|e| std::cmp::Reverse(e.span.start));
        for e in edits {
            out.replace_range(e.span.start..e.span.end, &e.text);
        }
        out
    }

    /// `line:column` (both 1-based, columns in characters) of a byte offset.
    pub(super) fn at(&self, offset: usize) -> String {
        let (line, col) = self.index.line_col_chars(&self.text, offset);
        format!("{}:{}", line + 1, col + 1)
    }

    /// The text with `edits` applied, carriage returns and a byte order mark made visible.
    pub(super) fn apply_visibly(&self, edits: &[Edit]) -> String {
        visible(&self.apply(edits))
    }

    /// The text of the span, quoted, for a snapshot.
    pub(super) fn quote(&self, span: crate::span::Span) -> String {
        format!("{:?}", self.text.get(span.start..span.end).unwrap_or("?"))
    }
}

/// `text` with what a snapshot would hide shown: `␍` for a carriage return, `<BOM>`.
pub(super) fn visible(text: &str) -> String {
    text.replace('\r', "␍").replace('\u{feff}', "<BOM>")
}
