//! A piece of the analysed text that knows its byte offset in the whole text: the input of the
//! line parsers.
//!
//! Our own rather than `nom_locate::LocatedSpan`: that type also counts the line breaks of
//! everything it slices off, to keep a line number, on every slice. Spans here are byte
//! offsets (line numbers come from `span::LineIndex` when something is shown), so the count
//! was work thrown away, and on a grid row of 500 cells it cost as much as reading the row.

use nom::{Compare, CompareResult, Input, Needed, Offset};
use std::str::{CharIndices, Chars};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct In<'a> {
    fragment: &'a str,
    offset: usize,
}

impl<'a> In<'a> {
    /// The whole text, at offset 0.
    pub(crate) fn new(text: &'a str) -> In<'a> {
        In {
            fragment: text,
            offset: 0,
        }
    }

    /// The text of this piece.
    pub(crate) fn fragment(&self) -> &'a str {
        self.fragment
    }

    /// Where this piece starts in the whole text, in bytes.
    pub(crate) fn location_offset(&self) -> usize {
        self.offset
    }

    fn slice(&self, from: usize, to: usize) -> In<'a> {
        In {
            fragment: &self.fragment[from..to],
            offset: self.offset + from,
        }
    }
}

impl<'a> Input for In<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.fragment.len()
    }

    fn take(&self, index: usize) -> Self {
        self.slice(0, index)
    }

    fn take_from(&self, index: usize) -> Self {
        self.slice(index, self.fragment.len())
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(char) -> bool,
    {
        self.fragment.find(predicate)
    }

    fn iter_elements(&self) -> Chars<'a> {
        self.fragment.chars()
    }

    fn iter_indices(&self) -> CharIndices<'a> {
        self.fragment.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.fragment.slice_index(count)
    }
}

impl Offset for In<'_> {
    fn offset(&self, second: &Self) -> usize {
        second.offset - self.offset
    }
}

impl<'b> Compare<&'b str> for In<'_> {
    fn compare(&self, t: &'b str) -> CompareResult {
        self.fragment.compare(t)
    }

    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.fragment.compare_no_case(t)
    }
}

#[cfg(test)]
mod tests {
    use super::In;
    use nom::Input;

    #[test]
    fn slices_keep_their_offset_in_the_whole_text() {
        let whole = In::new("ab\ncd\nef");
        let (rest, first) = whole.take_split(3);
        assert_eq!((first.fragment(), first.location_offset()), ("ab\n", 0));
        assert_eq!((rest.fragment(), rest.location_offset()), ("cd\nef", 3));
        let inner = rest.take_from(3).take(1);
        assert_eq!((inner.fragment(), inner.location_offset()), ("e", 6));
    }
}
