//! strings (CF 354B): the solver against a plain minimax over explicit sets of end cells, the
//! judge input errors, board diagnostics and explanations (the original samples: `tests/samples.rs`).

use boardls::analysis;
use boardls::config::Config;
use boardls::diag::Diagnostic;
use boardls::games::strings::{self, Strings};
use boardls::games::{Budget, CaseInput, CellMark, Game, Grid, GridRows, Unsolved};
use boardls::span::Span;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use xorshift::XorShift;

use crate::fixtures::xorshift;

// ---------------------------------------------------------------- brute force

type Cells = BTreeSet<(usize, usize)>;

fn letter_score(letter: u8) -> i32 {
    match letter {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

/// The cells each letter could extend the string to, from every cell it may end on now.
fn successors(rows: &[Vec<u8>], ends: &Cells) -> BTreeMap<u8, Cells> {
    let (n, m) = (rows.len(), rows[0].len());
    let mut by_letter: BTreeMap<u8, Cells> = BTreeMap::new();
    for &(r, c) in ends {
        for (nr, nc) in [(r + 1, c), (r, c + 1)] {
            if nr < n && nc < m {
                by_letter.entry(rows[nr][nc]).or_default().insert((nr, nc));
            }
        }
    }
    by_letter
}

/// a − b of the letters after the first `len` ones, with best play: plain minimax, no memo.
fn brute_rest(rows: &[Vec<u8>], ends: &Cells, len: usize) -> i32 {
    let total = rows.len() + rows[0].len() - 1;
    if len == total {
        return 0;
    }
    // Letter number len + 1 (one-based): the first player appends the odd ones.
    let first_moves = (len + 1) % 2 == 1;
    let options = successors(rows, ends)
        .into_iter()
        .map(|(letter, next)| letter_score(letter) + brute_rest(rows, &next, len + 1));
    let best = if first_moves {
        options.max()
    } else {
        options.min()
    };
    best.expect("every cell but the last has a successor")
}

fn brute(rows: &[Vec<u8>]) -> i32 {
    let start: Cells = [(0, 0)].into_iter().collect();
    letter_score(rows[0][0]) + brute_rest(rows, &start, 1)
}

fn word(value: i32) -> &'static str {
    match value.signum() {
        1 => "FIRST",
        -1 => "SECOND",
        _ => "DRAW",
    }
}

fn grid_of(rows: &[Vec<u8>]) -> Grid {
    Grid::from_rows(rows).expect("rectangular test board")
}

fn grid_str(rows: &[&str]) -> Grid {
    Grid::from_rows(rows).expect("rectangular test board")
}

fn rows_of(grid: &Grid) -> Vec<Vec<u8>> {
    (0..grid.rows).map(|r| grid.row(r).to_vec()).collect()
}

/// The string the Path cells spell, one letter per anti-diagonal (they must agree).
fn path_string(grid: &Grid, marks: impl Fn(usize, usize) -> CellMark) -> Vec<u8> {
    let mut letters = Vec::new();
    for d in 0..grid.rows + grid.cols - 1 {
        let on: BTreeSet<u8> = (0..grid.rows)
            .filter(|&r| d >= r && d - r < grid.cols)
            .filter(|&r| marks(r, d - r) == CellMark::Path)
            .map(|r| grid.at(r, d - r))
            .collect();
        assert_eq!(on.len(), 1, "diagonal {d} of the line holds letters {on:?}");
        letters.extend(on);
    }
    letters
}

/// Every cell some path spelling `text` passes through, by explicit forward and backward sets.
fn cells_spelling(rows: &[Vec<u8>], text: &[u8]) -> Cells {
    let (n, m) = (rows.len(), rows[0].len());
    let mut forward: Vec<Cells> = vec![[(0, 0)].into_iter().collect()];
    for &letter in &text[1..] {
        let next = successors(rows, forward.last().unwrap())
            .remove(&letter)
            .unwrap_or_default();
        forward.push(next);
    }
    let mut kept = forward.last().unwrap().clone();
    let mut all = kept.clone();
    for ends in forward.iter().rev().skip(1) {
        kept = ends
            .iter()
            .copied()
            .filter(|&(r, c)| kept.contains(&(r + 1, c)) || kept.contains(&(r, c + 1)))
            .collect();
        all.extend(kept.iter().copied());
    }
    assert!(all.contains(&(n - 1, m - 1)));
    all
}

/// Checks that each letter of `text` is a best move for the player appending it.
fn assert_optimal_line(rows: &[Vec<u8>], text: &[u8]) {
    assert_eq!(text[0], rows[0][0]);
    let mut ends: Cells = [(0, 0)].into_iter().collect();
    for (len, &letter) in text.iter().enumerate().skip(1) {
        let here = brute_rest(rows, &ends, len);
        let mut moves = successors(rows, &ends);
        let next = moves
            .remove(&letter)
            .unwrap_or_else(|| panic!("letter {} of the line is not a move", len + 1));
        let got = letter_score(letter) + brute_rest(rows, &next, len + 1);
        assert_eq!(
            got,
            here,
            "letter {} of the line is not a best move",
            len + 1
        );
        ends = next;
    }
}

// ---------------------------------------------------------------- proptest

fn board(
    alphabet: &'static [u8],
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<Vec<u8>>> {
    (rows, cols).prop_flat_map(move |(n, m)| {
        prop::collection::vec(prop::collection::vec(prop::sample::select(alphabet), m), n)
    })
}

fn square(alphabet: &'static [u8], max: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
    (1..=max).prop_flat_map(move |n| {
        prop::collection::vec(prop::collection::vec(prop::sample::select(alphabet), n), n)
    })
}

const AB: &[u8] = b"ab";
const ABC: &[u8] = b"abc";
const ABCDE: &[u8] = b"abcde";
const AZ: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
/// Mostly neutral letters: long ties, many letters per diagonal.
const ABXYZ: &[u8] = b"abxyz";

fn check_against_brute(rows: &[Vec<u8>]) -> Result<(), TestCaseError> {
    let grid = grid_of(rows);
    let expected = brute(rows);
    let value = strings::value(&grid, &Budget::unlimited()).expect("solved");
    prop_assert_eq!(value, expected, "board {:?}", grid.row_strings());
    let answer = Strings::answer(&grid, &Budget::unlimited()).expect("solved");
    prop_assert_eq!(answer.as_str(), word(expected));
    let solution = Strings::solve(&grid, &Budget::unlimited()).expect("solved");
    prop_assert_eq!(&*solution.answer, word(expected));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn square_ab_matches_brute_force(rows in square(AB, 6)) {
        check_against_brute(&rows)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2500))]
    #[test]
    fn square_abc_matches_brute_force(rows in square(ABC, 6)) {
        check_against_brute(&rows)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]
    #[test]
    fn square_more_letters_match_brute_force(
        rows in prop_oneof![square(ABCDE, 6), square(AZ, 6), square(ABXYZ, 6)]
    ) {
        check_against_brute(&rows)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn non_square_matches_brute_force(
        rows in prop_oneof![board(AB, 1..=6, 1..=6), board(ABC, 1..=6, 1..=6), board(ABXYZ, 1..=3, 1..=8)]
    ) {
        check_against_brute(&rows)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// The Path cells spell one string, it is a line of best play worth the solved value, and
    /// they are exactly the cells of the paths spelling it.
    #[test]
    fn path_cells_are_an_optimal_line(
        rows in prop_oneof![square(AB, 6), square(ABC, 6), board(ABC, 1..=6, 1..=6)]
    ) {
        let grid = grid_of(&rows);
        let solution = Strings::solve(&grid, &Budget::unlimited()).expect("solved");
        let cells = solution.cells.expect("a cell map");
        prop_assert_eq!((cells.rows, cells.cols), (grid.rows, grid.cols));
        let text = path_string(&grid, |r, c| cells.mark(r, c));
        assert_optimal_line(&rows, &text);
        let diff: i32 = text.iter().map(|&l| letter_score(l)).sum();
        prop_assert_eq!(diff, brute(&rows));
        let marked: Cells = (0..grid.rows)
            .flat_map(|r| (0..grid.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| cells.mark(r, c) == CellMark::Path)
            .collect();
        prop_assert_eq!(marked, cells_spelling(&rows, &text));
        prop_assert!(cells.marks.iter().all(|&m| m == CellMark::Path || m == CellMark::None));
    }
}

/// The value a cell's hover states for the string ending only there.
fn hover_value(text: &str) -> Option<i32> {
    let (_, rest) = text.split_once("a − b = ")?;
    let number: String = rest
        .chars()
        .take_while(|c| *c == '+' || *c == '-' || c.is_ascii_digit())
        .collect();
    number.parse().ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn hover_value_matches_brute_force_from_that_cell(rows in board(ABC, 1..=5, 1..=5)) {
        let grid = grid_of(&rows);
        let cells = Strings::solve(&grid, &Budget::unlimited()).expect("solved").cells.expect("map");
        let total = grid.rows + grid.cols - 1;
        for r in 0..grid.rows {
            for c in 0..grid.cols {
                let text = (cells.describe)(r, c).expect("a description");
                if r + c + 1 == total {
                    prop_assert!(text.contains("last letter"), "{}", text);
                    continue;
                }
                let alone: Cells = [(r, c)].into_iter().collect();
                let expected = brute_rest(&rows, &alone, r + c + 1);
                prop_assert_eq!(hover_value(&text), Some(expected), "{}", text);
            }
        }
        prop_assert!((cells.describe)(grid.rows, 0).is_none());
    }
}

// ---------------------------------------------------------------- samples

#[test]
fn seed_write_up_example_first_wins_by_going_down() {
    // The write-up's example: after `cb` both (1,2) and (2,1) spell the string, so the first
    // player can append `a` from (2,1) and the string ends `cbaaaaaac` (6 `a`, 1 `b`).
    let grid = grid_str(&["cbbbb", "bcbbb", "aacbb", "aaacb", "aaaac"]);
    let solution = Strings::solve(&grid, &Budget::unlimited()).expect("solved");
    assert_eq!(solution.answer, "FIRST");
    assert_eq!(brute(&rows_of(&grid)), 5);
    assert_eq!(solution.lens, "FIRST wins (a − b = +5)");
    assert!(
        solution.why.text().contains("spell `cbaaaaaac`"),
        "{}",
        solution.why
    );
}

// ---------------------------------------------------------------- explanations

#[test]
fn verdict_lens_and_why_for_sample_two() {
    let grid = grid_str(&["xa", "ay"]);
    let solution = Strings::solve(&grid, &Budget::unlimited()).expect("solved");
    assert_eq!(solution.answer, "FIRST");
    assert_eq!(solution.lens, "FIRST wins (a − b = +1)");
    assert_eq!(
        solution.verdict,
        "the first player wins: with best play the string ends with 1 more `a` than `b` (a − b = +1)"
    );
    assert_eq!(
        solution.why.text(),
        "the first letter `x` is forced; with best play the 3 letters spell `xay`, with 1 `a` and 0 `b`"
    );
    let cells = solution.cells.expect("a cell map");
    // Both `a` cells spell `xa`, so both lie on the optimal line.
    assert!(
        [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .all(|&(r, c)| cells.mark(r, c) == CellMark::Path)
    );
    let hover = (cells.describe)(0, 1).expect("a description");
    assert_eq!(
        hover,
        "`a` at (1, 2): letter 2 of 3 (anti-diagonal 2), appended by the second player; on the \
         optimal line: a path spelling the optimal string passes here. If the string could end \
         only here, the last letter gives a − b = 0 with best play (the first player appends \
         the next one)."
    );
    let first = (cells.describe)(0, 0).expect("a description");
    assert!(first.contains("forced: the top-left cell"), "{first}");
}

#[test]
fn second_player_win_and_draw_read_as_such() {
    let second = Strings::solve(&grid_str(&["bb", "bb"]), &Budget::unlimited()).expect("solved");
    assert_eq!(second.answer, "SECOND");
    assert_eq!(second.lens, "SECOND wins (a − b = -3)");
    assert!(second.verdict.contains("3 more `b` than `a` (a − b = −3)"));
    let draw = Strings::solve(&grid_str(&["ab", "cd"]), &Budget::unlimited()).expect("solved");
    assert_eq!(draw.answer, "DRAW");
    assert_eq!(draw.lens, "DRAW (a − b = 0)");
    // Only the path through the cell the second player chooses is marked.
    let cells = draw.cells.expect("a cell map");
    let marks: Vec<CellMark> = cells.marks.clone();
    assert_eq!(
        marks,
        [
            CellMark::Path,
            CellMark::Path,
            CellMark::None,
            CellMark::Path
        ]
    );
}

#[test]
fn optimal_line_leaves_out_dead_ends() {
    // `aa` ends on (1,2) and (2,1); the first player appends `c`, which only (1,2) reaches, so
    // (2,1) is not on the line although it spells the prefix.
    let grid = grid_str(&["aac", "aba"]);
    let solution = Strings::solve(&grid, &Budget::unlimited()).expect("solved");
    assert_eq!(solution.lens, "FIRST wins (a − b = +3)");
    let cells = solution.cells.expect("a cell map");
    let marked: Cells = (0..2)
        .flat_map(|r| (0..3).map(move |c| (r, c)))
        .filter(|&(r, c)| cells.mark(r, c) == CellMark::Path)
        .collect();
    let expected: Cells = [(0, 0), (0, 1), (0, 2), (1, 2)].into_iter().collect();
    assert_eq!(marked, expected);
    assert_eq!(cells_spelling(&rows_of(&grid), b"aaca"), expected);
    assert!(
        (cells.describe)(1, 0)
            .expect("text")
            .contains("off the optimal line")
    );
}

// ---------------------------------------------------------------- limits and budgets

/// The 20×20 board of the reference generator's `stress` preset (most reachable states known).
fn stress() -> Grid {
    let rows: Vec<&str> = include_str!("../data/strings/stress.txt").lines().collect();
    grid_str(&rows)
}

#[test]
fn stress_board_agrees_with_the_reference_answer() {
    // The reference solution prints DRAW for this board.
    let solution = Strings::solve(&stress(), &Budget::unlimited()).expect("solved");
    assert_eq!(solution.answer, "DRAW");
    assert!(solution.nodes > 4096, "{} nodes", solution.nodes);
}

#[test]
fn cancel_stops_the_solver() {
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Budget::unlimited().with_cancel(flag);
    assert_eq!(
        Strings::answer(&stress(), &cancelled),
        Err(Unsolved::Cancelled)
    );
    assert!(matches!(
        Strings::solve(&stress(), &cancelled),
        Err(Unsolved::Cancelled)
    ));
}

/// A fixed-seed random board.
fn random_grid(rows: usize, cols: usize, alphabet: &[u8], seed: u64) -> Grid {
    let mut rng = XorShift(seed);
    let mut grid = Grid::filled(rows, cols, b'a');
    for r in 0..rows {
        for c in 0..cols {
            grid.set(r, c, rng.pick(alphabet));
        }
    }
    grid
}

/// Boards within the original limits (sides ≤ 20), the ones with the most reachable states
/// among them: structured, random, and `stress`, the most states known (5205: a local search
/// for more from it, or from random boards of up to four letters, found none).
fn boards_within_the_limits() -> Vec<(String, Grid)> {
    let n = 20;
    let by = |f: &dyn Fn(usize, usize) -> u8| {
        let mut grid = Grid::filled(n, n, b'a');
        for r in 0..n {
            for c in 0..n {
                grid.set(r, c, f(r, c));
            }
        }
        grid
    };
    let mut boards = vec![
        ("all a".to_string(), Grid::filled(n, n, b'a')),
        ("rows a/b".to_string(), by(&|r, _| b"ab"[r % 2])),
        ("columns a/b".to_string(), by(&|_, c| b"ab"[c % 2])),
        ("rows a/b/c".to_string(), by(&|r, _| b"abc"[r % 3])),
        ("checkerboard".to_string(), by(&|r, c| b"ab"[(r + c) % 2])),
        (
            "2×2 checkerboard".to_string(),
            by(&|r, c| b"ab"[(r / 2 + c / 2) % 2]),
        ),
        (
            "halves".to_string(),
            by(&|r, _| if r < n / 2 { b'a' } else { b'b' }),
        ),
        (
            "26 letters".to_string(),
            by(&|r, c| b'a' + ((r * 7 + c * 3) % 26) as u8),
        ),
        ("stress".to_string(), stress()),
        ("20×1".to_string(), random_grid(20, 1, b"ab", 5)),
        ("13×20".to_string(), random_grid(13, 20, b"abc", 6)),
    ];
    for seed in 1..=4 {
        boards.push((format!("random a/b {seed}"), random_grid(n, n, b"ab", seed)));
        boards.push((
            format!("random a/b/c {seed}"),
            random_grid(n, n, b"abc", seed),
        ));
    }
    boards
}

/// Within n ≤ 20 the solver is polynomial: no budget of nodes or time ever stops it, and its
/// state cap never refuses (the reachable states are at most 30 344, see `solve.rs`).
#[test]
fn no_board_within_the_original_limits_is_refused() {
    let budgets = [
        ("default", analysis::budget(&Config::default())),
        ("editor", analysis::budget(&Config::editor())),
        ("one node", Budget::nodes(1)),
    ];
    let mut most = 0;
    for (name, grid) in boards_within_the_limits() {
        let exact = strings::value(&grid, &Budget::unlimited()).expect("solved");
        for (budget_name, budget) in &budgets {
            let answer = Strings::answer(&grid, budget);
            assert_eq!(answer.as_deref(), Ok(word(exact)), "{name}, {budget_name}");
            let solved = Strings::solve(&grid, budget)
                .unwrap_or_else(|e| panic!("{name}, {budget_name}: {e}"));
            assert_eq!(solved.answer, word(exact), "{name}, {budget_name}");
            assert!(solved.cells.is_some(), "{name}, {budget_name}");
            assert!(solved.nodes <= 30_344, "{name}: {} states", solved.nodes);
            most = most.max(solved.nodes);
        }
    }
    assert!(
        most > 5_000,
        "the hardest board expanded only {most} states"
    );
}

/// A board beyond n = 20 is a search: the node budget stops it.
#[test]
fn a_board_beyond_the_original_limits_stops_at_its_node_budget() {
    let grid = random_grid(40, 40, b"ab", 7);
    let full = Strings::solve(&grid, &analysis::budget(&Config::default())).expect("solved");
    assert!(full.nodes > 6_000, "{} states", full.nodes);
    let small = Budget::nodes(2_000);
    for refused in [
        Strings::answer(&grid, &small).err(),
        Strings::solve(&grid, &small).err(),
    ] {
        match refused {
            Some(Unsolved::Nodes(spent)) => assert!(spent > 2_000 && spent < full.nodes),
            other => panic!("expected the node budget to stop it, got {other:?}"),
        }
    }
}

/// The least cap under which `answer` solves the board, by bisection: the caps are compared
/// with counts and estimates that do not depend on the cap, so every larger cap solves it too.
fn least_cap(budget: impl Fn(u64) -> Budget, grid: &Grid) -> u64 {
    let (mut refused, mut solved) = (0u64, 1u64 << 40);
    assert!(Strings::answer(grid, &budget(solved)).is_ok());
    while solved - refused > 1 {
        let mid = refused + (solved - refused) / 2;
        match Strings::answer(grid, &budget(mid)) {
            Ok(_) => solved = mid,
            Err(_) => refused = mid,
        }
    }
    solved
}

/// `answer` and `solve` refuse the same boards: on each side of the memory cap (and beyond
/// n = 20, of the node cap) they agree; `solve` drops its cell map rather than refusing.
#[test]
fn answer_and_solve_agree_on_each_side_of_the_memory_and_node_caps() {
    let memory = |bytes: u64| Budget::unlimited().with_memory(bytes as usize);
    let mut map_skipped = 0;
    for grid in [
        stress(),
        random_grid(40, 40, b"ab", 7),
        Grid::filled(3, 3000, b'a'),
    ] {
        let exact = word(strings::value(&grid, &Budget::unlimited()).expect("solved"));
        let least = least_cap(memory, &grid);
        let solved = Strings::solve(&grid, &memory(least)).expect("solve fits where answer does");
        assert_eq!(solved.answer, exact);
        for refused in [
            Strings::answer(&grid, &memory(least - 1)).err(),
            Strings::solve(&grid, &memory(least - 1)).err(),
        ] {
            assert!(
                matches!(refused, Some(Unsolved::TooLarge(_))),
                "{refused:?} at {} bytes",
                least - 1
            );
        }
        if solved.cells.is_none() {
            map_skipped += 1;
            assert!(
                solved.why.text().ends_with("the optimal line and the cell map were skipped: they would not fit the memory cap"),
                "{}",
                solved.why
            );
        }
    }
    assert!(map_skipped >= 1, "{map_skipped}");

    let grid = random_grid(40, 40, b"ab", 7);
    let least = least_cap(Budget::nodes, &grid);
    let solved = Strings::solve(&grid, &Budget::nodes(least)).expect("solved");
    assert_eq!(
        solved.nodes, least,
        "the search stops as soon as it spends more"
    );
    assert!(matches!(
        Strings::answer(&grid, &Budget::nodes(least - 1)),
        Err(Unsolved::Nodes(_))
    ));
    assert!(matches!(
        Strings::solve(&grid, &Budget::nodes(least - 1)),
        Err(Unsolved::Nodes(_))
    ));
}

#[test]
fn largest_holdable_board_solves_and_larger_ones_are_refused() {
    let all_a = Grid::filled(64, 64, b'a');
    assert_eq!(strings::value(&all_a, &Budget::unlimited()), Ok(127));
    let tall = Grid::filled(300, 64, b'b');
    assert_eq!(strings::value(&tall, &Budget::unlimited()), Ok(-363));
    let wide = Grid::filled(65, 65, b'a');
    match Strings::solve(&wide, &Budget::unlimited()) {
        Err(Unsolved::TooLarge(why)) => assert!(why.contains("65×65"), "{why}"),
        other => panic!("expected TooLarge, got {:?}", other.map(|s| s.answer)),
    }
    let thin = Grid::filled(1, 5000, b'a');
    assert!(matches!(
        Strings::answer(&thin, &Budget::unlimited()),
        Err(Unsolved::TooLarge(_))
    ));
}

#[test]
fn one_cell_board_is_its_own_letter() {
    for (cell, answer) in [("a", "FIRST"), ("b", "SECOND"), ("z", "DRAW")] {
        let solution = Strings::solve(&grid_str(&[cell]), &Budget::unlimited()).expect("solved");
        assert_eq!(solution.answer, answer);
    }
}

// ---------------------------------------------------------------- board diagnostics

fn diagnostics(rows: &[&str]) -> (Option<Grid>, Vec<Diagnostic>) {
    let grid = grid_str(rows);
    let header = Span::new(0, 9);
    let mut starts = Vec::new();
    let mut offset = 10;
    for row in rows {
        starts.push(offset);
        offset += row.len() + 1;
    }
    let input = CaseInput {
        header,
        grid: Some(GridRows::of(&grid)),
        row_starts: &starts,
        props: &[],
    };
    let mut diags = Vec::new();
    let board = Strings::board(input, &mut diags);
    (board, diags)
}

fn codes(diags: &[Diagnostic]) -> Vec<&'static str> {
    diags.iter().map(|d| d.code).collect()
}

#[test]
fn square_board_within_limits_is_clean() {
    let rows = vec!["ab".repeat(10); 20];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (board, diags) = diagnostics(&rows);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(board.map(|b| (b.rows, b.cols)), Some((20, 20)));
}

#[test]
fn non_square_board_is_a_warning_and_still_a_board() {
    let (board, diags) = diagnostics(&["abc", "cab"]);
    assert_eq!(codes(&diags), ["W701"]);
    assert_eq!(
        diags[0].message,
        "the board is 2×3; the original problem has square boards"
    );
    assert!(diags[0].help.as_deref().unwrap_or("").contains("4 letters"));
    // The warning covers the grid: first cell to the end of the last row.
    assert_eq!(diags[0].span, Span::new(10, 17));
    assert!(board.is_some());
}

#[test]
fn oversized_boards_warn_and_say_whether_they_can_be_solved() {
    let rows = vec!["a".repeat(21); 21];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (_, diags) = diagnostics(&rows);
    assert_eq!(codes(&diags), ["W702"]);
    assert_eq!(
        diags[0].message,
        "n = 21 is outside the original limits 1 ≤ n ≤ 20"
    );
    assert!(
        diags[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("still solved")
    );

    let rows = vec!["a".repeat(65); 65];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (board, diags) = diagnostics(&rows);
    assert_eq!(codes(&diags), ["W702"]);
    assert!(
        diags[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("too large to solve")
    );
    assert!(board.is_some());

    let rows = vec!["a".repeat(30); 3];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (_, diags) = diagnostics(&rows);
    assert_eq!(codes(&diags), ["W701", "W702"]);
    assert!(diags[1].message.starts_with("a side of 30"));
}

#[test]
fn spec_lists_its_codes_and_alphabet() {
    let spec = &Strings::SPEC;
    assert!(spec.keys.is_empty());
    assert_eq!(spec.max_tests_per_file, 1);
    assert!((spec.is_cell)(b'a') && (spec.is_cell)(b'z'));
    assert!(!(spec.is_cell)(b'A') && !(spec.is_cell)(b'.') && !(spec.is_cell)(b'{'));
    let listed: Vec<&str> = spec.codes.iter().map(|(c, _)| *c).collect();
    assert_eq!(listed, ["W701", "W702"]);
}

#[test]
fn answers_parse_to_the_judge_words() {
    assert_eq!(Strings::parse_answer(" FIRST "), Ok("FIRST".to_string()));
    assert_eq!(Strings::parse_answer("draw"), Ok("DRAW".to_string()));
    let err = Strings::parse_answer("WIN").unwrap_err();
    assert!(err.contains("`WIN`"), "{err}");
}

// ---------------------------------------------------------------- judge input

fn judge_error(text: &str) -> (usize, String) {
    let err = Strings::read_judge(text).unwrap_err();
    (err.line, err.message)
}

#[test]
fn malformed_judge_input_names_the_line() {
    let cases: [(&str, usize, &str); 9] = [
        ("", 1, "expected n"),
        ("x\n", 1, "`x`"),
        ("0\n", 1, "between 1 and 64"),
        ("65\n", 1, "between 1 and 64"),
        ("2\nab\n", 2, "expected row 2 of 2"),
        ("2\nab\ncde\n", 3, "row 2 has 3 letters, expected n = 2"),
        ("2\naB\ncd\n", 2, "row 1: `B` is not a lowercase letter"),
        ("2\nab\ncd\nef\n", 4, "unexpected `ef`"),
        ("3\nabc\n\n\nab c\n", 5, "row 2 has 2 letters"),
    ];
    for (text, line, needle) in cases {
        let (got_line, message) = judge_error(text);
        assert_eq!(got_line, line, "{text:?}: {message}");
        assert!(message.contains(needle), "{text:?}: {message}");
    }
}

#[test]
fn judge_input_round_trips_and_tolerates_crlf() {
    let boards = Strings::read_judge("3\r\naab\r\nbcb\r\nbac\r\n").expect("read");
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].row_strings(), ["aab", "bcb", "bac"]);
    let text = Strings::write_judge(&boards);
    assert_eq!(text, "3\naab\nbcb\nbac\n");
    assert_eq!(Strings::read_judge(&text).expect("read again"), boards);
    assert_eq!(Strings::write_judge(&[]), "");
    // Several boards: only the first is written (one test per file).
    let two = [grid_str(&["a"]), grid_str(&["bb", "bb"])];
    assert_eq!(Strings::write_judge(&two), "1\na\n");
    assert_eq!(
        Strings::judge(&text, &Budget::unlimited())
            .expect("judged")
            .output,
        "DRAW\n"
    );
}

#[test]
fn to_case_gives_the_rows() {
    let body = Strings::to_case(&grid_str(&["ab", "cd"]));
    assert!(body.props.is_empty());
    assert_eq!(body.rows, ["ab", "cd"]);
}
