//! An in-process LSP client for tests and benches: the real server over an in-memory pipe,
//! JSON-RPC framing, responses matched to requests, server requests answered.
#![allow(dead_code)]
// Requests and notifications take their JSON parameters by value, as `json!` makes them.
#![allow(clippy::needless_pass_by_value)]

use serde_json::{Value, json};
use std::collections::HashMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{mpsc, oneshot};

/// Long enough for any debug-build solve in these tests; reaching it means a hang.
pub(crate) const PATIENCE: Duration = Duration::from_secs(120);

/// The reading end of an in-memory byte pipe.
pub(crate) struct PipeReader {
    rx: mpsc::UnboundedReceiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

/// The writing end of an in-memory byte pipe.
pub(crate) struct PipeWriter {
    tx: mpsc::UnboundedSender<Vec<u8>>,
}

pub(crate) fn pipe() -> (PipeWriter, PipeReader) {
    let (tx, rx) = mpsc::unbounded_channel();
    (
        PipeWriter { tx },
        PipeReader {
            rx,
            chunk: Vec::new(),
            at: 0,
        },
    )
}

impl AsyncRead for PipeReader {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        while this.at >= this.chunk.len() {
            match this.rx.poll_recv(cx) {
                Poll::Ready(Some(chunk)) => {
                    this.chunk = chunk;
                    this.at = 0;
                }
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Pending => return Poll::Pending,
            }
        }
        let n = buf.remaining().min(this.chunk.len() - this.at);
        buf.put_slice(&this.chunk[this.at..this.at + n]);
        this.at += n;
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for PipeWriter {
    fn poll_write(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.tx.send(buf.to_vec()) {
            Ok(()) => Poll::Ready(Ok(buf.len())),
            Err(_) => Poll::Ready(Err(io::ErrorKind::BrokenPipe.into())),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

pub(crate) fn frame(msg: &Value) -> Vec<u8> {
    let body = msg.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

type Pending = Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>;

pub(crate) struct Client {
    to_server: Mutex<Option<mpsc::UnboundedSender<Vec<u8>>>>,
    next_id: AtomicI64,
    pending: Pending,
    /// Notifications and requests from the server, in arrival order.
    events: tokio::sync::Mutex<mpsc::UnboundedReceiver<Value>>,
    /// Whether server requests get an answer (off: prove the server never waits for one).
    pub(crate) answer_requests: Arc<AtomicBool>,
    /// What `workspace/configuration` answers for every item it asks (the `boardls` section).
    settings: Arc<Mutex<Value>>,
    server: Mutex<Option<tokio::task::JoinHandle<boardls::lsp::Ending>>>,
    pub(crate) encoding: &'static str,
}

impl Client {
    /// Starts a server, sends `initialize` (offering `encodings`) and `initialized`.
    pub(crate) async fn start(encodings: &[&str]) -> Client {
        Client::start_with(encodings, json!({})).await
    }

    pub(crate) async fn start_with(encodings: &[&str], options: Value) -> Client {
        Client::start_config(encodings, options, boardls::config::Config::editor()).await
    }

    /// As [`Client::start_with`], the server built with `config` (before `initialize` options).
    pub(crate) async fn start_config(
        encodings: &[&str],
        options: Value,
        config: boardls::config::Config,
    ) -> Client {
        Client::start_caps(
            json!({ "initializationOptions": options }),
            capabilities(encodings),
            config,
        )
        .await
    }

    /// Starts a server with `initialize` params `params` (folders, options; `processId` and
    /// `rootUri` default to null) and client capabilities `caps`.
    pub(crate) async fn start_caps(
        params: Value,
        caps: Value,
        config: boardls::config::Config,
    ) -> Client {
        let client = Client::spawn_config(true, config);
        let mut init = json!({ "processId": null, "rootUri": null, "capabilities": caps });
        if let (Some(init), Some(params)) = (init.as_object_mut(), params.as_object()) {
            for (k, v) in params {
                init.insert(k.clone(), v.clone());
            }
        }
        let result = client.request("initialize", init).await;
        let encoding = match result["result"]["capabilities"]["positionEncoding"].as_str() {
            Some("utf-8") => "utf-8",
            _ => "utf-16",
        };
        let mut client = client;
        client.encoding = encoding;
        client.notify("initialized", json!({}));
        client
    }

    /// A server with no `initialize` sent yet.
    pub(crate) fn spawn(answer_requests: bool) -> Client {
        Client::spawn_config(answer_requests, boardls::config::Config::editor())
    }

    pub(crate) fn spawn_config(answer_requests: bool, config: boardls::config::Config) -> Client {
        let (to_server, server_in) = pipe();
        let (server_out, mut from_server) = pipe();
        let server = tokio::spawn(boardls::lsp::serve(server_in, server_out, config));
        let pending: Pending = Arc::new(Mutex::new(HashMap::new()));
        let (events_tx, events_rx) = mpsc::unbounded_channel();
        let answer = Arc::new(AtomicBool::new(answer_requests));
        let settings = Arc::new(Mutex::new(json!({})));
        // Weak: closing the client's end must reach the server as end of input.
        let to_server_tx = to_server.tx.downgrade();
        {
            let pending = pending.clone();
            let answer = answer.clone();
            let settings = settings.clone();
            tokio::spawn(async move {
                let mut buf: Vec<u8> = Vec::new();
                while let Some(chunk) = from_server.rx.recv().await {
                    buf.extend_from_slice(&chunk);
                    while let Some(msg) = take_frame(&mut buf) {
                        dispatch(msg, &pending, &events_tx, &to_server_tx, &answer, &settings);
                    }
                }
            });
        }
        Client {
            to_server: Mutex::new(Some(to_server.tx)),
            next_id: AtomicI64::new(1),
            pending,
            events: tokio::sync::Mutex::new(events_rx),
            answer_requests: answer,
            settings,
            server: Mutex::new(Some(server)),
            encoding: "utf-16",
        }
    }

    /// What the client answers `workspace/configuration` with from now on.
    pub(crate) fn set_settings(&self, section: Value) {
        *self.settings.lock().unwrap() = section;
    }

    fn send(&self, msg: &Value) {
        if let Some(tx) = self.to_server.lock().unwrap().as_ref() {
            let _ = tx.send(frame(msg));
        }
    }

    pub(crate) fn notify(&self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request; the answer (with `result` or `error`) comes from the returned future.
    pub(crate) fn send_request(&self, method: &str, params: Value) -> oneshot::Receiver<Value> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        rx
    }

    pub(crate) async fn request(&self, method: &str, params: Value) -> Value {
        let rx = self.send_request(method, params);
        match tokio::time::timeout(PATIENCE, rx).await {
            Ok(Ok(v)) => v,
            _ => panic!("no answer to {method}"),
        }
    }

    /// The `result` of a request that must succeed.
    pub(crate) async fn call(&self, method: &str, params: Value) -> Value {
        let v = self.request(method, params).await;
        assert!(v.get("error").is_none(), "{method} failed: {v}");
        v["result"].clone()
    }

    /// The next server message that satisfies `pred`; earlier ones are dropped.
    pub(crate) async fn wait_for(&self, what: &str, mut pred: impl FnMut(&Value) -> bool) -> Value {
        let mut events = self.events.lock().await;
        let found = tokio::time::timeout(PATIENCE, async {
            while let Some(msg) = events.recv().await {
                if pred(&msg) {
                    return Some(msg);
                }
            }
            None
        })
        .await;
        match found {
            Ok(Some(msg)) => msg,
            _ => panic!("waited in vain for {what}"),
        }
    }

    /// Every server message received so far, without waiting.
    pub(crate) async fn drain(&self) -> Vec<Value> {
        let mut events = self.events.lock().await;
        let mut out = Vec::new();
        while let Ok(msg) = events.try_recv() {
            out.push(msg);
        }
        out
    }

    /// The next `publishDiagnostics` for `uri` that satisfies `pred`.
    pub(crate) async fn diagnostics(&self, uri: &str, pred: impl Fn(&Value) -> bool) -> Value {
        self.wait_for(&format!("diagnostics of {uri}"), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && pred(&m["params"])
        })
        .await["params"]
            .clone()
    }

    pub(crate) fn open(&self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "board", "version": version, "text": text } }),
        );
    }

    pub(crate) fn change(&self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": changes }),
        );
    }

    pub(crate) fn replace_all(&self, uri: &str, version: i64, text: &str) {
        self.change(uri, version, json!([{ "text": text }]));
    }

    /// Shuts down properly and waits for the server to stop.
    pub(crate) async fn stop(self) {
        let _ = self.request("shutdown", Value::Null).await;
        self.notify("exit", Value::Null);
        let server = self.server.lock().unwrap().take();
        if let Some(server) = server {
            let ending = tokio::time::timeout(PATIENCE, server)
                .await
                .expect("server did not stop after exit")
                .expect("server task failed");
            assert_eq!(ending, boardls::lsp::Ending::AfterShutdown);
        }
    }

    /// Says `exit` without `shutdown` and waits for the server to stop: how it ended.
    pub(crate) async fn exit_at_once(self) -> boardls::lsp::Ending {
        self.notify("exit", Value::Null);
        let server = self.server.lock().unwrap().take().expect("a server");
        tokio::time::timeout(PATIENCE, server)
            .await
            .expect("server did not stop after exit")
            .expect("server task failed")
    }

    /// Closes the server's input without `exit`, as a crashed client would.
    pub(crate) async fn hang_up(self) {
        self.to_server.lock().unwrap().take();
        let server = self.server.lock().unwrap().take();
        if let Some(server) = server {
            let ending = tokio::time::timeout(PATIENCE, server)
                .await
                .expect("server did not stop at end of input")
                .expect("server task failed");
            assert_eq!(ending, boardls::lsp::Ending::WithoutShutdown);
        }
    }
}

/// The capabilities of a client like VS Code (Markdown hovers, code action literals, every
/// refresh) offering `encodings`; tests change what they are about.
pub(crate) fn capabilities(encodings: &[&str]) -> Value {
    json!({
        "general": { "positionEncodings": encodings },
        "window": { "workDoneProgress": true },
        "workspace": {
            "applyEdit": true,
            "workspaceEdit": { "documentChanges": true },
            "codeLens": { "refreshSupport": true },
            "semanticTokens": { "refreshSupport": true },
            "inlayHint": { "refreshSupport": true }
        },
        "textDocument": {
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true },
            "hover": { "contentFormat": ["markdown", "plaintext"] },
            "codeAction": {
                "codeActionLiteralSupport": {
                    "codeActionKind": { "valueSet": ["quickfix", "source"] }
                }
            }
        }
    })
}

fn take_frame(buf: &mut Vec<u8>) -> Option<Value> {
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&buf[..end]).ok()?;
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))?
        .trim()
        .parse()
        .ok()?;
    if buf.len() < end + 4 + len {
        return None;
    }
    let body: Vec<u8> = buf.drain(..end + 4 + len).skip(end + 4).collect();
    serde_json::from_slice(&body).ok()
}

fn dispatch(
    msg: Value,
    pending: &Pending,
    events: &mpsc::UnboundedSender<Value>,
    to_server: &mpsc::WeakUnboundedSender<Vec<u8>>,
    answer: &AtomicBool,
    settings: &Mutex<Value>,
) {
    let is_response = msg.get("method").is_none();
    if is_response {
        let waiter = msg["id"]
            .as_i64()
            .and_then(|id| pending.lock().unwrap().remove(&id));
        if let Some(tx) = waiter {
            let _ = tx.send(msg);
        }
        return;
    }
    if msg.get("id").is_some() && answer.load(Ordering::Relaxed) {
        let result = match msg["method"].as_str() {
            Some("workspace/applyEdit") => json!({ "applied": true }),
            Some("workspace/configuration") => {
                let items = msg["params"]["items"].as_array().map_or(0, Vec::len);
                let section = settings.lock().unwrap().clone();
                Value::Array(vec![section; items])
            }
            _ => Value::Null,
        };
        if let Some(to_server) = to_server.upgrade() {
            let reply = json!({ "jsonrpc": "2.0", "id": msg["id"], "result": result });
            let _ = to_server.send(frame(&reply));
        }
    }
    let _ = events.send(msg);
}

/// Columns of `s` in the negotiated encoding.
pub(crate) fn units(s: &str, encoding: &str) -> usize {
    if encoding == "utf-8" {
        s.len()
    } else {
        s.encode_utf16().count()
    }
}

/// The LSP position of byte `offset` in `text`.
pub(crate) fn position(text: &str, offset: usize, encoding: &str) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": units(&text[line_start..offset], encoding) })
}

/// Applies LSP text edits (non-overlapping) to `text`, as a client would.
pub(crate) fn apply_edits(text: &str, edits: &[Value], encoding: &str) -> String {
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().unwrap() as usize;
        let ch = p["character"].as_u64().unwrap() as usize;
        let mut start = 0;
        for _ in 0..line {
            start += text[start..]
                .find('\n')
                .map_or(text.len() - start, |i| i + 1);
        }
        let line_text = text[start..].split('\n').next().unwrap_or("");
        let mut units_seen = 0;
        for (i, c) in line_text.char_indices() {
            if units_seen >= ch {
                return start + i;
            }
            units_seen += units(&c.to_string(), encoding);
        }
        start + line_text.len()
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new) in spans {
        out.replace_range(start..end, &new);
    }
    out
}
