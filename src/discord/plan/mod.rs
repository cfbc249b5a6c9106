//! The pure heart of the adapter: effects → Discord messages (text, attachments, components,
//! ephemeral flags, where they go), and component ids ↔ actions. No I/O, so it is unit-tested.

mod ids;
mod panel;
pub mod split;
pub mod tournament;
mod typed;

use ids::BUTTONS_PER_ROW;
pub use ids::{ComponentId, POINT_NAME_MAX, REVIEW_BUTTONS, ROWS_PER_MESSAGE, SEAT_KEY_MAX, SELECT_OPTIONS};
pub use panel::panel_message;
pub use typed::may_be_action;

use super::config::Locale;
use super::port::{Effect, Embed, File};
use super::text::{Say, say};

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The interaction's own response (ephemeral unless the message says otherwise).
    Actor,
    /// The channel the interaction came from.
    Here,
    /// The game's thread (or channel, without threads).
    Game(u64),
    /// The message that carried a challenge (edited in place).
    ChallengeMessage(u64),
    /// A user's DMs.
    Dm(u64),
    /// The server's announcements channel, if one is set.
    Announcements,
    /// A tournament's channel.
    Tournament(u64),
}

/// Button colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// A component row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// Buttons: (custom id, label, style).
    Buttons(Vec<(String, String, Style)>),
    /// A string select: custom id, placeholder, options as (value, label).
    Select {
        /// Custom id.
        custom_id: String,
        /// Placeholder.
        placeholder: String,
        /// Options: (value, label); at most [`SELECT_OPTIONS`].
        options: Vec<(String, String)>,
    },
}

/// One message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// Where.
    pub target: Target,
    /// Text.
    pub text: String,
    /// Attachments.
    pub files: Vec<File>,
    /// Buttons and menus.
    pub rows: Vec<Row>,
    /// Only the actor sees it (interaction replies only).
    pub ephemeral: bool,
    /// Users pinged.
    pub ping: Vec<u64>,
    /// An embed (tournament standings, leaderboards).
    pub embed: Option<Embed>,
}

impl Outgoing {
    fn new(target: Target, text: impl Into<String>) -> Outgoing {
        Outgoing { target, text: text.into(), files: vec![], rows: vec![], ephemeral: false, ping: vec![], embed: None }
    }
}

/// An action for the executor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Send (or, for [`Target::ChallengeMessage`], edit) a message.
    Send(Outgoing),
    /// Open the game's thread on the challenge's message and remember it. Without threads the game
    /// lives in the challenge's channel.
    OpenGame {
        /// Game.
        game: u64,
        /// Challenge.
        challenge: u64,
        /// Thread name.
        title: String,
    },
    /// Send a deployment panel to a player's DMs; if they are closed (50007), post `fallback` in the
    /// game's thread instead.
    DmPanel {
        /// The panel.
        panel: Outgoing,
        /// The game.
        game: u64,
        /// The notice for the thread.
        fallback: String,
    },
    /// Post `anchor` in the tournament's channel, remember it as the game's opening message, and
    /// open the game on it like an accepted challenge ([`Action::OpenGame`]).
    OpenBoard {
        /// The tournament.
        tournament: u64,
        /// The game.
        game: u64,
        /// Its server.
        guild: Option<u64>,
        /// Thread name.
        title: String,
        /// The opening message.
        anchor: Outgoing,
    },
}

/// Where the interaction came from, as far as the mapping cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The acting user.
    pub actor: u64,
    /// Their language.
    pub locale: Locale,
    /// The actor asked for their deployment panel (`/junqi deploy`, a panel button or form): their
    /// panel answers them here. Otherwise (e.g. on accepting a challenge) it goes to their DMs.
    pub panel_here: bool,
}

/// One step of the review: the caption, the board, and ⏮ ◀ ▶ ⏭ (the first, the ply before, the
/// ply after, the last), to the actor only; a button that would not move is grey. A fifth button,
/// Jump…, opens a form for the ply to show ("jump to ply N").
pub fn review_message(
    game: u64,
    (ply, total): (u32, u32),
    text: &str,
    image: &Option<File>,
    locale: Locale,
) -> Outgoing {
    let mut m = Outgoing::new(Target::Actor, text);
    m.ephemeral = true;
    m.files.extend(image.clone());
    let targets = [0, ply.saturating_sub(1), (ply + 1).min(total), total];
    let buttons = REVIEW_BUTTONS
        .iter()
        .zip(targets)
        .map(|(&(which, label), to)| {
            let style = if to == ply { Style::Secondary } else { Style::Primary };
            (ComponentId::Review(game, which, to).encode(), label.to_string(), style)
        })
        .chain(std::iter::once((
            ComponentId::ReviewJump(game).encode(),
            say(locale, Say::Jump).to_string(),
            Style::Secondary,
        )))
        .collect();
    m.rows.push(Row::Buttons(buttons));
    m
}

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// Maps the referee's effects to the adapter's actions, in order. `default_locale` is used for
/// messages to people other than the actor (whose client language the adapter does not know).
pub fn plan(effects: &[Effect], origin: &Origin, default_locale: Locale) -> Vec<Action> {
    let mut out = vec![];
    for e in effects {
        match e {
            Effect::Challenge { challenge, opponent, text } => {
                let mut m = Outgoing::new(Target::Here, text.clone());
                if let Some(o) = opponent {
                    m.text = format!("{} {}", mention(*o), text);
                    m.ping.push(*o);
                }
                m.rows.push(Row::Buttons(vec![
                    (ComponentId::Accept(*challenge).encode(), say(default_locale, Say::Accept).into(), Style::Success),
                    (
                        ComponentId::Decline(*challenge).encode(),
                        say(default_locale, Say::Decline).into(),
                        Style::Danger,
                    ),
                ]));
                out.push(Action::Send(m));
            }
            Effect::SeatChallenge { challenge, text, seats } => {
                let mut m = Outgoing::new(Target::Here, text.clone());
                // Accept, a button per free seat, Decline: five to a row, as Discord allows
                // (a 6-player 跳棋 challenge has seven).
                let mut buttons = vec![(
                    ComponentId::Accept(*challenge).encode(),
                    say(default_locale, Say::Accept).into(),
                    Style::Success,
                )];
                for (key, label) in seats {
                    let key = key.to_ascii_lowercase();
                    if ComponentId::parse(&ComponentId::Seat(*challenge, key.clone()).encode()).is_none() {
                        continue; // a key no button could carry back: `join` by name still works
                    }
                    buttons.push((ComponentId::Seat(*challenge, key).encode(), label.clone(), Style::Primary));
                }
                buttons.push((
                    ComponentId::Decline(*challenge).encode(),
                    say(default_locale, Say::Decline).into(),
                    Style::Danger,
                ));
                m.rows.extend(buttons.chunks(BUTTONS_PER_ROW).map(|row| Row::Buttons(row.to_vec())));
                out.push(Action::Send(m));
            }
            Effect::ChallengeClosed { challenge, text } => {
                out.push(Action::Send(Outgoing::new(Target::ChallengeMessage(*challenge), text.clone())));
            }
            Effect::GameOpened { game, challenge, title, text, players } => {
                out.push(Action::OpenGame { game: *game, challenge: *challenge, title: title.clone() });
                let mut m = Outgoing::new(Target::Game(*game), text.clone());
                let pings: Vec<String> = players.iter().map(|p| mention(*p)).collect();
                m.text = format!("{} {}", pings.join(" "), text);
                m.ping = players.clone();
                out.push(Action::Send(m));
            }
            Effect::Panel { game, user, .. } => {
                if *user == origin.actor && origin.panel_here {
                    let mut m = panel_message(Target::Actor, origin.locale, e);
                    m.ephemeral = true;
                    out.push(Action::Send(m));
                } else {
                    let m = panel_message(Target::Dm(*user), default_locale, e);
                    let fallback = say(default_locale, Say::DmClosed).replace("{user}", &mention(*user));
                    out.push(Action::DmPanel { panel: m, game: *game, fallback });
                }
            }
            // The other players answer by button (or `/junqi takeback`).
            Effect::TakebackOffer { game, text } => {
                let mut m = Outgoing::new(Target::Game(*game), text.clone());
                m.rows.push(Row::Buttons(vec![
                    (
                        ComponentId::TakebackAccept(*game).encode(),
                        say(default_locale, Say::Accept).into(),
                        Style::Success,
                    ),
                    (
                        ComponentId::TakebackDecline(*game).encode(),
                        say(default_locale, Say::Decline).into(),
                        Style::Danger,
                    ),
                ]));
                out.push(Action::Send(m));
            }
            Effect::Public { game, text, image, ping, notable } => {
                let mut m = Outgoing::new(Target::Game(*game), text.clone());
                m.files.extend(image.clone());
                if let Some(p) = ping {
                    m.text = format!("{text}\n{}", mention(*p));
                    m.ping.push(*p);
                }
                if *notable {
                    let mut a = Outgoing::new(Target::Announcements, text.clone());
                    a.files.extend(image.clone());
                    out.push(Action::Send(m));
                    out.push(Action::Send(a));
                } else {
                    out.push(Action::Send(m));
                }
            }
            Effect::Private { user, text, file } => {
                let target = if *user == origin.actor { Target::Actor } else { Target::Dm(*user) };
                let mut m = Outgoing::new(target, text.clone());
                m.ephemeral = *user == origin.actor;
                m.files.extend(file.clone());
                out.push(Action::Send(m));
            }
            Effect::Review { game, ply, total, text, image } => {
                out.push(Action::Send(review_message(*game, (*ply, *total), text, image, origin.locale)))
            }
            Effect::Reply { text, file, public } => {
                let mut m = Outgoing::new(if *public { Target::Here } else { Target::Actor }, text.clone());
                m.ephemeral = !*public;
                m.files.extend(file.clone());
                out.push(Action::Send(m));
            }
            Effect::Tournament(t) => out.extend(tournament::plan(t)),
        }
    }
    out
}

/// Discord's attachment limit when no interaction says otherwise (10 MiB, the smallest tier).
pub const DEFAULT_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// Drops attachments larger than `limit` (the size the interaction reports), saying so in the
/// text, so that one oversized file does not make Discord refuse the whole message.
pub fn fit_files(m: &Outgoing, limit: u64) -> Outgoing {
    let mut out = m.clone();
    let (fit, too_big): (Vec<File>, Vec<File>) = m.files.iter().cloned().partition(|f| f.bytes.len() as u64 <= limit);
    out.files = fit;
    for f in too_big {
        out.text.push_str(&format!("\n({}: {} KiB > {} KiB)", f.name, f.bytes.len() / 1024, limit / 1024));
    }
    out
}

/// Discord's "cannot send messages to this user" (DMs closed).
pub const DM_CLOSED_CODE: isize = 50007;
/// Discord's "cannot send messages to this user due to having no mutual guilds" (the player left
/// the server).
pub const NO_MUTUAL_GUILDS_CODE: isize = 50278;
/// Discord's "you are opening direct messages too fast".
pub const OPENING_DMS_TOO_FAST_CODE: isize = 40003;
/// Every error that means "this player cannot be reached by DM now": the player is told in the
/// game's thread instead, and the rest goes on.
pub const DM_REFUSED_CODES: [isize; 3] = [DM_CLOSED_CODE, NO_MUTUAL_GUILDS_CODE, OPENING_DMS_TOO_FAST_CODE];

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(actor: u64) -> Origin {
        Origin { actor, locale: Locale::En, panel_here: true }
    }

    fn png() -> File {
        File { name: "board.png".into(), bytes: vec![0x89, b'P', b'N', b'G'] }
    }

    #[test]
    fn custom_ids_round_trip_and_garbage_is_refused() {
        for c in [
            ComponentId::Accept(1),
            ComponentId::Decline(2),
            ComponentId::Random(3),
            ComponentId::Edit(4),
            ComponentId::SaveAs(5),
            ComponentId::Confirm(6),
            ComponentId::Load(7),
            ComponentId::EditSubmit(u64::MAX),
            ComponentId::SaveSubmit(0),
            ComponentId::TakebackAccept(8),
            ComponentId::TakebackDecline(9),
            ComponentId::Pick(u64::MAX, 2),
            ComponentId::SwapWith(u64::MAX, 255, "S.c6".into()),
        ] {
            let s = c.encode();
            assert!(s.len() <= 100);
            assert_eq!(ComponentId::parse(&s), Some(c));
        }
        for bad in ["", "jq", "jq:acc", "jq:acc:x", "jq:zzz:1", "xx:acc:1", "jq:acc:1:2", "jq:acc:-1"] {
            assert_eq!(ComponentId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_challenge_pings_the_opponent_and_has_accept_and_decline() {
        let a = plan(
            &[Effect::Challenge { challenge: 9, opponent: Some(42), text: "T".into() }],
            &origin(1),
            Locale::ZhHans,
        );
        let [Action::Send(m)] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(m.target, Target::Here);
        assert!(!m.ephemeral);
        assert_eq!(m.text, "<@42> T");
        assert_eq!(m.ping, vec![42]);
        assert_eq!(
            m.rows,
            vec![Row::Buttons(vec![
                ("jq:acc:9".into(), "接受".into(), Style::Success),
                ("jq:dec:9".into(), "拒绝".into(), Style::Danger)
            ])]
        );
        let a = plan(&[Effect::Challenge { challenge: 9, opponent: None, text: "T".into() }], &origin(1), Locale::En);
        let [Action::Send(m)] = a.as_slice() else { panic!() };
        assert_eq!(m.text, "T");
        assert!(m.ping.is_empty());
    }

    #[test]
    fn panels_go_to_dms_with_a_thread_fallback_or_ephemeral_to_the_actor() {
        let panel = |user| Effect::Panel {
            game: 3,
            user,
            text: "P".into(),
            layout: "ghfie…".into(),
            image: Some(png()),
            saved: vec!["mine".into()],
            confirmed: false,
            points: vec![],
            picked: None,
        };
        let a = plan(&[panel(7)], &origin(1), Locale::En);
        let [Action::DmPanel { panel: m, game: 3, fallback }] = a.as_slice() else { panic!("{a:?}") };
        assert_eq!(m.target, Target::Dm(7));
        assert!(fallback.contains("<@7>") && fallback.contains("/junqi deploy"));
        assert_eq!(m.files, vec![png()]);
        assert_eq!(m.rows.len(), 2);
        let Row::Buttons(b) = &m.rows[0] else { panic!() };
        let ids: Vec<&str> = b.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(ids, ["jq:rnd:3", "jq:edit:3", "jq:save:3", "jq:ok:3"]);
        assert_eq!(
            m.rows[1],
            Row::Select {
                custom_id: "jq:load:3".into(),
                placeholder: "Load a saved layout".into(),
                options: vec![("mine".into(), "mine".into())]
            }
        );

        let not_asked = Origin { panel_here: false, ..origin(1) };
        let a = plan(&[panel(1)], &not_asked, Locale::En);
        assert!(matches!(a.as_slice(), [Action::DmPanel { .. }]), "an acceptor's panel goes to their DMs");

        let a = plan(&[panel(1)], &origin(1), Locale::ZhHans);
        let [Action::Send(m)] = a.as_slice() else { panic!() };
        assert_eq!(m.target, Target::Actor);
        assert!(m.ephemeral);
        let Row::Buttons(b) = &m.rows[0] else { panic!() };
        assert_eq!(b[0].1, "Random", "the actor's own language");

        let confirmed = Effect::Panel {
            game: 3,
            user: 1,
            text: "ok".into(),
            layout: String::new(),
            image: None,
            saved: vec![],
            confirmed: true,
            points: vec![("a6".into(), "a6 连长".into())],
            picked: None,
        };
        let a = plan(&[confirmed], &origin(1), Locale::En);
        let [Action::Send(m)] = a.as_slice() else { panic!() };
        assert!(m.rows.is_empty(), "a confirmed layout has no buttons");
    }

    #[test]
    fn public_effects_go_to_the_thread_and_notable_ones_also_to_announcements() {
        let e = Effect::Public { game: 5, text: "c6-c7".into(), image: Some(png()), ping: Some(8), notable: false };
        let a = plan(&[e], &origin(1), Locale::En);
        let [Action::Send(m)] = a.as_slice() else { panic!() };
        assert_eq!(m.target, Target::Game(5));
        assert!(!m.ephemeral);
        assert_eq!(m.text, "c6-c7\n<@8>");
        assert_eq!(m.files.len(), 1);
        let e = Effect::Public { game: 5, text: "flag".into(), image: None, ping: None, notable: true };
        let a = plan(&[e], &origin(1), Locale::En);
        let targets: Vec<_> = a
            .iter()
            .map(|x| match x {
                Action::Send(m) => m.target.clone(),
                _ => panic!(),
            })
            .collect();
        assert_eq!(targets, vec![Target::Game(5), Target::Announcements]);
    }

    #[test]
    fn private_effects_are_ephemeral_for_the_actor_and_dms_for_others() {
        let e = |user| Effect::Private { user, text: "secret".into(), file: Some(png()) };
        let a = plan(&[e(1), e(2)], &origin(1), Locale::En);
        let [Action::Send(m1), Action::Send(m2)] = a.as_slice() else { panic!() };
        assert_eq!((m1.target.clone(), m1.ephemeral), (Target::Actor, true));
        assert_eq!((m2.target.clone(), m2.ephemeral), (Target::Dm(2), false));
        let r = Effect::Reply { text: "list".into(), file: None, public: false };
        let s = Effect::Reply { text: "board".into(), file: Some(png()), public: true };
        let a = plan(&[r, s], &origin(1), Locale::En);
        let [Action::Send(r), Action::Send(s)] = a.as_slice() else { panic!() };
        assert!(r.ephemeral && r.target == Target::Actor);
        assert!(!s.ephemeral && s.target == Target::Here);
    }

    #[test]
    fn game_opening_makes_a_thread_then_pings_both_players() {
        let e = Effect::GameOpened {
            game: 4,
            challenge: 9,
            title: "a vs b".into(),
            text: "deploy!".into(),
            players: vec![1, 2],
        };
        let a = plan(&[e], &origin(2), Locale::En);
        assert_eq!(a[0], Action::OpenGame { game: 4, challenge: 9, title: "a vs b".into() });
        let Action::Send(m) = &a[1] else { panic!() };
        assert_eq!(m.target, Target::Game(4));
        assert_eq!(m.text, "<@1> <@2> deploy!");
    }

    #[test]
    fn oversized_attachments_are_dropped_with_a_note() {
        let mut m = Outgoing::new(Target::Actor, "replay");
        m.files = vec![
            File { name: "small.png".into(), bytes: vec![0; 10] },
            File { name: "big.gif".into(), bytes: vec![0; 4096] },
        ];
        let f = fit_files(&m, 2048);
        assert_eq!(f.files.len(), 1);
        assert_eq!(f.files[0].name, "small.png");
        assert_eq!(f.text, "replay\n(big.gif: 4 KiB > 2 KiB)");
        assert_eq!(fit_files(&m, DEFAULT_ATTACHMENT_LIMIT), m);
    }

    #[test]
    fn four_player_challenges_carry_a_button_per_free_seat() {
        let seats = vec![("e".to_string(), "East 东".to_string()), ("w".to_string(), "West 西".to_string())];
        let a = plan(&[Effect::SeatChallenge { challenge: 7, text: "T".into(), seats }], &origin(1), Locale::En);
        let Action::Send(m) = &a[0] else { panic!("{a:?}") };
        let Row::Buttons(b) = &m.rows[0] else { panic!("{m:?}") };
        let ids: Vec<&str> = b.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(ids, ["jq:acc:7", "jq:seat-e:7", "jq:seat-w:7", "jq:dec:7"]);
        assert_eq!(ComponentId::parse("jq:seat-w:7"), Some(ComponentId::Seat(7, "w".into())));
        assert_eq!(ComponentId::parse("jq:seat-ne:7"), Some(ComponentId::Seat(7, "ne".into())));
        assert_eq!(ComponentId::parse("jq:seat-:7"), None);
        assert_eq!(ComponentId::parse("jq:seat-NE:7"), None);
        assert_eq!(ComponentId::parse("jq:seat-abcde:7"), None);
        assert_eq!(ComponentId::Seat(7, "w".into()).encode(), "jq:seat-w:7");
    }

    /// The review (issue 21 point 2): an ephemeral board with ⏮ ◀ ▶ ⏭, each id unique in the
    /// message and short; a button that would not move is grey.
    #[test]
    fn review_steps_carry_four_distinct_short_button_ids() {
        let e = Effect::Review { game: 7, ply: 0, total: 362, text: "ply 0 of 362".into(), image: Some(png()) };
        let a = plan(&[e], &origin(1), Locale::En);
        let Action::Send(m) = &a[0] else { panic!("{a:?}") };
        assert!(m.ephemeral && m.target == Target::Actor && m.files.len() == 1);
        let Row::Buttons(b) = &m.rows[0] else { panic!("{m:?}") };
        let ids: Vec<&str> = b.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(ids, ["jq:rv-f0:7", "jq:rv-p0:7", "jq:rv-n1:7", "jq:rv-l362:7", "jq:rvj:7"]);
        assert_eq!(
            b.iter().map(|x| x.2).collect::<Vec<_>>(),
            [Style::Secondary, Style::Secondary, Style::Primary, Style::Primary, Style::Secondary]
        );
        assert_eq!(b[4].1, "Jump…");
        assert_eq!(ComponentId::parse("jq:rvj:7"), Some(ComponentId::ReviewJump(7)));
        assert_eq!(ComponentId::parse("jq:rvj-m:7"), Some(ComponentId::ReviewJumpSubmit(7)));
        assert_eq!(ComponentId::parse("jq:rv-n1:7"), Some(ComponentId::Review(7, 'n', 1)));
        assert_eq!(ComponentId::parse("jq:rv-x1:7"), None);
        assert_eq!(ComponentId::parse("jq:rv-n:7"), None);
        let longest = ComponentId::Review(u64::MAX, 'l', u32::MAX).encode();
        assert!(longest.len() <= 100, "{longest}");
    }

    /// A 6-player 跳棋 challenge has five free seats: seven buttons, each seat its own (`n`,
    /// `ne` and `nw` are three seats), five to a row at most.
    #[test]
    fn six_seats_fit_in_rows_of_five_with_a_button_each() {
        let seats: Vec<(String, String)> =
            ["se", "ne", "n", "nw", "sw"].iter().map(|k| (k.to_string(), k.to_uppercase())).collect();
        let a = plan(&[Effect::SeatChallenge { challenge: 3, text: "T".into(), seats }], &origin(1), Locale::En);
        let Action::Send(m) = &a[0] else { panic!("{a:?}") };
        assert!(m.rows.iter().all(|r| matches!(r, Row::Buttons(b) if b.len() <= 5)), "{m:?}");
        let ids: Vec<String> = m
            .rows
            .iter()
            .flat_map(|r| match r {
                Row::Buttons(b) => b.iter().map(|x| x.0.clone()).collect(),
                _ => vec![],
            })
            .collect();
        let want =
            ["jq:acc:3", "jq:seat-se:3", "jq:seat-ne:3", "jq:seat-n:3", "jq:seat-nw:3", "jq:seat-sw:3", "jq:dec:3"];
        assert_eq!(ids, want);
    }
}
