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
pub mod text;

use std::sync::Arc;

/// The referee service the bot runs on.
pub fn service() -> Result<Arc<dyn port::GameService>, String> {
    Err("the referee service is not wired into the bot yet".to_string())
}
