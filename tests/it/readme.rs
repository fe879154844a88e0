//! The README's walkthrough pasted into an empty folder as a newcomer would: every `sh` block
//! runs as written, in order, in one shell, with `boardls` on PATH; every output block the
//! README shows is what was printed (or written, for a file it shows), line by line in order.
//! A line `…` stands for lines left out; times and sizes are compared as numbers of some unit.

use std::fs;
use std::path::Path;
use std::process::Command;

/// The text of the README section that starts with the heading `title`, up to the next `## `.
fn section(title: &str) -> String {
    let readme = include_str!("../../README.md");
    let start = readme.find(title).expect("the README has the section");
    let rest = &readme[start + title.len()..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The fenced blocks of `text`: (info string, body).
fn fenced(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), String::new())),
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// A line with numbers of time or size units replaced, for comparing runs.
fn normal(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let unit = words.get(i + 1).map(|u| u.trim_end_matches([',', ')']));
        if words[i].parse::<f64>().is_ok() && matches!(unit, Some("ms" | "s" | "MiB" | "KiB")) {
            out.push(format!("#{}", unit.unwrap_or_default()));
            i += 2;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// Whether every line of `shown` (but `…`) occurs in `printed`, in order.
fn shows(shown: &str, printed: &str) -> Result<(), String> {
    let printed: Vec<String> = printed.lines().map(normal).collect();
    let mut at = 0;
    for line in shown.lines().filter(|l| !matches!(l.trim(), "…" | "...")) {
        let want = normal(line);
        match printed[at..].iter().position(|p| *p == want) {
            Some(i) => at += i + 1,
            None => return Err(format!("not printed (in order): {line:?}")),
        }
    }
    Ok(())
}

/// What the walkthrough has the reader run: a whole `sh` block, or one `$ COMMAND` line of an
/// output block with the lines it shows (up to the next `$`).
struct Run {
    block: usize,
    command: String,
    shown: Option<String>,
}

fn runs(blocks: &[(String, String)]) -> Vec<Run> {
    let mut runs = Vec::new();
    for (block, (info, body)) in blocks.iter().enumerate() {
        if info == "sh" {
            runs.push(Run {
                block,
                command: body.clone(),
                shown: None,
            });
        } else if info.is_empty() && body.starts_with("$ ") {
            for part in body.split("\n$ ").map(|p| p.trim_start_matches("$ ")) {
                let (command, shown) = part.split_once('\n').unwrap_or((part, ""));
                runs.push(Run {
                    block,
                    command: format!("{command}\n"),
                    shown: Some(shown.to_string()),
                });
            }
        }
    }
    runs
}

#[test]
fn the_walkthrough_runs_as_written_from_an_empty_folder() {
    let text = section("## Preparing tests for a problem: a walkthrough");
    let blocks = fenced(&text);
    let runs = runs(&blocks);
    let dir = tempfile::tempdir().expect("temp dir");
    let outputs = dir.path().join(".outputs");
    fs::create_dir(&outputs).expect("outputs folder");
    let bin = Path::new(env!("CARGO_BIN_EXE_boardls"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // One shell for every run, so that a `cd` carries over as when pasting; each run's output
    // and status kept apart.
    let mut script = String::new();
    for (i, run) in runs.iter().enumerate() {
        let out = outputs.join(i.to_string());
        script.push_str(&format!(
            "{{\n{}}} > '{o}.out' 2>&1; echo $? > '{o}.status'\n",
            run.command,
            o = out.display()
        ));
    }
    let status = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(dir.path())
        .env("PATH", path)
        .env("BOARDLS_NO_CACHE", "1")
        .status()
        .expect("bash runs");
    assert!(status.success(), "the script: {script}");
    let read = |i: usize, what: &str| {
        fs::read_to_string(outputs.join(format!("{i}.{what}"))).expect("recorded output")
    };
    let suite = dir.path().join("suite");
    let mut checked = 0;
    let mut last_output = String::new();
    let mut next_run = 0;
    for (b, (info, body)) in blocks.iter().enumerate() {
        let mut ran = false;
        while let Some(run) = runs.get(next_run).filter(|r| r.block == b) {
            last_output = read(next_run, "out");
            let code = read(next_run, "status");
            match &run.shown {
                // A pasted block runs clean; only `stress` exits 1 here: it finds what it is
                // shown to find.
                None => {
                    let want = if run.command.contains("boardls stress") {
                        "1"
                    } else {
                        "0"
                    };
                    assert_eq!(code.trim(), want, "{}\n{last_output}", run.command);
                }
                Some(shown) => {
                    shows(shown, &last_output)
                        .unwrap_or_else(|e| panic!("{}{e}\n{last_output}", run.command));
                    checked += 1;
                }
            }
            next_run += 1;
            ran = true;
        }
        if ran || !info.is_empty() {
            continue;
        }
        // Output of the run before it, or a file the walkthrough made (`greedy.board`).
        let files = fs::read_dir(&suite)
            .expect("the suite folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "board"))
            .filter_map(|p| fs::read_to_string(p).ok());
        let found = std::iter::once(last_output.clone())
            .chain(files)
            .any(|printed| shows(body, &printed).is_ok());
        assert!(
            found,
            "block {b} is not what was printed: {:?}\n---\n{body}---\nprinted:\n{last_output}",
            shows(body, &last_output).err()
        );
        checked += 1;
    }
    assert!(
        checked >= 8,
        "the walkthrough's outputs were found and compared: {checked}"
    );
    assert!(
        read(0, "out").contains("boardls: wrote 18 test(s) to tests"),
        "build says what the README says it says"
    );
}
