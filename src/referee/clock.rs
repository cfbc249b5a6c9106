//! The referee's clock, injectable so that tests and transcripts are deterministic.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// A source of the current time in Unix seconds.
pub trait Clock: Send + Sync {
    /// Now, in Unix seconds.
    fn now(&self) -> i64;

    /// 32 secret random bytes for `purpose` in `game` (a 翻棋 seed, who plays first): from the
    /// operating system's secure generator. A test clock overrides this so that transcripts are
    /// deterministic; it lives on the clock because the clock is what tests already inject.
    fn entropy(&self, purpose: &str, game: i64) -> Result<[u8; 32], String> {
        let _ = (purpose, game);
        let mut bytes = [0u8; 32];
        getrandom::getrandom(&mut bytes).map_err(|e| e.to_string())?;
        Ok(bytes)
    }
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

    /// Deterministic, and NOT secret: SHA-256 of `manual-clock:<purpose>:<game>`, so a test
    /// transcript deals the same pieces on every run.
    fn entropy(&self, purpose: &str, game: i64) -> Result<[u8; 32], String> {
        Ok(crate::rules::shuffle::sha256(format!("manual-clock:{purpose}:{game}").as_bytes()))
    }
}
