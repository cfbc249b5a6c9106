//! The round machinery: seeding and starting a tournament, each round's pairings and games, ending a board.

use crate::store::Conn;

use super::msg::tmsg;
use super::state::{State, format_of, tournament};
use super::{BoardLine, TournamentId, TournamentMistake, TournamentMsg};
use crate::referee::{Effect, Out, Referee, Res, time};
use crate::rules::Seat;
use crate::store::tournament::{self as ts, PairingRow, RoundRow, TournamentRow, tstatus};
use crate::store::{self, GameRow, status};
use crate::tournament::{Board, BoardResult, MIN_PLAYERS};

impl Referee {
    /// Seeds the entrants (by rating, then joining order) and begins round 1.
    pub(super) async fn start_tournament(
        &self,
        tx: &mut Conn,
        mut t: TournamentRow,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        let f = format_of(&t)?;
        let mut entrants = ts::entrants_of(tx, t.id).await?;
        let n = entrants.len();
        if n < MIN_PLAYERS {
            return Err(TournamentMistake::TooFewPlayers { tournament: t.id, have: n, min: MIN_PLAYERS }.into());
        }
        if !f.fits(n) {
            let rounds = t.rounds.unwrap_or(0) as usize;
            return Err(TournamentMistake::TooManyRounds { tournament: t.id, rounds, have: n }.into());
        }
        let mut keyed = Vec::new();
        for e in entrants.drain(..) {
            let r = ts::rating_get(tx, &t.server_id, &t.variant, &e.user_id).await?.map_or(1500.0, |r| r.rating);
            keyed.push((r, e));
        }
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.seq.cmp(&b.1.seq)));
        for (i, (_, mut e)) in keyed.into_iter().enumerate() {
            e.seed = Some(i as i64 + 1);
            ts::entrant_update(tx, &e).await?;
        }
        t.status = tstatus::RUNNING.into();
        ts::tournament_update(tx, &t).await?;
        self.advance(tx, t.id, now, out).await
    }

    /// Moves a tournament on as far as it can: while the current round is complete (or none has
    /// begun), closes it and begins the next one, or announces the final standings.
    pub(super) async fn advance(&self, tx: &mut Conn, id: TournamentId, now: i64, out: &mut Out) -> Res<()> {
        loop {
            let mut t = tournament(tx, id).await?;
            if t.status != tstatus::RUNNING {
                return Ok(());
            }
            let f = format_of(&t)?;
            let st = State::load(tx, id).await?;
            if let Some(current) = st.rounds.last() {
                if !current.iter().all(Board::done) {
                    return Ok(());
                }
                ts::round_finish(tx, id, st.rounds.len() as i64, now).await?;
            }
            let active: Vec<bool> = st.entrants.iter().map(|e| e.withdrawn_round.is_none()).collect();
            let n = st.entrants.len();
            let next = crate::tournament::next_round(f, n, &st.rounds, &active);
            let early = next.is_err();
            let pairs = match next {
                Ok(Some(p)) => p,
                Ok(None) | Err(_) => {
                    t.status = tstatus::FINISHED.into();
                    ts::tournament_update(tx, &t).await?;
                    let msg = TournamentMsg::Standings {
                        id,
                        name: t.name.clone(),
                        format: f,
                        round: st.rounds.len(),
                        playing: false,
                        lines: st.lines(f),
                        last: true,
                        early,
                    };
                    return self.public(tx, &t.server_id, None, tmsg(msg), out).await;
                }
            };
            if !st.rounds.is_empty() {
                let msg = TournamentMsg::Standings {
                    id,
                    name: t.name.clone(),
                    format: f,
                    round: st.rounds.len(),
                    playing: false,
                    lines: st.lines(f),
                    last: false,
                    early: false,
                };
                self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            }
            let round = st.rounds.len() as i64 + 1;
            t.round = round;
            ts::tournament_update(tx, &t).await?;
            let due = t.round_time.map(|s| time::after(now, s));
            ts::round_insert(
                tx,
                &RoundRow { tournament_id: id, round, started_at: now, due_at: due, finished_at: None },
            )
            .await?;
            let mut lines = Vec::new();
            let mut prompts = Vec::new();
            for (i, p) in pairs.iter().enumerate() {
                let red = st.entrants[p.red].user_id.clone();
                let blue = p.blue.map(|b| st.entrants[b].user_id.clone());
                let out_red = !active[p.red];
                let out_blue = p.blue.is_some_and(|b| !active[b]);
                // A withdrawn player's board is a forfeit at once; no game is created.
                let result = match (p.blue, out_red, out_blue) {
                    (None, _, _) => None,
                    (_, true, true) => Some(BoardResult::BothForfeit),
                    (_, true, false) => Some(BoardResult::RedForfeits),
                    (_, false, true) => Some(BoardResult::BlueForfeits),
                    _ => None,
                };
                let game = match (&blue, result) {
                    (Some(b), None) => {
                        let row = GameRow {
                            id: 0,
                            server_id: t.server_id.clone(),
                            variant: t.variant.clone(),
                            mode: t.mode.clone(),
                            rules: t.rules.clone(),
                            per_move: t.per_move,
                            challenger: red.clone(),
                            invited: Some(b.clone()),
                            seats: store::seats::Seats::two(Some(red.clone()), Some(b.clone())),
                            status: status::DEPLOYING.into(),
                            first_seat: 0,
                            draw_offer: None,
                            result: None,
                            rematch_of: None,
                            created_at: now,
                            updated_at: now,
                        };
                        let g = store::game_insert(tx, &row).await?;
                        prompts.push((g, red.clone(), Seat::RED));
                        prompts.push((g, b.clone(), Seat::BLUE));
                        Some(g)
                    }
                    _ => None,
                };
                let board = i as i64 + 1;
                ts::pairing_insert(
                    tx,
                    &PairingRow {
                        tournament_id: id,
                        round,
                        board,
                        red: red.clone(),
                        blue: blue.clone(),
                        game_id: game,
                        result: result.map(|r| r.as_str().to_string()),
                    },
                )
                .await?;
                lines.push(BoardLine { board, red, blue, game, result });
            }
            let of = f.total_rounds(n);
            let variant = t.variant.clone();
            let msg = TournamentMsg::Round {
                id,
                name: t.name.clone(),
                round: round as usize,
                of,
                boards: lines,
                due,
                variant,
            };
            self.public(tx, &t.server_id, None, tmsg(msg), out).await?;
            for (g, _, seat) in prompts {
                let mut row =
                    store::game_get(tx, g).await?.ok_or_else(|| crate::referee::corrupt("games", g, "no such game"))?;
                let def = crate::referee::lifecycle::hosts(&row.variant)
                    .ok_or_else(|| crate::referee::corrupt("games", g, "unknown variant"))?;
                let mut turn = crate::referee::lifecycle::Turn { tx: &mut *tx, out: &mut *out, now };
                if def.kind.setup == crate::rules::contract::SetupStyle::Deploy {
                    self.prompt_deploy(&mut turn, def, &row, seat).await?;
                } else if seat == Seat::RED {
                    // Nothing to deploy (dealt or set out by the rules): the game begins at once.
                    self.begin_round_game(&mut turn, def, &mut row).await?;
                }
            }
            if let Some(at) = due {
                let game = ts::pairings_of(tx, id).await?.iter().rev().find_map(|p| p.game_id).unwrap_or(0);
                out.effects.push(Effect::TimerSet { game, at });
            }
        }
    }

    /// Gives a board a result without its game being played out: the game, if still live, is
    /// stopped (status aborted, timer cancelled) and not rated.
    pub(super) async fn end_board(
        &self,
        tx: &mut Conn,
        t: &TournamentRow,
        mut p: PairingRow,
        result: BoardResult,
        now: i64,
        out: &mut Out,
    ) -> Res<()> {
        if let Some(g) = p.game_id
            && let Some(mut row) = store::game_get(tx, g).await?
            && [status::DEPLOYING, status::PLAYING].contains(&row.status.as_str())
        {
            row.status = status::ABORTED.into();
            row.draw_offer = None;
            row.updated_at = now;
            store::game_update(tx, &row).await?;
            if store::deadline_clear(tx, g).await? {
                out.effects.push(Effect::TimerCancel { game: g });
            }
        }
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
        self.public(tx, &t.server_id, p.game_id, tmsg(msg), out).await
    }
}
