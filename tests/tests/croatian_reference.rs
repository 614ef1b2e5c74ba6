//! The Croatian reference generator (engine/src/games/croatian/reference.rs), an implementation of
//! the rules pages independent of the fast one, against the perft suites (whose counts other
//! than the start's are the fast generator's) and against its own rule-aimed counts for Miranda's
//! Veil and Nineteen (engine/src/games/croatian/reference-counts.txt, for the fast generator to
//! reproduce). Counts up to a budget always, larger ones with `TIAMAT_DEEP=1`.

use tiamat_engine::core::deep_tests;
use tiamat_engine::games::croatian::reference;
use tiamat_perft::suite;

const RULE_COUNTS: &str = include_str!("../../engine/src/games/croatian/reference-counts.txt");

/// Checks every count of `entries` up to `budget` leaves; returns how many it checked.
fn check(variant: &str, entries: &[suite::Entry], budget: u64) -> usize {
    let mut checked = 0;
    for entry in entries {
        for &(depth, want) in entry.counts.iter().filter(|&&(_, n)| n <= budget) {
            let got = reference::perft(variant, &entry.position, depth)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", entry.name));
            assert_eq!(got, want, "{variant} {} depth {depth}", entry.name);
            checked += 1;
        }
    }
    checked
}

#[test]
fn reference_reproduces_the_croatian_suites() {
    let budget = if deep_tests() { 2_000_000 } else { 30_000 };
    let mut checked = 0;
    for (variant, text) in reference::variants().filter_map(|v| Some((v, suite::builtin(v)?))) {
        checked += check(variant, &suite::parse(text).unwrap(), budget);
    }
    assert!(checked >= 100, "only {checked} counts checked");
}

#[test]
fn reference_reproduces_its_rule_aimed_counts() {
    let budget = if deep_tests() { u64::MAX } else { 20_000 };
    let entries = suite::parse(RULE_COUNTS).unwrap();
    let mut checked = 0;
    for variant in ["mirandasveil", "nineteen"] {
        let prefix = format!("{variant}/");
        let ours: Vec<suite::Entry> = entries
            .iter()
            .filter(|e| e.name.starts_with(&prefix))
            .cloned()
            .collect();
        assert!(ours.len() >= 10, "{variant}: {} positions", ours.len());
        checked += check(variant, &ours, budget);
    }
    let named =
        |e: &&suite::Entry| e.name.starts_with("mirandasveil/") || e.name.starts_with("nineteen/");
    assert!(
        entries.iter().all(|e| named(&e)),
        "an entry names no variant"
    );
    assert!(checked >= 45, "only {checked} counts checked");
}
