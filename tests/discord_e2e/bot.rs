//! Issue 17 on Discord, through the real client and the fake Discord: a challenge with the bot as
//! opponent (`/junqi challenge bot:greedy`) played to its end, alice's side driven by the test
//! with legal moves from autocomplete; and 托管 by hand (`/junqi play action:auto on|off`).

use serde_json::json;

use super::{ALICE, BOB, Harness, begin_by_panels, content, custom_ids, posts_to, threads_made, wait_post};
use crate::support::fake_discord::{CHANNEL_ID, payload};
use junqi_referee::rules::rng::Rng;

/// `/junqi challenge bot:` choices are sent as their index: random, greedy, search.
const GREEDY: i64 = 1;

/// Plays `action` for `who` with `/junqi play` and waits for a post of the thread, after those
/// already there, containing one of `expect`; returns the posts that came.
async fn play(h: &mut Harness, who: (u64, &str), thread: u64, action: &str, expect: &[&str]) -> Vec<String> {
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, who, thread, "play", &[("action", json!(action))])).await;
    let all = h
        .fake
        .wait_for(20, expect[0], |r| {
            posts_to(r, thread).iter().skip(n).any(|x| expect.iter().any(|e| content(x).contains(e)))
        })
        .await;
    posts_to(&all, thread).iter().skip(n).map(content).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot_on_discord() {
    let mut h = Harness::start(false).await;
    let id = h.id();
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &[("bot", json!(GREEDY))])).await;
    let all = h
        .fake
        .wait_for(20, "thread and panel", |r| {
            !threads_made(r).is_empty() && r.iter().any(|x| custom_ids(x).contains(&"jq:ok:1".to_string()))
        })
        .await;
    let challenge = posts_to(&all, CHANNEL_ID).iter().skip(before).map(content).collect::<Vec<_>>().join("\n");
    assert!(challenge.contains("challenges bot:greedy (the bot) to game #1"), "{challenge}");
    let thread = *threads_made(&all).last().unwrap();
    // The bot deployed at once; alice confirms the layout her DM panel suggests.
    let id = h.id();
    let id = h.interact(payload::button(id, ALICE, None, "jq:ok:1")).await;
    h.answered(id).await;
    wait_post(&mut h, thread, 0, "Game #1 begins").await;
    let mut rng = Rng::new(17);
    let mut bot_moves = 0;
    for _ in 0..400 {
        let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
        assert!(!offered.is_empty(), "alice has a legal move while the game goes on");
        let pick = offered[rng.below(offered.len())].clone();
        let posts = play(&mut h, ALICE, thread, &pick, &["The bot's move", "is over"]).await;
        bot_moves += posts.iter().filter(|p| p.contains("The bot's move")).count();
        if posts.iter().any(|p| p.contains("is over")) {
            let all = h.fake.wait_for(20, "not rated", |r| {
                posts_to(r, thread).iter().any(|x| content(x).contains("played against the bot, so it is not rated"))
            });
            all.await;
            assert!(bot_moves > 5, "the bot answered each move ({bot_moves})");
            return;
        }
    }
    panic!("the game against the bot did not end in 400 of alice's moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_hands_the_seat_to_the_bot_on_discord_and_takes_it_back() {
    let mut h = Harness::start(false).await;
    let (thread, _) = begin_by_panels(&mut h, "junqi", "to game #1: junqi, dark").await;
    // Red's turn: alice hands over, and the bot moves for her at once.
    let posts = play(&mut h, ALICE, thread, "auto on", &["the bot moves for them"]).await.join("\n");
    assert!(posts.contains("Red (<@") && posts.contains("hands the seat to the bot (托管)"), "{posts}");
    // bob moves; the bot answers for alice.
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    play(&mut h, BOB, thread, &offered[0], &["handed the seat over; the bot moves for them"]).await;
    // alice takes it back; bob's next move is answered by nobody until alice moves.
    play(&mut h, ALICE, thread, "auto off", &["takes the seat back from the bot"]).await;
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    let posts = play(&mut h, BOB, thread, &offered[0], &["to move"]).await.join("\n");
    assert!(!posts.contains("the bot moves"), "{posts}");
    let mine = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert!(!mine.is_empty(), "alice moves herself again");
}
