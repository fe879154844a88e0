//! What the rest of the server asks of the workspace: the suite findings of an open document,
//! a suite on request, the closed files' reports and the counts for the status.

use super::folders::{DiskFile, Workspace, path_of};
use super::suites::{Declared, Input};
use crate::analysis::suite::{self, Ask, Membership};
use crate::analysis::{self, Analysis, Verdict};
use crate::diag::Diagnostic;
use crate::ide::CaseState;
use crate::lsp::convert::Encoding;
use crate::lsp::document::{View, lock};
use crate::lsp::reports::{self, Report};
use crate::lsp::status::Tally;
use std::path::Path;
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

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

impl Workspace {
    /// What the editor published of an open document: the suite of its folder takes it.
    pub(crate) fn record_open(&self, uri: &lsp::Uri, view: &View) {
        let Some(path) = path_of(uri) else { return };
        let input = self.input_of(Some(&path), view);
        let mut st = lock(&self.state);
        if let Some((folder, path)) = st.member_mut(&path)
            && let Some(member) = folder.members.get_mut(&path)
        {
            member.open = true;
            member.live = Some(input);
        }
    }

    /// The document at `path` as `view` holds it, as a suite takes it. Takes the projects' lock:
    /// never called with the workspace's held.
    fn input_of(&self, path: Option<&Path>, view: &View) -> Input {
        let file = view.file();
        let project = path.and_then(|p| self.project_of(p));
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

    /// The suite findings of the document at `uri` as `view` holds it. A document the workspace
    /// does not check (no folder, or `workspace.diagnostics` off) is a suite of its own where it
    /// would be one with others.
    pub(crate) fn suite_findings(&self, uri: &lsp::Uri, view: &View) -> FileSuite {
        let path = path_of(uri);
        let input = self.input_of(path.as_deref(), view);
        let mut st = lock(&self.state);
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

    /// Every closed file's last report, with its URI (for `workspace/diagnostic`).
    pub(crate) fn closed_reports(&self) -> Vec<(lsp::Uri, Report)> {
        let st = lock(&self.state);
        st.folders
            .iter()
            .filter(|f| f.checks)
            .flat_map(|f| f.members.values())
            .filter(|m| !m.open)
            .filter_map(|m| Some((m.uri.clone(), m.report.clone()?)))
            .collect()
    }

    /// The last report of a closed file of the workspace.
    pub(crate) fn closed_report_of(&self, uri: &lsp::Uri) -> Option<Report> {
        let path = path_of(uri)?;
        let mut st = lock(&self.state);
        let (folder, path) = st.member_mut(&path)?;
        let member = folder.members.get(&path)?;
        if member.open {
            return None;
        }
        member.report.clone()
    }

    /// Cases of closed files being solved (or waiting to be) and left unsolved within budget.
    pub(crate) fn tally(&self) -> Tally {
        let st = lock(&self.state);
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
    pub(crate) fn suite_of(&self, uri: &lsp::Uri, view: &View) -> SuiteOf {
        let Some(path) = path_of(uri) else {
            return SuiteOf::Alone;
        };
        let input = self.input_of(Some(&path), view);
        let mut st = lock(&self.state);
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
}

impl DiskFile {
    /// The report of this file read from disk: its own findings with `suite`'s.
    pub(super) fn report(
        &self,
        verdicts: &[Option<Arc<Verdict>>],
        suite: Option<Vec<Diagnostic>>,
        uri: &lsp::Uri,
        enc: Encoding,
    ) -> Report {
        let refs: Vec<Option<&Verdict>> = verdicts.iter().map(Option::as_deref).collect();
        let mut more = self.reading.clone();
        more.extend(suite.unwrap_or_default());
        let found = analysis::report(&self.analysis, &refs, more, &self.config);
        Report::new(reports::to_lsp(&self.text, &self.index, uri, &found, enc))
    }
}
