//! The algorithms: the closed forms that answer every board (`outcome`), and the DP over cells
//! that gives the editor every cell's outcome and a move that keeps it. Typed facts, no words.

use super::{ChessBoard, Piece};
use crate::games::{Budget, CellMark, Unsolved};
use std::fmt;

/// Who wins with best play: Bo (moves first), G, or nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Bo,
    G,
    Draw,
}

impl Outcome {
    /// The judge's letter: `B`, `G` or `D`.
    pub fn as_judge_str(self) -> &'static str {
        match self {
            Outcome::Bo => "B",
            Outcome::G => "G",
            Outcome::Draw => "D",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_judge_str())
    }
}

/// The answer by closed form, the one `answer`, `judge` and `solve` give; `dx = N − 1`,
/// `dy = M − 1` (sides ≥ 1).
#[inline]
pub fn outcome(board: &ChessBoard) -> Outcome {
    let dx = board.rows.saturating_sub(1);
    let dy = board.cols.saturating_sub(1);
    let second_wins = match board.piece {
        // Both distances even is closed under the king's moves in pairs: G restores it.
        Piece::King => dx.is_multiple_of(2) && dy.is_multiple_of(2),
        // Two-heap Nim.
        Piece::Rook => dx == dy,
        Piece::Knight => return knight_outcome(dx, dy),
        // Wythoff's game.
        Piece::Queen => is_wythoff_p(dx, dy),
    };
    if second_wins { Outcome::G } else { Outcome::Bo }
}

/// How many (+1,+2) and (+2,+1) moves reach (dx, dy), if whole numbers of each do.
pub(crate) fn knight_counts(dx: u64, dy: u64) -> Option<(i64, i64)> {
    let (dx, dy) = (i64::try_from(dx).ok()?, i64::try_from(dy).ok()?);
    if (dx + dy) % 3 != 0 {
        return None;
    }
    Some(((2 * dy - dx) / 3, (2 * dx - dy) / 3))
}

fn knight_outcome(dx: u64, dy: u64) -> Outcome {
    match knight_counts(dx, dy) {
        Some((a, b)) if a >= 0 && b >= 0 => match a.abs_diff(b) {
            0 => Outcome::G,
            1 => Outcome::Bo,
            _ => Outcome::Draw,
        },
        _ => Outcome::Draw,
    }
}

/// ⌊k·φ⌋ exactly: (k + ⌊√(5k²)⌋) / 2, since k·√5 is irrational for k > 0.
pub(crate) fn floor_k_phi(k: u64) -> u64 {
    k.midpoint(isqrt_5k2(k))
}

/// ⌊√(5k²)⌋: a float estimate, then exact integer correction.
fn isqrt_5k2(k: u64) -> u64 {
    let v = 5 * u128::from(k) * u128::from(k);
    // Up to 2^64 (every side we accept) the float conversions are plain instructions.
    let estimate = match u64::try_from(v) {
        Ok(small) => u128::from((small as f64).sqrt() as u64),
        Err(_) => (v as f64).sqrt() as u128,
    };
    let mut s = estimate;
    while s * s > v {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= v {
        s += 1;
    }
    // Past 2^63 or so the root no longer fits; nothing that large is a side.
    u64::try_from(s).unwrap_or(u64::MAX)
}

/// Whether (x, y) is a P-position of Wythoff's game: {⌊kφ⌋, ⌊kφ⌋ + k} for some k ≥ 0.
/// Exact for all x, y below 2^62.
pub fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    a == floor_k_phi(b - a)
}

/// The outcome of a cell for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    Win,
    Draw,
    Loss,
}

/// Every cell's value for the player to move: the editor's map.
pub(crate) struct CellValues {
    piece: Piece,
    rows: usize,
    cols: usize,
    /// Row-major.
    values: Vec<Value>,
}

impl CellValues {
    /// Heap bytes the values hold.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.values.capacity() * std::mem::size_of::<Value>()
    }

    /// What the map holds: a value and a mark a cell, and the DP's column and diagonal flags.
    pub(crate) fn bytes(board: &ChessBoard) -> usize {
        let (n, m) = (board.rows as usize, board.cols as usize);
        n.saturating_mul(m)
            .saturating_mul(std::mem::size_of::<Value>() + std::mem::size_of::<CellMark>())
            .saturating_add(n.saturating_add(m.saturating_mul(2)))
    }

    /// The DP from (N,M) back to (1,1), row by row from the bottom: a cell is won when a move
    /// reaches a lost cell, drawn when none does but one reaches a drawn cell or there is no
    /// move, lost otherwise.
    pub(crate) fn compute(board: &ChessBoard, budget: &Budget) -> Result<CellValues, Unsolved> {
        let (n, m) = (board.rows as usize, board.cols as usize);
        let mut values = vec![Value::Draw; n * m];
        // Whether a cell further along a row / column / diagonal is lost (bit 0) or drawn
        // (bit 1) for its mover: rook and queen moves reach any of them.
        let seen_bit = |v: Value| match v {
            Value::Loss => 1u8,
            Value::Draw => 2,
            Value::Win => 0,
        };
        let mut col = vec![0u8; m];
        let mut diag = vec![0u8; n + m];
        let long = matches!(board.piece, Piece::Rook | Piece::Queen);
        let steps: &[(usize, usize)] = match board.piece {
            Piece::King => &[(1, 0), (0, 1), (1, 1)],
            Piece::Knight => &[(1, 2), (2, 1)],
            Piece::Rook | Piece::Queen => &[],
        };
        for x in (0..n).rev() {
            if x.is_multiple_of(256) {
                budget.check_cancelled()?;
            }
            let mut row = 0u8;
            for y in (0..m).rev() {
                let d = y + n - 1 - x;
                let value = if x + 1 == n && y + 1 == m {
                    // The previous player moved the piece here and won.
                    Value::Loss
                } else {
                    let mut seen = 0u8;
                    let mut can_move = false;
                    for &(sx, sy) in steps {
                        let (tx, ty) = (x + sx, y + sy);
                        if tx < n && ty < m {
                            can_move = true;
                            seen |= seen_bit(values[tx * m + ty]);
                        }
                    }
                    if long {
                        can_move = x + 1 < n || y + 1 < m;
                        seen |= row | col[y];
                        if board.piece == Piece::Queen {
                            seen |= diag[d];
                        }
                    }
                    if seen & 1 != 0 {
                        Value::Win
                    } else if seen & 2 != 0 || !can_move {
                        Value::Draw
                    } else {
                        Value::Loss
                    }
                };
                values[x * m + y] = value;
                row |= seen_bit(value);
                col[y] |= seen_bit(value);
                diag[d] |= seen_bit(value);
            }
        }
        Ok(CellValues {
            piece: board.piece,
            rows: n,
            cols: m,
            values,
        })
    }

    pub(crate) fn piece(&self) -> Piece {
        self.piece
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// (N,M), zero-based.
    pub(crate) fn goal(&self) -> (usize, usize) {
        (self.rows - 1, self.cols - 1)
    }

    /// The values row by row.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    pub(crate) fn value_at(&self, x: usize, y: usize) -> Value {
        debug_assert!(x < self.rows && y < self.cols, "({x},{y}) is off the board");
        self.values[x * self.cols + y]
    }

    /// Every move from (x, y), the nearest first along each line.
    fn moves(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let (n, m) = (self.rows, self.cols);
        let inside = |&(tx, ty): &(usize, usize)| tx < n && ty < m;
        match self.piece {
            Piece::King => [(x + 1, y), (x, y + 1), (x + 1, y + 1)]
                .into_iter()
                .filter(inside)
                .collect(),
            Piece::Knight => [(x + 1, y + 2), (x + 2, y + 1)]
                .into_iter()
                .filter(inside)
                .collect(),
            Piece::Rook | Piece::Queen => {
                let mut out: Vec<(usize, usize)> = (x + 1..n).map(|tx| (tx, y)).collect();
                out.extend((y + 1..m).map(|ty| (x, ty)));
                if self.piece == Piece::Queen {
                    out.extend((1..).map(|k| (x + k, y + k)).take_while(inside));
                }
                out
            }
        }
    }

    /// A move that keeps the mover's outcome, straight to (N,M) when possible; `None` where
    /// there is no move.
    pub(crate) fn best_move(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let moves = self.moves(x, y);
        let wanted = match self.value_at(x, y) {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        };
        if wanted == Value::Loss && moves.contains(&self.goal()) {
            return Some(self.goal());
        }
        let best = moves
            .iter()
            .copied()
            .find(|&(tx, ty)| self.value_at(tx, ty) == wanted);
        debug_assert_eq!(
            best.is_none(),
            moves.is_empty(),
            "a move from ({x},{y}) keeps its value"
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_k_phi_matches_the_first_wythoff_pairs() {
        let lower: Vec<u64> = (0..8).map(floor_k_phi).collect();
        assert_eq!(lower, [0, 1, 3, 4, 6, 8, 9, 11]);
        assert!(is_wythoff_p(3, 5) && is_wythoff_p(5, 3) && !is_wythoff_p(4, 4));
    }

    #[test]
    fn the_sample_and_the_knight_trap() {
        let b = |piece, rows, cols| ChessBoard { piece, rows, cols };
        assert_eq!(outcome(&b(Piece::King, 5, 5)), Outcome::G);
        assert_eq!(outcome(&b(Piece::Rook, 5, 5)), Outcome::G);
        assert_eq!(outcome(&b(Piece::Knight, 5, 5)), Outcome::Draw);
        assert_eq!(outcome(&b(Piece::Queen, 5, 5)), Outcome::Bo);
        assert_eq!(outcome(&b(Piece::Knight, 2, 6)), Outcome::Draw);
    }

    #[test]
    fn the_map_agrees_with_the_closed_form_at_the_start() {
        for piece in Piece::ALL {
            for (rows, cols) in [(1, 1), (2, 3), (5, 5), (7, 12), (30, 17)] {
                let board = ChessBoard { piece, rows, cols };
                let map = CellValues::compute(&board, &Budget::unlimited()).expect("solved");
                let want = match outcome(&board) {
                    Outcome::Bo => Value::Win,
                    Outcome::G => Value::Loss,
                    Outcome::Draw => Value::Draw,
                };
                assert_eq!(map.value_at(0, 0), want, "{piece:?} {rows}×{cols}");
                assert_eq!(map.values().len(), (rows * cols) as usize);
            }
        }
    }
}
