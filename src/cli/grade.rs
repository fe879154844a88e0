//! `boardls grade DIR -- CMD`: the local judge for a test folder made by `export` or `build`:
//! every test run under limits, its output compared with the `.ans` token by token.

use super::validate::{read_index, table};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, stop_solutions_on_interrupt};
use boardls::authoring::run::{self as solution, Limits};
use boardls::authoring::verdict::{Judged, Verdict, judge};
use serde::Serialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Output kept per test: far above any answer file of the original limits.
const OUTPUT_CAP: usize = 16 << 20;

#[derive(Serialize)]
struct Graded {
    test: String,
    verdict: Verdict,
    time_ms: u64,
    /// Peak resident memory seen, KiB (sampled while it ran).
    peak_kib: Option<u64>,
    detail: String,
}

#[derive(Serialize)]
struct Report {
    tests: Vec<Graded>,
    ok: usize,
    total: usize,
}

#[derive(clap::Args)]
pub(super) struct GradeArgs {
    /// The test folder (with its `tests.json`).
    dir: PathBuf,
    /// Seconds of wall time per test; past it the solution's process group is killed.
    #[arg(long, default_value_t = 2.0, value_name = "SECS")]
    time_limit: f64,
    /// MiB of address space per test (Linux).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory_limit: Option<u64>,
    /// Tests run at once.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// One JSON report instead of the table.
    #[arg(long)]
    json: bool,
    /// The solution and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

pub(super) fn run(args: &GradeArgs) -> u8 {
    stop_solutions_on_interrupt();
    run_all(
        &args.dir,
        &args.command,
        &Options {
            time_limit: args.time_limit,
            memory_limit: args.memory_limit,
            jobs: usize::try_from(args.jobs).unwrap_or(1),
            json: args.json,
        },
    )
}

struct Options {
    pub time_limit: f64,
    pub memory_limit: Option<u64>,
    pub jobs: usize,
    pub json: bool,
}

fn run_all(dir: &Path, command: &[String], options: &Options) -> u8 {
    let Some((program, args)) = command.split_first() else {
        eprintln!("boardls: grade: give the solution to run after `--`: grade DIR -- ./sol");
        return EXIT_UNUSABLE;
    };
    let Ok(time) = Duration::try_from_secs_f64(options.time_limit) else {
        eprintln!("boardls: --time-limit takes a number of seconds");
        return EXIT_UNUSABLE;
    };
    let index = match read_index(dir) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let limits = Limits {
        time,
        memory_mib: options.memory_limit,
        output_bytes: OUTPUT_CAP,
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Graded, String>>>> =
        Mutex::new((0..index.tests.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(entry) = index.tests.get(i) else {
                        break;
                    };
                    let graded = grade_one(dir, &entry.test, program, args, &limits);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(graded);
                    }
                }
            });
        }
    });
    let mut tests = Vec::new();
    for result in results.into_inner().unwrap_or_default() {
        match result {
            Some(Ok(graded)) => tests.push(graded),
            Some(Err(e)) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
            None => {}
        }
    }
    let ok = tests.iter().filter(|t| t.verdict == Verdict::Ok).count();
    let report = Report {
        total: tests.len(),
        ok,
        tests,
    };
    if options.json {
        match serde_json::to_string_pretty(&report) {
            Ok(json) => super::output::print(&format!("{json}\n")),
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        }
    } else {
        let mut rows = vec![[
            "test".to_string(),
            "verdict".into(),
            "time".into(),
            "memory".into(),
            "detail".into(),
        ]];
        for t in &report.tests {
            rows.push([
                t.test.clone(),
                t.verdict.as_str().into(),
                format!("{} ms", t.time_ms),
                t.peak_kib
                    .map_or_else(|| "-".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0)),
                t.detail.clone(),
            ]);
        }
        super::output::print(&format!(
            "{}{}/{} test(s) OK\n",
            table(&rows),
            report.ok,
            report.total
        ));
    }
    if report.ok == report.total {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

/// One test's verdict; `Err` when the test folder or the program cannot be used at all.
fn grade_one(
    dir: &Path,
    test: &str,
    program: &str,
    args: &[String],
    limits: &Limits,
) -> Result<Graded, String> {
    let input_path = dir.join(format!("{test}.in"));
    let answer_path = dir.join(format!("{test}.ans"));
    let input = fs::read(&input_path).map_err(|e| format!("{}: {e}", input_path.display()))?;
    let expected =
        fs::read_to_string(&answer_path).map_err(|e| format!("{}: {e}", answer_path.display()))?;
    let ran =
        solution::run(program, args, &input, limits).map_err(|e| format!("`{program}`: {e}"))?;
    let Judged {
        verdict, detail, ..
    } = judge(&ran, &expected, limits);
    Ok(Graded {
        test: test.to_string(),
        verdict,
        time_ms: u64::try_from(ran.wall.as_millis()).unwrap_or(u64::MAX),
        peak_kib: ran.peak_kib,
        detail,
    })
}
