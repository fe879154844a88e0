//! Bit matrices for race's layered game: rows of 64-bit words, a 64×64-block transpose and a
//! row OR and AND, so that a step of the game costs |layer d|·|layer D−d|/64 word operations.

/// A rows × cols bit matrix, each row a run of 64-bit words; bits past `cols` stay zero.
#[derive(Clone, Default)]
pub(super) struct BitMatrix {
    rows: usize,
    cols: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    /// Resizes to rows × cols, all zero (keeps the allocation).
    pub(super) fn reset(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.words = cols.div_ceil(64);
        self.bits.clear();
        self.bits.resize(rows * self.words, 0);
    }

    /// Resizes to rows × cols, the words left as they were: for a caller that writes every row
    /// whole before reading it.
    pub(super) fn reshape_for_overwrite(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.words = cols.div_ceil(64);
        self.bits.resize(rows * self.words, 0);
    }

    pub(super) fn rows(&self) -> usize {
        self.rows
    }

    pub(super) fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    pub(super) fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.words..(r + 1) * self.words]
    }

    pub(super) fn get(&self, r: usize, c: usize) -> bool {
        debug_assert!(
            r < self.rows && c < self.cols,
            "({r}, {c}) outside the matrix"
        );
        self.bits[r * self.words + c / 64] >> (c % 64) & 1 == 1
    }

    pub(super) fn set(&mut self, r: usize, c: usize) {
        debug_assert!(
            r < self.rows && c < self.cols,
            "({r}, {c}) outside the matrix"
        );
        self.bits[r * self.words + c / 64] |= 1 << (c % 64);
    }
}

/// One stage of the 64×64 transpose: swaps the bits of row r with bit `J` of their column set
/// against those of row r + `J` with it clear, for every r whose bit `J` is clear. A constant
/// `J` lets the compiler unroll the stage and pair the rows in vector registers.
#[inline(always)]
fn transpose_stage<const J: usize>(a: &mut [u64; 64], mask: u64) {
    for pair in a.chunks_exact_mut(2 * J) {
        let (low, high) = pair.split_at_mut(J);
        for (l, h) in low.iter_mut().zip(high) {
            let t = ((*l >> J) ^ *h) & mask;
            *h ^= t;
            *l ^= t << J;
        }
    }
}

/// Transposes a 64×64 block in place: bit c of `a[r]` ends up as bit r of `a[c]`.
fn transpose64(a: &mut [u64; 64]) {
    transpose_stage::<32>(a, 0x0000_0000_FFFF_FFFF);
    transpose_stage::<16>(a, 0x0000_FFFF_0000_FFFF);
    transpose_stage::<8>(a, 0x00FF_00FF_00FF_00FF);
    transpose_stage::<4>(a, 0x0F0F_0F0F_0F0F_0F0F);
    transpose_stage::<2>(a, 0x3333_3333_3333_3333);
    transpose_stage::<1>(a, 0x5555_5555_5555_5555);
}

/// `dst` = transpose of `src`, 64×64 blocks at a time.
pub(super) fn transpose_into(src: &BitMatrix, dst: &mut BitMatrix) {
    dst.rows = src.cols;
    dst.cols = src.rows;
    dst.words = src.rows.div_ceil(64);
    // Every word of `dst` is written below, so no zeroing.
    dst.bits.resize(dst.rows * dst.words, 0);
    if src.rows == 0 || src.cols == 0 {
        return;
    }
    let mut block = [0u64; 64];
    // Strips of 64 rows of `src` (the last one shorter), each cut into 64×64 blocks.
    for (bi, strip) in src.bits.chunks(64 * src.words).enumerate() {
        let strip_rows = strip.len() / src.words;
        for bw in 0..src.words {
            for (slot, row) in block.iter_mut().zip(strip.chunks_exact(src.words)) {
                *slot = row[bw];
            }
            block[strip_rows..].fill(0);
            // The layered game's matrices are mostly blocks of one bit value, which are their
            // own transposes.
            let (any, all) = block
                .iter()
                .fold((0, u64::MAX), |(any, all), &w| (any | w, all & w));
            if any != 0 && all != u64::MAX {
                transpose64(&mut block);
            }
            let first = bw * 64;
            let block_rows = dst.rows.saturating_sub(first).min(64);
            for (dst_row, &word) in dst.bits[first * dst.words..]
                .chunks_exact_mut(dst.words)
                .zip(&block[..block_rows])
            {
                dst_row[bi] = word;
            }
        }
    }
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
        // Every third bit set at random, then every bit below the diagonal, then all of them:
        // blocks of one value (which are copied, not transposed) beside mixed ones.
        let fills: [&dyn Fn(usize, usize, u64) -> bool; 3] = [
            &|_, _, random| random.is_multiple_of(3),
            &|r, c, _| r > c,
            &|_, _, _| true,
        ];
        let sizes = [
            (1, 1),
            (3, 70),
            (64, 64),
            (65, 1),
            (130, 200),
            (1, 129),
            (192, 128),
        ];
        // One destination for every case, as the game reuses its matrices.
        let mut t = BitMatrix::default();
        for (fill, &(rows, cols)) in fills.iter().flat_map(|f| sizes.iter().map(move |s| (f, s))) {
            let mut m = BitMatrix::default();
            m.reset(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if fill(r, c, seed) {
                        m.set(r, c);
                    }
                }
            }
            let n = naive_transpose(&m);
            transpose_into(&m, &mut t);
            assert_eq!(
                (t.rows, t.cols, &t.bits),
                (n.rows, n.cols, &n.bits),
                "{rows}×{cols}"
            );
        }
    }
}
