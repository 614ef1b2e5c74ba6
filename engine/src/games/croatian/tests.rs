//! Rule tests: perft from the start positions, the book's examples (part1 section 9), position
//! strings and notation.

use super::piece::{self, Kind, Tag};
use super::*;
use crate::core::random::Xorshift;
use crate::core::Game;

pub(super) use crate::core::perft::perft_listed as perft;

pub(super) fn start(name: &str) -> Croatian {
    Croatian::start_position(name).unwrap()
}

#[test]
fn start_counts_shallow() {
    for (name, d1, d2) in [
        ("croatianties", 44, 1_932),
        ("mayanascendancy", 64, 4_082),
        ("ageofaquarius", 96, 9_197),
        ("classical14", 78, 6_084),
        ("croatianties14", 104, 10_770),
        ("classical20", 172, 29_584),
        ("croatianties20", 238, 56_420),
        ("classical26", 302, 91_204),
        ("croatianties26", 426, 180_987),
    ] {
        let pos = start(name);
        assert_eq!(perft(&pos, 1), d1, "{name} D1");
        assert_eq!(perft(&pos, 2), d2, "{name} D2");
    }
}

#[test]
fn start_counts_depth3_small_boards() {
    for (name, d3) in [
        ("croatianties", 89_995),
        ("mayanascendancy", 270_663),
        ("ageofaquarius", 894_859),
        ("classical14", 485_764),
        ("croatianties14", 1_189_233),
    ] {
        let t = std::time::Instant::now();
        let n = perft(&start(name), 3);
        eprintln!("{name} D3 {n} in {:?}", t.elapsed());
        assert_eq!(n, d3, "{name} D3");
    }
}

#[test]
fn start_counts_depth3_big_boards() {
    if !crate::core::deep_tests() {
        return;
    }
    for (name, d3) in [
        ("classical20", 5_128_434),
        ("croatianties20", 13_842_513),
        ("classical26", 27_621_292),
    ] {
        let t = std::time::Instant::now();
        let n = perft(&start(name), 3);
        eprintln!("{name} D3 {n} in {:?}", t.elapsed());
        assert_eq!(n, d3, "{name} D3");
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers for hand-built positions (the author's setup format: `CT Ec2,Ei2,pi4`).

pub(super) fn setup(text: &str) -> Croatian {
    Croatian::from_author_setup(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Asserts the field `name` of `pos` holds a piece of `kind` and `color` (any tag).
#[track_caller]
pub(super) fn assert_holds(pos: &Croatian, name: &str, kind: Kind, color: crate::core::Color) {
    let c = pos.cell(super::tests_tlalocan::field(pos, name));
    let holds = if piece::is_piece(c) {
        format!("a {:?} {}", piece::color(c), piece::kind(c).name())
    } else {
        "nothing".to_string()
    };
    assert!(
        piece::is(c, kind, color),
        "{name} holds {holds}, not a {color:?} {}",
        kind.name()
    );
}

/// For every empty field of the setup `base`, the piece on `from` captures a dark Knight put
/// there exactly when the attack test says it attacks that field (HD-3, TR-6).
pub(super) fn assert_attacks_agree(base: &str, from: &str) {
    let empty = setup(base);
    let n = empty.size();
    for r in 0..n {
        for f in 0..n {
            let sq = empty.sq(f, r);
            if empty.cell(sq) != piece::EMPTY {
                continue;
            }
            let name = empty.field_name(sq);
            let pos = setup(&format!("{base},n{name}"));
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let captures = moves.iter().any(|m| {
                let ply = m.first();
                pos.field_name(ply.from) == from && ply.to == sq && ply.has(moves::flag::CAPTURE)
            });
            let o = attacks::Offsets::new(pos.stride());
            let mut attacked = false;
            attacks::each_attacker(&pos, &o, &pos.board, sq, crate::core::Color::White, |s| {
                attacked |= pos.field_name(s) == from;
                true
            });
            assert_eq!(captures, attacked, "{base} on {name}");
        }
    }
}

pub(super) fn xans(pos: &Croatian) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|m| notation::xan(pos, m)).collect()
}

pub(super) fn has(pos: &Croatian, xan: &str) -> bool {
    xans(pos).iter().any(|m| m == xan)
}

pub(super) fn play(pos: &Croatian, text: &str) -> Croatian {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {pos:?}: {e}"));
    pos.play(&mv)
}

/// Destinations of the single-ply moves starting on `from`, sorted.
pub(super) fn dests(pos: &Croatian, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.plies().len() == 1 && pos.field_name(m.first().from) == from)
        .map(|m| pos.field_name(m.first().to))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The castling moves (XAN), sorted.
pub(super) fn castles(pos: &Croatian) -> Vec<String> {
    let mut v: Vec<String> = xans(pos).into_iter().filter(|m| m.contains("&R")).collect();
    v.sort();
    v
}

pub(super) fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Moves (as XAN) whose first ply is `first`.
pub(super) fn cascades_after(pos: &Croatian, first: &str) -> Vec<String> {
    let mut v: Vec<String> = xans(pos)
        .into_iter()
        .filter(|m| m.starts_with(first))
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Croatian Ties: Pegasus, rush, en passant, castling (part1 section 9).

#[test]
fn pegasus_rays_on_empty_board_tb_ct1() {
    let pos = setup("CT Ee4");
    assert_eq!(
        dests(&pos, "e4"),
        sorted(&[
            "g5", "i6", "f6", "g8", "h10", "d6", "c8", "b10", "c5", "a6", "c3", "a2", "d2", "f2",
            "g3", "i2"
        ])
    );
}

#[test]
fn pegasus_stops_at_first_occupied_step_field_tb_ct3() {
    let pos = setup("CT Ec2,Rf3,Rf4,Pf8,pg4,rd5,re5");
    assert_eq!(
        dests(&pos, "c2"),
        sorted(&["e3", "g4", "d4", "e6", "b4", "a6", "a3", "a1", "e1"])
    );
    assert!(has(&pos, "Ec2-g4*P"));
    assert_eq!(
        notation::ean(&pos, &pos.parse_move("Eg4*").unwrap()),
        "Eg4*"
    );
}

#[test]
fn pegasus_disambiguation_ta1() {
    let pos = setup("CT Ec2,Ei2");
    assert!(matches!(
        pos.parse_move("Ef8"),
        Err(MoveError::Ambiguous { .. })
    ));
    let left = pos.parse_move("Ecf8").unwrap();
    assert_eq!(notation::xan(&pos, &left), "Ec2-f8");
    assert_eq!(notation::ean(&pos, &left), "Ecf8");
    let right = pos.parse_move("Ei2-f8").unwrap();
    assert_eq!(notation::ean(&pos, &right), "Eif8");
}

#[test]
fn rush_limits_and_en_passant_on_every_passed_field_ta2() {
    let pos = setup("CT Ph2^,pi4");
    assert_eq!(dests(&pos, "h2"), sorted(&["h3", "h4", "h5"]));
    let after = play(&pos, "h5");
    assert_eq!(after.position_string().split(' ').nth(2), Some("h5:h3h4"));
    assert!(has(&after, "Pi4-h3:Ph5"));
    let gone = play(&after, "h3:");
    assert_eq!(gone.cell(gone.sq(7, 4)), piece::EMPTY, "h5 captured");
    let after = play(&pos, "h2-h4");
    assert!(has(&after, "Pi4-h3:Ph4"));
    // Two capturers need the file (G03).
    let pos = setup("CT Ph2^,pi4,pg4");
    let after = play(&pos, "h5");
    assert!(matches!(
        after.parse_move("h3:"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(after.parse_move("ih3:").is_ok());
    assert!(after.parse_move("ih3:5").is_ok());
    assert!(after.parse_move("ih3:4").is_err());
}

#[test]
fn en_passant_after_longer_rush_tb_ct4() {
    let pos = setup("CT Nb1,Pb2^,pc5");
    let after = play(&pos, "b2b5");
    assert!(has(&after, "Pc5-b4:Pb5"));
    // XBoard's own en passant finds no victim three fields behind: it is given the capture on
    // the way.
    let ep = after.parse_move("Pc5-b4:Pb5").unwrap();
    assert_eq!(after.xboard_legs(&ep).as_deref(), Some("c5b5,b5b4"));
    let after = play(&pos, "b2b4");
    assert!(has(&after, "Pc5-b4*P"));
    assert!(!xans(&after).iter().any(|m| m.contains(':')));
}

#[test]
fn en_passant_only_on_the_next_move() {
    let pos = setup("CT Ph2^,Ka1,pi4,kj10");
    let after = play(&play(&play(&pos, "h5"), "Kj10-j9"), "Ka1-a2");
    assert!(!xans(&after).iter().any(|m| m.contains(':')));
}

#[test]
fn castling_king_moves_two_or_three_fields_ct() {
    let pos = setup("CT Kf1&,Ra1&,Rj1&");
    assert_eq!(
        castles(&pos),
        sorted(&["Kf1-c1&Rd1", "Kf1-d1&Re1", "Kf1-h1&Rg1", "Kf1-i1&Rh1"])
    );
    // A field the King crosses is attacked: no Queen-side castling through e1.
    let pos = setup("CT Kf1&,Ra1&,Rj1&,re10");
    assert_eq!(castles(&pos), sorted(&["Kf1-h1&Rg1", "Kf1-i1&Rh1"]));
    // In check: none.
    let pos = setup("CT Kf1&,Ra1&,Rj1&,rf10");
    assert!(castles(&pos).is_empty());
    // An untagged Rook does not castle.
    let pos = setup("CT Kf1&,Ra1,Rj1&");
    assert_eq!(castles(&pos), sorted(&["Kf1-h1&Rg1", "Kf1-i1&Rh1"]));
}

#[test]
fn promotion_choices_croatian_ties() {
    let pos = setup("CT Pa9");
    let mut v = xans(&pos);
    v.sort();
    assert_eq!(
        v,
        sorted(&[
            "Pa9-a10=B",
            "Pa9-a10=E",
            "Pa9-a10=N",
            "Pa9-a10=Q",
            "Pa9-a10=R"
        ])
    );
    assert!(pos.parse_move("a10").is_err(), "promotion is forced");
}

// ---------------------------------------------------------------------------------------------
// Mayan Ascendancy: Pyramid activation, momentum, cascades, capture, promotion, conversion.

#[test]
fn pyramid_cascade_of_pyramids_ta3_tb_ma7() {
    let pos = setup("MA Qk2,Af7,Ai7,Af2,Bc7");
    assert!(has(&pos, "Qk2-f7~Af7-i7~Ai7-i9"));
    let mv = pos.parse_move("Qf7~Ai7~Ai9").unwrap();
    assert_eq!(notation::xan(&pos, &mv), "Qk2-f7~Af7-i7~Ai7-i9");
    // 21 action sequences, 19 distinct moves (ruling R5).
    assert_eq!(cascades_after(&pos, "Qk2-f7~").len(), 19);
    let mut all = Vec::new();
    movegen::legal_moves(&pos, &mut all, false);
    let seqs = all
        .iter()
        .filter(|m| notation::xan(&pos, m).starts_with("Qk2-f7~"))
        .count();
    assert_eq!(seqs, 21);
    // f2 is at distance 5: momentum 0 on arrival, so it blocks (L513).
    assert!(!xans(&pos).iter().any(|m| m.contains("Af7-f2")));
    assert!(has(&pos, "Qk2-f7~Af7-f3"));
}

#[test]
fn pyramid_moves_exactly_momentum_fields_tb_ma1() {
    let pos = setup("MA El4,Ad8,Bg8,bd4,nd10");
    let got = cascades_after(&pos, "El4-d8~");
    let want = [
        "e8", "f8", "c8", "b8", "a8", "d9", "d10*N", "d7", "d6", "d5", "d4*B", "d4%B",
    ];
    let mut want: Vec<String> = want.iter().map(|d| format!("El4-d8~Ad8-{d}")).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn pawn_activates_pyramid_only_on_capture_fields_tb_ma2() {
    let pos = setup("MA Pe3,Ad4,Pf7,Af8,Pi2^,Ai5");
    assert_eq!(cascades_after(&pos, "Pe3-d4~").len(), 4);
    assert!(has(&pos, "Pe3-d4~Ad4-e4"));
    assert!(!xans(&pos).iter().any(|m| m.starts_with("Pe3-f4")));
    assert!(dests(&pos, "f7").is_empty());
    assert_eq!(dests(&pos, "i2"), sorted(&["i3", "i4"]));
}

#[test]
fn pyramid_promotes_own_pawn_on_opponent_half_ta5_tb_ma3() {
    let pos = setup("MA Qf1,El4,Pd6,Ad8,Ph8");
    let got = cascades_after(&pos, "El4-d8~");
    assert_eq!(got.len(), 17, "{got:?}");
    for p in ["Q", "R", "B", "N", "E", "A"] {
        assert!(has(&pos, &format!("El4-d8~Ad8-h8={p}")));
    }
    assert!(!got.iter().any(|m| m.ends_with("-h8")), "forced promotion");
    assert!(
        !got.iter().any(|m| m.contains("Ad8-d6")),
        "own Pawn on own half blocks"
    );
    let after = play(&pos, "[El4-d8]~[Ad8-h8=Q]");
    assert_eq!(
        after.cell(after.sq(7, 7)),
        piece::make(Kind::Queen, Color::White, Tag::None)
    );
    assert_eq!(
        after.cell(after.sq(3, 7)),
        piece::make(Kind::Pegasus, Color::White, Tag::None)
    );
    assert!(pos.parse_move("Ed8~Ah8Q").is_ok());
}

#[test]
fn conversion_only_on_own_half_ta4() {
    let pos = setup("MA Bh9,Ad5,Ra1,Rl1,rh5,bd8");
    assert!(has(&pos, "Bh9-d5~Ad5-h5%R"));
    assert!(has(&pos, "Bh9-d5~Ad5-h5*R"));
    assert!(has(&pos, "Bh9-d5~Ad5-d8*B"));
    assert!(!has(&pos, "Bh9-d5~Ad5-d8%B"));
    let after = play(&pos, "Bd5~Ah5%");
    assert_eq!(
        after.cell(after.sq(7, 4)),
        piece::make(Kind::Rook, Color::White, Tag::None)
    );
    assert!(pos.parse_move("Bd5~Ah5%R").is_ok());
    assert!(pos.parse_move("Bh9-d5~Ad5-h5%").is_ok());
}

#[test]
fn converted_rook_cannot_castle_tb_ma5() {
    let pos = setup("MA Ad1,Kg1&,Qh5,ra1");
    let after = play(&pos, "Qh5-d1~Ad1-a1%R");
    assert_eq!(
        after.cell(after.sq(0, 0)),
        piece::make(Kind::Rook, Color::White, Tag::None)
    );
    let pos = setup("MA Kg1&,Ra1,kf12");
    assert!(castles(&pos).is_empty());
    assert!(dests(&pos, "g1").contains(&"f1".to_string()));
    let pos = setup("MA Kg1&,Ra1&,kf12");
    assert_eq!(
        castles(&pos),
        sorted(&["Kg1-c1&Rd1", "Kg1-d1&Re1", "Kg1-e1&Rf1"])
    );
}

#[test]
fn converted_pawn_cannot_rush_tb_ma6() {
    let pos = setup("MA Ag2,Qk6,pd2,ka12");
    let after = play(&pos, "Qk6-g2~Ag2-d2%P");
    let after = play(&after, "Ka12-a11");
    assert_eq!(dests(&after, "d2"), sorted(&["d3"]));
}

#[test]
fn pyramid_never_checks_tb_ma8() {
    let pos = setup("ma Ad1,Qc2,ke1");
    assert!(!pos.in_check());
    let pos = setup("MA Ad1,Qc2,be1");
    assert!(has(&pos, "Qc2-d1~Ad1-e1*B"));
    let pos = setup("MA Ad1,Qc2,ke1,Ka12");
    assert!(!xans(&pos).iter().any(|m| m.ends_with("-e1")));
}

#[test]
fn check_is_judged_after_the_whole_cascade() {
    // The Queen alone cannot parry the Rook; the Pyramid it activates can.
    let pos = setup("MA Ka1,Qe5,Ae3,rh1");
    assert!(pos.in_check());
    let mut v = xans(&pos);
    v.sort();
    assert_eq!(v, sorted(&["Ka1-a2", "Ka1-b2", "Qe5-e3~Ae3-e1"]));
}

#[test]
fn pawn_on_last_rank_promotes_then_activates_r2() {
    let pos = setup("MA Pe11,Af12");
    // e11-f12 is a capture-field onto the own Pyramid: promotion on arrival, then activation.
    assert!(has(&pos, "Pe11-f12=Q~Af12-g12"));
    // `=A` then the Pyramid to e12 is the plain promotion e11-e12=A: one move.
    let all = xans(&pos);
    let merged = all
        .iter()
        .filter(|m| m.as_str() == "Pe11-e12=A" || m.as_str() == "Pe11-f12=A~Af12-e12")
        .count();
    assert_eq!(merged, 1, "{all:?}");
}

#[test]
fn king_activates_adjacent_pyramid() {
    let pos = setup("MA Kg1,Ah1,ka12");
    assert!(has(&pos, "Kg1-h1~Ah1-h2"));
    assert!(has(&pos, "Kg1-h1~Ah1-g1"));
}

// ---------------------------------------------------------------------------------------------
// Age of Aquarius: Unicorn, delayed promotion.

#[test]
fn unicorn_short_jumps_from_own_colour_tb_aoa1() {
    let pos = setup("AOA Ue4");
    assert_eq!(
        dests(&pos, "e4"),
        sorted(&["g5", "f6", "d6", "c5", "c3", "d2", "f2", "g3"])
    );
}

#[test]
fn unicorn_long_jumps_from_other_colour_tb_aoa2() {
    let pos = setup("AOA Ug7");
    assert_eq!(
        dests(&pos, "g7"),
        sorted(&[
            "k8", "j9", "i10", "h11", "f11", "e10", "d9", "c8", "c6", "d5", "e4", "f3", "h3", "i4",
            "j5", "k6"
        ])
    );
    // A dark Unicorn on g7 (a dark field) makes Knight jumps.
    let pos = setup("aoa ug7");
    assert_eq!(dests(&pos, "g7").len(), 8);
}

#[test]
fn unicorn_gives_check_by_its_jump_kind() {
    // A dark Unicorn on a dark field jumps short: Knight distance checks, long does not.
    let pos = setup("AOA Ke4,uf6");
    assert!(pos.in_check());
    let pos = setup("AOA Ke4,ui5");
    assert!(!pos.in_check());
    // On a light field it jumps long.
    let pos = setup("AOA Ke5,ug6");
    assert!(!pos.in_check());
    let pos = setup("AOA Ke5,ui6");
    assert!(pos.in_check());
}

#[test]
fn delayed_promotion_by_pyramid_and_on_last_rank_tb_aoa3() {
    let pos = setup("AOA Bm6,Pe7,Pe11,Ah11,Pl13,ue5");
    assert!(has(&pos, "Bm6-h11~Ah11-e11="));
    assert!(has(&pos, "Bm6-h11~Ah11-e11=Q"));
    assert!(!xans(&pos).iter().any(|m| m.contains("Ah11-e7")));
    let p = play(&pos, "Bh11~Ae11=");
    assert_eq!(
        p.cell(p.sq(4, 10)),
        piece::make(Kind::Pawn, Color::White, Tag::Promotion)
    );
    assert_eq!(
        p.cell(p.sq(7, 10)),
        piece::make(Kind::Bishop, Color::White, Tag::None)
    );
    assert!(p.position_string().contains("P="), "{p:?}");
    let p = play(&p, "Ue5-d7");
    assert!(has(&p, "Pe11=Q"), "the tagged Pawn may promote in place");
    let p = play(&p, "P==e11-e12");
    let p = play(&p, "Ud7-f10");
    assert!(!xans(&p).iter().any(|m| m.starts_with("Pe12=")), "tag lost");
    let l14: Vec<String> = xans(&p)
        .into_iter()
        .filter(|m| m.starts_with("Pl13-l14"))
        .collect();
    assert_eq!(l14.len(), 8, "seven promotions or the tag: {l14:?}");
    // A bare arrival on the last rank reads as the tag (notation ruling Q1).
    let bare = p.parse_move("l14").unwrap();
    assert_eq!(notation::xan(&p, &bare), "Pl13-l14=");
    assert_eq!(p.move_to_wire(&p.parse_move("l13l14q").unwrap()), "l13l14q");
    let p = play(&p, "l14=");
    let p = play(&p, "Uf10-h11*B");
    let p = play(&p, "e13");
    let p = play(&p, "Uh11-e13*P");
    let p = play(&p, "l14Q");
    assert_eq!(
        p.cell(p.sq(11, 13)),
        piece::make(Kind::Queen, Color::White, Tag::None)
    );
}

#[test]
fn conversion_of_tagged_pawn_loses_the_tag_tb_aoa4() {
    let pos = setup("AOA Bm6,Pe11,Ah11,ee5,ab11");
    let p = play(&pos, "Bm6-h11~Ah11-e11=");
    assert!(has(&p, "Ee5-b11~Ab11-e11%P=="));
    let p = play(&p, "Eb11~Ae11%");
    assert_eq!(
        p.cell(p.sq(4, 10)),
        piece::make(Kind::Pawn, Color::Black, Tag::None)
    );
}

#[test]
fn castling_age_of_aquarius_ta14() {
    let pos = setup("AOA Kh1&,Ra1&");
    assert_eq!(
        castles(&pos),
        sorted(&["Kh1-c1&Rd1", "Kh1-d1&Re1", "Kh1-e1&Rf1", "Kh1-f1&Rg1"])
    );
    let mv = pos.parse_move("Kd&e").unwrap();
    assert_eq!(notation::xan(&pos, &mv), "Kh1-d1&Re1");
    assert_eq!(notation::ean(&pos, &mv), "Kd&");
    assert_eq!(pos.move_to_wire(&mv), "h1d1");
}

// ---------------------------------------------------------------------------------------------
// Simple and randomized variants.

#[test]
fn castling_with_the_closest_rook_ta13() {
    let pos = setup("CC14 Kh1&,Ra1&");
    assert_eq!(
        castles(&pos),
        sorted(&["Kh1-c1&Rd1", "Kh1-d1&Re1", "Kh1-e1&Rf1", "Kh1-f1&Rg1"])
    );
    assert!(pos.parse_move("Kc&d").is_ok());
    let pos = setup("CC14 Kh1&,Rn1&");
    assert_eq!(
        castles(&pos),
        sorted(&["Kh1-j1&Ri1", "Kh1-k1&Rj1", "Kh1-l1&Rk1", "Kh1-m1&Rl1"])
    );
    assert!(pos.parse_move("Kj&i").is_ok());
    // The near Rooks allow only the two-field castling; the far ones are behind them.
    let pos = setup("CC14 Kh1&,Ra1&,Rd1&,Rk1&,Rn1&");
    assert_eq!(castles(&pos), sorted(&["Kh1-f1&Rg1", "Kh1-j1&Ri1"]));
}

#[test]
fn rush_to_own_half_and_en_passant_cc14_y07() {
    let pos = setup("CC14 Pb2^,pc6,pa4");
    assert_eq!(dests(&pos, "b2"), sorted(&["b3", "b4", "b5", "b6", "b7"]));
    let p = play(&pos, "b7");
    assert_eq!(p.position_string().split(' ').nth(2), Some("b7:b3b4b5b6"));
    assert!(has(&p, "Pc6-b5:Pb7"));
    assert!(has(&p, "Pa4-b3:Pb7"));
    assert!(p.parse_move("b5:").is_ok());
}

#[test]
fn sideways_pawns_in_croatian_ties_simple_tb_s1() {
    let pos = setup("CT14 Bc1,Pc2^,pc8");
    assert_eq!(
        dests(&pos, "c2"),
        sorted(&["b2", "d2", "c3", "c4", "c5", "c6", "c7"])
    );
    let pos = setup("ct14 Bc1,Pc2^,pc8");
    assert_eq!(dests(&pos, "c8"), sorted(&["b8", "c7", "d8"]));
    // Sideways steps never capture, and the original Croatian Ties has none.
    let pos = setup("CT14 Pc4,bd4,pb4");
    assert_eq!(dests(&pos, "c4"), sorted(&["c5"]));
    let pos = setup("CT Pc4");
    assert_eq!(dests(&pos, "c4"), sorted(&["c5"]));
    // Promotion in Croatian Ties 14 offers the pieces of its setup: no Knight.
    let pos = setup("CT14 Pa13");
    assert_eq!(xans(&pos).len(), 4 + 1, "{:?}", xans(&pos));
}

/// A sideways step resets the halfmove clock (part 1 R8) but may be stepped back, so it does not
/// close the repetition window: a Pawn shuffling beside a King draws by threefold repetition.
#[test]
fn sideways_shuffles_repeat() {
    let start = setup("CT14 Ka1,Pm5,kn14");
    let mut pos = start.clone();
    let mut history = Vec::new();
    for text in ["m5n5", "n14m14", "n5m5", "m14n14"].iter().cycle().take(8) {
        assert_eq!(pos.ending(&history), None, "{}", pos.position_string());
        history.push(pos.key());
        pos = play(&pos, text);
        assert_eq!(pos.halfmove_clock() % 2, 1 - history.len() as u32 % 2);
    }
    assert_eq!(pos.key(), start.key());
    assert_eq!(pos.repetition_window(), 8);
    let ending = pos
        .ending(&history)
        .expect("the third time the position stands");
    assert_eq!(ending.result, crate::core::GameResult::Draw);
    // A forward step closes the window.
    let pos = play(&pos, "m6");
    assert_eq!((pos.halfmove_clock(), pos.repetition_window()), (0, 0));
}

fn random14(row1: &str) -> Croatian {
    let text = format!("14/14/14/14/14/14/14/14/14/14/14/14/14/{row1} w - 0 1");
    Croatian::from_position_string("classical14random", &text).unwrap()
}

#[test]
fn randomized_castling_with_the_closest_rook_tb_s2() {
    let pos = random14("R&1K&R&1R&5R&2");
    assert_eq!(
        castles(&pos),
        sorted(&["Kc1-a1&Rb1", "Kc1-b1&Rc1", "Kc1-d1&Rc1"])
    );
    // A one-field castling is not the King step to the same field.
    let mv = pos.parse_move("Kc1-d1&Rc1").unwrap();
    assert_eq!(pos.move_to_wire(&mv), "Kc1-d1&Rc1");
    assert_eq!(notation::ean(&pos, &mv), "Kd&");
    let pos = random14("R&1K&2R&5R&2");
    assert_eq!(
        castles(&pos),
        sorted(&[
            "Kc1-a1&Rb1",
            "Kc1-b1&Rc1",
            "Kc1-d1&Rc1",
            "Kc1-e1&Rd1",
            "Kc1-f1&Re1"
        ])
    );
    let pos = random14("R&1K&8R&2");
    assert_eq!(castles(&pos).len(), 2 + 9);
    assert!(Croatian::start_position("classical14random").is_err());
}

// ---------------------------------------------------------------------------------------------
// Notation: the corpus, round trips, errors.

#[test]
fn notation_corpus_parses_as_labelled() {
    let tsv = include_str!("notation-examples.tsv");
    let mut checked = 0;
    for line in tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id\t"))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, text, status) = (cols[0], cols[1], cols[4]);
        let result = notation::parse_notation(text, 26);
        let must_parse = status.starts_with("ok")
            || status.starts_with("grammar-gap")
            || status.starts_with("book-error")
            || status == "ambiguous"
            || status == "synthetic";
        let must_fail = status.contains("invalid") || status == "synthetic-lenient";
        if must_parse {
            assert!(result.is_ok(), "{id} {text}: {:?}", result.err());
            checked += 1;
        } else if must_fail {
            assert!(result.is_err(), "{id} {text} must be rejected");
            checked += 1;
        }
    }
    assert!(checked > 180, "{checked}");
    // Strict mode: a link with nothing after it, and a bare capture list.
    assert!(notation::parse_notation("Sb4~Ab2;;", 26).is_err());
    assert!(notation::parse_notation("Pq16,Bp14,Rd20", 26).is_err());
}

#[test]
fn notation_errors_name_the_position() {
    let err = notation::parse_notation("Ra27", 26).unwrap_err();
    assert_eq!(err.at, 2);
    let err = notation::parse_notation("Bh5;Q", 26).unwrap_err();
    assert_eq!(err.at, 3, "{err}");
    let err = notation::parse_notation("e8==", 26).unwrap_err();
    assert_eq!(err.at, 2, "{err}");
    let err = notation::parse_notation("Qk2-f7 ~Af7-i7", 26).unwrap_err();
    assert_eq!(err.at, 6, "{err}");
    assert!(err.to_string().contains("position 7"));
    // On a 10x10 board the k-file and rank 11 do not exist.
    assert!(notation::parse_notation("Ek5", 10).is_err());
    assert!(notation::parse_notation("Ea11", 10).is_err());
    let pos = start("croatianties");
    match pos.parse_move("Ec2-f8~") {
        Err(MoveError::Unparsable { reason, .. }) => assert!(reason.contains("position 8")),
        other => panic!("{other:?}"),
    }
    for garbage in [
        "",
        " ",
        "e2e",
        "zz99",
        "K",
        "~",
        "[e4",
        "e4]",
        "Q:",
        "é4",
        "e4\u{2013}e5",
    ] {
        assert!(pos.parse_move(garbage).is_err(), "{garbage:?}");
    }
}

#[test]
fn game_score_symbols_are_not_board_moves() {
    let pos = start("croatianties");
    for whole in ["...", "#", "##", "(==)", "(===)"] {
        assert!(matches!(
            notation::parse_notation(whole, 10),
            Ok(notation::Notation::Whole(_))
        ));
        assert!(pos.parse_move(whole).is_err());
    }
    // Status and annotations are accepted and ignored.
    assert!(pos.parse_move("Ef3+").is_err(), "not a check, but readable");
    assert!(pos.parse_move("e4_!").is_ok());
    assert!(pos.parse_move("e4!?").is_ok());
}

/// Positions for round trips and the suites: start positions and positions reached by a
/// fixed pseudo-random walk.
fn sample_positions() -> Vec<Croatian> {
    let mut out = Vec::new();
    let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
    for name in [
        "croatianties",
        "mayanascendancy",
        "ageofaquarius",
        "classical14",
        "croatianties14",
        "classical20",
        "croatianties26",
    ] {
        let mut pos = start(name);
        out.push(pos.clone());
        for ply in 0..60 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let seed = rng.next_u64();
            // Prefer cascades and captures now and then so they get exercised.
            let tactical: Vec<&Move> = moves
                .iter()
                .filter(|m| pos.is_tactical(m) || m.is_cascade())
                .collect();
            let mv = if !tactical.is_empty() && seed.is_multiple_of(3) {
                tactical[(seed >> 8) as usize % tactical.len()].clone()
            } else {
                moves[(seed >> 8) as usize % moves.len()].clone()
            };
            pos = pos.play(&mv);
            if ply % 12 == 11 {
                out.push(pos.clone());
            }
        }
    }
    out
}

#[test]
fn every_legal_move_round_trips_through_ean_xan_and_wire() {
    let mut count = 0;
    for pos in sample_positions() {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in &moves {
            for text in [
                notation::xan(&pos, mv),
                notation::ean(&pos, mv),
                pos.move_to_wire(mv),
            ] {
                let back = pos
                    .parse_move(&text)
                    .unwrap_or_else(|e| panic!("{text} in {pos:?}: {e}"));
                assert_eq!(&back, mv, "{text} in {pos:?}");
                count += 1;
            }
        }
        // Wire strings are unique.
        let mut wires: Vec<String> = moves.iter().map(|m| pos.move_to_wire(m)).collect();
        wires.sort();
        wires.dedup();
        assert_eq!(wires.len(), moves.len());
    }
    assert!(count > 3000, "{count}");
}

/// A move's long algebraic text is read from the moves of the piece it names alone: the same
/// move a search through every legal move finds, or none where that finds none (a piece of the
/// other side, an empty field, a move that is no single ply).
#[test]
fn long_algebraic_reads_as_the_whole_list_does() {
    let serpent_positions = crate::core::perft::suite_positions(perft_suite("tamoanchan"))
        .into_iter()
        .map(|text| Croatian::from_position_string("tamoanchan", text).unwrap())
        .filter(|pos| {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves.len() < 1000
        });
    let mut found = 0;
    for pos in sample_positions().into_iter().chain(serpent_positions) {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let listed = |from: u16, to: u16| {
            moves.iter().find(|m| {
                let ply = m.first();
                ply.from == from
                    && ply.to == to
                    && notation::lan_fits(&pos, m)
                    && !ply.has(moves::flag::PROMOTE)
            })
        };
        for m in &moves {
            let ply = m.first();
            for (from, to) in [(ply.from, ply.to), (ply.to, ply.from)] {
                let text = format!("{}{}", pos.field_name(from), pos.field_name(to));
                let read = notation::parse_lan(&pos, &text);
                assert_eq!(read.as_ref(), listed(from, to), "{text} in {pos:?}");
                found += usize::from(read.is_some());
            }
        }
    }
    assert!(found > 3000, "{found}");
}

#[test]
fn position_strings_round_trip() {
    for pos in sample_positions() {
        let text = pos.position_string();
        let back = Croatian::from_position_string(pos.variant(), &text).unwrap();
        assert_eq!(back, pos, "{text}");
        assert_eq!(back.key(), pos.key(), "{text}");
        if let Some(setup) = pos.to_author_setup() {
            let back = Croatian::from_author_setup(&setup).unwrap();
            assert_eq!(back.board[..], pos.board[..], "{setup}");
            assert_eq!(back.ep, pos.ep, "{setup}");
            assert_eq!(back.key(), pos.key(), "{setup}");
        }
    }
}

#[test]
fn start_position_string() {
    let pos = start("croatianties");
    assert_eq!(
        pos.position_string(),
        "r&enbqk&bner&/p|p|p|p|p|p|p|p|p|p|/10/10/10/10/10/10/P|P|P|P|P|P|P|P|P|P|/R&ENBQK&BNER& w - 0 1"
    );
    assert!(pos.to_author_setup().unwrap().starts_with("CT Ra1&,Eb1,"));
}

#[test]
fn bad_position_strings_name_the_field() {
    let field = |text: &str| {
        Croatian::from_position_string("croatianties", text)
            .unwrap_err()
            .field
    };
    let good = "r&enbqk&bner&/p|p|p|p|p|p|p|p|p|p|/10/10/10/10/10/10/P|P|P|P|P|P|P|P|P|P|/R&ENBQK&BNER& w - 0 1";
    assert!(Croatian::from_position_string("croatianties", good).is_ok());
    assert_eq!(field(&good.replace(" w ", " x ")), "side to move");
    assert_eq!(
        field(&good.replace("/10/10/10/10/10/10/", "/10/10/10/10/10/")),
        "piece placement"
    );
    assert_eq!(
        field(&good.replace("/10/10/10/", "/10/9/10/")),
        "piece placement"
    );
    assert_eq!(
        field(&good.replace("/10/10/10/", "/10/A9/10/")),
        "piece placement"
    );
    assert_eq!(
        field(&good.replace("/10/10/10/", "/10/P|9/10/")),
        "piece placement"
    );
    assert_eq!(
        field(&good.replace("R&ENBQK&BNER&", "R&ENBQ&KBNER&")),
        "piece placement"
    );
    assert_eq!(field(&good.replace(" - 0 1", " e4:e3 0 1")), "en passant");
    assert_eq!(field(&good.replace(" - 0 1", " - x 1")), "halfmove clock");
    assert_eq!(field(&good.replace(" - 0 1", " - 0 0")), "fullmove number");
    assert_eq!(field("garbage"), "position");
    assert!(Croatian::from_position_string("nosuchvariant", good).is_err());
    assert!(Croatian::from_position_string(
        "croatianties",
        "10/10/10/10/10/10/10/10/10/10 w - 0 1"
    )
    .is_ok());
    for bad in [
        "",
        "/",
        "0/0 w - 0 1",
        "99999999999999999999 w - 0 1",
        "é w - 0 1",
    ] {
        assert!(
            Croatian::from_position_string("croatianties", bad).is_err(),
            "{bad}"
        );
    }
    // En passant read and written with all crossed fields.
    let p = start("croatianties");
    let p = p.play(&p.parse_move("e5").unwrap());
    let text = p.position_string();
    assert!(text.contains(" b e5:e3e4 0 1"), "{text}");
    assert_eq!(
        Croatian::from_position_string("croatianties", &text).unwrap(),
        p
    );
    for bad in [
        "Ka1 k",
        "XX Ka1",
        "CT Ka1,Zb2",
        "CT Ka1,Pb2!",
        "CT Ka1,Kb2",
        "CT Kk1",
    ] {
        assert!(Croatian::from_author_setup(bad).is_err(), "{bad}");
    }
}

/// Random strings over the characters of positions and moves never panic the readers.
#[test]
fn garbage_never_panics() {
    let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyzPNBRQKEAUWTCOGSHMIpnbrqkeauw0123456789/|&=:-~*%^.,;@\"'$<>\\[]()#+_! é"
        .chars()
        .collect();
    let mut rng = Xorshift(0xDEAD_BEEF_1234_5678u64);
    let pos = start("mayanascendancy");
    let base = pos.position_string();
    for _ in 0..4000 {
        let len = rng.below(24);
        let s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = pos.parse_move(&s);
        let _ = notation::parse_notation(&s, 26);
        let _ = Croatian::from_position_string("mayanascendancy", &s);
        let _ = Croatian::from_author_setup(&format!("MA {s}"));
        // Mutate one character of a valid position string.
        let mut chars: Vec<char> = base.chars().collect();
        let at = rng.below(chars.len());
        chars[at] = alphabet[rng.below(alphabet.len())];
        let mutated: String = chars.into_iter().collect();
        if let Ok(p) = Croatian::from_position_string("mayanascendancy", &mutated) {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            assert_eq!(
                Croatian::from_position_string("mayanascendancy", &p.position_string()).unwrap(),
                p
            );
        }
    }
    assert!(
        Croatian::from_position_string("croatianties", "4294967295/4294967295 w - 0 1").is_err()
    );
}

#[test]
fn cecp_setup_for_boards_xboard_can_draw() {
    let setup = start("croatianties").cecp_setup().unwrap();
    let first = setup.lines().next().unwrap();
    assert!(first.starts_with("setup (PNBRQ"), "{first}");
    assert!(
        first.contains(" 10x10+0_fairy renbqkbner/pppppppppp/10/"),
        "{first}"
    );
    assert!(setup.contains("piece E& NN"));
    let table = first.split(['(', ')']).nth(1).unwrap();
    assert_eq!(table.len(), 44);
    assert!(start("ageofaquarius")
        .cecp_setup()
        .unwrap()
        .contains("piece U&"));
    assert!(start("classical20").cecp_setup().is_none());
    // Miranda's Veil fits XBoard's 16x16; its Waves take the Wizard slot. Nineteen does not fit.
    let veil = start("mirandasveil").cecp_setup().unwrap();
    let table = veil.split(['(', ')']).nth(1).unwrap();
    assert_eq!(&table[9..10], "W");
    assert_eq!(&table[31..32], "w");
    assert!(veil.contains(" 16x16+0_fairy reauwnbqkbnwuaer/pppppppppppppppp/16/"));
    assert!(start("nineteen").cecp_setup().is_none());
}

#[test]
fn ean_writer_matches_the_book() {
    let ean = |pos: &Croatian, text: &str| notation::ean(pos, &pos.parse_move(text).unwrap());
    let pos = setup("MA Qk2,Af7,Ai7,Af2,Bc7");
    assert_eq!(ean(&pos, "Qk2-f7~Af7-i7~Ai7-i9"), "Qf7~Ai7~Ai9");
    let pos = setup("MA Bh9,Ad5,Ra1,Rl1,rh5,bd8");
    assert_eq!(ean(&pos, "Bh9-d5~Ad5-h5%R"), "Bd5~Ah5%");
    assert_eq!(ean(&pos, "Bh9-d5~Ad5-h5*R"), "Bd5~Ah5*");
    let pos = setup("MA El4,Ad8,Ph8,Pd6");
    assert_eq!(ean(&pos, "[El4-d8]~[Ad8-h8=Q]"), "Ed8~Ah8=Q");
    let pos = setup("CT Ph2^,pi4");
    let pos = play(&pos, "h5");
    assert_eq!(ean(&pos, "i4h3"), "h3:");
    let pos = setup("AOA Pl13,Pe11=");
    assert_eq!(ean(&pos, "Pl13-l14="), "l14=");
    assert_eq!(ean(&pos, "Pe11=R"), "e11=R");
    assert_eq!(ean(&pos, "P==e11-e12"), "e12");
    let pos = setup("CT Pe3,pf4,pd4");
    assert_eq!(ean(&pos, "e3f4"), "f4*");
    let pos = setup("CT Pe3,Pg3,pf4");
    assert_eq!(ean(&pos, "e3f4"), "ef4*");
    // Halfmove clock and move number.
    let pos = setup("CT Ka1,Pe3,kj10");
    let p = play(&pos, "Ka2");
    assert_eq!((p.halfmove(), p.fullmove()), (1, 1));
    let p = play(&p, "Kj9");
    assert_eq!((p.halfmove(), p.fullmove()), (2, 2));
    let p = play(&p, "e4");
    assert_eq!((p.halfmove(), p.fullmove()), (0, 2));
}

#[test]
fn pegasus_keeps_its_direction_tb_ct2() {
    let pos = setup("CT Ec2");
    let d: Vec<String> = dests(&pos, "c2");
    for f in ["d4", "e6", "f8", "g10"] {
        assert!(d.contains(&f.to_string()), "{f}");
    }
    // From e6 it may not turn onto another vector (e.g. e6 -> g7).
    assert!(!d.contains(&"g7".to_string()));
    assert_eq!(
        d,
        sorted(&["d4", "e6", "f8", "g10", "e3", "g4", "i5", "b4", "a6", "a3", "a1", "e1"])
    );
}

#[test]
fn dark_mirrors_light_rush_and_castling() {
    let pos = setup("ct pb9^,kf10&,ra10&,rj10&");
    assert_eq!(dests(&pos, "b9"), sorted(&["b8", "b7", "b6"]));
    assert_eq!(
        castles(&pos),
        sorted(&[
            "Kf10-c10&Rd10",
            "Kf10-d10&Re10",
            "Kf10-h10&Rg10",
            "Kf10-i10&Rh10"
        ])
    );
    let pos = setup("aoa pe13^,Kh1");
    assert_eq!(
        dests(&pos, "e13"),
        sorted(&["e12", "e11", "e10", "e9", "e8"])
    );
}

/// Found by fuzzing: a run of empty fields too large for 32 bits overflowed the file counter.
#[test]
fn an_enormous_empty_run_is_an_error() {
    let text = "r&1br&eb1k&1er&ber&/2p|e1qp|p5p|/5pb5p1/9p4/1p1pp9/8E3pB/p9pP2/P4P2P5/3P2PP6/\
                1EP1B9/14/2E11/1P|2P|2Q1P|P|1P|P|/R&1BR&E2K&2R4294967295B1R& b - 1 18";
    let err = Croatian::from_position_string("croatianties14", text).unwrap_err();
    assert!(err.to_string().contains("too long"), "{err}");
}

/// The generator's shortcuts around the full attack test (in check, only plies onto a checker
/// or between a line-riding checker and the King are tested; out of check, only pieces pinned
/// on a line from the King are) list exactly the reference's moves: checks along a file, a
/// diagonal and a Pegasus line, with blockers and captures that are pinned and free, a double
/// check, and pins by a Queen and a Pegasus.
#[test]
fn checks_and_pins_list_the_reference_moves() {
    for (text, moves) in [
        // Queen check on the h-file: Ra4 blocks on h4; Ef6 takes the Queen or blocks on h7,
        // h5 and h2 (over g4); Pg9 takes it or blocks sideways on h9; Qd5, pinned on the
        // diagonal by bb7, can do neither; the King steps to g1, g2, i1 and i2 (h2 is on the
        // file): 11.
        ("CT14 Kh1,Qd5,Ra4,Ef6,Pg9,qh10,bb7,kn14", 11),
        // Pegasus check from j5 over i3: Ra3 blocks, Bl3 takes, Qg2 (pinned by bd5) cannot
        // take; the King steps to g1, h2, i1 and i2: 6.
        ("CT14 Kh1,Qg2,Ra3,Bl3,ej5,bd5,kn14", 6),
        // Double check by rh8 and ef2: no block or capture answers both; the King steps to
        // g1, g2, i1 and i2 (h2 is on the file): 4.
        ("CT14 Kh1,Ra8,Ra5,Be3,rh8,ef2,kn14", 4),
        // Out of check: Ri3 pinned by the Pegasus on j5, Bg2 by the Queen on e4 (it may move
        // along the diagonal, f3 or taking e4).
        ("CT14 Kh1,Ri3,Bg2,ej5,qe4,kn14", 0),
    ] {
        let pos = Croatian::from_position_string("croatianties14", text).unwrap();
        let c = crosscheck::compare("croatianties14", &pos).unwrap();
        assert!(
            c.agrees(),
            "{text}: only the reference {:?}, only the fast generator {:?}",
            c.only_reference,
            c.only_fast
        );
        if moves > 0 {
            assert_eq!(c.fast, moves, "{text}");
        }
    }
}

/// Every suite position of the variants whose pieces all attack by leaps or lines, with its
/// variant, its text and its legal moves.
fn line_attack_suite_positions() -> Vec<(&'static str, &'static str, Croatian, Vec<Move>)> {
    let mut out = Vec::new();
    for name in variant::NAMES {
        if !variant::Variant::by_name(name).is_some_and(|v| v.attacks_by_lines()) {
            continue;
        }
        for text in crate::core::perft::suite_positions(perft_suite(name)) {
            let pos = Croatian::from_position_string(name, text)
                .or_else(|_| Croatian::from_author_setup(text))
                .unwrap();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            out.push((name, text, pos, moves));
        }
    }
    out
}

/// The attack test that reads the lines' first pieces from the board's runs
/// (`attacks::attacked_on_lines`, `Croatian::is_attacked`'s and the King steps' test) agrees
/// with the one that rides every line from the field, for every field and side of every suite
/// position of the variants that use it, and of the positions one ply on; so do the attackers
/// each finds (`each_attacker_on_lines`, the checkers of a listing in check).
#[test]
fn attack_test_on_the_runs_agrees_with_riding_every_line() {
    let mut attacked = 0;
    for (name, _, pos, moves) in line_attack_suite_positions() {
        let o = pos.offsets();
        let n = pos.size();
        for next in std::iter::once(pos.clone()).chain(moves.iter().map(|m| pos.play(m))) {
            for by in [crate::core::Color::White, crate::core::Color::Black] {
                for sq in (0..n).flat_map(|r| (0..n).map(move |f| (f, r))) {
                    let sq = next.sq(sq.0, sq.1);
                    let lines = attacks::attacked_on_lines(&next, o, sq, by);
                    let every = attacks::attacked_with(&next, o, &next.board, sq, by);
                    assert_eq!(lines, every, "{name} {next:?} {sq} {by:?}");
                    let mut found = [Vec::new(), Vec::new()];
                    attacks::each_attacker_on_lines(&next, o, sq, by, |s| {
                        found[0].push(s);
                        true
                    });
                    attacks::each_attacker(&next, o, &next.board, sq, by, |s| {
                        found[1].push(s);
                        true
                    });
                    found.iter_mut().for_each(|f| f.sort_unstable());
                    assert_eq!(found[0], found[1], "{name} {next:?} {sq} {by:?}");
                    attacked += lines as usize;
                }
            }
        }
    }
    assert!(attacked > 10_000, "{attacked}");
}

/// The check a single ply gives, told before playing it (`Game::gives_check`), where the piece
/// that checks is one the ply made: a Pawn promoting or promoted in place, a Rook castling.
#[test]
fn gives_check_is_told_for_promotions_and_castling() {
    for text in [
        "CT Ke1,Pa9,ke10",
        "AOA Ka1,Pe11=,ke14",
        "CT Kf1&,Rj1&,kg10",
        "CT Kf1&,Ra1&,kd10",
    ] {
        let pos = setup(text);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut checks = 0;
        for mv in &moves {
            let child = pos.play(mv);
            let whole = child.is_attacked(child.king(child.side).unwrap(), !child.side);
            assert_eq!(pos.gives_check(mv), Some(whole), "{text}: {mv:?}");
            let made = moves::flag::PROMOTE | moves::flag::DELAYED | moves::flag::CASTLE;
            checks += (whole && mv.first().flags & made != 0) as usize;
        }
        assert!(checks > 0, "{text}");
    }
}

/// After a single ply, whether the side to move is in check is told from the fields the ply
/// changed (`attacks::attacked_through`), by `play` and before playing (`Game::gives_check`):
/// both agree with the whole-board test two turns deep from every suite position of the
/// variants that use it, checks among them.
#[test]
fn check_after_a_single_ply_agrees_with_the_whole_board_test() {
    let mut checks = 0;
    let mut told = 0;
    for (name, text, pos, moves) in line_attack_suite_positions() {
        for (i, mv) in moves.iter().enumerate() {
            let child = pos.play(mv);
            let mut replies = Vec::new();
            child.legal_moves(&mut replies);
            // Every reply of a few children: the others only for themselves.
            let deeper = if i % 16 == 0 { &replies[..] } else { &[] };
            let played = std::iter::once((&pos, mv, child.clone()))
                .chain(deeper.iter().map(|r| (&child, r, child.play(r))));
            for (before, mv, next) in played {
                let Some(k) = next.king(next.side) else {
                    continue;
                };
                let whole = next.is_attacked(k, !next.side);
                assert_eq!(next.king_attacked(), whole, "{name} {text}: {next:?}");
                if let Some(check) = before.gives_check(mv) {
                    assert_eq!(check, whole, "{name} {text}: {mv:?} from {before:?}");
                    told += 1;
                }
                checks += whole as usize;
            }
        }
    }
    assert!(checks > 100, "{checks}");
    assert!(told > checks, "{told}");
}

/// The variants whose every turn is one ply give their moves codes, so the search can try the
/// table's move and the tactical moves before it lists the quiet ones; every legal move's code
/// reads back as that move. Variants with cascades have none.
#[test]
fn single_ply_variants_have_move_codes() {
    for variant in [
        "croatianties14",
        "croatianties20",
        "croatianties26",
        "classical14",
    ] {
        let pos = Croatian::start_position(variant).unwrap();
        assert!(pos.move_codes(), "{variant}");
        assert!(!pos.quiescence_table_move(), "{variant}");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in &moves {
            let code = pos.move_code(mv);
            assert_eq!(pos.move_from_code(code).as_ref(), Some(mv), "{variant}");
        }
    }
    for variant in ["mayanascendancy", "mirandasveil"] {
        let pos = Croatian::start_position(variant).unwrap();
        assert!(!pos.move_codes(), "{variant}");
    }
}

/// What a state says its turn wrote covers every field whose cell the turn changed (a pass
/// writes none), and a row's occupied fields near a field are those holding a piece: along
/// random games of single plies, cascades and turns played action by action.
#[test]
fn written_fields_cover_what_a_turn_changed() {
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15u64);
    let mut known = 0;
    for name in [
        "croatianties14",
        "croatianties",
        "mayanascendancy",
        "mirandasveil",
        "nineteen",
        "hemerasdawn",
        "one",
    ] {
        let mut pos = start(name);
        for _ in 0..40 {
            let (n, stride) = (pos.size(), pos.stride());
            for sq in (0..n).flat_map(|f| (0..n).map(move |r| (f, r))) {
                let sq = pos.sq(sq.0, sq.1);
                for dy in -2..=2 {
                    let row = (sq as isize + dy * stride - 2) as u16;
                    let scanned = (0..5)
                        .filter(|&i| piece::is_piece(pos.cell(row + i)))
                        .fold(0, |bits, i| bits | 1 << i);
                    assert_eq!(pos.occupied_bits(row, 5), scanned, "{name} {pos:?} {row}");
                }
            }
            if let Some(null) = pos.null_move() {
                assert_eq!(null.written_since(&pos), Some(&[][..]), "{name}");
            }
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let next = pos.play(&moves[rng.below(moves.len())]);
            if let Some(fields) = next.written_since(&pos) {
                known += 1;
                for sq in 0..MAILBOX as u16 {
                    if pos.cell(sq) != next.cell(sq) {
                        assert!(fields.contains(&sq), "{name} {pos:?} {next:?} {sq}");
                    }
                }
            }
            pos = next;
        }
    }
    assert!(known > 150, "{known}");
}

/// `play_into` a state kept from an earlier move (of this position, of another one, of another
/// variant) gives the state `play` gives, down to what it wrote, its check and its moves: along
/// random games of single plies, cascades and turns played action by action.
#[test]
fn play_into_a_kept_state_is_play() {
    let mut rng = Xorshift(0x5851_F42D_4C95_7F2Du64);
    let mut kept = start("croatianties26");
    let mut compared = 0;
    for name in [
        "croatianties14",
        "croatianties",
        "mayanascendancy",
        "mirandasveil",
        "hemerasdawn",
        "one",
    ] {
        let mut pos = start(name);
        for _ in 0..12 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for mv in moves.iter().take(8) {
                let played = pos.play(mv);
                pos.play_into(mv, &mut kept);
                assert!(kept == played, "{name} {pos:?} {mv:?}");
                assert_eq!(kept.position_string(), played.position_string(), "{name}");
                assert_eq!(kept.in_check(), played.in_check(), "{name} {pos:?} {mv:?}");
                assert_eq!(kept.written_since(&pos), played.written_since(&pos));
                assert_eq!(kept.turn_in_progress(), played.turn_in_progress());
                let (mut a, mut b) = (Vec::new(), Vec::new());
                kept.legal_moves(&mut a);
                played.legal_moves(&mut b);
                assert_eq!(a, b, "{name} {pos:?} {mv:?}");
                compared += 1;
            }
            pos = pos.play(&moves[rng.below(moves.len())]);
        }
    }
    assert!(compared > 300, "{compared}");
}
