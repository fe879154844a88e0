//! Finding `.board` files, reading them as text, and writing files atomically.

use boardls::analysis::codes::NOT_UTF8;
use boardls::diag::Diagnostic;
use boardls::span::Span;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The text of a file, decoded.
pub(super) struct SourceText {
    pub text: String,
    /// Where the bytes stop being UTF-8 (the text then holds a lossy decoding).
    pub invalid_utf8_at: Option<usize>,
}

impl SourceText {
    /// What reading the file found: E216 where its bytes stop being UTF-8.
    pub(super) fn reading_findings(&self) -> Vec<Diagnostic> {
        self.invalid_utf8_at
            .map(|at| {
                Diagnostic::error(
                    NOT_UTF8,
                    Span::new(at, at),
                    format!(
                        "the file is not valid UTF-8 from byte {at} on; it was read with \
                         replacement characters"
                    ),
                )
            })
            .into_iter()
            .collect()
    }
}

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

pub(super) fn read(path: &Path) -> Result<SourceText, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(decode(bytes))
}

pub(super) fn decode(bytes: Vec<u8>) -> SourceText {
    match String::from_utf8(bytes) {
        Ok(text) => SourceText {
            text,
            invalid_utf8_at: None,
        },
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            SourceText {
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                invalid_utf8_at: Some(at),
            }
        }
    }
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

/// Writes through a temporary file in the same folder and a rename, so that an interrupted
/// run leaves either the old file or the new one, never half of one.
pub(super) fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.boardls-{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
