//! The standings image: a golden file per language, and the properties a table must keep.
//!
//! Golden images live in `tests/golden/`. After a deliberate change to the drawing, regenerate
//! them with `UPDATE_GOLDEN=1 cargo test --test suite render_standings` and look at them before committing.

use std::path::PathBuf;

use junqi_referee::render::Lang;
use junqi_referee::render::standings::{StandingsRow, StandingsTable, render_standings};

fn golden(name: &str, bytes: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write golden");
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|_| {
        panic!("missing {}; run UPDATE_GOLDEN=1 cargo test --test suite render_standings", path.display())
    });
    assert!(want == bytes, "{name} differs from its golden image; if intended, UPDATE_GOLDEN=1 and look at it");
}

fn row(rank: usize, name: &str, points: &str, tiebreak: &str, games: u32, withdrawn: bool) -> StandingsRow {
    StandingsRow { rank, name: name.into(), points: points.into(), tiebreak: tiebreak.into(), games, withdrawn }
}

fn table(lang: Lang) -> StandingsTable {
    StandingsTable {
        title: "#1 Spring Cup 春季赛 · 3/3".into(),
        tiebreak: "SB".into(),
        lang,
        rows: vec![
            row(1, "alice", "2.5", "3.25", 3, false),
            row(2, "小明", "2", "2.5", 3, false),
            row(2, "bob 张伟", "2", "2.5", 3, false),
            row(4, "carol with a very long display name that will not fit in its column", "1", "0.5", 3, false),
            row(5, "dave 🐉", "0", "0", 2, true),
        ],
    }
}

fn size(png: &[u8]) -> (u32, u32) {
    let img = image::load_from_memory(png).expect("a PNG");
    (img.width(), img.height())
}

#[test]
fn golden_standings_images() {
    golden("standings-zh.png", &render_standings(&table(Lang::ZhHans)).expect("renders"));
    golden("standings-en.png", &render_standings(&table(Lang::En)).expect("renders"));
    golden("standings-hant.png", &render_standings(&table(Lang::ZhHant)).expect("renders"));
}

#[test]
fn a_table_grows_with_its_rows_and_is_stable() {
    let t = table(Lang::En);
    let png = render_standings(&t).expect("renders");
    assert!(png.starts_with(b"\x89PNG"));
    assert_eq!(png, render_standings(&t).expect("renders"), "the same table, the same bytes");
    let (w, h5) = size(&png);
    let mut six = t.clone();
    six.rows.push(row(6, "erin", "0", "0", 1, false));
    let (w6, h6) = size(&render_standings(&six).expect("renders"));
    assert_eq!(w, w6);
    assert_eq!(h6 - h5, 34, "one row more, one row taller");
    let empty = StandingsTable { rows: vec![], ..t };
    assert!(size(&render_standings(&empty).expect("an empty table renders")).1 > 0);
    // Different names, different images: the rows are really drawn.
    let mut other = table(Lang::En);
    other.rows[0].name = "zed".into();
    assert_ne!(render_standings(&other).expect("renders"), png);
}
