//! Dynamo through the generic perft crate (which deduplicates turns by key, as
//! `TURNS_CAN_COINCIDE` asks) and the binary's `perft --variant dynamo`. The suite itself is
//! checked with every other game's by the protocol crate's `perft_suites` test.

use tiamat_engine::games::dynamo::Dynamo;
use tiamat_engine::Game;
use tiamat_perft::perft;
use tiamat_tests::tiamat_ok;

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
