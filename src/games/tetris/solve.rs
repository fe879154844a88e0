//! The tetris solver: a board's placements and independent regions, who wins, and which first
//! placements win. It returns typed facts ([`Analysis`], [`FirstMove`]), no words.

use super::cache::{self, Cached};
use super::corridor::{Corridor, Values};
use super::engine::{Engine, Footprint};
use super::shape::{Cell, Comp, after_move, copy_symmetry_of, normalise, reduced_parts};
use crate::games::{Budget, Grid, Unsolved};

/// Boards with more cells than this are refused before anything is allocated for them.
pub(crate) const MAX_CELLS: usize = 1 << 20;

/// Regions up to this size are valued in full for the explanation once the map is done (a
/// winning region's value is not needed for the answer, and valuing a big one can cost more
/// than everything else).
const VALUE_FOR_WHY_MAX: usize = 40;

/// Bytes a cell of the board costs deciding who wins, placements being at most the cells: the
/// placement flags and search marks, the region lists (a `usize` a placement while found, in
/// a vector that grows by doubling, then a cell pair) and, the most, a region's normal form
/// being made (cell lists reduced, split and moved to each orientation, 8 bytes a placement
/// each, with box-sized bit maps); the same transient comes back for each child the search
/// makes, one at a time. Measured: 61 MiB for the answer on a free 1000×1000 board.
const CELL_BYTES: usize = 72;
/// What the first-move map adds a cell: the region's cells and a move's remainder with its
/// normal form while the move is valued, the result per placement, and the editor's map (a
/// mark, the result again, and copies of the cells and placement flags for hovers).
const MAP_CELL_BYTES: usize = 40 + 2 * size_of::<Option<FirstMove>>() + 3;

/// What deciding who wins holds for a board besides the search engine: refused up front when
/// more than the budget's memory cap; the engine keeps its memo and search within what is
/// left.
pub(crate) fn answer_bytes(grid: &Grid) -> usize {
    grid.rows
        .saturating_mul(grid.cols)
        .saturating_mul(CELL_BYTES)
}

/// What the first-move map holds on top of [`answer_bytes`].
fn map_bytes(grid: &Grid) -> usize {
    grid.rows
        .saturating_mul(grid.cols)
        .saturating_mul(MAP_CELL_BYTES)
}

/// A set of placements that conflict only among themselves.
#[derive(Debug)]
pub(crate) struct Region {
    /// Placements (top-left corners, zero-based board coordinates).
    pub cells: Vec<Cell>,
    /// Its normal form (one part: merging twins keeps a region connected).
    pub parts: Vec<Comp>,
    pub value: Option<u16>,
}

/// What a first placement leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FirstMove {
    /// Lele wins by playing it.
    pub wins: bool,
    /// The Grundy value of the position it leaves, when known (0 exactly when it wins).
    pub value: Option<u16>,
    /// The placements it leaves (on a board of one region) are a second-player win by copying
    /// under this symmetry, in board orientation.
    pub copy: Option<u8>,
}

/// Who wins, why, and (when asked) the first-move map.
#[derive(Debug)]
pub(crate) struct Analysis {
    pub regions: Vec<Region>,
    /// Index of the region decided by search against the xor of the others.
    pub searched: Option<usize>,
    /// The xor of the values of all regions but `searched`.
    pub rest_xor: u16,
    pub first_wins: bool,
    /// The board's placements are a second-player win by copying under this symmetry.
    pub copy: Option<u8>,
    /// Per placement, row-major over the `(rows-1)×(cols-1)` corners, when evaluated.
    pub moves: Vec<Option<FirstMove>>,
    pub corner_cols: usize,
    /// Why the map is incomplete, if it is.
    pub map_gap: Option<String>,
    pub nodes: u64,
}

impl Analysis {
    pub(crate) fn placements(&self) -> usize {
        self.regions.iter().map(|r| r.cells.len()).sum()
    }

    pub(crate) fn first_move(&self, r: usize, c: usize) -> Option<FirstMove> {
        if c >= self.corner_cols {
            return None;
        }
        self.moves.get(r * self.corner_cols + c).copied().flatten()
    }

    pub(crate) fn values(&self) -> Option<Vec<u16>> {
        self.regions.iter().map(|r| r.value).collect()
    }
}

/// The placements of a board: top-left corners of 2×2 squares of free cells.
pub(crate) fn placements(grid: &Grid) -> Result<(Vec<bool>, usize, usize), Unsolved> {
    let cells = grid.rows.saturating_mul(grid.cols);
    if cells > MAX_CELLS {
        return Err(Unsolved::TooLarge(format!(
            "{}×{} is more than {MAX_CELLS} cells",
            grid.rows, grid.cols
        )));
    }
    let (pr, pc) = (grid.rows.saturating_sub(1), grid.cols.saturating_sub(1));
    let free = |r: usize, c: usize| grid.cells.get(r * grid.cols + c) == Some(&b'0');
    let mut out = vec![false; pr * pc];
    for r in 0..pr {
        for c in 0..pc {
            out[r * pc + c] = free(r, c) && free(r, c + 1) && free(r + 1, c) && free(r + 1, c + 1);
        }
    }
    Ok((out, pr, pc))
}

fn regions(free: &[bool], pr: usize, pc: usize) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; free.len()];
    let mut out = Vec::new();
    for start in 0..free.len() {
        if !free[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut region = vec![start];
        let mut i = 0;
        while let Some(&v) = region.get(i) {
            i += 1;
            let (r, c) = (v / pc, v % pc);
            for nr in r.saturating_sub(1)..=(r + 1).min(pr - 1) {
                for nc in c.saturating_sub(1)..=(c + 1).min(pc - 1) {
                    let u = nr * pc + nc;
                    if free[u] && !seen[u] {
                        seen[u] = true;
                        region.push(u);
                    }
                }
            }
        }
        region.sort_unstable();
        out.push(
            region
                .into_iter()
                .map(|v| ((v / pc) as u32, (v % pc) as u32))
                .collect(),
        );
    }
    out
}

/// Whether `e` only says the budget ran out (then partial results still stand).
fn out_of_budget(e: &Unsolved) -> bool {
    !matches!(e, Unsolved::Cancelled)
}

/// Who wins, and why: the one decision `answer` and `solve` share.
pub(crate) fn outcome(grid: &Grid, budget: &Budget, max_depth: u32) -> Result<Analysis, Unsolved> {
    Ok(decide(grid, budget, max_depth)?.analysis)
}

/// Who wins, decided exactly as [`outcome`] decides it, then as much of the first-move map as a
/// second allowance of the budget's nodes (and what is left of its time) allows: the map is
/// cut short, never the answer.
pub(crate) fn facts(grid: &Grid, budget: &Budget, max_depth: u32) -> Result<Analysis, Unsolved> {
    let Decided {
        mut analysis,
        mut engine,
    } = decide(grid, budget, max_depth)?;
    let held = answer_bytes(grid).saturating_add(map_bytes(grid));
    let what = || format!("the first-move map of a {}×{} board", grid.rows, grid.cols);
    match budget.check_memory(held, what) {
        Ok(()) => {
            engine.hold_more(map_bytes(grid));
            engine.new_allowance();
            map(&mut engine, &mut analysis)?;
            analysis.nodes += engine.spent();
        }
        Err(Unsolved::TooLarge(why)) => analysis.map_gap = Some(why),
        Err(e) => return Err(e),
    }
    Ok(analysis)
}

/// The Grundy value of a whole board: the xor over its regions, each valued in full.
pub(crate) fn grundy(grid: &Grid, budget: &Budget, max_depth: u32) -> Result<u16, Unsolved> {
    let (free, pr, pc) = placements(grid)?;
    let fixed = answer_bytes(grid);
    let mut spent = 0;
    let mut x = 0;
    for cells in regions(&free, pr, pc) {
        x ^= region_value(&normalise(&cells), budget, max_depth, fixed, &mut spent)?;
    }
    Ok(x)
}

/// Who wins, with the engine that searched the largest region (its memo serves the map).
struct Decided<'b> {
    analysis: Analysis,
    engine: Engine<'b>,
}

fn decide<'b>(grid: &Grid, budget: &'b Budget, max_depth: u32) -> Result<Decided<'b>, Unsolved> {
    let (free, pr, pc) = placements(grid)?;
    let fixed = answer_bytes(grid);
    let mut regions: Vec<Region> = regions(&free, pr, pc)
        .into_iter()
        .map(|cells| {
            let parts = normalise(&cells);
            Region {
                cells,
                parts,
                value: None,
            }
        })
        .collect();

    // Value every region but the largest; ask the largest only whether it cancels the rest.
    let searched = (0..regions.len()).max_by_key(|&i| (regions[i].cells.len(), usize::MAX - i));
    let mut spent = 0;
    let mut rest_xor = 0;
    for (i, region) in regions.iter_mut().enumerate() {
        if Some(i) != searched {
            let v = region_value(&region.parts, budget, max_depth, fixed, &mut spent)?;
            region.value = Some(v);
            rest_xor ^= v;
        }
    }
    let mut engine = Engine::new(budget, max_depth, fixed, spent);
    let mut first_wins = false;
    let mut copy = None;
    if let Some(s) = searched {
        let region = &mut regions[s];
        let cancels = engine.sum_is(&mut region.parts.clone(), rest_xor)?;
        engine.checkpoint()?;
        first_wins = !cancels;
        if cancels {
            region.value = Some(rest_xor);
        } else {
            region.value = known_sum(&mut engine, &region.parts);
        }
    }
    if let ([region], false) = (regions.as_slice(), first_wins) {
        copy = copy_symmetry_of(&region.cells);
    }
    let analysis = Analysis {
        regions,
        searched,
        rest_xor,
        first_wins,
        copy,
        moves: vec![None; pr * pc],
        corner_cols: pc,
        map_gap: None,
        nodes: engine.spent(),
    };
    Ok(Decided { analysis, engine })
}

/// The value of a region other than the searched one, valued from an empty memo (or taken
/// from the cache and charged the nodes it cost then, when that work would have fitted this
/// budget's memory and depth caps), with the budget checked once it is known: so whether a
/// board is solved within its node budget depends on the board alone.
fn region_value(
    parts: &[Comp],
    budget: &Budget,
    max_depth: u32,
    fixed: usize,
    spent: &mut u64,
) -> Result<u16, Unsolved> {
    let mut engine = Engine::new(budget, max_depth, fixed, *spent);
    let key = match parts {
        [Comp::Small(small)] if engine.known(&parts[0]).is_none() => Some(*small),
        _ => None,
    };
    let same_path = |needs: Footprint| {
        budget.allows(fixed.saturating_add(needs.peak)) && needs.deepest < max_depth
    };
    // A hit whose nodes would not fit the budget is not used: the region is searched until the
    // budget stops it, as with a cold cache, so the error (with its node count) is the same.
    if let Some(hit) = key
        .and_then(|key| cache::get(&key))
        .filter(|hit| same_path(hit.needs) && budget.check(*spent + hit.nodes).is_ok())
    {
        *spent += hit.nodes;
        return Ok(hit.value);
    }
    let value = engine.sum_value(&mut parts.to_vec())?;
    let nodes = engine.spent() - *spent;
    if let (Some(key), Some(needs)) = (key, engine.footprint()) {
        cache::put(
            key,
            Cached {
                value,
                nodes,
                needs,
            },
        );
    }
    *spent = engine.spent();
    engine.checkpoint()?;
    Ok(value)
}

/// Fills the first-move map (`map_gap` says why when the budget cut it short) and values the
/// regions still unvalued that are small enough for the explanation.
fn map(engine: &mut Engine<'_>, analysis: &mut Analysis) -> Result<(), Unsolved> {
    match first_moves(engine, analysis) {
        Ok(()) => {}
        Err(e) if out_of_budget(&e) => {
            analysis.map_gap = Some(e.to_string());
            return Ok(());
        }
        Err(e) => return Err(e),
    }
    for region in &mut analysis.regions {
        if region.value.is_none() && region.cells.len() <= VALUE_FOR_WHY_MAX {
            match engine.sum_value(&mut region.parts.clone()) {
                Ok(v) => region.value = Some(v),
                Err(e) if out_of_budget(&e) => break,
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
}

fn known_sum(engine: &mut Engine<'_>, parts: &[Comp]) -> Option<u16> {
    parts
        .iter()
        .try_fold(0u16, |x, p| engine.known(p).map(|v| x ^ v))
}

/// Fills `analysis.moves` region by region; stops at the first budget error.
fn first_moves(engine: &mut Engine<'_>, a: &mut Analysis) -> Result<(), Unsolved> {
    let Some(s) = a.searched else {
        return Ok(());
    };
    // The searched region first: with one region it is the whole map.
    region_moves(engine, a, s, a.rest_xor)?;
    // A move elsewhere leaves the searched region as it is: valued once here, it is not asked
    // again about each value such a move needs of it.
    let searched = match a.regions[s].value {
        Some(v) => v,
        None => engine.sum_value(&mut a.regions[s].parts.clone())?,
    };
    a.regions[s].value = Some(searched);
    for i in (0..a.regions.len()).filter(|&i| i != s) {
        let Some(v) = a.regions[i].value else {
            debug_assert!(false, "every region but the searched one is valued");
            continue;
        };
        region_moves(engine, a, i, a.rest_xor ^ v ^ searched)?;
    }
    Ok(())
}

/// The first moves in region `i` when the other regions' values xor to `k`.
fn region_moves(
    engine: &mut Engine<'_>,
    a: &mut Analysis,
    i: usize,
    k: u16,
) -> Result<(), Unsolved> {
    let cells = a.regions[i].cells.clone();
    let alone = a.regions.len() == 1;
    let corridor = corridor_of(engine, &cells)?;
    for &m in &cells {
        // In a corridor a move leaves two runs whose values are in the table.
        let left = corridor.as_ref().and_then(|(corridor, values)| {
            let removed = corridor.removed_by(m);
            debug_assert!(removed.is_some(), "a move in a corridor removes a run");
            removed.map(|run| values.after_removing(run))
        });
        let first = match left {
            Some(left) => {
                let wins = left == k;
                let copy = (wins && alone)
                    .then(|| copy_symmetry_of(&after_move(&cells, m)))
                    .flatten();
                FirstMove {
                    wins,
                    value: Some(left ^ k),
                    copy,
                }
            }
            None => move_result(engine, &cells, m, k, alone)?,
        };
        let (r, c) = (m.0 as usize, m.1 as usize);
        a.moves[r * a.corner_cols + c] = Some(first);
    }
    Ok(())
}

/// What the first move `m` in a region of `cells` leads to, by search.
fn move_result(
    engine: &mut Engine<'_>,
    cells: &[Cell],
    m: Cell,
    k: u16,
    alone: bool,
) -> Result<FirstMove, Unsolved> {
    let rest = after_move(cells, m);
    let parts = normalise(&rest);
    let wins = engine.sum_is(&mut parts.clone(), k)?;
    let copy = if wins && alone {
        copy_symmetry_of(&rest)
    } else {
        None
    };
    let value = if wins {
        Some(0)
    } else {
        known_sum(engine, &parts).map(|v| v ^ k)
    };
    Ok(FirstMove { wins, value, copy })
}

/// The corridor order and interval values of a region that is one corridor (when the table
/// fits the memory cap): its first moves are read from the table, not each searched.
fn corridor_of(
    engine: &mut Engine<'_>,
    cells: &[Cell],
) -> Result<Option<(Corridor, Values)>, Unsolved> {
    let parts = reduced_parts(cells);
    let Some(corridor) = (match parts.as_slice() {
        [part] => Corridor::find(part),
        _ => None,
    }) else {
        return Ok(None);
    };
    Ok(engine
        .corridor_values(&corridor)?
        .map(|values| (corridor, values)))
}
