//! # tiamat-perft
//!
//! Perft and divide for every game, generic over the `Game` seam.
//!
//! A perft node is a complete turn. For games whose turns are built from several actions
//! (`G::MULTI_ACTION_TURNS`), a child whose turn is still in progress stays in the same ply, and
//! only turns that complete are counted (a dead end counts nothing). For games where two
//! different action sequences can end in the same state (`G::TURNS_CAN_COINCIDE`), the complete
//! turns from one position are deduplicated by their resulting key. Only when neither flag is set
//! are the moves of the last ply counted without being played (bulk counting).

pub mod suite;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use tiamat_engine::{Game, MoveList};

/// Leaf count of the game tree `depth` complete turns deep.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !G::MULTI_ACTION_TURNS && !G::TURNS_CAN_COINCIDE {
        return perft_plain(pos, depth);
    }
    let mut states = Vec::new();
    visit_turns(
        pos,
        &mut Vec::new(),
        false,
        &mut Seen::default(),
        &mut |_, state| states.push(state),
    );
    states.iter().map(|state| perft(state, depth - 1)).sum()
}

fn perft_plain<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 1 {
        return pos.legal_move_count() as u64;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|mv| perft_plain(&pos.play(mv), depth - 1))
        .sum()
}

/// One complete turn from a position: the wire texts of its actions and the resulting state.
#[derive(Clone)]
pub struct Turn<G: Game> {
    pub actions: Vec<String>,
    pub state: G,
}

impl<G: Game> Turn<G> {
    /// The turn's text: its actions' wire forms joined by spaces (one word for one-action turns).
    pub fn text(&self) -> String {
        self.actions.join(" ")
    }
}

/// Every complete turn from `pos`, in generation order, deduplicated by resulting key when
/// `G::TURNS_CAN_COINCIDE` (the first action path found names the turn).
pub fn complete_turns<G: Game>(pos: &G) -> Vec<Turn<G>> {
    let mut out = Vec::new();
    visit_turns(
        pos,
        &mut Vec::new(),
        true,
        &mut Seen::default(),
        &mut |path, state| {
            out.push(Turn {
                actions: path.to_vec(),
                state,
            })
        },
    );
    out
}

/// Keys of the states met while listing the turns from one position.
#[derive(Default)]
struct Seen {
    complete: HashSet<u64>,
    mid_turn: HashSet<u64>,
}

/// Calls `found` with (action texts, state) for every distinct complete turn; the texts are
/// only written when `with_text` (perft's inner nodes do not need them).
fn visit_turns<G: Game>(
    pos: &G,
    path: &mut Vec<String>,
    with_text: bool,
    seen: &mut Seen,
    found: &mut impl FnMut(&[String], G),
) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    for mv in moves.as_slice() {
        let next = pos.play(mv);
        if with_text {
            path.push(pos.move_to_wire(mv));
        }
        if G::MULTI_ACTION_TURNS && next.turn_in_progress() {
            // Where turns can coincide, a state reached twice mid-turn completes the same way
            // twice: expand it once.
            if !G::TURNS_CAN_COINCIDE || seen.mid_turn.insert(next.key()) {
                visit_turns(&next, path, with_text, seen, found);
            }
        } else if !G::TURNS_CAN_COINCIDE || seen.complete.insert(next.key()) {
            found(path, next);
        }
        if with_text {
            path.pop();
        }
    }
}

/// How a perft run is carried out.
#[derive(Clone, Debug)]
pub struct Options {
    /// Worker threads; 1 counts on the calling thread.
    pub threads: usize,
    /// Print progress on stderr once the run has taken longer than this.
    pub progress_after: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            progress_after: None,
        }
    }
}

/// Per root turn: its text and the leaf count below it (`depth >= 1`). The counts add up to
/// `perft(pos, depth)` whatever the thread count.
pub fn divide<G: Game>(pos: &G, depth: u32, options: &Options) -> Vec<(String, u64)> {
    let turns = complete_turns(pos);
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    let last_report = Mutex::new(started);
    let total = turns.len();
    let count = |turn: &Turn<G>| -> (String, u64) {
        let n = perft(&turn.state, depth.saturating_sub(1));
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        let so_far = nodes.fetch_add(n, Ordering::Relaxed) + n;
        if let Some(after) = options.progress_after {
            report_progress(&last_report, started, after, finished, total, so_far);
        }
        (turn.text(), n)
    };
    if options.threads <= 1 {
        return turns.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
    {
        Ok(pool) => pool.install(|| turns.par_iter().map(count).collect()),
        Err(_) => turns.iter().map(count).collect(),
    }
}

fn report_progress(
    last_report: &Mutex<Instant>,
    started: Instant,
    after: Duration,
    finished: usize,
    total: usize,
    nodes: u64,
) {
    let now = Instant::now();
    if now.duration_since(started) < after {
        return;
    }
    let Ok(mut last) = last_report.lock() else {
        return;
    };
    if now.duration_since(*last) < Duration::from_secs(1) && finished < total {
        return;
    }
    *last = now;
    let secs = now.duration_since(started).as_secs_f64();
    eprintln!(
        "perft: {finished}/{total} root moves, {nodes} nodes, {secs:.1} s, {:.1} Mnps",
        nodes as f64 / secs / 1e6
    );
}

/// `perft` counted with `options` (threads, progress); always equal to `perft(pos, depth)`.
pub fn perft_with<G: Game>(pos: &G, depth: u32, options: &Options) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(pos, depth, options).iter().map(|(_, n)| n).sum()
}
