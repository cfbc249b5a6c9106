//! The game commands of `/junqi`: challenge, deploy, move (with autocomplete), board, mark,
//! resign, draw, abort, rematch, games, show, export, replay, layouts, vacation, settings.

use poise::serenity_prelude as serenity;

use super::{
    BotChoice, DrawChoice, LangChoice, LayoutChoice, TakebackChoice, actor, game_here, go, kind_or_first, lang_of,
    layout_request,
};
use crate::discord::config::Locale;
use crate::discord::context::Ctx;
use crate::discord::context::locale_of;
use crate::discord::error::BotError;
use crate::discord::plan::ComponentId;
use crate::discord::port::{Complete, DeployAction, DrawAction, Request};
use crate::discord::text::{Say, say};

/// Challenge someone (or anyone) to a game
#[poise::command(
    slash_command,
    name_localized("zh-CN", "挑战"),
    name_localized("zh-TW", "挑戰"),
    description_localized("zh-CN", "发起挑战（不指定对手则任何人可接受）"),
    description_localized("zh-TW", "發起挑戰（不指定對手則任何人可接受）")
)]
// Each parameter is an option of the slash command (Discord's form, not a call site).
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Ctx<'_>,
    #[description = "Who (empty: anyone may accept)"]
    #[name_localized("zh-CN", "对手")]
    #[name_localized("zh-TW", "對手")]
    #[description_localized("zh-CN", "对手（留空则任何人可接受）")]
    #[description_localized("zh-TW", "對手（留空則任何人可接受）")]
    opponent: Option<serenity::User>,
    #[description = "Game (default: the first in the list)"]
    #[name_localized("zh-CN", "变体")]
    #[name_localized("zh-TW", "變體")]
    #[description_localized("zh-CN", "棋种（默认列表中的第一种）")]
    #[description_localized("zh-TW", "棋種（預設列表中的第一種）")]
    #[autocomplete = "complete_variant"]
    #[max_length = 32]
    variant: Option<String>,
    #[description = "Who sees what (default: the game's first mode)"]
    #[name_localized("zh-CN", "模式")]
    #[name_localized("zh-TW", "模式")]
    #[description_localized("zh-CN", "谁能看见什么（默认该棋种的第一种模式）")]
    #[description_localized("zh-TW", "誰能看見什麼（預設該棋種的第一種模式）")]
    #[autocomplete = "complete_mode"]
    #[max_length = 32]
    mode: Option<String>,
    #[description = "Rule options, e.g. mines=mutual; on timeout: on-timeout=auto-move:3 (托管) or skip:5 (QQ)"]
    #[name_localized("zh-CN", "规则")]
    #[name_localized("zh-TW", "規則")]
    #[description_localized(
        "zh-CN",
        "规则选项，如 mines=mutual；超时：on-timeout=auto-move（托管）或 skip:5（跳过，第5次判负）"
    )]
    #[description_localized(
        "zh-TW",
        "規則選項，如 mines=mutual；超時：on-timeout=auto-move（託管）或 skip:5（跳過，第5次判負）"
    )]
    #[max_length = 200]
    rules: Option<String>,
    #[description = "Per move: 30s, 10m, 1h, 1d, none; a clock: 10m+30s (10 min each + 30 s a move)"]
    #[name_localized("zh-CN", "时限")]
    #[name_localized("zh-TW", "時限")]
    #[description_localized("zh-CN", "每步时限：30s、10m、1h、1d、none；局时：10m+30s（每方10分钟，每步加30秒）")]
    #[description_localized("zh-TW", "每步時限：30s、10m、1h、1d、none；局時：10m+30s（每方10分鐘，每步加30秒）")]
    #[max_length = 16]
    time: Option<String>,
    #[description = "Your seat in a game of more than two: S, E, N or W; 跳棋 s, ne, n… (default: the first)"]
    #[name_localized("zh-CN", "座位")]
    #[name_localized("zh-TW", "座位")]
    #[description_localized("zh-CN", "多人棋的座位：南、东、北、西；跳棋 s、ne、n 等（默认第一个）")]
    #[description_localized("zh-TW", "多人棋的座位：南、東、北、西；跳棋 s、ne、n 等（預設第一個）")]
    #[max_length = 16]
    seat: Option<String>,
    #[description = "Number of players, for games played by several counts (跳棋: 2, 3, 4 or 6)"]
    #[name_localized("zh-CN", "人数")]
    #[name_localized("zh-TW", "人數")]
    #[description_localized("zh-CN", "人数（可多人对弈的棋种，如跳棋：2、3、4 或 6）")]
    #[description_localized("zh-TW", "人數（可多人對弈的棋種，如跳棋：2、3、4 或 6）")]
    #[min = 2]
    #[max = 6]
    players: Option<u8>,
    #[description = "Play the computer at this level (or pick the bot itself as opponent)"]
    #[name_localized("zh-CN", "机器人")]
    #[name_localized("zh-TW", "機器人")]
    #[description_localized("zh-CN", "与电脑对弈（选级别，或把本机器人选为对手）")]
    #[description_localized("zh-TW", "與電腦對弈（選級別，或把本機器人選為對手）")]
    bot: Option<BotChoice>,
) -> Result<(), BotError> {
    // A Discord bot account as opponent (this bot is the one offered) means the computer player.
    let bot = match (&opponent, bot) {
        (_, Some(b)) => Some(b),
        (Some(u), None) if u.bot => Some(BotChoice::Greedy),
        _ => None,
    };
    let opponent = opponent.filter(|_| bot.is_none());
    let opponent = opponent.map(|u| (u.id.get(), u.global_name.clone().unwrap_or(u.name.clone())));
    // The referee reads the number of players among the rule words too (`players=3`).
    let rules = match (rules, players) {
        (rules, None) => rules,
        (None, Some(n)) => Some(format!("players={n}")),
        (Some(r), Some(n)) => Some(format!("players={n} {r}")),
    };
    // The referee reads the challenger's seat among the rule words (`seat=e`).
    let rules = match (rules, seat) {
        (rules, None) => rules,
        (None, Some(s)) => Some(format!("seat={}", s.trim())),
        (Some(r), Some(s)) => Some(format!("{r} seat={}", s.trim())),
    };
    let mode = mode.map(|m| m.trim().to_string()).filter(|m| !m.is_empty());
    let bot = bot.map(|b| b.level().to_string());
    go(ctx, Request::Challenge { opponent, variant: kind_or_first(variant), mode, rules, time, bot }).await
}

/// Your deployment panel (if DMs are closed)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "布阵"),
    name_localized("zh-TW", "佈陣"),
    description_localized("zh-CN", "打开布阵面板（私信关闭时使用）"),
    description_localized("zh-TW", "打開佈陣面板（私訊關閉時使用）")
)]
pub async fn deploy(
    ctx: Ctx<'_>,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    go(ctx, Request::Deploy { game, action: DeployAction::Show }).await
}

fn arg_str<'a>(ctx: Ctx<'a>, name: &str) -> Option<String> {
    let poise::Context::Application(a) = ctx else { return None };
    a.args.iter().find(|o| o.name == name).and_then(|o| match &o.value {
        serenity::ResolvedValue::String(s) => Some(s.to_string()),
        serenity::ResolvedValue::Autocomplete { value, .. } => Some(value.to_string()),
        _ => None,
    })
}

fn arg_int(ctx: Ctx<'_>, name: &str) -> Option<u64> {
    let poise::Context::Application(a) = ctx else { return None };
    a.args.iter().find(|o| o.name == name).and_then(|o| match &o.value {
        serenity::ResolvedValue::Integer(i) => u64::try_from(*i).ok(),
        _ => None,
    })
}

fn choices(list: Vec<(String, String)>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new()
        .set_choices(list.into_iter().take(25).map(|(l, v)| serenity::AutocompleteChoice::new(l, v)).collect())
}

async fn complete_from(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = game_here(ctx, arg_int(ctx, "game")).await;
    let q = Complete::From { game, prefix: partial.trim().to_ascii_lowercase() };
    choices(ctx.data().service.complete(&actor(ctx), q).await)
}

async fn complete_to(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = game_here(ctx, arg_int(ctx, "game")).await;
    let from = arg_str(ctx, "from").unwrap_or_default().trim().to_ascii_lowercase();
    let q = Complete::To { game, from, prefix: partial.trim().to_ascii_lowercase() };
    choices(ctx.data().service.complete(&actor(ctx), q).await)
}

fn lang(ctx: Ctx<'_>) -> crate::rules::contract::Lang {
    lang_of(locale_of(ctx.locale().unwrap_or(""), ctx.data().config.locale))
}

/// The catalogued kinds, by what is typed.
pub(super) async fn complete_variant(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(super::kind_choices(partial, lang(ctx), None))
}

/// The catalogued kinds played by two (tournaments pair two players a board).
pub(super) async fn complete_two_seat_variant(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(super::kind_choices(partial, lang(ctx), Some(2)))
}

/// The modes of the kind chosen in the same command (the first kind's when none is).
pub(super) async fn complete_mode(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    choices(super::mode_choices(arg_str(ctx, "variant").as_deref(), partial, lang(ctx)))
}

async fn complete_action(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = game_here(ctx, arg_int(ctx, "game")).await;
    let q = Complete::Action { game, prefix: partial.trim().to_string() };
    choices(ctx.data().service.complete(&actor(ctx), q).await)
}

/// Play an action of any game, as its text (c6-c7, +c6, or a jump path); auto on|off: 托管
#[poise::command(
    slash_command,
    name_localized("zh-CN", "行棋"),
    name_localized("zh-TW", "行棋"),
    description_localized("zh-CN", "按文字走一步（如 c6-c7、+c6，或跳吃路径）；auto on/off：托管给机器人/收回"),
    description_localized("zh-TW", "按文字走一步（如 c6-c7、+c6，或跳吃路徑）；auto on/off：託管給機器人/收回")
)]
pub async fn play(
    ctx: Ctx<'_>,
    #[description = "The action, as the game writes it (the list offers your legal ones)"]
    #[name_localized("zh-CN", "着法")]
    #[name_localized("zh-TW", "著法")]
    #[description_localized("zh-CN", "着法（列表给出你可走的着法）")]
    #[description_localized("zh-TW", "著法（列表給出你可走的著法）")]
    #[autocomplete = "complete_action"]
    #[max_length = 100]
    action: String,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    go(ctx, Request::Play { game, action }).await
}

/// Move a piece
#[poise::command(
    slash_command,
    rename = "move",
    name_localized("zh-CN", "走棋"),
    name_localized("zh-TW", "走棋"),
    description_localized("zh-CN", "走一步棋"),
    description_localized("zh-TW", "走一步棋")
)]
pub async fn move_(
    ctx: Ctx<'_>,
    #[description = "From (a point such as c6)"]
    #[name_localized("zh-CN", "起点")]
    #[name_localized("zh-TW", "起點")]
    #[description_localized("zh-CN", "起点（如 c6）")]
    #[description_localized("zh-TW", "起點（如 c6）")]
    #[autocomplete = "complete_from"]
    #[max_length = 8]
    from: String,
    #[description = "To (a point such as c7)"]
    #[name_localized("zh-CN", "终点")]
    #[name_localized("zh-TW", "終點")]
    #[description_localized("zh-CN", "终点（如 c7）")]
    #[description_localized("zh-TW", "終點（如 c7）")]
    #[autocomplete = "complete_to"]
    #[max_length = 8]
    to: String,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    let (from, to) = (from.trim().to_ascii_lowercase(), to.trim().to_ascii_lowercase());
    go(ctx, Request::Move { game, from, to }).await
}

macro_rules! game_command {
    ($fn:ident, $req:ident, $en:literal, $zh_name:literal, $tw_name:literal, $zh:literal, $tw:literal) => {
        #[doc = $en]
        #[poise::command(
            slash_command,
            name_localized("zh-CN", $zh_name),
            name_localized("zh-TW", $tw_name),
            description_localized("zh-CN", $zh),
            description_localized("zh-TW", $tw)
        )]
        pub async fn $fn(
            ctx: Ctx<'_>,
            #[description = "Game id (default: this thread's game)"]
            #[name_localized("zh-CN", "对局")]
            #[name_localized("zh-TW", "對局")]
            #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
            #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
            game: Option<u64>,
        ) -> Result<(), BotError> {
            let game = game_here(ctx, game).await;
            go(ctx, Request::$req { game }).await
        }
    };
}

game_command!(
    board,
    Board,
    "Your private board (only you see it)",
    "棋盘",
    "棋盤",
    "查看自己的棋盘（仅自己可见）",
    "查看自己的棋盤（僅自己可見）"
);
/// Resign the game (asks first)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "认输"),
    name_localized("zh-TW", "認輸"),
    description_localized("zh-CN", "认输（会先确认）"),
    description_localized("zh-TW", "認輸（會先確認）")
)]
pub async fn resign(
    ctx: Ctx<'_>,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    // Without a game to name, the referee says why (not in a game's thread, not a player…).
    let Some(game) = game_here(ctx, game).await else { return go(ctx, Request::Resign { game: None }).await };
    // A resignation cannot be taken back: the command only asks, privately; the button resigns.
    let locale = actor(ctx).locale;
    let ask = say(locale, Say::ResignAsk).replace("{game}", &game.to_string());
    let button = serenity::CreateButton::new(ComponentId::Resign(game).encode())
        .label(say(locale, Say::ResignButton))
        .style(serenity::ButtonStyle::Danger);
    let reply = poise::CreateReply::default()
        .content(ask)
        .components(vec![serenity::CreateActionRow::Buttons(vec![button])])
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}
game_command!(abort, Abort, "Abort before the first move", "取消", "取消", "开局前取消对局", "開局前取消對局");
game_command!(
    rematch,
    Rematch,
    "Rematch with colours swapped",
    "再来一局",
    "再來一局",
    "交换颜色再来一局",
    "交換顏色再來一局"
);

macro_rules! id_command {
    ($fn:ident, $req:ident, $en:literal, $zh_name:literal, $tw_name:literal, $zh:literal, $tw:literal) => {
        #[doc = $en]
        #[poise::command(
            slash_command,
            name_localized("zh-CN", $zh_name),
            name_localized("zh-TW", $tw_name),
            description_localized("zh-CN", $zh),
            description_localized("zh-TW", $tw)
        )]
        pub async fn $fn(
            ctx: Ctx<'_>,
            #[description = "Game id"]
            #[name_localized("zh-CN", "编号")]
            #[name_localized("zh-TW", "編號")]
            #[description_localized("zh-CN", "对局编号")]
            #[description_localized("zh-TW", "對局編號")]
            id: u64,
        ) -> Result<(), BotError> {
            go(ctx, Request::$req { game: id }).await
        }
    };
}

/// The step-through review (复盘): the board after a ply, as you may see it, with ⏮ ◀ ▶ ⏭.
#[poise::command(
    slash_command,
    name_localized("zh-CN", "复盘"),
    name_localized("zh-TW", "復盤"),
    description_localized("zh-CN", "复盘：逐步查看一局（对局中看公开或自己的棋盘，结束后全部明示）"),
    description_localized("zh-TW", "復盤：逐步查看一局（對局中看公開或自己的棋盤，結束後全部明示）")
)]
pub async fn review(
    ctx: Ctx<'_>,
    #[description = "Game id"]
    #[name_localized("zh-CN", "编号")]
    #[name_localized("zh-TW", "編號")]
    #[description_localized("zh-CN", "对局编号")]
    #[description_localized("zh-TW", "對局編號")]
    id: u64,
    #[description = "Jump to this ply (default: the last)"]
    #[name_localized("zh-CN", "步数")]
    #[name_localized("zh-TW", "步數")]
    #[description_localized("zh-CN", "跳到第几步（默认最后一步）")]
    #[description_localized("zh-TW", "跳到第幾步（預設最後一步）")]
    ply: Option<u32>,
) -> Result<(), BotError> {
    go(ctx, Request::Review { game: id, ply }).await
}

id_command!(show, Show, "Post a game's public board", "查看", "查看", "公开显示一局的棋盘", "公開顯示一局的棋盤");
id_command!(export, Export, "The game record (.jqr)", "导出", "匯出", "导出棋谱（.jqr）", "匯出棋譜（.jqr）");
id_command!(
    replay,
    Replay,
    "Replay a finished game (GIF)",
    "回放",
    "回放",
    "回放已结束的对局（GIF）",
    "回放已結束的對局（GIF）"
);

/// Mark your guess on an enemy piece (only you see it)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "标记"),
    name_localized("zh-TW", "標記"),
    description_localized("zh-CN", "在敌方棋子上标记猜测（仅自己可见）"),
    description_localized("zh-TW", "在敵方棋子上標記猜測（僅自己可見）")
)]
pub async fn mark(
    ctx: Ctx<'_>,
    #[description = "The point, e.g. c7"]
    #[name_localized("zh-CN", "位置")]
    #[name_localized("zh-TW", "位置")]
    #[description_localized("zh-CN", "位置，如 c7")]
    #[description_localized("zh-TW", "位置，如 c7")]
    #[max_length = 8]
    point: String,
    #[description = "Your guess, e.g. 司令, 炸弹, marshal (empty clears the mark)"]
    #[name_localized("zh-CN", "棋子")]
    #[name_localized("zh-TW", "棋子")]
    #[description_localized("zh-CN", "猜测的棋子，如 司令、炸弹（留空则清除标记）")]
    #[description_localized("zh-TW", "猜測的棋子，如 司令、炸彈（留空則清除標記）")]
    #[max_length = 16]
    piece: Option<String>,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    let piece = piece.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
    go(ctx, Request::Mark { game, point: point.trim().to_ascii_lowercase(), piece }).await
}

/// Offer, accept or decline a draw
#[poise::command(
    slash_command,
    name_localized("zh-CN", "和棋"),
    name_localized("zh-TW", "和棋"),
    description_localized("zh-CN", "提和、同意或拒绝和棋"),
    description_localized("zh-TW", "提和、同意或拒絕和棋")
)]
pub async fn draw(
    ctx: Ctx<'_>,
    #[description = "Offer, accept or decline"]
    #[name_localized("zh-CN", "操作")]
    #[name_localized("zh-TW", "操作")]
    #[description_localized("zh-CN", "提和、同意或拒绝")]
    #[description_localized("zh-TW", "提和、同意或拒絕")]
    action: DrawChoice,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    let action = match action {
        DrawChoice::Offer => DrawAction::Offer,
        DrawChoice::Accept => DrawAction::Accept,
        DrawChoice::Decline => DrawAction::Decline,
    };
    go(ctx, Request::Draw { game, action }).await
}

/// Take back your last move, if it revealed nothing (the opponent must agree)
#[poise::command(
    slash_command,
    name_localized("zh-CN", "悔棋"),
    name_localized("zh-TW", "悔棋"),
    description_localized("zh-CN", "请求悔回自己的上一步（未碰子时），或同意、拒绝对方的请求"),
    description_localized("zh-TW", "請求悔回自己的上一步（未碰子時），或同意、拒絕對方的請求")
)]
pub async fn takeback(
    ctx: Ctx<'_>,
    #[description = "Ask (offer), accept or decline"]
    #[name_localized("zh-CN", "操作")]
    #[name_localized("zh-TW", "操作")]
    #[description_localized("zh-CN", "请求、同意或拒绝")]
    #[description_localized("zh-TW", "請求、同意或拒絕")]
    action: TakebackChoice,
    #[description = "Game id (default: this thread's game)"]
    #[name_localized("zh-CN", "对局")]
    #[name_localized("zh-TW", "對局")]
    #[description_localized("zh-CN", "对局编号（默认本帖的对局）")]
    #[description_localized("zh-TW", "對局編號（預設本串的對局）")]
    game: Option<u64>,
) -> Result<(), BotError> {
    let game = game_here(ctx, game).await;
    let action = match action {
        TakebackChoice::Offer => DrawAction::Offer,
        TakebackChoice::Accept => DrawAction::Accept,
        TakebackChoice::Decline => DrawAction::Decline,
    };
    go(ctx, Request::Takeback { game, action }).await
}

/// This server's active games
#[poise::command(
    slash_command,
    name_localized("zh-CN", "对局列表"),
    name_localized("zh-TW", "對局列表"),
    description_localized("zh-CN", "本服务器进行中的对局"),
    description_localized("zh-TW", "本伺服器進行中的對局")
)]
pub async fn games(
    ctx: Ctx<'_>,
    #[description = "Only mine"]
    #[name_localized("zh-CN", "只看我的")]
    #[name_localized("zh-TW", "只看我的")]
    #[description_localized("zh-CN", "只列出我的对局")]
    #[description_localized("zh-TW", "只列出我的對局")]
    mine: Option<bool>,
) -> Result<(), BotError> {
    go(ctx, Request::Games { mine: mine.unwrap_or(false) }).await
}

/// Your saved layouts: list, save, load, delete
#[poise::command(
    slash_command,
    name_localized("zh-CN", "布阵库"),
    name_localized("zh-TW", "佈陣庫"),
    description_localized("zh-CN", "已存布阵：列表、保存、查看、删除"),
    description_localized("zh-TW", "已存佈陣：列表、保存、查看、刪除")
)]
pub async fn layouts(
    ctx: Ctx<'_>,
    #[description = "What to do"]
    #[name_localized("zh-CN", "操作")]
    #[name_localized("zh-TW", "操作")]
    #[description_localized("zh-CN", "要做什么")]
    #[description_localized("zh-TW", "要做什麼")]
    action: LayoutChoice,
    #[description = "Layout name"]
    #[name_localized("zh-CN", "名称")]
    #[name_localized("zh-TW", "名稱")]
    #[description_localized("zh-CN", "布阵名称")]
    #[description_localized("zh-TW", "佈陣名稱")]
    #[max_length = 32] // as the referee takes layout names
    name: Option<String>,
    #[description = "The layout (for save): 25 piece codes, front row first"]
    #[name_localized("zh-CN", "布阵")]
    #[name_localized("zh-TW", "佈陣")]
    #[description_localized("zh-CN", "布阵（保存时）：25 个棋子，前排在先")]
    #[description_localized("zh-TW", "佈陣（保存時）：25 個棋子，前排在先")]
    #[max_length = 200]
    layout: Option<String>,
) -> Result<(), BotError> {
    let locale = actor(ctx).locale;
    match layout_request(action, name, layout, locale) {
        Ok(a) => go(ctx, Request::Layouts(a)).await,
        Err(e) => {
            ctx.send(poise::CreateReply::default().content(e.user_text(locale)).ephemeral(true)).await?;
            Ok(())
        }
    }
}

/// Take a vacation (pauses your clocks); 0 ends it
#[poise::command(
    slash_command,
    name_localized("zh-CN", "休假"),
    name_localized("zh-TW", "休假"),
    description_localized("zh-CN", "休假（暂停你的计时）；0 表示结束休假"),
    description_localized("zh-TW", "休假（暫停你的計時）；0 表示結束休假")
)]
pub async fn vacation(
    ctx: Ctx<'_>,
    #[description = "Days (0 ends the vacation)"]
    #[name_localized("zh-CN", "天数")]
    #[name_localized("zh-TW", "天數")]
    #[description_localized("zh-CN", "天数（0 结束休假）")]
    #[description_localized("zh-TW", "天數（0 結束休假）")]
    #[max = 31]
    days: u32,
) -> Result<(), BotError> {
    go(ctx, Request::Vacation { days }).await
}

/// Server settings (needs Manage Server)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("zh-CN", "设置"),
    name_localized("zh-TW", "設定"),
    description_localized("zh-CN", "服务器设置（需要“管理服务器”权限）"),
    description_localized("zh-TW", "伺服器設定（需要「管理伺服器」權限）")
)]
pub async fn settings(
    ctx: Ctx<'_>,
    #[description = "Channel for notable results"]
    #[name_localized("zh-CN", "公告频道")]
    #[name_localized("zh-TW", "公告頻道")]
    #[description_localized("zh-CN", "发布重要战果的频道")]
    #[description_localized("zh-TW", "發佈重要戰果的頻道")]
    #[channel_types("Text", "News")] // Discord offers only channels the bot can post messages in
    announcements: Option<serenity::ChannelId>,
    #[description = "Default time per move: 30s, 10m, 1h, 1d, 3d or none"]
    #[name_localized("zh-CN", "默认时限")]
    #[name_localized("zh-TW", "預設時限")]
    #[description_localized("zh-CN", "默认每步时限")]
    #[description_localized("zh-TW", "預設每步時限")]
    #[max_length = 16]
    time: Option<String>,
    #[description = "One thread per game"]
    #[name_localized("zh-CN", "每局开帖")]
    #[name_localized("zh-TW", "每局開串")]
    #[description_localized("zh-CN", "每局对局开一个子区")]
    #[description_localized("zh-TW", "每局對局開一個討論串")]
    thread_per_game: Option<bool>,
    #[description = "Default language"]
    #[name_localized("zh-CN", "语言")]
    #[name_localized("zh-TW", "語言")]
    #[description_localized("zh-CN", "默认语言")]
    #[description_localized("zh-TW", "預設語言")]
    language: Option<LangChoice>,
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
    let language = language.map(|l| match l {
        LangChoice::ZhHans => Locale::ZhHans,
        LangChoice::ZhHant => Locale::ZhHant,
        LangChoice::En => Locale::En,
    });
    go(ctx, Request::Settings { announcements: announcements.map(|c| c.get()), time, thread_per_game, language }).await
}
