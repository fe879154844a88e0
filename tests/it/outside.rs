//! Wrong solutions written apart from the zoo (`src/games/*/mutants.rs`), by other readings of
//! the problems, so that a suite strengthened against the zoo is seen to kill mistakes it was
//! not searched for. Each takes a judge file's boards and prints one answer per test.

use boardls::analysis::budget;
use boardls::config::Config;
use boardls::games::chess::{ChessBoard, Piece};
use boardls::games::{AnyBoard, Grid};
use std::collections::HashMap;

type Solution = fn(&[AnyBoard]) -> Vec<String>;

/// The wrong solutions of `game`, by name.
pub(crate) fn solutions(game: &str) -> Vec<(&'static str, Solution)> {
    match game {
        "zgame" => vec![
            ("zgame draw is neither", zgame_draw_is_neither as Solution),
            ("zgame row parity", zgame_row_parity),
            ("zgame no draws", zgame_no_draws),
        ],
        "race" => vec![
            ("race cache by side", race_cache_by_side as Solution),
            ("race b wins even", race_b_always_meets_in_a_square),
            ("race always b", race_always_b),
        ],
        "chess" => vec![
            ("chess king one side", chess_king_one_side as Solution),
            ("chess rook sum parity", chess_rook_sum_parity),
            ("chess wythoff rounded", chess_wythoff_rounded),
        ],
        "tetris" => vec![
            ("tetris free cells", tetris_free_cells as Solution),
            ("tetris mirror", tetris_mirror),
            ("tetris two plies", tetris_two_plies),
        ],
        "strings" => vec![
            ("strings whole board count", strings_whole_board as Solution),
            ("strings right then down", strings_right_then_down),
            ("strings first maximises a", strings_first_counts_a_only),
        ],
        _ => Vec::new(),
    }
}

fn grids(boards: &[AnyBoard]) -> Vec<Grid> {
    boards
        .iter()
        .filter_map(|b| match b {
            AnyBoard::Zgame(z) => Some(z.grid().clone()),
            AnyBoard::Tetris(g) | AnyBoard::Strings(g) => Some(g.clone()),
            AnyBoard::Race(r) => Some(r.grid().clone()),
            AnyBoard::Chess(_) => None,
        })
        .collect()
}

fn exact(board: &AnyBoard) -> String {
    board
        .answer(&budget(&Config::default()))
        .unwrap_or_default()
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// Whether Alice forces `target` from (1,1), with Alice moving where `alice(r, c)`.
fn zgame_forces(g: &Grid, target: u8, alice: impl Fn(usize, usize) -> bool) -> bool {
    let (n, m) = (g.rows, g.cols);
    let mut f = vec![false; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let cell = g.at(r, c);
            f[r * m + c] = if cell != b'.' || (r + 1 == n && c + 1 == m) {
                cell == target
            } else {
                let right = (c + 1 < m).then(|| f[r * m + c + 1]);
                let down = (r + 1 < n).then(|| f[(r + 1) * m + c]);
                if alice(r, c) {
                    right == Some(true) || down == Some(true)
                } else {
                    right.unwrap_or(true) && down.unwrap_or(true)
                }
            };
        }
    }
    f[0]
}

/// Answers the draw question as "neither a win nor a loss can be forced".
fn zgame_draw_is_neither(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| {
            let alice = |r: usize, c: usize| (r + c).is_multiple_of(2);
            let win = zgame_forces(g, b'A', alice);
            let lose = zgame_forces(g, b'B', alice);
            format!("{} {} {}", yes(win), yes(!win && !lose), yes(lose))
        })
        .collect()
}

/// Alice moves on even rows, whatever the column.
fn zgame_row_parity(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| {
            let alice = |r: usize, _: usize| r.is_multiple_of(2);
            format!(
                "{} {} {}",
                yes(zgame_forces(g, b'A', alice)),
                yes(zgame_forces(g, b'.', alice)),
                yes(zgame_forces(g, b'B', alice))
            )
        })
        .collect()
}

/// Never says a draw can be forced.
fn zgame_no_draws(boards: &[AnyBoard]) -> Vec<String> {
    boards
        .iter()
        .map(|b| {
            let answer = exact(b);
            let words: Vec<&str> = answer.split(' ').collect();
            format!("{} no {}", words[0], words.get(2).unwrap_or(&"no"))
        })
        .collect()
}

/// Remembers answers by the board's side across the tests of a file.
fn race_cache_by_side(boards: &[AnyBoard]) -> Vec<String> {
    let mut by_side: HashMap<usize, String> = HashMap::new();
    boards
        .iter()
        .map(|b| {
            by_side
                .entry(b.largest_side())
                .or_insert_with(|| exact(b))
                .clone()
        })
        .collect()
}

/// B wins whenever the starts are an even number of rows and columns apart.
fn race_b_always_meets_in_a_square(boards: &[AnyBoard]) -> Vec<String> {
    boards
        .iter()
        .map(|b| match b {
            AnyBoard::Race(r) => {
                let ((ar, ac), (br, bc)) = (r.start_a(), r.start_b());
                if ar.abs_diff(br).is_multiple_of(2) && ac.abs_diff(bc).is_multiple_of(2) {
                    "B".to_string()
                } else {
                    exact(b)
                }
            }
            _ => exact(b),
        })
        .collect()
}

fn race_always_b(boards: &[AnyBoard]) -> Vec<String> {
    boards.iter().map(|_| "B".to_string()).collect()
}

fn chess_boards(boards: &[AnyBoard]) -> Vec<ChessBoard> {
    boards
        .iter()
        .filter_map(|b| match b {
            AnyBoard::Chess(c) => Some(*c),
            _ => None,
        })
        .collect()
}

fn chess_with(
    boards: &[AnyBoard],
    piece: Piece,
    g_wins: impl Fn(&ChessBoard) -> bool,
) -> Vec<String> {
    chess_boards(boards)
        .iter()
        .map(|c| {
            if c.piece == piece {
                if g_wins(c) { "G" } else { "B" }.to_string()
            } else {
                exact(&AnyBoard::Chess(*c))
            }
        })
        .collect()
}

/// A king: G when N is odd, as if only the rows counted.
fn chess_king_one_side(boards: &[AnyBoard]) -> Vec<String> {
    chess_with(boards, Piece::King, |c| c.rows % 2 == 1)
}

/// A rook: G when N + M is even.
fn chess_rook_sum_parity(boards: &[AnyBoard]) -> Vec<String> {
    chess_with(boards, Piece::Rook, |c| (c.rows + c.cols).is_multiple_of(2))
}

/// A queen: Wythoff's pairs with the index rounded rather than floored.
fn chess_wythoff_rounded(boards: &[AnyBoard]) -> Vec<String> {
    chess_with(boards, Piece::Queen, |c| {
        let (x, y) = (c.rows - 1, c.cols - 1);
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let phi = f64::midpoint(1.0, 5f64.sqrt());
        a == (k as f64 * phi).round() as u64
    })
}

fn tetris_squares(g: &Grid) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for r in 0..g.rows.saturating_sub(1) {
        for c in 0..g.cols.saturating_sub(1) {
            if [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
                .iter()
                .all(|&(y, x)| g.at(y, x) == b'0')
            {
                found.push((r, c));
            }
        }
    }
    found
}

fn yes_no(b: bool) -> String {
    if b { "Yes" } else { "No" }.to_string()
}

/// Lele wins when the free cells make an odd number of whole squares.
fn tetris_free_cells(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| yes_no((g.cells.iter().filter(|&&c| c == b'0').count() / 4) % 2 == 1))
        .collect()
}

/// The second player mirrors: Lele loses on every board symmetric under a half turn.
fn tetris_mirror(boards: &[AnyBoard]) -> Vec<String> {
    boards
        .iter()
        .map(|b| match b {
            AnyBoard::Tetris(g) => {
                let symmetric = g.cells.iter().eq(g.cells.iter().rev());
                if symmetric {
                    "No".to_string()
                } else {
                    exact(b)
                }
            }
            _ => exact(b),
        })
        .collect()
}

/// Looks two moves ahead only: Lele wins when some square leaves no reply.
fn tetris_two_plies(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| {
            let wins = tetris_squares(g).iter().any(|&(r, c)| {
                let mut after = g.clone();
                for (y, x) in [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)] {
                    after.set(y, x, b'1');
                }
                tetris_squares(&after).is_empty()
            });
            yes_no(wins)
        })
        .collect()
}

fn word(v: i64) -> String {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => "FIRST",
        std::cmp::Ordering::Less => "SECOND",
        std::cmp::Ordering::Equal => "DRAW",
    }
    .to_string()
}

fn letter_score(cell: u8) -> i64 {
    match cell {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

/// Counts `a` and `b` over the whole board.
fn strings_whole_board(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| word(g.cells.iter().map(|&c| letter_score(c)).sum()))
        .collect()
}

/// The string along the first row, then down the last column.
fn strings_right_then_down(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| {
            let top: i64 = (0..g.cols).map(|c| letter_score(g.at(0, c))).sum();
            let side: i64 = (1..g.rows).map(|r| letter_score(g.at(r, g.cols - 1))).sum();
            word(top + side)
        })
        .collect()
}

/// Plays on cells, the first player counting only his `a`s and the second only his `b`s.
fn strings_first_counts_a_only(boards: &[AnyBoard]) -> Vec<String> {
    grids(boards)
        .iter()
        .map(|g| {
            let (n, m) = (g.rows, g.cols);
            // From each cell: (a's, b's) of the rest with each player maximising his own letter.
            let mut v = vec![(0i64, 0i64); n * m];
            for r in (0..n).rev() {
                for c in (0..m).rev() {
                    let options: Vec<(i64, i64)> = [(r + 1, c), (r, c + 1)]
                        .into_iter()
                        .filter(|&(y, x)| y < n && x < m)
                        .map(|(y, x)| {
                            let (a, b) = v[y * m + x];
                            let cell = g.at(y, x);
                            (a + i64::from(cell == b'a'), b + i64::from(cell == b'b'))
                        })
                        .collect();
                    let first = (r + c + 1).is_multiple_of(2);
                    v[r * m + c] = options
                        .into_iter()
                        .max_by_key(|&(a, b)| if first { a } else { b })
                        .unwrap_or((0, 0));
                }
            }
            let (a, b) = v[0];
            let start = g.at(0, 0);
            word(a + i64::from(start == b'a') - b - i64::from(start == b'b'))
        })
        .collect()
}
