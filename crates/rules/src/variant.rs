//! A variant is the data that makes one game of the family: its board, piece table, seats and
//! teams, deployment order and placement rules, and its combat table. Adding a game means adding
//! one of these (plus any movement the existing link kinds do not cover), not editing the core.

use std::sync::OnceLock;

use super::board::{Board, PointId, PointKind};
use super::combat::{self, CombatFn};
use super::junqi_board;
use super::junqi4_board;
use super::piece::{JUNQI_PIECES, PieceDef, PieceKind, junqi};
use super::seat::{Seat, SeatDef};

/// Where a piece kind may be deployed, beyond "a non-camp point of its owner's half".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Only in a headquarters (the flag).
    HeadquartersOnly,
    /// Only in the owner's back rows, counting from 1 (mines: rows 1–2).
    BackRows(u8),
    /// Never in the owner's front row (bombs).
    NotFrontRow,
}

/// The deployment rules of every Junqi board (`rules-junqi.md` §3): the flag in a headquarters,
/// mines in the back two rows, no bomb in the front row.
fn junqi_placement() -> Vec<(PieceKind, Placement)> {
    vec![
        (junqi::FLAG, Placement::HeadquartersOnly),
        (junqi::MINE, Placement::BackRows(2)),
        (junqi::BOMB, Placement::NotFrontRow),
    ]
}

/// Which game of the family this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantId {
    /// Standard 2-player Junqi.
    Junqi,
    /// 四国军棋: four seats in two teams on the cross-shaped board.
    Junqi4,
    /// Two players (South, North) on the 4-player board (`rules-junqi4.md` §11).
    Junqi4Duel,
}

/// The data of one game of the family.
pub struct Variant {
    /// Which game.
    pub id: VariantId,
    /// Name in records (`junqi`).
    pub name: &'static str,
    /// The board graph.
    pub board: Board,
    /// The piece table; a `PieceKind` indexes it.
    pub pieces: &'static [PieceDef],
    /// The seats, in turn order.
    pub seats: Vec<SeatDef>,
    /// Per seat, the points a deployment string fills, in string order.
    pub deployment_order: Vec<Vec<PointId>>,
    /// Placement rules per piece kind.
    pub placement: Vec<(PieceKind, Placement)>,
    /// The combat table.
    pub combat: CombatFn,
    /// The kind whose loss reveals its side's flag (司令), if any.
    pub commander: Option<PieceKind>,
    /// The flag kind, if any.
    pub flag: Option<PieceKind>,
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Variant {
    /// Standard 2-player Junqi.
    pub fn junqi() -> &'static Variant {
        static V: OnceLock<Variant> = OnceLock::new();
        V.get_or_init(|| Variant {
            id: VariantId::Junqi,
            name: "junqi",
            board: junqi_board::build(),
            pieces: &JUNQI_PIECES,
            seats: vec![SeatDef { name: "red", tag: "Red", team: 0 }, SeatDef { name: "blue", tag: "Blue", team: 1 }],
            deployment_order: vec![junqi_board::deployment_order(Seat::RED), junqi_board::deployment_order(Seat::BLUE)],
            placement: junqi_placement(),
            combat: combat::junqi,
            commander: Some(junqi::MARSHAL),
            flag: Some(junqi::FLAG),
        })
    }

    /// 四国军棋 (`rules-junqi4.md`): seats S, E, N, W in turn order (counter-clockwise), teams SN
    /// and EW.
    pub fn junqi4() -> &'static Variant {
        static V: OnceLock<Variant> = OnceLock::new();
        V.get_or_init(|| Variant {
            id: VariantId::Junqi4,
            name: "junqi4",
            board: junqi4_board::build(),
            pieces: &JUNQI_PIECES,
            seats: vec![
                SeatDef { name: "s", tag: "South", team: 0 },
                SeatDef { name: "e", tag: "East", team: 1 },
                SeatDef { name: "n", tag: "North", team: 0 },
                SeatDef { name: "w", tag: "West", team: 1 },
            ],
            deployment_order: (0..4).map(|s| junqi4_board::deployment_order(Seat(s))).collect(),
            placement: junqi_placement(),
            combat: combat::junqi,
            commander: Some(junqi::MARSHAL),
            flag: Some(junqi::FLAG),
        })
    }

    /// `junqi4-duel` (`rules-junqi4.md` §11): South (seat 0) against North (seat 1) on the
    /// 4-player board; East and West territories stay empty but remain board.
    pub fn junqi4_duel() -> &'static Variant {
        static V: OnceLock<Variant> = OnceLock::new();
        V.get_or_init(|| Variant {
            id: VariantId::Junqi4Duel,
            name: "junqi4-duel",
            board: junqi4_board::build_owned([Some(Seat(0)), None, Some(Seat(1)), None]),
            pieces: &JUNQI_PIECES,
            seats: vec![SeatDef { name: "s", tag: "South", team: 0 }, SeatDef { name: "n", tag: "North", team: 1 }],
            // North's points keep their ids (territory 2) although North is seat 1.
            deployment_order: vec![junqi4_board::deployment_order(Seat(0)), junqi4_board::deployment_order(Seat(2))],
            placement: junqi_placement(),
            combat: combat::junqi,
            commander: Some(junqi::MARSHAL),
            flag: Some(junqi::FLAG),
        })
    }

    /// The family's 60-point 2-player board with its piece set, as the 2-player board art draws
    /// it: the standard game's board, which 翻棋 and the naval games' layout share. Drawing asks
    /// for a board, not for a game: a new 2-player game of the family is drawn without the art
    /// naming it.
    pub fn two_player_board() -> &'static Variant {
        Variant::junqi()
    }

    /// The family's 4-player cross board with its piece set, as the cross board art draws it
    /// (四国军棋 and the two-player game on the cross board share it).
    pub fn cross_board() -> &'static Variant {
        Variant::junqi4()
    }

    /// Looks a variant up by its record name.
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        match name.trim().to_lowercase().as_str() {
            "junqi" | "军棋" | "陆战棋" => Some(Variant::junqi()),
            "junqi4" | "四国军棋" | "四国" => Some(Variant::junqi4()),
            "junqi4-duel" | "四国双人" => Some(Variant::junqi4_duel()),
            _ => None,
        }
    }

    /// The definition of a piece kind.
    pub fn piece(&self, kind: PieceKind) -> &PieceDef {
        &self.pieces[kind.0 as usize]
    }

    /// The team of a seat.
    pub fn team(&self, seat: Seat) -> u8 {
        self.seats[seat.index()].team
    }

    /// The seat that plays after `seat`.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.seats.len()) as u8)
    }

    /// The lower-case name of a seat (`red`).
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.seats[seat.index()].name
    }

    /// Number of pieces each side deploys.
    pub fn army_size(&self) -> usize {
        self.pieces.iter().map(|d| d.count as usize).sum()
    }

    /// The headquarters of a seat.
    pub fn headquarters(&self, seat: Seat) -> Vec<PointId> {
        self.board
            .point_ids()
            .filter(|&p| {
                let pt = self.board.point(p);
                pt.kind == PointKind::Headquarters && pt.owner == Some(seat)
            })
            .collect()
    }
}
