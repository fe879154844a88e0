//! The move model: the piece's cell is the position; a move is the cell the piece moves to,
//! `R,C`, down and/or right as the piece moves. Answers come from the closed forms on the
//! board that is left: from (x,y) the game is the one of an (N−x+1)×(M−y+1) board.

use super::{ChessBoard, Piece, check_sides, outcome};
use crate::games::move_model::{Play, Player, cell_token, illegal, parse_cell};
use crate::games::{Budget, Unsolved};

/// More legal moves than this are not listed (a rook on a huge board); they can still be
/// played.
const MAX_LISTED: u64 = 4096;

/// Where the piece stands (zero-based) and how many moves brought it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    x: u64,
    y: u64,
    moves: usize,
}

pub(crate) struct ChessMoves;

/// Whether the piece may go from (x, y) to (tx, ty) on `board`.
fn legal(board: &ChessBoard, pos: &Position, tx: u64, ty: u64) -> bool {
    if tx >= board.rows || ty >= board.cols || tx < pos.x || ty < pos.y {
        return false;
    }
    let (dx, dy) = (tx - pos.x, ty - pos.y);
    if dx == 0 && dy == 0 {
        return false;
    }
    match board.piece {
        Piece::King => dx <= 1 && dy <= 1,
        Piece::Rook => dx == 0 || dy == 0,
        Piece::Knight => (dx, dy) == (1, 2) || (dx, dy) == (2, 1),
        Piece::Queen => dx == 0 || dy == 0 || dx == dy,
    }
}

fn at_goal(board: &ChessBoard, pos: &Position) -> bool {
    pos.x + 1 >= board.rows && pos.y + 1 >= board.cols
}

/// The cells the piece can reach from `pos`, row by row; `Err` when more than `MAX_LISTED`.
fn targets(board: &ChessBoard, pos: &Position) -> Result<Vec<(u64, u64)>, Unsolved> {
    if at_goal(board, pos) {
        return Ok(Vec::new());
    }
    let down = board.rows - 1 - pos.x;
    let right = board.cols - 1 - pos.y;
    let count = match board.piece {
        Piece::King | Piece::Knight => 3,
        Piece::Rook => down + right,
        Piece::Queen => down + right + down.min(right),
    };
    if count > MAX_LISTED {
        return Err(Unsolved::TooLarge(format!(
            "{count} legal moves, more than the {MAX_LISTED} listed"
        )));
    }
    let mut cells = Vec::new();
    let near: &[(u64, u64)] = match board.piece {
        Piece::King => &[(0, 1), (1, 0), (1, 1)],
        Piece::Knight => &[(1, 2), (2, 1)],
        Piece::Rook | Piece::Queen => &[],
    };
    for &(dx, dy) in near {
        cells.push((pos.x + dx, pos.y + dy));
    }
    if matches!(board.piece, Piece::Rook | Piece::Queen) {
        for k in 1..=right {
            cells.push((pos.x, pos.y + k));
        }
        for k in 1..=down {
            cells.push((pos.x + k, pos.y));
            if board.piece == Piece::Queen && k <= right {
                cells.push((pos.x + k, pos.y + k));
            }
        }
    }
    cells.retain(|&(tx, ty)| legal(board, pos, tx, ty));
    cells.sort_unstable();
    Ok(cells)
}

fn token(x: u64, y: u64) -> String {
    // Sides are at most 10^9: they fit usize on every supported target.
    cell_token(x as usize, y as usize)
}

impl Play for ChessMoves {
    type Board = ChessBoard;
    type Position = Position;

    const NOTATION: &'static str =
        "the cell the piece moves to, `ROW,COLUMN` (1-based), down and/or right as it moves";

    fn start(_board: &ChessBoard) -> Position {
        Position {
            x: 0,
            y: 0,
            moves: 0,
        }
    }

    fn to_move(_board: &ChessBoard, pos: &Position) -> Player {
        Player::after(pos.moves)
    }

    fn moves(board: &ChessBoard, pos: &Position) -> Result<Vec<String>, Unsolved> {
        Ok(targets(board, pos)?
            .into_iter()
            .map(|(x, y)| token(x, y))
            .collect())
    }

    fn apply(board: &ChessBoard, pos: &Position, text: &str) -> Result<Position, String> {
        let (r, c) = parse_cell(text)?;
        let (tx, ty) = (r as u64, c as u64);
        if legal(board, pos, tx, ty) && !at_goal(board, pos) {
            return Ok(Position {
                x: tx,
                y: ty,
                moves: pos.moves + 1,
            });
        }
        match targets(board, pos) {
            Ok(cells) => {
                let listed: Vec<String> = cells.into_iter().map(|(x, y)| token(x, y)).collect();
                Err(illegal(text, &listed))
            }
            Err(_) => Err(format!(
                "`{text}` is not a move of the {} from ({},{})",
                board.piece.name(),
                pos.x + 1,
                pos.y + 1
            )),
        }
    }

    fn over(board: &ChessBoard, pos: &Position) -> bool {
        at_goal(board, pos) || targets(board, pos).is_ok_and(|t| t.is_empty())
    }

    fn answers(
        board: &ChessBoard,
        positions: &[&Position],
        _budget: &Budget,
    ) -> Result<Vec<String>, Unsolved> {
        check_sides(board)?;
        Ok(positions
            .iter()
            .map(|p| {
                let rest = ChessBoard {
                    piece: board.piece,
                    rows: board.rows - p.x,
                    cols: board.cols - p.y,
                };
                // The closed form names the mover B: after an odd number of moves that is G.
                let letter = match (outcome(&rest).as_judge_str(), Player::after(p.moves)) {
                    ("B", Player::Second) => "G",
                    ("G", Player::Second) => "B",
                    (letter, _) => letter,
                };
                letter.to_string()
            })
            .collect())
    }

    fn value(answer: &str) -> i32 {
        match answer {
            "B" => 1,
            "G" => -1,
            _ => 0,
        }
    }
}

/// The board with the piece as `P` and its goal as `G` (at most 30 × 30 drawn; a larger board
/// is described in words).
pub(crate) fn picture(board: &ChessBoard, pos: &Position) -> Vec<String> {
    const DRAWN: u64 = 30;
    if board.rows > DRAWN || board.cols > DRAWN {
        return vec![format!(
            "{} at ({},{}) of {} × {}",
            board.piece.name(),
            pos.x + 1,
            pos.y + 1,
            board.rows,
            board.cols
        )];
    }
    (0..board.rows)
        .map(|r| {
            (0..board.cols)
                .map(|c| {
                    if (r, c) == (pos.x, pos.y) {
                        'P'
                    } else if (r + 1, c + 1) == (board.rows, board.cols) {
                        'G'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;

    fn board(piece: Piece, rows: u64, cols: u64) -> AnyBoard {
        AnyBoard::Chess(ChessBoard { piece, rows, cols })
    }

    #[test]
    fn a_king_steps_and_the_answer_follows_the_mover() {
        let start = board(Piece::King, 3, 3).start();
        assert_eq!(
            start.moves(),
            Ok(vec![
                "1,2".to_string(),
                "2,1".to_string(),
                "2,2".to_string()
            ])
        );
        let budget = Budget::unlimited();
        assert_eq!(start.answer(&budget).as_deref(), Ok("G"));
        // G to move on what is left, a 2 × 2 board: the mover wins, so G.
        let next = start.play("2,2").expect("legal");
        assert_eq!(next.to_move(), Player::Second);
        assert_eq!(next.answer(&budget).as_deref(), Ok("G"));
        let done = next.play("3,3").expect("legal");
        assert!(done.over());
        assert_eq!(done.answer(&budget).as_deref(), Ok("G"));
    }

    #[test]
    fn illegal_moves_and_huge_boards() {
        let start = board(Piece::Knight, 5, 5).start();
        assert_eq!(
            start.play("2,2").map(|_| ()),
            Err("`2,2` is not a legal move here; legal moves: 2,3 3,2".to_string())
        );
        let huge = board(Piece::Rook, 1_000_000_000, 1_000_000_000).start();
        assert!(huge.moves().is_err());
        let next = huge
            .play("1,1000000000")
            .expect("a rook move along the row");
        assert_eq!(next.to_move(), Player::Second);
        assert_eq!(next.answer(&Budget::unlimited()).as_deref(), Ok("G"));
        assert!(huge.play("2,2").is_err());
    }
}
