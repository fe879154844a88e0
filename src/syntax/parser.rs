//! Text → tree: gathers the lines read by `line.rs` into cases, comments, allow lists and tags.

use super::Parse;
use super::ast::{Case, SourceFile};
use super::line::{Directive, Item, Lines};
use crate::span::Span;

pub(super) use super::line::CODES;

/// Reads a whole `.board` text. Never fails: every line that cannot be read gives one error
/// and reading goes on with the next line.
pub fn parse(text: &str) -> Parse {
    let mut file = SourceFile::default();
    let mut errors = Vec::new();
    // The open case and where its last content ends.
    let mut open: Option<(Case, usize)> = None;
    for line in Lines::new(text) {
        if let Some(comment) = line.comment {
            file.comments.push(comment);
        }
        match line.directive.map(|d| *d) {
            Some(Directive::Allow(allow)) => file.allows.push(allow),
            Some(Directive::Tag(tag)) => file.tags.push(tag),
            None => {}
        }
        if let Some(error) = line.error {
            errors.push(*error);
        }
        let line_end = line.end;
        match line.item {
            Item::Header(header) => {
                file.cases.extend(open.take().map(close));
                let case = Case {
                    span: header.span,
                    header,
                    props: Vec::new(),
                    rows: Vec::new(),
                };
                open = Some((case, line_end));
            }
            // Before the first header these lines were reported and have nowhere to go.
            Item::Property(prop) => {
                if let Some((case, end)) = &mut open {
                    case.props.push(prop);
                    *end = line_end;
                }
            }
            Item::Row(row) => {
                if let Some((case, end)) = &mut open {
                    case.rows.push(row);
                    *end = line_end;
                }
            }
            Item::Broken => {
                if let Some((_, end)) = &mut open {
                    *end = line_end;
                }
            }
            Item::Blank | Item::Comment => {}
        }
    }
    file.cases.extend(open.take().map(close));
    Parse { file, errors }
}

fn close((mut case, end): (Case, usize)) -> Case {
    case.span = Span::new(case.header.span.start, end.max(case.header.span.end));
    case
}
