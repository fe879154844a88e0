//! Wrong zgame solutions: the backward induction of the editorial with one mistake each, the
//! minimax shortcut, and the plain recursion over paths that is right but exponential.

use crate::games::Grid;
use crate::games::mutant::{Answers, Mutant, OverLimit, Work, each};

pub(crate) const MUTANTS: &[Mutant] = &[
    Mutant::zgame(
        "bob-moves-first",
        "Takes the cells where r + c is odd (1-based) as Alice's, so Bob makes the first move.",
        bob_moves_first,
    ),
    Mutant::zgame(
        "start-cell-ignored",
        "Starts moving from (1,1) without looking at its own letter, so an `A` or `B` there does \
         not end the game at once.",
        start_cell_ignored,
    ),
    Mutant::zgame(
        "last-cell-always-draw",
        "Treats reaching (n,m) as a draw even when that cell is `A` or `B`.",
        last_cell_always_draw,
    ),
    Mutant::zgame(
        "bob-border-escapes",
        "On the last row or column Bob's one move is checked as if he had two, so Bob is never \
         forced there.",
        bob_border_escapes,
    ),
    Mutant::zgame(
        "bob-cooperates",
        "Asks whether some path reaches the end, as if Bob also chose moves for Alice.",
        bob_cooperates,
    ),
    Mutant::zgame(
        "one-outcome-only",
        "Plays the game once with minimax (Alice prefers win, then draw) and says yes only to the \
         outcome of best play, though Alice may force several.",
        one_outcome_only,
    ),
    Mutant::zgame(
        "draw-as-complement",
        "Answers the draw question as \"neither a win nor a loss can be forced\" instead of \
         solving it.",
        draw_as_complement,
    ),
    Mutant::zgame(
        "path-recursion",
        "Right, but searches every path by plain recursion without remembering cells: \
         exponential in the board's size.",
        path_recursion,
    ),
];

/// The one mistake of a backward induction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mistake {
    None,
    BobFirst,
    StartIgnored,
    LastAlwaysDraw,
    BobBorderEscapes,
    BobCooperates,
}

/// Whether Alice can force the game to end on `target` (`A`, `.` for a draw, `B`), by the
/// editorial's backward induction read with `mistake`.
fn forces(grid: &Grid, target: u8, mistake: Mistake) -> bool {
    let (n, m) = (grid.rows, grid.cols);
    // Each cell: does the game from here end on `target` whatever the opponent does.
    let mut f = vec![false; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let last = r + 1 == n && c + 1 == m;
            let mut cell = grid.at(r, c);
            if mistake == Mistake::StartIgnored && r == 0 && c == 0 {
                cell = b'.';
            }
            if last && mistake == Mistake::LastAlwaysDraw {
                cell = b'.';
            }
            f[r * m + c] = if cell != b'.' || last {
                cell == target
            } else {
                let right = (c + 1 < m).then(|| f[r * m + c + 1]);
                let down = (r + 1 < n).then(|| f[(r + 1) * m + c]);
                let alice = (r + c).is_multiple_of(2) != (mistake == Mistake::BobFirst);
                if alice || mistake == Mistake::BobCooperates {
                    right == Some(true) || down == Some(true)
                } else if mistake == Mistake::BobBorderEscapes {
                    right == Some(true) && down == Some(true)
                } else {
                    right.unwrap_or(true) && down.unwrap_or(true)
                }
            };
        }
    }
    f[0]
}

fn words(win: bool, draw: bool, lose: bool) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    format!("{} {} {}", yes(win), yes(draw), yes(lose))
}

fn answer_by(grid: &Grid, mistake: Mistake) -> String {
    words(
        forces(grid, b'A', mistake),
        forces(grid, b'.', mistake),
        forces(grid, b'B', mistake),
    )
}

fn bob_moves_first(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| Ok(answer_by(g, Mistake::BobFirst)))
}

fn start_cell_ignored(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| Ok(answer_by(g, Mistake::StartIgnored)))
}

fn last_cell_always_draw(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        Ok(answer_by(g, Mistake::LastAlwaysDraw))
    })
}

fn bob_border_escapes(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        Ok(answer_by(g, Mistake::BobBorderEscapes))
    })
}

fn bob_cooperates(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        Ok(answer_by(g, Mistake::BobCooperates))
    })
}

fn draw_as_complement(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        let (win, lose) = (
            forces(g, b'A', Mistake::None),
            forces(g, b'B', Mistake::None),
        );
        Ok(words(win, !win && !lose, lose))
    })
}

/// The end with best play: 2 Alice wins, 1 draw, 0 Bob wins.
fn minimax(grid: &Grid) -> u8 {
    let (n, m) = (grid.rows, grid.cols);
    let mut v = vec![0u8; n * m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let last = r + 1 == n && c + 1 == m;
            v[r * m + c] = match grid.at(r, c) {
                b'A' => 2,
                b'B' => 0,
                _ if last => 1,
                _ => {
                    let right = (c + 1 < m).then(|| v[r * m + c + 1]);
                    let down = (r + 1 < n).then(|| v[(r + 1) * m + c]);
                    let options = right.into_iter().chain(down);
                    if (r + c).is_multiple_of(2) {
                        options.max().unwrap_or(1)
                    } else {
                        options.min().unwrap_or(1)
                    }
                }
            };
        }
    }
    v[0]
}

fn one_outcome_only(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        let end = minimax(g);
        Ok(words(end == 2, end == 1, end == 0))
    })
}

/// Whether Alice forces `target` from (r, c), by recursion over both moves every time.
fn recurse(
    grid: &Grid,
    r: usize,
    c: usize,
    target: u8,
    work: &mut Work,
) -> Result<bool, OverLimit> {
    work.step()?;
    let (n, m) = (grid.rows, grid.cols);
    let cell = grid.at(r, c);
    if cell != b'.' || (r + 1 == n && c + 1 == m) {
        return Ok(cell == target);
    }
    let right = if c + 1 < m {
        Some(recurse(grid, r, c + 1, target, work)?)
    } else {
        None
    };
    let down = if r + 1 < n {
        Some(recurse(grid, r + 1, c, target, work)?)
    } else {
        None
    };
    Ok(if (r + c).is_multiple_of(2) {
        right == Some(true) || down == Some(true)
    } else {
        right.unwrap_or(true) && down.unwrap_or(true)
    })
}

fn path_recursion(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        Ok(words(
            recurse(g, 0, 0, b'A', work)?,
            recurse(g, 0, 0, b'.', work)?,
            recurse(g, 0, 0, b'B', work)?,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;
    use crate::games::mutant::testing::wrong_and_right;

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Zgame(Grid::from_rows(rows).expect("a grid").into())
    }

    fn check(name: &str, wrong: &[&str], right: &[&str]) {
        let mutant = MUTANTS.iter().find(|m| m.name == name).expect("in the zoo");
        wrong_and_right(mutant, board(wrong), board(right));
    }

    #[test]
    fn bob_moves_first_is_caught_by_a_choice_of_alice() {
        check("bob-moves-first", &[".A", "B."], &["A"]);
    }

    #[test]
    fn start_cell_ignored_is_caught_by_a_lettered_start() {
        check("start-cell-ignored", &["A"], &["..", ".A"]);
    }

    #[test]
    fn last_cell_always_draw_is_caught_by_a_lettered_end() {
        check("last-cell-always-draw", &["..B"], &["..."]);
    }

    #[test]
    fn bob_border_escapes_is_caught_on_the_last_column() {
        // Bob moves at (1,2) and can only go down, onto `A`.
        check("bob-border-escapes", &[".", ".", "A"], &["AB"]);
    }

    #[test]
    fn bob_cooperates_is_caught_by_a_choice_of_bob() {
        check("bob-cooperates", &["..A", ".B."], &["A."]);
    }

    #[test]
    fn one_outcome_only_is_caught_when_alice_can_force_two_ends() {
        check("one-outcome-only", &[".A", ".."], &["B"]);
    }

    #[test]
    fn draw_as_complement_is_caught_when_alice_can_force_two_ends() {
        check("draw-as-complement", &[".A", ".."], &["..B", "..B", "BB."]);
    }

    #[test]
    fn path_recursion_is_right_on_small_boards_and_over_the_limit_on_large_ones() {
        let mutant = MUTANTS
            .iter()
            .find(|m| m.name == "path-recursion")
            .expect("in the zoo");
        let small = board(&["..B", "..B", "BB."]);
        let mut work = Work::new(crate::games::mutant::WORK_LIMIT);
        assert_eq!(
            mutant.judge(std::slice::from_ref(&small), &mut work),
            Ok(vec!["no no yes".to_string()])
        );
        let large = AnyBoard::Zgame(Grid::filled(40, 40, b'.').into());
        let mut work = Work::new(crate::games::mutant::WORK_LIMIT);
        assert_eq!(mutant.judge(&[large], &mut work), Err(OverLimit));
    }
}
