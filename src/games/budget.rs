//! Budgets for solvers: a node cap (and, in the editor, a deadline) for searches that can be
//! exponential, a cancel flag every solver watches, and a memory cap that every solver checks its
//! estimate against up front. Polynomial solvers are bounded by memory alone: they watch only the
//! cancel flag, so no valid board within the original limits is ever refused for want of nodes
//! or time.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits a solver must respect. Searches call [`Budget::check`] every few thousand nodes;
/// polynomial solvers call [`Budget::check_cancelled`] as often.
#[derive(Clone, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// The time the deadline was set from, for messages.
    pub time_limit: Option<Duration>,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Bytes one solve may allocate. Solvers estimate what they will hold from the board's
    /// size and refuse with [`Unsolved::TooLarge`] before allocating when it is more.
    pub max_bytes: usize,
}

/// Why a solver stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// The node budget ran out after this many nodes.
    Nodes(u64),
    /// The time budget ran out.
    Time(Duration),
    /// A newer version of the text made this work useless.
    Cancelled,
    /// The board is too large for this solver to hold or search at all.
    TooLarge(String),
}

impl fmt::Display for Unsolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolved::Nodes(n) => write!(f, "unsolved within budget ({n} search nodes)"),
            Unsolved::Time(t) => write!(f, "unsolved within budget ({} ms)", t.as_millis()),
            Unsolved::Cancelled => f.write_str("cancelled"),
            Unsolved::TooLarge(why) => write!(f, "too large to solve: {why}"),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::unlimited()
    }
}

impl Budget {
    pub fn unlimited() -> Budget {
        Budget {
            max_nodes: u64::MAX,
            deadline: None,
            time_limit: None,
            cancel: None,
            max_bytes: usize::MAX,
        }
    }

    /// A search budget of `max_nodes` nodes and no deadline: the same answer on any machine.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..Budget::unlimited()
        }
    }

    /// Searches also stop once `time` has passed from now (the editor's responsiveness bound).
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(time);
        self.time_limit = Some(time);
        self
    }

    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    pub fn with_memory(mut self, max_bytes: usize) -> Budget {
        self.max_bytes = max_bytes;
        self
    }

    /// Whether `bytes` more fit the memory cap: for parts of a solve that can be skipped.
    pub fn allows(&self, bytes: usize) -> bool {
        bytes <= self.max_bytes
    }

    /// `Err(TooLarge)` when a solver's estimate of what it is about to hold, `bytes`, is more
    /// than the memory cap; `what` names the data in the message (built only then).
    pub(crate) fn check_memory(
        &self,
        bytes: usize,
        what: impl FnOnce() -> String,
    ) -> Result<(), Unsolved> {
        if self.allows(bytes) {
            return Ok(());
        }
        Err(Unsolved::TooLarge(format!(
            "{} would need {}, more than the memory cap of {} per solve",
            what(),
            size_words(bytes, true),
            size_words(self.max_bytes, false)
        )))
    }

    /// For searches: `Err` once `spent` nodes exceed the cap, the deadline has passed or the
    /// work was cancelled.
    pub fn check(&self, spent: u64) -> Result<(), Unsolved> {
        if spent > self.max_nodes {
            return Err(Unsolved::Nodes(spent));
        }
        self.check_cancelled()?;
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(Unsolved::Time(self.time_limit.unwrap_or_default()));
        }
        Ok(())
    }

    /// For polynomial solvers: `Err` only once the work was cancelled (a newer text made it
    /// useless). Nodes and time never stop them.
    pub(crate) fn check_cancelled(&self) -> Result<(), Unsolved> {
        match &self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(Unsolved::Cancelled),
            _ => Ok(()),
        }
    }
}

/// A byte count in MiB (KiB or bytes when smaller), rounded up or down: needs round up and caps
/// down, so a refusal never reads "needs 3 MiB, more than the memory cap of 3 MiB".
fn size_words(bytes: usize, up: bool) -> String {
    let (unit, name) = match bytes {
        0..1024 => return format!("{bytes} bytes"),
        1024..1_048_576 => (1 << 10, "KiB"),
        _ => (1usize << 20, "MiB"),
    };
    let whole = if up {
        bytes.div_ceil(unit)
    } else {
        bytes / unit
    };
    format!("{whole} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_refusals_name_the_need_and_the_cap() {
        let budget = Budget::unlimited().with_memory(64 << 20);
        assert_eq!(budget.check_memory(64 << 20, || unreachable!()), Ok(()));
        assert_eq!(
            budget.check_memory((64 << 20) + 1, || "the table".into()),
            Err(Unsolved::TooLarge(
                "the table would need 65 MiB, more than the memory cap of 64 MiB per solve".into()
            ))
        );
        let small = Budget::unlimited().with_memory(1000);
        assert_eq!(
            small.check_memory(3 << 20, || "x".into()),
            Err(Unsolved::TooLarge(
                "x would need 3 MiB, more than the memory cap of 1000 bytes per solve".into()
            ))
        );
        let kib = Budget::unlimited().with_memory(1536);
        assert_eq!(
            kib.check_memory(1537, || "y".into()),
            Err(Unsolved::TooLarge(
                "y would need 2 KiB, more than the memory cap of 1 KiB per solve".into()
            ))
        );
        assert!(Budget::unlimited().allows(usize::MAX));
    }
}
