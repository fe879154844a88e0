//! The argument groups and values several subcommands share: budgets, diagnostic codes, the
//! folder walk, `--jobs`, the output format and the game.

use super::layers::Flags;
use super::pipeline;
use boardls::analysis::codes;
use boardls::games::GameId;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

// The budgets of the commands that solve.
#[derive(Args, Clone, Debug, Default)]
pub(super) struct BudgetArgs {
    /// Search nodes one case may spend before it is reported unsolved (overrides `nodes` in
    /// `boardls.toml`).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Seconds one search may spend before it is reported unsolved (default: no limit, except
    /// 10 s in `lsp`); the node count alone makes results the same on every machine.
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// MiB one case's solver may allocate; larger boards are reported too large to solve.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    pub memory: Option<u64>,
}

// Which diagnostics count.
#[derive(Args, Clone, Debug, Default)]
pub(super) struct CodeArgs {
    /// Silence a diagnostic code everywhere (repeatable), as `// boardls: allow CODE` does per
    /// file; overrides `boardls.toml`'s `deny` for that code.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Report a code as an error (repeatable), so a warning or a suite finding (`I220`) fails
    /// the run; overrides `boardls.toml`'s `allow` for that code.
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
}

// Which files a folder stands for.
#[derive(Args, Clone, Debug, Default)]
pub(super) struct WalkArgs {
    /// Skip files and folders matching this gitignore-style glob when walking a folder
    /// (repeatable); adds to `boardls.toml`'s `exclude`.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Also read files that `.gitignore`, `.ignore` or a leading dot hide.
    #[arg(long)]
    pub no_ignore: bool,
    /// The name standard input (`-`) is shown under; its `boardls.toml` is looked up from there.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
}

// How many files the batch commands work on at once.
#[derive(Args, Clone, Copy, Debug, Default)]
pub(super) struct JobsArg {
    /// Files worked on at once (default: the cores available); the output is the same
    /// whatever the number.
    #[arg(long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

impl JobsArg {
    pub(super) fn jobs(self) -> pipeline::Jobs {
        pipeline::Jobs(self.jobs.map(std::num::NonZeroUsize::get))
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

impl BudgetArgs {
    pub(super) fn flags(&self) -> Result<Flags, String> {
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
    pub(super) fn add_to(&self, mut flags: Flags) -> Result<Flags, String> {
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
