//! Smaller strings boards for the stress shrinker. The board stays square: the string is
//! shortened by dropping row i and column i together (the top-left part first); a cell is
//! cleared to `c`, a letter that counts for neither player.

use crate::games::Grid;

pub(super) fn smaller(board: &Grid) -> Vec<Grid> {
    let n = board.rows;
    let mut out = Vec::new();
    if n >= 2 {
        out.push(board.part(0, 0, n / 2, n / 2));
    }
    out.extend(
        (0..n)
            .rev()
            .filter_map(|i| board.without_row(i).and_then(|g| g.without_col(i))),
    );
    for r in 0..n {
        for c in 0..board.cols {
            if board.at(r, c) != b'c' {
                out.push(board.with(r, c, b'c'));
            }
        }
    }
    out
}
