//! strings — Codeforces 354B "Game with Strings": players append letters along right/down paths;
//! solved exactly over (anti-diagonal, set of cells the string can end on) states.
//!
//! Non-square n×m boards are solved too (with a warning): the string follows right/down paths
//! from (1, 1) to (n, m) and has n + m − 1 letters; the first player still appends the odd ones.
//! The cell map marks every cell of the paths spelling one optimal string (ties go to the
//! alphabetically first letter).

use super::judge_io::Reader;
use super::*;
use crate::text::excerpt;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

pub struct Strings;

/// The original problem's limit: 1 ≤ n ≤ 20.
pub const ORIGINAL_MAX_N: usize = 20;
/// The longest anti-diagonal the solver holds: the set of end cells is one bit per cell of a
/// `u64` (the board is transposed so that bits index the shorter side).
pub const MAX_SIDE: usize = 64;
/// The longest string (n + m − 1 letters): each diagonal keeps a small table, so a thin board
/// of millions of diagonals would exhaust memory before any state limit is reached.
pub const MAX_LETTERS: usize = 4096;
/// Reachable states held at once. A state with its moves takes about 40 bytes, so this caps
/// the solver near 80 MiB; a 20×20 board reaches at most a few thousand states.
pub const MAX_STATES: usize = 1 << 21;
/// A hover may explore the game from one cell; it gets this many states, else says nothing.
const DESCRIBE_STATES: usize = 100_000;
/// The mask index holds a (mask, state) pair of 16 bytes and a control byte a bucket, with
/// buckets at most 7/8 full.
const INDEX_ENTRY_BYTES: usize = 20;
/// Budgets are checked after this many expanded states.
const CHECK_EVERY: u64 = 4096;
/// The largest n accepted in judge input: the largest square the solver can hold.
const JUDGE_MAX_N: u64 = MAX_SIDE as u64;

impl Game for Strings {
    type Board = Grid;
    const SPEC: GameSpec = GameSpec {
        id: GameId::Strings,
        title: "Codeforces 354B Game with Strings",
        rules: "An n×n grid of lowercase letters. Starting from the empty string, two players \
                alternately append a letter so that the string still spells a right/down path \
                from the top-left cell; moves are letters, not cells: every path spelling the \
                string may be extended. The first letter (the top-left cell) is forced and the \
                first player appends letters 1, 3, 5, …, 2n−1. At the end, more `a` than `b` \
                wins for the first player (FIRST), fewer for the second (SECOND), equal is a \
                DRAW.",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |b| b.is_ascii_lowercase(),
        cells_doc: "lowercase letters `a` to `z`",
        answers: &["FIRST", "SECOND", "DRAW"],
        answer_classes: &["FIRST", "SECOND", "DRAW"],
        codes: &[
            (
                "W701",
                "The board is not square. The original problem has n×n boards; an n×m board is \
                 still solved with the rules generalised: the string follows right/down paths \
                 from (1, 1) to (n, m), has n + m − 1 letters, and the first player appends the \
                 odd-numbered ones. Such a board has no faithful judge input (the format gives \
                 only n).",
            ),
            (
                "W702",
                "A side is outside the original limits 1 ≤ n ≤ 20. Larger boards are still \
                 solved while the reachable (diagonal, end-cell set) states fit in memory; boards \
                 whose shorter side exceeds 64 cells, or whose string would exceed 4096 letters, \
                 are too large to solve.",
            ),
        ],
        max_tests_per_file: 1,
        original_max_side: ORIGINAL_MAX_N,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: &CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Grid> {
        let grid = input.grid?;
        let (n, m) = (grid.rows, grid.cols);
        let span = input.grid_span();
        if n != m {
            diags.push(
                Diagnostic::warning(
                    "W701",
                    span,
                    format!("the board is {n}×{m}; the original problem has square boards"),
                )
                .with_help(format!(
                    "still solved: the string follows right/down paths from (1, 1) to ({n}, {m}) \
                     and has {} letters",
                    n + m - 1
                )),
            );
        }
        let side = n.max(m);
        if side > ORIGINAL_MAX_N {
            let help = if n.min(m) > MAX_SIDE || n + m - 1 > MAX_LETTERS {
                format!(
                    "too large to solve: the solver holds diagonals of at most {MAX_SIDE} cells \
                     and strings of at most {MAX_LETTERS} letters"
                )
            } else {
                format!("still solved while its reachable states fit (at most {MAX_STATES} states)")
            };
            let what = if n == m {
                format!("n = {n}")
            } else {
                format!("a side of {side}")
            };
            diags.push(
                Diagnostic::warning(
                    "W702",
                    span,
                    format!("{what} is outside the original limits 1 ≤ n ≤ {ORIGINAL_MAX_N}"),
                )
                .with_help(help),
            );
        }
        Some(grid.clone())
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let word = text.trim();
        Self::SPEC
            .answers
            .iter()
            .find(|a| a.eq_ignore_ascii_case(word))
            .map(|a| a.to_string())
            .ok_or_else(|| format!("expected FIRST, SECOND or DRAW, found `{}`", excerpt(word)))
    }

    fn solve(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        let (diagonals, fixed) = prepare(board, budget, true)?;
        let diagonals = Arc::new(diagonals);
        let search = Search::run(&diagonals, 0, 1, budget, MAX_STATES, fixed)?;
        let value = score(diagonals.first_letter) + search.value();
        let line = search.principal_line(&diagonals);
        let answer = answer_word(value).to_string();

        let text: String = line.letters.iter().map(|&b| char::from(b)).collect();
        let count = |ch: u8| line.letters.iter().filter(|&&b| b == ch).count();
        let verdict = verdict(value);
        let lens = match value {
            0 => "DRAW (0)".to_string(),
            v => format!("{answer} wins ({v:+})"),
        };
        let why = format!(
            "the first letter `{}` is forced; with best play the {} letters spell `{}`, with {} \
             `a` and {} `b`",
            char::from(diagonals.first_letter),
            line.letters.len(),
            excerpt(&text),
            count(b'a'),
            count(b'b'),
        );

        let (rows, cols) = (board.rows, board.cols);
        let mut marks = vec![CellMark::None; rows * cols];
        for (r, c) in diagonals.cells(&line.cells) {
            if let Some(mark) = marks.get_mut(r * cols + c) {
                *mark = CellMark::Path;
            }
        }
        let on_line: Vec<bool> = marks.iter().map(|&m| m == CellMark::Path).collect();
        let explain = Arc::clone(&diagonals);
        let letters = board.cells.clone();
        let describe = move |r: usize, c: usize| -> Option<String> {
            if r >= rows || c >= cols {
                return None;
            }
            let letter = *letters.get(r * cols + c)?;
            let on = on_line.get(r * cols + c).copied().unwrap_or(false);
            Some(describe_cell(&explain, r, c, letter, on))
        };
        Ok(Solution {
            answer,
            verdict,
            lens,
            why,
            cells: Some(CellMap {
                rows,
                cols,
                marks,
                describe: Box::new(describe),
            }),
            nodes: search.nodes,
        })
    }

    fn answer(board: &Grid, budget: &Budget) -> Result<String, Unsolved> {
        value(board, budget).map(|v| answer_word(v).to_string())
    }

    fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
        let mut input = Reader::new(text);
        let n = input.number(1, JUDGE_MAX_N, || "n".into())? as usize;
        let mut rows: Vec<&[u8]> = Vec::with_capacity(n);
        for i in 1..=n {
            let row = input.token(|| format!("row {i} of {n}"))?;
            if let Some(bad) = row.text.chars().find(|ch| !ch.is_ascii_lowercase()) {
                return Err(input.error_at(
                    row.start,
                    format!(
                        "row {i}: `{bad}` is not a lowercase letter (in `{}`)",
                        excerpt(row.text)
                    ),
                ));
            }
            if row.text.len() != n {
                return Err(input.error_at(
                    row.start,
                    format!("row {i} has {} letters, expected n = {n}", row.text.len()),
                ));
            }
            rows.push(row.text.as_bytes());
        }
        input.finish()?;
        let grid = Grid::from_rows(&rows).ok_or_else(|| JudgeError {
            line: input.end_line(),
            message: "the board is empty".to_string(),
        })?;
        Ok(vec![grid])
    }

    /// The judge format gives only n, so a non-square board (W701) is written with n = its row
    /// count and does not read back; the caller keeps to one board per file.
    fn write_judge(boards: &[Grid]) -> String {
        let Some(grid) = boards.first() else {
            return String::new();
        };
        let mut out = format!("{}\n", grid.rows);
        for row in grid.row_strings() {
            out.push_str(&row);
            out.push('\n');
        }
        out
    }

    fn to_case(board: &Grid) -> CaseBody {
        CaseBody::grid(board)
    }

    fn largest_side(board: &Grid) -> usize {
        board.rows.max(board.cols)
    }
}

/// The final a − b under optimal play (positive: FIRST wins), the first letter included.
pub fn value(board: &Grid, budget: &Budget) -> Result<i32, Unsolved> {
    let (diagonals, fixed) = prepare(board, budget, false)?;
    let search = Search::run(&diagonals, 0, 1, budget, MAX_STATES, fixed)?;
    Ok(score(diagonals.first_letter) + search.value())
}

/// What `solve` adds a cell for the editor: the marks, the line flags and the letters the
/// hovers read.
const MAP_CELL_BYTES: usize = 3;

/// The board's diagonals, once the solver can hold them and they (with the cell map when
/// `map`) fit the memory cap; with the bytes they take, which the search must fit beside.
fn prepare(board: &Grid, budget: &Budget, map: bool) -> Result<(Diagonals, usize), Unsolved> {
    let (n, m) = Diagonals::holdable(board)?;
    let map_bytes = if map {
        n.saturating_mul(m).saturating_mul(MAP_CELL_BYTES)
    } else {
        0
    };
    let fixed = Diagonals::bytes(n, m).saturating_add(map_bytes);
    budget.check_memory(fixed, || format!("the diagonals of a {n}×{m} board"))?;
    Ok((Diagonals::new(board)?, fixed))
}

/// What a letter adds to a − b.
fn score(letter: u8) -> i32 {
    match letter {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

fn answer_word(value: i32) -> &'static str {
    match value.signum() {
        1 => "FIRST",
        -1 => "SECOND",
        _ => "DRAW",
    }
}

fn verdict(value: i32) -> String {
    let k = value.unsigned_abs();
    match value.signum() {
        1 => format!(
            "the first player wins: with best play the string ends with {k} more `a` than `b` \
             (a − b = +{k})"
        ),
        -1 => format!(
            "the second player wins: with best play the string ends with {k} more `b` than `a` \
             (a − b = −{k})"
        ),
        _ => {
            "a draw: with best play the string ends with as many `a` as `b` (a − b = 0)".to_string()
        }
    }
}

/// Whose letter diagonal `d` (zero-based) is: letters are numbered d + 1 from 1 and the first
/// player appends the odd ones, the first of them forced.
fn chooser(d: usize) -> &'static str {
    if d == 0 {
        "forced: the top-left cell"
    } else if d.is_multiple_of(2) {
        "appended by the first player"
    } else {
        "appended by the second player"
    }
}

/// The hover text of one cell. The value from the cell alone is searched on demand with a
/// small cap (it is one hover, and the game from one cell is a sub-board of the whole).
fn describe_cell(diagonals: &Diagonals, r: usize, c: usize, letter: u8, on_line: bool) -> String {
    let d = r + c;
    let total = diagonals.letters.len();
    let mut text = format!(
        "`{}` at ({}, {}): letter {} of {total} (anti-diagonal {}), {}; {}.",
        char::from(letter),
        r + 1,
        c + 1,
        d + 1,
        d + 1,
        chooser(d),
        if on_line {
            "on the optimal line: a path spelling the optimal string passes here"
        } else {
            "off the optimal line"
        }
    );
    if d + 1 == total {
        text.push_str(" It is the last letter.");
        return text;
    }
    let cap = Budget::nodes(DESCRIBE_STATES as u64);
    let bit = diagonals.bit(r, c);
    if let Ok(search) = Search::run(diagonals, d, 1u64 << bit, &cap, DESCRIBE_STATES, 0) {
        let rest = search.value();
        let next = if (d + 1).is_multiple_of(2) {
            "first"
        } else {
            "second"
        };
        let shown = if rest == 0 {
            "0".to_string()
        } else {
            format!("{rest:+}")
        };
        let to_come = match total - d - 1 {
            1 => "the last letter gives".to_string(),
            k => format!("the {k} letters still to come give"),
        };
        text.push_str(&format!(
            " If the string could end only here, {to_come} a − b = {shown} with best play (the \
             {next} player appends the next one)."
        ));
    }
    text
}

/// The board as the solver sees it: for each anti-diagonal, the cells of each letter as a
/// bitmask. Bits index the shorter side (the board is transposed when it has more rows than
/// columns), so a diagonal of up to 64 cells fits a `u64`.
struct Diagonals {
    transposed: bool,
    first_letter: u8,
    /// `letters[d]`: (letter, cells on diagonal d holding it), letters in ascending order.
    letters: Vec<Vec<(u8, u64)>>,
}

impl Diagonals {
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

    fn new(grid: &Grid) -> Result<Diagonals, Unsolved> {
        let (n, m) = Diagonals::holdable(grid)?;
        let transposed = n > m;
        let mut letters: Vec<Vec<(u8, u64)>> = vec![Vec::new(); n + m - 1];
        for (i, &letter) in grid.cells.iter().enumerate() {
            let (r, c) = (i / m, i % m);
            let bit = if transposed { c } else { r };
            let Some(diagonal) = letters.get_mut(r + c) else {
                continue;
            };
            match diagonal.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, mask)) => *mask |= 1u64 << bit,
                None => diagonal.push((letter, 1u64 << bit)),
            }
        }
        for diagonal in &mut letters {
            diagonal.sort_unstable_by_key(|&(l, _)| l);
        }
        Ok(Diagonals {
            transposed,
            first_letter: grid.cells.first().copied().unwrap_or(b'?'),
            letters,
        })
    }

    /// The bit of cell (r, c) in its diagonal's masks.
    fn bit(&self, r: usize, c: usize) -> usize {
        if self.transposed { c } else { r }
    }

    /// The cells (row, column) of `masks[d]` on diagonal d, for every d; made one at a time,
    /// as on a board of one letter they are every cell.
    fn cells<'a>(&'a self, masks: &'a [u64]) -> impl Iterator<Item = (usize, usize)> + 'a {
        masks.iter().enumerate().flat_map(move |(d, &mask)| {
            let mut rest = mask;
            std::iter::from_fn(move || {
                while rest != 0 {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if let Some(other) = d.checked_sub(bit) {
                        return Some(if self.transposed {
                            (other, bit)
                        } else {
                            (bit, other)
                        });
                    }
                }
                None
            })
        })
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
        let from = self.edge_start.get(i).copied().unwrap_or(0) as usize;
        let to = self.edge_start.get(i + 1).copied().unwrap_or(0) as usize;
        self.edges.get(from..to).unwrap_or(&[])
    }
}

/// Every state reachable from one start state, each with its exact value. A state is an
/// anti-diagonal and the set of its cells the string can end on; the score so far does not
/// matter to the rest of the game, so values are a − b of the letters still to come.
struct Search {
    start_diagonal: usize,
    layers: Vec<Layer>,
    nodes: u64,
}

/// The optimal line of play: its letters and, per diagonal, the cells some path spelling the
/// whole optimal string passes through.
struct Line {
    letters: Vec<u8>,
    cells: Vec<u64>,
}

impl Search {
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
        budget.check(0)?;
        let last = diagonals.letters.len().saturating_sub(1);
        let mut layers = vec![Layer {
            masks: vec![start_mask],
            ..Layer::default()
        }];
        let mut nodes: u64 = 0;
        let mut states: usize = 1;
        // One index reused for every diagonal: it keeps its capacity between them.
        let mut index: HashMap<u64, u32, BuildHasherDefault<MaskHasher>> = HashMap::default();
        // Bytes of the layers before the one being expanded.
        let mut done = 0usize;
        let held = |done: usize, layer: &Layer, next: &Vec<u64>, index: usize, layers: usize| {
            fixed
                .saturating_add(done)
                .saturating_add(layer.bytes())
                .saturating_add(next.capacity() * size_of::<u64>())
                .saturating_add(index.saturating_mul(INDEX_ENTRY_BYTES))
                .saturating_add(layers.saturating_mul(size_of::<Layer>()))
        };
        let refusal = |states: usize| {
            move || format!("the {states} reachable (diagonal, end cells) states found so far")
        };
        for d in start_diagonal..last {
            let next_letters = diagonals
                .letters
                .get(d + 1)
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let layers_capacity = layers.capacity();
            let Some(layer) = layers.last_mut() else {
                break;
            };
            let mut next_masks: Vec<u64> = Vec::new();
            index.clear();
            layer.edge_start.reserve(layer.masks.len() + 1);
            // Most states have one or two moves; more only on boards of many letters.
            layer
                .edges
                .reserve(layer.masks.len() * next_letters.len().min(2));
            layer.edge_start.push(0);
            for &mask in &layer.masks {
                nodes += 1;
                if nodes.is_multiple_of(CHECK_EVERY) {
                    budget.check(nodes)?;
                    let bytes = held(done, layer, &next_masks, index.capacity(), layers_capacity);
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
                layer.edge_start.push(layer.edges.len() as u32);
            }
            states += next_masks.len();
            if states > max_states {
                return Err(Unsolved::TooLarge(format!(
                    "more than {max_states} reachable (diagonal, end cells) states"
                )));
            }
            let bytes = held(done, layer, &next_masks, index.capacity(), layers_capacity);
            budget.check_memory(bytes, refusal(states))?;
            done = done.saturating_add(layer.bytes());
            layers.push(Layer {
                masks: next_masks,
                ..Layer::default()
            });
        }
        if let Some(end) = layers.last_mut() {
            end.values = vec![0; end.masks.len()];
        }
        for i in (0..layers.len().saturating_sub(1)).rev() {
            let (head, tail) = layers.split_at_mut(i + 1);
            let (Some(layer), Some(next)) = (head.last_mut(), tail.first()) else {
                break;
            };
            // Letter d + 2 (one-based) is appended from diagonal d: odd letters are FIRST's.
            let first_moves = (start_diagonal + i + 1).is_multiple_of(2);
            let values = (0..layer.masks.len())
                .map(|s| {
                    let options = layer.moves(s).iter().map(|e| {
                        score(e.letter) + next.values.get(e.child as usize).copied().unwrap_or(0)
                    });
                    if first_moves {
                        options.max()
                    } else {
                        options.min()
                    }
                    .unwrap_or(0)
                })
                .collect();
            layer.values = values;
        }
        Ok(Search {
            start_diagonal,
            layers,
            nodes,
        })
    }

    /// The value of the start state.
    fn value(&self) -> i32 {
        self.layers
            .first()
            .and_then(|l| l.values.first())
            .copied()
            .unwrap_or(0)
    }

    /// The optimal line from the start, ties broken towards the alphabetically first letter.
    fn principal_line(&self, diagonals: &Diagonals) -> Line {
        let start_letter = diagonals
            .letters
            .get(self.start_diagonal)
            .and_then(|l| l.first())
            .map_or(b'?', |&(l, _)| l);
        let mut letters = vec![start_letter];
        let mut masks = Vec::with_capacity(self.layers.len());
        let mut state = 0usize;
        for (i, layer) in self.layers.iter().enumerate() {
            masks.push(layer.masks.get(state).copied().unwrap_or(0));
            let Some(next) = self.layers.get(i + 1) else {
                break;
            };
            let target = layer.values.get(state).copied().unwrap_or(0);
            let best = layer.moves(state).iter().find(|e| {
                score(e.letter) + next.values.get(e.child as usize).copied().unwrap_or(0) == target
            });
            let Some(edge) = best else {
                break;
            };
            letters.push(edge.letter);
            state = edge.child as usize;
        }
        // Keep only cells from which the rest of the string can still be spelled to the end:
        // a cell of row r continues to row r (right) or row r + 1 (down).
        let mut kept = masks.clone();
        for i in (0..kept.len().saturating_sub(1)).rev() {
            let after = kept.get(i + 1).copied().unwrap_or(0);
            if let Some(k) = kept.get_mut(i) {
                *k &= after | (after >> 1);
            }
        }
        Line {
            letters,
            cells: kept,
        }
    }
}

/// A fast hasher for the masks (the standard SipHash costs more than the rest of a step).
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn finish(&self) -> u64 {
        // The bucket index comes from the low bits, which the multiply leaves poorly mixed.
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (h >> 32)
    }
}
