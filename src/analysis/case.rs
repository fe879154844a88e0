//! Generic checks of one case (game id, keys, grid shape, cell alphabet, `expect` form) and
//! the hand-over to the game's own validation.

use super::codes;
use crate::bytes::AsciiSet;
use crate::diag::Diagnostic;
use crate::games::play::Position;
use crate::games::{AnyBoard, CaseInput, GameId, GridRows, GridRule, Prop};
use crate::span::Span;
use crate::syntax::{self, Spanned};
use crate::text::closest;
use std::hash::{Hash, Hasher};

/// `expect = …` of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    pub raw: String,
    /// The canonical answer, when the value has the right form.
    pub canonical: Option<String>,
    pub value_span: Span,
    /// The whole property line, for fixes that replace it.
    pub prop_span: Span,
}

/// One case after the generic checks and the game's validation, ready to solve.
#[derive(Clone, Debug)]
pub struct CaseAnalysis {
    pub index: usize,
    pub span: Span,
    pub header: Span,
    pub name: Option<Spanned<smol_str::SmolStr>>,
    pub game: Option<GameId>,
    pub expect: Option<Expect>,
    /// The validated board; `None` when the case has errors that stop solving.
    pub board: Option<AnyBoard>,
    /// Byte offset of each grid row's first cell, and the grid's width.
    pub row_starts: Vec<usize>,
    pub cols: usize,
    /// Hash of what decides the answer (game, grid, properties but `expect`): the cache key.
    pub content_key: u64,
    /// The position after `moves = …`, when the case has moves and every one is legal: the
    /// case is then this position, solved from there.
    pub position: Option<Position>,
    /// The board before the moves when the case has `moves = …`, kept when a move is illegal
    /// (completion offers the legal moves from it).
    pub start: Option<AnyBoard>,
}

impl CaseAnalysis {
    /// Zero-based (row, column) of the grid cell at `offset`, if there is one.
    pub(crate) fn cell_at(&self, offset: usize) -> Option<(usize, usize)> {
        let row = self
            .row_starts
            .iter()
            .position(|&start| start <= offset && offset < start + self.cols)?;
        Some((row, offset - self.row_starts[row]))
    }

    /// The name for people: `zgame "sample 1"` or `case 3`.
    /// Whether a finding starting at `offset` is this case's own (its span, half-open, so that
    /// the next header belongs to the next case; an empty span owns its one offset).
    pub fn owns(&self, offset: usize) -> bool {
        (self.span.start..self.span.end.max(self.span.start + 1)).contains(&offset)
    }

    pub fn title(&self) -> String {
        let game = self.game.map_or("?", GameId::as_str);
        match &self.name {
            Some(name) => format!("{game} \"{}\"", name.value),
            None => format!("{game} case {}", self.index + 1),
        }
    }
}

pub(crate) fn analyse_case(
    source: &str,
    index: usize,
    case: &syntax::Case,
    diags: &mut Vec<Diagnostic>,
) -> CaseAnalysis {
    let game = case.header.game.as_ref().and_then(|g| {
        let id = GameId::from_name(&g.value);
        if id.is_none() {
            diags.push(
                Diagnostic::error(
                    codes::UNKNOWN_GAME,
                    g.span,
                    format!("unknown game `{}`", g.value),
                )
                .with_help(suggest_game(&g.value)),
            );
        }
        id
    });
    let mut analysis = CaseAnalysis {
        index,
        span: case.span,
        header: case.header.span,
        name: case.header.name.clone(),
        game,
        expect: None,
        board: None,
        row_starts: case.rows.iter().map(|r| r.span.start).collect(),
        cols: case.rows.first().map_or(0, |r| r.span.len()),
        content_key: content_key(source, case),
        position: None,
        start: None,
    };
    let Some(game) = game else { return analysis };
    let spec = game.spec();
    // Unknown or repeated keys and a malformed `expect` do not change the board: solve anyway.
    let mut blocked = false;

    let (props, missing_key) = known_props(game, case, diags);
    blocked |= missing_key;
    if let Some(p) = props.iter().find(|p| p.key == "expect") {
        let canonical = match game.parse_answer(p.value) {
            Ok(answer) => Some(answer),
            Err(why) => {
                let span = if p.value_span.is_empty() {
                    p.key_span.cover(p.value_span)
                } else {
                    p.value_span
                };
                diags.push(
                    Diagnostic::error(
                        codes::BAD_EXPECT,
                        span,
                        format!("bad `expect` for {game}: {why}"),
                    )
                    .with_help(format!(
                        "answers for {game} are made of {}",
                        spec.answers.join(", ")
                    )),
                );
                None
            }
        };
        analysis.expect = Some(Expect {
            raw: p.value.to_string(),
            canonical,
            value_span: p.value_span,
            prop_span: p.key_span.cover(p.value_span),
        });
    }
    let moves = case
        .props
        .iter()
        .find(|p| p.key.value == MOVES)
        .map(syntax::Property::words);
    let game_props: Vec<Prop> = props
        .into_iter()
        .filter(|p| p.key != "expect" && p.key != MOVES)
        .collect();

    let has_grid = match spec.grid {
        GridRule::Required => {
            if case.rows.is_empty() {
                blocked = true;
                diags.push(Diagnostic::error(
                    codes::MISSING_GRID,
                    case.header.span,
                    format!("{game} case has no grid rows (cells: {})", spec.cells_doc),
                ));
                false
            } else {
                let cells_ok = check_grid(game, source, &case.rows, diags);
                blocked |= !cells_ok;
                cells_ok
            }
        }
        GridRule::Forbidden => {
            if let (Some(first), Some(last)) = (case.rows.first(), case.rows.last()) {
                blocked = true;
                diags.push(Diagnostic::error(
                    codes::UNEXPECTED_GRID,
                    first.span.cover(last.span),
                    format!("{game} takes no grid rows; describe the board with properties"),
                ));
            }
            false
        }
    };
    if blocked {
        return analysis;
    }
    let input = CaseInput {
        header: case.header.span,
        grid: has_grid.then(|| {
            GridRows::in_text(source, &analysis.row_starts, analysis.cols)
                .expect("the checked rows are spans of the text, `cols` cells each")
        }),
        row_starts: &analysis.row_starts,
        props: &game_props,
    };
    let errors_before = count_errors(diags);
    let board = game.board(input, diags);
    if count_errors(diags) == errors_before {
        analysis.board = board;
    }
    if let (Some(board), Some(moves)) = (&analysis.board, moves)
        && !moves.is_empty()
    {
        analysis.start = Some(board.clone());
        analysis.position = play_moves(board, &moves, diags);
        if analysis.position.is_none() {
            analysis.board = None;
        }
    }
    analysis
}

/// The generic key holding the moves played from the start.
pub const MOVES: &str = "moves";

/// The position after `moves`, or `None` with an error on the first move that cannot be played.
fn play_moves(
    board: &AnyBoard,
    moves: &[Spanned<String>],
    diags: &mut Vec<Diagnostic>,
) -> Option<Position> {
    let game = board.game();
    let mut position = board.start();
    for (i, token) in moves.iter().enumerate() {
        match position.play(&token.value) {
            Ok(next) => position = next,
            Err(why) => {
                diags.push(
                    Diagnostic::error(
                        codes::ILLEGAL_MOVE,
                        token.span,
                        format!("move {} ({} to move): {why}", i + 1, position.to_move()),
                    )
                    .with_help(format!("a {game} move is {}", game.move_notation())),
                );
                return None;
            }
        }
    }
    Some(position)
}

fn count_errors(diags: &[Diagnostic]) -> usize {
    diags
        .iter()
        .filter(|d| d.severity == crate::diag::Severity::Error)
        .count()
}

/// Properties the game knows, each once, and whether a required key is missing (reported).
fn known_props<'a>(
    game: GameId,
    case: &'a syntax::Case,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Prop<'a>>, bool) {
    let mut missing = false;
    let spec = game.spec();
    let mut props: Vec<Prop> = Vec::new();
    for p in &case.props {
        let key = p.key.value.as_str();
        let known = key == "expect" || key == MOVES || spec.keys.iter().any(|k| k.name == key);
        if !known {
            let mut valid: Vec<&str> = spec.keys.iter().map(|k| k.name).collect();
            valid.extend(["expect", MOVES]);
            diags.push(
                Diagnostic::error(
                    codes::UNKNOWN_KEY,
                    p.key.span,
                    format!("{game} has no key `{key}`"),
                )
                .with_help(format!("keys of {game}: {}", valid.join(", "))),
            );
        } else if let Some(first) = props.iter().find(|q| q.key == key) {
            diags.push(
                Diagnostic::error(
                    codes::DUPLICATE_KEY,
                    p.key.span,
                    format!("`{key}` is set twice in this case"),
                )
                .with_help("the first one is used; delete this line")
                .with_related(first.key_span, format!("the first `{key}` is here")),
            );
        } else {
            props.push(Prop {
                key,
                value: p.value.value.as_str(),
                key_span: p.key.span,
                value_span: p.value.span,
            });
        }
    }
    for k in spec.keys.iter().filter(|k| k.required) {
        if !props.iter().any(|p| p.key == k.name) {
            missing = true;
            let help = if k.values.is_empty() {
                format!("add `{} = …`: {}", k.name, k.doc)
            } else {
                format!("add `{} = …` ({})", k.name, k.values.join(" | "))
            };
            diags.push(
                Diagnostic::error(
                    codes::MISSING_KEY,
                    case.header.span,
                    format!("{game} case needs `{}`", k.name),
                )
                .with_help(help),
            );
        }
    }
    (props, missing)
}

/// A game's cell alphabet. Cells are ASCII: a byte above 127 is never one.
fn cell_set(is_cell: fn(u8) -> bool) -> AsciiSet {
    AsciiSet::new(&std::array::from_fn(|b| is_cell(b as u8)))
}

/// Whether every cell is in the alphabet and the rows are equally long (each wrong one is
/// reported).
fn check_grid(
    game: GameId,
    source: &str,
    rows: &[syntax::Row],
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let spec = game.spec();
    let alphabet = cell_set(spec.is_cell);
    let mut ok = true;
    let mut widths = Vec::with_capacity(rows.len());
    for row in rows {
        let text = row.text(source);
        // The usual row, all cells, in one pass; any other is looked at closely.
        if alphabet.contains_all(text.as_bytes()) {
            widths.push(text.len());
            continue;
        }
        widths.push(
            text.chars()
                .filter(|c| !syntax::ROW_SPACE.contains(c))
                .count(),
        );
        // Whitespace inside a row is a syntax error of its own; the row is not read.
        ok &= !text.contains(syntax::ROW_SPACE);
        let bad: Vec<(usize, char)> = text
            .char_indices()
            .filter(|&(_, ch)| {
                let cell = ch.is_ascii() && alphabet.contains(ch as u8);
                !cell && !syntax::ROW_SPACE.contains(&ch)
            })
            .collect();
        if let Some(&(at, ch)) = bad.first() {
            ok = false;
            let start = row.span.start + at;
            let more = match bad.len() {
                1 => String::new(),
                n => format!(" (and {} more in this row)", n - 1),
            };
            diags.push(
                Diagnostic::error(
                    codes::BAD_CELL,
                    Span::new(start, start + ch.len_utf8()),
                    format!("`{}` is not a {game} cell{more}", ch.escape_debug()),
                )
                .with_help(format!("{game} cells are {}", spec.cells_doc)),
            );
        }
    }
    let width = widths.first().copied().unwrap_or(0);
    let first_span = rows.first().map_or(Span::default(), |r| r.span);
    for (row, &len) in rows.iter().zip(&widths).skip(1) {
        if len != width {
            ok = false;
            diags.push(
                Diagnostic::error(
                    codes::RAGGED_ROW,
                    row.span,
                    format!("row has {len} cells, the first row has {width}"),
                )
                .with_related(first_span, format!("the first row, {width} cells")),
            );
        }
    }
    ok
}

/// Hash of what decides the answer: the game, the properties but `expect`, the grid. `FxHash`
/// for the few words; XXH3 for the cells, every one hashed at each analysis (2.5 MB for ten
/// 500×500 boards): 32 bytes at a time where `FxHash` takes 8. Not `SipHash`: no one chooses
/// contents to collide in a cache.
fn content_key(source: &str, case: &syntax::Case) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    case.header.game.as_ref().map(|g| &g.value).hash(&mut h);
    for p in case.props.iter().filter(|p| p.key.value != "expect") {
        (&p.key.value, &p.value.value).hash(&mut h);
    }
    grid_hash(source, &case.rows).hash(&mut h);
    h.finish()
}

/// The rows' hash, in one pass over their text when only line breaks part them (as in almost
/// every grid), row by row when something else does (a comment, which decides nothing). The
/// two differ for the same cells, as do line break styles: a cache misses once, never mixes
/// two grids up.
fn grid_hash(source: &str, rows: &[syntax::Row]) -> u64 {
    let bytes = source.as_bytes();
    let only_breaks = rows.windows(2).all(|pair| {
        bytes[pair[0].span.end..pair[1].span.start]
            .iter()
            .all(|&b| b == b'\n' || b == b'\r')
    });
    match (rows.first(), rows.last()) {
        // No grid (chess): a streaming hasher would allocate its buffer for nothing.
        (None, _) => 0,
        (Some(first), Some(last)) if only_breaks => {
            twox_hash::XxHash3_64::oneshot(&bytes[first.span.start..last.span.end])
        }
        _ => {
            let mut h = twox_hash::XxHash3_64::default();
            for row in rows {
                row.text(source).hash(&mut h);
            }
            h.finish()
        }
    }
}

/// "did you mean" for a misspelt game id.
fn suggest_game(name: &str) -> String {
    let all: Vec<&str> = GameId::ALL.iter().map(|g| g.as_str()).collect();
    match closest(name, all.iter().copied()) {
        Some(g) => format!("did you mean `{g}`? games: {}", all.join(", ")),
        None => format!("games: {}", all.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::cell_set;
    use crate::games::GameId;
    use proptest::prelude::*;

    #[test]
    fn every_game_alphabet_is_its_cells_and_nothing_else() {
        for game in GameId::ALL {
            let is_cell = game.spec().is_cell;
            let alphabet = cell_set(is_cell);
            for b in 0..=255u8 {
                assert_eq!(
                    alphabet.contains(b),
                    b < 128 && is_cell(b),
                    "{game}: byte {b}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn a_row_is_all_cells_exactly_when_each_byte_is_one(
            game in proptest::sample::select(GameId::ALL.to_vec()),
            row in proptest::collection::vec(prop_oneof![any::<u8>(), b'.'..=b'B', b'0'..=b'1'], 0..80),
        ) {
            let is_cell = game.spec().is_cell;
            let by_byte = row.iter().all(|&b| b < 128 && is_cell(b));
            prop_assert_eq!(cell_set(is_cell).contains_all(&row), by_byte);
        }
    }
}
