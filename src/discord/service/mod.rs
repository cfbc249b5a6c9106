//! The port ([`GameService`]) implemented by the real referee ([`crate::referee::Referee`]): requests
//! become referee commands, and the referee's effects (public and private texts, render requests)
//! become the adapter's effects (challenge messages with buttons, game threads, deployment panels,
//! board images).
//!
//! Users are given to the referee as Discord mentions (`<@id>`): its messages then name players
//! in a way Discord displays as their names, and the ids come back in its private effects.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

mod bot;
mod complete;
mod images;
mod listing;
mod panels;
pub mod tournament;
mod translate;

#[cfg(test)]
mod tests_outbox;

pub use images::{Renderer, board_renderer};

use images::draw;
pub use translate::merge_public;

use super::config::Locale;
use super::ids::{channel_id, user_id, user_key};
use super::port::{
    Actor, BoxFut, Complete, DeployAction, DrawAction, Effect, FLIP, File, GameService, LayoutAction, Outbound, Place,
    Recall, Recalled, Request, ServerPlaces, ServiceError, Tick,
};
use crate::referee::{self, Action, Command, DeliveryKey, DeploySource, DraftSwap, Msg, Referee, RefereeError};
use crate::rules::contract::catalog;
use crate::rules::contract::replay::{Upto, replay_with};
use crate::rules::contract::{AnyGame, Audience};
use crate::store;

/// The referee behind the port.
pub struct RefereeService {
    referee: Arc<Referee>,
    render: Option<Renderer>,
    /// Users whose Discord client language has been told to the referee in this run.
    told: std::sync::Mutex<std::collections::HashSet<u64>>,
    /// Distinguishes adapter-made requests (autocomplete, panels) from interaction ids.
    seq: AtomicU64,
    /// What the tournament side keeps in this run.
    tournaments: tournament::TournamentMemory,
    /// The outbox deliveries of the interactions being carried out, by the interaction's request
    /// id: confirmed when the executor is done ([`GameService::settle`]).
    inflight: std::sync::Mutex<std::collections::HashMap<u64, Vec<DeliveryKey>>>,
    /// The clock's deliveries handed out and not yet confirmed, by nonce, with how many times
    /// they were handed out in this run.
    outbound: std::sync::Mutex<std::collections::HashMap<String, (DeliveryKey, u32)>>,
    /// When this service began (the referee's clock): the commands committed before are not in
    /// flight, and the clock delivers those still undelivered (a crash lost them).
    started: i64,
}

/// How long a command's delivery may stay unconfirmed before the clock delivers it again: its
/// executor has failed by then (Discord's nonce de-duplication lasts a few minutes, longer).
const LOST_AFTER_SECS: i64 = 60;

/// How many times one run hands out a delivery that keeps failing (a channel the bot may not
/// post in) before it gives up on it: past Discord's few minutes of nonce de-duplication, each
/// attempt would repeat the posts that did go through.
const ATTEMPTS: u32 = 3;

fn which_game(game: Option<u64>, locale: Locale) -> Result<i64, ServiceError> {
    let g = game.ok_or_else(|| {
        ServiceError::User(
            match locale {
                Locale::En => "Which game? Give its number (game option), or use the command in the game's thread.",
                Locale::ZhHant => "哪一局？請填寫對局編號，或在該局的討論串中使用指令。",
                Locale::ZhHans => "哪一局？请填写对局编号，或在该局的子区中使用指令。",
            }
            .to_string(),
        )
    })?;
    i64::try_from(g).map_err(|_| ServiceError::User(format!("#{g}?")))
}

fn not_yet(locale: Locale) -> ServiceError {
    ServiceError::User(
        match locale {
            Locale::En => "This is not available yet.",
            Locale::ZhHant => "此功能尚未提供。",
            Locale::ZhHans => "此功能尚未提供。",
        }
        .to_string(),
    )
}

fn refused(e: RefereeError) -> ServiceError {
    match e {
        RefereeError::Rejected { message, mistake } if !message.is_empty() => {
            let _ = mistake;
            ServiceError::User(message)
        }
        RefereeError::Rejected { mistake, .. } => ServiceError::User(mistake.to_string()),
        // A failed query or a lost connection: the command's transaction was rolled back.
        e @ RefereeError::Store(crate::store::StoreError::Db(_) | crate::store::StoreError::Batch(_)) => {
            ServiceError::Unavailable(e.to_string())
        }
        other => ServiceError::Internal(other.to_string()),
    }
}

fn internal(e: impl std::fmt::Display) -> ServiceError {
    ServiceError::Internal(e.to_string())
}

impl RefereeService {
    /// Wraps a running referee; `render` draws board images (None: text only).
    pub fn new(referee: Arc<Referee>, render: Option<Renderer>) -> RefereeService {
        RefereeService {
            render,
            told: Default::default(),
            seq: AtomicU64::new(0),
            tournaments: Default::default(),
            inflight: Default::default(),
            outbound: Default::default(),
            started: referee.now(),
            referee,
        }
    }

    pub(super) async fn handle(&self, actor: &Actor, action: Action) -> Result<Vec<referee::Effect>, ServiceError> {
        self.handle_for(actor.request, actor, action).await
    }

    /// [`RefereeService::handle`] on behalf of the interaction `origin` (a derived request's
    /// effects are delivered, and confirmed, with the interaction's).
    async fn handle_for(
        &self,
        origin: u64,
        actor: &Actor,
        action: Action,
    ) -> Result<Vec<referee::Effect>, ServiceError> {
        // The referee writes private messages in the user's language: the first time we see a user
        // in this run, tell it their Discord client's language.
        let first = self.told.lock().map(|mut t| t.insert(actor.user)).unwrap_or(false);
        if first {
            let tell = self.derived(actor, "locale");
            let cmd = Command {
                user: user_key(actor.user),
                request: format!("locale-{}", tell.request),
                server: String::new(),
                action: Action::SetLocale(actor.locale.tag().to_string()),
            };
            // Its confirmation is not shown: delivered as it is dropped.
            match self.referee.handle_delivery(cmd).await {
                Ok(d) => self.confirm(&d.key).await,
                Err(e) => tracing::warn!(error = %e, "could not set a user's language"),
            }
        }
        let cmd = Command {
            user: user_key(actor.user),
            request: actor.request.to_string(),
            server: actor.guild.map(|g| g.to_string()).unwrap_or_default(),
            action,
        };
        let d = self.referee.handle_delivery(cmd).await.map_err(refused)?;
        if !d.effects.is_empty()
            && let Ok(mut inflight) = self.inflight.lock()
        {
            inflight.entry(origin).or_default().push(d.key);
        }
        Ok(d.effects)
    }

    /// Confirms a delivery to the referee (a failure only means it is delivered again later).
    async fn confirm(&self, key: &DeliveryKey) {
        if let Err(e) = self.referee.delivered(key).await {
            tracing::warn!(error = %e, "could not confirm a delivery");
        }
    }

    /// The referee's clock effects as the adapter's: public texts (with the board where one was
    /// drawn) in their games, private ones by DM, tournament posts.
    async fn clock_effects(&self, effects: Vec<referee::Effect>) -> Vec<Effect> {
        // Tournament rounds may begin or end on the clock (start times, round deadlines).
        let clock = Actor { user: 0, name: String::new(), locale: Locale::ZhHans, guild: None, request: 0 };
        let (effects, tournament_effects) = self.split_tournaments(&clock, effects, true).await;
        let mut rendered: Vec<i64> = effects
            .iter()
            .filter_map(|e| match e {
                referee::Effect::Render { game, for_user: None } => Some(*game),
                _ => None,
            })
            .collect();
        let mut out = vec![];
        for e in effects {
            match e {
                referee::Effect::Public { game: Some(g), text, .. } => {
                    let image = match rendered.iter().position(|r| *r == g) {
                        Some(i) => {
                            rendered.remove(i);
                            self.image(g, None, &format!("junqi-{g}.png")).await
                        }
                        None => None,
                    };
                    let notable = self.referee.turn_status(g).await.ok().flatten().is_some_and(|t| t.over);
                    out.push(Effect::Public { game: g as u64, text, image, ping: None, notable });
                }
                referee::Effect::Private { user, text, .. } => {
                    if let Some(u) = user_id(&user) {
                        out.push(Effect::Private { user: u, text, file: None });
                    }
                }
                _ => {}
            }
        }
        let mut out = merge_public(out);
        out.extend(tournament_effects);
        out
    }

    /// A derived request id for a second command made on behalf of one interaction.
    fn derived(&self, actor: &Actor, tag: &str) -> Actor {
        let n = self.seq.fetch_add(1, Ordering::Relaxed);
        Actor { request: actor.request ^ (n << 1 | 1).rotate_left(40) ^ tag.len() as u64, ..actor.clone() }
    }

    async fn run(&self, actor: &Actor, request: Request) -> Result<Vec<Effect>, ServiceError> {
        let l = actor.locale;
        let action = match &request {
            Request::Challenge { opponent, variant, mode, rules, time, bot } => {
                // A challenge without a time control takes the server's default.
                let time = match time {
                    Some(t) => t.clone(),
                    None => {
                        let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                        let opts = self.referee.server_options(&server).await.map_err(refused)?;
                        opts.default_time.unwrap_or_else(|| "none".into())
                    }
                };
                // The computer player is the referee's `bot:LEVEL` user: it accepts and deploys
                // in the same command, so the answer is a challenge and a game opening at once.
                if let Some(level) = bot {
                    let action = Action::Challenge {
                        opponent: Some(crate::referee::bot_user(level)),
                        variant: variant.clone().unwrap_or_else(|| catalog::first().name().into()),
                        mode: mode.clone().unwrap_or_default(),
                        rules: rules.clone().unwrap_or_default(),
                        time,
                    };
                    let effects = self.handle(actor, action).await?;
                    return Ok(self.bot_challenge(actor, &request, effects).await);
                }
                Action::Challenge {
                    opponent: opponent.as_ref().map(|o| user_key(o.0)),
                    variant: variant.clone().unwrap_or_else(|| catalog::first().name().into()),
                    mode: mode.clone().unwrap_or_default(),
                    rules: rules.clone().unwrap_or_default(),
                    time,
                }
            }
            Request::Accept { challenge } => Action::Accept(*challenge as i64),
            Request::Join { challenge, seat } => Action::Join { game: *challenge as i64, seat: Some(seat.clone()) },
            Request::Decline { challenge } => Action::Decline(*challenge as i64),
            Request::Deploy { game, action } => {
                let g = which_game(*game, l)?;
                match action {
                    DeployAction::Show => Action::Show(g),
                    // The referee draws it from OS entropy, for this game's board.
                    DeployAction::Random => Action::Deploy(g, DeploySource::Random),
                    DeployAction::Submit(t) => Action::Deploy(g, DeploySource::Text(t.clone())),
                    DeployAction::Load(n) => Action::Deploy(g, DeploySource::Saved(n.clone())),
                    // Exactly the layout the panel shows (an edited draft included).
                    DeployAction::Confirm => {
                        Action::Deploy(g, DeploySource::Text(self.shown_layout(g, actor.user).await?))
                    }
                    DeployAction::Pick(_) => Action::Show(g),
                    DeployAction::Swap(a, b) => {
                        let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                        let me = user_key(actor.user);
                        match self.referee.swap_draft(g, &me, &server, a, b).await.map_err(refused)? {
                            // Deployed already: the swap deploys again, as the local `swap` does.
                            DraftSwap::Deployed => Action::Deploy(g, DeploySource::Swap(a.clone(), b.clone())),
                            // The draft changed; the panel shows it.
                            DraftSwap::Drafted(_) => Action::Show(g),
                        }
                    }
                    DeployAction::SaveAs(name) => {
                        let layout = self.shown_layout(g, actor.user).await?;
                        let saved = self
                            .handle(actor, Action::SaveLayout { name: name.clone(), setup: layout, game: Some(g) })
                            .await?;
                        let mut out = self.translate(actor, &request, saved).await;
                        let show = self.derived(actor, "show");
                        let shown = self.handle_for(actor.request, &show, Action::Show(g)).await?;
                        out.extend(self.translate(actor, &request, shown).await);
                        return Ok(out);
                    }
                }
            }
            // `to: flip` (the `/junqi flip` command, a typed `flip c6`) turns over the piece on `from`.
            Request::Move { game, from, to } if is_flip_word(to) => {
                Action::Move(which_game(*game, l)?, format!("+{}", from.trim_start_matches('+')))
            }
            Request::Move { game, from, to } => Action::Move(which_game(*game, l)?, format!("{from}-{to}")),
            // 托管 by hand: `auto on` / `auto off` (or 托管 / 取消托管) hands the seat to the bot
            // or takes it back, within `/junqi play` (the command tree holds Discord's 25).
            Request::Play { game, action } if auto_word(action).is_some() => {
                Action::Auto(which_game(*game, l)?, auto_word(action).unwrap_or(false))
            }
            Request::Play { game, action } => Action::Move(which_game(*game, l)?, action.trim().to_string()),
            Request::Board { game } => Action::Show(which_game(*game, l)?),
            Request::Resign { game } => Action::Resign(which_game(*game, l)?),
            Request::Draw { game, action } => {
                let g = which_game(*game, l)?;
                match action {
                    DrawAction::Offer => Action::OfferDraw(g),
                    DrawAction::Accept => Action::AcceptDraw(g),
                    DrawAction::Decline => Action::DeclineDraw(g),
                }
            }
            Request::Takeback { game, action } => {
                use crate::referee::TakebackStep as T;
                let step = match action {
                    DrawAction::Offer => T::Offer,
                    DrawAction::Accept => T::Accept,
                    DrawAction::Decline => T::Decline,
                };
                Action::Takeback(which_game(*game, l)?, step)
            }
            Request::Abort { game } => Action::Abort(which_game(*game, l)?),
            Request::Rematch { game } => Action::Rematch(which_game(*game, l)?),
            // `/junqi layouts` names no game: the 2-player family.
            Request::Layouts(LayoutAction::List) => Action::ListLayouts(None),
            Request::Layouts(LayoutAction::Save { name, layout }) => {
                Action::SaveLayout { name: name.clone(), setup: layout.clone(), game: None }
            }
            Request::Layouts(LayoutAction::Delete(n)) => Action::DeleteLayout { name: n.clone(), game: None },
            Request::Layouts(LayoutAction::Load(n)) => {
                let found = self.referee.layout(&user_key(actor.user), None, n).await.map_err(refused)?;
                return match found {
                    Some(s) => Ok(vec![Effect::Reply { text: format!("{n}: `{s}`"), file: None, public: false }]),
                    None => Err(ServiceError::User(format!("? {n}"))),
                };
            }
            Request::Vacation { days } if *days > 0 => Action::VacationDays(i64::from(*days)),
            Request::Vacation { .. } => Action::Vacation(false),
            // The public board of any kind, as its art draws it (`image` picks the art's input).
            Request::Show { game } => {
                let g = i64::try_from(*game).map_err(|_| not_yet(l))?;
                let (picture, _) = self.referee.picture(g, None).await.map_err(refused)?.ok_or_else(|| not_yet(l))?;
                let file = self.image(g, None, &format!("junqi-{g}.png")).await;
                return Ok(vec![Effect::Reply { text: format!("#{g} · {}", picture.ply), file, public: true }]);
            }
            Request::Games { mine } => {
                let rows = if *mine {
                    self.referee.games_of(&user_key(actor.user)).await.map_err(refused)?
                } else {
                    self.referee.live_games().await.map_err(refused)?
                };
                let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                let mut lines: Vec<String> = Vec::new();
                let total = rows.iter().filter(|r| *mine || r.server_id == server).count();
                for r in rows.iter().filter(|r| *mine || r.server_id == server).take(20) {
                    // Games of more than two seats list their seats by team: `S a + N c vs E b + W d`
                    // (the seats the game has: a 3-player 跳棋 sits S, NE, NW, each a team).
                    let users = self.referee.seat_users(r.id).await.unwrap_or_default();
                    let kind = catalog::find(&r.variant).map(|d| d.kind.for_seats(users.len() as u8));
                    if let Some(kind) = kind.filter(|k| k.seating.seats.len() > 2) {
                        let mut teams: Vec<u8> = Vec::new();
                        for d in kind.seating.seats.iter().take(users.len()) {
                            if !teams.contains(&d.team) {
                                teams.push(d.team);
                            }
                        }
                        let team = |t: u8| {
                            let seats = kind.seating.seats.iter().zip(&users).filter(|(d, _)| d.team == t);
                            let named =
                                seats.map(|(d, u)| format!("{} {}", d.key.to_uppercase(), u.as_deref().unwrap_or("?")));
                            named.collect::<Vec<_>>().join(" + ")
                        };
                        let sides: Vec<String> = teams.into_iter().map(team).collect();
                        lines.push(format!("#{} {} · {}", r.id, sides.join(" vs "), r.status));
                        continue;
                    }
                    lines.push(format!(
                        "#{} {} vs {} · {}",
                        r.id,
                        r.seats.user(0).unwrap_or(&r.challenger),
                        r.seats.user(1).or(r.invited.as_deref()).unwrap_or("?"),
                        r.status
                    ));
                }
                // The first 20, as many as fit one message, then how many more there are.
                let text = listing::listing(&lines, total, actor.locale);
                return Ok(vec![Effect::Reply { text, file: None, public: false }]);
            }
            Request::Export { game } => {
                let g = i64::try_from(*game).map_err(|_| not_yet(l))?;
                let text = self.referee.record(g).await.map_err(refused)?;
                let file = File { name: format!("junqi-{g}.jqr"), bytes: text.into_bytes() };
                return Ok(vec![Effect::Reply { text: format!("#{g}"), file: Some(file), public: false }]);
            }
            Request::Settings { announcements, time, thread_per_game, language } => Action::ServerOptions {
                // Channels go to the referee as mentions, like users: opaque to it, readable in its
                // confirmation.
                announcements: announcements.map(|c| format!("<#{c}>")),
                thread_per_game: *thread_per_game,
                default_time: time.clone(),
                locale: language.map(|l| l.tag().to_string()),
            },
            Request::Replay { game } => {
                let g = i64::try_from(*game).map_err(|_| not_yet(l))?;
                let row = self.referee.game_row(g).await.map_err(refused)?;
                if row.as_ref().is_none_or(|r| r.status != store::status::FINISHED) {
                    return Err(ServiceError::User(match l {
                        Locale::En => format!("Game #{g} is not over yet: the replay comes after the end."),
                        _ => format!("对局 #{g} 尚未结束，结束后才能回放。"),
                    }));
                }
                // Every kind alike: the finished game's record replayed, one picture for everyone
                // per state, from the start to the end.
                let text = self.referee.record(g).await.map_err(refused)?;
                let lang = self.image_lang(g, Some(&user_key(actor.user))).await;
                let gif = draw("a replay", move || {
                    let mut frames = Vec::new();
                    let mut kind = None;
                    replay_with(&text, Upto::End, &mut Vec::new(), &mut |g: &dyn AnyGame| {
                        kind = Some(g.kind());
                        frames.push(g.picture_for(Audience::Everyone));
                    })
                    .map_err(internal)?;
                    let kind = kind.ok_or_else(|| internal("the record of a finished game hides its start"))?;
                    let opts = crate::render::PictureOptions { lang, ..Default::default() };
                    crate::render::picture_gif(&frames, kind, &opts).map_err(internal)
                })
                .await??;
                let file = File { name: format!("junqi-{g}.gif"), bytes: gif };
                return Ok(vec![Effect::Reply { text: format!("#{g}"), file: Some(file), public: false }]);
            }
            Request::Review { game, ply } => {
                let g = i64::try_from(*game).map_err(|_| not_yet(l))?;
                let me = user_key(actor.user);
                let Some((picture, kind, total)) =
                    self.referee.picture_at(g, Some(&me), ply.unwrap_or(u32::MAX)).await.map_err(refused)?
                else {
                    return Err(ServiceError::User(Msg::NothingToReview { game: g }.render(l)));
                };
                let ply = picture.ply;
                let text = Msg::Review { game: g, ply, total }.render(l);
                let lang = self.image_lang(g, Some(&me)).await;
                let image = self
                    .review_png(picture, kind, lang)
                    .await
                    .map(|bytes| File { name: format!("junqi-{g}-ply-{ply}.png"), bytes });
                return Ok(vec![Effect::Review { game: *game, ply, total, text, image }]);
            }
            Request::Mark { game, point, piece } => {
                Action::Mark { game: which_game(*game, l)?, point: point.clone(), piece: piece.clone() }
            }
            Request::Tournament(t) => return self.run_tournament(actor, &request, t).await,
        };
        let effects = self.handle(actor, action).await?;
        Ok(self.with_tournaments(actor, &request, effects).await)
    }
}

/// `Some(true)` for a text that hands a seat to the bot (`auto on`, `托管`), `Some(false)` for one
/// that takes it back (`auto off`, `取消托管`).
fn auto_word(text: &str) -> Option<bool> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["auto", "on"] | ["托管"] | ["託管"] => Some(true),
        ["auto", "off"] | ["取消托管"] | ["取消託管"] => Some(false),
        _ => None,
    }
}

/// Whether a typed `to` asks for a flip (`flip`, `+`, `翻`, `翻开`).
fn is_flip_word(to: &str) -> bool {
    matches!(to.trim().to_lowercase().as_str(), FLIP | "+" | "翻" | "翻开" | "翻開")
}

impl GameService for RefereeService {
    fn execute<'a>(&'a self, actor: &'a Actor, request: Request) -> BoxFut<'a, Result<Vec<Effect>, ServiceError>> {
        Box::pin(self.run(actor, request))
    }

    fn complete<'a>(&'a self, actor: &'a Actor, question: Complete) -> BoxFut<'a, Vec<(String, String)>> {
        Box::pin(self.complete_moves(actor, question))
    }

    fn typed<'a>(&'a self, actor: &'a Actor, game: u64, text: &'a str) -> BoxFut<'a, Option<Request>> {
        Box::pin(async move {
            let g = i64::try_from(game).ok()?;
            let action = self.referee.reads_as_action(g, &user_key(actor.user), text).await.ok()??;
            Some(Request::Play { game: Some(game), action })
        })
    }

    fn remember(&self, place: Place) -> BoxFut<'_, ()> {
        Box::pin(async move {
            let done = match place {
                Place::Game { game, channel } => self.referee.place_game(game as i64, &channel.to_string()).await,
                Place::Challenge { challenge, channel, message } => {
                    self.referee.place_challenge(challenge as i64, &channel.to_string(), &message.to_string()).await
                }
            };
            if let Err(e) = done {
                tracing::warn!(error = %e, "could not remember where a game lives");
            }
        })
    }

    fn panel_layout(&self, game: u64, user: u64) -> BoxFut<'_, Result<String, ServiceError>> {
        Box::pin(async move { self.shown_layout(game as i64, user).await })
    }

    fn recall(&self, question: Recall) -> BoxFut<'_, Option<Recalled>> {
        Box::pin(async move {
            let found = match question {
                Recall::GameChannel(g) => self
                    .referee
                    .game_place(g as i64)
                    .await
                    .map(|c| c.and_then(|c| c.parse().ok()).map(Recalled::Channel)),
                Recall::ChannelGame(c) => {
                    self.referee.game_at_place(&c.to_string()).await.map(|g| g.map(|g| Recalled::Game(g as u64)))
                }
                Recall::Challenge(g) => self
                    .referee
                    .challenge_place(g as i64)
                    .await
                    .map(|p| p.and_then(|(c, m)| Some(Recalled::Message(c.parse().ok()?, m.parse().ok()?)))),
                Recall::Server(guild) => self.referee.server_options(&guild.to_string()).await.map(|o| {
                    Some(Recalled::Server(ServerPlaces {
                        announcements: o.announcements.as_deref().and_then(channel_id),
                        thread_per_game: o.thread_per_game,
                    }))
                }),
                Recall::TournamentChannel(t) => self.tournament_place(t).await,
            };
            found.unwrap_or_else(|e| {
                tracing::warn!(error = %e, "could not recall where a game lives");
                None
            })
        })
    }

    fn tick(&self) -> BoxFut<'_, Tick> {
        Box::pin(async move {
            // Applying commits every effect to the outbox; what is delivered is read from there:
            // these, and whatever a crash or a fault kept from being delivered before.
            self.referee.tick().await.map_err(refused)?;
            let now = self.referee.now();
            // Commands of an earlier run, and of this one once their executor has failed (not
            // in flight any more) and a while has passed.
            let before = self.started.max(now.saturating_sub(LOST_AFTER_SECS));
            let pending = self.referee.undelivered(before).await.map_err(refused)?;
            let mut out = Vec::new();
            for d in pending {
                let busy = self.inflight.lock().map(|f| f.values().flatten().any(|k| *k == d.key)).unwrap_or(false);
                if busy {
                    continue;
                }
                let effects = self.clock_effects(d.effects).await;
                if effects.is_empty() {
                    // Timers only: nothing to post.
                    self.confirm(&d.key).await;
                    continue;
                }
                let nonce = d.key.nonce();
                let tries = match self.outbound.lock() {
                    Ok(mut o) => {
                        let entry = o.entry(nonce.clone()).or_insert((d.key.clone(), 0));
                        entry.1 += 1;
                        entry.1
                    }
                    Err(_) => 1,
                };
                if tries > ATTEMPTS {
                    tracing::error!(nonce, tries, "a delivery keeps failing; given up");
                    if let Ok(mut o) = self.outbound.lock() {
                        o.remove(&nonce);
                    }
                    self.confirm(&d.key).await;
                    continue;
                }
                out.push(Outbound { nonce, effects });
            }
            let next = self.referee.next_wakeup().await.map_err(refused)?;
            Ok((out, next.map(|t| t.saturating_sub(now).max(0) as u64)))
        })
    }

    fn delivered<'a>(&'a self, nonce: &'a str) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let key = self.outbound.lock().ok().and_then(|mut o| o.remove(nonce));
            if let Some((key, _)) = key {
                self.confirm(&key).await;
            }
        })
    }

    fn nonce(&self, actor: &Actor) -> Option<String> {
        Some(DeliveryKey::Request { user: user_key(actor.user), request: actor.request.to_string() }.nonce())
    }

    fn settle<'a>(&'a self, actor: &'a Actor, delivered: bool) -> BoxFut<'a, ()> {
        Box::pin(async move {
            let keys = self.inflight.lock().ok().and_then(|mut f| f.remove(&actor.request)).unwrap_or_default();
            if delivered {
                for key in &keys {
                    self.confirm(key).await;
                }
            }
        })
    }
}
