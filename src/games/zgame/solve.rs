//! The algorithms: what Alice can force from every cell (`ForceTable`, for the editor) and from
//! (1,1) alone (`bitdp`: a board's `BitRows` for `answer`, `BitDp` for `judge`'s rows as they
//! are read). Typed facts, no words.

mod bitdp;

pub(crate) use bitdp::{BitDp, BitRows};

use crate::games::{Budget, CellMark, Grid, Unsolved};
use std::fmt;

/// The three answers: can Alice force a win, a draw, a loss?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub win: bool,
    pub draw: bool,
    pub loss: bool,
}

impl Answer {
    fn from_flags(flags: u8) -> Answer {
        Answer {
            win: flags & CAN_WIN != 0,
            draw: flags & CAN_DRAW != 0,
            loss: flags & CAN_LOSE != 0,
        }
    }

    /// The judge's line: `yes`/`no` for win, draw and loss.
    pub(crate) fn as_judge_str(self) -> &'static str {
        match (self.win, self.draw, self.loss) {
            (true, true, true) => "yes yes yes",
            (true, true, false) => "yes yes no",
            (true, false, true) => "yes no yes",
            (true, false, false) => "yes no no",
            (false, true, true) => "no yes yes",
            (false, true, false) => "no yes no",
            (false, false, true) => "no no yes",
            (false, false, false) => "no no no",
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_judge_str())
    }
}

/// How the game ends when both play win > draw > loss (Alice's order; Bob's is the reverse).
/// The variants' numbers rise with Alice's preference: `combine` takes the mover's best as
/// their maximum or minimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    BobWins,
    Draw,
    AliceWins,
}

impl End {
    fn bits(self) -> u8 {
        (self as u8) << END_SHIFT
    }

    fn from_flags(flags: u8) -> End {
        match (flags >> END_SHIFT) & 3 {
            0 => End::BobWins,
            1 => End::Draw,
            2 => End::AliceWins,
            bits => unreachable!("no end is stored as {bits}"),
        }
    }
}

/// A move of the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Right,
    Down,
}

// Per-cell flags: what Alice can force from the cell, how it ends with best play
// (`End << END_SHIFT`), and whether the game is over once the token is there.
const CAN_WIN: u8 = 1;
const CAN_DRAW: u8 = 2;
const CAN_LOSE: u8 = 4;
const END_SHIFT: u8 = 3;
const TERMINAL: u8 = 1 << 5;

/// Alice moves at (r, c) when r + c is even: every move adds one to r + c.
pub(crate) fn alice_moves(r: usize, c: usize) -> bool {
    (r + c).is_multiple_of(2)
}

/// The flags of a cell from its byte, whether it is (n, m), who moves there and the flags of
/// the cells its moves reach (at least one unless the cell is terminal). Bytes other than `A`
/// and `B` count as empty.
#[inline]
fn cell_flags(cell: u8, last: bool, alice: bool, right: Option<u8>, down: Option<u8>) -> u8 {
    match cell {
        b'A' => TERMINAL | CAN_WIN | End::AliceWins.bits(),
        b'B' => TERMINAL | CAN_LOSE | End::BobWins.bits(),
        _ if last => TERMINAL | CAN_DRAW | End::Draw.bits(),
        _ => combine(alice, right, down),
    }
}

/// A cell where someone moves, from its successors: Alice forces an end when one move does, Bob
/// cannot stop it only when every move does; the end with best play is the mover's best.
#[inline]
fn combine(alice: bool, right: Option<u8>, down: Option<u8>) -> u8 {
    const FORCE: u8 = CAN_WIN | CAN_DRAW | CAN_LOSE;
    const END: u8 = 3 << END_SHIFT;
    match (right, down) {
        (Some(one), None) | (None, Some(one)) => one & (FORCE | END),
        (Some(a), Some(b)) => {
            let (force, end) = if alice {
                (a | b, (a & END).max(b & END))
            } else {
                (a & b, (a & END).min(b & END))
            };
            (force & FORCE) | end
        }
        (None, None) => unreachable!("only (n, m) has no move, and it is terminal"),
    }
}

/// Every cell's answers and end with best play: the editor's table.
pub(crate) struct ForceTable {
    rows: usize,
    cols: usize,
    /// The flags of each cell, row-major.
    flags: Vec<u8>,
}

impl ForceTable {
    /// What `solve` holds for an n × m board: the flags and the cell map's marks.
    pub(crate) fn bytes(rows: usize, cols: usize) -> usize {
        rows.saturating_mul(cols)
            .saturating_mul(1 + std::mem::size_of::<CellMark>())
    }

    /// Heap bytes the table holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.flags.capacity()
    }

    /// The table of a grid whose cells match its size.
    pub(crate) fn compute(grid: &Grid, budget: &Budget) -> Result<ForceTable, Unsolved> {
        let (n, m) = (grid.rows, grid.cols);
        assert_eq!(grid.cells.len(), n * m, "a {n} × {m} grid");
        let mut flags = vec![0u8; n * m];
        for r in (0..n).rev() {
            if r.is_multiple_of(64) {
                budget.check_cancelled()?;
            }
            for c in (0..m).rev() {
                let i = r * m + c;
                let right = (c + 1 < m).then(|| flags[i + 1]);
                let down = (r + 1 < n).then(|| flags[i + m]);
                let last = r + 1 == n && c + 1 == m;
                flags[i] = cell_flags(grid.cells[i], last, alice_moves(r, c), right, down);
            }
        }
        Ok(ForceTable {
            rows: n,
            cols: m,
            flags,
        })
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    fn flags(&self, r: usize, c: usize) -> u8 {
        debug_assert!(r < self.rows && c < self.cols, "({r},{c}) is off the board");
        self.flags[r * self.cols + c]
    }

    /// What Alice could force with the token at (r, c).
    pub(crate) fn answer_at(&self, r: usize, c: usize) -> Answer {
        Answer::from_flags(self.flags(r, c))
    }

    /// How the game ends from (r, c) with best play.
    pub(crate) fn end_at(&self, r: usize, c: usize) -> End {
        End::from_flags(self.flags(r, c))
    }

    /// How the game ends as soon as the token is at (r, c): `A`, `B` or an empty (n, m); `None`
    /// where someone moves.
    pub(crate) fn terminal_end(&self, r: usize, c: usize) -> Option<End> {
        let flags = self.flags(r, c);
        (flags & TERMINAL != 0).then(|| End::from_flags(flags))
    }

    /// The moves from (r, c), right first (none from a terminal cell).
    pub(crate) fn moves(&self, r: usize, c: usize) -> Vec<(Direction, (usize, usize))> {
        if self.terminal_end(r, c).is_some() {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(2);
        if c + 1 < self.cols {
            moves.push((Direction::Right, (r, c + 1)));
        }
        if r + 1 < self.rows {
            moves.push((Direction::Down, (r + 1, c)));
        }
        moves
    }

    /// The mover's best moves: those that keep the end of (r, c) (both when they tie).
    pub(crate) fn best_moves(&self, r: usize, c: usize) -> Vec<(Direction, (usize, usize))> {
        let end = self.end_at(r, c);
        let mut best = self.moves(r, c);
        best.retain(|&(_, (tr, tc))| self.end_at(tr, tc) == end);
        debug_assert!(
            self.terminal_end(r, c).is_some() || !best.is_empty(),
            "({r},{c}) has a best move"
        );
        best
    }

    /// The next cell of the line of best play from a cell where someone moves: right first
    /// when both moves are best.
    pub(crate) fn best_step(&self, r: usize, c: usize) -> (usize, usize) {
        debug_assert!(self.terminal_end(r, c).is_none(), "({r},{c}) is terminal");
        let end = self.end_at(r, c);
        if c + 1 < self.cols && self.end_at(r, c + 1) == end {
            return (r, c + 1);
        }
        debug_assert!(
            r + 1 < self.rows && self.end_at(r + 1, c) == end,
            "a best move from ({r},{c})"
        );
        (r + 1, c)
    }
}

/// What Alice can force from (1,1) of a grid whose cells match its size, by the bit-parallel
/// rows.
pub(crate) fn answer(grid: &Grid) -> Answer {
    bitdp::answer_of_cells(&grid.cells, grid.rows, grid.cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board up to 3 × 3 and 2 × 4: the narrow boards' byte DP, the bit-parallel rows
    /// and the editor's table agree.
    #[test]
    fn the_three_solvers_agree_on_every_tiny_board() {
        for (n, m) in [
            (1, 1),
            (1, 4),
            (4, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 4),
            (4, 2),
        ] {
            let count = 3usize.pow((n * m) as u32);
            for code in 0..count {
                let mut x = code;
                let cells: Vec<u8> = (0..n * m)
                    .map(|_| {
                        let cell = [b'.', b'A', b'B'][x % 3];
                        x /= 3;
                        cell
                    })
                    .collect();
                let g = Grid {
                    rows: n,
                    cols: m,
                    cells,
                };
                let table =
                    ForceTable::compute(&g, &Budget::unlimited()).map(|t| t.answer_at(0, 0));
                let bytes = bitdp::answer_by_cells(&g.cells, n, m);
                assert_eq!(table, Ok(bytes), "{:?}", g.row_strings());
                assert_eq!(answer(&g), bytes, "{:?}", g.row_strings());
            }
        }
    }

    #[test]
    fn lines_of_play_keep_the_end_and_stop_at_a_terminal_cell() {
        let g = Grid::from_rows(&["..B", "..B", "BB."]).expect("a board");
        let table = ForceTable::compute(&g, &Budget::unlimited()).expect("solved");
        assert_eq!(table.end_at(0, 0), End::BobWins);
        let mut at = (0, 0);
        let mut line = vec![at];
        while table.terminal_end(at.0, at.1).is_none() {
            at = table.best_step(at.0, at.1);
            assert_eq!(table.end_at(at.0, at.1), End::BobWins);
            line.push(at);
        }
        assert_eq!(line, [(0, 0), (0, 1), (0, 2)]);
        assert_eq!(table.terminal_end(0, 2), Some(End::BobWins));
        assert_eq!(table.terminal_end(2, 2), Some(End::Draw));
        assert!(table.moves(2, 2).is_empty());
    }
}
