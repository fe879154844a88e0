/**
 * @file tree-sitter grammar of `.board` files (boardls): boards of two-player grid games.
 * @license MIT
 *
 * The normative grammar is ../board.ebnf; this one accepts exactly the same texts. Like the
 * format, it is line oriented: a file is a preamble of comments, then cases, each a header line
 * followed by property, grid-row, comment and blank lines. What decides a line's kind lives in
 * src/scanner.c, because it needs to look at the whole line: a line whose first character (after
 * indentation) is neither `[` nor the start of `//` is a property when it holds `=` before any
 * `//`, and a grid row otherwise. A line the EBNF rejects (a row before the first header, `0 0 1`,
 * `[Zgame]`, `// boardls: alow`, …) is read as one token followed by a MISSING one, so that the
 * error stays on its line and the next line parses as if nothing happened, as in boardls.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

module.exports = grammar({
  name: 'board',

  // Only space and tab: U+00A0 and other spaces are content, as in the EBNF.
  extras: (_) => [/[ \t]/],

  // Tokens read by src/scanner.c, in its order.
  externals: ($) => [
    $._newline,
    $.cells,
    $._more_cells,
    $.value,
    $.comment,
    $._directive_start,
    $._bad_directive,
    $.code,
    $._header_start,
    $._bad_header,
    $._invalid_text,
    $._invalid_end,
    $._error_sentinel,
    $.move,
  ],

  rules: {
    // A UTF-8 byte order mark at the very start is skipped by tree-sitter itself. Line breaks
    // come before the line they start, so that the last line needs none and that a line break
    // is welcome wherever a line may end (blank lines, and error recovery).
    source_file: ($) =>
      seq(
        optional($._preamble_line),
        repeat(seq($._newline, optional($._preamble_line))),
        repeat($.case),
      ),

    // Before the first header, only comments are well formed.
    _preamble_line: ($) => choice($._comment, seq($.invalid, optional($._comment))),

    // A case runs from its header to the next header or the end of the file.
    case: ($) =>
      seq(
        field('header', $.header),
        optional($._comment),
        repeat(seq($._newline, optional($._case_line))),
      ),

    _case_line: ($) =>
      choice(
        seq($.property, optional($._comment)),
        seq($.row, optional($._comment)),
        $._comment,
        seq($.invalid, optional($._comment)),
      ),

    // A line boardls reports as a syntax error (E101, E102, E108, E109, E110): its text, and a
    // token that never comes (the parser reports it MISSING, or wraps the line in an ERROR).
    invalid: ($) => seq($._invalid_text, $._invalid_end),

    // The scanner reads the whole header line first: a well-formed header opens with `[` and
    // is read here; a malformed one (E103-E107) is one token up to its comment, followed by a
    // token that never comes (MISSING), so that the case still starts, as in boardls.
    header: ($) =>
      choice(
        seq(
          alias($._header_start, '['),
          field('game', alias($.identifier, $.game)),
          optional(field('name', $.name)),
          ']',
        ),
        seq(alias($._bad_header, '['), $._invalid_end),
      ),

    // Any character but a line break; `"` and `\` only as the escapes `\"` and `\\`.
    name: ($) =>
      seq(
        '"',
        repeat(choice($._name_text, $.escape_sequence)),
        token.immediate('"'),
      ),
    _name_text: (_) => token.immediate(prec(1, /[^"\\\r\n]+/)),
    escape_sequence: (_) => token.immediate(seq('\\', /["\\]/)),

    // `moves = 1,2 2,2`: the moves played from the start, one node each, so that queries can
    // colour them (whether a move is legal is the server's to say). Any other key takes the
    // rest of the line as one value.
    property: ($) =>
      choice(
        seq(field('key', alias('moves', $.key)), '=', optional(field('value', $.move_list))),
        seq(field('key', alias($.identifier, $.key)), '=', optional(field('value', $.value))),
      ),

    // Words separated by spaces; a word is anything up to a space or a `//` (the scanner's).
    move_list: ($) => repeat1($.move),

    // One node per run of equal cells, so that queries can colour cells by kind.
    row: ($) => seq($.cells, repeat(alias($._more_cells, $.cells))),

    _comment: ($) => choice($.comment, $.directive),

    // `// boardls: allow E201 W301`, `// boardls: suite`, `// boardls: sample` or
    // `// boardls: group NAME`; anything else after `boardls:` is an error (E111): the whole
    // comment, followed by a MISSING token.
    directive: ($) =>
      choice(
        seq(
          alias($._directive_start, $.directive_marker),
          choice(seq('allow', repeat1($.code)), 'suite', 'sample', seq('group', $.group_name)),
        ),
        seq(alias($._bad_directive, $.directive_marker), $._invalid_end),
      ),

    // The scanner has checked the name (letters, digits, `_`, `-`; at most 64).
    group_name: (_) => /[A-Za-z0-9][A-Za-z0-9_-]*/,

    // Game ids and keys.
    identifier: (_) => /[a-z][a-z0-9_-]*/,
  },
});
