//! Assignments of kinds to pieces under per-kind counts: the constraint core of the belief.
//!
//! Each piece has a mask of the kinds it may still be (bit `k` for kind `k`); an army's kinds
//! come in fixed counts, and every piece of the army (captured ones too) is exactly one of them.
//! A consistent assignment is a perfect b-matching of pieces to kinds; [`prune`] keeps in every
//! mask only the kinds some consistent assignment gives that piece, so whatever the public
//! information rules out, even through the counts, is out of the mask.

use junqi_rules::rng::Rng;

/// No kind assigned.
const NONE: u8 = u8::MAX;

/// A perfect assignment (`kind` per piece) if one exists, trying pieces and kinds in the given
/// orders (so that a shuffled order gives a random one).
fn assign(masks: &[u16], counts: &[u8], piece_order: &[usize], kind_order: &[u8]) -> Option<Vec<u8>> {
    let mut kind_of = vec![NONE; masks.len()];
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); counts.len()];
    for &i in piece_order {
        let mut visited = 0u32;
        if !augment(i, masks, counts, kind_order, &mut kind_of, &mut members, &mut visited) {
            return None;
        }
    }
    Some(kind_of)
}

/// Kuhn's augmenting path with kind capacities: places piece `i`, moving others along the way.
fn augment(
    i: usize,
    masks: &[u16],
    counts: &[u8],
    kind_order: &[u8],
    kind_of: &mut [u8],
    members: &mut [Vec<usize>],
    visited: &mut u32,
) -> bool {
    for &k in kind_order {
        let bit = 1u32 << k;
        if masks[i] & (1 << k) == 0 || *visited & bit != 0 {
            continue;
        }
        *visited |= bit;
        let k = k as usize;
        if members[k].len() < counts[k] as usize {
            members[k].push(i);
            kind_of[i] = k as u8;
            return true;
        }
        for slot in 0..members[k].len() {
            let j = members[k][slot];
            // Move `j` elsewhere; `i` takes its place in kind `k`.
            let saved = kind_of[j];
            kind_of[j] = NONE;
            if augment(j, masks, counts, kind_order, kind_of, members, visited) {
                members[k][slot] = i;
                kind_of[i] = k as u8;
                return true;
            }
            kind_of[j] = saved;
        }
    }
    false
}

/// Narrows every mask to the kinds some consistent assignment gives its piece. Returns false
/// (masks unchanged) when no consistent assignment exists at all.
///
/// With one perfect assignment `A`, piece `i` can be kind `k` exactly when kind `A[i]` can be
/// reached from `k` by moving pieces (other than `i`) one kind along: a chain of pieces each
/// taking a kind its mask allows, ending in the place `i` frees.
pub fn prune(masks: &mut [u16], counts: &[u8]) -> bool {
    let order: Vec<usize> = (0..masks.len()).collect();
    let kinds: Vec<u8> = (0..counts.len() as u8).collect();
    let Some(a) = assign(masks, counts, &order, &kinds) else { return false };
    let n = counts.len();
    let mut narrowed = masks.to_vec();
    for i in 0..masks.len() {
        // edge[k1] = kinds some piece of kind k1 (other than i) may move to.
        let mut edge = vec![0u16; n];
        for (j, &kj) in a.iter().enumerate() {
            if j != i {
                edge[kj as usize] |= masks[j];
            }
        }
        // Kinds from which A[i] is reachable: grow backwards from A[i].
        let target = a[i] as usize;
        let mut reach: u16 = 1 << target;
        loop {
            let mut grown = reach;
            for (k, &e) in edge.iter().enumerate() {
                if e & reach != 0 {
                    grown |= 1 << k;
                }
            }
            if grown == reach {
                break;
            }
            reach = grown;
        }
        narrowed[i] = masks[i] & reach;
    }
    masks.copy_from_slice(&narrowed);
    true
}

/// A random consistent assignment: a perfect assignment in a shuffled order, then `swaps`
/// proposals exchanging the kinds of two pieces where both masks allow (a symmetric proposal,
/// so the walk's stationary law is uniform on the assignments it reaches).
pub fn sample(masks: &[u16], counts: &[u8], rng: &mut Rng, swaps: usize) -> Option<Vec<u8>> {
    let mut order: Vec<usize> = (0..masks.len()).collect();
    rng.shuffle(&mut order);
    let mut kinds: Vec<u8> = (0..counts.len() as u8).collect();
    rng.shuffle(&mut kinds);
    let mut a = assign(masks, counts, &order, &kinds)?;
    let n = masks.len();
    if n < 2 {
        return Some(a);
    }
    for _ in 0..swaps {
        let i = rng.below(n);
        let j = rng.below(n);
        let (ki, kj) = (a[i], a[j]);
        if ki != kj && masks[i] & (1 << kj) != 0 && masks[j] & (1 << ki) != 0 {
            a[i] = kj;
            a[j] = ki;
        }
    }
    Some(a)
}

/// Marginal probabilities of every kind for every piece (rows sum to 1), by iterative
/// proportional fitting of the masks to the counts: zero wherever the mask is.
pub fn marginals(masks: &[u16], counts: &[u8]) -> Vec<Vec<f64>> {
    let n = counts.len();
    let mut m: Vec<Vec<f64>> =
        masks.iter().map(|&mask| (0..n).map(|k| f64::from(u8::from(mask & (1 << k) != 0))).collect()).collect();
    for _ in 0..60 {
        normalise_rows(&mut m);
        for k in 0..n {
            let sum: f64 = m.iter().map(|row| row[k]).sum();
            if sum > 0.0 {
                let scale = f64::from(counts[k]) / sum;
                m.iter_mut().for_each(|row| row[k] *= scale);
            }
        }
    }
    normalise_rows(&mut m);
    m
}

fn normalise_rows(m: &mut [Vec<f64>]) {
    for row in m.iter_mut() {
        let sum: f64 = row.iter().sum();
        if sum > 0.0 {
            row.iter_mut().for_each(|x| *x /= sum);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prune_follows_the_counts() {
        // Three pieces, kinds 0 (one) and 1 (two); piece 0 can only be kind 1, piece 1 only
        // kind 1: so piece 2 must be kind 0.
        let mut masks = vec![0b10, 0b10, 0b11];
        assert!(prune(&mut masks, &[1, 2]));
        assert_eq!(masks, vec![0b10, 0b10, 0b01]);
    }

    #[test]
    fn prune_refuses_an_impossible_army() {
        let mut masks = vec![0b01, 0b01];
        assert!(!prune(&mut masks, &[1, 1]));
        assert_eq!(masks, vec![0b01, 0b01]);
    }

    #[test]
    fn samples_respect_masks_and_counts() {
        let masks = vec![0b011, 0b110, 0b111, 0b100];
        let counts = [1, 1, 2];
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let a = sample(&masks, &counts, &mut rng, 20).expect("feasible");
            for (i, &k) in a.iter().enumerate() {
                assert!(masks[i] & (1 << k) != 0);
            }
            for (k, &c) in counts.iter().enumerate() {
                assert_eq!(a.iter().filter(|&&x| x as usize == k).count(), c as usize);
            }
        }
    }

    #[test]
    fn marginals_are_zero_where_ruled_out_and_sum_to_one() {
        let masks = vec![0b011, 0b110, 0b111, 0b100];
        let m = marginals(&masks, &[1, 1, 2]);
        for (i, row) in m.iter().enumerate() {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            for (k, &p) in row.iter().enumerate() {
                if masks[i] & (1 << k) == 0 {
                    assert_eq!(p, 0.0);
                }
            }
        }
    }
}
