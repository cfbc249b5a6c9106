//! QQ-style time rules through the fake Discord (issue 21 point 4): a 10-second clock per move
//! with `on-timeout=skip:2` (a timeout skips the turn, the second loses) and a total clock
//! `time=10m+30s` whose expiry ends the game — as the game's thread is told. Time is the
//! referee's test clock ([`Harness::with_clock`]): the test moves it past each deadline and the
//! bot's own clock loop applies what is due, so no test waits for a real deadline.
//!
//! A takeback asked for while the opponent's clock runs does not stop it (like a draw offer): the
//! deadline passes, the timeout applies, and the offer lapses with it.

use serde_json::{Value, json};

use crate::support::fake_discord::{CHANNEL_ID, Recorded, payload};
use crate::support::harness::{Harness, content, custom_ids, posts_to, threads_made};

const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";
const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
/// How the thread names each player: a mention.
const RED: &str = "Red (<@100000000000000001>)";
const BLUE: &str = "Blue (<@100000000000000002>)";

/// Challenges Bob with `opts`, has him accept, both deploy [`LAYOUT`] through their panels' Edit
/// form; returns (game, thread) once the game has begun.
async fn begin(h: &mut Harness, opts: &[(&str, Value)]) -> (u64, u64) {
    let before = h.fake.requests().await;
    let (posts, threads) = (posts_to(&before, CHANNEL_ID).len(), threads_made(&before).len());
    let mut all_opts = vec![("opponent", json!(BOB.0.to_string()))];
    all_opts.extend(opts.iter().cloned());
    let id = h.id();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &all_opts)).await;
    let all = h.fake.wait_for(20, "the challenge", |r| posts_to(r, CHANNEL_ID).len() > posts).await;
    let msg = posts_to(&all, CHANNEL_ID).pop().unwrap();
    let accept = custom_ids(&msg).into_iter().find(|c| c.starts_with("jq:acc:")).expect("an Accept button");
    let game: u64 = accept["jq:acc:".len()..].parse().unwrap();
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), &accept)).await;
    let all = h.fake.wait_for(20, "the thread", |r| threads_made(r).len() > threads).await;
    let thread: u64 = threads_made(&all).last().unwrap().response["id"].as_str().unwrap().parse().unwrap();
    for p in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::modal(id, p, None, &format!("jq:edit-m:{game}"), &[("layout", LAYOUT)])).await;
        h.answered(id).await;
    }
    wait_said(h, thread, 0, &format!("Game #{game} begins")).await;
    (game, thread)
}

/// Waits for a post in `channel`, after its first `skip`, containing `text`; returns the post.
async fn wait_said(h: &Harness, channel: u64, skip: usize, text: &str) -> String {
    let all =
        h.fake.wait_for(20, text, |r| posts_to(r, channel).iter().skip(skip).any(|x| content(x).contains(text))).await;
    posts_to(&all, channel).iter().skip(skip).map(content).find(|c| c.contains(text)).unwrap()
}

/// How many posts `channel` has had so far.
async fn posted(h: &Harness, channel: u64) -> usize {
    posts_to(&h.fake.requests().await, channel).len()
}

/// Moves the test clock by `secs`, past a deadline, and waits for what the thread is told.
async fn time_passes(h: &Harness, thread: u64, secs: i64, expect: &str) -> String {
    let n = posted(h, thread).await;
    h.clock.as_ref().expect("a test clock").advance(secs);
    wait_said(h, thread, n, expect).await
}

/// Runs a command and returns its answers.
async fn answer(h: &mut Harness, who: (u64, &str), channel: u64, sub: &str, opts: &[(&str, Value)]) -> Vec<Recorded> {
    let id = h.id();
    let id = h.interact(payload::command(id, who, channel, sub, opts)).await;
    h.answered(id).await
}

/// Whether an answer says `en`, or in Chinese `zh`.
fn said(r: &[Recorded], en: &str, zh: &str) -> bool {
    r.iter().map(content).any(|c| c.contains(en) || c.contains(zh))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_skips_the_turn_the_second_loses_and_a_pending_takeback_lapses() {
    let mut h = Harness::with_clock("clock-skip").await;
    // Shorter than ten seconds is refused, in private; ten seconds is a clock.
    let r = answer(&mut h, ALICE, CHANNEL_ID, "challenge", &[("time", json!("5s"))]).await;
    assert!(
        said(&r, "the shortest is 10 seconds (10s)", "最短为10秒（10s）"),
        "{:?}",
        r.iter().map(content).collect::<Vec<_>>()
    );
    let opts = [("time", json!("10s")), ("rules", json!("on-timeout=skip:2"))];
    let (game, thread) = begin(&mut h, &opts).await;
    let challenge = posts_to(&h.fake.requests().await, CHANNEL_ID).into_iter().map(|x| content(&x)).collect::<String>();
    assert!(challenge.contains("on-timeout=skip:2") && challenge.contains("10 s per move"), "{challenge}");
    // Red moves quietly and asks to take it back; Blue, to move, lets the request stand.
    let n = posted(&h, thread).await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!("a6")), ("to", json!("b5"))])).await;
    wait_said(&h, thread, n, "a6-b5").await;
    let n = posted(&h, thread).await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "takeback", &[("action", json!(0))])).await;
    wait_said(&h, thread, n, "asks to take back move 1").await;
    // Blue's ten seconds pass: the clock ran on through the request; Blue's turn is skipped and the
    // thread is told how many timeouts lose.
    let skipped = time_passes(&h, thread, 11, "the turn is skipped").await;
    assert!(
        skipped.contains(&format!(
            "Game #{game}: {BLUE} ran out of time; the turn is skipped (timeout 1; timeout 2 loses)."
        )) && skipped.contains(&format!("{RED} to move")),
        "{skipped}"
    );
    // The request lapsed with the timeout: its Accept button is answered, and changes nothing.
    let n = posted(&h, thread).await;
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, Some(thread), &format!("jq:tb-acc:{game}"))).await;
    let r = h.answered(id).await;
    assert!(
        said(&r, "obody asks for a takeback in game #1", "没有人请求悔棋"),
        "{:?}",
        r.iter().map(content).collect::<Vec<_>>()
    );
    assert!(!posts_to(&h.fake.requests().await, thread)[n..].iter().any(|x| content(x).contains("taken back")));
    // Red moves again (the skip gave the turn back), then lets the clock run out: skipped too.
    let r = answer(&mut h, ALICE, thread, "takeback", &[("action", json!(0))]).await;
    assert!(said(&r, "nly the player who made the last move", "只有走了最后一步的棋手"), "a skip is no move of Red's");
    let skipped = time_passes(&h, thread, 11, "the turn is skipped").await;
    assert!(skipped.contains(&format!("{RED} ran out of time; the turn is skipped (timeout 1;")), "{skipped}");
    // Blue's second timeout loses.
    let over = time_passes(&h, thread, 11, "is over").await;
    assert!(over.contains(&format!("Game #{game} is over: {RED} wins — time ran out")), "{over}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_total_clock_gains_its_increment_and_its_expiry_ends_the_game() {
    let mut h = Harness::with_clock("clock-total").await;
    let (game, thread) = begin(&mut h, &[("time", json!("10m+30s"))]).await;
    let challenge = posts_to(&h.fake.requests().await, CHANNEL_ID).into_iter().map(|x| content(&x)).collect::<String>();
    assert!(challenge.contains("a 10m+30s clock"), "{challenge}");
    wait_said(&h, thread, 0, &format!("Game #{game} clocks: Red 10:00, Blue 10:00.")).await;
    // Red thinks 20 s and moves: 9:40 left, plus 30 s.
    h.clock.as_ref().unwrap().advance(20);
    let n = posted(&h, thread).await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!("a6")), ("to", json!("b5"))])).await;
    wait_said(&h, thread, n, "Red 10:10, Blue 10:00").await;
    // Blue's ten minutes run out (no move in between): the game is over on time.
    let over = time_passes(&h, thread, 601, "is over").await;
    assert!(over.contains(&format!("Game #{game} is over: {RED} wins — time ran out")), "{over}");
}
