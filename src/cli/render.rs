//! `render FILE.jqr [--ply N] [--view …] [--lang …] --out FILE.png` and
//! `replay-gif FILE.jqr [--view public|reveal] --out FILE.gif`.

use std::path::Path;
use std::process::ExitCode;

use crate::render::Lang;
use crate::rules::Seat;
use crate::rules::contract::{Audience, GameKind};

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
    /// Draughts: Black's image (Black at the bottom), whichever seat Black is.
    Black,
    /// Draughts: White's image (White at the bottom).
    White,
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
            LangArg::Zh => Lang::ZhHans,
            LangArg::En => Lang::En,
            LangArg::ZhHant => Lang::ZhHant,
        }
    }
}

/// The audience a `--view` names in a record's kind: `red`/`blue` are its first two seats,
/// `south`…`west`, `black` and `white` are looked up among its seats (a 2-player game has no
/// East).
fn audience(v: ViewArg, kind: &GameKind) -> Result<Audience, String> {
    let seat_named = |name: &str| -> Result<Audience, String> {
        kind.seating.find(name).map(Audience::Seat).ok_or_else(|| format!("no seat '{name}' in {}", kind.name))
    };
    Ok(match v {
        ViewArg::Public => Audience::Public,
        ViewArg::Red => Audience::Seat(Seat(0)),
        ViewArg::Blue => Audience::Seat(Seat(1)),
        ViewArg::South => seat_named("s")?,
        ViewArg::East => seat_named("e")?,
        ViewArg::North => seat_named("n")?,
        ViewArg::West => seat_named("w")?,
        ViewArg::Black => seat_named("black")?,
        ViewArg::White => seat_named("white")?,
        ViewArg::Reveal => Audience::Everyone,
    })
}

/// Runs `render`: one board image after `ply` plies (default: the end).
pub fn render(path: &Path, ply: Option<usize>, view: ViewArg, lang: LangArg, out: &Path) -> ExitCode {
    super::draw::render(path, ply, &move |kind: &GameKind| audience(view, kind), lang.into(), out)
}

/// Runs `replay-gif`: the whole game, one frame per ply, in about `seconds`.
pub fn replay_gif(path: &Path, view: GifViewArg, lang: LangArg, seconds: u32, out: &Path) -> ExitCode {
    let audience = match view {
        GifViewArg::Public => Audience::Public,
        GifViewArg::Reveal => Audience::Everyone,
    };
    super::draw::replay_gif(path, &move |_: &GameKind| Ok(audience), lang.into(), seconds, out)
}
