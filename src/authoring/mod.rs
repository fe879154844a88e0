//! Tools for test-data authors: board generators, the judge-input validator, the runner that
//! judges a program under limits, the stress tester with its shrinker, judge tests exported
//! from `.board` files, and the files themselves on disk.

pub mod export;
pub mod files;
pub mod generate;
pub mod package;
pub mod rng;
pub mod run;
pub mod shrink;
pub mod strength;
pub mod strengthen;
pub mod stress;
pub mod validate;
pub mod verdict;

use crate::analysis;
use crate::config::Config;
use crate::games::{AnyBoard, CaseBody, GameId};

/// The board of a case body when it keeps the game's rules (limits are not checked here).
pub fn board_of(game: GameId, body: &CaseBody) -> Option<AnyBoard> {
    let text = case_text(game, "board", body, None);
    analysis::analyse(&text, &Config::default())
        .cases
        .into_iter()
        .next()
        .and_then(|case| case.board)
}

/// A case as `.board` text: header, properties, rows and `expect` (when given).
pub fn case_text(game: GameId, name: &str, body: &CaseBody, expect: Option<&str>) -> String {
    let mut out = format!("[{game} \"{}\"]\n", escape(name));
    for (key, value) in &body.props {
        out.push_str(&format!("{key} = {value}\n"));
    }
    for row in &body.rows {
        out.push_str(row);
        out.push('\n');
    }
    if let Some(answer) = expect {
        out.push_str(&format!("expect = {answer}\n"));
    }
    out
}

fn escape(name: &str) -> String {
    name.replace('\\', "\\\\").replace('"', "\\\"")
}
