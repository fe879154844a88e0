//! Quick fixes: write or correct `expect`, repair common mistakes, silence a warning's code.

use super::Fixture;
use crate::config::Config;
use crate::ide::diagnostics;
use crate::ide::fixes::{fixes, write_expect};
use crate::span::Span;
use expect_test::{Expect, expect};

/// Every fix offered at the cursor (`*` the preferred one, with the code it resolves), then the
/// text after the first one.
fn check(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let all = fixes(&view, &diags, Span::new(f.cursor, f.cursor));
    let mut actual = String::new();
    for fix in &all {
        let star = if fix.preferred { "*" } else { " " };
        let code = fix.diagnostic.as_ref().map_or("-", |d| d.code);
        actual.push_str(&format!("{star} {} [{code}]\n", fix.title));
    }
    match all.first() {
        Some(first) => actual.push_str(&format!(
            "--- after the first:\n{}",
            f.apply_visibly(&first.edits)
        )),
        None => actual.push_str("no fixes\n"),
    }
    expect.assert_eq(&actual);
}

/// The text after applying the fix titled `title` at the cursor.
fn check_fix(fixture: &str, title: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let view = f.view();
    let diags = diagnostics(&view, &Config::default());
    let all = fixes(&view, &diags, Span::new(f.cursor, f.cursor));
    let fix = all.iter().find(|fix| fix.title == title);
    let titles: Vec<&str> = all.iter().map(|fix| fix.title.as_str()).collect();
    let Some(fix) = fix else {
        panic!("no fix {title:?} among {titles:?}");
    };
    expect.assert_eq(&f.apply_visibly(&fix.edits));
}

#[test]
fn a_wrong_expect_is_corrected_and_never_silenced() {
    check(
        "[race]\nA.\n.B\nexpect = $0A\n",
        expect![[r#"
        * Change `expect` to `B` [E210]
        --- after the first:
        [race]
        A.
        .B
        expect = B
    "#]],
    );
}

#[test]
fn a_misspelt_game_is_corrected_and_a_far_one_is_not_guessed() {
    check(
        "[rcae$0]\nA.\n.B\n",
        expect![[r#"
        * Change to `race` [E201]
        --- after the first:
        [race]
        A.
        .B
    "#]],
    );
    check(
        "[zgmae$0 \"typo\"]\n...\n",
        expect![[r#"
        * Change to `zgame` [E201]
        --- after the first:
        [zgame "typo"]
        ...
    "#]],
    );
    check(
        "[checkers$0]\n",
        expect![[r#"
        no fixes
    "#]],
    );
}

#[test]
fn misspelt_and_unknown_keys_are_corrected_or_deleted() {
    check(
        "[chess]\npi$0ce = queen\nsize = 5 5\npeice = king\n",
        expect![[r#"
            * Change to `piece` [E202]
              Delete `pice = queen` [E202]
            --- after the first:
            [chess]
            piece = queen
            size = 5 5
            peice = king
        "#]],
    );
    check(
        "[zgame]\n...\ncol$0our = red",
        expect![[r#"
              Delete `colour = red` [E202]
            --- after the first:
            [zgame]
            ..."#]],
    );
    check(
        "[tetris]\n0000\n0000\nexpect = Yes\nexp$0ect = No\n",
        expect![[r#"
              Delete `expect = No` [E203]
            --- after the first:
            [tetris]
            0000
            0000
            expect = Yes
        "#]],
    );
}

#[test]
fn a_missing_piece_can_be_added() {
    check(
        "[ch$0ess]\nsize = 5 5\n",
        expect![[r#"
          Add `piece = king` [E204]
        --- after the first:
        [chess]
        piece = king
        size = 5 5
    "#]],
    );
}

#[test]
fn an_unknown_allow_code_can_be_removed() {
    check_fix(
        "// boardls: allow W301 E9$099\n[zgame]\n...\n",
        "Remove the unknown code",
        expect![[r#"
            // boardls: allow W301
            [zgame]
            ...
        "#]],
    );
}

#[test]
fn a_warning_is_silenced_for_the_file_once_per_code() {
    // Two warnings of one code under the cursor: one fix.
    check(
        "// a note\n[chess]\npiece = king\nsize = 50$000 5000\n",
        expect![[r#"
              Silence `W501` in this file [W501]
              Add `expect = B` [-]
            --- after the first:
            // boardls: allow W501
            // a note
            [chess]
            piece = king
            size = 5000 5000
        "#]],
    );
    let silenced = Fixture::new(
        "// boardls: allow W501\n// a note\n[chess]\npiece = king\nsize = 5000 5000\nexpect = B\n",
    );
    assert!(diagnostics(&silenced.view(), &Config::default()).is_empty());
}

#[test]
fn the_silence_goes_into_the_first_allow_in_the_files_line_style_after_a_bom() {
    check_fix(
        "// boardls: allow W301 // why\n[chess]\npiece = king\nsize = 5000$0 5\n",
        "Silence `W501` in this file",
        expect![[r#"
            // boardls: allow W301 W501 // why
            [chess]
            piece = king
            size = 5000 5
        "#]],
    );
    check_fix(
        "\u{feff}[chess]\r\npiece = king\r\nsize = 5000$0 5\r\n",
        "Silence `W501` in this file",
        expect![[r#"
            <BOM>// boardls: allow W501␍
            [chess]␍
            piece = king␍
            size = 5000 5␍
        "#]],
    );
}

#[test]
fn expect_is_added_after_the_case_in_its_line_style() {
    let f = Fixture::new("[zgame \"x\"]\r\n  ...\r\n  ... // note\r\n\r\n[zgame]\r\n...\r\n");
    let edit = write_expect(&f.view(), &f.analysis.cases[0]);
    expect![[r#"
        [zgame "x"]␍
          ...␍
          ... // note␍
          expect = no yes no␍
        ␍
        [zgame]␍
        ...␍
    "#]]
    .assert_eq(&f.apply_visibly(&edit.into_iter().collect::<Vec<_>>()));
    // At the end of a file without a final line break.
    let f = Fixture::new("[race]\nA.\n.B");
    let edit = write_expect(&f.view(), &f.analysis.cases[0]);
    expect![[r#"
        [race]
        A.
        .B
        expect = B"#]]
    .assert_eq(&f.apply_visibly(&edit.into_iter().collect::<Vec<_>>()));
}

#[test]
fn a_wrong_expect_is_replaced_keeping_its_comment_and_a_right_one_is_left_alone() {
    let f = Fixture::new("[race]\nA.\n.B\nexpect =   A  // was A\n");
    let edit = write_expect(&f.view(), &f.analysis.cases[0]);
    expect![[r#"
        [race]
        A.
        .B
        expect = B  // was A
    "#]]
    .assert_eq(&f.apply_visibly(&edit.into_iter().collect::<Vec<_>>()));
    let f = Fixture::new("[race]\nA.\n.B\nexpect = B\n");
    assert_eq!(write_expect(&f.view(), &f.analysis.cases[0]), None);
}
