//! Diagnostics as the client gets them. A file's list is its report with the findings of the
//! suite it is part of, if any (see [`Workspace::suite_findings`]). Clients that pull
//! (`textDocument/diagnostic`, `workspace/diagnostic`) get reports with result ids and are
//! asked to pull again when results change; the others get every list pushed, an open
//! document's for its latest version.

use super::document::{Doc, View};
use super::out::Out;
use super::reports::{Report, to_lsp};
use super::state::Shared;
#[cfg(doc)]
use super::workspace::folders::Workspace;
use super::workspace::queries::FileSuite;
use crate::diag::Diagnostic;
use crate::ide;
use std::collections::HashMap;
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// The findings of an open document as `view` holds it, in byte spans (what hovers and fixes
/// read, and what is published).
pub(crate) fn findings(shared: &Shared, uri: &lsp::Uri, view: &View) -> Vec<Diagnostic> {
    let file = view.file();
    let config = view.snap.config();
    match shared.workspace.suite_findings(uri, view) {
        FileSuite::Outside => ide::diagnostics(&file, config),
        FileSuite::Alone => ide::diagnostics_as_own_suite(&file, config),
        FileSuite::Shared(suite) => ide::diagnostics_in_suite(&file, config, &suite),
    }
}

/// An open document's diagnostics as published; the workspace's suite takes its view.
pub(crate) fn open_file(shared: &Shared, uri: &lsp::Uri, view: &View) -> Vec<lsp::Diagnostic> {
    shared.workspace.record_open(uri, view);
    let found = findings(shared, uri, view);
    to_lsp(
        view.text(),
        view.index(),
        uri,
        &found,
        shared.caps().encoding,
    )
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
    let report = shared
        .workspace
        .closed_report_of(uri)
        .unwrap_or_else(|| Report::new(Vec::new()));
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
    let closed = shared
        .workspace
        .closed_reports()
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

/// Sends `view`'s diagnostics (the suite's findings in it included) and counts its cases for
/// the status.
pub(crate) fn publish(shared: &Arc<Shared>, doc: &Arc<Doc>, view: &View) {
    let diagnostics = open_file(shared, &doc.uri, view);
    shared.status.count_open(&doc.uri, &view.file());
    shared.send(Out::Publish {
        doc: doc.clone(),
        snap: view.snap.clone(),
        diagnostics,
    });
    shared.send(Out::Status);
}
