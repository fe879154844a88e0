//! Solving cases: verdicts, a cache keyed by case content, and the diagnostics of results.

use super::case::CaseAnalysis;
use super::codes;
use crate::diag::Diagnostic;
use crate::games::{AnyBoard, Budget, Solution, Unsolved};
use lru::LruCache;
use rustc_hash::FxBuildHasher;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
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

    /// Whether the budget decided this verdict (no answer within it), so that another budget
    /// may decide otherwise. An answer holds under any budget.
    pub fn budget_bound(&self) -> bool {
        matches!(
            self,
            Verdict::Unsolved(Unsolved::Nodes(_) | Unsolved::Time(_) | Unsolved::TooLarge(_))
        )
    }
}

/// Solves a validated case; `None` when the case has errors that stop solving.
pub(crate) fn solve_case(case: &CaseAnalysis, budget: &Budget) -> Option<Verdict> {
    solve_case_by(case, budget, AnyBoard::solve)
}

/// Solves a validated case for a reader of answers and words only (the batch commands): the
/// judge's decision and its words (`AnyBoard::solve_answer`), none of the editor's extras
/// (cell maps, best lines), so nothing is computed to be dropped and a file's verdicts hold no
/// more than their words.
pub(crate) fn solve_case_answer(case: &CaseAnalysis, budget: &Budget) -> Option<Verdict> {
    solve_case_by(case, budget, AnyBoard::solve_answer)
}

fn solve_case_by(
    case: &CaseAnalysis,
    budget: &Budget,
    solve: fn(&AnyBoard, &Budget) -> Result<Solution, Unsolved>,
) -> Option<Verdict> {
    let board = case.board.as_ref()?;
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| match &case.position {
        Some(position) => position.solution(budget),
        None => solve(board, budget),
    }));
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
            "raise the node budget: `--nodes N` on the command line, the editor setting \
             `boardls.solve.nodes` (`solve.nodes` in the `boardls` section), or \
             \"Solve with 10× budget\" on the case",
        ),
        Unsolved::Time(_) => Some(
            "the editor stops a search after this time to stay responsive: raise the editor \
             setting `boardls.solve.timeSeconds` (`solve.timeSeconds` in the `boardls` \
             section), or \"Solve with 10× budget\" on the case; batch commands such as \
             `boardls check` have no time limit unless `--time` sets one",
        ),
        Unsolved::TooLarge(_) => Some(
            "raise the memory cap: `--memory MIB` on the command line, the editor setting \
             `boardls.solve.memoryMb` (`solve.memoryMb` in the `boardls` section)",
        ),
        Unsolved::Cancelled => None,
    }
}

/// Verdicts by case content, shared by every document: an edit re-solves only the cases whose
/// content changed. Cancelled work is never stored.
///
/// Bounded by an estimate of the bytes its verdicts hold (a large board's per-cell map is
/// hundreds of KB), least recently used out first; never cleared whole, since that would make
/// every open case be solved again at once. Contents a document has just left (an edit's old
/// text) are evicted before anything still shown.
pub struct SolveCache {
    entries: Mutex<Entries>,
    /// How many times a solver ran (tests and benches check that edits re-solve only what changed).
    runs: AtomicU64,
}

/// A verdict and the bytes counted for it.
type Entry = (Arc<Verdict>, usize);

struct Entries {
    /// Verdicts some document may still show, least recently used first out.
    warm: LruCache<u64, Entry, FxBuildHasher>,
    /// Verdicts of contents a document has left, evicted before any warm one (the oldest
    /// left first); found again by `get`, they are warm again.
    cold: LruCache<u64, Entry, FxBuildHasher>,
    bytes: usize,
    cap: usize,
}

/// What one entry costs besides its verdict's heap: the verdict itself, the `Arc`'s counts,
/// the key and the two links of the LRU list, and a slot of its hash table.
const ENTRY_OVERHEAD: usize = std::mem::size_of::<Verdict>() + 96;

impl Verdict {
    /// Bytes this verdict holds on the heap (its words and its cell map), for the cache's bound.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Verdict::Solved { solution, .. } => solution.heap_bytes(),
            Verdict::Unsolved(Unsolved::TooLarge(why)) | Verdict::Failed(why) => why.capacity(),
            Verdict::Unsolved(_) => 0,
        }
    }
}

impl Entries {
    fn remove(&mut self, key: u64) -> Option<Entry> {
        let entry = self.warm.pop(&key).or_else(|| self.cold.pop(&key))?;
        self.bytes -= entry.1;
        Some(entry)
    }

    /// Drops entries until the bytes fit the cap: contents left behind first, then the least
    /// recently used.
    fn evict(&mut self) {
        while self.bytes > self.cap {
            let Some((_, (_, bytes))) = self.cold.pop_lru().or_else(|| self.warm.pop_lru()) else {
                break;
            };
            self.bytes -= bytes;
        }
    }
}

impl Default for SolveCache {
    fn default() -> SolveCache {
        SolveCache::with_capacity(crate::config::SOLVE_CACHE)
    }
}

impl SolveCache {
    /// A cache of the default size ([`crate::config::SOLVE_CACHE`]).
    pub fn new() -> SolveCache {
        SolveCache::default()
    }

    /// A cache holding verdicts of at most `bytes` (estimated).
    pub fn with_capacity(bytes: usize) -> SolveCache {
        SolveCache {
            entries: Mutex::new(Entries {
                // The keys are content hashes already: a second SipHash over them buys nothing.
                warm: LruCache::unbounded_with_hasher(FxBuildHasher),
                cold: LruCache::unbounded_with_hasher(FxBuildHasher),
                bytes: 0,
                cap: bytes,
            }),
            runs: AtomicU64::new(0),
        }
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        // A panic while holding the lock leaves consistent maps (every step below is whole).
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A new cap (the editor's settings arrive after the cache exists); shrinking evicts.
    pub fn set_capacity(&self, bytes: usize) {
        let mut entries = self.entries();
        entries.cap = bytes;
        entries.evict();
    }

    pub fn solver_runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }

    /// The cap, in bytes.
    pub fn capacity(&self) -> usize {
        self.entries().cap
    }

    /// The estimated bytes of the verdicts held, always at most the cap.
    pub fn bytes(&self) -> usize {
        self.entries().bytes
    }

    pub fn len(&self) -> usize {
        let entries = self.entries();
        entries.warm.len() + entries.cold.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The verdict of this content, now the most recently used.
    pub fn get(&self, key: u64) -> Option<Arc<Verdict>> {
        let mut entries = self.entries();
        if let Some((verdict, _)) = entries.warm.get(&key) {
            return Some(verdict.clone());
        }
        let entry = entries.cold.pop(&key)?;
        let verdict = entry.0.clone();
        entries.warm.push(key, entry);
        Some(verdict)
    }

    /// Stores a verdict, evicting what no longer fits. A verdict larger than the whole cap is
    /// not stored: the document showing it keeps its own reference.
    pub fn insert(&self, key: u64, verdict: Arc<Verdict>) {
        if matches!(*verdict, Verdict::Unsolved(Unsolved::Cancelled)) {
            return;
        }
        let bytes = verdict.heap_bytes() + ENTRY_OVERHEAD;
        let mut entries = self.entries();
        entries.remove(key);
        if bytes > entries.cap {
            return;
        }
        entries.warm.push(key, (verdict, bytes));
        entries.bytes += bytes;
        entries.evict();
    }

    /// A document no longer holds these contents (an edit replaced them, or it closed): their
    /// verdicts are the first to go when room is needed.
    pub fn release(&self, keys: impl IntoIterator<Item = u64>) {
        let mut entries = self.entries();
        for key in keys {
            if let Some(entry) = entries.warm.pop(&key) {
                entries.cold.push(key, entry);
            }
        }
    }

    /// Forgets the verdicts a budget decided ([`Verdict::budget_bound`]): the budget changed.
    pub fn forget_budget_bound(&self) {
        let mut entries = self.entries();
        let bound: Vec<u64> = entries
            .warm
            .iter()
            .chain(entries.cold.iter())
            .filter(|(_, (verdict, _))| verdict.budget_bound())
            .map(|(key, _)| *key)
            .collect();
        for key in bound {
            entries.remove(key);
        }
    }

    /// The cached verdict, or a new one from the solver (then cached). The flag says whether
    /// the solver ran.
    pub fn solve(&self, case: &CaseAnalysis, budget: &Budget) -> Option<(Arc<Verdict>, bool)> {
        self.solve_by(case, budget, solve_case)
    }

    /// As [`SolveCache::solve`], the answer alone ([`solve_case_answer`]): a cache used this
    /// way serves batch commands only.
    pub(crate) fn solve_answer(
        &self,
        case: &CaseAnalysis,
        budget: &Budget,
    ) -> Option<Arc<Verdict>> {
        self.solve_by(case, budget, solve_case_answer)
            .map(|(verdict, _)| verdict)
    }

    fn solve_by(
        &self,
        case: &CaseAnalysis,
        budget: &Budget,
        solver: fn(&CaseAnalysis, &Budget) -> Option<Verdict>,
    ) -> Option<(Arc<Verdict>, bool)> {
        case.board.as_ref()?;
        if let Some(v) = self.get(case.content_key) {
            return Some((v, false));
        }
        self.runs.fetch_add(1, Ordering::Relaxed);
        let verdict = Arc::new(solver(case, budget)?);
        self.insert(case.content_key, verdict.clone());
        Some((verdict, true))
    }
}
