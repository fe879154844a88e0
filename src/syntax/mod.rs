//! Text → tree with byte spans. Never fails: returns the tree and every syntax error.

pub mod ast;
pub mod format;
mod line;
mod located;
mod parser;

pub use ast::*;
pub use line::is_group_name;
pub use parser::parse;

/// Whitespace that may separate items on a line but never cells of a row.
pub(crate) const ROW_SPACE: [char; 2] = line::WS;

use crate::diag::Diagnostic;

/// What parsing a text gives: the tree and the syntax errors (codes `E1xx`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parse {
    pub file: SourceFile,
    pub errors: Vec<Diagnostic>,
}

/// Syntax error codes with an explanation each.
pub const CODES: &[(&str, &str)] = parser::CODES;
