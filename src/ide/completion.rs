//! Completion: game ids after `[`, keys at the start of a line in a case, values after
//! `key =` (piece names, answer tokens after `expect =`). Nothing inside a grid: a row of cells
//! such as `AB` or `ab` is not the start of a key.

use super::{EXPECT_DOC, FileView, MOVES_DOC};
use crate::analysis::CaseAnalysis;
use crate::games::GameId;
use crate::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Game,
    Key,
    Value,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: Option<String>,
    pub doc: Option<String>,
    pub insert: String,
    /// What the insertion replaces: the word typed so far.
    pub replace: Span,
}

pub fn completions(view: &FileView<'_>, offset: usize) -> Vec<Completion> {
    let offset = offset.min(view.text.len());
    let line = view.index.line_of(offset);
    let Some(before) = view.text.get(view.index.line_start(line)..offset) else {
        return Vec::new();
    };
    if before.contains("//") {
        return Vec::new();
    }
    let trimmed = before.trim_start();
    let word = |s: &str| s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');

    if let Some(prefix) = trimmed.strip_prefix('[') {
        if !word(prefix) {
            return Vec::new();
        }
        let replace = Span::new(offset - prefix.len(), offset);
        return GameId::ALL
            .into_iter()
            .map(|g| {
                let spec = g.spec();
                Completion {
                    label: g.as_str().to_string(),
                    kind: CompletionKind::Game,
                    detail: (!spec.title.is_empty()).then(|| spec.title.to_string()),
                    doc: (!spec.rules.is_empty()).then(|| spec.rules.to_string()),
                    insert: g.as_str().to_string(),
                    replace,
                }
            })
            .collect();
    }

    let Some(case) = view.case_before(offset) else {
        return Vec::new();
    };
    if view.index.line_of(case.header.start) == line {
        return Vec::new();
    }
    let Some(game) = case.game else {
        return Vec::new();
    };
    let spec = game.spec();

    if let Some((key, value)) = trimmed.split_once('=') {
        let key = key.trim();
        let prefix = value.rsplit([' ', '\t']).next().unwrap_or("");
        let replace = Span::new(offset - prefix.len(), offset);
        if key == "moves" {
            return legal_moves(case, value, replace);
        }
        let values: Vec<&str> = if key == "expect" {
            spec.answers.to_vec()
        } else {
            spec.keys
                .iter()
                .find(|k| k.name == key)
                .map(|k| k.values.to_vec())
                .unwrap_or_default()
        };
        return values
            .into_iter()
            .map(|v| Completion {
                label: v.to_string(),
                kind: CompletionKind::Value,
                detail: Some(format!("{key} for {game}")),
                doc: None,
                insert: v.to_string(),
                replace,
            })
            .collect();
    }

    let key_names: Vec<&str> = spec
        .keys
        .iter()
        .map(|k| k.name)
        .chain(["expect", "moves"])
        .collect();
    if !word(trimmed) || is_grid_row(view, case, line, spec.is_cell, &key_names) {
        return Vec::new();
    }
    let present: Vec<&str> = view
        .analysis
        .parse
        .file
        .cases
        .get(case.index)
        .map(|c| {
            c.props
                .iter()
                .filter(|p| view.index.line_of(p.span.start) != line)
                .map(|p| p.key.value.as_str())
                .collect()
        })
        .unwrap_or_default();
    let replace = Span::new(offset - trimmed.len(), offset);
    spec.keys
        .iter()
        .map(|k| (k.name, k.doc))
        .chain([("expect", EXPECT_DOC), ("moves", MOVES_DOC)])
        .filter(|(name, _)| !present.contains(name))
        .map(|(name, doc)| Completion {
            label: name.to_string(),
            kind: CompletionKind::Key,
            detail: Some(format!("{game} key")),
            doc: Some(doc.to_string()),
            insert: format!("{name} = "),
            replace,
        })
        .collect()
}

/// After `moves =`: the legal moves of the position the words before the cursor reach.
fn legal_moves(case: &CaseAnalysis, value: &str, replace: Span) -> Vec<Completion> {
    let Some(board) = case.start.as_ref().or(case.board.as_ref()) else {
        return Vec::new();
    };
    let words: Vec<&str> = value.split([' ', '\t']).collect();
    let before = &words[..words.len().saturating_sub(1)];
    let mut position = board.start();
    for word in before.iter().filter(|w| !w.is_empty()) {
        match position.play(word) {
            Ok(next) => position = next,
            Err(_) => return Vec::new(),
        }
    }
    let to_move = position.to_move();
    let game = board.game();
    position
        .moves()
        .unwrap_or_default()
        .into_iter()
        .map(|m| Completion {
            label: m.clone(),
            kind: CompletionKind::Value,
            detail: Some(format!("{game} move, {to_move} to move")),
            doc: None,
            insert: m,
            replace,
        })
        .collect()
}

/// Whether `line` is a row of the case's grid, written in the game's cells only. The grid's last
/// row may be a key being typed (`ex` after a strings grid, whose cells are any lowercase
/// letters): it counts as a row unless it begins a key.
fn is_grid_row(
    view: &FileView<'_>,
    case: &CaseAnalysis,
    line: usize,
    is_cell: fn(u8) -> bool,
    keys: &[&str],
) -> bool {
    let start = view.index.line_start(line);
    let rest = view.text.get(start..).unwrap_or("");
    let content = rest.split('\n').next().unwrap_or("").trim();
    let Some(row) = case
        .row_starts
        .iter()
        .position(|&row| view.index.line_of(row) == line)
    else {
        return false;
    };
    let last = row + 1 == case.row_starts.len();
    !content.is_empty()
        && content.bytes().all(is_cell)
        && !(last && keys.iter().any(|k| k.starts_with(content)))
}
