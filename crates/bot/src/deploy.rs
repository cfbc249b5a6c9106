//! A sensible deployment for the bot: the flag in a headquarters with mines next to it, the other
//! mines in the back rows, bombs behind the front row, the rest shuffled. Read from the variant's
//! placement rules and board, so it fits every variant of deployed armies.

use junqi_rules::board::PointKind;
use junqi_rules::piece::{PieceClass, PieceKind};
use junqi_rules::rng::Rng;
use junqi_rules::setup::Setup;
use junqi_rules::variant::Placement;
use junqi_rules::{Seat, Variant};

/// A legal deployment for seat 0's order (a deployment string fits every seat), in normal form
/// (one code per piece). Falls back to the rules crate's uniform generator if the guarded one
/// cannot be completed.
pub fn deployment(variant: &Variant, rng: &mut Rng) -> String {
    guarded(variant, rng).unwrap_or_else(|| Setup::random(variant, rng)).to_code_string(variant)
}

fn allowed(variant: &Variant, kind: PieceKind, slot: usize) -> bool {
    let pt = variant.board.point(variant.deployment_order[0][slot]);
    variant.placement.iter().filter(|(k, _)| *k == kind).all(|(_, rule)| match *rule {
        Placement::HeadquartersOnly => pt.kind == PointKind::Headquarters,
        Placement::BackRows(n) => pt.home_row <= n,
        Placement::NotFrontRow => pt.home_row != 6,
    })
}

fn guarded(variant: &Variant, rng: &mut Rng) -> Option<Setup> {
    let order = &variant.deployment_order[0];
    let n = order.len();
    let mut slots: Vec<Option<PieceKind>> = vec![None; n];
    let kind_of = |class: PieceClass| variant.pieces.iter().position(|d| d.class == class).map(|i| PieceKind(i as u8));
    let mut left: Vec<u8> = variant.pieces.iter().map(|d| d.count).collect();
    let put = |slots: &mut Vec<Option<PieceKind>>, left: &mut Vec<u8>, slot: usize, kind: PieceKind| {
        slots[slot] = Some(kind);
        left[kind.0 as usize] -= 1;
    };
    // The flag in a headquarters; mines on the free points next to it, where mines may stand.
    if let Some(flag) = kind_of(PieceClass::Flag) {
        let hq: Vec<usize> = (0..n).filter(|&i| allowed(variant, flag, i)).collect();
        let at = *hq.get(rng.below(hq.len().max(1)))?;
        put(&mut slots, &mut left, at, flag);
        if let Some(mine) = kind_of(PieceClass::Mine) {
            let mut guards: Vec<usize> = variant
                .board
                .neighbours(order[at])
                .iter()
                .filter_map(|&(q, _)| order.iter().position(|&p| p == q))
                .filter(|&i| slots[i].is_none() && allowed(variant, mine, i))
                .collect();
            rng.shuffle(&mut guards);
            for i in guards {
                if left[mine.0 as usize] > 0 {
                    put(&mut slots, &mut left, i, mine);
                }
            }
        }
    }
    // The rest of the constrained kinds (more mines, bombs) where their rules allow, then the
    // officers anywhere.
    // A piece in a headquarters never moves again, so the other headquarters gets the least
    // of the officers (a decoy the enemy may take for the flag), not a piece the game needs.
    if let Some(flag) = kind_of(PieceClass::Flag)
        && let Some(least) = variant
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, d)| d.class == PieceClass::Officer)
            .min_by_key(|(_, d)| d.rank)
            .map(|(i, _)| PieceKind(i as u8))
    {
        for i in 0..n {
            if slots[i].is_none() && allowed(variant, flag, i) && left[least.0 as usize] > 0 {
                put(&mut slots, &mut left, i, least);
            }
        }
    }
    for (k, _) in variant.placement.iter().copied() {
        while left[k.0 as usize] > 0 {
            let free: Vec<usize> = (0..n).filter(|&i| slots[i].is_none() && allowed(variant, k, i)).collect();
            let i = *free.get(rng.below(free.len().max(1)))?;
            put(&mut slots, &mut left, i, k);
        }
    }
    let mut rest: Vec<PieceKind> = Vec::new();
    for (k, &c) in left.iter().enumerate() {
        rest.extend(std::iter::repeat_n(PieceKind(k as u8), c as usize));
    }
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    for s in slots.iter_mut().filter(|s| s.is_none()) {
        *s = rest.next();
    }
    let setup = Setup { kinds: slots.into_iter().collect::<Option<Vec<_>>>()? };
    setup.validate(variant, Seat(0)).ok().map(|_| setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deployments_are_legal_and_guard_the_flag() {
        let v = Variant::junqi();
        let mut rng = Rng::new(3);
        let flag = PieceKind(v.pieces.iter().position(|d| d.class == PieceClass::Flag).unwrap() as u8);
        let mine = PieceKind(v.pieces.iter().position(|d| d.class == PieceClass::Mine).unwrap() as u8);
        for _ in 0..100 {
            let text = deployment(v, &mut rng);
            let setup = Setup::parse(v, &text).unwrap();
            let d = setup.validate(v, Seat(0)).unwrap();
            let at = d.pieces.iter().find(|(_, k)| *k == flag).unwrap().0;
            let guarded = v.board.neighbours(at).iter().filter(|(q, _)| d.pieces.contains(&(*q, mine))).count();
            assert!(guarded >= 1, "{text}: the flag has no mine beside it");
        }
    }
}
