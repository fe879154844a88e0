//! Grundy values of small regions, remembered across the boards one process solves (a suite's
//! cases, the editor's edits), shared by every thread.
//!
//! Every region is valued from an empty memo, and a hit is charged the nodes the value cost
//! when it was computed and used only where that work would have fitted the memory and depth
//! caps, so whether a board is solved within a node budget never depends on what was solved
//! before it: the cache saves time, not nodes.

use super::engine::Footprint;
use super::shape::Small;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// Entries in each of the two generations: at most twice this many are held, about 40 bytes
/// each (3 MiB in all).
const GENERATION: usize = 1 << 15;

/// A region's value, the nodes it cost and what else it needed of the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cached {
    pub value: u16,
    pub nodes: u64,
    pub needs: Footprint,
}

/// The newest entries and the generation before them; a hit in the older one moves up, so
/// what is used stays and the rest goes when the newer generation fills.
#[derive(Default)]
struct Generations {
    newer: HashMap<Small, Cached>,
    older: HashMap<Small, Cached>,
}

static CACHE: Mutex<Option<Generations>> = Mutex::new(None);

/// The cache, whole even if a thread panicked while holding it: every update leaves it
/// consistent.
fn lock() -> MutexGuard<'static, Option<Generations>> {
    CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Generations {
    fn get(&mut self, key: &Small) -> Option<Cached> {
        if let Some(&entry) = self.newer.get(key) {
            return Some(entry);
        }
        let entry = self.older.remove(key)?;
        self.insert(*key, entry);
        Some(entry)
    }

    fn insert(&mut self, key: Small, entry: Cached) {
        if self.newer.len() >= GENERATION {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(key, entry);
    }
}

pub(crate) fn get(key: &Small) -> Option<Cached> {
    lock().as_mut()?.get(key)
}

pub(crate) fn put(key: Small, entry: Cached) {
    lock()
        .get_or_insert_with(Generations::default)
        .insert(key, entry);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_generation_goes_when_the_newer_fills_and_hits_move_up() {
        let mut g = Generations::default();
        let key = |i: usize| Small::new(i as u128, 1, 64);
        let entry = |i: usize| Cached {
            value: (i % 7) as u16,
            nodes: i as u64,
            needs: Footprint {
                peak: i,
                deepest: 3,
            },
        };
        for i in 0..GENERATION {
            g.insert(key(i), entry(i));
        }
        assert_eq!((g.newer.len(), g.older.len()), (GENERATION, 0));
        g.insert(key(GENERATION), entry(GENERATION));
        assert_eq!((g.newer.len(), g.older.len()), (1, GENERATION));
        // A hit in the older generation moves the entry to the newer one.
        assert_eq!(g.get(&key(3)), Some(entry(3)));
        assert_eq!((g.newer.len(), g.older.len()), (2, GENERATION - 1));
        for i in GENERATION + 1..2 * GENERATION - 1 {
            g.insert(key(i), entry(i));
        }
        assert_eq!(g.newer.len(), GENERATION);
        g.insert(key(2 * GENERATION), entry(2 * GENERATION));
        // The first generation is gone but for the entry that moved up.
        assert_eq!(g.get(&key(4)), None);
        assert_eq!(g.get(&key(3)), Some(entry(3)));
        assert_eq!(g.get(&key(2 * GENERATION)), Some(entry(2 * GENERATION)));
    }
}
