//! What the server publishes for a file: the one pipeline, with its suite checks when it is a
//! suite of its own.

use super::Fixture;
use crate::config::Config;
use crate::diag::Diagnostic;
use crate::ide::{CaseState, diagnostics, diagnostics_as_own_suite};
use expect_test::{Expect, expect};

/// `f`'s diagnostics as a suite of its own, each with its related places indented below it.
fn check(f: &Fixture, config: &Config, expect: Expect) {
    expect.assert_eq(&shown(f, &diagnostics_as_own_suite(&f.view(), config)));
}

fn shown(f: &Fixture, found: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in found {
        out.push_str(&format!(
            "{} {}[{}] {}: {}\n",
            f.at(d.span.start),
            d.severity.as_str(),
            d.code,
            f.quote(d.span),
            d.message
        ));
        for (span, message) in &d.related {
            out.push_str(&format!("    {} {message}\n", f.at(span.start)));
        }
    }
    out
}

const SUITE: &str = "[race \"a\"]\nA.\n.B\n\n[race \"mirror\"]\nB.\n.A\n";

#[test]
fn a_file_in_no_suite_has_no_suite_findings() {
    let marked = Fixture::new(&format!("// boardls: suite\n{SUITE}"));
    assert_eq!(
        shown(&marked, &diagnostics(&marked.view(), &Config::default())),
        ""
    );
}

#[test]
fn a_suite_of_its_own_has_each_finding_once_pointing_to_its_cases() {
    let marked = Fixture::new(&format!("// boardls: suite\n{SUITE}"));
    check(
        &marked,
        &Config::default(),
        expect![[r#"
            2:1 info[I220] "[race \"a\"]": no race case has the answer `A`
                2:1 race "a" has the answer `B`
                6:1 race "mirror" has the answer `B`
            2:1 info[I221] "[race \"a\"]": no race case reaches the original maximum size (300)
                2:1 race "a", the largest here: side 2
                6:1 race "mirror", the largest here: side 2
            2:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `odd-distance-only`: Answers A when the starts are an odd distance apart and B otherwise, without playing the meeting game.
            2:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `even-offsets-meet`: Says B meets A whenever the starts are an even number of rows and of columns apart, as on an open board.
            6:1 info[I222] "[race \"mirror\"]": same board as race "a" (up to symmetry)
                2:1 the same board, first here
        "#]],
    );
}

#[test]
fn suite_checks_wait_until_every_case_is_settled() {
    let mut marked = Fixture::new(&format!("// boardls: suite\n{SUITE}"));
    marked.states[1] = CaseState::Pending { last: None };
    check(&marked, &Config::default(), expect![[r#""#]]);
}

#[test]
fn allow_silences_suite_findings_like_any_other() {
    let marked = Fixture::new(&format!(
        "// boardls: suite\n// boardls: allow I222\n{SUITE}"
    ));
    check(
        &marked,
        &Config::default(),
        expect![[r#"
            3:1 info[I220] "[race \"a\"]": no race case has the answer `A`
                3:1 race "a" has the answer `B`
                7:1 race "mirror" has the answer `B`
            3:1 info[I221] "[race \"a\"]": no race case reaches the original maximum size (300)
                3:1 race "a", the largest here: side 2
                7:1 race "mirror", the largest here: side 2
            3:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `odd-distance-only`: Answers A when the starts are an odd distance apart and B otherwise, without playing the meeting game.
            3:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `even-offsets-meet`: Says B meets A whenever the starts are an even number of rows and of columns apart, as on an open board.
        "#]],
    );
    let config = Config {
        allow: vec!["I220".into(), "I221".into()],
        ..Config::default()
    };
    check(
        &Fixture::new(&format!("// boardls: suite\n{SUITE}")),
        &config,
        expect![[r#"
            2:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `odd-distance-only`: Answers A when the starts are an odd distance apart and B otherwise, without playing the meeting game.
            2:1 info[I223] "[race \"a\"]": no race test kills the wrong solution `even-offsets-meet`: Says B meets A whenever the starts are an even number of rows and of columns apart, as on an open board.
            6:1 info[I222] "[race \"mirror\"]": same board as race "a" (up to symmetry)
                2:1 the same board, first here
        "#]],
    );
}

#[test]
fn a_finding_about_the_whole_suite_sits_on_the_files_first_case_header() {
    let marked = Fixture::new(
        "// boardls: suite\n[race \"a\"]\nA.\n.B\n\n[zgame \"z\"]\nB.\n.B\n\n[zgame \"w\"]\n..\n..\n",
    );
    let shown = shown(
        &marked,
        &diagnostics_as_own_suite(&marked.view(), &Config::default()),
    );
    let zgame: Vec<&str> = shown
        .lines()
        .filter(|l| l.contains("no zgame case"))
        .collect();
    assert_eq!(zgame.len(), 7, "{shown}");
    assert!(zgame.iter().all(|l| l.starts_with("2:1 ")), "{shown}");
    // Related: the zgame cases, not the race one.
    let first = shown
        .split_once("no zgame case has the answer `yes yes yes`\n")
        .and_then(|(_, rest)| rest.split_once("\n2:1"))
        .map_or("", |(related, _)| related);
    assert_eq!(
        first,
        "    6:1 zgame \"z\" has the answer `no no yes`\n    10:1 zgame \"w\" has the answer `no yes no`",
        "{shown}"
    );
}

#[test]
fn a_wrong_expect_is_an_error_on_its_value() {
    let f = Fixture::new("[race]\nA.\n.B\nexpect = A\n");
    expect![[r#"
        4:10 error[E210] "A": expected `A`, but the answer is `B`
    "#]]
    .assert_eq(&shown(&f, &diagnostics(&f.view(), &Config::default())));
}

#[test]
fn a_suite_finding_points_to_at_most_a_few_cases_and_says_how_many_more() {
    let cases: String = (0..10)
        .map(|i| format!("[zgame \"{i}\"]\n..\n..\n\n"))
        .collect();
    let marked = Fixture::new(&format!("// boardls: suite\n{cases}"));
    let found = diagnostics_as_own_suite(&marked.view(), &Config::default());
    let uncovered = found
        .iter()
        .find(|d| d.code == "I220")
        .expect("an uncovered answer");
    assert_eq!(uncovered.related.len(), crate::config::MAX_SUITE_RELATED);
    let last = &uncovered.related[crate::config::MAX_SUITE_RELATED - 1].1;
    assert!(last.ends_with("(and 2 more case(s))"), "{last}");
}

#[test]
fn a_secret_test_with_a_samples_board_and_a_group_name_no_judge_takes_are_package_warnings() {
    let marked = Fixture::new(
        "// boardls: suite\n// boardls: allow I220 I221 I223\n\
         [race \"shown\"]\n// boardls: sample\nA.\n.B\n\n\
         [race \"hidden\"]\n// boardls: group Big_One\nB.\n.A\n\n\
         [race \"again\"]\n// boardls: group Big_One\nB.\n.A\n",
    );
    check(
        &marked,
        &Config::default(),
        expect![[r#"
        8:1 warning[W241] "[race \"hidden\"]": the board of sample race "shown" (up to symmetry): a secret test the contestants have seen
            3:1 the sample
        8:1 warning[W243] "[race \"hidden\"]": group `Big_One`: the package format takes lowercase letters and digits, with `_` or `-` only between them
        13:1 warning[W241] "[race \"again\"]": the board of sample race "shown" (up to symmetry): a secret test the contestants have seen
            3:1 the sample
    "#]],
    );
}
