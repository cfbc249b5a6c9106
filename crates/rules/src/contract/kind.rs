//! What a game kind is, independent of any game in progress: its names, seats and teams, how a
//! game starts (deployment, deal, nothing), the visibility modes and options it offers, what a
//! rematch does, and which board art draws it. One static [`GameKind`] per kind, in the catalogue.

use super::lang::{Lang, Words};
use crate::piece::PieceKind;
use crate::seat::Seat;

/// How the pieces get onto the board before the first ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetupStyle {
    /// Each seat deploys its own army in private (军棋, 四国军棋, 陆海空三军棋, 海军棋).
    Deploy,
    /// The referee deals from a secret seed and publishes a commitment (翻棋).
    Deal,
    /// The start position is fixed and public (draughts, 跳棋).
    None,
}

/// What a rematch does with the players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rematch {
    /// The two players swap seats, so that each gets the other side (2-seat games).
    SwapSeats,
    /// Everyone keeps their seat (games of more than two seats, where a rotation is no fairer).
    KeepSeats,
}

/// One seat of a kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatDesc {
    /// The seat's key in notation, records and commands (`red`, `s`, `p1`).
    pub key: &'static str,
    /// The seat's name for readers (`Red`, `红方`, `紅方`).
    pub name: Words,
    /// The seat's team when the kind has fixed teams: seats of one team win together and never
    /// attack each other. In 2-seat games the team is the seat index.
    pub team: u8,
    /// Other names players type for the seat (`南`, `红`).
    pub aliases: &'static [&'static str],
}

/// The seats of a kind.
#[derive(Copy, Clone, Debug)]
pub struct Seating {
    /// Every seat, in turn order; a game uses the first `n` of them for a count `n` below.
    pub seats: &'static [SeatDesc],
    /// The numbers of players the kind may be played by (`[4]`, `[2, 3, 4, 6]` for 跳棋).
    pub counts: &'static [u8],
    /// Kinds whose seats depend on the number of players (跳棋: a 3-player game sits `s`, `ne`,
    /// `nw`, not the first three of the six): the kind as played by `n` seats, whose seats are
    /// exactly that game's, in turn order. `None`: the first `n` seats, for every count.
    pub per_count: Option<fn(u8) -> &'static GameKind>,
}

impl Seating {
    /// The description of a seat, if the kind has it.
    pub fn get(&self, seat: Seat) -> Option<&'static SeatDesc> {
        self.seats.get(seat.index())
    }

    /// A seat's name in a language; `?` for a seat the kind does not have.
    pub fn name(&self, seat: Seat, lang: Lang) -> &'static str {
        self.get(seat).map_or("?", |d| d.name.get(lang))
    }

    /// Reads a seat as players type it: its key or its name in any language (`s`, `South`, `南家`).
    pub fn find(&self, text: &str) -> Option<Seat> {
        let t = text.trim();
        let named = |d: &SeatDesc| {
            d.key.eq_ignore_ascii_case(t) || d.name.matches(t) || d.aliases.iter().any(|a| a.eq_ignore_ascii_case(t))
        };
        self.seats.iter().position(named).map(|i| Seat(i as u8))
    }

    /// Whether two distinct seats play in one team.
    pub fn partners(&self, a: Seat, b: Seat) -> bool {
        a != b && matches!((self.get(a), self.get(b)), (Some(x), Some(y)) if x.team == y.team)
    }
}

/// A visibility mode a kind offers (who sees which pieces).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModeDesc {
    /// The record and command name (`dark`, `reveal`, `open`, `partners`, `flip`).
    pub key: &'static str,
    /// What readers are told.
    pub name: Words,
    /// What the mode means, as a challenge announces it (`dark (hidden pieces, referee)`).
    pub about: Words,
}

/// A mode or options text a kind refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The kind does not offer this mode.
    #[error("mode '{mode}' is not offered in {kind}; use one of: {offered}")]
    Mode {
        /// The mode asked for.
        mode: String,
        /// The kind's name.
        kind: &'static str,
        /// The modes it offers, comma-separated.
        offered: String,
    },
    /// The options text is wrong: the game's own explanation (in English; the game's error type
    /// stays inside the game, since only text crosses the catalogue).
    #[error("{0}")]
    Options(String),
}

/// The short label of a piece kind: `(English, 简体)`, or `None` for a kind the game lacks.
pub type PieceLabelFn = fn(PieceKind) -> Option<(&'static str, &'static str)>;

/// The static description of one game kind.
#[derive(Debug)]
pub struct GameKind {
    /// The name in records, commands and the database (`junqi4-duel`).
    pub name: &'static str,
    /// Other names players type (`四国双人`); matched case-insensitively, like `name`.
    pub aliases: &'static [&'static str],
    /// The name shown to readers.
    pub title: Words,
    /// Seats and teams.
    pub seating: Seating,
    /// How pieces reach the board.
    pub setup: SetupStyle,
    /// The visibility modes offered; the first is the default.
    pub modes: &'static [ModeDesc],
    /// Checks a mode and an options text (`key=value …`) and returns the options in their
    /// normal form (only what differs from the defaults), which is what records store.
    pub settings: fn(mode: &str, options: &str) -> Result<String, SettingsError>,
    /// Describes an options text (already checked) for readers: what the game will be played by.
    pub describe_options: fn(options: &str, lang: Lang) -> String,
    /// What a rematch does with the seats.
    pub rematch: Rematch,
    /// How a deployment is written, for the prompt that asks for one (Deploy games): `25 piece
    /// codes (front row first, each row from your left)`.
    pub setup_hint: Words,
    /// The family of saved layouts: kinds whose setups are interchangeable share one, so a
    /// player's saved layouts serve all of them (`junqi` for the three Junqi boards).
    pub layouts: &'static str,
    /// The key of the board art that draws this kind's pictures.
    pub art: &'static str,
    /// A piece kind's short label on a tile or mark, `(English, 简体)` (繁體 is the character
    /// table's conversion of the 简体); `None` for a kind this game does not have. Images take
    /// their labels from here, so a board art needs no game's piece table of its own.
    pub piece_label: PieceLabelFn,
    /// The `Variant` tag of its records.
    pub record_tag: &'static str,
}

/// The longest text [`GameKind::mode`] looks up (the longest mode name is under 30 bytes).
const MAX_MODE_BYTES: usize = 64;

impl GameKind {
    /// The kind as played by `seats` seats: its seat names, keys and teams are that game's (see
    /// [`Seating::per_count`]); the kind itself where the seats do not depend on the count.
    pub fn for_seats(&'static self, seats: u8) -> &'static GameKind {
        self.seating.per_count.map_or(self, |f| f(seats))
    }

    /// Whether `text` names this kind (its name or an alias, any case).
    pub fn is_named(&self, text: &str) -> bool {
        let t = text.trim().to_lowercase();
        t == self.name || self.aliases.iter().any(|a| a.to_lowercase() == t) || self.title.matches(text)
    }

    /// The mode with this key (also the default mode for an empty text).
    pub fn mode(&self, key: &str) -> Option<&'static ModeDesc> {
        // No mode's name is this long: not lower-cased and compared in three languages.
        if key.len() > MAX_MODE_BYTES {
            return None;
        }
        let k = key.trim().to_lowercase();
        if k.is_empty() {
            return self.modes.first();
        }
        self.modes.iter().find(|m| m.key == k || m.name.matches(key))
    }

    /// The mode error for a key this kind does not offer.
    pub fn mode_error(&self, mode: &str) -> SettingsError {
        SettingsError::Mode {
            mode: crate::echo::echo(mode),
            kind: self.name,
            offered: self.modes.iter().map(|m| m.key).collect::<Vec<_>>().join(", "),
        }
    }
}
