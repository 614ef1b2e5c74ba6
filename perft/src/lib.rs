//! # tiamat-perft
//!
//! Perft and divide for every game, generic over the `Game` seam, counted on several threads;
//! the check of a game's perft suite. The count itself (how turns of several actions and turns
//! that coincide are counted) is the engine's [`tiamat_engine::core::perft`].

pub mod suite;
pub mod units;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use rayon::prelude::*;
use tiamat_engine::{Game, MoveList};

pub use tiamat_engine::core::perft::{
    complete_turns, perft, perft_listed, turn_counts, turn_texts, Turn,
};

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
    if options.threads <= 1 && options.progress_after.is_none() {
        return turn_counts(pos, |state| perft(state, depth.saturating_sub(1)));
    }
    count_roots(turn_texts(pos), options, |state| {
        perft(state, depth.saturating_sub(1))
    })
}

/// Action-level perft divided: per legal action (a whole turn where the game lists turns), its
/// wire text and the number of action paths below it, `depth` actions deep in all (`depth >=
/// 1`). Every action counts one level, an action that leaves a turn in progress too, and
/// nothing is deduplicated: the size of the tree the search walks, not the count of distinct
/// turns.
pub fn divide_actions<G: Game>(pos: &G, depth: u32, options: &Options) -> Vec<(String, u64)> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let roots = moves
        .as_slice()
        .iter()
        .map(|mv| (pos.move_to_wire(mv), pos.play(mv)))
        .collect();
    count_roots(roots, options, |state| {
        perft_listed(state, depth.saturating_sub(1))
    })
}

/// Each root's text with `count` of its state, on `options.threads` threads.
fn count_roots<G: Game>(
    roots: Vec<(String, G)>,
    options: &Options,
    count: impl Fn(&G) -> u64 + Sync,
) -> Vec<(String, u64)> {
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    let last_report = Mutex::new(started);
    let total = roots.len();
    let count = |(text, state): &(String, G)| -> (String, u64) {
        let n = count(state);
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        let so_far = nodes.fetch_add(n, Ordering::Relaxed) + n;
        if let Some(after) = options.progress_after {
            report_progress(&last_report, started, after, finished, total, so_far);
        }
        (text.clone(), n)
    };
    if options.threads <= 1 {
        return roots.iter().map(count).collect();
    }
    // A turn walked action by action recurses once per action, and a Croatian position is
    // large: the search's threads get the same stack.
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .stack_size(64 * 1024 * 1024)
        .build()
    {
        Ok(pool) => pool.install(|| roots.par_iter().map(count).collect()),
        Err(_) => roots.iter().map(count).collect(),
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
    let mut last = last_report.lock();
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
    // Threads and progress lines go root by root, which lists the root's turns with their
    // states and texts first: gigabytes where one Croatian turn cascades into millions.
    if options.threads <= 1 && options.progress_after.is_none() {
        return perft(pos, depth);
    }
    divide(pos, depth, options).iter().map(|(_, n)| n).sum()
}
