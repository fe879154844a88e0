//! Suite findings in the editor only where the project asks for them: a folder that is not a
//! suite gets none; `suite = true` in its `boardls.toml` or a `// boardls: suite` file gets
//! each once, with the cases it concerns as related information; the editor's
//! `suite.diagnostics` overrides both ways.

use crate::client::{self, Client};
use crate::fixtures::codes;
use boardls::config::Config;
use serde_json::{Value, json};
use std::path::Path;

/// Two zgame cases, the first with a wrong `expect` (E210: the answer is `no no yes`), the
/// second `no yes no`.
const TWO_CASES: &str = "[zgame \"sample 1\"]\n..B\n..B\nBB.\nexpect = yes no no\n\n\
                         [zgame \"small\"]\n..\n..\n";
/// Another file of the same folder: one zgame case, `yes no no`.
const OTHER: &str = "[zgame \"other\"]\nA.\n.B\n";

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn is_publish(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

fn suite_codes(params: &Value) -> Vec<String> {
    codes(params)
        .into_iter()
        .filter(|c| c.starts_with("I22"))
        .collect()
}

/// A folder holding `a.board` (to open) and `b.board` (left closed), and `boardls.toml` when
/// given; the folder and the URIs of the two files.
fn folder_with(toml: Option<&str>, a: &str) -> (tempfile::TempDir, String, String) {
    let folder = tempfile::tempdir().expect("a folder");
    std::fs::write(folder.path().join("a.board"), a).expect("written");
    std::fs::write(folder.path().join("b.board"), OTHER).expect("written");
    if let Some(toml) = toml {
        std::fs::write(folder.path().join("boardls.toml"), toml).expect("written");
    }
    let a_uri = file_uri(&folder.path().join("a.board"));
    let b_uri = file_uri(&folder.path().join("b.board"));
    (folder, a_uri, b_uri)
}

async fn start(folder: &Path, options: Value) -> Client {
    Client::start_caps(
        json!({
            "workspaceFolders": [{ "uri": file_uri(folder), "name": "puzzles" }],
            "initializationOptions": options,
        }),
        client::capabilities(&[]),
        Config::editor(),
    )
    .await
}

/// The first publish of the open `uri` with its wrong `expect` solved (E210): every case of
/// it settled.
async fn settled(client: &Client, uri: &str, pred: impl Fn(&Value) -> bool) -> Value {
    client
        .wait_for(&format!("{uri} settled"), |m| {
            is_publish(m, uri)
                && codes(&m["params"]).contains(&"E210".to_string())
                && pred(&m["params"])
        })
        .await["params"]
        .clone()
}

/// As [`settled`] for the open `a`, and the latest report of the closed `b` once it has one
/// (it may come before or after).
async fn settled_with_closed(
    client: &Client,
    a: &str,
    b: &str,
    pred: impl Fn(&Value) -> bool,
) -> (Value, Value) {
    let (mut open, mut closed) = (Value::Null, Value::Null);
    client
        .wait_for(&format!("{a} settled and {b} reported"), |m| {
            if is_publish(m, b) {
                closed = m["params"].clone();
            }
            if is_publish(m, a)
                && codes(&m["params"]).contains(&"E210".to_string())
                && pred(&m["params"])
            {
                open = m["params"].clone();
            }
            !open.is_null() && !closed.is_null()
        })
        .await;
    (open, closed)
}

fn set_suite_diagnostics(client: &Client, value: &str) {
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "boardls": { "suite": { "diagnostics": value } } } }),
    );
}

/// Each diagnostic as (code, message, start line), to compare lists.
fn keyed(params: &Value) -> Vec<(String, String, u64)> {
    params["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["message"].as_str().unwrap_or("").to_string(),
                d["range"]["start"]["line"].as_u64().unwrap_or(u64::MAX),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_folder_that_is_not_a_suite_shows_only_real_problems() {
    let (folder, a_uri, b_uri) = folder_with(None, TWO_CASES);
    let client = start(folder.path(), json!({})).await;
    client.open(&a_uri, 1, TWO_CASES);
    // The closed file is checked too.
    let (open, closed) = settled_with_closed(&client, &a_uri, &b_uri, |_| true).await;
    assert_eq!(codes(&open), ["E210"], "{open}");
    assert!(suite_codes(&closed).is_empty(), "{closed}");
    // `always` turns them on for the folder, `auto` off again.
    set_suite_diagnostics(&client, "always");
    let on = settled(&client, &a_uri, |p| !suite_codes(p).is_empty()).await;
    assert!(suite_codes(&on).contains(&"I220".to_string()), "{on}");
    set_suite_diagnostics(&client, "auto");
    let off = settled(&client, &a_uri, |p| suite_codes(p).is_empty()).await;
    assert_eq!(codes(&off), ["E210"], "{off}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_suite_shows_each_finding_once_with_the_cases_it_concerns() {
    let (folder, a_uri, b_uri) = folder_with(Some("suite = true\n"), TWO_CASES);
    let client = start(folder.path(), json!({})).await;
    client.open(&a_uri, 1, TWO_CASES);
    let (open, closed) =
        settled_with_closed(&client, &a_uri, &b_uri, |p| !suite_codes(p).is_empty()).await;
    let found = keyed(&open);
    // zgame has eight answer classes; the suite's three cases have three answers.
    let uncovered: Vec<_> = found.iter().filter(|(c, ..)| c == "I220").collect();
    assert_eq!(uncovered.len(), 5, "{open}");
    let max: Vec<_> = found.iter().filter(|(c, ..)| c == "I221").collect();
    assert_eq!(max.len(), 1, "{open}");
    // Once each, on the file's first case header.
    let mut distinct = found.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), found.len(), "{open}");
    assert!(
        uncovered.iter().chain(&max).all(|(_, _, line)| *line == 0),
        "{open}"
    );
    // Pointing to the cases of the file: both headers, each with its answer.
    let i220 = open["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| d["code"] == "I220")
        .expect("an I220");
    let related = i220["relatedInformation"].as_array().expect("related");
    let lines: Vec<u64> = related
        .iter()
        .map(|r| {
            r["location"]["range"]["start"]["line"]
                .as_u64()
                .unwrap_or(0)
        })
        .collect();
    assert_eq!(lines, [0, 6], "{i220}");
    assert!(
        related.iter().all(|r| r["location"]["uri"] == a_uri),
        "{i220}"
    );
    assert!(
        related[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("has the answer `no no yes`")),
        "{i220}"
    );
    // The closed file of the same suite does not repeat them.
    assert!(
        !suite_codes(&closed)
            .iter()
            .any(|c| c == "I220" || c == "I221"),
        "{closed}"
    );
    // `never` turns them off.
    set_suite_diagnostics(&client, "never");
    let off = settled(&client, &a_uri, |p| suite_codes(p).is_empty()).await;
    assert_eq!(codes(&off), ["E210"], "{off}");
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_marked_as_a_suite_is_one_unless_the_editor_says_never() {
    let marked = format!("// boardls: suite\n{TWO_CASES}");
    let (folder, a_uri, b_uri) = folder_with(None, &marked);
    let client = start(folder.path(), json!({})).await;
    client.open(&a_uri, 1, &marked);
    let (open, closed) =
        settled_with_closed(&client, &a_uri, &b_uri, |p| !suite_codes(p).is_empty()).await;
    // A suite of its own: the other file's case, a third answer, is not in it.
    let uncovered = codes(&open).iter().filter(|c| *c == "I220").count();
    assert_eq!(uncovered, 6, "{open}");
    assert!(suite_codes(&closed).is_empty(), "{closed}");
    client.stop().await;

    let client = start(
        folder.path(),
        json!({ "suite": { "diagnostics": "never" } }),
    )
    .await;
    client.open(&a_uri, 1, &marked);
    let open = settled(&client, &a_uri, |_| true).await;
    assert_eq!(codes(&open), ["E210"], "{open}");
    client.stop().await;
}
