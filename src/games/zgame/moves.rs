//! The move model: the token's cell is the position; a move is the cell it lands on, `R,C`,
//! one step right or down. Answers come from the solver's table of every cell.

use super::solve::{ForceTable, alice_moves};
use super::{check_grid, check_solvable};
use crate::games::move_model::{Play, Player, cell_token, illegal, parse_cell};
use crate::games::{Budget, Grid, Unsolved};

/// Where the token stands (zero-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    r: usize,
    c: usize,
}

pub(crate) struct ZgameMoves;

/// Whether the game is over with the token at (r, c): an `A` or `B` cell, or the last cell.
fn over_at(board: &Grid, r: usize, c: usize) -> bool {
    matches!(board.at(r, c), b'A' | b'B') || (r + 1 == board.rows && c + 1 == board.cols)
}

impl Play for ZgameMoves {
    type Board = Grid;
    type Position = Position;

    const NOTATION: &'static str =
        "the cell the token moves to, `ROW,COLUMN` (1-based), one step right or down";

    fn start(_board: &Grid) -> Position {
        Position { r: 0, c: 0 }
    }

    fn to_move(_board: &Grid, pos: &Position) -> Player {
        if alice_moves(pos.r, pos.c) {
            Player::First
        } else {
            Player::Second
        }
    }

    fn moves(board: &Grid, pos: &Position) -> Result<Vec<String>, Unsolved> {
        if Self::over(board, pos) {
            return Ok(Vec::new());
        }
        let mut moves = Vec::with_capacity(2);
        if pos.c + 1 < board.cols {
            moves.push(cell_token(pos.r, pos.c + 1));
        }
        if pos.r + 1 < board.rows {
            moves.push(cell_token(pos.r + 1, pos.c));
        }
        Ok(moves)
    }

    fn apply(board: &Grid, pos: &Position, token: &str) -> Result<Position, String> {
        let (r, c) = parse_cell(token)?;
        let legal = Self::moves(board, pos).map_err(|e| e.to_string())?;
        if legal.iter().any(|m| m == token) || legal.contains(&cell_token(r, c)) {
            Ok(Position { r, c })
        } else {
            Err(illegal(token, &legal))
        }
    }

    fn over(board: &Grid, pos: &Position) -> bool {
        over_at(board, pos.r, pos.c)
    }

    fn answers(
        board: &Grid,
        positions: &[&Position],
        budget: &Budget,
    ) -> Result<Vec<String>, Unsolved> {
        check_grid(board)?;
        check_solvable(board.rows, board.cols, budget)?;
        budget.check_memory(ForceTable::bytes(board.rows, board.cols), || {
            super::explain::table_name(board.rows, board.cols)
        })?;
        let table = ForceTable::compute(board, budget)?;
        Ok(positions
            .iter()
            .map(|p| table.answer_at(p.r, p.c).as_judge_str().to_string())
            .collect())
    }

    /// Alice's order: what she can force, a win above a draw above a loss.
    fn value(answer: &str) -> i32 {
        let words: Vec<&str> = answer.split_whitespace().collect();
        let yes = |i: usize| i32::from(words.get(i) == Some(&"yes"));
        4 * yes(0) + 2 * yes(1) + yes(2)
    }
}

/// The board with the token drawn as `@` on an empty cell (on `A` or `B` the game is over and
/// the letter stays).
pub(crate) fn picture(board: &Grid, pos: &Position) -> Vec<String> {
    let mut rows = board.row_strings();
    if let Some(row) = rows.get_mut(pos.r)
        && board.at(pos.r, pos.c) == b'.'
    {
        row.replace_range(pos.c..=pos.c, "@");
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Zgame(Grid::from_rows(rows).expect("a grid").into())
    }

    #[test]
    fn moves_go_right_then_down_and_stop_on_letters() {
        let start = board(&["..B", "..B", "BB."]).start();
        assert_eq!(start.to_move(), Player::First);
        assert_eq!(
            start.moves(),
            Ok(vec!["1,2".to_string(), "2,1".to_string()])
        );
        let next = start.play("1,2").expect("legal");
        assert_eq!(next.to_move(), Player::Second);
        let over = next.play("1,3").expect("legal");
        assert!(over.over());
        assert_eq!(over.moves(), Ok(Vec::new()));
        assert_eq!(
            over.answer(&Budget::unlimited()).as_deref(),
            Ok("no no yes")
        );
    }

    #[test]
    fn bad_moves_say_what_is_wrong() {
        let start = board(&["..", ".."]).start();
        assert_eq!(
            start.play("2,2").map(|_| ()),
            Err("`2,2` is not a legal move here; legal moves: 1,2 2,1".to_string())
        );
        assert!(start.play("x").is_err());
        assert!(start.play("0,1").is_err());
        assert!(start.play("1,99999999999999999999999").is_err());
    }
}
