//! Places and the end of the race (spec §6, §10.8, §10.12–§10.14): places given from the top at
//! the end of a round and from the bottom to leavers, shared places as averages (kept in halves,
//! as [`crate::contract::Standing::Places`] does), the team order and when it is decided.

use crate::game::EndReason;

use super::rules::Teams;

/// Why a game ended, with the spec's §8 names; the contract's [`EndReason`] has no race ends,
/// so [`End::reason`] maps them onto the nearest ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// At most one racer was left (`finished`).
    Finished,
    /// `play-out=first` and someone finished (`first_finished`).
    FirstFinished,
    /// The team order could no longer change, or a team was all home (`team_decided`).
    TeamDecided,
    /// The round limit (`round_limit`).
    RoundLimit,
    /// A resignation in a two-player game (`resign`).
    Resign,
    /// A timeout in a two-player game (`timeout`).
    Timeout,
    /// An agreed draw (`agreed`).
    Agreed,
    /// A whole round of passes (`all_stuck`).
    AllStuck,
}

impl End {
    /// The §8 name.
    pub fn word(self) -> &'static str {
        match self {
            End::Finished => "finished",
            End::FirstFinished => "first_finished",
            End::TeamDecided => "team_decided",
            End::RoundLimit => "round_limit",
            End::Resign => "resign",
            End::Timeout => "timeout",
            End::Agreed => "agreed",
            End::AllStuck => "all_stuck",
        }
    }

    /// The contract's reason: the race ends are `Finished`, the round limit `RoundLimit`, a round
    /// of passes `BothStuck`.
    pub fn reason(self) -> EndReason {
        match self {
            End::Finished | End::FirstFinished | End::TeamDecided => EndReason::Finished,
            End::RoundLimit => EndReason::RoundLimit,
            End::Resign => EndReason::Resign,
            End::Timeout => EndReason::Timeout,
            End::Agreed => EndReason::Agreed,
            End::AllStuck => EndReason::BothStuck,
        }
    }

    /// The end in words (English, 简体).
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            End::Finished => ("the race is run", "比赛结束"),
            End::FirstFinished => ("a player reached home first", "有人率先全部进入目标区"),
            End::TeamDecided => ("the team order is decided", "团队名次已定"),
            End::RoundLimit => ("the round limit", "达到轮数上限"),
            End::Resign => ("resignation", "认输"),
            End::Timeout => ("timeout", "超时"),
            End::Agreed => ("agreed", "协议和棋"),
            End::AllStuck => ("nobody can move", "无人可走"),
        }
    }
}

/// The places given so far, in halves (2 = first, 3 = shared first and second).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Places {
    /// Per seat, its place once given.
    pub of: Vec<Option<u16>>,
    /// Places given from the top.
    pub top: u16,
    /// Places given from the bottom (leavers).
    pub bottom: u16,
}

impl Places {
    /// No place given among `n` seats.
    pub fn new(n: usize) -> Places {
        Places { of: vec![None; n], top: 0, bottom: 0 }
    }

    /// Gives the next places from the top to `group`, who share them.
    pub fn share_next(&mut self, group: &[usize]) {
        if group.is_empty() {
            return;
        }
        let k = group.len() as u16;
        let halves = 2 * (self.top + 1) + k - 1;
        for &s in group {
            self.of[s] = Some(halves);
        }
        self.top += k;
    }

    /// Gives the lowest place not yet given to a leaver.
    pub fn give_last(&mut self, seat: usize) {
        self.of[seat] = Some(2 * (self.of.len() as u16 - self.bottom));
        self.bottom += 1;
    }

    /// Gives ordered groups the remaining places from the top, each group sharing.
    pub fn share_groups(&mut self, groups: &[Vec<usize>]) {
        for g in groups {
            self.share_next(g);
        }
    }
}

/// The team sums (in halves) of a complete set of places.
pub fn team_sums(team: &[u8], places: &[u16], teams: usize) -> Vec<u32> {
    let mut sums = vec![0u32; teams];
    for (s, &p) in places.iter().enumerate() {
        sums[usize::from(team[s])] += u32::from(p);
    }
    sums
}

/// Whether every way of giving the remaining places to `racers` (with shares) gives the same
/// order of team sums (spec §10.13).
pub fn team_order_decided(team: &[u8], teams: usize, places: &Places, racers: &[usize]) -> bool {
    if places.top == 0 && places.bottom == 0 {
        // Teams are of equal size: with nobody placed, any team may still come first.
        return false;
    }
    let mut seen: Option<Vec<std::cmp::Ordering>> = None;
    let mut same = true;
    let all = (1u32 << racers.len()) - 1;
    let mut groups: Vec<u32> = Vec::new();
    orders(all, &mut groups, &mut |gs: &[u32]| {
        if !same {
            return;
        }
        let mut p = places.clone();
        for &g in gs {
            let members: Vec<usize> = (0..racers.len()).filter(|i| g & (1 << i) != 0).map(|i| racers[i]).collect();
            p.share_next(&members);
        }
        let full: Vec<u16> = p.of.iter().map(|x| x.unwrap_or(0)).collect();
        let sums = team_sums(team, &full, teams);
        let sig: Vec<std::cmp::Ordering> = (0..teams)
            .flat_map(|a| ((a + 1)..teams).map(move |b| (a, b)))
            .map(|(a, b)| sums[a].cmp(&sums[b]))
            .collect();
        match &seen {
            None => seen = Some(sig),
            Some(s) => same &= *s == sig,
        }
    });
    same
}

/// Calls `f` with every ordered partition of the bits of `rest` (the ways to rank racers with
/// shared places).
fn orders(rest: u32, groups: &mut Vec<u32>, f: &mut dyn FnMut(&[u32])) {
    if rest == 0 {
        f(groups);
        return;
    }
    let mut sub = rest;
    while sub > 0 {
        groups.push(sub);
        orders(rest & !sub, groups, f);
        groups.pop();
        sub = (sub - 1) & rest;
    }
}

/// The number of teams of a grouping with `players` seats (each seat its own team without).
pub fn team_count(t: Teams, players: usize) -> usize {
    match t {
        Teams::Off => players,
        Teams::TwoByTwo | Teams::TwoByThree => 2,
        Teams::ThreeByTwo => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_places_are_averages() {
        let mut p = Places::new(4);
        p.share_next(&[0, 2]);
        assert_eq!(p.of, vec![Some(3), None, Some(3), None]);
        p.give_last(1);
        assert_eq!(p.of[1], Some(8));
        p.share_next(&[3]);
        assert_eq!(p.of[3], Some(6));
    }

    #[test]
    fn the_seed_team_sums() {
        // s+n against ne+sw; seats in turn order s, ne, n, sw.
        let team = [0, 1, 0, 1];
        // 1st + 4th against 2nd + 3rd is level.
        assert_eq!(team_sums(&team, &[2, 4, 8, 6], 2), vec![10, 10]);
        // 1st + 3rd beats 2nd + 4th.
        let s = team_sums(&team, &[2, 4, 6, 8], 2);
        assert!(s[0] < s[1]);
        // s first and n second: decided; s first alone: not yet.
        let mut p = Places::new(4);
        p.share_next(&[0]);
        assert!(!team_order_decided(&team, 2, &p, &[1, 2, 3]));
        p.share_next(&[2]);
        assert!(team_order_decided(&team, 2, &p, &[1, 3]));
    }
}
