//! The committed parser against its corpus, against boardls's own parser (the reference for what
//! is a syntax error: an ERROR or MISSING node on exactly the lines where boardls reports an
//! `E1xx`), and its highlight queries against the grammar. Needs no tree-sitter CLI.

use proptest::prelude::*;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use tree_sitter::{Node, Parser, Query, QueryCursor, StreamingIterator, Tree};

fn grammar_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn repo() -> PathBuf {
    grammar_dir().join("../..")
}

fn parse(text: &str) -> Tree {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_board::LANGUAGE.into())
        .expect("the runtime reads the parser's ABI");
    parser
        .parse(text, None)
        .expect("no timeout or cancellation is set")
}

/// Where each line starts: after `\r\n`, `\n` or a lone `\r`, as in the EBNF (tree-sitter's own
/// rows count `\n` only).
fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                i += 2;
                starts.push(i);
            }
            b'\r' | b'\n' => {
                i += 1;
                starts.push(i);
            }
            _ => i += 1,
        }
    }
    starts
}

fn line_of(starts: &[usize], byte: usize) -> usize {
    starts.partition_point(|&s| s <= byte) - 1
}

/// The first and last line (0-based) of each ERROR or MISSING node; a line break at the end of
/// an error does not count as the next line. A MISSING token the grammar hides (the end of a bad
/// line) is not a node of its own: the node holding it stands for it.
fn tree_sitter_errors(text: &str, tree: &Tree) -> Vec<(usize, usize)> {
    let starts = line_starts(text);
    let mut spans = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let error_inside = children.iter().any(|c| c.has_error() || c.is_missing());
        if node.is_error() || node.is_missing() || (node.has_error() && !error_inside) {
            let end = text[..node.end_byte()].trim_end_matches(['\r', '\n']).len();
            let first = line_of(&starts, node.start_byte());
            let last = line_of(&starts, end.max(node.start_byte() + 1) - 1).max(first);
            spans.push((first, last));
        } else if node.has_error() {
            stack.extend(children);
        }
    }
    spans
}

/// The lines (0-based) where boardls reports a syntax error.
fn boardls_error_lines(text: &str) -> BTreeSet<usize> {
    let starts = line_starts(text);
    boardls::syntax::parse(text)
        .errors
        .iter()
        .map(|d| {
            assert!(d.code.starts_with("E1"), "not a syntax error: {d:?}");
            line_of(&starts, d.span.start)
        })
        .collect()
}

/// The lines of `text` that `lines` names, for messages.
fn show(text: &str, lines: impl IntoIterator<Item = usize>) -> Vec<String> {
    let starts = line_starts(text);
    lines
        .into_iter()
        .map(|l| {
            let end = starts.get(l + 1).copied().unwrap_or(text.len());
            format!("{}: {:?}", l + 1, &text[starts[l]..end])
        })
        .collect()
}

/// tree-sitter finds a syntax error exactly when boardls does, and on every line where boardls
/// does. It may see more lines than boardls: where bad lines come close together, its error
/// recovery may join them into one ERROR node, lines between them included, and a malformed
/// first header may end up in the error instead of starting its case.
fn assert_errors_where_boardls_has(name: &str, text: &str) {
    let tree = parse(text);
    let ours: BTreeSet<usize> = tree_sitter_errors(text, &tree)
        .iter()
        .flat_map(|&(a, b)| a..=b)
        .collect();
    let reference = boardls_error_lines(text);
    let missed: Vec<usize> = reference.difference(&ours).copied().collect();
    assert!(
        missed.is_empty() && ours.is_empty() == reference.is_empty(),
        "{name}: tree-sitter sees no error on {:?}\nlines with errors: tree-sitter {:?}, boardls {:?}\ntree: {}",
        show(text, missed),
        show(text, ours),
        show(text, reference),
        tree.root_node().to_sexp()
    );
}

/// Each bad line is an error of its own, and no other line has one: the recovery of the
/// examples, the fixtures and the corpus, whose bad lines are apart, is line by line.
fn assert_same_error_lines(name: &str, text: &str) {
    let tree = parse(text);
    let ours: BTreeSet<usize> = tree_sitter_errors(text, &tree)
        .iter()
        .flat_map(|&(a, b)| a..=b)
        .collect();
    let reference = boardls_error_lines(text);
    assert_eq!(
        show(text, ours),
        show(text, reference),
        "{name}: the lines with errors, tree-sitter's then boardls's\ntree: {}",
        tree.root_node().to_sexp()
    );
}

fn board_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            board_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "board") {
            out.push(path);
        }
    }
}

#[test]
fn examples_and_fixtures_have_errors_exactly_where_boardls_has() {
    let mut files = Vec::new();
    for dir in ["examples", "tests", "editors"] {
        board_files(&repo().join(dir), &mut files);
    }
    files.sort();
    assert!(files.len() >= 20, "found only {files:?}");
    let mut clean = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_same_error_lines(&file.display().to_string(), &text);
        clean += usize::from(boardls::syntax::parse(&text).errors.is_empty());
    }
    // Both kinds are there: files without syntax errors, and the E1xx fixtures.
    assert!(
        clean >= 8 && files.len() - clean >= 11,
        "{clean} clean of {}",
        files.len()
    );
}

#[test]
fn the_parse_fuzz_corpus_has_errors_where_boardls_has() {
    let dir = repo().join("tests/fuzz/corpus/parse");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).expect("the kept fuzz corpus") {
        let path = entry.expect("a readable folder").path();
        let bytes = fs::read(&path).expect("a readable file");
        // boardls reads text; bytes that are not UTF-8 never reach its parser.
        if let Ok(text) = String::from_utf8(bytes) {
            assert_errors_where_boardls_has(&path.display().to_string(), &text);
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} inputs");
}

/// Lines of every kind, well and badly formed, for random files.
fn line() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just(String::new()),
        Just("   ".to_string()),
        Just("// a comment".to_string()),
        Just("//".to_string()),
        Just("// boardls: allow W201 E301".to_string()),
        Just("//boardls:allow I220".to_string()),
        Just("// boardls: suite".to_string()),
        Just("// boardls: suite now".to_string()),
        Just("// boardls: sample".to_string()),
        Just("// boardls: sample 2".to_string()),
        Just("// boardls: samples".to_string()),
        Just("// boardls: group small-1".to_string()),
        Just("//boardls:group\tA_b".to_string()),
        Just("// boardls: group".to_string()),
        Just("// boardls: group two words".to_string()),
        Just("// boardls: group _x".to_string()),
        Just("// boardls: group a.b".to_string()),
        Just(format!("// boardls: group {}", "g".repeat(65))),
        Just("// boardls: alow W201".to_string()),
        Just("// boardls: allow w201".to_string()),
        Just("// boardls: allow W201,W301".to_string()),
        Just("// boardls: allow W201W301".to_string()),
        Just("// boardls:".to_string()),
        Just("// boardls: allow".to_string()),
        Just("[zgame]".to_string()),
        Just("[zgame \"a // b\"]".to_string()),
        Just("[ race\"x\\\"y\\\\\" ] // c".to_string()),
        Just("[Zgame]".to_string()),
        Just("[]".to_string()),
        Just("[zgame \"open".to_string()),
        Just("[zgame \"bad \\q\"]".to_string()),
        Just("[zgame name]".to_string()),
        Just("[zgame".to_string()),
        Just("[zgame] junk".to_string()),
        Just("[zgame]// boardls: allow W201".to_string()),
        Just("expect = no no yes".to_string()),
        Just("size=5 5// c".to_string()),
        Just("key = a = b".to_string()),
        Just("key =".to_string()),
        Just("key = // c".to_string()),
        Just("= 5".to_string()),
        Just("Key = 5".to_string()),
        Just("a b = 5".to_string()),
        Just("k.y = 5".to_string()),
        Just("..B".to_string()),
        Just("ab//c=d".to_string()),
        Just("a/b/".to_string()),
        Just("/x".to_string()),
        Just("0 0 1".to_string()),
        Just("#\u{a0}A".to_string()),
        Just("]a[\"".to_string()),
        Just("aab // boardls: alow".to_string()),
        Just("a\u{0}b".to_string()),
        Just("\u{feff}ab".to_string()),
        "[a-c.#AB01/ =\\[\\]\"]{1,8}",
    ];
    (pieces, "[ \t]{0,2}", "[ \t]{0,2}").prop_map(|(p, lead, trail)| format!("{lead}{p}{trail}"))
}

fn file() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            (line(), prop_oneof![Just("\n"), Just("\r\n"), Just("\r")]),
            0..12,
        ),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, bom, last_break)| {
            let mut text = String::from(if bom { "\u{feff}" } else { "" });
            let count = lines.len();
            for (i, (l, eol)) in lines.into_iter().enumerate() {
                text.push_str(&l);
                if i + 1 < count || last_break {
                    text.push_str(eol);
                }
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn random_files_have_errors_where_boardls_has(text in file()) {
        assert_errors_where_boardls_has("random file", &text);
    }
}

/// One entry of a corpus file: its name, its input, the expected tree, and whether it is marked
/// `:error` (the input must not parse cleanly; no tree is written).
struct Entry {
    name: String,
    input: String,
    expected: String,
    error: bool,
}

/// `tree-sitter test`'s corpus format: `===`, the name, attributes such as `:error`, `===`, the
/// input, `---`, the expected tree.
fn corpus_entries(text: &str) -> Vec<Entry> {
    let lines: Vec<&str> = text.split('\n').collect();
    let is_rule = |l: &str, c: char| l.len() >= 3 && l.chars().all(|x| x == c);
    let mut entries = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let name = lines[i + 1].to_string();
        let mut j = i + 2;
        let mut error = false;
        while !is_rule(lines[j], '=') {
            assert!(
                lines[j].starts_with(':'),
                "{name}: an attribute or the closing rule"
            );
            error |= lines[j].trim() == ":error";
            j += 1;
        }
        let mut k = j + 1;
        while !is_rule(lines[k], '-') {
            k += 1;
        }
        let input = lines[j + 1..k].join("\n");
        let mut next = k + 1;
        while next < lines.len() && !is_rule(lines[next], '=') {
            next += 1;
        }
        let expected = lines[k + 1..next].join("\n");
        entries.push(Entry {
            name,
            input,
            expected,
            error,
        });
        i = next;
    }
    entries
}

/// An S-expression with single spaces, and without field names unless `fields`.
fn normalise(sexp: &str, fields: bool) -> String {
    let mut words: Vec<String> = Vec::new();
    for word in sexp
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
    {
        if !fields && word.ends_with(':') {
            continue;
        }
        words.push(word.to_string());
    }
    words.join(" ").replace("( ", "(").replace(" )", ")")
}

#[test]
fn corpus() {
    let dir = grammar_dir().join("test/corpus");
    let mut count = 0;
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("test/corpus")
        .map(|e| e.expect("a readable folder").path())
        .collect();
    files.sort();
    for path in files {
        let text = fs::read_to_string(&path).expect("a corpus file");
        for entry in corpus_entries(&text) {
            let where_ = format!("{}: {}", path.display(), entry.name);
            assert_same_error_lines(&where_, &entry.input);
            let tree = parse(&entry.input);
            if entry.error {
                assert!(
                    tree.root_node().has_error(),
                    "{where_}: no error in {}",
                    tree.root_node().to_sexp()
                );
            } else {
                let fields = entry.expected.contains(':');
                let actual = normalise(&tree.root_node().to_sexp(), fields);
                assert_eq!(actual, normalise(&entry.expected, fields), "{where_}");
            }
            count += 1;
        }
    }
    assert!(count >= 40, "only {count} corpus entries");
}

#[test]
fn the_parser_is_generated_from_this_grammar_js() {
    let stamp = fs::read_to_string(grammar_dir().join("src/GENERATED")).expect("src/GENERATED");
    let digest = Sha256::digest(fs::read(grammar_dir().join("grammar.js")).expect("grammar.js"));
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert!(
        stamp
            .lines()
            .any(|l| l == format!("grammar.js sha256 {hex}")),
        "src/ was generated from another grammar.js: run grammar/tree-sitter-board/generate.sh\n{stamp}"
    );
}

fn captures(query_text: &str, text: &str) -> Vec<(String, String)> {
    let language = tree_sitter_board::LANGUAGE.into();
    let query = Query::new(&language, query_text).expect("the query fits the grammar");
    let tree = parse(text);
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(&query, tree.root_node(), text.as_bytes());
    let mut out = Vec::new();
    while let Some(m) = matches.next() {
        for c in m.captures {
            let name = query.capture_names()[c.index as usize];
            if !name.starts_with('_') {
                out.push((node_text(c.node, text).to_string(), name.to_string()));
            }
        }
    }
    out
}

fn node_text<'a>(node: Node<'_>, text: &'a str) -> &'a str {
    &text[node.byte_range()]
}

const SAMPLE: &str = "// boardls: allow W501\n// boardls: group small-1\n[race \"a\\\"b\"]\nA..#\n.##B\nexpect = A\n[chess]\npiece = queen\nsize = 5 5\nnote = x\n[strings]\naxb\n[tetris]\n0011\n[zgame]\n...\nmoves = 1,2 2,1>2,2 x/y\n";

#[test]
fn the_highlight_query_colours_each_kind_once() {
    let seen = captures(tree_sitter_board::HIGHLIGHTS_QUERY, SAMPLE);
    let want = [
        ("// boardls:", "keyword.directive"),
        ("allow", "keyword"),
        ("W501", "constant"),
        ("group", "keyword"),
        ("small-1", "label"),
        ("race", "type"),
        ("\"a\\\"b\"", "string"),
        ("\\\"", "string.escape"),
        ("A", "constant.builtin"),
        ("..", "punctuation.delimiter"),
        ("#", "type"),
        ("##", "type"),
        ("B", "keyword"),
        ("expect", "property"),
        ("=", "operator"),
        ("queen", "constant.builtin"),
        ("5 5", "number"),
        ("x", "string"),
        ("a", "constant.builtin"),
        ("b", "keyword"),
        ("00", "punctuation.delimiter"),
        ("11", "type"),
        ("moves", "property"),
        ("1,2", "constant"),
        ("2,1>2,2", "constant"),
    ];
    for (text, name) in want {
        assert!(
            seen.contains(&(text.to_string(), name.to_string())),
            "{text:?} is not captured as {name}: {seen:?}"
        );
    }
    // A word that is no move in any notation stays plain, as in the TextMate grammar.
    assert!(!seen.iter().any(|(text, _)| text == "x/y"), "{seen:?}");
    // No node gets two colours: the patterns do not overlap.
    let mut nodes = BTreeSet::new();
    let language = tree_sitter_board::LANGUAGE.into();
    let query = Query::new(&language, tree_sitter_board::HIGHLIGHTS_QUERY)
        .expect("the query fits the grammar");
    let tree = parse(SAMPLE);
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(&query, tree.root_node(), SAMPLE.as_bytes());
    while let Some(m) = matches.next() {
        for c in m.captures {
            if !query.capture_names()[c.index as usize].starts_with('_') {
                assert!(
                    nodes.insert(c.node.id()),
                    "{:?} captured twice",
                    node_text(c.node, SAMPLE)
                );
            }
        }
    }
}

#[test]
fn the_neovim_query_is_a_copy_and_the_helix_query_uses_helix_names() {
    let neovim = fs::read_to_string(repo().join("editors/neovim/queries/board/highlights.scm"))
        .expect("the Neovim query");
    assert_eq!(
        neovim,
        tree_sitter_board::HIGHLIGHTS_QUERY,
        "editors/neovim/queries/board/highlights.scm is a copy"
    );

    let helix = fs::read_to_string(repo().join("editors/helix/queries/board/highlights.scm"))
        .expect("the Helix query");
    let language = tree_sitter_board::LANGUAGE.into();
    let query = Query::new(&language, &helix).expect("the Helix query fits the grammar");
    // Scopes of Helix's theme documentation (book/src/themes.md, "Syntax highlighting").
    let helix_scopes = [
        "comment",
        "keyword",
        "keyword.directive",
        "label",
        "constant",
        "constant.builtin",
        "constant.character.escape",
        "constant.numeric.integer",
        "type",
        "string",
        "variable.other.member",
        "operator",
        "punctuation.bracket",
        "punctuation.delimiter",
    ];
    for name in query.capture_names() {
        assert!(
            name.starts_with('_') || helix_scopes.contains(name),
            "{name} is not a Helix scope"
        );
    }
    // The same patterns as the grammar's query, only named for Helix.
    let ours = captures(tree_sitter_board::HIGHLIGHTS_QUERY, SAMPLE);
    let theirs = captures(&helix, SAMPLE);
    assert_eq!(
        ours.iter().map(|(t, _)| t).collect::<Vec<_>>(),
        theirs.iter().map(|(t, _)| t).collect::<Vec<_>>()
    );
}
