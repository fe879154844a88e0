//! `boardls package` as a setter uses it, through the real binary: the package's files, a
//! rebuild that keeps the author's files, the folders it refuses, its checks; and what
//! `export --force` may replace. (The judges' own tool checks these packages in
//! `scripts/package-check.sh`.)

use crate::cli::boardls_in;
use std::fs;
use std::path::Path;
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const SAMPLES: &str = "[strings \"sample 1\"]\nab\ncd\nexpect = DRAW\n\n\
                       [strings \"sample 2\"]\nxa\nay\nexpect = FIRST\n";
const PLAN: &str = "sample: samples.board\nedge: gen strings --preset edge\n\
                    small: gen strings --count 3 --seed 7\n";

/// A folder with the samples, the plan and a solution file.
fn setter() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("samples.board"), SAMPLES).expect("write");
    fs::write(dir.path().join("tests.plan"), PLAN).expect("write");
    fs::write(dir.path().join("good.cpp"), "int main() {}\n").expect("write");
    dir
}

fn package(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "package",
        "tests.plan",
        "--out",
        "gamestrings",
        "--solution",
        "good.cpp",
    ];
    args.extend_from_slice(extra);
    boardls_in(dir, &args, None)
}

fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in fs::read_dir(&at).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("inside");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_plan_becomes_a_whole_package() {
    let dir = setter();
    let made = package(dir.path(), &["--license", "cc by-sa", "--zip"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let root = dir.path().join("gamestrings");
    let listed = files(&root);
    for want in [
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "problem_statement/boardls-sample-01-1.png",
        "problem_statement/boardls-sample-02-1.png",
        "input_validators/boardls.ctd",
        "submissions/accepted/good.cpp",
        "data/sample/01.in",
        "data/sample/02.ans",
        "data/secret/01-edge/01.in",
        "data/secret/02-small/01.in",
        "tests.json",
    ] {
        assert!(
            listed.iter().any(|f| f == want),
            "{want} missing: {listed:?}"
        );
    }
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(yaml.contains("license: cc by-sa\n"), "{yaml}");
    assert!(yaml.contains("validator_flags: case_sensitive\n"), "{yaml}");
    assert!(
        yaml.contains("source: \"Codeforces 354B Game with Strings\"\n"),
        "{yaml}"
    );
    let png = fs::read(root.join("problem_statement/boardls-sample-01-1.png")).expect("png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let tex = fs::read_to_string(root.join("problem_statement/problem.en.tex")).expect("tex");
    assert!(tex.contains("\\problemname{Game with Strings}"), "{tex}");
    assert!(tex.contains("\\includegraphics[width=0.45\\textwidth]{boardls-sample-02-1.png}"));
    assert!(tex.is_ascii());
    let ctd = fs::read_to_string(root.join("input_validators/boardls.ctd")).expect("ctd");
    assert!(ctd.starts_with("INT(1, 20, n) NEWLINE\n"), "{ctd}");
    // The zip holds the same files, `problem.yaml` at its root.
    let zip = fs::read(dir.path().join("gamestrings.zip")).expect("zip");
    assert_eq!(&zip[..2], b"PK");
    let names = String::from_utf8_lossy(&zip).into_owned();
    assert!(names.contains("problem.yaml") && names.contains("data/secret/01-edge/01.in"));
    assert!(!names.contains("gamestrings/problem.yaml"));
}

#[test]
fn a_rebuild_replaces_only_what_boardls_wrote() {
    let dir = setter();
    let first = package(dir.path(), &[]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert!(
        text(&first.stderr).contains("no license"),
        "{}",
        text(&first.stderr)
    );
    let root = dir.path().join("gamestrings");
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    let uuid_line = yaml
        .lines()
        .find(|l| l.starts_with("uuid: "))
        .expect("uuid")
        .to_string();
    // The author's edits: a key, statement text, a wrong submission, a file of their own;
    // and a stale test where only boardls writes.
    fs::write(root.join("problem.yaml"), format!("{yaml}author: Ann\n")).expect("write");
    let tex_path = root.join("problem_statement/problem.en.tex");
    let tex = fs::read_to_string(&tex_path).expect("tex");
    fs::write(
        &tex_path,
        tex.replace("\\section*{Input}", "A story.\n\\section*{Input}"),
    )
    .expect("write");
    fs::create_dir_all(root.join("submissions/wrong_answer")).expect("mkdir");
    fs::write(
        root.join("submissions/wrong_answer/greedy.py"),
        "print(1)\n",
    )
    .expect("write");
    fs::write(root.join("notes.txt"), "mine\n").expect("write");
    fs::write(root.join("data/secret/stale.in"), "1\na\n").expect("write");
    fs::write(
        dir.path().join("tests.plan"),
        PLAN.replace("--count 3", "--count 4"),
    )
    .expect("write");

    let again = package(dir.path(), &["--license", "cc0"]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(
        yaml.contains("author: Ann\n") && yaml.contains("license: cc0\n"),
        "{yaml}"
    );
    assert!(yaml.contains(&uuid_line), "the uuid stays: {yaml}");
    let tex = fs::read_to_string(&tex_path).expect("tex");
    assert!(tex.contains("A story.\n\\section*{Input}"), "{tex}");
    assert_eq!(
        fs::read_to_string(root.join("submissions/wrong_answer/greedy.py")).expect("kept"),
        "print(1)\n"
    );
    assert_eq!(
        fs::read_to_string(root.join("notes.txt")).expect("kept"),
        "mine\n"
    );
    assert!(
        !root.join("data/secret/stale.in").exists(),
        "data is boardls's own"
    );
    assert!(
        root.join("data/secret/02-small/04.in").exists(),
        "the new plan's tests"
    );
    // No staging folder is left beside the package.
    let beside: Vec<String> = fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("boardls-"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
}

#[test]
fn a_folder_boardls_did_not_write_is_refused() {
    let dir = setter();
    let root = dir.path().join("gamestrings");
    fs::create_dir_all(&root).expect("mkdir");
    fs::write(root.join("key.pem"), "secret\n").expect("write");
    let refused = package(dir.path(), &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("key.pem"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(files(&root), ["key.pem"]);
}

#[test]
fn the_package_checks_stop_or_warn() {
    let dir = setter();
    fs::write(dir.path().join("tests.plan"), "sample: samples.board\n").expect("write");
    let no_secret = package(dir.path(), &[]);
    assert_eq!(no_secret.status.code(), Some(1));
    assert!(
        text(&no_secret.stderr).contains("error[E240]"),
        "{}",
        text(&no_secret.stderr)
    );
    assert!(!dir.path().join("gamestrings").exists());

    fs::write(
        dir.path().join("tests.plan"),
        "sample: samples.board\nBig_: samples.board\n",
    )
    .expect("write");
    let warned = package(dir.path(), &[]);
    assert_eq!(warned.status.code(), Some(0), "{}", text(&warned.stderr));
    let shown = text(&warned.stderr);
    assert!(shown.contains("warning[W241]"), "{shown}");
    assert!(shown.contains("warning[W243]: group `Big_`"), "{shown}");
}

#[test]
fn export_force_replaces_only_an_earlier_export() {
    let dir = setter();
    let victim = dir.path().join("victim");
    fs::create_dir_all(&victim).expect("mkdir");
    fs::write(victim.join("key.pem"), "secret\n").expect("write");
    let forced = boardls_in(
        dir.path(),
        &["export", "samples.board", "--out", "victim", "--force"],
        None,
    );
    assert_eq!(forced.status.code(), Some(2));
    assert!(
        text(&forced.stderr).contains("key.pem"),
        "{}",
        text(&forced.stderr)
    );
    assert_eq!(files(&victim), ["key.pem"]);

    // A path from boardls.toml may not leave its folder, by `..` or by a link.
    let project = dir.path().join("project");
    fs::create_dir_all(&project).expect("mkdir");
    fs::write(project.join("samples.board"), SAMPLES).expect("write");
    fs::write(
        project.join("boardls.toml"),
        "[export]\nout = \"../victim\"\n",
    )
    .expect("write");
    let climbing = boardls_in(&project, &["export", "samples.board", "--force"], None);
    assert_ne!(climbing.status.code(), Some(0));
    assert!(
        text(&climbing.stderr).contains("leaves the folder"),
        "{}",
        text(&climbing.stderr)
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&victim, project.join("link")).expect("symlink");
        fs::write(project.join("boardls.toml"), "[export]\nout = \"link\"\n").expect("write");
        let linked = boardls_in(&project, &["export", "samples.board", "--force"], None);
        assert_ne!(linked.status.code(), Some(0));
        assert!(
            text(&linked.stderr).contains("leads outside"),
            "{}",
            text(&linked.stderr)
        );
    }
    assert_eq!(files(&victim), ["key.pem"]);
}

#[test]
fn a_killed_runs_staging_folder_goes_on_the_next_run() {
    let dir = setter();
    // No process has this number (above Linux's largest).
    let dead = dir.path().join(".tests.boardls-new-4294967");
    fs::create_dir_all(dead.join(".parts")).expect("mkdir");
    let live = dir
        .path()
        .join(format!(".tests.boardls-new-{}", std::process::id()));
    fs::create_dir_all(&live).expect("mkdir");
    let made = boardls_in(
        dir.path(),
        &["export", "samples.board", "--out", "tests"],
        None,
    );
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    if cfg!(target_os = "linux") {
        assert!(!dead.exists(), "a dead run's staging folder is removed");
    }
    assert!(live.exists(), "a running process's is left alone");
}

#[test]
fn render_writes_png_on_request() {
    let dir = setter();
    let made = boardls_in(
        dir.path(),
        &[
            "render",
            "samples.board",
            "--format",
            "png",
            "--out",
            "pics",
        ],
        None,
    );
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    assert_eq!(
        files(&dir.path().join("pics")),
        ["sample-1.png", "sample-2.png"]
    );
    let png = fs::read(dir.path().join("pics/sample-1.png")).expect("png");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn groups_with_points_make_a_scoring_problem() {
    let dir = setter();
    fs::write(
        dir.path().join("tests.plan"),
        "sample: samples.board\nedge(40): gen strings --preset edge\n\
         small(60): gen strings --count 3 --seed 7\n",
    )
    .expect("write");
    let made = package(dir.path(), &[]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let root = dir.path().join("gamestrings");
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(
        yaml.contains("type: scoring\ngrading:\n  show_test_data_groups: true\n"),
        "{yaml}"
    );
    let read = |rel: &str| fs::read_to_string(root.join(rel)).expect(rel);
    assert_eq!(
        read("data/secret/02-small/testdata.yaml"),
        "on_reject: continue\ngrader_flags: min\naccept_score: 60\nrange: 0 60\n"
    );
    assert_eq!(
        read("data/testdata.yaml"),
        "on_reject: continue\ngrader_flags: sum\nrange: 0 100\n"
    );
    // A secret test outside the groups with points would score nothing.
    fs::write(
        dir.path().join("tests.plan"),
        "sample: samples.board\nedge(40): gen strings --preset edge\ngen strings --count 2\n",
    )
    .expect("write");
    let refused = package(dir.path(), &[]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("error[E244]"),
        "{}",
        text(&refused.stderr)
    );
    // Pass-fail again: the scoring keys go.
    fs::write(dir.path().join("tests.plan"), PLAN).expect("write");
    let again = package(dir.path(), &[]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(
        yaml.contains("type: pass-fail\n") && !yaml.contains("grading"),
        "{yaml}"
    );
    assert!(!root.join("data/testdata.yaml").exists());
}

#[test]
fn limits_given_are_written_and_kept_on_a_rebuild_without_them() {
    let dir = setter();
    fs::write(
        dir.path().join("boardls.toml"),
        "[package]\ntime_limit = 1.5\nmemory_limit = 512\n",
    )
    .expect("write");
    let first = package(dir.path(), &["--memory-limit", "1024"]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let root = dir.path().join("gamestrings");
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(
        yaml.contains("\nlimits:\n  memory: 1024\n"),
        "the flag wins: {yaml}"
    );
    assert_eq!(
        fs::read_to_string(root.join(".timelimit")).expect("time limit"),
        "1.5\n"
    );

    fs::remove_file(dir.path().join("boardls.toml")).expect("remove");
    let again = package(dir.path(), &[]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let yaml = fs::read_to_string(root.join("problem.yaml")).expect("yaml");
    assert!(yaml.contains("\nlimits:\n  memory: 1024\n"), "{yaml}");
    assert_eq!(
        fs::read_to_string(root.join(".timelimit")).expect("kept"),
        "1.5\n"
    );

    let refused = package(dir.path(), &["--time-limit", "0"]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr).contains("`0` is not a number of seconds above 0"),
        "{}",
        text(&refused.stderr)
    );
}
