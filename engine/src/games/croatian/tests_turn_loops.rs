//! Issue #18: a Wave and a Queen activating each other through Shamans loop through the same
//! board with less and less momentum. Such a loop is no path of actions (`actions`), so every
//! whole turn the search can build reads back and plays to its state.

use super::piece::Kind;
use super::tests::{assert_holds, setup};
use super::*;
use crate::core::{Color, Game};

/// Dark to move in Conquest of Tlalocan (a game lost by an unreadable answer): the Scout v24
/// activates the Wave w23, which reaches the Queen l24 between the Shamans k24 and n24.
const LOOP_POSITION: &str = "t5ugeahqk&ha1g4s1T/3p|g|1p1p|g|1g|g|p|gp|p|p2p|1wp|/1n1g|1pp|g|pp|1g|g|1p|1g|p|2n3/3o|2po|3o|o|p1o|o|3o|2p/9o|1o|o|1o|1uo|6/6o17/24/24/24/24/p1p7p10p2/p1p7p7pp1p2/P1P11r9/PP22/24/24/24/24/24/4O|5U13/4P4P6P7/1N1G|1P1P6A3U1G|3/4G|2P|6K1P|1P|5/T2P3GGGA9PW1t b - 3 100";

/// The turn the engine answered there, the Wave and the Queen going round twice more.
const LOOPING: &str = "Sv24.u23<P::v23..w23~Ww23.v24.u23.t24.s23.r24.q23.p24.o23.n24.m23.l24~Ql24.k24/H.l24~Wl24..n24/H..x24|a1..x1|a24..k24/H.l24~Ql24.k24/H.l24~Wl24..n24/H..x24|a1..x1|a24..k24/H.l24~Ql24.k24/H.l24~Wl24..n24/H..x24|a1..x1|a24..k24/H.l24~Ql24.k24/H..k17";

/// The same resulting state without the loops.
const SHORT: &str =
    "Sv24.u23<P::v23..w23~Ww23.v24.u23.t24.s23.r24.q23.p24.o23.n24.m23.l24~Ql24.k24/H..k17";

/// Walks the actions whose plies so far `target` starts with, checking (when `read_back`)
/// every whole turn met on the way (those ending there too) reads back to its state; the number
/// of whole turns that write `target` itself.
fn walk(
    state: &Croatian,
    root: &Croatian,
    actions: &mut Vec<Move>,
    target: &str,
    read_back: bool,
) -> usize {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut writing_target = 0;
    for mv in moves {
        actions.push(mv.clone());
        let next = state.play(&mv);
        if next.turn_in_progress() {
            let plies: Vec<Ply> = actions.iter().flat_map(|a| a.plies()).copied().collect();
            if target.starts_with(&notation::xan(root, &Move::cascade(&plies))) {
                writing_target += walk(&next, root, actions, target, read_back);
            }
        } else {
            let turn = root.join_turn(actions).unwrap();
            let text = root.move_to_wire(&turn);
            assert_eq!(root.play(&turn).key(), next.key(), "{text}");
            writing_target += usize::from(text == target);
            if !read_back {
                actions.pop();
                continue;
            }
            let read = root
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(root.play(&read).key(), next.key(), "{text}");
        }
        actions.pop();
    }
    writing_target
}

#[test]
fn a_wave_queen_loop_through_shamans_is_no_turn() {
    let pos = Croatian::from_position_string("tlalocan", LOOP_POSITION).unwrap();
    let short = pos.parse_move(SHORT).unwrap();
    assert!(pos.parse_move(LOOPING).is_err());
    // No path of actions writes the looping turn; the short one reads back to its state.
    assert_eq!(walk(&pos, &pos, &mut Vec::new(), LOOPING, false), 0);
    assert_eq!(walk(&pos, &pos, &mut Vec::new(), SHORT, true), 1);
    assert_eq!(pos.move_to_wire(&short), SHORT);
}

/// Every whole turn along the loop's first round reads back.
#[test]
fn every_turn_along_the_loop_reads_back() {
    let pos = Croatian::from_position_string("tlalocan", LOOP_POSITION).unwrap();
    walk(&pos, &pos, &mut Vec::new(), LOOPING, true);
}

/// A Wave diverges at the Shaman n24, teleports through both pairs of Stars and diverges a
/// second time at k24, in one written ply: the part after the second `/` follows a teleport's
/// part, which names no piece, and is still the Wave's (the Wave passes over the Queen l24).
#[test]
fn a_wave_diverges_again_after_teleporting() {
    let text = "Ql20-l24~Wl24..n24/H..x24|a1..x1|a24..k24/H..p24";
    let pos = setup("COT Kc5,kc22,Ql20,Wl24,Hn24,Hk24,Ta1,Tx24,ta24,tx1");
    assert!(pos.by_action);
    // One path of actions writes it, and every turn met on the way reads back.
    assert_eq!(walk(&pos, &pos, &mut Vec::new(), text, true), 1);
    let mv = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(notation::xan(&pos, &mv), text);
    let after = pos.play(&mv);
    assert_holds(&after, "p24", Kind::Wave, Color::White);
    assert_holds(&after, "l24", Kind::Queen, Color::White);
    assert_holds(&after, "n24", Kind::Shaman, Color::White);
    assert_holds(&after, "k24", Kind::Shaman, Color::White);
    let ean = notation::ean(&pos, &mv);
    let read = pos
        .parse_move(&ean)
        .unwrap_or_else(|e| panic!("{ean}: {e}"));
    assert_eq!(pos.play(&read).key(), after.key(), "{ean}");
    // Where turns are listed whole, the list has the state by its shortest path.
    let whole = pos.clone().by_action(false);
    let listed = whole.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        whole.play(&listed).position_string(),
        after.position_string()
    );
}
