//! Hemera's Dawn: the start counts (part 2 sections 8 and 10), the new pieces' rules one by one,
//! check by the new pieces, rushes and en passant of every private.

use std::collections::BTreeMap;

use super::piece::Kind;
use super::tests::{perft, start};
use super::*;
use crate::core::Game;

/// The legal moves of `pos` counted by the kind of the piece making the first ply.
fn by_first_piece(pos: &Croatian) -> BTreeMap<char, usize> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out = BTreeMap::new();
    for m in &moves {
        let k = Kind::from_index(m.first().piece).unwrap().letter();
        *out.entry(k).or_insert(0) += 1;
    }
    out
}

#[test]
fn start_breakdown() {
    let pos = start("hemerasdawn");
    eprintln!("{:?}", by_first_piece(&pos));
    assert_eq!(perft(&pos, 1), 3_201);
}

#[test]
fn start_cascade_shapes() {
    let pos = start("hemerasdawn");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    for m in &moves {
        if !m.is_cascade() {
            continue;
        }
        let mut s = String::new();
        let mut turn = board::Turn::new(&pos);
        for p in m.plies() {
            let mover = if turn.air == piece::EMPTY {
                turn.pos.cell(p.from)
            } else {
                turn.air
            };
            s.push(piece::fen_letter(mover));
            turn.play(p);
        }
        let mut kinds: Vec<char> = s
            .chars()
            .skip(1)
            .filter(|c| *c != 'W' && *c != 'w')
            .collect();
        kinds.sort();
        kinds.dedup();
        let tail: String = kinds.into_iter().collect();
        *shapes.entry(tail).or_insert(0) += 1;
    }
    eprintln!("{shapes:?}");
}
