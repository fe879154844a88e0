//! Diagnostics written out for a terminal or a program: for people (rustc style:
//! `path:line:col: severity[CODE]: message`, the source line and a caret underline) and for
//! programs (JSON). The command line prints them; they know nothing of its options.

use crate::diag::Diagnostic;
use crate::span::LineIndex;
use serde::Serialize;
use std::fmt::Write;

/// One diagnostic, located: 1-based line and column (columns count characters).
#[derive(Serialize)]
pub struct Located<'a> {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    #[serde(flatten)]
    pub diagnostic: &'a Diagnostic,
}

pub fn locate<'a>(file: &str, text: &str, index: &LineIndex, d: &'a Diagnostic) -> Located<'a> {
    let (line, col) = index.line_col_chars(text, d.span.start);
    let (end_line, end_col) = index.line_col_chars(text, d.span.end);
    Located {
        file: file.to_string(),
        line: line + 1,
        column: col + 1,
        end_line: end_line + 1,
        end_column: end_col + 1,
        diagnostic: d,
    }
}

/// The human form, ending in a newline.
pub fn human(file: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> String {
    let loc = locate(file, text, index, d);
    let mut out = format!(
        "{file}:{}:{}: {}[{}]: {}\n",
        loc.line,
        loc.column,
        d.severity.as_str(),
        d.code,
        d.message
    );
    let line_text = index.line_text(text, loc.line - 1);
    // Tabs would make the caret line drift; show them as one space each.
    let shown: String = line_text
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let width = loc.line.to_string().len();
    let pad = " ".repeat(width);
    let line_chars = shown.chars().count();
    let start = loc.column - 1;
    let end = if loc.end_line == loc.line {
        loc.end_column - 1
    } else {
        line_chars
    };
    let carets = end.saturating_sub(start).max(1);
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{} | {shown}", loc.line);
    let _ = writeln!(out, "{pad} | {}{}", " ".repeat(start), "^".repeat(carets));
    if let Some(help) = &d.help {
        let _ = writeln!(out, "{pad} = help: {help}");
    }
    for (span, message) in &d.related {
        let (line, col) = index.line_col_chars(text, span.start);
        let _ = writeln!(out, "{pad} = note: {}:{}: {message}", line + 1, col + 1);
    }
    out
}
