//! Entrancement and trance-journeys (Conquest of Tlalocan, part 2 sections 4.5.4-4.5.6, the
//! section-10 vectors, notation N01-N22): one test per rule and per book figure reconstructed.

use std::collections::BTreeSet;

use super::piece::{self, Kind};
use super::starchild::{journey_hand, Hand};
use super::tests_tlalocan::{cot, field};
use super::trance::DISPLACEMENTS;
use super::*;
use crate::core::{Color, Game};

fn names(pos: &Croatian, fields: impl IntoIterator<Item = u16>) -> Vec<String> {
    fields.into_iter().map(|sq| pos.field_name(sq)).collect()
}

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
    let mv = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(notation::xan(pos, &mv), xan);
    assert_eq!(notation::ean(pos, &mv), ean);
    for t in [xan, ean] {
        assert_eq!(pos.parse_move(t).as_ref(), Ok(&mv), "{t}");
    }
    assert!(pos.is_legal(&mv), "{text}");
    mv
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
    let at = |f: &str| after.cell(field(&after, f));
    assert!(piece::is(at("i14"), Kind::Knight, Color::White));
    assert!(piece::is(at("j17"), Kind::Pawn, Color::Black));
    assert!(piece::is(at("g24"), Kind::Shaman, Color::White));
    assert!(piece::is(at("e13"), Kind::Shaman, Color::White));
    for empty in ["d12", "e18", "m12"] {
        assert_eq!(at(empty), piece::EMPTY, "{empty}");
    }
    // N01 as printed names no move here; N02, the journey without interactions, does.
    assert!(pos.parse_move("Hd12@Hg24").is_err());
    written(&pos, "[Hd12-e13]@[He13-g24]", "Hd12-e13@He13-g24", "He13@Hg24");
    written(
        &pos,
        "[Hd12-e13]@[He13..e18<Ni14..m12<Pj17..g24]",
        "Hd12-e13@He13..e18<Ni14..m12<Pj17..g24",
        "He13@H..e18<i14..m12<j17..g24",
    );
    // The King is passed, never displaced; no journey stops on it.
    assert!(pos.parse_move("He13@H..c7<e5..g24").is_err());
    assert!(pos.parse_move("He13@Hc7").is_err());
}
