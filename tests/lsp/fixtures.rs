//! Texts and request parameters that the server's tests and benches share.
#![allow(dead_code)]

use crate::client::Client;
use serde_json::{Value, json};
use xorshift::XorShift;

#[path = "../support/xorshift.rs"]
pub(crate) mod xorshift;

pub(crate) const URI: &str = "file:///test/a.board";

/// The first original zgame sample with a wrong `expect` (the answer is `no no yes`).
pub(crate) const WRONG_EXPECT: &str = "[zgame \"sample 1\"]\n..B\n..B\nBB.\nexpect = yes no no\n";

/// An asymmetric 14×14 tetris board: far beyond what exact search finishes in a test (unsolved
/// after 300 s).
pub(crate) fn hard_tetris() -> String {
    let mut text = String::from("[tetris \"hard\"]\n");
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for _ in 0..14 {
        for _ in 0..14 {
            text.push(if rng.below(11) == 0 { '1' } else { '0' });
        }
        text.push('\n');
    }
    text
}

/// The codes of a `publishDiagnostics`' diagnostics, in order.
pub(crate) fn codes(params: &Value) -> Vec<String> {
    params["diagnostics"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|d| d["code"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

pub(crate) fn doc(uri: &str) -> Value {
    json!({ "textDocument": { "uri": uri } })
}

pub(crate) fn at(uri: &str, line: u64, character: u64) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

pub(crate) fn title(lens: &Value) -> String {
    lens["command"]["title"].as_str().unwrap_or("").to_string()
}

/// The lenses of `lenses` (a `textDocument/codeLens` answer) about cases: without the file's
/// own commands ("Export tests…", "Check suite") on its first line.
pub(crate) fn case_lenses(lenses: Value) -> Value {
    let file_wide = ["boardls.exportFile", "boardls.checkSuite"];
    Value::Array(
        lenses
            .as_array()
            .into_iter()
            .flatten()
            .filter(|l| {
                !file_wide
                    .iter()
                    .any(|command| l["command"]["command"] == *command)
            })
            .cloned()
            .collect(),
    )
}

/// Case lenses once no case is still solving.
pub(crate) async fn solved_lenses(client: &Client, uri: &str) -> Vec<Value> {
    loop {
        let lenses = case_lenses(client.call("textDocument/codeLens", doc(uri)).await);
        let lenses = lenses.as_array().cloned().unwrap_or_default();
        if !lenses.iter().any(|l| title(l).contains("solving")) {
            return lenses;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
