//! The three kinds as the catalogue sees them: `GameKind`s, `GameDef`s and `RecordDef`s, listed in
//! the built-in catalogue after the Junqi family.

use crate::contract::record::{
    self, Envelope, ParseError, Reading, RecordDef, RecordMeta, SeatEventKind, Terminal, Written,
};
use crate::contract::{
    AnyGame, First, Game, GameDef, GameKind, Lang, Leave, ModeDesc, OnTimeout, Over, Policy, PublicPly, Rematch,
    SeatDesc, Seating, SettingsError, SetupStyle, Standing, Start, StartError, Words,
};
use crate::seat::Seat;

use super::board::{Colour, Variant};
use super::game::Draughts;
use super::rules::Rules;

const fn w(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

const BLACK: SeatDesc =
    SeatDesc { key: "black", name: w("Black", "黑方", "黑方"), team: 0, aliases: &["b", "黑"] };
const WHITE: SeatDesc =
    SeatDesc { key: "white", name: w("White", "白方", "白方"), team: 0, aliases: &["w", "白"] };

/// Seats in turn order, the team being the seat's index: the first mover is seat 0.
static BLACK_FIRST: [SeatDesc; 2] = [BLACK, SeatDesc { team: 1, ..WHITE }];
static WHITE_FIRST: [SeatDesc; 2] = [WHITE, SeatDesc { team: 1, ..BLACK }];

static OPEN: [ModeDesc; 1] = [ModeDesc {
    key: "open",
    name: w("open", "明棋", "明棋"),
    about: w("open (nothing is hidden)", "明棋（无暗子）", "明棋（無暗子）"),
}];

const NO_SETUP: Words = w("nothing: the pieces start in place", "无需布阵：棋子已就位", "無需布陣：棋子已就位");

macro_rules! kind {
    ($name:ident, $v:expr, $title:expr, $aliases:expr, $seats:expr, $art:expr) => {
        /// The kind's static description.
        pub static $name: GameKind = GameKind {
            name: $v.name(),
            aliases: $aliases,
            title: $title,
            seating: Seating { seats: &$seats, counts: &[2], per_count: None },
            setup: SetupStyle::None,
            modes: &OPEN,
            settings: |mode, options| settings($v, mode, options),
            describe_options: |options, lang| {
                Rules::parse($v, options).unwrap_or_else(|_| Rules::default_for($v)).describe($v, lang)
            },
            rematch: Rematch::SwapSeats,
            setup_hint: NO_SETUP,
            layouts: $v.name(),
            art: $art,
            piece_label: label,
            record_tag: $v.name(),
        };
    };
}

kind!(
    DRAUGHTS_KIND,
    Variant::English,
    w("English draughts", "西洋跳棋", "西洋跳棋"),
    &["checkers", "english draughts", "american checkers"],
    BLACK_FIRST,
    "draughts8"
);
kind!(
    DRAUGHTS10_KIND,
    Variant::International,
    w("International draughts", "百格跳棋", "百格跳棋"),
    &["international", "polish draughts", "国际跳棋", "國際跳棋"],
    WHITE_FIRST,
    "draughts10"
);
kind!(
    DRAUGHTS12_KIND,
    Variant::Canadian,
    w("Canadian checkers", "加拿大跳棋", "加拿大跳棋"),
    &["canadian", "canadian draughts"],
    WHITE_FIRST,
    "draughts12"
);

/// A piece's label: a man `M`/`兵`, a king `K`/`王`.
fn label(k: crate::piece::PieceKind) -> Option<(&'static str, &'static str)> {
    match k {
        super::contract::MAN => Some(("M", "兵")),
        super::contract::KING => Some(("K", "王")),
        _ => None,
    }
}

/// The kind of a variant.
pub fn kind(v: Variant) -> &'static GameKind {
    match v {
        Variant::English => &DRAUGHTS_KIND,
        Variant::International => &DRAUGHTS10_KIND,
        Variant::Canadian => &DRAUGHTS12_KIND,
    }
}

/// The catalogue entry of a variant.
pub fn def(v: Variant) -> &'static GameDef {
    match v {
        Variant::English => &DRAUGHTS,
        Variant::International => &DRAUGHTS10,
        Variant::Canadian => &DRAUGHTS12,
    }
}

fn settings(v: Variant, mode: &str, options: &str) -> Result<String, SettingsError> {
    let k = kind(v);
    k.mode(mode).ok_or_else(|| k.mode_error(mode))?;
    Rules::parse(v, options).map(|r| r.normal(v)).map_err(SettingsError::Options)
}

/// Starts a game of `v`: two seats, the open mode, the options' position; the first seat named
/// must be the one whose side is to move, or seat 0, the default, which leaves it to the position
/// (a set position where the second seat moves first, spec §12.3).
pub fn start(v: Variant, s: &Start) -> Result<Draughts, StartError> {
    def(v).check_seats(s.seats)?;
    settings(v, &s.mode, &s.options)?;
    let rules = Rules::parse(v, &s.options).map_err(|e| StartError::Settings(SettingsError::Options(e)))?;
    let g = Draughts::new(v, rules).map_err(|e| StartError::Settings(SettingsError::Options(e)))?;
    if s.first != g.seat_of(g.position().to_move) && s.first != Seat(0) {
        return Err(StartError::First(s.first));
    }
    Ok(g)
}

fn policy(v: Variant, options: &str) -> Policy {
    let random = Rules::parse(v, options).map_or(true, |r| r.colour_random);
    // Colours drawn: the seats are drawn by lot and seat 0 still moves first.
    Policy { first: if random { First::SeatsByLot } else { First::FirstSeat }, on_timeout: OnTimeout::Leave }
}

/// How an end reads: (English, 简体), naming the winner by seat.
pub fn end_words(v: Variant, o: &Over) -> (String, String) {
    let (en, zh) = o.reason.words();
    match &o.standing {
        Standing::Team(t) => {
            let who = kind(v).seating.seats.get(usize::from(*t)).map_or(w("?", "?", "?"), |d| d.name);
            (format!("{} wins ({en}).", who.en), format!("{}胜（{zh}）。", who.zh_hans))
        }
        _ => (format!("Draw ({en})."), format!("和棋（{zh}）。")),
    }
}

/// Reads a record of a draughts kind: a PDN record (it has a `GameType` tag) through
/// [`super::pdn`], any other through the plain `.jqr` reader.
fn read(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    if env.tag("GameType").is_some() {
        return super::pdn::reading(env);
    }
    record::read_plain(def, env)
}

/// Writes a game of `v` as PDN (spec §9): the moves replayed on its start, a terminal word turned
/// into the end it stands for (the loser is the seat `over` does not name), then
/// [`super::pdn::export`] with the date and the players by colour. A token that does not replay
/// ends the movetext there (the log was checked when it was written).
fn write(
    v: Variant,
    s: &Start,
    players: &[String],
    items: &[Written],
    over: Option<&Over>,
    meta: &RecordMeta,
) -> String {
    let Ok(mut g) = start(v, s) else {
        return String::new();
    };
    for item in items {
        match item {
            Written::Action(token, _) => {
                let seat = Game::to_move(&g);
                let Ok(mv) = Game::parse_action(&g, seat, token) else { break };
                if Game::play(&mut g, seat, mv).is_err() {
                    break;
                }
            }
            Written::Seat(seat, kind) => {
                let why = if *kind == SeatEventKind::Timeout { Leave::Timeout } else { Leave::Resign };
                Game::leave(&mut g, *seat, why);
            }
            Written::Terminal(Terminal::Draw) => {
                g.draw_agreed();
            }
            Written::Terminal(t) => {
                let why = if *t == Terminal::Timeout { Leave::Timeout } else { Leave::Resign };
                if let Some(loser) = over.and_then(Over::winner).map(|w| Seat(1 - w.min(1))) {
                    Game::leave(&mut g, loser, why);
                }
            }
        }
    }
    let name = |c: Colour| players.get(usize::from(g.seat_of(c).0)).map_or("?", String::as_str).to_string();
    let (black, white) = (name(Colour::Black), name(Colour::White));
    let mut tags: Vec<(&str, &str)> = Vec::new();
    if let Some(d) = &meta.date {
        tags.push(("Date", d));
    }
    tags.push(("Black", &black));
    tags.push(("White", &white));
    super::pdn::export(&g, &tags)
}

fn piece(_: Seat, k: crate::piece::PieceKind) -> String {
    if k == super::contract::KING { "king".into() } else { "man".into() }
}

macro_rules! def {
    ($name:ident, $record:ident, $kind:ident, $v:expr, $first:literal, $second:literal) => {
        /// The record format: numeric squares, `man`/`king`, sides by colour.
        pub static $record: RecordDef = RecordDef {
            read,
            point: |p| p.0.to_string(),
            piece,
            side: |s| if s.0 == 0 { $first } else { $second },
            shuffle: None,
            write: Some(|s, p, i, o, m| write($v, s, p, i, o, m)),
        };
        /// The catalogue entry.
        pub static $name: GameDef = GameDef {
            kind: &$kind,
            start: |s| start($v, s).map(|g| Box::new(g) as Box<dyn AnyGame>),
            random_setup: None,
            validate_setup: None,
            deal: None,
            setup_picture: None,
            swap_slots: None,
            policy: |o| policy($v, o),
            show_setup: |s| s.to_string(),
            marks: None,
            describe: |p: &PublicPly, l: Lang| super::contract::describe($v, p, l),
            record: &$record,
            places: || places($v),
        };
    };
}

def!(DRAUGHTS, DRAUGHTS_RECORD, DRAUGHTS_KIND, Variant::English, "black", "white");
def!(DRAUGHTS10, DRAUGHTS10_RECORD, DRAUGHTS10_KIND, Variant::International, "white", "black");
def!(DRAUGHTS12, DRAUGHTS12_RECORD, DRAUGHTS12_KIND, Variant::Canadian, "white", "black");

/// The playing squares on the grid for text boards: numbered as players know them, rank 1 at the
/// bottom.
fn places(v: Variant) -> Vec<crate::contract::catalog::Place> {
    let g = v.geometry();
    (0..g.squares() as u8)
        .map(|sq| {
            let (file, rank) = g.coord(sq);
            crate::contract::catalog::Place {
                at: crate::board::PointId(sq + 1),
                name: (u16::from(sq) + 1).to_string(),
                x: u16::from(file),
                y: u16::from(v.size() - 1 - rank),
                empty: '.',
            }
        })
        .collect()
}
