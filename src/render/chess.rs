//! Chess overlays: the piece on its start and the ring on the goal.

use super::Picture;
use std::fmt::Write;

impl Picture<'_> {
    /// Chess: the piece at (1,1) and a ring on the goal (N,M).
    pub(super) fn chess_marks(&mut self) {
        let Some(piece) = self.board.piece else {
            return;
        };
        let p = self.palette;
        if let Some((_, x, y)) = self.centre(0, 0) {
            let _ = writeln!(
                self.out,
                r#"<text x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}" stroke="{}" stroke-width="3" paint-order="stroke" data-piece="{piece}">{piece}</text>"#,
                y + self.cell / 4,
                self.cell * 3 / 5,
                p.text,
                p.background
            );
        }
        let (gr, gc) = (self.board.rows - 1, self.board.cols - 1);
        if let Some((_, x, y)) = self.centre(gr, gc) {
            let _ = writeln!(
                self.out,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{}" stroke-width="3" data-goal="true"/>"#,
                self.cell / 3,
                p.text
            );
        }
    }
}
