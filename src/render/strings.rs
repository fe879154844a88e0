//! Strings overlays: the running a − b along the optimal string.

use super::Picture;
use crate::games::{CellMap, CellMark};
use std::fmt::Write;

impl Picture<'_> {
    /// Strings: the running a − b after each letter of the optimal string, in its cells.
    pub(super) fn running_count(&mut self, map: &CellMap) {
        let mut by_diagonal: Vec<Option<u8>> = vec![None; map.rows + map.cols];
        for r in 0..map.rows {
            for c in 0..map.cols {
                if map.mark(r, c) == CellMark::Path {
                    by_diagonal[r + c] = self.board.letter(r as u64, c as u64);
                }
            }
        }
        let mut running = Vec::with_capacity(by_diagonal.len());
        let mut sum = 0i64;
        for letter in &by_diagonal {
            sum += match letter {
                Some(b'a') => 1,
                Some(b'b') => -1,
                _ => 0,
            };
            running.push(sum);
        }
        let mut out = String::new();
        for r in 0..map.rows {
            for c in 0..map.cols {
                if map.mark(r, c) != CellMark::Path {
                    continue;
                }
                let Some((_, x, y)) = self.centre(r as u64, c as u64) else {
                    continue;
                };
                let v = running[r + c];
                let text = match v.signum() {
                    1 => format!("+{v}"),
                    -1 => format!("−{}", v.unsigned_abs()),
                    _ => "0".to_string(),
                };
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}">{text}</text>"#,
                    x + self.cell / 2 - 2,
                    y + self.cell / 2 - 2
                );
            }
        }
        let _ = writeln!(
            self.out,
            r#"<g font-size="9" text-anchor="end" fill="{}" data-running="a-b">{out}</g>"#,
            self.palette.text
        );
    }
}
