//! Hovers: a case's verdict on its header, a cell's meaning on a cell, what a key or a value
//! means on a property, a diagnostic's explanation on its span.

use super::{CaseState, EXPECT_DOC, FileView, MOVES_DOC};
use crate::analysis::{CaseAnalysis, Verdict, codes};
use crate::diag::Diagnostic;
use crate::games::GameId;
use crate::span::Span;

/// What to show and the span it is about, in the two forms clients take: Markdown, and plain
/// text for a client that renders no Markdown. Both say the same; plain text drops the
/// emphasis and the rules between sections, and keeps the backticks that quote a value (as
/// messages do).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub markdown: String,
    pub plain: String,
    pub span: Span,
}

/// Hover text built in both forms at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Text {
    markdown: String,
    plain: String,
}

impl Text {
    fn push(&mut self, s: &str) -> &mut Text {
        self.markdown.push_str(s);
        self.plain.push_str(s);
        self
    }

    /// A heading: bold in Markdown.
    fn strong(&mut self, s: &str) -> &mut Text {
        self.markdown.push_str(&format!("**{s}**"));
        self.plain.push_str(s);
        self
    }
}

/// What there is to say at `offset`; `diagnostics` are the file's current ones (results too).
pub fn hover(view: &FileView<'_>, diagnostics: &[Diagnostic], offset: usize) -> Option<Hover> {
    let mut sections: Vec<(Span, Text)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.span.touches(offset)) {
        if let Some(explanation) = codes::explain(d.code) {
            let line = format!("`{}` {}", d.code, explanation);
            if !sections.iter().any(|(_, s)| s.plain == line) {
                let mut text = Text::default();
                text.push(&line);
                sections.push((d.span, text));
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
    } else if let Some(case) = view.analysis.case_at(offset) {
        if let Some((r, c)) = case.cell_at(offset) {
            if let Some(text) = cell(view, case, r, c) {
                sections.push((Span::new(offset, offset + 1), text));
            }
        } else if let Some(section) = property(view, case, offset) {
            sections.push(section);
        }
    }
    // The most specific section decides the span: a cell or a header over a diagnostic.
    let span = sections
        .iter()
        .map(|(s, _)| *s)
        .min_by_key(super::super::span::Span::len)?;
    let (markdown, plain): (Vec<String>, Vec<String>) = sections
        .into_iter()
        .rev()
        .map(|(_, text)| (text.markdown, text.plain))
        .unzip();
    Some(Hover {
        markdown: markdown.join("\n\n---\n\n"),
        plain: plain.join("\n\n"),
        span,
    })
}

fn header(view: &FileView<'_>, case: &CaseAnalysis, offset: usize) -> Text {
    let mut out = Text::default();
    out.strong(&case.title());
    if let Some(game) = case.game {
        let spec = game.spec();
        if !spec.title.is_empty() {
            out.push(&format!(" — {}", spec.title));
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
            out.push(&format!("\n\n{}", spec.rules));
        }
    }
    out.push("\n\n");
    match view.state(case) {
        CaseState::Invalid => {
            out.push("Not solved: the case has errors.");
        }
        CaseState::Pending { last } => {
            out.push("Solving…");
            if let Some(s) = last.as_deref().and_then(Verdict::solution) {
                out.push(&format!(
                    " (last result: {}, answer `{}`)",
                    s.verdict, s.answer
                ));
            }
        }
        CaseState::Done(v) | CaseState::Answered(v) => match &**v {
            Verdict::Solved { solution, elapsed } => {
                out.push(&format!("{}.\n\n", capitalise(&solution.verdict)));
                out.push(&format!("Judge answer: `{}`", solution.answer));
                out.push(&against_expect(case, &solution.answer));
                let why = solution.why.text();
                if !why.is_empty() {
                    out.push(&format!("\n\nWhy: {why}"));
                }
                let ms = elapsed.as_secs_f64() * 1000.0;
                out.push(&format!("\n\nSolved in {ms:.2} ms"));
                if solution.nodes > 0 {
                    out.push(&format!(" · {} search nodes", solution.nodes));
                }
            }
            Verdict::Unsolved(why) => {
                out.push(&capitalise(&why.to_string()));
            }
            Verdict::Failed(message) => {
                out.push(&format!("The solver failed (a bug in boardls): {message}"));
            }
        },
    }
    out
}

/// How the solved `answer` compares with the case's `expect`, after "Judge answer: …".
fn against_expect(case: &CaseAnalysis, answer: &str) -> String {
    match case.expect.as_ref() {
        Some(e) if e.canonical.as_deref() == Some(answer) => " — matches `expect` ✓".to_string(),
        Some(e) => format!(" — `expect = {}` differs ✗", e.raw),
        None => " — no `expect` yet".to_string(),
    }
}

fn cell(view: &FileView<'_>, case: &CaseAnalysis, r: usize, c: usize) -> Option<Text> {
    let solution = view.state(case).solution()?;
    let map = solution.cells.as_ref()?;
    if map.rows != case.row_starts.len() || map.cols != case.cols {
        return None;
    }
    let description = (map.describe)(r, c)?;
    // A heading, not a prefix: the games' own descriptions name the cell again.
    let mut text = Text::default();
    text.strong(&format!("cell ({}, {}) of {}", r + 1, c + 1, case.title()))
        .push(&format!("\n\n{description}"));
    Some(text)
}

/// On a key: what it sets (the words completion offers with it). On a value: the key's words
/// again, and for `expect` how the value compares with the solved answer.
fn property(view: &FileView<'_>, case: &CaseAnalysis, offset: usize) -> Option<(Span, Text)> {
    let game = case.game?;
    let prop = view
        .analysis
        .parse
        .file
        .cases
        .get(case.index)?
        .props
        .iter()
        .find(|p| p.key.span.touches(offset) || p.value.span.touches(offset))?;
    let key = prop.key.value.as_str();
    let (doc, required) = key_doc(game, key)?;
    let mut text = Text::default();
    if prop.key.span.touches(offset) {
        let what = if required {
            format!(" — {game} key, required")
        } else {
            format!(" — {game} key")
        };
        text.strong(key).push(&what).push(&format!("\n\n{doc}"));
        return Some((prop.key.span, text));
    }
    if prop.value.span.is_empty() {
        return None;
    }
    text.strong(&format!("{key} = {}", prop.value.value))
        .push(&format!("\n\n{doc}"));
    if key == "expect" {
        text.push(&expect_words(view, case));
    }
    if key == "moves"
        && let Some(position) = &case.position
    {
        let state = if position.over() {
            "the game is over".to_string()
        } else {
            format!("the {} player to move", position.to_move())
        };
        text.push(&format!(
            "\n\nAfter {} moves: {state}.",
            position.played().len()
        ));
    }
    Some((prop.value.span, text))
}

/// What a key of `game` means and whether a case must set it; `None` for a key it does not take.
fn key_doc(game: GameId, key: &str) -> Option<(String, bool)> {
    if key == "expect" {
        let answers = game.spec().answers.join("`, `");
        let doc = format!(
            "{}. Answers of {game} are made of `{answers}`.",
            capitalise(EXPECT_DOC)
        );
        return Some((doc, false));
    }
    if key == "moves" {
        let doc = format!(
            "{}. A {game} move is {}.",
            capitalise(MOVES_DOC),
            game.move_notation()
        );
        return Some((doc, false));
    }
    let spec = game.spec().keys.iter().find(|k| k.name == key)?;
    Some((spec.doc.to_string(), spec.required))
}

/// The `expect` value against the solved answer, as the header's hover says it.
fn expect_words(view: &FileView<'_>, case: &CaseAnalysis) -> String {
    match view.state(case) {
        CaseState::Done(v) => match v.solution() {
            Some(solution) => format!(
                "\n\nJudge answer: `{}`{}",
                solution.answer,
                against_expect(case, &solution.answer)
            ),
            None => "\n\nNo answer to compare with: see the case's header.".to_string(),
        },
        CaseState::Pending { .. } => "\n\nSolving…".to_string(),
        CaseState::Answered(_) => "\n\nSolving the cells…".to_string(),
        CaseState::Invalid => "\n\nNot solved: the case has errors.".to_string(),
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
