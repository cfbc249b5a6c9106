//! Issue 17, "in play": games against the bot (`vs bot level=…` in the local mode), a seat handed
//! to the bot and taken back (`auto N on|off`), and the limit of 托管 on timeout
//! (`on-timeout=auto-move:N`). Also the generator of the golden transcript of a whole game against
//! the bot (`JUNQI_REGENERATE=1`).

use super::{cmd, referee_with};
use junqi_referee::local::{parse_line, transcript};
use junqi_referee::referee::{Action, Effect, Locale, ManualClock, Referee, RefereeError};
use junqi_referee::rules::rng::Rng;
use std::sync::Arc;

/// The effects' texts, public and private, one per effect.
fn texts(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Public { text, .. } => Some(text.clone()),
            Effect::Private { user, text, .. } => Some(format!("to {user}: {text}")),
            _ => None,
        })
        .collect()
}

/// Runs a local command line (`alice: vs bot`) on the referee.
async fn line(r: &Referee, n: &mut usize, text: &str) -> Result<Vec<Effect>, String> {
    *n += 1;
    let l = parse_line(text).map_err(|e| e.to_string())?;
    r.handle(cmd(&l.user, &format!("l{n}"), l.action)).await.map_err(|e| e.message(Locale::En))
}

/// Plays `user`'s side with legal actions drawn from `seed` until the game is over (or `cap`
/// plies of theirs); returns every command line and every effect.
async fn play_out(
    r: &Referee,
    n: &mut usize,
    game: i64,
    user: &str,
    seed: u64,
    cap: usize,
) -> (Vec<String>, Vec<Effect>) {
    let mut rng = Rng::new(seed);
    let (mut lines, mut all) = (Vec::new(), Vec::new());
    for _ in 0..cap {
        let legal = r.legal_actions(game, user).await.unwrap();
        if legal.is_empty() {
            break;
        }
        let text = format!("{user}: move {game} {}", legal[rng.below(legal.len())]);
        all.extend(line(r, n, &text).await.unwrap());
        lines.push(text);
    }
    (lines, all)
}

#[tokio::test]
async fn a_whole_game_against_the_bot_in_the_local_mode() {
    let (r, _db) = referee_with("vs-bot", Arc::new(ManualClock::new(super::NOW))).await;
    let mut n = 0;
    let mut all = line(&r, &mut n, "alice: vs bot level=greedy").await.unwrap();
    let t = texts(&all).join("\n");
    // The bot accepted at once and deployed; only alice is asked for a deployment.
    assert!(t.contains("alice challenges bot:greedy (the bot) to game #1: junqi, dark (hidden pieces, referee), rules standard, no time limit."), "{t}");
    assert!(t.contains("Game #1 is on: Red alice, Blue bot:greedy"), "{t}");
    assert!(t.contains("Game #1: Blue has deployed."), "{t}");
    assert!(t.contains("to alice: Game #1: you play Red"), "{t}");
    all.extend(line(&r, &mut n, "alice: deploy 1 random").await.unwrap());
    let (_, rest) = play_out(&r, &mut n, 1, "alice", 17, 2_000).await;
    all.extend(rest);
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!(row.status, "finished", "the game is played to its end");
    let t = texts(&all);
    // Every one of the bot's plies is announced as the bot's; it is told nothing in private and
    // is sent no board.
    assert!(t.iter().filter(|x| x.starts_with("The bot's move: #1")).count() > 10, "{t:?}");
    assert!(!t.iter().any(|x| x.starts_with("to bot:")), "{t:?}");
    assert!(!all.iter().any(|e| matches!(e, Effect::Render { for_user: Some(u), .. } if u.starts_with("bot:"))));
    // Unrated, and said so.
    assert!(t.iter().any(|x| x == "Game #1 was played against the bot, so it is not rated."), "{t:?}");
    assert!(!t.iter().any(|x| x.contains("is rated")), "{t:?}");
    // Its record replays.
    assert!(r.record(1).await.unwrap().contains("bot:greedy"));
}

/// 翻棋 against the bot (issue 17: "then 翻棋"): no deployment, the deal is the referee's; the
/// bot flips and moves from what its seat was told and the game is played to its end.
#[tokio::test]
async fn a_whole_flip_game_against_the_bot_in_the_local_mode() {
    let (r, _db) = referee_with("vs-bot-flip", Arc::new(ManualClock::new(super::NOW))).await;
    let mut n = 0;
    let mut all = line(&r, &mut n, "alice: vs bot variant=junqi-flip level=search").await.unwrap();
    let t = texts(&all).join("\n");
    assert!(t.contains("alice challenges bot:search (the bot) to game #1: junqi-flip"), "{t}");
    let (_, rest) = play_out(&r, &mut n, 1, "alice", 5, 2_000).await;
    all.extend(rest);
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!(row.status, "finished", "the game is played to its end");
    let t = texts(&all);
    assert!(t.iter().filter(|x| x.starts_with("The bot's move: #1")).count() > 10, "{t:?}");
    assert!(!t.iter().any(|x| x.starts_with("to bot:")), "{t:?}");
    assert!(t.iter().any(|x| x == "Game #1 was played against the bot, so it is not rated."), "{t:?}");
    assert!(r.record(1).await.unwrap().contains("bot:search"));
}

#[tokio::test]
async fn the_bot_refuses_kinds_it_does_not_play_and_levels_it_lacks_in_three_languages() {
    let (r, _db) = referee_with("vs-bot-refusals", Arc::new(ManualClock::new(super::NOW))).await;
    let mut n = 0;
    let e = line(&r, &mut n, "alice: vs bot variant=draughts").await.unwrap_err();
    assert!(e.starts_with("The bot does not play draughts; it plays junqi, junqi4, junqi4-duel, junqi-flip"), "{e}");
    let l = parse_line("alice: challenge bot variant=draughts").unwrap();
    let Err(RefereeError::Rejected { mistake, .. }) = r.handle(cmd("alice", "zh", l.action.clone())).await else {
        panic!("refused")
    };
    let (hans, hant) = (mistake.render(Locale::ZhHans), mistake.render(Locale::ZhHant));
    assert!(hans.starts_with("机器人不会下 draughts；它会下：junqi, junqi4, junqi4-duel, junqi-flip。"), "{hans}");
    assert!(hant.starts_with("機器人不會下 draughts"), "{hant}");
    let e = line(&r, &mut n, "alice: vs bot level=genius").await.unwrap_err();
    assert!(e.contains("'genius' is not a level of the bot: random, greedy or search"), "{e}");
    // Nothing was stored.
    assert!(r.game_row(1).await.unwrap().is_none());
    // A level is for the bot only.
    assert!(parse_line("alice: challenge bob level=greedy").is_err());
    assert!(parse_line("alice: vs bob").is_err());
    assert_eq!(
        parse_line("alice: challenge bot level=search").unwrap().action,
        Action::Challenge {
            opponent: Some("bot:search".into()),
            variant: "junqi".into(),
            mode: String::new(),
            rules: String::new(),
            time: "none".into()
        }
    );
}

/// A game between alice (Red) and bob (Blue), deployed, Red to move.
async fn two_players(r: &Referee, n: &mut usize, options: &str) {
    line(r, n, &format!("alice: challenge bob {options}")).await.unwrap();
    line(r, n, "bob: accept 1").await.unwrap();
    line(r, n, "alice: deploy 1 random").await.unwrap();
    line(r, n, "bob: deploy 1 random").await.unwrap();
}

#[tokio::test]
async fn a_player_hands_their_seat_to_the_bot_and_takes_it_back() {
    let (r, _db) = referee_with("auto-on-off", Arc::new(ManualClock::new(super::NOW))).await;
    let mut n = 0;
    two_players(&r, &mut n, "").await;
    // Red's turn: handing over makes the bot move for Red at once.
    let t = texts(&line(&r, &mut n, "alice: auto 1 on").await.unwrap());
    assert!(t[0].starts_with("Game #1: Red (alice) hands the seat to the bot (托管)"), "{t:?}");
    assert!(t[1].starts_with("Red (alice) handed the seat over; the bot moves for them (托管). #1 ply 1"), "{t:?}");
    assert!(t.iter().any(|x| x == "Game #1: Blue (bob) to move."), "{t:?}");
    // bob cannot hand his seat over too: someone must play.
    let e = line(&r, &mut n, "bob: auto 1 on").await.unwrap_err();
    assert_eq!(e, "Game #1: the bot already plays every other seat, so yours stays with you.");
    // Each of bob's moves is answered by the bot at once.
    let bob = r.legal_actions(1, "bob").await.unwrap();
    let t = texts(&line(&r, &mut n, &format!("bob: move 1 {}", bob[0])).await.unwrap());
    assert!(t.iter().any(|x| x.starts_with("Red (alice) handed the seat over; the bot moves")), "{t:?}");
    assert!(r.legal_actions(1, "alice").await.unwrap().is_empty(), "Blue to move again");
    // alice takes it back: the bot no longer moves for her.
    let t = texts(&line(&r, &mut n, "alice: auto 1 off").await.unwrap());
    assert_eq!(t, ["Game #1: Red (alice) takes the seat back from the bot and moves again."]);
    let bob = r.legal_actions(1, "bob").await.unwrap();
    let t = texts(&line(&r, &mut n, &format!("bob: move 1 {}", bob[0])).await.unwrap());
    assert!(!t.iter().any(|x| x.contains("the bot moves")), "{t:?}");
    assert!(!r.legal_actions(1, "alice").await.unwrap().is_empty(), "Red moves herself");
    // In Chinese.
    let l = parse_line("alice: 托管 1 on").unwrap();
    assert_eq!(l.action, Action::Auto(1, true));
    assert!(parse_line("alice: auto 1 maybe").is_err());
}

#[tokio::test]
async fn auto_move_on_timeout_stops_after_its_limit() {
    let clock = ManualClock::new(super::NOW);
    let (r, _db) = referee_with("auto-move-limit", Arc::new(clock.clone())).await;
    let mut n = 0;
    two_players(&r, &mut n, "time=30s on-timeout=auto-move:2").await;
    let row = r.game_row(1).await.unwrap().unwrap();
    assert_eq!(row.rules, "on-timeout=auto-move:2", "normal form");
    let mut said = Vec::new();
    // Red times out twice (the bot moves for Red), Blue answers each; the third timeout loses.
    for round in 0..3 {
        clock.advance(31);
        said.extend(texts(&r.tick().await.unwrap()));
        if round < 2 {
            let bob = r.legal_actions(1, "bob").await.unwrap();
            line(&r, &mut n, &format!("bob: move 1 {}", bob[0])).await.unwrap();
        }
    }
    let bot = said.iter().filter(|x| x.starts_with("Red (alice) ran out of time; the bot moves for them")).count();
    assert_eq!(bot, 2, "{said:?}");
    assert!(said.iter().any(|x| x.starts_with("Game #1 is over: Blue (bob) wins")), "{said:?}");
    // `auto-move` alone allows three.
    let l = parse_line("carol: challenge dave on-timeout=auto-move").unwrap();
    r.handle(cmd("carol", "c2", l.action)).await.unwrap();
    assert_eq!(r.game_row(2).await.unwrap().unwrap().rules, "on-timeout=auto-move:3");
}

/// The golden transcript of a whole game against the bot (`tests/transcripts/77-…`): with
/// `JUNQI_REGENERATE=1`, its command lines are made again by playing alice's side with legal
/// moves drawn from a fixed seed on the transcripts' clock (the transcripts test then fills in the
/// effects); otherwise it checks the file plays a game to its end.
#[tokio::test]
async fn the_golden_game_against_the_bot_is_played_to_its_end() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts/77-vs-bot-whole-game.txt");
    const HEAD: &str = "# Issue 17: a whole game against the bot in the local mode (vs bot level=greedy). The bot\n# accepts, deploys and moves at once; alice's moves are legal moves drawn from a fixed seed\n# (tests/referee/bot.rs makes them again with JUNQI_REGENERATE=1).\n";
    if std::env::var_os("JUNQI_REGENERATE").is_some() {
        let db = std::env::temp_dir().join(format!("junqi-vs-bot-golden-{}.db", std::process::id()));
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", db.display()));
        }
        let store = junqi_referee::store::Store::open(&db, junqi_referee::store::Durability::Normal).await.unwrap();
        let clock = ManualClock::new(transcript::T0);
        let (r, _) = Referee::start(store, Arc::new(clock)).await.unwrap();
        let mut n = 0;
        let mut lines = vec!["alice: vs bot level=greedy".to_string(), "alice: deploy 1 random".to_string()];
        for l in &lines {
            line(&r, &mut n, l).await.unwrap();
        }
        let (moves, _) = play_out(&r, &mut n, 1, "alice", 75, 2_000).await;
        lines.extend(moves);
        lines.push("alice: show 1".into());
        std::fs::write(&path, format!("{HEAD}{}\n", lines.join("\n"))).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(HEAD));
    assert!(text.contains("> public: Game #1 is over:"), "the transcript plays the game to its end");
    assert!(text.contains("> public: The bot's move: #1"));
}
