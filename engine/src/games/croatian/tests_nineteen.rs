//! Nineteen: Stars and teleportation, two Pawn rows, sideways Pawns, several rushes and
//! en-passant items in one cascade, the new castling (part1 sections 3, 4.5, 4.6, 5; the scenes
//! TA-7..TA-11 and TB-N1..TB-N13 of section 9; rulings T2-1, T2-4, T2-10, T2-11, OQ-9).

use super::tests::*;
use super::tests_veil::{activations, can_start, ends, fields, legal, next};
use super::*;

/// The four corner Stars, then `pieces` (light to move with `N`, dark with `n`).
fn nineteen(side: &str, pieces: &str) -> Croatian {
    setup(&format!("{side} Ta1,tr1,ta18,Tr18,{pieces}"))
}

/// The teleports among the legal moves (XAN), sorted.
fn teleports(pos: &Croatian) -> Vec<String> {
    let mut v: Vec<String> = xans(pos).into_iter().filter(|m| m.contains('|')).collect();
    v.sort();
    v
}

#[test]
fn start_position_counts() {
    let pos = start("nineteen");
    assert_eq!(perft(&pos, 1), 116);
    assert_eq!(perft(&pos, 2), 13_456);
    // T2-11: the Rooks beside the Stars are oblationed; King and Queen swap with a Pyramid.
    for m in [
        "R&&b1-a1|||R",
        "R&&q1-r1|||R",
        "K&&j1-k1~Ak1-j1",
        "Qi1-h1~Ah1-i1",
    ] {
        assert!(has(&pos, m), "{m}");
    }
}

#[test]
fn start_position_count_depth3() {
    assert_eq!(perft(&start("nineteen"), 3), 1_610_954);
}

#[test]
fn start_position_string() {
    let pos = start("nineteen");
    assert_eq!(
        pos.position_string(),
        "tr&nbweuaqk&auewbnr&T/p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/\
         p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|p|/18/18/18/18/18/18/18/18/18/18/18/18/\
         P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|P|/\
         TR&NBWEUAQK&AUEWBNR&t w - 0 1"
    );
}

#[test]
fn stars_only_in_their_corners_t2_10() {
    let middle = "18/".repeat(16);
    for (text, good) in [
        (format!("t16T/{middle}T16t w - 0 1"), true),
        (format!("T16t/{middle}t16T w - 0 1"), false),
        (format!("18/{middle}1T16 w - 0 1"), false),
        (format!("t16T/{middle}T17 w - 0 1"), true),
    ] {
        assert_eq!(
            Croatian::from_position_string("nineteen", &text).is_ok(),
            good,
            "{text}"
        );
    }
    // A Star is not a piece of the earlier variants.
    let veil = format!("T15/{}16 w - 0 1", "16/".repeat(14));
    assert!(Croatian::from_position_string("mirandasveil", &veil).is_err());
}

#[test]
fn a_piece_teleports_to_the_other_colour_portals_ta7_tb_n8() {
    let pos = nineteen("N", "Bd15");
    // Through a18 or r1 (both dark): the same six emergences, each one move.
    assert_eq!(
        teleports(&pos),
        sorted(&[
            "Bd15-a18|Ba2",
            "Bd15-a18|Bb1",
            "Bd15-a18|Bb2",
            "Bd15-a18|Bq17",
            "Bd15-a18|Bq18",
            "Bd15-a18|Br17",
        ])
    );
    let mv = pos.parse_move("Ba18|q18").unwrap();
    for text in ["Bd15-a18|Bq18", "Bd15-r1|Bq18", "Br1|q18"] {
        assert_eq!(pos.parse_move(text).unwrap(), mv, "{text}");
    }
    assert_eq!(notation::ean(&pos, &mv), "Ba18|q18");
    assert_eq!(pos.move_to_wire(&mv), "Bd15-a18|Bq18");
    // The Bishop changes colour on b2 and q17 (dark fields).
    let after = play(&pos, "Ba18|b2");
    assert!(!after.is_light_field(after.sq(1, 1)) && pos.is_light_field(pos.sq(3, 14)));
}

#[test]
fn no_empty_portal_oblation_ta8_tb_n2_tb_n1() {
    let pos = nineteen("n", "Rb1,Pb2,Bq18,wa2,ra13,pq17,pr17");
    let mv = pos.parse_move("Ra18|||").unwrap();
    assert_eq!(notation::xan(&pos, &mv), "Ra13-a18|||R");
    assert_eq!(pos.parse_move("Ra13-a18|||R").unwrap(), mv);
    let after = pos.play(&mv);
    assert_eq!(after.cell(after.sq(0, 12)), piece::EMPTY);
    assert!(!after.position_string().contains('r'), "the Rook is gone");
    // A Wave on a portal field makes it non-empty.
    let pos = nineteen("N", "Bd15,Wa2");
    assert_eq!(
        teleports(&pos),
        sorted(&[
            "Bd15-a18|Bb1",
            "Bd15-a18|Bb2",
            "Bd15-a18|Bq17",
            "Bd15-a18|Bq18",
            "Bd15-a18|Br17",
        ])
    );
}

#[test]
fn teleporting_pawn_is_tagged_on_the_far_side_ta9_tb_n7() {
    for pawn in ["Pa17", "Pb17"] {
        let pos = nineteen("N", &format!("{pawn},kh10"));
        let got: Vec<String> = teleports(&pos);
        let from = &pawn[1..];
        let mut want: Vec<String> = ["a2", "b1", "b2"]
            .iter()
            .map(|f| format!("P{from}-a18|P{f}"))
            .chain(
                ["q17", "r17", "q18"]
                    .iter()
                    .map(|f| format!("P{from}-a18|P{f}=")),
            )
            .chain(
                ["Q", "R", "B", "N", "E", "A", "U", "W"]
                    .iter()
                    .map(|k| format!("P{from}-a18|Pq18={k}")),
            )
            .collect();
        want.sort();
        assert_eq!(got, want, "{pawn}");
    }
    let pos = nineteen("N", "Pa17,kh10");
    // Q6: the tag may be written or not.
    assert_eq!(
        pos.parse_move("a18|q17").unwrap(),
        pos.parse_move("a18|q17=").unwrap()
    );
    let after = play(&play(&pos, "a18|b2"), "Kh10-h9");
    assert_eq!(dests(&after, "b2"), sorted(&["a2", "b3", "c2"]), "no rush");
    let after = play(&play(&pos, "a18|q17"), "Kh10-h9");
    assert!(has(&after, "Pq17=Q"), "a delayed promotion");
}

#[test]
fn a_king_never_teleports_ta10() {
    let pos = nineteen("N", "Kb2,kh10");
    assert!(!dests(&pos, "b2").contains(&"a1".to_string()));
    assert!(!teleports(&pos).iter().any(|m| m.starts_with('K')));
}

#[test]
fn sideways_pawns_step_and_activate_waves_only_ta11() {
    let pos = nineteen("N", "Pf2^,ng2");
    assert_eq!(
        dests(&pos, "f2"),
        sorted(&["e2", "f3", "f4", "f5", "f6", "f7", "f8", "f9"])
    );
    let pos = nineteen("N", "Pf2^,Ag2");
    assert!(!dests(&pos, "f2").contains(&"g2".to_string()));
    assert!(!can_start(&pos, "Pf2-g2"));
    let pos = nineteen("N", "Pf2^,Wg2");
    assert!(can_start(&pos, "Pf2-g2"));
}

#[test]
fn teleported_wave_goes_on_from_the_same_coloured_star_tb_n3() {
    let pos = nineteen("N", "Ei11,Wg15,Al4,Pf7,pe16,pp2");
    let options = next(&pos, "Ei11-g15");
    for m in [
        "Wg15-c17",
        "Wg15-a18|Wr1-n3",
        "Wg15-a18|Wr1-j5",
        "Wg15-a18|Wr1-h6",
        "Wg15-a18|Wr1-d8",
        "Wg15-a18|Wr1-b9",
        "Wg15-a18|Wr1-f7~",
    ] {
        assert!(options.contains(&m.to_string()), "{m}: {options:?}");
    }
    for m in [
        "Wg15-e16",
        "Wg15-a18|Wr1-p2",
        "Wg15-a18|Wr1-l4",
        "Wg15-a18|Wr1-l4~",
    ] {
        assert!(!options.contains(&m.to_string()), "{m}");
    }
    // The Pawn received 2, and is on no Pawn row: f8, e7 or g7 only (sideways).
    assert_eq!(
        next(&pos, "Ei11-g15~Wg15-a18|Wr1-f7"),
        sorted(&["Pf7-e7", "Pf7-f8", "Pf7-g7"])
    );
    // R05/R06: the book's Wave activating a Pyramid is no move (OQ-1).
    assert!(notation::parse_notation("Eg15~Wa18|Wl4~Al6", 18).is_ok());
    assert!(!legal(&pos, "Eg15~Wa18|Wl4~Al6"));
    assert!(!legal(&pos, "[Ei11-g15]~[Wg15-a18]|[Wr1-l4]~[Al4-l6]"));
    assert!(legal(&pos, "Eg15~Wa18|Wj5"));
}

#[test]
fn teleported_wave_without_a_destination_is_removed_tb_n4() {
    let pos = nineteen("N", "Ei11,Wg15,pe16,pp2,pn3,pl4,pj5,ph6,pf7,pd8,pb9");
    let mv = pos.parse_move("Eg15~Wa18|||").unwrap();
    assert_eq!(pos.parse_move("[Ei11-g15]~[Wg15-a18]|||W").unwrap(), mv);
    let after = pos.play(&mv);
    assert!(!after.position_string().contains('W'), "{after:?}");
    assert!(
        legal(&pos, "Eg15~Wc17"),
        "it could have ended before the Star"
    );
}

#[test]
fn unicorn_wave_through_a_star_tb_n5_tb_n6() {
    let pos = nineteen("N", "Um7,Wq8,Ae6,pe13");
    let options = next(&pos, "Um7-q8");
    for m in [
        "Wq8.o9.r11.p12..q15",
        "Wq8.o9.r11.p12..q15..r18|Wa1.d3.b4.e6.c7.f9.d10.g12.e13.h15.f16.i18",
        "Wq8.o9.r11.p12..q15..r18|Wa1.d3.b4.e6.c7",
    ] {
        assert!(options.contains(&m.to_string()), "{m}");
    }
    assert!(!options
        .iter()
        .any(|m| m.ends_with(".e6~") || m.ends_with(".e6")));
    assert!(!options.iter().any(|m| m.ends_with(".e13")));
    let pos = nineteen("n", "uk8,wo9,Ad10,pe13");
    let options = next(&pos, "Uk8-o9");
    for m in [
        "Wo9.m10.p12.n13.q15.o16.r18|Wa1..b4..c7.a8.d10.b11.e13~",
        "Wo9.m10.p12.n13.q15.o16.r18|Wa1..b4..c7.a8.d10.b11.e13.c14.f16.d17",
    ] {
        assert!(options.contains(&m.to_string()), "{m}");
    }
    assert!(!options.iter().any(|m| m.ends_with(".d10")));
}

#[test]
fn wave_after_a_sideways_pawn_tb_n9() {
    let pos = nineteen("N", "Pf2^,Wg2,Ad5,Ng9,Wq12,Bk14,wp2");
    assert_eq!(
        ends(&pos, "Pf2-g2"),
        fields(
            "f2 e2 d2 c2 b2 a2 f3 e4 c6 b7 a8 g3 g4 g5 g6 g7 g8 g10 g11 g12 g13 g14 g15 g16 g17 \
             g18 h3 i4 j5 k6 l7 m8 n9 o10 p11 r13 h2 i2 j2 k2 l2 m2 n2 o2 q2 r2"
        )
    );
    assert_eq!(activations(&pos, "Pf2-g2"), fields("g9 q12 p2"));
}

#[test]
fn pyramid_through_a_capture_field_in_a_long_cascade_tb_n10() {
    let pos = nineteen("N", "Rq6,Wf6,Pf4,Wg4,Bl4,An2");
    let chain = "Rq6-f6~Wf6-f4~Pf4-g4~Wg4-l4~Bl4-n2";
    let e = ends(&pos, chain);
    assert!(
        e.contains(&"n10".to_string()) && !e.contains(&"n11".to_string()),
        "momentum 8"
    );
    assert!(e.contains(&"f2".to_string()) && !e.contains(&"e2".to_string()));
}

#[test]
fn both_pawn_rows_rush_and_en_passant_tb_n11() {
    let pos = nineteen("N", "Rb1&,Pb2^,Pb3^,Ee1,Pe2^,pc7,pf7");
    assert_eq!(
        dests(&pos, "b3"),
        sorted(&["a3", "b4", "b5", "b6", "b7", "b8", "b9", "c3"])
    );
    assert_eq!(
        dests(&pos, "e2"),
        sorted(&["d2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "f2"])
    );
    assert_eq!(dests(&pos, "b2"), sorted(&["a2", "c2"]));
    for (rush, capture) in [
        ("b3b7", "Pc7-b6:Pb7"),
        ("b3b9", "Pc7-b6:Pb9"),
        ("e2e7", "Pf7-e6:Pe7"),
        ("e2e9", "Pf7-e6:Pe9"),
    ] {
        assert!(has(&play(&pos, rush), capture), "{rush}");
    }
    assert!(
        !has(&play(&pos, "b3b6"), "Pc7-b6:Pb6"),
        "b6 was not crossed"
    );
}

#[test]
fn several_rushes_and_en_passants_in_one_cascade_tb_n12_t2_1() {
    let pos = nineteen("N", "Pb2^,Pf2^,Wb8,Bf8,Wi5,wb4,pc5,pe4");
    let after = play(&pos, "Pb2-b8~Wb8-f8~Bf8-i5~Wi5-f2~Pf2-f5");
    assert_eq!(
        after.position_string().split(' ').nth(2),
        Some("b8:b3b4b5b6b7,f5:f3f4")
    );
    let back = Croatian::from_position_string("nineteen", &after.position_string()).unwrap();
    assert_eq!(back, after);
    let reply = play(&after, "Pc5-b4:Pb8~Wb4-e4~Pe4-f3:Pf5");
    assert_eq!(reply.cell(reply.sq(1, 7)), piece::EMPTY);
    assert_eq!(reply.cell(reply.sq(5, 4)), piece::EMPTY);
    // An opponent's Pawn rushed in my cascade leaves no e.p. item (T2-2).
    let pos = nineteen("N", "Bc1,We3,wg5,pr16^");
    let after = play(&pos, "Bc1-e3~We3-g5~Wg5-r16~Pr16-r14");
    assert_eq!(after.position_string().split(' ').nth(2), Some("-"));
}

#[test]
fn castling_in_check_and_across_attacks_tb_n13() {
    let pos = nineteen("N", "Kj1&,Rb1&,nh2");
    assert!(pos.in_check());
    assert_eq!(
        castles(&pos),
        sorted(&["Kj1-d1&Re1", "Kj1-e1&Rf1", "Kj1-g1&Rh1", "Kj1-h1&Ri1"])
    );
}

#[test]
fn last_rank_arrivals_promote_or_tag_again_t2_4_oq9() {
    let pos = nineteen("N", "Pe18=,kh10");
    for m in ["Pe18=Q", "P==e18-f18=", "P==e18-f18=Q", "P==e18-d18="] {
        assert!(has(&pos, m), "{m}");
    }
    let pos = nineteen("N", "Pe17,We18,kh10");
    assert!(can_start(&pos, "Pe17-e18=Q"));
    assert!(can_start(&pos, "Pe17-e18="));
    // The Wave then has the Pawn's steps: only sideways along the last rank, and on from the
    // corner Stars.
    let e = ends(&pos, "Pe17-e18=");
    for f in ["d18", "b18", "f18", "q18", "q1", "b1"] {
        assert!(e.contains(&f.to_string()), "{f}: {e:?}");
    }
    assert!(!e.iter().any(|f| f.ends_with("17") || f == "e18"), "{e:?}");
}

/// A piece teleported back onto the field it left, tags unchanged, makes a null move: illegal
/// (part 2 OQ-15, HD-5).
#[test]
fn teleport_back_onto_its_own_field_is_no_move() {
    let pos = nineteen("N", "Rq18,kk17,Bd15,Kj1");
    assert!(!legal(&pos, "Rq18-a18|Rq18"));
    assert!(legal(&pos, "Rq18-a18|Rr17"));
    let pos = nineteen("n", "qb1,Kk11,ra5,kj18");
    assert!(!legal(&pos, "Qb1-r1|Qb1"));
}

/// A teleported Wave whose route comes round to fields it already crossed, empty ones among
/// them, is not blocked: it is not removed (L1446-1448; OQ-4 only ends the loop).
#[test]
fn teleported_wave_on_a_loop_with_free_fields_is_not_removed() {
    let pos = nineteen("N", "Bh11,ko10,Wq2,Kj1&");
    assert!(!legal(&pos, "Bh11-q2~Wq2-a18|||W"));
    assert!(legal(&pos, "Bh11-q2~Wq2-p3"));
    let pos = nineteen("n", "Kj1,Rb1,Pb2,Bq18,wa2,ra13,pq17,pr17,kj18");
    assert!(!legal(&pos, "Ra13-a2~Wa2-a18|Wr1-r18|||W"));
    assert!(legal(&pos, "Ra13-a2~Wa2-a18|Wr1-r16"));
}
