//! Where batch commands keep the tetris region cache across runs, and the switch that turns it
//! off.

use boardls::games::tetris::Tetris;
use std::path::PathBuf;

/// Set (to anything but the empty string) to keep no cache across runs.
const NO_CACHE: &str = "BOARDLS_NO_CACHE";
/// A directory to keep the cache in instead of the user's cache directory.
const CACHE_DIR: &str = "BOARDLS_CACHE_DIR";
const FILE: &str = "tetris-regions.bin";

/// The cache file, unless it is turned off or there is no place for it.
fn file() -> Option<PathBuf> {
    if std::env::var_os(NO_CACHE).is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let dir = match std::env::var_os(CACHE_DIR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => dirs::cache_dir()?.join("boardls"),
    };
    Some(dir.join(FILE))
}

/// Runs a batch command with the cache kept in its file (read when a region is first valued,
/// written back at the end when the command valued new ones).
pub(crate) fn around<T>(command: impl FnOnce() -> T) -> T {
    let Some(file) = file() else {
        return command();
    };
    Tetris::keep_cache_in(file.clone());
    let code = command();
    // A cache that cannot be written only costs time next run: say so, keep the exit code.
    if let Err(e) = Tetris::save_cache() {
        eprintln!(
            "boardls: warning: the tetris cache was not saved to {} ({e}); set {NO_CACHE}=1 to \
             keep none",
            file.display()
        );
    }
    code
}
