//! The move model: the board with the squares covered so far is the position; a move is the
//! top-left cell of the free 2×2 square it covers, `R,C`. Answers come from the solver on the
//! board that is left, whose first player is the one to move.

use super::Tetris;
use crate::games::move_model::{Play, Player, cell_token, illegal, parse_cell};
use crate::games::{Budget, Game, Grid, Unsolved};

/// The board with the covered squares blocked (`1`), the squares covered in order (top-left
/// cells, zero-based) and so how many moves were made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    left: Grid,
    covered: Vec<(usize, usize)>,
}

pub(crate) struct TetrisMoves;

fn free_square(grid: &Grid, r: usize, c: usize) -> bool {
    r + 1 < grid.rows
        && c + 1 < grid.cols
        && [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            .iter()
            .all(|&(y, x)| grid.at(y, x) == b'0')
}

impl Play for TetrisMoves {
    type Board = Grid;
    type Position = Position;

    const NOTATION: &'static str =
        "the top-left cell of the free 2×2 square covered, `ROW,COLUMN` (1-based)";

    fn start(board: &Grid) -> Position {
        Position {
            left: board.clone(),
            covered: Vec::new(),
        }
    }

    fn to_move(_board: &Grid, pos: &Position) -> Player {
        Player::after(pos.covered.len())
    }

    fn moves(_board: &Grid, pos: &Position) -> Result<Vec<String>, Unsolved> {
        let grid = &pos.left;
        let mut moves = Vec::new();
        for r in 0..grid.rows.saturating_sub(1) {
            for c in 0..grid.cols.saturating_sub(1) {
                if free_square(grid, r, c) {
                    moves.push(cell_token(r, c));
                }
            }
        }
        Ok(moves)
    }

    fn apply(board: &Grid, pos: &Position, token: &str) -> Result<Position, String> {
        let (r, c) = parse_cell(token)?;
        if !free_square(&pos.left, r, c) {
            let legal = Self::moves(board, pos).unwrap_or_default();
            return Err(illegal(token, &legal));
        }
        let mut next = pos.clone();
        for (y, x) in [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] {
            next.left.set(y, x, b'1');
        }
        next.covered.push((r, c));
        Ok(next)
    }

    fn over(board: &Grid, pos: &Position) -> bool {
        Self::moves(board, pos).is_ok_and(|m| m.is_empty())
    }

    fn answers(
        _board: &Grid,
        positions: &[&Position],
        budget: &Budget,
    ) -> Result<Vec<String>, Unsolved> {
        positions
            .iter()
            .map(|p| {
                let mover_wins = Tetris::answer(&p.left, budget)? == "Yes";
                let first_wins = mover_wins == (Player::after(p.covered.len()) == Player::First);
                Ok(if first_wins { "Yes" } else { "No" }.to_string())
            })
            .collect()
    }

    fn value(answer: &str) -> i32 {
        i32::from(answer == "Yes")
    }
}

/// The board with the covered squares drawn as `x`.
pub(crate) fn picture(board: &Grid, pos: &Position) -> Vec<String> {
    let mut grid = board.clone();
    for &(r, c) in &pos.covered {
        for (y, x) in [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)] {
            grid.set(y, x, b'x');
        }
    }
    grid.row_strings()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;

    #[test]
    fn squares_cover_and_block() {
        let board = AnyBoard::Tetris(Grid::from_rows(&["000", "000", "001"]).expect("a grid"));
        let start = board.start();
        assert_eq!(
            start.moves(),
            Ok(vec![
                "1,1".to_string(),
                "1,2".to_string(),
                "2,1".to_string()
            ])
        );
        let budget = Budget::unlimited();
        // Every square overlaps every other: the first player wins by any move.
        assert_eq!(start.answer(&budget).as_deref(), Ok("Yes"));
        let next = start.play("1,2").expect("legal");
        assert!(next.over());
        assert_eq!(next.answer(&budget).as_deref(), Ok("Yes"));
        assert_eq!(next.picture(), vec!["0xx", "0xx", "001"]);
        assert!(next.play("1,1").is_err());
        assert!(start.play("3,3").is_err());
    }
}
