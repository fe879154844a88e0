//! Capabilities: what the client offers, computed once at `initialize`, and what we serve.

use super::convert::{Encoding, to_proto};
use tower_lsp_server::ls_types as lsp;

/// `[uri, case]`: write or update case `case`'s `expect` with its solved answer.
pub const WRITE_EXPECT: &str = "boardls.writeExpect";
/// `[uri]`: the same for every solved case of the file.
pub const WRITE_ALL_EXPECT: &str = "boardls.writeAllExpect";
/// `[uri, version, edits]`: a quick fix offered as a command (to a client that takes no code
/// action literals); applied when the document is still at `version`.
pub const APPLY_FIX: &str = "boardls.applyFix";
/// `[uri, case, factor]`: solve case `case` again with `factor` times the budget that stopped
/// it.
pub const SOLVE_WITH_BUDGET: &str = "boardls.solveWithBudget";
/// `[uri, folder?]`: write the file's cases out as judge tests into `folder` (a path), by
/// default `<file stem>-tests` beside the file.
pub const EXPORT_TESTS: &str = "boardls.exportFile";
/// `[uri]`: check the suite the file belongs to (its workspace folder's `.board` files, or the
/// file alone) and show what it covers.
pub const CHECK_SUITE: &str = "boardls.checkSuite";

/// Every command the server executes (`workspace/executeCommand`).
pub(super) const COMMANDS: [&str; 6] = [
    WRITE_EXPECT,
    WRITE_ALL_EXPECT,
    APPLY_FIX,
    SOLVE_WITH_BUDGET,
    EXPORT_TESTS,
    CHECK_SUITE,
];

/// The notification of [`ClientCaps::status`] (see `editors/README.md`).
pub const STATUS: &str = "boardls/status";
/// The experimental client capability that asks for [`STATUS`].
const STATUS_CAPABILITY: &str = "boardlsStatus";

/// Notification `{ textDocument: { uri, version } }`: a case of that version of an open document
/// has just got its result (solved, unsolved within budget, or failed), so that a client showing
/// it (a Board Preview) asks again at once instead of polling. Sent to clients with the
/// experimental capability `boardlsResults` ([`ClientCaps::results`]).
pub const RESULTS: &str = "boardls/results";
/// The experimental client capability that asks for [`RESULTS`].
const RESULTS_CAPABILITY: &str = "boardlsResults";

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
    /// Hovers in Markdown (the client lists it first among `hover.contentFormat`), else plain.
    pub hover_markdown: bool,
    /// Code actions may be `CodeAction` literals; else only `Command`s.
    pub code_action_literals: bool,
    /// Diagnostics are pulled (`textDocument/diagnostic`, `workspace/diagnostic`) and the
    /// server asks for a new pull when results change; else they are pushed.
    pub pull_diagnostics: bool,
    /// The client answers `workspace/configuration`.
    pub configuration: bool,
    pub configuration_registration: bool,
    pub watched_files_registration: bool,
    /// The client wants `boardls/status` notifications.
    pub status: bool,
    /// The client wants `boardls/results` notifications.
    pub results: bool,
}

impl ClientCaps {
    pub(super) fn new(caps: &lsp::ClientCapabilities) -> ClientCaps {
        let offers_utf8 = caps
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&lsp::PositionEncodingKind::UTF8));
        let workspace = caps.workspace.as_ref();
        let text_document = caps.text_document.as_ref();
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
            hierarchical_symbols: text_document
                .and_then(|t| t.document_symbol.as_ref())
                .and_then(|s| s.hierarchical_document_symbol_support)
                .unwrap_or(false),
            hover_markdown: text_document
                .and_then(|t| t.hover.as_ref())
                .and_then(|h| h.content_format.as_ref())
                .and_then(|formats| {
                    // The client's order is its preference; plain text is what every client
                    // takes (the specification's default when it names none).
                    formats.iter().find(|f| {
                        **f == lsp::MarkupKind::Markdown || **f == lsp::MarkupKind::PlainText
                    })
                })
                .is_some_and(|f| *f == lsp::MarkupKind::Markdown),
            code_action_literals: text_document
                .and_then(|t| t.code_action.as_ref())
                .is_some_and(|c| c.code_action_literal_support.is_some()),
            // Pulling without being asked again would leave results of long solves unseen.
            pull_diagnostics: text_document.is_some_and(|t| t.diagnostic.is_some())
                && workspace
                    .and_then(|w| w.diagnostics.as_ref())
                    .and_then(|d| d.refresh_support)
                    .unwrap_or(false),
            configuration: workspace.and_then(|w| w.configuration).unwrap_or(false),
            configuration_registration: workspace
                .and_then(|w| w.did_change_configuration.as_ref())
                .and_then(|d| d.dynamic_registration)
                .unwrap_or(false),
            watched_files_registration: workspace
                .and_then(|w| w.did_change_watched_files.as_ref())
                .and_then(|d| d.dynamic_registration)
                .unwrap_or(false),
            status: caps
                .experimental
                .as_ref()
                .and_then(|e| e.get(STATUS_CAPABILITY))
                .and_then(serde_json::Value::as_bool)
                .unwrap_or(false),
            results: caps
                .experimental
                .as_ref()
                .and_then(|e| e.get(RESULTS_CAPABILITY))
                .and_then(serde_json::Value::as_bool)
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
                    source_fix_all(),
                ]),
                ..lsp::CodeActionOptions::default()
            },
        )),
        execute_command_provider: Some(lsp::ExecuteCommandOptions {
            commands: COMMANDS.iter().map(ToString::to_string).collect(),
            ..lsp::ExecuteCommandOptions::default()
        }),
        // Offered only to clients that pull and can be asked to pull again; the others get
        // every diagnostic pushed, never both.
        diagnostic_provider: client.pull_diagnostics.then(|| {
            lsp::DiagnosticServerCapabilities::Options(lsp::DiagnosticOptions {
                identifier: Some("boardls".to_string()),
                // Suite findings in one file depend on the others.
                inter_file_dependencies: true,
                workspace_diagnostics: true,
                ..lsp::DiagnosticOptions::default()
            })
        }),
        workspace: Some(lsp::WorkspaceServerCapabilities {
            workspace_folders: Some(lsp::WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(lsp::OneOf::Left(true)),
            }),
            file_operations: None,
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

/// `source.fixAll.boardls`: what an editor runs on save (VS Code's `editor.codeActionsOnSave`).
pub(crate) fn source_fix_all() -> lsp::CodeActionKind {
    lsp::CodeActionKind::new("source.fixAll.boardls")
}
