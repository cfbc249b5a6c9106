//! What every command and event handler works with: the bot's shared state ([`Data`], with the
//! cache of where games live, [`Places`]), the poise context ([`Ctx`]), and the [`Executor`] that
//! carries out a request's effects on Discord ([`perform`], [`report`]).

use std::collections::HashMap;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GuildId, MessageId};
use tokio::sync::Mutex;

mod executor;
mod send;

pub use executor::{Executor, Replier, perform, report};
pub use send::with_retry;

use super::config::{Config, Locale};
use super::error::BotError;
use super::port::{GameService, Place, Recall, Recalled, ServerPlaces};

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

/// The locale of an interaction's user.
pub fn locale_of(tag: &str, default: Locale) -> Locale {
    Locale::parse(tag).unwrap_or(default)
}
