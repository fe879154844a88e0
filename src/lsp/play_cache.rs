//! What `boardls/play` keeps between requests: the reports of recent positions (a take-back,
//! or a move played again, answers at once) and the play running on each document (an edit
//! of it, or a newer play, cancels it).

use super::document::lock;
use crate::analysis::play::PlayReport;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types as lsp;

/// The reports kept; an analysis board revisits a handful of lines, not thousands.
const KEPT: usize = 256;

/// A position: the case's content (its [`crate::analysis::CaseAnalysis::content_key`]) and the
/// moves played on it, as one space-separated string.
pub(crate) type PositionKey = (u64, String);

#[derive(Default)]
pub(crate) struct PlayCache {
    reports: Mutex<HashMap<PositionKey, PlayReport>>,
    running: Mutex<HashMap<lsp::Uri, Arc<AtomicBool>>>,
}

impl PlayCache {
    pub(crate) fn get(&self, key: &PositionKey) -> Option<PlayReport> {
        lock(&self.reports).get(key).cloned()
    }

    pub(crate) fn insert(&self, key: PositionKey, report: PlayReport) {
        let mut reports = lock(&self.reports);
        if reports.len() >= KEPT {
            // Whole generations go: simpler than an order, and a board revisits few lines.
            reports.clear();
        }
        reports.insert(key, report);
    }

    /// The cancel flag of a new play on `uri`, raising the one before it.
    pub(crate) fn start(&self, uri: &lsp::Uri) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        if let Some(old) = lock(&self.running).insert(uri.clone(), flag.clone()) {
            old.store(true, Ordering::Relaxed);
        }
        flag
    }

    /// An edit of `uri`: its running play answers for a text that is gone.
    pub(crate) fn cancel(&self, uri: &lsp::Uri) {
        if let Some(flag) = lock(&self.running).remove(uri) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Forgets `flag` once its play is over, unless a newer play took its place.
    pub(crate) fn finish(&self, uri: &lsp::Uri, flag: &Arc<AtomicBool>) {
        let mut running = lock(&self.running);
        if running.get(uri).is_some_and(|f| Arc::ptr_eq(f, flag)) {
            running.remove(uri);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(name: &str) -> lsp::Uri {
        format!("file:///{name}.board").parse().expect("a uri")
    }

    #[test]
    fn a_newer_play_or_an_edit_cancels_the_running_one_and_only_it() {
        let plays = PlayCache::default();
        let first = plays.start(&uri("a"));
        let other = plays.start(&uri("b"));
        let second = plays.start(&uri("a"));
        assert!(
            first.load(Ordering::Relaxed),
            "the newer play on a cancels the first"
        );
        assert!(!other.load(Ordering::Relaxed) && !second.load(Ordering::Relaxed));
        // The first play ending does not forget the second.
        plays.finish(&uri("a"), &first);
        plays.cancel(&uri("a"));
        assert!(
            second.load(Ordering::Relaxed),
            "an edit of a cancels its play"
        );
        plays.finish(&uri("b"), &other);
        plays.cancel(&uri("b"));
        assert!(
            !other.load(Ordering::Relaxed),
            "a finished play is not cancelled"
        );
    }
}
