//! The referee's clock, injectable so that tests and transcripts are deterministic.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// A source of the current time in Unix seconds.
pub trait Clock: Send + Sync {
    /// Now, in Unix seconds.
    fn now(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    }
}

/// A clock that only moves when told to (shared between clones).
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock stopped at `t`.
    pub fn new(t: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(t)))
    }

    /// Moves the clock forward by `secs`.
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }

    /// Sets the clock.
    pub fn set(&self, t: i64) {
        self.0.store(t, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
