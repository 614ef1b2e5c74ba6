//! Turns action by action (`actions`): the walk of the action tree gives exactly the whole-turn
//! lists, perft and divide alike, on every position of every Croatian perft suite; the states
//! in progress (keys, cycles, dead ends) and whole turns read and joined.

use std::collections::HashMap;

use super::piece::{self, Kind};
use super::tests::setup;
use super::*;
use crate::core::perft::{complete_turns, parse_suite, perft, turn_texts};
use crate::core::{whole_turns, Game};

/// Depth-2 counts checked by `cargo test` (every listed one with `TIAMAT_DEEP=1`).
const DEPTH_2_LIMIT: u64 = 100_000;

/// Each complete turn's resulting key with the count below it, `depth` turns deep in all.
fn divided(pos: &Croatian, depth: u32) -> HashMap<u64, u64> {
    complete_turns(pos)
        .into_iter()
        .map(|turn| (turn.state.key(), perft(&turn.state, depth - 1)))
        .collect()
}

#[test]
fn the_action_walk_counts_the_whole_turn_lists_of_every_suite() {
    let deep = crate::core::deep_tests();
    let mut checked = 0;
    for variant in variant::NAMES {
        let Some(text) = perft_suite(variant) else {
            continue;
        };
        let suite = parse_suite(text).unwrap();
        for entry in &suite.entries {
            let pos = Croatian::from_position_string(variant, entry.position).unwrap();
            let whole = pos.clone().by_action(false);
            let acting = pos.by_action(true);
            for &(depth, count) in &entry.counts {
                let affordable = match depth {
                    1 => deep || count <= 5_000,
                    2 => deep || count <= DEPTH_2_LIMIT,
                    _ => deep && count <= suite.budget.unwrap_or(u64::MAX),
                };
                if !affordable {
                    continue;
                }
                let name = format!("{variant} {} depth {depth}", entry.name);
                assert_eq!(perft(&acting, depth), count, "{name}: actions");
                assert_eq!(divided(&acting, depth), divided(&whole, depth), "{name}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}

/// Every complete turn the action walk finds, joined into one move, is a legal whole turn that
/// writes and reads back to the same state, and plays to it from the position.
#[test]
fn joined_turns_are_whole_moves_on_the_wire() {
    for (variant, name) in [
        ("mirandasveil", "wave-cycle"),
        ("tlalocan", "shaman-wave"),
        ("nineteen", "start"),
    ] {
        let suite = parse_suite(perft_suite(variant).unwrap()).unwrap();
        let Some(entry) = suite.entry(name) else {
            continue;
        };
        let pos = Croatian::from_position_string(variant, entry.position)
            .unwrap()
            .by_action(true);
        let turns = assert_turns_read_back(&pos, &format!("{variant} {name}"));
        assert!(turns > 0, "{variant} {name}");
        // Divide's shortcut names the same turns without writing their actions.
        let listed: Vec<(String, u64)> = complete_turns(&pos)
            .iter()
            .map(|turn| (turn.text(), turn.state.key()))
            .collect();
        let named: Vec<(String, u64)> = turn_texts(&pos)
            .iter()
            .map(|(text, state)| (text.clone(), state.key()))
            .collect();
        assert_eq!(named, listed, "{variant} {name}");
    }
}

/// Checks that every complete turn from `pos` writes as one move text that reads back to a legal
/// move playing to the same state; returns how many turns there are.
pub(super) fn assert_turns_read_back(pos: &Croatian, label: &str) -> usize {
    let mut turns = 0;
    for turn in complete_turns(pos) {
        let text = turn.text();
        let mv = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{label}: {text}: {e}"));
        assert!(pos.is_legal(&mv), "{label}: {text}");
        assert_eq!(pos.play(&mv), turn.state, "{label}: {text}");
        turns += 1;
    }
    turns
}

fn actions(pos: &Croatian) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// Walks every action path from `pos`, checking that none repeats a state of its own turn
/// (OQ-8: the Waves d5 and c3 re-activate each other), and returns how many paths it took.
fn walk_paths(pos: &Croatian, path: &mut Vec<u64>) -> usize {
    let mut paths = 0;
    for mv in actions(pos) {
        let next = pos.play(&mv);
        if !next.turn_in_progress() {
            paths += 1;
            continue;
        }
        assert!(!path.contains(&next.key()), "a cycle through {mv:?}");
        path.push(next.key());
        paths += walk_paths(&next, path);
        path.pop();
    }
    paths
}

/// Ruling R5 and OQ-8 on the Wave cycle of the suite: the first piece's ply that activates a
/// Wave leaves a turn in progress (same side to move, the piece in the air keyed, never in
/// check, no null move), every path of actions ends, and the paths reach the suite's 82 turns.
#[test]
fn a_turn_in_progress_carries_its_piece_in_the_air_and_never_cycles() {
    let pos = setup("MV Ka1,Nb1,Wc3,Wd5,kp16").by_action(true);
    let first = actions(&pos);
    let activation = first
        .iter()
        .find(|mv| mv.passed_on().is_some())
        .expect("Nb1-c3 activates the Wave");
    let next = pos.play(activation);
    assert!(next.turn_in_progress() && !pos.turn_in_progress());
    assert_eq!(next.side_to_move(), pos.side_to_move());
    assert_ne!(next.key(), pos.key());
    assert!(!next.in_check() && next.null_move().is_none());
    let (wave, field) = next.piece_in_air().unwrap();
    assert_eq!(
        (piece::kind(wave), pos.field_name(field)),
        (Kind::Wave, "c3".into())
    );
    // The Wave's next actions: endings on empty fields end the turn, activating the d5 Wave
    // goes on; the same state reached again (c3's Wave from d5 back) is no new action.
    let second = actions(&next);
    assert!(second.iter().any(|mv| mv.passed_on().is_none()));
    assert!(second.iter().any(|mv| mv.passed_on().is_some()));
    let paths = walk_paths(&pos, &mut Vec::new());
    assert!(paths >= 82, "{paths}");
    assert_eq!(perft(&pos, 1), 82);
    // A line of actions joins into the whole turns it makes.
    let ending = second.iter().find(|mv| mv.passed_on().is_none()).unwrap();
    let (turns, after) = whole_turns(&pos, &[activation.clone(), ending.clone()]);
    assert_eq!(turns.len(), 1);
    assert_eq!(after, next.play(ending));
    assert_eq!(pos.play(&turns[0]), after);
    assert!(pos.is_legal(&turns[0]));
    // Cut short mid-turn, no turn is joined.
    assert!(whole_turns(&pos, std::slice::from_ref(activation))
        .0
        .is_empty());
}

/// A state in progress from which no action ends the turn legally is a dead end, not a mate:
/// in check from the Rook a16, the Knight b1 activating the Wave c3 leaves a Wave that cannot
/// block (it is transparent) and may end on no own piece; the check is not mate, the Knight
/// blocks on a3.
#[test]
fn a_state_with_no_legal_end_is_a_dead_end() {
    let pos = setup("MV Ka1,Nb1,Wc3,ra16,kp16").by_action(true);
    let activation = actions(&pos)
        .into_iter()
        .find(|mv| mv.passed_on().is_some())
        .expect("Nb1-c3 activates the Wave");
    let stuck = pos.play(&activation);
    assert!(stuck.turn_in_progress());
    assert!(actions(&stuck).is_empty());
    assert_eq!(perft(&stuck, 1), 0);
    assert_eq!(pos.ending(&[]), None);
    let whole = pos.clone().by_action(false);
    assert_eq!(perft(&pos, 1), perft(&whole, 1));
    assert!(actions(&whole).iter().all(|mv| !mv.is_cascade()));
}

/// Every first action dead-ends or leaves the King attacked: mate, found by walking the actions.
/// The Rook a16 and the Knight c2 both check the King a1 (no block answers both); a2 and b2 are
/// attacked by the Rooks; the Knight b1 can only activate the Wave c3, which can capture
/// nothing and block nothing.
#[test]
fn a_position_whose_first_actions_all_dead_end_is_mate() {
    let pos = setup("MV Ka1,Nb1,Wc3,ra16,rb16,nc2,kp16").by_action(true);
    let first = actions(&pos);
    assert!(!first.is_empty());
    assert!(first.iter().all(|mv| mv.passed_on().is_some()), "{first:?}");
    let ending = pos.ending(&[]).expect("mate");
    assert_eq!(ending.result, crate::core::GameResult::BlackWins);
    // Without the Knight c2 the Knight b1 blocks on a3: no mate.
    let blocked = setup("MV Ka1,Nb1,Wc3,ra16,rb16,kp16").by_action(true);
    assert_eq!(blocked.ending(&[]), None);
}

/// The search asks `ends_turn` instead of playing an action: it must say what playing it does,
/// for first actions and for the actions of a turn in progress, in every action variant.
#[test]
fn an_action_ends_the_turn_exactly_when_it_passes_no_piece_on() {
    let mut in_progress = 0;
    for variant in ["hemerasdawn", "tamoanchan", "tlalocan", "discovery", "one"] {
        let start = Croatian::start_position(variant).unwrap();
        let mut states = vec![start];
        for _ in 0..2 {
            let mut next = Vec::new();
            for pos in &states {
                for mv in actions(pos) {
                    let after = pos.play(&mv);
                    assert_eq!(pos.ends_turn(&mv), !after.turn_in_progress(), "{mv:?}");
                    if after.turn_in_progress() && next.len() < 8 {
                        next.push(after);
                    }
                }
            }
            in_progress += next.len();
            states = next;
        }
    }
    assert!(in_progress >= 20, "{in_progress}");
}

/// Checks that each action of `state` that is no whole turn has a text of its own (unless both
/// play to one state) and that the text reads back to it; returns the states in progress the
/// actions lead to.
fn assert_action_texts_read_back(state: &Croatian, label: &str) -> Vec<Croatian> {
    let mut by_text: HashMap<String, u64> = HashMap::new();
    let mut next = Vec::new();
    for mv in actions(state) {
        if !state.turn_in_progress() && mv.passed_on().is_none() {
            // A whole turn, written in XAN: `assert_turns_read_back`.
            continue;
        }
        let text = state.move_to_wire(&mv);
        let after = state.play(&mv);
        if let Some(&other) = by_text.get(&text) {
            assert_eq!(
                other,
                after.key(),
                "{label}: two actions are written {text}"
            );
        }
        by_text.insert(text.clone(), after.key());
        let read = state
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("{label}: {text}: {e}"));
        assert_eq!(state.play(&read).key(), after.key(), "{label}: {text}");
        if after.turn_in_progress() {
            next.push(after);
        }
    }
    next
}

/// Where turns go action by action, the front ends name each action by its text (the board
/// page offers the actions its clicks complete by it, the session plays it back): every
/// action of the first states of each suite position has its own text, which reads back to it.
/// A Pyramid capturing or converting (Tlalocan's divergence-rush), a Starchild activating or
/// uplifting another (One's two-starchilds) are different actions to the same fields.
#[test]
fn every_action_has_a_text_of_its_own() {
    let states_per_position = if crate::core::deep_tests() { 400 } else { 25 };
    for variant in variant::NAMES {
        let Some(text) = perft_suite(variant) else {
            continue;
        };
        for entry in &parse_suite(text).unwrap().entries {
            let pos = Croatian::from_position_string(variant, entry.position).unwrap();
            if !pos.by_action {
                continue;
            }
            let label = format!("{variant} {}", entry.name);
            let mut frontier = vec![pos];
            let mut states = 0;
            while let Some(state) = frontier.pop() {
                let next = assert_action_texts_read_back(&state, &label);
                states += 1;
                if states == states_per_position {
                    break;
                }
                frontier.extend(next.into_iter().take(4));
            }
        }
    }
}
