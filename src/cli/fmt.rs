//! `boardls fmt`: rewrite files in the canonical layout, or `--check` that they are; `fmt -`
//! formats standard input to standard output.

use super::args::WalkArgs;
use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files};
use boardls::syntax::format::format;
use std::path::PathBuf;

#[derive(clap::Args)]
pub(super) struct FmtArgs {
    /// Change nothing; list the files that would change and exit 1 if any.
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Files, folders searched for `*.board`, or `-` (standard input, formatted to stdout).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

pub(super) fn run(args: &FmtArgs, run: &Run<'_>) -> u8 {
    format_files(run, &args.paths, args.check)
}

fn format_files(run: &Run<'_>, paths: &[PathBuf], check: bool) -> u8 {
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
