//! The port ([`GameService`]) implemented by the real referee ([`crate::referee::Referee`]): requests
//! become referee commands, and the referee's effects (public and private texts, render requests)
//! become the adapter's effects (challenge messages with buttons, game threads, deployment panels,
//! board images).
//!
//! Users are given to the referee as Discord mentions (`<@id>`): its messages then name players
//! in a way Discord displays as their names, and the ids come back in its private effects.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::config::Locale;
use super::port::{
    Actor, BoxFut, Complete, DeployAction, DrawAction, Effect, File, GameService, LayoutAction, Place, Recall,
    Recalled, Request, ServerPlaces, ServiceError, Tick,
};
use crate::referee::{self, Action, Command, DeploySource, Mark, Referee, RefereeError};
use crate::rules::rng::Rng;
use crate::rules::setup::Deployment;
use crate::rules::view::View;
use crate::rules::{Game, PointId, RuleOptions, Seat, Setup, Variant, Viewer};
use crate::store;

/// What an image shows beyond the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The viewer's own marks (private images only).
    pub marks: Vec<Mark>,
    /// A layout before the game starts (captioned as a deployment, not as a move).
    pub deployment: bool,
}

/// Draws a view as an image (PNG for boards). `None` when no renderer is available.
pub type Renderer = Arc<dyn Fn(&View, &Extras) -> Option<Vec<u8>> + Send + Sync>;

/// Draws a 翻棋 board (PNG). `None` when no renderer is available.
pub type FlipRenderer = Arc<dyn Fn(&crate::rules::flip::FlipView) -> Option<Vec<u8>> + Send + Sync>;

/// The referee behind the port.
pub struct RefereeService {
    pub(super) referee: Arc<Referee>,
    render: Option<Renderer>,
    /// Draws 翻棋 boards (set whenever `render` is).
    flip_render: Option<FlipRenderer>,
    /// Users whose Discord client language has been told to the referee in this run.
    told: std::sync::Mutex<std::collections::HashSet<u64>>,
    /// Distinguishes adapter-made requests (autocomplete, panels) from interaction ids.
    seq: AtomicU64,
    /// What the tournament side keeps in this run.
    pub(super) tournaments: super::tournament_service::TournamentMemory,
}

/// A user id as the referee knows it.
pub fn user_key(id: u64) -> String {
    format!("<@{id}>")
}

/// A channel id back from its mention (`<#id>`) or a bare id.
pub fn channel_id(text: &str) -> Option<u64> {
    let t = text.trim();
    t.strip_prefix("<#").and_then(|r| r.strip_suffix('>')).unwrap_or(t).parse().ok()
}

/// The Discord id back from a referee user key.
pub fn user_id(key: &str) -> Option<u64> {
    key.strip_prefix("<@")?.strip_suffix('>')?.parse().ok()
}

fn which_game(game: Option<u64>, locale: Locale) -> Result<i64, ServiceError> {
    let g = game.ok_or_else(|| {
        ServiceError::User(
            match locale {
                Locale::En => "Which game? Give its number (game option), or use the command in the game's thread.",
                Locale::ZhTw => "哪一局？請填寫對局編號，或在該局的討論串中使用指令。",
                Locale::ZhCn => "哪一局？请填写对局编号，或在该局的子区中使用指令。",
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
            Locale::ZhTw => "此功能尚未提供。",
            Locale::ZhCn => "此功能尚未提供。",
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
        other => ServiceError::Internal(other.to_string()),
    }
}

fn internal(e: impl std::fmt::Display) -> ServiceError {
    ServiceError::Internal(e.to_string())
}

impl RefereeService {
    /// Wraps a running referee; `render` draws board images (None: text only).
    pub fn new(referee: Arc<Referee>, render: Option<Renderer>) -> RefereeService {
        // Flip boards in the renderer's default language unless `with_flip_renderer` says otherwise.
        let flip_render = render.as_ref().map(|_| super::flip_board_renderer(Locale::default()));
        RefereeService {
            referee,
            render,
            flip_render,
            told: Default::default(),
            seq: AtomicU64::new(0),
            tournaments: Default::default(),
        }
    }

    /// Sets how 翻棋 boards are drawn (the config's language).
    pub fn with_flip_renderer(mut self, r: Option<FlipRenderer>) -> RefereeService {
        self.flip_render = r;
        self
    }

    pub(super) async fn handle(&self, actor: &Actor, action: Action) -> Result<Vec<referee::Effect>, ServiceError> {
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
            if let Err(e) = self.referee.handle(cmd).await {
                tracing::warn!(error = %e, "could not set a user's language");
            }
        }
        let cmd = Command {
            user: user_key(actor.user),
            request: actor.request.to_string(),
            server: actor.guild.map(|g| g.to_string()).unwrap_or_default(),
            action,
        };
        self.referee.handle(cmd).await.map_err(refused)
    }

    /// A derived request id for a second command made on behalf of one interaction.
    fn derived(&self, actor: &Actor, tag: &str) -> Actor {
        let n = self.seq.fetch_add(1, Ordering::Relaxed);
        Actor { request: actor.request ^ (n << 1 | 1).rotate_left(40) ^ tag.len() as u64, ..actor.clone() }
    }

    async fn image(&self, game: i64, for_user: Option<&str>, name: &str) -> Option<File> {
        // 翻棋: one public board for everyone (no private channel).
        if let Ok(Some(view)) = self.referee.flip_view(game).await {
            let bytes = self.flip_render.as_ref()?(&view)?;
            return Some(File { name: name.to_string(), bytes });
        }
        let render = self.render.as_ref()?;
        let view = self.referee.view(game, for_user).await.ok()?;
        // Marks are the player's own: only on their private image, never on the public one.
        let marks = match (for_user, view.viewer) {
            (Some(u), Viewer::Seat(_)) => self.referee.marks(game, u).await.unwrap_or_else(|e| {
                tracing::warn!(error = %e, game, "could not read marks");
                vec![]
            }),
            _ => vec![],
        };
        render(&view, &Extras { marks, deployment: false }).map(|bytes| File { name: name.to_string(), bytes })
    }

    async fn players(&self, game: i64) -> Vec<u64> {
        match self.referee.seat_users(game).await {
            Ok(users) => users.into_iter().flatten().filter_map(|u| user_id(&u)).collect(),
            _ => vec![],
        }
    }

    /// The free seats of a game of more than two seats as (letter, button label); None for the
    /// 2-player games, whose challenges keep their Accept and Decline buttons only.
    async fn free_seats(&self, game: i64) -> Option<Vec<(String, String)>> {
        let row = self.referee.game_row(game).await.ok()??;
        let v = Variant::by_name(&row.variant).filter(|v| v.seats.len() > 2)?;
        let users = self.referee.seat_users(game).await.ok()?;
        let zh = |name: &str| match name {
            "s" => "南",
            "e" => "东",
            "n" => "北",
            _ => "西",
        };
        Some(
            v.seats
                .iter()
                .zip(&users)
                .filter(|(_, u)| u.is_none())
                .map(|(d, _)| (d.name.to_string(), format!("{} {}", d.tag, zh(d.name))))
                .collect(),
        )
    }

    /// The seat a user holds in a game (any number of seats).
    async fn seat_of(&self, game: i64, user: u64) -> Option<Seat> {
        let me = user_key(user);
        let users = self.referee.seat_users(game).await.ok()?;
        users.iter().position(|u| u.as_deref() == Some(me.as_str())).map(|i| Seat(i as u8))
    }

    /// The user's saved layouts that fit `game` (its layout family).
    async fn saved_names(&self, game: i64, user: u64) -> Vec<String> {
        self.referee.layout_names(&user_key(user), Some(game)).await.unwrap_or_default()
    }

    /// The layout the user deployed last in a game of `game`'s layout family.
    async fn last_layout(&self, game: i64, user: u64) -> Option<String> {
        self.referee.last_layout(&user_key(user), Some(game)).await.ok().flatten()
    }

    /// The deployment prompt as a panel of buttons shows it (the referee's own prompt is written
    /// for typed commands).
    async fn panel_prompt(&self, game: i64, user: u64, server: &str) -> Option<String> {
        let row = self.referee.game_row(game).await.ok()??;
        if row.status != store::status::DEPLOYING {
            return None;
        }
        let me = user_key(user);
        let seat = self.seat_of(game, user).await.unwrap_or(Seat::BLUE);
        let v = Variant::by_name(&row.variant)?;
        let last = self.last_layout(game, user).await.is_some();
        let locale = self.referee.locale_for(&me, server).await.ok()?;
        let msg = referee::Msg::DeployPanel { game, seat: referee::i18n::SeatName::of(v, seat), last };
        Some(msg.render(locale))
    }

    /// The layout a panel shows: the player's last one, else the referee's random suggestion,
    /// drawn once from OS entropy and kept for this game and player (so Confirm submits exactly
    /// what was shown). Refused when there is none to show (the game is not deploying).
    async fn shown_layout(&self, game: i64, user: u64) -> Result<String, ServiceError> {
        match self.last_layout(game, user).await {
            Some(l) => Ok(l),
            None => self.suggestion(game, user).await,
        }
    }

    /// The suggested layout a panel shows and Confirm submits, or why there is none.
    async fn suggestion(&self, game: i64, user: u64) -> Result<String, ServiceError> {
        self.referee.suggested_layout(game, &user_key(user)).await.map_err(refused)
    }

    /// The image of a layout alone on the board, as its owner sees it (deployment panels).
    async fn layout_image(&self, game: i64, user: u64, layout: &str) -> Option<File> {
        let render = self.render.as_ref()?;
        let row = self.referee.game_row(game).await.ok()??;
        let seat = self.seat_of(game, user).await.unwrap_or(Seat::BLUE);
        let v = Variant::by_name(&row.variant)?;
        let deployment = Setup::parse(v, layout).ok()?.validate(v, seat).ok()?;
        let alone = Game::new(v, RuleOptions::default(), &[deployment], seat);
        let view = alone.view(Viewer::Seat(seat), crate::rules::Mode::Dark, None);
        render(&view, &Extras { marks: vec![], deployment: true })
            .map(|bytes| File { name: "layout.png".into(), bytes })
    }

    /// Turns the referee's effects into the adapter's. `request` says what kind of answer the
    /// public texts are (a challenge, a game opening…).
    pub(super) async fn translate(
        &self,
        actor: &Actor,
        request: &Request,
        effects: Vec<referee::Effect>,
    ) -> Vec<Effect> {
        let mut out = vec![];
        let mut renders_public = false;
        let mut render_for_actor = false;
        let mut game_of_public = None;
        for e in &effects {
            if let referee::Effect::Render { game, for_user } = e {
                match for_user {
                    None => renders_public = true,
                    Some(u) if user_id(u) == Some(actor.user) => render_for_actor = true,
                    Some(_) => {}
                }
                game_of_public = Some(*game);
            }
        }
        // The public board goes with the last public message of the batch (after "X has deployed",
        // with "the game begins"; after a ply, with its announcement).
        let image_at = effects.iter().rposition(|e| matches!(e, referee::Effect::Public { game: Some(_), .. }));
        let mut private_for_actor = Vec::new();
        // The first public message of an accept opens the game; a 翻棋 game (no deployment) goes
        // on at once with whose ply it is and its board, posted there as usual.
        let mut opened = false;
        let flip = match request {
            Request::Accept { challenge } => {
                let g = i64::try_from(*challenge).unwrap_or(-1);
                matches!(self.referee.flip_view(g).await, Ok(Some(_)))
            }
            _ => false,
        };
        for (i, e) in effects.into_iter().enumerate() {
            match e {
                referee::Effect::Public { game: Some(g), text, .. } => {
                    let gid = g as u64;
                    match request {
                        Request::Challenge { opponent, .. } => match self.free_seats(g).await {
                            Some(seats) => out.push(Effect::SeatChallenge { challenge: gid, text, seats }),
                            None => out.push(Effect::Challenge {
                                challenge: gid,
                                opponent: opponent.as_ref().map(|o| o.0),
                                text,
                            }),
                        },
                        Request::Rematch { .. } => {
                            if let Some(seats) = self.free_seats(g).await {
                                out.push(Effect::SeatChallenge { challenge: gid, text, seats });
                                continue;
                            }
                            let opponent = self.players(g).await.into_iter().find(|p| *p != actor.user);
                            out.push(Effect::Challenge { challenge: gid, opponent, text })
                        }
                        // A 翻棋 game, once opened, goes on at once in its thread (below).
                        Request::Accept { challenge } | Request::Join { challenge, .. } if !(opened && flip) => {
                            // A 4-player challenge fills seat by seat: until it is full, each seat
                            // taken is said in the channel and the challenge stays open; the texts
                            // of the accept that fills it open the game together.
                            let row = self.referee.game_row(g).await.ok().flatten();
                            if row.is_some_and(|r| r.status == store::status::CHALLENGED) {
                                out.push(Effect::Reply { text, file: None, public: true });
                                continue;
                            }
                            if let Some(Effect::GameOpened { text: t, .. }) =
                                out.iter_mut().find(|e| matches!(e, Effect::GameOpened { game, .. } if *game == gid))
                            {
                                t.push('\n');
                                t.push_str(&text);
                                if let Some(Effect::ChallengeClosed { text: t, .. }) = out.iter_mut().find(
                                    |e| matches!(e, Effect::ChallengeClosed { challenge: c, .. } if c == challenge),
                                ) {
                                    t.push('\n');
                                    t.push_str(&text);
                                }
                                continue;
                            }
                            opened = true;
                            out.push(Effect::ChallengeClosed { challenge: *challenge, text: text.clone() });
                            out.push(Effect::GameOpened {
                                game: gid,
                                challenge: *challenge,
                                title: if flip {
                                    format!("翻棋 Junqi flip #{gid}")
                                } else {
                                    format!("军棋 Junqi #{gid}")
                                },
                                text,
                                players: self.players(g).await,
                            });
                        }
                        Request::Decline { challenge } => {
                            out.push(Effect::ChallengeClosed { challenge: *challenge, text })
                        }
                        _ => {
                            let image = if renders_public && game_of_public == Some(g) && image_at == Some(i) {
                                self.image(g, None, &format!("junqi-{g}.png")).await
                            } else {
                                None
                            };
                            let flip = self.flip_ping(g, request).await;
                            let (ping, notable) = match self.referee.view(g, None).await {
                                _ if flip.is_some() => flip.unwrap_or_default(),
                                Ok(v) => {
                                    let over = v.over.is_some();
                                    let big =
                                        v.last.as_ref().is_some_and(|l| !l.revealed.is_empty() || l.end.is_some());
                                    let users = self.referee.seat_users(g).await.unwrap_or_default();
                                    let to_move = users.get(v.to_move.index()).cloned().flatten();
                                    let ping =
                                        if over || !matches!(request, Request::Move { .. } | Request::Deploy { .. }) {
                                            None
                                        } else {
                                            to_move.and_then(|u| user_id(&u))
                                        };
                                    (ping, over || big)
                                }
                                Err(_) => (None, false),
                            };
                            out.push(Effect::Public { game: gid, text, image, ping, notable });
                        }
                    }
                }
                referee::Effect::Public { game: None, text, .. } => {
                    out.push(Effect::Reply { text, file: None, public: true });
                }
                referee::Effect::Private { user, game, text } => {
                    let Some(uid) = user_id(&user) else { continue };
                    let deploying =
                        matches!(request, Request::Accept { .. } | Request::Join { .. } | Request::Deploy { .. });
                    // On accepting (or asking for the panel while deploying), the private messages
                    // of the game are the deployment prompts.
                    let text = match (request, game) {
                        (
                            Request::Accept { .. }
                            | Request::Join { .. }
                            | Request::Deploy { action: DeployAction::Show, .. },
                            Some(g),
                        ) => {
                            let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                            self.panel_prompt(g, uid, &server).await.unwrap_or(text)
                        }
                        _ => text,
                    };
                    match game {
                        Some(g) if deploying => {
                            let status = self.referee.game_row(g).await.ok().flatten().map(|r| r.status);
                            let started = status.as_deref().is_some_and(|s| s != referee_status_deploying());
                            if uid == actor.user {
                                private_for_actor.push((g, text));
                            } else {
                                let layout = self.shown_layout(g, uid).await.unwrap_or_default();
                                out.push(Effect::Panel {
                                    game: g as u64,
                                    user: uid,
                                    image: if started { None } else { self.layout_image(g, uid, &layout).await },
                                    layout,
                                    saved: self.saved_names(g, uid).await,
                                    confirmed: started,
                                    text,
                                });
                            }
                        }
                        _ => out.push(Effect::Private { user: uid, text, file: None }),
                    }
                }
                referee::Effect::Render { .. }
                | referee::Effect::TimerSet { .. }
                | referee::Effect::TimerCancel { .. } => {}
            }
        }
        // The actor's own deployment messages make one panel (ephemeral or the DM panel updated).
        if let Some((g, _)) = private_for_actor.first() {
            let g = *g;
            let text: Vec<String> = private_for_actor.into_iter().map(|(_, t)| t).collect();
            let status = self.referee.game_row(g).await.ok().flatten().map(|r| r.status);
            let started = status.as_deref().is_some_and(|s| s != referee_status_deploying());
            let layout = self.shown_layout(g, actor.user).await.unwrap_or_default();
            let image = if render_for_actor {
                self.image(g, Some(&user_key(actor.user)), "mine.png").await
            } else if !started {
                self.layout_image(g, actor.user, &layout).await
            } else {
                None
            };
            out.push(Effect::Panel {
                game: g as u64,
                user: actor.user,
                text: text.join("\n"),
                layout,
                image,
                saved: self.saved_names(g, actor.user).await,
                confirmed: started,
            });
            render_for_actor = false;
        }
        let mut out = merge_public(out);
        if render_for_actor
            && let Some(g) = game_of_public
            && let Some(file) = self.image(g, Some(&user_key(actor.user)), "mine.png").await
        {
            out.push(Effect::Private { user: actor.user, text: String::new(), file: Some(file) });
        }
        out
    }

    async fn run(&self, actor: &Actor, request: Request) -> Result<Vec<Effect>, ServiceError> {
        let l = actor.locale;
        let action = match &request {
            Request::Challenge { opponent, variant, mode, rules, time } => {
                // A challenge without a time control takes the server's default.
                let time = match time {
                    Some(t) => t.clone(),
                    None => {
                        let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                        let opts = self.referee.server_options(&server).await.map_err(refused)?;
                        opts.default_time.unwrap_or_else(|| "none".into())
                    }
                };
                Action::Challenge {
                    opponent: opponent.as_ref().map(|o| user_key(o.0)),
                    variant: variant.clone().unwrap_or_else(|| "junqi".into()),
                    mode: mode.clone().unwrap_or_else(|| "dark".into()),
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
                    DeployAction::Confirm => match self.last_layout(g, actor.user).await {
                        Some(_) => Action::Deploy(g, DeploySource::Last),
                        None => Action::Deploy(g, DeploySource::Text(self.suggestion(g, actor.user).await?)),
                    },
                    DeployAction::SaveAs(name) => {
                        let layout = self.shown_layout(g, actor.user).await?;
                        let saved = self
                            .handle(actor, Action::SaveLayout { name: name.clone(), setup: layout, game: Some(g) })
                            .await?;
                        let mut out = self.translate(actor, &request, saved).await;
                        let shown = self.handle(&self.derived(actor, "show"), Action::Show(g)).await?;
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
            Request::Show { game } if self.is_flip(*game).await => {
                let g = *game as i64;
                let view = self.referee.flip_view(g).await.map_err(refused)?.ok_or_else(|| not_yet(l))?;
                let file = self.image(g, None, &format!("junqi-{g}.png")).await;
                return Ok(vec![Effect::Reply { text: format!("#{g} · {}", view.ply), file, public: true }]);
            }
            Request::Show { game } => {
                let g = i64::try_from(*game).map_err(|_| not_yet(l))?;
                let view = self.referee.view(g, None).await.map_err(refused)?;
                let file = self
                    .render
                    .as_ref()
                    .and_then(|r| r(&view, &Extras::default()))
                    .map(|b| File { name: format!("junqi-{g}.png"), bytes: b });
                return Ok(vec![Effect::Reply { text: format!("#{g} · {}", view.ply), file, public: true }]);
            }
            Request::Games { mine } => {
                let rows = if *mine {
                    self.referee.games_of(&user_key(actor.user)).await.map_err(refused)?
                } else {
                    self.referee.live_games().await.map_err(refused)?
                };
                let server = actor.guild.map(|g| g.to_string()).unwrap_or_default();
                let mut lines: Vec<String> = Vec::new();
                for r in rows.iter().filter(|r| *mine || r.server_id == server).take(20) {
                    // 4-player games list their seats by team: `S a + N c vs E b + W d`.
                    if let Some(v) = Variant::by_name(&r.variant).filter(|v| v.seats.len() > 2) {
                        let users = self.referee.seat_users(r.id).await.unwrap_or_default();
                        let team = |t: u8| {
                            let seats = v.seats.iter().zip(&users).filter(|(d, _)| d.team == t);
                            let named = seats
                                .map(|(d, u)| format!("{} {}", d.name.to_uppercase(), u.as_deref().unwrap_or("?")));
                            named.collect::<Vec<_>>().join(" + ")
                        };
                        lines.push(format!("#{} {} vs {} · {}", r.id, team(0), team(1), r.status));
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
                let text = if lines.is_empty() { "—".to_string() } else { lines.join("\n") };
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
                let lang = if l == Locale::En { crate::render::Lang::En } else { crate::render::Lang::Zh };
                if let Some(views) = self.referee.flip_views(g).await.map_err(refused)? {
                    let gif = crate::render::flip::render_flip_gif(&views, lang).map_err(internal)?;
                    let file = File { name: format!("junqi-{g}.gif"), bytes: gif };
                    return Ok(vec![Effect::Reply { text: format!("#{g}"), file: Some(file), public: false }]);
                }
                let text = self.referee.record(g).await.map_err(refused)?;
                let record = crate::rules::record::Record::parse(&text).map_err(internal)?;
                let frames =
                    crate::render::replay::record_frames(&record, Viewer::Everyone, lang, None).map_err(internal)?;
                let gif = crate::render::render_gif(&frames).map_err(internal)?;
                let file = File { name: format!("junqi-{g}.gif"), bytes: gif };
                return Ok(vec![Effect::Reply { text: format!("#{g}"), file: Some(file), public: false }]);
            }
            Request::Mark { game, point, piece } => {
                Action::Mark { game: which_game(*game, l)?, point: point.clone(), piece: piece.clone() }
            }
            Request::Tournament(t) => return self.run_tournament(actor, &request, t).await,
        };
        let effects = self.handle(actor, action).await?;
        Ok(self.with_tournaments(actor, &request, effects).await)
    }

    /// Autocomplete from the actor's own view: the referee rebuilds nothing and reveals nothing;
    /// enemy pieces are stand-ins of a mobile kind, which decides only occupancy.
    async fn complete_moves(&self, actor: &Actor, q: Complete) -> Vec<(String, String)> {
        let game = match &q {
            Complete::From { game, .. } | Complete::To { game, .. } => *game,
        };
        let Some(g) = game.and_then(|g| i64::try_from(g).ok()) else { return vec![] };
        if let Ok(Some((to_move, actions))) = self.referee.flip_legal(g).await {
            return self.complete_flip(actor, g, &q, to_move, &actions).await;
        }
        let me = user_key(actor.user);
        let Ok(Some(row)) = self.referee.game_row(g).await else { return vec![] };
        let Some(seat) = self.seat_of(g, actor.user).await else { return vec![] };
        let Ok(view) = self.referee.view(g, Some(&me)).await else { return vec![] };
        if view.over.is_some() || view.to_move != seat {
            return vec![];
        }
        let rules = RuleOptions::parse(&row.rules).unwrap_or_default();
        let Some(game) = game_from_view(&view, rules) else { return vec![] };
        let board = &view.variant.board;
        let mut names: Vec<String> = match &q {
            Complete::From { prefix, .. } => game
                .legal_moves()
                .iter()
                .map(|m| board.name(m.from).to_string())
                .filter(|n| n.starts_with(prefix.as_str()))
                .collect(),
            Complete::To { from, prefix, .. } => match board.find(from) {
                Some(p) => game
                    .legal_moves_from(p)
                    .iter()
                    .map(|m| board.name(m.to).to_string())
                    .filter(|n| n.starts_with(prefix.as_str()))
                    .collect(),
                None => vec![],
            },
        };
        names.sort_by_key(|n| (n.len(), n.clone()));
        names.dedup();
        names.into_iter().take(25).map(|n| (n.clone(), n)).collect()
    }
}

/// The `to` of a [`Request::Move`] that asks for a 翻棋 flip of the piece on `from`.
pub const FLIP: &str = "flip";

/// Whether a typed `to` asks for a flip (`flip`, `+`, `翻`, `翻开`).
fn is_flip_word(to: &str) -> bool {
    matches!(to.trim().to_lowercase().as_str(), FLIP | "+" | "翻" | "翻开" | "翻開")
}

impl RefereeService {
    async fn is_flip(&self, game: u64) -> bool {
        let Ok(g) = i64::try_from(game) else { return false };
        matches!(self.referee.game_row(g).await, Ok(Some(r)) if r.variant == crate::rules::flip::VARIANT_NAME)
    }

    /// For a 翻棋 game: (whom to ping, notable) for a public message, as for the standard game:
    /// the player to move after a ply, and notable once the game is over. `None` if not flip.
    async fn flip_ping(&self, game: i64, request: &Request) -> Option<(Option<u64>, bool)> {
        let view = self.referee.flip_view(game).await.ok()??;
        let row = self.referee.game_row(game).await.ok()??;
        let over = view.over.is_some();
        // P1 sits in seat 0, P2 in seat 1.
        let to_move = row.seats.user(view.to_move.index()).map(str::to_string);
        let ping = if over || !matches!(request, Request::Move { .. } | Request::Accept { .. }) {
            None
        } else {
            to_move.and_then(|u| user_id(&u))
        };
        Some((ping, over))
    }

    /// Autocompletion of `/junqi move` in a 翻棋 game, for the player to move only: `from` offers
    /// the face-down points (labelled as flips) and the starts of legal moves; `to` offers `flip`
    /// for a face-down `from`, else the destinations of its piece.
    async fn complete_flip(
        &self,
        actor: &Actor,
        game: i64,
        q: &Complete,
        to_move: crate::rules::flip::Player,
        actions: &[crate::rules::flip::FlipAction],
    ) -> Vec<(String, String)> {
        use crate::rules::flip::FlipAction;
        let Ok(Some(row)) = self.referee.game_row(game).await else { return vec![] };
        let me = user_key(actor.user);
        let mine = row.seats.user(to_move.index());
        if mine != Some(me.as_str()) {
            return vec![];
        }
        let zh = actor.locale != Locale::En;
        let board = &Variant::junqi().board;
        let mut out: Vec<(String, String)> = Vec::new();
        match q {
            Complete::From { prefix, .. } => {
                for a in actions {
                    let (label, value) = match *a {
                        FlipAction::Flip(p) => {
                            let n = board.name(p);
                            (if zh { format!("{n}（翻开）") } else { format!("{n} (flip)") }, n.to_string())
                        }
                        FlipAction::Move(mv) => {
                            let n = board.name(mv.from);
                            (n.to_string(), n.to_string())
                        }
                    };
                    if value.starts_with(prefix.as_str()) && !out.iter().any(|(_, v)| *v == value) {
                        out.push((label, value));
                    }
                }
            }
            Complete::To { from, prefix, .. } => {
                let Some(p) = board.find(from) else { return vec![] };
                for a in actions {
                    let value = match *a {
                        FlipAction::Flip(q) if q == p => FLIP.to_string(),
                        FlipAction::Move(mv) if mv.from == p => board.name(mv.to).to_string(),
                        _ => continue,
                    };
                    if value.starts_with(prefix.as_str()) {
                        let label = if value == FLIP && zh { "翻开 flip".to_string() } else { value.clone() };
                        out.push((label, value));
                    }
                }
            }
        }
        out.truncate(25);
        out
    }
}

/// Joins consecutive public messages of one game into one (a ply and "X to move" make one post
/// with one board image): fewer posts, fewer rate limits, easier to read.
pub fn merge_public(effects: Vec<Effect>) -> Vec<Effect> {
    let mut out: Vec<Effect> = Vec::with_capacity(effects.len());
    for e in effects {
        if let (
            Some(Effect::Public { game: g0, text: t0, image: i0, ping: p0, notable: n0 }),
            Effect::Public { game, text, image, ping, notable },
        ) = (out.last_mut(), &e)
            && g0 == game
        {
            t0.push('\n');
            t0.push_str(text);
            if image.is_some() {
                *i0 = image.clone();
            }
            if ping.is_some() {
                *p0 = *ping;
            }
            *n0 |= *notable;
            continue;
        }
        out.push(e);
    }
    out
}

fn referee_status_deploying() -> &'static str {
    store::status::DEPLOYING
}

/// A game with the viewer's own pieces and stand-ins for pieces they cannot see, to list the
/// viewer's legal moves (which depend on the mover's kinds and on occupancy only).
fn game_from_view(view: &View, rules: RuleOptions) -> Option<Game> {
    let v = view.variant;
    let Viewer::Seat(me) = view.viewer else { return None };
    let stand_in = v.pieces.iter().position(|p| p.is_mobile()).map(|i| crate::rules::PieceKind(i as u8))?;
    let mut per_seat: Vec<Vec<(PointId, crate::rules::PieceKind)>> = vec![vec![]; v.seats.len()];
    for (i, c) in view.cells.iter().enumerate() {
        if let Some(c) = c {
            let kind = if c.seat == me { c.kind? } else { c.kind.unwrap_or(stand_in) };
            per_seat[c.seat.index()].push((PointId(i as u8), kind));
        }
    }
    let dummy = Setup::random(v, &mut Rng::new(0));
    let deployments: Vec<Deployment> = per_seat
        .into_iter()
        .enumerate()
        .map(|(s, pieces)| Deployment { seat: Seat(s as u8), setup: dummy.clone(), pieces })
        .collect();
    Some(Game::new(v, rules, &deployments, view.to_move))
}

impl GameService for RefereeService {
    fn execute<'a>(&'a self, actor: &'a Actor, request: Request) -> BoxFut<'a, Result<Vec<Effect>, ServiceError>> {
        Box::pin(self.run(actor, request))
    }

    fn complete<'a>(&'a self, actor: &'a Actor, question: Complete) -> BoxFut<'a, Vec<(String, String)>> {
        Box::pin(self.complete_moves(actor, question))
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
            let effects = self.referee.tick().await.map_err(refused)?;
            // Tournament rounds may begin or end on the clock (start times, round deadlines).
            let clock = Actor { user: 0, name: String::new(), locale: Locale::default(), guild: None, request: 0 };
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
                        let notable = match self.referee.flip_view(g).await {
                            Ok(Some(v)) => v.over.is_some(),
                            _ => self.referee.view(g, None).await.is_ok_and(|v| v.over.is_some()),
                        };
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
            let next = self.referee.next_wakeup().await.map_err(refused)?;
            let now = self.referee.now();
            let mut out = merge_public(out);
            out.extend(tournament_effects);
            Ok((out, next.map(|t| t.saturating_sub(now).max(0) as u64)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consecutive_public_messages_of_a_game_merge() {
        let p = |game, text: &str, image: Option<u8>, ping, notable| Effect::Public {
            game,
            text: text.into(),
            image: image.map(|b| File { name: "b.png".into(), bytes: vec![b] }),
            ping,
            notable,
        };
        let merged = merge_public(vec![
            p(1, "1. c6-c7", None, None, true),
            p(1, "Blue to move", Some(7), Some(2), false),
            Effect::Reply { text: "r".into(), file: None, public: false },
            p(1, "x", None, None, false),
            p(2, "y", None, None, false),
        ]);
        assert_eq!(merged.len(), 4);
        assert_eq!(merged[0], p(1, "1. c6-c7\nBlue to move", Some(7), Some(2), true));
    }

    #[test]
    fn user_keys_round_trip() {
        assert_eq!(user_key(42), "<@42>");
        assert_eq!(user_id("<@42>"), Some(42));
        assert_eq!(user_id("alice"), None);
        assert_eq!(user_id("<@x>"), None);
    }
}
