//! Open documents: the rope edits land in, immutable snapshots per version, and what is known
//! of each case's verdict.

use crate::analysis::{self, Analysis, SolveCache, Verdict, solve::panic_message};
use crate::config::Config;
use crate::ide::{CaseState, FileView};
use crate::span::LineIndex;
use ropey::Rope;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, RwLock};
use tower_lsp_server::ls_types as lsp;

/// A poisoned lock only means another thread panicked while holding it; the data is still
/// the best we have, and the server must live on.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One version of a document's text. Text, line index and analysis are computed on first use,
/// so that a burst of edits costs a rope clone each.
pub(crate) struct Snapshot {
    pub version: i32,
    rope: Rope,
    config: Arc<Config>,
    text: OnceLock<String>,
    index: OnceLock<LineIndex>,
    analysis: OnceLock<Result<Arc<Analysis>, String>>,
}

impl Snapshot {
    pub(super) fn new(version: i32, rope: Rope, config: Arc<Config>) -> Snapshot {
        Snapshot {
            version,
            rope,
            config,
            text: OnceLock::new(),
            index: OnceLock::new(),
            analysis: OnceLock::new(),
        }
    }

    pub(super) fn text(&self) -> &str {
        self.text.get_or_init(|| self.rope.to_string())
    }

    pub(super) fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::new(self.text()))
    }

    pub(super) fn config(&self) -> &Config {
        &self.config
    }

    pub(super) fn config_arc(&self) -> Arc<Config> {
        self.config.clone()
    }

    /// The analysis, or the message of the panic that stopped it (kept: the text will not
    /// analyse any better next time).
    pub(super) fn analysis(&self) -> Result<Arc<Analysis>, String> {
        self.analysis
            .get_or_init(|| {
                catch_unwind(AssertUnwindSafe(|| {
                    let analysis = analysis::analyse(self.text(), &self.config);
                    test_hook::check(&analysis);
                    Arc::new(analysis)
                }))
                .map_err(|panic| panic_message(&panic))
            })
            .clone()
    }
}

pub(crate) struct Doc {
    pub uri: lsp::Uri,
    pub state: Mutex<DocState>,
}

pub(crate) struct DocState {
    pub rope: Rope,
    /// The latest version.
    pub snapshot: Arc<Snapshot>,
    /// Verdicts by case content for recent versions (the shared cache may forget).
    pub solved: HashMap<u64, Arc<Verdict>>,
    /// The last solved verdict of each case, by case title, shown while it is solved again.
    pub last_good: HashMap<String, Arc<Verdict>>,
    /// Which verdicts the client was last told about (addresses, in case order).
    pub shown: Vec<usize>,
    /// The case content being solved, and the flag that cancels it.
    pub solving: Option<(u64, Arc<AtomicBool>)>,
    /// A solve worker is running for this document.
    pub worker: bool,
    pub closed: bool,
    /// The diagnostics last sent, to republish only on change.
    pub published: Option<Vec<lsp::Diagnostic>>,
}

impl Doc {
    pub(super) fn new(uri: lsp::Uri, version: i32, text: &str, config: Arc<Config>) -> Doc {
        let rope = Rope::from_str(text);
        let snapshot = Arc::new(Snapshot::new(version, rope.clone(), config));
        Doc {
            uri,
            state: Mutex::new(DocState {
                rope,
                snapshot,
                solved: HashMap::new(),
                last_good: HashMap::new(),
                shown: Vec::new(),
                solving: None,
                worker: false,
                closed: false,
                published: None,
            }),
        }
    }

    pub(super) fn snapshot(&self) -> Arc<Snapshot> {
        lock(&self.state).snapshot.clone()
    }

    /// The document is gone (closed, opened again, or the server is stopping): its solve is
    /// cancelled and nothing more is published for it.
    pub(super) fn close(&self) {
        let mut st = lock(&self.state);
        st.closed = true;
        if let Some((_, flag)) = &st.solving {
            flag.store(true, Ordering::Relaxed);
        }
    }

    pub(super) fn is_current(&self, version: i32) -> bool {
        let st = lock(&self.state);
        !st.closed && st.snapshot.version == version
    }
}

/// A snapshot with its analysis and case states: what a request or a publish works from.
pub(crate) struct View {
    pub snap: Arc<Snapshot>,
    pub analysis: Arc<Analysis>,
    pub states: Vec<CaseState>,
}

impl View {
    pub(super) fn build(
        doc: &Doc,
        snap: Arc<Snapshot>,
        cache: &SolveCache,
    ) -> Result<View, String> {
        let analysis = snap.analysis()?;
        let st = lock(&doc.state);
        let states = analysis
            .cases
            .iter()
            .map(|case| {
                if case.board.is_none() {
                    return CaseState::Invalid;
                }
                let known = st.solved.get(&case.content_key).cloned();
                match known.or_else(|| cache.get(case.content_key)) {
                    Some(v) => CaseState::Done(v),
                    None => CaseState::Pending {
                        last: st.last_good.get(&case.title()).cloned(),
                    },
                }
            })
            .collect();
        drop(st);
        Ok(View {
            snap,
            analysis,
            states,
        })
    }

    pub(super) fn file(&self) -> FileView<'_> {
        FileView {
            text: self.snap.text(),
            index: self.snap.index(),
            analysis: &self.analysis,
            states: &self.states,
        }
    }

    pub(super) fn text(&self) -> &str {
        self.snap.text()
    }

    pub(super) fn index(&self) -> &LineIndex {
        self.snap.index()
    }
}

/// A way for tests to make analysis panic: a case with this name panics after analysis.
pub(crate) mod test_hook {
    use super::{Analysis, RwLock};

    static PANIC_ON: RwLock<Option<String>> = RwLock::new(None);

    pub(crate) fn set(name: Option<String>) {
        *PANIC_ON
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = name;
    }

    pub(crate) fn check(analysis: &Analysis) {
        let trigger = PANIC_ON
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(trigger) = trigger.as_deref() else {
            return;
        };
        if analysis
            .cases
            .iter()
            .any(|c| c.name.as_ref().is_some_and(|n| n.value == trigger))
        {
            panic!("test hook: analysis panics on a case named {trigger:?}");
        }
    }
}
