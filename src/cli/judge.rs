//! `boardls judge` (judge input → judge output) and `boardls import` (judge input → `.board`).

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::analysis;
use boardls::authoring::case_text;
use boardls::config::Config;
use boardls::games::GameId;
use std::path::Path;

pub(super) fn run(game: GameId, file: Option<&Path>, config: &Config) -> u8 {
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

pub(super) fn import(game: GameId, file: Option<&Path>, expect: bool, config: &Config) -> u8 {
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
