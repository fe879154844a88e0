//! Bit matrices for race's layered game: rows of 64-bit words, a 64×64-block transpose and a
//! row OR, so that a step of the game costs |layer d|·|layer D−d|/64 word operations.

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
            // The layered game's matrices are mostly blocks of one bit value, which are their
            // own transposes.
            let (any, all) = block
                .iter()
                .fold((0, u64::MAX), |(any, all), &w| (any | w, all & w));
            if any != 0 && all != u64::MAX {
                transpose64(&mut block);
            }
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

pub(super) fn or_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= s;
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
}
