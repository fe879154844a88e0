//! `boardls judge` (judge input → judge output) and `boardls import` (judge input → `.board`).

use super::args::{BudgetArgs, Game};
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, Run, files};
use boardls::analysis;
use boardls::authoring::case_text;
use boardls::config::Config;
use boardls::games::GameId;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(super) struct JudgeArgs {
    /// The problem.
    #[arg(value_enum)]
    pub game: Game,
    /// The judge input (default: standard input).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

#[derive(clap::Args)]
pub(super) struct ImportArgs {
    /// The problem.
    #[arg(value_enum)]
    game: Game,
    /// The judge input (default: standard input).
    file: Option<PathBuf>,
    /// Fill in `expect` with the solved answers.
    #[arg(long)]
    expect: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub(super) fn run(args: &JudgeArgs, run: &Run<'_>) -> Result<u8, String> {
    Ok(judge_input(
        args.game.into(),
        args.file.as_deref(),
        &run.layers.config_here()?,
    ))
}

pub(super) fn run_import(args: &ImportArgs, run: &Run<'_>) -> Result<u8, String> {
    Ok(import(
        args.game.into(),
        args.file.as_deref(),
        args.expect,
        &run.layers.config_here()?,
    ))
}

fn judge_input(game: GameId, file: Option<&Path>, config: &Config) -> u8 {
    let input = match files::read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let run = match game.judge(&input, &analysis::budget(config)) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("boardls: {}: {e}", source_name(file));
            return EXIT_UNUSABLE;
        }
    };
    super::output::print(&run.output);
    for (test, why) in &run.unsolved {
        eprintln!("boardls: test {test}: {why}; its answer is missing from the output");
    }
    if run.unsolved.is_empty() {
        EXIT_OK
    } else {
        EXIT_ERRORS
    }
}

fn import(game: GameId, file: Option<&Path>, expect: bool, config: &Config) -> u8 {
    let input = match files::read_input(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("boardls: {e}");
            return EXIT_UNUSABLE;
        }
    };
    let boards = match game.read_judge(&input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("boardls: {}: {e}", source_name(file));
            return EXIT_UNUSABLE;
        }
    };
    let origin = file.map_or("stdin".to_string(), |p| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    });
    let mut out = format!("// imported from {origin} by boardls\n");
    let mut status = EXIT_OK;
    for (i, board) in boards.iter().enumerate() {
        let name = format!("test {}", i + 1);
        let answer = if expect {
            match board.answer(&analysis::budget(config)) {
                Ok(answer) => Some(answer),
                Err(why) => {
                    out.push_str(&format!("\n// no expect for test {}: {why}", i + 1));
                    eprintln!("boardls: test {}: {why}", i + 1);
                    status = EXIT_ERRORS;
                    None
                }
            }
        } else {
            None
        };
        out.push('\n');
        out.push_str(&case_text(game, &name, &board.to_case(), answer.as_deref()));
    }
    super::output::print(&out);
    status
}

fn source_name(file: Option<&Path>) -> String {
    file.map_or("stdin".to_string(), |p| p.display().to_string())
}
