//! Wrong race solutions: the parity argument taken for the whole answer, the jump forgotten,
//! the middle layer judged by its size, the wrong player first, and a breadth-first search
//! whose marks outlive their test.

use super::{Race, RaceBoard};
use crate::games::mutant::{Answers, Mutant, OverLimit, Work, each};
use crate::games::{Game, Grid};
use std::collections::VecDeque;

pub(crate) const MUTANTS: &[Mutant] = &[
    Mutant::race(
        "odd-distance-only",
        "Answers A when the starts are an odd distance apart and B otherwise, without playing \
         the meeting game.",
        odd_distance_only,
    ),
    Mutant::race(
        "jump-ignored",
        "Forgets the jump: the first to arrive wins, so A, who moves first, always wins.",
        jump_ignored,
    ),
    Mutant::race(
        "single-middle-cell",
        "Says B meets A only when the middle layer of the shortest paths is a single cell.",
        single_middle_cell,
    ),
    Mutant::race(
        "middle-off-shortest-paths",
        "Takes every cell D/2 steps from A as the middle layer, on a shortest path or not, and \
         says B meets A only when that is a single cell.",
        middle_off_shortest_paths,
    ),
    Mutant::race(
        "even-offsets-meet",
        "Says B meets A whenever the starts are an even number of rows and of columns apart, \
         as on an open board.",
        even_offsets_meet,
    ),
    Mutant::race(
        "b-moves-first",
        "Lets B make the first move.",
        b_moves_first,
    ),
    Mutant::race(
        "visited-kept-across-tests",
        "Never clears the search's visited marks between tests, so a later test's distances \
         cannot pass cells an earlier test reached.",
        visited_kept_across_tests,
    ),
];

fn exact(board: &RaceBoard, work: &mut Work) -> Result<String, OverLimit> {
    let budget = work.budget();
    Work::solved(Race::answer(board, &budget))
}

/// Steps from `start` to every white cell (`u32::MAX` where unreached), not entering cells
/// already in `visited`, which it marks.
fn distances(grid: &Grid, start: (usize, usize), visited: &mut [bool], width: usize) -> Vec<u32> {
    let (n, m) = (grid.rows, grid.cols);
    let mut dist = vec![u32::MAX; n * m];
    let mut queue = VecDeque::new();
    if visited[start.0 * width + start.1] {
        return dist;
    }
    visited[start.0 * width + start.1] = true;
    dist[start.0 * m + start.1] = 0;
    queue.push_back(start);
    while let Some((r, c)) = queue.pop_front() {
        let d = dist[r * m + c];
        let steps = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for (y, x) in steps {
            if y < n && x < m && grid.at(y, x) != b'#' && !visited[y * width + x] {
                visited[y * width + x] = true;
                dist[y * m + x] = d + 1;
                queue.push_back((y, x));
            }
        }
    }
    dist
}

fn fresh_distances(grid: &Grid, start: (usize, usize)) -> Vec<u32> {
    let mut visited = vec![false; grid.cells.len()];
    distances(grid, start, &mut visited, grid.cols)
}

/// The distance D between the starts, when connected.
fn distance(board: &RaceBoard) -> Option<u32> {
    let grid = board.grid();
    let (br, bc) = board.start_b();
    Some(fresh_distances(grid, board.start_a())[br * grid.cols + bc]).filter(|&d| d != u32::MAX)
}

fn odd_distance_only(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| match distance(b) {
        None => exact(b, work),
        Some(d) if d % 2 == 1 => Ok("A".into()),
        Some(_) => Ok("B".into()),
    })
}

fn jump_ignored(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| match distance(b) {
        None => exact(b, work),
        Some(_) => Ok("A".into()),
    })
}

/// The answer of a rule that decides an even distance by the middle layer's size.
fn by_middle(board: &RaceBoard, work: &mut Work, on_paths_only: bool) -> Result<String, OverLimit> {
    let Some(d) = distance(board) else {
        return exact(board, work);
    };
    if d % 2 == 1 {
        return Ok("A".into());
    }
    let grid = board.grid();
    let from_a = fresh_distances(grid, board.start_a());
    let from_b = fresh_distances(grid, board.start_b());
    let middle = (0..grid.cells.len())
        .filter(|&i| from_a[i] == d / 2 && (!on_paths_only || from_b[i] == d / 2))
        .count();
    Ok(if middle == 1 { "B" } else { "A" }.into())
}

fn single_middle_cell(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| by_middle(b, work, true))
}

fn middle_off_shortest_paths(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| by_middle(b, work, false))
}

fn even_offsets_meet(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| {
        let ((ar, ac), (br, bc)) = (b.start_a(), b.start_b());
        if ar.abs_diff(br) % 2 == 0 && ac.abs_diff(bc) % 2 == 0 {
            Ok("B".into())
        } else {
            exact(b, work)
        }
    })
}

fn b_moves_first(boards: &[RaceBoard], work: &mut Work) -> Answers {
    each(boards, work, |b, work| {
        let mut grid = b.grid().clone();
        for cell in &mut grid.cells {
            *cell = match *cell {
                b'A' => b'B',
                b'B' => b'A',
                other => other,
            };
        }
        let Ok(swapped) = RaceBoard::new(grid) else {
            return Err(OverLimit);
        };
        Ok(match exact(&swapped, work)?.as_str() {
            "A" => "B".into(),
            "B" => "A".into(),
            other => other.into(),
        })
    })
}

/// The original's largest side: the visited marks are one array of this width.
const WIDTH: usize = 300;

fn visited_kept_across_tests(boards: &[RaceBoard], work: &mut Work) -> Answers {
    let mut visited = vec![false; WIDTH * WIDTH];
    each(boards, work, |b, work| {
        let grid = b.grid();
        if grid.rows > WIDTH || grid.cols > WIDTH {
            return Err(OverLimit);
        }
        let (br, bc) = b.start_b();
        let reached = distances(grid, b.start_a(), &mut visited, WIDTH)[br * grid.cols + bc];
        // Reached as it should be: the rest of the solution is right.
        match distance(b) {
            Some(d) if d == reached => exact(b, work),
            _ if reached != u32::MAX && reached.is_multiple_of(2) => Ok("B".into()),
            _ => Ok("A".into()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;
    use crate::games::mutant::WORK_LIMIT;
    use crate::games::mutant::testing::{answer, exact, wrong_and_right};

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Race(RaceBoard::from_rows(rows).expect("a race board"))
    }

    fn check(name: &str, wrong: &[&str], right: &[&str]) {
        let mutant = MUTANTS.iter().find(|m| m.name == name).expect("in the zoo");
        wrong_and_right(mutant, board(wrong), board(right));
    }

    /// D = 1: A arrives first.
    const ODD: [&str; 2] = ["BA", "#."];
    /// D = 6: A slips past B.
    const ESCAPE: [&str; 4] = ["A.#.", "....", "..#.", "...B"];
    /// D = 2 through two middle cells: B lands on A in either.
    const MEET: [&str; 2] = [".A", "B."];
    /// D = 2 through one middle cell, beside a cell off the shortest paths.
    const NARROW: [&str; 3] = [".#.", "A.#", "#B."];

    #[test]
    fn odd_distance_only_is_caught_when_a_escapes() {
        check("odd-distance-only", &ESCAPE, &MEET);
    }

    #[test]
    fn jump_ignored_is_caught_when_b_meets_a() {
        check("jump-ignored", &MEET, &ODD);
    }

    #[test]
    fn single_middle_cell_is_caught_when_b_covers_two_cells() {
        check("single-middle-cell", &MEET, &NARROW);
    }

    #[test]
    fn middle_off_shortest_paths_is_caught_by_a_cell_off_the_paths() {
        check("middle-off-shortest-paths", &NARROW, &ESCAPE);
    }

    #[test]
    fn even_offsets_meet_is_caught_when_a_escapes() {
        check(
            "even-offsets-meet",
            &["#...A", ".....", ".#...", ".....", "B.#.."],
            &ESCAPE,
        );
    }

    #[test]
    fn b_moves_first_is_caught_by_an_odd_distance() {
        check("b-moves-first", &ODD, &ESCAPE);
    }

    #[test]
    fn visited_kept_across_tests_is_caught_by_a_second_test() {
        let mutant = MUTANTS
            .iter()
            .find(|m| m.name == "visited-kept-across-tests")
            .expect("in the zoo");
        let mut work = Work::new(WORK_LIMIT);
        let (first, second) = (board(&ESCAPE), board(&MEET));
        let answers = mutant.judge(&[first, second.clone()], &mut work);
        assert_ne!(answers.ok().and_then(|a| a.get(1).cloned()), exact(&second));
        assert_eq!(answer(mutant, second.clone()), exact(&second));
    }
}
