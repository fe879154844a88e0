//! Reading judge input: whitespace-separated tokens that remember their line, for clear errors.

use super::JudgeError;

/// Tokens of a judge input with 1-based line numbers.
pub struct Tokens<'t> {
    text: &'t str,
    pos: usize,
    line: usize,
}

impl<'t> Tokens<'t> {
    pub fn new(text: &'t str) -> Tokens<'t> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Tokens {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// The line of the next token (or of the end of input).
    pub fn line(&mut self) -> usize {
        self.skip_space();
        self.line
    }

    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if b == b'\n' {
                self.line += 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.text.len()
    }

    /// The next token, or `None` at the end of input.
    pub fn next_token(&mut self) -> Option<(&'t str, usize)> {
        self.skip_space();
        let bytes = self.text.as_bytes();
        let start = self.pos;
        while let Some(&b) = bytes.get(self.pos) {
            if b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
        (self.pos > start).then(|| (&self.text[start..self.pos], self.line))
    }

    /// The next token, or an error naming `what` was expected.
    pub fn token(&mut self, what: &str) -> Result<(&'t str, usize), JudgeError> {
        let line = self.line();
        self.next_token().ok_or_else(|| JudgeError {
            line,
            message: format!("expected {what}, found the end of the input"),
        })
    }

    /// The next token as a whole number in `lo..=hi`.
    pub fn number(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64, JudgeError> {
        let (tok, line) = self.token(what)?;
        let value: u64 = tok.parse().map_err(|_| JudgeError {
            line,
            message: format!("expected {what} (a whole number), found `{}`", clip(tok)),
        })?;
        if value < lo || value > hi {
            return Err(JudgeError {
                line,
                message: format!("{what} must be between {lo} and {hi}, found {value}"),
            });
        }
        Ok(value)
    }

    /// Err unless only whitespace is left.
    pub fn finish(&mut self) -> Result<(), JudgeError> {
        let line = self.line();
        match self.next_token() {
            None => Ok(()),
            Some((tok, _)) => Err(JudgeError {
                line,
                message: format!("unexpected `{}` after the last test", clip(tok)),
            }),
        }
    }
}

/// A token shortened for an error message.
pub fn clip(tok: &str) -> String {
    if tok.chars().count() <= 24 {
        tok.to_string()
    } else {
        let head: String = tok.chars().take(24).collect();
        format!("{head}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_line() {
        let mut t = Tokens::new("2\n\n 3 x\n");
        assert_eq!(t.number("T", 1, 5), Ok(2));
        assert_eq!(t.number("n", 1, 5), Ok(3));
        let err = t.number("m", 1, 5).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.message.contains("`x`"));
        assert!(t.at_end());
    }
}
