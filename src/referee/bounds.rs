//! The longest text the referee takes from any adapter (Discord options, chat read as moves, the
//! local mode, transcripts): a command carrying more is refused before anything parses it, so no
//! parser's cost and no message quoting the text grows with what a user pastes.

use super::tournament::TournamentAction;
use super::{Action, DeploySource, Mistake};
use crate::rules::echo::echo;

/// The most bytes of any one text of a command. The longest real text, a deployment written in
/// full English piece names, is under 300 bytes.
pub const MAX_TEXT_BYTES: usize = 1024;

/// An optional text as an optional `&str`.
fn opt_str(o: &Option<String>) -> Option<&str> {
    o.as_deref()
}

impl Action {
    /// Every text of the action as the user typed it.
    fn texts(&self) -> Vec<&str> {
        match self {
            Action::Challenge { opponent, variant, mode, rules, time } => {
                [opt_str(opponent), Some(variant), Some(mode), Some(rules), Some(time)].into_iter().flatten().collect()
            }
            Action::Join { seat, .. } => opt_str(seat).into_iter().collect(),
            Action::Deploy(_, DeploySource::Text(t) | DeploySource::Saved(t) | DeploySource::Classic(t)) => vec![t],
            Action::Deploy(_, DeploySource::Swap(a, b)) => vec![a, b],
            Action::Move(_, t) | Action::SetLocale(t) => vec![t],
            Action::SaveLayout { name, setup, .. } => vec![name, setup],
            Action::DeleteLayout { name, .. } => vec![name],
            Action::ServerSettings { locale, challenge_ttl, .. } => {
                [opt_str(locale), opt_str(challenge_ttl)].into_iter().flatten().collect()
            }
            Action::Mark { point, piece, .. } => [Some(point.as_str()), opt_str(piece)].into_iter().flatten().collect(),
            Action::ServerOptions { announcements, default_time, locale, .. } => {
                [opt_str(announcements), opt_str(default_time), opt_str(locale)].into_iter().flatten().collect()
            }
            Action::Tournament(t) => match t {
                TournamentAction::Create { name, format, variant, mode, rules, time, round_time, start, .. } => {
                    vec![name, format, variant, mode, rules, time, round_time, start]
                }
                TournamentAction::Adjudicate { result, .. } => vec![result],
                TournamentAction::Rating { user, variant } => {
                    [opt_str(user), Some(variant)].into_iter().flatten().collect()
                }
                TournamentAction::Leaderboard { variant } => vec![variant],
                TournamentAction::Stats { user } => opt_str(user).into_iter().collect(),
                TournamentAction::Join(_)
                | TournamentAction::Leave(_)
                | TournamentAction::Start(_)
                | TournamentAction::Withdraw(_)
                | TournamentAction::Standings(_)
                | TournamentAction::EarlyResignRule(_) => vec![],
            },
            Action::Accept(_)
            | Action::Decline(_)
            | Action::Deploy(_, DeploySource::Random | DeploySource::Last)
            | Action::Resign(_)
            | Action::OfferDraw(_)
            | Action::AcceptDraw(_)
            | Action::DeclineDraw(_)
            | Action::Takeback(..)
            | Action::Auto(..)
            | Action::Abort(_)
            | Action::Rematch(_)
            | Action::Show(_)
            | Action::ListLayouts(_)
            | Action::Vacation(_)
            | Action::VacationDays(_) => vec![],
        }
    }

    /// The refusal of an action carrying a text over [`MAX_TEXT_BYTES`], if it does.
    pub(super) fn oversized(&self) -> Option<Mistake> {
        let t = self.texts().into_iter().find(|t| t.len() > MAX_TEXT_BYTES)?;
        Some(Mistake::TooLong { start: echo(t), bytes: t.len() })
    }
}

#[cfg(test)]
mod tests {
    use super::MAX_TEXT_BYTES;
    use crate::referee::{Action, DeploySource, Mistake};

    #[test]
    fn over_long_texts_are_refused_with_a_short_quote() {
        let long = "司".repeat(MAX_TEXT_BYTES);
        for action in [
            Action::Move(1, long.clone()),
            Action::Deploy(1, DeploySource::Text(long.clone())),
            Action::Mark { game: 1, point: "c9".into(), piece: Some(long.clone()) },
            Action::Challenge {
                opponent: None,
                variant: "junqi".into(),
                mode: String::new(),
                rules: long.clone(),
                time: "1d".into(),
            },
        ] {
            let Some(Mistake::TooLong { start, bytes }) = action.oversized() else { panic!("{action:?}") };
            assert_eq!(bytes, long.len());
            assert!(start.chars().count() <= crate::rules::echo::ECHO_CHARS && start.ends_with('…'));
        }
        let fits = "a".repeat(MAX_TEXT_BYTES);
        assert_eq!(Action::Move(1, fits).oversized(), None);
        assert_eq!(Action::Resign(1).oversized(), None);
    }
}
