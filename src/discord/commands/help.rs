//! `/junqi help`: the commands (read from the command tree itself, so every subcommand is
//! listed as registered), a game's rules (the pages of `docs/rules/`, served by
//! [`crate::help`]) and the legend of its board, privately, in the member's language. Discord
//! messages hold 2,000 characters: a longer text goes as several private follow-ups, split on
//! lines, the last naming the page's file in the repository.

use super::{Ctx, actor};
use crate::discord::config::Locale;
use crate::discord::error::BotError;
use crate::help::{legend, rules_page};
use crate::rules::contract::{GameKind, catalog};

/// What the help is about.
#[derive(poise::ChoiceParameter, Copy, Clone, Debug, PartialEq, Eq)]
pub enum HelpChoice {
    /// The commands.
    #[name = "commands"]
    #[name_localized("zh-CN", "命令")]
    #[name_localized("zh-TW", "命令")]
    Commands,
    /// A game's rules.
    #[name = "rules"]
    #[name_localized("zh-CN", "规则")]
    #[name_localized("zh-TW", "規則")]
    Rules,
    /// What the codes and badges on a board mean.
    #[name = "legend"]
    #[name_localized("zh-CN", "图例")]
    #[name_localized("zh-TW", "圖例")]
    Legend,
}

/// The most characters of one part, under Discord's 2,000 with room for the file's name.
const PART: usize = 1_900;

/// Help: the commands, a game's rules, what a board shows
#[poise::command(
    slash_command,
    name_localized("zh-CN", "帮助"),
    name_localized("zh-TW", "幫助"),
    description_localized("zh-CN", "帮助：命令、棋类规则、棋盘图例"),
    description_localized("zh-TW", "幫助：命令、棋類規則、棋盤圖例")
)]
pub async fn help(
    ctx: Ctx<'_>,
    #[description = "What about (default: the commands)"]
    #[name_localized("zh-CN", "内容")]
    #[name_localized("zh-TW", "內容")]
    #[description_localized("zh-CN", "关于什么（默认：命令）")]
    #[description_localized("zh-TW", "關於什麼（預設：命令）")]
    topic: Option<HelpChoice>,
    #[description = "The game (junqi, junqi4, junqi-flip, draughts, tiaoqi…; default: the first)"]
    #[name_localized("zh-CN", "棋类")]
    #[name_localized("zh-TW", "棋類")]
    #[description_localized("zh-CN", "棋类（junqi、junqi4、junqi-flip、draughts、tiaoqi……；默认第一种）")]
    #[description_localized("zh-TW", "棋類（junqi、junqi4、junqi-flip、draughts、tiaoqi……；預設第一種）")]
    #[max_length = 64]
    game: Option<String>,
) -> Result<(), BotError> {
    let locale = actor(ctx).locale;
    let parts = help_parts(topic.unwrap_or(HelpChoice::Commands), game.as_deref(), locale);
    for part in parts {
        ctx.send(poise::CreateReply::default().content(part).ephemeral(true)).await?;
    }
    Ok(())
}

/// The help's messages, each at most 2,000 characters.
pub fn help_parts(topic: HelpChoice, game: Option<&str>, l: Locale) -> Vec<String> {
    let kind: Result<&'static GameKind, String> = match game {
        None => Ok(catalog::first().kind),
        Some(name) => catalog::find(name).map(|d| d.kind).ok_or_else(|| {
            let names: Vec<&str> = catalog::all().iter().map(|d| d.name()).collect();
            let guess = crate::help::did_you_mean(name, &names)
                .map(|m| l.pick(format!(" Did you mean `{m}`?"), format!("是不是想输入 `{m}`？")).into_owned())
                .unwrap_or_default();
            let echo = crate::rules::echo::echo(name);
            l.pick(
                format!("No game is called `{echo}`.{guess} Games: {}.", names.join(", ")),
                format!("没有名为 `{echo}` 的棋类。{guess}棋类：{}。", names.join("、")),
            )
            .into_owned()
        }),
    };
    let kind = match (topic, kind) {
        (HelpChoice::Commands, _) => return vec![commands_text(l)],
        (_, Err(e)) => return vec![e],
        (_, Ok(kind)) => kind,
    };
    match topic {
        HelpChoice::Legend => vec![cut(&legend(kind, l))],
        _ => match rules_page(kind, l) {
            Some(page) => {
                let mut parts = page.parts(PART);
                if let Some(last) = parts.last_mut() {
                    last.push_str(&format!("\n`{}`", page.path));
                }
                parts
            }
            None => vec![
                l.pick(
                    format!("No rules page is shipped for {} yet.", kind.title.en),
                    format!("{} 的规则页尚未提供。", kind.title.zh_hans),
                )
                .into_owned(),
            ],
        },
    }
}

/// A text cut to one message (the legend of any kind fits; a future longer one is cut).
fn cut(text: &str) -> String {
    if text.chars().count() <= PART { text.to_string() } else { text.chars().take(PART).collect::<String>() + "…" }
}

/// Every `/junqi` subcommand with its description in the member's language, from the command
/// tree as registered.
fn commands_text(l: Locale) -> String {
    let tree = super::junqi();
    let key = match l {
        Locale::En => None,
        Locale::ZhHans => Some("zh-CN"),
        Locale::ZhHant => Some("zh-TW"),
    };
    let local = |list: &[(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)], or: &str| {
        key.and_then(|k| list.iter().find(|(lk, _)| lk == k).map(|(_, v)| v.to_string()))
            .unwrap_or_else(|| or.to_string())
    };
    let mut s = l
        .pick(
            "`/junqi` commands (`/junqi help topic:rules game:…` for a game's rules, `topic:legend` for its board):",
            "`/junqi` 命令（`/junqi help 内容:规则 棋类:…` 查看规则，`内容:图例` 查看棋盘图例）：",
        )
        .into_owned();
    for sub in &tree.subcommands {
        let name = local(&sub.name_localizations, &sub.name);
        let about = local(&sub.description_localizations, sub.description.as_deref().unwrap_or(""));
        s.push_str(&format!("\n`{name}` — {about}"));
    }
    cut(&l.script(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_subcommand_and_serves_rules_and_legends_within_discords_limit() {
        let text = commands_text(Locale::En);
        for sub in &super::super::junqi().subcommands {
            assert!(text.contains(&format!("`{}`", sub.name)), "{}: {text}", sub.name);
        }
        assert!(commands_text(Locale::ZhHant).contains("`幫助`"));
        for def in catalog::all() {
            for l in [Locale::En, Locale::ZhHans, Locale::ZhHant] {
                for topic in [HelpChoice::Rules, HelpChoice::Legend] {
                    let parts = help_parts(topic, Some(def.name()), l);
                    assert!(!parts.is_empty() && parts.iter().all(|p| p.chars().count() <= 2000), "{}", def.name());
                }
            }
        }
        let rules = help_parts(HelpChoice::Rules, Some("draughts10"), Locale::En);
        assert!(rules[0].starts_with("# Draughts") && rules.last().unwrap().ends_with("`docs/rules/draughts.en.md`"));
        let typo = help_parts(HelpChoice::Rules, Some("drafts"), Locale::En);
        assert!(typo[0].starts_with("No game is called `drafts`."), "{typo:?}");
    }
}
