//! The board as data for a graphical front end, and the clicks that enter each move.

use super::bitboard::{PieceType, Square};
use super::castling;
use super::{Chess, ChessMove};
use crate::core::view::{
    chequered_dark, BoardView, Grid, Marker, MoveInput, PieceTag, PieceView, SquareView,
};
use crate::core::Color;

impl PieceType {
    /// The piece's name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceType::Pawn => "Pawn",
            PieceType::Knight => "Knight",
            PieceType::Bishop => "Bishop",
            PieceType::Rook => "Rook",
            PieceType::Queen => "Queen",
            PieceType::King => "King",
        }
    }
}

/// The castling right a King or Rook on `sq` still holds.
fn castling_tag(pos: &Chess, sq: Square, color: Color, kind: PieceType) -> Option<PieceTag> {
    let rights = pos.castling_rights();
    let (king_side, queen_side, home) = match color {
        Color::White => (castling::WHITE_KING_SIDE, castling::WHITE_QUEEN_SIDE, 0),
        Color::Black => (castling::BLACK_KING_SIDE, castling::BLACK_QUEEN_SIDE, 7),
    };
    let holds = match (kind, sq.file()) {
        (PieceType::King, 4) => rights & (king_side | queen_side) != 0,
        (PieceType::Rook, 7) => rights & king_side != 0,
        (PieceType::Rook, 0) => rights & queen_side != 0,
        _ => false,
    };
    (holds && sq.rank() == home).then_some(PieceTag::MayCastle)
}

pub fn board_view(pos: &Chess) -> BoardView {
    let ep = pos.en_passant();
    let grid = Grid::lettered("", 8, 8, |file, rank| {
        let sq = Square::from_coords(file as u8, rank as u8);
        let piece = pos.piece_at(sq).map(|p| {
            PieceView::new(p.kind.letter(), p.color, p.kind.name())
                .tagged(castling_tag(pos, sq, p.color, p.kind))
        });
        let mut view = SquareView::new(sq.to_string(), chequered_dark(file, rank), piece);
        if ep == Some(sq) {
            view.markers.push(Marker::EnPassant);
        }
        if ep.is_some_and(|ep| ep.file() == sq.file() && sq.rank() == victim_rank(pos.side())) {
            view.markers.push(Marker::EnPassantVictim);
        }
        view
    });
    BoardView {
        grids: vec![grid],
        side_names: ["White", "Black"],
        reserves: Vec::new(),
        exits: false,
        left_board: Vec::new(),
        notes: Vec::new(),
    }
}

/// The rank of a Pawn that may be taken en passant by `mover`.
fn victim_rank(mover: Color) -> u8 {
    match mover {
        Color::White => 4,
        Color::Black => 3,
    }
}

/// From and to; castling also changes the Rook's squares, en passant the victim's.
pub fn move_input(pos: &Chess, mv: ChessMove) -> MoveInput {
    let (from, to) = (mv.from(), mv.to());
    let mut more = Vec::new();
    if mv.is_castle() {
        let (rook_from, rook_to) = if to.file() == 6 { (7, 5) } else { (0, 3) };
        more.push(Square::from_coords(rook_from, from.rank()).to_string());
        more.push(Square::from_coords(rook_to, from.rank()).to_string());
    }
    if mv.is_en_passant() {
        more.push(Square::from_coords(to.file(), victim_rank(pos.side())).to_string());
    }
    MoveInput::through([from.to_string(), to.to_string()], more)
}

#[cfg(test)]
mod tests {
    use crate::core::view::{entered as input, Marker, PieceTag};
    use crate::core::Game;
    use crate::games::chess::Chess;

    #[test]
    fn squares_colours_pieces_and_tags() {
        let view = Chess::startpos().board_view();
        let grid = &view.grids[0];
        assert_eq!((grid.files.len(), grid.ranks.len()), (8, 8));
        assert_eq!(grid.square(0, 0).name, "a1");
        assert!(grid.square(0, 0).dark && !grid.square(7, 0).dark);
        let king = grid.square(4, 0).piece.as_ref().unwrap();
        assert_eq!((king.letter, king.name), ('K', "King"));
        assert_eq!(king.tags, vec![PieceTag::MayCastle]);
        assert!(grid.square(3, 0).piece.as_ref().unwrap().tags.is_empty());
        let lost =
            Chess::from_position_string("chess", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
        let grid = &lost.board_view().grids[0];
        assert!(grid.square(0, 0).piece.as_ref().unwrap().tags.is_empty());
        assert_eq!(
            grid.square(7, 0).piece.as_ref().unwrap().tags,
            vec![PieceTag::MayCastle]
        );
        assert_eq!(
            grid.square(0, 7).piece.as_ref().unwrap().tags,
            vec![PieceTag::MayCastle]
        );
    }

    #[test]
    fn en_passant_field_and_victim_are_marked() {
        let pos =
            Chess::from_position_string("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        let grid = &pos.board_view().grids[0];
        assert_eq!(grid.square(3, 5).markers, vec![Marker::EnPassant]);
        assert_eq!(grid.square(3, 4).markers, vec![Marker::EnPassantVictim]);
        assert_eq!(
            input(&pos, "e5d6"),
            (
                vec!["e5".into(), "d6".into()],
                vec!["e5".into(), "d6".into(), "d5".into()]
            )
        );
    }

    #[test]
    fn castling_is_the_kings_two_clicks_and_touches_the_rook() {
        let pos =
            Chess::from_position_string("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let (clicks, touched) = input(&pos, "e1c1");
        assert_eq!(clicks, ["e1", "c1"]);
        assert_eq!(touched, ["e1", "c1", "a1", "d1"]);
    }

    #[test]
    fn promotions_share_their_clicks() {
        let pos = Chess::from_position_string("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for piece in ["q", "r", "b", "n"] {
            assert_eq!(input(&pos, &format!("b7b8{piece}")).0, ["b7", "b8"]);
        }
    }
}
