//! One: the setup (part 2 section 1), the Monoliths b8 and y19, the Starchild's moves and
//! activations (section 4.7.1-4.7.3), its Wave, its transparency (section 2.2, OQ-32) and the
//! section 10 vectors.

use std::collections::BTreeSet;

use super::attacks::Offsets;
use super::board::FieldSet;
use super::monolith;
use super::piece::{self, Kind, Tag};
use super::plies::{Mover, Pattern, PlyGen};
use super::tests_tlalocan::field;
use super::*;
use crate::core::{Color, Game};

/// A One position from the author's setup list (`O` light to move, `o` dark), action by action.
fn o(symbol: &str, pieces: &str) -> Croatian {
    super::tests::setup(&format!("{symbol} {pieces}"))
}

fn actions(pos: &Croatian) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The first actions whose ply starts on `from`.
fn actions_of(pos: &Croatian, from: &str) -> Vec<Move> {
    actions(pos)
        .into_iter()
        .filter(|m| pos.field_name(m.first().from) == from)
        .collect()
}

fn names(pos: &Croatian, fields: impl IntoIterator<Item = u16>) -> BTreeSet<String> {
    fields.into_iter().map(|f| pos.field_name(f)).collect()
}

/// The state after the action whose last ply goes from `from` onto `to` and activates.
fn activate(pos: &Croatian, from: &str, to: &str) -> Croatian {
    let mv = actions(pos)
        .into_iter()
        .find(|m| {
            let p = m.plies().last().unwrap();
            pos.field_name(p.from) == from && p.has(flag::ACTIVATE) && pos.field_name(p.to) == to
        })
        .unwrap_or_else(|| panic!("{from} activates {to}"));
    pos.play(&mv)
}

/// The fields the plies of `moves` end on whose flags are exactly `flags`.
fn ends(pos: &Croatian, moves: &[Move], flags: u32) -> BTreeSet<String> {
    names(
        pos,
        moves
            .iter()
            .map(|m| *m.plies().last().unwrap())
            .filter(|p| p.flags == flags)
            .map(|p| p.to),
    )
}

/// The empty fields of the colour other than `from`'s.
fn other_colour_empty(pos: &Croatian, from: &str) -> BTreeSet<String> {
    let light = pos.is_light_field(field(pos, from));
    let n = pos.size();
    let fields = (0..n)
        .flat_map(|r| (0..n).map(move |f| (f, r)))
        .map(|(f, r)| pos.sq(f, r))
        .filter(|&s| pos.is_light_field(s) != light && pos.cell(s) == piece::EMPTY);
    names(pos, fields)
}

/// Section 1, every square: the diagram's rows, the tags of L4118, and the Monoliths on b8 and
/// y19 (OQ-26, section 4.6.4).
#[test]
fn start_is_the_diagram() {
    let pos = super::tests::start("one");
    let text = pos.position_string();
    let placement = text.split(' ').next().unwrap();
    let untagged: String = placement.chars().filter(|c| !"|&".contains(*c)).collect();
    let rows = [
        "trnbsicuewahqkhaweucisbnrT",
        "pppppgpgppgpggpgppgpgppppp",
        "ppppgpppggppggppggpppgpppp",
        "4o3oo2oo2oo3o4",
        "5o1o2o1oo1o2o1o5",
        "26",
        "26",
        "24M1",
        "26",
        "26",
        "26",
        "26",
        "26",
        "26",
        "26",
        "26",
        "26",
        "26",
        "1M24",
        "26",
        "26",
        "5O1O2O1OO1O2O1O5",
        "4O3OO2OO2OO3O4",
        "PPPPGPPPGGPPGGPPGGPPPGPPPP",
        "PPPPPGPGPPGPGGPGPPGPGPPPPP",
        "TRNBSICUEWAHQKHAWEUCISBNRt",
    ];
    assert_eq!(untagged, rows.join("/"));
    let n = pos.size();
    for r in 0..n {
        for f in 0..n {
            let c = pos.cell(pos.sq(f, r));
            if !piece::is_piece(c) {
                continue;
            }
            let expected = match piece::kind(c) {
                Kind::Pawn | Kind::Scout | Kind::Grenadier => Tag::Rush,
                Kind::King | Kind::Rook => Tag::Castle,
                _ => Tag::None,
            };
            assert_eq!(piece::tag(c), expected, "{}", pos.field_name(pos.sq(f, r)));
        }
    }
    assert_eq!(
        Croatian::from_position_string("one", &text).unwrap(),
        pos,
        "{text}"
    );
    assert!(pos.multi_action_turns(), "One goes action by action");
}

/// Section 10: each of One's Monoliths reaches 486 fields from the start (limit 1 + 36 Pawns).
#[test]
fn monoliths_reach_486_fields() {
    let pos = super::tests::start("one");
    for m in ["b8", "y19"] {
        let dests = monolith::destinations(&pos, field(&pos, m), Color::White);
        assert_eq!(dests.len(), 486, "{m}");
    }
}

/// Section 10 and 4.7.2: Starchild f1 has 242 plain destinations (every empty dark field) and
/// u1 244 (every empty light field); f1 activates the own Wave q1 and Starchild u1, u1 the Wave
/// j1 and Starchild f1 (L3540, L3545), and each bounces off the corner Stars of its targets'
/// colour, whose portals are all taken: an oblation, one state whichever Star it touched. f1
/// bounces off both Monoliths too, onto their 8 empty neighbours: the 4 light ones are new
/// states, the 4 dark ones those of plain moves (one move, R5).
#[test]
fn starchilds_at_the_start() {
    let pos = super::tests::start("one");
    for (from, plain, activates, oblations, bounces) in [
        ("f1", 242, ["q1", "u1"], "a1", 8),
        ("u1", 244, ["j1", "f1"], "z1", 0),
    ] {
        let moves = actions_of(&pos, from);
        let empty = ends(&pos, &moves, 0);
        assert_eq!(empty.len(), plain, "{from}");
        assert_eq!(empty, other_colour_empty(&pos, from), "{from}");
        let activations = ends(&pos, &moves, flag::ACTIVATE);
        assert_eq!(activations, BTreeSet::from(activates.map(String::from)));
        for mv in moves.iter().filter(|m| m.first().has(flag::ACTIVATE)) {
            // The first Starchild hands on 1 (OQ-22).
            assert_eq!(mv.passed_on(), Some(1));
        }
        let oblated = ends(&pos, &moves, flag::TELEPORT | flag::OBLATION);
        assert_eq!(oblated, BTreeSet::from([oblations.to_string()]));
        assert_eq!(ends(&pos, &moves, flag::TELEPORT).len(), bounces, "{from}");
        assert_eq!(moves.len(), plain + activates.len() + 1 + bounces, "{from}");
    }
}

/// Section 4.7.2 on a hand-made board: Starchild e5 (dark field) may go to every empty light
/// field (338 less the 7 taken: 331), activate the own Wave f9 and own Starchild m14, bounce
/// off the Monolith k20 onto each of its 8 empty neighbours (the 4 light ones the states of
/// plain moves, listed once); it takes nothing (the dark
/// Starchild p3, the dark Wave c10 and the dark King z25 are no targets, nor the own Rook d5),
/// and the fields of its own colour (the dark Wave g9) are out of its reach.
#[test]
fn starchild_jumps_to_the_other_colour() {
    let pos = o("O", "Kz2,kz25,Ie5,Wf9,Im14,wc10,wg9,ip3,Rd5,Bd4,Mk20");
    let moves = actions_of(&pos, "e5");
    let empty = ends(&pos, &moves, 0);
    assert_eq!(empty.len(), 331);
    assert_eq!(empty, other_colour_empty(&pos, "e5"));
    assert_eq!(
        ends(&pos, &moves, flag::ACTIVATE),
        BTreeSet::from(["f9", "m14"].map(String::from))
    );
    let bounced: Vec<Ply> = moves
        .iter()
        .map(Move::first)
        .filter(|p| p.flags == flag::TELEPORT)
        .copied()
        .collect();
    assert_eq!(bounced.len(), 4);
    assert!(bounced.iter().all(|p| pos.field_name(p.aux) == "k20"));
    assert_eq!(
        names(&pos, bounced.iter().map(|p| p.to)),
        ["k19", "j20", "l20", "k21"].map(String::from).into()
    );
    assert_eq!(moves.len(), 331 + 2 + 4);
    // A plain Starchild move ends the turn; an activation leaves it in progress.
    let plain = moves.iter().find(|m| m.first().flags == 0).unwrap();
    assert!(!pos.play(plain).turn_in_progress());
    let activation = moves
        .iter()
        .find(|m| m.first().has(flag::ACTIVATE))
        .unwrap();
    assert!(pos.play(activation).turn_in_progress());
}

/// Section 4.7.3: the Wave a Starchild activates jumps like a Starchild, activating an own
/// Starchild or any Wave (never the own Bishop, L3547, L3650); the opponent's Wave it activates
/// inherits the jump and activates its own (dark) Starchild and Waves, never the light
/// Starchild; a Starchild activated by a Starchild jumps again, from the colour it stands on.
#[test]
fn the_starchild_network() {
    let pos = o("O", "Kz2,kz25,Ie5,Wf9,Im14,wc10,wg9,ip3,Rd5,Bd4,Mk20,Ik13");
    // In the air, the next actions start where the piece in the air stands.
    let wave = activate(&pos, "e5", "f9");
    let (cell, _) = wave.piece_in_air().unwrap();
    assert!(piece::is(cell, Kind::Wave, Color::White));
    let moves = actions_of(&wave, "f9");
    assert_eq!(
        ends(&wave, &moves, flag::ACTIVATE),
        // Dark fields: the dark Wave g9, the own Starchild k13; never the own Bishop d4.
        BTreeSet::from(["g9", "k13"].map(String::from))
    );
    // e5, which the Starchild left, is a dark field the Wave may go to.
    assert!(ends(&wave, &moves, 0).contains("e5"));
    assert_eq!(ends(&wave, &moves, 0), other_colour_empty(&wave, "f9"));
    let dark_wave = activate(&wave, "f9", "g9");
    let moves = actions_of(&dark_wave, "g9");
    assert_eq!(
        ends(&dark_wave, &moves, flag::ACTIVATE),
        // Light fields: the dark Starchild p3 and the dark Wave c10; not the light m14.
        BTreeSet::from(["c10", "p3"].map(String::from))
    );
    let dark_starchild = activate(&dark_wave, "g9", "p3");
    let moves = actions_of(&dark_starchild, "p3");
    // p3 is light: the dark Starchild jumps to dark fields, where no dark Wave or Starchild
    // stands now (the light Wave stands on g9, the dark one on p3).
    assert_eq!(
        ends(&dark_starchild, &moves, flag::ACTIVATE),
        BTreeSet::new()
    );
    assert_eq!(
        ends(&dark_starchild, &moves, 0),
        other_colour_empty(&dark_starchild, "p3")
    );
    // A Starchild the Starchild activates hands on the 1 it received.
    let second = activate(&pos, "e5", "m14");
    let moves = actions_of(&second, "m14");
    assert!(moves.iter().all(|m| m.passed_on().is_none_or(|k| k == 1)));
    assert_eq!(
        ends(&second, &moves, flag::ACTIVATE),
        BTreeSet::from(["k13".to_string()])
    );
}

/// Table 20 and L5063: an own Wave activates an own Starchild even with no momentum left, and
/// an own Bishop only with momentum.
#[test]
fn a_wave_activates_a_starchild_without_momentum() {
    let pos = o("O", "Kz2,kz25,Wc3,Ic8,Bf3,Bc10");
    let o = Offsets::new(pos.stride());
    let moved = FieldSet::default();
    let gen = PlyGen {
        pos: &pos,
        o: &o,
        moved: &moved,
        vacated: 0,
    };
    let ends_with = |momentum: u8| {
        let mut out = Vec::new();
        let wave = Mover {
            cell: pos.cell(field(&pos, "c3")),
            from: field(&pos, "c3"),
            momentum: Some(momentum),
            pattern: Pattern::Rook,
            may_ep: false,
        };
        gen.plies(&wave, &mut out);
        out.iter()
            .filter(|(p, _)| p.has(flag::ACTIVATE))
            .map(|(p, _)| pos.field_name(p.to))
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(ends_with(0), BTreeSet::from(["c8".to_string()]));
    assert_eq!(
        ends_with(2),
        BTreeSet::from(["c8", "f3", "c10"].map(String::from))
    );
}

/// Section 2.2 and OQ-32: a Starchild is transparent: a Rook rides over an own Starchild and
/// over an opponent's, which it may also take; a dark Rook checks the light King through a
/// Starchild; a Starchild never checks (L3504).
#[test]
fn starchilds_are_transparent_and_harmless() {
    let pos = o("O", "Ka1,kz26,Rd2,Id4,id8,Bz3");
    let moves = actions_of(&pos, "d2");
    let plain = ends(&pos, &moves, 0);
    for f in ["d3", "d5", "d7", "d9", "d26"] {
        assert!(plain.contains(f), "{f}");
    }
    assert!(!plain.contains("d4") && !plain.contains("d8"));
    assert_eq!(
        ends(&pos, &moves, flag::CAPTURE),
        BTreeSet::from(["d8".to_string()])
    );
    // Checks pass over Starchilds of either colour.
    let check = o("O", "Ka1,kz26,Ia3,ia5,ra9");
    assert!(check.in_check());
    let no_check = o("O", "Ka1,kz26,Ia3,ib2");
    assert!(
        !no_check.in_check(),
        "a Starchild next to the King gives no check"
    );
}

/// Section 4.7.4: Starchild f5 activates the Star on its miracle-field e6 (momentum 1, OQ-22),
/// which then steps onto any empty neighbour of e6 (the Starchild's origin f5 among them),
/// ending the turn; it may bounce off that Star instead (L3594), onto the empty light
/// neighbours d5, d7, f7 (the dark ones are the states of plain moves); the moved Star is
/// written where it stands, in its colour, and blocks a Rook, which teleports through it.
#[test]
fn a_starchild_moves_a_star() {
    let pos = o("O", "Kz2,kz25,If5,Te6,tz1,Rc6");
    let moves = actions_of(&pos, "f5");
    let touch = moves
        .iter()
        .find(|m| m.first().has(flag::ACTIVATE))
        .expect("the Star is activated");
    assert_eq!(pos.field_name(touch.first().to), "e6");
    assert_eq!(touch.passed_on(), Some(1));
    assert_eq!(
        ends(&pos, &moves, flag::TELEPORT),
        BTreeSet::from(["d5", "d7", "f7"].map(String::from))
    );
    let star = pos.play(touch);
    let (cell, at) = star.piece_in_air().unwrap();
    assert_eq!(piece::kind(cell), Kind::Star);
    assert_eq!(star.field_name(at), "e6");
    let steps = actions(&star);
    assert_eq!(
        ends(&star, &steps, 0),
        BTreeSet::from(["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"].map(String::from))
    );
    let to_d6 = steps
        .iter()
        .find(|m| star.field_name(m.first().to) == "d6")
        .unwrap();
    let after = star.play(to_d6);
    assert!(!after.turn_in_progress());
    let text = after.position_string();
    assert!(text.starts_with("26/"), "{text}");
    assert_eq!(Croatian::from_position_string("one", &text).unwrap(), after);
    assert!(piece::is(
        after.cell(field(&after, "d6")),
        Kind::Star,
        Color::White
    ));
    // The Star on d6 now blocks the Rook c6's way right: it teleports (emerging beside the
    // dark Star z1, whose third portal z2 holds the King) instead of riding on.
    let mut again = after.clone();
    again.side = Color::White;
    again.recompute_key();
    let rook = actions_of(&again, "c6");
    assert!(!ends(&again, &rook, 0).contains("e6"));
    assert_eq!(
        ends(&again, &rook, flag::TELEPORT),
        BTreeSet::from(["y1", "y2"].map(String::from))
    );
}

/// L3600-3607: a Star with no empty field around it is not activated; the Starchild touching
/// it is oblationed. Here Starchild c3 activates the Wave b3, which activates Starchild b2 next
/// to the Star a1, whose neighbours a2, b1 and b2 (now the Wave's) are all taken.
#[test]
fn a_blocked_star_oblations_the_starchild() {
    let pos = o("O", "Kz2,kz25,Ic3,Wb3,Ib2,Ta1,Pa2,Pb1");
    let in_air = activate(&activate(&pos, "c3", "b3"), "b3", "b2");
    let at_star: Vec<Ply> = actions(&in_air)
        .iter()
        .map(|m| *m.plies().last().unwrap())
        .filter(|p| in_air.field_name(p.to) == "a1")
        .collect();
    assert_eq!(at_star.len(), 1);
    assert_eq!(at_star[0].flags, flag::TELEPORT | flag::OBLATION);
    let after = in_air.play(&Move::cascade(&[at_star[0]]));
    assert!(!after.turn_in_progress());
    assert_eq!(
        after.position_string().split(' ').next().unwrap(),
        "26/25k/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/1I24/PW23K/TP24"
    );
}

/// Every complete turn of Starchild positions (plain jumps, bounces, a Wave it activates, a
/// Star it moves, a blocked Star's oblation) writes as one move text that reads back to the
/// same state.
#[test]
fn starchild_turns_read_back() {
    for pieces in [
        "Kz2,kz25,Ie5,Wf9,Mk20",
        "Kz2,kz25,If5,Te6,tz1,Rc6",
        "Kz2,kz25,Ic3,Wb3,Ib2,Ta1,Pa2,Pb1",
        "Kz2,kz25,Hc4,id4,bc5,we5,Nc3",
    ] {
        let pos = o("O", pieces);
        let mut turns = 0;
        for turn in crate::core::perft::complete_turns(&pos) {
            let text = turn.text();
            let mv = pos
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{pieces}: {text}: {e}"));
            assert!(pos.is_legal(&mv), "{pieces}: {text}");
            assert_eq!(pos.play(&mv), turn.state, "{pieces}: {text}");
            turns += 1;
        }
        assert!(turns > 50, "{pieces}: {turns}");
    }
}

/// The start's first actions by moving piece (the action-level perft at depth 1: 2,303), against
/// section 8's independent simulation where it counts the same: Monoliths 1,241 (y19 618 + b8
/// 623: 486 destinations each and the demotions), Scouts 396, Pawns 128 (b3 into the Monolith
/// b8 among them), Rooks 32, Unicorn 3. The Starchilds end the turn in 496 ways (f1: 242 plain,
/// 8 bounces off b8 and y19 that are new states, one oblation; u1: 244 plain, one oblation) and
/// start the network in 4 (f1 onto the Wave q1 and Starchild u1, u1 onto the Wave j1 and
/// Starchild f1); the Grenadiers k2 and p2 activate the Waves j1 and q1 (section 8's entries);
/// the Queen m1 steps onto the Shaman l1 beside it and diverges there (section 2.4).
#[test]
fn start_first_actions() {
    let pos = super::tests::start("one");
    let mut by_piece = std::collections::BTreeMap::new();
    for mv in actions(&pos) {
        let k = Kind::from_index(mv.first().piece).unwrap().letter();
        *by_piece.entry((k, mv.passed_on().is_some())).or_insert(0) += 1;
    }
    let expected = std::collections::BTreeMap::from([
        (('G', true), 2),
        (('I', false), 496),
        (('I', true), 4),
        (('M', false), 1241),
        (('O', false), 396),
        (('P', false), 128),
        (('Q', true), 1),
        (('R', false), 32),
        (('U', false), 3),
    ]);
    assert_eq!(by_piece, expected);
    assert_eq!(expected.values().sum::<i32>(), 2303);
}

/// Section 10: the dark journey pattern from c5 on 26x26, up-hand outward: d7, h5, (off, off),
/// b13, n7, (off x3), t9, (off x3), z11, the fields of `Bc5\z11..n7` (L4497); the down-hand
/// starts on b3.
#[test]
fn the_journey_pattern_from_c5() {
    let pos = o("o", "Kz2,kz25");
    let fields = super::starchild::journey_fields(&pos, field(&pos, "c5"), Color::Black);
    let named: Vec<String> = fields.iter().map(|&f| pos.field_name(f)).collect();
    assert_eq!(named[..7], ["d7", "h5", "b13", "n7", "t9", "z11", "b3"]);
}

/// Section 4.7.6: the light Shaman c4 steps onto the dark Starchild d4 beside it (an initiator
/// may be the opponent's, L3776), which uplifts the dark Bishop c5 (its own colour; never the
/// dark Wave e5 or the light Knight c3), which journeys to any empty field of the dark pattern
/// from c5, n7 and z11 among them, ending the turn (`[Id4-c5]"[Bc5-n7]`, L4495).
#[test]
fn a_sense_journey() {
    let pos = o("O", "Kz2,kz25,Hc4,id4,bc5,we5,Nc3");
    let uplift = |pos: &Croatian, from: &str| {
        let all = actions(pos);
        let steps: Vec<&Move> = all
            .iter()
            .filter(|m| {
                let p = m.plies().last().unwrap();
                pos.field_name(p.from) == from && p.has(flag::UPLIFT) && p.has(flag::ACTIVATE)
            })
            .collect();
        assert_eq!(steps.len(), 1, "{from}: {steps:?}");
        pos.play(steps[0])
    };
    let uplifting = uplift(&pos, "c4");
    let (cell, _) = uplifting.piece_in_air().unwrap();
    assert!(piece::is(cell, Kind::Starchild, Color::Black));
    let journey = uplift(&uplifting, "d4");
    let moves = actions(&journey);
    let c5 = field(&journey, "c5");
    let expected = names(
        &journey,
        super::starchild::journey_fields(&journey, c5, Color::Black)
            .into_iter()
            .filter(|&f| journey.cell(f) == piece::EMPTY),
    );
    assert_eq!(ends(&journey, &moves, flag::UPLIFT), expected);
    assert!(expected.contains("n7") && expected.contains("z11"));
    let to_n7 = moves
        .iter()
        .find(|m| journey.field_name(m.first().to) == "n7")
        .unwrap();
    let after = journey.play(to_n7);
    assert!(!after.turn_in_progress());
    assert!(piece::is(
        after.cell(field(&after, "n7")),
        Kind::Bishop,
        Color::Black
    ));
    assert!(piece::is(
        after.cell(field(&after, "c5")),
        Kind::Starchild,
        Color::Black
    ));
    assert!(piece::is(
        after.cell(field(&after, "d4")),
        Kind::Shaman,
        Color::White
    ));
}
