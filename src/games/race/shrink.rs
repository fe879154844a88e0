//! Smaller race boards for the stress shrinker. The board stays square: a row and a column are
//! dropped together (any pair up to 20×20, the same index above), never one holding a start; a
//! wall is cleared to `.`.

use super::RaceBoard;

/// Up to this side every (row, column) pair is tried; above, only row i with column i.
const ALL_PAIRS_UP_TO: usize = 20;

pub(super) fn smaller(board: &RaceBoard) -> Vec<RaceBoard> {
    let grid = board.grid();
    let n = grid.rows;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if n > ALL_PAIRS_UP_TO && r != c {
                continue;
            }
            let smaller = grid
                .without_row(r)
                .and_then(|g| g.without_col(c))
                .and_then(|g| RaceBoard::new(g).ok());
            out.extend(smaller);
        }
    }
    for (r, c) in grid.find(b'#') {
        out.extend(RaceBoard::new(grid.with(r, c, b'.')).ok());
    }
    out
}
