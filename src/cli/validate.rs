//! `boardls validate`: judge input against the original format, limits and guarantees, from
//! files or stdin, or a whole exported test folder (`--tests DIR`: every input validated, every
//! answer judged again).

use super::args::{BudgetArgs, Game, JobsArg};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files, output, pipeline};
use boardls::analysis;
use boardls::authoring::validate::validate as validate_input;
use boardls::config::Config;
use boardls::games::GameId;
use serde::Deserialize;
use std::fs;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(super) struct ValidateArgs {
    /// The game whose input format applies (not needed with `--tests`).
    #[arg(value_enum, required_unless_present = "tests")]
    game: Option<Game>,
    /// Judge input files; none or `-` reads standard input.
    #[arg(conflicts_with = "tests")]
    files: Vec<PathBuf>,
    /// A test folder made by `export` or `build`: every input of its `tests.json`
    /// validated, every `.ans` judged again; stops at the first mismatch.
    #[arg(long, value_name = "DIR")]
    tests: Option<PathBuf>,
    /// With `--tests`: tests judged at once (default: the cores available); the table is
    /// the same whatever the number.
    #[arg(long, value_name = "N", requires = "tests")]
    jobs: Option<std::num::NonZeroUsize>,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &ValidateArgs, run: &Run<'_>) -> Result<u8, String> {
    if let Some(dir) = &args.tests {
        return Ok(run_tests(
            dir,
            &run.layers.config_for(&dir.join("tests.json"))?,
            JobsArg { jobs: args.jobs }.jobs(),
        ));
    }
    Ok(match args.game {
        Some(game) => validate_inputs(game.into(), &args.files),
        None => EXIT_UNUSABLE,
    })
}

/// Validates each file (`-` or none: standard input); exit 1 if any is invalid.
fn validate_inputs(game: GameId, inputs: &[PathBuf]) -> u8 {
    let stdin = [PathBuf::from("-")];
    let inputs = if inputs.is_empty() {
        &stdin[..]
    } else {
        inputs
    };
    let mut status = EXIT_OK;
    for input in inputs {
        let from_stdin = input.as_os_str() == "-";
        let name = if from_stdin {
            "stdin".to_string()
        } else {
            input.display().to_string()
        };
        let text = match files::read_input((!from_stdin).then_some(input.as_path())) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        };
        match validate_input(game, &text) {
            Ok(n) => output::print(&format!("{name}: valid {game} input, {n} test(s)\n")),
            Err(e) => {
                output::print(&format!("{name}:{}: invalid: {}\n", e.line, e.reason));
                status = EXIT_ERRORS;
            }
        }
    }
    status
}

/// `tests.json`, as far as checking and grading read it.
#[derive(Deserialize)]
pub(super) struct Index {
    pub tests: Vec<Entry>,
}

#[derive(Deserialize)]
pub(super) struct Entry {
    pub test: String,
    pub game: GameId,
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub sample: bool,
    pub cases: Vec<serde_json::Value>,
}

/// `DIR/tests.json`, or why it cannot be read.
pub(super) fn read_index(dir: &Path) -> Result<Index, String> {
    let path = dir.join("tests.json");
    fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Every test of `DIR/tests.json`: its input valid, its `.ans` the exact answers. Prints a
/// table; stops with exit 1 at the first test that fails, naming it and the reason.
fn run_tests(dir: &Path, config: &Config, jobs: pipeline::Jobs) -> u8 {
    let index = match read_index(dir) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let mut rows = vec![[
        "test".to_string(),
        "game".into(),
        "group".into(),
        "cases".into(),
        "result".into(),
    ]];
    let mut cases = 0;
    let mut failure = None;
    // Tests are judged on all cores; the table keeps their order and stops at the first that
    // fails, as with one job.
    pipeline::run_ordered(
        &index.tests,
        jobs,
        |entry| entry,
        |entry| (entry, check_test(dir, entry, config)),
        |(entry, verdict)| {
            let label = if entry.sample {
                "sample".to_string()
            } else {
                entry.group.clone().unwrap_or_else(|| "-".into())
            };
            let result = match &verdict {
                Ok(()) => "ok".to_string(),
                Err(_) => "FAILED".to_string(),
            };
            rows.push([
                entry.test.clone(),
                entry.game.to_string(),
                label,
                entry.cases.len().to_string(),
                result,
            ]);
            cases += entry.cases.len();
            match verdict {
                Ok(()) => ControlFlow::Continue(()),
                Err(why) => {
                    failure = Some(format!("{}: {why}", entry.test));
                    ControlFlow::Break(())
                }
            }
        },
    );
    output::print(&table(&rows));
    if let Some(why) = failure {
        output::print(&format!("failed: {why}\n"));
        return EXIT_ERRORS;
    }
    output::print(&format!(
        "{} test(s), {cases} case(s): every input valid, every answer confirmed\n",
        index.tests.len()
    ));
    EXIT_OK
}

/// Why test `entry` fails, if it does.
fn check_test(dir: &Path, entry: &Entry, config: &Config) -> Result<(), String> {
    let input_path = dir.join(format!("{}.in", entry.test));
    let answer_path = dir.join(format!("{}.ans", entry.test));
    let input = files::read_input(Some(&input_path))?;
    let tests = validate_input(entry.game, &input).map_err(|e| {
        format!(
            "{}.in line {}: invalid: {}",
            leaf(&entry.test),
            e.line,
            e.reason
        )
    })?;
    if tests != entry.cases.len() {
        return Err(format!(
            "{}.in holds {tests} test(s); tests.json lists {} case(s)",
            leaf(&entry.test),
            entry.cases.len()
        ));
    }
    let expected =
        fs::read_to_string(&answer_path).map_err(|e| format!("{}: {e}", answer_path.display()))?;
    let run = entry
        .game
        .judge(&input, &analysis::budget(config))
        .map_err(|e| format!("{}.in: {e}", leaf(&entry.test)))?;
    if let Some((test, why)) = run.unsolved.first() {
        return Err(format!(
            "case {test} could not be judged again ({why}); raise --nodes"
        ));
    }
    if run.output == expected {
        return Ok(());
    }
    let mut got = run.output.lines();
    let mut written = expected.lines();
    for line in 1.. {
        match (got.next(), written.next()) {
            (Some(g), Some(w)) if g == w => {}
            (Some(g), Some(w)) => {
                return Err(format!(
                    "{}.ans line {line} says `{}`; the board's answer is `{g}`",
                    leaf(&entry.test),
                    short(w)
                ));
            }
            (Some(g), None) => {
                return Err(format!(
                    "{}.ans ends before answer {line} (`{g}`)",
                    leaf(&entry.test)
                ));
            }
            (None, Some(w)) => {
                return Err(format!(
                    "{}.ans has an extra line {line}: `{}`",
                    leaf(&entry.test),
                    short(w)
                ));
            }
            (None, None) => break,
        }
    }
    Err(format!(
        "{}.ans holds the right answers but not byte for byte as the judge writes them (line ends or a missing final line break)",
        leaf(&entry.test)
    ))
}

/// A line of a hand-edited file, cut to a readable length.
fn short(line: &str) -> String {
    let mut out: String = line.chars().take(60).collect();
    if out.len() < line.len() {
        out.push('…');
    }
    out
}

fn leaf(test: &str) -> &str {
    test.rsplit('/').next().unwrap_or(test)
}

/// Left-aligned columns, two spaces apart.
pub(super) fn table<const N: usize>(rows: &[[String; N]]) -> String {
    let mut widths = [0; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell:w$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}
