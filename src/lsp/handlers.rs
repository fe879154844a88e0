//! One adapter per feature: LSP params in, an `ide` call, LSP values out.

use super::caps::{
    APPLY_FIX, CHECK_SUITE, ClientCaps, EXPORT_TESTS, SOLVE_WITH_BUDGET, WRITE_ALL_EXPECT,
    WRITE_EXPECT, source_fix_all,
};
use super::convert::{from_proto, to_proto};
use super::diagnostics;
use super::document::View;
use super::state::Shared;
use crate::diag::Diagnostic;
use crate::ide::{self, Edit, lens::LensAction};
use crate::render;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// What an adapter needs besides the view.
pub(crate) struct Ctx {
    pub uri: lsp::Uri,
    pub caps: ClientCaps,
    pub shared: Arc<Shared>,
}

impl Ctx {
    /// The file's diagnostics as published (its suite's findings included), in byte spans.
    fn diagnostics(&self, view: &View) -> Vec<Diagnostic> {
        diagnostics::findings(&self.shared, &self.uri, view)
    }
}

pub(crate) fn hover(view: &View, ctx: &Ctx, pos: lsp::Position) -> Option<lsp::Hover> {
    let enc = ctx.caps.encoding;
    let offset = from_proto::offset(view.text(), view.index(), pos, enc);
    let file = view.file();
    let diagnostics = ctx.diagnostics(view);
    let hover = ide::hover::hover(&file, &diagnostics, offset)?;
    let (kind, value) = if ctx.caps.hover_markdown {
        (lsp::MarkupKind::Markdown, hover.markdown)
    } else {
        (lsp::MarkupKind::PlainText, hover.plain)
    };
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent { kind, value }),
        range: Some(to_proto::range(view.text(), view.index(), hover.span, enc)),
    })
}

pub(crate) fn code_lens(view: &View, ctx: &Ctx) -> Vec<lsp::CodeLens> {
    let enc = ctx.caps.encoding;
    let uri = || Value::from(ctx.uri.as_str());
    let on_disk = ctx.uri.as_str().starts_with("file:");
    ide::lens::lenses(&view.file())
        .into_iter()
        .filter_map(|lens| {
            let at = to_proto::position(view.text(), view.index(), lens.offset, enc);
            let (command, arguments) = match lens.action {
                LensAction::None => (String::new(), None),
                LensAction::WriteExpect { case } => (
                    WRITE_EXPECT.to_string(),
                    Some(vec![uri(), Value::from(case)]),
                ),
                LensAction::SolveWithBudget { case, factor } => (
                    SOLVE_WITH_BUDGET.to_string(),
                    Some(vec![uri(), Value::from(case), Value::from(factor)]),
                ),
                // An unsaved buffer has no folder to export beside.
                LensAction::ExportTests if !on_disk => return None,
                LensAction::ExportTests => (EXPORT_TESTS.to_string(), Some(vec![uri()])),
                LensAction::CheckSuite => (CHECK_SUITE.to_string(), Some(vec![uri()])),
            };
            Some(lsp::CodeLens {
                range: lsp::Range::new(at, at),
                command: Some(lsp::Command {
                    title: lens.title,
                    command,
                    arguments,
                }),
                data: None,
            })
        })
        .collect()
}

pub(crate) fn inlay_hints(view: &View, ctx: &Ctx, range: lsp::Range) -> Vec<lsp::InlayHint> {
    let enc = ctx.caps.encoding;
    let within = from_proto::span(view.text(), view.index(), range, enc);
    ide::hints::hints(&view.file(), within)
        .into_iter()
        .map(|hint| lsp::InlayHint {
            position: to_proto::position(view.text(), view.index(), hint.offset, enc),
            label: lsp::InlayHintLabel::String(hint.label),
            kind: None,
            text_edits: None,
            tooltip: hint.tooltip.map(lsp::InlayHintTooltip::String),
            padding_left: Some(true),
            padding_right: None,
            data: None,
        })
        .collect()
}

fn workspace_edit(
    view: &View,
    uri: &lsp::Uri,
    caps: ClientCaps,
    edits: &[Edit],
) -> lsp::WorkspaceEdit {
    let enc = caps.encoding;
    let edits: Vec<lsp::TextEdit> = edits
        .iter()
        .map(|e| to_proto::text_edit(view.text(), view.index(), e, enc))
        .collect();
    versioned_edit(caps, uri, view.snap.version, edits)
}

/// `edits` of the document at `uri` as of `version`: tied to that version where the client
/// takes document changes, so that it refuses them on a newer text.
pub(crate) fn versioned_edit(
    caps: ClientCaps,
    uri: &lsp::Uri,
    version: i32,
    edits: Vec<lsp::TextEdit>,
) -> lsp::WorkspaceEdit {
    if caps.document_changes {
        lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Edits(vec![lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri: uri.clone(),
                    version: Some(version),
                },
                edits: edits.into_iter().map(lsp::OneOf::Left).collect(),
            }])),
            ..lsp::WorkspaceEdit::default()
        }
    } else {
        lsp::WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..lsp::WorkspaceEdit::default()
        }
    }
}

pub(crate) fn code_action(
    view: &View,
    ctx: &Ctx,
    params: &lsp::CodeActionParams,
) -> lsp::CodeActionResponse {
    let enc = ctx.caps.encoding;
    let (text, index) = (view.text(), view.index());
    let span = from_proto::span(text, index, params.range, enc);
    let file = view.file();
    let diagnostics = ctx.diagnostics(view);
    let wanted = |kind: &lsp::CodeActionKind| match &params.context.only {
        None => true,
        Some(only) => only.iter().any(|o| {
            kind.as_str() == o.as_str() || kind.as_str().starts_with(&format!("{}.", o.as_str()))
        }),
    };
    let literals = ctx.caps.code_action_literals;
    let mut out = Vec::new();
    if wanted(&lsp::CodeActionKind::QUICKFIX) {
        for fix in ide::fixes::fixes(&file, &diagnostics, span) {
            if literals {
                out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                    title: fix.title,
                    kind: Some(lsp::CodeActionKind::QUICKFIX),
                    diagnostics: fix
                        .diagnostic
                        .map(|d| vec![to_proto::diagnostic(text, index, &ctx.uri, &d, enc)]),
                    edit: Some(workspace_edit(view, &ctx.uri, ctx.caps, &fix.edits)),
                    is_preferred: fix.preferred.then_some(true),
                    ..lsp::CodeAction::default()
                }));
            } else if ctx.caps.apply_edit {
                // A client that takes only commands gets the edit back through the server.
                let edits: Vec<lsp::TextEdit> = fix
                    .edits
                    .iter()
                    .map(|e| to_proto::text_edit(text, index, e, enc))
                    .collect();
                out.push(lsp::CodeActionOrCommand::Command(lsp::Command {
                    title: fix.title,
                    command: APPLY_FIX.to_string(),
                    arguments: Some(vec![
                        Value::from(ctx.uri.as_str()),
                        Value::from(view.snap.version),
                        serde_json::to_value(edits).unwrap_or_default(),
                    ]),
                }));
            }
        }
    }
    // Only when asked for by kind (on save, or from a source action menu): it solves and
    // rewrites the whole file, too much for every move of the cursor.
    if params.context.only.is_some() && wanted(&source_fix_all()) && literals {
        out.extend(fix_all(view, ctx));
    }
    if wanted(&lsp::CodeActionKind::SOURCE) {
        let all = ide::fixes::write_all_expects(&file);
        if !all.is_empty() {
            let command = lsp::Command {
                title: "Write every expect".to_string(),
                command: WRITE_ALL_EXPECT.to_string(),
                arguments: Some(vec![Value::from(ctx.uri.as_str())]),
            };
            let title = format!("Write `expect` in {} case(s)", all.len());
            out.push(if literals {
                lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                    title,
                    kind: Some(lsp::CodeActionKind::SOURCE),
                    command: Some(command),
                    ..lsp::CodeAction::default()
                })
            } else {
                lsp::CodeActionOrCommand::Command(lsp::Command { title, ..command })
            });
        }
    }
    out
}

/// The safe fixes of the whole file, as `check --fix` applies them, in one edit; none when
/// there is nothing to fix.
fn fix_all(view: &View, ctx: &Ctx) -> Option<lsp::CodeActionOrCommand> {
    let text = view.text();
    // Solves what the cache lacks (a corrected game's cases), on this request's blocking task.
    let fixed = ide::fixes::fix_file(text, ide::fixes::Safety::Safe, |t| {
        crate::analysis::check(t, view.snap.config(), &ctx.shared.cache)
    });
    let edit = ide::fixes::edit_between(text, &fixed.text)?;
    Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: format!("Fix all safely fixable problems ({})", fixed.count),
        kind: Some(source_fix_all()),
        edit: Some(workspace_edit(view, &ctx.uri, ctx.caps, &[edit])),
        ..lsp::CodeAction::default()
    }))
}

/// The whole file's tokens; the server gives them a result id, for later deltas.
pub(crate) fn semantic_tokens(view: &View, ctx: &Ctx) -> Vec<lsp::SemanticToken> {
    let runs = ide::marks::cell_runs(&view.file());
    to_proto::semantic_tokens(view.text(), view.index(), &runs, ctx.caps.encoding)
}

/// The tokens of the rows `range` meets (what the editor shows first).
pub(crate) fn semantic_tokens_range(
    view: &View,
    ctx: &Ctx,
    range: lsp::Range,
) -> lsp::SemanticTokensRangeResult {
    let within = from_proto::span(view.text(), view.index(), range, ctx.caps.encoding);
    let runs = ide::marks::cell_runs_in(&view.file(), within);
    let data = to_proto::semantic_tokens(view.text(), view.index(), &runs, ctx.caps.encoding);
    lsp::SemanticTokensRangeResult::Tokens(lsp::SemanticTokens {
        result_id: None,
        data,
    })
}

#[allow(deprecated)] // `deprecated` is a required field of both symbol structs.
pub(crate) fn document_symbols(view: &View, ctx: &Ctx) -> lsp::DocumentSymbolResponse {
    let enc = ctx.caps.encoding;
    let (text, index) = (view.text(), view.index());
    let symbols = ide::symbols::symbols(&view.file());
    if ctx.caps.hierarchical_symbols {
        lsp::DocumentSymbolResponse::Nested(
            symbols
                .into_iter()
                .map(|s| lsp::DocumentSymbol {
                    name: s.name,
                    detail: Some(s.detail),
                    kind: lsp::SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    range: to_proto::range(text, index, s.span, enc),
                    selection_range: to_proto::range(text, index, s.selection, enc),
                    children: None,
                })
                .collect(),
        )
    } else {
        lsp::DocumentSymbolResponse::Flat(
            symbols
                .into_iter()
                .map(|s| lsp::SymbolInformation {
                    name: format!("{} — {}", s.name, s.detail),
                    kind: lsp::SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    location: lsp::Location::new(
                        ctx.uri.clone(),
                        to_proto::range(text, index, s.span, enc),
                    ),
                    container_name: None,
                })
                .collect(),
        )
    }
}

pub(crate) fn folding_ranges(view: &View) -> Vec<lsp::FoldingRange> {
    ide::folding::folds(&view.file())
        .iter()
        .map(to_proto::folding_range)
        .collect()
}

pub(crate) fn formatting(view: &View, ctx: &Ctx) -> Vec<lsp::TextEdit> {
    ide::format::format_edit(view.text())
        .map(|e| to_proto::text_edit(view.text(), view.index(), &e, ctx.caps.encoding))
        .into_iter()
        .collect()
}

pub(crate) fn completion(
    view: &View,
    ctx: &Ctx,
    pos: lsp::Position,
) -> Option<lsp::CompletionResponse> {
    let enc = ctx.caps.encoding;
    let offset = from_proto::offset(view.text(), view.index(), pos, enc);
    let items: Vec<lsp::CompletionItem> = ide::completion::completions(&view.file(), offset)
        .iter()
        .map(|c| to_proto::completion_item(view.text(), view.index(), c, enc))
        .collect();
    (!items.is_empty()).then_some(lsp::CompletionResponse::Array(items))
}

/// The edit of `boardls.writeExpect` (one case) or `boardls.writeAllExpect` (`case` is
/// `None`), or why there is none.
pub(crate) fn expect_edit(
    view: &View,
    shared: &Shared,
    uri: &lsp::Uri,
    case: Option<usize>,
) -> Result<lsp::ApplyWorkspaceEditParams, String> {
    let file = view.file();
    let edits =
        match case {
            Some(i) => {
                let case = view
                    .analysis
                    .cases
                    .get(i)
                    .ok_or_else(|| format!("the file has no case {}", i + 1))?;
                if file.state(case).solution().is_none() {
                    return Err(format!("{} is not solved yet", case.title()));
                }
                vec![ide::fixes::write_expect(&file, case).ok_or_else(|| {
                    format!("`expect` of {} already holds the answer", case.title())
                })?]
            }
            None => ide::fixes::write_all_expects(&file),
        };
    if edits.is_empty() {
        return Err("every solved case already has the right `expect`".to_string());
    }
    Ok(lsp::ApplyWorkspaceEditParams {
        label: Some("Write expect".to_string()),
        edit: workspace_edit(view, uri, shared.caps(), &edits),
    })
}

/// The params of [`super::RENDER`].
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RenderParams {
    pub text_document: lsp::TextDocumentIdentifier,
    pub position: lsp::Position,
    pub theme: Option<String>,
}

/// The answer of [`super::RENDER`].
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Rendered {
    pub svg: String,
    /// The case's range.
    pub range: lsp::Range,
    /// The case's title, `zgame "sample 1"`.
    pub title: String,
    /// Where each grid row's first cell is: a client maps a clicked cell to the text with it.
    pub row_starts: Vec<lsp::Position>,
    /// The case is being solved: drawn without outcomes (a client may keep the last picture a
    /// moment rather than flash one without them).
    pub solving: bool,
}

pub(crate) fn render(
    view: &View,
    ctx: &Ctx,
    pos: lsp::Position,
    theme: render::Theme,
) -> Option<Rendered> {
    let enc = ctx.caps.encoding;
    let offset = from_proto::offset(view.text(), view.index(), pos, enc);
    let file = view.file();
    let case = file
        .case_before(offset)
        .or_else(|| file.analysis.cases.first())?;
    Some(Rendered {
        svg: render::case_svg(&file, case, theme),
        range: to_proto::range(view.text(), view.index(), case.span, enc),
        title: case.title(),
        row_starts: case
            .row_starts
            .iter()
            .map(|&start| to_proto::position(view.text(), view.index(), start, enc))
            .collect(),
        solving: matches!(
            file.state(case),
            ide::CaseState::Pending { .. } | ide::CaseState::Answered(_)
        ),
    })
}
