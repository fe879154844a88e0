//! Hovers: a case's verdict on its header, a cell's meaning on a cell, a diagnostic's
//! explanation on its span.

use super::{CaseState, FileView};
use crate::analysis::{CaseAnalysis, Verdict, codes};
use crate::diag::Diagnostic;
use crate::span::Span;

/// Markdown to show and the span it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub markdown: String,
    pub span: Span,
}

/// What there is to say at `offset`; `diagnostics` are the file's current ones (results too).
pub fn hover(view: &FileView<'_>, diagnostics: &[Diagnostic], offset: usize) -> Option<Hover> {
    let mut sections: Vec<(Span, String)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.span.touches(offset)) {
        if let Some(text) = codes::explain(d.code) {
            let line = format!("`{}` {}", d.code, text);
            if !sections.iter().any(|(_, s)| *s == line) {
                sections.push((d.span, line));
            }
        }
    }
    if let Some(case) = view
        .analysis
        .cases
        .iter()
        .find(|c| c.header.touches(offset))
    {
        sections.push((case.header, header(view, case, offset)));
    } else if let Some(case) = view.analysis.case_at(offset)
        && let Some((r, c)) = case.cell_at(offset)
        && let Some(text) = cell(view, case, r, c)
    {
        sections.push((Span::new(offset, offset + 1), text));
    }
    // The most specific section decides the span: a cell or a header over a diagnostic.
    let span = sections
        .iter()
        .map(|(s, _)| *s)
        .min_by_key(super::super::span::Span::len)?;
    let markdown = sections
        .into_iter()
        .rev()
        .map(|(_, text)| text)
        .collect::<Vec<_>>()
        .join("\n\n---\n\n");
    Some(Hover { markdown, span })
}

fn header(view: &FileView<'_>, case: &CaseAnalysis, offset: usize) -> String {
    let mut out = format!("**{}**", case.title());
    if let Some(game) = case.game {
        let spec = game.spec();
        if !spec.title.is_empty() {
            out.push_str(&format!(" — {}", spec.title));
        }
        let on_game_id = view
            .analysis
            .parse
            .file
            .cases
            .get(case.index)
            .and_then(|c| c.header.game.as_ref())
            .is_some_and(|g| g.span.touches(offset));
        if on_game_id && !spec.rules.is_empty() {
            out.push_str(&format!("\n\n{}", spec.rules));
        }
    }
    out.push_str("\n\n");
    match view.state(case) {
        CaseState::Invalid => out.push_str("Not solved: the case has errors."),
        CaseState::Pending { last } => {
            out.push_str("Solving…");
            if let Some(s) = last.as_deref().and_then(Verdict::solution) {
                out.push_str(&format!(
                    " (last result: {}, answer `{}`)",
                    s.verdict, s.answer
                ));
            }
        }
        CaseState::Done(v) => match &**v {
            Verdict::Solved { solution, elapsed } => {
                out.push_str(&format!("{}.\n\n", capitalise(&solution.verdict)));
                out.push_str(&format!("Judge answer: `{}`", solution.answer));
                match case.expect.as_ref() {
                    Some(e) if e.canonical.as_deref() == Some(solution.answer.as_str()) => {
                        out.push_str(" — matches `expect` ✓");
                    }
                    Some(e) => out.push_str(&format!(" — `expect = {}` differs ✗", e.raw)),
                    None => out.push_str(" — no `expect` yet"),
                }
                if !solution.why.is_empty() {
                    out.push_str(&format!("\n\nWhy: {}", solution.why));
                }
                let ms = elapsed.as_secs_f64() * 1000.0;
                out.push_str(&format!("\n\nSolved in {ms:.2} ms"));
                if solution.nodes > 0 {
                    out.push_str(&format!(" · {} search nodes", solution.nodes));
                }
            }
            Verdict::Unsolved(why) => out.push_str(&capitalise(&why.to_string())),
            Verdict::Failed(message) => {
                out.push_str(&format!("The solver failed (a bug in boardls): {message}"));
            }
        },
    }
    out
}

fn cell(view: &FileView<'_>, case: &CaseAnalysis, r: usize, c: usize) -> Option<String> {
    let solution = view.state(case).solution()?;
    let map = solution.cells.as_ref()?;
    if map.rows != case.row_starts.len() || map.cols != case.cols {
        return None;
    }
    let text = (map.describe)(r, c)?;
    // A heading, not a prefix: the games' own descriptions name the cell again.
    Some(format!(
        "**cell ({}, {}) of {}**\n\n{text}",
        r + 1,
        c + 1,
        case.title()
    ))
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
