//! Cell marks for colouring: each solved grid cell with its outcome or role.

use super::FileView;
use crate::games::CellMark;
use crate::span::Span;

/// Marked cells in text order; cells marked `None` and grids that do not match their map are
/// left out.
pub fn cell_marks(view: &FileView<'_>) -> Vec<(Span, CellMark)> {
    let mut out = Vec::new();
    for case in &view.analysis.cases {
        let Some(map) = view.state(case).solution().and_then(|s| s.cells.as_ref()) else {
            continue;
        };
        if map.rows != case.row_starts.len() || map.cols != case.cols || case.board.is_none() {
            continue;
        }
        for (r, &start) in case.row_starts.iter().enumerate() {
            for c in 0..map.cols {
                let mark = map.mark(r, c);
                if mark != CellMark::None {
                    out.push((Span::new(start + c, start + c + 1), mark));
                }
            }
        }
    }
    out
}
