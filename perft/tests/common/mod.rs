//! What the perft suite tests share: the built-in suites, the budgeted run and the deep run.

use tiamat_engine::Game;
use tiamat_perft::{suite, Options};

/// The built-in suite of `variant`, parsed.
pub fn entries(variant: &str) -> Vec<suite::Entry> {
    suite::parse(suite::builtin(variant).unwrap()).unwrap()
}

/// Checks every count of the suite up to `max_nodes` on one thread; returns how many it checked.
pub fn run_within<G: Game>(variant: &str, max_nodes: u64) -> usize {
    suite::run::<G>(variant, &entries(variant), max_nodes, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Every count of the suite on every core, only with `TIAMAT_DEEP=1` (they take hours).
pub fn run_deep<G: Game>(variant: &str) {
    if !tiamat_engine::core::deep_tests() {
        return;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = Options {
        threads,
        progress_after: Some(std::time::Duration::from_secs(5)),
    };
    suite::run::<G>(variant, &entries(variant), u64::MAX, &options)
        .unwrap_or_else(|e| panic!("{e}"));
}
