//! `boardls stress` with real programs: a plausible wrong solution per game and ones that
//! sleep, crash, print garbage or allocate without bound are each caught; the shrunk input
//! still fails the same way and no single shrink step keeps the failure (1-minimal); a correct
//! solution is never flagged; no child process outlives a time-out, a crash or Ctrl-C.

use boardls::authoring::board_of;
use boardls::authoring::run::{Limits, run};
use boardls::authoring::validate::validate;
use boardls::authoring::verdict::{Verdict, judge};
use boardls::config::Config;
use boardls::games::{AnyBoard, CaseBody, GameId};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A wrong solution of `tests/solutions/`, built by `cargo test` as an example.
fn example(name: &str) -> String {
    let exe = Path::new(env!("CARGO_BIN_EXE_boardls"));
    let path: PathBuf = exe
        .parent()
        .map(|d| d.join("examples").join(name))
        .expect("the binary's folder");
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds it (or `cargo build --profile test --examples`)",
        path.display()
    );
    path.display().to_string()
}

/// `boardls stress ARGS -- CMD` in `dir`, with `$BOARDLS` set for scripts that call it.
fn stress(dir: &Path, args: &[&str], command: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardls"));
    cmd.arg("stress")
        .args(args)
        .arg("--")
        .args(command)
        .current_dir(dir)
        .env("BOARDLS", env!("CARGO_BIN_EXE_boardls"))
        .stdin(Stdio::null());
    cmd.output().expect("boardls runs")
}

fn limits(time: f64, memory_mib: Option<u64>) -> Limits {
    Limits {
        time: Duration::from_secs_f64(time),
        memory_mib,
        output_bytes: 16 << 20,
    }
}

/// The verdict of `command` on `input` when it is a valid input, judged as `stress` does.
fn verdict_on(game: GameId, input: &str, command: &[&str], limits: &Limits) -> Option<Verdict> {
    validate(game, input).ok()?;
    let budget = boardls::analysis::budget(&Config::default());
    let expected = game.judge(input, &budget).expect("valid input");
    assert!(
        expected.unsolved.is_empty(),
        "a test of {input} is unsolved"
    );
    let args: Vec<String> = command[1..].iter().map(ToString::to_string).collect();
    let ran = run(command[0], &args, input.as_bytes(), limits).expect("the solution runs");
    Some(judge(&ran, &expected.output, limits).verdict)
}

/// Every input one shrink step away from `boards`, built here from the case text (not with the
/// shrinker's own list): a test dropped; a row, a column (race: a row and a column, strings:
/// row i and column i, keeping the board square) dropped; a cell cleared (zgame letter → `.`,
/// race wall → `.`, tetris `1` → `0`, strings letter → `c`); a chess side lowered by one.
fn one_step_away(game: GameId, boards: &[AnyBoard]) -> Vec<Vec<AnyBoard>> {
    let mut out = Vec::new();
    if boards.len() > 1 {
        for i in 0..boards.len() {
            let mut fewer = boards.to_vec();
            fewer.remove(i);
            out.push(fewer);
        }
    }
    for (t, board) in boards.iter().enumerate() {
        for body in smaller_bodies(game, &board.to_case()) {
            if let Some(smaller) = board_of(game, &body) {
                let mut candidate = boards.to_vec();
                candidate[t] = smaller;
                out.push(candidate);
            }
        }
    }
    out
}

fn smaller_bodies(game: GameId, body: &CaseBody) -> Vec<CaseBody> {
    let rows: Vec<Vec<u8>> = body.rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    let of = |rows: Vec<Vec<u8>>| CaseBody {
        props: body.props.clone(),
        rows: rows.into_iter().map(|r| text(&r)).collect(),
    };
    let drop_row = |rows: &[Vec<u8>], r: usize| {
        let mut rows = rows.to_vec();
        rows.remove(r);
        rows
    };
    let drop_col = |rows: &[Vec<u8>], c: usize| {
        rows.iter()
            .map(|row| {
                let mut row = row.clone();
                row.remove(c);
                row
            })
            .collect::<Vec<_>>()
    };
    let n = rows.len();
    let m = rows.first().map_or(0, Vec::len);
    let mut out = Vec::new();
    match game {
        GameId::Chess => {
            let size = &body
                .props
                .iter()
                .find(|(k, _)| k == "size")
                .expect("size")
                .1;
            let (r, c) = size.split_once(' ').expect("N M");
            let (r, c): (u64, u64) = (r.parse().expect("N"), c.parse().expect("M"));
            for (r, c) in [(r - 1, c), (r, c - 1)] {
                let mut props = body.props.clone();
                for (k, v) in &mut props {
                    if k == "size" {
                        *v = format!("{r} {c}");
                    }
                }
                out.push(CaseBody {
                    props,
                    rows: Vec::new(),
                });
            }
        }
        GameId::Zgame | GameId::Tetris => {
            out.extend((0..n).filter(|_| n > 1).map(|r| of(drop_row(&rows, r))));
            out.extend((0..m).filter(|_| m > 1).map(|c| of(drop_col(&rows, c))));
        }
        GameId::Race => {
            for r in 0..n {
                for c in 0..m {
                    out.push(of(drop_col(&drop_row(&rows, r), c)));
                }
            }
        }
        GameId::Strings => {
            out.extend(
                (0..n)
                    .filter(|_| n > 1)
                    .map(|i| of(drop_col(&drop_row(&rows, i), i))),
            );
        }
    }
    let clear = |cell: u8| match game {
        GameId::Zgame => (cell != b'.').then_some(b'.'),
        GameId::Race => (cell == b'#').then_some(b'.'),
        GameId::Tetris => (cell == b'1').then_some(b'0'),
        GameId::Strings => (cell != b'c').then_some(b'c'),
        GameId::Chess => None,
    };
    for r in 0..n {
        for c in 0..m {
            if let Some(cell) = clear(rows[r][c]) {
                let mut cleared = rows.clone();
                cleared[r][c] = cell;
                out.push(of(cleared));
            }
        }
    }
    out
}

/// Runs `stress` with `args` on `command`, which must fail with `verdict`; checks the shrunk
/// input it writes and returns it.
fn caught(
    game: GameId,
    args: &[&str],
    command: &[&str],
    verdict: Verdict,
    limits: &Limits,
) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut all = vec![
        game.as_str(),
        "--json",
        "--out",
        "min.board",
        "--shrink-time",
        "60",
    ];
    all.extend_from_slice(args);
    let out = stress(dir.path(), &all, command);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let minimal = &report["minimal"];
    assert_eq!(minimal["verdict"], verdict.as_str(), "{report:#}");
    assert_eq!(
        minimal["minimal"], true,
        "the shrink was cut short: {report:#}"
    );
    let input = std::fs::read_to_string(dir.path().join("min.in")).expect("min.in written");
    assert_eq!(minimal["input"], input.as_str());
    // The `.board` file holds the same boards, each with its exact answer.
    let board = std::fs::read_to_string(dir.path().join("min.board")).expect("min.board");
    let check = crate::cli::boardls_in(dir.path(), &["check", "min.board"], None);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{board}\n{}",
        text(&check.stdout)
    );
    assert!(board.contains("// the solution printed"), "{board}");
    // It still fails the same way, and no single step keeps the failure.
    assert_eq!(
        verdict_on(game, &input, command, limits),
        Some(verdict),
        "the shrunk input {input}"
    );
    let boards = game.read_judge(&input).expect("judge input");
    for candidate in one_step_away(game, &boards) {
        let smaller = game.write_judge(&candidate);
        assert_ne!(
            verdict_on(game, &smaller, command, limits),
            Some(verdict),
            "{input} is not 1-minimal: {smaller} fails the same way"
        );
    }
    input
}

#[test]
fn a_wrong_solution_per_game_is_caught_and_shrunk_to_a_one_minimal_input() {
    let limits = limits(2.0, None);
    let queen = example("chess_queen_as_rook");
    let input = caught(GameId::Chess, &[], &[&queen], Verdict::WrongAnswer, &limits);
    assert!(
        input.lines().nth(1).is_some_and(|l| l.starts_with("4 ")),
        "{input}"
    );

    // State kept between tests fails only on two tests of one side: both are kept.
    let race = example("race_state_between_tests");
    let input = caught(
        GameId::Race,
        &["--tests", "5"],
        &[&race],
        Verdict::WrongAnswer,
        &limits,
    );
    assert!(input.starts_with("2\n"), "{input}");

    let zgame = example("zgame_no_draws");
    caught(GameId::Zgame, &[], &[&zgame], Verdict::WrongAnswer, &limits);
    let strings = example("strings_greedy");
    let first = caught(
        GameId::Strings,
        &[],
        &[&strings],
        Verdict::WrongAnswer,
        &limits,
    );
    // The same seed finds and shrinks to the same input.
    let again = caught(
        GameId::Strings,
        &[],
        &[&strings],
        Verdict::WrongAnswer,
        &limits,
    );
    assert_eq!(first, again);
    let tetris = example("tetris_first_square");
    caught(
        GameId::Tetris,
        &[],
        &[&tetris],
        Verdict::WrongAnswer,
        &limits,
    );
}

#[test]
fn a_large_failing_zgame_board_shrinks_to_a_one_minimal_input() {
    let zgame = example("zgame_no_draws");
    caught(
        GameId::Zgame,
        &["--size", "20x30", "--density", "0.05", "--tests", "2"],
        &[&zgame],
        Verdict::WrongAnswer,
        &limits(2.0, None),
    );
}

/// Whether process `pid` still exists (and is not a zombie waiting to be reaped).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| !stat.contains(") Z "))
}

/// Live processes (not zombies) in process group `group`, from `/proc`.
fn group_members(group: &str) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return out;
    };
    for entry in entries.flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.first() != Some(&"Z") && fields.get(2) == Some(&group) {
            out.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    out
}

/// Waits up to 5 s for every process listed in `file` (one pid a line, each also a group) and
/// its group to be gone.
fn assert_all_gone(file: &Path) {
    let pids = std::fs::read_to_string(file).expect("pids written");
    let deadline = Instant::now() + Duration::from_secs(5);
    for pid in pids.split_whitespace() {
        while (alive(pid) || !group_members(pid).is_empty()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!alive(pid), "process {pid} was left behind");
        assert!(
            group_members(pid).is_empty(),
            "group {pid} was left behind: {:?}",
            group_members(pid)
        );
    }
}

#[test]
fn sleeping_crashing_garbage_and_hoarding_solutions_are_caught_and_leave_no_process() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pids = dir.path().join("pids");
    let pids_arg = pids.display().to_string();
    // The sleeper starts a grandchild in its group: all of it must go at each time-out.
    let sleeper = format!("cat > /dev/null; echo $$ >> {pids_arg}; sleep 30 & wait");
    caught(
        GameId::Chess,
        &["--time-limit", "0.3"],
        &["sh", "-c", &sleeper],
        Verdict::TimeLimit,
        &limits(0.3, None),
    );
    assert_all_gone(&pids);

    std::fs::remove_file(&pids).expect("pids removed");
    let crash = format!("cat > /dev/null; echo $$ >> {pids_arg}; sleep 30 & kill -SEGV $$");
    let input = caught(
        GameId::Zgame,
        &[],
        &["sh", "-c", &crash],
        Verdict::RuntimeError,
        &limits(2.0, None),
    );
    assert_eq!(input, "1\n1 1\n.\n");
    assert_all_gone(&pids);

    caught(
        GameId::Tetris,
        &[],
        &["sh", "-c", "echo hello"],
        Verdict::WrongAnswer,
        &limits(2.0, None),
    );
    caught(
        GameId::Race,
        &[],
        &["sh", "-c", "cat > /dev/null"],
        Verdict::MissingOutput,
        &limits(2.0, None),
    );
    let hoard = example("allocate_forever");
    caught(
        GameId::Race,
        &["--memory-limit", "256"],
        &[&hoard],
        Verdict::MemoryLimit,
        &limits(2.0, Some(256)),
    );
}

#[test]
fn a_correct_solution_is_never_flagged() {
    let dir = tempfile::tempdir().expect("tempdir");
    for game in ["zgame", "race", "chess", "tetris", "strings"] {
        let judge = format!("exec \"$BOARDLS\" judge {game}");
        for preset in ["random", "edge"] {
            let out = stress(
                dir.path(),
                &[
                    game, "--preset", preset, "--count", "300", "--tests", "4", "--jobs", "2",
                ],
                &["sh", "-c", &judge],
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{game} {preset}: {}{}",
                text(&out.stdout),
                text(&out.stderr)
            );
            assert!(
                text(&out.stdout).starts_with("300 rounds, no failure"),
                "{}",
                text(&out.stdout)
            );
        }
    }
}

/// Starts `boardls ARGS -- sh -c SCRIPT` where the script records its pid in `pids`, waits for
/// `running` of them, sends SIGINT to boardls and checks that it exits 130 leaving nothing.
fn interrupt(dir: &Path, args: &[&str], running: usize) {
    let pids = dir.join("pids");
    let script = format!("echo $$ >> {}; sleep 60 & wait", pids.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardls"))
        .args(args)
        .args(["--", "sh", "-c", &script])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("boardls starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(&pids).map_or(0, |p| p.lines().count()) < running {
        assert!(Instant::now() < deadline, "the solutions never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid =
        rustix::process::Pid::from_raw(i32::try_from(child.id()).expect("pid")).expect("a pid");
    rustix::process::kill_process(pid, rustix::process::Signal::INT).expect("SIGINT sent");
    let status = child.wait().expect("boardls ends");
    assert_eq!(status.code(), Some(130));
    assert_all_gone(&pids);
}

#[test]
fn ctrl_c_ends_boardls_and_every_running_solution() {
    let dir = tempfile::tempdir().expect("tempdir");
    interrupt(
        dir.path(),
        &["stress", "chess", "--jobs", "2", "--time-limit", "60"],
        2,
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/race.board");
    let export = crate::cli::boardls_in(
        dir.path(),
        &["export", &example.display().to_string(), "--out", "tests"],
        None,
    );
    assert_eq!(export.status.code(), Some(0), "{}", text(&export.stderr));
    interrupt(dir.path(), &["grade", "tests", "--time-limit", "60"], 1);
}

#[test]
fn keep_going_runs_every_round_and_lists_every_failure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = stress(
        dir.path(),
        &["chess", "--count", "20", "--keep-going", "--json"],
        &["sh", "-c", "echo hello"],
    );
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(report["rounds"], 20);
    let rounds: Vec<u64> = report["failures"]
        .as_array()
        .expect("failures")
        .iter()
        .map(|f| f["round"].as_u64().expect("round"))
        .collect();
    assert_eq!(rounds, (1..=20).collect::<Vec<u64>>());
    // Garbage fails on any board: one test of the smallest chess board is left.
    let input = report["minimal"]["input"].as_str().expect("input");
    assert!(
        input.starts_with("1\n") && input.ends_with(" 2 2\n"),
        "{input}"
    );
}

#[test]
fn unusable_solutions_and_options_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = stress(dir.path(), &["zgame"], &["./no-such-solution"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        text(&missing.stderr).contains("cannot run `./no-such-solution`"),
        "{}",
        text(&missing.stderr)
    );
    let too_big = stress(dir.path(), &["zgame", "--size", "600"], &["true"]);
    assert_eq!(too_big.status.code(), Some(2), "{}", text(&too_big.stderr));
    let preset = stress(dir.path(), &["zgame", "--preset", "corridors"], &["true"]);
    assert_eq!(preset.status.code(), Some(2), "{}", text(&preset.stderr));
}
