//! A small seeded generator (SplitMix64): `gen --seed S` must give the same boards on every
//! machine and every version, which a library RNG does not promise.

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    /// The stream of case `index` (0-based) of a run seeded with `seed`: each case has its own,
    /// so changing `--count` or rejecting a board for `--answer` never shifts another case.
    pub fn for_case(seed: u64, index: usize) -> Rng {
        // One SplitMix step over the pair: neighbouring (seed, index) pairs give unrelated
        // streams, and (seed, 0) is not the plain `Rng::new(seed)`.
        let mut mix = Rng::new(seed ^ (index as u64).wrapping_mul(0xd1b5_4a32_d192_ed03));
        Rng::new(mix.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo) as u64 + 1;
        lo + (self.next_u64() % span) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p && p > 0.0
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            return None;
        }
        Some(items[self.range(0, items.len() - 1)])
    }
}
