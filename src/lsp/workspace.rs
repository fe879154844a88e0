//! The workspace: its folders with the settings in effect in each, and every `.board` file in
//! them, open or not. Closed files are read from disk, checked and solved in the background;
//! a folder's files that [`suite::membership`] puts in a suite get its findings (the files of
//! one `suite = true` project together, or the whole folder when the editor asks for suite
//! findings everywhere; a marked file alone). Settings come in
//! layers (see [`effective`]); the project layer is each file's nearest `boardls.toml`, found
//! as the command line finds it and read again when the client says it changed.
//!
//! Locking: the workspace's lock is taken last and held alone: code holding it never takes a
//! document's lock, the documents' map or any other, and never waits on the client. The
//! projects' lock is taken before it (never while holding it) and held while a `boardls.toml`
//! is read from disk.

use super::background::Out;
use super::convert::Encoding;
use super::diagnostics::{self, Report};
use super::document::{View, lock};
use super::server::Shared;
use super::settings::EditorSettings;
use super::status::Tally;
use crate::analysis::suite::{Ask, Membership};
use crate::analysis::{self, Analysis, Verdict, suite};
use crate::authoring::files;
use crate::config::{Config, MAX_WORKSPACE_BYTES, MAX_WORKSPACE_FILES, Settings};
use crate::diag::Diagnostic;
use crate::games::Unsolved;
use crate::ide::CaseState;
use crate::project::{self, Project, ProjectError};
use crate::span::LineIndex;
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::mpsc;
use tower_lsp_server::ls_types as lsp;

/// Changes are gathered this long before the workspace's reports are made again.
const REFRESH_AFTER: Duration = Duration::from_millis(100);
/// While closed files are being solved, their reports are made again this often.
const REFRESH_EVERY: Duration = Duration::from_millis(300);

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
    state: Mutex<State>,
    projects: Mutex<Projects>,
    /// Where a broken `boardls.toml` is told (the server's sending task).
    out: mpsc::UnboundedSender<Out>,
}

/// The `boardls.toml` files above the files the server has seen.
#[derive(Default)]
struct Projects {
    /// A folder → the nearest `boardls.toml` in it or above it.
    nearest: HashMap<PathBuf, Option<PathBuf>>,
    /// Each `boardls.toml` read, by path.
    read: HashMap<PathBuf, ProjectFile>,
}

/// What one `boardls.toml` gives: its last good reading (what applies while it is broken; the
/// defaults when it never was good) and whether it is broken now.
#[derive(Default)]
struct ProjectFile {
    good: Option<Arc<Project>>,
    broken: bool,
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

struct State {
    /// Defaults and the command line's flags.
    base: Config,
    /// `initializationOptions`.
    init: EditorSettings,
    /// The settings without a folder: `workspace/configuration` without a scope, or what
    /// `workspace/didChangeConfiguration` sent.
    global: EditorSettings,
    /// In effect for files in no folder.
    global_config: Arc<Config>,
    /// `suite.diagnostics` for files in no folder.
    global_ask: Ask,
    folders: Vec<Folder>,
    /// A closed-file solver is running.
    worker: bool,
    /// The solve it is running: the file, and the flag that cancels it.
    solving: Option<(PathBuf, Arc<AtomicBool>)>,
    refresh_scheduled: bool,
    stopped: bool,
}

struct Folder {
    uri: lsp::Uri,
    path: PathBuf,
    /// The folder's own editor settings (`workspace/configuration` with its scope); `None`
    /// when the client answers no such request: the global ones stand.
    settings: Option<EditorSettings>,
    /// In effect for its files under no `boardls.toml`.
    config: Arc<Config>,
    checks: bool,
    /// `suite.diagnostics` in effect in it.
    ask: Ask,
    scanned: bool,
    members: BTreeMap<PathBuf, Member>,
    /// The suites last computed, one per [`Ask`] they were computed for (the diagnostics' and
    /// "Check suite"'s), with what they were computed from.
    suite: Vec<SuiteMemo>,
    /// What was left out of the last scan (over the caps), said once per scan.
    left_out: usize,
}

/// One `.board` file of a folder.
struct Member {
    uri: lsp::Uri,
    open: bool,
    /// The file as last read from disk (`None` until read).
    disk: Option<Arc<DiskFile>>,
    /// One per case of `disk`'s analysis, once known.
    verdicts: Vec<Option<Arc<Verdict>>>,
    /// While open: what the editor last published of it.
    live: Option<Input>,
    /// The last report made of it while closed (what a pulling client gets).
    report: Option<Report>,
    /// The result id of what the client was last told of it while closed.
    told: Option<String>,
}

pub(crate) struct DiskFile {
    text: String,
    index: LineIndex,
    /// What reading found (not UTF-8, too large).
    reading: Vec<Diagnostic>,
    analysis: Arc<Analysis>,
    config: Arc<Config>,
    /// The project layer `config` was made with.
    project: Option<Arc<Project>>,
    /// It has a `// boardls: suite` comment.
    marked: bool,
    stamp: Option<Stamp>,
}

/// One file as a suite takes it.
#[derive(Clone)]
struct Input {
    analysis: Arc<Analysis>,
    verdicts: Vec<Option<Arc<Verdict>>>,
    settled: bool,
    declared: Declared,
}

/// What a file declares of its suite: its `// boardls: suite` comment, and its project's path
/// and `suite` key.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Declared {
    marked: bool,
    project: Option<(PathBuf, Option<bool>)>,
}

impl Declared {
    fn new(marked: bool, project: Option<&Project>) -> Declared {
        Declared {
            marked,
            project: project.map(|p| (p.path.clone(), p.settings.suite)),
        }
    }

    fn membership(&self, ask: Ask) -> Membership {
        suite::membership(ask, self.project.as_ref().and_then(|p| p.1), self.marked)
    }

    /// The suite a file at `path` declaring `self` is part of, under `ask`; `None`: none.
    fn group(&self, ask: Ask, path: &Path) -> Option<Group> {
        match self.membership(ask) {
            Membership::Outside => None,
            Membership::Alone => Some(Group::Alone(path.to_path_buf())),
            Membership::WithOthers => Some(match (&self.project, ask) {
                (Some((toml, _)), Ask::Auto) => Group::Project(toml.clone()),
                _ => Group::Folder,
            }),
        }
    }
}

/// The files of a folder checked as one suite.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    /// Every file of the folder.
    Folder,
    /// The files of the `boardls.toml` at this path.
    Project(PathBuf),
    /// This file alone.
    Alone(PathBuf),
}

impl Input {
    fn same(&self, other: &Input) -> bool {
        self.declared == other.declared
            && Arc::ptr_eq(&self.analysis, &other.analysis)
            && self.verdicts.len() == other.verdicts.len()
            && self
                .verdicts
                .iter()
                .zip(&other.verdicts)
                .all(|(a, b)| match (a, b) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                })
    }
}

struct SuiteMemo {
    ask: Ask,
    inputs: Vec<(PathBuf, Input)>,
    /// Some member was not read yet: what suite it is part of is not known.
    unread: bool,
    /// The findings of the members whose suite is complete (every file read and settled).
    findings: HashMap<PathBuf, Vec<Diagnostic>>,
}

impl SuiteMemo {
    /// Every member is read and settled.
    fn complete(&self) -> bool {
        !self.unread && self.inputs.iter().all(|(_, i)| i.settled)
    }
}

impl Member {
    fn new(uri: lsp::Uri) -> Member {
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
    fn input(&self) -> Option<Input> {
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
    fn next_to_solve(&self) -> Option<usize> {
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
    fn editor(&self, init: &EditorSettings, global: &EditorSettings) -> EditorSettings {
        init.merged(self.settings.as_ref().unwrap_or(global))
    }

    /// The suites of the folder under `ask` ([`Declared::group`]); `with` stands in for the
    /// member at its path (a view the caller holds). A suite's findings are known once every
    /// file of it is read and settled.
    fn suite(&mut self, ask: Ask, with: Option<(&Path, &Input)>) -> &SuiteMemo {
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
        let known = self.suite.iter().position(|memo| {
            memo.ask == ask
                && memo.unread == unread
                && memo.inputs.len() == inputs.len()
                && memo
                    .inputs
                    .iter()
                    .zip(&inputs)
                    .all(|((p, a), (q, b))| p == q && a.same(b))
        });
        if let Some(i) = known {
            return &self.suite[i];
        }
        let mut groups: BTreeMap<Group, Vec<usize>> = BTreeMap::new();
        for (i, (path, input)) in inputs.iter().enumerate() {
            if let Some(group) = input.declared.group(ask, path) {
                groups.entry(group).or_default().push(i);
            }
        }
        let mut findings = HashMap::new();
        for (group, members) in groups {
            // A file not read yet may belong to any suite but a file's own.
            let complete = (!unread || matches!(group, Group::Alone(_)))
                && members.iter().all(|&i| inputs[i].1.settled);
            if !complete {
                continue;
            }
            let refs: Vec<Vec<Option<&Verdict>>> = members
                .iter()
                .map(|&i| inputs[i].1.verdicts.iter().map(Option::as_deref).collect())
                .collect();
            let files: Vec<(&Analysis, &[Option<&Verdict>])> = members
                .iter()
                .zip(&refs)
                .map(|(&i, v)| (&*inputs[i].1.analysis, v.as_slice()))
                .collect();
            for (&i, found) in members.iter().zip(suite::findings(&files)) {
                findings.insert(inputs[i].0.clone(), found);
            }
        }
        self.suite.retain(|memo| memo.ask != ask);
        self.suite.push(SuiteMemo {
            ask,
            inputs,
            unread,
            findings,
        });
        &self.suite[self.suite.len() - 1]
    }
}

impl State {
    fn folder_of(&self, path: &Path) -> Option<usize> {
        self.folders
            .iter()
            .enumerate()
            .filter(|(_, f)| path.starts_with(&f.path))
            .max_by_key(|(_, f)| f.path.components().count())
            .map(|(i, _)| i)
    }

    /// The folder and member holding `path`, when it is a checked folder's file.
    fn member_mut(&mut self, path: &Path) -> Option<(&mut Folder, PathBuf)> {
        let i = self.folder_of(path)?;
        let folder = &mut self.folders[i];
        (folder.checks && folder.members.contains_key(path)).then(|| (folder, path.to_path_buf()))
    }

    fn recompute_configs(&mut self) {
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
    fn ask_for(&self, path: Option<&Path>) -> Ask {
        path.and_then(|p| self.folder_of(p))
            .map_or(self.global_ask, |i| self.folders[i].ask)
    }

    fn cancel_solve_of(&mut self, path: &Path) {
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
    fn config_for_path(&self, path: &Path) -> (Arc<Config>, Option<Arc<Project>>) {
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
    fn project_of(&self, path: &Path) -> Option<Arc<Project>> {
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
    fn excluded(&self, path: &Path) -> bool {
        self.project_of(path)
            .is_some_and(|p| p.excludes(path, false))
    }

    /// Reads the `boardls.toml` at `toml`, `before` what was known of it; a broken one keeps
    /// `before`'s good reading and is told to the client (a diagnostic on the file and a
    /// message); one mended clears its diagnostics.
    fn read_project(&self, toml: &Path, before: ProjectFile) -> ProjectFile {
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

    /// Stops the closed-file solver for good: the server is stopping.
    pub(crate) fn stop(&self) {
        let mut st = lock(&self.state);
        st.stopped = true;
        if let Some((_, flag)) = &st.solving {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

fn new_folder(folder: lsp::WorkspaceFolder) -> Option<Folder> {
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

// ---------------------------------------------------------------------------------------------
// Open documents

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

/// What the editor published of an open document: the suite of its folder takes it.
pub(crate) fn record_open(shared: &Shared, uri: &lsp::Uri, view: &View) {
    let Some(path) = path_of(uri) else { return };
    let input = input_of(shared, Some(&path), view);
    let mut st = lock(&shared.workspace.state);
    if let Some((folder, path)) = st.member_mut(&path)
        && let Some(member) = folder.members.get_mut(&path)
    {
        member.open = true;
        member.live = Some(input);
    }
}

/// The document at `path` as `view` holds it, as a suite takes it. Takes the projects' lock:
/// never called with the workspace's held.
fn input_of(shared: &Shared, path: Option<&Path>, view: &View) -> Input {
    let file = view.file();
    let project = path.and_then(|p| shared.workspace.project_of(p));
    let marked = suite::is_marked(view.text(), &view.analysis);
    Input {
        analysis: view.analysis.clone(),
        verdicts: view
            .states
            .iter()
            .map(|s| match s {
                CaseState::Done(v) => Some(v.clone()),
                _ => None,
            })
            .collect(),
        settled: file.settled(),
        declared: Declared::new(marked, project.as_deref()),
    }
}

/// The suite findings an open document gets, by [`suite::membership`].
pub(crate) enum FileSuite {
    /// None: it is in no suite.
    Outside,
    /// Its own, as a suite of its own.
    Alone,
    /// These, its part of the findings of the suite of several files it is in (none while any
    /// of them is still being solved).
    Shared(Vec<Diagnostic>),
}

/// The suite findings of the document at `uri` as `view` holds it. A document the workspace
/// does not check (no folder, or `workspace.diagnostics` off) is a suite of its own where it
/// would be one with others.
pub(crate) fn suite_findings(shared: &Shared, uri: &lsp::Uri, view: &View) -> FileSuite {
    let path = path_of(uri);
    let input = input_of(shared, path.as_deref(), view);
    let mut st = lock(&shared.workspace.state);
    let ask = st.ask_for(path.as_deref());
    match input.declared.membership(ask) {
        Membership::Outside => FileSuite::Outside,
        Membership::Alone => FileSuite::Alone,
        Membership::WithOthers => {
            let Some((folder, path)) = path.and_then(|p| st.member_mut(&p)) else {
                return FileSuite::Alone;
            };
            let memo = folder.suite(ask, Some((&path, &input)));
            FileSuite::Shared(memo.findings.get(&path).cloned().unwrap_or_default())
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Files on disk

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
        super::server::reconfigure_open(shared, changed.iter().any(|c| c.budget_changed));
    }
    let mut rescan = !tomls.is_empty();
    {
        let mut st = lock(&shared.workspace.state);
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
                rescan = true;
            }
        }
    }
    if rescan {
        scan_later(shared);
    } else {
        read_later(shared);
    }
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

/// When a file was last modified, and its length: what tells a rescan that it changed.
type Stamp = (SystemTime, u64);

fn stamp(meta: &std::fs::Metadata) -> Option<Stamp> {
    Some((meta.modified().ok()?, meta.len()))
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

// ---------------------------------------------------------------------------------------------
// Solving closed files

fn ensure_solver(shared: &Arc<Shared>) {
    {
        let mut st = lock(&shared.workspace.state);
        let work = st
            .folders
            .iter()
            .any(|f| f.checks && f.members.values().any(|m| m.next_to_solve().is_some()));
        if st.worker || st.stopped || !work {
            return;
        }
        st.worker = true;
    }
    let task_shared = shared.clone();
    shared.spawn_blocking(move || solver(&task_shared));
}

/// Solves the closed files' cases one at a time, until none is left.
fn solver(shared: &Arc<Shared>) {
    let mut last_refresh = Instant::now();
    loop {
        let job = {
            let mut st = lock(&shared.workspace.state);
            let next = if st.stopped {
                None
            } else {
                st.folders.iter().enumerate().find_map(|(i, f)| {
                    if !f.checks {
                        return None;
                    }
                    f.members.iter().find_map(|(p, m)| {
                        let case = m.next_to_solve()?;
                        Some((i, p.clone(), m.disk.clone()?, case))
                    })
                })
            };
            let Some((i, path, disk, case)) = next else {
                st.worker = false;
                st.solving = None;
                drop(st);
                schedule_refresh(shared);
                return;
            };
            let flag = Arc::new(AtomicBool::new(false));
            st.solving = Some((path.clone(), flag.clone()));
            (i, path, disk, case, flag)
        };
        let (i, path, disk, index, flag) = job;
        let case = &disk.analysis.cases[index];
        let budget = analysis::budget(&disk.config).with_cancel(flag);
        let verdict = catch_unwind(AssertUnwindSafe(|| shared.cache.solve(case, &budget)))
            .unwrap_or_else(|panic| {
                Some((
                    Arc::new(Verdict::Failed(analysis::solve::panic_message(&panic))),
                    true,
                ))
            })
            .map(|(v, _)| v);
        let file_done = {
            let mut st = lock(&shared.workspace.state);
            st.solving = None;
            let member = st
                .folders
                .get_mut(i)
                .and_then(|f| f.members.get_mut(&path))
                .filter(|m| m.disk.as_ref().is_some_and(|d| Arc::ptr_eq(d, &disk)));
            match (member, verdict) {
                (Some(member), Some(v))
                    if !matches!(*v, Verdict::Unsolved(Unsolved::Cancelled)) =>
                {
                    if let Some(slot) = member.verdicts.get_mut(index) {
                        *slot = Some(v);
                    }
                    member.next_to_solve().is_none()
                }
                _ => false,
            }
        };
        if file_done || last_refresh.elapsed() >= REFRESH_EVERY {
            schedule_refresh(shared);
            last_refresh = Instant::now();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reports

/// Makes the workspace's reports again soon: changes that come together are taken together.
pub(crate) fn schedule_refresh(shared: &Arc<Shared>) {
    {
        let mut st = lock(&shared.workspace.state);
        if st.refresh_scheduled || st.stopped {
            return;
        }
        st.refresh_scheduled = true;
    }
    let task_shared = shared.clone();
    shared.spawn(async move {
        tokio::time::sleep(REFRESH_AFTER).await;
        let blocking = task_shared.clone();
        task_shared.spawn_blocking(move || refresh(&blocking));
    });
}

/// Makes every closed file's report again and tells the client what changed; republishes the
/// open documents of checked folders, whose suite findings may have changed with the others.
fn refresh(shared: &Arc<Shared>) {
    let enc = shared.caps().encoding;
    let mut outs = Vec::new();
    let mut open = Vec::new();
    {
        let mut st = lock(&shared.workspace.state);
        st.refresh_scheduled = false;
        for folder in &mut st.folders {
            if !folder.checks {
                for member in folder.members.values_mut() {
                    if member.told.take().is_some() && !member.open {
                        outs.push(Out::PublishFile {
                            uri: member.uri.clone(),
                            diagnostics: Vec::new(),
                        });
                    }
                    member.report = None;
                }
                continue;
            }
            let ask = folder.ask;
            let suite = folder.suite(ask, None).findings.clone();
            for (path, member) in &mut folder.members {
                if member.open {
                    open.push(member.uri.clone());
                    continue;
                }
                let Some(disk) = member.disk.clone() else {
                    continue;
                };
                let found = suite.get(path).cloned();
                let report = closed_report(&disk, &member.verdicts, found, &member.uri, enc);
                if member.told.as_ref() != Some(&report.result_id) {
                    member.told = Some(report.result_id.clone());
                    outs.push(Out::PublishFile {
                        uri: member.uri.clone(),
                        diagnostics: report.diagnostics.clone(),
                    });
                }
                member.report = Some(report);
            }
        }
    }
    for out in outs {
        shared.send(out);
    }
    for uri in open {
        if let Some(doc) = shared.doc(&uri)
            && let Ok(view) = View::build(&doc, doc.snapshot(), &shared.cache)
        {
            super::background::publish(shared, &doc, &view);
        }
    }
    shared.send(Out::Status);
}

fn closed_report(
    disk: &DiskFile,
    verdicts: &[Option<Arc<Verdict>>],
    suite: Option<Vec<Diagnostic>>,
    uri: &lsp::Uri,
    enc: Encoding,
) -> Report {
    let refs: Vec<Option<&Verdict>> = verdicts.iter().map(Option::as_deref).collect();
    let mut more = disk.reading.clone();
    more.extend(suite.unwrap_or_default());
    let found = analysis::report(&disk.analysis, &refs, more, &disk.config);
    Report::new(diagnostics::to_lsp(
        &disk.text,
        &disk.index,
        uri,
        &found,
        enc,
    ))
}

/// Every closed file's last report, with its URI (for `workspace/diagnostic`).
pub(crate) fn closed_reports(shared: &Shared) -> Vec<(lsp::Uri, Report)> {
    let st = lock(&shared.workspace.state);
    st.folders
        .iter()
        .filter(|f| f.checks)
        .flat_map(|f| f.members.values())
        .filter(|m| !m.open)
        .filter_map(|m| Some((m.uri.clone(), m.report.clone()?)))
        .collect()
}

/// The last report of a closed file of the workspace.
pub(crate) fn closed_report_of(shared: &Shared, uri: &lsp::Uri) -> Option<Report> {
    let path = path_of(uri)?;
    let mut st = lock(&shared.workspace.state);
    let (folder, path) = st.member_mut(&path)?;
    let member = folder.members.get(&path)?;
    if member.open {
        return None;
    }
    member.report.clone()
}

/// Cases of closed files being solved (or waiting to be) and left unsolved within budget.
pub(crate) fn tally(shared: &Shared) -> Tally {
    let st = lock(&shared.workspace.state);
    let mut tally = Tally::default();
    for member in st
        .folders
        .iter()
        .filter(|f| f.checks)
        .flat_map(|f| f.members.values())
        .filter(|m| !m.open)
    {
        let Some(disk) = &member.disk else { continue };
        for (case, verdict) in disk.analysis.cases.iter().zip(&member.verdicts) {
            match verdict {
                None if case.board.is_some() => tally.solving += 1,
                Some(v) if v.budget_bound() => tally.unsolved += 1,
                _ => {}
            }
        }
    }
    tally
}

// ---------------------------------------------------------------------------------------------
// A suite on request

/// Where the suite of the file at `uri` stands, the file as `view` holds it: asked for, it is
/// its whole workspace folder whatever the files declare.
pub(crate) fn suite_of(shared: &Shared, uri: &lsp::Uri, view: &View) -> SuiteOf {
    let Some(path) = path_of(uri) else {
        return SuiteOf::Alone;
    };
    let input = input_of(shared, Some(&path), view);
    let mut st = lock(&shared.workspace.state);
    let Some(i) = st.folder_of(&path) else {
        return SuiteOf::Alone;
    };
    let folder = &mut st.folders[i];
    if !folder.checks {
        return SuiteOf::Alone;
    }
    if !folder.scanned {
        return SuiteOf::Pending;
    }
    if !folder.members.contains_key(&path) {
        return SuiteOf::Alone;
    }
    let memo = folder.suite(Ask::Always, Some((&path, &input)));
    if !memo.complete() {
        return SuiteOf::Pending;
    }
    SuiteOf::Settled {
        files: memo
            .inputs
            .iter()
            .map(|(_, i)| (i.analysis.clone(), i.verdicts.clone()))
            .collect(),
        findings: memo
            .inputs
            .iter()
            .filter_map(|(p, _)| memo.findings.get(p))
            .flatten()
            .cloned()
            .collect(),
    }
}

/// One file of a suite: its analysis and each case's verdict (`None`: none).
pub(crate) type SuiteFile = (Arc<Analysis>, Vec<Option<Arc<Verdict>>>);

pub(crate) enum SuiteOf {
    /// The file is in no checked folder (or the scan left it out): a suite of its own.
    Alone,
    /// Its folder is still being scanned, read or solved.
    Pending,
    /// Its folder's files, each as analysis and verdicts, and the suite's findings.
    Settled {
        files: Vec<SuiteFile>,
        findings: Vec<Diagnostic>,
    },
}

/// What of a project's settings a verdict depends on.
fn budget_of(settings: &project::Settings) -> (Option<u64>, Option<Duration>, Option<u64>) {
    (settings.nodes, settings.time, settings.memory_mib)
}

/// The diagnostics of a broken `boardls.toml` (none when `error` is `None`: it was mended).
pub(crate) fn project_diagnostics(
    uri: &lsp::Uri,
    error: Option<&ProjectError>,
    enc: Encoding,
) -> Vec<lsp::Diagnostic> {
    error.map_or_else(Vec::new, |e| {
        diagnostics::to_lsp(&e.text, &LineIndex::new(&e.text), uri, &e.diagnostics, enc)
    })
}
