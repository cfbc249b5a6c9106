//! `moves FILE.jqr [--ply N]`, for any catalogued game: the record is replayed through the game
//! contract up to the ply, and the legal action tokens of the seat to move are printed.

use std::path::Path;
use std::process::ExitCode;

use crate::rules::contract::Envelope;
use crate::rules::contract::replay::{Upto, replay_with};

/// Runs the command.
pub fn run(path: &Path, ply: Option<usize>, game: Option<usize>) -> ExitCode {
    let text = match super::read_file(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if super::pdn::is_draughts(path, &text) {
        return super::pdn::moves(path, &text, ply, game);
    }
    if super::tiaoqi::is_tiaoqi(&text) {
        return super::tiaoqi::moves(path, &text, ply);
    }
    let fail = |e: &dyn std::fmt::Display| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    };
    let plies = match Envelope::parse(&text) {
        Ok(env) => env.plies(),
        Err(e) => return fail(&e),
    };
    let n = ply.unwrap_or(plies);
    if n > plies {
        eprintln!("error: --ply {n} is beyond the end of the record ({plies} plies)");
        return ExitCode::from(2);
    }
    // The position after n plies and the seat events before the next one; the record's last
    // word and result are not the position's business.
    let replayed = match replay_with(&text, Upto::Plies(n), &mut Vec::new(), &mut |_| {}) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let Some(game) = replayed.game else {
        return fail(&"the record hides a setup (?), so the legal moves cannot be known");
    };
    let mut lines = game.legal_tokens(game.to_move());
    lines.sort();
    for l in lines {
        out!("{l}");
    }
    ExitCode::SUCCESS
}
