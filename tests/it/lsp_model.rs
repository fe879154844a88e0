//! The server's text sync against a plain-string model (`tests/lsp/model.rs`): random sequences
//! of incremental edits — at the end of the text, across `\r\n` pairs, inside multi-unit
//! characters, out of range — and after every step the server's copy of the text (read with
//! `boardls/viewFileText`) equals the model's, and the diagnostics it shows are those of the
//! model's text, at the model's positions.
//!
//! `BOARDLS_MODEL_SEQUENCES` (default 10 000, split over both encodings) and
//! `BOARDLS_MODEL_SEED` replay a failure, which prints both.

use crate::client;
use crate::model;

use boardls::analysis::{self, SolveCache};
use boardls::authoring::rng::Rng;
use boardls::config::Config;
use client::Client;
use serde_json::{Value, json};
use std::time::Duration;

/// Every kind of line break, multi-unit characters in UTF-8 and UTF-16, and board syntax for
/// the quick games (no tetris or strings: their searches would make steps slow, and sync does
/// not depend on the game).
const FRAGMENTS: [&str; 27] = [
    "\n",
    "\r\n",
    "\r",
    "\n\r",
    "é",
    "中",
    "😀",
    "a😀b",
    "[zgame]",
    "[zgame \"é\"]",
    "[chess \"q\"]",
    "piece = queen",
    "piece = knight",
    "size = 3 4",
    "[race]",
    "A..",
    "..B",
    "A.B",
    "#",
    ".",
    "B",
    "// note",
    " ",
    "\t",
    "=",
    "[",
    "\"",
];

const STARTS: [&str; 4] = [
    "[zgame \"sample 1\"]\n..B\n..B\nBB.\n",
    "// crlf\r\n[chess \"q\"]\r\npiece = queen\r\nsize = 4 5\r\n\r\n[race]\r\nA.#\r\n..B\r\n",
    "[zgame \"😀 é\"]\r..A\r.B.\r\n[chess]\npiece = rook\nsize = 2 2",
    "",
];

/// Diagnostics as the test compares them: range, code, message.
type Shown = Vec<(Value, Value, Value)>;

/// What the sequences exercised, so that the test cannot pass by testing nothing.
#[derive(Default, Debug)]
struct Stats {
    steps: u64,
    whole: u64,
    at_end: u64,
    across_break: u64,
    across_crlf: u64,
    inside_char: u64,
    out_of_range: u64,
    published: u64,
}

struct Sequence<'a> {
    client: &'a Client,
    uri: String,
    utf8: bool,
    text: String,
    version: i64,
    shown: Option<Shown>,
    log: Vec<String>,
    stats: &'a mut Stats,
}

impl Sequence<'_> {
    /// Where an edit may start or end: often a spot that tests a rule, sometimes anywhere.
    fn position(&mut self, rng: &mut Rng) -> Value {
        let utf8 = self.utf8;
        let wide = |c: char| {
            if utf8 {
                c.len_utf8() > 1
            } else {
                c.len_utf16() > 1
            }
        };
        // One position in eight is just after the first unit of a multi-unit character.
        if rng.below(8) == 0
            && let Some(at) = self
                .text
                .char_indices()
                .find(|&(_, c)| wide(c))
                .map(|(i, _)| i)
        {
            self.stats.inside_char += 1;
            let (line, character) = model::position(&self.text, at, utf8);
            return json!({ "line": line, "character": character + 1 });
        }
        let lines = model::lines(&self.text);
        let line = rng.below(lines.len() as u64 + 2);
        let (start, end, _) = lines.get(line as usize).copied().unwrap_or((
            self.text.len(),
            self.text.len(),
            self.text.len(),
        ));
        let width = model::width(&self.text[start..end], utf8) as u64;
        let character = match rng.below(7) {
            0 => 0,
            1 => width,
            2 => {
                self.stats.out_of_range += 1;
                width + 1 + rng.below(3)
            }
            3 => {
                self.stats.out_of_range += 1;
                u64::from(u32::MAX)
            }
            _ => rng.below(width + 1),
        };
        let line = if rng.below(40) == 0 {
            self.stats.out_of_range += 1;
            1_000_000
        } else {
            line
        };
        json!({ "line": line, "character": character })
    }

    fn fragment_text(rng: &mut Rng) -> String {
        (0..rng.below(4))
            .map(|_| FRAGMENTS[rng.below(FRAGMENTS.len() as u64) as usize])
            .collect()
    }

    /// One change: a random range, the end of the text, or the two sides of a line break.
    fn change(&mut self, rng: &mut Rng) -> (Option<Value>, String) {
        let new = Self::fragment_text(rng);
        match rng.below(10) {
            0 => {
                self.stats.whole += 1;
                (
                    None,
                    STARTS[rng.below(STARTS.len() as u64) as usize].to_string(),
                )
            }
            1 => {
                self.stats.at_end += 1;
                let end = model::position_json(&self.text, self.text.len(), self.utf8);
                (Some(json!({ "start": end, "end": end })), new)
            }
            2 => {
                // From the end of a line to the start of the next: the break alone, `\r\n`
                // pairs included.
                let lines = model::lines(&self.text);
                let l = rng.below(lines.len() as u64) as usize;
                let (_, end, next) = lines[l];
                self.stats.across_break += 1;
                if next == end + 2 {
                    self.stats.across_crlf += 1;
                }
                let range = json!({
                    "start": model::position_json(&self.text, end, self.utf8),
                    "end": model::position_json(&self.text, next, self.utf8),
                });
                (Some(range), new)
            }
            _ => {
                let range = json!({ "start": self.position(rng), "end": self.position(rng) });
                (Some(range), new)
            }
        }
    }

    fn expected(&self) -> Shown {
        let config = Config::default();
        let checked = analysis::check(&self.text, &config, &SolveCache::new());
        checked
            .diagnostics
            .iter()
            .map(|d| {
                let on_boundaries = [d.span.start, d.span.end]
                    .iter()
                    .all(|&o| self.text.is_char_boundary(o));
                assert!(
                    on_boundaries,
                    "{} {:?} splits a character of {:?}\n{}",
                    d.code,
                    d.span,
                    self.text,
                    self.report()
                );
                let range = json!({
                    "start": model::position_json(&self.text, d.span.start, self.utf8),
                    "end": model::position_json(&self.text, d.span.end, self.utf8),
                });
                let message = match &d.help {
                    Some(help) => format!("{}\nhelp: {help}", d.message),
                    None => d.message.clone(),
                };
                (range, json!(d.code), json!(message))
            })
            .collect()
    }

    fn shown(params: &Value) -> Shown {
        params["diagnostics"]
            .as_array()
            .map(|ds| {
                ds.iter()
                    .map(|d| (d["range"].clone(), d["code"].clone(), d["message"].clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits for the diagnostics of the current version unless the ones shown are already
    /// right (the server does not publish an unchanged set again).
    async fn check_diagnostics(&mut self) {
        let expected = self.expected();
        if self.shown.as_ref() == Some(&expected) {
            return;
        }
        let (uri, version) = (self.uri.clone(), self.version);
        let mut last = None;
        let mut published = 0;
        let found = tokio::time::timeout(
            Duration::from_secs(30),
            self.client.wait_for("diagnostics", |m| {
                let ours = m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == uri.as_str();
                if ours && m["params"]["version"] == version {
                    published += 1;
                    last = Some(Self::shown(&m["params"]));
                    return last.as_ref() == Some(&expected);
                }
                false
            }),
        )
        .await;
        assert!(
            found.is_ok(),
            "diagnostics of version {version}\n  expected {expected:?}\n  last shown {last:?}\n{}",
            self.report()
        );
        self.stats.published += published;
        self.shown = Some(expected);
    }

    async fn check_text(&self) {
        let server = self
            .client
            .call(boardls::lsp::VIEW_FILE_TEXT, json!({ "uri": self.uri }))
            .await;
        assert_eq!(
            server.as_str(),
            Some(self.text.as_str()),
            "the server's text\n{}",
            self.report()
        );
    }

    fn report(&self) -> String {
        format!(
            "encoding {}, steps:\n{}",
            if self.utf8 { "utf-8" } else { "utf-16" },
            self.log.join("\n")
        )
    }
}

async fn run_sequences(utf8: bool, seed: u64, count: u64) -> Stats {
    let mut stats = Stats::default();
    let encodings: &[&str] = if utf8 { &["utf-8"] } else { &["utf-16"] };
    let client = Client::start(encodings).await;
    assert_eq!(client.encoding == "utf-8", utf8);
    for n in 0..count {
        let seed = seed.wrapping_add(n);
        let mut rng = Rng::new(seed);
        let text = STARTS[rng.below(STARTS.len() as u64) as usize].to_string();
        let uri = format!("file:///model/{seed}.board");
        client.open(&uri, 1, &text);
        let mut seq = Sequence {
            client: &client,
            uri,
            utf8,
            text,
            version: 1,
            shown: None,
            log: Vec::new(),
            stats: &mut stats,
        };
        seq.log
            .push(format!("BOARDLS_MODEL_SEED={seed}, opened {:?}", seq.text));
        seq.check_diagnostics().await;
        for _ in 0..=rng.below(8) {
            let changes: Vec<(Option<Value>, String)> =
                (0..=rng.below(3)).map(|_| seq.change(&mut rng)).collect();
            seq.version += 1;
            seq.stats.steps += 1;
            for (range, new) in &changes {
                model::apply(&mut seq.text, range.as_ref(), new, utf8);
                seq.log.push(format!(
                    "  v{} {range} ← {new:?}",
                    seq.version,
                    range = range.as_ref().map_or("whole".into(), Value::to_string)
                ));
            }
            let json = changes
                .iter()
                .map(|(r, t)| model::change_json(r.as_ref(), t))
                .collect();
            client.change(&seq.uri, seq.version, Value::Array(json));
            seq.check_text().await;
            seq.check_diagnostics().await;
        }
        client.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": seq.uri } }),
        );
    }
    client.stop().await;
    stats
}

/// `below(n)`: uniform in `0..n` (0 when `n` is 0).
trait Below {
    fn below(&mut self, n: u64) -> u64;
}

impl Below for Rng {
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_edit_sequences_keep_the_server_in_step_with_the_model() {
    let total = setting("BOARDLS_MODEL_SEQUENCES", 10_000);
    let seed = setting("BOARDLS_MODEL_SEED", 0x5eed_0000);
    // Both encodings at once: each is its own server.
    let (utf16, utf8) = tokio::join!(
        run_sequences(false, seed, total.div_ceil(2)),
        run_sequences(true, seed.wrapping_add(1 << 32), total / 2),
    );
    eprintln!("utf-16: {utf16:?}\nutf-8: {utf8:?}");
    // Each kind of edit happens often enough to matter (about one step in ten or more).
    for stats in [&utf16, &utf8] {
        let often = stats.steps / 40;
        for (what, n) in [
            ("whole-text changes", stats.whole),
            ("edits at the end", stats.at_end),
            ("edits across a line break", stats.across_break),
            ("edits across a \\r\\n pair", stats.across_crlf),
            ("positions inside a character", stats.inside_char),
            ("positions out of range", stats.out_of_range),
            ("new diagnostics", stats.published),
        ] {
            assert!(n >= often, "only {n} {what} in {} steps", stats.steps);
        }
    }
}
