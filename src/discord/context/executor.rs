//! The executor: carries out planned [`Action`]s against Discord — the interaction's own answer,
//! channels, threads, DMs, tournament channels — with retries; and [`perform`], which runs one
//! request from the referee to Discord.

use std::sync::atomic::{AtomicU32, Ordering};

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponseFollowup,
    CreateMessage, CreateThread, EditInteractionResponse, EditMessage, GuildId, Http, MessageId, ModalInteraction,
    Nonce, UserId,
};

use super::Data;
use super::send::{
    attachments, channel_message, is_dm_closed, is_refused_post, is_thread_exists, is_unknown_channel, mentions,
    rows_to_components, with_retry,
};
use crate::discord::config::Locale;
use crate::discord::error::BotError;
use crate::discord::plan::tournament::embeds;
use crate::discord::plan::{
    Action, ComponentId, DEFAULT_ATTACHMENT_LIMIT, Origin, Outgoing, Row, Target, fit_files, plan, split::split_message,
};
use crate::discord::port::{Actor, Effect, Recall, Recalled, Request};
use crate::discord::text::{Say, say};

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
    /// The delivery's nonce (see [`crate::discord::port::Outbound`]): every message this
    /// executor creates carries `nonce.N` with `enforce_nonce`, N counting its posts, so posting
    /// the same delivery again (after a crash before it was confirmed) makes no second message.
    pub nonce: Option<String>,
    /// How many messages carried the nonce so far.
    posted: AtomicU32,
    /// Channels where Discord refused a public post of this request (see [`Executor::post`]).
    refused: std::sync::Mutex<Vec<ChannelId>>,
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
        Executor {
            http,
            data,
            replier,
            here,
            guild,
            replied: false,
            limit,
            private_to: None,
            nonce: None,
            posted: AtomicU32::new(0),
            refused: std::sync::Mutex::new(vec![]),
        }
    }

    /// Answers the actor (first answer edits the deferred response).
    pub async fn reply(&mut self, m: &Outgoing) -> Result<(), BotError> {
        let m = &fit_files(m, self.limit);
        if m.ephemeral
            && let (Replier::Channel(_), Some(user)) = (&self.replier, self.private_to)
        {
            // A typed move has no interaction to answer privately: its private answers (the
            // player's own board, a refusal) go by DM, never to the channel everyone reads.
            if let Err(e) = self.dm(user, m).await {
                tracing::warn!(user = user.get(), error = %e, "could not DM a player");
            }
            return Ok(());
        }
        if let Replier::Channel(c) = self.replier {
            // A reply to a typed move is a new message in the channel: it carries the
            // delivery's nonce like every other message the executor creates.
            self.replied = true;
            self.send_to(c, m).await?;
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

    /// The message to create for `m`, with the next nonce of the delivery if it has one (the
    /// same on every retry of this post).
    fn stamped(&self, m: &Outgoing) -> CreateMessage {
        let b = channel_message(m);
        match &self.nonce {
            Some(n) => {
                let i = self.posted.fetch_add(1, Ordering::Relaxed);
                b.nonce(Nonce::String(format!("{n}.{i}"))).enforce_nonce(true)
            }
            None => b,
        }
    }

    async fn send_to(&self, channel: ChannelId, m: &Outgoing) -> Result<serenity::Message, serenity::Error> {
        let b = self.stamped(m);
        with_retry(|| channel.send_message(self.http, b.clone())).await
    }

    async fn dm(&self, user: UserId, m: &Outgoing) -> Result<serenity::Message, serenity::Error> {
        let b = self.stamped(m);
        with_retry(|| user.direct_message(self.http, b.clone())).await
    }

    /// Runs the actions in order. A failure to reach one player (closed DMs) does not stop the rest.
    pub async fn run(&mut self, actions: Vec<Action>) -> Result<(), BotError> {
        for a in actions {
            match a {
                Action::Send(m) => {
                    // Past Discord's limits (2,000 characters, 100 pings) one message becomes several.
                    for m in split_message(&fit_files(&m, self.limit)) {
                        self.send(m).await?;
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
                    match self.dm(UserId::new(u), &panel).await {
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
                            self.post(ch, &notice).await?;
                        }
                        Err(e) => {
                            // Another fault: the rest of the round (other players' panels)
                            // still goes out; the player can ask for the panel again.
                            tracing::warn!(user = u, game, error = %e, "could not DM a deployment panel");
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Sends one message within Discord's limits to where its target says.
    async fn send(&mut self, m: Outgoing) -> Result<(), BotError> {
        match m.target.clone() {
            Target::Actor => self.reply(&m).await?,
            Target::Here => {
                if let Some(msg) = self.post(self.here, &m).await? {
                    self.remember_challenge(&m, msg.channel_id, msg.id).await;
                }
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
                            self.post(self.here, &m).await?;
                        }
                    }
                    Err(e) if is_refused_post(&e) => self.refused(ch, &e),
                    Err(e) => return Err(e.into()),
                },
                None => tracing::warn!(game = g, "no channel known for a game; message dropped"),
            },
            Target::ChallengeMessage(c) => {
                let at = self.data.challenge_message(c).await;
                if let Some((ch, msg)) = at {
                    let edit = EditMessage::new().content(m.text.clone()).components(vec![]);
                    match with_retry(|| ch.edit_message(self.http, msg, edit.clone())).await {
                        Ok(_) => {}
                        Err(e) if is_refused_post(&e) => self.refused(ch, &e),
                        Err(e) => return Err(e.into()),
                    }
                }
            }
            Target::Dm(u) => {
                if let Err(e) = self.dm(UserId::new(u), &m).await {
                    tracing::warn!(user = u, error = %e, "could not DM a player");
                }
            }
            Target::Tournament(t) => match self.tournament_channel(t).await {
                Some(ch) => drop(self.post(ch, &m).await?),
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
                    self.post(ch, &m).await?;
                }
            }
        }
        Ok(())
    }

    /// Posts a public message. When Discord refuses it for good (no access, no permission, not a
    /// text channel) the referee has already carried out the command: the refusal is logged and
    /// kept for the actor ([`Executor::tell_refused`]), and the rest goes on (None).
    async fn post(&self, channel: ChannelId, m: &Outgoing) -> Result<Option<serenity::Message>, BotError> {
        match self.send_to(channel, m).await {
            Ok(msg) => Ok(Some(msg)),
            Err(e) if is_refused_post(&e) => {
                self.refused(channel, &e);
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    fn refused(&self, channel: ChannelId, e: &serenity::Error) {
        tracing::warn!(channel = channel.get(), error = %e, "Discord refused a public post; the command stands");
        let mut r = self.refused.lock().unwrap_or_else(|p| p.into_inner());
        if !r.contains(&channel) {
            r.push(channel);
        }
    }

    /// Tells the actor, privately, where Discord refused a public post of this request.
    pub async fn tell_refused(&mut self, locale: Locale) -> Result<(), BotError> {
        let channels: Vec<ChannelId> = std::mem::take(&mut *self.refused.lock().unwrap_or_else(|p| p.into_inner()));
        if channels.is_empty() || matches!(self.replier, Replier::Nobody) {
            return Ok(());
        }
        let wheres: Vec<String> = channels.iter().map(|c| format!("<#{}>", c.get())).collect();
        let m = Outgoing {
            target: Target::Actor,
            text: say(locale, Say::CannotPost).replace("{channel}", &wheres.join(", ")),
            files: vec![],
            rows: vec![],
            ephemeral: true,
            ping: vec![],
            embed: None,
        };
        self.reply(&m).await
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

    async fn open_game(&self, game: u64, challenge: u64, title: &str, guild: Option<GuildId>) -> Result<(), BotError> {
        let at = self.data.challenge_message(challenge).await;
        let threads = match guild {
            Some(g) => self.data.server_places(g).await.thread_per_game.unwrap_or(self.data.config.thread_per_game),
            None => false,
        };
        let channel = match at {
            Some((ch, msg)) if threads => {
                // Discord limits thread names to 100 characters. A game can stay quiet for days
                // (a move a day): the thread stays in the channel list for the longest Discord
                // offers, 7 days, and a post into it unarchives it (Discord does so itself).
                let name: String = title.chars().take(100).collect();
                let create = CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek);
                match with_retry(|| ch.create_thread_from_message(self.http, msg, create.clone())).await {
                    Ok(t) => t.id,
                    // A retry after a 5xx whose request went through, or a delivery posted again:
                    // the message has its thread already, and a thread started from a message
                    // has the message's id.
                    Err(e) if is_thread_exists(&e) => ChannelId::new(msg.get()),
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

impl Executor<'_> {
    /// The channel of a tournament: the one kept in this run, else the channel of its games'
    /// opening messages (kept in the database), else where the interaction happened, else the
    /// server's announcements channel.
    async fn tournament_channel(&self, tournament: u64) -> Option<ChannelId> {
        if let Some(c) = self.data.places.lock().await.tournaments.get(&tournament).copied() {
            return Some(c);
        }
        let (channel, announcements) = match self.data.service.recall(Recall::TournamentChannel(tournament)).await {
            Some(Recalled::Tournament { channel, announcements }) => (channel, announcements),
            _ => (None, None),
        };
        let here = (!matches!(self.replier, Replier::Nobody)).then_some(self.here);
        match channel.map(ChannelId::new).or(here) {
            Some(c) => {
                self.data.places.lock().await.tournaments.insert(tournament, c);
                Some(c)
            }
            None => announcements.map(ChannelId::new),
        }
    }

    /// Opens a round game the way an accepted challenge opens: its opening message in the
    /// tournament's channel is kept as the game's challenge message, and the game's thread starts
    /// from it (or, without threads, the game is played in that channel).
    async fn open_board(
        &self,
        tournament: u64,
        game: u64,
        guild: Option<GuildId>,
        title: &str,
        anchor: &Outgoing,
    ) -> Result<(), BotError> {
        let Some(ch) = self.tournament_channel(tournament).await else {
            tracing::warn!(tournament, game, "no channel known for a tournament; its game has no thread");
            return Ok(());
        };
        let Some(msg) = self.post(ch, anchor).await? else {
            // No opening message to hang a thread on: the game is played in the tournament's
            // channel (where the bot cannot post either, which the organiser has been told).
            self.data.place_game(game, ch).await;
            return Ok(());
        };
        self.data.place_challenge(game, ch, msg.id).await;
        self.open_game(game, game, title, self.guild.or(guild)).await
    }
}

/// Runs one request for an interaction: calls the referee, plans, executes. User errors are
/// returned for the caller to show; internal faults are logged there.
pub async fn perform(exec: &mut Executor<'_>, actor: &Actor, request: Request) -> Result<Vec<Effect>, BotError> {
    let panel_here = matches!(request, Request::Deploy { .. });
    let effects = match exec.data.service.execute(actor, request).await {
        Ok(effects) => effects,
        Err(e) => {
            // A request made of several commands failed part way: what the first ones said is
            // not shown, as before the outbox; it is not posted later either.
            exec.data.service.settle(actor, true).await;
            return Err(e.into());
        }
    };
    let origin = Origin { actor: actor.user, locale: actor.locale, panel_here };
    let actions = plan(&effects, &origin, exec.data.config.locale);
    if let Some(n) = exec.data.service.nonce(actor) {
        exec.nonce = Some(n);
    }
    let done = async {
        exec.run(actions).await?;
        exec.tell_refused(actor.locale).await?;
        exec.finish(actor.locale).await
    }
    .await;
    // Confirmed once carried out; after a fault the clock posts it again (what was posted
    // already is dropped by its nonce).
    exec.data.service.settle(actor, done.is_ok()).await;
    done?;
    Ok(effects)
}

/// Shows an error to the actor (ephemeral) and logs internal faults.
pub async fn report(exec: &mut Executor<'_>, locale: Locale, err: &BotError) {
    match err {
        BotError::Internal { reference, detail } => {
            tracing::error!(reference = %reference, detail = %detail, "internal fault")
        }
        BotError::Unavailable { reference, detail } => {
            tracing::error!(reference = %reference, detail = %detail, "database unavailable; the user was asked to retry")
        }
        _ => {}
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
