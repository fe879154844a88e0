//! The workspace's folders, the settings in effect in each (in layers, see [`effective`]),
//! the `boardls.toml` files above them, and every `.board` file in them, open or not: the
//! state the other parts of the workspace read and change.
//!
//! Locking: the workspace's lock is taken last and held alone: code holding it never takes a
//! document's lock, the documents' map or any other, and never waits on the client. The
//! projects' lock is taken before it (never while holding it) and held while a `boardls.toml`
//! is read from disk.

use super::suites::{Declared, Input, SuiteMemo};
use crate::analysis::suite::Ask;
use crate::analysis::{Analysis, Verdict};
use crate::config::{Config, Settings};
use crate::diag::Diagnostic;
use crate::lsp::document::lock;
use crate::lsp::out::Out;
use crate::lsp::reports::Report;
use crate::lsp::settings::EditorSettings;
use crate::project::{self, Project};
use crate::span::LineIndex;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};
use tokio::sync::mpsc;
use tower_lsp_server::ls_types as lsp;

/// The configuration in effect for a file: the command line's `base`, then the nearest
/// `boardls.toml` (`project`, when there is one), then the editor's settings. The one place
/// the layers meet.
pub(crate) fn effective(
    base: &Config,
    project: Option<&project::Settings>,
    editor: &Settings,
) -> Config {
    let mut config = base.clone();
    if let Some(project) = project {
        project.apply(&mut config);
    }
    config.layered(&[editor])
}

pub(crate) struct Workspace {
    pub(super) state: Mutex<State>,
    pub(super) projects: Mutex<Projects>,
    /// Where a broken `boardls.toml` is told (the server's sending task).
    pub(super) out: mpsc::UnboundedSender<Out>,
}

/// The `boardls.toml` files above the files the server has seen.
#[derive(Default)]
pub(super) struct Projects {
    /// A folder → the nearest `boardls.toml` in it or above it.
    pub(super) nearest: HashMap<PathBuf, Option<PathBuf>>,
    /// Each `boardls.toml` read, by path.
    pub(super) read: HashMap<PathBuf, ProjectFile>,
}

/// What one `boardls.toml` gives: its last good reading (what applies while it is broken; the
/// defaults when it never was good) and whether it is broken now.
#[derive(Default)]
pub(super) struct ProjectFile {
    pub(super) good: Option<Arc<Project>>,
    pub(super) broken: bool,
}

/// What new editor settings changed.
pub(crate) struct SettingsChange {
    /// A budget: verdicts it decided are stale.
    pub budget: bool,
    /// Which files get suite findings.
    pub suite: bool,
}

/// What a changed `boardls.toml` changed: the folder it governs and whether a budget moved.
pub(crate) struct ProjectChange {
    pub root: PathBuf,
    pub budget_changed: bool,
}

pub(super) struct State {
    /// Defaults and the command line's flags.
    pub(super) base: Config,
    /// `initializationOptions`.
    pub(super) init: EditorSettings,
    /// The settings without a folder: `workspace/configuration` without a scope, or what
    /// `workspace/didChangeConfiguration` sent.
    pub(super) global: EditorSettings,
    /// In effect for files in no folder.
    pub(super) global_config: Arc<Config>,
    /// `suite.diagnostics` for files in no folder.
    pub(super) global_ask: Ask,
    pub(super) folders: Vec<Folder>,
    /// A closed-file solver is running.
    pub(super) worker: bool,
    /// The solve it is running: the file, and the flag that cancels it.
    pub(super) solving: Option<(PathBuf, Arc<AtomicBool>)>,
    pub(super) refresh_scheduled: bool,
    pub(super) stopped: bool,
}

pub(super) struct Folder {
    pub(super) uri: lsp::Uri,
    pub(super) path: PathBuf,
    /// The folder's own editor settings (`workspace/configuration` with its scope); `None`
    /// when the client answers no such request: the global ones stand.
    pub(super) settings: Option<EditorSettings>,
    /// In effect for its files under no `boardls.toml`.
    pub(super) config: Arc<Config>,
    pub(super) checks: bool,
    /// `suite.diagnostics` in effect in it.
    pub(super) ask: Ask,
    pub(super) scanned: bool,
    pub(super) members: BTreeMap<PathBuf, Member>,
    /// The suites last computed, one per [`Ask`] they were computed for (the diagnostics' and
    /// "Check suite"'s), with what they were computed from.
    pub(super) suite: Vec<SuiteMemo>,
    /// What was left out of the last scan (over the caps), said once per scan.
    pub(super) left_out: usize,
}

/// One `.board` file of a folder.
pub(super) struct Member {
    pub(super) uri: lsp::Uri,
    pub(super) open: bool,
    /// The file as last read from disk (`None` until read).
    pub(super) disk: Option<Arc<DiskFile>>,
    /// One per case of `disk`'s analysis, once known.
    pub(super) verdicts: Vec<Option<Arc<Verdict>>>,
    /// While open: what the editor last published of it.
    pub(super) live: Option<Input>,
    /// The last report made of it while closed (what a pulling client gets).
    pub(super) report: Option<Report>,
    /// The result id of what the client was last told of it while closed.
    pub(super) told: Option<String>,
}

pub(crate) struct DiskFile {
    pub(super) text: String,
    pub(super) index: LineIndex,
    /// What reading found (not UTF-8, too large).
    pub(super) reading: Vec<Diagnostic>,
    pub(super) analysis: Arc<Analysis>,
    pub(super) config: Arc<Config>,
    /// The project layer `config` was made with.
    pub(super) project: Option<Arc<Project>>,
    /// It has a `// boardls: suite` comment.
    pub(super) marked: bool,
    pub(super) stamp: Option<Stamp>,
}

impl Member {
    pub(super) fn new(uri: lsp::Uri) -> Member {
        Member {
            uri,
            open: false,
            disk: None,
            verdicts: Vec::new(),
            live: None,
            report: None,
            told: None,
        }
    }

    /// What the suite takes of this file: the editor's text while open, else the disk's.
    pub(super) fn input(&self) -> Option<Input> {
        if self.open {
            return self.live.clone();
        }
        let disk = self.disk.as_ref()?;
        let settled = disk
            .analysis
            .cases
            .iter()
            .zip(&self.verdicts)
            .all(|(case, v)| case.board.is_none() || v.is_some());
        Some(Input {
            analysis: disk.analysis.clone(),
            verdicts: self.verdicts.clone(),
            settled,
            declared: Declared::new(disk.marked, disk.project.as_deref()),
        })
    }

    /// The first case of the disk's text still to solve (its index).
    pub(super) fn next_to_solve(&self) -> Option<usize> {
        if self.open {
            return None;
        }
        let disk = self.disk.as_ref()?;
        disk.analysis
            .cases
            .iter()
            .zip(&self.verdicts)
            .position(|(case, v)| case.board.is_some() && v.is_none())
    }
}

impl Folder {
    pub(super) fn editor(&self, init: &EditorSettings, global: &EditorSettings) -> EditorSettings {
        init.merged(self.settings.as_ref().unwrap_or(global))
    }

    /// The suites of the folder under `ask` ([`SuiteMemo::compute`]); `with` stands in for the
    /// member at its path (a view the caller holds).
    pub(super) fn suite(&mut self, ask: Ask, with: Option<(&Path, &Input)>) -> &SuiteMemo {
        let mut inputs = Vec::with_capacity(self.members.len());
        let mut unread = false;
        for (path, member) in &self.members {
            let input = match with {
                Some((p, input)) if p == path.as_path() => Some(input.clone()),
                _ => member.input(),
            };
            match input {
                Some(input) => inputs.push((path.clone(), input)),
                None => unread = true,
            }
        }
        if let Some(i) = self
            .suite
            .iter()
            .position(|memo| memo.made_from(ask, &inputs, unread))
        {
            return &self.suite[i];
        }
        self.suite.retain(|memo| memo.ask != ask);
        self.suite.push(SuiteMemo::compute(ask, inputs, unread));
        &self.suite[self.suite.len() - 1]
    }
}

impl State {
    pub(super) fn folder_of(&self, path: &Path) -> Option<usize> {
        self.folders
            .iter()
            .enumerate()
            .filter(|(_, f)| path.starts_with(&f.path))
            .max_by_key(|(_, f)| f.path.components().count())
            .map(|(i, _)| i)
    }

    /// The folder and member holding `path`, when it is a checked folder's file.
    pub(super) fn member_mut(&mut self, path: &Path) -> Option<(&mut Folder, PathBuf)> {
        let i = self.folder_of(path)?;
        let folder = &mut self.folders[i];
        (folder.checks && folder.members.contains_key(path)).then(|| (folder, path.to_path_buf()))
    }

    pub(super) fn recompute_configs(&mut self) {
        let editor = self.init.merged(&self.global);
        self.global_config = Arc::new(effective(&self.base, None, &editor.layer));
        self.global_ask = editor.suite_ask();
        for folder in &mut self.folders {
            let editor = folder.editor(&self.init, &self.global);
            folder.config = Arc::new(effective(&self.base, None, &editor.layer));
            folder.checks = editor.checks_workspace();
            folder.ask = editor.suite_ask();
        }
    }

    /// `suite.diagnostics` in effect for the file at `path` (`None`: a document with no path).
    pub(super) fn ask_for(&self, path: Option<&Path>) -> Ask {
        path.and_then(|p| self.folder_of(p))
            .map_or(self.global_ask, |i| self.folders[i].ask)
    }

    pub(super) fn cancel_solve_of(&mut self, path: &Path) {
        if let Some((p, flag)) = &self.solving
            && p == path
        {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Workspace {
    pub(crate) fn new(base: Config, out: mpsc::UnboundedSender<Out>) -> Workspace {
        let global_config = Arc::new(base.clone());
        Workspace {
            projects: Mutex::new(Projects::default()),
            out,
            state: Mutex::new(State {
                base,
                init: EditorSettings::default(),
                global: EditorSettings::default(),
                global_config,
                global_ask: Ask::default(),
                folders: Vec::new(),
                worker: false,
                solving: None,
                refresh_scheduled: false,
                stopped: false,
            }),
        }
    }

    /// The configuration in effect for the document at `uri`.
    pub(crate) fn config_for(&self, uri: &lsp::Uri) -> Arc<Config> {
        match path_of(uri) {
            Some(path) => self.config_for_path(&path).0,
            None => lock(&self.state).global_config.clone(),
        }
    }

    /// The configuration in effect for the file at `path`, and the project layer in it.
    pub(super) fn config_for_path(&self, path: &Path) -> (Arc<Config>, Option<Arc<Project>>) {
        let project = self.project_of(path);
        let st = lock(&self.state);
        let folder = st.folder_of(path);
        let (plain, editor) = match folder {
            Some(i) => (
                st.folders[i].config.clone(),
                st.folders[i].editor(&st.init, &st.global),
            ),
            None => (st.global_config.clone(), st.init.merged(&st.global)),
        };
        match &project {
            Some(p) => {
                let config = effective(&st.base, Some(&p.settings), &editor.layer);
                (Arc::new(config), project)
            }
            None => (plain, None),
        }
    }

    /// The project governing the file at `path`: its nearest `boardls.toml`'s last good
    /// reading. A file read for the first time and broken is told to the client.
    pub(super) fn project_of(&self, path: &Path) -> Option<Arc<Project>> {
        let folder = path.parent()?;
        let mut projects = lock(&self.projects);
        let toml = projects
            .nearest
            .entry(folder.to_path_buf())
            .or_insert_with(|| project::find(folder))
            .clone()?;
        if !projects.read.contains_key(&toml) {
            let file = self.read_project(&toml, ProjectFile::default());
            projects.read.insert(toml.clone(), file);
        }
        projects.read.get(&toml).and_then(|f| f.good.clone())
    }

    /// Whether the file at `path`, found by scanning, is excluded by its project.
    pub(super) fn excluded(&self, path: &Path) -> bool {
        self.project_of(path)
            .is_some_and(|p| p.excludes(path, false))
    }

    /// Reads the `boardls.toml` at `toml`, `before` what was known of it; a broken one keeps
    /// `before`'s good reading and is told to the client (a diagnostic on the file and a
    /// message); one mended clears its diagnostics.
    pub(super) fn read_project(&self, toml: &Path, before: ProjectFile) -> ProjectFile {
        match project::load(toml) {
            Ok(project) => {
                if before.broken {
                    let _ = self.out.send(Out::ProjectProblems {
                        path: toml.to_path_buf(),
                        error: None,
                    });
                }
                ProjectFile {
                    good: Some(Arc::new(project)),
                    broken: false,
                }
            }
            Err(error) => {
                let _ = self.out.send(Out::ProjectProblems {
                    path: toml.to_path_buf(),
                    error: Some(error),
                });
                ProjectFile {
                    good: before.good,
                    broken: true,
                }
            }
        }
    }

    /// `boardls.toml` files created, changed or deleted: each read again (or forgotten); returns
    /// the folders whose files' configuration may have changed.
    pub(crate) fn projects_changed(
        &self,
        changes: &[(PathBuf, lsp::FileChangeType)],
    ) -> Vec<ProjectChange> {
        let mut projects = lock(&self.projects);
        let mut out = Vec::new();
        for (toml, typ) in changes {
            let Some(root) = toml.parent() else { continue };
            // Which file is nearest may have changed for any folder below.
            projects
                .nearest
                .retain(|folder, _| !folder.starts_with(root));
            let before = projects.read.remove(toml).unwrap_or_default();
            let old_budget = before.good.as_ref().map(|p| budget_of(&p.settings));
            let new_budget = if *typ == lsp::FileChangeType::DELETED {
                if before.broken {
                    let _ = self.out.send(Out::ProjectProblems {
                        path: toml.clone(),
                        error: None,
                    });
                }
                None
            } else {
                let file = self.read_project(toml, before);
                let budget = file.good.as_ref().map(|p| budget_of(&p.settings));
                projects.read.insert(toml.clone(), file);
                budget
            };
            out.push(ProjectChange {
                root: root.to_path_buf(),
                budget_changed: old_budget != new_budget,
            });
        }
        out
    }

    /// Files under the folders of `changes` are read again under their new configuration;
    /// verdicts a budget decided are forgotten where a budget moved.
    pub(crate) fn reconfigure(&self, changes: &[ProjectChange]) {
        let mut st = lock(&self.state);
        for folder in &mut st.folders {
            for (path, member) in &mut folder.members {
                let Some(change) = changes.iter().find(|c| path.starts_with(&c.root)) else {
                    continue;
                };
                if change.budget_changed {
                    for v in &mut member.verdicts {
                        if v.as_ref().is_some_and(|v| v.budget_bound()) {
                            *v = None;
                        }
                    }
                }
                member.disk = None;
            }
            folder.suite.clear();
            // What `exclude` leaves out may have changed.
            folder.scanned = false;
        }
        if let Some((path, flag)) = &st.solving
            && changes
                .iter()
                .any(|c| c.budget_changed && path.starts_with(&c.root))
        {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The configuration of files in no folder (what `initialized` checks `allow` of).
    pub(crate) fn global_config(&self) -> Arc<Config> {
        lock(&self.state).global_config.clone()
    }

    /// `initialize`: the editor's first settings and the workspace's folders.
    pub(crate) fn initialize(&self, init: EditorSettings, folders: Vec<lsp::WorkspaceFolder>) {
        let mut st = lock(&self.state);
        st.init = init;
        st.folders = folders.into_iter().filter_map(new_folder).collect();
        st.recompute_configs();
    }

    pub(crate) fn folder_uris(&self) -> Vec<lsp::Uri> {
        lock(&self.state)
            .folders
            .iter()
            .map(|f| f.uri.clone())
            .collect()
    }

    /// New editor settings: `global`, and per folder (in [`Workspace::folder_uris`] order)
    /// when the client gave them. Returns what they changed.
    pub(crate) fn set_settings(
        &self,
        global: EditorSettings,
        per_folder: Option<Vec<EditorSettings>>,
    ) -> SettingsChange {
        let mut st = lock(&self.state);
        let before: Vec<Arc<Config>> = std::iter::once(st.global_config.clone())
            .chain(st.folders.iter().map(|f| f.config.clone()))
            .collect();
        let asks_before: Vec<Ask> = std::iter::once(st.global_ask)
            .chain(st.folders.iter().map(|f| f.ask))
            .collect();
        st.global = global;
        if let Some(per_folder) = per_folder {
            for (folder, settings) in st.folders.iter_mut().zip(per_folder) {
                folder.settings = Some(settings);
            }
        }
        st.recompute_configs();
        let after: Vec<Arc<Config>> = std::iter::once(st.global_config.clone())
            .chain(st.folders.iter().map(|f| f.config.clone()))
            .collect();
        let budget_changed = before.iter().zip(&after).any(|(a, b)| !a.same_budget(b));
        let asks_after: Vec<Ask> = std::iter::once(st.global_ask)
            .chain(st.folders.iter().map(|f| f.ask))
            .collect();
        let (base, init, global) = (st.base.clone(), st.init.clone(), st.global.clone());
        for folder in &mut st.folders {
            let editor = folder.editor(&init, &global);
            for member in folder.members.values_mut() {
                if budget_changed {
                    for v in &mut member.verdicts {
                        if v.as_ref().is_some_and(|v| v.budget_bound()) {
                            *v = None;
                        }
                    }
                }
                // Read again with the new configuration (its `allow`, its caps).
                if member.disk.as_ref().is_some_and(|d| {
                    let project = d.project.as_ref().map(|p| &p.settings);
                    *d.config != effective(&base, project, &editor.layer)
                }) {
                    member.disk = None;
                }
            }
            folder.suite.clear();
        }
        if budget_changed && let Some((_, flag)) = &st.solving {
            flag.store(true, Ordering::Relaxed);
        }
        SettingsChange {
            budget: budget_changed,
            suite: asks_before != asks_after,
        }
    }

    /// Folders added and removed (`workspace/didChangeWorkspaceFolders`); returns the files of
    /// the removed ones, whose diagnostics the client no longer needs.
    pub(crate) fn change_folders(
        &self,
        added: Vec<lsp::WorkspaceFolder>,
        removed: &[lsp::WorkspaceFolder],
    ) -> Vec<lsp::Uri> {
        let mut st = lock(&self.state);
        let mut gone = Vec::new();
        st.folders.retain(|f| {
            let keep = !removed.iter().any(|r| r.uri == f.uri);
            if !keep {
                gone.extend(
                    f.members
                        .values()
                        .filter(|m| m.told.is_some())
                        .map(|m| m.uri.clone()),
                );
            }
            keep
        });
        for folder in added.into_iter().filter_map(new_folder) {
            if !st.folders.iter().any(|f| f.path == folder.path) {
                st.folders.push(folder);
            }
        }
        st.recompute_configs();
        gone
    }

    /// `.board` files changed outside the editor: each changed one not open is read again.
    /// Returns whether some were created or deleted (what a folder holds changed: scan it).
    pub(crate) fn boards_changed(&self, changes: &[lsp::FileEvent]) -> bool {
        let mut came_or_went = false;
        let mut st = lock(&self.state);
        for change in changes {
            let Some(path) = path_of(&change.uri) else {
                continue;
            };
            if path.extension().is_none_or(|e| e != "board") {
                continue;
            }
            if change.typ == lsp::FileChangeType::CHANGED {
                st.cancel_solve_of(&path);
                if let Some((folder, path)) = st.member_mut(&path)
                    && let Some(member) = folder.members.get_mut(&path)
                    && !member.open
                {
                    member.disk = None;
                }
            } else {
                came_or_went = true;
            }
        }
        came_or_went
    }

    /// Stops the closed-file solver for good: the server is stopping.
    pub(crate) fn stop(&self) {
        let mut st = lock(&self.state);
        st.stopped = true;
        if let Some((_, flag)) = &st.solving {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

pub(super) fn new_folder(folder: lsp::WorkspaceFolder) -> Option<Folder> {
    let path = path_of(&folder.uri)?;
    Some(Folder {
        uri: folder.uri,
        path,
        settings: None,
        config: Arc::new(Config::default()),
        checks: true,
        ask: Ask::default(),
        scanned: false,
        members: BTreeMap::new(),
        suite: Vec::new(),
        left_out: 0,
    })
}

/// The path of a `file:` URI.
pub(crate) fn path_of(uri: &lsp::Uri) -> Option<PathBuf> {
    if !uri.as_str().starts_with("file:") {
        return None;
    }
    uri.to_file_path().map(std::borrow::Cow::into_owned)
}

/// When a file was last modified, and its length: what tells a rescan that it changed.
pub(super) type Stamp = (SystemTime, u64);

pub(super) fn stamp(meta: &std::fs::Metadata) -> Option<Stamp> {
    Some((meta.modified().ok()?, meta.len()))
}

/// What of a project's settings a verdict depends on.
pub(super) fn budget_of(
    settings: &project::Settings,
) -> (Option<u64>, Option<Duration>, Option<u64>) {
    (settings.nodes, settings.time, settings.memory_mib)
}
