//! Inlay hints: each case's judge answer after its header, marked against `expect`.

use super::Fixture;
use crate::ide::CaseState;
use crate::ide::hints::hints;
use crate::span::Span;
use expect_test::{Expect, expect};

fn render(f: &Fixture, within: Span) -> String {
    hints(&f.view(), within)
        .iter()
        .map(|h| {
            let tooltip = h.tooltip.as_deref().unwrap_or("-").replace("\n\n", "\n");
            let tooltip = tooltip.replace('\n', "\n    ");
            format!("{} {}\n    {tooltip}\n", f.at(h.offset), h.label)
        })
        .collect()
}

fn check(f: &Fixture, within: Span, expect: Expect) {
    expect.assert_eq(&render(f, within));
}

const FILE: &str = concat!(
    "[zgame \"right\"] // note\n..B\n..B\nBB.\nexpect = no no yes\n\n",
    "[zgame \"wrong\"]\n..B\n..B\nBB.\nexpect = yes no no\n\n",
    "[race]\nA.\n.B\n\n",
    "[zgame]\n..C\n\n",
    "[chess]\npiece = king\nsize = 5 5\n",
);

#[test]
fn each_answer_at_the_end_of_its_header_line_marked_against_expect() {
    let f = Fixture::new(FILE);
    check(
        &f,
        Span::new(0, f.text.len()),
        expect![[r#"
        1:24 answer: no no yes ✓
            Alice cannot force a win, cannot force a draw, can force a loss.
            Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.
        7:16 answer: no no yes ≠ expect
            Alice cannot force a win, cannot force a draw, can force a loss.
            Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.
        13:7 answer: B
            B wins: he can always land on A in the middle layer (layer 1) and jump ahead.
            A and B are D = 2 steps apart; a detour costs two steps, which one jump never pays back, so both keep to shortest paths and after 1 move each stand in the middle layer (2 cells), A first. If B's 1st step lands on A, B jumps one step further and arrives first. B can force it: to every move of A he has a reply from which, layer by layer, each cell A can move to is matched by a cell B can move to (a layered matching over the shortest-path cells), down to A's own cell.
        20:8 answer: G
            G wins (she moves second).
            king: dx = 4 and dy = 4 are both even; after any move of Bo, G steps back to a cell with both distances even, and (N,M) is one, so G wins. (dx = N − 1, dy = M − 1.)
    "#]],
    );
}

#[test]
fn only_the_hints_asked_for() {
    let f = Fixture::new(FILE);
    let second = f.text.find("[zgame \"wrong\"]").unwrap_or(0);
    check(
        &f,
        Span::new(second, second + 20),
        expect![[r#"
        7:16 answer: no no yes ≠ expect
            Alice cannot force a win, cannot force a draw, can force a loss.
            Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.
    "#]],
    );
}

#[test]
fn while_solving_again_the_last_answer_is_marked_as_such() {
    let mut f = Fixture::new(FILE);
    let CaseState::Done(v) = f.states[2].clone() else {
        panic!("not solved")
    };
    f.states[2] = CaseState::Pending { last: Some(v) };
    f.states[4] = CaseState::Pending { last: None };
    check(
        &f,
        Span::new(0, f.text.len()),
        expect![[r#"
        1:24 answer: no no yes ✓
            Alice cannot force a win, cannot force a draw, can force a loss.
            Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.
        7:16 answer: no no yes ≠ expect
            Alice cannot force a win, cannot force a draw, can force a loss.
            Alice moves first at (1,1): right to (1,2) lets her force a loss; down to (2,1) lets her force a loss. With both playing win > draw > loss, Bob wins: (1,1) → (1,2) → (1,3), where `B` wins for Bob.
        13:7 answer: B (solving…)
            -
        20:8 solving…
            -
    "#]],
    );
}
