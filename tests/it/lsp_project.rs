//! The server and the project: the nearest `boardls.toml` is a layer of each file's
//! configuration, followed without a restart; a broken one is a diagnostic on it and the server
//! goes on; `source.fixAll.boardls` edits as `check --fix` writes.

use crate::cli::boardls_in;
use crate::client::{self, Client};
use crate::fixtures::{WRONG_EXPECT, codes, doc};
use boardls::config::Config;
use serde_json::{Value, json};

fn is_publish(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

fn file_uri(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

fn watching_client_caps() -> Value {
    let mut caps = client::capabilities(&[]);
    caps["workspace"]["didChangeWatchedFiles"] = json!({ "dynamicRegistration": true });
    caps
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_boardls_toml_is_followed_and_a_broken_one_is_pointed_at() {
    let folder = tempfile::tempdir().expect("a folder");
    let (a, c) = (folder.path().join("a.board"), folder.path().join("c.board"));
    let toml = folder.path().join("boardls.toml");
    std::fs::write(&a, WRONG_EXPECT).expect("written");
    std::fs::write(&c, WRONG_EXPECT).expect("written");
    let (a_uri, c_uri, toml_uri) = (file_uri(&a), file_uri(&c), file_uri(&toml));
    let client = Client::start_caps(
        json!({ "workspaceFolders": [{ "uri": file_uri(folder.path()), "name": "set" }] }),
        watching_client_caps(),
        Config::editor(),
    )
    .await;
    let registered = client
        .wait_for("a registration", |m| {
            m["method"] == "client/registerCapability"
        })
        .await;
    let globs: Vec<&Value> = registered["params"]["registrations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["method"] == "workspace/didChangeWatchedFiles")
        .flat_map(|r| {
            r["registerOptions"]["watchers"]
                .as_array()
                .into_iter()
                .flatten()
        })
        .map(|w| &w["globPattern"])
        .collect();
    assert!(globs.contains(&&json!("**/boardls.toml")), "{registered}");

    // No boardls.toml: the wrong `expect` is an error in the open file and the closed one.
    client.open(&a_uri, 1, WRONG_EXPECT);
    let (mut open_seen, mut closed_seen) = (false, false);
    client
        .wait_for("E210 in a.board and c.board", |m| {
            let e210 = codes(&m["params"]).contains(&"E210".to_string());
            open_seen |= is_publish(m, &a_uri) && e210;
            closed_seen |= is_publish(m, &c_uri) && e210;
            open_seen && closed_seen
        })
        .await;

    // Written and announced: E210 allowed in the open file, the closed one excluded.
    std::fs::write(&toml, "allow = [\"E210\"]\nexclude = [\"c.board\"]\n").expect("written");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": toml_uri, "type": 1 }] }),
    );
    let (mut open_seen, mut closed_seen) = (false, false);
    client
        .wait_for("a.board without E210, c.board cleared", |m| {
            open_seen |= is_publish(m, &a_uri)
                && m["params"]["version"] == 1
                && !codes(&m["params"]).contains(&"E210".to_string());
            closed_seen |= is_publish(m, &c_uri) && m["params"]["diagnostics"] == json!([]);
            open_seen && closed_seen
        })
        .await;

    // Broken: a diagnostic on boardls.toml where the TOML breaks, one message, and the last
    // good reading still applies.
    let broken = "allow = [\"E210\"\nnodes = 3\n";
    std::fs::write(&toml, broken).expect("written");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": toml_uri, "type": 2 }] }),
    );
    let (mut shown, mut pointed) = (None, None);
    client
        .wait_for("a message and a diagnostic on boardls.toml", |m| {
            if m["method"] == "window/showMessage" {
                shown = Some(m.clone());
            }
            if is_publish(m, &toml_uri) {
                pointed = Some(m.clone());
            }
            shown.is_some() && pointed.is_some()
        })
        .await;
    let shown = shown.expect("shown");
    assert_eq!(shown["params"]["type"], 1, "{shown}");
    assert!(
        shown["params"]["message"]
            .as_str()
            .is_some_and(|s| s.contains("boardls.toml") && s.contains("E230")),
        "{shown}"
    );
    let pointed = pointed.expect("published");
    assert_eq!(codes(&pointed["params"]), ["E230"], "{pointed}");
    let range = &pointed["params"]["diagnostics"][0]["range"];
    assert_eq!(range["start"]["line"], 1, "{pointed}");
    // The server answers, and the file is checked under the last good reading.
    let symbols = client
        .call("textDocument/documentSymbol", doc(&a_uri))
        .await;
    assert!(
        symbols.as_array().is_some_and(|s| !s.is_empty()),
        "{symbols}"
    );
    client.replace_all(&a_uri, 2, WRONG_EXPECT);
    let again = client.diagnostics(&a_uri, |p| p["version"] == 2).await;
    assert!(!codes(&again).contains(&"E210".to_string()), "{again}");

    // Mended: its diagnostics go, and the new reading applies.
    std::fs::write(&toml, "nodes = 1000\n").expect("written");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": toml_uri, "type": 2 }] }),
    );
    let (mut cleared, mut back) = (false, false);
    client
        .wait_for(
            "boardls.toml cleared, E210 back in a.board and c.board",
            |m| {
                cleared |= is_publish(m, &toml_uri) && m["params"]["diagnostics"] == json!([]);
                back |= is_publish(m, &a_uri) && codes(&m["params"]).contains(&"E210".to_string());
                cleared && back
            },
        )
        .await;
    client
        .wait_for("c.board checked again", |m| {
            is_publish(m, &c_uri) && codes(&m["params"]).contains(&"E210".to_string())
        })
        .await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_boardls_toml_at_start_is_pointed_at_and_the_defaults_apply() {
    let folder = tempfile::tempdir().expect("a folder");
    let a = folder.path().join("a.board");
    let toml = folder.path().join("boardls.toml");
    std::fs::write(&a, WRONG_EXPECT).expect("written");
    std::fs::write(&toml, "allow = [\"E210\"]\nalow = 1\n").expect("written");
    let (a_uri, toml_uri) = (file_uri(&a), file_uri(&toml));
    let client = Client::start_caps(
        json!({ "workspaceFolders": [{ "uri": file_uri(folder.path()), "name": "set" }] }),
        watching_client_caps(),
        Config::editor(),
    )
    .await;
    client.open(&a_uri, 1, WRONG_EXPECT);
    let (mut pointed, mut checked) = (None, false);
    client
        .wait_for("E231 on boardls.toml, E210 in a.board", |m| {
            if is_publish(m, &toml_uri) {
                pointed = Some(m.clone());
            }
            checked |= is_publish(m, &a_uri) && codes(&m["params"]).contains(&"E210".to_string());
            pointed.is_some() && checked
        })
        .await;
    let pointed = pointed.expect("published");
    assert_eq!(codes(&pointed["params"]), ["E231"], "{pointed}");
    assert!(
        pointed["params"]["diagnostics"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("alow")),
        "{pointed}"
    );
    client.stop().await;
}

/// A misspelt game and no `expect`: two safe fixes, the second found once the first is made.
const FIXABLE: &str = "[zgmae \"sample 1\"]\n..B\n..B\nBB.\n\n[zgame \"sample 2\"]\n..B\n..B\nBB.\nexpect = yes no no\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn source_fix_all_edits_the_file_as_check_fix_writes_it() {
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("fix.board");
    std::fs::write(&path, FIXABLE).expect("written");
    let uri = file_uri(&path);
    let mut caps = client::capabilities(&[]);
    caps["textDocument"]["codeAction"]["codeActionLiteralSupport"]["codeActionKind"]["valueSet"] =
        json!(["quickfix", "source", "source.fixAll"]);
    let client = Client::start_caps(json!({}), caps, Config::editor()).await;
    client.open(&uri, 1, FIXABLE);
    client.diagnostics(&uri, |p| p["version"] == 1).await;
    let ask = |only: Value| {
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [], "only": only }
        })
    };
    let actions = client
        .call("textDocument/codeAction", ask(json!(["source.fixAll"])))
        .await;
    let all: Vec<&Value> = actions.as_array().into_iter().flatten().collect();
    assert_eq!(all.len(), 1, "{actions}");
    let action = all[0];
    assert_eq!(action["kind"], "source.fixAll.boardls", "{action}");
    let edit = &action["edit"]["documentChanges"][0];
    assert_eq!(edit["textDocument"]["version"], 1, "{action}");
    let edits: Vec<Value> = edit["edits"].as_array().cloned().unwrap_or_default();
    assert_eq!(edits.len(), 1, "one edit: {action}");
    let fixed = client::apply_edits(FIXABLE, &edits, client.encoding);

    // The real binary, on the same text.
    let out = boardls_in(folder.path(), &["check", "--fix", "fix.board"], None);
    let written = std::fs::read_to_string(&path).expect("read back");
    assert_ne!(written, FIXABLE, "check --fix changed nothing: {out:?}");
    assert_eq!(fixed, written);
    assert!(
        fixed.contains("[zgame \"sample 1\"]") && fixed.contains("expect = no no yes"),
        "{fixed}"
    );

    // Only quick fixes asked for: not offered.
    let quick = client
        .call("textDocument/codeAction", ask(json!(["quickfix"])))
        .await;
    assert!(
        quick
            .as_array()
            .into_iter()
            .flatten()
            .all(|a| a["kind"] != "source.fixAll.boardls"),
        "{quick}"
    );
    // Nothing left to fix: none.
    client.replace_all(&uri, 2, &written);
    client.diagnostics(&uri, |p| p["version"] == 2).await;
    let none = client
        .call(
            "textDocument/codeAction",
            ask(json!(["source.fixAll.boardls"])),
        )
        .await;
    assert_eq!(none, json!([]), "{none}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn source_fix_all_is_advertised() {
    let client = Client::spawn(true);
    let result = client
        .call(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": client::capabilities(&[]) }),
        )
        .await;
    let kinds = &result["capabilities"]["codeActionProvider"]["codeActionKinds"];
    assert!(
        kinds
            .as_array()
            .is_some_and(|k| k.contains(&json!("source.fixAll.boardls"))),
        "{result}"
    );
    client.notify("initialized", json!({}));
    client.stop().await;
}
