//! The command line as users and scripts see it: exit codes, exact output, files written.

use expect_test::{expect, expect_file};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn boardls(args: &[&str]) -> Output {
    run_with_stdin(args, None)
}

fn run_with_stdin(args: &[&str], stdin: Option<&str>) -> Output {
    boardls_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// The real binary run in `dir` with `args`, `stdin` fed to it when given.
pub(crate) fn boardls_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardls"));
    // Tests never read or write the user's cache (those of the cache set their own).
    cmd.env("BOARDLS_NO_CACHE", "1");
    run_in(cmd, dir, args, stdin)
}

/// Runs `cmd` (boardls with its environment) in `dir` with `args` and `stdin`.
pub(crate) fn run_in(mut cmd: Command, dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    cmd.args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("boardls starts");
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        use std::io::Write;
        pipe.write_all(text.as_bytes()).expect("stdin written");
    }
    child.wait_with_output().expect("boardls finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

const GAMES: [&str; 5] = ["zgame", "race", "chess", "tetris", "strings"];

#[test]
fn examples_of_every_game_are_clean() {
    for game in GAMES {
        let out = boardls(&["check", &format!("examples/{game}.board")]);
        assert_eq!(stdout(&out), "All checks passed (1 file(s))\n", "{game}");
        let quiet = boardls(&["check", "--quiet", &format!("examples/{game}.board")]);
        assert_eq!(stdout(&quiet), "", "{game}");
        assert_eq!(out.status.code(), Some(0), "{game}");
    }
}

#[test]
fn mistakes_are_each_reported_on_their_line_and_column() {
    let out = boardls(&["check", "examples/mistakes.board"]);
    assert_eq!(out.status.code(), Some(1));
    expect_file!["../data/cli/mistakes.human"].assert_eq(&stdout(&out));
}

#[test]
fn mistakes_as_json() {
    let out = boardls(&["check", "--format", "json", "examples/mistakes.board"]);
    assert_eq!(out.status.code(), Some(1));
    expect_file!["../data/cli/mistakes.json"].assert_eq(&stdout(&out));
}

#[test]
fn every_case_of_the_examples_is_solved_and_agrees_with_expect() {
    let out = boardls(&[
        "solve",
        "--json",
        "examples/zgame.board",
        "examples/race.board",
        "examples/chess.board",
        "examples/tetris.board",
        "examples/strings.board",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let cases = json["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 13);
    for case in cases {
        assert_eq!(case["status"], "ok", "{case}");
        assert_eq!(case["answer"], case["expect"], "{case}");
    }
}

#[test]
fn solve_in_words() {
    let out = boardls(&["solve", "examples/chess.board"]);
    expect_file!["../data/cli/solve-chess.txt"].assert_eq(&stdout(&out));
    // Every kind of status, and cases of no known game still named.
    let out = boardls(&["solve", "examples/mistakes.board"]);
    assert_eq!(out.status.code(), Some(1));
    expect_file!["../data/cli/solve-mistakes.txt"].assert_eq(&stdout(&out));
}

#[test]
fn a_missing_file_is_unusable_input() {
    let out = boardls(&["check", "no/such/file.board"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no/such/file.board"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn judge_reproduces_every_original_sample_byte_for_byte() {
    let samples = [
        ("zgame", "zgame"),
        ("race", "race"),
        ("chess", "chess"),
        ("tetris", "tetris"),
        ("strings", "strings"),
        ("strings", "strings_2"),
        ("strings", "strings_3"),
    ];
    for (game, name) in samples {
        let input = data(&format!("samples/{name}.in"));
        let want = std::fs::read_to_string(data(&format!("samples/{name}.out"))).expect("sample");
        let out = boardls(&["judge", game, input.to_str().expect("path")]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), want, "{name}");
        let stdin = std::fs::read_to_string(&input).expect("sample");
        let piped = run_with_stdin(&["judge", game], Some(&stdin));
        assert_eq!(stdout(&piped), want, "{name} from stdin");
    }
}

/// Runs `f` while every core is kept busy by spinning threads, stopped and joined after.
fn under_cpu_hog<T>(f: impl FnOnce() -> T) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            });
        }
        let result = f();
        stop.store(true, Ordering::Relaxed);
        result
    })
}

#[test]
fn judge_answers_every_test_it_can_and_the_same_on_a_busy_machine() {
    // Test 2 (an empty 9×10 board) needs far more search nodes than the budget allows; the
    // samples around it are answered, and the unanswered one is named on stderr.
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("three.in");
    let empty = format!("{}\n", "0".repeat(10)).repeat(9);
    std::fs::write(
        &input,
        format!("4 4\n0000\n0000\n0000\n0000\n9 10\n{empty}4 4\n0000\n0010\n0100\n0000\n"),
    )
    .expect("write");
    let args = [
        "judge",
        "tetris",
        "--nodes",
        "1000",
        input.to_str().expect("path"),
    ];
    let idle = boardls(&args);
    assert_eq!(stdout(&idle), "Yes\nNo\n");
    let said = stderr(&idle);
    assert!(
        said.starts_with("boardls: test 2: unsolved within budget (")
            && said.ends_with(" search nodes); its answer is missing from the output\n")
            && said.lines().count() == 1,
        "{said}"
    );
    assert_eq!(idle.status.code(), Some(1));
    // The budget is a count of nodes, not a time: a loaded machine gives the same result.
    let busy = under_cpu_hog(|| boardls(&args));
    assert_eq!(
        (stdout(&busy), stderr(&busy), busy.status.code()),
        (stdout(&idle), stderr(&idle), idle.status.code())
    );
}

#[test]
fn malformed_judge_input_names_the_line_and_exits_2() {
    let out = run_with_stdin(&["judge", "zgame"], Some("1\n2 2\n..\n.x\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("line 4"), "{}", stderr(&out));
    let out = run_with_stdin(&["judge", "chess"], Some("2\n1 5 5\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn import_then_export_gives_back_equivalent_judge_input() {
    for (game, name) in [
        ("zgame", "zgame"),
        ("race", "race"),
        ("chess", "chess"),
        ("tetris", "tetris"),
        ("strings", "strings_3"),
    ] {
        let input = data(&format!("samples/{name}.in"));
        let imported = boardls(&["import", game, input.to_str().expect("path"), "--expect"]);
        assert_eq!(imported.status.code(), Some(0), "{}", stderr(&imported));
        let dir = tempfile::tempdir().expect("tempdir");
        let board = dir.path().join("imported.board");
        std::fs::write(&board, &imported.stdout).expect("write");
        let check = boardls(&["check", board.to_str().expect("path")]);
        assert_eq!(check.status.code(), Some(0), "{game}: {}", stdout(&check));
        let out = dir.path().join("out");
        let export = boardls(&[
            "export",
            board.to_str().expect("path"),
            "--out",
            out.to_str().expect("path"),
        ]);
        assert_eq!(export.status.code(), Some(0), "{}", stderr(&export));
        let original = std::fs::read_to_string(&input).expect("sample");
        let exported = std::fs::read_to_string(out.join("01.in")).expect("01.in");
        assert_eq!(
            original.split_whitespace().collect::<Vec<_>>(),
            exported.split_whitespace().collect::<Vec<_>>(),
            "{game}"
        );
        let answers = std::fs::read_to_string(out.join("01.ans")).expect("01.ans");
        let want = std::fs::read_to_string(data(&format!("samples/{name}.out"))).expect("sample");
        assert_eq!(answers, want, "{game}");
    }
}

#[test]
fn import_writes_a_case_per_test() {
    let out = run_with_stdin(
        &["import", "tetris", "--expect"],
        Some("2 2\n00\n00\n2 3\n000\n010\n"),
    );
    expect![[r#"
        // imported from stdin by boardls

        [tetris "test 1"]
        00
        00
        expect = Yes

        [tetris "test 2"]
        000
        010
        expect = No
    "#]]
    .assert_eq(&stdout(&out));
}

#[test]
fn export_writes_an_index_and_refuses_a_non_empty_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tests");
    let args = [
        "export",
        "examples/zgame.board",
        "examples/chess.board",
        "--out",
        out.to_str().expect("path"),
    ];
    let first = boardls(&args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert_eq!(
        std::fs::read_to_string(out.join("chess/01.in")).expect("chess input"),
        "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("chess/01.ans")).expect("answers"),
        "G\nG\nD\nB\n"
    );
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("tests.json")).expect("index"))
            .expect("json");
    assert_eq!(index["tests"][0]["test"], "zgame/01");
    assert_eq!(index["tests"][0]["cases"][1]["name"], "sample 2");
    assert_eq!(index["tests"][0]["cases"][1]["line"], 14);
    let again = boardls(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    let forced = boardls(&[&args[..], &["--force"]].concat());
    assert_eq!(forced.status.code(), Some(0));
}

#[test]
fn export_refuses_files_with_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tests");
    let result = boardls(&[
        "export",
        "examples/mistakes.board",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(result.status.code(), Some(1));
    assert!(!out.exists());
}

/// A start and a position after a move: the judge format can hold only the first.
const PLAYED_ON: &str =
    "[zgame \"start\"]\n..B\n..B\nBB.\n\n[zgame \"played on\"]\n..B\n..B\nBB.\nmoves = 1,2\n";

#[test]
fn export_and_build_refuse_a_case_played_on_and_write_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("a.board"), PLAYED_ON).expect("write");
    std::fs::write(dir.path().join("tests.plan"), "a.board\n").expect("write");
    let checked = boardls_in(dir.path(), &["check", "a.board"], None);
    assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
    for args in [
        ["export", "a.board", "--out", "out"],
        ["build", "tests.plan", "--out", "out"],
    ] {
        let refused = boardls_in(dir.path(), &args, None);
        let err = stderr(&refused);
        assert_eq!(refused.status.code(), Some(1), "{args:?}: {err}");
        // On the `moves` key of the second case, line 10.
        assert!(
            err.contains(
                "a.board:10:1: error[E218]: zgame \"played on\" is the position after 1 move(s)"
            ),
            "{args:?}: {err}"
        );
        assert!(err.contains("\n   | ^^^^^\n"), "{args:?}: {err}");
        assert!(
            err.contains("the judge format holds only a game's start")
                && err.contains("drop `moves`")
                && err.contains("nothing exported"),
            "{args:?}: {err}"
        );
        assert!(!dir.path().join("out").exists(), "{args:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("read")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(left.len(), 2, "{args:?}: nothing staged is left: {left:?}");
    }
}

#[test]
fn an_allowed_e218_leaves_the_case_played_on_out_of_the_export() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!("// boardls: allow E218\n{PLAYED_ON}");
    std::fs::write(dir.path().join("a.board"), text).expect("write");
    let out = boardls_in(dir.path(), &["export", "a.board", "--out", "out"], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out/01.in")).expect("input"),
        "1\n3 3\n..B\n..B\nBB.\n"
    );
    let index: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out/tests.json")).expect("index"),
    )
    .expect("json");
    let names: Vec<&str> = index["tests"][0]["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["start"]);
}

#[test]
fn examples_are_formatted() {
    let out = boardls(&["fmt", "--check", "examples/"]);
    assert_eq!(stdout(&out), "");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn fmt_rewrites_a_file_in_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("messy.board");
    std::fs::write(
        &file,
        "  [zgame   \"x\"]  \n   ..B   \nexpect=no no yes\n\n\n\n[race]\nAB\n",
    )
    .expect("write");
    let check = boardls(&["fmt", "--check", file.to_str().expect("path")]);
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(
        boardls(&["fmt", file.to_str().expect("path")])
            .status
            .code(),
        Some(0)
    );
    let formatted = std::fs::read_to_string(&file).expect("read");
    assert_eq!(
        formatted,
        "[zgame \"x\"]\n..B\nexpect = no no yes\n\n[race]\nAB\n"
    );
    assert_eq!(
        boardls(&["fmt", "--check", file.to_str().expect("path")])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn generated_boards_validate_and_keep_their_answer() {
    for game in GAMES {
        for preset in ["random", "edge", "max"] {
            if game == "tetris" && preset == "max" {
                continue; // a 50×50 board: covered by the tetris budget tests
            }
            let generated = boardls(&[
                "gen", game, "--preset", preset, "--count", "3", "--seed", "5",
            ]);
            assert_eq!(
                generated.status.code(),
                Some(0),
                "{game} {preset}: {}",
                stderr(&generated)
            );
            let dir = tempfile::tempdir().expect("tempdir");
            let file = dir.path().join("gen.board");
            std::fs::write(&file, &generated.stdout).expect("write");
            let check = boardls(&["check", "--allow", "W211", file.to_str().expect("path")]);
            assert_eq!(
                check.status.code(),
                Some(0),
                "{game} {preset}:\n{}",
                stdout(&check)
            );
        }
    }
}

#[test]
fn gen_is_reproducible() {
    let a = boardls(&["gen", "zgame", "--count", "4", "--seed", "42"]);
    let b = boardls(&["gen", "zgame", "--count", "4", "--seed", "42"]);
    assert_eq!(a.stdout, b.stdout);
    let c = boardls(&["gen", "zgame", "--count", "4", "--seed", "43"]);
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn gen_answer_gives_only_boards_with_that_answer() {
    for (game, answer) in [
        ("zgame", "yes no no"),
        ("race", "A"),
        ("chess", "D"),
        ("tetris", "No"),
        ("strings", "SECOND"),
    ] {
        let generated = boardls(&[
            "gen", game, "--answer", answer, "--count", "4", "--seed", "9",
        ]);
        assert_eq!(
            generated.status.code(),
            Some(0),
            "{game}: {}",
            stderr(&generated)
        );
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("gen.board");
        std::fs::write(&file, &generated.stdout).expect("write");
        let solved = boardls(&["solve", "--json", file.to_str().expect("path")]);
        let json: serde_json::Value = serde_json::from_slice(&solved.stdout).expect("json");
        let cases = json["cases"].as_array().expect("cases");
        assert_eq!(cases.len(), 4, "{game}");
        for case in cases {
            assert_eq!(case["answer"], answer, "{game}");
            assert_eq!(case["status"], "ok", "{game}");
        }
    }
}

#[test]
fn gen_says_when_an_answer_cannot_be_found() {
    let out = boardls(&["gen", "zgame", "--size", "1", "--answer", "yes yes yes"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no zgame board with answer `yes yes yes`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn exported_tests_validate_and_judge_back_to_their_answers() {
    for game in GAMES {
        let generated = boardls(&["gen", game, "--count", "12", "--seed", "3"]);
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("suite.board");
        std::fs::write(&file, &generated.stdout).expect("write");
        let out = dir.path().join("tests");
        let export = boardls(&[
            "export",
            file.to_str().expect("path"),
            "--out",
            out.to_str().expect("path"),
        ]);
        assert_eq!(export.status.code(), Some(0), "{game}: {}", stderr(&export));
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&out)
            .expect("folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty());
        for input in inputs {
            let path = input.to_str().expect("path");
            let valid = boardls(&["validate", game, path]);
            assert_eq!(
                valid.status.code(),
                Some(0),
                "{game} {path}: {}",
                stdout(&valid)
            );
            let judged = boardls(&["judge", game, path]);
            let ans = std::fs::read_to_string(input.with_extension("ans")).expect("ans");
            assert_eq!(stdout(&judged), ans, "{game} {path}");
        }
    }
}

#[test]
fn validate_names_the_line_and_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases = [
        ("zgame", "1\n2 2\n..\n..", "4", "must end with a newline"),
        ("zgame", "1\n2  2\n..\n..\n", "2", "whitespace"),
        ("zgame", "1\r\n1 1\r\n.\r\n", "1", "carriage return"),
        ("chess", "1\n1 1 5\n", "2", "test 1"),
        ("race", "1\n3\nA..\n...\n..#\n", "2", "no `B`"),
    ];
    for (game, text, line, reason) in cases {
        let file = dir.path().join("t.in");
        std::fs::write(&file, text).expect("write");
        let out = boardls(&["validate", game, file.to_str().expect("path")]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{game} {text:?}: {}",
            stdout(&out)
        );
        assert!(
            stdout(&out).contains(&format!("t.in:{line}")),
            "{}",
            stdout(&out)
        );
        assert!(stdout(&out).contains(reason), "{}", stdout(&out));
    }
}

#[test]
fn suite_checks_fire_on_a_thin_suite_and_a_complete_one_prints_its_coverage() {
    let dir = tempfile::tempdir().expect("tempdir");
    let thin = dir.path().join("thin.board");
    std::fs::write(&thin, "[race \"a\"]\nA.\n.B\n\n[race \"mirror\"]\nB.\n.A\n").expect("write");
    let out = boardls(&["check", "--suite", thin.to_str().expect("path")]);
    let text = stdout(&out);
    assert!(
        text.contains("info[I220]: no race case has the answer `A`"),
        "{text}"
    );
    assert!(text.contains("info[I221]"), "{text}");
    assert!(
        text.contains("info[I222]: same board as race \"a\""),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(0));

    let complete = dir.path().join("complete.board");
    let mut suite = String::from("[chess \"a\"]\npiece = king\nsize = 1000 1000\n");
    suite.push_str(
        "[chess \"b\"]\npiece = king\nsize = 3 3\n[chess \"c\"]\npiece = knight\nsize = 2 2\n",
    );
    std::fs::write(&complete, suite).expect("write");
    // Complete in coverage; how strong it is (`I223`) is `strength`'s test.
    let out = boardls(&[
        "check",
        "--suite",
        "--allow",
        "I223",
        complete.to_str().expect("path"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    expect![[r#"
        All checks passed (1 file(s))
        chess: 3 case(s), largest board 1000 (original maximum 1000) in chess "a"
          answer  cases
          B       1
          G       1
          D       1
          group   cases  answers covered
          -       3      3/3
    "#]]
    .assert_eq(&stdout(&out));
}

#[test]
fn allow_silences_a_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("a.board");
    std::fs::write(
        &file,
        "// boardls: allow E210\n[zgame]\n...\nexpect = yes yes yes\n",
    )
    .expect("write");
    let out = boardls(&["check", file.to_str().expect("path")]);
    assert_eq!(stdout(&out), "All checks passed (1 file(s))\n");
    assert_eq!(out.status.code(), Some(0));
    // On the command line too; a code that silences nothing is refused, not ignored.
    std::fs::write(&file, "[zgame]\n...\nexpect = yes yes yes\n").expect("write");
    let path = file.to_str().expect("path");
    let out = boardls(&["check", "--allow", "E210", path]);
    assert_eq!(
        (stdout(&out).as_str(), out.status.code()),
        ("All checks passed (1 file(s))\n", Some(0))
    );
    let out = boardls(&["check", "--allow", "e210", path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "boardls: --allow: `e210` is not a boardls code: codes are written in capitals, `E210`\n"
    );
}

#[test]
fn allow_silences_every_code_it_accepts_suite_findings_included() {
    // Syntax, generic, game, reading (E216) and suite (I22x) findings from one run; each code
    // given to `--allow` removes exactly the diagnostics of that code.
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy("examples/mistakes.board", dir.path().join("mistakes.board")).expect("copy");
    std::fs::write(dir.path().join("wide.board"), "[race]\nA..\n..B\n").expect("write");
    std::fs::write(dir.path().join("bytes.board"), b"[zgame]\n.\xff\n").expect("write");
    let folder = dir.path().to_str().expect("path");
    let found = |allow: &[&str]| -> Vec<(String, u64, String)> {
        let mut args = vec!["check", "--suite", "--format", "json", folder];
        for code in allow {
            args.extend(["--allow", code]);
        }
        let out = boardls(&args);
        let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
        report["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| {
                (
                    d["file"].as_str().unwrap_or_default().to_string(),
                    d["line"].as_u64().unwrap_or_default(),
                    d["code"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let all = found(&[]);
    let mut codes: Vec<&str> = all.iter().map(|(_, _, c)| c.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    for wanted in ["E216", "W401", "I220", "I221", "E210", "E101"] {
        assert!(codes.contains(&wanted), "{wanted} in {codes:?}");
    }
    for code in &codes {
        let kept: Vec<_> = all.iter().filter(|(_, _, c)| c != code).cloned().collect();
        assert_eq!(found(&[code]), kept, "--allow {code}");
    }
    assert_eq!(found(&codes), Vec::new());
}

#[test]
fn invalid_utf8_and_bom_on_disk_are_reported_not_fatal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("bytes.board");
    std::fs::write(&file, b"\xef\xbb\xbf[zgame]\n..\xff\n").expect("write");
    let out = boardls(&["check", file.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("error[E216]"), "{}", stdout(&out));
}

#[test]
fn memory_caps_a_solve_and_fails_like_the_other_budgets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("big.board");
    // The answer of a 2000 × 2000 board takes 1000 KiB of row bits; the editor's per-cell
    // table, 2 bytes a cell, 8 MB more. A cap between the two skips only the table.
    let rows = format!("{}\n", ".".repeat(2000)).repeat(2000);
    std::fs::write(&file, format!("[zgame \"big\"]\n{rows}")).expect("write");
    let path = file.to_str().expect("path");

    let roomy = boardls(&["solve", path]);
    assert_eq!(roomy.status.code(), Some(0), "{}", stdout(&roomy));
    let answered = boardls(&["solve", "--memory", "1", path]);
    assert_eq!(stdout(&answered), stdout(&roomy));

    // A word of row bits for each of 70,000 rows of one cell: more than 1 MiB.
    let tall = dir.path().join("tall.board");
    std::fs::write(&tall, format!("[zgame \"tall\"]\n{}", ".\n".repeat(70_000))).expect("write");
    let tall = tall.to_str().expect("path");
    let capped = boardls(&["solve", "--memory", "1", tall]);
    assert_eq!(
        stdout(&capped),
        format!(
            "{tall}:1: zgame \"tall\": too large to solve: the rows of a 70000 × 1 board \
             would need 2 MiB, more than the memory cap of 1 MiB per solve [unsolved]\n\
             1 case(s): 1 unsolved\n"
        )
    );
    // A polynomial solver is bounded by memory alone: no time or node budget stops it.
    let untimed = boardls(&["solve", "--time", "0", "--nodes", "1", path]);
    assert_eq!(untimed.status.code(), Some(0), "{}", stdout(&untimed));
    // The exit status of a search the node budget stops.
    let search = dir.path().join("search.board");
    let empty = format!("{}\n", "0".repeat(9)).repeat(9);
    std::fs::write(&search, format!("[tetris \"9x9\"]\n{empty}")).expect("write");
    let stopped = boardls(&["solve", "--nodes", "10", search.to_str().expect("path")]);
    assert!(
        stdout(&stopped).contains("unsolved within budget")
            && stdout(&stopped).contains("[unsolved]"),
        "{}",
        stdout(&stopped)
    );
    assert_eq!(capped.status.code(), stopped.status.code());
    assert_eq!(capped.status.code(), Some(1));

    let zero = boardls(&["solve", "--memory", "0", path]);
    assert_eq!(zero.status.code(), Some(2), "{}", stderr(&zero));
}

/// One LSP message as framed on the wire.
fn frame(body: &serde_json::Value) -> Vec<u8> {
    let body = body.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The next framed message on `out`, or `None` at the end of the output.
fn read_frame(out: &mut impl std::io::BufRead) -> Option<serde_json::Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

#[test]
fn the_server_takes_the_command_lines_caps() {
    use serde_json::json;
    use std::io::{BufReader, Write};
    // 70,000 rows of one zgame cell need a word of row bits each, more than 1 MiB; `allow`
    // silences the original problem's limit on rows.
    let text = format!("[zgame]\n{}", ".\n".repeat(70_000));
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardls"))
        .args(["lsp", "--memory", "1", "--allow", "W301"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("boardls starts");
    let mut input = child.stdin.take().expect("stdin");
    // Read on a thread, so that a server that never answers fails the test instead of hanging it.
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let (tx, messages) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        while let Some(message) = read_frame(&mut output) {
            if tx.send(message).is_err() {
                break;
            }
        }
    });
    let uri = "file:///test/big.board";
    for message in [
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
        json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": {
            "uri": uri, "languageId": "board", "version": 1, "text": text } } }),
    ] {
        input.write_all(&frame(&message)).expect("written");
    }
    input.flush().expect("flushed");
    // The analysis publishes twice: before the solve, then with its result.
    let mut published = Vec::new();
    while let Ok(message) = messages.recv_timeout(std::time::Duration::from_secs(120)) {
        if message["method"] == "textDocument/publishDiagnostics" {
            let diagnostics = message["params"]["diagnostics"].clone();
            published.push(diagnostics.clone());
            if diagnostics.as_array().is_some_and(|d| !d.is_empty()) {
                break;
            }
        }
    }
    let last = published.last().cloned().unwrap_or_default();
    if last.as_array().is_none_or(Vec::is_empty) {
        let _ = child.kill();
    }
    assert_eq!(last[0]["code"], "W211", "{published:?}");
    assert!(
        last[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("more than the memory cap of 1 MiB")),
        "{last}"
    );
    assert_eq!(last.as_array().map(Vec::len), Some(1), "{last}");
    for message in [
        json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }),
        json!({ "jsonrpc": "2.0", "method": "exit" }),
    ] {
        input.write_all(&frame(&message)).expect("written");
    }
    drop(input);
    assert!(child.wait().expect("boardls exits").success());
}

#[test]
fn render_writes_one_picture_per_case_named_after_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().to_str().expect("UTF-8 path");
    let o = boardls(&["render", "examples/zgame.board", "--out", out]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("out dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["sample-1.svg", "sample-2.svg"]);
    // Each path written is printed, for scripts.
    assert_eq!(stdout(&o).lines().count(), 2, "{}", stdout(&o));
    for name in &names {
        let svg = std::fs::read_to_string(dir.path().join(name)).expect("written");
        let doc = roxmltree::Document::parse(&svg).expect("valid SVG");
        assert_eq!(doc.root_element().attribute("data-theme"), Some("light"));
        assert!(doc.descendants().any(|n| n.has_attribute("data-outcome")));
    }
}

#[test]
fn render_picks_a_case_by_number_or_name_and_a_theme() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().to_str().expect("UTF-8 path");
    let o = boardls(&[
        "render",
        "examples/chess.board",
        "--case",
        "rook 5x5",
        "--theme",
        "dark",
        "--out",
        out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = std::fs::read_to_string(dir.path().join("rook-5x5.svg")).expect("written");
    assert!(svg.contains(r#"data-theme="dark""#));
    assert!(svg.contains(r#"data-piece="R""#));
    let o = boardls(&[
        "render",
        "examples/chess.board",
        "--case",
        "3",
        "--out",
        out,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.path().join("knight-5x5.svg").is_file());
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 2);
}

#[test]
fn render_refuses_a_case_that_is_not_there() {
    let o = boardls(&["render", "examples/zgame.board", "--case", "sample 9"]);
    assert_eq!(o.status.code(), Some(1));
    expect![[r#"
        boardls: examples/zgame.board: no case is named "sample 9"; the names are "sample 1", "sample 2"
    "#]]
    .assert_eq(&stderr(&o));
    let o = boardls(&["render", "examples/zgame.board", "--case", "7"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("there is no case 7: the file has 2 case(s)"));
    let o = boardls(&["render", "examples/none.board"]);
    assert_eq!(o.status.code(), Some(2));
    let o = boardls(&["render", "examples/zgame.board", "--theme", "sepia"]);
    assert_eq!(o.status.code(), Some(2), "clap refuses it");
}

#[test]
fn render_help_explains_every_argument() {
    let o = boardls(&["render", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    for arg in [
        "<PATH>",
        "--case <N|NAME>",
        "--theme <THEME>",
        "--out <DIR>",
    ] {
        let line = help
            .lines()
            .find(|l| l.contains(arg))
            .unwrap_or_else(|| panic!("{arg} in {help}"));
        // Each argument has words after it (or on the next line).
        assert!(
            line.trim_start().len() > arg.len() + 4 || help.contains(&format!("{arg}\n")),
            "{arg} has no help: {help}"
        );
    }
    assert!(help.contains("light") && help.contains("dark"), "{help}");
}

/// `boardls lsp` told `exit`: status 0 after `shutdown`, 1 without it (as the protocol asks).
#[test]
fn the_server_exits_1_when_exit_comes_without_shutdown() {
    use serde_json::json;
    use std::io::Write;
    for (shutdown, success) in [(true, true), (false, false)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardls"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("boardls starts");
        let mut input = child.stdin.take().expect("stdin");
        let mut messages = vec![
            json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
            json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
        ];
        if shutdown {
            messages.push(json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }));
        }
        messages.push(json!({ "jsonrpc": "2.0", "method": "exit" }));
        for message in messages {
            input.write_all(&frame(&message)).expect("written");
        }
        input.flush().expect("flushed");
        let status = child.wait().expect("boardls exits");
        drop(input);
        assert_eq!(
            status.success(),
            success,
            "shutdown first: {shutdown}, {status}"
        );
        if !success {
            assert_eq!(status.code(), Some(1));
        }
    }
}

/// Judge input of tetris boards made of many middling regions (random walls), the kind whose
/// values the cache keeps.
fn tetris_regions_input() -> String {
    use crate::fixtures::xorshift::XorShift;
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut text = String::new();
    for _ in 0..4 {
        text.push_str("22 22\n");
        for _ in 0..22 {
            for _ in 0..22 {
                text.push(if rng.below(100) < 30 { '1' } else { '0' });
            }
            text.push('\n');
        }
    }
    text
}

/// `boardls` with its tetris cache in `cache`.
fn boardls_cached(cache: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardls"));
    cmd.env_remove("BOARDLS_NO_CACHE")
        .env("BOARDLS_CACHE_DIR", cache);
    run_in(cmd, Path::new(env!("CARGO_MANIFEST_DIR")), args, None)
}

#[test]
fn judge_gives_the_same_output_with_a_cold_and_a_warm_tetris_cache() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("regions.in");
    std::fs::write(&input, tetris_regions_input()).expect("write");
    let input = input.to_str().expect("path");
    let warm = dir.path().join("warm");
    let file = warm.join("tetris-regions.bin");
    let first = boardls_cached(&warm, &["judge", "tetris", input]);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert_eq!(stdout(&first).lines().count(), 4);
    let written = std::fs::read(&file).expect("the cache was saved");
    // Under every budget, from the one that stops at the first region to the default, a warm
    // cache gives what a cold one gives: its hits are charged the nodes they cost.
    let mut unsolved = 0;
    for (i, nodes) in ["50", "500", "5000", "50000", "500000", "50000000"]
        .into_iter()
        .enumerate()
    {
        let args = ["judge", "tetris", "--nodes", nodes, input];
        let cold = boardls_cached(&dir.path().join(format!("cold{i}")), &args);
        let hot = boardls_cached(&warm, &args);
        let seen = |o: &Output| (stdout(o), stderr(o), o.status.code());
        assert_eq!(seen(&hot), seen(&cold), "--nodes {nodes}");
        unsolved += stderr(&cold).lines().count();
    }
    assert!(unsolved > 0, "some budget leaves tests unsolved");
    // A damaged file is ignored (and replaced): the answers stay.
    std::fs::write(&file, &written[..written.len() / 2]).expect("write");
    let after = boardls_cached(&warm, &["judge", "tetris", input]);
    assert_eq!(
        (stdout(&after), stderr(&after)),
        (stdout(&first), String::new())
    );
    assert_eq!(
        std::fs::read(&file).expect("saved again").len(),
        written.len()
    );
    // Turned off, nothing is read or written.
    let off = dir.path().join("off");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardls"));
    cmd.env("BOARDLS_NO_CACHE", "1")
        .env("BOARDLS_CACHE_DIR", &off);
    let quiet = run_in(
        cmd,
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &["judge", "tetris", input],
        None,
    );
    assert_eq!(stdout(&quiet), stdout(&first));
    assert!(!off.exists());
}
