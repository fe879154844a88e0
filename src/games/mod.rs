//! The five games: what every game module provides, and dispatch from a game id to its module.
//!
//! A game module knows its cell alphabet, keys, the original problem's limits, its judge input
//! and output formats, its solver(s) and how to explain a result. It knows nothing of editors.

pub mod budget;
pub mod chess;
pub mod grid;
pub(crate) mod judge_io;
pub mod move_model;
pub mod mutant;
pub mod play;
pub mod race;
pub mod strings;
pub mod tetris;
pub mod zgame;

pub use budget::{Budget, Unsolved};
pub use grid::{Grid, GridRows};

use crate::diag::Diagnostic;
use crate::span::Span;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Zgame,
    Race,
    Chess,
    Tetris,
    Strings,
}

impl GameId {
    pub const ALL: [GameId; 5] = [
        GameId::Zgame,
        GameId::Race,
        GameId::Chess,
        GameId::Tetris,
        GameId::Strings,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            GameId::Zgame => "zgame",
            GameId::Race => "race",
            GameId::Chess => "chess",
            GameId::Tetris => "tetris",
            GameId::Strings => "strings",
        }
    }

    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.as_str() == name)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A key a game accepts besides `expect`.
#[derive(Debug)]
pub struct KeySpec {
    pub name: &'static str,
    pub doc: &'static str,
    /// Values offered by completion (may be empty).
    pub values: &'static [&'static str],
    pub required: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridRule {
    Required,
    Forbidden,
}

/// The changes of a board that keep its answer, for finding boards that repeat one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Play runs from (1,1) to the right and down: only the transpose keeps it.
    Transpose,
    /// No direction is preferred: all eight symmetries of the square.
    Square,
}

/// What the rest of the tool needs to know about a game without solving anything.
#[derive(Debug)]
pub struct GameSpec {
    pub id: GameId,
    /// The original problem, e.g. "HDU 5754 Life Winner Bo".
    pub title: &'static str,
    /// One paragraph of rules for hovers and completion docs.
    pub rules: &'static str,
    pub keys: &'static [KeySpec],
    pub grid: GridRule,
    pub is_cell: fn(u8) -> bool,
    /// The cell alphabet in words, for messages: "`A`, `B` or `.`".
    pub cells_doc: &'static str,
    /// Answer tokens, for completion after `expect =`.
    pub answers: &'static [&'static str],
    /// Every answer a case can have (zgame: the eight combinations), for suite coverage.
    pub answer_classes: &'static [&'static str],
    /// The game's own diagnostic codes with a one-paragraph explanation each.
    pub codes: &'static [(&'static str, &'static str)],
    /// How many tests one judge input file may hold (the original T limit).
    pub max_tests_per_file: usize,
    /// The largest board side the original problem allows (chess: of N and M).
    pub original_max_side: usize,
    pub symmetry: Symmetry,
}

/// The original problem's judge format, for a problem package: the statement's input and
/// output sections (in the words of [`GameSpec::rules`], `code` in backticks) and a
/// checktestdata script that accepts exactly the inputs of the original format and limits.
#[derive(Clone, Debug)]
pub struct JudgeFormat {
    pub input: String,
    pub output: String,
    pub checktestdata: String,
}

/// A property of a case as the game sees it (keys are unique and known to the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prop<'a> {
    /// Both borrowed from the file's text: a case's analysis copies none of its properties.
    pub key: &'a str,
    pub value: &'a str,
    pub key_span: Span,
    pub value_span: Span,
}

/// A case after the generic checks: known keys only, each once; a rectangular grid of cells
/// from the game's alphabet (or no grid when the game forbids one).
#[derive(Clone, Debug)]
pub struct CaseInput<'a> {
    /// The header line; case-wide messages point here.
    pub header: Span,
    /// The grid's rows, in the file's text: a board copies what it keeps of them.
    pub grid: Option<GridRows<'a>>,
    /// Byte offset of each grid row's first cell.
    pub row_starts: &'a [usize],
    pub props: &'a [Prop<'a>],
}

impl<'a> CaseInput<'a> {
    pub fn prop(&self, key: &str) -> Option<&Prop<'a>> {
        self.props.iter().find(|p| p.key == key)
    }

    /// The span of cell (r, c), zero-based; cells are single ASCII bytes after the alphabet check.
    pub(crate) fn cell_span(&self, r: usize, c: usize) -> Span {
        match self.row_starts.get(r) {
            Some(&start) => Span::new(start + c, start + c + 1),
            None => self.header,
        }
    }

    /// The span of the whole grid, or the header when there is none.
    pub(crate) fn grid_span(&self) -> Span {
        match (self.row_starts.first(), self.row_starts.last(), self.grid) {
            (Some(&first), Some(&last), Some(grid)) => Span::new(first, last + grid.cols),
            _ => self.header,
        }
    }
}

/// How a cell looks in the editor: its outcome, or its role. `Win`/`Lose` are seen by the player
/// to move there (chess, tetris), except in zgame, where the mover is fixed by the cell and the
/// problem asks about Alice: there they are Alice's win and Alice's loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellMark {
    None,
    Win,
    Lose,
    Draw,
    /// On a line of optimal play or a shortest path.
    Path,
    /// Where the players can meet (race's middle layer).
    Meet,
}

/// Per-cell results for hover and colouring.
pub struct CellMap {
    pub rows: usize,
    pub cols: usize,
    pub marks: Vec<CellMark>,
    /// The line of play a picture of the board draws, zero-based cells in move order: zgame's
    /// and chess's best play from (1,1), race's winner's walk from his start to the other's;
    /// empty where the game has none.
    pub line: Vec<(usize, usize)>,
    /// What cell (r, c) means, in words (zero-based; the text uses 1-based coordinates).
    pub describe: Box<dyn Fn(usize, usize) -> Option<String> + Send + Sync>,
    /// Heap bytes `describe` holds (the tables it reads), which a closure cannot tell: the
    /// server's cache bounds its memory by what verdicts hold.
    pub describe_bytes: usize,
}

impl CellMap {
    /// Heap bytes this map holds: its marks and what `describe` reads.
    pub fn heap_bytes(&self) -> usize {
        self.marks.capacity() * std::mem::size_of::<CellMark>() + self.describe_bytes
    }

    pub fn mark(&self, r: usize, c: usize) -> CellMark {
        if r < self.rows && c < self.cols {
            self.marks
                .get(r * self.cols + c)
                .copied()
                .unwrap_or(CellMark::None)
        } else {
            CellMark::None
        }
    }
}

impl fmt::Debug for CellMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CellMap")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .finish_non_exhaustive()
    }
}

/// A solved case.
#[derive(Debug)]
pub struct Solution {
    /// Exactly what the original judge prints for this case (one line, no newline).
    pub answer: Cow<'static, str>,
    /// The verdict in words: "Alice cannot win, can force a draw, cannot lose".
    pub verdict: Cow<'static, str>,
    /// A short outcome for a code lens: "Alice: win ✗ · draw ✓ · lose ✗".
    pub lens: Cow<'static, str>,
    /// Why, in a sentence or two.
    pub why: Why,
    pub cells: Option<CellMap>,
    /// Search nodes spent (0 for closed forms), for hovers and benchmarks.
    pub nodes: u64,
}

impl Solution {
    /// Heap bytes this solution holds: its words and its cell map.
    pub fn heap_bytes(&self) -> usize {
        let owned = |words: &Cow<'static, str>| match words {
            Cow::Borrowed(_) => 0,
            Cow::Owned(text) => text.capacity(),
        };
        let words = owned(&self.answer) + owned(&self.verdict) + owned(&self.lens);
        let words = words + self.why.heap_bytes();
        words + self.cells.as_ref().map_or(0, CellMap::heap_bytes)
    }
}

/// Why a solution is what it is, in a sentence or two: written when the solver knows it, or
/// when it is read, for a closed form whose reason follows from the board alone (a batch
/// command reads it only under a wrong `expect`, and formatting it for every case of a file
/// of a thousand queries would cost more than solving them).
pub struct Why(WhyText);

enum WhyText {
    Written(String),
    Later(Box<dyn Fn() -> String + Send + Sync>),
}

impl Why {
    /// A reason written when it is read, by `write`.
    pub fn later(write: impl Fn() -> String + Send + Sync + 'static) -> Why {
        Why(WhyText::Later(Box::new(write)))
    }

    pub fn text(&self) -> Cow<'_, str> {
        match &self.0 {
            WhyText::Written(text) => Cow::Borrowed(text),
            WhyText::Later(write) => Cow::Owned(write()),
        }
    }

    fn heap_bytes(&self) -> usize {
        match &self.0 {
            WhyText::Written(text) => text.capacity(),
            WhyText::Later(_) => 0,
        }
    }
}

impl From<String> for Why {
    fn from(text: String) -> Why {
        Why(WhyText::Written(text))
    }
}

impl fmt::Debug for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.text(), f)
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// A case body in `.board` syntax, for `import` and `gen`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseBody {
    pub props: Vec<(String, String)>,
    pub rows: Vec<String>,
}

impl CaseBody {
    /// A case that is only a grid: the body of every game whose settings are its cells.
    pub fn grid(board: &Grid) -> CaseBody {
        CaseBody {
            props: Vec::new(),
            rows: board.row_strings(),
        }
    }
}

/// Malformed judge input: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for JudgeError {}

/// What each game module implements.
pub trait Game {
    type Board: Clone + fmt::Debug + Send + Sync + 'static;
    const SPEC: GameSpec;

    /// The board of a case whose keys and cell alphabet were already checked; reports the
    /// game's own rules as errors and the original problem's limits as warnings.
    fn board(input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Self::Board>;

    /// The canonical form of an `expect` value, or what is wrong with its form.
    fn parse_answer(text: &str) -> Result<String, String>;

    fn solve(board: &Self::Board, budget: &Budget) -> Result<Solution, Unsolved>;

    /// The answer and the words that follow from the decision alone, for readers of answers
    /// and words (the batch commands, and the editor's first step): the decision [`Game::answer`]
    /// makes, with its node count, and nothing it did not compute (no cell map, no best line).
    fn solve_answer(board: &Self::Board, budget: &Budget) -> Result<Solution, Unsolved>;

    /// Only the judge answer: [`Game::solve_answer`]'s, so that `judge` and the batch commands
    /// decide every board on one path.
    fn answer(board: &Self::Board, budget: &Budget) -> Result<String, Unsolved> {
        Self::solve_answer(board, budget).map(|s| s.answer.into_owned())
    }

    /// Reads a whole judge input file.
    fn read_judge(text: &str) -> Result<Vec<Self::Board>, JudgeError>;

    /// The opening of a judge input file of `tests` tests (empty where the format has none).
    fn judge_header(tests: usize) -> String;

    /// One test of a judge input file, appended to `out`.
    fn write_judge_test(board: &Self::Board, out: &mut String);

    /// The judge format in words and as an input validator.
    fn judge_format() -> JudgeFormat;

    /// Writes boards as one judge input file (the caller keeps within `max_tests_per_file`).
    fn write_judge(boards: &[Self::Board]) -> String {
        let mut out = Self::judge_header(boards.len());
        for board in boards {
            Self::write_judge_test(board, &mut out);
        }
        out
    }

    /// The whole judge run: input text to output text (one line per answered test,
    /// newline-terminated) and the tests left unanswered. Malformed input is an error and
    /// answers nothing.
    fn judge(text: &str, budget: &Budget) -> Result<JudgeRun, JudgeError> {
        let boards = Self::read_judge(text)?;
        let mut run = JudgeRun::default();
        for (i, board) in boards.iter().enumerate() {
            match Self::solve_answer(board, budget) {
                Ok(solution) => {
                    run.output.push_str(&solution.answer);
                    run.output.push('\n');
                    run.nodes += solution.nodes;
                }
                Err(reason) => run.unsolved.push((i + 1, reason)),
            }
        }
        Ok(run)
    }

    /// The case body in `.board` syntax.
    fn to_case(board: &Self::Board) -> CaseBody;

    /// The longer side of the board, to compare with [`GameSpec::original_max_side`].
    fn largest_side(board: &Self::Board) -> usize;

    /// Boards one shrink step smaller (rows or columns dropped, cells cleared, sizes lowered),
    /// largest cuts first, in a fixed order. Each keeps the game's own rules; the original
    /// problem's limits and guarantees are for the caller to check.
    fn smaller(board: &Self::Board) -> Vec<Self::Board>;
}

/// What `judge` found: the output to print and the tests it could not answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JudgeRun {
    /// One line per answered test, in test order; a test without an answer has no line.
    pub output: String,
    /// The tests (1-based) left without an answer, and why.
    pub unsolved: Vec<(usize, Unsolved)>,
    /// Search nodes spent on the answered tests (0 for closed forms and dynamic programs).
    pub nodes: u64,
}

/// Runs `$body` with `$G` bound to the game module's type for `$id`.
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            GameId::Zgame => {
                type $G = zgame::Zgame;
                $body
            }
            GameId::Race => {
                type $G = race::Race;
                $body
            }
            GameId::Chess => {
                type $G = chess::Chess;
                $body
            }
            GameId::Tetris => {
                type $G = tetris::Tetris;
                $body
            }
            GameId::Strings => {
                type $G = strings::Strings;
                $body
            }
        }
    };
}

/// A board of any game.
#[derive(Clone, Debug)]
pub enum AnyBoard {
    Zgame(<zgame::Zgame as Game>::Board),
    Race(<race::Race as Game>::Board),
    Chess(<chess::Chess as Game>::Board),
    Tetris(<tetris::Tetris as Game>::Board),
    Strings(<strings::Strings as Game>::Board),
}

macro_rules! with_board {
    ($board:expr, $G:ident, $b:ident => $body:expr) => {
        match $board {
            AnyBoard::Zgame($b) => {
                type $G = zgame::Zgame;
                $body
            }
            AnyBoard::Race($b) => {
                type $G = race::Race;
                $body
            }
            AnyBoard::Chess($b) => {
                type $G = chess::Chess;
                $body
            }
            AnyBoard::Tetris($b) => {
                type $G = tetris::Tetris;
                $body
            }
            AnyBoard::Strings($b) => {
                type $G = strings::Strings;
                $body
            }
        }
    };
}

impl GameId {
    pub fn spec(self) -> &'static GameSpec {
        with_game!(self, G => &G::SPEC)
    }

    pub fn board(self, input: CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<AnyBoard> {
        match self {
            GameId::Zgame => zgame::Zgame::board(input, diags).map(AnyBoard::Zgame),
            GameId::Race => race::Race::board(input, diags).map(AnyBoard::Race),
            GameId::Chess => chess::Chess::board(input, diags).map(AnyBoard::Chess),
            GameId::Tetris => tetris::Tetris::board(input, diags).map(AnyBoard::Tetris),
            GameId::Strings => strings::Strings::board(input, diags).map(AnyBoard::Strings),
        }
    }

    pub fn parse_answer(self, text: &str) -> Result<String, String> {
        with_game!(self, G => G::parse_answer(text))
    }

    pub fn judge(self, text: &str, budget: &Budget) -> Result<JudgeRun, JudgeError> {
        with_game!(self, G => G::judge(text, budget))
    }

    pub fn read_judge(self, text: &str) -> Result<Vec<AnyBoard>, JudgeError> {
        Ok(match self {
            GameId::Zgame => zgame::Zgame::read_judge(text)?
                .into_iter()
                .map(AnyBoard::Zgame)
                .collect(),
            GameId::Race => race::Race::read_judge(text)?
                .into_iter()
                .map(AnyBoard::Race)
                .collect(),
            GameId::Chess => chess::Chess::read_judge(text)?
                .into_iter()
                .map(AnyBoard::Chess)
                .collect(),
            GameId::Tetris => tetris::Tetris::read_judge(text)?
                .into_iter()
                .map(AnyBoard::Tetris)
                .collect(),
            GameId::Strings => strings::Strings::read_judge(text)?
                .into_iter()
                .map(AnyBoard::Strings)
                .collect(),
        })
    }

    /// Writes boards of this game as one judge input; boards of other games are skipped.
    pub fn write_judge(self, boards: &[AnyBoard]) -> String {
        macro_rules! of {
            ($variant:ident, $G:ty) => {{
                let own: Vec<_> = boards
                    .iter()
                    .filter_map(|b| match b {
                        AnyBoard::$variant(b) => Some(b.clone()),
                        _ => None,
                    })
                    .collect();
                <$G>::write_judge(&own)
            }};
        }
        match self {
            GameId::Zgame => of!(Zgame, zgame::Zgame),
            GameId::Race => of!(Race, race::Race),
            GameId::Chess => of!(Chess, chess::Chess),
            GameId::Tetris => of!(Tetris, tetris::Tetris),
            GameId::Strings => of!(Strings, strings::Strings),
        }
    }

    /// The opening of a judge input file of `tests` tests of this game (see
    /// [`Game::judge_header`]).
    pub fn judge_header(self, tests: usize) -> String {
        with_game!(self, G => G::judge_header(tests))
    }

    /// The judge format in words and as an input validator (see [`Game::judge_format`]).
    pub fn judge_format(self) -> JudgeFormat {
        with_game!(self, G => G::judge_format())
    }

    /// The zoo of wrong solutions of this game, in a fixed order.
    pub fn zoo(self) -> &'static [mutant::Mutant] {
        match self {
            GameId::Zgame => zgame::mutants::MUTANTS,
            GameId::Race => race::mutants::MUTANTS,
            GameId::Chess => chess::mutants::MUTANTS,
            GameId::Tetris => tetris::mutants::MUTANTS,
            GameId::Strings => strings::mutants::MUTANTS,
        }
    }

    /// The mutant of this game called `name`.
    pub fn mutant(self, name: &str) -> Option<&'static mutant::Mutant> {
        self.zoo().iter().find(|m| m.name == name)
    }

    pub fn explain(self, code: &str) -> Option<&'static str> {
        self.spec()
            .codes
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, text)| *text)
    }
}

impl AnyBoard {
    pub fn game(&self) -> GameId {
        with_board!(self, G, _b => G::SPEC.id)
    }

    pub fn solve(&self, budget: &Budget) -> Result<Solution, Unsolved> {
        with_board!(self, G, b => G::solve(b, budget))
    }

    pub fn solve_answer(&self, budget: &Budget) -> Result<Solution, Unsolved> {
        with_board!(self, G, b => G::solve_answer(b, budget))
    }

    pub fn answer(&self, budget: &Budget) -> Result<String, Unsolved> {
        with_board!(self, G, b => G::answer(b, budget))
    }

    pub fn to_case(&self) -> CaseBody {
        with_board!(self, G, b => G::to_case(b))
    }

    pub fn largest_side(&self) -> usize {
        with_board!(self, G, b => G::largest_side(b))
    }

    /// This board as one test of its game's judge input, appended to `out` (the file's
    /// opening is [`GameId::judge_header`]).
    pub fn write_judge_test(&self, out: &mut String) {
        with_board!(self, G, b => G::write_judge_test(b, out));
    }

    /// Boards one shrink step smaller, in the game's fixed order (see [`Game::smaller`]).
    pub fn smaller(&self) -> Vec<AnyBoard> {
        // `with_board!` cannot wrap the results back into their own variant.
        macro_rules! smaller {
            ($($variant:ident => $G:ty),*) => {
                match self {
                    $(AnyBoard::$variant(b) => {
                        <$G>::smaller(b).into_iter().map(AnyBoard::$variant).collect()
                    })*
                }
            };
        }
        smaller!(
            Zgame => zgame::Zgame,
            Race => race::Race,
            Chess => chess::Chess,
            Tetris => tetris::Tetris,
            Strings => strings::Strings
        )
    }
}
