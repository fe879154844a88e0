//! Diagnostics as the client gets them. A file's list is its report with the findings of the
//! suite it is part of, if any (see [`workspace::suite_findings`]). Clients that pull
//! (`textDocument/diagnostic`, `workspace/diagnostic`) get reports with result ids and are
//! asked to pull again when results change; the others get every list pushed, an open
//! document's for its latest version.

use super::convert::{Encoding, to_proto};
use super::document::{View, lock};
use super::server::Shared;
use super::workspace::{self, FileSuite};
use crate::diag::Diagnostic;
use crate::ide;
use crate::span::LineIndex;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;
use tower_lsp_server::ls_types as lsp;

/// The findings of an open document as `view` holds it, in byte spans (what hovers and fixes
/// read, and what is published).
pub(crate) fn findings(shared: &Shared, uri: &lsp::Uri, view: &View) -> Vec<Diagnostic> {
    let file = view.file();
    let config = view.snap.config();
    match workspace::suite_findings(shared, uri, view) {
        FileSuite::Outside => ide::diagnostics(&file, config),
        FileSuite::Alone => ide::diagnostics_as_own_suite(&file, config),
        FileSuite::Shared(suite) => ide::diagnostics_in_suite(&file, config, &suite),
    }
}

/// An open document's diagnostics as published; the workspace's suite takes its view.
pub(crate) fn open_file(shared: &Shared, uri: &lsp::Uri, view: &View) -> Vec<lsp::Diagnostic> {
    workspace::record_open(shared, uri, view);
    let found = findings(shared, uri, view);
    to_lsp(
        view.text(),
        view.index(),
        uri,
        &found,
        shared.caps().encoding,
    )
}

pub(crate) fn to_lsp(
    text: &str,
    index: &LineIndex,
    uri: &lsp::Uri,
    found: &[Diagnostic],
    enc: Encoding,
) -> Vec<lsp::Diagnostic> {
    found
        .iter()
        .map(|d| to_proto::diagnostic(text, index, uri, d, enc))
        .collect()
}

/// A list with the id a pulling client quotes back to learn whether it changed.
#[derive(Clone, Debug)]
pub(crate) struct Report {
    pub diagnostics: Vec<lsp::Diagnostic>,
    pub result_id: String,
}

impl Report {
    pub(crate) fn new(diagnostics: Vec<lsp::Diagnostic>) -> Report {
        let result_id = result_id(&diagnostics);
        Report {
            diagnostics,
            result_id,
        }
    }
}

/// The same list gives the same id, in any session: a hash of what the client would show.
fn result_id(diagnostics: &[lsp::Diagnostic]) -> String {
    let mut h = DefaultHasher::new();
    serde_json::to_string(diagnostics)
        .unwrap_or_default()
        .hash(&mut h);
    format!("{:016x}", h.finish())
}

/// What a pulling client was last given, and the requests asking it to pull again.
#[derive(Default)]
pub(crate) struct Pulls {
    given: Mutex<HashMap<lsp::Uri, String>>,
    /// A request to pull again is out, and whether another is wanted after it.
    asking: Mutex<(bool, bool)>,
}

impl Pulls {
    fn gave(&self, uri: &lsp::Uri, report: &Report) {
        lock(&self.given).insert(uri.clone(), report.result_id.clone());
    }

    /// Returns whether a request is already out (then one more follows it).
    pub(crate) fn ask(&self) -> bool {
        let mut asking = lock(&self.asking);
        if asking.0 {
            asking.1 = true;
            return true;
        }
        *asking = (true, false);
        false
    }

    /// The request was answered; returns whether to ask again.
    pub(crate) fn done(&self) -> bool {
        let mut asking = lock(&self.asking);
        if asking.1 {
            asking.1 = false;
            return true;
        }
        asking.0 = false;
        false
    }
}

/// Whether `diagnostics` differ from what the pulling client was last given for `uri`.
pub(crate) fn pulled_differs(
    shared: &Shared,
    uri: &lsp::Uri,
    diagnostics: &[lsp::Diagnostic],
) -> bool {
    let id = result_id(diagnostics);
    lock(&shared.pulls.given).get(uri) != Some(&id)
}

/// `textDocument/diagnostic` for an open document, as `view` holds it.
pub(crate) fn pull_open(
    shared: &Shared,
    uri: &lsp::Uri,
    view: &View,
    previous: Option<&str>,
) -> lsp::DocumentDiagnosticReportResult {
    let report = Report::new(open_file(shared, uri, view));
    shared.pulls.gave(uri, &report);
    document_report(report, previous)
}

/// `textDocument/diagnostic` for a document that is not open: the workspace's report of the
/// file, or none.
pub(crate) fn pull_closed(
    shared: &Shared,
    uri: &lsp::Uri,
    previous: Option<&str>,
) -> lsp::DocumentDiagnosticReportResult {
    let report =
        workspace::closed_report_of(shared, uri).unwrap_or_else(|| Report::new(Vec::new()));
    shared.pulls.gave(uri, &report);
    document_report(report, previous)
}

fn document_report(report: Report, previous: Option<&str>) -> lsp::DocumentDiagnosticReportResult {
    let report = if previous == Some(report.result_id.as_str()) {
        lsp::DocumentDiagnosticReport::Unchanged(lsp::RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: lsp::UnchangedDocumentDiagnosticReport {
                result_id: report.result_id,
            },
        })
    } else {
        lsp::DocumentDiagnosticReport::Full(lsp::RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport {
                result_id: Some(report.result_id),
                items: report.diagnostics,
            },
        })
    };
    lsp::DocumentDiagnosticReportResult::Report(report)
}

/// `workspace/diagnostic`: every open document (`open`: its URI, version and list) and every
/// closed file of the workspace, each as unchanged when the client quotes its current id.
pub(crate) fn pull_workspace(
    shared: &Shared,
    open: Vec<(lsp::Uri, i32, Vec<lsp::Diagnostic>)>,
    previous: &[lsp::PreviousResultId],
) -> lsp::WorkspaceDiagnosticReportResult {
    let previous: HashMap<&str, &str> = previous
        .iter()
        .map(|p| (p.uri.as_str(), p.value.as_str()))
        .collect();
    let mut items = Vec::new();
    let open_reports = open
        .into_iter()
        .map(|(uri, version, d)| (uri, Some(i64::from(version)), Report::new(d)));
    let closed = workspace::closed_reports(shared)
        .into_iter()
        .map(|(uri, report)| (uri, None, report));
    for (uri, version, report) in open_reports.chain(closed) {
        shared.pulls.gave(&uri, &report);
        let item = if previous.get(uri.as_str()) == Some(&report.result_id.as_str()) {
            lsp::WorkspaceDocumentDiagnosticReport::Unchanged(
                lsp::WorkspaceUnchangedDocumentDiagnosticReport {
                    uri,
                    version,
                    unchanged_document_diagnostic_report: lsp::UnchangedDocumentDiagnosticReport {
                        result_id: report.result_id,
                    },
                },
            )
        } else {
            lsp::WorkspaceDocumentDiagnosticReport::Full(
                lsp::WorkspaceFullDocumentDiagnosticReport {
                    uri,
                    version,
                    full_document_diagnostic_report: lsp::FullDocumentDiagnosticReport {
                        result_id: Some(report.result_id),
                        items: report.diagnostics,
                    },
                },
            )
        };
        items.push(item);
    }
    lsp::WorkspaceDiagnosticReportResult::Report(lsp::WorkspaceDiagnosticReport { items })
}
