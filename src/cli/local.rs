//! `local [--db PATH]`: the referee in a terminal, without Discord. One person plays both seats:
//! commands are typed as `user: command` (`red: challenge blue`), public messages and boards are
//! printed at once, and before anything secret (a private message or a player's own board) the
//! terminal asks for Enter so the other player can look away. Reading from a pipe, nothing pauses,
//! so a whole game can be scripted: `junqi-referee local --db /tmp/g.db < game.txt`.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::local::help::{answer, parse_ask};
use crate::local::{ParseError, RawLine, line_user, parse_line, plain_times, raw_text, read_line};
use crate::referee::{Command, Delivery, Effect, Mark, Referee, RefereeError, SystemClock};
use crate::rules::contract::{Audience, GameKind, Picture, catalog};
use crate::store::{Durability, Store};

const HELP: &str = "\
Type commands as 'user: command', for example:
  red: challenge blue mode=dark time=none      (also: mode=reveal|open, time=10m|1h|1d|3d, mines=mutual …)
  blue: accept 1
  red: deploy 1 random                         (or 25 codes front row first, or: last, load NAME)
  red: move 1 c6-c7     resign 1     draw 1 offer|accept|decline     abort 1     rematch 1     show 1
  red: challenge blue variant=junqi-flip       (翻棋: no deployment; then: flip 1 c6, move 1 c6-c7; # = face down)
  red: layout save NAME <25 codes>     layouts     layout delete NAME     locale zh-CN     vacation on|off
  s: challenge anyone variant=junqi4 seat=s     e: join 1 seat=e     n: join 1     (四国军棋: S E N W)
  red: challenge blue variant=draughts         (also draughts10, draughts12; move 1 11-15, 1x10x19 or from-to)
  s: challenge anyone variant=tiaoqi players=3 (跳棋 2/3/4/6: join 1; move 1 l2-j4-n4 or start-end l2-n4)
'help' lists every command ('help move': one), 'rules' the game's rules ('rules 1', 'rules draughts'),
'legend' the board's codes, 'games' what you can play, 'export 1' a record; 'quit' (or end of input) leaves.";

/// Runs the terminal mode on the database at `db`, writing board images into `images` (if any);
/// with `keys`, each delivery's lines start with its delivery key (see `session`).
pub fn run(db: &Path, images: Option<&Path>, keys: bool) -> ExitCode {
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    rt.block_on(session(db, images, keys))
}

/// Prints a line; when standard output is gone (a closed pipe) there is no one left to play with,
/// so the session ends quietly instead of panicking (everything acknowledged is committed).
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

fn pause(interactive: bool, prompt: &str) {
    if !interactive {
        return;
    }
    print!("{prompt}");
    let _ = std::io::stdout().flush();
    let mut s = String::new();
    let _ = std::io::stdin().lock().read_line(&mut s);
}

/// Writes a board image next to the text board, so a local game can be followed as the bot's
/// players see it: the game's picture for its audience, with the player's own marks on a picture
/// made for their seat. A failure to write is reported and the game goes on.
fn write_picture_image(
    images: Option<&Path>,
    picture: &Picture,
    kind: &GameKind,
    game: i64,
    whose: &str,
    marks: &[Mark],
) {
    let Some(dir) = images else { return };
    let marks = marks.iter().map(|m| (m.point, m.kind)).collect();
    let opts = crate::render::PictureOptions { marks, ..Default::default() };
    let png = match crate::render::picture_png(picture, kind, &opts) {
        Ok(png) => png,
        Err(e) => return say(&format!("(no image: {e})")),
    };
    // User names become file names: keep letters, digits, '-' and '_' only.
    let whose: String =
        whose.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    let path = dir.join(format!("game-{game}-ply-{:03}-{whose}.png", picture.ply));
    match std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, png)) {
        Ok(()) => say(&format!("[image] {}", path.display())),
        Err(e) => say(&format!("(cannot write {}: {e})", path.display())),
    }
}

/// A player's marks as a line (`marks: c6 司令?`), in the point and piece names of the kind.
fn marks_line(kind: &GameKind, marks: &[Mark]) -> Option<String> {
    let def = catalog::find(kind.name)?;
    let words = def.marks?.piece_words;
    let list: Vec<String> =
        marks.iter().map(|m| format!("{} {}?", (def.record.point)(m.point), words(m.kind).1)).collect();
    (!list.is_empty()).then(|| format!("marks: {}", list.join(", ")))
}

/// Where and how deliveries are shown.
struct Screen<'a> {
    interactive: bool,
    images: Option<&'a Path>,
    /// Start each delivery's lines with its key (`--delivery-keys`).
    keys: bool,
}

/// Shows one delivery of the outbox, then confirms it. A crash between the two shows it again
/// at the next start, under the same key (with `--delivery-keys`, a reader drops the repeat).
async fn deliver(referee: &Referee, d: Delivery, screen: &Screen<'_>) -> Result<(), RefereeError> {
    let key = screen.keys.then(|| d.key.nonce());
    show(referee, &d.effects, screen, key.as_deref()).await;
    referee.delivered(&d.key).await
}

/// Delivers everything in the outbox: what the clock just did, and at start what an earlier
/// run committed and did not deliver. The terminal runs one command at a time, so nothing else
/// is in flight.
async fn deliver_pending(referee: &Referee, screen: &Screen<'_>) -> Result<(), RefereeError> {
    for d in referee.undelivered(i64::MAX).await? {
        deliver(referee, d, screen).await?;
    }
    Ok(())
}

async fn show(referee: &Referee, effects: &[Effect], screen: &Screen<'_>, key: Option<&str>) {
    let (interactive, images) = (screen.interactive, screen.images);
    // Each line of the delivery, keyed when asked.
    let put = |text: &str| match key {
        Some(k) => say(&format!("{k} {text}")),
        None => say(text),
    };
    for e in effects {
        match e {
            // Discord's `<t:…>` markup renders nowhere here: plain times.
            Effect::Public { text, .. } => put(&format!("[public] {}", plain_times(text))),
            Effect::Private { user, text, .. } => {
                pause(interactive, &format!("--- secret for {user}: press Enter when only {user} is looking ---"));
                put(&format!("[to {user}] {}", plain_times(text)));
                pause(interactive, "--- press Enter to hide ---");
                if interactive {
                    print!("\x1b[2J\x1b[H");
                }
            }
            Effect::Render { game, for_user } => {
                // Any kind: its picture for the audience asked for (everything once it is over).
                let Ok(Some((picture, kind))) = referee.picture(*game, for_user.as_deref()).await else { continue };
                let whose = match (for_user, picture.audience()) {
                    // Once it is over the public board shows everything: no private one.
                    (Some(_), Audience::Everyone) => continue,
                    (Some(user), _) => user.as_str(),
                    (None, Audience::Everyone) => "reveal",
                    (None, _) => "public",
                };
                let private = for_user.is_some();
                if private {
                    pause(interactive, &format!("--- {whose}'s board: press Enter when only {whose} is looking ---"));
                }
                put(&crate::local::picture_text(&picture, kind));
                let marks = match (for_user, picture.audience()) {
                    (Some(user), Audience::Seat(_)) => referee.marks(*game, user).await.unwrap_or_default(),
                    _ => vec![],
                };
                if let Some(line) = marks_line(kind, &marks) {
                    put(&line);
                }
                write_picture_image(images, &picture, kind, *game, whose, &marks);
                if private {
                    pause(interactive, "--- press Enter to hide ---");
                    if interactive {
                        print!("\x1b[2J\x1b[H");
                    }
                }
            }
            Effect::TimerSet { .. } | Effect::TimerCancel { .. } => {}
        }
    }
}

/// Answers a line that could not be read: to the user it names, in their language, as the
/// referee's refusals are; else to whoever is typing, in English.
async fn answer_unreadable(referee: &Referee, line: &str, e: &ParseError) {
    match line_user(line) {
        Some(user) => {
            let locale = referee.locale_for(user, "").await.unwrap_or_default();
            say(&format!("[to {user}] {}", e.render(locale)));
        }
        None => say(&e.render(crate::referee::Locale::En)),
    }
}

/// The terminal session: everything the referee commits goes out through its outbox — at start
/// what is pending (deadlines missed while down, and what a killed run committed but never
/// printed), then each command's and each tick's delivery, confirmed once printed.
async fn session(db: &Path, images: Option<&Path>, keys: bool) -> ExitCode {
    let store = match Store::open(db, Durability::Normal).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot open {}: {e}", db.display());
            return ExitCode::from(2);
        }
    };
    let interactive = std::io::stdin().is_terminal();
    let screen = Screen { interactive, images, keys };
    let referee = match Referee::start(store, Arc::new(SystemClock)).await {
        Ok((r, _)) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    say(&format!("junqi-referee local — database {}\n{HELP}", db.display()));
    if let Err(e) = deliver_pending(&referee, &screen).await {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let pid = std::process::id();
    let mut n = 0u64;
    loop {
        if interactive {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        // Bytes, bounded: a line too long or not UTF-8 is answered and the session goes on.
        let raw = match read_line(&mut std::io::stdin().lock()) {
            Ok(Some(raw)) => raw,
            Ok(None) => break,
            Err(e) => {
                eprintln!("error: cannot read the input: {e}");
                return ExitCode::from(1);
            }
        };
        let t = match raw_text(&raw) {
            Ok(t) => t.trim(),
            Err(e) => {
                let (RawLine::TooLong { start, .. } | RawLine::NotUtf8 { start, .. }) = &raw else { continue };
                answer_unreadable(&referee, start, &e).await;
                continue;
            }
        };
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t == "quit" || t == "exit" {
            break;
        }
        // Questions (help, rules, legend, games, export) with or without a user: answered here.
        let (asker, question) = match line_user(t) {
            Some(u) => (Some(u), t.split_once([':', '：']).map_or(t, |(_, q)| q)),
            None => (None, t),
        };
        if let Some(ask) = parse_ask(question) {
            let text = answer(&referee, asker, &ask).await;
            match asker {
                Some(u) => say(&format!("[to {u}] {text}")),
                None => say(&text),
            }
            continue;
        }
        if let Err(e) = referee.tick().await {
            eprintln!("error: {e}");
        }
        if let Err(e) = deliver_pending(&referee, &screen).await {
            eprintln!("error: {e}");
        }
        let parsed = match parse_line(t) {
            Ok(p) => p,
            Err(e) => {
                answer_unreadable(&referee, t, &e).await;
                continue;
            }
        };
        n += 1;
        let cmd = Command {
            user: parsed.user.clone(),
            request: parsed.request.unwrap_or_else(|| format!("local-{pid}-{}-{n}", referee.now())),
            server: String::new(),
            action: parsed.action,
        };
        match referee.handle_delivery(cmd).await {
            Ok(d) => {
                if let Err(e) = deliver(&referee, d, &screen).await {
                    eprintln!("error: {e}");
                }
            }
            Err(RefereeError::Rejected { message, .. }) => {
                say(&format!("[to {}] {}", parsed.user, plain_times(&message)))
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    referee.store().close().await;
    ExitCode::SUCCESS
}
