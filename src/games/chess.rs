//! Life Winner Bo (HDU 5754): a king, rook, knight or queen goes from (1,1) towards (N,M) and
//! whoever moves it onto (N,M) wins. Closed forms answer; a DP over cells draws the map.

use super::judge_io::Reader;
use super::*;
use crate::text::excerpt;

/// The chess module.
pub struct Chess;

/// Sides above this are refused: the closed forms stay exact far beyond, but nothing this
/// large is a board anyone means, and it keeps every product below 2^63.
pub const MAX_SIDE: u64 = 1_000_000_000;

/// The original problem's bounds on N and M.
pub const ORIGINAL_MIN_SIDE: u64 = 2;
pub const ORIGINAL_MAX_SIDE: u64 = 1000;

/// Boards with more cells get no per-cell map (it costs two bytes a cell).
pub const MAP_MAX_CELLS: u64 = 1_000_000;

/// The original problem's bound on the number of tests in one input.
pub const MAX_TESTS: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    King,
    Rook,
    Knight,
    Queen,
}

impl Piece {
    pub const ALL: [Piece; 4] = [Piece::King, Piece::Rook, Piece::Knight, Piece::Queen];

    pub fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Rook => "rook",
            Piece::Knight => "knight",
            Piece::Queen => "queen",
        }
    }

    /// The number the judge input uses: 1 king, 2 rook, 3 knight, 4 queen.
    pub fn number(self) -> u64 {
        match self {
            Piece::King => 1,
            Piece::Rook => 2,
            Piece::Knight => 3,
            Piece::Queen => 4,
        }
    }

    pub fn from_number(n: u64) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.number() == n)
    }

    /// A name (any case) or the judge's number.
    pub fn parse(text: &str) -> Option<Piece> {
        let text = text.trim();
        Piece::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text) || p.number().to_string() == text)
    }
}

/// A chess case: the piece and the board size (N rows, M columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessBoard {
    pub piece: Piece,
    pub rows: u64,
    pub cols: u64,
}

/// Who wins with best play: Bo (moves first), G, or nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Bo,
    G,
    Draw,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Bo => "B",
            Outcome::G => "G",
            Outcome::Draw => "D",
        }
    }
}

/// The answer by closed form; `dx = N − 1`, `dy = M − 1` (sides ≥ 1).
#[inline]
pub fn outcome(board: &ChessBoard) -> Outcome {
    let dx = board.rows.saturating_sub(1);
    let dy = board.cols.saturating_sub(1);
    let second_wins = match board.piece {
        // Both distances even is closed under the king's moves in pairs: G restores it.
        Piece::King => dx.is_multiple_of(2) && dy.is_multiple_of(2),
        // Two-heap Nim.
        Piece::Rook => dx == dy,
        Piece::Knight => return knight_outcome(dx, dy),
        // Wythoff's game.
        Piece::Queen => is_wythoff_p(dx, dy),
    };
    if second_wins { Outcome::G } else { Outcome::Bo }
}

/// How many (+1,+2) and (+2,+1) moves reach (dx, dy), if whole numbers of each do.
fn knight_counts(dx: u64, dy: u64) -> Option<(i64, i64)> {
    let (dx, dy) = (i64::try_from(dx).ok()?, i64::try_from(dy).ok()?);
    if (dx + dy) % 3 != 0 {
        return None;
    }
    Some(((2 * dy - dx) / 3, (2 * dx - dy) / 3))
}

fn knight_outcome(dx: u64, dy: u64) -> Outcome {
    match knight_counts(dx, dy) {
        Some((a, b)) if a >= 0 && b >= 0 => match a.abs_diff(b) {
            0 => Outcome::G,
            1 => Outcome::Bo,
            _ => Outcome::Draw,
        },
        _ => Outcome::Draw,
    }
}

/// ⌊k·φ⌋ exactly: (k + ⌊√(5k²)⌋) / 2, since k·√5 is irrational for k > 0.
pub fn floor_k_phi(k: u64) -> u64 {
    (k + isqrt_5k2(k)) / 2
}

/// ⌊√(5k²)⌋: a float estimate, then exact integer correction.
fn isqrt_5k2(k: u64) -> u64 {
    let v = 5 * u128::from(k) * u128::from(k);
    // Up to 2^64 (every side we accept) the float conversions are plain instructions.
    let estimate = match u64::try_from(v) {
        Ok(small) => u128::from((small as f64).sqrt() as u64),
        Err(_) => (v as f64).sqrt() as u128,
    };
    let mut s = estimate;
    while s * s > v {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= v {
        s += 1;
    }
    u64::try_from(s).unwrap_or(u64::MAX)
}

/// Whether (x, y) is a P-position of Wythoff's game: {⌊kφ⌋, ⌊kφ⌋ + k} for some k ≥ 0.
/// Exact for all x, y below 2^62.
pub fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    a == floor_k_phi(b - a)
}

impl Game for Chess {
    type Board = ChessBoard;

    const SPEC: GameSpec = GameSpec {
        id: GameId::Chess,
        title: "HDU 5754 Life Winner Bo",
        rules: "A king, rook, knight or queen starts at (1,1) of an N×M board and may only move \
                down and/or right, as in chess (the knight only by (+1,+2) or (+2,+1)). Bo moves \
                first, then G. Whoever moves the piece onto (N,M) wins; a player who cannot move \
                while the piece is elsewhere ends the game in a draw. The answer is `B`, `G` or \
                `D`.",
        keys: &[
            KeySpec {
                name: "piece",
                doc: "The piece at (1,1): `king`, `rook`, `knight` or `queen` (or 1 to 4 as in \
                      the judge input).",
                values: &["king", "rook", "knight", "queen"],
                required: true,
            },
            KeySpec {
                name: "size",
                doc: "`N M`: rows and columns. The piece heads from (1,1) to (N,M); the original \
                      has 2 ≤ N, M ≤ 1000.",
                values: &[],
                required: true,
            },
        ],
        grid: GridRule::Forbidden,
        is_cell: |_| false,
        cells_doc: "no cells (a chess case has `piece` and `size` instead of a grid)",
        answers: &["B", "G", "D"],
        answer_classes: &["B", "G", "D"],
        codes: &[
            (
                "E501",
                "`piece` is not one of `king`, `rook`, `knight`, `queen` (or the judge's \
                 numbers 1 to 4).",
            ),
            (
                "E502",
                "`size` must be two whole numbers `N M`: the rows and the columns of the board.",
            ),
            (
                "E503",
                "A side of the board is 0 or above 1,000,000,000. Such sizes are refused; the \
                 original problem has 2 ≤ N, M ≤ 1000.",
            ),
            (
                "W501",
                "A side is outside the original problem's 2 ≤ N, M ≤ 1000. The case is still \
                 solved (by closed form; the per-cell map only up to 1,000,000 cells), but judge \
                 data with it breaks the original limits.",
            ),
        ],
        max_tests_per_file: MAX_TESTS,
        original_max_side: ORIGINAL_MAX_SIDE as usize,
        symmetry: Symmetry::Transpose,
    };

    fn board(input: &CaseInput<'_>, diags: &mut Vec<Diagnostic>) -> Option<ChessBoard> {
        let piece = input.prop("piece").and_then(|prop| {
            let piece = Piece::parse(&prop.value);
            if piece.is_none() {
                diags.push(
                    Diagnostic::error(
                        "E501",
                        prop.value_span,
                        format!("`{}` is not a piece", excerpt(&prop.value)),
                    )
                    .with_help("valid pieces: king (1), rook (2), knight (3), queen (4)"),
                );
            }
            piece
        });
        let size = input.prop("size").and_then(|prop| parse_size(prop, diags));
        let (rows, cols) = size?;
        Some(ChessBoard {
            piece: piece?,
            rows,
            cols,
        })
    }

    fn parse_answer(text: &str) -> Result<String, String> {
        let t = text.trim();
        match t {
            "B" | "b" => Ok("B".into()),
            "G" | "g" => Ok("G".into()),
            "D" | "d" => Ok("D".into()),
            "" => Err("expected `B` (Bo wins), `G` (G wins) or `D` (draw), found nothing".into()),
            _ => Err(format!(
                "expected `B` (Bo wins), `G` (G wins) or `D` (draw), found `{}`",
                excerpt(t)
            )),
        }
    }

    fn solve(board: &ChessBoard, budget: &Budget) -> Result<Solution, Unsolved> {
        check_sides(board)?;
        let result = outcome(board);
        // The map is a detail the closed forms do not need: skipped, not refused, when it
        // does not fit the memory cap.
        let cells = board.rows * board.cols;
        let table = if cells <= MAP_MAX_CELLS && budget.allows(Table::bytes(board)) {
            Some(Table::compute(board, budget)?)
        } else {
            None
        };
        let mut why = explain(board);
        if let Some(table) = &table
            && let Some((x, y)) = table.best_move(0, 0)
            && result == Outcome::Bo
        {
            why.push_str(&format!(" Bo's first move: to ({},{}).", x + 1, y + 1));
        }
        Ok(Solution {
            answer: result.as_str().to_string(),
            verdict: match result {
                Outcome::Bo => "Bo wins (he moves first)".to_string(),
                Outcome::G => "G wins (she moves second)".to_string(),
                Outcome::Draw => "a draw: neither player can force the piece onto (N,M)".into(),
            },
            lens: match result {
                Outcome::Bo => "Bo wins".to_string(),
                Outcome::G => "G wins".to_string(),
                Outcome::Draw => "draw".to_string(),
            },
            why,
            cells: table.map(Table::into_cell_map),
            nodes: 0,
        })
    }

    fn answer(board: &ChessBoard, _budget: &Budget) -> Result<String, Unsolved> {
        check_sides(board)?;
        Ok(outcome(board).as_str().to_string())
    }

    fn read_judge(text: &str) -> Result<Vec<ChessBoard>, JudgeError> {
        let mut input = Reader::new(text);
        let tests = read_tests(&mut input)?;
        let mut boards = Vec::with_capacity(tests);
        for test in 1..=tests {
            boards.push(read_query(&mut input, test)?);
        }
        input.finish()?;
        Ok(boards)
    }

    fn write_judge(boards: &[ChessBoard]) -> String {
        let mut out = format!("{}\n", boards.len());
        for b in boards {
            out.push_str(&format!("{} {} {}\n", b.piece.number(), b.rows, b.cols));
        }
        out
    }

    fn judge(text: &str, _budget: &Budget) -> Result<JudgeRun, JudgeError> {
        let mut input = Reader::new(text);
        let tests = read_tests(&mut input)?;
        let mut output = String::with_capacity(2 * tests);
        for test in 1..=tests {
            let board = read_query(&mut input, test)?;
            output.push_str(outcome(&board).as_str());
            output.push('\n');
        }
        input.finish()?;
        Ok(JudgeRun {
            output,
            unsolved: Vec::new(),
        })
    }

    fn to_case(board: &ChessBoard) -> CaseBody {
        CaseBody {
            props: vec![
                ("piece".to_string(), board.piece.name().to_string()),
                ("size".to_string(), format!("{} {}", board.rows, board.cols)),
            ],
            rows: Vec::new(),
        }
    }

    fn largest_side(board: &ChessBoard) -> usize {
        usize::try_from(board.rows.max(board.cols)).unwrap_or(usize::MAX)
    }
}

fn check_sides(board: &ChessBoard) -> Result<(), Unsolved> {
    for side in [board.rows, board.cols] {
        if side == 0 || side > MAX_SIDE {
            return Err(Unsolved::TooLarge(format!(
                "{} × {}: sides must be between 1 and {MAX_SIDE}",
                board.rows, board.cols
            )));
        }
    }
    Ok(())
}

/// Whitespace-separated words of `text` with their byte offsets.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, text.get(s..i).unwrap_or("")));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// `N M` from the `size` property, with its diagnostics.
fn parse_size(prop: &Prop, diags: &mut Vec<Diagnostic>) -> Option<(u64, u64)> {
    let value = prop.value.as_str();
    let exact = prop.value_span.len() == value.len();
    let span_of = |offset: usize, word: &str| {
        if exact {
            let start = prop.value_span.start + offset;
            Span::new(start, start + word.len())
        } else {
            prop.value_span
        }
    };
    let parts = words(value);
    let well_formed = parts.len() == 2
        && parts
            .iter()
            .all(|(_, w)| w.bytes().all(|b| b.is_ascii_digit()));
    if !well_formed {
        diags.push(
            Diagnostic::error(
                "E502",
                prop.value_span,
                format!(
                    "`size` must be two whole numbers `N M`, found `{}`",
                    excerpt(value)
                ),
            )
            .with_help("for example `size = 5 5` (rows, then columns)"),
        );
        return None;
    }
    let mut sides = [0u64; 2];
    let mut refused = false;
    for ((offset, word), (slot, axis)) in parts.iter().zip(sides.iter_mut().zip(["N", "M"])) {
        let span = span_of(*offset, word);
        match word.parse::<u64>() {
            Ok(v) if (1..=MAX_SIDE).contains(&v) => {
                *slot = v;
                if !(ORIGINAL_MIN_SIDE..=ORIGINAL_MAX_SIDE).contains(&v) {
                    diags.push(Diagnostic::warning(
                        "W501",
                        span,
                        format!(
                            "{axis} = {v}: the original problem has {ORIGINAL_MIN_SIDE} ≤ N, M ≤ \
                             {ORIGINAL_MAX_SIDE}"
                        ),
                    ));
                }
            }
            Ok(0) => {
                refused = true;
                diags.push(Diagnostic::error(
                    "E503",
                    span,
                    format!("{axis} = 0: a board needs at least one row and one column"),
                ));
            }
            _ => {
                refused = true;
                diags.push(
                    Diagnostic::error(
                        "E503",
                        span,
                        format!(
                            "{axis} = {}: sides above {MAX_SIDE} are refused",
                            excerpt(word)
                        ),
                    )
                    .with_help(format!(
                        "the original problem has {ORIGINAL_MIN_SIDE} ≤ N, M ≤ {ORIGINAL_MAX_SIDE}"
                    )),
                );
            }
        }
    }
    (!refused).then_some((sides[0], sides[1]))
}

/// Why the closed form gives what it gives, in a sentence.
fn explain(board: &ChessBoard) -> String {
    let dx = board.rows.saturating_sub(1);
    let dy = board.cols.saturating_sub(1);
    let at_goal = if dx == 0 && dy == 0 {
        " (the piece already stands on (N,M), which counts as lost for the player to move, as \
         every arrival there does)"
    } else {
        ""
    };
    let text = match board.piece {
        Piece::King if dx.is_multiple_of(2) && dy.is_multiple_of(2) => format!(
            "king: dx = {dx} and dy = {dy} are both even; after any move of Bo, G steps back to \
             a cell with both distances even, and (N,M) is one, so G wins{at_goal}."
        ),
        Piece::King => format!(
            "king: dx = {dx} and dy = {dy} are not both even, so Bo steps to a cell where both \
             are, then answers G as G would have answered him: Bo wins."
        ),
        Piece::Rook if dx == dy => format!(
            "rook: dx = dy = {dx}; G repeats each of Bo's moves along the other axis, so G \
             wins{at_goal}."
        ),
        Piece::Rook => format!(
            "rook: dx = {dx} ≠ dy = {dy}; Bo makes them equal and then repeats G's moves along \
             the other axis: Bo wins."
        ),
        Piece::Knight => match knight_counts(dx, dy) {
            None => format!(
                "knight: dx + dy = {} is not a multiple of 3, so no knight moves reach (N,M): a \
                 draw.",
                u128::from(dx) + u128::from(dy)
            ),
            Some((a, b)) if a < 0 || b < 0 => format!(
                "knight: reaching (N,M) would take a = {a} moves (+1,+2) and b = {b} moves \
                 (+2,+1); a negative count means it cannot be reached: a draw."
            ),
            Some((a, b)) => {
                let counts = format!(
                    "knight: reaching (N,M) takes a = {a} moves (+1,+2) and b = {b} moves (+2,+1)"
                );
                match a.abs_diff(b) {
                    0 => format!(
                        "{counts}; with a = b, G answers each move with the other kind and makes \
                         the last one: G wins{at_goal}."
                    ),
                    1 => format!(
                        "{counts}; Bo first plays the kind there is more of, then answers like G \
                         would: Bo wins."
                    ),
                    _ => format!(
                        "{counts}; |a − b| ≥ 2, so the player who would lose can spoil the count \
                         and make (N,M) unreachable: a draw."
                    ),
                }
            }
        },
        Piece::Queen if is_wythoff_p(dx, dy) => {
            let k = dx.abs_diff(dy);
            format!(
                "queen: this is Wythoff's game, and ({dx},{dy}) is a Wythoff P-position (k = {k}: \
                 ⌊kφ⌋ = {}, ⌊kφ⌋ + k = {}); every move of Bo leaves a position from which G \
                 returns to one, so G wins{at_goal}.",
                floor_k_phi(k),
                floor_k_phi(k) + k
            )
        }
        Piece::Queen => format!(
            "queen: this is Wythoff's game, and ({dx},{dy}) is not a Wythoff P-position, so Bo \
             moves to one and wins."
        ),
    };
    format!("{text} (dx = N − 1, dy = M − 1.)")
}

// ---------------------------------------------------------------------------------------------
// The DP over cells: the outcome for the player to move at every cell.

const LOSS: u8 = 0;
const DRAW: u8 = 1;
const WIN: u8 = 2;

struct Table {
    piece: Piece,
    rows: usize,
    cols: usize,
    /// `LOSS`, `DRAW` or `WIN` for the player to move, row-major.
    values: Vec<u8>,
}

impl Table {
    /// What the map holds: a value and a mark a cell, and the DP's column and diagonal flags.
    fn bytes(board: &ChessBoard) -> usize {
        let (n, m) = (board.rows as usize, board.cols as usize);
        n.saturating_mul(m)
            .saturating_mul(1 + std::mem::size_of::<CellMark>())
            .saturating_add(n.saturating_add(m.saturating_mul(2)))
    }

    fn compute(board: &ChessBoard, budget: &Budget) -> Result<Table, Unsolved> {
        let (n, m) = (board.rows as usize, board.cols as usize);
        let mut values = vec![DRAW; n * m];
        // Whether a cell further along a column / diagonal is lost (bit 0) or drawn (bit 1)
        // for its mover; rook and queen moves reach any of them.
        let mut col = vec![0u8; m];
        let mut diag = vec![0u8; n + m];
        let long = matches!(board.piece, Piece::Rook | Piece::Queen);
        let steps: &[(usize, usize)] = match board.piece {
            Piece::King => &[(1, 0), (0, 1), (1, 1)],
            Piece::Knight => &[(1, 2), (2, 1)],
            Piece::Rook | Piece::Queen => &[],
        };
        let flag = |v: u8| match v {
            LOSS => 1u8,
            DRAW => 2,
            _ => 0,
        };
        for x in (0..n).rev() {
            if x.is_multiple_of(256) {
                budget.check_cancelled()?;
            }
            let mut row = 0u8;
            for y in (0..m).rev() {
                let d = y + n - 1 - x;
                let value = if x + 1 == n && y + 1 == m {
                    // The previous player moved the piece here and won.
                    LOSS
                } else {
                    let mut seen = 0u8;
                    let mut can_move = false;
                    for &(sx, sy) in steps {
                        let (tx, ty) = (x + sx, y + sy);
                        if tx < n && ty < m {
                            can_move = true;
                            seen |= flag(values.get(tx * m + ty).copied().unwrap_or(DRAW));
                        }
                    }
                    if long {
                        can_move = x + 1 < n || y + 1 < m;
                        seen |= row | col.get(y).copied().unwrap_or(0);
                        if board.piece == Piece::Queen {
                            seen |= diag.get(d).copied().unwrap_or(0);
                        }
                    }
                    if seen & 1 != 0 {
                        WIN
                    } else if seen & 2 != 0 || !can_move {
                        DRAW
                    } else {
                        LOSS
                    }
                };
                if let Some(slot) = values.get_mut(x * m + y) {
                    *slot = value;
                }
                row |= flag(value);
                if let Some(c) = col.get_mut(y) {
                    *c |= flag(value);
                }
                if let Some(g) = diag.get_mut(d) {
                    *g |= flag(value);
                }
            }
        }
        Ok(Table {
            piece: board.piece,
            rows: n,
            cols: m,
            values,
        })
    }

    fn value(&self, x: usize, y: usize) -> u8 {
        self.values.get(x * self.cols + y).copied().unwrap_or(DRAW)
    }

    /// Every move from (x, y), the nearest first along each line.
    fn moves(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let (n, m) = (self.rows, self.cols);
        let inside = |&(tx, ty): &(usize, usize)| tx < n && ty < m;
        match self.piece {
            Piece::King => [(x + 1, y), (x, y + 1), (x + 1, y + 1)]
                .into_iter()
                .filter(inside)
                .collect(),
            Piece::Knight => [(x + 1, y + 2), (x + 2, y + 1)]
                .into_iter()
                .filter(inside)
                .collect(),
            Piece::Rook | Piece::Queen => {
                let mut out: Vec<(usize, usize)> = (x + 1..n).map(|tx| (tx, y)).collect();
                out.extend((y + 1..m).map(|ty| (x, ty)));
                if self.piece == Piece::Queen {
                    out.extend((1..).map(|k| (x + k, y + k)).take_while(inside));
                }
                out
            }
        }
    }

    /// A move that keeps the mover's outcome: straight to (N,M) when possible.
    fn best_move(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let moves = self.moves(x, y);
        let goal = (self.rows - 1, self.cols - 1);
        let wanted = match self.value(x, y) {
            WIN => LOSS,
            DRAW => DRAW,
            _ => WIN,
        };
        if wanted == LOSS && moves.contains(&goal) {
            return Some(goal);
        }
        moves
            .into_iter()
            .find(|&(tx, ty)| self.value(tx, ty) == wanted)
    }

    fn describe(&self, x: usize, y: usize) -> Option<String> {
        if x >= self.rows || y >= self.cols {
            return None;
        }
        let here = format!("({},{})", x + 1, y + 1);
        let start = if x == 0 && y == 0 {
            " Bo moves first from here."
        } else {
            ""
        };
        if x + 1 == self.rows && y + 1 == self.cols {
            return Some(format!(
                "{here}: the goal. Whoever moves the {} here wins, so the player to move here \
                 has already lost.{start}",
                self.piece.name()
            ));
        }
        let to = |(tx, ty): (usize, usize)| format!("({},{})", tx + 1, ty + 1);
        let best = self.best_move(x, y);
        let text = match (self.value(x, y), best) {
            (WIN, Some(mv)) if mv == (self.rows - 1, self.cols - 1) => format!(
                "the player to move here wins: move straight to the goal {}",
                to(mv)
            ),
            (WIN, Some(mv)) => format!(
                "the player to move here wins: move to {}, where the other player loses",
                to(mv)
            ),
            (DRAW, None) => {
                "no move is possible and the piece is not on the goal: a draw".to_string()
            }
            (DRAW, Some(mv)) => format!(
                "the player to move here cannot win but can hold a draw, e.g. by moving to {}",
                to(mv)
            ),
            (_, Some(mv)) => format!(
                "the player to move here loses: every move lets the other player win (e.g. {})",
                to(mv)
            ),
            (_, None) => "the player to move here loses".to_string(),
        };
        Some(format!("{here}: {text}.{start}"))
    }

    fn mark(value: u8) -> CellMark {
        match value {
            WIN => CellMark::Win,
            DRAW => CellMark::Draw,
            _ => CellMark::Lose,
        }
    }

    fn into_cell_map(self) -> CellMap {
        let marks = self.values.iter().map(|&v| Table::mark(v)).collect();
        CellMap {
            rows: self.rows,
            cols: self.cols,
            marks,
            describe: Box::new(move |x, y| self.describe(x, y)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Judge input: `T`, then `type N M` per test.

fn read_tests(input: &mut Reader<'_>) -> Result<usize, JudgeError> {
    let t = input.number(1, MAX_TESTS as u64, || "the number of tests T".into())?;
    Ok(t as usize)
}

#[inline(always)]
fn read_query(input: &mut Reader<'_>, test: usize) -> Result<ChessBoard, JudgeError> {
    let kind = input.number(1, 4, || format!("the piece type of test {test}"))?;
    let rows = input.number(1, MAX_SIDE, || format!("N (rows) of test {test}"))?;
    let cols = input.number(1, MAX_SIDE, || format!("M (columns) of test {test}"))?;
    let piece = Piece::from_number(kind).unwrap_or(Piece::King);
    Ok(ChessBoard { piece, rows, cols })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_k_phi_matches_the_first_wythoff_pairs() {
        let lower: Vec<u64> = (0..8).map(floor_k_phi).collect();
        assert_eq!(lower, [0, 1, 3, 4, 6, 8, 9, 11]);
        assert!(is_wythoff_p(3, 5) && is_wythoff_p(5, 3) && !is_wythoff_p(4, 4));
    }

    #[test]
    fn the_sample_and_the_knight_trap() {
        let b = |piece, rows, cols| ChessBoard { piece, rows, cols };
        assert_eq!(outcome(&b(Piece::King, 5, 5)), Outcome::G);
        assert_eq!(outcome(&b(Piece::Rook, 5, 5)), Outcome::G);
        assert_eq!(outcome(&b(Piece::Knight, 5, 5)), Outcome::Draw);
        assert_eq!(outcome(&b(Piece::Queen, 5, 5)), Outcome::Bo);
        assert_eq!(outcome(&b(Piece::Knight, 2, 6)), Outcome::Draw);
    }
}
