//! Marks: a player's private guesses on enemy pieces (`/junqi mark c9 司令`), drawn on that
//! player's own board image only, in any catalogued kind with hidden pieces (its
//! [`MarkDef`] names points and pieces).
//!
//! A mark belongs to a piece, not to a point: it follows the piece when it moves and is dropped
//! when the piece is removed (it lost a combat, or both fell). Following uses only what every
//! player knows of each ply — the points it touched and its public outcome class — so a mark can
//! never tell its owner more than the public record does. The store keeps each mark with the ply
//! at which its point was right; reading follows it through the plies since, and every mark
//! command rewrites the player's marks at the current ply.

use crate::store::Conn;

use super::lifecycle::{self, AnyLive, Turn};
use super::{Effect, Fail, GameId, Mistake, Msg, Referee, RefereeError, Res, corrupt};
use crate::rules::contract::catalog::{GameDef, MarkDef};
use crate::rules::contract::{Audience, Face, Fact, Leave};
use crate::rules::{Outcome, PieceKind, PointId, Seat};
use crate::store::marks::{MarkRow, marks_of, marks_replace};
use crate::store::{self, GameRow, StoreError, status};

use super::i18n::PieceName;
use super::lifecycle::{GameMistake, mistake};

/// A mark where its piece stands now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The point the marked piece stands on.
    pub point: PointId,
    /// The guess.
    pub kind: PieceKind,
}

/// Where a piece on `at` is after one ply (`None`: it was removed).
fn after_ply(at: PointId, from: PointId, to: PointId, outcome: Outcome) -> Option<PointId> {
    if at == from {
        // The mover: it stands on `to` if it moved or won, else it fell.
        match outcome {
            Outcome::Moved | Outcome::AttackerWon | Outcome::FlagCaptured => Some(to),
            _ => None,
        }
    } else if at == to {
        // The defender: it stays only if it won.
        match outcome {
            Outcome::DefenderWon | Outcome::Moved => Some(at),
            _ => None,
        }
    } else {
        Some(at)
    }
}

/// Every ply of a game as everyone knows it: (from, to, outcome class).
async fn public_plies(
    c: &mut Conn,
    def: &GameDef,
    row: &GameRow,
) -> Result<Vec<(PointId, PointId, Outcome)>, StoreError> {
    let Some(start) = lifecycle::start_of(c, def, row).await? else { return Ok(vec![]) };
    let mut game = (def.start)(&start).map_err(|e| lifecycle::start_corrupt(row.id, e))?;
    let mut plies = Vec::new();
    let log = store::events_of(c, row.id).await?;
    // Taken-back plies moved nothing.
    let log =
        lifecycle::played(&log).map_err(|seq| corrupt("events", format!("{}/{seq}", row.id), "takeback of no move"))?;
    for e in log {
        let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
        match (e.kind.as_str(), seat) {
            ("move", Some(s)) => {
                let played =
                    game.play_text(s, &e.body).map_err(|x| corrupt("events", format!("{}/{}", row.id, e.seq), x))?;
                let (Some(&from), Some(&to)) = (played.public.path.first(), played.public.path.last()) else {
                    continue;
                };
                let outcome = played
                    .public
                    .facts
                    .iter()
                    .find_map(|f| match *f {
                        Fact::Combat { outcome, .. } => Some(outcome),
                        _ => None,
                    })
                    .unwrap_or(Outcome::Moved);
                plies.push((from, to, outcome));
            }
            // With more than two seats a resignation or timeout removes one army and play goes on.
            ("resign", Some(s)) => _ = game.leave(s, Leave::Resign),
            ("timeout", Some(s)) => _ = game.leave(s, Leave::Timeout),
            _ => {}
        }
    }
    Ok(plies)
}

/// The stored marks followed to where their pieces stand after the last ply.
async fn follow(
    c: &mut Conn,
    def: &GameDef,
    marks: &MarkDef,
    row: &GameRow,
    rows: &[MarkRow],
) -> Result<Vec<Mark>, StoreError> {
    if rows.is_empty() {
        return Ok(vec![]);
    }
    let log = store::events_of(c, row.id).await?;
    let moves = lifecycle::played(&log)
        .map_err(|seq| corrupt("events", format!("{}/{seq}", row.id), "takeback of no move"))?
        .iter()
        .filter(|e| e.kind == "move")
        .count();
    // Replaying is needed only when a move was played since some mark was written.
    let plies = if rows.iter().all(|m| m.ply as usize == moves) { vec![] } else { public_plies(c, def, row).await? };
    let mut out = Vec::new();
    for m in rows {
        let bad = |why: &str| corrupt("marks", format!("{}/{}", row.id, m.point), why);
        let mut at = Some((marks.read_point)(Seat(0), &m.point).ok_or_else(|| bad("bad point"))?);
        let kind = (marks.read_piece)(&m.piece).ok_or_else(|| bad("bad piece"))?;
        let since = usize::try_from(m.ply).map_err(|_| bad("bad ply"))?;
        for &(from, to, outcome) in plies.iter().skip(since) {
            at = at.and_then(|p| after_ply(p, from, to, outcome));
        }
        if let Some(point) = at {
            out.push(Mark { point, kind });
        }
    }
    out.sort_by_key(|m| m.point.index());
    Ok(out)
}

impl Referee {
    /// A player's marks in a game, where the marked pieces stand now (empty for anyone else, and
    /// in games without hidden pieces to mark).
    pub async fn marks(&self, game: GameId, user: &str) -> Result<Vec<Mark>, RefereeError> {
        let mut c = self.store.conn().await?;
        let rows = marks_of(&mut c, game, user).await?;
        if rows.is_empty() {
            return Ok(vec![]);
        }
        let Some(row) = store::game_get(&mut c, game).await? else { return Ok(vec![]) };
        let Some(def) = lifecycle::hosts(&row.variant) else { return Ok(vec![]) };
        let Some(marks) = def.marks else { return Ok(vec![]) };
        Ok(follow(&mut c, def, marks, &row, &rows).await?)
    }

    /// Sets (`piece: Some`) or clears the player's mark on `point`.
    pub(super) async fn any_mark(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        (point, piece): (&str, Option<&str>),
        row: &GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let seat = row.seats.seat_of(user).map(|s| Seat(s as u8)).ok_or(Mistake::NotYourGame(game))?;
        let Some(marks) = def.marks else {
            return Err(mistake(GameMistake::NotOffered { game, what: lifecycle::Feature::Marks }));
        };
        if row.status != status::PLAYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let (ply, picture) = {
            let l = self.any_live(t, def, row, live).await?;
            (l.game.ply(), l.game.picture_for(Audience::Seat(seat)))
        };
        // A bare local name (`c6`) is the marker's own point on the 4-player board.
        let p = (marks.read_point)(seat, point).ok_or_else(|| Mistake::BadPoint(point.trim().to_string()))?;
        let name = (def.record.point)(p);
        let stored = marks_of(t.tx, game, user).await?;
        let mut list = follow(t.tx, def, marks, row, &stored).await?;
        let msg = match piece.map(str::trim).filter(|t| !t.is_empty()) {
            Some(token) => {
                let kind = (marks.read_piece)(token).ok_or_else(|| Mistake::BadPiece(token.to_string()))?;
                match picture.at(p) {
                    Some(Face::Known { owner, .. }) if owner != seat => return Err(Mistake::PieceKnown(name).into()),
                    Some(Face::Hidden { owner }) if owner != seat => {}
                    _ => return Err(Mistake::NoEnemyPiece(name).into()),
                }
                list.retain(|m| m.point != p);
                list.push(Mark { point: p, kind });
                let (en, zh) = (marks.piece_words)(kind);
                Msg::Marked { game, point: name, piece: PieceName { zh, en } }
            }
            None => {
                if !list.iter().any(|m| m.point == p) {
                    return Err(Mistake::NoMark(name).into());
                }
                list.retain(|m| m.point != p);
                Msg::Unmarked { game, point: name }
            }
        };
        list.sort_by_key(|m| m.point.index());
        let rows: Vec<MarkRow> = list
            .iter()
            .map(|m| MarkRow {
                point: (def.record.point)(m.point),
                piece: (marks.piece_code)(m.kind),
                ply: i64::from(ply),
            })
            .collect();
        marks_replace(t.tx, game, user, &rows).await.map_err(Fail::Store)?;
        let l = t.out.user_locale(t.tx, user, &row.server_id).await?;
        t.out.effects.push(Effect::Private { user: user.into(), game: Some(game), text: msg.render(l) });
        t.out.effects.push(Effect::Render { game, for_user: Some(user.to_string()) });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_follows_its_piece_and_falls_with_it() {
        let (a, b, c) = (PointId(1), PointId(2), PointId(3));
        assert_eq!(after_ply(a, a, b, Outcome::Moved), Some(b));
        assert_eq!(after_ply(a, a, b, Outcome::AttackerWon), Some(b));
        assert_eq!(after_ply(a, a, b, Outcome::DefenderWon), None);
        assert_eq!(after_ply(a, a, b, Outcome::BothRemoved), None);
        assert_eq!(after_ply(b, a, b, Outcome::DefenderWon), Some(b));
        assert_eq!(after_ply(b, a, b, Outcome::AttackerWon), None);
        assert_eq!(after_ply(b, a, b, Outcome::BothRemoved), None);
        assert_eq!(after_ply(c, a, b, Outcome::AttackerWon), Some(c));
    }
}
