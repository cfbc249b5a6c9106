//! A fixed-size set of points, cheap to copy, for searches on boards of up to 256 points.

use super::board::PointId;

/// The largest board any variant may have.
pub const MAX_POINTS: usize = 256;

/// A set of point ids as a 256-bit mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct PointSet([u64; 4]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; 4]);

    /// Adds a point; returns true if it was not there yet.
    #[inline]
    pub fn insert(&mut self, p: PointId) -> bool {
        let (w, b) = (p.index() >> 6, p.index() & 63);
        let was = self.0[w] >> b & 1;
        self.0[w] |= 1 << b;
        was == 0
    }

    /// Whether the point is in the set.
    #[inline]
    pub fn contains(&self, p: PointId) -> bool {
        let (w, b) = (p.index() >> 6, p.index() & 63);
        self.0[w] >> b & 1 == 1
    }
}
