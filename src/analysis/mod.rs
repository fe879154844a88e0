//! A `.board` text → cases, diagnostics and verdicts. Knows the games, not the editor.

pub mod case;
pub mod codes;
pub mod solve;

pub use case::{CaseAnalysis, Expect};
pub use solve::{SolveCache, Verdict, solve_case, verdict_diagnostics};

use crate::config::Config;
use crate::diag::Diagnostic;
use crate::games::Budget;
use crate::span::Span;
use crate::syntax::{self, Parse};
use std::sync::Arc;

/// Everything known about a text before solving.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pub parse: Parse,
    pub cases: Vec<CaseAnalysis>,
    /// Syntax and validation diagnostics, in text order, `allow`ed codes removed.
    pub diagnostics: Vec<Diagnostic>,
    /// Codes silenced for this file (its `allow` comments and the configuration).
    pub allowed: Vec<String>,
}

impl Analysis {
    pub fn is_allowed(&self, code: &str) -> bool {
        self.allowed.iter().any(|c| c == code)
    }

    /// The case whose span holds `offset`.
    pub fn case_at(&self, offset: usize) -> Option<&CaseAnalysis> {
        self.cases.iter().find(|c| c.span.touches(offset))
    }
}

pub fn analyse(text: &str, config: &Config) -> Analysis {
    if text.len() > config.max_file_bytes {
        return Analysis {
            diagnostics: vec![Diagnostic::error(
                codes::FILE_TOO_LARGE,
                Span::new(0, 0),
                format!(
                    "file is {} bytes; boardls analyses files up to {} bytes",
                    text.len(),
                    config.max_file_bytes
                ),
            )],
            ..Analysis::default()
        };
    }
    let parse = syntax::parse(text);
    let mut diagnostics = parse.errors.clone();
    let mut allowed = config.allow.clone();
    for allow in &parse.file.allows {
        for code in &allow.codes {
            if codes::all_codes().any(|c| c == code.value) {
                allowed.push(code.value.clone());
            } else {
                diagnostics.push(Diagnostic::warning(
                    codes::UNKNOWN_ALLOW,
                    code.span,
                    format!("`{}` is not a boardls code", code.value),
                ));
            }
        }
    }
    let mut cases = Vec::with_capacity(parse.file.cases.len().min(config.max_cases));
    for (index, case) in parse.file.cases.iter().enumerate() {
        if index == config.max_cases {
            diagnostics.push(Diagnostic::error(
                codes::TOO_MANY_CASES,
                case.header.span,
                format!(
                    "the file has {} cases; boardls analyses the first {}",
                    parse.file.cases.len(),
                    config.max_cases
                ),
            ));
            break;
        }
        cases.push(case::analyse_case(index, case, &mut diagnostics));
    }
    let mut analysis = Analysis {
        parse,
        cases,
        diagnostics,
        allowed,
    };
    let diags = std::mem::take(&mut analysis.diagnostics);
    analysis.diagnostics = finish(&analysis, diags, config);
    analysis
}

/// Sorted, `allow`ed codes removed, capped.
pub fn finish(analysis: &Analysis, mut diags: Vec<Diagnostic>, config: &Config) -> Vec<Diagnostic> {
    diags.retain(|d| !analysis.is_allowed(d.code));
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags.truncate(config.max_diagnostics);
    diags
}

/// A text analysed and every case solved: what `check` and `solve` report.
pub struct Checked {
    pub analysis: Analysis,
    /// One entry per case: `None` when the case could not be solved (it has errors).
    pub verdicts: Vec<Option<Arc<Verdict>>>,
    /// All diagnostics, results included.
    pub diagnostics: Vec<Diagnostic>,
}

/// The budget of one case under `config`: every solve, judge run and generator takes its budget
/// from here, so all of them agree on which cases are solvable.
pub fn budget(config: &Config) -> Budget {
    let budget = Budget::nodes(config.solve_nodes).with_memory(config.solve_memory);
    match config.solve_time {
        Some(time) => budget.with_time(time),
        None => budget,
    }
}

pub fn check(text: &str, config: &Config, cache: &SolveCache) -> Checked {
    let analysis = analyse(text, config);
    let mut diags = analysis.diagnostics.clone();
    let mut verdicts = Vec::with_capacity(analysis.cases.len());
    for case in &analysis.cases {
        let verdict = cache.solve(case, &budget(config)).map(|(v, _)| v);
        if let Some(d) = verdict.as_ref().and_then(|v| verdict_diagnostics(case, v)) {
            diags.push(d);
        }
        verdicts.push(verdict);
    }
    let diagnostics = finish(&analysis, diags, config);
    Checked {
        analysis,
        verdicts,
        diagnostics,
    }
}
