//! The configuration each file is checked with, in layers: the defaults, then the nearest
//! `boardls.toml` (or the one `--config` names, or none with `--isolated`), then the command
//! line's flags.

use boardls::config::Config;
use boardls::emit;
use boardls::project::{self, Project, ProjectError};
use boardls::span::LineIndex;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

/// What the command line says, the top layer.
#[derive(Clone, Debug, Default)]
pub(super) struct Flags {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    pub memory_mib: Option<u64>,
    pub allow: Vec<String>,
    pub deny: Vec<String>,
}

impl Flags {
    fn apply(&self, config: &mut Config) {
        if let Some(n) = self.nodes {
            config.solve_nodes = n;
        }
        if let Some(t) = self.time {
            config.solve_time = Some(t);
        }
        if let Some(mib) = self.memory_mib {
            config.set_solve_memory_mib(mib);
        }
        config.allow_codes(&self.allow);
        config.deny_codes(&self.deny);
    }
}

/// Where the project layer comes from.
pub(super) enum Source {
    /// `--isolated`: no `boardls.toml` is read.
    Isolated,
    /// `--config PATH`: this one for every file.
    Given(PathBuf),
    /// The nearest `boardls.toml` above each file.
    Nearest,
}

pub(super) struct Layers {
    defaults: Config,
    flags: Flags,
    source: Source,
    /// Folder → the project that governs it, read once per run.
    found: RefCell<HashMap<PathBuf, Option<Rc<Project>>>>,
    loaded: RefCell<HashMap<PathBuf, Rc<Project>>>,
}

impl Layers {
    pub(super) fn new(defaults: Config, flags: Flags, source: Source) -> Layers {
        Layers {
            defaults,
            flags,
            source,
            found: RefCell::default(),
            loaded: RefCell::default(),
        }
    }

    /// The project governing `file` (`-`, standard input, is looked up from the current
    /// folder); an unusable `boardls.toml` is an error that names every problem in it.
    pub(super) fn project_for(&self, file: &Path) -> Result<Option<Rc<Project>>, String> {
        match &self.source {
            Source::Isolated => Ok(None),
            Source::Given(path) => self.load(path).map(Some),
            Source::Nearest => {
                let folder = file
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .to_path_buf();
                if let Some(known) = self.found.borrow().get(&folder) {
                    return Ok(known.clone());
                }
                let project = match project::find(&folder) {
                    Some(path) => Some(self.load(&path)?),
                    None => None,
                };
                self.found.borrow_mut().insert(folder, project.clone());
                Ok(project)
            }
        }
    }

    fn load(&self, path: &Path) -> Result<Rc<Project>, String> {
        if let Some(project) = self.loaded.borrow().get(path) {
            return Ok(project.clone());
        }
        let project = Rc::new(project::load(path).map_err(|e| render(&e))?);
        self.loaded
            .borrow_mut()
            .insert(path.to_path_buf(), project.clone());
        Ok(project)
    }

    /// The configuration `file` is checked with: defaults < its project < the flags.
    pub(super) fn config_for(&self, file: &Path) -> Result<Config, String> {
        let mut config = self.defaults.clone();
        if let Some(project) = self.project_for(file)? {
            project.settings.apply(&mut config);
        }
        self.flags.apply(&mut config);
        Ok(config)
    }

    /// The configuration of a command that reads no `.board` file (`judge`, `gen`, …): the
    /// project of the current folder.
    pub(super) fn config_here(&self) -> Result<Config, String> {
        self.config_for(Path::new("./-"))
    }

    /// Whether the project governing `path`, found while walking a folder, excludes it.
    pub(super) fn excluded(&self, path: &Path) -> Result<bool, String> {
        Ok(self
            .project_for(path)?
            .is_some_and(|p| p.excludes(path, false)))
    }
}

/// An unusable `boardls.toml`: its path, then every problem in it as `check` shows one.
fn render(error: &ProjectError) -> String {
    let file = error.path.display().to_string();
    let index = LineIndex::new(&error.text);
    let mut out = format!("{file}: the configuration cannot be used\n");
    for d in &error.diagnostics {
        out.push_str(&emit::human(&file, &error.text, &index, d));
    }
    out.trim_end().to_string()
}
