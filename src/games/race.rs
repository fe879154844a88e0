//! race — BalticOI 2008 "Game": A and B race to each other's start on a board of white and black
//! cells. Board rules, judge I/O, the exact solver (a layered meeting game on bit matrices) and
//! the per-cell explanation.

use super::judge_io::Reader;
use super::*;
use crate::text::excerpt;
use std::sync::Arc;

/// Boards with more cells are refused: solving keeps about 20 bytes per cell.
pub const MAX_CELLS: usize = 1 << 22;
/// The largest side judge input may give (so that a square board stays within `MAX_CELLS`).
const MAX_SIDE: u64 = 2048;
/// The original problem's side limits.
const ORIGINAL_N: std::ops::RangeInclusive<usize> = 2..=300;
/// The original problem's test count limit.
const MAX_TESTS: usize = 10;
/// The escape analysis works on three matrices of its own besides the two of the game.
const ESCAPE_MATRICES: usize = 3;
/// One DP matrix holds |layer k| × |layer D−k| bits; a board whose layers need more is refused.
/// Within the original limits layers stay below ~5 000 cells (3 MiB a matrix).
const MAX_MATRIX_BITS: usize = 1 << 28;
/// Which middle cells A's winning play can reach needs one matrix per layer kept for a second
/// pass; above this total (16 MiB) `solve` skips that detail.
const MAX_STORED_BITS: usize = 1 << 27;

const UNREACHED: u32 = u32::MAX;

/// The breadth-first queue starts with room for the cells or this many `u32`, whichever is
/// less, and past that doubles (to at most twice the cells).
const QUEUE_START: usize = 1 << 16;
/// `solve` adds a byte a cell for the marks, the escape flags and the copy the hovers read.
const MAP_CELL_BYTES: usize = 3;

/// What the two breadth-first searches hold: two distance maps (a `u32` a cell) and a queue.
fn search_bytes(cells: usize) -> usize {
    let queue_words = if cells <= QUEUE_START {
        cells
    } else {
        cells.saturating_mul(2)
    };
    cells
        .saturating_mul(8)
        .saturating_add(queue_words.saturating_mul(4))
}

/// What a solve holds once the distance D is known, before the layered game's matrices: the
/// distance maps, the layer index and the layers' cells (a `u32` a cell each, at most), their
/// starts and fill counters (a `u32` a layer each), and for `solve` the per-cell map.
fn layer_bytes(cells: usize, d: usize, solve: bool) -> usize {
    let map = if solve { MAP_CELL_BYTES } else { 0 };
    cells
        .saturating_mul(16 + map)
        .saturating_add(d.saturating_add(2).saturating_mul(8))
}

/// A board with exactly one `A` and one `B`; cells are `.`, `#`, `A`, `B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceBoard {
    grid: Grid,
    a: usize,
    b: usize,
}

impl RaceBoard {
    /// "the distance maps of a 300 × 300 board", for memory refusals.
    fn describe_size(&self) -> String {
        format!(
            "the distance maps of a {} × {} board",
            self.grid.rows, self.grid.cols
        )
    }

    /// "the shortest-path layers of a 300 × 300 board (D = 598)", for memory refusals.
    fn describe_layers(&self, d: usize) -> String {
        format!(
            "the shortest-path layers of a {} × {} board (D = {d})",
            self.grid.rows, self.grid.cols
        )
    }

    /// A board from a grid, or what is wrong with it.
    pub fn new(grid: Grid) -> Result<RaceBoard, String> {
        let cells = grid.rows.checked_mul(grid.cols);
        if cells != Some(grid.cells.len()) {
            return Err("the grid's size does not match its cells".into());
        }
        if grid.cells.len() > MAX_CELLS {
            return Err(format!(
                "{}×{} board: at most {MAX_CELLS} cells can be solved",
                grid.rows, grid.cols
            ));
        }
        let (mut a, mut b) = (None, None);
        for (i, &cell) in grid.cells.iter().enumerate() {
            let slot = match cell {
                b'A' => &mut a,
                b'B' => &mut b,
                b'.' | b'#' => continue,
                other => return Err(format!("unexpected cell `{}`", other.escape_ascii())),
            };
            if slot.replace(i).is_some() {
                return Err(format!("more than one `{}`", cell as char));
            }
        }
        match (a, b) {
            (Some(a), Some(b)) => Ok(RaceBoard { grid, a, b }),
            (None, _) => Err("no `A` on the board".into()),
            (_, None) => Err("no `B` on the board".into()),
        }
    }

    /// A board from equal-length rows such as `["A..", ".#.", "..B"]`.
    pub fn from_rows<S: AsRef<[u8]>>(rows: &[S]) -> Result<RaceBoard, String> {
        let grid = Grid::from_rows(rows).ok_or("the rows are empty or not all the same length")?;
        RaceBoard::new(grid)
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// A's start, zero-based (row, column).
    pub fn start_a(&self) -> (usize, usize) {
        (self.a / self.grid.cols, self.a % self.grid.cols)
    }

    /// B's start, zero-based (row, column).
    pub fn start_b(&self) -> (usize, usize) {
        (self.b / self.grid.cols, self.b % self.grid.cols)
    }

    /// Whether B's start can be reached from A's (the original problem's guarantee).
    pub fn starts_connected(&self) -> bool {
        let mut dist = Vec::new();
        bfs(&self.grid, self.a, &mut dist);
        dist.get(self.b).is_some_and(|&d| d != UNREACHED)
    }
}

pub struct Race;

impl Game for Race {
    type Board = RaceBoard;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Race,
        title: "BalticOI 2008 Game",
        rules: "An n×n board of white (`.`) and black (`#`) cells with two starts, `A` and `B`. \
                A moves first; the players alternate and must move, one step to a white \
                4-neighbour. Moving onto the other player gives one more step at once, to any \
                white neighbour of that cell (turning or going back). The first to reach the \
                other's start wins, also when the first step of such a jump lands on it. \
                Answer `A` or `B`. The original guarantees that B's start is reachable from A's; \
                on a board where it is not, nobody can ever win and the answer is `draw` (a \
                player walled in at his start, unable to move, passes: that too only happens \
                on such boards).",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |c| matches!(c, b'.' | b'#' | b'A' | b'B'),
        cells_doc: "`.` (white), `#` (black), `A` or `B` (the starts)",
        answers: &["A", "B"],
        answer_classes: &["A", "B"],
        codes: &[
            (
                "E401",
                "The board has no `A`. Every race board has exactly one start for A, on a white cell.",
            ),
            (
                "E402",
                "The board has no `B`. Every race board has exactly one start for B, on a white cell.",
            ),
            (
                "E403",
                "A second `A` or `B`: each player has exactly one start. Every extra one is marked; \
                 turn it into `.` or `#`.",
            ),
            (
                "E404",
                "The board has more cells than the solver will hold in memory (4 194 304, e.g. \
                 2048×2048). The original problem has n ≤ 300.",
            ),
            (
                "W401",
                "The board is not square. The original problem's boards are n×n; a rectangular \
                 board is still solved, but cannot be written as judge input faithfully.",
            ),
            (
                "W402",
                "The board's side is outside the original limits 2 ≤ n ≤ 300. It is still solved.",
            ),
            (
                "W403",
                "B's start is not reachable from A's start. The original problem guarantees it is; \
                 on such a board neither player can ever reach the other's start, so the game \
                 never ends and the answer is `draw`.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: *ORIGINAL_N.end(),
        symmetry: Symmetry::Square,
    };

    fn board(input: &CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<RaceBoard> {
        let grid = input.grid?;
        let (rows, cols) = (grid.rows, grid.cols);
        if rows.checked_mul(cols) != Some(grid.cells.len()) {
            return None;
        }
        if grid.cells.len() > MAX_CELLS {
            diags.push(Diagnostic::error(
                "E404",
                input.grid_span(),
                format!("{rows}×{cols} board is too large to solve (at most {MAX_CELLS} cells)"),
            ));
            return None;
        }
        let mut errors = false;
        let mut starts = [None, None];
        for (which, (letter, code)) in [(b'A', "E401"), (b'B', "E402")].into_iter().enumerate() {
            let found = grid.find(letter);
            let Some(&(r0, c0)) = found.first() else {
                diags.push(
                    Diagnostic::error(
                        code,
                        input.grid_span(),
                        format!(
                            "no `{}`: the board needs {}'s start",
                            letter as char, letter as char
                        ),
                    )
                    .with_help(format!("put one `{}` on a white cell", letter as char)),
                );
                errors = true;
                continue;
            };
            for &(r, c) in found.iter().skip(1) {
                diags.push(
                    Diagnostic::error(
                        "E403",
                        input.cell_span(r, c),
                        format!(
                            "a second `{}` at ({}, {}): a board has exactly one",
                            letter as char,
                            r + 1,
                            c + 1
                        ),
                    )
                    .with_help(format!(
                        "the first `{}` is at ({}, {}); make this cell `.` or `#`",
                        letter as char,
                        r0 + 1,
                        c0 + 1
                    )),
                );
                errors = true;
            }
            if let Some(slot) = starts.get_mut(which) {
                *slot = Some(r0 * cols + c0);
            }
        }
        if rows != cols {
            diags.push(Diagnostic::warning(
                "W401",
                input.grid_span(),
                format!("the board is {rows}×{cols}; the original problem's boards are square"),
            ));
        }
        if !ORIGINAL_N.contains(&rows) || !ORIGINAL_N.contains(&cols) {
            diags.push(Diagnostic::warning(
                "W402",
                input.grid_span(),
                format!(
                    "{rows}×{cols} is outside the original limits (2 ≤ n ≤ {})",
                    ORIGINAL_N.end()
                ),
            ));
        }
        let ([Some(a), Some(b)], false) = (starts, errors) else {
            return None;
        };
        let board = RaceBoard {
            grid: grid.clone(),
            a,
            b,
        };
        if !board.starts_connected() {
            let (br, bc) = board.start_b();
            let (ar, ac) = board.start_a();
            diags.push(
                Diagnostic::warning(
                    "W403",
                    input.cell_span(br, bc),
                    format!(
                        "B's start ({}, {}) is not reachable from A's start ({}, {}): nobody can win, the case is a draw",
                        br + 1,
                        bc + 1,
                        ar + 1,
                        ac + 1
                    ),
                )
                .with_help("open a white path between the starts (the original guarantees one)"),
            );
        }
        Some(board)
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        match text.trim() {
            "A" | "a" => Ok("A".into()),
            "B" | "b" => Ok("B".into()),
            "draw" | "Draw" | "DRAW" => Ok("draw".into()),
            "" => Err("expected `A` or `B` (or `draw` for unconnected starts)".into()),
            other => Err(format!(
                "expected `A` or `B` (or `draw` for unconnected starts), found `{}`",
                excerpt(other)
            )),
        }
    }

    fn solve(board: &RaceBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        solve_board(board, budget)
    }

    fn answer(board: &RaceBoard, budget: &Budget) -> Result<String, Unsolved> {
        let cells = board.grid.cells.len();
        budget.check_memory(search_bytes(cells), || board.describe_size())?;
        let mut da = Vec::new();
        bfs(&board.grid, board.a, &mut da);
        let d = da.get(board.b).copied().unwrap_or(UNREACHED);
        if d == UNREACHED {
            return Ok("draw".into());
        }
        if d % 2 == 1 {
            return Ok("A".into());
        }
        let mut db = Vec::new();
        bfs(&board.grid, board.b, &mut db);
        let base = layer_bytes(cells, d as usize, false);
        budget.check_memory(base, || board.describe_layers(d as usize))?;
        let layers = Layers::new(&da, &db, d as usize);
        let game = meet_game(board, &da, &layers, budget, base, false)?;
        Ok(if game.b_wins { "B" } else { "A" }.into())
    }

    fn read_judge(text: &str) -> Result<Vec<RaceBoard>, JudgeError> {
        let mut input = Reader::new(text);
        let t = input.number(0, MAX_TESTS as u64, || "the number of tests t".into())? as usize;
        let mut boards = Vec::with_capacity(t);
        for test in 1..=t {
            boards.push(read_test(&mut input, test)?);
        }
        input.finish()?;
        Ok(boards)
    }

    fn write_judge(boards: &[RaceBoard]) -> String {
        let mut out = format!("{}\n", boards.len());
        for board in boards {
            let grid = &board.grid;
            out.push_str(&format!("{}\n", grid.rows));
            for row in grid.row_strings() {
                out.push_str(&row);
                out.push('\n');
            }
        }
        out
    }

    fn to_case(board: &RaceBoard) -> CaseBody {
        CaseBody {
            props: Vec::new(),
            rows: board.grid.row_strings(),
        }
    }

    fn largest_side(board: &RaceBoard) -> usize {
        board.grid.rows.max(board.grid.cols)
    }
}

/// One test of a judge input: `n`, then n rows of n cells.
fn read_test(input: &mut Reader<'_>, test: usize) -> Result<RaceBoard, JudgeError> {
    let n_at = input.next_start();
    let n = input.number(2, MAX_SIDE, || format!("the board size n of test {test}"))? as usize;
    let mut cells = Vec::with_capacity(n * n);
    let (mut a, mut b) = (None, None);
    for r in 0..n {
        let row = input.token(|| format!("row {} of test {test}", r + 1))?;
        let err = |message: String| input.error_at(row.start, message);
        let text = row.text;
        if text.len() != n {
            return Err(err(format!(
                "row {} of test {test} has {} cells, expected n = {n}",
                r + 1,
                text.chars().count()
            )));
        }
        for (c, &cell) in text.as_bytes().iter().enumerate() {
            let slot = match cell {
                b'.' | b'#' => None,
                b'A' => Some((&mut a, 'A')),
                b'B' => Some((&mut b, 'B')),
                _ => {
                    let ch = text.get(c..).and_then(|t| t.chars().next()).unwrap_or('?');
                    return Err(err(format!(
                        "unexpected `{ch}` in row {} of test {test}: cells are `.`, `#`, `A`, `B`",
                        r + 1
                    )));
                }
            };
            if let Some((slot, letter)) = slot
                && let Some((r0, c0)) = slot.replace((r, c))
            {
                return Err(err(format!(
                    "a second `{letter}` at ({}, {}) in test {test} (the first is at ({}, {}))",
                    r + 1,
                    c + 1,
                    r0 + 1,
                    c0 + 1
                )));
            }
        }
        cells.extend_from_slice(text.as_bytes());
    }
    let missing = |letter: char| input.error_at(n_at, format!("test {test} has no `{letter}`"));
    let (ar, ac) = a.ok_or_else(|| missing('A'))?;
    let (br, bc) = b.ok_or_else(|| missing('B'))?;
    Ok(RaceBoard {
        grid: Grid {
            rows: n,
            cols: n,
            cells,
        },
        a: ar * n + ac,
        b: br * n + bc,
    })
}

// ---------------------------------------------------------------------------------------------
// Distances and layers

fn is_white(cell: u8) -> bool {
    cell != b'#'
}

/// Calls `f` with each 4-neighbour of cell `i` inside a `rows × cols` grid of `len` cells.
#[inline]
fn for_each_neighbour(cols: usize, len: usize, i: usize, mut f: impl FnMut(usize)) {
    let c = i % cols;
    if i >= cols {
        f(i - cols);
    }
    if i + cols < len {
        f(i + cols);
    }
    if c > 0 {
        f(i - 1);
    }
    if c + 1 < cols {
        f(i + 1);
    }
}

/// Breadth-first distances over white cells from `from` (`UNREACHED` elsewhere).
fn bfs(grid: &Grid, from: usize, dist: &mut Vec<u32>) {
    let len = grid.cells.len();
    dist.clear();
    dist.resize(len, UNREACHED);
    if from >= len {
        return;
    }
    let mut queue: Vec<u32> = Vec::with_capacity(len.min(QUEUE_START));
    dist[from] = 0;
    queue.push(from as u32);
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        let v = v as usize;
        let next = dist[v] + 1;
        for_each_neighbour(grid.cols, len, v, |w| {
            if dist[w] == UNREACHED && is_white(grid.cells[w]) {
                dist[w] = next;
                queue.push(w as u32);
            }
        });
    }
}

/// The cells on shortest A–B paths, grouped by their distance from A (layer k: dA = k and
/// dB = D − k). Built from what this board uses only, so nothing carries over between boards.
struct Layers {
    d: usize,
    /// Layer k is `cells[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    cells: Vec<u32>,
    /// Per grid cell: its position inside its layer, or `UNREACHED` when off every shortest path.
    index: Vec<u32>,
}

impl Layers {
    fn new(da: &[u32], db: &[u32], d: usize) -> Layers {
        let on_path = |i: usize| {
            let (x, y) = (da[i], db[i]);
            x != UNREACHED && y != UNREACHED && x as usize + y as usize == d
        };
        let mut start = vec![0u32; d + 2];
        for i in 0..da.len() {
            if on_path(i) {
                start[da[i] as usize + 1] += 1;
            }
        }
        for k in 0..=d {
            start[k + 1] += start[k];
        }
        let mut fill: Vec<u32> = start.clone();
        let mut cells = vec![0u32; start[d + 1] as usize];
        let mut index = vec![UNREACHED; da.len()];
        for i in 0..da.len() {
            if on_path(i) {
                let k = da[i] as usize;
                index[i] = fill[k] - start[k];
                cells[fill[k] as usize] = i as u32;
                fill[k] += 1;
            }
        }
        Layers {
            d,
            start,
            cells,
            index,
        }
    }

    fn layer(&self, k: usize) -> &[u32] {
        match (self.start.get(k), self.start.get(k + 1)) {
            (Some(&s), Some(&e)) => &self.cells[s as usize..e as usize],
            _ => &[],
        }
    }

    /// Calls `f` with the in-layer position of every neighbour of `cell` that lies in layer `k`.
    #[inline]
    fn for_each_step(
        &self,
        grid: &Grid,
        da: &[u32],
        cell: u32,
        k: usize,
        mut f: impl FnMut(usize),
    ) {
        for_each_neighbour(grid.cols, grid.cells.len(), cell as usize, |w| {
            let at = self.index[w];
            if at != UNREACHED && da[w] as usize == k {
                f(at as usize);
            }
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Bit matrices

/// A rows × cols bit matrix, each row a run of 64-bit words; bits past `cols` stay zero.
#[derive(Clone, Default)]
struct BitMatrix {
    rows: usize,
    cols: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    /// Resizes to rows × cols, all zero (keeps the allocation).
    fn reset(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.words = cols.div_ceil(64);
        self.bits.clear();
        self.bits.resize(rows * self.words, 0);
    }

    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.words..(r + 1) * self.words]
    }

    fn get(&self, r: usize, c: usize) -> bool {
        r < self.rows
            && c < self.cols
            && self
                .bits
                .get(r * self.words + c / 64)
                .is_some_and(|w| w >> (c % 64) & 1 == 1)
    }

    fn set(&mut self, r: usize, c: usize) {
        if r < self.rows
            && c < self.cols
            && let Some(w) = self.bits.get_mut(r * self.words + c / 64)
        {
            *w |= 1 << (c % 64);
        }
    }

    fn bytes(&self) -> usize {
        self.bits.len() * 8
    }
}

/// Transposes a 64×64 block in place: bit c of `a[r]` ends up as bit r of `a[c]`.
fn transpose64(a: &mut [u64; 64]) {
    const MASKS: [(usize, u64); 6] = [
        (32, 0x0000_0000_FFFF_FFFF),
        (16, 0x0000_FFFF_0000_FFFF),
        (8, 0x00FF_00FF_00FF_00FF),
        (4, 0x0F0F_0F0F_0F0F_0F0F),
        (2, 0x3333_3333_3333_3333),
        (1, 0x5555_5555_5555_5555),
    ];
    for (j, m) in MASKS {
        let mut k = 0;
        while k < 64 {
            // Swap the (row k, columns with bit j set) block with (row k + j, bit j clear).
            for r in k..k + j {
                let t = ((a[r] >> j) ^ a[r + j]) & m;
                a[r + j] ^= t;
                a[r] ^= t << j;
            }
            k += 2 * j;
        }
    }
}

/// `dst` = transpose of `src`.
fn transpose_into(src: &BitMatrix, dst: &mut BitMatrix) {
    dst.rows = src.cols;
    dst.cols = src.rows;
    dst.words = src.rows.div_ceil(64);
    // Every word of `dst` is written below, so no zeroing.
    dst.bits.resize(dst.rows * dst.words, 0);
    if src.rows == 0 || src.cols == 0 {
        return;
    }
    let mut block = [0u64; 64];
    for bi in 0..dst.words {
        for bw in 0..src.words {
            for (k, slot) in block.iter_mut().enumerate() {
                let r = bi * 64 + k;
                *slot = if r < src.rows {
                    src.bits[r * src.words + bw]
                } else {
                    0
                };
            }
            transpose64(&mut block);
            for (k, &word) in block.iter().enumerate() {
                let r = bw * 64 + k;
                if r >= dst.rows {
                    break;
                }
                dst.bits[r * dst.words + bi] = word;
            }
        }
    }
}

fn or_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= s;
    }
}

// ---------------------------------------------------------------------------------------------
// The meeting game

/// The outcome of the layered meeting game.
struct MeetGame {
    b_wins: bool,
    /// (A cell, B cell) pairs evaluated.
    pairs: u64,
    /// When A wins and the detail was affordable: per middle cell (in-layer order), whether A's
    /// winning play can end there.
    escapes: Option<Vec<bool>>,
}

/// A matrix's words grow by doubling as resets need more (to less than twice the most it
/// needs), so a matrix is counted at twice the largest size.
const MATRIX_GROWTH: usize = 2;

/// Refuses the layered game before any matrix is allocated when one would be more than the
/// representation allows or the matrices (with `base_bytes`, what the solve holds besides)
/// more than the memory cap. `Ok(true)` when keeping every R_d for the escape analysis is
/// affordable too.
fn check_matrices(layers: &Layers, budget: &Budget, base_bytes: usize) -> Result<bool, Unsolved> {
    let d_total = layers.d;
    let size = |k: usize| layers.layer(k).len();
    let mut stored_bits = 0usize;
    let mut matrix_bits = 0usize;
    let mut widest = (0, 0);
    for d in 0..=d_total / 2 {
        let (a_side, b_side) = (
            size(d).max(size(d + 1)),
            size(d_total - d).max(size(d_total - d + 1)),
        );
        let bits = a_side.div_ceil(64).max(1) * 64 * b_side.div_ceil(64).max(1) * 64;
        if bits > MAX_MATRIX_BITS {
            return Err(Unsolved::TooLarge(format!(
                "layers {d} and {} of the shortest paths hold {} and {} cells; the layered game would need {} MiB",
                d_total - d,
                size(d),
                size(d_total - d),
                bits / (8 << 20)
            )));
        }
        if bits > matrix_bits {
            matrix_bits = bits;
            widest = (a_side, b_side);
        }
        stored_bits = stored_bits.saturating_add(size(d + 1) * size(d_total - d).div_ceil(64) * 64);
    }
    // Every matrix of step d is at most (layer d or d+1) × (layer D−d or D−d+1).
    let matrix_bytes = (matrix_bits / 8).saturating_mul(MATRIX_GROWTH);
    let game_bytes = base_bytes.saturating_add(matrix_bytes.saturating_mul(2));
    budget.check_memory(game_bytes, || {
        format!(
            "the layered game of this board (shortest-path layers of {} and {} cells)",
            widest.0, widest.1
        )
    })?;
    // The escape analysis is a detail for hovers: skipped rather than refused.
    let escape_bytes = matrix_bytes
        .saturating_mul(ESCAPE_MATRICES)
        .saturating_add(stored_bits / 8);
    Ok(stored_bits <= MAX_STORED_BITS && budget.allows(game_bytes.saturating_add(escape_bytes)))
}

/// The layered game of an even D = 2m. Both players keep to shortest paths: the grid is
/// bipartite, so jumps alternate (B's first at even D) and a detour costs two steps that the one
/// jump never pays back (tests/race.rs checks this model against an exhaustive search). So A
/// walks layers 0, 1, …, m and B walks D, D−1, …, m, A first, and B wins when his m-th step
/// lands on A. W_d (rows: layer d, columns: layer D−d) says which positions B wins, A to move:
///   W_m = identity,
///   W_d[a][b] = AND over A's steps a→a' of (OR over B's steps b→b' of W_{d+1}[a'][b']).
/// The OR mixes columns, so it runs on the transpose; R_d[a'][b] is its result. Rows are bit
/// sets, so a step costs |layer d|·|layer D−d|/64 word operations and two matrices of memory,
/// also on boards whose layers hold thousands of cells.
fn meet_game(
    board: &RaceBoard,
    da: &[u32],
    layers: &Layers,
    budget: &Budget,
    base_bytes: usize,
    want_escapes: bool,
) -> Result<MeetGame, Unsolved> {
    let grid = &board.grid;
    let d_total = layers.d;
    let m = d_total / 2;
    let size = |k: usize| layers.layer(k).len();

    let keep_all = check_matrices(layers, budget, base_bytes)?;
    let keep = want_escapes && keep_all;

    let mut x = BitMatrix::default();
    let mut y = BitMatrix::default();
    x.reset(size(m), size(m));
    for i in 0..size(m) {
        x.set(i, i);
    }
    let mut kept: Vec<BitMatrix> = Vec::new();
    let mut pairs = 0u64;
    for d in (0..m).rev() {
        let b_layer = layers.layer(d_total - d);
        let a_layer = layers.layer(d);
        // x = W_{d+1}; y = its transpose, rows: B's cells one step nearer the middle.
        transpose_into(&x, &mut y);
        x.reset(b_layer.len(), size(d + 1));
        for (bi, &b) in b_layer.iter().enumerate() {
            let row = x.row_mut(bi);
            layers.for_each_step(grid, da, b, d_total - d - 1, |b2| or_into(row, y.row(b2)));
        }
        transpose_into(&x, &mut y);
        // y = R_d: rows A's cells of layer d+1, columns B's cells of layer D−d.
        x.reset(a_layer.len(), b_layer.len());
        for (ai, &a) in a_layer.iter().enumerate() {
            let row = x.row_mut(ai);
            let mut first = true;
            layers.for_each_step(grid, da, a, d + 1, |a2| {
                let src = y.row(a2);
                if first {
                    row.copy_from_slice(src);
                    first = false;
                } else {
                    for (w, s) in row.iter_mut().zip(src) {
                        *w &= s;
                    }
                }
            });
        }
        if keep {
            kept.push(y.clone());
        }
        pairs += (size(d) * b_layer.len() + size(d + 1) * b_layer.len()) as u64;
        budget.check_cancelled()?;
    }
    let b_wins = x.get(0, 0);
    let escapes = if keep && !b_wins {
        kept.reverse();
        Some(escape_cells(board, da, layers, &kept, budget, &mut pairs)?)
    } else {
        None
    };
    Ok(MeetGame {
        b_wins,
        pairs,
        escapes,
    })
}

/// The middle cells A can reach by winning moves only, whatever B does on shortest paths.
/// `r[d]` is R_d from `meet_game`: A's step to a' keeps the win against B on b exactly when
/// R_d[a'][b] is 0.
/// P_d (rows: layer d, columns: layer D−d) holds the positions such play reaches.
fn escape_cells(
    board: &RaceBoard,
    da: &[u32],
    layers: &Layers,
    r: &[BitMatrix],
    budget: &Budget,
    pairs: &mut u64,
) -> Result<Vec<bool>, Unsolved> {
    let grid = &board.grid;
    let d_total = layers.d;
    let m = d_total / 2;
    let mut p = BitMatrix::default();
    let mut q = BitMatrix::default();
    let mut t = BitMatrix::default();
    p.reset(1, 1);
    p.set(0, 0);
    for (d, rd) in r.iter().enumerate().take(m) {
        let next_a = layers.layer(d + 1);
        let next_b = layers.layer(d_total - d - 1);
        // q[a'] = (OR of P_d over A's cells a → a') AND NOT R_d[a'].
        q.reset(next_a.len(), layers.layer(d_total - d).len());
        for (ai, &a2) in next_a.iter().enumerate() {
            let row = q.row_mut(ai);
            layers.for_each_step(grid, da, a2, d, |a| or_into(row, p.row(a)));
            for (w, s) in row.iter_mut().zip(rd.row(ai)) {
                *w &= !s;
            }
        }
        // P_{d+1}[a'][b'] = OR of q[a'][b] over B's steps b → b', on the transpose.
        transpose_into(&q, &mut t);
        q.reset(next_b.len(), next_a.len());
        for (bi, &b2) in next_b.iter().enumerate() {
            let row = q.row_mut(bi);
            layers.for_each_step(grid, da, b2, d_total - d, |b| or_into(row, t.row(b)));
        }
        transpose_into(&q, &mut p);
        *pairs += (next_a.len() * next_b.len()) as u64;
        budget.check_cancelled()?;
    }
    Ok((0..p.rows)
        .map(|i| p.row(i).iter().any(|&w| w != 0))
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Solution and explanation

/// What `describe` needs about a solved board.
struct CellFacts {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    a: usize,
    b: usize,
    da: Vec<u32>,
    db: Vec<u32>,
    /// D, when the starts are connected.
    d: Option<usize>,
    outcome: Outcome,
    /// Per grid cell of the middle layer: A's winning play can end there (only when A wins at
    /// even D and the analysis ran).
    escape: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Draw,
    AOdd,
    AEscapes { analysed: bool },
    BMeets,
}

impl CellFacts {
    fn describe(&self, r: usize, c: usize) -> Option<String> {
        if r >= self.rows || c >= self.cols {
            return None;
        }
        let i = r * self.cols + c;
        let cell = *self.cells.get(i)?;
        let at = format!("({}, {})", r + 1, c + 1);
        if !is_white(cell) {
            return Some(format!("{at}: black cell"));
        }
        let name = if i == self.a {
            "A's start"
        } else if i == self.b {
            "B's start"
        } else {
            "white cell"
        };
        let (x, y) = (self.da[i], self.db[i]);
        let steps = |v: u32, who: &str| {
            if v == UNREACHED {
                format!("not reachable from {who}")
            } else {
                format!("{v} step{} from {who}", if v == 1 { "" } else { "s" })
            }
        };
        let mut text = format!("{at}: {name}; {}, {}", steps(x, "A"), steps(y, "B"));
        let Some(d) = self.d else {
            text.push_str("; the starts are not connected, so no shortest path");
            return Some(text);
        };
        if x == UNREACHED || y == UNREACHED {
            text.push_str("; on no shortest path");
            return Some(text);
        }
        let sum = x as usize + y as usize;
        if sum != d {
            text.push_str(&format!(
                "; on no shortest path ({x} + {y} = {sum} > D = {d})"
            ));
            return Some(text);
        }
        text.push_str(&format!("; on a shortest A–B path, layer {x} of D = {d}"));
        if d % 2 == 1 || x as usize * 2 != d {
            return Some(text);
        }
        text.push_str(match self.outcome {
            Outcome::BMeets => {
                "; the middle layer: a winning meeting cell for B (if A comes here, B lands on him and jumps ahead)"
            }
            Outcome::AEscapes { analysed: true } if self.escape.get(i) == Some(&true) => {
                "; the middle layer: not a winning meeting cell for B (A's winning play can pass here untouched)"
            }
            Outcome::AEscapes { analysed: true } => {
                "; the middle layer: a winning meeting cell for B (A's winning play never comes here)"
            }
            _ => "; the middle layer (which cells A's winning play reaches was not computed: board too large)",
        });
        Some(text)
    }
}

/// "1st", "2nd", "3rd", "4th", …, "11th", "21st".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn solve_board(board: &RaceBoard, budget: &Budget) -> Result<Solution, Unsolved> {
    let grid = &board.grid;
    budget.check_memory(search_bytes(grid.cells.len()), || board.describe_size())?;
    let (mut da, mut db) = (Vec::new(), Vec::new());
    bfs(grid, board.a, &mut da);
    bfs(grid, board.b, &mut db);
    let len = grid.cells.len();
    let reach = da.get(board.b).copied().unwrap_or(UNREACHED);
    let mut marks = vec![CellMark::None; len];
    let mut escape = Vec::new();
    let mut nodes = 0;
    let (answer, verdict, lens, why, outcome, d) = if reach == UNREACHED {
        (
            "draw",
            "draw: the starts are not connected".to_string(),
            "draw (the starts are not connected)".to_string(),
            "B's start cannot be reached from A's start, so neither player can ever reach the \
             other's start and the game never ends. The original problem excludes such boards."
                .to_string(),
            Outcome::Draw,
            None,
        )
    } else {
        let d = reach as usize;
        let base = layer_bytes(len, d, true);
        budget.check_memory(base, || board.describe_layers(d))?;
        let layers = Layers::new(&da, &db, d);
        for (i, mark) in marks.iter_mut().enumerate() {
            if layers.index[i] != UNREACHED {
                *mark = if d.is_multiple_of(2) && da[i] as usize * 2 == d {
                    CellMark::Meet
                } else {
                    CellMark::Path
                };
            }
        }
        if d % 2 == 1 {
            (
                "A",
                format!("A wins: the distance D = {d} is odd, so B can never land on A"),
                format!("A wins (D = {d} is odd)"),
                format!(
                    "A and B are D = {d} steps apart. The board is coloured like a chessboard and \
                     D is odd, so whenever B is to move the two stand on cells of the same colour \
                     and B's step can never land on A: B gets no jump. A walks a shortest path and, \
                     moving first, arrives first."
                ),
                Outcome::AOdd,
                Some(d),
            )
        } else {
            let m = d / 2;
            let middle = layers.layer(m).len();
            let game = meet_game(board, &da, &layers, budget, base, true)?;
            nodes = game.pairs;
            let common = format!(
                "A and B are D = {d} steps apart; a detour costs two steps, which one jump never \
                 pays back, so both keep to shortest paths and after {m} moves each stand in the \
                 middle layer ({middle} cell{}), A first. If B's {} step lands on A, B jumps one \
                 step further and arrives first.",
                if middle == 1 { "" } else { "s" },
                ordinal(m)
            );
            if game.b_wins {
                (
                    "B",
                    format!(
                        "B wins: he can always land on A in the middle layer (layer {m}) and jump ahead"
                    ),
                    format!("B wins (D = {d}, meets A in the middle layer)"),
                    format!(
                        "{common} B can force it: to every move of A he has a reply from which, \
                         layer by layer, each cell A can move to is matched by a cell B can move to \
                         (a layered matching over the shortest-path cells), down to A's own cell."
                    ),
                    Outcome::BMeets,
                    Some(d),
                )
            } else {
                let analysed = game.escapes.is_some();
                let mut escapes_found = 0;
                if let Some(flags) = &game.escapes {
                    for (&cell, &flag) in layers.layer(m).iter().zip(flags) {
                        if flag {
                            escapes_found += 1;
                        }
                        if escape.is_empty() {
                            escape = vec![false; len];
                        }
                        if let Some(e) = escape.get_mut(cell as usize) {
                            *e = flag;
                        }
                    }
                }
                let through = if analysed {
                    format!(
                        " A's winning play can pass through {escapes_found} of the {middle} middle cells."
                    )
                } else {
                    String::new()
                };
                (
                    "A",
                    format!(
                        "A wins: D = {d} is even, but B cannot force a meeting in the middle layer (layer {m})"
                    ),
                    format!("A wins (D = {d}, slips past B in the middle layer)"),
                    format!(
                        "{common} B cannot force it: A has a move after which some cell A can reach \
                         is out of B's reach at the right time (the layered matching fails), so B \
                         never lands on him.{through}"
                    ),
                    Outcome::AEscapes { analysed },
                    Some(d),
                )
            }
        }
    };
    let facts = Arc::new(CellFacts {
        rows: grid.rows,
        cols: grid.cols,
        cells: grid.cells.clone(),
        a: board.a,
        b: board.b,
        da,
        db,
        d,
        outcome,
        escape,
    });
    Ok(Solution {
        answer: answer.to_string(),
        verdict,
        lens,
        why,
        cells: Some(CellMap {
            rows: grid.rows,
            cols: grid.cols,
            marks,
            describe: Box::new(move |r, c| facts.describe(r, c)),
        }),
        nodes,
    })
}

/// Bytes the layered game's largest matrix would take on this board (for benches and hovers).
pub fn peak_matrix_bytes(board: &RaceBoard) -> usize {
    let (mut da, mut db) = (Vec::new(), Vec::new());
    bfs(&board.grid, board.a, &mut da);
    bfs(&board.grid, board.b, &mut db);
    let Some(d) = da.get(board.b).copied().filter(|&d| d != UNREACHED) else {
        return 0;
    };
    let layers = Layers::new(&da, &db, d as usize);
    let d = d as usize;
    (0..=d / 2)
        .map(|k| {
            let mut m = BitMatrix::default();
            m.reset(layers.layer(k).len(), layers.layer(d - k).len());
            m.bytes()
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_transpose(m: &BitMatrix) -> BitMatrix {
        let mut t = BitMatrix::default();
        t.reset(m.cols, m.rows);
        for r in 0..m.rows {
            for c in 0..m.cols {
                if m.get(r, c) {
                    t.set(c, r);
                }
            }
        }
        t
    }

    #[test]
    fn transpose_matches_the_definition() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for &(rows, cols) in &[(1, 1), (3, 70), (64, 64), (65, 1), (130, 200), (1, 129)] {
            let mut m = BitMatrix::default();
            m.reset(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(3) {
                        m.set(r, c);
                    }
                }
            }
            let mut t = BitMatrix::default();
            transpose_into(&m, &mut t);
            let n = naive_transpose(&m);
            assert_eq!(
                (t.rows, t.cols, &t.bits),
                (n.rows, n.cols, &n.bits),
                "{rows}×{cols}"
            );
        }
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal).into();
        let want = [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th",
        ];
        assert_eq!(got, want);
    }
}
