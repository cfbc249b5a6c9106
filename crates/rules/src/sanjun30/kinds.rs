//! 海陆空三军战斗棋 as the catalogue sees it: its `GameDef` (deployments random and checked,
//! the setup picture, slot swaps, marks, places) and its `RecordDef` (`.jqr` records tagged
//! `sanjun30`, read as plain records: `RedSetup`/`BlueSetup` in the §3 notation, `First "blue"`
//! for a game Blue began, §11.16).

use crate::board::PointKind;
use crate::contract::catalog::Place;
use crate::contract::record::{Envelope, ParseError, Reading, RecordDef};
use crate::contract::{AnyGame, First, GameDef, Lang, MarkDef, OnTimeout, Policy, SetupError, Start, StartError};
use crate::landseaair::record::Notation;
use crate::options::{FirstMove, Mode};
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::Sanjun30Board;
use super::contract::{SANJUN30_KIND, Sanjun30Contract, describe, settings};
use super::deploy::Setup30;
use super::game::Sanjun30Game;
use super::notation::{format_move, parse_move};
use super::options::Sanjun30Options;
use super::pieces::{def_of, from_token};

/// A seat's deployment text checked: its normal form, or every broken rule in the three
/// languages (one explanation per offence).
pub fn validate(seat: Seat, text: &str) -> Result<Setup30, SetupError> {
    if seat.0 > 1 {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let setup = Setup30::parse(text).map_err(|e| {
        SetupError::Unreadable(crate::contract::Explained::new(e.describe(Lang::En), e.describe(Lang::ZhHans)))
    })?;
    let board = Sanjun30Board::get();
    setup.validate(board, seat).map_err(|v| {
        SetupError::Broken(
            v.iter()
                .map(|v| crate::contract::Explained::new(v.describe(board, Lang::En), v.describe(board, Lang::ZhHans)))
                .collect(),
        )
    })?;
    Ok(setup)
}

/// The mode a start asks for (dark by default).
fn mode_of(key: &str) -> Mode {
    match key {
        "reveal" => Mode::Reveal,
        "open" => Mode::Open,
        _ => Mode::Dark,
    }
}

/// Starts a game: seats, mode and options checked, both deployments checked.
pub fn start(s: &Start) -> Result<Sanjun30Contract, StartError> {
    SANJUN30.check_seats(s.seats)?;
    settings(&s.mode, &s.options)?;
    let options = Sanjun30Options::parse(&s.options)
        .map_err(|e| StartError::Settings(crate::contract::SettingsError::Options(e.to_string())))?;
    let mut setups = Vec::new();
    for seat in [Seat::RED, Seat::BLUE] {
        let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
        setups.push(validate(seat, text.expose()).map_err(|error| StartError::Setup { seat, error })?);
    }
    if s.first.0 >= s.seats {
        return Err(StartError::First(s.first));
    }
    // Both deployments were checked above, so the game starts.
    let game = Sanjun30Game::new(&setups[0], &setups[1], options, s.first).expect("checked deployments");
    Ok(Sanjun30Contract::new(game, mode_of(&s.mode)))
}

/// Who plays first (`first=random`: drawn by the referee) and what a timeout does (the seat
/// leaves: it loses).
pub fn policy(options: &str) -> Policy {
    let random = Sanjun30Options::parse(options).is_ok_and(|o| o.first == FirstMove::Random);
    Policy { first: if random { First::Drawn } else { First::FirstSeat }, on_timeout: OnTimeout::Leave }
}

/// Every point on the grid of the spec's diagram: file `a` = column 0, rank 25 at the top.
pub fn places() -> Vec<Place> {
    let b = &Sanjun30Board::get().board;
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

/// Exchanges two pieces of a deployment in normal form (the `.` and the separators are not
/// pieces: swapping an empty anchor would change what everyone sees).
fn swap_slots(text: &str, i: usize, j: usize) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    let piece = |c: char| !matches!(c, ' ' | '/' | '.');
    if !piece(*chars.get(i)?) || !piece(*chars.get(j)?) {
        return None;
    }
    chars.swap(i, j);
    Some(chars.into_iter().collect())
}

/// One seat's deployment alone on the board, as its owner sees it.
fn setup_picture(seat: Seat, text: &str) -> Option<crate::contract::Picture> {
    use crate::contract::Game;
    let setup = validate(seat, text).ok()?;
    let board = Sanjun30Board::get();
    let mut cells = vec![None; board.board.len()];
    for (p, kind) in setup.validate(board, seat).ok()? {
        cells[p.index()] = Some(crate::piece::Piece { seat, kind, known: false });
    }
    let alone = Sanjun30Contract::new(Sanjun30Game::from_position(cells, seat, Sanjun30Options::default()), Mode::Dark);
    Some(alone.picture(crate::contract::Audience::Seat(seat), None))
}

static MARKS: MarkDef = MarkDef {
    read_point: |_, text| Sanjun30Board::get().board.find(text.trim()),
    read_piece: from_token,
    piece_code: |k| def_of(k).code.to_string(),
    piece_words: |k| (def_of(k).en, def_of(k).zh),
};

/// A record: its start, or its public history when a setup is `?`.
fn read(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    let notation =
        Notation { parse: |t| parse_move(Sanjun30Board::get(), t), format: |m| format_move(Sanjun30Board::get(), m) };
    crate::landseaair::record::read(def, env, notation)
}

/// The record format: points by name, pieces by code, sides by key.
pub static SANJUN30_RECORD: RecordDef = RecordDef {
    read,
    point: |p| Sanjun30Board::get().board.name(p).to_string(),
    piece: |_, k| def_of(k).code.to_string(),
    side: |s| SANJUN30_KIND.seating.get(s).map_or("?", |d| d.key),
    shuffle: None,
    write: None,
};

/// The catalogue entry.
pub static SANJUN30: GameDef = GameDef {
    kind: &SANJUN30_KIND,
    start: |s| start(s).map(|g| Box::new(g) as Box<dyn AnyGame>),
    random_setup: Some(|_, rng: &mut Rng| Setup30::random(rng).to_code_string()),
    validate_setup: Some(|seat, text| validate(seat, text).map(|s| s.to_code_string())),
    deal: None,
    setup_picture: Some(setup_picture),
    swap_slots: Some(swap_slots),
    policy,
    show_setup: |s| Setup30::parse(s).map_or_else(|_| s.to_string(), |x| x.to_code_string()),
    marks: Some(&MARKS),
    describe,
    record: &SANJUN30_RECORD,
    places,
};
