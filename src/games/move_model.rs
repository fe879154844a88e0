//! What every game's `moves.rs` provides and shares: the player to move, the move model
//! ([`Play`]) and the notation helpers. Apart from `play.rs`, which dispatches over the games,
//! so that the games' files import this and `play.rs` imports them, one way.

use super::{Budget, Unsolved};
use std::fmt;

/// The player to move, named as the original game orders them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The first player moves when `moves` moves have been made, in games that alternate.
    pub(crate) fn after(moves: usize) -> Player {
        if moves.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The move model of one game: what `play` and `moves = …` need.
pub(crate) trait Play {
    type Board;
    type Position: Clone + fmt::Debug + Send + Sync + 'static;

    /// The notation of a move in a few words, for messages.
    const NOTATION: &'static str;

    fn start(board: &Self::Board) -> Self::Position;
    fn to_move(board: &Self::Board, pos: &Self::Position) -> Player;
    /// Every legal move's token, in a fixed order; none when the game is over. `Err` when the
    /// moves are too many to list (chess on huge boards).
    fn moves(board: &Self::Board, pos: &Self::Position) -> Result<Vec<String>, Unsolved>;
    /// The position after `token`, or what is wrong with it.
    fn apply(
        board: &Self::Board,
        pos: &Self::Position,
        token: &str,
    ) -> Result<Self::Position, String>;
    fn over(board: &Self::Board, pos: &Self::Position) -> bool;
    /// The judge answer of the game continued from each of `positions`, in the words of
    /// `expect`. Games that hold a table of every position compute it once here.
    fn answers(
        board: &Self::Board,
        positions: &[&Self::Position],
        budget: &Budget,
    ) -> Result<Vec<String>, Unsolved>;
    /// How much the first player likes an answer (higher is better); the second player's order
    /// is the reverse.
    fn value(answer: &str) -> i32;
}

/// Zero-based (row, column) of a move token `R,C` (1-based), or what is wrong with it.
pub(crate) fn parse_cell(token: &str) -> Result<(usize, usize), String> {
    let Some((r, c)) = token.split_once(',') else {
        return Err(format!(
            "`{token}` is not a cell: write a move as `ROW,COLUMN`, e.g. `1,2`"
        ));
    };
    let number = |text: &str, what: &str| -> Result<usize, String> {
        match text.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n - 1),
            _ => Err(format!(
                "`{token}`: the {what} `{text}` is not a number from 1 up"
            )),
        }
    };
    Ok((number(r, "row")?, number(c, "column")?))
}

/// Zero-based (row, column) as a move token.
pub(crate) fn cell_token(r: usize, c: usize) -> String {
    format!("{},{}", r + 1, c + 1)
}

/// The error for a token that reads well but is not one of the legal moves.
pub(crate) fn illegal(token: &str, legal: &[String]) -> String {
    const SHOWN: usize = 8;
    if legal.is_empty() {
        return format!("`{token}` cannot be played: the game is over");
    }
    let mut list: Vec<&str> = legal.iter().take(SHOWN).map(String::as_str).collect();
    if legal.len() > SHOWN {
        list.push("…");
    }
    format!(
        "`{token}` is not a legal move here; legal moves: {}",
        list.join(" ")
    )
}
