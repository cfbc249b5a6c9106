//! 海军棋 as the catalogue sees it: its `GameDef` (deployments random and checked, the setup
//! picture, slot swaps, marks, places) and its `RecordDef` (`.jqr` records tagged `haijun`, read
//! as plain records: `RedSetup`/`BlueSetup` in the §3 notation). Not in `BUILT_IN` until its
//! board art `haijun` exists (the renderer requires art for every catalogued kind).

use crate::board::{Board, PointKind};
use crate::contract::catalog::Place;
use crate::contract::record::{Envelope, ParseError, Reading, RecordDef, read_plain};
use crate::contract::{
    AnyGame, Explained, First, GameDef, Lang, MarkDef, OnTimeout, Policy, SetupError, Start, StartError,
};
use crate::options::Mode;
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::get as board_for;
use super::contract::{HAIJUN_KIND, HaijunContract, describe, settings};
use super::deploy::{HaijunSetup, SetupParseError, parse};
use super::game::HaijunGame;
use super::options::{First as FirstOption, HaijunSettings};
use super::pieces::{def_of, parse as parse_piece};

/// A seat's deployment text checked: its normal form, or every broken rule in the three
/// languages (one explanation per offence).
pub fn validate(seat: Seat, text: &str) -> Result<HaijunSetup, SetupError> {
    let board = board_for(Default::default());
    check_setup(seat, text, parse, |s| {
        s.violations(board, seat)
            .iter()
            .map(|v| Explained::new(v.describe(board, Lang::En), v.describe(board, Lang::ZhHans)))
            .collect()
    })
}

/// The checks of a naval deployment (shared with `haijun21`): a seat of the two, a readable
/// string, then every broken rule `broken` lists.
pub fn check_setup<S>(
    seat: Seat,
    text: &str,
    parse: fn(&str) -> Result<S, SetupParseError>,
    broken: impl FnOnce(&S) -> Vec<Explained>,
) -> Result<S, SetupError> {
    if seat.0 > 1 {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let setup = parse(text)
        .map_err(|e| SetupError::Unreadable(Explained::new(e.describe(Lang::En), e.describe(Lang::ZhHans))))?;
    let broken = broken(&setup);
    if !broken.is_empty() {
        return Err(SetupError::Broken(broken));
    }
    Ok(setup)
}

/// The visibility mode of a mode key (shared with `haijun21`).
pub fn mode_of(key: &str) -> Mode {
    match key {
        "reveal" => Mode::Reveal,
        "open" => Mode::Open,
        _ => Mode::Dark,
    }
}

/// Starts a game: seats, mode and options checked, both deployments checked.
pub fn start(s: &Start) -> Result<HaijunContract, StartError> {
    HAIJUN.check_seats(s.seats)?;
    settings(&s.mode, &s.options)?;
    let options = HaijunSettings::parse(&s.options)
        .map_err(|e| StartError::Settings(crate::contract::SettingsError::Options(e.to_string())))?;
    let mut setups = Vec::new();
    for seat in [Seat::RED, Seat::BLUE] {
        let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
        setups.push(validate(seat, text.expose()).map_err(|error| StartError::Setup { seat, error })?);
    }
    if s.first.0 >= s.seats {
        return Err(StartError::First(s.first));
    }
    let game = HaijunGame::new(options.rules, &setups[0], &setups[1]).with_first(s.first);
    Ok(HaijunContract::new(game, mode_of(&s.mode)))
}

/// Who plays first (`first=random`: drawn by the referee) and what a timeout does (the seat
/// leaves: it loses).
pub fn policy(options: &str) -> Policy {
    let random = HaijunSettings::parse(options).is_ok_and(|o| o.first == FirstOption::Random);
    Policy { first: if random { First::Drawn } else { First::FirstSeat }, on_timeout: OnTimeout::Leave }
}

/// Every point on the 5 × 12 grid, rank 12 at the top.
pub fn places() -> Vec<Place> {
    places_on(board_for(Default::default()))
}

/// The places of any board of the family on its drawing grid (shared with `haijun21`).
pub fn places_on(b: &Board) -> Vec<Place> {
    b.point_ids()
        .map(|at| {
            let p = b.point(at);
            let empty = match p.kind {
                PointKind::Post => '.',
                PointKind::Camp => '○',
                PointKind::Headquarters => '□',
            };
            Place { at, name: b.name(at).to_string(), x: p.x as u16, y: p.y as u16, empty }
        })
        .collect()
}

/// Exchanges two pieces of a deployment in normal form (shared with `haijun21`). Spaces are not
/// pieces, nor are `haijun21`'s empty points `.`: where the empty points are is public, so
/// exchanging one with a piece is not an exchange of hidden identities.
pub fn swap_slots(text: &str, i: usize, j: usize) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    if matches!(*chars.get(i)?, ' ' | '.') || matches!(*chars.get(j)?, ' ' | '.') {
        return None;
    }
    chars.swap(i, j);
    Some(chars.into_iter().collect())
}

/// One seat's deployment alone on the board, as its owner sees it.
fn setup_picture(seat: Seat, text: &str) -> Option<crate::contract::Picture> {
    use crate::contract::Game;
    let setup = validate(seat, text).ok()?;
    let pieces: Vec<_> =
        setup.placed(seat).into_iter().map(|(p, kind)| (p, crate::piece::Piece { seat, kind, known: false })).collect();
    let alone = HaijunContract::new(HaijunGame::from_position(Default::default(), &pieces, seat), Mode::Dark);
    Some(alone.picture(crate::contract::Audience::Seat(seat), None))
}

static MARKS: MarkDef = MarkDef {
    read_point: |_, text| board_for(Default::default()).find(text.trim()),
    read_piece: parse_piece,
    piece_code: |k| def_of(k).code.to_string(),
    piece_words: |k| (def_of(k).en, def_of(k).zh),
};

fn read(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    read_plain(def, env)
}

/// The record format: points by name, pieces by code, sides by key.
pub static HAIJUN_RECORD: RecordDef = RecordDef {
    read,
    point: |p| board_for(Default::default()).name(p).to_string(),
    piece: |_, k| def_of(k).code.to_string(),
    side: |s| HAIJUN_KIND.seating.get(s).map_or("?", |d| d.key),
    shuffle: None,
    write: None,
};

/// The catalogue entry.
pub static HAIJUN: GameDef = GameDef {
    kind: &HAIJUN_KIND,
    start: |s| start(s).map(|g| Box::new(g) as Box<dyn AnyGame>),
    random_setup: Some(|_, rng: &mut Rng| HaijunSetup::random(rng).to_code_string()),
    validate_setup: Some(|seat, text| validate(seat, text).map(|s| s.to_code_string())),
    deal: None,
    setup_picture: Some(setup_picture),
    swap_slots: Some(swap_slots),
    policy,
    show_setup: |s| parse(s).map_or_else(|_| s.to_string(), |x| x.to_code_string()),
    marks: Some(&MARKS),
    describe,
    record: &HAIJUN_RECORD,
    places,
};
