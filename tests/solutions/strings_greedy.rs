//! A wrong strings solution for the stress tests: each player appends the letter best for
//! them right now (`a` for the first, `b` for the second, else any other letter) instead of
//! looking ahead.

use boardls::games::{AnyBoard, GameId};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let boards = GameId::Strings.read_judge(&input).expect("strings input");
    for board in boards {
        let AnyBoard::Strings(grid) = board else {
            unreachable!("strings input holds strings boards")
        };
        let n = grid.rows;
        let mut cells = vec![(0, 0)];
        let mut score = letter_score(grid.at(0, 0));
        for letter in 1..2 * n - 1 {
            let mut next: Vec<(usize, usize)> = Vec::new();
            for &(r, c) in &cells {
                for (nr, nc) in [(r + 1, c), (r, c + 1)] {
                    if nr < n && nc < n && !next.contains(&(nr, nc)) {
                        next.push((nr, nc));
                    }
                }
            }
            // Letters 1, 3, 5, … (1-based) are the first player's: index 2, 4, … here.
            let first = letter % 2 == 0;
            let rank = |cell: u8| match (first, cell) {
                (true, b'a') | (false, b'b') => 0,
                (true, b'b') | (false, b'a') => 2,
                _ => 1,
            };
            let best = next
                .iter()
                .map(|&(r, c)| grid.at(r, c))
                .min_by_key(|&cell| (rank(cell), cell))
                .expect("a next cell");
            next.retain(|&(r, c)| grid.at(r, c) == best);
            score += letter_score(best);
            cells = next;
        }
        println!(
            "{}",
            match score.cmp(&0) {
                std::cmp::Ordering::Greater => "FIRST",
                std::cmp::Ordering::Less => "SECOND",
                std::cmp::Ordering::Equal => "DRAW",
            }
        );
    }
}

fn letter_score(cell: u8) -> i32 {
    match cell {
        b'a' => 1,
        b'b' => -1,
        _ => 0,
    }
}
