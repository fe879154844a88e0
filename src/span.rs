//! Byte spans into a source text and the line index that turns them into lines and columns.

use serde::Serialize;

/// A half-open byte range `start..end` into the analysed text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    pub const fn is_empty(&self) -> bool {
        self.start == self.end
    }

    pub const fn contains(&self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    /// Like `contains`, but a cursor just past the end still counts (editors put it there).
    pub const fn touches(&self, offset: usize) -> bool {
        self.start <= offset && offset <= self.end
    }

    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// Line starts of a text, so that byte offsets map to (line, column) without rescanning.
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP counts them.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            // `\r\n` is one break: its line starts after the `\n`, found next.
            if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                continue;
            }
            starts.push(at + 1);
        }
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    pub(crate) fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Zero-based line holding `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.len);
        match self.starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// Byte offset where zero-based `line` starts (clamped: past the last line gives the end).
    pub fn line_start(&self, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(self.len)
    }

    /// The text of `line` without its line break.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        let start = self.line_start(line).min(text.len());
        let end = self.line_start(line + 1).min(text.len());
        text.get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }

    /// Zero-based line and column counted in `char`s, the convention of terminal diagnostics.
    pub fn line_col_chars(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line_of(offset);
        let start = self.line_start(line);
        let col = text
            .get(start..offset.min(text.len()))
            .map_or(0, |s| s.chars().count());
        (line, col)
    }
}

/// Lines of offsets asked for in ascending order, counted from the last one asked: a report of
/// a file's cases reads the text only up to its last case, and keeps no start of every line
/// ([`LineIndex`] does, for lookups in any order). Counts breaks as `LineIndex` does.
pub struct LineCounter<'t> {
    bytes: &'t [u8],
    at: usize,
    line: usize,
}

impl<'t> LineCounter<'t> {
    pub fn new(text: &'t str) -> LineCounter<'t> {
        LineCounter {
            bytes: text.as_bytes(),
            at: 0,
            line: 0,
        }
    }

    /// Zero-based line holding `offset` (clamped to the text); an offset before the last one
    /// asked is counted again from the start.
    pub fn line_of(&mut self, offset: usize) -> usize {
        let offset = offset.min(self.bytes.len());
        if offset < self.at {
            (self.at, self.line) = (0, 0);
        }
        let bytes = self.bytes;
        let from = self.at;
        let part = &bytes[from..offset];
        // A break before `offset` starts a line at or before it; `\r\n` is one break, its `\n`.
        // Counted a register at a time: a grid's lines are short, and a search per break would
        // cost more than the count.
        let newlines = bytecount::count(part, b'\n');
        let lone_returns = match memchr::memchr(b'\r', part) {
            None => 0,
            Some(_) => memchr::memchr_iter(b'\r', part)
                .filter(|&i| bytes.get(from + i + 1) != Some(&b'\n'))
                .count(),
        };
        self.line += newlines + lone_returns;
        self.at = offset;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// In any order of offsets, the counter finds the line the index finds.
        #[test]
        fn the_line_counter_agrees_with_the_index(
            text in "[a\r\n]{0,40}",
            offsets in proptest::collection::vec(0usize..45, 0..12),
        ) {
            let index = LineIndex::new(&text);
            let mut counter = LineCounter::new(&text);
            for offset in offsets {
                prop_assert_eq!(counter.line_of(offset), index.line_of(offset), "at {}", offset);
            }
        }
    }

    #[test]
    fn every_line_break_style_starts_a_line() {
        let text = "a\nb\r\nc\rd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!(index.line_text(text, 1), "b");
        assert_eq!(index.line_text(text, 3), "d");
        assert_eq!(index.line_col_chars(text, 7), (3, 0));

        let text = "a\r\r\nb\r";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!(index.line_text(text, 1), "");
        assert_eq!(index.line_text(text, 2), "b");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "é€😀x";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col_chars(text, text.len() - 1), (0, 3));
    }
}
