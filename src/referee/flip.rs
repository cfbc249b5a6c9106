//! 翻棋 (junqi-flip, `rules-flip.md`) in the referee: challenge, the committed deal on accept (no
//! deployment), flips and moves, colours, the end, and the published seed and deal.
//!
//! The players sit in `game_seats` like every game's: seat 0 is P1 (plays first), seat 1 is P2;
//! their colours come from the plies. The secret (seed, deal, commitment) is the `deal` row of
//! `game_secrets`
//! ([`crate::store::flip`]); the game is rebuilt from it and the event log when its game lock's
//! slot has no copy (after a restart, an idle spell, a failed commit), and the rebuilt game is
//! kept there, so a ply, the board images and the autocompletion that follow it replay nothing. A
//! flip is logged as a `move` event whose body is `+c6=G`, checked against the deal on every
//! rebuild.
//!
//! Secrecy: every public text is made from a [`FlipReport`] (which names only face-up pieces) or a
//! [`FlipView`] (whose face-down cells carry nothing). Flip tokens typed by players may carry
//! `=x`; the referee ignores it, because refusing a wrong `=x` would tell what the point holds.

use sqlx::sqlite::SqliteConnection;

use super::i18n::flip::{FlipMistake, FlipMsg};
use super::route::{GameAction, GameCommand, Terms};
use super::{
    Effect, Fail, GameId, Mistake, Msg, Out, Referee, RefereeError, Res, corrupt, piece_name, seat_of, seat_user,
};
use crate::rules::flip::{self, Deal, FirstPlayer, FlipEvent, FlipGame, FlipOptions, FlipReport, FlipView, Player};
use crate::rules::flip_record::{FlipRecord, FlipRecordInfo};
use crate::rules::game::GameOver;
use crate::rules::options::OnTimeout;
use crate::rules::record::Terminal;
use crate::rules::rng::Rng;
use crate::rules::shuffle::{self, Seed};
use crate::rules::{Seat, Variant};
use crate::store::flip::{FlipRow, flip_get, flip_insert};
use crate::store::{self, DeadlineRow, GameRow, StoreError, status};

/// Whether a variant name asks for 翻棋.
pub fn is_flip_variant(name: &str) -> bool {
    matches!(name.trim().to_lowercase().as_str(), "junqi-flip" | "flip" | "翻棋")
}

/// Whether the referee's flip code (rather than the standard one) handles this action on this
/// game. Declining a challenge, aborting and declining a draw need nothing flip-specific.
pub(super) fn takes(row: &GameRow, action: GameAction<'_>) -> bool {
    row.variant == flip::VARIANT_NAME
        && !matches!(action, GameAction::Decline | GameAction::Abort | GameAction::DeclineDraw)
}

/// The stored result word: `p1_wins:flag_captured`, `p2_wins:resign`, `draw:agreed`, …
pub fn result_string(over: GameOver) -> String {
    format!("{}:{}", flip::result_word(Some(over)), over.reason.as_str())
}

fn fm(m: FlipMistake) -> Fail {
    Fail::Mistake(Mistake::Flip(m))
}

/// A flip game rebuilt from its deal and event log (or started from its deal), as last committed.
#[derive(Clone)]
pub(super) struct FlipLive {
    /// The game (it knows the deal: never hand it out).
    pub game: FlipGame,
    /// Every ply so far.
    pub reports: Vec<FlipReport>,
    /// How the game ended if not by a ply.
    pub terminal: Option<Terminal>,
    /// The seed.
    pub seed: Seed,
    /// The deal.
    pub deal: Deal,
    /// The commitment posted at the start.
    pub commit: String,
}

/// Rebuilds a flip game, checking the stored deal against its seed and commitment and every
/// logged flip against the deal.
pub(super) async fn rebuild_flip(c: &mut SqliteConnection, row: &GameRow) -> Result<FlipLive, StoreError> {
    let id = row.id;
    let secret = flip_get(c, id).await?.ok_or_else(|| corrupt("game_secrets", id, "a flip game without its deal"))?;
    if secret.shuffle != shuffle::SHUFFLE_NAME {
        return Err(corrupt("game_secrets", id, format!("unknown shuffle '{}'", secret.shuffle)));
    }
    let seed = Seed::from_hex(&secret.seed).map_err(|e| corrupt("game_secrets", id, format!("seed: {e}")))?;
    let deal = Deal::parse(&secret.deal).map_err(|e| corrupt("game_secrets", id, format!("deal: {e}")))?;
    deal.check_seed(&seed).map_err(|e| corrupt("game_secrets", id, e))?;
    let expected = shuffle::commit(&seed, &secret.deal);
    if expected != secret.commitment {
        return Err(corrupt(
            "game_secrets",
            id,
            format!("the seed and deal hash to {expected}, not to the stored commitment {}", secret.commitment),
        ));
    }
    let options = FlipOptions::parse(&row.rules).map_err(|e| corrupt("games", id, e))?;
    let mut game = FlipGame::new(&deal, options);
    let mut reports = Vec::new();
    let mut terminal = None;
    for e in store::events_of(c, id).await? {
        let at = || format!("{id}/{}", e.seq);
        let player = e.seat.and_then(|s| u8::try_from(s).ok()).and_then(Player::from_index);
        match (e.kind.as_str(), player) {
            ("move", Some(p)) => {
                if game.to_move() != p {
                    return Err(corrupt("events", at(), format!("{} played out of turn", p.tag())));
                }
                let parsed = flip::parse_action(&e.body).map_err(|x| corrupt("events", at(), x))?;
                reports.push(game.play_parsed(parsed).map_err(|x| corrupt("events", at(), x))?);
            }
            ("resign", Some(p)) => {
                game.resign(p);
                terminal = Some(Terminal::Resign);
            }
            ("timeout", Some(p)) => {
                game.timeout(p);
                terminal = Some(Terminal::Timeout);
            }
            ("draw", _) => {
                game.agree_draw();
                terminal = Some(Terminal::Draw);
            }
            _ => return Err(corrupt("events", at(), format!("unknown event {}", e.kind))),
        }
    }
    Ok(FlipLive { game, reports, terminal, seed, deal, commit: secret.commitment })
}

fn player_seat(p: Player) -> Seat {
    Seat(p.index() as u8)
}

fn player_user(row: &GameRow, p: Player) -> String {
    seat_user(row, player_seat(p)).to_string()
}

impl Referee {
    /// `challenge … variant=junqi-flip`.
    pub(super) async fn flip_challenge(
        &self,
        tx: &mut SqliteConnection,
        user: &str,
        server: &str,
        terms: Terms<'_>,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let Terms { opponent, mode, rules, time, .. } = terms;
        // The parsers default to `mode=dark`; flip has no visibility mode, so only that default
        // (or `flip` itself) is accepted.
        if !matches!(mode.trim().to_lowercase().as_str(), "" | "dark" | "flip") {
            return Err(fm(FlipMistake::NoMode(mode.to_string())));
        }
        let options = FlipOptions::parse(rules).map_err(|e| fm(FlipMistake::BadOptions(e)))?;
        let per_move = super::time::time_control(time)?;
        if opponent == Some(user) {
            return Err(Mistake::SelfChallenge.into());
        }
        let row = GameRow {
            id: 0,
            server_id: server.into(),
            variant: flip::VARIANT_NAME.into(),
            // See migrations/0005_flip.sql: the column's CHECK predates flip.
            mode: "open".into(),
            rules: options.to_string(),
            per_move,
            challenger: user.into(),
            invited: opponent.map(str::to_string),
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: now,
            updated_at: now,
        };
        self.flip_create_challenge(tx, row, now, out).await
    }

    async fn flip_create_challenge(&self, tx: &mut SqliteConnection, row: GameRow, now: i64, out: &mut Out) -> Res<()> {
        let server = store::server_get(tx, &row.server_id).await?;
        let id = store::game_insert(tx, &row).await?;
        let due = super::time::after(now, server.challenge_ttl);
        let d = DeadlineRow {
            game_id: id,
            kind: "challenge".into(),
            seat: None,
            due_at: Some(due),
            remind_at: None,
            remaining: None,
        };
        store::deadline_set(tx, &d).await?;
        let msg = FlipMsg::Challenge {
            game: id,
            challenger: row.challenger.clone(),
            invited: row.invited.clone(),
            rules: row.rules.clone(),
            per_move: row.per_move,
            rematch_of: row.rematch_of,
        };
        self.public(tx, &row.server_id, Some(id), Msg::Flip(msg), out).await?;
        out.effects.push(Effect::TimerSet { game: id, at: due });
        Ok(())
    }

    fn flip_player(&self, row: &GameRow, user: &str) -> Res<Player> {
        seat_of(row, user).and_then(|s| Player::from_index(s.0)).ok_or(Fail::Mistake(Mistake::NotYourGame(row.id)))
    }

    /// Every game action on a flip game except those [`takes`] leaves to the standard code.
    pub(super) async fn flip_action(
        &self,
        tx: &mut SqliteConnection,
        cmd: GameCommand<'_>,
        now: i64,
        out: &mut Out,
        row: &mut GameRow,
        cached: &mut Option<FlipLive>,
    ) -> Res<()> {
        let user = cmd.user;
        let game = row.id;
        let wrong_state = |row: &GameRow| Fail::Mistake(Mistake::WrongState { game, status: row.status.clone() });
        match cmd.action {
            GameAction::Accept => {
                if row.status != status::CHALLENGED {
                    return Err(wrong_state(row));
                }
                if row.challenger == user {
                    return Err(Mistake::OwnChallenge(game).into());
                }
                if row.invited.as_deref().is_some_and(|i| i != user) {
                    return Err(Mistake::NotInvited(game).into());
                }
                let options = FlipOptions::parse(&row.rules).map_err(|e| corrupt("games", game, e))?;
                // In a rematch P1 and P2 were fixed (swapped) when it was offered.
                if row.seats.user(Player::P1.index()).is_none() {
                    let challenger_first = match options.first {
                        FirstPlayer::Creator => true,
                        FirstPlayer::Random => self.entropy("first", game)?[0] & 1 == 0,
                    };
                    let (p1, p2) = if challenger_first {
                        (row.challenger.clone(), user.to_string())
                    } else {
                        (user.to_string(), row.challenger.clone())
                    };
                    store::seats::seat_put(tx, row, Player::P1.index(), &p1).await?;
                    store::seats::seat_put(tx, row, Player::P2.index(), &p2).await?;
                } else if row.seats.seat_of(user).is_none() {
                    return Err(Mistake::NotInvited(game).into());
                }
                // The deal: a fresh secret seed, fixed before the first ply (rules-flip.md §1).
                let seed = Seed(self.entropy("seed", game)?);
                let dealt = Deal::from_seed(&seed);
                let deal = dealt.to_string();
                let commit = shuffle::commit(&seed, &deal);
                let secret = FlipRow {
                    game_id: game,
                    shuffle: shuffle::SHUFFLE_NAME.into(),
                    seed: seed.to_hex(),
                    commitment: commit.clone(),
                    deal,
                };
                flip_insert(tx, &secret).await?;
                // The game starts from the deal just made: nothing to replay.
                *cached = Some(FlipLive {
                    game: FlipGame::new(&dealt, options),
                    reports: Vec::new(),
                    terminal: None,
                    seed,
                    deal: dealt,
                    commit: commit.clone(),
                });
                row.status = status::PLAYING.into();
                row.first_seat = 0;
                row.updated_at = now;
                store::game_update(tx, row).await?;
                store::deadline_clear(tx, game).await?;
                out.effects.push(Effect::TimerCancel { game });
                let msg = FlipMsg::Started {
                    game,
                    p1: player_user(row, Player::P1),
                    p2: player_user(row, Player::P2),
                    commit,
                };
                self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
                let msg =
                    FlipMsg::ToPlay { game, player: Player::P1, user: player_user(row, Player::P1), colour: None };
                self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
                out.effects.push(Effect::Render { game, for_user: None });
                self.set_move_deadline(tx, row, player_seat(Player::P1), now, out).await
            }
            GameAction::Move(text) => {
                let p = self.flip_player(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                let l = self.ensure_flip(tx, row, cached).await?;
                if l.game.to_move() != p {
                    return Err(Mistake::NotYourTurn(game).into());
                }
                let parsed = flip::parse_action(text).map_err(|e| fm(FlipMistake::BadPly(e)))?;
                // `=x` is ignored (see the module doc): checking it would leak the piece.
                let report = l.game.play(parsed.action).map_err(|e| fm(FlipMistake::Illegal(e)))?;
                l.reports.push(report.clone());
                store::event_append(tx, game, "move", Some(p.index() as i64), &report.token(), now).await?;
                row.draw_offer = None;
                self.flip_after_ply(tx, row, l, &report, false, now, out).await
            }
            GameAction::Resign | GameAction::AcceptDraw => {
                let p = self.flip_player(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                let accept = matches!(cmd.action, GameAction::AcceptDraw);
                if accept {
                    match row.draw_offer {
                        None => return Err(Mistake::NoDrawOffer(game).into()),
                        Some(s) if s == p.index() as i64 => return Err(Mistake::OwnDrawOffer(game).into()),
                        Some(_) => {}
                    }
                }
                let l = self.ensure_flip(tx, row, cached).await?;
                if !accept {
                    self.check_resign(tx, &row.server_id, game, l.game.ply()).await?;
                }
                let over = if accept { l.game.agree_draw() } else { l.game.resign(p) };
                let over = over.ok_or_else(|| wrong_state(row))?;
                l.terminal = Some(if accept { Terminal::Draw } else { Terminal::Resign });
                let (kind, s) = if accept { ("draw", None) } else { ("resign", Some(p.index() as i64)) };
                store::event_append(tx, game, kind, s, "", now).await?;
                self.flip_finish(tx, row, l, over, now, out).await
            }
            GameAction::OfferDraw => {
                let p = self.flip_player(row, user)?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                if row.draw_offer == Some(p.index() as i64) {
                    return Err(Mistake::OwnDrawOffer(game).into());
                }
                row.draw_offer = Some(p.index() as i64);
                row.updated_at = now;
                store::game_update(tx, row).await?;
                let msg = FlipMsg::DrawOffered { game, player: p, user: user.into() };
                self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await
            }
            GameAction::Rematch => {
                let p = self.flip_player(row, user)?;
                if row.status != status::FINISHED {
                    return Err(Mistake::NotOver(game).into());
                }
                let new = GameRow {
                    id: 0,
                    challenger: user.into(),
                    invited: Some(player_user(row, p.other())),
                    // P1 and P2 swapped: the old P2 plays first.
                    seats: store::seats::Seats::two(
                        row.seats.user(Player::P2.index()).map(str::to_string),
                        row.seats.user(Player::P1.index()).map(str::to_string),
                    ),
                    status: status::CHALLENGED.into(),
                    first_seat: 0,
                    draw_offer: None,
                    result: None,
                    rematch_of: Some(game),
                    created_at: now,
                    updated_at: now,
                    ..row.clone()
                };
                self.flip_create_challenge(tx, new, now, out).await
            }
            GameAction::Show => {
                let started = row.status == status::PLAYING || row.status == status::FINISHED;
                let (ply, face_down, p1_colour) = if started {
                    let v = self.ensure_flip(tx, row, cached).await?.game.view();
                    (v.ply, v.face_down(), v.p1_colour)
                } else {
                    (0, 0, None)
                };
                let msg = FlipMsg::Status { game, status: row.status.clone(), ply, face_down, p1_colour };
                self.private(tx, user, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
                if started {
                    out.effects.push(Effect::Render { game, for_user: Some(user.into()) });
                }
                Ok(())
            }
            GameAction::Deploy(_) => Err(fm(FlipMistake::NoDeployment(game))),
            GameAction::Mark { .. } => Err(fm(FlipMistake::NoMarks(game))),
            // A flip game has no seat to choose: joining is accepting.
            GameAction::Join(_) => Err(wrong_state(row)),
            // Left to the standard code by `takes`; refused here should that ever change.
            GameAction::Decline | GameAction::Abort | GameAction::DeclineDraw => Err(wrong_state(row)),
        }
    }

    /// Announces a ply (the flip with its piece, or the move), the colours if this ply set them,
    /// then the end or the next player.
    #[allow(clippy::too_many_arguments)]
    async fn flip_after_ply(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        l: &FlipLive,
        report: &FlipReport,
        auto: bool,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let v = Variant::junqi();
        let p = report.player;
        let user = player_user(row, p);
        let msg = match report.event {
            FlipEvent::Flip { point, colour, kind } => FlipMsg::Flipped {
                game,
                ply: report.ply,
                player: p,
                user,
                point: v.board.name(point).to_string(),
                colour,
                piece: piece_name(v, kind),
                auto,
            },
            FlipEvent::Move { mv, outcome, attacker, defender } => FlipMsg::Moved {
                game,
                ply: report.ply,
                player: p,
                user,
                colour: attacker.0,
                mv: crate::rules::notation::format_move(&v.board, mv),
                outcome,
                names: defender.map(|d| (piece_name(v, attacker.1), piece_name(v, d.1))),
                auto,
            },
        };
        self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
        if let Some(p1_colour) = report.colours {
            let msg = FlipMsg::Colours {
                game,
                p1: player_user(row, Player::P1),
                p1_colour,
                p2: player_user(row, Player::P2),
            };
            self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
        }
        if let Some(over) = report.end {
            return self.flip_finish(tx, row, l, over, now, out).await;
        }
        row.updated_at = now;
        store::game_update(tx, row).await?;
        let next = l.game.to_move();
        let msg = FlipMsg::ToPlay { game, player: next, user: player_user(row, next), colour: l.game.colour_of(next) };
        self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
        out.effects.push(Effect::Render { game, for_user: None });
        self.set_move_deadline(tx, row, player_seat(next), now, out).await
    }

    /// Ends a flip game: the result, then the seed and the deal, published.
    async fn flip_finish(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        l: &FlipLive,
        over: GameOver,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        row.status = status::FINISHED.into();
        row.result = Some(result_string(over));
        row.draw_offer = None;
        row.updated_at = now;
        store::game_update(tx, row).await?;
        if store::deadline_clear(tx, game).await? {
            out.effects.push(Effect::TimerCancel { game });
        }
        let winner = over.winner.and_then(Player::from_index).map(|p| (p, player_user(row, p)));
        let msg = FlipMsg::Over { game, winner, reason: over.reason };
        self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
        let msg =
            FlipMsg::Published { game, seed: l.seed.to_hex(), deal: l.deal.to_string(), commit: l.commit.clone() };
        self.public(tx, &row.server_id, Some(game), Msg::Flip(msg), out).await?;
        out.effects.push(Effect::Render { game, for_user: None });
        // P1 sits in seat 0 (Red's), and a flip winner index 0 is P1: ratings (their own pool,
        // keyed by the variant) read it the same way.
        self.on_game_over(tx, row, over, now, out).await
    }

    /// A flip game's deadline passed: the referee plays a random legal ply (`on-timeout=auto`)
    /// or the player to move loses on time.
    pub(super) async fn flip_deadline(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        seat: Option<i64>,
        due: i64,
        out: &mut Out,
        cached: &mut Option<FlipLive>,
    ) -> Res<()> {
        let game = row.id;
        let l = self.ensure_flip(tx, row, cached).await?;
        let p = l.game.to_move();
        if seat != Some(p.index() as i64) {
            return Err(Fail::Store(corrupt("deadlines", game, "deadline for the player not to move")));
        }
        if l.game.options().base.on_timeout == OnTimeout::AutoMove {
            // Flips and moves alike; choosing a point to flip reads no face-down identity.
            let actions = l.game.legal_actions();
            if !actions.is_empty() {
                let mut rng = Rng::new((game as u64) << 20 ^ u64::from(l.game.ply()));
                let action = actions[rng.below(actions.len())];
                let report = l.game.play(action).map_err(|e| Fail::Store(corrupt("games", game, e)))?;
                l.reports.push(report.clone());
                store::event_append(tx, game, "move", Some(p.index() as i64), &report.token(), due).await?;
                row.draw_offer = None;
                return self.flip_after_ply(tx, row, l, &report, true, due, out).await;
            }
        }
        let over =
            l.game.timeout(p).ok_or_else(|| Fail::Store(corrupt("games", game, "timeout of a finished game")))?;
        l.terminal = Some(Terminal::Timeout);
        store::event_append(tx, game, "timeout", Some(p.index() as i64), "", due).await?;
        self.flip_finish(tx, row, l, over, due, out).await
    }

    /// The public board of a flip game (the same for players and spectators: §6 has no private
    /// channel), or `None` if the game is not a flip game.
    pub async fn flip_view(&self, game: GameId) -> Result<Option<FlipView>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let row = store::game_get(&mut c, game)
            .await?
            .ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })?;
        if row.variant != flip::VARIANT_NAME {
            return Ok(None);
        }
        if row.status != status::PLAYING && row.status != status::FINISHED {
            return Err(RefereeError::Rejected {
                mistake: Mistake::WrongState { game, status: row.status.clone() },
                message: String::new(),
            });
        }
        Ok(Some(self.ensure_flip(&mut c, &row, &mut guard.cache.flip).await?.game.view()))
    }

    /// The `.jqr` record of a flip game: `Seed` and `Deal` are `?` until the game is over, the
    /// `Commit` is always there.
    pub(super) async fn flip_record(
        &self,
        c: &mut SqliteConnection,
        row: &GameRow,
        cached: &mut Option<FlipLive>,
    ) -> Result<String, RefereeError> {
        if row.status != status::PLAYING && row.status != status::FINISHED {
            return Err(RefereeError::Rejected {
                mistake: Mistake::WrongState { game: row.id, status: row.status.clone() },
                message: String::new(),
            });
        }
        let l = self.ensure_flip(c, row, cached).await?;
        let (y, m, d) = super::civil(row.created_at);
        let info = FlipRecordInfo {
            options: *l.game.options(),
            players: [player_user(row, Player::P1), player_user(row, Player::P2)],
            seed: Some(l.seed),
            deal: l.deal.clone(),
            publish: row.status == status::FINISHED,
            date: format!("{y:04}.{m:02}.{d:02}"),
        };
        Ok(FlipRecord::for_game(&info, &l.reports, l.terminal, l.game.over()).to_text())
    }
}

impl Referee {
    /// Every public board of a flip game, from the deal to now (one per ply, and one more if the
    /// game ended by resignation, timeout or agreement), for replays; `None` if not a flip game.
    pub async fn flip_views(&self, game: GameId) -> Result<Option<Vec<FlipView>>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let Some(row) = flip_row(&mut c, game).await? else { return Ok(None) };
        let l = self.ensure_flip(&mut c, &row, &mut guard.cache.flip).await?;
        let mut g = FlipGame::new(&l.deal, *l.game.options());
        let mut views = vec![g.view()];
        for r in &l.reports {
            g.play(r.action()).map_err(|e| corrupt("events", game, e))?;
            views.push(g.view());
        }
        if l.terminal.is_some() {
            views.push(l.game.view());
        }
        Ok(Some(views))
    }

    /// The player to move in a flip game and their legal plies (flips first, then moves), for
    /// autocompletion. Legality reads only public facts (rules-flip.md §6), so this tells nothing
    /// the public board does not. `None` if not a flip game or not being played.
    pub async fn flip_legal(&self, game: GameId) -> Result<Option<(Player, Vec<flip::FlipAction>)>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let Some(row) = flip_row(&mut c, game).await? else { return Ok(None) };
        if row.status != status::PLAYING {
            return Ok(None);
        }
        let l = self.ensure_flip(&mut c, &row, &mut guard.cache.flip).await?;
        Ok(Some((l.game.to_move(), l.game.legal_actions())))
    }

    /// The cached flip game of `row`, rebuilt from the store first if the slot has none. Call
    /// it with the game's lock held and `cached` from its slot (or a command's copy of it).
    pub(super) async fn ensure_flip<'a>(
        &self,
        c: &mut SqliteConnection,
        row: &GameRow,
        cached: &'a mut Option<FlipLive>,
    ) -> Result<&'a mut FlipLive, StoreError> {
        if cached.is_none() {
            self.flip_rebuilds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            *cached = Some(rebuild_flip(c, row).await?);
        }
        cached.as_mut().ok_or_else(|| corrupt("game_secrets", row.id, "the game was not rebuilt"))
    }

    /// How many times a 翻棋 game was rebuilt from the store by this referee (each replays the
    /// game's whole log), for tests and benchmarks of the cache.
    #[doc(hidden)]
    pub fn flip_rebuilds(&self) -> u64 {
        self.flip_rebuilds.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The row of a started flip game (playing or finished), `None` for any other game.
async fn flip_row(c: &mut SqliteConnection, game: GameId) -> Result<Option<GameRow>, StoreError> {
    Ok(store::game_get(c, game)
        .await?
        .filter(|r| r.variant == flip::VARIANT_NAME && (r.status == status::PLAYING || r.status == status::FINISHED)))
}
