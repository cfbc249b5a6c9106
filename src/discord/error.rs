//! One error type for the adapter that separates what a user did wrong (shown to them, ephemeral and
//! translated) from our own faults (logged with a reference id; the user gets a short apology with
//! that id, never internal details).

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use poise::serenity_prelude as serenity;

use super::config::Locale;
use super::port::ServiceError;
use super::text::{Say, say};

/// An adapter error.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The user's mistake; the text is already in their language.
    #[error("{0}")]
    User(String),
    /// Our fault.
    #[error("internal fault (reference {reference}): {detail}")]
    Internal {
        /// Short id quoted to the user and written in the log.
        reference: String,
        /// What went wrong (logged only).
        detail: String,
    },
    /// The database failed or could not be reached during a command; nothing was changed.
    #[error("database unavailable (reference {reference}): {detail}")]
    Unavailable {
        /// Short id quoted to the user and written in the log.
        reference: String,
        /// What went wrong (logged only).
        detail: String,
    },
    /// The slash commands could not be registered at start, after retrying: the bot stops (a
    /// non-zero exit for the supervisor) rather than stay online ignoring everyone.
    #[error(
        "could not register the slash commands with Discord after {attempts} attempts ({last}); \
         check the token and the application, or Discord's status, and start again"
    )]
    Registration {
        /// How many times it was tried.
        attempts: u32,
        /// The last error Discord (or the network) gave.
        last: String,
    },
    /// Discord refused the token (401 on a REST call, gateway close 4004): a typo, or a token
    /// reset in the Developer Portal since.
    #[error(
        "Discord refused the bot token ({0}): set DISCORD_TOKEN (or `token` in the config file) to the token \
         under Bot in the Developer Portal; Reset Token there gives a new one if it was lost"
    )]
    TokenRefused(String),
    /// Discord could not be reached at start (no network, a DNS failure, a proxy that does not
    /// answer).
    #[error(
        "cannot reach Discord ({0}): check this machine's network (and the proxy, if discord_proxy is set), then start again"
    )]
    DiscordUnreachable(String),
    /// Discord closed the gateway with 4014: the bot asked for a privileged intent (Message
    /// Content, for typed moves) that is not switched on for the application.
    #[error(
        "Discord refused the privileged Message Content intent (gateway close 4014): switch on \
         \"Message Content Intent\" under Bot in the Developer Portal, or set message_content = false \
         (JUNQI_MESSAGE_CONTENT=false) to play by slash commands only"
    )]
    DisallowedIntents,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A short, unique-enough reference id: seconds of the day plus a counter, in base 36.
fn reference() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) % 86_400;
    let n = u64::from(COUNTER.fetch_add(1, Ordering::Relaxed) % 1296);
    let mut v = secs * 1296 + n;
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut s = Vec::new();
    for _ in 0..6 {
        s.push(digits[(v % 36) as usize]);
        v /= 36;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

impl BotError {
    /// An internal fault with a fresh reference id.
    pub fn internal(detail: impl Into<String>) -> BotError {
        BotError::Internal { reference: reference(), detail: detail.into() }
    }

    /// What the user is told.
    pub fn user_text(&self, locale: Locale) -> String {
        match self {
            BotError::User(t) => t.clone(),
            BotError::Internal { reference, .. } => say(locale, Say::Apology).replace("{ref}", reference),
            BotError::Unavailable { reference, .. } => say(locale, Say::DatabaseDown).replace("{ref}", reference),
            BotError::Registration { .. }
            | BotError::DisallowedIntents
            | BotError::TokenRefused(_)
            | BotError::DiscordUnreachable(_) => say(locale, Say::Apology).replace("{ref}", "start"),
        }
    }
}

impl From<ServiceError> for BotError {
    fn from(e: ServiceError) -> Self {
        match e {
            ServiceError::User(t) => BotError::User(t),
            ServiceError::Internal(d) => BotError::internal(d),
            ServiceError::Unavailable(detail) => BotError::Unavailable { reference: reference(), detail },
        }
    }
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> Self {
        match &e {
            serenity::Error::Gateway(serenity::GatewayError::DisallowedGatewayIntents) => {
                return BotError::DisallowedIntents;
            }
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
                return BotError::TokenRefused("gateway close 4004".into());
            }
            // An interaction's own token (webhooks, 15 minutes) expiring is 401 too (50027), and
            // says nothing of the bot's token.
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
                if r.status_code.as_u16() == 401 && r.error.code != 50027 && !r.url.contains("/webhooks/") =>
            {
                return BotError::TokenRefused(format!("401 Unauthorized on {} {}", r.method.as_str(), r.url));
            }
            _ => {}
        }
        BotError::internal(format!("discord: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_errors_pass_through_and_internal_ones_are_hidden_behind_a_reference() {
        assert_eq!(BotError::User("不是你的回合".into()).user_text(Locale::ZhHans), "不是你的回合");
        let e = BotError::from(ServiceError::Internal("database is locked at row 7".into()));
        let BotError::Internal { reference, .. } = &e else { panic!() };
        assert_eq!(reference.len(), 6);
        let shown = e.user_text(Locale::En);
        assert!(shown.contains(reference.as_str()));
        assert!(!shown.contains("database"), "no internals shown: {shown}");
        assert!(e.to_string().contains("database"), "but they are logged");
        assert!(BotError::internal("x").user_text(Locale::ZhHans).contains("抱歉"));
        let a = BotError::internal("x");
        let b = BotError::internal("x");
        assert_ne!(a.user_text(Locale::En), b.user_text(Locale::En), "references differ");
    }

    #[test]
    fn a_database_that_is_away_is_told_apart_translated_with_a_reference() {
        let e = BotError::from(ServiceError::Unavailable("pool timed out while waiting for an open connection".into()));
        let BotError::Unavailable { reference, .. } = &e else { panic!("{e:?}") };
        for (l, words) in [(Locale::En, "try again"), (Locale::ZhHans, "数据库"), (Locale::ZhHant, "資料庫")] {
            let shown = e.user_text(l);
            assert!(shown.contains(words) && shown.contains(reference.as_str()), "{shown}");
            assert!(!shown.contains("pool"), "no internals shown: {shown}");
        }
        assert!(e.to_string().contains("pool timed out"), "but they are logged");
    }
}
