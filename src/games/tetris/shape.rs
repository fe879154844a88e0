//! Positions as sets of placements (the top-left corners of free 2×2 squares) and their normal
//! form: interchangeable placements merged, split into independent parts, canonical orientation.
//!
//! Two placements conflict when their squares share a cell, i.e. when their corners are
//! king-adjacent, so a position is a set of cells of the placement grid under king adjacency
//! and a move removes a cell with its eight neighbours (Node Kayles on the king graph).

use super::hash::FxHasher;
use std::rc::Rc;

/// A placement: (row, column) of its top-left corner.
pub(crate) type Cell = (u32, u32);

/// Bits of the small representation: `h` rows of `w + 1` bits, the last one always zero, so
/// that shifting by one never carries a cell into the next row.
const SMALL_BITS: u32 = 128;

/// A connected part whose bounding box (in both orientations) fits in 128 bits. The bits are
/// kept as two words so that a memo entry is 24 bytes, not 32 (u128 aligns to 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Small {
    lo: u64,
    hi: u64,
    pub h: u8,
    pub w: u8,
}

/// A connected part too wide for [`Small`]: sorted `row * w + col` of its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Big {
    pub h: u32,
    pub w: u32,
    pub cells: Box<[u32]>,
    /// The hash of the fields above, made once: a wide part is looked up in the memo several
    /// times, and hashing its cells each time cost more than the lookups.
    hash: u64,
}

impl std::hash::Hash for Big {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A connected part in normal form; equal parts (up to translation, rotation and reflection)
/// are equal values, so they share one memo entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Comp {
    Small(Small),
    Big(Rc<Big>),
}

/// The shape of a part's conflict graph when it is simple enough for a closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Simple {
    Path(usize),
    Cycle(usize),
}

fn fits_small(h: u32, w: u32) -> bool {
    h * (w + 1) <= SMALL_BITS && w * (h + 1) <= SMALL_BITS
}

/// Dimensions of a `h`×`w` box after symmetry `t` (0–3 keep the orientation, 4–7 transpose).
pub(crate) fn dims(t: u8, h: u32, w: u32) -> (u32, u32) {
    if t < 4 { (h, w) } else { (w, h) }
}

/// Symmetry `t` of an `h`×`w` box applied to a cell inside it.
pub(crate) fn apply(t: u8, (r, c): Cell, h: u32, w: u32) -> Cell {
    match t {
        0 => (r, c),
        1 => (r, w - 1 - c),
        2 => (h - 1 - r, c),
        3 => (h - 1 - r, w - 1 - c),
        4 => (c, r),
        5 => (c, h - 1 - r),
        6 => (w - 1 - c, r),
        _ => (w - 1 - c, h - 1 - r),
    }
}

/// The symmetries that are their own inverse (the copy strategy needs one).
pub(crate) const INVOLUTIONS: [u8; 5] = [1, 2, 3, 4, 7];

fn king_adjacent_or_equal(a: Cell, b: Cell) -> bool {
    a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
}

// ---------------------------------------------------------------------------------------------
// Bit tricks on the small representation.

/// Bit `v` of the result is bit `v + o` of `x` (zero outside).
fn at(x: u128, o: i64) -> u128 {
    if o >= 0 {
        u32::try_from(o)
            .ok()
            .and_then(|o| x.checked_shr(o))
            .unwrap_or(0)
    } else {
        u32::try_from(-o)
            .ok()
            .and_then(|o| x.checked_shl(o))
            .unwrap_or(0)
    }
}

fn offset(s: u32, (dr, dc): (i64, i64)) -> i64 {
    dr * i64::from(s) + dc
}

/// The placement at bit `p` and its eight neighbours.
pub(crate) fn nbhd(p: u32, s: u32) -> u128 {
    let pat = 7u128 | at(7, -i64::from(s)) | at(7, -2 * i64::from(s));
    at(pat, i64::from(s) + 1 - i64::from(p))
}

/// A (row, column) offset.
type Offset = (i64, i64);

/// Twins: for each forward direction, the cells whose closed neighbourhoods differ from the
/// neighbour's in that direction exactly by these offsets.
const TWIN_DIRS: [(Offset, &[Offset]); 4] = [
    (
        (0, 1),
        &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
    ),
    (
        (1, 0),
        &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
    ),
    (
        (1, 1),
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (1, -1),
            (2, 0),
            (2, 1),
            (2, 2),
            (0, 2),
            (1, 2),
        ],
    ),
    (
        (1, -1),
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (2, 0),
            (2, -1),
            (2, -2),
            (0, -2),
            (1, -2),
        ],
    ),
];

/// Removes every placement that has a twin later in row-major order. Twins (placements with the
/// same closed neighbourhood in the position) are always both present or both gone, and playing
/// either has the same effect, so the game on the position is the game with one of them deleted.
/// Twin classes are cliques inside a 2×2 box, so the row-major last of each class stays, and no
/// new twins appear (one pass suffices).
fn twin_reduce_bits(x: u128, s: u32) -> u128 {
    let mut removed = 0u128;
    for (d, delta) in TWIN_DIRS {
        let mut t = x & at(x, offset(s, d));
        for &o in delta {
            t &= !at(x, offset(s, o));
        }
        removed |= t;
    }
    x & !removed
}

fn dilate(x: u128, s: u32) -> u128 {
    let row = x | at(x, 1) | at(x, -1);
    row | at(row, i64::from(s)) | at(row, -i64::from(s))
}

/// The connected parts of `x` (king adjacency).
fn split_bits(mut x: u128, s: u32, mut each: impl FnMut(u128)) {
    while x != 0 {
        let mut part = x & x.wrapping_neg();
        loop {
            let grown = dilate(part, s) & x;
            if grown == part {
                break;
            }
            part = grown;
        }
        each(part);
        x &= !part;
    }
}

fn bit_cells(x: u128, s: u32) -> impl Iterator<Item = Cell> {
    let mut rest = x;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        Some((p / s, p % s))
    })
}

/// A small part as rows at the origin: bit `c` of `masks[r]` is cell (r, c). With a guard
/// column in 128 bits, neither side exceeds 63.
#[derive(Clone, Copy)]
struct Rows {
    h: usize,
    w: usize,
    masks: [u64; 64],
}

impl Rows {
    /// The rows of a non-empty bit set laid out with stride `s`, moved to the origin.
    fn from_bits(x: u128, s: u32) -> Rows {
        let mut out = Rows {
            h: 0,
            w: 0,
            masks: [0; 64],
        };
        if x == 0 || s < 2 {
            return out;
        }
        let mask = (1u64 << (s - 1).min(63)) - 1;
        let r0 = x.trailing_zeros() / s;
        let r1 = x.ilog2() / s;
        let mut cols = 0u64;
        for (i, r) in (r0..=r1).enumerate() {
            let row = (x >> (r * s)) as u64 & mask;
            // A small part spans at most 64 rows.
            out.masks[i] = row;
            cols |= row;
        }
        let c0 = cols.trailing_zeros();
        let c1 = cols.ilog2();
        out.h = (r1 - r0 + 1) as usize;
        out.w = (c1 - c0 + 1) as usize;
        for row in out.masks.iter_mut().take(out.h) {
            *row >>= c0;
        }
        out
    }

    fn from_cells(cells: &[Cell], h: u32, w: u32) -> Rows {
        let mut out = Rows {
            h: h as usize,
            w: w as usize,
            masks: [0; 64],
        };
        for &(r, c) in cells {
            debug_assert!(c < 64, "a small part fits 64×64");
            out.masks[r as usize] |= 1u64 << c;
        }
        out
    }

    fn transpose(&self) -> Rows {
        let mut out = Rows {
            h: self.w,
            w: self.h,
            masks: [0; 64],
        };
        for (r, &row) in self.masks.iter().take(self.h).enumerate() {
            let mut rest = row;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                out.masks[c] |= 1u64 << r;
            }
        }
        out
    }

    /// The small layout (stride `w + 1`), optionally mirrored left–right and up–down.
    fn pack(&self, flip_h: bool, flip_v: bool) -> u128 {
        let s = self.w + 1;
        let mut bits = 0u128;
        for i in 0..self.h {
            let src = self.masks[if flip_v { self.h - 1 - i } else { i }];
            let row = if flip_h {
                src.reverse_bits() >> (64 - self.w)
            } else {
                src
            };
            bits |= u128::from(row) << (i * s);
        }
        bits
    }

    /// The image under symmetry `t` (numbered as in [`apply`]), given the transpose.
    fn image(&self, transposed: &Rows, t: u8) -> Small {
        let (base, t) = if t < 4 {
            (self, t)
        } else {
            (transposed, t - 4)
        };
        Small::new(base.pack(t & 1 != 0, t & 2 != 0), base.h, base.w)
    }

    /// The least image, taking the orientation with fewer rows.
    fn canonical(&self) -> Small {
        match self.h.cmp(&self.w) {
            std::cmp::Ordering::Less => self.least_mirror(),
            std::cmp::Ordering::Greater => self.transpose().least_mirror(),
            std::cmp::Ordering::Equal => {
                let (a, b) = (self.least_mirror(), self.transpose().least_mirror());
                if b.bits() < a.bits() { b } else { a }
            }
        }
    }

    /// The least of the four images that keep the orientation (symmetries 0–3).
    fn least_mirror(&self) -> Small {
        let bits = (0..4u8)
            .map(|t| self.pack(t & 1 != 0, t & 2 != 0))
            .fold(u128::MAX, u128::min);
        Small::new(bits, self.h, self.w)
    }
}

impl Small {
    pub(crate) fn new(bits: u128, h: usize, w: usize) -> Small {
        Small {
            lo: bits as u64,
            hi: (bits >> 64) as u64,
            h: h as u8,
            w: w as u8,
        }
    }

    /// Whether these could be the fields of a small part: a box that fits, no cell outside it
    /// or in the guard column, and some cell. (For entries read back from a file.)
    pub(crate) fn is_well_formed(self) -> bool {
        let (h, w) = (u32::from(self.h), u32::from(self.w));
        if h == 0 || w == 0 || !fits_small(h, w) {
            return false;
        }
        let s = w + 1;
        let row = (1u128 << w) - 1;
        let inside = (0..h).fold(0u128, |m, r| m | row << (r * s));
        self.bits() != 0 && self.bits() & !inside == 0
    }

    pub(crate) fn bits(self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }

    fn stride(self) -> u32 {
        u32::from(self.w) + 1
    }

    fn normalise_bits(x: u128, s: u32) -> Comp {
        Comp::Small(Rows::from_bits(x, s).canonical())
    }

    fn cells(self) -> impl Iterator<Item = Cell> {
        bit_cells(self.bits(), self.stride())
    }

    fn contains(self, (r, c): Cell) -> bool {
        r < u32::from(self.h)
            && c < u32::from(self.w)
            && self.bits() >> (r * self.stride() + c) & 1 == 1
    }

    fn autos(self) -> u8 {
        let rows = Rows::from_bits(self.bits(), self.stride());
        // A symmetry that transposes maps a non-square box onto another box.
        let turns = if self.h == self.w { 8 } else { 4 };
        let transposed = if turns == 8 { rows.transpose() } else { rows };
        (1..turns)
            .filter(|&t| rows.image(&transposed, t) == self)
            .fold(1u8, |m, t| m | 1 << t)
    }

    /// Placements that meet their own image under involution `t`.
    fn band(self, t: u8) -> u128 {
        let (h, w, s) = (u32::from(self.h), u32::from(self.w), self.stride());
        let near = |a: u32, b: u32| a.abs_diff(b) <= 1;
        let mut band = 0u128;
        for r in 0..h {
            for c in 0..w {
                let hit = match t {
                    1 => near(2 * c, w - 1),
                    2 => near(2 * r, h - 1),
                    3 => near(2 * c, w - 1) && near(2 * r, h - 1),
                    4 => near(r, c),
                    _ => near(r + c, w - 1),
                };
                if hit {
                    band |= 1u128 << (r * s + c);
                }
            }
        }
        band
    }

    fn child(self, m: Cell, out: &mut Vec<Comp>) {
        let s = self.stride();
        let rest = twin_reduce_bits(self.bits() & !nbhd(m.0 * s + m.1, s), s);
        split_bits(rest, s, |part| out.push(Small::normalise_bits(part, s)));
    }

    /// Some three placements lie in one 2×2 box (a triangle of the conflict graph).
    fn has_triangle(self) -> bool {
        let (x, s) = (self.bits(), i64::from(self.stride()));
        let (a, b, c, d) = (x, at(x, 1), at(x, s), at(x, s + 1));
        (a & b & (c | d)) | (c & d & (a | b)) != 0
    }

    /// Some placement has three neighbours no two of which conflict (an induced claw).
    fn has_claw(self) -> bool {
        let (x, s) = (self.bits(), self.stride());
        let with: [u128; 8] = KING.map(|d| x & at(x, offset(s, d)));
        CLAWS
            .iter()
            .any(|&[a, b, c]| with[a] & with[b] & with[c] != 0)
    }
}

/// Triples of directions (indices into [`KING`]) that reach three cells no two of which are
/// king-adjacent.
const CLAWS: [[usize; 3]; 8] = {
    let mut out = [[0; 3]; 8];
    let mut found = 0;
    let mut a = 0;
    while a < 8 {
        let mut b = a + 1;
        while b < 8 {
            let mut c = b + 1;
            while c < 8 {
                if apart(KING[a], KING[b]) && apart(KING[a], KING[c]) && apart(KING[b], KING[c]) {
                    out[found] = [a, b, c];
                    found += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(found == 8);
    out
};

const fn apart(a: (i64, i64), b: (i64, i64)) -> bool {
    (a.0 - b.0).abs() > 1 || (a.1 - b.1).abs() > 1
}

// ---------------------------------------------------------------------------------------------
// Cell lists, for parts too wide for 128 bits and for positions taken from the board.

/// Keeps in `best` the least of its list and the row-major lists of the four images of a
/// `h`×`w` part under the symmetries that keep the box (0–3 of [`apply`]), given its cells
/// sorted row-major: a flip reverses the order of the rows or within each row, so no image
/// needs sorting. `image` is scratch.
fn least_mirror(sorted: &[Cell], h: u32, w: u32, best: &mut Vec<u32>, image: &mut Vec<u32>) {
    let rows: Vec<&[Cell]> = sorted.chunk_by(|a, b| a.0 == b.0).collect();
    for t in 0..4u8 {
        image.clear();
        let mut push_row = |row: &[Cell]| {
            let index = |&cell: &Cell| {
                let (r, c) = apply(t, cell, h, w);
                r * w + c
            };
            if t & 1 == 0 {
                image.extend(row.iter().map(index));
            } else {
                image.extend(row.iter().rev().map(index));
            }
        };
        if t & 2 == 0 {
            for row in &rows {
                push_row(row);
            }
        } else {
            for row in rows.iter().rev() {
                push_row(row);
            }
        }
        debug_assert!(image.is_sorted(), "image {t} comes out row-major");
        if best.is_empty() || *image < *best {
            std::mem::swap(best, image);
        }
    }
}

/// Membership of cells inside a box with a margin of two, so neighbour tests need no bounds.
struct Dense {
    r0: u32,
    c0: u32,
    w: usize,
    bits: Vec<bool>,
}

impl Dense {
    fn new(cells: &[Cell]) -> Dense {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let h = (r1 - r0) as usize + 5;
        let w = (c1 - c0) as usize + 5;
        let mut dense = Dense {
            r0,
            c0,
            w,
            bits: vec![false; h * w],
        };
        for &cell in cells {
            let i = dense.index(cell, (0, 0));
            if let Some(b) = dense.bits.get_mut(i) {
                *b = true;
            }
        }
        dense
    }

    /// Index of `cell + d` in the padded box (cells of the list plus offsets within ±2).
    fn index(&self, (r, c): Cell, (dr, dc): (i64, i64)) -> usize {
        let rr = i64::from(r - self.r0) + 2 + dr;
        let cc = i64::from(c - self.c0) + 2 + dc;
        (rr * self.w as i64 + cc) as usize
    }

    fn has(&self, cell: Cell, d: (i64, i64)) -> bool {
        self.bits.get(self.index(cell, d)).copied().unwrap_or(false)
    }

    fn clear(&mut self, cell: Cell) {
        let i = self.index(cell, (0, 0));
        if let Some(b) = self.bits.get_mut(i) {
            *b = false;
        }
    }
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

fn step(cell: Cell, (dr, dc): (i64, i64)) -> Option<Cell> {
    let r = u32::try_from(i64::from(cell.0) + dr).ok()?;
    let c = u32::try_from(i64::from(cell.1) + dc).ok()?;
    Some((r, c))
}

/// Whether a placement has a twin later in row-major order (the rule of
/// [`twin_reduce_bits`]), `has(o)` saying whether the position holds the placement at offset
/// `o` from it.
fn has_later_twin(has: impl Fn(Offset) -> bool) -> bool {
    TWIN_DIRS
        .iter()
        .any(|&(d, delta)| has(d) && delta.iter().all(|&o| !has(o)))
}

/// [`twin_reduce_bits`] on a cell list.
fn twin_reduce_cells(cells: &[Cell]) -> Vec<Cell> {
    let dense = Dense::new(cells);
    cells
        .iter()
        .copied()
        .filter(|&v| !has_later_twin(|o| dense.has(v, o)))
        .collect()
}

/// The connected parts of a cell list.
fn split_cells(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut dense = Dense::new(cells);
    let mut parts = Vec::new();
    for &start in cells {
        if !dense.has(start, (0, 0)) {
            continue;
        }
        dense.clear(start);
        let mut part = vec![start];
        let mut i = 0;
        while let Some(&v) = part.get(i) {
            i += 1;
            for d in KING {
                if dense.has(v, d)
                    && let Some(u) = step(v, d)
                {
                    dense.clear(u);
                    part.push(u);
                }
            }
        }
        parts.push(part);
    }
    parts
}

/// The normal form of a connected, twin-free cell list at any offset.
fn canonical(cells: &[Cell]) -> Comp {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let h = cells.iter().map(|c| c.0 - r0 + 1).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1 - c0 + 1).max().unwrap_or(0);
    let local: Vec<Cell> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    if fits_small(h, w) {
        return Comp::Small(Rows::from_cells(&local, h, w).canonical());
    }
    Comp::Big(Rc::new(Big::least_image(local, h, w)))
}

/// A copy symmetry of a set of placements as it lies on the board (see
/// [`Comp::copy_symmetry`]), for explanations: the symmetry is named in board orientation.
pub(crate) fn copy_symmetry_of(cells: &[Cell]) -> Option<u8> {
    let r0 = cells.iter().map(|c| c.0).min()?;
    let c0 = cells.iter().map(|c| c.1).min()?;
    let h = cells.iter().map(|c| c.0 - r0 + 1).max()?;
    let w = cells.iter().map(|c| c.1 - c0 + 1).max()?;
    let dense = Dense::new(cells);
    INVOLUTIONS.into_iter().find(|&t| {
        dims(t, h, w) == (h, w)
            && cells.iter().all(|&(r, c)| {
                let v = (r - r0, c - c0);
                let image = apply(t, v, h, w);
                !king_adjacent_or_equal(v, image) && dense.has((image.0 + r0, image.1 + c0), (0, 0))
            })
    })
}

/// The normal form of any set of placements: twins merged, split into parts, each canonical.
pub(crate) fn normalise(cells: &[Cell]) -> Vec<Comp> {
    reduced_parts(cells)
        .iter()
        .map(|part| canonical(part))
        .collect()
}

/// The parts of a set of placements with twins merged, where they lie: the normal form before
/// each part is moved to its canonical orientation.
pub(crate) fn reduced_parts(cells: &[Cell]) -> Vec<Vec<Cell>> {
    split_cells(&twin_reduce_cells(cells))
}

/// The cells of `cells` that survive a move at `m`.
pub(crate) fn after_move(cells: &[Cell], m: Cell) -> Vec<Cell> {
    cells
        .iter()
        .copied()
        .filter(|&v| !king_adjacent_or_equal(v, m))
        .collect()
}

/// The box of a wide part with a margin of two, one byte a cell, kept per thread: making a
/// child of a wide part then allocates nothing but the child's own cell lists.
struct Scratch {
    /// 1 where the child has a placement (then 0 once its part is found).
    grid: Vec<u8>,
    /// The child's placements, row-major: grid index and cell.
    kept: Vec<(usize, Cell)>,
    /// Placements that have a twin in the child, as grid indices.
    twins: Vec<usize>,
    /// The part being found: grid index and cell.
    part: Vec<(usize, Cell)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            grid: Vec::new(),
            kept: Vec::new(),
            twins: Vec::new(),
            part: Vec::new(),
        })
    };
}

impl Big {
    /// The normal form of a connected, twin-free part of a `h`×`w` box too wide for [`Small`],
    /// given at the origin: the least list of cells over the symmetries that put the shorter
    /// side first (all eight for a square).
    fn least_image(mut local: Vec<Cell>, h: u32, w: u32) -> Big {
        let mut best = Vec::new();
        let mut image = Vec::with_capacity(local.len());
        if h <= w {
            local.sort_unstable();
            least_mirror(&local, h, w, &mut best, &mut image);
        }
        if h >= w {
            for cell in &mut local {
                *cell = (cell.1, cell.0);
            }
            local.sort_unstable();
            least_mirror(&local, w, h, &mut best, &mut image);
        }
        let (h, w) = (h.min(w), h.max(w));
        let mut hasher = FxHasher::default();
        std::hash::Hash::hash(&(h, w, &best), &mut hasher);
        Big {
            h,
            w,
            cells: best.into_boxed_slice(),
            hash: std::hash::Hasher::finish(&hasher),
        }
    }

    fn cell(&self, i: u32) -> Cell {
        (i / self.w, i % self.w)
    }

    /// [`Comp::child`] of a wide part, equal to `normalise(&after_move(&cells, m))` (tested):
    /// the part is twin-free and a move changes the closed neighbourhoods only within one step
    /// of the placements it removes, so only placements within three steps of `m` can have
    /// become twins, and only they are tested.
    fn child(&self, m: Cell, out: &mut Vec<Comp>) {
        SCRATCH.with_borrow_mut(|scratch| self.child_in(m, out, scratch));
    }

    fn child_in(&self, m: Cell, out: &mut Vec<Comp>, scratch: &mut Scratch) {
        let (h, w) = (self.h as usize, self.w as usize);
        let stride = w + 4;
        let at = |(r, c): Cell| (r as usize + 2) * stride + c as usize + 2;
        let offset = |(dr, dc): Offset| dr as isize * stride as isize + dc as isize;
        let Scratch {
            grid,
            kept,
            twins,
            part,
        } = scratch;
        grid.clear();
        grid.resize((h + 4) * stride, 0);
        kept.clear();
        // The cells are sorted, so rows are counted up instead of divided out.
        let (mut row, mut row_start) = (0u32, 0u32);
        for &i in &self.cells {
            while i >= row_start + self.w {
                row += 1;
                row_start += self.w;
            }
            let v = (row, i - row_start);
            if !king_adjacent_or_equal(v, m) {
                grid[at(v)] = 1;
                kept.push((at(v), v));
            }
        }
        let has = |grid: &[u8], i: usize, o: Offset| grid[i.wrapping_add_signed(offset(o))] == 1;
        twins.clear();
        let (mr, mc) = (m.0 as usize, m.1 as usize);
        for r in mr.saturating_sub(3)..(mr + 4).min(h) {
            for c in mc.saturating_sub(3)..(mc + 4).min(w) {
                let i = at((r as u32, c as u32));
                if grid[i] == 1 && has_later_twin(|o| has(grid, i, o)) {
                    twins.push(i);
                }
            }
        }
        for &i in twins.iter() {
            grid[i] = 0;
        }
        // Parts in the order of their first placement, row-major, as `split_cells` finds them.
        for &start in kept.iter() {
            if grid[start.0] != 1 {
                continue;
            }
            grid[start.0] = 0;
            part.clear();
            part.push(start);
            let mut next = 0;
            while let Some(&(i, v)) = part.get(next) {
                next += 1;
                for d in KING {
                    let j = i.wrapping_add_signed(offset(d));
                    if grid[j] == 1 {
                        grid[j] = 0;
                        // Set grid cells lie inside the box: the step stays non-negative.
                        let u = ((i64::from(v.0) + d.0) as u32, (i64::from(v.1) + d.1) as u32);
                        part.push((j, u));
                    }
                }
            }
            let cells: Vec<Cell> = part.iter().map(|&(_, v)| v).collect();
            out.push(canonical(&cells));
        }
    }

    fn contains(&self, (r, c): Cell) -> bool {
        r < self.h && c < self.w && self.cells.binary_search(&(r * self.w + c)).is_ok()
    }
}

impl Comp {
    /// Number of placements.
    pub(crate) fn len(&self) -> usize {
        match self {
            Comp::Small(s) => s.bits().count_ones() as usize,
            Comp::Big(b) => b.cells.len(),
        }
    }

    pub(crate) fn is_big(&self) -> bool {
        matches!(self, Comp::Big(_))
    }

    fn box_dims(&self) -> (u32, u32) {
        match self {
            Comp::Small(s) => (u32::from(s.h), u32::from(s.w)),
            Comp::Big(b) => (b.h, b.w),
        }
    }

    pub(crate) fn cells(&self) -> Vec<Cell> {
        match self {
            Comp::Small(s) => s.cells().collect(),
            Comp::Big(b) => b.cells.iter().map(|&i| b.cell(i)).collect(),
        }
    }

    fn contains(&self, cell: Cell) -> bool {
        match self {
            Comp::Small(s) => s.contains(cell),
            Comp::Big(b) => b.contains(cell),
        }
    }

    /// Bytes a memo entry for this part holds, for the memory cap.
    /// (A 40-byte bucket, at most half the table's buckets in use after it doubles, and the old
    /// table alive while it doubles.)
    pub(crate) fn weight(&self) -> usize {
        match self {
            Comp::Small(_) => 120,
            Comp::Big(b) => 160 + 4 * b.cells.len(),
        }
    }

    /// The symmetries of the box that map the part onto itself, as a bit set over `0..8`.
    pub(crate) fn autos(&self) -> u8 {
        match self {
            Comp::Small(s) => s.autos(),
            Comp::Big(_) => self.autos_by_cells(),
        }
    }

    fn autos_by_cells(&self) -> u8 {
        let (h, w) = self.box_dims();
        let cells = self.cells();
        let mut mask = 1u8;
        for t in 1..8u8 {
            if dims(t, h, w) == (h, w) && cells.iter().all(|&v| self.contains(apply(t, v, h, w))) {
                mask |= 1 << t;
            }
        }
        mask
    }

    /// A symmetry under which the second player can copy every move: an involution of the
    /// part that no placement meets its own image under. After any move `v`, its image is still
    /// free (the image is another placement, not adjacent to `v`), and playing it keeps the
    /// position symmetric, so the player to move runs out of moves first: the value is 0.
    pub(crate) fn copy_symmetry(&self, autos: u8) -> Option<u8> {
        match self {
            Comp::Small(s) => INVOLUTIONS
                .into_iter()
                .find(|&t| autos & (1 << t) != 0 && s.bits() & s.band(t) == 0),
            Comp::Big(_) => self.copy_symmetry_by_cells(autos),
        }
    }

    fn copy_symmetry_by_cells(&self, autos: u8) -> Option<u8> {
        let (h, w) = self.box_dims();
        let cells = self.cells();
        INVOLUTIONS.into_iter().find(|&t| {
            autos & (1 << t) != 0
                && cells
                    .iter()
                    .all(|&v| !king_adjacent_or_equal(v, apply(t, v, h, w)))
        })
    }

    /// One move per orbit of the part's symmetries (moves in one orbit lead to equal parts),
    /// centres of symmetry first: a move there keeps the position symmetric.
    pub(crate) fn moves(&self, autos: u8) -> Vec<Cell> {
        let (h, w) = self.box_dims();
        let syms: Vec<u8> = (1..8u8).filter(|t| autos & (1 << t) != 0).collect();
        let mut moves: Vec<(usize, Cell)> = self
            .cells()
            .into_iter()
            .filter(|&v| syms.iter().all(|&t| apply(t, v, h, w) >= v))
            .map(|v| {
                let fixed = syms.iter().filter(|&&t| apply(t, v, h, w) == v).count();
                (fixed, v)
            })
            .collect();
        moves.sort_by_key(|&(fixed, _)| std::cmp::Reverse(fixed));
        moves.into_iter().map(|(_, v)| v).collect()
    }

    /// The position after a move at `m` (a cell of the part), in normal form.
    pub(crate) fn child(&self, m: Cell, out: &mut Vec<Comp>) {
        match self {
            Comp::Small(s) => s.child(m, out),
            Comp::Big(b) => b.child(m, out),
        }
    }

    /// False when the part certainly is not a corridor (see `corridor`): a quick test on
    /// small parts, made before the corridor order is looked for.
    pub(crate) fn may_be_corridor(&self) -> bool {
        match self {
            Comp::Small(s) => !s.has_claw(),
            Comp::Big(_) => true,
        }
    }

    /// A path or cycle conflict graph, which has a closed form.
    pub(crate) fn simple(&self) -> Option<Simple> {
        let n = self.len();
        let mut degree_sum = 0usize;
        match self {
            Comp::Small(s) => {
                if n > 3 && s.has_triangle() {
                    return None;
                }
                let st = s.stride();
                for (r, c) in s.cells() {
                    let d = (nbhd(r * st + c, st) & s.bits()).count_ones() as usize - 1;
                    if d > 2 {
                        return None;
                    }
                    degree_sum += d;
                }
            }
            Comp::Big(b) => {
                // Most parts have a placement of degree 3 among their first few: no table.
                for v in b.cells.iter().map(|&i| b.cell(i)) {
                    let d = KING
                        .iter()
                        .filter(|&&o| step(v, o).is_some_and(|u| b.contains(u)))
                        .count();
                    if d > 2 {
                        return None;
                    }
                    degree_sum += d;
                }
            }
        }
        // Parts are connected: n - 1 edges make a path, n edges a cycle.
        match degree_sum / 2 {
            e if e + 1 == n => Some(Simple::Path(n)),
            e if e == n => Some(Simple::Cycle(n)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_twin_reduce(cells: &[Cell]) -> Vec<Cell> {
        let nb = |v: Cell| -> Vec<Cell> {
            let mut n: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&u| king_adjacent_or_equal(u, v))
                .collect();
            n.sort_unstable();
            n
        };
        cells
            .iter()
            .copied()
            .filter(|&v| !cells.iter().any(|&u| u > v && nb(u) == nb(v)))
            .collect()
    }

    fn pseudo_random_cells(seed: u64, h: u32, w: u32, density: u64) -> Vec<Cell> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 100 < density {
                    out.push((r, c));
                }
            }
        }
        out
    }

    #[test]
    fn bit_and_list_twin_reduction_agree_with_the_definition() {
        for seed in 0..400u64 {
            let (h, w) = (1 + (seed % 9) as u32, 1 + (seed / 9 % 11) as u32);
            let cells = pseudo_random_cells(seed, h, w, 20 + seed % 70);
            let mut want = naive_twin_reduce(&cells);
            want.sort_unstable();
            let mut got = twin_reduce_cells(&cells);
            got.sort_unstable();
            assert_eq!(got, want, "list, seed {seed}");
            let s = w + 1;
            let bits = cells.iter().fold(0u128, |b, &(r, c)| b | 1 << (r * s + c));
            let mut got_bits: Vec<Cell> = bit_cells(twin_reduce_bits(bits, s), s).collect();
            got_bits.sort_unstable();
            assert_eq!(got_bits, want, "bits, seed {seed}");
        }
    }

    #[test]
    fn bit_and_list_parts_agree() {
        for seed in 0..400u64 {
            let (h, w) = (1 + (seed % 10) as u32, 1 + (seed / 10 % 10) as u32);
            let cells = pseudo_random_cells(seed, h, w, 10 + seed % 60);
            let s = w + 1;
            let bits = cells.iter().fold(0u128, |b, &(r, c)| b | 1 << (r * s + c));
            let mut parts = Vec::new();
            split_bits(bits, s, |p| parts.push(p));
            let mut from_bits: Vec<Vec<Cell>> = parts
                .iter()
                .map(|&p| {
                    let mut v: Vec<Cell> = bit_cells(p, s).collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            from_bits.sort();
            let mut from_list: Vec<Vec<Cell>> = split_cells(&cells)
                .into_iter()
                .map(|mut v| {
                    v.sort_unstable();
                    v
                })
                .collect();
            from_list.sort();
            assert_eq!(from_bits, from_list, "seed {seed}");
        }
    }

    /// Random placements in boxes from `side`×`side` up to 8 more each way, many of them wider
    /// than 128 bits.
    fn random_boxes(seeds: u64, side: u32) -> impl Iterator<Item = (u64, Vec<Cell>)> {
        (0..seeds).map(move |seed| {
            let (h, w) = (side + (seed % 9) as u32, side + (seed / 9 % 9) as u32);
            (seed, pseudo_random_cells(seed, h, w, 40 + seed % 55))
        })
    }

    #[test]
    fn a_wide_part_makes_its_children_as_the_plain_normal_form_does() {
        let mut checked = 0;
        for (seed, cells) in random_boxes(60, 12) {
            for part in normalise(&cells) {
                let Comp::Big(big) = &part else { continue };
                let cells = part.cells();
                for &m in &cells {
                    let mut fast = Vec::new();
                    big.child(m, &mut fast);
                    assert_eq!(
                        fast,
                        normalise(&after_move(&cells, m)),
                        "seed {seed}, move {m:?}"
                    );
                    checked += 1;
                }
            }
        }
        // The test means something only if wide parts were made.
        assert!(checked > 1000, "{checked} children checked");
    }

    /// The least of the images of a wide part by sorting each (the definition).
    fn plain_least_image(local: &[Cell], h: u32, w: u32) -> (u32, u32, Vec<u32>) {
        (0..8u8)
            .filter(|&t| {
                let (th, tw) = dims(t, h, w);
                th <= tw || h == w
            })
            .map(|t| {
                let (th, tw) = dims(t, h, w);
                let mut idx: Vec<u32> = local
                    .iter()
                    .map(|&v| {
                        let (r, c) = apply(t, v, h, w);
                        r * tw + c
                    })
                    .collect();
                idx.sort_unstable();
                (th, tw, idx)
            })
            .min()
            .expect("some image")
    }

    #[test]
    fn wide_parts_take_the_least_of_their_images() {
        let mut checked = 0;
        for (seed, cells) in random_boxes(300, 10) {
            for part in reduced_parts(&cells) {
                let r0 = part.iter().map(|c| c.0).min().unwrap_or(0);
                let c0 = part.iter().map(|c| c.1).min().unwrap_or(0);
                let local: Vec<Cell> = part.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
                let ph = local.iter().map(|c| c.0 + 1).max().unwrap_or(0);
                let pw = local.iter().map(|c| c.1 + 1).max().unwrap_or(0);
                if fits_small(ph, pw) {
                    continue;
                }
                let big = Big::least_image(local.clone(), ph, pw);
                let want = plain_least_image(&local, ph, pw);
                assert_eq!((big.h, big.w, big.cells.to_vec()), want, "seed {seed}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} wide parts checked");
    }

    #[test]
    fn congruent_shapes_share_a_normal_form() {
        // An L of three cells in all eight orientations, shifted about.
        let shapes: [&[Cell]; 4] = [
            &[(0, 0), (1, 0), (2, 0), (2, 1)],
            &[(5, 7), (5, 8), (5, 9), (6, 7)],
            &[(3, 3), (3, 4), (4, 4), (5, 4)],
            &[(0, 2), (1, 0), (1, 1), (1, 2)],
        ];
        let forms: Vec<Comp> = shapes.iter().map(|s| canonical(s)).collect();
        assert!(forms.windows(2).all(|p| p[0] == p[1]), "{forms:?}");
        assert_ne!(forms[0], canonical(&[(0, 0), (1, 0), (2, 0), (2, 2)]));
    }

    #[test]
    fn wide_parts_use_the_list_form_and_compare_by_shape() {
        let row: Vec<Cell> = (0..200).map(|c| (0, c)).collect();
        let a = canonical(&row);
        assert!(a.is_big());
        let col: Vec<Cell> = (0..200).map(|r| (r + 3, 9)).collect();
        assert_eq!(a, canonical(&col));
        assert_eq!(a.simple(), Some(Simple::Path(200)));
    }

    #[test]
    fn bit_symmetries_agree_with_cell_symmetries() {
        let mut symmetric = 0;
        for seed in 0..3000u64 {
            let (h, w) = (1 + (seed % 7) as u32, 1 + (seed / 7 % 7) as u32);
            let mut cells = pseudo_random_cells(seed, h, w, 30 + seed % 60);
            // Symmetrise some of them so that the symmetric cases are well covered.
            match seed % 4 {
                1 => cells.extend(cells.clone().iter().map(|&v| apply(1, v, h, w))),
                2 => cells.extend(cells.clone().iter().map(|&v| apply(3, v, h, w))),
                3 if h == w => cells.extend(cells.clone().iter().map(|&v| apply(4, v, h, w))),
                _ => {}
            }
            cells.sort_unstable();
            cells.dedup();
            for part in split_cells(&cells) {
                let c = canonical(&part);
                let Comp::Small(small) = c.clone() else {
                    panic!("small")
                };
                assert_eq!(small.autos(), c.autos_by_cells(), "seed {seed}");
                let autos = small.autos();
                assert_eq!(
                    c.copy_symmetry(autos),
                    c.copy_symmetry_by_cells(autos),
                    "seed {seed}"
                );
                if autos != 1 {
                    symmetric += 1;
                }
                // The canonical form does not depend on the orientation it came from.
                for t in 0..8 {
                    let (ph, pw) = (
                        part.iter().map(|v| v.0).max().unwrap_or(0) + 1,
                        part.iter().map(|v| v.1).max().unwrap_or(0) + 1,
                    );
                    let moved: Vec<Cell> = part.iter().map(|&v| apply(t, v, ph, pw)).collect();
                    assert_eq!(canonical(&moved), c, "seed {seed} t {t}");
                }
            }
        }
        assert!(symmetric > 500, "{symmetric}");
    }

    #[test]
    fn copy_symmetries_are_named_in_board_orientation() {
        // Two columns of three placements, two apart: a left–right mirror (columns 0 and 2 of
        // a 3-wide box), not adjacent to their images.
        let cells: Vec<Cell> = (0..3).flat_map(|r| [(r + 5, 7), (r + 5, 9)]).collect();
        assert_eq!(copy_symmetry_of(&cells), Some(1));
        let transposed: Vec<Cell> = cells.iter().map(|&(r, c)| (c, r)).collect();
        assert_eq!(copy_symmetry_of(&transposed), Some(2));
        // A centre cell is its own image under every symmetry.
        let mut centred = cells.clone();
        centred.push((6, 8));
        assert_eq!(copy_symmetry_of(&centred), None);
        assert_eq!(copy_symmetry_of(&[]), None);
    }

    #[test]
    fn a_square_has_eight_symmetries_and_a_rectangle_four() {
        let sq: Vec<Cell> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
        let c = canonical(&sq);
        assert_eq!(c.autos(), 0xff);
        assert_eq!(c.moves(c.autos()), vec![(1, 1), (0, 0), (0, 1)]);
        let rect: Vec<Cell> = (0..3).flat_map(|r| (0..4).map(move |c| (r, c))).collect();
        let c = canonical(&rect);
        assert_eq!(c.autos(), 0b1111);
        assert_eq!(c.moves(c.autos()).len(), 4);
    }
}
