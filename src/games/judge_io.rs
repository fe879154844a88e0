//! Reading judge input, shared by every game: a cursor over whitespace-separated tokens that
//! reads numbers and fixed-width rows straight from the bytes. Line numbers are counted only
//! when something is wrong, so a valid 12 MB input costs little more than its bytes.

use super::JudgeError;

/// A cursor over one judge input file.
pub(crate) struct Reader<'t> {
    text: &'t str,
    pos: usize,
}

/// One whitespace-separated token and the byte offset where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'t> {
    pub(crate) text: &'t str,
    pub(crate) start: usize,
}

/// What a number token turned out to be.
enum Number {
    Value(u64),
    /// Digits, but more than fit in a u64.
    Huge,
    Malformed,
    End,
}

impl<'t> Reader<'t> {
    pub(crate) fn new(text: &'t str) -> Reader<'t> {
        Reader {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
        }
    }

    fn bytes(&self) -> &'t [u8] {
        self.text.as_bytes()
    }

    fn skip_space(&mut self) {
        let bytes = self.bytes();
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
    }

    fn token_end(&self, start: usize) -> usize {
        let bytes = self.bytes();
        let mut end = start;
        while bytes.get(end).is_some_and(|b| !b.is_ascii_whitespace()) {
            end += 1;
        }
        end
    }

    /// The 1-based line of byte `pos`.
    pub(crate) fn line_at(&self, pos: usize) -> usize {
        let bytes = self.bytes();
        let upto = bytes.get(..pos).unwrap_or(bytes);
        1 + upto.iter().filter(|&&b| b == b'\n').count()
    }

    /// Where the input ends, for "found the end of the input": the last line with content.
    pub(crate) fn end_line(&self) -> usize {
        self.line_at(
            self.text
                .trim_end_matches(|c: char| c.is_ascii_whitespace())
                .len(),
        )
    }

    /// An error on the line of byte `pos`.
    pub(crate) fn error_at(&self, pos: usize, message: String) -> JudgeError {
        JudgeError {
            line: self.line_at(pos),
            message,
        }
    }

    /// An error at the end of the input: `what` was expected and nothing is left.
    pub(crate) fn error_at_end(&self, what: &str) -> JudgeError {
        JudgeError {
            line: self.end_line(),
            message: format!("expected {what}, found the end of the input"),
        }
    }

    /// True when only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.text.len()
    }

    /// Where the next token starts (the end of the input when none is left).
    pub(crate) fn next_start(&mut self) -> usize {
        self.skip_space();
        self.pos
    }

    /// The next token, or `None` at the end of the input.
    pub(crate) fn next_token(&mut self) -> Option<Token<'t>> {
        self.skip_space();
        let start = self.pos;
        let end = self.token_end(start);
        self.pos = end;
        (end > start).then(|| Token {
            text: self.text.get(start..end).unwrap_or(""),
            start,
        })
    }

    /// The next token; at the end of the input, an error saying `what` was expected (its
    /// words are made only then).
    pub(crate) fn token(&mut self, what: impl FnOnce() -> String) -> Result<Token<'t>, JudgeError> {
        match self.next_token() {
            Some(token) => Ok(token),
            None => Err(self.error_at_end(&what())),
        }
    }

    /// The next token when it is exactly `len` bytes long, taken without looking inside it: the
    /// caller checks its bytes (a row of cells). Otherwise the token that is there instead
    /// (`Err(None)` at the end of the input), and the cursor is past it.
    #[inline]
    pub(crate) fn fixed_token(&mut self, len: usize) -> Result<Token<'t>, Option<Token<'t>>> {
        self.skip_space();
        let start = self.pos;
        let bytes = self.bytes();
        let ends_there = |end: usize| bytes.get(end).is_none_or(u8::is_ascii_whitespace);
        if len > 0
            && start + len <= bytes.len()
            && ends_there(start + len)
            && let Some(text) = self.text.get(start..start + len)
        {
            self.pos = start + len;
            return Ok(Token { text, start });
        }
        Err(self.next_token())
    }

    /// The next token as a number, read straight from its bytes.
    #[inline(always)]
    fn next_number(&mut self) -> (usize, usize, Number) {
        let bytes = self.bytes();
        let mut pos = self.pos;
        while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        let start = pos;
        let mut value = 0u64;
        let mut huge = false;
        while let Some(&b) = bytes.get(pos) {
            let digit = b.wrapping_sub(b'0');
            if digit >= 10 {
                break;
            }
            match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(digit)))
            {
                Some(v) => value = v,
                None => huge = true,
            }
            pos += 1;
        }
        let ends_there = bytes.get(pos).is_none_or(u8::is_ascii_whitespace);
        let number = if pos == start && bytes.get(pos).is_none() {
            Number::End
        } else if pos == start || !ends_there {
            pos = self.token_end(pos);
            Number::Malformed
        } else if huge {
            Number::Huge
        } else {
            Number::Value(value)
        };
        self.pos = pos;
        (start, pos, number)
    }

    /// The next token as a whole number in `lo..=hi`; `what` names it in errors (its words are
    /// made only then).
    #[inline(always)]
    pub(crate) fn number(
        &mut self,
        lo: u64,
        hi: u64,
        what: impl FnOnce() -> String,
    ) -> Result<u64, JudgeError> {
        let (start, end, number) = self.next_number();
        let token = || crate::text::excerpt(self.text.get(start..end).unwrap_or(""));
        let message = match number {
            Number::Value(v) if (lo..=hi).contains(&v) => return Ok(v),
            Number::Value(v) => format!("{} must be between {lo} and {hi}, found {v}", what()),
            Number::Huge => format!(
                "{} must be between {lo} and {hi}, found {}",
                what(),
                token()
            ),
            Number::Malformed => {
                format!("{}: expected a whole number, found `{}`", what(), token())
            }
            Number::End => return Err(self.error_at_end(&what())),
        };
        Err(self.error_at(start, message))
    }

    /// `Ok` when only whitespace is left, else an error naming what follows the last test.
    pub(crate) fn finish(&mut self) -> Result<(), JudgeError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(self.error_at(
                token.start,
                format!(
                    "unexpected `{}` after the last test",
                    crate::text::excerpt(token.text)
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_line() {
        let mut r = Reader::new("2\n\n 3 x\n");
        assert_eq!(r.number(1, 5, || "T".into()), Ok(2));
        assert_eq!(r.number(1, 5, || "n".into()), Ok(3));
        let err = r.number(1, 5, || "m".into()).unwrap_err();
        assert_eq!(err.line, 3);
        assert_eq!(err.message, "m: expected a whole number, found `x`");
        assert!(r.at_end());
        assert_eq!(
            r.number(1, 5, || "k".into()),
            Err(JudgeError {
                line: 3,
                message: "expected k, found the end of the input".into()
            })
        );
    }

    #[test]
    fn numbers_out_of_range_or_too_long_name_their_limits() {
        let mut r = Reader::new("\u{feff}7 99999999999999999999999 12a");
        let range = |r: &mut Reader<'_>| r.number(1, 5, || "n".into()).unwrap_err().message;
        assert_eq!(range(&mut r), "n must be between 1 and 5, found 7");
        assert_eq!(
            range(&mut r),
            "n must be between 1 and 5, found 99999999999999999999999"
        );
        assert_eq!(range(&mut r), "n: expected a whole number, found `12a`");
        assert!(r.finish().is_ok());
    }

    #[test]
    fn fixed_tokens_take_exactly_their_width() {
        let mut r = Reader::new("abc abcd\nab");
        assert_eq!(
            r.fixed_token(3),
            Ok(Token {
                text: "abc",
                start: 0
            })
        );
        assert_eq!(
            r.fixed_token(3),
            Err(Some(Token {
                text: "abcd",
                start: 4
            }))
        );
        assert_eq!(
            r.fixed_token(3),
            Err(Some(Token {
                text: "ab",
                start: 9
            }))
        );
        assert_eq!(r.fixed_token(3), Err(None));
    }

    #[test]
    fn finish_names_what_is_left() {
        let mut r = Reader::new("1\n\nextra tokens");
        assert_eq!(r.number(0, 1, String::new), Ok(1));
        let err = r.finish().unwrap_err();
        assert_eq!(
            (err.line, err.message.as_str()),
            (3, "unexpected `extra` after the last test")
        );
    }
}
