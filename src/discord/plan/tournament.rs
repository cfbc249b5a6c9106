//! Tournament effects → Discord messages, pure like [`super::plan`](super): posts in the tournament's
//! channel (round announcements that ping the round's players, standings as an embed with the
//! standings image, board results, the final announcement), private embeds (standings,
//! leaderboard), and each round game opened like an accepted challenge: an opening message in the
//! tournament's channel, the game's thread on it, both players pinged there.

use poise::serenity_prelude as serenity;

use super::{Action, Outgoing, Target};
use crate::discord::port::{COLOUR, Embed, PostTo, TournamentEffect};

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// Maps one tournament effect to the executor's actions.
pub fn plan(e: &TournamentEffect) -> Vec<Action> {
    match e {
        TournamentEffect::Post { to, text, embed, image, ping } => {
            let (target, ephemeral) = match to {
                PostTo::Tournament(t) => (Target::Tournament(*t), false),
                PostTo::Actor => (Target::Actor, true),
            };
            vec![Action::Send(Outgoing {
                target,
                text: text.clone(),
                files: image.iter().cloned().collect(),
                rows: vec![],
                ephemeral,
                ping: ping.clone(),
                embed: embed.clone(),
            })]
        }
        TournamentEffect::BoardOpened { tournament, game, guild, title, anchor, text, players } => {
            let anchor = Outgoing {
                target: Target::Tournament(*tournament),
                text: anchor.clone(),
                files: vec![],
                rows: vec![],
                ephemeral: false,
                ping: vec![],
                embed: None,
            };
            let pings: Vec<String> = players.iter().map(|p| mention(*p)).collect();
            let first = Outgoing {
                target: Target::Game(*game),
                text: format!("{} {text}", pings.join(" ")),
                files: vec![],
                rows: vec![],
                ephemeral: false,
                ping: players.clone(),
                embed: None,
            };
            vec![
                Action::OpenBoard { tournament: *tournament, game: *game, guild: *guild, title: title.clone(), anchor },
                Action::Send(first),
            ]
        }
    }
}

/// The users a text mentions (`<@id>`), in order, without repeats.
pub fn mentioned_users(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for part in text.split("<@").skip(1) {
        if let Some(id) = part.split_once('>').and_then(|(id, _)| id.parse::<u64>().ok())
            && !out.contains(&id)
        {
            out.push(id);
        }
    }
    out
}

/// The tournament a referee text is about: the first `#N` that is not inside a mention. Every
/// tournament message names its tournament so (`Tournament #3 …`, `比赛 #3 …`, `<@1> joined
/// tournament #3`), and user and channel ids only appear as mentions (`<@1>`, `<#2>`).
pub fn tournament_in(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    (0..b.len()).find_map(|i| {
        if b[i] != b'#' || (i > 0 && b[i - 1] == b'<') {
            return None;
        }
        let digits: String = text[i + 1..].chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().ok()
    })
}

/// An embed made of a message: its first line is the title, the rest the body (cut to Discord's
/// limits).
pub fn embed_of(text: &str, image: Option<String>) -> Embed {
    let (title, body) = text.split_once('\n').unwrap_or((text, ""));
    let title: String = title.chars().take(256).collect();
    let description: String = body.chars().take(4096).collect();
    Embed { title, description, colour: COLOUR, image }
}

/// The embeds of a message, built for serenity.
pub fn embeds(m: &Outgoing) -> Vec<serenity::CreateEmbed> {
    m.embed
        .iter()
        .map(|e| {
            let mut b = serenity::CreateEmbed::new().title(e.title.clone()).colour(e.colour);
            // Discord refuses an empty description.
            if !e.description.is_empty() {
                b = b.description(e.description.clone());
            }
            if let Some(name) = &e.image {
                b = b.image(format!("attachment://{name}"));
            }
            b
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::port::File;

    #[test]
    fn mentions_and_tournament_ids_are_read_from_texts() {
        assert_eq!(mentioned_users("board 1: <@11> vs <@22>\nboard 2: <@33> vs <@11>"), vec![11, 22, 33]);
        assert_eq!(mentioned_users("no one <@x> <@"), Vec::<u64>::new());
        assert_eq!(tournament_in("Tournament #12 \"Spring\", round 1 of 3:"), Some(12));
        assert_eq!(tournament_in("<@5> joined tournament #7 (entrants: 2)."), Some(7));
        assert_eq!(tournament_in("比赛 #3「春季赛」第 1/3 轮："), Some(3));
        assert_eq!(tournament_in("<#99> is set"), None);
        assert_eq!(tournament_in("# heading"), None);
    }

    #[test]
    fn a_post_goes_to_the_tournament_or_privately_to_the_actor() {
        let png = File { name: "standings-1.png".into(), bytes: vec![0x89] };
        let e = TournamentEffect::Post {
            to: PostTo::Tournament(4),
            text: "Round 2".into(),
            embed: None,
            image: Some(png.clone()),
            ping: vec![1, 2],
        };
        let a = plan(&e);
        let [Action::Send(m)] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(m.target, Target::Tournament(4));
        assert!(!m.ephemeral);
        assert_eq!(m.ping, vec![1, 2]);
        assert_eq!(m.files, vec![png]);
        let e = TournamentEffect::Post {
            to: PostTo::Actor,
            text: "t".into(),
            embed: Some(embed_of("Standings\n1. a", None)),
            image: None,
            ping: vec![],
        };
        let a = plan(&e);
        let [Action::Send(m)] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!((m.target.clone(), m.ephemeral), (Target::Actor, true));
        let embed = m.embed.as_ref().expect("an embed");
        assert_eq!((embed.title.as_str(), embed.description.as_str()), ("Standings", "1. a"));
    }

    #[test]
    fn a_round_game_opens_a_thread_on_its_message_and_pings_both_players() {
        let e = TournamentEffect::BoardOpened {
            tournament: 2,
            game: 9,
            guild: Some(5),
            title: "t".into(),
            anchor: "board 1".into(),
            text: "deploy".into(),
            players: vec![7, 8],
        };
        let a = plan(&e);
        let Action::OpenBoard { tournament: 2, game: 9, guild: Some(5), anchor, .. } = &a[0] else { panic!("{a:?}") };
        assert_eq!(anchor.target, Target::Tournament(2));
        assert!(anchor.ping.is_empty(), "the round announcement already pinged them");
        let Action::Send(m) = &a[1] else { panic!() };
        assert_eq!(m.target, Target::Game(9));
        assert_eq!(m.text, "<@7> <@8> deploy");
        assert_eq!(m.ping, vec![7, 8]);
    }
}
