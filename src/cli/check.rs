//! `boardls check`: every diagnostic of every file, for people, as JSON, as GitHub workflow
//! commands or as SARIF; `--fix` and `--diff` apply or show the machine-applicable fixes.

use super::args::{BudgetArgs, CodeArgs, Format, JobsArg, WalkArgs};
use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files, pipeline, suite_anchor};
use boardls::analysis::suite::{self, Ask, CaseFacts};
use boardls::analysis::{self, Checked, SolveCache, Unfinished};
use boardls::config::Config;
use boardls::diag::{Diagnostic, Severity};
use boardls::emit::{self, Located, SarifFile, SarifFix, SarifLog, SarifResults};
use boardls::games::GameId;
use boardls::ide::fixes::{self, Fix, Safety};
use boardls::ide::{CaseState, FileView};
use boardls::span::LineIndex;
use serde::Serialize;
use std::cell::LazyCell;
use std::hash::{Hash, Hasher};
use std::mem;
use std::ops::ControlFlow;
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

/// One file of the run, as the calling thread prepares it (configurations are looked up there).
struct Job {
    path: PathBuf,
    shown: String,
    config: Result<Config, String>,
}

/// What checking one file leaves for the output: its part already rendered, or (in a suite,
/// whose findings need every file) what its report still needs. Never its analysis.
struct Done {
    /// `--diff`: the file's diff, if its fixes change it.
    diff: Option<String>,
    /// `--fix`: the fixes applied.
    fixed: usize,
    outcome: Outcome,
}

enum Outcome {
    Nothing,
    Rendered(Rendered),
    /// Boxed: a file of a suite leaves more than a rendered one.
    Pending(Box<Pending>),
}

/// A file's diagnostics as the output format prints them, and how many of each severity.
struct Rendered {
    counts: Summary,
    part: Part,
}

enum Part {
    Text(String),
    Json(Vec<JsonRecord>),
    Sarif(SarifResults),
}

/// A diagnostic located as the JSON report shows it, the file's text no longer needed.
struct JsonRecord {
    file: String,
    line_col: [usize; 4],
    diagnostic: Diagnostic,
}

/// A file of a suite waiting for the suite's findings.
struct Pending {
    path: PathBuf,
    shown: String,
    config: Config,
    unfinished: Unfinished,
    facts: Vec<CaseFacts>,
    /// The wrong solutions of the zoo its cases kill ([`suite::kills`]).
    kills: Vec<(GameId, Vec<bool>)>,
    /// The fix of each diagnostic so far that has one (SARIF only).
    fixes: Vec<(Diagnostic, SarifFix)>,
    /// Standard input, which cannot be read again; files are read again for their output.
    stdin_text: Option<String>,
    /// The length and hash of the text checked, to tell if the file changed before it is read
    /// again.
    stamp: (usize, u64),
}

/// What the output needs to know that is the same for every file.
struct Shape {
    format: Format,
    coloured: bool,
    suite: bool,
}

/// What `check` prints: the diagnostics' format, and whether the closing lines are left out.
#[derive(Clone, Copy)]
pub(super) struct Shown {
    pub(super) format: Format,
    pub(super) quiet: bool,
}

#[derive(clap::Args)]
#[allow(clippy::struct_excessive_bools)] // one flag per switch of the command line
pub(super) struct CheckArgs {
    /// How to print the diagnostics.
    #[arg(
        long,
        value_enum,
        default_value = "human",
        alias = "format",
        value_name = "FORMAT"
    )]
    output_format: Format,
    /// Also check the files as one test suite: uncovered answers, no maximum-size case,
    /// duplicate boards (default: `suite` in `boardls.toml`).
    #[arg(long)]
    suite: bool,
    /// Apply the safe fixes: a misspelt game or key with one close match, a duplicate key
    /// removed, a missing `expect` written.
    #[arg(long)]
    fix: bool,
    /// With `--fix` or `--diff`, also overwrite a wrong `expect` with the solver's answer.
    #[arg(long)]
    unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing (exit 1 if there are any).
    #[arg(long)]
    diff: bool,
    /// Print the diagnostics and nothing else: no closing summary, no suite coverage.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    pub codes: CodeArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Files, folders searched for `*.board`, or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

pub(super) fn run(args: &CheckArgs, run: &Run<'_>) -> Result<u8, String> {
    // `suite = true` in the project of the first path makes `--suite` the default.
    let ask = if args.suite { Ask::Always } else { Ask::Auto };
    let project_suite = match args.paths.first() {
        Some(first) => run
            .layers
            .project_for(&suite_anchor(run, first))?
            .and_then(|p| p.settings.suite),
        None => None,
    };
    let suite = suite::with_others(ask, project_suite);
    let fixing = Fixing {
        write: args.fix && !args.diff,
        diff: args.diff,
        unsafe_fixes: args.unsafe_fixes,
    };
    let shown = Shown {
        format: args.output_format,
        quiet: args.quiet,
    };
    Ok(check_files(
        run,
        &args.paths,
        shown,
        suite,
        &fixing,
        args.jobs.jobs(),
    ))
}

fn check_files(
    run: &Run<'_>,
    paths: &[PathBuf],
    shown: Shown,
    suite: bool,
    fixing: &Fixing,
    jobs: pipeline::Jobs,
) -> u8 {
    let format = shown.format;
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
    let shape = Shape {
        format,
        coloured: out.coloured(),
        suite,
    };
    let mut failed = false;
    let (mut fixed, mut fixed_files, mut diffs) = (0, 0, 0);
    let mut summary = Summary::default();
    let mut output = Output::default();
    let mut pending: Vec<Pending> = Vec::new();
    pipeline::run_ordered(
        list,
        jobs,
        |path| Job {
            shown: run.shown(&path),
            config: run.config_for(&path),
            path,
        },
        |job| check_file(job, fixing, &shape),
        |done| {
            let done = match done {
                Ok(done) => done,
                Err(e) => {
                    eprintln!("boardls: {e}");
                    failed = true;
                    return ControlFlow::Break(());
                }
            };
            if let Some(diff) = done.diff {
                diffs += 1;
                out.print(&diff);
            }
            if done.fixed > 0 {
                fixed += done.fixed;
                fixed_files += 1;
            }
            match done.outcome {
                Outcome::Nothing => {}
                Outcome::Rendered(rendered) => {
                    summary.add(&rendered.counts);
                    output.add(&mut out, rendered.part);
                }
                Outcome::Pending(p) => pending.push(*p),
            }
            // A reader gone (`| head`) stops the printing, not the checking: the exit status
            // still says whether any file has errors.
            ControlFlow::Continue(())
        },
    );
    if failed {
        return EXIT_UNUSABLE;
    }
    if fixing.diff {
        return if diffs > 0 { EXIT_ERRORS } else { EXIT_OK };
    }
    if fixing.write {
        eprintln!("boardls: fixed {fixed} issue(s) in {fixed_files} file(s)");
    }
    // With `--suite` all the files are one suite (a file's own `// boardls: suite` is then
    // part of it); without it, a marked file was already checked as a suite of its own.
    let coverage = if suite {
        let facts: Vec<Vec<CaseFacts>> = pending
            .iter_mut()
            .map(|p| mem::take(&mut p.facts))
            .collect();
        let kills: Vec<_> = pending
            .iter_mut()
            .map(|p| mem::take(&mut p.kills))
            .collect();
        let findings = suite::findings_with_kills(&facts, &kills);
        let coverage = suite::coverage_of(&facts);
        drop(facts);
        pipeline::run_ordered(
            pending.into_iter().zip(findings),
            jobs,
            |item| item,
            |(file, findings)| finish_file(file, &findings, &shape),
            |rendered| {
                match rendered {
                    Ok(rendered) => {
                        summary.add(&rendered.counts);
                        output.add(&mut out, rendered.part);
                    }
                    Err(e) => {
                        eprintln!("boardls: {e}");
                        failed = true;
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            },
        );
        if failed {
            return EXIT_UNUSABLE;
        }
        Some(coverage)
    } else {
        None
    };
    let code = if summary.errors > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    };
    if out.closed() {
        return code;
    }
    match format {
        Format::Human if shown.quiet => {}
        Format::Human => {
            if summary.errors + summary.warnings + summary.infos > 0 {
                out.print(&format!(
                    "{} error(s), {} warning(s), {} info(s) in {} file(s)\n",
                    summary.errors, summary.warnings, summary.infos, summary.files
                ));
            } else {
                // Silence would read as "did it run?" (ruff says the same).
                out.print(&format!("All checks passed ({} file(s))\n", summary.files));
            }
            // A suite that passes says what it covers.
            if let Some(coverage) = coverage.filter(|_| summary.errors == 0) {
                out.print(&coverage.to_string());
            }
        }
        Format::Github => {}
        Format::Json => {
            let located: Vec<Located<'_>> = output
                .json
                .iter()
                .map(|r| Located {
                    file: r.file.clone(),
                    line: r.line_col[0],
                    column: r.line_col[1],
                    end_line: r.line_col[2],
                    end_column: r.line_col[3],
                    diagnostic: &r.diagnostic,
                })
                .collect();
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
        Format::Sarif => match serde_json::to_string_pretty(&output.sarif.finish()) {
            Ok(json) => out.print(&format!("{json}\n")),
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        },
    }
    code
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.files += other.files;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.infos += other.infos;
    }

    fn of(diags: &[Diagnostic]) -> Summary {
        let mut summary = Summary {
            files: 1,
            ..Summary::default()
        };
        for d in diags {
            match d.severity {
                Severity::Error => summary.errors += 1,
                Severity::Warning => summary.warnings += 1,
                Severity::Info => summary.infos += 1,
            }
        }
        summary
    }
}

/// What the output keeps until the end: the text forms are printed as they come, the JSON and
/// SARIF documents collect small records.
#[derive(Default)]
struct Output {
    json: Vec<JsonRecord>,
    sarif: SarifLog,
}

impl Output {
    fn add(&mut self, out: &mut Printer, part: Part) {
        match part {
            Part::Text(text) => out.print(&text),
            Part::Json(records) => self.json.extend(records),
            Part::Sarif(results) => self.sarif.add(results),
        }
    }
}

/// Reads, fixes and checks one file (on any thread), and renders its diagnostics or, in a
/// suite, keeps what its report still needs.
fn check_file(job: Job, fixing: &Fixing, shape: &Shape) -> Result<Done, String> {
    let config = job.config?;
    let source = files::read(&job.path)?;
    let cache = SolveCache::new();
    let mut text = source.text.clone();
    let mut done = Done {
        diff: None,
        fixed: 0,
        outcome: Outcome::Nothing,
    };
    if (fixing.write || fixing.diff) && source.invalid_utf8_at.is_none() {
        let safety = if fixing.unsafe_fixes {
            Safety::AlsoUnsafe
        } else {
            Safety::Safe
        };
        let fixes::Fixed { text: new, count } = fixes::fix_file(&text, safety, |t| {
            analysis::check_in_parallel(t, &config, &cache)
        });
        if new != text {
            if fixing.diff {
                done.diff = Some(unified_diff(&job.shown, &text, &new));
            } else {
                files::write_atomic(&job.path, new.as_bytes())
                    .map_err(|e| format!("{}: {e}", job.shown))?;
                done.fixed = count;
                text = new;
            }
        }
    }
    if fixing.diff {
        return Ok(done);
    }
    let checked = analysis::check_in_parallel(&text, &config, &cache);
    let reading = source.reading_findings();
    drop(source);
    if shape.suite {
        let unfinished = checked.unfinished(reading);
        let fixes = if shape.format == Format::Sarif {
            let so_far = unfinished.so_far(&config);
            let found = sarif_fixes(&text, &checked, &so_far);
            so_far
                .into_iter()
                .zip(found)
                .filter_map(|(d, fix)| fix.map(|f| (d, f)))
                .collect()
        } else {
            Vec::new()
        };
        let facts = suite::facts(&checked.analysis, &checked.verdict_refs());
        let kills = suite::kills(&checked.analysis, &checked.verdict_refs());
        let stamp = stamp(&text);
        done.outcome = Outcome::Pending(Box::new(Pending {
            stdin_text: files::is_stdin(&job.path).then_some(text),
            path: job.path,
            shown: job.shown,
            config,
            unfinished,
            facts,
            kills,
            fixes,
            stamp,
        }));
        return Ok(done);
    }
    let diags = checked.report_with(reading, None, &config);
    let fixes = if shape.format == Format::Sarif {
        sarif_fixes(&text, &checked, &diags)
    } else {
        Vec::new()
    };
    drop(checked);
    done.outcome = Outcome::Rendered(render(&job.shown, &text, diags, &fixes, shape));
    Ok(done)
}

/// A file of a suite, its report finished with the suite's findings in it and rendered.
fn finish_file(file: Pending, suite: &[Diagnostic], shape: &Shape) -> Result<Rendered, String> {
    let text = match file.stdin_text {
        Some(text) => text,
        None => files::read(&file.path)?.text,
    };
    if stamp(&text) != file.stamp {
        return Err(format!(
            "{}: the file changed while it was checked",
            file.shown
        ));
    }
    let diags = file.unfinished.finish(suite, &file.config);
    let fixes: Vec<Option<SarifFix>> = diags
        .iter()
        .map(|d| {
            file.fixes
                .iter()
                .find(|(with, _)| with == d)
                .map(|(_, fix)| SarifFix {
                    description: fix.description.clone(),
                    edits: fix.edits.clone(),
                })
        })
        .collect();
    Ok(render(&file.shown, &text, diags, &fixes, shape))
}

fn stamp(text: &str) -> (usize, u64) {
    let mut hasher = rustc_hash::FxHasher::default();
    text.hash(&mut hasher);
    (text.len(), hasher.finish())
}

/// One file's diagnostics in the output format; `fixes` are SARIF's, one per diagnostic.
fn render(
    shown: &str,
    text: &str,
    diags: Vec<Diagnostic>,
    fixes: &[Option<SarifFix>],
    shape: &Shape,
) -> Rendered {
    let counts = Summary::of(&diags);
    // Built on the first diagnostic shown: a clean file has no line to find.
    let index = LazyCell::new(|| LineIndex::new(text));
    let part = match shape.format {
        Format::Human => Part::Text(
            diags
                .iter()
                .map(|d| {
                    if shape.coloured {
                        emit::human_coloured(shown, text, &index, d)
                    } else {
                        emit::human(shown, text, &index, d)
                    }
                })
                .collect(),
        ),
        Format::Github => Part::Text(
            diags
                .iter()
                .map(|d| emit::github(shown, text, &index, d))
                .collect(),
        ),
        Format::Json => Part::Json(
            diags
                .into_iter()
                .map(|d| {
                    let l = emit::locate(shown, text, &index, &d);
                    let line_col = [l.line, l.column, l.end_line, l.end_column];
                    JsonRecord {
                        file: l.file,
                        line_col,
                        diagnostic: d,
                    }
                })
                .collect(),
        ),
        Format::Sarif => Part::Sarif(emit::sarif_results(&SarifFile {
            path: shown,
            text,
            diagnostics: &diags,
            fixes,
        })),
    };
    Rendered { counts, part }
}

/// Each diagnostic's fix, safe or not, for SARIF (which marks none as applied).
fn sarif_fixes(text: &str, checked: &Checked, diags: &[Diagnostic]) -> Vec<Option<SarifFix>> {
    let index = LineIndex::new(text);
    let states = CaseState::of_checked(checked);
    let view = FileView {
        text,
        index: &index,
        analysis: &checked.analysis,
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
