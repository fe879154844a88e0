//! Hovers: a case's verdict on its header, a cell's meaning on a cell, a code's explanation.

use super::Fixture;
use crate::config::Config;
use crate::ide::{diagnostics, hover::hover};
use expect_test::{Expect, expect};

/// The hover at the cursor: the text it is about, then its markdown.
fn check(fixture: &str, expect: Expect) {
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
fn a_header_gives_the_verdict_the_answer_against_expect_and_why() {
    check(
        "[zgame \"sample 1\"$0]\n..B\n..B\nBB.\nexpect = yes no no\n",
        expect![[r#"
            "[zgame \"sample 1\"]"
            **zgame "sample 1"** — Z-Game on grid (Nowcoder 2022 multi-school 6, M)

            Alice cannot force a win, cannot force a draw, can force a loss.

            Judge answer: `no no yes` — `expect = yes no no` differs ✗

            Why: Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.

            Solved in 0.00 ms · 9 search nodes
        "#]],
    );
}

#[test]
fn the_game_id_adds_the_rules() {
    check(
        "[ra$0ce]\nA.\n.B\nexpect = B\n",
        expect![[r#"
        "[race]"
        **race case 1** — BalticOI 2008 Game

        An n×n board of white (`.`) and black (`#`) cells with two starts, `A` and `B`. A moves first; the players alternate and must move, one step to a white 4-neighbour. Moving onto the other player gives one more step at once, to any white neighbour of that cell (turning or going back). The first to reach the other's start wins, also when the first step of such a jump lands on it. Answer `A` or `B`. The original guarantees that B's start is reachable from A's; on a board where it is not, nobody can ever win and the answer is `draw` (a player walled in at his start, unable to move, passes: that too only happens on such boards).

        B wins: he can always land on A in the middle layer (layer 1) and jump ahead.

        Judge answer: `B` — matches `expect` ✓

        Why: A and B are D = 2 steps apart; a detour costs two steps, which one jump never pays back, so both keep to shortest paths and after 1 move each stand in the middle layer (2 cells), A first. If B's 1st step lands on A, B jumps one step further and arrives first. B can force it: to every move of A he has a reply from which, layer by layer, each cell A can move to is matched by a cell B can move to (a layered matching over the shortest-path cells), down to A's own cell.

        Solved in 0.00 ms
    "#]],
    );
}

#[test]
fn a_cell_says_what_it_means() {
    check(
        "[zgame \"sample 1\"]\n..B\n.$0.B\nBB.\n",
        expect![[r#"
        "."
        **cell (2, 2) of zgame "sample 1"**

        (2,2): Alice to move. With the token here Alice could force a win: no · a draw: no · a loss: yes. With best play Bob wins; both moves are as good (right to (2,3), down to (3,2)).
    "#]],
    );
    check(
        "[race]\nA.$0.\n.#.\n..B\n",
        expect![[r#"
        "."
        **cell (1, 3) of race case 1**

        (1, 3): white cell; 2 steps from A, 2 steps from B; on a shortest A–B path, layer 2 of D = 4; the middle layer: a winning meeting cell for B (if A comes here, B lands on him and jumps ahead)
    "#]],
    );
    check(
        "[tetris]\n00$00\n000\n000\n",
        expect![[r#"
        "0"
        **cell (1, 3) of tetris case 1**

        Free cell; no 2×2 square of free cells has its top-left corner here.
    "#]],
    );
    check(
        "[strings]\nab\nc$0d\n",
        expect![[r#"
        "d"
        **cell (2, 2) of strings case 1**

        `d` at (2, 2): letter 3 of 3 (anti-diagonal 3), appended by the first player; on the optimal line: a path spelling the optimal string passes here. It is the last letter.
    "#]],
    );
}

#[test]
fn a_diagnostics_code_is_explained() {
    check(
        "[zgame \"x\"]\n..B\n..B\nBB.\nexpect = ye$0s no no\n",
        expect![[r#"
            "yes no no"
            **expect = yes no no**

            The answer the original judge prints for this case. Answers of zgame are made of `yes`, `no`.

            Judge answer: `no no yes` — `expect = yes no no` differs ✗

            ---

            `E210` The expected answer differs from the one boardls computed. The quick fix replaces it with the computed answer.
        "#]],
    );
    check(
        "[zgame \"x\"$0]\n...\n",
        expect![[r#"
        "[zgame \"x\"]"
        **zgame "x"** — Z-Game on grid (Nowcoder 2022 multi-school 6, M)

        Alice cannot force a win, can force a draw, cannot force a loss.

        Judge answer: `no yes no` — no `expect` yet

        Why: Alice moves first at (1,1): right to (1,2) lets her force a draw. With both playing win > draw > loss, it is a draw: (1,1) → (1,2) → (1,3), the empty last cell: a draw.

        Solved in 0.00 ms · 3 search nodes
    "#]],
    );
}

#[test]
fn cases_that_are_not_solved_say_why() {
    check(
        "[zgame$0]\n..C\n",
        expect![[r#"
        "[zgame]"
        **zgame case 1** — Z-Game on grid (Nowcoder 2022 multi-school 6, M)

        A token starts at (1,1); Alice moves first and the players alternate moving it one cell right or down. On an `A` cell Alice wins at once, on a `B` cell Bob wins at once (this includes (1,1) before any move and (n,m)); reaching (n,m) when it is `.` is a draw. The answer is three words: can Alice force a win? a draw? a loss?

        Not solved: the case has errors.
    "#]],
    );
    check(
        "[chess$0]\npiece = king\nsize = 4000000000 3\n",
        expect![[r#"
            "[chess]"
            **chess case 1** — HDU 5754 Life Winner Bo

            A king, rook, knight or queen starts at (1,1) of an N×M board and may only move down and/or right, as in chess (the knight only by (+1,+2) or (+2,+1)). Bo moves first, then G. Whoever moves the piece onto (N,M) wins; a player who cannot move while the piece is elsewhere ends the game in a draw. The answer is `B`, `G` or `D`.

            Not solved: the case has errors.
        "#]],
    );
}

#[test]
fn blank_lines_and_comments_have_no_hover() {
    check(
        "[zgame]\n...\n$0\n",
        expect![[r#"
        no hover
    "#]],
    );
    check(
        "// a no$0te\n[zgame]\n...\n",
        expect![[r#"
        no hover
    "#]],
    );
}

/// The hover at the cursor in plain text: what a client that renders no Markdown shows.
fn check_plain(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let actual = match hover(&view, &diags, f.cursor) {
        Some(h) => format!("{}\n{}\n", f.quote(h.span), h.plain),
        None => "no hover\n".to_string(),
    };
    expect.assert_eq(&actual);
}

#[test]
fn a_key_says_what_it_sets() {
    check(
        "[chess]\npi$0ece = queen\nsize = 5 5\n",
        expect![[r#"
        "piece"
        **piece** — chess key, required

        The piece at (1,1): `king`, `rook`, `knight` or `queen` (or 1 to 4 as in the judge input).
    "#]],
    );
    check(
        "[chess]\npiece = queen\nsi$0ze = 5 5\n",
        expect![[r#"
        "size"
        **size** — chess key, required

        `N M`: rows and columns. The piece heads from (1,1) to (N,M); the original has 2 ≤ N, M ≤ 1000.
    "#]],
    );
}

#[test]
fn a_value_says_what_its_key_sets() {
    check(
        "[chess]\npiece = qu$0een\nsize = 5 5\n",
        expect![[r#"
        "queen"
        **piece = queen**

        The piece at (1,1): `king`, `rook`, `knight` or `queen` (or 1 to 4 as in the judge input).
    "#]],
    );
}

#[test]
fn expect_compares_its_value_with_the_answer() {
    check(
        "[race]\nA.\n.B\nexp$0ect = A\n",
        expect![[r#"
        "expect"
        **expect** — race key

        The answer the original judge prints for this case. Answers of race are made of `A`, `B`.
    "#]],
    );
    check(
        "[race]\nA.\n.B\nexpect = $0A\n",
        expect![[r#"
        "A"
        **expect = A**

        The answer the original judge prints for this case. Answers of race are made of `A`, `B`.

        Judge answer: `B` — `expect = A` differs ✗

        ---

        `E210` The expected answer differs from the one boardls computed. The quick fix replaces it with the computed answer.
    "#]],
    );
}

#[test]
fn a_key_the_game_does_not_take_has_no_hover_of_its_own() {
    check(
        "[race]\nA.\n.B\npie$0ce = queen\n",
        expect![[r#"
            "piece"
            `E202` The case has a property its game does not use. Every game takes `expect` and `moves`; chess also takes `piece` and `size`.
        "#]],
    );
}

#[test]
fn plain_text_says_the_same_without_markdown() {
    check_plain(
        "[race \"sample$0\"]\nA.\n.B\nexpect = B\n",
        expect![[r#"
            "[race \"sample\"]"
            race "sample" — BalticOI 2008 Game

            B wins: he can always land on A in the middle layer (layer 1) and jump ahead.

            Judge answer: `B` — matches `expect` ✓

            Why: A and B are D = 2 steps apart; a detour costs two steps, which one jump never pays back, so both keep to shortest paths and after 1 move each stand in the middle layer (2 cells), A first. If B's 1st step lands on A, B jumps one step further and arrives first. B can force it: to every move of A he has a reply from which, layer by layer, each cell A can move to is matched by a cell B can move to (a layered matching over the shortest-path cells), down to A's own cell.

            Solved in 0.00 ms
        "#]],
    );
    check_plain(
        "[chess]\npi$0ece = queen\nsize = 5 5\n",
        expect![[r#"
        "piece"
        piece — chess key, required

        The piece at (1,1): `king`, `rook`, `knight` or `queen` (or 1 to 4 as in the judge input).
    "#]],
    );
}
