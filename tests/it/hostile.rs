//! Hostile input: each gives a clear diagnostic or answer, never a crash, hang or memory blow-up.

use boardls::analysis::{self, SolveCache};
use boardls::config::Config;
use boardls::span::LineIndex;
use std::time::Duration;
use xorshift::XorShift;

use crate::fixtures::xorshift;

fn codes(text: &str, config: &Config) -> Vec<&'static str> {
    let checked = analysis::check(text, config, &SolveCache::new());
    for d in &checked.diagnostics {
        assert!(d.span.end <= text.len(), "{d:?}");
        assert!(
            text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end),
            "{d:?}"
        );
    }
    checked.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn a_20_mb_file_is_refused_whole() {
    let text = "[zgame]\n...\n".repeat(20 * 1024 * 1024 / 12);
    assert_eq!(codes(&text, &Config::default()), ["E213"]);
}

#[test]
fn a_one_megabyte_row_is_one_board() {
    let text = format!("[zgame]\n{}\n", ".".repeat(1 << 20));
    // Over the original 500 columns: a warning, and still solved.
    assert_eq!(codes(&text, &Config::default()), ["W302"]);
}

#[test]
fn an_absurd_chess_size_is_refused() {
    let found = codes(
        "[chess]\npiece = queen\nsize = 1000000000 1000000000\n",
        &Config::default(),
    );
    assert_eq!(found, ["W501", "W501"]);
    let found = codes(
        "[chess]\npiece = queen\nsize = 4000000000 3\n",
        &Config::default(),
    );
    assert!(found.contains(&"E503"), "{found:?}");
}

#[test]
fn a_free_50_by_50_tetris_board_ends_within_its_budget() {
    // The centre cell blocked defeats the copy argument: a real search, stopped by the budget.
    let mut rows = vec!["0".repeat(50); 50];
    rows[24].replace_range(24..25, "1");
    let text = format!("[tetris]\n{}\n", rows.join("\n"));
    let config = Config {
        solve_nodes: 200_000,
        solve_time: Some(Duration::from_secs(5)),
        ..Config::default()
    };
    let found = codes(&text, &config);
    assert!(found == ["W211"] || found.is_empty(), "{found:?}");
}

#[test]
fn ten_thousand_cases_are_analysed() {
    let text = "[race]\nA.\n.B\nexpect = B\n".repeat(10_000);
    let checked = analysis::check(&text, &Config::default(), &SolveCache::new());
    assert_eq!(checked.analysis.cases.len(), 10_000);
    assert!(checked.diagnostics.iter().all(|d| d.code != "E210"));
}

#[test]
fn nul_bytes_are_bad_cells_with_a_precise_span() {
    let text = "[zgame]\n.\0.\n...\n";
    let checked = analysis::check(text, &Config::default(), &SolveCache::new());
    assert_eq!(checked.diagnostics.len(), 1);
    assert_eq!(checked.diagnostics[0].code, "E205");
    assert_eq!(
        checked.diagnostics[0].span.start,
        text.find('\0').unwrap_or(0)
    );
}

#[test]
fn mixed_line_ends_count_lines_as_editors_do() {
    let text = "[zgame \"a\"]\r\n..B\n..B\rBB.\r\nexpect = yes yes yes\n";
    let checked = analysis::check(text, &Config::default(), &SolveCache::new());
    let wrong = checked.diagnostics.iter().find(|d| d.code == "E210");
    let span = wrong.map_or(0, |d| d.span.start);
    assert_eq!(LineIndex::new(text).line_of(span), 4);
}

// ---------------------------------------------------------------------------------------------
// The memory cap per solve (`Config::solve_memory`): boards that fit the default but not a
// small cap are refused with what they would need, before the solver allocates it.

const MIB: usize = 1 << 20;

fn with_memory(bytes: usize) -> Config {
    Config {
        solve_memory: bytes,
        ..Config::default()
    }
}

/// The `W211` messages of `text` under `config`.
fn unsolved(text: &str, config: &Config) -> Vec<String> {
    let checked = analysis::check(text, config, &SolveCache::new());
    checked
        .diagnostics
        .iter()
        .filter(|d| d.code == "W211")
        .map(|d| d.message.clone())
        .collect()
}

/// Solved with the default cap (and `expect` agrees), refused under 1 MiB with a message that
/// names what it would need and the cap.
fn fits_the_default_but_not_one_mib(text: &str, needs: &str) {
    let default = analysis::check(text, &Config::default(), &SolveCache::new());
    assert!(
        default
            .verdicts
            .iter()
            .all(|v| v.as_ref().is_some_and(|v| v.solution().is_some())),
        "{:?}",
        default.diagnostics
    );
    assert!(
        default
            .diagnostics
            .iter()
            .all(|d| d.code != "W211" && d.code != "E210"),
        "{:?}",
        default.diagnostics
    );
    let refused = unsolved(text, &with_memory(MIB));
    assert_eq!(refused.len(), 1, "{refused:?}");
    let want = format!("too large to solve: {needs}, more than the memory cap of 1 MiB per solve");
    assert!(refused[0].ends_with(&want), "{}", refused[0]);
}

fn board(game: &str, rows: &[String], expect: &str) -> String {
    format!("[{game}]\n{}\nexpect = {expect}\n", rows.join("\n"))
}

#[test]
fn a_zgame_board_over_the_memory_cap_is_refused() {
    // A word of row bits a row for the answer: 70 000 rows need 1 120 024 bytes.
    let rows = vec![".".to_string(); 70_000];
    fits_the_default_but_not_one_mib(
        &board("zgame", &rows, "no yes no"),
        "the rows of a 70000 × 1 board would need 2 MiB",
    );
}

#[test]
fn a_race_board_over_the_memory_cap_is_refused() {
    // Two distance maps and the queue: 16 bytes a cell, 2.4 MiB for 400 × 400.
    let mut rows = vec![".".repeat(400); 400];
    rows[0].replace_range(0..1, "A");
    rows[399].replace_range(399..400, "B");
    fits_the_default_but_not_one_mib(
        &board("race", &rows, "B"),
        "the distance maps of a 400 × 400 board would need 3 MiB",
    );
}

#[test]
fn a_tetris_board_over_the_memory_cap_is_refused_by_its_size_alone() {
    // Almost every cell blocked, so the search is trivial: the cost counted is the board's,
    // 72 bytes a cell to decide who wins (the first-move map is cut short, not refused).
    let mut rows = vec!["1".repeat(130); 130];
    rows[1].replace_range(1..4, "000");
    rows[2].replace_range(1..4, "000");
    fits_the_default_but_not_one_mib(
        &board("tetris", &rows, "Yes"),
        "the regions of a 130×130 board would need 2 MiB",
    );
}

#[test]
fn a_strings_board_over_the_memory_cap_is_refused() {
    // 3063 diagonals of up to 26 letters each (the editor's cell map is an extra, skipped
    // rather than refused).
    let rows = vec!["a".repeat(3000); 64];
    fits_the_default_but_not_one_mib(
        &board("strings", &rows, "FIRST"),
        "the diagonals of a 64×3000 board would need 2 MiB",
    );
}

#[test]
fn a_strings_search_is_stopped_by_the_memory_cap_as_its_states_grow() {
    // The board itself needs about 50 KiB; its ~4000 reachable states need about 200 KiB.
    let mut rng = XorShift(7);
    let rows: Vec<String> = (0..40)
        .map(|_| (0..40).map(|_| char::from(rng.pick(b"ab"))).collect())
        .collect();
    let text = format!("[strings]\n{}\n", rows.join("\n"));
    assert_eq!(unsolved(&text, &Config::default()), Vec::<String>::new());
    let refused = unsolved(&text, &with_memory(128 << 10));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].contains("reachable (diagonal, end cells) states found so far would need")
            && refused[0].ends_with("more than the memory cap of 128 KiB per solve"),
        "{}",
        refused[0]
    );
}

#[test]
fn a_deep_tetris_search_is_stopped_by_the_memory_cap_as_it_goes() {
    // A free 200×200 board with the centre blocked: a real search, each level of which holds a
    // region of ~39 000 placements. The board needs about 5 MiB; the search soon needs more.
    let mut rows = vec!["0".repeat(200); 200];
    rows[100].replace_range(99..100, "1");
    let text = format!("[tetris]\n{}\n", rows.join("\n"));
    let refused = unsolved(&text, &with_memory(8 * MIB));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].contains("moves deep in a region of")
            && refused[0].ends_with("more than the memory cap of 8 MiB per solve"),
        "{}",
        refused[0]
    );
}

#[test]
fn a_chess_map_over_the_memory_cap_is_skipped_not_refused() {
    // The answer is a closed form; only the per-cell map (2 bytes a cell) needs memory.
    let text = "[chess]\npiece = queen\nsize = 1000 1000\nexpect = B\n";
    for (config, map) in [(Config::default(), true), (with_memory(MIB), false)] {
        let checked = analysis::check(text, &config, &SolveCache::new());
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        let solution = checked.verdicts[0].as_ref().and_then(|v| v.solution());
        assert_eq!(solution.map(|s| s.cells.is_some()), Some(map));
    }
}

#[test]
fn judge_runs_respect_the_memory_cap() {
    use boardls::games::{GameId, JudgeRun, Unsolved};
    let zgame = format!(
        "2\n1 1\nA\n1000 1000\n{}",
        format!("{}\n", ".".repeat(1000)).repeat(1000)
    );
    let race = format!(
        "1\n400\nA{}\n{}{}B\n",
        ".".repeat(399),
        format!("{}\n", ".".repeat(400)).repeat(398),
        ".".repeat(399)
    );
    for (game, text, answers) in [
        (GameId::Zgame, &zgame, "yes no no\nno yes no\n"),
        (GameId::Race, &race, "B\n"),
    ] {
        let roomy = analysis::budget(&Config::default());
        assert_eq!(
            game.judge(text, &roomy),
            Ok(JudgeRun {
                output: answers.to_string(),
                unsolved: Vec::new(),
                nodes: 0
            }),
            "{game}"
        );
        // The board over the cap goes unanswered; every other test is still answered.
        match game.judge(text, &analysis::budget(&with_memory(64 << 10))) {
            Ok(JudgeRun {
                output, unsolved, ..
            }) => {
                let refused = if game == GameId::Zgame { 2 } else { 1 };
                let kept: String = answers
                    .lines()
                    .enumerate()
                    .filter(|&(i, _)| i + 1 != refused)
                    .map(|(_, line)| format!("{line}\n"))
                    .collect();
                assert_eq!(output, kept, "{game}");
                let [(test, Unsolved::TooLarge(why))] = unsolved.as_slice() else {
                    panic!("{game}: expected one memory refusal, got {unsolved:?}");
                };
                assert_eq!(*test, refused);
                assert!(why.contains("more than the memory cap of 64 KiB"), "{why}");
            }
            other => panic!("{game}: expected a memory refusal, got {other:?}"),
        }
    }
}
