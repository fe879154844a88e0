//! Wrong tetris solutions: move counting instead of search, loops that stop one row or column
//! short, a memo that outlives its test, and the plain search of the editorial without memo.

use super::Tetris;
use crate::games::mutant::{Answers, Mutant, OverLimit, Work, each};
use crate::games::{Game, Grid};
use std::collections::HashMap;

pub(crate) const MUTANTS: &[Mutant] = &[
    Mutant::tetris(
        "placements-parity",
        "Says Lele wins when the number of free 2×2 squares is odd, as if every square were \
         covered in turn.",
        placements_parity,
    ),
    Mutant::tetris(
        "greedy-tiling-parity",
        "Covers squares greedily in reading order and says Lele wins when that tiling has an odd \
         number of squares.",
        greedy_tiling_parity,
    ),
    Mutant::tetris(
        "any-move-wins",
        "Says Lele wins whenever he has a first move.",
        any_move_wins,
    ),
    Mutant::tetris(
        "last-row-ignored",
        "Loops over the squares' top rows to n − 2 instead of n − 1, so no square touches the \
         last row.",
        last_row_ignored,
    ),
    Mutant::tetris(
        "last-column-ignored",
        "Loops over the squares' left columns to m − 2 instead of m − 1, so no square touches \
         the last column.",
        last_column_ignored,
    ),
    Mutant::tetris(
        "memo-keyed-on-cells",
        "Remembers answers across the tests of an input by the board's cells alone, so a board \
         of another shape with the same cells gets the earlier answer.",
        memo_keyed_on_cells,
    ),
    Mutant::tetris(
        "search-without-memo",
        "Right, but searches every order of moves without remembering positions: exponential \
         in the number of free squares.",
        search_without_memo,
    ),
];

fn yes_no(first_wins: bool) -> String {
    if first_wins { "Yes" } else { "No" }.to_string()
}

/// Top-left corners of the 2×2 squares of free cells.
fn squares(grid: &Grid) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for r in 0..grid.rows.saturating_sub(1) {
        for c in 0..grid.cols.saturating_sub(1) {
            if free_square(grid, r, c) {
                found.push((r, c));
            }
        }
    }
    found
}

fn free_square(grid: &Grid, r: usize, c: usize) -> bool {
    [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
        .iter()
        .all(|&(y, x)| grid.at(y, x) == b'0')
}

fn cover(grid: &mut Grid, r: usize, c: usize, cell: u8) {
    for (y, x) in [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)] {
        grid.set(y, x, cell);
    }
}

fn exact(grid: &Grid, work: &mut Work) -> Result<String, OverLimit> {
    let budget = work.budget();
    Work::solved(Tetris::answer(grid, &budget))
}

fn placements_parity(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| Ok(yes_no(squares(g).len() % 2 == 1)))
}

fn greedy_tiling_parity(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        let mut grid = g.clone();
        let mut placed = 0usize;
        for r in 0..grid.rows.saturating_sub(1) {
            for c in 0..grid.cols.saturating_sub(1) {
                if free_square(&grid, r, c) {
                    cover(&mut grid, r, c, b'1');
                    placed += 1;
                }
            }
        }
        Ok(yes_no(placed % 2 == 1))
    })
}

fn any_move_wins(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| Ok(yes_no(!squares(g).is_empty())))
}

/// The board with a row or column blocked: what a loop that never reaches it sees.
fn blocked(grid: &Grid, row: Option<usize>, col: Option<usize>) -> Grid {
    let mut out = grid.clone();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            if Some(r) == row || Some(c) == col {
                out.set(r, c, b'1');
            }
        }
    }
    out
}

fn last_row_ignored(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        exact(&blocked(g, g.rows.checked_sub(1), None), work)
    })
}

fn last_column_ignored(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        exact(&blocked(g, None, g.cols.checked_sub(1)), work)
    })
}

fn memo_keyed_on_cells(boards: &[Grid], work: &mut Work) -> Answers {
    let mut memo: HashMap<Vec<u8>, String> = HashMap::new();
    each(boards, work, |g, work| {
        if let Some(answer) = memo.get(&g.cells) {
            return Ok(answer.clone());
        }
        let answer = exact(g, work)?;
        memo.insert(g.cells.clone(), answer.clone());
        Ok(answer)
    })
}

/// Whether the player to move wins, by trying every square and every reply. Every square
/// looked at is a node: a position of a large board costs its whole scan.
fn wins(grid: &mut Grid, work: &mut Work) -> Result<bool, OverLimit> {
    for r in 0..grid.rows.saturating_sub(1) {
        for c in 0..grid.cols.saturating_sub(1) {
            work.step()?;
            if free_square(grid, r, c) {
                cover(grid, r, c, b'1');
                let reply = wins(grid, work);
                cover(grid, r, c, b'0');
                if !reply? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

fn search_without_memo(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        Ok(yes_no(wins(&mut g.clone(), work)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;
    use crate::games::mutant::WORK_LIMIT;
    use crate::games::mutant::testing::{answer, exact, wrong_and_right};

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Tetris(Grid::from_rows(rows).expect("a grid"))
    }

    fn check(name: &str, wrong: &[&str], right: &[&str]) {
        let mutant = MUTANTS.iter().find(|m| m.name == name).expect("in the zoo");
        wrong_and_right(mutant, board(wrong), board(right));
    }

    #[test]
    fn placements_parity_is_caught_by_overlapping_squares() {
        check("placements-parity", &["000", "000"], &["00", "00"]);
    }

    #[test]
    fn greedy_tiling_parity_is_caught_by_a_middle_square() {
        check("greedy-tiling-parity", &["0000", "0000"], &["00", "00"]);
    }

    #[test]
    fn any_move_wins_is_caught_by_the_second_sample() {
        check(
            "any-move-wins",
            &["0000", "0010", "0100", "0000"],
            &["00", "00"],
        );
    }

    #[test]
    fn last_row_ignored_is_caught_by_a_two_row_board() {
        check("last-row-ignored", &["00", "00"], &["00", "00", "00"]);
    }

    #[test]
    fn last_column_ignored_is_caught_by_a_two_column_board() {
        check("last-column-ignored", &["00", "00"], &["000", "000"]);
    }

    #[test]
    fn memo_keyed_on_cells_is_caught_by_two_shapes_of_the_same_cells() {
        let mutant = MUTANTS
            .iter()
            .find(|m| m.name == "memo-keyed-on-cells")
            .expect("in the zoo");
        let line = board(&["0000"]);
        let square = board(&["00", "00"]);
        let mut work = Work::new(WORK_LIMIT);
        // The exact answers are `No` then `Yes`: the square gets the line's answer.
        let answers = mutant.judge(&[line, square.clone()], &mut work);
        assert_eq!(answers, Ok(vec!["No".to_string(), "No".to_string()]));
        assert_eq!(answer(mutant, square.clone()), exact(&square));
    }

    #[test]
    fn search_without_memo_is_right_on_small_boards_and_over_the_limit_on_large_ones() {
        let mutant = MUTANTS
            .iter()
            .find(|m| m.name == "search-without-memo")
            .expect("in the zoo");
        let mut work = Work::new(WORK_LIMIT);
        assert_eq!(
            mutant.judge(&[board(&["0000", "0010", "0100", "0000"])], &mut work),
            Ok(vec!["No".to_string()])
        );
        let large = AnyBoard::Tetris(Grid::filled(12, 12, b'0'));
        let mut work = Work::new(WORK_LIMIT);
        assert_eq!(mutant.judge(&[large], &mut work), Err(OverLimit));
    }
}
