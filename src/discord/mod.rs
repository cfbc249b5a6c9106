//! The Discord adapter: thin slash commands that parse, call the referee and turn its effects into
//! Discord messages. No game logic lives here.
//!
//! Layers (each imports only those below it; a test at the end of this file keeps it so):
//! - [`port`]: what the adapter asks of the referee ([`port::GameService`]) and the effects it
//!   shows, tournament ones included. Data only.
//! - [`plan`]: the pure mapping from effects to messages, attachments, components, embeds and
//!   ephemeral flags; typed moves.
//! - [`service`]: the referee behind the port (requests → referee commands, effects → the port's,
//!   images drawn off the async workers), the tournament side included.
//! - [`context`]: what commands and event handlers share: the bot's state, the poise context, the
//!   executor that carries out planned actions on Discord.
//! - [`commands`]: the `/junqi` slash commands (game, tournament and rating).
//! - [`bot`]: the client, the event handlers (buttons, menus, modals, typed moves), the clock.
//! - Beneath them all: [`config`] (defaults < file < environment), [`text`] (fixed texts),
//!   [`error`] (user mistakes vs internal faults), [`ids`] (Discord ids as the referee keys them).

pub mod bot;
pub mod commands;
pub mod config;
pub mod context;
pub mod error;
pub mod ids;
pub mod plan;
pub mod port;
pub mod service;
pub mod shards;
pub mod text;

use std::sync::Arc;

pub use service::board_renderer;

use crate::referee::{Referee, SystemClock};
use crate::store::{Durability, Store};

/// Opens the database named in the config and starts the referee on it (applying deadlines
/// missed while the bot was down), wrapped as the adapter's [`port::GameService`].
pub async fn open_service(config: &config::Config) -> Result<Arc<dyn port::GameService>, String> {
    let store = Store::open(&config.database, Durability::Normal)
        .await
        .map_err(|e| format!("{}: {e}", config::DATABASE_SETTING))?;
    let (referee, missed) =
        Referee::start(store, Arc::new(SystemClock)).await.map_err(|e| format!("cannot start the referee: {e}"))?;
    if !missed.is_empty() {
        // Committed to the outbox with their announcements: the clock's first round posts them.
        tracing::info!(count = missed.len(), "applied deadlines missed while the bot was down");
    }
    let service = service::RefereeService::new(Arc::new(referee), Some(board_renderer()));
    Ok(Arc::new(service))
}

/// The adapter's modules must not import each other in a circle: the layers read
/// `port ← plan ← service` and `port ← context ← commands ← bot` (config, text, error and ids
/// below them). This test reads every `src/discord/**/*.rs` file, collects the modules each one
/// names (`super::x`, `super::super::x`, `crate::discord::x`, also inside `use …::{…}` groups
/// and poise's quoted paths), and fails naming the circle if the graph of the top-level modules
/// has one. A folder (`plan/`, `service/`…) is one module: its files may use each other.
#[cfg(test)]
mod layering {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// The graph's node for discord's own `mod.rs`, which declares and wires the modules.
    const ROOT: &str = "mod.rs";

    type Graph = BTreeMap<String, BTreeSet<String>>;

    /// Every `.rs` file under `dir`, as (path relative to it with `/`, text).
    fn sources(dir: &Path, prefix: &str, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src/discord is readable").flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            if path.is_dir() {
                sources(&path, &format!("{prefix}{name}/"), out);
            } else if name.ends_with(".rs") {
                out.push((format!("{prefix}{name}"), std::fs::read_to_string(&path).expect("a readable source")));
            }
        }
    }

    /// The code of a file that counts: no comments (doc links are not imports), no test module
    /// (the files end with theirs).
    fn code(text: &str) -> String {
        let test_module = |i: &usize| *i == 0 || text[..*i].ends_with('\n');
        let end = text.match_indices("#[cfg(test)]\nmod ").map(|(i, _)| i).find(test_module).unwrap_or(text.len());
        text[..end].lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
    }

    fn ident_at(s: &str) -> &str {
        let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
        &s[..end]
    }

    /// The first path segment of each item of a `use` tree starting at `s` (`x::…`, `x`, or a
    /// `{…}` group of those).
    fn heads(s: &str) -> Vec<String> {
        let s = s.trim_start();
        let Some(group) = s.strip_prefix('{') else { return vec![ident_at(s).to_string()] };
        let (mut depth, mut items, mut item) = (0, vec![], String::new());
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        items.push(item);
        items.iter().map(|i| ident_at(i.trim()).to_string()).filter(|i| !i.is_empty()).collect()
    }

    /// The modules of `src/discord` each top-level module names.
    fn graph(files: &[(String, String)]) -> Graph {
        let top = |path: &str| path.split('/').next().unwrap_or(path).trim_end_matches(".rs").to_string();
        let modules: BTreeSet<String> = files.iter().map(|(p, _)| top(p)).filter(|m| m != "mod").collect();
        let node = |name: &str| if modules.contains(name) { name.to_string() } else { ROOT.to_string() };
        let mut g = Graph::new();
        for (path, text) in files {
            let code = code(text);
            let from = if path == ROOT { ROOT.to_string() } else { top(path) };
            // How deep the file's module sits below `discord`: `bot.rs` 1, `plan/mod.rs` 1,
            // `plan/tournament.rs` 2.
            let depth = path.trim_end_matches("/mod.rs").matches('/').count() + usize::from(path != ROOT);
            let edges = g.entry(from.clone()).or_default();
            let starts = |pat: &'static str| code.match_indices(pat).map(|(i, _)| i).collect::<Vec<_>>();
            for i in starts("super::") {
                if code[..i].ends_with("::") || code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue; // The second `super` of `super::super::`, or part of a longer name.
                }
                let mut rest = &code[i..];
                let mut up = 0;
                while let Some(r) = rest.strip_prefix("super::") {
                    rest = r;
                    up += 1;
                }
                // `super` × depth reaches `discord` itself; fewer stay inside this module.
                if up == depth {
                    edges.extend(heads(rest).iter().map(|h| node(h)));
                }
            }
            for i in starts("crate::discord::") {
                edges.extend(heads(&code[i + "crate::discord::".len()..]).iter().map(|h| node(h)));
            }
            if path == ROOT {
                // The root names its modules bare (`service::RefereeService`); `mod x;` only declares.
                for m in &modules {
                    let named = code.lines().filter(|l| !l.trim_start().starts_with("pub mod ")).any(|l| {
                        l.match_indices(&format!("{m}::"))
                            .any(|(i, _)| !l[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':'))
                    });
                    if named {
                        edges.insert(m.clone());
                    }
                }
            }
            edges.retain(|to| *to != from && to != "self" && to != "*");
        }
        g
    }

    /// A circle in the graph, as the modules along it (the first repeated at the end).
    fn cycle(g: &Graph) -> Option<Vec<String>> {
        fn visit(g: &Graph, n: &str, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
            if let Some(i) = path.iter().position(|p| p == n) {
                let mut c = path[i..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            if done.contains(n) {
                return None;
            }
            path.push(n.to_string());
            for next in g.get(n).into_iter().flatten() {
                if let Some(c) = visit(g, next, path, done) {
                    return Some(c);
                }
            }
            path.pop();
            done.insert(n.to_string());
            None
        }
        let mut done = BTreeSet::new();
        g.keys().find_map(|n| visit(g, n, &mut vec![], &mut done))
    }

    #[test]
    fn the_discord_modules_import_each_other_in_no_circle() {
        let mut files = vec![];
        sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord"), "", &mut files);
        let g = graph(&files);
        if let Some(c) = cycle(&g) {
            panic!("src/discord imports in a circle: {}\nthe whole graph: {g:#?}", c.join(" → "));
        }
        // The layers, as the module docs describe them.
        let uses = |a: &str, b: &str| g.get(a).is_some_and(|e| e.contains(b));
        assert!(g.len() > 8 && uses("bot", "commands") && uses("commands", "context") && uses("service", "port"));
        for (low, high) in [("port", "plan"), ("plan", "service"), ("port", "context"), ("context", "commands")] {
            assert!(!uses(low, high), "{low} must not import {high}: {g:#?}");
        }
    }

    #[test]
    fn a_circle_is_found_and_named() {
        let file = |p: &str, t: &str| (p.to_string(), t.to_string());
        let files = [
            file("mod.rs", "pub mod a;\npub mod b;\npub mod c;\nuse std::sync::Arc;\n"),
            file("a.rs", "use super::b::X;\n// super::c::Y in a comment is no import\n"),
            file("b/mod.rs", "mod inner;\nuse super::{config::Locale, c};\n"),
            file("b/inner.rs", "use super::Z;\nfn f() { crate::discord::c::g() }\n"),
            file("c.rs", "use super::super::elsewhere;\n#[poise::command(subcommands(\"super::a::x\"))]\n"),
            file("config.rs", "#[cfg(test)]\nmod tests {\n    use crate::discord::a::T;\n}\n"),
        ];
        let g = graph(&files);
        assert_eq!(g["a"], BTreeSet::from(["b".to_string()]));
        assert_eq!(g["b"], BTreeSet::from(["c".to_string(), "config".to_string()]));
        assert_eq!(g["c"], BTreeSet::from(["a".to_string()]));
        assert!(g["config"].is_empty() && g[ROOT].is_empty(), "{g:?}");
        assert_eq!(cycle(&g).map(|c| c.join(" → ")), Some("a → b → c → a".to_string()));
        let mut g = g;
        g.get_mut("c").map(BTreeSet::clear);
        assert_eq!(cycle(&g), None);
    }
}
