//! A rectangular grid of ASCII cells, the board of every game that has one.

/// Row-major cells, one byte each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<u8>,
}

impl Grid {
    /// A grid from equal-length rows; `None` when they are ragged or empty.
    pub fn from_rows<S: AsRef<[u8]>>(rows: &[S]) -> Option<Grid> {
        let cols = rows.first()?.as_ref().len();
        if cols == 0 || rows.iter().any(|r| r.as_ref().len() != cols) {
            return None;
        }
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for row in rows {
            cells.extend_from_slice(row.as_ref());
        }
        Some(Grid {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    pub fn filled(rows: usize, cols: usize, cell: u8) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![cell; rows * cols],
        }
    }

    /// Cell (r, c), zero-based; callers stay inside the grid.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    pub fn set(&mut self, r: usize, c: usize, cell: u8) {
        self.cells[r * self.cols + c] = cell;
    }

    pub fn row(&self, r: usize) -> &[u8] {
        &self.cells[r * self.cols..(r + 1) * self.cols]
    }

    /// Rows as strings, for writing `.board` text and judge input.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.rows)
            .map(|r| String::from_utf8_lossy(self.row(r)).into_owned())
            .collect()
    }

    /// Positions of every cell equal to `cell`.
    pub fn find(&self, cell: u8) -> Vec<(usize, usize)> {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == cell)
            .map(|(i, _)| (i / self.cols, i % self.cols))
            .collect()
    }
}
