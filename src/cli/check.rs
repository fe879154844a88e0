//! `boardls check`: every diagnostic of every file, for people, as JSON, as GitHub workflow
//! commands or as SARIF; `--fix` and `--diff` apply or show the machine-applicable fixes.

use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Format, Run, files};
use boardls::analysis::{self, Checked, SolveCache, Verdict};
use boardls::config::Config;
use boardls::diag::{Diagnostic, Severity};
use boardls::emit::{self, Located, SarifFile, SarifFix};
use boardls::ide::fixes::{self, Fix};
use boardls::ide::{CaseState, FileView};
use boardls::span::LineIndex;
use serde::Serialize;
use std::path::PathBuf;

/// The version of the JSON output's layout: raised when a field changes meaning or goes.
const JSON_VERSION: u32 = 1;

#[derive(Serialize)]
struct Report<'a> {
    version: u32,
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

/// What `--fix`, `--unsafe-fixes` and `--diff` ask for.
pub(super) struct Fixing {
    /// Write the fixed files.
    pub write: bool,
    /// Print the fixes as a unified diff (and write nothing).
    pub diff: bool,
    pub unsafe_fixes: bool,
}

/// A file read and checked.
struct Checked1 {
    shown: String,
    text: String,
    reading: Vec<Diagnostic>,
    config: Config,
    checked: Checked,
}

pub(super) fn run(
    run: &Run<'_>,
    paths: &[PathBuf],
    format: Format,
    suite: bool,
    fixing: &Fixing,
) -> u8 {
    let list = match files::collect(paths, &run.walk) {
        Ok(list) => list,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    if fixing.write && list.iter().any(|p| files::is_stdin(p)) {
        eprintln!("boardls: --fix cannot write back to standard input; `--diff` shows the fixes");
        return EXIT_UNUSABLE;
    }
    let mut out = Printer::stdout();
    let cache = SolveCache::new();
    let mut done = Vec::new();
    let (mut fixed, mut fixed_files, mut diffs) = (0, 0, 0);
    for path in list {
        let shown = run.shown(&path);
        let (source, config) =
            match files::read(&path).and_then(|s| Ok((s, run.config_for(&path)?))) {
                Ok(read) => read,
                Err(e) => {
                    eprintln!("boardls: {e}");
                    return EXIT_UNUSABLE;
                }
            };
        let mut text = source.text.clone();
        if (fixing.write || fixing.diff) && source.invalid_utf8_at.is_none() {
            let (new, count) = fix_text(&text, &config, &cache, fixing.unsafe_fixes);
            if new != text {
                if fixing.diff {
                    diffs += 1;
                    out.print(&unified_diff(&shown, &text, &new));
                } else {
                    if let Err(e) = files::write_atomic(&path, new.as_bytes()) {
                        eprintln!("boardls: {shown}: {e}");
                        return EXIT_UNUSABLE;
                    }
                    fixed += count;
                    fixed_files += 1;
                    text = new;
                }
            }
        }
        if fixing.diff {
            continue;
        }
        let checked = analysis::check(&text, &config, &cache);
        done.push(Checked1 {
            shown,
            text,
            reading: source.reading_findings(),
            config,
            checked,
        });
    }
    if fixing.diff {
        return if diffs > 0 { EXIT_ERRORS } else { EXIT_OK };
    }
    if fixing.write {
        eprintln!("boardls: fixed {fixed} issue(s) in {fixed_files} file(s)");
    }
    // With `--suite` all the files are one suite (a file's own `// boardls: suite` is then
    // part of it); without it, a marked file was already checked as a suite of its own.
    let (suite_findings, coverage) = if suite {
        let verdicts: Vec<Vec<Option<&Verdict>>> =
            done.iter().map(|c| c.checked.verdict_refs()).collect();
        let files: Vec<_> = done
            .iter()
            .zip(&verdicts)
            .map(|(c, v)| (&c.checked.analysis, v.as_slice()))
            .collect();
        (
            Some(analysis::suite::findings(&files)),
            Some(analysis::suite::coverage(&files)),
        )
    } else {
        (None, None)
    };
    let mut summary = Summary::default();
    let mut all: Vec<(&Checked1, Vec<Diagnostic>)> = Vec::new();
    for (i, file) in done.iter().enumerate() {
        let suite = suite_findings.as_ref().map(|f| f[i].as_slice());
        let diags = file
            .checked
            .report_with(file.reading.clone(), suite, &file.config);
        summary.files += 1;
        for d in &diags {
            match d.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        all.push((file, diags));
    }
    let code = if summary.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    };
    match format {
        Format::Human => {
            let coloured = out.coloured();
            for (file, diags) in &all {
                let index = LineIndex::new(&file.text);
                for d in diags {
                    let shown = if coloured {
                        emit::human_coloured(&file.shown, &file.text, &index, d)
                    } else {
                        emit::human(&file.shown, &file.text, &index, d)
                    };
                    out.print(&shown);
                }
                if out.closed() {
                    return code;
                }
            }
            if summary.errors + summary.warnings + summary.infos > 0 {
                out.print(&format!(
                    "{} error(s), {} warning(s), {} info(s) in {} file(s)\n",
                    summary.errors, summary.warnings, summary.infos, summary.files
                ));
            }
            // A suite that passes says what it covers.
            if let Some(coverage) = coverage.filter(|_| summary.errors == 0) {
                out.print(&coverage.to_string());
            }
        }
        Format::Github => {
            for (file, diags) in &all {
                let index = LineIndex::new(&file.text);
                for d in diags {
                    out.print(&emit::github(&file.shown, &file.text, &index, d));
                }
            }
        }
        Format::Json => {
            let mut located = Vec::new();
            for (file, diags) in &all {
                let index = LineIndex::new(&file.text);
                located.extend(
                    diags
                        .iter()
                        .map(|d| emit::locate(&file.shown, &file.text, &index, d)),
                );
            }
            let report = Report {
                version: JSON_VERSION,
                diagnostics: located,
                summary,
            };
            match serde_json::to_string_pretty(&report) {
                Ok(json) => out.print(&format!("{json}\n")),
                Err(e) => {
                    eprintln!("boardls: {e}");
                    return EXIT_UNUSABLE;
                }
            }
        }
        Format::Sarif => {
            let fixes: Vec<Vec<Option<SarifFix>>> = all
                .iter()
                .map(|(file, diags)| sarif_fixes(file, diags))
                .collect();
            let files: Vec<SarifFile<'_>> = all
                .iter()
                .zip(&fixes)
                .map(|((file, diags), fixes)| SarifFile {
                    path: &file.shown,
                    text: &file.text,
                    diagnostics: diags,
                    fixes,
                })
                .collect();
            match serde_json::to_string_pretty(&emit::sarif(&files)) {
                Ok(json) => out.print(&format!("{json}\n")),
                Err(e) => {
                    eprintln!("boardls: {e}");
                    return EXIT_UNUSABLE;
                }
            }
        }
    }
    code
}

fn states_of(checked: &Checked) -> Vec<CaseState> {
    checked
        .verdicts
        .iter()
        .map(|v| v.clone().map_or(CaseState::Invalid, CaseState::Done))
        .collect()
}

/// The fixes of `text`, applied until none is left (a corrected game name lets its case be
/// solved, and then its `expect` written); also how many were applied.
fn fix_text(
    text: &str,
    config: &Config,
    cache: &SolveCache,
    unsafe_fixes: bool,
) -> (String, usize) {
    // Each round fixes at least one thing; a few rounds reach what one fix uncovers.
    const ROUNDS: usize = 8;
    let mut text = text.to_string();
    let mut count = 0;
    for _ in 0..ROUNDS {
        let checked = analysis::check(&text, config, cache);
        let index = LineIndex::new(&text);
        let states = states_of(&checked);
        let view = FileView {
            text: &text,
            index: &index,
            analysis: &checked.analysis,
            states: &states,
        };
        let mut found = fixes::safe_fixes(&view, &checked.diagnostics);
        if unsafe_fixes {
            found.extend(fixes::unsafe_fixes(&view, &checked.diagnostics));
        }
        let (next, taken) = fixes::apply_fixes(&text, &found);
        if taken.is_empty() || next == text {
            break;
        }
        count += taken.len();
        text = next;
    }
    (text, count)
}

/// Each diagnostic's fix, safe or not, for SARIF (which marks none as applied).
fn sarif_fixes(file: &Checked1, diags: &[Diagnostic]) -> Vec<Option<SarifFix>> {
    let index = LineIndex::new(&file.text);
    let states = states_of(&file.checked);
    let view = FileView {
        text: &file.text,
        index: &index,
        analysis: &file.checked.analysis,
        states: &states,
    };
    let mut found: Vec<Fix> = fixes::safe_fixes(&view, diags);
    found.extend(fixes::unsafe_fixes(&view, diags));
    diags
        .iter()
        .map(|d| {
            found
                .iter()
                .find(|f| f.diagnostic.as_ref() == Some(d))
                .map(|f| SarifFix {
                    description: f.title.clone(),
                    edits: f.edits.iter().map(|e| (e.span, e.text.clone())).collect(),
                })
        })
        .collect()
}

fn unified_diff(shown: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{shown}"), &format!("b/{shown}"))
        .to_string()
}
