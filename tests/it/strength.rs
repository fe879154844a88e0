//! `boardls strength` and `boardls strengthen` run as the real binary: the kill matrix of a
//! small suite whose every cell is known, its JSON, a test folder read as it is, and, for every
//! game, the README walkthrough's plan strengthened until every mutant of the zoo is killed, by
//! a suite that also kills the wrong solutions of `outside.rs`, written apart from the zoo.

use super::cli::boardls_in;
use super::outside;
use boardls::authoring::strength::{measure, measure_folder, read_folder};
use expect_test::expect;
use std::fs;
use std::path::Path;
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    boardls_in(dir, args, None)
}

/// Three chess tests (one group each, so one file each: `01`, `02`, `03`), one piece each: what each mutant answers on them is worked out in the
/// comments.
const CHESS_SUITE: &str = "\
// boardls: group king
[chess \"king 2 4\"]
piece = king
size = 2 4
expect = B

[chess \"queen 3 3\"]
// boardls: group queen
piece = queen
size = 3 3
expect = B

[chess \"knight 2 3\"]
// boardls: group knight
piece = knight
size = 2 3
expect = B
";

#[test]
fn the_kill_matrix_of_a_small_suite_names_the_survivors() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("chess.board"), CHESS_SUITE).expect("written");
    let out = run(dir.path(), &["strength", "chess.board"]);
    // king 2 4: N + M even says G, and so do distances 3 and 5; queen 3 3: a rook's answer is
    // G; knight 2 3: one jump is Bo's, never a draw, and from 3 × 4 it cannot be reached. The
    // off-by-one Wythoff index answers B for every queen, and N's parity alone gives B for a
    // king on two rows: both right on all three.
    expect![[r#"
        chess: 7 mutant(s), 3 test(s)
           1  king-sum-parity
           2  queen-as-rook
           3  wythoff-index-off-by-one
           4  knight-always-draw
           5  knight-first-never-wins
           6  king-rows-parity-only
           7  distances-off-by-one
        test    1  2  3  4  5  6  7
        01      x  .  .  .  .  .  x
        02      .  x  .  .  .  .  .
        03      .  .  .  x  x  .  x
        killed  1  1  0  1  1  0  2
        mutation score: 5/7 (71%)
        survivor: wythoff-index-off-by-one: Takes the Wythoff pair's index as ⌊min·(√5−1)/2⌋ without also trying the next one, which is always one too small, so the queen's losing starts are missed. (no test kills it)
        survivor: king-rows-parity-only: Decides the king by the parity of N alone, as if the board were a single column. (no test kills it)
    "#]]
    .assert_eq(&text(&out.stdout));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}

#[test]
fn the_json_report_lists_the_tests_that_kill_each_mutant() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("chess.board"), CHESS_SUITE).expect("written");
    let out = run(dir.path(), &["strength", "--json", "chess.board"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["version"], 1);
    assert_eq!(json["game"], "chess");
    assert!((json["score"].as_f64().expect("a score") - 5.0 / 7.0).abs() < 1e-9);
    assert_eq!(json["tests"], serde_json::json!(["01", "02", "03"]));
    let killed_by = |name: &str| {
        json["mutants"]
            .as_array()
            .expect("mutants")
            .iter()
            .find(|m| m["name"] == name)
            .map(|m| m["killed_by"].clone())
    };
    assert_eq!(
        killed_by("distances-off-by-one"),
        Some(serde_json::json!(["01", "03"]))
    );
    assert_eq!(
        killed_by("wythoff-index-off-by-one"),
        Some(serde_json::json!([]))
    );
}

#[test]
fn a_test_folder_is_read_as_it_is_and_a_multi_test_file_is_one_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    // One group: the three queries are one judge file, which kills what any of them kills.
    let one_file = CHESS_SUITE
        .replace("// boardls: group queen\n", "")
        .replace("// boardls: group knight\n", "");
    fs::write(dir.path().join("chess.board"), one_file).expect("written");
    let built = run(dir.path(), &["export", "chess.board", "--out", "tests"]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    let out = run(dir.path(), &["strength", "--json", "tests"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["tests"], serde_json::json!(["01"]));
    let survivors: Vec<&str> = json["mutants"]
        .as_array()
        .expect("mutants")
        .iter()
        .filter(|m| m["killed_by"].as_array().is_some_and(Vec::is_empty))
        .filter_map(|m| m["name"].as_str())
        .collect();
    assert_eq!(
        survivors,
        ["wythoff-index-off-by-one", "king-rows-parity-only"]
    );
}

#[test]
fn a_suite_that_is_not_one_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("bad.board"),
        "[chess \"x\"]\npiece = pawn\nsize = 2 2\n",
    )
    .expect("written");
    let out = run(dir.path(), &["strength", "bad.board"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("nothing exported"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

/// The README walkthrough's plan for `game`, the game's own examples as samples.
fn walkthrough_plan(game: &str, answer: &str) -> String {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    format!(
        "sample: {}\nedge: gen {game} --preset edge\nsmall: gen {game} --count 5 --seed 7\n\
         small: gen {game} --answer '{answer}' --count 2 --seed 3\nlarge: gen {game} --preset max --count 2\n",
        examples.join(format!("{game}.board")).display()
    )
}

/// The walkthrough's suite plus what `strengthen` adds kills every mutant of `game`, the file
/// is the same for the same seed, and the suite kills the wrong solutions written outside the
/// zoo too.
fn strengthened_suite_kills_everything(game: &str, answer: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let plan = walkthrough_plan(game, answer);
    fs::write(dir.path().join("tests.plan"), &plan).expect("written");
    let out = run(
        dir.path(),
        &[
            "strengthen",
            "tests.plan",
            "--out",
            "strong.board",
            "--seed",
            "1",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let strong = fs::read_to_string(dir.path().join("strong.board")).expect("written");
    let again = run(
        dir.path(),
        &[
            "strengthen",
            "tests.plan",
            "--out",
            "again.board",
            "--seed",
            "1",
        ],
    );
    assert_eq!(again.status.code(), Some(0));
    let strong_again = fs::read_to_string(dir.path().join("again.board")).expect("written");
    assert_eq!(
        strong.replace("again.board", "strong.board"),
        strong_again.replace("again.board", "strong.board"),
        "the same seed gives the same killers"
    );
    let check = run(dir.path(), &["check", "strong.board"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    fs::write(
        dir.path().join("strong.plan"),
        format!("{plan}strong: strong.board\n"),
    )
    .expect("written");
    let measured = run(dir.path(), &["strength", "--json", "strong.plan"]);
    let json: serde_json::Value = serde_json::from_slice(&measured.stdout).expect("JSON");
    assert_eq!(json["score"], 1.0, "{json}");
    assert_eq!(measured.status.code(), Some(0));
    let before = run(dir.path(), &["strength", "--json", "tests.plan"]);
    let before: serde_json::Value = serde_json::from_slice(&before.stdout).expect("JSON");
    let survivors = before["mutants"]
        .as_array()
        .expect("mutants")
        .iter()
        .filter(|m| m["killed_by"].as_array().is_some_and(Vec::is_empty))
        .count();
    assert_eq!(
        strong.matches("\n// kills ").count() >= 1,
        survivors > 0,
        "strengthen adds cases exactly when a mutant survives:\n{strong}"
    );
    let built = run(dir.path(), &["build", "strong.plan", "--out", "tests"]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    let (game_id, tests) = read_folder(&dir.path().join("tests")).expect("a test folder");
    // Read one file at a time, the folder gives the matrix of the whole suite in memory.
    let streamed = measure_folder(&dir.path().join("tests")).expect("a test folder");
    let whole = measure(game_id, &tests);
    assert_eq!(streamed.tests, whole.tests);
    let kills = |r: &boardls::authoring::strength::Report| -> Vec<(&str, Vec<String>)> {
        r.mutants
            .iter()
            .map(|m| (m.name, m.killed_by.clone()))
            .collect()
    };
    assert_eq!(kills(&streamed), kills(&whole));
    assert!(
        whole.mutants.iter().all(|m| !m.killed_by.is_empty()),
        "the strengthened suite kills every mutant"
    );
    for (name, solution) in outside::solutions(game) {
        let killed = tests.iter().any(|t| solution(&t.boards) != t.answers);
        assert!(
            killed,
            "no test of the strengthened {game} suite kills {name}"
        );
    }
}

#[test]
fn the_strengthened_zgame_walkthrough_kills_every_mutant() {
    strengthened_suite_kills_everything("zgame", "no no yes");
}

#[test]
fn the_strengthened_race_walkthrough_kills_every_mutant() {
    strengthened_suite_kills_everything("race", "B");
}

#[test]
fn the_strengthened_chess_walkthrough_kills_every_mutant() {
    strengthened_suite_kills_everything("chess", "G");
}

#[test]
fn the_strengthened_tetris_walkthrough_kills_every_mutant() {
    strengthened_suite_kills_everything("tetris", "No");
}

#[test]
fn the_strengthened_strings_walkthrough_kills_every_mutant() {
    strengthened_suite_kills_everything("strings", "SECOND");
}

#[test]
fn strengthen_kills_what_the_strings_samples_alone_let_live() {
    let dir = tempfile::tempdir().expect("tempdir");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/strings.board");
    let samples = samples.to_string_lossy().into_owned();
    let before = run(dir.path(), &["strength", "--json", &samples]);
    assert_eq!(
        before.status.code(),
        Some(1),
        "the samples alone leave survivors"
    );
    let out = run(
        dir.path(),
        &["strengthen", &samples, "--out", "strong.board"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let strong = fs::read_to_string(dir.path().join("strong.board")).expect("written");
    // strings judge files hold one test: every killer is one case.
    assert!(!strong.contains("boardls: group"), "{strong}");
    let after = run(
        dir.path(),
        &["strength", "--json", &samples, "strong.board"],
    );
    let json: serde_json::Value = serde_json::from_slice(&after.stdout).expect("JSON");
    assert_eq!(json["score"], 1.0, "{json}\n{strong}");
}
