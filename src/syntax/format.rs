//! The canonical layout of a `.board` file: same meaning, one way to write it, idempotent.
//!
//! Lines with a syntax error are kept as written (only trailing whitespace goes), so that a
//! broken file is never damaged further.

use super::line::{Item, Line, Lines, WS};

/// Rewrites `text` in the canonical layout: no indentation; `[game "name"]`, `key = value`
/// and rows as written; a trailing comment one space after the content; exactly one blank
/// line before each case (and before the comments just above its header), at most one
/// elsewhere; the file's dominant line break; one final line break; the BOM if there was one.
pub fn format(text: &str) -> String {
    let eol = dominant_line_break(text);
    let bom = text.starts_with('\u{feff}');
    let mut out = Output {
        text: String::with_capacity(text.len() + text.len() / 8),
        eol,
        empty: true,
        bom,
    };
    if bom {
        out.text.push('\u{feff}');
    }
    // Comment lines since the last other line, each with whether a blank line preceded it:
    // they are placed only once we know whether a header follows them.
    let mut comments: Vec<(String, bool)> = Vec::new();
    let mut blank = false;
    for line in Lines::new(text) {
        let rendered = match &line.item {
            Item::Blank => {
                blank = true;
                continue;
            }
            Item::Comment => {
                comments.push((render(&line), blank));
                blank = false;
                continue;
            }
            _ => render(&line),
        };
        if matches!(line.item, Item::Header(_)) {
            // The comments right above a header (no blank line between) go with it.
            let first = if blank {
                comments.len()
            } else {
                let mut k = comments.len();
                while k > 0 {
                    k -= 1;
                    if comments.get(k).is_some_and(|c| c.1) {
                        break;
                    }
                }
                k
            };
            match comments.get_mut(first) {
                Some(comment) => comment.1 = true,
                None => blank = true,
            }
        }
        for (comment, blank_before) in comments.drain(..) {
            out.line(&comment, blank_before);
        }
        out.line(&rendered, blank);
        blank = false;
    }
    for (comment, blank_before) in comments.drain(..) {
        out.line(&comment, blank_before);
    }
    out.text
}

struct Output {
    text: String,
    eol: &'static str,
    /// Nothing written yet: blank lines at the top of the file go.
    empty: bool,
    bom: bool,
}

impl Output {
    fn line(&mut self, line: &str, blank_before: bool) {
        // A U+FEFF that moved to the very start would be read as a BOM and vanish: a blank
        // line keeps it where it was.
        let keeps_feff = self.empty && !self.bom && line.starts_with('\u{feff}');
        if (blank_before && !self.empty) || keeps_feff {
            self.text.push_str(self.eol);
        }
        self.text.push_str(line);
        self.text.push_str(self.eol);
        self.empty = false;
    }
}

/// One non-blank line in canonical form.
fn render(line: &Line<'_>) -> String {
    if line.error.is_some() {
        return line.text.fragment().trim_end_matches(WS).to_string();
    }
    let mut out = match &line.item {
        Item::Header(header) => {
            let mut out = String::from("[");
            if let Some(game) = &header.game {
                out.push_str(&game.value);
            }
            if let Some(name) = &header.name {
                out.push_str(" \"");
                for c in name.value.chars() {
                    if c == '"' || c == '\\' {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out.push('"');
            }
            out.push(']');
            out
        }
        Item::Property(prop) if prop.value.value.is_empty() => format!("{} =", prop.key.value),
        // Moves are words: one space between them.
        Item::Property(prop) if prop.key.value == "moves" => {
            let words: Vec<String> = prop.words().into_iter().map(|w| w.value).collect();
            format!("{} = {}", prop.key.value, words.join(" "))
        }
        Item::Property(prop) => format!("{} = {}", prop.key.value, prop.value.value),
        Item::Row(row) => line.slice(row.span).to_string(),
        Item::Comment => String::new(),
        // Only lines with an error are broken, and those returned above.
        Item::Blank | Item::Broken => line.text.fragment().trim_matches(WS).to_string(),
    };
    if let Some(comment) = line.comment_text() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(comment);
    }
    out
}

/// The line break most lines use; `\n` when there is none or on a tie.
pub(crate) fn dominant_line_break(text: &str) -> &'static str {
    let (mut lf, mut crlf, mut cr) = (0usize, 0usize, 0usize);
    let mut bytes = text.bytes().peekable();
    while let Some(b) = bytes.next() {
        match b {
            b'\n' => lf += 1,
            b'\r' if bytes.peek() == Some(&b'\n') => {
                bytes.next();
                crlf += 1;
            }
            b'\r' => cr += 1,
            _ => {}
        }
    }
    if crlf > lf && crlf >= cr {
        "\r\n"
    } else if cr > lf && cr > crlf {
        "\r"
    } else {
        "\n"
    }
}
