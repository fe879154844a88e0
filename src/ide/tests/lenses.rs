//! Code lenses: the file's (export its tests, check its suite), each case's outcome, and what a
//! case needs next (write or update `expect`, a larger budget).

use super::Fixture;
use crate::analysis::Verdict;
use crate::games::Unsolved;
use crate::ide::lens::{LensAction, lenses};
use crate::ide::{CaseState, status};
use expect_test::{Expect, expect};
use std::sync::Arc;
use std::time::Duration;

fn render(f: &Fixture) -> String {
    lenses(&f.view())
        .iter()
        .map(|lens| {
            let action = match lens.action {
                LensAction::None => String::new(),
                LensAction::WriteExpect { case } => format!(" → write expect of case {case}"),
                LensAction::SolveWithBudget { case, factor } => {
                    format!(" → solve case {case} with {factor}× budget")
                }
                LensAction::ExportTests => " → export tests".to_string(),
                LensAction::CheckSuite => " → check suite".to_string(),
            };
            format!("{} {}{action}\n", f.at(lens.offset), lens.title)
        })
        .collect()
}

fn check(fixture: &str, expect: Expect) {
    expect.assert_eq(&render(&Fixture::new(fixture)));
}

#[test]
fn lenses_show_outcomes_and_offer_to_write_or_update_expect() {
    check(
        concat!(
            "[zgame \"one\"]\n..B\n..B\nBB.\nexpect = no no yes\n\n",
            "[chess \"queen\"]\npiece = queen\nsize = 5 5\n\n",
            "[race]\nA...\n.#..\n....\n...B\nexpect = A\n\n",
            "[zgame \"bad\"]\n..C\n",
        ),
        expect![[r#"
            1:1 Export tests… → export tests
            1:1 Check suite → check suite
            1:1 Alice: win ✗ · draw ✗ · lose ✓
            7:1 Bo wins
            7:1 write expect = B → write expect of case 1
            11:1 B wins (D = 6, meets A in the middle layer)
            11:1 update expect to B → write expect of case 2
            18:1 not solved: the case has errors
        "#]],
    );
}

#[test]
fn lenses_keep_the_last_result_while_solving() {
    let mut f = Fixture::new("[race]\nA.\n.B\n\n[zgame]\n...\n");
    let CaseState::Done(v) = f.states[0].clone() else {
        panic!("not solved")
    };
    let lens = v.solution().map(|s| s.lens.clone()).unwrap_or_default();
    f.states[0] = CaseState::Pending { last: Some(v) };
    f.states[1] = CaseState::Pending { last: None };
    assert_eq!(status(&f.states[0]), format!("{lens} (solving…)"));
    expect![[r#"
        1:1 Export tests… → export tests
        1:1 Check suite → check suite
        1:1 B wins (D = 2, meets A in the middle layer) (solving…)
        5:1 solving…
    "#]]
    .assert_eq(&render(&f));
}

#[test]
fn a_case_out_of_budget_offers_a_larger_one_and_a_case_out_of_memory_does_not() {
    let mut f = Fixture::new("[race]\nA.\n.B\n\n[race]\nA.\n.B\n\n[race]\nA.\n.B\n");
    f.states[0] = CaseState::Done(Arc::new(Verdict::Unsolved(Unsolved::Nodes(5_000))));
    f.states[1] = CaseState::Done(Arc::new(Verdict::Unsolved(Unsolved::Time(
        Duration::from_secs(10),
    ))));
    f.states[2] = CaseState::Done(Arc::new(Verdict::Unsolved(Unsolved::TooLarge(
        "needs 2 GiB".to_string(),
    ))));
    expect![[r#"
        1:1 Export tests… → export tests
        1:1 Check suite → check suite
        1:1 unsolved within budget (5000 search nodes)
        1:1 Solve with 10× budget → solve case 0 with 10× budget
        5:1 unsolved within budget (10000 ms)
        5:1 Solve with 10× budget → solve case 1 with 10× budget
        9:1 too large to solve: needs 2 GiB
    "#]]
    .assert_eq(&render(&f));
}

#[test]
fn a_file_without_cases_has_no_file_lenses() {
    check("// only a comment\n", expect![[r#""#]]);
}
