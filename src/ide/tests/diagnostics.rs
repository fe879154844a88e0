//! What the server publishes for a file: the one pipeline, with suite checks on marked files.

use super::Fixture;
use crate::config::Config;
use crate::ide::{CaseState, diagnostics};
use expect_test::{Expect, expect};

fn check(f: &Fixture, config: &Config, expect: Expect) {
    let actual: String = diagnostics(&f.view(), config)
        .iter()
        .map(|d| {
            format!(
                "{} {}[{}] {}: {}\n",
                f.at(d.span.start),
                d.severity.as_str(),
                d.code,
                f.quote(d.span),
                d.message
            )
        })
        .collect();
    expect.assert_eq(&actual);
}

const SUITE: &str = "[race \"a\"]\nA.\n.B\n\n[race \"mirror\"]\nB.\n.A\n";

#[test]
fn suite_checks_run_only_in_files_that_ask_for_them() {
    check(&Fixture::new(SUITE), &Config::default(), expect![[r#""#]]);
    let marked = Fixture::new(&format!("// boardls: suite\n{SUITE}"));
    check(
        &marked,
        &Config::default(),
        expect![[r#"
        2:1 info[I220] "[race \"a\"]": no race case has the answer `A`
        2:1 info[I221] "[race \"a\"]": no race case reaches the original maximum size (300)
        6:1 info[I222] "[race \"mirror\"]": same board as race "a" (up to symmetry)
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
        3:1 info[I221] "[race \"a\"]": no race case reaches the original maximum size (300)
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
            6:1 info[I222] "[race \"mirror\"]": same board as race "a" (up to symmetry)
        "#]],
    );
}

#[test]
fn a_wrong_expect_is_an_error_on_its_value() {
    let f = Fixture::new("[race]\nA.\n.B\nexpect = A\n");
    check(
        &f,
        &Config::default(),
        expect![[r#"
        4:10 error[E210] "A": expected `A`, but the answer is `B`
    "#]],
    );
}
