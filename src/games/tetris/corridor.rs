//! Corridors: parts whose placements line up so that every placement conflicts with a run of
//! consecutive ones (width-2 corridors and snakes with bends), valued by an interval DP.
//!
//! When the closed neighbourhood of every placement is an interval of one order, a move removes
//! an interval, so every position reachable from an interval is at most two intervals, and
//! the Grundy value of each interval follows from shorter ones: O(n²) positions, O(n) moves
//! each. Width-2 corridors are paths; a bend adds a triangle (three placements in one 2×2
//! box), which keeps the property. The order is found by breadth-first search from an end and
//! then checked, so a part that is not a corridor is never valued by the DP.

use super::shape::Cell;
use crate::games::Unsolved;

/// A part in corridor order: placement `i` conflicts exactly with `start[i]..end[i]`.
#[derive(Debug)]
pub(crate) struct Corridor {
    order: Vec<Cell>,
    start: Vec<u32>,
    end: Vec<u32>,
}

const KING: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A placement of a corridor has at most 3 neighbours on each side: those on one side and
/// itself form a clique, and cliques of the king graph lie in a 2×2 box.
const MAX_DEGREE: usize = 6;

/// The neighbour lists of a set of cells, by index into `cells` (sorted).
fn neighbours(cells: &[Cell]) -> Option<Vec<Vec<u32>>> {
    let find = |cell: Cell| cells.binary_search(&cell).ok();
    let mut out = Vec::with_capacity(cells.len());
    for &(r, c) in cells {
        let mut list = Vec::with_capacity(MAX_DEGREE);
        for (dr, dc) in KING {
            let (Ok(rr), Ok(cc)) = (
                u32::try_from(i64::from(r) + dr),
                u32::try_from(i64::from(c) + dc),
            ) else {
                continue;
            };
            if let Some(u) = find((rr, cc)) {
                list.push(u as u32);
            }
        }
        if list.len() > MAX_DEGREE || has_claw(&list, cells) {
            return None;
        }
        out.push(list);
    }
    Some(out)
}

/// Three of the neighbours `list` (indices into `cells`) are pairwise apart: a claw, which no
/// corridor has.
fn has_claw(list: &[u32], cells: &[Cell]) -> bool {
    let apart = |a: u32, b: u32| {
        let (p, q) = (cells[a as usize], cells[b as usize]);
        p.0.abs_diff(q.0) > 1 || p.1.abs_diff(q.1) > 1
    };
    list.iter().enumerate().any(|(i, &a)| {
        list[i + 1..].iter().enumerate().any(|(j, &b)| {
            apart(a, b)
                && list[i + j + 2..]
                    .iter()
                    .any(|&c| apart(a, c) && apart(b, c))
        })
    })
}

/// Breadth-first distances from `from`; `None` when the graph is not connected.
fn distances(adj: &[Vec<u32>], from: usize) -> Option<Vec<u32>> {
    let mut dist = vec![u32::MAX; adj.len()];
    dist[from] = 0;
    let mut queue = vec![from as u32];
    let mut i = 0;
    while let Some(&v) = queue.get(i) {
        i += 1;
        let d = dist[v as usize] + 1;
        for &u in &adj[v as usize] {
            if dist[u as usize] == u32::MAX {
                dist[u as usize] = d;
                queue.push(u);
            }
        }
    }
    dist.iter().all(|&d| d != u32::MAX).then_some(dist)
}

/// Neighbours one step closer to and one step further from the search's start.
fn back_and_forth(adj: &[Vec<u32>], dist: &[u32], v: usize) -> (usize, usize) {
    let d = dist[v];
    let back = adj[v]
        .iter()
        .filter(|&&u| dist[u as usize] + 1 == d)
        .count();
    let forth = adj[v]
        .iter()
        .filter(|&&u| dist[u as usize] == d + 1)
        .count();
    (back, forth)
}

impl Corridor {
    /// The corridor order of a connected, twin-free set of placements, if it has one.
    ///
    /// In such an order (a proper interval order) distances from the first placement never
    /// decrease, and within one distance a placement comes before another exactly when it has
    /// more neighbours one step back or, with as many, fewer one step on (twin-freeness breaks
    /// every tie). The first placement is the one with the fewest neighbours one step back
    /// among those furthest from any placement. Whatever comes out is checked.
    pub(crate) fn find(cells: &[Cell]) -> Option<Corridor> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let adj = neighbours(&sorted)?;
        let n = sorted.len();
        let from_any = distances(&adj, 0)?;
        let furthest = from_any.iter().copied().max()?;
        let first = (0..n)
            .filter(|&v| from_any[v] == furthest)
            .min_by_key(|&v| back_and_forth(&adj, &from_any, v).0)?;
        let dist = distances(&adj, first)?;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| {
            let (back, forth) = back_and_forth(&adj, &dist, v);
            (dist[v], std::cmp::Reverse(back), forth)
        });
        let mut position = vec![0u32; n];
        for (i, &v) in order.iter().enumerate() {
            position[v] = i as u32;
        }
        let mut start = vec![0u32; n];
        let mut end = vec![0u32; n];
        for (v, list) in adj.iter().enumerate() {
            let p = position[v];
            let lo = list.iter().map(|&u| position[u as usize]).fold(p, u32::min);
            let hi = list.iter().map(|&u| position[u as usize]).fold(p, u32::max);
            if (hi - lo) as usize != list.len() {
                return None;
            }
            start[p as usize] = lo;
            end[p as usize] = hi + 1;
        }
        Some(Corridor {
            order: order.into_iter().map(|v| sorted[v]).collect(),
            start,
            end,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    /// The placements in corridor order.
    #[cfg(test)]
    pub(crate) fn cells(&self) -> &[Cell] {
        &self.order
    }

    /// The interval of placements that a move at `cell` removes, if `cell` is one of them or
    /// has exactly the same conflicts as one of them (the twins of the unreduced region).
    pub(crate) fn removed_by(&self, cell: Cell) -> Option<(usize, usize)> {
        let near = |a: Cell, b: Cell| a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1;
        let first = self.order.iter().position(|&v| near(v, cell))?;
        let last = self.order.iter().rposition(|&v| near(v, cell))?;
        let contiguous = self.order[first..=last].iter().all(|&v| near(v, cell));
        contiguous.then_some((first, last + 1))
    }

    /// Bytes the table of values takes.
    pub(crate) fn table_bytes(n: usize) -> usize {
        (n + 1)
            .saturating_mul(n + 1)
            .saturating_mul(2 * size_of::<u16>())
    }

    /// The values of every interval, shortest first; `tick` is called once an interval (a
    /// position valued) and stops the work with its error.
    pub(crate) fn values(
        &self,
        mut tick: impl FnMut() -> Result<(), Unsolved>,
    ) -> Result<Values, Unsolved> {
        let n = self.len();
        let w = n + 1;
        // `by_start[s * w + e]` and `by_end[e * w + s]` both hold the value of `s..e`, so the
        // part left of a move and the part right of it are read along a row.
        let mut by_start = vec![0u16; w * w];
        let mut by_end = vec![0u16; w * w];
        let mut seen: Vec<u64> = vec![0; n / 64 + 1];
        for len in 1..=n {
            // A position with `len` moves has a value of at most `len`.
            let words = len / 64 + 1;
            for s in 0..=n - len {
                tick()?;
                let e = s + len;
                seen[..words].fill(0);
                let left_row = &by_start[s * w..(s + 1) * w];
                let right_row = &by_end[e * w..(e + 1) * w];
                for v in s..e {
                    let left = left_row[(self.start[v] as usize).max(s)];
                    let right = right_row[(self.end[v] as usize).min(e)];
                    let x = usize::from(left ^ right);
                    if x <= len {
                        seen[x / 64] |= 1 << (x % 64);
                    }
                }
                let mex = seen[..words]
                    .iter()
                    .enumerate()
                    .find(|(_, word)| **word != u64::MAX)
                    .map_or(len, |(i, word)| i * 64 + word.trailing_ones() as usize);
                let mex = mex as u16;
                by_start[s * w + e] = mex;
                by_end[e * w + s] = mex;
            }
        }
        Ok(Values { n, by_start })
    }
}

/// The Grundy value of every interval of a corridor.
pub(crate) struct Values {
    n: usize,
    by_start: Vec<u16>,
}

impl Values {
    /// The value of placements `start..end` (in corridor order) on their own.
    pub(crate) fn of(&self, start: usize, end: usize) -> u16 {
        debug_assert!(start <= end && end <= self.n);
        self.by_start[start * (self.n + 1) + end]
    }

    pub(crate) fn whole(&self) -> u16 {
        self.of(0, self.n)
    }

    /// The value left by a move that removes `start..end`.
    pub(crate) fn after_removing(&self, (start, end): (usize, usize)) -> u16 {
        self.of(0, start) ^ self.of(end, self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeSet, HashMap};

    #[allow(clippy::unnecessary_wraps)] // the shape of the budget check `values` takes
    fn no_budget() -> Result<(), Unsolved> {
        Ok(())
    }

    fn near(a: Cell, b: Cell) -> bool {
        a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
    }

    /// Node Kayles on the king graph of `cells` by plain search: connected parts valued apart
    /// and xored, each the mex over its moves.
    fn brute(cells: &BTreeSet<Cell>, memo: &mut HashMap<BTreeSet<Cell>, u16>) -> u16 {
        let mut rest = cells.clone();
        let mut x = 0;
        while let Some(&start) = rest.iter().next() {
            let mut part = BTreeSet::from([start]);
            let mut todo = vec![start];
            while let Some(v) = todo.pop() {
                for &u in rest.iter().filter(|&&u| near(u, v)) {
                    if part.insert(u) {
                        todo.push(u);
                    }
                }
            }
            rest.retain(|v| !part.contains(v));
            x ^= brute_part(part, memo);
        }
        x
    }

    fn brute_part(part: BTreeSet<Cell>, memo: &mut HashMap<BTreeSet<Cell>, u16>) -> u16 {
        if let Some(&v) = memo.get(&part) {
            return v;
        }
        let options: Vec<u16> = part
            .iter()
            .map(|&m| {
                let after: BTreeSet<Cell> = part.iter().copied().filter(|&v| !near(v, m)).collect();
                brute(&after, memo)
            })
            .collect();
        let v = (0..=options.len() as u16)
            .find(|v| !options.contains(v))
            .expect("the mex is at most the number of options");
        memo.insert(part, v);
        v
    }

    /// Every interval's value against the plain search on the same placements.
    fn check_every_interval(corridor: &Corridor) {
        let values = corridor.values(no_budget).expect("no budget");
        let mut memo = HashMap::new();
        let n = corridor.len();
        for start in 0..=n {
            for end in start..=n {
                let cells: BTreeSet<Cell> = corridor.cells()[start..end].iter().copied().collect();
                assert_eq!(
                    values.of(start, end),
                    brute(&cells, &mut memo),
                    "{start}..{end} of {:?}",
                    corridor.cells()
                );
            }
        }
    }

    /// The placements (top-left corners of free 2×2 squares) of a board of free cells.
    fn placements(free: &BTreeSet<Cell>) -> Vec<Cell> {
        free.iter()
            .copied()
            .filter(|&(r, c)| {
                [(r, c + 1), (r + 1, c), (r + 1, c + 1)]
                    .iter()
                    .all(|v| free.contains(v))
            })
            .collect()
    }

    /// A width-2 corridor along a self-avoiding walk on a lattice whose points are `row_gaps`
    /// and `col_gaps` cells apart (3 or more: a wall between neighbouring bands): a 2×2 block
    /// at each point visited and the cells between consecutive ones, so bends come after
    /// straight runs of any length. `steps` are directions (0 right, 1 down, 2 left, 3 up);
    /// one that leaves the lattice or meets the walk is skipped.
    fn snake(row_gaps: &[u32], col_gaps: &[u32], steps: &[u8]) -> BTreeSet<Cell> {
        let at = |gaps: &[u32], i: usize| -> u32 { gaps[..i].iter().sum() };
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
        let mut free = BTreeSet::new();
        let mut block = |r: u32, c: u32| {
            free.extend([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]);
        };
        for pair in walk.windows(2) {
            let ((i0, j0), (i1, j1)) = (pair[0], pair[1]);
            let (r0, c0) = (at(row_gaps, i0), at(col_gaps, j0));
            let (r1, c1) = (at(row_gaps, i1), at(col_gaps, j1));
            for r in r0.min(r1)..=r0.max(r1) {
                for c in c0.min(c1)..=c0.max(c1) {
                    block(r, c);
                }
            }
        }
        let (i, j) = walk[0];
        block(at(row_gaps, i), at(col_gaps, j));
        free
    }

    #[test]
    fn a_path_in_any_order_is_a_corridor_valued_as_dawsons_chess() {
        let path: Vec<Cell> = (0..40).map(|c| (3, c + 2)).collect();
        let corridor = Corridor::find(&path).expect("a path is a corridor");
        let values = corridor.values(no_budget).expect("no budget");
        for n in 0..=40 {
            assert_eq!(values.of(0, n), super::super::engine::path_value(n), "{n}");
            assert_eq!(values.of(40 - n, 40), values.of(0, n));
        }
    }

    #[test]
    fn bends_and_u_turns_are_corridors_and_branches_are_not() {
        // Along row 0, then down column 5: (0,4), (0,5) and (1,5) form a triangle.
        let mut bend: Vec<Cell> = (0..6).map(|c| (0, c)).collect();
        bend.extend((1..6).map(|r| (r, 5)));
        let corridor = Corridor::find(&bend).expect("a bend is a corridor");
        let order = corridor.cells();
        assert!(order[0] == (0, 0) || order[0] == (5, 5), "{order:?}");
        check_every_interval(&corridor);
        // Right, down through a gap in the wall and back left: two bends.
        let free = snake(&[3], &[4, 5], &[0, 0, 1, 2, 2]);
        let corridor = Corridor::find(&placements(&free)).expect("a U-turn is a corridor");
        check_every_interval(&corridor);
        // A T: three arms meet, so no order puts each conflict set in a run.
        let mut tee: Vec<Cell> = (0..9).map(|c| (0, c)).collect();
        tee.extend((1..5).map(|r| (r, 4)));
        assert!(Corridor::find(&tee).is_none());
        // Not connected.
        assert!(Corridor::find(&[(0, 0), (0, 2)]).is_none());
    }

    #[test]
    fn moves_remove_intervals_twins_included() {
        let cells: Vec<Cell> = (0..5).map(|c| (0, c)).collect();
        let corridor = Corridor::find(&cells).expect("corridor");
        let at = |c: u32| corridor.cells().iter().position(|&v| v == (0, c));
        let mid = at(2).expect("placed");
        assert_eq!(corridor.removed_by((0, 2)), Some((mid - 1, mid + 2)));
        // (1,0) conflicts with (0,0) and (0,1), as (0,0) does.
        let end = corridor.removed_by((1, 0)).expect("a run");
        assert_eq!(end, corridor.removed_by((0, 0)).expect("a run"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Snakes with bends after straight runs of any length: always a corridor, and every
        /// interval valued as the plain search values it.
        #[test]
        fn snakes_with_random_bends_match_the_plain_search(
            row_gaps in proptest::collection::vec(3u32..6, 1..4),
            col_gaps in proptest::collection::vec(3u32..6, 1..4),
            steps in proptest::collection::vec(0u8..4, 1..12),
        ) {
            let free = snake(&row_gaps, &col_gaps, &steps);
            let corridor = Corridor::find(&placements(&free));
            prop_assert!(corridor.is_some(), "{free:?}");
            if let Some(corridor) = corridor {
                check_every_interval(&corridor);
            }
        }

        /// Whatever set of placements has a corridor order is valued right (the order is
        /// checked, so a wrong one is never used).
        #[test]
        fn any_corridor_found_in_random_placements_is_valued_right(
            bits in proptest::collection::vec(any::<bool>(), 4 * 8),
        ) {
            let cells: Vec<Cell> = (0..4u32)
                .flat_map(|r| (0..8u32).map(move |c| (r, c)))
                .zip(&bits)
                .filter_map(|(cell, &on)| on.then_some(cell))
                .collect();
            let Some(part) = cells.first().map(|&first| {
                let mut part = BTreeSet::from([first]);
                let mut todo = vec![first];
                while let Some(v) = todo.pop() {
                    for &u in cells.iter().filter(|&&u| near(u, v)) {
                        if part.insert(u) {
                            todo.push(u);
                        }
                    }
                }
                part.into_iter().collect::<Vec<Cell>>()
            }) else {
                return Ok(());
            };
            if let Some(corridor) = Corridor::find(&part) {
                check_every_interval(&corridor);
            }
        }
    }
}
