//! The language server end to end in-process: the real server over an in-memory pipe, driven
//! by a small JSON-RPC client (`tests/lsp/client.rs`), one test per feature or hazard.

use crate::client;
use crate::fixtures;

use client::{Client, apply_edits, position, units};
use fixtures::{URI, WRONG_EXPECT, at, case_lenses, codes, doc, hard_tetris, solved_lenses, title};
use serde_json::{Value, json};

const MIXED: &str = "\
// three games
[zgame \"one\"]
..B
..B
BB.
expect = no no yes

[chess \"queen\"]
piece = queen
size = 5 5

[race]
A...
.#..
....
...B
expect = A
";

fn has_code(code: &'static str) -> impl Fn(&Value) -> bool {
    move |p: &Value| codes(p).iter().any(|c| c == code)
}

// ---------------------------------------------------------------------------------------------
// Lifecycle and encodings

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn utf8_is_chosen_when_offered_else_utf16() {
    let a = Client::start(&["utf-16", "utf-8"]).await;
    assert_eq!(a.encoding, "utf-8");
    let b = Client::start(&["utf-16"]).await;
    assert_eq!(b.encoding, "utf-16");
    let c = Client::start(&[]).await;
    assert_eq!(c.encoding, "utf-16");
    a.stop().await;
    b.stop().await;
    c.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exits_on_exit_and_when_input_closes() {
    let a = Client::start(&[]).await;
    a.open(URI, 1, WRONG_EXPECT);
    a.stop().await;
    let b = Client::start(&[]).await;
    b.open(URI, 1, &hard_tetris());
    b.hang_up().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_before_initialize_are_refused() {
    let client = Client::spawn(true);
    let answer = client.request("textDocument/hover", at(URI, 0, 0)).await;
    assert_eq!(answer["error"]["code"], -32002, "{answer}");
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_expect_is_reported_with_the_document_version() {
    let client = Client::start(&[]).await;
    client.open(URI, 7, WRONG_EXPECT);
    let params = client.diagnostics(URI, has_code("E210")).await;
    assert_eq!(params["version"], 7);
    let d = params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "E210")
        .unwrap()
        .clone();
    assert_eq!(d["range"]["start"], json!({ "line": 4, "character": 9 }));
    assert_eq!(d["range"]["end"], json!({ "line": 4, "character": 18 }));
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "boardls");
    assert!(d["message"].as_str().unwrap().contains("no no yes"), "{d}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn syntax_and_validation_errors_come_with_precise_spans() {
    let client = Client::start(&[]).await;
    let text = "[zgmae \"typo\"]\n...\n\n[zgame \"key\"]\ncolour = red\n...\n";
    client.open(URI, 1, text);
    let params = client.diagnostics(URI, has_code("E201")).await;
    let diags = params["diagnostics"].as_array().unwrap();
    let e201 = diags.iter().find(|d| d["code"] == "E201").unwrap();
    assert_eq!(e201["range"]["start"], json!({ "line": 0, "character": 1 }));
    assert_eq!(e201["range"]["end"], json!({ "line": 0, "character": 6 }));
    let e202 = diags.iter().find(|d| d["code"] == "E202").unwrap();
    assert_eq!(e202["range"]["start"], json!({ "line": 4, "character": 0 }));
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagnostics_are_capped() {
    let client = Client::start(&[]).await;
    let mut text = String::from("[zgame \"many\"]\n");
    for _ in 0..700 {
        text.push_str("..x\n");
    }
    client.open(URI, 1, &text);
    let params = client.diagnostics(URI, has_code("E205")).await;
    let n = params["diagnostics"].as_array().unwrap().len();
    assert_eq!(n, boardls::config::MAX_DIAGNOSTICS);
    client.stop().await;
}

/// An equal list is published again for a new version (a client that drops publishes made for
/// an older version, as Helix does, would otherwise keep none), and each version's list is its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_version_gets_its_diagnostics_even_when_unchanged() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    let first = client.diagnostics(URI, has_code("E210")).await;
    // Version 2 only adds a comment after everything: the same list, for version 2.
    let end = position(WRONG_EXPECT, WRONG_EXPECT.len(), client.encoding);
    client.change(
        URI,
        2,
        json!([{ "range": { "start": end, "end": end }, "text": "// note\n" }]),
    );
    let second = client.diagnostics(URI, |p| p["version"] == 2).await;
    assert_eq!(second["diagnostics"], first["diagnostics"]);
    // Version 3 adds an unknown key: a new list.
    let text3 = format!("{WRONG_EXPECT}// note\n");
    let end = position(&text3, text3.len(), client.encoding);
    client.change(
        URI,
        3,
        json!([{ "range": { "start": end, "end": end }, "text": "colour = red\n" }]),
    );
    let third = client.diagnostics(URI, |p| p["version"] == 3).await;
    assert!(has_code("E202")(&third), "{third}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Hover

// What each feature says is tested at the `ide` level (`src/ide/tests/`); here, that the server
// answers with it in LSP's shapes and positions.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hovers_are_markdown_with_the_range_they_are_about() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    client.diagnostics(URI, has_code("E210")).await;
    // On a header: the verdict.
    let hover = client.call("textDocument/hover", at(URI, 0, 3)).await;
    assert_eq!(hover["contents"]["kind"], "markdown");
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("Judge answer: `no no yes`"), "{text}");
    // On a cell: that cell, and its range.
    let hover = client.call("textDocument/hover", at(URI, 2, 1)).await;
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.starts_with("**cell (2, 2) of "), "{text}");
    assert_eq!(
        hover["range"],
        json!({ "start": { "line": 2, "character": 1 }, "end": { "line": 2, "character": 2 } })
    );
    // On a diagnostic: its code explained, after what the key under it means.
    let hover = client.call("textDocument/hover", at(URI, 4, 12)).await;
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.starts_with("**expect = "), "{text}");
    assert!(text.contains("\n---\n\n`E210`"), "{text}");
    // Nothing to say on a blank line.
    client.open("file:///test/b.board", 1, "\n\n");
    let hover = client
        .call("textDocument/hover", at("file:///test/b.board", 1, 0))
        .await;
    assert!(hover.is_null(), "{hover}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Code lenses and the expect commands

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lenses_show_outcomes_and_offer_to_write_expect() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, MIXED);
    let lenses = solved_lenses(&client, URI).await;
    let titles: Vec<(u64, String)> = lenses
        .iter()
        .map(|l| (l["range"]["start"]["line"].as_u64().unwrap(), title(l)))
        .collect();
    // zgame: outcome only (its expect is right); chess: outcome + write; race: outcome + update.
    assert_eq!(titles.len(), 5, "{titles:?}");
    assert_eq!(titles[0].0, 1);
    assert!(titles[0].1.starts_with("Alice: "), "{titles:?}");
    assert_eq!(titles[1].0, 7);
    assert_eq!(titles[2], (7, "write expect = B".to_string()));
    assert_eq!(titles[3].0, 11);
    assert_eq!(titles[4], (11, "update expect to B".to_string()));
    assert_eq!(lenses[2]["command"]["command"], "boardls.writeExpect");
    assert_eq!(lenses[2]["command"]["arguments"], json!([URI, 1]));
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn write_expect_sends_an_edit_that_fixes_the_case() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, MIXED);
    solved_lenses(&client, URI).await;
    let answer = client
        .call(
            "workspace/executeCommand",
            json!({ "command": "boardls.writeExpect", "arguments": [URI, 2] }),
        )
        .await;
    assert!(answer.is_null());
    let request = client
        .wait_for("applyEdit", |m| m["method"] == "workspace/applyEdit")
        .await;
    let change = &request["params"]["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 1);
    let edits = change["edits"].as_array().unwrap();
    let fixed = apply_edits(MIXED, edits, client.encoding);
    assert!(fixed.ends_with("...B\nexpect = B\n"), "{fixed}");

    // The client applies it: the wrong expect is gone, the chess case still lacks one.
    client.replace_all(URI, 2, &fixed);
    let params = client
        .diagnostics(URI, |p| p["version"] == 2 && !has_code("E210")(p))
        .await;
    assert!(codes(&params).is_empty(), "{params}");

    // Writing every expect adds the chess line.
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": "boardls.writeAllExpect", "arguments": [URI] }),
        )
        .await;
    let request = client
        .wait_for("applyEdit", |m| m["method"] == "workspace/applyEdit")
        .await;
    let edits = request["params"]["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap()
        .clone();
    let all = apply_edits(&fixed, &edits, client.encoding);
    assert!(all.contains("size = 5 5\nexpect = B\n"), "{all}");

    let bad = client
        .request(
            "workspace/executeCommand",
            json!({ "command": "boardls.writeExpect", "arguments": [URI] }),
        )
        .await;
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_results_are_followed_by_a_lens_refresh() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    client
        .wait_for("lens refresh", |m| {
            m["method"] == "workspace/codeLens/refresh"
        })
        .await;
    let lenses = case_lenses(client.call("textDocument/codeLens", doc(URI)).await);
    assert!(title(&lenses[0]).starts_with("Alice:"), "{lenses}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_give_each_answer_after_its_header_in_either_encoding() {
    let text = "[zgame \"é中😀\"]\n..B\n..B\nBB.\nexpect = yes no no\n\n[race]\nA.\n.B\n";
    for encodings in [&["utf-16"][..], &["utf-8"][..]] {
        let client = Client::start(encodings).await;
        let enc = client.encoding;
        client.open(URI, 1, text);
        // New answers are followed by a refresh, as lenses are.
        client
            .wait_for("inlay hint refresh", |m| {
                m["method"] == "workspace/inlayHint/refresh"
            })
            .await;
        let whole = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 99, "character": 0 } });
        let hints = client
            .call(
                "textDocument/inlayHint",
                json!({ "textDocument": { "uri": URI }, "range": whole }),
            )
            .await;
        let end_of_header = units("[zgame \"é中😀\"]", enc);
        assert_eq!(
            hints[0]["position"],
            json!({ "line": 0, "character": end_of_header }),
            "{hints}"
        );
        assert_eq!(hints[0]["label"], "answer: no no yes ≠ expect", "{hints}");
        assert_eq!(hints[0]["paddingLeft"], true);
        assert_eq!(
            hints[1]["position"],
            json!({ "line": 6, "character": 6 }),
            "{hints}"
        );
        assert_eq!(hints[1]["label"], "answer: B", "{hints}");
        assert!(
            hints[1]["tooltip"]
                .as_str()
                .is_some_and(|t| t.starts_with("B wins")),
            "{hints}"
        );
        // Only the lines asked for.
        let race_only =
            json!({ "start": { "line": 5, "character": 0 }, "end": { "line": 8, "character": 0 } });
        let hints = client
            .call(
                "textDocument/inlayHint",
                json!({ "textDocument": { "uri": URI }, "range": race_only }),
            )
            .await;
        assert_eq!(hints.as_array().map(Vec::len), Some(1), "{hints}");
        assert_eq!(hints[0]["label"], "answer: B", "{hints}");
        client.stop().await;
    }
}

// ---------------------------------------------------------------------------------------------
// Code actions

async fn actions(client: &Client, uri: &str, line: u32, character: u32) -> Vec<Value> {
    let p = json!({ "line": line, "character": character });
    client
        .call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": { "start": p, "end": p }, "context": { "diagnostics": [] } }),
        )
        .await
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn action_edits(action: &Value) -> Vec<Value> {
    action["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_fixes_are_code_actions_with_their_diagnostic_and_edits() {
    let client = Client::start(&[]).await;
    let text = "[zgmae \"typo\"]\n...\n\n[zgame \"wrong\"]\n..B\n..B\nBB.\nexpect = yes no no\n";
    client.open(URI, 1, text);
    client.diagnostics(URI, has_code("E210")).await;
    let find = |all: &[Value], t: &str| all.iter().find(|a| a["title"] == t).cloned();

    let typo = actions(&client, URI, 0, 2).await;
    let fix = find(&typo, "Change to `zgame`").expect("game id fix");
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["diagnostics"][0]["code"], "E201");
    assert!(apply_edits(text, &action_edits(&fix), "utf-16").starts_with("[zgame \"typo\"]\n"));

    let wrong = actions(&client, URI, 7, 10).await;
    let fix = find(&wrong, "Change `expect` to `no no yes`").expect("expect fix");
    assert_eq!(fix["isPreferred"], true);
    assert_eq!(fix["diagnostics"][0]["code"], "E210");
    let after = apply_edits(text, &action_edits(&fix), "utf-16");
    assert!(after.ends_with("BB.\nexpect = no no yes\n"), "{after}");
    assert!(wrong.iter().any(|a| a["kind"] == "source"), "{wrong:?}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Semantic tokens, symbols, folding, formatting, completion

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_colour_solved_cells_with_the_fixed_legend() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, MIXED);
    solved_lenses(&client, URI).await;
    let tokens = client
        .call("textDocument/semanticTokens/full", doc(URI))
        .await;
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(data.len() % 5, 0);
    assert!(!data.is_empty());
    let (mut line, mut col) = (0, 0);
    let mut seen = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            line += t[0];
            col = t[1];
        } else {
            col += t[1];
        }
        assert!(t[2] >= 1, "a token covers a run of cells");
        assert!(t[3] < 5 && t[4] == 0);
        seen.push((line, col, col + t[2]));
    }
    // Only grid cells: zgame rows are lines 2..=4, race rows 12..=15 (chess has no grid).
    for &(l, _, end) in &seen {
        assert!(
            ((2..=4).contains(&l) && end <= 3) || ((12..=15).contains(&l) && end <= 4),
            "{seen:?}"
        );
    }
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_legend_is_the_contract_with_the_extensions() {
    let client = Client::spawn(true);
    let init = client
        .call("initialize", json!({ "capabilities": {} }))
        .await;
    let legend = &init["capabilities"]["semanticTokensProvider"]["legend"];
    assert_eq!(
        legend["tokenTypes"],
        json!(["winning", "losing", "drawn", "path", "meeting"])
    );
    assert_eq!(legend["tokenModifiers"], json!([]));
    assert_eq!(init["capabilities"]["textDocumentSync"]["change"], 2);
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"],
        json!([
            "boardls.writeExpect",
            "boardls.writeAllExpect",
            "boardls.applyFix",
            "boardls.solveWithBudget",
            "boardls.exportFile",
            "boardls.checkSuite"
        ])
    );
    // vscode-languageclient registers the server's commands in VS Code: one the extension
    // registers itself would stop the client from starting ("command … already exists").
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/editors/vscode/package.json"
        ))
        .expect("the extension's manifest"),
    )
    .expect("JSON");
    let extension_commands: Vec<&str> = manifest["contributes"]["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .filter_map(|c| c["command"].as_str())
        .collect();
    assert!(extension_commands.contains(&"boardls.exportTests"));
    for command in init["capabilities"]["executeCommandProvider"]["commands"]
        .as_array()
        .expect("commands")
    {
        let command = command.as_str().expect("a name");
        assert!(
            !extension_commands.contains(&command),
            "{command} is both a server command and one of the extension's"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn symbols_are_cases_with_their_verdicts() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, MIXED);
    solved_lenses(&client, URI).await;
    let symbols = client.call("textDocument/documentSymbol", doc(URI)).await;
    let symbols = symbols.as_array().unwrap();
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["zgame \"one\"", "chess \"queen\"", "race case 3"]);
    assert_eq!(
        symbols[1]["range"]["start"],
        json!({ "line": 7, "character": 0 })
    );
    assert_eq!(
        symbols[1]["range"]["end"],
        json!({ "line": 9, "character": 10 })
    );
    assert_eq!(
        symbols[1]["selectionRange"]["end"],
        json!({ "line": 7, "character": 15 })
    );
    assert!(!symbols[2]["detail"].as_str().unwrap().is_empty());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folding_covers_cases_and_comment_blocks() {
    let client = Client::start(&[]).await;
    let text = "// a\n// b\n[zgame]\n...\nexpect = no yes no\n\n[zgame]\n...\n";
    client.open(URI, 1, text);
    let folds = client.call("textDocument/foldingRange", doc(URI)).await;
    let folds: Vec<(u64, u64, String)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
                f["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        folds,
        [
            (0, 1, "comment".to_string()),
            (2, 4, "region".to_string()),
            (6, 7, "region".to_string())
        ]
    );
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn formatting_matches_boardls_fmt() {
    let client = Client::start(&[]).await;
    let text = "  [zgame   \"x\"]  \n   ..B\n..B\nBB.\n  expect=no no yes\n\n\n\n[race]\nA.\n.B\n";
    client.open(URI, 1, text);
    let edits = client
        .call("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }))
        .await;
    let edits = edits.as_array().cloned().unwrap_or_default();
    let formatted = boardls::syntax::format::format(text);
    assert_ne!(formatted, text, "the fixture is not canonical");
    assert_eq!(apply_edits(text, &edits, client.encoding), formatted);
    client.replace_all(URI, 2, &formatted);
    let edits = client
        .call("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }))
        .await;
    assert_eq!(edits, json!([]));
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completion_offers_games_keys_pieces_and_answers() {
    let client = Client::start(&[]).await;
    let text = "[\n[chess]\npiece = \n\n[zgame]\nexpect = no \n";
    client.open(URI, 1, text);
    let labels = |v: &Value| -> Vec<String> {
        v.as_array().map_or(Vec::new(), |a| {
            a.iter()
                .map(|i| i["label"].as_str().unwrap().to_string())
                .collect()
        })
    };
    let games = client.call("textDocument/completion", at(URI, 0, 1)).await;
    assert_eq!(
        labels(&games),
        ["zgame", "race", "chess", "tetris", "strings"]
    );
    let pieces = client.call("textDocument/completion", at(URI, 2, 8)).await;
    assert_eq!(labels(&pieces), ["king", "rook", "knight", "queen"]);
    let keys = client.call("textDocument/completion", at(URI, 3, 0)).await;
    assert_eq!(labels(&keys), ["size", "expect", "moves"]);
    let answers = client.call("textDocument/completion", at(URI, 5, 12)).await;
    assert_eq!(labels(&answers), ["yes", "no"]);
    let edit = &answers[0]["textEdit"];
    assert_eq!(
        edit["range"]["start"],
        json!({ "line": 5, "character": 12 })
    );
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Text sync

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_fifty_changes_is_applied_in_order() {
    for encodings in [&["utf-16"][..], &["utf-8"][..]] {
        let client = Client::start(encodings).await;
        let enc = client.encoding;
        let target = "[zgame \"é中😀 burst\"]\n..B\n..B\nBB.\nexpect = yes no no\n";
        client.open(URI, 1, "");
        let mut text = String::new();
        let mut version = 1;
        let chars: Vec<char> = target.chars().collect();
        let pieces: Vec<String> = chars
            .chunks(chars.len().div_ceil(47))
            .map(|c| c.iter().collect())
            .collect();
        assert!(pieces.len() <= 47);
        let mut changes: Vec<Value> = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            let end = position(&text, text.len(), enc);
            changes.push(json!({ "range": { "start": end, "end": end }, "text": piece }));
            text.push_str(piece);
            if i == 2 {
                // Garbage at the start, removed two changes later: order matters.
                let start = position(&text, 0, enc);
                changes.push(
                    json!({ "range": { "start": start, "end": start }, "text": "GARBAGE😀\n" }),
                );
                text.insert_str(0, "GARBAGE😀\n");
            }
            if i == 4 {
                let start = position(&text, 0, enc);
                let end = position(&text, "GARBAGE😀\n".len(), enc);
                changes.push(json!({ "range": { "start": start, "end": end }, "text": "" }));
                text.replace_range(0.."GARBAGE😀\n".len(), "");
            }
        }
        while changes.len() < 50 {
            // Pad with empty edits at a past-the-end position (clamped).
            changes.push(json!({ "range": { "start": { "line": 99, "character": 0 }, "end": { "line": 99, "character": 0 } }, "text": "" }));
        }
        assert_eq!(text, target);
        for change in changes {
            version += 1;
            client.change(URI, version, json!([change]));
        }
        assert_eq!(version, 51);
        // The last versions change nothing, so their (equal) diagnostics are not sent again:
        // wait for the wrong expect, then ask about version 51 itself.
        let params = client.diagnostics(URI, has_code("E210")).await;
        assert_eq!(codes(&params), ["E210"], "{params}");
        let d = &params["diagnostics"][0];
        assert_eq!(d["range"]["start"], json!({ "line": 4, "character": 9 }));
        assert_eq!(d["range"]["end"], json!({ "line": 4, "character": 18 }));
        let symbols = client.call("textDocument/documentSymbol", doc(URI)).await;
        assert_eq!(symbols.as_array().unwrap().len(), 1);
        assert_eq!(
            symbols[0]["range"]["end"],
            json!({ "line": 4, "character": 18 })
        );
        assert_eq!(symbols[0]["name"], "zgame \"é中😀 burst\"");
        let header_end = units("[zgame \"é中😀 burst\"]", enc);
        assert_eq!(
            symbols[0]["selectionRange"]["end"],
            json!({ "line": 0, "character": header_end })
        );
        client.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn columns_count_in_the_negotiated_encoding() {
    for encodings in [&["utf-16"][..], &["utf-8", "utf-16"][..]] {
        let client = Client::start(encodings).await;
        let enc = client.encoding;
        let text = "[zgame \"é中😀\"]\né..\n..中\n.😀.\n";
        client.open(URI, 1, text);
        let params = client.diagnostics(URI, |p| p["version"] == 1).await;
        let ranges: Vec<(Value, Value)> = params["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["range"]["start"].clone(), d["range"]["end"].clone()))
            .collect();
        let r = |line: u32, before: &str, cell: &str| {
            (
                json!({ "line": line, "character": units(before, enc) }),
                json!({ "line": line, "character": units(before, enc) + units(cell, enc) }),
            )
        };
        assert_eq!(
            ranges,
            [r(1, "", "é"), r(2, "..", "中"), r(3, ".", "😀")],
            "{enc}"
        );

        // Replace the emoji by `A`, then `中` by `.`: the ranges must land on those characters.
        let (start, end) = r(3, ".", "😀");
        client.change(
            URI,
            2,
            json!([{ "range": { "start": start, "end": end }, "text": "A" }]),
        );
        let (start, end) = r(2, "..", "中");
        client.change(
            URI,
            3,
            json!([{ "range": { "start": start, "end": end }, "text": "." }]),
        );
        let params = client.diagnostics(URI, |p| p["version"] == 3).await;
        assert_eq!(codes(&params), ["E205"], "{params}");
        assert_eq!(
            params["diagnostics"][0]["range"]["start"],
            json!({ "line": 1, "character": 0 })
        );

        // A position inside the emoji-free header after the multibyte name still hovers it.
        let after_name = units("[zgame \"é中😀\"", enc) as u64;
        let hover = client
            .call("textDocument/hover", at(URI, 0, after_name))
            .await;
        assert!(
            hover["contents"]["value"]
                .as_str()
                .unwrap()
                .contains("é中😀"),
            "{hover}"
        );
        assert_eq!(hover["range"]["end"]["character"], after_name + 1);
        // Positions past the end are clamped, never an error.
        let far = client.call("textDocument/hover", at(URI, 999, 999)).await;
        assert!(far.is_null() || far.is_object());
        let far = client.call("textDocument/hover", at(URI, 0, 999)).await;
        assert!(far.is_object(), "end of the header line: {far}");
        client.stop().await;
    }
}

// ---------------------------------------------------------------------------------------------
// Solving in the background

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_results_are_dropped() {
    let client = Client::start_with(&[], json!({ "solveTimeMs": 60000 })).await;
    client.open(URI, 1, &hard_tetris());
    client.diagnostics(URI, |p| p["version"] == 1).await;
    client.replace_all(URI, 2, WRONG_EXPECT);
    let mut versions = Vec::new();
    client
        .wait_for("the new version's result", |m| {
            if m["method"] == "textDocument/publishDiagnostics" {
                versions.push(m["params"]["version"].as_i64().unwrap());
                return m["params"]["version"] == 2 && has_code("E210")(&m["params"]);
            }
            false
        })
        .await;
    assert!(versions.iter().all(|&v| v == 2), "{versions:?}");
    let lenses = solved_lenses(&client, URI).await;
    assert!(title(&lenses[0]).starts_with("Alice:"), "{lenses:?}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lenses_answer_during_a_long_solve_and_close_cancels_it() {
    let client = Client::start_with(&[], json!({ "solveTimeMs": 600000 })).await;
    let text = format!("{WRONG_EXPECT}\n{}", hard_tetris());
    client.open(URI, 1, &text);
    client.diagnostics(URI, |p| p["version"] == 1).await;
    // Five lens requests at once, while the worker is deep in the tetris search.
    let pending: Vec<_> = (0..5)
        .map(|_| client.send_request("textDocument/codeLens", doc(URI)))
        .collect();
    for rx in pending {
        let answer = tokio::time::timeout(client::PATIENCE, rx)
            .await
            .unwrap()
            .unwrap();
        let lenses = answer["result"].as_array().unwrap();
        let tetris = lenses
            .iter()
            .find(|l| l["range"]["start"]["line"] == 6)
            .unwrap();
        assert_eq!(title(tetris), "solving…", "{answer}");
    }
    let hover = client.call("textDocument/hover", at(URI, 6, 2)).await;
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("Solving…"),
        "{hover}"
    );
    // Long solves report progress.
    client
        .wait_for("progress begin", |m| {
            m["method"] == "$/progress" && m["params"]["value"]["kind"] == "begin"
        })
        .await;
    // Closing cancels the search: the progress report ends.
    client.notify("textDocument/didClose", doc(URI));
    client
        .wait_for("progress end", |m| {
            m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end"
        })
        .await;
    // The server is free for other work.
    client.open("file:///test/c.board", 1, WRONG_EXPECT);
    client
        .diagnostics("file:///test/c.board", has_code("E210"))
        .await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_changed_cases_are_solved_again() {
    let client = Client::start_with(&[], json!({ "solveTimeMs": 600000 })).await;
    // The hard case comes last, so the zgame case is solved first.
    let text = format!("{WRONG_EXPECT}\n{}", hard_tetris());
    client.open(URI, 1, &text);
    client.diagnostics(URI, has_code("E210")).await;
    // Fix the zgame expect (not part of the case's content): the answer is known at once,
    // while the tetris solve, untouched, goes on.
    let start = json!({ "line": 4, "character": 9 });
    let end = json!({ "line": 4, "character": 18 });
    client.change(
        URI,
        2,
        json!([{ "range": { "start": start, "end": end }, "text": "no no yes" }]),
    );
    let params = client.diagnostics(URI, |p| p["version"] == 2).await;
    assert!(codes(&params).is_empty(), "{params}");
    let lenses = case_lenses(client.call("textDocument/codeLens", doc(URI)).await);
    assert_eq!(title(&lenses[1]), "solving…", "{lenses}");
    client.hang_up().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lenses_keep_the_last_result_while_the_case_is_solved_again() {
    let client = Client::start_with(&[], json!({ "solveTimeMs": 600000 })).await;
    client.open(URI, 1, "[tetris \"t\"]\n0000\n0000\n");
    let before = title(&solved_lenses(&client, URI).await[0]);
    assert!(!before.is_empty());
    // A new case above moves it; its grid becomes one that takes long to solve.
    let hard = hard_tetris().replace("[tetris \"hard\"]", "[tetris \"t\"]");
    client.replace_all(URI, 2, &format!("[zgame \"new\"]\n...\n\n{hard}"));
    // No publish to wait for (the diagnostics stay empty): the request sees version 2 anyway.
    let lenses = case_lenses(client.call("textDocument/codeLens", doc(URI)).await);
    let tetris = lenses
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["range"]["start"]["line"] == 3)
        .unwrap();
    assert_eq!(title(tetris), format!("{before} (solving…)"), "{lenses}");
    client.hang_up().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_answers_does_not_stall_the_server() {
    let client = Client::spawn(false);
    client
        .call(
            "initialize",
            json!({ "capabilities": {
                "window": { "workDoneProgress": true },
                "workspace": { "applyEdit": true, "codeLens": { "refreshSupport": true }, "semanticTokens": { "refreshSupport": true } }
            } }),
        )
        .await;
    client.notify("initialized", json!({}));
    for i in 0..6 {
        let uri = format!("file:///test/{i}.board");
        client.open(&uri, 1, MIXED);
        solved_lenses(&client, &uri).await;
        for _ in 0..3 {
            client
                .call(
                    "workspace/executeCommand",
                    json!({ "command": "boardls.writeAllExpect", "arguments": [uri] }),
                )
                .await;
        }
    }
    // Refreshes and edits sent to the client are all unanswered; requests still are.
    for _ in 0..10 {
        let lenses = case_lenses(
            client
                .call("textDocument/codeLens", doc("file:///test/0.board"))
                .await,
        );
        assert_eq!(lenses.as_array().unwrap().len(), 5);
    }
    let events = client.drain().await;
    assert!(
        events
            .iter()
            .filter(|m| m["method"] == "workspace/applyEdit")
            .count()
            >= 6
    );
}

// ---------------------------------------------------------------------------------------------
// Robustness

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_analysis_is_an_error_answer_and_the_server_lives_on() {
    const NAME: &str = "__boardls test panic__";
    boardls::lsp::testing::panic_on_case_named(Some(NAME));
    let client = Client::start(&[]).await;
    let text = format!("[zgame \"{NAME}\"]\n...\n");
    client.open(URI, 1, &text);
    let params = client.diagnostics(URI, |p| p["version"] == 1).await;
    assert!(
        params["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("a bug"),
        "{params}"
    );
    let answer = client.request("textDocument/hover", at(URI, 0, 1)).await;
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let answer = client.request("textDocument/codeLens", doc(URI)).await;
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    // Other documents and later versions are fine.
    client.open("file:///test/ok.board", 1, WRONG_EXPECT);
    client
        .diagnostics("file:///test/ok.board", has_code("E210"))
        .await;
    client.replace_all(URI, 2, WRONG_EXPECT);
    client
        .diagnostics(URI, |p| p["version"] == 2 && has_code("E210")(p))
        .await;
    let hover = client.call("textDocument/hover", at(URI, 0, 1)).await;
    assert!(hover.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_input_never_crashes() {
    let client = Client::start(&[]).await;
    let texts = [
        "",
        "[",
        "[[[[",
        "]]]] = = =",
        "[zgame \"",
        "[zgame]\n\u{0}\u{1}\r\r\n\r",
        "[chess]\npiece = 99999999999999999999\nsize = 99999999999 -1\n",
        "[race]\nA\n",
        "[strings]\n\u{feff}ab\nba\n",
        "[tetris]\n0 0 0\n",
    ];
    for (i, text) in texts.iter().enumerate() {
        let uri = format!("file:///test/g{i}.board");
        client.open(&uri, 1, text);
        client.diagnostics(&uri, |_| true).await;
        for (line, ch) in [(0, 0), (0, 1), (1, 0), (5, 5)] {
            let p = at(&uri, line, ch);
            client.call("textDocument/hover", p.clone()).await;
            client.call("textDocument/completion", p).await;
        }
        for method in [
            "textDocument/codeLens",
            "textDocument/documentSymbol",
            "textDocument/foldingRange",
            "textDocument/semanticTokens/full",
        ] {
            client.call(method, doc(&uri)).await;
        }
    }
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Pictures

/// Every drawn cell of an SVG picture: `((row, col), outcome)`, runs expanded.
fn picture_cells(svg: &str) -> Vec<((u64, u64), String)> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is valid SVG");
    let mut out = Vec::new();
    for n in doc.descendants().filter(|n| n.has_attribute("data-row")) {
        let num = |k: &str| -> u64 { n.attribute(k).and_then(|v| v.parse().ok()).expect(k) };
        for k in 0..num("data-len") {
            out.push((
                (num("data-row"), num("data-col") + k),
                n.attribute("data-outcome").expect("outcome").to_string(),
            ));
        }
    }
    out
}

fn render_at(uri: &str, line: u64, character: u64, theme: &str) -> Value {
    json!({
        "textDocument": { "uri": uri },
        "position": { "line": line, "character": character },
        "theme": theme,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn render_draws_the_case_at_the_cursor_from_the_latest_results() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, MIXED);
    solved_lenses(&client, URI).await;
    // In the zgame case's grid: its picture, its range, where its rows are.
    let got = client
        .call(boardls::lsp::RENDER, render_at(URI, 3, 1, "dark"))
        .await;
    assert_eq!(got["title"], "zgame \"one\"");
    assert_eq!(got["solving"], false);
    assert_eq!(
        got["range"]["start"],
        json!({ "line": 1, "character": 0 }),
        "{got}"
    );
    assert_eq!(
        got["rowStarts"],
        json!([
            { "line": 2, "character": 0 },
            { "line": 3, "character": 0 },
            { "line": 4, "character": 0 }
        ])
    );
    let svg = got["svg"].as_str().expect("svg");
    assert!(svg.contains(r#"data-theme="dark""#));
    let cells = picture_cells(svg);
    assert_eq!(cells.len(), 9);
    // The same outcome the cell hover gives: (1,1) loses for Alice, who moves there.
    let hover = client.call("textDocument/hover", at(URI, 2, 0)).await;
    let text = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("Bob wins"), "{text}");
    assert!(cells.contains(&((1, 1), "lose".to_string())), "{cells:?}");
    // On the chess case: a picture without a grid in the text.
    let got = client
        .call(boardls::lsp::RENDER, render_at(URI, 8, 2, "light"))
        .await;
    assert_eq!(got["title"], "chess \"queen\"");
    assert_eq!(got["rowStarts"], json!([]));
    assert_eq!(picture_cells(got["svg"].as_str().expect("svg")).len(), 25);
    // A theme that does not exist is refused; an unknown document has no picture.
    let refused = client
        .request(boardls::lsp::RENDER, render_at(URI, 3, 1, "sepia"))
        .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let none = client
        .call(
            boardls::lsp::RENDER,
            render_at("file:///test/none.board", 0, 0, "light"),
        )
        .await;
    assert!(none.is_null(), "{none}");
    client.stop().await;
}

/// A client that asks for `boardls/results` (the experimental capability `boardlsResults`) is
/// told as soon as a case of a version has its result, and the picture asked for then is the
/// solved one; a client that did not ask is told nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_asks_is_told_when_results_are_in() {
    let client = Client::spawn(true);
    client
        .request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": { "experimental": { "boardlsResults": true } }
            }),
        )
        .await;
    client.notify("initialized", json!({}));
    let is_results = |m: &Value, version: i64| {
        m["method"] == boardls::lsp::RESULTS
            && m["params"]["textDocument"] == json!({ "uri": URI, "version": version })
    };
    client.open(URI, 1, WRONG_EXPECT);
    client
        .wait_for("results of version 1", |m| is_results(m, 1))
        .await;
    let got = client
        .call(boardls::lsp::RENDER, render_at(URI, 1, 0, "light"))
        .await;
    assert_eq!(got["solving"], false, "{got}");
    // A new board: told again, for its version.
    client.replace_all(
        URI,
        2,
        "[zgame]
..A
...
",
    );
    client
        .wait_for("results of version 2", |m| is_results(m, 2))
        .await;
    let got = client
        .call(boardls::lsp::RENDER, render_at(URI, 1, 0, "light"))
        .await;
    assert_eq!(got["solving"], false, "{got}");
    assert_eq!(picture_cells(got["svg"].as_str().expect("svg")).len(), 6);
    client.stop().await;

    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    solved_lenses(&client, URI).await;
    let sent = client.drain().await;
    assert!(
        !sent.iter().any(|m| m["method"] == boardls::lsp::RESULTS),
        "{sent:?}"
    );
    client.stop().await;
}

/// A case whose search runs for long is drawn at once, captioned as being solved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn render_never_waits_for_a_solve() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, &hard_tetris());
    let got = client
        .call(boardls::lsp::RENDER, render_at(URI, 1, 0, "light"))
        .await;
    let svg = got["svg"].as_str().expect("svg");
    assert!(svg.contains("Solving…"), "{svg}");
    assert_eq!(got["solving"], true);
    let cells = picture_cells(svg);
    assert_eq!(cells.len(), 14 * 14);
    assert!(cells.iter().all(|(_, o)| o == "none"));
    // Closing the file cancels its search.
    client.notify("textDocument/didClose", doc(URI));
    client.stop().await;
}
