//! The board as data for a graphical front end, and the clicks that enter each turn.

use super::board::{color_of, kind, piece_letter, piece_name, square_name, EMPTY, KING, OFF};
use super::board::{CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use super::moves::{change_square, Leg};
use super::notation::{castling_name, legs_of};
use super::{Dynamo, Move};
use crate::core::view::{
    chequered_dark, BoardView, Click, Grid, Marker, MoveInput, PieceTag, PieceView, SquareView,
};

fn piece_view(piece: u8) -> PieceView {
    PieceView::new(piece_letter(piece), color_of(piece), piece_name(piece))
}

/// Whether the King or Rook on `sq` still holds a castling right.
fn may_castle(pos: &Dynamo, sq: u8) -> bool {
    [
        (CASTLE_WK, 4, 7),
        (CASTLE_WQ, 4, 0),
        (CASTLE_BK, 60, 63),
        (CASTLE_BQ, 60, 56),
    ]
    .iter()
    .any(|&(right, king, rook)| pos.castling & right != 0 && (sq == king || sq == rook))
}

pub fn board_view(pos: &Dynamo) -> BoardView {
    let mut grid = Grid::lettered("", 8, 8, |file, rank| {
        let sq = (rank * 8 + file) as u8;
        let piece = pos.board[sq as usize];
        let piece = (piece != EMPTY)
            .then(|| piece_view(piece).tagged(may_castle(pos, sq).then_some(PieceTag::MayCastle)));
        SquareView::new(square_name(sq), chequered_dark(file, rank), piece)
    });
    for change in pos.last.changes() {
        grid.squares[change_square(change) as usize]
            .markers
            .push(Marker::LastTurn);
    }
    let left_board = legs_of(&pos.last)
        .iter()
        .filter(|leg| leg.to == OFF)
        .map(|leg| piece_view(leg.piece))
        .collect();
    BoardView {
        grids: vec![grid],
        side_names: ["White", "Black"],
        reserves: Vec::new(),
        exits: true,
        left_board,
        notes: Vec::new(),
    }
}

/// The legs in the order they happen: a piece that ends where another started goes after it
/// (a pushed piece before the pusher that follows, a mover before the piece it pulls behind
/// it); otherwise the mover's own pieces first.
fn in_turn_order(pos: &Dynamo, mut legs: Vec<Leg>) -> Vec<Leg> {
    let own = |leg: &Leg| color_of(pos.board[leg.from as usize]) == pos.side;
    legs.sort_by_key(|leg| (!own(leg), leg.from));
    let mut ordered = Vec::with_capacity(legs.len());
    while !legs.is_empty() {
        let free = legs
            .iter()
            .position(|leg| {
                !legs
                    .iter()
                    .any(|other| other.from == leg.to && other != leg)
            })
            .unwrap_or(0);
        ordered.push(legs.remove(free));
    }
    ordered
}

/// Each leg as the piece's square, then where it ends (or off the board); castling is the
/// King's two clicks, as in chess (the Rook pulling the King there has the same clicks and
/// is offered beside it).
pub fn move_input(pos: &Dynamo, mv: &Move) -> MoveInput {
    let legs = legs_of(&mv.effect);
    let touched = mv
        .effect
        .changes()
        .map(|change| square_name(change_square(change)))
        .collect::<Vec<_>>();
    if castling_name(pos, mv).is_some() {
        let king = legs
            .iter()
            .find(|leg| kind(leg.piece) == KING)
            .unwrap_or(&legs[0]);
        return MoveInput::through([king.from, king.to].map(square_name), touched);
    }
    let mut clicks = Vec::new();
    for leg in in_turn_order(pos, legs) {
        clicks.push(Click::square(square_name(leg.from)));
        clicks.push(if leg.to == OFF {
            Click::OffBoard
        } else {
            Click::square(square_name(leg.to))
        });
    }
    MoveInput { clicks, touched }
}

#[cfg(test)]
mod tests {
    use crate::core::view::{click_texts, Marker, PieceTag};
    use crate::core::Game;
    use crate::games::dynamo::Dynamo;

    fn clicks(pos: &Dynamo, text: &str) -> Vec<String> {
        click_texts(&pos.move_input(&pos.parse_move(text).unwrap()).clicks)
    }

    #[test]
    fn a_push_and_follow_is_the_pushed_piece_first() {
        let pos = Dynamo::start_position("dynamo").unwrap();
        // The King pushes the f2 Pawn to g3 and follows onto f2.
        assert_eq!(clicks(&pos, "e1f2,f2g3"), ["f2", "g3", "e1", "f2"]);
        let input = pos.move_input(&pos.parse_move("e1f2,f2g3").unwrap());
        let mut touched = input.touched.clone();
        touched.sort();
        assert_eq!(touched, ["e1", "f2", "g3"]);
        // The Bishop pushing d2 to f4 without moving is the Pawn's leg alone.
        assert_eq!(clicks(&pos, "d2f4"), ["d2", "f4"]);
    }

    #[test]
    fn leaving_the_board_and_castling() {
        let pos = Dynamo::from_position_string("dynamo", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -")
            .unwrap();
        assert_eq!(clicks(&pos, "a1x"), ["a1", "off"]);
        assert_eq!(clicks(&pos, "e1g1,h1f1"), ["e1", "g1"]);
        // The Rook pulling the King to g1 has the same clicks and another text.
        assert_eq!(clicks(&pos, "e1g1"), ["e1", "g1"]);
        let castle = pos.parse_move("e1g1,h1f1").unwrap();
        let pull = pos.parse_move("e1g1").unwrap();
        assert_ne!(pos.move_to_human(&castle), pos.move_to_human(&pull));
        let view = pos.board_view();
        assert!(view.exits);
        assert_eq!(
            view.grids[0].square(7, 0).piece.as_ref().unwrap().tags,
            vec![PieceTag::MayCastle]
        );
    }

    #[test]
    fn the_last_turn_is_marked_and_its_exits_listed() {
        let pos = Dynamo::start_position("dynamo").unwrap();
        // The c1 Bishop cannot leave at the start; the Knight on b1 can (it stands on the edge).
        let after = pos.play(&pos.parse_move("b1x").unwrap());
        let view = after.board_view();
        assert_eq!(view.grids[0].square(1, 0).markers, vec![Marker::LastTurn]);
        let left: Vec<&str> = view.left_board.iter().map(|p| p.name).collect();
        assert_eq!(left, ["Knight"]);
    }
}
