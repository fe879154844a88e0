//! The command line around the checks, through the real binary: `boardls.toml` and the order
//! of the layers, `--fix`/`--diff`, the output formats (SARIF against its official schema),
//! standard input, folder walking, colour, wide characters, a closed pipe, `explain`,
//! completions and the man page.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardls"));
    cmd.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    crate::cli::run_in(cmd, dir, args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A zgame case that solves, with no `expect`.
const BOARD: &str = "[zgame \"a\"]\nAB.\n.BA\n";

/// The `(code, severity)` pairs `check --output-format json` reports.
fn findings(out: &Output) -> Vec<(String, String)> {
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["version"], 1);
    json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn severities_of(out: &Output, code: &str) -> Vec<String> {
    let mut found: Vec<String> = findings(out)
        .into_iter()
        .filter(|(c, _)| c == code)
        .map(|(_, s)| s)
        .collect();
    found.dedup();
    found
}

#[test]
fn layers_apply_in_the_documented_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    fs::write(root.join("a.board"), BOARD).expect("write");
    fs::write(root.join("other.toml"), "allow = [\"I220\"]\n").expect("write");
    let toml = root.join("boardls.toml");
    // (boardls.toml, flags, what I220 is, exit status)
    let table: &[(&str, &[&str], &[&str], i32)] = &[
        ("", &["--suite"], &["info"], 0),
        ("deny = [\"I220\"]\n", &["--suite"], &["error"], 1),
        (
            "deny = [\"I220\"]\n",
            &["--suite", "--allow", "I220"],
            &[],
            0,
        ),
        ("allow = [\"I220\"]\n", &["--suite"], &[], 0),
        (
            "allow = [\"I220\"]\n",
            &["--suite", "--deny", "I220"],
            &["error"],
            1,
        ),
        (
            "deny = [\"I220\"]\n",
            &["--suite", "--isolated"],
            &["info"],
            0,
        ),
        (
            "deny = [\"I220\"]\n",
            &["--suite", "--config", "other.toml"],
            &[],
            0,
        ),
        ("suite = true\n", &[], &["info"], 0),
        ("suite = true\ndeny = [\"I220\"]\n", &[], &["error"], 1),
    ];
    for (config, flags, want, status) in table {
        fs::write(&toml, config).expect("write");
        let mut args = vec!["check", "--output-format", "json"];
        args.extend_from_slice(flags);
        args.push(".");
        let out = run_in(root, &args, None);
        assert_eq!(
            (severities_of(&out, "I220"), out.status.code()),
            (
                want.iter().map(ToString::to_string).collect(),
                Some(*status)
            ),
            "{config:?} {flags:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn budgets_come_from_the_project_and_flags_override_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    // A strings board beyond the original n ≤ 20 is searched under the node budget.
    let row = "ab".repeat(12);
    let board = format!("[strings]\n{}", format!("{row}\n").repeat(24));
    fs::write(root.join("s.board"), &board).expect("write");
    fs::write(root.join("boardls.toml"), "nodes = 1\n").expect("write");
    let starved = run_in(root, &["solve", "--output-format", "json", "s.board"], None);
    let json: serde_json::Value = serde_json::from_slice(&starved.stdout).expect("json");
    assert_eq!(json["cases"][0]["status"], "unsolved", "{json}");
    let fed = run_in(
        root,
        &["solve", "--json", "--nodes", "50000000", "s.board"],
        None,
    );
    let json: serde_json::Value = serde_json::from_slice(&fed.stdout).expect("json");
    assert_ne!(json["cases"][0]["status"], "unsolved", "{json}");
}

#[test]
fn a_broken_config_names_its_problems_and_exits_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("a.board"), BOARD).expect("write");
    fs::write(dir.path().join("boardls.toml"), "alow = [\"W301\"]\n").expect("write");
    let out = run_in(dir.path(), &["check", "a.board"], None);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("error[E231]: unknown key `alow`") && said.contains("did you mean `allow`?"),
        "{said}"
    );
    // Found from a folder below as well, and ignored with --isolated.
    let isolated = run_in(dir.path(), &["--isolated", "check", "a.board"], None);
    assert_eq!(
        isolated.status.code(),
        Some(0),
        "{}",
        text(&isolated.stderr)
    );
}

fn solved_answer(dir: &Path, file: &str) -> String {
    let out = run_in(dir, &["solve", "--json", file], None);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    json["cases"][0]["answer"]
        .as_str()
        .expect("answer")
        .to_string()
}

#[cfg(unix)]
#[test]
fn fix_keeps_permissions_writes_through_symlinks_and_diff_writes_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let file = root.join("t.board");
    let broken = "[zgmae \"a\"]\nAB.\n.BA\n\n[zgame \"b\"]\nAB.\n.BA\nexpect = yes yes yes\nexpect = no no no\n";
    fs::write(&file, broken).expect("write");
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).expect("chmod");
    std::os::unix::fs::symlink("t.board", root.join("link.board")).expect("symlink");

    let diff = run_in(root, &["check", "--diff", "link.board"], None);
    assert_eq!(diff.status.code(), Some(1));
    let shown = text(&diff.stdout);
    assert!(
        shown.contains("-[zgmae \"a\"]\n+[zgame \"a\"]\n"),
        "{shown}"
    );
    assert_eq!(fs::read_to_string(&file).expect("read"), broken);

    let fixed = run_in(root, &["check", "--fix", "link.board"], None);
    assert!(
        text(&fixed.stderr).contains("fixed"),
        "{}",
        text(&fixed.stderr)
    );
    let link = fs::symlink_metadata(root.join("link.board")).expect("meta");
    assert!(link.file_type().is_symlink(), "the link stays a link");
    let mode = fs::metadata(&file).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let after = fs::read_to_string(&file).expect("read");
    let answer = solved_answer(root, "t.board");
    // Safe: the game name, the duplicate `expect` gone, the first case's `expect` written.
    assert!(
        after.starts_with(&format!("[zgame \"a\"]\nAB.\n.BA\nexpect = {answer}\n")),
        "{after}"
    );
    assert_eq!(after.matches("expect =").count(), 2, "{after}");
    let wrong_kept = after.contains("expect = yes yes yes") || after.contains("expect = no no no");
    assert!(
        wrong_kept,
        "a wrong expect is left without --unsafe-fixes: {after}"
    );

    run_in(root, &["check", "--fix", "--unsafe-fixes", "t.board"], None);
    let after = fs::read_to_string(&file).expect("read");
    assert_eq!(
        after.matches(&format!("expect = {answer}")).count(),
        2,
        "{after}"
    );
    let clean = run_in(root, &["check", "t.board"], None);
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean.stdout));
}

#[cfg(unix)]
#[test]
fn fmt_keeps_permissions_and_symlinks() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("t.board");
    fs::write(&file, "[zgame]\nAB.\n.BA\n\n\n\n").expect("write");
    fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).expect("chmod");
    std::os::unix::fs::symlink("t.board", dir.path().join("l.board")).expect("symlink");
    let out = run_in(dir.path(), &["fmt", "l.board"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(&file).expect("read"),
        "[zgame]\nAB.\n.BA\n"
    );
    let meta = fs::metadata(&file).expect("meta");
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    assert!(
        fs::symlink_metadata(dir.path().join("l.board"))
            .expect("meta")
            .file_type()
            .is_symlink()
    );
}

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn sarif_output_follows_the_official_schema() {
    let out = run_in(
        manifest(),
        &[
            "check",
            "--output-format",
            "sarif",
            "examples/mistakes.board",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    // The official file's `language` patterns (`…{2}]?$`, a stray `]`) are not ECMA-262
    // regexes, which its meta-schema requires; boardls writes no `language`, so they are read
    // as their authors meant them and the rest of the file is used as it is.
    let official =
        fs::read_to_string(manifest().join("tests/data/sarif-schema-2.1.0.json")).expect("schema");
    let stray = r"^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";
    assert_eq!(official.matches(stray).count(), 2);
    let schema: serde_json::Value =
        serde_json::from_str(&official.replace(stray, r"^[a-zA-Z]{2}(-[a-zA-Z]{2})?$"))
            .expect("schema json");
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let run = &log["runs"][0];
    let results = run["results"].as_array().expect("results");
    assert!(!results.is_empty());
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    for result in results {
        let rule =
            &rules[usize::try_from(result["ruleIndex"].as_u64().expect("index")).expect("small")];
        assert_eq!(rule["id"], result["ruleId"]);
        assert!(rule["help"]["text"].as_str().is_some_and(|t| t.len() > 20));
    }
    // The misspelt game carries its fix.
    let typo = results
        .iter()
        .find(|r| r["ruleId"] == "E201")
        .expect("E201");
    let replacement = &typo["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "zgame");
    // And a broken log is refused: the check can fail.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&broken));
}

#[test]
fn github_output_is_workflow_commands() {
    let out = run_in(
        manifest(),
        &[
            "check",
            "--output-format",
            "github",
            "examples/mistakes.board",
        ],
        None,
    );
    let shown = text(&out.stdout);
    assert!(
        shown.lines().all(
            |l| l.starts_with("::error file=examples/mistakes.board,line=")
                || l.starts_with("::warning file=")
                || l.starts_with("::notice file=")
        ),
        "{shown}"
    );
    assert!(
        shown.contains(",title=E201::unknown game `zgmae`"),
        "{shown}"
    );
    let solved = run_in(
        manifest(),
        &["solve", "--output-format", "github", "examples/zgame.board"],
        None,
    );
    assert!(text(&solved.stdout).starts_with("::notice file=examples/zgame.board,line="));
}

#[test]
fn a_dash_reads_standard_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let checked = run_in(
        dir.path(),
        &["check", "--stdin-filename", "in/x.board", "-"],
        Some("[zgmae]\nAB\n"),
    );
    assert_eq!(checked.status.code(), Some(1));
    assert!(text(&checked.stdout).starts_with("in/x.board:1:2: error[E201]"));
    let formatted = run_in(dir.path(), &["fmt", "-"], Some("[zgame]\nAB.\n.BA\n\n\n"));
    assert_eq!(text(&formatted.stdout), "[zgame]\nAB.\n.BA\n");
    let solved = run_in(dir.path(), &["solve", "-"], Some(BOARD));
    assert!(
        text(&solved.stdout).starts_with("-:1: zgame \"a\": "),
        "{}",
        text(&solved.stdout)
    );
}

#[test]
fn folders_are_walked_respecting_gitignore_and_excludes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    for path in [
        "a.board",
        "ign/b.board",
        "gen/c.board",
        "sub/d.board",
        ".hidden/e.board",
    ] {
        let file = root.join(path);
        fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        fs::write(&file, "[zgmae]\n").expect("write");
    }
    fs::write(root.join(".gitignore"), "ign/\n").expect("write");
    fs::write(root.join("boardls.toml"), "exclude = [\"gen/\"]\n").expect("write");
    let files = |args: &[&str]| {
        let out = run_in(root, args, None);
        let mut seen: Vec<String> = text(&out.stdout)
            .lines()
            .filter_map(|l| l.split(':').next())
            .filter(|f| Path::new(f).extension().is_some_and(|e| e == "board"))
            .map(str::to_string)
            .collect();
        seen.dedup();
        seen
    };
    assert_eq!(files(&["check", "."]), ["./a.board", "./sub/d.board"]);
    assert_eq!(files(&["check", "--exclude", "sub", "."]), ["./a.board"]);
    assert_eq!(
        files(&["check", "--no-ignore", "--isolated", "."]),
        [
            "./.hidden/e.board",
            "./a.board",
            "./gen/c.board",
            "./ign/b.board",
            "./sub/d.board"
        ]
    );
    // A file named on the command line is read even when excluded.
    assert_eq!(files(&["check", "gen/c.board"]), ["gen/c.board"]);
    fs::create_dir(root.join("empty")).expect("mkdir");
    let empty = run_in(root, &["check", "empty"], None);
    assert_eq!(empty.status.code(), Some(2));
    assert!(text(&empty.stderr).contains("no `.board` file"));
}

#[test]
fn colour_follows_color_and_carets_follow_display_width() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("w.board"),
        "[zgame \"棋盘 🎲\"] expct = 1\nAB\n",
    )
    .expect("write");
    let always = run_in(dir.path(), &["check", "--color", "always", "w.board"], None);
    assert!(text(&always.stdout).contains("\u{1b}["));
    let never = run_in(dir.path(), &["check", "--color", "never", "w.board"], None);
    assert!(!text(&never.stdout).contains('\u{1b}'));
    // Not a terminal: no colour by default.
    let piped = run_in(dir.path(), &["check", "w.board"], None);
    assert_eq!(piped.stdout, never.stdout);
    let shown = text(&never.stdout);
    let mut lines = shown.lines().skip_while(|l| !l.starts_with("1 | "));
    let (source, carets) = (lines.next().expect("source"), lines.next().expect("carets"));
    // `棋`, `盘` and `🎲` take two cells each: the carets sit under `expct`.
    let cells = |s: &str| {
        s.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    let at = source.find("expct").expect("expct");
    assert_eq!(
        carets.find('^').map(|i| cells(&carets[..i])),
        Some(cells(&source[..at])),
        "{shown}"
    );
}

/// `boardls ARGS` in `dir`, its output and errors piped to the test.
fn spawn_piped(dir: &Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_boardls"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts")
}

/// The command, whose reader has gone, finished as if all had been read: status 0, no message.
fn assert_ended_quietly(child: std::process::Child, args: &[&str]) {
    let out = child.wait_with_output().expect("finishes");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    assert_eq!(text(&out.stderr), "", "{args:?}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("many.board"),
        format!("{BOARD}\n").repeat(3000),
    )
    .expect("write");
    for args in [
        &["solve", "many.board"][..],
        &["check", "--output-format", "json", "--suite", "many.board"],
        &["gen", "zgame", "--count", "50", "--size", "100"],
    ] {
        let mut child = spawn_piped(dir.path(), args);
        let mut first = [0u8; 16];
        child
            .stdout
            .take()
            .expect("stdout")
            .read_exact(&mut first)
            .expect("some output");
        // The reader is gone (the pipe dropped above), as after `| head -c 16`.
        assert_ended_quietly(child, args);
    }
}

#[test]
fn a_pipe_closed_before_any_output_ends_quietly() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("sample.in"),
        "2\n3 3\n..B\n..B\nBB.\n1 3\n...\n",
    )
    .expect("write");
    // Outputs smaller than a pipe's buffer fail to be written only when the reader has gone
    // first, as here: the pipe is closed before the command writes anything.
    for args in [
        &["judge", "zgame", "sample.in"][..],
        &["completions", "bash"],
        &["explain", "E210"],
    ] {
        let mut child = spawn_piped(dir.path(), args);
        drop(child.stdout.take());
        assert_ended_quietly(child, args);
    }
}

#[test]
fn explain_completions_man_and_help() {
    let here = manifest();
    let explained = run_in(here, &["explain", "E210"], None);
    assert_eq!(explained.status.code(), Some(0));
    assert!(text(&explained.stdout).starts_with("E210\n\nThe expected answer differs"));
    assert!(
        text(&explained.stdout)
            .contains("For example, this file:\n\n    [zgame \"wrong expect\"]\n"),
        "{}",
        text(&explained.stdout)
    );
    let with_project = text(&run_in(here, &["explain", "W211"], None).stdout);
    assert!(
        with_project.contains("checked under this boardls.toml:\n\n    nodes = 1\n"),
        "{with_project}"
    );
    let config = text(&run_in(here, &["explain", "E231"], None).stdout);
    assert!(
        config.contains("this boardls.toml:\n\n    alow ="),
        "{config}"
    );
    let unknown = run_in(here, &["explain", "X999"], None);
    assert_eq!(unknown.status.code(), Some(2));
    let listed = text(&run_in(here, &["explain", "--list"], None).stdout);
    assert!(listed.lines().any(|l| l.starts_with("E231  ")), "{listed}");
    for (shell, mark) in [
        ("bash", "complete -F _boardls"),
        ("zsh", "#compdef boardls"),
        ("fish", "complete -c boardls"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = text(&run_in(here, &["completions", shell], None).stdout);
        assert!(script.contains(mark), "{shell}");
        assert!(
            shell == "powershell" || script.contains("near-start"),
            "{shell}: presets are completed"
        );
    }
    let man = text(&run_in(here, &["man"], None).stdout);
    assert!(man.contains(".TH boardls 1") && man.contains("completions"));
    let help = text(&run_in(here, &["gen", "--help"], None).stdout);
    assert!(
        help.contains("near-start") && help.contains("The seed"),
        "{help}"
    );
    // Budgets belong to the commands that solve.
    let fmt = run_in(here, &["fmt", "--nodes", "5", "examples"], None);
    assert_eq!(fmt.status.code(), Some(2));
}

#[test]
fn build_walks_its_plan_folders_as_check_does_and_takes_budgets_after_the_subcommand() {
    let dir = tempfile::tempdir().expect("tempdir");
    let here = dir.path();
    fs::create_dir(here.join("cases")).expect("mkdir");
    fs::write(here.join("cases/a.board"), BOARD).expect("write");
    fs::write(
        here.join("cases/draft.board"),
        BOARD.replace("\"a\"", "\"draft\""),
    )
    .expect("write");
    fs::write(here.join("cases/.gitignore"), "draft.board\n").expect("write");
    fs::write(here.join("tests.plan"), "cases\n").expect("write");

    let built = run_in(
        here,
        &["build", "tests.plan", "--out", "t", "--nodes", "1000000"],
        None,
    );
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    let index: serde_json::Value =
        serde_json::from_slice(&fs::read(here.join("t/tests.json")).expect("tests.json"))
            .expect("json");
    assert_eq!(cases_of(&index), ["a"], "the ignored draft is not built");

    let all = run_in(
        here,
        &["build", "tests.plan", "--out", "all", "--no-ignore"],
        None,
    );
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stderr));
    let index: serde_json::Value =
        serde_json::from_slice(&fs::read(here.join("all/tests.json")).expect("tests.json"))
            .expect("json");
    assert_eq!(cases_of(&index), ["a", "draft"]);

    let none = run_in(
        here,
        &[
            "build",
            "tests.plan",
            "--out",
            "none",
            "--exclude",
            "a.board",
        ],
        None,
    );
    assert_eq!(none.status.code(), Some(2));
    assert!(
        text(&none.stderr).contains("tests.plan:1: ")
            && text(&none.stderr).contains("no `.board` file"),
        "{}",
        text(&none.stderr)
    );
    assert!(!here.join("none").exists());

    let valid = run_in(
        here,
        &["validate", "--tests", "t", "--nodes", "1000000"],
        None,
    );
    assert_eq!(valid.status.code(), Some(0), "{}", text(&valid.stderr));
    // `grade` runs a program and solves nothing: no budget to take.
    let grade = run_in(here, &["grade", "t", "--nodes", "5", "--", "true"], None);
    assert_eq!(grade.status.code(), Some(2));
}

/// The names of the cases of a `tests.json`, in order.
fn cases_of(index: &serde_json::Value) -> Vec<String> {
    index["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .flat_map(|t| t["cases"].as_array().expect("cases"))
        .map(|c| c["name"].as_str().expect("name").to_string())
        .collect()
}
