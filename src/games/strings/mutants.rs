//! Wrong strings solutions: the game played on cells instead of strings, greedy letters, the
//! wrong player first, the first or last letter left out, a draw counted as a win, and the
//! search over strings without memo.

use crate::games::Grid;
use crate::games::mutant::{Answers, Mutant, OverLimit, Work, each};
use std::collections::HashMap;

pub(crate) const MUTANTS: &[Mutant] = &[
    Mutant::strings(
        "cells-not-strings",
        "Plays on cells: each player picks the next cell, not the next letter, so the paths that \
         spell the same string are not merged.",
        cells_not_strings,
    ),
    Mutant::strings(
        "greedy-next-letter",
        "Each player appends the letter best for them right now (`a` for the first, `b` for the \
         second) instead of looking ahead.",
        greedy_next_letter,
    ),
    Mutant::strings(
        "second-player-first",
        "Gives the second letter to the first player, so the players' turns are swapped.",
        second_player_first,
    ),
    Mutant::strings(
        "first-letter-ignored",
        "Leaves the forced top-left letter out of the count.",
        first_letter_ignored,
    ),
    Mutant::strings(
        "last-letter-ignored",
        "Stops one letter early, so the bottom-right letter is not counted.",
        last_letter_ignored,
    ),
    Mutant::strings(
        "draw-counted-as-first",
        "Compares the difference with `>= 0`, so a draw is answered FIRST.",
        draw_counted_as_first,
    ),
    Mutant::strings(
        "search-without-memo",
        "Right, but searches the strings without remembering (diagonal, cells) states: \
         exponential in n.",
        search_without_memo,
    ),
];

fn score(letter: u8) -> i32 {
    match letter {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}

fn word(value: i32) -> String {
    match value.cmp(&0) {
        std::cmp::Ordering::Greater => "FIRST",
        std::cmp::Ordering::Less => "SECOND",
        std::cmp::Ordering::Equal => "DRAW",
    }
    .to_string()
}

/// The first row of diagonal `k` (cells with r + c = k).
fn first_row(grid: &Grid, k: usize) -> usize {
    k.saturating_sub(grid.cols - 1)
}

/// The cells of diagonal `k + 1` reached from the cells `mask` of diagonal `k`, by letter.
fn next_sets(grid: &Grid, k: usize, mask: u64) -> Vec<(u8, u64)> {
    let (r0, r1) = (first_row(grid, k), first_row(grid, k + 1));
    let mut sets: Vec<(u8, u64)> = Vec::new();
    for bit in 0..64 {
        if mask & (1 << bit) == 0 {
            continue;
        }
        let (r, c) = (r0 + bit, k - r0 - bit);
        for (nr, nc) in [(r + 1, c), (r, c + 1)] {
            if nr < grid.rows && nc < grid.cols {
                let letter = grid.at(nr, nc);
                let at = 1u64 << (nr - r1);
                match sets.iter_mut().find(|(l, _)| *l == letter) {
                    Some((_, set)) => *set |= at,
                    None => sets.push((letter, at)),
                }
            }
        }
    }
    sets.sort_unstable();
    sets
}

/// How one search over strings is written.
struct Search<'g> {
    grid: &'g Grid,
    /// Whether the first player owns letters at even 0-based indices (the right reading).
    first_even: bool,
    memo: Option<HashMap<(usize, u64), i32>>,
}

impl Search<'_> {
    /// The score of the letters after diagonal `k`, whose cells `mask` spell the string so far.
    fn rest(&mut self, k: usize, mask: u64, work: &mut Work) -> Result<i32, OverLimit> {
        if k + 2 == self.grid.rows + self.grid.cols {
            return Ok(0);
        }
        if let Some(v) = self.memo.as_ref().and_then(|m| m.get(&(k, mask))) {
            return Ok(*v);
        }
        work.step()?;
        let first = (k + 1).is_multiple_of(2) == self.first_even;
        let mut best: Option<i32> = None;
        for (letter, set) in next_sets(self.grid, k, mask) {
            let v = score(letter) + self.rest(k + 1, set, work)?;
            best = Some(match best {
                None => v,
                Some(b) if first => b.max(v),
                Some(b) => b.min(v),
            });
        }
        let v = best.unwrap_or(0);
        if let Some(memo) = &mut self.memo {
            memo.insert((k, mask), v);
        }
        Ok(v)
    }

    fn value(mut self, work: &mut Work) -> Result<i32, OverLimit> {
        if self.grid.rows.min(self.grid.cols) > 64 {
            return Err(OverLimit);
        }
        Ok(score(self.grid.at(0, 0)) + self.rest(0, 1, work)?)
    }
}

fn exact_value(grid: &Grid, work: &mut Work) -> Result<i32, OverLimit> {
    let budget = work.budget();
    Work::solved(super::value(grid, &budget))
}

fn cells_not_strings(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        let (n, m) = (g.rows, g.cols);
        let mut v = vec![0i32; n * m];
        for r in (0..n).rev() {
            for c in (0..m).rev() {
                let options = [(r + 1, c), (r, c + 1)]
                    .into_iter()
                    .filter(|&(y, x)| y < n && x < m)
                    .map(|(y, x)| score(g.at(y, x)) + v[y * m + x]);
                // The next letter, index r + c + 1, is the first player's when it is even.
                v[r * m + c] = if (r + c + 1).is_multiple_of(2) {
                    options.max().unwrap_or(0)
                } else {
                    options.min().unwrap_or(0)
                };
            }
        }
        Ok(word(score(g.at(0, 0)) + v[0]))
    })
}

fn greedy_next_letter(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, _| {
        let mut mask = 1u64;
        let mut total = score(g.at(0, 0));
        for k in 0..g.rows + g.cols - 2 {
            let first = (k + 1).is_multiple_of(2);
            let Some(&(letter, set)) = next_sets(g, k, mask)
                .iter()
                .max_by_key(|(l, _)| if first { score(*l) } else { -score(*l) })
            else {
                break;
            };
            total += score(letter);
            mask = set;
        }
        Ok(word(total))
    })
}

fn second_player_first(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        let search = Search {
            grid: g,
            first_even: false,
            memo: Some(HashMap::new()),
        };
        Ok(word(search.value(work)?))
    })
}

fn first_letter_ignored(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        Ok(word(exact_value(g, work)? - score(g.at(0, 0))))
    })
}

fn last_letter_ignored(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        Ok(word(
            exact_value(g, work)? - score(g.at(g.rows - 1, g.cols - 1)),
        ))
    })
}

fn draw_counted_as_first(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        let v = exact_value(g, work)?;
        Ok(if v >= 0 { "FIRST".into() } else { word(v) })
    })
}

fn search_without_memo(boards: &[Grid], work: &mut Work) -> Answers {
    each(boards, work, |g, work| {
        let search = Search {
            grid: g,
            first_even: true,
            memo: None,
        };
        Ok(word(search.value(work)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::AnyBoard;
    use crate::games::mutant::{WORK_LIMIT, testing::wrong_and_right};

    fn board(rows: &[&str]) -> AnyBoard {
        AnyBoard::Strings(Grid::from_rows(rows).expect("a grid"))
    }

    fn check(name: &str, wrong: &[&str], right: &[&str]) {
        let mutant = MUTANTS.iter().find(|m| m.name == name).expect("in the zoo");
        wrong_and_right(mutant, board(wrong), board(right));
    }

    #[test]
    fn the_search_with_memo_is_the_exact_solver() {
        // Every 3×3 board over `a`, `b`, `c` with `c` at the corners.
        for code in 0..3usize.pow(5) {
            let mut x = code;
            let mut cells = vec![b'c'; 9];
            for at in [1, 3, 4, 5, 7] {
                cells[at] = b"abc"[x % 3];
                x /= 3;
            }
            let grid = Grid {
                rows: 3,
                cols: 3,
                cells,
            };
            let search = Search {
                grid: &grid,
                first_even: true,
                memo: Some(HashMap::new()),
            };
            let mut work = Work::new(WORK_LIMIT);
            let budget = crate::games::Budget::unlimited();
            assert_eq!(
                search.value(&mut work).ok(),
                super::super::value(&grid, &budget).ok()
            );
        }
    }

    #[test]
    fn cells_not_strings_is_caught_when_two_paths_spell_one_string() {
        check("cells-not-strings", &["ccc", "ccb", "acc"], &["ab", "ba"]);
    }

    #[test]
    fn greedy_next_letter_is_caught_by_a_bait() {
        check("greedy-next-letter", &["ccc", "cba", "abc"], &["ab", "ba"]);
    }

    #[test]
    fn second_player_first_is_caught_by_a_choice() {
        check("second-player-first", &["cb", "ac"], &["ab", "ba"]);
    }

    #[test]
    fn first_letter_ignored_is_caught_by_a_lone_letter() {
        check("first-letter-ignored", &["a"], &["c"]);
    }

    #[test]
    fn last_letter_ignored_is_caught_by_the_last_letter() {
        check("last-letter-ignored", &["cc", "ca"], &["cc", "cc"]);
    }

    #[test]
    fn draw_counted_as_first_is_caught_by_a_draw() {
        check("draw-counted-as-first", &["c"], &["a"]);
    }

    #[test]
    fn search_without_memo_is_right_on_small_boards_and_over_the_limit_on_large_ones() {
        let mutant = MUTANTS
            .iter()
            .find(|m| m.name == "search-without-memo")
            .expect("in the zoo");
        let small = board(&["ccc", "cba", "abc"]);
        let mut work = Work::new(WORK_LIMIT);
        assert_eq!(
            mutant.judge(std::slice::from_ref(&small), &mut work).ok(),
            Some(vec!["FIRST".to_string()])
        );
        let rows: Vec<String> = (0..20)
            .map(|r| {
                (0..20)
                    .map(|c| ["a", "b", "c"][(r * 7 + c * 3) % 3])
                    .collect()
            })
            .collect();
        let large = AnyBoard::Strings(Grid::from_rows(&rows).expect("a grid"));
        let mut work = Work::new(WORK_LIMIT);
        assert_eq!(mutant.judge(&[large], &mut work), Err(OverLimit));
    }
}
