//! Conquest of Tlalocan: the start counts (part 2 sections 8 and 10) and the Shaman's rules one
//! by one: step-ply, capture-ply chains (OQ-10), the Shaman-activated Wave, check by a Shaman,
//! forced promotion.

use super::piece::steps::KNIGHT;
use super::piece::{self, Kind};
use super::tests::start;
use super::tests_hemera::{by_first_piece, destinations, moves_of};
use super::*;
use crate::core::{Color, Game};

/// A Conquest of Tlalocan position from the author's setup list (`COT` light to move, `cot`
/// dark), listing whole turns (the rules tests look at complete cascades).
pub(super) fn cot(symbol: &str, pieces: &str) -> Croatian {
    super::tests::setup(&format!("{symbol} {pieces}")).by_action(false)
}

pub(super) fn field(pos: &Croatian, name: &str) -> u16 {
    let b = name.as_bytes();
    pos.sq(b[0] - b'a', name[1..].parse::<u8>().unwrap() - 1)
}

fn kind_on(pos: &Croatian, name: &str) -> Option<(Kind, Color)> {
    let c = pos.cell(field(pos, name));
    piece::is_piece(c).then(|| (piece::kind(c), piece::color(c)))
}

/// Part 2 sections 1, 8 and 10: the setup square by square (32 Pawns, 16 Scouts, 16
/// Grenadiers a side), Pawns 96, Scouts 340, Unicorn g1 to e4 f5 h5, the Rooks' two oblations
/// into the corner Stars, every other single ply boxed in (Shamans block King and Queen), and
/// the cascades of the Grenadiers g2 and r2 activating the Waves h1 and q1 on a diagonal
/// capture-field.
#[test]
fn start_setup_and_sub_counts() {
    // Whole turns: the Queen's divergence at l1 is an action leading to no legal turn.
    let pos = start("tlalocan").by_action(false);
    let rows = pos.position_string();
    let first = rows.split('/').next().unwrap();
    assert_eq!(first, "tr&nbscuweahqk&haewucsbnr&T");
    let count = |k: Kind| {
        (0..24u8)
            .flat_map(|r| (0..24u8).map(move |f| (f, r)))
            .filter(|&(f, r)| piece::is(pos.cell(pos.sq(f, r)), k, Color::White))
            .count()
    };
    assert_eq!(
        (
            count(Kind::Pawn),
            count(Kind::Scout),
            count(Kind::Grenadier)
        ),
        (32, 16, 16)
    );
    assert_eq!(count(Kind::Shaman), 2);
    let counts = by_first_piece(&pos);
    assert_eq!(counts.get(&'P'), Some(&96));
    assert_eq!(counts.get(&'O'), Some(&340));
    assert_eq!(counts.get(&'U'), Some(&3));
    assert_eq!(counts.get(&'R'), Some(&2));
    for boxed in ['K', 'Q', 'H', 'C', 'S', 'N', 'B', 'E'] {
        assert_eq!(counts.get(&boxed), None, "{boxed} is boxed in");
    }
    assert_eq!(destinations(&pos, "g1"), ["e4", "f5", "h5"]);
    let grenadiers: Vec<String> = moves_of(&pos, "g2")
        .iter()
        .chain(&moves_of(&pos, "r2"))
        .map(|m| pos.field_name(m.plies()[0].to))
        .collect();
    assert!(grenadiers.iter().all(|f| f == "h1" || f == "q1"));
    assert_eq!(counts.get(&'G'), Some(&grenadiers.len()));
    // Dark's single plies mirror light's; its cascades differ, since a dark Shaman a Wave
    // activates steps along the long jumps.
    let mut dark = start("tlalocan").by_action(false);
    dark.side = Color::Black;
    dark.recompute_key();
    let dark = by_first_piece(&dark);
    for k in ['P', 'O', 'U', 'R'] {
        assert_eq!(dark.get(&k), counts.get(&k));
    }
}

/// L2499-2506: a light Shaman steps along one Knight vector over empty fields, passes Waves
/// (activating an own one), and is blocked by any other piece, which it never captures there.
#[test]
fn step_ply() {
    let pos = cot("COT", "Ka1,kx24,Hk10");
    // Eight Knight rays from k10 on 24x24, to the edge.
    let d = destinations(&pos, "k10");
    let expected: usize = KNIGHT
        .iter()
        .map(|&(dx, dy)| {
            let (dx, dy) = (dx as i32, dy as i32);
            (1..)
                .take_while(|k| {
                    let (x, y) = (10 + k * dx, 9 + k * dy);
                    (0..24).contains(&x) && (0..24).contains(&y)
                })
                .count()
        })
        .sum();
    assert_eq!(d.len(), expected, "{d:?}");
    // A dark Knight on m11 blocks that ray; no capture there.
    let pos = cot("COT", "Ka1,kx24,Hk10,nm11");
    let d = destinations(&pos, "k10");
    assert!(!d.contains(&"m11".to_string()) && !d.contains(&"o12".to_string()));
    // A dark Wave on m11 is passed over, never captured on a step-field.
    let pos = cot("COT", "Ka1,kx24,Hk10,wm11");
    let moves = moves_of(&pos, "k10");
    assert!(moves.iter().all(|m| pos.field_name(m.first().to) != "m11"));
    assert!(destinations(&pos, "k10").contains(&"o12".to_string()));
    // An own Wave there may be activated, or passed.
    let pos = cot("COT", "Ka1,kx24,Hk10,Wm11");
    let moves = moves_of(&pos, "k10");
    assert!(moves
        .iter()
        .any(|m| m.is_cascade() && pos.field_name(m.first().to) == "m11"));
    assert!(destinations(&pos, "k10").contains(&"o12".to_string()));
}

/// L2513-2520, OQ-10: a light Shaman captures along a long jump, goes on while the next field
/// of that vector holds an opponent's piece and may stop after any capture; a gap ends the
/// chain, and the ply takes every piece before the field it stops on.
#[test]
fn capture_ply_chain() {
    // Long vector (1,4) from d4: e8, f12, g16, h20.
    let pos = cot("COT", "Ka1,kx24,Hd4,ne8,bf12,rg16,qi24");
    let captures: Vec<Move> = moves_of(&pos, "d4")
        .into_iter()
        .filter(|m| m.first().has(flag::CAPTURE))
        .collect();
    let mut ends: Vec<String> = captures
        .iter()
        .map(|m| pos.field_name(m.first().to))
        .collect();
    ends.sort();
    assert_eq!(ends, ["e8", "f12", "g16"]);
    let all = captures
        .iter()
        .find(|m| pos.field_name(m.first().to) == "g16")
        .unwrap();
    let after = pos.play(all);
    assert_eq!(kind_on(&after, "g16"), Some((Kind::Shaman, Color::White)));
    for gone in ["d4", "e8", "f12"] {
        assert_eq!(kind_on(&after, gone), None, "{gone}");
    }
    assert_eq!(after.halfmove(), 0);
    let one = captures
        .iter()
        .find(|m| pos.field_name(m.first().to) == "e8")
        .unwrap();
    let after = pos.play(one);
    assert_eq!(kind_on(&after, "f12"), Some((Kind::Bishop, Color::Black)));
    // Each chain reads and writes as its own move.
    for mv in &captures {
        for text in [
            notation::xan(&pos, mv),
            notation::ean(&pos, mv),
            pos.move_to_wire(mv),
        ] {
            assert_eq!(&pos.parse_move(&text).unwrap(), mv, "{text}");
        }
    }
    for text in ["Hd4.e8*.f12*.g16*", "H.e8*.f12*.g16*", "Hd4-g16"] {
        assert_eq!(pos.parse_move(text).as_ref(), Ok(all), "{text}");
    }
    // A gap: f12 empty, g16 out of reach.
    let pos = cot("COT", "Ka1,kx24,Hd4,ne8,rg16");
    let d = destinations(&pos, "d4");
    assert!(d.contains(&"e8".to_string()) && !d.contains(&"g16".to_string()));
    // No capture on an empty first capture-field, and the King is never captured.
    let pos = cot("COT", "Ka1,ke8,Hd4");
    assert!(!destinations(&pos, "d4").contains(&"e8".to_string()));
}

/// L2518, L2520, L2628: a capture-ply may end by activating an own Wave or Pyramid on a
/// capture-field, first or after captures; an own Wave ends the chain (no transparency), an
/// opponent's Wave is captured like any piece and the chain goes on.
#[test]
fn capture_ply_activations_and_waves() {
    let pos = cot("COT", "Ka1,kx24,Hd4,ne8,Wf12,rg16");
    let moves = moves_of(&pos, "d4");
    let wave = moves
        .iter()
        .find(|m| m.is_cascade() && pos.field_name(m.first().to) == "f12")
        .expect("the own Wave is activated after the capture on e8");
    assert!(wave.first().has(flag::ACTIVATE));
    // The Wave's ply: e8's Knight went on the way.
    let after = pos.play(wave);
    assert_eq!(kind_on(&after, "e8"), None);
    assert!(!destinations(&pos, "d4").contains(&"g16".to_string()));
    // An own Pyramid first on the chain: activated with momentum 1.
    let pos = cot("COT", "Ka1,kx24,Hd4,Ae8");
    assert!(moves_of(&pos, "d4")
        .iter()
        .any(|m| m.is_cascade() && pos.field_name(m.first().to) == "e8"));
    // A dark Wave is captured and the chain goes on to g16... only with f12 taken.
    let pos = cot("COT", "Ka1,kx24,Hd4,we8,bf12");
    let d = destinations(&pos, "d4");
    assert!(d.contains(&"e8".to_string()) && d.contains(&"f12".to_string()));
}

/// L2474, L2527, L2534: a dark Shaman steps along the long jumps and captures along Knight
/// jumps.
#[test]
fn dark_shaman_vectors() {
    let pos = cot("cot", "Ka1,kx24,hk10,Nm11,Bo12,Pl14");
    let d = destinations(&pos, "k10");
    // Capture chain along (2,1): m11, o12 (q13 empty).
    assert!(d.contains(&"m11".to_string()) && d.contains(&"o12".to_string()));
    assert!(!d.contains(&"q13".to_string()));
    // The long step (1,4): l14 holds a Pawn, a step-field: blocked, no capture.
    assert!(!d.contains(&"l14".to_string()) && !d.contains(&"m18".to_string()));
    // The long step (4,1) runs to the edge: o11, s12, w13.
    for f in ["o11", "s12", "w13"] {
        assert!(d.contains(&f.to_string()), "{f}");
    }
}

/// L2541-2580: a Wave activated by a Shaman moves along any of its 24 vectors, the Knight's and
/// the long jumps, unlimited, whether activated on a step-field or a capture-field.
#[test]
fn shaman_activated_wave() {
    let pos = cot("COT", "Ka1,kx24,Hk10,Wm11");
    let ends: std::collections::BTreeSet<String> = moves_of(&pos, "k10")
        .iter()
        .filter(|m| m.is_cascade())
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    // Along (1,2) from m11: n13; along (4,1): q12; along (-1,-4): l7.
    for f in ["n13", "q12", "l7", "w16"] {
        assert!(ends.contains(f), "{f}: {ends:?}");
    }
    // Not a Queen's ray.
    assert!(!ends.contains("m12") && !ends.contains("n12"));
}

/// Section 2.6, L2611-2628 (figures 295-298): a King at the end of an unbroken chain of
/// capturable pieces on a Shaman's capture vector is in check; a gap, an own piece of the
/// Shaman or an own Wave of the Shaman breaks the chain; a Wave of the King's side does not.
#[test]
fn check_by_shaman_chain() {
    let in_check = |pieces: &str| cot("cot", pieces).in_check();
    assert!(in_check("Ka1,kg16,Hd4,ne8,bf12"));
    assert!(in_check("Ka1,ke8,Hd4"));
    assert!(!in_check("Ka1,kg16,Hd4,ne8"), "a gap");
    assert!(!in_check("Ka1,kg16,Hd4,ne8,Af12"), "own Pyramid");
    assert!(!in_check("Ka1,kg16,Hd4,ne8,Wf12"), "own Wave");
    assert!(in_check("Ka1,kg16,Hd4,ne8,wf12"), "the King's own Wave");
    // A dark Shaman checks along Knight jumps.
    assert!(cot("COT", "Kc3,kx24,hg5,Ne4").in_check());
    assert!(
        !cot("COT", "Kc3,kx24,hg4").in_check(),
        "a long jump is its step"
    );
}

/// Section 2.10: any kind but Pawn, King, Star and Monolith.
const PROMO_COUNT: usize = 13;

/// L3182-3184, L2596: promotion is forced: a Pawn reaching the last rank promotes at once, and
/// no move anywhere tags a Pawn for promotion.
#[test]
fn forced_promotion() {
    let pos = cot("COT", "Ka1,kx24,Pc23");
    let moves: Vec<Move> = moves_of(&pos, "c23")
        .into_iter()
        .filter(|m| pos.rank_of(m.first().to) == 23)
        .collect();
    assert_eq!(moves.len(), PROMO_COUNT);
    assert!(moves.iter().all(|m| m.first().has(flag::PROMOTE)));
    assert!(moves.iter().any(|m| m.first().promo == Kind::Shaman as u8));
    assert!(moves.iter().all(|m| !m.first().has(flag::TAG_PROMOTION)));
}
