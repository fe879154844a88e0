//! The strings solver: every reachable (anti-diagonal, set of end cells) state, explored forward
//! and valued backward by minimax. It returns typed facts ([`StringsFacts`]), no words.
//!
//! Within the original limits (sides ≤ 20) the reachable states are few (at most 30 344, see
//! [`MAX_STATES`]): the solver is polynomial there, bounded by memory alone, and only
//! cancellation stops it. Beyond, the states can grow exponentially: it is a search under the
//! node budget.

use super::{MAX_LETTERS, MAX_SIDE, ORIGINAL_MAX_N};
use crate::games::{Budget, Grid, Unsolved};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Reachable states held at once. A state with its moves takes about 40 bytes, so this caps
/// the solver near 80 MiB. It never refuses a board within the original limits: on diagonal d
/// every state is the set of cells of one letter that the states of diagonal d − 1 spread to,
/// so a diagonal holding `k_ℓ` cells of letter ℓ has at most `Σ_ℓ` min(states of d − 1, `2^k_ℓ` − 1)
/// states; maximised over every split of every diagonal into letters, that totals at most
/// 30 344 states for any board of sides ≤ 20 (`tests::states_within_the_original_limits`).
pub(super) const MAX_STATES: usize = 1 << 21;
/// A hover explores the game from one cell with this many states at most, else says nothing;
/// within the original limits the bound above keeps it under.
const HOVER_STATES: usize = 100_000;
/// The mask index holds a (mask, state) pair of 16 bytes and a control byte a bucket, with
/// buckets at most 7/8 full.
const INDEX_ENTRY_BYTES: usize = 20;
/// Budgets are checked after this many expanded states.
const CHECK_EVERY: u64 = 4096;

/// What a letter adds to a − b.
fn score(letter: u8) -> i32 {
    match letter {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

/// What the judge's path decides: the final a − b under optimal play (positive: FIRST wins),
/// the first letter included, and the states the search expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decision {
    pub(super) value: i32,
    pub(super) first_letter: u8,
    pub(super) nodes: u64,
}

/// The judge's path: the value alone.
pub(super) fn decide(board: &Grid, budget: &Budget) -> Result<Decision, Unsolved> {
    let (diagonals, fixed) = Diagonals::within_memory(board, budget)?;
    let search = Search::whole(&diagonals, budget, fixed)?;
    Ok(Decision {
        value: score(diagonals.first_letter) + search.value(),
        first_letter: diagonals.first_letter,
        nodes: search.nodes,
    })
}

/// What the editor shows about a solved board.
pub(super) struct StringsFacts {
    /// The final a − b under optimal play, as [`value`] finds it.
    pub(super) value: i32,
    /// States expanded by the search.
    pub(super) nodes: u64,
    pub(super) diagonals: Arc<Diagonals>,
    /// The optimal line, when it and the cell map fit the memory cap beside the search.
    pub(super) line: Option<Line>,
}

/// The editor's path: the value as [`value`] finds it (refused exactly where it is), then the
/// optimal line when it and the editor's cell map (a byte a cell) fit the memory cap too.
pub(super) fn facts(board: &Grid, budget: &Budget) -> Result<StringsFacts, Unsolved> {
    let (diagonals, fixed) = Diagonals::within_memory(board, budget)?;
    let search = Search::whole(&diagonals, budget, fixed)?;
    let extras = Line::bytes(&diagonals).saturating_add(board.cells.len());
    let line = budget
        .allows(search.held_bytes.saturating_add(extras))
        .then(|| search.principal_line(&diagonals));
    Ok(StringsFacts {
        value: score(diagonals.first_letter) + search.value(),
        nodes: search.nodes,
        diagonals: Arc::new(diagonals),
        line,
    })
}

/// a − b of the letters after cell (r, c) under optimal play if the string could end only
/// there, for a hover; `None` when that takes more than [`HOVER_STATES`] states. Not for the
/// last cell, after which nothing is appended.
pub(super) fn rest_from_cell(diagonals: &Diagonals, r: usize, c: usize) -> Option<i32> {
    let cap = Budget::nodes(HOVER_STATES as u64);
    let start = 1u64 << diagonals.bit(r, c);
    Search::run(diagonals, r + c, start, &cap, HOVER_STATES, 0)
        .ok()
        .map(|search| search.value())
}

/// a − b of the letters still to come under optimal play when the string so far can end on
/// exactly `cells` (one diagonal, zero-based), for `play`; 0 on the last diagonal.
pub(super) fn rest_from_cells(
    board: &Grid,
    cells: &[(usize, usize)],
    budget: &Budget,
) -> Result<i32, Unsolved> {
    let (diagonals, fixed) = Diagonals::within_memory(board, budget)?;
    let Some(&(r, c)) = cells.first() else {
        return Ok(0);
    };
    let mask = cells
        .iter()
        .fold(0u64, |mask, &(r, c)| mask | 1u64 << diagonals.bit(r, c));
    Search::run(&diagonals, r + c, mask, budget, MAX_STATES, fixed).map(|s| s.value())
}

/// What stops a search besides memory and cancellation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Growth {
    /// Sides within the original limits: at most 30 344 states, so nothing else.
    Bounded,
    /// Larger boards: the node budget and the deadline.
    Search,
}

/// The board as the solver sees it: for each anti-diagonal, the cells of each letter as a
/// bitmask. Bits index the shorter side (the board is transposed when it has more rows than
/// columns), so a diagonal of up to 64 cells fits a `u64`.
pub(super) struct Diagonals {
    transposed: bool,
    growth: Growth,
    pub(super) first_letter: u8,
    /// `letters[d]`: (letter, cells on diagonal d holding it), letters in ascending order.
    letters: Vec<Vec<(u8, u64)>>,
}

impl Diagonals {
    /// Heap bytes the diagonals hold.
    pub(super) fn heap_bytes(&self) -> usize {
        self.letters
            .iter()
            .map(|d| {
                std::mem::size_of::<Vec<(u8, u64)>>()
                    + d.capacity() * std::mem::size_of::<(u8, u64)>()
            })
            .sum()
    }

    /// The board's sides when the solver can represent it at all.
    fn holdable(grid: &Grid) -> Result<(usize, usize), Unsolved> {
        let (n, m) = (grid.rows, grid.cols);
        if n == 0 || m == 0 || n.checked_mul(m) != Some(grid.cells.len()) {
            return Err(Unsolved::TooLarge("the board has no cells".to_string()));
        }
        if n.min(m) > MAX_SIDE {
            return Err(Unsolved::TooLarge(format!(
                "the board is {n}×{m}; the solver holds anti-diagonals of at most {MAX_SIDE} cells \
                 (a shorter side of at most {MAX_SIDE})"
            )));
        }
        if n + m - 1 > MAX_LETTERS {
            return Err(Unsolved::TooLarge(format!(
                "the board is {n}×{m}: its strings have {} letters, more than {MAX_LETTERS}",
                n + m - 1
            )));
        }
        Ok((n, m))
    }

    /// What `new` allocates for an n × m board: a table per diagonal (24 bytes) of 16-byte
    /// entries, one per letter on the diagonal, in a vector that holds at least 4 and grows by
    /// doubling; a diagonal has at most min(n, m) cells and 26 letters.
    fn bytes(n: usize, m: usize) -> usize {
        let diagonals = (n + m).saturating_sub(1);
        let entry = size_of::<(u8, u64)>();
        let letters = n.min(m).min(26);
        let room = letters.next_power_of_two().max(4);
        diagonals.saturating_mul(size_of::<Vec<(u8, u64)>>() + room * entry)
    }

    /// The board's diagonals, once the solver can hold them and they fit the memory cap; with
    /// the bytes they take, which the search must fit beside.
    fn within_memory(board: &Grid, budget: &Budget) -> Result<(Diagonals, usize), Unsolved> {
        let (n, m) = Diagonals::holdable(board)?;
        let bytes = Diagonals::bytes(n, m);
        budget.check_memory(bytes, || format!("the diagonals of a {n}×{m} board"))?;
        Ok((Diagonals::new(board, n, m), bytes))
    }

    fn new(grid: &Grid, n: usize, m: usize) -> Diagonals {
        let transposed = n > m;
        let mut letters: Vec<Vec<(u8, u64)>> = vec![Vec::new(); n + m - 1];
        for (i, &letter) in grid.cells.iter().enumerate() {
            let (r, c) = (i / m, i % m);
            let bit = if transposed { c } else { r };
            let diagonal = &mut letters[r + c];
            match diagonal.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, mask)) => *mask |= 1u64 << bit,
                None => diagonal.push((letter, 1u64 << bit)),
            }
        }
        for diagonal in &mut letters {
            diagonal.sort_unstable_by_key(|&(l, _)| l);
        }
        let growth = if n.max(m) <= ORIGINAL_MAX_N {
            Growth::Bounded
        } else {
            Growth::Search
        };
        Diagonals {
            transposed,
            growth,
            first_letter: grid.cells[0],
            letters,
        }
    }

    /// How many letters the strings have (one per diagonal).
    pub(super) fn string_len(&self) -> usize {
        self.letters.len()
    }

    /// The bit of cell (r, c) in its diagonal's masks.
    fn bit(&self, r: usize, c: usize) -> usize {
        if self.transposed { c } else { r }
    }

    /// The letter of cell (r, c).
    pub(super) fn letter_at(&self, r: usize, c: usize) -> u8 {
        let bit = 1u64 << self.bit(r, c);
        let (letter, _) = self.letters[r + c]
            .iter()
            .find(|&&(_, cells)| cells & bit != 0)
            .expect("every cell of the board has a letter");
        *letter
    }

    /// Whether cell (r, c) is in `masks[r + c]`.
    pub(super) fn holds(&self, masks: &[u64], r: usize, c: usize) -> bool {
        masks[r + c] >> self.bit(r, c) & 1 == 1
    }

    /// The cells (row, column) of `masks[d]` on diagonal d, for every d; made one at a time,
    /// as on a board of one letter they are every cell.
    pub(super) fn cells<'a>(
        &'a self,
        masks: &'a [u64],
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        masks.iter().enumerate().flat_map(move |(d, &mask)| {
            let mut rest = mask;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                debug_assert!(bit <= d, "bit {bit} on diagonal {d}");
                let other = d - bit;
                Some(if self.transposed {
                    (other, bit)
                } else {
                    (bit, other)
                })
            })
        })
    }

    /// Checks the search budget: only cancellation within the original limits, the node
    /// budget and deadline beyond.
    fn checkpoint(&self, budget: &Budget, nodes: u64) -> Result<(), Unsolved> {
        match self.growth {
            Growth::Bounded => budget.check_cancelled(),
            Growth::Search => budget.check(nodes),
        }
    }
}

/// A move from a state: the letter appended and the index of the state it leads to.
#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    letter: u8,
}

/// The reachable states of one diagonal, their moves and their values.
#[derive(Default)]
struct Layer {
    /// The set of cells the string can end on, one per state.
    masks: Vec<u64>,
    /// Moves of state i: `edges[edge_start[i]..edge_start[i + 1]]`, letters ascending.
    edge_start: Vec<u32>,
    edges: Vec<Edge>,
    /// a − b of the letters still to come under optimal play.
    values: Vec<i32>,
}

impl Layer {
    /// What the layer holds, with the values the backward pass gives it (4 bytes a state).
    fn bytes(&self) -> usize {
        self.masks.capacity() * size_of::<u64>()
            + self.masks.len() * size_of::<i32>()
            + self.edge_start.capacity() * size_of::<u32>()
            + self.edges.capacity() * size_of::<Edge>()
    }

    fn moves(&self, i: usize) -> &[Edge] {
        &self.edges[self.edge_start[i] as usize..self.edge_start[i + 1] as usize]
    }
}

/// Every state reachable from one start state, each with its exact value. A state is an
/// anti-diagonal and the set of its cells the string can end on; the score so far does not
/// matter to the rest of the game, so values are a − b of the letters still to come.
struct Search {
    /// One layer per diagonal from the start's to the last.
    layers: Vec<Layer>,
    nodes: u64,
    /// What the search holds once done, with the caller's fixed bytes.
    held_bytes: usize,
}

/// The optimal line of play: its letters and, per diagonal, the cells some path spelling the
/// whole optimal string passes through.
pub(super) struct Line {
    pub(super) letters: Vec<u8>,
    pub(super) cells: Vec<u64>,
}

impl Line {
    /// What a line of this board holds, with the masks it is traced from.
    fn bytes(diagonals: &Diagonals) -> usize {
        diagonals
            .string_len()
            .saturating_mul(1 + 2 * size_of::<u64>())
    }
}

impl Search {
    /// The whole game, from the top-left cell.
    fn whole(diagonals: &Diagonals, budget: &Budget, fixed: usize) -> Result<Search, Unsolved> {
        Search::run(diagonals, 0, 1, budget, MAX_STATES, fixed)
    }

    /// Explores forward from (`start_diagonal`, `start_mask`), one diagonal at a time, keeping
    /// only reachable states (hashed by mask), then evaluates them backward by minimax.
    /// `fixed`: bytes the caller holds, which the states must fit beside under the memory cap;
    /// what the states take is only known as they are found, so it is counted every
    /// `CHECK_EVERY` states and at the end of each diagonal.
    fn run(
        diagonals: &Diagonals,
        start_diagonal: usize,
        start_mask: u64,
        budget: &Budget,
        max_states: usize,
        fixed: usize,
    ) -> Result<Search, Unsolved> {
        diagonals.checkpoint(budget, 0)?;
        let last = diagonals.string_len() - 1;
        let mut layers: Vec<Layer> = Vec::with_capacity(last + 1 - start_diagonal);
        let mut layer = Layer {
            masks: vec![start_mask],
            ..Layer::default()
        };
        let mut nodes: u64 = 0;
        let mut states: usize = 1;
        // One index reused for every diagonal: it keeps its capacity between them.
        let mut index: FxHashMap<u64, u32> = FxHashMap::default();
        // Bytes of the layers before the one being expanded.
        let mut done = 0usize;
        let layers_bytes = layers.capacity() * size_of::<Layer>();
        let held = |done: usize, layer: &Layer, next: &Vec<u64>, index: usize| {
            fixed
                .saturating_add(done)
                .saturating_add(layer.bytes())
                .saturating_add(next.capacity() * size_of::<u64>())
                .saturating_add(index.saturating_mul(INDEX_ENTRY_BYTES))
                .saturating_add(layers_bytes)
        };
        let refusal = |states: usize| {
            move || format!("the {states} reachable (diagonal, end cells) states found so far")
        };
        for d in start_diagonal..last {
            let next_letters = diagonals.letters[d + 1].as_slice();
            let mut next_masks: Vec<u64> = Vec::new();
            index.clear();
            layer.edge_start.reserve(layer.masks.len() + 1);
            // Most states have one or two moves; more only on boards of many letters.
            layer
                .edges
                .reserve(layer.masks.len() * next_letters.len().min(2));
            layer.edge_start.push(0);
            for &mask in &layer.masks {
                let moves_before = layer.edges.len();
                nodes += 1;
                if nodes.is_multiple_of(CHECK_EVERY) {
                    diagonals.checkpoint(budget, nodes)?;
                    let bytes = held(done, &layer, &next_masks, index.capacity());
                    budget.check_memory(bytes, refusal(states + next_masks.len()))?;
                }
                // A cell of row r moves right (row r) or down (row r + 1) in bit terms.
                let spread = mask | (mask << 1);
                for &(letter, cells) in next_letters {
                    let next = spread & cells;
                    if next == 0 {
                        continue;
                    }
                    let child = *index.entry(next).or_insert_with(|| {
                        next_masks.push(next);
                        (next_masks.len() - 1) as u32
                    });
                    layer.edges.push(Edge { child, letter });
                }
                debug_assert!(
                    layer.edges.len() > moves_before,
                    "a state of diagonal {d} has no move"
                );
                layer.edge_start.push(layer.edges.len() as u32);
            }
            states += next_masks.len();
            if states > max_states {
                return Err(Unsolved::TooLarge(format!(
                    "more than {max_states} reachable (diagonal, end cells) states"
                )));
            }
            diagonals.checkpoint(budget, nodes)?;
            let bytes = held(done, &layer, &next_masks, index.capacity());
            budget.check_memory(bytes, refusal(states))?;
            done = done.saturating_add(layer.bytes());
            let next = Layer {
                masks: next_masks,
                ..Layer::default()
            };
            layers.push(std::mem::replace(&mut layer, next));
        }
        layer.values = vec![0; layer.masks.len()];
        let held_bytes = fixed
            .saturating_add(done)
            .saturating_add(layer.bytes())
            .saturating_add(layers_bytes);
        layers.push(layer);
        for i in (0..layers.len() - 1).rev() {
            let (head, tail) = layers.split_at_mut(i + 1);
            let (layer, next) = (&mut head[i], &tail[0]);
            // Letter d + 2 (one-based) is appended from diagonal d: odd letters are FIRST's.
            let first_moves = (start_diagonal + i + 1).is_multiple_of(2);
            layer.values = (0..layer.masks.len())
                .map(|s| {
                    let options = layer
                        .moves(s)
                        .iter()
                        .map(|e| score(e.letter) + next.values[e.child as usize]);
                    if first_moves {
                        options.max()
                    } else {
                        options.min()
                    }
                    .expect("every state before the last diagonal has a move")
                })
                .collect();
        }
        Ok(Search {
            layers,
            nodes,
            held_bytes,
        })
    }

    /// The value of the start state.
    fn value(&self) -> i32 {
        self.layers[0].values[0]
    }

    /// The optimal line from the top-left cell, ties broken towards the alphabetically first
    /// letter.
    fn principal_line(&self, diagonals: &Diagonals) -> Line {
        let mut letters = vec![diagonals.first_letter];
        let mut masks = Vec::with_capacity(self.layers.len());
        let mut state = 0usize;
        for (i, layer) in self.layers.iter().enumerate() {
            masks.push(layer.masks[state]);
            let Some(next) = self.layers.get(i + 1) else {
                break;
            };
            let target = layer.values[state];
            let edge = layer
                .moves(state)
                .iter()
                .find(|e| score(e.letter) + next.values[e.child as usize] == target)
                .expect("a move achieves the state's value");
            letters.push(edge.letter);
            state = edge.child as usize;
        }
        // Keep only cells from which the rest of the string can still be spelled to the end:
        // a cell of row r continues to row r (right) or row r + 1 (down).
        let mut kept = masks;
        for i in (0..kept.len() - 1).rev() {
            let after = kept[i + 1];
            kept[i] &= after | (after >> 1);
        }
        Line {
            letters,
            cells: kept,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most states any board of sides n × m can reach, by the argument at [`MAX_STATES`]:
    /// the bound of each diagonal maximised over every split of its cells into letters.
    fn state_bound(n: usize, m: usize) -> usize {
        /// The largest Σ min(parents, 2^k − 1) over splits of `cells` into parts of at most
        /// `largest` cells (one per letter: 20 cells never need more than 26 letters).
        fn best(cells: usize, largest: usize, parents: usize) -> usize {
            (1..=largest.min(cells))
                .map(|k| parents.min((1 << k) - 1) + best(cells - k, k, parents))
                .max()
                .unwrap_or(0)
        }
        let mut states = 1;
        let mut total = 1;
        for d in 1..n + m - 1 {
            let cells = (d + 1).min(n).min(m).min(n + m - 1 - d);
            states = best(cells, cells, states);
            total += states;
        }
        total
    }

    #[test]
    fn states_within_the_original_limits() {
        let mut worst = 0;
        for n in 1..=ORIGINAL_MAX_N {
            for m in 1..=ORIGINAL_MAX_N {
                worst = worst.max(state_bound(n, m));
            }
        }
        assert_eq!(worst, 30_344);
        assert_eq!(state_bound(20, 20), worst);
        assert!(worst <= MAX_STATES.min(HOVER_STATES), "{worst}");
        // The bound is exact on small boards: a 2×2 board of four letters reaches 1 + 2 + 1.
        assert_eq!(state_bound(2, 2), 4);
        assert_eq!(state_bound(1, 1), 1);
    }
}
