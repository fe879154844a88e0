//! The batch commands' ordered pipeline: items worked on all cores, results handed on in
//! input order as they complete, with a bounded look-ahead so that memory stays bounded.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread;

/// How many items may be started beyond the oldest one not yet handed on, per job: enough to
/// keep every core busy behind a slow item, few enough that finished results waiting for it
/// stay small.
const AHEAD_PER_JOB: usize = 4;

/// The number of jobs `--jobs` asked for, or (`None`) the machine's available parallelism,
/// looked up only when there is more than one item to share out (it reads cgroup files).
#[derive(Clone, Copy, Debug)]
pub(super) struct Jobs(pub Option<usize>);

impl Jobs {
    pub(super) fn count(self) -> usize {
        self.0
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
            .max(1)
    }
}

/// Each item prepared by `prepare` (on the calling thread, in order: what is not thread-safe
/// happens there), worked on by `work` (on a pool of `jobs` threads, where the work's own
/// rayon iterators run too), and its result given to `sink` in input order. `sink` may stop the run: items not started
/// are then skipped and items under way finish unseen.
pub(super) fn run_ordered<T, P, R>(
    items: impl IntoIterator<Item = T>,
    jobs: Jobs,
    mut prepare: impl FnMut(T) -> P,
    work: impl Fn(P) -> R + Sync,
    mut sink: impl FnMut(R) -> ControlFlow<()>,
) where
    P: Send,
    R: Send,
{
    let mut items = items.into_iter().peekable();
    let first = items.next();
    if jobs.0 != Some(1) && items.peek().is_none() {
        // One item (one file): no pool of our own; its parallel parts, if it has any, run on
        // rayon's global pool, which starts only then, with a thread per available core.
        if let Some(item) = first {
            let _ = sink(work(prepare(item)));
        }
        return;
    }
    let items = first.into_iter().chain(items);
    let jobs = jobs.count();
    // No threads to be had: the same results, one at a time on this thread.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .inspect_err(|e| eprintln!("boardls: cannot start {jobs} threads ({e}); working on one"))
        .ok();
    let pool = match pool {
        Some(pool) if jobs > 1 => pool,
        one => {
            for item in items {
                let prepared = prepare(item);
                // On the pool's one thread, so that the work's own parallel parts (a file's
                // cases) keep to one job too.
                let result = match &one {
                    Some(pool) => pool.install(|| work(prepared)),
                    None => work(prepared),
                };
                if sink(result).is_break() {
                    return;
                }
            }
            return;
        }
    };
    let ahead = jobs.saturating_mul(AHEAD_PER_JOB);
    let mut items = items.into_iter().enumerate();
    let work = &work;
    // The calling thread prepares, waits and hands on; the pool's threads only work.
    pool.in_place_scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(usize, thread::Result<R>)>();
        let mut started = 0;
        // Started and not yet received: at most `jobs`, since a thread waiting in a file's own
        // parallel work (its cases) would otherwise take up further files, each holding its
        // analysis, and memory would grow with the look-ahead instead of the jobs.
        let mut running = 0;
        let mut next = 0;
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut stopped = false;
        loop {
            while !stopped && running < jobs && started < next + ahead {
                let Some((i, item)) = items.next() else { break };
                let prepared = prepare(item);
                let tx = done_tx.clone();
                scope.spawn(move |_| {
                    // A panic is sent on too: the receiver would wait for this result forever.
                    let result = panic::catch_unwind(AssertUnwindSafe(|| work(prepared)));
                    // The receiver outlives the scope's tasks unless the run stopped.
                    let _ = tx.send((i, result));
                });
                started += 1;
                running += 1;
            }
            // One result at a time, the threads refilled before each: the sink's own work (an
            // export writes the file's cases) overlaps theirs.
            if !stopped && let Some(result) = waiting.remove(&next) {
                next += 1;
                stopped = sink(result).is_break();
                continue;
            }
            if next == started || stopped {
                break;
            }
            let Ok((i, result)) = done_rx.recv() else {
                break;
            };
            running -= 1;
            match result {
                Ok(result) => waiting.insert(i, result),
                Err(payload) => panic::resume_unwind(payload),
            };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(jobs: usize, n: usize, stop_at: Option<usize>) -> Vec<usize> {
        let mut seen = Vec::new();
        run_ordered(
            0..n,
            Jobs(Some(jobs)),
            |i| i,
            |i| {
                // Later items finish first, so the order must come from the pipeline.
                std::thread::sleep(std::time::Duration::from_micros(((n - i) * 50) as u64));
                i * 10
            },
            |r| {
                seen.push(r);
                if stop_at == Some(r) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        seen
    }

    #[test]
    fn results_come_in_input_order_whatever_the_jobs() {
        let expected: Vec<usize> = (0..40).map(|i| i * 10).collect();
        for jobs in [1, 2, 4, 7] {
            assert_eq!(collect(jobs, 40, None), expected, "{jobs} jobs");
        }
    }

    #[test]
    fn no_more_items_are_under_way_than_jobs_even_when_their_work_is_parallel() {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let (now, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let mut seen = 0;
        run_ordered(
            0..40,
            Jobs(Some(2)),
            |i| i,
            |i| {
                let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(n, Ordering::SeqCst);
                // The item's own parallel part: a thread waiting in it could take up more items.
                let sum: usize = (0..32)
                    .into_par_iter()
                    .map(|k| {
                        std::thread::sleep(std::time::Duration::from_micros(100));
                        k + i
                    })
                    .sum();
                now.fetch_sub(1, Ordering::SeqCst);
                sum
            },
            |_| {
                seen += 1;
                ControlFlow::Continue(())
            },
        );
        assert_eq!(seen, 40);
        assert!(most.load(Ordering::SeqCst) <= 2, "{most:?}");
    }

    #[test]
    fn a_stop_hands_on_nothing_after_it() {
        for jobs in [1, 3] {
            assert_eq!(collect(jobs, 40, Some(50)), vec![0, 10, 20, 30, 40, 50]);
        }
    }

    #[test]
    fn a_panic_in_the_work_reaches_the_caller_instead_of_a_hang() {
        let run = std::panic::catch_unwind(|| {
            run_ordered(
                0..20,
                Jobs(Some(2)),
                |i| i,
                |i| assert!(i != 7, "item 7"),
                |()| ControlFlow::Continue(()),
            );
        });
        assert!(run.is_err());
    }
}
