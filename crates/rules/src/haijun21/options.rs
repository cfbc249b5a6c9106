//! The options of 二十一世紀海軍棋 (§10.17): `quiet-limit` (plies without a removal, 70 by
//! default, 0 = off) and `first`, which takes only `red` (the ruleset has Red move first). Read
//! with the 春水 edition's reader and error type.

use std::fmt;

pub use crate::haijun::options::HaijunOptionsError as Haijun21OptionsError;
use crate::haijun::options::read_pairs;

use super::game::Haijun21Options;

/// The option keys, in the order they are written.
pub const KEYS: [&str; 2] = ["first", "quiet-limit"];

/// Reads `quiet-limit=100 first=red` (any order, any case).
pub fn parse(text: &str) -> Result<Haijun21Options, Haijun21OptionsError> {
    let mut o = Haijun21Options::default();
    read_pairs(text, |key, value| {
        let bad =
            |allowed: &'static str| Haijun21OptionsError::BadValue { key: key.into(), value: value.into(), allowed };
        match key {
            "first" if value == "red" => {}
            "first" => return Err(bad("red")),
            "quiet-limit" => o.quiet_limit = value.parse().map_err(|_| bad("a number of plies (0 = off)"))?,
            _ => return Err(Haijun21OptionsError::UnknownKey { key: key.into(), known: &KEYS }),
        }
        Ok(())
    })?;
    Ok(o)
}

/// The normal form: only what differs from the defaults (`first=red` is the default, so it is
/// never written).
impl fmt::Display for Haijun21Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.quiet_limit != Haijun21Options::default().quiet_limit {
            write!(f, "quiet-limit={}", self.quiet_limit)?;
        }
        Ok(())
    }
}
