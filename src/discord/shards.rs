//! Which gateway shards this process runs (`shards = "0-3/8"`): Discord splits a bot's servers
//! over `total` shards by `(guild_id >> 22) % total` and sends every direct message (so every DM
//! panel) on shard 0. One process may run all of them (the default: as many as Discord
//! recommends) or a range, the other ranges running in other processes on one PostgreSQL database.

use std::fmt;

/// Discord's upper bound on a bot's shard count is far lower; a larger number is a typo.
const MAX_SHARDS: u32 = 65_536;

/// A range of shards out of a total: `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (inclusive).
    pub last: u32,
    /// How many shards the bot has in all processes together.
    pub total: u32,
}

/// What an accepted value looks like, for error messages.
pub const SHARDS_EXPECTED: &str = "use FIRST-LAST/TOTAL, e.g. 0-3/8 (shards 0 to 3 of 8), or N/TOTAL for one shard; \
     shards count from 0 and LAST must be below TOTAL";

impl ShardRange {
    /// Reads `0-3/8`, `2/8` or `0-0/1` (spaces allowed around the parts); `None` if malformed.
    pub fn parse(text: &str) -> Option<ShardRange> {
        let (range, total) = text.trim().split_once('/')?;
        let total: u32 = total.trim().parse().ok()?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
            None => {
                let n: u32 = range.trim().parse().ok()?;
                (n, n)
            }
        };
        ((1..=MAX_SHARDS).contains(&total) && first <= last && last < total).then_some(ShardRange {
            first,
            last,
            total,
        })
    }

    /// Whether this process runs shard 0, where Discord delivers direct messages (the DM panels):
    /// it also registers the slash commands, which belong to the application, not to a shard.
    pub fn owns_dms(&self) -> bool {
        self.first == 0
    }

    /// Whether this process runs every shard (nothing is left for another process).
    pub fn is_whole(&self) -> bool {
        self.first == 0 && self.last + 1 == self.total
    }

    /// The shard Discord sends a server's events on.
    pub fn shard_of(guild_id: u64, total: u32) -> u32 {
        ((guild_id >> 22) % u64::from(total.max(1))) as u32
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_and_print() {
        let r = ShardRange::parse("0-3/8").unwrap();
        assert_eq!(r, ShardRange { first: 0, last: 3, total: 8 });
        assert_eq!(r.to_string(), "0-3/8");
        assert!(r.owns_dms() && !r.is_whole());
        let r = ShardRange::parse(" 4 - 7 / 8 ").unwrap();
        assert!(!r.owns_dms() && !r.is_whole());
        assert_eq!(ShardRange::parse("1/2"), Some(ShardRange { first: 1, last: 1, total: 2 }));
        assert!(ShardRange::parse("0/1").unwrap().is_whole());
        for bad in ["", "3", "0-3", "4-2/8", "0-8/8", "8/8", "0/0", "a-b/c", "-1-2/4", "0-3/8/2", "1/99999999"] {
            assert_eq!(ShardRange::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn servers_and_dms_land_where_discord_sends_them() {
        // Discord's rule: (guild_id >> 22) % num_shards.
        assert_eq!(ShardRange::shard_of(41771983423143937, 2), 0);
        assert_eq!(ShardRange::shard_of(800_000_000_000_000_001, 2), 1);
        assert_eq!(ShardRange::shard_of(800_000_000_000_000_001, 1), 0);
        assert_eq!(ShardRange::shard_of(0, 8), 0);
    }
}
