//! The text board of any catalogued game: a contract [`Picture`] as lines of the terminal.

use crate::rules::Seat;
use crate::rules::contract::{Face, GameKind, Lang, Picture, catalog};

/// A text board of any catalogued game's picture: one line per piece, by the point and piece
/// names its records use (`?` for what the audience may not know), then whose turn it is.
pub fn picture_text(picture: &Picture, kind: &GameKind) -> String {
    let Some(def) = catalog::find(kind.name) else { return String::new() };
    let seat = |s: Seat| kind.seating.name(s, Lang::En);
    let mut lines = Vec::new();
    for t in &picture.tokens {
        let at = (def.record.point)(t.at);
        let piece = match t.face {
            Face::Known { owner, kind: k } | Face::Under { owner, kind: k } => {
                format!("{} {}", seat(owner), (def.record.piece)(owner, k))
            }
            Face::Hidden { owner } => format!("{} ?", seat(owner)),
            Face::Down => "face down".into(),
        };
        lines.push(format!("  {at}: {piece}"));
    }
    match picture.to_move {
        Some(s) => lines.push(format!("  ply {}, {} to move", picture.ply, seat(s))),
        None => lines.push(format!("  ply {}, over", picture.ply)),
    }
    lines.join("\n")
}
