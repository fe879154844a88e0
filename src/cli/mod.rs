//! The command line: one file per subcommand, this one parses arguments and dispatches.

mod build;
mod check;
mod export;
mod files;
mod fmt;
mod generate;
mod grade;
mod judge;
mod render;
pub(crate) mod solve;
mod validate;

use boardls::config::Config;
use boardls::games::GameId;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Exit status: clean or warnings only.
pub(crate) const EXIT_OK: u8 = 0;
/// Exit status: errors in the input (diagnostics, wrong answers, changes `--check` would make).
pub(crate) const EXIT_ERRORS: u8 = 1;
/// Exit status: the input could not be used at all (missing file, malformed judge input).
pub(crate) const EXIT_UNUSABLE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "boardls",
    version,
    about = "Two-player grid-game boards, solved exactly: linter, solver, judge and language server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Search nodes one case may spend before it is reported unsolved.
    #[arg(long, global = true, value_name = "N")]
    nodes: Option<u64>,
    /// Seconds one search may spend before it is reported unsolved (default: no limit, except
    /// 10 s in `lsp`); the node count alone makes results the same on every machine.
    #[arg(long, global = true, value_name = "SECS")]
    time: Option<f64>,
    /// MiB one case's solver may allocate; larger boards are reported too large to solve.
    #[arg(long, global = true, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory: Option<u64>,
    /// Silence a diagnostic code everywhere (repeatable), as `// boardls: allow CODE` does per file.
    #[arg(long, global = true, value_name = "CODE")]
    allow: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    Zgame,
    Race,
    Chess,
    Tetris,
    Strings,
}

impl From<Game> for GameId {
    fn from(g: Game) -> GameId {
        match g {
            Game::Zgame => GameId::Zgame,
            Game::Race => GameId::Race,
            Game::Chess => GameId::Chess,
            Game::Tetris => GameId::Tetris,
            Game::Strings => GameId::Strings,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ThemeArg {
    Light,
    Dark,
}

impl From<ThemeArg> for boardls::render::Theme {
    fn from(t: ThemeArg) -> boardls::render::Theme {
        match t {
            ThemeArg::Light => boardls::render::Theme::Light,
            ThemeArg::Dark => boardls::render::Theme::Dark,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Report every diagnostic: syntax, validation, original limits, wrong `expect` answers.
    Check {
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Also check the files as one test suite: uncovered answers, no maximum-size case,
        /// duplicate boards.
        #[arg(long)]
        suite: bool,
        /// Files, or folders searched for `*.board`.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print every case's answer and verdict.
    Solve {
        #[arg(long)]
        json: bool,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Read the original problem's input (stdin or FILE) and print exactly its expected output.
    Judge {
        #[arg(value_enum)]
        game: Game,
        file: Option<PathBuf>,
    },
    /// Turn judge input (stdin or FILE) into `.board` text on stdout.
    Import {
        #[arg(value_enum)]
        game: Game,
        file: Option<PathBuf>,
        /// Fill in `expect` with the solved answers.
        #[arg(long)]
        expect: bool,
    },
    /// Write judge-ready tests (`01.in`, `01.ans`, …, `tests.json`) from `.board` files.
    Export {
        /// `.board` files, or folders searched for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The test folder: built whole beside it, then swapped into place.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Replace a folder that is not empty (nothing of its old content is kept).
        #[arg(long)]
        force: bool,
        /// `flat` (`01.in`, …) or `kattis` (`data/sample/`, `data/secret/[GROUP/]`).
        #[arg(long, value_enum, default_value = "flat")]
        layout: export::Layout,
    },
    /// Run a test plan into a clean test folder, the same bytes on every run.
    ///
    /// One step per line of PLAN: `gen GAME [gen options]`, the path of a `.board` file or
    /// folder, or `cmd GAME PROGRAM ARGS…` (PROGRAM's standard output is judge input, imported
    /// and solved). `NAME: STEP` puts the step's cases in group NAME, `sample: STEP` makes them
    /// samples; `#` starts a comment line. Paths are relative to the plan's folder.
    Build {
        /// The plan file (e.g. `tests.plan`).
        plan: PathBuf,
        /// The test folder: built whole beside it, then swapped into place.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Replace a folder that is not empty (nothing of its old content is kept).
        #[arg(long)]
        force: bool,
        /// `flat` (`01.in`, …) or `kattis` (`data/sample/`, `data/secret/[GROUP/]`).
        #[arg(long, value_enum, default_value = "flat")]
        layout: export::Layout,
    },
    /// Print reproducible boards as `.board` text with `expect` filled in; the header holds
    /// the command that makes the same file again.
    Gen(generate::GenArgs),
    /// Check judge input against the original format, limits and guarantees (exit 1 if invalid).
    Validate {
        /// The game whose input format applies (not needed with `--tests`).
        #[arg(value_enum, required_unless_present = "tests")]
        game: Option<Game>,
        /// Judge input files; none or `-` reads standard input.
        #[arg(conflicts_with = "tests")]
        files: Vec<PathBuf>,
        /// A test folder made by `export` or `build`: every input of its `tests.json`
        /// validated, every `.ans` judged again; stops at the first mismatch.
        #[arg(long, value_name = "DIR")]
        tests: Option<PathBuf>,
    },
    /// Run a solution on every test of a folder made by `export` or `build`, as a judge does:
    /// limits, a verdict per test (OK, WA, TLE, RE, MLE, OLE), time and peak memory.
    Grade {
        /// The test folder (with its `tests.json`).
        dir: PathBuf,
        /// Seconds of wall time per test; past it the solution's process group is killed.
        #[arg(long, default_value_t = 2.0, value_name = "SECS")]
        time_limit: f64,
        /// MiB of address space per test (Linux).
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
        memory_limit: Option<u64>,
        /// Tests run at once.
        #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
        jobs: u64,
        /// One JSON report instead of the table.
        #[arg(long)]
        json: bool,
        /// The solution and its arguments, after `--`.
        #[arg(last = true, required = true, value_name = "CMD")]
        command: Vec<String>,
    },
    /// Rewrite files in the canonical layout (never changes meaning).
    Fmt {
        /// Change nothing; list the files that would change and exit 1 if any.
        #[arg(long)]
        check: bool,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Draw cases as SVG pictures (board, outcomes, best play, caption, legend): one `.svg` per
    /// case, named after the case; prints each file written.
    Render {
        /// The `.board` file.
        path: PathBuf,
        /// Only this case: its 1-based number or its name.
        #[arg(long, value_name = "N|NAME")]
        case: Option<String>,
        /// Colours for a light or a dark page.
        #[arg(long, value_enum, default_value = "light")]
        theme: ThemeArg,
        /// The folder the pictures are written to (created if missing).
        #[arg(long, value_name = "DIR", default_value = ".")]
        out: PathBuf,
    },
    /// Run the language server on stdin/stdout.
    Lsp {
        /// Accepted for editors that pass it (stdio is the only transport).
        #[arg(long)]
        stdio: bool,
        /// MiB the solve cache may hold (verdicts of cases seen before, shared by every open
        /// file; the least recently used go first) [default: 128].
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
        cache: Option<u64>,
    },
}

pub(crate) fn main() -> ExitCode {
    let cli = Cli::parse();
    // Batch commands stop a search at a node count alone (the same output on any machine); the
    // server also bounds its wall time, to stay responsive.
    let mut config = match cli.command {
        Command::Lsp { .. } => Config::editor(),
        _ => Config::default(),
    };
    if let Some(n) = cli.nodes {
        config.solve_nodes = n;
    }
    if let Some(t) = cli.time {
        if let Ok(d) = Duration::try_from_secs_f64(t) {
            config.solve_time = Some(d);
        } else {
            eprintln!("boardls: --time takes a number of seconds, not {t}");
            return ExitCode::from(EXIT_UNUSABLE);
        }
    }
    if let Some(mib) = cli.memory {
        config.set_solve_memory_mib(mib);
    }
    // A mistyped code would silence nothing without a word: refuse it instead.
    if let Some(why) = cli
        .allow
        .iter()
        .find_map(|c| boardls::analysis::codes::not_a_code(c))
    {
        eprintln!("boardls: --allow: {why}");
        return ExitCode::from(EXIT_UNUSABLE);
    }
    config.allow = cli.allow;
    let code = match cli.command {
        Command::Check {
            format,
            suite,
            paths,
        } => check::run(&paths, format, suite, &config),
        Command::Solve { json, paths } => solve::run(&paths, json, &config),
        Command::Judge { game, file } => judge::run(game.into(), file.as_deref(), &config),
        Command::Import { game, file, expect } => {
            judge::import(game.into(), file.as_deref(), expect, &config)
        }
        Command::Export {
            paths,
            out,
            force,
            layout,
        } => export::run(&paths, &out, force, layout, &config),
        Command::Build {
            plan,
            out,
            force,
            layout,
        } => build::run(&plan, &out, force, layout, &config),
        Command::Gen(args) => generate::run(args, &config),
        Command::Validate {
            tests: Some(dir), ..
        } => validate::run_tests(&dir, &config),
        Command::Validate { game, files, .. } => match game {
            Some(game) => validate::run(game.into(), &files),
            None => EXIT_UNUSABLE,
        },
        Command::Grade {
            dir,
            time_limit,
            memory_limit,
            jobs,
            json,
            command,
        } => grade::run_all(
            &dir,
            &command,
            &grade::Options {
                time_limit,
                memory_limit,
                jobs: usize::try_from(jobs).unwrap_or(1),
                json,
            },
        ),
        Command::Fmt { check, paths } => fmt::run(&paths, check),
        Command::Render {
            path,
            case,
            theme,
            out,
        } => render::run(&path, case.as_deref(), theme.into(), &out, &config),
        Command::Lsp { stdio: _, cache } => {
            if let Some(mib) = cache {
                config.set_solve_cache_mib(mib);
            }
            return boardls::lsp::run(config);
        }
    };
    ExitCode::from(code)
}
