//! `.board` files on disk: read as text (what is not UTF-8 is reported, not refused), and
//! written atomically. The command line and the language server read and write through here.

use crate::analysis::codes::NOT_UTF8;
use crate::diag::Diagnostic;
use crate::span::Span;
use atomic_write_file::AtomicWriteFile;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// The text of a file, decoded.
pub struct SourceText {
    pub text: String,
    /// Where the bytes stop being UTF-8 (the text then holds a lossy decoding).
    pub invalid_utf8_at: Option<usize>,
}

impl SourceText {
    /// What reading the file found: E216 where its bytes stop being UTF-8.
    pub fn reading_findings(&self) -> Vec<Diagnostic> {
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

pub fn read(path: &Path) -> Result<SourceText, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(decode(bytes))
}

pub fn decode(bytes: Vec<u8>) -> SourceText {
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

/// Writes through a temporary file in the same folder and a rename, so that an interrupted
/// run leaves either the old file or the new one, never half of one. The file keeps its
/// permissions and owner, and a symlink is written through (the link stays, its target
/// changes), as an editor's save does.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let target = match fs::canonicalize(path) {
        Ok(resolved) => resolved,
        // A new file: nothing to resolve.
        Err(e) if e.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(e) => return Err(e),
    };
    let mut file = AtomicWriteFile::options().open(&target)?;
    file.write_all(contents)?;
    file.commit()
}
