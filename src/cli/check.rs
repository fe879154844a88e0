//! `boardls check`: every diagnostic of every file, for people or as JSON.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Format, files};
use boardls::analysis::{self, SolveCache, Verdict};
use boardls::config::Config;
use boardls::diag::{Diagnostic, Severity};
use boardls::emit::{self, Located};
use boardls::span::LineIndex;
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

pub(super) fn run(paths: &[PathBuf], format: Format, suite: bool, config: &Config) -> u8 {
    let Some(sources) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let cache = SolveCache::new();
    let checked: Vec<analysis::Checked> = sources
        .iter()
        .map(|(_, source)| analysis::check(&source.text, config, &cache))
        .collect();
    // With `--suite` all the files are one suite (a file's own `// boardls: suite` is then
    // part of it); without it, a marked file was already checked as a suite of its own.
    let (suite_findings, coverage) = if suite {
        let verdicts: Vec<Vec<Option<&Verdict>>> = checked
            .iter()
            .map(analysis::Checked::verdict_refs)
            .collect();
        let files: Vec<_> = checked
            .iter()
            .zip(&verdicts)
            .map(|(c, v)| (&c.analysis, v.as_slice()))
            .collect();
        (
            Some(analysis::suite::findings(&files)),
            Some(analysis::suite::coverage(&files)),
        )
    } else {
        (None, None)
    };
    let mut summary = Summary::default();
    let mut all: Vec<(String, &str, Vec<Diagnostic>)> = Vec::new();
    for (i, ((path, source), checked)) in sources.iter().zip(&checked).enumerate() {
        let suite = suite_findings.as_ref().map(|f| f[i].as_slice());
        let diags = checked.report_with(source.reading_findings(), suite, config);
        summary.files += 1;
        for d in &diags {
            match d.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        all.push((path.display().to_string(), &source.text, diags));
    }
    match format {
        Format::Human => {
            for (file, text, diags) in &all {
                let index = LineIndex::new(text);
                for d in diags {
                    print!("{}", emit::human(file, text, &index, d));
                }
            }
            if summary.errors + summary.warnings + summary.infos > 0 {
                println!(
                    "{} error(s), {} warning(s), {} info(s) in {} file(s)",
                    summary.errors, summary.warnings, summary.infos, summary.files
                );
            }
            // A suite that passes says what it covers.
            if let Some(coverage) = coverage.filter(|_| summary.errors == 0) {
                print!("{coverage}");
            }
        }
        Format::Json => {
            let mut located = Vec::new();
            for (file, text, diags) in &all {
                let index = LineIndex::new(text);
                located.extend(diags.iter().map(|d| emit::locate(file, text, &index, d)));
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

fn exit_for(summary: &Summary) -> u8 {
    if summary.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
