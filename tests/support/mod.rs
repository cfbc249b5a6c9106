//! Shared helpers of the end-to-end tests.

pub mod fake_discord;
pub mod harness;
