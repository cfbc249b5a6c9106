//! A board is a graph: named points of several kinds (and layers), joined by typed links, plus the
//! straight lines along which a non-turning piece may ride. Everything here is data; the Junqi
//! board is built in `junqi_board.rs`, and later boards (sea and air lanes, bridges, the 4-player
//! cross) are other builders of the same structure.

use std::collections::HashMap;

use super::bitset::PointSet;
use super::seat::Seat;

/// Index of a point on its board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PointId(pub u8);

impl PointId {
    /// The index, for tables indexed by point.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What stands at a point, as far as the rules care.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// 兵站: an ordinary station.
    Post,
    /// 行营: a safe camp; a piece in it cannot be attacked; starts empty.
    Camp,
    /// 大本营: headquarters; holds the flag; pieces in it never move again (by default).
    Headquarters,
}

/// The kind of a link between two points. The movement code of each game asks the link kind what
/// it allows instead of assuming; a link is undirected unless its kind says otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// 公路: one step per move.
    Road,
    /// 铁路: rides along straight lines; engineers turn freely.
    Railway,
    /// A coastline road (陆海空 海岸线): a road for land pieces and the only road of landed ships.
    Coast,
    /// A span of a bridge (陆海空 铁桥); movement treats it like a railway link.
    Bridge,
    /// A sea lane between two naval stations (海路).
    SeaLane,
    /// A landing link between a naval station and a landing station (harbour).
    Landing,
    /// A link used to strike across, not to move along (陆海空 arrows), from the sea end `a` to
    /// the land or bridge end `b`; `both_ways` also lets the land end strike the sea end (⇄).
    Arrow {
        /// Whether the land end may strike back (a double arrow).
        both_ways: bool,
    },
    /// One leg of an air lane between two consecutive stops (航空线).
    AirLane,
    /// One leg of a high-altitude lane (高空线), the protected outer lanes.
    HighAltitude,
}

impl LinkKind {
    /// Whether movement rides along this link like a railway (railway and bridge spans).
    pub fn is_rail(self) -> bool {
        matches!(self, LinkKind::Railway | LinkKind::Bridge)
    }

    /// Whether this link is part of an air lane (either kind).
    pub fn is_air(self) -> bool {
        matches!(self, LinkKind::AirLane | LinkKind::HighAltitude)
    }
}

/// One named point.
#[derive(Debug, Clone)]
pub struct Point {
    /// The notation name (`c6`, `S.b1`).
    pub name: String,
    /// What kind of point it is.
    pub kind: PointKind,
    /// Layer (0 = ground). Air lanes pass over points on layer 0 from a higher layer.
    pub layer: u8,
    /// The seat whose territory this is, if any (the centre of the 4-player board has none).
    pub owner: Option<Seat>,
    /// Row of the point within its owner's half, from the back (1) to the front (6); 0 if none.
    pub home_row: u8,
    /// Position for drawing, in board units (x to the right, y downwards, as Red / South sees it).
    pub x: i16,
    /// See `x`.
    pub y: i16,
}

/// An undirected link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// One end.
    pub a: PointId,
    /// The other end.
    pub b: PointId,
    /// The kind.
    pub kind: LinkKind,
}

/// A board: points, links, straight railway lines, and derived adjacency tables.
#[derive(Debug, Clone)]
pub struct Board {
    points: Vec<Point>,
    links: Vec<Link>,
    lines: Vec<Vec<PointId>>,
    neighbours: Vec<Vec<(PointId, LinkKind)>>,
    rail_neighbours: Vec<Vec<PointId>>,
    rays: Vec<Vec<Vec<PointId>>>,
    on_rail: PointSet,
    camps: PointSet,
    headquarters: PointSet,
    by_name: HashMap<String, PointId>,
    /// Characters in the longest name `by_name` holds: no longer text is looked up.
    longest_name: usize,
}

#[cfg(test)]
thread_local! {
    /// Bytes [`Board::find`] lower-cased on this thread: the work counter by which the notation's
    /// tests show that reading a move costs the same whatever its length (no timed tests).
    pub(crate) static FIND_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Board {
    /// Builds a board from its points, links and straight lines; derives the lookup tables.
    ///
    /// Panics if the data is inconsistent (a line that is not made of railway links), since boards
    /// are compiled-in data checked by tests, never user input.
    pub fn new(points: Vec<Point>, links: Vec<Link>, lines: Vec<Vec<PointId>>) -> Board {
        let n = points.len();
        assert!(n <= super::bitset::MAX_POINTS, "board too large");
        let mut neighbours = vec![Vec::new(); n];
        let mut rail_neighbours = vec![Vec::new(); n];
        let mut on_rail = PointSet::EMPTY;
        for l in &links {
            neighbours[l.a.index()].push((l.b, l.kind));
            neighbours[l.b.index()].push((l.a, l.kind));
            if l.kind == LinkKind::Railway {
                rail_neighbours[l.a.index()].push(l.b);
                rail_neighbours[l.b.index()].push(l.a);
                on_rail.insert(l.a);
                on_rail.insert(l.b);
            }
        }
        let mut rays = vec![Vec::new(); n];
        for line in &lines {
            for w in line.windows(2) {
                assert!(
                    rail_neighbours[w[0].index()].contains(&w[1]),
                    "line step {}-{} is not a railway link",
                    points[w[0].index()].name,
                    points[w[1].index()].name
                );
            }
            for (i, p) in line.iter().enumerate() {
                if i + 1 < line.len() {
                    rays[p.index()].push(line[i + 1..].to_vec());
                }
                if i > 0 {
                    rays[p.index()].push(line[..i].iter().rev().copied().collect());
                }
            }
        }
        let mut camps = PointSet::EMPTY;
        let mut headquarters = PointSet::EMPTY;
        for (i, p) in points.iter().enumerate() {
            match p.kind {
                PointKind::Camp => camps.insert(PointId(i as u8)),
                PointKind::Headquarters => headquarters.insert(PointId(i as u8)),
                PointKind::Post => false,
            };
        }
        let mut by_name: HashMap<String, PointId> = HashMap::new();
        for (i, p) in points.iter().enumerate() {
            by_name.insert(p.name.to_lowercase(), PointId(i as u8));
        }
        // The dot of `S.c6` is optional on input.
        for (i, p) in points.iter().enumerate() {
            by_name.entry(p.name.to_lowercase().replace('.', "")).or_insert(PointId(i as u8));
        }
        let longest_name = by_name.keys().map(|k| k.chars().count()).max().unwrap_or(0);
        Board {
            points,
            links,
            lines,
            neighbours,
            rail_neighbours,
            rays,
            on_rail,
            camps,
            headquarters,
            by_name,
            longest_name,
        }
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// True for a board without points (never for a real variant).
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// All point ids, in index order.
    pub fn point_ids(&self) -> impl Iterator<Item = PointId> + '_ {
        (0..self.points.len()).map(|i| PointId(i as u8))
    }

    /// The point with this id.
    pub fn point(&self, id: PointId) -> &Point {
        &self.points[id.index()]
    }

    /// The name of a point.
    pub fn name(&self, id: PointId) -> &str {
        &self.points[id.index()].name
    }

    /// Looks a point up by name, case-insensitively. A text longer than every name is no point,
    /// and is not lower-cased (copied) to find that out: a lookup costs at most a name's length.
    pub fn find(&self, name: &str) -> Option<PointId> {
        let t = name.trim();
        if t.chars().nth(self.longest_name).is_some() {
            return None;
        }
        #[cfg(test)]
        FIND_BYTES.with(|c| c.set(c.get() + t.len()));
        self.by_name.get(&t.to_lowercase()).copied()
    }

    /// Characters in the longest point name (lower-cased, dots optional): what a lookup reads.
    pub fn longest_name(&self) -> usize {
        self.longest_name
    }

    /// Every link.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The straight railway lines.
    pub fn lines(&self) -> &[Vec<PointId>] {
        &self.lines
    }

    /// Neighbours of a point with the kind of the link to each.
    pub fn neighbours(&self, id: PointId) -> &[(PointId, LinkKind)] {
        &self.neighbours[id.index()]
    }

    /// Railway neighbours of a point.
    pub fn rail_neighbours(&self, id: PointId) -> &[PointId] {
        &self.rail_neighbours[id.index()]
    }

    /// The rays of straight lines leaving this point: each is the list of points met in order.
    pub fn rays(&self, id: PointId) -> &[Vec<PointId>] {
        &self.rays[id.index()]
    }

    /// Whether the point lies on the railway.
    pub fn is_on_rail(&self, id: PointId) -> bool {
        self.on_rail.contains(id)
    }

    /// Whether the point is a camp (a compact lookup for the move generator).
    #[inline]
    pub fn is_camp(&self, id: PointId) -> bool {
        self.camps.contains(id)
    }

    /// Whether the point is a headquarters.
    #[inline]
    pub fn is_headquarters(&self, id: PointId) -> bool {
        self.headquarters.contains(id)
    }

    /// Whether two points are joined by a link of this kind.
    pub fn has_link(&self, a: PointId, b: PointId, kind: LinkKind) -> bool {
        self.neighbours[a.index()].iter().any(|&(p, k)| p == b && k == kind)
    }
}
