//! The language server: lifecycle, document sync, and one short adapter call per feature.
//! No handler awaits a request to the client; those go to spawned tasks.

use super::background::{self, Out};
use super::caps::{self, ClientCaps};
use super::convert::from_proto;
use super::document::{Doc, Snapshot, View, lock};
use super::handlers::{self, Ctx};
use crate::analysis::SolveCache;
use crate::analysis::codes;
use crate::analysis::solve::panic_message;
use crate::config::Config;
use crate::render::Theme;
use std::collections::HashMap;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::{Client, LanguageServer};

/// State shared by handlers and background work.
pub(crate) struct Shared {
    pub client: Client,
    pub cache: SolveCache,
    caps: RwLock<ClientCaps>,
    config: RwLock<Arc<Config>>,
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

    pub(super) fn config(&self) -> Arc<Config> {
        self.config
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
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
            caps: RwLock::new(ClientCaps::default()),
            config: RwLock::new(Arc::new(config)),
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
    async fn with_view<R, F>(&self, uri: &lsp::Uri, f: F) -> Result<Option<R>>
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
            config: snap.config_arc(),
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
        let message = format!("boardls failed on {} (a bug): {message}", uri.as_str());
        self.shared
            .send(Out::Log(lsp::MessageType::ERROR, message.clone()));
        Error {
            code: ErrorCode::InternalError,
            message: message.into(),
            data: None,
        }
    }
}

/// `base` (the server's own settings) with `initializationOptions` on top: `allow` (codes),
/// `solveTimeMs`, `solveNodes`, `solveMemoryMb` (MiB; 0 is ignored, as no solve fits it),
/// `solveCacheMb` (MiB; 0 is ignored, as for the memory cap).
fn config_from(base: &Config, options: Option<&serde_json::Value>) -> Config {
    let mut config = base.clone();
    let Some(options) = options else {
        return config;
    };
    if let Some(allow) = options.get("allow").and_then(|a| a.as_array()) {
        config.allow = allow
            .iter()
            .filter_map(|c| c.as_str().map(str::to_string))
            .collect();
    }
    if let Some(ms) = options
        .get("solveTimeMs")
        .and_then(serde_json::Value::as_u64)
    {
        config.solve_time = Some(Duration::from_millis(ms));
    }
    if let Some(nodes) = options
        .get("solveNodes")
        .and_then(serde_json::Value::as_u64)
    {
        config.solve_nodes = nodes;
    }
    if let Some(mib) = options
        .get("solveMemoryMb")
        .and_then(serde_json::Value::as_u64)
        .filter(|&mib| mib > 0)
    {
        config.set_solve_memory_mib(mib);
    }
    if let Some(mib) = options
        .get("solveCacheMb")
        .and_then(serde_json::Value::as_u64)
        .filter(|&mib| mib > 0)
    {
        config.set_solve_cache_mib(mib);
    }
    config
}

impl LanguageServer for Backend {
    async fn initialized(&self, _: lsp::InitializedParams) {
        // Said once the client listens: a mistyped code in `allow` silences nothing.
        let config = self.shared.config();
        for why in config.allow.iter().filter_map(|c| codes::not_a_code(c)) {
            self.shared
                .client
                .show_message(lsp::MessageType::WARNING, format!("boardls: allow: {why}"))
                .await;
        }
    }

    async fn initialize(&self, params: lsp::InitializeParams) -> Result<lsp::InitializeResult> {
        let caps = ClientCaps::new(&params.capabilities);
        *self
            .shared
            .caps
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = caps;
        let config = config_from(
            &self.shared.config(),
            params.initialization_options.as_ref(),
        );
        self.shared.cache.set_capacity(config.solve_cache);
        *self
            .shared
            .config
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(config);
        let _ = self.shared.runtime.set(tokio::runtime::Handle::current());
        if let Some(rx) = lock(&self.out_rx).take() {
            tokio::spawn(background::send_loop(Arc::downgrade(&self.shared), rx));
        }
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
        self.shared.cancel_all();
        Ok(())
    }

    async fn did_open(&self, params: lsp::DidOpenTextDocumentParams) {
        let item = params.text_document;
        let doc = Arc::new(Doc::new(
            item.uri.clone(),
            item.version,
            &item.text,
            self.shared.config(),
        ));
        let old = lock(&self.shared.docs).insert(item.uri, doc.clone());
        if let Some(old) = old {
            old.close(&self.shared.cache);
        }
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
            st.snapshot = Arc::new(Snapshot::new(
                params.text_document.version,
                st.rope.clone(),
                self.shared.config(),
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
        self.shared.send(Out::Clear(uri));
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
        let args = &params.arguments;
        let uri = args
            .first()
            .and_then(|u| u.as_str())
            .and_then(|u| u.parse::<lsp::Uri>().ok())
            .ok_or_else(|| Error::invalid_params("the first argument must be a document URI"))?;
        let case = match params.command.as_str() {
            caps::WRITE_EXPECT => Some(
                args.get(1)
                    .and_then(serde_json::Value::as_u64)
                    .and_then(|i| usize::try_from(i).ok())
                    .ok_or_else(|| {
                        Error::invalid_params("the second argument must be a case index")
                    })?,
            ),
            caps::WRITE_ALL_EXPECT => None,
            other => return Err(Error::invalid_params(format!("unknown command `{other}`"))),
        };
        if !self.shared.caps().apply_edit {
            return Err(Error::invalid_request());
        }
        let Some(doc) = self.shared.doc(&uri) else {
            return Err(Error::invalid_params(format!(
                "{} is not open",
                uri.as_str()
            )));
        };
        let snap = doc.snapshot();
        let shared = self.shared.clone();
        // The edit goes to the client from a task of its own: awaiting `workspace/applyEdit`
        // here would hold a handler slot until the client answers.
        self.shared.spawn(async move {
            let work = {
                let shared = shared.clone();
                tokio::task::spawn_blocking(move || {
                    catch_unwind(AssertUnwindSafe(|| {
                        let view = View::build(&doc, snap, &shared.cache)?;
                        handlers::expect_edit(&view, shared.caps(), &doc.uri, case)
                    }))
                    .unwrap_or_else(|panic| Err(panic_message(&panic)))
                })
            };
            match work.await {
                Ok(Ok(edit)) => {
                    let sent = shared
                        .client
                        .send_request::<lsp::request::ApplyWorkspaceEdit>(edit)
                        .await;
                    if let Err(e) = sent {
                        shared.send(Out::Log(
                            lsp::MessageType::WARNING,
                            format!("workspace/applyEdit failed: {e}"),
                        ));
                    }
                }
                Ok(Err(why)) => {
                    shared
                        .client
                        .show_message(lsp::MessageType::INFO, why)
                        .await;
                }
                Err(_) => {}
            }
        });
        Ok(None)
    }
}
