//! Completion: game ids after `[`, keys at a line's start in a case, values after `key =`.

use super::Fixture;
use crate::ide::completion::completions;
use expect_test::{Expect, expect};

/// Each item: label, kind, what it replaces, detail.
fn check(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let actual: String = completions(&f.view(), f.cursor)
        .iter()
        .map(|c| {
            let detail = c.detail.as_deref().unwrap_or("-");
            format!(
                "{} ({:?}) replaces {} — {detail}\n",
                c.label,
                c.kind,
                f.quote(c.replace)
            )
        })
        .collect();
    expect.assert_eq(if actual.is_empty() {
        "nothing\n"
    } else {
        &actual
    });
}

#[test]
fn game_ids_after_a_bracket() {
    check(
        "[zg$0",
        expect![[r#"
        zgame (Game) replaces "zg" — Z-Game on grid (Nowcoder 2022 multi-school 6, M)
        race (Game) replaces "zg" — BalticOI 2008 Game
        chess (Game) replaces "zg" — HDU 5754 Life Winner Bo
        tetris (Game) replaces "zg" — HDU 1760 A New Tetris Game
        strings (Game) replaces "zg" — Codeforces 354B Game with Strings
    "#]],
    );
    check(
        "[zgame \"x$0",
        expect![[r#"
        nothing
    "#]],
    );
}

#[test]
fn keys_at_line_start_without_those_already_set() {
    check(
        "[chess]\n$0",
        expect![[r#"
            piece (Key) replaces "" — chess key
            size (Key) replaces "" — chess key
            expect (Key) replaces "" — chess key
            moves (Key) replaces "" — chess key
        "#]],
    );
    check(
        "[chess]\npiece = king\n  si$0",
        expect![[r#"
            size (Key) replaces "si" — chess key
            expect (Key) replaces "si" — chess key
            moves (Key) replaces "si" — chess key
        "#]],
    );
    check(
        "[zgame]\n...\n$0",
        expect![[r#"
            expect (Key) replaces "" — zgame key
            moves (Key) replaces "" — zgame key
        "#]],
    );
}

#[test]
fn nothing_on_a_header_in_a_comment_outside_a_case_or_mid_row() {
    for fixture in [
        "[zgame] $0",
        "[zgame]\n// $0",
        "$0\n[zgame]",
        "[zgame]\n..$0.",
        "[zgame]\n.B$0",
    ] {
        check(
            fixture,
            expect![[r#"
            nothing
        "#]],
        );
    }
}

#[test]
fn values_after_the_equals_sign() {
    check(
        "[chess]\npiece = kn$0",
        expect![[r#"
        king (Value) replaces "kn" — piece for chess
        rook (Value) replaces "kn" — piece for chess
        knight (Value) replaces "kn" — piece for chess
        queen (Value) replaces "kn" — piece for chess
    "#]],
    );
    check(
        "[zgame]\nexpect = yes n$0",
        expect![[r#"
        yes (Value) replaces "n" — expect for zgame
        no (Value) replaces "n" — expect for zgame
    "#]],
    );
    check(
        "[race]\nexpect =$0",
        expect![[r#"
        A (Value) replaces "" — expect for race
        B (Value) replaces "" — expect for race
    "#]],
    );
    check(
        "[chess]\nsize = $0",
        expect![[r#"
        nothing
    "#]],
    );
}

#[test]
fn nothing_inside_a_grid_row_of_letters() {
    for fixture in [
        "[zgame]\n..B\nAB$0",
        "[zgame]\nA$0B\n..B\nexpect = no no yes",
        "[strings]\nab\nba$0",
        "[tetris]\n0101\n01$0",
    ] {
        check(
            fixture,
            expect![[r#"
            nothing
        "#]],
        );
    }
    // After the grid, a word that begins a key is a key being typed, even in letters that are
    // cells of the game.
    check(
        "[zgame]\n..B\nex$0",
        expect![[r#"
            expect (Key) replaces "ex" — zgame key
            moves (Key) replaces "ex" — zgame key
        "#]],
    );
    check(
        "[strings]\nab\nex$0",
        expect![[r#"
            expect (Key) replaces "ex" — strings key
            moves (Key) replaces "ex" — strings key
        "#]],
    );
}
