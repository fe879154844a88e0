//! `boardls check`: every diagnostic of every file, for people or as JSON.

use super::render::{self, Located};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Format, files};
use crate::analysis::codes::NOT_UTF8;
use crate::analysis::{self, SolveCache};
use crate::authoring::suite::{self, SuiteCase};
use crate::config::Config;
use crate::diag::{Diagnostic, Severity};
use crate::span::{LineIndex, Span};
use serde::Serialize;
use std::path::PathBuf;

#[derive(Serialize)]
struct Report<'a> {
    diagnostics: Vec<Located<'a>>,
    summary: Summary,
}

#[derive(Serialize, Default)]
struct Summary {
    files: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
}

pub fn run(paths: &[PathBuf], format: Format, suite: bool, config: &Config) -> u8 {
    let Some(sources) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let cache = SolveCache::new();
    let mut checked_files = Vec::new();
    for (path, source) in &sources {
        let checked = analysis::check(&source.text, config, &cache);
        checked_files.push((path.display().to_string(), source, checked));
    }
    let mut suite_diags = if suite {
        suite_findings(&checked_files)
    } else {
        Vec::new()
    };
    let mut summary = Summary::default();
    let mut all: Vec<(String, &str, Vec<Diagnostic>)> = Vec::new();
    for (i, (file, source, checked)) in checked_files.into_iter().enumerate() {
        let mut diags = checked.diagnostics;
        diags.extend(
            suite_diags
                .iter_mut()
                .filter(|(f, _)| *f == i)
                .map(|(_, d)| d.clone()),
        );
        diags.sort_by_key(|d| (d.span.start, d.span.end));
        if let Some(at) = source.invalid_utf8_at {
            diags.insert(
                0,
                Diagnostic::error(
                    NOT_UTF8,
                    Span::new(at, at),
                    format!("the file is not valid UTF-8 from byte {at} on; it was read with replacement characters"),
                ),
            );
        }
        summary.files += 1;
        for d in &diags {
            match d.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        all.push((file, &source.text, diags));
    }
    match format {
        Format::Human => {
            for (file, text, diags) in &all {
                let index = LineIndex::new(text);
                for d in diags {
                    print!("{}", render::human(file, text, &index, d));
                }
            }
            if summary.errors + summary.warnings + summary.infos > 0 {
                println!(
                    "{} error(s), {} warning(s), {} info(s) in {} file(s)",
                    summary.errors, summary.warnings, summary.infos, summary.files
                );
            }
        }
        Format::Json => {
            let mut located = Vec::new();
            for (file, text, diags) in &all {
                let index = LineIndex::new(text);
                located.extend(diags.iter().map(|d| render::locate(file, text, &index, d)));
            }
            let report = Report {
                diagnostics: located,
                summary,
            };
            match serde_json::to_string_pretty(&report) {
                Ok(json) => println!("{json}"),
                Err(e) => {
                    eprintln!("boardls: {e}");
                    return EXIT_UNUSABLE;
                }
            }
            return exit_for(&report.summary);
        }
    }
    exit_for(&summary)
}

fn suite_findings(
    files: &[(String, &files::SourceText, analysis::Checked)],
) -> Vec<(usize, Diagnostic)> {
    let cases: Vec<SuiteCase<'_>> = files
        .iter()
        .enumerate()
        .flat_map(|(file, (_, _, checked))| {
            checked
                .analysis
                .cases
                .iter()
                .zip(&checked.verdicts)
                .map(move |(case, verdict)| SuiteCase {
                    file,
                    case,
                    verdict: verdict.as_ref(),
                })
        })
        .collect();
    suite::check(&cases)
}

fn exit_for(summary: &Summary) -> u8 {
    if summary.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
