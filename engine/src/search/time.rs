//! Time management: how long to think, from the clock or a fixed move time.
//!
//! Two limits: the *soft* one is consulted between iterations (do not start an iteration that
//! cannot finish in time), the *hard* one inside the search (stop now). The hard limit always
//! leaves `move_overhead` plus a safety share of the clock unused, so the engine never forfeits.
//! A fixed move time (UCI `movetime`, CECP `st`) has no soft limit: that time is searched to the
//! end, less the overhead.

use std::time::{Duration, Instant};

use crate::core::Color;

use super::Limits;

/// Moves assumed to remain when the clock gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u32 = 25;
/// How many moves' overhead the clock keeps in reserve: with a short clock and an increment,
/// spending the increment each move would leave nothing for one slow reply. The overhead
/// follows the lag measured, so a loaded machine keeps a larger reserve.
const RESERVE_OVERHEADS: u32 = 10;
/// The hard limit's multiple of the soft one.
const HARD_FACTOR: u32 = 4;

#[derive(Clone, Debug)]
pub struct TimePlan {
    /// `None`: nothing to save for later moves, so no reason to stop between iterations.
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
                soft: None,
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
        // The time for the moves to go: the clock, the increments still to come, less the
        // overhead that each of those moves costs outside the search and a reserve against a
        // reply much slower than usual.
        let horizon = (remaining + increment * (moves_to_go - 1))
            .saturating_sub(move_overhead * (moves_to_go + 1 + RESERVE_OVERHEADS));
        // With one move left before the control, most of the clock may go; otherwise (soft
        // limit too) a fifth of what lies above the reserve and half of what the move's
        // overhead leaves of the increment. Where iterations are too costly to stop at the soft
        // limit (wide boards) every move runs to the hard one, and the clock settles above the
        // reserve, not near zero, so one slow reply does not lose on time; below the reserve it
        // grows back.
        let reserve = move_overhead * RESERVE_OVERHEADS;
        let cap = if moves_to_go == 1 {
            usable * 4 / 5
        } else {
            usable.saturating_sub(reserve) / 5 + increment.saturating_sub(move_overhead) / 2
        };
        let soft = (horizon / moves_to_go).min(usable / 2).min(cap);
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

/// Learns from successive clock readings how much each move costs beyond the search's own
/// measurement (the round trip through the interface, waiting for a core on a loaded machine),
/// so that the time kept back per move follows the machine rather than a fixed overhead.
///
/// After a timed search the clock should read what it read before, minus the time searched,
/// plus the increment; what is missing at the next search of the same side was lost outside.
#[derive(Clone, Debug, Default)]
pub struct LagMeter {
    /// The last timed search: its side, clock, increment and the time it took (at most its hard
    /// limit).
    last: Option<(Color, Duration, Duration, Duration)>,
    lag: Duration,
}

impl LagMeter {
    /// Larger losses are not lag (a new game, a clock set by hand).
    const LARGEST_SAMPLE: Duration = Duration::from_secs(1);

    /// Takes the sample that the clock of a new search gives and forgets the last search, so a
    /// search that ends without [`LagMeter::searched`] leaves nothing to compare with.
    pub fn observe<M>(&mut self, limits: &Limits<M>, side: Color) {
        let (Some((last_side, clock, increment, spent)), Some(now)) =
            (self.last.take(), limits.time[side.index()])
        else {
            return;
        };
        let expected = (clock + increment).saturating_sub(spent);
        let Some(sample) = expected.checked_sub(now) else {
            return;
        };
        if last_side != side || sample > Self::LARGEST_SAMPLE {
            return;
        }
        // Quick to rise, slow to forget: one slow reply may come again.
        self.lag = if sample > self.lag {
            (self.lag + sample) / 2
        } else {
            (self.lag * 7 + sample) / 8
        };
    }

    /// Records a finished search: `spent` is its own measure of the time it took (`None` when
    /// it ended while pondering, or had no clock to measure), `plan` what it was given. Time
    /// past the hard limit counts as lag too: a search slow to stop (one node whose move
    /// generation is costly, a first root move on a busy machine) costs the clock like a slow
    /// interface does.
    pub fn searched<M>(
        &mut self,
        limits: &Limits<M>,
        side: Color,
        spent: Option<Duration>,
        plan: &TimePlan,
    ) {
        self.last = match (limits.time[side.index()], spent) {
            (Some(clock), Some(spent)) if limits.movetime.is_none() => {
                let planned = plan.hard.map_or(spent, |hard| spent.min(hard));
                Some((side, clock, limits.increment[side.index()], planned))
            }
            _ => None,
        };
    }

    /// The overhead to plan with: the configured one, or the lag measured if that is larger.
    pub fn overhead(&self, configured: Duration) -> Duration {
        configured.max(self.lag)
    }
}

/// Tracks the clock of one search; pondering suspends it and `ponderhit` restarts it.
pub struct Clock {
    start: Instant,
    plan: TimePlan,
    was_pondering: bool,
    /// When the last three iterations ended (zero before there were three).
    iterations_ended: [Duration; 3],
}

impl Clock {
    pub fn new(plan: TimePlan, pondering: bool) -> Clock {
        Clock {
            start: Instant::now(),
            plan,
            was_pondering: pondering,
            iterations_ended: [Duration::ZERO; 3],
        }
    }

    /// Called with the current pondering flag; restarts the clock when pondering has just ended.
    pub fn observe(&mut self, pondering: bool) {
        if self.was_pondering && !pondering {
            self.start = Instant::now();
            self.iterations_ended = [Duration::ZERO; 3];
        }
        self.was_pondering = pondering;
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Notes that an iteration of the deepening has ended.
    pub fn iteration_ended(&mut self) {
        let [_, before, last] = self.iterations_ended;
        self.iterations_ended = [before, last, self.elapsed()];
    }

    /// Whether the next iteration is expected to end before the hard limit, its cost
    /// extrapolated from the growth between the last two: where the branching is wide (large
    /// boards) one iteration costs many times the one before, and an iteration cut off by the
    /// hard limit spends the clock for nothing it can finish.
    pub fn next_iteration_fits(&self) -> bool {
        let Some(hard) = self.plan.hard.filter(|_| !self.was_pondering) else {
            return true;
        };
        let [first, second, third] = self.iterations_ended;
        let (previous, last) = (second.saturating_sub(first), third.saturating_sub(second));
        let growth = if previous >= Duration::from_millis(1) {
            (last.as_secs_f64() / previous.as_secs_f64()).clamp(1.5, 10.0)
        } else {
            2.0
        };
        self.elapsed() + last.mul_f64(growth) <= hard
    }

    /// Whether listing the root's moves should stop with the moves it has: past the soft limit,
    /// or half the hard one where there is none, so that the search has time to choose.
    pub fn root_listing_expired(&self) -> bool {
        let limit = self.plan.soft.or(self.plan.hard.map(|hard| hard / 2));
        !self.was_pondering && limit.is_some_and(|limit| self.elapsed() >= limit)
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

    /// Whether the clock is planned over several moves (not a fixed move time or no limit).
    pub fn timed(&self) -> bool {
        self.plan.soft.is_some()
    }

    /// The time the search took by its own measure, `None` if it ended while pondering.
    pub fn spent(&self) -> Option<Duration> {
        (!self.was_pondering).then(|| self.elapsed())
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

    /// A meter after 20 moves at 5 s + 0.1 s that each took `searched` by the search's measure
    /// and `charged` by the clock's, and the overhead it plans with (30 ms configured).
    fn lag_after_moves(
        plan: &TimePlan,
        searched: Duration,
        charged: Duration,
    ) -> (LagMeter, Duration) {
        let increment = Duration::from_millis(100);
        let mut meter = LagMeter::default();
        let mut clock = Duration::from_millis(5_000);
        for _ in 0..20 {
            let limits = Limits::<()> {
                time: [Some(clock), None],
                increment: [increment; 2],
                ..Limits::default()
            };
            meter.observe(&limits, Color::White);
            meter.searched(&limits, Color::White, Some(searched), plan);
            clock = clock + increment - charged;
        }
        let overhead = meter.overhead(Duration::from_millis(30));
        (meter, overhead)
    }

    #[test]
    fn a_clock_that_loses_time_between_moves_raises_the_overhead() {
        let ms = Duration::from_millis;
        let unplanned = TimePlan {
            soft: None,
            hard: None,
        };
        // The interface charges 60 ms more than the search measured.
        let (mut meter, overhead) = lag_after_moves(&unplanned, ms(150), ms(210));
        assert!(overhead > ms(50) && overhead <= ms(60), "{overhead:?}");
        // A new game's fresh clock and the other side's clock are no samples.
        let fresh = Limits::<()> {
            time: [Some(ms(60_000)), Some(ms(60_000))],
            ..Limits::default()
        };
        meter.observe(&fresh, Color::White);
        meter.searched(&fresh, Color::White, Some(ms(10)), &unplanned);
        meter.observe(&fresh, Color::Black);
        assert_eq!(meter.overhead(ms(30)), overhead);
        // A clock that loses nothing brings the overhead back down.
        let mut clock = ms(60_000);
        for _ in 0..40 {
            let limits = Limits::<()> {
                time: [Some(clock), None],
                ..Limits::default()
            };
            meter.observe(&limits, Color::White);
            meter.searched(&limits, Color::White, Some(ms(100)), &unplanned);
            clock -= ms(100);
        }
        assert_eq!(meter.overhead(ms(30)), ms(30));
    }

    #[test]
    fn a_clock_charged_the_overhead_each_move_survives_a_slow_reply() {
        // 1 s + 0.1 s a move, each move costing 60 ms beyond the search (the overhead planned
        // with) and every 20th one 300 ms more: moving at the soft limit keeps time on the
        // clock. (Spending the increment with no reserve would leave less than such a reply.)
        let overhead = Duration::from_millis(60);
        let mut clock = Duration::from_millis(1_000);
        for n in 1..=300 {
            let limits = clock_limits(clock.as_millis() as u64, 100, None);
            let plan = TimePlan::new(&limits, Color::White, overhead);
            let slow = Duration::from_millis(if n % 20 == 0 { 300 } else { 0 });
            let spent = plan.soft.unwrap() + overhead + slow;
            clock = clock.checked_sub(spent).expect("the clock ran out") + limits.increment[0];
        }
    }

    #[test]
    fn a_clock_spent_to_the_hard_limit_each_move_survives_a_slow_reply() {
        // 1 s + 0.1 s, every move running to its hard limit (iterations too costly to stop
        // between) plus a 30 ms overhead, every 20th reply 300 ms slower: the clock settles
        // above the reserve instead of sinking to the overhead.
        let overhead = Duration::from_millis(30);
        let mut clock = Duration::from_millis(1_000);
        let mut lowest_settled = clock;
        for n in 1..=300 {
            let limits = clock_limits(clock.as_millis() as u64, 100, None);
            let plan = TimePlan::new(&limits, Color::White, overhead);
            let slow = Duration::from_millis(if n % 20 == 0 { 300 } else { 0 });
            let spent = plan.hard.unwrap() + overhead + slow;
            clock = clock.checked_sub(spent).expect("the clock ran out") + limits.increment[0];
            if n % 20 == 19 {
                lowest_settled = lowest_settled.min(clock);
            }
        }
        // Before each slow reply the clock holds more than the reserve.
        assert!(
            lowest_settled > overhead * RESERVE_OVERHEADS,
            "{lowest_settled:?}"
        );
    }

    #[test]
    fn a_search_that_stops_late_raises_the_overhead() {
        let ms = Duration::from_millis;
        let plan = TimePlan {
            soft: Some(ms(50)),
            hard: Some(ms(100)),
        };
        // 40 ms past the hard limit, charged exactly: no interface lag, but the clock pays for
        // the late stop.
        let (_, overhead) = lag_after_moves(&plan, ms(140), ms(140));
        assert!(overhead > ms(35) && overhead <= ms(40), "{overhead:?}");
    }

    #[test]
    fn an_iteration_that_cannot_end_before_the_hard_limit_is_not_started() {
        let plan = TimePlan {
            soft: Some(Duration::from_secs(100)),
            hard: Some(Duration::from_secs(100)),
        };
        let mut clock = Clock::new(plan, false);
        // Iterations that ended at 0-10 s and 20-40 s ago.
        clock.iterations_ended = [
            Duration::ZERO,
            Duration::from_secs(10),
            Duration::from_secs(30),
        ];
        clock.start -= Duration::from_secs(30);
        // Growth 2: the next one takes about 40 s, ending at about 70 s.
        assert!(clock.next_iteration_fits());
        // Growth 5: about 100 s more, past the limit.
        clock.iterations_ended[0] = Duration::from_secs(6);
        assert!(!clock.next_iteration_fits());
        // Pondering has no limit to miss.
        clock.was_pondering = true;
        assert!(clock.next_iteration_fits());
    }

    #[test]
    fn movetime_respects_overhead() {
        let limits: Limits<()> = Limits {
            movetime: Some(Duration::from_millis(1_000)),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, Color::Black, Duration::from_millis(30));
        assert_eq!(plan.hard, Some(Duration::from_millis(970)));
        // The whole time is searched: no soft limit ends the search between iterations.
        assert_eq!(plan.soft, None);
        let clock = Clock::new(plan, false);
        assert!(!clock.timed() && !clock.soft_expired(0.1));
    }

    #[test]
    fn no_clock_means_no_limit() {
        let plan = TimePlan::new(&Limits::<()>::default(), Color::White, Duration::ZERO);
        assert!(plan.soft.is_none() && plan.hard.is_none());
    }
}
