//! Tamoanchan Revisited: the start counts (part 2 sections 8 and 10) and the Serpent's rules
//! one by one (section 4.4, TR-1 .. TR-7). Counts of Serpent outcomes on open boards are those
//! of `scripts/serpent-outcomes.py`, an implementation of the walk written apart from this one.

use std::collections::BTreeMap;

use super::moves::flag;
use super::piece::{self, Kind};
use super::tests::{assert_holds, perft};
use super::*;
use crate::core::{Color, Game, MoveError};

/// A Tamoanchan Revisited position from the author's setup list (`TR` light to move).
fn tr(pieces: &str) -> Croatian {
    setup(&format!("TR {pieces}"))
}

/// A position from the author's setup list, listing whole turns (these tests look at the
/// turns, not at the actions that build them).
fn setup(text: &str) -> Croatian {
    super::tests::setup(text).by_action(false)
}

/// The start position, listing whole turns.
fn start(variant: &str) -> Croatian {
    super::tests::start(variant).by_action(false)
}

/// The ply of a move's first piece (after the displacements that precede a Serpent's ply).
fn main_ply(mv: &Move) -> &Ply {
    mv.plies()
        .iter()
        .find(|p| !p.has(flag::DISPLACE))
        .expect("a move has a ply")
}

fn legal(pos: &Croatian) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

/// The legal moves counted by the kind of the piece making the first ply.
fn by_first_piece(pos: &Croatian) -> BTreeMap<char, usize> {
    let mut out = BTreeMap::new();
    for m in &legal(pos) {
        let k = Kind::from_index(main_ply(m).piece).unwrap().letter();
        *out.entry(k).or_insert(0) += 1;
    }
    out
}

fn moves_from(pos: &Croatian, from: &str) -> Vec<Move> {
    legal(pos)
        .into_iter()
        .filter(|m| pos.field_name(main_ply(m).from) == from)
        .collect()
}

/// The fields the moves from `from` end on (the first piece's ply), sorted, once each.
fn ends(pos: &Croatian, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_from(pos, from)
        .iter()
        .map(|m| pos.field_name(main_ply(m).to))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Part 2 sections 8 and 10: Pawns 116, Scouts 188, Rooks 2 (into the corner Stars, every
/// portal taken), Unicorn g1 3, King and Queen onto their Pyramids 1 each; the Serpents,
/// Centaurs, Pegasi and Knights are boxed in. 311.
#[test]
fn start_sub_counts() {
    let pos = start("tamoanchan");
    let counts = by_first_piece(&pos);
    assert_eq!(counts.get(&'P'), Some(&116));
    assert_eq!(counts.get(&'O'), Some(&188));
    assert_eq!(counts.get(&'R'), Some(&2));
    assert_eq!(counts.get(&'U'), Some(&3));
    assert_eq!(counts.get(&'K'), Some(&1));
    assert_eq!(counts.get(&'Q'), Some(&1));
    assert_eq!(counts.get(&'S'), None, "the Serpents are boxed in");
    assert_eq!(perft(&pos, 1), 311);
}

/// Section 9.2: from the centre of the empty 22x22 board a Serpent of limit 14 ends on 192
/// fields of its colour, and the colour-changing step adds the 4 orthogonal neighbours.
#[test]
fn open_board_reach() {
    for field in ["k11", "l11"] {
        let pos = tr(&format!("S{field}"));
        let same = ends(&pos, field);
        assert_eq!(same.len(), 196, "{field}");
        let moves = moves_from(&pos, field);
        assert_eq!(moves.len(), 196, "one move per field on an empty board");
    }
}

/// The limit counts steps (L2164): from a1 the walks of up to 14 alternating steps and the
/// colour-changing steps to a2 and b1 end on 65 fields (the script's count), none beyond the
/// anti-diagonal o1-a15.
#[test]
fn limit_of_fourteen_steps() {
    let pos = tr("Sa1");
    let far = ends(&pos, "a1");
    assert_eq!(far.len(), 65);
    for f in ["o1", "a15", "h8"] {
        assert!(far.contains(&f.to_string()), "{f}: {far:?}");
    }
    assert!(!far.contains(&"i9".to_string()));
}

/// No field twice in a ply, the start included (L2169, R:scn_tr_32). Every field a walk
/// through its start reaches, a shorter walk reaches too, but not with the same momentum: the
/// Pyramid on f6 (its other diagonal neighbours taken) is reached only by the one step from
/// e5, never by e5-d4-e3-f4-e5-f6 with five, so it moves one field.
#[test]
fn no_field_twice() {
    let pos = tr("Se5,Af6,Nd6,Ne7,Ng5,Ng7,Kv10");
    let mut pyramid: Vec<String> = moves_from(&pos, "e5")
        .iter()
        .filter(|m| m.is_cascade() && m.plies()[1].piece == Kind::Pyramid as u8)
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    pyramid.sort();
    assert_eq!(pyramid, ["e6", "f5", "f7", "g6"]);
}

/// Counts of outcomes with displaced Pawns against the independent script (TR-4: displacement
/// fields empty at that moment of the ply; Pawns of both colours; an opponent's Pawn may be
/// captured instead).
#[test]
fn displacement_outcomes_match_the_script() {
    for (pieces, from, expected) in [
        ("Se5,Pf6", "e5", 591),
        ("Se5,pf6", "e5", 592),
        ("Se5,Pf6,Pe7", "e5", 2_317),
    ] {
        let pos = tr(pieces);
        assert_eq!(moves_from(&pos, from).len(), expected, "{pieces}");
    }
}

/// The larger script counts, deep tier only (their debug-build runs take seconds).
#[test]
fn displacement_outcomes_match_the_script_deep() {
    if !crate::core::deep_tests() {
        return;
    }
    for (pieces, from, expected) in [
        ("Se5,Pf6,pe7,Pd6,Nf4", "e5", 8_107),
        ("Sk11,Pl12,Pm11,pj12,pl10,Nj10", "k11", 18_622),
    ] {
        let pos = tr(pieces);
        assert_eq!(moves_from(&pos, from).len(), expected, "{pieces}");
    }
}

/// Section 4.4.3: the Serpent on f3 displaces the Pawn there onto an empty orthogonal
/// neighbour and stands on f3; the Pawn loses its tag (L4116) and is not promoted (OQ-8).
#[test]
fn displacing_one_pawn() {
    let pos = tr("Se2,Pf3^,Ng3,Nf4");
    let onto_f3: Vec<Move> = moves_from(&pos, "e2")
        .into_iter()
        .filter(|m| pos.field_name(main_ply(m).to) == "f3")
        .collect();
    // e3 and f2 are free; g3 and f4 hold Knights.
    assert_eq!(onto_f3.len(), 2);
    for m in &onto_f3 {
        let after = pos.play(m);
        assert_holds(&after, "f3", Kind::Serpent, Color::White);
        let pawn_on = |f: &str| {
            let (file, rank) = (f.as_bytes()[0] - b'a', f[1..].parse::<u8>().unwrap() - 1);
            after.cell(after.sq(file, rank))
        };
        let e3 = pawn_on("e3");
        let f2 = pawn_on("f2");
        let pawn = if e3 != piece::EMPTY { e3 } else { f2 };
        assert!(piece::is(pawn, Kind::Pawn, Color::White));
        assert_eq!(piece::tag(pawn), piece::Tag::None);
        // TR-2: moving a Pawn resets the halfmove clock.
        assert_eq!(after.halfmove(), 0);
    }
}

/// TR-4: Pawns share displacement fields; the first one displaced takes the field. With the
/// walk e5-f6-e7 and everything else boxed in, the Pawn on f6 goes to e6 or f7 and the one on
/// e7 to what is left of e6, f7 and e8 (d7 taken): Pawns on e6 and f7 (either way round), e6
/// and e8, or f7 and e8: three outcomes (the script's 7 moves: these, the two with only the
/// first Pawn displaced, and the colour-changing steps to d5 and e6).
#[test]
fn shared_displacement_fields() {
    let pos = tr("Se5,Pf6,Pe7,Nd6,Nd4,Nf4,Ng5,Ng7,Nd7,Nf5,Nd8,Nf8,Ne4,Ng6");
    let both: Vec<Move> = moves_from(&pos, "e5")
        .into_iter()
        .filter(|m| m.plies().iter().filter(|p| p.has(flag::DISPLACE)).count() == 2)
        .collect();
    assert_eq!(both.len(), 3, "{both:?}");
    assert_eq!(moves_from(&pos, "e5").len(), 7);
}

/// Section 4.4.2, OQ-9: the colour-changing step goes onto an empty orthogonal neighbour only;
/// it never captures or activates an own Wave (L2371, R:scn_tr_17).
#[test]
fn colour_changing_step() {
    let pos = tr("Sk11,Wk12,nl11,Pj11,Nk10");
    let e = ends(&pos, "k11");
    for f in ["k12", "l11", "j11", "k10"] {
        let steps = moves_from(&pos, "k11")
            .into_iter()
            .filter(|m| pos.field_name(main_ply(m).to) == f && m.plies().len() == 1)
            .count();
        assert_eq!(steps, 0, "no colour-changing step onto {f}: {e:?}");
    }
    let pos = tr("Sk11");
    for f in ["k12", "l11", "j11", "k10"] {
        assert!(ends(&pos, "k11").contains(&f.to_string()));
    }
}

/// Section 4.4.4: a step onto a Star teleports: from b2 into the light Star a1, out on the
/// empty portal fields of the dark Stars v1 and a22.
#[test]
fn teleport_through_a_star() {
    let pos = setup("TR Ta1,tv1,ta22,Tv22,Sb2,Nc3,Nc1,Na3");
    let teleports: Vec<String> = moves_from(&pos, "b2")
        .iter()
        .filter(|m| main_ply(m).has(flag::TELEPORT))
        .map(|m| pos.field_name(main_ply(m).to))
        .collect();
    let mut t = teleports;
    t.sort();
    assert_eq!(t, ["a21", "b21", "b22", "u1", "u2", "v2"]);
}

/// Section 4.4.5, Table 21: a Serpent-activated Wave alternates a diagonal step and one on the
/// other diagonal, the pair fixed for the ply; it may not go straight along one diagonal.
#[test]
fn serpent_activated_wave() {
    let pos = tr("Se5,Wf6,Kv10");
    let cascades: Vec<String> = moves_from(&pos, "e5")
        .iter()
        .filter(|m| m.is_cascade())
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    // From f6 with (1,1) then (1,-1): g7, h6, i7, j6 ...
    for f in ["g7", "h6", "i7", "j6", "k7"] {
        assert!(cascades.contains(&f.to_string()), "{f}: {cascades:?}");
    }
    // Straight along a diagonal: never.
    assert!(!cascades.contains(&"h8".to_string()), "{cascades:?}");
}

/// L2119: an own Pyramid on a step-field is activated with the momentum of the steps taken:
/// one step from e5 gives it one field, the walk e5-d6-e7-f6 three.
#[test]
fn pyramid_activation() {
    let pos = tr("Se5,Af6,Kv10");
    let pyramid: Vec<String> = moves_from(&pos, "e5")
        .iter()
        .filter(|m| m.is_cascade() && m.plies()[1].piece == Kind::Pyramid as u8)
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    for f in ["e6", "f5", "f7", "g6", "f9", "i6"] {
        assert!(pyramid.contains(&f.to_string()), "{f}: {pyramid:?}");
    }
    assert!(!pyramid.contains(&"g7".to_string()));
}

/// TR-7: an opponent's Wave on the path may be captured or passed over.
#[test]
fn opponent_wave_on_the_path() {
    let pos = tr("Se5,wf6,Nd4,Nd6,Nf4");
    let over = moves_from(&pos, "e5");
    assert!(over
        .iter()
        .any(|m| pos.field_name(m.first().to) == "f6" && m.first().has(flag::CAPTURE)));
    assert!(over.iter().any(|m| pos.field_name(m.first().to) == "g5"));
}

/// TR-6 and L2310-2316: a Serpent checks along any walk of clear fields; a Pawn on one walk
/// blocks that walk only.
#[test]
fn check_by_serpent() {
    // A winding walk: e5 f6 g5 h6 i5 j6: the King on j6.
    let pos = setup("tr Se5,kj6");
    assert!(pos.in_check());
    // Boxed in by Pawns on every diagonal neighbour: no check even two steps away.
    let pos = setup("tr Se5,kg5,pd4,pd6,pf4,pf6");
    assert!(!pos.in_check());
    // One walk blocked, another open.
    let pos = setup("tr Se5,kg5,pd4,pd6,pf4");
    assert!(pos.in_check());
}

/// The attack test agrees with the generator: every field a Serpent could capture a Knight on
/// (without displacing a Pawn on the way) is attacked, and no other.
#[test]
fn attacks_agree_with_captures() {
    for base in ["Sk11", "Sk11,Nl12,Nj10,Wm11", "Sc3,Nd4,Wb4"] {
        let from = &base[1..base.find(',').unwrap_or(base.len())];
        super::tests::assert_attacks_agree(&format!("TR {base}"), from);
    }
}

/// TR-1: a displaced opponent's Pawn that attacks the mover's King has moved in the move: a
/// self-checkmate, not an illegal move.
#[test]
fn displaced_pawn_giving_check_is_self_checkmate() {
    // The dark Pawn on f6 displaced to f5 attacks the light King on e4 (dark Pawns take
    // downwards).
    let pos = tr("Se5,pf6,Ke4,kv22");
    let into_check: Vec<Move> = moves_from(&pos, "e5")
        .into_iter()
        .filter(|m| {
            m.plies()
                .iter()
                .any(|p| p.has(flag::DISPLACE) && pos.field_name(p.to) == "f5")
        })
        .collect();
    assert!(!into_check.is_empty());
    for m in &into_check {
        assert!(pos.play(m).decided().is_some());
    }
}

/// Every move of a few Serpent positions is legal by `is_legal` and plays to a position that
/// reads back from its string.
#[test]
fn moves_are_legal_and_positions_round_trip() {
    for pieces in ["Se5,Pf6,Kv1,kv22", "Se5,Wf6,Kv10,kv22", "Se5,Af6,Kv10,kv22"] {
        let pos = tr(pieces);
        for m in legal(&pos) {
            assert!(pos.is_legal(&m), "{pieces}: {m:?}");
            let after = pos.play(&m);
            let text = after.position_string();
            let back = Croatian::from_position_string("tamoanchan", &text).unwrap();
            assert_eq!(back.position_string(), text);
        }
    }
}

/// Section 4.4.6, OQ-7, TR-3, TR-5: the Serpent steps onto a neighbouring own Pyramid (here the
/// orthogonal one on f5), which goes onto the own Pawn on f7 and oblations it; the move may end
/// there, or the Serpent makes a new ply from f5 taking Pawns of either colour on its way.
#[test]
fn pawn_sacrifice() {
    let pos = tr("Se5,Af5,Pf7,pg6,ph7,Kv1,kv22");
    let rituals: Vec<Move> = moves_from(&pos, "e5")
        .into_iter()
        .filter(|m| m.plies()[0].has(flag::RITUAL))
        .collect();
    // The ritual Pyramid has momentum 1: f7 is two fields away, so nothing.
    assert!(rituals.is_empty(), "{rituals:?}");
    // With the Pawn on f6 the Pyramid takes it.
    let pos = tr("Se5,Af5,Pf6,pg6,ph7,Kv1,kv22");
    let rituals: Vec<Move> = moves_from(&pos, "e5")
        .into_iter()
        .filter(|m| m.plies()[0].has(flag::RITUAL))
        .collect();
    let ends_there = rituals.iter().filter(|m| m.plies().len() == 2).count();
    assert_eq!(ends_there, 1, "TR-3: the move may end after the sacrifice");
    // The sacrifice ply from f5: g6's dark Pawn taken on the way and the walk goes on to h7's,
    // taken too (both captures before the Serpent's ply).
    let both = rituals.iter().find(|m| {
        let last = m.plies().last().unwrap();
        pos.field_name(last.to) == "h7"
            && m.plies()
                .iter()
                .filter(|p| p.has(flag::DISPLACE) && p.has(flag::CAPTURE))
                .count()
                == 2
    });
    let both = both.expect("f5-g6-h7 taking both Pawns");
    assert!(pos.is_legal(both));
    let after = pos.play(both);
    assert_eq!(after.halfmove(), 0);
    // The Pyramid stands on f6, the Serpent on h7, the Pawns f6, g6 and h7 are gone.
    assert_holds(&after, "f6", Kind::Pyramid, Color::White);
    assert_holds(&after, "h7", Kind::Serpent, Color::White);
    assert_eq!(after.cell(after.sq(6, 5)), piece::EMPTY);
    // Every move with the ritual is legal by `is_legal`.
    for m in &rituals {
        assert!(pos.is_legal(m), "{m:?}");
    }
}

/// The suite's start string is the start position.
#[test]
fn suite_start_is_the_start() {
    let text = include_str!("perft/tamoanchan.txt");
    let line = text.lines().find(|l| l.starts_with("start |")).unwrap();
    let text = line.split('|').nth(1).unwrap().trim();
    assert_eq!(setup(text), start("tamoanchan"));
}

/// Every move of the small suite positions reads back from its XAN, EAN and wire text (the
/// displacements written as Pawn plies before the Serpent's, the sacrifice as its plies).
#[test]
fn suite_moves_read_back() {
    for pieces in [
        "Ka1,kv22,Se5,Pf6,Pe7,nd6,nd4,nf4,ng5,ng7,nd7,nf5,nd8,nf8,ne4,ng6",
        "Ka1,kv22,Se5,Af5,Pf6,nd4,nd6,nf4,ne7,ng5,ne4,ng4,ng6,nd5,nf7",
        "Ta1,tv1,ta22,Tv22,Kk1,kk22,Sb2,nc3,nc1,na3",
    ] {
        let pos = tr(pieces);
        for m in &legal(&pos) {
            for text in [
                notation::xan(&pos, m),
                notation::ean(&pos, m),
                notation::wire(&pos, m),
            ] {
                let back = pos.parse_move(&text);
                assert_eq!(back.as_ref(), Ok(m), "{pieces}: {text}");
            }
        }
    }
}

/// A move with displacements in a position with thousands of them reads back from its wire
/// text (the protocols' way).
#[test]
fn wire_text_reads_back_among_many() {
    let pos = tr("Ka1,kv22,Se5,Pf6,pe7,Pd6,nf4");
    let moves = legal(&pos);
    for m in moves.iter().step_by(500) {
        let text = notation::wire(&pos, m);
        assert_eq!(pos.parse_move(&text).as_ref(), Ok(m), "{text}");
    }
}

/// Reads `text`, and checks that the move's XAN, EAN and wire texts read back to it.
fn reads(pos: &Croatian, text: &str) -> Move {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    for back in [
        notation::xan(pos, &mv),
        notation::ean(pos, &mv),
        notation::wire(pos, &mv),
    ] {
        assert_eq!(pos.parse_move(&back).as_ref(), Ok(&mv), "{text} -> {back}");
    }
    mv
}

/// Notation M01, M02 (L4462): the Serpent on b4 displaces the Pawn on e5 to f5 and, the next
/// step, the one on f4 to f3, and ends on h4. XAN writes the book's form.
#[test]
fn notation_displacements() {
    let pos = tr("Kk1,kv22,Sb4,pe5,Pf4");
    let mv = reads(&pos, "S..e5<f5.f4<f3..h4");
    assert_eq!(reads(&pos, "Sb4..e5<Pf5.f4<Pf3..h4"), mv);
    assert_eq!(notation::xan(&pos, &mv), "Sb4..e5<Pf5.f4<Pf3..h4");
    assert_eq!(notation::ean(&pos, &mv), "S..e5<f5.f4<f3..h4");
    // Any path with these displacements: f4 next after e5, h4 two steps on.
    assert_eq!(reads(&pos, "Sb4.c5.d4.e5<f5.f4<f3.g5.h4"), mv);
    assert_eq!(reads(&pos, "S..e5<f5.f4<f3.g5.h4"), mv);
    assert!(
        pos.parse_move("S..e5<f5.f4<f3.g3.h4").is_err(),
        "f4-g3 keeps the diagonal"
    );
    // The displacement field may be named by its file or rank (F8).
    assert_eq!(pos.parse_move("S..e5<f.f4<3..h4").as_ref(), Ok(&mv));
    // The form written before, each displaced Pawn's ply ahead of the Serpent's, reads too;
    // a mixture of the two does not.
    assert_eq!(pos.parse_move("Pe5-f5~Pf4-f3~Sb4-h4").as_ref(), Ok(&mv));
    assert!(pos.parse_move("Pe5-f5~Sb4..f4<Pf3..h4").is_err());
    // Displacements must be written; a step onto f4 is no step past it; a wrong field.
    for text in ["S..e5<g5.f4<f3..h4", "S..e5<f5.f4<f5..h4"] {
        assert!(pos.parse_move(text).is_err(), "{text}");
    }
    // Other outcomes: e5's Pawn to d5; no Pawn displaced.
    assert_ne!(reads(&pos, "S..e5<d5.f4<f3..h4"), mv);
    assert_ne!(reads(&pos, "Sh4"), mv);
    assert_ne!(reads(&pos, "S..e5<f5..h4"), mv);
}

/// Notation W01-W06 (L4625-4635): the Serpent's default paths. Every path to g3 names the one
/// move; the first piece of a cascade takes the longest path, so `Sc7~Ad7` reads as W06.
#[test]
fn notation_default_paths() {
    let pos = tr("Kv1,kv22,Sc3");
    let mv = reads(&pos, "Sg3");
    for text in [
        "Sc3.d4.c5.d6.e5.f6.g5.f4.g3",
        "S..d6..f6..g3",
        "Sc3.d4.e3.f4.g3",
        "Sc3-g3",
    ] {
        assert_eq!(reads(&pos, text), mv, "{text}");
    }
    assert_eq!(notation::xan(&pos, &mv), "Sc3-g3");
    assert!(
        pos.parse_move("Sc3.d4.e5.f4.g3").is_err(),
        "d4-e5 is no change of diagonal"
    );
    let pos = tr("Kv1,kv22,Sc3,Ac7");
    let mv = reads(&pos, "Sc7~Ad7");
    assert_eq!(
        reads(&pos, "[Sc3.d2.e3.f2.g3.f4.g5.f6.e5.d6.c5.b6.c7]~[Ac7-d7]"),
        mv
    );
    // Twelve fields for the Pyramid need a walk of twelve steps or more.
    let far = reads(&pos, "Sc7~Ac19");
    assert!(pos.parse_move("Sc3.d4.c5.b6.c7~Ac7-c19").is_err());
    assert_ne!(far, mv);
}

/// Notation T01-T08 (L4581-4587): a Serpent-activated Wave alternates two diagonal steps. Both
/// paths to i5 have the one outcome (paths compare by outcome, notation section 2.3), so T03,
/// which the book calls ambiguous, names that move. The book's dark Knight on u9 would leave
/// only the off-board path to v10; every piece being transparent to a moving Wave (part 1
/// section 2.5), it blocks nothing, and both paths name the one move.
#[test]
fn notation_serpent_wave() {
    let pos = tr("Kv1,kv22,Sd4,We5");
    let mv = reads(&pos, "Se5~We5.f4.g5.h4.i5.j4");
    assert_eq!(reads(&pos, "Se5~Wj4"), mv);
    let i5 = reads(&pos, "Se5~We5.f4.g5.h4.i5");
    for text in ["Se5~We5.f6.g5.h6.i5", "Se5~Wi5", "Se5~W.f4..i5"] {
        assert_eq!(reads(&pos, text), i5, "{text}");
    }
    assert!(
        pos.parse_move("Se5~We5.f4.g3.h4").is_err(),
        "one diagonal twice"
    );
    let pos = tr("Kk1,kk22,Su5,Wv6");
    let on_board = reads(&pos, "Sv6~W.u7.v8.u9.v10");
    assert_eq!(reads(&pos, "Sv6~W..v8..v10"), on_board);
    let pos = tr("Kk1,kk22,Su5,Wv6,nu9");
    let over = reads(&pos, "Sv6~W.u7.v8.u9.v10");
    assert_eq!(reads(&pos, "Sv6~W..v8..v10"), over);
}

/// Notation S01-S06 (L4561-4575) on the current figure (E10: the Serpent steps from c4 onto the
/// Pyramid b4, which takes the own Pawn on b3): after `;;` the Serpent's new ply from b4 takes
/// Pawns on b6, b8 and g9, displaces those on c9 and h8, and passes the dark Wave on e9. The
/// paths of S03, S04 and S06 have one outcome, so they name one move; S05 is ambiguous, as the
/// book says, though here because its unwritten steps may take another Pawn.
#[test]
fn notation_pawn_sacrifice() {
    let pos = tr("Kk1,kv22,Sc4,Ab4,Pb3,pb6,pb8,pc9,we9,pg9,Ph8");
    let mv = reads(&pos, "Sb4~Ab3;;S..b6*..b8*.c9<c10..e9^W..g9*.h8<h9");
    assert_eq!(
        reads(
            &pos,
            "[Sc4-b4]~[Ab4-b3];;[Sb4..b6*..b8*.c9<c10..e9^W..g9*.h8<h9]"
        ),
        mv
    );
    // Captures on the way may go unwritten only where one path is left (L4559): here a walk
    // may take b6 and b8 or pass them by; displacements must be written.
    assert!(matches!(
        pos.parse_move("Sb4~Ab3;;S..c9<c10..h8<h9"),
        Err(MoveError::Ambiguous { .. })
    ));
    // In that ply the dark Wave may only be passed (TR-7).
    assert!(pos
        .parse_move("Sb4~Ab3;;S..b6*..b8*.c9<c10..e9*..g9*.h8<h9")
        .is_err());
    let xan = notation::xan(&pos, &mv);
    assert!(
        xan.starts_with("Sc4-b4~Ab4-b3;;Sb4.c5.b6*P.c7.b8*P.c9<Pc10."),
        "{xan}"
    );
    assert!(
        xan.contains(".c9<Pc10") && xan.ends_with(".h8<Ph9"),
        "{xan}"
    );
    let b8 = reads(&pos, "Sb4~Ab3;;Sb4.c5.b6*.c7.b8*");
    for text in [
        "Sb4~Ab3;;Sb4.a5.b6*.a7.b8*",
        "Sb4~Ab3;;Sb4.c3.d4.c5.d6.c7.b6*.a7.b8*",
    ] {
        assert_eq!(reads(&pos, text), b8, "{text}");
    }
    // S05: the steps left out may also take the Pawn on c9 (b4 d6 c7 d8 c9 b10 a9 b8 ...).
    assert!(matches!(
        pos.parse_move("Sb4~Ab3;;S..b6*..b8*"),
        Err(MoveError::Ambiguous { .. })
    ));
    // The move may end after the sacrifice (TR-3).
    let ritual = reads(&pos, "Sb4~Ab3");
    assert_eq!(ritual.plies().len(), 2);
    // `;;` only after a Pyramid's sacrifice, `~` never before the Serpent's new ply.
    assert!(pos.parse_move("Sb4~Ab3~S..b6*").is_err());
    assert!(pos.parse_move("Sc4.b5;;S..b6*").is_err());
}

/// Every legal move of the suite's positions reads back from its XAN, EAN and wire texts; the
/// two positions with thousands of Serpent moves are sampled (300 moves; in the deep tier all
/// 8,183 of serpent-displaces and every 14th of serpent-many-pawns' 131,451).
#[test]
fn suite_moves_round_trip() {
    let suite = include_str!("perft/tamoanchan.txt");
    for line in suite
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains(" | "))
    {
        let mut cols = line.split('|').map(str::trim);
        let (name, text) = (cols.next().unwrap(), cols.next().unwrap());
        let pos = setup(text);
        let moves = legal(&pos);
        let step = match (crate::core::deep_tests(), moves.len()) {
            (_, n) if n < 1000 => 1,
            (true, n) => n / 10_000 + 1,
            (false, n) => n / 300,
        };
        for m in moves.iter().step_by(step) {
            for text in [
                notation::xan(&pos, m),
                notation::ean(&pos, m),
                notation::wire(&pos, m),
            ] {
                assert_eq!(pos.parse_move(&text).as_ref(), Ok(m), "{name}: {text}");
            }
        }
    }
}

/// The suite's colour-change-check position: each colour-changing step gives check (TR-6),
/// the Serpent on k11 did not.
#[test]
fn colour_change_into_check() {
    let pos = tr("Ka1,km14,Sk11,nj10,nj12,nl10,nl12");
    let steps: Vec<Move> = moves_from(&pos, "k11")
        .into_iter()
        .filter(|m| !main_ply(m).has(flag::CAPTURE))
        .collect();
    assert_eq!(steps.len(), 4);
    for m in &steps {
        assert!(pos.play(m).in_check(), "{}", notation::xan(&pos, m));
    }
}

/// Figure 264 (L2360-2366): a Pawn-sacrifice ply may end activating an own Pyramid, whose
/// momentum counts from the field where the Serpent got its tag: f5 g6 h5 i6 hands on 3.
#[test]
fn figure_264_sacrifice_ply_activates() {
    let pos = tr("Ka1,kv22,Se5,Af5,Pf6,Ai6");
    assert!(pos.parse_move("Se5-f5~Af5-f6;;Sf5.g6.h5.i6~Ai6-i9").is_ok());
    assert!(pos
        .parse_move("Se5-f5~Af5-f6;;Sf5.g6.h5.i6~Ai6-i10")
        .is_err());
    // A longer walk to i6 hands on more.
    assert!(pos
        .parse_move("Se5-f5~Af5-f6;;Sf5.e6.f7.g6.h7.i6~Ai6-i11")
        .is_ok());
}

/// Figures 270-273 (L2402-2422): a Serpent-activated Wave teleports through a Star it reaches,
/// emerges from the other Star of that colour and goes on with the other of its two steps, off
/// the board and back: from the Star v22 through a1 along rank 1 by the virtual rank 0.
#[test]
fn figures_270_to_273_wave_teleports() {
    let pos = setup("TR Ta1,tv1,ta22,Tv22,Kk10,kk13,St20,Wu21");
    let ends: Vec<String> = moves_from(&pos, "t20")
        .iter()
        .filter(|m| m.plies().len() == 2 && m.plies()[1].has(flag::TELEPORT))
        .map(|m| pos.field_name(m.plies()[1].to))
        .collect();
    for field in ["c1", "e1", "g1", "u1"] {
        assert!(ends.contains(&field.to_string()), "{field}: {ends:?}");
    }
    for m in moves_from(&pos, "t20").iter().filter(|m| m.is_cascade()) {
        let text = notation::xan(&pos, m);
        assert_eq!(pos.parse_move(&text).as_ref(), Ok(m), "{text}");
    }
}

/// A position of game 6 of the Tamoanchan series (a quiescence node three plies below the root,
/// White's Serpent among Black's Pawns and Black's among White's): 15,765 turns, 634 of them
/// tactical, and listing either took about half a second, by which the search overran its clock.
const SLOW_TO_LIST: &str = "tr&nb1wu1caqk&aceuwsbn1T/p|p|p|1Sp|p|g|p|g|p|p|g|p|g|p|p|p|p|p|1p|/\
p|p|1pp1ep|p|p|g|g|p|p|p|g|p|p|p|p|1p|/2p2po|3o|o|3o|6/4o2o|4o|1o|7/20r1/22/22/20p1/20p1/22/\
16P3P1/1P20/22/21P/22/1R20/7O|1O|2O|1O|7/3P1P1P2O|O|3O|6/P|1P|1P1G|1P|P|G|G|P|P|P|G|1P|P|P|2/\
P|2PsP|1G|P|G|P|P|G|P|G|P|P|P|P|P|P|P|/T1NB1WUE1AQK&ACEUWSBNR&t w - 0 12";

#[test]
fn a_costly_generation_gives_up_when_asked_and_lists_the_same_turns_when_not() {
    use crate::core::{GaveUp, MoveSet};
    // The whole-turn generator, the one that can take long.
    let pos = Croatian::from_position_string("tamoanchan", SLOW_TO_LIST)
        .unwrap()
        .by_action(false);
    for set in [MoveSet::Legal, MoveSet::Tactical, MoveSet::Quiescence] {
        let mut expected = Vec::new();
        match set {
            MoveSet::Legal => pos.legal_moves(&mut expected),
            MoveSet::Tactical => pos.tactical_moves(&mut expected),
            MoveSet::Quiescence => pos.quiescence_moves(&mut expected),
        }
        let mut questions = 0;
        let mut whole = Vec::new();
        let patient = pos.moves_unless(set, &mut whole, &mut || {
            questions += 1;
            false
        });
        assert_eq!(patient, Ok(()));
        assert_eq!(whole, expected, "{set:?}");
        assert!(questions > 100, "{set:?}: asked only {questions} times");

        let mut asked = 0;
        let mut part = Vec::new();
        let impatient = pos.moves_unless(set, &mut part, &mut || {
            asked += 1;
            asked == 3
        });
        assert_eq!(impatient, Err(GaveUp), "{set:?}");
        assert_eq!(asked, 3, "{set:?}: no question after giving up");
        assert!(part.len() < whole.len(), "{set:?}");
    }
}

/// Quiescence lists one of each class of tactical turns (`movegen::quiescence_class`): among
/// the Serpents' Pawns most captures differ only in where displaced Pawns end up.
#[test]
fn quiescence_lists_one_capture_of_each_class_among_displaced_pawns() {
    for by_action in [true, false] {
        let pos = Croatian::from_position_string("tamoanchan", SLOW_TO_LIST)
            .unwrap()
            .by_action(by_action);
        let mut tactical = Vec::new();
        pos.tactical_moves(&mut tactical);
        let mut quiescence = Vec::new();
        pos.quiescence_moves(&mut quiescence);
        let classes: std::collections::HashSet<u64> =
            tactical.iter().map(super::quiescence_class).collect();
        assert_eq!(quiescence.len(), classes.len(), "by action: {by_action}");
        assert!(quiescence.iter().all(|mv| tactical.contains(mv)));
        println!(
            "by action {by_action}: {} tactical, {} for quiescence",
            tactical.len(),
            quiescence.len()
        );
        assert!(
            quiescence.len() * 4 < tactical.len(),
            "by action: {by_action}: {} of {}",
            quiescence.len(),
            tactical.len()
        );
    }
}

/// A text naming a Serpent's displacements field by field reads only as a move the generator
/// offers: here the Pawn e7 would be pushed back onto e6, which no listed walk does (found by
/// the move-text fuzzer).
#[test]
fn a_displacement_no_walk_makes_is_not_read() {
    let pos = Croatian::from_position_string(
        "tamoanchan",
        "21k/22/22/22/22/22/22/22/22/22/22/22/22/22/3n1n16/3nP1n15/3n1Pn15/4Snn15/3nnn16/22/22/K21 w - 0 1",
    )
    .unwrap();
    assert!(pos.parse_move("S.f6<f7.e7<6*").is_err());
    let listed = pos.parse_move("Se5.f6<Pf7.e7<Pe8").unwrap();
    assert!(pos.is_legal(&listed));
}

/// The walk over paths, every one followed: the oracle of the search over in-air states.
struct EveryPath;

impl super::serpent::Guide for EveryPath {
    fn may_go_on(&mut self, _: &[u16], _: &[Ply]) -> bool {
        true
    }

    fn may_end(&mut self, _: &[u16], _: &[Ply], _: &Ply, _: u8) -> bool {
        true
    }
}

/// Every ending handed on, in order, with the displacements before it; and how many times the
/// walk went on from a field (a path's prefix or an in-air state).
#[derive(Default)]
struct Record {
    endings: Vec<(Ply, u8)>,
    expanded: usize,
}

impl super::plies::Sink for Record {
    fn land(&mut self, ply: Ply, left: u8) {
        self.endings.land(ply, left);
    }

    fn land_after(&mut self, effects: &[Ply], ply: Ply, left: u8) {
        self.endings.land_after(effects, ply, left);
    }

    fn step(&mut self) -> bool {
        self.expanded += 1;
        false
    }
}

/// The Serpent on `from` in `pos` with `momentum` (`None`: the first piece) and `pattern`:
/// its endings from the search over in-air states and, unless there are more than `most` of
/// those, from the walk over paths.
fn both_walks(
    pos: &Croatian,
    from: u16,
    momentum: Option<u8>,
    pattern: super::plies::Pattern,
    most: usize,
) -> (Record, Option<Record>) {
    let o = super::attacks::Offsets::new(pos.stride());
    let moved = super::board::FieldSet::default();
    let gen = super::plies::PlyGen {
        pos,
        o: &o,
        moved: &moved,
        vacated: from,
    };
    let m = super::plies::Mover {
        cell: pos.cell(from),
        from,
        momentum,
        pattern,
        may_ep: false,
    };
    let mut states = Record::default();
    gen.serpent(&m, &mut states);
    if states.endings.len() > most {
        return (states, None);
    }
    let mut paths = Record::default();
    gen.guided_serpent(&m, &mut EveryPath, &mut paths);
    (states, Some(paths))
}

/// A random board of a variant with Serpents: a light Serpent, Pawns of both colours at
/// `density` percent of the fields, a few Waves of both colours, light Pyramids, Knights of
/// both colours, the corner Stars, a Starchild in One and a Monolith in Discovery and One.
fn random_board(seed: u64, density: u64) -> (Croatian, u16) {
    let mut state = seed;
    let mut next = move |n: u64| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    };
    let (symbol, size) = [("TR", 22u8), ("CoT", 24), ("D", 24), ("O", 26)][next(4) as usize];
    let name = |f: u8, r: u8| format!("{}{}", (b'a' + f) as char, r + 1);
    let top = size - 1;
    let mut items = vec![
        format!("T{}", name(0, 0)),
        format!("t{}", name(top, 0)),
        format!("t{}", name(0, top)),
        format!("T{}", name(top, top)),
    ];
    let mut taken = std::collections::HashSet::from([(0, 0), (top, 0), (0, top), (top, top)]);
    let (sf, sr) = (
        1 + next(size as u64 - 2) as u8,
        1 + next(size as u64 - 2) as u8,
    );
    taken.insert((sf, sr));
    items.push(format!("S{}", name(sf, sr)));
    let mut extra = vec!['W', 'w', 'A', 'N', 'n', 'W', 'w', 'A'];
    if symbol == "O" {
        extra.push('I');
    }
    if symbol == "D" || symbol == "O" {
        extra.push('M');
    }
    for f in 0..size {
        for r in 0..size {
            if taken.contains(&(f, r)) {
                continue;
            }
            let roll = next(100);
            let letter = if roll < density {
                if next(2) == 0 {
                    'P'
                } else {
                    'p'
                }
            } else if roll < density + 3 && !extra.is_empty() {
                extra.remove(next(extra.len() as u64) as usize)
            } else {
                continue;
            };
            items.push(format!("{letter}{}", name(f, r)));
        }
    }
    let pos = setup(&format!("{symbol} {}", items.join(",")));
    let from = pos.sq(sf, sr);
    (pos, from)
}

/// The search over in-air states hands on exactly the endings the walk over paths does, in
/// the same order, with the same displacement plies and momentum: on random boards among
/// Pawns of both colours, as the first piece, activated with every momentum up to beyond the
/// limit, and in the Pawn-sacrifice ply.
#[test]
fn in_air_states_give_the_outcomes_of_the_paths() {
    use super::plies::Pattern;
    // Among many Pawns a ply has millions of outcomes, too many for the walk over paths in a
    // debug build: those cases are left out.
    let (boards, densities, most) = if crate::core::deep_tests() {
        (120, &[0, 5, 10, 15, 20, 25][..], 1_000_000)
    } else {
        (8, &[0, 3, 6, 9, 12, 15][..], 20_000)
    };
    let (mut paths, mut states, mut compared) = (0, 0, 0);
    for seed in 0..boards {
        let (pos, from) = random_board(seed, densities[seed as usize % densities.len()]);
        let limit = pos.v.limits.serpent;
        let momenta = std::iter::once(None).chain((1..=limit + 2).map(Some));
        for momentum in momenta {
            for pattern in [Pattern::Own, Pattern::Sacrifice] {
                let (s, p) = both_walks(&pos, from, momentum, pattern, most);
                let Some(p) = p else { continue };
                compared += 1;
                assert_eq!(
                    s.endings,
                    p.endings,
                    "seed {seed}, {momentum:?}, {pattern:?}: {}",
                    pos.position_string()
                );
                paths += p.expanded;
                states += s.expanded;
            }
        }
    }
    println!("{compared} plies compared: {states} states followed, {paths} path prefixes");
    assert!(compared > boards * 20, "{compared} plies compared");
    assert!(states < paths, "{states} states, {paths} path prefixes");
}

/// On an empty board the states are fewer than the paths: from k11 on the empty 22x22 board
/// (limit 14), 196 outcomes, 2,081 states followed against 4,709 path prefixes (walks of fewer
/// than 14 steps, each of which goes on).
#[test]
fn in_air_states_on_an_empty_board() {
    let pos = tr("Sk11");
    let from = pos.sq(10, 10);
    let (s, p) = both_walks(&pos, from, None, super::plies::Pattern::Own, usize::MAX);
    let p = p.expect("the paths walked");
    assert_eq!(s.endings.len(), 196);
    println!(
        "empty board k11: {} in-air states followed, {} path prefixes",
        s.expanded, p.expanded
    );
    assert_eq!((s.expanded, p.expanded), (2_081, 4_709));
}

/// Check by Serpent, searched over (field, diagonal) states, agrees with the generator on
/// random boards among Pawns: a field empty or holding an opponent's Knight or Pawn is attacked
/// by the Serpent exactly when one of its diagonal walks ends there without displacing a Pawn
/// or teleporting.
#[test]
fn serpent_attacks_agree_with_its_walks_on_random_boards() {
    use super::plies::Pattern;
    for seed in 0..12 {
        let (pos, from) = random_board(1000 + seed, [0, 5, 10, 20][seed as usize % 4]);
        let (s, _) = both_walks(&pos, from, None, Pattern::Own, 0);
        let mut reached = std::collections::HashSet::new();
        let mut rest = &s.endings[..];
        while !rest.is_empty() {
            let (ending, later) = rest.split_at(super::plies::ending_len(rest));
            rest = later;
            let (ply, _) = ending[ending.len() - 1];
            if ending.len() == 1 && !ply.has(flag::TELEPORT) {
                reached.insert(ply.to);
            }
        }
        let o = super::attacks::Offsets::new(pos.stride());
        let n = pos.size();
        for sq in (0..n).flat_map(|r| (0..n).map(move |f| (f, r))) {
            let sq = pos.sq(sq.0, sq.1);
            let c = pos.cell(sq);
            let target = c == piece::EMPTY
                || piece::is(c, Kind::Knight, Color::Black)
                || piece::is(c, Kind::Pawn, Color::Black);
            // The colour-changing step is no attack.
            if !target || sq == from || pos.is_light_field(sq) != pos.is_light_field(from) {
                continue;
            }
            let mut attacked = false;
            super::attacks::each_attacker(&pos, &o, &pos.board, sq, Color::White, |s| {
                attacked |= s == from;
                true
            });
            assert_eq!(
                attacked,
                reached.contains(&sq),
                "seed {seed} {}: {}",
                pos.field_name(sq),
                pos.position_string()
            );
        }
    }
}
