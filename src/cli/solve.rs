//! `boardls solve`: every case's answer and verdict, in words or as JSON.

use super::{EXIT_ERRORS, EXIT_OK, EXIT_UNUSABLE, files};
use boardls::analysis::{self, CaseAnalysis, SolveCache, Verdict};
use boardls::config::Config;
use boardls::span::LineIndex;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Serialize)]
struct Report {
    cases: Vec<CaseReport>,
}

#[derive(Serialize)]
struct CaseReport {
    file: String,
    line: usize,
    game: Option<&'static str>,
    name: Option<String>,
    answer: Option<String>,
    expect: Option<String>,
    /// `ok`, `mismatch`, `unchecked` (no `expect`), `invalid` (errors stop solving), `unsolved`.
    status: &'static str,
    #[serde(skip)]
    verdict: String,
}

pub(super) fn run(paths: &[PathBuf], json: bool, config: &Config) -> u8 {
    let Some(sources) = files::read_all(paths) else {
        return EXIT_UNUSABLE;
    };
    let cache = SolveCache::new();
    let mut cases = Vec::new();
    for (path, source) in &sources {
        let checked = analysis::check(&source.text, config, &cache);
        let index = LineIndex::new(&source.text);
        for (case, verdict) in checked.analysis.cases.iter().zip(&checked.verdicts) {
            cases.push(report(
                &path.display().to_string(),
                &index,
                case,
                verdict.as_deref(),
            ));
        }
    }
    let failed = cases
        .iter()
        .any(|c| matches!(c.status, "mismatch" | "invalid" | "unsolved"));
    if json {
        match serde_json::to_string_pretty(&Report { cases }) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("boardls: {e}");
                return EXIT_UNUSABLE;
            }
        }
    } else {
        for c in &cases {
            let title = match (&c.name, c.game) {
                (Some(name), Some(game)) => format!("{game} \"{name}\""),
                (None, Some(game)) => game.to_string(),
                // An unknown game: the name still tells which case it is.
                (Some(name), None) => format!("? \"{name}\""),
                (None, None) => "?".to_string(),
            };
            let answer = c.answer.as_deref().unwrap_or("-");
            let mut line = format!("{}:{}: {title}: {answer}", c.file, c.line);
            if !c.verdict.is_empty() {
                line.push_str(&format!(" — {}", c.verdict));
            }
            match (c.status, &c.expect) {
                ("mismatch", Some(e)) => line.push_str(&format!(" [mismatch: expect says {e}]")),
                ("ok", _) => line.push_str(" [ok]"),
                (status, _) => line.push_str(&format!(" [{status}]")),
            }
            println!("{line}");
        }
    }
    if failed { EXIT_ERRORS } else { EXIT_OK }
}

fn report(
    file: &str,
    index: &LineIndex,
    case: &CaseAnalysis,
    verdict: Option<&Verdict>,
) -> CaseReport {
    let expect = case
        .expect
        .as_ref()
        .map(|e| e.canonical.clone().unwrap_or_else(|| e.raw.clone()));
    let malformed_expect = case.expect.as_ref().is_some_and(|e| e.canonical.is_none());
    let (answer, verdict_words, status) = match verdict {
        Some(Verdict::Solved { solution, .. }) => {
            let status = match &expect {
                None => "unchecked",
                Some(_) if malformed_expect => "invalid",
                Some(e) if *e == solution.answer => "ok",
                Some(_) => "mismatch",
            };
            (
                Some(solution.answer.clone()),
                solution.verdict.clone(),
                status,
            )
        }
        Some(Verdict::Unsolved(why)) => (None, why.to_string(), "unsolved"),
        Some(Verdict::Failed(why)) => (None, format!("solver failed: {why}"), "unsolved"),
        None => (None, String::new(), "invalid"),
    };
    CaseReport {
        file: file.to_string(),
        line: index.line_of(case.header.start) + 1,
        game: case.game.map(boardls::games::GameId::as_str),
        name: case.name.as_ref().map(|n| n.value.clone()),
        answer,
        expect,
        status,
        verdict: verdict_words,
    }
}
