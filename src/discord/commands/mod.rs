//! The `/junqi` slash commands with 简体/繁體中文 names and descriptions. Each one defers at once
//! (Discord allows 3 seconds), turns its options into a [`Request`] and hands it to the referee.
//! The game commands are in `game.rs`, the tournament and rating commands in [`tournament`].

use super::config::Locale;
use super::context::{Ctx, Executor, Replier, locale_of, perform, report};
use super::error::BotError;
use super::port::{Actor, LayoutAction, Request};

mod game;
pub mod tournament;

/// Visibility modes.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModeChoice {
    /// 暗棋: only the owner sees a piece.
    #[name = "dark"]
    #[name_localized("zh-CN", "暗棋")]
    #[name_localized("zh-TW", "暗棋")]
    Dark,
    /// 密布明战: combats name both pieces.
    #[name = "reveal"]
    #[name_localized("zh-CN", "明战")]
    #[name_localized("zh-TW", "明戰")]
    Reveal,
    /// 明棋: everything visible.
    #[name = "open"]
    #[name_localized("zh-CN", "明棋")]
    #[name_localized("zh-TW", "明棋")]
    Open,
    /// 双明 (4-player board): partners see each other's pieces.
    #[name = "partners"]
    #[name_localized("zh-CN", "双明")]
    #[name_localized("zh-TW", "雙明")]
    Partners,
}

impl ModeChoice {
    /// The referee's name for it.
    pub fn as_str(self) -> &'static str {
        match self {
            ModeChoice::Dark => "dark",
            ModeChoice::Reveal => "reveal",
            ModeChoice::Open => "open",
            ModeChoice::Partners => "partners",
        }
    }
}

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
    ZhCn,
    /// 繁體中文.
    #[name = "繁體中文"]
    ZhTw,
    /// English.
    #[name = "English"]
    En,
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
        "game::abort",
        "game::rematch",
        "game::games",
        "game::show",
        "game::export",
        "game::replay",
        "game::layouts",
        "game::vacation",
        "game::settings",
        "tournament::rating",
        "tournament::leaderboard",
        "tournament::stats",
        "tournament::early_resign",
        "tournament::tournament"
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
                "abort",
                "rematch",
                "games",
                "show",
                "export",
                "replay",
                "layouts",
                "vacation",
                "settings",
                "rating",
                "leaderboard",
                "stats",
                "early-resign",
                "tournament"
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
    fn layout_options_are_checked() {
        assert_eq!(layout_request(LayoutChoice::List, None, None, Locale::En).unwrap(), LayoutAction::List);
        assert_eq!(
            layout_request(LayoutChoice::Save, Some(" a ".into()), Some("x".into()), Locale::En).unwrap(),
            LayoutAction::Save { name: "a".into(), layout: "x".into() }
        );
        let e = layout_request(LayoutChoice::Save, Some("a".into()), None, Locale::En).unwrap_err();
        assert_eq!(e.user_text(Locale::En), "Please give the layout.");
        let e = layout_request(LayoutChoice::Delete, Some("  ".into()), None, Locale::ZhCn).unwrap_err();
        assert!(e.user_text(Locale::ZhCn).contains("名称"));
    }
}
