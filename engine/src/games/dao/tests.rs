use super::*;
use crate::core::Game;

fn pos(s: &str) -> Dao {
    Dao::from_position_string("dao", s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn perft(p: &Dao, depth: u32) -> u64 {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&p.play(m), depth - 1)).sum()
}

#[test]
fn start_depth_one() {
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(perft(&p, 1), 54);
}

#[test]
fn start_perft_2_3() {
    let p = Dao::start_position("dao").unwrap();
    assert_eq!(perft(&p, 2), 2_948);
    if std::env::var("TIAMAT_DEEP").is_ok() {
        assert_eq!(perft(&p, 3), 176_170);
    }
}
