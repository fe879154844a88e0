//! `boardls strength PATH…|DIR|PLAN` and `boardls strengthen … --out FILE.board`: the suite's
//! judge test files built exactly as `export` and `build` write them (into a temporary folder),
//! or an existing test folder read as it is, every mutant of the game's zoo run on every file
//! (`authoring::strength`); the kill matrix, the score and the survivors; then killers for the
//! survivors (`authoring::strengthen`) written as `.board` cases.

use super::args::{BudgetArgs, JobsArg, WalkArgs};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, build, export, pipeline};
use boardls::authoring::files::write_atomic;
use boardls::authoring::strength::{Report, TestFile, measure, measure_folder, read_folder};
use boardls::authoring::strengthen::{StrengthenOptions, killers_text, strengthen};
use boardls::games::GameId;
use boardls::games::mutant::Mutant;
use std::path::PathBuf;

/// The test folder of the suite `paths` names: a test folder (with `tests.json`) as it is, or
/// a plan built as `build` builds it, or `.board` files and folders exported as `export` does,
/// into a temporary folder (returned with it, removed when dropped).
fn suite_folder(
    run: &Run<'_>,
    paths: &[PathBuf],
    jobs: pipeline::Jobs,
) -> Result<(PathBuf, Option<tempfile::TempDir>), u8> {
    let [first, ..] = paths else {
        return Err(unusable(
            "give the suite: .board files or folders, a test folder or a plan",
        ));
    };
    if paths.len() == 1 && first.join("tests.json").is_file() {
        return Ok((first.clone(), None));
    }
    let scratch = tempfile::Builder::new()
        .prefix("boardls-strength-")
        .tempdir()
        .map_err(|e| unusable(format!("a temporary folder: {e}")))?;
    let out = scratch.path().join("tests");
    let config = run.config_for(first).map_err(unusable)?;
    let is_plan =
        paths.len() == 1 && first.is_file() && first.extension().is_none_or(|ext| ext != "board");
    if is_plan {
        let sources = build::sources(first, &config, &run.walk)?;
        export::write_sources_quietly(&sources, &out, &config)?;
    } else {
        export::write_paths_quietly(paths, &out, &config, &run.walk, jobs)?;
    }
    Ok((out, Some(scratch)))
}

fn unusable(e: impl std::fmt::Display) -> u8 {
    eprintln!("boardls: {e}");
    EXIT_UNUSABLE
}

/// The tests of the suite `paths` names ([`suite_folder`]), every file read.
fn suite(
    run: &Run<'_>,
    paths: &[PathBuf],
    jobs: pipeline::Jobs,
) -> Result<(GameId, Vec<TestFile>), u8> {
    let (folder, _scratch) = suite_folder(run, paths, jobs)?;
    read_folder(&folder).map_err(unusable)
}

#[derive(clap::Args)]
pub(super) struct StrengthArgs {
    /// `.board` files and folders, a test folder, or a plan.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// `{"version": 1, "game", "score", "tests", "mutants": [{"name", "explanation",
    /// "killed_by"}]}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run_strength(args: &StrengthArgs, run: &Run<'_>) -> u8 {
    // One test file read at a time: a suite of any size fits in memory.
    let report = match suite_folder(run, &args.paths, args.jobs.jobs())
        .and_then(|(folder, _scratch)| measure_folder(&folder).map_err(unusable))
    {
        Ok(report) => report,
        Err(code) => return code,
    };
    let shown = if args.json {
        json_report(&report)
    } else {
        human_report(&report)
    };
    super::output::print(&shown);
    if report.survivors().next().is_some() {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// The kill matrix in columns of mutant numbers, the score and each survivor.
fn human_report(report: &Report) -> String {
    let mut out = format!(
        "{}: {} mutant(s), {} test(s)\n",
        report.game,
        report.mutants.len(),
        report.tests.len()
    );
    for (i, m) in report.mutants.iter().enumerate() {
        out.push_str(&format!("  {:>2}  {}\n", i + 1, m.name));
    }
    let width = report
        .tests
        .iter()
        .map(String::len)
        .chain(["killed".len()])
        .max()
        .unwrap_or(0);
    out.push_str(&format!("{:width$}", "test"));
    for i in 0..report.mutants.len() {
        out.push_str(&format!(" {:>2}", i + 1));
    }
    out.push('\n');
    for test in &report.tests {
        out.push_str(&format!("{test:width$}"));
        for m in &report.mutants {
            let mark = if report.kills(test, m.name) { "x" } else { "." };
            out.push_str(&format!(" {mark:>2}"));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:width$}", "killed"));
    for m in &report.mutants {
        out.push_str(&format!(" {:>2}", m.killed_by.len()));
    }
    out.push('\n');
    out.push_str(&format!(
        "mutation score: {}/{} ({:.0}%)\n",
        report.killed(),
        report.mutants.len(),
        report.score() * 100.0
    ));
    for m in report.survivors() {
        out.push_str(&format!(
            "survivor: {}: {} (no test kills it)\n",
            m.name, m.explanation
        ));
    }
    out
}

fn json_report(report: &Report) -> String {
    let mutants: Vec<serde_json::Value> = report
        .mutants
        .iter()
        .map(|m| {
            serde_json::json!({
                "name": m.name,
                "explanation": m.explanation,
                "killed_by": m.killed_by,
            })
        })
        .collect();
    let value = serde_json::json!({
        "version": 1,
        "game": report.game.as_str(),
        "score": report.score(),
        "tests": report.tests,
        "mutants": mutants,
    });
    format!("{value}\n")
}

#[derive(clap::Args)]
pub(super) struct StrengthenArgs {
    /// `.board` files and folders, a test folder, or a plan.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The `.board` file the killers are written to.
    #[arg(long, value_name = "FILE.board")]
    out: PathBuf,
    /// The seed of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidate inputs tried per surviving mutant.
    #[arg(long, default_value_t = 2000)]
    rounds: usize,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run_strengthen(args: &StrengthenArgs, run: &Run<'_>) -> u8 {
    let (game, tests) = match suite(run, &args.paths, args.jobs.jobs()) {
        Ok(suite) => suite,
        Err(code) => return code,
    };
    let config = match run.config_for(&args.paths[0]) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let report = measure(game, &tests);
    let survivors: Vec<&'static Mutant> = report
        .survivors()
        .filter_map(|m| game.mutant(m.name))
        .collect();
    let boards: Vec<_> = tests
        .iter()
        .flat_map(|t| t.boards.iter().cloned())
        .collect();
    let options = StrengthenOptions {
        seed: args.seed,
        rounds: args.rounds,
        ..StrengthenOptions::default()
    };
    let found = strengthen(game, &survivors, &boards, &options, &config);
    let paths = args
        .paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>();
    let command = shlex::try_join(
        ["boardls", "strengthen"]
            .into_iter()
            .chain(paths.iter().map(String::as_str))
            .chain([
                "--seed",
                &args.seed.to_string(),
                "--rounds",
                &args.rounds.to_string(),
            ]),
    )
    .unwrap_or_default();
    let text = killers_text(game, &found, &command);
    if let Err(e) = write_atomic(&args.out, text.as_bytes()) {
        eprintln!("boardls: {}: {e}", args.out.display());
        return EXIT_UNUSABLE;
    }
    let mut shown = format!(
        "{game}: {} of {} mutant(s) survive the suite\n",
        survivors.len(),
        report.mutants.len()
    );
    for killer in &found.killers {
        let also = if killer.also_kills.is_empty() {
            String::new()
        } else {
            format!(" (also {})", killer.also_kills.join(", "))
        };
        shown.push_str(&format!(
            "killed {}{also}: {} test(s) in one input, found in round {}\n",
            killer.mutant.name,
            killer.boards.len(),
            killer.round + 1
        ));
    }
    for mutant in &found.unkilled {
        shown.push_str(&format!(
            "not killed in {} rounds: {}: {}\n",
            args.rounds, mutant.name, mutant.explanation
        ));
    }
    shown.push_str(&format!(
        "wrote {} case(s) to {}\n",
        found.killers.iter().map(|k| k.boards.len()).sum::<usize>(),
        args.out.display()
    ));
    super::output::print(&shown);
    if found.unkilled.is_empty() {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}
