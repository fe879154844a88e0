//! The tree of a `.board` file: cases with header, properties and grid rows, each with spans.

use crate::span::Span;
use smol_str::SmolStr;

/// A value with the span it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// A whole file. Parsing never fails: what could not be read is reported, the rest is here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceFile {
    pub cases: Vec<Case>,
    /// `// boardls: allow CODE…` comments anywhere in the file.
    pub allows: Vec<Allow>,
    /// `// boardls: group NAME` and `// boardls: sample`, in file order.
    pub tags: Vec<Tag>,
    /// Every comment, `//` included, to the end of its line (line break excluded).
    pub comments: Vec<Span>,
}

/// From a header to the next header or the end of the file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// From the header's `[` to the end of the case's last non-blank line.
    pub span: Span,
    pub header: Header,
    pub props: Vec<Property>,
    pub rows: Vec<Row>,
}

/// `[game "name"]`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// From `[` to `]` (or to the end of what was read when `]` is missing).
    pub span: Span,
    /// The game id as written (not yet checked against the known games).
    pub game: Option<Spanned<SmolStr>>,
    /// The name with escapes resolved; the span covers the quotes.
    pub name: Option<Spanned<SmolStr>>,
}

/// `key = value`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Property {
    pub span: Span,
    pub key: Spanned<SmolStr>,
    /// Trimmed; may be empty (then its span is empty, just after `=`).
    pub value: Spanned<SmolStr>,
}

/// One grid row: the line's text without indentation, comment or trailing space. Only its
/// span is kept: the text is the source's own, and a large grid is then not held twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub span: Span,
}

impl Row {
    /// The row as written, in `source`, the text it was read from.
    pub fn text<'t>(&self, source: &'t str) -> &'t str {
        &source[self.span.start..self.span.end]
    }
}

/// `// boardls: allow E201 W301`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Allow {
    pub span: Span,
    pub codes: Vec<Spanned<String>>,
}

/// `// boardls: group NAME` or `// boardls: sample`: before the first header it labels every
/// case of the file; under a case's header, that case alone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The whole comment.
    pub span: Span,
    pub kind: TagKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TagKind {
    /// The test group (a folder under `data/secret/` in the Kattis layout).
    Group(Spanned<String>),
    /// A sample test: shown to contestants, exported to `data/sample/`.
    Sample,
}

/// What the tags say about one case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    pub group: Option<String>,
    pub sample: bool,
}

impl SourceFile {
    /// The group and sample mark of case `index`: its own tags over the file's.
    pub fn labels(&self, index: usize) -> Labels {
        let mut labels = Labels::default();
        let Some(case) = self.cases.get(index) else {
            return labels;
        };
        let file_end = self
            .cases
            .first()
            .map_or(usize::MAX, |c| c.header.span.start);
        let case_end = self
            .cases
            .get(index + 1)
            .map_or(usize::MAX, |c| c.header.span.start);
        let file_tags = self.tags.iter().filter(|t| t.span.start < file_end);
        let own_tags = self
            .tags
            .iter()
            .filter(|t| t.span.start >= case.header.span.start && t.span.start < case_end);
        for tag in file_tags.chain(own_tags) {
            match &tag.kind {
                TagKind::Group(name) => labels.group = Some(name.value.clone()),
                TagKind::Sample => labels.sample = true,
            }
        }
        labels
    }
}

impl Property {
    /// The value's words (separated by spaces or tabs), each with its span: the moves of
    /// `moves = …`.
    pub fn words(&self) -> Vec<Spanned<String>> {
        let base = self.value.span.start;
        let text = self.value.value.as_str();
        let mut out = Vec::new();
        let mut start = None;
        for (i, ch) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (ch == ' ' || ch == '\t', start) {
                (true, Some(s)) => {
                    out.push(Spanned {
                        value: text[s..i].to_string(),
                        span: Span::new(base + s, base + i),
                    });
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        out
    }
}
