//! Document symbols: one per case, its verdict as detail.

use super::Fixture;
use crate::ide::symbols::symbols;
use expect_test::expect;

#[test]
fn symbols_are_cases_with_their_verdicts() {
    let f = Fixture::new(concat!(
        "[zgame \"one\"]\n..B\n..B\nBB.\n\n",
        "[chess \"queen\"]\npiece = queen\nsize = 5 5\n\n",
        "[race]\nA.\n.B\n\n",
        "[zgame \"bad\"]\n..C\n",
    ));
    let actual: String = symbols(&f.view())
        .iter()
        .map(|s| {
            format!(
                "{} {}–{} (header to {}): {}\n",
                s.name,
                f.at(s.span.start),
                f.at(s.span.end),
                f.at(s.selection.end),
                s.detail
            )
        })
        .collect();
    expect![[r#"
        zgame "one" 1:1–4:4 (header to 1:14): Alice cannot force a win, cannot force a draw, can force a loss
        chess "queen" 6:1–8:11 (header to 6:16): Bo wins (he moves first)
        race case 3 10:1–12:3 (header to 10:7): B wins: he can always land on A in the middle layer (layer 1) and jump ahead
        zgame "bad" 14:1–15:4 (header to 14:14): not solved: the case has errors
    "#]].assert_eq(&actual);
}
