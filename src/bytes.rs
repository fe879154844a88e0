//! Tests over every byte of a large grid's rows, 32 bytes a step where the machine has AVX2.

/// A set of ASCII bytes, as two tables of 16 indexed by a byte's nibbles: entry `lo` of `low`
/// has bit `h` when byte `16h + lo` is a member, entry `h` of `high` is bit `h` for the eight
/// ASCII rows and nothing above, so a byte is a member exactly when its two entries share a bit.
/// Two table lookups (`pshufb`) test 32 bytes against any set, where a comparison per byte run
/// costs one instruction more with every run and a lookup per byte does not vectorise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AsciiSet {
    low: [u8; 16],
    high: [u8; 16],
}

impl AsciiSet {
    /// The bytes below 128 for which `members` is true.
    pub(crate) const fn new(members: &[bool; 128]) -> AsciiSet {
        let mut low = [0u8; 16];
        let mut high = [0u8; 16];
        let mut b = 0;
        while b < 128 {
            if members[b] {
                low[b & 15] |= 1 << (b >> 4);
            }
            b += 1;
        }
        let mut h = 0;
        while h < 8 {
            high[h] = 1 << h;
            h += 1;
        }
        AsciiSet { low, high }
    }

    pub(crate) fn contains(&self, b: u8) -> bool {
        self.low[usize::from(b & 15)] & self.high[usize::from(b >> 4)] != 0
    }

    /// Whether every byte of `bytes` is in the set.
    pub(crate) fn contains_all(&self, bytes: &[u8]) -> bool {
        #[cfg(target_arch = "x86_64")]
        if bytes.len() >= BLOCK && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above (the answer is cached after the
            // first call).
            return unsafe { self.contains_all_avx2(bytes) };
        }
        bytes.iter().all(|&b| self.contains(b))
    }

    /// `contains_all` for at least one block of bytes. A row's last partial block is taken as
    /// its last whole block again, an overlap rather than a byte-by-byte tail, which for a
    /// 500-byte row would cost as much as the 15 blocks before it.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn contains_all_avx2(&self, bytes: &[u8]) -> bool {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm_loadu_si128, _mm256_and_si256, _mm256_broadcastsi128_si256,
            _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
            _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
        };
        let load = |block: &[u8; BLOCK]| {
            // SAFETY: an unaligned load of exactly the 32 bytes of `block`.
            #[allow(clippy::cast_ptr_alignment)] // `loadu`: an unaligned load
            unsafe {
                _mm256_loadu_si256(block.as_ptr().cast::<__m256i>())
            }
        };
        let table = |nibbles: &[u8; 16]| {
            // SAFETY: an unaligned load of exactly the 16 bytes of `nibbles`.
            #[allow(clippy::cast_ptr_alignment)] // `loadu`: an unaligned load
            let half = unsafe { _mm_loadu_si128(nibbles.as_ptr().cast::<__m128i>()) };
            _mm256_broadcastsi128_si256(half)
        };
        let (low, high) = (table(&self.low), table(&self.high));
        let nibble = _mm256_set1_epi8(0x0f);
        // A member's lane is its shared bit, a non-member's 0: the minimum over every block is
        // 0 in some lane exactly when a byte is not a member. No early exit: one register.
        let shared_bits = |v: __m256i| {
            let lo = _mm256_shuffle_epi8(low, _mm256_and_si256(v, nibble));
            let hi = _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
            _mm256_and_si256(lo, hi)
        };
        let (blocks, _) = bytes.as_chunks::<BLOCK>();
        let last = bytes
            .last_chunk::<BLOCK>()
            .expect("called with at least one block");
        let mut least = shared_bits(load(last));
        for block in blocks {
            least = _mm256_min_epu8(least, shared_bits(load(block)));
        }
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(least, _mm256_setzero_si256())) == 0
    }
}

/// Bytes taken per step: the width of an AVX2 register.
const BLOCK: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set_of(members: &[u8]) -> AsciiSet {
        AsciiSet::new(&std::array::from_fn(|b| members.contains(&(b as u8))))
    }

    #[test]
    fn bytes_above_ascii_are_never_members() {
        let set = AsciiSet::new(&[true; 128]);
        assert!((0..128).all(|b| set.contains(b)));
        assert!((128..=255).all(|b| !set.contains(b)));
        assert!(set.contains_all(&[b'x'; 100]));
        assert!(!set.contains_all(&[[b'x'; 60].as_slice(), &[0xc3], &[b'x'; 60]].concat()));
    }

    proptest! {
        /// Every length, short, whole blocks or not, any set, and the failing byte anywhere.
        #[test]
        fn contains_all_is_every_byte_contained(
            members in proptest::collection::vec(0u8..128, 0..12),
            bytes in proptest::collection::vec(prop_oneof![b'a'..=b'e', b'.'..=b'B', any::<u8>()], 0..150),
            at in any::<proptest::sample::Index>(),
        ) {
            let set = set_of(&members);
            for b in 0..=255u8 {
                prop_assert_eq!(set.contains(b), members.contains(&b));
            }
            prop_assert_eq!(set.contains_all(&bytes), bytes.iter().all(|b| members.contains(b)));
            // All members but one byte, which fails wherever it is.
            if let (Some(&member), Some(outside)) = (members.first(), (0..=255u8).find(|b| !members.contains(b))) {
                let mut row = vec![member; bytes.len().max(1)];
                prop_assert!(set.contains_all(&row));
                let i = at.index(row.len());
                row[i] = outside;
                prop_assert!(!set.contains_all(&row));
            }
        }
    }
}
