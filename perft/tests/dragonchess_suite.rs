//! The Dragonchess perft suite through the generic runner: counts up to a node budget always,
//! all of them with `TIAMAT_DEEP=1`.

mod common;

use tiamat_engine::games::dragonchess::Dragonchess;

#[test]
fn suite_file_reads_positions_that_contain_the_level_separator() {
    let entries = common::entries("dragonchess");
    assert_eq!(entries.len(), 14);
    let start = entries.iter().find(|e| e.name == "start").unwrap();
    assert_eq!(start.position, Dragonchess::START);
    assert_eq!(
        start.counts,
        vec![(1, 90), (2, 8_094), (3, 735_480), (4, 66_769_718)]
    );
}

#[test]
fn dragonchess_suite_within_budget() {
    let checked = common::run_within::<Dragonchess>("dragonchess", 1_000_000);
    assert!(checked >= 3 * 14, "only {checked} counts checked");
}

#[test]
fn dragonchess_suite_deep() {
    common::run_deep::<Dragonchess>("dragonchess");
}
