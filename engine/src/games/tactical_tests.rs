//! Every game's tactical and quiet generators against its full generator filtered by
//! `is_tactical`, and its move codes (where it has them) read back, on every perft-suite position
//! and along random games of every variant.

use std::collections::HashMap;

use super::dao::tests::Lcg;
use super::{chess, croatian, dao, dragonchess, dynamo, makromachy};
use crate::core::perft::parse_suite;
use crate::core::random::random_walk;
use crate::core::{deep_tests, Game, MoveList};
use crate::search::tt::MOVE_LIMIT;

fn counted<M: std::hash::Hash + Eq>(moves: impl IntoIterator<Item = M>) -> HashMap<M, usize> {
    let mut counts = HashMap::new();
    for mv in moves {
        *counts.entry(mv).or_insert(0) += 1;
    }
    counts
}

/// What quiescence tells tactical moves apart by (`Game::quiescence_moves`): a game that lists
/// them all tells every move apart.
type Class<G> = fn(&<G as Game>::Move) -> u64;

fn every_move<G: Game>(mv: &G::Move) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    mv.hash(&mut h);
    h.finish()
}

/// `read_back` counts the legal moves whose code reads back (a game may not read back some).
fn assert_exact<G: Game>(pos: &G, context: &str, read_back: &mut usize, class: Class<G>) {
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
    assert_same(pos, context, "tactical", &expected, &got);
    // Quiescence's moves: tactical ones, one of each class, every class there.
    let mut quiescence = G::MoveList::default();
    pos.quiescence_moves(&mut quiescence);
    let mut classes = HashMap::new();
    for mv in quiescence.as_slice() {
        assert!(
            got.contains_key(mv),
            "{context}: {} lists {} for quiescence, no tactical move",
            pos.position_string(),
            pos.move_to_wire(mv)
        );
        if let Some(other) = classes.insert(class(mv), mv.clone()) {
            panic!(
                "{context}: {} lists {} and {} of one class for quiescence",
                pos.position_string(),
                pos.move_to_wire(&other),
                pos.move_to_wire(mv)
            );
        }
    }
    for mv in got.keys() {
        assert!(
            classes.contains_key(&class(mv)),
            "{context}: {} lists nothing of the class of {} for quiescence",
            pos.position_string(),
            pos.move_to_wire(mv)
        );
    }
    let expected_quiet = counted(
        all.as_slice()
            .iter()
            .filter(|mv| !pos.is_tactical(mv))
            .cloned(),
    );
    // `quiet_moves` appends: the tactical moves before them must stay.
    let mut quiet = tactical;
    pos.quiet_moves(&mut quiet);
    let got_quiet = counted(
        quiet.as_slice()[got.values().sum::<usize>()..]
            .iter()
            .cloned(),
    );
    assert_same(pos, context, "quiet", &expected_quiet, &got_quiet);
    if pos.move_codes() {
        let mut codes = HashMap::new();
        for mv in all.as_slice() {
            let code = pos.move_code(mv);
            assert!(
                code < MOVE_LIMIT,
                "{context}: code {code} does not fit the table"
            );
            let read = pos.move_from_code(code);
            assert!(
                read.is_none() || read.as_ref() == Some(mv),
                "{context}: {} reads back {} as {:?}",
                pos.position_string(),
                pos.move_to_wire(mv),
                read.map(|m| pos.move_to_wire(&m))
            );
            *read_back += usize::from(read.is_some());
            if let Some(other) = codes.insert(code, mv.clone()) {
                panic!(
                    "{context}: {} and {} share code {code}",
                    pos.move_to_wire(&other),
                    pos.move_to_wire(mv)
                );
            }
        }
    }
}

/// Codes of another state's moves read back in `pos` as its legal move with that code or as
/// nothing: what a table entry of another position sharing the key gives.
fn assert_foreign_codes<G: Game>(pos: &G, other: &G, context: &str) {
    if !pos.move_codes() {
        return;
    }
    let mut all = G::MoveList::default();
    pos.legal_moves(&mut all);
    let mut theirs = G::MoveList::default();
    other.legal_moves(&mut theirs);
    for mv in theirs.as_slice() {
        let code = other.move_code(mv);
        let expected = all.as_slice().iter().find(|m| pos.move_code(m) == code);
        let read = pos.move_from_code(code);
        assert!(
            read.is_none() || read.as_ref() == expected,
            "{context}: {} reads code {code} of {}",
            pos.position_string(),
            other.move_to_wire(mv)
        );
    }
}

fn assert_same<M: std::hash::Hash + Eq + std::fmt::Debug>(
    pos: &impl Game<Move = M>,
    context: &str,
    what: &str,
    expected: &HashMap<M, usize>,
    got: &HashMap<M, usize>,
) {
    assert!(
        expected == got,
        "{context} ({what}): {}\nmissing: {:?}\nextra: {:?}",
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

fn check_game<G: Game>(class: Class<G>) {
    let (games, plies) = if deep_tests() { (16, 200) } else { (3, 50) };
    let mut checked = 0;
    let mut coded = 0;
    let mut read_back = 0;
    for &variant in G::variants() {
        let mut starts = Vec::new();
        if let Some(suite) = G::perft_suite(variant) {
            for entry in parse_suite(suite).expect("suite parses").entries {
                let pos = G::from_position_string(variant, entry.position)
                    .unwrap_or_else(|e| panic!("{variant} {}: {e}", entry.name));
                assert_exact(
                    &pos,
                    &format!("{variant} suite {}", entry.name),
                    &mut read_back,
                    class,
                );
                checked += 1;
                coded += usize::from(pos.move_codes());
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
            let mut previous = starts.last().cloned().unwrap_or_else(|| first.clone());
            let walk = random_walk(first.clone(), |n| rng.next(n));
            for (ply, pos) in walk.take(plies).enumerate() {
                let context = format!("{variant} game {game} ply {ply}");
                assert_exact(&pos, &context, &mut read_back, class);
                assert_foreign_codes(&pos, &previous, &context);
                checked += 1;
                coded += usize::from(pos.move_codes());
                previous = pos;
            }
        }
    }
    assert!(checked >= 100, "only {checked} positions compared");
    // Most moves are a piece's own, which every game with codes reads back.
    assert!(
        !G::MOVE_CODES || coded > 0 && read_back * 2 > coded * 10,
        "only {read_back} move codes read back in {coded} positions with codes"
    );
}

#[test]
fn chess_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<chess::Chess>(every_move::<chess::Chess>);
}

#[test]
fn croatian_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<croatian::Croatian>(croatian::quiescence_class);
}

#[test]
fn dao_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dao::Dao>(every_move::<dao::Dao>);
}

#[test]
fn dragonchess_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dragonchess::Dragonchess>(every_move::<dragonchess::Dragonchess>);
}

#[test]
fn dynamo_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<dynamo::Dynamo>(every_move::<dynamo::Dynamo>);
}

#[test]
fn makromachy_tactical_moves_are_the_tactical_legal_moves() {
    check_game::<makromachy::Makromachy>(every_move::<makromachy::Makromachy>);
}
