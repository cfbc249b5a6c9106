//! The per-game switches of `rules-sanjun30.md` (§4, §5, §7, §8), bold defaults as `Default`.
//! Unlike sanjun there is no `hq-exit` (§11.11: a gate freezes nothing) and mines are mutual.

use crate::options::{BombFlag, FirstMove, Mines};

pub use crate::landseaair::options::Win;
use crate::landseaair::options::{self, OptionsError, Refused};

/// Every option of the 三军战斗棋 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sanjun30Options {
    /// `first`: who moves first.
    pub first: FirstMove,
    /// `mines`: mutual (both removed, the default) or spring (§11.13).
    pub mines: Mines,
    /// `bomb-flag`: whether a bomb may take the flag.
    pub bomb_flag: BombFlag,
    /// `win`: flag, or marshal (a lone fallen 总司令 loses).
    pub win: Win,
    /// `quiet-limit`: consecutive plies without a removal before a draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for Sanjun30Options {
    fn default() -> Self {
        Sanjun30Options {
            first: FirstMove::Red,
            mines: Mines::Mutual,
            bomb_flag: BombFlag::Captures,
            win: Win::Flag,
            quiet_limit: 100,
        }
    }
}

/// The option keys, in the order the normal form writes them.
pub const KEYS: [&str; 5] = ["first", "mines", "bomb-flag", "win", "quiet-limit"];

/// An options text that could not be read.
pub type Sanjun30OptionsError = OptionsError;

impl Sanjun30Options {
    /// Reads whitespace-separated `key=value` tokens over the defaults (case-insensitive).
    pub fn parse(text: &str) -> Result<Sanjun30Options, Sanjun30OptionsError> {
        // §11.11: no `hq-exit` here, so it is an unknown key.
        options::read(text, &KEYS, |o: &mut Sanjun30Options, key, value| {
            match key {
                "first" => o.first = options::first(value)?,
                "mines" => o.mines = options::mines(value, "mutual, spring")?,
                "bomb-flag" => o.bomb_flag = options::bomb_flag(value)?,
                "win" => o.win = options::win(value)?,
                "quiet-limit" => o.quiet_limit = options::quiet_limit(value)?,
                _ => return Err(Refused::UnknownKey),
            }
            Ok(())
        })
    }
}

/// The normal form: only what differs from the defaults, in [`KEYS`] order.
impl std::fmt::Display for Sanjun30Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = Sanjun30Options::default();
        let [first, mines, bomb_flag, win] = options::words(self.first, self.mines, self.bomb_flag, self.win);
        let [d_first, d_mines, d_bomb_flag, d_win] = options::words(d.first, d.mines, d.bomb_flag, d.win);
        f.write_str(&options::normal_form(&[
            ("first", first.into(), d_first.into()),
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
        assert_eq!(Sanjun30Options::parse("").unwrap(), Sanjun30Options::default());
        assert_eq!(Sanjun30Options::default().to_string(), "");
        let o =
            Sanjun30Options::parse("WIN=marshal quiet-limit=50 mines=spring bomb-flag=forbidden first=random").unwrap();
        assert_eq!(o.to_string(), "first=random mines=spring bomb-flag=forbidden win=marshal quiet-limit=50");
        assert_eq!(Sanjun30Options::parse(&o.to_string()).unwrap(), o);
        // §11.11: no hq-exit in this game.
        assert!(matches!(Sanjun30Options::parse("hq-exit=on"), Err(Sanjun30OptionsError::UnknownKey(..))));
        assert!(matches!(Sanjun30Options::parse("mines=x"), Err(Sanjun30OptionsError::BadValue { .. })));
    }
}
