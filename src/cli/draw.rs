//! Board images of records for the arts that draw a game engine's own view (翻棋's board art
//! today): the record is replayed through the game contract, and the catalogue's `art` key picks
//! the drawing code. Records of the other arts are drawn by `render.rs` from their views.

use std::path::Path;
use std::process::ExitCode;

use crate::render::Lang;
use crate::rules::adapters::flip::FlipContract;
use crate::rules::contract::replay::{Upto, replay_with};
use crate::rules::contract::{AnyGame, Envelope};
use crate::rules::flip::FlipView;

/// Draws the animation of replayed states, one frame each.
type GifFn = fn(&[Box<dyn AnyGame>], Lang) -> Result<Vec<u8>, String>;

/// One board art drawn from an engine's view.
struct Art {
    /// The catalogue's `art` key.
    key: &'static str,
    /// The image after a ply, from the replayed game.
    png: fn(&dyn AnyGame, Lang) -> Result<Vec<u8>, String>,
    /// The animation of the states, one frame each.
    gif: GifFn,
}

/// The arts this module draws.
const ARTS: &[Art] = &[Art { key: "junqi-flip", png: flip_png, gif: flip_gif }];

fn flip_view(game: &dyn AnyGame) -> Result<FlipView, String> {
    let flip = game.as_any().downcast_ref::<FlipContract>().ok_or("the junqi-flip art draws 翻棋 games only")?;
    Ok(flip.engine().view())
}

/// 翻棋 has no private views: every `--view` draws the same public image.
fn flip_png(game: &dyn AnyGame, lang: Lang) -> Result<Vec<u8>, String> {
    crate::render::flip::render_flip_png(&flip_view(game)?, lang).map_err(|e| e.to_string())
}

fn flip_gif(games: &[Box<dyn AnyGame>], lang: Lang) -> Result<Vec<u8>, String> {
    let views = games.iter().map(|g| flip_view(&**g)).collect::<Result<Vec<_>, _>>()?;
    crate::render::flip::render_flip_gif(&views, lang).map_err(|e| e.to_string())
}

/// The record's text and its art, if this module draws it.
fn load(path: &Path) -> Option<(String, &'static Art)> {
    let text = std::fs::read_to_string(path).ok()?;
    let def = Envelope::parse(&text).ok()?.game().ok()?;
    let art = ARTS.iter().find(|a| a.key == def.kind.art)?;
    Some((text, art))
}

fn finish(path: &Path, out: &Path, bytes: Result<Vec<u8>, String>) -> ExitCode {
    match bytes.and_then(|b| std::fs::write(out, b).map_err(|e| format!("cannot write {}: {e}", out.display()))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}

/// `render` of a record whose art this module draws: the image after `ply` plies (the end by
/// default, with the record's last word applied). `None` for the other arts.
pub fn render_by_art(path: &Path, ply: Option<usize>, lang: Lang, out: &Path) -> Option<ExitCode> {
    let (text, art) = load(path)?;
    let plies = Envelope::parse(&text).map_or(0, |e| e.plies());
    let n = ply.unwrap_or(plies);
    if n > plies {
        eprintln!("error: --ply {n} is beyond the end of the record ({plies} plies)");
        return Some(ExitCode::from(2));
    }
    let upto = if n == plies { Upto::End } else { Upto::Plies(n) };
    let bytes = replay_with(&text, upto, &mut Vec::new(), &mut |_| {})
        .map_err(|e| e.to_string())
        .and_then(|r| r.game.ok_or_else(|| "the record hides its start".to_string()))
        .and_then(|g| (art.png)(&*g, lang));
    Some(finish(path, out, bytes))
}

/// `replay-gif` of a record whose art this module draws: one public frame per ply. `None` for
/// the other arts.
pub fn replay_gif_by_art(path: &Path, lang: Lang, out: &Path) -> Option<ExitCode> {
    let (text, art) = load(path)?;
    let mut states: Vec<Box<dyn AnyGame>> = Vec::new();
    let bytes = replay_with(&text, Upto::End, &mut Vec::new(), &mut |g| states.push(g.box_clone()))
        .map_err(|e| e.to_string())
        .and_then(|_| (art.gif)(&states, lang));
    Some(finish(path, out, bytes))
}
