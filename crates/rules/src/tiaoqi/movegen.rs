//! Moves (spec §4–§5): steps, hops under each `jump` option, chains of hops, the swap step, and
//! the checks of a path as a player writes it.
//!
//! During a move the piece is lifted: its start point counts as empty for every hop (§10.11) and
//! no landing may come back to it. The board is otherwise still, so the hops from a point do not
//! depend on the chain that reached it, and the shortest chains are found breadth first.

use super::board::{self, POINTS, Pt};
use super::position::{Layout, Position};
use super::refusal::Refusal;
use super::rules::Jump;

/// The most points a path may have (63 hops): far more than a chain on 121 points makes in play,
/// and a fixed size keeps an action `Copy`.
pub const MAX_PATH: usize = 64;

/// A move's points, start first (`l2-j4-l6`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Path {
    len: u8,
    pts: [Pt; MAX_PATH],
}

impl Path {
    /// A path of two or more points; `None` when too short or too long.
    pub fn new(points: &[Pt]) -> Option<Path> {
        if points.len() < 2 || points.len() > MAX_PATH {
            return None;
        }
        let mut pts = [0; MAX_PATH];
        pts[..points.len()].copy_from_slice(points);
        Some(Path { len: points.len() as u8, pts })
    }

    /// The points, start first.
    pub fn points(&self) -> &[Pt] {
        &self.pts[..self.len as usize]
    }

    /// The start point.
    pub fn from(&self) -> Pt {
        self.pts[0]
    }

    /// The end point.
    pub fn to(&self) -> Pt {
        self.pts[self.len as usize - 1]
    }

    /// The path as records write it: names joined by `-`.
    pub fn text(&self) -> String {
        self.points().iter().map(|&p| board::name(p)).collect::<Vec<_>>().join("-")
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// One action: a move along a path, or a pass (`--`) when no move exists.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A step, a swap or a chain of hops.
    Path(Path),
    /// No legal move (spec §3).
    Pass,
}

/// What a legal path does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One step to an empty neighbour.
    Step,
    /// This many hops.
    Hops(u8),
    /// One step exchanging places with another player's piece (spec §5).
    Swap,
}

/// The moves of one seat in one position.
pub struct Gen<'a> {
    /// The game's layout.
    pub layout: &'a Layout,
    /// The pieces.
    pub pos: &'a Position,
    /// The seat moving.
    pub seat: usize,
}

impl Gen<'_> {
    fn occupied(&self, lifted: Pt, q: Pt) -> bool {
        q != lifted && self.pos.get(q).is_some()
    }

    /// Where a hop from `p` in direction `d` lands, the piece on `lifted` being in the air.
    pub fn hop(&self, lifted: Pt, p: Pt, d: usize) -> Option<Pt> {
        match self.layout.rules.jump {
            Jump::Run(n) => {
                let mut q = board::next(p, d)?;
                let mut k = 0;
                while self.occupied(lifted, q) {
                    k += 1;
                    if k > n {
                        return None;
                    }
                    q = board::next(q, d)?;
                }
                (k > 0).then_some(q)
            }
            Jump::Mirror => {
                let mut q = p;
                let mut j = 0;
                loop {
                    q = board::next(q, d)?;
                    j += 1;
                    if self.occupied(lifted, q) {
                        break;
                    }
                }
                for _ in 0..j {
                    q = board::next(q, d)?;
                    if self.occupied(lifted, q) {
                        return None;
                    }
                }
                Some(q)
            }
        }
    }

    /// Checks one hop of a written path.
    fn hop_to(&self, lifted: Pt, a: Pt, b: Pt) -> Result<(), Refusal> {
        let (d, n) = board::line(a, b).ok_or(Refusal::NotALine { from: a, to: b })?;
        if self.occupied(lifted, b) {
            return Err(Refusal::Occupied { at: b });
        }
        if self.hop(lifted, a, d) == Some(b) {
            return Ok(());
        }
        let mut q = a;
        let mut any = false;
        for _ in 1..n {
            q = board::next(q, d).expect("inside a line");
            any |= self.occupied(lifted, q);
        }
        if !any {
            return Err(Refusal::OverNothing { from: a, to: b });
        }
        let jump = match self.layout.rules.jump {
            Jump::Run(n) => n.to_string(),
            Jump::Mirror => "mirror".into(),
        };
        Err(Refusal::BadHop { from: a, to: b, jump })
    }

    /// The shortest chains from `from` to every point they reach, each the smallest as text among
    /// the shortest (spec §7, §10.10); indexed by point, `None` where none lands.
    pub fn chains(&self, from: Pt) -> Vec<Option<Vec<Pt>>> {
        let mut best: Vec<Option<Vec<Pt>>> = vec![None; POINTS];
        let text = |v: &[Pt]| v.iter().map(|&p| board::name(p)).collect::<Vec<_>>().join("-");
        best[from as usize] = Some(vec![from]);
        let mut layer = vec![from];
        while !layer.is_empty() {
            let mut nextl: Vec<Pt> = Vec::new();
            for &u in &layer {
                let base = best[u as usize].clone().expect("reached");
                if base.len() >= MAX_PATH {
                    continue;
                }
                for d in 0..6 {
                    let Some(l) = self.hop(from, u, d) else { continue };
                    let mut cand = base.clone();
                    cand.push(l);
                    match &best[l as usize] {
                        None => {
                            best[l as usize] = Some(cand);
                            nextl.push(l);
                        }
                        Some(b) if b.len() == cand.len() && text(&cand) < text(b) => best[l as usize] = Some(cand),
                        Some(_) => {}
                    }
                }
            }
            layer = nextl;
        }
        best[from as usize] = None;
        best
    }

    /// Whether a move from `from` may end on `to` (spec §4 `target-lock`, `no-parking`).
    pub fn end_ok(&self, from: Pt, to: Pt) -> Result<(), Refusal> {
        let (l, s) = (self.layout, self.seat);
        if l.rules.target_lock && l.in_target(s, from) && !l.in_target(s, to) {
            return Err(Refusal::TargetLock { from });
        }
        if l.rules.no_parking && l.parking(s, to) {
            return Err(Refusal::NoParking { at: to });
        }
        Ok(())
    }

    /// Whether the piece on `p` may swap with the piece on its neighbour `q` (spec §5, §10.15).
    fn may_swap(&self, p: Pt, q: Pt) -> bool {
        let (l, s) = (self.layout, self.seat);
        l.rules.swap && !l.in_target(s, p) && l.in_target(s, q) && self.pos.get(q).is_some_and(|o| usize::from(o) != s)
    }

    /// The moves of the piece on `from`: one path per end point — the step or swap where there is
    /// one, else the shortest chain (spec §10.10, §10.16).
    pub fn from(&self, from: Pt) -> Vec<Path> {
        let mut out = Vec::new();
        for n in board::neighbours(from) {
            let ok = if self.pos.get(n).is_none() { self.end_ok(from, n).is_ok() } else { self.may_swap(from, n) };
            if ok {
                out.extend(Path::new(&[from, n]));
            }
        }
        for (l, chain) in self.chains(from).into_iter().enumerate() {
            let Some(chain) = chain else { continue };
            // An empty neighbour is reached by its step.
            if board::adjacent(from, l as Pt) || self.end_ok(from, l as Pt).is_err() {
                continue;
            }
            out.extend(Path::new(&chain));
        }
        out
    }

    /// Every move of the seat, or a pass when it has none.
    pub fn legal(&self) -> Vec<Move> {
        let mut out: Vec<Move> = self.pos.pieces(self.seat as u8).flat_map(|p| self.from(p)).map(Move::Path).collect();
        if out.is_empty() {
            out.push(Move::Pass);
        }
        out
    }

    /// The shortest chain from `from` to `to` (the piece on `from` lifted), ignoring where moves
    /// may end: how a start–end token is read.
    pub fn route(&self, from: Pt, to: Pt) -> Option<Path> {
        self.chains(from).swap_remove(to as usize).and_then(|c| Path::new(&c))
    }

    /// Checks a written path of the seat: what it does, or why the rules refuse it.
    pub fn check(&self, path: &Path) -> Result<Kind, Refusal> {
        let pts = path.points();
        let (from, to) = (path.from(), path.to());
        match self.pos.get(from) {
            None => return Err(Refusal::NoPiece { at: from }),
            Some(o) if usize::from(o) != self.seat => return Err(Refusal::NotYours { at: from }),
            Some(_) => {}
        }
        if pts.len() == 2 && board::adjacent(from, to) {
            return match self.pos.get(to) {
                None => self.end_ok(from, to).map(|()| Kind::Step),
                Some(_) if self.may_swap(from, to) => Ok(Kind::Swap),
                Some(o) if usize::from(o) == self.seat || !self.layout.rules.swap => Err(Refusal::Occupied { at: to }),
                Some(_) => Err(Refusal::NoSwap { at: to }),
            };
        }
        for (i, w) in pts.windows(2).enumerate() {
            if pts[..=i].contains(&w[1]) {
                return Err(Refusal::Revisit { at: w[1] });
            }
            match self.hop_to(from, w[0], w[1]) {
                Err(Refusal::NotALine { .. }) if pts.len() == 2 => return Err(Refusal::NoRoute { from, to }),
                r => r?,
            }
        }
        self.end_ok(from, to)?;
        Ok(Kind::Hops((pts.len() - 1) as u8))
    }
}
