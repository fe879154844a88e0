//! Z-Game on grid (Nowcoder 2022 multi-school 6, M): can Alice force a win, a draw, a loss?
//!
//! Two solvers: a per-cell table for the editor (every cell's answers and best move) and a
//! bit-parallel one for `judge` that keeps two bits per cell (a byte on boards of millions of
//! rows of a few cells, where a word per row would be more).

use super::judge_io::{Reader, Token};
use super::*;
use crate::text::excerpt;

/// The Z-Game module.
pub struct Zgame;

/// The original problem's bound on both sides of the board.
pub const ORIGINAL_MAX_SIDE: usize = 500;

/// Boards with more cells are refused: the editor's table keeps a few bytes per cell, so this
/// keeps one case under about 100 MB.
pub const MAX_CELLS: usize = 25_000_000;

/// The original problem's bound on the number of tests in one input.
pub const MAX_TESTS: usize = 50;

/// The three questions in answer order.
const QUESTIONS: [&str; 3] = ["win", "draw", "lose"];

// Per-cell table bits: what Alice can force from the cell, and the minimax value there.
const CAN_WIN: u8 = 1;
const CAN_DRAW: u8 = 2;
const CAN_LOSE: u8 = 4;
const VALUE_SHIFT: u8 = 3;
/// Minimax values seen by Alice (win > draw > loss).
const ALICE_LOSES: u8 = 0;
const DRAWN: u8 = 1;
const ALICE_WINS: u8 = 2;

impl Game for Zgame {
    type Board = Grid;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Zgame,
        title: "Z-Game on grid (Nowcoder 2022 multi-school 6, M)",
        rules: "A token starts at (1,1); Alice moves first and the players alternate moving it one \
                cell right or down. On an `A` cell Alice wins at once, on a `B` cell Bob wins at \
                once (this includes (1,1) before any move and (n,m)); reaching (n,m) when it is \
                `.` is a draw. The answer is three words: can Alice force a win? a draw? a loss?",
        keys: &[],
        grid: GridRule::Required,
        is_cell: |b| matches!(b, b'A' | b'B' | b'.'),
        cells_doc: "`A`, `B` or `.`",
        answers: &["yes", "no"],
        answer_classes: &[
            "yes yes yes",
            "yes yes no",
            "yes no yes",
            "yes no no",
            "no yes yes",
            "no yes no",
            "no no yes",
            "no no no",
        ],
        codes: &[
            (
                "W301",
                "The board has more than 500 rows. The original problem allows 1 ≤ n ≤ 500, so \
                 judge data with this board breaks its limits; boardls still solves it.",
            ),
            (
                "W302",
                "The board has more than 500 columns. The original problem allows 1 ≤ m ≤ 500, \
                 so judge data with this board breaks its limits; boardls still solves it.",
            ),
            (
                "E301",
                "The board has more than 25,000,000 cells, more than boardls holds in memory for \
                 one case. It is not solved; split it into smaller boards.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: ORIGINAL_MAX_SIDE,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: &CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<Grid> {
        let grid = input.grid?;
        let (n, m) = (grid.rows, grid.cols);
        let cells = n.saturating_mul(m);
        if cells > MAX_CELLS {
            diags.push(
                Diagnostic::error(
                    "E301",
                    input.grid_span(),
                    format!(
                        "the board has {n} × {m} = {cells} cells, more than the {MAX_CELLS} \
                         boardls holds in memory; it is not solved"
                    ),
                )
                .with_help("split it into smaller boards (the original allows 500 × 500)"),
            );
            return None;
        }
        if n > ORIGINAL_MAX_SIDE {
            let span = Span::new(
                input.cell_span(ORIGINAL_MAX_SIDE, 0).start,
                input.grid_span().end,
            );
            diags.push(Diagnostic::warning(
                "W301",
                span,
                format!("{n} rows: the original problem allows at most {ORIGINAL_MAX_SIDE}"),
            ));
        }
        if m > ORIGINAL_MAX_SIDE {
            let span = Span::new(
                input.cell_span(0, ORIGINAL_MAX_SIDE).start,
                input.cell_span(0, m - 1).end,
            );
            diags.push(Diagnostic::warning(
                "W302",
                span,
                format!("{m} columns: the original problem allows at most {ORIGINAL_MAX_SIDE}"),
            ));
        }
        Some(grid.clone())
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != 3 {
            let found = match words.len() {
                0 => "nothing".to_string(),
                1 => "1 word".to_string(),
                k => format!("{k} words"),
            };
            return Err(format!(
                "expected three words `yes`/`no` (win, draw, lose), found {found}"
            ));
        }
        let mut canonical = Vec::with_capacity(3);
        for (word, question) in words.iter().zip(QUESTIONS) {
            if word.eq_ignore_ascii_case("yes") {
                canonical.push("yes");
            } else if word.eq_ignore_ascii_case("no") {
                canonical.push("no");
            } else {
                return Err(format!(
                    "`{}` is not `yes` or `no` (the {question} answer)",
                    excerpt(word)
                ));
            }
        }
        Ok(canonical.join(" "))
    }

    fn solve(board: &Grid, budget: &Budget) -> Result<Solution, Unsolved> {
        check_size(board)?;
        budget.check_memory(Table::bytes(board.rows, board.cols), || {
            format!(
                "the per-cell table of a {} × {} board",
                board.rows, board.cols
            )
        })?;
        let table = Table::compute(board, budget)?;
        let answers = table.answers_at(0, 0);
        let why = table.why();
        Ok(Solution {
            answer: answers.to_string(),
            verdict: answers.verdict(),
            lens: answers.lens(),
            why,
            nodes: board.cells.len() as u64,
            cells: Some(table.into_cell_map()),
        })
    }

    fn answer(board: &Grid, budget: &Budget) -> Result<String, Unsolved> {
        check_size(board)?;
        budget.check_cancelled()?;
        let mut dp = BitDp::default();
        budget.check_memory(dp.bytes_after_start(board.rows, board.cols), || {
            format!("the rows of a {} × {} board", board.rows, board.cols)
        })?;
        dp.start(board.rows, board.cols);
        for r in 0..board.rows {
            // Bytes other than `A` and `B` count as empty, as in the per-cell table.
            let _ = dp.push_row(board.cells.get(r * board.cols..(r + 1) * board.cols));
        }
        Ok(dp.finish().to_string())
    }

    fn read_judge(text: &str) -> Result<Vec<Grid>, JudgeError> {
        let mut input = Reader::new(text);
        let tests = read_tests(&mut input)?;
        let mut boards = Vec::with_capacity(tests);
        for test in 1..=tests {
            let (n, m) = read_size(&mut input, test)?;
            let mut cells = Vec::with_capacity(n * m);
            for r in 1..=n {
                let row = read_row(&mut input, test, r, n, m)?;
                if !row.text.bytes().all(is_cell) {
                    return Err(row_error(&input, row, test, r, m));
                }
                cells.extend_from_slice(row.text.as_bytes());
            }
            boards.push(Grid {
                rows: n,
                cols: m,
                cells,
            });
        }
        input.finish()?;
        Ok(boards)
    }

    fn write_judge(boards: &[Grid]) -> String {
        let size: usize = boards.iter().map(|g| g.cells.len() + g.rows + 16).sum();
        let mut out = String::with_capacity(size + 8);
        out.push_str(&boards.len().to_string());
        out.push('\n');
        for grid in boards {
            out.push_str(&format!("{} {}\n", grid.rows, grid.cols));
            for row in grid.row_strings() {
                out.push_str(&row);
                out.push('\n');
            }
        }
        out
    }

    fn judge(text: &str, budget: &Budget) -> Result<JudgeRun, JudgeError> {
        let mut input = Reader::new(text);
        let tests = read_tests(&mut input)?;
        let mut run = JudgeRun {
            output: String::with_capacity(tests * 11),
            unsolved: Vec::new(),
        };
        let mut dp = BitDp::default();
        for test in 1..=tests {
            let (n, m) = read_size(&mut input, test)?;
            let fits = budget.check_cancelled().and_then(|()| {
                budget.check_memory(dp.bytes_after_start(n, m), || {
                    format!("the rows of a {n} × {m} board")
                })
            });
            if let Err(reason) = fits {
                // Unanswered, but its rows are still read: the rest of the input must be valid.
                for r in 1..=n {
                    let row = read_row(&mut input, test, r, n, m)?;
                    if !row.text.bytes().all(is_cell) {
                        return Err(row_error(&input, row, test, r, m));
                    }
                }
                run.unsolved.push((test, reason));
                continue;
            }
            dp.start(n, m);
            for r in 1..=n {
                let row = read_row(&mut input, test, r, n, m)?;
                if !dp.push_row(Some(row.text.as_bytes())) {
                    return Err(row_error(&input, row, test, r, m));
                }
            }
            run.output.push_str(dp.finish().as_str());
            run.output.push('\n');
        }
        input.finish()?;
        Ok(run)
    }

    fn to_case(board: &Grid) -> CaseBody {
        CaseBody::grid(board)
    }

    fn largest_side(board: &Grid) -> usize {
        board.rows.max(board.cols)
    }
}

fn is_cell(b: u8) -> bool {
    matches!(b, b'A' | b'B' | b'.')
}

fn check_size(grid: &Grid) -> Result<(), Unsolved> {
    let cells = grid.rows.saturating_mul(grid.cols);
    if cells > MAX_CELLS {
        return Err(Unsolved::TooLarge(format!(
            "{} × {} = {cells} cells, more than the {MAX_CELLS} boardls holds in memory",
            grid.rows, grid.cols
        )));
    }
    if grid.rows == 0 || grid.cols == 0 || grid.cells.len() != cells {
        return Err(Unsolved::TooLarge(format!(
            "the grid is malformed: {} × {} with {} cells",
            grid.rows,
            grid.cols,
            grid.cells.len()
        )));
    }
    Ok(())
}

/// The three answers: can Alice force a win, a draw, a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Answers([bool; 3]);

impl Answers {
    fn as_str(self) -> &'static str {
        match self.0 {
            [true, true, true] => "yes yes yes",
            [true, true, false] => "yes yes no",
            [true, false, true] => "yes no yes",
            [true, false, false] => "yes no no",
            [false, true, true] => "no yes yes",
            [false, true, false] => "no yes no",
            [false, false, true] => "no no yes",
            [false, false, false] => "no no no",
        }
    }

    fn verdict(self) -> String {
        let parts: Vec<String> = self
            .0
            .iter()
            .zip(["a win", "a draw", "a loss"])
            .map(|(&yes, what)| {
                if yes {
                    format!("can force {what}")
                } else {
                    format!("cannot force {what}")
                }
            })
            .collect();
        format!("Alice {}", parts.join(", "))
    }

    fn lens(self) -> String {
        let mark = |yes: bool| if yes { '✓' } else { '✗' };
        format!(
            "Alice: win {} · draw {} · lose {}",
            mark(self.0[0]),
            mark(self.0[1]),
            mark(self.0[2])
        )
    }

    /// "a win or a draw", "nothing".
    fn forceable(self) -> String {
        let what: Vec<&str> = self
            .0
            .iter()
            .zip(["a win", "a draw", "a loss"])
            .filter(|(yes, _)| **yes)
            .map(|(_, w)| w)
            .collect();
        match what.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.to_string(),
            [a, b] => format!("{a} or {b}"),
            _ => "a win, a draw or a loss".to_string(),
        }
    }
}

impl fmt::Display for Answers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

// ---------------------------------------------------------------------------------------------
// The per-cell table (editor): every cell's three answers and minimax value.

struct Table {
    grid: Grid,
    /// `CAN_*` bits and the minimax value (`<< VALUE_SHIFT`) of each cell, row-major.
    flags: Vec<u8>,
}

impl Table {
    /// What `solve` holds for an n × m board: the flags, the grid copy the hovers read and
    /// the cell map's marks, a byte a cell each.
    fn bytes(n: usize, m: usize) -> usize {
        n.saturating_mul(m)
            .saturating_mul(2 + std::mem::size_of::<CellMark>())
    }

    fn compute(grid: &Grid, budget: &Budget) -> Result<Table, Unsolved> {
        let (n, m) = (grid.rows, grid.cols);
        let mut flags = vec![0u8; n * m];
        for r in (0..n).rev() {
            if r.is_multiple_of(64) {
                budget.check_cancelled()?;
            }
            for c in (0..m).rev() {
                let value = match grid.cells.get(r * m + c) {
                    Some(b'A') => CAN_WIN | (ALICE_WINS << VALUE_SHIFT),
                    Some(b'B') => CAN_LOSE | (ALICE_LOSES << VALUE_SHIFT),
                    _ if r + 1 == n && c + 1 == m => CAN_DRAW | (DRAWN << VALUE_SHIFT),
                    _ => {
                        let right = (c + 1 < m).then(|| flags.get(r * m + c + 1)).flatten();
                        let down = (r + 1 < n).then(|| flags.get((r + 1) * m + c)).flatten();
                        combine(alice_moves(r, c), right.copied(), down.copied())
                    }
                };
                if let Some(slot) = flags.get_mut(r * m + c) {
                    *slot = value;
                }
            }
        }
        Ok(Table {
            grid: grid.clone(),
            flags,
        })
    }

    fn flag(&self, r: usize, c: usize) -> u8 {
        self.flags.get(r * self.grid.cols + c).copied().unwrap_or(0)
    }

    fn answers_at(&self, r: usize, c: usize) -> Answers {
        let f = self.flag(r, c);
        Answers([f & CAN_WIN != 0, f & CAN_DRAW != 0, f & CAN_LOSE != 0])
    }

    fn value(&self, r: usize, c: usize) -> u8 {
        self.flag(r, c) >> VALUE_SHIFT
    }

    fn terminal(&self, r: usize, c: usize) -> bool {
        let cell = self.grid.cells.get(r * self.grid.cols + c).copied();
        matches!(cell, Some(b'A' | b'B')) || (r + 1 == self.grid.rows && c + 1 == self.grid.cols)
    }

    /// The moves from a non-terminal cell: (word, target).
    fn moves(&self, r: usize, c: usize) -> Vec<(&'static str, (usize, usize))> {
        let mut moves = Vec::with_capacity(2);
        if c + 1 < self.grid.cols {
            moves.push(("right", (r, c + 1)));
        }
        if r + 1 < self.grid.rows {
            moves.push(("down", (r + 1, c)));
        }
        moves
    }

    /// The mover's best moves under win > draw > loss (both when they tie).
    fn best_moves(&self, r: usize, c: usize) -> Vec<(&'static str, (usize, usize))> {
        let moves = self.moves(r, c);
        let alice = alice_moves(r, c);
        let score = |&(_, (rr, cc)): &(&str, (usize, usize))| {
            let v = self.value(rr, cc);
            if alice {
                v
            } else {
                ALICE_WINS - v.min(ALICE_WINS)
            }
        };
        let best = moves.iter().map(score).max().unwrap_or(0);
        moves.into_iter().filter(|mv| score(mv) == best).collect()
    }

    fn mark(&self, r: usize, c: usize) -> CellMark {
        let alice = alice_moves(r, c);
        match (self.value(r, c), alice) {
            (DRAWN, _) => CellMark::Draw,
            (ALICE_WINS, true) | (ALICE_LOSES, false) => CellMark::Win,
            _ => CellMark::Lose,
        }
    }

    fn end_words(value: u8) -> &'static str {
        match value {
            ALICE_WINS => "Alice wins",
            DRAWN => "it is a draw",
            _ => "Bob wins",
        }
    }

    /// What a terminal cell means, or `None` for a cell where someone moves.
    fn terminal_words(&self, r: usize, c: usize) -> Option<String> {
        let cell = self.grid.cells.get(r * self.grid.cols + c).copied();
        match cell {
            Some(b'A') => Some("`A`: Alice wins as soon as the token is here".to_string()),
            Some(b'B') => Some("`B`: Bob wins as soon as the token is here".to_string()),
            _ if self.terminal(r, c) => {
                Some("the last cell, empty: the game is a draw when the token gets here".into())
            }
            _ => None,
        }
    }

    /// Optimal play from (r, c) as "(1,1) → (1,2) → (1,3), where …", clipped when long.
    fn line_of_play(&self, mut r: usize, mut c: usize) -> String {
        const SHOWN: usize = 12;
        let cell = |r: usize, c: usize| format!("({},{})", r + 1, c + 1);
        let mut shown = vec![cell(r, c)];
        let mut steps = 1usize;
        while !self.terminal(r, c) {
            // A best move keeps the cell's value; right first, as in `best_moves`.
            let value = self.value(r, c);
            (r, c) = if c + 1 < self.grid.cols && self.value(r, c + 1) == value {
                (r, c + 1)
            } else if r + 1 < self.grid.rows {
                (r + 1, c)
            } else {
                break;
            };
            steps += 1;
            if shown.len() < SHOWN - 1 {
                shown.push(cell(r, c));
            }
        }
        if steps > shown.len() {
            // Keep the decisive last cell visible.
            let hidden = steps - shown.len() - 1;
            if hidden > 0 {
                shown.push(format!("… {hidden} more …"));
            }
            shown.push(cell(r, c));
        }
        let end = match self.grid.cells.get(r * self.grid.cols + c) {
            Some(b'A') => ", where `A` wins for Alice",
            Some(b'B') => ", where `B` wins for Bob",
            _ => ", the empty last cell: a draw",
        };
        format!("{}{end}", shown.join(" → "))
    }

    fn why(&self) -> String {
        if let Some(words) = self.terminal_words(0, 0) {
            return format!("(1,1) is {words}, before anyone moves.");
        }
        let options: Vec<String> = self
            .moves(0, 0)
            .into_iter()
            .map(|(word, (r, c))| {
                format!(
                    "{word} to ({},{}) lets her force {}",
                    r + 1,
                    c + 1,
                    self.answers_at(r, c).forceable()
                )
            })
            .collect();
        format!(
            "Alice moves first at (1,1): {}. With both playing win > draw > loss, {}: {}.",
            options.join("; "),
            Self::end_words(self.value(0, 0)),
            self.line_of_play(0, 0)
        )
    }

    fn describe(&self, r: usize, c: usize) -> Option<String> {
        if r >= self.grid.rows || c >= self.grid.cols {
            return None;
        }
        let here = format!("({},{})", r + 1, c + 1);
        if let Some(words) = self.terminal_words(r, c) {
            return Some(format!("{here}: {words}."));
        }
        let mover = if alice_moves(r, c) { "Alice" } else { "Bob" };
        let answers = self.answers_at(r, c);
        let best = self.best_moves(r, c);
        let moves: Vec<String> = best
            .iter()
            .map(|(word, (tr, tc))| format!("{word} to ({},{})", tr + 1, tc + 1))
            .collect();
        let best_words = match (self.moves(r, c).len(), moves.len()) {
            (1, _) => format!("the only move is {}", moves.join("")),
            (_, 2) => format!("both moves are as good ({})", moves.join(", ")),
            _ => format!("the best move is {}", moves.join("")),
        };
        let yes = |b: bool| if b { "yes" } else { "no" };
        Some(format!(
            "{here}: {mover} to move. With the token here Alice could force a win: {} · a draw: {} · \
             a loss: {}. With best play {}; {best_words}.",
            yes(answers.0[0]),
            yes(answers.0[1]),
            yes(answers.0[2]),
            Self::end_words(self.value(r, c)),
        ))
    }

    fn into_cell_map(self) -> CellMap {
        let (n, m) = (self.grid.rows, self.grid.cols);
        let mut marks = Vec::with_capacity(n * m);
        for r in 0..n {
            for c in 0..m {
                marks.push(self.mark(r, c));
            }
        }
        CellMap {
            rows: n,
            cols: m,
            marks,
            describe: Box::new(move |r, c| self.describe(r, c)),
        }
    }
}

/// Alice moves at (r, c) when r + c is even: every move adds one to r + c.
fn alice_moves(r: usize, c: usize) -> bool {
    (r + c).is_multiple_of(2)
}

/// A non-terminal cell from its successors: Alice forces a target when one move does, Bob
/// cannot stop it only when every move does; the minimax value is the mover's best.
fn combine(alice: bool, right: Option<u8>, down: Option<u8>) -> u8 {
    let succ = [right, down];
    let present = succ.iter().flatten();
    let mut can = 0u8;
    for bit in [CAN_WIN, CAN_DRAW, CAN_LOSE] {
        let mut hits = present.clone().map(|f| f & bit != 0);
        let forced = if alice {
            hits.any(|h| h)
        } else {
            hits.all(|h| h)
        };
        if forced {
            can |= bit;
        }
    }
    let values = present.map(|f| f >> VALUE_SHIFT);
    let value = if alice {
        values.max().unwrap_or(DRAWN)
    } else {
        values.min().unwrap_or(DRAWN)
    };
    can | (value << VALUE_SHIFT)
}

// ---------------------------------------------------------------------------------------------
// The bit-parallel solver (judge).
//
// Rows are processed bottom-up, 64 cells per word. Within a row a cell's value for one
// question is either fixed (a letter; a mover whose move down already decides) or copied from
// its right neighbour, so a row is "copy the nearest fixed value to the right". Columns are
// stored mirrored (column m-1 at bit 0) so that this copying runs from low bits to high bits,
// where one addition carries it across a whole word.

const EVEN_BITS: u64 = 0x5555_5555_5555_5555;

/// Past this many words of row bits (64 MiB for `A` and `B` together), rows are kept as bytes
/// instead: a row takes at least one word, so only boards of millions of rows of a few cells
/// get here, and for them a byte a cell is less.
const BIT_ROWS_MAX_WORDS: usize = 1 << 22;

#[derive(Default)]
struct BitDp {
    rows: usize,
    cols: usize,
    words: usize,
    /// `A` and `B` cells of each pushed row, `words` per row, mirrored.
    a: Vec<u64>,
    b: Vec<u64>,
    /// Narrow boards: the cells themselves, row-major.
    narrow: Option<Vec<u8>>,
    /// The row below: per word, one bitset per question (win, draw, lose).
    state: Vec<[u64; 3]>,
}

impl BitDp {
    /// Bytes held once `start(rows, cols)` has run and every row is pushed: the row bits or
    /// the narrow cells, the state, and what earlier boards of a judge run left allocated.
    /// Vectors grow to at least twice their capacity when they grow at all, as `Vec` does.
    fn bytes_after_start(&self, rows: usize, cols: usize) -> usize {
        fn grown(capacity: usize, need: usize) -> usize {
            if need <= capacity {
                capacity
            } else {
                need.max(capacity.saturating_mul(2))
            }
        }
        let words = cols.div_ceil(64);
        let row_words = rows.saturating_mul(words);
        let (bit_words, narrow) = if row_words > BIT_ROWS_MAX_WORDS {
            // The narrow DP adds two rows of flags; the previous board's cells go only once
            // the new ones are allocated.
            let previous = self.narrow.as_ref().map_or(0, Vec::capacity);
            let cells = rows
                .saturating_mul(cols)
                .saturating_add(cols.saturating_mul(2))
                .saturating_add(previous);
            (self.a.capacity(), cells)
        } else {
            (grown(self.a.capacity(), row_words), 0)
        };
        let state = grown(self.state.capacity(), words);
        bit_words
            .saturating_mul(2 * 8)
            .saturating_add(narrow)
            .saturating_add(state.saturating_mul(std::mem::size_of::<[u64; 3]>()))
    }

    fn start(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.words = cols.div_ceil(64);
        self.a.clear();
        self.b.clear();
        if rows.saturating_mul(self.words) > BIT_ROWS_MAX_WORDS {
            self.narrow = Some(Vec::with_capacity(rows.saturating_mul(cols)));
        } else {
            self.narrow = None;
            self.a.reserve(rows * self.words);
            self.b.reserve(rows * self.words);
        }
    }

    /// Appends one row of `cols` bytes; false when a byte is not a cell (it counts as `.`).
    /// A missing row counts as empty.
    fn push_row(&mut self, row: Option<&[u8]>) -> bool {
        if let Some(cells) = &mut self.narrow {
            return match row {
                Some(row) => {
                    cells.extend_from_slice(row);
                    row.iter().all(|&b| is_cell(b))
                }
                None => {
                    cells.resize(cells.len() + self.cols, b'.');
                    true
                }
            };
        }
        let base = self.a.len();
        self.a.resize(base + self.words, 0);
        self.b.resize(base + self.words, 0);
        let Some(row) = row else {
            return true;
        };
        let (Some(a), Some(b)) = (self.a.get_mut(base..), self.b.get_mut(base..)) else {
            return true;
        };
        row_bits(row, a, b)
    }

    fn finish(&mut self) -> Answers {
        let (n, m, words) = (self.rows, self.cols, self.words);
        if n == 0 || m == 0 {
            return Answers([false, true, false]);
        }
        if let Some(cells) = &self.narrow {
            return answers_by_cells(cells, n, m);
        }
        let top_bits = m - 64 * (words - 1);
        let top_mask = if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        self.state.clear();
        self.state.resize(words, [0; 3]);
        for i in (0..n).rev() {
            let alice = if (i + m - 1).is_multiple_of(2) {
                EVEN_BITS
            } else {
                !EVEN_BITS
            };
            let last_row = i + 1 == n;
            let (Some(row_a), Some(row_b)) = (
                self.a.get(i * words..(i + 1) * words),
                self.b.get(i * words..(i + 1) * words),
            ) else {
                continue;
            };
            let mut carry = [false; 3];
            let mut prev_top = [0u64; 3];
            for (w, (slot, (&aw, &bw))) in self
                .state
                .iter_mut()
                .zip(row_a.iter().zip(row_b))
                .enumerate()
            {
                let width = if w + 1 == words { top_mask } else { u64::MAX };
                let dot = !(aw | bw) & width;
                // Fixed cells per question (win, draw, lose): the letters.
                let letters = [(aw, bw), (0, aw | bw), (bw, aw)];
                for (q, (below, (ones, zeros))) in slot.iter_mut().zip(letters).enumerate() {
                    // Below the last row: a move that does not exist, which makes every cell
                    // of the last row copy its right neighbour.
                    let bl = if last_row { !alice } else { *below };
                    let mut ones = ones | (dot & alice & bl);
                    let mut zeros = zeros | (dot & !alice & !bl);
                    if w == 0 && dot & 1 != 0 {
                        // Column m: only the move down, or the draw of (n, m) itself.
                        let v = if last_row { q == 1 } else { bl & 1 != 0 };
                        ones = (ones & !1) | u64::from(v);
                        zeros = (zeros & !1) | u64::from(!v);
                    }
                    let pass = !(ones | zeros) & width;
                    let starts = ((ones << 1) | prev_top[q]) & pass;
                    prev_top[q] = ones >> 63;
                    let (sum, c1) = starts.overflowing_add(pass);
                    let (sum, c2) = sum.overflowing_add(u64::from(carry[q]));
                    carry[q] = c1 | c2;
                    *below = ones | ((sum ^ pass) & pass);
                }
            }
        }
        let p = m - 1;
        let bit = |q: usize| {
            self.state
                .get(p / 64)
                .is_some_and(|w| (w[q] >> (p % 64)) & 1 != 0)
        };
        Answers([bit(0), bit(1), bit(2)])
    }
}

/// The answers by a plain DP over cells, one row of flags at a time (narrow boards).
fn answers_by_cells(cells: &[u8], n: usize, m: usize) -> Answers {
    let mut below: Vec<u8> = Vec::new();
    let mut row = vec![0u8; m];
    for r in (0..n).rev() {
        for c in (0..m).rev() {
            let flags = match cells.get(r * m + c) {
                Some(b'A') => CAN_WIN,
                Some(b'B') => CAN_LOSE,
                _ if r + 1 == n && c + 1 == m => CAN_DRAW,
                _ => {
                    let right = row.get(c + 1).copied();
                    let down = below.get(c).copied();
                    combine(alice_moves(r, c), right, down)
                }
            };
            if let Some(slot) = row.get_mut(c) {
                *slot = flags;
            }
        }
        std::mem::swap(&mut below, &mut row);
        row.resize(m, 0);
    }
    let start = below.first().copied().unwrap_or(0);
    Answers([
        start & CAN_WIN != 0,
        start & CAN_DRAW != 0,
        start & CAN_LOSE != 0,
    ])
}

/// Fills `a` and `b` with the row's `A` and `B` cells, mirrored (the last column at bit 0);
/// false when a byte is not `A`, `B` or `.`.
fn row_bits(row: &[u8], a: &mut [u64], b: &mut [u64]) -> bool {
    let m = row.len();
    let mut ok = true;
    for (w, (aw, bw)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
        let end = m.saturating_sub(64 * w);
        let start = end.saturating_sub(64);
        let Some(chunk) = row.get(start..end) else {
            break;
        };
        let (na, nb, valid) = if let Ok(full) = <&[u8; 64]>::try_from(chunk) {
            classify64(full)
        } else {
            let mut padded = [b'.'; 64];
            if let Some(head) = padded.get_mut(..chunk.len()) {
                head.copy_from_slice(chunk);
            }
            classify64(&padded)
        };
        ok &= valid;
        let shift = 64 - chunk.len() as u32;
        *aw = na.reverse_bits().checked_shr(shift).unwrap_or(0);
        *bw = nb.reverse_bits().checked_shr(shift).unwrap_or(0);
    }
    ok
}

/// Bit k says whether byte k is `A` (first) or `B` (second); the flag says all 64 are cells.
#[inline]
fn classify64(chunk: &[u8; 64]) -> (u64, u64, bool) {
    let mut a = 0u64;
    let mut b = 0u64;
    let mut dot = 0u64;
    for (q, part) in chunk.chunks_exact(16).enumerate() {
        let Ok(part) = <&[u8; 16]>::try_from(part) else {
            continue;
        };
        let (pa, pb, pd) = classify16(part);
        a |= u64::from(pa) << (16 * q);
        b |= u64::from(pb) << (16 * q);
        dot |= u64::from(pd) << (16 * q);
    }
    (a, b, (a | b | dot) == u64::MAX)
}

/// Bit k says whether byte k is `A`, `B`, `.`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
fn classify16(part: &[u8; 16]) -> (u32, u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    // SAFETY: this build enables SSE2 (the cfg above), and the unaligned load reads exactly
    // the 16 bytes of `part`. A byte compare and movemask is 16 cells in three instructions,
    // which is what keeps `judge` near the cost of reading its input.
    unsafe {
        let v = _mm_loadu_si128(part.as_ptr().cast::<__m128i>());
        let mask = |c: u8| _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8))) as u32;
        (mask(b'A'), mask(b'B'), mask(b'.'))
    }
}

/// Bit k says whether byte k is `A`, `B`, `.` (portable: byte flags gathered by a multiply).
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline]
fn classify16(part: &[u8; 16]) -> (u32, u32, u32) {
    let mask = |c: u8| {
        let mut flags = [0u8; 16];
        for (f, &x) in flags.iter_mut().zip(part) {
            *f = u8::from(x == c);
        }
        let gather = |bytes: &[u8]| {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(bytes);
            (u64::from_le_bytes(eight).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        };
        gather(&flags[..8]) | (gather(&flags[8..]) << 8)
    };
    (mask(b'A'), mask(b'B'), mask(b'.'))
}

// ---------------------------------------------------------------------------------------------
// Judge input: `T`, then per test `n m` and n rows. Rows are taken as whole slices (their
// length is known), so reading costs little more than the bytes themselves.

fn read_tests(input: &mut Reader<'_>) -> Result<usize, JudgeError> {
    let t = input.number(1, MAX_TESTS as u64, || "the number of tests T".into())?;
    Ok(t as usize)
}

fn read_size(input: &mut Reader<'_>, test: usize) -> Result<(usize, usize), JudgeError> {
    let limit = MAX_CELLS as u64;
    let n = input.number(1, limit, || format!("n (rows) of test {test}"))?;
    let at = input.next_start();
    let m = input.number(1, limit, || format!("m (columns) of test {test}"))?;
    let cells = n.saturating_mul(m);
    if cells > limit {
        return Err(input.error_at(
            at,
            format!(
                "test {test}: {n} × {m} = {cells} cells, more than the {MAX_CELLS} boardls \
                 holds in memory"
            ),
        ));
    }
    Ok((n as usize, m as usize))
}

/// Row `r` of `n` (1-based), `m` bytes not yet checked to be cells.
fn read_row<'t>(
    input: &mut Reader<'t>,
    test: usize,
    r: usize,
    n: usize,
    m: usize,
) -> Result<Token<'t>, JudgeError> {
    input.fixed_token(m).map_err(|found| match found {
        Some(token) => row_error(input, token, test, r, m),
        None => JudgeError {
            line: input.end_line(),
            message: format!("test {test}: expected row {r} of {n}, found the end of the input"),
        },
    })
}

/// What is wrong with `token`, read as row `r` of a test with `m` columns.
fn row_error(input: &Reader<'_>, token: Token<'_>, test: usize, r: usize, m: usize) -> JudgeError {
    let bad = token
        .text
        .char_indices()
        .find(|&(_, ch)| !(ch.is_ascii() && is_cell(ch as u8)));
    let message = match bad {
        Some((at, ch)) => format!(
            "test {test}, row {r}: `{ch}` at column {} is not a cell (`A`, `B` or `.`)",
            token.text.get(..at).map_or(at, |s| s.chars().count()) + 1
        ),
        None => format!(
            "test {test}: row {r} has {} cells, expected {m}",
            token.text.chars().count()
        ),
    };
    input.error_at(token.start, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(1, 1, b'.'))
    }

    #[test]
    fn mirrored_bits_put_the_last_column_at_bit_zero() {
        let row: Vec<u8> = (0..70).map(|j| if j == 69 { b'A' } else { b'.' }).collect();
        let mut a = [0u64; 2];
        let mut b = [0u64; 2];
        assert!(row_bits(&row, &mut a, &mut b));
        assert_eq!(a, [1, 0]);
        let mut row = row;
        row[0] = b'B';
        row[5] = b'x';
        assert!(!row_bits(&row, &mut a, &mut b));
        assert_eq!(b, [0, 1 << 5]);
    }

    /// Every board up to 3 × 3 and 2 × 4: the narrow boards' byte DP, the bit-parallel rows
    /// and the editor's table agree.
    #[test]
    fn the_three_solvers_agree_on_every_tiny_board() {
        for (n, m) in [
            (1, 1),
            (1, 4),
            (4, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 4),
            (4, 2),
        ] {
            let count = 3usize.pow((n * m) as u32);
            for code in 0..count {
                let mut x = code;
                let cells: Vec<u8> = (0..n * m)
                    .map(|_| {
                        let cell = [b'.', b'A', b'B'][x % 3];
                        x /= 3;
                        cell
                    })
                    .collect();
                let g = Grid {
                    rows: n,
                    cols: m,
                    cells,
                };
                let table = Table::compute(&g, &Budget::unlimited()).map(|t| t.answers_at(0, 0));
                let bytes = answers_by_cells(&g.cells, n, m);
                let bits = Zgame::answer(&g, &Budget::unlimited());
                assert_eq!(table, Ok(bytes), "{:?}", g.row_strings());
                assert_eq!(bits, Ok(bytes.to_string()), "{:?}", g.row_strings());
            }
        }
    }

    #[test]
    fn both_solvers_agree_on_the_samples() {
        for (rows, want) in [
            (vec!["..B", "..B", "BB."], "no no yes"),
            (vec!["..."], "no yes no"),
            (vec!["A"], "yes no no"),
            (vec!["."], "no yes no"),
        ] {
            let g = grid(&rows);
            let fast = Zgame::answer(&g, &Budget::unlimited());
            let slow = Zgame::solve(&g, &Budget::unlimited()).map(|s| s.answer);
            assert_eq!(fast.as_deref(), Ok(want));
            assert_eq!(slow.as_deref(), Ok(want));
        }
    }
}
