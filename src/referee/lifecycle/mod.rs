//! The lifecycle of a game through the game contract alone: challenge → seats → setup (private
//! deployments, a committed deal, or nothing) → play → end → rematch, for any catalogued kind
//! ([`crate::rules::contract::catalog`]). The referee holds such a game as a `Box<dyn AnyGame>`
//! rebuilt by [`GameDef::start`] and the tokens of its event log; what differs between games is
//! the catalogue's data and hooks, never a name here.
//!
//! The Junqi family and 翻棋 still run on their older paths (`mod.rs`, `seats.rs`, `flip.rs`)
//! while they move onto this one (issue 13); [`hosts`] says which kinds this module referees.
//!
//! Storage is the referee's usual: the game row (its `rules` hold the options in the kind's
//! normal form, `mode` the mode's key), `game_seats` for who sits where, `deployments` per seat,
//! a deal with its seed and commitment in `game_secrets`, the event log of action tokens
//! (`move`) and seat events (`resign`, `timeout`, `draw`). Saved layouts are keyed by the kind's
//! name. `games.draw_offer` holds the set of seats that agreed to a draw, as a bit mask.
//!
//! Secrecy: public texts come only from the game's [`PublicPly`] for [`Audience::Public`] and from
//! public facts (seats, outs, results); setups go only to their owners and the deal to nobody
//! until the end; pictures are made per audience by the game.

mod play;
mod words;

use sqlx::sqlite::SqliteConnection;

pub use words::GameMistake;

use super::{Fail, GameId, Out, Referee, RefereeError, corrupt};
use crate::rules::contract::catalog::{self, GameDef, Start};
use crate::rules::contract::record::{SeatEventKind, Terminal, Written, write_plain_items};
use crate::rules::contract::{AnyGame, Audience, GameKind, Leave, Over, Picture, Secret, SetupStyle, Standing};
use crate::rules::{Seat, Variant};
use crate::store::{self, GameRow, StoreError, status};

/// The catalogued kind named `name` if this module referees it: every kind but those with a
/// path of their own still (the Junqi family's rules `Variant`s and 翻棋).
pub(super) fn hosts(name: &str) -> Option<&'static GameDef> {
    if Variant::by_name(name).is_some() || super::flip::is_flip_variant(name) {
        return None;
    }
    catalog::find(name)
}

/// The option word that chooses how many play a kind offered for several counts (`players=4`).
const PLAYERS: &str = "players";

/// Splits the `players=N` word off an options text: the count, if given, and the rest.
pub(super) fn split_players(options: &str) -> (Option<&str>, String) {
    let mut count = None;
    let mut rest = Vec::new();
    for w in options.split_whitespace() {
        match w.split_once('=') {
            Some((k, n)) if k.eq_ignore_ascii_case(PLAYERS) => count = Some(n),
            _ => rest.push(w),
        }
    }
    (count, rest.join(" "))
}

/// How many seats a game has: the `players=N` its row stores for kinds played by several counts,
/// else the smallest count the kind is played by.
pub(super) fn seat_count(def: &GameDef, row: &GameRow) -> usize {
    let smallest = usize::from(def.kind.seating.counts.first().copied().unwrap_or(2));
    split_players(&row.rules).0.and_then(|n| n.parse().ok()).unwrap_or(smallest)
}

/// A game refereed through the contract, rebuilt from the store, cached between commands.
#[derive(Clone)]
pub(super) struct AnyLive {
    /// The game.
    pub game: Box<dyn AnyGame>,
    /// Its row as last committed.
    pub row: GameRow,
}

impl AnyLive {
    /// Whether the game is still in play.
    pub fn in_play(&self) -> bool {
        self.game.over().is_none()
    }
}

/// What the lifecycle works with while it applies one command: the transaction, the effects
/// being collected and the time. One value instead of the same three arguments everywhere.
pub(super) struct Turn<'t> {
    /// The command's transaction (its savepoint of a group commit).
    pub tx: &'t mut SqliteConnection,
    /// The effects so far.
    pub out: &'t mut Out,
    /// The command's time.
    pub now: i64,
}

/// The stored result of a finished game: the winning team's seat names (`south_wins`), `draw`, or
/// the places (`places_2_4`), then `:reason`.
fn result_string(kind: &GameKind, over: &Over) -> String {
    let who = match &over.standing {
        Standing::Team(t) => {
            let names: Vec<String> = kind
                .seating
                .seats
                .iter()
                .filter(|d| d.team == *t)
                .map(|d| d.name.en.to_lowercase().replace(' ', "-"))
                .collect();
            format!("{}_wins", names.join("+"))
        }
        Standing::Draw => "draw".into(),
        Standing::Places(p) => {
            format!("places_{}", p.iter().map(u16::to_string).collect::<Vec<_>>().join("_"))
        }
    };
    format!("{who}:{}", over.reason.as_str())
}

/// What a game starts from, as stored: its mode, options, seats, the deployments (Deploy kinds)
/// or the deal (Deal kinds), and the first seat. `None` while a deployment or the deal is missing.
async fn start_of(c: &mut SqliteConnection, def: &GameDef, row: &GameRow) -> Result<Option<Start>, StoreError> {
    let n = seat_count(def, row);
    let mut start = Start::new(n as u8);
    start.mode = row.mode.clone();
    start.options = split_players(&row.rules).1;
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
            let Some(deal) = store::flip::flip_get(c, row.id).await? else { return Ok(None) };
            start.deal = Some(Secret::new(deal.deal));
        }
        SetupStyle::None => {}
    }
    Ok(Some(start))
}

/// Rebuilds a game from its start and event log; `None` before it is in play.
pub(super) async fn rebuild(
    c: &mut SqliteConnection,
    def: &GameDef,
    row: &GameRow,
) -> Result<Option<AnyLive>, StoreError> {
    if row.status != status::PLAYING && row.status != status::FINISHED {
        return Ok(None);
    }
    let Some(start) = start_of(c, def, row).await? else { return Ok(None) };
    let mut game = (def.start)(&start).map_err(|e| corrupt("games", row.id, e))?;
    for e in store::events_of(c, row.id).await? {
        let at = || format!("{}/{}", row.id, e.seq);
        let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
        match (e.kind.as_str(), seat) {
            ("move", Some(s)) => {
                game.play_text(s, &e.body).map_err(|x| corrupt("events", at(), x))?;
            }
            ("resign", Some(s)) => {
                game.leave(s, Leave::Resign);
            }
            ("timeout", Some(s)) => {
                game.leave(s, Leave::Timeout);
            }
            ("draw", _) => {
                game.agree_draw();
            }
            _ => return Err(corrupt("events", at(), format!("unknown event {}", e.kind))),
        }
    }
    Ok(Some(AnyLive { game, row: row.clone() }))
}

impl Referee {
    /// The board of a game refereed through the contract, as `user` may see it (their seat's
    /// picture while they play, the public one for others or `None`, everything once it is over),
    /// with its kind, for the renderer. `Ok(None)` for games on the older paths (use
    /// [`Referee::view`]) and before the game is in play.
    pub async fn picture(
        &self,
        game: GameId,
        user: Option<&str>,
    ) -> Result<Option<(Picture, &'static GameKind)>, RefereeError> {
        let mut guard = self.hold(game).await;
        let mut c = self.store.conn().await?;
        let unknown = || RefereeError::Rejected { mistake: super::Mistake::UnknownGame(game), message: String::new() };
        let row = store::game_get(&mut c, game).await?.ok_or_else(unknown)?;
        let Some(def) = hosts(&row.variant) else { return Ok(None) };
        if guard.cache.any.as_ref().is_none_or(|l| l.row.id != game) {
            guard.cache.any = rebuild(&mut c, def, &row).await?;
        }
        let Some(live) = &guard.cache.any else { return Ok(None) };
        let audience = match (live.game.over(), user.and_then(|u| row.seats.seat_of(u))) {
            (Some(_), _) => Audience::Everyone,
            (None, Some(s)) => Audience::Seat(Seat(s as u8)),
            (None, None) => Audience::Public,
        };
        Ok(Some((live.game.picture_for(audience), def.kind)))
    }

    /// The record of a game refereed through the contract: the plain `.jqr` of its kind, with the
    /// setups or the deal only once it is over.
    pub(super) async fn any_record(
        &self,
        c: &mut SqliteConnection,
        def: &'static GameDef,
        row: &GameRow,
    ) -> Result<String, RefereeError> {
        let over_row = row.status == status::FINISHED;
        let n = seat_count(def, row);
        let mut start = start_of(c, def, row).await?.unwrap_or_else(|| {
            let mut s = Start::new(n as u8);
            s.mode = row.mode.clone();
            s.options = split_players(&row.rules).1;
            s
        });
        if !over_row {
            start.setups.clear();
            start.deal = None;
        }
        let players: Vec<String> = (0..n).map(|s| row.seats.user(s).unwrap_or("?").to_string()).collect();
        // Two seats end the game by leaving it (a terminal word); more go on without the seat
        // that left (a seat event, `E:resign`).
        let mut items = Vec::new();
        for e in store::events_of(c, row.id).await? {
            let seat = e.seat.and_then(|s| u8::try_from(s).ok()).map(Seat);
            let left = match e.kind.as_str() {
                "move" => {
                    items.push(Written::Action(e.body.clone()));
                    continue;
                }
                "resign" => (Terminal::Resign, SeatEventKind::Resign),
                "timeout" => (Terminal::Timeout, SeatEventKind::Timeout),
                "draw" => {
                    items.push(Written::Terminal(Terminal::Draw));
                    continue;
                }
                _ => continue,
            };
            match seat {
                Some(s) if n > 2 => items.push(Written::Seat(s, left.1)),
                _ => items.push(Written::Terminal(left.0)),
            }
        }
        let over = rebuild(c, def, row).await?.and_then(|l| l.game.over());
        Ok(write_plain_items(def, &start, &players, &items, over.as_ref()))
    }
}

/// A contract mistake as the referee's failure.
fn mistake(m: GameMistake) -> Fail {
    Fail::Mistake(super::Mistake::Game(m))
}
