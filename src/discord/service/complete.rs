//! Autocomplete of `/junqi move`: the starts and destinations of the actor's legal actions, as the
//! referee lists them for any game ([`crate::referee::Referee::legal_actions`]).

use super::{FLIP, RefereeService};
use crate::discord::config::Locale;
use crate::discord::ids::user_key;
use crate::discord::port::{Actor, Complete};

/// Discord's limits: choices per answer, characters per choice name and value.
const MAX_CHOICES: usize = 25;
const MAX_CHARS: usize = 100;

impl RefereeService {
    /// Autocomplete from the referee's list of the actor's legal actions (empty when it is not
    /// their turn): `from` offers their starts (a 翻棋 face-down point labelled as a flip), `to`
    /// the destinations from the chosen start ([`FLIP`] for a flip). What the actor typed filters
    /// them: names that start with it first, then names that contain it.
    pub(super) async fn complete_moves(&self, actor: &Actor, q: Complete) -> Vec<(String, String)> {
        let game = match &q {
            Complete::From { game, .. } | Complete::To { game, .. } | Complete::Action { game, .. } => *game,
        };
        let Some(g) = game.and_then(|g| i64::try_from(g).ok()) else { return vec![] };
        let Ok(tokens) = self.referee.legal_actions(g, &user_key(actor.user)).await else { return vec![] };
        if let Complete::Action { prefix, .. } = &q {
            // Whole actions, as the game writes them: any game's, whatever their form.
            let names: Vec<&str> = tokens.iter().map(String::as_str).collect();
            return choices(typed_first(names, prefix).into_iter().map(|t| (t.to_string(), t.to_string())));
        }
        let actions: Vec<(String, String)> = tokens.iter().filter_map(|t| action_fields(t)).collect();
        let zh = actor.locale != Locale::En;
        match &q {
            Complete::From { prefix, .. } => {
                let mut starts: Vec<&str> = actions.iter().map(|(f, _)| f.as_str()).collect();
                starts.sort_by_key(|n| (n.len(), n.to_string()));
                starts.dedup();
                let label = |n: &str| {
                    let flip = actions.iter().any(|(f, t)| f == n && t == FLIP);
                    match (flip, zh) {
                        (false, _) => n.to_string(),
                        (true, true) => format!("{n}（翻开）"),
                        (true, false) => format!("{n} (flip)"),
                    }
                };
                choices(typed_first(starts, prefix).into_iter().map(|n| (label(n), n.to_string())))
            }
            Complete::Action { .. } => vec![],
            Complete::To { from, prefix, .. } => {
                let Some(from) = chosen_start(&actions, from) else { return vec![] };
                let mut ends: Vec<&str> = actions.iter().filter(|(f, _)| *f == from).map(|(_, t)| t.as_str()).collect();
                ends.sort_by_key(|n| (n.len(), n.to_string()));
                ends.dedup();
                let label = |n: &str| if n == FLIP && zh { "翻开 flip".to_string() } else { n.to_string() };
                choices(typed_first(ends, prefix).into_iter().map(|n| (label(n), n.to_string())))
            }
        }
    }
}

/// An action token as the two fields of `/junqi move`: `c6-c7` → (`c6`, `c7`), a flip `+c6` →
/// (`c6`, [`FLIP`]), a path by its ends: 跳棋's hops `l2-j4-n4` → (`l2`, `n4`), a draughts
/// capture `1x10x19` → (`1`, `19`) (the games read start and end back as the path: 跳棋 the
/// shortest, draughts the only capture between them, or a list of the full paths to choose).
/// `None` for a token of another form (the command cannot play it).
pub(super) fn action_fields(token: &str) -> Option<(String, String)> {
    if let Some(point) = token.strip_prefix('+') {
        return Some((point.to_string(), FLIP.to_string()));
    }
    let numeric = token.chars().all(|c| c.is_ascii_digit() || c == 'x' || c == '-');
    let points: Vec<&str> =
        if token.contains('-') || !numeric { token.split('-').collect() } else { token.split('x').collect() };
    match points.as_slice() {
        [from, .., to] if !from.is_empty() && !to.is_empty() => Some((from.to_string(), to.to_string())),
        _ => None,
    }
}

/// The start the actor chose in `from`: the one named so (any case), else the only start that
/// contains what they typed (a local name such as `c6` for `S.c6`).
fn chosen_start(actions: &[(String, String)], typed: &str) -> Option<String> {
    let typed = typed.trim().to_lowercase();
    if typed.is_empty() {
        return None;
    }
    if let Some((f, _)) = actions.iter().find(|(f, _)| f.to_lowercase() == typed) {
        return Some(f.clone());
    }
    let mut found = actions.iter().map(|(f, _)| f).filter(|f| f.to_lowercase().contains(&typed));
    let first = found.next()?;
    found.all(|f| f == first).then(|| first.clone())
}

/// The names matching what was typed (any case): those that start with it, then those that
/// contain it elsewhere, each group in the given order.
fn typed_first<'a>(names: Vec<&'a str>, typed: &str) -> Vec<&'a str> {
    let typed = typed.trim().to_lowercase();
    let (starts, rest): (Vec<&str>, Vec<&str>) = names.into_iter().partition(|n| n.to_lowercase().starts_with(&typed));
    starts.into_iter().chain(rest.into_iter().filter(|n| n.to_lowercase().contains(&typed))).collect()
}

/// At most [`MAX_CHOICES`] choices, each name and value cut to [`MAX_CHARS`] characters.
fn choices(list: impl Iterator<Item = (String, String)>) -> Vec<(String, String)> {
    let cut = |s: String| if s.chars().count() > MAX_CHARS { s.chars().take(MAX_CHARS).collect() } else { s };
    list.take(MAX_CHOICES).map(|(label, value)| (cut(label), cut(value))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(tokens: &[&str]) -> Vec<(String, String)> {
        tokens.iter().filter_map(|t| action_fields(t)).collect()
    }

    #[test]
    fn tokens_become_the_fields_of_the_move_command() {
        assert_eq!(action_fields("c6-c7"), Some(("c6".into(), "c7".into())));
        assert_eq!(action_fields("S.c6-C.s"), Some(("S.c6".into(), "C.s".into())));
        assert_eq!(action_fields("+c6"), Some(("c6".into(), FLIP.into())));
        assert_eq!(action_fields("pass"), None);
        assert_eq!(action_fields("l2-j4-n4"), Some(("l2".into(), "n4".into())));
        assert_eq!(action_fields("1x10x19"), Some(("1".into(), "19".into())));
        assert_eq!(action_fields("15x22"), Some(("15".into(), "22".into())));
        assert_eq!(action_fields("11-15"), Some(("11".into(), "15".into())));
        assert_eq!(action_fields("--"), None);
    }

    #[test]
    fn what_was_typed_filters_starts_first_then_contains() {
        let names = vec!["c6", "S.c6", "a1", "C.s"];
        assert_eq!(typed_first(names.clone(), ""), names);
        assert_eq!(typed_first(names.clone(), "c"), ["c6", "C.s", "S.c6"]);
        assert_eq!(typed_first(names.clone(), "C6"), ["c6", "S.c6"]);
        assert!(typed_first(names, "zz").is_empty());
    }

    #[test]
    fn a_start_is_chosen_by_name_or_by_the_only_start_containing_it() {
        let a = pairs(&["S.c6-C.s", "S.c6-S.c5", "S.a6-S.a5", "E.a6-E.a5"]);
        assert_eq!(chosen_start(&a, "s.c6").as_deref(), Some("S.c6"));
        assert_eq!(chosen_start(&a, "c6").as_deref(), Some("S.c6"));
        assert_eq!(chosen_start(&a, "a6"), None, "two starts contain it");
        assert_eq!(chosen_start(&a, ""), None);
    }

    #[test]
    fn choices_keep_to_discords_limits() {
        let many = (0..40).map(|i| ("x".repeat(120 + i), format!("v{i}")));
        let c = choices(many);
        assert_eq!(c.len(), MAX_CHOICES);
        assert!(c.iter().all(|(l, v)| l.chars().count() <= MAX_CHARS && v.chars().count() <= MAX_CHARS));
    }
}
