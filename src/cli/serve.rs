//! `serve` (and no subcommand): run the Discord bot.

use std::path::Path;
use std::process::ExitCode;

use crate::discord::config::{Config, ConfigError};

/// Loads the configuration, fails fast with what to fix, then runs the bot until it stops.
pub fn run(config: Option<&Path>) -> ExitCode {
    let cfg = match Config::load(config) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if cfg.token.is_none() {
        eprintln!("error: {}", ConfigError::MissingToken);
        return ExitCode::from(2);
    }
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn")),
        )
        .try_init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let service = crate::discord::open_service(&cfg).await.map_err(crate::discord::error::BotError::internal)?;
        crate::discord::bot::run(cfg, service).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: the bot stopped: {e}");
            ExitCode::FAILURE
        }
    }
}
