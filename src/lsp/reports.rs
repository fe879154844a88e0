//! Diagnostics in the protocol's terms: lists converted from byte spans, the reports a pulling
//! client gets (with result ids), and what it was last given.

use super::convert::{Encoding, to_proto};
use super::document::lock;
use crate::diag::Diagnostic;
use crate::project::ProjectError;
use crate::span::LineIndex;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;
use tower_lsp_server::ls_types as lsp;

/// `found` as the client gets it.
pub(crate) fn to_lsp(
    text: &str,
    index: &LineIndex,
    uri: &lsp::Uri,
    found: &[Diagnostic],
    enc: Encoding,
) -> Vec<lsp::Diagnostic> {
    found
        .iter()
        .map(|d| to_proto::diagnostic(text, index, uri, d, enc))
        .collect()
}

/// A list with the id a pulling client quotes back to learn whether it changed.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub diagnostics: Vec<lsp::Diagnostic>,
    pub result_id: String,
}

impl Report {
    pub(crate) fn new(diagnostics: Vec<lsp::Diagnostic>) -> Report {
        let result_id = result_id(&diagnostics);
        Report {
            diagnostics,
            result_id,
        }
    }
}

/// The same list gives the same id, in any session: a hash of what the client would show.
fn result_id(diagnostics: &[lsp::Diagnostic]) -> String {
    let mut h = DefaultHasher::new();
    serde_json::to_string(diagnostics)
        .unwrap_or_default()
        .hash(&mut h);
    format!("{:016x}", h.finish())
}

/// What a pulling client was last given, and the requests asking it to pull again.
#[derive(Default)]
pub(crate) struct Pulls {
    given: Mutex<HashMap<lsp::Uri, String>>,
    /// A request to pull again is out, and whether another is wanted after it.
    asking: Mutex<(bool, bool)>,
}

impl Pulls {
    pub(crate) fn gave(&self, uri: &lsp::Uri, report: &Report) {
        lock(&self.given).insert(uri.clone(), report.result_id.clone());
    }

    /// Returns whether a request is already out (then one more follows it).
    pub(crate) fn ask(&self) -> bool {
        let mut asking = lock(&self.asking);
        if asking.0 {
            asking.1 = true;
            return true;
        }
        *asking = (true, false);
        false
    }

    /// The request was answered; returns whether to ask again.
    pub(crate) fn done(&self) -> bool {
        let mut asking = lock(&self.asking);
        if asking.1 {
            asking.1 = false;
            return true;
        }
        asking.0 = false;
        false
    }

    /// Whether `diagnostics` differ from what the pulling client was last given for `uri`.
    pub(crate) fn differ(&self, uri: &lsp::Uri, diagnostics: &[lsp::Diagnostic]) -> bool {
        lock(&self.given).get(uri) != Some(&result_id(diagnostics))
    }
}

/// The diagnostics of a broken `boardls.toml` (none when `error` is `None`: it was mended).
pub(crate) fn project_diagnostics(
    uri: &lsp::Uri,
    error: Option<&ProjectError>,
    enc: Encoding,
) -> Vec<lsp::Diagnostic> {
    error.map_or_else(Vec::new, |e| {
        to_lsp(&e.text, &LineIndex::new(&e.text), uri, &e.diagnostics, enc)
    })
}
