//! The legend under the boards: an entry for each mark, line and cell kind the picture
//! draws, with its swatch.

use super::svg::escape;
use super::{LEGEND_INDENT, LEGEND_LINE, MARGIN, Picture};
use crate::games::{CellMark, GameId};
use std::fmt::Write;

impl Picture<'_> {
    /// The legend's entries: those the picture uses.
    pub(super) fn legend_items(&self) -> Vec<(&'static str, String)> {
        let mut seen = [false; 6];
        if let Some(map) = self.map {
            for &m in &map.marks {
                seen[m as usize] = true;
            }
        }
        let mut items = Vec::new();
        let tetris = self.board.game == Some(GameId::Tetris);
        let zgame = self.board.game == Some(GameId::Zgame);
        let pairs: [(CellMark, &str, &str); 5] = [
            (
                CellMark::Win,
                "url(#o-win)",
                if tetris {
                    "win: covering this 2×2 square (top-left here) first wins (stripes, solid outline)"
                } else if zgame {
                    "Alice wins with the token here (stripes)"
                } else {
                    "win for the player to move here (stripes)"
                },
            ),
            (
                CellMark::Lose,
                "url(#o-lose)",
                if tetris {
                    "lose: covering this 2×2 square first loses (dots, dashed outline)"
                } else if zgame {
                    "Bob wins with the token here (dots)"
                } else {
                    "lose for the player to move here (dots)"
                },
            ),
            (
                CellMark::Draw,
                "url(#o-draw)",
                "draw with best play (lines)",
            ),
            (
                CellMark::Path,
                "url(#m-path)",
                if self.board.game == Some(GameId::Strings) {
                    "a cell of the optimal string; the number is a − b so far"
                } else {
                    "on a shortest path between the starts"
                },
            ),
            (
                CellMark::Meet,
                "url(#m-meet)",
                "the middle layer: where the players can meet",
            ),
        ];
        for (mark, fill, words) in pairs {
            if seen[mark as usize] {
                items.push((fill, words.to_string()));
            }
        }
        if self.map.is_some_and(|m| m.line.len() > 1) {
            let words = match (self.board.game, self.map) {
                (Some(GameId::Race), Some(map)) => self.race_walk_words(map),
                _ => "the line of best play from (1,1), numbered by move",
            };
            items.push(("line", words.into()));
        }
        match self.board.game {
            Some(GameId::Race) => {
                items.push(("wall", "a black cell (#); A and B are the starts".into()));
            }
            Some(GameId::Tetris) => items.push(("wall", "a blocked cell (1)".into())),
            Some(GameId::Chess) => {
                items.push(("goal", "the piece at (1,1) and the goal (N,M)".into()));
            }
            _ => {}
        }
        items
    }

    pub(super) fn write_legend(&mut self, items: &[(&'static str, Vec<String>)], top: i64) {
        let p = self.palette;
        let mut y = top;
        for (i, (fill, lines)) in items.iter().enumerate() {
            let swatch = match *fill {
                "line" => format!(
                    r#"<path d="M{} {}h12" stroke="{}" stroke-width="2" marker-end="url(#arrow)"/>"#,
                    MARGIN,
                    y + 7,
                    p.line
                ),
                "goal" => format!(
                    r#"<circle cx="{}" cy="{}" r="6" fill="none" stroke="{}" stroke-width="2"/>"#,
                    MARGIN + 7,
                    y + 7,
                    p.text
                ),
                "wall" => format!(
                    r#"<rect x="{MARGIN}" y="{y}" width="14" height="14" fill="{}" stroke="{}"/>"#,
                    p.wall, p.grid
                ),
                fill => format!(
                    r#"<rect x="{MARGIN}" y="{y}" width="14" height="14" fill="{fill}" stroke="{}"/>"#,
                    p.grid
                ),
            };
            let mut text = String::new();
            for (k, line) in lines.iter().enumerate() {
                let _ = write!(
                    text,
                    r#"<tspan x="{}" y="{}">{}</tspan>"#,
                    MARGIN + LEGEND_INDENT,
                    y + 11 + LEGEND_LINE * k as i64,
                    escape(line)
                );
            }
            let _ = writeln!(
                self.out,
                r#"<g data-legend="{i}">{swatch}<text font-size="12" fill="{}">{text}</text></g>"#,
                p.text,
            );
            y += LEGEND_LINE * lines.len() as i64;
        }
    }
}
