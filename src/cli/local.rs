//! `local [--db PATH]`: the referee in a terminal, without Discord. One person plays both seats:
//! commands are typed as `user: command` (`red: challenge blue`), public messages and boards are
//! printed at once, and anything secret (a private message or a player's own board) is shown behind
//! a hot-seat gate on the terminal's alternate screen, one gate per turn (see [`super::hotseat`]).
//! Reading from a pipe, nothing pauses (unless `--hotseat`), so a whole game can be scripted:
//! `junqi-referee local --db /tmp/g.db < game.txt`.

use std::collections::{HashMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use super::hotseat::{Gates, Route};
use crate::local::help::{answer, parse_ask};
use crate::local::{ParseError, RawLine, line_user, parse_line, plain_times, raw_text, read_line};
use crate::referee::{
    Action, Command, Delivery, Effect, GameId, Mark, Msg, Referee, RefereeError, SystemClock, TurnStatus,
};
use crate::rules::contract::{Audience, GameKind, Picture, catalog};
use crate::store::{Durability, Store};

const HELP: &str = "\
Type commands as 'user: command', for example:
  red: challenge blue mode=dark time=none      (also: mode=reveal|open, time=10m|1h|1d|3d, mines=mutual …)
  blue: accept 1
  red: deploy 1 random                         (or 25 codes front row first, or: last, load NAME, classic NAME)
  red: swap 1 a6 b6                            (while deploying: two pieces of your layout change places)
  red: move 1 c6-c7     resign 1     draw 1 offer|accept|decline     abort 1     rematch 1     show 1
  red: takeback 1 offer     blue: takeback 1 accept|decline    (悔棋: your last move, if it revealed nothing)
  red: challenge blue variant=junqi-flip       (翻棋: no deployment; then: flip 1 c6, move 1 c6-c7; # = face down)
  red: layout save NAME <25 codes>     layouts     layout delete NAME     locale zh-CN     vacation on|off
  s: challenge anyone variant=junqi4 seat=s     e: join 1 seat=e     n: join 1     (四国军棋: S E N W)
  red: challenge blue variant=draughts         (also draughts10, draughts12; move 1 11-15, 1x10x19 or from-to)
  s: challenge anyone variant=tiaoqi players=3 (跳棋 2/3/4/6: join 1; move 1 l2-j4-n4 or start-end l2-n4)
  red: challenge blue time=30s on-timeout=skip:5  (time rules: lose (default), auto-move:N = 托管 (the bot
                                               moves for you, N times at most), skip:N = QQ (a timeout skips the turn, the N-th loses))
  red: vs bot level=greedy                     (a game against the bot: random, greedy or search; 'auto 1 on|off' hands your seat to it)
  red: challenge blue time=10m+30s             (a chess clock: 10 minutes per seat for the whole game, 30 s added
                                               after each move; 'show 1' tells the time left; 10m+0: no increment)
'help' lists every command ('help move': one), 'rules' the game's rules ('rules 1', 'rules draughts'),
'legend' the board's codes, 'games' what you can play, 'export 1' a record; 'quit' (or end of input) leaves.";

/// Runs the terminal mode on the database `db` (an SQLite file or a `postgres://` URL; `setting`
/// names where it was given, for error messages), writing board images into `images` (if any);
/// with `keys`, each delivery's lines start with its delivery key (see `session`); with
/// `hotseat`, secrets open gates even when the input is not a terminal (see [`super::hotseat`]).
pub fn run(db: &Path, setting: &str, images: Option<&Path>, keys: bool, hotseat: bool) -> ExitCode {
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    rt.block_on(session(db, setting, images, keys, hotseat))
}

/// Prints a line; when standard output is gone (a closed pipe) there is no one left to play with,
/// so the session ends quietly instead of panicking (everything acknowledged is committed).
fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
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
) -> Option<String> {
    let dir = images?;
    let marks = marks.iter().map(|m| (m.point, m.kind)).collect();
    let opts = crate::render::PictureOptions { marks, ..Default::default() };
    let png = match crate::render::picture_png(picture, kind, &opts) {
        Ok(png) => png,
        Err(e) => return Some(format!("(no image: {e})")),
    };
    // User names become file names: keep letters, digits, '-' and '_' only.
    let whose: String =
        whose.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    let path = dir.join(format!("game-{game}-ply-{:03}-{whose}.png", picture.ply));
    Some(match std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, png)) {
        Ok(()) => format!("[image] {}", path.display()),
        Err(e) => format!("(cannot write {}: {e})", path.display()),
    })
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
    /// The hot-seat gates (off when reading a pipe without `--hotseat`).
    gates: Gates,
    images: Option<&'a Path>,
    /// Start each delivery's lines with its key (`--delivery-keys`).
    keys: bool,
}

/// Who a delivery answers: the user who typed the command (none for the clock), and whether
/// the command shows nothing secret (ratings, statistics, leaderboards, settings).
#[derive(Debug, Clone, Copy, Default)]
struct Asked<'a> {
    typing: Option<&'a str>,
    public: bool,
}

impl<'a> Asked<'a> {
    /// What `action`, typed by `user`, asks for.
    fn of(user: &'a str, action: &Action) -> Asked<'a> {
        let public = matches!(
            action,
            Action::Tournament(_)
                | Action::ServerSettings { .. }
                | Action::ServerOptions { .. }
                | Action::SetLocale(_)
                | Action::Vacation(_)
                | Action::VacationDays(_)
        );
        Asked { typing: Some(user), public }
    }
}

/// Shows one delivery of the outbox, then confirms it. A crash between the two shows it again
/// at the next start, under the same key (with `--delivery-keys`, a reader drops the repeat).
async fn deliver(
    referee: &Referee,
    d: Delivery,
    screen: &mut Screen<'_>,
    asked: Asked<'_>,
) -> Result<(), RefereeError> {
    let key = screen.keys.then(|| d.key.nonce());
    show(referee, &d.effects, screen, key.as_deref(), asked).await;
    referee.delivered(&d.key).await
}

/// Delivers everything in the outbox: what the clock just did, and at start what an earlier
/// run committed and did not deliver. The terminal runs one command at a time, so nothing else
/// is in flight.
async fn deliver_pending(referee: &Referee, screen: &mut Screen<'_>) -> Result<(), RefereeError> {
    for d in referee.undelivered(i64::MAX).await? {
        deliver(referee, d, screen, Asked::default()).await?;
    }
    Ok(())
}

/// A game's board as `for_user` may see it, as lines: the text board, their marks, and the
/// image written (if any). Empty when there is nothing to show that user: a private board once
/// the game is over (the public one then shows everything).
async fn board_lines(referee: &Referee, game: GameId, for_user: Option<&str>, images: Option<&Path>) -> Vec<String> {
    // Any kind: its picture for the audience asked for (everything once it is over).
    let Ok(Some((picture, kind))) = referee.picture(game, for_user).await else { return vec![] };
    let whose = match (for_user, picture.audience()) {
        (Some(_), Audience::Everyone) => return vec![],
        (Some(user), _) => user,
        (None, Audience::Everyone) => "reveal",
        (None, _) => "public",
    };
    let mut lines = vec![crate::local::picture_text(&picture, kind)];
    let marks = match (for_user, picture.audience()) {
        (Some(user), Audience::Seat(_)) => referee.marks(game, user).await.unwrap_or_default(),
        _ => vec![],
    };
    lines.extend(marks_line(kind, &marks));
    lines.extend(write_picture_image(images, &picture, kind, game, whose, &marks));
    lines
}

/// One player's gate in a delivery: their messages and the games whose board they get.
#[derive(Default)]
struct Gate {
    lines: Vec<String>,
    boards: Vec<GameId>,
}

async fn show(referee: &Referee, effects: &[Effect], screen: &mut Screen<'_>, key: Option<&str>, asked: Asked<'_>) {
    let keyed = |text: &str| match key {
        Some(k) => format!("{k} {text}"),
        None => text.to_string(),
    };
    let put = |text: &str| say(&keyed(text));
    // Where the gates are on: each game's turn status, and whether something public was said
    // about it (the turn passed on, so the typing player's own board waits for their turn).
    let mut status: HashMap<GameId, Option<TurnStatus>> = HashMap::new();
    let mut turned: HashSet<GameId> = HashSet::new();
    if screen.gates.on {
        for e in effects {
            let game = match e {
                Effect::Public { game: Some(g), .. } => {
                    turned.insert(*g);
                    *g
                }
                Effect::Private { game: Some(g), .. } | Effect::Render { game: g, .. } => *g,
                _ => continue,
            };
            if let std::collections::hash_map::Entry::Vacant(v) = status.entry(game) {
                v.insert(referee.turn_status(game).await.ok().flatten());
            }
        }
    }
    let route = |gates: &Gates, user: &str, game: Option<GameId>| {
        let st = game.and_then(|g| status.get(&g)).and_then(Option::as_ref);
        gates.route(user, st, asked.typing, game.is_some_and(|g| turned.contains(&g)), asked.public)
    };
    let mut gates: Vec<(String, Gate)> = Vec::new();
    fn gate_of<'g>(gates: &'g mut Vec<(String, Gate)>, user: &str) -> &'g mut Gate {
        let i = match gates.iter().position(|(u, _)| u == user) {
            Some(i) => i,
            None => {
                gates.push((user.to_string(), Gate::default()));
                gates.len() - 1
            }
        };
        &mut gates[i].1
    }
    for e in effects {
        match e {
            // Discord's `<t:…>` markup renders nowhere here: plain times.
            Effect::Public { text, .. } => put(&format!("[public] {}", plain_times(text))),
            Effect::Private { user, text, game, .. } => {
                let line = keyed(&format!("[to {user}] {}", plain_times(text)));
                match route(&screen.gates, user, *game) {
                    Route::Plain => say(&line),
                    Route::Gate => gate_of(&mut gates, user).lines.push(line),
                    Route::Hold => screen.gates.hold(user, line),
                }
            }
            Effect::Render { game, for_user: None } => {
                for l in board_lines(referee, *game, None, screen.images).await {
                    put(&l);
                }
            }
            Effect::Render { game, for_user: Some(user) } => match route(&screen.gates, user, Some(*game)) {
                // Without gates every board is shown where it comes; with them a player who is
                // out gets none, and a board held for later is drawn afresh at its gate.
                Route::Plain if !screen.gates.on => {
                    for l in board_lines(referee, *game, Some(user), screen.images).await {
                        put(&l);
                    }
                }
                Route::Plain | Route::Hold => {}
                Route::Gate => gate_of(&mut gates, user).boards.push(*game),
            },
            Effect::TimerSet { .. } | Effect::TimerCancel { .. } => {}
        }
    }
    if !screen.gates.on {
        return;
    }
    // The next mover opens their gate for what was held for them, even with nothing new.
    for st in status.values().flatten() {
        if let Some(u) = st.to_move_user.as_deref().filter(|u| screen.gates.holds_for(u)) {
            gate_of(&mut gates, u);
        }
    }
    for (user, gate) in gates {
        let mut lines = screen.gates.take_held(&user);
        lines.extend(gate.lines);
        for game in gate.boards {
            lines.extend(board_lines(referee, game, Some(&user), screen.images).await.iter().map(|l| keyed(l)));
        }
        if lines.is_empty() {
            continue;
        }
        let mut out = std::io::stdout().lock();
        if screen.gates.open(&user, &lines, &mut std::io::stdin().lock(), &mut out).is_err() {
            std::process::exit(0);
        }
    }
    // Once a game is over nothing is secret: what was held is shown.
    if status.values().flatten().any(|st| st.over) {
        for l in screen.gates.take_all_held() {
            say(&l);
        }
    }
}

/// `USER: show GAME --ply K` (the review, issue 21 point 2): the user, the game and the ply.
fn review_request(line: &str) -> Option<(&str, GameId, u32)> {
    let (user, rest) = line.split_once(':')?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        ["show", game, "--ply", ply] => {
            Some((user.trim(), game.trim_start_matches('#').parse().ok()?, ply.parse().ok()?))
        }
        _ => None,
    }
}

/// Shows `user` the board of `game` after `ply` plies as they may see it (their seat's view
/// behind their gate while they play, the public one for others, everything once it is over).
async fn review(referee: &Referee, screen: &mut Screen<'_>, user: &str, game: GameId, ply: u32) {
    let locale = referee.locale_for(user, "").await.unwrap_or_default();
    let (picture, kind, total) = match referee.picture_at(game, Some(user), ply).await {
        Ok(Some(p)) => p,
        Ok(None) => return say(&format!("[to {user}] {}", Msg::NothingToReview { game }.render(locale))),
        Err(RefereeError::Rejected { mistake, .. }) => {
            return say(&format!("[to {user}] {}", mistake.render(locale)));
        }
        Err(e) => return eprintln!("error: {e}"),
    };
    let caption = Msg::ReviewSteps { game, ply: picture.ply, total }.render(locale);
    let lines = vec![format!("[to {user}] {caption}"), crate::local::picture_text(&picture, kind)];
    if screen.gates.on && matches!(picture.audience(), Audience::Seat(_)) {
        let mut out = std::io::stdout().lock();
        if screen.gates.open(user, &lines, &mut std::io::stdin().lock(), &mut out).is_err() {
            std::process::exit(0);
        }
    } else {
        for l in lines {
            say(&l);
        }
    }
}

/// The deployment `user` has in `game`, as a text board in their language (their side at the
/// bottom, pieces by name), behind the secret gate: after `deploy` and `swap`.
async fn show_layout(referee: &Referee, game: i64, user: &str, screen: &mut Screen<'_>) {
    let Ok(Some(text)) = referee.last_layout(user, Some(game)).await else { return };
    let Ok(Some((picture, kind))) = referee.layout_picture(game, user, &text).await else { return };
    let Some(seat) =
        referee.seat_users(game).await.ok().and_then(|s| s.iter().position(|u| u.as_deref() == Some(user)))
    else {
        return;
    };
    let lang = referee.locale_for(user, "").await.unwrap_or_default();
    let board = crate::local::layout_text(&picture, kind, crate::rules::Seat(seat as u8), lang);
    // A layout is a secret: held for its owner's next gate where the gates are on (hot-seat),
    // as every private message is, so deploying opens no gate of its own.
    if screen.gates.on {
        screen.gates.hold(user, board);
    } else {
        say(&board);
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
async fn session(db: &Path, setting: &str, images: Option<&Path>, keys: bool, hotseat: bool) -> ExitCode {
    let store = match Store::open(db, Durability::Normal).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {setting}: {e}");
            return ExitCode::from(2);
        }
    };
    let interactive = std::io::stdin().is_terminal();
    let gates = Gates::new(interactive || hotseat, std::io::stdout().is_terminal());
    let mut screen = Screen { gates, images, keys };
    let referee = match Referee::start(store, Arc::new(SystemClock)).await {
        Ok((r, _)) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    say(&format!("junqi-referee local — database {}\n{HELP}", crate::store::redact(&db.to_string_lossy())));
    if let Err(e) = deliver_pending(&referee, &mut screen).await {
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
        // A line typed at a hot-seat gate runs first.
        let typed = screen.gates.next_typed().map(|t| Ok(Some(RawLine::Text(t))));
        let raw = match typed.unwrap_or_else(|| read_line(&mut std::io::stdin().lock())) {
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
        if let Err(e) = deliver_pending(&referee, &mut screen).await {
            eprintln!("error: {e}");
        }
        if let Some((user, game, ply)) = review_request(t) {
            review(&referee, &mut screen, user, game, ply).await;
            continue;
        }
        let parsed = match parse_line(t) {
            Ok(p) => p,
            Err(e) => {
                answer_unreadable(&referee, t, &e).await;
                continue;
            }
        };
        n += 1;
        // A deployment (or a swap in one) is shown to its owner as a board afterwards.
        let deployed = match &parsed.action {
            crate::referee::Action::Deploy(g, _) => Some(*g),
            _ => None,
        };
        let cmd = Command {
            user: parsed.user.clone(),
            request: parsed.request.unwrap_or_else(|| format!("local-{pid}-{}-{n}", referee.now())),
            server: String::new(),
            action: parsed.action,
        };
        let asked = Asked::of(&parsed.user, &cmd.action);
        match referee.handle_delivery(cmd).await {
            Ok(d) => {
                if let Err(e) = deliver(&referee, d, &mut screen, asked).await {
                    eprintln!("error: {e}");
                }
                if let Some(game) = deployed {
                    show_layout(&referee, game, &parsed.user, &mut screen).await;
                }
            }
            Err(RefereeError::Rejected { message, .. }) => {
                say(&format!("[to {}] {}", parsed.user, plain_times(&message)))
            }
            // The database failed (a PostgreSQL server restarting, say): nothing of the command
            // was kept, so the player is told to try again and the session goes on; the store
            // opens fresh connections for the next command.
            Err(e @ RefereeError::Store(_)) => {
                eprintln!("error: {e}");
                say(&format!("[to {}] {}", parsed.user, e.message(crate::referee::Locale::En)));
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
