//! Hemera's Dawn: the start counts (part 2 sections 8 and 10), the new pieces' rules one by one,
//! check by the new pieces, rushes and en passant of every private.

use std::collections::BTreeMap;

use super::piece::Kind;
use super::tests::perft;
use super::tests_veil::{fields, legal};
use super::*;
use crate::core::Game;

use super::moves::flag;

/// The legal moves of `pos` counted by the kind of the piece making the first ply.
pub(super) fn by_first_piece(pos: &Croatian) -> BTreeMap<char, usize> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out = BTreeMap::new();
    for m in &moves {
        let k = Kind::from_index(m.first().piece).unwrap().letter();
        *out.entry(k).or_insert(0) += 1;
    }
    out
}

/// A Hemera's Dawn position from the author's setup list, light to move (`hd` for dark),
/// listing whole turns (these tests look at the turns, not at the actions that build them).
fn hd(symbol: &str, pieces: &str) -> Croatian {
    super::tests::setup(&format!("{symbol} {pieces}")).by_action(false)
}

/// The start position, listing whole turns.
fn start(variant: &str) -> Croatian {
    super::tests::start(variant).by_action(false)
}

pub(super) fn moves_of(pos: &Croatian, from: &str) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|m| pos.field_name(m.first().from) == from)
        .collect()
}

pub(super) fn destinations(pos: &Croatian, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_of(pos, from)
        .iter()
        .map(|m| pos.field_name(m.first().to))
        .collect();
    out.sort();
    out
}

/// Part 2 sections 8 and 10: Pawns 88, Scouts 130, Unicorn m1 to k4 l5 n5 o4, the Rooks'
/// two oblations, the King's and Queen's Pyramid swaps, the Centaurs boxed in.
#[test]
fn start_sub_counts() {
    let pos = start("hemerasdawn");
    let counts = by_first_piece(&pos);
    assert_eq!(counts.get(&'P'), Some(&88));
    assert_eq!(counts.get(&'O'), Some(&130));
    assert_eq!(counts.get(&'U'), Some(&4));
    assert_eq!(counts.get(&'R'), Some(&2));
    assert_eq!(counts.get(&'K'), Some(&1));
    assert_eq!(counts.get(&'Q'), Some(&1));
    assert_eq!(counts.get(&'C'), None, "both Centaurs are boxed in (L1863)");
    assert_eq!(destinations(&pos, "m1"), ["k4", "l5", "n5", "o4"]);
}

/// Section 10: the light Scout on d5 going right: e5, then around the Scout on f5 by f6 (g6,
/// h6, i6) or f4, around the Scout on g4 by g5 (h5, i5); g3 holds a Grenadier. Nine fields.
#[test]
fn scout_example_nine_destinations() {
    let pos = start("hemerasdawn");
    let right: Vec<String> = destinations(&pos, "d5")
        .into_iter()
        .filter(|f| f.as_bytes()[0] > b'd')
        .collect();
    assert_eq!(
        right,
        ["e5", "f4", "f6", "g5", "g6", "h5", "h6", "i5", "i6"]
    );
}

/// OQ-1: no forks on an open board; the limit of 5 (Table 16); the rush beyond it straight
/// forward to rank 10 (Table 17, OQ-3) only with the tag.
#[test]
fn scout_steps_limit_and_rush() {
    let pos = hd("HD", "Ka1,kt20,Oe5");
    let d = destinations(&pos, "e5");
    assert_eq!(d.len(), 5 + 4 + 5, "{d:?}");
    let pos = hd("HD", "Ka1,kt20,Oe4^");
    let d = destinations(&pos, "e4");
    assert!(d.contains(&"e10".to_string()) && !d.contains(&"e11".to_string()));
    assert_eq!(d.len(), 6 + 4 + 5, "{d:?}");
    // The rush leaves an en-passant item over every field passed.
    let rush = moves_of(&pos, "e4")
        .into_iter()
        .find(|m| pos.field_name(m.first().to) == "e10")
        .unwrap();
    assert_eq!(pos.play(&rush).en_passant().len(), 1);
}

/// L1741, L1748: a Scout captures only on its backward diagonals, as its only step.
#[test]
fn scout_captures_backward() {
    let pos = hd("HD", "Ka1,kt20,Oe5,nd4,nf6,ne6");
    let d = destinations(&pos, "e5");
    assert!(d.contains(&"d4".to_string()));
    assert!(!d.contains(&"f6".to_string()));
    // Forward is blocked by the Knight on e6: forks to d6 and f6? f6 is occupied, so only d6
    // and on (d7 .. d9 in line).
    assert!(d.contains(&"d6".to_string()) && d.contains(&"d9".to_string()));
    assert!(!d.contains(&"e7".to_string()));
}

/// Section 4.3: out of close quarters 3 horizontal and 2 vertical steps, no forked captures;
/// with an opponent's piece beside it one vertical step, 1 + copgf horizontal ones and a forked
/// capture-step after each (OQ-4, HD-2).
#[test]
fn grenadier_close_quarters() {
    let pos = hd("HD", "Ka1,kt20,Gj10,nl9");
    assert_eq!(destinations(&pos, "j10").len(), 6 + 4);
    let pos = hd("HD", "Ka1,kt20,Gj10,nl9,pk11");
    let d = destinations(&pos, "j10");
    // Steps i10 h10 k10 l10 j11 j9, the immediate capture k11, the forked capture l9.
    assert_eq!(d, ["h10", "i10", "j11", "j9", "k10", "k11", "l10", "l9"]);
    // Two opponents around: three horizontal steps, a fork after the third.
    let pos = hd("HD", "Ka1,kt20,Gj10,nn11,pk11,pi9");
    let d = destinations(&pos, "j10");
    assert!(d.contains(&"m10".to_string()) && d.contains(&"n11".to_string()));
    // Blocked step-field: nothing beyond it, no fork from beyond.
    let pos = hd("HD", "Ka1,kt20,Gj10,Nk10,nl9,pk11");
    assert!(!destinations(&pos, "j10").contains(&"l9".to_string()));
}

/// HD-3: every field a Centaur or a Grenadier in close quarters could capture on is attacked,
/// and no other: the attack test agrees with the ply generator for a Knight on each field.
#[test]
fn attacks_agree_with_captures() {
    for (mover, extra) in [
        ("Cf5", ""),
        ("Ce5", ""),
        ("Cj10", ",Wk12,Pl8"),
        ("Gj10", ",pk11"),
        ("Of7", ""),
    ] {
        let base = format!("kt20,{mover}{extra}");
        let from = &mover[1..];
        super::tests::assert_attacks_agree(&format!("HD {base}"), from);
    }
}

/// HD-3: a Grenadier in close quarters checks a King one forked capture-step away; the King
/// counts for close quarters.
#[test]
fn grenadier_fork_check() {
    assert!(hd("hd", "Ka1,kl9,Gj10,pi11").in_check());
    assert!(!hd("hd", "Ka1,kl9,Gj10").in_check());
    assert!(!hd("hd", "Ka1,kl9,Gj10,pi11,Nk10").in_check());
    assert!(hd("hd", "Ka1,kk11,Gj10").in_check());
}

/// L2058: any private takes any rushed private en passant with its own capture-step: a Scout
/// backwards, a Grenadier diagonally.
#[test]
fn privates_take_rushed_scout_en_passant() {
    assert!(
        Croatian::from_author_setup("hd Ka1,kt20,oc17^,Gd13,Od13").is_err(),
        "two pieces on d13"
    );
    let pos = hd("hd", "Ka1,kt20,oc17^,Gd14,Od13");
    let rush = moves_of(&pos, "c17")
        .into_iter()
        .find(|m| pos.field_name(m.first().to) == "c11")
        .expect("the Scout rushes six fields");
    let after = pos.play(&rush);
    let mut moves = Vec::new();
    after.legal_moves(&mut moves);
    let ep: Vec<String> = moves
        .iter()
        .filter(|m| m.first().has(flag::EN_PASSANT))
        .map(|m| {
            format!(
                "{}{}",
                after.field_name(m.first().from),
                after.field_name(m.first().to)
            )
        })
        .collect();
    assert_eq!(ep.len(), 3, "{ep:?}");
    assert!(
        ep.contains(&"d13c12".to_string()),
        "Scout backwards: {ep:?}"
    );
    assert!(ep.contains(&"d14c13".to_string()) && ep.contains(&"d14c15".to_string()));
}

/// OQ-6, L1705: the Centaur's Wave keeps the quadrant rule; the Unicorn's does not (L5107).
#[test]
fn centaur_wave_routes_are_restricted() {
    let pos = hd("HD", "Ka1,kt20,Cj11,Wk13");
    let through_wave = moves_of(&pos, "j11")
        .into_iter()
        .filter(|m| m.is_cascade())
        .count();
    let pos_u = hd("HD", "Ka1,kt20,Uj11,Wk13");
    let unicorn = moves_of(&pos_u, "j11")
        .into_iter()
        .filter(|m| m.is_cascade())
        .count();
    assert!(
        through_wave > 0 && through_wave < unicorn,
        "{through_wave} {unicorn}"
    );
}

/// The start, depth 1, by the piece moving first, as the independent count of the rules pages
/// has it: Grenadier cascades 2,975 (f2-f1 and o2-o1, each activating a Queen-like Wave with
/// momentum 1), Scouts 130, Pawns 88, Unicorn 4, the Rooks' two oblations, the King's and the
/// Queen's Pyramid activations: 3,201.
#[test]
fn start_breakdown() {
    let pos = start("hemerasdawn");
    let counts = by_first_piece(&pos);
    assert_eq!(counts.get(&'G'), Some(&2_975));
    assert_eq!(perft(&pos, 1), 3_201);
}

/// The suite's start string is the start position.
#[test]
fn suite_start_is_the_start() {
    let text = include_str!("perft/hemerasdawn.txt");
    let line = text.lines().find(|l| l.starts_with("start |")).unwrap();
    let setup = line.split('|').nth(1).unwrap().trim();
    assert_eq!(super::tests::setup(setup), start("hemerasdawn"));
}

// ---------------------------------------------------------------------------------------------
// The book's Hemera's Dawn figures (scenes of github:mmlacak/crochess book/py, rebuilt with
// Kings added out of the way): what the text around each figure says is legal, and is not.

/// Destinations from `from` on files after `file` (one direction of a Scout or Grenadier).
fn right_of(pos: &Croatian, from: &str, file: char) -> Vec<String> {
    destinations(pos, from)
        .into_iter()
        .filter(|f| f.as_bytes()[0] > file as u8)
        .collect()
}

/// Where the piece that moves after the plies `path[0]-path[1]`, `path[1]-path[2]`, ... (from
/// the last field of `path`) ends its ply, over every legal move that starts so.
fn next_ply_ends(pos: &Croatian, path: &[&str]) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| {
            m.plies().len() >= path.len()
                && m.plies()
                    .iter()
                    .zip(path.windows(2))
                    .all(|(p, w)| pos.field_name(p.from) == w[0] && pos.field_name(p.to) == w[1])
        })
        .map(|m| pos.field_name(m.plies()[path.len() - 1].to))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The fields where a private of the side to move takes en passant, from `from`.
fn en_passant_from(pos: &Croatian, from: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_of(pos, from)
        .iter()
        .filter(|m| m.first().has(flag::EN_PASSANT))
        .map(|m| pos.field_name(m.first().to))
        .collect();
    out.sort();
    out
}

/// Figures 180-182 (scn_hd_03-05): a light Centaur on a light field jumps like a Knight first
/// (not onto its own Pawn), then long jumps of the other quadrant pair, then alternates; it
/// captures the Bishop at the end of the ray and goes no further; the Pawns between landing
/// fields do not matter.
#[test]
fn figures_180_to_182_centaur_jumps() {
    let scene = "Kk20,kt20,Ph8,Ph9,pi10,pj10,bo17";
    let pos = hd("HD", &format!("Cg6,{scene}"));
    let d = destinations(&pos, "g6");
    for first in ["i7", "i5", "h4", "f4", "e5", "e7", "f8"] {
        assert!(d.contains(&first.to_string()), "{first}");
    }
    assert!(!legal(&pos, "Cg6-h8"), "own Pawn");
    // From f8 (a dark field: long jumps) only quadrants I and III: takes i10 and stops.
    assert!(legal(&pos, "Cg6.f8-i10*"));
    assert!(!legal(&pos, "Cg6.f8-b9"), "quadrant II after a II jump");
    assert!(!legal(&pos, "Cg6.f8.i10-h12"), "the capture ends the ray");
    let pos = hd("HD", &format!("Cd3,{scene}"));
    assert!(legal(&pos, "Cd3.c5.g6-o17*B"));
    assert!(
        !legal(&pos, "Cd3.c5.g6-s18"),
        "blocked by the Bishop it could take"
    );
}

/// The notation examples I01-I09 (notation.md section 3, the position of figure 182): every
/// written path names the one move, the Centaur standing on p15 (paths are compared by their
/// outcome, notation.md section 2.3, so `Cp15` and `C..j9..p15` are not ambiguous here).
#[test]
fn centaur_paths_in_notation() {
    let pos = hd("HD", "Cd3,Kk20,kt20,Ph8,Ph9,pi10,pj10,bo17");
    let mv = pos.parse_move("Cd3.c5.g6-p15").unwrap();
    for text in [
        "Cp15",
        "C.c5.g6..p15",
        "C.c5..p15",
        "C.f2.g6..p15",
        "C..i11..p15",
        "C..j9..p15",
        "C.b4.f5..p15",
        "Cd3.c5-p15",
        "Cd3-p15",
    ] {
        assert_eq!(pos.parse_move(text).as_ref(), Ok(&mv), "{text}");
    }
    // Steps that are no Centaur path to p15.
    for text in ["C.c5.f8..p15", "C.c5.g6..o17.s18", "Cd3.e5-p15"] {
        assert!(pos.parse_move(text).is_err(), "{text}");
    }
    // XAN writes the origin, the two jumps of a path and the destination.
    let xan = notation::xan(&pos, &mv);
    assert!(xan.starts_with("Cd3.") && xan.ends_with("-p15"), "{xan}");
    assert_eq!(xan.matches('.').count(), 2, "{xan}");
    assert_eq!(pos.parse_move(&xan).as_ref(), Ok(&mv));
    // A single jump is written as its destination.
    let one = pos.parse_move("Cd3-c5").unwrap();
    assert_eq!(notation::xan(&pos, &one), "Cd3-c5");
}

/// Figures 183 and 187 (scn_hd_06, scn_hd_10): a Centaur may not step off the board, a
/// Centaur-activated Wave may, as long as it ends on the board.
#[test]
fn figures_183_187_off_board() {
    let pos = hd("hd", "Kk20,kt20,cr4");
    assert!(legal(&pos, "Cr4.p5.s7-r11"));
    assert!(!legal(&pos, "Cr4.p5.s7-s14"));
    assert!(!legal(&pos, "Cr4.p5.s7-t17"));
    let pos = hd("hd", "Kk20,kt20,wr4,cn3");
    assert!(legal(&pos, "Cn3-r4~Wr4.p5.s7.q8.t10.r11..s14"));
    assert!(legal(&pos, "Cn3-r4~Wr4.p5.s7.q8.t10.r11..s14..t17"));
}

/// Figures 184-186 (scn_hd_07-09): the Centaur's Wave on a dark field jumps long first, may
/// step over its own Pawn, alternates two jumps of the two quadrant pairs, and may activate the
/// dark Wave on l17 or pass it.
#[test]
fn figures_184_to_186_centaur_wave() {
    let pos = hd("HD", "Kj20,kt19,Wf6,Cd7,Ph7,Ph8,Ph9,ph10,pi10,pj10,wl17");
    assert!(legal(&pos, "Cd7-f6~Wf6.h9.g11"), "over its own Pawn");
    assert!(
        !legal(&pos, "Cd7-f6~Wf6.i8.k9"),
        "two jumps of one quadrant pair"
    );
    let ends = next_ply_ends(&pos, &["d7", "f6"]);
    for end in ["i8", "g9", "j11", "h12", "k14", "i15", "l17", "j18", "m20"] {
        assert!(ends.contains(&end.to_string()), "{end}: {ends:?}");
    }
}

/// Figures 190-191 (scn_hd_15, 16): five steps forward, left and right; a capture only
/// backwards diagonally and only as the first step.
#[test]
fn figures_190_191_scout_moves() {
    let scene = "Kj20,kt19,Og3,nh2,on7,Bm8";
    let pos = hd("HD", scene);
    assert_eq!(
        destinations(&pos, "g3"),
        fields("g4 g5 g6 g7 g8 f3 e3 d3 c3 b3 h3 i3 j3 k3 l3 h2")
    );
    let pos = hd("hd", scene);
    assert_eq!(
        destinations(&pos, "n7"),
        fields("n6 n5 n4 n3 n2 m7 l7 k7 j7 i7 o7 p7 q7 r7 s7 m8")
    );
    let pos = hd("HD", "Kj20,kt19,Ob3,nc2,bf2");
    assert_eq!(
        destinations(&pos, "b3"),
        fields("b4 b5 b6 b7 b8 a3 c3 d3 e3 f3 g3 c2")
    );
}

/// Figures 193-195 (scn_hd_20-22): forks around a blocked field, also on the first step and
/// around an own piece, again at every obstacle, and over a Wave (field A).
#[test]
fn figures_193_to_195_scout_rerouting() {
    let pos = hd("HD", "Kj20,kt19,Ob3,be3");
    assert_eq!(right_of(&pos, "b3", 'b'), fields("c3 d3 e2 f2 g2 e4 f4 g4"));
    let pos = hd("HD", "Kj20,kt19,Ob3,Bc3");
    assert_eq!(
        right_of(&pos, "b3", 'b'),
        fields("c2 d2 e2 f2 g2 c4 d4 e4 f4 g4")
    );
    let pos = hd("HD", "Kj20,kt19,Ob2,Pd2,pe3,wf4");
    assert_eq!(
        right_of(&pos, "b2", 'b'),
        fields("c2 d1 e1 f1 g1 d3 e2 f2 g2 e4 g4 f3 g3 f5 g5")
    );
}

/// Figure 196 (scn_hd_23): the Scout activates its Pyramid on a capture-field (A); a Pyramid on
/// a step-field is no activation and blocks the straight way (B).
#[test]
fn figure_196_scout_and_pyramids() {
    let pos = hd("HD", "Kj20,kt19,Ok3,Al2,Ah3");
    assert!(moves_of(&pos, "k3")
        .iter()
        .any(|m| pos.field_name(m.first().to) == "l2" && m.first().has(flag::ACTIVATE)));
    // Straight on the Pyramid stops the Scout; it may fork around it (OQ-1), which the figure
    // does not draw.
    let left: Vec<String> = destinations(&pos, "k3")
        .into_iter()
        .filter(|f| f.as_bytes()[0] < b'k')
        .collect();
    assert_eq!(left, fields("j3 i3 h2 h4 g2 g4 f2 f4"));
}

/// Figures 197-198 (scn_hd_24, 25): a Scout activated with momentum 2 makes at most 2 steps.
#[test]
fn figures_197_198_activated_scout() {
    let pos = hd("HD", "Kj20,kt19,Qg5,Wi5,Ok3");
    assert_eq!(
        next_ply_ends(&pos, &["g5", "i5", "k3"]),
        fields("i3 j3 k4 k5 l3 m3")
    );
}

/// Figure 203 (scn_hd_30): a dark Scout (backwards) and a dark Pawn (forwards) take a rushed
/// light Pawn en passant, each on its own capture-field.
#[test]
fn figure_203_scout_and_pawn_en_passant() {
    let pos = hd("hd", "Kj20,kt19,Pc10:,od5,pb5");
    assert_eq!(en_passant_from(&pos, "d5"), ["c6"]);
    assert_eq!(en_passant_from(&pos, "b5"), ["c4"]);
}

/// Figures 207 and 210-215 (scn_hd_41, 44-49): the Grenadier out of close quarters; one
/// vertical step and 1 + copgf horizontal ones in close quarters, forked captures after each;
/// the count frozen at the start of the ply; blocked step-fields; Waves passed (and counted).
#[test]
fn figures_207_to_215_grenadier() {
    let pos = hd("HD", "Kj20,kt19,Gj4");
    assert_eq!(
        destinations(&pos, "j4"),
        fields("k4 l4 m4 i4 h4 g4 j5 j6 j3 j2")
    );
    let pos = hd("HD", "Kj20,kt19,Gc4,nb5,bd2");
    assert_eq!(destinations(&pos, "c4"), fields("c5 c3 b5 d2 b4 a4 d4 e4"));
    let pos = hd("HD", "Kj20,kt19,Gj3,nk4,ri4,pi2,qm2");
    assert_eq!(
        destinations(&pos, "j3"),
        fields("k3 l3 m3 n3 i3 h3 g3 f3 m2 k4 i4 i2 j4 j2")
    );
    let pos = hd("HD", "Kj20,kt19,Gb2,pa1,ba2,na3,qg1");
    let d = destinations(&pos, "b2");
    assert!(d.contains(&"g1".to_string()) && !d.contains(&"g2".to_string()));
    let pos = hd("HD", "Kj20,kt19,Gb3,ba3,ra4,pa2,ue3");
    assert_eq!(right_of(&pos, "b3", 'b'), fields("c3 d3"));
    let pos = hd("HD", "Kj20,kt19,Gb3,ba3,ra4,pa2,we3");
    assert_eq!(right_of(&pos, "b3", 'b'), fields("c3 d3 f3"));
    let pos = hd("HD", "Kj20,kt19,Gj5,nk6,wk5,ri6,pi4,bk3,qn4");
    assert_eq!(
        destinations(&pos, "j5"),
        fields("l5 m5 n5 o5 n4 j6 i5 h5 g5 f5 e5 j4 k3 k6 i6 i4")
    );
}

/// Figures 217-218 (scn_hd_51, 52): a Grenadier in close quarters activated with momentum 3:
/// every step and the forked capture count, so the Queen on n4 is out of reach.
#[test]
fn figures_217_218_activated_grenadier() {
    let pos = hd("HD", "Kj20,kt19,Eb3,Wh6,Gj5,nk6,wk5,ri6,pi4,pk3,qn4");
    assert_eq!(
        next_ply_ends(&pos, &["b3", "h6", "j5"]),
        fields("l5 m5 i5 h5 g5 j6 j4 k3 k6 i6 i4")
    );
}

/// Figure 223 (scn_hd_55): a Grenadier in close quarters activates its Wave on a forked
/// capture-field (OQ-5).
#[test]
fn figure_223_grenadier_activates_wave_on_a_fork() {
    let pos = hd("HD", "Kj20,kt19,Gg9,nh10,Wj8");
    assert!(moves_of(&pos, "g9")
        .iter()
        .any(|m| pos.field_name(m.first().to) == "j8" && m.first().has(flag::ACTIVATE)));
}

/// Figures 225-226 (scn_hd_57, 58): a Grenadier takes a rushed Pawn en passant diagonally (A),
/// in close quarters also by a forked capture-step after a step (B), and a Pawn that ends its
/// rush beside a Grenadier puts it in close quarters.
#[test]
fn figures_225_226_grenadier_en_passant() {
    let pos = hd("hd", "Kj20,kt19,Pb10:,gc6");
    assert_eq!(en_passant_from(&pos, "c6"), fields("b5 b7"));
    let pos = hd("hd", "Kj20,kt19,Pe10:,gg6,Bg5");
    assert_eq!(en_passant_from(&pos, "g6"), fields("e5 e7"));
    let pos = hd("hd", "Kj20,kt19,Pf8:,gg9");
    assert_eq!(en_passant_from(&pos, "g9"), ["f7"]);
}

/// Figure 228: every private rushes up to rank 10, Pawns and Grenadiers 7 or 8 fields, Scouts 5
/// or 6; a Scout's first move of two fields forward is a rush within its limit too.
#[test]
fn figure_228_rushes() {
    let pos = hd("HD", "Kj20,kt19,Pa3^,Pb2^,Oc5^,Od4^,Ge3^,Gf2^");
    for from in ["a3", "b2", "c5", "d4", "e3", "f2"] {
        let file = &from[..1];
        let d = destinations(&pos, from);
        assert!(d.contains(&format!("{file}10")), "{from}");
        assert!(!d.contains(&format!("{file}11")), "{from}");
    }
    let two = moves_of(&pos, "c5")
        .into_iter()
        .find(|m| pos.field_name(m.first().to) == "c7")
        .unwrap();
    assert_eq!(pos.play(&two).en_passant().len(), 1);
}

/// A Scout's or a Grenadier's path may be written (notation section 2.3): any Scout path to its
/// field names the move, forks and passed Waves included; a Grenadier's forked capture goes by
/// the steps before it.
#[test]
fn trooper_paths_in_notation() {
    let pos = hd("HD", "Ka1,kt20,Oe5,nd4,pe6,pf6,pd8,pg5,ph4,wc5");
    let mv = pos.parse_move("Oe5-c10").unwrap();
    for text in ["Oc10", "Oe5.d6.d7.c8.c9.c10", "O.d6..c10", "Oe5..c8-c10"] {
        assert_eq!(pos.parse_move(text).as_ref(), Ok(&mv), "{text}");
    }
    for text in ["Oe5.f6..c10", "Oe5.d6.d7.d8.c9.c10", "Oe5.d6.c7..c10"] {
        assert!(pos.parse_move(text).is_err(), "{text}");
    }
    assert!(legal(&pos, "Oe5.d5.c5.b5"), "over the dark Wave");
    assert!(legal(&pos, "Oe5.d5.c6.b6"), "around it");
    assert!(!legal(&pos, "Oe5.d5.c5"), "no stop on the Wave");
    let pos = hd("HD", "Ka1,kt20,Gj10,pk11,ni9,Pj11,wh10,pm9,rg9");
    let mv = pos.parse_move("Gj10-m9*").unwrap();
    assert_eq!(pos.parse_move("Gj10.k10.l10.m9*").as_ref(), Ok(&mv));
    assert!(
        legal(&pos, "Gj10.i10.h10.g9*R"),
        "the fork from the Wave's field"
    );
    assert!(!legal(&pos, "Gj10.j9.k10"));
}

/// The bench positions read, round-trip and have moves.
#[test]
fn bench_positions_read_back() {
    let positions = Croatian::bench_positions("hemerasdawn");
    assert_eq!(positions.len(), 4);
    for text in positions {
        let pos = Croatian::from_position_string("hemerasdawn", text).unwrap();
        assert_eq!(pos.position_string(), text);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "{text}");
    }
}
