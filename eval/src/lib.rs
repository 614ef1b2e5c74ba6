//! # tiamat-eval
//!
//! Evaluation for every game behind the engine's `Evaluator<G>` trait. Weights live in data tables.
//! Each game names its evaluator through [`HasEvaluator`], so the protocol layer can build a
//! searcher from the game type alone.

pub mod chess;
pub mod croatian;
pub mod dao;
pub mod dragonchess;
pub mod dynamo;
pub mod makromachy;

use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

/// The weight set a game plays with: its fitted set, or with the `hand-weights` feature its hand
/// set (for equal-time matches of one against the other, README "Strength").
pub(crate) fn played<W: ?Sized>(fitted: &'static W, hand: &'static W) -> &'static W {
    if cfg!(feature = "hand-weights") {
        hand
    } else {
        fitted
    }
}

/// The evaluator a game is played with.
pub trait HasEvaluator: Game {
    type Evaluator: Evaluator<Self> + Default;
}

/// Where a tuned evaluation's terms go: summed with its weights when evaluating, recorded as
/// coefficients when tracing for the tuner. Every term is `count` times one parameter, for
/// `color`.
pub trait Terms {
    fn add(&mut self, color: Color, param: usize, count: i32);
}

/// A position's terms as the tuner sees them: the evaluation from White's point of view is
/// `scale * blend(sum of coefficient * parameter) + tempo`, the blend taking the middlegame
/// weight `phase / full_phase` of the way (an evaluation without phases has `phase ==
/// full_phase`).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// White's count minus Black's, per parameter (zero counts left out).
    pub coefficients: Vec<(usize, i32)>,
    pub phase: i32,
    pub full_phase: i32,
    /// The draw scaling applied to the blended score (1, 1/8 or 0).
    pub scale: f64,
    /// The side-to-move tempo from White's point of view.
    pub tempo: i32,
}

impl Trace {
    /// The trace of an evaluation without phases over `params` parameters: `send` sends the
    /// position's terms; `tempo` is the side to move's, from White's point of view.
    pub fn phaseless(params: usize, tempo: i32, send: impl FnOnce(&mut Recorder)) -> Trace {
        let mut recorder = Recorder::new(params);
        send(&mut recorder);
        Trace {
            coefficients: recorder.coefficients(),
            phase: 1,
            full_phase: 1,
            scale: 1.0,
            tempo,
        }
    }
}

/// White's terms minus Black's with one weight per parameter: the score of an evaluation
/// without phases.
pub struct WeightedSum<const N: usize> {
    pub weights: &'static [i32; N],
    pub total: i32,
}

impl<const N: usize> WeightedSum<N> {
    /// The score of the terms `send` sends, weighted by `weights`, from White's point of view.
    pub fn score(weights: &'static [i32; N], send: impl FnOnce(&mut Self)) -> i32 {
        let mut sum = WeightedSum { weights, total: 0 };
        send(&mut sum);
        sum.total
    }
}

impl<const N: usize> Terms for WeightedSum<N> {
    #[inline]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.total += color.sign() * self.weights[param] * count;
    }
}

/// White's counts minus Black's, per parameter.
pub struct Recorder(pub Vec<i32>);

impl Recorder {
    pub fn new(params: usize) -> Self {
        Recorder(vec![0; params])
    }

    /// The counts that are not zero, as `Trace::coefficients`.
    pub fn coefficients(&self) -> Vec<(usize, i32)> {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i, c))
            .collect()
    }
}

impl Terms for Recorder {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.0[param] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}

/// The trace tests of the evaluations without phases: at each of `positions` the trace weighted
/// by `playing` is `white_score`, and from the side to move (with the tempo) `evaluate`. Returns
/// the hand set's checksum (each position's score times its ordinal, from the side to move), for
/// comparison with the evaluation as it was before it was traced, and how often each parameter
/// occurred, so a test can see its terms were reached.
#[cfg(test)]
pub(crate) fn check_phaseless_trace<G: Game>(
    positions: &[G],
    trace: impl Fn(&G) -> Trace,
    [playing, hand]: [&[i32]; 2],
    white_score: impl Fn(&G) -> i32,
    evaluate: impl Fn(&G) -> i32,
) -> (i64, Vec<usize>) {
    let mut checksum = 0i64;
    let mut seen = vec![0usize; hand.len()];
    for (ordinal, pos) in (1i64..).zip(positions) {
        let trace = trace(pos);
        let dot = |w: &[i32]| -> i32 { trace.coefficients.iter().map(|&(p, c)| w[p] * c).sum() };
        let sum = dot(playing);
        assert_eq!(sum, white_score(pos), "{}", pos.position_string());
        let relative = pos.side_to_move().sign();
        assert_eq!(relative * (sum + trace.tempo), evaluate(pos));
        checksum += ordinal * i64::from(relative * (dot(hand) + trace.tempo));
        for &(p, _) in &trace.coefficients {
            seen[p] += 1;
        }
    }
    (checksum, seen)
}
