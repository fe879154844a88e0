//! `boardls export`: `.board` files → a judge-ready folder (`01.in`, `01.ans`, …, `tests.json`),
//! flat or in the Kattis problem-package layout (written by the library's `authoring::export`).
//! `build` writes through the same functions.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::analysis::{self, SolveCache};
use boardls::authoring::export::{self, Defaults, Item, Overwrite};
use boardls::config::Config;
use boardls::diag::Severity;
use boardls::emit;
use boardls::span::LineIndex;
use clap::ValueEnum;
use std::path::{Path, PathBuf};

/// How the tests are laid out in the output folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Layout {
    /// `01.in`, `01.ans`, … (one folder per game when there are several).
    #[default]
    Flat,
    /// `data/sample/01.in|.ans`, `data/secret/[GROUP/]01.in|.ans`, as Kattis and `DOMjudge` read
    /// a problem package (`GAME/data/…` when there are several games).
    Kattis,
}

impl From<Layout> for export::Layout {
    fn from(layout: Layout) -> export::Layout {
        match layout {
            Layout::Flat => export::Layout::Flat,
            Layout::Kattis => export::Layout::Kattis,
        }
    }
}

/// A `.board` text to export, with the labels its cases take when they have none of their own.
pub(super) struct Source {
    /// How messages and `tests.json` name it.
    pub name: String,
    pub text: String,
    pub invalid_utf8_at: Option<usize>,
    pub defaults: Defaults,
}

pub(super) fn run(
    paths: &[PathBuf],
    out: &Path,
    force: bool,
    layout: Layout,
    config: &Config,
    walk: &files::Walk<'_>,
) -> u8 {
    let Some(read) = files::read_all(paths, walk) else {
        return EXIT_UNUSABLE;
    };
    let sources: Vec<Source> = read
        .into_iter()
        .map(|(path, source)| Source {
            name: path.display().to_string(),
            text: source.text,
            invalid_utf8_at: source.invalid_utf8_at,
            defaults: Defaults::default(),
        })
        .collect();
    let items = match solved_items(&sources, config) {
        Ok(items) => items,
        Err(code) => return code,
    };
    write_suite(items, out, force, layout)
}

/// Every case of `sources`, solved; errors are printed and the exit code returned instead,
/// since a judge folder must hold every case.
pub(super) fn solved_items(sources: &[Source], config: &Config) -> Result<Vec<Item>, u8> {
    let cache = SolveCache::new();
    let mut items = Vec::new();
    let mut errors = 0;
    for source in sources {
        let checked = analysis::check(&source.text, config, &cache);
        let index = LineIndex::new(&source.text);
        let reading = files::SourceText {
            text: String::new(),
            invalid_utf8_at: source.invalid_utf8_at,
        }
        .reading_findings();
        for d in checked
            .report_with(reading, None, config)
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            errors += 1;
            eprint!("{}", emit::human(&source.name, &source.text, &index, d));
        }
        items.extend(export::solved_items(
            &source.name,
            &source.text,
            &checked,
            &source.defaults,
        ));
    }
    if errors > 0 {
        eprintln!(
            "boardls: {errors} error(s); nothing exported (a judge folder must hold every case)"
        );
        return Err(EXIT_ERRORS);
    }
    if items.is_empty() {
        eprintln!("boardls: no cases to export");
        return Err(EXIT_ERRORS);
    }
    Ok(items)
}

/// Writes `items` as a test folder at `out`, replacing what it holds only with `force`.
pub(super) fn write_suite(items: Vec<Item>, out: &Path, force: bool, layout: Layout) -> u8 {
    let overwrite = if force {
        Overwrite::Always
    } else {
        Overwrite::Never
    };
    match export::write_suite(items, out, overwrite, layout.into()) {
        Ok(count) => {
            eprintln!("boardls: wrote {count} test(s) to {}", out.display());
            EXIT_OK
        }
        Err(e) => {
            eprintln!("boardls: {e}");
            EXIT_UNUSABLE
        }
    }
}
