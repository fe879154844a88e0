//! The analysis layer: which cases are solved, cached and reported.

use crate::fixtures::xorshift::XorShift;
use boardls::analysis::{self, SolveCache};
use boardls::config::Config;

const FILE: &str = "[zgame \"one\"]\n..B\nexpect = no no yes\n\n[tetris \"two\"]\n0000\n0000\n\n[chess \"three\"]\npiece = queen\nsize = 5 5\n";

#[test]
fn an_edit_re_solves_only_the_case_it_changed() {
    let cache = SolveCache::new();
    let config = Config::default();
    analysis::check(FILE, &config, &cache);
    assert_eq!(cache.solver_runs(), 3);

    analysis::check(FILE, &config, &cache);
    assert_eq!(cache.solver_runs(), 3, "an unchanged text solves nothing");

    let expect_only = FILE.replace("expect = no no yes", "expect = yes yes yes");
    let checked = analysis::check(&expect_only, &config, &cache);
    assert_eq!(cache.solver_runs(), 3, "`expect` is not part of the board");
    assert!(checked.diagnostics.iter().any(|d| d.code == "E210"));

    let moved = format!("// a comment moves every case down\n\n{FILE}");
    analysis::check(&moved, &config, &cache);
    assert_eq!(cache.solver_runs(), 3, "moving a case does not change it");

    let one_cell = FILE.replace("0000\n0000", "0000\n0010");
    analysis::check(&one_cell, &config, &cache);
    assert_eq!(cache.solver_runs(), 4, "only the edited tetris case");
}

#[test]
fn cases_with_errors_are_not_solved() {
    let cache = SolveCache::new();
    let checked = analysis::check(
        "[zgame]\n..C\n[race]\nA..\n...\n...\n",
        &Config::default(),
        &cache,
    );
    assert_eq!(cache.solver_runs(), 0);
    assert!(checked.verdicts.iter().all(Option::is_none));
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E205", "E402"]);
}

#[test]
fn a_malformed_expect_still_solves_the_board() {
    let cache = SolveCache::new();
    let checked = analysis::check("[race]\nA.\n.B\nexpect = C\n", &Config::default(), &cache);
    assert_eq!(cache.solver_runs(), 1);
    assert!(checked.verdicts[0].is_some());
    assert_eq!(checked.diagnostics.len(), 1);
    assert_eq!(checked.diagnostics[0].code, "E209");
}

#[test]
fn caps_refuse_oversized_files_and_extra_cases() {
    let config = Config {
        max_file_bytes: 100,
        max_cases: 2,
        ..Config::default()
    };
    let cache = SolveCache::new();
    let big = "// x\n".repeat(40);
    let checked = analysis::check(&big, &config, &cache);
    assert_eq!(checked.diagnostics[0].code, "E213");
    let three = "[race]\nAB\n[race]\nAB\n[race]\nAB\n";
    let checked = analysis::check(three, &config, &cache);
    assert_eq!(checked.analysis.cases.len(), 2);
    assert!(checked.diagnostics.iter().any(|d| d.code == "E214"));
}

#[test]
fn allow_comments_silence_codes_and_unknown_codes_are_reported() {
    let cache = SolveCache::new();
    let text = "// boardls: allow E210 W999\n[zgame]\n...\nexpect = yes yes yes\n";
    let checked = analysis::check(text, &Config::default(), &cache);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["W212"]);
}

#[test]
fn every_code_has_an_explanation() {
    for code in analysis::codes::all_codes() {
        assert!(
            analysis::codes::explain(code).is_some_and(|t| t.len() > 20),
            "{code}"
        );
    }
}

/// A row with whitespace inside is an error (E110) and is not solved; a bad cell after the
/// whitespace is pointed at where it is written (the model test of the server found spans
/// that pointed one byte early, inside a character).
#[test]
fn a_row_with_whitespace_is_not_solved_and_bad_cells_keep_their_place() {
    let cache = SolveCache::new();
    let text = "[zgame]\n..B\t..B😀\n..B ..B..\n";
    let checked = analysis::check(text, &Config::default(), &cache);
    assert_eq!(cache.solver_runs(), 0);
    let found: Vec<(&str, &str)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, &text[d.span.start..d.span.end]))
        .collect();
    assert_eq!(
        found,
        [
            ("E110", "\t"),
            ("E205", "😀"),
            ("E206", "..B ..B.."),
            ("E110", " ")
        ]
    );
}

/// A zgame board of `n` × `n` cells, `B` where the seed's bits say: each seed a different
/// content, each verdict a per-cell map of `n²` marks and the force table behind its hovers.
fn zgame_board(n: usize, seed: u64) -> String {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ seed);
    let mut text = String::from("[zgame]\n");
    for _ in 0..n {
        for _ in 0..n {
            text.push(if rng.below(5) == 0 { 'B' } else { '.' });
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_cache_stays_under_its_byte_cap_and_re_solves_what_it_evicted() {
    const CAP: usize = 1 << 20;
    let cache = SolveCache::with_capacity(CAP);
    let config = Config::default();
    let boards: Vec<String> = (1..=40).map(|seed| zgame_board(150, seed)).collect();
    let mut answers = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let checked = analysis::check(board, &config, &cache);
        let verdict = checked.verdicts[0]
            .as_ref()
            .expect("a valid board is solved");
        let solution = verdict.solution().expect("zgame always answers");
        assert!(
            verdict.heap_bytes() > 150 * 150,
            "a verdict counts at least its cell map: {}",
            verdict.heap_bytes()
        );
        answers.push(solution.answer.clone());
        assert!(
            cache.bytes() <= CAP,
            "after {} boards: {}",
            i + 1,
            cache.bytes()
        );
        assert_eq!(cache.solver_runs(), i as u64 + 1);
    }
    assert!(cache.len() < boards.len(), "{} entries kept", cache.len());
    assert!(
        cache.bytes() > CAP / 2,
        "the cap is used: {}",
        cache.bytes()
    );

    // The oldest boards were evicted: solved again, to the same answers.
    let runs = cache.solver_runs();
    for (board, answer) in boards.iter().zip(&answers).take(3) {
        let checked = analysis::check(board, &config, &cache);
        let again = checked.verdicts[0].as_ref().and_then(|v| v.solution());
        assert_eq!(again.map(|s| &s.answer), Some(answer));
    }
    assert_eq!(cache.solver_runs(), runs + 3);
    // The newest is still there.
    analysis::check(&boards[39], &config, &cache);
    assert_eq!(cache.solver_runs(), runs + 3);
    assert!(cache.bytes() <= CAP);
}

#[test]
fn contents_a_document_left_are_evicted_before_older_ones_still_shown() {
    let config = Config::default();
    let boards: Vec<String> = (1..=3).map(|seed| zgame_board(100, seed)).collect();
    let probe = SolveCache::new();
    let keys: Vec<u64> = boards
        .iter()
        .map(|b| analysis::check(b, &config, &probe).analysis.cases[0].content_key)
        .collect();
    // Room for two of these verdicts, not three.
    let cache = SolveCache::with_capacity(probe.bytes() * 2 / 3 + probe.bytes() / 6);
    analysis::check(&boards[0], &config, &cache);
    analysis::check(&boards[1], &config, &cache);
    // The newer board was edited away: it goes first, though the other is older.
    cache.release([keys[1]]);
    analysis::check(&boards[2], &config, &cache);
    assert!(
        cache.get(keys[0]).is_some(),
        "the older board still shown is kept"
    );
    assert!(
        cache.get(keys[1]).is_none(),
        "the board left behind is evicted"
    );
    assert!(cache.get(keys[2]).is_some());
}

#[test]
fn a_verdict_larger_than_the_whole_cap_is_not_kept() {
    let cache = SolveCache::with_capacity(1000);
    let checked = analysis::check(&zgame_board(60, 7), &Config::default(), &cache);
    assert!(checked.verdicts[0].is_some());
    assert_eq!((cache.len(), cache.bytes()), (0, 0));
}

// ---------------------------------------------------------------------------------------------
// The examples `boardls explain` prints

mod examples {
    use boardls::analysis::examples::{Example, example};
    use boardls::analysis::{self, SolveCache, codes};
    use boardls::config::Config;
    use boardls::project;

    /// The codes `text` gets under `project` (a `boardls.toml`'s text): the analysis's first,
    /// then, when the code needs a verdict or a suite, the full check's.
    fn codes_of(text: &str, project: &str, wanted: &str) -> Vec<String> {
        let mut config = Config::default();
        project::parse(project)
            .expect("the example's boardls.toml is valid")
            .apply(&mut config);
        let found = analysis::analyse(text, &config);
        let mut codes: Vec<String> = found
            .diagnostics
            .iter()
            .map(|d| d.code.to_string())
            .collect();
        if !codes.iter().any(|c| c == wanted) {
            let checked = analysis::check(text, &config, &SolveCache::with_capacity(1 << 20));
            codes = checked
                .diagnostics
                .iter()
                .map(|d| d.code.to_string())
                .collect();
        }
        codes
    }

    #[test]
    fn every_code_has_an_example_that_produces_it() {
        let mut unshown = Vec::new();
        for code in codes::all_codes() {
            let example = example(code).unwrap_or_else(|| panic!("{code} has no example"));
            match example {
                Example::Board { board, project } => {
                    let got = codes_of(board, project, code);
                    assert!(
                        got.iter().any(|c| c == code),
                        "{code}: {board:?} gives {got:?}"
                    );
                }
                Example::Built { build, .. } => {
                    let text = build();
                    let got = codes_of(&text, "", code);
                    assert!(
                        got.iter().any(|c| c == code),
                        "{code}: built, gives {got:?}"
                    );
                }
                Example::Exported(board) => {
                    let checked = analysis::check(board, &Config::default(), &SolveCache::new());
                    assert!(
                        checked.diagnostics.is_empty(),
                        "{code}: {board:?} checks clean, gives {:?}",
                        checked.diagnostics
                    );
                    let refused = boardls::authoring::export::judge_findings(&checked);
                    assert!(
                        refused.iter().any(|d| d.code == code),
                        "{code}: {refused:?}"
                    );
                }
                Example::Packaged(board) => {
                    let checked = analysis::check(board, &Config::default(), &SolveCache::new());
                    assert!(
                        checked.diagnostics.is_empty(),
                        "{code}: {board:?} checks clean, gives {:?}",
                        checked.diagnostics
                    );
                    let items = boardls::authoring::export::solved_items(
                        "a.board",
                        board,
                        &checked,
                        &boardls::authoring::export::Defaults::default(),
                    );
                    let found = boardls::authoring::package::check(&items, &[]);
                    assert!(found.iter().any(|f| f.code == code), "{code}: {found:?}");
                }
                Example::Project(text) => {
                    let errors = project::parse(text).expect_err("a broken boardls.toml");
                    assert!(errors.iter().any(|d| d.code == code), "{code}: {errors:?}");
                }
                Example::Unshown(_) => unshown.push(code),
            }
        }
        // Only the caps on size, a bug, bytes that are not text and a scoring plan have no example.
        unshown.sort_unstable();
        assert_eq!(
            unshown,
            [
                "E213", "E214", "E215", "E216", "E244", "E301", "E404", "E601"
            ]
        );
    }
}

#[test]
fn cases_solved_in_parallel_give_the_same_verdicts_and_report_in_case_order() {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut text: String = ["zgame", "race", "chess", "tetris", "strings", "mistakes"]
        .iter()
        .map(|name| {
            std::fs::read_to_string(examples.join(format!("{name}.board"))).expect("example")
        })
        .collect::<Vec<_>>()
        .join("\n");
    text.push_str(&format!("\n{FILE}"));
    let config = Config::default();
    let editor = analysis::check(&text, &config, &SolveCache::new());
    let one = analysis::check_answers(&text, &config, &SolveCache::new());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("pool");
    let cache = SolveCache::new();
    let many = pool.install(|| analysis::check_in_parallel(&text, &config, &cache));
    assert!(one.verdicts.len() > 20, "{}", one.verdicts.len());
    // The verdicts without the time each solve took.
    let facts = |checked: &analysis::Checked| -> Vec<String> {
        checked
            .verdicts
            .iter()
            .map(|v| match v.as_deref() {
                Some(analysis::Verdict::Solved { solution, .. }) => format!(
                    "{} | {} | {} | {} | {}",
                    solution.answer, solution.verdict, solution.lens, solution.why, solution.nodes
                ),
                other => format!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(facts(&one), facts(&many));
    // The editor's check decides alike; its words say more (lines of play, first moves).
    let decisions = |checked: &analysis::Checked| -> Vec<Option<(String, String)>> {
        checked
            .verdicts
            .iter()
            .map(|v| {
                let s = v.as_deref()?.solution()?;
                Some((s.answer.to_string(), s.verdict.to_string()))
            })
            .collect()
    };
    assert_eq!(decisions(&editor), decisions(&many));
    assert_eq!(one.diagnostics, many.diagnostics);
    let one = editor;
    let maps = |checked: &analysis::Checked| {
        checked
            .verdicts
            .iter()
            .filter_map(|v| v.as_deref()?.solution()?.cells.as_ref())
            .count()
    };
    assert!(maps(&one) > 10, "the editor's check keeps cell maps");
    assert_eq!(maps(&many), 0, "the batch check makes none");
    assert!(many.diagnostics.iter().any(|d| d.code == "E210"));
}

#[test]
fn the_content_key_follows_every_cell_whether_comments_part_the_rows_or_not() {
    let key = |text: &str| analysis::analyse(text, &Config::default()).cases[0].content_key;
    // One pass over the grid's text.
    let plain = "[zgame]\nA..\n...\n..B\n";
    assert_ne!(key(plain), key("[zgame]\nA..\n.A.\n..B\n"));
    assert_eq!(key(plain), key("// a note\n[zgame]\nA..\n...\n..B\n"));
    assert_eq!(key(plain), key("[zgame \"renamed\"]\nA..\n...\n..B\n"));
    // Row by row: a comment between rows decides nothing.
    let commented = "[zgame]\nA..\n// a\n...\n..B\n";
    assert_eq!(key(commented), key("[zgame]\nA..\n// b\n...\n..B\n"));
    assert_ne!(key(commented), key("[zgame]\nA..\n// a\n..A\n..B\n"));
    assert_ne!(key(commented), key("[zgame]\nA..\n// a\n...\n.BB\n"));
}
