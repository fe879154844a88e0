//! Smaller tetris boards for the stress shrinker: halves, a row or a column dropped, a blocked
//! cell freed.

use crate::games::Grid;
use crate::games::grid::smaller_grids;

pub(super) fn smaller(board: &Grid) -> Vec<Grid> {
    smaller_grids(board, |cell| (cell == b'1').then_some(b'0'))
}
