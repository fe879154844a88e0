//! Cell marks for colouring: each solved grid cell with its outcome or role, as runs of equal
//! cells in a row (a large board colours in far fewer pieces than it has cells).

use super::FileView;
use crate::games::CellMark;
use crate::span::Span;

/// Runs of equally marked cells, one row at a time, in text order; cells marked `None` and
/// grids that do not match their map are left out.
pub fn cell_runs(view: &FileView<'_>) -> Vec<(Span, CellMark)> {
    cell_runs_in(view, Span::new(0, view.text.len()))
}

/// The runs of the rows that meet `within` (a screenful, say), whole: only those rows are read.
pub fn cell_runs_in(view: &FileView<'_>, within: Span) -> Vec<(Span, CellMark)> {
    let mut out = Vec::new();
    let cases = &view.analysis.cases;
    // Cases are in text order: skip those that end before the range.
    let first = cases.partition_point(|case| case.span.end <= within.start);
    for case in cases[first..]
        .iter()
        .take_while(|case| case.span.start <= within.end)
    {
        let Some(map) = view.state(case).solution().and_then(|s| s.cells.as_ref()) else {
            continue;
        };
        if map.rows != case.row_starts.len() || map.cols != case.cols || case.board.is_none() {
            continue;
        }
        let starts = &case.row_starts;
        let first_row = starts.partition_point(|&start| start + map.cols < within.start);
        let rows = starts[first_row..]
            .iter()
            .take_while(|&&start| start <= within.end);
        for (r, &start) in (first_row..).zip(rows) {
            let mut c = 0;
            while c < map.cols {
                let mark = map.mark(r, c);
                let run = (c + 1..map.cols)
                    .find(|&next| map.mark(r, next) != mark)
                    .unwrap_or(map.cols);
                if mark != CellMark::None {
                    out.push((Span::new(start + c, start + run), mark));
                }
                c = run;
            }
        }
    }
    out
}
