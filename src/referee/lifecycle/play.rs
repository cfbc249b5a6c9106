//! Play: an action of the seat to move, the seats that go out, whose turn it is, leaving by
//! resignation or on time (or an automatic move where the options ask for one), and the end.

use crate::rules::contract::catalog::{GameDef, OnTimeout};
use crate::rules::contract::{Fact, Leave, Leaving, Over, PlayError, Played, PublicPly};
use crate::rules::game::GameOver;
use crate::rules::rng::Rng;
use crate::rules::{EndReason, Seat};
use crate::store::{self, GameRow, status};

use super::super::{Effect, Fail, Mistake, Res, chess_clock, corrupt};
use super::mistake::{GameMistake, Waiting};
use super::words::{MovedBy, Said, Sitter};
use super::{AnyLive, Referee, Turn, kind_of, mistake, options_of, result_string, seat_count, seat_words};
use super::{autopilot, bot_seat};

/// The player of a seat (`?` while it is free).
fn sitter(row: &GameRow, seat: Seat) -> Sitter {
    (seat, row.seats.user(seat.index()).unwrap_or("?").to_string())
}

/// The seats a ply put out, and the ply as the announcement describes it: its outs and its end are
/// announced apart (with the players' names).
fn split_ply(p: &PublicPly) -> (PublicPly, Vec<(Seat, EndReason)>) {
    let outs = p
        .facts
        .iter()
        .filter_map(|f| match *f {
            Fact::Out { seat, reason } => Some((seat, reason)),
            _ => None,
        })
        .collect();
    let mut described = p.clone();
    described.facts.retain(|f| !matches!(f, Fact::Out { .. }));
    described.end = None;
    (described, outs)
}

impl Referee {
    /// Announces in the game's server, in its locale.
    pub(super) async fn say(&self, t: &mut Turn<'_>, row: &GameRow, said: Said<'_>) -> Res<()> {
        let l = t.out.server_locale(t.tx, &row.server_id).await?;
        t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(row.id), text: said.render(l) });
        Ok(())
    }

    /// Tells one player, in their locale.
    pub(super) async fn tell(&self, t: &mut Turn<'_>, row: &GameRow, user: &str, said: Said<'_>) -> Res<()> {
        // The bot's seat reads nothing: it is told nothing.
        if bot_seat::is_bot(user) {
            return Ok(());
        }
        let l = t.out.user_locale(t.tx, user, &row.server_id).await?;
        t.out.effects.push(Effect::Private { user: user.into(), game: Some(row.id), text: said.render(l) });
        Ok(())
    }

    /// The public board and, where seats keep secrets (private deployments), every player's own.
    pub(super) fn any_renders(&self, def: &GameDef, row: &GameRow, t: &mut Turn<'_>) {
        t.out.effects.push(Effect::Render { game: row.id, for_user: None });
        if def.kind.setup != crate::rules::contract::SetupStyle::Deploy {
            return;
        }
        for s in 0..seat_count(def, row) {
            if let Some(u) = row.seats.user(s).filter(|u| !bot_seat::is_bot(u)) {
                t.out.effects.push(Effect::Render { game: row.id, for_user: Some(u.into()) });
            }
        }
    }

    /// The cached game, rebuilt from the store when the cache is cold.
    pub(in crate::referee) async fn any_live<'a>(
        &self,
        t: &mut Turn<'_>,
        def: &GameDef,
        row: &GameRow,
        live: &'a mut Option<AnyLive>,
    ) -> Res<&'a mut AnyLive> {
        if live.as_ref().is_none_or(|l| l.row.id != row.id) {
            *live = self.rebuild_game(t.tx, def, row).await?;
        }
        live.as_mut().ok_or_else(|| Fail::Store(corrupt("games", row.id, "a game in play without its start")))
    }

    /// A seated player's action, typed or chosen.
    pub(super) async fn any_move(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        seat: Seat,
        text: &str,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        if row.status != status::PLAYING {
            // Before the start a player is told what the game waits for.
            let waiting = match row.status.as_str() {
                status::CHALLENGED => Waiting::Players,
                status::DEPLOYING
                    if store::deployments_get(t.tx, game).await?.iter().any(|d| d.seat == seat.index() as i64) =>
                {
                    Waiting::Others
                }
                status::DEPLOYING => Waiting::YourDeployment,
                _ => return Err(Mistake::WrongState { game, status: row.status.clone() }.into()),
            };
            return Err(mistake(GameMistake::NotStarted { game, waiting }));
        }
        let l = self.any_live(t, def, row, live).await?;
        if l.game.is_out(seat) {
            return Err(mistake(GameMistake::SeatOut { game, seat: seat_words(def, row, seat) }));
        }
        if l.game.to_move() != seat {
            return Err(Mistake::NotYourTurn(game).into());
        }
        let played = l.game.play_typed(seat, text).map_err(|e| match e {
            PlayError::Unreadable(u) => mistake(GameMistake::Unreadable { text: u.text, why: u.why }),
            PlayError::Over => Mistake::WrongState { game, status: row.status.clone() }.into(),
            PlayError::NotYourTurn { .. } => Mistake::NotYourTurn(game).into(),
            PlayError::Refused(why) => mistake(GameMistake::Refused(why)),
        })?;
        t.out.event_append(t.tx, game, "move", Some(i64::from(seat.0)), &played.token, t.now).await?;
        l.logged("move", Some(seat), &played.token, t.now);
        row.draw_offer = None;
        self.after_any_ply(t, def, row, live, &played, MovedBy::Player).await
    }

    /// Announces a ply, then moves the game on.
    pub(super) async fn after_any_ply(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        played: &Played,
        auto: MovedBy,
    ) -> Res<()> {
        let (described, outs) = split_ply(&played.public);
        let user = sitter(row, described.seat).1;
        let said = Said::Ply {
            game: row.id,
            kind: kind_of(def, row),
            user: &user,
            ply: &described,
            describe: def.describe,
            auto,
        };
        self.say(t, row, said).await?;
        self.any_go_on(t, def, row, live, &outs).await
    }

    /// After a ply or a seat leaving: announces the seats that went out, then ends the game or
    /// says whose turn it is, draws the boards and sets the deadline.
    pub(super) async fn any_go_on(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        outs: &[(Seat, EndReason)],
    ) -> Res<()> {
        let game = row.id;
        let l = self.any_live(t, def, row, live).await?;
        let (over, next) = (l.game.over(), l.game.to_move());
        self.announce_outs(t, def, row, outs).await?;
        if let Some(over) = over {
            // Ending a game reads what was written (results, tournaments): nothing stays held back.
            t.out.later.flush(t.tx).await?;
            return self.any_finish(t, def, row, live, over).await;
        }
        row.updated_at = t.now;
        t.out.game_update(t.tx, row).await?;
        self.say(t, row, Said::ToMove { game, kind: kind_of(def, row), who: sitter(row, next) }).await?;
        self.any_renders(def, row, t);
        self.set_move_deadline(t.tx, row, next, t.now, t.out).await?;
        self.say_clocks(t, def, row).await?;
        // The bot moves at once where the seat to move is its own or handed to it.
        self.bot_turn(t, def, row, live).await
    }

    /// Every seat's time left on a total-time clock, said to all (nothing without one).
    pub(super) async fn say_clocks(&self, t: &mut Turn<'_>, def: &'static GameDef, row: &GameRow) -> Res<()> {
        let Some(text) = self.clocks_line(t, def, row, None).await? else { return Ok(()) };
        t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(row.id), text });
        Ok(())
    }

    /// The clocks line of a game with a total-time clock in play, in the server's locale or the
    /// given user's.
    pub(super) async fn clocks_line(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &GameRow,
        user: Option<&str>,
    ) -> Res<Option<String>> {
        let Some(c) = chess_clock::clock_of(&row.rules).filter(|_| row.status == status::PLAYING) else {
            return Ok(None);
        };
        // The running turn is the stored deadline: write what this command held back first.
        t.out.later.flush(t.tx).await?;
        let left = chess_clock::left_now(t.tx, row, c, seat_count(def, row), t.now).await?;
        let l = match user {
            Some(u) => t.out.user_locale(t.tx, u, &row.server_id).await?,
            None => t.out.server_locale(t.tx, &row.server_id).await?,
        };
        Ok(Some(chess_clock::clocks_text(row.id, kind_of(def, row), &left, l)))
    }

    /// Announces the seats that went out, in games of more than two seats (with two, the end
    /// says it all).
    async fn announce_outs(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &GameRow,
        outs: &[(Seat, EndReason)],
    ) -> Res<()> {
        if seat_count(def, row) > 2 {
            for &(seat, reason) in outs {
                self.say(t, row, Said::Out { game: row.id, kind: kind_of(def, row), who: sitter(row, seat), reason })
                    .await?;
            }
        }
        Ok(())
    }

    /// A seat resigns or runs out of time: with two seats the game ends, with more it may go on
    /// without it.
    pub(super) async fn any_leave(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        seat: Seat,
        why: Leave,
    ) -> Res<()> {
        let game = row.id;
        let l = self.any_live(t, def, row, live).await?;
        if l.game.is_out(seat) {
            return Err(mistake(GameMistake::SeatOut { game, seat: seat_words(def, row, seat) }));
        }
        let before = l.game.to_move();
        let Leaving { out, end } = l.game.leave(seat, why);
        let after = l.game.to_move();
        if out.is_empty() && end.is_none() {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let (kind, reason) = match why {
            Leave::Resign => ("resign", EndReason::Resign),
            Leave::Timeout => ("timeout", EndReason::Timeout),
        };
        store::event_append(t.tx, game, kind, Some(i64::from(seat.0)), "", t.now).await?;
        l.logged(kind, Some(seat), "", t.now);
        row.draw_offer = None;
        let outs: Vec<(Seat, EndReason)> =
            out.iter().map(|&s| (s, if s == seat { reason } else { EndReason::NoLegalMove })).collect();
        if end.is_none() && after == before {
            // Someone else's turn goes on as it was, clock included.
            self.announce_outs(t, def, row, &outs).await?;
            row.updated_at = t.now;
            store::game_update(t.tx, row).await?;
            self.any_renders(def, row, t);
            return Ok(());
        }
        self.any_go_on(t, def, row, live, &outs).await
    }

    /// Ends the game: the result, the secrets revealed, the final boards, tournaments told.
    pub(super) async fn any_finish(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        over: Over,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        row.status = status::FINISHED.into();
        row.result = Some(result_string(kind_of(def, row), &over));
        row.draw_offer = None;
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        if store::deadline_clear(t.tx, game).await? {
            t.out.effects.push(Effect::TimerCancel { game });
        }
        let table = (0..n).map(|s| sitter(row, Seat(s as u8))).collect();
        self.say(t, row, Said::Over { game, kind: kind_of(def, row), over: &over, table }).await?;
        // The finished game is revealed completely.
        let mut deps = store::deployments_get(t.tx, game).await?;
        if !deps.is_empty() {
            deps.sort_by_key(|d| d.seat);
            let list = deps.iter().map(|d| (Seat(d.seat as u8), (def.show_setup)(&d.setup))).collect();
            self.say(t, row, Said::Setups { game, kind: kind_of(def, row), list }).await?;
        }
        if let Some(d) = store::flip::flip_get(t.tx, game).await? {
            let said = Said::Dealt { game, seed: &d.seed, deal: &d.deal, commitment: &d.commitment };
            self.say(t, row, said).await?;
        }
        if live.is_some() {
            self.any_renders(def, row, t);
        }
        let result = GameOver { winner: over.winner(), reason: over.reason };
        self.on_game_over(t.tx, row, result, t.now, t.out).await
    }

    /// A move deadline passed (the turn's time is `t.now`): the referee moves for the seat where
    /// the options ask for it, else the seat leaves the game on time.
    pub(in crate::referee) async fn any_deadline(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        deadline_seat: Option<i64>,
    ) -> Res<()> {
        let game = row.id;
        let l = self.any_live(t, def, row, live).await?;
        let seat = l.game.to_move();
        if deadline_seat != Some(i64::from(seat.0)) {
            return Err(Fail::Store(corrupt("deadlines", game, "deadline for the seat not to move")));
        }
        let policy = (def.policy)(&options_of(row)).on_timeout;
        if let OnTimeout::Skip(limit) = policy {
            // QQ 军棋: the turn is skipped, and the seat's `limit`-th timeout of the game loses.
            let me = Some(i64::from(seat.0));
            let before = l.log.iter().filter(|e| e.kind == "skip" && e.seat == me).count();
            if before + 1 < usize::from(limit)
                && let Some(Leaving { out, .. }) = l.game.pass(seat)
            {
                store::event_append(t.tx, game, "skip", me, "", t.now).await?;
                l.logged("skip", Some(seat), "", t.now);
                row.draw_offer = None;
                let who = sitter(row, seat);
                let count = u8::try_from(before + 1).unwrap_or(u8::MAX);
                self.say(t, row, Said::Skipped { game, kind: kind_of(def, row), who, count, limit }).await?;
                let outs: Vec<(Seat, EndReason)> = out.iter().map(|&s| (s, EndReason::NoLegalMove)).collect();
                return self.any_go_on(t, def, row, live, &outs).await;
            }
        }
        // 托管 at most `limit` times a game for a seat: the timeout after that leaves.
        if let OnTimeout::AutoMove(limit) = policy
            && bot_seat::timed_out_moves(&l.log, seat) < usize::from(limit)
        {
            let tokens = l.game.legal_tokens(seat);
            if !tokens.is_empty() {
                // Public by design: the game and ply numbers seed the choice, so a restart makes
                // the same move.
                let seed = (game as u64) << 20 ^ u64::from(l.game.ply());
                // 托管: the bot moves where it plays the kind, from the seat's own view.
                let by_bot = match super::start_of(t.tx, def, row).await? {
                    Some(start) => {
                        let standing = super::takeback::played(&l.log)
                            .map_err(|seq| corrupt("events", format!("{game}/{seq}"), "takeback of no move"))?;
                        autopilot::bot_token(def, &start, &standing, game, seat, seed)?
                    }
                    None => None,
                };
                // A token the bot got wrong is never played: the referee's own move stands in.
                let by_bot = by_bot.filter(|t| tokens.contains(t));
                let token = match &by_bot {
                    Some(token) => token.clone(),
                    None => tokens[Rng::new(seed).below(tokens.len())].clone(),
                };
                let played = l.game.play_text(seat, &token).map_err(|e| Fail::Store(corrupt("games", game, e)))?;
                // Counted for the limit; bookkeeping that play and records skip.
                let me = Some(i64::from(seat.0));
                store::event_append(t.tx, game, bot_seat::TIMED, me, "", t.now).await?;
                l.logged(bot_seat::TIMED, Some(seat), "", t.now);
                store::event_append(t.tx, game, "move", Some(i64::from(seat.0)), &played.token, t.now).await?;
                l.logged("move", Some(seat), &played.token, t.now);
                row.draw_offer = None;
                let by = if by_bot.is_some() { MovedBy::Bot } else { MovedBy::Referee };
                return self.after_any_ply(t, def, row, live, &played, by).await;
            }
        }
        self.any_leave(t, def, row, live, seat, Leave::Timeout).await
    }
}
