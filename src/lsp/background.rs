//! Work off the request path: analysing a new version, solving its changed cases on blocking
//! threads, and sending diagnostics, refreshes and progress to the client in order.

use super::convert::to_proto;
use super::document::{Doc, DocState, Snapshot, View, lock};
use super::server::Shared;
use crate::analysis::{self, Verdict, solve::panic_message};
use crate::games::Unsolved;
use crate::ide::{self, CaseState};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::ls_types::request::{
    CodeLensRefresh, InlayHintRefreshRequest, SemanticTokensRefresh,
};

/// A solve running this long first publishes the results found before it.
const FLUSH_AFTER: Duration = Duration::from_millis(100);
/// Solves that run longer than this get a `$/progress` report.
const PROGRESS_AFTER: Duration = Duration::from_millis(300);
/// While a long file is being solved, results so far are published this often.
const PARTIAL_PUBLISH_EVERY: Duration = Duration::from_millis(300);

/// Messages to the client, sent by one task so that they arrive in the order they were made.
pub(crate) enum Out {
    Publish {
        doc: Arc<Doc>,
        version: i32,
        diagnostics: Vec<lsp::Diagnostic>,
    },
    Clear(lsp::Uri),
    /// New results: ask the client to fetch lenses and tokens again.
    Refresh,
    Log(lsp::MessageType, String),
}

/// One refresh request of a kind in flight at a time: a client slow to answer (or that never
/// does) must not gather a waiting task per edit. A refresh asked for meanwhile is sent once,
/// after the answer.
#[derive(Default)]
struct RefreshSlot {
    in_flight: AtomicBool,
    again: AtomicBool,
}

/// Ends when the server is gone: it holds the server's state weakly, since that state holds
/// the sending end of `rx` (a strong hold would keep both alive after `serve` returns).
pub(crate) async fn send_loop(shared: Weak<Shared>, mut rx: mpsc::UnboundedReceiver<Out>) {
    let slots: [Arc<RefreshSlot>; 3] = Default::default();
    while let Some(msg) = rx.recv().await {
        let Some(shared) = shared.upgrade() else {
            return;
        };
        match msg {
            Out::Publish {
                doc,
                version,
                diagnostics,
            } => {
                let changed = {
                    let mut st = lock(&doc.state);
                    let fresh = !st.closed && st.snapshot.version == version;
                    let changed = fresh && st.published.as_ref() != Some(&diagnostics);
                    if changed {
                        st.published = Some(diagnostics.clone());
                    }
                    changed
                };
                if changed {
                    shared
                        .client
                        .publish_diagnostics(doc.uri.clone(), diagnostics, Some(version))
                        .await;
                }
            }
            Out::Clear(uri) => {
                shared
                    .client
                    .publish_diagnostics(uri, Vec::new(), None)
                    .await;
            }
            Out::Refresh => {
                let caps = shared.caps();
                refresh::<CodeLensRefresh>(&shared, caps.code_lens_refresh, &slots[0]);
                refresh::<InlayHintRefreshRequest>(&shared, caps.inlay_hint_refresh, &slots[1]);
                refresh::<SemanticTokensRefresh>(&shared, caps.semantic_tokens_refresh, &slots[2]);
            }
            Out::Log(typ, message) => shared.client.log_message(typ, message).await,
        }
    }
}

/// Asks the client to refresh what `R` names, when it said it can. The request is awaited in a
/// task of its own, never in the send loop; while one is unanswered, another is only noted.
fn refresh<R>(shared: &Shared, supported: bool, slot: &Arc<RefreshSlot>)
where
    R: lsp::request::Request<Params = ()>,
{
    if !supported {
        return;
    }
    if slot.in_flight.swap(true, Ordering::AcqRel) {
        slot.again.store(true, Ordering::Release);
        return;
    }
    let client = shared.client.clone();
    let slot = slot.clone();
    shared.spawn(async move {
        loop {
            slot.again.store(false, Ordering::Release);
            let _ = client.send_request::<R>(()).await;
            if slot.again.load(Ordering::Acquire) {
                continue;
            }
            slot.in_flight.store(false, Ordering::Release);
            // Noted after the check above but before the slot was freed: send it now.
            if !slot.again.load(Ordering::Acquire) || slot.in_flight.swap(true, Ordering::AcqRel) {
                return;
            }
        }
    });
}

/// A new version: publish its parse and validation diagnostics (with verdicts already known)
/// at once, cancel a solve the new text no longer needs, and start solving what is left.
pub(crate) fn on_new_version(shared: &Arc<Shared>, doc: &Arc<Doc>, snap: &Arc<Snapshot>) {
    if !doc.is_current(snap.version) {
        return;
    }
    let view = match View::build(doc, snap.clone(), &shared.cache) {
        Ok(view) => view,
        Err(panic) => {
            analysis_failed(shared, doc, snap, &panic);
            let st = lock(&doc.state);
            if let Some((_, flag)) = &st.solving
                && st.snapshot.version == snap.version
            {
                flag.store(true, Ordering::Relaxed);
            }
            return;
        }
    };
    publish(shared, doc, &view);
    let pending = view
        .states
        .iter()
        .any(|s| matches!(s, CaseState::Pending { .. }));
    let mut st = lock(&doc.state);
    if st.closed || st.snapshot.version != snap.version {
        return;
    }
    // An edit every keystroke must not pile up the verdicts of every version typed through.
    st.keep_only(&view.analysis, &shared.cache);
    if let Some((key, flag)) = &st.solving {
        let still_needed = view
            .analysis
            .cases
            .iter()
            .any(|c| c.content_key == *key && c.board.is_some());
        if !still_needed {
            flag.store(true, Ordering::Relaxed);
        }
    }
    if pending {
        if !st.worker {
            st.worker = true;
            let (shared, doc) = (shared.clone(), doc.clone());
            shared
                .clone()
                .spawn_blocking(move || solve_worker(&shared, &doc));
        }
    } else {
        complete(shared, &mut st, &view);
    }
}

/// Solves the latest version's unsolved cases one by one, until none is left.
fn solve_worker(shared: &Arc<Shared>, doc: &Arc<Doc>) {
    loop {
        let snap = {
            let mut st = lock(&doc.state);
            if st.closed {
                st.worker = false;
                return;
            }
            st.snapshot.clone()
        };
        let Ok(analysis) = snap.analysis() else {
            // Reported by `on_new_version`; wait for a version that analyses.
            let mut st = lock(&doc.state);
            if st.snapshot.version == snap.version {
                st.worker = false;
                return;
            }
            continue;
        };
        {
            // A solve that finished after its version was left stored its verdict.
            let mut st = lock(&doc.state);
            if st.snapshot.version == snap.version {
                st.keep_only(&analysis, &shared.cache);
            }
        }
        let mut last_publish = Instant::now();
        // Results solved since the last publish.
        let mut unpublished = false;
        let mut interrupted = false;
        for case in analysis.cases.iter().filter(|c| c.board.is_some()) {
            let key = case.content_key;
            let flag = {
                let mut st = lock(&doc.state);
                if st.closed || st.snapshot.version != snap.version {
                    interrupted = true;
                    break;
                }
                if st.solved.contains_key(&key) {
                    continue;
                }
                if let Some(v) = shared.cache.get(key) {
                    st.solved.insert(key, v);
                    continue;
                }
                let flag = Arc::new(AtomicBool::new(false));
                st.solving = Some((key, flag.clone()));
                flag
            };
            let flushed = Arc::new(AtomicBool::new(false));
            let watch = Watch::start(
                shared,
                doc,
                &snap,
                format!("solving {}", case.title()),
                unpublished.then(|| flushed.clone()),
            );
            let budget = analysis::budget(snap.config()).with_cancel(flag);
            let result = catch_unwind(AssertUnwindSafe(|| shared.cache.solve(case, &budget)));
            drop(watch);
            if flushed.load(Ordering::Relaxed) {
                unpublished = false;
                last_publish = Instant::now();
            }
            let verdict = match result {
                Ok(solved) => solved.map(|(v, _)| v),
                // `solve_case` catches solver panics; this is the cache failing around it.
                Err(panic) => Some(Arc::new(Verdict::Failed(panic_message(&panic)))),
            };
            {
                let mut st = lock(&doc.state);
                st.solving = None;
                if let Some(verdict) = verdict
                    && !matches!(*verdict, Verdict::Unsolved(Unsolved::Cancelled))
                {
                    if verdict.solution().is_some() {
                        st.last_good.insert(case.title(), verdict.clone());
                    }
                    st.solved.insert(key, verdict);
                    unpublished = true;
                }
            }
            if unpublished
                && last_publish.elapsed() >= PARTIAL_PUBLISH_EVERY
                && doc.is_current(snap.version)
            {
                if let Ok(view) = View::build(doc, snap.clone(), &shared.cache) {
                    publish(shared, doc, &view);
                }
                unpublished = false;
                last_publish = Instant::now();
            }
        }
        if interrupted {
            continue;
        }
        let Ok(view) = View::build(doc, snap.clone(), &shared.cache) else {
            continue;
        };
        let mut st = lock(&doc.state);
        if st.closed {
            st.worker = false;
            return;
        }
        if st.snapshot.version != snap.version {
            continue;
        }
        st.worker = false;
        // Publishing under the lock keeps this version's final set ahead of a newer one's.
        publish(shared, doc, &view);
        let all_done = !view
            .states
            .iter()
            .any(|s| matches!(s, CaseState::Pending { .. }));
        if all_done {
            complete(shared, &mut st, &view);
        }
        return;
    }
}

/// Results of the current version are complete: remember the solved ones as the last good
/// results (by case title, so that they follow a case that moved), forget verdicts of contents
/// no longer in the text, and tell the client when what it shows changed.
fn complete(shared: &Shared, st: &mut DocState, view: &View) {
    let mut last_good = HashMap::with_capacity(view.states.len());
    let mut shown = Vec::with_capacity(view.states.len());
    for (case, state) in view.analysis.cases.iter().zip(&view.states) {
        let title = case.title();
        if let CaseState::Done(v) = state {
            shown.push(Arc::as_ptr(v) as usize);
            if v.solution().is_some() {
                last_good.insert(title, v.clone());
                continue;
            }
        }
        if let Some(old) = st.last_good.get(&title) {
            last_good.insert(title, old.clone());
        }
    }
    st.last_good = last_good;
    st.keep_only(&view.analysis, &shared.cache);
    if shown != st.shown {
        st.shown = shown;
        shared.send(Out::Refresh);
    }
}

fn publish(shared: &Shared, doc: &Arc<Doc>, view: &View) {
    let file = view.file();
    let enc = shared.caps().encoding;
    let diagnostics = ide::diagnostics(&file, view.snap.config())
        .iter()
        .map(|d| to_proto::diagnostic(view.text(), view.index(), d, enc))
        .collect();
    shared.send(Out::Publish {
        doc: doc.clone(),
        version: view.snap.version,
        diagnostics,
    });
}

fn analysis_failed(shared: &Shared, doc: &Arc<Doc>, snap: &Snapshot, panic: &str) {
    let message = format!("boardls failed to analyse this text (a bug): {panic}");
    shared.send(Out::Log(
        lsp::MessageType::ERROR,
        format!("{}: {message}", doc.uri.as_str()),
    ));
    shared.send(Out::Publish {
        doc: doc.clone(),
        version: snap.version,
        diagnostics: vec![lsp::Diagnostic {
            severity: Some(lsp::DiagnosticSeverity::ERROR),
            source: Some("boardls".to_string()),
            message,
            ..lsp::Diagnostic::default()
        }],
    });
}

/// Watches one solve from a task of its own: once the solve has run for a moment, results
/// found so far are published (they should not wait behind a long search), and a while later
/// a `$/progress` report begins; it ends when the watch is dropped.
struct Watch {
    _done: oneshot::Sender<()>,
}

impl Watch {
    fn start(
        shared: &Arc<Shared>,
        doc: &Arc<Doc>,
        snap: &Arc<Snapshot>,
        title: String,
        flush: Option<Arc<AtomicBool>>,
    ) -> Watch {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let (tx, mut rx) = oneshot::channel::<()>();
        let (shared, doc, snap) = (shared.clone(), doc.clone(), snap.clone());
        shared.clone().spawn(async move {
            tokio::select! {
                _ = &mut rx => return,
                () = tokio::time::sleep(FLUSH_AFTER) => {}
            }
            if let Some(flushed) = flush {
                let (shared, doc, snap) = (shared.clone(), doc.clone(), snap.clone());
                shared.clone().spawn_blocking(move || {
                    if doc.is_current(snap.version)
                        && let Ok(view) = View::build(&doc, snap, &shared.cache)
                    {
                        publish(&shared, &doc, &view);
                    }
                    flushed.store(true, Ordering::Relaxed);
                });
            }
            if !shared.caps().work_done_progress {
                return;
            }
            tokio::select! {
                _ = &mut rx => return,
                () = tokio::time::sleep(PROGRESS_AFTER.checked_sub(FLUSH_AFTER).unwrap()) => {}
            }
            let token = lsp::NumberOrString::String(format!(
                "boardls/solve/{}",
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            let client = shared.client.clone();
            if client
                .create_work_done_progress(token.clone())
                .await
                .is_err()
            {
                return;
            }
            let progress = client
                .progress(token, "boardls")
                .with_message(title)
                .begin()
                .await;
            let _ = rx.await;
            progress.finish().await;
        });
        Watch { _done: tx }
    }
}
