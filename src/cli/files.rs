//! Finding `.board` files and reading them (through the library's `authoring::files`), and
//! reading judge input from a file or standard input.

pub(super) use boardls::authoring::files::{SourceText, read, write_atomic};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Files and folders (searched recursively for `*.board`, in name order). A path that does
/// not exist is an error: the caller exits with "unusable input".
pub(super) fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        let meta = fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            walk(path, &mut out).map_err(|e| format!("{}: {e}", path.display()))?;
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<_> = fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "board") {
            out.push(path);
        }
    }
    Ok(())
}

/// Every file of `paths`, read; on the first failure the reason is printed and `None` returned
/// (the caller exits with "unusable input").
pub(super) fn read_all(paths: &[PathBuf]) -> Option<Vec<(PathBuf, SourceText)>> {
    let result = collect(paths).and_then(|files| {
        files
            .into_iter()
            .map(|path| read(&path).map(|source| (path, source)))
            .collect()
    });
    result.map_err(|e| eprintln!("boardls: {e}")).ok()
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
