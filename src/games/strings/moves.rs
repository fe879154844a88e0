//! The move model: the string so far is the position; a move is the letter appended, one
//! lowercase letter (the first is forced: the letter at (1,1)). Answers come from the solver's
//! search from the cells the string can end on.

use super::explain::answer_word;
use super::solve::{self, rest_from_cells};
use crate::games::move_model::{Play, Player, illegal};
use crate::games::{Budget, Grid, Unsolved};

/// The letters so far, the cells (zero-based, one diagonal) a path spelling them can end on,
/// and a − b of the letters so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    letters: Vec<u8>,
    ends: Vec<(usize, usize)>,
    score: i32,
}

pub(crate) struct StringsMoves;

/// The cells of the next diagonal holding `letter` that a path through `ends` reaches; from the
/// empty string, (1,1) when it holds `letter`.
fn next_cells(board: &Grid, ends: &[(usize, usize)], letter: u8) -> Vec<(usize, usize)> {
    if ends.is_empty() {
        return if board.rows > 0 && board.cols > 0 && board.at(0, 0) == letter {
            vec![(0, 0)]
        } else {
            Vec::new()
        };
    }
    let mut cells: Vec<(usize, usize)> = ends
        .iter()
        .flat_map(|&(r, c)| [(r, c + 1), (r + 1, c)])
        .filter(|&(r, c)| r < board.rows && c < board.cols && board.at(r, c) == letter)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

fn letter_score(letter: u8) -> i32 {
    match letter {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

impl Play for StringsMoves {
    type Board = Grid;
    type Position = Position;

    const NOTATION: &'static str =
        "the letter appended, one lowercase letter (the first is the letter at (1,1))";

    fn start(_board: &Grid) -> Position {
        Position {
            letters: Vec::new(),
            ends: Vec::new(),
            score: 0,
        }
    }

    fn to_move(_board: &Grid, pos: &Position) -> Player {
        Player::after(pos.letters.len())
    }

    fn moves(board: &Grid, pos: &Position) -> Result<Vec<String>, Unsolved> {
        let mut letters: Vec<u8> = if pos.ends.is_empty() {
            if pos.letters.is_empty() && board.rows > 0 && board.cols > 0 {
                vec![board.at(0, 0)]
            } else {
                Vec::new()
            }
        } else {
            pos.ends
                .iter()
                .flat_map(|&(r, c)| [(r, c + 1), (r + 1, c)])
                .filter(|&(r, c)| r < board.rows && c < board.cols)
                .map(|(r, c)| board.at(r, c))
                .collect()
        };
        letters.sort_unstable();
        letters.dedup();
        Ok(letters
            .into_iter()
            .map(|l| char::from(l).to_string())
            .collect())
    }

    fn apply(board: &Grid, pos: &Position, token: &str) -> Result<Position, String> {
        let &[letter] = token.as_bytes() else {
            return Err(format!(
                "`{token}` is not a letter: a strings move is one lowercase letter"
            ));
        };
        let cells = next_cells(board, &pos.ends, letter);
        if cells.is_empty() {
            let legal = Self::moves(board, pos).unwrap_or_default();
            return Err(illegal(token, &legal));
        }
        let mut letters = pos.letters.clone();
        letters.push(letter);
        Ok(Position {
            letters,
            ends: cells,
            score: pos.score + letter_score(letter),
        })
    }

    fn over(board: &Grid, pos: &Position) -> bool {
        pos.letters.len() + 1 >= board.rows + board.cols
    }

    fn answers(
        board: &Grid,
        positions: &[&Position],
        budget: &Budget,
    ) -> Result<Vec<String>, Unsolved> {
        positions
            .iter()
            .map(|p| {
                let value = if p.letters.is_empty() {
                    solve::decide(board, budget)?.value
                } else {
                    p.score + rest_from_cells(board, &p.ends, budget)?
                };
                Ok(answer_word(value).to_string())
            })
            .collect()
    }

    fn value(answer: &str) -> i32 {
        match answer {
            "FIRST" => 1,
            "SECOND" => -1,
            _ => 0,
        }
    }
}

/// The board with the string so far above it.
pub(crate) fn picture(board: &Grid, pos: &Position) -> Vec<String> {
    let mut rows = vec![format!(
        "string: \"{}\"",
        String::from_utf8_lossy(&pos.letters)
    )];
    rows.extend(board.row_strings());
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;

    #[test]
    fn letters_follow_paths() {
        let board = AnyBoard::Strings(Grid::from_rows(&["aab", "bcb", "bac"]).expect("a grid"));
        let budget = Budget::unlimited();
        let start = board.start();
        assert_eq!(start.moves(), Ok(vec!["a".to_string()]));
        assert_eq!(start.answer(&budget).as_deref(), Ok("DRAW"));
        let one = start.play("a").expect("the forced letter");
        assert_eq!(one.to_move(), Player::Second);
        assert_eq!(one.moves(), Ok(vec!["a".to_string(), "b".to_string()]));
        assert_eq!(one.answer(&budget).as_deref(), Ok("DRAW"));
        assert!(one.play("c").is_err());
        assert!(one.play("ab").is_err());
        let end = ["a", "b", "b", "c"]
            .iter()
            .try_fold(one, |p, m| p.play(m))
            .expect("the path a a b b c");
        assert!(end.over());
    }
}
