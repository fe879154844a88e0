//! One short example per diagnostic code, for `boardls explain`: a `.board` file (and the
//! `boardls.toml` it is checked under, where one is needed) that produces the code. A test
//! checks each example and finds its code.

/// What shows a code.
#[derive(Clone, Copy, Debug)]
pub enum Example {
    /// A `.board` file that produces the code when checked under the `boardls.toml` `project`
    /// (empty: none).
    Board {
        board: &'static str,
        project: &'static str,
    },
    /// A `.board` file that checks clean but that writing judge tests from it refuses
    /// (`boardls export`).
    Exported(&'static str),
    /// A `.board` file that checks clean but that `boardls package` finds fault with, as its
    /// only source.
    Packaged(&'static str),
    /// A `boardls.toml` with the problem.
    Project(&'static str),
    /// A `.board` file too long to print, made by `build`, described by `what`.
    Built {
        what: &'static str,
        build: fn() -> String,
    },
    /// No file of a reasonable size shows it: why.
    Unshown(&'static str),
}

const fn board(board: &'static str) -> Example {
    Example::Board { board, project: "" }
}

/// The example of `code`, for every code boardls emits.
pub fn example(code: &str) -> Option<Example> {
    EXAMPLES.iter().find(|(c, _)| *c == code).map(|(_, e)| *e)
}

const EXAMPLES: &[(&str, Example)] = &[
    ("E101", board("..B\n[zgame \"first\"]\n..B\n")),
    (
        "E102",
        board("expect = yes no no\n[zgame \"first\"]\n..B\n"),
    ),
    ("E103", board("[\"no game\"]\n..B\n")),
    ("E104", board("[zgame \"unclosed\"\n..B\n")),
    ("E105", board("[zgame \"open]\n..B\n")),
    ("E106", board("[zgame \"a\\q\"]\n..B\n")),
    ("E107", board("[zgame \"sample\"] ..B\n..B\n")),
    ("E108", board("[zgame \"sample\"]\n..B\n= no no yes\n")),
    (
        "E109",
        board("[zgame \"sample\"]\n..B\nExpect = no no yes\n"),
    ),
    ("E110", board("[tetris \"spaced\"]\n0 0\n00\n")),
    (
        "E111",
        board("// boardls: alow W301\n[zgame \"sample\"]\n..B\n"),
    ),
    ("E201", board("[zgmae \"typo\"]\n..B\n")),
    (
        "E202",
        board("[zgame \"unknown key\"]\ncolour = red\n..B\n"),
    ),
    (
        "E203",
        board("[tetris \"twice\"]\n0000\n0000\nexpect = Yes\nexpect = No\n"),
    ),
    ("E204", board("[chess \"no size\"]\npiece = queen\n")),
    ("E205", board("[zgame \"bad cell\"]\n..C\n...\n")),
    ("E206", board("[zgame \"ragged\"]\n...\n..\n")),
    ("E207", board("[zgame \"no grid\"]\nexpect = no no yes\n")),
    (
        "E208",
        board("[chess \"grid\"]\npiece = king\nsize = 5 5\n.....\n"),
    ),
    (
        "E209",
        board("[zgame \"bad expect\"]\n...\nexpect = maybe\n"),
    ),
    (
        "E210",
        board("[zgame \"wrong expect\"]\n..B\n..B\nBB.\nexpect = yes no no\n"),
    ),
    (
        "W211",
        Example::Board {
            board: "[tetris \"needs a search\"]\n0000\n0000\n0000\n0000\n",
            project: "nodes = 1\n",
        },
    ),
    (
        "W212",
        board("// boardls: allow E999\n[zgame \"sample\"]\n..B\n"),
    ),
    (
        "E213",
        Example::Unshown("it takes a file over 16 MiB (the cap `MAX_FILE_BYTES`)"),
    ),
    (
        "E214",
        Example::Unshown("it takes a file of over 20 000 cases (the cap `MAX_CASES`)"),
    ),
    (
        "E215",
        Example::Unshown("it marks a bug in a solver: no valid file should produce it"),
    ),
    (
        "E216",
        Example::Unshown("it takes bytes that are not UTF-8, which no text example can hold"),
    ),
    (
        "E217",
        board("[zgame \"illegal move\"]\n...\n...\nmoves = 1,2 3,3\n"),
    ),
    (
        "E218",
        Example::Exported("[zgame \"played on\"]\n...\n...\nmoves = 1,2\n"),
    ),
    (
        "I220",
        board("// boardls: suite\n[zgame \"one answer\"]\n..B\n..B\nBB.\nexpect = no no yes\n"),
    ),
    (
        "I221",
        board("// boardls: suite\n[strings \"small\"]\nab\ncd\nexpect = DRAW\n"),
    ),
    (
        "I222",
        board(
            "// boardls: suite\n[strings \"first\"]\nab\ncd\nexpect = DRAW\n\n\
             [strings \"mirrored\"]\nac\nbd\nexpect = DRAW\n",
        ),
    ),
    (
        "I223",
        board("// boardls: suite\n[strings \"small\"]\nab\ncd\nexpect = DRAW\n"),
    ),
    ("E230", Example::Project("allow = [\"W301\"\nnodes = 3\n")),
    ("E231", Example::Project("alow = [\"W301\"]\n")),
    ("E232", Example::Project("nodes = -1\n")),
    (
        "E240",
        Example::Packaged(
            "// boardls: sample\n[strings \"only a sample\"]\nab\ncd\nexpect = DRAW\n",
        ),
    ),
    (
        "W241",
        Example::Packaged(
            "[strings \"secret\"]\nab\ncd\nexpect = DRAW\n\n// boardls: sample\n[strings \"seen\"]\nab\ncd\nexpect = DRAW\n",
        ),
    ),
    (
        "W242",
        Example::Packaged("[strings \"secret\"]\nab\ncd\nexpect = DRAW\n"),
    ),
    (
        "E244",
        Example::Unshown("it needs a test plan whose groups give points (`NAME(25): STEP`)"),
    ),
    (
        "W243",
        Example::Packaged(
            "// boardls: group Big_\n[strings \"t\"]\nxa\nay\nexpect = FIRST\n\n// boardls: sample\n[strings \"s\"]\nab\ncd\nexpect = DRAW\n",
        ),
    ),
    (
        "E301",
        Example::Unshown("it takes a zgame board over 25 000 000 cells, larger than a file may be"),
    ),
    (
        "W301",
        Example::Built {
            what: "a zgame board of 501 rows (the original allows 500)",
            build: || format!("[zgame \"tall\"]\n{}", "..B\n".repeat(501)),
        },
    ),
    (
        "W302",
        Example::Built {
            what: "a zgame board of 501 columns (the original allows 500)",
            build: || format!("[zgame \"wide\"]\n{}B\n", ".".repeat(500)),
        },
    ),
    ("E401", board("[race \"no A\"]\n..\n.B\n")),
    ("E402", board("[race \"no B\"]\nA.\n..\n")),
    ("E403", board("[race \"two A\"]\nA.\nAB\n")),
    (
        "E404",
        Example::Unshown("it takes a race board over 4 194 304 cells (a 4 MiB file)"),
    ),
    ("W401", board("[race \"not square\"]\nA..\n..B\n")),
    (
        "W402",
        Example::Built {
            what: "a 301×301 race board (the original allows 2 to 300)",
            build: || {
                let mut rows = vec![".".repeat(301); 301];
                rows[0].replace_range(0..1, "A");
                rows[300].replace_range(300..301, "B");
                format!("[race \"large\"]\n{}\n", rows.join("\n"))
            },
        },
    ),
    ("W403", board("[race \"walled\"]\nA#.\n##.\n..B\n")),
    (
        "E501",
        board("[chess \"bishop\"]\npiece = bishop\nsize = 5 5\n"),
    ),
    (
        "E502",
        board("[chess \"size\"]\npiece = king\nsize = five\n"),
    ),
    (
        "E503",
        board("[chess \"empty\"]\npiece = king\nsize = 0 5\n"),
    ),
    (
        "W501",
        board("[chess \"long\"]\npiece = king\nsize = 1001 5\n"),
    ),
    (
        "E601",
        Example::Unshown("it takes a tetris board over 1 048 576 cells (a 1 MiB file)"),
    ),
    (
        "W601",
        Example::Built {
            what: "a tetris board of 2 rows of 51 cells (the original allows 50)",
            build: || format!("[tetris \"wide\"]\n{0}\n{0}\n", "0".repeat(51)),
        },
    ),
    ("W701", board("[strings \"not square\"]\nab\n")),
    (
        "W702",
        Example::Built {
            what: "a 21×21 strings board (the original allows 20)",
            build: || {
                format!(
                    "[strings \"large\"]\n{}",
                    format!("{}\n", &"ab".repeat(11)[..21]).repeat(21)
                )
            },
        },
    ),
];
