//! The zoo: wrong solutions a problem attracts, one file per game (`<game>/mutants.rs`), each a
//! plausible contestant mistake with a name and a one-sentence explanation. A mutant answers a
//! whole judge input file as a contestant's program would (so it may keep state from one test
//! to the next); test data is strong when some test makes every mutant print a wrong answer.
//!
//! A mutant that is slow rather than wrong counts its search nodes in a [`Work`] meter and stops
//! when the meter's limit (the file's time limit, counted in nodes so that every machine agrees)
//! is reached.

use super::chess::ChessBoard;
use super::race::RaceBoard;
use super::zgame::ZgameBoard;
use super::{AnyBoard, Budget, GameId, Grid, Unsolved};

/// The work one judge input file allows a mutant: its time limit, counted in search nodes.
/// Ten million nodes are well under a second of a plain search, as a judge's limit would be.
pub const WORK_LIMIT: u64 = 10_000_000;

/// Search nodes spent on one judge input file, and the limit.
#[derive(Clone, Debug)]
pub struct Work {
    spent: u64,
    limit: u64,
    /// The node budget of the exact solvers a mutant calls (see [`Work::budget`]).
    exact_nodes: u64,
}

/// A mutant went past its work limit: the judge's "time limit exceeded".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverLimit;

impl Work {
    pub fn new(limit: u64) -> Work {
        Work {
            spent: 0,
            limit,
            exact_nodes: crate::config::SOLVE_NODES,
        }
    }

    /// One search node; `Err` once the limit is passed.
    pub fn step(&mut self) -> Result<(), OverLimit> {
        self.spent += 1;
        if self.spent > self.limit {
            Err(OverLimit)
        } else {
            Ok(())
        }
    }

    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The budget of an exact solver a mutant calls for the part it gets right: the batch
    /// commands' own, so that the suite's every board is solved there too and the mistake, not
    /// the search, decides what the mutant prints.
    pub(crate) fn budget(&self) -> Budget {
        Budget::nodes(self.exact_nodes)
    }

    /// An exact solver's result: a board it could not solve within what is left is over the
    /// limit, as the mutant's program would have been.
    pub(crate) fn solved<T>(result: Result<T, Unsolved>) -> Result<T, OverLimit> {
        result.map_err(|_| OverLimit)
    }
}

/// What a mutant prints for a judge input file: one answer per test, in order.
pub type Answers = Result<Vec<String>, OverLimit>;

/// A mutant's program, over its own game's boards.
#[derive(Clone, Copy)]
enum Program {
    Zgame(fn(&[Grid], &mut Work) -> Answers),
    Race(fn(&[RaceBoard], &mut Work) -> Answers),
    Chess(fn(&[ChessBoard], &mut Work) -> Answers),
    Tetris(fn(&[Grid], &mut Work) -> Answers),
    Strings(fn(&[Grid], &mut Work) -> Answers),
}

/// One wrong solution.
#[derive(Clone, Copy)]
pub struct Mutant {
    /// Kebab-case, stable: reports and `strengthen`'s comments name it.
    pub name: &'static str,
    /// The mistake in one sentence.
    pub explanation: &'static str,
    program: Program,
}

impl std::fmt::Debug for Mutant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mutant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Mutant {
    pub(crate) const fn zgame(
        name: &'static str,
        explanation: &'static str,
        program: fn(&[Grid], &mut Work) -> Answers,
    ) -> Mutant {
        Mutant {
            name,
            explanation,
            program: Program::Zgame(program),
        }
    }

    pub(crate) const fn race(
        name: &'static str,
        explanation: &'static str,
        program: fn(&[RaceBoard], &mut Work) -> Answers,
    ) -> Mutant {
        Mutant {
            name,
            explanation,
            program: Program::Race(program),
        }
    }

    pub(crate) const fn chess(
        name: &'static str,
        explanation: &'static str,
        program: fn(&[ChessBoard], &mut Work) -> Answers,
    ) -> Mutant {
        Mutant {
            name,
            explanation,
            program: Program::Chess(program),
        }
    }

    pub(crate) const fn tetris(
        name: &'static str,
        explanation: &'static str,
        program: fn(&[Grid], &mut Work) -> Answers,
    ) -> Mutant {
        Mutant {
            name,
            explanation,
            program: Program::Tetris(program),
        }
    }

    pub(crate) const fn strings(
        name: &'static str,
        explanation: &'static str,
        program: fn(&[Grid], &mut Work) -> Answers,
    ) -> Mutant {
        Mutant {
            name,
            explanation,
            program: Program::Strings(program),
        }
    }

    pub fn game(&self) -> GameId {
        match self.program {
            Program::Zgame(_) => GameId::Zgame,
            Program::Race(_) => GameId::Race,
            Program::Chess(_) => GameId::Chess,
            Program::Tetris(_) => GameId::Tetris,
            Program::Strings(_) => GameId::Strings,
        }
    }

    /// The mutant's answers to one judge input file's tests, in order. Boards of another game
    /// are not the mutant's input and are left out.
    pub fn judge(&self, boards: &[AnyBoard], work: &mut Work) -> Answers {
        macro_rules! own {
            ($variant:ident, $program:expr) => {
                own!($variant, $program, Clone::clone)
            };
            ($variant:ident, $program:expr, $as_input:expr) => {{
                let own: Vec<_> = boards
                    .iter()
                    .filter_map(|b| match b {
                        AnyBoard::$variant(b) => Some($as_input(b)),
                        _ => None,
                    })
                    .collect();
                $program(&own, work)
            }};
        }
        match self.program {
            // The mutants read grids, as the programs they stand for read bytes.
            Program::Zgame(p) => own!(Zgame, p, |b: &ZgameBoard| b.grid().clone()),
            Program::Race(p) => own!(Race, p),
            Program::Chess(p) => own!(Chess, p),
            Program::Tetris(p) => own!(Tetris, p),
            Program::Strings(p) => own!(Strings, p),
        }
    }
}

/// Whether `mutant` prints a wrong answer for the input `boards`, whose exact answers are
/// `answers`, or goes past its work limit.
pub fn kills(mutant: &Mutant, boards: &[AnyBoard], answers: &[String]) -> bool {
    let mut work = Work::new(WORK_LIMIT);
    match mutant.judge(boards, &mut work) {
        Err(_) => true,
        Ok(printed) => {
            printed.len() != answers.len()
                || printed.iter().zip(answers).any(|(p, a)| !same_tokens(p, a))
        }
    }
}

fn same_tokens(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

/// Answers each test alone: the shape of every mutant that keeps nothing between tests.
pub(crate) fn each<B>(
    boards: &[B],
    work: &mut Work,
    mut answer: impl FnMut(&B, &mut Work) -> Result<String, OverLimit>,
) -> Answers {
    boards.iter().map(|b| answer(b, work)).collect()
}

#[cfg(test)]
pub(crate) mod testing {
    use super::{Mutant, WORK_LIMIT, Work};
    use crate::games::AnyBoard;

    /// What `mutant` answers on `board` alone.
    pub(crate) fn answer(mutant: &Mutant, board: AnyBoard) -> Option<String> {
        let mut work = Work::new(WORK_LIMIT);
        mutant
            .judge(&[board], &mut work)
            .ok()
            .and_then(|a| a.into_iter().next())
    }

    /// The exact answer of `board`.
    pub(crate) fn exact(board: &AnyBoard) -> Option<String> {
        board.answer(&crate::games::Budget::unlimited()).ok()
    }

    /// `mutant` is wrong on `wrong` and right on `right` (each alone in its file).
    pub(crate) fn wrong_and_right(mutant: &Mutant, wrong: AnyBoard, right: AnyBoard) {
        let (exact_wrong, exact_right) = (exact(&wrong), exact(&right));
        let (shown_wrong, shown_right) = (format!("{wrong:?}"), format!("{right:?}"));
        assert!(
            exact_wrong.is_some(),
            "{}: the exact solver answers",
            mutant.name
        );
        assert_ne!(
            answer(mutant, wrong),
            exact_wrong,
            "{} should be wrong on {shown_wrong}",
            mutant.name
        );
        assert_eq!(
            answer(mutant, right),
            exact_right,
            "{} should be right on {shown_right}",
            mutant.name
        );
    }
}
