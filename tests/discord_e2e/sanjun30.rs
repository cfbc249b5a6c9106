//! 海陆空三军战斗棋 (`sanjun30`, issue 14) through the real client and the fake Discord: a
//! challenge named by its Chinese name, the deployment panels sent by DM (each showing the random
//! layout it suggests, confirmed by its button), legal moves offered by autocomplete, a move its
//! piece's class forbids refused in private in the player's language, each ply announced in the
//! game's thread, the result, and the record exported with its variant tag.

use serde_json::json;

use super::{ALICE, BOB, Harness, command_answer, command_posts, content, posts_to, said};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sanjun30_plays_from_challenge_to_result_on_discord() {
    let mut h = Harness::start(false).await;
    let (thread, panels) = super::begin_by_panels(&mut h, "海陆空三军战斗棋", "to game #1: sanjun30, dark").await;
    // Each panel came by DM with the layout it suggests as an image.
    assert!(panels.iter().all(|p| !p.files.is_empty()), "each panel shows its layout");
    // g6 always holds a land piece (every marked land point is filled); sent onto the sea it is
    // refused privately: by its class, or because it never moves (a mine, a trap), or — a piece
    // whose class may reach the sea some other way (the panel's layout is random) — because it
    // cannot get there from g6 now.
    let r = command_answer(&mut h, ALICE, thread, "move", &[("from", json!("g6")), ("to", json!("g9"))]).await;
    assert!(
        r.iter().any(|x| said(x, "cannot go from g6 to g9", "不能从 g6 走到 g9")
            || said(x, "never moves", "不能走动")
            || said(x, "the piece on g6 cannot go to g9", "g6 上的棋子现在不能走到 g9")),
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
