//! `boardls solve`: every case's answer and verdict, in words or as JSON.

use super::args::{BudgetArgs, Format, JobsArg, WalkArgs};
use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files, pipeline};
use boardls::analysis::{self, CaseAnalysis, SolveCache, Verdict};
use boardls::diag::{Diagnostic, Severity};
use boardls::span::LineCounter;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// The version of the JSON output's layout: raised when a field changes meaning or goes.
const JSON_VERSION: u32 = 1;

#[derive(Serialize)]
struct Report {
    version: u32,
    cases: Vec<CaseReport<'static>>,
}

/// A case's line of the report, borrowing its words from the analysis where it can: a file
/// of a thousand cases copies no names, answers or verdicts to print them.
#[derive(Serialize)]
struct CaseReport<'a> {
    file: Cow<'a, str>,
    line: usize,
    game: Option<&'static str>,
    name: Option<Cow<'a, str>>,
    answer: Option<Cow<'a, str>>,
    expect: Option<Cow<'a, str>>,
    /// `ok`, `mismatch`, `unchecked` (no `expect`), `invalid` (errors stop solving), `unsolved`.
    status: &'static str,
    #[serde(skip)]
    verdict: Cow<'a, str>,
}

impl CaseReport<'_> {
    fn into_owned(self) -> CaseReport<'static> {
        let owned = |words: Cow<'_, str>| Cow::Owned(words.into_owned());
        CaseReport {
            file: owned(self.file),
            line: self.line,
            game: self.game,
            name: self.name.map(owned),
            answer: self.answer.map(owned),
            expect: self.expect.map(owned),
            status: self.status,
            verdict: owned(self.verdict),
        }
    }
}

/// A case as the printing side takes it: the human line is made where the case was analysed,
/// the other formats keep the report for the end.
enum Reported {
    Line { status: &'static str, text: String },
    Case(CaseReport<'static>),
}

impl Reported {
    fn status(&self) -> &'static str {
        match self {
            Reported::Line { status, .. } => status,
            Reported::Case(case) => case.status,
        }
    }
}

#[derive(clap::Args, Debug)]
pub(super) struct SolveArgs {
    /// How to print the answers (`--json` is `--output-format json`).
    #[arg(long, value_enum, default_value = "human", value_name = "FORMAT")]
    output_format: Format,
    /// The same as `--output-format json`.
    #[arg(long, conflicts_with = "output_format")]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Files, folders searched for `*.board`, or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

impl SolveArgs {
    /// `solve PATH…` with every option at its default, as clap reads it.
    pub(super) fn of_paths(paths: Vec<PathBuf>) -> SolveArgs {
        SolveArgs {
            output_format: Format::Human,
            json: false,
            jobs: JobsArg::default(),
            walk: WalkArgs::default(),
            budget: BudgetArgs::default(),
            paths,
        }
    }
}

pub(super) fn run(args: &SolveArgs, run: &Run<'_>) -> u8 {
    let format = if args.json {
        Format::Json
    } else {
        args.output_format
    };
    solve_files(run, &args.paths, format, args.jobs.jobs())
}

fn solve_files(run: &Run<'_>, paths: &[PathBuf], format: Format, jobs: pipeline::Jobs) -> u8 {
    let list = match files::collect(paths, &run.walk) {
        Ok(list) => list,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    if format == Format::Sarif {
        eprintln!(
            "boardls: solve prints answers, not findings: `boardls check --output-format \
             sarif` reports wrong and missing answers as SARIF"
        );
        return EXIT_UNUSABLE;
    }
    let mut out = Printer::stdout();
    let mut cases = Vec::new();
    let mut failed_read = false;
    let mut failed = false;
    let mut tally = Tally::default();
    pipeline::run_ordered(
        list,
        jobs,
        |path| (run.shown(&path), run.config_for(&path), path),
        |(shown, config, path)| -> Result<Vec<Reported>, String> {
            let config = config?;
            let source = files::read(&path)?;
            let checked = analysis::check_in_parallel(&source.text, &config, &SolveCache::new());
            let mut lines = LineCounter::new(&source.text);
            Ok(checked
                .analysis
                .cases
                .iter()
                .zip(&checked.verdicts)
                .map(|(case, verdict)| {
                    let first_error = checked
                        .diagnostics
                        .iter()
                        .find(|d| d.severity == Severity::Error && case.owns(d.span.start));
                    let report = report(&shown, &mut lines, case, verdict.as_deref(), first_error);
                    match format {
                        Format::Human => Reported::Line {
                            status: report.status,
                            text: human(&report),
                        },
                        _ => Reported::Case(report.into_owned()),
                    }
                })
                .collect())
        },
        |reports| {
            let reports = match reports {
                Ok(reports) => reports,
                Err(e) => {
                    eprintln!("boardls: {e}");
                    failed_read = true;
                    return ControlFlow::Break(());
                }
            };
            for case in reports {
                let status = case.status();
                failed |= matches!(status, "mismatch" | "invalid" | "unsolved");
                tally.add(status);
                match case {
                    // People see each answer as soon as it is known.
                    Reported::Line { text, .. } => out.print(&text),
                    Reported::Case(case) => cases.push(case),
                }
            }
            if out.closed() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    if failed_read {
        return EXIT_UNUSABLE;
    }
    if out.closed() {
        return EXIT_OK;
    }
    match format {
        Format::Human => out.print(&tally.line()),
        // SARIF was refused before anything was read.
        Format::Sarif => {}
        Format::Json => match serde_json::to_string_pretty(&Report {
            version: JSON_VERSION,
            cases,
        }) {
            Ok(text) => out.print(&format!("{text}\n")),
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        },
        Format::Github => {
            for c in &cases {
                out.print(&github(c));
            }
        }
    }
    if failed { EXIT_ERRORS } else { EXIT_OK }
}

/// How many cases ended in each status, for the closing line of the human output.
#[derive(Default)]
struct Tally {
    cases: usize,
    /// Counts in the order the closing line names them: ok, mismatch, unchecked, invalid,
    /// unsolved.
    counts: [usize; 5],
}

const STATUSES: [&str; 5] = ["ok", "mismatch", "unchecked", "invalid", "unsolved"];

impl Tally {
    fn add(&mut self, status: &str) {
        self.cases += 1;
        if let Some(i) = STATUSES.iter().position(|s| *s == status) {
            self.counts[i] += 1;
        }
    }

    /// "5 case(s): 3 ok, 1 mismatch, 1 invalid" (statuses no case has are left out).
    fn line(&self) -> String {
        let parts: Vec<String> = STATUSES
            .iter()
            .zip(self.counts)
            .filter(|(_, n)| *n > 0)
            .map(|(status, n)| format!("{n} {status}"))
            .collect();
        if parts.is_empty() {
            format!("{} case(s)\n", self.cases)
        } else {
            format!("{} case(s): {}\n", self.cases, parts.join(", "))
        }
    }
}

/// The case as people name it: its game and quoted name.
fn push_title(out: &mut String, c: &CaseReport) {
    out.push_str(c.game.unwrap_or("?"));
    if let Some(name) = &c.name {
        out.push_str(" \"");
        out.push_str(name);
        out.push('"');
    }
}

fn title(c: &CaseReport) -> String {
    let mut title = String::new();
    push_title(&mut title, c);
    title
}

/// One line per case, built by pushes: thousands of cases print in a few milliseconds.
fn human(c: &CaseReport) -> String {
    let mut line = String::with_capacity(c.file.len() + c.verdict.len() + 64);
    line.push_str(&c.file);
    // Writing into a `String` cannot fail.
    let _ = write!(line, ":{}: ", c.line);
    push_title(&mut line, c);
    line.push_str(": ");
    match (&c.answer, c.verdict.is_empty()) {
        (Some(answer), true) => line.push_str(answer),
        (Some(answer), false) => {
            line.push_str(answer);
            line.push_str(" — ");
            line.push_str(&c.verdict);
        }
        // No answer: the verdict says why (an error, or the budget).
        (None, false) => line.push_str(&c.verdict),
        (None, true) => line.push('-'),
    }
    match (c.status, &c.expect) {
        ("mismatch", Some(e)) => {
            line.push_str(" [mismatch: expect says ");
            line.push_str(e);
            line.push(']');
        }
        (status, _) => {
            line.push_str(" [");
            line.push_str(status);
            line.push(']');
        }
    }
    line.push('\n');
    line
}

/// A workflow command per case: a notice with the answer, an error for a case not `ok`.
fn github(c: &CaseReport) -> String {
    let command = match c.status {
        "ok" | "unchecked" => "notice",
        _ => "error",
    };
    let answer = c.answer.as_deref().unwrap_or("-");
    let mut message = format!("{}: {answer} [{}]", title(c), c.status);
    if let ("mismatch", Some(e)) = (c.status, &c.expect) {
        message.push_str(&format!(" (expect says {e})"));
    }
    if !c.verdict.is_empty() {
        message.push_str(&format!(" — {}", c.verdict));
    }
    let escape = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    format!(
        "::{command} file={},line={},title=boardls solve::{}\n",
        escape(&c.file).replace(':', "%3A").replace(',', "%2C"),
        c.line,
        escape(&message)
    )
}

fn report<'a>(
    file: &'a str,
    lines: &mut LineCounter<'_>,
    case: &'a CaseAnalysis,
    verdict: Option<&'a Verdict>,
    first_error: Option<&Diagnostic>,
) -> CaseReport<'a> {
    let expect = case
        .expect
        .as_ref()
        .map(|e| e.canonical.as_deref().unwrap_or(&e.raw));
    let malformed_expect = case.expect.as_ref().is_some_and(|e| e.canonical.is_none());
    let (answer, verdict_words, status) = match verdict {
        Some(Verdict::Solved { solution, .. }) => {
            let status = match &expect {
                None => "unchecked",
                Some(_) if malformed_expect => "invalid",
                Some(e) if *e == solution.answer => "ok",
                Some(_) => "mismatch",
            };
            (
                Some(Cow::Borrowed(&*solution.answer)),
                Cow::Borrowed(&*solution.verdict),
                status,
            )
        }
        Some(Verdict::Unsolved(why)) => (None, Cow::Owned(why.to_string()), "unsolved"),
        Some(Verdict::Failed(why)) => (
            None,
            Cow::Owned(format!("solver failed: {why}")),
            "unsolved",
        ),
        // Not solved: what stops it, in the words `check` uses.
        None => (
            None,
            first_error.map_or(Cow::Borrowed(""), |d| {
                Cow::Owned(format!("not solved: error[{}]: {}", d.code, d.message))
            }),
            "invalid",
        ),
    };
    CaseReport {
        file: Cow::Borrowed(file),
        line: lines.line_of(case.header.start) + 1,
        game: case.game.map(boardls::games::GameId::as_str),
        name: case.name.as_ref().map(|n| Cow::Borrowed(n.value.as_str())),
        answer,
        expect: expect.map(Cow::Borrowed),
        status,
        verdict: verdict_words,
    }
}
