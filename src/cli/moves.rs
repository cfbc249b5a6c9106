//! `moves FILE.jqr [--ply N]`.

use std::path::Path;
use std::process::ExitCode;

use crate::rules::Game;
use crate::rules::notation::format_move;
use crate::rules::record::{Record, SeatEventKind};

/// Runs the command.
pub fn run(path: &Path, ply: Option<usize>) -> ExitCode {
    let text = match super::read_file(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if crate::rules::flip_record::is_flip_record(&text) {
        return super::flip::moves(path, &text, ply);
    }
    let mut record = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let header = match record.header() {
        Ok(h) => h,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let Some(deployments) = header.deployments else {
        eprintln!("error: {}: the record hides a setup (?), so the legal moves cannot be known", path.display());
        return ExitCode::from(2);
    };
    let n = ply.unwrap_or(record.plies.len());
    if n > record.plies.len() {
        eprintln!("error: --ply {n} is beyond the end of the record ({} plies)", record.plies.len());
        return ExitCode::from(2);
    }
    record.plies.truncate(n);
    let mut game = Game::new(header.variant, header.rules, &deployments, header.first);
    for (i, p) in record.plies.iter().enumerate() {
        apply_seat_events(&mut game, &record, i);
        if let Err(e) = game.play(p.mv) {
            eprintln!("error: ply {}: illegal move {}: {e}", i + 1, format_move(&header.variant.board, p.mv));
            return ExitCode::from(2);
        }
    }
    apply_seat_events(&mut game, &record, n);
    let mut lines: Vec<String> =
        game.legal_moves().into_iter().map(|m| format_move(&header.variant.board, m)).collect();
    lines.sort();
    for l in lines {
        println!("{l}");
    }
    ExitCode::SUCCESS
}

/// Applies the 4-player seat events (`W:resign`, `E:timeout`) written after `after` plies; `stuck`
/// needs nothing, as the rules put such seats out themselves.
fn apply_seat_events(game: &mut Game, record: &Record, after: usize) {
    for e in record.events.iter().filter(|e| e.after == after) {
        match e.kind {
            SeatEventKind::Resign => {
                game.resign(e.seat);
            }
            SeatEventKind::Timeout => {
                game.timeout(e.seat);
            }
            SeatEventKind::Stuck => {}
        }
    }
}
