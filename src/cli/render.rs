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
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

fn viewer(v: ViewArg) -> Viewer {
    match v {
        ViewArg::Public => Viewer::Spectator,
        ViewArg::Red => Viewer::Seat(Seat::RED),
        ViewArg::Blue => Viewer::Seat(Seat::BLUE),
        ViewArg::Reveal => Viewer::Everyone,
    }
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
    if let Some(code) = super::flip::render_if_flip(path, ply, lang.into(), out) {
        return code;
    }
    let record = match load(path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let frames = match record_frames(&record, viewer(view), lang.into(), ply) {
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
    if let Some(code) = super::flip::replay_gif_if_flip(path, lang.into(), out) {
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
