//! Match statistics: score, Elo difference with its 95% margin, and the sequential probability
//! ratio test used to stop a match as soon as it has decided between two Elo hypotheses.

/// Wins, losses and draws from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Mean score per game (1 win, 1/2 draw, 0 loss); 0.5 before any game.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.losses as f64 * s.powi(2)
            + self.draws as f64 * (0.5 - s).powi(2))
            / n
    }

    /// Elo difference implied by the score; `None` when the score is 0 or 1 (infinite).
    pub fn elo(&self) -> Option<f64> {
        elo_from_score(self.score())
    }

    /// The 95% confidence interval of the Elo difference; an end is `None` where the score's
    /// interval reaches 0 or 1 (an infinite Elo difference).
    ///
    /// The normal approximation with the observed per-game variance, except when every game
    /// ended alike: that variance is then 0 and would claim certainty (100 wins in 100 games
    /// says the score is at least 0.96, not exactly 1), so the Wilson interval is used.
    pub fn elo_interval(&self) -> Option<(Option<f64>, Option<f64>)> {
        const Z: f64 = 1.959_964;
        let n = self.games() as f64;
        if n < 2.0 {
            return None;
        }
        let s = self.score();
        let variance = self.variance();
        let (lo, hi) = if variance > 0.0 {
            let half = Z * (variance / n).sqrt();
            (s - half, s + half)
        } else {
            let z2n = Z * Z / n;
            let centre = (s + z2n / 2.0) / (1.0 + z2n);
            let half = Z / (1.0 + z2n) * (s * (1.0 - s) / n + z2n / (4.0 * n)).sqrt();
            // At a score of 0 or 1 that end is exactly 0 or 1, which rounding can miss.
            let lo = if s <= 0.0 { 0.0 } else { centre - half };
            let hi = if s >= 1.0 { 1.0 } else { centre + half };
            (lo, hi)
        };
        Some((elo_from_score(lo), elo_from_score(hi)))
    }
}

/// The logistic Elo model: expected score `s` for a rating difference.
pub fn elo_from_score(s: f64) -> Option<f64> {
    if s <= 0.0 || s >= 1.0 {
        return None;
    }
    Some(-400.0 * (1.0 / s - 1.0).log10())
}

pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// SPRT parameters: H0 "the first engine is `elo0` stronger", H1 "it is `elo1` stronger".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    AcceptH0,
    AcceptH1,
    Continue,
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta` (e.g. `0,5,0.05,0.05`).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 4 {
            return Err(format!("SPRT needs elo0,elo1,alpha,beta; got '{text}'"));
        }
        let mut values = [0.0; 4];
        for (value, part) in values.iter_mut().zip(&parts) {
            *value = part
                .parse()
                .map_err(|_| format!("SPRT parameter '{part}' is not a number"))?;
        }
        let [elo0, elo1, alpha, beta] = values;
        if elo1 <= elo0 {
            return Err("SPRT needs elo1 > elo0".into());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("SPRT alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Lower and upper stopping bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 in the normal approximation of the
    /// generalised SPRT: N (s1 - s0)(2 mean - s0 - s1) / (2 variance).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let variance = tally.variance();
        if tally.games() == 0 || variance <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        tally.games() as f64 * (s1 - s0) * (2.0 * tally.score() - s0 - s1) / (2.0 * variance)
    }

    /// The verdict after one more game: once the test has stopped, games still in flight when
    /// it did cannot undo its verdict.
    pub fn decide_after(&self, previous: SprtDecision, tally: &Tally) -> SprtDecision {
        match previous {
            SprtDecision::Continue => self.decide(tally),
            decided => decided,
        }
    }

    pub fn decide(&self, tally: &Tally) -> SprtDecision {
        let (lower, upper) = self.bounds();
        let llr = self.llr(tally);
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert!((t.score() - 0.5).abs() < 1e-12);
        assert!(t.elo().unwrap().abs() < 1e-9);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let t = Tally {
            wins: 75,
            losses: 25,
            draws: 0,
        };
        let elo = t.elo().unwrap();
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        let (lo, hi) = t.elo_interval().unwrap();
        // se = sqrt(0.1875 / 100) = 0.0433; s +- 1.96 se = 0.6651 .. 0.8349 = 119.2 .. 281.6 Elo
        assert!((lo.unwrap() - 119.2).abs() < 0.5, "{lo:?}");
        assert!((hi.unwrap() - 281.6).abs() < 0.5, "{hi:?}");
        // 9-1: s = 0.9, se = 0.095, s + 1.96 se passes 1, so only the lower end (s = 0.714) is finite.
        let nine_one = Tally {
            wins: 9,
            losses: 1,
            draws: 0,
        };
        let (lo, hi) = nine_one.elo_interval().unwrap();
        assert!(
            lo.is_some_and(|l| l > 100.0) && hi.is_none(),
            "{lo:?} {hi:?}"
        );
    }

    #[test]
    fn perfect_scores_have_no_finite_elo() {
        let t = Tally {
            wins: 3,
            losses: 0,
            draws: 0,
        };
        assert_eq!(t.elo(), None);
        assert_eq!(elo_from_score(0.0), None);
    }

    #[test]
    fn a_perfect_score_still_bounds_the_elo_from_below() {
        let sweep = |wins, losses| Tally {
            wins,
            losses,
            draws: 0,
        };
        // Wilson: the score is at least 1 / (1 + z^2 / n) = 0.963 after 100 straight wins.
        let (lo, hi) = sweep(100, 0).elo_interval().unwrap();
        assert!(lo.is_some_and(|l| (l - 566.0).abs() < 2.0), "{lo:?}");
        assert_eq!(hi, None);
        let (lo, hi) = sweep(0, 100).elo_interval().unwrap();
        assert_eq!(lo, None);
        assert!(hi.is_some_and(|h| (h + 566.0).abs() < 2.0), "{hi:?}");
        // Whatever the number of games (10 once gave an upper end of 0.9999999999999999).
        for n in 2..=2_000 {
            let (lo, hi) = sweep(n, 0).elo_interval().unwrap();
            assert!(lo.is_some() && hi.is_none(), "{n} wins: {lo:?} {hi:?}");
            let (lo, hi) = sweep(0, n).elo_interval().unwrap();
            assert!(lo.is_none() && hi.is_some(), "{n} losses: {lo:?} {hi:?}");
        }
    }

    #[test]
    fn sprt_accepts_h1_for_a_much_stronger_engine_and_h0_for_an_equal_one() {
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        let strong = Tally {
            wins: 600,
            losses: 200,
            draws: 200,
        };
        assert_eq!(sprt.decide(&strong), SprtDecision::AcceptH1);
        let equal = Tally {
            wins: 4000,
            losses: 4000,
            draws: 2000,
        };
        assert_eq!(sprt.decide(&equal), SprtDecision::AcceptH0);
        let early = Tally {
            wins: 3,
            losses: 2,
            draws: 1,
        };
        assert_eq!(sprt.decide(&early), SprtDecision::Continue);
    }

    #[test]
    fn a_verdict_stands_when_a_game_in_flight_ends_after_it() {
        let sprt = Sprt::parse("0,15,0.1,0.1").unwrap();
        let decided = Tally {
            wins: 58,
            losses: 21,
            draws: 20,
        };
        assert_eq!(sprt.decide(&decided), SprtDecision::AcceptH1);
        let one_more = Tally {
            losses: 22,
            ..decided
        };
        assert_eq!(sprt.decide(&one_more), SprtDecision::Continue);
        assert_eq!(
            sprt.decide_after(SprtDecision::AcceptH1, &one_more),
            SprtDecision::AcceptH1
        );
        assert_eq!(
            sprt.decide_after(SprtDecision::Continue, &decided),
            SprtDecision::AcceptH1
        );
    }

    #[test]
    fn sprt_parameters_are_checked() {
        assert!(Sprt::parse("0,5").is_err());
        assert!(Sprt::parse("5,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,5,0.7,0.05").is_err());
        assert!(Sprt::parse("0,x,0.05,0.05").is_err());
        let (lo, hi) = Sprt::parse("0,5,0.05,0.05").unwrap().bounds();
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
    }
}
