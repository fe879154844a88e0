//! Diagnostics written out for a terminal or a program: for people (rustc style:
//! `path:line:col: severity[CODE]: message`, the source line and a caret underline, plain or
//! coloured), as GitHub workflow commands, as SARIF 2.1.0, and as JSON. The command line prints
//! them; they know nothing of its options.

mod github;
mod sarif;

pub use github::github;
pub use sarif::{SarifFile, SarifFix, SarifLog, SarifResults, sarif, sarif_results};

use crate::diag::{Diagnostic, Severity};
use crate::span::LineIndex;
use anstyle::{AnsiColor, Style};
use serde::Serialize;
use std::fmt::Write;
use unicode_width::UnicodeWidthStr;

/// One diagnostic, located: 1-based line and column (columns count characters, Unicode code
/// points, as SARIF's `unicodeCodePoints`).
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

/// The styles of the human form; the plain one renders every style as nothing.
struct Palette {
    error: Style,
    warning: Style,
    info: Style,
    gutter: Style,
    help: Style,
}

const PLAIN: Palette = Palette {
    error: Style::new(),
    warning: Style::new(),
    info: Style::new(),
    gutter: Style::new(),
    help: Style::new(),
};

const COLOURED: Palette = Palette {
    error: AnsiColor::Red.on_default().bold(),
    warning: AnsiColor::Yellow.on_default().bold(),
    info: AnsiColor::Cyan.on_default().bold(),
    gutter: AnsiColor::Blue.on_default().bold(),
    help: Style::new().bold(),
};

impl Palette {
    fn severity(&self, severity: Severity) -> Style {
        match severity {
            Severity::Error => self.error,
            Severity::Warning => self.warning,
            Severity::Info => self.info,
        }
    }
}

/// The human form, ending in a newline.
pub fn human(file: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> String {
    render(file, text, index, d, &PLAIN)
}

/// [`human`] with ANSI colours (severity, carets, gutter), for a terminal: the caller's
/// stream strips them where colour is not wanted.
pub fn human_coloured(file: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> String {
    render(file, text, index, d, &COLOURED)
}

fn render(file: &str, text: &str, index: &LineIndex, d: &Diagnostic, palette: &Palette) -> String {
    let loc = locate(file, text, index, d);
    let severity = palette.severity(d.severity);
    let gutter = palette.gutter;
    let mut out = format!(
        "{file}:{}:{}: {severity}{}[{}]{severity:#}: {}\n",
        loc.line,
        loc.column,
        d.severity.as_str(),
        d.code,
        d.message
    );
    let line = loc.line - 1;
    let line_start = index.line_start(line);
    let line_text = index.line_text(text, line);
    // Tabs would make the caret line drift; show them as one space each.
    let shown: String = line_text
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    // Carets are placed in display cells: a CJK character or an emoji takes two.
    let cells = |end: usize| {
        let end = end.saturating_sub(line_start).min(shown.len());
        shown.get(..end).map_or(0, UnicodeWidthStr::width)
    };
    let start = cells(d.span.start);
    let end = if loc.end_line == loc.line {
        cells(d.span.end)
    } else {
        shown.width()
    };
    let carets = end.saturating_sub(start).max(1);
    let width = loc.line.to_string().len();
    let pad = " ".repeat(width);
    let _ = writeln!(out, "{gutter}{pad} |{gutter:#}");
    let _ = writeln!(out, "{gutter}{} |{gutter:#} {shown}", loc.line);
    let _ = writeln!(
        out,
        "{gutter}{pad} |{gutter:#} {}{severity}{}{severity:#}",
        " ".repeat(start),
        "^".repeat(carets)
    );
    if let Some(help) = &d.help {
        let style = palette.help;
        let _ = writeln!(
            out,
            "{gutter}{pad} ={gutter:#} {style}help{style:#}: {help}"
        );
    }
    for (span, message) in &d.related {
        let (line, col) = index.line_col_chars(text, span.start);
        let _ = writeln!(out, "{pad} = note: {}:{}: {message}", line + 1, col + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn caret_line(text: &str, needle: &str) -> String {
        let start = text.find(needle).expect("needle");
        let d = Diagnostic::error("E202", Span::new(start, start + needle.len()), "m");
        let index = LineIndex::new(text);
        human("f.board", text, &index, &d)
            .lines()
            .nth(3)
            .expect("caret line")
            .to_string()
    }

    #[test]
    fn carets_count_display_cells_after_wide_characters() {
        // Each CJK character and the emoji take two cells.
        let text = "[zgame \"棋盘 🎲\"] expct = yes\n";
        let shown = caret_line(text, "expct");
        let prefix = "[zgame \"棋盘 🎲\"] ";
        assert_eq!(shown, format!("  | {}^^^^^", " ".repeat(prefix.width())));
        assert_eq!(prefix.width(), prefix.chars().count() + 3);
    }

    #[test]
    fn the_coloured_form_is_the_plain_one_with_escapes() {
        let text = "[zgame] expct = yes\n";
        let d = Diagnostic::warning("W301", Span::new(8, 13), "m").with_help("h");
        let index = LineIndex::new(text);
        let coloured = human_coloured("f", text, &index, &d);
        assert!(coloured.contains("\u{1b}["));
        let stripped = anstream::adapter::strip_str(&coloured).to_string();
        assert_eq!(stripped, human("f", text, &index, &d));
    }
}
