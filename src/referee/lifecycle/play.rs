//! The commands of the contract lifecycle: opening a game, taking seats, deploying, playing,
//! leaving, draws, abort, rematch, and the deadlines that act for a player.

use crate::rules::contract::catalog::GameDef;
use crate::rules::contract::{
    Explained, Fact, Leave, Leaving, Over, PlayError, Rematch, Secret, SetupError, SetupStyle,
};
use crate::rules::game::GameOver;
use crate::rules::rng::Rng;
use crate::rules::{EndReason, Seat};
use crate::store::{self, DeadlineRow, DeploymentRow, GameRow, status};

use super::super::route::{GameAction, Terms};
use super::super::{DeploySource, Effect, Mistake, Res, time};
use super::words::Said;
use super::{AnyLive, GameMistake, Referee, Turn, mistake, rebuild, result_string, seat_count, split_players};

/// The bit of a seat in a draw-agreement mask.
fn bit(seat: Seat) -> i64 {
    1 << seat.0
}

impl Referee {
    /// Announces in the game's server, in its locale.
    async fn say(&self, t: &mut Turn<'_>, row: &GameRow, said: Said<'_>) -> Res<()> {
        let l = t.out.server_locale(t.tx, &row.server_id).await?;
        t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(row.id), text: said.render(l) });
        Ok(())
    }

    /// Tells one player, in their locale.
    async fn tell(&self, t: &mut Turn<'_>, row: &GameRow, user: &str, said: Said<'_>) -> Res<()> {
        let l = t.out.user_locale(t.tx, user, &row.server_id).await?;
        t.out.effects.push(Effect::Private { user: user.into(), game: Some(row.id), text: said.render(l) });
        Ok(())
    }

    /// Opens a game of a catalogued kind and seats its challenger (`seat=X` among the option
    /// words chooses the seat; the first otherwise).
    pub(in crate::referee) async fn any_challenge(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        server: &str,
        terms: Terms<'_>,
    ) -> Res<()> {
        let kind = def.kind;
        if terms.opponent == Some(user) {
            return Err(Mistake::SelfChallenge.into());
        }
        let per_move = time::time_control(terms.time)?;
        let mode = kind
            .mode(terms.mode)
            .ok_or_else(|| mistake(GameMistake::Settings(kind.mode_error(terms.mode).to_string())))?;
        let mut seat_word = None;
        let mut words = Vec::new();
        for w in terms.rules.split_whitespace() {
            match w.split_once('=') {
                Some((k, s)) if k.eq_ignore_ascii_case("seat") => seat_word = Some(s),
                _ => words.push(w),
            }
        }
        let words = words.join(" ");
        let (players, rest) = split_players(&words);
        let count = match players {
            None => kind.seating.counts.first().copied().unwrap_or(2),
            Some(n) => n.parse::<u8>().ok().filter(|&c| def.check_seats(c).is_ok()).ok_or_else(|| {
                let offered: Vec<String> = kind.seating.counts.iter().map(u8::to_string).collect();
                mistake(GameMistake::Players { asked: n.into(), kind: kind.name, offered: offered.join(", ") })
            })?,
        };
        let seat = match seat_word {
            None => Seat(0),
            Some(s) => kind.seating.find(s).filter(|s| s.index() < usize::from(count)).ok_or_else(|| {
                let known: Vec<&str> = kind.seating.seats.iter().take(usize::from(count)).map(|d| d.key).collect();
                mistake(GameMistake::UnknownSeat { name: s.into(), kind: kind.name, known: known.join(", ") })
            })?,
        };
        let options = (kind.settings)(mode.key, &rest).map_err(|e| mistake(GameMistake::Settings(e.to_string())))?;
        // The smallest count is the default and stays unwritten.
        let options = match (Some(&count) != kind.seating.counts.first(), options.is_empty()) {
            (false, _) => options,
            (true, true) => format!("players={count}"),
            (true, false) => format!("players={count} {options}"),
        };
        let mut row = GameRow {
            id: 0,
            server_id: server.into(),
            variant: kind.name.into(),
            mode: mode.key.into(),
            rules: options,
            per_move,
            challenger: user.into(),
            invited: terms.opponent.map(str::to_string),
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: t.now,
            updated_at: t.now,
        };
        row.seats.set(seat.index(), Some(user.into()));
        self.open_any(t, def, row, seat).await
    }

    /// Stores a new game with its challenger seated, sets the challenge's expiry and announces it.
    async fn open_any(&self, t: &mut Turn<'_>, def: &'static GameDef, mut row: GameRow, seat: Seat) -> Res<()> {
        let server = store::server_get(t.tx, &row.server_id).await?;
        row.id = store::game_insert(t.tx, &row).await?;
        let due = time::after(t.now, server.challenge_ttl);
        let d = DeadlineRow {
            game_id: row.id,
            kind: "challenge".into(),
            seat: None,
            due_at: Some(due),
            remind_at: None,
            remaining: None,
        };
        store::deadline_set(t.tx, &d).await?;
        let said = Said::Opened {
            game: row.id,
            kind: def.kind,
            mode: &row.mode,
            options: &row.rules,
            per_move: row.per_move,
            user: &row.challenger,
            seat,
            invited: row.invited.as_deref(),
        };
        self.say(t, &row, said).await?;
        t.out.effects.push(Effect::TimerSet { game: row.id, at: due });
        Ok(())
    }

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
        let wrong_state = |row: &GameRow| Mistake::WrongState { game, status: row.status.clone() };
        let seated = |row: &GameRow| row.seats.seat_of(user).map(|s| Seat(s as u8)).ok_or(Mistake::NotYourGame(game));
        match action {
            GameAction::Accept | GameAction::Join(_) => {
                let asked = if let GameAction::Join(s) = action { s } else { None };
                self.any_join(t, def, user, asked, row, live).await
            }
            GameAction::Decline => {
                if row.status != status::CHALLENGED {
                    return Err(wrong_state(row).into());
                }
                let seat = row.seats.seat_of(user);
                if row.invited.as_deref() != Some(user) && row.challenger != user && seat.is_none() {
                    return Err(Mistake::NotYourGame(game).into());
                }
                row.status = status::DECLINED.into();
                row.updated_at = t.now;
                store::game_update(t.tx, row).await?;
                store::deadline_clear(t.tx, game).await?;
                t.out.effects.push(Effect::TimerCancel { game });
                let l = t.out.server_locale(t.tx, &row.server_id).await?;
                let text = super::super::Msg::Declined { game, by: user.into() }.render(l);
                t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(game), text });
                Ok(())
            }
            GameAction::Deploy(source) => {
                seated(row)?;
                if row.status != status::DEPLOYING {
                    return Err(wrong_state(row).into());
                }
                self.any_deploy(t, def, user, source, row, live).await
            }
            GameAction::Move(text) => {
                let seat = seated(row)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                let l = self.any_live(t, def, row, live).await?;
                let played = l.game.play_text(seat, text).map_err(|e| match e {
                    PlayError::Unreadable(u) => mistake(GameMistake::Unreadable { text: u.text, why: u.why }),
                    PlayError::Over => wrong_state(row).into(),
                    PlayError::NotYourTurn { .. } => Mistake::NotYourTurn(game).into(),
                    PlayError::Refused(why) => mistake(GameMistake::Refused(why)),
                })?;
                t.out.event_append(t.tx, game, "move", Some(i64::from(seat.0)), &played.token, t.now).await?;
                row.draw_offer = None;
                let said = Said::Ply { game, user, ply: &played.public, describe: def.describe };
                self.say(t, row, said).await?;
                let outs: Vec<(Seat, EndReason)> = played
                    .public
                    .facts
                    .iter()
                    .filter_map(|f| match *f {
                        Fact::Out { seat, reason } => Some((seat, reason)),
                        _ => None,
                    })
                    .collect();
                self.any_go_on(t, def, row, live, &outs).await
            }
            GameAction::Resign => {
                let seat = seated(row)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                let ply = self.any_live(t, def, row, live).await?.game.ply();
                self.check_resign(t.tx, &row.server_id, game, ply).await?;
                self.any_leave(t, def, row, live, seat, Leave::Resign).await
            }
            GameAction::OfferDraw | GameAction::AcceptDraw => {
                let seat = seated(row)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row).into());
                }
                let mask = row.draw_offer.unwrap_or(0);
                if mask & bit(seat) != 0 {
                    return Err(Mistake::OwnDrawOffer(game).into());
                }
                if matches!(action, GameAction::AcceptDraw) && mask == 0 {
                    return Err(Mistake::NoDrawOffer(game).into());
                }
                let mask = mask | bit(seat);
                let all = (0..seat_count(def, row)).fold(0, |m, s| m | bit(Seat(s as u8)));
                if mask != all {
                    row.draw_offer = Some(mask);
                    row.updated_at = t.now;
                    store::game_update(t.tx, row).await?;
                    let waiting: Vec<Seat> =
                        (0..seat_count(def, row)).map(|s| Seat(s as u8)).filter(|&s| mask & bit(s) == 0).collect();
                    self.say(t, row, Said::DrawAgreed { game, kind: def.kind, seat, user, waiting }).await?;
                    return Ok(());
                }
                let l = self.any_live(t, def, row, live).await?;
                let over = l.game.agree_draw().ok_or_else(|| wrong_state(row))?;
                store::event_append(t.tx, game, "draw", None, "", t.now).await?;
                self.any_finish(t, def, row, live, over).await
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
                let l = t.out.server_locale(t.tx, &row.server_id).await?;
                let text = super::super::Msg::DrawDeclined { game, user: user.into() }.render(l);
                t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(game), text });
                Ok(())
            }
            GameAction::Abort => {
                seated(row)?;
                let may = row.status == status::DEPLOYING
                    || (row.status == status::PLAYING && store::events_of(t.tx, game).await?.is_empty());
                if !may {
                    if row.status == status::PLAYING {
                        return Err(Mistake::TooLateToAbort(game).into());
                    }
                    return Err(wrong_state(row).into());
                }
                row.status = status::ABORTED.into();
                row.updated_at = t.now;
                store::game_update(t.tx, row).await?;
                if store::deadline_clear(t.tx, game).await? {
                    t.out.effects.push(Effect::TimerCancel { game });
                }
                *live = None;
                let l = t.out.server_locale(t.tx, &row.server_id).await?;
                let text = super::super::Msg::Aborted { game, by: user.into() }.render(l);
                t.out.effects.push(Effect::Public { server: row.server_id.clone(), game: Some(game), text });
                Ok(())
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
                let text = super::super::Msg::Status { game, status: row.status.clone(), ply }.render(l);
                t.out.effects.push(Effect::Private { user: user.into(), game: Some(game), text });
                if live.is_some() {
                    t.out.effects.push(Effect::Render { game, for_user: Some(user.into()) });
                }
                Ok(())
            }
            GameAction::Mark { .. } => Err(mistake(GameMistake::NotOffered { game, what: "marks" })),
        }
    }

    /// The cached game, rebuilt from the store when the cache is cold.
    async fn any_live<'a>(
        &self,
        t: &mut Turn<'_>,
        def: &GameDef,
        row: &GameRow,
        live: &'a mut Option<AnyLive>,
    ) -> Res<&'a mut AnyLive> {
        if live.as_ref().is_none_or(|l| l.row.id != row.id) {
            *live = rebuild(t.tx, def, row).await?;
        }
        live.as_mut()
            .ok_or_else(|| super::Fail::Store(super::corrupt("games", row.id, "a game in play without its start")))
    }

    /// Seats a player (the seat asked for, or the next free one); the last one starts the setup.
    async fn any_join(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        asked: Option<&str>,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        if row.status != status::CHALLENGED {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        if row.seats.seat_of(user).is_some() {
            return Err(if row.challenger == user {
                Mistake::OwnChallenge(game).into()
            } else {
                mistake(GameMistake::AlreadySeated(game))
            });
        }
        if row.invited.as_deref().is_some_and(|i| i != user) {
            return Err(Mistake::NotInvited(game).into());
        }
        let free: Vec<Seat> = (0..n).filter(|&s| row.seats.user(s).is_none()).map(|s| Seat(s as u8)).collect();
        let seat = match asked {
            Some(name) => {
                let s = def.kind.seating.find(name).filter(|s| s.index() < n).ok_or_else(|| {
                    let known: Vec<&str> = def.kind.seating.seats.iter().take(n).map(|d| d.key).collect();
                    mistake(GameMistake::UnknownSeat {
                        name: name.into(),
                        kind: def.kind.name,
                        known: known.join(", "),
                    })
                })?;
                if !free.contains(&s) {
                    return Err(mistake(GameMistake::SeatTaken(game)));
                }
                s
            }
            None => *free.first().ok_or_else(|| mistake(GameMistake::Full(game)))?,
        };
        store::seats::seat_put(t.tx, row, seat.index(), user).await?;
        row.updated_at = t.now;
        let left = free.len() - 1;
        self.say(t, row, Said::Joined { game, kind: def.kind, user, seat, free: left }).await?;
        if left > 0 {
            return store::game_update(t.tx, row).await.map_err(Into::into);
        }
        store::deadline_clear(t.tx, game).await?;
        t.out.effects.push(Effect::TimerCancel { game });
        if def.kind.setup == SetupStyle::Deploy {
            row.status = status::DEPLOYING.into();
            store::game_update(t.tx, row).await?;
            self.say(t, row, Said::DeployNow { game }).await?;
            for s in 0..n {
                let u = row.seats.user(s).unwrap_or("?").to_string();
                self.tell(t, row, &u, Said::DeployPrompt { game, kind: def.kind, seat: Seat(s as u8) }).await?;
            }
            return Ok(());
        }
        self.any_begin(t, def, row, live).await
    }

    /// Stores a seat's deployment (text, random, saved or last), validated by the game; the last
    /// one begins the game.
    async fn any_deploy(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        source: &DeploySource,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let seat = row.seats.seat_of(user).map(|s| Seat(s as u8)).ok_or(Mistake::NotYourGame(game))?;
        let family = def.kind.name;
        let (Some(validate), Some(random)) = (def.validate_setup, def.random_setup) else {
            return Err(mistake(GameMistake::NotOffered { game, what: "deployments" }));
        };
        let text = match source {
            DeploySource::Text(text) => text.clone(),
            DeploySource::Random => {
                let bytes = self.entropy(&format!("deploy:{}", seat.0), game)?;
                let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
                random(seat, &mut Rng::new(seed))
            }
            DeploySource::Saved(name) => store::layout_get(t.tx, user, family, name)
                .await?
                .ok_or_else(|| Mistake::UnknownLayout(name.clone()))?,
            DeploySource::Last => store::last_layout_get(t.tx, user, family)
                .await?
                .ok_or_else(|| Mistake::UnknownLayout("last".into()))?,
        };
        let setup = validate(seat, &text).map_err(|e| match e {
            SetupError::Broken(lines) => mistake(GameMistake::SetupBroken(lines)),
            SetupError::Unreadable(why) => mistake(GameMistake::Setup(why)),
            other => mistake(GameMistake::Setup(Explained::new(other.to_string(), other.to_string()))),
        })?;
        let before = store::deployments_get(t.tx, game).await?;
        let first_time = !before.iter().any(|d| d.seat == i64::from(seat.0));
        let dep = DeploymentRow { game_id: game, seat: i64::from(seat.0), user_id: user.into(), setup: setup.clone() };
        store::deployment_put(t.tx, &dep).await?;
        store::last_layout_set(t.tx, user, family, &setup).await?;
        self.tell(t, row, user, Said::DeployTaken { game, setup: &setup }).await?;
        if first_time {
            self.say(t, row, Said::Deployed { game, kind: def.kind, seat }).await?;
        }
        if before.len() + usize::from(first_time) < seat_count(def, row) {
            return Ok(());
        }
        self.any_begin(t, def, row, live).await
    }

    /// Every seat is taken and set up: deals (Deal kinds, from fresh entropy, committed in public),
    /// then the first ply is due.
    async fn any_begin(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        if let Some(deal) = def.deal {
            let seed = self.entropy("deal", game)?;
            let dealt = deal(&Secret::new(seed));
            let secret = store::flip::FlipRow {
                game_id: game,
                shuffle: def.record.shuffle.unwrap_or("").into(),
                seed: seed.iter().map(|b| format!("{b:02x}")).collect(),
                commitment: dealt.commitment.clone(),
                deal: dealt.deal.expose().clone(),
            };
            store::flip::flip_insert(t.tx, &secret).await?;
            self.say(t, row, Said::Committed { game, commitment: &dealt.commitment }).await?;
        }
        row.first_seat = 0;
        row.status = status::PLAYING.into();
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        *live = rebuild(t.tx, def, row).await?;
        self.say(t, row, Said::Started { game }).await?;
        self.any_go_on(t, def, row, live, &[]).await
    }

    /// After a ply or a seat leaving: announces the seats that went out, then ends the game or
    /// says whose turn it is, draws the boards and sets the deadline.
    async fn any_go_on(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        outs: &[(Seat, EndReason)],
    ) -> Res<()> {
        let game = row.id;
        let l = self.any_live(t, def, row, live).await?;
        let over = l.game.over();
        let next = l.game.to_move();
        if let Some(over) = over {
            // Ending a game reads what was written (results, tournaments): nothing stays held back.
            t.out.later.flush(t.tx).await?;
            return self.any_finish(t, def, row, live, over).await;
        }
        for &(seat, reason) in outs {
            let user = row.seats.user(seat.index()).unwrap_or("?").to_string();
            self.say(t, row, Said::Out { game, kind: def.kind, seat, user: &user, reason }).await?;
        }
        row.updated_at = t.now;
        t.out.game_update(t.tx, row).await?;
        let user = row.seats.user(next.index()).unwrap_or("?").to_string();
        self.say(t, row, Said::ToMove { game, kind: def.kind, seat: next, user: &user }).await?;
        self.any_renders(row, seat_count(def, row), t);
        self.set_move_deadline(t.tx, row, next, t.now, t.out).await
    }

    /// A seat resigns or runs out of time.
    async fn any_leave(
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
        let Leaving { out, end } = l.game.leave(seat, why);
        let (kind, reason) = match why {
            Leave::Resign => ("resign", EndReason::Resign),
            Leave::Timeout => ("timeout", EndReason::Timeout),
        };
        store::event_append(t.tx, game, kind, Some(i64::from(seat.0)), "", t.now).await?;
        row.draw_offer = None;
        if let Some(over) = end {
            return self.any_finish(t, def, row, live, over).await;
        }
        let outs: Vec<(Seat, EndReason)> =
            out.iter().map(|&s| (s, if s == seat { reason } else { EndReason::NoLegalMove })).collect();
        self.any_go_on(t, def, row, live, &outs).await
    }

    /// Ends the game: the result, the secrets revealed, the final boards, tournaments told.
    async fn any_finish(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        over: Over,
    ) -> Res<()> {
        let game = row.id;
        row.status = status::FINISHED.into();
        row.result = Some(result_string(def.kind, &over));
        row.draw_offer = None;
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        if store::deadline_clear(t.tx, game).await? {
            t.out.effects.push(Effect::TimerCancel { game });
        }
        self.say(t, row, Said::Over { game, kind: def.kind, over: &over }).await?;
        let mut items = Vec::new();
        let n = seat_count(def, row);
        for d in store::deployments_get(t.tx, game).await? {
            let name = def.kind.seating.get(Seat(d.seat as u8)).map_or("?", |s| s.name.en);
            items.push((name.to_string(), d.setup));
        }
        if let Some(deal) = store::flip::flip_get(t.tx, game).await? {
            items.push(("seed".into(), deal.seed));
            items.push(("deal".into(), deal.deal));
        }
        if !items.is_empty() {
            self.say(t, row, Said::Revealed { game, items }).await?;
        }
        if live.is_some() {
            self.any_renders(row, n, t);
        }
        let result = GameOver { winner: over.winner(), reason: over.reason };
        self.on_game_over(t.tx, row, result, t.now, t.out).await
    }

    /// The public board and every player's own.
    fn any_renders(&self, row: &GameRow, seats: usize, t: &mut Turn<'_>) {
        t.out.effects.push(Effect::Render { game: row.id, for_user: None });
        for s in 0..seats {
            if let Some(u) = row.seats.user(s) {
                t.out.effects.push(Effect::Render { game: row.id, for_user: Some(u.into()) });
            }
        }
    }

    /// A move deadline passed at `due`: the seat to move leaves the game on time.
    pub(in crate::referee) async fn any_deadline(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
        deadline_seat: Option<i64>,
    ) -> Res<()> {
        let l = self.any_live(t, def, row, live).await?;
        let seat = l.game.to_move();
        if deadline_seat != Some(i64::from(seat.0)) {
            return Err(super::Fail::Store(super::corrupt("deadlines", row.id, "deadline for the seat not to move")));
        }
        self.any_leave(t, def, row, live, seat, Leave::Timeout).await
    }
}
