//! Capabilities: what the client offers, computed once at `initialize`, and what we serve.

use super::convert::{Encoding, to_proto};
use tower_lsp_server::ls_types as lsp;

pub const WRITE_EXPECT: &str = "boardls.writeExpect";
pub const WRITE_ALL_EXPECT: &str = "boardls.writeAllExpect";

/// The client's capabilities as far as they change what the server does.
#[derive(Clone, Copy, Debug, Default)]
#[allow(clippy::struct_excessive_bools)] // one flag per capability the client may offer
pub(super) struct ClientCaps {
    pub encoding: Encoding,
    pub code_lens_refresh: bool,
    pub semantic_tokens_refresh: bool,
    pub inlay_hint_refresh: bool,
    pub work_done_progress: bool,
    pub apply_edit: bool,
    pub document_changes: bool,
    pub hierarchical_symbols: bool,
}

impl ClientCaps {
    pub(super) fn new(caps: &lsp::ClientCapabilities) -> ClientCaps {
        let offers_utf8 = caps
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&lsp::PositionEncodingKind::UTF8));
        let workspace = caps.workspace.as_ref();
        ClientCaps {
            encoding: if offers_utf8 {
                Encoding::Utf8
            } else {
                Encoding::Utf16
            },
            code_lens_refresh: workspace
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            semantic_tokens_refresh: workspace
                .and_then(|w| w.semantic_tokens.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            inlay_hint_refresh: workspace
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|c| c.refresh_support)
                .unwrap_or(false),
            work_done_progress: caps
                .window
                .as_ref()
                .and_then(|w| w.work_done_progress)
                .unwrap_or(false),
            apply_edit: workspace.and_then(|w| w.apply_edit).unwrap_or(false),
            document_changes: workspace
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.document_changes)
                .unwrap_or(false),
            hierarchical_symbols: caps
                .text_document
                .as_ref()
                .and_then(|t| t.document_symbol.as_ref())
                .and_then(|s| s.hierarchical_document_symbol_support)
                .unwrap_or(false),
        }
    }
}

pub(super) fn server_capabilities(client: ClientCaps) -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        position_encoding: Some(client.encoding.kind()),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Options(
            lsp::TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(lsp::TextDocumentSyncKind::INCREMENTAL),
                ..lsp::TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        code_lens_provider: Some(lsp::CodeLensOptions {
            resolve_provider: Some(false),
        }),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp::CodeActionKind::QUICKFIX,
                    lsp::CodeActionKind::SOURCE,
                ]),
                ..lsp::CodeActionOptions::default()
            },
        )),
        execute_command_provider: Some(lsp::ExecuteCommandOptions {
            commands: vec![WRITE_EXPECT.to_string(), WRITE_ALL_EXPECT.to_string()],
            ..lsp::ExecuteCommandOptions::default()
        }),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: to_proto::token_legend(),
                    full: Some(lsp::SemanticTokensFullOptions::Delta { delta: Some(true) }),
                    range: Some(true),
                    ..lsp::SemanticTokensOptions::default()
                },
            ),
        ),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["[".to_string(), "=".to_string(), " ".to_string()]),
            ..lsp::CompletionOptions::default()
        }),
        ..lsp::ServerCapabilities::default()
    }
}
