//! The Croatian perft suites (perft/suites/croatian-*.txt): counts up to a node budget always,
//! all of them with `TIAMAT_DEEP=1`.

use tiamat_engine::core::deep_tests;
use tiamat_engine::games::croatian::Croatian;
use tiamat_perft::{suite, Options};

const VARIANTS: [&str; 9] = [
    "croatianties",
    "mayanascendancy",
    "ageofaquarius",
    "classical14",
    "croatianties14",
    "classical20",
    "croatianties20",
    "classical26",
    "croatianties26",
];

#[test]
fn every_suite_has_the_start_and_eight_positions() {
    for variant in VARIANTS {
        let entries = suite::parse(suite::builtin(variant).unwrap()).unwrap();
        assert!(entries.len() >= 9, "{variant}: {} positions", entries.len());
        assert_eq!(entries[0].name, "start");
    }
}

#[test]
fn croatian_suites_within_budget() {
    let deep = deep_tests();
    let budget = if deep { u64::MAX } else { 400_000 };
    let options = Options {
        threads: if deep { 2 } else { 1 },
        progress_after: None,
    };
    let mut checked = 0;
    for variant in VARIANTS {
        let entries = suite::parse(suite::builtin(variant).unwrap()).unwrap();
        checked += suite::run::<Croatian>(variant, &entries, budget, &options)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
    assert!(checked >= 150, "only {checked} counts checked");
}
