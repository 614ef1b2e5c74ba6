//! The Dragonchess perft suite through the generic runner: counts up to a node budget always,
//! all of them with `TIAMAT_DEEP=1`.

use tiamat_engine::games::dragonchess::Dragonchess;
use tiamat_perft::{suite, Options};

fn entries() -> Vec<suite::Entry> {
    suite::parse(suite::builtin("dragonchess").unwrap()).unwrap()
}

#[test]
fn suite_file_reads_positions_that_contain_the_level_separator() {
    let entries = entries();
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
    let checked =
        suite::run::<Dragonchess>("dragonchess", &entries(), 1_000_000, &Options::default())
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(checked >= 3 * 14, "only {checked} counts checked");
}

#[test]
fn dragonchess_suite_deep() {
    if !std::env::var("TIAMAT_DEEP").is_ok_and(|v| v == "1") {
        return;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = Options {
        threads,
        progress_after: None,
    };
    suite::run::<Dragonchess>("dragonchess", &entries(), u64::MAX, &options)
        .unwrap_or_else(|e| panic!("{e}"));
}
