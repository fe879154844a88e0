//! Caps and budgets: named, documented, and overridable from the command line or the editor;
//! and the layers of settings that make the configuration in effect.

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
/// `.board` files the language server checks per workspace folder without their being open
/// (workspace diagnostics): a suite is tens or hundreds of files; a folder with more is most
/// likely not a suite, and solving all of it would keep the machine busy for nothing.
pub const MAX_WORKSPACE_FILES: usize = 2_000;
/// Bytes of closed `.board` files the language server holds per workspace folder, for the same
/// reason; files past it are left out (and named once).
pub const MAX_WORKSPACE_BYTES: u64 = 256 * 1024 * 1024;
/// Cases a suite finding points to as related places (the cases of the game in the file that
/// holds it): enough to see what the suite has instead, few enough that an editor's hover
/// and a terminal's notes stay readable for a suite of hundreds of cases.
pub const MAX_SUITE_RELATED: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Codes reported as errors whatever their own severity (`deny`), so that CI can fail on a
    /// warning or a suite finding. A file's own `allow` still silences them in that file.
    pub deny: Vec<String>,
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

    /// Silences `codes`, taking them off `deny`: a layer's word on a code replaces what the
    /// layers below it said (the command line over the project's `boardls.toml`, …).
    pub fn allow_codes(&mut self, codes: &[String]) {
        for code in codes {
            self.deny.retain(|c| c != code);
            if !self.allow.contains(code) {
                self.allow.push(code.clone());
            }
        }
    }

    /// Makes `codes` errors, taking them off `allow` (see [`Config::allow_codes`]).
    pub fn deny_codes(&mut self, codes: &[String]) {
        for code in codes {
            self.allow.retain(|c| c != code);
            if !self.deny.contains(code) {
                self.deny.push(code.clone());
            }
        }
    }

    /// Sets the solve cache's cap from MiB, as the command line and the editor give it.
    pub fn set_solve_cache_mib(&mut self, mib: u64) {
        self.solve_cache = mib_to_bytes(mib);
    }

    /// The configuration in effect: `self` (the defaults and the command-line flags) under
    /// `layers`, lowest first — the project's `boardls.toml`, then the editor's settings. A
    /// layer's value wins over every value below it; what a layer leaves unset passes through.
    pub fn layered(&self, layers: &[&Settings]) -> Config {
        let mut config = self.clone();
        for layer in layers {
            if let Some(nodes) = layer.solve_nodes {
                config.solve_nodes = nodes;
            }
            if let Some(time) = layer.solve_time {
                config.solve_time = Some(time);
            }
            if let Some(mib) = layer.solve_memory_mib {
                config.set_solve_memory_mib(mib);
            }
            if let Some(mib) = layer.solve_cache_mib {
                config.set_solve_cache_mib(mib);
            }
            if let Some(allow) = &layer.allow {
                config.allow.clone_from(allow);
            }
        }
        config
    }

    /// Whether a case unsolved under `self` could be solved under `other`, or the reverse: the
    /// limits of a solve differ.
    pub fn same_budget(&self, other: &Config) -> bool {
        (self.solve_nodes, self.solve_time, self.solve_memory)
            == (other.solve_nodes, other.solve_time, other.solve_memory)
    }
}

/// One layer of settings over the command line's [`Config`]: what the layer sets, `None` where
/// the layer below decides. The editor's settings are one; the project's `boardls.toml` is
/// the place of another, between the command line and the editor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub solve_nodes: Option<u64>,
    pub solve_time: Option<Duration>,
    /// MiB; 0 fits no solve, so whoever reads a layer leaves 0 unset.
    pub solve_memory_mib: Option<u64>,
    /// MiB of the language server's solve cache (shared by every file, so the server reads it
    /// from the settings of no particular folder).
    pub solve_cache_mib: Option<u64>,
    /// Codes silenced everywhere; a layer's list replaces the one below.
    pub allow: Option<Vec<String>>,
}

impl Settings {
    /// `self` with what `over` sets on top.
    pub fn merged(&self, over: &Settings) -> Settings {
        Settings {
            solve_nodes: over.solve_nodes.or(self.solve_nodes),
            solve_time: over.solve_time.or(self.solve_time),
            solve_memory_mib: over.solve_memory_mib.or(self.solve_memory_mib),
            solve_cache_mib: over.solve_cache_mib.or(self.solve_cache_mib),
            allow: over.allow.clone().or_else(|| self.allow.clone()),
        }
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
            deny: Vec::new(),
        }
    }
}
