//! Hostile input: each gives a clear diagnostic or answer, never a crash, hang or memory blow-up.

use boardls::analysis::{self, SolveCache};
use boardls::config::Config;
use boardls::span::LineIndex;
use std::time::Duration;

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
        solve_time: Duration::from_secs(5),
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
    let span = wrong.map(|d| d.span.start).unwrap_or(0);
    assert_eq!(LineIndex::new(text).line_of(span), 4);
}
