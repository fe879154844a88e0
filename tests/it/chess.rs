//! chess (HDU 5754 Life Winner Bo): closed forms and the per-cell DP against a plain minimax over
//! cells, Wythoff positions against Zeckendorf representations, judge I/O and its errors, board
//! diagnostics (the original sample through `judge`: `tests/samples.rs`).

use crate::words::cells_named;
use boardls::diag::{Diagnostic, Severity};
use boardls::games::chess::{
    Chess, ChessBoard, MAP_MAX_CELLS, Outcome, Piece, is_wythoff_p, outcome,
};
use boardls::games::{Budget, CaseInput, CellMark, Game, Prop, Unsolved};
use boardls::span::Span;
use proptest::prelude::*;

// ---------------------------------------------------------------- brute force

/// The outcome for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Win,
    Lose,
    Draw,
}

/// Every move of `piece` from (x, y) on an n × m board, zero-based, spelled out.
fn moves(piece: Piece, n: usize, m: usize, x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut steps: Vec<(usize, usize)> = Vec::new();
    match piece {
        Piece::King => steps.extend([(1, 0), (0, 1), (1, 1)]),
        Piece::Knight => steps.extend([(1, 2), (2, 1)]),
        Piece::Rook | Piece::Queen => {
            for k in 1..n.max(m) {
                steps.push((k, 0));
                steps.push((0, k));
                if piece == Piece::Queen {
                    steps.push((k, k));
                }
            }
        }
    }
    steps
        .into_iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .filter(|&(tx, ty)| tx < n && ty < m)
        .collect()
}

/// Plain minimax over the cells of an n × m board (memoised per cell).
struct Brute {
    piece: Piece,
    n: usize,
    m: usize,
    memo: Vec<Option<Value>>,
}

impl Brute {
    fn new(piece: Piece, n: usize, m: usize) -> Brute {
        Brute {
            piece,
            n,
            m,
            memo: vec![None; n * m],
        }
    }

    fn value(&mut self, x: usize, y: usize) -> Value {
        if let Some(v) = self.memo[x * self.m + y] {
            return v;
        }
        let v = if (x, y) == (self.n - 1, self.m - 1) {
            // The player who moved the piece here has won.
            Value::Lose
        } else {
            let children: Vec<Value> = moves(self.piece, self.n, self.m, x, y)
                .into_iter()
                .map(|(tx, ty)| self.value(tx, ty))
                .collect();
            if children.is_empty() {
                Value::Draw
            } else if children.contains(&Value::Lose) {
                Value::Win
            } else if children.contains(&Value::Draw) {
                Value::Draw
            } else {
                Value::Lose
            }
        };
        self.memo[x * self.m + y] = Some(v);
        v
    }
}

fn letter(v: Value) -> &'static str {
    match v {
        Value::Win => "B",
        Value::Lose => "G",
        Value::Draw => "D",
    }
}

fn mark(v: Value) -> CellMark {
    match v {
        Value::Win => CellMark::Win,
        Value::Lose => CellMark::Lose,
        Value::Draw => CellMark::Draw,
    }
}

fn board(piece: Piece, rows: u64, cols: u64) -> ChessBoard {
    ChessBoard { piece, rows, cols }
}

fn budget() -> Budget {
    Budget::unlimited()
}

// ---------------------------------------------------------------- exhaustive small boards

/// Every board up to 40 × 40, every piece: the closed form, the judge and every cell of the
/// DP's map against the brute force. The game from cell (x, y) of a 40 × 40 board is the game
/// on a (40 − x) × (40 − y) board, so one search per piece covers every size.
#[test]
fn every_board_up_to_40_by_40_matches_the_brute_force() {
    const S: usize = 40;
    for piece in Piece::ALL {
        let mut brute = Brute::new(piece, S, S);
        let mut input = String::new();
        let mut want = String::new();
        let mut queries = 0;
        for n in 1..=S {
            for m in 1..=S {
                let (ox, oy) = (S - n, S - m);
                let expected = letter(brute.value(ox, oy));
                let b = board(piece, n as u64, m as u64);
                assert_eq!(
                    Chess::answer(&b, &budget()).as_deref(),
                    Ok(expected),
                    "{piece:?} {n}×{m}"
                );
                let s = Chess::solve(&b, &budget()).expect("solvable");
                assert_eq!(s.answer, expected, "{piece:?} {n}×{m}");
                let cells = s.cells.expect("a map for small boards");
                assert_eq!((cells.rows, cells.cols), (n, m));
                for x in 0..n {
                    for y in 0..m {
                        assert_eq!(
                            cells.mark(x, y),
                            mark(brute.value(ox + x, oy + y)),
                            "{piece:?} {n}×{m} at ({},{})",
                            x + 1,
                            y + 1
                        );
                    }
                }
                if queries < 1000 && (n >= 2 && m >= 2) && (n * m) % 3 == 0 {
                    input.push_str(&format!("{} {n} {m}\n", piece.number()));
                    want.push_str(expected);
                    want.push('\n');
                    queries += 1;
                }
            }
        }
        let input = format!("{queries}\n{input}");
        assert_eq!(
            Chess::judge(&input, &budget()).ok().map(|run| run.output),
            Some(want),
            "{piece:?}"
        );
    }
}

/// Every cell's description names a move that keeps the mover's outcome.
#[test]
fn descriptions_name_a_move_that_keeps_the_outcome() {
    for piece in Piece::ALL {
        for (n, m) in [(7, 9), (12, 12), (3, 17), (1, 6), (2, 2)] {
            let mut brute = Brute::new(piece, n, m);
            let s = Chess::solve(&board(piece, n as u64, m as u64), &budget()).expect("solvable");
            let cells = s.cells.expect("a map");
            for x in 0..n {
                for y in 0..m {
                    let text = (cells.describe)(x, y).expect("a description");
                    let named = cells_named(&text);
                    assert_eq!(named.first(), Some(&(x, y)), "{text}");
                    let here = brute.value(x, y);
                    if (x, y) == (n - 1, m - 1) {
                        assert!(text.contains("the goal"), "{text}");
                        continue;
                    }
                    let words = match here {
                        Value::Win => "wins",
                        Value::Lose => "loses",
                        Value::Draw => "draw",
                    };
                    assert!(text.contains(words), "{text}");
                    let options = moves(piece, n, m, x, y);
                    if options.is_empty() {
                        assert!(text.contains("no move is possible"), "{text}");
                        continue;
                    }
                    let (tx, ty) = *named.get(1).unwrap_or_else(|| panic!("a move in {text}"));
                    assert!(options.contains(&(tx, ty)), "{piece:?} {text}");
                    let after = brute.value(tx, ty);
                    let keeps = match here {
                        Value::Win => after == Value::Lose,
                        Value::Draw => after == Value::Draw,
                        Value::Lose => after == Value::Win,
                    };
                    assert!(keeps, "{piece:?} {n}×{m}: {text}");
                }
            }
            assert_eq!((cells.describe)(n, 0), None);
        }
    }
}

// ---------------------------------------------------------------- random larger boards

fn pieces() -> impl Strategy<Value = Piece> {
    prop::sample::select(Piece::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Medium boards: closed form and every cell of the map against the brute force.
    #[test]
    fn medium_boards_match_the_brute_force(piece in pieces(), n in 1usize..=110, m in 1usize..=110) {
        let mut brute = Brute::new(piece, n, m);
        let s = Chess::solve(&board(piece, n as u64, m as u64), &budget()).expect("solvable");
        prop_assert_eq!(&*s.answer, letter(brute.value(0, 0)));
        let cells = s.cells.expect("a map");
        for x in 0..n {
            for y in 0..m {
                prop_assert_eq!(cells.mark(x, y), mark(brute.value(x, y)));
            }
        }
    }

    /// Up to the original limits: the map's start cell (the DP) agrees with the closed form.
    #[test]
    fn the_dp_agrees_with_the_closed_form(piece in pieces(), n in 1u64..=1000, m in 1u64..=1000) {
        let b = board(piece, n, m);
        let s = Chess::solve(&b, &budget()).expect("solvable");
        let start = s.cells.expect("a map up to 1000 × 1000").mark(0, 0);
        let from_dp = match start {
            CellMark::Win => "B",
            CellMark::Lose => "G",
            _ => "D",
        };
        prop_assert_eq!(from_dp, &*s.answer);
        prop_assert_eq!(Chess::answer(&b, &budget()).expect("solvable"), s.answer);
    }
}

// ---------------------------------------------------------------- Wythoff, exactly

/// Fibonacci numbers 1, 2, 3, 5, … (the Zeckendorf base).
fn fibs() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    loop {
        let next = f[f.len() - 1] + f[f.len() - 2];
        if next > 1 << 62 {
            return f;
        }
        f.push(next);
    }
}

/// The Zeckendorf digits of x > 0, lowest first (greedy).
fn zeckendorf(mut x: u64, fibs: &[u64]) -> Vec<bool> {
    let mut digits = vec![false; fibs.len()];
    for i in (0..fibs.len()).rev() {
        if fibs[i] <= x {
            digits[i] = true;
            x -= fibs[i];
        }
    }
    digits
}

/// An independent test of Wythoff P-positions: x > 0 is a lower Wythoff number iff its
/// Zeckendorf representation ends in an even number of zeros, and its partner is the same
/// representation shifted up one place.
fn wythoff_by_zeckendorf(x: u64, y: u64, fibs: &[u64]) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if a == 0 {
        return b == 0;
    }
    let digits = zeckendorf(a, fibs);
    let zeros = digits.iter().take_while(|d| !**d).count();
    if !zeros.is_multiple_of(2) {
        return false;
    }
    let partner: u64 = digits
        .iter()
        .enumerate()
        .filter(|(_, d)| **d)
        .map(|(i, _)| fibs[i + 1])
        .sum();
    b == partner
}

#[test]
fn wythoff_positions_agree_with_zeckendorf_up_to_1500() {
    let f = fibs();
    for x in 0..1500 {
        for y in 0..1500 {
            assert_eq!(
                is_wythoff_p(x, y),
                wythoff_by_zeckendorf(x, y, &f),
                "({x},{y})"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Big queens: exact, no floating point error, near P-positions too.
    #[test]
    fn big_queens_agree_with_zeckendorf(a in 1u64..=610_000_000, d in 0u64..=3, up in any::<bool>()) {
        let f = fibs();
        let digits = zeckendorf(a, &f);
        // The partner a lower Wythoff number would have, nudged by d.
        let partner: u64 = digits.iter().enumerate().filter(|(_, x)| **x).map(|(i, _)| f[i + 1]).sum();
        let b = if up { partner + d } else { partner.saturating_sub(d) };
        prop_assume!(b < 1_000_000_000);
        let want = wythoff_by_zeckendorf(a, b, &f);
        prop_assert_eq!(is_wythoff_p(a, b), want);
        let expected = if want { "G" } else { "B" };
        let q = board(Piece::Queen, a + 1, b + 1);
        prop_assert_eq!(Chess::answer(&q, &budget()).expect("solvable"), expected);
        let q = board(Piece::Queen, b + 1, a + 1);
        prop_assert_eq!(Chess::answer(&q, &budget()).expect("solvable"), expected);
    }
}

#[test]
fn the_largest_boards_are_answered_without_a_map() {
    let b = board(Piece::Queen, 1_000_000_000, 1_000_000_000);
    let s = Chess::solve(&b, &budget()).expect("solvable");
    assert_eq!(s.answer, "B");
    assert!(s.cells.is_none());
    // floor(k·phi) for k = 381966011 is 618033988 (phi = 1.6180339887498948…).
    assert!(is_wythoff_p(618_033_988, 618_033_988 + 381_966_011));
    let b = board(Piece::Queen, 618_033_989, 618_033_989 + 381_966_011);
    assert_eq!(Chess::answer(&b, &budget()).as_deref(), Ok("G"));
    // The map stops at MAP_MAX_CELLS.
    let s = Chess::solve(&board(Piece::King, 1000, 1000), &budget()).expect("solvable");
    assert!(s.cells.is_some() && 1000 * 1000 <= MAP_MAX_CELLS);
    let s = Chess::solve(&board(Piece::King, 1001, 1000), &budget()).expect("solvable");
    assert!(s.cells.is_none());
}

/// The closed forms need no memory: `answer` and `solve` agree under any cap, and `solve` draws
/// the map only when it fits, saying so when it does not.
#[test]
fn answer_and_solve_agree_on_each_side_of_the_memory_cap() {
    let b = board(Piece::Queen, 300, 200);
    let want = Chess::answer(&b, &budget()).expect("solvable");
    let mapped = |cap: usize| {
        let s = Chess::solve(&b, &Budget::unlimited().with_memory(cap)).expect("solvable");
        assert_eq!(s.answer, want, "cap {cap}");
        s
    };
    // The smallest cap that holds the map.
    let (mut lo, mut hi) = (0usize, 1usize << 30);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if mapped(mid).cells.is_some() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    assert!(lo > 0);
    for cap in [0, lo - 1, lo] {
        let capped = Budget::unlimited().with_memory(cap);
        assert_eq!(Chess::answer(&b, &capped).as_ref(), Ok(&want));
        let s = mapped(cap);
        assert_eq!(s.cells.is_some(), cap == lo);
        if cap < lo {
            let skipped = "No per-cell map: the per-cell map of a 300 × 200 board would need";
            assert!(
                s.why.text().contains(skipped) && s.why.text().ends_with("per solve."),
                "{}",
                s.why
            );
        }
    }
    let s = Chess::solve(&board(Piece::King, 1001, 1000), &budget()).expect("solvable");
    assert!(s.cells.is_none());
    assert!(
        s.why
            .text()
            .ends_with("No per-cell map: it is drawn for boards of at most 1000000 cells."),
        "{}",
        s.why
    );
}

// ---------------------------------------------------------------- judge I/O

#[test]
fn the_seeds_wrong_answers_are_right_here() {
    // The seed answers B for `3 2 6`, but (+1,+2)/(+2,+1) moves never reach (2,6); for the
    // queen it tests (N,M) instead of (N−1,M−1) and swaps the result (G for `4 5 5`, `4 4 8`).
    assert_eq!(
        Chess::judge("4\n3 2 6\n4 5 5\n4 4 8\n4 2 3\n", &budget())
            .ok()
            .map(|run| run.output)
            .as_deref(),
        Some("D\nB\nB\nG\n")
    );
}

#[test]
fn read_write_read_round_trip() {
    let input = include_str!("../data/samples/chess.in");
    let boards = Chess::read_judge(input).expect("the sample reads");
    assert_eq!(boards.len(), 4);
    assert_eq!(boards[3], board(Piece::Queen, 5, 5));
    let written = Chess::write_judge(&boards);
    assert_eq!(written, input);
    assert_eq!(Chess::read_judge(&written), Ok(boards));
}

#[test]
fn spaces_line_ends_and_a_byte_order_mark_are_accepted() {
    let input = "\u{feff}2\r\n  1 5\t5\r\n\r\n4 5 5";
    assert_eq!(
        Chess::judge(input, &budget())
            .ok()
            .map(|run| run.output)
            .as_deref(),
        Some("G\nB\n")
    );
}

#[test]
fn malformed_input_names_the_line() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "",
            1,
            "expected the number of tests T, found the end of the input",
        ),
        (
            "T\n",
            1,
            "the number of tests T: expected a whole number, found `T`",
        ),
        (
            "1001\n",
            1,
            "the number of tests T must be between 1 and 1000, found 1001",
        ),
        (
            "1\n5 5 5\n",
            2,
            "the piece type of test 1 must be between 1 and 4, found 5",
        ),
        (
            "2\n1 5 5\n1 5\n",
            3,
            "expected M (columns) of test 2, found the end of the input",
        ),
        (
            "2\n1 5 5\n1 5\n\n\n",
            3,
            "expected M (columns) of test 2, found the end",
        ),
        (
            "1\n1 5 x\n",
            2,
            "M (columns) of test 1: expected a whole number, found `x`",
        ),
        (
            "1\n1 5 -3\n",
            2,
            "M (columns) of test 1: expected a whole number, found `-3`",
        ),
        ("1\n1 5 5x\n", 2, "found `5x`"),
        (
            "1\n4 0 5\n",
            2,
            "N (rows) of test 1 must be between 1 and 1000000000, found 0",
        ),
        (
            "1\n4 99999999999999999999999 5\n",
            2,
            "N (rows) of test 1 must be between 1 and 1000000000, found 99999999999999999999999",
        ),
        (
            "1\n4 4000000000 3\n",
            2,
            "must be between 1 and 1000000000, found 4000000000",
        ),
        (
            "1\n1 5 5 extra\n",
            2,
            "unexpected `extra` after the last test",
        ),
        ("3\n1 5 5\n2 5 5\n3 5 é\n", 4, "found `é`"),
    ];
    for &(input, line, message) in cases {
        let err = Chess::read_judge(input).expect_err(input);
        assert_eq!(err.line, line, "{input:?}: {err}");
        assert!(err.message.contains(message), "{input:?}: {err}");
        match Chess::judge(input, &budget()) {
            Err(e) => assert_eq!(e, err, "{input:?}"),
            other => panic!("{input:?}: judge gave {other:?}"),
        }
    }
}

// ---------------------------------------------------------------- the `.board` side

fn prop<'a>(key: &'a str, value: &'a str, at: usize) -> Prop<'a> {
    let value_start = at + key.len() + 3;
    Prop {
        key,
        value,
        key_span: Span::new(at, at + key.len()),
        value_span: Span::new(value_start, value_start + value.len()),
    }
}

/// `piece = …` at offset 20 and `size = …` at offset 40.
fn check_case(piece: Option<&str>, size: Option<&str>) -> (Option<ChessBoard>, Vec<Diagnostic>) {
    let mut props = Vec::new();
    if let Some(p) = piece {
        props.push(prop("piece", p, 20));
    }
    if let Some(s) = size {
        props.push(prop("size", s, 40));
    }
    let input = CaseInput {
        header: Span::new(0, 7),
        grid: None,
        row_starts: &[],
        props: &props,
    };
    let mut diags = Vec::new();
    let board = Chess::board(input, &mut diags);
    (board, diags)
}

/// `size = ` puts the value at 47.
const SIZE_AT: usize = 47;

#[test]
fn valid_cases_have_no_diagnostics() {
    for (name, piece) in [
        ("queen", Piece::Queen),
        ("Knight", Piece::Knight),
        ("1", Piece::King),
        ("2", Piece::Rook),
        ("3", Piece::Knight),
        ("4", Piece::Queen),
    ] {
        let (b, diags) = check_case(Some(name), Some("5 7"));
        assert_eq!(b, Some(board(piece, 5, 7)));
        assert!(diags.is_empty(), "{diags:?}");
    }
}

#[test]
fn an_unknown_piece_lists_the_valid_ones() {
    let (b, diags) = check_case(Some("bishop"), Some("5 5"));
    assert_eq!(b, None);
    assert_eq!(diags.len(), 1);
    assert_eq!(
        (diags[0].severity, diags[0].code),
        (Severity::Error, "E501")
    );
    assert_eq!(diags[0].span, Span::new(28, 34));
    let help = diags[0].help.as_deref().unwrap_or("");
    for name in ["king (1)", "rook (2)", "knight (3)", "queen (4)"] {
        assert!(help.contains(name), "{help}");
    }
    let (_, diags) = check_case(Some("5"), Some("5 5"));
    assert_eq!(diags[0].code, "E501");
}

#[test]
fn a_malformed_size_is_an_error() {
    for size in ["5", "5 x", "5 5 5", "", "5x5", "-5 5", "5.0 5"] {
        let (b, diags) = check_case(Some("king"), Some(size));
        assert_eq!(b, None, "{size}");
        assert_eq!(diags.len(), 1, "{size}");
        assert_eq!(
            (diags[0].severity, diags[0].code),
            (Severity::Error, "E502"),
            "{size}"
        );
        assert!(
            diags[0].message.contains("two whole numbers"),
            "{}",
            diags[0].message
        );
    }
}

#[test]
fn sides_above_a_billion_are_refused() {
    let (b, diags) = check_case(Some("queen"), Some("4000000000 3"));
    assert_eq!(b, None);
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    // 3 is a legal side for the original: only the refusal.
    assert_eq!(codes, ["E503"]);
    assert!(
        diags[0]
            .message
            .contains("N = 4000000000: sides above 1000000000 are refused"),
        "{}",
        diags[0].message
    );
    assert_eq!(diags[0].span, Span::new(SIZE_AT, SIZE_AT + 10));

    let (b, diags) = check_case(Some("queen"), Some("3 99999999999999999999999"));
    assert_eq!(b, None);
    assert_eq!(diags[0].code, "E503");
    assert_eq!(diags[0].span, Span::new(SIZE_AT + 2, SIZE_AT + 25));

    let (b, diags) = check_case(Some("queen"), Some("0 3"));
    assert_eq!(b, None);
    assert_eq!(diags[0].code, "E503");
    assert!(diags[0].message.contains("N = 0"), "{}", diags[0].message);

    assert!(matches!(
        Chess::solve(&board(Piece::King, 4_000_000_000, 3), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
    assert!(matches!(
        Chess::answer(&board(Piece::King, 0, 3), &budget()),
        Err(Unsolved::TooLarge(_))
    ));
}

#[test]
fn sides_outside_the_original_limits_are_warnings() {
    let (b, diags) = check_case(Some("rook"), Some("1 2000"));
    assert_eq!(b, Some(board(Piece::Rook, 1, 2000)));
    let found: Vec<(Severity, &str, Span)> =
        diags.iter().map(|d| (d.severity, d.code, d.span)).collect();
    assert_eq!(
        found,
        [
            (Severity::Warning, "W501", Span::new(SIZE_AT, SIZE_AT + 1)),
            (
                Severity::Warning,
                "W501",
                Span::new(SIZE_AT + 2, SIZE_AT + 6)
            ),
        ]
    );
    let (_, diags) = check_case(Some("rook"), Some("2 1000"));
    assert!(diags.is_empty());
    let (_, diags) = check_case(Some("rook"), Some("1001 1000"));
    assert_eq!(diags.len(), 1);
    for code in ["E501", "E502", "E503", "W501"] {
        assert!(Chess::SPEC.codes.iter().any(|(c, _)| *c == code), "{code}");
    }
}

#[test]
fn missing_keys_give_no_board_and_leave_the_message_to_the_generic_check() {
    let (b, diags) = check_case(None, Some("5 5"));
    assert_eq!(b, None);
    assert!(diags.is_empty());
    let (b, diags) = check_case(Some("king"), None);
    assert_eq!(b, None);
    assert!(diags.is_empty());
}

#[test]
fn expect_values_are_one_letter() {
    assert_eq!(Chess::parse_answer("G"), Ok("G".into()));
    assert_eq!(Chess::parse_answer(" d "), Ok("D".into()));
    let err = Chess::parse_answer("Bo").unwrap_err();
    assert!(
        err.contains("`B` (Bo wins)") && err.contains("`Bo`"),
        "{err}"
    );
    assert!(Chess::parse_answer("").is_err());
}

#[test]
fn to_case_writes_piece_and_size() {
    let body = Chess::to_case(&board(Piece::Knight, 3, 8));
    assert_eq!(
        body.props,
        [
            ("piece".to_string(), "knight".to_string()),
            ("size".to_string(), "3 8".to_string())
        ]
    );
    assert!(body.rows.is_empty());
}

// ---------------------------------------------------------------- explanations

#[test]
fn why_texts_give_the_reason() {
    let why = |p, n, m| {
        Chess::solve(&board(p, n, m), &budget())
            .expect("solvable")
            .why
            .text()
            .into_owned()
    };
    let text = why(Piece::Queen, 5, 5);
    assert!(
        text.contains("queen: this is Wythoff's game, and (4,4) is not a Wythoff P-position, so Bo moves to one and wins"),
        "{text}"
    );
    // Bo's winning move from (1,1) on 5 × 5 is the diagonal to the goal.
    assert!(text.contains("Bo's first move: to (5,5)"), "{text}");
    let text = why(Piece::Queen, 2, 3);
    assert!(
        text.contains("(1,2) is a Wythoff P-position (k = 1"),
        "{text}"
    );
    let text = why(Piece::Knight, 2, 6);
    assert!(text.contains("b = -1"), "{text}");
    assert!(text.contains("a draw"), "{text}");
    let text = why(Piece::Knight, 5, 5);
    assert!(text.contains("not a multiple of 3"), "{text}");
    let text = why(Piece::Rook, 5, 5);
    assert!(text.contains("dx = dy = 4"), "{text}");
    let text = why(Piece::King, 4, 5);
    assert!(text.contains("not both even"), "{text}");

    let s = Chess::solve(&board(Piece::Queen, 5, 5), &budget()).expect("solvable");
    assert_eq!((&*s.answer, &*s.lens), ("B", "Bo wins"));
    assert_eq!(outcome(&board(Piece::Queen, 5, 5)), Outcome::Bo);
    let s = Chess::solve(&board(Piece::Knight, 5, 5), &budget()).expect("solvable");
    assert_eq!((&*s.answer, &*s.lens), ("D", "draw"));
    let cells = s.cells.expect("a map");
    let text = (cells.describe)(0, 0).expect("a description");
    assert!(text.contains("Bo moves first from here"), "{text}");
}

/// The answer path writes its reason only when read: the same sentence as the full solve's,
/// without the map's extra, and a wrong `expect` shows it in its help.
#[test]
fn the_answer_paths_reason_is_written_when_read() {
    for (piece, n, m) in [
        (Piece::Queen, 2, 3),
        (Piece::Rook, 5, 5),
        (Piece::Knight, 2, 6),
        (Piece::King, 4, 5),
    ] {
        let b = board(piece, n, m);
        let full = Chess::solve(&b, &budget())
            .expect("solvable")
            .why
            .text()
            .into_owned();
        let answer = Chess::solve_answer(&b, &budget()).expect("solvable");
        let reason = answer.why.text().into_owned();
        assert!(
            !reason.is_empty() && full.starts_with(&reason),
            "{reason} / {full}"
        );
        assert_eq!(format!("{:?}", answer.why), format!("{reason:?}"));
    }
    let text = "[chess]\npiece = rook\nsize = 3 3\nexpect = B\n";
    let checked = boardls::analysis::check_in_parallel(
        text,
        &boardls::config::Config::default(),
        &boardls::analysis::SolveCache::new(),
    );
    let wrong = checked
        .diagnostics
        .iter()
        .find(|d| d.code == "E210")
        .expect("a wrong expect");
    let help = wrong.help.as_deref().unwrap_or("");
    assert!(
        help.contains("rook: dx = dy = 2; G repeats each of Bo's moves along the other axis"),
        "{help}"
    );
}
