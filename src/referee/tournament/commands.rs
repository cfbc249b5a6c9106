//! The tournament and rating commands: the locks of the games they may end, then one transaction.

use crate::store::Conn;

use super::msg::tmsg;
use super::state::{State, format_of, to_rating, tournament};
use super::{TournamentAction, TournamentMistake, TournamentMsg};
use crate::referee::{Command, Effect, Fail, GameId, Mistake, Out, Referee, RefereeError, Res, corrupt, time};
use crate::rules::contract::catalog;
use crate::rules::echo::echo;
use crate::store;
use crate::store::tournament::{self as ts, TournamentRow, tstatus};
use crate::tournament::{Board, BoardResult, Format, MAX_SWISS_ROUNDS};

impl Referee {
    /// Handles a tournament command: takes the locks of the games it may end (in id order), then
    /// runs it in one transaction like [`Referee::handle`] (request ids included).
    pub(in crate::referee) async fn handle_tournament(
        &self,
        cmd: &Command,
        ta: &TournamentAction,
    ) -> Result<Vec<Effect>, RefereeError> {
        for _attempt in 0..8 {
            let want = {
                let mut c = self.store.conn().await?;
                games_touched(&mut c, ta, &cmd.user).await.map_err(RefereeError::Store)?
            };
            let mut guards = Vec::new();
            for g in &want {
                guards.push(self.hold(*g).await);
            }
            let mut tx = self.store.begin().await?;
            if let Some(json) = store::request_get(&mut tx, &cmd.user, &cmd.request).await? {
                return serde_json::from_str(&json)
                    .map_err(|e| RefereeError::StoredEffects(cmd.request.clone(), e.to_string()));
            }
            // A round may have begun between the read and the lock: then lock again.
            if games_touched(&mut tx, ta, &cmd.user).await? != want {
                continue;
            }
            let now = self.clock.now();
            let mut out = Out::default();
            return match self.apply_tournament(&mut tx, cmd, ta, now, &mut out).await {
                Ok(()) => {
                    let json = serde_json::to_string(&out.effects).expect("effects serialise");
                    store::request_put(&mut tx, &cmd.request, &cmd.user, &json, now).await?;
                    if !out.effects.is_empty() {
                        store::outbox_put_request(&mut tx, None, &cmd.user, &cmd.request, &json, now).await?;
                    }
                    tx.commit().await?;
                    for mut g in guards {
                        g.clear();
                    }
                    Ok(out.effects)
                }
                Err(Fail::Mistake(m)) => {
                    drop(tx);
                    let locale = self.locale_of(&cmd.user, &cmd.server).await?;
                    Err(RefereeError::Rejected { message: m.render(locale), mistake: m })
                }
                Err(Fail::Store(e)) => {
                    drop(tx);
                    for mut g in guards {
                        g.clear();
                    }
                    Err(RefereeError::Store(e))
                }
            };
        }
        Err(RefereeError::Store(corrupt("tournaments", "-", "pairings kept changing while locking")))
    }

    async fn apply_tournament(
        &self,
        tx: &mut Conn,
        cmd: &Command,
        ta: &TournamentAction,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let user = cmd.user.as_str();
        let server = cmd.server.as_str();
        use TournamentAction as A;
        use TournamentMistake as M;
        match ta {
            A::Create { name, format, rounds, variant, mode, rules, time, round_time, start } => {
                let name = name.trim();
                if name.is_empty() || name.chars().count() > 64 {
                    return Err(M::BadName.into());
                }
                if Format::parse(format, Some(1)) == Some(Format::Swiss { rounds: 1 }) {
                    match rounds {
                        None => return Err(M::SwissNeedsRounds.into()),
                        Some(r) if !(1..=MAX_SWISS_ROUNDS).contains(r) => return Err(M::SwissRounds(*r).into()),
                        Some(_) => {}
                    }
                }
                let f = Format::parse(format, *rounds).ok_or_else(|| M::BadFormat(echo(format)))?;
                // Pairings seat two players a board: kinds not played by two have no tournaments.
                let def = catalog::find(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?;
                let kind = def.kind;
                if !kind.seating.counts.contains(&2) {
                    return Err(TournamentMistake::NotTwoSeats { kind: kind.name.into() }.into());
                }
                let m = kind.mode(mode).ok_or_else(|| Mistake::BadMode {
                    mode: mode.clone(),
                    offered: kind.modes.iter().map(|m| m.key).collect::<Vec<_>>().join(", "),
                })?;
                // The organiser may allow takebacks (`takeback=yes`): the referee's word, not the game's.
                let (takeback, rules) = crate::referee::lifecycle::split_takeback(rules).map_err(Mistake::Game)?;
                let r = (kind.settings)(m.key, &rules)
                    .map_err(|e| Mistake::Game(crate::referee::GameMistake::Settings(e.to_string())))?;
                let r = match takeback {
                    Some(true) => [r, "takeback=yes".to_string()].join(" ").trim().to_string(),
                    _ => r,
                };
                let per_move = time::time_control(time)?;
                let round_secs = time::time_control(round_time)?;
                let start_in = time::time_control(start)?;
                let row = TournamentRow {
                    id: 0,
                    server_id: server.into(),
                    name: name.into(),
                    organiser: user.into(),
                    format: f.as_str().into(),
                    rounds: match f {
                        Format::Swiss { rounds } => Some(rounds as i64),
                        _ => None,
                    },
                    variant: kind.name.into(),
                    mode: m.key.into(),
                    rules: r,
                    per_move,
                    round_time: round_secs,
                    starts_at: start_in.map(|s| time::after(now, s)),
                    status: tstatus::OPEN.into(),
                    round: 0,
                    created_at: now,
                };
                let id = ts::tournament_insert(tx, &row).await?;
                let rules_t = if row.rules.is_empty() { String::new() } else { format!(" {}", row.rules) };
                let game = format!("{} {}{rules_t}", row.variant, row.mode);
                let msg = TournamentMsg::Created { id, name: row.name, format: f, game, starts_at: row.starts_at };
                self.public(tx, server, None, tmsg(msg), out).await
            }
            A::Join(id) | A::Leave(id) => {
                let t = tournament(tx, *id).await?;
                if t.status != tstatus::OPEN {
                    return Err(M::AlreadyStarted(*id).into());
                }
                let join = matches!(ta, A::Join(_));
                if join && !ts::entrant_add(tx, *id, user, now).await? {
                    return Err(M::AlreadyJoined(*id).into());
                }
                if !join && !ts::entrant_remove(tx, *id, user).await? {
                    return Err(M::NotEntered(*id).into());
                }
                let count = ts::entrants_of(tx, *id).await?.len();
                let msg = if join {
                    TournamentMsg::Joined { id: *id, user: user.into(), count }
                } else {
                    TournamentMsg::Left { id: *id, user: user.into(), count }
                };
                self.public(tx, &t.server_id, None, tmsg(msg), out).await
            }
            A::Start(id) => {
                let t = tournament(tx, *id).await?;
                if t.organiser != user {
                    return Err(M::NotOrganiser(*id).into());
                }
                if t.status != tstatus::OPEN {
                    return Err(M::AlreadyStarted(*id).into());
                }
                self.start_tournament(tx, t, now, out).await
            }
            A::Withdraw(id) => {
                let t = tournament(tx, *id).await?;
                if t.status != tstatus::RUNNING {
                    return Err(M::NotRunning(*id).into());
                }
                let mut e = ts::entrants_of(tx, *id)
                    .await?
                    .into_iter()
                    .find(|e| e.user_id == user)
                    .ok_or(M::NotEntered(*id))?;
                if e.withdrawn_round.is_some() {
                    return Err(M::AlreadyWithdrawn(*id).into());
                }
                e.withdrawn_round = Some(t.round);
                ts::entrant_update(tx, &e).await?;
                self.public(tx, &t.server_id, None, tmsg(TournamentMsg::Withdrew { id: *id, user: user.into() }), out)
                    .await?;
                for p in ts::pairings_of(tx, *id).await? {
                    if p.result.is_some() || p.blue.is_none() || (p.red != user && p.blue.as_deref() != Some(user)) {
                        continue;
                    }
                    let result = if p.red == user { BoardResult::RedForfeits } else { BoardResult::BlueForfeits };
                    self.end_board(tx, &t, p, result, now, out).await?;
                }
                self.advance(tx, *id, now, out).await
            }
            A::Standings(id) => {
                let t = tournament(tx, *id).await?;
                let f = format_of(&t)?;
                let st = State::load(tx, *id).await?;
                let done = st.rounds.iter().filter(|r| r.iter().all(Board::done)).count();
                // A round paired and not finished is the one under way (its results already count).
                let playing = t.status != tstatus::FINISHED && st.rounds.len() > done;
                let msg = TournamentMsg::Standings {
                    id: *id,
                    name: t.name.clone(),
                    format: f,
                    round: if playing { st.rounds.len() } else { done },
                    playing,
                    lines: st.lines(f),
                    last: t.status == tstatus::FINISHED,
                    early: false,
                };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Adjudicate { tournament: id, game, result } => {
                let t = tournament(tx, *id).await?;
                if t.organiser != user {
                    return Err(M::NotOrganiser(*id).into());
                }
                let r = BoardResult::parse(result.trim()).ok_or_else(|| M::BadResult(result.clone()))?;
                let p = ts::pairing_of_game(tx, *game)
                    .await?
                    .filter(|p| p.tournament_id == *id)
                    .ok_or(M::GameNotInTournament { tournament: *id, game: *game })?;
                if p.result.is_some() {
                    return Err(M::ResultAlreadyIn(*game).into());
                }
                self.end_board(tx, &t, p, r, now, out).await?;
                self.advance(tx, *id, now, out).await
            }
            A::Rating { user: who, variant } => {
                let name = catalog::find(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?.name();
                let who = who.clone().unwrap_or_else(|| user.to_string());
                let rating = ts::rating_get(tx, server, name, &who).await?.map(|r| (to_rating(&r), r.games));
                let msg = TournamentMsg::RatingOf { user: who, variant: name.into(), rating };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Leaderboard { variant } => {
                let name = catalog::find(variant).ok_or_else(|| Mistake::BadVariant(variant.clone()))?.name();
                let rows = ts::ratings_top(tx, server, name, 10)
                    .await?
                    .into_iter()
                    .map(|r| (r.user_id.clone(), to_rating(&r), r.games))
                    .collect();
                let msg = TournamentMsg::Leaderboard { variant: name.into(), rows };
                self.private(tx, user, server, None, tmsg(msg), out).await
            }
            A::Stats { user: who } => {
                let who = who.clone().unwrap_or_else(|| user.to_string());
                let by_mode = ts::user_stats(tx, server, &who).await?;
                self.private(tx, user, server, None, tmsg(TournamentMsg::Stats { user: who, by_mode }), out).await
            }
            A::EarlyResignRule(on) => {
                ts::set_no_early_resign(tx, server, *on).await?;
                self.private(tx, user, server, None, tmsg(TournamentMsg::EarlyResignRule(*on)), out).await
            }
        }
    }
}

/// The games a tournament command may end, in id order: for a withdrawal the player's unfinished
/// boards, for an adjudication its game.
async fn games_touched(
    c: &mut Conn,
    ta: &TournamentAction,
    user: &str,
) -> Result<Vec<GameId>, crate::store::StoreError> {
    let mut games = match ta {
        TournamentAction::Withdraw(t) => ts::pairings_of(c, *t)
            .await?
            .into_iter()
            .filter(|p| p.result.is_none() && (p.red == user || p.blue.as_deref() == Some(user)))
            .filter_map(|p| p.game_id)
            .collect(),
        TournamentAction::Adjudicate { game, .. } => vec![*game],
        _ => Vec::new(),
    };
    games.sort_unstable();
    games.dedup();
    Ok(games)
}
