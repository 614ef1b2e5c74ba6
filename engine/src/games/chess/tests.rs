use super::*;
use crate::core::Game;

#[test]
fn start_position_round_trips() {
    let pos = Chess::startpos();
    assert_eq!(pos.fen(), START_FEN);
    let mut moves = ChessMoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 20);
}
