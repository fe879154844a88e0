//! Keystroke → publishDiagnostics through the real server (in-memory pipe, JSON-RPC framing):
//! (a) one 500×500 zgame board, (b) a file of 1000 mixed cases where one case changes.
//! Every keystroke makes content never seen before, so the edited case is really re-solved;
//! the clock stops at the publish that carries its result (a wrong-`expect` error).
//! (c) A hover answered while another case of the file is deep in a long search.
//! (d) Semantic tokens of the 500×500 board: full and delta sizes, range and full times.

// Benches build their texts once and hand them over, as the tests do.
#![allow(clippy::needless_pass_by_value)]

#[path = "../tests/lsp/client.rs"]
mod client;
#[path = "../tests/lsp/fixtures.rs"]
mod fixtures;

use client::Client;
use criterion::{Criterion, criterion_group, criterion_main};
use fixtures::hard_tetris;
use fixtures::xorshift::XorShift;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const URI: &str = "file:///bench/a.board";

/// A zgame board whose first cell is `B` (so the answer is always `no no yes`) with a wrong
/// `expect`: every solved version carries an E210.
fn big_zgame(n: usize) -> String {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut text = String::from("[zgame \"big\"]\n");
    for r in 0..n {
        for c in 0..n {
            text.push(if r == 0 && c == 0 {
                'B'
            } else {
                char::from(rng.pick(b"........AB"))
            });
        }
        text.push('\n');
    }
    text.push_str("expect = yes no no\n");
    text
}

/// 1000 cases of the five games, no `expect` but on the first (a small zgame, edited by the
/// bench), whose `expect` is wrong.
fn mixed_file() -> String {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut text = String::from(
        "[zgame \"edited\"]\nB.......................\n........................\n........................\nexpect = yes no no\n\n",
    );
    for i in 1..1000 {
        match i % 5 {
            0 => {
                text.push_str(&format!("[zgame \"z{i}\"]\n"));
                for _ in 0..8 {
                    let row: String = (0..8).map(|_| char::from(rng.pick(b"......AB"))).collect();
                    text.push_str(&row);
                    text.push('\n');
                }
            }
            1 => {
                text.push_str(&format!("[race \"r{i}\"]\n"));
                for r in 0..6 {
                    let row: String = (0..6)
                        .map(|c| match (r, c) {
                            (0, 0) => 'A',
                            (5, 5) => 'B',
                            _ => char::from(rng.pick(b"......#")),
                        })
                        .collect();
                    text.push_str(&row);
                    text.push('\n');
                }
            }
            2 => {
                let piece = ["king", "rook", "knight", "queen"][(rng.next() % 4) as usize];
                let (n, m) = (2 + rng.next() % 40, 2 + rng.next() % 40);
                text.push_str(&format!(
                    "[chess \"c{i}\"]\npiece = {piece}\nsize = {n} {m}\n"
                ));
            }
            3 => {
                text.push_str(&format!("[tetris \"t{i}\"]\n"));
                for _ in 0..4 {
                    let row: String = (0..5).map(|_| char::from(rng.pick(b"00001"))).collect();
                    text.push_str(&row);
                    text.push('\n');
                }
            }
            _ => {
                text.push_str(&format!("[strings \"s{i}\"]\n"));
                for _ in 0..4 {
                    let row: String = (0..4).map(|_| char::from(rng.pick(b"abc"))).collect();
                    text.push_str(&row);
                    text.push('\n');
                }
            }
        }
        text.push('\n');
    }
    text
}

fn has_e210(params: &Value) -> bool {
    params["diagnostics"]
        .as_array()
        .is_some_and(|d| d.iter().any(|d| d["code"] == "E210"))
}

/// Replaces `len` characters at (`line`, `col`) with a pattern never used before.
fn keystroke(client: &Client, version: i64, line: u32, col: u32, len: u32, counter: u64) {
    let pattern: String = (0..len)
        .map(|b| if counter >> b & 1 == 1 { 'A' } else { '.' })
        .collect();
    client.change(
        URI,
        version,
        json!([{
            "range": { "start": { "line": line, "character": col }, "end": { "line": line, "character": col + len } },
            "text": pattern
        }]),
    );
}

fn bench(c: &mut Criterion, name: &str, text: String, line: u32, col: u32, len: u32) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let client = runtime.block_on(async {
        let client = Client::start(&["utf-8"]).await;
        client.open(URI, 1, &text);
        client
            .diagnostics(URI, |p| p["version"] == 1 && has_e210(p))
            .await;
        client
    });
    let mut version = 1;
    let mut counter = 1u64;
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    version += 1;
                    counter += 1;
                    let start = Instant::now();
                    keystroke(&client, version, line, col, len, counter);
                    client
                        .diagnostics(URI, |p| p["version"] == version && has_e210(p))
                        .await;
                    total += start.elapsed();
                }
                total
            })
        });
    });
    runtime.block_on(client.stop());
}

fn keystroke_benches(c: &mut Criterion) {
    // (a) A cell pattern in row 250 of the 500×500 board: the whole board is solved again.
    bench(c, "keystroke_zgame_500x500", big_zgame(500), 250, 100, 20);
    // (b) A pattern in the first case's second row; the other 999 cases come from the cache.
    bench(
        c,
        "keystroke_1000_cases_one_changed",
        mixed_file(),
        2,
        0,
        20,
    );
}

fn is_progress(m: &Value, kind: &str) -> bool {
    m["method"] == "$/progress" && m["params"]["value"]["kind"] == kind
}

/// Hover on a solved zgame case while the tetris case below it is deep in its search: the
/// "hover within 100 ms" figure. The clock runs from the request to its answer.
fn hover_benches(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let text = format!(
        "[zgame \"solved\"]\n..B\n..B\nBB.\nexpect = yes no no\n\n{}",
        hard_tetris()
    );
    let client = runtime.block_on(async {
        let client = Client::start_with(
            &["utf-8"],
            json!({ "solveTimeMs": 3_600_000, "solveNodes": 1u64 << 50 }),
        )
        .await;
        client.open(URI, 1, &text);
        client.diagnostics(URI, has_e210).await;
        client
            .wait_for("the tetris search", |m| is_progress(m, "begin"))
            .await;
        client
    });
    let params =
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 3 } });
    c.bench_function("hover_during_long_solve", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let start = Instant::now();
                    let hover = client.call("textDocument/hover", params.clone()).await;
                    total += start.elapsed();
                    assert!(
                        hover["contents"]["value"]
                            .as_str()
                            .is_some_and(|t| t.contains("Judge answer"))
                    );
                }
                total
            })
        });
    });
    // The figure counts only if the search ran all along.
    let events = runtime.block_on(client.drain());
    assert!(
        !events.iter().any(|m| is_progress(m, "end")),
        "the tetris search ended during the bench"
    );
    runtime.block_on(client.stop());
}

/// Bytes of a JSON value as sent.
fn json_bytes(v: &Value) -> usize {
    serde_json::to_vec(v).map_or(0, |b| b.len())
}

/// Semantic tokens of the 500×500 board: the size of a full answer and of the delta after each
/// of 200 one-cell edits (printed: sizes, not times), then the time of a screenful's range
/// (60 lines of 200 columns in the middle of the board).
fn token_benches(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let doc = json!({ "textDocument": { "uri": URI } });
    let board = big_zgame(500);
    let mut rows: Vec<Vec<u8>> = board
        .lines()
        .skip(1)
        .take(500)
        .map(|l| l.as_bytes().to_vec())
        .collect();
    let client = runtime.block_on(async {
        let client = Client::start(&["utf-16"]).await;
        client.open(URI, 1, &board);
        client
            .diagnostics(URI, |p| p["version"] == 1 && has_e210(p))
            .await;
        client
    });
    runtime.block_on(async {
        let full = client
            .call("textDocument/semanticTokens/full", doc.clone())
            .await;
        let tokens = full["data"].as_array().map_or(0, Vec::len) / 5;
        println!(
            "semanticTokens/full, 500x500 zgame: {tokens} tokens, {} bytes",
            json_bytes(&full)
        );
        let mut id = full["resultId"].clone();
        let mut rng = XorShift(0x5eed_0019);
        let mut sizes = Vec::new();
        let mut last = (0, 0);
        for version in 2..=201 {
            // Never the first cell (it fixes the answer the edit waits for), never the cell
            // just edited, and always to another letter: each version is content never seen,
            // with a publish to wait for.
            let (r, c) = loop {
                let (r, c) = (rng.below(500) as usize, rng.below(500) as usize);
                if (r, c) != (0, 0) && (r, c) != last {
                    break (r, c);
                }
            };
            last = (r, c);
            let cell = loop {
                let cell = rng.pick(b".AB");
                if cell != rows[r][c] {
                    break cell;
                }
            };
            rows[r][c] = cell;
            let (line, col) = (r + 1, c);
            let cell = char::from(cell).to_string();
            client.change(
                URI,
                version,
                json!([{
                    "range": { "start": { "line": line, "character": col }, "end": { "line": line, "character": col + 1 } },
                    "text": cell
                }]),
            );
            client
                .diagnostics(URI, |p| p["version"] == version && has_e210(p))
                .await;
            let params = json!({ "textDocument": { "uri": URI }, "previousResultId": id });
            let delta = client
                .call("textDocument/semanticTokens/full/delta", params)
                .await;
            assert!(delta["edits"].is_array(), "a delta: {delta}");
            sizes.push(json_bytes(&delta));
            id = delta["resultId"].clone();
        }
        sizes.sort_unstable();
        println!(
            "semanticTokens/full/delta after a one-cell edit (200 edits): median {} bytes, p90 {}, max {}",
            sizes[sizes.len() / 2],
            sizes[sizes.len() * 9 / 10],
            sizes[sizes.len() - 1]
        );
    });
    let params = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": 220, "character": 150 }, "end": { "line": 280, "character": 350 } }
    });
    let answer = runtime.block_on(client.call("textDocument/semanticTokens/range", params.clone()));
    println!(
        "semanticTokens/range, 60 lines: {} bytes",
        json_bytes(&answer)
    );
    c.bench_function("semantic_tokens_range_screenful_500x500", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let start = Instant::now();
                for _ in 0..iters {
                    client
                        .call("textDocument/semanticTokens/range", params.clone())
                        .await;
                }
                start.elapsed()
            })
        });
    });
    c.bench_function("semantic_tokens_full_500x500", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let start = Instant::now();
                for _ in 0..iters {
                    client
                        .call("textDocument/semanticTokens/full", doc.clone())
                        .await;
                }
                start.elapsed()
            })
        });
    });
    runtime.block_on(client.stop());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(10));
    targets = keystroke_benches, hover_benches, token_benches
}
criterion_main!(benches);
