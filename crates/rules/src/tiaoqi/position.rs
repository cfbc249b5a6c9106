//! Who sits where and what stands where: the [`Layout`] fixed at the start (player count, each
//! seat's side, homes and targets, rules) and the [`Position`] that moves change.

use super::board::{self, POINTS, Pt, Side};
use super::rules::{Rules, Teams};

/// The sides of each player count, in turn order (spec §2): seat `i` of a game plays the `i`-th.
pub fn sides_for(players: u8) -> Option<&'static [Side]> {
    use Side::*;
    match players {
        2 => Some(&[S, N]),
        3 => Some(&[S, Ne, Nw]),
        4 => Some(&[S, Ne, N, Sw]),
        6 => Some(&[S, Se, Ne, N, Nw, Sw]),
        _ => None,
    }
}

/// The teams of a grouping, as lists of sides (spec §2), in the order records write them.
pub fn team_sides(t: Teams) -> &'static [&'static [Side]] {
    use Side::*;
    match t {
        Teams::Off => &[],
        Teams::TwoByTwo => &[&[S, N], &[Ne, Sw]],
        Teams::ThreeByTwo => &[&[S, N], &[Se, Nw], &[Ne, Sw]],
        Teams::TwoByThree => &[&[S, Ne, Nw], &[N, Se, Sw]],
    }
}

/// What a game fixes at its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The options.
    pub rules: Rules,
    /// Each seat's side, in turn order.
    pub sides: Vec<Side>,
    /// Each seat's team (its index in the grouping), or its own index without teams.
    pub team: Vec<u8>,
    /// Whether the game has teams.
    pub teams: Teams,
    /// Per point, the side whose home it is.
    pub home_of: [Option<Side>; POINTS],
}

impl Layout {
    /// The layout of a game of `players` under `rules` (already checked for that count).
    pub fn new(players: u8, rules: Rules) -> Option<Layout> {
        let sides = sides_for(players)?.to_vec();
        let teams = rules.teams_for(players);
        let groups = team_sides(teams);
        let team = sides
            .iter()
            .enumerate()
            .map(|(i, s)| groups.iter().position(|g| g.contains(s)).map_or(i as u8, |t| t as u8))
            .collect();
        let mut home_of = [None; POINTS];
        for s in Side::ALL {
            // Fifteen pieces exist for two players only, whose homes then do not overlap others'.
            let pieces = if rules.pieces == 15 && !matches!(s, Side::S | Side::N) { 10 } else { rules.pieces };
            for p in board::home(s, pieces) {
                home_of[p as usize] = Some(s);
            }
        }
        Some(Layout { rules, sides, team, teams, home_of })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.sides.len()
    }

    /// Whether `p` is in the home of `side`.
    pub fn in_home(&self, side: Side, p: Pt) -> bool {
        self.home_of[p as usize] == Some(side)
    }

    /// Whether `p` is in the target of `seat`.
    pub fn in_target(&self, seat: usize, p: Pt) -> bool {
        self.in_home(self.sides[seat].opposite(), p)
    }

    /// The target points of a seat.
    pub fn target(&self, seat: usize) -> Vec<Pt> {
        let t = self.sides[seat].opposite();
        (0..POINTS as Pt).filter(|&p| self.in_home(t, p)).collect()
    }

    /// Whether `p` is in the home or the target of a seated player other than `seat`, and in
    /// neither of `seat`'s own (spec §4 `no-parking`, §10.4).
    pub fn parking(&self, seat: usize, p: Pt) -> bool {
        let mine = |s: Side| self.in_home(s, p) || self.in_home(s.opposite(), p);
        !mine(self.sides[seat]) && self.sides.iter().enumerate().any(|(i, &s)| i != seat && mine(s))
    }
}

/// The pieces on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per point, the seat whose piece stands there.
    pub at: [Option<u8>; POINTS],
    /// Per point, whether its piece has stood there since the start (spec §10.1).
    pub unmoved: [bool; POINTS],
}

impl Position {
    /// The start: every seat's home filled.
    pub fn start(layout: &Layout) -> Position {
        let mut pos = Position { at: [None; POINTS], unmoved: [false; POINTS] };
        for (i, &s) in layout.sides.iter().enumerate() {
            for p in 0..POINTS {
                if layout.home_of[p] == Some(s) {
                    pos.at[p] = Some(i as u8);
                    pos.unmoved[p] = true;
                }
            }
        }
        pos
    }

    /// The seat whose piece stands on `p`.
    pub fn get(&self, p: Pt) -> Option<u8> {
        self.at[p as usize]
    }

    /// Moves the piece on `from` to the empty `to`.
    pub fn shift(&mut self, from: Pt, to: Pt) {
        self.at[to as usize] = self.at[from as usize].take();
        self.unmoved[from as usize] = false;
        self.unmoved[to as usize] = false;
    }

    /// Exchanges the pieces on two points (the swap of spec §5); both count as moved.
    pub fn swap(&mut self, a: Pt, b: Pt) {
        self.at.swap(a as usize, b as usize);
        self.unmoved[a as usize] = false;
        self.unmoved[b as usize] = false;
    }

    /// Takes a seat's pieces off the board (a leaver, spec §6).
    pub fn remove(&mut self, seat: u8) {
        for p in 0..POINTS {
            if self.at[p] == Some(seat) {
                self.at[p] = None;
                self.unmoved[p] = false;
            }
        }
    }

    /// The points of a seat's pieces.
    pub fn pieces(&self, seat: u8) -> impl Iterator<Item = Pt> + '_ {
        (0..POINTS as Pt).filter(move |&p| self.at[p as usize] == Some(seat))
    }

    /// Whether `seat` has finished (spec §6 and §10.1): all its pieces in its target; or none left
    /// at home and every target point holding its own piece or one that never moved.
    pub fn finished(&self, layout: &Layout, seat: usize) -> bool {
        let s = seat as u8;
        let mut any = false;
        let all_in = self.pieces(s).all(|p| {
            any = true;
            layout.in_target(seat, p)
        });
        if any && all_in {
            return true;
        }
        let home = layout.sides[seat];
        if !any || self.pieces(s).any(|p| layout.in_home(home, p)) {
            return false;
        }
        layout.target(seat).into_iter().all(|q| match self.get(q) {
            Some(o) => o == s || self.unmoved[q as usize],
            None => false,
        })
    }

    /// A seat's pieces in its target, and the sum of its pieces' distances to its target's tip
    /// (the round limit's ranking, spec §10.14).
    pub fn progress(&self, layout: &Layout, seat: usize) -> (usize, u32) {
        let tip = layout.sides[seat].opposite().tip();
        let s = seat as u8;
        let inside = self.pieces(s).filter(|&p| layout.in_target(seat, p)).count();
        (inside, self.pieces(s).map(|p| board::distance(p, tip)).sum())
    }
}
