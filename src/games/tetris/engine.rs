//! Grundy values of parts by memoised search under a budget: full mex for small parts, and for
//! large ones "is the value of this part k?" searches that stop at the first refutation.

use super::corridor::{Corridor, Values};
use super::hash::FxHasher;
use super::shape::{Cell, Comp, Simple};
use crate::games::{Budget, Unsolved};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

/// Parts up to this many placements get their value by a full mex; larger ones by searches
/// that stop at the first refutation, which prunes most of the tree.
const FULL_MEX_MAX: usize = 16;

/// `is_value(c, k)` first asks whether the value is below `k` when `k` is more than the part's
/// size divided by this (tuned on random 50×50 boards; empty boards hardly care).
const SMALLER_FIRST_RATIO: usize = 5;

/// Parts with more placements than this search their children as they come instead of making
/// them all first to try the smallest first (a 50×50 board has at most 2401).
const SORTED_CHILDREN_MAX: usize = 4096;

/// The budget is checked after this many nodes (and after every wide part, whose nodes are
/// slow to make).
const CHECK_EVERY: u64 = 2048;

/// Memo tables are dropped when their estimated size passes this: they are only a cache.
/// They are also dropped to keep within the budget's memory cap, before the search is refused.
const MEMO_BYTES_CAP: usize = 96 << 20;

/// The memo's estimate counts its entries; the tables hold up to twice that room (they grow
/// by doubling), which is what counts against the memory cap.
const MEMO_GROWTH: usize = 2;
/// A level of search on a small part holds the children of every move while they wait to be
/// sorted: a few parts and a list entry a move.
const SMALL_CHILD_BYTES: usize = 3 * size_of::<Comp>() + size_of::<(usize, Pending)>();
/// Stack one level of search takes, nested calls included (about 2.5 KiB in a debug build,
/// a quarter of that optimised).
const LEVEL_STACK_BYTES: usize = 2 << 10;

/// Node Kayles values of paths are computed up to here; from 52 on they repeat with period 34
/// (the octal game 0.137, Dawson's chess), checked by a unit test over this whole range.
const PATH_TABLE: usize = 1024;
const PATH_PERIOD: usize = 34;

type Fx = BuildHasherDefault<FxHasher>;

/// Node Kayles on a path of `n` vertices.
pub(crate) fn path_value(n: usize) -> u16 {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut g = vec![0u16; PATH_TABLE];
        let mut seen = Vec::new();
        for n in 1..PATH_TABLE {
            seen.clear();
            // Playing vertex i (1-based) leaves paths of i-2 and n-i-1 vertices.
            for i in 1..=n {
                let left = g[i.saturating_sub(2)];
                let right = g[n.saturating_sub(i + 1)];
                seen.push(left ^ right);
            }
            g[n] = mex(&seen);
        }
        g
    });
    let i = if n < PATH_TABLE {
        n
    } else {
        PATH_TABLE - PATH_PERIOD + (n - PATH_TABLE) % PATH_PERIOD
    };
    table[i]
}

fn mex(values: &[u16]) -> u16 {
    // Grundy values here are small: a mask on the stack answers without allocating whenever a
    // value below 128 is missing (building the path table alone would allocate 1 023 times).
    let small = values
        .iter()
        .filter(|&&v| v < 128)
        .fold(0u128, |mask, &v| mask | 1 << v);
    if small != u128::MAX {
        return small.trailing_ones() as u16;
    }
    let mut seen = vec![false; values.len() + 1];
    for &v in values {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(values.len()) as u16
}

/// A memo entry: the value (top bit set, value in the low bits), or a bit set of values the
/// part is known not to have (below [`Fact::MAX_EXCLUDED`]) and whether it is known not to be
/// a corridor.
struct Fact;

impl Fact {
    const KNOWN: u64 = 1 << 63;
    const NOT_CORRIDOR: u64 = 1 << 62;
    const MAX_EXCLUDED: u16 = 62;

    fn value(v: u16) -> u64 {
        Fact::KNOWN | u64::from(v)
    }

    fn get(f: u64) -> Option<u16> {
        (f & Fact::KNOWN != 0).then_some(f as u16)
    }
}

/// Searches under one budget, with memo tables shared by all the parts it is asked about.
pub(crate) struct Engine<'b> {
    budget: &'b Budget,
    /// Nodes counted against the budget's node cap in the current allowance.
    spent: u64,
    next_check: u64,
    depth: u32,
    /// Deeper recursion could overflow the stack the search runs on; it is refused.
    max_depth: u32,
    /// What is known of each part's value, as a [`Fact`].
    memo: HashMap<Comp, u64, Fx>,
    /// "Not k" facts for k too large for the bit set (rare: values that large need long games).
    far_not: HashSet<(Comp, u16), Fx>,
    /// Estimated bytes of the memo tables.
    bytes: usize,
    /// Estimated bytes of the levels of the search in progress.
    live: usize,
    /// What the solve holds besides the engine (board, regions, map), counted against the
    /// budget's memory cap with `bytes` and `live`.
    fixed: usize,
    /// The most the engine held at a check against the memory cap, `fixed` aside.
    peak: usize,
    /// Some check against the memory cap failed.
    squeezed: bool,
    /// The deepest level a search entered.
    deepest: u32,
}

/// What a piece of work needed of the budget besides nodes: done again under a budget whose
/// memory cap leaves `peak` bytes beside what the solve holds and whose depth cap is above
/// `deepest`, it takes the same path and the same nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Footprint {
    pub peak: usize,
    pub deepest: u32,
}

impl<'b> Engine<'b> {
    /// `fixed`: the bytes the rest of the solve holds, which the engine's own must fit beside;
    /// `spent`: the nodes the solve has already counted against the budget.
    pub(crate) fn new(budget: &'b Budget, max_depth: u32, fixed: usize, spent: u64) -> Engine<'b> {
        Engine {
            budget,
            spent,
            next_check: spent + CHECK_EVERY,
            depth: 0,
            max_depth,
            memo: HashMap::default(),
            far_not: HashSet::default(),
            bytes: 0,
            live: 0,
            fixed,
            peak: 0,
            squeezed: false,
            deepest: 0,
        }
    }

    /// Nodes counted against the budget so far, the solve's before this engine included.
    pub(crate) fn spent(&self) -> u64 {
        self.spent
    }

    /// Checks the budget now: a piece of work that ends here then succeeds or fails by its
    /// node count alone, not by where the periodic checks happened to fall.
    pub(crate) fn checkpoint(&self) -> Result<(), Unsolved> {
        self.budget.check(self.spent)
    }

    /// Counts `bytes` more held by the rest of the solve (the first-move map).
    pub(crate) fn hold_more(&mut self, bytes: usize) {
        self.fixed = self.fixed.saturating_add(bytes);
    }

    /// Starts a new allowance of the budget's nodes (the first-move map, after the answer);
    /// what is remembered stays.
    pub(crate) fn new_allowance(&mut self) {
        self.spent = 0;
        self.next_check = CHECK_EVERY;
    }

    /// What a level of search on `c` holds while it runs: its stack, the part's list of moves
    /// (8 bytes a placement) and the children waiting (small parts) or their moves and the
    /// child being searched (big parts, one at a time).
    fn level_bytes(c: &Comp) -> usize {
        let n = c.len();
        let children = if c.is_big() {
            c.weight() + n * size_of::<(usize, Pending)>()
        } else {
            n * SMALL_CHILD_BYTES
        };
        (n * size_of::<Cell>())
            .saturating_add(children)
            .saturating_add(LEVEL_STACK_BYTES)
    }

    /// What the solve holds with a level of `level` bytes more, as counted against the
    /// memory cap.
    fn held(&self, level: usize) -> usize {
        self.fixed
            .saturating_add(self.live)
            .saturating_add(level)
            .saturating_add(self.bytes.saturating_mul(MEMO_GROWTH))
    }

    /// Whether the solve fits the memory cap with a level of `level` bytes more, noting the
    /// most the engine held and whether the cap ever bound.
    fn fits(&mut self, level: usize) -> bool {
        let held = self.held(level);
        self.peak = self.peak.max(held - self.fixed);
        let fits = self.budget.allows(held);
        self.squeezed |= !fits;
        fits
    }

    /// What this engine's work needed of the budget, unless the memory cap ever bound (then
    /// the work depended on the rest of the solve).
    pub(crate) fn footprint(&self) -> Option<Footprint> {
        (!self.squeezed).then_some(Footprint {
            peak: self.peak,
            deepest: self.deepest,
        })
    }

    fn forget_all(&mut self) {
        self.memo = HashMap::default();
        self.far_not = HashSet::default();
        self.bytes = 0;
    }

    fn tick(&mut self, heavy: bool) -> Result<(), Unsolved> {
        self.spent += 1;
        if heavy || self.spent >= self.next_check {
            self.next_check = self.spent + CHECK_EVERY;
            self.budget.check(self.spent)?;
        }
        Ok(())
    }

    fn remember(&mut self, c: &Comp, v: u16) {
        self.make_room(c);
        self.memo.insert(c.clone(), Fact::value(v));
    }

    fn remember_not(&mut self, c: &Comp, k: u16) {
        self.make_room(c);
        if k >= Fact::MAX_EXCLUDED {
            self.far_not.insert((c.clone(), k));
            return;
        }
        let fact = self.memo.entry(c.clone()).or_insert(0);
        if Fact::get(*fact).is_none() {
            *fact |= 1 << k;
        }
    }

    /// Whether the value of `c` is known to differ from `k`.
    fn known_not(&self, c: &Comp, k: u16) -> bool {
        match self.memo.get(c).copied() {
            Some(f) if Fact::get(f).is_some() => Fact::get(f) != Some(k),
            Some(f) if k < Fact::MAX_EXCLUDED => f >> k & 1 == 1,
            None if k < Fact::MAX_EXCLUDED => false,
            _ => self.far_not.contains(&(c.clone(), k)),
        }
    }

    fn make_room(&mut self, c: &Comp) {
        if self.memo.contains_key(c) {
            return;
        }
        self.bytes += c.weight();
        if self.bytes > MEMO_BYTES_CAP || !self.fits(0) {
            self.forget_all();
            self.bytes = c.weight();
        }
    }

    /// The value when it is remembered or has a closed form.
    pub(crate) fn known(&mut self, c: &Comp) -> Option<u16> {
        match c.len() {
            0 => return Some(0),
            // Connected twin-free parts never have 2 placements; 1 is a single move.
            1 => return Some(1),
            _ => {}
        }
        if let Some(v) = self.memo.get(c).and_then(|&f| Fact::get(f)) {
            return Some(v);
        }
        let v = match c.simple()? {
            Simple::Path(n) => path_value(n),
            // Every move on a cycle leaves a path of n - 3.
            Simple::Cycle(n) => u16::from(path_value(n.saturating_sub(3)) == 0),
        };
        self.remember(c, v);
        Some(v)
    }

    /// The Grundy value of one part.
    pub(crate) fn grundy(&mut self, c: &Comp) -> Result<u16, Unsolved> {
        if let Some(v) = self.known(c) {
            return Ok(v);
        }
        if let Some(v) = self.corridor_value(c)? {
            return Ok(v);
        }
        if c.len() > FULL_MEX_MAX {
            let mut k = 0;
            while !self.is_value(c, k)? {
                k += 1;
            }
            return Ok(k);
        }
        self.enter(c)?;
        let r = self.full_mex(c);
        self.leave(c);
        let v = r?;
        self.remember(c, v);
        Ok(v)
    }

    /// The value of a part that is a corridor, by the interval DP, when its table fits the
    /// memory cap; `None` for other parts, which are searched.
    fn corridor_value(&mut self, c: &Comp) -> Result<Option<u16>, Unsolved> {
        if c.len() <= FULL_MEX_MAX
            || !c.may_be_corridor()
            || self
                .memo
                .get(c)
                .is_some_and(|&f| f & Fact::NOT_CORRIDOR != 0)
        {
            return Ok(None);
        }
        let Some(corridor) = Corridor::find(&c.cells()) else {
            self.make_room(c);
            *self.memo.entry(c.clone()).or_insert(0) |= Fact::NOT_CORRIDOR;
            return Ok(None);
        };
        let Some(values) = self.corridor_values(&corridor)? else {
            return Ok(None);
        };
        let v = values.whole();
        self.remember(c, v);
        Ok(Some(v))
    }

    /// The values of every interval of a corridor (each interval a node), or `None` when the
    /// table does not fit the memory cap even without the memo.
    pub(crate) fn corridor_values(
        &mut self,
        corridor: &Corridor,
    ) -> Result<Option<Values>, Unsolved> {
        let table = Corridor::table_bytes(corridor.len());
        if !self.fits(table) {
            self.forget_all();
            if !self.fits(table) {
                return Ok(None);
            }
        }
        corridor.values(|| self.tick(false)).map(Some)
    }

    fn enter(&mut self, c: &Comp) -> Result<(), Unsolved> {
        self.deepest = self.deepest.max(self.depth);
        if self.depth >= self.max_depth {
            return Err(Unsolved::TooLarge(format!(
                "a region of {} placements needs a search deeper than {} moves",
                c.len(),
                self.max_depth
            )));
        }
        self.tick(c.is_big())?;
        // The memo is a cache: it gives way to the search before the search is refused.
        let level = Engine::level_bytes(c);
        if !self.fits(level) {
            self.forget_all();
            let depth = self.depth;
            self.budget.check_memory(self.held(level), || {
                format!(
                    "a search {depth} moves deep in a region of {} placements",
                    c.len()
                )
            })?;
        }
        self.live = self.live.saturating_add(level);
        self.depth += 1;
        Ok(())
    }

    /// Undoes `enter(c)`.
    fn leave(&mut self, c: &Comp) {
        self.depth -= 1;
        self.live = self.live.saturating_sub(Engine::level_bytes(c));
    }

    fn full_mex(&mut self, c: &Comp) -> Result<u16, Unsolved> {
        let autos = c.autos();
        if c.copy_symmetry(autos).is_some() {
            return Ok(0);
        }
        let mut seen = Vec::new();
        let mut parts = Vec::new();
        for m in c.moves(autos) {
            parts.clear();
            c.child(m, &mut parts);
            let v = self.sum_value(&mut parts)?;
            seen.push(v);
        }
        Ok(mex(&seen))
    }

    /// The value of a sum of parts (computed in full).
    pub(crate) fn sum_value(&mut self, parts: &mut Vec<Comp>) -> Result<u16, Unsolved> {
        cancel_pairs(parts, 0);
        let mut x = 0;
        for p in parts.iter() {
            x ^= self.grundy(p)?;
        }
        Ok(x)
    }

    /// Whether the sum of `parts` has value `k`, i.e. whether `parts + *k` is a loss for the
    /// player to move. The largest part is only asked "is your value this?", the others are
    /// valued in full.
    pub(crate) fn sum_is(&mut self, parts: &mut Vec<Comp>, k: u16) -> Result<bool, Unsolved> {
        cancel_pairs(parts, 0);
        let mut x = k;
        let mut open: Vec<Comp> = Vec::new();
        for p in parts.drain(..) {
            match self.known(&p) {
                Some(v) => x ^= v,
                None => open.push(p),
            }
        }
        open.sort_by_key(Comp::len);
        let Some(largest) = open.pop() else {
            return Ok(x == 0);
        };
        for p in &open {
            x ^= self.grundy(p)?;
        }
        self.is_value(&largest, x)
    }

    /// Whether the value of part `c` is `k` (equivalently, `c + *k` is lost by the player to
    /// move). A search for a winning move in `c + *k`, stopping at the first.
    pub(crate) fn is_value(&mut self, c: &Comp, k: u16) -> Result<bool, Unsolved> {
        if let Some(v) = self.known(c) {
            return Ok(v == k);
        }
        if self.known_not(c, k) {
            return Ok(false);
        }
        if c.len() <= FULL_MEX_MAX {
            return Ok(self.grundy(c)? == k);
        }
        if let Some(v) = self.corridor_value(c)? {
            return Ok(v == k);
        }
        self.enter(c)?;
        let r = self.search(c, k);
        self.leave(c);
        let is = r?;
        if is {
            self.remember(c, k);
        } else {
            self.remember_not(c, k);
        }
        Ok(is)
    }

    fn search(&mut self, c: &Comp, k: u16) -> Result<bool, Unsolved> {
        let autos = c.autos();
        if c.copy_symmetry(autos).is_some() {
            // The value is 0, so it is k exactly when k is 0.
            self.remember(c, 0);
            return Ok(k == 0);
        }
        // Values of these parts run to about a sixth of their size: asked about a larger k,
        // a part most likely has a smaller value, which is quicker to find (a child of each
        // value below it, then one exhaustive pass) than the proof that no child has value k.
        let smaller_first = usize::from(k) * SMALLER_FIRST_RATIO > c.len();
        if smaller_first {
            for j in 0..k {
                if self.is_value(c, j)? {
                    return Ok(false);
                }
            }
        }
        let moves = c.moves(autos);
        if c.len() > SORTED_CHILDREN_MAX {
            // Making every child of a huge part before searching one costs more than the
            // order saves, and keeps the search from going deep: search them as they come.
            let mut parts = Vec::new();
            for m in moves {
                parts.clear();
                c.child(m, &mut parts);
                self.tick(true)?;
                if self.sum_is(&mut parts, k)? {
                    return Ok(false);
                }
            }
            return Ok(smaller_first || self.no_value_below(c, k)?);
        }
        // Children wait to be sorted: small parts' children in one flat list (parts from
        // `start` to `end`); wide parts' children as their moves, made again when their turn
        // comes, so that no level holds all the children of a wide part.
        let mut flat: Vec<Comp> = Vec::new();
        let mut pending: Vec<(usize, Pending)> = Vec::new();
        for m in moves {
            let start = flat.len();
            c.child(m, &mut flat);
            self.tick(c.is_big())?;
            match self.quick_sum(&mut flat, start, k) {
                Some(true) => return Ok(false),
                Some(false) => {
                    flat.truncate(start);
                    continue;
                }
                None => {}
            }
            let weight = flat[start..].iter().map(Comp::len).max().unwrap_or(0);
            if c.is_big() {
                flat.truncate(start);
                pending.push((weight, Pending::Move(m)));
            } else {
                pending.push((weight, Pending::Parts(start, flat.len())));
            }
        }
        // Children whose biggest part is smallest are the cheapest to decide.
        pending.sort_by_key(|&(w, _)| w);
        let mut parts = Vec::new();
        for (_, child) in pending {
            parts.clear();
            match child {
                Pending::Parts(start, end) => parts.extend_from_slice(&flat[start..end]),
                Pending::Move(m) => {
                    c.child(m, &mut parts);
                    self.tick(true)?;
                }
            }
            if self.sum_is(&mut parts, k)? {
                return Ok(false);
            }
        }
        Ok(smaller_first || self.no_value_below(c, k)?)
    }

    /// Whether `c`'s value is none of `0..k`.
    fn no_value_below(&mut self, c: &Comp, k: u16) -> Result<bool, Unsolved> {
        for j in 0..k {
            if self.is_value(c, j)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Decides whether `parts[start..] + *k` is a loss (`Some(true)`) without searching: when
    /// every part is known, or all but one and that one is known not to have the needed value
    /// or is a copy position.
    fn quick_sum(&mut self, parts: &mut Vec<Comp>, start: usize, k: u16) -> Option<bool> {
        cancel_pairs(parts, start);
        let mut x = k;
        let mut open = None;
        for p in &parts[start..] {
            match self.known(p) {
                Some(v) => x ^= v,
                None if open.is_none() => open = Some(p.clone()),
                None => return None,
            }
        }
        let Some(p) = open else {
            return Some(x == 0);
        };
        if self.known_not(&p, x) {
            return Some(false);
        }
        if x == 0 && p.copy_symmetry(p.autos()).is_some() {
            self.remember(&p, 0);
            return Some(true);
        }
        None
    }
}

/// A child waiting in [`Engine::search`]: its parts in the level's flat list, or the move
/// that makes it.
#[derive(Clone, Copy)]
enum Pending {
    Parts(usize, usize),
    Move(Cell),
}

/// Removes equal parts of `parts[start..]` two by two: their values cancel in the xor.
fn cancel_pairs(parts: &mut Vec<Comp>, start: usize) {
    let mut i = start;
    while i < parts.len() {
        let twin = (i + 1..parts.len()).find(|&j| parts.get(j) == parts.get(i));
        match twin {
            Some(j) => {
                parts.swap_remove(j);
                parts.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_value_missing_below_and_above_the_mask() {
        assert_eq!(mex(&[]), 0);
        assert_eq!(mex(&[1, 2, 5]), 0);
        assert_eq!(mex(&[3, 0, 1, 1, 4]), 2);
        assert_eq!(mex(&[200, 0]), 1);
        let all_below: Vec<u16> = (0..128).rev().collect();
        assert_eq!(mex(&all_below), 128);
        let with_more: Vec<u16> = (0..131).filter(|&v| v != 129).collect();
        assert_eq!(mex(&with_more), 129);
    }

    #[test]
    fn path_values_are_periodic_from_52_over_the_whole_table() {
        // Guy–Smith: an octal game removing at most 3 that repeats with period p over
        // n0 <= n < 2 n0 + p + 3 repeats forever; the table covers far more than that.
        for n in 52..PATH_TABLE - PATH_PERIOD {
            assert_eq!(path_value(n), path_value(n + PATH_PERIOD), "{n}");
        }
        // 51 is the last exception.
        assert_ne!(path_value(51), path_value(51 + PATH_PERIOD));
        const { assert!(2 * 52 + PATH_PERIOD + 3 < PATH_TABLE) };
        // Beyond the table the formula continues the period.
        for n in PATH_TABLE..PATH_TABLE + 200 {
            assert_eq!(path_value(n), path_value(n - PATH_PERIOD));
        }
    }

    #[test]
    fn first_path_values_match_dawsons_chess() {
        // 0.137: 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3
        let want = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3,
        ];
        let got: Vec<u16> = (0..want.len()).map(path_value).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn cancel_pairs_keeps_odd_copies() {
        use super::super::shape::normalise;
        let a = normalise(&[(0, 0)]).remove(0);
        let b = normalise(&[(0, 0), (0, 1), (0, 2), (0, 3)]).remove(0);
        let mut v = vec![a.clone(), b.clone(), a.clone(), a.clone(), b.clone()];
        cancel_pairs(&mut v, 0);
        assert_eq!(v, vec![a]);
    }
}
