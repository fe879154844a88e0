//! Tests over every byte of a large grid's rows, shaped so that the compiler vectorises them.

/// Bytes taken per step: the width of an AVX2 register.
const BLOCK: usize = 32;

/// Whether `test` holds for every byte of `bytes`, block by block with no early exit (so the
/// loop is vectorised). A row's last partial block is taken as its last whole block again, an
/// overlap rather than a byte-by-byte tail, which for a 500-byte row would cost as much as the
/// 15 blocks before it.
#[inline(always)]
pub(crate) fn all_bytes(bytes: &[u8], test: impl Fn(u8) -> bool + Copy) -> bool {
    let Some(last) = bytes.last_chunk::<BLOCK>() else {
        return bytes.iter().fold(true, |all, &b| all & test(b));
    };
    // A lane per byte of a block, set when a byte there fails: one register, folded at the end.
    let mut failed = [0u8; BLOCK];
    let mut take = |block: &[u8; BLOCK]| {
        for (lane, &b) in failed.iter_mut().zip(block) {
            *lane |= u8::from(!test(b));
        }
    };
    let (blocks, _) = bytes.as_chunks::<BLOCK>();
    blocks.iter().for_each(&mut take);
    take(last);
    failed.iter().fold(0, |any, &lane| any | lane) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Every length, short, whole blocks or not, and the failing byte anywhere.
        #[test]
        fn all_bytes_is_every_byte_tested(bytes in proptest::collection::vec(b'a'..=b'e', 0..100)) {
            let test = |b: u8| b != b'e';
            prop_assert_eq!(all_bytes(&bytes, test), bytes.iter().all(|&b| test(b)));
        }
    }
}
