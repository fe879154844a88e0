//! Playing a case: the position after its moves and any more, whose turn it is, the judge
//! answer from there and every legal move's, best first. What `boardls play` prints and the
//! server's `boardls/play` answers.

use super::Analysis;
use super::case::CaseAnalysis;
use crate::games::play::{MoveAnswer, Player};
use crate::games::{Budget, GameId, Unsolved};
use serde::Serialize;
use std::fmt;

/// A case played: where it stands and what every move leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayReport {
    /// The case's 1-based number in its file, and its name.
    pub case: usize,
    pub name: Option<String>,
    pub game: GameId,
    /// Every move from the start: the case's own, then the extra ones.
    pub played: Vec<String>,
    pub to_move: Player,
    /// The judge answer of the game continued from this position, as `expect` writes it.
    pub answer: String,
    pub over: bool,
    /// Every legal move with the answer of the position it leads to, best moves first.
    pub moves: Vec<MoveAnswer>,
    /// The best moves for the player to move.
    pub best: Vec<String>,
    /// The board with the position drawn on it, one string a row.
    pub board: Vec<String>,
}

/// Why a case cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// No case has this number or name.
    NoCase(String),
    /// The case has errors that stop solving (its diagnostics say which).
    Invalid {
        case: usize,
    },
    /// An extra move cannot be played: its 1-based place among the extra moves, the move, why.
    Move {
        index: usize,
        token: String,
        why: String,
    },
    Unsolved(Unsolved),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoCase(which) => write!(f, "no case {which} in this file"),
            PlayError::Invalid { case } => write!(
                f,
                "case {case} has errors that stop solving (`boardls check` shows them)"
            ),
            PlayError::Move { index, token, why } => {
                write!(f, "extra move {index} `{token}`: {why}")
            }
            PlayError::Unsolved(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// The case `which` names: its 1-based number, or its name.
pub fn find_case<'a>(analysis: &'a Analysis, which: &str) -> Result<&'a CaseAnalysis, PlayError> {
    let by_number = which
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| analysis.cases.get(i));
    by_number
        .or_else(|| {
            analysis
                .cases
                .iter()
                .find(|c| c.name.as_ref().is_some_and(|n| n.value == which))
        })
        .ok_or_else(|| PlayError::NoCase(format!("`{which}`")))
}

/// Plays `extra` moves after the case's own and reports the position reached.
pub fn play(case: &CaseAnalysis, extra: &[&str], budget: &Budget) -> Result<PlayReport, PlayError> {
    let invalid = PlayError::Invalid {
        case: case.index + 1,
    };
    let Some(board) = case.board.as_ref() else {
        return Err(invalid);
    };
    let mut position = case.position.clone().unwrap_or_else(|| board.start());
    for (i, token) in extra.iter().enumerate() {
        position = position.play(token).map_err(|why| PlayError::Move {
            index: i + 1,
            token: (*token).to_string(),
            why,
        })?;
    }
    let facts = position.facts(budget).map_err(PlayError::Unsolved)?;
    Ok(PlayReport {
        case: case.index + 1,
        name: case.name.as_ref().map(|n| n.value.to_string()),
        game: board.game(),
        played: position.played().to_vec(),
        to_move: facts.to_move,
        answer: facts.answer,
        over: facts.over,
        best: facts
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| m.token.clone())
            .collect(),
        moves: facts.moves,
        board: position.picture(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{SolveCache, check};
    use crate::config::Config;
    use crate::games::AnyBoard;
    use crate::games::play::strategies;
    use proptest::prelude::*;

    fn report(text: &str, which: &str, extra: &[&str]) -> Result<PlayReport, PlayError> {
        let analysis = super::super::analyse(text, &Config::default());
        let case = find_case(&analysis, which)?;
        play(case, extra, &Budget::unlimited())
    }

    #[test]
    fn a_cancelled_play_stops_unsolved_in_every_searched_game() {
        let cancelled = Budget::unlimited().with_cancel(std::sync::Arc::new(
            std::sync::atomic::AtomicBool::new(true),
        ));
        for text in [
            "[zgame]\n..B\n..B\nBB.\n",
            "[race]\nA...\n....\n....\n...B\n",
            "[tetris]\n0000\n0000\n0000\n0000\n",
            "[strings]\nab\ncd\n",
        ] {
            let analysis = super::super::analyse(text, &Config::default());
            let case = find_case(&analysis, "1").expect("a case");
            let played = play(case, &[], &cancelled);
            assert!(
                matches!(played, Err(PlayError::Unsolved(_))),
                "{text}: {played:?}"
            );
        }
        // Chess is closed forms, no search: nothing to cancel.
        let analysis =
            super::super::analyse("[chess]\npiece = queen\nsize = 5 5\n", &Config::default());
        let chess = find_case(&analysis, "1").expect("a case");
        assert!(play(chess, &[], &cancelled).is_ok());
    }

    #[test]
    fn a_case_played_on_by_name_and_number() {
        let text = "[zgame \"s\"]\n..B\n..B\nBB.\nmoves = 1,2\n";
        let played = report(text, "s", &["2,2"]).expect("legal");
        assert_eq!(played.played, ["1,2", "2,2"]);
        assert_eq!(played.to_move, Player::First);
        assert_eq!(played.answer, "no no yes");
        assert_eq!(played.best, ["2,3", "3,2"]);
        assert_eq!(played.board, ["..B", ".@B", "BB."]);
        assert_eq!(
            report(text, "1", &[]).map(|r| r.to_move),
            Ok(Player::Second)
        );
        assert_eq!(
            report(text, "2", &[]).map(|_| ()),
            Err(PlayError::NoCase("`2`".to_string()))
        );
        assert!(matches!(
            report(text, "s", &["9,9"]),
            Err(PlayError::Move { index: 1, .. })
        ));
        let broken = "[zgame]\n...\nmoves = 2,2\n";
        assert_eq!(
            report(broken, "1", &[]).map(|_| ()),
            Err(PlayError::Invalid { case: 1 })
        );
    }

    /// The position a line of play reaches, written back as a case with `moves = …`, solves
    /// (through `check`, as `boardls check` and the editor do) to the answer `play` gives.
    fn written_back(board: &AnyBoard, choices: &[usize]) -> Result<(), TestCaseError> {
        let budget = Budget::unlimited();
        let mut position = board.start();
        for &choice in choices {
            let legal = position.moves().unwrap_or_default();
            if legal.is_empty() {
                break;
            }
            position = position
                .play(&legal[choice % legal.len()])
                .map_err(TestCaseError::fail)?;
        }
        let mut body = board.to_case();
        body.props
            .push(("moves".to_string(), position.played().join(" ")));
        let mut text = format!("[{}]\n", board.game());
        for (key, value) in &body.props {
            text.push_str(&format!("{key} = {value}\n"));
        }
        for row in &body.rows {
            text.push_str(row);
            text.push('\n');
        }
        let checked = check(&text, &Config::default(), &SolveCache::new());
        let solved = checked
            .verdicts
            .first()
            .and_then(|v| v.as_ref())
            .and_then(|v| v.solution())
            .map(|s| s.answer.clone());
        let answer = position
            .answer(&budget)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(solved.as_deref(), Some(answer.as_str()), "{}", text);
        let analysis = super::super::analyse(&text, &Config::default());
        let played = play(&analysis.cases[0], &[], &budget)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(played.answer, answer);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn positions_written_back_solve_alike(
            board in prop_oneof![
                strategies::zgame(),
                strategies::race(),
                strategies::chess(),
                strategies::tetris(),
                strategies::strings(),
            ],
            line in prop::collection::vec(0usize..16, 0..8),
        ) {
            written_back(&board, &line)?;
        }
    }
}
