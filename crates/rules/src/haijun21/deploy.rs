//! Deployment in 二十一世紀海軍棋 (`rules-haijun.md` §9 "Deployment", §10.10): a 30-character
//! string over the owner's 30 points in Junqi's order (front row first, owner's left to right),
//! 27 piece codes and exactly three `.`; its validation (every broken rule at once, in three
//! languages) and seeded random legal deployments.

use crate::board::{Board, PointId};
use crate::contract::Lang;
use crate::junqi_board::at;
use crate::piece::PieceKind;
use crate::rng::Rng;
use crate::seat::Seat;

pub use crate::haijun::deploy::SetupParseError;

use super::board::on_lane;
use super::pieces::{FLEET_SIZE, PIECES, def_of, from_code, is_aircraft, kinds};

/// Points of a half, and characters of a deployment string.
pub const POINTS: usize = 30;

/// Empty points of a deployment.
pub const EMPTIES: usize = POINTS - FLEET_SIZE;

/// The owner's 30 points in deployment order: rank 6 to rank 1 (Blue: 7 to 12), each from the
/// owner's left.
pub fn order(seat: Seat) -> Vec<PointId> {
    let mut out = Vec::with_capacity(POINTS);
    for row in (1..=6u8).rev() {
        for i in 0..5u8 {
            out.push(if seat == Seat::RED { at(i, row) } else { at(4 - i, 13 - row) });
        }
    }
    out
}

/// A parsed, not yet validated deployment: one slot per point of [`order`], `None` empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Haijun21Setup {
    /// The slots, in deployment order.
    pub slots: Vec<Option<PieceKind>>,
}

/// One broken deployment rule, one per offence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The 軍旗 is not in the HQ.
    FlagOffHq {
        /// Where it stands.
        point: PointId,
    },
    /// A 水雷 outside the owner's two back rows.
    MineOutsideBackRows {
        /// Where it stands.
        point: PointId,
    },
    /// An aircraft off the air lanes.
    AircraftOffLane {
        /// Where it stands.
        point: PointId,
        /// Which aircraft.
        kind: PieceKind,
    },
    /// A kind in the wrong number.
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many the string has.
        found: usize,
        /// How many §9 gives.
        needed: usize,
    },
    /// Not exactly three empty points.
    WrongEmpties {
        /// How many `.` the string has.
        found: usize,
    },
}

impl Violation {
    /// The message in a language, points named by `board`.
    pub fn describe(&self, board: &Board, lang: Lang) -> String {
        let (en, zh) = match *self {
            Violation::FlagOffHq { point } => {
                let p = board.name(point);
                (format!("the flag on {p} must stand in the HQ"), format!("{p} 的军旗必须放在指挥部"))
            }
            Violation::MineOutsideBackRows { point } => {
                let p = board.name(point);
                (
                    format!("the sea mine on {p} must stand in its owner's two back rows"),
                    format!("{p} 的水雷只能放在己方最后两排"),
                )
            }
            Violation::AircraftOffLane { point, kind } => {
                let (p, d) = (board.name(point), def_of(kind));
                (format!("the {} on {p} must stand on an air lane", d.en), format!("{p} 的{}必须放在航空线上", d.zh))
            }
            Violation::WrongCount { kind, found, needed } => {
                let d = def_of(kind);
                (
                    format!("{found} × {} given, {needed} needed", d.en),
                    format!("{}：给出 {found} 个，需要 {needed} 个", d.zh),
                )
            }
            Violation::WrongEmpties { found } => (
                format!("{found} empty points given, exactly {EMPTIES} needed"),
                format!("给出 {found} 个空位，需要正好 {EMPTIES} 个"),
            ),
        };
        lang.pick(en, zh).into_owned()
    }
}

/// Reads a deployment string: 30 codes or `.`, spaces and `/` ignored.
pub fn parse(text: &str) -> Result<Haijun21Setup, SetupParseError> {
    let mut slots = Vec::new();
    let mut unknown = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != '/') {
        match (c, from_code(c)) {
            ('.', _) => slots.push(None),
            (_, Some(k)) => slots.push(Some(k)),
            _ => unknown.push(c),
        }
    }
    if !unknown.is_empty() {
        return Err(SetupParseError::Unknown(unknown));
    }
    if slots.len() != POINTS {
        return Err(SetupParseError::Length { found: slots.len(), needed: POINTS });
    }
    Ok(Haijun21Setup { slots })
}

impl Haijun21Setup {
    /// The string, six rows of five from the front row.
    pub fn to_code_string(&self) -> String {
        let codes: Vec<char> = self.slots.iter().map(|s| s.map_or('.', |k| def_of(k).code)).collect();
        codes.chunks(5).map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join(" ")
    }

    /// The points this setup fills for `seat`, with their kinds.
    pub fn placed(&self, seat: Seat) -> Vec<(PointId, PieceKind)> {
        order(seat).into_iter().zip(self.slots.iter()).filter_map(|(p, s)| s.map(|k| (p, k))).collect()
    }

    /// Every broken rule (empty when legal): the point rules in deployment order, then the
    /// counts in code order, then the empties.
    pub fn violations(&self, board: &Board, seat: Seat) -> Vec<Violation> {
        let mut out = Vec::new();
        for (point, kind) in self.placed(seat) {
            if kind == kinds::FLAG && !board.is_headquarters(point) {
                out.push(Violation::FlagOffHq { point });
            }
            if kind == kinds::MINE && board.point(point).home_row > 2 {
                out.push(Violation::MineOutsideBackRows { point });
            }
            if is_aircraft(kind) && !on_lane(point) {
                out.push(Violation::AircraftOffLane { point, kind });
            }
        }
        for (i, d) in PIECES.iter().enumerate() {
            let kind = PieceKind(i as u8);
            let found = self.slots.iter().filter(|k| **k == Some(kind)).count();
            if found != d.count as usize {
                out.push(Violation::WrongCount { kind, found, needed: d.count as usize });
            }
        }
        let empties = self.slots.iter().filter(|s| s.is_none()).count();
        if empties != EMPTIES {
            out.push(Violation::WrongEmpties { found: empties });
        }
        out
    }

    /// A seeded random legal deployment: the 軍旗 in the HQ, the 水雷 among the other back-row
    /// points, the aircraft on lane points, the rest and the three empties shuffled into what is
    /// left. Slots mean the same points for both seats (Blue's half mirrors Red's, lanes too).
    pub fn random(rng: &mut Rng) -> Haijun21Setup {
        let red = order(Seat::RED);
        let mut slots: Vec<Option<Option<PieceKind>>> = vec![None; POINTS];
        let hq = red.iter().position(|&p| p == super::board::HQS[0]).expect("the HQ is a deployment point");
        slots[hq] = Some(Some(kinds::FLAG));
        let mut place = |slots: &mut Vec<Option<Option<PieceKind>>>, ok: &dyn Fn(usize) -> bool, kind, n| {
            let mut free: Vec<usize> = (0..POINTS).filter(|&i| slots[i].is_none() && ok(i)).collect();
            rng.shuffle(&mut free);
            for &i in free.iter().take(n) {
                slots[i] = Some(Some(kind));
            }
        };
        place(&mut slots, &|i| i >= 20, kinds::MINE, def_of(kinds::MINE).count as usize);
        for plane in [kinds::ASW_PLANE, kinds::BOMBER] {
            place(&mut slots, &|i| on_lane(red[i]), plane, def_of(plane).count as usize);
        }
        let mut rest: Vec<Option<PieceKind>> = vec![None; EMPTIES];
        for (i, d) in PIECES.iter().enumerate() {
            let k = PieceKind(i as u8);
            if ![kinds::FLAG, kinds::MINE, kinds::ASW_PLANE, kinds::BOMBER].contains(&k) {
                rest.extend(std::iter::repeat_n(Some(k), d.count as usize));
            }
        }
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        let slots = slots.into_iter().map(|s| s.unwrap_or_else(|| rest.next().expect("30 slots"))).collect();
        Haijun21Setup { slots }
    }
}
