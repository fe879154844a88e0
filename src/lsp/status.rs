//! `boardls/status`: how many cases are being solved and how many are left unsolved within
//! budget, over the open documents and the workspace's closed files, for a status bar. Sent to
//! clients that ask for it (the experimental capability `boardlsStatus`), when it changes.

use super::caps::STATUS;
use super::document::lock;
use crate::ide::{CaseState, FileView};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Mutex;
use tower_lsp_server::ls_types as lsp;

/// Cases being solved (or waiting to be) and cases left unsolved within budget (`W211`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub solving: usize,
    pub unsolved: usize,
}

impl Tally {
    fn add(self, other: Tally) -> Tally {
        Tally {
            solving: self.solving + other.solving,
            unsolved: self.unsolved + other.unsolved,
        }
    }
}

/// The notification's parameters.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct StatusParams {
    pub(crate) solving: usize,
    pub(crate) unsolved: usize,
    /// The same in words, for a status bar after "boardls: " ("3 solving", "1 unsolved",
    /// "3 solving, 1 unsolved"); empty when there is nothing to say.
    pub(crate) message: String,
}

pub(crate) enum StatusNotification {}

impl lsp::notification::Notification for StatusNotification {
    type Params = StatusParams;
    const METHOD: &'static str = STATUS;
}

#[derive(Default)]
pub(crate) struct Status {
    open: Mutex<HashMap<lsp::Uri, Tally>>,
    sent: Mutex<Option<Tally>>,
}

impl Status {
    /// Counts the cases of an open document as `file` holds them.
    pub(crate) fn count_open(&self, uri: &lsp::Uri, file: &FileView<'_>) {
        let mut tally = Tally::default();
        for state in file.states {
            match state {
                CaseState::Pending { .. } | CaseState::Answered(_) => tally.solving += 1,
                CaseState::Done(v) if v.budget_bound() => tally.unsolved += 1,
                _ => {}
            }
        }
        lock(&self.open).insert(uri.clone(), tally);
    }

    /// The document is closed: its cases count no more (the workspace counts its file again).
    pub(crate) fn forget_open(&self, uri: &lsp::Uri) {
        lock(&self.open).remove(uri);
    }

    /// The status to send, with `closed` the counts of the workspace's closed files: `None`
    /// when it is what was last sent.
    pub(crate) fn changed(&self, closed: Tally) -> Option<StatusParams> {
        let open = lock(&self.open)
            .values()
            .fold(Tally::default(), |a, b| a.add(*b));
        let now = open.add(closed);
        {
            let mut sent = lock(&self.sent);
            if *sent == Some(now) {
                return None;
            }
            *sent = Some(now);
        }
        let mut words = Vec::new();
        if now.solving > 0 {
            words.push(format!("{} solving", now.solving));
        }
        if now.unsolved > 0 {
            words.push(format!("{} unsolved", now.unsolved));
        }
        Some(StatusParams {
            solving: now.solving,
            unsolved: now.unsolved,
            message: words.join(", "),
        })
    }
}
