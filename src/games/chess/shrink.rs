//! Smaller chess queries for the stress shrinker: a side set to 2 or halved, then lowered by
//! one.

use super::ChessBoard;

pub(super) fn smaller(board: &ChessBoard) -> Vec<ChessBoard> {
    let mut sides = Vec::new();
    for (rows, cols) in [
        (2, board.cols),
        (board.rows, 2),
        (board.rows / 2, board.cols),
        (board.rows, board.cols / 2),
        (board.rows - 1, board.cols),
        (board.rows, board.cols - 1),
    ] {
        let smaller = (rows, cols) != (board.rows, board.cols)
            && rows <= board.rows
            && cols <= board.cols
            && rows >= 1
            && cols >= 1;
        if smaller && !sides.contains(&(rows, cols)) {
            sides.push((rows, cols));
        }
    }
    sides
        .into_iter()
        .map(|(rows, cols)| ChessBoard {
            piece: board.piece,
            rows,
            cols,
        })
        .collect()
}
