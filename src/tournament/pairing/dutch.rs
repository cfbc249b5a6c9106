//! Swiss pairing after the FIDE Dutch system (C.04.3), with its priorities rather than its exact
//! candidate-generation procedure: the whole round is one maximum-weight perfect matching whose
//! edge weights rank the criteria, so the pairing is optimal for them in polynomial time, with
//! no search budget and nothing exponential.
//!
//! Players are ranked by score, then by seed. A *score group* is the players with one score;
//! with an odd number of players a virtual bye player sits in a group of its own below everyone.
//! Every possible game (and every possible bye) gets a list of costs, compared in this order:
//!
//! 1. **No rematch** — never: such a game is not an edge of the graph, so if no perfect matching
//!    is left the round fails with [`PairingError::NoPairingLeft`].
//! 2. **Absolute criteria** — no colour difference beyond ±2, no colour three times running, no
//!    second bye: the count of players a game (or bye) would break them for. They hold whenever
//!    any pairing without a rematch keeps them; only when none does is the pairing with the
//!    fewest breaches taken (the referee ends a tournament that cannot be paired, which is worse
//!    for everyone than one colour too many).
//! 3. **Score groups, top down** — for each boundary between score groups, from the top, the
//!    number of players paired across it (the downfloaters out of the groups above). Minimising
//!    these counts lexicographically maximises the pairs inside the top group first, then the
//!    next, and so on (a player dropping two groups counts at both boundaries), and a perfect
//!    matching means the pairing of higher groups never leaves the lower ones unpairable. So no
//!    game crosses score groups when a pairing inside them exists, and colours can never outrank
//!    a score group (the bug of issue 12: two leaders due the same colour were kept apart).
//! 4. **The bye** (C.04.3: the lowest-ranked player of the lowest score group that can take it):
//!    the bye's cost is the recipient's rank from the bottom; the boundary costs above already
//!    keep it in the lowest group that can take it, and criterion 2 to a player without one.
//! 5. **Colour preferences** (C.12, C.13): the number of games in which a preference cannot be
//!    granted (two players due the same colour), then those in which a strong or absolute one
//!    cannot. A preference is *absolute* after a colour difference of ±2 or the same colour
//!    twice running, *strong* after a difference of ±1, *mild* (alternate) at 0.
//! 6. **Floats** (C.14, C.15): downfloaters who floated down last round (a bye is a downfloat),
//!    then upfloaters who floated up last round.
//! 7. **Who floats**: a downfloater's distance from the bottom of its score group plus an
//!    upfloater's distance from the top of its own, so the lowest-ranked float down and meet the
//!    highest-ranked of the group below, as the Dutch system's S1/S2 order does.
//! 8. **Top half against bottom half** (S1 against S2 by rank): games inside one half (Dutch
//!    "exchanges") first, then each game's distance from its mirror partner, weighted by rank
//!    so that the higher-ranked keep theirs ("transpositions" before exchanges).
//!
//! The costs are packed into one integer per edge as the digits of a mixed-radix number (each
//! digit's radix exceeds the largest total it can reach over a round), so comparing weights
//! compares the lists lexicographically. If a huge field would not fit in 120 bits, the lowest
//! criteria are dropped first, then the lowest score-group boundaries are summed into one digit;
//! the rounds stay legal and deterministic either way.
//!
//! Colours are then given board by board (C.04.3 E): grant both preferences; else the stronger;
//! else alternate from the last round in which the two had different colours; else the
//! higher-ranked player's preference; players with no games yet: in round 1 the higher-ranked
//! player has Red on odd boards (as before), later the higher-ranked has Red if their seed is
//! odd (1-based). An allocation that would break an absolute limit is never chosen if the other
//! keeps both players within them. Boards are ordered by the higher score, the sum of scores,
//! then the rank of the better player; the bye comes last.
//!
//! Colour histories count played games only: a bye, a forfeit or an absence is no colour. Any
//! pairing, forfeited or not, counts as having met.

use std::collections::HashSet;

use super::PairingError;
use super::matching::{Weight, max_weight_matching};
use crate::tournament::{Board, Pairing, Player};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Colour {
    Red,
    Blue,
}

impl Colour {
    fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild,
    Strong,
    Absolute,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Preference {
    colour: Colour,
    strength: Strength,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
}

/// What the pairer knows about a player from the history.
#[derive(Clone, Default)]
struct Past {
    halves: u32,
    opponents: HashSet<Player>,
    had_bye: bool,
    /// The colour of each round's played game (None: no game played that round).
    colours: Vec<Option<Colour>>,
    /// How the player floated in the last round (the bye is a downfloat).
    last_float: Option<Float>,
}

impl Past {
    fn played(&self) -> impl DoubleEndedIterator<Item = Colour> + '_ {
        self.colours.iter().flatten().copied()
    }

    /// Reds minus Blues.
    fn difference(&self) -> i32 {
        self.played().map(|c| if c == Colour::Red { 1 } else { -1 }).sum()
    }

    fn preference(&self) -> Option<Preference> {
        let mut recent = self.played().rev();
        let last = recent.next()?;
        let before = recent.next();
        let d = self.difference();
        let (colour, strength) = if d > 1 {
            (Colour::Blue, Strength::Absolute)
        } else if d < -1 {
            (Colour::Red, Strength::Absolute)
        } else if before == Some(last) {
            (last.other(), Strength::Absolute)
        } else if d == 1 {
            (Colour::Blue, Strength::Strong)
        } else if d == -1 {
            (Colour::Red, Strength::Strong)
        } else {
            (last.other(), Strength::Mild)
        };
        Some(Preference { colour, strength })
    }

    /// Whether the next game may be played with `c` within the absolute limits.
    fn allows(&self, c: Colour) -> bool {
        let d = self.difference() + if c == Colour::Red { 1 } else { -1 };
        let mut recent = self.played().rev();
        let three = recent.next() == Some(c) && recent.next() == Some(c);
        d.abs() <= 2 && !three
    }
}

fn read_history(n: usize, history: &[Vec<Board>]) -> Vec<Past> {
    let mut past = vec![Past::default(); n];
    for (r, round) in history.iter().enumerate() {
        let before: Vec<u32> = past.iter().map(|p| p.halves).collect();
        let last = r + 1 == history.len();
        for p in past.iter_mut() {
            p.colours.push(None);
            p.last_float = None;
        }
        for b in round {
            if b.red >= n || b.blue.is_some_and(|x| x >= n) {
                continue;
            }
            match b.blue {
                None => {
                    past[b.red].had_bye = true;
                    // A Swiss bye is worth a point (Format::bye_halves).
                    past[b.red].halves += 2;
                    if last {
                        past[b.red].last_float = Some(Float::Down);
                    }
                }
                Some(blue) => {
                    past[b.red].opponents.insert(blue);
                    past[blue].opponents.insert(b.red);
                    if !b.result.is_some_and(|x| x.is_forfeit()) {
                        past[b.red].colours[r] = Some(Colour::Red);
                        past[blue].colours[r] = Some(Colour::Blue);
                    }
                    if let Some(x) = b.result {
                        let (h_red, h_blue) = x.halves();
                        past[b.red].halves += h_red;
                        past[blue].halves += h_blue;
                    }
                    if last && before[b.red] != before[blue] {
                        let (hi, lo) = if before[b.red] > before[blue] { (b.red, blue) } else { (blue, b.red) };
                        past[hi].last_float = Some(Float::Down);
                        past[lo].last_float = Some(Float::Up);
                    }
                }
            }
        }
    }
    past
}

/// The criteria after "no rematch", in order of importance (see the module documentation).
const ABSOLUTE: usize = 0;
/// Then one column per score-group boundary, then these, counted from the end.
const BYE_RANK: usize = 0;
const COLOUR_ANY: usize = 1;
const COLOUR_STRONG: usize = 2;
const DOWN_AGAIN: usize = 3;
const UP_AGAIN: usize = 4;
const WHO_FLOATS: usize = 5;
const EXCHANGES: usize = 6;
const MIRROR: usize = 7;
const TAIL: usize = 8;

/// The round's nodes: the active players in rank order, then the bye (if the count is odd).
struct Field<'a> {
    past: &'a [Past],
    ranked: Vec<Player>,
    /// Score group of each node (0 is the top; the bye is alone in the last).
    group: Vec<usize>,
    /// Position of each node inside its score group.
    pos: Vec<usize>,
    /// Size of each score group.
    size: Vec<usize>,
    bye: Option<usize>,
}

impl Field<'_> {
    fn nodes(&self) -> usize {
        self.ranked.len() + usize::from(self.bye.is_some())
    }

    fn boundaries(&self) -> usize {
        self.size.len() - 1
    }

    /// The cost columns of a game (or bye) between nodes `a` < `b`, or None for a rematch.
    fn costs(&self, a: usize, b: usize) -> Option<Vec<u64>> {
        let k = self.boundaries();
        let mut c = vec![0u64; 1 + k + TAIL];
        let tail = 1 + k;
        let (ga, gb) = (self.group[a], self.group[b]);
        for boundary in ga..gb {
            c[1 + boundary] = 1;
        }
        let pa = &self.past[self.ranked[a]];
        let floats = ga < gb;
        let down_cost = (self.size[ga] - 1 - self.pos[a]) as u64;
        if Some(b) == self.bye {
            c[ABSOLUTE] = u64::from(pa.had_bye);
            c[tail + BYE_RANK] = (self.ranked.len() - 1 - a) as u64;
            c[tail + DOWN_AGAIN] = u64::from(pa.last_float == Some(Float::Down));
            c[tail + WHO_FLOATS] = down_cost;
            return Some(c);
        }
        let pb = &self.past[self.ranked[b]];
        if pa.opponents.contains(&self.ranked[b]) {
            return None;
        }
        let breaches =
            |red: &Past, blue: &Past| u64::from(!red.allows(Colour::Red)) + u64::from(!blue.allows(Colour::Blue));
        c[ABSOLUTE] = breaches(pa, pb).min(breaches(pb, pa));
        if let (Some(x), Some(y)) = (pa.preference(), pb.preference())
            && x.colour == y.colour
        {
            c[tail + COLOUR_ANY] = 1;
            c[tail + COLOUR_STRONG] = u64::from(x.strength.min(y.strength) >= Strength::Strong);
        }
        if floats {
            c[tail + DOWN_AGAIN] = u64::from(pa.last_float == Some(Float::Down));
            c[tail + UP_AGAIN] = u64::from(pb.last_float == Some(Float::Up));
            c[tail + WHO_FLOATS] = down_cost + self.pos[b] as u64;
        } else {
            let (i, j, s) = (self.pos[a], self.pos[b], self.size[ga]);
            let half = s / 2;
            c[tail + EXCHANGES] = u64::from((i < half) == (j < half));
            c[tail + MIRROR] = (j - i).abs_diff(half) as u64 * (s - i) as u64;
        }
        Some(c)
    }
}

/// How the cost columns become one weight: digits (each a set of columns summed) with radices.
struct Packing {
    digits: Vec<(Vec<usize>, Weight)>,
    /// The product of the radices: every cost is below it, so `top - cost` is a positive weight.
    top: Weight,
}

/// Weights stay below this, so the matching's duals (a few times the largest weight) fit.
const WEIGHT_LIMIT: Weight = 1 << 118;

impl Packing {
    /// `radix[c]` exceeds the largest total column `c` can reach over a round.
    fn new(radix: &[Weight], boundaries: usize) -> Packing {
        let mut digits: Vec<(Vec<usize>, Weight)> = radix.iter().enumerate().map(|(c, &r)| (vec![c], r)).collect();
        let fits = |d: &[(Vec<usize>, Weight)]| {
            d.iter().try_fold(1 as Weight, |acc, x| acc.checked_mul(x.1)).is_some_and(|p| p < WEIGHT_LIMIT)
        };
        // First drop the least important criteria (never the bye's rank)...
        while !fits(&digits) && digits.len() > 2 + boundaries {
            digits.pop();
        }
        // ...then merge the lowest score-group boundaries.
        while !fits(&digits) && boundaries > 1 && digits.len() > 3 {
            let at = digits.len() - 2;
            let (cols, r) = digits.remove(at);
            let prev = &mut digits[at - 1];
            prev.0.extend(cols);
            prev.1 += r - 1;
        }
        let top = digits.iter().fold(1 as Weight, |acc, d| acc.saturating_mul(d.1));
        Packing { digits, top }
    }

    fn weight(&self, costs: &[u64]) -> Weight {
        let cost = self
            .digits
            .iter()
            .fold(0 as Weight, |acc, (cols, r)| acc * r + cols.iter().map(|&c| Weight::from(costs[c])).sum::<Weight>());
        self.top - cost
    }
}

/// A Swiss round for `n` players after `history`; `active[p]` false leaves a withdrawn player
/// out. Deterministic: the same history gives the same round. See the module documentation.
pub fn swiss(n: usize, history: &[Vec<Board>], active: &[bool]) -> Result<Vec<Pairing>, PairingError> {
    let round = history.len() + 1;
    let past = read_history(n, history);
    let mut ranked: Vec<Player> = (0..n).filter(|&p| active.get(p).copied().unwrap_or(true)).collect();
    ranked.sort_by_key(|&p| (std::cmp::Reverse(past[p].halves), p));
    let m = ranked.len();
    if m == 0 {
        return Ok(Vec::new());
    }
    let mut group = Vec::with_capacity(m + 1);
    let mut pos = Vec::with_capacity(m + 1);
    let mut size: Vec<usize> = Vec::new();
    for (i, &p) in ranked.iter().enumerate() {
        if i == 0 || past[p].halves != past[ranked[i - 1]].halves {
            size.push(0);
        }
        group.push(size.len() - 1);
        pos.push(size[size.len() - 1]);
        *size.last_mut().expect("a group was pushed") += 1;
    }
    let bye = (m % 2 == 1).then_some(m);
    if bye.is_some() {
        group.push(size.len());
        pos.push(0);
        size.push(1);
    }
    let field = Field { past: &past, ranked, group, pos, size, bye };
    let nodes = field.nodes();

    let mut edges: Vec<(usize, usize, Vec<u64>)> = Vec::new();
    for a in 0..nodes {
        for b in a + 1..nodes {
            if let Some(c) = field.costs(a, b) {
                edges.push((a, b, c));
            }
        }
    }
    let columns = 1 + field.boundaries() + TAIL;
    let games = (nodes / 2) as Weight;
    let mut radix: Vec<Weight> =
        (0..columns).map(|c| edges.iter().map(|e| Weight::from(e.2[c])).max().unwrap_or(0) * games + 1).collect();
    // Tighter for a boundary: no more players cross it than stand on its smaller side.
    let mut above = 0;
    for k in 0..field.boundaries() {
        above += field.size[k];
        radix[1 + k] = radix[1 + k].min(above.min(nodes - above) as Weight + 1);
    }
    let packing = Packing::new(&radix, field.boundaries());
    let weighted: Vec<(usize, usize, Weight)> = edges.iter().map(|(a, b, c)| (*a, *b, packing.weight(c))).collect();
    let mate = max_weight_matching(nodes, &weighted);

    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (a, m) in mate.iter().enumerate() {
        match m {
            Some(b) if a < *b => pairs.push((a, *b)),
            Some(_) => {}
            None => return Err(PairingError::NoPairingLeft { round }),
        }
    }
    let bye_player = pairs.iter().find(|&&(_, b)| Some(b) == field.bye).map(|&(a, _)| field.ranked[a]);
    pairs.retain(|&(_, b)| Some(b) != field.bye);
    // Boards: the higher score, then the sum of scores, then the better player's rank.
    let halves = |node: usize| past[field.ranked[node]].halves;
    pairs.sort_by_key(|&(a, b)| {
        (std::cmp::Reverse(halves(a).max(halves(b))), std::cmp::Reverse(halves(a) + halves(b)), a)
    });
    let mut out: Vec<Pairing> = pairs
        .iter()
        .enumerate()
        .map(|(i, &(a, b))| colours(&past, field.ranked[a], field.ranked[b], round, i))
        .collect();
    if let Some(p) = bye_player {
        out.push(Pairing { red: p, blue: None });
    }
    Ok(out)
}

/// Colours for a game between `hi` (the higher-ranked) and `lo` on board `board` (0-based), by
/// C.04.3 E; see the module documentation.
fn colours(past: &[Past], hi: Player, lo: Player, round: usize, board: usize) -> Pairing {
    let (a, b) = (&past[hi], &past[lo]);
    let hi_red_ok = a.allows(Colour::Red) && b.allows(Colour::Blue);
    let lo_red_ok = b.allows(Colour::Red) && a.allows(Colour::Blue);
    let hi_colour =
        if hi_red_ok != lo_red_ok {
            if hi_red_ok { Colour::Red } else { Colour::Blue }
        } else {
            match (a.preference(), b.preference()) {
                (None, None) => {
                    // Round 1 alternates by board; later (players without a game yet) by seed.
                    let red = if round == 1 { board.is_multiple_of(2) } else { hi.is_multiple_of(2) };
                    if red { Colour::Red } else { Colour::Blue }
                }
                (Some(x), None) => x.colour,
                (None, Some(y)) => y.colour.other(),
                (Some(x), Some(y)) if x.colour != y.colour => x.colour,
                (Some(x), Some(y)) if x.strength != y.strength => {
                    if x.strength > y.strength {
                        x.colour
                    } else {
                        y.colour.other()
                    }
                }
                (Some(x), Some(_))
                    if x.strength == Strength::Absolute && a.difference().abs() != b.difference().abs() =>
                {
                    if a.difference().abs() > b.difference().abs() { x.colour } else { x.colour.other() }
                }
                (Some(x), Some(_)) => {
                    // Alternate from the last round in which their colours differed.
                    let differed = a.colours.iter().zip(&b.colours).rev().find_map(|(ca, cb)| match (ca, cb) {
                        (Some(ca), Some(cb)) if ca != cb => Some(*ca),
                        _ => None,
                    });
                    match differed {
                        Some(then) => then.other(),
                        None => x.colour,
                    }
                }
            }
        };
    match hi_colour {
        Colour::Red => Pairing { red: hi, blue: Some(lo) },
        Colour::Blue => Pairing { red: lo, blue: Some(hi) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::BoardResult;

    fn sorted(p: &[Pairing]) -> Vec<(Player, Option<Player>)> {
        let mut v: Vec<(Player, Option<Player>)> = p
            .iter()
            .map(|x| match x.blue {
                Some(b) => (x.red.min(b), Some(x.red.max(b))),
                None => (x.red, None),
            })
            .collect();
        v.sort();
        v
    }

    fn play(p: &[Pairing], result: impl Fn(Player, Player) -> BoardResult) -> Vec<Board> {
        p.iter().map(|x| Board { red: x.red, blue: x.blue, result: x.blue.map(|b| result(x.red, b)) }).collect()
    }

    #[test]
    fn first_round_is_top_half_against_bottom_half() {
        let p = swiss(8, &[], &[true; 8]).unwrap();
        assert_eq!(sorted(&p), vec![(0, Some(4)), (1, Some(5)), (2, Some(6)), (3, Some(7))]);
        // Boards in rank order, the higher-ranked player Red on odd boards (1-based).
        let reds: Vec<Player> = p.iter().map(|x| x.red).collect();
        assert_eq!(reds, vec![0, 5, 2, 7]);
        let p = swiss(5, &[], &[true; 5]).unwrap();
        assert_eq!(p.last(), Some(&Pairing { red: 4, blue: None }));
        assert_eq!(sorted(&p), vec![(0, Some(2)), (1, Some(3)), (4, None)]);
    }

    /// Issue 12: ann (0) and dan (3) won round 1, both with Red; they must meet in round 2
    /// (equal scores first; the colour is only a preference), and so must ben and cat.
    #[test]
    fn leaders_due_the_same_colour_still_meet() {
        let r1 = swiss(4, &[], &[true; 4]).unwrap();
        assert_eq!(r1, vec![Pairing { red: 0, blue: Some(2) }, Pairing { red: 3, blue: Some(1) }]);
        let history = vec![play(&r1, |_, _| BoardResult::RedWins)];
        let r2 = swiss(4, &history, &[true; 4]).unwrap();
        assert_eq!(sorted(&r2), vec![(0, Some(3)), (1, Some(2))]);
        // Both leaders are due Blue (strong): the tie goes to alternation from the last round
        // where their colours differed (none), then to the higher-ranked player's preference:
        // ann gets Blue. Same for ben and cat (both due Red): ben, higher-ranked, gets Red.
        assert_eq!(r2, vec![Pairing { red: 3, blue: Some(0) }, Pairing { red: 1, blue: Some(2) }]);
    }

    #[test]
    fn colour_preferences() {
        let with = |cs: &[Option<Colour>]| Past { colours: cs.to_vec(), ..Past::default() };
        let (r, b) = (Some(Colour::Red), Some(Colour::Blue));
        assert_eq!(with(&[]).preference(), None);
        assert_eq!(with(&[r]).preference(), Some(Preference { colour: Colour::Blue, strength: Strength::Strong }));
        assert_eq!(with(&[r, b]).preference(), Some(Preference { colour: Colour::Red, strength: Strength::Mild }));
        assert_eq!(
            with(&[b, r, r]).preference(),
            Some(Preference { colour: Colour::Blue, strength: Strength::Absolute })
        );
        assert_eq!(with(&[r, None, r]).preference().map(|p| p.strength), Some(Strength::Absolute));
        assert!(with(&[r, b, r, r]).allows(Colour::Blue));
        assert!(!with(&[b, r, r]).allows(Colour::Red), "three running");
        assert!(!with(&[r, b, r, r, b, r]).allows(Colour::Red), "difference +3");
    }

    #[test]
    fn huge_fields_still_pack_into_a_weight() {
        // 40 score groups of 5: far more digits than 120 bits hold; the packing drops and merges.
        let mut radix = vec![201 as Weight];
        radix.extend(std::iter::repeat_n(101, 40));
        radix.extend([200, 101, 101, 101, 101, 20000, 101, 2_000_000]);
        let p = Packing::new(&radix, 40);
        assert!(p.top < WEIGHT_LIMIT);
        assert_eq!(p.digits[0].0, vec![0]);
        assert_eq!(p.digits[1].0, vec![1], "the top boundary keeps its own digit");
    }
}
