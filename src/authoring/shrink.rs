//! Shrinks a failing judge input: first to the fewest tests that still fail, then each board
//! smaller by its game's steps (`AnyBoard::smaller`), until no single step keeps the failure
//! (1-minimal) or the time is up. Candidates are tried in a fixed order, so the result depends
//! only on the input and on which candidates fail.

use crate::games::AnyBoard;
use std::time::Instant;

/// What the shrinker found.
#[derive(Clone, Debug)]
pub struct Shrunk {
    pub boards: Vec<AnyBoard>,
    /// Candidates the oracle was asked about (each a run of the solution).
    pub tries: usize,
    /// Candidates accepted.
    pub steps: usize,
    /// False when the deadline stopped it before the result was 1-minimal.
    pub minimal: bool,
}

/// Shrinks `boards`, which fail. `fails(candidate)` must say whether a candidate is a valid
/// input that fails the same way; it is called only on candidates, never on `boards` itself.
pub fn shrink(
    boards: Vec<AnyBoard>,
    deadline: Instant,
    mut fails: impl FnMut(&[AnyBoard]) -> bool,
) -> Shrunk {
    let mut shrunk = Shrunk {
        boards,
        tries: 0,
        steps: 0,
        minimal: false,
    };
    let mut ask = |candidate: &[AnyBoard], shrunk: &mut Shrunk| -> Option<bool> {
        if Instant::now() >= deadline {
            return None;
        }
        shrunk.tries += 1;
        Some(fails(candidate))
    };
    // Fewest tests first: one alone, else two together (state kept between tests), else the
    // tests one at a time.
    let n = shrunk.boards.len();
    if n > 1 {
        let singles = (0..n).map(|i| vec![i]);
        let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| vec![i, j]));
        for keep in singles.chain(pairs.filter(|_| n > 2)) {
            let candidate: Vec<AnyBoard> = keep.iter().map(|&i| shrunk.boards[i].clone()).collect();
            match ask(&candidate, &mut shrunk) {
                None => return shrunk,
                Some(true) => {
                    shrunk.boards = candidate;
                    shrunk.steps += 1;
                    break;
                }
                Some(false) => {}
            }
        }
    }
    loop {
        let mut changed = false;
        // Drop a test.
        let mut i = 0;
        while shrunk.boards.len() > 1 && i < shrunk.boards.len() {
            let mut candidate = shrunk.boards.clone();
            candidate.remove(i);
            match ask(&candidate, &mut shrunk) {
                None => return shrunk,
                Some(true) => {
                    shrunk.boards = candidate;
                    shrunk.steps += 1;
                    changed = true;
                }
                Some(false) => i += 1,
            }
        }
        // Each board smaller. After a step the next candidate tried is the one at the same
        // place in the new board's list: earlier ones were just refused and get their next
        // chance in the following pass.
        for t in 0..shrunk.boards.len() {
            let mut at = 0;
            let mut options = shrunk.boards[t].smaller();
            while at < options.len() {
                let mut candidate = shrunk.boards.clone();
                candidate[t] = options[at].clone();
                match ask(&candidate, &mut shrunk) {
                    None => return shrunk,
                    Some(true) => {
                        shrunk.boards = candidate;
                        shrunk.steps += 1;
                        changed = true;
                        options = shrunk.boards[t].smaller();
                    }
                    Some(false) => at += 1,
                }
            }
        }
        if !changed {
            shrunk.minimal = true;
            return shrunk;
        }
    }
}
