//! `boardls play PATH [--case N|NAME] [--moves "…"] [--json]`: a case's position after its
//! moves and the extra ones, whose turn it is, the judge answer from there and every legal
//! move's answer, best first.

use super::output::Printer;
use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE};
use boardls::analysis::play::{PlayError, find_case, play};
use boardls::analysis::{analyse, budget};
use boardls::config::Config;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(super) struct PlayArgs {
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
}

pub(super) fn run(args: &PlayArgs) -> u8 {
    play_case(
        &args.path,
        args.case.as_deref(),
        args.moves.as_deref(),
        args.json,
    )
}

fn play_case(path: &Path, case: Option<&str>, moves: Option<&str>, json: bool) -> u8 {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("boardls: {}: {e}", path.display());
            return EXIT_UNUSABLE;
        }
    };
    let config = Config::default();
    let analysis = analyse(&text, &config);
    let extra: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    let report = find_case(&analysis, case.unwrap_or("1"))
        .and_then(|case| play(case, &extra, &budget(&config)));
    let report = match report {
        Ok(report) => report,
        Err(e) => {
            eprintln!("boardls: {}: {e}", path.display());
            return match e {
                PlayError::NoCase(_) => EXIT_UNUSABLE,
                _ => EXIT_ERRORS,
            };
        }
    };
    let mut out = Printer::stdout();
    if json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => out.print(&format!("{text}\n")),
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        }
        return EXIT_OK;
    }
    let mut shown = String::new();
    let name = report
        .name
        .as_ref()
        .map_or(String::new(), |n| format!(" \"{n}\""));
    shown.push_str(&format!(
        "{}{name} (case {}) after {} move(s): {}\n",
        report.game,
        report.case,
        report.played.len(),
        if report.played.is_empty() {
            "-".to_string()
        } else {
            report.played.join(" ")
        }
    ));
    for row in &report.board {
        shown.push_str(&format!("  {row}\n"));
    }
    if report.over {
        shown.push_str(&format!("game over; answer: {}\n", report.answer));
    } else {
        shown.push_str(&format!(
            "{} to move; answer: {}\n",
            report.to_move, report.answer
        ));
        let width = report
            .moves
            .iter()
            .map(|m| m.token.len())
            .max()
            .unwrap_or(0)
            .max("move".len());
        shown.push_str(&format!("  {:width$}  answer\n", "move"));
        for m in &report.moves {
            let best = if m.best { "  best" } else { "" };
            shown.push_str(&format!("  {:width$}  {}{best}\n", m.token, m.answer));
        }
    }
    out.print(&shown);
    EXIT_OK
}
