//! The commands on one game, dispatched: seats and setups (`seating.rs`), play (`play.rs`), and
//! here what surrounds play — declining, draws agreed by every seat still in, aborting before the
//! first ply, rematches, and a player's own status and board.

use crate::rules::Seat;
use crate::rules::contract::catalog::GameDef;
use crate::rules::contract::{Leave, Rematch};
use crate::store::{self, GameRow, status};

use super::super::route::GameAction;
use super::super::{Effect, Mistake, Msg, Res};
use super::words::Said;
use super::{AnyLive, Referee, Turn, kind_of, seat_count};

/// The bit of a seat in a draw-agreement mask (`games.draw_offer`).
fn bit(seat: Seat) -> i64 {
    1 << seat.0
}

impl Referee {
    /// Applies an action on a game refereed through the contract.
    pub(in crate::referee) async fn any_action(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        action: GameAction<'_>,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let seated = |row: &GameRow| row.seats.seat_of(user).map(|s| Seat(s as u8)).ok_or(Mistake::NotYourGame(game));
        match action {
            GameAction::Accept => self.any_join(t, def, user, None, row, live).await,
            GameAction::Join(asked) => self.any_join(t, def, user, asked, row, live).await,
            GameAction::Decline => self.any_decline(t, def, user, row).await,
            GameAction::Deploy(source) => self.any_deploy(t, def, user, source, row, live).await,
            GameAction::Move(text) => {
                let seat = seated(row)?;
                self.any_move(t, def, seat, text, row, live).await
            }
            GameAction::Resign => {
                let seat = seated(row)?;
                if row.status != status::PLAYING {
                    return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
                }
                let ply = self.any_live(t, def, row, live).await?.game.ply();
                self.check_resign(t.tx, &row.server_id, game, ply).await?;
                self.any_leave(t, def, row, live, seat, Leave::Resign).await
            }
            GameAction::OfferDraw | GameAction::AcceptDraw => {
                let seat = seated(row)?;
                let accept = matches!(action, GameAction::AcceptDraw);
                self.any_draw(t, def, (seat, user), accept, row, live).await
            }
            GameAction::DeclineDraw => {
                let seat = seated(row)?;
                match row.draw_offer {
                    None | Some(0) => return Err(Mistake::NoDrawOffer(game).into()),
                    Some(m) if m & bit(seat) != 0 => return Err(Mistake::OwnDrawOffer(game).into()),
                    Some(_) => {}
                }
                row.draw_offer = None;
                row.updated_at = t.now;
                store::game_update(t.tx, row).await?;
                self.say_msg(t, row, Msg::DrawDeclined { game, user: user.into() }).await
            }
            GameAction::Takeback(step) => {
                let seat = seated(row)?;
                self.any_takeback(t, def, (seat, user), step, row, live).await
            }
            GameAction::Auto(on) => {
                let seat = seated(row)?;
                self.any_auto(t, def, seat, on, row, live).await
            }
            // Before anyone accepted, the challenger's abort withdraws the challenge (they may
            // have no seat yet: seats are drawn on acceptance).
            GameAction::Abort if row.status == status::CHALLENGED && row.challenger == user => {
                self.any_decline(t, def, user, row).await
            }
            GameAction::Abort => {
                seated(row)?;
                let may = row.status == status::DEPLOYING
                    || (row.status == status::PLAYING && store::events_of(t.tx, game).await?.is_empty());
                if !may {
                    if row.status == status::PLAYING {
                        return Err(Mistake::TooLateToAbort(game).into());
                    }
                    return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
                }
                row.status = status::ABORTED.into();
                row.updated_at = t.now;
                store::game_update(t.tx, row).await?;
                if store::deadline_clear(t.tx, game).await? {
                    t.out.effects.push(Effect::TimerCancel { game });
                }
                *live = None;
                self.say_msg(t, row, Msg::Aborted { game, by: user.into() }).await
            }
            GameAction::Rematch => {
                let seat = seated(row)?;
                if row.status != status::FINISHED {
                    return Err(Mistake::NotOver(game).into());
                }
                let n = seat_count(def, row);
                // Two seats swap sides; more keep theirs (see `Rematch`).
                let new_seat = match def.kind.rematch {
                    Rematch::SwapSeats if n == 2 => Seat(1 - seat.0),
                    _ => seat,
                };
                let invited = if n == 2 { row.seats.user(usize::from(1 - seat.0)).map(str::to_string) } else { None };
                let mut new = GameRow {
                    id: 0,
                    challenger: user.into(),
                    invited,
                    seats: Default::default(),
                    status: status::CHALLENGED.into(),
                    first_seat: 0,
                    draw_offer: None,
                    result: None,
                    rematch_of: Some(game),
                    created_at: t.now,
                    updated_at: t.now,
                    ..row.clone()
                };
                new.seats.set(new_seat.index(), Some(user.into()));
                self.open_any(t, def, new, new_seat).await
            }
            GameAction::Show => {
                let ply = match row.status.as_str() {
                    s if s == status::PLAYING || s == status::FINISHED => {
                        self.any_live(t, def, row, live).await?.game.ply()
                    }
                    _ => 0,
                };
                let l = t.out.user_locale(t.tx, user, &row.server_id).await?;
                let mut text = Msg::Status { game, status: row.status.clone(), ply }.render(l);
                if let Some(clocks) = self.clocks_line(t, def, row, Some(user)).await? {
                    text = format!("{text}\n{clocks}");
                }
                t.out.effects.push(Effect::Private { user: user.into(), game: Some(game), text });
                if live.is_some() {
                    t.out.effects.push(Effect::Render { game, for_user: Some(user.into()) });
                }
                Ok(())
            }
            GameAction::Mark { point, piece } => self.any_mark(t, def, user, (point, piece), row, live).await,
        }
    }

    /// Announces one of the catalogue's messages in the game's server.
    async fn say_msg(&self, t: &mut Turn<'_>, row: &GameRow, msg: Msg) -> Res<()> {
        let l = t.out.server_locale(t.tx, &row.server_id).await?;
        t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(row.id), text: msg.render(l) });
        Ok(())
    }

    /// Declines a challenge (the invited player), or withdraws it (the challenger); at a table of
    /// more than two, a player who sat down and changes their mind leaves the seat.
    async fn any_decline(&self, t: &mut Turn<'_>, def: &'static GameDef, user: &str, row: &mut GameRow) -> Res<()> {
        let game = row.id;
        if row.status != status::CHALLENGED {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let n = seat_count(def, row);
        if let Some(s) = row.seats.seat_of(user).filter(|_| n > 2 && row.challenger != user) {
            store::seats::seat_delete(t.tx, row, s).await?;
            row.updated_at = t.now;
            store::game_update(t.tx, row).await?;
            let free = (0..n).filter(|&f| row.seats.user(f).is_none()).map(|f| Seat(f as u8)).collect();
            let said = Said::Left { game, kind: kind_of(def, row), who: (Seat(s as u8), user.to_string()), free };
            return self.say(t, row, said).await;
        }
        if row.invited.as_deref() != Some(user) && row.challenger != user && row.seats.seat_of(user).is_none() {
            return Err(Mistake::NotYourGame(game).into());
        }
        row.status = status::DECLINED.into();
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        store::deadline_clear(t.tx, game).await?;
        t.out.effects.push(Effect::TimerCancel { game });
        // The challenger declining their own challenge takes it back.
        let msg = match row.challenger == user {
            true => Msg::Withdrawn { game, by: user.into() },
            false => Msg::Declined { game, by: user.into() },
        };
        self.say_msg(t, row, msg).await
    }

    /// A seat offers or agrees to a draw; once every seat still in has, the game is drawn.
    async fn any_draw(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        (seat, user): (Seat, &str),
        accept: bool,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        if row.status != status::PLAYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let mask = row.draw_offer.unwrap_or(0);
        if mask & bit(seat) != 0 {
            return Err(Mistake::OwnDrawOffer(game).into());
        }
        if accept && mask == 0 {
            return Err(Mistake::NoDrawOffer(game).into());
        }
        let l = self.any_live(t, def, row, live).await?;
        if l.game.is_out(seat) {
            return Err(super::mistake(super::GameMistake::SeatOut { game, seat: super::seat_words(def, row, seat) }));
        }
        // A game that no agreement can draw (跳棋 of more than two) refuses the offer itself.
        if l.game.box_clone().agree_draw().is_none() {
            return Err(super::mistake(super::GameMistake::NotOffered { game, what: super::mistake::Feature::Draws }));
        }
        let mask = mask | bit(seat);
        let n = seat_count(def, row);
        let waiting: Vec<Seat> = (0..n as u8).map(Seat).filter(|&s| mask & bit(s) == 0 && !l.game.is_out(s)).collect();
        if !waiting.is_empty() {
            row.draw_offer = Some(mask);
            row.updated_at = t.now;
            store::game_update(t.tx, row).await?;
            let who = (seat, user.to_string());
            let said = if mask == bit(seat) {
                Said::DrawOffered { game, kind: kind_of(def, row), who }
            } else {
                Said::DrawAgreed { game, kind: kind_of(def, row), who, waiting }
            };
            return self.say(t, row, said).await;
        }
        let over = l.game.agree_draw().ok_or_else(|| Mistake::WrongState { game, status: row.status.clone() })?;
        store::event_append(t.tx, game, "draw", None, "", t.now).await?;
        l.logged("draw", None, "", t.now);
        self.any_finish(t, def, row, live, over).await
    }
}
