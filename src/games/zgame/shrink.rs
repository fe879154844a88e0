//! Smaller zgame boards for the stress shrinker: halves, a row or a column dropped, a letter
//! cleared to `.`.

use crate::games::Grid;
use crate::games::grid::smaller_grids;

pub(super) fn smaller(board: &Grid) -> Vec<Grid> {
    smaller_grids(board, |cell| (cell != b'.').then_some(b'.'))
}
