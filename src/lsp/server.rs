//! The language server: lifecycle, document sync, and one short adapter call per feature.
//! No handler awaits a request to the client; those go to spawned tasks.

use super::Ending;
use super::background::{self, Out};
use super::caps::{self, ClientCaps};
use super::commands;
use super::convert::from_proto;
use super::diagnostics::{self, Pulls};
use super::document::{Doc, Snapshot, View, lock};
use super::handlers::{self, Ctx};
use super::settings::{self, EditorSettings};
use super::status::{self, Status};
use super::workspace::{self, Workspace};
use crate::analysis::SolveCache;
use crate::analysis::codes;
use crate::analysis::solve::panic_message;
use crate::config::Config;
use crate::render::Theme;
use std::collections::HashMap;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use tokio::sync::{mpsc, watch};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::{Client, LanguageServer};

/// State shared by handlers and background work.
pub(crate) struct Shared {
    pub client: Client,
    pub cache: SolveCache,
    /// The folders, the settings in effect in each, and the files not open.
    pub workspace: Workspace,
    /// What a pulling client was last given.
    pub pulls: Pulls,
    /// The counts of cases solving and unsolved, as last sent.
    pub status: Status,
    caps: RwLock<ClientCaps>,
    /// `shutdown` came: the session may end properly.
    shut_down: AtomicBool,
    docs: Mutex<HashMap<lsp::Uri, Arc<Doc>>>,
    out: mpsc::UnboundedSender<Out>,
    runtime: OnceLock<tokio::runtime::Handle>,
    /// Set when the server stops: ends every task still waiting (on the client, on a timer).
    stopping: watch::Sender<bool>,
}

impl Shared {
    pub(super) fn caps(&self) -> ClientCaps {
        *self
            .caps
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How the session ends if it ends now.
    pub(super) fn ending(&self) -> Ending {
        if self.shut_down.load(Ordering::Relaxed) {
            Ending::AfterShutdown
        } else {
            Ending::WithoutShutdown
        }
    }

    pub(super) fn open_docs(&self) -> Vec<Arc<Doc>> {
        lock(&self.docs).values().cloned().collect()
    }

    pub(super) fn send(&self, out: Out) {
        // Fails only once the sending task is gone, i.e. the server is stopping.
        let _ = self.out.send(out);
    }

    fn handle(&self) -> Option<tokio::runtime::Handle> {
        self.runtime
            .get()
            .cloned()
            .or_else(|| tokio::runtime::Handle::try_current().ok())
    }

    /// Runs `task` until it ends or the server stops: a task waiting on the client would
    /// otherwise outlive the session (no answer comes once the client has said `exit`).
    pub(super) fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        if let Some(handle) = self.handle() {
            let mut stop = self.stopping.subscribe();
            handle.spawn(async move {
                tokio::select! {
                    () = task => {}
                    _ = stop.wait_for(|stopping| *stopping) => {}
                }
            });
        }
    }

    pub(super) fn spawn_blocking(&self, work: impl FnOnce() + Send + 'static) {
        if let Some(handle) = self.handle() {
            handle.spawn_blocking(work);
        }
    }

    pub(super) fn doc(&self, uri: &lsp::Uri) -> Option<Arc<Doc>> {
        lock(&self.docs).get(uri).cloned()
    }

    /// Stops every solve and every waiting task: the server is going away.
    pub(super) fn cancel_all(&self) {
        self.stopping.send_replace(true);
        self.workspace.stop();
        for doc in lock(&self.docs).values() {
            doc.close(&self.cache);
        }
    }

    fn analyse_later(self: &Arc<Self>, doc: Arc<Doc>, snap: Arc<Snapshot>) {
        let shared = self.clone();
        self.spawn_blocking(move || background::on_new_version(&shared, &doc, &snap));
    }
}

pub(super) struct Backend {
    shared: Arc<Shared>,
    out_rx: Mutex<Option<mpsc::UnboundedReceiver<Out>>>,
}

impl Backend {
    pub(crate) fn new(client: Client, config: Config) -> (Backend, Arc<Shared>) {
        let (out, out_rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            client,
            cache: SolveCache::with_capacity(config.solve_cache),
            workspace: Workspace::new(config, out.clone()),
            pulls: Pulls::default(),
            status: Status::default(),
            caps: RwLock::new(ClientCaps::default()),
            shut_down: AtomicBool::new(false),
            docs: Mutex::new(HashMap::new()),
            out,
            runtime: OnceLock::new(),
            stopping: watch::channel(false).0,
        });
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
        let docs: Vec<Arc<Doc>> = lock(&self.shared.docs).values().cloned().collect();
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

/// Tells the user what was wrong in the editor's settings (each setting left to the layer
/// below); also in the log.
fn warn_settings(shared: &Arc<Shared>, problems: &[String]) {
    if problems.is_empty() {
        return;
    }
    let message = format!("boardls: settings: {}", problems.join("; "));
    shared.send(Out::Log(lsp::MessageType::WARNING, message.clone()));
    let client = shared.client.clone();
    shared.spawn(async move {
        client
            .show_message(lsp::MessageType::WARNING, message)
            .await;
    });
}

/// Asks the client for the `boardls` settings, without a scope and per workspace folder
/// (`workspace/configuration`), and puts them in effect; then `then` runs.
fn fetch_settings(shared: &Arc<Shared>, then: impl FnOnce(&Arc<Shared>) + Send + 'static) {
    let folders = shared.workspace.folder_uris();
    let items: Vec<lsp::ConfigurationItem> = std::iter::once(None)
        .chain(folders.iter().cloned().map(Some))
        .map(|scope_uri| lsp::ConfigurationItem {
            scope_uri,
            section: Some("boardls".to_string()),
        })
        .collect();
    let task_shared = shared.clone();
    shared.spawn(async move {
        let shared = task_shared;
        match shared.client.configuration(items).await {
            Ok(values) if values.len() == folders.len() + 1 => {
                let mut problems = Vec::new();
                let mut parsed = values.iter().map(|v| {
                    let (s, p) = settings::parse(v);
                    problems.extend(p);
                    s
                });
                let global = parsed.next().unwrap_or_default();
                let per_folder: Vec<EditorSettings> = parsed.collect();
                problems.dedup();
                warn_settings(&shared, &problems);
                apply_settings(&shared, global, Some(per_folder));
            }
            Ok(values) => shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!(
                    "boardls: workspace/configuration answered {} item(s) for {} asked; \
                     settings left as they were",
                    values.len(),
                    folders.len() + 1
                ),
            )),
            Err(e) => shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!("boardls: workspace/configuration failed: {e}"),
            )),
        }
        then(&shared);
    });
}

/// Puts new editor settings in effect: each open document whose configuration changed is
/// analysed again (each one published again when which files get suite findings changed); verdicts a budget decided are forgotten when a budget changed (answers are
/// kept: they hold under any budget); the workspace's files are read again.
fn apply_settings(
    shared: &Arc<Shared>,
    global: EditorSettings,
    per_folder: Option<Vec<EditorSettings>>,
) {
    let changed = shared.workspace.set_settings(global, per_folder);
    if changed.budget {
        shared.cache.forget_budget_bound();
    }
    // The cache is shared by every folder: its size is the folder-free settings'.
    shared
        .cache
        .set_capacity(shared.workspace.global_config().solve_cache);
    if changed.suite {
        republish_open(shared);
    }
    reconfigure_open(shared, changed.budget);
}

/// Each open document's diagnostics are sent again, off the request path (which files get
/// suite findings changed).
fn republish_open(shared: &Arc<Shared>) {
    let task_shared = shared.clone();
    shared.spawn_blocking(move || {
        for doc in task_shared.open_docs() {
            if let Ok(view) = View::build(&doc, doc.snapshot(), &task_shared.cache) {
                background::publish(&task_shared, &doc, &view);
            }
        }
    });
}

/// Each open document whose configuration changed is analysed again (verdicts a budget
/// decided forgotten when a budget changed); the workspace's files are read again.
pub(super) fn reconfigure_open(shared: &Arc<Shared>, budget_changed: bool) {
    for doc in shared.open_docs() {
        let config = shared.workspace.config_for(&doc.uri);
        let snap = {
            let mut st = lock(&doc.state);
            if st.closed || *st.snapshot.config() == *config {
                continue;
            }
            if budget_changed {
                st.solved.retain(|_, v| !v.budget_bound());
                // A solve under the old budget would report the old budget's verdict.
                if let Some((_, flag)) = &st.solving {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            st.published = None;
            st.snapshot = Arc::new(Snapshot::new(st.snapshot.version, st.rope.clone(), config));
            st.snapshot.clone()
        };
        shared.analyse_later(doc, snap);
    }
    workspace::read_later(shared);
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
            fetch_settings(shared, workspace::scan_later);
        } else {
            workspace::scan_later(shared);
        }
    }

    async fn initialize(&self, params: lsp::InitializeParams) -> Result<lsp::InitializeResult> {
        let caps = ClientCaps::new(&params.capabilities);
        *self
            .shared
            .caps
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = caps;
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
        let _ = self.shared.runtime.set(tokio::runtime::Handle::current());
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
        self.shared.shut_down.store(true, Ordering::Relaxed);
        self.shared.cancel_all();
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
            fetch_settings(shared, workspace::scan_later);
        } else {
            workspace::scan_later(shared);
        }
    }

    async fn did_change_watched_files(&self, params: lsp::DidChangeWatchedFilesParams) {
        workspace::files_changed(&self.shared, &params.changes);
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
        let old = lock(&self.shared.docs).insert(item.uri.clone(), doc.clone());
        if let Some(old) = old {
            old.close(&self.shared.cache);
        }
        workspace::opened(&self.shared, &item.uri);
        let snap = doc.snapshot();
        self.shared.analyse_later(doc, snap);
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
        self.shared.analyse_later(doc, snap);
    }

    async fn did_close(&self, params: lsp::DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        let removed = lock(&self.shared.docs).remove(&uri);
        if let Some(doc) = removed {
            doc.close(&self.shared.cache);
        }
        status::forget_open(&self.shared, &uri);
        // A file of a checked folder keeps its diagnostics: the workspace reports it now.
        if !workspace::closed(&self.shared, &uri) {
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
