//! The per-game switches of `rules-sanjun.md` (§4, §5, §7), bold defaults as `Default`.

use crate::landseaair::options::{self, OptionsError, Refused};
use crate::options::{BombFlag, FirstMove, Mines};

pub use crate::landseaair::options::Win;

/// Every option of the 陆海空 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanjunOptions {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `hq-exit`: pieces in a headquarters may move again.
    pub hq_exit: bool,
    /// `mines`: spring (the attacker dies) or mutual (both).
    pub mines: Mines,
    /// `bomb-flag`: whether a bomb may take the flag.
    pub bomb_flag: BombFlag,
    /// `win`: flag, or marshal.
    pub win: Win,
    /// `quiet-limit`: consecutive plies without a removal before a draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for SanjunOptions {
    fn default() -> Self {
        SanjunOptions {
            first: FirstMove::Red,
            hq_exit: false,
            mines: Mines::Spring,
            bomb_flag: BombFlag::Captures,
            win: Win::Flag,
            // §7 Decision: 100 rather than Junqi's 70 (bigger board, more pieces).
            quiet_limit: 100,
        }
    }
}

/// The option keys of `sanjun`, in the order the normal form writes them.
pub const KEYS: [&str; 6] = ["first", "hq-exit", "mines", "bomb-flag", "win", "quiet-limit"];

/// An options text that could not be read.
pub type SanjunOptionsError = OptionsError;

impl SanjunOptions {
    /// Reads whitespace-separated `key=value` tokens over the defaults (case-insensitive).
    pub fn parse(text: &str) -> Result<SanjunOptions, SanjunOptionsError> {
        options::read(text, &KEYS, |o: &mut SanjunOptions, key, value| {
            match key {
                "first" => o.first = options::first(value)?,
                "hq-exit" => {
                    o.hq_exit = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(Refused::Value("on, off")),
                    }
                }
                "mines" => o.mines = options::mines(value, "spring, mutual")?,
                "bomb-flag" => o.bomb_flag = options::bomb_flag(value)?,
                "win" => o.win = options::win(value)?,
                "quiet-limit" => o.quiet_limit = options::quiet_limit(value)?,
                _ => return Err(Refused::UnknownKey),
            }
            Ok(())
        })
    }
}

/// The normal form: only what differs from the defaults, in [`KEYS`] order (empty for the
/// defaults), which is what records store.
impl std::fmt::Display for SanjunOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = SanjunOptions::default();
        let [first, mines, bomb_flag, win] = options::words(self.first, self.mines, self.bomb_flag, self.win);
        let [d_first, d_mines, d_bomb_flag, d_win] = options::words(d.first, d.mines, d.bomb_flag, d.win);
        let on_off = |b: bool| if b { "on" } else { "off" }.to_string();
        f.write_str(&options::normal_form(&[
            ("first", first.into(), d_first.into()),
            ("hq-exit", on_off(self.hq_exit), on_off(d.hq_exit)),
            ("mines", mines.into(), d_mines.into()),
            ("bomb-flag", bomb_flag.into(), d_bomb_flag.into()),
            ("win", win.into(), d_win.into()),
            ("quiet-limit", self.quiet_limit.to_string(), d.quiet_limit.to_string()),
        ]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_and_write_their_normal_form() {
        assert_eq!(SanjunOptions::parse("").unwrap(), SanjunOptions::default());
        assert_eq!(SanjunOptions::default().to_string(), "");
        let o =
            SanjunOptions::parse("WIN=marshal quiet-limit=50 mines=mutual bomb-flag=forbidden hq-exit=on first=random")
                .unwrap();
        assert_eq!(
            o.to_string(),
            "first=random hq-exit=on mines=mutual bomb-flag=forbidden win=marshal quiet-limit=50"
        );
        assert_eq!(SanjunOptions::parse(&o.to_string()).unwrap(), o);
        assert!(matches!(SanjunOptions::parse("rail-range=3"), Err(SanjunOptionsError::UnknownKey(..))));
        assert!(matches!(SanjunOptions::parse("win=flagx"), Err(SanjunOptionsError::BadValue { .. })));
        assert!(matches!(SanjunOptions::parse("win"), Err(SanjunOptionsError::NotKeyValue(_))));
    }
}
