//! Static values: what a piece is worth and what a position is worth to a seat, from the
//! variant's piece table (class and rank), so any variant of deployed armies gets them.

use junqi_rules::Seat;
use junqi_rules::game::Game;
use junqi_rules::piece::{PieceClass, PieceDef};

/// A won game, in material units: above any material swing.
pub const WIN: f64 = 1000.0;

/// What a piece is worth in material. Officers double every two ranks; an engineer is worth more
/// than its rank (it clears mines and rides the railway), a bomb about a high officer it trades
/// with, a mine a middling officer.
pub fn value(def: &PieceDef) -> f64 {
    match def.class {
        PieceClass::Officer => 2f64.powf(f64::from(def.rank) / 2.0),
        PieceClass::Engineer => 4.0,
        PieceClass::Bomb => 9.0,
        PieceClass::Mine => 4.0,
        PieceClass::Flag => WIN,
    }
}

/// A position's worth to `me`: the result if over, else own material minus everyone else's
/// (flags left out: only taking them counts).
pub fn position(game: &Game, me: Seat) -> f64 {
    let v = game.variant();
    if let Some(over) = game.over() {
        return match over.winner {
            Some(t) if t == v.team(me) => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
    }
    let mut score = 0.0;
    for p in v.board.point_ids() {
        if let Some(piece) = game.piece_at(p) {
            let def = v.piece(piece.kind);
            if def.class == PieceClass::Flag {
                continue;
            }
            let x = value(def);
            score += if v.team(piece.seat) == v.team(me) { x } else { -x };
        }
    }
    score
}
