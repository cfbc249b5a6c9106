//! Deployment (`rules-sanjun30.md` §3, §11.1): the 31-character string, its validation (every
//! broken rule at once, in three languages) and seeded random legal deployments.

use crate::board::PointId;
use crate::contract::{Lang, to_traditional};
use crate::piece::PieceKind;
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::{Sanjun30Board, Station};
use super::pieces::{Service, all_kinds, def_of, from_code, kinds};

/// Red's deployment order (§3): 23 land points front row first, each row from the owner's left,
/// the 6 anchors, the 2 airports. Blue's is the same list turned.
const RED_ORDER: [&str; SLOTS] = [
    "e8", "g8", "i8", "k8", "f7", "j7", "g6", "i6", "f5", "h5", "j5", "e4", "k4", "f3", "h3", "j3", "e2", "g2", "i2",
    "k2", "f1", "h1", "j1", "c9", "e9", "g9", "i9", "k9", "m9", "a3", "o3",
];

/// Characters of a deployment string: 30 pieces and one `.` for the empty anchor.
pub const SLOTS: usize = 31;
/// Land slots at the head of the string.
pub const LAND_SLOTS: usize = 23;
/// Anchor slots after them; the last two are the airports.
pub const SEA_SLOTS: usize = 6;
/// Land slots in the front rows (`e8 g8 i8 k8 | f7 j7`, the coastline), at the head of the string.
pub const FRONT_SLOTS: usize = 6;

/// Whether a point is in the front rows of its owner's land zone: the coastline (ranks 7–8,
/// Blue 18–19: landing and battery stations, and `h7`), the land facing the sea and the enemy.
///
/// Rule 5 ("no 地雷 in the front rows") is ours, not the spec's: §3 decides "no row rules", but
/// issue 14's bad-input list names "a mine in the front rows", and the issue wins. The rows are
/// those sanjun (35 pieces) forbids for the same reason, its rule 3.
pub fn is_front_row(board: &Sanjun30Board, p: PointId) -> bool {
    matches!(board.station(p), Station::Landing | Station::Battery | Station::Coast)
}

/// The points a seat's deployment string fills, in string order.
pub fn order(board: &Sanjun30Board, seat: Seat) -> Vec<PointId> {
    board.order(&RED_ORDER, seat)
}

/// A parsed, not yet validated deployment: per slot a kind, or `None` for `.`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup30 {
    /// The slots, in the order of [`order`].
    pub slots: Vec<Option<PieceKind>>,
}

/// A text that is not a deployment string at all (§11.1: a parse error, not a broken rule).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupParseError {
    /// Not 31 characters.
    #[error("{found} characters given, {SLOTS} needed (30 piece codes and one '.')")]
    Length {
        /// How many there were.
        found: usize,
    },
    /// Characters that are neither codes, `.` nor separators.
    #[error("unknown piece codes: {}", .0.join(", "))]
    Unknown(Vec<String>),
}

impl SetupParseError {
    /// The message in a language.
    pub fn describe(&self, lang: Lang) -> String {
        let zh = match self {
            SetupParseError::Length { found } => {
                format!("给出 {found} 个字符，需要 {SLOTS} 个（30 个棋子代码和一个“.”）")
            }
            SetupParseError::Unknown(c) => format!("未知的棋子代码：{}", c.join("、")),
        };
        in_lang(lang, self.to_string(), zh)
    }
}

/// One broken deployment rule (§11.1: flag, 炮垒, counts, zones; and ours, the mine), one per
/// offence. Messages carry the rule's number on the rules page (`docs/rules/sanjun30.*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// Rule 1 "flag": the flag is not on a city gate.
    FlagOffGate {
        /// Where it stands.
        point: PointId,
    },
    /// Rule 2 "炮垒": the coastal battery is not on a battery station.
    BatteryOffStation {
        /// Where it stands.
        point: PointId,
    },
    /// Rule 3 "counts": a kind given other than once.
    Count {
        /// The kind.
        kind: PieceKind,
        /// How many were given.
        found: usize,
    },
    /// Rule 4 "zones": a piece outside its service's zone (a ship on land, an aircraft off the
    /// airports, a land piece at sea).
    WrongZone {
        /// The point.
        point: PointId,
        /// The piece.
        kind: PieceKind,
    },
    /// Rule 4 "zones": the `.` stands for an empty anchor and nowhere else.
    EmptyOffAnchor {
        /// The point left empty.
        point: PointId,
    },
    /// Rule 4 "zones": not exactly one `.`.
    EmptyAnchors {
        /// How many were given.
        found: usize,
    },
    /// Rule 5 "mines": a 地雷 in the front rows (see [`is_front_row`]; ours, from issue 14).
    MineInFrontRows {
        /// Where it stands.
        point: PointId,
    },
}

fn in_lang(lang: Lang, en: String, zh: String) -> String {
    match lang {
        Lang::En => en,
        Lang::ZhHans => zh,
        Lang::ZhHant => to_traditional(&zh),
    }
}

impl Violation {
    /// The message in a language, naming points and pieces.
    pub fn describe(&self, board: &Sanjun30Board, lang: Lang) -> String {
        let n = |p: &PointId| board.board.name(*p).to_string();
        let (rule, en, zh) = match self {
            Violation::FlagOffGate { point } => {
                (1, format!("the flag on {} is not on a city gate", n(point)), format!("{} 上的军旗不在城门", n(point)))
            }
            Violation::BatteryOffStation { point } => (
                2,
                format!("the coastal battery on {} is not on a battery station", n(point)),
                format!("{} 上的炮垒不在炮台兵站", n(point)),
            ),
            Violation::Count { kind, found } => (
                3,
                format!("{found} × {} given, 1 needed", def_of(*kind).en),
                format!("{}给了 {found} 个，需要 1 个", def_of(*kind).zh),
            ),
            Violation::WrongZone { point, kind } => (
                4,
                format!("the {} on {} is outside its zone", def_of(*kind).en, n(point)),
                format!("{} 上的{}不在它的区域", n(point), def_of(*kind).zh),
            ),
            Violation::EmptyOffAnchor { point } => {
                (4, format!("{} must not be left empty", n(point)), format!("{} 不能空着", n(point)))
            }
            Violation::EmptyAnchors { found } => (
                4,
                format!("{found} anchors left empty ('.'), exactly 1 needed"),
                format!("空锚点（“.”）有 {found} 个，必须恰好 1 个"),
            ),
            Violation::MineInFrontRows { point } => (
                5,
                format!("the landmine on {} stands in the front rows (the coastline)", n(point)),
                format!("地雷不能放在前两排（海岸线），现在在 {}", n(point)),
            ),
        };
        let (en, zh) = (format!("rule {rule}: {en}"), format!("规则{rule}：{zh}"));
        in_lang(lang, en, zh)
    }
}

impl Setup30 {
    /// Parses a deployment string: 31 characters of piece codes (any case) and one `.`;
    /// spaces, `/`, `|` and `,` are ignored (§11.1).
    pub fn parse(text: &str) -> Result<Setup30, SetupParseError> {
        if text.len() > crate::echo::MAX_SETUP_BYTES {
            return Err(SetupParseError::Length { found: text.chars().count() });
        }
        let mut slots = Vec::new();
        let mut bad: Vec<String> = Vec::new();
        for c in text.chars() {
            if c.is_whitespace() || matches!(c, '/' | '|' | ',') {
                continue;
            }
            match (c, from_code(c)) {
                ('.', _) => slots.push(None),
                (_, Some(k)) => slots.push(Some(k)),
                // The first few distinct characters name the mistake.
                (_, None) if bad.len() < 8 && !bad.iter().any(|b| b.chars().eq(std::iter::once(c))) => {
                    bad.push(c.to_string())
                }
                (_, None) => {}
            }
        }
        if !bad.is_empty() {
            return Err(SetupParseError::Unknown(bad));
        }
        if slots.len() != SLOTS {
            return Err(SetupParseError::Length { found: slots.len() });
        }
        Ok(Setup30 { slots })
    }

    /// The string of codes, grouped land / anchors / airports.
    pub fn to_code_string(&self) -> String {
        let code = |k: &Option<PieceKind>| k.map_or('.', |k| def_of(k).code);
        let part = |r: std::ops::Range<usize>| self.slots[r].iter().map(code).collect::<String>();
        format!(
            "{} / {} / {}",
            part(0..LAND_SLOTS),
            part(LAND_SLOTS..LAND_SLOTS + SEA_SLOTS),
            part(LAND_SLOTS + SEA_SLOTS..SLOTS)
        )
    }

    /// Checks every rule of §3 and lists every violation; on success, the placed pieces. The
    /// rules are the same for both sides; `seat` only names the points.
    pub fn validate(&self, board: &Sanjun30Board, seat: Seat) -> Result<Vec<(PointId, PieceKind)>, Vec<Violation>> {
        let mut v = Vec::new();
        let points = order(board, seat);
        for (&p, &slot) in points.iter().zip(&self.slots) {
            let st = board.station(p);
            let Some(kind) = slot else {
                if st != Station::Anchor {
                    v.push(Violation::EmptyOffAnchor { point: p });
                }
                continue;
            };
            if kind == kinds::FLAG && st != Station::Gate {
                v.push(Violation::FlagOffGate { point: p });
            }
            if kind == kinds::BATTERY && st != Station::Battery {
                v.push(Violation::BatteryOffStation { point: p });
            }
            let zone_ok = match def_of(kind).service {
                Service::Army | Service::Weapon => st.is_land(),
                Service::Navy => st == Station::Anchor,
                Service::Air => st == Station::Airport,
            };
            if !zone_ok {
                v.push(Violation::WrongZone { point: p, kind });
            }
            if kind == kinds::MINE && is_front_row(board, p) {
                v.push(Violation::MineInFrontRows { point: p });
            }
        }
        for kind in all_kinds() {
            let found = self.slots.iter().filter(|&&k| k == Some(kind)).count();
            if found != 1 {
                v.push(Violation::Count { kind, found });
            }
        }
        let empty = self.slots.iter().filter(|k| k.is_none()).count();
        if empty != 1 {
            v.push(Violation::EmptyAnchors { found: empty });
        }
        if !v.is_empty() {
            return Err(v);
        }
        Ok(points.into_iter().zip(self.slots.iter()).filter_map(|(p, k)| k.map(|k| (p, k))).collect())
    }

    /// A random legal deployment: the flag on a random gate, the 炮垒 on a random battery
    /// station, the other land pieces shuffled over the other land slots (the mine behind the
    /// front rows, rule 5), the ships and the empty anchor shuffled over the anchors, the
    /// aircraft over the airports.
    pub fn random(rng: &mut Rng) -> Setup30 {
        let of = |s: &[Service]| -> Vec<PieceKind> {
            all_kinds().filter(|&k| s.contains(&def_of(k).service) && k != kinds::FLAG && k != kinds::BATTERY).collect()
        };
        let mut land: Vec<Option<PieceKind>> = vec![None; LAND_SLOTS];
        // Slots in Red's order (the same for Blue): gates 20–22; battery stations g8 i8 f7 j7.
        land[20 + rng.below(3)] = Some(kinds::FLAG);
        land[[1usize, 2, 4, 5][rng.below(4)]] = Some(kinds::BATTERY);
        let mut rest = of(&[Service::Army, Service::Weapon]);
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        for slot in land.iter_mut().filter(|s| s.is_none()) {
            *slot = rest.next();
        }
        // A mine shuffled into the front rows trades places with the last piece behind them that
        // may stand anywhere; no draw is added, so seeds without such a mine give what they did.
        if let Some(front) = land[..FRONT_SLOTS].iter().position(|&k| k == Some(kinds::MINE)) {
            let movable = |k: Option<PieceKind>| !matches!(k, Some(kinds::MINE | kinds::FLAG | kinds::BATTERY) | None);
            if let Some(back) = (FRONT_SLOTS..LAND_SLOTS).rev().find(|&i| movable(land[i])) {
                land.swap(front, back);
            }
        }
        let mut sea: Vec<Option<PieceKind>> = of(&[Service::Navy]).into_iter().map(Some).chain([None]).collect();
        rng.shuffle(&mut sea);
        let mut air = of(&[Service::Air]);
        rng.shuffle(&mut air);
        Setup30 { slots: land.into_iter().chain(sea).chain(air.into_iter().map(Some)).collect() }
    }
}
