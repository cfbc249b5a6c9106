//! Golden transcripts: every `tests/transcripts/*.txt` is replayed against a fresh referee and
//! must reproduce itself exactly (commands and effects). Set `JUNQI_REGENERATE=1` to rewrite the
//! files from what the referee now does (then review the diff).

use std::path::PathBuf;

use junqi_referee::local::transcript;

/// The rules crate's throwaway 3×3 game, catalogued from this side (`50-toy-*.txt`): a game the
/// referee and the local mode were never told about.
use crate::toy;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transcripts_reproduce_themselves() {
    junqi_rules::contract::catalog::register(&toy::TOY);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the transcript set, found {}", files.len());
    let regenerate = std::env::var_os("JUNQI_REGENERATE").is_some();
    let tmp = std::env::temp_dir().join(format!("junqi-transcripts-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        let db = if crate::support::backend::on_postgres() {
            crate::support::backend::fresh_db(&stem).await
        } else {
            tmp.join(format!("{stem}.db"))
        };
        let got = transcript::run(&text, &db).await.unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        if regenerate {
            std::fs::write(f, &got).unwrap();
        } else if got != text {
            let first = got.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or(0);
            failures.push(format!(
                "{}: differs at line {}:\n  expected: {}\n  got:      {}",
                f.display(),
                first + 1,
                text.lines().nth(first).unwrap_or(""),
                got.lines().nth(first).unwrap_or("")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The one text board draws the toy too, from its picture and its places: a 3×3 grid, the
/// viewer's own ranks named, the other side's hidden.
#[test]
fn the_toy_has_a_text_board() {
    use junqi_rules::contract::{Audience, Secret, Start, catalog};
    use junqi_rules::seat::Seat;
    catalog::register(&toy::TOY);
    let def = catalog::find("toy3").expect("registered");
    let mut start = Start::new(2);
    start.setups = vec![Secret::new("321".to_string()), Secret::new("132".to_string())];
    let g = (def.start)(&start).expect("a toy game");
    let text = junqi_referee::local::picture_text(&g.picture_for(Audience::Seat(Seat(0))), def.kind);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("South's board") && lines[0].contains("South to move"), "{text}");
    // Its files above and below the ranks.
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["a", "b", "c"], "{text}");
    assert_eq!(lines[2].split_whitespace().collect::<Vec<_>>(), ["a3", "N?", "N?", "N?", "c3"], "{text}");
    assert_eq!(lines[3].split_whitespace().collect::<Vec<_>>(), ["a2", ".", ".", ".", "c2"], "{text}");
    assert!(lines[4].starts_with("a1") && !lines[4].contains('?'), "{text}");
    assert_eq!(lines[5], lines[1], "{text}");
}
