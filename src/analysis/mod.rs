//! A `.board` text → cases, diagnostics and verdicts. Knows the games, not the editor.

pub mod case;
pub mod codes;
pub mod examples;
pub mod play;
pub mod solve;
pub mod suite;

pub use case::{CaseAnalysis, Expect};
pub(crate) use solve::verdict_diagnostics;
pub use solve::{SolveCache, Verdict};

use crate::config::Config;
use crate::diag::{Diagnostic, Severity};
use crate::games::{Budget, Unsolved};
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
    /// The case whose span holds `offset`.
    pub(crate) fn case_at(&self, offset: usize) -> Option<&CaseAnalysis> {
        self.cases.iter().find(|c| c.span.touches(offset))
    }
}

pub fn analyse(text: &str, config: &Config) -> Analysis {
    analyse_with(text, config, |cases, diagnostics| {
        cases
            .iter()
            .enumerate()
            .map(|(index, case)| case::analyse_case(text, index, case, diagnostics))
            .collect()
    })
}

/// `f` of each item with its index, in order: on the current rayon pool when there are two or
/// more items; one is mapped here, since rayon would start its threads for it.
fn map_in_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    use rayon::prelude::*;
    if items.len() < 2 {
        items
            .iter()
            .enumerate()
            .map(|(i, item)| f(i, item))
            .collect()
    } else {
        items
            .par_iter()
            .enumerate()
            .map(|(i, item)| f(i, item))
            .collect()
    }
}

/// [`analyse`] with the cases analysed on the current rayon pool; the same analysis.
fn analyse_in_parallel(text: &str, config: &Config) -> Analysis {
    analyse_with(text, config, |cases, diagnostics| {
        let done = map_in_parallel(cases, |index, case| {
            let mut own = Vec::new();
            (case::analyse_case(text, index, case, &mut own), own)
        });
        done.into_iter()
            .map(|(case, own)| {
                diagnostics.extend(own);
                case
            })
            .collect()
    })
}

/// The analysis of `text`, its cases (up to `max_cases`) analysed by `analyse_cases`, which
/// adds their findings in case order.
fn analyse_with(
    text: &str,
    config: &Config,
    analyse_cases: impl FnOnce(&[syntax::Case], &mut Vec<Diagnostic>) -> Vec<CaseAnalysis>,
) -> Analysis {
    if text.len() > config.max_file_bytes {
        return too_large(text.len() as u64, config);
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
    let all = &parse.file.cases;
    let mut cases = analyse_cases(&all[..all.len().min(config.max_cases)], &mut diagnostics);
    stop_cases_with_errors(&mut cases, &diagnostics);
    if let Some(first_left) = all.get(config.max_cases) {
        diagnostics.push(Diagnostic::error(
            codes::TOO_MANY_CASES,
            first_left.header.span,
            format!(
                "the file has {} cases; boardls analyses the first {}",
                all.len(),
                config.max_cases
            ),
        ));
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

/// A case with an error of its own is not solved, whatever the error: a board read past a
/// mistake may not be the board its author meant. Only the answer's own errors (a malformed or
/// wrong `expect`) leave it solvable: the answer is what they are checked against.
fn stop_cases_with_errors(cases: &mut [CaseAnalysis], diagnostics: &[Diagnostic]) {
    let mut errors: Vec<usize> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.code != codes::BAD_EXPECT)
        .map(|d| d.span.start)
        .collect();
    errors.sort_unstable();
    for case in cases {
        let first = errors.partition_point(|&at| at < case.span.start);
        if errors.get(first).is_some_and(|&at| case.owns(at)) {
            case.board = None;
        }
    }
}

/// The analysis of a file of `bytes` bytes, more than `config` lets boardls analyse: E213 alone.
/// Also for a file too large to read at all.
pub fn too_large(bytes: u64, config: &Config) -> Analysis {
    Analysis {
        diagnostics: vec![Diagnostic::error(
            codes::FILE_TOO_LARGE,
            Span::new(0, 0),
            format!(
                "file is {bytes} bytes; boardls analyses files up to {} bytes",
                config.max_file_bytes
            ),
        )],
        ..Analysis::default()
    }
}

/// Sorted, `allow`ed codes removed (the file's own and `config`'s), `deny`ed codes made
/// errors, capped.
pub fn finish(analysis: &Analysis, diags: Vec<Diagnostic>, config: &Config) -> Vec<Diagnostic> {
    finish_allowing(&analysis.allowed, diags, config)
}

/// [`finish`] with the file's own `allow`ed codes.
fn finish_allowing(allowed: &[String], diags: Vec<Diagnostic>, config: &Config) -> Vec<Diagnostic> {
    let mut diags = allow_and_deny(allowed, diags, config);
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags.truncate(config.max_diagnostics);
    diags
}

fn allow_and_deny(
    allowed: &[String],
    mut diags: Vec<Diagnostic>,
    config: &Config,
) -> Vec<Diagnostic> {
    diags.retain(|d| {
        !allowed.iter().any(|c| c == d.code) && !config.allow.iter().any(|c| c == d.code)
    });
    for d in &mut diags {
        if config.deny.iter().any(|c| c == d.code) {
            d.severity = Severity::Error;
        }
    }
    diags
}

/// Everything boardls reports about one file, as `check` prints it and the server publishes
/// it: the syntax and validation findings of `analysis`, what each case's verdict says (a wrong
/// `expect`, no answer within budget, a solver failure), then `more` (the suite findings that
/// fall in this file, E216 for bytes that were not UTF-8); the `allow`ed codes removed, sorted,
/// capped. `verdicts[i]` is case i's, `None` while it has none.
pub fn report(
    analysis: &Analysis,
    verdicts: &[Option<&Verdict>],
    more: Vec<Diagnostic>,
    config: &Config,
) -> Vec<Diagnostic> {
    debug_assert_eq!(analysis.cases.len(), verdicts.len());
    let mut diags = analysis.diagnostics.clone();
    for (case, verdict) in analysis.cases.iter().zip(verdicts) {
        if let Some(d) = verdict.and_then(|v| verdict_diagnostics(case, v)) {
            diags.push(d);
        }
    }
    diags.extend(more);
    finish(analysis, diags, config)
}

/// A text analysed and every case solved: what `check`, `solve` and `export` report.
pub struct Checked {
    pub analysis: Analysis,
    /// One entry per case: `None` when the case could not be solved (it has errors).
    pub verdicts: Vec<Option<Arc<Verdict>>>,
    /// The suite findings of the file when it is marked as a suite of its own
    /// (`// boardls: suite`), before `allow`.
    pub own_suite: Vec<Diagnostic>,
    /// Its [`report`]: all diagnostics, results and its own suite findings included.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// The verdicts as [`report`] and the suite checks take them.
    pub fn verdict_refs(&self) -> Vec<Option<&Verdict>> {
        self.verdicts.iter().map(Option::as_deref).collect()
    }

    /// [`report`] again with what reading the file found (E216) and, when the file is part of
    /// a suite of several files, that suite's findings in it (else its own suite's, if marked).
    pub fn report_with(
        &self,
        reading: Vec<Diagnostic>,
        suite: Option<&[Diagnostic]>,
        config: &Config,
    ) -> Vec<Diagnostic> {
        let mut more = reading;
        more.extend_from_slice(suite.unwrap_or(&self.own_suite));
        report(&self.analysis, &self.verdict_refs(), more, config)
    }
}

/// A file's findings waiting for those of its suite, known only once every file of the suite
/// is checked: what [`report`] needs of the file, without its analysis and verdicts (a batch
/// keeps this for every file of a suite, so it must stay small).
pub struct Unfinished {
    diagnostics: Vec<Diagnostic>,
    allowed: Vec<String>,
}

impl Unfinished {
    /// The findings so far with `allow` and `deny` applied, neither sorted nor capped.
    pub fn so_far(&self, config: &Config) -> Vec<Diagnostic> {
        allow_and_deny(&self.allowed, self.diagnostics.clone(), config)
    }

    /// The file's [`report`] with `suite`, the findings of its suite that fall in it.
    pub fn finish(self, suite: &[Diagnostic], config: &Config) -> Vec<Diagnostic> {
        let mut diags = self.diagnostics;
        diags.extend_from_slice(suite);
        finish_allowing(&self.allowed, diags, config)
    }
}

impl Checked {
    /// What [`Checked::report_with`] needs but the suite's findings, with what reading the file
    /// found (E216).
    pub fn unfinished(&self, reading: Vec<Diagnostic>) -> Unfinished {
        let mut diagnostics = self.analysis.diagnostics.clone();
        for (case, verdict) in self.analysis.cases.iter().zip(&self.verdicts) {
            if let Some(d) = verdict
                .as_deref()
                .and_then(|v| verdict_diagnostics(case, v))
            {
                diagnostics.push(d);
            }
        }
        diagnostics.extend(reading);
        Unfinished {
            diagnostics,
            allowed: self.analysis.allowed.clone(),
        }
    }
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

/// `config` with `factor` times the node and time budget that left a case unsolved (`why`), for
/// another try; `None` when neither stopped it (memory is a cap on the machine, not a budget to
/// raise in passing). Each try starts from what the last one spent, so tries escalate.
pub fn raised_budget(config: &Config, why: &Unsolved, factor: u32) -> Option<Config> {
    let (nodes, time) = match why {
        Unsolved::Nodes(spent) => (config.solve_nodes.max(*spent), config.solve_time),
        Unsolved::Time(spent) => (
            config.solve_nodes,
            Some(config.solve_time.map_or(*spent, |t| t.max(*spent))),
        ),
        Unsolved::Cancelled | Unsolved::TooLarge(_) => return None,
    };
    Some(Config {
        solve_nodes: nodes.saturating_mul(u64::from(factor)),
        solve_time: time.map(|t| t.saturating_mul(factor)),
        ..config.clone()
    })
}

/// `text` analysed and every case solved (through `cache`), with its [`report`].
pub fn check(text: &str, config: &Config, cache: &SolveCache) -> Checked {
    check_serially(text, config, |case| {
        cache.solve(case, &budget(config)).map(|(v, _)| v)
    })
}

/// [`check`] for readers of answers and words only, one case after another: each case's
/// answer alone, as [`check_in_parallel`] solves it.
pub fn check_answers(text: &str, config: &Config, cache: &SolveCache) -> Checked {
    check_serially(text, config, |case| {
        cache.solve_answer(case, &budget(config))
    })
}

fn check_serially(
    text: &str,
    config: &Config,
    solve: impl Fn(&CaseAnalysis) -> Option<Arc<Verdict>>,
) -> Checked {
    let analysis = analyse(text, config);
    let verdicts: Vec<Option<Arc<Verdict>>> = analysis.cases.iter().map(solve).collect();
    checked(text, analysis, verdicts, config)
}

/// [`check`] for the batch commands: the cases solved on the current rayon pool (the `--jobs`
/// threads), so that one large file uses every core, each for its answer alone (the judge's
/// decision and its words: cell maps and best lines are the editor's); in case order.
pub fn check_in_parallel(text: &str, config: &Config, cache: &SolveCache) -> Checked {
    let analysis = analyse_in_parallel(text, config);
    let verdicts = map_in_parallel(&analysis.cases, |_, case| {
        cache.solve_answer(case, &budget(config))
    });
    checked(text, analysis, verdicts, config)
}

/// The analysis of `text` with its verdicts, its suite findings and its report.
fn checked(
    text: &str,
    analysis: Analysis,
    verdicts: Vec<Option<Arc<Verdict>>>,
    config: &Config,
) -> Checked {
    let mut checked = Checked {
        analysis,
        verdicts,
        own_suite: Vec::new(),
        diagnostics: Vec::new(),
    };
    // The batch commands' `--suite` and `suite = true` take the files together (see
    // `Checked::report_with`); here is the file alone.
    let marked = suite::is_marked(text, &checked.analysis);
    if suite::membership(suite::Ask::Auto, None, marked) == suite::Membership::Alone {
        let refs = checked.verdict_refs();
        checked.own_suite = suite::findings_with_survivors(&[(&checked.analysis, &refs)])
            .pop()
            .unwrap_or_default();
    }
    checked.diagnostics = checked.report_with(Vec::new(), None, config);
    checked
}
