//! Folding ranges: each case, and each block of two or more comment lines.

use super::FileView;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Case,
    Comment,
}

/// Zero-based lines, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub start_line: usize,
    pub end_line: usize,
    pub kind: FoldKind,
}

pub fn folds(view: &FileView<'_>) -> Vec<Fold> {
    let mut out = Vec::new();
    for case in &view.analysis.cases {
        let start_line = view.index.line_of(case.span.start);
        let end_line = view
            .index
            .line_of(case.span.end.saturating_sub(1).max(case.span.start));
        if end_line > start_line {
            out.push(Fold {
                start_line,
                end_line,
                kind: FoldKind::Case,
            });
        }
    }
    // Comments alone on their line, grouped by consecutive lines.
    let mut block: Option<(usize, usize)> = None;
    for comment in &view.analysis.parse.file.comments {
        let line = view.index.line_of(comment.start);
        let before = view
            .text
            .get(view.index.line_start(line)..comment.start)
            .unwrap_or("");
        if !before.trim().is_empty() {
            continue;
        }
        block = match block {
            Some((start, end)) if line == end + 1 => Some((start, line)),
            Some((start, end)) => {
                push_comment(&mut out, start, end);
                Some((line, line))
            }
            None => Some((line, line)),
        };
    }
    if let Some((start, end)) = block {
        push_comment(&mut out, start, end);
    }
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out
}

fn push_comment(out: &mut Vec<Fold>, start: usize, end: usize) {
    if end > start {
        out.push(Fold {
            start_line: start,
            end_line: end,
            kind: FoldKind::Comment,
        });
    }
}
