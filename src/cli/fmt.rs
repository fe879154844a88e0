//! `boardls fmt`: rewrite files in the canonical layout, or `--check` that they are.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::syntax::format::format;
use std::path::PathBuf;

pub(super) fn run(paths: &[PathBuf], check: bool) -> u8 {
    let Some(sources) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let mut changed = 0;
    for (path, source) in &sources {
        if source.invalid_utf8_at.is_some() {
            eprintln!("boardls: {}: not UTF-8; left as it is", path.display());
            continue;
        }
        let formatted = format(&source.text);
        if formatted == source.text {
            continue;
        }
        changed += 1;
        if check {
            println!("{}: not formatted", path.display());
        } else if let Err(e) = files::write_atomic(path, formatted.as_bytes()) {
            eprintln!("boardls: {}: {e}", path.display());
            return EXIT_UNUSABLE;
        }
    }
    if check && changed > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
