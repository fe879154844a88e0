//! `workspace/executeCommand`: the commands lenses and code actions carry, run by the server so
//! that every client has them. Each answers at once; what takes long (a solve, an export, a
//! suite) runs in a task of its own and reports with `window/showMessage` or an edit.

use super::background;
use super::caps::{
    APPLY_FIX, CHECK_SUITE, EXPORT_TESTS, SOLVE_WITH_BUDGET, WRITE_ALL_EXPECT, WRITE_EXPECT,
};
use super::document::{Doc, View, lock};
use super::handlers;
use super::out::Out;
use super::state::Shared;
use super::workspace::folders::path_of;
use super::workspace::queries::SuiteOf;
use super::workspace::scan::scan_later;
use crate::analysis::{self, Analysis, Verdict, solve::panic_message, suite};
use crate::authoring::export::{self, Defaults, Layout, Overwrite};
use crate::authoring::files;
use crate::diag::Severity;
use crate::ide::lens::BUDGET_FACTOR;
use crate::ide::{self, CaseState};
use serde_json::Value;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types as lsp;

/// How often "Check suite" looks whether the suite's files are all solved.
const SUITE_POLL: Duration = Duration::from_millis(100);
/// The largest factor "Solve with a larger budget" takes: more is a setting's job.
const MAX_FACTOR: u64 = 1000;

pub(crate) fn execute(shared: &Arc<Shared>, params: &lsp::ExecuteCommandParams) -> Result<()> {
    let args = &params.arguments;
    let uri = args
        .first()
        .and_then(Value::as_str)
        .and_then(|u| u.parse::<lsp::Uri>().ok())
        .ok_or_else(|| Error::invalid_params("the first argument must be a document URI"))?;
    let index = |at: usize, what: &str| {
        args.get(at)
            .and_then(Value::as_u64)
            .and_then(|i| usize::try_from(i).ok())
            .ok_or_else(|| Error::invalid_params(format!("argument {} must be {what}", at + 1)))
    };
    match params.command.as_str() {
        WRITE_EXPECT => write_expect(shared, &uri, Some(index(1, "a case index")?)),
        WRITE_ALL_EXPECT => write_expect(shared, &uri, None),
        APPLY_FIX => {
            let version = args
                .get(1)
                .and_then(Value::as_i64)
                .and_then(|v| i32::try_from(v).ok())
                .ok_or_else(|| Error::invalid_params("argument 2 must be a document version"))?;
            let edits: Vec<lsp::TextEdit> = args
                .get(2)
                .cloned()
                .and_then(|e| serde_json::from_value(e).ok())
                .ok_or_else(|| Error::invalid_params("argument 3 must be a list of text edits"))?;
            apply_fix(shared, &uri, version, edits)
        }
        SOLVE_WITH_BUDGET => {
            let factor = match args.get(2) {
                None => u64::from(BUDGET_FACTOR),
                Some(f) => f
                    .as_u64()
                    .filter(|f| (2..=MAX_FACTOR).contains(f))
                    .ok_or_else(|| {
                        Error::invalid_params(format!(
                            "argument 3 must be a factor from 2 to {MAX_FACTOR}"
                        ))
                    })?,
            };
            solve_with_budget(shared, &uri, index(1, "a case index")?, factor as u32)
        }
        EXPORT_TESTS => {
            let folder = match args.get(1) {
                None | Some(Value::Null) => None,
                Some(f) => Some(PathBuf::from(f.as_str().ok_or_else(|| {
                    Error::invalid_params("argument 2 must be a folder (a path)")
                })?)),
            };
            export_tests(shared, &uri, folder)
        }
        CHECK_SUITE => check_suite(shared, &uri),
        other => Err(Error::invalid_params(format!("unknown command `{other}`"))),
    }
}

fn open_doc(shared: &Shared, uri: &lsp::Uri) -> Result<Arc<Doc>> {
    shared
        .doc(uri)
        .ok_or_else(|| Error::invalid_params(format!("{} is not open", uri.as_str())))
}

fn require_apply_edit(shared: &Shared) -> Result<()> {
    if shared.caps().apply_edit {
        Ok(())
    } else {
        Err(Error::invalid_request())
    }
}

fn tell(shared: &Shared, typ: lsp::MessageType, message: String) {
    let client = shared.client.clone();
    shared.spawn(async move { client.show_message(typ, message).await });
}

/// Sends `edit` from a task of its own: awaiting `workspace/applyEdit` in the handler would
/// hold a slot until the client answers.
fn send_edit(shared: &Arc<Shared>, edit: lsp::ApplyWorkspaceEditParams) {
    let task_shared = shared.clone();
    shared.spawn(async move {
        let sent = task_shared
            .client
            .send_request::<lsp::request::ApplyWorkspaceEdit>(edit)
            .await;
        if let Err(e) = sent {
            task_shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!("workspace/applyEdit failed: {e}"),
            ));
        }
    });
}

/// Runs `work` on the document's current view on a blocking thread (a panic becomes a message
/// in the log), from a task of its own.
fn with_view_later<F>(shared: &Arc<Shared>, doc: Arc<Doc>, work: F)
where
    F: FnOnce(&Arc<Shared>, &Arc<Doc>, &View) + Send + 'static,
{
    let task_shared = shared.clone();
    shared.spawn_blocking(move || {
        let snap = doc.snapshot();
        let done = catch_unwind(AssertUnwindSafe(|| {
            let view = View::build(&doc, snap, &task_shared.cache)?;
            work(&task_shared, &doc, &view);
            Ok::<(), String>(())
        }))
        .unwrap_or_else(|panic| Err(panic_message(&panic)));
        if let Err(why) = done {
            task_shared.send(Out::Log(
                lsp::MessageType::ERROR,
                format!("boardls failed on {} (a bug): {why}", doc.uri.as_str()),
            ));
        }
    });
}

fn write_expect(shared: &Arc<Shared>, uri: &lsp::Uri, case: Option<usize>) -> Result<()> {
    require_apply_edit(shared)?;
    let doc = open_doc(shared, uri)?;
    with_view_later(
        shared,
        doc,
        move |shared, doc, view| match handlers::expect_edit(view, shared, &doc.uri, case) {
            Ok(edit) => send_edit(shared, edit),
            Err(why) => tell(shared, lsp::MessageType::INFO, why),
        },
    );
    Ok(())
}

fn apply_fix(
    shared: &Arc<Shared>,
    uri: &lsp::Uri,
    version: i32,
    edits: Vec<lsp::TextEdit>,
) -> Result<()> {
    require_apply_edit(shared)?;
    let doc = open_doc(shared, uri)?;
    if doc.snapshot().version != version {
        tell(
            shared,
            lsp::MessageType::INFO,
            "boardls: the file changed since this fix was offered; ask for the fix again"
                .to_string(),
        );
        return Ok(());
    }
    let edit = handlers::versioned_edit(shared.caps(), uri, version, edits);
    send_edit(
        shared,
        lsp::ApplyWorkspaceEditParams {
            label: Some("boardls fix".to_string()),
            edit,
        },
    );
    Ok(())
}

fn solve_with_budget(shared: &Arc<Shared>, uri: &lsp::Uri, case: usize, factor: u32) -> Result<()> {
    let doc = open_doc(shared, uri)?;
    with_view_later(shared, doc, move |shared, doc, view| {
        let Some(c) = view.analysis.cases.get(case) else {
            tell(
                shared,
                lsp::MessageType::INFO,
                format!("boardls: the file has no case {}", case + 1),
            );
            return;
        };
        let raised = match view.file().state(c) {
            CaseState::Done(v) => match &**v {
                Verdict::Unsolved(why) => analysis::raised_budget(view.snap.config(), why, factor),
                _ => None,
            },
            _ => None,
        };
        let Some(raised) = raised else {
            tell(
                shared,
                lsp::MessageType::INFO,
                format!("boardls: {} is not unsolved within budget", c.title()),
            );
            return;
        };
        lock(&doc.state)
            .raised
            .insert(c.content_key, Arc::new(raised));
        background::solve_pending(shared, doc);
    });
    Ok(())
}

/// The file's path, when the document is a file on disk.
fn file_path(uri: &lsp::Uri) -> Result<PathBuf> {
    path_of(uri)
        .ok_or_else(|| Error::invalid_params(format!("{} is not a file on disk", uri.as_str())))
}

/// Where "Export tests" writes when no folder is given: `<stem>-tests` beside the file.
fn default_export_folder(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "board".into(), |s| s.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-tests"))
}

fn export_tests(shared: &Arc<Shared>, uri: &lsp::Uri, folder: Option<PathBuf>) -> Result<()> {
    let path = file_path(uri)?;
    let out = match folder {
        Some(f) if f.is_absolute() => f,
        Some(f) => path.parent().unwrap_or(Path::new("/")).join(f),
        None => default_export_folder(&path),
    };
    // The editor's text when the file is open: what is exported is what is seen.
    let open = shared.doc(uri).map(|doc| doc.snapshot());
    let config = open.as_ref().map_or_else(
        || shared.workspace.config_for(uri),
        |snap| snap.config_arc(),
    );
    let task_shared = shared.clone();
    shared.spawn_blocking(move || {
        let shared = &task_shared;
        let (text, mut reading) = match &open {
            Some(snap) => (snap.text().to_string(), Vec::new()),
            None => match files::read(&path) {
                Ok(source) => {
                    let reading = source.reading_findings();
                    (source.text, reading)
                }
                Err(e) => {
                    tell(
                        shared,
                        lsp::MessageType::ERROR,
                        format!("boardls: cannot export: {e}"),
                    );
                    return;
                }
            },
        };
        let checked = analysis::check(&text, &config, &shared.cache);
        reading.extend(export::judge_findings(&checked));
        let report = checked.report_with(reading, None, &config);
        let errors: Vec<_> = report
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        let name = path.display().to_string();
        if let Some(first) = errors.first() {
            let line = crate::span::LineIndex::new(&text).line_of(first.span.start) + 1;
            tell(
                shared,
                lsp::MessageType::ERROR,
                format!(
                    "boardls: nothing exported: {} error(s) in {name} (first, line {line}: {}); \
                     a judge folder must hold every case",
                    errors.len(),
                    first.message
                ),
            );
            return;
        }
        let items = export::solved_items(&name, &text, &checked, &Defaults::default());
        let left_out = checked
            .analysis
            .cases
            .iter()
            .zip(&checked.verdicts)
            .filter(|(_, v)| v.as_deref().and_then(Verdict::solution).is_none())
            .count();
        if items.is_empty() {
            tell(
                shared,
                lsp::MessageType::WARNING,
                format!("boardls: {name} has no solved case to export"),
            );
            return;
        }
        match export::write_suite(items, &out, Overwrite::EarlierExport, Layout::Flat) {
            Ok(tests) => {
                let mut message = format!("boardls: {tests} test(s) exported to {}", out.display());
                if left_out > 0 {
                    message.push_str(&format!(
                        " ({left_out} case(s) without an answer within budget left out)"
                    ));
                }
                tell(shared, lsp::MessageType::INFO, message);
            }
            Err(e) => tell(
                shared,
                lsp::MessageType::ERROR,
                format!("boardls: cannot export: {e}"),
            ),
        }
    });
    Ok(())
}

fn check_suite(shared: &Arc<Shared>, uri: &lsp::Uri) -> Result<()> {
    let doc = open_doc(shared, uri)?;
    // What is on disk now: files added or changed without the editor knowing.
    scan_later(shared);
    let task_shared = shared.clone();
    shared.spawn(async move {
        loop {
            let (poll_shared, poll_doc) = (task_shared.clone(), doc.clone());
            let summary = tokio::task::spawn_blocking(move || {
                let view = View::build(&poll_doc, poll_doc.snapshot(), &poll_shared.cache).ok()?;
                suite_summary(&poll_shared, &poll_doc.uri, &view)
            })
            .await
            .ok()
            .flatten();
            if let Some(summary) = summary {
                let message = format!("boardls: {summary}");
                task_shared.send(Out::Log(lsp::MessageType::INFO, message.clone()));
                task_shared
                    .client
                    .show_message(lsp::MessageType::INFO, message)
                    .await;
                return;
            }
            if lock(&doc.state).closed {
                return;
            }
            tokio::time::sleep(SUITE_POLL).await;
        }
    });
    Ok(())
}

/// The summary of the suite the file is part of, once all of it is solved.
fn suite_summary(shared: &Shared, uri: &lsp::Uri, view: &View) -> Option<String> {
    match shared.workspace.suite_of(uri, view) {
        SuiteOf::Pending => None,
        SuiteOf::Settled { files, findings } => {
            let refs: Vec<Vec<Option<&Verdict>>> = files
                .iter()
                .map(|(_, v)| v.iter().map(Option::as_deref).collect())
                .collect();
            let files: Vec<(&Analysis, &[Option<&Verdict>])> = files
                .iter()
                .zip(&refs)
                .map(|((a, _), v)| (&**a, v.as_slice()))
                .collect();
            Some(ide::suite::summary(&files, &findings))
        }
        SuiteOf::Alone => {
            let file = view.file();
            if !file.settled() {
                return None;
            }
            let verdicts = file.verdicts();
            let files = [(&*view.analysis, verdicts.as_slice())];
            let findings: Vec<_> = suite::findings_with_survivors(&files)
                .into_iter()
                .flatten()
                .collect();
            Some(ide::suite::summary(&files, &findings))
        }
    }
}
