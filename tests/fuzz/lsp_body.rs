//! What the `lsp` fuzz target does with one input: the bytes drive a fresh server through a
//! sequence of edits and requests (positions in and out of range, cancellations, commands,
//! closing and reopening). Every request must be answered, the server's text must equal a
//! plain-string model of the edits, and no handler may report a bug. Shared by
//! `fuzz/fuzz_targets/lsp.rs` and `tests/fuzz.rs`.
#![allow(dead_code)]

use crate::client::{Client, PATIENCE};
use crate::model;
use serde_json::{Value, json};
use std::sync::OnceLock;
use std::time::Duration;

const URI: &str = "file:///fuzz/a.board";

const SEEDS: [&str; 4] = [
    "[zgame \"sample 1\"]\n..B\n..B\nBB.\nexpect = yes no no\n",
    "// mixed\r\n[chess \"q\"]\r\npiece = queen\r\nsize = 4 5\r\nexpect = B\r\n\r\n[race]\r\nA.#\r\n..B\r\n",
    "[strings \"é😀\"]\nab\nba\nexpect = FIRST\n[tetris]\n0 0\n0 0\n",
    "",
];

/// Pieces edits insert: line breaks of every kind, multi-unit characters, board syntax.
const FRAGMENTS: [&str; 24] = [
    "",
    "\n",
    "\r\n",
    "\r",
    "é",
    "中",
    "😀",
    "[zgame]",
    "[chess \"x\"]",
    "[race]",
    "[strings]",
    "[tetris]",
    "piece = knight",
    "size = 3 3",
    "expect = ",
    "..B",
    "A.B",
    "#",
    "0 1",
    "// c",
    " ",
    "\t",
    "\"",
    "\u{0}",
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime for the fuzz target")
    })
}

/// Reads the fuzz input as a stream of small choices; past its end every choice is 0.
struct Input<'a> {
    data: &'a [u8],
}

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.data.split_first()?;
        self.data = rest;
        Some(b)
    }

    fn pick(&mut self, n: usize) -> usize {
        usize::from(self.byte().unwrap_or(0)) % n.max(1)
    }

    /// A line or column: mostly small, sometimes far out of range.
    fn coord(&mut self) -> u64 {
        match self.byte().unwrap_or(0) {
            250 => u64::from(u32::MAX),
            251 => 1_000_000_000,
            252..=255 => 100,
            b => u64::from(b % 24),
        }
    }

    fn position(&mut self) -> Value {
        json!({ "line": self.coord(), "character": self.coord() })
    }

    fn range(&mut self) -> Value {
        json!({ "start": self.position(), "end": self.position() })
    }

    fn text(&mut self) -> String {
        (0..self.pick(4))
            .map(|_| FRAGMENTS[self.pick(FRAGMENTS.len())])
            .collect()
    }
}

pub(crate) fn lsp(data: &[u8]) {
    runtime().block_on(drive(data));
}

async fn drive(data: &[u8]) {
    let mut input = Input { data };
    let utf8 = input.pick(2) == 1;
    let encodings: &[&str] = if utf8 { &["utf-8", "utf-16"] } else { &[] };
    let config = crate::bodies::config();
    let client = Client::start_config(encodings, json!({}), config).await;
    assert_eq!(client.encoding == "utf-8", utf8);
    let mut text = SEEDS[input.pick(SEEDS.len())].to_string();
    let mut version = 1;
    let mut open = true;
    client.open(URI, version, &text);
    let mut pending = Vec::new();
    let mut sent = 1i64; // `initialize` was request 1
    while let Some(op) = input.byte() {
        let doc = json!({ "textDocument": { "uri": URI } });
        let at = |input: &mut Input| json!({ "textDocument": { "uri": URI }, "position": input.position() });
        let request = match op % 16 {
            0..=4 => {
                let changes: Vec<(Option<Value>, String)> = (0..=input.pick(3))
                    .map(|_| {
                        let range = (input.pick(8) != 0).then(|| input.range());
                        (range, input.text())
                    })
                    .collect();
                version += 1;
                let json: Vec<Value> = changes
                    .iter()
                    .map(|(r, t)| model::change_json(r.as_ref(), t))
                    .collect();
                if open {
                    for (range, new) in &changes {
                        model::apply(&mut text, range.as_ref(), new, utf8);
                    }
                }
                client.change(URI, version, Value::Array(json));
                None
            }
            5 => Some(("textDocument/hover", at(&mut input))),
            6 => Some(("textDocument/completion", at(&mut input))),
            7 if input.pick(2) == 0 => Some(("textDocument/codeLens", doc)),
            7 => Some((
                "textDocument/inlayHint",
                json!({ "textDocument": { "uri": URI }, "range": input.range() }),
            )),
            8 => Some(("textDocument/semanticTokens/full", doc)),
            9 => Some((
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": URI }, "range": input.range(), "context": { "diagnostics": [] } }),
            )),
            10 => Some((
                [
                    "textDocument/formatting",
                    "textDocument/documentSymbol",
                    "textDocument/foldingRange",
                ][input.pick(3)],
                json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
            )),
            11 => {
                let args = match input.pick(3) {
                    0 => json!([URI]),
                    1 => json!([URI, input.pick(4)]),
                    _ => json!(["file:///fuzz/unknown.board", 0]),
                };
                let command =
                    ["boardls.writeExpect", "boardls.writeAllExpect", "nope"][input.pick(3)];
                Some((
                    "workspace/executeCommand",
                    json!({ "command": command, "arguments": args }),
                ))
            }
            12 => {
                let id = 1 + input.pick(usize::try_from(sent).unwrap_or(1)) as i64;
                client.notify("$/cancelRequest", json!({ "id": id }));
                None
            }
            13 => {
                if open {
                    client.notify("textDocument/didClose", doc);
                } else {
                    text = SEEDS[input.pick(SEEDS.len())].to_string();
                    version += 1;
                    client.open(URI, version, &text);
                }
                open = !open;
                None
            }
            14 => Some((
                "textDocument/hover",
                json!({ "textDocument": { "uri": "file:///fuzz/unknown.board" }, "position": input.position() }),
            )),
            _ => Some((boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": URI }))),
        };
        if let Some((method, params)) = request {
            pending.push((method, client.send_request(method, params)));
            sent += 1;
        }
    }
    for (method, rx) in pending {
        let answer = tokio::time::timeout(PATIENCE, rx)
            .await
            .unwrap_or_else(|_| panic!("no answer to {method}"))
            .unwrap_or_else(|_| panic!("the server dropped {method}"));
        let ok = answer.get("result").is_some()
            || matches!(
                answer["error"]["code"].as_i64(),
                Some(-32800 | -32602 | -32600)
            );
        assert!(ok, "{method}: {answer}");
    }
    let server_text = client
        .call(boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": URI }))
        .await;
    if open {
        assert_eq!(
            server_text.as_str(),
            Some(text.as_str()),
            "the server's text"
        );
    } else {
        assert!(server_text.is_null(), "a closed document is forgotten");
    }
    let events = client.drain().await;
    for e in &events {
        let bug = e["method"] == "window/logMessage" && e["params"]["type"] == 1
            || e.to_string().contains("(a bug)");
        assert!(!bug, "the server reported a bug: {e}");
    }
    tokio::time::timeout(Duration::from_secs(60), client.stop())
        .await
        .expect("the server stops");
}
