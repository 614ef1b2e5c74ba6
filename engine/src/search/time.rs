//! Time management: how long to think, from the clock or a fixed move time.
//!
//! Two limits: the *soft* one is consulted between iterations (do not start an iteration that
//! cannot finish in time), the *hard* one inside the search (stop now). The hard limit always
//! leaves `move_overhead` plus a safety share of the clock unused, so the engine never forfeits.

use std::time::{Duration, Instant};

use crate::core::Color;

use super::Limits;

/// Moves assumed to remain when the clock gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u32 = 25;
/// The hard limit's multiple of the soft one.
const HARD_FACTOR: u32 = 4;

#[derive(Clone, Debug)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl TimePlan {
    pub fn new<M>(limits: &Limits<M>, side: Color, move_overhead: Duration) -> TimePlan {
        if let Some(movetime) = limits.movetime {
            let budget = movetime
                .saturating_sub(move_overhead)
                .max(Duration::from_millis(1));
            return TimePlan {
                soft: Some(budget),
                hard: Some(budget),
            };
        }
        let Some(remaining) = limits.time[side.index()] else {
            return TimePlan {
                soft: None,
                hard: None,
            };
        };
        let increment = limits.increment[side.index()];
        // What may be spent at all: the clock minus the overhead, and a reserve for the
        // moves still to come when the clock is nearly out.
        let usable = remaining
            .saturating_sub(move_overhead)
            .saturating_sub(Duration::from_millis(5));
        let moves_to_go = limits.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
        let soft = (usable / moves_to_go + increment * 3 / 4).min(usable / 2);
        // With one move left before the control, most of the clock may go; otherwise never
        // more than a fifth of it on one move.
        let cap = if moves_to_go == 1 {
            usable * 4 / 5
        } else {
            usable / 5 + increment / 2
        };
        let hard = (soft * HARD_FACTOR)
            .min(cap)
            .min(usable)
            .max(soft.min(usable));
        TimePlan {
            soft: Some(soft.max(Duration::from_millis(1))),
            hard: Some(hard.max(Duration::from_millis(1))),
        }
    }
}

/// Tracks the clock of one search; pondering suspends it and `ponderhit` restarts it.
pub struct Clock {
    start: Instant,
    plan: TimePlan,
    was_pondering: bool,
}

impl Clock {
    pub fn new(plan: TimePlan, pondering: bool) -> Clock {
        Clock {
            start: Instant::now(),
            plan,
            was_pondering: pondering,
        }
    }

    /// Called with the current pondering flag; restarts the clock when pondering has just ended.
    pub fn observe(&mut self, pondering: bool) {
        if self.was_pondering && !pondering {
            self.start = Instant::now();
        }
        self.was_pondering = pondering;
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn hard_expired(&self) -> bool {
        !self.was_pondering && self.plan.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Whether another iteration should start; `scale` stretches the soft limit when the best
    /// move is unstable and shrinks it when it is settled.
    pub fn soft_expired(&self, scale: f64) -> bool {
        if self.was_pondering {
            return false;
        }
        match self.plan.soft {
            Some(soft) => self.elapsed().as_secs_f64() >= soft.as_secs_f64() * scale,
            None => false,
        }
    }

    pub fn timed(&self) -> bool {
        self.plan.soft.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock_limits(ms: u64, inc: u64, mtg: Option<u32>) -> Limits<()> {
        Limits {
            time: [
                Some(Duration::from_millis(ms)),
                Some(Duration::from_millis(ms)),
            ],
            increment: [Duration::from_millis(inc); 2],
            movestogo: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn never_plans_past_the_clock() {
        let overhead = Duration::from_millis(30);
        for ms in [0, 1, 10, 31, 50, 100, 1_000, 10_000, 600_000] {
            for inc in [0, 100, 2_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let plan = TimePlan::new(&clock_limits(ms, inc, mtg), Color::White, overhead);
                    let hard = plan.hard.unwrap();
                    let available = Duration::from_millis(ms).saturating_sub(overhead);
                    assert!(
                        hard <= available.max(Duration::from_millis(1)),
                        "{ms} {inc} {mtg:?}: {hard:?}"
                    );
                    assert!(plan.soft.unwrap() <= hard);
                }
            }
        }
    }

    #[test]
    fn movetime_respects_overhead() {
        let limits: Limits<()> = Limits {
            movetime: Some(Duration::from_millis(1_000)),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, Color::Black, Duration::from_millis(30));
        assert_eq!(plan.hard, Some(Duration::from_millis(970)));
    }

    #[test]
    fn no_clock_means_no_limit() {
        let plan = TimePlan::new(&Limits::<()>::default(), Color::White, Duration::ZERO);
        assert!(plan.soft.is_none() && plan.hard.is_none());
    }
}
