" Vim syntax for .board files (boardls), the same classes as grammar/board.tmLanguage.json:
" comments and `// boardls: allow CODE` directives, headers, `key = value` properties with
" answer words and piece names, and grid cells by kind. With the language server attached,
" Neovim 0.9+ also colours cells by outcome through semantic tokens (@lsp.type.winning, …).
if exists("b:current_syntax")
  finish
endif

syn match boardComment "//.*$" contains=boardDirective
syn match boardDirective "//\s*\zsboardls:\s*allow\>.*$" contained contains=boardCode
syn match boardCode "\<[EWI]\d\{3}\>" contained

syn region boardHeader start="^\s*\[" end="\]\|$" oneline contains=boardGame,boardName
syn match boardGame "\[\s*\zs[a-z][a-z0-9_-]*" contained
syn region boardName start=+"+ skip=+\\[\\"]+ end=+"\|$+ oneline contained contains=boardEscape
syn match boardEscape +\\[\\"]+ contained

syn match boardProperty "^\s*[a-z][a-z0-9_-]*\s*=.*$" contains=boardKey,boardComment
syn match boardKey "^\s*\zs[a-z][a-z0-9_-]*\ze\s*=" contained nextgroup=boardEquals skipwhite
syn match boardEquals "=" contained nextgroup=boardValue skipwhite
syn match boardValue "[^/]*" contained contains=boardAnswer,boardPiece,boardNumber
syn match boardAnswer "\c\<\(yes\|no\|first\|second\|draw\|[abgd]\)\>" contained
syn match boardPiece "\<\(king\|rook\|knight\|queen\)\>" contained
syn match boardNumber "\<\d\+\>" contained

" Grid rows: lines that are not headers, comments or properties.
syn match boardRow "^\s*[^[:space:]\[/=][^=]*$" contains=boardCellA,boardCellB,boardWall,boardBlocked,boardLetterA,boardLetterB,boardComment
syn match boardCellA "A" contained
syn match boardCellB "B" contained
syn match boardWall "#" contained
syn match boardBlocked "1" contained
syn match boardLetterA "a" contained
syn match boardLetterB "b" contained

hi def link boardComment Comment
hi def link boardDirective PreProc
hi def link boardCode Constant
hi def link boardHeader Delimiter
hi def link boardGame Title
hi def link boardName String
hi def link boardEscape SpecialChar
hi def link boardKey Identifier
hi def link boardEquals Operator
hi def link boardAnswer Boolean
hi def link boardPiece Type
hi def link boardNumber Number
hi def link boardCellA Constant
hi def link boardCellB Statement
hi def link boardWall Type
hi def link boardBlocked Type
hi def link boardLetterA Constant
hi def link boardLetterB Statement

let b:current_syntax = "board"
