use super::*;

fn perft(pos: &Makromachy, depth: u32) -> u64 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.play(m), depth - 1)).sum()
}

fn start() -> Makromachy {
    Makromachy::start_position("makromachy").unwrap()
}

#[test]
fn start_perft_shallow() {
    let pos = start();
    assert_eq!(perft(&pos, 1), 62);
    assert_eq!(perft(&pos, 2), 3_854);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 62);
}

#[test]
fn start_perft_3() {
    assert_eq!(perft(&start(), 3), 259_249);
}
