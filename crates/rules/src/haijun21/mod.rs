//! 二十一世紀海軍棋 (the Taiwanese 巨童玩具 naval chess; variant `haijun21`,
//! `rules-haijun.md` §9 and §10's `haijun21` points): the 5 × 12 grid with eight-direction
//! links and four air lanes, the 27-piece fleet (in the 春水 edition's `NavalDef` rows), combat by
//! nine ordered rules (the 反潛機 that scouts, the wolf pack against the carrier), deployment
//! with three empty points, the game loop with the 小輸 when a 旗艦 sinks, and its contract
//! (`Game` impl, `GameKind`, `GameDef`, `RecordDef`). Not catalogued until its board art exists.

pub mod board;
pub mod combat;
pub mod contract;
pub mod deploy;
pub mod game;
pub mod kinds;
pub mod moves;
pub mod options;
pub mod pieces;

pub use deploy::{Haijun21Setup, SetupParseError, Violation};
pub use game::{Haijun21Game, Haijun21Illegal, Haijun21Options, Haijun21Over, Haijun21Ply, Shown};
pub use moves::MoveKind;
pub use options::Haijun21OptionsError;
