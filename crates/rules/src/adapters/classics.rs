//! Named classic layouts of the Junqi family (the 2-player board, and the 25-piece armies of the
//! 4-player boards, whose deployment strings are the same), offered beside a player's saved ones.
//!
//! Sources: `example` is the deployment string of the notation document
//! (`shared/docs/notation.md`, "Deployment string"). The others follow the layout advice of the
//! rules introduction kept in `shared/seeds/002_*.txt` — 三雷护旗 (the flag in a headquarters
//! with mines on its three open sides), bombs never in the front row, mines in the last two rows,
//! and 大子集中一侧 (the big pieces on one flank for a quick attack) — the standard patterns of
//! Chinese Junqi primers. Every one must validate for every seat (tested).

use crate::contract::Words;
use crate::contract::edit::Classic;

/// The Junqi family's classic layouts.
pub const JUNQI: &[Classic] = &[
    Classic {
        name: "guard-left",
        title: Words {
            en: "three mines guard the flag, left", zh_hans: "三雷护旗·左", zh_hant: "三雷護旗·左"
        },
        source: "三雷护旗: flag in the left headquarters, mines on a1, c1 and b2 (seeds/002)",
        setup: "gcdeg hfh akkb iei fjdcg jljhi",
    },
    Classic {
        name: "guard-right",
        title: Words {
            en: "three mines guard the flag, right", zh_hans: "三雷护旗·右", zh_hant: "三雷護旗·右"
        },
        source: "三雷护旗 mirrored: flag in the right headquarters, mines on c1, e1 and d2 (seeds/002)",
        setup: "gedcg hfh bkka iei gcdjf ihjlj",
    },
    Classic {
        name: "left-attack",
        title: Words { en: "big pieces on the left flank", zh_hans: "左路强攻", zh_hant: "左路強攻" },
        source: "大子集中一侧: 司令, 军长 and a 师长 on the left, bombs behind them (seeds/002)",
        setup: "acehg bkg ckhi dfi edfjg jljhi",
    },
    Classic {
        name: "example",
        title: Words {
            en: "the notation document's example", zh_hans: "记谱文档示例", zh_hant: "記譜文檔示例"
        },
        source: "shared/docs/notation.md, Deployment string",
        setup: "ghfie cdh akgi bek dfjgj iljch",
    },
];
