//! `boardls export`: `.board` files → a judge-ready folder (`01.in`, `01.ans`, …, `tests.json`),
//! flat or in the Kattis problem-package layout (written by the library's `authoring::export`).
//! `build` writes through the same functions.

use super::args::{BudgetArgs, CodeArgs, JobsArg, WalkArgs};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files, pipeline, suite_anchor};
use boardls::analysis::{self, SolveCache};
use boardls::authoring::export::{self, Defaults, Item, Overwrite, SuiteWriter};
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

#[derive(clap::Args)]
pub(super) struct ExportArgs {
    /// Files, or folders searched for `*.board`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The test folder, built whole beside it, then swapped into place (default: `[export]
    /// out` in `boardls.toml`).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Replace the folder an earlier export or build wrote there (its `tests.json`); a folder
    /// holding anything else is refused.
    #[arg(long)]
    force: bool,
    /// `flat` (`01.in`, …) or `kattis` (`data/sample/`, `data/secret/[GROUP/]`).
    #[arg(long, value_enum, default_value = "flat")]
    layout: Layout,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    pub codes: CodeArgs,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &ExportArgs, run: &Run<'_>) -> Result<u8, String> {
    let first = args.paths.first().cloned().unwrap_or_default();
    let out = match &args.out {
        Some(out) => out.clone(),
        None => run
            .layers
            .project_for(&suite_anchor(run, &first))?
            .map(|p| p.export_out())
            .transpose()?
            .flatten()
            .ok_or("export: give --out DIR, or `out` in `[export]` of boardls.toml")?,
    };
    let config = run.config_for(&suite_anchor(run, &first))?;
    Ok(export_paths(
        &args.paths,
        &out,
        args.force,
        args.layout,
        &config,
        &run.walk,
        args.jobs.jobs(),
    ))
}

fn export_paths(
    paths: &[PathBuf],
    out: &Path,
    force: bool,
    layout: Layout,
    config: &Config,
    walk: &files::Walk<'_>,
    jobs: pipeline::Jobs,
) -> u8 {
    match solve_paths(paths, out, layout, config, walk, jobs) {
        Ok(export) => export.finish(force),
        Err(code) => code,
    }
}

/// Exports `paths` as a test folder at `out` as `run` does, without the closing line: the
/// folder of a command that reads it back (`strength`). The exit status when it fails.
pub(super) fn write_paths_quietly(
    paths: &[PathBuf],
    out: &Path,
    config: &Config,
    walk: &files::Walk<'_>,
    jobs: pipeline::Jobs,
) -> Result<usize, u8> {
    solve_paths(paths, out, Layout::Flat, config, walk, jobs)?.place(false)
}

/// The files of `paths` solved and written, in order, to an export at `out` not yet in place.
fn solve_paths(
    paths: &[PathBuf],
    out: &Path,
    layout: Layout,
    config: &Config,
    walk: &files::Walk<'_>,
    jobs: pipeline::Jobs,
) -> Result<Export, u8> {
    let list = match files::collect(paths, walk) {
        Ok(list) => list,
        Err(e) => {
            eprintln!("boardls: {e}");
            return Err(EXIT_UNUSABLE);
        }
    };
    let mut export = Export::new(out, layout);
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
                export.add(file);
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
        return Err(EXIT_UNUSABLE);
    }
    Ok(export)
}

/// Exports `sources` (solved one after the other) as a test folder at `out`.
pub(super) fn write_sources(
    sources: &[Source],
    out: &Path,
    force: bool,
    layout: Layout,
    config: &Config,
) -> u8 {
    let mut export = Export::new(out, layout);
    for source in sources {
        export.add(solve_source(source, config));
    }
    export.finish(force)
}

/// [`write_sources`] without the closing line (see [`write_paths_quietly`]).
pub(super) fn write_sources_quietly(
    sources: &[Source],
    out: &Path,
    config: &Config,
) -> Result<usize, u8> {
    let mut export = Export::new(out, Layout::Flat);
    for source in sources {
        export.add(solve_source(source, config));
    }
    export.place(false)
}

/// The solved cases of one source, and its errors as printed.
#[derive(Default)]
struct Solved {
    items: Vec<Item>,
    errors: usize,
    shown: String,
}

/// An export under way: each source's cases written as it comes, its errors printed.
struct Export {
    out: PathBuf,
    cases: usize,
    errors: usize,
    /// The folder being written, or why it cannot be.
    writer: Result<SuiteWriter, String>,
}

impl Export {
    fn new(out: &Path, layout: Layout) -> Export {
        Export {
            out: out.to_path_buf(),
            cases: 0,
            errors: 0,
            writer: SuiteWriter::new(out, layout.into()),
        }
    }

    fn add(&mut self, file: Solved) {
        eprint!("{}", file.shown);
        self.errors += file.errors;
        self.cases += file.items.len();
        // After an error nothing is exported: the cases are only counted.
        if self.errors > 0 {
            return;
        }
        let Ok(writer) = &mut self.writer else { return };
        for item in file.items {
            if let Err(e) = writer.add(item) {
                self.writer = Err(e);
                return;
            }
        }
    }

    /// Puts the folder in place, or says why not: a judge folder must hold every case.
    fn finish(self, force: bool) -> u8 {
        let out = self.out.clone();
        match self.place(force) {
            Ok(count) => {
                eprintln!("boardls: wrote {count} test(s) to {}", out.display());
                EXIT_OK
            }
            Err(code) => code,
        }
    }

    /// Puts the folder in place and says how many tests it holds, or prints why not and gives
    /// the exit status.
    fn place(self, force: bool) -> Result<usize, u8> {
        if self.errors > 0 {
            eprintln!(
                "boardls: {} error(s); nothing exported (a judge folder must hold every case)",
                self.errors
            );
            return Err(EXIT_ERRORS);
        }
        if self.cases == 0 {
            eprintln!("boardls: no cases to export");
            return Err(EXIT_ERRORS);
        }
        let overwrite = if force {
            Overwrite::EarlierExport
        } else {
            Overwrite::Never
        };
        self.writer
            .and_then(|writer| writer.finish(overwrite))
            .map_err(|e| {
                eprintln!("boardls: {e}");
                EXIT_UNUSABLE
            })
    }
}

/// The solved cases of one source (its analysis dropped), and its errors as printed.
fn solve_source(source: &Source, config: &Config) -> Solved {
    let checked = analysis::check_in_parallel(&source.text, config, &SolveCache::new());
    let index = LineIndex::new(&source.text);
    let mut reading = files::SourceText {
        text: String::new(),
        invalid_utf8_at: source.invalid_utf8_at,
    }
    .reading_findings();
    reading.extend(export::judge_findings(&checked));
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

/// The `.board` files of `paths` (folders walked) as sources, in order.
pub(super) fn sources_of(paths: &[PathBuf], walk: &files::Walk<'_>) -> Result<Vec<Source>, u8> {
    let unusable = |e: String| {
        eprintln!("boardls: {e}");
        EXIT_UNUSABLE
    };
    let mut sources = Vec::new();
    for path in files::collect(paths, walk).map_err(unusable)? {
        let read = files::read(&path).map_err(unusable)?;
        sources.push(Source {
            name: path.display().to_string(),
            text: read.text,
            invalid_utf8_at: read.invalid_utf8_at,
            defaults: Defaults::default(),
        });
    }
    Ok(sources)
}

/// Every solved case of `sources`, their errors printed; after an error, the exit status
/// (a judge folder must hold every case).
pub(super) fn solve_sources(sources: &[Source], config: &Config) -> Result<Vec<Item>, u8> {
    let mut items = Vec::new();
    let mut errors = 0;
    for source in sources {
        let solved = solve_source(source, config);
        eprint!("{}", solved.shown);
        errors += solved.errors;
        items.extend(solved.items);
    }
    if errors > 0 {
        eprintln!(
            "boardls: {errors} error(s); nothing written (a judge folder must hold every case)"
        );
        return Err(EXIT_ERRORS);
    }
    Ok(items)
}
