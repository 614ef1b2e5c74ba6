//! Hemera's Dawn: the start counts (part 2 sections 8 and 10), the new pieces' rules one by one,
//! check by the new pieces, rushes and en passant of every private.

use std::collections::BTreeMap;

use super::piece::Kind;
use super::tests::{perft, start};
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

/// A Hemera's Dawn position from the author's setup list, light to move (`hd` for dark).
fn hd(symbol: &str, pieces: &str) -> Croatian {
    super::tests::setup(&format!("{symbol} {pieces}"))
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
    let pos = hd("hd", "Ka1,kt20,oc17^,Gd13,Od13");
    let _ = pos;
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
