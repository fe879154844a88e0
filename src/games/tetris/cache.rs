//! Grundy values of small regions, remembered across the boards one process solves (a suite's
//! cases, the editor's edits), shared by every thread, and across runs in a file when a command
//! names one ([`keep_in`], [`save`]).
//!
//! Every region is valued from an empty memo, and a hit is charged the nodes the value cost
//! when it was computed and used only where that work would have fitted the memory and depth
//! caps, so whether a board is solved within a node budget never depends on what was solved
//! before it: the cache saves time, not nodes.
//!
//! The file is a cache, never trusted blindly: it is ignored unless its size, format, solver
//! version and checksum are right and every entry is well formed; it is written whole to a
//! temporary file renamed over the old one, so a reader sees the old file or the new one, and
//! concurrent writers lose entries at worst, never the file.

use super::engine::Footprint;
use super::shape::Small;
use std::collections::{HashMap, HashSet};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Entries in each of the two generations: at most twice this many are held, about 40 bytes
/// each (3 MiB in all).
const GENERATION: usize = 1 << 15;

/// Entries a file keeps: those of both generations (2.6 MB).
const FILE_ENTRIES: usize = 2 * GENERATION;

const MAGIC: &[u8; 8] = b"BLSTETR\n";
/// The layout of the file.
const FORMAT: u32 = 1;
/// The search whose node counts and footprints the entries record: another search would
/// charge other nodes for the same region, so a file written by another version is ignored.
/// The suffix changes when the search's node counts do within one version.
const SOLVER: &str = concat!(env!("CARGO_PKG_VERSION"), "+search-1");
/// An entry: the part (two words of bits, height, width), then its value, nodes, peak bytes
/// and deepest level.
const ENTRY_BYTES: usize = 8 + 8 + 1 + 1 + 2 + 8 + 8 + 4;

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

/// The entries, and the file they persist in.
#[derive(Default)]
struct State {
    generations: Generations,
    file: Option<PathBuf>,
    /// The file has been read (on the first lookup after [`keep_in`]).
    read: bool,
    /// Entries were added since the file was read.
    unsaved: bool,
}

static CACHE: Mutex<Option<State>> = Mutex::new(None);

/// The cache, whole even if a thread panicked while holding it: every update leaves it
/// consistent.
fn lock() -> MutexGuard<'static, Option<State>> {
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

    /// Every entry, the newer generation first.
    fn entries(&self) -> impl Iterator<Item = (Small, Cached)> + '_ {
        self.newer.iter().chain(&self.older).map(|(&k, &v)| (k, v))
    }
}

impl State {
    fn read_file_once(&mut self) {
        if self.read {
            return;
        }
        self.read = true;
        let Some(entries) = self.file.as_deref().and_then(read) else {
            return;
        };
        // Entries of this run come first: the file's go to the older generation.
        let older = &mut self.generations.older;
        for (key, entry) in entries.into_iter().take(GENERATION) {
            older.entry(key).or_insert(entry);
        }
    }
}

pub(crate) fn get(key: &Small) -> Option<Cached> {
    let mut guard = lock();
    let state = guard.as_mut()?;
    state.read_file_once();
    state.generations.get(key)
}

pub(crate) fn put(key: Small, entry: Cached) {
    let mut guard = lock();
    let state = guard.get_or_insert_with(State::default);
    state.read_file_once();
    state.generations.insert(key, entry);
    state.unsaved = true;
}

/// Keeps the cache in `file` across runs: read at the first lookup, written by [`save`].
pub(crate) fn keep_in(file: PathBuf) {
    let mut guard = lock();
    let state = guard.get_or_insert_with(State::default);
    state.file = Some(file);
    state.read = false;
}

/// Writes the entries to the file named by [`keep_in`], merged with what other runs saved
/// there meanwhile, when this run added any. `Ok(false)` when there was nothing to write.
pub(crate) fn save() -> io::Result<bool> {
    let (file, ours) = {
        let mut guard = lock();
        let Some(state) = guard.as_mut() else {
            return Ok(false);
        };
        let Some(file) = state.file.clone().filter(|_| state.unsaved) else {
            return Ok(false);
        };
        state.unsaved = false;
        let ours: Vec<(Small, Cached)> = state.generations.entries().collect();
        (file, ours)
    };
    save_merged(&file, ours)?;
    Ok(true)
}

/// Writes `ours` to `file` with the entries already there that it lacks, up to the bound.
fn save_merged(file: &Path, ours: Vec<(Small, Cached)>) -> io::Result<()> {
    let theirs = read(file).unwrap_or_default();
    let mut seen = HashSet::new();
    let entries: Vec<(Small, Cached)> = ours
        .into_iter()
        .chain(theirs)
        .filter(|(key, _)| seen.insert(*key))
        .take(FILE_ENTRIES)
        .collect();
    write_atomically(file, &encode(&entries))
}

fn write_atomically(file: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let mut temp = tempfile::NamedTempFile::new_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

fn header() -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&(SOLVER.len() as u32).to_le_bytes());
    out.extend_from_slice(SOLVER.as_bytes());
    out
}

fn encode(entries: &[(Small, Cached)]) -> Vec<u8> {
    let mut out = header();
    out.reserve(4 + entries.len() * ENTRY_BYTES + 4);
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for (key, entry) in entries {
        let bits = key.bits();
        out.extend_from_slice(&(bits as u64).to_le_bytes());
        out.extend_from_slice(&((bits >> 64) as u64).to_le_bytes());
        out.extend_from_slice(&[key.h, key.w]);
        out.extend_from_slice(&entry.value.to_le_bytes());
        out.extend_from_slice(&entry.nodes.to_le_bytes());
        out.extend_from_slice(&(entry.needs.peak as u64).to_le_bytes());
        out.extend_from_slice(&entry.needs.deepest.to_le_bytes());
    }
    let sum = crc32fast::hash(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The entries of a file, or `None` when it is missing, too large, of another format or
/// solver, damaged, or holds an entry that cannot be right.
fn read(file: &Path) -> Option<Vec<(Small, Cached)>> {
    let max = header().len() + 4 + FILE_ENTRIES * ENTRY_BYTES + 4;
    let len = std::fs::metadata(file).ok()?.len();
    if len > max as u64 {
        return None;
    }
    decode(&std::fs::read(file).ok()?)
}

fn decode(bytes: &[u8]) -> Option<Vec<(Small, Cached)>> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(4)?)?;
    if crc32fast::hash(body).to_le_bytes() != sum {
        return None;
    }
    let rest = body.strip_prefix(header().as_slice())?;
    let (count, mut rest) = rest.split_first_chunk::<4>()?;
    let count = u32::from_le_bytes(*count) as usize;
    if count > FILE_ENTRIES || rest.len() != count * ENTRY_BYTES {
        return None;
    }
    let mut take = |n: usize| {
        let (field, after) = rest.split_at(n);
        rest = after;
        field
    };
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let lo = u64::from_le_bytes(take(8).try_into().ok()?);
        let hi = u64::from_le_bytes(take(8).try_into().ok()?);
        let dims = take(2);
        let key = Small::new(
            u128::from(hi) << 64 | u128::from(lo),
            usize::from(dims[0]),
            usize::from(dims[1]),
        );
        let value = u16::from_le_bytes(take(2).try_into().ok()?);
        let nodes = u64::from_le_bytes(take(8).try_into().ok()?);
        let peak = usize::try_from(u64::from_le_bytes(take(8).try_into().ok()?)).ok()?;
        let deepest = u32::from_le_bytes(take(4).try_into().ok()?);
        // A Node Kayles value is at most the number of placements.
        if !key.is_well_formed() || u32::from(value) > key.bits().count_ones() {
            return None;
        }
        let needs = Footprint { peak, deepest };
        entries.push((
            key,
            Cached {
                value,
                nodes,
                needs,
            },
        ));
    }
    Some(entries)
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

    fn sample(n: usize) -> Vec<(Small, Cached)> {
        (1..=n)
            .map(|i| {
                // Parts in a 3×5 box (stride 6): any cells of its 15.
                let bits = (0..15)
                    .filter(|b| i >> b & 1 == 1)
                    .fold(0u128, |m, b| m | 1 << (b / 5 * 6 + b % 5));
                let key = Small::new(bits, 3, 5);
                let entry = Cached {
                    value: (i % 3).min(i.count_ones() as usize) as u16,
                    nodes: 1000 + i as u64,
                    needs: Footprint {
                        peak: 4096 * i,
                        deepest: (i % 9) as u32,
                    },
                };
                (key, entry)
            })
            .collect()
    }

    #[test]
    fn files_round_trip() {
        let entries = sample(300);
        assert_eq!(decode(&encode(&entries)), Some(entries));
        assert_eq!(decode(&encode(&[])), Some(vec![]));
    }

    #[test]
    fn damaged_or_foreign_files_are_ignored() {
        let good = encode(&sample(50));
        // Any flipped bit, anywhere, is caught by the checksum.
        for i in (0..good.len()).step_by(7) {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            assert_eq!(decode(&bad), None, "byte {i}");
        }
        for cut in [0, 3, 8, good.len() / 2, good.len() - 1] {
            assert_eq!(decode(&good[..cut]), None, "cut at {cut}");
        }
        // Another solver's file, even with a right checksum.
        let mut foreign = good.clone();
        let at = MAGIC.len() + 4 + 4;
        foreign[at] ^= 1;
        let n = foreign.len() - 4;
        let sum = crc32fast::hash(&foreign[..n]).to_le_bytes();
        foreign[n..].copy_from_slice(&sum);
        assert_eq!(decode(&foreign), None);
        // Entries that cannot be right, checksummed as if they were: a cell in the guard
        // column, a value above the number of placements, an empty part.
        for key in [
            Small::new(1 << 5, 3, 5),
            Small::new(0, 3, 5),
            Small::new(1, 0, 5),
        ] {
            let bad = encode(&[(key, sample(1)[0].1)]);
            assert_eq!(decode(&bad), None, "{key:?}");
        }
        let mut too_big = sample(1);
        too_big[0].1.value = 9;
        assert_eq!(decode(&encode(&too_big)), None);
    }

    #[test]
    fn saving_merges_with_the_file_and_replaces_it_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("deeper").join("tetris.bin");
        assert_eq!(read(&file), None);
        let all = sample(120);
        save_merged(&file, all[..80].to_vec()).expect("saved");
        assert_eq!(read(&file).map(|e| e.len()), Some(80));
        // Another run saves entries of its own, some the same: both runs' entries stay, once.
        save_merged(&file, all[60..].to_vec()).expect("saved");
        let mut got = read(&file).expect("readable");
        got.sort_by_key(|(k, _)| (k.bits(), k.h, k.w));
        let mut want = all.clone();
        want.sort_by_key(|(k, _)| (k.bits(), k.h, k.w));
        assert_eq!(got, want);
        // Nothing but the file is left in the directory (the temporary file was renamed).
        let names: Vec<_> = std::fs::read_dir(file.parent().expect("parent"))
            .expect("listable")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("tetris.bin")]);
        // A damaged file is ignored and replaced.
        std::fs::write(&file, b"not a cache").expect("written");
        assert_eq!(read(&file), None);
        save_merged(&file, all[..10].to_vec()).expect("saved");
        assert_eq!(read(&file).map(|e| e.len()), Some(10));
    }
}
