//! 翻棋 (flip Junqi, `rules-flip.md`): 50 pieces dealt face down on the standard board, turned over
//! during play. The standard [`Game`] does movement and combat (with [`Game::enable_flip`], its
//! seats are colours and `known` means face up); this module adds the deal, flips, players and
//! colour assignment, the flag rules and the end conditions in the order of §5.
//!
//! Hidden information is a type here: the public [`FlipView`] shows a face-down piece as
//! [`FlipCell::FaceDown`], which carries neither identity nor colour, and a [`FlipReport`] only
//! ever names face-up pieces. The inner `Game` (which knows everything) is never handed out.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::board::{PointId, PointKind};
use super::combat::Outcome;
use super::game::{EndReason, Game, GameOver, IllegalMove, Move};
use super::notation::{format_move, parse_move, parse_point};
use super::options::{OptionsError, RuleOptions};
use super::piece::{Piece, PieceClass, PieceKind, junqi};
use super::seat::Seat;
use super::shuffle::{self, Seed};
use super::variant::Variant;

/// The record name of the variant.
pub const VARIANT_NAME: &str = "junqi-flip";
/// The record name of the mode.
pub const MODE_NAME: &str = "flip";

/// A player of a flip game: P1 moves first. Colours come later (§2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Moves first.
    P1,
    /// Moves second.
    P2,
}

impl Player {
    /// 0 for P1, 1 for P2 (also the `winner` of a flip [`GameOver`]).
    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// `p1` / `p2`, as in `replay --json`.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        }
    }

    /// The record tag, `P1` / `P2`.
    pub fn tag(self) -> &'static str {
        match self {
            Player::P1 => "P1",
            Player::P2 => "P2",
        }
    }

    /// The player with this index (0 = P1).
    pub fn from_index(i: u8) -> Option<Player> {
        match i {
            0 => Some(Player::P1),
            1 => Some(Player::P2),
            _ => None,
        }
    }
}

/// Option `colour` (§2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// The first piece flipped gives its colour to its flipper (P1).
    FirstFlip,
    /// Every ply is a flip until an engineer turns up; its flipper takes its colour.
    Engineer,
}

/// Option `first` (§2): how the referee picks P1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstPlayer {
    /// Drawn at random.
    Random,
    /// The player who made the challenge.
    Creator,
}

/// Option `flag-taker` (§4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlagTaker {
    /// Any piece that may attack it (a bomb subject to `bomb-flag`).
    Any,
    /// Only an engineer.
    Engineer,
    /// Only an officer with no lower-ranked officer of its colour left on the board.
    Smallest,
}

/// Every option of `rules-flip.md` §7, with its default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipOptions {
    /// `colour`.
    pub colour: ColourRule,
    /// `first`.
    pub first: FirstPlayer,
    /// `suicide`: whether an attack that only loses the attacker is allowed.
    pub suicide: bool,
    /// `flag-mines`: a flag may be attacked only once its colour's three mines are gone.
    pub flag_mines: bool,
    /// `flag-taker`.
    pub flag_taker: FlagTaker,
    /// The options shared with the standard game: `hq-exit` (on here), `quiet-limit`, `mines`,
    /// `bomb-flag`, `bomb-flies`, `rail-range`, `on-timeout`.
    pub base: RuleOptions,
}

impl Default for FlipOptions {
    fn default() -> Self {
        FlipOptions {
            colour: ColourRule::FirstFlip,
            first: FirstPlayer::Random,
            suicide: true,
            flag_mines: true,
            flag_taker: FlagTaker::Any,
            base: RuleOptions { hq_exit: true, ..RuleOptions::default() },
        }
    }
}

/// A flip rules string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlipOptionsError {
    /// A standard option's error.
    #[error("{0}")]
    Base(#[from] OptionsError),
    /// An option of the standard game that flip does not have.
    #[error("rule option '{0}' does not apply to junqi-flip (flip options: {known})", known = FLIP_KEYS.join(", "))]
    NotApplicable(String),
}

/// The keys a flip game takes, in the order they are written.
const FLIP_KEYS: [&str; 12] = [
    "colour",
    "first",
    "hq-exit",
    "suicide",
    "flag-mines",
    "flag-taker",
    "quiet-limit",
    "mines",
    "bomb-flag",
    "bomb-flies",
    "rail-range",
    "on-timeout",
];

impl FlipOptions {
    /// Reads whitespace-separated `key=value` tokens, starting from the flip defaults.
    pub fn parse(text: &str) -> Result<FlipOptions, FlipOptionsError> {
        let mut o = FlipOptions::default();
        for token in text.split_whitespace() {
            o.set(token)?;
        }
        Ok(o)
    }

    /// Applies one `key=value`.
    pub fn set(&mut self, token: &str) -> Result<(), FlipOptionsError> {
        let (key, value) = token.split_once('=').ok_or_else(|| OptionsError::NotKeyValue(token.into()))?;
        let key = key.trim().to_lowercase();
        let value = value.trim().to_lowercase();
        let bad = |allowed: &'static str| OptionsError::BadValue { key: key.clone(), value: value.clone(), allowed };
        let on_off = |allowed| match value.as_str() {
            "on" | "yes" | "true" | "allowed" => Ok(true),
            "off" | "no" | "false" | "forbidden" => Ok(false),
            _ => Err(bad(allowed)),
        };
        match key.as_str() {
            "colour" | "color" => {
                self.colour = match value.as_str() {
                    "first-flip" => ColourRule::FirstFlip,
                    "engineer" => ColourRule::Engineer,
                    _ => return Err(bad("first-flip, engineer").into()),
                }
            }
            "first" => {
                self.first = match value.as_str() {
                    "random" => FirstPlayer::Random,
                    "creator" => FirstPlayer::Creator,
                    _ => return Err(bad("random, creator").into()),
                }
            }
            "suicide" => self.suicide = on_off("allowed, forbidden")?,
            "flag-mines" => self.flag_mines = on_off("on, off")?,
            "flag-taker" => {
                self.flag_taker = match value.as_str() {
                    "any" => FlagTaker::Any,
                    "engineer" => FlagTaker::Engineer,
                    "smallest" => FlagTaker::Smallest,
                    _ => return Err(bad("any, engineer, smallest").into()),
                }
            }
            k if FLIP_KEYS.contains(&k) => self.base.set(token)?,
            _ => {
                // Known to the standard game but not to flip (scout, flag-home, order, …)?
                let mut probe = RuleOptions::default();
                return Err(match probe.set(token) {
                    Ok(()) | Err(OptionsError::BadValue { .. }) => FlipOptionsError::NotApplicable(key),
                    Err(e) => e.into(),
                });
            }
        }
        Ok(())
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("colour", if self.colour == ColourRule::FirstFlip { "first-flip" } else { "engineer" }.to_string()),
            ("first", if self.first == FirstPlayer::Random { "random" } else { "creator" }.into()),
            ("suicide", if self.suicide { "allowed" } else { "forbidden" }.into()),
            ("flag-mines", if self.flag_mines { "on" } else { "off" }.into()),
            (
                "flag-taker",
                match self.flag_taker {
                    FlagTaker::Any => "any",
                    FlagTaker::Engineer => "engineer",
                    FlagTaker::Smallest => "smallest",
                }
                .into(),
            ),
        ];
        v.extend(self.base.all_pairs().into_iter().filter(|(k, _)| FLIP_KEYS.contains(k) && *k != "first"));
        v
    }
}

/// Only the options that differ from the flip defaults, space-separated.
impl fmt::Display for FlipOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diff: Vec<String> = self
            .pairs()
            .into_iter()
            .zip(FlipOptions::default().pairs())
            .filter(|(a, b)| a != b)
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect();
        f.write_str(&diff.join(" "))
    }
}

/// The 50 non-camp points in deal order: ranks upwards, files a–e, camps skipped (§8).
pub fn deal_points() -> &'static [PointId] {
    static POINTS: OnceLock<Vec<PointId>> = OnceLock::new();
    POINTS.get_or_init(|| {
        let board = &Variant::junqi().board;
        let mut pts: Vec<PointId> = board.point_ids().filter(|&p| board.point(p).kind != PointKind::Camp).collect();
        // y grows downwards from rank 12, so rank order upwards is y descending.
        pts.sort_by_key(|&p| (std::cmp::Reverse(board.point(p).y), board.point(p).x));
        pts
    })
}

/// A deal: who stands where, face down, at the start (colour by case: red lower, blue upper).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Deal(Vec<(Seat, PieceKind)>);

/// Debug output never shows the deal: it is the referee's secret until the game ends.
impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Deal(..)")
    }
}

/// A deal string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not 50 characters.
    #[error("a deal is 50 piece letters, one per non-camp point; this one has {0}")]
    Length(usize),
    /// Not a piece letter.
    #[error("'{0}' at position {1} of the deal is not a piece letter (a–l red, A–L blue)")]
    BadLetter(char, usize),
    /// Not exactly both full armies.
    #[error("a deal holds both full armies; this one has {count} of {piece} (expected {expected})")]
    WrongCount {
        /// The piece, as its letter.
        piece: char,
        /// How many there are.
        count: usize,
        /// How many there should be.
        expected: u8,
    },
    /// The deal is not what the seed gives.
    #[error("the deal does not match its seed under {shuffle}: the seed gives {expected}")]
    SeedMismatch {
        /// The shuffle name.
        shuffle: &'static str,
        /// The deal the seed gives.
        expected: String,
    },
}

impl Deal {
    /// Reads a 50-letter deal string.
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let text = text.trim();
        let n = text.chars().count();
        if n != deal_points().len() {
            return Err(DealError::Length(n));
        }
        let table = &Variant::junqi().pieces;
        let mut cells = Vec::with_capacity(n);
        for (i, c) in text.chars().enumerate() {
            let kind = table
                .iter()
                .position(|d| d.code == c.to_ascii_lowercase())
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or(DealError::BadLetter(c, i + 1))?;
            let seat = if c.is_ascii_lowercase() { Seat::RED } else { Seat::BLUE };
            cells.push((seat, PieceKind(kind as u8)));
        }
        for seat in [Seat::RED, Seat::BLUE] {
            for (k, def) in table.iter().enumerate() {
                let count = cells.iter().filter(|&&(s, kind)| s == seat && kind.0 as usize == k).count();
                if count != usize::from(def.count) {
                    let piece = if seat == Seat::RED { def.code } else { def.code.to_ascii_uppercase() };
                    return Err(DealError::WrongCount { piece, count, expected: def.count });
                }
            }
        }
        Ok(Deal(cells))
    }

    /// The deal `fy-chacha20/1` makes from a seed.
    pub fn from_seed(seed: &Seed) -> Deal {
        Deal::parse(&shuffle::shuffle(seed)).expect("a shuffle of the canonical list is a deal")
    }

    /// Checks that this deal is what the seed gives.
    pub fn check_seed(&self, seed: &Seed) -> Result<(), DealError> {
        let expected = shuffle::shuffle(seed);
        if expected == self.to_string() {
            Ok(())
        } else {
            Err(DealError::SeedMismatch { shuffle: shuffle::SHUFFLE_NAME, expected })
        }
    }

    /// The piece dealt to the `i`-th point of [`deal_points`].
    pub fn get(&self, i: usize) -> Option<(Seat, PieceKind)> {
        self.0.get(i).copied()
    }
}

/// The 50-letter string.
impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &(seat, kind) in &self.0 {
            fmt::Write::write_char(f, piece_letter(seat, kind))?;
        }
        Ok(())
    }
}

/// A piece's letter: lower case red, upper case blue.
pub fn piece_letter(colour: Seat, kind: PieceKind) -> char {
    let c = Variant::junqi().piece(kind).code;
    if colour == Seat::RED { c } else { c.to_ascii_uppercase() }
}

/// Reads a piece letter: lower case red, upper case blue.
pub fn parse_piece_letter(c: char) -> Option<(Seat, PieceKind)> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let k = Variant::junqi().pieces.iter().position(|d| d.code == c.to_ascii_lowercase())?;
    Some((if c.is_ascii_lowercase() { Seat::RED } else { Seat::BLUE }, PieceKind(k as u8)))
}

/// The colour's name: `red` / `blue`.
pub fn colour_name(colour: Seat) -> &'static str {
    Variant::junqi().seat_name(colour)
}

/// One ply of a flip game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipAction {
    /// Turn over the face-down piece on a point.
    Flip(PointId),
    /// Move a face-up piece of one's own colour.
    Move(Move),
}

/// A ply as written, with the identity a flip token claims (`+c6=G`), checked when played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParsedAction {
    /// The ply.
    pub action: FlipAction,
    /// For `+c6=G`: the colour and kind the flip must reveal.
    pub claims: Option<(Seat, PieceKind)>,
}

/// A ply that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// Neither a flip nor a move.
    #[error("'{0}' is neither a flip (+c6, c6, flip c6, 翻c6) nor a move (c6-c7)")]
    Unreadable(String),
    /// The `=x` part is not a piece letter.
    #[error("'{0}' after '=' is not a piece letter (a–l red, A–L blue)")]
    BadPiece(String),
}

/// Reads a ply: `+c6=G`, `+c6`, `c6`, `flip c6`, `翻c6` (flips) or `c6-c7` (a move).
pub fn parse_action(text: &str) -> Result<ParsedAction, ActionError> {
    let board = &Variant::junqi().board;
    let t = text.trim();
    let unreadable = || ActionError::Unreadable(t.to_string());
    let body = t
        .strip_prefix('+')
        .or_else(|| t.strip_prefix('翻'))
        .or_else(|| t.get(..5).filter(|p| p.eq_ignore_ascii_case("flip ")).map(|_| &t[5..]))
        .map(str::trim);
    let flip_text = body.unwrap_or(t);
    let (point_text, claim_text) = match flip_text.split_once('=') {
        Some((p, c)) => (p.trim(), Some(c.trim())),
        None => (flip_text, None),
    };
    if let Ok(point) = parse_point(board, point_text) {
        let claims = match claim_text {
            None => None,
            Some(c) => {
                let mut chars = c.chars();
                match (chars.next().and_then(parse_piece_letter), chars.next()) {
                    (Some(p), None) => Some(p),
                    _ => return Err(ActionError::BadPiece(c.to_string())),
                }
            }
        };
        return Ok(ParsedAction { action: FlipAction::Flip(point), claims });
    }
    if body.is_some() || claim_text.is_some() {
        return Err(unreadable());
    }
    parse_move(board, t).map(|mv| ParsedAction { action: FlipAction::Move(mv), claims: None }).map_err(|_| unreadable())
}

/// Why a ply was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlipError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Nothing stands on the point.
    #[error("there is no piece on {0}")]
    NoPiece(String),
    /// A flip of a face-up piece.
    #[error("the piece on {0} is already face up; flip a face-down piece or move one of yours")]
    AlreadyFaceUp(String),
    /// A move of a face-down piece.
    #[error("the piece on {0} is face down: it cannot move until it is flipped")]
    FaceDown(String),
    /// An attack on a face-down piece.
    #[error("the piece on {0} is face down and cannot be attacked")]
    FaceDownTarget(String),
    /// A move before colours are assigned.
    #[error("colours are not assigned yet, so every ply is a flip")]
    NoColourYet,
    /// The piece is the opponent's colour.
    #[error("the piece on {0} is {1}, which is not your colour")]
    NotYourColour(String, &'static str),
    /// `flag-mines=on` and mines of the flag's colour remain.
    #[error("the flag on {point} cannot be attacked while {left} of its mines remain on the board (flag-mines=on)")]
    FlagMines {
        /// The flag's point.
        point: String,
        /// Mines of its colour still on the board.
        left: u8,
    },
    /// `flag-taker=engineer`.
    #[error("only an engineer may take the flag (flag-taker=engineer)")]
    FlagTakerEngineer,
    /// `flag-taker=smallest`.
    #[error("only your lowest-ranked officer may take the flag, and the piece on {0} is not it (flag-taker=smallest)")]
    FlagTakerSmallest(String),
    /// `suicide=forbidden`.
    #[error("{from}-{to} would only lose your piece, which these rules forbid (suicide=forbidden)")]
    Suicide {
        /// Start point.
        from: String,
        /// Target point.
        to: String,
    },
    /// A flip token whose `=x` does not match what the point holds (record import).
    #[error("{point} holds {actual}, not {claimed} as written")]
    WrongReveal {
        /// The point.
        point: String,
        /// The letter written.
        claimed: char,
        /// The letter there.
        actual: char,
    },
    /// A movement rule of the standard game.
    #[error("{0}")]
    Move(#[from] IllegalMove),
}

/// What one ply did. Everything in it is public: it names only face-up pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipReport {
    /// 1-based ply.
    pub ply: u32,
    /// Who played.
    pub player: Player,
    /// The flip or the move.
    pub event: FlipEvent,
    /// Set on the ply that assigned colours: P1's colour.
    pub colours: Option<Seat>,
    /// The end, if this ply ended the game (`winner` is a player index, 0 = P1).
    pub end: Option<GameOver>,
}

/// The public content of a ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipEvent {
    /// A piece was turned face up.
    Flip {
        /// Where.
        point: PointId,
        /// Its colour.
        colour: Seat,
        /// Its kind.
        kind: PieceKind,
    },
    /// A face-up piece moved (and perhaps fought a face-up piece).
    Move {
        /// The move.
        mv: Move,
        /// The outcome class.
        outcome: Outcome,
        /// The mover's colour and kind.
        attacker: (Seat, PieceKind),
        /// The defender's colour and kind, for an attack.
        defender: Option<(Seat, PieceKind)>,
    },
}

impl FlipReport {
    /// The ply in record notation: `+c6=G` or `c6-c7`.
    pub fn token(&self) -> String {
        let board = &Variant::junqi().board;
        match self.event {
            FlipEvent::Flip { point, colour, kind } => format!("+{}={}", board.name(point), piece_letter(colour, kind)),
            FlipEvent::Move { mv, .. } => format_move(board, mv),
        }
    }

    /// The ply as an action.
    pub fn action(&self) -> FlipAction {
        match self.event {
            FlipEvent::Flip { point, .. } => FlipAction::Flip(point),
            FlipEvent::Move { mv, .. } => FlipAction::Move(mv),
        }
    }
}

/// A point as everyone sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FlipCell {
    /// A face-down piece: all backs look the same, so it carries nothing.
    FaceDown,
    /// A face-up piece.
    FaceUp {
        /// Its colour.
        colour: Seat,
        /// Its kind.
        kind: PieceKind,
    },
}

/// The public state of a flip game. There is no private channel (§6), so every viewer gets this.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlipView {
    /// What stands on each point (indexed by `PointId`).
    pub cells: Vec<Option<FlipCell>>,
    /// Who plays next.
    pub to_move: Player,
    /// P1's colour, once assigned.
    pub p1_colour: Option<Seat>,
    /// Plies played.
    pub ply: u32,
    /// Plies since the last flip or combat.
    pub quiet: u32,
    /// The result (`winner` is a player index).
    pub over: Option<GameOver>,
    /// The last ply.
    pub last: Option<FlipReport>,
    /// Pieces each colour has lost, by kind (red, blue): all were face up, so this is public.
    pub removed: [Vec<u8>; 2],
}

impl FlipView {
    /// The colour of a player, once assigned.
    pub fn colour_of(&self, player: Player) -> Option<Seat> {
        colour_of(self.p1_colour, player)
    }

    /// Face-down pieces left.
    pub fn face_down(&self) -> usize {
        self.cells.iter().filter(|c| **c == Some(FlipCell::FaceDown)).count()
    }
}

fn colour_of(p1: Option<Seat>, player: Player) -> Option<Seat> {
    p1.map(|c| if player == Player::P1 { c } else { other_colour(c) })
}

/// The other colour.
pub fn other_colour(c: Seat) -> Seat {
    if c == Seat::RED { Seat::BLUE } else { Seat::RED }
}

/// A flip game in progress, with the full (secret) deal.
#[derive(Clone, Debug)]
pub struct FlipGame {
    game: Game,
    options: FlipOptions,
    deal: Option<Deal>,
    /// Pieces of each colour and kind that were never on the board (positions set up for tests
    /// and puzzles), so that counts of pieces left stay right without reading the board.
    absent: [[u8; 12]; 2],
    p1_colour: Option<Seat>,
    to_move: Player,
    over: Option<GameOver>,
    last: Option<FlipReport>,
}

impl FlipGame {
    /// Starts a game from a deal: every piece face down, P1 to play.
    pub fn new(deal: &Deal, options: FlipOptions) -> FlipGame {
        let v = Variant::junqi();
        let pieces: Vec<(PointId, Piece)> = deal_points()
            .iter()
            .zip(&deal.0)
            .map(|(&p, &(seat, kind))| (p, Piece { seat, kind, known: false }))
            .collect();
        let mut game = Game::from_position(v, options.base, &pieces, Seat::RED);
        game.enable_flip();
        FlipGame {
            game,
            options,
            deal: Some(deal.clone()),
            absent: [[0; 12]; 2],
            p1_colour: None,
            to_move: Player::P1,
            over: None,
            last: None,
        }
    }

    /// Sets up an arbitrary position (tests, puzzles): the pieces given (`known` = face up), P1's
    /// colour if assigned, and the player to move. Pieces of the two full sets that are not on
    /// the board count as already removed.
    pub fn from_position(
        pieces: &[(PointId, Piece)],
        p1_colour: Option<Seat>,
        to_move: Player,
        options: FlipOptions,
    ) -> FlipGame {
        let v = Variant::junqi();
        let mut game = Game::from_position(v, options.base, pieces, Seat::RED);
        game.enable_flip();
        let mut absent = [[0u8; 12]; 2];
        for (c, row) in absent.iter_mut().enumerate() {
            for (k, n) in row.iter_mut().enumerate().take(v.pieces.len()) {
                let on = pieces.iter().filter(|(_, p)| p.seat.index() == c && p.kind.0 as usize == k).count();
                *n = v.pieces[k].count.saturating_sub(on as u8);
            }
        }
        let mut g = FlipGame { game, options, deal: None, absent, p1_colour, to_move, over: None, last: None };
        let turn = g.colour_of(to_move).unwrap_or(Seat::RED);
        g.game.set_turn(turn, None);
        g
    }

    /// The options.
    pub fn options(&self) -> &FlipOptions {
        &self.options
    }

    /// The deal (secret until the game ends); `None` for a set-up position.
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    /// Who plays next.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// P1's colour, once assigned.
    pub fn p1_colour(&self) -> Option<Seat> {
        self.p1_colour
    }

    /// A player's colour, once assigned.
    pub fn colour_of(&self, player: Player) -> Option<Seat> {
        colour_of(self.p1_colour, player)
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.game.ply()
    }

    /// The result (`winner` is a player index, 0 = P1).
    pub fn over(&self) -> Option<GameOver> {
        self.over
    }

    /// The public state.
    pub fn view(&self) -> FlipView {
        let board = &Variant::junqi().board;
        let cells = board
            .point_ids()
            .map(|p| {
                self.game.piece_at(p).map(|piece| {
                    if piece.known {
                        FlipCell::FaceUp { colour: piece.seat, kind: piece.kind }
                    } else {
                        FlipCell::FaceDown
                    }
                })
            })
            .collect();
        FlipView {
            cells,
            to_move: self.to_move,
            p1_colour: self.p1_colour,
            ply: self.game.ply(),
            quiet: self.game.quiet_plies(),
            over: self.over,
            last: self.last.clone(),
            removed: [self.game.removed(Seat::RED).to_vec(), self.game.removed(Seat::BLUE).to_vec()],
        }
    }

    fn name(p: PointId) -> String {
        Variant::junqi().board.name(p).to_string()
    }

    fn has_face_down(&self) -> bool {
        // Face-down pieces never move, so only the dealt points can hold one.
        deal_points().iter().any(|&p| self.game.piece_at(p).is_some_and(|c| !c.known))
    }

    /// How many pieces of `kind` a colour still has on the board (face up or down): public,
    /// since every removed piece was face up.
    fn left(&self, colour: Seat, kind: PieceKind) -> u8 {
        let v = Variant::junqi();
        let gone = self.game.removed(colour)[kind.0 as usize] + self.absent[colour.index()][kind.0 as usize];
        v.piece(kind).count.saturating_sub(gone)
    }

    /// The flip-only limits on attacks (§3 `suicide`, §4 `flag-mines`, `flag-taker`). They read
    /// only face-up pieces and public counts.
    fn check_attack(&self, mv: Move, attacker: Piece, defender: Piece) -> Result<(), FlipError> {
        let v = Variant::junqi();
        let (att, def) = (v.piece(attacker.kind), v.piece(defender.kind));
        if def.class == PieceClass::Flag {
            if self.options.flag_mines {
                let left = self.left(defender.seat, junqi::MINE);
                if left > 0 {
                    return Err(FlipError::FlagMines { point: Self::name(mv.to), left });
                }
            }
            match self.options.flag_taker {
                FlagTaker::Any => {}
                FlagTaker::Engineer if att.class != PieceClass::Engineer => return Err(FlipError::FlagTakerEngineer),
                FlagTaker::Engineer => {}
                FlagTaker::Smallest => {
                    let officer = |c: PieceClass| matches!(c, PieceClass::Officer | PieceClass::Engineer);
                    let smaller_left = (0..v.pieces.len()).map(|k| PieceKind(k as u8)).any(|k| {
                        let d = v.piece(k);
                        officer(d.class) && d.rank < att.rank && self.left(attacker.seat, k) > 0
                    });
                    if !officer(att.class) || smaller_left {
                        return Err(FlipError::FlagTakerSmallest(Self::name(mv.from)));
                    }
                }
            }
        }
        if !self.options.suicide && (v.combat)(att, def, &self.options.base) == Outcome::DefenderWon {
            return Err(FlipError::Suicide { from: Self::name(mv.from), to: Self::name(mv.to) });
        }
        Ok(())
    }

    /// Explains why a ply is illegal, or returns `Ok`.
    pub fn check(&self, action: FlipAction) -> Result<(), FlipError> {
        if self.over.is_some() {
            return Err(FlipError::GameOver);
        }
        match action {
            FlipAction::Flip(p) => match self.game.piece_at(p) {
                None => Err(FlipError::NoPiece(Self::name(p))),
                Some(c) if c.known => Err(FlipError::AlreadyFaceUp(Self::name(p))),
                Some(_) => Ok(()),
            },
            FlipAction::Move(mv) => {
                let mine = self.colour_of(self.to_move).ok_or(FlipError::NoColourYet)?;
                let piece = self.game.piece_at(mv.from).ok_or_else(|| FlipError::NoPiece(Self::name(mv.from)))?;
                if !piece.known {
                    return Err(FlipError::FaceDown(Self::name(mv.from)));
                }
                if piece.seat != mine {
                    return Err(FlipError::NotYourColour(Self::name(mv.from), colour_name(piece.seat)));
                }
                let target = self.game.piece_at(mv.to);
                if let Some(t) = target
                    && !t.known
                {
                    return Err(FlipError::FaceDownTarget(Self::name(mv.to)));
                }
                self.with_turn(mine).check(mv)?;
                if let Some(t) = target {
                    self.check_attack(mv, piece, t)?;
                }
                Ok(())
            }
        }
    }

    /// The inner game with `colour` to move (the inner game's turn is only meaningful once
    /// colours exist, so it is set where it is read).
    fn with_turn(&self, colour: Seat) -> Game {
        let mut g = self.game.clone();
        g.set_turn(colour, None);
        g
    }

    /// Every legal move of a player (flips not included; see [`FlipGame::can_flip`]).
    pub fn legal_moves_of(&self, player: Player) -> Vec<Move> {
        let Some(colour) = self.colour_of(player).filter(|_| self.over.is_none()) else { return Vec::new() };
        let mut out = Vec::new();
        self.game.legal_moves_for_into(colour, &mut out);
        out.retain(|&mv| match self.game.piece_at(mv.to) {
            None => true,
            Some(t) => {
                let piece = self.game.piece_at(mv.from).expect("a move starts on a piece");
                self.check_attack(mv, piece, t).is_ok()
            }
        });
        out
    }

    /// Every legal ply of the player to move: the flips first (in board order), then the moves.
    pub fn legal_actions(&self) -> Vec<FlipAction> {
        if self.over.is_some() {
            return Vec::new();
        }
        let board = &Variant::junqi().board;
        let mut out: Vec<FlipAction> = board
            .point_ids()
            .filter(|&p| self.game.piece_at(p).is_some_and(|c| !c.known))
            .map(FlipAction::Flip)
            .collect();
        out.extend(self.legal_moves_of(self.to_move).into_iter().map(FlipAction::Move));
        out
    }

    /// Whether a face-down piece remains (then flipping is legal).
    pub fn can_flip(&self) -> bool {
        self.over.is_none() && self.has_face_down()
    }

    /// Plays a ply, checking a flip token's claimed identity (`+c6=G`) if given. An illegal ply
    /// leaves the game unchanged and says why.
    pub fn play_parsed(&mut self, parsed: ParsedAction) -> Result<FlipReport, FlipError> {
        self.check(parsed.action)?;
        if let (FlipAction::Flip(p), Some((colour, kind))) = (parsed.action, parsed.claims) {
            let piece = self.game.piece_at(p).expect("checked");
            if (piece.seat, piece.kind) != (colour, kind) {
                return Err(FlipError::WrongReveal {
                    point: Self::name(p),
                    claimed: piece_letter(colour, kind),
                    actual: piece_letter(piece.seat, piece.kind),
                });
            }
        }
        Ok(self.play_checked(parsed.action))
    }

    /// Plays a ply for the player to move. An illegal ply leaves the game unchanged and says why.
    pub fn play(&mut self, action: FlipAction) -> Result<FlipReport, FlipError> {
        self.check(action)?;
        Ok(self.play_checked(action))
    }

    fn play_checked(&mut self, action: FlipAction) -> FlipReport {
        let v = Variant::junqi();
        let player = self.to_move;
        let mut colours = None;
        let mut flag_taken = false;
        let event = match action {
            FlipAction::Flip(p) => {
                let piece = self.game.flip_up(p).expect("checked: a face-down piece");
                let assigns = self.p1_colour.is_none()
                    && match self.options.colour {
                        ColourRule::FirstFlip => true,
                        ColourRule::Engineer => v.piece(piece.kind).class == PieceClass::Engineer,
                    };
                if assigns {
                    let p1 = if player == Player::P1 { piece.seat } else { other_colour(piece.seat) };
                    self.p1_colour = Some(p1);
                    colours = Some(p1);
                }
                FlipEvent::Flip { point: p, colour: piece.seat, kind: piece.kind }
            }
            FlipAction::Move(mv) => {
                let mine = self.colour_of(player).expect("checked: colours assigned");
                self.game.set_turn(mine, None);
                let report = self.game.play_unchecked(mv);
                flag_taken = report.outcome == Outcome::FlagCaptured;
                FlipEvent::Move {
                    mv,
                    outcome: report.outcome,
                    attacker: (mine, report.attacker),
                    defender: report.defender.map(|d| (d.seat, d.kind)),
                }
            }
        };
        self.to_move = player.other();
        let end = self.end_after(player, flag_taken);
        self.over = end;
        let turn_colour = self.colour_of(self.to_move).unwrap_or(Seat::RED);
        self.game.set_turn(turn_colour, end);
        let report = FlipReport { ply: self.game.ply(), player, event, colours, end };
        self.last = Some(report.clone());
        report
    }

    /// The end checks of §5, in order, after `mover` played.
    fn end_after(&self, mover: Player, flag_taken: bool) -> Option<GameOver> {
        let win = |p: Player, reason| Some(GameOver { winner: Some(p.index() as u8), reason });
        let draw = |reason| Some(GameOver { winner: None, reason });
        if flag_taken {
            return win(mover, EndReason::FlagCaptured);
        }
        if let Some(p1) = self.p1_colour {
            let v = Variant::junqi();
            let out = |c: Seat| {
                (0..v.pieces.len())
                    .map(|k| PieceKind(k as u8))
                    .filter(|&k| v.piece(k).is_mobile())
                    .all(|k| self.left(c, k) == 0)
            };
            match (out(p1), out(other_colour(p1))) {
                (true, true) => return draw(EndReason::NoMovablePieces),
                (true, false) => return win(Player::P2, EndReason::NoMovablePieces),
                (false, true) => return win(Player::P1, EndReason::NoMovablePieces),
                (false, false) => {}
            }
        }
        let next = self.to_move;
        let has_ply = |p: Player| self.has_face_down() || !self.legal_moves_of(p).is_empty();
        if !has_ply(next) {
            return if has_ply(next.other()) {
                win(next.other(), EndReason::NoLegalMove)
            } else {
                draw(EndReason::BothStuck)
            };
        }
        let limit = self.options.base.quiet_limit;
        if limit > 0 && self.game.quiet_plies() >= limit {
            return draw(EndReason::QuietLimit);
        }
        None
    }

    /// Ends the game by a player's resignation.
    pub fn resign(&mut self, player: Player) -> Option<GameOver> {
        self.finish(Some(player.other()), EndReason::Resign)
    }

    /// Ends the game because a player's deadline passed.
    pub fn timeout(&mut self, player: Player) -> Option<GameOver> {
        self.finish(Some(player.other()), EndReason::Timeout)
    }

    /// Ends the game as an agreed draw.
    pub fn agree_draw(&mut self) -> Option<GameOver> {
        self.finish(None, EndReason::Agreed)
    }

    fn finish(&mut self, winner: Option<Player>, reason: EndReason) -> Option<GameOver> {
        if self.over.is_some() {
            return None;
        }
        self.over = Some(GameOver { winner: winner.map(|p| p.index() as u8), reason });
        let turn = self.colour_of(self.to_move).unwrap_or(Seat::RED);
        self.game.set_turn(turn, self.over);
        self.over
    }
}

/// `1-0` (P1 wins), `0-1`, `1/2-1/2` or `*`.
pub fn result_token(over: Option<GameOver>) -> &'static str {
    match over {
        None => "*",
        Some(GameOver { winner: None, .. }) => "1/2-1/2",
        Some(GameOver { winner: Some(0), .. }) => "1-0",
        Some(GameOver { winner: Some(_), .. }) => "0-1",
    }
}

/// `p1_wins`, `p2_wins`, `draw` or `ongoing`.
pub fn result_word(over: Option<GameOver>) -> &'static str {
    match over {
        None => "ongoing",
        Some(GameOver { winner: None, .. }) => "draw",
        Some(GameOver { winner: Some(0), .. }) => "p1_wins",
        Some(GameOver { winner: Some(_), .. }) => "p2_wins",
    }
}
