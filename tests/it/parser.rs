//! Golden tests of the parser: a `.board` text in, its tree and syntax errors out.
//!
//! Spans print as `line:col..line:col` (1-based, columns in characters). `UPDATE_EXPECT=1
//! cargo test --test it parser` rewrites the expectations.

use boardls::span::{LineIndex, Span};
use boardls::syntax::{self, Parse};
use expect_test::{Expect, expect, expect_file};
use std::fmt::Write as _;

/// The tree and errors in a short form; also checks that every span is inside the text, on
/// character boundaries, and covers what the tree says it does.
fn render(text: &str) -> String {
    let parse = syntax::parse(text);
    check_spans(text, &parse);
    let index = LineIndex::new(text);
    let at = |span: Span| {
        let (l1, c1) = index.line_col_chars(text, span.start);
        let (l2, c2) = index.line_col_chars(text, span.end);
        format!("{}:{}..{}:{}", l1 + 1, c1 + 1, l2 + 1, c2 + 1)
    };
    let mut out = String::new();
    for case in &parse.file.cases {
        let h = &case.header;
        let game = h
            .game
            .as_ref()
            .map_or("-".to_string(), |g| g.value.to_string());
        let _ = write!(out, "case {} {game}", at(case.span));
        if let Some(name) = &h.name {
            let _ = write!(out, " {:?}", name.value);
        }
        let _ = writeln!(out, " (header {})", at(h.span));
        for p in &case.props {
            let _ = writeln!(
                out,
                "  prop {} {} = {:?}",
                at(p.span),
                p.key.value,
                p.value.value
            );
        }
        for r in &case.rows {
            let _ = writeln!(out, "  row {} {:?}", at(r.span), r.text(text));
        }
    }
    for a in &parse.file.allows {
        let codes: Vec<&str> = a.codes.iter().map(|c| c.value.as_str()).collect();
        let _ = writeln!(out, "allow {} {}", at(a.span), codes.join(" "));
    }
    for c in &parse.file.comments {
        let _ = writeln!(out, "comment {}", at(*c));
    }
    for e in &parse.errors {
        let _ = writeln!(out, "error {} {} {}", at(e.span), e.code, e.message);
    }
    out
}

fn slice(text: &str, span: Span) -> &str {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "span {span:?} outside the text"
    );
    match text.get(span.start..span.end) {
        Some(s) => s,
        None => panic!("span {span:?} splits a character"),
    }
}

/// What the tree claims about its spans, checked against the text.
fn check_spans(text: &str, parse: &Parse) {
    let exact = |span: Span, value: &str| assert_eq!(slice(text, span), value);
    for case in &parse.file.cases {
        let case_text = slice(text, case.span);
        assert!(
            case_text.starts_with('['),
            "case span starts at `[`: {case_text:?}"
        );
        assert!(case.span.start <= case.header.span.start && case.header.span.end <= case.span.end);
        if let Some(game) = &case.header.game {
            exact(game.span, &game.value);
        }
        if let Some(name) = &case.header.name {
            assert!(slice(text, name.span).starts_with('"'));
        }
        for p in &case.props {
            exact(p.key.span, &p.key.value);
            exact(p.value.span, &p.value.value);
            assert!(case.span.start <= p.span.start && p.span.end <= case.span.end);
        }
        for r in &case.rows {
            // A row is one line's cells.
            assert!(!r.span.is_empty() && !r.text(text).contains(['\n', '\r']));
            assert!(case.span.start <= r.span.start && r.span.end <= case.span.end);
        }
    }
    for a in &parse.file.allows {
        slice(text, a.span);
        a.codes.iter().for_each(|c| exact(c.span, &c.value));
    }
    for c in &parse.file.comments {
        assert!(slice(text, *c).starts_with("//"));
    }
    for e in &parse.errors {
        slice(text, e.span);
        assert!(
            e.code.starts_with("E1"),
            "syntax error codes are E1xx: {}",
            e.code
        );
    }
}

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&render(text));
}

/// The fixture `tests/data/syntax/NAME.board` against `NAME.parse` beside it.
macro_rules! fixture {
    ($name:ident) => {
        #[test]
        fn $name() {
            let text = include_str!(concat!("../data/syntax/", stringify!($name), ".board"));
            expect_file![concat!("../data/syntax/", stringify!($name), ".parse")]
                .assert_eq(&render(text));
        }
    };
}

// A well-formed file with every kind of line.
fixture!(all_kinds);
// One fixture per syntax error code.
fixture!(e101_row_outside_case);
fixture!(e102_property_outside_case);
fixture!(e103_missing_game);
fixture!(e104_unclosed_header);
fixture!(e105_unterminated_name);
fixture!(e106_bad_escape);
fixture!(e107_text_after_header);
fixture!(e108_empty_key);
fixture!(e109_bad_key);
fixture!(e110_space_in_row);
fixture!(e111_bad_allow);

#[test]
fn every_code_has_an_explanation_and_a_fixture_that_raises_it() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syntax");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(std::result::Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(!syntax::CODES.is_empty());
    let codes: Vec<&str> = syntax::CODES.iter().map(|(code, _)| *code).collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, codes, "codes are listed once, in order");
    assert!(codes.iter().all(|c| c.len() == 4 && c.starts_with("E1")));
    for (code, explanation) in syntax::CODES {
        assert!(explanation.len() > 40, "{code} has a real explanation");
        let prefix = code.to_lowercase();
        let fixture = names
            .iter()
            .find(|n| {
                n.starts_with(&prefix)
                    && std::path::Path::new(n)
                        .extension()
                        .is_some_and(|e| e == "board")
            })
            .unwrap_or_else(|| panic!("no fixture for {code}"));
        let text = std::fs::read_to_string(dir.join(fixture)).unwrap_or_default();
        let parse = syntax::parse(&text);
        assert!(
            parse.errors.iter().any(|e| e.code == *code),
            "{fixture} raises {code}"
        );
        assert!(
            parse.errors.iter().all(|e| e.code == *code),
            "{fixture} raises only {code}"
        );
    }
}

#[test]
fn empty_text_has_nothing() {
    check("", expect![""]);
    check("\n\n  \t\n", expect![""]);
}

#[test]
fn a_case_with_header_props_and_rows() {
    check(
        "[zgame \"sample 1\"]      // first\n..B\n..B\nBB.\nexpect = no no yes\n\n[chess]\npiece = queen\n",
        expect![[r#"
            case 1:1..5:19 zgame "sample 1" (header 1:1..1:19)
              prop 5:1..5:19 expect = "no no yes"
              row 2:1..2:4 "..B"
              row 3:1..3:4 "..B"
              row 4:1..4:4 "BB."
            case 7:1..8:14 chess (header 7:1..7:8)
              prop 8:1..8:14 piece = "queen"
            comment 1:25..1:33
        "#]],
    );
}

#[test]
fn indentation_is_free_and_tabs_are_whitespace() {
    check(
        "\t[race]\t// tab\n  \tA..B\t\n\t expect\t=\tB \t\n",
        expect![[r#"
            case 1:2..3:13 race (header 1:2..1:8)
              prop 3:3..3:13 expect = "B"
              row 2:4..2:8 "A..B"
            comment 1:9..1:15
        "#]],
    );
}

#[test]
fn crlf_line_ends() {
    check(
        "[zgame \"a\"]\r\n..B\r\nexpect = no no yes\r\n\r\n// end\r\n",
        expect![[r#"
            case 1:1..3:19 zgame "a" (header 1:1..1:12)
              prop 3:1..3:19 expect = "no no yes"
              row 2:1..2:4 "..B"
            comment 5:1..5:7
        "#]],
    );
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    check(
        "[tetris]\r0000\r0000\rexpect = No",
        expect![[r#"
            case 1:1..4:12 tetris (header 1:1..1:9)
              prop 4:1..4:12 expect = "No"
              row 2:1..2:5 "0000"
              row 3:1..3:5 "0000"
        "#]],
    );
}

#[test]
fn a_file_may_end_without_a_line_break() {
    check(
        "[strings]\nab\nba",
        expect![[r#"
            case 1:1..3:3 strings (header 1:1..1:10)
              row 2:1..2:3 "ab"
              row 3:1..3:3 "ba"
        "#]],
    );
}

#[test]
fn a_bom_is_skipped_and_spans_stay_byte_offsets() {
    let text = "\u{feff}[zgame \"b\"]\n...\n";
    check(
        text,
        expect![[r#"
            case 1:2..2:4 zgame "b" (header 1:2..1:13)
              row 2:1..2:4 "..."
        "#]],
    );
    let parse = syntax::parse(text);
    assert_eq!(parse.file.cases[0].span.start, 3);
}

#[test]
fn a_bom_is_only_skipped_at_the_start() {
    check(
        "[zgame]\n\u{feff}..\n",
        expect![[r#"
            case 1:1..2:4 zgame (header 1:1..1:8)
              row 2:1..2:4 "\u{feff}.."
        "#]],
    );
}

#[test]
fn names_take_any_unicode_and_escapes() {
    check(
        "[zgame \"é 日本語 😀\"]\n[race \"say \\\"hi\\\" \\\\ // not a comment\"] // a comment\n[chess \"\"]\n",
        expect![[r#"
            case 1:1..1:18 zgame "é 日本語 😀" (header 1:1..1:18)
            case 2:1..2:53 race "say \"hi\" \\ // not a comment" (header 2:1..2:40)
            case 3:1..3:11 chess "" (header 3:1..3:11)
            comment 2:41..2:53
        "#]],
    );
}

#[test]
fn non_ascii_after_errors_keeps_spans_on_char_boundaries() {
    check(
        "[zgame \"é\"] 日本\n日 本\n",
        expect![[r#"
            case 1:1..2:4 zgame "é" (header 1:1..1:12)
              row 2:1..2:4 "日 本"
            error 1:13..1:15 E107 unexpected `日本` after the header
            error 2:2..2:3 E110 whitespace inside a grid row
        "#]],
    );
}

#[test]
fn header_spacing_is_free() {
    check(
        "[ zgame\t\"x\" ]\n[zgame\"y\"]\n",
        expect![[r#"
            case 1:1..1:14 zgame "x" (header 1:1..1:14)
            case 2:1..2:11 zgame "y" (header 2:1..2:11)
        "#]],
    );
}

#[test]
fn allow_comments_anywhere() {
    check(
        "// boardls: allow W201\n[zgame] //boardls:allow E205\tE206\n...\n",
        expect![[r#"
            case 2:1..3:4 zgame (header 2:1..2:8)
              row 3:1..3:4 "..."
            allow 1:1..1:23 W201
            allow 2:9..2:34 E205 E206
            comment 1:1..1:23
            comment 2:9..2:34
        "#]],
    );
}

#[test]
fn a_comment_that_does_not_start_with_the_directive_is_plain() {
    check(
        "// see boardls: allow W201\n// boardls\n",
        expect![[r#"
            comment 1:1..1:27
            comment 2:1..2:11
        "#]],
    );
}

#[test]
fn comments_run_to_the_end_of_the_line_and_do_not_end_a_case() {
    check(
        "[zgame]\n..B // a row\n// last\n   \n",
        expect![[r#"
            case 1:1..2:13 zgame (header 1:1..1:8)
              row 2:1..2:4 "..B"
            comment 2:5..2:13
            comment 3:1..3:8
        "#]],
    );
}

#[test]
fn a_property_value_may_be_empty_or_hold_an_equals_sign() {
    check(
        "[chess]\nsize =\nexpect = a=b // c\npiece=queen\n",
        expect![[r#"
            case 1:1..4:12 chess (header 1:1..1:8)
              prop 2:1..2:7 size = ""
              prop 3:1..3:13 expect = "a=b"
              prop 4:1..4:12 piece = "queen"
            comment 3:14..3:18
        "#]],
    );
}

#[test]
fn a_bad_line_gives_one_error_and_the_next_line_is_read() {
    check(
        "[zgame \"open\n..B\nBad Key = 1\n = 2\n. .\n[Zgame] \"x\"\n",
        expect![[r#"
            case 1:1..5:4 zgame "open" (header 1:1..1:13)
              row 2:1..2:4 "..B"
              row 5:1..5:4 ". ."
            case 6:1..6:12 - (header 6:1..6:8)
            error 1:8..1:13 E105 unterminated name: missing closing `"`
            error 3:1..3:2 E109 key `Bad Key` cannot hold `B`
            error 4:2..4:3 E108 property without a key before `=`
            error 5:2..5:3 E110 whitespace inside a grid row
            error 6:2..6:7 E103 `Zgame` is not a game id
        "#]],
    );
}

#[test]
fn a_header_without_an_id_still_starts_a_case() {
    // Its rows belong to it, not to the case above (which would look ragged).
    check(
        "[zgame]\n...\n[ \"x\"]\n..\n",
        expect![[r#"
            case 1:1..2:4 zgame (header 1:1..1:8)
              row 2:1..2:4 "..."
            case 3:1..4:3 - "x" (header 3:1..3:7)
              row 4:1..4:3 ".."
            error 3:1..3:7 E103 header without a game id
        "#]],
    );
}

#[test]
fn a_malformed_allow_keeps_its_good_codes() {
    check(
        "[zgame] // boardls: allow W201 nope W301\n",
        expect![[r#"
            case 1:1..1:41 zgame (header 1:1..1:8)
            allow 1:9..1:41 W201 W301
            comment 1:9..1:41
            error 1:32..1:36 E111 `nope` is not a diagnostic code
        "#]],
    );
}

#[test]
fn errors_carry_help() {
    let parse = syntax::parse("[zgame \"x\"\n");
    let help: Vec<_> = parse.errors.iter().map(|e| e.help.clone()).collect();
    expect![[r#"
        [
            Some(
                "a header is written `[game \"name\"]`",
            ),
        ]
    "#]]
    .assert_debug_eq(&help);
}

#[test]
fn a_one_megabyte_line_parses() {
    // Linear: a quadratic scan of this line would take minutes.
    let row: String = ".".repeat(1 << 20);
    let text = format!("[zgame]\n{row}\n{row} {row}\n// {row}\nkey = {row}\n[zgame \"{row}\n");
    let parse = syntax::parse(&text);
    assert_eq!(parse.file.cases.len(), 2);
    assert_eq!(parse.file.cases[0].rows.len(), 2);
    assert_eq!(parse.file.cases[0].rows[1].span.len(), (2 << 20) + 1);
    assert_eq!(parse.file.cases[0].props[0].value.value.len(), 1 << 20);
    let codes: Vec<_> = parse.errors.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["E110", "E105"]);
    check_spans(&text, &parse);
}

#[test]
fn many_short_lines_parse() {
    let mut text = String::from("[tetris]\n");
    for _ in 0..200_000 {
        text.push_str("0000\n");
    }
    let parse = syntax::parse(&text);
    assert_eq!(parse.file.cases[0].rows.len(), 200_000);
    assert_eq!(parse.file.cases[0].span.end, text.len() - 1);
}
