//! The referee of games on the cross-shaped board (`rules-junqi4.md`): `junqi4` (four seats in
//! two teams, partners opposite) and `junqi4-duel` (South against North).
//!
//! The lifecycle is the 2-player one with N seats: a challenge opens the game and seats its
//! challenger (`seat=X` among the rule words chooses the seat, South otherwise); players `join`
//! (or `accept`) into a chosen or the next free seat; when every seat is taken the teams are
//! announced and everyone deploys in private, each deployment validated for its own seat; turns
//! then follow the variant's order (`order=ccw|cw`), skipping seats that are out. A seat goes out
//! when its flag is captured, it has no legal move at its turn, it resigns or its deadline passes
//! (`on-timeout=lose`); its army leaves the board and the elimination is announced. The game ends
//! when a whole team is out (the other team wins), by the quiet limit, or by a draw every remaining
//! player agreed to.
//!
//! Storage: every game has one `game_seats` row per taken seat (read with its row, see
//! [`store::seats::Seats`]). `games.mode` cannot hold `partners` (双明), so a
//! partners game stores `dark` there (what spectators and the other team see) and its mode in
//! `game_modes` (`migrations/0004_seats.sql`). For these games `games.draw_offer` holds the set of
//! seats that agreed to the draw on the table, as a bit mask.
//!
//! Secrecy: public texts come from the spectator's [`PlyReport::public`] and from public facts
//! (seats, eliminations and their reasons); deployments go only to their owners until the end.

use sqlx::sqlite::SqliteConnection;

use super::i18n::{SeatMistake, SeatMsg};
use super::route::{GameAction, GameCommand, Terms};
use super::{
    Command, DeploySource, Effect, Fail, GameId, Live, Mistake, Msg, Out, Referee, RefereeError, Res, corrupt,
    piece_name, rebuild,
};
use crate::rules::family::UnknownSeat;
use crate::rules::game::GameOver;
use crate::rules::notation::{format_move, parse_move};
use crate::rules::options::{FirstMove, OnTimeout};
use crate::rules::record::{Record, RecordInfo, Terminal};
use crate::rules::record_seats::{SeatEvent, SeatEventKind};
use crate::rules::rng::Rng;
use crate::rules::setup::Setup;
use crate::rules::{EndReason, Mode, Outcome, PlyReport, RuleOptions, Seat, Variant, View, Viewer};
use crate::store::{self, DeadlineRow, GameRow, StoreError, status};

use super::i18n::SeatName;

/// Whether a game row is refereed here (its variant is played on the cross board).
pub(super) fn is_cross(row: &GameRow) -> bool {
    Variant::by_name(&row.variant).is_some_and(Variant::is_cross_board)
}

fn seat_mistake(m: SeatMistake) -> Fail {
    Fail::Mistake(Mistake::Seats(m))
}

fn unknown_seat(e: UnknownSeat) -> Fail {
    seat_mistake(SeatMistake::UnknownSeat { name: e.name, variant: e.variant, known: e.known })
}

/// Who sits where in a game, for any number of seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Seating {
    users: Vec<Option<String>>,
}

impl Seating {
    /// The seats of any game (2-player, 翻棋, cross board), from the `game_seats` rows read with
    /// its row; as many as its variant has (two for 翻棋, which has no [`Variant`]).
    pub(super) fn load(row: &GameRow) -> Result<Seating, StoreError> {
        let n = match super::lifecycle::hosts(&row.variant) {
            Some(def) => super::lifecycle::seat_count(def, row),
            None => Variant::by_name(&row.variant).map_or(2, |v| v.seats.len()),
        };
        if let Some((seat, _)) = row.seats.taken().find(|&(s, _)| s >= n) {
            return Err(corrupt("game_seats", row.id, format!("seat {seat} of a {n}-seat game")));
        }
        Ok(Seating { users: row.seats.to_vec(n) })
    }

    /// The player of a seat (`?` while it is free).
    pub(super) fn user(&self, seat: Seat) -> &str {
        self.users.get(seat.index()).and_then(|u| u.as_deref()).unwrap_or("?")
    }

    /// The seat a user holds.
    pub(super) fn seat_of(&self, user: &str) -> Option<Seat> {
        self.users.iter().position(|u| u.as_deref() == Some(user)).map(|i| Seat(i as u8))
    }

    fn free(&self) -> Vec<Seat> {
        (0..self.users.len()).filter(|&i| self.users[i].is_none()).map(|i| Seat(i as u8)).collect()
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.users.len()).map(|i| Seat(i as u8))
    }
}

/// The visibility mode of a game, `partners` included.
pub(super) async fn mode_of(c: &mut SqliteConnection, row: &GameRow) -> Result<Mode, StoreError> {
    let stored = store::seats::mode_get(c, row.id).await?;
    let text = stored.as_deref().unwrap_or(&row.mode);
    Mode::parse(text).ok_or_else(|| corrupt("games", row.id, format!("bad mode {text}")))
}

/// The stored result of a finished game: `sn_wins`/`ew_wins` with four seats (the team),
/// `south_wins`/`north_wins` in the duel, `draw`; then `:reason`.
fn result_string(v: &Variant, over: GameOver) -> String {
    let who = match over.winner {
        Some(t) if v.seats.len() > 2 => {
            let letters: String =
                v.seats.iter().filter(|s| s.team == t).map(|s| s.name.to_string()).collect::<Vec<_>>().concat();
            format!("{letters}_wins")
        }
        Some(t) => format!("{}_wins", v.seats[usize::from(t)].tag.to_lowercase()),
        None => "draw".into(),
    };
    format!("{who}:{}", over.reason.as_str())
}

/// What a new game on the cross board is.
struct NewGame {
    v: &'static Variant,
    mode: Mode,
    rules: String,
    per_move: Option<i64>,
    /// The challenger's seat.
    seat: Seat,
    /// The one player who may join a duel.
    invited: Option<String>,
    rematch_of: Option<GameId>,
}

/// The bit of a seat in a draw-agreement mask.
fn bit(seat: Seat) -> i64 {
    1 << seat.0
}

impl Referee {
    /// Opens a game on the cross board and seats its challenger.
    pub(super) async fn seats_challenge(
        &self,
        tx: &mut SqliteConnection,
        cmd: &Command,
        v: &'static Variant,
        terms: Terms<'_>,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let Terms { opponent, mode, rules, time, .. } = terms;
        let user = cmd.user.as_str();
        let allowed = if v.seats.len() > 2 { "dark, partners or open" } else { "dark, reveal or open" };
        let m = Mode::parse(mode)
            .filter(|m| v.modes().contains(m))
            .ok_or_else(|| seat_mistake(SeatMistake::ModeNotOffered { mode: mode.into(), variant: v.name, allowed }))?;
        // `seat=X` among the rule words is the challenger's seat, not a rule option.
        let mut seat_word = None;
        let mut words = Vec::new();
        for w in rules.split_whitespace() {
            match w.split_once('=') {
                Some((k, s)) if k.eq_ignore_ascii_case("seat") => seat_word = Some(s.to_string()),
                _ => words.push(w),
            }
        }
        let r = RuleOptions::parse(&words.join(" ")).map_err(Mistake::BadOption)?;
        if v.seats.len() > 2 && r.flag_home {
            return Err(seat_mistake(SeatMistake::OptionNotOffered { key: "flag-home", variant: v.name }));
        }
        let per_move = super::time::time_control(time)?;
        if opponent == Some(user) {
            return Err(Mistake::SelfChallenge.into());
        }
        let seat = match &seat_word {
            Some(w) => v.seat_by_name(w).map_err(unknown_seat)?,
            None => Seat(0),
        };
        let new = NewGame {
            v,
            mode: m,
            rules: r.to_string(),
            per_move,
            seat,
            invited: opponent.map(str::to_string),
            rematch_of: None,
        };
        self.open_cross_game(tx, &cmd.server, user, new, now, out).await
    }

    /// Creates a game on the cross board with its challenger seated, and announces it.
    async fn open_cross_game(
        &self,
        tx: &mut SqliteConnection,
        server_id: &str,
        user: &str,
        new: NewGame,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let NewGame { v, mode: m, rules, per_move, seat, invited, rematch_of } = new;
        let two = v.seats.len() == 2;
        let mut row = GameRow {
            id: 0,
            server_id: server_id.into(),
            variant: v.name.into(),
            // See the module doc: `partners` lives in game_modes.
            mode: if m == Mode::Partners { "dark".into() } else { m.as_str().into() },
            rules,
            per_move,
            challenger: user.into(),
            // Only a duel invites one player; four-seat games are open to anyone.
            invited: if two { invited } else { None },
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of,
            created_at: now,
            updated_at: now,
        };
        row.seats.set(seat.index(), Some(user.to_string()));
        let server = store::server_get(tx, &row.server_id).await?;
        let id = store::game_insert(tx, &row).await?;
        if m == Mode::Partners {
            store::seats::mode_put(tx, id, m.as_str()).await?;
        }
        let due = super::time::after(now, server.challenge_ttl);
        let deadline = DeadlineRow {
            game_id: id,
            kind: "challenge".into(),
            seat: None,
            due_at: Some(due),
            remind_at: None,
            remaining: None,
        };
        store::deadline_set(tx, &deadline).await?;
        let free = (0..v.seats.len()).map(|i| Seat(i as u8)).filter(|&s| s != seat).map(|s| SeatName::of(v, s));
        let msg = SeatMsg::Opened {
            game: id,
            challenger: user.into(),
            seat: SeatName::of(v, seat),
            invited: row.invited.clone(),
            variant: v.name.into(),
            mode: m.as_str().into(),
            rules: row.rules.clone(),
            per_move,
            free: free.collect(),
            rematch_of,
        };
        self.public(tx, &row.server_id, Some(id), Msg::Seats(msg), out).await?;
        out.effects.push(Effect::TimerSet { game: id, at: due });
        Ok(())
    }

    /// Every game command on a game of the cross board.
    pub(super) async fn apply_seats(
        &self,
        tx: &mut SqliteConnection,
        cmd: GameCommand<'_>,
        now: i64,
        live: &mut Option<Live>,
        out: &mut Out,
        row: &mut GameRow,
    ) -> Res<()> {
        let user = cmd.user;
        let game = row.id;
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let mut seating = Seating::load(row)?;
        let wrong_state = |row: &GameRow| Fail::Mistake(Mistake::WrongState { game, status: row.status.clone() });
        match cmd.action {
            GameAction::Accept => self.join(tx, v, row, &mut seating, user, None, now, out).await,
            GameAction::Join(seat) => self.join(tx, v, row, &mut seating, user, seat, now, out).await,
            GameAction::Decline => {
                if row.status != status::CHALLENGED {
                    return Err(wrong_state(row));
                }
                // A seated player other than the challenger leaves their seat; the challenge stays.
                if let Some(seat) = seating.seat_of(user).filter(|_| row.challenger != user && v.seats.len() > 2) {
                    store::seats::seat_delete(tx, row, seat.index()).await?;
                    seating.users[seat.index()] = None;
                    row.updated_at = now;
                    store::game_update(tx, row).await?;
                    let free = seating.free().iter().map(|&s| SeatName::of(v, s)).collect();
                    let msg = SeatMsg::Left { game, user: user.into(), seat: SeatName::of(v, seat), free };
                    return self.public(tx, &row.server_id, Some(game), Msg::Seats(msg), out).await;
                }
                if row.challenger != user && row.invited.as_deref() != Some(user) {
                    return Err(Mistake::NotYourGame(game).into());
                }
                row.status = status::DECLINED.into();
                row.updated_at = now;
                store::game_update(tx, row).await?;
                store::deadline_clear(tx, game).await?;
                out.effects.push(Effect::TimerCancel { game });
                self.public(tx, &row.server_id, Some(game), Msg::Declined { game, by: user.into() }, out).await
            }
            GameAction::Deploy(source) => self.seats_deploy(tx, v, row, &seating, user, source, now, live, out).await,
            GameAction::Move(text) => {
                let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                let l = self.ensure_live(tx, row, live).await?;
                if l.game.is_out(seat) {
                    return Err(seat_mistake(SeatMistake::SeatOut { game, seat: SeatName::of(v, seat) }));
                }
                if l.game.to_move() != seat {
                    return Err(Mistake::NotYourTurn(game).into());
                }
                let mv = v.parse_move_as(seat, text).map_err(|_| Mistake::BadMove(text.trim().to_string()))?;
                // Whose piece stands where is public, so naming the partner leaks nothing.
                if let Some(p) = l.game.piece_at(mv.to)
                    && v.are_partners(seat, p.seat)
                    && l.game.piece_at(mv.from).is_some_and(|f| f.seat == seat)
                {
                    let point = v.board.name(mv.to).to_string();
                    return Err(seat_mistake(SeatMistake::OntoPartner { point, seat: SeatName::of(v, p.seat) }));
                }
                let report = l.game.play(mv).map_err(Mistake::Illegal)?;
                store::event_append(tx, game, "move", Some(i64::from(seat.0)), &format_move(&v.board, mv), now).await?;
                row.draw_offer = None;
                self.seats_after_ply(tx, v, row, &seating, live, report, false, now, out).await
            }
            GameAction::Resign => {
                let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                let l = self.ensure_live(tx, row, live).await?;
                if l.game.is_out(seat) {
                    return Err(seat_mistake(SeatMistake::SeatOut { game, seat: SeatName::of(v, seat) }));
                }
                self.check_resign(tx, &row.server_id, game, l.game.ply()).await?;
                self.seat_leaves(tx, v, row, &seating, live, seat, SeatEventKind::Resign, now, out).await
            }
            GameAction::OfferDraw | GameAction::AcceptDraw => {
                let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                if row.status != status::PLAYING {
                    return Err(wrong_state(row));
                }
                let l = self.ensure_live(tx, row, live).await?;
                if l.game.is_out(seat) {
                    return Err(seat_mistake(SeatMistake::SeatOut { game, seat: SeatName::of(v, seat) }));
                }
                let offer = matches!(cmd.action, GameAction::OfferDraw);
                let mask = row.draw_offer.unwrap_or(0);
                match (offer, mask) {
                    (_, m) if m & bit(seat) != 0 => return Err(Mistake::OwnDrawOffer(game).into()),
                    (false, 0) => return Err(Mistake::NoDrawOffer(game).into()),
                    _ => {}
                }
                let mask = mask | bit(seat);
                let live_seats: Vec<Seat> = seating.seats().filter(|&s| !l.game.is_out(s)).collect();
                let waiting: Vec<Seat> = live_seats.iter().copied().filter(|&s| mask & bit(s) == 0).collect();
                if !waiting.is_empty() {
                    row.draw_offer = Some(mask);
                    row.updated_at = now;
                    store::game_update(tx, row).await?;
                    let msg = if mask == bit(seat) {
                        Msg::DrawOffered { game, seat: SeatName::of(v, seat), user: user.into() }
                    } else {
                        Msg::Seats(SeatMsg::DrawAgreed {
                            game,
                            seat: SeatName::of(v, seat),
                            user: user.into(),
                            waiting: waiting.iter().map(|&s| SeatName::of(v, s)).collect(),
                        })
                    };
                    return self.public(tx, &row.server_id, Some(game), msg, out).await;
                }
                let over = l.game.agree_draw().ok_or_else(|| wrong_state(row))?;
                store::event_append(tx, game, "draw", None, "", now).await?;
                self.seats_finish(tx, v, row, &seating, live, over, now, out).await
            }
            GameAction::DeclineDraw => {
                let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                match row.draw_offer {
                    None => return Err(Mistake::NoDrawOffer(game).into()),
                    Some(m) if m & bit(seat) != 0 => return Err(Mistake::OwnDrawOffer(game).into()),
                    Some(_) => {}
                }
                row.draw_offer = None;
                row.updated_at = now;
                store::game_update(tx, row).await?;
                self.public(tx, &row.server_id, Some(game), Msg::DrawDeclined { game, user: user.into() }, out).await
            }
            GameAction::Abort => {
                seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                let may = row.status == status::DEPLOYING
                    || (row.status == status::PLAYING && store::events_of(tx, game).await?.is_empty());
                if !may {
                    if row.status == status::PLAYING {
                        return Err(Mistake::TooLateToAbort(game).into());
                    }
                    return Err(wrong_state(row));
                }
                row.status = status::ABORTED.into();
                row.updated_at = now;
                store::game_update(tx, row).await?;
                if store::deadline_clear(tx, game).await? {
                    out.effects.push(Effect::TimerCancel { game });
                }
                *live = None;
                self.public(tx, &row.server_id, Some(game), Msg::Aborted { game, by: user.into() }, out).await
            }
            GameAction::Rematch => {
                let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
                if row.status != status::FINISHED {
                    return Err(Mistake::NotOver(game).into());
                }
                // A duel swaps seats and invites the opponent; a 4-player rematch keeps the
                // asker's seat and is open to anyone, as the first game was.
                let (seat, invited) = if v.seats.len() == 2 {
                    let other = Seat(1 - seat.0);
                    (other, Some(seating.user(other).to_string()))
                } else {
                    (seat, None)
                };
                let new = NewGame {
                    v,
                    mode: mode_of(tx, row).await?,
                    rules: row.rules.clone(),
                    per_move: row.per_move,
                    seat,
                    invited,
                    rematch_of: Some(game),
                };
                self.open_cross_game(tx, &row.server_id, user, new, now, out).await
            }
            GameAction::Mark { point, piece } => self.mark(tx, row, user, point, piece, live, out).await,
            GameAction::Show => {
                let ply = match row.status.as_str() {
                    s if s == status::PLAYING || s == status::FINISHED => {
                        self.ensure_live(tx, row, live).await?.game.ply()
                    }
                    _ => 0,
                };
                let msg = Msg::Status { game, status: row.status.clone(), ply };
                self.private(tx, user, &row.server_id, Some(game), msg, out).await?;
                if live.is_some() {
                    out.effects.push(Effect::Render { game, for_user: Some(user.into()) });
                }
                Ok(())
            }
        }
    }

    /// A player takes a seat (chosen, or the first free one in seat order).
    #[allow(clippy::too_many_arguments)]
    async fn join(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        row: &mut GameRow,
        seating: &mut Seating,
        user: &str,
        word: Option<&str>,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        if let Some(s) = seating.seat_of(user) {
            return Err(seat_mistake(SeatMistake::AlreadySeated { game, seat: SeatName::of(v, s) }));
        }
        let free = seating.free();
        if free.is_empty() {
            return Err(seat_mistake(SeatMistake::Full(game)));
        }
        if row.status != status::CHALLENGED {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        if row.invited.as_deref().is_some_and(|i| i != user) {
            return Err(Mistake::NotInvited(game).into());
        }
        let seat = match word {
            Some(w) => {
                let s = v.seat_by_name(w).map_err(unknown_seat)?;
                if !free.contains(&s) {
                    let taken = SeatMistake::SeatTaken { game, seat: SeatName::of(v, s), user: seating.user(s).into() };
                    return Err(seat_mistake(taken));
                }
                s
            }
            None => free[0],
        };
        store::seats::seat_put(tx, row, seat.index(), user).await?;
        seating.users[seat.index()] = Some(user.into());
        row.updated_at = now;
        let free = seating.free();
        let msg = SeatMsg::Joined {
            game,
            user: user.into(),
            seat: SeatName::of(v, seat),
            free: free.iter().map(|&s| SeatName::of(v, s)).collect(),
        };
        self.public(tx, &row.server_id, Some(game), Msg::Seats(msg), out).await?;
        if !free.is_empty() {
            store::game_update(tx, row).await?;
            return Ok(());
        }
        // Every seat is taken: announce the teams and ask everyone for a deployment.
        row.status = status::DEPLOYING.into();
        store::game_update(tx, row).await?;
        store::deadline_clear(tx, game).await?;
        out.effects.push(Effect::TimerCancel { game });
        let mut teams: Vec<u8> = v.seats.iter().map(|s| s.team).collect();
        teams.sort_unstable();
        teams.dedup();
        let teams = teams
            .into_iter()
            .map(|t| {
                seating
                    .seats()
                    .filter(|&s| v.team(s) == t)
                    .map(|s| (SeatName::of(v, s), seating.user(s).into()))
                    .collect()
            })
            .collect();
        self.public(tx, &row.server_id, Some(game), Msg::Seats(SeatMsg::Full { game, teams }), out).await?;
        for seat in seating.seats() {
            let u = seating.user(seat).to_string();
            let last = store::last_layout_get(tx, &u, v.layout_family()).await?;
            let last = last.map(|s| Setup::parse(v, &s).map(|s| s.to_row_string(v)).unwrap_or(s));
            let msg = Msg::DeployPrompt { game, seat: SeatName::of(v, seat), last };
            self.private(tx, &u, &row.server_id, Some(game), msg, out).await?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn seats_deploy(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        row: &mut GameRow,
        seating: &Seating,
        user: &str,
        source: &DeploySource,
        now: i64,
        live: &mut Option<Live>,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let seat = seating.seat_of(user).ok_or(Mistake::NotYourGame(game))?;
        if row.status != status::DEPLOYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let (code, first_time, deployed) = self.store_deployment(tx, v, game, seat, user, source).await?;
        let rows = Setup::parse(v, &code).map(|s| s.to_row_string(v)).unwrap_or(code);
        let msg = Msg::Seats(SeatMsg::DeployTaken { game, rows });
        self.private(tx, user, &row.server_id, Some(game), msg, out).await?;
        if first_time {
            let msg = Msg::Deployed { game, seat: SeatName::of(v, seat) };
            self.public(tx, &row.server_id, Some(game), msg, out).await?;
        }
        if deployed < v.seats.len() {
            return Ok(());
        }
        // Every deployment is in: the game begins.
        let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", game, e))?;
        let first = match rules.first {
            FirstMove::Red => Seat(0),
            // Uniform over the seats: 256 is a multiple of 2 and 4, the seat counts there are.
            FirstMove::Random => Seat(self.entropy("first", game)?[0] % v.seats.len() as u8),
        };
        row.first_seat = i64::from(first.0);
        row.status = status::PLAYING.into();
        row.updated_at = now;
        store::game_update(tx, row).await?;
        *live = rebuild(tx, row).await?;
        let msg = Msg::Started { game, first: SeatName::of(v, first), user: seating.user(first).into() };
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        seats_renders(row.id, seating, out);
        self.seats_move_deadline(tx, row, seating, first, now, out).await
    }

    /// Starts the deadline of the seat to move (paused with a full move's time if its player is
    /// on vacation), as the 2-player referee does.
    async fn seats_move_deadline(
        &self,
        tx: &mut SqliteConnection,
        row: &GameRow,
        seating: &Seating,
        seat: Seat,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let Some(per_move) = row.per_move else { return Ok(()) };
        let u = store::user_get(tx, seating.user(seat)).await?;
        let on_vacation = u.vacation_since.is_some();
        let d = DeadlineRow {
            game_id: row.id,
            kind: "move".into(),
            seat: Some(i64::from(seat.0)),
            due_at: (!on_vacation).then_some(super::time::after(now, per_move)),
            remind_at: (!on_vacation).then_some(super::time::remind_after(now, per_move)),
            remaining: on_vacation.then_some(per_move),
        };
        store::deadline_set(tx, &d).await?;
        match d.due_at {
            Some(at) => out.effects.push(Effect::TimerSet { game: row.id, at }),
            None => out.effects.push(Effect::TimerCancel { game: row.id }),
        }
        Ok(())
    }

    /// Announces a ply and its eliminations, then moves the game on (or ends it).
    #[allow(clippy::too_many_arguments)]
    async fn seats_after_ply(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        row: &mut GameRow,
        seating: &Seating,
        live: &mut Option<Live>,
        report: PlyReport,
        auto: bool,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let mode = mode_of(tx, row).await?;
        let l = live.as_mut().expect("a live game after a ply");
        // Public text from the spectator's view of the ply only.
        let public = report.public(mode, Viewer::Spectator);
        let names = match (public.attacker, public.defender) {
            (Some(a), Some((_, Some(d)))) => Some((piece_name(v, a), piece_name(v, d))),
            _ => None,
        };
        let revealed = public
            .revealed
            .iter()
            .map(|r| (SeatName::of(v, r.seat), piece_name(v, r.kind), v.board.name(r.point).to_string()))
            .collect();
        let msg = Msg::Ply {
            game,
            ply: public.ply,
            seat: SeatName::of(v, public.seat),
            user: seating.user(public.seat).into(),
            mv: format_move(&v.board, public.mv),
            outcome: public.outcome,
            names,
            revealed,
            auto,
        };
        l.last = Some(report.clone());
        let next = l.game.to_move();
        let over = l.game.over();
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        for &(seat, reason) in &report.eliminated {
            let msg = SeatMsg::Out { game, seat: SeatName::of(v, seat), user: seating.user(seat).into(), reason };
            self.public(tx, &row.server_id, Some(game), Msg::Seats(msg), out).await?;
        }
        if let Some(over) = over {
            return self.seats_finish(tx, v, row, seating, live, over, now, out).await;
        }
        row.updated_at = now;
        store::game_update(tx, row).await?;
        let msg = Msg::ToMove { game, seat: SeatName::of(v, next), user: seating.user(next).into() };
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        seats_renders(game, seating, out);
        self.seats_move_deadline(tx, row, seating, next, now, out).await
    }

    /// A seat resigns or times out: with two seats the game ends; with more the seat goes out
    /// (with any seat then left without a move), and the game ends when a team is all out.
    #[allow(clippy::too_many_arguments)]
    async fn seat_leaves(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        row: &mut GameRow,
        seating: &Seating,
        live: &mut Option<Live>,
        seat: Seat,
        kind: SeatEventKind,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let l = self.ensure_live(tx, row, live).await?;
        let was_out: Vec<bool> = seating.seats().map(|s| l.game.is_out(s)).collect();
        let to_move = l.game.to_move();
        let over = match kind {
            SeatEventKind::Timeout => l.game.timeout(seat),
            _ => l.game.resign(seat),
        };
        let (word, reason) = match kind {
            SeatEventKind::Timeout => ("timeout", EndReason::Timeout),
            _ => ("resign", EndReason::Resign),
        };
        if over.is_none() && !l.game.is_out(seat) {
            return Err(Fail::Store(corrupt("games", game, "a seat could not leave")));
        }
        let next = l.game.to_move();
        store::event_append(tx, game, word, Some(i64::from(seat.0)), "", now).await?;
        row.draw_offer = None;
        if v.seats.len() > 2 {
            let mut gone = vec![(seat, reason)];
            gone.extend(
                seating
                    .seats()
                    .filter(|&s| s != seat && !was_out[s.index()] && l.game.is_out(s))
                    .map(|s| (s, EndReason::NoLegalMove)),
            );
            for (s, r) in gone {
                let msg = SeatMsg::Out { game, seat: SeatName::of(v, s), user: seating.user(s).into(), reason: r };
                self.public(tx, &row.server_id, Some(game), Msg::Seats(msg), out).await?;
            }
        }
        if let Some(over) = over {
            return self.seats_finish(tx, v, row, seating, live, over, now, out).await;
        }
        row.updated_at = now;
        store::game_update(tx, row).await?;
        if next != to_move {
            let msg = Msg::ToMove { game, seat: SeatName::of(v, next), user: seating.user(next).into() };
            self.public(tx, &row.server_id, Some(game), msg, out).await?;
            self.seats_move_deadline(tx, row, seating, next, now, out).await?;
        }
        seats_renders(game, seating, out);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn seats_finish(
        &self,
        tx: &mut SqliteConnection,
        v: &'static Variant,
        row: &mut GameRow,
        seating: &Seating,
        live: &mut Option<Live>,
        over: GameOver,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        row.status = status::FINISHED.into();
        row.result = Some(result_string(v, over));
        row.draw_offer = None;
        row.updated_at = now;
        store::game_update(tx, row).await?;
        if store::deadline_clear(tx, game).await? {
            out.effects.push(Effect::TimerCancel { game });
        }
        let msg = match over.winner {
            Some(t) => Msg::Seats(SeatMsg::TeamWins {
                game,
                winners: seating
                    .seats()
                    .filter(|&s| v.team(s) == t)
                    .map(|s| (SeatName::of(v, s), seating.user(s).to_string()))
                    .collect(),
                reason: over.reason,
            }),
            None => Msg::Over { game, winner: None, reason: over.reason },
        };
        self.public(tx, &row.server_id, Some(game), msg, out).await?;
        // The finished game is revealed completely.
        let deps = store::deployments_get(tx, game).await?;
        let list = seating
            .seats()
            .map(|s| {
                let rows = deps
                    .iter()
                    .find(|d| d.seat == i64::from(s.0))
                    .map(|d| Setup::parse(v, &d.setup).map(|x| x.to_row_string(v)).unwrap_or_else(|_| d.setup.clone()))
                    .unwrap_or_default();
                (SeatName::of(v, s), rows)
            })
            .collect();
        self.public(tx, &row.server_id, Some(game), Msg::Seats(SeatMsg::Setups { game, list }), out).await?;
        if live.is_some() {
            seats_renders(game, seating, out);
        }
        self.on_game_over(tx, row, over, now, out).await
    }

    /// A move deadline passed in a playing game: an automatic move under `on-timeout=automove`,
    /// else the seat times out (out of the game; with two seats, the game is lost).
    pub(super) async fn seats_deadline(
        &self,
        tx: &mut SqliteConnection,
        row: &mut GameRow,
        live: &mut Option<Live>,
        deadline_seat: Option<i64>,
        due: i64,
        out: &mut Out,
    ) -> Res<()> {
        let game = row.id;
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let seating = Seating::load(row)?;
        let l = self.ensure_live(tx, row, live).await?;
        let seat = l.game.to_move();
        if deadline_seat != Some(i64::from(seat.0)) {
            return Err(Fail::Store(corrupt("deadlines", game, "deadline for the seat not to move")));
        }
        if l.game.rules().on_timeout == OnTimeout::AutoMove {
            let moves = l.game.legal_moves();
            if !moves.is_empty() {
                let mut rng = Rng::new((game as u64) << 20 ^ u64::from(l.game.ply()));
                let mv = moves[rng.below(moves.len())];
                let report = l.game.play(mv).map_err(|e| Fail::Store(corrupt("games", game, e)))?;
                store::event_append(tx, game, "move", Some(i64::from(seat.0)), &format_move(&v.board, mv), due).await?;
                row.draw_offer = None;
                return self.seats_after_ply(tx, v, row, &seating, live, report, true, due, out).await;
            }
        }
        self.seat_leaves(tx, v, row, &seating, live, seat, SeatEventKind::Timeout, due, out).await
    }

    /// The board as `user` sees it: their seat's view (with the partner's pieces in `partners`
    /// mode), the spectator's otherwise; everything once the game is over.
    pub(super) async fn seats_view(
        &self,
        c: &mut SqliteConnection,
        row: &GameRow,
        live: &Live,
        user: Option<&str>,
    ) -> Result<View, RefereeError> {
        let seating = Seating::load(row)?;
        let mode = mode_of(c, row).await?;
        let viewer = match user.and_then(|u| seating.seat_of(u)) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        };
        Ok(live.game.view(viewer, mode, live.last.as_ref()))
    }

    /// The record (`.jqr`, `rules-junqi4.md` §10) of a game on the cross board: players and
    /// setups by seat (setups `?` and public outcome marks until it is over), seat events
    /// (`W:resign`, `E:timeout`, `N:stuck`) in the movetext.
    pub(super) async fn seats_record(&self, c: &mut SqliteConnection, row: &GameRow) -> Result<String, RefereeError> {
        let game = row.id;
        let v = Variant::by_name(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let rules = RuleOptions::parse(&row.rules).map_err(|e| corrupt("games", game, e))?;
        let mode = mode_of(c, row).await?;
        let seating = Seating::load(row)?;
        let deps = store::deployments_get(c, game).await?;
        let mut setups = Vec::new();
        for s in seating.seats() {
            if let Some(d) = deps.iter().find(|d| d.seat == i64::from(s.0)) {
                setups.push(Setup::parse(v, &d.setup).map_err(|e| corrupt("deployments", game, e))?);
            }
        }
        let started = row.status == status::PLAYING || row.status == status::FINISHED;
        let mut plies: Vec<(crate::rules::Move, Outcome)> = Vec::new();
        let mut events = Vec::new();
        let mut terminal = None;
        let mut over = None;
        if started && setups.len() == v.seats.len() {
            let mut deployments = Vec::new();
            for (i, s) in setups.iter().enumerate() {
                let seat = Seat(i as u8);
                deployments.push(s.validate(v, seat).map_err(|_| corrupt("deployments", game, "illegal"))?);
            }
            let mut g = crate::rules::Game::new(v, rules, &deployments, Seat(row.first_seat as u8));
            for e in store::events_of(c, game).await? {
                let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
                match (e.kind.as_str(), seat) {
                    ("move", _) => {
                        let mv = parse_move(&v.board, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
                        let rep = g.play(mv).map_err(|x| corrupt("events", e.seq, x))?;
                        plies.push((mv, rep.outcome));
                        events.extend(SeatEvent::stuck_after(&rep));
                    }
                    (word @ ("resign" | "timeout"), Some(s)) => {
                        let kind = if word == "resign" { SeatEventKind::Resign } else { SeatEventKind::Timeout };
                        if v.seats.len() <= 2 {
                            terminal = Some(if word == "resign" { Terminal::Resign } else { Terminal::Timeout });
                        }
                        let was_out: Vec<bool> = seating.seats().map(|x| g.is_out(x)).collect();
                        if kind == SeatEventKind::Resign {
                            g.resign(s);
                        } else {
                            g.timeout(s);
                        }
                        if v.seats.len() > 2 {
                            let after = plies.len();
                            events.push(SeatEvent { after, seat: s, kind, line: 0 });
                            // Seats this left without a move: public readers need them written.
                            for x in seating.seats().filter(|&x| x != s && !was_out[x.index()] && g.is_out(x)) {
                                events.push(SeatEvent { after, seat: x, kind: SeatEventKind::Stuck, line: 0 });
                            }
                        }
                    }
                    ("draw", _) => {
                        terminal = Some(Terminal::Draw);
                        g.agree_draw();
                    }
                    _ => return Err(corrupt("events", e.seq, format!("unknown event {}", e.kind)).into()),
                }
            }
            over = g.over();
        }
        let (y, m, d) = super::civil(row.created_at);
        let finished = row.status == status::FINISHED;
        let info = RecordInfo {
            variant: v,
            mode,
            rules,
            players: seating.seats().map(|s| seating.user(s).to_string()).collect(),
            setups: (finished && setups.len() == v.seats.len()).then(|| setups.iter().collect()),
            first: Seat(row.first_seat as u8),
            date: format!("{y:04}.{m:02}.{d:02}"),
        };
        let mut record = Record::for_game(&info, &plies, terminal, over);
        record.events = events;
        Ok(record.to_text())
    }
}

/// The public image and each seated player's own.
fn seats_renders(game: GameId, seating: &Seating, out: &mut Out) {
    out.effects.push(Effect::Render { game, for_user: None });
    for s in seating.seats() {
        out.effects.push(Effect::Render { game, for_user: Some(seating.user(s).into()) });
    }
}

impl Referee {
    /// The players of a game by seat (`None` for a free seat): Red and Blue in 2-player games,
    /// S, E, N, W in `junqi4`, S and N in `junqi4-duel`. For adapters (pings, panels, choices).
    pub async fn seat_users(&self, game: GameId) -> Result<Vec<Option<String>>, RefereeError> {
        let mut c = self.store.conn().await?;
        let row = store::game_get(&mut c, game)
            .await?
            .ok_or_else(|| RefereeError::Rejected { mistake: Mistake::UnknownGame(game), message: String::new() })?;
        Ok(Seating::load(&row)?.users)
    }
}
