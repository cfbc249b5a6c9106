//! 陆海空三军棋 as the catalogue sees it: its `GameDef` (start, random and checked deployments,
//! a deployment alone on the board, marks, a text board's places) and its `RecordDef` (plain
//! `.jqr` records with the variant tag `sanjun`, `RedSetup`/`BlueSetup` as 35 codes, moves
//! `from-to`, `rules-sanjun.md` §8), listed in the built-in catalogue after 跳棋.

use crate::contract::catalog::{Place, SetupError};
use crate::contract::record::{Envelope, ParseError, Reading, RecordDef};
use crate::contract::{
    AnyGame, Audience, Explained, First, Game, GameDef, MarkDef, OnTimeout, Policy, SettingsError, Start, StartError,
};
use crate::landseaair::record::Notation;
use crate::options::Mode;
use crate::piece::{Piece, PieceKind};
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::{SanjunBoard, Station};
use super::contract::{SANJUN_KIND, SanjunContract};
use super::deploy::SanjunSetup;
use super::game::SanjunGame;
use super::notation::{format_move, parse_move};
use super::options::SanjunOptions;
use super::pieces::{PIECES, def_of, from_code};

/// Reads and checks a seat's deployment text: every broken rule of §3 (and the mine rule)
/// at once, in the player's words.
pub fn deploy(seat: Seat, text: &str) -> Result<SanjunSetup, SetupError> {
    if seat.0 > 1 {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let setup = SanjunSetup::parse(text).map_err(|e| {
        SetupError::Unreadable(Explained::new(
            format!("the deployment cannot be read: {e}"),
            format!("无法读取布阵：未知的棋子代码 {}", e.0.join("、")),
        ))
    })?;
    let board = SanjunBoard::get();
    setup.validate(board, seat).map_err(|v| SetupError::Broken(v.iter().map(|v| v.explain(board)).collect()))?;
    Ok(setup)
}

/// The visibility mode a mode key names (the default, `dark`, for an empty key).
fn mode_of(key: &str) -> Mode {
    match SANJUN_KIND.mode(key).map(|m| m.key) {
        Some("reveal") => Mode::Reveal,
        Some("open") => Mode::Open,
        _ => Mode::Dark,
    }
}

/// Starts a game: two seats, the mode and options checked, both deployments checked.
pub fn start(s: &Start) -> Result<SanjunContract, StartError> {
    SANJUN.check_seats(s.seats)?;
    (SANJUN_KIND.settings)(&s.mode, &s.options)?;
    let options = SanjunOptions::parse(&s.options).map_err(|e| SettingsError::Options(e.to_string()))?;
    let setup = |i: u8| {
        let seat = Seat(i);
        let text = s.setups.get(seat.index()).ok_or(StartError::MissingSetup(seat))?;
        deploy(seat, text.expose()).map_err(|error| StartError::Setup { seat, error })
    };
    let (red, blue) = (setup(0)?, setup(1)?);
    if s.first.0 >= 2 {
        return Err(StartError::First(s.first));
    }
    let game = SanjunGame::new(&red, &blue, options, s.first).map_err(|v| {
        // Both were checked above; kept as an error rather than a panic all the same.
        let seat = v.first().map_or(Seat::RED, |(s, _)| *s);
        let broken = v.iter().map(|(_, v)| v.explain(SanjunBoard::get())).collect();
        StartError::Setup { seat, error: SetupError::Broken(broken) }
    })?;
    Ok(SanjunContract::new(game, mode_of(&s.mode))?)
}

/// Who plays first (`first=random`: drawn) and what a timeout does (the seat loses).
pub fn policy(options: &str) -> Policy {
    let random = SanjunOptions::parse(options).is_ok_and(|o| o.first == crate::options::FirstMove::Random);
    Policy { first: if random { First::Drawn } else { First::FirstSeat }, on_timeout: OnTimeout::Leave }
}

/// A seat's deployment alone on the board, as its owner sees it (deployment panels).
fn setup_picture(seat: Seat, text: &str) -> Option<crate::contract::Picture> {
    let board = SanjunBoard::get();
    let placed = deploy(seat, text).ok()?.validate(board, seat).ok()?;
    let mut cells = vec![None; board.board.len()];
    for (p, kind) in placed {
        cells[p.index()] = Some(Piece { seat, kind, known: false });
    }
    let alone =
        SanjunContract::new(SanjunGame::from_position(cells, seat, SanjunOptions::default()), Mode::Dark).ok()?;
    Some(alone.picture(Audience::Seat(seat), None))
}

/// The sizes of the groups a deployment is shown in (spec §3's example): the coastline, the
/// railway, then rank by rank back to the headquarters; the sea's two rows; the airports.
const GROUPS: [usize; 10] = [4, 2, 3, 4, 3, 4, 3, 4, 6, 2];

/// A deployment in normal form as its owner reads it: `mnhm ce kag fbdi neg hjjf ilk / stts
/// prqqrp / uv` (land front rows first, each row from the owner's left; sea; air).
pub fn show_setup(text: &str) -> String {
    let Ok(s) = SanjunSetup::parse(text) else { return text.to_string() };
    let codes: Vec<char> = s.kinds.iter().map(|k| def_of(*k).code).collect();
    if codes.len() != GROUPS.iter().sum::<usize>() {
        return text.to_string();
    }
    let mut out = String::new();
    let mut at = 0;
    for (i, n) in GROUPS.iter().enumerate() {
        if i > 0 {
            out.push_str(if i == 7 || i == 9 { " / " } else { " " });
        }
        out.extend(&codes[at..at + n]);
        at += n;
    }
    out
}

/// Every point on a grid: files `a`–`o` left to right, rank 25 at the top.
pub fn places() -> Vec<Place> {
    let b = SanjunBoard::get();
    b.board
        .point_ids()
        .map(|at| {
            let name = b.board.name(at).to_string();
            let file = u16::from(name.as_bytes()[0] - b'a');
            let rank: u16 = name[1..].parse().unwrap_or(0);
            let empty = match b.station(at) {
                Station::Headquarters => '□',
                Station::Naval => '~',
                Station::Bridge => '=',
                Station::Airport => 'A',
                Station::HighAltitude => '^',
                Station::Post | Station::Battery | Station::Landing | Station::Coast => '.',
            };
            Place { at, name, x: file, y: 25 - rank, empty }
        })
        .collect()
}

/// A piece as players type it: its code (`p`), its name in English or Chinese (`battleship`,
/// `主力舰`, `主力艦`) or its one-character label (`主`).
fn read_piece(text: &str) -> Option<PieceKind> {
    let t = text.trim();
    let lower = t.to_lowercase();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && let Some(k) = from_code(c)
    {
        return Some(k);
    }
    PIECES
        .iter()
        .position(|d| {
            d.en.eq_ignore_ascii_case(&lower)
                || d.zh == t
                || crate::contract::to_traditional(d.zh) == t
                || d.short_zh == t
                || crate::contract::to_traditional(d.short_zh) == t
        })
        .map(|i| PieceKind(i as u8))
}

static MARKS: MarkDef = MarkDef {
    read_point: |_, text| SanjunBoard::get().board.find(&text.to_lowercase()),
    read_piece,
    piece_code: |k| def_of(k).code.to_string(),
    piece_words: |k| (def_of(k).en, def_of(k).zh),
};

/// A record: its start, or its public history when a setup is `?`.
fn read(def: &'static GameDef, env: &Envelope) -> Result<Reading, ParseError> {
    let notation =
        Notation { parse: |t| parse_move(SanjunBoard::get(), t), format: |m| format_move(SanjunBoard::get(), m) };
    crate::landseaair::record::read(def, env, notation)
}

/// The record format: the plain `.jqr` tags, points by name, pieces by code, sides `red`/`blue`.
pub static SANJUN_RECORD: RecordDef = RecordDef {
    read,
    point: |p| SanjunBoard::get().board.name(p).to_string(),
    piece: |_, k| def_of(k).code.to_string(),
    side: |s| if s == Seat::RED { "red" } else { "blue" },
    shuffle: None,
    write: None,
};

/// The catalogue entry of `sanjun`.
pub static SANJUN: GameDef = GameDef {
    kind: &SANJUN_KIND,
    start: |s| start(s).map(|g| Box::new(g) as Box<dyn AnyGame>),
    random_setup: Some(|_, rng: &mut Rng| SanjunSetup::random(rng).to_compact()),
    validate_setup: Some(|seat, text| deploy(seat, text).map(|s| s.to_compact())),
    deal: None,
    setup_picture: Some(setup_picture),
    swap_slots: Some(crate::adapters::swap_chars),
    policy,
    show_setup,
    marks: Some(&MARKS),
    describe: super::words::describe,
    record: &SANJUN_RECORD,
    places,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deployment_reads_back_in_the_spec_s_groups() {
        let example = "mnhm ce kag fbdi neg hjjf ilk / stts prqqrp / uv";
        let normal = (SANJUN.validate_setup.unwrap())(Seat::BLUE, example).unwrap();
        assert_eq!(normal.len(), 35);
        assert_eq!(show_setup(&normal), example);
        assert_eq!(read_piece("主力艦"), Some(super::super::pieces::kinds::BATTLESHIP));
        assert_eq!(read_piece("Battleship"), read_piece("p"));
        assert_eq!(places().len(), 136);
    }
}
