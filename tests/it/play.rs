//! `boardls play`: a case's position, whose turn, the answer and every move's, as a table and
//! as JSON; a bad move is an error.

use crate::cli::boardls_in;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn play_prints_the_position_and_every_move() {
    let out = boardls_in(
        root(),
        &[
            "play",
            "examples/zgame.board",
            "--case",
            "sample 1",
            "--moves",
            "1,2",
        ],
        None,
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "zgame \"sample 1\" (case 1) after 1 move(s): 1,2\n  .@B\n  ..B\n  BB.\n\
         second to move; answer: no no yes\n  move  answer\n  1,3   no no yes  best\n\
         \x20 2,2   no no yes  best\n"
    );
}

#[test]
fn play_json_has_the_documented_keys() {
    let out = boardls_in(
        root(),
        &["play", "examples/chess.board", "--case", "3", "--json"],
        None,
    );
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["to_move"], "first");
    assert_eq!(json["answer"], "D");
    assert_eq!(json["over"], false);
    assert_eq!(json["moves"][0]["move"], "2,3");
    assert!(json["best"].is_array());
}

#[test]
fn an_illegal_move_is_an_error() {
    let out = boardls_in(
        root(),
        &[
            "play",
            "examples/chess.board",
            "--case",
            "3",
            "--moves",
            "9,9",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`9,9` is not a legal move here"));
}

/// `boardls/play`: the same report over the protocol; errors for what cannot be played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_plays_a_case_of_an_open_document() {
    use crate::client::Client;
    use serde_json::json;
    const URI: &str = "file:///test/play.board";
    let client = Client::start(&[]).await;
    client.open(URI, 1, "[zgame \"s\"]\n..B\n..B\nBB.\nmoves = 1,2\n");
    let got = client
        .call(
            boardls::lsp::PLAY,
            json!({ "textDocument": { "uri": URI }, "case": "s", "moves": "2,2" }),
        )
        .await;
    assert_eq!(got["to_move"], "first", "{got}");
    assert_eq!(got["answer"], "no no yes");
    assert_eq!(got["over"], false);
    assert_eq!(got["played"], json!(["1,2", "2,2"]));
    assert_eq!(
        got["moves"][0],
        json!({ "move": "2,3", "answer": "no no yes" })
    );
    assert_eq!(got["best"], json!(["2,3", "3,2"]));
    let by_number = client
        .call(
            boardls::lsp::PLAY,
            json!({ "textDocument": { "uri": URI }, "case": 1 }),
        )
        .await;
    assert_eq!(by_number["to_move"], "second", "{by_number}");
    let refused = client
        .request(
            boardls::lsp::PLAY,
            json!({ "textDocument": { "uri": URI }, "moves": "9,9" }),
        )
        .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let none = client
        .call(
            boardls::lsp::PLAY,
            json!({ "textDocument": { "uri": "file:///test/none.board" } }),
        )
        .await;
    assert!(none.is_null(), "{none}");
    client.stop().await;
}

/// A position played before answers from the server's cache, under the asking case's own
/// number and name; an edit of the board is never answered from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_answers_a_position_again_from_its_cache_and_never_a_stale_one() {
    use crate::client::Client;
    use serde_json::json;
    const URI: &str = "file:///test/replay.board";
    const TWICE: &str = "[zgame \"one\"]\n..B\n..B\nBB.\n\n[zgame \"two\"]\n..B\n..B\nBB.\n";
    let client = Client::start(&[]).await;
    client.open(URI, 1, TWICE);
    let play = |case: &str, moves: &str| json!({ "textDocument": { "uri": URI }, "case": case, "moves": moves });
    let first = client.call(boardls::lsp::PLAY, play("one", "1,2")).await;
    let again = client.call(boardls::lsp::PLAY, play("one", "1,2")).await;
    assert_eq!(first, again);
    let copy = client.call(boardls::lsp::PLAY, play("two", "1,2")).await;
    assert_eq!(
        (copy["case"].clone(), copy["name"].clone()),
        (json!(2), json!("two"))
    );
    assert_eq!(copy["moves"], first["moves"], "{copy}");
    // Bob's tokens taken off the first board: the position after 1,2 is another game.
    client.change(
        URI,
        2,
        json!([{ "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 3, "character": 3 } },
                 "text": "...\n...\n..." }]),
    );
    let edited = client.call(boardls::lsp::PLAY, play("one", "1,2")).await;
    assert_ne!(edited["answer"], first["answer"], "{edited} vs {first}");
    client.stop().await;
}
