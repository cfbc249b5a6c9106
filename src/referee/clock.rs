//! The referee's clock, injectable so that tests and transcripts are deterministic.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

/// A source of the current time in Unix seconds.
pub trait Clock: Send + Sync {
    /// Now, in Unix seconds.
    fn now(&self) -> i64;

    /// 32 secret random bytes for `purpose` in `game` (a 翻棋 seed, who plays first, a random
    /// deployment, a panel's suggested layout): from the operating system's secure generator, so
    /// nothing hidden can be computed from ids or times. A test clock overrides this so that
    /// transcripts are deterministic; it lives on the clock because the clock is what tests
    /// already inject.
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
pub struct ManualClock {
    now: Arc<AtomicI64>,
    /// How many times each `purpose:game` has drawn entropy, so repeated draws differ.
    draws: Arc<Mutex<HashMap<String, u64>>>,
}

impl ManualClock {
    /// A clock stopped at `t`.
    pub fn new(t: i64) -> ManualClock {
        ManualClock { now: Arc::new(AtomicI64::new(t)), draws: Arc::default() }
    }

    /// Moves the clock forward by `secs`.
    pub fn advance(&self, secs: i64) {
        self.now.fetch_add(secs, Ordering::SeqCst);
    }

    /// Sets the clock.
    pub fn set(&self, t: i64) {
        self.now.store(t, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }

    /// Deterministic, and NOT secret: SHA-256 of `manual-clock:<purpose>:<game>` on the first
    /// draw and of `manual-clock:<purpose>:<game>:<n>` on the n-th after it, so a test transcript
    /// deals the same pieces on every run while two draws for the same purpose still differ, as
    /// they do from the operating system.
    fn entropy(&self, purpose: &str, game: i64) -> Result<[u8; 32], String> {
        let key = format!("manual-clock:{purpose}:{game}");
        let n = {
            let mut draws = self.draws.lock().unwrap_or_else(|e| e.into_inner());
            let n = draws.entry(key.clone()).or_insert(0);
            *n += 1;
            *n - 1
        };
        let text = if n == 0 { key } else { format!("{key}:{n}") };
        Ok(crate::rules::shuffle::sha256(text.as_bytes()))
    }
}
