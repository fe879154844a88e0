//! What the server keeps over a long session: bounded by what is open, not by the number of
//! edits; and semantic tokens answered by delta and by range.

use crate::client::Client;
use crate::fixtures::xorshift::XorShift;
use crate::fixtures::{doc, solved_lenses};
use serde_json::{Value, json};

const URI: &str = "file:///test/long.board";

/// A 40 × 40 zgame board (rows on lines 1..=40), then three small cases.
fn text() -> String {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut text = String::from("[zgame \"big\"]\n");
    for _ in 0..40 {
        let row: String = (0..40).map(|_| char::from(rng.pick(b"......AB"))).collect();
        text.push_str(&row);
        text.push('\n');
    }
    text.push_str("\n[zgame \"small\"]\n..B\n..B\nBB.\nexpect = no no yes\n");
    text.push_str("\n[chess \"queen\"]\npiece = queen\nsize = 5 5\n");
    text.push_str("\n[race]\nA...\n.#..\n....\n...B\n");
    text
}

const CASES: u64 = 4;

fn usage_of(usage: &Value) -> &Value {
    &usage["documents"][0]
}

/// The integers of a tokens answer.
fn ints(data: &Value) -> Vec<u64> {
    data.as_array()
        .expect("an array of integers")
        .iter()
        .map(|v| v.as_u64().expect("an integer"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_edits_leave_the_state_of_one_version() {
    let client = Client::start_with(&["utf-8"], json!({ "solveCacheMb": 1 })).await;
    client.open(URI, 1, &text());
    solved_lenses(&client, URI).await;
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut version = 1;
    for round in 0..20 {
        for _ in 0..100 {
            version += 1;
            let (line, col) = (1 + rng.below(40), rng.below(40));
            let cell = char::from(rng.pick(b"..AB")).to_string();
            client.change(
                URI,
                version,
                json!([{
                    "range": { "start": { "line": line, "character": col },
                               "end": { "line": line, "character": col + 1 } },
                    "text": cell
                }]),
            );
            if version % 25 == 0 {
                let at = json!({ "textDocument": { "uri": URI },
                                  "position": { "line": line, "character": col } });
                client.call("textDocument/hover", at).await;
            }
        }
        // Mid-burst, solves cancelled and results of left versions arriving late.
        let usage = client.call(boardls::lsp::MEMORY_USAGE, Value::Null).await;
        let doc = usage_of(&usage);
        assert!(
            doc["solved"].as_u64().unwrap() <= CASES + 2,
            "round {round}: {usage}"
        );
        assert!(
            doc["lastGood"].as_u64().unwrap() <= CASES,
            "round {round}: {usage}"
        );
        assert!(
            doc["shown"].as_u64().unwrap() <= CASES,
            "round {round}: {usage}"
        );
        let cache = &usage["cache"];
        assert!(cache["bytes"].as_u64() <= cache["cap"].as_u64(), "{usage}");
        assert_eq!(cache["cap"], 1 << 20);
    }
    solved_lenses(&client, URI).await;
    let tokens = client
        .call("textDocument/semanticTokens/full", doc(URI))
        .await;
    assert!(tokens["resultId"].is_string());
    let usage = client.call(boardls::lsp::MEMORY_USAGE, Value::Null).await;
    assert!(usage_of(&usage)["tokens"].as_u64().unwrap() > 0, "{usage}");
    assert!(usage["cache"]["entries"].as_u64().unwrap() >= 1, "{usage}");

    // Closing frees all of the document's state.
    client.notify("textDocument/didClose", doc(URI));
    let usage = client.call(boardls::lsp::MEMORY_USAGE, Value::Null).await;
    assert_eq!(usage["documents"], json!([]), "{usage}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delta_against_the_last_result_rebuilds_the_full_tokens() {
    let client = Client::start(&["utf-8"]).await;
    let text = text();
    client.open(URI, 1, &text);
    solved_lenses(&client, URI).await;
    let first = client
        .call("textDocument/semanticTokens/full", doc(URI))
        .await;
    let mut held = ints(&first["data"]);
    let mut id = first["resultId"].as_str().unwrap().to_string();
    assert!(
        held.len() < 40 * 40 * 5,
        "runs, fewer than one token per cell"
    );

    let mut rng = XorShift(0x1234_5678_9abc_def1);
    for version in 2..=6 {
        let (line, col) = (1 + rng.below(40), rng.below(40));
        client.change(
            URI,
            version,
            json!([{
                "range": { "start": { "line": line, "character": col },
                           "end": { "line": line, "character": col + 1 } },
                "text": "B"
            }]),
        );
        solved_lenses(&client, URI).await;
        let params = json!({ "textDocument": { "uri": URI }, "previousResultId": id });
        let delta = client
            .call("textDocument/semanticTokens/full/delta", params)
            .await;
        let edits = delta["edits"].as_array().expect("a delta, not full tokens");
        for edit in edits {
            let start = edit["start"].as_u64().unwrap() as usize;
            let count = edit["deleteCount"].as_u64().unwrap() as usize;
            let data = edit.get("data").map(ints).unwrap_or_default();
            assert!(data.len() + count < held.len() / 2, "a small edit: {edit}");
            held.splice(start..start + count, data);
        }
        id = delta["resultId"].as_str().unwrap().to_string();
        let full = client
            .call("textDocument/semanticTokens/full", doc(URI))
            .await;
        assert_eq!(held, ints(&full["data"]), "version {version}");
        id = full["resultId"].as_str().map_or(id, str::to_string);
    }
    // An unknown id gets the full tokens.
    let params = json!({ "textDocument": { "uri": URI }, "previousResultId": "no such id" });
    let answer = client
        .call("textDocument/semanticTokens/full/delta", params)
        .await;
    assert_eq!(ints(&answer["data"]), held);
    client.stop().await;
}

/// Decoded tokens: (line, column, length, type).
fn decode(data: &[u64]) -> Vec<(u64, u64, u64, u64)> {
    let (mut line, mut col) = (0, 0);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                line += t[0];
                col = t[1];
            } else {
                col += t[1];
            }
            (line, col, t[2], t[3])
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_range_answers_the_tokens_of_its_lines() {
    let client = Client::start(&["utf-8"]).await;
    client.open(URI, 1, &text());
    solved_lenses(&client, URI).await;
    let full = client
        .call("textDocument/semanticTokens/full", doc(URI))
        .await;
    let all = decode(&ints(&full["data"]));
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 10, "character": 0 }, "end": { "line": 20, "character": 0 } }
    });
    let range = client
        .call("textDocument/semanticTokens/range", params)
        .await;
    let some = decode(&ints(&range["data"]));
    let expected: Vec<_> = all
        .iter()
        .copied()
        .filter(|&(line, ..)| (10..=20).contains(&line))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(some, expected);
    client.stop().await;
}

/// A client that never answers `workspace/*/refresh` gets one of each kind, however many
/// results arrive: the server does not gather a waiting request per edit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unanswered_refreshes_are_not_asked_again() {
    let client = Client::start(&["utf-8"]).await;
    client
        .answer_requests
        .store(false, std::sync::atomic::Ordering::Relaxed);
    // A first cell `B` is a win for Bob whatever follows: the wrong `expect` is reported on
    // every version, each a content never seen.
    let text = |width: usize| format!("[zgame]\nB{}\nexpect = yes yes yes\n", ".".repeat(width));
    client.open(URI, 1, &text(1));
    let mut refreshes = 0;
    for version in 1..=30 {
        if version > 1 {
            client.replace_all(URI, version, &text(version as usize));
        }
        client
            .wait_for("the wrong expect", |m| {
                if m["method"] == "workspace/semanticTokens/refresh" {
                    refreshes += 1;
                }
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["version"] == version
                    && m["params"]["diagnostics"][0]["code"] == "E210"
            })
            .await;
    }
    let lenses = client.call("textDocument/codeLens", doc(URI)).await;
    assert!(lenses.as_array().is_some_and(|l| !l.is_empty()));
    refreshes += client
        .drain()
        .await
        .iter()
        .filter(|m| m["method"] == "workspace/semanticTokens/refresh")
        .count();
    assert_eq!(refreshes, 1, "one refresh waits unanswered, no more");
    client.stop().await;
}
