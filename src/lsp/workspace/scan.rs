//! The workspace's files on disk: a document opened or closed, each checked folder scanned for
//! `.board` files, and the files not open read and analysed, off the request path.

use super::folders::{DiskFile, Member, Stamp, path_of, stamp};
use super::solver::{ensure_solver, schedule_refresh};
use crate::analysis::{self, Verdict, suite};
use crate::authoring::files;
use crate::config::{Config, MAX_WORKSPACE_BYTES, MAX_WORKSPACE_FILES};
use crate::lsp::document::lock;
use crate::lsp::out::Out;
use crate::lsp::state::Shared;
use crate::project::Project;
use crate::span::LineIndex;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// A document at `uri` was opened: the editor's text stands for the file from now on.
pub(crate) fn opened(shared: &Arc<Shared>, uri: &lsp::Uri) {
    let Some(path) = path_of(uri) else { return };
    let rescan = {
        let mut st = lock(&shared.workspace.state);
        st.cancel_solve_of(&path);
        match st.member_mut(&path) {
            Some((folder, path)) => {
                if let Some(member) = folder.members.get_mut(&path) {
                    member.open = true;
                }
                false
            }
            // A file the last scan did not see (new, and no file watcher told us).
            None => {
                st.folder_of(&path)
                    .is_some_and(|i| st.folders[i].checks && st.folders[i].scanned)
                    && path.extension().is_some_and(|e| e == "board")
            }
        }
    };
    if rescan {
        scan_later(shared);
    }
}

/// A document was closed: the file on disk stands for it again (read anew: the editor may have
/// left it unsaved). Returns whether the workspace reports on it (else its diagnostics are to
/// be cleared).
pub(crate) fn closed(shared: &Arc<Shared>, uri: &lsp::Uri) -> bool {
    let Some(path) = path_of(uri) else {
        return false;
    };
    let member = {
        let mut st = lock(&shared.workspace.state);
        match st.member_mut(&path) {
            Some((folder, path)) => {
                if let Some(member) = folder.members.get_mut(&path) {
                    member.open = false;
                    member.live = None;
                    member.disk = None;
                    member.told = None;
                }
                true
            }
            None => false,
        }
    };
    if member {
        read_later(shared);
    }
    member
}

/// Scans every checked folder again (what is in each may have changed), then reads and solves.
pub(crate) fn scan_later(shared: &Arc<Shared>) {
    {
        let mut st = lock(&shared.workspace.state);
        for folder in &mut st.folders {
            folder.scanned = false;
        }
    }
    read_later(shared);
}

/// Brings the workspace up to date off the request path: scans folders not scanned yet,
/// reads files not read yet, and starts the closed-file solver when there is work.
pub(crate) fn read_later(shared: &Arc<Shared>) {
    let task_shared = shared.clone();
    shared.spawn_blocking(move || {
        scan_and_read(&task_shared);
        schedule_refresh(&task_shared);
        ensure_solver(&task_shared);
    });
}

fn scan_and_read(shared: &Arc<Shared>) {
    // Scans, each without the lock.
    let to_scan: Vec<(usize, PathBuf)> = {
        let st = lock(&shared.workspace.state);
        st.folders
            .iter()
            .enumerate()
            .filter(|(_, f)| f.checks && !f.scanned)
            .map(|(i, f)| (i, f.path.clone()))
            .collect()
    };
    for (i, root) in to_scan {
        let (found, left_out) = scan(&root, |path| shared.workspace.excluded(path));
        let gone = {
            let mut st = lock(&shared.workspace.state);
            let Some(folder) = st.folders.get_mut(i).filter(|f| f.path == root) else {
                continue;
            };
            folder.scanned = true;
            folder.suite.clear();
            let mut gone = Vec::new();
            let found: HashMap<PathBuf, Option<Stamp>> = found.into_iter().collect();
            folder.members.retain(|path, member| {
                let Some(now) = found.get(path) else {
                    if member.told.is_some() && !member.open {
                        gone.push(member.uri.clone());
                    }
                    return false;
                };
                // Changed on disk since it was read (a client without a file watcher).
                if member.disk.as_ref().is_some_and(|d| d.stamp != *now) {
                    member.disk = None;
                }
                true
            });
            for path in found.keys() {
                if !folder.members.contains_key(path)
                    && let Some(uri) = lsp::Uri::from_file_path(path)
                {
                    folder.members.insert(path.clone(), Member::new(uri));
                }
            }
            let newly_left_out = left_out > 0 && left_out != folder.left_out;
            folder.left_out = left_out;
            if newly_left_out {
                shared.send(Out::Log(
                    lsp::MessageType::WARNING,
                    format!(
                        "boardls: {}: {left_out} .board file(s) left out of the workspace's \
                         checks (at most {MAX_WORKSPACE_FILES} files, {} MiB per folder)",
                        root.display(),
                        MAX_WORKSPACE_BYTES >> 20
                    ),
                ));
            }
            gone
        };
        for uri in gone {
            shared.send(Out::PublishFile {
                uri,
                diagnostics: Vec::new(),
            });
        }
    }
    // Reads, each without the lock.
    loop {
        let next = {
            let st = lock(&shared.workspace.state);
            if st.stopped {
                return;
            }
            st.folders.iter().enumerate().find_map(|(i, f)| {
                if !f.checks {
                    return None;
                }
                f.members
                    .iter()
                    .find(|(_, m)| !m.open && m.disk.is_none())
                    .map(|(p, _)| (i, p.clone()))
            })
        };
        let Some((i, path)) = next else {
            return;
        };
        let (config, project) = shared.workspace.config_for_path(&path);
        let disk = Arc::new(read(&path, config, project));
        let mut st = lock(&shared.workspace.state);
        let Some(folder) = st.folders.get_mut(i) else {
            continue;
        };
        folder.suite.clear();
        if let Some(member) = folder.members.get_mut(&path) {
            // Verdicts of contents that are still there are kept (the cache may have dropped
            // them); the rest is solved again.
            let old: HashMap<u64, Arc<Verdict>> = member
                .disk
                .iter()
                .flat_map(|d| d.analysis.cases.iter().map(|c| c.content_key))
                .zip(member.verdicts.iter())
                .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
                .collect();
            member.verdicts = disk
                .analysis
                .cases
                .iter()
                .map(|c| {
                    c.board.as_ref()?;
                    old.get(&c.content_key)
                        .cloned()
                        .or_else(|| shared.cache.get(c.content_key))
                })
                .collect();
            member.disk = Some(disk);
        }
    }
}

/// The `.board` files under `root`, in name order, skipping what `.gitignore` and hidden
/// folders hide (as editors' searches do), at most [`MAX_WORKSPACE_FILES`] and
/// [`MAX_WORKSPACE_BYTES`]; and how many were left out over those caps.
fn scan(root: &Path, excluded: impl Fn(&Path) -> bool) -> (Vec<(PathBuf, Option<Stamp>)>, usize) {
    let walker = ignore::WalkBuilder::new(root)
        .hidden(true)
        .require_git(false)
        .follow_links(false)
        .sort_by_file_name(std::ffi::OsStr::cmp)
        .build();
    let (mut found, mut left_out, mut bytes) = (Vec::new(), 0, 0u64);
    for entry in walker.flatten() {
        let path = entry.path();
        if !entry.file_type().is_some_and(|t| t.is_file())
            || path.extension().is_none_or(|e| e != "board")
            || excluded(path)
        {
            continue;
        }
        let meta = entry.metadata().ok();
        let size = meta.as_ref().map_or(0, std::fs::Metadata::len);
        if found.len() >= MAX_WORKSPACE_FILES || bytes.saturating_add(size) > MAX_WORKSPACE_BYTES {
            left_out += 1;
            continue;
        }
        bytes += size;
        found.push((path.to_path_buf(), meta.as_ref().and_then(stamp)));
    }
    (found, left_out)
}

fn read(path: &Path, config: Arc<Config>, project: Option<Arc<Project>>) -> DiskFile {
    let meta = std::fs::metadata(path).ok();
    let stamp = meta.as_ref().and_then(stamp);
    let size = meta.as_ref().map_or(0, std::fs::Metadata::len);
    if size > config.max_file_bytes as u64 {
        return DiskFile {
            text: String::new(),
            index: LineIndex::new(""),
            reading: Vec::new(),
            analysis: Arc::new(analysis::too_large(size, &config)),
            config,
            project,
            marked: false,
            stamp,
        };
    }
    // A file that vanished between the scan and now reads as empty: the next scan drops it.
    let source = files::read(path).unwrap_or_else(|_| files::decode(Vec::new()));
    let analysis = catch_unwind(AssertUnwindSafe(|| {
        analysis::analyse(&source.text, &config)
    }))
    .unwrap_or_default();
    DiskFile {
        index: LineIndex::new(&source.text),
        reading: source.reading_findings(),
        marked: suite::is_marked(&source.text, &analysis),
        text: source.text,
        analysis: Arc::new(analysis),
        config,
        project,
        stamp,
    }
}
