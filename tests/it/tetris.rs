//! tetris (HDU 1760): the solver against a plain brute force, known results, budgets and judge
//! I/O (the original samples: `tests/it/samples.rs`).

use boardls::diag::Severity;
use boardls::games::tetris::Tetris;
use boardls::games::{Budget, CaseInput, CellMark, Game, Grid, GridRows, Unsolved};
use boardls::span::Span;
use proptest::prelude::*;
use std::collections::HashMap;
use std::time::Duration;
use xorshift::XorShift;

use crate::fixtures::xorshift;

// ---------------------------------------------------------------------------------------------
// Brute force: the set of free cells as a bitmask, every 2×2 placement tried, memoised on the
// mask. No regions, no symmetry, no Grundy theory beyond "a position is won iff some move
// leads to a lost one" (and, for values, the mex of the options).

struct Brute {
    rows: usize,
    cols: usize,
    memo: HashMap<u64, bool>,
    values: HashMap<u64, u32>,
}

impl Brute {
    fn new(rows: usize, cols: usize) -> Brute {
        assert!(rows * cols <= 64);
        Brute {
            rows,
            cols,
            memo: HashMap::new(),
            values: HashMap::new(),
        }
    }

    fn square(&self, r: usize, c: usize) -> u64 {
        let bit = |r: usize, c: usize| 1u64 << (r * self.cols + c);
        bit(r, c) | bit(r, c + 1) | bit(r + 1, c) | bit(r + 1, c + 1)
    }

    fn options(&self, free: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for r in 0..self.rows.saturating_sub(1) {
            for c in 0..self.cols.saturating_sub(1) {
                let sq = self.square(r, c);
                if free & sq == sq {
                    out.push(free & !sq);
                }
            }
        }
        out
    }

    /// Whether the player to move wins.
    fn wins(&mut self, free: u64) -> bool {
        if let Some(&w) = self.memo.get(&free) {
            return w;
        }
        let w = self.options(free).into_iter().any(|next| !self.wins(next));
        self.memo.insert(free, w);
        w
    }

    fn value(&mut self, free: u64) -> u32 {
        if let Some(&v) = self.values.get(&free) {
            return v;
        }
        let opts: Vec<u32> = self
            .options(free)
            .into_iter()
            .map(|next| self.value(next))
            .collect();
        // The mex: the least value no option has (at most as many as the options).
        let v = (0..=opts.len() as u32)
            .find(|v| !opts.contains(v))
            .unwrap_or(0);
        self.values.insert(free, v);
        v
    }
}

fn free_mask(grid: &Grid) -> u64 {
    grid.cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == b'0')
        .fold(0, |m, (i, _)| m | 1 << i)
}

fn grid(rows: &[&str]) -> Grid {
    Grid::from_rows(rows).expect("rectangular test grid")
}

fn empty(n: usize, m: usize) -> Grid {
    Grid::filled(n, m, b'0')
}

fn unlimited() -> Budget {
    Budget::unlimited()
}

/// Checks answer, first-move marks and Grundy value against the brute force.
fn check_against_brute(g: &Grid) {
    let mut brute = Brute::new(g.rows, g.cols);
    let free = free_mask(g);
    let sol = Tetris::solve(g, &unlimited()).expect("small boards solve");
    let first_wins = brute.wins(free);
    assert_eq!(sol.answer, if first_wins { "Yes" } else { "No" }, "{g:?}");
    for r in 0..g.rows {
        for c in 0..g.cols {
            let mark = sol.cells.as_ref().map_or(CellMark::None, |m| m.mark(r, c));
            let want = if r + 1 < g.rows && c + 1 < g.cols {
                let sq = brute.square(r, c);
                if free & sq == sq {
                    if brute.wins(free & !sq) {
                        CellMark::Lose
                    } else {
                        CellMark::Win
                    }
                } else {
                    CellMark::None
                }
            } else {
                CellMark::None
            };
            assert_eq!(mark, want, "cell ({r},{c}) of {g:?}");
        }
    }
    assert_eq!(
        u32::from(Tetris::grundy(g, &unlimited()).expect("small boards solve")),
        brute.value(free),
        "{g:?}"
    );
}

fn board_strategy(max_rows: usize, max_cols: usize) -> impl Strategy<Value = Grid> {
    (1..=max_rows, 1..=max_cols, 0u32..=100).prop_flat_map(|(n, m, density)| {
        proptest::collection::vec(0u32..100, n * m).prop_map(move |rolls| Grid {
            rows: n,
            cols: m,
            cells: rolls
                .into_iter()
                .map(|x| if x < density { b'1' } else { b'0' })
                .collect(),
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_small_boards_match_brute_force(g in board_strategy(5, 6)) {
        check_against_brute(&g);
    }

    #[test]
    fn random_small_boards_match_brute_force_transposed(g in board_strategy(6, 5)) {
        check_against_brute(&g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Bigger boards (up to 7×8 = 56 cells) mostly blocked, so the brute force stays quick:
    /// these reach wider regions, more parts and the full search paths of the solver.
    #[test]
    fn sparse_larger_boards_match_brute_force(
        (n, m) in (5usize..=7, 6usize..=8),
        rolls in proptest::collection::vec(0u32..100, 56),
        density in 22u32..=40,
    ) {
        let cells = rolls[..n * m]
            .iter()
            .map(|&x| if x < density { b'1' } else { b'0' })
            .collect();
        check_against_brute(&Grid { rows: n, cols: m, cells });
    }
}

#[test]
fn every_empty_board_up_to_36_cells_matches_brute_force() {
    for n in 1..=6 {
        for m in 1..=6 {
            check_against_brute(&empty(n, m));
        }
    }
    check_against_brute(&empty(4, 8));
    check_against_brute(&empty(3, 12));
}

// ---------------------------------------------------------------------------------------------
// Long thin boards (snakes, caterpillars) against a plain search on the placements: connected
// parts valued apart and xored, each the mex over its moves. It needs no bitmask of the board,
// so it reaches boards of hundreds of cells whose parts stay small or thin.

type Cell = (usize, usize);

fn placement_cells(g: &Grid) -> Vec<Cell> {
    let free = |r: usize, c: usize| g.cells[r * g.cols + c] == b'0';
    (0..g.rows.saturating_sub(1))
        .flat_map(|r| (0..g.cols.saturating_sub(1)).map(move |c| (r, c)))
        .filter(|&(r, c)| free(r, c) && free(r, c + 1) && free(r + 1, c) && free(r + 1, c + 1))
        .collect()
}

/// Two placements conflict (or are the same) when their squares share a cell.
fn conflict(a: Cell, b: Cell) -> bool {
    a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

#[derive(Default)]
struct PlainSearch {
    memo: HashMap<Vec<Cell>, u32>,
}

impl PlainSearch {
    fn value(&mut self, cells: &[Cell]) -> u32 {
        let mut rest = cells.to_vec();
        let mut x = 0;
        while let Some(start) = rest.pop() {
            let mut part = vec![start];
            let mut i = 0;
            while let Some(&v) = part.get(i) {
                i += 1;
                let (near, far): (Vec<Cell>, Vec<Cell>) =
                    rest.iter().partition(|&&u| conflict(u, v));
                part.extend(near);
                rest = far;
            }
            part.sort_unstable();
            x ^= self.part_value(part);
        }
        x
    }

    fn part_value(&mut self, part: Vec<Cell>) -> u32 {
        if let Some(&v) = self.memo.get(&part) {
            return v;
        }
        let options: Vec<u32> = part
            .iter()
            .map(|&m| {
                let after: Vec<Cell> = part.iter().copied().filter(|&v| !conflict(v, m)).collect();
                self.value(&after)
            })
            .collect();
        let v = (0..=options.len() as u32)
            .find(|v| !options.contains(v))
            .expect("the mex is at most the number of options");
        self.memo.insert(part, v);
        v
    }
}

/// Checks answer, first-move marks and Grundy value against the plain search.
fn check_against_plain_search(g: &Grid) {
    let cells = placement_cells(g);
    let mut plain = PlainSearch::default();
    let value = plain.value(&cells);
    let sol = Tetris::solve(g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, if value == 0 { "No" } else { "Yes" }, "{g:?}");
    let grundy = Tetris::grundy(g, &unlimited()).expect("solves");
    assert_eq!(u32::from(grundy), value, "{g:?}");
    for &m in &cells {
        let rest: Vec<Cell> = cells.iter().copied().filter(|&v| !conflict(v, m)).collect();
        let want = if plain.value(&rest) == 0 {
            CellMark::Win
        } else {
            CellMark::Lose
        };
        let mark = sol.cells.as_ref().map(|map| map.mark(m.0, m.1));
        assert_eq!(mark, Some(want), "{m:?} of {g:?}");
    }
}

/// A board of walls with a width-2 corridor along a self-avoiding walk on a lattice whose
/// points are `row_gaps` and `col_gaps` cells apart (3 or more: a wall between neighbouring
/// bands): a 2×2 block at each point visited and the cells between consecutive ones, so bends
/// come after straight runs of any length. `steps` are directions (0 right, 1 down, 2 left,
/// 3 up); one that leaves the lattice or meets the walk is skipped.
fn snake_board(row_gaps: &[usize], col_gaps: &[usize], steps: &[u8]) -> Grid {
    let at = |gaps: &[usize], i: usize| 1 + gaps[..i].iter().sum::<usize>();
    let (h, w) = (row_gaps.len() + 1, col_gaps.len() + 1);
    let mut walk = vec![(0usize, 0usize)];
    for &step in steps {
        let (i, j) = walk[walk.len() - 1];
        let next = match step % 4 {
            0 => (i, j + 1),
            1 => (i + 1, j),
            2 => (i, j.wrapping_sub(1)),
            _ => (i.wrapping_sub(1), j),
        };
        if next.0 < h && next.1 < w && !walk.contains(&next) {
            walk.push(next);
        }
    }
    let mut g = Grid::filled(at(row_gaps, h - 1) + 3, at(col_gaps, w - 1) + 3, b'1');
    let mut path = walk.windows(2).map(|p| (p[0], p[1])).collect::<Vec<_>>();
    path.push((walk[0], walk[0]));
    for ((i0, j0), (i1, j1)) in path {
        let (r0, c0, r1, c1) = (
            at(row_gaps, i0),
            at(col_gaps, j0),
            at(row_gaps, i1),
            at(col_gaps, j1),
        );
        for r in r0.min(r1)..=r0.max(r1) + 1 {
            for c in c0.min(c1)..=c0.max(c1) + 1 {
                g.set(r, c, b'0');
            }
        }
    }
    g
}

/// A straight width-2 corridor of `len` cells with 2×2 legs above (`Some(true)`) or below at
/// the columns where `legs` says so (at least three columns apart).
fn caterpillar_board(len: usize, legs: &[Option<bool>]) -> Grid {
    let mut g = Grid::filled(6, len + 2, b'1');
    for c in 1..=len {
        g.set(2, c, b'0');
        g.set(3, c, b'0');
    }
    let mut last = None;
    for (c, leg) in legs.iter().enumerate().take(len.saturating_sub(1)) {
        let (Some(up), true) = (leg, last.is_none_or(|l| c >= l + 3)) else {
            continue;
        };
        let rows = if *up { [0, 1] } else { [4, 5] };
        for r in rows {
            g.set(r, c + 1, b'0');
            g.set(r, c + 2, b'0');
        }
        last = Some(c);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn snakes_with_random_bends_match_the_plain_search(
        row_gaps in proptest::collection::vec(3usize..7, 1..4),
        col_gaps in proptest::collection::vec(3usize..7, 1..5),
        steps in proptest::collection::vec(0u8..4, 1..16),
    ) {
        check_against_plain_search(&snake_board(&row_gaps, &col_gaps, &steps));
    }

    #[test]
    fn caterpillars_match_the_plain_search(
        len in 3usize..30,
        legs in proptest::collection::vec(proptest::option::weighted(0.4, any::<bool>()), 30),
    ) {
        check_against_plain_search(&caterpillar_board(len, &legs));
    }
}

/// Involution `sym` of an `h`×`w` box (0 left–right, 1 up–down, 2 half turn, 3 transpose,
/// 4 anti-transpose; the last two on squares), on a cell of it. On placements it is the same
/// map on the `(h-1)×(w-1)` box of their corners.
fn mirror(sym: u8, (r, c): Cell, h: usize, w: usize) -> Cell {
    match sym {
        0 => (r, w - 1 - c),
        1 => (h - 1 - r, c),
        2 => (h - 1 - r, w - 1 - c),
        3 => (c, r),
        _ => (w - 1 - c, h - 1 - r),
    }
}

/// A board symmetric under `sym`: a cell is a wall when its roll or its image's is below
/// `density`; with `wall_middle`, also every cell within one step of its image, so that no
/// placement meets its own image (a square sharing a cell `y` with its image holds `y` and
/// `y`'s image).
fn symmetric_board(
    sym: u8,
    h: usize,
    w: usize,
    rolls: &[u32],
    density: u32,
    wall_middle: bool,
) -> Grid {
    let mut g = Grid::filled(h, w, b'0');
    for r in 0..h {
        for c in 0..w {
            let (ir, ic) = mirror(sym, (r, c), h, w);
            let wall = rolls[r * w + c] < density
                || rolls[ir * w + ic] < density
                || (wall_middle && conflict((r, c), (ir, ic)));
            if wall {
                g.set(r, c, b'1');
            }
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The copy strategy (a symmetric position where no placement meets its own image is lost
    /// by the player to move) checked on its own against the plain search, and the solver,
    /// which uses it, against the plain search on symmetric boards with and without it.
    #[test]
    fn symmetric_boards_match_the_plain_search(
        sym in 0u8..5,
        h in 2usize..7,
        w in 2usize..8,
        rolls in proptest::collection::vec(0u32..100, 42),
        density in 0u32..35,
        wall_middle in any::<bool>(),
    ) {
        let w = if sym >= 3 { h } else { w };
        let g = symmetric_board(sym, h, w, &rolls, density, wall_middle);
        let cells = placement_cells(&g);
        let (ph, pw) = (h - 1, w - 1);
        let copyable = cells.iter().all(|&p| !conflict(p, mirror(sym, p, ph, pw)));
        prop_assert!(copyable || !wall_middle);
        if copyable {
            prop_assert_eq!(PlainSearch::default().value(&cells), 0, "{:?}", g);
        }
        check_against_plain_search(&g);
    }
}

#[test]
fn a_folded_snake_is_valued_without_a_search() {
    // Twelve bands of 45 placements joined by U-turns: 562 placements. The interval DP values
    // each of its n(n+1)/2 intervals once; a search would not finish.
    let g = folded_snake();
    let n = placement_cells(&g).len();
    assert_eq!(n, 562);
    let budget = nodes_only((n * (n + 1) / 2) as u64);
    assert_eq!(Tetris::answer(&g, &budget).as_deref(), Ok("No"));
    let sol = Tetris::solve(&g, &budget).expect("the map reads the same table");
    assert_eq!(sol.lens, "Lele loses (all 562 first moves lose)");
}

/// A 37×48 board of walls with a width-2 corridor folded back and forth: twelve bands along
/// rows 1–2, 4–5, …, 34–35 from column 1 to 46, joined alternately at the right and left ends.
fn folded_snake() -> Grid {
    let mut g = Grid::filled(37, 48, b'1');
    for band in 0..12 {
        let r = 1 + 3 * band;
        for c in 1..=46 {
            g.set(r, c, b'0');
            g.set(r + 1, c, b'0');
        }
        if band < 11 {
            let turn = if band % 2 == 0 { [45, 46] } else { [1, 2] };
            for c in turn {
                g.set(r + 2, c, b'0');
            }
        }
    }
    g
}

// ---------------------------------------------------------------------------------------------
// Samples and known results.

#[test]
fn sample_two_explained() {
    let g = grid(&["0000", "0010", "0100", "0000"]);
    let sol = Tetris::solve(&g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, "No");
    assert_eq!(sol.lens, "Lele loses (all 2 first moves lose)");
    let map = sol.cells.expect("map");
    assert_eq!(map.mark(0, 0), CellMark::Lose);
    assert_eq!(map.mark(2, 2), CellMark::Lose);
    assert_eq!(map.mark(0, 2), CellMark::None);
    let text = (map.describe)(0, 0).expect("text");
    assert!(text.contains("rows 1–2, columns 1–2"), "{text}");
    assert!(text.contains("loses"), "{text}");
    assert_eq!((map.describe)(1, 2).as_deref(), Some("Blocked cell."));
}

#[test]
fn empty_four_by_four_is_won_from_the_centre_only() {
    let sol = Tetris::solve(&empty(4, 4), &unlimited()).expect("solves");
    assert_eq!(sol.answer, "Yes");
    assert_eq!(sol.lens, "Lele wins (1 winning first move)");
    assert_eq!(
        sol.why.text(),
        "One region of 9 placements with Grundy value 1 ≠ 0, so Lele wins."
    );
    let map = sol.cells.expect("map");
    assert_eq!(map.mark(1, 1), CellMark::Win);
    assert_eq!(map.mark(0, 0), CellMark::Lose);
    assert_eq!(map.mark(3, 3), CellMark::None);
    // Covering the top middle leaves the bottom row: three placements in a path, value 2.
    let text = (map.describe)(0, 1).expect("text");
    assert!(
        text.contains("loses") && text.contains("Grundy value 2"),
        "{text}"
    );
}

#[test]
fn empty_six_by_six_is_explained_by_the_copy_strategy() {
    let sol = Tetris::solve(&empty(6, 6), &unlimited()).expect("solves");
    assert_eq!(sol.answer, "Yes");
    assert_eq!(sol.lens, "Lele wins (1 winning first move)");
    assert!(
        sol.why
            .text()
            .contains("Lele covers rows 3–4, columns 3–4: the rest is symmetric under a half turn"),
        "{}",
        sol.why
    );
    let map = sol.cells.expect("map");
    let text = (map.describe)(2, 2).expect("text");
    assert!(text.contains("copy every move"), "{text}");
}

#[test]
fn empty_five_by_five_and_six_by_nine_are_second_player_wins() {
    for (n, m) in [(5, 5), (6, 9), (9, 6)] {
        let sol = Tetris::solve(&empty(n, m), &unlimited()).expect("solves");
        assert_eq!(sol.answer, "No", "{n}×{m}");
        assert!(sol.lens.starts_with("Lele loses (all"), "{}", sol.lens);
        let map = sol.cells.expect("map");
        assert!(map.marks.iter().all(|&m| m != CellMark::Win));
    }
}

#[test]
fn even_by_even_empty_boards_are_won_by_the_centre_square() {
    // The placements form an odd×odd grid: cover the centre, then copy by a half turn.
    for (n, m) in [(6, 6), (8, 8), (10, 10), (8, 12)] {
        let g = empty(n, m);
        assert_eq!(Tetris::answer(&g, &unlimited()).expect("solves"), "Yes");
    }
    let sol = Tetris::solve(&empty(8, 8), &unlimited()).expect("solves");
    let map = sol.cells.expect("map");
    assert_eq!(map.mark(3, 3), CellMark::Win);
    let text = (map.describe)(3, 3).expect("text");
    assert!(
        text.contains("rows 4–5, columns 4–5") && text.contains("wins"),
        "{text}"
    );
}

#[test]
fn mirror_symmetric_board_with_blocked_middle_is_lost() {
    // Left and right halves mirror each other and the middle column is blocked: the second
    // player copies. 5×9 is past the brute force's 64 cells; 3×9 is checked against it.
    let g = grid(&[
        "000010000",
        "000010000",
        "000010000",
        "000010000",
        "000010000",
    ]);
    let sol = Tetris::solve(&g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, "No");
    assert!(sol.why.text().contains("xor 0"), "{}", sol.why);
    check_against_brute(&grid(&["000010000", "000010000", "000010000"]));
    // One region mirrored onto itself with no square meeting its image.
    let g = grid(&[
        "0000000000",
        "0000000000",
        "0000110000",
        "0000110000",
        "0000000000",
        "0000000000",
    ]);
    let sol = Tetris::solve(&g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, "No");
    assert!(sol.why.text().contains("symmetric under"), "{}", sol.why);
}

#[test]
fn independent_regions_are_explained_by_their_values() {
    // Two 2×2 holes separated by a wall: values 1 and 1, xor 0.
    let g = grid(&["00100", "00100"]);
    let sol = Tetris::solve(&g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, "No");
    assert!(
        sol.why
            .text()
            .contains("2 independent regions with Grundy values 1 and 1, xor 0"),
        "{}",
        sol.why
    );
    let g = grid(&["0010000", "0010000"]);
    let sol = Tetris::solve(&g, &unlimited()).expect("solves");
    assert_eq!(sol.answer, "Yes");
    // 1 (one square) and a 2×4 strip (value of a 3-placement path, 2): xor 3.
    assert!(
        sol.why.text().contains("values 1 and 2, xor 3 ≠ 0"),
        "{}",
        sol.why
    );
}

#[test]
fn boards_without_a_square_are_lost_at_once() {
    for g in [
        grid(&["0"]),
        grid(&["0000"]),
        grid(&["01", "00"]),
        empty(1, 50),
    ] {
        let sol = Tetris::solve(&g, &unlimited()).expect("solves");
        assert_eq!(sol.answer, "No");
        assert_eq!(sol.lens, "Lele loses (no square fits)");
        assert!(sol.cells.is_none());
    }
}

// ---------------------------------------------------------------------------------------------
// Budgets: never a hang, never a wrong answer.

fn nodes_only(max_nodes: u64) -> Budget {
    Budget {
        max_nodes,
        deadline: None,
        time_limit: None,
        cancel: None,
        max_bytes: usize::MAX,
    }
}

#[test]
fn huge_hard_empty_boards_run_out_of_budget() {
    for (n, m) in [(49, 50), (50, 49), (9, 9), (33, 48)] {
        let r = Tetris::answer(&empty(n, m), &nodes_only(2_000));
        assert!(matches!(r, Err(Unsolved::Nodes(_))), "{n}×{m}: {r:?}");
        let r = Tetris::solve(&empty(n, m), &nodes_only(2_000));
        assert!(r.is_err(), "{n}×{m}");
    }
    // A deadline ends a search as well (or the symmetry answers first, correctly).
    let deadline = || Budget::unlimited().with_time(Duration::from_millis(1));
    let r = Tetris::answer(&empty(50, 50), &deadline());
    assert!(
        matches!(&r, Err(Unsolved::Time(_))) || r.as_deref() == Ok("Yes"),
        "{r:?}"
    );
    let r = Tetris::answer(&empty(49, 50), &deadline());
    assert!(matches!(r, Err(Unsolved::Time(_))), "{r:?}");
}

/// The least node budget within which `answer` decides the board (solvability only grows with
/// the budget: the search takes the same path and stops later).
fn nodes_needed(g: &Grid) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64);
    while Tetris::answer(g, &nodes_only(hi)).is_err() {
        lo = hi;
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if Tetris::answer(g, &nodes_only(mid)).is_ok() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[test]
fn answer_and_solve_agree_on_both_sides_of_the_node_cap() {
    let mut boards = vec![empty(7, 7), empty(6, 9), folded_snake()];
    let mut rng = XorShift(0x005e_ed7e_7a15);
    for _ in 0..4 {
        let mut g = empty(10, 10);
        for r in 0..10 {
            for c in 0..10 {
                if rng.below(100) < 20 {
                    g.set(r, c, b'1');
                }
            }
        }
        boards.push(g);
    }
    for g in &boards {
        let need = nodes_needed(g);
        for budget in [need.saturating_sub(2), need - 1, need, need + 1, 2 * need] {
            let answer = Tetris::answer(g, &nodes_only(budget));
            let solve = Tetris::solve(g, &nodes_only(budget));
            assert_eq!(
                answer.is_ok(),
                budget >= need,
                "{budget} of {need}: {answer:?}"
            );
            assert_eq!(
                solve.as_ref().ok().map(|s| s.answer.to_string()),
                answer.ok(),
                "{budget} of {need} nodes"
            );
        }
        // Solved boards leave their small regions in the process-wide cache: a hit is charged
        // what it cost, so the cap falls at the same place.
        assert!(Tetris::answer(g, &nodes_only(need - 1)).is_err());
        assert!(Tetris::answer(g, &nodes_only(need)).is_ok());
    }
}

#[test]
fn huge_even_empty_board_is_won_by_symmetry_even_on_a_small_budget() {
    // 50×50 has a 49×49 grid of placements with a centre: the answer needs no search, the map
    // is what the budget allows, and says so.
    let sol = Tetris::solve(&empty(50, 50), &nodes_only(5_000)).expect("answer by symmetry");
    assert_eq!(sol.answer, "Yes");
    // No first move was evaluated within the budget: the lens says who wins and no more.
    assert_eq!(sol.lens, "Lele wins");
    assert!(sol.why.text().contains("incomplete"), "{}", sol.why);
}

#[test]
fn oversized_boards_are_refused_not_allocated() {
    let g = Grid {
        rows: 2000,
        cols: 2000,
        cells: Vec::new(),
    };
    assert!(matches!(
        Tetris::answer(&g, &unlimited()),
        Err(Unsolved::TooLarge(_))
    ));
}

#[test]
fn long_staircases_use_closed_forms() {
    // A staircase of 2×3 steps down a 25×50 board: 48 placements whose conflicts form a path
    // (too wide for the 128-bit form), valued by the closed form with almost no search.
    let mut g = Grid::filled(25, 50, b'1');
    for i in 0..24 {
        for r in i..i + 2 {
            for c in 2 * i..2 * i + 3 {
                g.set(r, c, b'0');
            }
        }
    }
    let sol = Tetris::solve(&g, &nodes_only(100)).expect("solves");
    // Node Kayles on a path of 48 vertices (Dawson's chess) has value 4.
    assert!(
        sol.why.text().contains("48 placements with Grundy value 4"),
        "{}",
        sol.why
    );
    assert_eq!(sol.answer, "Yes");
    let map = sol.cells.expect("map");
    assert_eq!(
        map.marks.iter().filter(|&&m| m != CellMark::None).count(),
        48
    );
    assert!(!sol.why.text().contains("incomplete"), "{}", sol.why);
}

#[test]
fn deep_searches_fit_a_small_thread_stack() {
    // Server worker threads have 2 MiB stacks. On a 49×50 empty board the search dives
    // hundreds of moves deep before the node budget ends it: it must not overflow.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| Tetris::answer(&empty(49, 50), &nodes_only(3_000)))
        .expect("spawn");
    let result = handle.join().expect("no stack overflow");
    assert!(matches!(result, Err(Unsolved::Nodes(_))), "{result:?}");
}

// ---------------------------------------------------------------------------------------------
// Board checks.

fn board_codes(g: &Grid) -> (bool, Vec<(&'static str, Severity)>) {
    let starts: Vec<usize> = (0..g.rows).map(|r| 10 + r * (g.cols + 1)).collect();
    let input = CaseInput {
        header: Span::new(0, 8),
        grid: Some(GridRows::of(g)),
        row_starts: &starts,
        props: &[],
    };
    let mut diags = Vec::new();
    let board = Tetris::board(input, &mut diags);
    (
        board.is_some(),
        diags.iter().map(|d| (d.code, d.severity)).collect(),
    )
}

#[test]
fn boards_beyond_the_original_limits_are_warned_about() {
    assert_eq!(board_codes(&empty(50, 50)), (true, vec![]));
    assert_eq!(board_codes(&empty(1, 1)), (true, vec![]));
    assert_eq!(
        board_codes(&empty(2, 54)),
        (true, vec![("W601", Severity::Warning)])
    );
    assert_eq!(
        board_codes(&empty(51, 3)),
        (true, vec![("W601", Severity::Warning)])
    );
    // Past the memory cap: refused with an error, no board.
    assert_eq!(
        board_codes(&empty(1100, 1000)),
        (false, vec![("E601", Severity::Error)])
    );
    let codes: Vec<&str> = Tetris::SPEC.codes.iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, ["E601", "W601"]);
}

// ---------------------------------------------------------------------------------------------
// Judge I/O.

#[test]
fn judge_input_may_separate_cells_with_spaces() {
    let input = "4 4\n0 0 0 0\n0 0 1 0\n0 1 0 0\n0 0 0 0\n2 3\n0 0 0\n000\n";
    let boards = Tetris::read_judge(input).expect("reads");
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0], grid(&["0000", "0010", "0100", "0000"]));
    assert_eq!(
        Tetris::judge(input, &unlimited()).expect("solves").output,
        "No\nYes\n"
    );
    assert_eq!(
        Tetris::write_judge(&boards),
        "4 4\n0000\n0010\n0100\n0000\n2 3\n000\n000\n"
    );
}

#[test]
fn judge_output_round_trips() {
    let boards = vec![empty(3, 3), grid(&["0101", "0000"])];
    let text = Tetris::write_judge(&boards);
    assert_eq!(Tetris::read_judge(&text).expect("reads"), boards);
    assert_eq!(Tetris::to_case(&boards[1]).rows, vec!["0101", "0000"]);
}

#[test]
fn malformed_judge_input_names_the_line() {
    let cases: [(&str, usize, &str); 6] = [
        ("4 4\n0000\n0020\n0000\n0000\n", 3, "`2`"),
        ("2 2\n00\n", 2, "end of the input"),
        ("2 2\n000\n00\n", 2, "more than 2 cells"),
        ("2 x\n00\n00\n", 1, "`x`"),
        ("2 2\n00\n00\n\n3\n", 5, "end of the input"),
        ("0 3\n", 1, "between 1 and"),
    ];
    for (input, line, needle) in cases {
        let err = Tetris::read_judge(input).expect_err(input);
        assert_eq!(err.line, line, "{input:?}: {err}");
        assert!(err.message.contains(needle), "{input:?}: {err}");
    }
}

#[test]
fn answers_parse_in_any_case() {
    assert_eq!(Tetris::parse_answer(" yes ").as_deref(), Ok("Yes"));
    assert_eq!(Tetris::parse_answer("NO").as_deref(), Ok("No"));
    assert!(Tetris::parse_answer("maybe").is_err());
}
