//! Issue #18: a Wave and a Queen activating each other through Shamans loop through the same
//! board with less and less momentum. Each round is another state (OQ-8), so the loop is a path
//! of actions (`actions`); every whole turn the search can build reads back and plays to its
//! state.

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
fn a_wave_queen_loop_through_shamans_reads_as_the_short_turn() {
    let pos = Croatian::from_position_string("tlalocan", LOOP_POSITION).unwrap();
    let short = pos.parse_move(SHORT).unwrap();
    // Each round passes the board with less momentum, another state (OQ-8): the looping turn
    // is a path of actions and reads as the move it makes.
    let looping = pos.parse_move(LOOPING).unwrap();
    assert_eq!(pos.play(&looping), pos.play(&short));
    assert!(walk(&pos, &pos, &mut Vec::new(), LOOPING, false) >= 1);
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

/// Hemera's Dawn after light's `G::f2-f1~Wf1-f20~Wf20-b16` (issue #17's child with a Wave beside
/// dark's Scouts).
const CLUE_CHILD: &str = "G::f2-f1~Wf1-f20~Wf20-b16";

/// One of dark's turns there, moving the Grenadier f19 back and forth with less momentum each
/// time: no state comes back with its momentum (OQ-8).
const PASSING_TWICE: &str = "O::f16-b16~Wb16-f20~Wf20-a20|Wt1-o1~Wo1-a1|Wt20-o20~Wo20-f20~Wf20-f19~G::f19-f20~Wf20-f19~Wf19-f20~Gf20-f19~Wf19-f20~Wf20-o20~Wo20-t20|Wa1-t1|Wa20-f20~Wf20-o20~Wo20-o19~G::o19-o20~Wo20-t20|Wa1-t1|Wa20-f20~Wf20-t20|Wa1-o1~Wo1-o19~Wo19-f19~Gf19-f20~Wf20-t20|Wa1-o1~Wo1-t1|Wa20-t20|||W";

fn clue_child() -> Croatian {
    let start = Croatian::start_position("hemerasdawn").unwrap();
    start.play(&start.parse_move(CLUE_CHILD).unwrap())
}

/// The turn coming back to a board with less momentum is a path of actions.
#[test]
fn a_turn_coming_back_to_a_board_another_way_is_a_path_of_actions() {
    let pos = clue_child().by_action(true);
    assert_eq!(walk(&pos, &pos, &mut Vec::new(), PASSING_TWICE, false), 1);
}

/// Walking the actions, each state in progress once, finds every turn the whole-turn list has
/// (while the actions refused a state passed with more momentum, 11 of these were lost).
#[test]
fn the_action_walk_and_the_whole_turn_list_agree_on_the_clue_child() {
    if !crate::core::deep_tests() {
        return;
    }
    let pos = clue_child();
    let mut whole = Vec::new();
    pos.clone().by_action(false).legal_moves(&mut whole);
    let walked = crate::core::perft::perft(&pos.by_action(true), 1);
    assert_eq!(whole.len(), 310_782);
    assert_eq!(walked, whole.len() as u64);
}

/// Hemera's Dawn, light to move (a random game's second move), and one of its moves: the
/// Grenadier o2 and the Waves o1 and f20 go round with less momentum each time until the
/// dark Wave, with none left and nowhere to go, is oblationed on f20.
const SPENDING_LOOP: &str = "tr&nbcweuaqk&auegcbnr&T/p|p|p|g|p|g|p|p|p|p|p|p|p|p|1p|g|p|p|p|/p|p|g|p|p|p|g|p|p|p|p|p|p|g|p|p|p|g|p|p|/2o|3o|6o|3o|2/3o|1o|8o|1o|3/5w14/20/20/20/20/20/20/20/20/20/3O|1O|4W3O|1O|3/2O|3O|6O|3O|2/P|P|G|P|P|P|G|P|P|P|P|P|P|G|P|P|P|G|P|P|/P|P|P|G|P|1P|P|P|P|P|P|P|P|GP|G|P|P|P|/TR&NBCGEUAQK&AUEWCBNR&t w - 2 2";
const SPENDING_LOOP_MOVE: &str = "Oo5-k5~Wk5-o1~Wo1-f20~wf20-o1~Wo1-f20~Wf20-o1~wo1-f20~Wf20-o1~Wo1-o2~Go2-o1~Wo1-o2~Wo2-o1~Go1-o2~Wo2-o1~Wo1-o2~Go2-o1~Wo1-f20~wf20-f15~wf15-f20~Wf20-f15~wf15-f19~gf19-f20~wf20-f20|||";
const SPENDING_LOOP_RESULT: &str = "tr&nbcgeuaqk&auegcbnr&T/p|p|p|g|p|wp|p|p|p|p|p|p|p|1p|g|p|p|p|/p|p|g|p|p|p|g|p|p|p|p|p|p|g|p|p|p|g|p|p|/2o|3o|6o|3o|2/3o|1o|8o|1o|3/5W14/20/20/20/20/20/20/20/20/20/3O|1O|4O5O|3/2O|3O|6O|3O|2/P|P|G|P|P|P|G|P|P|P|P|P|P|G|P|P|P|G|P|P|/P|P|P|G|P|1P|P|P|P|P|P|P|P|WP|G|P|P|P|/TR&NBCGEUAQK&AUEGCBNR&t b - 0 2";

/// The position (`by_action` as asked) and the key of the move's result.
fn spending_loop(by_action: bool) -> (Croatian, u64) {
    let pos = Croatian::from_position_string("hemerasdawn", SPENDING_LOOP).unwrap();
    let result = Croatian::from_position_string("hemerasdawn", SPENDING_LOOP_RESULT).unwrap();
    (pos.by_action(by_action), result.key())
}

/// OQ-8 forbids repeating an in-air state with its momentum, so a state reached only through
/// a loop that spends momentum is a move: the whole-turn list has it, as the reference does.
#[test]
fn a_move_reached_only_through_a_loop_that_spends_momentum_is_listed() {
    let (pos, want) = spending_loop(false);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(
        moves.iter().any(|mv| pos.play(mv).key() == want),
        "{SPENDING_LOOP_MOVE}"
    );
}

/// The actions reach it too.
#[test]
fn the_actions_reach_a_move_through_a_loop_that_spends_momentum() {
    let (pos, want) = spending_loop(true);
    let turns = crate::core::perft::turn_states(&pos);
    assert!(
        turns.iter().any(|t| t.key() == want),
        "{SPENDING_LOOP_MOVE}"
    );
}
