//! The server's shared state: what every handler and background task reads (the client, the
//! solve cache, the workspace, the open documents, what the client was last told), imported by
//! all of them and importing none. As rust-analyzer's `global_state.rs`.

use super::caps::ClientCaps;
use super::document::{Doc, lock};
use super::out::Out;
use super::play_cache::PlayCache;
use super::reports::Pulls;
use super::status::Status;
use super::workspace::folders::Workspace;
use crate::analysis::SolveCache;
use crate::config::Config;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use tokio::sync::{mpsc, watch};
use tower_lsp_server::Client;
use tower_lsp_server::ls_types as lsp;

/// How a session ended. The protocol asks for exit status 0 only when `shutdown` came first:
/// a client that says `exit` (or goes away) without it has not ended the session properly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    AfterShutdown,
    WithoutShutdown,
}

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
    /// `boardls/play`'s recent positions and running plays.
    pub plays: PlayCache,
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
    pub(crate) fn new(
        client: Client,
        config: Config,
    ) -> (Arc<Shared>, mpsc::UnboundedReceiver<Out>) {
        let (out, out_rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            client,
            cache: SolveCache::with_capacity(config.solve_cache),
            workspace: Workspace::new(config, out.clone()),
            pulls: Pulls::default(),
            status: Status::default(),
            plays: PlayCache::default(),
            caps: RwLock::new(ClientCaps::default()),
            shut_down: AtomicBool::new(false),
            docs: Mutex::new(HashMap::new()),
            out,
            runtime: OnceLock::new(),
            stopping: watch::channel(false).0,
        });
        (shared, out_rx)
    }

    /// `initialize`: what the client can do, and the runtime tasks are spawned on.
    pub(crate) fn initialize(&self, caps: ClientCaps, runtime: tokio::runtime::Handle) {
        *self
            .caps
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = caps;
        let _ = self.runtime.set(runtime);
    }

    /// `shutdown` came.
    pub(crate) fn shutdown(&self) {
        self.shut_down.store(true, Ordering::Relaxed);
        self.cancel_all();
    }

    /// `doc` is open at its URI; returns the document it replaces.
    pub(crate) fn insert_doc(&self, doc: Arc<Doc>) -> Option<Arc<Doc>> {
        lock(&self.docs).insert(doc.uri.clone(), doc)
    }

    /// The document at `uri` is closed.
    pub(crate) fn remove_doc(&self, uri: &lsp::Uri) -> Option<Arc<Doc>> {
        lock(&self.docs).remove(uri)
    }
    pub(crate) fn caps(&self) -> ClientCaps {
        *self
            .caps
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How the session ends if it ends now.
    pub(crate) fn ending(&self) -> Ending {
        if self.shut_down.load(Ordering::Relaxed) {
            Ending::AfterShutdown
        } else {
            Ending::WithoutShutdown
        }
    }

    pub(crate) fn open_docs(&self) -> Vec<Arc<Doc>> {
        lock(&self.docs).values().cloned().collect()
    }

    pub(crate) fn send(&self, out: Out) {
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
    pub(crate) fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
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

    pub(crate) fn spawn_blocking(&self, work: impl FnOnce() + Send + 'static) {
        if let Some(handle) = self.handle() {
            handle.spawn_blocking(work);
        }
    }

    pub(crate) fn doc(&self, uri: &lsp::Uri) -> Option<Arc<Doc>> {
        lock(&self.docs).get(uri).cloned()
    }

    /// Stops every solve and every waiting task: the server is going away.
    pub(crate) fn cancel_all(&self) {
        self.stopping.send_replace(true);
        self.workspace.stop();
        for doc in lock(&self.docs).values() {
            doc.close(&self.cache);
        }
    }
}
