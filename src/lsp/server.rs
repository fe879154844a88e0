//! The language server: lifecycle, document sync, and one short adapter call per feature.
//! No handler awaits a request to the client; those go to spawned tasks.

use super::background::{self, analyse_later};
use super::caps::{self, ClientCaps};
use super::commands;
use super::convert::from_proto;
use super::diagnostics;
use super::document::{Doc, Snapshot, View, lock};
use super::handlers::{self, Ctx};
use super::out::Out;
use super::reconfigure::files_changed;
use super::reconfigure::{apply_settings, fetch_settings, warn_settings};
use super::settings;
use super::state::Shared;
use super::workspace::scan::{self, scan_later};
use crate::analysis::codes;
use crate::analysis::solve::panic_message;
use crate::config::Config;
use crate::render::Theme;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::{Client, LanguageServer};

pub(super) struct Backend {
    pub(super) shared: Arc<Shared>,
    out_rx: Mutex<Option<mpsc::UnboundedReceiver<Out>>>,
}

impl Backend {
    pub(crate) fn new(client: Client, config: Config) -> (Backend, Arc<Shared>) {
        let (shared, out_rx) = Shared::new(client, config);
        let backend = Backend {
            shared: shared.clone(),
            out_rx: Mutex::new(Some(out_rx)),
        };
        (backend, shared)
    }

    /// Runs `f` on a blocking thread with the document's current view; a panic becomes an
    /// error answer. Unknown documents answer `None`.
    pub(super) async fn with_view<R, F>(&self, uri: &lsp::Uri, f: F) -> Result<Option<R>>
    where
        R: Send + 'static,
        F: FnOnce(&View, &Ctx) -> Option<R> + Send + 'static,
    {
        let Some(doc) = self.shared.doc(uri) else {
            return Ok(None);
        };
        // Taken before any await: the request sees the text as of its place on the wire.
        let snap = doc.snapshot();
        let shared = self.shared.clone();
        let ctx = Ctx {
            uri: uri.clone(),
            caps: shared.caps(),
            shared: shared.clone(),
        };
        let task = tokio::task::spawn_blocking(move || {
            catch_unwind(AssertUnwindSafe(|| {
                let view = View::build(&doc, snap, &shared.cache)?;
                Ok::<_, String>(f(&view, &ctx))
            }))
            .unwrap_or_else(|panic| Err(panic_message(&panic)))
        });
        match task.await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(message)) => Err(self.internal_error(uri, &message)),
            Err(join) => Err(self.internal_error(uri, &join.to_string())),
        }
    }

    /// [`super::VIEW_FILE_TEXT`]: the text as of this request's place on the wire.
    #[allow(clippy::unused_async)] // tower-lsp takes custom methods as async functions
    pub(crate) async fn view_file_text(
        &self,
        params: lsp::TextDocumentIdentifier,
    ) -> Result<Option<String>> {
        Ok(self
            .shared
            .doc(&params.uri)
            .map(|doc| doc.snapshot().text().to_string()))
    }

    /// [`super::MEMORY_USAGE`].
    #[allow(clippy::unused_async)] // tower-lsp takes custom methods as async functions
    pub(crate) async fn memory_usage(&self) -> Result<serde_json::Value> {
        let cache = &self.shared.cache;
        let docs = self.shared.open_docs();
        Ok(serde_json::json!({
            "cache": { "bytes": cache.bytes(), "entries": cache.len(), "cap": cache.capacity() },
            "documents": docs.iter().map(|doc| doc.usage()).collect::<Vec<_>>(),
        }))
    }

    /// [`super::RENDER`]: the picture of the case at a position, never waiting for a solve.
    pub(crate) async fn render(
        &self,
        params: handlers::RenderParams,
    ) -> Result<Option<handlers::Rendered>> {
        let theme = match params.theme.as_deref() {
            None => Theme::Light,
            Some(name) => Theme::from_name(name).ok_or_else(|| {
                Error::invalid_params(format!("theme must be \"light\" or \"dark\", not {name:?}"))
            })?,
        };
        let position = params.position;
        self.with_view(&params.text_document.uri, move |view, ctx| {
            handlers::render(view, ctx, position, theme)
        })
        .await
    }

    fn internal_error(&self, uri: &lsp::Uri, message: &str) -> Error {
        self.bug(uri.as_str(), message)
    }

    /// A failure of boardls itself while working on `what`: logged, and answered as such.
    fn bug(&self, what: &str, message: impl std::fmt::Display) -> Error {
        let message = format!("boardls failed on {what} (a bug): {message}");
        self.shared
            .send(Out::Log(lsp::MessageType::ERROR, message.clone()));
        Error {
            code: ErrorCode::InternalError,
            message: message.into(),
            data: None,
        }
    }
}

/// The workspace folders of `initialize`: the folders, or the root of a client that names
/// only one.
#[allow(deprecated)] // `rootUri` is how clients without workspace folders name theirs
fn initial_folders(params: &lsp::InitializeParams) -> Vec<lsp::WorkspaceFolder> {
    if let Some(folders) = &params.workspace_folders {
        return folders.clone();
    }
    params
        .root_uri
        .iter()
        .map(|uri| lsp::WorkspaceFolder {
            uri: uri.clone(),
            name: uri.as_str().to_string(),
        })
        .collect()
}

/// Asks the client to send what `registrations` name (where it registers them dynamically).
fn register(shared: &Arc<Shared>, registrations: Vec<lsp::Registration>) {
    if registrations.is_empty() {
        return;
    }
    let task_shared = shared.clone();
    shared.spawn(async move {
        if let Err(e) = task_shared.client.register_capability(registrations).await {
            task_shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!("boardls: client/registerCapability failed: {e}"),
            ));
        }
    });
}

impl LanguageServer for Backend {
    async fn initialized(&self, _: lsp::InitializedParams) {
        let shared = &self.shared;
        let caps = shared.caps();
        let mut registrations = Vec::new();
        if caps.configuration_registration {
            registrations.push(lsp::Registration {
                id: "boardls-configuration".to_string(),
                method: "workspace/didChangeConfiguration".to_string(),
                register_options: None,
            });
        }
        if caps.watched_files_registration {
            let options = lsp::DidChangeWatchedFilesRegistrationOptions {
                watchers: ["**/*.board", "**/boardls.toml"]
                    .into_iter()
                    .map(|glob| lsp::FileSystemWatcher {
                        glob_pattern: lsp::GlobPattern::String(glob.to_string()),
                        kind: None,
                    })
                    .collect(),
            };
            registrations.push(lsp::Registration {
                id: "boardls-watched-files".to_string(),
                method: "workspace/didChangeWatchedFiles".to_string(),
                register_options: serde_json::to_value(options).ok(),
            });
        }
        register(shared, registrations);
        // Said once the client listens: a mistyped code in `allow` silences nothing.
        let config = shared.workspace.global_config();
        for why in config.allow.iter().filter_map(|c| codes::not_a_code(c)) {
            shared
                .client
                .show_message(lsp::MessageType::WARNING, format!("boardls: allow: {why}"))
                .await;
        }
        // The workspace is scanned under the settings in effect: asked for first.
        if caps.configuration {
            fetch_settings(shared, scan_later);
        } else {
            scan_later(shared);
        }
    }

    async fn initialize(&self, params: lsp::InitializeParams) -> Result<lsp::InitializeResult> {
        let caps = ClientCaps::new(&params.capabilities);
        self.shared
            .initialize(caps, tokio::runtime::Handle::current());
        let (init, problems) = params
            .initialization_options
            .as_ref()
            .map(settings::parse)
            .unwrap_or_default();
        self.shared
            .workspace
            .initialize(init, initial_folders(&params));
        self.shared
            .cache
            .set_capacity(self.shared.workspace.global_config().solve_cache);
        if let Some(rx) = lock(&self.out_rx).take() {
            tokio::spawn(background::send_loop(Arc::downgrade(&self.shared), rx));
        }
        warn_settings(&self.shared, &problems);
        Ok(lsp::InitializeResult {
            capabilities: caps::server_capabilities(caps),
            server_info: Some(lsp::ServerInfo {
                name: "boardls".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            ..lsp::InitializeResult::default()
        })
    }

    async fn shutdown(&self) -> Result<()> {
        self.shared.shutdown();
        Ok(())
    }

    async fn did_change_configuration(&self, params: lsp::DidChangeConfigurationParams) {
        let shared = &self.shared;
        if shared.caps().configuration {
            // The payload may be empty (VS Code sends null when registered): ask.
            fetch_settings(shared, |_| {});
        } else {
            let (global, problems) = settings::parse(settings::section(&params.settings));
            warn_settings(shared, &problems);
            apply_settings(shared, global, None);
        }
    }

    async fn did_change_workspace_folders(&self, params: lsp::DidChangeWorkspaceFoldersParams) {
        let shared = &self.shared;
        let gone = shared
            .workspace
            .change_folders(params.event.added, &params.event.removed);
        for uri in gone {
            shared.send(Out::PublishFile {
                uri,
                diagnostics: Vec::new(),
            });
        }
        // A new folder may have settings of its own.
        if shared.caps().configuration {
            fetch_settings(shared, scan_later);
        } else {
            scan_later(shared);
        }
    }

    async fn did_change_watched_files(&self, params: lsp::DidChangeWatchedFilesParams) {
        files_changed(&self.shared, &params.changes);
    }

    async fn diagnostic(
        &self,
        params: lsp::DocumentDiagnosticParams,
    ) -> Result<lsp::DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri;
        let previous = params.previous_result_id;
        let shared = self.shared.clone();
        let Some(doc) = shared.doc(&uri) else {
            return Ok(diagnostics::pull_closed(&shared, &uri, previous.as_deref()));
        };
        let snap = doc.snapshot();
        let task = tokio::task::spawn_blocking(move || {
            catch_unwind(AssertUnwindSafe(|| {
                let view = View::build(&doc, snap, &shared.cache)?;
                Ok::<_, String>(diagnostics::pull_open(
                    &shared,
                    &doc.uri,
                    &view,
                    previous.as_deref(),
                ))
            }))
            .unwrap_or_else(|panic| Err(panic_message(&panic)))
        });
        match task.await {
            Ok(Ok(report)) => Ok(report),
            Ok(Err(message)) => Err(self.internal_error(&uri, &message)),
            Err(join) => Err(self.internal_error(&uri, &join.to_string())),
        }
    }

    async fn workspace_diagnostic(
        &self,
        params: lsp::WorkspaceDiagnosticParams,
    ) -> Result<lsp::WorkspaceDiagnosticReportResult> {
        let shared = self.shared.clone();
        let task = tokio::task::spawn_blocking(move || {
            let mut open = Vec::new();
            for doc in shared.open_docs() {
                let snap = doc.snapshot();
                let version = snap.version;
                let built = catch_unwind(AssertUnwindSafe(|| {
                    View::build(&doc, snap, &shared.cache)
                        .map(|view| diagnostics::open_file(&shared, &doc.uri, &view))
                }));
                // A text that fails to analyse is reported by its own pull and publish.
                if let Ok(Ok(list)) = built {
                    open.push((doc.uri.clone(), version, list));
                }
            }
            diagnostics::pull_workspace(&shared, open, &params.previous_result_ids)
        });
        task.await
            .map_err(|join| self.bug("workspace/diagnostic", join))
    }

    async fn did_open(&self, params: lsp::DidOpenTextDocumentParams) {
        let item = params.text_document;
        let doc = Arc::new(Doc::new(
            item.uri.clone(),
            item.version,
            &item.text,
            self.shared.workspace.config_for(&item.uri),
        ));
        let old = self.shared.insert_doc(doc.clone());
        if let Some(old) = old {
            old.close(&self.shared.cache);
        }
        scan::opened(&self.shared, &item.uri);
        let snap = doc.snapshot();
        analyse_later(&self.shared, doc, snap);
    }

    async fn did_change(&self, params: lsp::DidChangeTextDocumentParams) {
        let Some(doc) = self.shared.doc(&params.text_document.uri) else {
            return;
        };
        let enc = self.shared.caps().encoding;
        let snap = {
            let mut st = lock(&doc.state);
            for change in &params.content_changes {
                from_proto::apply_change(&mut st.rope, change, enc);
            }
            let config = st.snapshot.config_arc();
            st.snapshot = Arc::new(Snapshot::new(
                params.text_document.version,
                st.rope.clone(),
                config,
            ));
            st.snapshot.clone()
        };
        self.shared.plays.cancel(&params.text_document.uri);
        analyse_later(&self.shared, doc, snap);
    }

    async fn did_close(&self, params: lsp::DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let removed = self.shared.remove_doc(&uri);
        if let Some(doc) = removed {
            doc.close(&self.shared.cache);
        }
        self.shared.status.forget_open(&uri);
        // A file of a checked folder keeps its diagnostics: the workspace reports it now.
        if !scan::closed(&self.shared, &uri) {
            self.shared.send(Out::PublishFile {
                uri,
                diagnostics: Vec::new(),
            });
        }
        self.shared.send(Out::Status);
    }

    async fn hover(&self, params: lsp::HoverParams) -> Result<Option<lsp::Hover>> {
        let pos = params.text_document_position_params;
        let uri = pos.text_document.uri;
        self.with_view(&uri, move |view, ctx| {
            handlers::hover(view, ctx, pos.position)
        })
        .await
    }

    async fn code_lens(&self, params: lsp::CodeLensParams) -> Result<Option<Vec<lsp::CodeLens>>> {
        self.with_view(&params.text_document.uri, |view, ctx| {
            Some(handlers::code_lens(view, ctx))
        })
        .await
    }

    async fn inlay_hint(
        &self,
        params: lsp::InlayHintParams,
    ) -> Result<Option<Vec<lsp::InlayHint>>> {
        self.with_view(&params.text_document.uri, move |view, ctx| {
            Some(handlers::inlay_hints(view, ctx, params.range))
        })
        .await
    }

    async fn code_action(
        &self,
        params: lsp::CodeActionParams,
    ) -> Result<Option<lsp::CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        self.with_view(&uri, move |view, ctx| {
            Some(handlers::code_action(view, ctx, &params))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: lsp::SemanticTokensParams,
    ) -> Result<Option<lsp::SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let data = self
            .with_view(&uri, |view, ctx| Some(handlers::semantic_tokens(view, ctx)))
            .await?;
        Ok(data.and_then(|data| {
            let doc = self.shared.doc(&uri)?;
            Some(lsp::SemanticTokensResult::Tokens(doc.full_tokens(data)))
        }))
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: lsp::SemanticTokensDeltaParams,
    ) -> Result<Option<lsp::SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri;
        let data = self
            .with_view(&uri, |view, ctx| Some(handlers::semantic_tokens(view, ctx)))
            .await?;
        Ok(data.and_then(|data| {
            let doc = self.shared.doc(&uri)?;
            Some(doc.tokens_delta(&params.previous_result_id, data))
        }))
    }

    async fn semantic_tokens_range(
        &self,
        params: lsp::SemanticTokensRangeParams,
    ) -> Result<Option<lsp::SemanticTokensRangeResult>> {
        self.with_view(&params.text_document.uri, move |view, ctx| {
            Some(handlers::semantic_tokens_range(view, ctx, params.range))
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: lsp::DocumentSymbolParams,
    ) -> Result<Option<lsp::DocumentSymbolResponse>> {
        self.with_view(&params.text_document.uri, |view, ctx| {
            Some(handlers::document_symbols(view, ctx))
        })
        .await
    }

    async fn folding_range(
        &self,
        params: lsp::FoldingRangeParams,
    ) -> Result<Option<Vec<lsp::FoldingRange>>> {
        self.with_view(&params.text_document.uri, |view, _| {
            Some(handlers::folding_ranges(view))
        })
        .await
    }

    async fn formatting(
        &self,
        params: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>> {
        self.with_view(&params.text_document.uri, |view, ctx| {
            Some(handlers::formatting(view, ctx))
        })
        .await
    }

    async fn completion(
        &self,
        params: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>> {
        let pos = params.text_document_position;
        let uri = pos.text_document.uri;
        self.with_view(&uri, move |view, ctx| {
            handlers::completion(view, ctx, pos.position)
        })
        .await
    }

    async fn execute_command(
        &self,
        params: lsp::ExecuteCommandParams,
    ) -> Result<Option<lsp::LSPAny>> {
        commands::execute(&self.shared, &params)?;
        Ok(None)
    }
}
