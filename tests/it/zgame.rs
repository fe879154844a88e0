//! zgame (Nowcoder 2022 multi-school 6, M): both solvers against a plain recursive game search,
//! judge input errors, board diagnostics and explanations (the original sample: `tests/samples.rs`).

use crate::words::cells_named;
use boardls::diag::{Diagnostic, Severity};
use boardls::games::zgame::{MAX_CELLS, Zgame, ZgameBoard};
use boardls::games::{Budget, CaseInput, CellMark, Game, Grid, GridRows, JudgeRun, Unsolved};
use boardls::span::Span;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use xorshift::XorShift;

use crate::fixtures::xorshift;

// ---------------------------------------------------------------- brute force

/// How a game ends, in Alice's order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum End {
    BobWins,
    Draw,
    AliceWins,
}

#[derive(Clone, Debug)]
struct Node {
    /// Every end Alice can force from here.
    forcible: BTreeSet<End>,
    /// The end with both playing win > draw > loss.
    value: End,
    alice_to_move: bool,
}

/// A plain recursive search over token positions, memoised on the position only; whose turn it
/// is travels with the recursion.
struct Brute<'g> {
    grid: &'g Grid,
    memo: HashMap<(usize, usize), Node>,
}

impl Brute<'_> {
    fn new(grid: &Grid) -> Brute<'_> {
        Brute {
            grid,
            memo: HashMap::new(),
        }
    }

    fn search(&mut self, r: usize, c: usize, alice_to_move: bool) -> Node {
        if let Some(node) = self.memo.get(&(r, c)) {
            assert_eq!(node.alice_to_move, alice_to_move);
            return node.clone();
        }
        let (n, m) = (self.grid.rows, self.grid.cols);
        let end = match self.grid.at(r, c) {
            b'A' => Some(End::AliceWins),
            b'B' => Some(End::BobWins),
            _ if r == n - 1 && c == m - 1 => Some(End::Draw),
            _ => None,
        };
        let node = if let Some(end) = end {
            Node {
                forcible: [end].into_iter().collect(),
                value: end,
                alice_to_move,
            }
        } else {
            let mut children = Vec::new();
            if c + 1 < m {
                children.push(self.search(r, c + 1, !alice_to_move));
            }
            if r + 1 < n {
                children.push(self.search(r + 1, c, !alice_to_move));
            }
            let all = [End::AliceWins, End::Draw, End::BobWins];
            let forcible = all
                .into_iter()
                .filter(|e| {
                    let mut hits = children.iter().map(|ch| ch.forcible.contains(e));
                    if alice_to_move {
                        hits.any(|h| h)
                    } else {
                        hits.all(|h| h)
                    }
                })
                .collect();
            let values = children.iter().map(|ch| ch.value);
            let value = if alice_to_move {
                values.max()
            } else {
                values.min()
            };
            Node {
                forcible,
                value: value.expect("a cell that is not an end has a move"),
                alice_to_move,
            }
        };
        self.memo.insert((r, c), node.clone());
        node
    }

    /// The node of any cell, as if the token had been brought there by r + c moves.
    fn at(&mut self, r: usize, c: usize) -> Node {
        self.search(r, c, (r + c).is_multiple_of(2))
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn brute_answer(grid: &Grid) -> String {
    let node = Brute::new(grid).at(0, 0);
    let f = |e| yes(node.forcible.contains(&e));
    format!("{} {} {}", f(End::AliceWins), f(End::Draw), f(End::BobWins))
}

/// The colour of a cell: who wins with best play from it, seen by Alice.
fn brute_mark(node: &Node) -> CellMark {
    match node.value {
        End::Draw => CellMark::Draw,
        End::AliceWins => CellMark::Win,
        End::BobWins => CellMark::Lose,
    }
}

// ---------------------------------------------------------------- helpers

fn grid(rows: &[&str]) -> Grid {
    Grid::from_rows(rows).expect("rectangular test board")
}

fn budget() -> Budget {
    Budget::unlimited()
}

/// A fixed-seed n × m board: `letters_percent` % of the cells `A`, as many `B`.
fn random_board(rng: &mut XorShift, n: usize, m: usize, letters_percent: u64) -> Grid {
    let mut cells = Vec::with_capacity(n * m);
    for _ in 0..n * m {
        let x = rng.below(200);
        cells.push(if x < letters_percent {
            b'A'
        } else if x < 2 * letters_percent {
            b'B'
        } else {
            b'.'
        });
    }
    Grid {
        rows: n,
        cols: m,
        cells,
    }
}

/// Boards of 1..=max rows and columns; the share of letters and of `A` among them vary.
fn boards(max_rows: usize, max_cols: usize) -> impl Strategy<Value = Grid> {
    (1..=max_rows, 1..=max_cols, 0u8..=255, 0u8..=255).prop_flat_map(|(n, m, letters, a_share)| {
        prop::collection::vec((any::<u8>(), any::<u8>()), n * m).prop_map(move |cells| Grid {
            rows: n,
            cols: m,
            cells: cells
                .into_iter()
                .map(|(x, y)| match (x < letters, y < a_share) {
                    (false, _) => b'.',
                    (true, true) => b'A',
                    (true, false) => b'B',
                })
                .collect(),
        })
    })
}

/// The board of a grid, as a judge input gives it.
fn zboard(g: &Grid) -> ZgameBoard {
    ZgameBoard::from(g.clone())
}

/// Every check one board gets: answers of both solvers, every cell's mark and description.
fn check_board(g: &Grid) -> Result<(), TestCaseError> {
    let want = brute_answer(g);
    let solution = Zgame::solve(&zboard(g), &budget()).expect("solvable");
    prop_assert_eq!(&solution.answer, &want, "solve() on {:?}", g.row_strings());
    let fast = Zgame::answer(&zboard(g), &budget()).expect("solvable");
    prop_assert_eq!(&fast, &want, "answer() on {:?}", g.row_strings());
    let cells = solution.cells.expect("a cell map");
    prop_assert_eq!((cells.rows, cells.cols), (g.rows, g.cols));
    let mut brute = Brute::new(g);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let node = brute.at(r, c);
            prop_assert_eq!(
                cells.mark(r, c),
                brute_mark(&node),
                "cell ({},{})",
                r + 1,
                c + 1
            );
            let text = (cells.describe)(r, c).expect("a description");
            let terminal = g.at(r, c) != b'.' || (r + 1 == g.rows && c + 1 == g.cols);
            if terminal {
                continue;
            }
            let f = |e| yes(node.forcible.contains(&e));
            let answers = format!(
                "a win: {} · a draw: {} · a loss: {}",
                f(End::AliceWins),
                f(End::Draw),
                f(End::BobWins)
            );
            prop_assert!(text.contains(&answers), "{} lacks {}", text, answers);
            let mover = if node.alice_to_move { "Alice" } else { "Bob" };
            prop_assert!(text.contains(&format!("{mover} to move")), "{}", text);
            // Every move named as best keeps the value of the cell.
            let named = cells_named(&text);
            prop_assert!(named.len() >= 2, "{}", text);
            for &(tr, tc) in &named[1..] {
                prop_assert_eq!(brute.at(tr, tc).value, node.value, "{}", text);
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- solvers against brute force

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn small_boards_match_the_brute_force(g in boards(7, 7)) {
        check_board(&g)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Wide rows cross the 64-cell words of the bit-parallel solver.
    #[test]
    fn wide_boards_match_the_brute_force(g in boards(12, 200)) {
        let want = brute_answer(&g);
        prop_assert_eq!(Zgame::answer(&zboard(&g), &budget()).expect("solvable"), want.clone());
        let solved = Zgame::solve(&zboard(&g), &budget()).expect("solvable");
        prop_assert_eq!(&solved.answer, &want);
        // The batch commands' solve: the same verdict, no map.
        let words = Zgame::solve_answer(&zboard(&g), &budget()).expect("solvable");
        prop_assert!(words.cells.is_none() && solved.cells.is_some());
        prop_assert_eq!(
            (words.answer, words.verdict, words.lens),
            (solved.answer, solved.verdict, solved.lens)
        );
    }

    #[test]
    fn judge_answers_every_test_of_a_file(gs in prop::collection::vec(boards(9, 70), 1..=8)) {
        let boards: Vec<ZgameBoard> = gs.iter().map(zboard).collect();
        let input = Zgame::write_judge(&boards);
        let want: String = gs.iter().map(|g| brute_answer(g) + "\n").collect();
        prop_assert_eq!(Zgame::judge(&input, &budget()).expect("valid input").output, want);
        prop_assert_eq!(Zgame::read_judge(&input).expect("valid input"), boards);
    }
}

#[test]
fn word_boundaries_and_tall_boards_match_the_brute_force() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for m in [1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 500] {
        for n in [1, 2, 3, 64, 65] {
            for letters in [0, 3, 15, 40, 90] {
                let g = random_board(&mut rng, n, m, letters);
                let want = brute_answer(&g);
                assert_eq!(
                    Zgame::answer(&zboard(&g), &budget()).as_ref(),
                    Ok(&want),
                    "{n}×{m}"
                );
                assert_eq!(
                    Zgame::solve(&zboard(&g), &budget()).map(|s| s.answer.into_owned()),
                    Ok(want)
                );
            }
        }
    }
}

#[test]
fn a_full_size_board_matches_the_brute_force() {
    let mut rng = XorShift(77);
    for letters in [2, 15] {
        let g = random_board(&mut rng, 500, 500, letters);
        let want = brute_answer(&g);
        assert_eq!(Zgame::answer(&zboard(&g), &budget()), Ok(want.clone()));
        let solution = Zgame::solve(&zboard(&g), &budget()).expect("solvable");
        assert_eq!(solution.answer, want);
        let input = Zgame::write_judge(&[zboard(&g)]);
        assert_eq!(
            Zgame::judge(&input, &budget()).ok().map(|run| run.output),
            Some(want + "\n")
        );
    }
}

fn transpose(g: &Grid) -> Grid {
    let mut t = Grid::filled(g.cols, g.rows, b'.');
    for r in 0..g.rows {
        for c in 0..g.cols {
            t.set(c, r, g.at(r, c));
        }
    }
    t
}

/// Millions of rows of a few cells: the judge keeps them as bytes, not as a word per row. The
/// game on the transposed board is the same game (right and down swap), answered by the
/// bit-parallel rows; the editor's table answers the board itself.
#[test]
fn boards_of_millions_of_rows_agree_with_their_transpose() {
    let mut rng = XorShift(5);
    for (n, m) in [(4_200_000, 1), (4_200_001, 3), (4_500_000, 2)] {
        let mut g = Grid::filled(n, m, b'.');
        // Letters only near the end: the long empty start still decides whose turn it is.
        let tail = random_board(&mut rng, 1000, m, 10);
        for r in 0..1000 {
            for c in 0..m {
                g.set(n - 1000 + r, c, tail.at(r, c));
            }
        }
        let want = Zgame::answer(&zboard(&transpose(&g)), &budget()).expect("solvable");
        assert_eq!(
            Zgame::answer(&zboard(&g), &budget()).as_ref(),
            Ok(&want),
            "{n}×{m}"
        );
        assert_eq!(
            Zgame::solve(&zboard(&g), &budget())
                .map(|s| s.answer.into_owned())
                .as_ref(),
            Ok(&want)
        );
        let input = Zgame::write_judge(&[zboard(&g)]);
        assert_eq!(
            Zgame::judge(&input, &budget()).ok().map(|run| run.output),
            Some(want + "\n")
        );
    }
}

#[test]
fn all_eight_answers_occur() {
    let mut rng = XorShift(99);
    let mut seen = BTreeSet::new();
    for _ in 0..20_000 {
        let n = 1 + (rng.next() % 5) as usize;
        let m = 1 + (rng.next() % 5) as usize;
        let letters = rng.next() % 100;
        seen.insert(brute_answer(&random_board(&mut rng, n, m, letters)));
    }
    let classes: BTreeSet<String> = Zgame::SPEC
        .answer_classes
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(seen, classes);
}

// ---------------------------------------------------------------- judge I/O

#[test]
fn line_ends_spaces_and_a_byte_order_mark_are_accepted() {
    let input = "\u{feff}2\r\n3 3\r\n..B\r\n..B\r\nBB.\r\n  1   3\r\n\t...   \r\n";
    assert_eq!(
        Zgame::judge(input, &budget())
            .ok()
            .map(|run| run.output)
            .as_deref(),
        Some("no no yes\nno yes no\n")
    );
}

#[test]
fn read_write_read_round_trip() {
    let input = include_str!("../data/samples/zgame.in");
    let boards = Zgame::read_judge(input).expect("the sample reads");
    assert_eq!(
        boards,
        vec![
            zboard(&grid(&["..B", "..B", "BB."])),
            zboard(&grid(&["..."]))
        ]
    );
    let written = Zgame::write_judge(&boards);
    assert_eq!(written, input);
    assert_eq!(Zgame::read_judge(&written), Ok(boards));
}

/// Malformed inputs: the line and a piece of the message `judge` and `read_judge` report.
#[test]
fn malformed_input_names_the_line() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "",
            1,
            "expected the number of tests T, found the end of the input",
        ),
        (
            "x\n",
            1,
            "the number of tests T: expected a whole number, found `x`",
        ),
        (
            "51\n",
            1,
            "the number of tests T must be between 1 and 50, found 51",
        ),
        ("0\n", 1, "must be between 1 and 50, found 0"),
        (
            "1\n3\n",
            2,
            "expected m (columns) of test 1, found the end of the input",
        ),
        (
            "1\n3 -3\n",
            2,
            "m (columns) of test 1: expected a whole number, found `-3`",
        ),
        (
            "1\n0 3\n",
            2,
            "n (rows) of test 1 must be between 1 and 25000000, found 0",
        ),
        (
            "1\n99999999999999999999999 3\n",
            2,
            "must be between 1 and 25000000, found 99999999999999999999999",
        ),
        (
            "1\n6000 5000\n",
            2,
            "6000 × 5000 = 30000000 cells, more than the 25000000",
        ),
        (
            "1\n3 3\n...\n..\n...\n",
            4,
            "test 1: row 2 has 2 cells, expected 3",
        ),
        (
            "1\n3 3\n...\n....\n...\n",
            4,
            "test 1: row 2 has 4 cells, expected 3",
        ),
        (
            "1\n3 3\n...\n.x.\n...\n",
            4,
            "test 1, row 2: `x` at column 2 is not a cell",
        ),
        (
            "1\n2 2\nA.\nBé\n",
            4,
            "test 1, row 2: `é` at column 2 is not a cell",
        ),
        (
            "1\n3 3\n...\n...\n",
            4,
            "test 1: expected row 3 of 3, found the end of the input",
        ),
        (
            "1\n3 3\n...\n...\n\n\n",
            4,
            "expected row 3 of 3, found the end of the input",
        ),
        (
            "2\n1 1\n.\n",
            3,
            "expected n (rows) of test 2, found the end of the input",
        ),
        (
            "2\n1 1\n.\n1 x\n",
            4,
            "m (columns) of test 2: expected a whole number, found `x`",
        ),
        // A missing row: the next test's header is read as the row.
        (
            "2\n2 3\n...\n1 3\n...\n",
            4,
            "test 1, row 2: `1` at column 1 is not a cell",
        ),
        ("1\n1 1\n.\n.\n", 4, "unexpected `.` after the last test"),
        (
            "1\n1 64\n",
            2,
            "expected row 1 of 1, found the end of the input",
        ),
        ("1\n1 5\n...", 3, "test 1: row 1 has 3 cells, expected 5"),
    ];
    for &(input, line, message) in cases {
        let err = Zgame::read_judge(input).expect_err(input);
        assert_eq!(err.line, line, "{input:?}: {err}");
        assert!(err.message.contains(message), "{input:?}: {err}");
        match Zgame::judge(input, &budget()) {
            Err(e) => assert_eq!(e, err, "{input:?}"),
            other => panic!("{input:?}: judge gave {other:?}"),
        }
    }
}

#[test]
fn a_bad_cell_in_a_long_row_is_found_in_any_word() {
    for at in [0, 1, 62, 63, 64, 65, 127, 128, 199] {
        let mut row = vec![b'.'; 200];
        row[at] = b'#';
        let input = format!(
            "1\n2 200\n{}\n{}\n",
            ".".repeat(200),
            String::from_utf8(row).unwrap()
        );
        let want = format!("test 1, row 2: `#` at column {} is not a cell", at + 1);
        match Zgame::judge(&input, &budget()) {
            Err(e) => {
                assert_eq!(e.line, 4);
                assert!(e.message.contains(&want), "{e}");
            }
            other => panic!("judge gave {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- the `.board` side

/// A case whose rows start at made-up offsets: row r at r × (cols + 1).
fn check_case(g: &Grid) -> (Option<ZgameBoard>, Vec<Diagnostic>) {
    let row_starts: Vec<usize> = (0..g.rows).map(|r| 100 + r * (g.cols + 1)).collect();
    let input = CaseInput {
        header: Span::new(0, 7),
        grid: Some(GridRows::of(g)),
        row_starts: &row_starts,
        props: &[],
    };
    let mut diags = Vec::new();
    let board = Zgame::board(input, &mut diags);
    (board, diags)
}

#[test]
fn boards_within_the_original_limits_have_no_diagnostics() {
    let g = Grid::filled(500, 500, b'.');
    let (board, diags) = check_case(&g);
    assert_eq!(board, Some(zboard(&g)));
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn more_than_500_rows_or_columns_is_a_warning_on_the_excess() {
    let g = Grid::filled(501, 3, b'.');
    let (board, diags) = check_case(&g);
    assert!(board.is_some());
    assert_eq!(diags.len(), 1);
    assert_eq!(
        (diags[0].severity, diags[0].code),
        (Severity::Warning, "W301")
    );
    assert!(
        diags[0].message.contains("501 rows"),
        "{}",
        diags[0].message
    );
    assert_eq!(diags[0].span, Span::new(100 + 500 * 4, 100 + 500 * 4 + 3));

    let g = Grid::filled(2, 620, b'.');
    let (board, diags) = check_case(&g);
    assert!(board.is_some());
    assert_eq!(diags.len(), 1);
    assert_eq!(
        (diags[0].severity, diags[0].code),
        (Severity::Warning, "W302")
    );
    assert!(diags[0].message.contains("620 columns"));
    assert_eq!(diags[0].span, Span::new(100 + 500, 100 + 620));
}

#[test]
fn boards_over_the_memory_cap_are_refused() {
    let g = Grid::filled(5001, 5000, b'.');
    assert!(g.cells.len() > MAX_CELLS);
    let (board, diags) = check_case(&g);
    assert!(board.is_none());
    assert_eq!(diags.len(), 1);
    assert_eq!(
        (diags[0].severity, diags[0].code),
        (Severity::Error, "E301")
    );
    assert!(
        diags[0].message.contains("25005000 cells"),
        "{}",
        diags[0].message
    );
    assert!(matches!(
        Zgame::solve(&zboard(&g), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
    assert!(matches!(
        Zgame::answer(&zboard(&g), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
    // Every code the module reports is explained.
    for code in ["W301", "W302", "E301"] {
        assert!(Zgame::SPEC.codes.iter().any(|(c, _)| *c == code), "{code}");
    }
}

#[test]
fn large_boards_within_the_cap_are_still_solved() {
    let g = Grid::filled(2000, 2000, b'.');
    let (board, diags) = check_case(&g);
    assert!(board.is_some());
    assert_eq!(
        diags.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["W301", "W302"]
    );
    // An empty board is a draw nobody can avoid.
    assert_eq!(
        Zgame::answer(&zboard(&g), &budget()).as_deref(),
        Ok("no yes no")
    );
}

#[test]
fn expect_values_are_three_yes_or_no_words() {
    assert_eq!(Zgame::parse_answer("no no yes"), Ok("no no yes".into()));
    assert_eq!(
        Zgame::parse_answer("  YES   No\tyes "),
        Ok("yes no yes".into())
    );
    let err = Zgame::parse_answer("no no").unwrap_err();
    assert!(
        err.contains("three words") && err.contains("2 words"),
        "{err}"
    );
    let err = Zgame::parse_answer("").unwrap_err();
    assert!(err.contains("found nothing"), "{err}");
    let err = Zgame::parse_answer("no maybe yes").unwrap_err();
    assert!(err.contains("`maybe`") && err.contains("draw"), "{err}");
    for class in Zgame::SPEC.answer_classes {
        assert_eq!(Zgame::parse_answer(class).as_deref(), Ok(*class));
    }
}

#[test]
fn to_case_gives_the_rows() {
    let g = grid(&["..B", "A.."]);
    let body = Zgame::to_case(&zboard(&g));
    assert!(body.props.is_empty());
    assert_eq!(body.rows, ["..B", "A.."]);
}

// ---------------------------------------------------------------- explanations

#[test]
fn the_sample_explained() {
    let s = Zgame::solve(&zboard(&grid(&["..B", "..B", "BB."])), &budget()).expect("solvable");
    assert_eq!(s.answer, "no no yes");
    assert_eq!(s.lens, "Alice: win ✗ · draw ✗ · lose ✓");
    assert_eq!(
        s.verdict,
        "Alice cannot force a win, cannot force a draw, can force a loss"
    );
    assert!(
        s.why
            .text()
            .contains("right to (1,2) lets her force a loss; down to (2,1) lets her force a loss"),
        "{}",
        s.why
    );
    assert!(s.why.text().contains("Bob wins"), "{}", s.why);
    assert!(s.why.text().contains("`B` wins for Bob"), "{}", s.why);

    let s = Zgame::solve(&zboard(&grid(&["..."])), &budget()).expect("solvable");
    assert_eq!(s.lens, "Alice: win ✗ · draw ✓ · lose ✗");
    assert!(
        s.why
            .text()
            .contains("(1,1) → (1,2) → (1,3), the empty last cell: a draw"),
        "{}",
        s.why
    );
    let cells = s.cells.expect("a cell map");
    let text = (cells.describe)(0, 1).expect("a description");
    assert!(text.starts_with("(1,2): Bob to move"), "{text}");
    assert!(text.contains("the only move is right to (1,3)"), "{text}");
}

#[test]
fn a_letter_on_the_start_decides_before_any_move() {
    let s = Zgame::solve(&zboard(&grid(&["A.", ".B"])), &budget()).expect("solvable");
    assert_eq!(s.answer, "yes no no");
    assert!(
        s.why.text().starts_with("(1,1) is `A`: Alice wins"),
        "{}",
        s.why
    );
    let cells = s.cells.expect("a cell map");
    assert_eq!(cells.mark(0, 0), CellMark::Win);
    // (2,2) holds B and it would be Alice's turn there: she has lost.
    assert_eq!(cells.mark(1, 1), CellMark::Lose);
    assert_eq!(cells.mark(5, 5), CellMark::None);
    assert_eq!((cells.describe)(5, 5), None);

    let s = Zgame::solve(&zboard(&grid(&["."])), &budget()).expect("solvable");
    assert_eq!(s.answer, "no yes no");
    assert!(s.why.text().contains("the last cell, empty"), "{}", s.why);
}

#[test]
fn long_lines_of_play_are_clipped_but_keep_the_deciding_cell() {
    let mut rows = vec![".".repeat(40); 40];
    rows[39] = format!("{}A", ".".repeat(39));
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let s = Zgame::solve(&zboard(&grid(&refs)), &budget()).expect("solvable");
    assert_eq!(s.answer, "yes no no");
    assert!(s.why.text().contains("more …"), "{}", s.why);
    assert!(
        s.why.text().contains("→ (40,40), where `A` wins for Alice"),
        "{}",
        s.why
    );
}

#[test]
fn a_cancelled_budget_stops_solve() {
    let flag = Arc::new(AtomicBool::new(true));
    let b = Budget::unlimited().with_cancel(flag);
    let g = Grid::filled(300, 300, b'.');
    assert!(matches!(
        Zgame::solve(&zboard(&g), &b),
        Err(Unsolved::Cancelled)
    ));
    assert_eq!(
        Zgame::judge("1\n1 1\n.\n", &b),
        Ok(JudgeRun {
            output: String::new(),
            unsolved: vec![(1, Unsolved::Cancelled)],
            nodes: 0
        })
    );
}

#[test]
fn grids_that_do_not_add_up_are_refused_not_a_panic() {
    let g = Grid {
        rows: 3,
        cols: 3,
        cells: b"...".to_vec(),
    };
    assert!(matches!(
        Zgame::solve(&zboard(&g), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
    assert!(matches!(
        Zgame::answer(&zboard(&g), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
}

// ---------------------------------------------------------------- solvability under a memory cap

/// The smallest memory cap at which `works` holds (it holds for every larger cap).
fn smallest_cap(works: impl Fn(&Budget) -> bool) -> usize {
    let (mut lo, mut hi) = (0usize, 1usize << 32);
    assert!(works(&Budget::unlimited().with_memory(hi)));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if works(&Budget::unlimited().with_memory(mid)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// `solve` refuses exactly where `answer` does, then adds the per-cell table only when it fits
/// too. On the tall board the table is smaller than the judge's rows (a word a row), so `solve`
/// refuses although the table alone would fit.
#[test]
fn answer_and_solve_agree_on_each_side_of_the_memory_cap() {
    let mut rng = XorShift(11);
    for g in [
        random_board(&mut rng, 300, 200, 10),
        random_board(&mut rng, 100_000, 1, 10),
    ] {
        let size = format!("{}×{}", g.rows, g.cols);
        let want = Zgame::answer(&zboard(&g), &budget()).expect("solvable");
        let answers_from = smallest_cap(|b| Zgame::answer(&zboard(&g), b).is_ok());
        assert!(answers_from > 0, "{size}");
        for cap in [answers_from - 1, answers_from] {
            let b = Budget::unlimited().with_memory(cap);
            let answer = Zgame::answer(&zboard(&g), &b);
            let solved = Zgame::solve(&zboard(&g), &b).map(|s| s.answer.into_owned());
            if cap < answers_from {
                assert!(matches!(answer, Err(Unsolved::TooLarge(_))), "{size}");
                assert!(matches!(solved, Err(Unsolved::TooLarge(_))), "{size}");
            } else {
                assert_eq!(answer.as_ref(), Ok(&want), "{size}");
                assert_eq!(solved.as_ref(), Ok(&want), "{size}");
            }
        }
        let mapped_from =
            smallest_cap(|b| Zgame::solve(&zboard(&g), b).is_ok_and(|s| s.cells.is_some()));
        assert!(mapped_from >= answers_from, "{size}");
        if mapped_from > answers_from {
            let b = Budget::unlimited().with_memory(mapped_from - 1);
            let s = Zgame::solve(&zboard(&g), &b).expect("solvable without the table");
            assert_eq!(s.answer, want);
            assert!(s.cells.is_none());
            assert!(
                s.why
                    .text()
                    .contains("There is no line of play and no cell map: the per-cell table of")
                    && s.why.text().contains("more than the memory cap"),
                "{}",
                s.why
            );
        }
    }
}

/// `judge` leaves a test unanswered exactly when `answer` refuses it, whatever earlier tests
/// left allocated: a narrow board of millions of rows after a wide one fits once the wide
/// one's row bits are let go.
#[test]
fn judge_answers_a_test_exactly_when_answer_does() {
    let mut rng = XorShift(12);
    let boards = [
        random_board(&mut rng, 1000, 64, 10),
        random_board(&mut rng, 4_200_001, 1, 1),
        grid(&["..B", "..B", "BB."]),
    ];
    let input = Zgame::write_judge(&boards.each_ref().map(zboard));
    for board in &boards {
        let answers_from = smallest_cap(|b| Zgame::answer(&zboard(board), b).is_ok());
        for cap in [answers_from - 1, answers_from] {
            let b = Budget::unlimited().with_memory(cap);
            let mut output = String::new();
            let mut unsolved = Vec::new();
            for (i, g) in boards.iter().enumerate() {
                match Zgame::answer(&zboard(g), &b) {
                    Ok(answer) => output.push_str(&(answer + "\n")),
                    Err(reason) => unsolved.push((i + 1, reason)),
                }
            }
            assert_eq!(
                Zgame::judge(&input, &b),
                Ok(JudgeRun {
                    output,
                    unsolved,
                    nodes: 0
                }),
                "cap {cap}"
            );
        }
    }
}
