//! Planned messages as serenity builders, and Discord calls with retries.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, UserId,
};

use crate::discord::plan::tournament::embeds;
use crate::discord::plan::{DM_REFUSED_CODES, Outgoing, Row, Style};

pub(super) fn rows_to_components(rows: &[Row]) -> Vec<CreateActionRow> {
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
                        options: options
                            .iter()
                            .map(|(v, l)| CreateSelectMenuOption::new(l.clone(), v.clone()))
                            .collect(),
                    },
                )
                .placeholder(placeholder.clone()),
            ),
        })
        .collect()
}

pub(super) fn attachments(m: &Outgoing) -> Vec<CreateAttachment> {
    m.files.iter().map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone())).collect()
}

pub(super) fn mentions(m: &Outgoing) -> CreateAllowedMentions {
    // Only the people the referee means to ping, never @everyone from user-supplied names.
    CreateAllowedMentions::new().users(m.ping.iter().map(|u| UserId::new(*u)))
}

pub(super) fn channel_message(m: &Outgoing) -> CreateMessage {
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

pub(super) fn is_unknown_channel(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.error.code == UNKNOWN_CHANNEL_CODE)
}

/// Whether a DM failed because the player cannot be reached by DM (closed DMs 50007, no server in
/// common any more 50278, opening DMs too fast 40003): told in the game's thread instead.
pub(super) fn is_dm_closed(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if DM_REFUSED_CODES.contains(&r.error.code))
}

/// Discord's refusals of a post that retrying cannot cure: 50001 Missing Access, 50013 Missing
/// Permissions, 50008 Cannot send messages in a non-text channel, 50083 a thread archived and
/// locked by a moderator (an unlocked one is unarchived by the post itself).
const REFUSED_POST_CODES: [isize; 4] = [50001, 50013, 50008, 50083];

/// Whether Discord refused a post for good (see [`REFUSED_POST_CODES`]).
pub(super) fn is_refused_post(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if REFUSED_POST_CODES.contains(&r.error.code))
}

/// Discord's "a thread has already been created for this message".
const THREAD_EXISTS_CODE: isize = 160_004;

/// Whether a thread creation met the message's existing thread.
pub(super) fn is_thread_exists(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.error.code == THREAD_EXISTS_CODE)
}
