; Highlighting of .board files, with the capture names of the tree-sitter CLI and Neovim
; (editors/neovim/queries/board/highlights.scm is a copy of this file; Helix names its own:
; editors/helix/queries/board/highlights.scm). The patterns never overlap, so that editors that
; let the first pattern win and editors that let the last one win colour alike.

(comment) @comment

(directive_marker) @keyword.directive

(directive
  [
    "allow"
    "suite"
    "sample"
    "group"
  ] @keyword)

(code) @constant

(group_name) @label

(header
  [
    "["
    "]"
  ] @punctuation.bracket)

(game) @type

(name) @string

(escape_sequence) @string.escape

(key) @property

"=" @operator

; Values: the judge's answer after `expect`, the piece after `piece`, numbers (`size = 5 5`).
((property
  key: (key) @_key
  value: (value) @constant.builtin)
  (#any-of? @_key "expect" "piece"))

((property
  key: (key) @_key
  value: (value) @number)
  (#not-any-of? @_key "expect" "piece")
  (#match? @number "^[0-9]+([ \t]+[0-9]+)*$"))

((property
  key: (key) @_key
  value: (value) @string)
  (#not-any-of? @_key "expect" "piece")
  (#not-match? @string "^[0-9]+([ \t]+[0-9]+)*$"))

; Moves after `moves =`, coloured as the TextMate grammar colours them: a word in a game's
; notation (a cell `ROW,COLUMN`, a race jump `ROW,COLUMN>ROW,COLUMN`, `pass`, a strings letter);
; other words stay plain (whether a move is legal is the server's to say, E217).
((move) @constant
  (#match? @constant "^([0-9]+,[0-9]+(>[0-9]+,[0-9]+)?|pass|[a-z])$"))

; Cells, one node per run of equal cells: the two players' cells (zgame, race: `A` `B`; strings:
; the letters `a` `b` that decide the winner), blocked cells (race `#`, tetris `1`), free cells
; (`.`, tetris `0`), other letters (strings). Which cells a game allows is the server's to say.
((cells) @constant.builtin
  (#match? @constant.builtin "^(A+|a+)$"))

((cells) @keyword
  (#match? @keyword "^(B+|b+)$"))

((cells) @type
  (#match? @type "^(#+|1+)$"))

((cells) @punctuation.delimiter
  (#match? @punctuation.delimiter "^([.]+|0+)$"))

((cells) @string
  (#match? @string "^[c-z]+$"))
