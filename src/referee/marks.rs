//! Marks: a player's private guesses on enemy pieces (`/junqi mark c9 司令`), drawn on that
//! player's own board image only.
//!
//! A mark belongs to a piece, not to a point: it follows the piece when it moves and is dropped
//! when the piece is removed (it lost a combat, or both fell). Following uses only what every
//! player knows of each ply — its from, its to and its public outcome class — so a mark can
//! never tell its owner more than the public record does. The store keeps each mark with the ply
//! at which its point was right; reading follows it through the plies since, and every mark
//! command rewrites the player's marks at the current ply.

use sqlx::sqlite::SqliteConnection;

use super::{Effect, Fail, GameId, Live, Mistake, Msg, Out, Referee, RefereeError, Res, corrupt, piece_name};
use crate::rules::notation::{parse_move, parse_point};
use crate::rules::piece::kind_from_token;
use crate::rules::setup::Setup;
use crate::rules::{Game, Outcome, PieceKind, PointId, RuleOptions, Seat, Variant, Viewer};
use crate::store::marks::{MarkRow, marks_of, marks_replace};
use crate::store::{self, GameRow, StoreError, status};

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
async fn public_plies(c: &mut SqliteConnection, row: &GameRow) -> Result<Vec<(PointId, PointId, Outcome)>, StoreError> {
    let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", row.id, "unknown variant"))?;
    let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", row.id, e))?;
    let mut deployments = Vec::new();
    for d in store::deployments_get(c, row.id).await? {
        let seat = Seat(u8::try_from(d.seat).map_err(|_| corrupt("deployments", row.id, "bad seat"))?);
        let setup = Setup::parse(v, &d.setup).map_err(|e| corrupt("deployments", row.id, e))?;
        deployments.push(setup.validate(v, seat).map_err(|_| corrupt("deployments", row.id, "illegal deployment"))?);
    }
    if deployments.len() != v.seats.len() {
        return Ok(vec![]);
    }
    let first = Seat(u8::try_from(row.first_seat).map_err(|_| corrupt("games", row.id, "bad first seat"))?);
    let mut game = Game::new(v, rules, &deployments, first);
    let mut plies = Vec::new();
    for e in store::events_of(c, row.id).await? {
        if e.kind == "move" {
            let mv = parse_move(&v.board, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
            let report = game.play(mv).map_err(|x| corrupt("events", format!("{}/{}", row.id, e.seq), x))?;
            plies.push((mv.from, mv.to, report.outcome));
        } else if let Some(s) = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat) {
            // With four seats a resignation or timeout removes one army and play goes on.
            match e.kind.as_str() {
                "resign" => _ = game.resign(s),
                "timeout" => _ = game.timeout(s),
                _ => {}
            }
        }
    }
    Ok(plies)
}

/// The stored marks followed to where their pieces stand after the last ply.
async fn follow(c: &mut SqliteConnection, row: &GameRow, rows: &[MarkRow]) -> Result<Vec<Mark>, StoreError> {
    if rows.is_empty() {
        return Ok(vec![]);
    }
    let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", row.id, "unknown variant"))?;
    let moves = store::events_of(c, row.id).await?.iter().filter(|e| e.kind == "move").count();
    // Replaying is needed only when a move was played since some mark was written.
    let plies = if rows.iter().all(|m| m.ply as usize == moves) { vec![] } else { public_plies(c, row).await? };
    let mut out = Vec::new();
    for m in rows {
        let bad = |why: &str| corrupt("marks", format!("{}/{}", row.id, m.point), why);
        let mut at = Some(parse_point(&v.board, &m.point).map_err(|_| bad("bad point"))?);
        let kind = kind_from_token(v.pieces, &m.piece).ok_or_else(|| bad("bad piece"))?;
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
    /// A player's marks in a game, where the marked pieces stand now (empty for anyone else).
    pub async fn marks(&self, game: GameId, user: &str) -> Result<Vec<Mark>, RefereeError> {
        let mut c = self.store.conn().await?;
        let rows = marks_of(&mut c, game, user).await?;
        if rows.is_empty() {
            return Ok(vec![]);
        }
        let Some(row) = store::game_get(&mut c, game).await? else { return Ok(vec![]) };
        Ok(follow(&mut c, &row, &rows).await?)
    }

    /// Sets (`piece: Some`) or clears the player's mark on `point`.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn mark(
        &self,
        tx: &mut SqliteConnection,
        row: &GameRow,
        user: &str,
        point: &str,
        piece: Option<&str>,
        live: &mut Option<Live>,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        // Any number of seats (`seats.rs`), and `partners` among the modes.
        let seat = super::seats::Seating::load(row)?.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
        if row.status != status::PLAYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let mode = super::seats::mode_of(tx, row).await?;
        let (v, ply, view) = {
            let l = self.ensure_live(tx, row, live).await?;
            (l.game.variant(), l.game.ply(), l.game.view(Viewer::Seat(seat), mode, l.last.as_ref()))
        };
        // A bare local name (`c6`) is the marker's own point on the 4-player board.
        let p = v.parse_point_as(seat, point).map_err(|_| Mistake::BadPoint(point.trim().to_string()))?;
        let name = v.board.name(p).to_string();
        let stored = marks_of(tx, game, user).await?;
        let mut marks = follow(tx, row, &stored).await?;
        let msg = match piece.map(str::trim).filter(|t| !t.is_empty()) {
            Some(token) => {
                let kind = kind_from_token(v.pieces, token).ok_or_else(|| Mistake::BadPiece(token.to_string()))?;
                match view.cells.get(p.index()) {
                    Some(Some(c)) if c.seat != seat && c.kind.is_some() => {
                        return Err(Mistake::PieceKnown(name).into());
                    }
                    Some(Some(c)) if c.seat != seat => {}
                    _ => return Err(Mistake::NoEnemyPiece(name).into()),
                }
                marks.retain(|m| m.point != p);
                marks.push(Mark { point: p, kind });
                Msg::Marked { game, point: name, piece: piece_name(v, kind) }
            }
            None => {
                if !marks.iter().any(|m| m.point == p) {
                    return Err(Mistake::NoMark(name).into());
                }
                marks.retain(|m| m.point != p);
                Msg::Unmarked { game, point: name }
            }
        };
        marks.sort_by_key(|m| m.point.index());
        let rows: Vec<MarkRow> = marks
            .iter()
            .map(|m| MarkRow {
                point: v.board.name(m.point).to_string(),
                piece: v.piece(m.kind).code.to_string(),
                ply: i64::from(ply),
            })
            .collect();
        marks_replace(tx, game, user, &rows).await.map_err(Fail::Store)?;
        self.private(tx, user, &row.server_id, Some(game), msg, out).await?;
        out.effects.push(Effect::Render { game, for_user: Some(user.to_string()) });
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
