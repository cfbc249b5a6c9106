//! End-to-end: a whole round-robin tournament through the real serenity/poise client against the
//! fake Discord — creation, entries, bad input, the start, each round's games in their threads
//! with the players pinged and their deployment panels in DMs, one game played out (the server's
//! early-resignation rule refusing an early resignation, then a rated game), the others decided by
//! the organiser, a restart of the bot on the same database in the middle, the standings (embed and
//! image), the final announcement in the right order, ratings, the leaderboard and statistics.

use crate::support;

use junqi_referee::rules::notation::parse_move;
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};
use serde_json::{Value, json};
use support::fake_discord::{CHANNEL_ID, Recorded, payload};
use support::harness::{Harness, content, custom_ids, posts_to, threads_made, unstamped};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
const DAVE: (u64, &str) = (100_000_000_000_000_004, "dave");
/// Strongest first: every board the organiser decides goes to the player earlier in this list.
const STRENGTH: [(u64, &str); 4] = [ALICE, BOB, CAROL, DAVE];
/// Piece names that must never appear in public while hidden.
const HIDDEN: [&str; 11] = ["司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "地雷", "炸弹"];
/// Choice options arrive as the index of the choice (poise registers them as integers).
const FORMAT_ROUND_ROBIN: u64 = 0;
const RESULT_RED: u64 = 0;
const RESULT_BLUE: u64 = 1;
/// A legal layout (the notation document's example), for both sides.
const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";

fn who(id: u64) -> (u64, &'static str) {
    *STRENGTH.iter().find(|p| p.0 == id).expect("a player")
}

fn strength(id: u64) -> usize {
    STRENGTH.iter().position(|p| p.0 == id).expect("a player")
}

/// One board as its opening message in the tournament's channel shows it.
#[derive(Clone, Debug)]
struct BoardSeen {
    game: u64,
    red: u64,
    blue: u64,
    thread: u64,
}

fn mentions(text: &str) -> Vec<u64> {
    text.split("<@").skip(1).filter_map(|p| p.split_once('>').and_then(|(id, _)| id.parse().ok())).collect()
}

fn allowed_users(r: &Recorded) -> Vec<u64> {
    let users = r.json.as_ref().map(|j| j["allowed_mentions"]["users"].clone()).unwrap_or(Value::Null);
    let mut v: Vec<u64> =
        users.as_array().into_iter().flatten().filter_map(|u| u.as_str().and_then(|s| s.parse().ok())).collect();
    v.sort_unstable();
    v
}

fn embed(r: &Recorded) -> Value {
    r.json.as_ref().map(|j| j["embeds"][0].clone()).unwrap_or(Value::Null)
}

async fn command(h: &mut Harness, user: (u64, &str), channel: u64, path: &[&str], opts: &[(&str, Value)]) -> u64 {
    let id = h.id();
    h.interact(payload::command_path(id, user, channel, path, opts)).await
}

/// Runs a command and returns its answers (ephemeral replies).
async fn answer(
    h: &mut Harness,
    user: (u64, &str),
    channel: u64,
    path: &[&str],
    opts: &[(&str, Value)],
) -> Vec<Recorded> {
    let id = command(h, user, channel, path, opts).await;
    h.answered(id).await
}

/// `/junqi resign` and its confirmation button (the command only asks): the button's answers.
async fn resign(h: &mut Harness, user: (u64, &str), thread: u64) -> Vec<Recorded> {
    let id = command(h, user, thread, &["resign"], &[]).await;
    let confirm = support::fake_discord::resign_confirmation(&h.fake.requests().await, id);
    let id = h.id();
    let id = h.interact(payload::button(id, user, Some(thread), &confirm)).await;
    h.answered(id).await
}

/// A command the referee refuses: the answer is ephemeral and contains `says`; nothing is posted
/// in the tournament's channel.
async fn refused(h: &mut Harness, user: (u64, &str), path: &[&str], opts: &[(&str, Value)], says: &str) {
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    let id = command(h, user, CHANNEL_ID, path, opts).await;
    let r = h.answered(id).await;
    let reply = r.iter().find(|x| content(x).contains(says)).unwrap_or_else(|| panic!("no '{says}' in {r:?}"));
    assert!(private(h, id, reply).await, "ephemeral: {says}");
    assert_eq!(posts_to(&h.fake.requests().await, CHANNEL_ID).len(), before, "nothing public for '{says}'");
}

/// Whether an answer to interaction `id` is private: a follow-up flagged ephemeral, or the
/// original response of an interaction deferred as ephemeral.
async fn private(h: &Harness, id: u64, reply: &Recorded) -> bool {
    if reply.path.ends_with("@original") {
        let all = h.fake.requests().await;
        let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
        cb.json.as_ref().unwrap()["data"]["flags"] == 64
    } else {
        reply.json.as_ref().unwrap()["flags"] == 64
    }
}

/// Runs a command and waits for a new post in the tournament's channel containing `expect`.
async fn posts(h: &mut Harness, user: (u64, &str), channel: u64, path: &[&str], opts: &[(&str, Value)], expect: &str) {
    let n = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    command(h, user, channel, path, opts).await;
    h.fake.wait_for(20, expect, |r| posts_to(r, CHANNEL_ID).iter().skip(n).any(|x| content(x).contains(expect))).await;
}

/// Waits for round `round`'s announcement and its boards (opening message, thread, first post in
/// the thread, both players' DM panels); checks the pings and returns the boards.
async fn round_opened(h: &mut Harness, round: usize, boards: usize) -> Vec<BoardSeen> {
    let header = format!("Tournament #1 \"Spring\", round {round} of 3:");
    let marker = format!("Spring · round {round} · board");
    let all = h
        .fake
        .wait_for(30, &format!("round {round}"), |r| {
            let anchors: Vec<Recorded> =
                posts_to(r, CHANNEL_ID).into_iter().filter(|x| content(x).contains(&marker)).collect();
            anchors.len() == boards
                && anchors.iter().all(|a| {
                    let id = a.response["id"].as_str().unwrap_or("");
                    threads_made(r).iter().any(|t| t.path.ends_with(&format!("/messages/{id}/threads")))
                })
                && posts_to(r, CHANNEL_ID).iter().any(|x| content(x).starts_with(&header))
        })
        .await;
    let announcement = posts_to(&all, CHANNEL_ID).into_iter().find(|x| content(x).starts_with(&header)).unwrap();
    let mut everyone: Vec<u64> = STRENGTH.iter().map(|p| p.0).collect();
    everyone.sort_unstable();
    assert_eq!(allowed_users(&announcement), everyone, "the round pings its players: {}", content(&announcement));
    let mut seen = vec![];
    for a in posts_to(&all, CHANNEL_ID).into_iter().filter(|x| content(x).contains(&marker)) {
        let text = content(&a);
        let game: u64 = text.split("game #").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
        let m = mentions(&text);
        let id = a.response["id"].as_str().unwrap();
        let thread = threads_made(&all)
            .into_iter()
            .find(|t| t.path == format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}/threads"))
            .expect("a thread on the board's opening message");
        let thread: u64 = thread.response["id"].as_str().unwrap().parse().unwrap();
        seen.push(BoardSeen { game, red: m[0], blue: m[1], thread });
    }
    for b in &seen {
        let ok = format!("jq:ok:{}", b.game);
        let all = h
            .fake
            .wait_for(20, "thread post and panels", |r| {
                !posts_to(r, b.thread).is_empty() && r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 2
            })
            .await;
        let first = posts_to(&all, b.thread).remove(0);
        assert!(content(&first).starts_with(&format!("<@{}> <@{}> ", b.red, b.blue)), "{}", content(&first));
        let mut pair = vec![b.red, b.blue];
        pair.sort_unstable();
        assert_eq!(allowed_users(&first), pair, "both players are pinged in their thread");
        for p in [b.red, b.blue] {
            let dm = h.fake.dm_channel_of(p).await.expect("a DM");
            assert!(posts_to(&all, dm).iter().any(|x| custom_ids(x).contains(&ok)), "{p}'s panel for #{}", b.game);
        }
    }
    seen
}

/// The organiser decides a board for its stronger player.
async fn decide(h: &mut Harness, b: &BoardSeen, channel: u64) {
    let result = if strength(b.red) < strength(b.blue) { RESULT_RED } else { RESULT_BLUE };
    let opts = [("id", json!(1)), ("game", json!(b.game)), ("result", json!(result))];
    let id = command(h, ALICE, channel, &["tournament", "result"], &opts).await;
    h.answered(id).await;
}

fn mirror() -> Game {
    let v = Variant::junqi();
    let deps: Vec<_> =
        [Seat::RED, Seat::BLUE].iter().map(|s| Setup::parse(v, LAYOUT).unwrap().validate(v, *s).unwrap()).collect();
    Game::new(v, RuleOptions::default(), &deps, Seat::RED)
}

/// Both players deploy through their DM forms; returns the test's copy of the game.
async fn deploy_both(h: &mut Harness, b: &BoardSeen) -> Game {
    for p in [b.red, b.blue] {
        let id = h.id();
        let form = payload::modal(id, who(p), None, &format!("jq:edit-m:{}", b.game), &[("layout", LAYOUT)]);
        let id = h.interact(form).await;
        h.answered(id).await;
    }
    let begins = format!("Game #{} begins", b.game);
    h.fake.wait_for(20, "game start", |r| posts_to(r, b.thread).iter().any(|x| content(x).contains(&begins))).await;
    mirror()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_tournament_through_discord() {
    let mut h = Harness::start("tournament", false).await;
    let all = h.fake.requests().await;
    let reg = all.iter().find(|x| x.method == "PUT" && x.path.ends_with("/commands")).unwrap();
    let subs: Vec<&str> = reg.json.as_ref().unwrap()[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    for s in ["rating", "leaderboard", "stats", "early-resign", "tournament"] {
        assert!(subs.contains(&s), "{s} is registered: {subs:?}");
    }

    // Creation and entries.
    let create = [("name", json!("Spring")), ("format", json!(FORMAT_ROUND_ROBIN))];
    posts(&mut h, ALICE, CHANNEL_ID, &["tournament", "create"], &create, "Tournament #1 \"Spring\" is open").await;
    for p in [ALICE, BOB] {
        posts(&mut h, p, CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))], "joined tournament #1").await;
    }
    // Bad input: nothing changes.
    refused(&mut h, BOB, &["tournament", "join"], &[("id", json!(1))], "already joined tournament #1").await;
    refused(&mut h, ALICE, &["tournament", "start"], &[("id", json!(1))], "至少需要 3 名棋手").await;
    refused(&mut h, BOB, &["tournament", "join"], &[("id", json!(9))], "no tournament #9").await;
    for p in [CAROL, DAVE] {
        posts(&mut h, p, CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))], "joined tournament #1").await;
    }
    posts(&mut h, DAVE, CHANNEL_ID, &["tournament", "leave"], &[("id", json!(1))], "(entrants: 3)").await;
    posts(&mut h, DAVE, CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))], "(entrants: 4)").await;
    refused(&mut h, BOB, &["tournament", "start"], &[("id", json!(1))], "Only the organiser of tournament #1").await;

    // The start: round 1's games open like accepted challenges.
    command(&mut h, ALICE, CHANNEL_ID, &["tournament", "start"], &[("id", json!(1))]).await;
    let round1 = round_opened(&mut h, 1, 2).await;
    refused(&mut h, BOB, &["tournament", "leave"], &[("id", json!(1))], "has already started").await;
    refused(&mut h, CAROL, &["tournament", "join"], &[("id", json!(1))], "已经开始").await;
    let opts = [("id", json!(1)), ("game", json!(99)), ("result", json!(RESULT_RED))];
    refused(&mut h, ALICE, &["tournament", "result"], &opts, "对局 #99 不是比赛 #1 的对局").await;
    let opts = [("id", json!(1)), ("game", json!(round1[0].game)), ("result", json!(RESULT_RED))];
    refused(&mut h, BOB, &["tournament", "result"], &opts, "Only the organiser").await;

    // Board 1 is played: the server forbids resigning in the first 20 moves, so the weaker player's
    // early resignation is refused; after 30 moves it ends the game, which is rated.
    let b = round1[0].clone();
    let r = answer(&mut h, ALICE, CHANNEL_ID, &["early-resign"], &[("on", json!(true))]).await;
    assert!(r.iter().any(|x| content(x).contains("前 20 步不得认输")), "{r:?}");
    let mut g = deploy_both(&mut h, &b).await;
    let weaker = if strength(b.red) > strength(b.blue) { b.red } else { b.blue };
    let n = posts_to(&h.fake.requests().await, b.thread).len();
    let r = resign(&mut h, who(weaker), b.thread).await;
    let says = |x: &Recorded| content(x).contains("前 20 步不得认输") || content(x).contains("first 20 moves");
    assert!(r.iter().any(says), "an early resignation is refused: {r:?}");
    assert_eq!(posts_to(&h.fake.requests().await, b.thread).len(), n, "and the game goes on");
    quiet_moves(&mut h, &b, &mut g, 30).await;
    resign(&mut h, who(weaker), b.thread).await;
    let rated = format!("Game #{} is rated", b.game);
    h.fake.wait_for(20, "rated", |r| posts_to(r, b.thread).iter().any(|x| content(x).contains(&rated))).await;
    h.fake
        .wait_for(20, "board result", |r| {
            posts_to(r, CHANNEL_ID).iter().any(|x| content(x).starts_with("Tournament #1, round 1, board 1:"))
        })
        .await;

    // Board 2 by the organiser: the round is complete, the standings are posted (embed and image)
    // and round 2 begins.
    decide(&mut h, &round1[1], CHANNEL_ID).await;
    let all = h
        .fake
        .wait_for(20, "standings", |r| {
            posts_to(r, CHANNEL_ID).iter().any(|x| content(x).contains("standings after round 1"))
        })
        .await;
    let standings = posts_to(&all, CHANNEL_ID).into_iter().find(|x| content(x).contains("after round 1")).unwrap();
    assert_eq!(standings.files.len(), 1, "the standings image");
    assert_eq!(standings.files[0].1, "standings-1.png");
    assert!(standings.files[0].2.starts_with(b"\x89PNG"));
    let e = embed(&standings);
    assert_eq!(e["image"]["url"], "attachment://standings-1.png");
    assert_eq!(e["title"], "#1 Spring");
    assert!(allowed_users(&standings).is_empty(), "standings ping nobody");
    let round2 = round_opened(&mut h, 2, 2).await;

    // The bot restarts in the middle of round 2, on the same database.
    h.restart().await;
    // The organiser decides board 1 from the channel and board 2 from inside its game's thread:
    // round 3 is still announced in the tournament's channel, its games still get threads.
    decide(&mut h, &round2[0], CHANNEL_ID).await;
    // The organiser's result is announced in the game's thread and in the tournament's channel.
    let result = format!("Tournament #1, round 2, board {}:", 1);
    h.fake
        .wait_for(20, "result in both places", |r| {
            posts_to(r, round2[0].thread).iter().any(|x| content(x).starts_with(&result))
                && posts_to(r, CHANNEL_ID).iter().any(|x| content(x).starts_with(&result))
        })
        .await;
    decide(&mut h, &round2[1], round2[1].thread).await;
    let round3 = round_opened(&mut h, 3, 2).await;
    let all = h.fake.requests().await;
    assert!(
        !posts_to(&all, round2[1].thread).iter().any(|x| content(x).contains("round 3 of 3")),
        "round 3 is not announced in a game's thread"
    );
    for b in &round3 {
        decide(&mut h, b, CHANNEL_ID).await;
    }

    // The final standings: 3, 2, 1 and 0 points in the order of strength.
    let all = h
        .fake
        .wait_for(20, "final standings", |r| {
            posts_to(r, CHANNEL_ID).iter().any(|x| content(x).contains("is over. Final standings"))
        })
        .await;
    let last = posts_to(&all, CHANNEL_ID).into_iter().find(|x| content(x).contains("Final standings")).unwrap();
    let table = embed(&last)["description"].as_str().unwrap().to_string();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    for (i, (p, pts)) in STRENGTH.iter().zip(["3 pts", "2 pts", "1 pt", "0 pts"]).enumerate() {
        assert!(lines[i].starts_with(&format!("{}. <@{}>: {pts},", i + 1, p.0)), "{table}");
        assert!(lines[i].contains(", W-D-L "), "{table}");
    }
    assert_eq!(last.files.len(), 1);

    // Standings on request: private, with the table and the image.
    let id = command(&mut h, DAVE, CHANNEL_ID, &["tournament", "standings"], &[("id", json!(1))]).await;
    let r = h.answered(id).await;
    let x = r.iter().find(|x| !x.files.is_empty()).expect("an image");
    assert!(private(&h, id, x).await);
    assert!(embed(x)["description"].as_str().unwrap().starts_with(&format!("1. <@{}>", ALICE.0)));

    // Ratings: only the played game (≥ 30 moves) counts.
    let winner = if weaker == b.red { b.blue } else { b.red };
    let r = answer(&mut h, BOB, CHANNEL_ID, &["rating"], &[("user", json!(winner.to_string()))]).await;
    assert!(r.iter().any(|x| content(x).contains("junqi rating") && content(x).contains("1 rated games")), "{r:?}");
    let r = answer(&mut h, BOB, CHANNEL_ID, &["leaderboard"], &[]).await;
    let board = r.iter().map(embed).find(|e| e.is_object()).expect("a leaderboard embed");
    assert_eq!(board["title"], "junqi leaderboard:");
    let text = board["description"].as_str().unwrap();
    assert!(text.starts_with(&format!("1. <@{winner}>")) && text.contains(&format!("2. <@{weaker}>")), "{text}");
    let r = answer(&mut h, CAROL, CHANNEL_ID, &["stats"], &[]).await;
    assert!(r.iter().any(|x| content(x).contains("的战绩")), "{r:?}");
    // Nothing posted in the tournament's channel names a piece: the played game's pieces stayed
    // hidden there (its thread revealed them only at the end).
    let all = h.fake.requests().await;
    for p in posts_to(&all, CHANNEL_ID) {
        for name in HIDDEN {
            assert!(!p.text().contains(name), "the tournament channel names {name}: {}", p.text());
        }
    }

    // The players of the other board played no rated game.
    let unrated = who(round1[1].red);
    let r = answer(&mut h, unrated, CHANNEL_ID, &["rating"], &[]).await;
    assert!(r.iter().any(|x| content(x).contains("还没有") || content(x).contains("no rated junqi game")), "{r:?}");
}

/// Plays `plies` quiet moves (no attacks) on a running board, each player in turn.
async fn quiet_moves(h: &mut Harness, b: &BoardSeen, g: &mut Game, plies: usize) {
    for _ in 0..plies {
        let board = &g.variant().board;
        let moves = g.legal_moves();
        let mv = *moves.iter().find(|m| g.piece_at(m.to).is_none()).unwrap_or(&moves[0]);
        let (from, to) = (board.name(mv.from).to_string(), board.name(mv.to).to_string());
        let player = if g.to_move() == Seat::RED { who(b.red) } else { who(b.blue) };
        g.play(parse_move(board, &format!("{from}-{to}")).unwrap()).unwrap();
        assert!(g.over().is_none(), "quiet moves do not end the game");
        let n = posts_to(&h.fake.requests().await, b.thread).len();
        command(h, player, b.thread, &["move"], &[("from", json!(from)), ("to", json!(to))]).await;
        h.fake.wait_for(20, "move", |r| posts_to(r, b.thread).len() > n).await;
    }
}

/// The fake's group payloads are what serenity accepts.
#[test]
fn group_payloads_parse_as_serenity_interactions() {
    use poise::serenity_prelude::Interaction;
    let samples = [
        payload::command_path(11, ALICE, CHANNEL_ID, &["tournament", "create"], &[("name", json!("x"))]),
        payload::command_path(12, BOB, CHANNEL_ID, &["rating"], &[("user", json!(ALICE.0.to_string()))]),
        payload::command_path(13, BOB, CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))]),
    ];
    for s in samples {
        if let Err(e) = serde_json::from_value::<Interaction>(s.clone()) {
            panic!("{e}: {s}");
        }
    }
}

/// The referee's clock through the adapter's service, without Discord: when a round's time runs
/// out, `tick` brings the round's end, the standings (embed and image), the next round's
/// announcement with its pings, its game opened like an accepted challenge and the players'
/// deployment panels. The server speaks 繁體中文 here: the adapter recognises the referee's
/// standings and round announcements in every language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_ends_a_round_and_opens_the_next() {
    use std::sync::Arc;

    use junqi_referee::discord::config::Locale;
    use junqi_referee::discord::port::{
        Actor, Effect, GameService, Outbound, PostTo, Request, TournamentEffect, TournamentRequest,
    };
    use junqi_referee::discord::service::RefereeService;
    use junqi_referee::referee::i18n::to_traditional as tw;
    use junqi_referee::referee::{ManualClock, Referee};
    use junqi_referee::store::{Durability, Store};

    let dir = support::harness::TempDir(std::env::temp_dir().join(format!("junqi-tclock-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    std::fs::create_dir_all(&dir.0).unwrap();
    let store = Store::open(&dir.0.join("junqi.db"), Durability::Normal).await.unwrap();
    let clock = Arc::new(ManualClock::new(1_795_996_800));
    let svc = RefereeService::new(Arc::new(Referee::new(store, clock.clone())), None);
    let mut request = 0;
    let run = async |request: &mut u64, p: (u64, &str), t: TournamentRequest| {
        *request += 1;
        let actor = Actor { user: p.0, name: p.1.into(), locale: Locale::En, guild: Some(7), request: *request };
        svc.execute(&actor, Request::Tournament(t)).await
    };
    let create = TournamentRequest::Create {
        name: "Blitz".into(),
        format: "round-robin".into(),
        rounds: None,
        variant: None,
        mode: None,
        rules: None,
        time: None,
        round_time: Some("1h".into()),
        start: None,
    };
    request += 1;
    let admin = Actor { user: ALICE.0, name: "alice".into(), locale: Locale::En, guild: Some(7), request };
    let zh_tw =
        Request::Settings { announcements: None, time: None, thread_per_game: None, language: Some(Locale::ZhHant) };
    svc.execute(&admin, zh_tw).await.unwrap();
    let created = run(&mut request, ALICE, create).await.unwrap();
    assert!(format!("{created:?}").contains(&tw("比赛 #1「Blitz」开始报名")), "the server's language: {created:?}");
    for p in [ALICE, BOB, CAROL] {
        run(&mut request, p, TournamentRequest::Join(1)).await.unwrap();
    }
    let started = run(&mut request, ALICE, TournamentRequest::Start(1)).await.unwrap();
    let opened = |effects: &[Effect]| -> Vec<(u64, Vec<u64>)> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Tournament(TournamentEffect::BoardOpened { game, players, .. }) => {
                    Some((*game, players.clone()))
                }
                _ => None,
            })
            .collect()
    };
    let panels = |effects: &[Effect]| -> Vec<(u64, u64)> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Panel { game, user, confirmed: false, .. } => Some((*game, *user)),
                _ => None,
            })
            .collect()
    };
    let boards = opened(&started);
    assert_eq!(boards.len(), 1, "three players: one game and a bye");
    let (game1, players1) = boards[0].clone();
    let mut want: Vec<(u64, u64)> = players1.iter().map(|p| (game1, *p)).collect();
    let mut got = panels(&started);
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want, "both players get their deployment panel");

    // Nothing is due yet.
    let (effects, next) = svc.tick().await.unwrap();
    assert!(effects.is_empty(), "{effects:?}");
    let flat = |d: Vec<Outbound>| -> Vec<Effect> { d.into_iter().flat_map(|o| o.effects).collect() };
    assert!(next.is_some_and(|s| s <= 3600), "the clock wakes for the round's end: {next:?}");
    // The round's time runs out: nobody deployed, so both forfeit; round 2 begins.
    clock.advance(3601);
    let effects = flat(svc.tick().await.unwrap().0);
    let posts = |effects: &[Effect]| -> Vec<(String, bool, Vec<u64>)> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Tournament(TournamentEffect::Post { to: PostTo::Tournament(1), text, embed, image, ping }) => {
                    Some((text.clone(), embed.is_some() && image.is_some(), ping.clone()))
                }
                _ => None,
            })
            .collect()
    };
    let posts = posts(&effects);
    assert!(posts.iter().any(|p| p.0.contains(&tw("第 1 轮时间到"))), "{posts:?}");
    // The standings (an embed with the image), then round 2 (its players pinged).
    let standings = posts.iter().position(|p| p.1).expect("standings");
    assert!(posts[standings].0.contains(&tw("第 1 轮后排名")), "{posts:?}");
    let round2 = posts.iter().find(|p| !p.2.is_empty()).expect("round 2");
    assert!(round2.0.contains(&tw("第 2/3 轮")), "{round2:?}");
    let boards = opened(&effects);
    assert_eq!(boards.len(), 1);
    for p in &boards[0].1 {
        assert!(round2.2.contains(p), "round 2 pings its players: {round2:?}");
    }
    assert_eq!(panels(&effects).len(), 2, "both players of round 2 get their panel");

    // A player of round 2 withdraws: the game is forfeited, and the round being complete, the
    // tournament moves on at once.
    let quitter = boards[0].1[0];
    let effects = run(&mut request, who(quitter), TournamentRequest::Withdraw(1)).await.unwrap();
    let texts: Vec<String> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Tournament(TournamentEffect::Post { text, .. }) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(texts.iter().any(|t| t.starts_with(&tw(&format!("<@{quitter}> 退出了比赛 #1")))), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains(&tw("第 2 轮后排名"))), "{texts:?}");
    let again = run(&mut request, who(quitter), TournamentRequest::Withdraw(1)).await.unwrap_err();
    assert!(again.to_string().contains("already withdrawn"), "{again}");
}

/// Waits until round `round` of tournament #1 (`name`) has all its `boards` open: an opening
/// message per board in the channel with a thread on it, both players pinged in the thread and
/// (unless their DMs refuse) sent their deployment panel. Returns every request so far and the
/// boards seen.
async fn every_board_opens(
    h: &mut Harness,
    name: &str,
    round: usize,
    boards: usize,
) -> (Vec<Recorded>, Vec<BoardSeen>) {
    let marker = format!("{name} · round {round} · board");
    let all = h
        .fake
        .wait_for(60, &format!("{boards} boards"), |r| {
            let anchors: Vec<Recorded> =
                posts_to(r, CHANNEL_ID).into_iter().filter(|x| content(x).contains(&marker)).collect();
            anchors.len() == boards
                && anchors.iter().all(|a| {
                    let id = a.response["id"].as_str().unwrap_or("");
                    threads_made(r).iter().any(|t| {
                        t.path.ends_with(&format!("/messages/{id}/threads"))
                            && t.response["id"]
                                .as_str()
                                .and_then(|t| t.parse().ok())
                                .is_some_and(|t: u64| !posts_to(r, t).is_empty())
                    })
                })
        })
        .await;
    let mut seen = vec![];
    for a in posts_to(&all, CHANNEL_ID).into_iter().filter(|x| content(x).contains(&marker)) {
        let text = content(&a);
        let game: u64 = text.split("game #").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
        let m = mentions(&text);
        let id = a.response["id"].as_str().unwrap();
        let thread = threads_made(&all)
            .into_iter()
            .find(|t| t.path == format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}/threads"))
            .expect("a thread on the board's opening message");
        let thread: u64 = thread.response["id"].as_str().unwrap().parse().unwrap();
        seen.push(BoardSeen { game, red: m[0], blue: m[1], thread });
    }
    (all, seen)
}

/// A 64-player Swiss tournament: round 1 names 32 boards and pings 64 players, more than one
/// Discord message holds (2,000 characters). The announcement comes as several posts on line
/// boundaries, each within Discord's limits and pinging the players it names, and every board
/// opens: its message, its thread, both players pinged there and their DM panels.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_64_player_swiss_round_opens_every_board() {
    let mut h = Harness::start("swiss64", false).await;
    const FORMAT_SWISS: u64 = 2;
    let create = [("name", json!("Open")), ("format", json!(FORMAT_SWISS)), ("rounds", json!(6))];
    posts(&mut h, ALICE, CHANNEL_ID, &["tournament", "create"], &create, "Tournament #1 \"Open\" is open").await;
    let players: Vec<u64> = (0..64).map(|i| 200_000_000_000_000_000 + i).collect();
    for (i, p) in players.iter().enumerate() {
        let said = format!("(entrants: {})", i + 1);
        posts(&mut h, (*p, "player"), CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))], &said).await;
    }
    command(&mut h, ALICE, CHANNEL_ID, &["tournament", "start"], &[("id", json!(1))]).await;
    let (_, boards) = every_board_opens(&mut h, "Open", 1, 32).await;
    let all = h
        .fake
        .wait_for(60, "every panel", |r| {
            boards.iter().all(|b| {
                let ok = format!("jq:ok:{}", b.game);
                r.iter().filter(|x| x.status < 300 && custom_ids(x).contains(&ok)).count() >= 2
            })
        })
        .await;
    // Discord refused nothing.
    let refused: Vec<String> =
        all.iter().filter(|x| x.status == 400).map(|x| format!("{} {} {}", x.method, x.path, x.response)).collect();
    assert!(refused.is_empty(), "Discord refused: {refused:?}");
    assert!(unstamped(&all).is_empty(), "posts without a nonce: {:#?}", unstamped(&all));
    // The announcement: several posts, the first with the round's header, each within the limits
    // and pinging exactly whom it names; together they name every board and ping everyone once.
    let header = "Tournament #1 \"Open\", round 1 of 6:";
    let posts = posts_to(&all, CHANNEL_ID);
    let start = posts.iter().position(|x| content(x).starts_with(header)).expect("the round's announcement");
    let parts: Vec<&Recorded> = posts[start..].iter().take_while(|x| content(x).contains("board ")).collect();
    let parts: Vec<&Recorded> = parts.into_iter().filter(|x| !content(x).contains("Open · round 1 · board")).collect();
    assert!(parts.len() >= 2, "{} parts", parts.len());
    let mut pinged = vec![];
    let mut lines = 0;
    for p in &parts {
        let text = content(p);
        assert!(text.chars().count() <= 2000, "{} characters", text.chars().count());
        let mut named = mentions(&text);
        named.sort_unstable();
        assert_eq!(allowed_users(p), named, "a part pings whom it names");
        assert!(named.len() <= 100);
        pinged.extend(named);
        lines += text.lines().filter(|l| l.starts_with("board ")).count();
    }
    assert_eq!(lines, 32, "every board is named once");
    pinged.sort_unstable();
    assert_eq!(pinged, players, "every player is pinged once");
    // Each board: both players pinged in its thread, both panels sent by DM.
    for b in &boards {
        let first = posts_to(&all, b.thread).remove(0);
        assert!(content(&first).starts_with(&format!("<@{}> <@{}> ", b.red, b.blue)), "{}", content(&first));
        for p in [b.red, b.blue] {
            let dm = h.fake.dm_channel_of(p).await.expect("a DM");
            let ok = format!("jq:ok:{}", b.game);
            assert!(posts_to(&all, dm).iter().any(|x| custom_ids(x).contains(&ok)), "{p}'s panel for #{}", b.game);
        }
    }
}

/// A round where one player has left the server: Discord refuses their DM (50278, no mutual
/// guilds). They are told in their game's thread, and the other boards still open with their
/// panels.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_opens_when_one_player_left_the_server() {
    let mut h = Harness::start("left", false).await;
    let create = [("name", json!("Spring")), ("format", json!(FORMAT_ROUND_ROBIN))];
    posts(&mut h, ALICE, CHANNEL_ID, &["tournament", "create"], &create, "Tournament #1 \"Spring\" is open").await;
    for p in STRENGTH {
        posts(&mut h, p, CHANNEL_ID, &["tournament", "join"], &[("id", json!(1))], "joined tournament #1").await;
    }
    // Alice has left the server: Discord refuses to deliver her DMs.
    h.fake.leave_server(ALICE.0).await;
    command(&mut h, ALICE, CHANNEL_ID, &["tournament", "start"], &[("id", json!(1))]).await;
    let (_, boards) = every_board_opens(&mut h, "Spring", 1, 2).await;
    let all = h
        .fake
        .wait_for(30, "panels and the notice", |r| {
            boards.iter().all(|b| {
                [b.red, b.blue].iter().all(|p| {
                    let ok = format!("jq:ok:{}", b.game);
                    *p == ALICE.0
                        || r.iter().any(|x| {
                            x.status < 300 && x.path.contains("/messages") && custom_ids(x).contains(&ok) && {
                                let dm = x.path.split('/').nth(4).and_then(|c| c.parse::<u64>().ok());
                                dm.is_some_and(|c| c != b.thread && c != CHANNEL_ID)
                            }
                        })
                })
            }) && boards.iter().any(|b| {
                posts_to(r, b.thread)
                    .iter()
                    .any(|x| content(x).starts_with(&format!("<@{}>", ALICE.0)) && allowed_users(x) == vec![ALICE.0])
            })
        })
        .await;
    let refused = all.iter().filter(|x| x.response["code"] == 50278).count();
    assert!(refused >= 1, "Alice's DM was refused");
    let alices = boards.iter().find(|b| b.red == ALICE.0 || b.blue == ALICE.0).expect("Alice plays");
    let notice = posts_to(&all, alices.thread)
        .into_iter()
        .find(|x| content(x).starts_with(&format!("<@{}>", ALICE.0)) && allowed_users(x) == vec![ALICE.0])
        .expect("Alice is told in her thread, pinged alone");
    assert!(content(&notice).contains("/junqi deploy"), "{}", content(&notice));
}
