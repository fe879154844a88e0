//! The batch commands on many files: the same output (stdout, stderr, exit status) whatever
//! the number of jobs.

use super::cli::boardls_in;
use std::fs;
use std::path::Path;
use std::process::Output;

/// A folder of many files: the examples (one with mistakes and fixes), generated boards of
/// every game, the same board in two files (a suite duplicate), a file that is not UTF-8.
fn suite_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for entry in fs::read_dir(&examples).expect("examples") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        fs::copy(&path, dir.path().join(format!("a-{name}"))).expect("copy");
    }
    let gens: &[&[&str]] = &[
        &["zgame", "--size", "12", "--count", "6", "--seed", "3"],
        &["zgame", "--size", "12", "--count", "6", "--seed", "4"],
        &["race", "--count", "5", "--seed", "2"],
        &["chess", "--count", "4", "--seed", "5"],
        &["strings", "--size", "6", "--count", "4", "--seed", "6"],
        &["tetris", "--size", "4x5", "--count", "3", "--seed", "7"],
    ];
    for (i, args) in gens.iter().enumerate() {
        let mut full = vec!["gen"];
        full.extend_from_slice(args);
        let out = boardls_in(dir.path(), &full, None);
        assert!(out.status.success(), "gen {args:?}: {}", stderr(&out));
        fs::write(dir.path().join(format!("g{i}.board")), &out.stdout).expect("write");
        if i == 0 {
            // The same boards again, with a wrong expect in the first case.
            let text = String::from_utf8_lossy(&out.stdout).replacen("expect = ", "expect = x", 1);
            fs::write(dir.path().join("h-copy.board"), text).expect("write");
        }
    }
    fs::write(
        dir.path().join("z-bytes.board"),
        b"zgame\n  size = 2 2\n  ..\n  .\xff\n",
    )
    .expect("write");
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn same_whatever_the_jobs(dir: &Path, args: &[&str]) -> Output {
    let with = |jobs: &'static str| {
        let mut full: Vec<&str> = args.to_vec();
        full.insert(1, jobs);
        full.insert(1, "--jobs");
        boardls_in(dir, &full, None)
    };
    let one = with("1");
    let four = with("4");
    assert_eq!(
        String::from_utf8_lossy(&one.stdout),
        String::from_utf8_lossy(&four.stdout),
        "stdout of {args:?}"
    );
    assert_eq!(stderr(&one), stderr(&four), "stderr of {args:?}");
    assert_eq!(one.status.code(), four.status.code(), "status of {args:?}");
    one
}

#[test]
fn check_prints_the_same_whatever_the_jobs() {
    let dir = suite_folder();
    for format in ["human", "json", "github", "sarif"] {
        for suite in [false, true] {
            let mut args = vec!["check", "--output-format", format, "--color", "never"];
            if suite {
                args.push("--suite");
            }
            args.push(".");
            let out = same_whatever_the_jobs(dir.path(), &args);
            let stdout = String::from_utf8_lossy(&out.stdout);
            // Findings of several files, so the order is the pipeline's to keep.
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stdout}");
            for file in ["a-mistakes.board", "h-copy.board", "z-bytes.board"] {
                assert!(stdout.contains(file), "{args:?} names {file}: {stdout}");
            }
            if suite {
                assert!(stdout.contains("same board as"), "{args:?}: {stdout}");
            }
        }
    }
}

#[test]
fn check_diff_is_the_same_whatever_the_jobs() {
    let dir = suite_folder();
    let out = same_whatever_the_jobs(dir.path(), &["check", "--diff", "--unsafe-fixes", "."]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("+++ b/./a-mistakes.board"), "{stdout}");
    assert!(stdout.contains("+++ b/./h-copy.board"), "{stdout}");
}

#[test]
fn solve_prints_the_same_whatever_the_jobs() {
    let dir = suite_folder();
    for format in ["human", "json", "github"] {
        let out = same_whatever_the_jobs(dir.path(), &["solve", "--output-format", format, "."]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{format}: {stdout}");
        assert!(stdout.contains("h-copy.board"), "{format}: {stdout}");
        assert!(stdout.contains("mismatch"), "{format}: {stdout}");
    }
}

/// Every file under `dir`, relative path → bytes.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("under dir");
                out.push((rel.display().to_string(), fs::read(&path).expect("read")));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn export_and_validate_are_the_same_whatever_the_jobs() {
    let dir = suite_folder();
    for name in ["a-mistakes.board", "h-copy.board", "z-bytes.board"] {
        fs::remove_file(dir.path().join(name)).expect("remove");
    }
    for layout in ["flat", "kattis"] {
        let mut exported = Vec::new();
        for jobs in ["1", "4"] {
            let out_dir = format!("{layout}{jobs}");
            let out = boardls_in(
                dir.path(),
                &[
                    "export", "--jobs", jobs, "--layout", layout, "--out", &out_dir, ".",
                ],
                None,
            );
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            exported.push((
                stderr(&out).replace(&out_dir, "OUT"),
                tree(&dir.path().join(&out_dir)),
            ));
        }
        assert_eq!(exported[0], exported[1], "{layout}");
        assert!(exported[0].1.len() > 10, "{:?}", exported[0].0);
    }
    let exported = tree(&dir.path().join("kattis1"));
    let out = same_whatever_the_jobs(dir.path(), &["validate", "--tests", "kattis1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // A wrong answer: both stop at the same test with the same table.
    let (ans, _) = exported
        .iter()
        .find(|(path, _)| Path::new(path).extension().is_some_and(|e| e == "ans"))
        .expect("an answer file");
    let ans = dir.path().join("kattis1").join(ans);
    let text = fs::read_to_string(&ans).expect("an answer file");
    fs::write(&ans, format!("x{text}")).expect("write");
    let out = same_whatever_the_jobs(dir.path(), &["validate", "--tests", "kattis1"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn export_errors_are_the_same_whatever_the_jobs() {
    let dir = suite_folder();
    let out = same_whatever_the_jobs(dir.path(), &["export", "--out", "out", "."]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("nothing exported"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_cases_of_one_large_file_give_the_same_output_whatever_the_jobs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = boardls_in(
        dir.path(),
        &[
            "gen", "zgame", "--size", "40", "--count", "50", "--seed", "9",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // Some wrong answers, so that findings come from cases all through the file.
    let text = String::from_utf8_lossy(&out.stdout)
        .replace("expect = yes no no", "expect = no no no")
        .replace("expect = no no yes", "expect = yes yes yes");
    fs::write(dir.path().join("big.board"), &text).expect("write");
    let checked = same_whatever_the_jobs(dir.path(), &["check", "--color", "never", "."]);
    let stdout = String::from_utf8_lossy(&checked.stdout);
    assert!(stdout.matches("E210").count() > 5, "{stdout}");
    let solved = same_whatever_the_jobs(dir.path(), &["solve", "--output-format", "json", "."]);
    assert!(
        String::from_utf8_lossy(&solved.stdout)
            .matches("\"mismatch\"")
            .count()
            > 5,
        "{}",
        String::from_utf8_lossy(&solved.stdout)
    );
    let right = String::from_utf8_lossy(&out.stdout).into_owned();
    fs::write(dir.path().join("big.board"), right).expect("write");
    let mut exported = Vec::new();
    for jobs in ["1", "4"] {
        let out_dir = format!("out{jobs}");
        let out = boardls_in(
            dir.path(),
            &["export", "--jobs", jobs, "--out", &out_dir, "big.board"],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        exported.push(tree(&dir.path().join(&out_dir)));
    }
    assert_eq!(exported[0], exported[1]);
    assert_eq!(exported[0].len(), 3, "01.in, 01.ans, tests.json");
}
