//! The `/junqi` slash commands with 简体/繁體中文 names and descriptions. Each one defers at once
//! (Discord allows 3 seconds), turns its options into a [`Request`] and hands it to the referee.
//! The game commands are in `game.rs`, the tournament and rating commands in [`tournament`].

use super::config::Locale;
use super::context::{Ctx, Executor, Replier, locale_of, perform, report};
use super::error::BotError;
use super::port::{Actor, LayoutAction, Request};
use crate::rules::contract::{Lang, catalog};

mod game;
mod help;
pub mod tournament;

/// Draw actions.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawChoice {
    /// Offer.
    #[name = "offer"]
    #[name_localized("zh-CN", "提和")]
    #[name_localized("zh-TW", "提和")]
    Offer,
    /// Accept.
    #[name = "accept"]
    #[name_localized("zh-CN", "同意")]
    #[name_localized("zh-TW", "同意")]
    Accept,
    /// Decline.
    #[name = "decline"]
    #[name_localized("zh-CN", "拒绝")]
    #[name_localized("zh-TW", "拒絕")]
    Decline,
}

/// The bot's levels, for a game against it (`/junqi challenge bot:greedy`).
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum BotChoice {
    /// A legal move at random.
    #[name = "random"]
    #[name_localized("zh-CN", "随机")]
    #[name_localized("zh-TW", "隨機")]
    Random,
    /// One ply deep with what it believes of the hidden pieces.
    #[name = "greedy"]
    #[name_localized("zh-CN", "贪心")]
    #[name_localized("zh-TW", "貪心")]
    Greedy,
    /// Searches sampled positions.
    #[name = "search"]
    #[name_localized("zh-CN", "搜索")]
    #[name_localized("zh-TW", "搜索")]
    Search,
}

impl BotChoice {
    /// The level's name as the referee reads it.
    pub fn level(self) -> &'static str {
        match self {
            BotChoice::Random => "random",
            BotChoice::Greedy => "greedy",
            BotChoice::Search => "search",
        }
    }
}

/// Takeback (悔棋) actions.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum TakebackChoice {
    /// Ask to take back one's last move.
    #[name = "offer"]
    #[name_localized("zh-CN", "请求")]
    #[name_localized("zh-TW", "請求")]
    Offer,
    /// Accept.
    #[name = "accept"]
    #[name_localized("zh-CN", "同意")]
    #[name_localized("zh-TW", "同意")]
    Accept,
    /// Decline.
    #[name = "decline"]
    #[name_localized("zh-CN", "拒绝")]
    #[name_localized("zh-TW", "拒絕")]
    Decline,
}

/// Saved-layout actions.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayoutChoice {
    /// List.
    #[name = "list"]
    #[name_localized("zh-CN", "列表")]
    #[name_localized("zh-TW", "列表")]
    List,
    /// Save.
    #[name = "save"]
    #[name_localized("zh-CN", "保存")]
    #[name_localized("zh-TW", "保存")]
    Save,
    /// Load (show).
    #[name = "load"]
    #[name_localized("zh-CN", "查看")]
    #[name_localized("zh-TW", "查看")]
    Load,
    /// Delete.
    #[name = "delete"]
    #[name_localized("zh-CN", "删除")]
    #[name_localized("zh-TW", "刪除")]
    Delete,
}

/// Languages.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum LangChoice {
    /// 简体中文.
    #[name = "简体中文"]
    ZhHans,
    /// 繁體中文.
    #[name = "繁體中文"]
    ZhHant,
    /// English.
    #[name = "English"]
    En,
}

/// The catalogue's words for a user of `locale`.
fn lang_of(locale: Locale) -> Lang {
    match locale {
        Locale::En => Lang::En,
        Locale::ZhHans => Lang::ZhHans,
        Locale::ZhHant => Lang::ZhHant,
    }
}

/// The game kind a command means: the one typed, else the first the catalogue lists.
fn kind_or_first(variant: Option<String>) -> Option<String> {
    Some(variant.filter(|v| !v.trim().is_empty()).unwrap_or_else(|| catalog::first().name().to_string()))
}

/// The mode a command means: the one typed, else the first of the kind named (when it is known).
fn mode_or_first(variant: Option<&str>, mode: Option<String>) -> Option<String> {
    let typed = mode.map(|m| m.trim().to_string()).filter(|m| !m.is_empty());
    typed.or_else(|| Some(catalog::find(variant?)?.kind.modes.first()?.key.to_string()))
}

/// The catalogued kinds as choices (`军棋 · junqi`, its name the value) whose name, alias or title
/// starts with what is typed; with `seats`, only kinds played by that many.
fn kind_choices(partial: &str, lang: Lang, seats: Option<u8>) -> Vec<(String, String)> {
    let typed = partial.trim().to_lowercase();
    catalog::all()
        .into_iter()
        .filter(|d| seats.is_none_or(|n| d.kind.seating.counts.contains(&n)))
        .filter(|d| {
            let k = d.kind;
            let words = [k.name, k.title.get(lang), k.title.en].into_iter().chain(k.aliases.iter().copied());
            words.map(str::to_lowercase).any(|w| w.starts_with(&typed))
        })
        .map(|d| (format!("{} · {}", d.kind.title.get(lang), d.name()), d.name().to_string()))
        .collect()
}

/// The modes of the kind named `variant` (the first kind's when none is, every kind's when the
/// name is unknown) as choices (`暗棋 · 暗棋（…）`, the key the value), those whose key or name
/// starts with what is typed, each mode once.
fn mode_choices(variant: Option<&str>, partial: &str, lang: Lang) -> Vec<(String, String)> {
    let kinds = match variant.map(str::trim).filter(|v| !v.is_empty()) {
        None => vec![catalog::first()],
        Some(v) => catalog::find(v).map_or_else(catalog::all, |d| vec![d]),
    };
    let typed = partial.trim().to_lowercase();
    let mut seen = Vec::new();
    kinds
        .into_iter()
        .flat_map(|d| d.kind.modes.iter())
        .filter(|m| {
            [m.key, m.name.get(lang), m.name.en].iter().any(|w| w.to_lowercase().starts_with(&typed))
                && !seen.contains(&m.key)
                && {
                    seen.push(m.key);
                    true
                }
        })
        .map(|m| {
            let label = format!("{} · {}", m.name.get(lang), m.about.get(lang));
            (label.chars().take(100).collect(), m.key.to_string())
        })
        .collect()
}

/// Builds a layout request from the `/junqi layouts` options; a missing name or layout is a user
/// error naming what is missing.
pub fn layout_request(
    action: LayoutChoice,
    name: Option<String>,
    layout: Option<String>,
    locale: Locale,
) -> Result<LayoutAction, BotError> {
    let need = |what_zh: &str, what_en: &str| {
        BotError::User(match locale {
            Locale::En => format!("Please give the {what_en}."),
            _ => format!("请填写{what_zh}。"),
        })
    };
    let name = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    Ok(match action {
        LayoutChoice::List => LayoutAction::List,
        LayoutChoice::Save => LayoutAction::Save {
            name: name.ok_or_else(|| need("名称 (name)", "name"))?,
            layout: layout.filter(|l| !l.trim().is_empty()).ok_or_else(|| need("布阵 (layout)", "layout"))?,
        },
        LayoutChoice::Load => LayoutAction::Load(name.ok_or_else(|| need("名称 (name)", "name"))?),
        LayoutChoice::Delete => LayoutAction::Delete(name.ok_or_else(|| need("名称 (name)", "name"))?),
    })
}

fn actor(ctx: Ctx<'_>) -> Actor {
    let user = ctx.author();
    let request = match ctx {
        poise::Context::Application(a) => a.interaction.id.get(),
        poise::Context::Prefix(p) => p.msg.id.get(),
    };
    Actor {
        user: user.id.get(),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        locale: locale_of(ctx.locale().unwrap_or(""), ctx.data().config.locale),
        guild: ctx.guild_id().map(|g| g.get()),
        request,
    }
}

/// The game a command means: the one named, else the one of this thread.
async fn game_here(ctx: Ctx<'_>, game: Option<u64>) -> Option<u64> {
    match game {
        Some(g) => Some(g),
        None => ctx.data().channel_game(ctx.channel_id()).await,
    }
}

/// Defers, runs the request, answers. User errors and faults are answered here (ephemeral).
async fn go(ctx: Ctx<'_>, request: Request) -> Result<(), BotError> {
    let poise::Context::Application(a) = ctx else { return Ok(()) };
    ctx.defer_ephemeral().await?;
    let actor = actor(ctx);
    let http = &ctx.serenity_context().http;
    let mut exec = Executor::new(http, ctx.data(), Replier::Command(a.interaction), ctx.channel_id(), ctx.guild_id());
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

/// 军棋 (Junqi): challenge, deploy, move…
#[poise::command(
    slash_command,
    // Games live in a server's channels: not offered in DMs with the bot, nor (if user install
    // were switched on) in servers the bot is not in.
    install_context = "Guild",
    interaction_context = "Guild",
    name_localized("zh-CN", "军棋"),
    name_localized("zh-TW", "軍棋"),
    description_localized("zh-CN", "军棋裁判：挑战、布阵、走棋……"),
    description_localized("zh-TW", "軍棋裁判：挑戰、佈陣、走棋……"),
    subcommands(
        "game::challenge",
        "game::deploy",
        "game::move_",
        "game::play",
        "game::board",
        "game::mark",
        "game::resign",
        "game::draw",
        "game::takeback",
        "game::abort",
        "game::rematch",
        "game::games",
        "game::show",
        "game::export",
        "game::replay",
        "game::review",
        "game::layouts",
        "game::vacation",
        "game::settings",
        "tournament::rating",
        "tournament::leaderboard",
        "tournament::stats",
        "tournament::early_resign",
        "tournament::tournament",
        // Issue 21 item 6: the commands, a game's rules, its board's legend.
        "help::help"
    ),
    subcommand_required
)]
pub async fn junqi(_ctx: Ctx<'_>) -> Result<(), BotError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc<'a>(
        list: &'a [(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)],
        key: &str,
    ) -> Option<&'a str> {
        list.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_ref())
    }

    #[test]
    fn the_command_tree_is_complete_and_localised() {
        let cmd = junqi();
        assert_eq!(cmd.name, "junqi");
        assert_eq!(loc(&cmd.name_localizations, "zh-CN"), Some("军棋"));
        assert_eq!(loc(&cmd.name_localizations, "zh-TW"), Some("軍棋"));
        let names: Vec<&str> = cmd.subcommands.iter().map(|c| c.name.as_ref()).collect();
        assert_eq!(
            names,
            [
                "challenge",
                "deploy",
                "move",
                "play",
                "board",
                "mark",
                "resign",
                "draw",
                "takeback",
                "abort",
                "rematch",
                "games",
                "show",
                "export",
                "replay",
                "review",
                "layouts",
                "vacation",
                "settings",
                "rating",
                "leaderboard",
                "stats",
                "early-resign",
                "tournament",
                "help"
            ]
        );
        for sub in &cmd.subcommands {
            for l in ["zh-CN", "zh-TW"] {
                assert!(loc(&sub.name_localizations, l).is_some(), "{} lacks a {l} name", sub.name);
                assert!(loc(&sub.description_localizations, l).is_some(), "{} lacks a {l} description", sub.name);
                for p in &sub.parameters {
                    assert!(loc(&p.name_localizations, l).is_some(), "{}.{} lacks a {l} name", sub.name, p.name);
                }
            }
            assert!(sub.description.as_deref().is_some_and(|d| !d.is_empty() && d.len() <= 100), "{}", sub.name);
        }
        // Discord: names are 1–32 characters, lower case.
        for sub in &cmd.subcommands {
            let names =
                std::iter::once(sub.name.as_ref()).chain(sub.name_localizations.iter().map(|(_, v)| v.as_ref()));
            for n in names {
                assert!((1..=32).contains(&n.chars().count()) && n.to_lowercase() == n, "{n}");
            }
        }
        let mv = cmd.subcommands.iter().find(|c| c.name == "move").unwrap();
        assert!(mv.parameters.iter().filter(|p| p.autocomplete_callback.is_some()).count() == 2);
    }

    #[test]
    fn kinds_and_modes_are_offered_from_the_catalogue() {
        let first = catalog::first();
        assert_eq!(kind_or_first(None).as_deref(), Some(first.name()));
        assert_eq!(kind_or_first(Some(" ".into())).as_deref(), Some(first.name()));
        assert_eq!(kind_or_first(Some("x".into())).as_deref(), Some("x"));
        for def in catalog::all() {
            assert_eq!(mode_or_first(Some(def.name()), None).as_deref(), Some(def.kind.modes[0].key));
            assert_eq!(mode_or_first(Some(def.name()), Some(" open ".into())).as_deref(), Some("open"));
        }
        assert_eq!(mode_or_first(Some("no such game"), None), None);
        let all = kind_choices("", Lang::ZhHans, None);
        assert_eq!(all.len(), catalog::all().len());
        assert_eq!(all[0], (format!("{} · {}", first.kind.title.zh_hans, first.name()), first.name().to_string()));
        // Typed words narrow the list: a name, or a title in any language.
        let title = first.kind.title.en;
        assert!(kind_choices(&title[..2], Lang::En, None).iter().any(|(_, v)| v == first.name()));
        assert!(kind_choices("zzz", Lang::En, None).is_empty());
        // Tournaments offer the kinds played by two.
        for (_, v) in kind_choices("", Lang::En, Some(2)) {
            assert!(catalog::find(&v).unwrap().kind.seating.counts.contains(&2), "{v}");
        }
        // The modes are the kind's, its first first; an unknown kind offers every kind's once.
        for def in catalog::all() {
            let modes = mode_choices(Some(def.name()), "", Lang::En);
            let keys: Vec<&str> = modes.iter().map(|(_, k)| k.as_str()).collect();
            assert_eq!(keys, def.kind.modes.iter().map(|m| m.key).collect::<Vec<_>>(), "{}", def.name());
        }
        let none = mode_choices(None, "", Lang::En);
        assert_eq!(none[0].1, first.kind.modes[0].key);
        let every = mode_choices(Some("no such game"), "", Lang::ZhHant);
        let mut keys: Vec<&str> = every.iter().map(|(_, k)| k.as_str()).collect();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "each mode once");
        assert!(every.iter().all(|(l, _)| l.chars().count() <= 100));
    }

    #[test]
    fn layout_options_are_checked() {
        assert_eq!(layout_request(LayoutChoice::List, None, None, Locale::En).unwrap(), LayoutAction::List);
        assert_eq!(
            layout_request(LayoutChoice::Save, Some(" a ".into()), Some("x".into()), Locale::En).unwrap(),
            LayoutAction::Save { name: "a".into(), layout: "x".into() }
        );
        let e = layout_request(LayoutChoice::Save, Some("a".into()), None, Locale::En).unwrap_err();
        assert_eq!(e.user_text(Locale::En), "Please give the layout.");
        let e = layout_request(LayoutChoice::Delete, Some("  ".into()), None, Locale::ZhHans).unwrap_err();
        assert!(e.user_text(Locale::ZhHans).contains("名称"));
    }
}
