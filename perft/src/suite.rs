//! Checks a perft suite (the format is the engine's [`tiamat_engine::core::perft`]): every count
//! within a node budget, on as many threads as asked.

use tiamat_engine::Game;

pub use tiamat_engine::core::perft::{parse_suite, Suite, SuiteEntry};

use crate::{perft_with, Options};

/// Counts every (position, depth) of `suite` whose expected count is at most `max_nodes`;
/// returns the number of counts checked, or a description of every mismatch.
pub fn run<G: Game>(
    variant: &str,
    suite: &Suite<'_>,
    max_nodes: u64,
    options: &Options,
) -> Result<usize, String> {
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in &suite.entries {
        let pos = match G::from_position_string(variant, entry.position) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{}: {e}", entry.name));
                continue;
            }
        };
        for &(depth, expected) in &entry.counts {
            if expected > max_nodes {
                continue;
            }
            let got = perft_with(&pos, depth, options);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, counted {got}",
                    entry.name
                ));
            }
        }
    }
    if failures.is_empty() {
        Ok(checked)
    } else {
        Err(failures.join("\n"))
    }
}
