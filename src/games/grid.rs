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

    /// The grid without row `r` (`None` when it is the only row).
    pub fn without_row(&self, r: usize) -> Option<Grid> {
        if self.rows <= 1 || r >= self.rows {
            return None;
        }
        let mut cells = Vec::with_capacity(self.cells.len() - self.cols);
        cells.extend_from_slice(&self.cells[..r * self.cols]);
        cells.extend_from_slice(&self.cells[(r + 1) * self.cols..]);
        Some(Grid {
            rows: self.rows - 1,
            cols: self.cols,
            cells,
        })
    }

    /// The grid without column `c` (`None` when it is the only column).
    pub fn without_col(&self, c: usize) -> Option<Grid> {
        if self.cols <= 1 || c >= self.cols {
            return None;
        }
        let cells = self
            .cells
            .chunks(self.cols)
            .flat_map(|row| row[..c].iter().chain(&row[c + 1..]))
            .copied()
            .collect();
        Some(Grid {
            rows: self.rows,
            cols: self.cols - 1,
            cells,
        })
    }

    /// The `rows`×`cols` part whose top-left cell is (`r0`, `c0`); callers stay inside.
    pub fn part(&self, r0: usize, c0: usize, rows: usize, cols: usize) -> Grid {
        let cells = (r0..r0 + rows)
            .flat_map(|r| &self.row(r)[c0..c0 + cols])
            .copied()
            .collect();
        Grid { rows, cols, cells }
    }

    /// The grid with cell (r, c) set to `cell`.
    pub fn with(&self, r: usize, c: usize, cell: u8) -> Grid {
        let mut grid = self.clone();
        grid.set(r, c, cell);
        grid
    }
}

/// A case's grid as its rows in the file's text, checked (equally long, every byte a cell) and
/// not copied: a board copies what it keeps, in the form its solver reads.
#[derive(Clone, Copy, Debug)]
pub struct GridRows<'a> {
    pub rows: usize,
    pub cols: usize,
    text: &'a [u8],
    starts: RowStarts<'a>,
}

#[derive(Clone, Copy, Debug)]
enum RowStarts<'a> {
    /// Row r starts at byte `starts[r]` (rows in a file, with line breaks and comments between).
    Listed(&'a [usize]),
    /// Row r starts at byte r × cols (a grid's own cells).
    Packed,
}

impl<'a> GridRows<'a> {
    /// Rows of `cols` bytes of `text`, row r at byte `starts[r]`; `None` when one is not there.
    pub fn in_text(text: &'a str, starts: &'a [usize], cols: usize) -> Option<GridRows<'a>> {
        let fits = starts
            .iter()
            .all(|&start| start.checked_add(cols).is_some_and(|end| end <= text.len()));
        (fits && cols > 0 && !starts.is_empty()).then_some(GridRows {
            rows: starts.len(),
            cols,
            text: text.as_bytes(),
            starts: RowStarts::Listed(starts),
        })
    }

    /// The rows of a grid.
    pub fn of(grid: &'a Grid) -> GridRows<'a> {
        GridRows {
            rows: grid.rows,
            cols: grid.cols,
            text: &grid.cells,
            starts: RowStarts::Packed,
        }
    }

    /// Row `r`, zero-based; callers stay inside the grid.
    pub fn row(&self, r: usize) -> &'a [u8] {
        let start = match self.starts {
            RowStarts::Listed(starts) => starts[r],
            RowStarts::Packed => r * self.cols,
        };
        &self.text[start..start + self.cols]
    }

    /// The rows copied into a grid.
    pub fn to_grid(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        for r in 0..self.rows {
            cells.extend_from_slice(self.row(r));
        }
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells,
        }
    }
}

/// Smaller versions of a grid, largest cuts first: each half, then every single row and column
/// dropped, then every cell that `clear` turns into something else. The order is fixed, so a
/// shrink that tries them in turn is deterministic.
pub(crate) fn smaller_grids(grid: &Grid, clear: impl Fn(u8) -> Option<u8>) -> Vec<Grid> {
    let mut out = Vec::new();
    let (n, m) = (grid.rows, grid.cols);
    if n >= 2 {
        out.push(grid.part(0, 0, n / 2, m));
        out.push(grid.part(n / 2, 0, n - n / 2, m));
    }
    if m >= 2 {
        out.push(grid.part(0, 0, n, m / 2));
        out.push(grid.part(0, m / 2, n, m - m / 2));
    }
    out.extend((0..n).filter_map(|r| grid.without_row(r)));
    out.extend((0..m).filter_map(|c| grid.without_col(c)));
    for r in 0..n {
        for c in 0..m {
            if let Some(cell) = clear(grid.at(r, c)) {
                out.push(grid.with(r, c, cell));
            }
        }
    }
    out
}
