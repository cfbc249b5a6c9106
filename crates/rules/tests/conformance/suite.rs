//! The conformance suite: properties every catalogued game must have, checked through the
//! contract alone (`GameDef` + `AnyGame`), so that a game gets them all by being catalogued.
//!
//! Runs are deterministic (seeded [`Rng`]), so a failure names its game, mode and seed and
//! reproduces exactly.

use std::collections::HashSet;

use junqi_rules::board::PointId;
use junqi_rules::contract::{
    AnyGame, Audience, Face, Fact, GameDef, Lang, Leave, Picture, PublicPly, Secret, SetupStyle, Start, StartError,
    to_traditional,
};
use junqi_rules::rng::Rng;
use junqi_rules::seat::Seat;

/// One game kind played in one of its modes, with the smallest seat count it takes.
#[derive(Clone, Copy)]
pub struct Setting {
    /// The catalogue entry.
    pub def: &'static GameDef,
    /// The mode key.
    pub mode: &'static str,
}

impl Setting {
    /// Every mode of a kind.
    pub fn all_of(def: &'static GameDef) -> Vec<Setting> {
        def.kind.modes.iter().map(|m| Setting { def, mode: m.key }).collect()
    }

    fn seats(&self) -> u8 {
        self.def.kind.seating.counts[0]
    }

    fn label(&self, seed: u64) -> String {
        format!("{} mode={} seed={seed}", self.def.name(), self.mode)
    }

    /// A start with random setups or a random deal drawn from `rng`, and a random first seat
    /// where the kind lets the referee choose.
    pub fn start(&self, rng: &mut Rng) -> Start {
        let mut s = Start::new(self.seats());
        s.mode = self.mode.to_string();
        match self.def.kind.setup {
            SetupStyle::Deploy => {
                let random = self.def.random_setup.expect("a Deploy game has random_setup");
                s.setups = (0..s.seats).map(|i| Secret::new(random(Seat(i), rng))).collect();
            }
            SetupStyle::Deal => {
                let deal = self.def.deal.expect("a Deal game has deal");
                let seed: [u8; 32] = std::array::from_fn(|_| rng.below(256) as u8);
                s.deal = Some(deal(&Secret::new(seed)).deal);
            }
            SetupStyle::None => {}
        }
        s.first = Seat(rng.below(usize::from(s.seats)) as u8);
        if matches!((self.def.start)(&s), Err(StartError::First(_))) {
            s.first = Seat(0);
        }
        s
    }

    /// Starts a game, which must succeed.
    pub fn begin(&self, s: &Start, label: &str) -> Box<dyn AnyGame> {
        match (self.def.start)(s) {
            Ok(g) => g,
            Err(e) => panic!("{label}: a start from the game's own setups fails: {e}"),
        }
    }

    /// The audiences of a game of this kind: the public and each seat.
    pub fn audiences(&self) -> Vec<Audience> {
        std::iter::once(Audience::Public).chain((0..self.seats()).map(|i| Audience::Seat(Seat(i)))).collect()
    }
}

/// What must not change when an action is refused.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    picture: Picture,
    to_move: Seat,
    ply: u32,
    over: Option<junqi_rules::contract::Over>,
    legal: Vec<String>,
}

fn snapshot(g: &dyn AnyGame) -> Snapshot {
    Snapshot {
        picture: g.picture_for(Audience::Everyone),
        to_move: g.to_move(),
        ply: g.ply(),
        over: g.over(),
        legal: g.legal_tokens(g.to_move()),
    }
}

/// Plays one random legal action of the seat to move; `None` once the game is over or stuck.
fn random_ply(g: &mut dyn AnyGame, rng: &mut Rng, label: &str) -> Option<(Seat, String)> {
    if g.over().is_some() {
        return None;
    }
    let seat = g.to_move();
    let legal = g.legal_tokens(seat);
    if legal.is_empty() {
        return None;
    }
    let token = legal[rng.below(legal.len())].clone();
    let before = g.ply();
    if let Err(e) = g.play_text(seat, &token) {
        panic!("{label}: the legal action {token} of seat {seat} is refused: {e}");
    }
    assert_eq!(g.ply(), before + 1, "{label}: {token} did not count as one ply");
    Some((seat, token))
}

/// (a) Every legal action is playable, and a refused action — another seat's turn, garbage,
/// a stale token — changes nothing.
pub fn illegal_actions_change_nothing(set: Setting, seed: u64, plies: usize) {
    let label = set.label(seed);
    let mut rng = Rng::new(seed);
    let start = set.start(&mut rng);
    let mut g = set.begin(&start, &label);
    let mut history: Vec<String> = Vec::new();
    let garbage = ["", "zz", "a1-", "-", "resign", "z9-z10", "+", "c6-c6", "+zz=Q", "\u{7ffd}"];
    for _ in 0..plies {
        let before = snapshot(g.as_ref());
        let seat = g.to_move();
        let legal: HashSet<String> = g.legal_tokens(seat).into_iter().collect();
        for token in &legal {
            let mut probe = g.box_clone();
            if let Err(e) = probe.play_text(seat, token) {
                panic!("{label}: legal {token} refused: {e}");
            }
        }
        let mut tries: Vec<(Seat, String)> = Vec::new();
        for other in (0..set.seats()).map(Seat).filter(|&s| s != seat) {
            tries.extend(legal.iter().take(3).map(|t| (other, t.clone())));
        }
        tries.extend(garbage.iter().map(|t| (seat, t.to_string())));
        for _ in 0..6.min(history.len()) {
            let stale = &history[rng.below(history.len())];
            if !legal.contains(stale) {
                tries.push((seat, stale.clone()));
            }
        }
        for (who, text) in tries {
            let mut probe = g.box_clone();
            match probe.play_text(who, &text) {
                // Another spelling of a legal action: a stale start–end token (跳棋 `l16-n14`) may
                // now name a legal chain between the same points.
                Ok(played) if who == seat && legal.contains(&played.token) => {}
                Ok(played) => {
                    panic!("{label}: seat {who} played {text:?} ({}) although it is not legal for it", played.token)
                }
                Err(_) => assert_eq!(
                    snapshot(probe.as_ref()),
                    before,
                    "{label}: refusing {text:?} of seat {who} changed the game"
                ),
            }
        }
        match random_ply(g.as_mut(), &mut rng, &label) {
            Some((_, token)) => history.push(token),
            None => break,
        }
    }
    if g.over().is_some() {
        for s in (0..set.seats()).map(Seat) {
            assert!(g.legal_tokens(s).is_empty(), "{label}: seat {s} has legal actions after the end");
        }
        if let Some(t) = history.last() {
            assert!(g.play_text(g.to_move(), t).is_err(), "{label}: an action was accepted after the end");
        }
    }
}

/// (c) Tokens read back to themselves (and to the same typed action), and replaying the token
/// list on a fresh start rebuilds the same game.
pub fn tokens_round_trip_and_replay(set: Setting, seed: u64, plies: usize) {
    let label = set.label(seed);
    let mut rng = Rng::new(seed);
    let start = set.start(&mut rng);
    let mut g = set.begin(&start, &label);
    let mut log = Vec::new();
    for _ in 0..plies {
        let seat = g.to_move();
        let mismatches = g.token_mismatches(seat);
        assert!(mismatches.is_empty(), "{label}: tokens that do not read back: {mismatches:?}");
        for token in g.legal_tokens(seat) {
            assert_eq!(g.read_action(seat, &token).as_deref(), Ok(token.as_str()), "{label}");
        }
        match random_ply(g.as_mut(), &mut rng, &label) {
            Some(entry) => log.push(entry),
            None => break,
        }
    }
    let mut again = set.begin(&start, &label);
    for (seat, token) in &log {
        if let Err(e) = again.play_text(*seat, token) {
            panic!("{label}: replaying {token} of seat {seat} fails: {e}");
        }
    }
    assert_eq!(snapshot(again.as_ref()), snapshot(g.as_ref()), "{label}: the replay differs");
    for a in set.audiences() {
        assert_eq!(again.last_ply_for(a), g.last_ply_for(a), "{label}: the replay's last ply differs for {a:?}");
    }
}

/// (d) Random playouts end, or reach the cap, without panics; leaving and draws end or shrink
/// the game as the contract says. Returns whether the game ended.
pub fn random_playout(set: Setting, seed: u64, cap: usize) -> bool {
    let label = set.label(seed);
    let mut rng = Rng::new(seed);
    let start = set.start(&mut rng);
    let mut g = set.begin(&start, &label);
    // Some playouts end by a seat leaving or an agreed draw at a random ply.
    let leave_at = if seed % 3 == 1 { Some(rng.below(cap / 4 + 1)) } else { None };
    let draw_at = if seed % 3 == 2 { Some(rng.below(cap / 4 + 1)) } else { None };
    for i in 0..cap {
        if leave_at == Some(i) && g.over().is_none() {
            let seat = Seat(rng.below(usize::from(set.seats())) as u8);
            let why = if rng.below(2) == 0 { Leave::Resign } else { Leave::Timeout };
            let left = g.leave(seat, why);
            assert_eq!(left.out.first(), Some(&seat), "{label}: the leaver is not out");
            assert_eq!(left.end, g.over(), "{label}: leaving reports another end than the game's");
            if set.seats() == 2 {
                let end = left.end.expect("with two seats, leaving ends the game");
                assert!(end.winner().is_some_and(|t| t != seat.0), "{label}: the leaver won");
            }
            assert_eq!(g.leave(seat, why).out, Vec::<Seat>::new(), "{label}: a seat left twice");
        }
        if draw_at == Some(i) && g.over().is_none() {
            let before = snapshot(g.as_ref());
            match g.agree_draw() {
                Some(end) => {
                    assert_eq!(end.winner(), None, "{label}");
                    assert_eq!(g.agree_draw(), None, "{label}: a second draw");
                }
                // A race of more than two (跳棋) has no agreed draw; refusing it changes nothing.
                None => {
                    assert!(set.seats() > 2, "{label}: a two-seat game refused an agreed draw");
                    assert_eq!(snapshot(g.as_ref()), before, "{label}: a refused draw changed the game");
                }
            }
        }
        if g.over().is_some() {
            break;
        }
        if g.legal_tokens(g.to_move()).is_empty() {
            panic!("{label}: seat {} is to move with no legal action and the game goes on", g.to_move());
        }
        random_ply(g.as_mut(), &mut rng, &label);
        // Pictures of every audience are made at every ply (they must not panic).
        for a in set.audiences() {
            let p = g.picture_for(a);
            assert_eq!(p.audience(), a, "{label}");
        }
    }
    g.over().is_some()
}

/// Everything `audience` received along a game: per ply, its account, its words and its picture.
#[derive(Default, PartialEq, Debug)]
struct Seen {
    plies: Vec<Option<PublicPly>>,
    words: Vec<Vec<String>>,
    pictures: Vec<Option<Picture>>,
}

fn record(set: Setting, g: &dyn AnyGame, a: Audience, seen: &mut Seen) {
    let ply = g.last_ply_for(a);
    seen.words.push(ply.iter().flat_map(|p| Lang::ALL.map(|l| (set.def.describe)(p, l))).collect());
    seen.plies.push(ply);
    // After the end everything is shown; the comparison stops there.
    seen.pictures.push(g.over().is_none().then(|| g.picture_for(a)));
}

/// A game played from a start through a token list, as every audience saw it.
struct Run {
    /// Per audience (in `Setting::audiences` order).
    seen: Vec<Seen>,
    /// What `Everyone` saw: its pictures at every step and its account of every ply.
    everyone: Seen,
}

/// Replays `log` from `start`, recording what `audiences` see; `None` if the start or an action
/// is refused.
fn run(set: Setting, start: &Start, log: &[(Seat, String)], audiences: &[Audience]) -> Option<Run> {
    let mut g = (set.def.start)(start).ok()?;
    let mut seen: Vec<Seen> = audiences.iter().map(|_| Seen::default()).collect();
    let mut everyone = Seen::default();
    let look = |g: &dyn AnyGame, seen: &mut Vec<Seen>, everyone: &mut Seen| {
        for (a, s) in audiences.iter().zip(seen.iter_mut()) {
            record(set, g, *a, s);
        }
        everyone.plies.push(g.last_ply_for(Audience::Everyone));
        everyone.pictures.push(Some(g.picture_for(Audience::Everyone)));
    };
    look(g.as_ref(), &mut seen, &mut everyone);
    for (seat, token) in log {
        g.play_text(*seat, token).ok()?;
        look(g.as_ref(), &mut seen, &mut everyone);
    }
    Some(Run { seen, everyone })
}

/// A ply with the kinds of fighting pieces taken out: what a combat did, not who fought.
fn unnamed(p: &PublicPly) -> PublicPly {
    let strip = |f: Face| match f {
        Face::Known { owner, .. } | Face::Hidden { owner } => Face::Hidden { owner },
        Face::Under { .. } | Face::Down => Face::Down,
    };
    let mut p = p.clone();
    for f in &mut p.facts {
        if let Fact::Combat { attacker, defender, .. } = f {
            *attacker = strip(*attacker);
            *defender = strip(*defender);
        }
    }
    p
}

/// The secrets of a start, each as (seat or `None` for the deal, normal-form text).
fn secrets(start: &Start) -> Vec<(Option<usize>, String)> {
    let mut out: Vec<(Option<usize>, String)> =
        start.setups.iter().enumerate().map(|(i, s)| (Some(i), s.expose().clone())).collect();
    out.extend(start.deal.iter().map(|d| (None, d.expose().clone())));
    out
}

/// (b) Two starts that differ only in identities an audience may not know give that audience the
/// same plies, words and pictures over a random playout.
///
/// The second start exchanges two slots of one secret (a deployment or the deal). The pair is
/// compared for an audience only when nothing in the rules could tell the two apart for it:
/// its start picture shows neither piece, both games accept every action, the swapped pieces
/// (followed through the `Everyone` pictures as they move) never fight, flip or get announced,
/// and every ply does the same thing in both games. Returns how many pairs were compared.
pub fn hidden_swaps_stay_hidden(set: Setting, seed: u64, plies: usize, swaps: usize) -> usize {
    let label = set.label(seed);
    let Some(swap) = set.def.swap_slots else { return 0 };
    let mut rng = Rng::new(seed);
    let start = set.start(&mut rng);
    let mut g = set.begin(&start, &label);
    let mut log = Vec::new();
    for _ in 0..plies {
        match random_ply(g.as_mut(), &mut rng, &label) {
            Some(entry) => log.push(entry),
            None => break,
        }
    }
    let audiences = set.audiences();
    let a = run(set, &start, &log, &audiences).expect("the game's own playout replays");
    let secrets = secrets(&start);
    let mut compared = 0;
    for (ai, &audience) in audiences.iter().enumerate() {
        for _ in 0..swaps {
            let (which, text) = &secrets[rng.below(secrets.len())];
            let n = text.chars().count();
            let (i, j) = (rng.below(n), rng.below(n));
            let Some(swapped) = swap(text, i, j) else { continue };
            let mut other = start.clone();
            match which {
                Some(seat) => other.setups[*seat] = Secret::new(swapped),
                None => other.deal = Some(Secret::new(swapped)),
            }
            // A swap that breaks placement rules, or a piece that cannot make a move the other
            // made, is told apart by the rules themselves.
            let Some(b) = run(set, &other, &log, &[audience]) else { continue };
            if !indistinguishable(&a, &b, ai) {
                continue;
            }
            let (mine, theirs) = (&a.seen[ai], &b.seen[0]);
            let why = format!("{label}: {audience:?}, slots {i} and {j} of {which:?} swapped");
            same_steps(&mine.plies, &theirs.plies, &format!("{why}: the plies tell the pieces apart"));
            same_steps(&mine.words, &theirs.words, &format!("{why}: the words tell the pieces apart"));
            same_steps(&mine.pictures, &theirs.pictures, &format!("{why}: the pictures tell the pieces apart"));
            compared += 1;
        }
    }
    compared
}

/// Asserts two step-by-step records are equal, naming the first step where they differ.
fn same_steps<T: PartialEq + std::fmt::Debug>(a: &[T], b: &[T], why: &str) {
    if let Some(k) = (0..a.len().max(b.len())).find(|&k| a.get(k) != b.get(k)) {
        panic!("{why}, after ply {k}:\n  {:?}\n  {:?}", a.get(k), b.get(k));
    }
}

/// Whether nothing in the rules tells runs `a` and `b` apart for audience number `ai` of `a`.
fn indistinguishable(a: &Run, b: &Run, ai: usize) -> bool {
    let pictures = |r: &Run| r.everyone.pictures.iter().flatten().cloned().collect::<Vec<Picture>>();
    let (pa, pb) = (pictures(a), pictures(b));
    // Where the swapped pieces stand at each step.
    let at: Vec<Vec<PointId>> = pa.iter().zip(&pb).map(|(x, y)| diff(x, y)).collect();
    if at[0].is_empty() {
        return false;
    }
    let start = a.seen[ai].pictures[0].as_ref().expect("a game in progress at its start");
    if at[0].iter().any(|&q| start.at(q).is_some_and(|f| f.tells_kind())) {
        return false;
    }
    for (k, (x, y)) in a.everyone.plies.iter().zip(&b.everyone.plies).enumerate().skip(1) {
        let (Some(x), Some(y)) = (x, y) else { return false };
        if unnamed(x) != unnamed(y) {
            return false;
        }
        let near = |q: &PointId| at[k - 1].contains(q) || at[k].contains(q);
        let involved = x.facts.iter().any(|f| match *f {
            Fact::Combat { .. } => x.path.iter().any(near),
            Fact::Flipped { at: q, .. } | Fact::Revealed { at: q, .. } => near(&q),
            Fact::Colour { .. } | Fact::Out { .. } => false,
        });
        if involved {
            return false;
        }
    }
    true
}

/// The points whose tokens differ between two pictures.
fn diff(a: &Picture, b: &Picture) -> Vec<PointId> {
    let points: HashSet<PointId> = a.tokens.iter().chain(&b.tokens).map(|t| t.at).collect();
    let mut out: Vec<PointId> = points.into_iter().filter(|&p| a.at(p) != b.at(p)).collect();
    out.sort();
    out
}

/// Every public ply of a playout is described in the three languages, the 繁體 text being the
/// 简体 one converted.
pub fn describers_speak_every_language(set: Setting, seed: u64, plies: usize) {
    let label = set.label(seed);
    let mut rng = Rng::new(seed);
    let start = set.start(&mut rng);
    let mut g = set.begin(&start, &label);
    for _ in 0..plies {
        if random_ply(g.as_mut(), &mut rng, &label).is_none() {
            break;
        }
        for a in set.audiences().into_iter().chain([Audience::Everyone]) {
            let p = g.last_ply_for(a).expect("a ply was played");
            let [en, hans, hant] = Lang::ALL.map(|l| (set.def.describe)(&p, l));
            assert!(!en.is_empty() && !hans.is_empty(), "{label}: an empty description");
            let cjk = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
            assert!(!en.chars().any(cjk), "{label}: English text with Chinese in it: {en}");
            assert!(hans.chars().any(cjk), "{label}: Chinese text without Chinese in it: {hans}");
            assert_eq!(hant, to_traditional(&hans), "{label}: 繁體 is not the 简体 text converted");
        }
    }
}
