//! Finding `.board` files and reading them (through the library's `authoring::files`), and
//! reading judge input from a file or standard input.

use boardls::authoring::files::{self, decode};
pub(super) use boardls::authoring::files::{SourceText, write_atomic};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::layers::Layers;
use boardls::project::Exclude;
use ignore::WalkBuilder;

/// How folders are walked: `.gitignore` and hidden files respected unless `no_ignore`, and
/// what `--exclude` and each project's `exclude` leave out. Files named on the command line
/// are always read.
pub(super) struct Walk<'a> {
    pub excludes: Option<Exclude>,
    pub no_ignore: bool,
    pub layers: &'a Layers,
}

/// Files and folders (searched recursively for `*.board`, in name order). A path that does
/// not exist, or a folder with no `.board` file, is an error: the caller exits with
/// "unusable input".
pub(super) fn collect(paths: &[PathBuf], walk: &Walk<'_>) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        if is_stdin(path) {
            out.push(path.clone());
            continue;
        }
        let meta = fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            let before = out.len();
            walk_folder(path, walk, &mut out)?;
            if out.len() == before {
                return Err(format!(
                    "{}: no `.board` file in this folder (`.gitignore`d, hidden and excluded \
                     paths are skipped; `--no-ignore` reads them)",
                    path.display()
                ));
            }
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

fn walk_folder(dir: &Path, walk: &Walk<'_>, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut builder = WalkBuilder::new(dir);
    builder
        .standard_filters(!walk.no_ignore)
        // A `.gitignore` counts in a folder not (yet) under git too, as in ripgrep's `--no-require-git`.
        .require_git(false)
        .sort_by_file_name(std::cmp::Ord::cmp);
    if let Some(excludes) = walk.excludes.clone() {
        builder.filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            !excludes.matches(entry.path(), is_dir)
        });
    }
    for entry in builder.build() {
        let entry = entry.map_err(|e| e.to_string())?;
        let is_file = entry.file_type().is_some_and(|t| t.is_file());
        let path = entry.path();
        if is_file
            && path.extension().is_some_and(|e| e == "board")
            && !walk.layers.excluded(path)?
        {
            out.push(path.to_path_buf());
        }
    }
    Ok(())
}

/// Every file of `paths`, read; on the first failure the reason is printed and `None` returned
/// (the caller exits with "unusable input"). `-` is standard input.
pub(super) fn read_all(paths: &[PathBuf], walk: &Walk<'_>) -> Option<Vec<(PathBuf, SourceText)>> {
    let result = collect(paths, walk).and_then(|files| {
        files
            .into_iter()
            .map(|path| read(&path).map(|source| (path, source)))
            .collect()
    });
    result.map_err(|e| eprintln!("boardls: {e}")).ok()
}

/// Whether `path` is `-`, standard input.
pub(super) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard input, read whole.
pub(super) fn read_stdin() -> Result<SourceText, String> {
    let mut buf = Vec::new();
    io::Read::read_to_end(&mut io::stdin().lock(), &mut buf)
        .map_err(|e| format!("standard input: {e}"))?;
    Ok(decode(buf))
}

/// The file at `path`, or standard input for `-`.
pub(super) fn read(path: &Path) -> Result<SourceText, String> {
    if is_stdin(path) {
        return read_stdin();
    }
    files::read(path)
}

/// Reads FILE, or standard input when there is none.
pub(super) fn read_input(file: Option<&Path>) -> Result<String, String> {
    let bytes = if let Some(path) = file {
        fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?
    } else {
        let mut buf = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut buf)
            .map_err(|e| format!("standard input: {e}"))?;
        buf
    };
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "the input is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}
