//! `render FILE.jqr [--ply N] [--view …] [--lang …] --out FILE.png` and
//! `replay-gif FILE.jqr [--view public|reveal] --out FILE.gif`.

use std::path::Path;
use std::process::ExitCode;

use crate::render::replay::record_frames;
use crate::render::{Lang, render_gif, render_png};
use crate::rules::record::Record;
use crate::rules::{Seat, Viewer};

/// Whose board image.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewArg {
    /// What everyone may know: enemy pieces are blank tiles.
    Public,
    /// Red's private image (Red at the bottom).
    Red,
    /// Blue's private image (Blue at the bottom).
    Blue,
    /// 4-player: South's private image (South at the bottom).
    #[value(alias = "s")]
    South,
    /// 4-player: East's private image (East at the bottom).
    #[value(alias = "e")]
    East,
    /// 4-player: North's private image (North at the bottom).
    #[value(alias = "n")]
    North,
    /// 4-player: West's private image (West at the bottom).
    #[value(alias = "w")]
    West,
    /// Every piece labelled.
    Reveal,
}

/// Whose replay.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GifViewArg {
    /// What everyone could see during the game.
    Public,
    /// Every piece labelled.
    Reveal,
}

/// Language of labels and captions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LangArg {
    /// 简体中文.
    Zh,
    /// English.
    En,
    /// 繁體中文 (also `zh-tw`, `繁體`).
    #[value(name = "zh-hant", aliases = ["zh-tw", "繁體"])]
    ZhHant,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
            LangArg::ZhHant => Lang::ZhHant,
        }
    }
}

/// The viewer a `--view` names in this record's game: `red`/`blue` are its first two seats,
/// `south`…`west` are looked up among its seats (a 2-player game has no East).
fn viewer(v: ViewArg, record: &Record) -> Result<Viewer, String> {
    let seat_named = |name: &str| -> Result<Viewer, String> {
        let variant = record.variant().map_err(|e| e.to_string())?;
        variant.seat_by_name(name).map(Viewer::Seat).map_err(|e| e.to_string())
    };
    Ok(match v {
        ViewArg::Public => Viewer::Spectator,
        ViewArg::Red => Viewer::Seat(Seat::RED),
        ViewArg::Blue => Viewer::Seat(Seat::BLUE),
        ViewArg::South => seat_named("s")?,
        ViewArg::East => seat_named("e")?,
        ViewArg::North => seat_named("n")?,
        ViewArg::West => seat_named("w")?,
        ViewArg::Reveal => Viewer::Everyone,
    })
}

fn load(path: &Path) -> Result<Record, ExitCode> {
    let text = super::read_file(path)?;
    Record::parse(&text).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    })
}

fn write(out: &Path, bytes: &[u8]) -> ExitCode {
    match std::fs::write(out, bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            ExitCode::from(2)
        }
    }
}

fn fail(path: &Path, e: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {}: {e}", path.display());
    ExitCode::from(2)
}

/// Runs `render`: one board image after `ply` plies (default: the end).
pub fn render(path: &Path, ply: Option<usize>, view: ViewArg, lang: LangArg, out: &Path) -> ExitCode {
    if let Some(code) = super::draw::render_by_art(path, ply, lang.into(), out) {
        return code;
    }
    let record = match load(path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let viewer = match viewer(view, &record) {
        Ok(v) => v,
        Err(e) => return fail(path, e),
    };
    let frames = match record_frames(&record, viewer, lang.into(), ply) {
        Ok(f) => f,
        Err(e) => return fail(path, e),
    };
    let Some((view, opts)) = frames.last() else { return fail(path, "no position to draw") };
    match render_png(view, opts) {
        Ok(bytes) => write(out, &bytes),
        Err(e) => fail(path, e),
    }
}

/// Runs `replay-gif`: the whole game, one frame per ply.
pub fn replay_gif(path: &Path, view: GifViewArg, lang: LangArg, out: &Path) -> ExitCode {
    if let Some(code) = super::draw::replay_gif_by_art(path, lang.into(), out) {
        return code;
    }
    let record = match load(path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let viewer = match view {
        GifViewArg::Public => Viewer::Spectator,
        GifViewArg::Reveal => Viewer::Everyone,
    };
    let frames = match record_frames(&record, viewer, lang.into(), None) {
        Ok(f) => f,
        Err(e) => return fail(path, e),
    };
    match render_gif(&frames) {
        Ok(bytes) => write(out, &bytes),
        Err(e) => fail(path, e),
    }
}
