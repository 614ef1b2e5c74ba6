//! Entrancement and trance-journeys (Conquest of Tlalocan, part 2 sections 4.5.4-4.5.6, the
//! section-10 vectors, notation N01-N22): one test per rule and per book figure reconstructed.

use std::collections::BTreeSet;

use super::piece::{self, Kind};
use super::starchild::{journey_hand, Hand};
use super::tests::assert_holds;
use super::tests_tlalocan::{cot, field};
use super::trance::DISPLACEMENTS;
use super::*;
use crate::core::{Color, Game};

/// Whole turns that entrance (their first ply, or a later one, is an entrancement).
fn trances(pos: &Croatian) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|m| m.plies().iter().any(|p| p.has(flag::TRANCE)))
        .collect()
}

/// Section 10: the light right hand from e13 and the dark down hand from e12 on 24x24.
#[test]
fn journey_vectors() {
    let pos = cot("COT", "Ka1,kx24");
    let hand = |from: &str, color, hand| {
        journey_hand(&pos, field(&pos, from), color, hand)
            .into_iter()
            .map(|(k, sq)| format!("{k}{}", pos.field_name(sq)))
            .collect::<Vec<_>>()
    };
    // L4470 ends on g24; the hand goes on to a1 and s10.
    assert_eq!(
        hand("e13", Color::White, Hand::First),
        ["1g14", "2e18", "4c7", "5m12", "6g24", "8a1", "9s10"]
    );
    assert_eq!(
        hand("e12", Color::Black, Hand::Second),
        ["1d10", "3c18", "4k14", "5f4", "7a24", "8q16", "12w18"]
    );
    assert_eq!(DISPLACEMENTS[21], (-6, 2));
    assert_eq!(DISPLACEMENTS[36], (2, -4));
    assert_eq!(DISPLACEMENTS[43], (6, -2));
    let set: BTreeSet<_> = DISPLACEMENTS.iter().collect();
    assert_eq!(set.len(), 44);
    assert!(DISPLACEMENTS.iter().all(|(x, y)| (x + y) % 2 == 0));
}

/// The whole turn `text` names, read back from the XAN and EAN the engine writes for it,
/// which must be `xan` and `ean`.
fn written(pos: &Croatian, text: &str, xan: &str, ean: &str) -> Move {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(notation::xan(pos, &mv), xan);
    assert_eq!(notation::ean(pos, &mv), ean);
    for t in [xan, ean] {
        assert_eq!(pos.parse_move(t).as_ref(), Ok(&mv), "{t}");
    }
    assert!(pos.is_legal(&mv), "{text}");
    mv
}

/// Each of `texts` names `mv`.
fn all_read_as(pos: &Croatian, texts: &[&str], mv: &Move) {
    for text in texts {
        assert_eq!(pos.parse_move(text).as_ref(), Ok(mv), "{text}");
    }
}

/// Figures 343-344, notation N01-N04 (L4468-4471): the light Shaman d12 entrances the light
/// Shaman e13, whose journey along its right hand displaces the light Knight e18 onto i14
/// (offset (4,-4)) and the dark Pawn m12 onto j17 ((-3,5)) and ends on g24, passing the King
/// on c7.
#[test]
fn light_entrances_light() {
    let pos = cot("COT", "Ka1,kc7,Hd12,He13,Ne18,pm12");
    let mv = written(
        &pos,
        "He13@H..e18<i14..m12<j17..g24",
        "Hd12-e13@He13..e18<Ni14..m12<Pj17..g24",
        "He13@H..e18<i14..m12<j17..g24",
    );
    let after = pos.play(&mv);
    assert_holds(&after, "i14", Kind::Knight, Color::White);
    assert_holds(&after, "j17", Kind::Pawn, Color::Black);
    assert_holds(&after, "g24", Kind::Shaman, Color::White);
    assert_holds(&after, "e13", Kind::Shaman, Color::White);
    for empty in ["d12", "e18", "m12"] {
        assert_eq!(after.cell(field(&after, empty)), piece::EMPTY, "{empty}");
    }
    // N01 as printed names no move here; N02, the journey without interactions, does.
    assert!(pos.parse_move("Hd12@Hg24").is_err());
    written(
        &pos,
        "[Hd12-e13]@[He13-g24]",
        "Hd12-e13@He13-g24",
        "He13@Hg24",
    );
    written(
        &pos,
        "[Hd12-e13]@[He13..e18<Ni14..m12<Pj17..g24]",
        "Hd12-e13@He13..e18<Ni14..m12<Pj17..g24",
        "He13@H..e18<i14..m12<j17..g24",
    );
    // The King is passed, never displaced; no journey stops on it.
    assert!(pos.parse_move("He13@H..c7<e5..g24").is_err());
    assert!(pos.parse_move("He13@Hc7").is_err());
    // Nor on a piece left in place (OQ-12), and a light entrancer's journey captures nothing.
    assert!(pos.parse_move("He13@He18").is_err());
    assert!(pos.parse_move("He13@H..e18*..g24").is_err());
    // Figures 353-354: a backward displacement onto a field already reached (#37, (2,-4)).
    written(
        &pos,
        "He13@H..e18<g14..g24",
        "Hd12-e13@He13..e18<Ng14..g24",
        "He13@H..e18<g14..g24",
    );
    // Figure 344: a field one displacement filled is no longer free for the next (L3018).
    assert!(pos.parse_move("He13@H..e18<i14..m12<i14..g24").is_err());
    // Either Shaman may entrance the other; each entrancement is a King-step from the
    // entrancer's own field (L2898).
    let trance_moves = trances(&pos);
    assert!(trance_moves.iter().all(|m| {
        let p = m.first();
        let d = |a: u8, b: u8| (a as i32 - b as i32).abs();
        p.has(flag::TRANCE)
            && d(pos.file_of(p.from), pos.file_of(p.to))
                .max(d(pos.rank_of(p.from), pos.rank_of(p.to)))
                == 1
    }));
    let entrancers: BTreeSet<String> = trance_moves
        .iter()
        .map(|m| pos.field_name(m.first().from))
        .collect();
    assert_eq!(entrancers, ["d12", "e13"].map(String::from).into());
}

/// Figures 355-357, notation N05-N06 (L4473): forward displacement. The light Shaman t9
/// entrances u8, whose right hand reaches o10, i12 and c14: the dark Rook is displaced from o10
/// onto i12 (#22, (-6,2)), reached and displaced again onto c14, where the journey ends after
/// displacing it once more, onto a16.
#[test]
fn forward_displacement() {
    let pos = cot("COT", "Ka1,kx24,Ht9,Hu8,ro10");
    let mv = written(
        &pos,
        "Hu8@H..o10<i12..i12<c14..c14<a16",
        "Ht9-u8@Hu8..o10<Ri12..i12<Rc14..c14<Ra16",
        "Hu8@H..o10<i12..i12<c14..c14<a16",
    );
    assert_eq!(
        pos.parse_move("[Ht9-u8]@[Hu8..o10<Ri12..i12<Rc14..c14<Ra16]"),
        Ok(mv.clone())
    );
    let after = pos.play(&mv);
    assert_holds(&after, "a16", Kind::Rook, Color::Black);
    assert_holds(&after, "c14", Kind::Shaman, Color::White);
    // Back onto its first field, emptied when it was reached (#44, figure 356): the board is
    // then the one a journey without displacements leaves, the same move (R5).
    assert_eq!(
        pos.parse_move("Hu8@H..o10<i12..i12<o10..c14"),
        pos.parse_move("Hu8@Hc14")
    );
}

/// Figures 345-346, notation N07-N08 (L4476-4477): the dark Shaman f12 entrances the light
/// Shaman e13, whose journey along its right hand may capture what it reaches, own pieces too
/// (L2997): the light Knight e18 and the dark Pawn m12; it ends on g24. A capture is the
/// default interaction (N18): bare fields read as captures.
#[test]
fn dark_entrances_light() {
    let pos = cot("cot", "Ka1,kx24,hf12,He13,Ne18,pm12,Bs10");
    let mv = written(
        &pos,
        "He13@H..e18*..m12*..g24",
        "Hf12-e13@He13..e18*N..m12*P..g24",
        "He13@H..e18*..m12*..g24",
    );
    assert_eq!(
        pos.parse_move("[Hf12-e13]@[He13..e18*N..m12*P..g24]"),
        Ok(mv.clone())
    );
    assert_eq!(pos.parse_move("He13@H..e18..m12..g24"), Ok(mv));
    // Stopping on g24 leaves the Bishop on s10, a field not reached.
    written(
        &pos,
        "He13@H..m12*..g24",
        "Hf12-e13@He13..m12*P..g24",
        "He13@H..m12*..g24",
    );
    written(&pos, "He13@H..s10*", "Hf12-e13@He13..s10*B", "He13@H..s10*");
    // A dark entrancer's journey displaces nothing.
    assert!(pos.parse_move("He13@H..e18<i14..g24").is_err());
}

/// Figures 347-348, notation N09-N12, N18-N19 (L4481, L4731-4735): the dark Shaman d13
/// entrances the dark Shaman e12, whose down hand starts on its outermost field w18 and comes
/// inward (OQ-11): it captures the Pawn on q16 and the Knight on k14 and ends on c18; the
/// Knight on d10, not reached, stays.
#[test]
fn dark_entrances_dark() {
    let pos = cot("cot", "Ka1,kx24,hd13,he12,Pq16,Nk14,Nd10");
    let xan = "Hd13-e12@He12\\w18..q16*P..k14*N..c18";
    let ean = "He12@H..q16*..k14*..c18";
    let mv = written(&pos, "He12@H..q16*..k14*..c18", xan, ean);
    let texts = [
        "He12@He12\\w18..q16*..k14*..c18",
        "He12@H\\w18..q16*..k14*..c18",
        "[Hd13-e12]@[He12\\w18..q16*P..k14*N..c18]",
        "He12@H..q16..k14..c18",
        "He12@H\\w18..q16*P..k14*N..c18",
    ];
    all_read_as(&pos, &texts, &mv);
    // The far end is w18, not q16; the journey never ends on its start.
    assert!(pos.parse_move("He12@H\\q16..k14*..c18").is_err());
    assert!(pos.parse_move("He12@He12").is_err());
    // d10 comes after c18 inward: not reached.
    assert!(pos.parse_move("He12@H..d10*..c18").is_err());
    // Stopping on the outermost field: no `\\` to write.
    written(&pos, "He12@Hw18", "Hd13-e12@He12-w18", "He12@Hw18");
    written(
        &pos,
        "He12@H..d10*",
        "Hd13-e12@He12\\w18..d10*N",
        "He12@H..d10*",
    );
}

/// Figures 349-350, notation N13-N15, N20-N21 (L4482-4485, L4741): both Shamans dark, the
/// entranced one may capture every piece on every field of both hands, then it is
/// oblationed (OQ-14). Fields left empty (f14, v16, c18, f4, a24, w18) change nothing.
#[test]
fn double_trance() {
    let pos = cot(
        "cot",
        "Ka1,kx24,hd13,he12,Pq16,Bp14,Rd20,Rg6,Nk14,Bj12,Nd10",
    );
    let mv = pos.parse_move("He12@@").expect("the double trance-journey");
    let after = pos.play(&mv);
    for f in ["d13", "q16", "p14", "d20", "g6", "k14", "j12", "d10"] {
        assert_eq!(after.cell(field(&after, f)), piece::EMPTY, "{f}");
    }
    // The entrancer stands on e12; the entranced Shaman is gone.
    assert_holds(&after, "e12", Kind::Shaman, Color::Black);
    assert_eq!(after.halfmove(), 0);
    let xan = notation::xan(&pos, &mv);
    assert!(
        xan.starts_with("Hd13-e12@@") && xan.split(',').count() == 7,
        "{xan}"
    );
    assert_eq!(notation::ean(&pos, &mv), "He12@@");
    let texts = [
        xan.as_str(),
        "He12@@P,B,R,R,N,B,N",
        "[Hd13-e12]@@Pq16,Bp14,Rd20,Rg6,Nk14,Bj12,Nd10",
        "He12@@Pq16,Bp14,Rd20,Rg6,Nk14,Bj12,Nd10",
        "[Hd13-e12]@@",
    ];
    all_read_as(&pos, &texts, &mv);
    // Not a piece less, nor another one.
    assert!(pos.parse_move("He12@@P,B,R,R,N,B").is_err());
    assert!(pos.parse_move("He12@@P,B,R,R,N,B,Q").is_err());
    // Only when both are dark: a light entrancer's Shaman has no double journey.
    let light = cot("COT", "Ka1,kx24,Hd13,he12,Pq16");
    assert!(light.parse_move("He12@@").is_err());
}

/// Notation N16-N17 (L4491, One): the light Shaman y2 entrances the light Shaman z1, every
/// field of whose hands (z6 t3 n5 h7 b9 and r2 l4 f6) holds a King, a Star or a Monolith:
/// the journey fails and the entranced Shaman is oblationed (L3730).
#[test]
fn failed_trance() {
    let pos = super::tests::setup("O Kz6,kt3,Tn5,th7,Tb9,tr2,Ml4,Mf6,Hy2,Hz1");
    let mv = pos.parse_move("Hz1@@@").expect("the failed journey");
    assert_eq!(notation::xan(&pos, &mv), "Hy2-z1@@@H");
    assert_eq!(notation::ean(&pos, &mv), "Hz1@@@");
    assert_eq!(pos.parse_move("[Hy2-z1]@@@H"), Ok(mv.clone()));
    let after = pos.play(&mv);
    assert_eq!(after.cell(field(&after, "y2")), piece::EMPTY);
    assert_holds(&after, "z1", Kind::Shaman, Color::White);
    let shamans = |p: &Croatian| {
        (0..26)
            .flat_map(|r| (0..26).map(move |f| (f, r)))
            .filter(|&(f, r)| {
                piece::kind(p.cell(p.sq(f, r))) == Kind::Shaman
                    && piece::is_piece(p.cell(p.sq(f, r)))
            })
            .count()
    };
    assert_eq!((shamans(&pos), shamans(&after)), (2, 1));
    // Only when no field is left to stop on: with f6 empty the journey goes there instead.
    let open = super::tests::setup("O Kz6,kt3,Tn5,th7,Tb9,tr2,Ml4,Hy2,Hz1");
    assert!(open.parse_move("Hz1@@@").is_err());
    open.parse_move("Hz1@Hf6").expect("a journey to f6");
}

/// The suite's failed journey in Conquest of Tlalocan: ranks 1-14 full, the light entrancer can
/// displace nothing the journey reaches, so either light Shaman entrancing the other oblations
/// it.
#[test]
fn failed_trance_in_tlalocan() {
    let suite = crate::core::perft::parse_suite(perft_suite("tlalocan").unwrap()).unwrap();
    let entry = suite.entry("trance-failed").unwrap();
    let pos = Croatian::from_position_string("tlalocan", entry.position).unwrap();
    for (entrancer, entranced, xan) in [("w2", "x1", "Hw2-x1@@@H"), ("x1", "w2", "Hx1-w2@@@H")] {
        let mv = pos
            .parse_move(&format!("H{entranced}@@@"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(notation::xan(&pos, &mv), xan);
        assert_eq!(pos.parse_move(xan), Ok(mv.clone()));
        let after = pos.play(&mv);
        assert_eq!(after.cell(field(&after, entrancer)), piece::EMPTY);
        assert_holds(&after, entranced, Kind::Shaman, Color::White);
        assert_eq!(after.side_to_move(), Color::Black);
    }
    // A journey that may stop is no failed one.
    let trance_light = suite.entry("trance-light").unwrap();
    let open = Croatian::from_position_string("tlalocan", trance_light.position).unwrap();
    assert!(open.parse_move("Hx1@@@").is_err());
}

/// Figure 335 (L2924-2934): a Shaman activated in a cascade entrances too, here by a Wave with
/// the Bishop's momentum; the journey ends the move.
#[test]
fn activated_shaman_entrances() {
    let pos = cot("COT", "Ka1,kx24,Bc3,We5,Hh8,hi9,no11");
    let mv = pos
        .parse_move("Be5~Wh8~Hi9@H..o11<r12..g15")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        notation::xan(&pos, &mv),
        "Bc3-e5~We5-h8~Hh8-i9@Hi9\\u13..o11<Nr12..g15"
    );
    let after = pos.play(&mv);
    assert_eq!(after.side_to_move(), Color::Black);
    assert_holds(&after, "g15", Kind::Shaman, Color::Black);
    assert_holds(&after, "r12", Kind::Knight, Color::Black);
}

/// Every trance-journey row of the notation corpus (N01-N22) read on the board of its figure:
/// N01 as printed names no move there (a book error); N22, the second printed line of N15, is no
/// move at all.
#[test]
fn notation_rows_resolve_on_their_figures() {
    let scenes: [(&str, Croatian); 6] = [
        ("N02 N03 N04", cot("COT", "Ka1,kc7,Hd12,He13,Ne18,pm12")),
        ("N05 N06", cot("COT", "Ka1,kx24,Ht9,Hu8,ro10")),
        ("N07 N08", cot("cot", "Ka1,kx24,hf12,He13,Ne18,pm12,Bs10")),
        (
            "N09 N10 N11 N12 N18 N19",
            cot("cot", "Ka1,kx24,hd13,he12,Pq16,Nk14,Nd10"),
        ),
        (
            "N13 N14 N15 N20 N21",
            cot(
                "cot",
                "Ka1,kx24,hd13,he12,Pq16,Bp14,Rd20,Rg6,Nk14,Bj12,Nd10",
            ),
        ),
        (
            "N16 N17",
            super::tests::setup("O Kz6,kt3,Tn5,th7,Tb9,tr2,Ml4,Mf6,Hy2,Hz1"),
        ),
    ];
    let rows: Vec<(&str, &str)> = include_str!("notation-examples.tsv")
        .lines()
        .filter(|l| l.starts_with('N'))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[0], cols[1])
        })
        .collect();
    assert_eq!(rows.len(), 22);
    for (id, text) in rows {
        match id {
            "N01" => assert!(scenes[0].1.parse_move(text).is_err()),
            "N22" => assert!(notation::parse_notation(text, 24).is_err()),
            _ => {
                let (_, pos) = scenes
                    .iter()
                    .find(|(ids, _)| ids.split(' ').any(|i| i == id))
                    .unwrap_or_else(|| panic!("{id} has no scene"));
                let mv = pos
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{id} {text}: {e}"));
                let xan = notation::xan(pos, &mv);
                assert_eq!(pos.parse_move(&xan).as_ref(), Ok(&mv), "{id} {xan}");
            }
        }
    }
}

/// OQ-8: a Pawn displaced onto its last rank is neither promoted nor tagged, even where
/// promotion is forced, and the position's string reads back.
#[test]
fn displaced_pawn_stays_a_pawn() {
    let pos = cot("COT", "Ka1,kx1,Ht9,Hu8,Pw19");
    let mv = pos
        .parse_move("Hu8@H..w19<t24..i12")
        .unwrap_or_else(|e| panic!("{e}"));
    let after = pos.play(&mv);
    assert_holds(&after, "t24", Kind::Pawn, Color::White);
    let text = after.position_string();
    let back = Croatian::from_position_string("tlalocan", &text).expect("reads back");
    assert_eq!(back.position_string(), text);
}

/// Figures 331-332 (L2898-2900): a ply is a step-ply, a capture-ply or an entrancement from its
/// first step on, so a Shaman whose Knight step lands beside another Shaman cannot entrance it
/// in the same ply; standing beside it, it can.
#[test]
fn entrancement_is_no_continuation() {
    let entrancers = |pos: &Croatian| -> BTreeSet<String> {
        trances(pos)
            .iter()
            .map(|m| pos.field_name(m.first().from))
            .collect()
    };
    let apart = cot("COT", "Ka1,kx24,Hd4,hf6");
    assert!(entrancers(&apart).is_empty());
    assert!(apart.parse_move("He6").is_ok());
    let beside = cot("COT", "Ka1,kx24,He6,hf6");
    assert_eq!(entrancers(&beside), BTreeSet::from(["e6".to_string()]));
}

/// A displaced piece has moved (as TR-1 says of a Serpent's displaced Pawn): a light journey
/// that displaces the dark Rook on c7 onto a9, on the light King's file, is legal and a
/// self-checkmate; one that displaces the light Rook on c7 shielding the King on c1 from the
/// dark Queen on c13 is illegal, passing it is not. Displacing a piece other than a Pawn keeps
/// the halfmove clock going.
#[test]
fn displaced_pieces_have_moved() {
    use crate::core::GameResult;
    let pos = cot("COT", "Ka1,kx24,Hd12,He13,rc7");
    let mv = pos.parse_move("He13@H..c7<a9..g24").expect("legal");
    let after = pos.play(&mv);
    let ending = after.decided().expect("a self-checkmate");
    assert_eq!(ending.result, GameResult::win_for(Color::Black));
    assert_eq!(after.halfmove(), 1);
    let shield = cot("COT", "Kc1,kx24,qc13,Hd12,He13,Rc7");
    assert!(shield.parse_move("He13@H..c7<a9..g24").is_err());
    assert!(shield.parse_move("He13@Hg24").is_ok());
}

/// Action by action (the board page, the search): the entrancement leaves the entranced Shaman
/// in the air; each action of its journey is clicked as the piece moved, its new field, and
/// where the Shaman stops, that field once more when it goes on from there.
#[test]
fn journey_actions_one_by_one() {
    use crate::core::view::click_texts;
    let pos = cot("COT", "Ka1,kx24,Ht9,Hu8,ro10").by_action(true);
    let mut actions = Vec::new();
    pos.legal_moves(&mut actions);
    let entrance = actions
        .iter()
        .find(|a| a.first().has(flag::TRANCE) && pos.field_name(a.first().to) == "u8")
        .expect("t9 entrances u8");
    assert!(entrance.passed_on().is_some());
    let entranced = pos.play(entrance);
    assert!(entranced.turn_in_progress());
    let mut next = Vec::new();
    entranced.legal_moves(&mut next);
    let clicks: BTreeSet<Vec<String>> = next
        .iter()
        .filter(|a| a.plies().len() == 2)
        .map(|a| click_texts(&entranced.move_input(a).clicks))
        .collect();
    let path = |fields: &[&str]| fields.iter().map(|f| f.to_string()).collect::<Vec<_>>();
    assert!(clicks.contains(&path(&["o10", "i12", "o10"])));
    assert!(clicks.contains(&path(&["o10", "i12", "o10", "o10"])));
    // Gone on from o10 after displacing the Rook onto i12, the Shaman keeps to its right hand:
    // s2, w19, i12 (the Rook there displaced again) and c14 are left.
    let after = entranced.play(
        next.iter()
            .find(|a| {
                click_texts(&entranced.move_input(a).clicks) == path(&["o10", "i12", "o10", "o10"])
            })
            .unwrap(),
    );
    assert!(after.turn_in_progress());
    let mut on = Vec::new();
    after.legal_moves(&mut on);
    let stops: BTreeSet<String> = on
        .iter()
        .map(|a| after.field_name(a.plies().last().unwrap().to))
        .collect();
    assert_eq!(stops, ["c14", "i12", "s2", "w19"].map(String::from).into());
}
