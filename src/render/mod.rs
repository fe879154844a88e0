//! Pictures of cases: one case of an analysed file → a standalone SVG (the board, every cell's
//! outcome, the game's line or placements, a caption and a legend).
//!
//! The picture reads the same per-cell facts as the cell hover and the semantic colouring (the
//! solution's `CellMap`, only when it matches the board), so it cannot disagree with them.
//! Every drawn cell is covered by exactly one element carrying `data-row`, `data-col`
//! (1-based), `data-len` (a run of equal cells along the row) and `data-outcome`
//! (`win`/`lose`/`draw`/`none`, for the player to move there; in zgame for Alice, as
//! [`CellMark`] says); clients and tests read those.
//! Each drawn row's cells and letters are one `<g data-row-cells="R,C">` child of the `<svg>`
//! (row R from column C, the panel's first), so a client can replace the rows that changed.
//! Colours are presentation attributes, not a `<style>` sheet, so the picture shows the same in
//! a file viewer and in a webview under a strict Content-Security-Policy.
//! The canvas is as wide as the board needs, at least `MIN_WIDTH`: the caption and the legend
//! are wrapped to it (`<tspan>` lines of one `<text data-caption="I">` per caption line and one
//! `<g data-legend="I">` per legend entry), and the root's `data-board="X Y W H"` is where the
//! boards and their coordinates are, so that a viewer can show them at its own scale with the
//! words as its own text. The line of play's step numbers (`<g data-steps>`) sit on the edge
//! between two cells, beside the line, never over a cell's letter.

mod chess;
mod legend;
mod line;
mod palette;
mod png;
mod race;
mod strings;
mod svg;
#[cfg(test)]
mod tests;
mod tetris;

pub use palette::Theme;
pub use png::png_of;

use crate::analysis::CaseAnalysis;
use crate::games::chess::Piece;
use crate::games::{AnyBoard, CellMap, CellMark, GameId};
use crate::ide::{self, CaseState, FileView};
use palette::Palette;
use std::fmt::Write;
use std::ops::Range;
use svg::escape;

/// Boards with both sides up to this are drawn whole; a longer side is drawn as its first and
/// last [`WINDOW`] rows or columns (the corners around (1,1) and (N,M)) with a break mark, so
/// that a picture stays small whatever the board (runs of equal cells merge, but outcomes that
/// alternate — chess's, or a zgame board dense with letters — keep a 500 × 500 board at many
/// MB).
pub const FULL_SIDE: u64 = 100;
/// The side of each corner region of a board too large to draw whole.
pub const WINDOW: u64 = 40;

const MARGIN: i64 = 16;
const GAP: i64 = 36;
const CAPTION_LINE: i64 = 18;
const LEGEND_LINE: i64 = 20;
const LABEL: i64 = 18;
/// The narrowest canvas: a small board's caption is wrapped to this, not to the board.
const MIN_WIDTH: i64 = 320;
/// Text is not measured: a character of the 14 px caption is at most 8 px wide in sans-serif,
/// one of the 12 px legend 7 px.
const CAPTION_CHAR: i64 = 8;
const LEGEND_CHAR: i64 = 7;
/// The legend's text starts after its swatch.
const LEGEND_INDENT: i64 = 22;

/// The case picture of `case` in `view`.
pub fn case_svg(view: &FileView<'_>, case: &CaseAnalysis, theme: Theme) -> String {
    let board = Board::of(view, case);
    let state = view.state(case);
    let map = match state {
        CaseState::Done(_) => state
            .solution()
            .and_then(|s| s.cells.as_ref())
            .filter(|m| m.rows as u64 == board.rows && m.cols as u64 == board.cols),
        _ => None,
    };
    let mut caption = vec![case.title()];
    if let Some(game) = case.game {
        let title = game.spec().title;
        if !title.is_empty() {
            caption[0].push_str(&format!(" — {title}"));
        }
    }
    caption.push(match state {
        CaseState::Done(_) | CaseState::Answered(_) => match state.solution() {
            // The verdicts quote letters as Markdown code; a picture has no Markdown.
            Some(s) => format!(
                "{} (answer {})",
                capitalise(&s.verdict).replace('`', ""),
                s.answer
            ),
            None => capitalise(&ide::status(state)),
        },
        CaseState::Pending { .. } => "Solving…".to_string(),
        CaseState::Invalid => "Not solved: the case has errors.".to_string(),
    });
    if board.is_windowed() {
        caption.push(format!(
            "A {} × {} board: the corners around (1,1) and ({},{}) are drawn, {} × {} cells each.",
            board.rows,
            board.cols,
            board.rows,
            board.cols,
            board.rows.min(WINDOW),
            board.cols.min(WINDOW)
        ));
    }
    let solution_note = match (state, map) {
        (CaseState::Done(_), None) if state.solution().is_some() && board.cells() > 0 => {
            Some("No per-cell results for this case.".to_string())
        }
        _ => None,
    };
    caption.extend(solution_note);
    Picture::new(&board, map, caption, Palette::of(theme)).draw()
}

/// What the picture draws of a board, whatever the game.
struct Board<'a> {
    game: Option<GameId>,
    rows: u64,
    cols: u64,
    /// The grid's cell letters (row starts into `text`); empty for chess, which has no grid.
    text: &'a [u8],
    row_starts: &'a [usize],
    /// Chess: the piece's letter.
    piece: Option<char>,
}

impl<'a> Board<'a> {
    fn of(view: &FileView<'a>, case: &'a CaseAnalysis) -> Board<'a> {
        match &case.board {
            Some(AnyBoard::Chess(b)) => Board {
                game: case.game,
                rows: b.rows,
                cols: b.cols,
                text: &[],
                row_starts: &[],
                // Chess notation's letters: the knight is N.
                piece: Some(match b.piece {
                    Piece::King => 'K',
                    Piece::Rook => 'R',
                    Piece::Knight => 'N',
                    Piece::Queen => 'Q',
                }),
            },
            _ => Board {
                game: case.game,
                rows: case.row_starts.len() as u64,
                cols: case.cols as u64,
                text: view.text.as_bytes(),
                row_starts: &case.row_starts,
                piece: None,
            },
        }
    }

    fn cells(&self) -> u64 {
        self.rows.saturating_mul(self.cols)
    }

    fn is_windowed(&self) -> bool {
        self.rows > FULL_SIDE || self.cols > FULL_SIDE
    }

    /// The letter of cell (r, c) as written, if it is a printable ASCII character.
    fn letter(&self, r: u64, c: u64) -> Option<u8> {
        let start = *self.row_starts.get(usize::try_from(r).ok()?)?;
        let at = start.checked_add(usize::try_from(c).ok()?)?;
        self.text.get(at).copied().filter(u8::is_ascii_graphic)
    }

    /// The rows (or columns) drawn in the first and the second panel along a side.
    fn ranges(side: u64) -> (Range<u64>, Range<u64>) {
        if side > FULL_SIDE {
            (0..WINDOW, side - WINDOW..side)
        } else {
            (0..side, 0..side)
        }
    }

    /// One panel for a board drawn whole; two (the corners) for a large one. The panels share
    /// no cell: a side longer than `FULL_SIDE` is split into disjoint windows.
    fn panels(&self) -> Vec<(Range<u64>, Range<u64>)> {
        let (r1, r2) = Board::ranges(self.rows);
        let (c1, c2) = Board::ranges(self.cols);
        if self.is_windowed() {
            vec![(r1, c1), (r2, c2)]
        } else {
            vec![(r1, c1)]
        }
    }
}

/// The role a cell has by its letter, before any result.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    Wall,
    /// A letter drawn in the cell: zgame's `A`/`B`, race's starts, strings' letters.
    Letter(u8),
}

fn role(game: Option<GameId>, letter: Option<u8>) -> Role {
    match (game, letter) {
        (Some(GameId::Race), Some(b'#')) | (Some(GameId::Tetris), Some(b'1')) => Role::Wall,
        (_, None | Some(b'.' | b'0')) | (Some(GameId::Tetris), _) => Role::Plain,
        (_, Some(l)) => Role::Letter(l),
    }
}

fn outcome_word(mark: CellMark) -> &'static str {
    match mark {
        CellMark::Win => "win",
        CellMark::Lose => "lose",
        CellMark::Draw => "draw",
        CellMark::None | CellMark::Path | CellMark::Meet => "none",
    }
}

/// A drawn part of the board: its rows, its columns and its top-left corner.
type Panel = (Range<u64>, Range<u64>, (i64, i64));

/// The layout and the writer of one picture.
struct Picture<'a> {
    board: &'a Board<'a>,
    map: Option<&'a CellMap>,
    caption: Vec<String>,
    /// Each caption line wrapped to the canvas.
    caption_lines: Vec<Vec<String>>,
    /// The width the board needs, at least [`MIN_WIDTH`]: text is wrapped to it.
    text_width: i64,
    palette: Palette,
    cell: i64,
    panels: Vec<Panel>,
    out: String,
}

impl<'a> Picture<'a> {
    fn new(
        board: &'a Board<'a>,
        map: Option<&'a CellMap>,
        caption: Vec<String>,
        palette: Palette,
    ) -> Picture<'a> {
        let ranges = board.panels();
        let longest = ranges
            .iter()
            .map(|(r, c)| (r.end - r.start).max(c.end - c.start))
            .max()
            .unwrap_or(0);
        let cell = match longest {
            0..=12 => 36,
            13..=30 => 28,
            _ => 14,
        };
        // The panels' width, the far corner's included (it is offset by the near one's width).
        let boards_width: i64 = ranges
            .iter()
            .map(|(_, c)| (c.end - c.start) as i64 * cell + GAP + LABEL)
            .sum::<i64>()
            - GAP;
        let text_width = (MARGIN + boards_width + MARGIN).max(MIN_WIDTH) - 2 * MARGIN;
        let caption_lines: Vec<Vec<String>> = caption
            .iter()
            .map(|line| wrap(line, (text_width / CAPTION_CHAR).max(1)))
            .collect();
        let caption_rows: usize = caption_lines.iter().map(Vec::len).sum();
        let top = MARGIN + CAPTION_LINE * caption_rows as i64 + 8 + LABEL;
        let mut panels = Vec::new();
        let (mut x, mut y) = (MARGIN + LABEL, top);
        for (rows, cols) in ranges {
            let (w, h) = (
                (cols.end - cols.start) as i64 * cell,
                (rows.end - rows.start) as i64 * cell,
            );
            panels.push((rows, cols, (x, y)));
            // The far corner is drawn below and to the right of the near one.
            x += w + GAP + LABEL;
            y += h + GAP + LABEL;
        }
        Picture {
            board,
            map,
            caption,
            caption_lines,
            text_width,
            palette,
            cell,
            panels,
            out: String::new(),
        }
    }

    fn mark(&self, r: u64, c: u64) -> CellMark {
        self.map
            .map_or(CellMark::None, |m| m.mark(r as usize, c as usize))
    }

    /// The point at the centre of cell (r, c), if it is drawn.
    fn centre(&self, r: u64, c: u64) -> Option<(usize, i64, i64)> {
        self.panels
            .iter()
            .enumerate()
            .find(|(_, (rows, cols, _))| rows.contains(&r) && cols.contains(&c))
            .map(|(i, (rows, cols, (x, y)))| {
                (
                    i,
                    x + (c - cols.start) as i64 * self.cell + self.cell / 2,
                    y + (r - rows.start) as i64 * self.cell + self.cell / 2,
                )
            })
    }

    fn draw(mut self) -> String {
        let boards_right = self
            .panels
            .iter()
            .map(|(_, cols, (x, _))| x + (cols.end - cols.start) as i64 * self.cell)
            .max()
            .unwrap_or(MARGIN);
        let boards_bottom = self
            .panels
            .iter()
            .map(|(rows, _, (_, y))| y + (rows.end - rows.start) as i64 * self.cell)
            .max()
            .unwrap_or(
                MARGIN
                    + CAPTION_LINE * self.caption_lines.iter().map(Vec::len).sum::<usize>() as i64,
            );
        let legend: Vec<(&'static str, Vec<String>)> = self
            .legend_items()
            .into_iter()
            .map(|(fill, words)| {
                let chars = (self.text_width - LEGEND_INDENT) / LEGEND_CHAR;
                (fill, wrap(&words, chars.max(1)))
            })
            .collect();
        // A word longer than a line is not broken: the canvas grows to hold it.
        let longest_text = self
            .caption_lines
            .iter()
            .flatten()
            .map(|l| l.chars().count() as i64 * CAPTION_CHAR)
            .chain(legend.iter().flat_map(|(_, lines)| {
                lines
                    .iter()
                    .map(|l| LEGEND_INDENT + l.chars().count() as i64 * LEGEND_CHAR)
            }))
            .max()
            .unwrap_or(0);
        let width = (boards_right + MARGIN).max(longest_text.max(self.text_width) + 2 * MARGIN);
        let legend_rows: usize = legend.iter().map(|(_, lines)| lines.len()).sum();
        let height = boards_bottom + 12 + LEGEND_LINE * legend_rows as i64 + MARGIN;
        let p = self.palette;
        // Where the boards are, their coordinates included: a viewer may show that part alone,
        // at its own scale, with the caption and the legend as its own text.
        let board_top = self
            .panels
            .first()
            .map_or(MARGIN, |(_, _, (_, y))| y - LABEL);
        let _ = write!(
            self.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-labelledby="caption" font-family="sans-serif" data-theme="{}" data-board="{MARGIN} {board_top} {} {}">"#,
            p.name,
            boards_right + 2 - MARGIN,
            boards_bottom + 2 - board_top
        );
        self.out.push('\n');
        let _ = writeln!(
            self.out,
            "<title id=\"caption\">{}</title>",
            escape(&self.caption.join(" "))
        );
        self.defs();
        let _ = writeln!(
            self.out,
            r#"<rect width="{width}" height="{height}" fill="{}"/>"#,
            p.background
        );
        let mut row = 0;
        for (i, lines) in self.caption_lines.iter().enumerate() {
            let weight = if i == 0 { r#" font-weight="bold""# } else { "" };
            let _ = write!(
                self.out,
                r#"<text font-size="14" fill="{}"{weight} data-caption="{i}">"#,
                p.text
            );
            for line in lines {
                let _ = write!(
                    self.out,
                    r#"<tspan x="{MARGIN}" y="{}">{}</tspan>"#,
                    MARGIN + 12 + CAPTION_LINE * row,
                    escape(line)
                );
                row += 1;
            }
            self.out.push_str("</text>\n");
        }
        for i in 0..self.panels.len() {
            self.panel(i);
        }
        if self.panels.len() == 2 {
            self.break_mark();
        }
        self.overlays();
        self.write_legend(&legend, boards_bottom + 12);
        self.out.push_str("</svg>\n");
        self.out
    }

    /// Patterns: each outcome has a colour and a texture, so colour is never the only cue.
    fn defs(&mut self) {
        let p = self.palette;
        let _ = write!(
            self.out,
            concat!(
                "<defs>\n",
                r#"<pattern id="o-win" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="{win}"/><rect width="2" height="6" fill="{ink}" fill-opacity="0.35"/></pattern>"#,
                "\n",
                r#"<pattern id="o-lose" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="{lose}"/><circle cx="3" cy="3" r="1.3" fill="{ink}" fill-opacity="0.45"/></pattern>"#,
                "\n",
                r#"<pattern id="o-draw" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="{draw}"/><rect width="6" height="1.5" fill="{ink}" fill-opacity="0.35"/></pattern>"#,
                "\n",
                r#"<pattern id="m-path" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="{path}"/><path d="M0 8L8 0" stroke="{ink}" stroke-opacity="0.4"/></pattern>"#,
                "\n",
                r#"<pattern id="m-meet" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="{meet}"/><path d="M0 0L8 8M0 8L8 0" stroke="{ink}" stroke-opacity="0.4"/></pattern>"#,
                "\n",
                r#"<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="{line}"/></marker>"#,
                "\n</defs>\n"
            ),
            win = p.win,
            lose = p.lose,
            draw = p.draw,
            path = p.path,
            meet = p.meet,
            ink = p.ink,
            line = p.line,
        );
    }

    fn fill(&self, role: Role, mark: CellMark) -> &'static str {
        match (role, mark) {
            (_, CellMark::Win) => "url(#o-win)",
            (_, CellMark::Lose) => "url(#o-lose)",
            (_, CellMark::Draw) => "url(#o-draw)",
            (_, CellMark::Path) => "url(#m-path)",
            (_, CellMark::Meet) => "url(#m-meet)",
            (Role::Wall, CellMark::None) => self.palette.wall,
            _ => self.palette.cell,
        }
    }

    /// The cells of one panel as runs, then its grid lines, letters and coordinates.
    fn panel(&mut self, i: usize) {
        let (rows, cols, (x0, y0)) = self.panels[i].clone();
        let cell = self.cell;
        let game = self.board.game;
        for r in rows.clone() {
            let y = y0 + (r - rows.start) as i64 * cell;
            // A row is the unit a client replaces when a picture changes: runs never cross rows,
            // so a changed cell re-shapes only its own row's elements.
            let _ = writeln!(
                self.out,
                r#"<g data-row-cells="{},{}">"#,
                r + 1,
                cols.start + 1
            );
            let mut letters = String::new();
            let mut c = cols.start;
            while c < cols.end {
                let letter = self.board.letter(r, c);
                let mark = self.mark(r, c);
                let mut len = 1;
                while c + len < cols.end
                    && self.board.letter(r, c + len) == letter
                    && self.mark(r, c + len) == mark
                {
                    len += 1;
                }
                let x = x0 + (c - cols.start) as i64 * cell;
                let role = role(game, letter);
                let _ = writeln!(
                    self.out,
                    r#"<rect x="{x}" y="{y}" width="{}" height="{cell}" fill="{}" data-row="{}" data-col="{}" data-len="{len}" data-outcome="{}"/>"#,
                    len as i64 * cell,
                    self.fill(role, mark),
                    r + 1,
                    c + 1,
                    outcome_word(mark)
                );
                if let Role::Letter(l) = role {
                    for k in 0..len {
                        let _ = write!(
                            letters,
                            r#"<text x="{}" y="{}">{}</text>"#,
                            x + k as i64 * cell + cell / 2,
                            y + cell / 2 + cell / 5,
                            escape(&char::from(l).to_string())
                        );
                    }
                }
                c += len;
            }
            if !letters.is_empty() {
                let _ = writeln!(
                    self.out,
                    r#"<g font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{letters}</g>"#,
                    cell * 3 / 5,
                    self.palette.text
                );
            }
            self.out.push_str("</g>\n");
        }
        // Grid lines: one path per panel, not a stroke per run (runs would hide cell edges); over
        // the letters, which sit in the cells' middles, away from the lines.
        let (w, h) = (
            (cols.end - cols.start) as i64 * cell,
            (rows.end - rows.start) as i64 * cell,
        );
        let mut d = String::new();
        for k in 0..=(rows.end - rows.start) as i64 {
            let _ = write!(d, "M{x0} {}h{w}", y0 + k * cell);
        }
        for k in 0..=(cols.end - cols.start) as i64 {
            let _ = write!(d, "M{} {y0}v{h}", x0 + k * cell);
        }
        let _ = writeln!(
            self.out,
            r#"<path d="{d}" stroke="{}" stroke-width="1" fill="none"/>"#,
            self.palette.grid
        );
        self.coordinates(&rows, &cols, (x0, y0));
    }

    /// 1-based row and column numbers along the panel's top and left edges: every one on a
    /// small board, the first, the last and every tenth otherwise.
    fn coordinates(&mut self, rows: &Range<u64>, cols: &Range<u64>, (x0, y0): (i64, i64)) {
        let cell = self.cell;
        let every = if cell >= 28 { 1 } else { 10 };
        let shown = |k: u64, range: &Range<u64>| {
            k == range.start || k + 1 == range.end || (k + 1).is_multiple_of(every)
        };
        let mut out = String::new();
        for c in cols.clone().filter(|&c| shown(c, cols)) {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                x0 + (c - cols.start) as i64 * cell + cell / 2,
                y0 - 5,
                c + 1
            );
        }
        for r in rows.clone().filter(|&r| shown(r, rows)) {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                x0 - LABEL / 2,
                y0 + (r - rows.start) as i64 * cell + cell / 2 + 4,
                r + 1
            );
        }
        let _ = writeln!(
            self.out,
            r#"<g font-size="10" text-anchor="middle" fill="{}">{out}</g>"#,
            self.palette.muted
        );
    }

    /// A zigzag between the two corners of a large board: the cells between are not drawn.
    fn break_mark(&mut self) {
        let (_, cols, (x0, y0)) = self.panels[0].clone();
        let (rows, _, _) = self.panels[0].clone();
        let x = x0 + (cols.end - cols.start) as i64 * self.cell + GAP / 2;
        let y = y0 + (rows.end - rows.start) as i64 * self.cell + GAP / 2;
        let _ = writeln!(
            self.out,
            r#"<path d="M{} {}l8 -8l8 8l8 -8l8 8" stroke="{}" stroke-width="2" fill="none" data-break="true"/>"#,
            x - 16,
            y + 4,
            self.palette.text
        );
    }

    /// The game's drawing over the cells: a line of play, placements, or running counts.
    fn overlays(&mut self) {
        let Some(map) = self.map else {
            self.chess_marks();
            return;
        };
        match self.board.game {
            Some(GameId::Tetris) => self.placements(map),
            Some(GameId::Strings) => self.running_count(map),
            _ => {}
        }
        self.chess_marks();
        self.line_of_play(&map.line);
        if self.board.game == Some(GameId::Race) {
            self.meeting_ring(map);
        }
    }
}

/// The picture's file name without `.svg`: the case name in lowercase letters, digits and
/// dashes, or `case-N` (1-based) for an unnamed case or a name with nothing of those.
pub fn file_stem(case: &CaseAnalysis) -> String {
    let mut out = String::new();
    for ch in case.name.as_ref().map_or("", |n| n.value.as_str()).chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        format!("case-{}", case.index + 1)
    } else {
        out.to_string()
    }
}

/// `text` in lines of at most `chars` characters, broken at spaces; a longer word is a line.
fn wrap(text: &str, chars: i64) -> Vec<String> {
    let limit = usize::try_from(chars).unwrap_or(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > limit {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
