// The tokens of `.board` that depend on the whole line (see ../grammar.js and ../../board.ebnf).
//
// At the start of each line the scanner reads the line to its end and decides what it is, as
// boardls's own parser does (src/syntax/line.rs): a header, a comment, a property (it holds `=`
// before any `//`) or a grid row. A line that boardls reports as a syntax error (E101-E111)
// becomes one token, `_invalid_text`, `_bad_header` or `_bad_directive`, which the grammar
// follows with a token that never comes: the parser ends the error there, with a MISSING token
// at the line's end or an ERROR around the bad token, and the next line parses as if nothing
// happened (a malformed header still starts its case, as in boardls). Well-formed lines never
// meet an error: what the scanner accepts, the grammar parses.

#include "tree_sitter/alloc.h"
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

// The order of `externals` in grammar.js.
enum TokenType {
  NEWLINE,
  CELLS,
  MORE_CELLS,
  VALUE,
  COMMENT,
  DIRECTIVE_START,
  BAD_DIRECTIVE,
  CODE,
  HEADER_START,
  BAD_HEADER,
  INVALID_TEXT,
  // Never produced: the parser inserts it (as MISSING) after a bad line's token.
  INVALID_END,
  // Valid only during error recovery.
  ERROR_SENTINEL,
  MOVE,
};

// What the scanner remembers between tokens: whether its last token was a line break (error
// recovery reads a header only at the start of a line).
typedef struct {
  bool after_newline;
} Scanner;

void *tree_sitter_board_external_scanner_create(void) { return ts_calloc(1, sizeof(Scanner)); }

void tree_sitter_board_external_scanner_destroy(void *payload) { ts_free(payload); }

unsigned tree_sitter_board_external_scanner_serialize(void *payload, char *buffer) {
  buffer[0] = (char)((Scanner *)payload)->after_newline;
  return 1;
}

void tree_sitter_board_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  ((Scanner *)payload)->after_newline = length > 0 && buffer[0] != 0;
}

// Only space and tab separate things on a line; every other character is content.
static bool is_ws(int32_t c) { return c == ' ' || c == '\t'; }

// A NUL byte is content: only `eof` ends the text.
static bool at_eol(TSLexer *lexer) {
  return lexer->eof(lexer) || lexer->lookahead == '\n' || lexer->lookahead == '\r';
}

static bool is_id_start(int32_t c) { return c >= 'a' && c <= 'z'; }

static bool is_id_char(int32_t c) { return is_id_start(c) || (c >= '0' && c <= '9') || c == '_' || c == '-'; }

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

static void skip_ws(TSLexer *lexer) {
  while (is_ws(lexer->lookahead)) {
    advance(lexer);
  }
}

static bool accept(TSLexer *lexer, enum TokenType token) {
  lexer->result_symbol = token;
  return true;
}

// Consumes the rest of the line up to a `//` (when `stop_at_comment`) or its end, moving the
// token's end past each character that is not whitespace.
static void extend_to_line_end(TSLexer *lexer, bool stop_at_comment) {
  while (!at_eol(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (stop_at_comment && c == '/' && lexer->lookahead == '/') {
      return;
    }
    if (!is_ws(c)) {
      lexer->mark_end(lexer);
    }
  }
}

// One line break: CRLF, LF or a lone CR.
static bool scan_newline(TSLexer *lexer) {
  if (lexer->lookahead == '\r') {
    advance(lexer);
    if (lexer->lookahead == '\n') {
      advance(lexer);
    }
  } else {
    advance(lexer);
  }
  lexer->mark_end(lexer);
  return accept(lexer, NEWLINE);
}

// Whether a word of `word` comes next, followed by whitespace or the end of the line.
static bool read_word(TSLexer *lexer, const char *word) {
  for (; *word; word++) {
    if (lexer->lookahead != (int32_t)*word) {
      return false;
    }
    advance(lexer);
  }
  return at_eol(lexer) || is_ws(lexer->lookahead);
}

static bool is_group_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// After `group`: one name of letters, digits, `_` and `-` (not starting with `_` or `-`, at most
// 64 characters: a folder name), then nothing (src/syntax/line.rs, `is_group_name`).
static bool read_group_name(TSLexer *lexer) {
  skip_ws(lexer);
  int32_t first = lexer->lookahead;
  if (!is_group_char(first) || first == '_' || first == '-') {
    return false;
  }
  int length = 0;
  while (is_group_char(lexer->lookahead)) {
    advance(lexer);
    length++;
  }
  if (length > 64 || !(at_eol(lexer) || is_ws(lexer->lookahead))) {
    return false;
  }
  skip_ws(lexer);
  return at_eol(lexer);
}

// After `// boardls:`: whether the rest of the line is `allow` and codes, `suite`, `sample` or
// `group NAME`.
static bool read_directive_rest(TSLexer *lexer) {
  skip_ws(lexer);
  if (lexer->lookahead == 's') {
    advance(lexer);
    if (!(lexer->lookahead == 'u' ? read_word(lexer, "uite") : read_word(lexer, "ample"))) {
      return false;
    }
    skip_ws(lexer);
    return at_eol(lexer);
  }
  if (lexer->lookahead == 'g') {
    return read_word(lexer, "group") && read_group_name(lexer);
  }
  if (!read_word(lexer, "allow")) {
    return false;
  }
  int codes = 0;
  for (;;) {
    skip_ws(lexer);
    if (at_eol(lexer)) {
      return codes > 0;
    }
    int32_t c = lexer->lookahead;
    if (c != 'E' && c != 'W' && c != 'I') {
      return false;
    }
    advance(lexer);
    for (int i = 0; i < 3; i++) {
      if (lexer->lookahead < '0' || lexer->lookahead > '9') {
        return false;
      }
      advance(lexer);
    }
    if (!at_eol(lexer) && !is_ws(lexer->lookahead)) {
      return false;
    }
    codes++;
  }
}

// After `//`: a comment to the end of the line (without its trailing whitespace); or, when its
// text starts with `boardls:`, the `// boardls:` of a well-formed directive, or the whole of a
// malformed one (E111).
static bool finish_comment(TSLexer *lexer, const bool *valid_symbols) {
  lexer->mark_end(lexer);
  skip_ws(lexer);
  const char *prefix = "boardls:";
  while (*prefix && lexer->lookahead == (int32_t)*prefix) {
    advance(lexer);
    lexer->mark_end(lexer);
    prefix++;
  }
  if (!*prefix && (valid_symbols[DIRECTIVE_START] || valid_symbols[BAD_DIRECTIVE])) {
    if (read_directive_rest(lexer)) {
      return accept(lexer, DIRECTIVE_START);
    }
    lexer->mark_end(lexer);
    extend_to_line_end(lexer, false);
    return accept(lexer, BAD_DIRECTIVE);
  }
  extend_to_line_end(lexer, false);
  return valid_symbols[COMMENT] && accept(lexer, COMMENT);
}

// Reads the rest of a header line after its `[` (the EBNF's `header ws? comment? eol`) and
// returns whether it is well formed. When it is not, `in_name` says whether reading stopped inside
// a quoted name (at a bad escape, E106).
static bool read_header_rest(TSLexer *lexer, bool *in_name) {
  *in_name = false;
  skip_ws(lexer);
  if (!is_id_start(lexer->lookahead)) {
    return false;
  }
  while (is_id_char(lexer->lookahead)) {
    advance(lexer);
  }
  skip_ws(lexer);
  if (lexer->lookahead == '"') {
    advance(lexer);
    for (;;) {
      if (at_eol(lexer)) {
        return false;
      }
      int32_t c = lexer->lookahead;
      advance(lexer);
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        if (lexer->lookahead != '"' && lexer->lookahead != '\\') {
          *in_name = true;
          return false;
        }
        advance(lexer);
      }
    }
    skip_ws(lexer);
  }
  if (lexer->lookahead != ']') {
    return false;
  }
  advance(lexer);
  skip_ws(lexer);
  if (at_eol(lexer)) {
    return true;
  }
  if (lexer->lookahead != '/') {
    return false;
  }
  advance(lexer);
  return lexer->lookahead == '/';
}

// At a `[` that starts a line: the `[` of a well-formed header, or a malformed header as a whole
// (E103-E107), up to a `//` outside its name (a name whose quote is not closed runs to the end of
// the line, as in boardls) or the end of the line.
static bool scan_header(TSLexer *lexer) {
  advance(lexer);
  lexer->mark_end(lexer);
  bool in_name = false;
  if (read_header_rest(lexer, &in_name)) {
    return accept(lexer, HEADER_START);
  }
  lexer->mark_end(lexer);
  while (!at_eol(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (in_name && c == '\\' && !at_eol(lexer)) {
      advance(lexer);
    } else if (c == '"') {
      in_name = !in_name;
    } else if (!in_name && c == '/' && lexer->lookahead == '/') {
      break;
    }
    if (!is_ws(c)) {
      lexer->mark_end(lexer);
    }
  }
  return accept(lexer, BAD_HEADER);
}

// At the first character of a line that is neither blank nor a header, inside a case (`in_case`)
// or before the first header: a comment; a grid row's first run of equal cells; nothing for a
// well-formed property (the grammar reads its key); or the whole content as `_invalid_text` for
// a bad line: a row or a property before the first header (E101, E102), a property without a
// key or with a bad one (E108, E109), a row with whitespace inside (E110).
static bool scan_line(TSLexer *lexer, const bool *valid_symbols, bool in_case) {
  int32_t first = lexer->lookahead;
  // Known bad from its first character on: the token grows as the line is read.
  bool bad = !in_case || first == '=';
  bool key_ok = is_id_start(first);
  bool run_open = true;
  bool ws_pending = false;
  if (first == '/') {
    advance(lexer);
    if (lexer->lookahead == '/') {
      advance(lexer);
      return finish_comment(lexer, valid_symbols);
    }
    // A lone `/` is a cell, and a run of its own: two would start a comment.
    lexer->mark_end(lexer);
    run_open = false;
  }
  while (!at_eol(lexer)) {
    int32_t c = lexer->lookahead;
    if (c == '=') {
      if (!bad && key_ok) {
        return false;
      }
      advance(lexer);
      lexer->mark_end(lexer);
      extend_to_line_end(lexer, true);
      return accept(lexer, INVALID_TEXT);
    }
    advance(lexer);
    if (c == '/' && lexer->lookahead == '/') {
      break;
    }
    if (is_ws(c)) {
      ws_pending = true;
      run_open = false;
      continue;
    }
    if (ws_pending) {
      // Whitespace inside a row, or inside a key.
      bad = true;
      ws_pending = false;
    }
    run_open = run_open && c == first;
    key_ok = key_ok && is_id_char(c);
    if (run_open || bad) {
      lexer->mark_end(lexer);
    }
  }
  return accept(lexer, bad ? INVALID_TEXT : CELLS);
}

// The next run of equal cells of a row, right after the previous one, or a comment that follows
// the row without a space.
static bool scan_more_cells(TSLexer *lexer, const bool *valid_symbols) {
  int32_t first = lexer->lookahead;
  advance(lexer);
  if (first == '/') {
    if (lexer->lookahead == '/') {
      advance(lexer);
      return finish_comment(lexer, valid_symbols);
    }
  } else {
    while (!lexer->eof(lexer) && lexer->lookahead == first) {
      advance(lexer);
    }
  }
  lexer->mark_end(lexer);
  return accept(lexer, MORE_CELLS);
}

// A property's value: the rest of the line up to a `//`, without trailing whitespace; `=` may
// be in it. When a comment follows `=` directly, the comment.
static bool scan_value(TSLexer *lexer, const bool *valid_symbols) {
  bool any = false;
  while (!at_eol(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '/' && lexer->lookahead == '/') {
      if (any) {
        break;
      }
      advance(lexer);
      return finish_comment(lexer, valid_symbols);
    }
    if (!is_ws(c)) {
      lexer->mark_end(lexer);
      any = true;
    }
  }
  return any && accept(lexer, VALUE);
}

// One move of `moves = …`: a word up to whitespace, the line's end or a `//` (as boardls splits
// the value); when a comment comes first, the comment.
static bool scan_move(TSLexer *lexer, const bool *valid_symbols) {
  bool any = false;
  while (!at_eol(lexer) && !is_ws(lexer->lookahead)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '/' && lexer->lookahead == '/') {
      if (any) {
        break;
      }
      advance(lexer);
      return finish_comment(lexer, valid_symbols);
    }
    lexer->mark_end(lexer);
    any = true;
  }
  return any && accept(lexer, MOVE);
}

// `E201`, `W301`, `I801`, with whitespace before (checked by the caller) and after.
static bool scan_code(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if (c != 'E' && c != 'W' && c != 'I') {
    return false;
  }
  advance(lexer);
  for (int i = 0; i < 3; i++) {
    if (lexer->lookahead < '0' || lexer->lookahead > '9') {
      return false;
    }
    advance(lexer);
  }
  if (!at_eol(lexer) && !is_ws(lexer->lookahead)) {
    return false;
  }
  lexer->mark_end(lexer);
  return accept(lexer, CODE);
}

// During error recovery: a line break, where the parser resumes; a header at the start of a
// line; or a comment (after a bad line's token); any other character is a token of its own, so that skipping a line costs the
// parser more than resuming at the next line break (tree-sitter weighs recoveries by what they
// skip).
static bool scan_in_recovery(TSLexer *lexer, const bool *valid_symbols, const Scanner *state) {
  while (is_ws(lexer->lookahead)) {
    lexer->advance(lexer, true);
  }
  if (lexer->eof(lexer)) {
    return false;
  }
  int32_t first = lexer->lookahead;
  if (first == '\n' || first == '\r') {
    return scan_newline(lexer);
  }
  if (first == '[' && state->after_newline) {
    return scan_header(lexer);
  }
  advance(lexer);
  if (first == '/' && lexer->lookahead == '/') {
    advance(lexer);
    return finish_comment(lexer, valid_symbols);
  }
  lexer->mark_end(lexer);
  return accept(lexer, ERROR_SENTINEL);
}

static bool scan(TSLexer *lexer, const bool *valid_symbols, const Scanner *state) {
  if (valid_symbols[ERROR_SENTINEL]) {
    return scan_in_recovery(lexer, valid_symbols, state);
  }

  if (valid_symbols[MORE_CELLS] && !at_eol(lexer) && !is_ws(lexer->lookahead)) {
    return scan_more_cells(lexer, valid_symbols);
  }

  bool skipped_ws = false;
  while (is_ws(lexer->lookahead)) {
    lexer->advance(lexer, true);
    skipped_ws = true;
  }

  if (at_eol(lexer)) {
    return valid_symbols[NEWLINE] && !lexer->eof(lexer) && scan_newline(lexer);
  }

  // The start of a line (blank lines aside): `_invalid_text` is welcome exactly there.
  if (valid_symbols[INVALID_TEXT]) {
    if (lexer->lookahead == '[') {
      return scan_header(lexer);
    }
    return scan_line(lexer, valid_symbols, valid_symbols[CELLS]);
  }

  if (valid_symbols[MOVE]) {
    return scan_move(lexer, valid_symbols);
  }

  if ((valid_symbols[COMMENT] || valid_symbols[DIRECTIVE_START]) && lexer->lookahead == '/' &&
      !valid_symbols[VALUE]) {
    advance(lexer);
    if (lexer->lookahead != '/') {
      return false;
    }
    advance(lexer);
    return finish_comment(lexer, valid_symbols);
  }

  if (valid_symbols[VALUE]) {
    return scan_value(lexer, valid_symbols);
  }

  if (valid_symbols[CODE] && skipped_ws) {
    return scan_code(lexer);
  }

  return false;
}

bool tree_sitter_board_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = (Scanner *)payload;
  bool found = scan(lexer, valid_symbols, scanner);
  if (found) {
    scanner->after_newline = lexer->result_symbol == NEWLINE;
  }
  return found;
}
