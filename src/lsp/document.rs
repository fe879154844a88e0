//! Open documents: the rope edits land in, immutable snapshots per version, and what is known
//! of each case's verdict.

use super::convert::to_proto;
use crate::analysis::{self, Analysis, CaseAnalysis, SolveCache, Verdict, solve::panic_message};
use crate::config::Config;
use crate::ide::{CaseState, FileView};
use crate::span::LineIndex;
use ropey::Rope;
use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// The version and diagnostics last sent, to republish only what the client lacks.
    pub published: Option<(i32, Vec<lsp::Diagnostic>)>,
    /// Cases (by content) to solve again under a raised budget: shown as solving until then.
    pub raised: HashMap<u64, Arc<Config>>,
    /// The semantic tokens last sent whole or by delta, which the next delta request names.
    pub tokens: Option<SentTokens>,
}

/// Semantic tokens the client holds, by the result id it was given.
pub(crate) struct SentTokens {
    pub id: String,
    pub data: Vec<lsp::SemanticToken>,
}

impl DocState {
    /// Forgets the verdicts of contents the latest text no longer holds and the last good
    /// verdicts of cases no longer in it, so that nothing here grows with the number of edits;
    /// the shared cache is told those contents were left, to evict them first.
    pub(super) fn keep_only(&mut self, analysis: &Analysis, cache: &SolveCache) {
        let keys: HashSet<u64> = analysis.cases.iter().map(|c| c.content_key).collect();
        let left: Vec<u64> = self
            .solved
            .keys()
            .filter(|key| !keys.contains(key))
            .copied()
            .collect();
        for key in &left {
            self.solved.remove(key);
        }
        self.raised.retain(|key, _| keys.contains(key));
        cache.release(left);
        if self.last_good.len() > analysis.cases.len() {
            let titles: HashSet<String> = analysis.cases.iter().map(CaseAnalysis::title).collect();
            self.last_good.retain(|title, _| titles.contains(title));
        }
    }

    /// Gives `data` a new result id and remembers it as what the client now holds.
    fn send_tokens(&mut self, data: Vec<lsp::SemanticToken>) -> String {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let id = NEXT.fetch_add(1, Ordering::Relaxed).to_string();
        self.tokens = Some(SentTokens {
            id: id.clone(),
            data,
        });
        id
    }
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
                tokens: None,
                raised: HashMap::new(),
            }),
        }
    }

    pub(super) fn snapshot(&self) -> Arc<Snapshot> {
        lock(&self.state).snapshot.clone()
    }

    /// The document is gone (closed, opened again, or the server is stopping): its solve is
    /// cancelled, nothing more is published for it, and what it kept is freed now (tasks may
    /// hold the document a while longer); its verdicts are the cache's first to go.
    pub(super) fn close(&self, cache: &SolveCache) {
        let mut st = lock(&self.state);
        st.closed = true;
        if let Some((_, flag)) = &st.solving {
            flag.store(true, Ordering::Relaxed);
        }
        cache.release(st.solved.keys().copied());
        st.solved = HashMap::new();
        st.last_good = HashMap::new();
        st.shown = Vec::new();
        st.published = None;
        st.tokens = None;
        st.raised = HashMap::new();
    }

    /// How much this document keeps, for [`super::MEMORY_USAGE`].
    pub(super) fn usage(&self) -> serde_json::Value {
        let st = lock(&self.state);
        serde_json::json!({
            "uri": self.uri.as_str(),
            "version": st.snapshot.version,
            "solved": st.solved.len(),
            "lastGood": st.last_good.len(),
            "shown": st.shown.len(),
            "tokens": st.tokens.as_ref().map_or(0, |t| t.data.len()),
            "solving": st.solving.is_some(),
        })
    }

    /// The semantic tokens of a full answer, remembered for the next delta.
    pub(super) fn full_tokens(&self, data: Vec<lsp::SemanticToken>) -> lsp::SemanticTokens {
        let mut st = lock(&self.state);
        let id = st.send_tokens(data.clone());
        lsp::SemanticTokens {
            result_id: Some(id),
            data,
        }
    }

    /// The change from the tokens sent as `previous` to `data`, or all of `data` when
    /// `previous` is not the last answer (the client must then replace what it holds).
    pub(super) fn tokens_delta(
        &self,
        previous: &str,
        data: Vec<lsp::SemanticToken>,
    ) -> lsp::SemanticTokensFullDeltaResult {
        let mut st = lock(&self.state);
        let edits = match &st.tokens {
            Some(sent) if sent.id == previous => {
                Some(to_proto::semantic_token_edits(&sent.data, &data))
            }
            _ => None,
        };
        let id = st.send_tokens(data.clone());
        match edits {
            Some(edits) => {
                lsp::SemanticTokensFullDeltaResult::TokensDelta(lsp::SemanticTokensDelta {
                    result_id: Some(id),
                    edits,
                })
            }
            None => lsp::SemanticTokensFullDeltaResult::Tokens(lsp::SemanticTokens {
                result_id: Some(id),
                data,
            }),
        }
    }

    /// `snap` is the document's latest snapshot (a new version, or new settings, make
    /// another) and the document is still open.
    pub(super) fn is_latest(&self, snap: &Arc<Snapshot>) -> bool {
        let st = lock(&self.state);
        !st.closed && Arc::ptr_eq(&st.snapshot, snap)
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
                if st.raised.contains_key(&case.content_key) {
                    return CaseState::Pending {
                        last: st.last_good.get(&case.title()).cloned(),
                    };
                }
                let known = st.solved.get(&case.content_key).cloned();
                let extras_running = st
                    .solving
                    .as_ref()
                    .is_some_and(|(key, _)| *key == case.content_key);
                match known.or_else(|| cache.get(case.content_key)) {
                    // The first step's verdict, shown while the second makes the extras.
                    Some(v) if extras_running => CaseState::Answered(v),
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
