//! Protocol robustness of `boardls lsp` over an in-memory pipe: unknown documents, absurd
//! positions, requests after `shutdown`, `$/cancelRequest`, hostile texts and frames, and answers
//! while a long solve runs. Every wait is bounded by `PATIENCE`, so a hang fails the test.

use crate::client;
use crate::fixtures;

use boardls::config::Config;
use client::{Client, PATIENCE};
use fixtures::{URI, WRONG_EXPECT, at, case_lenses, codes, doc, hard_tetris, solved_lenses, title};
use serde_json::{Value, json};
use std::pin::Pin;
use std::task::{Context, Waker};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::mpsc;

const OTHER: &str = "file:///test/b.board";

/// JSON-RPC and LSP error codes the spec names.
const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;
const REQUEST_CANCELLED: i64 = -32800;

/// With the default node cap the search of [`hard_tetris`] stops after about half a minute;
/// tests that need it running until they close it lift the cap.
const NO_NODE_CAP: u64 = 1 << 50;

fn range(l0: u64, c0: u64, l1: u64, c1: u64) -> Value {
    json!({ "start": { "line": l0, "character": c0 }, "end": { "line": l1, "character": c1 } })
}

fn formatting(uri: &str) -> Value {
    let options = json!({ "tabSize": 4, "insertSpaces": true });
    json!({ "textDocument": { "uri": uri }, "options": options })
}

fn code_action(uri: &str, range: Value) -> Value {
    json!({ "textDocument": { "uri": uri }, "range": range, "context": { "diagnostics": [] } })
}

fn is_progress(m: &Value, kind: &str) -> bool {
    m["method"] == "$/progress" && m["params"]["value"]["kind"] == kind
}

fn markdown(hover: &Value) -> String {
    hover["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// The server's copy of a document (`null` when it is not open).
async fn text_of(client: &Client, uri: &str) -> Value {
    client
        .call(boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": uri }))
        .await
}

/// The publish of `version` whose codes are exactly `want`, in order. Every publish on the way
/// is printed, so a test that runs out of patience shows what came instead.
async fn settle(client: &Client, uri: &str, version: i64, want: &[&str]) -> Value {
    let what = format!("{want:?} in version {version} of {uri}");
    client
        .wait_for(&what, |m| {
            if m["method"] != "textDocument/publishDiagnostics" || m["params"]["uri"] != uri {
                return false;
            }
            let got = codes(&m["params"]);
            eprintln!("{uri} version {}: {got:?}", m["params"]["version"]);
            m["params"]["version"] == version && got == want
        })
        .await["params"]
        .clone()
}

/// A hover that must be answered without an error; its result (`null` allowed).
async fn hover(client: &Client, uri: &str, line: u64, character: u64) -> Value {
    client
        .call("textDocument/hover", at(uri, line, character))
        .await
}

// ---------------------------------------------------------------------------------------------
// A bare connection, for what `Client` hides: answers counted per id, the end of the output,
// bytes that are not a valid frame.

struct Raw {
    input: Option<client::PipeWriter>,
    output: mpsc::UnboundedReceiver<Value>,
    /// Every server message taken from `output` so far, in order.
    log: Vec<Value>,
    server: Option<tokio::task::JoinHandle<boardls::lsp::Ending>>,
    /// How the server ended, once it has.
    ending: Option<boardls::lsp::Ending>,
    ended: bool,
}

/// One frame off the front of `buf`. The server must write well-formed frames, so anything
/// else fails the test.
fn take_frame(buf: &mut Vec<u8>) -> Option<Value> {
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&buf[..end]).expect("an ASCII header");
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))
        .expect("a Content-Length header")
        .trim()
        .parse()
        .expect("a numeric Content-Length");
    if buf.len() < end + 4 + len {
        return None;
    }
    let body: Vec<u8> = buf.drain(..end + 4 + len).skip(end + 4).collect();
    Some(serde_json::from_slice(&body).expect("a JSON body"))
}

impl Raw {
    fn spawn(config: Config) -> Raw {
        let (to_server, server_in) = client::pipe();
        let (server_out, mut from_server) = client::pipe();
        let server = tokio::spawn(boardls::lsp::serve(server_in, server_out, config));
        let (tx, output) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut buf = Vec::new();
            let mut chunk = vec![0u8; 1 << 16];
            loop {
                let mut read = ReadBuf::new(&mut chunk);
                let done =
                    std::future::poll_fn(|cx| Pin::new(&mut from_server).poll_read(cx, &mut read))
                        .await;
                // Zero bytes: the server dropped its output, i.e. it stopped.
                if done.is_err() || read.filled().is_empty() {
                    return;
                }
                buf.extend_from_slice(read.filled());
                while let Some(msg) = take_frame(&mut buf) {
                    if tx.send(msg).is_err() {
                        return;
                    }
                }
            }
        });
        Raw {
            input: Some(to_server),
            output,
            log: Vec::new(),
            server: Some(server),
            ending: None,
            ended: false,
        }
    }

    /// Initialized with id 0; the client can apply edits and reads Markdown hovers but asks
    /// for nothing else, so the server sends no requests that would go unanswered here but
    /// `workspace/applyEdit`.
    async fn start(config: Config) -> Raw {
        let mut raw = Raw::spawn(config);
        raw.request(
            0,
            "initialize",
            json!({ "capabilities": {
                "workspace": { "applyEdit": true },
                "textDocument": { "hover": { "contentFormat": ["markdown"] } }
            } }),
        );
        let init = raw.answer(0).await;
        assert!(init.get("result").is_some(), "{init}");
        raw.notify("initialized", json!({}));
        raw
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(input) = self.input.as_mut() {
            // The pipe is unbounded: a write is always ready and takes every byte.
            let mut cx = Context::from_waker(Waker::noop());
            let _ = Pin::new(input).poll_write(&mut cx, bytes);
        }
    }

    fn send(&mut self, msg: &Value) {
        self.send_bytes(&client::frame(msg));
    }

    fn request(&mut self, id: i64, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn open(&mut self, uri: &str, text: &str) {
        let item = json!({ "uri": uri, "languageId": "board", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
    }

    fn cancel(&mut self, id: i64) {
        self.notify("$/cancelRequest", json!({ "id": id }));
    }

    /// The next server message, or `None` once the output has ended.
    async fn next(&mut self) -> Option<Value> {
        if self.ended {
            return None;
        }
        let msg = tokio::time::timeout(PATIENCE, self.output.recv())
            .await
            .unwrap_or_else(|_| panic!("the server went silent; it wrote {:?}", self.log));
        if let Some(msg) = msg {
            self.log.push(msg.clone());
            Some(msg)
        } else {
            self.ended = true;
            None
        }
    }

    /// Responses with this id seen so far.
    fn answers(&self, id: i64) -> Vec<Value> {
        self.log
            .iter()
            .filter(|m| m.get("method").is_none() && m["id"] == id)
            .cloned()
            .collect()
    }

    async fn answer(&mut self, id: i64) -> Value {
        loop {
            if let Some(answer) = self.answers(id).into_iter().next() {
                return answer;
            }
            assert!(
                self.next().await.is_some(),
                "the server stopped without answering request {id}; it wrote {:?}",
                self.log
            );
        }
    }

    /// Waits for the server task to end, then reads its output to the end.
    async fn join(&mut self) {
        if let Some(server) = self.server.take() {
            let ending = tokio::time::timeout(PATIENCE, server)
                .await
                .expect("the server did not stop")
                .expect("the server task panicked");
            self.ending = Some(ending);
        }
        while self.next().await.is_some() {}
    }

    /// `shutdown` (with `id`), `exit`, and the whole output read.
    async fn stop(&mut self, id: i64) {
        self.request(id, "shutdown", Value::Null);
        let answer = self.answer(id).await;
        assert_eq!(answer["result"], Value::Null, "{answer}");
        self.notify("exit", Value::Null);
        self.join().await;
    }
}

fn error_code(answer: &Value) -> Option<i64> {
    answer["error"]["code"].as_i64()
}

// ---------------------------------------------------------------------------------------------
// Unknown documents

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_on_unknown_documents_answer_null() {
    let client = Client::start(&[]).await;
    let unknown = "file:///test/never-opened.board";
    let requests = [
        ("textDocument/hover", at(unknown, 0, 0)),
        ("textDocument/completion", at(unknown, 0, 0)),
        ("textDocument/codeLens", doc(unknown)),
        ("textDocument/semanticTokens/full", doc(unknown)),
        ("textDocument/documentSymbol", doc(unknown)),
        ("textDocument/foldingRange", doc(unknown)),
        ("textDocument/formatting", formatting(unknown)),
        (
            "textDocument/codeAction",
            code_action(unknown, range(0, 0, 0, 0)),
        ),
        (boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": unknown })),
    ];
    // All at once: none may wait for another.
    let pending: Vec<_> = requests
        .iter()
        .map(|(method, params)| (method, client.send_request(method, params.clone())))
        .collect();
    for (method, rx) in pending {
        let answer = tokio::time::timeout(PATIENCE, rx)
            .await
            .unwrap_or_else(|_| panic!("no answer to {method}"))
            .unwrap();
        assert_eq!(answer["result"], Value::Null, "{method}: {answer}");
        assert!(answer.get("error").is_none(), "{method}: {answer}");
    }
    // A command names its document in its arguments: an unknown one is bad params, and no
    // edit is sent for it.
    for arguments in [json!([unknown, 0]), json!([unknown])] {
        let command = if arguments.as_array().unwrap().len() == 2 {
            boardls::lsp::WRITE_EXPECT
        } else {
            boardls::lsp::WRITE_ALL_EXPECT
        };
        let answer = client
            .request(
                "workspace/executeCommand",
                json!({ "command": command, "arguments": arguments }),
            )
            .await;
        assert_eq!(error_code(&answer), Some(INVALID_PARAMS), "{answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("not open"),
            "{answer}"
        );
    }
    // Arguments that are no document at all are bad params too.
    for arguments in [
        json!([]),
        json!([42]),
        json!(["not a uri"]),
        json!([URI, -1]),
    ] {
        let answer = client
            .request(
                "workspace/executeCommand",
                json!({ "command": boardls::lsp::WRITE_EXPECT, "arguments": arguments }),
            )
            .await;
        assert_eq!(
            error_code(&answer),
            Some(INVALID_PARAMS),
            "{arguments}: {answer}"
        );
    }
    let events = client.drain().await;
    assert!(
        !events.iter().any(|m| m["method"] == "workspace/applyEdit"),
        "{events:?}"
    );
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_and_closes_of_unknown_documents_are_ignored() {
    let client = Client::start(&[]).await;
    // Never opened.
    client.change(
        OTHER,
        2,
        json!([{ "range": range(0, 0, 0, 0), "text": "junk" }]),
    );
    client.replace_all(OTHER, 3, "junk");
    client.notify("textDocument/didClose", doc(OTHER));
    assert_eq!(text_of(&client, OTHER).await, Value::Null);
    // Opened, closed, then changed: the change lands nowhere.
    client.open(URI, 1, WRONG_EXPECT);
    settle(&client, URI, 1, &["E210"]).await;
    client.notify("textDocument/didClose", doc(URI));
    client.replace_all(URI, 2, "[zgame]\n.x.\n");
    assert_eq!(text_of(&client, URI).await, Value::Null);
    assert_eq!(hover(&client, URI, 0, 1).await, Value::Null);
    // Opening either now starts from the opened text alone.
    client.open(OTHER, 1, WRONG_EXPECT);
    settle(&client, OTHER, 1, &["E210"]).await;
    assert_eq!(text_of(&client, OTHER).await, WRONG_EXPECT);
    client.open(URI, 5, "[zgame]\n...\n");
    settle(&client, URI, 5, &[]).await;
    assert_eq!(text_of(&client, URI).await, "[zgame]\n...\n");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Positions out of range

const BILLION: u64 = 1_000_000_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_at_absurd_positions_are_answered() {
    for encodings in [&["utf-16"][..], &["utf-8"][..]] {
        let client = Client::start(encodings).await;
        let text = "[zgame \"é😀\"]\r\n..B\r\n..B\r\nBB.\r\nexpect = yes no no\r\n";
        client.open(URI, 1, text);
        settle(&client, URI, 1, &["E210"]).await;
        for (line, character) in [
            (BILLION, 0),
            (0, BILLION),
            (BILLION, BILLION),
            (4, BILLION),
            (u64::from(u32::MAX), u64::from(u32::MAX)),
            // Inside the emoji in UTF-16 (and inside its bytes in UTF-8).
            (0, 10),
        ] {
            let h = hover(&client, URI, line, character).await;
            assert!(h.is_null() || h.is_object(), "{h}");
            let c = client
                .call("textDocument/completion", at(URI, line, character))
                .await;
            assert!(c.is_null() || c.is_array(), "{c}");
            let r = range(line, character, line, character);
            let a = client
                .call("textDocument/codeAction", code_action(URI, r))
                .await;
            assert!(a.is_array(), "{a}");
        }
        // Past the end of the `expect` line (CRLF): clamped to its end, still on the wrong
        // answer, so the explanation of E210 comes back.
        let h = hover(&client, URI, 4, BILLION).await;
        assert!(markdown(&h).contains("`E210`"), "{h}");
        // A range from past the end back to the start counts as the whole file: the fix for
        // the wrong answer is offered.
        let a = client
            .call(
                "textDocument/codeAction",
                code_action(URI, range(BILLION, BILLION, 0, 0)),
            )
            .await;
        assert!(
            a.as_array()
                .unwrap()
                .iter()
                .any(|a| a["title"] == "Change `expect` to `no no yes`"),
            "{a}"
        );
        client.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_beyond_the_protocol_types_are_invalid_params() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    settle(&client, URI, 1, &["E210"]).await;
    // `uinteger` is 0..2^31-1 in the spec; the server takes u32. Beyond that, or negative, is
    // not a position.
    for (line, character) in [(json!(1u64 << 40), json!(0)), (json!(0), json!(-1))] {
        let position = json!({ "line": line, "character": character });
        let params = json!({ "textDocument": { "uri": URI }, "position": position });
        for method in ["textDocument/hover", "textDocument/completion"] {
            let answer = client.request(method, params.clone()).await;
            assert_eq!(error_code(&answer), Some(INVALID_PARAMS), "{answer}");
        }
    }
    // A change that cannot be read is dropped whole: the text stays as it was.
    client.change(
        URI,
        2,
        json!([{
            "range": {
                "start": { "line": -1, "character": 0 },
                "end": { "line": 0, "character": 0 }
            },
            "text": "junk"
        }]),
    );
    assert_eq!(text_of(&client, URI).await, WRONG_EXPECT);
    assert!(hover(&client, URI, 0, 3).await.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_at_absurd_positions_are_clamped() {
    for (encodings, inside_emoji) in [(&["utf-16"][..], 2), (&["utf-8"][..], 3)] {
        let client = Client::start(encodings).await;
        let mut version = 1;
        let mut edit = |client: &Client, r: Value, text: &str| {
            version += 1;
            client.change(URI, version, json!([{ "range": r, "text": text }]));
        };
        client.open(URI, 1, "a😀b\r\ncd\r\nef");
        // A column inside the emoji is its start (both ends of an empty range).
        let (l, c) = (0, inside_emoji);
        edit(&client, range(l, c, l, c), "X");
        assert_eq!(text_of(&client, URI).await, "aX😀b\r\ncd\r\nef");
        // From inside the emoji to its end: the emoji goes, never half of it.
        let end = if client.encoding == "utf-8" { 6 } else { 4 };
        edit(&client, range(0, c + 1, 0, end), "Y");
        assert_eq!(text_of(&client, URI).await, "aXYb\r\ncd\r\nef");
        // Past the end of a CRLF line: before its `\r\n`, which stays whole.
        edit(&client, range(0, BILLION, 0, BILLION), "Z");
        assert_eq!(text_of(&client, URI).await, "aXYbZ\r\ncd\r\nef");
        // From past the end of line 1 to the start of line 2: just the line break.
        edit(&client, range(1, BILLION, 2, 0), "");
        assert_eq!(text_of(&client, URI).await, "aXYbZ\r\ncdef");
        // A line past the end: the end of the text.
        edit(&client, range(BILLION, 0, BILLION, BILLION), "!");
        assert_eq!(text_of(&client, URI).await, "aXYbZ\r\ncdef!");
        // The largest position the types allow.
        let max = u64::from(u32::MAX);
        edit(&client, range(max, max, max, max), "?");
        assert_eq!(text_of(&client, URI).await, "aXYbZ\r\ncdef!?");
        // A range from the end back to the start: the whole text.
        edit(&client, range(BILLION, BILLION, 0, 0), WRONG_EXPECT);
        assert_eq!(text_of(&client, URI).await, WRONG_EXPECT);
        // The server still analyses what it holds.
        settle(&client, URI, version, &["E210"]).await;
        assert!(hover(&client, URI, 0, 3).await.is_object());
        client.stop().await;
    }
}

// ---------------------------------------------------------------------------------------------
// Shutdown and exit

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_shutdown_requests_are_invalid_and_exit_ends_the_server() {
    let mut raw = Raw::start(Config::default()).await;
    raw.open(URI, WRONG_EXPECT);
    raw.request(1, boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": URI }));
    assert_eq!(raw.answer(1).await["result"], WRONG_EXPECT);
    raw.request(2, "shutdown", Value::Null);
    assert_eq!(raw.answer(2).await["result"], Value::Null);
    // Notifications after shutdown are dropped: this document is never analysed.
    raw.open(OTHER, WRONG_EXPECT);
    let requests = [
        ("textDocument/hover", at(URI, 0, 3)),
        ("textDocument/completion", at(URI, 0, 1)),
        ("textDocument/codeLens", doc(URI)),
        ("textDocument/semanticTokens/full", doc(URI)),
        ("textDocument/documentSymbol", doc(URI)),
        ("textDocument/foldingRange", doc(URI)),
        ("textDocument/formatting", formatting(URI)),
        (
            "textDocument/codeAction",
            code_action(URI, range(4, 9, 4, 9)),
        ),
        (
            "workspace/executeCommand",
            json!({ "command": boardls::lsp::WRITE_ALL_EXPECT, "arguments": [URI] }),
        ),
        (boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": URI })),
        ("shutdown", Value::Null),
        ("initialize", json!({ "capabilities": {} })),
    ];
    for (i, (method, params)) in requests.iter().enumerate() {
        raw.request(10 + i as i64, method, params.clone());
    }
    for (i, (method, _)) in requests.iter().enumerate() {
        let answer = raw.answer(10 + i as i64).await;
        assert_eq!(
            error_code(&answer),
            Some(INVALID_REQUEST),
            "{method}: {answer}"
        );
    }
    raw.notify("exit", Value::Null);
    raw.join().await;
    assert_eq!(raw.ending, Some(boardls::lsp::Ending::AfterShutdown));
    // One answer per request, nothing about the document sent after shutdown, no edit.
    for id in (0..3).chain(10..10 + requests.len() as i64) {
        assert_eq!(raw.answers(id).len(), 1, "request {id}: {:?}", raw.log);
    }
    assert!(
        !raw.log
            .iter()
            .any(|m| m["params"]["uri"] == OTHER || m["method"] == "workspace/applyEdit"),
        "{:?}",
        raw.log
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exit_without_shutdown_ends_the_server_mid_solve() {
    let mut raw = Raw::start(Config::default()).await;
    raw.open(URI, &hard_tetris());
    raw.request(1, "textDocument/hover", at(URI, 0, 1));
    let answer = raw.answer(1).await;
    assert!(markdown(&answer["result"]).contains("Solving…"), "{answer}");
    // A request still waiting for an analysis when `exit` comes is answered all the same.
    raw.open(OTHER, &slow_to_analyse(4 << 20));
    raw.request(3, "textDocument/hover", at(OTHER, 0, 1));
    raw.notify("exit", Value::Null);
    // Requests after `exit` are never read: the server is gone.
    raw.request(2, "textDocument/hover", at(URI, 0, 1));
    raw.join().await;
    // Exit status 1: the session did not end properly.
    assert_eq!(raw.ending, Some(boardls::lsp::Ending::WithoutShutdown));
    assert!(raw.answers(2).is_empty(), "{:?}", raw.log);
    let last = raw.answers(3);
    assert_eq!(last.len(), 1, "{:?}", raw.log);
    assert!(
        error_code(&last[0]) == Some(REQUEST_CANCELLED) || last[0]["result"].is_object(),
        "{last:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Cancellation

/// Zgame cases of 12 bytes up to `bytes`. 15 MB of them take about a second to analyse (cases
/// past `MAX_CASES` are counted, not analysed), and every request on the text waits for that.
fn slow_to_analyse(bytes: usize) -> String {
    "[zgame]\n...\n".repeat(bytes / 12)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelled_requests_are_answered_once_either_way() {
    let mut raw = Raw::start(Config::default()).await;
    raw.open(URI, &slow_to_analyse(15 << 20));
    // Each request is followed at once by its cancellation, while the analysis it waits for
    // is still running. Requests 101..=104 are never cancelled.
    let cancelled: Vec<i64> = (1..=12).collect();
    let methods = [
        ("textDocument/hover", at(URI, 0, 1)),
        ("textDocument/codeLens", doc(URI)),
        ("textDocument/documentSymbol", doc(URI)),
        ("textDocument/completion", at(URI, 1, 0)),
        (
            "workspace/executeCommand",
            json!({ "command": boardls::lsp::WRITE_ALL_EXPECT, "arguments": [URI] }),
        ),
        ("textDocument/foldingRange", doc(URI)),
    ];
    for &id in &cancelled {
        let (method, params) = &methods[id as usize % methods.len()];
        raw.request(id, method, params.clone());
        raw.cancel(id);
    }
    let kept: Vec<i64> = (101..=104).collect();
    for &id in &kept {
        raw.request(id, "textDocument/hover", at(URI, 0, 1));
    }
    let mut outcomes = Vec::new();
    for &id in &cancelled {
        let answer = raw.answer(id).await;
        let outcome = match error_code(&answer) {
            Some(REQUEST_CANCELLED) => "cancelled",
            None => "answered",
            Some(_) => panic!("request {id}: {answer}"),
        };
        outcomes.push(outcome);
    }
    for &id in &kept {
        let answer = raw.answer(id).await;
        let text = markdown(&answer["result"]);
        assert!(text.starts_with("**zgame case 1**"), "{answer}");
    }
    // Each waited for a second-long analysis when its cancellation came right behind it.
    assert!(outcomes.contains(&"cancelled"), "{outcomes:?}");
    raw.stop(200).await;
    for id in cancelled.iter().chain(&kept) {
        assert_eq!(
            raw.answers(*id).len(),
            1,
            "request {id}: {:?}",
            raw.answers(*id)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_finished_or_unknown_request_is_ignored() {
    let mut raw = Raw::start(Config::default()).await;
    raw.open(URI, WRONG_EXPECT);
    raw.request(1, "textDocument/hover", at(URI, 0, 3));
    assert!(raw.answer(1).await["result"].is_object());
    raw.cancel(1);
    // Ids never used, of both kinds the spec allows, and an id that is no id.
    raw.cancel(999);
    raw.notify("$/cancelRequest", json!({ "id": "never-sent" }));
    raw.notify("$/cancelRequest", json!({ "id": null }));
    raw.notify("$/cancelRequest", json!({}));
    for id in 2..=4 {
        raw.request(id, "textDocument/hover", at(URI, 0, 3));
        let answer = raw.answer(id).await;
        assert!(
            markdown(&answer["result"]).starts_with("**zgame \"sample 1\"**"),
            "{answer}"
        );
    }
    // The id of an answered request may be used again (awaited: `exit` would cancel it).
    raw.request(1, "textDocument/codeLens", doc(URI));
    while raw.answers(1).len() < 2 {
        assert!(raw.next().await.is_some(), "{:?}", raw.log);
    }
    raw.stop(5).await;
    let ones = raw.answers(1);
    assert_eq!(ones.len(), 2, "{ones:?}");
    assert!(ones.iter().all(|a| a.get("error").is_none()), "{ones:?}");
    // Notifications are never answered.
    assert!(
        raw.log
            .iter()
            .all(|m| m["id"] != 999 && m["id"] != "never-sent"),
        "{:?}",
        raw.log
    );
}

// ---------------------------------------------------------------------------------------------
// Hostile texts, through didOpen and through didChange; each ends in a clear diagnostic and a
// server that still answers.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_20_mb_text_is_refused_whole() {
    let client = Client::start(&[]).await;
    let huge = "[zgame]\n...\n".repeat(20 * 1024 * 1024 / 12);
    assert!(huge.len() > boardls::config::MAX_FILE_BYTES);
    client.open(URI, 1, &huge);
    let params = settle(&client, URI, 1, &["E213"]).await;
    let d = &params["diagnostics"][0];
    assert_eq!(d["range"], range(0, 0, 0, 0));
    assert!(d["message"].as_str().unwrap().contains("16777216"), "{d}");
    let h = hover(&client, URI, 0, 0).await;
    assert!(markdown(&h).starts_with("`E213`"), "{h}");
    assert_eq!(
        client.call("textDocument/codeLens", doc(URI)).await,
        json!([])
    );
    // Through a change: refused, and back to normal when it shrinks again.
    client.open(OTHER, 1, WRONG_EXPECT);
    settle(&client, OTHER, 1, &["E210"]).await;
    client.replace_all(OTHER, 2, &huge);
    settle(&client, OTHER, 2, &["E213"]).await;
    client.replace_all(OTHER, 3, WRONG_EXPECT);
    settle(&client, OTHER, 3, &["E210"]).await;
    assert!(hover(&client, OTHER, 0, 3).await.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_that_crosses_the_size_cap_is_refused_until_undone() {
    let config = Config {
        max_file_bytes: 1000,
        ..Config::default()
    };
    let client = Client::start_config(&[], json!({}), config).await;
    let text = format!("{WRONG_EXPECT}{}", "// padding\n".repeat(80));
    assert!(text.len() < 1000 && text.len() > 900);
    client.open(URI, 1, &text);
    settle(&client, URI, 1, &["E210"]).await;
    let extra = "// more\n".repeat(20);
    client.change(
        URI,
        2,
        json!([{ "range": range(5, 0, 5, 0), "text": extra }]),
    );
    settle(&client, URI, 2, &["E213"]).await;
    client.change(URI, 3, json!([{ "range": range(5, 0, 25, 0), "text": "" }]));
    settle(&client, URI, 3, &["E210"]).await;
    assert_eq!(text_of(&client, URI).await, text);
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_megabyte_line_is_a_warning_and_still_solved() {
    let client = Client::start(&[]).await;
    let line = ".".repeat(1 << 20);
    client.open(URI, 1, &format!("[zgame]\n{line}\n"));
    let params = settle(&client, URI, 1, &["W302"]).await;
    assert!(
        params["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("1048576 columns"),
        "{params}"
    );
    solved_lenses(&client, URI).await;
    let h = hover(&client, URI, 0, 1).await;
    assert!(markdown(&h).contains("Judge answer:"), "{h}");
    let h = hover(&client, URI, 1, 500_000).await;
    assert!(markdown(&h).starts_with("**cell (1, 500001) of"), "{h}");
    // The same line typed into a small board.
    client.open(OTHER, 1, "[zgame]\n...\n");
    settle(&client, OTHER, 1, &[]).await;
    client.change(
        OTHER,
        2,
        json!([{ "range": range(1, 3, 1, 3), "text": line }]),
    );
    let params = settle(&client, OTHER, 2, &["W302"]).await;
    assert!(
        params["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("1048579 columns"),
        "{params}"
    );
    assert!(hover(&client, OTHER, 1, 1 << 20).await.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absurd_chess_size_is_a_warning_not_a_hang() {
    let client = Client::start(&[]).await;
    let text = "[chess]\npiece = queen\nsize = 1000000000 1000000000\n";
    client.open(URI, 1, text);
    let params = settle(&client, URI, 1, &["W501", "W501"]).await;
    assert_eq!(params["diagnostics"][0]["range"], range(2, 7, 2, 17));
    assert_eq!(params["diagnostics"][1]["range"], range(2, 18, 2, 28));
    let lenses = solved_lenses(&client, URI).await;
    assert!(!lenses.is_empty());
    assert!(hover(&client, URI, 0, 1).await.is_object());
    // Typed over a sane size; then a size past u32 that is refused outright.
    client.open(OTHER, 1, "[chess]\npiece = queen\nsize = 5 5\n");
    settle(&client, OTHER, 1, &[]).await;
    client.change(
        OTHER,
        2,
        json!([{ "range": range(2, 7, 2, 10), "text": "1000000000 1000000000" }]),
    );
    settle(&client, OTHER, 2, &["W501", "W501"]).await;
    client.change(
        OTHER,
        3,
        json!([{ "range": range(2, 7, 2, 28), "text": "4000000000 3" }]),
    );
    client
        .wait_for("E503", |m| {
            m["params"]["uri"] == OTHER
                && m["params"]["version"] == 3
                && codes(&m["params"]).iter().any(|c| c == "E503")
        })
        .await;
    assert!(hover(&client, OTHER, 0, 1).await.is_object());
    client.stop().await;
}

fn tetris_50(centre_blocked: bool) -> String {
    let mut rows = vec!["0".repeat(50); 50];
    if centre_blocked {
        rows[24].replace_range(24..25, "1");
    }
    format!("[tetris]\n{}\n", rows.join("\n"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_free_50_by_50_tetris_board_is_solved_within_a_small_budget() {
    // Every cell free: point symmetry answers it (the first player takes the centre square and
    // mirrors), so the budget only limits the map of first moves.
    let client = Client::start_with(&[], json!({ "solveTimeMs": 300, "solveNodes": 200000 })).await;
    client.open(URI, 1, &tetris_50(false));
    settle(&client, URI, 1, &[]).await;
    let lenses = solved_lenses(&client, URI).await;
    assert!(title(&lenses[0]).contains("wins"), "{lenses:?}");
    let h = hover(&client, URI, 0, 1).await;
    assert!(markdown(&h).contains("Judge answer: `Yes`"), "{h}");
    client.stop().await;
}

/// A zgame case whose answer needs 2 MiB: 70,000 rows of one cell, a word of row bits each.
fn zgame_tall() -> String {
    format!("[zgame]\n{}", ".\n".repeat(70_000))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_sets_the_memory_cap_over_the_servers_own() {
    // The editor lowers the default...
    let client = Client::start_with(&[], json!({ "solveMemoryMb": 1 })).await;
    client.open(URI, 1, &zgame_tall());
    // W301: the board is beyond the original problem's limit on rows.
    let params = settle(&client, URI, 1, &["W211", "W301"]).await;
    let message = params["diagnostics"][0]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("would need 2 MiB, more than the memory cap of 1 MiB"),
        "{params}"
    );
    client.stop().await;
    // ...or raises what the server was started with (`boardls lsp --memory 1`); 0 is ignored.
    for (options, capped) in [
        (json!({ "solveMemoryMb": 4 }), false),
        (json!({ "solveMemoryMb": 0 }), true),
    ] {
        let config = Config {
            solve_memory: 1 << 20,
            ..Config::default()
        };
        let client = Client::start_config(&[], options.clone(), config).await;
        client.open(URI, 1, &zgame_tall());
        client
            .wait_for("the lens refresh after solving", |m| {
                m["method"] == "workspace/codeLens/refresh"
            })
            .await;
        let lenses = case_lenses(client.call("textDocument/codeLens", doc(URI)).await);
        let lens = title(&lenses[0]);
        assert_eq!(
            lens.contains("too large to solve"),
            capped,
            "{options}: {lens}"
        );
        client.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editors_allow_silences_codes_and_names_a_mistyped_one() {
    let client = Client::start_with(
        &[],
        json!({ "solveMemoryMb": 1, "allow": ["W301", "w501"] }),
    )
    .await;
    let warning = client
        .wait_for("a warning about w501", |m| {
            m["method"] == "window/showMessage"
        })
        .await;
    let message = warning["params"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("`w501` is not a boardls code") && message.contains("`W501`"),
        "{warning}"
    );
    assert_eq!(warning["params"]["type"], 2, "{warning}");
    // Beyond the original limits (W301, silenced) and too large for 1 MiB (W211, not).
    client.open(URI, 1, &zgame_tall());
    settle(&client, URI, 1, &["W211"]).await;
    // Known codes draw no warning.
    let more = client.drain().await;
    assert!(
        !more.iter().any(|m| m["method"] == "window/showMessage"),
        "{more:?}"
    );
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editors_allow_silences_every_code_suite_findings_included() {
    // The common mistakes in a file that is a suite of its own: syntax, generic, game and
    // suite (I22x) codes together. The server and `check` share one pipeline, so the editor's
    // `allow` removes exactly the codes it names, the suite's as well.
    let text = format!(
        "// boardls: suite\n{}",
        include_str!("../../examples/mistakes.board")
    );
    let checked = boardls::analysis::check(
        &text,
        &Config::editor(),
        &boardls::analysis::SolveCache::new(),
    );
    let all: Vec<&str> = checked.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        all.iter().any(|c| c.starts_with("I22")) && all.iter().any(|c| c.starts_with('E')),
        "{all:?}"
    );
    let mut distinct: Vec<&str> = all.clone();
    distinct.sort_unstable();
    distinct.dedup();
    // Every other code silenced, then the rest: each code is silenced in one of the two runs.
    for parity in [0, 1] {
        let silenced: Vec<&str> = distinct
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, c)| *c)
            .collect();
        let kept: Vec<&str> = all
            .iter()
            .copied()
            .filter(|c| !silenced.contains(c))
            .collect();
        let client = Client::start_with(&[], json!({ "allow": silenced })).await;
        client.open(URI, 1, &text);
        settle(&client, URI, 1, &kept).await;
        client.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_50_by_50_tetris_search_stopped_by_its_budget_says_so() {
    // The centre blocked defeats symmetry: a real search. Stopped by nodes (deterministic)...
    let config = Config {
        solve_nodes: 20_000,
        solve_time: Some(std::time::Duration::from_secs(600)),
        ..Config::default()
    };
    let client = Client::start_config(&[], json!({}), config).await;
    client.open(URI, 1, &tetris_50(true));
    let params = settle(&client, URI, 1, &["W211"]).await;
    let d = &params["diagnostics"][0];
    assert_eq!(d["range"], range(0, 0, 0, 8));
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("unsolved within budget ("),
        "{d}"
    );
    assert!(
        d["message"].as_str().unwrap().contains("search nodes)"),
        "{d}"
    );
    let h = markdown(&hover(&client, URI, 0, 1).await);
    assert!(
        h.contains("Unsolved within budget (") && h.contains("`W211`"),
        "{h}"
    );
    client.stop().await;
    // ...or by time, set by the editor, and typed in by a change.
    let client = Client::start_with(&[], json!({ "solveTimeMs": 300 })).await;
    client.open(URI, 1, &tetris_50(false));
    settle(&client, URI, 1, &[]).await;
    client.change(
        URI,
        2,
        json!([{ "range": range(25, 24, 25, 25), "text": "1" }]),
    );
    let params = settle(&client, URI, 2, &["W211"]).await;
    assert!(
        params["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("unsolved within budget (300 ms)"),
        "{params}"
    );
    assert!(hover(&client, URI, 0, 1).await.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_cases_are_served() {
    let client = Client::start(&[]).await;
    let text = "[race]\nA.\n.B\nexpect = B\n".repeat(10_000);
    client.open(URI, 1, "[zgame]\n.x.\n");
    settle(&client, URI, 1, &["E205"]).await;
    client.replace_all(URI, 2, &text);
    settle(&client, URI, 2, &[]).await;
    // One wrong answer deep inside: exactly one error, on its line.
    let line = 4 * 7777 + 3;
    client.change(
        URI,
        3,
        json!([{ "range": range(line, 9, line, 10), "text": "A" }]),
    );
    let params = settle(&client, URI, 3, &["E210"]).await;
    assert_eq!(params["diagnostics"][0]["range"], range(line, 9, line, 10));
    let symbols = client.call("textDocument/documentSymbol", doc(URI)).await;
    assert_eq!(symbols.as_array().unwrap().len(), 10_000);
    let h = hover(&client, URI, line, 9).await;
    assert!(markdown(&h).contains("`E210`"), "{h}");
    // Opened whole in one go.
    client.open(OTHER, 1, &text);
    settle(&client, OTHER, 1, &[]).await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cases_past_the_cap_are_reported_once() {
    let config = Config {
        max_cases: 1000,
        ..Config::default()
    };
    let client = Client::start_config(&[], json!({}), config).await;
    let text = "[race]\nA.\n.B\nexpect = B\n".repeat(1001);
    client.open(URI, 1, &text);
    let params = settle(&client, URI, 1, &["E214"]).await;
    assert_eq!(params["diagnostics"][0]["range"]["start"]["line"], 4000);
    let symbols = client.call("textDocument/documentSymbol", doc(URI)).await;
    assert_eq!(symbols.as_array().unwrap().len(), 1000);
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nul_bytes_are_bad_cells() {
    let client = Client::start(&[]).await;
    client.open(URI, 1, "[zgame]\n.\0.\n...\n");
    let params = settle(&client, URI, 1, &["E205"]).await;
    assert_eq!(params["diagnostics"][0]["range"], range(1, 1, 1, 2));
    let h = hover(&client, URI, 1, 1).await;
    assert!(markdown(&h).starts_with("`E205`"), "{h}");
    client.open(OTHER, 1, "[zgame]\n...\n...\n");
    settle(&client, OTHER, 1, &[]).await;
    client.change(
        OTHER,
        2,
        json!([{ "range": range(2, 1, 2, 3), "text": "\0\0" }]),
    );
    // One diagnostic per row, at its first bad cell.
    let params = settle(&client, OTHER, 2, &["E205"]).await;
    let d = &params["diagnostics"][0];
    assert_eq!(d["range"], range(2, 1, 2, 2));
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("and 1 more in this row"),
        "{d}"
    );
    assert_eq!(text_of(&client, OTHER).await, "[zgame]\n...\n.\0\0\n");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leading_bom_is_no_error() {
    let client = Client::start(&[]).await;
    let with_bom = format!("\u{feff}{WRONG_EXPECT}");
    client.open(URI, 1, &with_bom);
    let params = settle(&client, URI, 1, &["E210"]).await;
    assert_eq!(params["diagnostics"][0]["range"], range(4, 9, 4, 18));
    // The BOM is one UTF-16 unit of line 0: the header starts after it.
    let symbols = client.call("textDocument/documentSymbol", doc(URI)).await;
    assert_eq!(
        symbols[0]["selectionRange"]["start"],
        json!({ "line": 0, "character": 1 })
    );
    let h = hover(&client, URI, 0, 3).await;
    assert!(markdown(&h).contains("zgame \"sample 1\""), "{h}");
    // A BOM typed in front of a file that had none changes nothing but the text.
    client.open(OTHER, 1, "[zgame]\n.x.\n");
    settle(&client, OTHER, 1, &["E205"]).await;
    client.replace_all(OTHER, 2, WRONG_EXPECT);
    settle(&client, OTHER, 2, &["E210"]).await;
    client.change(
        OTHER,
        3,
        json!([{ "range": range(0, 0, 0, 0), "text": "\u{feff}" }]),
    );
    assert_eq!(text_of(&client, OTHER).await, with_bom);
    assert!(hover(&client, OTHER, 4, 10).await.is_object());
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mixed_line_ends_count_as_the_editor_counts_them() {
    let client = Client::start(&[]).await;
    let mixed = "[zgame \"a\"]\r\n..B\n..B\rBB.\r\nexpect = yes yes yes\n";
    client.open(URI, 1, mixed);
    let params = settle(&client, URI, 1, &["E210"]).await;
    assert_eq!(params["diagnostics"][0]["range"], range(4, 9, 4, 20));
    solved_lenses(&client, URI).await;
    // Line 3 follows a lone `\r`.
    let h = hover(&client, URI, 3, 0).await;
    assert!(markdown(&h).starts_with("**cell (3, 1) of"), "{h}");
    // The same text made by edits at the ends of lines, one line-end kind each.
    let plain = "[zgame \"a\"]\n..B\n..B\nBB.\nexpect = yes yes yes\n";
    client.open(OTHER, 1, plain);
    settle(&client, OTHER, 1, &["E210"]).await;
    client.change(
        OTHER,
        2,
        json!([
            { "range": range(0, 11, 1, 0), "text": "\r\n" },
            { "range": range(2, 3, 3, 0), "text": "\r" },
            { "range": range(3, 3, 4, 0), "text": "\r\n" }
        ]),
    );
    assert_eq!(text_of(&client, OTHER).await, mixed);
    // Then an edit on the line after the lone `\r`.
    client.change(
        OTHER,
        3,
        json!([{ "range": range(3, 0, 3, 1), "text": "." }]),
    );
    assert_eq!(
        text_of(&client, OTHER).await,
        mixed.replace("\rBB.", "\r.B.")
    );
    settle(&client, OTHER, 3, &["E210"]).await;
    assert!(hover(&client, OTHER, 4, 10).await.is_object());
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Answers while a long solve runs

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_answered_while_a_long_solve_runs() {
    let client = Client::start_with(
        &[],
        json!({ "solveTimeMs": 600000, "solveNodes": NO_NODE_CAP }),
    )
    .await;
    let text = format!("{WRONG_EXPECT}\n{}", hard_tetris());
    client.open(URI, 1, &text);
    // The zgame case is solved first; the tetris search then runs until the file is closed.
    let mut ended = false;
    let begin = client
        .wait_for("the tetris search's progress", |m| {
            ended |= is_progress(m, "end");
            is_progress(m, "begin")
                && m["params"]["value"]["message"]
                    .as_str()
                    .is_some_and(|t| t.contains("tetris"))
        })
        .await;
    let token = begin["params"]["token"].clone();
    assert!(!ended);
    let h = hover(&client, URI, 0, 3).await;
    assert!(markdown(&h).contains("Judge answer: `no no yes`"), "{h}");
    let h = hover(&client, URI, 1, 2).await;
    assert!(markdown(&h).starts_with("**cell (1, 3) of"), "{h}");
    let h = hover(&client, URI, 6, 2).await;
    assert!(markdown(&h).contains("Solving…"), "{h}");
    let lenses = case_lenses(client.call("textDocument/codeLens", doc(URI)).await);
    assert!(title(&lenses[0]).starts_with("Alice:"), "{lenses}");
    // Another document is analysed and solved meanwhile.
    client.open(OTHER, 1, WRONG_EXPECT);
    client
        .wait_for("the other document's result", |m| {
            ended |= is_progress(m, "end") && m["params"]["token"] == token;
            m["params"]["uri"] == OTHER && codes(&m["params"]) == ["E210"]
        })
        .await;
    let h = hover(&client, OTHER, 0, 3).await;
    assert!(markdown(&h).contains("Judge answer"), "{h}");
    // All of that came before the search ended: it ends only now, when the file closes.
    let events = client.drain().await;
    ended |= events
        .iter()
        .any(|m| is_progress(m, "end") && m["params"]["token"] == token);
    assert!(!ended, "the search ended on its own: {events:?}");
    client.notify("textDocument/didClose", doc(URI));
    client
        .wait_for("the tetris search's end", |m| {
            is_progress(m, "end") && m["params"]["token"] == token
        })
        .await;
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// Bugs found

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undecodable_frame_is_answered_and_the_server_reads_on() {
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes();
    let open_lone_surrogate = concat!(
        r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":"#,
        r#"{"uri":"file:///test/s.board","languageId":"board","version":1,"text":"[zgame \ud83d]"}}}"#
    );
    // What each frame gets: an error with id null and this code, or no answer (a notification).
    let cases = [
        ("invalid JSON", frame("{oops"), Some(-32700)),
        ("JSON that is no message", frame("[1,2]"), Some(-32600)),
        (
            "a frame with no Content-Length",
            b"Content-Type: x\r\n\r\n".to_vec(),
            Some(-32700),
        ),
        // JavaScript clients may send a lone surrogate; JSON allows the escape.
        ("a lone surrogate escape", frame(open_lone_surrogate), None),
        // The spec's default charset is utf-8: the header without it is legal.
        (
            "a Content-Type without charset",
            b"Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{}".to_vec(),
            Some(-32600),
        ),
    ];
    let mut failures = Vec::new();
    for (what, bytes, code) in cases {
        let mut raw = Raw::start(Config::default()).await;
        raw.send_bytes(&bytes);
        raw.request(1, "textDocument/hover", at(URI, 0, 0));
        // Read until the hover is answered or the output ends.
        while raw.answers(1).is_empty() && raw.next().await.is_some() {}
        if raw.answers(1).is_empty() {
            failures.push(format!("{what}: the server stopped after {:?}", raw.log));
            continue;
        }
        let refusals: Vec<i64> = raw
            .log
            .iter()
            .filter(|m| m.get("method").is_none() && m["id"].is_null())
            .filter_map(|m| m["error"]["code"].as_i64())
            .collect();
        if refusals != code.into_iter().collect::<Vec<_>>() {
            failures.push(format!("{what}: answered {refusals:?}, not {code:?}"));
        }
        raw.stop(2).await;
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // The lone surrogate arrived as U+FFFD and the rest of the text with it.
    let mut raw = Raw::start(Config::default()).await;
    raw.send_bytes(&frame(open_lone_surrogate));
    raw.request(
        1,
        boardls::lsp::VIEW_FILE_TEXT,
        json!({ "uri": "file:///test/s.board" }),
    );
    let text = raw.answer(1).await;
    assert_eq!(text["result"], "[zgame \u{fffd}]", "{text}");
    raw.stop(2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopening_a_document_stops_its_running_solve() {
    // 3 minutes and no node cap: longer than PATIENCE, so only a cancellation ends the search
    // in time.
    let client = Client::start_with(
        &[],
        json!({ "solveTimeMs": 180000, "solveNodes": NO_NODE_CAP }),
    )
    .await;
    client.open(URI, 1, &hard_tetris());
    let begin = client
        .wait_for("progress begin", |m| is_progress(m, "begin"))
        .await;
    let token = begin["params"]["token"].clone();
    // Opened again without a close (the spec forbids it; clients do it after a reload).
    client.open(URI, 2, WRONG_EXPECT);
    // The old search may end before or after the new text is checked: wait for both at once.
    let (mut ended, mut checked) = (false, false);
    client
        .wait_for("the old search's end and E210 in version 2", |m| {
            ended |= is_progress(m, "end") && m["params"]["token"] == token;
            checked |= m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["version"] == 2
                && codes(&m["params"]) == ["E210"];
            ended && checked
        })
        .await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_session_leaves_no_task_behind() {
    // Embedders (and the fuzz target) run many sessions in one process: each must end whole.
    let metrics = tokio::runtime::Handle::current().metrics();
    let session = || async {
        let client = Client::start(&[]).await;
        client.open(URI, 1, WRONG_EXPECT);
        client.diagnostics(URI, |p| p["version"] == 1).await;
        client.stop().await;
    };
    session().await;
    let after_one = metrics.num_alive_tasks();
    for _ in 0..20 {
        session().await;
    }
    // Tasks end asynchronously after `exit`: give them a moment, then count.
    let mut alive = metrics.num_alive_tasks();
    for _ in 0..100 {
        if alive <= after_one {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        alive = metrics.num_alive_tasks();
    }
    assert!(
        alive <= after_one,
        "{alive} tasks alive after 21 sessions, {after_one} after one"
    );
}
