//! `boardls stress GAME -- CMD`: generated rounds judged against the exact answers, the first
//! failure shrunk and written out with the lines that reproduce it.

use super::args::Game;
use super::generate::{GenArgs, options as gen_options};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, stop_solutions_on_interrupt};
use boardls::authoring::case_text;
use boardls::authoring::run::Limits;
use boardls::authoring::stress::{Failure, Minimal, Outcome, Progress, StressOptions, stress};
use boardls::config::Config;
use boardls::games::GameId;
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Output kept per run: far above any answer of the original limits.
const OUTPUT_CAP: usize = 16 << 20;

#[derive(clap::Args, Clone, Debug)]
#[command(after_help = "Examples:
  boardls stress zgame -- ./sol
  boardls stress chess --count 5000 --jobs 2 --out queen.board -- python3 sol.py
  boardls stress race --tests 5 --time-limit 1 --memory-limit 256 -- ./sol --fast
  boardls stress tetris --size 6x8 --density 0.3 --seed 7 --json -- ./sol

Exit status: 0 no failure found, 1 a failure found (shrunk and shown), 2 unusable (the
solution cannot be started, bad options).")]
pub(super) struct StressArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: Game,
    /// `N` or `NxM` for every board (default: small random sizes, growing with the rounds).
    #[arg(long, value_name = "N[xM]")]
    pub size: Option<String>,
    /// Share of walls (race, tetris), of letters (zgame), of letters other than a/b (strings).
    #[arg(long, value_name = "P")]
    pub density: Option<f64>,
    /// random, max, edge; for race also corridors, near-start, middle.
    #[arg(long, default_value = "random", value_name = "P")]
    pub preset: String,
    /// Only boards with this answer (as the judge prints it).
    #[arg(long, value_name = "A")]
    pub answer: Option<String>,
    /// Tests per round: from 1 to T (at most what the game's input allows).
    #[arg(long, default_value_t = 3, value_name = "T")]
    pub tests: usize,
    /// Rounds to run.
    #[arg(long, default_value_t = 1000, value_name = "ROUNDS")]
    pub count: usize,
    /// Round i draws from its own stream seeded by (S, i): the same command finds the same
    /// failure.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Seconds of wall time per run; past it the solution's process group is killed.
    #[arg(long, default_value_t = 2.0, value_name = "SECS")]
    pub time_limit: f64,
    /// MiB of address space per run (Linux).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    pub memory_limit: Option<u64>,
    /// Rounds run at once.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: u64,
    /// Seconds the shrinker may spend on the failure.
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    pub shrink_time: f64,
    /// Write the minimal failing input as a `.board` case (`expect` = the exact answer, a
    /// comment with what the solution printed) and as judge input beside it (`FILE.in`).
    #[arg(long, value_name = "FILE.board")]
    pub out: Option<PathBuf>,
    /// Run every round and list every failure (the first is shrunk).
    #[arg(long)]
    pub keep_going: bool,
    /// One JSON report on stdout.
    #[arg(long)]
    pub json: bool,
    /// The solution and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<String>,
}

pub(super) fn run(args: &StressArgs, run: &Run<'_>) -> Result<u8, String> {
    stop_solutions_on_interrupt();
    Ok(stress_solution(args, &run.layers.config_here()?))
}

fn stress_solution(args: &StressArgs, config: &Config) -> u8 {
    let options = match options(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("boardls: stress: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let live = std::io::stderr().is_terminal() && !args.json;
    let started = Instant::now();
    let last_shown = Mutex::new(Instant::now());
    let show = |p: Progress| {
        if !live {
            return;
        }
        let Ok(mut last) = last_shown.lock() else {
            return;
        };
        if last.elapsed() < Duration::from_millis(100) && p.rounds < options.rounds {
            return;
        }
        *last = Instant::now();
        let rate = p.rounds as f64 / started.elapsed().as_secs_f64().max(1e-3);
        eprint!(
            "\r\x1b[K{} / {} rounds, {rate:.0} rounds/s, {} failure(s)",
            p.rounds, options.rounds, p.failures
        );
    };
    let outcome = stress(&options, &args.command, config, &show);
    if live {
        eprint!("\r\x1b[K");
    }
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!("boardls: stress: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let elapsed = started.elapsed();
    let game = options.boards.game;
    let files = match (&args.out, &outcome.minimal) {
        (Some(out), Some(minimal)) => match write_out(out, game, minimal, &args.command) {
            Ok(input) => Some((out.clone(), input)),
            Err(e) => {
                eprintln!("boardls: stress: {e}");
                return EXIT_UNUSABLE;
            }
        },
        _ => None,
    };
    let reproduce = outcome
        .minimal
        .as_ref()
        .map(|_| reproduce_lines(args, files.as_ref().map(|(_, input)| input.as_path())));
    if args.json {
        super::output::print(&format!(
            "{}\n",
            json_report(game, &outcome, reproduce.as_deref(), elapsed, &args.command)
        ));
    } else {
        super::output::print(&human_report(
            game,
            &outcome,
            reproduce.as_deref(),
            elapsed,
            files.is_some(),
        ));
    }
    if outcome.failures.is_empty() {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

fn options(args: &StressArgs) -> Result<StressOptions, String> {
    let boards = gen_options(GenArgs {
        game: args.game,
        size: args.size.clone(),
        count: 1,
        seed: args.seed,
        density: args.density,
        answer: args.answer.clone(),
        preset: args.preset.clone(),
    })?;
    let seconds = |what: &str, s: f64| {
        Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| format!("{what} takes a positive number of seconds"))
    };
    if args.tests == 0 {
        return Err("--tests takes at least 1".into());
    }
    Ok(StressOptions {
        boards,
        tests: args.tests,
        rounds: args.count,
        seed: args.seed,
        limits: Limits {
            time: seconds("--time-limit", args.time_limit)?,
            memory_mib: args.memory_limit,
            output_bytes: OUTPUT_CAP,
        },
        jobs: usize::try_from(args.jobs).unwrap_or(1),
        keep_going: args.keep_going,
        shrink_time: seconds("--shrink-time", args.shrink_time)?,
    })
}

/// A word as a POSIX shell reads it back.
fn quote(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_string(), std::borrow::Cow::into_owned)
}

fn command_line(words: &[String]) -> String {
    words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
}

/// `boardls stress … --seed S -- CMD` (the options that decide the rounds, as given) and
/// `CMD < min.in`.
fn reproduce_lines(args: &StressArgs, input: Option<&Path>) -> Vec<String> {
    let game = GameId::from(args.game);
    let mut words = vec!["boardls".to_string(), "stress".into(), game.to_string()];
    let mut option = |name: &str, value: Option<String>| {
        if let Some(v) = value {
            words.push(format!("--{name}"));
            words.push(quote(&v));
        }
    };
    option("size", args.size.clone());
    option("density", args.density.map(|d| d.to_string()));
    option(
        "preset",
        (args.preset != "random").then(|| args.preset.clone()),
    );
    option("answer", args.answer.clone());
    option("tests", Some(args.tests.to_string()));
    option("count", Some(args.count.to_string()));
    option("seed", Some(args.seed.to_string()));
    option("time-limit", Some(args.time_limit.to_string()));
    option("memory-limit", args.memory_limit.map(|m| m.to_string()));
    words.push("--".into());
    let mut lines = vec![format!(
        "{} {}",
        words.join(" "),
        command_line(&args.command)
    )];
    let input = input.map_or_else(|| "min.in".to_string(), |p| quote(&p.display().to_string()));
    lines.push(format!("{} < {input}", command_line(&args.command)));
    lines
}

/// What the solution printed for each test: the printed tokens cut into the expected answers'
/// token counts (what is left goes to the last test).
fn printed_per_test(failure: &Failure) -> Vec<String> {
    let printed = String::from_utf8_lossy(&failure.printed);
    let mut tokens = printed.split_whitespace();
    let lines: Vec<&str> = failure.round.expected.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let words: Vec<&str> = if i + 1 == lines.len() {
            tokens.by_ref().collect()
        } else {
            tokens
                .by_ref()
                .take(line.split_whitespace().count())
                .collect()
        };
        out.push(words.join(" "));
    }
    out
}

/// What the failure is, for a comment or a report: the verdict and its detail.
fn what_happened(failure: &Failure) -> String {
    let verdict = failure.judged.verdict.as_str();
    if failure.judged.detail.is_empty() || failure.judged.detail == verdict {
        verdict.to_string()
    } else {
        format!("{verdict}: {}", failure.judged.detail)
    }
}

/// The minimal input as `.board` text: one case per test, `expect` the exact answer, a comment
/// with what the solution printed.
fn board_text(game: GameId, minimal: &Minimal, command: &[String]) -> String {
    let failure = &minimal.failure;
    let mut out = format!(
        "// found by boardls stress: {} on `{}`\n",
        what_happened(failure),
        command_line(command)
    );
    let printed = printed_per_test(failure);
    let answers: Vec<&str> = failure.round.expected.lines().collect();
    for (i, board) in failure.round.boards.iter().enumerate() {
        out.push('\n');
        match printed.get(i).map(String::as_str) {
            Some("") | None => out.push_str("// the solution printed nothing for this test\n"),
            Some(p) => out.push_str(&format!("// the solution printed: {p}\n")),
        }
        out.push_str(&case_text(
            game,
            &format!("stress {}", i + 1),
            &board.to_case(),
            answers.get(i).copied(),
        ));
    }
    out
}

/// Writes `out` (`.board`) and the judge input beside it; returns the input's path.
fn write_out(
    out: &Path,
    game: GameId,
    minimal: &Minimal,
    command: &[String],
) -> Result<PathBuf, String> {
    let input = out.with_extension("in");
    std::fs::write(out, board_text(game, minimal, command))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    std::fs::write(&input, &minimal.failure.round.input)
        .map_err(|e| format!("{}: {e}", input.display()))?;
    Ok(input)
}

fn human_report(
    game: GameId,
    outcome: &Outcome,
    reproduce: Option<&[String]>,
    elapsed: Duration,
    written: bool,
) -> String {
    let mut out = String::new();
    let rate = outcome.rounds_run as f64 / elapsed.as_secs_f64().max(1e-3);
    let Some(minimal) = &outcome.minimal else {
        out.push_str(&format!(
            "{} rounds, no failure ({rate:.0} rounds/s)\n",
            outcome.rounds_run
        ));
        return out;
    };
    for f in &outcome.failures {
        out.push_str(&format!(
            "round {}: {} ({} test(s))\n",
            f.round.index + 1,
            what_happened(f),
            f.round.boards.len()
        ));
    }
    out.push_str(&format!(
        "{} failure(s) in {} rounds\n",
        outcome.failures.len(),
        outcome.rounds_run
    ));
    let shrunk = &minimal.shrunk;
    let failure = &minimal.failure;
    out.push_str(&format!(
        "\nshrunk to {} test(s) in {:.1} s ({} runs, {} steps{}): {}\n",
        failure.round.boards.len(),
        minimal.elapsed.as_secs_f64(),
        shrunk.tries,
        shrunk.steps,
        if shrunk.minimal {
            ""
        } else {
            "; stopped by --shrink-time, may shrink further"
        },
        what_happened(failure)
    ));
    out.push_str("\ninput:\n");
    out.push_str(&failure.round.input);
    out.push_str("expected:\n");
    out.push_str(&failure.round.expected);
    out.push_str("printed:\n");
    let printed = String::from_utf8_lossy(&failure.printed);
    let shown: String = printed.chars().take(2000).collect();
    out.push_str(&shown);
    if !shown.ends_with('\n') {
        out.push('\n');
    }
    if !written {
        out.push_str("\nas a .board case (--out FILE.board writes it and FILE.in):\n");
        for line in board_text(game, minimal, &[]).lines().skip(1) {
            out.push_str(line);
            out.push('\n');
        }
    }
    if let Some(lines) = reproduce {
        out.push_str("\nreproduce:\n");
        for line in lines {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

fn json_report(
    game: GameId,
    outcome: &Outcome,
    reproduce: Option<&[String]>,
    elapsed: Duration,
    command: &[String],
) -> String {
    let failure_json = |f: &Failure| {
        json!({
            "round": f.round.index + 1,
            "verdict": f.judged.verdict.as_str(),
            "detail": f.judged.detail,
            "tests": f.round.boards.len(),
        })
    };
    let minimal = outcome.minimal.as_ref().map(|m| {
        json!({
            "verdict": m.failure.judged.verdict.as_str(),
            "detail": m.failure.judged.detail,
            "tests": m.failure.round.boards.len(),
            "input": m.failure.round.input,
            "expected": m.failure.round.expected,
            "printed": String::from_utf8_lossy(&m.failure.printed),
            "board": board_text(game, m, command),
            "minimal": m.shrunk.minimal,
            "runs": m.shrunk.tries,
            "steps": m.shrunk.steps,
            "shrink_ms": u64::try_from(m.elapsed.as_millis()).unwrap_or(u64::MAX),
        })
    });
    let report = json!({
        "game": game.to_string(),
        "rounds": outcome.rounds_run,
        "elapsed_ms": u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        "failures": outcome.failures.iter().map(failure_json).collect::<Vec<_>>(),
        "minimal": minimal,
        "reproduce": reproduce,
    });
    serde_json::to_string_pretty(&report).unwrap_or_default()
}
