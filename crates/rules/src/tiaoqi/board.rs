//! The star board of 121 points (spec §1–§2): point names `a1`…`y17`, the six directions, the
//! six triangles (sides) with their homes and targets, distances.
//!
//! A point is an index 0..121, ordered by row from the bottom, then by column: the tables are
//! built once from the spec's formula, so that names, lines and triangles all come from it.

use std::sync::OnceLock;

/// The number of points on the star.
pub const POINTS: usize = 121;

/// A point: its index in row-then-column order.
pub type Pt = u8;

/// The six directions as (Δcolumn, Δrow): E, NE, NW, W, SW, SE. Opposite directions are three
/// apart.
pub const DIRS: [(i8, i8); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// A triangle of the star, named by compass (spec §2), in counter-clockwise turn order: a side
/// is what a seat plays, as 翻棋's colours are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// South (bottom tip `m1`).
    S,
    /// South-east (tip `y5`).
    Se,
    /// North-east (tip `y13`).
    Ne,
    /// North (top tip `m17`).
    N,
    /// North-west (tip `a13`).
    Nw,
    /// South-west (tip `a5`).
    Sw,
}

impl Side {
    /// Every side, in turn order.
    pub const ALL: [Side; 6] = [Side::S, Side::Se, Side::Ne, Side::N, Side::Nw, Side::Sw];

    /// The side's index in [`Side::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with an index.
    pub fn from_index(i: usize) -> Side {
        Side::ALL[i % 6]
    }

    /// The side facing it: its home is this side's target.
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 3)
    }

    /// The key in records (`s`, `ne`).
    pub fn key(self) -> &'static str {
        ["s", "se", "ne", "n", "nw", "sw"][self.index()]
    }

    /// Reads a key, any case.
    pub fn from_key(text: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.key().eq_ignore_ascii_case(text.trim()))
    }

    /// The triangle's tip.
    pub fn tip(self) -> Pt {
        let (x, r) = [(13, 1), (25, 5), (25, 13), (13, 17), (1, 13), (1, 5)][self.index()];
        at(x, r).expect("a tip is a point")
    }
}

/// The tables of the board, built once.
struct Tables {
    xy: Vec<(i8, i8)>,
    index: [[Option<Pt>; 26]; 18],
    next: Vec<[Option<Pt>; 6]>,
    triangle: Vec<Option<Side>>,
}

/// The spec's formula, its `|x − 13| ≤ r − 1` written `< r`.
fn exists(x: i8, r: i8) -> bool {
    (1..=25).contains(&x)
        && (1..=17).contains(&r)
        && (x + r) % 2 == 0
        && ((r <= 13 && (x - 13).abs() < r) || (r >= 5 && (x - 13).abs() <= 17 - r))
}

fn in_hexagon(x: i8, r: i8) -> bool {
    exists(x, r) && (r <= 13 && (x - 13).abs() < r) && (r >= 5 && (x - 13).abs() <= 17 - r)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables { xy: Vec::new(), index: [[None; 26]; 18], next: Vec::new(), triangle: Vec::new() };
        for r in 1..=17i8 {
            for x in 1..=25i8 {
                if exists(x, r) {
                    t.index[r as usize][x as usize] = Some(t.xy.len() as Pt);
                    t.xy.push((x, r));
                }
            }
        }
        for &(x, r) in &t.xy {
            let step = |(dx, dr): (i8, i8)| {
                let (nx, nr) = (x + dx, r + dr);
                exists(nx, nr).then(|| t.index[nr as usize][nx as usize]).flatten()
            };
            t.next.push(DIRS.map(step));
            let tri = if in_hexagon(x, r) {
                None
            } else if r <= 4 {
                Some(Side::S)
            } else if r >= 14 {
                Some(Side::N)
            } else if x < 13 {
                Some(if r <= 8 { Side::Sw } else { Side::Nw })
            } else {
                Some(if r <= 8 { Side::Se } else { Side::Ne })
            };
            t.triangle.push(tri);
        }
        t
    })
}

/// The point at column `x` (a = 1) and row `r`, if the star has it.
pub fn at(x: i8, r: i8) -> Option<Pt> {
    if !(0..26).contains(&x) || !(0..18).contains(&r) {
        return None;
    }
    tables().index[r as usize][x as usize]
}

/// A point's column (a = 1) and row.
pub fn xy(p: Pt) -> (i8, i8) {
    tables().xy[p as usize]
}

/// The neighbour of `p` in direction `d` (an index into [`DIRS`]).
pub fn next(p: Pt, d: usize) -> Option<Pt> {
    tables().next[p as usize][d]
}

/// The neighbours of a point.
pub fn neighbours(p: Pt) -> impl Iterator<Item = Pt> {
    tables().next[p as usize].into_iter().flatten()
}

/// Whether two points are neighbours.
pub fn adjacent(a: Pt, b: Pt) -> bool {
    neighbours(a).any(|n| n == b)
}

/// Whether a point is in the central hexagon.
pub fn is_hexagon(p: Pt) -> bool {
    tables().triangle[p as usize].is_none()
}

/// The triangle a point lies in (`None` in the hexagon).
pub fn triangle(p: Pt) -> Option<Side> {
    tables().triangle[p as usize]
}

/// The direction and the number of steps from `a` to `b` when they lie on one line.
pub fn line(a: Pt, b: Pt) -> Option<(usize, u8)> {
    let ((ax, ar), (bx, br)) = (xy(a), xy(b));
    let (dx, dr) = (bx - ax, br - ar);
    let (d, n) = if dr == 0 {
        if dx == 0 || dx % 2 != 0 {
            return None;
        }
        (if dx > 0 { 0 } else { 3 }, dx.abs() / 2)
    } else if dx.abs() == dr.abs() {
        let d = match (dx > 0, dr > 0) {
            (true, true) => 1,
            (false, true) => 2,
            (false, false) => 4,
            (true, false) => 5,
        };
        (d, dr.abs())
    } else {
        return None;
    };
    Some((d, n as u8))
}

/// The distance between two points in steps (spec §1).
pub fn distance(a: Pt, b: Pt) -> u32 {
    let ((ax, ar), (bx, br)) = (xy(a), xy(b));
    let (dx, dr) = (i32::from((bx - ax).abs()), i32::from((br - ar).abs()));
    (dr + ((dx - dr) / 2).max(0)) as u32
}

/// A point's name: column letter and row (`m9`), lower case (spec §10.2).
pub fn name(p: Pt) -> String {
    let (x, r) = xy(p);
    format!("{}{}", char::from(b'a' + (x - 1) as u8), r)
}

/// Reads a point's name, any case.
pub fn parse(text: &str) -> Option<Pt> {
    let t = text.trim().to_ascii_lowercase();
    let mut chars = t.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty() || rest.len() > 2 || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
        return None;
    }
    let r: i8 = rest.parse().ok()?;
    at((letter as u8 - b'a' + 1) as i8, r)
}

/// The points a side's pieces start on, for a number of pieces per player (6, 10 or 15): its
/// triangle's rows from the tip (spec §2), with the five hexagon points of the next row for 15.
pub fn home(side: Side, pieces: u8) -> Vec<Pt> {
    let tip = side.tip();
    let rows = match pieces {
        6 => 2,
        10 => 3,
        _ => 4,
    };
    (0..POINTS as Pt)
        .filter(|&p| {
            let d = distance(tip, p);
            d <= rows && (triangle(p) == Some(side) || (d == 4 && in_cone(side, p)))
        })
        .collect()
}

/// Whether a hexagon point lies in the cone of a triangle's tip (the 15-piece fifth row).
fn in_cone(side: Side, p: Pt) -> bool {
    let (tx, tr) = xy(side.tip());
    let (x, r) = xy(p);
    match side {
        Side::S => (x - tx).abs() <= r - tr,
        Side::N => (x - tx).abs() <= tr - r,
        // The 15-piece set exists for two players only (spec §10.3).
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_lines_are_visible_in_them() {
        for p in 0..POINTS as Pt {
            assert_eq!(parse(&name(p)), Some(p));
            assert_eq!(parse(&name(p).to_uppercase()), Some(p));
        }
        assert_eq!(line(parse("k3").unwrap(), parse("m5").unwrap()), Some((1, 2)));
        assert_eq!(line(parse("m5").unwrap(), parse("q5").unwrap()), Some((0, 2)));
        assert_eq!(line(parse("m3").unwrap(), parse("n6").unwrap()), None);
        assert_eq!(parse("m0"), None);
        assert_eq!(parse("z9"), None);
        assert_eq!(parse("m09"), None);
    }

    #[test]
    fn homes_are_the_spec_rows() {
        let names = |v: Vec<Pt>| {
            let mut n: Vec<String> = v.into_iter().map(name).collect();
            n.sort();
            n
        };
        let want = |s: &str| {
            let mut n: Vec<String> = s.split(' ').map(String::from).collect();
            n.sort();
            n
        };
        assert_eq!(names(home(Side::S, 10)), want("m1 l2 n2 k3 m3 o3 j4 l4 n4 p4"));
        assert_eq!(names(home(Side::Ne, 10)), want("y13 w13 x12 u13 v12 w11 s13 t12 u11 v10"));
        assert_eq!(names(home(Side::Sw, 6)), want("a5 c5 b6 e5 d6 c7"));
        assert_eq!(names(home(Side::Nw, 10)), want("a13 c13 b12 e13 d12 c11 g13 f12 e11 d10"));
        assert_eq!(names(home(Side::Se, 10)), want("y5 w5 x6 u5 v6 w7 s5 t6 u7 v8"));
        assert_eq!(names(home(Side::N, 15)).len(), 15);
        assert!(names(home(Side::S, 15)).contains(&"i5".to_string()));
    }
}
