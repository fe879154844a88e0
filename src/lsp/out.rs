//! What the server's parts send to the client through the one sending task
//! ([`super::background::send_loop`]), in the order they were made.

use super::document::{Doc, Snapshot};
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// Messages to the client, sent by one task so that they arrive in the order they were made.
pub(crate) enum Out {
    /// An open document's diagnostics as of `snap`: sent while `snap` is its latest, unless
    /// the client already has this list for this version.
    Publish {
        doc: Arc<Doc>,
        snap: Arc<Snapshot>,
        diagnostics: Vec<lsp::Diagnostic>,
    },
    /// The diagnostics of a file that is not open (a workspace file, or one just closed): no
    /// version, since the client has none for it.
    PublishFile {
        uri: lsp::Uri,
        diagnostics: Vec<lsp::Diagnostic>,
    },
    /// New results: ask the client to fetch lenses and tokens again.
    Refresh,
    /// Counts of cases solving and unsolved may have changed: tell a client that asked.
    Status,
    /// A case of this version of an open document has its result: tell a client that asked.
    Results {
        uri: lsp::Uri,
        version: i32,
    },
    Log(lsp::MessageType, String),
    /// A `boardls.toml` read and found broken (`Some`: its problems, on the file, and one
    /// message to the user) or mended (`None`: its diagnostics cleared). Always pushed: a
    /// client pulls diagnostics only for the documents it opened as `.board` files.
    ProjectProblems {
        path: std::path::PathBuf,
        error: Option<crate::project::ProjectError>,
    },
}
