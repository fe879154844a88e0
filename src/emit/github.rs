//! GitHub Actions workflow commands: one `::error file=…,line=…::message` line per diagnostic,
//! which the runner turns into annotations on the pull request.

use super::locate;
use crate::diag::{Diagnostic, Severity};
use crate::span::LineIndex;

/// One workflow command, ending in a newline.
pub fn github(file: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> String {
    let loc = locate(file, text, index, d);
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    };
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    format!(
        "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
        property(file),
        loc.line,
        loc.column,
        loc.end_line,
        loc.end_column,
        property(d.code),
        data(&message)
    )
}

/// The runner's escaping of a command's message.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// The runner's escaping of a property value, where `:` and `,` are separators.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    #[test]
    fn commands_escape_what_the_runner_reads_as_syntax() {
        let text = "[zgame]\nrows = 3\n";
        let d = Diagnostic::warning("W301", Span::new(8, 12), "50% of it\nis: odd, yes")
            .with_help("fix");
        let index = LineIndex::new(text);
        assert_eq!(
            github("a,b:c.board", text, &index, &d),
            "::warning file=a%2Cb%3Ac.board,line=2,col=1,endLine=2,endColumn=5,title=W301::50%25 of it%0Ais: odd, yes%0Ahelp: fix\n"
        );
    }
}
