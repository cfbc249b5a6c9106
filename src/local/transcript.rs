//! Transcripts: a command per line with the acting user, each followed by the effects it produced
//! (lines starting with `> `). Running a transcript replays its commands against a fresh referee
//! on a fresh SQLite file with a manual clock, and writes the commands back with the effects that
//! actually happened; a golden test compares the two.
//!
//! Directives: `@advance SECONDS` moves the clock; `@tick` applies what is due; `@restart` closes
//! the referee and the database and starts them again (applying deadlines missed meanwhile);
//! `@server-locale LOCALE` and `@server-vacation-days N` set the settings of the server "" (the one
//! transcripts use).
//! Lines starting with `#` and blank lines are kept as they are.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{format_effect, line_user, parse_line};
use crate::referee::{Command, Effect, ManualClock, Referee, RefereeError};
use crate::store::{self, Durability, Store};

/// The clock's start: 2026-11-02 00:00 UTC (printed times are relative to it).
pub const T0: i64 = 1_793_577_600;

/// A transcript that could not run.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// The referee failed (not a user mistake: those are part of the output).
    #[error("line {line}: {source}")]
    Referee {
        /// 1-based line.
        line: usize,
        /// The error.
        source: RefereeError,
    },
    /// A directive that could not be read.
    #[error("line {line}: bad directive '{text}'")]
    Directive {
        /// 1-based line.
        line: usize,
        /// The text.
        text: String,
    },
}

struct Session {
    path: PathBuf,
    clock: ManualClock,
    referee: Option<Referee>,
}

impl Session {
    async fn start(&mut self, out: &mut Vec<String>, line: usize) -> Result<(), TranscriptError> {
        let store = Store::open(&self.path, Durability::Normal)
            .await
            .map_err(|e| TranscriptError::Referee { line, source: e.into() })?;
        let (r, effects) = Referee::start(store, Arc::new(self.clock.clone()))
            .await
            .map_err(|source| TranscriptError::Referee { line, source })?;
        out.extend(effects.iter().map(|e| format_effect(e, T0)));
        self.referee = Some(r);
        Ok(())
    }

    fn referee(&self) -> &Referee {
        self.referee.as_ref().expect("the referee is running")
    }
}

/// Runs a transcript on a database file (deleted first) and returns the transcript as it should
/// read: the same commands, each followed by the effects that happened.
pub async fn run(text: &str, db: &Path) -> Result<String, TranscriptError> {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let mut s = Session { path: db.to_path_buf(), clock: ManualClock::new(T0), referee: None };
    let mut out: Vec<String> = Vec::new();
    s.start(&mut out, 0).await?;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim_end();
        if t.starts_with("> ") || t == ">" {
            continue;
        }
        out.push(t.to_string());
        if t.trim().is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(d) = t.strip_prefix('@') {
            let words: Vec<&str> = d.split_whitespace().collect();
            match words.as_slice() {
                ["advance", n] => {
                    let n: i64 = n.parse().map_err(|_| TranscriptError::Directive { line, text: t.into() })?;
                    s.clock.advance(n);
                }
                ["tick"] => {
                    let eff = s.referee().tick().await.map_err(|source| TranscriptError::Referee { line, source })?;
                    out.extend(eff.iter().map(|e| format_effect(e, T0)));
                }
                ["restart"] => {
                    if let Some(r) = s.referee.take() {
                        r.store().close().await;
                    }
                    s.start(&mut out, line).await?;
                }
                [key @ ("server-locale" | "server-vacation-days"), value] => {
                    let r = s.referee();
                    let err = |e: store::StoreError| TranscriptError::Referee { line, source: e.into() };
                    let mut c = r.store().conn().await.map_err(err)?;
                    let mut row = store::server_get(&mut c, "").await.map_err(err)?;
                    if *key == "server-locale" {
                        row.locale = value.to_string();
                    } else {
                        row.vacation_days =
                            value.parse().map_err(|_| TranscriptError::Directive { line, text: t.into() })?;
                    }
                    store::server_put(&mut c, &row).await.map_err(err)?;
                }
                _ => return Err(TranscriptError::Directive { line, text: t.into() }),
            }
            continue;
        }
        // Questions the terminal answers itself (help, rules, legend, games, export), as the
        // terminal does, so a transcript shows them too instead of an unknown command.
        let (asker, question) = match line_user(t) {
            Some(u) => (Some(u), t.split_once([':', '：']).map_or(t, |(_, q)| q)),
            None => (None, t),
        };
        if let Some(ask) = super::help::parse_ask(question) {
            let text = super::help::answer(s.referee(), asker, &ask).await.replace('\n', "\n>   ");
            out.push(format!("> to {}: {text}", asker.unwrap_or("everyone")));
            continue;
        }
        let parsed = match parse_line(t) {
            Ok(p) => p,
            // A line naming its user is answered to them, in their language, as the
            // referee's refusals are; one naming nobody is just unreadable.
            Err(e) => {
                out.push(match line_user(t) {
                    Some(user) => {
                        let locale = s
                            .referee()
                            .locale_for(user, "")
                            .await
                            .map_err(|source| TranscriptError::Referee { line, source })?;
                        format!("> error to {user}: {}", e.render(locale))
                    }
                    None => format!("> unreadable: {e}"),
                });
                continue;
            }
        };
        let cmd = Command {
            request: parsed.request.clone().unwrap_or_else(|| format!("line-{line}")),
            user: parsed.user.clone(),
            server: String::new(),
            action: parsed.action,
        };
        match s.referee().handle(cmd).await {
            Ok(effects) => out.extend(effects.iter().map(|e: &Effect| format_effect(e, T0))),
            Err(RefereeError::Rejected { message, .. }) => out.push(format!("> error to {}: {message}", parsed.user)),
            Err(source) => return Err(TranscriptError::Referee { line, source }),
        }
    }
    if let Some(r) = s.referee.take() {
        r.store().close().await;
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let mut text = out.join("\n");
    text.push('\n');
    Ok(text)
}
