//! The chess perft suite: counts up to a node budget always, all of them with `TIAMAT_DEEP=1`.

mod common;

use tiamat_engine::games::chess::Chess;
use tiamat_perft::{perft, perft_with, Options};

#[test]
fn suite_file_lists_the_six_positions_with_their_deep_counts() {
    let entries = common::entries("chess");
    let deepest = |name: &str| {
        entries
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| e.counts.last().copied())
            .unwrap()
    };
    assert_eq!(deepest("start"), (7, 3_195_901_860));
    assert_eq!(deepest("kiwipete"), (6, 8_031_647_685));
    assert_eq!(deepest("position3"), (7, 178_633_661));
    assert_eq!(deepest("position4"), (6, 706_045_033));
    assert_eq!(deepest("position5"), (5, 89_941_194));
    assert_eq!(deepest("position6"), (6, 6_923_051_137));
}

#[test]
fn chess_suite_within_budget() {
    let checked = common::run_within::<Chess>("chess", 5_000_000);
    assert!(checked >= 30, "only {checked} counts checked");
}

#[test]
fn parallel_count_equals_single_threaded() {
    let pos =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let options = Options {
        threads: 2,
        progress_after: None,
    };
    assert_eq!(perft_with(&pos, 3, &options), perft(&pos, 3));
    assert_eq!(perft_with(&pos, 3, &options), 97_862);
}

#[test]
fn chess_suite_deep() {
    common::run_deep::<Chess>("chess");
}
