//! `junqi-referee local` plays a 翻棋 game from a script: flips announced with their piece, the
//! public text board (`##` for face-down pieces), board images, the published seed at the end.
//! The seed comes from the operating system here, so only what every deal shares is checked.

use std::process::Command;

#[test]
fn the_terminal_mode_plays_a_flip_game() {
    let dir = std::env::temp_dir().join(format!("junqi-local-flip-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("game.txt");
    std::fs::write(
        &script,
        "alice: challenge bob variant=junqi-flip first=creator\nbob: accept 1\nalice: flip 1 d7\n\
         bob: move 1 +a10\nalice: flip 1 d7\nalice: show 1\nbob: resign 1\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_junqi-referee"))
        .args(["local", "--db"])
        .arg(dir.join("g.db"))
        .arg("--images")
        .arg(dir.join("img"))
        .stdin(std::fs::File::open(&script).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("[public] Game #1 is on: P1 alice, P2 bob."), "{text}");
    assert!(text.contains("[public] #1 ply 1: P1 (alice) flips d7: "), "{text}");
    assert!(text.contains("[public] #1 ply 2: P2 (bob) flips a10: "), "{text}");
    assert!(text.contains("[to alice] Illegal move: the piece on d7 is already face up"), "{text}");
    assert!(text.contains("[to alice] Game #1: playing, 2 plies played."), "{text}");
    assert!(text.contains("[public] Game #1 is over: P1 (alice) wins — resignation."), "{text}");
    assert!(text.contains("[public] Game #1, published: seed "), "{text}");
    // The text board: 48 backs (`##`) after two flips, the board's 10 camps empty.
    let board = text.split(": public board; ply 2, ").nth(1).unwrap();
    // After the title, the files (a … e) above the 12 ranks.
    assert_eq!(board.lines().nth(1).unwrap().split_whitespace().collect::<Vec<_>>(), ["a", "b", "c", "d", "e"]);
    let rows: String = board.lines().skip(2).take(12).collect();
    assert_eq!(rows.matches("##").count(), 48, "{board}");
    assert_eq!(rows.matches('○').count(), 10, "{board}");
    for ply in 0..=2 {
        assert!(dir.join(format!("img/game-1-ply-{ply:03}-public.png")).exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
