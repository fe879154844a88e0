//! The race solver: a breadth-first search from A, the shortest-path layers walked back from B
//! along its distances, and the layered meeting game on bit matrices (the editor's path adds the
//! search from B for its cell map). It returns typed facts ([`Outcome`], [`RaceFacts`]), no
//! words.
//!
//! The judge's path ([`outcome`]) and the editor's ([`facts`]) make the same memory checks in the
//! same order, so they refuse the same boards; the editor's extras (which middle cells A's winning
//! play reaches, and one winning play of the layered game) are computed only when they fit beside
//! them.

use super::bits::{BitMatrix, transpose_into};
use super::{RaceBoard, is_white};
use crate::games::{Budget, Grid, Unsolved};

/// Marks a cell no breadth-first search reached (walled off from the start).
const UNREACHED: u32 = u32::MAX;
/// The breadth-first queue starts with room for the cells or this many `u32`, whichever is
/// less, and past that doubles (to at most twice the cells).
const QUEUE_START: usize = 1 << 16;
/// One DP matrix holds |layer k| × |layer D−k| bits; a board whose layers need more is refused.
/// Within the original limits layers stay below ~5 000 cells (3 MiB a matrix).
const MAX_MATRIX_BITS: usize = 1 << 28;
/// Which middle cells A's winning play can reach needs one matrix per layer kept for a second
/// pass; above this total (16 MiB) the editor skips that detail.
const MAX_STORED_BITS: usize = 1 << 27;
/// The escape analysis works on three matrices of its own besides the two of the game.
const ESCAPE_MATRICES: usize = 3;
/// A matrix's words grow by doubling as resets need more (to less than twice the most it
/// needs), so a matrix is counted at twice the largest size.
const MATRIX_GROWTH: usize = 2;

/// Who wins and why: all the judge answer needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// B's start cannot be reached from A's: nobody ever wins.
    Unconnected,
    /// The starts are an odd distance D apart: B never lands on A, and A arrives first.
    OddDistance { d: usize },
    /// D is even and B can force landing on A in the middle layer.
    BMeets { d: usize },
    /// D is even and A slips past B in the middle layer.
    AEscapes { d: usize },
}

impl Outcome {
    /// The distance D between the starts, when connected.
    pub(super) fn distance(self) -> Option<usize> {
        match self {
            Outcome::Unconnected => None,
            Outcome::OddDistance { d } | Outcome::BMeets { d } | Outcome::AEscapes { d } => Some(d),
        }
    }
}

/// What the editor shows about a solved board: the outcome, both distance maps, the winner's
/// walk and, when A slips past B, the middle cells his winning play can reach.
pub(super) struct RaceFacts {
    pub(super) outcome: Outcome,
    dist_a: Vec<u32>,
    dist_b: Vec<u32>,
    /// How many cells the middle layer holds (0 unless D is even).
    pub(super) middle_cells: usize,
    /// With [`Outcome::AEscapes`], when the analysis fitted the memory cap: the middle cells
    /// (grid indices, ascending) A's winning play can end on, whatever B does.
    pub(super) escapes: Option<Vec<u32>>,
    /// The winner's walk along one play of the game, grid indices in step order, a shortest path
    /// (D + 1 cells) from his start to the other's: A's (at an even D through a middle cell his
    /// winning play reaches), or B's through the middle cell where he lands on A. `None` when
    /// nobody wins, or at an even D when the layered game's tables did not fit the memory cap.
    pub(super) walk: Option<Vec<u32>>,
}

impl RaceFacts {
    /// Heap bytes the facts hold: both distance maps and the escape cells.
    pub(super) fn heap_bytes(&self) -> usize {
        let words = self.dist_a.capacity()
            + self.dist_b.capacity()
            + self.escapes.as_ref().map_or(0, Vec::capacity)
            + self.walk.as_ref().map_or(0, Vec::capacity);
        words * std::mem::size_of::<u32>()
    }

    /// Steps from A's start to `cell`; `None` when walled off.
    pub(super) fn steps_from_a(&self, cell: usize) -> Option<u32> {
        Some(self.dist_a[cell]).filter(|&d| d != UNREACHED)
    }

    /// Steps from B's start to `cell`; `None` when walled off.
    pub(super) fn steps_from_b(&self, cell: usize) -> Option<u32> {
        Some(self.dist_b[cell]).filter(|&d| d != UNREACHED)
    }

    /// Whether A's winning play can end on middle cell `cell`; `None` when that was not computed.
    pub(super) fn escapes_through(&self, cell: usize) -> Option<bool> {
        let escapes = self.escapes.as_ref()?;
        Some(escapes.binary_search(&(cell as u32)).is_ok())
    }
}

/// What the judge's path decides: the outcome, and the size of the middle layer it met on the
/// way (0 unless D is even).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    pub(super) outcome: Outcome,
    pub(super) middle_cells: usize,
}

/// The judge's path: the outcome alone.
pub(super) fn outcome(board: &RaceBoard, budget: &Budget) -> Result<Decision, Unsolved> {
    check_distance_maps(board, budget)?;
    // B's distances are not needed: the layers are walked back from B along A's.
    let from_a = framed_distances(&board.grid, board.a);
    let d = match reach(from_a.of(board.b)) {
        Some(d) if d.is_multiple_of(2) => d,
        reach => {
            return Ok(Decision {
                outcome: decided_by_distance(reach),
                middle_cells: 0,
            });
        }
    };
    let game = LayeredGame::prepare(board, &from_a, d, budget)?;
    let middle_cells = game.layers.layer(d / 2).len();
    let b_wins = game.play(budget, |_| {})?;
    Ok(Decision {
        outcome: even_outcome(d, b_wins),
        middle_cells,
    })
}

/// The editor's path: the outcome as [`outcome`] finds it (refused exactly where it is), both
/// distance maps, and the escape cells and the winner's walk when they fit the memory cap too.
pub(super) fn facts(board: &RaceBoard, budget: &Budget) -> Result<RaceFacts, Unsolved> {
    check_distance_maps(board, budget)?;
    let from_a = framed_distances(&board.grid, board.a);
    let dist_a = from_a.to_grid(&board.grid);
    let dist_b = distances(&board.grid, board.b);
    let d = match reach(dist_a[board.b]) {
        Some(d) if d.is_multiple_of(2) => d,
        reach => {
            let outcome = decided_by_distance(reach);
            // At an odd D every shortest path wins for A: B never lands on him.
            let walk = outcome
                .distance()
                .map(|_| descent(&board.grid, &dist_b, board.a));
            return Ok(RaceFacts {
                outcome,
                dist_a,
                dist_b,
                middle_cells: 0,
                escapes: None,
                walk,
            });
        }
    };
    let game = LayeredGame::prepare(board, &from_a, d, budget)?;
    // The layers hold what the game needs of A's distances: the framed copy goes before it.
    drop(from_a);
    let middle_cells = game.layers.layer(d / 2).len();
    let (b_wins, escapes, walk) = if game.escapes_fit(budget) {
        let mut kept = Vec::new();
        let b_wins = game.play(budget, |r| kept.push(r.clone()))?;
        kept.reverse();
        let mut walk = game.winning_play(&kept, b_wins);
        // Past the middle layer nobody can land on anybody: any shortest way on wins.
        let rest = if b_wins { &dist_a } else { &dist_b };
        let middle = *walk.last().expect("a walk starts at a start");
        walk.extend(
            descent(&board.grid, rest, middle as usize)
                .into_iter()
                .skip(1),
        );
        debug_assert_eq!(walk.len(), d + 1, "the winner's walk is a shortest path");
        let escapes = if b_wins {
            None
        } else {
            Some(game.escape_cells(&kept, budget)?)
        };
        (b_wins, escapes, Some(walk))
    } else {
        (game.play(budget, |_| {})?, None, None)
    };
    Ok(RaceFacts {
        outcome: even_outcome(d, b_wins),
        dist_a,
        dist_b,
        middle_cells,
        escapes,
        walk,
    })
}

/// The outcome where the distance alone decides it: unconnected starts or an odd D.
fn decided_by_distance(reach: Option<usize>) -> Outcome {
    match reach {
        None => Outcome::Unconnected,
        Some(d) => {
            debug_assert!(d % 2 == 1, "an even D = {d} needs the layered game");
            Outcome::OddDistance { d }
        }
    }
}

/// The outcome of the layered game at an even D.
fn even_outcome(d: usize, b_wins: bool) -> Outcome {
    if b_wins {
        Outcome::BMeets { d }
    } else {
        Outcome::AEscapes { d }
    }
}

// ---------------------------------------------------------------------------------------------
// Distances and layers

/// What the two breadth-first searches hold: two distance maps (a `u32` a cell) and a queue.
/// The editor's cell map (2 bytes a cell, built once the queue is freed) always fits in it.
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
/// distance maps and the layers' cells (a `u32` a cell each, at most), the slots of the framed
/// grid (a `u32` a framed cell), and the layers' bounds (two `u32` a layer).
fn layer_bytes(grid: &Grid, d: usize) -> usize {
    grid.cells
        .len()
        .saturating_mul(12)
        .saturating_add(framed_len(grid).saturating_mul(4))
        .saturating_add(d.saturating_add(2).saturating_mul(8))
}

fn check_distance_maps(board: &RaceBoard, budget: &Budget) -> Result<(), Unsolved> {
    budget.check_memory(search_bytes(board.grid.cells.len()), || {
        format!(
            "the distance maps of a {} × {} board",
            board.grid.rows, board.grid.cols
        )
    })
}

/// The distance D from A's start to B's (`dist_a` at B), when connected.
fn reach(dist_a_at_b: u32) -> Option<usize> {
    Some(dist_a_at_b)
        .filter(|&d| d != UNREACHED)
        .map(|d| d as usize)
}

/// Calls `f` with each 4-neighbour of cell `i` inside a grid of `cols` columns and `len` cells.
#[inline]
pub(super) fn for_each_neighbour(cols: usize, len: usize, i: usize, mut f: impl FnMut(usize)) {
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

/// Breadth-first distances over white cells from cell `from` (`UNREACHED` elsewhere).
pub(super) fn distances(grid: &Grid, from: usize) -> Vec<u32> {
    framed_distances(grid, from).to_grid(grid)
}

/// Breadth-first distances on the grid framed by a border of walls (`width` = columns + 2), in
/// which a cell's four neighbours are plain offsets: no edge test and no division per cell,
/// and one comparison tells a wall or a reached cell from an open one.
struct FramedDistances {
    width: usize,
    /// Per framed cell: the distance, `UNREACHED` for an open cell not reached, `FRAMED_WALL`
    /// for a wall or the border.
    dist: Vec<u32>,
}

/// A wall or the border in [`FramedDistances`]: above any distance, so never a layer's.
const FRAMED_WALL: u32 = UNREACHED - 1;

fn framed_distances(grid: &Grid, from: usize) -> FramedDistances {
    let width = grid.cols + 2;
    let mut framed = vec![FRAMED_WALL; framed_len(grid)];
    for (r, row) in grid.cells.chunks_exact(grid.cols.max(1)).enumerate() {
        let start = (r + 1) * width + 1;
        for (slot, &cell) in framed[start..start + grid.cols].iter_mut().zip(row) {
            *slot = if is_white(cell) {
                UNREACHED
            } else {
                FRAMED_WALL
            };
        }
    }
    let steps = [width.wrapping_neg(), width, usize::MAX, 1];
    let mut queue: Vec<u32> = Vec::with_capacity(grid.cells.len().min(QUEUE_START));
    let start = framed_index(grid.cols, from);
    framed[start] = 0;
    queue.push(start as u32);
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        let v = v as usize;
        let next = framed[v] + 1;
        for step in steps {
            let w = v.wrapping_add(step);
            if framed[w] == UNREACHED {
                framed[w] = next;
                queue.push(w as u32);
            }
        }
    }
    FramedDistances {
        width,
        dist: framed,
    }
}

/// The index on the framed grid of grid cell `i`.
fn framed_index(cols: usize, i: usize) -> usize {
    (i / cols + 1) * (cols + 2) + i % cols + 1
}

impl FramedDistances {
    /// The distance of grid cell `i`, `UNREACHED` when walled off or a wall.
    fn of(&self, i: usize) -> u32 {
        match self.dist[framed_index(self.width - 2, i)] {
            FRAMED_WALL => UNREACHED,
            d => d,
        }
    }

    /// The distances in grid order (`UNREACHED` for walls and cells walled off).
    fn to_grid(&self, grid: &Grid) -> Vec<u32> {
        let mut dist = Vec::with_capacity(grid.cells.len());
        for r in 0..grid.rows {
            let start = (r + 1) * self.width + 1;
            dist.extend(
                self.dist[start..start + grid.cols]
                    .iter()
                    .map(|&d| if d == FRAMED_WALL { UNREACHED } else { d }),
            );
        }
        dist
    }
}

/// A shortest way from cell `from` to the start of the breadth-first search `dist` was made from,
/// cells in step order (both ends included): each step goes to the first neighbour, in
/// [`for_each_neighbour`]'s order, one step nearer. `from` must be reachable.
fn descent(grid: &Grid, dist: &[u32], from: usize) -> Vec<u32> {
    debug_assert!(dist[from] != UNREACHED, "cell {from} is walled off");
    let mut walk = Vec::with_capacity(dist[from] as usize + 1);
    let mut at = from;
    walk.push(at as u32);
    while dist[at] != 0 {
        let mut next = None;
        for_each_neighbour(grid.cols, grid.cells.len(), at, |w| {
            if next.is_none() && dist[w] == dist[at] - 1 {
                next = Some(w);
            }
        });
        at = next.expect("a reached cell has a neighbour one step nearer the start");
        walk.push(at as u32);
    }
    walk
}

/// Whether white cells join cell `a` to cell `b`. A fill over rows of bits rather than a
/// search: a row's whole run of white cells is filled at once and only the runs above and below
/// are seeded, 64 cells per word operation (the analysis asks it of every board).
pub(super) fn connected(grid: &Grid, a: usize, b: usize) -> bool {
    let (rows, cols) = (grid.rows, grid.cols);
    if cols == 0 {
        return false;
    }
    let words = cols.div_ceil(64);
    let mut open = vec![0u64; rows * words];
    for (row, cells) in open
        .chunks_exact_mut(words)
        .zip(grid.cells.chunks_exact(cols))
    {
        for (c, &cell) in cells.iter().enumerate() {
            row[c / 64] |= u64::from(is_white(cell)) << (c % 64);
        }
    }
    let mut filled = vec![0u64; rows * words];
    let bit = |bits: &[u64], r: usize, c: usize| bits[r * words + c / 64] >> (c % 64) & 1 == 1;
    let mut seeds = vec![(a / cols, a % cols)];
    while let Some((r, c)) = seeds.pop() {
        // Runs are filled whole, so an unfilled open cell's run is all unfilled.
        if bit(&filled, r, c) || !bit(&open, r, c) {
            continue;
        }
        let row = &open[r * words..(r + 1) * words];
        let (lo, hi) = (run_start(row, c), run_end(row, c));
        debug_assert!(
            bit(&open, r, lo) && bit(&open, r, hi),
            "a run holds open cells only"
        );
        let filled_row = &mut filled[r * words..(r + 1) * words];
        for (w, word) in filled_row
            .iter_mut()
            .enumerate()
            .take(hi / 64 + 1)
            .skip(lo / 64)
        {
            *word |= columns_mask(w, lo, hi);
        }
        if b / cols == r && (lo..=hi).contains(&(b % cols)) {
            return true;
        }
        let above = r.checked_sub(1);
        let below = (r + 1 < rows).then_some(r + 1);
        for next in [above, below].into_iter().flatten() {
            let fillable = |w: usize| {
                let i = next * words + w;
                open[i] & !filled[i] & columns_mask(w, lo, hi)
            };
            for w in lo / 64..=hi / 64 {
                let x = fillable(w);
                let carry = if w > lo / 64 {
                    fillable(w - 1) >> 63
                } else {
                    0
                };
                // The first cell of each run of fillable cells.
                let mut starts = x & !((x << 1) | carry);
                while starts != 0 {
                    seeds.push((next, w * 64 + starts.trailing_zeros() as usize));
                    starts &= starts - 1;
                }
            }
        }
    }
    false
}

/// The bits of word `w` that stand for columns `lo..=hi`.
fn columns_mask(w: usize, lo: usize, hi: usize) -> u64 {
    let (first, last) = (w * 64, w * 64 + 63);
    let from = lo.max(first) - first;
    let to = hi.min(last) - first;
    (u64::MAX >> (63 - to)) & (u64::MAX << from)
}

/// The first column of the run of set bits that holds column `c` (whose bit is set).
fn run_start(row: &[u64], c: usize) -> usize {
    let mut w = c / 64;
    // Clear bits at and above c: what is left below c that is not set ends the run.
    let mut gaps = !row[w] & ((1u64 << (c % 64)) - 1);
    loop {
        if gaps != 0 {
            return w * 64 + (64 - gaps.leading_zeros() as usize);
        }
        if w == 0 {
            return 0;
        }
        w -= 1;
        gaps = !row[w];
    }
}

/// The last column of the run of set bits that holds column `c` (whose bit is set).
fn run_end(row: &[u64], c: usize) -> usize {
    let mut w = c / 64;
    let mut gaps = !row[w] & (u64::MAX << (c % 64));
    loop {
        if gaps != 0 {
            return w * 64 + gaps.trailing_zeros() as usize - 1;
        }
        // Bits past the last column are clear: only a width of whole words runs to the end.
        if w + 1 == row.len() {
            return row.len() * 64 - 1;
        }
        w += 1;
        gaps = !row[w];
    }
}

/// The cells on shortest A–B paths, grouped by their distance from A (layer k: dA = k and
/// dB = D − k). Built from what this board uses only, so nothing carries over between boards.
///
/// Cells are numbered on the grid framed by a border of non-path cells (`width` = columns + 2),
/// so that a cell's four neighbours are plain offsets: the game's step enumeration needs no edge
/// test and no division.
struct Layers {
    d: usize,
    width: usize,
    /// Layer k is `cells[begin..begin + len]` for `(begin, len) = bounds[k]`: framed indices,
    /// the layers one after the other from D down to 0.
    bounds: Vec<(u32, u32)>,
    cells: Vec<u32>,
    /// Per framed cell: its position in `cells`, or `UNREACHED` when off every shortest path
    /// (the border included).
    slot: Vec<u32>,
}

impl Layers {
    /// The layers walked back from B's start: layer k − 1 holds the neighbours of layer k one
    /// step nearer A. A cell on a shortest path is one step nearer A than its successor on it,
    /// and a cell so reached at k steps from A is at most D − k from B: exactly the cells with
    /// dA + dB = D, met without B's distances and without a pass over the other cells.
    fn walk(from_a: &FramedDistances, b: usize, d: usize) -> Layers {
        let width = from_a.width;
        let dist = &from_a.dist;
        let mut slot = vec![UNREACHED; dist.len()];
        // At most one entry per open cell: never grown (the pages past the path stay untouched).
        let mut cells: Vec<u32> = Vec::with_capacity(dist.len().min(u32::MAX as usize));
        let mut bounds = vec![(0u32, 0u32); d + 1];
        let b = framed_index(width - 2, b);
        debug_assert_eq!(dist[b] as usize, d, "B's start is D from A's");
        slot[b] = 0;
        cells.push(b as u32);
        bounds[d] = (0, 1);
        for k in (1..=d).rev() {
            let (begin, len) = bounds[k];
            let next_begin = cells.len() as u32;
            let nearer = (k - 1) as u32;
            for at in begin..begin + len {
                let v = cells[at as usize] as usize;
                for w in [v - width, v + width, v - 1, v + 1] {
                    if dist[w] == nearer && slot[w] == UNREACHED {
                        slot[w] = cells.len() as u32;
                        cells.push(w as u32);
                    }
                }
            }
            bounds[k - 1] = (next_begin, cells.len() as u32 - next_begin);
        }
        debug_assert_eq!(bounds[0].1, 1, "layer 0 is A's start alone");
        Layers {
            d,
            width,
            bounds,
            cells,
            slot,
        }
    }

    /// The cells of layer k (framed indices); layers past D are empty.
    fn layer(&self, k: usize) -> &[u32] {
        let Some(&(begin, len)) = self.bounds.get(k) else {
            return &[];
        };
        &self.cells[begin as usize..(begin + len) as usize]
    }

    /// The grid index of framed cell `cell`.
    fn grid_index(&self, cell: u32) -> u32 {
        let (r, c) = (cell as usize / self.width, cell as usize % self.width);
        ((r - 1) * (self.width - 2) + c - 1) as u32
    }

    /// The in-layer positions of the neighbours of framed cell `cell` that lie in layer `k`, in
    /// [`for_each_neighbour`]'s order (up, down, left, right).
    #[inline]
    fn steps(&self, cell: u32, k: usize) -> Steps {
        let (first, len) = self.bounds.get(k).copied().unwrap_or((0, 0));
        let mut steps = Steps::default();
        let cell = cell as usize;
        for neighbour in [cell - self.width, cell + self.width, cell - 1, cell + 1] {
            // Off the layer (another layer, off every path, the border) wraps to past `len`.
            let at = self.slot[neighbour].wrapping_sub(first);
            if at < len {
                steps.at[steps.len] = at;
                steps.len += 1;
            }
        }
        steps
    }
}

/// The cells of the grid framed by a border one cell wide.
fn framed_len(grid: &Grid) -> usize {
    (grid.rows + 2).saturating_mul(grid.cols + 2)
}

/// A cell's steps to one layer: the in-layer positions of at most its four neighbours.
#[derive(Default)]
struct Steps {
    at: [u32; 4],
    len: usize,
}

impl Steps {
    fn as_slice(&self) -> &[u32] {
        &self.at[..self.len]
    }
}

// ---------------------------------------------------------------------------------------------
// The meeting game

/// Writes the OR of the rows `m[steps]` of a cell's steps into `dst`: every cell of a
/// shortest-path layer has a step to the next one, so `dst` needs no zeroing first.
#[inline(always)]
fn or_of_steps(dst: &mut [u64], m: &BitMatrix, steps: &Steps, cell: u32, to_layer: usize) {
    combine_steps(dst, m, steps, cell, to_layer, |x, y| x | y);
}

/// Writes the AND of the rows `m[steps]` of a cell's steps into `dst` (see [`or_of_steps`]).
#[inline(always)]
fn and_of_steps(dst: &mut [u64], m: &BitMatrix, steps: &Steps, cell: u32, to_layer: usize) {
    combine_steps(dst, m, steps, cell, to_layer, |x, y| x & y);
}

/// The first two rows are combined in one pass (a cell has two steps on most boards).
#[inline(always)]
fn combine_steps(
    dst: &mut [u64],
    m: &BitMatrix,
    steps: &Steps,
    cell: u32,
    to_layer: usize,
    op: impl Fn(u64, u64) -> u64 + Copy,
) {
    match *steps.as_slice() {
        [] => panic!("framed cell {cell} has no step to layer {to_layer}"),
        [only] => dst.copy_from_slice(m.row(only as usize)),
        [first, second, ref rest @ ..] => {
            // Rows cut to `dst`'s length: the loops index without bounds checks.
            let n = dst.len();
            let (x, y) = (&m.row(first as usize)[..n], &m.row(second as usize)[..n]);
            for i in 0..n {
                dst[i] = op(x[i], y[i]);
            }
            for &more in rest {
                let z = &m.row(more as usize)[..n];
                for i in 0..n {
                    dst[i] = op(dst[i], z[i]);
                }
            }
        }
    }
}

/// What the layered game's matrices take, from the sizes of the layers alone.
struct MatrixCost {
    /// The game's two working matrices at their largest.
    game_bytes: usize,
    /// What the escape analysis adds: its own matrices and every `R_d` kept.
    escape_bytes: usize,
    /// The bits of every `R_d` kept for the escape analysis.
    stored_bits: usize,
    /// The sides of the largest matrix, for refusals.
    widest: (usize, usize),
}

impl MatrixCost {
    /// The cost of the game on `layers`, or a refusal when one matrix would be more than the
    /// representation allows.
    fn of(layers: &Layers) -> Result<MatrixCost, Unsolved> {
        let d_total = layers.d;
        let size = |k: usize| layers.layer(k).len();
        let mut stored_bits = 0usize;
        let mut matrix_bits = 0usize;
        let mut widest = (0, 0);
        for d in 0..=d_total / 2 {
            // Every matrix of step d is at most (layer d or d+1) × (layer D−d or D−d+1).
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
            stored_bits =
                stored_bits.saturating_add(size(d + 1) * size(d_total - d).div_ceil(64) * 64);
        }
        let matrix_bytes = (matrix_bits / 8).saturating_mul(MATRIX_GROWTH);
        // The escape cells themselves: a `u32` per middle cell at most.
        let escape_cells = size(d_total / 2).saturating_mul(4);
        Ok(MatrixCost {
            game_bytes: matrix_bytes.saturating_mul(2),
            escape_bytes: matrix_bytes
                .saturating_mul(ESCAPE_MATRICES)
                .saturating_add(stored_bits / 8)
                .saturating_add(escape_cells),
            stored_bits,
            widest,
        })
    }
}

/// The layered game of an even D = 2m. Both players keep to shortest paths: the grid is
/// bipartite, so jumps alternate (B's first at even D) and a detour costs two steps that the one
/// jump never pays back (tests/race.rs checks this model against an exhaustive search). So A
/// walks layers 0, 1, …, m and B walks D, D−1, …, m, A first, and B wins when his m-th step
/// lands on A. `W_d` (rows: layer d, columns: layer D−d) says which positions B wins, A to move:
///   `W_m` = identity,
///   `W_d`[a][b] = AND over A's steps a→a' of (OR over B's steps b→b' of W_{d+1}[a'][b']).
/// The OR mixes columns, so it runs on the transpose; `R_d`[a'][b] is its result. Rows are bit
/// sets, so a step costs |layer d|·|layer D−d|/64 word operations and two matrices of memory,
/// also on boards whose layers hold thousands of cells.
struct LayeredGame {
    layers: Layers,
    cost: MatrixCost,
    /// What the solve holds during the game: the layers and the two working matrices.
    held_bytes: usize,
}

impl LayeredGame {
    /// The game of an even D, once its layers and then its matrices fit the memory cap: the
    /// refusals both paths share.
    fn prepare(
        board: &RaceBoard,
        from_a: &FramedDistances,
        d: usize,
        budget: &Budget,
    ) -> Result<LayeredGame, Unsolved> {
        debug_assert!(
            d.is_multiple_of(2),
            "the layered game needs an even D, not {d}"
        );
        let grid = &board.grid;
        let base = layer_bytes(grid, d);
        budget.check_memory(base, || {
            format!(
                "the shortest-path layers of a {} × {} board (D = {d})",
                grid.rows, grid.cols
            )
        })?;
        let layers = Layers::walk(from_a, board.b, d);
        let cost = MatrixCost::of(&layers)?;
        let held_bytes = base.saturating_add(cost.game_bytes);
        budget.check_memory(held_bytes, || {
            format!(
                "the layered game of this board (shortest-path layers of {} and {} cells)",
                cost.widest.0, cost.widest.1
            )
        })?;
        Ok(LayeredGame {
            layers,
            cost,
            held_bytes,
        })
    }

    /// Whether keeping every `R_d` and replaying A's winning moves fits beside the game.
    fn escapes_fit(&self, budget: &Budget) -> bool {
        self.cost.stored_bits <= MAX_STORED_BITS
            && budget.allows(self.held_bytes.saturating_add(self.cost.escape_bytes))
    }

    /// Plays the game backward from the middle; `each_r` sees `R_d` for d = m − 1 down to 0.
    /// Whether B wins.
    fn play(&self, budget: &Budget, mut each_r: impl FnMut(&BitMatrix)) -> Result<bool, Unsolved> {
        let layers = &self.layers;
        let d_total = layers.d;
        let m = d_total / 2;
        let size = |k: usize| layers.layer(k).len();
        let mut x = BitMatrix::default();
        let mut y = BitMatrix::default();
        x.reset(size(m), size(m));
        for i in 0..size(m) {
            x.set(i, i);
        }
        for d in (0..m).rev() {
            let b_layer = layers.layer(d_total - d);
            let a_layer = layers.layer(d);
            // x = W_{d+1}; y = its transpose, rows: B's cells one step nearer the middle.
            transpose_into(&x, &mut y);
            // Every row of x is written whole from rows of y: no zeroing.
            x.reshape_for_overwrite(b_layer.len(), size(d + 1));
            for (bi, &b) in b_layer.iter().enumerate() {
                let to = d_total - d - 1;
                or_of_steps(x.row_mut(bi), &y, &layers.steps(b, to), b, to);
            }
            transpose_into(&x, &mut y);
            // y = R_d: rows A's cells of layer d+1, columns B's cells of layer D−d.
            x.reshape_for_overwrite(a_layer.len(), b_layer.len());
            for (ai, &a) in a_layer.iter().enumerate() {
                and_of_steps(x.row_mut(ai), &y, &layers.steps(a, d + 1), a, d + 1);
            }
            each_r(&y);
            budget.check_cancelled()?;
        }
        Ok(x.get(0, 0))
    }

    /// One play from the starts to the middle layer along which the winner keeps his win, as the
    /// winner's cells (grid indices) from his start to the middle layer. The loser, and the
    /// winner where he does not need to choose, takes his first step in neighbour order; the
    /// winner takes his first winning step. `r[d]` is `R_d` from `play`.
    fn winning_play(&self, r: &[BitMatrix], b_wins: bool) -> Vec<u32> {
        let layers = &self.layers;
        let d_total = layers.d;
        let m = d_total / 2;
        debug_assert_eq!(r.len(), m, "one R_d per step of the game");
        let cell = |k: usize, at: usize| layers.layer(k)[at];
        // The in-layer positions of the steps from position `at` of layer k to layer `to`.
        let steps = |k: usize, at: usize, to: usize| -> Vec<usize> {
            let steps = layers.steps(cell(k, at), to);
            steps.as_slice().iter().map(|&w| w as usize).collect()
        };
        // W_d[a][b]: B wins with A on a (layer d), B on b (layer D−d), A to move.
        let b_wins_from = |d: usize, a: usize, b: usize| {
            if d == m {
                a == b
            } else {
                steps(d, a, d + 1).iter().all(|&a2| r[d].get(a2, b))
            }
        };
        let (mut a, mut b) = (0, 0);
        let mut walk = vec![layers.grid_index(cell(if b_wins { d_total } else { 0 }, 0))];
        for (d, rd) in r.iter().enumerate() {
            debug_assert_eq!(b_wins_from(d, a, b), b_wins, "the winner keeps his win");
            let a_steps = steps(d, a, d + 1);
            // A's step to a' wins exactly when R_d[a'][b] is 0 (B has no reply that wins).
            a = *a_steps.iter().find(|&&a2| b_wins || !rd.get(a2, b)).expect(
                "a cell on a shortest path has a step on, and A a winning one where he wins",
            );
            let b_steps = steps(d_total - d, b, d_total - d - 1);
            b = *b_steps
                .iter()
                .find(|&&b2| !b_wins || b_wins_from(d + 1, a, b2))
                .expect(
                    "a cell on a shortest path has a step on, and B a winning one where he wins",
                );
            walk.push(layers.grid_index(if b_wins {
                cell(d_total - d - 1, b)
            } else {
                cell(d + 1, a)
            }));
        }
        debug_assert_eq!(a == b, b_wins, "B wins exactly when he lands on A");
        walk
    }

    /// The middle cells A can reach by winning moves only, whatever B does on shortest paths,
    /// as grid indices in ascending order. `r[d]` is `R_d` from `play`: A's step to a' keeps the
    /// win against B on b exactly when `R_d`[a'][b] is 0. `P_d` (rows: layer d, columns: layer D−d)
    /// holds the positions such play reaches.
    fn escape_cells(&self, r: &[BitMatrix], budget: &Budget) -> Result<Vec<u32>, Unsolved> {
        let layers = &self.layers;
        let d_total = layers.d;
        let m = d_total / 2;
        debug_assert_eq!(r.len(), m, "one R_d per step of the game");
        let mut p = BitMatrix::default();
        let mut q = BitMatrix::default();
        let mut t = BitMatrix::default();
        p.reset(1, 1);
        p.set(0, 0);
        for (d, rd) in r.iter().enumerate() {
            let next_a = layers.layer(d + 1);
            let next_b = layers.layer(d_total - d - 1);
            // q[a'] = (OR of P_d over A's cells a → a') AND NOT R_d[a'].
            q.reshape_for_overwrite(next_a.len(), layers.layer(d_total - d).len());
            for (ai, &a2) in next_a.iter().enumerate() {
                let row = q.row_mut(ai);
                or_of_steps(row, &p, &layers.steps(a2, d), a2, d);
                for (w, s) in row.iter_mut().zip(rd.row(ai)) {
                    *w &= !s;
                }
            }
            // P_{d+1}[a'][b'] = OR of q[a'][b] over B's steps b → b', on the transpose.
            transpose_into(&q, &mut t);
            q.reshape_for_overwrite(next_b.len(), next_a.len());
            for (bi, &b2) in next_b.iter().enumerate() {
                let from = d_total - d;
                or_of_steps(q.row_mut(bi), &t, &layers.steps(b2, from), b2, from);
            }
            transpose_into(&q, &mut p);
            budget.check_cancelled()?;
        }
        let middle = layers.layer(m);
        debug_assert_eq!(p.rows(), middle.len());
        let mut escapes: Vec<u32> = middle
            .iter()
            .enumerate()
            .filter(|&(i, _)| p.row(i).iter().any(|&w| w != 0))
            .map(|(_, &cell)| layers.grid_index(cell))
            .collect();
        // A layer is in the order the walk met its cells.
        escapes.sort_unstable();
        Ok(escapes)
    }
}

#[cfg(test)]
mod tests {
    use super::{UNREACHED, connected, distances, for_each_neighbour};
    use crate::games::Grid;
    use proptest::prelude::*;

    /// Distances by relaxing every cell until nothing changes: slow, and sure.
    fn relaxed_distances(grid: &Grid, from: usize) -> Vec<u32> {
        let mut dist = vec![UNREACHED; grid.cells.len()];
        dist[from] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for v in 0..grid.cells.len() {
                if dist[v] == UNREACHED {
                    continue;
                }
                for_each_neighbour(grid.cols, grid.cells.len(), v, |w| {
                    if grid.cells[w] != b'#' && dist[w] > dist[v] + 1 {
                        dist[w] = dist[v] + 1;
                        changed = true;
                    }
                });
            }
        }
        dist
    }

    fn random_grid(rows: usize, cols: usize, walls: &[bool], keep: &[usize]) -> Grid {
        let cells = walls
            .iter()
            .enumerate()
            .map(|(i, &wall)| {
                if wall && !keep.contains(&i) {
                    b'#'
                } else {
                    b'.'
                }
            })
            .collect();
        Grid { rows, cols, cells }
    }

    #[test]
    fn the_row_fill_reaches_the_far_corner_of_whole_word_widths() {
        for cols in [1, 63, 64, 65, 128, 300] {
            let open = Grid::filled(3, cols, b'.');
            assert!(connected(&open, 0, 3 * cols - 1), "{cols} columns");
            let mut walled = open.clone();
            walled.cells[cols..2 * cols].fill(b'#');
            assert!(
                !connected(&walled, 0, 3 * cols - 1),
                "{cols} columns, a wall row"
            );
        }
    }

    proptest! {
        #[test]
        fn the_row_fill_joins_what_the_search_reaches(
            // Rows wider than a word too: runs and seeds cross word boundaries.
            (rows, cols, walls, a, b) in prop_oneof![
                (1usize..12, 1usize..12),
                (1usize..5, 60usize..140),
            ].prop_flat_map(|(rows, cols)| {
                (
                    Just(rows),
                    Just(cols),
                    proptest::collection::vec(proptest::bool::weighted(0.4), rows * cols),
                    0..rows * cols,
                    0..rows * cols,
                )
            })
        ) {
            let grid = random_grid(rows, cols, &walls, &[a, b]);
            let reached = relaxed_distances(&grid, a)[b] != UNREACHED;
            prop_assert_eq!(connected(&grid, a, b), reached);
        }

        #[test]
        fn framed_search_finds_the_relaxed_distances(
            (rows, cols, walls, from) in (1usize..9, 1usize..9).prop_flat_map(|(rows, cols)| {
                (
                    Just(rows),
                    Just(cols),
                    proptest::collection::vec(proptest::bool::weighted(0.3), rows * cols),
                    0..rows * cols,
                )
            })
        ) {
            let grid = random_grid(rows, cols, &walls, &[from]);
            prop_assert_eq!(distances(&grid, from), relaxed_distances(&grid, from));
        }
    }
}
