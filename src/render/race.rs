//! Race overlays: the ring on the middle-layer cell the winner's walk crosses, and the
//! legend's words for that walk.

use super::Picture;
use crate::games::{CellMap, CellMark};
use std::fmt::Write;

impl Picture<'_> {
    /// Race: a ring on the middle-layer cell of the winner's walk, where B lands on A (B's
    /// walk) or A slips past him (A's, at an even D).
    pub(super) fn meeting_ring(&mut self, map: &CellMap) {
        let Some((r, c)) = race_middle_cell(map) else {
            return;
        };
        let Some((_, x, y)) = self.centre(r as u64, c as u64) else {
            return;
        };
        let _ = writeln!(
            self.out,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{}" stroke-width="3" data-meet="{},{}"/>"#,
            self.cell * 2 / 5,
            self.palette.line,
            r + 1,
            c + 1
        );
    }

    /// Race: the legend's words for the winner's walk, read off its first cell's letter.
    pub(super) fn race_walk_words(&self, map: &CellMap) -> &'static str {
        let walker = map
            .line
            .first()
            .and_then(|&(r, c)| self.board.letter(r as u64, c as u64));
        match (walker, race_middle_cell(map)) {
            (Some(b'B'), _) => {
                "B's way to A's start, numbered by step: he lands on A on the ringed cell and jumps ahead"
            }
            (_, Some(_)) => {
                "A's way to B's start, numbered by step: he slips past B on the ringed middle cell"
            }
            (_, None) => "A's way to B's start, numbered by step (D is odd: B never lands on him)",
        }
    }
}

/// Race: the cell where the winner's walk crosses the middle layer (none at an odd D).
fn race_middle_cell(map: &CellMap) -> Option<(usize, usize)> {
    map.line
        .iter()
        .copied()
        .find(|&(r, c)| map.mark(r, c) == CellMark::Meet)
}
