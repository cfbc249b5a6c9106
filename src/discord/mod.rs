//! The Discord adapter: thin slash commands that parse, call the referee and turn its effects into
//! Discord messages. No game logic lives here.
//!
//! - [`config`]: settings (defaults < file < environment).
//! - [`port`]: what the adapter asks of the referee ([`port::GameService`]) and the effects it shows.
//! - [`plan`]: the pure mapping from effects to messages, attachments, components and ephemeral flags.
//! - [`commands`]: the `/junqi` slash commands; [`bot`]: the framework, events and the executor.
//! - [`error`]: user mistakes vs internal faults.

pub mod bot;
pub mod commands;
pub mod config;
pub mod error;
pub mod plan;
pub mod port;
pub mod service;
pub mod text;
pub mod tournament;
pub mod tournament_plan;
pub mod tournament_service;

use std::sync::Arc;

use crate::referee::{Referee, SystemClock};
use crate::store::{Durability, Store};

/// Opens the database named in the config and starts the referee on it (applying deadlines
/// missed while the bot was down), wrapped as the adapter's [`port::GameService`].
pub async fn open_service(config: &config::Config) -> Result<Arc<dyn port::GameService>, String> {
    let store = Store::open(&config.database, Durability::Normal)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", config.database.display()))?;
    let (referee, missed) =
        Referee::start(store, Arc::new(SystemClock)).await.map_err(|e| format!("cannot start the referee: {e}"))?;
    if !missed.is_empty() {
        tracing::info!(count = missed.len(), "applied deadlines missed while the bot was down");
    }
    let service = service::RefereeService::new(Arc::new(referee), Some(board_renderer(config.locale)))
        .with_flip_renderer(Some(flip_board_renderer(config.locale)));
    Ok(Arc::new(service))
}

/// The 翻棋 board images of `src/render/flip.rs`, labelled in the server's default language.
pub fn flip_board_renderer(locale: config::Locale) -> service::FlipRenderer {
    let lang = match locale {
        config::Locale::En => crate::render::Lang::En,
        config::Locale::ZhTw => crate::render::Lang::ZhHant,
        config::Locale::ZhCn => crate::render::Lang::Zh,
    };
    Arc::new(move |view: &crate::rules::flip::FlipView| match crate::render::flip::render_flip_png(view, lang) {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::warn!(error = %e, "could not draw a flip board");
            None
        }
    })
}

/// The board images of `src/render`, labelled in the server's default language.
pub fn board_renderer(locale: config::Locale) -> service::Renderer {
    let lang = match locale {
        config::Locale::En => crate::render::Lang::En,
        config::Locale::ZhTw => crate::render::Lang::ZhHant,
        config::Locale::ZhCn => crate::render::Lang::Zh,
    };
    Arc::new(move |view: &crate::rules::View, extras: &service::Extras| {
        let marks =
            extras.marks.iter().map(|m| (m.point, crate::render::mark_label(view.variant, lang, m.kind))).collect();
        let opts = crate::render::RenderOptions { lang, marks, deployment: extras.deployment, ..Default::default() };
        match crate::render::render_png(view, &opts) {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::warn!(error = %e, "could not draw a board");
                None
            }
        }
    })
}
