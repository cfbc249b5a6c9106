//! The deployment panel's layout editor through the fake Discord: pick a piece, pick what it
//! swaps with, see the layout redrawn (the panel message edited with a new image), Confirm; a
//! swap that breaks a placement rule answered with the rule; the draft kept across a restart;
//! no menu over Discord's 25 options, on the 4-player board either.

use serde_json::{Value, json};

use crate::support::fake_discord::{CHANNEL_ID, Recorded, payload};
use crate::support::harness::{Harness, content, custom_ids, posts_to};

const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";
const ALICE: (u64, &str) = (100_000_000_000_000_001, "alice");
const BOB: (u64, &str) = (100_000_000_000_000_002, "bob");
const CAROL: (u64, &str) = (100_000_000_000_000_003, "carol");
const DAVE: (u64, &str) = (100_000_000_000_000_004, "dave");

/// The select menus of a message: (custom id, [(value, label)]).
fn menus(r: &Recorded) -> Vec<(String, Vec<(String, String)>)> {
    let rows = r.json.as_ref().and_then(|j| j["components"].as_array()).cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .map(|c| {
            let options = c["options"].as_array().cloned().unwrap_or_default();
            let options = options
                .iter()
                .map(|o| (o["value"].as_str().unwrap().to_string(), o["label"].as_str().unwrap().to_string()))
                .collect();
            (c["custom_id"].as_str().unwrap().to_string(), options)
        })
        .collect()
}

/// The editor's options in a panel answer (the first answer carrying editor menus).
fn editor(r: &[Recorded]) -> (Vec<String>, Vec<(String, String)>) {
    let panel =
        r.iter().rev().find(|x| custom_ids(x).iter().any(|c| c.starts_with("jq:pick-") || c.starts_with("jq:swap-")));
    let panel = panel.unwrap_or_else(|| panel_missing(r));
    let ms: Vec<_> =
        menus(panel).into_iter().filter(|(id, _)| id.starts_with("jq:pick-") || id.starts_with("jq:swap-")).collect();
    for (id, o) in &ms {
        assert!(o.len() <= 25 && id.len() <= 100, "{id}: {} options", o.len());
    }
    (ms.iter().map(|m| m.0.clone()).collect(), ms.into_iter().flat_map(|m| m.1).collect())
}

fn panel_missing(r: &[Recorded]) -> ! {
    panic!("no editor in {:?}", r.iter().map(content).collect::<Vec<_>>())
}

/// Two points holding pieces of different kinds that no placement rule binds (not the flag, a
/// mine or a bomb), so they may always swap.
fn free_pair(points: &[(String, String)]) -> (String, String) {
    let kind = |l: &str| l.split(' ').nth(1).unwrap_or("").to_string();
    let free: Vec<&(String, String)> =
        points.iter().filter(|x| !["军旗", "地雷", "炸弹"].contains(&kind(&x.1).as_str())).collect();
    let a = free[0];
    let b = free.iter().find(|x| kind(&x.1) != kind(&a.1)).expect("two kinds");
    (a.0.clone(), b.0.clone())
}

/// The layout the Edit form is filled with (the one the panel shows).
async fn shown(h: &mut Harness, who: (u64, &str)) -> String {
    let id = h.id();
    let id = h.interact(payload::button(id, who, None, "jq:edit:1")).await;
    let all = h.fake.requests().await;
    let form = all.iter().find(|x| x.path.contains(&format!("/interactions/{id}/"))).unwrap();
    let form: &Value = form.json.as_ref().unwrap();
    form["data"]["components"][0]["components"][0]["value"].as_str().unwrap().to_string()
}

/// A panel command or component in the player's DMs; returns what answered it.
async fn dm(h: &mut Harness, body: Value) -> Vec<Recorded> {
    let id = h.interact(body).await;
    h.answered(id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_points_picked_swap_the_panel_redraws_and_confirm_deploys_the_edit() {
    let mut h = Harness::start("editor", false).await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &[("opponent", json!(BOB.0.to_string()))])).await;
    h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let ok = "jq:ok:1".to_string();
    h.fake.wait_for(20, "both panels", |r| r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 2).await;
    // Alice's panel (asked for again in her DMs): one menu of her 25 pieces by point.
    let id = h.id();
    let r = dm(&mut h, payload::command(id, ALICE, CHANNEL_ID, "deploy", &[("game", json!(1))])).await;
    let (ids, points) = editor(&r);
    assert_eq!(ids, ["jq:pick-0:1"]);
    assert_eq!(points.len(), 25, "{points:?}");
    let before = shown(&mut h, ALICE).await;
    let label = |p: &str, all: &[(String, String)]| all.iter().find(|x| x.0 == p).unwrap().1.clone();
    let (a, b) = free_pair(&points);
    // First pick: the panel asks for a partner, among the 24 others.
    let id = h.id();
    let r = dm(&mut h, payload::select(id, ALICE, None, "jq:pick-0:1", &[&a])).await;
    let (ids, others) = editor(&r);
    assert_eq!(ids, [format!("jq:swap-0-{a}:1")]);
    assert_eq!(others.len(), 24);
    assert!(!others.iter().any(|x| x.0 == a));
    // Second pick: swapped; the panel message is edited with the new layout image.
    let id = h.id();
    let r = dm(&mut h, payload::select(id, ALICE, None, &format!("jq:swap-0-{a}:1"), &[&b])).await;
    assert!(r.iter().any(|x| x.files.iter().any(|f| f.1 == "layout.png")), "a new image: {r:?}");
    let (ids, after) = editor(&r);
    assert_eq!(ids, ["jq:pick-0:1"], "back to the first menu");
    let kind = |l: String| l.split(' ').nth(1).unwrap().to_string();
    assert_eq!(kind(label(&a, &after)), kind(label(&b, &points)));
    assert_eq!(kind(label(&b, &after)), kind(label(&a, &points)));
    let edited = shown(&mut h, ALICE).await;
    assert_ne!(edited, before, "the Edit form shows the edit");
    // A swap that breaks a rule is refused with the rule, and changes nothing.
    // The flag to the front row (a6..e6 for Red, a7..e7 for Blue: never a headquarters).
    let flag = after.iter().find(|x| x.1.contains("军旗")).expect("the flag").0.clone();
    let front = after.iter().find(|x| x.0.len() == 2 && (x.0.ends_with('6') || x.0.ends_with('7'))).unwrap().0.clone();
    let id = h.id();
    let r = dm(&mut h, payload::select(id, ALICE, None, &format!("jq:swap-0-{flag}:1"), &[&front])).await;
    let said: String = r.iter().map(content).collect();
    assert!(said.contains(&format!("交换 {flag} 和 {front} 会违反规则")), "{said}");
    assert_eq!(shown(&mut h, ALICE).await, edited, "a refused swap changes nothing");
    // The draft survives a restart.
    h.restart().await;
    assert_eq!(shown(&mut h, ALICE).await, edited);
    // Confirm deploys exactly the edit; Bob's deployment starts the game.
    let id = h.id();
    dm(&mut h, payload::button(id, ALICE, None, "jq:ok:1")).await;
    assert_eq!(shown(&mut h, ALICE).await, edited, "the deployment is the edited layout");
    // After the first deployment a swap deploys again, as the local `swap` does: the same two
    // points swapped back give the layout first shown.
    let id = h.id();
    let r = dm(&mut h, payload::select(id, ALICE, None, &format!("jq:swap-0-{a}:1"), &[&b])).await;
    assert!(r.iter().any(|x| x.files.iter().any(|f| f.1 == "layout.png")), "a new image: {r:?}");
    assert_eq!(shown(&mut h, ALICE).await, before);
    // Bob's deployment starts the game, with Alice's layout as it stands.
    let id = h.id();
    h.interact(payload::modal(id, BOB, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
    let threads = h.fake.threads().await;
    let thread = *threads.keys().next().expect("a thread");
    h.fake
        .wait_for(20, "the start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("Game #1 begins")))
        .await;
    // In play the editor is gone; a stale menu is refused and draws nothing.
    let id = h.id();
    let r = dm(&mut h, payload::select(id, ALICE, None, &format!("jq:swap-0-{a}:1"), &[&b])).await;
    assert!(!r.iter().any(|x| x.files.iter().any(|f| f.1 == "layout.png")), "no editing in play: {r:?}");
    assert!(r.iter().any(|x| !content(x).is_empty()), "answered: {r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_four_player_editor_menus_stay_within_discords_limits() {
    let mut h = Harness::start("editor4", false).await;
    let id = h.id();
    let opts = [("variant", json!("junqi4")), ("seat", json!("n"))];
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    for who in [BOB, CAROL, DAVE] {
        let id = h.id();
        h.interact(payload::button(id, who, Some(CHANNEL_ID), "jq:acc:1")).await;
    }
    let ok = "jq:ok:1".to_string();
    let all =
        h.fake.wait_for(20, "four panels", |r| r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 4).await;
    // Every panel sent: at most 5 rows, 25 options a menu (the fake refuses more, too).
    for p in all.iter().filter(|x| custom_ids(x).contains(&ok)) {
        let rows = p.json.as_ref().unwrap()["components"].as_array().unwrap().len();
        assert!(rows <= 5, "{rows} rows");
        for (_, o) in menus(p) {
            assert!(o.len() <= 25);
        }
    }
    // A side seat's pieces (the board turned by 90°) pick and swap like the others.
    let id = h.id();
    let r = dm(&mut h, payload::command(id, DAVE, CHANNEL_ID, "deploy", &[("game", json!(1))])).await;
    let (ids, points) = editor(&r);
    assert_eq!(ids, ["jq:pick-0:1"]);
    assert_eq!(points.len(), 25);
    let (a, b) = free_pair(&points);
    let id = h.id();
    let r = dm(&mut h, payload::select(id, DAVE, None, "jq:pick-0:1", &[&a])).await;
    assert_eq!(editor(&r).1.len(), 24);
    let id = h.id();
    let r = dm(&mut h, payload::select(id, DAVE, None, &format!("jq:swap-0-{a}:1"), &[&b])).await;
    let (_, after) = editor(&r);
    let find = |p: &str, all: &[(String, String)]| {
        all.iter().find(|x| x.0 == p).unwrap().1.split(' ').nth(1).unwrap().to_string()
    };
    assert_eq!(find(&a, &after), find(&b, &points));
}
