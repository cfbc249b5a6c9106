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
pub mod context;
pub mod error;
pub mod ids;
pub mod plan;
pub mod port;
pub mod service;
pub mod text;

use std::sync::Arc;

pub use service::{board_renderer, flip_board_renderer};

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
