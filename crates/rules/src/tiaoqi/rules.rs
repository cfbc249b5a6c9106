//! The options of a game (spec §2–§6, §10): `key=value` words, checked, with a normal form that
//! lists only what differs from the defaults. `teams` is the record's `Teams` tag carried in the
//! options text, since a game starts from its options alone.

use crate::contract::Lang;

/// How far a hop may reach (spec §4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Jump {
    /// Over up to this many consecutive pieces (1, 2 or 3: 隔子).
    Run(u8),
    /// Over exactly one piece at any distance, onto the mirror point (等距跳).
    Mirror,
}

/// How teams are grouped (spec §2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Teams {
    /// Everyone for themself.
    Off,
    /// Four players, partners facing: s+n, ne+sw.
    TwoByTwo,
    /// Six players, partners facing: s+n, se+nw, ne+sw.
    ThreeByTwo,
    /// Six players, members alternating: s+ne+nw, n+se+sw.
    TwoByThree,
}

/// The options of one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// `jump`: 1 (default), 2, 3, mirror.
    pub jump: Jump,
    /// `pieces`: 6 (default), 10, 15.
    pub pieces: u8,
    /// `target-lock`: on (default).
    pub target_lock: bool,
    /// `no-parking`: off (default).
    pub no_parking: bool,
    /// `spoil`: swap (default) or off.
    pub swap: bool,
    /// `play-out`: all (default) or first (`false`).
    pub play_out_all: bool,
    /// `team-score`: places (default) or all-home (`true`).
    pub all_home: bool,
    /// `round-limit`: 150 by default; 0 is no limit.
    pub round_limit: u32,
    /// `first`: random (default) or creator (`false`).
    pub first_random: bool,
    /// `teams`: the grouping; `None` for the default of the player count.
    pub teams: Option<Teams>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            jump: Jump::Run(1),
            pieces: 6,
            target_lock: true,
            no_parking: false,
            swap: true,
            play_out_all: true,
            all_home: false,
            round_limit: 150,
            first_random: true,
            teams: None,
        }
    }
}

fn on_off(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{key} is on or off, not '{v}'")),
    }
}

impl Teams {
    /// The option's word.
    pub fn word(self) -> &'static str {
        match self {
            Teams::Off => "off",
            Teams::TwoByTwo => "2x2",
            Teams::ThreeByTwo => "3x2",
            Teams::TwoByThree => "2x3",
        }
    }

    /// Reads the option's word (`×` for `x` too).
    pub fn parse(text: &str) -> Option<Teams> {
        match text.trim().to_lowercase().replace('×', "x").as_str() {
            "off" | "-" => Some(Teams::Off),
            "2x2" => Some(Teams::TwoByTwo),
            "3x2" => Some(Teams::ThreeByTwo),
            "2x3" => Some(Teams::TwoByThree),
            _ => None,
        }
    }

    /// The default grouping for a player count.
    pub fn default_for(players: u8) -> Teams {
        match players {
            4 => Teams::TwoByTwo,
            6 => Teams::ThreeByTwo,
            _ => Teams::Off,
        }
    }

    /// Whether the grouping is offered for a player count.
    pub fn fits(self, players: u8) -> bool {
        match self {
            Teams::Off => true,
            Teams::TwoByTwo => players == 4,
            Teams::ThreeByTwo | Teams::TwoByThree => players == 6,
        }
    }
}

impl Rules {
    /// Reads an options text (`jump=2 pieces=10`), any case; an unknown key or value is refused.
    pub fn parse(text: &str) -> Result<Rules, String> {
        if text.len() > crate::echo::MAX_OPTIONS_BYTES {
            return Err(format!(
                "rule options are at most {} bytes long; these have {}",
                crate::echo::MAX_OPTIONS_BYTES,
                text.len()
            ));
        }
        let mut r = Rules::default();
        for word in text.split_whitespace() {
            let lower = word.to_lowercase();
            let (k, v) = lower.split_once('=').ok_or_else(|| format!("'{word}' is not key=value"))?;
            match k {
                "jump" => {
                    r.jump = match v {
                        "1" => Jump::Run(1),
                        "2" => Jump::Run(2),
                        "3" => Jump::Run(3),
                        "mirror" => Jump::Mirror,
                        _ => return Err(format!("jump is 1, 2, 3 or mirror, not '{v}'")),
                    }
                }
                "pieces" => {
                    r.pieces = match v {
                        "6" => 6,
                        "10" => 10,
                        "15" => 15,
                        _ => return Err(format!("pieces is 6, 10 or 15, not '{v}'")),
                    }
                }
                "target-lock" => r.target_lock = on_off(k, v)?,
                "no-parking" => r.no_parking = on_off(k, v)?,
                "spoil" => {
                    r.swap = match v {
                        "swap" => true,
                        "off" => false,
                        _ => return Err(format!("spoil is swap or off, not '{v}'")),
                    }
                }
                "play-out" => {
                    r.play_out_all = match v {
                        "all" => true,
                        "first" => false,
                        _ => return Err(format!("play-out is all or first, not '{v}'")),
                    }
                }
                "team-score" => {
                    r.all_home = match v {
                        "places" => false,
                        "all-home" => true,
                        _ => return Err(format!("team-score is places or all-home, not '{v}'")),
                    }
                }
                "round-limit" => {
                    r.round_limit = v.parse().map_err(|_| format!("round-limit is a number (0: none), not '{v}'"))?
                }
                "on-timeout" if v == "lose" => {}
                "on-timeout" => return Err(format!("on-timeout is lose, not '{v}'")),
                "first" => {
                    r.first_random = match v {
                        "random" => true,
                        "creator" => false,
                        _ => return Err(format!("first is random or creator, not '{v}'")),
                    }
                }
                "teams" => {
                    r.teams = Some(Teams::parse(v).ok_or_else(|| format!("teams is off, 2x2, 3x2 or 2x3, not '{v}'"))?)
                }
                _ => {
                    return Err(format!(
                        "unknown option '{k}' (jump, pieces, target-lock, no-parking, spoil, play-out, team-score, round-limit, on-timeout, first, teams)"
                    ));
                }
            }
        }
        Ok(r)
    }

    /// Checks the options against a player count (spec §10.3 and the §2 groupings).
    pub fn check(&self, players: u8) -> Result<(), String> {
        if self.pieces == 15 && players != 2 {
            return Err("pieces=15 is for two players only".into());
        }
        if let Some(t) = self.teams
            && !t.fits(players)
        {
            return Err(format!("teams={} is not offered for {players} players", t.word()));
        }
        Ok(())
    }

    /// The grouping a game of `players` uses.
    pub fn teams_for(&self, players: u8) -> Teams {
        self.teams.unwrap_or(Teams::default_for(players))
    }

    /// The `Rules` words that differ from the defaults, in the spec's key order (without `teams`,
    /// which records write as their `Teams` tag).
    pub fn rules_words(&self) -> Vec<String> {
        let d = Rules::default();
        let mut out = Vec::new();
        if self.jump != d.jump {
            out.push(format!(
                "jump={}",
                match self.jump {
                    Jump::Run(n) => n.to_string(),
                    Jump::Mirror => "mirror".into(),
                }
            ));
        }
        if self.pieces != d.pieces {
            out.push(format!("pieces={}", self.pieces));
        }
        if self.target_lock != d.target_lock {
            out.push("target-lock=off".into());
        }
        if self.no_parking != d.no_parking {
            out.push("no-parking=on".into());
        }
        if self.swap != d.swap {
            out.push("spoil=off".into());
        }
        if self.play_out_all != d.play_out_all {
            out.push("play-out=first".into());
        }
        if self.all_home != d.all_home {
            out.push("team-score=all-home".into());
        }
        if self.round_limit != d.round_limit {
            out.push(format!("round-limit={}", self.round_limit));
        }
        if self.first_random != d.first_random {
            out.push("first=creator".into());
        }
        out
    }

    /// The normal form: the words that differ from the defaults, `teams` last.
    pub fn normal(&self) -> String {
        let mut w = self.rules_words();
        if let Some(t) = self.teams {
            w.push(format!("teams={}", t.word()));
        }
        w.join(" ")
    }

    /// The options for readers.
    pub fn describe(&self, lang: Lang) -> String {
        let jump = match self.jump {
            Jump::Run(1) => lang.pick("one-piece hops", "隔一子跳"),
            Jump::Run(2) => lang.pick("hops over up to 2 pieces", "隔2子跳"),
            Jump::Run(_) => lang.pick("hops over up to 3 pieces", "隔3子跳"),
            Jump::Mirror => lang.pick("mirror hops", "等距跳"),
        };
        let limit = if self.round_limit == 0 {
            lang.pick("no round limit".to_string(), "不限轮数".to_string())
        } else {
            lang.pick(format!("{} rounds at most", self.round_limit), format!("最多 {} 轮", self.round_limit))
        };
        let pieces = lang.pick(format!("{} pieces each", self.pieces), format!("每人 {} 子", self.pieces));
        let swap = if self.swap {
            lang.pick("spoilers may be swapped", "可换位")
        } else {
            lang.pick("no swap", "不换位")
        };
        format!("{pieces}, {jump}, {swap}, {limit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_and_normalise() {
        assert_eq!(Rules::parse("").unwrap(), Rules::default());
        let r = Rules::parse("JUMP=2 pieces=10 round-limit=0 teams=2x3").unwrap();
        assert_eq!(r.normal(), "jump=2 pieces=10 round-limit=0 teams=2x3");
        assert_eq!(Rules::parse(&r.normal()).unwrap(), r);
        assert!(Rules::parse("jump=4").is_err() && Rules::parse("colour=red").is_err());
        assert!(Rules::parse("pieces=15").unwrap().check(3).is_err());
        assert!(Rules::parse("teams=2x2").unwrap().check(6).is_err());
    }
}
