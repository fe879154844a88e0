//! Configuration changing under the server: the editor's settings fetched and put in effect,
//! and `boardls.toml` or `.board` files changed on disk; each open document whose
//! configuration changed is analysed again and the workspace read again.

use super::background;
use super::diagnostics;
use super::document::{Snapshot, View, lock};
use super::out::Out;
use super::settings::{self, EditorSettings};
use super::state::Shared;
use super::workspace::folders::path_of;
use super::workspace::scan::{self, read_later, scan_later};
use crate::project;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tower_lsp_server::ls_types as lsp;

/// Tells the user what was wrong in the editor's settings (each setting left to the layer
/// below); also in the log.
pub(crate) fn warn_settings(shared: &Arc<Shared>, problems: &[String]) {
    if problems.is_empty() {
        return;
    }
    let message = format!("boardls: settings: {}", problems.join("; "));
    shared.send(Out::Log(lsp::MessageType::WARNING, message.clone()));
    let client = shared.client.clone();
    shared.spawn(async move {
        client
            .show_message(lsp::MessageType::WARNING, message)
            .await;
    });
}

/// Asks the client for the `boardls` settings, without a scope and per workspace folder
/// (`workspace/configuration`), and puts them in effect; then `then` runs.
pub(crate) fn fetch_settings(
    shared: &Arc<Shared>,
    then: impl FnOnce(&Arc<Shared>) + Send + 'static,
) {
    let folders = shared.workspace.folder_uris();
    let items: Vec<lsp::ConfigurationItem> = std::iter::once(None)
        .chain(folders.iter().cloned().map(Some))
        .map(|scope_uri| lsp::ConfigurationItem {
            scope_uri,
            section: Some("boardls".to_string()),
        })
        .collect();
    let task_shared = shared.clone();
    shared.spawn(async move {
        let shared = task_shared;
        match shared.client.configuration(items).await {
            Ok(values) if values.len() == folders.len() + 1 => {
                let mut problems = Vec::new();
                let mut parsed = values.iter().map(|v| {
                    let (s, p) = settings::parse(v);
                    problems.extend(p);
                    s
                });
                let global = parsed.next().unwrap_or_default();
                let per_folder: Vec<EditorSettings> = parsed.collect();
                problems.dedup();
                warn_settings(&shared, &problems);
                apply_settings(&shared, global, Some(per_folder));
            }
            Ok(values) => shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!(
                    "boardls: workspace/configuration answered {} item(s) for {} asked; \
                     settings left as they were",
                    values.len(),
                    folders.len() + 1
                ),
            )),
            Err(e) => shared.send(Out::Log(
                lsp::MessageType::WARNING,
                format!("boardls: workspace/configuration failed: {e}"),
            )),
        }
        then(&shared);
    });
}

/// Puts new editor settings in effect: each open document whose configuration changed is
/// analysed again (each one published again when which files get suite findings changed); verdicts a budget decided are forgotten when a budget changed (answers are
/// kept: they hold under any budget); the workspace's files are read again.
pub(crate) fn apply_settings(
    shared: &Arc<Shared>,
    global: EditorSettings,
    per_folder: Option<Vec<EditorSettings>>,
) {
    let changed = shared.workspace.set_settings(global, per_folder);
    if changed.budget {
        shared.cache.forget_budget_bound();
    }
    // The cache is shared by every folder: its size is the folder-free settings'.
    shared
        .cache
        .set_capacity(shared.workspace.global_config().solve_cache);
    if changed.suite {
        republish_open(shared);
    }
    reconfigure_open(shared, changed.budget);
}

/// Each open document's diagnostics are sent again, off the request path (which files get
/// suite findings changed).
fn republish_open(shared: &Arc<Shared>) {
    let task_shared = shared.clone();
    shared.spawn_blocking(move || {
        for doc in task_shared.open_docs() {
            if let Ok(view) = View::build(&doc, doc.snapshot(), &task_shared.cache) {
                diagnostics::publish(&task_shared, &doc, &view);
            }
        }
    });
}

/// Each open document whose configuration changed is analysed again (verdicts a budget
/// decided forgotten when a budget changed); the workspace's files are read again.
pub(crate) fn reconfigure_open(shared: &Arc<Shared>, budget_changed: bool) {
    for doc in shared.open_docs() {
        let config = shared.workspace.config_for(&doc.uri);
        let snap = {
            let mut st = lock(&doc.state);
            if st.closed || *st.snapshot.config() == *config {
                continue;
            }
            if budget_changed {
                st.solved.retain(|_, v| !v.budget_bound());
                // A solve under the old budget would report the old budget's verdict.
                if let Some((_, flag)) = &st.solving {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            st.published = None;
            st.snapshot = Arc::new(Snapshot::new(st.snapshot.version, st.rope.clone(), config));
            st.snapshot.clone()
        };
        background::analyse_later(shared, doc, snap);
    }
    scan::read_later(shared);
}

/// Files created, changed or deleted outside the editor (`workspace/didChangeWatchedFiles`).
pub(crate) fn files_changed(shared: &Arc<Shared>, changes: &[lsp::FileEvent]) {
    let tomls: Vec<(PathBuf, lsp::FileChangeType)> = changes
        .iter()
        .filter_map(|c| Some((path_of(&c.uri)?, c.typ)))
        .filter(|(p, _)| p.file_name().is_some_and(|n| n == project::FILE_NAME))
        .collect();
    if !tomls.is_empty() {
        let changed = shared.workspace.projects_changed(&tomls);
        shared.workspace.reconfigure(&changed);
        if changed.iter().any(|c| c.budget_changed) {
            shared.cache.forget_budget_bound();
        }
        reconfigure_open(shared, changed.iter().any(|c| c.budget_changed));
    }
    let boards_came_or_went = shared.workspace.boards_changed(changes);
    let rescan = !tomls.is_empty() || boards_came_or_went;
    if rescan {
        scan_later(shared);
    } else {
        read_later(shared);
    }
}
