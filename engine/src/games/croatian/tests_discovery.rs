//! Discovery: the setup with the Monoliths, the Monolith's moves (section 4.6.2, the section 10
//! vectors), teleports through Monoliths (section 2.5), opacity (section 2.2), syzygy and
//! demotion (section 4.6.3, OQ-17), and the start counts.

use super::monolith;
use super::piece::{self, Kind};
use super::tests::start;
use super::tests_hemera::by_first_piece;
use super::*;
use crate::core::{Color, Game};

fn field(pos: &Croatian, name: &str) -> u16 {
    let b = name.as_bytes();
    pos.sq(b[0] - b'a', name[1..].parse::<u8>().unwrap() - 1)
}

#[test]
fn explore_start() {
    let pos = start("discovery");
    eprintln!("{}", pos.position_string());
    let counts = by_first_piece(&pos);
    eprintln!("{counts:?}");
    let b7 = monolith::destinations(&pos, field(&pos, "b7"), Color::White).len();
    let w18 = monolith::destinations(&pos, field(&pos, "w18"), Color::White).len();
    eprintln!("b7 {b7} w18 {w18}");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let dem = moves.iter().filter(|m| m.first().has(flag::DEMOTE)).count();
    eprintln!("total {} demotions {dem}", moves.len());
    let _ = (piece::EMPTY, Kind::Pawn);
}
