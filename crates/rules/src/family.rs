//! What games of more than one territory layout share beyond the core: seat names typed by
//! players, which modes and options a variant offers, and the bare local point names of the
//! 4-player board (`rules-junqi4.md` §2.1, §8, §9, §11).

use super::board::PointId;
use super::game::Move;
use super::notation::{NotationError, parse_move, parse_point};
use super::options::{Mode, RuleOptions};
use super::seat::Seat;
use super::variant::{Variant, VariantId};

/// A seat name that names no seat of the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{name}' is not a seat of {variant}; seats: {known}")]
pub struct UnknownSeat {
    /// What was typed.
    pub name: String,
    /// The variant's record name.
    pub variant: &'static str,
    /// The seats it has, as they may be typed.
    pub known: String,
}

/// A mode or rule option the variant does not offer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The visibility mode is not one of the variant's.
    #[error("mode '{mode}' is not offered in {variant}; use one of: {allowed}")]
    Mode {
        /// The mode asked for.
        mode: &'static str,
        /// The variant.
        variant: &'static str,
        /// The modes it offers.
        allowed: &'static str,
    },
    /// A rule option switched on that the variant does not offer.
    #[error("rule option {key} is not offered in {variant} ({why})")]
    Option {
        /// The option key.
        key: &'static str,
        /// The variant.
        variant: &'static str,
        /// Why not.
        why: &'static str,
    },
}

/// Chinese seat names, by seat letter.
fn zh_seat(letter: &str) -> &'static str {
    match letter {
        "s" => "南",
        "e" => "东",
        "n" => "北",
        "w" => "西",
        "red" => "红",
        _ => "蓝",
    }
}

impl Variant {
    /// Whether this variant is played on the cross-shaped 4-player board.
    pub fn is_cross_board(&self) -> bool {
        matches!(self.id, VariantId::Junqi4 | VariantId::Junqi4Duel)
    }

    /// The family of layouts this variant deploys: variants of one family take the same layout
    /// strings (same pieces, same territory shape, each seat filled in the same deployment order),
    /// so a saved layout is offered in all of them and in no other. Every variant so far fields
    /// the 25 pieces of Junqi on a territory of the 2-player shape (the 4-player board's
    /// territories are built by the same builder), hence one family, `junqi`; a 35-piece
    /// 陆海空 variant would name its own.
    pub fn layout_family(&self) -> &'static str {
        match self.id {
            VariantId::Junqi | VariantId::Junqi4 | VariantId::Junqi4Duel => "junqi",
        }
    }

    /// Reads a seat as a player may type it: `s`, `South`, `南` (`red`, `Red`, `红` in 2-player
    /// Junqi), case-insensitively.
    pub fn seat_by_name(&self, name: &str) -> Result<Seat, UnknownSeat> {
        let t = name.trim().to_lowercase();
        let t = t.strip_suffix('方').or_else(|| t.strip_suffix('家')).unwrap_or(&t);
        self.seats
            .iter()
            .position(|d| {
                d.name == t || d.tag.to_lowercase() == t || zh_seat(d.name) == t || (d.name == "e" && t == "東")
            })
            .map(|i| Seat(i as u8))
            .ok_or_else(|| UnknownSeat {
                name: name.trim().to_string(),
                variant: self.name,
                known: self
                    .seats
                    .iter()
                    .map(|d| format!("{} ({}/{})", d.name.to_uppercase(), d.tag, zh_seat(d.name)))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Whether two seats are partners (the same team, not the same seat).
    pub fn are_partners(&self, a: Seat, b: Seat) -> bool {
        a != b && self.team(a) == self.team(b)
    }

    /// The seat prefix of a seat's territory on the cross board (`S` for North in `junqi4-duel`
    /// is `N`), read from the board's owners; `None` on boards without prefixed names.
    pub fn territory_prefix(&self, seat: Seat) -> Option<&str> {
        let p = self.board.point_ids().find(|&p| self.board.point(p).owner == Some(seat))?;
        self.board.name(p).split_once('.').map(|(prefix, _)| prefix)
    }

    /// The modes this variant offers (`rules-junqi4.md` §8 for 4 seats; `rules-junqi.md` §6
    /// otherwise, the duel included).
    pub fn modes(&self) -> &'static [Mode] {
        if self.seats.len() > 2 {
            &[Mode::Dark, Mode::Partners, Mode::Open]
        } else {
            &[Mode::Dark, Mode::Reveal, Mode::Open]
        }
    }

    /// Checks that the mode and options are ones this variant offers (`rules-junqi4.md` §9:
    /// no `flag-home` with four seats, `partners` only with partners).
    pub fn check_settings(&self, mode: Mode, rules: &RuleOptions) -> Result<(), SettingsError> {
        if !self.modes().contains(&mode) {
            return Err(SettingsError::Mode {
                mode: mode.as_str(),
                variant: self.name,
                allowed: if self.seats.len() > 2 { "dark, partners, open" } else { "dark, reveal, open" },
            });
        }
        if self.seats.len() > 2 && rules.flag_home {
            return Err(SettingsError::Option {
                key: "flag-home",
                variant: self.name,
                why: "no source carries a flag home across four territories",
            });
        }
        Ok(())
    }

    /// Reads a point as `seat` types it: full names everywhere, and on the cross board a bare
    /// local name (`c6`) meaning a point of the typing seat's own territory.
    pub fn parse_point_as(&self, seat: Seat, text: &str) -> Result<PointId, NotationError> {
        parse_point(&self.board, text).or_else(|e| {
            let t = text.trim();
            let bare = t.len() == 2 && t.as_bytes()[0].is_ascii_alphabetic() && t.as_bytes()[1].is_ascii_digit();
            match self.territory_prefix(seat) {
                Some(prefix) if bare => self.board.find(&format!("{prefix}.{t}")).ok_or(e),
                _ => Err(e),
            }
        })
    }

    /// Reads a move as `seat` types it (see [`Variant::parse_point_as`]): `c6-C.s`, `c6 c5`,
    /// `c6c5`.
    pub fn parse_move_as(&self, seat: Seat, text: &str) -> Result<Move, NotationError> {
        if let Ok(mv) = parse_move(&self.board, text) {
            return Ok(mv);
        }
        let t = text.trim();
        let parts: Vec<&str> =
            t.split(|c: char| c == '-' || c == '–' || c.is_whitespace()).filter(|s| !s.is_empty()).collect();
        match parts.as_slice() {
            [a, b] => Ok(Move { from: self.parse_point_as(seat, a)?, to: self.parse_point_as(seat, b)? }),
            [ab] => {
                for (i, _) in ab.char_indices().skip(1) {
                    if let (Ok(from), Ok(to)) =
                        (self.parse_point_as(seat, &ab[..i]), self.parse_point_as(seat, &ab[i..]))
                    {
                        return Ok(Move { from, to });
                    }
                }
                Err(NotationError::BadMove(t.to_string()))
            }
            _ => Err(NotationError::BadMove(t.to_string())),
        }
    }
}
