//! Deployment (`rules-sanjun.md` §3): the 35-code string, its validation (every broken rule at
//! once), and seeded random legal deployments.

use crate::board::PointId;
use crate::piece::PieceKind;
use crate::rng::Rng;
use crate::seat::Seat;

use super::board::{SanjunBoard, Station};
use super::pieces::{ARMY_SIZE, PIECES, Service, def_of, from_code, kinds};

/// Red's deployment order (§3): land front row first, each row from the owner's left, then sea,
/// then the two airports. Blue's is the same list turned.
const RED_ORDER: [&str; ARMY_SIZE] = [
    "g8", "i8", "f7", "j7", "g6", "i6", "f5", "h5", "j5", "e4", "g4", "i4", "k4", "f3", "h3", "j3", "e2", "g2", "i2",
    "k2", "f1", "h1", "j1", "d10", "f10", "j10", "l10", "c9", "e9", "g9", "i9", "k9", "m9", "a3", "o3",
];

/// Number of land slots at the head of the string, then sea slots; the last two are the airports.
pub const LAND_SLOTS: usize = 23;
/// Number of land slots on the coastline (the front rows), at the head of the string.
pub const FRONT_SLOTS: usize = 4;
/// Number of sea slots.
pub const SEA_SLOTS: usize = 10;

/// The points a seat's deployment string fills, in string order.
pub fn order(board: &SanjunBoard, seat: Seat) -> Vec<PointId> {
    board.order(&RED_ORDER, seat)
}

/// A parsed, not yet validated deployment string: the kinds in string order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanjunSetup {
    /// The kinds, in the order of [`order`].
    pub kinds: Vec<PieceKind>,
}

/// Characters that are neither separators nor pieces.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece codes: {}", .0.join(", "))]
pub struct UnknownCodes(pub Vec<String>);

/// One broken deployment rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// Not 35 codes (rule 4).
    Length {
        /// How many there were.
        found: usize,
    },
    /// A kind in the wrong number (rule 4).
    Count {
        /// The kind.
        kind: PieceKind,
        /// How many were given.
        found: usize,
        /// How many §1 lists.
        expected: usize,
    },
    /// A piece outside its service's zone: a ship on land, an aircraft off its airports, a land
    /// piece at sea … (rule 4).
    WrongZone {
        /// The point.
        point: PointId,
        /// The piece.
        kind: PieceKind,
    },
    /// The flag outside a headquarters (rule 1).
    FlagNotInHeadquarters {
        /// Where it stands.
        point: PointId,
    },
    /// A 炮垒 off the battery stations (rule 2).
    BatteryOffStation {
        /// Where it stands.
        point: PointId,
    },
    /// A 地雷 on the coastline, the two front rows of the land zone (rule 3; issue 14 overrides the
    /// spec's "no other placement rule": its bad-input list names "a mine in the front rows").
    MineInFrontRows {
        /// Where it stands.
        point: PointId,
    },
}

/// Whether a point is in the front rows of its owner's land zone: ranks 7–8 (Blue 18–19), the
/// coastline, which a mine may not hold.
pub fn is_front_row(board: &SanjunBoard, p: PointId) -> bool {
    let name = board.board.name(p);
    let rank: u8 = name[1..].parse().unwrap_or(0);
    board.station(p).is_land() && matches!(rank, 7 | 8 | 18 | 19)
}

impl Violation {
    /// The message, naming points and pieces in English.
    pub fn describe(&self, board: &SanjunBoard) -> String {
        let name = |k: &PieceKind| def_of(*k).en;
        match self {
            Violation::Length { found } => format!("rule 4: {found} pieces given, {ARMY_SIZE} needed"),
            Violation::Count { kind, found, expected } => {
                format!("rule 4: {found} × {} given, {expected} needed", name(kind))
            }
            Violation::WrongZone { point, kind } => {
                format!("rule 4: the {} on {} is outside its zone", name(kind), board.board.name(*point))
            }
            Violation::FlagNotInHeadquarters { point } => {
                format!("rule 1: the flag on {} is not in a headquarters", board.board.name(*point))
            }
            Violation::BatteryOffStation { point } => {
                format!("rule 2: the coastal battery on {} is not on a battery station", board.board.name(*point))
            }
            Violation::MineInFrontRows { point } => {
                format!("rule 3: the landmine on {} stands in the front rows (the coastline)", board.board.name(*point))
            }
        }
    }

    /// The message in English and 简体 (繁體 comes from the character table).
    pub fn explain(&self, board: &SanjunBoard) -> crate::contract::Explained {
        let name = |k: &PieceKind| def_of(*k).zh;
        let at = |p: &PointId| board.board.name(*p);
        let zh = match self {
            Violation::Length { found } => format!("规则4：给出了 {found} 个棋子，应为 {ARMY_SIZE} 个"),
            Violation::Count { kind, found, expected } => {
                format!("规则4：{}有 {found} 个，应为 {expected} 个", name(kind))
            }
            Violation::WrongZone { point, kind } => {
                let zone = match def_of(*kind).service {
                    Service::Army | Service::Weapon => "陆地",
                    Service::Navy => "海军布阵点",
                    Service::Air => "己方机场",
                };
                format!("规则4：{} 上的{}不在它的区域（应在{zone}）", at(point), name(kind))
            }
            Violation::FlagNotInHeadquarters { point } => format!("规则1：军旗必须放在大本营，现在在 {}", at(point)),
            Violation::BatteryOffStation { point } => {
                format!("规则2：炮垒必须放在炮台兵站，现在在 {}", at(point))
            }
            Violation::MineInFrontRows { point } => {
                format!("规则3：地雷不能放在前两排（海岸线），现在在 {}", at(point))
            }
        };
        crate::contract::Explained::new(self.describe(board), zh)
    }
}

impl SanjunSetup {
    /// Parses a deployment string: code letters (any case) or one-character Chinese labels;
    /// spaces, `/`, `|` and `,` are ignored.
    pub fn parse(text: &str) -> Result<SanjunSetup, UnknownCodes> {
        if text.len() > crate::echo::MAX_SETUP_BYTES {
            // Refused unread: no deployment is this long.
            let max = crate::echo::MAX_SETUP_BYTES;
            return Err(UnknownCodes(vec![format!(
                "(a text of {} bytes; a deployment has at most {max})",
                text.len()
            )]));
        }
        let mut kinds = Vec::new();
        let mut bad = Vec::new();
        for c in text.chars() {
            if c.is_whitespace() || matches!(c, '/' | '|' | ',') {
                continue;
            }
            // A label's first character names its piece: every label starts with its own (高炮's
            // 高 too, so deployments written with the one-character labels still read).
            let by_label = || PIECES.iter().position(|d| d.short_zh.starts_with(c)).map(|i| PieceKind(i as u8));
            match from_code(c).or_else(by_label) {
                Some(k) => kinds.push(k),
                // The first few distinct codes name the mistake; a wall of them would only
                // lengthen the message.
                None if bad.len() < 8 && !bad.iter().any(|b: &String| b.chars().eq(std::iter::once(c))) => {
                    bad.push(c.to_string())
                }
                None => {}
            }
        }
        if bad.is_empty() { Ok(SanjunSetup { kinds }) } else { Err(UnknownCodes(bad)) }
    }

    /// The 35 codes with no separator: the normal form records and saved layouts keep (one
    /// character per slot, so slots can be exchanged by position).
    pub fn to_compact(&self) -> String {
        self.kinds.iter().map(|k| def_of(*k).code).collect()
    }

    /// The string of codes, grouped land / sea / air.
    pub fn to_code_string(&self) -> String {
        let code = |k: &PieceKind| def_of(*k).code;
        let part = |r: std::ops::Range<usize>| self.kinds.get(r).map(|s| s.iter().map(code).collect::<String>());
        match (part(0..LAND_SLOTS), part(LAND_SLOTS..LAND_SLOTS + SEA_SLOTS), part(LAND_SLOTS + SEA_SLOTS..ARMY_SIZE)) {
            (Some(l), Some(s), Some(a)) if self.kinds.len() == ARMY_SIZE => format!("{l} / {s} / {a}"),
            _ => self.kinds.iter().map(code).collect(),
        }
    }

    /// Checks every rule of §3 and lists every violation; on success, the placed pieces. The
    /// rules are the same for both sides (§10.15); `seat` only names the points.
    pub fn validate(&self, board: &SanjunBoard, seat: Seat) -> Result<Vec<(PointId, PieceKind)>, Vec<Violation>> {
        let mut v = Vec::new();
        if self.kinds.len() != ARMY_SIZE {
            v.push(Violation::Length { found: self.kinds.len() });
        }
        for (i, d) in PIECES.iter().enumerate() {
            let kind = PieceKind(i as u8);
            let found = self.kinds.iter().filter(|&&k| k == kind).count();
            if found != d.count as usize {
                v.push(Violation::Count { kind, found, expected: d.count as usize });
            }
        }
        let placed: Vec<(PointId, PieceKind)> =
            order(board, seat).into_iter().zip(self.kinds.iter().copied()).collect();
        for &(p, kind) in &placed {
            let st = board.station(p);
            let zone_ok = match def_of(kind).service {
                Service::Army | Service::Weapon => st.is_land(),
                Service::Navy => st == Station::Naval,
                Service::Air => st == Station::Airport,
            };
            if !zone_ok {
                v.push(Violation::WrongZone { point: p, kind });
            }
            if kind == kinds::FLAG && st.is_land() && st != Station::Headquarters {
                v.push(Violation::FlagNotInHeadquarters { point: p });
            }
            if kind == kinds::BATTERY && st.is_land() && st != Station::Battery {
                v.push(Violation::BatteryOffStation { point: p });
            }
            if kind == kinds::MINE && is_front_row(board, p) {
                v.push(Violation::MineInFrontRows { point: p });
            }
        }
        if v.is_empty() { Ok(placed) } else { Err(v) }
    }

    /// A random legal deployment: the flag in a random headquarters, the two batteries on two of
    /// the four battery stations, the two mines behind the coastline, everything else shuffled
    /// within its zone.
    pub fn random(rng: &mut Rng) -> SanjunSetup {
        let by_service = |s: Service| -> Vec<PieceKind> {
            PIECES
                .iter()
                .enumerate()
                .filter(|(_, d)| d.service == s || (s == Service::Army && d.service == Service::Weapon))
                .flat_map(|(i, d)| std::iter::repeat_n(PieceKind(i as u8), d.count as usize))
                .collect()
        };
        let mut land: Vec<Option<PieceKind>> = vec![None; LAND_SLOTS];
        // Slots in Red's order (the same slots for Blue): headquarters 20–22, batteries 0–3.
        let hq = 20 + rng.below(3);
        land[hq] = Some(kinds::FLAG);
        let mut stations = [0usize, 1, 2, 3];
        rng.shuffle(&mut stations);
        land[stations[0]] = Some(kinds::BATTERY);
        land[stations[1]] = Some(kinds::BATTERY);
        let mut rest: Vec<PieceKind> =
            by_service(Service::Army).into_iter().filter(|&k| k != kinds::FLAG && k != kinds::BATTERY).collect();
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        for slot in land.iter_mut().filter(|s| s.is_none()) {
            *slot = rest.next();
        }
        // A mine shuffled onto the coastline trades places with the last piece behind it that may
        // stand anywhere; no draw is added, so seeds without such a mine give what they always did.
        for front in 0..FRONT_SLOTS {
            if land[front] == Some(kinds::MINE) {
                let movable =
                    |k: Option<PieceKind>| !matches!(k, Some(kinds::MINE | kinds::FLAG | kinds::BATTERY) | None);
                if let Some(back) = (FRONT_SLOTS..LAND_SLOTS).rev().find(|&i| movable(land[i])) {
                    land.swap(front, back);
                }
            }
        }
        let mut sea = by_service(Service::Navy);
        rng.shuffle(&mut sea);
        let mut air = by_service(Service::Air);
        rng.shuffle(&mut air);
        let kinds = land.into_iter().map(|k| k.expect("23 land pieces for 23 slots")).chain(sea).chain(air).collect();
        SanjunSetup { kinds }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_covers_the_marks_and_airports() {
        let b = SanjunBoard::get();
        for seat in [Seat::RED, Seat::BLUE] {
            let o = order(b, seat);
            assert!(o[..LAND_SLOTS].iter().all(|&p| b.station(p).is_land() && b.is_marked(p)));
            assert!(
                o[LAND_SLOTS..LAND_SLOTS + SEA_SLOTS].iter().all(|&p| b.station(p) == Station::Naval && b.is_marked(p))
            );
            assert!(o[LAND_SLOTS + SEA_SLOTS..].iter().all(|&p| b.station(p) == Station::Airport));
            assert!(o.iter().all(|&p| b.board.point(p).owner == Some(seat)));
            let mut sorted = o.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), ARMY_SIZE);
        }
        assert_eq!(b.board.name(order(b, Seat::BLUE)[0]), "i18");
    }

    #[test]
    fn the_spec_example_is_valid_for_both_sides() {
        let s = SanjunSetup::parse("mnhm ce kag fbdi neg hjjf ilk / stts prqqrp / uv").unwrap();
        let b = SanjunBoard::get();
        assert!(s.validate(b, Seat::RED).is_ok());
        assert!(s.validate(b, Seat::BLUE).is_ok());
        assert_eq!(SanjunSetup::parse(&s.to_code_string()).unwrap(), s);
        assert_eq!(SanjunSetup::parse("垒高排垒 ce kag fbdi neg hjjf ilk / stts prqqrp / uv").unwrap(), s);
        assert_eq!(SanjunSetup::parse("x o!"), Err(UnknownCodes(vec!["x".into(), "o".into(), "!".into()])));
    }
}
