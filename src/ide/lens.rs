//! Code lenses: over the file, what can be done with it as a whole (export its tests, check
//! its suite); over each case, its outcome and what it needs next (write or update `expect`,
//! a larger budget).

use super::{FileView, status};
use crate::analysis::Verdict;
use crate::games::Unsolved;

/// How much more budget "Solve with a larger budget" gives than the one that ran out.
pub const BUDGET_FACTOR: u32 = 10;

/// What clicking a lens does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LensAction {
    /// Nothing: the lens only shows text.
    None,
    /// Write or update the `expect` line of case `case` (an index into the analysis' cases).
    WriteExpect { case: usize },
    /// Solve case `case` again with `factor` times the node and time budget that stopped it.
    SolveWithBudget { case: usize, factor: u32 },
    /// Write the file's cases out as judge tests.
    ExportTests,
    /// Check the suite the file is part of and sum up what it covers.
    CheckSuite,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lens {
    /// Byte offset of the line the lens sits over: a case's header, or 0 for the file's.
    pub offset: usize,
    pub title: String,
    pub action: LensAction,
}

pub fn lenses(view: &FileView<'_>) -> Vec<Lens> {
    let mut out = Vec::new();
    if !view.analysis.cases.is_empty() {
        out.push(Lens {
            offset: 0,
            title: "Export tests…".to_string(),
            action: LensAction::ExportTests,
        });
        out.push(Lens {
            offset: 0,
            title: "Check suite".to_string(),
            action: LensAction::CheckSuite,
        });
    }
    for case in &view.analysis.cases {
        let state = view.state(case);
        out.push(Lens {
            offset: case.header.start,
            title: status(state),
            action: LensAction::None,
        });
        // Memory is not raised this way: a board too large for the cap needs the setting.
        if let Some(Verdict::Unsolved(Unsolved::Nodes(_) | Unsolved::Time(_))) = state.verdict() {
            out.push(Lens {
                offset: case.header.start,
                title: format!("Solve with {BUDGET_FACTOR}× budget"),
                action: LensAction::SolveWithBudget {
                    case: case.index,
                    factor: BUDGET_FACTOR,
                },
            });
        }
        let Some(solution) = state.solution() else {
            continue;
        };
        let title = match case.expect.as_ref() {
            None => format!("write expect = {}", solution.answer),
            Some(e) if e.canonical.as_deref() != Some(&*solution.answer) => {
                format!("update expect to {}", solution.answer)
            }
            Some(_) => continue,
        };
        out.push(Lens {
            offset: case.header.start,
            title,
            action: LensAction::WriteExpect { case: case.index },
        });
    }
    out
}
