//! The properties, generic over the `Game` seam.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiamat_engine::core::complete_turn;
use tiamat_engine::core::view::{BoardView, Click};
use tiamat_engine::{Game, MoveError, MoveList};

use crate::mutate::Rng;

/// How many moves of a parsed position get their text and their child checked. Large boards list
/// hundreds of moves; a spread sample keeps one execution in the microseconds.
const MOVES_CHECKED: usize = 48;

/// A position string: parsing never panics; a string that parses writes back to a string that
/// parses to an equal state (same key, same variant) and writes the same string again. A parsed
/// position is usable: its moves list, their texts read back, and playing them does not panic.
pub fn check_position_string<G: Game>(variant: &str, text: &str) {
    let Ok(pos) = G::from_position_string(variant, text) else {
        return;
    };
    assert_eq!(
        pos.variant(),
        variant,
        "{variant}: '{text}' parsed as another variant"
    );
    let written = pos.position_string();
    let again = G::from_position_string(variant, &written).unwrap_or_else(|err| {
        panic!("{variant}: '{text}' writes as '{written}', which does not parse: {err}")
    });
    assert_eq!(
        again.key(),
        pos.key(),
        "{variant}: '{text}' and its written form '{written}' differ in key"
    );
    assert_eq!(
        again.position_string(),
        written,
        "{variant}: '{written}' does not write back unchanged"
    );
    assert_eq!(again.side_to_move(), pos.side_to_move());
    check_usable(&pos, variant, &written);
}

/// Everything a front end does with a position it accepted, none of which may panic; move texts
/// must read back to their move and every child must round-trip its position string.
fn check_usable<G: Game>(pos: &G, variant: &str, written: &str) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let moves = moves.as_slice();
    assert_eq!(
        pos.legal_move_count(),
        moves.len(),
        "{variant} '{written}': legal_move_count disagrees with legal_moves"
    );
    let _ = (pos.in_check(), pos.ending(&[]), pos.board_text());
    let _ = pos.cecp_setup();
    check_board_view(pos);
    let step = moves.len().div_ceil(MOVES_CHECKED).max(1);
    for mv in moves.iter().step_by(step) {
        let _ = pos.is_tactical(mv);
        // An action of a turn is not on the wire: the turn it starts is, once completed.
        let (mv, child) = match whole_turn_from(pos, mv) {
            Some(turn) => turn,
            None => continue,
        };
        let mv = &mv;
        check_texts(pos, mv, variant, written);
        let child_text = child.position_string();
        match G::from_position_string(variant, &child_text) {
            Ok(back) => assert_eq!(
                back.key(),
                child.key(),
                "{variant} '{written}': child after {} writes as '{child_text}', which reads back \
                 with another key",
                pos.move_to_wire(mv)
            ),
            Err(err) => panic!(
                "{variant} '{written}': child after {} writes as '{child_text}', which does not \
                 parse: {err}",
                pos.move_to_wire(mv)
            ),
        }
    }
}

/// The whole turn `first` (a legal move of `pos`) is or starts, joined into one move, with the
/// state after it: where turns go action by action, the first path of actions that ends one.
/// `None` when every path from `first` is a dead end.
pub(crate) fn whole_turn_from<G: Game>(pos: &G, first: &G::Move) -> Option<(G::Move, G)> {
    let next = pos.play(first);
    if !next.turn_in_progress() && !pos.turn_in_progress() {
        return Some((first.clone(), next));
    }
    let mut actions = vec![first.clone()];
    let mut in_order = |_: &G, moves: &[G::Move]| (0..moves.len()).collect();
    let end = complete_turn(&next, &mut actions, &mut in_order)?;
    if pos.turn_in_progress() {
        return None;
    }
    Some((pos.join_turn(&actions)?, end))
}

/// Whole turns along random paths of actions, where turns go action by action: `walks` seeded
/// random walks from `pos`, each through actions to the end of a turn (backing out of dead
/// ends, going on rather than ending with the chance `deeper` in percent at each state, and
/// giving up after `budget` states). The turn each walk completes, joined into one move, plays to
/// the state its actions reached, and its wire and human texts both read back to that state.
/// The number of turns checked.
pub fn check_random_turns<G: Game>(
    pos: &G,
    rng: &mut Rng,
    walks: usize,
    deeper: u64,
    budget: usize,
) -> usize {
    let variant = pos.variant();
    let written = pos.position_string();
    let mut turns = 0;
    for _ in 0..walks {
        let mut left = budget;
        let mut order = |state: &G, moves: &[G::Move]| {
            if left == 0 {
                return Vec::new();
            }
            left -= 1;
            let mut indices: Vec<usize> = (0..moves.len()).collect();
            for i in (1..indices.len()).rev() {
                indices.swap(i, rng.below(i + 1));
            }
            if rng.chance(deeper) {
                indices.sort_by_key(|&i| !state.play(&moves[i]).turn_in_progress());
            }
            indices
        };
        let mut actions = Vec::new();
        let Some(end) = complete_turn(pos, &mut actions, &mut order) else {
            continue;
        };
        let Some(turn) = pos.join_turn(&actions) else {
            continue;
        };
        let wire = pos.move_to_wire(&turn);
        assert_eq!(
            pos.play(&turn).key(),
            end.key(),
            "{variant} '{written}': the turn '{wire}' plays to another state than its actions"
        );
        for text in [wire.clone(), pos.move_to_human(&turn)] {
            match pos.parse_move(&text) {
                Ok(back) => assert_eq!(
                    pos.play(&back).key(),
                    end.key(),
                    "{variant} '{written}': '{text}' (wire '{wire}') reads as another turn"
                ),
                Err(err) => {
                    panic!("{variant} '{written}': '{text}' (wire '{wire}') does not read: {err}")
                }
            }
        }
        turns += 1;
    }
    turns
}

/// Whether `back`, read from a text written for `mv`, is that move: the same move, or where
/// turns can coincide one that leaves the same state.
fn same_move<G: Game>(pos: &G, back: &G::Move, mv: &G::Move) -> bool {
    back == mv || pos.turns_can_coincide() && pos.play(back).key() == pos.play(mv).key()
}

/// A legal move's wire text reads back to it; its human text reads back to it (or, at worst, is
/// reported ambiguous, never another move).
fn check_texts<G: Game>(pos: &G, mv: &G::Move, variant: &str, written: &str) {
    let wire = pos.move_to_wire(mv);
    match pos.parse_move(&wire) {
        Ok(back) => assert!(
            same_move(pos, &back, mv),
            "{variant} '{written}': wire text '{wire}' reads back as another move"
        ),
        Err(err) => panic!("{variant} '{written}': wire text '{wire}' does not read back: {err}"),
    }
    let human = pos.move_to_human(mv);
    match pos.parse_move(&human) {
        Ok(back) => assert!(
            same_move(pos, &back, mv),
            "{variant} '{written}': human text '{human}' (wire '{wire}') reads as another move"
        ),
        Err(MoveError::Ambiguous { .. }) => {}
        Err(err) => panic!(
            "{variant} '{written}': human text '{human}' (wire '{wire}') does not read back: {err}"
        ),
    }
}

/// A move text against a legal position: reading never panics; a move it reads is one of the
/// legal moves, its wire form reads back to the same move, and it can be played.
pub fn check_move_text<G: Game>(pos: &G, text: &str) {
    let Ok(mv) = pos.parse_move(text) else {
        return;
    };
    let variant = pos.variant();
    // Where turns go action by action a text names a whole turn, which is no listed action.
    let legal = if pos.multi_action_turns() {
        pos.is_legal(&mv) && !pos.play(&mv).turn_in_progress()
    } else {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        moves.as_slice().contains(&mv)
    };
    assert!(
        legal,
        "{variant} '{}': '{text}' read as {mv:?}, which is not a legal move",
        pos.position_string()
    );
    let wire = pos.move_to_wire(&mv);
    assert!(
        pos.parse_move(&wire)
            .is_ok_and(|back| same_move(pos, &back, &mv)),
        "{variant} '{}': '{text}' read as a move whose wire text '{wire}' reads otherwise",
        pos.position_string()
    );
    let _ = pos.play(&mv);
}

/// Legal positions of `variant` to read moves against: its [`first_position`] and positions
/// along a few seeded random games from it. Computed once per variant.
pub fn sample_positions<G: Game>(variant: &'static str) -> Arc<Vec<G>> {
    type Cache = Mutex<HashMap<&'static str, Arc<dyn Any + Send + Sync>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let entry = cache
        .entry(variant)
        .or_insert_with(|| Arc::new(Arc::new(build_samples::<G>(variant))));
    entry
        .downcast_ref::<Arc<Vec<G>>>()
        .expect("one game type per variant name")
        .clone()
}

/// Where to play `variant` from: its start position, or for a variant without a fixed start
/// (a randomised setup) the start of another variant of the same game that reads as this one,
/// the one whose name this variant's name extends first (`classical14` for `classical14random`).
pub fn first_position<G: Game>(variant: &str) -> Option<G> {
    if let Ok(start) = G::start_position(variant) {
        return Some(start);
    }
    let mut siblings: Vec<&str> = G::variants()
        .iter()
        .copied()
        .filter(|other| *other != variant)
        .collect();
    siblings.sort_by_key(|other| (!variant.starts_with(other), std::cmp::Reverse(other.len())));
    siblings
        .into_iter()
        .filter_map(|other| G::start_position(other).ok())
        .find_map(|start| G::from_position_string(variant, &start.position_string()).ok())
}

fn build_samples<G: Game>(variant: &str) -> Vec<G> {
    let Some(start) = first_position::<G>(variant) else {
        return Vec::new();
    };
    let mut samples = vec![start.clone()];
    let mut rng = Rng::new(0x5eed_0000 ^ variant.len() as u64);
    let mut moves = G::MoveList::default();
    for game in 0..6 {
        let mut pos = start.clone();
        for ply in 0..(10 + 12 * game) {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let pick = rng.below(moves.len());
            pos = pos.play(&moves.as_slice()[pick]);
            // Samples are positions: turns in progress are stepped through.
            if ply % 5 == 4 && !pos.turn_in_progress() {
                samples.push(pos.clone());
            }
        }
    }
    samples
}

/// One of the variant's sample positions, picked by `selector` (a number, or any text).
pub fn pick_sample<G: Game>(variant: &'static str, selector: &str) -> Option<G> {
    let samples = sample_positions::<G>(variant);
    if samples.is_empty() {
        return None;
    }
    let index = selector
        .trim()
        .parse::<usize>()
        .unwrap_or_else(|_| selector.bytes().map(usize::from).sum());
    Some(samples[index % samples.len()].clone())
}

/// The board view and the clicks of every legal move agree: square names are unique and every
/// grid is full; each move's clicks name squares of the view (the first one holding something to
/// move), reserve pieces the side to move holds, or the edge where the game has exits; its
/// touched squares exist; and moves sharing all their clicks differ in human text, so a front
/// end can offer them by it.
pub fn check_board_view<G: Game>(pos: &G) {
    let variant = pos.variant();
    let written = pos.position_string();
    let view = pos.board_view();
    let mut names = std::collections::HashSet::new();
    for grid in &view.grids {
        assert_eq!(
            grid.squares.len(),
            grid.files.len() * grid.ranks.len(),
            "{variant} '{written}': grid '{}' is not full",
            grid.title
        );
        for square in &grid.squares {
            assert!(
                names.insert(square.name.as_str()),
                "{variant} '{written}': two squares are called {}",
                square.name
            );
        }
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut by_clicks: HashMap<Vec<Click>, Vec<&G::Move>> = HashMap::new();
    for mv in moves.as_slice() {
        let input = pos.move_input(mv);
        let wire = pos.move_to_wire(mv);
        assert!(
            !input.clicks.is_empty(),
            "{variant} '{written}': {wire} has no clicks"
        );
        for (i, click) in input.clicks.iter().enumerate() {
            check_click(
                &view,
                pos,
                click,
                i == 0,
                &format!("{variant} '{written}': {wire}"),
            );
        }
        for name in &input.touched {
            assert!(
                names.contains(name.as_str()),
                "{variant} '{written}': {wire} touches {name}, which is not on the board"
            );
        }
        by_clicks.entry(input.clicks).or_default().push(mv);
    }
    for (clicks, shared) in by_clicks.into_iter().filter(|(_, moves)| moves.len() > 1) {
        let mut texts: Vec<String> = shared.iter().map(|mv| pos.move_to_human(mv)).collect();
        let count = texts.len();
        texts.sort();
        texts.dedup();
        assert_eq!(
            texts.len(),
            count,
            "{variant} '{written}': moves entered by {clicks:?} share a human text: {texts:?}"
        );
    }
}

fn check_click<G: Game>(view: &BoardView, pos: &G, click: &Click, first: bool, context: &str) {
    match click {
        Click::Square(name) => {
            let square = view
                .grids
                .iter()
                .flat_map(|grid| &grid.squares)
                .find(|square| square.name == *name)
                .unwrap_or_else(|| panic!("{context}: clicks {name}, which is not on the board"));
            assert!(
                !first || square.piece.is_some() || square.under.is_some(),
                "{context}: starts on the empty square {name}"
            );
        }
        Click::Reserve(letter) => {
            let held = view
                .reserves
                .iter()
                .filter(|reserve| reserve.color == pos.side_to_move())
                .flat_map(|reserve| &reserve.pieces)
                .any(|(piece, count)| piece.letter == *letter && *count > 0);
            assert!(
                held,
                "{context}: drops {letter}, which the side to move does not hold"
            );
        }
        Click::OffBoard => assert!(view.exits, "{context}: leaves a board without exits"),
    }
}
