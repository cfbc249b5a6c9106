//! Glicko-2 ratings with the `skillratings` crate, configured as lichess does: a new player starts
//! at 1500 with deviation 350 and volatility 0.06, τ = 0.75, and counts as provisional while the
//! deviation is above 110. As on the largest Chinese Junqi platform, games that end before 30
//! moves (plies, each side's move counting one) are not rated.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// Ratings are provisional while the deviation is above this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// Games with fewer plies than this are not rated.
pub const MIN_RATED_PLIES: u32 = 30;
/// With the server rule on, resigning before this many plies is refused.
pub const MIN_RESIGN_PLIES: u32 = 20;
/// lichess's system constant.
pub const TAU: f64 = 0.75;

/// A player's Glicko-2 rating.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// The rating deviation (350 at the start).
    pub deviation: f64,
    /// The volatility (0.06 at the start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

impl Rating {
    /// Whether the rating is still provisional (deviation above 110).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as shown: rounded, with `?` while provisional (as lichess shows it).
    pub fn display(&self) -> String {
        let r = self.rating.round() as i64;
        if self.provisional() { format!("{r}?") } else { r.to_string() }
    }

    fn to_crate(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn from_crate(r: Glicko2Rating) -> Rating {
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

/// Whether a game of `plies` plies is rated.
pub fn is_rated(plies: u32) -> bool {
    plies >= MIN_RATED_PLIES
}

/// Both ratings after one game between `a` and `b`; `score_a` is 1 for a win of `a`, 0.5 for a
/// draw, 0 for a loss (as `Some(true)`, `None`, `Some(false)`).
pub fn update(a: Rating, b: Rating, a_won: Option<bool>) -> (Rating, Rating) {
    let outcome = match a_won {
        Some(true) => Outcomes::WIN,
        Some(false) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let config = Glicko2Config { tau: TAU, ..Glicko2Config::default() };
    let (x, y) = glicko2(&a.to_crate(), &b.to_crate(), &outcome, &config);
    (Rating::from_crate(x), Rating::from_crate(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_new_players_apart_symmetrically() {
        let (a, b) = update(Rating::default(), Rating::default(), Some(true));
        assert!(a.rating > 1600.0 && a.rating < 1700.0, "{a:?}");
        assert!((a.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-6);
        assert!(a.deviation < 350.0 && a.provisional());
        assert_eq!(Rating::default().display(), "1500?");
        let (c, d) = update(Rating::default(), Rating::default(), None);
        assert!((c.rating - 1500.0).abs() < 1e-6 && (d.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn deviation_falls_below_provisional_with_games() {
        let mut a = Rating::default();
        let mut b = Rating::default();
        let mut n = 0;
        while a.provisional() {
            (a, b) = update(a, b, Some(n % 2 == 0));
            n += 1;
            assert!(n < 40, "still provisional after 40 games: {a:?}");
        }
        assert!(!a.display().ends_with('?'));
        assert!(!is_rated(29) && is_rated(30));
    }
}
