//! The running bot: the poise framework, the event handler for buttons, menus, modals and text
//! moves, and the executor that carries out planned [`Action`]s against Discord with retries.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow,
    CreateAllowedMentions, CreateAttachment, CreateButton, CreateInputText, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateMessage, CreateModal, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, CreateThread, EditInteractionResponse, EditMessage, GatewayIntents, GuildId, Http,
    InputTextStyle, MessageId, ModalInteraction, UserId,
};
use tokio::sync::Mutex;

use super::config::{Config, Locale};
use super::error::BotError;
use super::plan::tournament::embeds;
use super::plan::{
    Action, ComponentId, DEFAULT_ATTACHMENT_LIMIT, DM_CLOSED_CODE, Origin, Outgoing, Row, Style, Target, fit_files,
    plan,
};
use super::port::{Actor, DeployAction, Effect, GameService, Place, Recall, Recalled, Request, ServerPlaces};
use super::text::{Say, say};

/// Where things live on Discord: a cache of what the service remembers (in the referee's
/// database), so that a restart loses nothing and a busy game does not read the database for
/// every message. Write through [`Data::place_game`] and [`Data::place_challenge`].
#[derive(Default, Debug)]
pub struct Places {
    /// Challenge id → the message carrying its buttons.
    pub challenges: HashMap<u64, (ChannelId, MessageId)>,
    /// Game id → its thread (or channel).
    pub games: HashMap<u64, ChannelId>,
    /// Thread → game id.
    pub threads: HashMap<ChannelId, u64>,
    /// Tournament id → its channel.
    pub tournaments: HashMap<u64, ChannelId>,
}

/// The bot's shared state (poise's user data).
pub struct Data {
    /// The referee.
    pub service: Arc<dyn GameService>,
    /// Settings.
    pub config: Config,
    /// Discord-side bookkeeping.
    pub places: Arc<Mutex<Places>>,
}

impl Data {
    /// The channel (or thread) a game is played in.
    pub async fn game_channel(&self, game: u64) -> Option<ChannelId> {
        if let Some(c) = self.places.lock().await.games.get(&game).copied() {
            return Some(c);
        }
        let Some(Recalled::Channel(c)) = self.service.recall(Recall::GameChannel(game)).await else { return None };
        let c = ChannelId::new(c);
        self.places.lock().await.games.insert(game, c);
        Some(c)
    }

    /// The game a channel (or thread) means.
    pub async fn channel_game(&self, channel: ChannelId) -> Option<u64> {
        if let Some(g) = self.places.lock().await.threads.get(&channel).copied() {
            return Some(g);
        }
        let Some(Recalled::Game(g)) = self.service.recall(Recall::ChannelGame(channel.get())).await else {
            return None;
        };
        self.places.lock().await.threads.insert(channel, g);
        Some(g)
    }

    /// The message that carries a challenge's buttons.
    pub async fn challenge_message(&self, challenge: u64) -> Option<(ChannelId, MessageId)> {
        if let Some(at) = self.places.lock().await.challenges.get(&challenge).copied() {
            return Some(at);
        }
        let Some(Recalled::Message(c, m)) = self.service.recall(Recall::Challenge(challenge)).await else {
            return None;
        };
        let at = (ChannelId::new(c), MessageId::new(m));
        self.places.lock().await.challenges.insert(challenge, at);
        Some(at)
    }

    /// Records where a game is played (in memory and in the service).
    pub async fn place_game(&self, game: u64, channel: ChannelId) {
        {
            let mut p = self.places.lock().await;
            if let Some(old) = p.games.insert(game, channel)
                && old != channel
                && p.threads.get(&old) == Some(&game)
            {
                p.threads.remove(&old);
            }
            p.threads.insert(channel, game);
        }
        self.service.remember(Place::Game { game, channel: channel.get() }).await;
    }

    /// Records the message that carries a challenge.
    pub async fn place_challenge(&self, challenge: u64, channel: ChannelId, message: MessageId) {
        self.places.lock().await.challenges.insert(challenge, (channel, message));
        self.service.remember(Place::Challenge { challenge, channel: channel.get(), message: message.get() }).await;
    }

    /// A server's options (`/junqi settings`), read fresh: they are rare and must survive restarts.
    pub async fn server_places(&self, guild: GuildId) -> ServerPlaces {
        match self.service.recall(Recall::Server(guild.get())).await {
            Some(Recalled::Server(s)) => s,
            _ => ServerPlaces::default(),
        }
    }
}

/// The poise context.
pub type Ctx<'a> = poise::Context<'a, Data, BotError>;

/// How the current interaction is answered.
#[derive(Copy, Clone)]
pub enum Replier<'a> {
    /// A slash command (deferred ephemeral).
    Command(&'a CommandInteraction),
    /// A button or menu: `update` when it was deferred as an update of its message (DM panels).
    Component(&'a ComponentInteraction, bool),
    /// A modal submission, likewise.
    Modal(&'a ModalInteraction, bool),
    /// No interaction (a plain-text move): replies go to the channel.
    Channel(ChannelId),
    /// Nobody to answer (the referee's clock).
    Nobody,
}

fn rows_to_components(rows: &[Row]) -> Vec<CreateActionRow> {
    rows.iter()
        .map(|r| match r {
            Row::Buttons(b) => CreateActionRow::Buttons(
                b.iter()
                    .map(|(id, label, style)| {
                        CreateButton::new(id.clone()).label(label.clone()).style(match style {
                            Style::Primary => serenity::ButtonStyle::Primary,
                            Style::Secondary => serenity::ButtonStyle::Secondary,
                            Style::Success => serenity::ButtonStyle::Success,
                            Style::Danger => serenity::ButtonStyle::Danger,
                        })
                    })
                    .collect(),
            ),
            Row::Select { custom_id, placeholder, options } => CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    custom_id.clone(),
                    CreateSelectMenuKind::String {
                        options: options.iter().map(|o| CreateSelectMenuOption::new(o.clone(), o.clone())).collect(),
                    },
                )
                .placeholder(placeholder.clone()),
            ),
        })
        .collect()
}

fn attachments(m: &Outgoing) -> Vec<CreateAttachment> {
    m.files.iter().map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone())).collect()
}

fn mentions(m: &Outgoing) -> CreateAllowedMentions {
    // Only the people the referee means to ping, never @everyone from user-supplied names.
    CreateAllowedMentions::new().users(m.ping.iter().map(|u| UserId::new(*u)))
}

fn channel_message(m: &Outgoing) -> CreateMessage {
    let b = CreateMessage::new()
        .content(m.text.clone())
        .add_files(attachments(m))
        .components(rows_to_components(&m.rows))
        .allowed_mentions(mentions(m));
    match embeds(m) {
        e if e.is_empty() => b,
        e => b.embeds(e),
    }
}

/// What to wait before retrying a failed Discord call, or None to give up. 429: Discord asks us to
/// slow down (serenity's rate limiter handles this itself when it is on; with it off, as behind a
/// proxy, we do); 5xx: Discord's hiccup.
fn retry_delay(e: &serenity::Error, attempt: u32) -> Option<Duration> {
    if attempt >= 4 {
        return None;
    }
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) = e else { return None };
    let status = r.status_code.as_u16();
    if status == 429 {
        Some(Duration::from_millis(500 << attempt))
    } else if (500..600).contains(&status) {
        Some(Duration::from_millis(200 << attempt))
    } else {
        None
    }
}

/// Runs a Discord call, retrying on 429 and 5xx.
pub async fn with_retry<T, F, Fut>(mut call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut attempt = 0;
    loop {
        match call().await {
            Err(e) => match retry_delay(&e, attempt) {
                Some(wait) => {
                    tracing::warn!(error = %e, ?wait, "discord call failed; retrying");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                None => return Err(e),
            },
            ok => return ok,
        }
    }
}

/// Discord's "Unknown Channel": the channel or thread was deleted.
const UNKNOWN_CHANNEL_CODE: isize = 10003;

fn is_unknown_channel(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.error.code == UNKNOWN_CHANNEL_CODE)
}

fn is_dm_closed(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.error.code == DM_CLOSED_CODE)
}

/// The locale of an interaction's user.
pub fn locale_of(tag: &str, default: Locale) -> Locale {
    Locale::parse(tag).unwrap_or(default)
}

impl Replier<'_> {
    async fn edit(&self, http: &Http, m: &Outgoing) -> Result<(), serenity::Error> {
        let b = EditInteractionResponse::new()
            .content(m.text.clone())
            .components(rows_to_components(&m.rows))
            .allowed_mentions(mentions(m));
        let b = attachments(m).into_iter().fold(b, |b, a| b.new_attachment(a));
        let b = match embeds(m) {
            e if e.is_empty() => b,
            e => b.embeds(e),
        };
        match self {
            Replier::Command(i) => with_retry(|| i.edit_response(http, b.clone())).await.map(drop),
            Replier::Component(i, _) => with_retry(|| i.edit_response(http, b.clone())).await.map(drop),
            Replier::Modal(i, _) => with_retry(|| i.edit_response(http, b.clone())).await.map(drop),
            Replier::Channel(c) => with_retry(|| c.send_message(http, channel_message(m))).await.map(drop),
            Replier::Nobody => Ok(()),
        }
    }

    async fn followup(&self, http: &Http, m: &Outgoing) -> Result<(), serenity::Error> {
        let b = CreateInteractionResponseFollowup::new()
            .content(m.text.clone())
            .ephemeral(m.ephemeral)
            .add_files(attachments(m))
            .components(rows_to_components(&m.rows))
            .allowed_mentions(mentions(m));
        let b = match embeds(m) {
            e if e.is_empty() => b,
            e => b.embeds(e),
        };
        match self {
            Replier::Command(i) => with_retry(|| i.create_followup(http, b.clone())).await.map(drop),
            Replier::Component(i, _) => with_retry(|| i.create_followup(http, b.clone())).await.map(drop),
            Replier::Modal(i, _) => with_retry(|| i.create_followup(http, b.clone())).await.map(drop),
            Replier::Channel(c) => with_retry(|| c.send_message(http, channel_message(m))).await.map(drop),
            Replier::Nobody => Ok(()),
        }
    }

    /// Whether the deferred response is an update of the message the component sits on.
    fn updates_message(&self) -> bool {
        matches!(self, Replier::Component(_, true) | Replier::Modal(_, true))
    }
}

/// Carries out the request's effects: the interaction's own reply is edited first (it was
/// deferred), further replies are follow-ups; everything else goes to channels and DMs.
pub struct Executor<'a> {
    /// HTTP client.
    pub http: &'a Http,
    /// Shared state.
    pub data: &'a Data,
    /// How to answer the actor.
    pub replier: Replier<'a>,
    /// Where the interaction happened.
    pub here: ChannelId,
    /// The server, if any.
    pub guild: Option<GuildId>,
    replied: bool,
    /// The largest attachment this interaction allows.
    limit: u64,
    /// For a move typed in a channel (no interaction to answer privately): who gets the
    /// actor's private answers, by DM, so that nothing private lands in the channel.
    pub private_to: Option<UserId>,
}

impl<'a> Executor<'a> {
    /// A new executor for one interaction.
    pub fn new(http: &'a Http, data: &'a Data, replier: Replier<'a>, here: ChannelId, guild: Option<GuildId>) -> Self {
        let limit = match replier {
            Replier::Command(i) => u64::from(i.attachment_size_limit),
            Replier::Component(i, _) => u64::from(i.attachment_size_limit),
            Replier::Modal(i, _) => u64::from(i.attachment_size_limit),
            Replier::Channel(_) | Replier::Nobody => 0,
        };
        let limit = if limit == 0 { DEFAULT_ATTACHMENT_LIMIT } else { limit };
        Executor { http, data, replier, here, guild, replied: false, limit, private_to: None }
    }

    /// Answers the actor (first answer edits the deferred response).
    pub async fn reply(&mut self, m: &Outgoing) -> Result<(), BotError> {
        let m = &fit_files(m, self.limit);
        if m.ephemeral
            && let (Replier::Channel(_), Some(user)) = (&self.replier, self.private_to)
        {
            // A typed move has no interaction to answer privately: its private answers (the
            // player's own board, a refusal) go by DM, never to the channel everyone reads.
            if let Err(e) = with_retry(|| user.direct_message(self.http, channel_message(m))).await {
                tracing::warn!(user = user.get(), error = %e, "could not DM a player");
            }
            return Ok(());
        }
        if !self.replied {
            self.replied = true;
            self.replier.edit(self.http, m).await?;
        } else {
            self.replier.followup(self.http, m).await?;
        }
        Ok(())
    }

    /// Closes the interaction if nothing answered it yet (an ephemeral "done").
    pub async fn finish(&mut self, locale: Locale) -> Result<(), BotError> {
        if !self.replied
            && !self.replier.updates_message()
            && !matches!(self.replier, Replier::Channel(_) | Replier::Nobody)
        {
            let m = Outgoing {
                target: Target::Actor,
                text: say(locale, Say::Done).to_string(),
                files: vec![],
                rows: vec![],
                ephemeral: true,
                ping: vec![],
                embed: None,
            };
            self.reply(&m).await?;
        }
        Ok(())
    }

    async fn game_channel(&self, game: u64) -> Option<ChannelId> {
        let known = self.data.game_channel(game).await;
        // Without an interaction there is no "here" to fall back on.
        known.or((!matches!(self.replier, Replier::Nobody)).then_some(self.here))
    }

    pub(super) async fn send_to(&self, channel: ChannelId, m: &Outgoing) -> Result<serenity::Message, serenity::Error> {
        with_retry(|| channel.send_message(self.http, channel_message(m))).await
    }

    /// Runs the actions in order. A failure to reach one player (closed DMs) does not stop the rest.
    pub async fn run(&mut self, actions: Vec<Action>) -> Result<(), BotError> {
        for a in actions {
            match a {
                Action::Send(m) => {
                    let m = fit_files(&m, self.limit);
                    match m.target.clone() {
                        Target::Actor => self.reply(&m).await?,
                        Target::Here => {
                            let msg = self.send_to(self.here, &m).await?;
                            self.remember_challenge(&m, msg.channel_id, msg.id).await;
                        }
                        Target::Game(g) => match self.game_channel(g).await {
                            Some(ch) => match self.send_to(ch, &m).await {
                                Ok(_) => {}
                                // The game's thread was deleted: forget it and carry on where the
                                // player is (the move itself is already committed by the referee).
                                Err(e) if is_unknown_channel(&e) && ch != self.here => {
                                    tracing::warn!(game = g, "the game's thread is gone; posting here instead");
                                    self.data.place_game(g, self.here).await;
                                    if !matches!(self.replier, Replier::Nobody) {
                                        self.send_to(self.here, &m).await?;
                                    }
                                }
                                Err(e) => return Err(e.into()),
                            },
                            None => tracing::warn!(game = g, "no channel known for a game; message dropped"),
                        },
                        Target::ChallengeMessage(c) => {
                            let at = self.data.challenge_message(c).await;
                            if let Some((ch, msg)) = at {
                                let edit = EditMessage::new().content(m.text.clone()).components(vec![]);
                                with_retry(|| ch.edit_message(self.http, msg, edit.clone())).await?;
                            }
                        }
                        Target::Dm(u) => {
                            if let Err(e) =
                                with_retry(|| UserId::new(u).direct_message(self.http, channel_message(&m))).await
                            {
                                tracing::warn!(user = u, error = %e, "could not DM a player");
                            }
                        }
                        Target::Tournament(t) => match self.tournament_channel(t).await {
                            Some(ch) => drop(self.send_to(ch, &m).await?),
                            None => {
                                tracing::warn!(tournament = t, "no channel known for a tournament; message dropped")
                            }
                        },
                        Target::Announcements => {
                            let ch = match self.guild {
                                Some(g) => self.data.server_places(g).await.announcements.map(ChannelId::new),
                                None => None,
                            };
                            if let Some(ch) = ch {
                                self.send_to(ch, &m).await?;
                            }
                        }
                    }
                }
                Action::OpenGame { game, challenge, title } => {
                    self.open_game(game, challenge, &title, self.guild).await?
                }
                Action::OpenBoard { tournament, game, guild, title, anchor } => {
                    self.open_board(tournament, game, guild.map(GuildId::new), &title, &anchor).await?
                }
                Action::DmPanel { panel, game, fallback } => {
                    let Target::Dm(u) = panel.target else { continue };
                    match with_retry(|| UserId::new(u).direct_message(self.http, channel_message(&panel))).await {
                        Ok(_) => {}
                        Err(e) if is_dm_closed(&e) => {
                            let Some(ch) = self.game_channel(game).await else { continue };
                            let notice = Outgoing {
                                target: Target::Game(game),
                                text: fallback,
                                files: vec![],
                                rows: vec![],
                                ephemeral: false,
                                ping: vec![u],
                                embed: None,
                            };
                            self.send_to(ch, &notice).await?;
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
            }
        }
        Ok(())
    }

    async fn remember_challenge(&self, m: &Outgoing, ch: ChannelId, msg: MessageId) {
        for row in &m.rows {
            if let Row::Buttons(b) = row {
                for (id, _, _) in b {
                    if let Some(ComponentId::Accept(c)) = ComponentId::parse(id) {
                        self.data.place_challenge(c, ch, msg).await;
                    }
                }
            }
        }
    }

    pub(super) async fn open_game(
        &self,
        game: u64,
        challenge: u64,
        title: &str,
        guild: Option<GuildId>,
    ) -> Result<(), BotError> {
        let at = self.data.challenge_message(challenge).await;
        let threads = match guild {
            Some(g) => self.data.server_places(g).await.thread_per_game.unwrap_or(self.data.config.thread_per_game),
            None => false,
        };
        let channel = match at {
            Some((ch, msg)) if threads => {
                // Discord limits thread names to 100 characters.
                let name: String = title.chars().take(100).collect();
                match with_retry(|| ch.create_thread_from_message(self.http, msg, CreateThread::new(name.clone())))
                    .await
                {
                    Ok(t) => t.id,
                    // E.g. a rematch offered inside a thread (no threads in threads): the game is
                    // played where its challenge was.
                    Err(e) => {
                        tracing::warn!(game, error = %e, "could not open a thread; the game stays in its channel");
                        ch
                    }
                }
            }
            Some((ch, _)) => ch,
            None => self.here,
        };
        self.data.place_game(game, channel).await;
        Ok(())
    }
}

/// Runs one request for an interaction: calls the referee, plans, executes. User errors are
/// returned for the caller to show; internal faults are logged there.
pub async fn perform(exec: &mut Executor<'_>, actor: &Actor, request: Request) -> Result<Vec<Effect>, BotError> {
    let panel_here = matches!(request, Request::Deploy { .. });
    let effects = exec.data.service.execute(actor, request).await?;
    let origin = Origin { actor: actor.user, locale: actor.locale, panel_here };
    let actions = plan(&effects, &origin, exec.data.config.locale);
    exec.run(actions).await?;
    exec.finish(actor.locale).await?;
    Ok(effects)
}

/// Shows an error to the actor (ephemeral) and logs internal faults.
pub async fn report(exec: &mut Executor<'_>, locale: Locale, err: &BotError) {
    if let BotError::Internal { reference, detail } = err {
        tracing::error!(reference = %reference, detail = %detail, "internal fault");
    }
    let m = Outgoing {
        target: Target::Actor,
        text: err.user_text(locale),
        files: vec![],
        rows: vec![],
        ephemeral: true,
        ping: vec![],
        embed: None,
    };
    let sent = if exec.replier.updates_message() {
        // Keep the panel; say it in a follow-up.
        exec.replied = true;
        exec.replier.followup(exec.http, &m).await
    } else {
        exec.reply(&m).await.map_err(|_| serenity::Error::Other("reply failed"))
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, "could not report an error to the user");
    }
}

fn actor_of(user: &serenity::User, locale: &str, guild: Option<GuildId>, request: u64, default: Locale) -> Actor {
    Actor {
        user: user.id.get(),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        locale: locale_of(locale, default),
        guild: guild.map(|g| g.get()),
        request,
    }
}

async fn on_component(ctx: &serenity::Context, data: &Data, c: &ComponentInteraction) -> Result<(), BotError> {
    let actor = actor_of(&c.user, &c.locale, c.guild_id, c.id.get(), data.config.locale);
    let Some(id) = ComponentId::parse(&c.data.custom_id) else {
        let r = CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new().content(say(actor.locale, Say::Stale)).ephemeral(true),
        );
        with_retry(|| c.create_response(&ctx.http, r.clone())).await?;
        return Ok(());
    };
    // The Edit and Save-as buttons answer with a form; that must be the first response.
    match id {
        ComponentId::Edit(game) => {
            let effects =
                data.service.execute(&actor, Request::Deploy { game: Some(game), action: DeployAction::Show }).await;
            let layout = match &effects {
                Ok(v) => v
                    .iter()
                    .find_map(|e| match e {
                        Effect::Panel { layout, .. } => Some(layout.clone()),
                        _ => None,
                    })
                    .unwrap_or_default(),
                Err(_) => String::new(),
            };
            if let Err(e) = effects {
                let r = CreateInteractionResponse::Message(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(BotError::from(e).user_text(actor.locale))
                        .ephemeral(true),
                );
                with_retry(|| c.create_response(&ctx.http, r.clone())).await?;
                return Ok(());
            }
            let input = CreateInputText::new(InputTextStyle::Paragraph, say(actor.locale, Say::LayoutField), "layout")
                .value(layout)
                .min_length(25)
                .max_length(1000);
            let modal = CreateModal::new(ComponentId::EditSubmit(game).encode(), say(actor.locale, Say::EditTitle))
                .components(vec![CreateActionRow::InputText(input)]);
            with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Modal(modal.clone()))).await?;
            return Ok(());
        }
        ComponentId::SaveAs(game) => {
            let input = CreateInputText::new(InputTextStyle::Short, say(actor.locale, Say::NameField), "name")
                .min_length(1)
                .max_length(40);
            let modal = CreateModal::new(ComponentId::SaveSubmit(game).encode(), say(actor.locale, Say::SaveTitle))
                .components(vec![CreateActionRow::InputText(input)]);
            with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Modal(modal.clone()))).await?;
            return Ok(());
        }
        _ => {}
    }
    let panel = c.guild_id.is_none();
    // Defer within Discord's 3 seconds, before the referee and any rendering.
    if panel {
        with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Acknowledge)).await?;
    } else {
        with_retry(|| c.defer_ephemeral(&ctx.http)).await?;
    }
    let request = match id {
        ComponentId::Accept(ch) => Request::Accept { challenge: ch },
        ComponentId::Seat(ch, seat) => Request::Join { challenge: ch, seat: seat.to_string() },
        ComponentId::Decline(ch) => Request::Decline { challenge: ch },
        ComponentId::Random(g) => Request::Deploy { game: Some(g), action: DeployAction::Random },
        ComponentId::Confirm(g) => Request::Deploy { game: Some(g), action: DeployAction::Confirm },
        ComponentId::Load(g) => {
            let name = match &c.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.first().cloned().unwrap_or_default(),
                _ => String::new(),
            };
            Request::Deploy { game: Some(g), action: DeployAction::Load(name) }
        }
        _ => return Err(BotError::User(say(actor.locale, Say::Stale).into())),
    };
    let mut exec = Executor::new(&ctx.http, data, Replier::Component(c, panel), c.channel_id, c.guild_id);
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_modal(ctx: &serenity::Context, data: &Data, m: &ModalInteraction) -> Result<(), BotError> {
    let actor = actor_of(&m.user, &m.locale, m.guild_id, m.id.get(), data.config.locale);
    let value = |key: &str| {
        m.data.components.iter().flat_map(|r| r.components.iter()).find_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) if t.custom_id == key => t.value.clone(),
            _ => None,
        })
    };
    let panel = m.guild_id.is_none();
    if panel {
        with_retry(|| m.create_response(&ctx.http, CreateInteractionResponse::Acknowledge)).await?;
    } else {
        with_retry(|| m.defer_ephemeral(&ctx.http)).await?;
    }
    let request = match ComponentId::parse(&m.data.custom_id) {
        Some(ComponentId::EditSubmit(g)) => {
            Request::Deploy { game: Some(g), action: DeployAction::Submit(value("layout").unwrap_or_default()) }
        }
        Some(ComponentId::SaveSubmit(g)) => {
            Request::Deploy { game: Some(g), action: DeployAction::SaveAs(value("name").unwrap_or_default()) }
        }
        _ => {
            let mut exec = Executor::new(&ctx.http, data, Replier::Modal(m, panel), m.channel_id, m.guild_id);
            report(&mut exec, actor.locale, &BotError::User(say(actor.locale, Say::Stale).into())).await;
            return Ok(());
        }
    };
    let mut exec = Executor::new(&ctx.http, data, Replier::Modal(m, panel), m.channel_id, m.guild_id);
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_message(ctx: &serenity::Context, data: &Data, msg: &serenity::Message) -> Result<(), BotError> {
    if msg.author.bot || !data.config.message_content {
        return Ok(());
    }
    let game = data.channel_game(msg.channel_id).await;
    // A move `c6-c7`, or a 翻棋 flip `flip c6` / `+c6` / `翻c6` (a move to `flip`).
    let typed = super::plan::parse_text_move(&msg.content)
        .or_else(|| super::plan::parse_text_flip(&msg.content).map(|p| (p, super::port::FLIP.to_string())));
    let (Some(game), Some((from, to))) = (game, typed) else { return Ok(()) };
    let actor = actor_of(&msg.author, "", msg.guild_id, msg.id.get(), data.config.locale);
    let mut exec = Executor::new(&ctx.http, data, Replier::Channel(msg.channel_id), msg.channel_id, msg.guild_id);
    exec.private_to = Some(msg.author.id);
    if let Err(e) = perform(&mut exec, &actor, Request::Move { game: Some(game), from, to }).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), BotError> {
    match event {
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(c) } => {
            on_component(ctx, data, c).await
        }
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Modal(m) } => {
            on_modal(ctx, data, m).await
        }
        serenity::FullEvent::Message { new_message } => on_message(ctx, data, new_message).await,
        _ => Ok(()),
    }
}

async fn on_error(err: poise::FrameworkError<'_, Data, BotError>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let locale = locale_of(ctx.locale().unwrap_or(""), ctx.data().config.locale);
            if let BotError::Internal { reference, detail } = &error {
                tracing::error!(reference = %reference, detail = %detail, "internal fault in a command");
            }
            let reply = poise::CreateReply::default().content(error.user_text(locale)).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "could not report an error");
            }
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error = %error, "event handler failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "poise error handler failed");
            }
        }
    }
}

/// The referee's clock: deadlines, reminders and expiries, posted where their games live. Runs for
/// the life of the bot; wakes at the referee's next deadline (at least once a minute).
async fn run_clock(http: Arc<Http>, data: Data) {
    loop {
        let wait = match data.service.tick().await {
            Ok((effects, next)) => {
                if !effects.is_empty() {
                    let origin = Origin { actor: 0, locale: data.config.locale, panel_here: false };
                    let actions = plan(&effects, &origin, data.config.locale);
                    let mut exec = Executor::new(&http, &data, Replier::Nobody, ChannelId::new(1), None);
                    if let Err(e) = exec.run(actions).await {
                        tracing::error!(error = %e, "could not post the referee's clock effects");
                    }
                }
                next.unwrap_or(60).clamp(1, 60)
            }
            Err(e) => {
                tracing::error!(error = %e, "the referee's clock failed");
                30
            }
        };
        tokio::time::sleep(Duration::from_secs(wait)).await;
    }
}

/// The intents the bot asks for: guilds and guild messages always; message content only when
/// plain-text moves are enabled (it is privileged and must be switched on in the portal too).
pub fn intents(config: &Config) -> GatewayIntents {
    let mut i = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if config.message_content {
        i |= GatewayIntents::MESSAGE_CONTENT;
    }
    i
}

/// Builds the client on a given HTTP client (tests pass one aimed at a fake Discord) and runs it
/// until the gateway closes for good.
pub async fn run_with_http(config: Config, http: Http, service: Arc<dyn GameService>) -> Result<(), BotError> {
    let dev_guild = config.dev_guild;
    let intents = intents(&config);
    let places = Arc::new(Mutex::new(Places::default()));
    let data = Data { service: service.clone(), config: config.clone(), places: places.clone() };
    let ticker = Data { service, config, places };
    let options = poise::FrameworkOptions {
        commands: vec![super::commands::junqi()],
        event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
        on_error: |err| Box::pin(on_error(err)),
        initialize_owners: false,
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, commands, GuildId::new(g)).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!("commands registered; ready");
                tokio::spawn(run_clock(ctx.http.clone(), ticker));
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents).framework(framework).await?;
    client.start().await?;
    Ok(())
}

/// Runs the bot against the real Discord.
pub async fn run(config: Config, service: Arc<dyn GameService>) -> Result<(), BotError> {
    let token = config.require_token().map_err(|e| BotError::User(e.to_string()))?.to_string();
    let http = serenity::HttpBuilder::new(token).build();
    run_with_http(config, http, service).await
}
