//! Every game's tactical generator against its full generator filtered by `is_tactical`: on
//! every perft-suite position and along random games of every variant.

use std::collections::HashMap;

use super::dao::tests::Lcg;
use super::{chess, croatian, dao, dragonchess, dynamo, makromachy};
use crate::core::perft::parse_suite;
use crate::core::{deep_tests, Game, MoveList};

fn counted<M: std::hash::Hash + Eq>(moves: impl IntoIterator<Item = M>) -> HashMap<M, usize> {
    let mut counts = HashMap::new();
    for mv in moves {
        *counts.entry(mv).or_insert(0) += 1;
    }
    counts
}

fn assert_exact<G: Game>(pos: &G, context: &str) {
    let mut all = G::MoveList::default();
    pos.legal_moves(&mut all);
    let mut tactical = G::MoveList::default();
    pos.tactical_moves(&mut tactical);
    let expected = counted(
        all.as_slice()
            .iter()
            .filter(|mv| pos.is_tactical(mv))
            .cloned(),
    );
    let got = counted(tactical.as_slice().iter().cloned());
    assert!(
        expected == got,
        "{context}: {}\nmissing: {:?}\nextra: {:?}",
        pos.position_string(),
        expected
            .keys()
            .filter(|mv| !got.contains_key(mv))
            .map(|mv| pos.move_to_wire(mv))
            .collect::<Vec<_>>(),
        got.keys()
            .filter(|mv| expected.get(mv) != got.get(mv))
            .map(|mv| pos.move_to_wire(mv))
            .collect::<Vec<_>>(),
    );
}

fn check_game<G: Game>() {
    let (games, plies) = if deep_tests() { (16, 200) } else { (3, 50) };
    let mut checked = 0;
    for &variant in G::variants() {
        let mut starts = Vec::new();
        if let Some(suite) = G::perft_suite(variant) {
            for entry in parse_suite(suite).expect("suite parses").entries {
                let pos = G::from_position_string(variant, entry.position)
                    .unwrap_or_else(|e| panic!("{variant} {}: {e}", entry.name));
                assert_exact(&pos, &format!("{variant} suite {}", entry.name));
                checked += 1;
                starts.push(pos);
            }
        }
        if let Ok(start) = G::start_position(variant) {
            starts.insert(0, start);
        }
        let mut rng = Lcg(0x7ac7_1ca1 ^ variant.len() as u64);
        for game in 0..games {
            let Some(first) = starts.get(game % starts.len().max(1)) else {
                break;
            };
            let mut pos = first.clone();
            for ply in 0..plies {
                assert_exact(&pos, &format!("{variant} game {game} ply {ply}"));
                checked += 1;
                let mut moves = G::MoveList::default();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let pick = rng.next(moves.len());
                pos = pos.play(&moves.as_slice()[pick]);
            }
        }
    }
    assert!(checked >= 100, "only {checked} positions compared");
}

#[test]
fn chess_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<chess::Chess>();
}

#[test]
fn croatian_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<croatian::Croatian>();
}

#[test]
fn dao_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dao::Dao>();
}

#[test]
fn dragonchess_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dragonchess::Dragonchess>();
}

#[test]
fn dynamo_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dynamo::Dynamo>();
}

#[test]
fn makromachy_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<makromachy::Makromachy>();
}
