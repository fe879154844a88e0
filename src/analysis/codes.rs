//! The generic diagnostic codes (E2xx/W2xx, I22x suite findings) and the lookup of any code's
//! explanation.

use crate::games::GameId;

pub const UNKNOWN_GAME: &str = "E201";
pub const UNKNOWN_KEY: &str = "E202";
pub const DUPLICATE_KEY: &str = "E203";
pub const MISSING_KEY: &str = "E204";
pub const BAD_CELL: &str = "E205";
pub const RAGGED_ROW: &str = "E206";
pub const MISSING_GRID: &str = "E207";
pub const UNEXPECTED_GRID: &str = "E208";
pub const BAD_EXPECT: &str = "E209";
pub const WRONG_EXPECT: &str = "E210";
pub const UNSOLVED: &str = "W211";
pub const UNKNOWN_ALLOW: &str = "W212";
pub const FILE_TOO_LARGE: &str = "E213";
pub const TOO_MANY_CASES: &str = "E214";
pub const SOLVER_FAILED: &str = "E215";
pub const NOT_UTF8: &str = "E216";
pub const ILLEGAL_MOVE: &str = "E217";
pub const MOVES_IN_JUDGE_TEST: &str = "E218";
pub const UNCOVERED_ANSWER: &str = "I220";
pub const NO_MAX_CASE: &str = "I221";
pub const DUPLICATE_BOARD: &str = "I222";
pub const SURVIVING_MUTANT: &str = "I223";
pub const CONFIG_SYNTAX: &str = "E230";
pub const CONFIG_UNKNOWN_KEY: &str = "E231";
pub const CONFIG_BAD_VALUE: &str = "E232";
pub const PACKAGE_NO_SECRET: &str = "E240";
pub const PACKAGE_SAMPLE_ALSO_SECRET: &str = "W241";
pub const PACKAGE_NO_SAMPLE: &str = "W242";
pub const PACKAGE_GROUP_NAME: &str = "W243";
pub const PACKAGE_UNSCORED_TEST: &str = "E244";

pub const CODES: &[(&str, &str)] = &[
    (
        UNKNOWN_GAME,
        "The header names a game boardls does not know. The games are zgame, race, chess, tetris and strings.",
    ),
    (
        UNKNOWN_KEY,
        "The case has a property its game does not use. Every game takes `expect` and `moves`; chess also takes `piece` and `size`.",
    ),
    (
        DUPLICATE_KEY,
        "A key appears twice in one case. Only the first is used; delete the other.",
    ),
    (
        MISSING_KEY,
        "The game needs this key to describe the board (chess needs `piece` and `size`).",
    ),
    (
        BAD_CELL,
        "A grid row holds a character outside the game's cell alphabet.",
    ),
    (
        RAGGED_ROW,
        "Grid rows must all have the same length: the board is a rectangle.",
    ),
    (
        MISSING_GRID,
        "The case has no grid rows, but its game is played on a grid given in the file.",
    ),
    (
        UNEXPECTED_GRID,
        "This game takes no grid rows: its board is described by properties (chess: `piece` and `size`).",
    ),
    (
        BAD_EXPECT,
        "`expect` must hold the answer exactly as the original judge prints it for this case.",
    ),
    (
        WRONG_EXPECT,
        "The expected answer differs from the one boardls computed. The quick fix replaces it with the computed answer.",
    ),
    (
        UNSOLVED,
        "The exact search stopped at its budget before it found the answer, or the board needs more memory than the cap allows. Searches (tetris, and strings beyond the original n ≤ 20) stop at a node count (`--nodes`); in the editor also after a time (the setting `boardls.solve.timeSeconds`), so that typing stays responsive. Raise the budget (`boardls.solve.nodes`, `boardls.solve.memoryMb`, or \"Solve with 10× budget\" on the case) or shrink the board.",
    ),
    (
        UNKNOWN_ALLOW,
        "An `allow` comment names a code boardls does not have; it silences nothing.",
    ),
    (
        FILE_TOO_LARGE,
        "The file is larger than the size boardls analyses (see the caps in the README).",
    ),
    (
        TOO_MANY_CASES,
        "The file holds more cases than boardls analyses; cases past the cap are ignored.",
    ),
    (
        SOLVER_FAILED,
        "The solver failed unexpectedly on this case. This is a bug in boardls; please report the case.",
    ),
    (
        NOT_UTF8,
        "`.board` files are UTF-8 text. The bytes from this point on were read with replacement characters.",
    ),
    (
        ILLEGAL_MOVE,
        "A move of `moves = …` cannot be played in the position the moves before it reach: it is not written in the game's notation, is not a legal move there, or comes after the game is over. The case is the position after its moves, so it is not solved until every move is legal. The notations: a cell `ROW,COLUMN` where the move lands (zgame, chess, race; tetris the top-left cell of the square covered; a race jump is both cells, `ROW,COLUMN>ROW,COLUMN`), a letter for strings.",
    ),
    (
        MOVES_IN_JUDGE_TEST,
        "A case with `moves = …` is the position after those moves, and the original judge formats describe only a game's start, so the case cannot be written as a judge test: its board with the position's answer would be a wrong test. Writing judge tests reports it (`boardls export`, `boardls build`, the editor's \"Export tests\"; `check` does not) and exports nothing. Drop `moves` to export the start, or write the position reached as a board of its own (`boardls play` prints it). Allowing the code leaves such cases out of the export instead.",
    ),
    (
        UNCOVERED_ANSWER,
        "Suite check: no case of this game has this answer, so a solution that never prints it could pass.",
    ),
    (
        NO_MAX_CASE,
        "Suite check: no case reaches the original problem's maximum size, so slow solutions could pass.",
    ),
    (
        DUPLICATE_BOARD,
        "Suite check: this board repeats an earlier one (possibly mirrored or rotated, where the game's rules are symmetric), so it tests nothing new.",
    ),
    (
        SURVIVING_MUTANT,
        "Suite finding: no test of the suite kills one of the game's wrong solutions (the zoo of `boardls strength`): every case gets the answer that plausible mistake prints, so a contestant who makes it would pass. `boardls strengthen` searches boards that kill it and writes them as cases.",
    ),
    (
        CONFIG_SYNTAX,
        "`boardls.toml` is not valid TOML. boardls reads none of it until it parses; the message names what the TOML parser expected.",
    ),
    (
        CONFIG_UNKNOWN_KEY,
        "`boardls.toml` has a key boardls does not know (a typo silences nothing, so it is an error). The keys are `allow`, `deny`, `exclude`, `nodes`, `time`, `memory`, `suite` and the table `[export]` with `out`; the JSON Schema `boardls.schema.json` lists them for editors.",
    ),
    (
        CONFIG_BAD_VALUE,
        "A key of `boardls.toml` has a value of the wrong kind or out of range: codes must be boardls codes, `exclude` holds globs, `nodes` and `memory` are whole numbers, `time` is seconds.",
    ),
    (
        PACKAGE_NO_SECRET,
        "`boardls package`: every test is a sample. A problem package needs at least one secret test (`data/secret`); judges reject one without. Take the `sample` label off some cases, or add a plan step without it.",
    ),
    (
        PACKAGE_SAMPLE_ALSO_SECRET,
        "`boardls package`: a sample's board is also a secret test. Contestants see samples, so the secret test tells the judge nothing new (`verifyproblem` warns of identical input files). Drop one of the two.",
    ),
    (
        PACKAGE_NO_SAMPLE,
        "`boardls package`: no test is a sample. Statements show the samples (`data/sample`); label a few small cases `sample` (`// boardls: sample` before a case, `sample:` in a plan).",
    ),
    (
        PACKAGE_UNSCORED_TEST,
        "`boardls package`: the plan gives some groups points (`NAME(25): STEP`), which makes a scoring problem, but a secret test is in no group with points, so it would score nothing. Give its step a group with points.",
    ),
    (
        PACKAGE_GROUP_NAME,
        "`boardls package`: a test group's name is not valid in the problem package format, which takes lowercase letters and digits, with `_` or `-` only between them. Rename the group.",
    ),
];

/// The explanation of any code: syntax, generic or a game's own.
pub fn explain(code: &str) -> Option<&'static str> {
    crate::syntax::CODES
        .iter()
        .chain(CODES)
        .find(|(c, _)| *c == code)
        .map(|(_, text)| *text)
        .or_else(|| GameId::ALL.into_iter().find_map(|g| g.explain(code)))
}

/// Why `code`, given to silence (`--allow`, the editor's `allow`), silences nothing; `None` for
/// a code boardls emits.
pub fn not_a_code(code: &str) -> Option<String> {
    if all_codes().any(|c| c == code) {
        return None;
    }
    let upper = code.to_ascii_uppercase();
    Some(if all_codes().any(|c| c == upper) {
        format!("`{code}` is not a boardls code: codes are written in capitals, `{upper}`")
    } else {
        format!("`{code}` is not a boardls code (`boardls check` prints each one's code)")
    })
}

/// Every code boardls can emit.
pub fn all_codes() -> impl Iterator<Item = &'static str> {
    crate::syntax::CODES
        .iter()
        .chain(CODES)
        .chain(GameId::ALL.into_iter().flat_map(|g| g.spec().codes))
        .map(|(c, _)| *c)
}

/// Where a code's page of documentation will live once one is published: the diagnostics'
/// `codeDescription` links there. There is none yet, so no code has a page.
const DOCS_BASE: Option<&str> = None;

/// The page documenting `code`, when there is one.
pub fn docs_url(code: &str) -> Option<String> {
    DOCS_BASE.map(|base| format!("{base}#{}", code.to_ascii_lowercase()))
}
