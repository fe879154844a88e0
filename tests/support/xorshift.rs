//! xorshift64 (shifts 13, 7, 17), for the fixed-seed boards of tests and benches: the boards
//! must stay the same across machines and versions, or recorded figures stop comparing.
#![allow(dead_code)]

pub(crate) struct XorShift(pub u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// In `0..n` (`n > 0`), with the slight bias of a modulo, which fixed boards do not mind.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub(crate) fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}
