//! What real Discord refuses, through the fake that refuses it too: a channel where the bot may
//! not post, an announcements option limited to text channels, command registration failing,
//! game threads that archive or whose creation is answered 500 after it was made.

use serde_json::{Value, json};

use crate::support::fake_discord::{CHANNEL_ID, Fault, payload, registration_refusal};
use crate::support::harness::{Harness, content, custom_ids, posts_to, unstamped};
use junqi_referee::rules::notation::parse_move;
use junqi_referee::rules::{Game, RuleOptions, Seat, Setup, Variant};

/// A legal layout (the notation document's example), for both sides.
const LAYOUT: &str = "ghfie cdh akgi bek dfjgj iljch";

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

/// A wrong token: Discord answers the bot's first call (which gateway, how many shards) with
/// 401, and the bot stops at once saying which setting to fix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_bot_naming_the_setting() {
    let h = Harness::unbooted("token-refused", false).await;
    h.fake.inject_faults("GET", "/gateway/bot", vec![Fault::Status(401, "401: Unauthorized", 0)]).await;
    let e = h.run_to_end(30).await.expect_err("the bot stops");
    assert!(e.contains("Discord refused the bot token") && e.contains("DISCORD_TOKEN"), "{e}");
    assert!(!e.contains("fake-token"), "the token itself is never shown: {e}");
}

/// `dev_guild` switched off (issue 21 item 9): the bot registers its commands globally and, at
/// start, removes the copies a development run left in the server, which would otherwise show
/// every command twice there. A server without copies is only looked at.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn switching_dev_guild_off_removes_the_servers_copies_of_the_commands() {
    use crate::support::fake_discord::GUILD_ID;
    let mut h = Harness::start("guild-copies", false).await;
    assert_eq!(h.fake.guild_commands(GUILD_ID).await.len(), 1, "the development run's /junqi");
    h.dev_guild = None;
    h.restart().await;
    let all = h
        .fake
        .wait_for(20, "the copies removed", |r| {
            r.iter().any(|x| x.method == "PUT" && x.path.contains("/guilds/") && x.json == Some(json!([])))
        })
        .await;
    assert!(h.fake.guild_commands(GUILD_ID).await.is_empty());
    let global = all.iter().filter(|x| {
        x.method == "PUT"
            && x.path.ends_with(&format!("/applications/{}/commands", crate::support::fake_discord::APP_ID))
    });
    assert_eq!(global.count(), 1, "registered globally once");
    // Started again: nothing left to remove, nothing put in the server.
    h.fake.clear().await;
    h.restart().await;
    let all = h
        .fake
        .wait_for(20, "the server looked at", |r| r.iter().any(|x| x.method == "GET" && x.path.contains("/guilds/")))
        .await;
    assert!(!all.iter().any(|x| x.method == "PUT" && x.path.contains("/guilds/")), "no second removal");
}

/// Alice challenges Bob and Bob accepts; returns (the challenge message, the thread opened on it).
async fn challenge_accepted(h: &mut Harness) -> (u64, u64) {
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string()))];
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let all = h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let msg: u64 = posts_to(&all, CHANNEL_ID)[0].response["id"].as_str().unwrap().parse().unwrap();
    let id = h.id();
    h.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let ok = "jq:ok:1".to_string();
    h.fake.wait_for(20, "both panels", |r| r.iter().filter(|x| custom_ids(x).contains(&ok)).count() >= 2).await;
    let threads = h.fake.threads().await;
    let thread = *threads.keys().next().expect("a thread");
    (msg, thread)
}

/// The answer to the game's thread creation is lost (500 after Discord made it): the retry
/// meets 160004 "a thread has already been created for this message", and the game lives in
/// that thread (the message's id), not in the channel. The thread stays listed for 7 days.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_made_before_a_500_is_found_not_abandoned() {
    let mut h = Harness::start("thread-500", false).await;
    h.fake.inject_faults("POST", "/threads", vec![Fault::DoneThenServerError]).await;
    let (msg, _) = challenge_accepted(&mut h).await;
    let all = h.fake.requests().await;
    let tries: Vec<(u16, Value)> = all
        .iter()
        .filter(|x| x.method == "POST" && x.path.ends_with("/threads"))
        .map(|x| (x.status, x.response["code"].clone()))
        .collect();
    assert_eq!(tries, [(500, json!(0)), (400, json!(160004))]);
    let threads = h.fake.threads().await;
    let thread = threads.get(&msg).expect("the thread on the challenge message");
    assert_eq!(thread.auto_archive, 10080, "listed for 7 days");
    let first = h.fake.wait_for(20, "the game's first post", |r| !posts_to(r, msg).is_empty()).await;
    let first = posts_to(&first, msg).remove(0);
    assert!(content(&first).starts_with(&format!("<@{}> <@{}>", ALICE.0, BOB.0)), "{}", content(&first));
    let in_channel = posts_to(&h.fake.requests().await, CHANNEL_ID);
    assert_eq!(in_channel.len(), 1, "only the challenge in the channel: {in_channel:?}");
}

/// A game's thread archives between two moves (a quiet day; threads the bot opens stay
/// listed for 7 days, Discord's longest): Bob, who cannot use commands in an archived thread,
/// moves from the channel; the move is posted in the game's thread, which is active again, and
/// the game goes on there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_archived_between_two_moves() {
    let mut h = Harness::start("archived", false).await;
    let (_, thread) = challenge_accepted(&mut h).await;
    assert_eq!(h.fake.threads().await[&thread].auto_archive, 10080, "listed for 7 days");
    for p in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::modal(id, p, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
        h.answered(id).await;
    }
    h.fake.wait_for(20, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    let v = Variant::junqi();
    let deps: Vec<_> =
        [Seat::RED, Seat::BLUE].iter().map(|s| Setup::parse(v, LAYOUT).unwrap().validate(v, *s).unwrap()).collect();
    let mut g = Game::new(v, RuleOptions::default(), &deps, Seat::RED);
    let quiet = |g: &mut Game| {
        let board = &g.variant().board;
        let moves = g.legal_moves();
        let mv = *moves.iter().find(|m| g.piece_at(m.to).is_none()).unwrap_or(&moves[0]);
        let (from, to) = (board.name(mv.from).to_string(), board.name(mv.to).to_string());
        g.play(parse_move(board, &format!("{from}-{to}")).unwrap()).unwrap();
        (from, to)
    };
    // Alice (Red) moves in the thread.
    let (from, to) = quiet(&mut g);
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!(from)), ("to", json!(to))])).await;
    h.fake.wait_for(20, "Alice's move", |r| posts_to(r, thread).len() > n).await;
    // A quiet day: the thread archives. Bob moves from the channel, naming the game.
    h.fake.archive(thread, false).await;
    let (from, to) = quiet(&mut g);
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    let opts = [("from", json!(from)), ("to", json!(to)), ("game", json!(1))];
    let id = h.interact(payload::command(id, BOB, CHANNEL_ID, "move", &opts)).await;
    let r = h.answered(id).await;
    assert!(!r.iter().any(|x| content(x).contains("reference")), "no apology: {r:?}");
    let all = h.fake.wait_for(20, "Bob's move in the thread", |r| posts_to(r, thread).len() > n).await;
    assert!(content(posts_to(&all, thread).last().unwrap()).contains(&format!("{from}-{to}")));
    assert!(!h.fake.threads().await[&thread].archived, "the thread is active again");
    // And the game goes on in the thread.
    let (from, to) = quiet(&mut g);
    let n = posts_to(&h.fake.requests().await, thread).len();
    let id = h.id();
    h.interact(payload::command(id, ALICE, thread, "move", &[("from", json!(from)), ("to", json!(to))])).await;
    let all = h.fake.wait_for(20, "the next move", |r| posts_to(r, thread).len() > n).await;
    assert!(unstamped(&all).is_empty(), "posts without a nonce: {:#?}", unstamped(&all));
}

/// `/junqi` is a server command: offered in servers' channels only (context 0 = guild), for the
/// bot installed in a server (integration type 0); and Discord accepts the registration schema.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junqi_is_registered_for_servers_only() {
    let h = Harness::start("contexts", false).await;
    let all = h.fake.requests().await;
    let reg = all.iter().find(|x| x.method == "PUT" && x.path.ends_with("/commands")).unwrap();
    assert_eq!(reg.status, 200, "{}", reg.response);
    let junqi = &reg.json.as_ref().unwrap()[0];
    assert_eq!(junqi["contexts"], json!([0]), "guild channels only");
    assert_eq!(junqi["integration_types"], json!([0]), "installed in a server");
    // Every free-text option has a length limit, so that no typed text quoted back in a reply
    // can push it past Discord's 2,000 characters.
    fn strings(o: &Value, path: &str, out: &mut Vec<(String, Value)>) {
        for x in o["options"].as_array().into_iter().flatten() {
            let here = format!("{path} {}", x["name"].as_str().unwrap_or(""));
            if x["type"] == 3 {
                out.push((here.clone(), x["max_length"].clone()));
            }
            strings(x, &here, out);
        }
    }
    let mut all = vec![];
    strings(junqi, "/junqi", &mut all);
    assert!(all.len() >= 10, "{all:?}");
    let unbounded: Vec<&(String, Value)> = all.iter().filter(|(_, m)| m.as_u64().is_none_or(|m| m > 200)).collect();
    assert!(unbounded.is_empty(), "string options without max_length ≤ 200: {unbounded:?}");
}

/// The fake refuses what Discord refuses in a registration (so the test above means something).
#[test]
fn the_fake_checks_the_registration_schema() {
    let ok = json!([{"name": "junqi", "description": "d", "type": 1, "options": [
        {"name": "a", "description": "d", "type": 3, "required": true},
        {"name": "b", "description": "d", "type": 3, "required": false}]}]);
    assert!(registration_refusal(&ok).is_none());
    let bad = |c: Value, why: &str| {
        let r = registration_refusal(&json!([c])).unwrap_or_else(|| panic!("accepted: {why}"));
        assert_eq!((r.0, r.1["code"].clone()), (400, json!(50035)), "{why}");
    };
    bad(json!({"name": "Junqi", "description": "d"}), "uppercase name");
    bad(json!({"name": "jun qi", "description": "d"}), "a space");
    bad(json!({"name": "j".repeat(33), "description": "d"}), "33 characters");
    bad(json!({"name": "junqi", "description": ""}), "empty description");
    bad(json!({"name": "junqi", "description": "d".repeat(101)}), "101-character description");
    bad(json!({"name": "junqi", "description": "d", "name_localizations": {"zh": "军棋"}}), "locale zh");
    let many: Vec<Value> = (0..26).map(|i| json!({"name": format!("o{i}"), "description": "d", "type": 3})).collect();
    bad(json!({"name": "junqi", "description": "d", "options": many}), "26 options");
    let order = json!([{"name": "a", "description": "d", "type": 3},
                      {"name": "b", "description": "d", "type": 3, "required": true}]);
    bad(json!({"name": "junqi", "description": "d", "options": order}), "required after optional");
    let subs: Vec<Value> = (0..25)
        .map(|i| {
            let opts: Vec<Value> =
                (0..4).map(|j| json!({"name": format!("o{j}"), "description": "d".repeat(100), "type": 3})).collect();
            json!({"name": format!("s{i}"), "description": "d".repeat(100), "type": 1, "options": opts})
        })
        .collect();
    bad(json!({"name": "junqi", "description": "d", "options": subs}), "over 8,000 characters");
}

/// On a busy machine (every referee command takes 3.5 s) the Edit button still opens its form:
/// the form is the interaction's first response, due within 3 seconds (after that Discord
/// answers 10062 and the player sees "This interaction failed"), so it is filled from a stored
/// read, not after a referee command and a picture. Other buttons defer first and answer later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_edit_form_opens_within_three_seconds_on_a_busy_machine() {
    let mut h = Harness::start("edit-3s", false).await;
    challenge_accepted(&mut h).await;
    h.slow.store(true, std::sync::atomic::Ordering::SeqCst);
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, None, "jq:edit:1")).await;
    let all = h.fake.requests().await;
    let cb: Vec<_> = all.iter().filter(|x| x.path.contains(&format!("/interactions/{id}/"))).collect();
    assert_eq!(cb.len(), 1, "one response: {cb:?}");
    let form = cb[0].json.as_ref().unwrap();
    assert_eq!(form["type"], 9, "a modal: {form}");
    let layout = form["data"]["components"][0]["components"][0]["value"].as_str().unwrap_or("");
    assert!(layout.split_whitespace().map(str::len).sum::<usize>() >= 25, "filled with the panel's layout: {form}");
    // A button that runs a referee command defers at once, then answers.
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, None, "jq:rnd:1")).await;
    h.fake
        .wait_for(20, "the new random layout", |r| {
            r.iter().any(|x| x.path.contains(&format!("/tok-{id}/messages")) && x.status < 300)
        })
        .await;
    let all = h.fake.requests().await;
    assert!(!all.iter().any(|x| x.response["code"] == 10062), "nothing answered late");
}

/// Typed moves need the privileged Message Content intent; if it is not switched on in the
/// portal, Discord closes the gateway with 4014. The bot stops with an error that says what to
/// switch on (or off), rather than an internal fault.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_privileged_intent_stops_the_bot_with_a_clear_error() {
    let h = Harness::unbooted("intent-4014", true).await;
    h.fake.privileged_intents_off().await;
    let e = h.run_to_end(30).await.expect_err("the bot stops");
    assert!(e.contains("Message Content") && e.contains("4014"), "{e}");
    assert!(!e.contains("internal fault"), "{e}");
}

/// A member without Manage Server is refused `/junqi settings`, privately; nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_without_manage_server_is_refused_settings() {
    let mut h = Harness::start("manage-server", false).await;
    let id = h.id();
    let mut body = payload::command(id, BOB, CHANNEL_ID, "settings", &[("language", json!(2))]);
    // Everything but Manage Server (1 << 5).
    body["member"]["permissions"] = json!((2_199_023_255_551u64 & !(1 << 5)).to_string());
    let id = h.interact(body).await;
    let all = h.fake.requests().await;
    let cb = all.iter().find(|x| x.path.ends_with(&format!("/interactions/{id}/tok-{id}/callback"))).unwrap();
    let data = &cb.json.as_ref().unwrap()["data"];
    assert!(data["content"].as_str().is_some_and(|c| c.contains("Manage Server")), "{data}");
    assert_eq!(data["flags"], 64, "privately");
    assert!(posts_to(&all, CHANNEL_ID).is_empty(), "nothing public");
}

/// Discord invalidates the gateway session in the middle of a game (op 9, not resumable): the
/// bot identifies again and the game goes on; a challenge made meanwhile is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_session_in_the_middle_of_a_game() {
    let mut h = Harness::start("invalid-session", false).await;
    let (_, thread) = challenge_accepted(&mut h).await;
    let (identifies, _) = h.fake.sessions().await;
    h.fake.invalidate_session().await;
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "resign", &[])).await;
    let confirm = crate::support::fake_discord::resign_confirmation(&h.fake.requests().await, id);
    let id = h.id();
    // Before both deployments the referee refuses it; what counts is that it is answered.
    let id = h.interact(payload::button(id, BOB, Some(thread), &confirm)).await;
    let r = h.answered(id).await;
    assert!(r.iter().any(|x| content(x).contains("#1")), "{r:?}");
    let (again, _) = h.fake.sessions().await;
    assert!(again > identifies, "a new session");
}

/// The bot may post in the channel but not open threads there: an accepted challenge's game is
/// played in the channel itself (both players pinged there), with no apology to anyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_create_threads_the_game_is_played_in_the_channel() {
    let mut h = Harness::start("no-threads", false).await;
    h.fake.forbid_threads(CHANNEL_ID).await;
    let id = h.id();
    let opts = [("opponent", json!(BOB.0.to_string()))];
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, Some(CHANNEL_ID), "jq:acc:1")).await;
    let pings = format!("<@{}> <@{}>", ALICE.0, BOB.0);
    let all = h
        .fake
        .wait_for(20, "the game's first post", |r| {
            posts_to(r, CHANNEL_ID).iter().any(|x| content(x).starts_with(&pings))
        })
        .await;
    assert!(all.iter().any(|x| x.path.ends_with("/threads") && x.response["code"] == 50013), "refused a thread");
    assert!(h.fake.threads().await.is_empty());
    let answers: Vec<String> = all.iter().filter(|x| x.path.contains(&format!("/tok-{id}"))).map(content).collect();
    assert!(!answers.iter().any(|c| c.contains("reference") || c.contains("参考编号")), "{answers:?}");
}

/// The announcements channel cannot take messages (set before `channel_types` limited the
/// option; here a voice channel, 50008): a resignation, a notable result, still ends the game in
/// its thread, and the player is told privately that the bot cannot post in that channel,
/// instead of an apology.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_announcements_channel_that_refuses_posts_does_not_spoil_a_result() {
    const VOICE: u64 = 700_000_000_000_000_077;
    let mut h = Harness::start("announce-50008", false).await;
    h.fake.make_voice(VOICE).await;
    let id = h.id();
    h.interact(payload::command(id, ALICE, CHANNEL_ID, "settings", &[("announcements", json!(VOICE.to_string()))]))
        .await;
    h.answered(id).await;
    let (_, thread) = challenge_accepted(&mut h).await;
    for p in [ALICE, BOB] {
        let id = h.id();
        let id = h.interact(payload::modal(id, p, None, "jq:edit-m:1", &[("layout", LAYOUT)])).await;
        h.answered(id).await;
    }
    h.fake.wait_for(20, "game start", |r| posts_to(r, thread).iter().any(|x| content(x).contains("begins"))).await;
    let id = h.id();
    let id = h.interact(payload::command(id, BOB, thread, "resign", &[])).await;
    let confirm = crate::support::fake_discord::resign_confirmation(&h.fake.requests().await, id);
    let id = h.id();
    let id = h.interact(payload::button(id, BOB, Some(thread), &confirm)).await;
    let r = h.answered(id).await;
    let all =
        h.fake.wait_for(20, "the end", |r| posts_to(r, thread).iter().any(|x| content(x).contains("is over"))).await;
    assert!(all.iter().any(|x| x.response["code"] == 50008), "the announcement was refused");
    assert!(!r.iter().any(|x| content(x).contains("reference")), "no apology: {r:?}");
    let told = h
        .fake
        .wait_for(20, "Bob told", |r| {
            r.iter().any(|x| x.path.contains(&format!("/tok-{id}")) && content(x).contains(&format!("<#{VOICE}>")))
        })
        .await;
    assert!(told.iter().any(|x| content(x).contains("cannot post")), "in Bob's language");
}

/// serenity's own rate limiter on (issue 19), against the fake as `https://discord.com`: a
/// challenge's post is answered 429 six times, on its route's bucket and on the global limit in
/// turn (Discord's headers and body); serenity waits each `retry-after` out and retries, and the
/// message is posted once. Seven tries can only be serenity's: the bot's own retry (for when the
/// limiter is off) gives up after five. The answer that finally takes it spends the bucket
/// (`x-ratelimit-remaining: 0` for 1.5 s): the next challenge's post waits for it to refill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_rate_limiter_waits_out_429s_and_an_exhausted_bucket() {
    let mut h = Harness::rate_limited("ratelimit").await;
    let path = format!("/channels/{CHANNEL_ID}/messages");
    let mut faults = vec![];
    for _ in 0..3 {
        faults.extend([Fault::RateLimited(0.1), Fault::GlobalRateLimited(0.1)]);
    }
    faults.push(Fault::Exhausted(1.5));
    h.fake.inject_faults("POST", &path, faults).await;
    let opts = [("opponent", json!(BOB.0.to_string()))];
    let id = h.id();
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    h.answered(id).await;
    let all = h.fake.wait_for(20, "the challenge", |r| !posts_to(r, CHANNEL_ID).is_empty()).await;
    let tries: Vec<_> = all.iter().filter(|x| x.method == "POST" && x.path.ends_with(&path)).collect();
    let statuses: Vec<u16> = tries.iter().map(|x| x.status).collect();
    assert_eq!(statuses, [429, 429, 429, 429, 429, 429, 200], "retried by serenity after each 429, sent once");
    let global: Vec<bool> = tries.iter().map(|x| x.response["global"] == true).collect();
    assert_eq!(global, [false, true, false, true, false, true, false]);
    for (before, after) in tries.iter().zip(&tries[1..]) {
        let gap = after.at - before.at;
        assert!(gap.as_secs_f64() >= 0.09, "a retry {gap:?} after a 429 of 0.1 s");
    }
    let posted = posts_to(&all, CHANNEL_ID);
    assert_eq!(posted.len(), 1, "one message: {posted:?}");
    assert!(format!("{:?}", posted[0].json).contains("jq:acc:1"), "{posted:?}");
    // serenity's limiter read the last answer's headers: the bucket is spent.
    let bucket = h.message_bucket(CHANNEL_ID).await.expect("serenity's limiter has the route's bucket");
    assert_eq!((bucket.limit, bucket.remaining), (50, 0), "{bucket:?}");
    assert_eq!(bucket.reset_after, Some(std::time::Duration::from_millis(1500)), "{bucket:?}");

    // The next challenge comes while the bucket is spent: its post waits for the bucket to refill.
    let spent = tries[6].at;
    let id = h.id();
    let id = h.interact(payload::command(id, ALICE, CHANNEL_ID, "challenge", &opts)).await;
    let callback = format!("/interactions/{id}/tok-{id}/callback");
    let all = h.fake.wait_for(20, "the next challenge", |r| posts_to(r, CHANNEL_ID).len() == 2).await;
    let answered = all.iter().find(|x| x.path.ends_with(&callback)).unwrap().at - spent;
    assert!(answered.as_secs_f64() < 1.4, "the next challenge came {answered:?} after, while the bucket was spent");
    let next = &posts_to(&all, CHANNEL_ID)[1];
    assert!(format!("{:?}", next.json).contains("jq:acc:2"), "{next:?}");
    let waited = next.at - spent;
    assert!(waited.as_secs_f64() >= 1.45, "the next post waited for the bucket: {waited:?}");
    assert!(unstamped(&all).is_empty(), "{:?}", unstamped(&all));
}
