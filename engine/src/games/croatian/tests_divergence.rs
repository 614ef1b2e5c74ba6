//! Divergence (Conquest of Tlalocan, part 2 section 2.4, L2630-2878): one test per rule and per
//! book figure reconstructed, each divergence read back from the text the engine writes.

use std::collections::BTreeSet;

use super::piece::{self, Kind};
use super::tests::assert_holds;
use super::tests_hemera::moves_of;
use super::tests_tlalocan::cot;
use super::*;
use crate::core::random::Xorshift;
use crate::core::{Color, Game};

/// Whether a move diverges anywhere.
fn diverges(mv: &Move) -> bool {
    mv.plies().iter().any(|p| p.has(flag::DIVERGE))
}

/// Where the piece on `from` ends in the moves of that piece alone in which it diverges (every
/// ply made by it: no activation after the divergence).
fn ends_after_divergence(pos: &Croatian, from: &str) -> BTreeSet<String> {
    let kind = pos.cell(super::tests_tlalocan::field(pos, from));
    moves_of(pos, from)
        .iter()
        .filter(|m| diverges(m))
        .filter(|m| m.plies().iter().all(|p| p.piece == piece::kind_bits(kind)))
        .map(|m| pos.field_name(m.plies().last().unwrap().to))
        .collect()
}

/// Every move of `pos` that diverges reads back from its XAN and its EAN.
fn assert_divergences_read_back(pos: &Croatian) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut seen = 0;
    for mv in moves.iter().filter(|m| diverges(m)) {
        for text in [notation::xan(pos, mv), notation::ean(pos, mv)] {
            assert!(text.contains('/'), "{text}");
            assert_eq!(pos.parse_move(&text).as_ref(), Ok(mv), "{text}");
        }
        seen += 1;
    }
    assert!(seen > 0, "no divergence in {pos:?}");
}

fn set(fields: &[&str]) -> BTreeSet<String> {
    fields.iter().map(|f| f.to_string()).collect()
}

/// L2635-2642, figures 299-300, notation L01/L02: a Queen reaching its own Shaman goes on from
/// its field in any direction, at most the 5 fields it had travelled; it never ends on the
/// Shaman's field, nor back on its own (a null move, OQ-15). It never diverges at the
/// opponent's Shaman, which it captures.
#[test]
fn queen_diverges_from_own_shaman() {
    let pos = cot("COT", "Ka1,kx24,Qo2,Hj7,em10");
    let mv = moves_of(&pos, "o2")
        .into_iter()
        .find(|m| m.plies().len() == 2 && pos.field_name(m.plies()[1].to) == "m10")
        .expect("o2-j7, diverging, then j7-m10");
    assert!(mv.plies()[0].has(flag::DIVERGE) && mv.plies()[1].has(flag::CAPTURE));
    assert_eq!(notation::xan(&pos, &mv), "Qo2..j7/H..m10*E");
    assert_eq!(notation::ean(&pos, &mv), "Q..j7/..m10*");
    for book in ["Q..j7/..m10*", "Qo2..j7/H..m10*E"] {
        assert_eq!(pos.parse_move(book).as_ref(), Ok(&mv), "{book}");
    }
    let clicks = crate::core::view::click_texts(&pos.move_input(&mv).clicks);
    assert_eq!(clicks, ["o2", "j7", "m10"]);
    let after = pos.play(&mv);
    assert_holds(&after, "j7", Kind::Shaman, Color::White);
    assert_holds(&after, "m10", Kind::Queen, Color::White);
    let ends = ends_after_divergence(&pos, "o2");
    // (e2, j2 and o7 are on the Queen's own lines from o2: those moves do not diverge.)
    for reached in ["j12", "e7", "e12", "i6", "m10", "j3"] {
        assert!(ends.contains(reached), "{reached}: {ends:?}");
    }
    for beyond in ["j13", "d7", "n11", "j7", "o2"] {
        assert!(!ends.contains(beyond), "{beyond}: {ends:?}");
    }
    assert_divergences_read_back(&pos);
    let pos = cot("COT", "Ka1,kx24,Qo2,hj7");
    assert!(!moves_of(&pos, "o2").iter().any(diverges));
    assert!(moves_of(&pos, "o2")
        .iter()
        .any(|m| pos.field_name(m.first().to) == "j7" && m.first().has(flag::CAPTURE)));
}

/// L2651-2660, figures 301-302: an activated Rook spends its momentum before and after the
/// divergence and needs 1 or more left on reaching the Shaman. A Queen's Wave hands the Rook on
/// h5 3 momentum: the Shaman on h7 leaves it 1 for one field; the one on k5 none.
#[test]
fn activated_rook_needs_momentum_to_diverge() {
    let pos = cot("COT", "Ka1,kx24,Qd2,Wd5,Rh5,Hh7,Hk5");
    let rook_ends: BTreeSet<String> = moves_of(&pos, "d2")
        .iter()
        .filter(|m| m.plies().len() == 4 && m.plies()[2].has(flag::DIVERGE))
        .filter(|m| m.plies()[3].piece == Kind::Rook as u8)
        .map(|m| {
            (
                pos.field_name(m.plies()[2].to),
                pos.field_name(m.plies()[3].to),
            )
        })
        .map(|(at, end)| format!("{at}>{end}"))
        .collect();
    // Back onto h6 is the Rook's plain step, listed as such.
    assert_eq!(rook_ends, set(&["h7>g7", "h7>h8", "h7>i7"]));
    assert_divergences_read_back(&pos);
}

/// L2667-2688, figures 303-304: a Pawn diverges on its forward, sideways and capture steps and
/// makes one step after, with the momentum it had (1 as the first piece) less that step.
#[test]
fn pawn_makes_one_step_after_diverging() {
    let pos = cot("COT", "Ka1,kx24,Pe2,He3,nd4");
    assert_eq!(
        ends_after_divergence(&pos, "e2"),
        set(&["d3", "d4", "e4", "f3"])
    );
    // A capture-field and a sideways field holding the Shaman.
    let pos = cot("COT", "Ka1,kx24,Pe2,Hf3,Hd2");
    let ends = ends_after_divergence(&pos, "e2");
    assert!(ends.contains("f4") && ends.contains("g3") && ends.contains("d3"));
    assert!(!ends.contains("f5"), "one step only: {ends:?}");
    assert_divergences_read_back(&pos);
}

/// L2690-2711, figures 305-306: a rushing Pawn diverges from a Shaman on its way with the
/// fields it travelled (3 here) and makes one step; an own Pyramid on a capture-field then
/// takes the 2 left. The unfinished rush leaves no en-passant opportunity.
#[test]
fn rushing_pawn_diverges() {
    let pos = cot("COT", "Ka1,kx24,Pe2^,He5,nd6,Af6");
    let ends = ends_after_divergence(&pos, "e2");
    assert_eq!(ends, set(&["d5", "d6", "e6", "f5"]));
    let pyramid = moves_of(&pos, "e2")
        .into_iter()
        .find(|m| m.plies().len() == 3 && m.plies()[1].has(flag::ACTIVATE) && diverges(m));
    assert!(pyramid.is_some(), "the Pyramid on f6 is activated");
    let step = moves_of(&pos, "e2")
        .into_iter()
        .find(|m| diverges(m) && pos.field_name(m.plies()[1].to) == "e6")
        .unwrap();
    assert!(pos.play(&step).en_passant().is_empty());
    assert_divergences_read_back(&pos);
}

/// L2690-2718, figures 307-310: a Knight and a Unicorn make one jump after diverging; the
/// Unicorn's jump follows the colour of the Shaman's field against its own: the light Unicorn
/// on b1 (light) jumps short to c3 (dark) and then long.
#[test]
fn knight_and_unicorn_diverge_for_one_jump() {
    let pos = cot("COT", "Ka1,kx24,Ub1,Hc3");
    let ends = ends_after_divergence(&pos, "b1");
    for long in ["d7", "g4", "e6", "f5", "a6", "b7"] {
        assert!(ends.contains(long), "{long}: {ends:?}");
    }
    for short in ["d5", "e4", "e2", "a4"] {
        assert!(!ends.contains(short), "{short}: {ends:?}");
    }
    let pos = cot("COT", "Ka1,kx24,Nb1,Hc3");
    // Back onto b1 would restore the position.
    assert_eq!(
        ends_after_divergence(&pos, "b1"),
        set(&["a2", "a4", "b5", "d1", "d5", "e2", "e4"])
    );
    assert_divergences_read_back(&pos);
}

/// L2722-2740, figures 311-313: the King, the Centaur and the Serpent never diverge: an own
/// Shaman blocks them.
#[test]
fn king_centaur_serpent_never_diverge() {
    for (pieces, from) in [
        ("Ka1,kx24,Hb2", "a1"),
        ("Ka1,kx24,Ce4,Hf6,Hg5,Hc5,Hd6", "e4"),
        ("Ka1,kx24,Sk10,Hl11,Hj11,Hl9,Hj9", "k10"),
    ] {
        let pos = cot("COT", pieces);
        assert!(!moves_of(&pos, from).iter().any(diverges), "{pieces}");
    }
}

/// L2745-2806, figures 314-320: a Shaman diverges from its own Shaman and from the opponent's,
/// on a step-field or a capture-field, and may then choose a step-ply or a capture-ply. On a
/// capture-field the opponent's Shaman may be captured instead.
#[test]
fn shaman_diverges_from_either_shaman() {
    // A Knight step onto the dark Shaman on e6, then one Knight step (budget 1).
    let pos = cot("COT", "Ka1,kx24,Hd4,he6");
    assert_eq!(
        ends_after_divergence(&pos, "d4"),
        set(&["c5", "c7", "d8", "f4", "f8", "g5", "g7"])
    );
    // The dark Shaman on e8 is on the long jump (1,4) from d4: capture it, or diverge and
    // capture the Knight on i9 after with the budget of 1.
    let pos = cot("COT", "Ka1,kx24,Hd4,he8,ni9");
    let moves = moves_of(&pos, "d4");
    assert!(moves.iter().any(|m| !m.is_cascade()
        && m.first().has(flag::CAPTURE)
        && pos.field_name(m.first().to) == "e8"));
    let after: BTreeSet<String> = moves
        .iter()
        .filter(|m| diverges(m))
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    assert!(after.contains("i9") && after.contains("f10"), "{after:?}");
    assert_divergences_read_back(&pos);
}

/// L2808-2842, figures 321-325: a Wave diverges from its own Shaman and goes on in any
/// direction its activator could choose (a Queen's here: the Wave reaches h12, on no Queen line
/// from d5); activated by a Unicorn it never diverges.
#[test]
fn wave_diverges_unless_activated_by_a_unicorn() {
    let pos = cot("COT", "Ka1,kx24,Qd2,Wd5,Hh5");
    let wave_ends: BTreeSet<String> = moves_of(&pos, "d2")
        .iter()
        .filter(|m| m.plies().len() == 3 && m.plies()[1].has(flag::DIVERGE))
        .map(|m| pos.field_name(m.plies()[2].to))
        .collect();
    assert!(
        wave_ends.contains("h12") && wave_ends.contains("b11"),
        "{wave_ends:?}"
    );
    assert_divergences_read_back(&pos);
    let pos = cot("COT", "Ka1,kx24,Ub1,Wc3,Hd5,He4,Hb5");
    let moves = moves_of(&pos, "b1");
    assert!(moves.iter().any(|m| m.is_cascade()));
    // (A Shaman the Wave activates may activate it again: that Wave moves like a Shaman.)
    assert!(!moves
        .iter()
        .any(|m| m.plies().len() > 1 && m.plies()[1].has(flag::DIVERGE)));
}

/// L2851, figure 326: a piece may diverge again with what is left: the Queen a3 reaches d3
/// with 3, d5 with 1 left, and one field after it.
#[test]
fn divergence_chains() {
    let pos = cot("COT", "Ka1,kx24,Qa3,Hd3,Hd5");
    let twice: BTreeSet<String> = moves_of(&pos, "a3")
        .iter()
        .filter(|m| m.plies().iter().filter(|p| p.has(flag::DIVERGE)).count() == 2)
        .map(|m| pos.field_name(m.plies().last().unwrap().to))
        .collect();
    // (c4 and e4 are one field from d3 too: those moves diverge once.)
    assert!(twice.contains("e6") && twice.contains("c6"), "{twice:?}");
    assert!(!twice.contains("c4"), "{twice:?}");
    assert!(!twice.contains("f7"), "{twice:?}");
    assert_divergences_read_back(&pos);
}

/// L2869-2878, figures 328-329: a divergence never gives check: the dark King on j12 is only
/// on the Queen's way through its Shaman.
#[test]
fn divergence_gives_no_check() {
    let pos = cot("cot", "Ka1,kj12,Qo2,Hj7");
    assert!(!pos.in_check());
    let pos = cot("cot", "Ka1,kj12,Qj2");
    assert!(pos.in_check());
}

/// L3158-3169, figures 360-361: a Pawn whose capture-field is an en-passant field holding its
/// own Shaman diverges there instead of taking en passant.
#[test]
fn divergence_replaces_en_passant() {
    let pos = cot("COT", "Ka1,kx24,Pd19,pe19:");
    assert!(moves_of(&pos, "d19")
        .iter()
        .any(|m| m.first().has(flag::EN_PASSANT)));
    let pos = cot("COT", "Ka1,kx24,Pd19,He20,pe19:");
    let moves = moves_of(&pos, "d19");
    assert!(!moves
        .iter()
        .any(|m| m.plies().iter().any(|p| p.has(flag::EN_PASSANT))));
    assert!(moves
        .iter()
        .any(|m| m.first().has(flag::DIVERGE) && pos.field_name(m.first().to) == "e20"));
}

/// L2722-2740, L2860, figure 327: which pieces are divergent for whom (by the pieces' colours,
/// whoever moves them) and which may diverge.
#[test]
fn who_diverges_from_whom() {
    use super::divergence::{is_divergent, may_diverge};
    use super::plies::{Mover, Pattern};
    let make = |k: Kind, c: Color| piece::make(k, c, piece::Tag::None);
    let (light, dark) = (Color::White, Color::Black);
    let shaman = make(Kind::Shaman, light);
    assert!(is_divergent(make(Kind::Pegasus, light), shaman));
    assert!(!is_divergent(make(Kind::Pegasus, dark), shaman));
    assert!(is_divergent(
        make(Kind::Pegasus, dark),
        make(Kind::Shaman, dark)
    ));
    assert!(is_divergent(make(Kind::Shaman, dark), shaman));
    assert!(!is_divergent(
        make(Kind::Queen, light),
        make(Kind::Pyramid, light)
    ));
    let mover = |k: Kind, pattern: Pattern| Mover {
        cell: make(k, light),
        from: 0,
        momentum: Some(1),
        pattern,
        may_ep: false,
    };
    for k in [
        Kind::King,
        Kind::Centaur,
        Kind::Serpent,
        Kind::Monolith,
        Kind::Star,
    ] {
        assert!(!may_diverge(&mover(k, Pattern::Own)), "{k:?}");
    }
    for p in [Pattern::Unicorn, Pattern::Centaur, Pattern::Serpent] {
        assert!(!may_diverge(&mover(Kind::Wave, p)), "{p:?}");
    }
    for p in [
        Pattern::Queen,
        Pattern::Shaman,
        Pattern::Pawn(light),
        Pattern::Scout(light),
    ] {
        assert!(may_diverge(&mover(Kind::Wave, p)), "{p:?}");
    }
}

/// Table 27 (L5249-5255): a Scout and a Grenadier diverge on their step-fields and go on by
/// their own movement within the momentum they had: the Scout e5 reaches e7 with 2 (e9 and g7
/// after it, not e10), the Grenadier e5 reaches e6 with 1.
#[test]
fn troopers_diverge_on_step_fields() {
    let pos = cot("COT", "Ka1,kx24,Oe5,He7");
    let ends = ends_after_divergence(&pos, "e5");
    assert!(ends.contains("e9") && ends.contains("g7"), "{ends:?}");
    assert!(!ends.contains("e10") && !ends.contains("h7"), "{ends:?}");
    assert_divergences_read_back(&pos);
    let pos = cot("COT", "Ka1,kx24,Ge5,He6");
    let ends = ends_after_divergence(&pos, "e5");
    assert_eq!(ends, set(&["d6", "e7", "f6"]));
    assert_divergences_read_back(&pos);
}

/// Played action by action (the variant's way), the divergence is an action that leaves the
/// Queen in the air on the Shaman's field; the next action ends the turn, and the two join into
/// the turn the whole-turn list holds.
#[test]
fn divergence_action_by_action() {
    let whole = cot("COT", "Ka1,kx24,Qo2,Hj7,em10");
    let pos = whole.clone().by_action(true);
    let mut actions = Vec::new();
    pos.legal_moves(&mut actions);
    let diverge = actions
        .iter()
        .find(|a| a.first().has(flag::DIVERGE))
        .expect("the divergence is an action");
    assert_eq!(diverge.passed_on(), Some(5));
    let air = pos.play(diverge);
    assert!(air.turn_in_progress());
    let mut next = Vec::new();
    air.legal_moves(&mut next);
    let take = next
        .iter()
        .find(|a| pos.field_name(a.first().to) == "m10")
        .expect("j7-m10 from the Shaman's field");
    let turn = pos.join_turn(&[diverge.clone(), take.clone()]).unwrap();
    assert_eq!(pos.parse_move("Q..j7/..m10*").as_ref(), Ok(&turn));
    assert_eq!(
        air.play(take).position_string(),
        whole.play(&turn).position_string()
    );
}

/// Steps of a piece, as (dx, dy).
type Steps = &'static [(i32, i32)];

/// The states a Queen, Rook, Bishop or Knight alone can leave among own Shamans and opponent's
/// Knights, found by an independent walk (rays within the budget, a divergence restarting with
/// the fields travelled), against the generator's moves of that piece, on random positions
/// (a fixed seed).
#[test]
fn divergence_agrees_with_a_plain_walk() {
    let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
    // Each piece's letter, its steps, and whether it rides them.
    let rays: [(char, Steps, bool); 4] = [
        (
            'Q',
            &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            true,
        ),
        ('R', &[(1, 0), (-1, 0), (0, 1), (0, -1)], true),
        ('B', &[(1, 1), (1, -1), (-1, 1), (-1, -1)], true),
        (
            'N',
            &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            false,
        ),
    ];
    let name = |x: i32, y: i32| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let (mut compared, mut diverging) = (0, 0);
    for _ in 0..300 {
        let (letter, dirs, rides) = rays[rng.below(4)];
        let mut taken = vec![(0, 0), (23, 23)];
        let mut free = |rng: &mut Xorshift| loop {
            // A window of 10x10 fields, far from both Kings, for many meetings.
            let (x, y) = (7 + rng.below(10) as i32, 7 + rng.below(10) as i32);
            if !taken.contains(&(x, y)) {
                taken.push((x, y));
                return (x, y);
            }
        };
        let origin = free(&mut rng);
        let mut pieces = format!("Ka1,kx24,{letter}{}", name(origin.0, origin.1));
        let mut board = std::collections::HashMap::new();
        for _ in 0..1 + rng.below(3) {
            let (x, y) = free(&mut rng);
            board.insert((x, y), 'H');
            pieces += &format!(",H{}", name(x, y));
        }
        for _ in 0..rng.below(5) {
            let (x, y) = free(&mut rng);
            board.insert((x, y), 'n');
            pieces += &format!(",n{}", name(x, y));
        }
        board.insert((0, 0), 'K');
        board.insert((23, 23), 'k');
        // (final field, captured field) of every ending.
        let mut expected = BTreeSet::new();
        let mut stack = vec![(origin, None::<i32>)];
        while let Some(((ax, ay), budget)) = stack.pop() {
            for &(dx, dy) in dirs {
                let most = if rides { budget.unwrap_or(99) } else { 1 };
                for k in 1..=most {
                    let (x, y) = (ax + k * dx, ay + k * dy);
                    if !(0..24).contains(&x) || !(0..24).contains(&y) {
                        break;
                    }
                    let left = budget.map_or(k, |b| b - k);
                    match board.get(&(x, y)) {
                        // Its own field, left empty: passed, never an ending (OQ-15).
                        None => {
                            if (x, y) != origin {
                                expected.insert((name(x, y), None));
                            }
                            continue;
                        }
                        Some('H') if left >= 1 => stack.push(((x, y), Some(left))),
                        Some('n') => {
                            expected.insert((name(x, y), Some(name(x, y))));
                        }
                        _ => {}
                    }
                    break;
                }
            }
        }
        let pos = cot("COT", &pieces);
        if pos.decided().is_some() {
            // The dark King stands attacked: a finished game.
            continue;
        }
        let moves = moves_of(&pos, &name(origin.0, origin.1));
        let found: BTreeSet<(String, Option<String>)> = moves
            .iter()
            .map(|m| {
                let last = m.plies().last().unwrap();
                let taken = last.has(flag::CAPTURE).then(|| pos.field_name(last.to));
                (pos.field_name(last.to), taken)
            })
            .collect();
        assert_eq!(found, expected, "{pieces}");
        assert_eq!(moves.len(), expected.len(), "{pieces}");
        compared += 1;
        diverging += usize::from(moves.iter().any(diverges));
    }
    assert!(compared >= 250 && diverging >= 60, "{compared} {diverging}");
}
