//! `boardls fmt`: rewrite files in the canonical layout, or `--check` that they are; `fmt -`
//! formats standard input to standard output.

use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files};
use boardls::syntax::format::format;
use std::path::PathBuf;

pub(super) fn run(run: &Run<'_>, paths: &[PathBuf], check: bool) -> u8 {
    let Some(sources) = files::read_all(paths, &run.walk) else {
        return EXIT_UNUSABLE;
    };
    let mut out = Printer::stdout();
    let mut changed = 0;
    for (path, source) in &sources {
        let shown = run.shown(path);
        if source.invalid_utf8_at.is_some() {
            eprintln!("boardls: {shown}: not UTF-8; left as it is");
            if files::is_stdin(path) && !check {
                return EXIT_UNUSABLE;
            }
            continue;
        }
        let formatted = format(&source.text);
        if files::is_stdin(path) && !check {
            out.print(&formatted);
            continue;
        }
        if formatted == source.text {
            continue;
        }
        changed += 1;
        if check {
            out.print(&format!("{shown}: not formatted\n"));
        } else if let Err(e) = files::write_atomic(path, formatted.as_bytes()) {
            eprintln!("boardls: {shown}: {e}");
            return EXIT_UNUSABLE;
        }
    }
    if check && changed > 0 {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}
