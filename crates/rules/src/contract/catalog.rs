//! The catalogue: every game kind the referee hosts, each as one [`GameDef`] — its static
//! [`GameKind`], how a game of it starts, its setups or deals, and its one describer of a ply.
//! Adding a game means a folder in this crate and one line in [`all`].

use crate::rng::Rng;
use crate::seat::Seat;

use super::any::AnyGame;
use super::explain::Explained;
use super::kind::{GameKind, SettingsError};
use super::lang::Lang;
use super::ply::PublicPly;
use super::secret::Secret;

/// What a game starts from: everything the referee has decided before the first ply.
#[derive(Clone)]
pub struct Start {
    /// The options text (`key=value …`).
    pub options: String,
    /// The visibility mode's key (empty for the kind's default).
    pub mode: String,
    /// How many seats play.
    pub seats: u8,
    /// Per seat, its deployment (Deploy games), in any form the game reads.
    pub setups: Vec<Secret<String>>,
    /// The deal (Deal games), as [`GameDef::deal`] made it.
    pub deal: Option<Secret<String>>,
    /// The seat that plays first.
    pub first: Seat,
}

impl Start {
    /// A start with the kind's default mode and options, `seats` seats and seat 0 first; setups
    /// and deal still to add.
    pub fn new(seats: u8) -> Start {
        Start { options: String::new(), mode: String::new(), seats, setups: Vec::new(), deal: None, first: Seat(0) }
    }
}

/// A deployment the game refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The kind has no such seat.
    #[error("this game has no seat {0}")]
    NoSuchSeat(Seat),
    /// The text is not a deployment (the game's explanation).
    #[error("{0}")]
    Unreadable(Explained),
    /// The deployment breaks placement rules: one explanation per broken rule.
    #[error("{}", .0.iter().map(|e| e.en.as_str()).collect::<Vec<_>>().join("; "))]
    Broken(Vec<Explained>),
}

/// Why a game could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The mode or options are refused.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The kind is not played by this many seats.
    #[error("{kind} is not played by {seats} players (it takes {offered})")]
    SeatCount {
        /// The kind.
        kind: &'static str,
        /// The count asked for.
        seats: u8,
        /// The counts offered.
        offered: String,
    },
    /// A seat has not deployed.
    #[error("seat {0} has no deployment")]
    MissingSetup(Seat),
    /// A seat's deployment is refused.
    #[error("the deployment of seat {seat}: {error}")]
    Setup {
        /// The seat.
        seat: Seat,
        /// What is wrong with it.
        error: SetupError,
    },
    /// A Deal game started without its deal.
    #[error("this game is dealt, and no deal was given")]
    MissingDeal,
    /// The deal is refused (the game's explanation).
    #[error("the deal: {0}")]
    Deal(String),
    /// The kind fixes who plays first.
    #[error("seat {0} cannot play first in this game")]
    First(Seat),
}

/// A deal made from a secret seed: the deal itself, secret until the game ends, and the public
/// commitment the referee announces at the start.
pub struct Dealt {
    /// The deal, in the form [`Start::deal`] takes.
    pub deal: Secret<String>,
    /// The commitment (e.g. SHA-256 of `seed:deal`), public from the start.
    pub commitment: String,
}

/// Who plays first, as a game's options decide.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum First {
    /// The first seat (Red, South).
    FirstSeat,
    /// A seat drawn by the referee from fresh entropy.
    Drawn,
    /// The first seat, but who sits where is drawn by lot once every seat is taken (翻棋: P1
    /// plays first by definition, and who is P1 is drawn).
    SeatsByLot,
}

/// What the referee does when the seat to move runs out of time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OnTimeout {
    /// The seat leaves the game ([`super::Leave::Timeout`]).
    Leave,
    /// The referee plays a legal action for it, drawn from public information only (托管), at
    /// most N times a game for a seat: the timeout after the N-th automatic move makes it leave
    /// ([`super::Leave::Timeout`]).
    AutoMove(u8),
    /// QQ 军棋's rule: the turn is skipped (the game's [`super::AnyGame::pass`]), and the seat's
    /// N-th timeout of the game makes it leave ([`super::Leave::Timeout`]). A game that cannot
    /// pass (`pass` answers `None`) leaves at once, as with [`OnTimeout::Leave`].
    Skip(u8),
}

/// How the referee runs a game of a kind with given options: who plays first, what a timeout
/// does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    /// Who plays first.
    pub first: First,
    /// What a timeout does.
    pub on_timeout: OnTimeout,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy { first: First::FirstSeat, on_timeout: OnTimeout::Leave }
    }
}

/// The policy a game's options (in normal form) ask for.
pub type PolicyFn = fn(options: &str) -> Policy;
/// How players of a kind with hidden pieces name points and pieces when they mark their guesses
/// on the enemy's pieces (`mark c9 司令`).
pub struct MarkDef {
    /// A point as `seat` types it (its full name, or a name the seat's side reads as its own).
    pub read_point: fn(Seat, &str) -> Option<crate::board::PointId>,
    /// A piece as players type it (a code, a name in any language, a rank).
    pub read_piece: fn(&str) -> Option<crate::piece::PieceKind>,
    /// A piece's code, for storing a mark (read back by `read_piece`).
    pub piece_code: fn(crate::piece::PieceKind) -> String,
    /// A piece's names: (English, 简体).
    pub piece_words: fn(crate::piece::PieceKind) -> (&'static str, &'static str),
}

/// Deploy games: a random legal deployment for a seat, in normal form.
pub type RandomSetupFn = fn(Seat, &mut Rng) -> String;
/// Deploy games: a seat's deployment text checked, in normal form.
pub type ValidateSetupFn = fn(Seat, &str) -> Result<String, SetupError>;
/// Deal games: a deal from a secret seed.
pub type DealFn = fn(&Secret<[u8; 32]>) -> Dealt;
/// Deploy games: the picture of one seat's deployment alone on the board, as its owner sees it
/// (deployment panels); `None` if the text is not a legal deployment of that seat.
pub type SetupPictureFn = fn(Seat, &str) -> Option<super::Picture>;
/// A setup or deal in normal form with two slots exchanged.
pub type SwapSlotsFn = fn(&str, usize, usize) -> Option<String>;

/// Where a text board puts one point of a kind's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The point.
    pub at: crate::board::PointId,
    /// Its name, as players type it and records write it (`c6`, `S.c6`).
    pub name: String,
    /// Its column on a grid, from the left.
    pub x: u16,
    /// Its row on a grid, from the top (the first seat's side at the bottom).
    pub y: u16,
    /// How it looks empty in text: `.`, or a glyph of its own (a camp `○`, a headquarters `□`).
    pub empty: char,
}

/// Every point of a kind's board, placed on a grid (text boards).
pub type PlacesFn = fn() -> Vec<Place>;

/// One catalogued game kind: its description and its hooks.
pub struct GameDef {
    /// What the kind is.
    pub kind: &'static GameKind,
    /// Starts a game.
    pub start: fn(&Start) -> Result<Box<dyn AnyGame>, StartError>,
    /// Deploy games: a legal deployment for a seat drawn from `rng`, in normal form. Seeded so
    /// that tests and tools can reproduce it; the referee seeds it from the OS.
    pub random_setup: Option<RandomSetupFn>,
    /// Deploy games: checks a seat's deployment text and returns its normal form.
    pub validate_setup: Option<ValidateSetupFn>,
    /// Deal games: the deal a 32-byte secret seed gives, with its public commitment.
    pub deal: Option<DealFn>,
    /// Deploy games: a deployment alone on the board, as a picture for its owner.
    pub setup_picture: Option<SetupPictureFn>,
    /// Exchanges slots `i` and `j` of a setup or deal in normal form (editing a saved layout; the
    /// conformance suite's identity swaps); `None` if either slot does not exist.
    pub swap_slots: Option<SwapSlotsFn>,
    /// Who plays first and what a timeout does, from the options.
    pub policy: PolicyFn,
    /// A setup (or deal) in normal form as its owner reads it (`ghahg fbf ccdd eke ikigh jljij`
    /// for the 25 codes of a Junqi army, row by row).
    pub show_setup: fn(&str) -> String,
    /// Kinds with hidden pieces: how players mark their guesses on enemy pieces.
    pub marks: Option<&'static MarkDef>,
    /// The one describer of a ply, for announcements, images and the terminal alike.
    pub describe: fn(&PublicPly, Lang) -> String,
    /// How its records name its tags, points and pieces (the envelope is common to all).
    pub record: &'static super::record::RecordDef,
    /// Its board's points, placed on a grid: what a text board needs to draw any picture.
    pub places: PlacesFn,
}

impl GameDef {
    /// The kind's name.
    pub fn name(&self) -> &'static str {
        self.kind.name
    }

    /// Checks the seat count of a start against the kind.
    pub fn check_seats(&self, seats: u8) -> Result<(), StartError> {
        if self.kind.seating.counts.contains(&seats) {
            return Ok(());
        }
        Err(StartError::SeatCount {
            kind: self.kind.name,
            seats,
            offered: self.kind.seating.counts.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
        })
    }
}

/// The kinds built into this crate, in the order menus list them.
static BUILT_IN: [&GameDef; 12] = [
    &crate::adapters::junqi::JUNQI,
    &crate::adapters::junqi::JUNQI4,
    &crate::adapters::junqi::JUNQI4_DUEL,
    &crate::adapters::flip::FLIP,
    &crate::draughts::kinds::DRAUGHTS,
    &crate::draughts::kinds::DRAUGHTS10,
    &crate::draughts::kinds::DRAUGHTS12,
    &crate::tiaoqi::kinds::TIAOQI,
    &crate::sanjun::kinds::SANJUN,
    &crate::sanjun30::kinds::SANJUN30,
    &crate::haijun::kinds::HAIJUN,
    &crate::haijun21::kinds::HAIJUN21,
];

/// Kinds catalogued at run time by [`register`] (a test's throwaway game), after the built-in ones.
static REGISTERED: std::sync::RwLock<Vec<&'static GameDef>> = std::sync::RwLock::new(Vec::new());

/// Catalogues one more kind from outside this crate, after the built-in ones: how a test shows
/// that a game defined on its side plays through every layer without a line changed there. A
/// kind whose name is already catalogued is not added twice.
pub fn register(def: &'static GameDef) {
    let mut extra = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
    let taken = BUILT_IN.iter().chain(extra.iter()).any(|d| d.kind.name == def.kind.name);
    if !taken {
        extra.push(def);
    }
}

/// Every catalogued game kind, in the order menus list them: the built-in ones, then any
/// [`register`]ed ones.
pub fn all() -> Vec<&'static GameDef> {
    let extra = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    BUILT_IN.iter().copied().chain(extra.iter().copied()).collect()
}

/// The kinds built into this crate alone, without any [`register`]ed at run time: what another
/// process (the binary a test starts) catalogues, and what has board art.
pub fn built_in() -> Vec<&'static GameDef> {
    BUILT_IN.to_vec()
}

/// The kind menus list first: the one meant when a command names none.
pub fn first() -> &'static GameDef {
    BUILT_IN[0]
}

/// The kind named `name` (its record name, an alias, or its title in any language).
pub fn find(name: &str) -> Option<&'static GameDef> {
    all().into_iter().find(|d| d.kind.is_named(name))
}
