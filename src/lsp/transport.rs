//! The wire under tower-lsp. Its reader ends the session at the first frame it cannot decode
//! (invalid JSON, a batch, a `Content-Type` without charset, a lone surrogate escape), so every
//! frame is read and checked here first: messages are passed on, re-framed; anything else is
//! answered here as JSON-RPC asks (-32700 or -32600, id null when none can be read) and the
//! session goes on. Answers from here and from the server share one writer, a frame at a time.

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// A header block longer than this is not LSP.
const MAX_HEADER_LINE: usize = 8 * 1024;
/// Larger bodies are skipped and refused: the largest file the server reads (16 MiB) is far
/// smaller even with every byte escaped.
pub(crate) const MAX_BODY: usize = 128 << 20;

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;

/// One frame from the wire.
pub(crate) enum Frame {
    Body(Vec<u8>),
    /// A header block that could not be read, or a body over the limit (already skipped).
    Bad(String),
}

/// Reads `Content-Length` frames; other headers are ignored.
pub(crate) struct FrameReader<R> {
    input: BufReader<R>,
    line: Vec<u8>,
}

impl<R: AsyncRead + Unpin> FrameReader<R> {
    pub(super) fn new(input: R) -> Self {
        FrameReader {
            input: BufReader::new(input),
            line: Vec::new(),
        }
    }

    /// The next frame; `None` at the end of input (or when it cannot be read any more).
    pub(super) async fn next(&mut self) -> Option<Frame> {
        let mut length: Option<Result<usize, String>> = None;
        let mut lines = 0usize;
        loop {
            self.line.clear();
            let read = (&mut self.input)
                .take(MAX_HEADER_LINE as u64)
                .read_until(b'\n', &mut self.line)
                .await
                .ok()?;
            if read == 0 {
                return None;
            }
            if !self.line.ends_with(b"\n") {
                // Over-long line: skip to its end and report the frame as bad.
                self.skip_line().await?;
                length = Some(Err("a header line longer than 8 KiB".into()));
                continue;
            }
            let line = trim_line(&self.line);
            if line.is_empty() {
                if lines == 0 {
                    continue; // stray blank line between frames
                }
                break;
            }
            lines += 1;
            if let Some(value) = header_value(line, "content-length") {
                length = Some(
                    std::str::from_utf8(value)
                        .ok()
                        .and_then(|v| v.trim().parse::<usize>().ok())
                        .ok_or_else(|| "an unreadable Content-Length".to_string()),
                );
            }
        }
        let length = match length {
            Some(Ok(n)) => n,
            Some(Err(why)) => return Some(Frame::Bad(why)),
            None => return Some(Frame::Bad("a frame without Content-Length".into())),
        };
        if length > MAX_BODY {
            let skipped = tokio::io::copy(
                &mut (&mut self.input).take(length as u64),
                &mut tokio::io::sink(),
            )
            .await
            .ok()?;
            if skipped < length as u64 {
                return None;
            }
            return Some(Frame::Bad(format!(
                "a message of {} MiB, more than the {} MiB boardls reads",
                length >> 20,
                MAX_BODY >> 20
            )));
        }
        let mut body = vec![0; length];
        self.input.read_exact(&mut body).await.ok()?;
        Some(Frame::Body(body))
    }

    async fn skip_line(&mut self) -> Option<()> {
        loop {
            let buf = self.input.fill_buf().await.ok()?;
            if buf.is_empty() {
                return None;
            }
            if let Some(i) = buf.iter().position(|&b| b == b'\n') {
                self.input.consume(i + 1);
                return Some(());
            }
            let n = buf.len();
            self.input.consume(n);
        }
    }
}

fn trim_line(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn header_value<'a>(line: &'a [u8], name: &str) -> Option<&'a [u8]> {
    let colon = line.iter().position(|&b| b == b':')?;
    let (key, value) = line.split_at(colon);
    key.eq_ignore_ascii_case(name.as_bytes())
        .then_some(&value[1..])
}

pub(crate) fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn error_reply(id: &Value, code: i64, message: &str) -> Vec<u8> {
    let reply = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    });
    frame(reply.to_string().as_bytes())
}

/// The fields tower-lsp decodes; params and results are only skipped over here. A field that
/// is present is `Some`, even when it holds `null`.
#[derive(Deserialize)]
struct Shape {
    jsonrpc: Option<Value>,
    #[serde(default, deserialize_with = "present_value")]
    id: Option<Value>,
    method: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<()>,
    error: Option<ErrorShape>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<()>, D::Error> {
    IgnoredAny::deserialize(d).map(|_| Some(()))
}

fn present_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

#[derive(Deserialize)]
struct ErrorShape {
    #[allow(dead_code)]
    code: i64,
    #[allow(dead_code)]
    message: String,
}

/// The body to pass on, or the reply that refuses it.
#[cfg(test)]
fn check(body: Vec<u8>) -> Result<Vec<u8>, Vec<u8>> {
    check_message(body).map(|(body, _)| body)
}

/// [`check`], and whether the message is the `shutdown` request.
fn check_message(body: Vec<u8>) -> Result<(Vec<u8>, bool), Vec<u8>> {
    let refuse = |code, message: &str| error_reply(&Value::Null, code, message);
    let Ok(text) = String::from_utf8(body) else {
        return Err(refuse(PARSE_ERROR, "parse error: the message is not UTF-8"));
    };
    let text = match repair_lone_surrogates(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(repaired) => repaired,
    };
    let shape: Shape = match serde_json::from_str(&text) {
        Ok(shape) => shape,
        Err(e) => {
            return Err(match serde_json::from_str::<IgnoredAny>(&text) {
                Err(_) => refuse(PARSE_ERROR, &format!("parse error: {e}")),
                Ok(_) => refuse(INVALID_REQUEST, &format!("not a JSON-RPC message: {e}")),
            });
        }
    };
    let id_ok = match &shape.id {
        None | Some(Value::Null | Value::String(_)) => true,
        Some(id) => id.as_i64().is_some(),
    };
    if !id_ok {
        return Err(refuse(
            INVALID_REQUEST,
            "an id must be an integer or a string",
        ));
    }
    let id = shape.id.clone().unwrap_or(Value::Null);
    let invalid = |message: &str| Err(error_reply(&id, INVALID_REQUEST, message));
    if shape.jsonrpc.as_ref().and_then(Value::as_str) != Some("2.0") {
        return invalid("`jsonrpc` must be \"2.0\"");
    }
    match &shape.method {
        Some(Value::String(_)) => {}
        Some(_) => return invalid("`method` must be a string"),
        // A response from the client: exactly one of result and error.
        None => {
            if shape.id.is_none() || shape.result.is_some() == shape.error.is_some() {
                return invalid("a message needs a method, or an id and a result or an error");
            }
        }
    }
    let shutdown =
        shape.id.is_some() && shape.method.as_ref().and_then(Value::as_str) == Some("shutdown");
    Ok((text.into_bytes(), shutdown))
}

/// JSON allows `\ud83d` alone, as JavaScript strings do; Rust strings cannot hold it. A lone
/// surrogate becomes U+FFFD, as a lossy decoder would make it.
fn repair_lone_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                if bytes.get(i + 1) == Some(&b'u')
                    && let Some(unit) = hex4(bytes, i + 2)
                {
                    let high = (0xd800..0xdc00).contains(&unit);
                    let low = (0xdc00..0xe000).contains(&unit);
                    let paired = high
                        && bytes.get(i + 6) == Some(&b'\\')
                        && bytes.get(i + 7) == Some(&b'u')
                        && hex4(bytes, i + 8).is_some_and(|u| (0xdc00..0xe000).contains(&u));
                    if paired {
                        i += 12;
                        continue;
                    }
                    if high || low {
                        let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
                        out.push_str(&text[copied..i]);
                        out.push_str("\\ufffd");
                        i += 6;
                        copied = i;
                        continue;
                    }
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    match out {
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(text),
    }
}

fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let digits = bytes.get(at..at + 4)?;
    let text = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(text, 16).ok()
}

/// Client → server: checked frames into `to_server`, refusals into `out`; `shutdown_sent` is
/// set when the `shutdown` request passes. It is noted here, in the order of the input, because
/// tower-lsp takes the `exit` after it before the handler of `shutdown` has run (and then
/// cancels it). Returns at the end of input, which closes `to_server` and so ends the session.
pub(crate) async fn pump_input<I, W>(
    input: I,
    mut to_server: W,
    out: mpsc::UnboundedSender<Option<Vec<u8>>>,
    shutdown_sent: &AtomicBool,
) where
    I: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut frames = FrameReader::new(input);
    while let Some(next) = frames.next().await {
        let checked = match next {
            Frame::Body(body) => check_message(body).map(|(body, shutdown)| {
                if shutdown {
                    shutdown_sent.store(true, Ordering::Relaxed);
                }
                body
            }),
            Frame::Bad(why) => Err(error_reply(
                &Value::Null,
                PARSE_ERROR,
                &format!("parse error: {why}"),
            )),
        };
        match checked {
            Ok(body) => {
                if to_server.write_all(&frame(&body)).await.is_err() {
                    return;
                }
            }
            Err(reply) => {
                let _ = out.send(Some(reply));
            }
        }
    }
    let _ = to_server.shutdown().await;
}

/// Server → one writer: whole frames, so that a refusal never lands inside an answer. At the
/// end of the server's output, `None` tells the writer to stop.
pub(crate) async fn pump_server_output<R: AsyncRead + Unpin>(
    from_server: R,
    out: mpsc::UnboundedSender<Option<Vec<u8>>>,
) {
    let mut frames = FrameReader::new(from_server);
    while let Some(next) = frames.next().await {
        if let Frame::Body(body) = next {
            let _ = out.send(Some(frame(&body)));
        }
    }
    let _ = out.send(None);
}

/// Writes frames as they come until the server's output has ended.
pub(crate) async fn write_frames<O: AsyncWrite>(
    output: O,
    mut frames: mpsc::UnboundedReceiver<Option<Vec<u8>>>,
) {
    tokio::pin!(output);
    while let Some(Some(bytes)) = frames.recv().await {
        if output.write_all(&bytes).await.is_err() || output.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply_code(reply: &[u8]) -> (Value, i64) {
        let text = String::from_utf8_lossy(reply);
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
        let v: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        (v["id"].clone(), v["error"]["code"].as_i64().unwrap_or(0))
    }

    #[test]
    fn messages_pass_and_the_rest_is_refused_with_the_right_code() {
        let pass = [
            r#"{"jsonrpc":"2.0","id":1,"method":"x","params":{}}"#,
            r#"{"jsonrpc":"2.0","method":"x"}"#,
            r#"{"jsonrpc":"2.0","id":"a","result":null}"#,
            r#"{"jsonrpc":"2.0","id":2,"error":{"code":1,"message":"m"}}"#,
        ];
        for body in pass {
            assert_eq!(
                check(body.as_bytes().to_vec()).ok().as_deref(),
                Some(body.as_bytes())
            );
        }
        let refuse = [
            ("{oops", Value::Null, PARSE_ERROR),
            ("[1,2]", Value::Null, INVALID_REQUEST),
            ("{}", Value::Null, INVALID_REQUEST),
            (
                r#"{"jsonrpc":"1.0","id":3,"method":"x"}"#,
                json!(3),
                INVALID_REQUEST,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#,
                Value::Null,
                INVALID_REQUEST,
            ),
            (
                r#"{"jsonrpc":"2.0","id":4,"method":7}"#,
                json!(4),
                INVALID_REQUEST,
            ),
            (r#"{"jsonrpc":"2.0","id":5}"#, json!(5), INVALID_REQUEST),
            (
                r#"{"jsonrpc":"2.0","id":6,"error":{"code":"x"}}"#,
                Value::Null,
                INVALID_REQUEST,
            ),
        ];
        for (body, id, code) in refuse {
            let reply = check(body.as_bytes().to_vec()).expect_err(body);
            assert_eq!(reply_code(&reply), (id, code), "{body}");
        }
        let reply = check(vec![b'"', 0xff, b'"']).expect_err("not UTF-8");
        assert_eq!(reply_code(&reply).1, PARSE_ERROR);
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let fixed = |s: &str| repair_lone_surrogates(s).into_owned();
        assert_eq!(fixed(r#"{"t":"a\ud83db"}"#), r#"{"t":"a\ufffdb"}"#);
        assert_eq!(fixed(r#"{"t":"\udc00\ud83d"}"#), r#"{"t":"\ufffd\ufffd"}"#);
        // A pair, an escaped backslash before `u`, and text outside strings stay as they are.
        for same in [
            r#"{"t":"\ud83d\ude00"}"#,
            r#"{"t":"\\ud83d"}"#,
            r#"{"\ud83d\ude00":1}"#,
        ] {
            assert!(
                matches!(repair_lone_surrogates(same), Cow::Borrowed(_)),
                "{same}"
            );
        }
    }

    #[tokio::test]
    async fn frames_are_read_whatever_the_headers() {
        let wire = b"Content-Type: application/vscode-jsonrpc\r\nContent-Length: 2\r\n\r\n{}\
content-length:3\n\n[1]\r\nX-Other: 1\r\n\r\nContent-Length: 1\r\n\r\n1";
        let mut frames = FrameReader::new(&wire[..]);
        let mut got = Vec::new();
        while let Some(f) = frames.next().await {
            got.push(match f {
                Frame::Body(b) => String::from_utf8_lossy(&b).into_owned(),
                Frame::Bad(why) => format!("bad: {why}"),
            });
        }
        assert_eq!(
            got,
            ["{}", "[1]", "bad: a frame without Content-Length", "1"]
        );
    }
}
