//! 陆海空三军棋 (issue 14) through the real client and the fake Discord: a challenge with
//! `variant=sanjun`, deployments confirmed from the DM panels (the random layouts they suggest),
//! legal moves offered by autocomplete, a land piece sent onto the sea refused in private, the
//! result, and the record exported with its variant tag.

use serde_json::json;

use super::{
    ALICE, BOB, Harness, command_answer, command_posts, content, custom_ids, posts_to, said, threads_made, wait_post,
};
use crate::support::fake_discord::{CHANNEL_ID, payload};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sanjun_plays_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(false).await;
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string())), ("variant", json!("陆海空"))];
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > before).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&msg).contains("to game #1: sanjun, dark"), "{}", content(&msg));
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), &accept)).await;
    let all = h
        .fake
        .wait_for(120, "thread and panels", |r| {
            !threads_made(r).is_empty()
                && r.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).count() >= 2
        })
        .await;
    let thread = *threads_made(&all).last().unwrap();
    // Each player confirms, by DM, the random layout its panel suggests.
    for who in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::button(id, who, None, "jq:ok:1")).await;
        h.answered(id).await;
    }
    wait_post(&mut h, thread, 0, "Game #1 begins").await;
    // A land piece (g6 always holds one: a deployment puts land pieces on every marked land
    // point) sent onto the sea: refused in private by its class, in the player's language.
    let r = command_answer(&mut h, ALICE, thread, "move", &[("from", json!("g6")), ("to", json!("g9"))]).await;
    assert!(r.iter().any(|x| said(x, "land pieces never stand at sea", "陆军棋子从不在海上")), "{r:?}");
    // Autocomplete offers the legal moves; each side plays one.
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty() && offered.iter().all(|a| a.contains('-')), "{offered:?}");
    command_posts(&mut h, ALICE, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty(), "Blue has moves");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    command_posts(&mut h, BOB, thread, "resign", &[], "is over").await;
    let all = h.fake.requests().await;
    let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
    assert!(over.contains("Red") && over.contains("wins — resignation"), "{over}");
    let r = command_answer(&mut h, BOB, thread, "export", &[("id", json!(1))]).await;
    let text: String =
        r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    let text = if text.is_empty() { r.iter().map(content).collect::<String>() } else { text };
    assert!(
        text.contains("[Variant \"sanjun\"]") && text.contains("[RedSetup \"") && text.contains("resign"),
        "{text}"
    );
}
