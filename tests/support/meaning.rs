//! What a `.board` text means without its spans: the yardstick for edits (formatting, quick
//! fixes) that must keep a file's meaning, shared by `tests/format.rs` and `tests/actions.rs`.

use boardls::syntax::Parse;

/// A case without spans: game, name, properties, rows.
pub(crate) type CaseMeaning = (
    Option<String>,
    Option<String>,
    Vec<(String, String)>,
    Vec<String>,
);

/// What the file means, without spans: what formatting keeps, and what a quick fix may change
/// only where it means to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Meaning {
    pub(crate) cases: Vec<CaseMeaning>,
    pub(crate) allows: Vec<Vec<String>>,
    pub(crate) comments: Vec<String>,
    pub(crate) errors: Vec<&'static str>,
}

pub(crate) fn meaning(text: &str, parse: &Parse) -> Meaning {
    Meaning {
        cases: parse
            .file
            .cases
            .iter()
            .map(|c| {
                (
                    c.header.game.as_ref().map(|g| g.value.to_string()),
                    c.header.name.as_ref().map(|n| n.value.to_string()),
                    c.props
                        .iter()
                        .map(|p| (p.key.value.to_string(), p.value.value.to_string()))
                        .collect(),
                    c.rows.iter().map(|r| r.text(text).to_string()).collect(),
                )
            })
            .collect(),
        allows: parse
            .file
            .allows
            .iter()
            .map(|a| a.codes.iter().map(|c| c.value.clone()).collect())
            .collect(),
        comments: Vec::new(),
        errors: parse.errors.iter().map(|e| e.code).collect(),
    }
}

/// `meaning` plus the comments' text (trailing whitespace is not part of a comment's meaning).
pub(crate) fn meaning_with_comments(text: &str, parse: &Parse) -> Meaning {
    let mut m = meaning(text, parse);
    m.comments = parse
        .file
        .comments
        .iter()
        .map(|c| {
            text.get(c.start..c.end)
                .unwrap_or("<bad span>")
                .trim_end_matches([' ', '\t'])
                .to_string()
        })
        .collect();
    m
}
