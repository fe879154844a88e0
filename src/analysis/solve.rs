//! Solving cases: verdicts, a cache keyed by case content, and the diagnostics of results.

use super::case::CaseAnalysis;
use super::codes;
use crate::diag::Diagnostic;
use crate::games::{Budget, Solution, Unsolved};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The result of solving one case.
#[derive(Debug)]
pub enum Verdict {
    Solved {
        solution: Solution,
        elapsed: Duration,
    },
    Unsolved(Unsolved),
    /// The solver panicked: a bug, reported instead of taking the process down.
    Failed(String),
}

impl Verdict {
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Verdict::Solved { solution, .. } => Some(solution),
            _ => None,
        }
    }
}

/// Solves a validated case; `None` when the case has errors that stop solving.
pub(crate) fn solve_case(case: &CaseAnalysis, budget: &Budget) -> Option<Verdict> {
    let board = case.board.as_ref()?;
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| board.solve(budget)));
    Some(match result {
        Ok(Ok(solution)) => Verdict::Solved {
            solution,
            elapsed: start.elapsed(),
        },
        Ok(Err(why)) => Verdict::Unsolved(why),
        Err(panic) => Verdict::Failed(panic_message(&panic)),
    })
}

pub(crate) fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// What a verdict says about the case: a wrong `expect`, or no answer within budget.
pub(crate) fn verdict_diagnostics(case: &CaseAnalysis, verdict: &Verdict) -> Option<Diagnostic> {
    match verdict {
        Verdict::Solved { solution, .. } => {
            let expect = case.expect.as_ref()?;
            let given = expect.canonical.as_ref()?;
            (*given != solution.answer).then(|| {
                Diagnostic::error(
                    codes::WRONG_EXPECT,
                    expect.value_span,
                    format!(
                        "expected `{given}`, but the answer is `{}`",
                        solution.answer
                    ),
                )
                .with_help(format!("{}: {}", solution.verdict, solution.why))
            })
        }
        Verdict::Unsolved(Unsolved::Cancelled) => None,
        Verdict::Unsolved(why) => {
            let diagnostic = Diagnostic::warning(
                codes::UNSOLVED,
                case.header,
                format!("{}: {why}", case.title()),
            );
            Some(match raise_hint(why) {
                Some(hint) => diagnostic.with_help(hint),
                None => diagnostic,
            })
        }
        Verdict::Failed(message) => Some(Diagnostic::error(
            codes::SOLVER_FAILED,
            case.header,
            format!("the solver failed on this case: {message}"),
        )),
    }
}

/// Which setting gives an unsolved case more room, for W211's help.
fn raise_hint(why: &Unsolved) -> Option<&'static str> {
    match why {
        Unsolved::Nodes(_) => Some(
            "raise the node budget: `--nodes N` on the command line, `solveNodes` in the \
             editor's settings (VS Code: `boardls.solve.nodes`)",
        ),
        Unsolved::Time(_) => Some(
            "the editor stops a search after this time to stay responsive: raise `solveTimeMs` \
             (VS Code: `boardls.solve.timeSeconds`); batch commands such as `boardls check` have \
             no time limit unless `--time` sets one",
        ),
        Unsolved::TooLarge(_) => Some(
            "raise the memory cap: `--memory MIB` on the command line, `solveMemoryMb` in the \
             editor's settings (VS Code: `boardls.solve.memoryMb`)",
        ),
        Unsolved::Cancelled => None,
    }
}

/// Verdicts by case content, shared by every document: an edit re-solves only the cases whose
/// content changed. Cancelled work is never stored.
#[derive(Default)]
pub struct SolveCache {
    map: Mutex<HashMap<u64, Arc<Verdict>>>,
    /// How many times a solver ran (tests and benches check that edits re-solve only what changed).
    runs: AtomicU64,
}

/// Entries kept before the cache starts over; a verdict holds a per-cell map, so bound it.
const CACHE_ENTRIES: usize = 4096;

impl SolveCache {
    pub fn new() -> SolveCache {
        SolveCache::default()
    }

    pub fn solver_runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }

    pub fn get(&self, key: u64) -> Option<Arc<Verdict>> {
        self.map.lock().ok()?.get(&key).cloned()
    }

    pub fn insert(&self, key: u64, verdict: Arc<Verdict>) {
        if matches!(*verdict, Verdict::Unsolved(Unsolved::Cancelled)) {
            return;
        }
        if let Ok(mut map) = self.map.lock() {
            if map.len() >= CACHE_ENTRIES {
                map.clear();
            }
            map.insert(key, verdict);
        }
    }

    /// The cached verdict, or a new one from the solver (then cached). The flag says whether
    /// the solver ran.
    pub fn solve(&self, case: &CaseAnalysis, budget: &Budget) -> Option<(Arc<Verdict>, bool)> {
        case.board.as_ref()?;
        if let Some(v) = self.get(case.content_key) {
            return Some((v, false));
        }
        self.runs.fetch_add(1, Ordering::Relaxed);
        let verdict = Arc::new(solve_case(case, budget)?);
        self.insert(case.content_key, verdict.clone());
        Some((verdict, true))
    }
}
