//! Makes tests/data/fixture-main-3771921.sqlite (see README-fixtures.md). NOT compiled in this
//! repository: it is kept here so the fixture can be remade. Copy it into a worktree of commit
//! 3771921 as examples/make_fixture.rs and run there:
//!
//!     cargo run --example make_fixture -- tests/data/fixture-main-3771921.txt OUT.sqlite LOG.txt
//!
//! It reads the script like a transcript (`user: command` lines, `@advance N`), runs it against
//! the referee of that commit with a ManualClock starting at the transcripts' T0, keeps the
//! database, and writes the script back with every effect (`> ` lines) to LOG.txt.

use std::path::PathBuf;
use std::sync::Arc;

use junqi_referee::local::transcript::T0;
use junqi_referee::local::{format_effect, parse_line};
use junqi_referee::referee::{Clock, Command, ManualClock, Referee, RefereeError};
use junqi_referee::store::{Durability, Store};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let script = std::fs::read_to_string(&args[1]).expect("script");
    let db = PathBuf::from(&args[2]);
    assert!(!db.exists(), "{} exists", db.display());
    let clock = ManualClock::new(T0);
    let store = Store::open(&db, Durability::Full).await.expect("open");
    let (r, effects) = Referee::start(store, Arc::new(clock.clone())).await.expect("start");
    let mut out: Vec<String> = effects.iter().map(|e| format_effect(e, T0)).collect();
    for (i, raw) in script.lines().enumerate() {
        let t = raw.trim_end();
        if t.starts_with("> ") || t == ">" {
            continue;
        }
        out.push(t.to_string());
        if t.trim().is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(n) = t.strip_prefix("@advance ") {
            clock.advance(n.trim().parse().expect("@advance SECONDS"));
            continue;
        }
        let p = parse_line(t).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let cmd = Command {
            request: p.request.clone().unwrap_or_else(|| format!("line-{}", i + 1)),
            user: p.user.clone(),
            server: String::new(),
            action: p.action,
        };
        match r.handle(cmd).await {
            Ok(effects) => out.extend(effects.iter().map(|e| format_effect(e, T0))),
            Err(RefereeError::Rejected { message, .. }) => out.push(format!("> error to {}: {message}", p.user)),
            Err(e) => panic!("line {}: {e}", i + 1),
        }
    }
    out.push(format!("# clock at the end: T0 + {} s", clock.now() - T0));
    r.store().close().await;
    std::fs::write(&args[3], out.join("\n") + "\n").expect("log");
}
