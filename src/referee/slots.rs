//! The per-game locks and what they cache: one slot per game in a map, each holding the game as
//! last committed (rebuilt from the store whenever it is missing); a slot leaves the map when
//! nobody holds or awaits it and it caches no game in play, or when it has been idle an hour.

use std::sync::Arc;

use super::lifecycle::AnyLive;
use super::{GameId, IDLE_SECS, Referee};

/// The game cached in a slot, as last committed. It can be rebuilt from the store, so a cache may
/// be dropped at any time; it only saves replaying the log.
#[derive(Default, Clone)]
pub(super) struct Cache {
    /// The game, once in play.
    pub any: Option<AnyLive>,
}

impl Cache {
    /// Whether a game still in play is cached: only those are worth keeping between commands.
    pub fn in_play(&self) -> bool {
        self.any.as_ref().is_some_and(AnyLive::in_play)
    }

    /// Keeps only a game still in play: a finished game leaves the cache, and its slot the map.
    pub fn keep_in_play(&mut self) {
        self.any = self.any.take().filter(AnyLive::in_play);
    }
}

/// What a game's lock guards.
#[derive(Default)]
pub(super) struct Slot {
    /// The cached game.
    pub cache: Cache,
    /// When the slot was last taken (the referee's clock), for evicting idle games.
    pub used: i64,
}

impl Slot {
    /// Forgets the cached game, to be rebuilt from the store.
    pub fn clear(&mut self) {
        self.cache = Cache::default();
    }
}

/// A game's lock, held. Dropping it releases the lock and then the slot itself, unless another
/// task holds or awaits it or it caches a game in play (see [`Referee::release`]).
pub(super) struct Held<'r> {
    referee: &'r Referee,
    game: GameId,
    guard: Option<tokio::sync::OwnedMutexGuard<Slot>>,
}

impl std::ops::Deref for Held<'_> {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        self.guard.as_ref().expect("held until dropped")
    }
}

impl std::ops::DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Slot {
        self.guard.as_mut().expect("held until dropped")
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        if let Some(guard) = self.guard.take() {
            let slot = tokio::sync::OwnedMutexGuard::mutex(&guard).clone();
            // Unlock first: the slot is only evicted if no one holds it.
            drop(guard);
            self.referee.release(self.game, slot);
        }
    }
}

impl Referee {
    fn slot(&self, game: GameId) -> Arc<tokio::sync::Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.entry(game).or_default().clone()
    }

    /// Takes `game`'s lock (waiting for commands before it), released when the result is dropped.
    pub(super) async fn hold(&self, game: GameId) -> Held<'_> {
        let mut guard = self.slot(game).lock_owned().await;
        guard.used = self.clock.now();
        Held { referee: self, game, guard: Some(guard) }
    }

    /// Removes `game`'s slot from the map if only the map and `slot` (the caller's, unlocked)
    /// hold it and it caches no game in play. Every task that holds or awaits a slot holds an
    /// `Arc` of it, and a new one can only be had from the map, whose lock is held here: so a
    /// count of two means no one else can be using or waiting for this slot, now or later.
    fn release(&self, game: GameId, slot: Arc<tokio::sync::Mutex<Slot>>) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if Arc::strong_count(&slot) != 2 || !slots.get(&game).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
            return;
        }
        let keep = slot.try_lock().map_or(true, |s| s.cache.in_play());
        if !keep {
            slots.remove(&game);
        }
    }

    /// Evicts the slots no one holds or awaits that were last used more than [`IDLE_SECS`]
    /// before `now`, even if they cache a game in play (it is rebuilt when next needed).
    pub(super) fn evict_idle(&self, now: i64) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|_, slot| {
            Arc::strong_count(slot) > 1 || slot.try_lock().map_or(true, |s| s.used.saturating_add(IDLE_SECS) > now)
        });
    }

    /// How many games have a lock slot (and maybe a cached position) in memory.
    #[doc(hidden)]
    pub fn cached_games(&self) -> usize {
        self.slots.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}
