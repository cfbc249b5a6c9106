//! 二十一世紀海軍棋 as the catalogue sees it: its `GameDef` (deployments random and checked, the
//! setup picture, slot swaps, marks, places) and its `RecordDef` (`.jqr` records tagged
//! `haijun21`, read as plain records: `RedSetup`/`BlueSetup` in the §10.10 notation). Like
//! `haijun`, not in `BUILT_IN` until its board art exists.

use crate::contract::record::{Envelope, ParseError, Reading, RecordDef, read_plain};
use crate::contract::{
    AnyGame, Explained, First, GameDef, Lang, MarkDef, OnTimeout, Policy, SetupError, Start, StartError,
};
use crate::haijun::kinds::{check_setup, mode_of, places_on, swap_slots};
use crate::options::Mode;
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::get as board;
use super::contract::{HAIJUN21_KIND, Haijun21Contract, describe, settings};
use super::deploy::{Haijun21Setup, parse};
use super::game::Haijun21Game;
use super::options::parse as parse_options;
use super::pieces::{def_of, parse as parse_piece};

/// A seat's deployment text checked: its normal form, or every broken rule in the three
/// languages (one explanation per offence).
pub fn validate(seat: Seat, text: &str) -> Result<Haijun21Setup, SetupError> {
    check_setup(seat, text, parse, |s| {
        let b = board();
        s.violations(b, seat)
            .iter()
            .map(|v| Explained::new(v.describe(b, Lang::En), v.describe(b, Lang::ZhHans)))
            .collect()
    })
}

/// Starts a game: seats, mode and options checked, both deployments checked; Red moves first.
pub fn start(s: &Start) -> Result<Haijun21Contract, StartError> {
    HAIJUN21.check_seats(s.seats)?;
    settings(&s.mode, &s.options)?;
    let options = parse_options(&s.options)
        .map_err(|e| StartError::Settings(crate::contract::SettingsError::Options(e.to_string())))?;
    let mut setups = Vec::new();
    for seat in [Seat::RED, Seat::BLUE] {
        let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
        setups.push(validate(seat, text.expose()).map_err(|error| StartError::Setup { seat, error })?);
    }
    // §10.17: Red moves first, always.
    if s.first != Seat::RED {
        return Err(StartError::First(s.first));
    }
    let game = Haijun21Game::new(options, &setups[0], &setups[1]);
    Ok(Haijun21Contract::new(game, mode_of(&s.mode)))
}

/// Red plays first; a timeout makes the seat leave (it loses).
pub fn policy(_options: &str) -> Policy {
    Policy { first: First::FirstSeat, on_timeout: OnTimeout::Leave }
}

/// One seat's deployment alone on the board, as its owner sees it.
fn setup_picture(seat: Seat, text: &str) -> Option<crate::contract::Picture> {
    use crate::contract::Game;
    let setup = validate(seat, text).ok()?;
    let mut pieces: Vec<_> =
        setup.placed(seat).into_iter().map(|(p, kind)| (p, crate::piece::Piece { seat, kind, known: false })).collect();
    // The end checks of a lone side would end the game (no enemy 軍旗); a token enemy flag in
    // its HQ keeps the picture a game in progress, and is left out of the tokens shown.
    let enemy = Seat(1 - seat.0);
    let their_hq = super::board::hq(enemy);
    pieces.push((their_hq, crate::piece::Piece { seat: enemy, kind: super::pieces::kinds::FLAG, known: false }));
    let alone = Haijun21Contract::new(Haijun21Game::from_position(Default::default(), &pieces, seat), Mode::Dark);
    let mut pic = alone.picture(crate::contract::Audience::Seat(seat), None);
    pic.tokens.retain(|t| t.at != their_hq);
    Some(pic)
}

static MARKS: MarkDef = MarkDef {
    read_point: |_, text| board().find(text.trim()),
    read_piece: parse_piece,
    piece_code: |k| def_of(k).code.to_string(),
    piece_words: |k| (def_of(k).en, def_of(k).zh),
};

fn read(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    read_plain(def, env)
}

/// The record format: points by name, pieces by code, sides by key.
pub static HAIJUN21_RECORD: RecordDef = RecordDef {
    read,
    point: |p| board().name(p).to_string(),
    piece: |_, k| def_of(k).code.to_string(),
    side: |s| HAIJUN21_KIND.seating.get(s).map_or("?", |d| d.key),
    shuffle: None,
    write: None,
};

/// The catalogue entry.
pub static HAIJUN21: GameDef = GameDef {
    kind: &HAIJUN21_KIND,
    start: |s| start(s).map(|g| Box::new(g) as Box<dyn AnyGame>),
    random_setup: Some(|_, rng: &mut Rng| Haijun21Setup::random(rng).to_code_string()),
    validate_setup: Some(|seat, text| validate(seat, text).map(|s| s.to_code_string())),
    deal: None,
    setup_picture: Some(setup_picture),
    swap_slots: Some(swap_slots),
    policy,
    show_setup: |s| parse(s).map_or_else(|_| s.to_string(), |x| x.to_code_string()),
    marks: Some(&MARKS),
    describe,
    record: &HAIJUN21_RECORD,
    places: || places_on(board()),
};
