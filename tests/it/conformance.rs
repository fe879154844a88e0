//! The server as clients of the LSP 3.17 specification see it, each through the real server:
//! publishes a client that drops stale versions keeps, pull diagnostics, live settings, the
//! client's hover format and code action support, workspace diagnostics, lens commands, related
//! information and the status notification.

use crate::client::{self, Client};
use crate::fixtures::{URI, WRONG_EXPECT, at, codes, doc, hard_tetris, title};
use boardls::config::Config;
use serde_json::{Value, json};
use std::time::Duration;

/// [`WRONG_EXPECT`] with the right `expect`.
const RIGHT_EXPECT: &str = "[zgame \"sample 1\"]\n..B\n..B\nBB.\nexpect = no no yes\n";

fn is_publish(m: &Value, uri: &str) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

/// `caps` (see [`client::capabilities`]) with `path` (dotted) set to `value`.
fn with(mut caps: Value, path: &str, value: Value) -> Value {
    let mut at = &mut caps;
    let keys: Vec<&str> = path.split('.').collect();
    for key in &keys[..keys.len() - 1] {
        at = &mut at[*key];
    }
    at[keys[keys.len() - 1]] = value;
    caps
}

fn file_uri(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

// ---------------------------------------------------------------------------------------------
// 1. Publishes for the latest version

/// A client that keeps a publish only when its version is the document's version when it
/// arrives, as Helix does ("Version … is out of date, dropping `PublishDiagnostic`").
struct DropsStalePublishes {
    uri: &'static str,
    /// The document's version in the editor.
    version: i64,
    /// What the editor shows, and the version it came with.
    shown: Option<(i64, Vec<String>)>,
    dropped: usize,
}

impl DropsStalePublishes {
    fn new(uri: &'static str) -> DropsStalePublishes {
        DropsStalePublishes {
            uri,
            version: 1,
            shown: None,
            dropped: 0,
        }
    }

    fn see(&mut self, m: &Value) {
        if !is_publish(m, self.uri) {
            return;
        }
        let version = m["params"]["version"].as_i64();
        eprintln!(
            "editor at {}: publish of {version:?}: {:?}",
            self.version,
            codes(&m["params"])
        );
        if version.is_some_and(|v| v != self.version) {
            self.dropped += 1;
        } else {
            self.shown = Some((self.version, codes(&m["params"])));
        }
    }

    /// Takes what arrived while the editor was at the current version.
    async fn take(&mut self, client: &Client) {
        for m in client.drain().await {
            self.see(&m);
        }
    }

    /// Edits the document to `text` as version `version`: publishes that arrive from now on
    /// are for an older version unless the server sends one for this.
    fn edit(&mut self, client: &Client, version: i64, text: &str) {
        self.version = version;
        client.replace_all(self.uri, version, text);
    }

    /// Takes publishes until the editor shows `want` for its current version.
    async fn settles_on(&mut self, client: &Client, want: &[&str]) {
        let version = self.version;
        self.take(client).await;
        if self
            .shown
            .as_ref()
            .is_some_and(|(v, got)| *v == version && got == want)
        {
            return;
        }
        client
            .wait_for(&format!("{want:?} shown at version {version}"), |m| {
                self.see(m);
                self.shown
                    .as_ref()
                    .is_some_and(|(v, got)| *v == version && got == want)
            })
            .await;
    }
}

/// Typing a comment, one character a version.
fn typed(text: &str, chars: usize) -> String {
    format!("{text}// {}\n", "x".repeat(chars))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_dropping_stale_publishes_sees_an_error_that_appears_during_a_burst() {
    let client = Client::start(&[]).await;
    let mut editor = DropsStalePublishes::new(URI);
    client.open(URI, 1, RIGHT_EXPECT);
    editor.settles_on(&client, &[]).await;
    // `expect` made wrong, and at once a comment typed: the publish of version 2 (E210)
    // reaches the editor at version 3 or later, and is dropped.
    editor.edit(&client, 2, WRONG_EXPECT);
    for version in 3..=40 {
        editor.edit(&client, version, &typed(WRONG_EXPECT, version as usize));
        if version % 4 == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
            editor.take(&client).await;
        }
    }
    editor.settles_on(&client, &["E210"]).await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_dropping_stale_publishes_keeps_an_error_that_never_changes() {
    let client = Client::start(&[]).await;
    let mut editor = DropsStalePublishes::new(URI);
    // The list is the same for every version: only a publish per version reaches the editor.
    client.open(URI, 1, WRONG_EXPECT);
    for version in 2..=40 {
        editor.edit(&client, version, &typed(WRONG_EXPECT, version as usize));
        if version % 4 == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
            editor.take(&client).await;
        }
    }
    editor.settles_on(&client, &["E210"]).await;
    // Nothing is sent twice for one version.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again: Vec<Value> = client
        .drain()
        .await
        .into_iter()
        .filter(|m| is_publish(m, URI) && m["params"]["version"] == 40)
        .collect();
    assert!(again.is_empty(), "{again:?}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 1. Pull diagnostics

fn pulling() -> Value {
    let caps = with(
        client::capabilities(&[]),
        "textDocument.diagnostic",
        json!({ "dynamicRegistration": false, "relatedDocumentSupport": false }),
    );
    with(
        caps,
        "workspace.diagnostics",
        json!({ "refreshSupport": true }),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pulling_client_pulls_and_is_asked_to_pull_again_instead_of_pushed() {
    let client = Client::spawn(true);
    let init = client
        .call(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": pulling() }),
        )
        .await;
    let provider = &init["capabilities"]["diagnosticProvider"];
    assert_eq!(provider["interFileDependencies"], true, "{init}");
    assert_eq!(provider["workspaceDiagnostics"], true, "{init}");
    client.notify("initialized", json!({}));
    client.open(URI, 1, WRONG_EXPECT);
    // The answer is shown before the cells are made, and the words of E210's help grow with
    // them: the comparison below is of a settled file.
    crate::fixtures::solved_lenses(&client, URI).await;
    // Pulled until the solve is in; the server asks for a new pull when its results change.
    let report = loop {
        let report = client
            .call(
                "textDocument/diagnostic",
                json!({ "textDocument": { "uri": URI } }),
            )
            .await;
        assert_eq!(report["kind"], "full", "{report}");
        if codes(&json!({ "diagnostics": report["items"] })) == ["E210"] {
            break report;
        }
        client
            .wait_for("workspace/diagnostic/refresh", |m| {
                m["method"] == "workspace/diagnostic/refresh"
            })
            .await;
    };
    let id = report["resultId"]
        .as_str()
        .expect("a result id")
        .to_string();
    let again = client
        .call(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": URI }, "previousResultId": id }),
        )
        .await;
    assert_eq!(again["kind"], "unchanged", "{again}");
    assert_eq!(again["resultId"], id.as_str());
    let workspace = client
        .call("workspace/diagnostic", json!({ "previousResultIds": [] }))
        .await;
    let items = workspace["items"].as_array().expect("items");
    assert_eq!(items.len(), 1, "{workspace}");
    assert_eq!(items[0]["uri"], URI);
    assert_eq!(items[0]["version"], 1);
    assert_eq!(
        codes(&json!({ "diagnostics": items[0]["items"] })),
        ["E210"]
    );
    // Never both: nothing was pushed.
    let pushed: Vec<Value> = client
        .drain()
        .await
        .into_iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .collect();
    assert!(pushed.is_empty(), "{pushed:?}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 2. Live settings

fn configurable() -> Value {
    let caps = with(
        client::capabilities(&[]),
        "workspace.configuration",
        json!(true),
    );
    with(
        caps,
        "workspace.didChangeConfiguration",
        json!({ "dynamicRegistration": true }),
    )
}

/// The W211 publish of `uri` of a search stopped by a budget of `nodes` (it stops at the first
/// check past the budget: the nodes it names are at least `nodes`, less than twice as many).
async fn unsolved_after(client: &Client, uri: &str, nodes: u64) -> Value {
    let spent = |m: &Value| -> Option<u64> {
        let d = &m["params"]["diagnostics"][0];
        if d["code"] != "W211" {
            return None;
        }
        let message = d["message"].as_str()?;
        let (_, rest) = message.split_once("unsolved within budget (")?;
        rest.split_once(" search nodes)")?.0.parse().ok()
    };
    client
        .wait_for(&format!("W211 after {nodes} nodes"), |m| {
            if !is_publish(m, uri) {
                return false;
            }
            let n = spent(m);
            eprintln!("{uri}: W211 after {n:?} nodes");
            n.is_some_and(|n| n >= nodes && n < 2 * nodes)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_pulled_per_folder_and_follow_changes_without_a_restart() {
    let folder = tempfile::tempdir().expect("a folder");
    let folder_uri = file_uri(folder.path());
    let tetris_uri = file_uri(&folder.path().join("hard.board"));
    let zgame_uri = file_uri(&folder.path().join("zgame.board"));
    let client = Client::spawn_config(true, Config::editor());
    client.set_settings(json!({ "solve": { "nodes": 10_000 } }));
    client
        .call(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "workspaceFolders": [{ "uri": folder_uri, "name": "puzzles" }],
                "capabilities": configurable(),
            }),
        )
        .await;
    client.notify("initialized", json!({}));
    // Both requests go out from tasks of their own, in either order.
    let (mut registered, mut asked) = (Value::Null, Value::Null);
    client
        .wait_for("a registration and workspace/configuration", |m| {
            if m["method"] == "client/registerCapability" {
                registered = m.clone();
            }
            if m["method"] == "workspace/configuration" {
                asked = m.clone();
            }
            !registered.is_null() && !asked.is_null()
        })
        .await;
    assert_eq!(
        registered["params"]["registrations"][0]["method"],
        "workspace/didChangeConfiguration"
    );
    assert_eq!(
        asked["params"]["items"],
        json!([
            { "section": "boardls" },
            { "scopeUri": folder_uri, "section": "boardls" }
        ])
    );
    client.open(&zgame_uri, 1, WRONG_EXPECT);
    client
        .wait_for("E210", |m| {
            is_publish(m, &zgame_uri) && codes(&m["params"]) == ["E210"]
        })
        .await;
    client.open(&tetris_uri, 1, &hard_tetris());
    unsolved_after(&client, &tetris_uri, 10_000).await;
    // A larger budget: the budget-bound verdict is solved again, the answer is kept.
    client.set_settings(json!({ "solve": { "nodes": 30_000 } }));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": null }),
    );
    unsolved_after(&client, &tetris_uri, 30_000).await;
    let meanwhile = client.drain().await;
    assert!(
        !meanwhile.iter().any(|m| m["method"] == "$/progress"
            && m["params"]["value"]["title"]
                .as_str()
                .is_some_and(|t| t.contains("zgame"))),
        "the zgame answer was solved again: {meanwhile:?}"
    );
    // `allow`: the same version published again without the silenced code.
    client.set_settings(
        json!({ "solve": { "nodes": 30_000 }, "diagnostics": { "allow": ["W211"] } }),
    );
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": null }),
    );
    client
        .wait_for("W211 silenced", |m| {
            is_publish(m, &tetris_uri)
                && m["params"]["version"] == 1
                && codes(&m["params"]).is_empty()
        })
        .await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_configuration_requests_sends_its_settings_in_the_change() {
    let config = Config {
        solve_nodes: 10_000,
        ..Config::editor()
    };
    let client = Client::start_config(&[], json!({}), config).await;
    client.open(URI, 1, &hard_tetris());
    unsolved_after(&client, URI, 10_000).await;
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "boardls": { "solve": { "nodes": 20_000, "memoryMb": "lots" } } } }),
    );
    let warning = client
        .wait_for("a warning", |m| m["method"] == "window/showMessage")
        .await;
    assert!(
        warning["params"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("`solve.memoryMb`")),
        "{warning}"
    );
    unsolved_after(&client, URI, 20_000).await;
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 3, 6. Hovers

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hovers_follow_the_clients_content_format() {
    let caps = with(
        client::capabilities(&[]),
        "textDocument.hover",
        json!({ "contentFormat": ["plaintext", "markdown"] }),
    );
    let client = Client::start_caps(json!({}), caps, Config::editor()).await;
    client.open(URI, 1, "[chess \"q\"]\npiece = queen\nsize = 5 5\n");
    crate::fixtures::solved_lenses(&client, URI).await;
    for (line, character) in [(0, 3), (1, 2), (1, 10)] {
        let hover = client
            .call("textDocument/hover", at(URI, line, character))
            .await;
        assert_eq!(hover["contents"]["kind"], "plaintext", "{hover}");
        let value = hover["contents"]["value"].as_str().unwrap_or("");
        assert!(!value.is_empty() && !value.contains("**"), "{hover}");
    }
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_and_values_have_hovers() {
    let client = Client::start(&[]).await;
    client.open(
        URI,
        1,
        "[chess \"q\"]\npiece = queen\nsize = 5 5\nexpect = 1\n",
    );
    crate::fixtures::solved_lenses(&client, URI).await;
    let words = |hover: &Value| {
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let key = client.call("textDocument/hover", at(URI, 1, 2)).await;
    assert_eq!(key["contents"]["kind"], "markdown");
    assert!(
        words(&key).starts_with("**piece** — chess key, required"),
        "{key}"
    );
    assert_eq!(key["range"]["start"], json!({ "line": 1, "character": 0 }));
    assert_eq!(key["range"]["end"], json!({ "line": 1, "character": 5 }));
    let size = client.call("textDocument/hover", at(URI, 2, 9)).await;
    assert!(words(&size).starts_with("**size = 5 5**"), "{size}");
    let expect = client.call("textDocument/hover", at(URI, 3, 9)).await;
    assert!(words(&expect).contains("Judge answer:"), "{expect}");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 4. Code actions as commands

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_code_action_literals_gets_commands_that_apply_the_fix() {
    let caps = with(
        client::capabilities(&[]),
        "textDocument.codeAction",
        json!({}),
    );
    let client = Client::start_caps(json!({}), caps, Config::editor()).await;
    client.open(URI, 1, WRONG_EXPECT);
    client
        .wait_for("E210", |m| {
            is_publish(m, URI) && codes(&m["params"]) == ["E210"]
        })
        .await;
    let range =
        json!({ "start": { "line": 4, "character": 9 }, "end": { "line": 4, "character": 9 } });
    let actions = client
        .call(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": URI }, "range": range, "context": { "diagnostics": [] } }),
        )
        .await;
    let actions = actions.as_array().cloned().unwrap_or_default();
    assert!(!actions.is_empty());
    for action in &actions {
        // A `Command`: its `command` is the command's name, and there is no edit or kind.
        assert!(action["command"].is_string(), "{action}");
        assert!(
            action.get("edit").is_none() && action.get("kind").is_none(),
            "{action}"
        );
    }
    let fix = actions
        .iter()
        .find(|a| a["command"] == boardls::lsp::APPLY_FIX)
        .expect("the fix as a command");
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": fix["command"], "arguments": fix["arguments"] }),
        )
        .await;
    let edit = client
        .wait_for("the fix's edit", |m| m["method"] == "workspace/applyEdit")
        .await;
    let change = &edit["params"]["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 1);
    let fixed = client::apply_edits(
        WRONG_EXPECT,
        change["edits"].as_array().expect("edits"),
        "utf-16",
    );
    assert_eq!(fixed, RIGHT_EXPECT);
    // Offered for version 1, refused on version 2.
    client.replace_all(URI, 2, WRONG_EXPECT);
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": fix["command"], "arguments": fix["arguments"] }),
        )
        .await;
    client
        .wait_for("the refusal", |m| {
            m["method"] == "window/showMessage"
                && m["params"]["message"]
                    .as_str()
                    .is_some_and(|s| s.contains("changed since"))
        })
        .await;
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 7. Workspace diagnostics

const RACE: &str = "[race]\nA...\n.#..\n....\n...B\n";
const OTHER_RACE: &str = "[race]\nA..\n...\n..B\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suite_findings_reach_closed_files_and_follow_changes_on_disk() {
    let folder = tempfile::tempdir().expect("a folder");
    let (a, b) = (folder.path().join("a.board"), folder.path().join("b.board"));
    std::fs::write(&a, RACE).expect("written");
    std::fs::write(&b, RACE).expect("written");
    // A folder declared a suite: without it, no suite findings.
    std::fs::write(folder.path().join("boardls.toml"), "suite = true\n").expect("written");
    let (a_uri, b_uri) = (file_uri(&a), file_uri(&b));
    let caps = with(
        client::capabilities(&[]),
        "workspace.didChangeWatchedFiles",
        json!({ "dynamicRegistration": true }),
    );
    let client = Client::start_caps(
        json!({ "workspaceFolders": [{ "uri": file_uri(folder.path()), "name": "suite" }] }),
        caps,
        Config::editor(),
    )
    .await;
    let registered = client
        .wait_for("a registration", |m| {
            m["method"] == "client/registerCapability"
        })
        .await;
    let watcher = &registered["params"]["registrations"][0];
    assert_eq!(watcher["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        watcher["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.board"
    );
    // Neither file is open: both are checked as one suite.
    let dup = client
        .wait_for("I222 in b.board", |m| {
            is_publish(m, &b_uri) && codes(&m["params"]).contains(&"I222".to_string())
        })
        .await;
    assert!(
        dup["params"].get("version").is_none_or(Value::is_null),
        "{dup}"
    );
    let related = &dup["params"]["diagnostics"];
    assert!(
        related
            .as_array()
            .into_iter()
            .flatten()
            .any(|d| d["message"]
                .as_str()
                .is_some_and(|m| m.contains("race case 1"))),
        "{related}"
    );
    // Changed on disk, told by the watcher: the finding goes.
    std::fs::write(&b, OTHER_RACE).expect("written");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": b_uri, "type": 2 }] }),
    );
    client
        .wait_for("b.board without I222", |m| {
            is_publish(m, &b_uri) && !codes(&m["params"]).contains(&"I222".to_string())
        })
        .await;
    // Opened, the file is the editor's, with its version; closed, the disk's again.
    client.open(&a_uri, 7, RACE);
    client
        .wait_for("a.board at version 7", |m| {
            is_publish(m, &a_uri) && m["params"]["version"] == 7
        })
        .await;
    client.notify("textDocument/didClose", doc(&a_uri));
    let closed = client
        .wait_for("a.board closed", |m| is_publish(m, &a_uri))
        .await;
    assert!(
        closed["params"].get("version").is_none_or(Value::is_null),
        "{closed}"
    );
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 8. Lens commands

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_case_out_of_budget_is_solved_with_ten_times_the_budget() {
    let config = Config {
        solve_nodes: 10_000,
        ..Config::editor()
    };
    let client = Client::start_config(&[], json!({}), config).await;
    client.open(URI, 1, &hard_tetris());
    unsolved_after(&client, URI, 10_000).await;
    let lenses = crate::fixtures::solved_lenses(&client, URI).await;
    let lens = lenses
        .iter()
        .find(|l| title(l) == "Solve with 10× budget")
        .unwrap_or_else(|| panic!("{lenses:?}"));
    assert_eq!(lens["command"]["command"], boardls::lsp::SOLVE_WITH_BUDGET);
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": lens["command"]["command"], "arguments": lens["command"]["arguments"] }),
        )
        .await;
    unsolved_after(&client, URI, 100_000).await;
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_file_lenses_export_tests_and_check_the_suite() {
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("z.board");
    std::fs::write(&path, RIGHT_EXPECT).expect("written");
    let uri = file_uri(&path);
    let client = Client::start(&[]).await;
    client.open(&uri, 1, RIGHT_EXPECT);
    crate::fixtures::solved_lenses(&client, &uri).await;
    // Every lens, the file's own included (`solved_lenses` gives the cases' only).
    let lenses = client
        .call(
            "textDocument/codeLens",
            json!({ "textDocument": { "uri": uri } }),
        )
        .await;
    let lenses = lenses.as_array().cloned().unwrap_or_default();
    let titles: Vec<String> = lenses.iter().map(title).collect();
    assert_eq!(titles[..2], ["Export tests…", "Check suite"], "{titles:?}");
    let export = &lenses[0]["command"];
    assert_eq!(export["command"], boardls::lsp::EXPORT_TESTS);
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": export["command"], "arguments": export["arguments"] }),
        )
        .await;
    let told = client
        .wait_for("the export", |m| m["method"] == "window/showMessage")
        .await;
    let out = folder.path().join("z-tests");
    assert!(
        told["params"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("1 test(s) exported")),
        "{told}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("01.ans")).expect("01.ans"),
        "no no yes\n"
    );
    assert!(out.join("01.in").exists() && out.join("tests.json").exists());
    let check = &lenses[1]["command"];
    assert_eq!(check["command"], boardls::lsp::CHECK_SUITE);
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": check["command"], "arguments": check["arguments"] }),
        )
        .await;
    let summary = client
        .wait_for("the summary", |m| m["method"] == "window/showMessage")
        .await;
    let summary = summary["params"]["message"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(
        summary.starts_with("boardls: Suite of 1 file, 1 case. zgame: 1 case;"),
        "{summary}"
    );
    client.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_tests_refuses_a_case_played_on_and_writes_nothing() {
    const PLAYED_ON: &str =
        "[zgame \"start\"]\n..B\n..B\nBB.\n\n[zgame \"played on\"]\n..B\n..B\nBB.\nmoves = 1,2\n";
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("z.board");
    std::fs::write(&path, PLAYED_ON).expect("written");
    let uri = file_uri(&path);
    let client = Client::start(&[]).await;
    client.open(&uri, 1, PLAYED_ON);
    crate::fixtures::solved_lenses(&client, &uri).await;
    client
        .call(
            "workspace/executeCommand",
            json!({ "command": boardls::lsp::EXPORT_TESTS, "arguments": [uri] }),
        )
        .await;
    let told = client
        .wait_for("the refusal", |m| m["method"] == "window/showMessage")
        .await;
    let message = told["params"]["message"].as_str().unwrap_or("");
    assert!(
        message.starts_with("boardls: nothing exported: 1 error(s)")
            && message
                .contains("(first, line 10: zgame \"played on\" is the position after 1 move(s)"),
        "{told}"
    );
    assert_eq!(told["params"]["type"], 1, "an error: {told}");
    assert!(!folder.path().join("z-tests").exists(), "nothing written");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 9. Related information

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_place_is_related_information() {
    let client = Client::start(&[]).await;
    client.open(
        URI,
        1,
        "[chess]\npiece = queen\npiece = rook\nsize = 5 5\n\n[race]\nA..\n..\n..B\n",
    );
    let published = client
        .wait_for("E203 and E206", |m| {
            let got = codes(&m["params"]);
            is_publish(m, URI)
                && got.contains(&"E203".to_string())
                && got.contains(&"E206".to_string())
        })
        .await;
    let diagnostics = published["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let related = |code: &str| {
        let d = diagnostics
            .iter()
            .find(|d| d["code"] == code)
            .expect("found");
        d["relatedInformation"][0].clone()
    };
    let key = related("E203");
    assert_eq!(key["location"]["uri"], URI);
    assert_eq!(
        key["location"]["range"]["start"],
        json!({ "line": 1, "character": 0 })
    );
    assert_eq!(key["message"], "the first `piece` is here");
    let row = related("E206");
    assert_eq!(
        row["location"]["range"]["start"],
        json!({ "line": 6, "character": 0 })
    );
    assert_eq!(row["message"], "the first row, 3 cells");
    client.stop().await;
}

// ---------------------------------------------------------------------------------------------
// 10. Status

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_asks_is_told_how_many_cases_are_solving_and_unsolved() {
    let caps = with(
        client::capabilities(&[]),
        "experimental",
        json!({ "boardlsStatus": true }),
    );
    let config = Config {
        solve_nodes: 1000,
        ..Config::editor()
    };
    let client = Client::start_caps(json!({}), caps, config).await;
    client.open(URI, 1, &format!("{}\n{RIGHT_EXPECT}", hard_tetris()));
    let status = client
        .wait_for("1 unsolved", |m| {
            m["method"] == boardls::lsp::STATUS && m["params"]["message"] == "1 unsolved"
        })
        .await;
    assert_eq!(status["params"]["solving"], 0);
    assert_eq!(status["params"]["unsolved"], 1);
    client.notify("textDocument/didClose", doc(URI));
    client
        .wait_for("nothing to say", |m| {
            m["method"] == boardls::lsp::STATUS && m["params"]["message"] == ""
        })
        .await;
    client.stop().await;
    // A client that did not ask gets none.
    let client = Client::start(&[]).await;
    client.open(URI, 1, WRONG_EXPECT);
    client
        .wait_for("E210", |m| {
            is_publish(m, URI) && codes(&m["params"]) == ["E210"]
        })
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let sent = client.drain().await;
    assert!(
        !sent.iter().any(|m| m["method"] == boardls::lsp::STATUS),
        "{sent:?}"
    );
    client.stop().await;
}
