//! The Dynamo perft suite through the generic perft crate (which deduplicates turns by key, as
//! `TURNS_CAN_COINCIDE` asks), and the binary's `perft --variant dynamo`.

use tiamat_engine::games::dynamo::Dynamo;
use tiamat_engine::Game;
use tiamat_perft::{perft, suite, Options};
use tiamat_tests::tiamat_ok;

fn entries() -> Vec<suite::Entry> {
    suite::parse(suite::builtin("dynamo").expect("the dynamo suite is built in")).unwrap()
}

#[test]
fn dynamo_suite_has_the_start_position_and_ten_more() {
    let entries = entries();
    assert!(entries.len() >= 11);
    let start = entries.iter().find(|e| e.name == "start").unwrap();
    assert_eq!(start.counts, [(1, 168), (2, 26_942), (3, 3_991_091)]);
    assert!(entries
        .iter()
        .all(|e| e.counts.iter().any(|&(d, _)| d >= 2)));
}

#[test]
fn dynamo_suite_within_budget() {
    let budget = if tiamat_engine::core::deep_tests() {
        u64::MAX
    } else {
        500_000
    };
    let checked = suite::run::<Dynamo>("dynamo", &entries(), budget, &Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(checked >= 25, "only {checked} counts checked");
}

#[test]
fn generic_perft_agrees_with_the_generator_dedup() {
    let pos = Dynamo::start_position("dynamo").unwrap();
    assert_eq!(perft(&pos, 2), 26_942);
}

#[test]
fn binary_counts_dynamo() {
    let text = tiamat_ok(&["perft", "--variant", "dynamo", "--depth", "2"]);
    assert!(text.contains("Nodes: 26942"), "{text}");
}
