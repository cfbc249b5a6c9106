//! The referee crate's integration tests, as ONE test binary.
//!
//! Every integration test links the whole crate (serenity, sqlx, image…), so each extra binary
//! costs CI a link of its own; the files under `tests/` are therefore modules of this one binary
//! (`autotests = false` in `Cargo.toml`). Run a part by its module path, e.g.
//! `cargo test --test suite render::` or `UPDATE_GOLDEN=1 cargo test --test suite render`.
//! A new test file must be declared below; `every_test_file_is_declared` fails otherwise.

/// Shared helpers of the end-to-end tests (the fake Discord, its harness).
mod support;

/// The rules crate's 3×3 toy game, which tests catalogue from this side.
#[path = "../crates/rules/tests/conformance/toy.rs"]
#[allow(dead_code)]
mod toy;

#[path = "cli.rs"]
mod cli;
#[path = "cli_junqi4.rs"]
mod cli_junqi4;
#[path = "crash.rs"]
mod crash;
#[path = "crash_shared.rs"]
mod crash_shared;
#[path = "discord_e2e.rs"]
mod discord_e2e;
#[path = "discord_flip.rs"]
mod discord_flip;
#[path = "discord_junqi4.rs"]
mod discord_junqi4;
#[path = "discord_tournament.rs"]
mod discord_tournament;
#[path = "group_commit.rs"]
mod group_commit;
#[path = "local_flip.rs"]
mod local_flip;
#[path = "referee.rs"]
mod referee;
#[path = "referee_flip.rs"]
mod referee_flip;
#[path = "referee_junqi4.rs"]
mod referee_junqi4;
#[path = "referee_marks.rs"]
mod referee_marks;
#[path = "render.rs"]
mod render;
#[path = "render_flip.rs"]
mod render_flip;
#[path = "render_junqi4.rs"]
mod render_junqi4;
#[path = "render_standings.rs"]
mod render_standings;
#[path = "secrecy.rs"]
mod secrecy;
#[path = "secrecy_junqi4.rs"]
mod secrecy_junqi4;
#[path = "tournament_local.rs"]
mod tournament_local;
#[path = "tournament_props.rs"]
mod tournament_props;
#[path = "transcripts.rs"]
mod transcripts;

/// With `autotests = false` Cargo no longer finds test files by itself: a file under `tests/`
/// that is not declared here would never run. This keeps the list complete.
#[test]
fn every_test_file_is_declared() {
    let here = include_str!("suite.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let name = entry.expect("a directory entry").file_name().to_string_lossy().into_owned();
        if name.ends_with(".rs") && name != "suite.rs" && !here.contains(&format!("#[path = \"{name}\"]")) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "declare these in tests/suite.rs: {missing:?}");
}
