//! Playing a game from a position: the move model every game provides (whose turn, the legal
//! moves, a move applied, whether the game is over, the judge answer from a position), and its
//! dispatch from a board of any game.
//!
//! A move is one token without spaces. The games played on cells write the cell a move lands
//! on, `R,C` (1-based); strings writes the letter appended; race writes a jump as its two steps,
//! `R,C>R,C`. Each game's notation is documented in its example file.

use super::move_model::Play;
pub use super::move_model::Player;
use super::{AnyBoard, Budget, GameId, Solution, Unsolved, chess, race, strings, tetris, zgame};

/// A board of any game and a position of it, with the moves that led there.
#[derive(Clone, Debug)]
pub struct Position {
    state: State,
    played: Vec<String>,
}

#[derive(Clone, Debug)]
enum State {
    Zgame(Grid0, zgame::moves::Position),
    Race(race::RaceBoard, race::moves::Position),
    Chess(chess::ChessBoard, chess::moves::Position),
    Tetris(Grid0, tetris::moves::Position),
    Strings(Grid0, strings::moves::Position),
}

type Grid0 = super::Grid;

macro_rules! with_state {
    ($state:expr, $P:ident, $b:ident, $p:ident => $body:expr) => {
        match $state {
            State::Zgame($b, $p) => {
                type $P = zgame::moves::ZgameMoves;
                $body
            }
            State::Race($b, $p) => {
                type $P = race::moves::RaceMoves;
                $body
            }
            State::Chess($b, $p) => {
                type $P = chess::moves::ChessMoves;
                $body
            }
            State::Tetris($b, $p) => {
                type $P = tetris::moves::TetrisMoves;
                $body
            }
            State::Strings($b, $p) => {
                type $P = strings::moves::StringsMoves;
                $body
            }
        }
    };
}

/// One legal move and the judge answer of the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveAnswer {
    #[serde(rename = "move")]
    pub token: String,
    pub answer: String,
    /// One of the best moves for the player to move.
    #[serde(skip)]
    pub best: bool,
}

/// A position with its answer and every legal move's, best moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayFacts {
    pub to_move: Player,
    pub answer: String,
    pub over: bool,
    pub moves: Vec<MoveAnswer>,
}

impl AnyBoard {
    /// The position before any move.
    pub fn start(&self) -> Position {
        let state = match self {
            AnyBoard::Zgame(b) => {
                State::Zgame(b.grid().clone(), zgame::moves::ZgameMoves::start(b.grid()))
            }
            AnyBoard::Race(b) => State::Race(b.clone(), race::moves::RaceMoves::start(b)),
            AnyBoard::Chess(b) => State::Chess(*b, chess::moves::ChessMoves::start(b)),
            AnyBoard::Tetris(b) => State::Tetris(b.clone(), tetris::moves::TetrisMoves::start(b)),
            AnyBoard::Strings(b) => {
                State::Strings(b.clone(), strings::moves::StringsMoves::start(b))
            }
        };
        Position {
            state,
            played: Vec::new(),
        }
    }
}

impl GameId {
    /// The move notation of this game in a few words.
    pub fn move_notation(self) -> &'static str {
        match self {
            GameId::Zgame => zgame::moves::ZgameMoves::NOTATION,
            GameId::Race => race::moves::RaceMoves::NOTATION,
            GameId::Chess => chess::moves::ChessMoves::NOTATION,
            GameId::Tetris => tetris::moves::TetrisMoves::NOTATION,
            GameId::Strings => strings::moves::StringsMoves::NOTATION,
        }
    }
}

impl Position {
    pub fn game(&self) -> GameId {
        match &self.state {
            State::Zgame(..) => GameId::Zgame,
            State::Race(..) => GameId::Race,
            State::Chess(..) => GameId::Chess,
            State::Tetris(..) => GameId::Tetris,
            State::Strings(..) => GameId::Strings,
        }
    }

    /// The moves played from the start, in order.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    pub fn to_move(&self) -> Player {
        with_state!(&self.state, P, b, p => P::to_move(b, p))
    }

    pub fn over(&self) -> bool {
        with_state!(&self.state, P, b, p => P::over(b, p))
    }

    /// Every legal move, in the game's fixed order.
    pub fn moves(&self) -> Result<Vec<String>, Unsolved> {
        with_state!(&self.state, P, b, p => P::moves(b, p))
    }

    /// Plays `token`: the position after it, or what is wrong with the move.
    pub fn play(&self, token: &str) -> Result<Position, String> {
        let state = match &self.state {
            State::Zgame(b, p) => {
                State::Zgame(b.clone(), zgame::moves::ZgameMoves::apply(b, p, token)?)
            }
            State::Race(b, p) => {
                State::Race(b.clone(), race::moves::RaceMoves::apply(b, p, token)?)
            }
            State::Chess(b, p) => State::Chess(*b, chess::moves::ChessMoves::apply(b, p, token)?),
            State::Tetris(b, p) => {
                State::Tetris(b.clone(), tetris::moves::TetrisMoves::apply(b, p, token)?)
            }
            State::Strings(b, p) => {
                State::Strings(b.clone(), strings::moves::StringsMoves::apply(b, p, token)?)
            }
        };
        let mut played = self.played.clone();
        played.push(token.to_string());
        Ok(Position { state, played })
    }

    /// The judge answer of the game continued from here.
    pub fn answer(&self, budget: &Budget) -> Result<String, Unsolved> {
        with_state!(&self.state, P, b, p => {
            let mut answers = P::answers(b, &[p], budget)?;
            answers.pop().ok_or_else(|| Unsolved::TooLarge("no answer".to_string()))
        })
    }

    /// The position as a solved case: the judge answer from here and a few words; no cell map
    /// (the per-cell facts are those of the start).
    pub fn solution(&self, budget: &Budget) -> Result<Solution, Unsolved> {
        let answer = self.answer(budget)?;
        let n = self.played.len();
        let moves = if n == 1 { "move" } else { "moves" };
        let state = if self.over() {
            "the game is over".to_string()
        } else {
            format!("{} to move", self.to_move())
        };
        Ok(Solution {
            verdict: format!("after {n} {moves}, {state}: {answer}").into(),
            lens: format!("after {n} {moves} · {state} · {answer}").into(),
            why: format!(
                "The case is the position after its moves ({}); the answer is the judge's for \
                 the game continued from there.",
                self.played.join(" ")
            )
            .into(),
            answer: answer.into(),
            cells: None,
            nodes: 0,
        })
    }

    /// How much `player` likes `answer` (higher is better).
    pub fn value_for(&self, player: Player, answer: &str) -> i32 {
        let first = with_state!(&self.state, P, _b, _p => P::value(answer));
        match player {
            Player::First => first,
            Player::Second => -first,
        }
    }

    /// This position's answer and every legal move's, best moves first (ties in the game's
    /// move order).
    pub fn facts(&self, budget: &Budget) -> Result<PlayFacts, Unsolved> {
        let to_move = self.to_move();
        let over = self.over();
        let (answer, mut moves) = with_state!(&self.state, P, b, p => {
            let tokens = P::moves(b, p)?;
            let children = tokens
                .iter()
                .map(|t| P::apply(b, p, t))
                .collect::<Result<Vec<_>, String>>()
                .map_err(Unsolved::TooLarge)?;
            let mut all: Vec<&_> = vec![p];
            all.extend(children.iter());
            let mut answers = P::answers(b, &all, budget)?.into_iter();
            let answer = answers.next().unwrap_or_default();
            let moves: Vec<MoveAnswer> = tokens
                .into_iter()
                .zip(answers)
                .map(|(token, answer)| MoveAnswer { token, answer, best: false })
                .collect();
            (answer, moves)
        });
        let value = |a: &str| self.value_for(to_move, a);
        let top = moves.iter().map(|m| value(&m.answer)).max();
        for m in &mut moves {
            m.best = Some(value(&m.answer)) == top;
        }
        moves.sort_by_key(|m| std::cmp::Reverse(value(&m.answer)));
        Ok(PlayFacts {
            to_move,
            answer,
            over,
            moves,
        })
    }

    /// The board as its game writes it, with the position drawn on it where the game can
    /// (zgame's token, race's players, tetris's covered squares), one string a row.
    pub fn picture(&self) -> Vec<String> {
        match &self.state {
            State::Zgame(b, p) => zgame::moves::picture(b, p),
            State::Race(b, p) => race::moves::picture(b, p),
            State::Chess(b, p) => chess::moves::picture(b, p),
            State::Tetris(b, p) => tetris::moves::picture(b, p),
            State::Strings(b, p) => strings::moves::picture(b, p),
        }
    }
}

/// Random small boards of every game, for the tests of `play` here and in `analysis`.
#[cfg(test)]
pub(crate) mod strategies {
    use super::*;
    use crate::games::Grid;
    use crate::games::chess::{ChessBoard, Piece};
    use crate::games::race::RaceBoard;
    use proptest::prelude::*;

    fn grid(alphabet: &'static [u8], rows: usize, cols: usize) -> impl Strategy<Value = Grid> {
        prop::collection::vec(prop::sample::select(alphabet), rows * cols)
            .prop_map(move |cells| Grid { rows, cols, cells })
    }

    pub(crate) fn zgame() -> impl Strategy<Value = AnyBoard> {
        (1usize..=4, 1usize..=4)
            .prop_flat_map(|(r, c)| grid(b"..AB", r, c))
            .prop_map(|grid| AnyBoard::Zgame(grid.into()))
    }

    pub(crate) fn race() -> impl Strategy<Value = AnyBoard> {
        (2usize..=4)
            .prop_flat_map(|n| (grid(b"...#", n, n), 0..n * n, 0..n * n))
            .prop_filter_map("two starts", |(mut g, a, b)| {
                if a == b {
                    return None;
                }
                g.cells[a] = b'A';
                g.cells[b] = b'B';
                RaceBoard::new(g).ok().map(AnyBoard::Race)
            })
    }

    pub(crate) fn chess() -> impl Strategy<Value = AnyBoard> {
        (prop::sample::select(&Piece::ALL[..]), 1u64..=7, 1u64..=7)
            .prop_map(|(piece, rows, cols)| AnyBoard::Chess(ChessBoard { piece, rows, cols }))
    }

    pub(crate) fn tetris() -> impl Strategy<Value = AnyBoard> {
        (2usize..=4, 2usize..=5)
            .prop_flat_map(|(r, c)| grid(b"0001", r, c))
            .prop_map(AnyBoard::Tetris)
    }

    pub(crate) fn strings() -> impl Strategy<Value = AnyBoard> {
        (1usize..=4)
            .prop_flat_map(|n| grid(b"aabbc", n, n))
            .prop_map(AnyBoard::Strings)
    }
}

#[cfg(test)]
mod tests {
    //! On random small boards of every game, along random lines of play: a position's answer
    //! is the best of its moves' answers for the player to move, and the start's is `solve`'s.

    use super::*;
    use crate::games::race::RaceBoard;
    use proptest::prelude::*;

    /// Whether `answer` is what the player to move gets from the moves' answers: zgame's three
    /// questions one by one (Alice forces an end when one move does, Bob cannot stop it only
    /// when every move leads to it), the best for the mover elsewhere.
    fn best_of(pos: &Position, facts: &PlayFacts) -> String {
        let answers: Vec<&str> = facts.moves.iter().map(|m| m.answer.as_str()).collect();
        if pos.game() == GameId::Zgame {
            let yes = |a: &str, i: usize| a.split(' ').nth(i) == Some("yes");
            let words: Vec<&str> = (0..3)
                .map(|i| {
                    let forced = match facts.to_move {
                        Player::First => answers.iter().any(|a| yes(a, i)),
                        Player::Second => answers.iter().all(|a| yes(a, i)),
                    };
                    if forced { "yes" } else { "no" }
                })
                .collect();
            return words.join(" ");
        }
        answers
            .iter()
            .max_by_key(|a| pos.value_for(facts.to_move, a))
            .map(|a| (*a).to_string())
            .unwrap_or_default()
    }

    fn check_line(board: &AnyBoard, choices: &[usize]) -> Result<(), TestCaseError> {
        let budget = Budget::unlimited();
        let start = board.start();
        let solved = board
            .answer(&budget)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let from_start = start.answer(&budget);
        prop_assert_eq!(from_start.as_deref(), Ok(solved.as_str()));
        let mut pos = start;
        for &choice in choices {
            let facts = pos
                .facts(&budget)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(facts.over, facts.moves.is_empty(), "{:?}", pos);
            if facts.over {
                break;
            }
            prop_assert_eq!(
                &facts.answer,
                &best_of(&pos, &facts),
                "{:?} {:?}",
                pos,
                facts
            );
            let best: Vec<&MoveAnswer> = facts.moves.iter().filter(|m| m.best).collect();
            prop_assert!(!best.is_empty() && facts.moves[0].best);
            let legal = pos
                .moves()
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let token = &legal[choice % legal.len()];
            pos = pos
                .play(token)
                .map_err(|e| TestCaseError::fail(format!("{token}: {e}")))?;
            prop_assert_eq!(pos.played().last(), Some(token));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn zgame_lines(board in strategies::zgame(), line in prop::collection::vec(0usize..4, 0..8)) {
            check_line(&board, &line)?;
        }

        #[test]
        fn race_lines(board in strategies::race(), line in prop::collection::vec(0usize..16, 0..12)) {
            check_line(&board, &line)?;
        }

        #[test]
        fn chess_lines(board in strategies::chess(), line in prop::collection::vec(0usize..16, 0..8)) {
            check_line(&board, &line)?;
        }

        #[test]
        fn tetris_lines(board in strategies::tetris(), line in prop::collection::vec(0usize..16, 0..6)) {
            check_line(&board, &line)?;
        }

        #[test]
        fn strings_lines(board in strategies::strings(), line in prop::collection::vec(0usize..4, 0..8)) {
            check_line(&board, &line)?;
        }
    }

    #[test]
    fn a_race_start_checked_against_the_analysis_of_every_state() {
        // The solver's answer at the start and the retrograde analysis's one move later agree
        // (the proptest above checks it on random boards; this is a known board).
        let board = AnyBoard::Race(
            RaceBoard::from_rows(&["A...", ".#..", "....", "...B"]).expect("the sample"),
        );
        let facts = board.start().facts(&Budget::unlimited()).expect("solved");
        assert_eq!(facts.answer, "B");
        assert!(facts.moves.iter().all(|m| m.answer == "B"));
    }
}
