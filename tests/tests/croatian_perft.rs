//! The Croatian perft suites (perft/suites/croatian-*.txt): counts up to a node budget always,
//! all of them with `TIAMAT_DEEP=1`.

use tiamat_engine::core::deep_tests;
use tiamat_engine::games::croatian::Croatian;
use tiamat_perft::{suite, Options};

const VARIANTS: [&str; 11] = [
    "croatianties",
    "mayanascendancy",
    "ageofaquarius",
    "mirandasveil",
    "nineteen",
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

/// Every legal move of every suite position of the Wave variants, written as EAN, as XAN and in
/// wire form, reads back as that move; every position string round-trips.
#[test]
fn wave_suite_moves_read_back_in_every_notation() {
    use tiamat_engine::games::croatian::notation;
    use tiamat_engine::Game;
    let mut checked = 0;
    for variant in ["mirandasveil", "nineteen"] {
        for entry in suite::parse(suite::builtin(variant).unwrap()).unwrap() {
            let pos = Croatian::from_position_string(variant, &entry.position).unwrap();
            let text = pos.position_string();
            assert_eq!(
                Croatian::from_position_string(variant, &text).unwrap(),
                pos,
                "{variant} {}",
                entry.name
            );
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for mv in &moves {
                assert!(pos.is_legal(mv), "{variant} {}", entry.name);
                for written in [
                    notation::xan(&pos, mv),
                    notation::ean(&pos, mv),
                    pos.move_to_wire(mv),
                ] {
                    match pos.parse_move(&written) {
                        Ok(back) => assert_eq!(&back, mv, "{variant} {}: {written}", entry.name),
                        Err(e) => panic!("{variant} {}: {written}: {e}", entry.name),
                    }
                    checked += 1;
                }
                let after = pos.play(mv);
                let text = after.position_string();
                assert_eq!(
                    Croatian::from_position_string(variant, &text).unwrap(),
                    after,
                    "{text}"
                );
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}
