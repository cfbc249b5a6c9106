//! 海陆空三军战斗棋 (`sanjun30`, issue 14) through the real client and the fake Discord: a
//! challenge named by its Chinese name, the deployment panels sent by DM (each showing the random
//! layout it suggests, confirmed by its button), legal moves offered by autocomplete, a move its
//! piece's class forbids refused in private in the player's language, each ply announced in the
//! game's thread, the result, and the record exported with its variant tag.

use serde_json::json;

use super::{
    ALICE, BOB, Harness, command_answer, command_posts, content, custom_ids, posts_to, said, threads_made, wait_post,
};
use crate::support::fake_discord::{CHANNEL_ID, payload};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sanjun30_plays_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(false).await;
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string())), ("variant", json!("海陆空三军战斗棋"))];
    let before = posts_to(&h.fake.requests().await, CHANNEL_ID).len();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let all = h.fake.wait_for(10, "challenge message", |r| posts_to(r, CHANNEL_ID).len() > before).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    assert!(content(&msg).contains("to game #1: sanjun30, dark"), "{}", content(&msg));
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), &accept)).await;
    // Each player gets the panel by DM: the suggested layout as an image, with its Confirm button.
    // The 陆海空 panels (a layout image, the editor's menus learnt from pictures of exchanges)
    // take longer than Junqi's in a debug build on a busy machine: a minute, not 20 s.
    let all = h
        .fake
        .wait_for(60, "thread and panels", |r| {
            !threads_made(r).is_empty()
                && r.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).count() >= 2
        })
        .await;
    let panels: Vec<_> = all.iter().filter(|x| custom_ids(x).contains(&"jq:ok:1".to_string())).collect();
    assert!(panels.iter().all(|p| !p.files.is_empty()), "each panel shows its layout");
    let thread = *threads_made(&all).last().unwrap();
    for who in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::button(id, who, None, "jq:ok:1")).await;
        h.answered(id).await;
    }
    wait_post(&mut h, thread, 0, "Game #1 begins").await;
    // g6 always holds a land piece (every marked land point is filled); sent onto the sea it is
    // refused by its class — or, a mine or a trap, because it never moves — privately.
    let r = command_answer(&mut h, ALICE, thread, "move", &[("from", json!("g6")), ("to", json!("g9"))]).await;
    assert!(
        r.iter().any(|x| said(x, "cannot go from g6 to g9", "不能从 g6 走到 g9") || said(x, "never moves", "不能走动")),
        "{r:?}"
    );
    // Autocomplete offers the legal moves, written from-to; each side plays one, announced.
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty() && offered.iter().all(|a| a.contains('-')), "{offered:?}");
    command_posts(&mut h, ALICE, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty(), "Blue has moves");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    let all = h.fake.requests().await;
    let posts: Vec<String> = posts_to(&all, thread).iter().map(content).collect();
    assert!(posts.iter().any(|c| c.contains("ply 1: Red")), "{posts:?}");
    assert!(posts.iter().any(|c| c.contains("ply 2: Blue")), "{posts:?}");
    command_posts(&mut h, ALICE, thread, "resign", &[], "is over").await;
    let all = h.fake.requests().await;
    let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
    assert!(over.contains("Blue") && over.contains("wins — resignation"), "{over}");
    let r = command_answer(&mut h, BOB, thread, "export", &[("id", json!(1))]).await;
    let text: String =
        r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    let text = if text.is_empty() { r.iter().map(content).collect::<String>() } else { text };
    assert!(
        text.contains("[Variant \"sanjun30\"]") && text.contains("[BlueSetup \"") && text.contains("resign"),
        "{text}"
    );
}
