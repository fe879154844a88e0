//! Code lenses over each case: the outcome, and a lens that writes or updates `expect`.

use super::{FileView, status};

/// What clicking a lens does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LensAction {
    /// Nothing: the lens only shows text.
    None,
    /// Write or update the `expect` line of case `case` (an index into the analysis' cases).
    WriteExpect { case: usize },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lens {
    /// Byte offset of the header the lens sits over.
    pub offset: usize,
    pub title: String,
    pub action: LensAction,
}

pub fn lenses(view: &FileView<'_>) -> Vec<Lens> {
    let mut out = Vec::new();
    for case in &view.analysis.cases {
        let state = view.state(case);
        out.push(Lens {
            offset: case.header.start,
            title: status(state),
            action: LensAction::None,
        });
        let Some(solution) = state.solution() else {
            continue;
        };
        let title = match case.expect.as_ref() {
            None => format!("write expect = {}", solution.answer),
            Some(e) if e.canonical.as_deref() != Some(solution.answer.as_str()) => {
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
