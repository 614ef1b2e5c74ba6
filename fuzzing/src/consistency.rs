//! Search-side consistency checks that need the registry: perft counted with several threads.

use tiamat_engine::core::perft::perft_within;
use tiamat_engine::Game;
use tiamat_perft::{divide, Options};

use crate::registry::{with_game, GameKind};

/// Per root move, its text and count (sorted by text).
pub type Divide = Vec<(String, u64)>;

/// Perft of `variant`'s start position, per root move, counted with `threads` workers; the depth
/// is the largest up to `max_depth` whose single-threaded count stays under `node_budget`.
/// `None` when the variant has no start position.
pub fn start_divide(
    variant: &str,
    max_depth: u32,
    node_budget: u64,
    threads: &[usize],
) -> Option<(u32, Vec<Divide>)> {
    let kind = GameKind::from_variant(variant)?;
    with_game!(kind, G => divide_at_threads::<G>(variant, max_depth, node_budget, threads))
}

fn divide_at_threads<G: Game>(
    variant: &str,
    max_depth: u32,
    node_budget: u64,
    threads: &[usize],
) -> Option<(u32, Vec<Divide>)> {
    let start = G::start_position(variant).ok()?;
    let mut depth = 1;
    while depth < max_depth && perft_within(&start, depth + 1, node_budget).is_some() {
        depth += 1;
    }
    let runs = threads
        .iter()
        .map(|&threads| {
            let options = Options {
                threads,
                progress_after: None,
            };
            let mut counts = divide(&start, depth, &options);
            counts.sort();
            counts
        })
        .collect();
    Some((depth, runs))
}
