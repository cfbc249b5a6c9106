//! Helpers shared by the rules tests: positions written as short lists.
#![allow(dead_code)]

use junqi_rules::piece::{JUNQI_PIECES, Piece, PieceKind};
use junqi_rules::{Game, Move, PointId, RuleOptions, Seat, Variant};

/// The Junqi variant.
pub fn v() -> &'static Variant {
    Variant::junqi()
}

/// A point by name.
pub fn pt(name: &str) -> PointId {
    v().board.find(name).unwrap_or_else(|| panic!("no point {name}"))
}

/// A kind by code.
pub fn kind(code: char) -> PieceKind {
    PieceKind(JUNQI_PIECES.iter().position(|d| d.code == code).expect("code") as u8)
}

/// A position from `"R c6 a"`-style entries: side letter, point, piece code.
pub fn position(rules: RuleOptions, to_move: Seat, entries: &[&str]) -> Game {
    let pieces: Vec<(PointId, Piece)> = entries
        .iter()
        .map(|e| {
            let parts: Vec<&str> = e.split_whitespace().collect();
            let seat = if parts[0] == "R" { Seat::RED } else { Seat::BLUE };
            (pt(parts[1]), Piece { seat, kind: kind(parts[2].chars().next().unwrap()), known: false })
        })
        .collect();
    Game::from_position(v(), rules, &pieces, to_move)
}

/// A move by text.
pub fn mv(text: &str) -> Move {
    junqi_rules::notation::parse_move(&v().board, text).expect("move")
}

/// The destinations of the piece on `from`, sorted by name.
pub fn dests(game: &Game, from: &str) -> Vec<String> {
    let mut d: Vec<String> = game.legal_moves_from(pt(from)).iter().map(|m| v().board.name(m.to).to_string()).collect();
    d.sort();
    d
}

/// A list of point names, sorted.
pub fn names(list: &str) -> Vec<String> {
    let mut d: Vec<String> = list.split_whitespace().map(String::from).collect();
    d.sort();
    d
}
