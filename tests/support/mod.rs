//! Shared helpers of the end-to-end tests.

pub mod backend;
pub mod discord_limits;
pub mod fake_discord;
pub mod fake_tls;
pub mod harness;
