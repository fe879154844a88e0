//! Folding: each case of two or more lines, and each block of two or more comment lines.

use super::Fixture;
use crate::ide::folding::folds;
use expect_test::{Expect, expect};

fn check(fixture: &str, expect: Expect) {
    let f = Fixture::new(fixture);
    let actual: String = folds(&f.view())
        .iter()
        .map(|fold| {
            format!(
                "lines {}–{} {:?}\n",
                fold.start_line + 1,
                fold.end_line + 1,
                fold.kind
            )
        })
        .collect();
    expect.assert_eq(&actual);
}

#[test]
fn cases_and_comment_blocks_fold_single_lines_and_trailing_comments_do_not() {
    check(
        "// one\n\n// a\n// b\n[zgame]\n... // c\n... // d\n[zgame]\n",
        expect![[r#"
            lines 3–4 Comment
            lines 5–7 Case
        "#]],
    );
    check(
        "// a\n// b\n[zgame]\n...\nexpect = no yes no\n\n[zgame]\n...\n",
        expect![[r#"
            lines 1–2 Comment
            lines 3–5 Case
            lines 7–8 Case
        "#]],
    );
}
