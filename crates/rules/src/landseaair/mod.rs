//! The 陆海空 family (issue 14): what 陆海空三军棋 ([`crate::sanjun`], 35 pieces) and
//! 海陆空三军战斗棋 ([`crate::sanjun30`], 30 pieces) share, so each game's folder holds only what
//! differs — its stations and link tables, piece table, combat table, movement, deployment and
//! words.
//!
//! - [`board`]: names on the 15 × 25 grid, three layers, the typed links both boards have, the
//!   air lanes, and [`board::FamilyBoard`], built from a game's [`board::Layout`].
//! - [`outcome`]: the outcome classes applied to a position (strikes, bounces, scouting, shot
//!   down, a fallen 总司令's flag shown), the end checks in the specs' order, and the shared
//!   progress of a game (turn, plies, quiet plies, result).
//! - [`options`]: the switches both games have (`first`, `mines`, `bomb-flag`, `win`,
//!   `quiet-limit`), read and written the same way.
//! - [`record`]: plain records, and the public history of a record whose setups are `?`.
//! - [`contract`]: the pieces of the game contract both games fill the same way (modes, faces,
//!   results, outcome words).

pub mod board;
pub mod contract;
pub mod options;
pub mod outcome;
pub mod record;

use crate::combat::Outcome;
use crate::contract::GameKind;

/// Whether a kind is a game of the family: its images and records use the family's outcome
/// badges, and its legend explains them.
pub fn is_member(kind: &GameKind) -> bool {
    [crate::sanjun::contract::SANJUN_KIND.name, crate::sanjun30::contract::SANJUN30_KIND.name].contains(&kind.name)
}

/// The badges the family adds to Junqi's `x / = F`, each with what it means (English, 简体), for
/// legends: the outcome classes of `rules-sanjun.md` §5 that remove nobody or happen on the way.
pub const BADGES: [(Outcome, &str, &str); 3] = [
    (Outcome::Bounced, "bounced: the attack bounced back, nothing removed", "弹回：攻击被弹回，双方都不被吃"),
    (
        Outcome::Scouted,
        "scouted: the target is shown to both players, no fight",
        "侦察：被侦察的棋子向双方亮明，不交战",
    ),
    (
        Outcome::ShotDown,
        "shot down: the aircraft fell to the gun it flew over, which is shown",
        "击落：飞机被途经的高射炮或炮舰击落，该炮亮明",
    ),
];

/// What the fall of a 总司令 shows (English, 简体): it has no badge of its own — the combat's
/// badge stands — but its side's flag is shown, and under `win=marshal` the game ends.
pub const COMMANDER_KILLED: (&str, &str) = (
    "commander killed: a side whose commander-in-chief falls has its flag shown; with win=marshal it loses",
    "总司令阵亡：该方军旗亮明；规则 win=marshal 时该方判负",
);
