//! The tournament and rating slash commands — `/junqi rating|leaderboard|stats|early-resign` and
//! `/junqi tournament create|join|leave|start|standings|withdraw|result` — with 简体/繁體中文
//! names. The commands only parse and hand a [`TournamentRequest`] to the referee service
//! (`service/tournament.rs`); what comes back is planned by [`crate::discord::plan::tournament`],
//! and the executor (`context/executor.rs`) finds a tournament's channel and opens its round games
//! there like accepted challenges.

use poise::serenity_prelude as serenity;

use super::{actor, go, kind_or_first, mode_or_first};
use crate::discord::context::Ctx;
use crate::discord::error::BotError;
use crate::discord::port::{Request, TournamentRequest};
use crate::discord::text::{Say, say};

/// Tournament formats.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormatChoice {
    /// Round robin.
    #[name = "round-robin"]
    #[name_localized("zh-CN", "单循环")]
    #[name_localized("zh-TW", "單循環")]
    RoundRobin,
    /// Double round robin.
    #[name = "double-round-robin"]
    #[name_localized("zh-CN", "双循环")]
    #[name_localized("zh-TW", "雙循環")]
    DoubleRoundRobin,
    /// Swiss (give rounds).
    #[name = "swiss"]
    #[name_localized("zh-CN", "瑞士制")]
    #[name_localized("zh-TW", "瑞士制")]
    Swiss,
    /// Single elimination.
    #[name = "elimination"]
    #[name_localized("zh-CN", "淘汰赛")]
    #[name_localized("zh-TW", "淘汰賽")]
    Elimination,
}

impl FormatChoice {
    /// The referee's name for it.
    pub fn as_str(self) -> &'static str {
        match self {
            FormatChoice::RoundRobin => "round-robin",
            FormatChoice::DoubleRoundRobin => "double-round-robin",
            FormatChoice::Swiss => "swiss",
            FormatChoice::Elimination => "elimination",
        }
    }
}

/// Board results the organiser may record.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultChoice {
    /// Red wins.
    #[name = "red"]
    #[name_localized("zh-CN", "红胜")]
    #[name_localized("zh-TW", "紅勝")]
    Red,
    /// Blue wins.
    #[name = "blue"]
    #[name_localized("zh-CN", "蓝胜")]
    #[name_localized("zh-TW", "藍勝")]
    Blue,
    /// Draw.
    #[name = "draw"]
    #[name_localized("zh-CN", "和棋")]
    #[name_localized("zh-TW", "和棋")]
    Draw,
    /// Red forfeits.
    #[name = "red-forfeits"]
    #[name_localized("zh-CN", "红方弃权")]
    #[name_localized("zh-TW", "紅方棄權")]
    RedForfeits,
    /// Blue forfeits.
    #[name = "blue-forfeits"]
    #[name_localized("zh-CN", "蓝方弃权")]
    #[name_localized("zh-TW", "藍方棄權")]
    BlueForfeits,
    /// Both forfeit.
    #[name = "both-forfeit"]
    #[name_localized("zh-CN", "双方弃权")]
    #[name_localized("zh-TW", "雙方棄權")]
    BothForfeit,
}

impl ResultChoice {
    /// The referee's name for it.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultChoice::Red => "red",
            ResultChoice::Blue => "blue",
            ResultChoice::Draw => "draw",
            ResultChoice::RedForfeits => "red-forfeits",
            ResultChoice::BlueForfeits => "blue-forfeits",
            ResultChoice::BothForfeit => "both-forfeit",
        }
    }
}

async fn run(ctx: Ctx<'_>, t: TournamentRequest) -> Result<(), BotError> {
    go(ctx, Request::Tournament(t)).await
}

/// A player's rating
#[poise::command(
    slash_command,
    name_localized("zh-CN", "等级分"),
    name_localized("zh-TW", "等級分"),
    description_localized("zh-CN", "查看等级分（默认自己）"),
    description_localized("zh-TW", "查看等級分（預設自己）")
)]
pub async fn rating(
    ctx: Ctx<'_>,
    #[description = "Whose (default: you)"]
    #[name_localized("zh-CN", "棋手")]
    #[name_localized("zh-TW", "棋手")]
    #[description_localized("zh-CN", "谁的（默认自己）")]
    #[description_localized("zh-TW", "誰的（預設自己）")]
    user: Option<serenity::User>,
    #[description = "Game (default: the first in the list)"]
    #[name_localized("zh-CN", "变体")]
    #[name_localized("zh-TW", "變體")]
    #[description_localized("zh-CN", "棋种（默认列表中的第一种）")]
    #[description_localized("zh-TW", "棋種（預設列表中的第一種）")]
    #[autocomplete = "super::game::complete_variant"]
    #[max_length = 32]
    variant: Option<String>,
) -> Result<(), BotError> {
    run(ctx, TournamentRequest::Rating { user: user.map(|u| u.id.get()), variant: kind_or_first(variant) }).await
}

/// The server's best-rated players
#[poise::command(
    slash_command,
    name_localized("zh-CN", "排行榜"),
    name_localized("zh-TW", "排行榜"),
    description_localized("zh-CN", "本服务器等级分排行榜"),
    description_localized("zh-TW", "本伺服器等級分排行榜")
)]
pub async fn leaderboard(
    ctx: Ctx<'_>,
    #[description = "Game (default: the first in the list)"]
    #[name_localized("zh-CN", "变体")]
    #[name_localized("zh-TW", "變體")]
    #[description_localized("zh-CN", "棋种（默认列表中的第一种）")]
    #[description_localized("zh-TW", "棋種（預設列表中的第一種）")]
    #[autocomplete = "super::game::complete_variant"]
    #[max_length = 32]
    variant: Option<String>,
) -> Result<(), BotError> {
    run(ctx, TournamentRequest::Leaderboard { variant: kind_or_first(variant) }).await
}

/// Games, wins and draws by mode
#[poise::command(
    slash_command,
    name_localized("zh-CN", "战绩"),
    name_localized("zh-TW", "戰績"),
    description_localized("zh-CN", "对局、胜、和、负（按模式）"),
    description_localized("zh-TW", "對局、勝、和、負（按模式）")
)]
pub async fn stats(
    ctx: Ctx<'_>,
    #[description = "Whose (default: you)"]
    #[name_localized("zh-CN", "棋手")]
    #[name_localized("zh-TW", "棋手")]
    #[description_localized("zh-CN", "谁的（默认自己）")]
    #[description_localized("zh-TW", "誰的（預設自己）")]
    user: Option<serenity::User>,
) -> Result<(), BotError> {
    run(ctx, TournamentRequest::Stats { user: user.map(|u| u.id.get()) }).await
}

/// No resigning in the first 20 moves (needs Manage Server)
#[poise::command(
    slash_command,
    guild_only,
    rename = "early-resign",
    name_localized("zh-CN", "禁止早认输"),
    name_localized("zh-TW", "禁止早認輸"),
    description_localized("zh-CN", "前 20 步不得认输（需要“管理服务器”权限）"),
    description_localized("zh-TW", "前 20 步不得認輸（需要「管理伺服器」權限）")
)]
pub async fn early_resign(
    ctx: Ctx<'_>,
    #[description = "On: resigning before move 20 is refused"]
    #[name_localized("zh-CN", "开启")]
    #[name_localized("zh-TW", "開啟")]
    #[description_localized("zh-CN", "开启后前 20 步认输会被拒绝")]
    #[description_localized("zh-TW", "開啟後前 20 步認輸會被拒絕")]
    on: bool,
) -> Result<(), BotError> {
    let locale = actor(ctx).locale;
    let allowed = match ctx {
        poise::Context::Application(a) => {
            a.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
        }
        poise::Context::Prefix(_) => false,
    };
    if !allowed {
        ctx.send(poise::CreateReply::default().content(say(locale, Say::NeedsManageServer)).ephemeral(true)).await?;
        return Ok(());
    }
    run(ctx, TournamentRequest::EarlyResign(on)).await
}

/// Tournaments: create, join, start, results…
#[poise::command(
    slash_command,
    name_localized("zh-CN", "比赛"),
    name_localized("zh-TW", "比賽"),
    description_localized("zh-CN", "比赛：创建、报名、开始、结果……"),
    description_localized("zh-TW", "比賽：建立、報名、開始、結果……"),
    subcommands("create", "join", "leave", "start", "standings", "withdraw", "result"),
    subcommand_required
)]
pub async fn tournament(_ctx: Ctx<'_>) -> Result<(), BotError> {
    Ok(())
}

/// Create a tournament in this channel (you organise it)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "创建"),
    name_localized("zh-TW", "建立"),
    description_localized("zh-CN", "在本频道创建比赛（你是组织者）"),
    description_localized("zh-TW", "在本頻道建立比賽（你是組織者）")
)]
#[allow(clippy::too_many_arguments)] // one argument per command option: that is what poise reads
pub async fn create(
    ctx: Ctx<'_>,
    #[description = "Its name"]
    #[name_localized("zh-CN", "名称")]
    #[name_localized("zh-TW", "名稱")]
    #[description_localized("zh-CN", "比赛名称")]
    #[description_localized("zh-TW", "比賽名稱")]
    #[max_length = 64] // the referee takes names of up to 64 characters
    name: String,
    #[description = "Format"]
    #[name_localized("zh-CN", "赛制")]
    #[name_localized("zh-TW", "賽制")]
    #[description_localized("zh-CN", "赛制")]
    #[description_localized("zh-TW", "賽制")]
    format: FormatChoice,
    #[description = "Rounds (Swiss)"]
    #[name_localized("zh-CN", "轮数")]
    #[name_localized("zh-TW", "輪數")]
    #[description_localized("zh-CN", "轮数（瑞士制）")]
    #[description_localized("zh-TW", "輪數（瑞士制）")]
    #[min = 1]
    #[max = 30]
    rounds: Option<u32>,
    #[description = "Game (default: the first in the list)"]
    #[name_localized("zh-CN", "变体")]
    #[name_localized("zh-TW", "變體")]
    #[description_localized("zh-CN", "棋种（默认列表中的第一种）")]
    #[description_localized("zh-TW", "棋種（預設列表中的第一種）")]
    #[autocomplete = "super::game::complete_two_seat_variant"]
    #[max_length = 32]
    variant: Option<String>,
    #[description = "Who sees what (default: the game's first mode)"]
    #[name_localized("zh-CN", "模式")]
    #[name_localized("zh-TW", "模式")]
    #[description_localized("zh-CN", "谁能看见什么（默认该棋种的第一种模式）")]
    #[description_localized("zh-TW", "誰能看見什麼（預設該棋種的第一種模式）")]
    #[autocomplete = "super::game::complete_mode"]
    #[max_length = 32]
    mode: Option<String>,
    #[description = "Rule options, e.g. mines=mutual"]
    #[name_localized("zh-CN", "规则")]
    #[name_localized("zh-TW", "規則")]
    #[description_localized("zh-CN", "规则选项，如 mines=mutual")]
    #[description_localized("zh-TW", "規則選項，如 mines=mutual")]
    #[max_length = 200]
    rules: Option<String>,
    #[description = "Time per move: 10m, 1h, 1d, 3d or none"]
    #[name_localized("zh-CN", "时限")]
    #[name_localized("zh-TW", "時限")]
    #[description_localized("zh-CN", "每步时限：10m、1h、1d、3d 或 none")]
    #[description_localized("zh-TW", "每步時限：10m、1h、1d、3d 或 none")]
    #[max_length = 16]
    time: Option<String>,
    #[description = "Time per round, e.g. 3d (unfinished games are adjudicated)"]
    #[name_localized("zh-CN", "每轮时限")]
    #[name_localized("zh-TW", "每輪時限")]
    #[description_localized("zh-CN", "每轮时限，如 3d（超时未完的对局由裁判判定）")]
    #[description_localized("zh-TW", "每輪時限，如 3d（超時未完的對局由裁判判定）")]
    #[max_length = 16]
    round_time: Option<String>,
    #[description = "Start by itself after, e.g. 2h (default: you start it)"]
    #[name_localized("zh-CN", "开始")]
    #[name_localized("zh-TW", "開始")]
    #[description_localized("zh-CN", "多久后自动开始，如 2h（默认由你开始）")]
    #[description_localized("zh-TW", "多久後自動開始，如 2h（預設由你開始）")]
    #[max_length = 16]
    start: Option<String>,
) -> Result<(), BotError> {
    // The service would fill in defaults of its own; the catalogue's come first.
    let variant = kind_or_first(variant);
    let mode = mode_or_first(variant.as_deref(), mode);
    let t = TournamentRequest::Create {
        name,
        format: format.as_str().into(),
        rounds,
        variant,
        mode,
        rules,
        time,
        round_time,
        start,
    };
    run(ctx, t).await
}

macro_rules! tournament_command {
    ($fn:ident, $req:ident, $en:literal, $zh_name:literal, $tw_name:literal, $zh:literal, $tw:literal) => {
        #[doc = $en]
        #[poise::command(
            slash_command,
            guild_only,
            name_localized("zh-CN", $zh_name),
            name_localized("zh-TW", $tw_name),
            description_localized("zh-CN", $zh),
            description_localized("zh-TW", $tw)
        )]
        pub async fn $fn(
            ctx: Ctx<'_>,
            #[description = "Tournament id"]
            #[name_localized("zh-CN", "编号")]
            #[name_localized("zh-TW", "編號")]
            #[description_localized("zh-CN", "比赛编号")]
            #[description_localized("zh-TW", "比賽編號")]
            id: u64,
        ) -> Result<(), BotError> {
            run(ctx, TournamentRequest::$req(id)).await
        }
    };
}

tournament_command!(join, Join, "Enter a tournament", "报名", "報名", "报名参加比赛", "報名參加比賽");
tournament_command!(leave, Leave, "Leave before the start", "退出报名", "退出報名", "开赛前退出报名", "開賽前退出報名");
tournament_command!(
    start,
    Start,
    "Start it (the organiser)",
    "开始",
    "開始",
    "开始比赛（组织者）",
    "開始比賽（組織者）"
);
tournament_command!(
    standings,
    Standings,
    "The standings (table and image)",
    "排名",
    "排名",
    "查看排名（表格与图片）",
    "查看排名（表格與圖片）"
);
tournament_command!(
    withdraw,
    Withdraw,
    "Withdraw (your unfinished game is forfeited)",
    "退赛",
    "退賽",
    "退出比赛（未完成的对局判负）",
    "退出比賽（未完成的對局判負）"
);

/// Record a board's result (the organiser)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "判定"),
    name_localized("zh-TW", "判定"),
    description_localized("zh-CN", "记录一台的结果（组织者）"),
    description_localized("zh-TW", "記錄一台的結果（組織者）")
)]
pub async fn result(
    ctx: Ctx<'_>,
    #[description = "Tournament id"]
    #[name_localized("zh-CN", "编号")]
    #[name_localized("zh-TW", "編號")]
    #[description_localized("zh-CN", "比赛编号")]
    #[description_localized("zh-TW", "比賽編號")]
    id: u64,
    #[description = "The board's game id"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "该台的对局编号")]
    #[description_localized("zh-TW", "該台的對局編號")]
    game: u64,
    #[description = "The result"]
    #[name_localized("zh-CN", "结果")]
    #[name_localized("zh-TW", "結果")]
    #[description_localized("zh-CN", "结果")]
    #[description_localized("zh-TW", "結果")]
    result: ResultChoice,
) -> Result<(), BotError> {
    run(ctx, TournamentRequest::Result { tournament: id, game, result: result.as_str().into() }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tournament_commands_are_localised() {
        let group = tournament();
        let names: Vec<&str> = group.subcommands.iter().map(|c| c.name.as_ref()).collect();
        assert_eq!(names, ["create", "join", "leave", "start", "standings", "withdraw", "result"]);
        let all: Vec<poise::Command<_, _>> = vec![rating(), leaderboard(), stats(), early_resign(), tournament()]
            .into_iter()
            .chain(group.subcommands)
            .collect();
        for c in &all {
            for l in ["zh-CN", "zh-TW"] {
                assert!(c.name_localizations.iter().any(|(k, _)| k == l), "{} lacks a {l} name", c.name);
                assert!(c.description_localizations.iter().any(|(k, _)| k == l), "{} lacks a {l} description", c.name);
                for p in &c.parameters {
                    assert!(p.name_localizations.iter().any(|(k, _)| k == l), "{}.{} lacks a {l} name", c.name, p.name);
                }
            }
            assert!(c.description.as_deref().is_some_and(|d| !d.is_empty() && d.len() <= 100), "{}", c.name);
            let names = std::iter::once(c.name.as_ref()).chain(c.name_localizations.iter().map(|(_, v)| v.as_ref()));
            for n in names {
                assert!((1..=32).contains(&n.chars().count()) && n.to_lowercase() == n, "{n}");
            }
        }
        assert_eq!(early_resign().name, "early-resign");
    }
}
