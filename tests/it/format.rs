//! The formatter: golden layouts, and properties over arbitrary text — parsing and formatting
//! never panic, spans stay inside the text, formatting is idempotent and keeps the meaning.

use crate::meaning;

use boardls::span::Span;
use boardls::syntax::format::format;
use boardls::syntax::{self, Parse};
use expect_test::{Expect, expect, expect_file};
use meaning::{meaning, meaning_with_comments};
use proptest::prelude::*;

fn check(input: &str, expect: Expect) {
    let out = format(input);
    expect.assert_eq(&out);
    assert_eq!(format(&out), out, "formatting twice changes nothing");
    assert_eq!(
        meaning(input, &syntax::parse(input)),
        meaning(&out, &syntax::parse(&out))
    );
}

#[test]
fn messy_file() {
    let input = include_str!("../data/syntax/messy.board");
    let out = format(input);
    expect_file!["../data/syntax/messy.formatted"].assert_eq(&out);
    assert_eq!(format(&out), out);
    assert_eq!(
        meaning(input, &syntax::parse(input)),
        meaning(&out, &syntax::parse(&out))
    );
}

#[test]
fn a_formatted_file_is_left_alone() {
    let text = include_str!("../data/syntax/all_kinds.board");
    let canonical = format(text);
    assert_eq!(format(&canonical), canonical);
    assert!(!canonical.contains("  ["));
}

#[test]
fn indentation_and_spacing_become_canonical() {
    check(
        "  [ zgame\t\"a\" ]\t\n\t..B  \n   expect=no no yes\nsize   =\n",
        expect![[r#"
            [zgame "a"]
            ..B
            expect = no no yes
            size =
        "#]],
    );
}

#[test]
fn names_are_requoted_with_minimal_escapes() {
    check(
        "[zgame\"say \\\"hi\\\" \\\\ é 日本 😀 // x\"]\n",
        expect![[r#"
            [zgame "say \"hi\" \\ é 日本 😀 // x"]
        "#]],
    );
}

#[test]
fn trailing_comments_follow_one_space() {
    check(
        "[zgame]     // header\n..B\t// row   \nexpect = no no yes//answer\n    // alone\n",
        expect![[r#"
            [zgame] // header
            ..B // row
            expect = no no yes //answer
            // alone
        "#]],
    );
}

#[test]
fn one_blank_line_between_cases_and_at_most_one_elsewhere() {
    check(
        "\n\n[zgame]\n...\n[race]\n\n\n\nA..B\n\n\n\n[chess]\n\n\n",
        expect![[r#"
            [zgame]
            ...

            [race]

            A..B

            [chess]
        "#]],
    );
}

#[test]
fn comments_just_above_a_header_go_with_it() {
    check(
        "// file comment\n[zgame]\n...\n// about the next case\n// more\n[race]\nA..B\n// trailing note\n\n// before a blank\n\n[chess]\n",
        expect![[r#"
            // file comment
            [zgame]
            ...

            // about the next case
            // more
            [race]
            A..B
            // trailing note

            // before a blank

            [chess]
        "#]],
    );
}

#[test]
fn lines_with_errors_are_kept_as_written() {
    // Plain strings: the indentation of these lines is what is being tested.
    let input = "  ..B   \n   [zgame \"open\n  0 0   // spaced\n Bad = 1  \n\t= 2\n  [zgame] junk\n  [zgame] // boardls: allow nope\n";
    let out = format(input);
    assert_eq!(
        out,
        "  ..B\n\n   [zgame \"open\n  0 0   // spaced\n Bad = 1\n\t= 2\n\n  [zgame] junk\n\n  [zgame] // boardls: allow nope\n"
    );
    assert_eq!(format(&out), out);
    assert_eq!(
        meaning(input, &syntax::parse(input)),
        meaning(&out, &syntax::parse(&out))
    );
}

#[test]
fn a_feff_that_is_not_a_bom_stays_off_the_first_byte() {
    // Dropping the blank line would turn this orphan row's U+FEFF into a BOM and the row
    // into a header.
    assert_eq!(format("\n\n\u{feff}[zgame]\n"), "\n\u{feff}[zgame]\n");
    check_text("\n\n\u{feff}[zgame]\n");
}

#[test]
fn the_dominant_line_break_is_kept() {
    assert_eq!(
        format("[zgame]\r\n...\r\n\r\n\r\nexpect = no no yes"),
        "[zgame]\r\n...\r\n\r\nexpect = no no yes\r\n"
    );
    assert_eq!(
        format("[zgame]\r\n...\nexpect = x\r\n"),
        "[zgame]\r\n...\r\nexpect = x\r\n"
    );
    assert_eq!(
        format("[zgame]\r...\rexpect = x"),
        "[zgame]\r...\rexpect = x\r"
    );
    // A tie keeps `\n`.
    assert_eq!(format("[zgame]\r\n...\nx"), "[zgame]\n...\nx\n");
}

#[test]
fn the_file_ends_with_exactly_one_line_break() {
    assert_eq!(format("[zgame]\n..."), "[zgame]\n...\n");
    assert_eq!(format("[zgame]\n...\n\n\n   \n"), "[zgame]\n...\n");
    assert_eq!(format(""), "");
    assert_eq!(format("\n \n\t\n"), "");
}

#[test]
fn a_bom_is_kept() {
    assert_eq!(format("\u{feff}  [zgame]\n"), "\u{feff}[zgame]\n");
    assert_eq!(format("[zgame]\n"), "[zgame]\n");
}

// ---- properties ----

fn assert_span(text: &str, span: Span, what: &str) {
    assert!(span.start <= span.end, "{what}: reversed span {span:?}");
    assert!(
        span.end <= text.len(),
        "{what}: span {span:?} past the end ({})",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

fn assert_spans(text: &str, parse: &Parse) {
    for case in &parse.file.cases {
        assert_span(text, case.span, "case");
        assert_span(text, case.header.span, "header");
        for s in case.header.game.iter().chain(&case.header.name) {
            assert_span(text, s.span, "header field");
        }
        for p in &case.props {
            assert_span(text, p.span, "property");
            assert_span(text, p.key.span, "key");
            assert_span(text, p.value.span, "value");
            assert_eq!(
                text.get(p.key.span.start..p.key.span.end),
                Some(p.key.value.as_str())
            );
            assert_eq!(
                text.get(p.value.span.start..p.value.span.end),
                Some(p.value.value.as_str())
            );
        }
        for r in &case.rows {
            assert_span(text, r.span, "row");
        }
    }
    for a in &parse.file.allows {
        assert_span(text, a.span, "allow");
        for c in &a.codes {
            assert_span(text, c.span, "code");
        }
    }
    for c in &parse.file.comments {
        assert_span(text, *c, "comment");
    }
    for e in &parse.errors {
        assert_span(text, e.span, "error");
    }
}

/// Everything the properties demand of one text.
fn check_text(text: &str) {
    let parse = syntax::parse(text);
    assert_spans(text, &parse);
    let out = format(text);
    let again = syntax::parse(&out);
    assert_spans(&out, &again);
    assert_eq!(
        meaning_with_comments(text, &parse),
        meaning_with_comments(&out, &again),
        "formatting changed the meaning of {text:?} into {out:?}"
    );
    assert_eq!(
        format(&out),
        out,
        "formatting is not idempotent on {text:?}"
    );
}

/// Text made of the characters that matter to the syntax, plus some that test boundaries.
fn board_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "[", "]", "\"", "\\", "/", "//", "=", " ", "\t", "\n", "\r", "\r\n", "zgame", "race", "Z",
        "9", "_", "-", ".", "B", "A", "0 1", "expect", "boardls:", "allow", "W201", "w2", ",", "é",
        "日", "😀", "\u{feff}", "\u{3000}", "\0",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
}

/// A valid file with a few random edits (insert, delete, replace), at character positions.
fn edited_file() -> impl Strategy<Value = String> {
    const FILES: [&str; 3] = [
        include_str!("../data/syntax/all_kinds.board"),
        include_str!("../data/syntax/messy.board"),
        include_str!("../data/syntax/e104_unclosed_header.board"),
    ];
    let edit = (
        0usize..10_000,
        0usize..4,
        0usize..8,
        "[\\[\\]\"\\\\/= \t\r\na-zA-Z0-9é日😀]{0,4}",
    );
    (
        prop::sample::select(FILES.to_vec()),
        prop::collection::vec(edit, 1..6),
    )
        .prop_map(|(file, edits)| {
            let mut chars: Vec<char> = file.chars().collect();
            for (at, kind, len, insert) in edits {
                let at = at % (chars.len() + 1);
                let end = (at + len).min(chars.len());
                match kind {
                    0 => {
                        chars.drain(at..end);
                    }
                    1 => {
                        chars.splice(at..end, insert.chars());
                    }
                    _ => {
                        chars.splice(at..at, insert.chars());
                    }
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    // `PROPTEST_CASES=100000` overrides these counts for a longer run.
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check_text(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_unicode(text in "\\PC{0,100}") {
        check_text(&text);
    }

    #[test]
    fn board_like_text(text in board_like()) {
        check_text(&text);
    }

    #[test]
    fn edits_of_valid_files(text in edited_file()) {
        check_text(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn very_long_lines(piece in board_like(), times in 1000usize..20_000) {
        let line = piece.replace(['\n', '\r'], "");
        check_text(&format!("[zgame]\n{}\n{}", line.repeat(times), line));
    }
}
