//! The generic searcher: one implementation over the `Game` seam, monomorphised per game.
//!
//! The protocols own the threads that read input; they call [`Searcher::search`] on a worker
//! thread and signal it through a shared [`Control`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::core::{Game, MoveList};

/// Centipawn scale; mate scores are `MATE - plies` (or its negation).
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const INFINITY: i32 = 32_767;

/// Static evaluation of a position from the side to move's point of view, in centipawns.
pub trait Evaluator<G: Game>: Send + Sync + 'static {
    fn evaluate(&self, pos: &G) -> i32;
}

/// A score as the protocols print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (full moves, UCI convention); negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal score (relative to the side to move at the root) into protocol form.
    pub fn from_internal(value: i32) -> Score {
        if value > MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value < -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else {
            Score::Cp(value)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// What the `go` command asked for. Times are for the side to move unless named per colour.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Remaining clock time, indexed by `Color::index()`.
    pub time: [Option<Duration>; 2],
    pub increment: [Duration; 2],
    pub movestogo: Option<u32>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// Only these root moves (empty = all).
    pub searchmoves: Vec<M>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            time: [None, None],
            increment: [Duration::ZERO; 2],
            movestogo: None,
            mate: None,
            infinite: false,
            searchmoves: Vec::new(),
        }
    }
}

/// Engine options that shape the search.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
        }
    }
}

/// Shared between the protocol thread and the search. `stop` ends the search as soon as possible;
/// while `pondering` is set, time limits are not applied (they start counting at `ponderhit`).
#[derive(Debug, Default)]
pub struct Control {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
}

impl Control {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One completed iteration (or aspiration re-search bound) of one MultiPV line.
#[derive(Clone, Debug)]
pub struct IterationInfo<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    pub time: Duration,
    pub pv: Vec<M>,
}

/// What the search tells the protocol while it runs.
#[derive(Clone, Debug)]
pub enum Report<M> {
    Iteration(IterationInfo<M>),
    /// The root move being searched, reported at long depths.
    CurrMove {
        depth: u32,
        mv: M,
        number: usize,
    },
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Holds what lives across searches (transposition table, histories, options).
pub struct Searcher<G: Game, E: Evaluator<G>> {
    eval: E,
    options: Options,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub fn new(eval: E, options: Options) -> Self {
        Searcher {
            eval,
            options,
            _game: std::marker::PhantomData,
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Applies new options (resizing the table when `hash_mb` changes).
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// Forgets everything learned (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {}

    /// Searches `root` (with `history`, the keys of the game's earlier states, oldest first)
    /// within `limits`, reporting progress through `report`. Returns when a limit is reached or
    /// `control.stop` is set.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<G::Move>),
    ) -> Outcome<G::Move> {
        // Placeholder until the real searcher lands: best static reply at depth 1.
        let _ = (limits, control);
        let mut moves = G::MoveList::default();
        root.legal_moves(&mut moves);
        let mut best: Option<(G::Move, i32)> = None;
        for mv in moves.as_slice() {
            if root.forbidden_by_history(mv, history) {
                continue;
            }
            let child = root.play(mv);
            let score = if child.side_to_move() == root.side_to_move() {
                self.eval.evaluate(&child)
            } else {
                -self.eval.evaluate(&child)
            };
            if best.as_ref().is_none_or(|(_, s)| score > *s) {
                best = Some((mv.clone(), score));
            }
        }
        let score = Score::from_internal(best.as_ref().map_or(0, |(_, s)| *s));
        if let Some((mv, _)) = &best {
            report(Report::Iteration(IterationInfo {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score,
                bound: Bound::Exact,
                nodes: moves.len() as u64,
                nps: 0,
                hashfull: 0,
                time: Duration::ZERO,
                pv: vec![mv.clone()],
            }));
        }
        Outcome {
            best: best.map(|(mv, _)| mv),
            ponder: None,
            score,
            depth: 1,
            nodes: moves.len() as u64,
        }
    }
}
