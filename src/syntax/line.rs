//! One line of a `.board` file read on its own: what it is, its fields with spans, its
//! comment, and at most one syntax error. The parser and the formatter both walk these.

use super::ast::{Allow, Header, Property, Row, Spanned, Tag, TagKind};
use crate::bytes::AsciiSet;
use crate::diag::Diagnostic;
use crate::span::Span;
use crate::text::excerpt;
use nom::bytes::complete::{tag, take_till, take_till1, take_while, take_while1};
use nom::character::complete::{satisfy, space0};
use nom::combinator::{opt, recognize};
use nom::{IResult, Input as _, Parser};
use smol_str::{SmolStr, SmolStrBuilder};

pub(crate) use super::located::In;
type Res<'a, O> = IResult<In<'a>, O>;
type NomError<'a> = nom::error::Error<In<'a>>;

pub(super) const ROW_OUTSIDE_CASE: &str = "E101";
pub(super) const PROPERTY_OUTSIDE_CASE: &str = "E102";
pub(super) const MISSING_GAME: &str = "E103";
pub(super) const UNCLOSED_HEADER: &str = "E104";
pub(super) const UNTERMINATED_NAME: &str = "E105";
pub(super) const BAD_ESCAPE: &str = "E106";
pub(super) const TEXT_AFTER_HEADER: &str = "E107";
pub(super) const EMPTY_KEY: &str = "E108";
pub(super) const BAD_KEY: &str = "E109";
pub(super) const SPACE_IN_ROW: &str = "E110";
pub(super) const BAD_ALLOW: &str = "E111";

pub(super) const CODES: &[(&str, &str)] = &[
    (
        ROW_OUTSIDE_CASE,
        "A grid row comes before the first header. Rows belong to a case, and a case starts with a header such as `[zgame \"name\"]`.",
    ),
    (
        PROPERTY_OUTSIDE_CASE,
        "A `key = value` property comes before the first header. Properties belong to a case, and a case starts with a header such as `[chess]`.",
    ),
    (
        MISSING_GAME,
        "A header has no valid game id. The id follows `[` and is lowercase letters, digits, `_` and `-`, starting with a letter: `[zgame]`. The case is still read, but cannot be checked or solved.",
    ),
    (
        UNCLOSED_HEADER,
        "A header is not closed by `]`, or holds something other than the game id and a quoted name before `]`. Names are written in double quotes: `[zgame \"sample 1\"]`.",
    ),
    (
        UNTERMINATED_NAME,
        "A quoted name has no closing `\"` on its line. A `\"` inside a name is written `\\\"`.",
    ),
    (
        BAD_ESCAPE,
        "A quoted name holds a backslash that starts no known escape. The only escapes are `\\\"` (a quote) and `\\\\` (a backslash).",
    ),
    (
        TEXT_AFTER_HEADER,
        "Something follows a header's `]` on the same line. Only a `//` comment may follow; the name goes inside the brackets.",
    ),
    (
        EMPTY_KEY,
        "A line holds `=` but no key before it. A property is written `key = value`.",
    ),
    (
        BAD_KEY,
        "A property key holds a character keys cannot have. Keys are lowercase letters, digits, `_` and `-`, starting with a letter: `expect`, `piece`, `size`.",
    ),
    (
        SPACE_IN_ROW,
        "A grid row has whitespace inside it. Rows are written without spaces (`0010`, not `0 0 1 0`); the row is read with the whitespace removed.",
    ),
    (
        BAD_ALLOW,
        "A comment that starts with `boardls:` is not a well-formed directive. The forms are `// boardls: allow CODE…` with codes such as E201, W301, I220 separated by spaces, `// boardls: suite`, `// boardls: group NAME` (NAME: letters, digits, `_`, `-`) and `// boardls: sample`.",
    ),
];

/// What a line holds.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment.
    Comment,
    /// A header (it starts a case even when it has an error).
    Header(Header),
    Property(Property),
    Row(Row),
    /// Content that could not be read as anything (the line has an error).
    Broken,
}

/// One line, read.
#[derive(Clone, Debug)]
pub(crate) struct Line<'a> {
    /// The line without its break.
    pub text: In<'a>,
    pub item: Item,
    /// Where the line ends without trailing whitespace (a comment included): a case ends
    /// there on its last line with content.
    pub end: usize,
    /// From `//` to the end of the line.
    pub comment: Option<Span>,
    /// What a `// boardls: …` comment says. Boxed, as the error: most lines have neither,
    /// and a small `Line` is cheap to hand over line by line.
    pub directive: Option<Box<Directive>>,
    /// The most useful error of the line, if any.
    pub error: Option<Box<Diagnostic>>,
}

impl Line<'_> {
    /// The text of `span`, a part of this line.
    pub(super) fn slice(&self, span: Span) -> &str {
        let from = span.start - self.text.location_offset();
        &self.text.fragment()[from..from + span.len()]
    }

    /// The comment's text without trailing whitespace.
    pub(super) fn comment_text(&self) -> Option<&str> {
        let comment = self.comment?;
        let from = comment.start.checked_sub(self.text.location_offset())?;
        self.text
            .fragment()
            .get(from..)
            .map(|c| c.trim_end_matches(WS))
    }
}

/// Whitespace inside a line: only spaces and tabs (other characters are content).
pub(crate) const WS: [char; 2] = [' ', '\t'];

/// The lines of a text, read one at a time (so that huge files need no per-line storage).
pub(crate) struct Lines<'a> {
    rest: In<'a>,
    /// Whether a header has been seen: rows and properties before it are errors.
    in_case: bool,
    /// The length of the last plain row read: a grid's next row is most likely as long, and
    /// then its end needs no search.
    row_len: usize,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        let whole = In::new(text);
        let rest = match opt(tag::<_, _, NomError<'a>>("\u{feff}")).parse(whole) {
            Ok((rest, _)) => rest,
            Err(_) => whole,
        };
        Lines {
            rest,
            in_case: false,
            row_len: 0,
        }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.rest.fragment().is_empty() {
            return None;
        }
        if self.in_case
            && let Some((rest, row)) = plain_row_of_len(self.rest, self.row_len)
        {
            self.rest = line_break(rest);
            return Some(row);
        }
        let (rest, text) = split_line(self.rest);
        let line = match self.in_case.then(|| plain_row(text)).flatten() {
            Some(row) => {
                self.row_len = text.fragment().len();
                row
            }
            None => read_any_line(text, self.in_case),
        };
        self.rest = line_break(rest);
        if matches!(line.item, Item::Header(_)) {
            self.in_case = true;
        }
        Some(line)
    }
}

/// The rest after the line's text, and the text up to its break.
fn split_line(input: In<'_>) -> (In<'_>, In<'_>) {
    let bytes = input.fragment().as_bytes();
    let len = memchr::memchr2(b'\n', b'\r', bytes).unwrap_or(bytes.len());
    input.take_split(len)
}

fn line_break(input: In<'_>) -> In<'_> {
    let len = match input.fragment().as_bytes() {
        [b'\r', b'\n', ..] => 2,
        [b'\n' | b'\r', ..] => 1,
        _ => 0,
    };
    input.take_from(len)
}

/// Reads any line: a header, a property, a row, a comment or a blank line.
fn read_any_line(text: In<'_>, in_case: bool) -> Line<'_> {
    let body = skip_ws(trim_end(text));
    let mut line = Line {
        text,
        item: Item::Blank,
        end: end(&body),
        comment: None,
        directive: None,
        error: None,
    };
    let first = body.fragment().chars().next();
    if first.is_none() {
        return line;
    }
    if body.fragment().starts_with("//") {
        line.item = Item::Comment;
        set_comment(&mut line, body);
        return line;
    }
    if first == Some('[') {
        read_header(&mut line, body);
        return line;
    }
    let (content, comment) = split_comment(body);
    let content = trim_end(content);
    if content.fragment().contains('=') {
        read_property(&mut line, content, in_case);
    } else {
        read_row(&mut line, content, in_case);
    }
    if let Some(comment) = comment {
        set_comment(&mut line, comment);
    }
    line
}

/// The first line of `rest` read as a plain row when it is `len` bytes long, and the rest after
/// it: a plain row holds no line break, so a break right after `len` plain bytes ends it.
fn plain_row_of_len(rest: In<'_>, len: usize) -> Option<(In<'_>, Line<'_>)> {
    let bytes = rest.fragment().as_bytes();
    if len == 0 || bytes.len() < len || bytes.get(len).is_some_and(|&b| b != b'\n' && b != b'\r') {
        return None;
    }
    let (after, text) = rest.take_split(len);
    Some((after, plain_row(text)?))
}

/// A line of cells alone inside a case, the bulk of a large file, read in one pass over its
/// bytes: ASCII with no whitespace, line break or other control character, `=` or `/` anywhere
/// and no `[` first, so it can be nothing but a row without error. Any other line is read by
/// the general path, which gives the same `Line` for this one (the tests below hold it to that).
fn plain_row(text: In<'_>) -> Option<Line<'_>> {
    let bytes = text.fragment().as_bytes();
    if any_unplain(bytes) || bytes.first().is_none_or(|&b| b == b'[') {
        return None;
    }
    let span = sp(&text);
    Some(Line {
        text,
        item: Item::Row(Row { span }),
        end: span.end,
        comment: None,
        directive: None,
        error: None,
    })
}

/// Whether a byte is whitespace, a line break or another control, `=`, `/` or not ASCII.
fn any_unplain(bytes: &[u8]) -> bool {
    !PLAIN.contains_all(bytes)
}

/// The bytes a plain row is made of: none of those that can start or part anything but cells.
const PLAIN: AsciiSet = AsciiSet::new(&{
    let mut plain = [false; 128];
    let mut b = 0;
    while b < 128 {
        plain[b] = b > b' ' as usize && b != b'=' as usize && b != b'/' as usize && b != 0x7f;
        b += 1;
    }
    plain
});

/// Records the comment starting at `comment` (already trimmed at the end) and its directive.
fn set_comment(line: &mut Line<'_>, comment: In<'_>) {
    line.comment = Some(Span::new(comment.location_offset(), end(&line.text)));
    let (directive, error) = read_directive(comment);
    line.directive = directive.map(Box::new);
    if line.error.is_none() {
        line.error = error.map(Box::new);
    }
}

fn read_header(line: &mut Line<'_>, body: In<'_>) {
    let open = body.location_offset();
    let after_open = skip_ws(body.take_from(1));
    let mut error: Option<Diagnostic> = None;

    // The id is read loosely (any letters, digits, `_`, `-`) so that `[Zgame]` is reported as
    // a bad id rather than as a missing one.
    let (i, game) = match loose_word(after_open) {
        Some((rest, word)) if is_identifier(word.fragment()) => (rest, Some(spanned_small(word))),
        Some((rest, word)) => {
            error = Some(bad_game_id(word));
            (rest, None)
        }
        None => (after_open, None),
    };
    let missing_game = game.is_none() && error.is_none();

    let i = skip_ws(i);
    let (i, name) = if i.fragment().starts_with('"') {
        let quoted = quoted_name(i);
        keep_first(&mut error, quoted.error);
        if !quoted.closed {
            // The name ran to the end of the line: no `]`, no comment.
            let span = Span::new(open, end(&quoted.rest));
            finish_header(line, span, game, Some(quoted.name), error, missing_game);
            return;
        }
        (skip_ws(quoted.rest), Some(quoted.name))
    } else {
        (i, None)
    };

    let (header_end, comment) = if i.fragment().starts_with(']') {
        let after = skip_ws(i.take_from(1));
        let (junk, comment) = split_comment(after);
        let junk = trim_end(junk);
        if !junk.fragment().is_empty() {
            let mut diag = Diagnostic::error(
                TEXT_AFTER_HEADER,
                sp(&junk),
                format!("unexpected `{}` after the header", excerpt(junk.fragment())),
            );
            diag = if junk.fragment().starts_with('"') && name.is_none() {
                diag.with_help("the name goes inside the brackets: `[game \"name\"]`")
            } else {
                diag.with_help("only a `//` comment may follow a header on its line")
            };
            keep_first(&mut error, Some(diag));
        }
        (i.location_offset() + 1, comment)
    } else if i.fragment().is_empty() || i.fragment().starts_with("//") {
        let (_, comment) = split_comment(i);
        let at = last_content_end(body, i);
        keep_first(
            &mut error,
            Some(
                Diagnostic::error(
                    UNCLOSED_HEADER,
                    Span::new(at, at),
                    "missing `]` to close the header",
                )
                .with_help("a header is written `[game \"name\"]`"),
            ),
        );
        (at, comment)
    } else {
        // Something else where `]` or the name should be: report it and skip to a `]`.
        let (content, comment) = split_comment(i);
        let content = trim_end(content);
        let token = bad_token(content);
        let diag = if name.is_none() && !missing_game && error.is_none() {
            Diagnostic::error(
                UNCLOSED_HEADER,
                sp(&token),
                format!(
                    "expected a quoted name or `]`, found `{}`",
                    excerpt(token.fragment())
                ),
            )
            .with_help("names are written in double quotes: `[zgame \"sample 1\"]`")
        } else {
            Diagnostic::error(
                UNCLOSED_HEADER,
                sp(&token),
                format!("expected `]`, found `{}`", excerpt(token.fragment())),
            )
            .with_help("a header is written `[game \"name\"]`")
        };
        keep_first(&mut error, Some(diag));
        let header_end = match content.fragment().find(']') {
            Some(at) => content.location_offset() + at + 1,
            None => end(&content),
        };
        (header_end, comment)
    };
    let span = Span::new(open, header_end);
    finish_header(line, span, game, name, error, missing_game);
    if let Some(comment) = comment {
        set_comment(line, comment);
    }
}

fn finish_header(
    line: &mut Line<'_>,
    span: Span,
    game: Option<Spanned<SmolStr>>,
    name: Option<Spanned<SmolStr>>,
    error: Option<Diagnostic>,
    missing_game: bool,
) {
    // A missing id is the first thing wrong on the line, but the header's span is only
    // known now.
    line.error = if missing_game {
        Some(
            Diagnostic::error(MISSING_GAME, span, "header without a game id")
                .with_help("write the game first: `[zgame \"name\"]` (games: zgame, race, chess, tetris, strings)"),
        )
    } else {
        error
    }
    .map(Box::new);
    line.item = Item::Header(Header { span, game, name });
}

fn bad_game_id(word: In<'_>) -> Diagnostic {
    let text = word.fragment();
    let lower = text.to_lowercase();
    let diag = Diagnostic::error(
        MISSING_GAME,
        sp(&word),
        format!("`{}` is not a game id", excerpt(text)),
    );
    if is_identifier(&lower) {
        diag.with_help(format!("game ids are lowercase: `{}`", excerpt(&lower)))
    } else {
        diag.with_help(
            "a game id is lowercase letters, digits, `_` and `-`, starting with a letter",
        )
    }
}

/// A quoted name read to its closing quote or to the end of the line.
struct Quoted<'a> {
    rest: In<'a>,
    name: Spanned<SmolStr>,
    closed: bool,
    error: Option<Diagnostic>,
}

/// Reads `"…"` with the escapes `\"` and `\\`. `input` starts at the opening quote.
fn quoted_name(input: In<'_>) -> Quoted<'_> {
    let start = input.location_offset();
    // Inline up to 23 bytes: a name then costs no allocation.
    let mut value = SmolStrBuilder::new();
    let mut error = None;
    let mut i = input.take_from(1);
    loop {
        let (rest, chunk) = match plain_name_chars(i) {
            Ok(ok) => ok,
            Err(_) => (i, i.take(0)),
        };
        value.push_str(chunk.fragment());
        i = rest;
        let mut chars = i.fragment().chars();
        match chars.next() {
            Some('"') => {
                let rest = i.take_from(1);
                return Quoted {
                    rest,
                    name: Spanned {
                        value: value.finish(),
                        span: Span::new(start, rest.location_offset()),
                    },
                    closed: true,
                    error,
                };
            }
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => {
                    value.push(c);
                    i = i.take_from(2);
                }
                Some(c) => {
                    let len = 1 + c.len_utf8();
                    if error.is_none() {
                        error = Some(
                            Diagnostic::error(
                                BAD_ESCAPE,
                                Span::new(i.location_offset(), i.location_offset() + len),
                                format!("unknown escape `\\{c}` in a name"),
                            )
                            .with_help("the only escapes are `\\\"` and `\\\\` (write `\\\\` for a backslash)"),
                        );
                    }
                    value.push('\\');
                    value.push(c);
                    i = i.take_from(len);
                }
                None => {
                    value.push('\\');
                    i = i.take_from(1);
                }
            },
            // The line ended inside the name; this error outranks a bad escape before it.
            _ => {
                let span = Span::new(start, end(&i));
                return Quoted {
                    rest: i,
                    name: Spanned {
                        value: value.finish(),
                        span,
                    },
                    closed: false,
                    error: Some(
                        Diagnostic::error(
                            UNTERMINATED_NAME,
                            span,
                            "unterminated name: missing closing `\"`",
                        )
                        .with_help("a `\"` inside a name is written `\\\"`"),
                    ),
                };
            }
        }
    }
}

fn plain_name_chars(i: In<'_>) -> Res<'_, In<'_>> {
    take_till(|c| c == '"' || c == '\\')(i)
}

fn read_property(line: &mut Line<'_>, content: In<'_>, in_case: bool) {
    let Some(equals) = memchr::memchr(b'=', content.fragment().as_bytes()) else {
        line.item = Item::Broken;
        return;
    };
    let (after_key, key_part) = content.take_split(equals);
    let key = trim_end(key_part);
    let equals = after_key.location_offset();
    let value = trim_end(skip_ws(after_key.take_from(1)));
    let value_span = if value.fragment().is_empty() {
        Span::new(equals + 1, equals + 1)
    } else {
        sp(&value)
    };
    let span = Span::new(
        if key.fragment().is_empty() {
            equals
        } else {
            key.location_offset()
        },
        if value.fragment().is_empty() {
            equals + 1
        } else {
            value_span.end
        },
    );
    let key_error = if key.fragment().is_empty() {
        Some(
            Diagnostic::error(
                EMPTY_KEY,
                Span::new(equals, equals + 1),
                "property without a key before `=`",
            )
            .with_help("a property is written `key = value`"),
        )
    } else {
        bad_key(key)
    };
    line.error = if in_case {
        key_error.clone()
    } else {
        Some(
            Diagnostic::error(
                PROPERTY_OUTSIDE_CASE,
                span,
                "property before the first header",
            )
            .with_help("start a case with a header such as `[zgame]` above it"),
        )
    }
    .map(Box::new);
    line.item = if key_error.is_some() {
        Item::Broken
    } else {
        Item::Property(Property {
            span,
            key: spanned_small(key),
            value: Spanned {
                value: SmolStr::new(value.fragment()),
                span: value_span,
            },
        })
    };
}

/// The error of a key that is not `[a-z][a-z0-9_-]*`, on its first offending character.
fn bad_key(key: In<'_>) -> Option<Diagnostic> {
    let text = key.fragment();
    let (at, c) = text.char_indices().find(|&(at, c)| {
        !(c.is_ascii_lowercase() || (at > 0 && (c.is_ascii_digit() || c == '_' || c == '-')))
    })?;
    let from = key.location_offset() + at;
    let span = Span::new(from, from + c.len_utf8());
    let what = if WS.contains(&c) {
        "a space".to_string()
    } else {
        format!("`{c}`")
    };
    let lower = text.to_lowercase();
    let diag = Diagnostic::error(
        BAD_KEY,
        span,
        format!("key `{}` cannot hold {what}", excerpt(text)),
    );
    Some(if is_identifier(&lower) {
        diag.with_help(format!("keys are lowercase: `{}`", excerpt(&lower)))
    } else {
        diag.with_help("a key is lowercase letters, digits, `_` and `-`, starting with a letter")
    })
}

fn read_row(line: &mut Line<'_>, content: In<'_>, in_case: bool) {
    let text = content.fragment();
    let span = sp(&content);
    let inner_space = text.find(WS);
    line.error = if in_case {
        inner_space.map(|at| {
            let from = content.location_offset() + at;
            Diagnostic::error(
                SPACE_IN_ROW,
                Span::new(from, from + 1),
                "whitespace inside a grid row",
            )
            .with_help("write the row without spaces: one character per cell")
        })
    } else {
        Some(
            Diagnostic::error(ROW_OUTSIDE_CASE, span, "grid row before the first header")
                .with_help("start a case with a header such as `[zgame]` above it"),
        )
    }
    .map(Box::new);
    // Kept as written: offsets into the row are offsets into the source.
    line.item = Item::Row(Row { span });
}

/// What a `// boardls:` comment asks for (`suite` is found by the analysis in the comments).
#[derive(Clone, Debug)]
pub(crate) enum Directive {
    Allow(Allow),
    Tag(Tag),
}

const DIRECTIVES_HELP: &str =
    "the directives are `allow` (`// boardls: allow W201`), `suite`, `group NAME` and `sample`";

/// Reads `boardls: allow CODE…`, `group NAME`, `sample` or `suite` in a comment (`comment`
/// starts at `//`, trimmed at the end).
fn read_directive(comment: In<'_>) -> (Option<Directive>, Option<Diagnostic>) {
    let body = skip_ws(comment.take_from(2));
    let Ok((after, prefix)) = tag::<_, _, NomError<'_>>("boardls:")(body) else {
        return (None, None);
    };
    let i = skip_ws(after);
    let Some((mut i, verb)) = token(i) else {
        return (
            None,
            Some(
                Diagnostic::error(
                    BAD_ALLOW,
                    sp(&prefix),
                    "`boardls:` comment without a directive",
                )
                .with_help("write `// boardls: allow W201` to silence a code in this file"),
            ),
        );
    };
    let whole = Span::new(comment.location_offset(), end(&comment));
    match verb.fragment() {
        "allow" => {}
        "suite" | "sample" => {
            if let Some((_, extra)) = token(skip_ws(i)) {
                return (
                    None,
                    Some(
                        Diagnostic::error(
                            BAD_ALLOW,
                            sp(&extra),
                            format!("`{}` takes nothing after it", verb.fragment()),
                        )
                        .with_help(format!("write `// boardls: {}` alone", verb.fragment())),
                    ),
                );
            }
            let tag = (verb.fragment() == "sample").then_some(Directive::Tag(Tag {
                span: whole,
                kind: TagKind::Sample,
            }));
            return (tag, None);
        }
        "group" => return read_group(whole, verb, i),
        _ => {
            return (
                None,
                Some(
                    Diagnostic::error(
                        BAD_ALLOW,
                        sp(&verb),
                        format!("unknown directive `{}`", excerpt(verb.fragment())),
                    )
                    .with_help(DIRECTIVES_HELP),
                ),
            );
        }
    }
    let mut codes = Vec::new();
    let mut error = None;
    while let Some((rest, code)) = token(skip_ws(i)) {
        i = rest;
        if is_code(code.fragment()) {
            codes.push(spanned(code));
        } else if error.is_none() {
            error = Some(bad_code(code));
        }
    }
    if codes.is_empty() && error.is_none() {
        error = Some(
            Diagnostic::error(BAD_ALLOW, sp(&verb), "`allow` names no code")
                .with_help("list the codes to silence: `// boardls: allow W201 W301`"),
        );
    }
    let allow = (!codes.is_empty()).then_some(Directive::Allow(Allow { span: whole, codes }));
    (allow, error)
}

/// `group NAME`: one name, usable as a folder name on every system.
fn read_group<'a>(
    whole: Span,
    verb: In<'a>,
    rest: In<'a>,
) -> (Option<Directive>, Option<Diagnostic>) {
    let Some((rest, name)) = token(skip_ws(rest)) else {
        return (
            None,
            Some(
                Diagnostic::error(BAD_ALLOW, sp(&verb), "`group` names no group")
                    .with_help("write `// boardls: group NAME`, e.g. `// boardls: group small`"),
            ),
        );
    };
    if let Some((_, extra)) = token(skip_ws(rest)) {
        return (
            None,
            Some(
                Diagnostic::error(BAD_ALLOW, sp(&extra), "a group has one name")
                    .with_help("join the words with `-`: `// boardls: group large-boards`"),
            ),
        );
    }
    if !is_group_name(name.fragment()) {
        return (
            None,
            Some(
                Diagnostic::error(
                    BAD_ALLOW,
                    sp(&name),
                    format!("`{}` is not a group name", excerpt(name.fragment())),
                )
                .with_help(
                    "a group name is letters, digits, `_` and `-`, starting with a letter or digit (it becomes a folder name)",
                ),
            ),
        );
    }
    let tag = Tag {
        span: whole,
        kind: TagKind::Group(spanned(name)),
    };
    (Some(Directive::Tag(tag)), None)
}

/// `small`, `group1`, `large-boards`: a folder name on every system.
pub fn is_group_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && text.len() <= 64
}

fn bad_code(code: In<'_>) -> Diagnostic {
    let text = code.fragment();
    let upper = text.to_uppercase();
    let diag = Diagnostic::error(
        BAD_ALLOW,
        sp(&code),
        format!("`{}` is not a diagnostic code", excerpt(text)),
    );
    if is_code(&upper) {
        diag.with_help(format!("codes are written in capitals: `{upper}`"))
    } else if text.contains(',') {
        diag.with_help("separate codes with spaces: `// boardls: allow W201 W301`")
    } else {
        diag.with_help("a code is E, W or I and three digits, like E201, W301, I801")
    }
}

/// `E201`, `W301`, `I801`: a severity letter and three digits.
fn is_code(text: &str) -> bool {
    matches!(
        text.as_bytes(),
        [b'E' | b'W' | b'I', d1, d2, d3] if [d1, d2, d3].iter().all(|d| d.is_ascii_digit())
    )
}

/// `[a-z][a-z0-9_-]*`, the form of game ids and keys.
pub(crate) fn is_identifier(text: &str) -> bool {
    identifier(In::new(text)).is_ok_and(|(rest, _)| rest.fragment().is_empty())
}

fn identifier(i: In<'_>) -> Res<'_, In<'_>> {
    recognize((
        satisfy(|c| c.is_ascii_lowercase()),
        take_while(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'),
    ))
    .parse(i)
}

/// Letters (any script), digits, `_` and `-`: what a mistyped id may be made of.
fn loose_word(i: In<'_>) -> Option<(In<'_>, In<'_>)> {
    take_while1::<_, _, NomError<'_>>(|c: char| c.is_alphanumeric() || c == '_' || c == '-')(i).ok()
}

/// A run of non-whitespace.
fn token(i: In<'_>) -> Option<(In<'_>, In<'_>)> {
    take_till1::<_, _, NomError<'_>>(|c| WS.contains(&c))(i).ok()
}

/// What to underline where `]` was expected: a word, or else one character.
fn bad_token(i: In<'_>) -> In<'_> {
    if let Some((_, word)) = loose_word(i) {
        return word;
    }
    let len = i.fragment().chars().next().map_or(0, char::len_utf8);
    i.take(len)
}

/// Splits at the first `//`: the text before it and the comment.
fn split_comment(i: In<'_>) -> (In<'_>, Option<In<'_>>) {
    match memchr::memmem::find(i.fragment().as_bytes(), b"//") {
        Some(at) => {
            let (comment, before) = i.take_split(at);
            (before, Some(comment))
        }
        None => (i, None),
    }
}

fn skip_ws(i: In<'_>) -> In<'_> {
    match space0::<_, NomError<'_>>(i) {
        Ok((rest, _)) => rest,
        Err(_) => i,
    }
}

fn trim_end(i: In<'_>) -> In<'_> {
    let len = i.fragment().trim_end_matches(WS).len();
    i.take(len)
}

/// End of the last non-whitespace before `at`, within the line content that starts at `body`.
fn last_content_end(body: In<'_>, at: In<'_>) -> usize {
    let len = at.location_offset().saturating_sub(body.location_offset());
    let before = body.fragment().get(..len).unwrap_or("");
    body.location_offset() + before.trim_end_matches(WS).len()
}

fn keep_first(slot: &mut Option<Diagnostic>, diag: Option<Diagnostic>) {
    if slot.is_none() {
        *slot = diag;
    }
}

fn spanned(i: In<'_>) -> Spanned<String> {
    Spanned {
        value: i.fragment().to_string(),
        span: sp(&i),
    }
}

fn spanned_small(i: In<'_>) -> Spanned<SmolStr> {
    Spanned {
        value: SmolStr::new(i.fragment()),
        span: sp(&i),
    }
}

fn sp(i: &In<'_>) -> Span {
    Span::new(i.location_offset(), end(i))
}

fn end(i: &In<'_>) -> usize {
    i.location_offset() + i.fragment().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The fast path either declines a line or reads it as the general path does.
    fn assert_plain_row_agrees(text: &str) {
        let input = In::new(text);
        if let Some(fast) = plain_row(input) {
            assert_eq!(
                format!("{fast:?}"),
                format!("{:?}", read_any_line(input, true)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn plain_rows_are_taken_by_the_fast_path_and_the_rest_declined() {
        for row in ["..#..", "W.B", "x", "a]b", "#[x", "~!"] {
            assert!(plain_row(In::new(row)).is_some(), "{row:?}");
            assert_plain_row_agrees(row);
        }
        for other in [
            "",
            " ..",
            ".. ",
            ".\t.",
            "a=b",
            "../",
            "// c",
            "[zgame]",
            "[a",
            ".\u{1}.",
            ".\u{7f}",
            // Never a cell, and the byte tables are ASCII.
            "\u{e9}\u{e9}",
        ] {
            assert!(plain_row(In::new(other)).is_none(), "{other:?}");
        }
    }

    proptest! {
        #[test]
        fn the_fast_path_reads_a_line_as_the_general_path(text in "[.#a-c \t=/\\[\\]\u{e9}\u{1}]{0,80}") {
            assert_plain_row_agrees(&text);
        }

        /// Every line of a file, fast path or not, is what the general path reads on it.
        #[test]
        fn every_line_read_is_the_general_reading_of_its_text(
            lines in proptest::collection::vec("[.#a-c \t=/\\[\\]\u{e9}]{0,70}", 0..8),
            breaks in proptest::collection::vec(proptest::sample::select(vec!["\n", "\r\n"]), 8),
        ) {
            let mut text = String::from("[zgame]\n");
            for (line, brk) in lines.iter().zip(&breaks) {
                text.push_str(line);
                text.push_str(brk);
            }
            let mut in_case = false;
            let mut count = 0;
            for line in Lines::new(&text) {
                let general = read_any_line(line.text, in_case);
                prop_assert_eq!(format!("{line:?}"), format!("{general:?}"));
                in_case |= matches!(line.item, Item::Header(_));
                count += 1;
            }
            prop_assert_eq!(count, lines.len() + 1);
        }
    }
}
