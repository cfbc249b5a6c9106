//! The tournament side of [`RefereeService`]: tournament requests become the referee's
//! [`TournamentAction`]s, and the referee's tournament texts become [`TournamentEffect`]s.
//!
//! The referee announces tournaments as public texts without a game (`Effect::Public { game: None
//! }`) and prompts the players of each new round game privately. Those can follow any command (the
//! last game of a round ends by a move, a resignation, an organiser's result, a round's deadline),
//! so every batch of effects passes through [`RefereeService::with_tournaments`]:
//! - each such text goes to its tournament's channel (every tournament text names its tournament
//!   as `#N`);
//! - a standings text (recognised by the header the referee writes for it) becomes an embed with
//!   the standings image;
//! - a round announcement pings the round's players, and each new game of that round (a game on a
//!   tournament board that has no place on Discord yet) opens like an accepted challenge: an
//!   opening message, its thread, the players' deployment panels in their DMs.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use super::RefereeService;
use super::images::draw;
use crate::discord::ids::{channel_id, user_id, user_key};
use crate::discord::plan::tournament::{embed_of, mentioned_users, tournament_in};
use crate::discord::port::{
    Actor, COLOUR, Effect, Embed, File, PostTo, Recalled, Request, ServiceError, TournamentEffect, TournamentRequest,
};
use crate::referee::tournament::{TournamentAction, TournamentMsg, TournamentTable};
use crate::referee::{self, Locale};
use crate::render::Lang;
use crate::render::standings::{StandingsRow, StandingsTable, render_standings};
use crate::store::tournament::PairingRow;
use crate::tournament::Format;

/// What the service remembers for tournaments in this run: players' display names (for the
/// standings image; Discord shows mentions in texts, but an image needs names).
#[derive(Default, Debug)]
pub struct TournamentMemory {
    names: Mutex<HashMap<u64, String>>,
}

/// The referee's action for a request; users become referee keys.
pub fn to_action(t: &TournamentRequest, default_time: Option<String>) -> TournamentAction {
    let variant = |v: &Option<String>| {
        v.clone()
            .filter(|v| !v.trim().is_empty())
            .unwrap_or_else(|| crate::rules::contract::catalog::first().name().into())
    };
    let id = |n: &u64| i64::try_from(*n).unwrap_or(i64::MAX);
    match t {
        TournamentRequest::Create { name, format, rounds, variant: v, mode, rules, time, round_time, start } => {
            TournamentAction::Create {
                name: name.clone(),
                format: format.clone(),
                rounds: rounds.map(|r| r as usize),
                variant: variant(v),
                // Empty: the kind's default mode.
                mode: mode.clone().unwrap_or_default(),
                rules: rules.clone().unwrap_or_default(),
                time: time.clone().or(default_time).unwrap_or_else(|| "none".into()),
                round_time: round_time.clone().unwrap_or_else(|| "none".into()),
                start: start.clone().unwrap_or_else(|| "none".into()),
            }
        }
        TournamentRequest::Join(t) => TournamentAction::Join(id(t)),
        TournamentRequest::Leave(t) => TournamentAction::Leave(id(t)),
        TournamentRequest::Start(t) => TournamentAction::Start(id(t)),
        TournamentRequest::Withdraw(t) => TournamentAction::Withdraw(id(t)),
        TournamentRequest::Standings(t) => TournamentAction::Standings(id(t)),
        TournamentRequest::Result { tournament, game, result } => {
            TournamentAction::Adjudicate { tournament: id(tournament), game: id(game), result: result.clone() }
        }
        TournamentRequest::Rating { user, variant: v } => {
            TournamentAction::Rating { user: user.map(user_key), variant: variant(v) }
        }
        TournamentRequest::Leaderboard { variant: v } => TournamentAction::Leaderboard { variant: variant(v) },
        TournamentRequest::Stats { user } => TournamentAction::Stats { user: user.map(user_key) },
        TournamentRequest::EarlyResign(on) => TournamentAction::EarlyResignRule(*on),
    }
}

/// The tie-break's short name in the standings image.
fn tiebreak_label(f: Format) -> &'static str {
    match f {
        Format::RoundRobin | Format::DoubleRoundRobin => "SB",
        Format::Swiss { .. } => "Buchholz",
        Format::Elimination => "",
    }
}

impl RefereeService {
    fn remember_name(&self, actor: &Actor) {
        if let Ok(mut n) = self.tournaments.names.lock() {
            n.insert(actor.user, actor.name.clone());
        }
    }

    /// A player's name for images: the display name seen in this run, else a short form of the id.
    fn name_of(&self, key: &str) -> String {
        let Some(id) = user_id(key) else { return key.to_string() };
        let known = self.tournaments.names.lock().ok().and_then(|n| n.get(&id).cloned());
        known.unwrap_or_else(|| {
            let s = id.to_string();
            format!("user-{}", &s[s.len().saturating_sub(4)..])
        })
    }

    /// Runs a tournament or rating request.
    pub(super) async fn run_tournament(
        &self,
        actor: &Actor,
        request: &Request,
        t: &TournamentRequest,
    ) -> Result<Vec<Effect>, ServiceError> {
        let default_time = match t {
            TournamentRequest::Create { time: None, .. } => {
                let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                self.referee.server_options(&server).await.ok().and_then(|o| o.default_time)
            }
            _ => None,
        };
        let effects = self.handle(actor, referee::Action::Tournament(to_action(t, default_time))).await?;
        match t {
            // The standings and the leaderboard answer privately, as embeds.
            TournamentRequest::Standings(_) | TournamentRequest::Leaderboard { .. } => {
                self.remember_name(actor);
                let text: Vec<String> = effects
                    .into_iter()
                    .filter_map(|e| match e {
                        referee::Effect::Private { text, .. } => Some(text),
                        _ => None,
                    })
                    .collect();
                let text = text.join("\n");
                let post = match t {
                    TournamentRequest::Standings(id) => {
                        let table =
                            self.referee.tournament_table(i64::try_from(*id).unwrap_or(i64::MAX)).await.ok().flatten();
                        let locale = Locale::parse(actor.locale.tag()).unwrap_or_default();
                        match table {
                            Some(table) => self.standings_post(PostTo::Actor, &table, &text, locale).await,
                            None => TournamentEffect::Post {
                                to: PostTo::Actor,
                                text,
                                embed: None,
                                image: None,
                                ping: vec![],
                            },
                        }
                    }
                    _ => TournamentEffect::Post {
                        to: PostTo::Actor,
                        text: String::new(),
                        embed: Some(embed_of(&text, None)),
                        image: None,
                        ping: vec![],
                    },
                };
                Ok(vec![Effect::Tournament(post)])
            }
            _ => Ok(self.with_tournaments(actor, request, effects).await),
        }
    }

    /// Translates a batch of the referee's effects: the tournament part here, the rest as before.
    pub(super) async fn with_tournaments(
        &self,
        actor: &Actor,
        request: &Request,
        effects: Vec<referee::Effect>,
    ) -> Vec<Effect> {
        self.remember_name(actor);
        let copy_results = matches!(request, Request::Tournament(_));
        let (rest, extra) = self.split_tournaments(actor, effects, copy_results).await;
        let mut out = self.translate(actor, request, rest).await;
        out.extend(extra);
        out
    }

    /// Takes the tournament effects out of a batch and translates them; returns the rest as it was.
    /// With `copy_results` (organisers' results, withdrawals, round deadlines), a board's result
    /// announced in its game's thread is also posted in the tournament's channel.
    pub(super) async fn split_tournaments(
        &self,
        actor: &Actor,
        effects: Vec<referee::Effect>,
        copy_results: bool,
    ) -> (Vec<referee::Effect>, Vec<Effect>) {
        // Tournament texts are the only public texts without a game; a batch without one has
        // nothing to do with tournaments (and costs no extra reads).
        if !copy_results && !effects.iter().any(|e| matches!(e, referee::Effect::Public { game: None, .. })) {
            return (effects, vec![]);
        }
        let mut out = Vec::new();
        if copy_results {
            for e in &effects {
                if let referee::Effect::Public { game: Some(g), text, .. } = e
                    && self.is_board_result(*g, text).await
                {
                    let t = tournament_in(text).unwrap_or_default();
                    out.push(post(t, text.clone(), vec![]));
                }
            }
        }
        let mut fresh: HashMap<i64, PairingRow> = HashMap::new();
        let mut checked = HashSet::new();
        for e in &effects {
            if let referee::Effect::Private { game: Some(g), .. } = e
                && checked.insert(*g)
                && let Ok(Some(p)) = self.referee.tournament_board(*g).await
                && matches!(self.referee.game_place(*g).await, Ok(None))
                && matches!(self.referee.challenge_place(*g).await, Ok(None))
            {
                fresh.insert(*g, p);
            }
        }
        let mut rest = Vec::new();
        let mut texts = Vec::new();
        let mut prompts: HashMap<i64, Vec<referee::Effect>> = HashMap::new();
        for e in effects {
            match e {
                referee::Effect::Public { game: None, text, .. } => texts.push(text),
                referee::Effect::Private { game: Some(g), .. } if fresh.contains_key(&g) => {
                    prompts.entry(g).or_default().push(e)
                }
                other => rest.push(other),
            }
        }
        let mut tables: HashMap<u64, Option<TournamentTable>> = HashMap::new();
        for text in texts {
            let Some(t) = tournament_in(&text) else {
                out.push(Effect::Reply { text, file: None, public: true });
                continue;
            };
            if let std::collections::hash_map::Entry::Vacant(e) = tables.entry(t) {
                e.insert(self.referee.tournament_table(t as i64).await.ok().flatten());
            }
            let Some(table) = tables.get(&t).and_then(|x| x.as_ref()) else {
                out.push(post(t, text, vec![]));
                continue;
            };
            let l = self.referee.locale_for("", &table.row.server_id).await.unwrap_or_default();
            let last = text.starts_with(&table.standings_header(0, true, l));
            let after = (1..=table.rounds_done + 1).any(|r| text.starts_with(&table.standings_header(r, false, l)));
            if last || after {
                out.push(Effect::Tournament(self.standings_post(PostTo::Tournament(t), table, &text, l).await));
                continue;
            }
            let round = (1..=table.row.round.max(0) as usize).find(|r| text.starts_with(&table.round_header(*r, l)));
            let Some(round) = round else {
                out.push(post(t, text, vec![]));
                continue;
            };
            let ping = mentioned_users(&text);
            out.push(post(t, text, ping));
            let mut boards: Vec<(i64, PairingRow)> = fresh
                .iter()
                .filter(|(_, p)| p.tournament_id == t as i64 && p.round == round as i64)
                .map(|(g, p)| (*g, p.clone()))
                .collect();
            boards.sort_by_key(|(_, p)| p.board);
            for (g, p) in boards {
                fresh.remove(&g);
                let prompt = prompts.remove(&g).unwrap_or_default();
                out.extend(self.board_opened(actor, table, g, &p, prompt, l).await);
            }
        }
        // Prompts of a game whose round was not announced in this batch (not expected): they go
        // out as before.
        rest.extend(prompts.into_values().flatten());
        (rest, out)
    }

    /// Whether a game's public text is its tournament board's result, exactly as the referee
    /// writes it.
    async fn is_board_result(&self, game: i64, text: &str) -> bool {
        let Ok(Some(p)) = self.referee.tournament_board(game).await else { return false };
        let Some(result) = p.result.as_deref().and_then(crate::tournament::BoardResult::parse) else { return false };
        let Ok(Some(t)) = self.referee.tournament_table(p.tournament_id).await else { return false };
        let l = self.referee.locale_for("", &t.row.server_id).await.unwrap_or_default();
        let msg = TournamentMsg::BoardResult {
            id: p.tournament_id,
            round: p.round,
            board: p.board,
            red: p.red.clone(),
            blue: p.blue.clone().unwrap_or_default(),
            result,
        };
        referee::Msg::Tournament(msg).render(l) == text
    }

    /// A round game's opening (message, thread, pings) and both players' deployment panels.
    async fn board_opened(
        &self,
        actor: &Actor,
        table: &TournamentTable,
        game: i64,
        p: &PairingRow,
        prompts: Vec<referee::Effect>,
        l: Locale,
    ) -> Vec<Effect> {
        let blue = p.blue.clone().unwrap_or_default();
        let players: Vec<u64> = [p.red.as_str(), blue.as_str()].into_iter().filter_map(user_id).collect();
        let (anchor, text) = if l == Locale::En {
            (
                format!(
                    "{} · round {} · board {}: game #{game}, {} (Red) vs {blue} (Blue)",
                    table.row.name, p.round, p.board, p.red
                ),
                format!(
                    "game #{game} of tournament #{}: deploy with the panel in your DMs (or /junqi deploy).",
                    table.row.id
                ),
            )
        } else {
            (
                format!(
                    "{} · 第 {} 轮 · {}号台：对局 #{game}，红方 {} 对 蓝方 {blue}",
                    table.row.name, p.round, p.board, p.red
                ),
                format!("比赛 #{} 的对局 #{game}：请在私信中的布阵面板布阵（或用 /junqi deploy）。", table.row.id),
            )
        };
        let title: String = format!("军棋 Junqi #{game} · {} R{}", table.row.name, p.round).chars().take(100).collect();
        let mut out = vec![Effect::Tournament(TournamentEffect::BoardOpened {
            tournament: table.row.id as u64,
            game: game as u64,
            guild: table.row.server_id.parse().ok(),
            title,
            anchor,
            text,
            players,
        })];
        // Deployment panels exactly as after an accepted challenge.
        out.extend(self.translate(actor, &Request::Accept { challenge: game as u64 }, prompts).await);
        out
    }

    /// Standings as a post: the header as text, the table as an embed, and the standings image.
    async fn standings_post(&self, to: PostTo, table: &TournamentTable, text: &str, l: Locale) -> TournamentEffect {
        let rows = table
            .lines
            .iter()
            .map(|x| StandingsRow {
                rank: x.rank,
                name: self.name_of(&x.user),
                points: x.points.clone(),
                tiebreak: x.tiebreak.clone(),
                games: x.wdl.0 + x.wdl.1 + x.wdl.2,
                withdrawn: x.withdrawn,
            })
            .collect();
        let total = table.format.total_rounds(table.lines.len());
        let image = StandingsTable {
            title: format!("#{} {} · {}/{total}", table.row.id, table.row.name, table.rounds_done),
            tiebreak: tiebreak_label(table.format).into(),
            lang: match l {
                Locale::En => Lang::En,
                Locale::ZhHant => Lang::ZhHant,
                Locale::ZhHans => Lang::ZhHans,
            },
            rows,
        };
        let name = format!("standings-{}.png", table.row.id);
        let png = match draw("the standings", move || render_standings(&image)).await {
            Ok(Ok(b)) => Some(File { name: name.clone(), bytes: b }),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "could not draw the standings");
                None
            }
            // Already logged as an internal fault.
            Err(_) => None,
        };
        let (head, body) = text.split_once('\n').unwrap_or((text, ""));
        let embed = Embed {
            title: format!("#{} {}", table.row.id, table.row.name).chars().take(256).collect(),
            description: body.chars().take(4096).collect(),
            colour: COLOUR,
            image: png.as_ref().map(|_| name),
        };
        TournamentEffect::Post { to, text: head.to_string(), embed: Some(embed), image: png, ping: vec![] }
    }
}

impl RefereeService {
    /// Where a tournament lives: the channel of its latest placed game's opening message, and its
    /// server's announcements channel.
    pub(super) async fn tournament_place(&self, t: u64) -> Result<Option<Recalled>, referee::RefereeError> {
        let Some(table) = self.referee.tournament_table(t as i64).await? else { return Ok(None) };
        let mut channel = None;
        for g in table.pairings.iter().rev().filter_map(|p| p.game_id) {
            if let Some((c, _)) = self.referee.challenge_place(g).await? {
                channel = c.parse().ok();
                break;
            }
        }
        let options = self.referee.server_options(&table.row.server_id).await?;
        let announcements = options.announcements.as_deref().and_then(channel_id);
        Ok(Some(Recalled::Tournament { channel, announcements }))
    }
}

fn post(t: u64, text: String, ping: Vec<u64>) -> Effect {
    Effect::Tournament(TournamentEffect::Post { to: PostTo::Tournament(t), text, embed: None, image: None, ping })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_become_referee_actions() {
        let create = TournamentRequest::Create {
            name: "Spring".into(),
            format: "swiss".into(),
            rounds: Some(3),
            variant: None,
            mode: None,
            rules: None,
            time: None,
            round_time: Some("3d".into()),
            start: None,
        };
        assert_eq!(
            to_action(&create, Some("1d".into())),
            TournamentAction::Create {
                name: "Spring".into(),
                format: "swiss".into(),
                rounds: Some(3),
                // Defaults: the catalogue's first kind, and its default mode (empty).
                variant: "junqi".into(),
                mode: String::new(),
                rules: String::new(),
                time: "1d".into(),
                round_time: "3d".into(),
                start: "none".into(),
            }
        );
        assert_eq!(
            to_action(&TournamentRequest::Rating { user: Some(42), variant: None }, None),
            TournamentAction::Rating { user: Some("<@42>".into()), variant: "junqi".into() }
        );
        assert_eq!(
            to_action(&TournamentRequest::Result { tournament: 1, game: 7, result: "draw".into() }, None),
            TournamentAction::Adjudicate { tournament: 1, game: 7, result: "draw".into() }
        );
        assert_eq!(to_action(&TournamentRequest::EarlyResign(true), None), TournamentAction::EarlyResignRule(true));
    }
}
