//! The line of best play: numbered arrows from cell to cell, with a head on every step.

use super::Picture;
use std::fmt::Write;

impl Picture<'_> {
    /// Numbered arrows along the line of play; a step between the two corners is left out.
    pub(super) fn line_of_play(&mut self, line: &[(usize, usize)]) {
        if line.len() < 2 {
            return;
        }
        let mut path = String::new();
        let mut numbers = String::new();
        let numbered_every = if line.len() <= 40 { 1 } else { 10 };
        let number_size = step_number_size(self.cell);
        for (step, pair) in line.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let (Some((pa, x1, y1)), Some((pb, x2, y2))) = (
                self.centre(a.0 as u64, a.1 as u64),
                self.centre(b.0 as u64, b.1 as u64),
            ) else {
                continue;
            };
            if pa != pb {
                continue;
            }
            // Shorten each arrow so that its head stops short of the next cell's centre.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = ((dx * dx + dy * dy) as f64).sqrt().max(1.0);
            let cut = (self.cell as f64 / 4.0) / len;
            let _ = write!(
                path,
                "M{x1} {y1}L{} {}",
                (x2 as f64 - dx as f64 * cut).round() as i64,
                (y2 as f64 - dy as f64 * cut).round() as i64
            );
            let n = step + 1;
            if n % numbered_every == 0 || n == line.len() - 1 {
                // On the edge between the two cells, beside the line (above a step across, to
                // the right of a step down): a letter sits in a cell's middle fifth, so a number
                // there never covers the letter the arrow points at, nor the arrowhead.
                let (ux, uy) = (dx as f64 / len, dy as f64 / len);
                let side = self.cell as f64 * 0.3;
                let cx = i64::midpoint(x1, x2) as f64 + uy.abs() * side;
                let cy = i64::midpoint(y1, y2) as f64 - ux.abs() * side;
                let _ = write!(
                    numbers,
                    r#"<text x="{}" y="{}">{n}</text>"#,
                    cx.round() as i64,
                    (cy + number_size as f64 * 0.35).round() as i64
                );
            }
        }
        let p = self.palette;
        // The whole line's cells (1-based), for clients and tests: the path is cut at panels.
        let cells = line
            .iter()
            .map(|&(r, c)| format!("{},{}", r + 1, c + 1))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(
            self.out,
            r#"<path d="{path}" stroke="{}" stroke-width="2" fill="none" data-line="play" data-cells="{cells}"/>"#,
            p.line
        );
        let _ = writeln!(
            self.out,
            r#"<g font-size="{number_size}" font-weight="bold" text-anchor="middle" fill="{}" stroke="{}" stroke-width="3" paint-order="stroke" data-steps="true">{numbers}</g>"#,
            p.line, p.background
        );
        self.arrow_heads(line);
    }

    /// An arrowhead on every step (a marker on a multi-part path marks only its end).
    fn arrow_heads(&mut self, line: &[(usize, usize)]) {
        let mut d = String::new();
        for pair in line.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (Some((pa, x1, y1)), Some((pb, x2, y2))) = (
                self.centre(a.0 as u64, a.1 as u64),
                self.centre(b.0 as u64, b.1 as u64),
            ) else {
                continue;
            };
            if pa != pb {
                continue;
            }
            let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let tip = (
                x2 as f64 - ux * self.cell as f64 / 4.0,
                y2 as f64 - uy * self.cell as f64 / 4.0,
            );
            let size = (self.cell as f64 / 5.0).max(3.0);
            let back = (tip.0 - ux * size, tip.1 - uy * size);
            let _ = write!(
                d,
                "M{} {}L{} {}L{} {}z",
                tip.0.round() as i64,
                tip.1.round() as i64,
                (back.0 - uy * size / 2.0).round() as i64,
                (back.1 + ux * size / 2.0).round() as i64,
                (back.0 + uy * size / 2.0).round() as i64,
                (back.1 - ux * size / 2.0).round() as i64,
            );
        }
        let _ = writeln!(self.out, r#"<path d="{d}" fill="{}"/>"#, self.palette.line);
    }
}

/// The font size of the line's step numbers: 10 px, smaller in small cells, so that two digits
/// fit in the space between two cells' letters.
fn step_number_size(cell: i64) -> i64 {
    (cell * 2 / 5).clamp(5, 10)
}
