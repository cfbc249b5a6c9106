//! Board images of records, for every catalogued kind: the record is replayed through the game
//! contract ([`replay_with`]), each state gives the game's [`Picture`] for the audience asked for,
//! and the renderer draws it through the kind's board art.

use std::path::Path;
use std::process::ExitCode;

use crate::render::{Lang, PictureOptions};
use crate::rules::contract::replay::{Upto, replay_with};
use crate::rules::contract::{AnyGame, Audience, Envelope, GameKind, Picture};

/// Who an image is for, once the record's kind is known (its seats name the audiences).
pub type AudienceOf = dyn Fn(&GameKind) -> Result<Audience, String>;

/// A record that hides its start has no states to draw.
const HIDDEN: &str = "the record hides a setup (?), so its board cannot be drawn";

/// The record's text, read and checked as an envelope, with the audience its kind gives.
fn load(path: &Path, audience: &AudienceOf) -> Result<(String, Envelope, Audience), ExitCode> {
    let text = super::read_file(path)?;
    let envelope = Envelope::parse(&text).map_err(|e| fail(path, e))?;
    let def = envelope.game().map_err(|e| fail(path, e))?;
    let audience = audience(def.kind).map_err(|e| fail(path, e))?;
    Ok((text, envelope, audience))
}

fn fail(path: &Path, e: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {}: {e}", path.display());
    ExitCode::from(2)
}

fn finish(path: &Path, out: &Path, bytes: Result<Vec<u8>, String>) -> ExitCode {
    match bytes.and_then(|b| std::fs::write(out, b).map_err(|e| format!("cannot write {}: {e}", out.display()))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(path, e),
    }
}

/// The pictures of the replayed states for `audience`, from the start to `upto`, with the kind.
fn pictures(text: &str, upto: Upto, audience: Audience) -> Result<(Vec<Picture>, &'static GameKind), String> {
    let mut frames = Vec::new();
    let mut kind = None;
    replay_with(text, upto, &mut Vec::new(), &mut |g: &dyn AnyGame| {
        kind = Some(g.kind());
        frames.push(g.picture_for(audience));
    })
    .map_err(|e| e.to_string())?;
    let kind = kind.ok_or_else(|| HIDDEN.to_string())?;
    Ok((frames, kind))
}

/// `render`: the image after `ply` plies (the end by default, with the record's last word
/// applied), for the audience `audience` names in the record's kind.
///
/// The plies are counted by the replay, not in the movetext, since a game may write its moves
/// its own way (跳棋's `s:m3-l4`): the state drawn is the last one with at most `ply` plies played.
pub fn render(path: &Path, ply: Option<usize>, audience: &AudienceOf, lang: Lang, out: &Path) -> ExitCode {
    let (text, _, audience) = match load(path, audience) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let (frames, kind) = match pictures(&text, Upto::End, audience) {
        Ok(x) => x,
        Err(e) => return fail(path, e),
    };
    let plies = frames.last().map_or(0, |p| p.ply as usize);
    let n = ply.unwrap_or(plies);
    if n > plies {
        eprintln!("error: --ply {n} is beyond the end of the record ({plies} plies)");
        return ExitCode::from(2);
    }
    let bytes = frames.iter().rev().find(|p| p.ply as usize <= n).ok_or_else(|| "no position to draw".to_string());
    let opts = PictureOptions { lang, ..Default::default() };
    let bytes = bytes.and_then(|p| crate::render::picture_png(p, kind, &opts).map_err(|e| e.to_string()));
    finish(path, out, bytes)
}

/// `replay-gif`: one frame per state of the whole record, for `audience`.
pub fn replay_gif(path: &Path, audience: &AudienceOf, lang: Lang, seconds: u32, out: &Path) -> ExitCode {
    let (text, _, audience) = match load(path, audience) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let bytes = pictures(&text, Upto::End, audience).and_then(|(frames, kind)| {
        let opts = PictureOptions { lang, ..Default::default() };
        crate::render::picture_gif_paced(&frames, kind, &opts, seconds).map_err(|e| e.to_string())
    });
    finish(path, out, bytes)
}
