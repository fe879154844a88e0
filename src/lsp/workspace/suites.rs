//! The suites of a folder: what each file declares of its suite, how files group into suites
//! under a `suite.diagnostics` setting, and the findings of each suite, remembered with what
//! they were computed from.

use crate::analysis::suite::{self, Ask, Membership};
use crate::analysis::{Analysis, Verdict};
use crate::diag::Diagnostic;
use crate::project::Project;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One file as a suite takes it.
#[derive(Clone)]
pub(super) struct Input {
    pub(super) analysis: Arc<Analysis>,
    pub(super) verdicts: Vec<Option<Arc<Verdict>>>,
    pub(super) settled: bool,
    pub(super) declared: Declared,
}

/// What a file declares of its suite: its `// boardls: suite` comment, and its project's path
/// and `suite` key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Declared {
    marked: bool,
    project: Option<(PathBuf, Option<bool>)>,
}

impl Declared {
    pub(super) fn new(marked: bool, project: Option<&Project>) -> Declared {
        Declared {
            marked,
            project: project.map(|p| (p.path.clone(), p.settings.suite)),
        }
    }

    pub(super) fn membership(&self, ask: Ask) -> Membership {
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
pub(super) enum Group {
    /// Every file of the folder.
    Folder,
    /// The files of the `boardls.toml` at this path.
    Project(PathBuf),
    /// This file alone.
    Alone(PathBuf),
}

impl Input {
    pub(super) fn same(&self, other: &Input) -> bool {
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

pub(super) struct SuiteMemo {
    pub(super) ask: Ask,
    pub(super) inputs: Vec<(PathBuf, Input)>,
    /// Some member was not read yet: what suite it is part of is not known.
    pub(super) unread: bool,
    /// The findings of the members whose suite is complete (every file read and settled).
    pub(super) findings: HashMap<PathBuf, Vec<Diagnostic>>,
}

impl SuiteMemo {
    /// Every member is read and settled.
    pub(super) fn complete(&self) -> bool {
        !self.unread && self.inputs.iter().all(|(_, i)| i.settled)
    }
}

impl SuiteMemo {
    /// Whether this memo was computed from exactly `inputs` under `ask`.
    pub(super) fn made_from(&self, ask: Ask, inputs: &[(PathBuf, Input)], unread: bool) -> bool {
        self.ask == ask
            && self.unread == unread
            && self.inputs.len() == inputs.len()
            && self
                .inputs
                .iter()
                .zip(inputs)
                .all(|((p, a), (q, b))| p == q && a.same(b))
    }

    /// The suites of `inputs` under `ask` ([`Declared::group`]) and their findings; a suite's
    /// findings are known once every file of it is read (`unread`: some file is not) and
    /// settled.
    pub(super) fn compute(ask: Ask, inputs: Vec<(PathBuf, Input)>, unread: bool) -> SuiteMemo {
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
            for (&i, found) in members.iter().zip(suite::findings_with_survivors(&files)) {
                findings.insert(inputs[i].0.clone(), found);
            }
        }
        SuiteMemo {
            ask,
            inputs,
            unread,
            findings,
        }
    }
}
