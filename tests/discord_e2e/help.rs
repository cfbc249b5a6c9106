//! `/junqi help` through the fake Discord (issue 21 item 6): the commands, a game's rules and
//! the legend of its board, privately, in the member's language, each message within Discord's
//! 2,000 characters.

use serde_json::json;

use crate::support::fake_discord::{CHANNEL_ID, Recorded, payload};
use crate::support::harness::{Harness, posts_to};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");

/// The callback's data of interaction `id`.
fn answer_of(all: &[Recorded], id: u64) -> serde_json::Value {
    let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
    cb.json.as_ref().unwrap()["data"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_answers_privately_with_the_commands_the_rules_and_the_legend() {
    let mut h = Harness::start("help", false).await;
    // The commands, as registered (help among them).
    let id = h.id();
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "help", &[])).await;
    let data = answer_of(&h.fake.requests().await, id);
    let text = data["content"].as_str().unwrap_or_default().to_string();
    assert_eq!(data["flags"], 64, "privately");
    // In alice's zh-CN, by their Chinese names.
    assert!(text.contains("`挑战`") && text.contains("`帮助`"), "{text}");
    // A game's rules (topic 1: rules), in the member's language (the payload's zh-CN).
    let id = h.id();
    let opts = [("topic", json!(1)), ("game", json!("tiaoqi"))];
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "help", &opts)).await;
    let data = answer_of(&h.fake.requests().await, id);
    let text = data["content"].as_str().unwrap_or_default();
    assert!(text.starts_with("# 跳棋规则") && text.contains("`docs/rules/tiaoqi.zh-Hans.md`"), "{text}");
    assert!(text.chars().count() <= 2000);
    // The legend of the 4-player board (topic 2).
    let id = h.id();
    let opts = [("topic", json!(2)), ("game", json!("junqi4"))];
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "help", &opts)).await;
    let all = h.fake.requests().await;
    let text = answer_of(&all, id)["content"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("司令") && text.contains("同归于尽"), "{text}");
    assert!(posts_to(&all, CHANNEL_ID).is_empty(), "nothing public");
}
