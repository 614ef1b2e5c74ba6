//! Rule tests: perft from the start positions, the book's examples (part1 section 9), position
//! strings and notation.

use super::*;
use crate::core::Game;

pub(super) fn perft(pos: &Croatian, depth: u32) -> u64 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.play(m), depth - 1)).sum()
}

fn start(name: &str) -> Croatian {
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

fn deep() -> bool {
    std::env::var("TIAMAT_DEEP").is_ok_and(|v| v == "1")
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
    if !deep() {
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
