//! Records of the family: plain `.jqr` records (`RedSetup`/`BlueSetup`, moves `from-to`), and —
//! when a setup is `?`, as public records write it — the public history alone, as the Junqi
//! family replays such records: each move by its side, the combats its outcome marks announce
//! (`g8-g9 {x}`) with both pieces hidden (whose pieces they are is public in this family), and
//! the end the marks and the terminal word say. Nothing is checked against rules the record
//! hides; a token that is not a move of the board is refused with its line.

use crate::combat::Outcome;
use crate::contract::record::{Item, Terminal, perr, read_plain, winner_of_token};
use crate::contract::{
    Envelope, Face, Fact, GameDef, Over, ParseError, PublicPly, Reading, ReplayError, Standing, Step,
};
use crate::end::EndReason;
use crate::game::Move;
use crate::seat::Seat;

use super::outcome::other;

/// How a game of the family reads and writes its moves in records.
#[derive(Copy, Clone)]
pub struct Notation {
    /// A move token read (`g8-g9`), `None` if it names no move of the board.
    pub parse: fn(&str) -> Option<Move>,
    /// A move written.
    pub format: fn(Move) -> String,
}

/// Reads a record: its start when both setups are given, else its public history.
pub fn read(def: &'static GameDef, env: &Envelope, notation: Notation) -> Result<Reading, ParseError> {
    env.check_result()?;
    let hidden = def.kind.seating.seats.iter().any(|d| env.tag(&format!("{}Setup", d.name.en)) == Some("?"));
    if !hidden {
        return read_plain(def, env);
    }
    let first = match env.tag("First") {
        Some(f) => {
            def.kind.seating.find(f).ok_or_else(|| perr(env.tag_line("First"), format!("unknown seat '{f}'")))?
        }
        None => Seat::RED,
    };
    let env = env.clone();
    Ok(Reading::Hidden(Box::new(move |steps| public_history(def, &env, first, notation, steps))))
}

/// The public history of a record that hides its setups, step by step; the result it proves.
fn public_history(
    def: &'static GameDef,
    env: &Envelope,
    first: Seat,
    notation: Notation,
    steps: &mut Vec<Step>,
) -> Result<Option<Over>, ReplayError> {
    let team = |s: Seat| def.kind.seating.seats.get(s.index()).map_or(s.0, |d| d.team);
    let (mut seat, mut ply, mut over) = (first, 0u32, None::<Over>);
    for item in &env.items {
        let line = match item {
            Item::Action { line, .. } | Item::Seat { line, .. } | Item::Word { line, .. } => *line,
        };
        if let Some(o) = &over {
            return Err(ReplayError::Parse(perr(line, format!("moves after the game ended ({})", o.reason.as_str()))));
        }
        match item {
            Item::Action { token, mark, .. } => {
                let mv = (notation.parse)(token)
                    .ok_or_else(|| ReplayError::Parse(perr(line, format!("'{token}' is not a move (from-to)"))))?;
                ply += 1;
                let outcome = mark.unwrap_or(Outcome::Moved);
                let facts = if outcome.is_combat() {
                    let (attacker, defender) = (Face::Hidden { owner: seat }, Face::Hidden { owner: other(seat) });
                    vec![Fact::Combat { outcome, attacker, defender }]
                } else {
                    Vec::new()
                };
                let end = (outcome == Outcome::FlagCaptured)
                    .then(|| Over { standing: Standing::Team(team(seat)), reason: EndReason::FlagCaptured });
                let action = (notation.format)(mv);
                steps.push(Step::Ply(PublicPly {
                    ply,
                    seat,
                    action,
                    path: vec![mv.from, mv.to],
                    facts,
                    end: end.clone(),
                }));
                over = end;
                seat = other(seat);
            }
            Item::Seat { token, .. } => {
                return Err(ReplayError::Parse(perr(
                    line,
                    format!("'{token}': a two-player record has no seat events"),
                )));
            }
            Item::Word { word, .. } => {
                let winner = winner_of_token(def, &env.result);
                over = match word {
                    Terminal::Draw => Some(Over { standing: Standing::Draw, reason: EndReason::Agreed }),
                    Terminal::Resign => winner.map(|t| Over { standing: Standing::Team(t), reason: EndReason::Resign }),
                    Terminal::Timeout => {
                        winner.map(|t| Over { standing: Standing::Team(t), reason: EndReason::Timeout })
                    }
                };
            }
        }
    }
    Ok(over)
}

#[cfg(test)]
mod tests {
    use crate::combat::Outcome;
    use crate::contract::replay::replay;
    use crate::contract::{Face, Fact, Standing, Step};
    use crate::end::EndReason;
    use crate::seat::Seat;

    fn record(variant: &str, red: &str, blue: &str, moves: &str, result: &str) -> String {
        format!(
            "[Format \"jqr/1\"]\n[Variant \"{variant}\"]\n[Red \"alice\"]\n[Blue \"bob\"]\n[RedSetup \"{red}\"]\n\
             [BlueSetup \"{blue}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
        )
    }

    fn plies(steps: &[Step]) -> Vec<(Seat, String, Vec<Fact>)> {
        steps
            .iter()
            .map(|s| match s {
                Step::Ply(p) => (p.seat, p.action.clone(), p.facts.clone()),
                Step::Seat { .. } => panic!("no seat events"),
            })
            .collect()
    }

    /// Issue 14: a record whose setups are `?` (a public record) replays its public history for
    /// both games of the family — each move by its side, the combats its marks announce with both
    /// pieces hidden, and the end its terminal word and result say.
    #[test]
    fn records_with_hidden_setups_replay_their_public_history() {
        for (variant, setup) in [
            ("sanjun30", "0mn3 9h 8c 26f g4 17i ebjk 5la / spr.qt / uv"),
            ("sanjun", "mnhm ce kag fbdi neg hjjf ilk / stts prqqrp / uv"),
        ] {
            let text = record(variant, "?", "?", "o3-o22 g20-e20 o22-k22 {r} e20-e18 {x} resign", "0-1");
            let mut steps = Vec::new();
            let r = replay(&text, &mut steps).unwrap_or_else(|e| panic!("{variant}: {e}"));
            assert!(r.game.is_none(), "nothing to draw without the setups");
            let over = r.over.expect("resigned");
            assert_eq!((over.standing, over.reason), (Standing::Team(1), EndReason::Resign));
            let p = plies(&steps);
            assert_eq!(p.len(), 4);
            assert_eq!((p[0].0, p[0].1.as_str(), p[0].2.len()), (Seat::RED, "o3-o22", 0));
            assert_eq!((p[1].0, p[1].1.as_str()), (Seat::BLUE, "g20-e20"));
            let combat = |outcome| Fact::Combat {
                outcome,
                attacker: Face::Hidden { owner: Seat::RED },
                defender: Face::Hidden { owner: Seat::BLUE },
            };
            assert_eq!(p[2].2, vec![combat(Outcome::Scouted)]);
            assert_eq!(p[3].2.len(), 1, "Blue's attack is a combat too");
            // One setup known and the other hidden is still a public record; its marks are taken
            // as written (no rule is checked against setups it hides).
            let text = record(variant, setup, "?", "o3-o22 {F}", "1-0");
            let r = replay(&text, &mut Vec::new()).unwrap();
            assert_eq!(r.over.map(|o| (o.standing, o.reason)), Some((Standing::Team(0), EndReason::FlagCaptured)));
            // Both known: the full replay, which checks the moves.
            let text = record(variant, setup, setup, "h1-h2", "*");
            assert!(replay(&text, &mut Vec::new()).is_err(), "{variant}: a flag never moves");
            // A token that names no move is refused with its line.
            let text = record(variant, "?", "?", "o3-o22 z9-z10", "*");
            let e = replay(&text, &mut Vec::new()).err().expect("refused").to_string();
            assert!(e.contains("'z9-z10' is not a move"), "{e}");
        }
    }
}
