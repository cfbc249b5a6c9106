//! The lifecycle of every game, through the game contract alone: challenge → seats → setup
//! (private deployments, a committed deal, or nothing) → play → end → rematch, for any catalogued
//! kind ([`crate::rules::contract::catalog`]). The referee holds a game as a `Box<dyn AnyGame>`
//! rebuilt by [`GameDef::start`] and the tokens of its event log; what differs between games is
//! the catalogue's data and hooks ([`GameDef::policy`], its setups, describer, marks), never a
//! name here. A 2-seat game is the case of N seats.
//!
//! Storage: the game row (`rules` holds the options in the kind's normal form, with `players=N`
//! first for kinds played by several counts; `mode` the mode's key; `draw_offer` the set of seats
//! that agreed to a draw, as a bit mask), `game_seats` for who sits where, `deployments` per seat,
//! a deal with its seed and commitment in `game_secrets`, the event log of action tokens (`move`)
//! and seat events (`resign`, `timeout`, `draw`). Saved layouts are keyed by the kind's layout
//! family.
//!
//! Secrecy: public texts come only from the game's [`PublicPly`](crate::rules::contract::PublicPly)
//! for [`Audience::Public`] and from public facts (seats, outs, results); setups go only to their
//! owners and the deal to nobody until the end; pictures are made per audience by the game.

mod actions;
mod autopilot;
mod bot_seat;
mod mistake;
mod play;
mod seating;
mod takeback;
mod words;

use crate::store::Conn;

pub use bot_seat::{BOT_PREFIX, BotMistake, bot_kinds, bot_user, is_bot};
pub use mistake::{Feature, GameMistake};
pub(super) use seating::setup_mistake;
pub use takeback::TakebackMistake;
pub(crate) use takeback::{played, split_takeback};

use super::{Fail, GameId, Referee, RefereeError, corrupt};
use crate::rules::Seat;
use crate::rules::contract::catalog::{self, GameDef, Start};
use crate::rules::contract::record::{RecordMeta, SeatEventKind, Terminal, Written, write_plain_items};
use crate::rules::contract::{AnyGame, Audience, Fact, GameKind, Leave, Over, Picture, Secret, SetupStyle, Standing};
use crate::store::{self, GameRow, StoreError, status};

/// The catalogued kind a game row (or a challenge) names: every game the referee hosts.
pub(super) fn hosts(name: &str) -> Option<&'static GameDef> {
    catalog::find(name)
}

/// The option word that chooses how many play a kind offered for several counts (`players=4`).
const PLAYERS: &str = "players";

/// The option word that sets a challenge's deployment time (`deploy=2h`, `deploy=none`): the
/// referee's, not the game's, like `players=N`.
const DEPLOY: &str = "deploy";

/// Splits the `players=N` word off an options text: the count, if given, and the rest (without
/// the referee's `deploy=`, `takeback=` and `clock=` words either).
pub(super) fn split_players(options: &str) -> (Option<&str>, String) {
    let mut count = None;
    let mut rest = Vec::new();
    for w in options.split_whitespace() {
        match w.split_once('=') {
            Some((k, n)) if k.eq_ignore_ascii_case(PLAYERS) => count = Some(n),
            Some((k, _))
                if k.eq_ignore_ascii_case(DEPLOY)
                    || k.eq_ignore_ascii_case(takeback::TAKEBACK)
                    || k.eq_ignore_ascii_case(super::chess_clock::CLOCK) => {}
            _ => rest.push(w),
        }
    }
    (count, rest.join(" "))
}

/// The `deploy=` word of an options text, if any (its duration as written).
pub(super) fn deploy_word(options: &str) -> Option<&str> {
    options
        .split_whitespace()
        .find_map(|w| w.split_once('=').filter(|(k, _)| k.eq_ignore_ascii_case(DEPLOY)).map(|(_, v)| v))
}

/// How long a game may stay deploying: its challenge's `deploy=` time (`none`: no limit), else
/// its move time control (no limit without one).
pub(super) fn deploy_time(row: &GameRow) -> Option<i64> {
    match deploy_word(&row.rules) {
        Some(w) => super::time::parse_time_control(w).ok().flatten(),
        None => row.per_move,
    }
}

/// A game's options as its kind reads them (its row's `rules` without `players=N`).
pub(super) fn options_of(row: &GameRow) -> String {
    split_players(&row.rules).1
}

/// How many seats a game has: the `players=N` its row stores for kinds played by several counts,
/// else the smallest count the kind is played by.
pub(super) fn seat_count(def: &GameDef, row: &GameRow) -> usize {
    let smallest = usize::from(def.kind.seating.counts.first().copied().unwrap_or(2));
    split_players(&row.rules).0.and_then(|n| n.parse().ok()).unwrap_or(smallest)
}

/// The kind as a game's seats see it: its seat names, keys and teams are the game's (跳棋's seats
/// depend on the number of players, [`GameKind::for_seats`]).
pub(super) fn kind_of(def: &GameDef, row: &GameRow) -> &'static GameKind {
    def.kind.for_seats(seat_count(def, row) as u8)
}

/// A seat's name in every language (`?` for a seat the kind does not have).
pub(super) fn seat_words(def: &GameDef, row: &GameRow, seat: Seat) -> crate::rules::contract::Words {
    kind_of(def, row)
        .seating
        .get(seat)
        .map_or(crate::rules::contract::Words { en: "?", zh_hans: "？", zh_hant: "？" }, |d| d.name)
}

/// A game rebuilt from the store, cached between commands.
#[derive(Clone)]
pub(super) struct AnyLive {
    /// The game.
    pub game: Box<dyn AnyGame>,
    /// Its row as last committed, so a move needs no read of it.
    pub row: GameRow,
    /// Its event log as committed, so a record needs no read of it.
    pub log: Vec<store::EventRow>,
    /// Dealt games: the seed (hex) and the commitment, for the record's tags.
    pub dealt: Option<(String, String)>,
}

impl AnyLive {
    /// Whether the game is still in play.
    pub fn in_play(&self) -> bool {
        self.game.over().is_none()
    }

    /// Notes an event the command appended to the store's log (the cache follows the store).
    pub fn logged(&mut self, kind: &str, seat: Option<Seat>, body: &str, at: i64) {
        let (game_id, seq) = (self.row.id, self.log.len() as i64 + 1);
        let seat = seat.map(|s| i64::from(s.0));
        self.log.push(store::EventRow { game_id, seq, kind: kind.into(), seat, body: body.into(), at });
    }
}

/// What the lifecycle works with while it applies one command: the transaction, the effects
/// being collected and the time. One value instead of the same three arguments everywhere.
pub(super) struct Turn<'t> {
    /// The command's transaction (its savepoint of a group commit).
    pub tx: &'t mut Conn,
    /// The effects so far.
    pub out: &'t mut super::Out,
    /// The command's time.
    pub now: i64,
}

/// The stored result of a finished game: the winning team (`red_wins` for a team of one seat,
/// by the seat's name; `sn_wins` for several, by their keys), `draw`, or the places
/// (`places_2_4_6`), then `:reason`.
fn result_string(kind: &GameKind, over: &Over) -> String {
    let who = match &over.standing {
        Standing::Team(t) => {
            let seats: Vec<_> = kind.seating.seats.iter().filter(|d| d.team == *t).collect();
            match seats.as_slice() {
                [one] => format!("{}_wins", one.name.en.to_lowercase().replace(' ', "-")),
                many => format!("{}_wins", many.iter().map(|d| d.key).collect::<String>()),
            }
        }
        Standing::Draw => "draw".into(),
        Standing::Places(p) => format!("places_{}", p.iter().map(u16::to_string).collect::<Vec<_>>().join("_")),
    };
    format!("{who}:{}", over.reason.as_str())
}

/// What a game starts from, as stored: its mode, options, seats, the deployments (Deploy kinds)
/// or the deal (Deal kinds), and the first seat. `None` while a deployment or the deal is missing.
pub(super) async fn start_of(c: &mut Conn, def: &GameDef, row: &GameRow) -> Result<Option<Start>, StoreError> {
    let n = seat_count(def, row);
    let mut start = Start::new(n as u8);
    start.mode = row.mode.clone();
    start.options = options_of(row);
    start.first = Seat(u8::try_from(row.first_seat).map_err(|_| corrupt("games", row.id, "bad first seat"))?);
    match def.kind.setup {
        SetupStyle::Deploy => {
            let mut deps = store::deployments_get(c, row.id).await?;
            deps.sort_by_key(|d| d.seat);
            if deps.len() != n || deps.iter().enumerate().any(|(i, d)| d.seat != i as i64) {
                return Ok(None);
            }
            start.setups = deps.into_iter().map(|d| Secret::new(d.setup)).collect();
        }
        SetupStyle::Deal => {
            let Some(stored) = store::flip::flip_get(c, row.id).await? else { return Ok(None) };
            check_deal(def, row.id, &stored)?;
            start.deal = Some(Secret::new(stored.deal));
        }
        SetupStyle::None => {}
    }
    Ok(Some(start))
}

/// A stored start the game refuses, named by the table that holds the bad part.
pub(super) fn start_corrupt(game: GameId, e: crate::rules::contract::StartError) -> StoreError {
    use crate::rules::contract::StartError as E;
    let table = match e {
        E::Setup { .. } | E::MissingSetup(_) => "deployments",
        E::Deal(_) | E::MissingDeal => "game_secrets",
        _ => "games",
    };
    corrupt(table, game, e)
}

/// Checks a stored deal against the seed it came from and the commitment posted at the start:
/// a deal edited by hand is a damaged row, never a game played on.
fn check_deal(def: &GameDef, game: GameId, stored: &store::flip::FlipRow) -> Result<(), StoreError> {
    let bad = |why: String| corrupt("game_secrets", game, why);
    let Some(deal) = def.deal else { return Err(bad(format!("{} deals nothing", def.kind.name))) };
    let bytes: Vec<u8> = (0..stored.seed.len())
        .step_by(2)
        .filter_map(|i| stored.seed.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
        .collect();
    let seed: [u8; 32] = bytes.try_into().map_err(|_| bad("the seed is not 64 hex digits".into()))?;
    let dealt = deal(&Secret::new(seed));
    let scheme = def.record.shuffle.unwrap_or("its scheme");
    if *dealt.deal.expose() != stored.deal {
        return Err(bad(format!("the deal does not match its seed under {scheme}")));
    }
    if dealt.commitment != stored.commitment {
        return Err(bad(format!("the commitment does not match the seed and the deal under {scheme}")));
    }
    Ok(())
}

/// Applies one logged event to a game being rebuilt.
pub(super) fn apply_event(game: &mut dyn AnyGame, id: GameId, e: &store::EventRow) -> Result<(), StoreError> {
    let at = || format!("{id}/{}", e.seq);
    let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
    match (e.kind.as_str(), seat) {
        ("move", Some(s)) => {
            game.apply_text(s, &e.body).map_err(|x| corrupt("events", at(), x))?;
        }
        ("resign", Some(s)) => {
            game.leave(s, Leave::Resign);
        }
        ("timeout", Some(s)) => {
            game.leave(s, Leave::Timeout);
        }
        ("skip", Some(s)) => {
            game.pass(s).ok_or_else(|| corrupt("events", at(), "a skipped turn the game cannot pass"))?;
        }
        ("draw", _) => {
            game.agree_draw();
        }
        _ => return Err(corrupt("events", at(), format!("unknown event {}", e.kind))),
    }
    Ok(())
}

/// Rebuilds a game from its start and event log; `None` before it is in play.
pub(super) async fn rebuild(c: &mut Conn, def: &GameDef, row: &GameRow) -> Result<Option<AnyLive>, StoreError> {
    if row.status != status::PLAYING && row.status != status::FINISHED {
        return Ok(None);
    }
    let Some(start) = start_of(c, def, row).await? else { return Ok(None) };
    let mut game = (def.start)(&start).map_err(|e| start_corrupt(row.id, e))?;
    let log = store::events_of(c, row.id).await?;
    let play =
        takeback::played(&log).map_err(|seq| corrupt("events", format!("{}/{seq}", row.id), "takeback of no move"))?;
    for e in play {
        apply_event(&mut *game, row.id, e)?;
    }
    let dealt = match def.kind.setup {
        SetupStyle::Deal => store::flip::flip_get(c, row.id).await?.map(|d| (d.seed, d.commitment)),
        _ => None,
    };
    Ok(Some(AnyLive { game, row: row.clone(), log, dealt }))
}

impl Referee {
    /// [`rebuild`], counted (see [`Referee::rebuilds`]).
    pub(in crate::referee) async fn rebuild_game(
        &self,
        c: &mut Conn,
        def: &GameDef,
        row: &GameRow,
    ) -> Result<Option<AnyLive>, StoreError> {
        self.rebuilds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        rebuild(c, def, row).await
    }
}

/// Where a game in play stands ([`Referee::turn_status`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStatus {
    /// The user to move; `None` once the game is over or when the seat to move is empty.
    pub to_move_user: Option<String>,
    /// Whether the game is over.
    pub over: bool,
    /// Whether the position is worth noticing: the game is over, or the last ply made a piece's
    /// identity public or ended the game.
    pub notable: bool,
    /// The users whose seats are out of play (eliminated or gone) while the game goes on: a
    /// hot-seat terminal opens no gate for them.
    pub out_users: Vec<String>,
}

/// The audience a user is for a game: their seat while they play in it, the public otherwise.
fn audience_of(row: &GameRow, user: Option<&str>) -> Audience {
    match user.and_then(|u| row.seats.seat_of(u)) {
        Some(s) => Audience::Seat(Seat(s as u8)),
        None => Audience::Public,
    }
}

impl Referee {
    /// A game rebuilt (or cached) under its lock, with its kind and row, for the read-only
    /// queries below. `Ok(None)` before the game is in play.
    pub(in crate::referee) async fn with_game<T>(
        &self,
        game: GameId,
        f: impl FnOnce(&dyn AnyGame, &GameRow) -> T,
    ) -> Result<Option<T>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: super::Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        let def = hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        if self.store().backend() == store::Backend::Postgres {
            // Another process may have moved the game on (see `Referee::game_for_command`).
            let events = store::events_count(&mut c, game).await?;
            self.drop_stale(&mut guard.cache.any, &row, events);
        }
        if guard.cache.any.as_ref().is_none_or(|l| l.row != row) {
            guard.cache.any = self.rebuild_game(&mut c, def, &row).await?;
        }
        Ok(guard.cache.any.as_ref().map(|l| f(&*l.game, &row)))
    }

    /// The board of a game as `user` may see it (their seat's picture while they play, the
    /// public one for others or `None`; the game shows everything once it is over), with its
    /// kind, for the renderer. `Ok(None)` before the game is in play.
    pub async fn picture(
        &self,
        game: GameId,
        user: Option<&str>,
    ) -> Result<Option<(Picture, &'static GameKind)>, RefereeError> {
        self.with_game(game, |g, row| {
            let audience = if g.over().is_some() { Audience::Everyone } else { audience_of(row, user) };
            (g.picture_for(audience), g.kind())
        })
        .await
    }

    /// The board after `ply` plies (the review, issue 21 point 2) as `user` may see it: their
    /// seat's picture while the game is in play and they play in it, the public one for others,
    /// everything once it is over. With the kind and the number of plies played (`ply` is held
    /// to it). `Ok(None)` before the game is in play. Replays the log; the cache is untouched.
    pub async fn picture_at(
        &self,
        game: GameId,
        user: Option<&str>,
        ply: u32,
    ) -> Result<Option<(Picture, &'static GameKind, u32)>, RefereeError> {
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: super::Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        let def = hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        if row.status != status::PLAYING && row.status != status::FINISHED {
            return Ok(None);
        }
        let Some(start) = start_of(&mut c, def, &row).await? else { return Ok(None) };
        let mut g = (def.start)(&start).map_err(|e| start_corrupt(row.id, e))?;
        let log = store::events_of(&mut c, row.id).await?;
        // Taken-back moves are no plies of the game: the review steps through what stands.
        let log = takeback::played(&log)
            .map_err(|seq| corrupt("events", format!("{}/{seq}", row.id), "takeback of no move"))?;
        let total = u32::try_from(log.iter().filter(|e| e.kind == "move").count()).unwrap_or(u32::MAX);
        let ply = ply.min(total);
        let mut played = 0;
        for e in log {
            if e.kind == "move" {
                if played == ply {
                    break;
                }
                played += 1;
            }
            apply_event(&mut *g, row.id, e)?;
        }
        let audience = if row.status == status::FINISHED { Audience::Everyone } else { audience_of(&row, user) };
        Ok(Some((g.picture_for(audience), g.kind(), total)))
    }

    /// A layout alone on the board, as its owner sees it (deployment panels): the text read by
    /// the kind's [`GameDef::setup_picture`] for `user`'s seat, with the kind. `Ok(None)` when the
    /// kind deploys nothing, `user` has no seat in the game, or the text is no layout for it.
    pub async fn layout_picture(
        &self,
        game: GameId,
        user: &str,
        text: &str,
    ) -> Result<Option<(Picture, &'static GameKind)>, RefereeError> {
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: super::Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        let def = hosts(&row.variant).ok_or_else(|| corrupt("games", game, "unknown variant"))?;
        let (Some(draw), Some(seat)) = (def.setup_picture, row.seats.seat_of(user)) else { return Ok(None) };
        Ok(draw(Seat(seat as u8), text).map(|p| (p, def.kind)))
    }

    /// Where a game in play stands, for whom an adapter pings and which posts it marks:
    /// `Ok(None)` before the game is in play.
    pub async fn turn_status(&self, game: GameId) -> Result<Option<TurnStatus>, RefereeError> {
        self.with_game(game, |g, row| {
            let over = g.over().is_some();
            let to_move_user = if over { None } else { row.seats.user(g.to_move().index()).map(str::to_string) };
            // A ply that made an identity public (a flag after its 司令 fell) or ended the game.
            let notable = g
                .last_ply_for(Audience::Public)
                .is_some_and(|p| p.end.is_some() || p.facts.iter().any(|f| matches!(f, Fact::Revealed { .. })));
            let out_users = row
                .seats
                .taken()
                .filter(|&(s, _)| !over && g.is_out(Seat(s as u8)))
                .map(|(_, u)| u.to_string())
                .collect();
            TurnStatus { to_move_user, over, notable: over || notable, out_users }
        })
        .await
    }

    /// The record of a game: the `.jqr` of its kind, with the setups or the deal only once it is
    /// over; before that each combat carries its public outcome mark, so the record is public.
    pub(super) async fn any_record(
        &self,
        c: &mut Conn,
        def: &'static GameDef,
        row: &GameRow,
        cached: Option<&AnyLive>,
    ) -> Result<String, RefereeError> {
        let over_row = row.status == status::FINISHED;
        let deploys = def.kind.setup == SetupStyle::Deploy;
        // The outcome marks of a game in play with secret setups need a replay; otherwise the
        // cached game (as last committed) says how it stands.
        let cached_over = cached.filter(|l| (over_row || !deploys) && l.row == *row).map(|l| l.game.over());
        let n = seat_count(def, row);
        // The start's secrets are written only once the game is over, and read for a replay.
        let known = if over_row || cached_over.is_none() { start_of(c, def, row).await? } else { None };
        let mut start = known.clone().unwrap_or_else(|| {
            let mut s = Start::new(n as u8);
            s.mode = row.mode.clone();
            s.options = options_of(row);
            s
        });
        start.first = Seat(row.first_seat as u8);
        let players: Vec<String> = (0..n).map(|s| row.seats.user(s).unwrap_or("?").to_string()).collect();
        // Replay once more to learn each ply's public outcome class.
        let mut game = match &known {
            Some(s) if cached_over.is_none() && (row.status == status::PLAYING || over_row) => {
                Some((def.start)(s).map_err(|e| start_corrupt(row.id, e))?)
            }
            _ => None,
        };
        // Two seats end the game by leaving it (a terminal word); more go on without the seat
        // that left (a seat event, `E:resign`).
        let mut items = Vec::new();
        let fetched;
        let log: &[store::EventRow] = match cached.filter(|l| l.row == *row) {
            Some(l) => &l.log,
            None => {
                fetched = store::events_of(c, row.id).await?;
                &fetched
            }
        };
        // Taken-back plies are in no record.
        let log = takeback::played(log)
            .map_err(|seq| corrupt("events", format!("{}/{seq}", row.id), "takeback of no move"))?;
        for e in log {
            let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
            let left = match e.kind.as_str() {
                "move" => {
                    let mark = match (&mut game, seat) {
                        // Where setups are secret, a combat's outcome class is its public account.
                        (Some(g), Some(s)) if deploys && !over_row => {
                            let played = g.play_text(s, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
                            played.public.facts.iter().find_map(|f| match *f {
                                Fact::Combat { outcome, .. } => Some(outcome),
                                _ => None,
                            })
                        }
                        (Some(g), Some(s)) => {
                            g.apply_text(s, &e.body).map_err(|x| corrupt("events", e.seq, x))?;
                            None
                        }
                        _ => None,
                    };
                    items.push(Written::Action(e.body.clone(), mark));
                    continue;
                }
                "resign" => (Terminal::Resign, SeatEventKind::Resign, Leave::Resign),
                "timeout" => (Terminal::Timeout, SeatEventKind::Timeout, Leave::Timeout),
                "skip" => {
                    if let (Some(g), Some(s)) = (&mut game, seat) {
                        g.pass(s);
                    }
                    if let Some(s) = seat {
                        items.push(Written::Seat(s, SeatEventKind::Skip));
                    }
                    continue;
                }
                "draw" => {
                    if let Some(g) = &mut game {
                        g.agree_draw();
                    }
                    items.push(Written::Terminal(Terminal::Draw));
                    continue;
                }
                _ => continue,
            };
            if let (Some(g), Some(s)) = (&mut game, seat) {
                g.leave(s, left.2);
            }
            match seat {
                Some(s) if n > 2 => items.push(Written::Seat(s, left.1)),
                _ => items.push(Written::Terminal(left.0)),
            }
        }
        let over = cached_over.unwrap_or_else(|| game.as_ref().and_then(|g| g.over()));
        let (y, m, d) = super::civil(row.created_at);
        let dealt = match cached.filter(|l| l.row == *row) {
            Some(l) => l.dealt.clone(),
            None => store::flip::flip_get(c, row.id).await?.map(|d| (d.seed, d.commitment)),
        };
        let meta = RecordMeta { date: Some(format!("{y:04}.{m:02}.{d:02}")), hide_start: !over_row, dealt };
        Ok(write_plain_items(def, &start, &players, &items, over.as_ref(), &meta))
    }
}

/// A lifecycle mistake as the referee's failure.
pub(super) fn mistake(m: GameMistake) -> Fail {
    Fail::Mistake(super::Mistake::Game(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_n_is_the_seat_count_and_not_an_option_of_the_game() {
        assert_eq!(split_players("players=4 quiet-limit=0"), (Some("4"), "quiet-limit=0".to_string()));
        assert_eq!(split_players("quiet-limit=0"), (None, "quiet-limit=0".to_string()));
        assert_eq!(split_players("players=4 deploy=2h x=1"), (Some("4"), "x=1".to_string()));
        assert_eq!(deploy_word("players=4 Deploy=2h x=1"), Some("2h"));
        assert_eq!(deploy_word("x=1"), None);
        let def = catalog::find("junqi").unwrap();
        let mut row = GameRow {
            id: 1,
            server_id: String::new(),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: "players=3 mines=mutual".into(),
            per_move: None,
            challenger: "a".into(),
            invited: None,
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: 0,
            updated_at: 0,
        };
        assert_eq!((seat_count(def, &row), options_of(&row).as_str()), (3, "mines=mutual"));
        row.rules = "mines=mutual".into();
        assert_eq!(seat_count(def, &row), 2, "the smallest count the kind is played by");
    }

    #[test]
    fn results_name_the_winning_seat_or_team() {
        let over = |t| Over { standing: Standing::Team(t), reason: crate::rules::EndReason::Resign };
        assert_eq!(result_string(catalog::find("junqi").unwrap().kind, &over(1)), "blue_wins:resign");
        assert_eq!(result_string(catalog::find("junqi4").unwrap().kind, &over(0)), "sn_wins:resign");
        assert_eq!(result_string(catalog::find("junqi4-duel").unwrap().kind, &over(1)), "north_wins:resign");
        assert_eq!(result_string(catalog::find("junqi-flip").unwrap().kind, &over(0)), "p1_wins:resign");
        let draw = Over { standing: Standing::Draw, reason: crate::rules::EndReason::Agreed };
        assert_eq!(result_string(catalog::find("junqi").unwrap().kind, &draw), "draw:agreed");
    }
}
