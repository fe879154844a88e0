//! The bit-parallel solver of `answer` and `judge`: the three answers at (1,1) from two bits a
//! cell (a byte a cell on boards of millions of rows of a few cells, where a word a row is more).
//! A board keeps its bits (`BitRows`); `judge` fills them row by row as it reads (`BitDp`); the
//! DP over them, from the last row up, is `RowsBelow`.
//!
//! Rows are processed bottom-up, 64 cells a word. Within a row a cell's value for one question
//! is either fixed (a letter; a mover whose move down already decides) or copied from its right
//! neighbour, so a row is "copy the nearest fixed value to the right". Columns are stored
//! mirrored (column m-1 at bit 0) so that this copying runs from low bits to high bits, where one
//! addition carries it across a whole word.

use super::{Answer, alice_moves, cell_flags};
use crate::games::GridRows;
use crate::games::zgame::is_cell;

const EVEN_BITS: u64 = 0x5555_5555_5555_5555;

/// Past this many words of row bits (64 MiB for `A` and `B` together), rows are kept as bytes
/// instead: a row takes at least one word, so only boards of millions of rows of a few cells
/// get here, and for them a byte a cell is less.
const BIT_ROWS_MAX_WORDS: usize = 1 << 22;

/// One board at a time: `start`, `push_row` each row top to bottom, `finish`. The buffers stay
/// allocated for the next board (a judge run solves up to 50).
#[derive(Default)]
pub(crate) struct BitDp {
    rows: usize,
    cols: usize,
    words: usize,
    /// `A` and `B` cells of each pushed row, `words` per row, mirrored.
    a: Vec<u64>,
    b: Vec<u64>,
    /// Narrow boards: the cells themselves, row-major.
    narrow: Option<Vec<u8>>,
    /// The row below: per word, one bitset per question (win, draw, lose).
    state: Vec<[u64; 3]>,
}

impl BitDp {
    /// Bytes a new `BitDp` holds once it has solved an n × m board: what `answer` needs, and so
    /// what decides whether a board is solvable at all.
    pub(crate) fn bytes(rows: usize, cols: usize) -> usize {
        BitDp::default().bytes_after_start(rows, cols)
    }

    /// Bytes held once `start(rows, cols)` has run and every row is pushed: the row bits or
    /// the narrow cells, the state, and what earlier boards of a judge run left allocated.
    /// Vectors grow to at least twice their capacity when they grow at all, as `Vec` does.
    pub(crate) fn bytes_after_start(&self, rows: usize, cols: usize) -> usize {
        fn grown(capacity: usize, need: usize) -> usize {
            if need <= capacity {
                capacity
            } else {
                need.max(capacity.saturating_mul(2))
            }
        }
        let words = cols.div_ceil(64);
        let row_words = rows.saturating_mul(words);
        let (bit_words, narrow) = if row_words > BIT_ROWS_MAX_WORDS {
            // The narrow DP adds two rows of flags; the previous board's cells go only once
            // the new ones are allocated.
            let previous = self.narrow.as_ref().map_or(0, Vec::capacity);
            let cells = rows
                .saturating_mul(cols)
                .saturating_add(cols.saturating_mul(2))
                .saturating_add(previous);
            (self.a.capacity(), cells)
        } else {
            (grown(self.a.capacity(), row_words), 0)
        };
        let state = grown(self.state.capacity(), words);
        bit_words
            .saturating_mul(2 * 8)
            .saturating_add(narrow)
            .saturating_add(state.saturating_mul(std::mem::size_of::<[u64; 3]>()))
    }

    /// Begins a board of at least one row and one column.
    pub(crate) fn start(&mut self, rows: usize, cols: usize) {
        assert!(rows > 0 && cols > 0, "a {rows} × {cols} board");
        self.rows = rows;
        self.cols = cols;
        self.words = cols.div_ceil(64);
        self.a.clear();
        self.b.clear();
        if rows.saturating_mul(self.words) > BIT_ROWS_MAX_WORDS {
            self.narrow = Some(Vec::with_capacity(rows.saturating_mul(cols)));
        } else {
            self.narrow = None;
            self.a.reserve(rows * self.words);
            self.b.reserve(rows * self.words);
        }
    }

    /// Appends the next row, `cols` bytes; false when a byte is not a cell (it counts as `.`).
    #[inline(always)]
    pub(crate) fn push_row(&mut self, row: &[u8]) -> bool {
        debug_assert_eq!(row.len(), self.cols, "a row of the board");
        if let Some(cells) = &mut self.narrow {
            cells.extend_from_slice(row);
            return row.iter().all(|&b| is_cell(b));
        }
        let base = self.a.len();
        self.a.resize(base + self.words, 0);
        self.b.resize(base + self.words, 0);
        row_bits(row, &mut self.a[base..], &mut self.b[base..])
    }

    /// The answers at (1,1) once every row is pushed.
    pub(crate) fn finish(&mut self) -> Answer {
        let (n, m, words) = (self.rows, self.cols, self.words);
        if let Some(cells) = &self.narrow {
            return answer_by_cells(cells, n, m);
        }
        debug_assert_eq!(self.a.len(), n * words, "every row pushed");
        let mut rows = RowsBelow::new(n, m, std::mem::take(&mut self.state));
        rows.take_stored(&self.a, &self.b);
        let answer = rows.answer();
        self.state = rows.state;
        answer
    }
}

/// The answers at (1,1) of an n × m board's cells, row-major: rows are read bottom-up, as the
/// DP takes them, so one row of bits is kept instead of the board's (a 500 × 500 board's would
/// be 64 KiB of new pages, each a page fault).
pub(crate) fn answer_of_cells(cells: &[u8], n: usize, m: usize) -> Answer {
    assert!(n > 0 && m > 0 && cells.len() == n * m, "a {n} × {m} board");
    let words = m.div_ceil(64);
    if n.saturating_mul(words) > BIT_ROWS_MAX_WORDS {
        return answer_by_cells(cells, n, m);
    }
    let (mut a, mut b) = (vec![0u64; words], vec![0u64; words]);
    let mut rows = RowsBelow::new(n, m, Vec::new());
    for (i, row) in cells.chunks_exact(m).enumerate().rev() {
        let cells_only = row_bits(row, &mut a, &mut b);
        debug_assert!(cells_only, "row {i} holds a byte that is not a cell");
        rows.take(&a, &b);
    }
    rows.answer()
}

/// A whole board's `A` and `B` cells, `words` a row, mirrored as `row_bits` writes them: two
/// bits a cell where a grid takes a byte, and what the DP reads with nothing to classify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BitRows {
    rows: usize,
    cols: usize,
    words: usize,
    a: Vec<u64>,
    b: Vec<u64>,
}

impl BitRows {
    /// The bits of a board's rows; `None` when a byte is not a cell, or when rows are so
    /// narrow (under 16 cells) that their two words take more than the bytes.
    pub(crate) fn of(rows: GridRows<'_>) -> Option<BitRows> {
        let (n, m) = (rows.rows, rows.cols);
        let words = m.div_ceil(64);
        if n == 0 || m == 0 || 2 * size_of::<u64>() * words > m {
            return None;
        }
        let mut a = vec![0u64; n * words];
        let mut b = vec![0u64; n * words];
        let mut cells_only = true;
        for (r, (row_a, row_b)) in a
            .chunks_exact_mut(words)
            .zip(b.chunks_exact_mut(words))
            .enumerate()
        {
            cells_only &= row_bits(rows.row(r), row_a, row_b);
        }
        cells_only.then_some(BitRows {
            rows: n,
            cols: m,
            words,
            a,
            b,
        })
    }

    /// The answers at (1,1).
    pub(crate) fn answer(&self) -> Answer {
        let mut rows = RowsBelow::new(self.rows, self.cols, Vec::new());
        rows.take_stored(&self.a, &self.b);
        rows.answer()
    }

    /// The cells as bytes, row-major: all `.`, then a letter at each set bit (a cost in
    /// letters, not cells).
    pub(crate) fn to_cells(&self) -> Vec<u8> {
        let (m, words) = (self.cols, self.words);
        let mut cells = vec![b'.'; self.rows * m];
        for (bits, letter) in [(&self.a, b'A'), (&self.b, b'B')] {
            for (i, &word) in bits.iter().enumerate() {
                let (r, w) = (i / words, i % words);
                let mut rest = word;
                while rest != 0 {
                    // Bit k of word w is column m - 1 - (64 w + k) (mirrored).
                    let k = rest.trailing_zeros() as usize;
                    cells[r * m + m - 1 - (64 * w + k)] = letter;
                    rest &= rest - 1;
                }
            }
        }
        cells
    }
}

/// The DP over bit rows, fed from the last row up: after each, the state holds the values of
/// the rows taken so far.
struct RowsBelow {
    n: usize,
    m: usize,
    /// Rows still to take: the next one taken is row `left - 1`.
    left: usize,
    top_mask: u64,
    /// The row below: per word, one bitset per question (win, draw, lose).
    state: Vec<[u64; 3]>,
}

impl RowsBelow {
    /// Begins an n × m board, reusing `state`'s allocation.
    fn new(n: usize, m: usize, mut state: Vec<[u64; 3]>) -> RowsBelow {
        let words = m.div_ceil(64);
        let top_bits = m - 64 * (words - 1);
        let top_mask = if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        state.clear();
        state.resize(words, [0; 3]);
        RowsBelow {
            n,
            m,
            left: n,
            top_mask,
            state,
        }
    }

    /// Takes the next row up: its `A` and `B` bits.
    #[inline(always)]
    fn take(&mut self, row_a: &[u64], row_b: &[u64]) {
        assert!(self.left > 0, "every row is taken");
        self.left -= 1;
        let (i, n, m) = (self.left, self.n, self.m);
        let words = self.state.len();
        let top_mask = self.top_mask;
        let alice = if (i + m - 1).is_multiple_of(2) {
            EVEN_BITS
        } else {
            !EVEN_BITS
        };
        let last_row = i + 1 == n;
        let mut carry = [false; 3];
        let mut prev_top = [0u64; 3];
        for (w, (slot, (&aw, &bw))) in self
            .state
            .iter_mut()
            .zip(row_a.iter().zip(row_b))
            .enumerate()
        {
            let width = if w + 1 == words { top_mask } else { u64::MAX };
            let dot = !(aw | bw) & width;
            // The letters fix cells for each question (win, draw, lose).
            let letters = [(aw, bw), (0, aw | bw), (bw, aw)];
            for (q, (below, (ones, zeros))) in slot.iter_mut().zip(letters).enumerate() {
                // Below the last row: a move that does not exist, which makes every cell
                // of the last row copy its right neighbour.
                let bl = if last_row { !alice } else { *below };
                let mut ones = ones | (dot & alice & bl);
                let mut zeros = zeros | (dot & !alice & !bl);
                if w == 0 && dot & 1 != 0 {
                    // Column m has only the move down, or the draw of (n, m) itself.
                    let v = if last_row { q == 1 } else { bl & 1 != 0 };
                    ones = (ones & !1) | u64::from(v);
                    zeros = (zeros & !1) | u64::from(!v);
                }
                let pass = !(ones | zeros) & width;
                let starts = ((ones << 1) | prev_top[q]) & pass;
                prev_top[q] = ones >> 63;
                let (sum, c1) = starts.overflowing_add(pass);
                let (sum, c2) = sum.overflowing_add(u64::from(carry[q]));
                carry[q] = c1 | c2;
                *below = ones | ((sum ^ pass) & pass);
            }
        }
    }

    /// Takes every row of a board's stored bits (`a` and `b`, a state's width of words a row),
    /// from the last up.
    fn take_stored(&mut self, a: &[u64], b: &[u64]) {
        let words = self.state.len();
        for (row_a, row_b) in a.chunks_exact(words).zip(b.chunks_exact(words)).rev() {
            self.take(row_a, row_b);
        }
    }

    /// The answers at (1,1) once every row is taken.
    fn answer(&self) -> Answer {
        assert_eq!(self.left, 0, "every row is taken");
        let p = self.m - 1;
        let bit = |q: usize| (self.state[p / 64][q] >> (p % 64)) & 1 != 0;
        Answer {
            win: bit(0),
            draw: bit(1),
            loss: bit(2),
        }
    }
}

/// The answers by a plain DP over cells, one row of flags at a time (narrow boards).
pub(super) fn answer_by_cells(cells: &[u8], n: usize, m: usize) -> Answer {
    assert_eq!(cells.len(), n * m, "a {n} × {m} board");
    let mut below = vec![0u8; m];
    let mut row = vec![0u8; m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let right = (c + 1 < m).then(|| row[c + 1]);
            let down = (r + 1 < n).then(|| below[c]);
            let last = r + 1 == n && c + 1 == m;
            row[c] = cell_flags(cells[r * m + c], last, alice_moves(r, c), right, down);
        }
        std::mem::swap(&mut below, &mut row);
    }
    Answer::from_flags(below[0])
}

/// Fills `a` and `b` with the row's `A` and `B` cells, mirrored (the last column at bit 0), one
/// word for each 64 cells; false when a byte is not `A`, `B` or `.`.
#[inline]
fn row_bits(row: &[u8], a: &mut [u64], b: &mut [u64]) -> bool {
    let m = row.len();
    debug_assert_eq!(a.len(), m.div_ceil(64), "a word for each 64 cells");
    let mut ok = true;
    // The last word first: the row is read from its start, in rising addresses, which the
    // hardware prefetches better (5% of `judge`).
    for (w, (aw, bw)) in a.iter_mut().zip(b.iter_mut()).enumerate().rev() {
        // Saturating, so that the compiler sees `end <= m`; with one word for each 64 cells
        // `end` is never 0.
        let end = m.saturating_sub(64 * w);
        let chunk = &row[end.saturating_sub(64)..end];
        let (na, nb, valid) = if let Ok(full) = <&[u8; 64]>::try_from(chunk) {
            classify64(full)
        } else {
            let mut padded = [b'.'; 64];
            padded[..chunk.len()].copy_from_slice(chunk);
            classify64(&padded)
        };
        ok &= valid;
        // 1..=64 cells: the shift is below 64.
        let shift = 64 - chunk.len() as u32;
        *aw = na.reverse_bits() >> shift;
        *bw = nb.reverse_bits() >> shift;
    }
    ok
}

/// Bit k says whether byte k is `A` (first) or `B` (second); the flag says all 64 are cells.
#[inline]
fn classify64(chunk: &[u8; 64]) -> (u64, u64, bool) {
    let mut a = 0u64;
    let mut b = 0u64;
    let mut dot = 0u64;
    for (q, part) in chunk.chunks_exact(16).enumerate() {
        let part: &[u8; 16] = part.try_into().expect("chunks of 16 bytes");
        let (pa, pb, pd) = classify16(part);
        a |= u64::from(pa) << (16 * q);
        b |= u64::from(pb) << (16 * q);
        dot |= u64::from(pd) << (16 * q);
    }
    (a, b, (a | b | dot) == u64::MAX)
}

/// Bit k says whether byte k is `A`, `B`, `.`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
fn classify16(part: &[u8; 16]) -> (u32, u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    // SAFETY: this build enables SSE2 (the cfg above), and the unaligned load reads exactly
    // the 16 bytes of `part`. A byte compare and movemask is 16 cells in three instructions,
    // which is what keeps `judge` near the cost of reading its input.
    unsafe {
        #[allow(clippy::cast_ptr_alignment)] // `loadu`: an unaligned load
        let v = _mm_loadu_si128(part.as_ptr().cast::<__m128i>());
        let mask = |c: u8| _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8))) as u32;
        (mask(b'A'), mask(b'B'), mask(b'.'))
    }
}

/// Bit k says whether byte k is `A`, `B`, `.` (portable: byte flags gathered by a multiply).
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline]
fn classify16(part: &[u8; 16]) -> (u32, u32, u32) {
    let mask = |c: u8| {
        let mut flags = [0u8; 16];
        for (f, &x) in flags.iter_mut().zip(part) {
            *f = u8::from(x == c);
        }
        let gather = |bytes: &[u8]| {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(bytes);
            (u64::from_le_bytes(eight).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        };
        gather(&flags[..8]) | (gather(&flags[8..]) << 8)
    };
    (mask(b'A'), mask(b'B'), mask(b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrored_bits_put_the_last_column_at_bit_zero() {
        let row: Vec<u8> = (0..70).map(|j| if j == 69 { b'A' } else { b'.' }).collect();
        let mut a = [0u64; 2];
        let mut b = [0u64; 2];
        assert!(row_bits(&row, &mut a, &mut b));
        assert_eq!(a, [1, 0]);
        let mut row = row;
        row[0] = b'B';
        row[5] = b'x';
        assert!(!row_bits(&row, &mut a, &mut b));
        assert_eq!(b, [0, 1 << 5]);
    }

    #[test]
    fn a_new_solver_needs_the_row_bits_and_one_row_of_state() {
        // 500 rows of 8 words, `A` and `B`, and 8 words of state for three questions.
        assert_eq!(BitDp::bytes(500, 500), 500 * 8 * 16 + 8 * 24);
        // Millions of rows of one cell: a byte a cell, two rows of flags, one word of state.
        let rows = BIT_ROWS_MAX_WORDS + 1;
        assert_eq!(BitDp::bytes(rows, 1), rows + 2 + 24);
    }
}
