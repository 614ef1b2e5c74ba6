//! The Makromachy perft suite (`perft/suites/makromachy.txt`): the start position and positions
//! for every special rule, depth 1 of each counted by hand in the file.

mod common;

use tiamat_engine::games::makromachy::Makromachy;
use tiamat_engine::Game;
use tiamat_perft::{perft, perft_with, Options};

#[test]
fn suite_has_the_start_and_ten_rule_positions_to_depth_3() {
    let entries = common::entries("makromachy");
    assert!(entries.len() >= 11);
    for entry in &entries {
        let depths: Vec<u32> = entry.counts.iter().map(|&(d, _)| d).collect();
        assert!(depths.starts_with(&[1, 2, 3]), "{}", entry.name);
    }
    let start = entries.iter().find(|e| e.name == "start").unwrap();
    assert_eq!(start.counts[..3], [(1, 62), (2, 3_854), (3, 259_249)]);
}

#[test]
fn makromachy_suite_within_budget() {
    let checked = common::run_within::<Makromachy>("makromachy", 2_000_000);
    assert!(checked >= 36, "only {checked} counts checked");
}

#[test]
fn parallel_count_equals_single_threaded() {
    let options = Options {
        threads: 2,
        progress_after: None,
    };
    for entry in common::entries("makromachy").iter().take(5) {
        let pos = Makromachy::from_position_string("makromachy", &entry.position).unwrap();
        assert_eq!(
            perft_with(&pos, 3, &options),
            perft(&pos, 3),
            "{}",
            entry.name
        );
    }
}

#[test]
fn makromachy_suite_deep() {
    common::run_deep::<Makromachy>("makromachy");
}
