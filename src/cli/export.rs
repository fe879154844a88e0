//! `boardls export`: `.board` files → a judge-ready folder (`01.in`, `01.ans`, …, `tests.json`),
//! flat or in the Kattis problem-package layout (written by the library's `authoring::export`).
//! `build` writes through the same functions.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files, pipeline};
use boardls::analysis::{self, SolveCache};
use boardls::authoring::export::{self, Defaults, Item, Overwrite};
use boardls::config::Config;
use boardls::diag::Severity;
use boardls::emit;
use boardls::span::LineIndex;
use clap::ValueEnum;
use std::ops::ControlFlow;
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
    jobs: usize,
) -> u8 {
    let list = match files::collect(paths, walk) {
        Ok(list) => list,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let mut solved = Solved::default();
    let mut unreadable = None;
    pipeline::run_ordered(
        list,
        jobs,
        |path| path,
        |path| {
            let read = files::read(&path)?;
            let source = Source {
                name: path.display().to_string(),
                text: read.text,
                invalid_utf8_at: read.invalid_utf8_at,
                defaults: Defaults::default(),
            };
            Ok(solve_source(&source, config))
        },
        |file: Result<Solved, String>| match file {
            Ok(file) => {
                solved.add(file);
                ControlFlow::Continue(())
            }
            Err(e) => {
                unreadable = Some(e);
                ControlFlow::Break(())
            }
        },
    );
    if let Some(e) = unreadable {
        eprintln!("boardls: {e}");
        return EXIT_UNUSABLE;
    }
    let items = match solved.items() {
        Ok(items) => items,
        Err(code) => return code,
    };
    write_suite(items, out, force, layout)
}

/// The solved cases of some sources, and their errors as printed.
#[derive(Default)]
struct Solved {
    items: Vec<Item>,
    errors: usize,
    shown: String,
}

impl Solved {
    fn add(&mut self, other: Solved) {
        self.items.extend(other.items);
        self.errors += other.errors;
        self.shown.push_str(&other.shown);
    }

    /// The items, or the exit code after the errors are printed: a judge folder must hold
    /// every case.
    fn items(self) -> Result<Vec<Item>, u8> {
        eprint!("{}", self.shown);
        if self.errors > 0 {
            eprintln!(
                "boardls: {} error(s); nothing exported (a judge folder must hold every case)",
                self.errors
            );
            return Err(EXIT_ERRORS);
        }
        if self.items.is_empty() {
            eprintln!("boardls: no cases to export");
            return Err(EXIT_ERRORS);
        }
        Ok(self.items)
    }
}

/// Every case of `sources`, solved; errors are printed and the exit code returned instead,
/// since a judge folder must hold every case.
pub(super) fn solved_items(sources: &[Source], config: &Config) -> Result<Vec<Item>, u8> {
    let mut solved = Solved::default();
    for source in sources {
        solved.add(solve_source(source, config));
    }
    solved.items()
}

/// The solved cases of one source (its analysis dropped), and its errors as printed.
fn solve_source(source: &Source, config: &Config) -> Solved {
    let checked = analysis::check(&source.text, config, &SolveCache::new());
    let index = LineIndex::new(&source.text);
    let reading = files::SourceText {
        text: String::new(),
        invalid_utf8_at: source.invalid_utf8_at,
    }
    .reading_findings();
    let mut solved = Solved::default();
    for d in checked
        .report_with(reading, None, config)
        .iter()
        .filter(|d| d.severity == Severity::Error)
    {
        solved.errors += 1;
        solved
            .shown
            .push_str(&emit::human(&source.name, &source.text, &index, d));
    }
    solved.items = export::solved_items(&source.name, &source.text, &checked, &source.defaults);
    solved
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
