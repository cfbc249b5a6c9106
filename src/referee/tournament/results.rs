//! A game's end: its rating (or why it is not rated) and its tournament board; the early-resignation rule.

use crate::store::Conn;

use super::msg::tmsg;
use super::state::{game_winner, to_rating, tournament};
use super::{TournamentMistake, TournamentMsg};
use crate::referee::{GameId, Out, Referee, Res};
use crate::rules::Seat;
use crate::rules::game::GameOver;
use crate::store::GameRow;
use crate::store::tournament::{self as ts, RatingRow};
use crate::tournament::Rating;
use crate::tournament::rating::{self, MIN_RESIGN_PLIES};

impl Referee {
    /// Called when a game ends (in its transaction): rates it, and records it on its tournament
    /// board, moving the tournament on when the round is complete.
    pub(in crate::referee) async fn on_game_over(
        &self,
        tx: &mut Conn,
        row: &GameRow,
        over: GameOver,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let plies = u32::try_from(ts::moves_count(tx, row.id).await?).unwrap_or(u32::MAX);
        // Rated: two-seat games (seats 0 and 1, no third), as when they alone had games.red/blue.
        let seats = &row.seats;
        if let (Some(red), Some(blue), None) = (seats.user(0), seats.user(1), seats.user(2)) {
            let (red, blue) = (red.to_string(), blue.to_string());
            // Games against the bot are unrated: its results say nothing of a player's strength
            // against players.
            let bot = crate::referee::lifecycle::is_bot(&red) || crate::referee::lifecycle::is_bot(&blue);
            if rating::is_rated(plies) && !bot {
                let get = async |tx: &mut Conn, u: &str| -> Res<(Rating, i64)> {
                    Ok(ts::rating_get(tx, &row.server_id, &row.variant, u)
                        .await?
                        .map_or((Rating::default(), 0), |r| (to_rating(&r), r.games)))
                };
                let (a, ag) = get(&mut *tx, &red).await?;
                let (b, bg) = get(&mut *tx, &blue).await?;
                let (na, nb) = rating::update(a, b, over.winner.map(|w| w == Seat::RED.0));
                for (u, r, g) in [(&red, na, ag), (&blue, nb, bg)] {
                    let rr = RatingRow {
                        server_id: row.server_id.clone(),
                        variant: row.variant.clone(),
                        user_id: u.clone(),
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                        games: g + 1,
                        updated_at: now,
                    };
                    ts::rating_put(tx, &rr).await?;
                }
                let changes = vec![(red, a, na), (blue, b, nb)];
                self.public(
                    tx,
                    &row.server_id,
                    Some(row.id),
                    tmsg(TournamentMsg::Rated { game: row.id, changes }),
                    out,
                )
                .await?;
            } else if bot {
                let msg = TournamentMsg::NotRatedBot { game: row.id };
                self.public(tx, &row.server_id, Some(row.id), tmsg(msg), out).await?;
            } else {
                let msg = TournamentMsg::NotRated { game: row.id, plies };
                self.public(tx, &row.server_id, Some(row.id), tmsg(msg), out).await?;
            }
        }
        if let Some(mut p) = ts::pairing_of_game(tx, row.id).await?
            && p.result.is_none()
        {
            let t = tournament(tx, p.tournament_id).await?;
            let result = game_winner(over);
            p.result = Some(result.as_str().into());
            ts::pairing_update(tx, &p).await?;
            let msg = TournamentMsg::BoardResult {
                id: t.id,
                round: p.round,
                board: p.board,
                red: p.red.clone(),
                blue: p.blue.clone().unwrap_or_default(),
                result,
            };
            self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            self.advance(tx, t.id, now, out).await?;
        }
        Ok(())
    }

    /// Refuses a resignation in the first plies when the server's rule says so.
    pub(in crate::referee) async fn check_resign(
        &self,
        tx: &mut Conn,
        server: &str,
        game: GameId,
        ply: u32,
    ) -> Res<()> {
        if ply < MIN_RESIGN_PLIES && ts::no_early_resign(tx, server).await? {
            return Err(TournamentMistake::EarlyResign(game, ply).into());
        }
        Ok(())
    }
}
