//! 陆海空三军棋 (issue 14) through the real client and the fake Discord: a challenge with
//! `variant=sanjun`, deployments confirmed from the DM panels (the random layouts they suggest),
//! legal moves offered by autocomplete, a land piece sent onto the sea refused in private, the
//! result, and the record exported with its variant tag.

use serde_json::json;

use super::{ALICE, BOB, Harness, begin_by_panels, command_answer, command_posts, content, posts_to, said};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sanjun_plays_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(false).await;
    let (thread, _) = begin_by_panels(&mut h, "陆海空", "to game #1: sanjun, dark").await;
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
