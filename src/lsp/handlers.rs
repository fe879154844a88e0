//! One adapter per feature: LSP params in, an `ide` call, LSP values out.

use super::caps::{ClientCaps, WRITE_ALL_EXPECT, WRITE_EXPECT};
use super::convert::{from_proto, to_proto};
use super::document::View;
use crate::config::Config;
use crate::ide::{self, Edit, lens::LensAction};
use crate::render;
use std::collections::HashMap;
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// What an adapter needs besides the view.
pub(crate) struct Ctx {
    pub uri: lsp::Uri,
    pub caps: ClientCaps,
    pub config: Arc<Config>,
}

pub(crate) fn hover(view: &View, ctx: &Ctx, pos: lsp::Position) -> Option<lsp::Hover> {
    let enc = ctx.caps.encoding;
    let offset = from_proto::offset(view.text(), view.index(), pos, enc);
    let file = view.file();
    let diagnostics = ide::diagnostics(&file, &ctx.config);
    let hover = ide::hover::hover(&file, &diagnostics, offset)?;
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(to_proto::range(view.text(), view.index(), hover.span, enc)),
    })
}

pub(crate) fn code_lens(view: &View, ctx: &Ctx) -> Vec<lsp::CodeLens> {
    let enc = ctx.caps.encoding;
    ide::lens::lenses(&view.file())
        .into_iter()
        .map(|lens| {
            let at = to_proto::position(view.text(), view.index(), lens.offset, enc);
            let (command, arguments) = match lens.action {
                LensAction::None => (String::new(), None),
                LensAction::WriteExpect { case } => (
                    WRITE_EXPECT.to_string(),
                    Some(vec![
                        serde_json::Value::from(ctx.uri.as_str()),
                        serde_json::Value::from(case),
                    ]),
                ),
            };
            lsp::CodeLens {
                range: lsp::Range::new(at, at),
                command: Some(lsp::Command {
                    title: lens.title,
                    command,
                    arguments,
                }),
                data: None,
            }
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

fn workspace_edit(view: &View, ctx: &Ctx, caps: ClientCaps, edits: &[Edit]) -> lsp::WorkspaceEdit {
    let enc = caps.encoding;
    let edits: Vec<lsp::TextEdit> = edits
        .iter()
        .map(|e| to_proto::text_edit(view.text(), view.index(), e, enc))
        .collect();
    if caps.document_changes {
        lsp::WorkspaceEdit {
            document_changes: Some(lsp::DocumentChanges::Edits(vec![lsp::TextDocumentEdit {
                text_document: lsp::OptionalVersionedTextDocumentIdentifier {
                    uri: ctx.uri.clone(),
                    version: Some(view.snap.version),
                },
                edits: edits.into_iter().map(lsp::OneOf::Left).collect(),
            }])),
            ..lsp::WorkspaceEdit::default()
        }
    } else {
        lsp::WorkspaceEdit {
            changes: Some(HashMap::from([(ctx.uri.clone(), edits)])),
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
    let diagnostics = ide::diagnostics(&file, &ctx.config);
    let wanted = |kind: &lsp::CodeActionKind| match &params.context.only {
        None => true,
        Some(only) => only.iter().any(|o| {
            kind.as_str() == o.as_str() || kind.as_str().starts_with(&format!("{}.", o.as_str()))
        }),
    };
    let mut out = Vec::new();
    if wanted(&lsp::CodeActionKind::QUICKFIX) {
        for fix in ide::fixes::fixes(&file, &diagnostics, span) {
            out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: fix.title,
                kind: Some(lsp::CodeActionKind::QUICKFIX),
                diagnostics: fix
                    .diagnostic
                    .map(|d| vec![to_proto::diagnostic(text, index, &d, enc)]),
                edit: Some(workspace_edit(view, ctx, ctx.caps, &fix.edits)),
                is_preferred: fix.preferred.then_some(true),
                ..lsp::CodeAction::default()
            }));
        }
    }
    if wanted(&lsp::CodeActionKind::SOURCE) {
        let all = ide::fixes::write_all_expects(&file);
        if !all.is_empty() {
            out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
                title: format!("Write `expect` in {} case(s)", all.len()),
                kind: Some(lsp::CodeActionKind::SOURCE),
                command: Some(lsp::Command {
                    title: "Write every expect".to_string(),
                    command: WRITE_ALL_EXPECT.to_string(),
                    arguments: Some(vec![serde_json::Value::from(ctx.uri.as_str())]),
                }),
                ..lsp::CodeAction::default()
            }));
        }
    }
    out
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
    caps: ClientCaps,
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
    let ctx = Ctx {
        uri: uri.clone(),
        caps,
        config: view.snap.config_arc(),
    };
    Ok(lsp::ApplyWorkspaceEditParams {
        label: Some("Write expect".to_string()),
        edit: workspace_edit(view, &ctx, caps, &edits),
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
        solving: matches!(file.state(case), ide::CaseState::Pending { .. }),
    })
}
