//! PLACEHOLDER parser: replaced by the nom parser.

use super::Parse;

pub const CODES: &[(&str, &str)] = &[];

pub fn parse(_text: &str) -> Parse {
    Parse::default()
}
