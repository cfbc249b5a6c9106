//! The referee's memory of each server's default locale, so that announcing a move does not read
//! the `servers` table every time (it was one of the five statements of a move).
//!
//! The store bumps a version ([`store::servers_version`]) before and after every write of server
//! settings, wherever it comes from (a referee command, the Discord adapter, a transcript). An
//! entry is only kept if no write happened between the version the command started with and the
//! moment it is remembered, and any newer version empties the cache, so a cached locale is never
//! older than the last committed write.

use std::collections::HashMap;
use std::sync::Mutex;

use super::Locale;
use crate::store;

/// Server id → default locale, valid for one [`store::servers_version`].
#[derive(Default)]
pub(super) struct ServerLocales {
    inner: Mutex<(u64, HashMap<String, Locale>)>,
}

impl ServerLocales {
    /// The cached locale of `server` if it is valid at `version` (read before any lookup).
    pub(super) fn get(&self, server: &str, version: u64) -> Option<Locale> {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if version > g.0 {
            // Settings were written since the entries were read: forget them all.
            *g = (version, HashMap::new());
        }
        // A write since the command began (possibly by this very command, still uncommitted)
        // makes every entry suspect: read the store instead.
        if version != g.0 || store::servers_version() != version {
            return None;
        }
        g.1.get(server).copied()
    }

    /// Remembers locales read from the store by a command that began at `version` and is now
    /// committed, unless server settings were written since.
    pub(super) fn put(&self, version: u64, read: &HashMap<String, Locale>) {
        if read.is_empty() {
            return;
        }
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if g.0 == version && store::servers_version() == version {
            g.1.extend(read.iter().map(|(k, v)| (k.clone(), *v)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_live_for_one_version_only() {
        let c = ServerLocales::default();
        let v = store::servers_version();
        assert_eq!(c.get("s", v), None);
        c.put(v, &HashMap::from([("s".to_string(), Locale::ZhHans)]));
        // Other tests may write server settings meanwhile; only then is the entry dropped.
        if store::servers_version() == v {
            assert_eq!(c.get("s", v), Some(Locale::ZhHans));
        }
        assert_eq!(c.get("s", v + 1), None, "a newer version empties the cache");
        c.put(v, &HashMap::from([("s".to_string(), Locale::En)]));
        assert_eq!(c.get("s", v + 1), None, "what was read at an older version is not kept");
    }
}
