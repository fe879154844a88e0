//! Work off the request path: analysing a new version, solving its changed cases on blocking
//! threads, and sending diagnostics, refreshes and progress to the client in order.

use super::caps::RESULTS;
use super::diagnostics::publish;
use super::document::{Doc, DocState, Snapshot, View, lock};
use super::out::Out;
use super::reports::project_diagnostics;
use super::state::Shared;
use super::status::StatusNotification;
use super::workspace::solver::schedule_refresh;
use crate::analysis::{self, Verdict, solve::panic_message};
use crate::games::{Solution, Unsolved};
use crate::ide::CaseState;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::ls_types::request::{
    CodeLensRefresh, InlayHintRefreshRequest, SemanticTokensRefresh, WorkspaceDiagnosticRefresh,
};

/// A solve running this long first publishes the results found before it.
const FLUSH_AFTER: Duration = Duration::from_millis(100);
/// Solves that run longer than this get a `$/progress` report.
const PROGRESS_AFTER: Duration = Duration::from_millis(300);
/// While a long file is being solved, results so far are published this often.
const PARTIAL_PUBLISH_EVERY: Duration = Duration::from_millis(300);

/// The parameters of [`RESULTS`].
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ResultsParams {
    text_document: lsp::VersionedTextDocumentIdentifier,
}

enum ResultsNotification {}

impl lsp::notification::Notification for ResultsNotification {
    type Params = ResultsParams;
    const METHOD: &'static str = RESULTS;
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
                snap,
                diagnostics,
            } => {
                let new = {
                    let mut st = lock(&doc.state);
                    let latest = !st.closed && Arc::ptr_eq(&st.snapshot, &snap);
                    // Equal lists are sent again for a new version: a client that drops a
                    // publish made for an older version (Helix does) would otherwise keep none.
                    let known = st
                        .published
                        .as_ref()
                        .is_some_and(|(v, d)| *v == snap.version && *d == diagnostics);
                    let new = latest && !known;
                    if new {
                        st.published = Some((snap.version, diagnostics.clone()));
                    }
                    new
                };
                if !new {
                    continue;
                }
                if shared.caps().pull_diagnostics {
                    if shared.pulls.differ(&doc.uri, &diagnostics) {
                        pull_again(&shared);
                    }
                } else {
                    shared
                        .client
                        .publish_diagnostics(doc.uri.clone(), diagnostics, Some(snap.version))
                        .await;
                }
            }
            Out::PublishFile { uri, diagnostics } => {
                if shared.caps().pull_diagnostics {
                    if shared.pulls.differ(&uri, &diagnostics) {
                        pull_again(&shared);
                    }
                } else {
                    shared
                        .client
                        .publish_diagnostics(uri, diagnostics, None)
                        .await;
                }
            }
            Out::Refresh => {
                let caps = shared.caps();
                refresh::<CodeLensRefresh>(&shared, caps.code_lens_refresh, &slots[0]);
                refresh::<InlayHintRefreshRequest>(&shared, caps.inlay_hint_refresh, &slots[1]);
                refresh::<SemanticTokensRefresh>(&shared, caps.semantic_tokens_refresh, &slots[2]);
            }
            Out::Status => send_status(&shared).await,
            Out::Results { uri, version } => {
                if shared.caps().results {
                    shared
                        .client
                        .send_notification::<ResultsNotification>(ResultsParams {
                            text_document: lsp::VersionedTextDocumentIdentifier { uri, version },
                        })
                        .await;
                }
            }
            Out::Log(typ, message) => shared.client.log_message(typ, message).await,
            Out::ProjectProblems { path, error } => {
                let Some(uri) = lsp::Uri::from_file_path(&path) else {
                    continue;
                };
                let found = project_diagnostics(&uri, error.as_ref(), shared.caps().encoding);
                if let Some(first) = error.as_ref().and_then(|e| e.diagnostics.first()) {
                    let message = format!(
                        "boardls: {}: the configuration cannot be used ({}: {}); its last good \
                         reading, or the defaults, apply meanwhile",
                        path.display(),
                        first.code,
                        first.message
                    );
                    shared
                        .client
                        .log_message(lsp::MessageType::ERROR, message.clone())
                        .await;
                    shared
                        .client
                        .show_message(lsp::MessageType::ERROR, message)
                        .await;
                }
                shared.client.publish_diagnostics(uri, found, None).await;
            }
        }
    }
}

/// Sends the status (to a client that asked for it) when it changed since last sent.
async fn send_status(shared: &Shared) {
    if !shared.caps().status {
        return;
    }
    if let Some(params) = shared.status.changed(shared.workspace.tally()) {
        shared
            .client
            .send_notification::<StatusNotification>(params)
            .await;
    }
}

/// Asks a pulling client to pull diagnostics again: one request at a time, and one more after
/// it when more results came meanwhile.
fn pull_again(shared: &Arc<Shared>) {
    if !shared.caps().pull_diagnostics || shared.pulls.ask() {
        return;
    }
    let task_shared = shared.clone();
    shared.spawn(async move {
        loop {
            let _ = task_shared
                .client
                .send_request::<WorkspaceDiagnosticRefresh>(())
                .await;
            if !task_shared.pulls.done() {
                return;
            }
        }
    });
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

/// Analyses `snap` of `doc` off the request path ([`on_new_version`]).
pub(crate) fn analyse_later(shared: &Arc<Shared>, doc: Arc<Doc>, snap: Arc<Snapshot>) {
    let task_shared = shared.clone();
    shared.spawn_blocking(move || on_new_version(&task_shared, &doc, &snap));
}

/// A new version: publish its parse and validation diagnostics (with verdicts already known)
/// at once, cancel a solve the new text no longer needs, and start solving what is left.
pub(crate) fn on_new_version(shared: &Arc<Shared>, doc: &Arc<Doc>, snap: &Arc<Snapshot>) {
    if !doc.is_latest(snap) {
        return;
    }
    let view = match View::build(doc, snap.clone(), &shared.cache) {
        Ok(view) => view,
        Err(panic) => {
            analysis_failed(shared, doc, snap, &panic);
            let st = lock(&doc.state);
            if let Some((_, flag)) = &st.solving
                && Arc::ptr_eq(&st.snapshot, snap)
            {
                flag.store(true, Ordering::Relaxed);
            }
            return;
        }
    };
    publish(shared, doc, &view);
    let pending = !view.file().settled();
    let mut st = lock(&doc.state);
    if st.closed || !Arc::ptr_eq(&st.snapshot, snap) {
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
            if Arc::ptr_eq(&st.snapshot, &snap) {
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
            let (flag, raised) = {
                let mut st = lock(&doc.state);
                if st.closed || !Arc::ptr_eq(&st.snapshot, &snap) {
                    interrupted = true;
                    break;
                }
                let raised = st.raised.get(&key).cloned();
                if raised.is_none() {
                    if st.solved.contains_key(&key) {
                        continue;
                    }
                    if let Some(v) = shared.cache.get(key) {
                        st.solved.insert(key, v);
                        continue;
                    }
                }
                let flag = Arc::new(AtomicBool::new(false));
                st.solving = Some((key, flag.clone()));
                (flag, raised)
            };
            let flushed = Arc::new(AtomicBool::new(false));
            let extras_flushed = Arc::new(AtomicBool::new(false));
            let title = match &raised {
                Some(_) => format!("solving {} with a larger budget", case.title()),
                None => format!("solving {}", case.title()),
            };
            let mut watch = Some(Watch::start(
                shared,
                doc,
                &snap,
                title.clone(),
                unpublished.then(|| flushed.clone()),
            ));
            let config = raised.as_deref().unwrap_or(snap.config());
            let budget = analysis::budget(config).with_cancel(flag.clone());
            let result = catch_unwind(AssertUnwindSafe(|| {
                if raised.is_some() {
                    // The cache holds the verdict the larger budget is to replace.
                    return analysis::solve::solve_case(case, &budget).map(|v| {
                        let v = Arc::new(v);
                        shared.cache.insert(key, v.clone());
                        v
                    });
                }
                let answer = Arc::new(analysis::solve::solve_case_answer(case, &budget)?);
                if answer.solution().is_none() {
                    return Some(answer);
                }
                // The verdict is shown while the extras are made; a publish flushes it if they
                // take long.
                show_answer(shared, doc, &snap, key, &answer);
                drop(watch.take());
                watch = Some(Watch::start(
                    shared,
                    doc,
                    &snap,
                    title.clone(),
                    Some(extras_flushed.clone()),
                ));
                let extras_budget = analysis::budget(config).with_cancel(flag.clone());
                let full = analysis::solve::solve_case(case, &extras_budget)?;
                let verdict = with_extras(&answer, full);
                match *verdict {
                    Verdict::Unsolved(Unsolved::Cancelled) => forget_answer(doc, key, &answer),
                    _ => shared.cache.insert(key, verdict.clone()),
                }
                Some(verdict)
            }));
            drop(watch);
            if flushed.load(Ordering::Relaxed) || extras_flushed.load(Ordering::Relaxed) {
                unpublished = false;
                last_publish = Instant::now();
            }
            let verdict = match result {
                Ok(solved) => solved,
                // `solve_case` catches solver panics; this is the cache failing around it.
                Err(panic) => Some(Arc::new(Verdict::Failed(panic_message(&panic)))),
            };
            {
                let mut st = lock(&doc.state);
                st.solving = None;
                if let Some(verdict) = verdict
                    && !matches!(*verdict, Verdict::Unsolved(Unsolved::Cancelled))
                {
                    st.raised.remove(&key);
                    if verdict.solution().is_some() {
                        st.last_good.insert(case.title(), verdict.clone());
                    }
                    st.solved.insert(key, verdict);
                    unpublished = true;
                    // At once, not with the next publish: a picture of the case waits for it.
                    shared.send(Out::Results {
                        uri: doc.uri.clone(),
                        version: snap.version,
                    });
                }
            }
            if unpublished
                && last_publish.elapsed() >= PARTIAL_PUBLISH_EVERY
                && doc.is_latest(&snap)
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
        if !Arc::ptr_eq(&st.snapshot, &snap) {
            continue;
        }
        // A larger budget asked for while this pass ran: another pass takes it.
        if view
            .analysis
            .cases
            .iter()
            .any(|c| st.raised.contains_key(&c.content_key))
        {
            continue;
        }
        st.worker = false;
        // Publishing under the lock keeps this version's final set ahead of a newer one's.
        publish(shared, doc, &view);
        if view.file().settled() {
            complete(shared, &mut st, &view);
        }
        return;
    }
}

/// The first step of a case's solve done: its verdict is stored for `snap` (still the latest)
/// and shown by the next publish, before the editor's extras are made.
fn show_answer(
    shared: &Arc<Shared>,
    doc: &Arc<Doc>,
    snap: &Arc<Snapshot>,
    key: u64,
    answer: &Arc<Verdict>,
) {
    let mut st = lock(&doc.state);
    if st.closed || !Arc::ptr_eq(&st.snapshot, snap) {
        return;
    }
    st.solved.insert(key, answer.clone());
    shared.send(Out::Results {
        uri: doc.uri.clone(),
        version: snap.version,
    });
}

/// The extras of a case were cancelled (a newer version): its first-step verdict goes too, so
/// that the next pass makes the extras instead of taking the case as solved.
fn forget_answer(doc: &Arc<Doc>, key: u64, answer: &Arc<Verdict>) {
    let mut st = lock(&doc.state);
    if st.solved.get(&key).is_some_and(|v| Arc::ptr_eq(v, answer)) {
        st.solved.remove(&key);
    }
}

/// The verdict of a case whose answer is known: the full solve when it finished, or else the
/// answer's own words with why the extras are missing (the answer is never lost to their
/// budget). A solver that failed on the extras is a bug and is shown as one.
fn with_extras(answer: &Arc<Verdict>, full: Verdict) -> Arc<Verdict> {
    let (Verdict::Unsolved(why), Verdict::Solved { solution, elapsed }) = (&full, answer.as_ref())
    else {
        return Arc::new(full);
    };
    if *why == Unsolved::Cancelled {
        return Arc::new(full);
    }
    Arc::new(Verdict::Solved {
        solution: Solution {
            answer: solution.answer.clone(),
            verdict: solution.verdict.clone(),
            lens: solution.lens.clone(),
            why: format!(
                "{} The cells are not coloured and there is no line of play: their search \
                 stopped ({why}).",
                solution.why
            )
            .into(),
            cells: None,
            nodes: solution.nodes,
        },
        elapsed: *elapsed,
    })
}

/// Starts solving again what is pending in `doc`'s latest snapshot (a larger budget was asked
/// for): the running worker takes it on its next pass, or a new one starts.
pub(crate) fn solve_pending(shared: &Arc<Shared>, doc: &Arc<Doc>) {
    let snap = doc.snapshot();
    on_new_version(shared, doc, &snap);
}

/// Results of the current version are complete: remember the solved ones as the last good
/// results (by case title, so that they follow a case that moved), forget verdicts of contents
/// no longer in the text, and tell the client when what it shows changed.
fn complete(shared: &Arc<Shared>, st: &mut DocState, view: &View) {
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
    // The workspace's suite takes this file's new verdicts: its other files may change.
    schedule_refresh(shared);
}

fn analysis_failed(shared: &Shared, doc: &Arc<Doc>, snap: &Arc<Snapshot>, panic: &str) {
    let message = format!("boardls failed to analyse this text (a bug): {panic}");
    shared.send(Out::Log(
        lsp::MessageType::ERROR,
        format!("{}: {message}", doc.uri.as_str()),
    ));
    shared.send(Out::Publish {
        doc: doc.clone(),
        snap: snap.clone(),
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
                    if doc.is_latest(&snap)
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
