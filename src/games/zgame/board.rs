//! The board: its cells as the bit rows `answer` reads, and as a grid of bytes made only when
//! the editor's table, the moves or a picture ask for one.

use super::solve::{Answer, BitRows};
use crate::games::{Grid, GridRows};
use std::sync::OnceLock;

/// A zgame board. A case's board takes its bits straight from the file's rows: two bits a cell
/// (64 KiB for 500 × 500) where a copy of the grid would be a byte a cell, and every new page
/// a page fault, which on one board is a tenth of `solve`'s time.
#[derive(Clone, Debug)]
pub struct ZgameBoard {
    rows: usize,
    cols: usize,
    /// `None` on boards of rows under 16 cells, which keep their grid instead (a row's two words
    /// would take more than its bytes).
    bits: Option<BitRows>,
    grid: OnceLock<Grid>,
}

impl ZgameBoard {
    /// The board of rows checked to be cells.
    pub(crate) fn of_rows(rows: GridRows<'_>) -> ZgameBoard {
        let bits = BitRows::of(rows);
        let grid = OnceLock::new();
        if bits.is_none() {
            grid.get_or_init(|| rows.to_grid());
        }
        ZgameBoard {
            rows: rows.rows,
            cols: rows.cols,
            bits,
            grid,
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells as a grid of bytes, made the first time it is asked for.
    pub fn grid(&self) -> &Grid {
        self.grid.get_or_init(|| {
            let bits = self
                .bits
                .as_ref()
                .expect("a board without bits keeps its grid");
            Grid {
                rows: self.rows,
                cols: self.cols,
                cells: bits.to_cells(),
            }
        })
    }

    /// What Alice can force from (1,1), by the bits; `None` on a board that keeps its grid
    /// instead. Callers have checked that the board is solvable.
    pub(crate) fn answer_of_bits(&self) -> Option<Answer> {
        self.bits.as_ref().map(BitRows::answer)
    }
}

/// A grid whose cells are all `A`, `B` and `.` has its bits; any other keeps the grid alone,
/// and the solvers' checks refuse it.
impl From<Grid> for ZgameBoard {
    fn from(grid: Grid) -> ZgameBoard {
        let well_formed = grid.cells.len() == grid.rows.saturating_mul(grid.cols);
        let bits = well_formed
            .then(|| BitRows::of(GridRows::of(&grid)))
            .flatten();
        ZgameBoard {
            rows: grid.rows,
            cols: grid.cols,
            bits,
            grid: OnceLock::from(grid),
        }
    }
}

/// The same cells: compared by bits when both have them.
impl PartialEq for ZgameBoard {
    fn eq(&self, other: &ZgameBoard) -> bool {
        match (&self.bits, &other.bits) {
            (Some(a), Some(b)) => a == b,
            _ => self.grid() == other.grid(),
        }
    }
}

impl Eq for ZgameBoard {}

#[cfg(test)]
mod tests {
    use super::super::solve;
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bits hold the grid exactly, and the board from a file's rows is the board from
        /// the grid.
        #[test]
        fn a_board_gives_back_the_grid_it_was_made_of(
            (rows, cols, cells) in (1usize..5, 16usize..140).prop_flat_map(|(n, m)| {
                (Just(n), Just(m), proptest::collection::vec(
                    proptest::sample::select(vec![b'.', b'A', b'B']), n * m))
            })
        ) {
            let grid = Grid { rows, cols, cells };
            let text = grid.row_strings().join("\n");
            let starts: Vec<usize> = (0..rows).map(|r| r * (cols + 1)).collect();
            let in_text = GridRows::in_text(&text, &starts, cols).expect("the rows are there");
            let board = ZgameBoard::of_rows(in_text);
            prop_assert!(board.bits.is_some());
            prop_assert_eq!(board.grid(), &grid);
            prop_assert_eq!(board.answer_of_bits(), Some(solve::answer(&grid)));
            prop_assert_eq!(&board, &ZgameBoard::from(grid));
        }
    }

    #[test]
    fn narrow_boards_keep_their_grid() {
        let grid = Grid::filled(1000, 15, b'.');
        let board = ZgameBoard::from(grid.clone());
        assert!(board.bits.is_none());
        assert_eq!(board.grid(), &grid);
        assert!(ZgameBoard::from(Grid::filled(2, 16, b'.')).bits.is_some());
    }

    #[test]
    fn a_grid_with_a_byte_that_is_not_a_cell_keeps_its_grid() {
        let grid = Grid::from_rows(&["A.x"]).expect("a grid");
        let board = ZgameBoard::from(grid.clone());
        assert!(board.bits.is_none());
        assert_eq!(board.grid(), &grid);
    }
}
