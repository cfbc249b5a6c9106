//! 海军棋 and 二十一世紀海軍棋 (issue 15) through the real client and the fake Discord: a challenge
//! with `variant=海军棋` (or `二十一世紀海軍棋`), deployments confirmed from the DM panels (the random layouts they suggest),
//! a move from an empty harbour refused in private, legal moves offered by autocomplete, the
//! result, and the record exported with its variant tag.

use serde_json::json;

use super::{ALICE, BOB, Harness, begin_by_panels, command_answer, command_posts, content, posts_to, said};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn haijun_plays_from_challenge_to_result_on_discord() {
    // Safe camps start empty (§3): a move from b3 is refused.
    naval_game_to_a_result("海军棋", "haijun", "b3").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn haijun21_plays_from_challenge_to_result_on_discord() {
    // Blue's dock c12 holds Blue's flag, never a Red piece.
    naval_game_to_a_result("二十一世紀海軍棋", "haijun21", "c12").await;
}

/// One game of a naval kind, challenged by the name `alias`, catalogued as `key`: a move from
/// `empty`, where Red never has a piece at the start, is refused in private.
async fn naval_game_to_a_result(alias: &str, key: &str, empty: &str) {
    let mut h = Harness::start(false).await;
    let (thread, panels) = begin_by_panels(&mut h, alias, &format!("to game #1: {key}, dark")).await;
    // The DM panels carry the layout as an image drawn by the sea art.
    assert!(panels.iter().all(|p| p.files.iter().any(|f| f.2.starts_with(b"\x89PNG"))), "panel images");
    // A move from a point Red never holds at the start is refused in private, nothing changes.
    let to = if empty == "c12" { "c11" } else { "b4" };
    let r = command_answer(&mut h, ALICE, thread, "move", &[("from", json!(empty)), ("to", json!(to))]).await;
    let (en, zh) = (format!("no piece of yours on {empty}"), format!("{empty} 上没有你的棋子"));
    assert!(r.iter().any(|x| said(x, &en, &zh)), "{r:?}");
    // Autocomplete offers the legal moves; each side plays one.
    let offered = h.complete(ALICE, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty() && offered.iter().all(|a| a.contains('-')), "{offered:?}");
    command_posts(&mut h, ALICE, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    let offered = h.complete(BOB, thread, "play", &[("action", "")], "action").await;
    assert!(!offered.is_empty(), "Blue has moves");
    command_posts(&mut h, BOB, thread, "play", &[("action", json!(offered[0]))], &offered[0]).await;
    command_posts(&mut h, ALICE, thread, "resign", &[], "is over").await;
    let all = h.fake.requests().await;
    let over = posts_to(&all, thread).iter().map(content).find(|c| c.contains("is over")).unwrap();
    assert!(over.contains("Blue") && over.contains("wins — resignation"), "{over}");
    let r = command_answer(&mut h, BOB, thread, "export", &[("id", json!(1))]).await;
    let text: String =
        r.iter().flat_map(|x| x.files.iter()).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    let text = if text.is_empty() { r.iter().map(content).collect::<String>() } else { text };
    assert!(
        text.contains(&format!("[Variant \"{key}\"]")) && text.contains("[RedSetup \"") && text.contains("resign"),
        "{text}"
    );
}
