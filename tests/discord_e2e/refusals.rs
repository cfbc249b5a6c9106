//! What real Discord refuses, through the fake that refuses it too: a channel where the bot may
//! not post, an announcements option limited to text channels, command registration failing.

use serde_json::{Value, json};

use crate::support::fake_discord::{CHANNEL_ID, Fault, payload};
use crate::support::harness::{Harness, content, posts_to};

const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");

/// The registered `/junqi` subcommand `sub`.
fn registered(all: &[crate::support::fake_discord::Recorded], sub: &str) -> Value {
    let reg = all.iter().rev().find(|x| x.method == "PUT" && x.path.ends_with("/commands") && x.status < 300).unwrap();
    let junqi = &reg.json.as_ref().unwrap()[0];
    junqi["options"].as_array().unwrap().iter().find(|o| o["name"] == sub).cloned().expect(sub)
}

/// The bot lacks Send Messages in the channel where a challenge is made: the referee has the
/// challenge, Discord refuses its public post (50013). The challenger is told privately where
/// and why, with no apology for a fault of ours; the command is not undone, and once the
/// permission is back the next challenge posts normally.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_refused_for_missing_permissions_is_reported_and_the_command_stands() {
    let mut h = Harness::start("refused", false).await;
    h.fake.forbid(CHANNEL_ID).await;
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string()))];
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let r = h.answered(id).await;
    let all = h.fake.requests().await;
    assert!(all.iter().any(|x| x.response["code"] == 50013), "Discord refused the post");
    let told = r.iter().map(content).find(|c| c.contains(&format!("<#{CHANNEL_ID}>"))).expect("told where");
    assert!(told.contains("无法在"), "in Alice's language: {told}");
    assert!(!r.iter().any(|x| content(x).contains("参考编号")), "no apology: {r:?}");
    // The challenge stands: a second one between the same players is a new challenge (#2), and
    // it is posted once the bot may post again.
    h.fake.allow(CHANNEL_ID).await;
    let id = h.id();
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.answered(id).await;
    let all = h.fake.wait_for(20, "the next challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let posted = posts_to(&all, CHANNEL_ID);
    assert!(posted.iter().any(|x| format!("{:?}", x.json).contains("jq:acc:2")), "{posted:?}");
}

/// Discord offers only text and announcement channels for `/junqi settings announcements`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_announcements_option_takes_text_channels_only() {
    let h = Harness::start("channel-types", false).await;
    let settings = registered(&h.fake.requests().await, "settings");
    let option = settings["options"].as_array().unwrap().iter().find(|o| o["name"] == "announcements").unwrap();
    assert_eq!(option["channel_types"], json!([0, 5]), "{option}");
}

/// Command registration fails twice (500) and then succeeds: the bot retries with a backoff
/// and then answers commands (before, poise left its data unset and every event waited forever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_failing_twice_then_succeeding() {
    let mut h = Harness::unbooted("register", false).await;
    h.fake.inject_faults("PUT", "/commands", vec![Fault::ServerError, Fault::ServerError]).await;
    h.boot().await;
    let all = h.fake.requests().await;
    let tries: Vec<u16> =
        all.iter().filter(|x| x.method == "PUT" && x.path.ends_with("/commands")).map(|x| x.status).collect();
    assert_eq!(tries, [500, 500, 200]);
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string()))];
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
}

/// Discord refuses the registration for good (401, a bad token): the bot does not stay online
/// ignoring everyone; it stops with an error that says what failed (`serve` exits non-zero).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_refused_stops_the_bot_with_a_clear_error() {
    let h = Harness::unbooted("register-refused", false).await;
    h.fake.inject_faults("PUT", "/commands", vec![Fault::Status(401, "401: Unauthorized", 0)]).await;
    let e = h.run_to_end(30).await.expect_err("the bot stops");
    assert!(e.contains("could not register the slash commands"), "{e}");
    assert!(e.contains("Unauthorized"), "{e}");
}
