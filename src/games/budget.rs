//! Budgets for searches that can be exponential: a node cap, a deadline and a cancel flag.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits a solver must respect. Searches call [`Budget::check`] every few thousand nodes.
#[derive(Clone, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// The time the deadline was set from, for messages.
    pub time_limit: Option<Duration>,
    pub cancel: Option<Arc<AtomicBool>>,
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
        }
    }

    pub fn new(max_nodes: u64, time: Duration) -> Budget {
        Budget {
            max_nodes,
            deadline: Instant::now().checked_add(time),
            time_limit: Some(time),
            cancel: None,
        }
    }

    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// `Err` once `spent` nodes exceed the cap, the deadline has passed or the work was cancelled.
    pub fn check(&self, spent: u64) -> Result<(), Unsolved> {
        if spent > self.max_nodes {
            return Err(Unsolved::Nodes(spent));
        }
        if let Some(flag) = &self.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(Unsolved::Cancelled);
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(Unsolved::Time(self.time_limit.unwrap_or_default()));
        }
        Ok(())
    }
}
