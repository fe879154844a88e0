//! Caps and budgets: named, documented, and overridable from the command line or the editor.

use std::time::Duration;

/// Larger files are refused whole: reading them is fine, but analysing them on every
/// keystroke is not, and no real suite needs more.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// More cases than this are reported once and the rest are not analysed.
pub const MAX_CASES: usize = 20_000;
/// Search nodes one case may spend (tetris and strings are the only searches).
pub const SOLVE_NODES: u64 = 50_000_000;
/// Wall time one case may spend in the editor; `check` and `solve` use the same default.
pub const SOLVE_TIME: Duration = Duration::from_secs(10);
/// Diagnostics published per file: a flood helps nobody and slows editors.
pub const MAX_DIAGNOSTICS: usize = 500;

#[derive(Clone, Debug)]
pub struct Config {
    pub max_file_bytes: usize,
    pub max_cases: usize,
    pub solve_nodes: u64,
    pub solve_time: Duration,
    pub max_diagnostics: usize,
    /// Codes silenced everywhere (as `// boardls: allow CODE` does for one file).
    pub allow: Vec<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_file_bytes: MAX_FILE_BYTES,
            max_cases: MAX_CASES,
            solve_nodes: SOLVE_NODES,
            solve_time: SOLVE_TIME,
            max_diagnostics: MAX_DIAGNOSTICS,
            allow: Vec::new(),
        }
    }
}
