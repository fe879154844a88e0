//! The command line: one file per subcommand, this one parses arguments and dispatches.

mod build;
mod cache;
mod check;
mod explain;
mod export;
mod files;
mod fmt;
mod generate;
mod grade;
mod judge;
mod layers;
mod output;
mod package;
mod pipeline;
mod play;
mod render;
pub(crate) mod solve;
mod strength;
mod stress;
mod validate;

use boardls::analysis::codes;
use boardls::analysis::suite::{self, Ask};
use boardls::config::Config;
use boardls::games::GameId;
use boardls::project::Exclude;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use layers::{Flags, Layers, Source};
use std::path::{Path, PathBuf};
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
    about = "Two-player grid-game boards, solved exactly: linter, solver, judge and language server",
    after_long_help = "Settings come, lowest first, from the defaults, the nearest `boardls.toml` \
(or `--config PATH`; none with `--isolated`) and the command line's flags (README, \
\"Configuration\").\n\nExamples:\n  boardls check --suite .\n  boardls check --fix --diff tests/\n  \
boardls check --output-format github .\n  boardls solve cases.board | head\n  \
boardls completions bash > ~/.local/share/bash-completion/completions/boardls"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Read this `boardls.toml` for every file instead of the nearest one above each file.
    #[arg(long, global = true, value_name = "PATH", conflicts_with = "isolated")]
    config: Option<PathBuf>,
    /// Read no `boardls.toml`: the defaults and the command line only.
    #[arg(long, global = true)]
    isolated: bool,
    /// When to colour the output (`NO_COLOR` set in the environment means `never` for `auto`).
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "auto",
        value_name = "WHEN"
    )]
    color: ColorChoice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// Colour when the output is a terminal and `NO_COLOR` is not set.
    Auto,
    Always,
    Never,
}

/// The budgets of the commands that solve.
#[derive(Args, Clone, Debug)]
struct SolveArgs {
    /// Search nodes one case may spend before it is reported unsolved (overrides `nodes` in
    /// `boardls.toml`).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Seconds one search may spend before it is reported unsolved (default: no limit, except
    /// 10 s in `lsp`); the node count alone makes results the same on every machine.
    #[arg(long, value_name = "SECS")]
    time: Option<f64>,
    /// MiB one case's solver may allocate; larger boards are reported too large to solve.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory: Option<u64>,
}

/// Which diagnostics count.
#[derive(Args, Clone, Debug, Default)]
struct CodeArgs {
    /// Silence a diagnostic code everywhere (repeatable), as `// boardls: allow CODE` does per
    /// file; overrides `boardls.toml`'s `deny` for that code.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Report a code as an error (repeatable), so a warning or a suite finding (`I220`) fails
    /// the run; overrides `boardls.toml`'s `allow` for that code.
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
}

/// Which files a folder stands for.
#[derive(Args, Clone, Debug, Default)]
struct WalkArgs {
    /// Skip files and folders matching this gitignore-style glob when walking a folder
    /// (repeatable); adds to `boardls.toml`'s `exclude`.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Also read files that `.gitignore`, `.ignore` or a leading dot hide.
    #[arg(long)]
    no_ignore: bool,
    /// The name standard input (`-`) is shown under; its `boardls.toml` is looked up from there.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<PathBuf>,
}

/// How many files the batch commands work on at once.
#[derive(Args, Clone, Copy, Debug, Default)]
struct JobsArg {
    /// Files worked on at once (default: the cores available); the output is the same
    /// whatever the number.
    #[arg(long, value_name = "N")]
    jobs: Option<std::num::NonZeroUsize>,
}

impl JobsArg {
    fn count(self) -> usize {
        pipeline::jobs_or_default(self.jobs.map(std::num::NonZeroUsize::get))
    }
}

/// How `check` and `solve` print what they find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// `path:line:col: severity[CODE]: message`, the source line and carets.
    Human,
    /// One JSON document with a `version` field.
    Json,
    /// GitHub Actions workflow commands (annotations on the pull request).
    Github,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
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
        /// How to print the diagnostics.
        #[arg(
            long,
            value_enum,
            default_value = "human",
            alias = "format",
            value_name = "FORMAT"
        )]
        output_format: Format,
        /// Also check the files as one test suite: uncovered answers, no maximum-size case,
        /// duplicate boards (default: `suite` in `boardls.toml`).
        #[arg(long)]
        suite: bool,
        /// Apply the safe fixes: a misspelt game or key with one close match, a duplicate key
        /// removed, a missing `expect` written.
        #[arg(long)]
        fix: bool,
        /// With `--fix` or `--diff`, also overwrite a wrong `expect` with the solver's answer.
        #[arg(long)]
        unsafe_fixes: bool,
        /// Print the fixes as a unified diff and write nothing (exit 1 if there are any).
        #[arg(long)]
        diff: bool,
        /// Print the diagnostics and nothing else: no closing summary, no suite coverage.
        #[arg(long, short)]
        quiet: bool,
        #[command(flatten)]
        jobs: JobsArg,
        #[command(flatten)]
        codes: CodeArgs,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
        /// Files, folders searched for `*.board`, or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print every case's answer and verdict.
    Solve {
        /// How to print the answers (`--json` is `--output-format json`).
        #[arg(long, value_enum, default_value = "human", value_name = "FORMAT")]
        output_format: Format,
        /// The same as `--output-format json`.
        #[arg(long, conflicts_with = "output_format")]
        json: bool,
        #[command(flatten)]
        jobs: JobsArg,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
        /// Files, folders searched for `*.board`, or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Read the original problem's input (stdin or FILE) and print exactly its expected output.
    Judge {
        /// The problem.
        #[arg(value_enum)]
        game: Game,
        /// The judge input (default: standard input).
        file: Option<PathBuf>,
        #[command(flatten)]
        budget: SolveArgs,
    },
    /// Turn judge input (stdin or FILE) into `.board` text on stdout.
    Import {
        /// The problem.
        #[arg(value_enum)]
        game: Game,
        /// The judge input (default: standard input).
        file: Option<PathBuf>,
        /// Fill in `expect` with the solved answers.
        #[arg(long)]
        expect: bool,
        #[command(flatten)]
        budget: SolveArgs,
    },
    /// Write judge-ready tests (`01.in`, `01.ans`, …, `tests.json`) from `.board` files.
    Export {
        /// Files, or folders searched for `*.board`.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The test folder, built whole beside it, then swapped into place (default: `[export]
        /// out` in `boardls.toml`).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Replace a folder that is not empty (nothing of its old content is kept).
        #[arg(long)]
        force: bool,
        /// `flat` (`01.in`, …) or `kattis` (`data/sample/`, `data/secret/[GROUP/]`).
        #[arg(long, value_enum, default_value = "flat")]
        layout: export::Layout,
        #[command(flatten)]
        jobs: JobsArg,
        #[command(flatten)]
        codes: CodeArgs,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
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
        #[command(flatten)]
        codes: CodeArgs,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
    },
    Package(package::PackageArgs),
    /// Print reproducible boards as `.board` text with `expect` filled in; the header holds
    /// the command that makes the same file again.
    Gen {
        #[command(flatten)]
        args: generate::GenArgs,
        #[command(flatten)]
        budget: SolveArgs,
    },
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
        /// With `--tests`: tests judged at once (default: the cores available); the table is
        /// the same whatever the number.
        #[arg(long, value_name = "N", requires = "tests")]
        jobs: Option<std::num::NonZeroUsize>,
        #[command(flatten)]
        budget: SolveArgs,
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
    /// Find a wrong solution: run it on generated tests, compare with the exact answers, and
    /// shrink the first failure to a minimal input (written with `--out`).
    ///
    /// Each round feeds 1 to T generated tests (small boards first) to CMD on stdin and
    /// compares its output with `judge`'s token by token: OK, WA, missing output, TLE (the
    /// process group killed), RE (exit code or signal), MLE, OLE. A failure is shrunk to the
    /// fewest tests, then each board smaller (rows, columns, cells, sizes), every step a valid
    /// input failing the same way.
    Stress(Box<stress::StressArgs>),
    /// How strong a suite is: every wrong solution of the game's zoo run on every test file.
    ///
    /// The suite is built as `export` (PATH… of `.board` files and folders) or `build` (one
    /// PLAN file) write it, or read as it is (a test folder with `tests.json`). Prints the kill
    /// matrix (tests × mutants), the mutation score and each survivor with its mistake; exit 1
    /// when a mutant survives.
    Strength {
        /// `.board` files and folders, a test folder, or a plan.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// `{"version": 1, "game", "score", "tests", "mutants": [{"name", "explanation",
        /// "killed_by"}]}`.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        jobs: JobsArg,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
    },
    /// Cases that kill the mutants a suite lets live, written to `--out` as `.board` text.
    ///
    /// For each survivor, boards of the game's generators and presets, then edits of the
    /// suite's own boards, are tried (valid inputs of the original problem only) until one
    /// kills it; it is shrunk like a `stress` failure. The same seed gives the same file; exit
    /// 1 when a mutant is left alive.
    Strengthen {
        /// `.board` files and folders, a test folder, or a plan.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The `.board` file the killers are written to.
        #[arg(long, value_name = "FILE.board")]
        out: PathBuf,
        /// The seed of the search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Candidate inputs tried per surviving mutant.
        #[arg(long, default_value_t = 2000)]
        rounds: usize,
        #[command(flatten)]
        jobs: JobsArg,
        #[command(flatten)]
        walk: WalkArgs,
        #[command(flatten)]
        budget: SolveArgs,
    },
    /// Rewrite files in the canonical layout (never changes meaning).
    Fmt {
        /// Change nothing; list the files that would change and exit 1 if any.
        #[arg(long)]
        check: bool,
        #[command(flatten)]
        walk: WalkArgs,
        /// Files, folders searched for `*.board`, or `-` (standard input, formatted to stdout).
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
        #[command(flatten)]
        budget: SolveArgs,
    },
    /// Play a case: its position after its moves and `--moves`, whose turn, the answer from
    /// there and every legal move's answer, best first.
    Play {
        /// The `.board` file.
        path: PathBuf,
        /// The case: its number in the file (from 1) or its name; the first by default.
        #[arg(long)]
        case: Option<String>,
        /// More moves after the case's own, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// Print JSON: `to_move`, `answer`, `over`, `moves` (each `move`, `answer`), `best`.
        #[arg(long)]
        json: bool,
    },
    /// Print the explanation of a diagnostic code (`E210`), or of every code with `--list`.
    Explain {
        /// The code, as `check` prints it.
        #[arg(required_unless_present = "list")]
        code: Option<String>,
        /// List every code with the first sentence of its explanation.
        #[arg(long, conflicts_with = "code")]
        list: bool,
    },
    /// Print a completion script for a shell (install it where the shell looks).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) of boardls, e.g. `boardls man > boardls.1`.
    Man,
    /// Run the language server on stdin/stdout.
    Lsp {
        /// Accepted for editors that pass it (stdio is the only transport).
        #[arg(long)]
        stdio: bool,
        /// MiB the solve cache may hold (verdicts of cases seen before, shared by every open
        /// file; the least recently used go first) [default: 128].
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
        cache: Option<u64>,
        #[command(flatten)]
        budget: SolveArgs,
        #[command(flatten)]
        codes: CodeArgs,
    },
}

impl SolveArgs {
    fn flags(&self) -> Result<Flags, String> {
        let time = match self.time {
            None => None,
            Some(t) => Some(
                Duration::try_from_secs_f64(t)
                    .map_err(|_| format!("--time takes a number of seconds, not {t}"))?,
            ),
        };
        Ok(Flags {
            nodes: self.nodes,
            time,
            memory_mib: self.memory,
            ..Flags::default()
        })
    }
}

impl CodeArgs {
    /// `flags` with these codes; a mistyped code would silence nothing without a word, so it
    /// is refused.
    fn add_to(&self, mut flags: Flags) -> Result<Flags, String> {
        for (option, codes) in [("--allow", &self.allow), ("--deny", &self.deny)] {
            if let Some(why) = codes.iter().find_map(|c| codes::not_a_code(c)) {
                return Err(format!("{option}: {why}"));
            }
        }
        if let Some(both) = self.allow.iter().find(|c| self.deny.contains(c)) {
            return Err(format!("`{both}` is given to both --allow and --deny"));
        }
        flags.allow.clone_from(&self.allow);
        flags.deny.clone_from(&self.deny);
        Ok(flags)
    }
}

/// What every command needs besides its own arguments.
struct Run<'a> {
    layers: &'a Layers,
    walk: files::Walk<'a>,
    stdin_name: Option<PathBuf>,
}

impl Run<'_> {
    /// How `path` is shown: standard input under `--stdin-filename` when given.
    fn shown(&self, path: &Path) -> String {
        match &self.stdin_name {
            Some(name) if files::is_stdin(path) => name.display().to_string(),
            _ => path.display().to_string(),
        }
    }

    /// Where `path`'s `boardls.toml` is looked up from.
    fn config_for(&self, path: &Path) -> Result<Config, String> {
        if files::is_stdin(path) {
            let at = self
                .stdin_name
                .clone()
                .unwrap_or_else(|| PathBuf::from("./-"));
            return self.layers.config_for(&at);
        }
        self.layers.config_for(path)
    }
}

pub(crate) fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = plain_judge(&args).unwrap_or_else(|| Cli::parse_from(args));
    match cli.color {
        ColorChoice::Auto => {}
        ColorChoice::Always => anstream::ColorChoice::Always.write_global(),
        ColorChoice::Never => anstream::ColorChoice::Never.write_global(),
    }
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("boardls: {e}");
            ExitCode::from(EXIT_UNUSABLE)
        }
    }
}

/// `boardls judge GAME [FILE]` and nothing else, read without clap: a contest system starts
/// this command once per test, and building the whole command tree costs more than reading a
/// small input (half of a process's start-up instructions). Anything else — a flag, `-` for
/// standard input, an unknown game — goes to clap, which also gives the errors.
fn plain_judge(args: &[std::ffi::OsString]) -> Option<Cli> {
    let [_, command, game, rest @ ..] = args else {
        return None;
    };
    if command != "judge" || rest.len() > 1 {
        return None;
    }
    let game = Game::from_str(game.to_str()?, false).ok()?;
    let file = match rest.first() {
        Some(file) if file.to_str().is_none_or(|f| f.starts_with('-')) => return None,
        Some(file) => Some(PathBuf::from(file)),
        None => None,
    };
    Some(Cli {
        command: Command::Judge {
            game,
            file,
            budget: SolveArgs {
                nodes: None,
                time: None,
                memory: None,
            },
        },
        config: None,
        isolated: false,
        color: ColorChoice::Auto,
    })
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    // Batch commands stop a search at a node count alone (the same output on any machine); the
    // server also bounds its wall time, to stay responsive.
    let defaults = match cli.command {
        Command::Lsp { .. } => Config::editor(),
        _ => Config::default(),
    };
    let source = if cli.isolated {
        Source::Isolated
    } else if let Some(path) = cli.config {
        Source::Given(path)
    } else {
        Source::Nearest
    };
    let budget_of = |budget: &SolveArgs, codes: &CodeArgs| -> Result<Flags, String> {
        codes.add_to(budget.flags()?)
    };
    let no_codes = CodeArgs::default();
    let flags = match &cli.command {
        Command::Check { budget, codes, .. }
        | Command::Export { budget, codes, .. }
        | Command::Build { budget, codes, .. }
        | Command::Lsp { budget, codes, .. } => budget_of(budget, codes)?,
        Command::Package(args) => budget_of(&args.budget, &args.codes)?,
        Command::Solve { budget, .. }
        | Command::Judge { budget, .. }
        | Command::Import { budget, .. }
        | Command::Gen { budget, .. }
        | Command::Render { budget, .. }
        | Command::Strength { budget, .. }
        | Command::Strengthen { budget, .. }
        | Command::Validate { budget, .. } => budget_of(budget, &no_codes)?,
        _ => Flags::default(),
    };
    let layers = Layers::new(defaults, flags, source);
    let no_walk = WalkArgs::default();
    let walk_args = match &cli.command {
        Command::Check { walk, .. }
        | Command::Solve { walk, .. }
        | Command::Export { walk, .. }
        | Command::Build { walk, .. }
        | Command::Strength { walk, .. }
        | Command::Strengthen { walk, .. }
        | Command::Fmt { walk, .. } => walk,
        Command::Package(args) => &args.walk,
        _ => &no_walk,
    };
    let here = std::env::current_dir().map_err(|e| format!("the current folder: {e}"))?;
    let excludes = if walk_args.exclude.is_empty() {
        None
    } else {
        Some(
            Exclude::new(&here, &walk_args.exclude)
                .map_err(|(i, why)| format!("--exclude {}: {why}", walk_args.exclude[i]))?,
        )
    };
    let run = Run {
        layers: &layers,
        walk: files::Walk {
            excludes,
            no_ignore: walk_args.no_ignore,
            layers: &layers,
        },
        stdin_name: walk_args.stdin_filename.clone(),
    };
    if let Command::Lsp { cache, .. } = cli.command {
        let mut config = layers.config_here()?;
        if let Some(mib) = cache {
            config.set_solve_cache_mib(mib);
        }
        return Ok(boardls::lsp::run(config));
    }
    let code = cache::around(|| -> Result<u8, String> {
        Ok(match cli.command {
            Command::Check {
                output_format,
                suite,
                fix,
                unsafe_fixes,
                diff,
                quiet,
                jobs,
                paths,
                ..
            } => {
                // `suite = true` in the project of the first path makes `--suite` the default.
                let ask = if suite { Ask::Always } else { Ask::Auto };
                let project_suite = match paths.first() {
                    Some(first) => layers
                        .project_for(&suite_anchor(&run, first))?
                        .and_then(|p| p.settings.suite),
                    None => None,
                };
                let suite = suite::with_others(ask, project_suite);
                let fixing = check::Fixing {
                    write: fix && !diff,
                    diff,
                    unsafe_fixes,
                };
                let shown = check::Shown {
                    format: output_format,
                    quiet,
                };
                check::run(&run, &paths, shown, suite, &fixing, jobs.count())
            }
            Command::Solve {
                output_format,
                json,
                jobs,
                paths,
                ..
            } => {
                let format = if json { Format::Json } else { output_format };
                solve::run(&run, &paths, format, jobs.count())
            }
            Command::Judge { game, file, .. } => {
                judge::run(game.into(), file.as_deref(), &layers.config_here()?)
            }
            Command::Import {
                game, file, expect, ..
            } => judge::import(game.into(), file.as_deref(), expect, &layers.config_here()?),
            Command::Export {
                paths,
                out,
                force,
                layout,
                jobs,
                ..
            } => {
                let first = paths.first().cloned().unwrap_or_default();
                let out = match out {
                    Some(out) => out,
                    None => layers
                        .project_for(&suite_anchor(&run, &first))?
                        .and_then(|p| p.export_out())
                        .ok_or("export: give --out DIR, or `out` in `[export]` of boardls.toml")?,
                };
                let config = run.config_for(&suite_anchor(&run, &first))?;
                export::run(
                    &paths,
                    &out,
                    force,
                    layout,
                    &config,
                    &run.walk,
                    jobs.count(),
                )
            }
            Command::Build {
                plan,
                out,
                force,
                layout,
                ..
            } => build::run(
                &plan,
                &out,
                force,
                layout,
                &run.config_for(&plan)?,
                &run.walk,
            ),
            Command::Package(args) => package::run_args(args, &run)?,
            Command::Gen { args, .. } => generate::run(args, &layers.config_here()?),
            Command::Validate {
                tests: Some(dir),
                jobs,
                ..
            } => validate::run_tests(
                &dir,
                &layers.config_for(&dir.join("tests.json"))?,
                JobsArg { jobs }.count(),
            ),
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
            } => {
                stop_solutions_on_interrupt();
                grade::run_all(
                    &dir,
                    &command,
                    &grade::Options {
                        time_limit,
                        memory_limit,
                        jobs: usize::try_from(jobs).unwrap_or(1),
                        json,
                    },
                )
            }
            Command::Stress(args) => {
                stop_solutions_on_interrupt();
                stress::run(&args, &layers.config_here()?)
            }
            Command::Strength {
                paths, json, jobs, ..
            } => strength::run_strength(&run, &paths, json, jobs.count()),
            Command::Strengthen {
                paths,
                out,
                seed,
                rounds,
                jobs,
                ..
            } => strength::run_strengthen(
                &run,
                &strength::StrengthenArgs {
                    paths: &paths,
                    out: &out,
                    seed,
                    rounds,
                    jobs: jobs.count(),
                },
            ),
            Command::Fmt { check, paths, .. } => fmt::run(&run, &paths, check),
            Command::Play {
                path,
                case,
                moves,
                json,
            } => play::run(&path, case.as_deref(), moves.as_deref(), json),
            Command::Explain { code, list } => explain::run(code.as_deref(), list),
            Command::Completions { shell } => {
                let mut command = Cli::command();
                let mut script = Vec::new();
                clap_complete::generate(shell, &mut command, "boardls", &mut script);
                output::print(&String::from_utf8_lossy(&script));
                EXIT_OK
            }
            Command::Man => {
                let page = clap_mangen::Man::new(Cli::command());
                let mut out = Vec::new();
                page.render(&mut out).map_err(|e| e.to_string())?;
                let mut printer = output::Printer::stdout();
                printer.print(&String::from_utf8_lossy(&out));
                EXIT_OK
            }
            Command::Render {
                path,
                case,
                theme,
                out,
                ..
            } => render::run(
                &path,
                case.as_deref(),
                theme.into(),
                &out,
                &run.config_for(&path)?,
            ),
            Command::Lsp { .. } => unreachable!("the server returned above"),
        })
    });
    Ok(ExitCode::from(code?))
}

/// The path a folder-wide setting (`suite`, `[export] out`) is looked up from: a file in the
/// folder given, or the file given.
fn suite_anchor(run: &Run<'_>, path: &Path) -> PathBuf {
    if files::is_stdin(path) {
        return run
            .stdin_name
            .clone()
            .unwrap_or_else(|| PathBuf::from("./-"));
    }
    if path.is_dir() {
        path.join("-")
    } else {
        path.to_path_buf()
    }
}

/// Exit status after Ctrl-C (128 + SIGINT), as a shell reports it.
const EXIT_INTERRUPTED: i32 = 130;

/// Ctrl-C reaches boardls but not the solutions, each in a process group of its own: end them
/// all before exiting, so that none is left running.
fn stop_solutions_on_interrupt() {
    let installed = ctrlc::set_handler(|| {
        boardls::authoring::run::stop_all();
        std::process::exit(EXIT_INTERRUPTED);
    });
    if let Err(e) = installed {
        eprintln!("boardls: cannot handle Ctrl-C ({e}); solutions may outlive an interrupt");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    /// The judge arguments read without clap are exactly clap's.
    #[test]
    fn a_plain_judge_reads_as_clap_reads_it() {
        for line in ["boardls judge race", "boardls judge strings tests/01.in"] {
            let Some(fast) = plain_judge(&words(line)) else {
                panic!("{line}: not read as a plain judge");
            };
            let slow = Cli::parse_from(words(line));
            let (
                Command::Judge {
                    game: g1,
                    file: f1,
                    budget: b1,
                },
                Command::Judge {
                    game: g2,
                    file: f2,
                    budget: b2,
                },
            ) = (&fast.command, &slow.command)
            else {
                panic!("{line}: both are judge commands");
            };
            assert_eq!((g1, f1), (g2, f2), "{line}");
            assert_eq!(format!("{b1:?}"), format!("{b2:?}"), "{line}");
            assert_eq!(
                (&fast.config, fast.isolated, fast.color),
                (&slow.config, slow.isolated, slow.color),
                "{line}"
            );
        }
    }

    #[test]
    fn anything_but_a_plain_judge_goes_to_clap() {
        for line in [
            "boardls judge",
            "boardls judge chesss",
            "boardls judge race -",
            "boardls judge race --nodes 5",
            "boardls judge --isolated race",
            "boardls judge race a.in b.in",
            "boardls solve race",
            "boardls judge race --help",
        ] {
            assert!(plain_judge(&words(line)).is_none(), "{line}");
        }
    }
}
