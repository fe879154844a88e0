//! Tetris overlays: the first placements' 2×2 squares.

use super::{Picture, outcome_word};
use crate::games::{CellMap, CellMark};
use std::fmt::Write;

impl Picture<'_> {
    /// Tetris: each first placement's 2×2 square, solid when it wins, dashed when it loses.
    pub(super) fn placements(&mut self, map: &CellMap) {
        let inset = 3;
        for r in 0..map.rows as u64 {
            for c in 0..map.cols as u64 {
                let mark = self.mark(r, c);
                let dash = match mark {
                    CellMark::Win => "",
                    CellMark::Lose => r#" stroke-dasharray="4 3""#,
                    _ => continue,
                };
                let Some((_, x, y)) = self.centre(r, c) else {
                    continue;
                };
                let (x, y) = (x - self.cell / 2 + inset, y - self.cell / 2 + inset);
                let colour = if mark == CellMark::Win {
                    self.palette.win
                } else {
                    self.palette.lose
                };
                let _ = writeln!(
                    self.out,
                    r#"<rect x="{x}" y="{y}" width="{}" height="{}" fill="none" stroke="{colour}" stroke-width="2"{dash} data-placement="{}" data-at="{},{}"/>"#,
                    2 * self.cell - 2 * inset,
                    2 * self.cell - 2 * inset,
                    outcome_word(mark),
                    r + 1,
                    c + 1
                );
            }
        }
    }
}
