//! A plain-string model of an LSP document, to check the server's text sync against: positions
//! resolved by the spec's rules with nothing but string scans (no rope, no line index).
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`. A line past the last one means the end of the text;
//! a character past the end of its line means the line's end; a character inside a multi-unit
//! character (a UTF-16 surrogate pair, a UTF-8 sequence) means that character's start.
#![allow(dead_code)]

use serde_json::{Value, json};

/// Byte ranges of the lines of `text`: (start, end without the break, end with it).
pub(crate) fn lines(text: &str) -> Vec<(usize, usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        let brk = match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => 2,
            b'\n' | b'\r' => 1,
            _ => 0,
        };
        if brk == 0 {
            i += 1;
        } else {
            out.push((start, i, i + brk));
            i += brk;
            start = i;
        }
    }
    out.push((start, bytes.len(), bytes.len()));
    out
}

fn units(c: char, utf8: bool) -> usize {
    if utf8 { c.len_utf8() } else { c.len_utf16() }
}

/// Columns of `s` in the encoding.
pub(crate) fn width(s: &str, utf8: bool) -> usize {
    s.chars().map(|c| units(c, utf8)).sum()
}

/// The byte offset of an LSP position.
pub(crate) fn offset(text: &str, line: u64, character: u64, utf8: bool) -> usize {
    let lines = lines(text);
    let Some(&(start, end, _)) = usize::try_from(line).ok().and_then(|l| lines.get(l)) else {
        return text.len();
    };
    let mut seen = 0u64;
    for (i, c) in text[start..end].char_indices() {
        seen += units(c, utf8) as u64;
        if seen > character {
            return start + i;
        }
    }
    end
}

/// The LSP position of a byte offset (on a character boundary).
pub(crate) fn position(text: &str, offset: usize, utf8: bool) -> (u64, u64) {
    let lines = lines(text);
    let line = lines
        .iter()
        .rposition(|&(start, _, _)| start <= offset)
        .unwrap_or(0);
    let start = lines[line].0;
    (line as u64, width(&text[start..offset], utf8) as u64)
}

pub(crate) fn position_json(text: &str, offset: usize, utf8: bool) -> Value {
    let (line, character) = position(text, offset, utf8);
    json!({ "line": line, "character": character })
}

/// Applies one `didChange` content change (`range` as LSP JSON, or `None` for the whole text).
pub(crate) fn apply(text: &mut String, range: Option<&Value>, new: &str, utf8: bool) {
    let Some(range) = range else {
        *text = new.to_string();
        return;
    };
    let at = |p: &Value| {
        offset(
            text,
            p["line"].as_u64().unwrap_or(0),
            p["character"].as_u64().unwrap_or(0),
            utf8,
        )
    };
    let (a, b) = (at(&range["start"]), at(&range["end"]));
    text.replace_range(a.min(b)..a.max(b), new);
}

/// A content change as the client sends it.
pub(crate) fn change_json(range: Option<&Value>, new: &str) -> Value {
    match range {
        Some(range) => json!({ "range": range, "text": new }),
        None => json!({ "text": new }),
    }
}
