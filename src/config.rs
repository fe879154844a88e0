//! Caps and budgets: named, documented, and overridable from the command line or the editor.

use std::time::Duration;

/// Larger files are refused whole: reading them is fine, but analysing them on every
/// keystroke is not, and no real suite needs more.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// More cases than this are reported once and the rest are not analysed.
pub const MAX_CASES: usize = 20_000;
/// Search nodes one case may spend (tetris, and strings beyond the original n ≤ 20, are the only
/// searches; the other solvers are polynomial and bounded by memory alone). A count, not a
/// time, so that batch commands give the same output on any machine.
pub(crate) const SOLVE_NODES: u64 = 50_000_000;
/// Wall time one search may spend in the editor, which must stay responsive whatever the
/// machine. Batch commands have no time limit unless `--time` sets one.
pub(crate) const EDITOR_SOLVE_TIME: Duration = Duration::from_secs(10);
/// Bytes one case's solver may allocate. Every solver estimates what it will hold from the
/// board's size and refuses (`W211`, "too large to solve") before allocating when it is more;
/// searches also count what they hold as they go. 1 GiB is well above what boards within the
/// games' own structural limits need (zgame's 25 M cells: 72 MiB; race's 4 Mi cells: under
/// 300 MiB; tetris's 1 Mi cells: about 130 MiB besides its memo, itself capped at 96 MiB;
/// strings at its state cap: about 100 MiB), so by default those limits and the time budget
/// decide, and every original maximum input and every test and bench board (at most 12 MiB)
/// fits many times over. Lower it where several solves share a small machine.
pub(crate) const SOLVE_MEMORY: usize = 1 << 30;
/// Bytes the language server's solve cache may hold (verdicts of case contents seen before,
/// shared by every open file), least recently used out first. A 500 × 500 zgame verdict with
/// its per-cell map holds about 0.5 MB, so this keeps a couple of hundred versions of the
/// largest board and many thousands of small cases: undo and switching files stay instant,
/// while a day of edits to a big board cannot grow the server beyond it.
pub const SOLVE_CACHE: usize = 128 << 20;
/// Diagnostics published per file: a flood helps nobody and slows editors.
pub const MAX_DIAGNOSTICS: usize = 500;

#[derive(Clone, Debug)]
pub struct Config {
    pub max_file_bytes: usize,
    pub max_cases: usize,
    pub solve_nodes: u64,
    /// Wall time one search may spend; `None`: only the node count stops it.
    pub solve_time: Option<Duration>,
    /// Bytes, see [`SOLVE_MEMORY`].
    pub solve_memory: usize,
    /// Bytes, see [`SOLVE_CACHE`].
    pub solve_cache: usize,
    pub max_diagnostics: usize,
    /// Codes silenced everywhere (as `// boardls: allow CODE` does for one file).
    pub allow: Vec<String>,
}

impl Config {
    /// The configuration of the language server: the batch defaults and a time limit on
    /// searches, so that a keystroke is never answered minutes late.
    pub fn editor() -> Config {
        Config {
            solve_time: Some(EDITOR_SOLVE_TIME),
            ..Config::default()
        }
    }

    /// Sets the memory cap from MiB, as the command line and the editor give it.
    pub fn set_solve_memory_mib(&mut self, mib: u64) {
        self.solve_memory = mib_to_bytes(mib);
    }

    /// Sets the solve cache's cap from MiB, as the command line and the editor give it.
    pub fn set_solve_cache_mib(&mut self, mib: u64) {
        self.solve_cache = mib_to_bytes(mib);
    }
}

/// Saturates on 32-bit targets, where no cap that large could bind anyway.
fn mib_to_bytes(mib: u64) -> usize {
    usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_file_bytes: MAX_FILE_BYTES,
            max_cases: MAX_CASES,
            solve_nodes: SOLVE_NODES,
            solve_time: None,
            solve_memory: SOLVE_MEMORY,
            solve_cache: SOLVE_CACHE,
            max_diagnostics: MAX_DIAGNOSTICS,
            allow: Vec::new(),
        }
    }
}
