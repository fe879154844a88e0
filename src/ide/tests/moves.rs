//! `moves = …`: the case is the position after its moves; an illegal move is an error on it;
//! completion offers the legal moves and the hover names the position.

use super::Fixture;
use crate::config::Config;
use crate::ide::completion::completions;
use crate::ide::{diagnostics, hover::hover};
use expect_test::{Expect, expect};

fn check_diagnostics(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let found: String = diagnostics(&f.view(), &Config::default())
        .iter()
        .map(|d| {
            format!(
                "{} {}[{}] {}: {}\n    help: {}\n",
                f.at(d.span.start),
                d.severity.as_str(),
                d.code,
                f.quote(d.span),
                d.message,
                d.help.as_deref().unwrap_or("-")
            )
        })
        .collect();
    expect.assert_eq(&found);
}

fn check_completion(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let found: String = completions(&f.view(), f.cursor)
        .iter()
        .map(|c| {
            format!(
                "{} replaces {} — {}\n",
                c.label,
                f.quote(c.replace),
                c.detail.as_deref().unwrap_or("-")
            )
        })
        .collect();
    expect.assert_eq(if found.is_empty() {
        "nothing\n"
    } else {
        &found
    });
}

fn check_hover(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let actual = match hover(&view, &diags, f.cursor) {
        Some(h) => format!("{}\n{}\n", f.quote(h.span), h.markdown),
        None => "no hover\n".to_string(),
    };
    expect.assert_eq(&actual);
}

#[test]
fn the_case_is_the_position_after_its_moves() {
    // (1,2) holds a `B`: after the move the game is over, lost for Alice.
    check_diagnostics(
        "[zgame]\n.B.\nB..\nmoves = 1,2\nexpect = no no yes\n",
        expect![""],
    );
    check_diagnostics(
        "[zgame]\n.B.\nB..\nmoves = 1,2\nexpect = no no no\n",
        expect![[r#"
            5:10 error[E210] "no no no": expected `no no no`, but the answer is `no no yes`
                help: after 1 move, the game is over: no no yes: The case is the position after its moves (1,2); the answer is the judge's for the game continued from there.
        "#]],
    );
}

#[test]
fn an_illegal_move_is_an_error_on_that_move() {
    check_diagnostics(
        "[tetris]\n000\n000\nmoves = 1,1  2,2\n",
        expect![[r#"
            4:14 error[E217] "2,2": move 2 (second to move): `2,2` cannot be played: the game is over
                help: a tetris move is the top-left cell of the free 2×2 square covered, `ROW,COLUMN` (1-based)
        "#]],
    );
    check_diagnostics(
        "[strings]\nab\ncd\nmoves = a x\n",
        expect![[r#"
            4:11 error[E217] "x": move 2 (second to move): `x` is not a legal move here; legal moves: b c
                help: a strings move is the letter appended, one lowercase letter (the first is the letter at (1,1))
        "#]],
    );
    check_diagnostics(
        "[race]\nA.\n.B\nmoves = 1,2 2,2>\n",
        expect![[r#"
            4:13 error[E217] "2,2>": move 2 (second to move): `2,2>` is not a move: a step is one cell, `ROW,COLUMN`, and a jump two, `ROW,COLUMN>ROW,COLUMN`
                help: a race move is the cell a step lands on, `ROW,COLUMN` (1-based); a jump over the other player as both cells, `ROW,COLUMN>ROW,COLUMN`
        "#]],
    );
}

#[test]
fn completion_offers_the_legal_moves_of_the_position_so_far() {
    check_completion(
        "[zgame]\n...\n...\nmoves = 1,2 $0",
        expect![[r#"
            1,3 replaces "" — zgame move, second to move
            2,2 replaces "" — zgame move, second to move
        "#]],
    );
    check_completion(
        "[chess]\npiece = knight\nsize = 4 4\nmoves = $0",
        expect![[r#"
            2,3 replaces "" — chess move, first to move
            3,2 replaces "" — chess move, first to move
        "#]],
    );
    check_completion(
        "[zgame]\n...\n...\n$0",
        expect![[r#"
            expect replaces "" — zgame key
            moves replaces "" — zgame key
        "#]],
    );
}

#[test]
fn the_hover_on_moves_names_the_position() {
    check_hover(
        "[zgame]\n...\n...\nmoves = 1,2 $02,2\n",
        expect![[r#"
            "1,2 2,2"
            **moves = 1,2 2,2**

            The moves played from the start, separated by spaces: the case is the position after them. A zgame move is the cell the token moves to, `ROW,COLUMN` (1-based), one step right or down.

            After 2 moves: the first player to move.
        "#]],
    );
    check_hover(
        "[zgame]\n...\n...\nmov$0es = 1,2\n",
        expect![[r#"
            "moves"
            **moves** — zgame key

            The moves played from the start, separated by spaces: the case is the position after them. A zgame move is the cell the token moves to, `ROW,COLUMN` (1-based), one step right or down.
        "#]],
    );
}
