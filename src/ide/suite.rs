//! A suite summed up in words, for "Check suite": cases and answers per game, the largest
//! board against the original maximum, and how many findings there are.

use crate::analysis::suite::{coverage, survivors};
use crate::analysis::{Analysis, Verdict};
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// `files` (each file's analysis and verdicts) as one suite, with `findings` (its suite
/// findings, every file's).
pub fn summary(files: &[(&Analysis, &[Option<&Verdict>])], findings: &[Diagnostic]) -> String {
    let cases: usize = files.iter().map(|(a, _)| a.cases.len()).sum();
    let mut out = format!(
        "Suite of {} file{}, {cases} case{}.",
        files.len(),
        plural(files.len()),
        plural(cases)
    );
    let mut unanswered = 0;
    let survivors = survivors(files);
    for game in coverage(files).games {
        let answered: usize = game.answers.iter().map(|(_, n)| n).sum();
        unanswered += game.cases.saturating_sub(answered);
        let spec = game.game.spec();
        // The game's answer classes come first; answers past them are not classes to cover.
        let classes = &game.answers[..spec.answer_classes.len().min(game.answers.len())];
        let missing: Vec<String> = classes
            .iter()
            .filter(|(_, n)| *n == 0)
            .map(|(a, _)| format!("`{a}`"))
            .collect();
        let answers = if missing.is_empty() {
            "every answer".to_string()
        } else {
            format!(
                "answers {} of {}, missing {}",
                classes.len() - missing.len(),
                classes.len(),
                missing.join(", ")
            )
        };
        let largest_side = game.largest.as_ref().map_or(0, |(side, _)| *side);
        let size = if largest_side >= spec.original_max_side {
            "the original maximum size reached".to_string()
        } else {
            format!("largest side {largest_side} of {}", spec.original_max_side)
        };
        let zoo = game.game.zoo().len();
        let strength = match survivors.get(&game.game) {
            Some(alive) if !alive.is_empty() => {
                let names: Vec<String> = alive.iter().map(|n| format!("`{n}`")).collect();
                format!(
                    "{} of {zoo} wrong solutions killed, not {}",
                    zoo - alive.len(),
                    names.join(", ")
                )
            }
            Some(_) => format!("every wrong solution killed ({zoo})"),
            None => "no case solved to run the wrong solutions on".to_string(),
        };
        out.push_str(&format!(
            " {}: {} case{}; {answers}; {size}; {strength}.",
            game.game,
            game.cases,
            plural(game.cases)
        ));
    }
    if unanswered > 0 {
        out.push_str(&format!(
            " {unanswered} case{} without an answer.",
            plural(unanswered)
        ));
    }
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for d in findings {
        *by_code.entry(d.code).or_default() += 1;
    }
    if by_code.is_empty() {
        out.push_str(" No findings.");
    } else {
        let counts: Vec<String> = by_code
            .iter()
            .map(|(code, n)| format!("{code} ×{n}"))
            .collect();
        out.push_str(&format!(
            " {} finding{} ({}).",
            findings.len(),
            plural(findings.len()),
            counts.join(", ")
        ));
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
