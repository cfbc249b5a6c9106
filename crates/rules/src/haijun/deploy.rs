//! Deployment (`rules-haijun.md` §3): the 25-code string, its validation (every broken rule at
//! once, in three languages) and seeded random legal deployments.
//!
//! The string fills the 25 non-camp points of the owner's half in Junqi's order, so rule 2
//! (camps start empty) holds by construction and has no violation of its own.

use std::fmt;

use crate::board::{Board, PointId};
use crate::contract::Lang;
use crate::junqi_board::deployment_order;
use crate::piece::PieceKind;
use crate::rng::Rng;
use crate::seat::Seat;

use super::pieces::{FLEET_SIZE, PIECES, def_of, from_code, kinds};

/// A parsed, not yet validated deployment: one kind per point of [`deployment_order`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HaijunSetup {
    /// The kinds, in deployment order.
    pub slots: Vec<PieceKind>,
}

/// A text that is not a deployment string at all (shared with `haijun21`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupParseError {
    /// Not as many piece codes as the game's string has slots.
    Length {
        /// How many codes there were.
        found: usize,
        /// How many the string needs (25 here, 30 in `haijun21`, whose `.` counts).
        needed: usize,
    },
    /// Characters that are neither codes nor separators.
    Unknown(Vec<char>),
}

impl fmt::Display for SetupParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Lang::En))
    }
}

impl std::error::Error for SetupParseError {}

impl SetupParseError {
    /// The message in a language.
    pub fn describe(&self, lang: Lang) -> String {
        let (en, zh) = match self {
            SetupParseError::Length { found, needed } => (
                format!("{found} piece codes given, {needed} needed"),
                format!("给出 {found} 个棋子代码，需要 {needed} 个"),
            ),
            SetupParseError::Unknown(c) => {
                let list: Vec<String> = c.iter().map(|c| c.to_string()).collect();
                (format!("unknown piece codes: {}", list.join(", ")), format!("未知的棋子代码：{}", list.join("、")))
            }
        };
        lang.pick(en, zh).into_owned()
    }
}

/// One broken deployment rule, one per offence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// Rule 1: the 旗舰 is not in a command HQ.
    FlagshipOffHq {
        /// Where it stands.
        point: PointId,
    },
    /// Rule 3: a 水雷 outside the owner's two back rows.
    MineOutsideBackRows {
        /// Where it stands.
        point: PointId,
    },
    /// Rule 4: a 鱼雷 in the front row.
    TorpedoInFrontRow {
        /// Where it stands.
        point: PointId,
    },
    /// Rule 5: a kind in the wrong number.
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many the string has.
        found: usize,
        /// How many §1 gives.
        needed: usize,
    },
}

impl Violation {
    /// The message in a language, points named by `board`.
    pub fn describe(&self, board: &Board, lang: Lang) -> String {
        let (en, zh) = match *self {
            Violation::FlagshipOffHq { point } => {
                let p = board.name(point);
                (format!("the flagship on {p} must stand in a command HQ"), format!("{p} 的旗舰必须放在指挥部"))
            }
            Violation::MineOutsideBackRows { point } => {
                let p = board.name(point);
                (
                    format!("the sea mine on {p} must stand in its owner's two back rows"),
                    format!("{p} 的水雷只能放在己方最后两排"),
                )
            }
            Violation::TorpedoInFrontRow { point } => {
                let p = board.name(point);
                (format!("the torpedo on {p} may not stand in the front row"), format!("{p} 的鱼雷不能放在第一排"))
            }
            Violation::WrongCount { kind, found, needed } => {
                let d = def_of(kind);
                (
                    format!("{found} × {} given, {needed} needed", d.en),
                    format!("{}：给出 {found} 个，需要 {needed} 个", d.zh),
                )
            }
        };
        // Numbered as the rules page numbers the deployment rules (`docs/rules/haijun.*.md`).
        let n = self.rule();
        lang.pick(format!("rule {n}: {en}"), format!("规则{n}：{zh}")).into_owned()
    }

    /// The number of the deployment rule broken (§3; the rules page numbers them alike): 1 the
    /// 旗舰 in an HQ, 3 mines in the back rows, 4 no torpedo in the front row, 5 the counts (2,
    /// empty camps, cannot be broken by a deployment string).
    pub fn rule(&self) -> u8 {
        match self {
            Violation::FlagshipOffHq { .. } => 1,
            Violation::MineOutsideBackRows { .. } => 3,
            Violation::TorpedoInFrontRow { .. } => 4,
            Violation::WrongCount { .. } => 5,
        }
    }
}

/// Reads a deployment string: 25 codes, spaces and `/` ignored.
pub fn parse(text: &str) -> Result<HaijunSetup, SetupParseError> {
    let mut slots = Vec::new();
    let mut unknown = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != '/') {
        match from_code(c) {
            Some(k) => slots.push(k),
            None => unknown.push(c),
        }
    }
    if !unknown.is_empty() {
        return Err(SetupParseError::Unknown(unknown));
    }
    if slots.len() != FLEET_SIZE {
        return Err(SetupParseError::Length { found: slots.len(), needed: FLEET_SIZE });
    }
    Ok(HaijunSetup { slots })
}

impl HaijunSetup {
    /// The string, grouped by rows as in §3 (5, 3, 4, 3, 5, 5).
    pub fn to_code_string(&self) -> String {
        let mut out = String::new();
        let mut i = 0;
        for (n, len) in [5usize, 3, 4, 3, 5, 5].into_iter().enumerate() {
            if n > 0 {
                out.push(' ');
            }
            out.extend(self.slots[i..i + len].iter().map(|k| def_of(*k).code));
            i += len;
        }
        out
    }

    /// The points this setup fills for `seat`, with their kinds.
    pub fn placed(&self, seat: Seat) -> Vec<(PointId, PieceKind)> {
        deployment_order(seat).into_iter().zip(self.slots.iter().copied()).collect()
    }

    /// Every broken rule (empty when legal), in point order then kind order.
    pub fn violations(&self, board: &Board, seat: Seat) -> Vec<Violation> {
        let mut out = Vec::new();
        for (point, kind) in self.placed(seat) {
            let row = board.point(point).home_row;
            if kind == kinds::FLAGSHIP && !board.is_headquarters(point) {
                out.push(Violation::FlagshipOffHq { point });
            }
            if kind == kinds::MINE && row > 2 {
                out.push(Violation::MineOutsideBackRows { point });
            }
            if kind == kinds::TORPEDO && row == 6 {
                out.push(Violation::TorpedoInFrontRow { point });
            }
        }
        for (i, d) in PIECES.iter().enumerate() {
            let kind = PieceKind(i as u8);
            let found = self.slots.iter().filter(|k| **k == kind).count();
            if found != d.count as usize {
                out.push(Violation::WrongCount { kind, found, needed: d.count as usize });
            }
        }
        out
    }

    /// A seeded random legal deployment: the 旗舰 on one HQ, the 水雷 among the other back-row
    /// points, the 鱼雷 anywhere behind the front row, the rest shuffled into what is left.
    pub fn random(rng: &mut Rng) -> HaijunSetup {
        // Slot indices of Red's order (the same for Blue): rows 6,5,4,3,2,1 have 5,3,4,3,5,5.
        let front: Vec<usize> = (0..5).collect();
        let back: Vec<usize> = (15..25).collect();
        let hqs = [21usize, 23];
        let mut slots: Vec<Option<PieceKind>> = vec![None; FLEET_SIZE];
        slots[hqs[rng.below(2)]] = Some(kinds::FLAGSHIP);
        let mut free_back: Vec<usize> = back.into_iter().filter(|&i| slots[i].is_none()).collect();
        rng.shuffle(&mut free_back);
        for &i in free_back.iter().take(def_of(kinds::MINE).count as usize) {
            slots[i] = Some(kinds::MINE);
        }
        let mut behind: Vec<usize> = (0..FLEET_SIZE).filter(|i| !front.contains(i) && slots[*i].is_none()).collect();
        rng.shuffle(&mut behind);
        for &i in behind.iter().take(def_of(kinds::TORPEDO).count as usize) {
            slots[i] = Some(kinds::TORPEDO);
        }
        let mut rest: Vec<PieceKind> = Vec::new();
        for (i, d) in PIECES.iter().enumerate() {
            let k = PieceKind(i as u8);
            if k != kinds::FLAGSHIP && k != kinds::MINE && k != kinds::TORPEDO {
                rest.extend(std::iter::repeat_n(k, d.count as usize));
            }
        }
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        let slots = slots.into_iter().map(|s| s.unwrap_or_else(|| rest.next().expect("25 pieces"))).collect();
        HaijunSetup { slots }
    }
}
