//! 跳棋 as the catalogue sees it: its `GameKind`, `GameDef` and `RecordDef`, listed in the built-in
//! catalogue after draughts.
//!
//! The contract's seats are one list for every player count, while 跳棋's triangles depend on
//! the count (spec §2): the kind lists the six seats of the six-player game, whose teams are the
//! default 3×2; a game of fewer players names its seats itself ([`crate::contract::Captions`]
//! names, [`crate::contract::Fact::Colour`] in plies, the `Seats` tag of its records).

use crate::contract::catalog::Place;
use crate::contract::record::{Envelope, ParseError, Reading, RecordDef, RecordMeta, SeatEventKind, Terminal, Written};
use crate::contract::{
    AnyGame, First, Game, GameDef, GameKind, Lang, Leave, ModeDesc, OnTimeout, Over, Policy, Rematch, SeatDesc,
    Seating, SettingsError, SetupStyle, Standing, Start, StartError, Words,
};
use crate::seat::Seat;

use super::board::{self, POINTS, Pt, Side};
use super::game::Tiaoqi;
use super::position::Layout;
use super::record;
use super::rules::Rules;

const fn w(en: &'static str, zh_hans: &'static str, zh_hant: &'static str) -> Words {
    Words { en, zh_hans, zh_hant }
}

/// The six seats in the six-player turn order; teams as the default 3×2 grouping (s+n, se+nw,
/// ne+sw).
pub static SEATS: [SeatDesc; 6] = [
    SeatDesc { key: "s", name: w("South", "南", "南"), team: 0, aliases: &["南方"] },
    SeatDesc { key: "se", name: w("South-east", "东南", "東南"), team: 1, aliases: &["southeast"] },
    SeatDesc { key: "ne", name: w("North-east", "东北", "東北"), team: 2, aliases: &["northeast"] },
    SeatDesc { key: "n", name: w("North", "北", "北"), team: 0, aliases: &["北方"] },
    SeatDesc { key: "nw", name: w("North-west", "西北", "西北"), team: 1, aliases: &["northwest"] },
    SeatDesc { key: "sw", name: w("South-west", "西南", "西南"), team: 2, aliases: &["southwest"] },
];

const S: SeatDesc = SEATS[0];
const NE: SeatDesc = SEATS[2];
const N: SeatDesc = SEATS[3];
const NW: SeatDesc = SEATS[4];
const SW: SeatDesc = SEATS[5];

/// The seats of a game of 2, 3 and 4 players (spec §2), in turn order, with the default teams:
/// none for 2 and 3 (each seat its own team), 2×2 for 4 (s+n, ne+sw).
static SEATS_2: [SeatDesc; 2] = [S, SeatDesc { team: 1, ..N }];
static SEATS_3: [SeatDesc; 3] = [S, SeatDesc { team: 1, ..NE }, SeatDesc { team: 2, ..NW }];
static SEATS_4: [SeatDesc; 4] = [S, SeatDesc { team: 1, ..NE }, N, SeatDesc { team: 1, ..SW }];

/// The kind as a game of 2, 3 and 4 players sees it: the seats that game has.
static TIAOQI_2: GameKind =
    GameKind { seating: Seating { seats: &SEATS_2, counts: &[2, 3, 4, 6], per_count: None }, ..TIAOQI_KIND };
static TIAOQI_3: GameKind =
    GameKind { seating: Seating { seats: &SEATS_3, counts: &[2, 3, 4, 6], per_count: None }, ..TIAOQI_KIND };
static TIAOQI_4: GameKind =
    GameKind { seating: Seating { seats: &SEATS_4, counts: &[2, 3, 4, 6], per_count: None }, ..TIAOQI_KIND };

/// The kind as played by `n` seats (its [`Seating::per_count`]).
fn for_count(n: u8) -> &'static GameKind {
    match n {
        2 => &TIAOQI_2,
        3 => &TIAOQI_3,
        4 => &TIAOQI_4,
        _ => &TIAOQI_KIND,
    }
}

static OPEN: [ModeDesc; 1] = [ModeDesc {
    key: "open",
    name: w("open", "明棋", "明棋"),
    about: w("open (nothing is hidden)", "明棋（无暗子）", "明棋（無暗子）"),
}];

/// The kind's static description.
pub static TIAOQI_KIND: GameKind = GameKind {
    name: "tiaoqi",
    aliases: &["chinese checkers", "chinese-checkers", "sternhalma", "跳棋"],
    title: w("Chinese checkers", "跳棋", "跳棋"),
    seating: Seating { seats: &SEATS, counts: &[2, 3, 4, 6], per_count: Some(for_count) },
    setup: SetupStyle::None,
    modes: &OPEN,
    settings,
    describe_options,
    rematch: Rematch::KeepSeats,
    setup_hint: w("nothing: the pieces start in place", "无需布阵：棋子已就位", "無需布陣：棋子已就位"),
    layouts: "tiaoqi",
    art: "tiaoqi",
    piece_label: |k| (k == super::contract::PIECE).then_some(("P", "子")),
    record_tag: "tiaoqi",
};

/// Checks a mode and an options text; returns the options' normal form.
pub fn settings(mode: &str, options: &str) -> Result<String, SettingsError> {
    let k = &TIAOQI_KIND;
    k.mode(mode).ok_or_else(|| k.mode_error(mode))?;
    Rules::parse(options).map(|r| r.normal()).map_err(SettingsError::Options)
}

/// Describes options for readers.
pub fn describe_options(options: &str, lang: Lang) -> String {
    Rules::parse(options).unwrap_or_default().describe(lang)
}

/// Starts a game: the seat count, mode and options checked against each other.
pub fn start(s: &Start) -> Result<Tiaoqi, StartError> {
    TIAOQI.check_seats(s.seats)?;
    settings(&s.mode, &s.options)?;
    let bad = |e: String| StartError::Settings(SettingsError::Options(e));
    let rules = Rules::parse(&s.options).map_err(bad)?;
    rules.check(s.seats).map_err(bad)?;
    if s.first.0 >= s.seats {
        return Err(StartError::First(s.first));
    }
    let layout = Layout::new(s.seats, rules).ok_or_else(|| bad("no such seating".into()))?;
    Ok(Tiaoqi::new(layout, s.first.0))
}

/// Who plays first (`first=random`: drawn; `creator`: the first seat) and what a timeout does
/// (`on-timeout=lose`: the seat leaves).
pub fn policy(options: &str) -> Policy {
    let random = Rules::parse(options).map_or(true, |r| r.first_random);
    Policy { first: if random { First::Drawn } else { First::FirstSeat }, on_timeout: OnTimeout::Leave }
}

/// Every point on the grid of the spec's picture: column `a` = 0, row 17 at the top.
pub fn places() -> Vec<Place> {
    (0..POINTS as Pt)
        .map(|p| {
            let (x, r) = board::xy(p);
            Place {
                at: super::contract::point(p),
                name: board::name(p),
                x: (x - 1) as u16,
                y: (17 - r) as u16,
                empty: '.',
            }
        })
        .collect()
}

fn read(_def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    super::record::reading(env)
}

/// The record format: points by name, seats by side key.
pub static TIAOQI_RECORD: RecordDef = RecordDef {
    read,
    point: |p| board::name(p.0),
    piece: |_, _| "piece".into(),
    side: |s| Side::from_index(s.index()).key(),
    shuffle: None,
    write: Some(write),
};

/// Writes a game as its own record (spec §7): the plies replayed on its start, each leave as
/// `<seat>:resign`/`<seat>:timeout` (a two-player game's terminal word is the leave of the seat
/// `over` places last), an agreed draw as `draw`. A token that does not replay ends the entries
/// there (the log was checked when it was written).
fn write(s: &Start, players: &[String], items: &[Written], over: Option<&Over>, meta: &RecordMeta) -> String {
    let Ok(mut g) = start(s) else {
        return String::new();
    };
    let mut entries = Vec::new();
    let leave = |g: &mut Tiaoqi, entries: &mut Vec<record::Entry>, seat: Seat, why: Leave| {
        entries.push(record::leave_entry(g, seat.0, why));
        Game::leave(g, seat, why);
    };
    for item in items {
        match item {
            Written::Action(token, _) => {
                let seat = Game::to_move(&g);
                let Ok(mv) = Game::parse_action(&g, seat, token) else { break };
                let Ok(ply) = Game::play(&mut g, seat, mv) else { break };
                entries.push(record::ply_entry(&g, &ply));
            }
            Written::Seat(seat, kind) => {
                let why = if *kind == SeatEventKind::Timeout { Leave::Timeout } else { Leave::Resign };
                leave(&mut g, &mut entries, *seat, why);
            }
            Written::Terminal(Terminal::Draw) => {
                if g.draw_agreed() {
                    entries.push(record::Entry { round: g.round(), text: "draw".into() });
                }
            }
            Written::Terminal(t) => {
                let why = if *t == Terminal::Timeout { Leave::Timeout } else { Leave::Resign };
                let last = match over.map(|o| &o.standing) {
                    Some(Standing::Places(p)) => p.iter().enumerate().max_by_key(|(_, h)| **h).map(|(i, _)| i as u8),
                    _ => None,
                };
                if let Some(seat) = last {
                    leave(&mut g, &mut entries, Seat(seat), why);
                }
            }
        }
    }
    record::write(&g, players, &entries, meta.date.as_deref())
}

/// The catalogue entry.
pub static TIAOQI: GameDef = GameDef {
    kind: &TIAOQI_KIND,
    start: |s| start(s).map(|g| Box::new(g) as Box<dyn AnyGame>),
    random_setup: None,
    validate_setup: None,
    deal: None,
    setup_picture: None,
    swap_slots: None,
    policy,
    show_setup: |s| s.to_string(),
    marks: None,
    describe: super::contract::describe,
    record: &TIAOQI_RECORD,
    places,
};
