//! The command line: one file per subcommand, this one parses arguments and dispatches.

mod args;
mod build;
mod cache;
mod check;
mod completions;
mod explain;
mod export;
mod files;
mod fmt;
mod generate;
mod grade;
mod judge;
mod layers;
mod lsp;
mod man;
mod output;
mod package;
mod pipeline;
mod play;
mod render;
pub(crate) mod solve;
mod strength;
mod stress;
mod validate;

use args::{BudgetArgs, CodeArgs, Game, WalkArgs};
use boardls::config::Config;
use boardls::project::Exclude;
use clap::{Parser, Subcommand, ValueEnum};
use layers::{Flags, Layers, Source};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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

// Each subcommand's arguments are built only when it is the one run (or for help, completions
// and the man page): building every command's arguments was half the start of a process.
// Deferred arguments are added after the command's about, so an `Args` struct must carry no doc
// comment (it would become the about of every command that flattens it).
#[derive(Subcommand)]
#[command(defer = true)]
enum Command {
    /// Report every diagnostic: syntax, validation, original limits, wrong `expect` answers.
    Check(check::CheckArgs),
    /// Print every case's answer and verdict.
    Solve(solve::SolveArgs),
    /// Read the original problem's input (stdin or FILE) and print exactly its expected output.
    Judge(judge::JudgeArgs),
    /// Turn judge input (stdin or FILE) into `.board` text on stdout.
    Import(judge::ImportArgs),
    /// Write judge-ready tests (`01.in`, `01.ans`, …, `tests.json`) from `.board` files.
    Export(export::ExportArgs),
    /// Run a test plan into a clean test folder, the same bytes on every run.
    ///
    /// One step per line of PLAN: `gen GAME [gen options]`, the path of a `.board` file or
    /// folder, or `cmd GAME PROGRAM ARGS…` (PROGRAM's standard output is judge input, imported
    /// and solved). `NAME: STEP` puts the step's cases in group NAME, `sample: STEP` makes them
    /// samples (`NAME(25): STEP` also gives the group points, which `package` uses); `#` starts a
    /// comment line. Paths are relative to the plan's folder.
    Build(build::BuildArgs),
    /// Write a problem package (Kattis/ICPC format) a judge imports whole: tests,
    /// problem.yaml, statement, input validator, accepted solutions.
    ///
    /// From a test plan (as `build` reads it) or `.board` files and folders. A rebuild into the
    /// same folder replaces only what boardls writes and keeps the author's files; a folder
    /// that holds anything else is refused.
    Package(package::PackageArgs),
    /// Print reproducible boards as `.board` text with `expect` filled in; the header holds
    /// the command that makes the same file again.
    Gen(generate::GenCommandArgs),
    /// Check judge input against the original format, limits and guarantees (exit 1 if invalid).
    Validate(validate::ValidateArgs),
    /// Run a solution on every test of a folder made by `export` or `build`, as a judge does:
    /// limits, a verdict per test (OK, WA, TLE, RE, MLE, OLE), time and peak memory.
    Grade(grade::GradeArgs),
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
    Strength(strength::StrengthArgs),
    /// Cases that kill the mutants a suite lets live, written to `--out` as `.board` text.
    ///
    /// For each survivor, boards of the game's generators and presets, then edits of the
    /// suite's own boards, are tried (valid inputs of the original problem only) until one
    /// kills it; it is shrunk like a `stress` failure. The same seed gives the same file; exit
    /// 1 when a mutant is left alive.
    Strengthen(strength::StrengthenArgs),
    /// Rewrite files in the canonical layout (never changes meaning).
    Fmt(fmt::FmtArgs),
    /// Draw cases as SVG pictures (board, outcomes, best play, caption, legend): one `.svg` per
    /// case, named after the case; prints each file written.
    Render(render::RenderArgs),
    /// Play a case: its position after its moves and `--moves`, whose turn, the answer from
    /// there and every legal move's answer, best first.
    Play(play::PlayArgs),
    /// Print the explanation of a diagnostic code (`E210`), or of every code with `--list`.
    Explain(explain::ExplainArgs),
    /// Print a completion script for a shell (install it where the shell looks).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff) of boardls, e.g. `boardls man > boardls.1`.
    Man,
    /// Run the language server on stdin/stdout.
    Lsp(lsp::LspArgs),
}

/// The argument groups a command shares with others, which make its configuration layers
/// and its folder walk.
#[derive(Default)]
struct Shared<'a> {
    budget: Option<&'a BudgetArgs>,
    codes: Option<&'a CodeArgs>,
    walk: Option<&'a WalkArgs>,
}

impl Command {
    fn shared(&self) -> Shared<'_> {
        let all = |budget, codes, walk| Shared {
            budget: Some(budget),
            codes: Some(codes),
            walk: Some(walk),
        };
        let budget = |budget| Shared {
            budget: Some(budget),
            ..Shared::default()
        };
        let budget_walk = |budget, walk| Shared {
            budget: Some(budget),
            walk: Some(walk),
            ..Shared::default()
        };
        match self {
            Command::Check(a) => all(&a.budget, &a.codes, &a.walk),
            Command::Solve(a) => budget_walk(&a.budget, &a.walk),
            Command::Judge(a) => budget(&a.budget),
            Command::Import(a) => budget(&a.budget),
            Command::Export(a) => all(&a.budget, &a.codes, &a.walk),
            Command::Build(a) => all(&a.budget, &a.codes, &a.walk),
            Command::Package(a) => all(&a.budget, &a.codes, &a.walk),
            Command::Gen(a) => budget(&a.budget),
            Command::Validate(a) => budget(&a.budget),
            Command::Strength(a) => budget_walk(&a.budget, &a.walk),
            Command::Strengthen(a) => budget_walk(&a.budget, &a.walk),
            Command::Fmt(a) => Shared {
                walk: Some(&a.walk),
                ..Shared::default()
            },
            Command::Render(a) => budget(&a.budget),
            Command::Lsp(a) => Shared {
                budget: Some(&a.budget),
                codes: Some(&a.codes),
                walk: None,
            },
            Command::Grade(_)
            | Command::Stress(_)
            | Command::Play(_)
            | Command::Explain(_)
            | Command::Completions(_)
            | Command::Man => Shared::default(),
        }
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
    let cli = plain_judge(&args)
        .or_else(|| plain_solve(&args))
        .unwrap_or_else(|| Cli::parse_from(args));
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
        command: Command::Judge(judge::JudgeArgs {
            game,
            file,
            budget: BudgetArgs {
                nodes: None,
                time: None,
                memory: None,
            },
        }),
        config: None,
        isolated: false,
        color: ColorChoice::Auto,
    })
}

/// `boardls solve PATH…` with nothing else, read as clap reads it without building clap's
/// command tree (a third of a one-board solve). A `-`, an option or anything unusual goes to
/// clap.
fn plain_solve(args: &[std::ffi::OsString]) -> Option<Cli> {
    let [_, command, paths @ ..] = args else {
        return None;
    };
    let plain_path = |p: &std::ffi::OsString| p.to_str().is_some_and(|p| !p.starts_with('-'));
    if command != "solve" || paths.is_empty() || !paths.iter().all(plain_path) {
        return None;
    }
    Some(Cli {
        command: Command::Solve(solve::SolveArgs::of_paths(
            paths.iter().map(PathBuf::from).collect(),
        )),
        config: None,
        isolated: false,
        color: ColorChoice::Auto,
    })
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    // Batch commands stop a search at a node count alone (the same output on any machine); the
    // server also bounds its wall time, to stay responsive.
    let defaults = match cli.command {
        Command::Lsp(_) => Config::editor(),
        _ => Config::default(),
    };
    let source = if cli.isolated {
        Source::Isolated
    } else if let Some(path) = cli.config {
        Source::Given(path)
    } else {
        Source::Nearest
    };
    let shared = cli.command.shared();
    let flags = match shared.budget {
        Some(budget) => shared
            .codes
            .unwrap_or(&CodeArgs::default())
            .add_to(budget.flags()?)?,
        None => Flags::default(),
    };
    let layers = Layers::new(defaults, flags, source);
    let no_walk = WalkArgs::default();
    let walk_args = shared.walk.unwrap_or(&no_walk);
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
    // The server runs until the editor ends it, without the batch commands' cache file.
    if let Command::Lsp(args) = &cli.command {
        return lsp::run(args, &layers);
    }
    let code = cache::around(|| match &cli.command {
        Command::Check(args) => check::run(args, &run),
        Command::Solve(args) => Ok(solve::run(args, &run)),
        Command::Judge(args) => judge::run(args, &run),
        Command::Import(args) => judge::run_import(args, &run),
        Command::Export(args) => export::run(args, &run),
        Command::Build(args) => build::run(args, &run),
        Command::Package(args) => package::run(args, &run),
        Command::Gen(args) => generate::run(args, &run),
        Command::Validate(args) => validate::run(args, &run),
        Command::Grade(args) => Ok(grade::run(args)),
        Command::Stress(args) => stress::run(args, &run),
        Command::Strength(args) => Ok(strength::run_strength(args, &run)),
        Command::Strengthen(args) => Ok(strength::run_strengthen(args, &run)),
        Command::Fmt(args) => Ok(fmt::run(args, &run)),
        Command::Render(args) => render::run(args, &run),
        Command::Play(args) => Ok(play::run(args)),
        Command::Explain(args) => Ok(explain::run(args)),
        Command::Completions(args) => Ok(completions::run(args)),
        Command::Man => man::run(),
        Command::Lsp(_) => unreachable!("the server returned above"),
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

    /// `line` read by `plain` and by clap, their global flags held equal.
    fn both_readings(line: &str, plain: fn(&[std::ffi::OsString]) -> Option<Cli>) -> (Cli, Cli) {
        let Some(fast) = plain(&words(line)) else {
            panic!("{line}: not read without clap");
        };
        let slow = Cli::parse_from(words(line));
        assert_eq!(
            (&fast.config, fast.isolated, fast.color),
            (&slow.config, slow.isolated, slow.color),
            "{line}"
        );
        (fast, slow)
    }

    /// The judge arguments read without clap are exactly clap's.
    #[test]
    fn a_plain_judge_reads_as_clap_reads_it() {
        for line in ["boardls judge race", "boardls judge strings tests/01.in"] {
            let (fast, slow) = both_readings(line, plain_judge);
            let (
                Command::Judge(judge::JudgeArgs {
                    game: g1,
                    file: f1,
                    budget: b1,
                }),
                Command::Judge(judge::JudgeArgs {
                    game: g2,
                    file: f2,
                    budget: b2,
                }),
            ) = (&fast.command, &slow.command)
            else {
                panic!("{line}: both are judge commands");
            };
            assert_eq!((g1, f1), (g2, f2), "{line}");
            assert_eq!(format!("{b1:?}"), format!("{b2:?}"), "{line}");
        }
    }

    /// The solve arguments read without clap are exactly clap's.
    #[test]
    fn a_plain_solve_reads_as_clap_reads_it() {
        for line in [
            "boardls solve cases.board",
            "boardls solve tests a.board b/c.board",
            "boardls solve help",
        ] {
            let (fast, slow) = both_readings(line, plain_solve);
            let (Command::Solve(fast_args), Command::Solve(slow_args)) =
                (&fast.command, &slow.command)
            else {
                panic!("{line}: both are solve commands");
            };
            assert_eq!(format!("{fast_args:?}"), format!("{slow_args:?}"), "{line}");
        }
    }

    #[test]
    fn anything_but_a_plain_solve_goes_to_clap() {
        for line in [
            "boardls solve",
            "boardls solve -",
            "boardls solve a.board --json",
            "boardls solve --isolated a.board",
            "boardls solve a.board -h",
            "boardls check a.board",
        ] {
            assert!(plain_solve(&words(line)).is_none(), "{line}");
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
