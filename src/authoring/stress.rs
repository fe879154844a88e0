//! `stress`: rounds of generated judge input fed to a solution and judged against the exact
//! answers; the first failure shrunk to a minimal input. No terminal code here: progress goes to
//! a callback.

use super::generate::{GenOptions, draw_board};
use super::rng::Rng;
use super::run::{Limits, Run, run};
use super::shrink::{Shrunk, shrink};
use super::validate::validate;
use super::verdict::{Judged, Verdict, judge};
use super::{board_of, case_text};
use crate::analysis;
use crate::config::Config;
use crate::games::{AnyBoard, GameId};
use rustc_hash::FxHashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Rounds whose boards are at most this many cells on a side grow by one cell every this many
/// rounds: the first rounds are tiny, later ones reach the generator's small random size.
const ROUNDS_PER_SIDE: usize = 8;
/// Bytes of a failing run's output kept for the report (what it printed, test by test).
const PRINTED_KEPT: usize = 64 << 10;
/// Draws per test before `--answer` gives up.
const ANSWER_ATTEMPTS: usize = 1_000;

#[derive(Clone, Debug)]
pub struct StressOptions {
    /// The boards: game, preset, size, density, answer (`count` and `seed` are not used).
    pub boards: GenOptions,
    /// Tests per round: 1 to this many.
    pub tests: usize,
    pub rounds: usize,
    pub seed: u64,
    pub limits: Limits,
    pub jobs: usize,
    /// Run every round instead of stopping at the first failure.
    pub keep_going: bool,
    /// How long the shrinker may run.
    pub shrink_time: Duration,
}

/// One round's input and its exact expected output.
#[derive(Clone, Debug)]
pub struct Round {
    pub index: usize,
    pub boards: Vec<AnyBoard>,
    pub input: String,
    pub expected: String,
}

/// A run that was not OK.
#[derive(Clone, Debug)]
pub struct Failure {
    pub round: Round,
    pub judged: Judged,
    pub printed: Vec<u8>,
}

/// What the minimal input gives.
#[derive(Clone, Debug)]
pub struct Minimal {
    pub failure: Failure,
    pub shrunk: Shrunk,
    pub elapsed: Duration,
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub rounds_run: usize,
    /// Every failing round, in round order (only the first unless `keep_going`).
    pub failures: Vec<Failure>,
    /// The first failure, shrunk.
    pub minimal: Option<Minimal>,
}

/// Progress after each finished round.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub rounds: usize,
    pub failures: usize,
}

/// The input of round `index`: 1 to `tests` boards drawn from their own stream
/// (`Rng::for_case(seed, index)`), tests the solver leaves unsolved dropped, and the exact
/// expected output. `Err` when the options make an input that is not valid.
pub fn round(options: &StressOptions, index: usize, config: &Config) -> Result<Round, String> {
    let game = options.boards.game;
    let mut rng = Rng::for_case(options.seed, index);
    let most = options.tests.clamp(1, game.spec().max_tests_per_file);
    let count = rng.range(1, most);
    let cap = 1 + index / ROUNDS_PER_SIDE;
    let wanted = match &options.boards.answer {
        Some(a) => Some(game.parse_answer(a).map_err(|e| format!("--answer: {e}"))?),
        None => None,
    };
    let budget = analysis::budget(config);
    let mut boards = Vec::with_capacity(count);
    for _ in 0..count {
        let mut found = None;
        for _ in 0..ANSWER_ATTEMPTS {
            let body = draw_board(&options.boards, cap, &mut rng);
            let Some(board) = board_of(game, &body) else {
                return Err(format!(
                    "these options make a board that is not valid:\n{}",
                    case_text(game, "board", &body, None)
                ));
            };
            let Ok(answer) = board.answer(&budget) else {
                continue;
            };
            if wanted.as_ref().is_none_or(|w| *w == answer) {
                found = Some(board);
                break;
            }
        }
        match found {
            Some(board) => boards.push(board),
            None => {
                return Err(format!(
                    "no solvable {game} board{} found in {ANSWER_ATTEMPTS} draws; try other options",
                    wanted.map_or(String::new(), |w| format!(" with answer `{w}`"))
                ));
            }
        }
    }
    let input = game.write_judge(&boards);
    if let Err(invalid) = validate(game, &input) {
        return Err(format!(
            "these options make judge input that is not valid (line {}: {})",
            invalid.line, invalid.reason
        ));
    }
    let expected = expected_output(game, &input, config)?;
    Ok(Round {
        index,
        boards,
        input,
        expected,
    })
}

/// `judge`'s exact output; `Err` when it leaves a test unanswered.
fn expected_output(game: GameId, input: &str, config: &Config) -> Result<String, String> {
    let run = game
        .judge(input, &analysis::budget(config))
        .map_err(|e| e.to_string())?;
    match run.unsolved.first() {
        None => Ok(run.output),
        Some((test, why)) => Err(format!("test {test} is unsolved: {why}")),
    }
}

/// Runs the rounds on `jobs` threads. Rounds are handed out in order, so the first failure
/// reported is the lowest failing round whatever the timing. `Err` when the program cannot be
/// started or the options make no valid input.
pub fn stress(
    options: &StressOptions,
    command: &[String],
    config: &Config,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Outcome, String> {
    let Some((program, args)) = command.split_first() else {
        return Err("give the solution to run after `--`".into());
    };
    options.boards.check_preset()?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    let failures: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
    let error: Mutex<Option<(usize, String)>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= options.rounds {
                        break;
                    }
                    let result = round(options, index, config).and_then(|round| {
                        let ran = run(program, args, round.input.as_bytes(), &options.limits)
                            .map_err(|e| format!("cannot run `{program}`: {e}"))?;
                        Ok((round, ran))
                    });
                    let (round, ran) = match result {
                        Ok(r) => r,
                        Err(e) => {
                            if let Ok(mut slot) = error.lock()
                                && slot.as_ref().is_none_or(|(at, _)| index < *at)
                            {
                                *slot = Some((index, e));
                            }
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    };
                    let judged = judge(&ran, &round.expected, &options.limits);
                    let failed = judged.verdict != Verdict::Ok;
                    let mut count = 0;
                    if let Ok(mut all) = failures.lock() {
                        if failed {
                            all.push(Failure {
                                round,
                                judged,
                                printed: kept(ran.stdout),
                            });
                        }
                        count = all.len();
                    }
                    if failed && !options.keep_going {
                        stop.store(true, Ordering::SeqCst);
                    }
                    let rounds = done.fetch_add(1, Ordering::SeqCst) + 1;
                    progress(Progress {
                        rounds,
                        failures: count,
                    });
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_default();
    failures.sort_by_key(|f| f.round.index);
    if let Some((at, e)) = error.into_inner().ok().flatten() {
        // An error after a failure (in a round that ran on only because of timing) is moot.
        if failures.first().is_none_or(|f| at < f.round.index) {
            return Err(e);
        }
    }
    if !options.keep_going {
        failures.truncate(1);
    }
    let minimal = failures
        .first()
        .map(|first| shrink_failure(options, first, program, args, config));
    Ok(Outcome {
        rounds_run: done.into_inner(),
        failures,
        minimal,
    })
}

/// Shrinks a failure: every candidate a valid input (the `validate` rules, every test
/// answered) on which the program fails with the same verdict.
pub fn shrink_failure(
    options: &StressOptions,
    failure: &Failure,
    program: &str,
    args: &[String],
    config: &Config,
) -> Minimal {
    let game = options.boards.game;
    let start = Instant::now();
    let kind = failure.judged.verdict;
    // Passes come back to candidates refused before: answer those from memory. A candidate
    // that fails is taken at once and never offered again (every step makes the input smaller),
    // so the last one is the shrunk input.
    let mut refused: FxHashSet<String> = FxHashSet::default();
    let mut last: Option<Failure> = None;
    let shrunk = shrink(
        failure.round.boards.clone(),
        start + options.shrink_time,
        |candidate| {
            let input = game.write_judge(candidate);
            if refused.contains(&input) {
                return false;
            }
            if let Some(f) = fails_as(
                game, candidate, &input, kind, program, args, options, config,
            ) {
                last = Some(f);
                true
            } else {
                refused.insert(input);
                false
            }
        },
    );
    let mut last = last.unwrap_or_else(|| failure.clone());
    debug_assert_eq!(last.round.input, game.write_judge(&shrunk.boards));
    last.round.index = failure.round.index;
    Minimal {
        failure: last,
        shrunk,
        elapsed: start.elapsed(),
    }
}

/// The failure on `boards` when it is a valid input and the program fails on it with `kind`.
#[allow(clippy::too_many_arguments)]
fn fails_as(
    game: GameId,
    boards: &[AnyBoard],
    input: &str,
    kind: Verdict,
    program: &str,
    args: &[String],
    options: &StressOptions,
    config: &Config,
) -> Option<Failure> {
    validate(game, input).ok()?;
    let expected = expected_output(game, input, config).ok()?;
    let ran: Run = run(program, args, input.as_bytes(), &options.limits).ok()?;
    let judged = judge(&ran, &expected, &options.limits);
    (judged.verdict == kind).then(|| Failure {
        round: Round {
            index: usize::MAX,
            boards: boards.to_vec(),
            input: input.to_string(),
            expected,
        },
        judged,
        printed: kept(ran.stdout),
    })
}

/// The start of a run's output: a report never shows more, and a flood kept whole for every
/// failing round would fill the memory.
fn kept(mut printed: Vec<u8>) -> Vec<u8> {
    printed.truncate(PRINTED_KEPT);
    printed
}
