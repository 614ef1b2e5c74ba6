//! The board as data for a graphical front end, and the clicks that enter each move.

use super::board::*;
use super::{Makromachy, Move, MoveKind};
use crate::core::view::{
    chequered_dark, BoardView, Grid, Marker, MoveInput, PieceTag, PieceView, SquareView,
};
use crate::core::Color;

/// Whether the piece on `sq` (a King, or a corner Dragon King) still holds a castling right.
fn may_castle(pos: &Makromachy, sq: u16, code: u8) -> bool {
    let color = color_of(code);
    let rights = match color {
        Color::White => [CASTLE_WA, CASTLE_WN],
        Color::Black => [CASTLE_BA, CASTLE_BN],
    };
    rights.iter().any(|&bit| {
        pos.castling & bit != 0
            && (sq == castle_corner(bit)
                || (kind_of(code) == KING && sq == square(KING_FILE, back_rank(color))))
    })
}

pub fn board_view(pos: &Makromachy) -> BoardView {
    let mut grid = Grid::lettered("", FILES, RANKS, |file, rank| {
        let sq = square(file, rank);
        let code = pos.board[sq as usize];
        let piece = is_piece(code).then(|| {
            let kind = kind_of(code) as usize;
            PieceView::new(LETTERS[kind] as char, color_of(code), NAMES[kind])
                .tagged(may_castle(pos, sq, code).then_some(PieceTag::MayCastle))
        });
        SquareView::new(square_name(sq), chequered_dark(file, rank), piece)
    });
    if pos.ep_victim != 0 {
        grid.squares[dense(pos.ep_victim)]
            .markers
            .push(Marker::EnPassantVictim);
        for &target in pos.ep_targets.iter().filter(|&&t| t != 0) {
            grid.squares[dense(target)].markers.push(Marker::EnPassant);
        }
    }
    BoardView {
        grids: vec![grid],
        side_names: ["White", "Black"],
        reserves: Vec::new(),
        exits: false,
        left_board: Vec::new(),
        notes: Vec::new(),
    }
}

/// From and to; a hit-and-run clicks the square it captures on between them. Castling also
/// changes the corner, en passant the victim's square.
pub fn move_input(mv: &Move) -> MoveInput {
    match mv.kind {
        MoveKind::HitAndRun => MoveInput::through([mv.from, mv.aux, mv.to].map(square_name), []),
        MoveKind::Castle | MoveKind::EnPassant => {
            MoveInput::through([mv.from, mv.to].map(square_name), [square_name(mv.aux)])
        }
        MoveKind::Normal | MoveKind::Push => {
            MoveInput::through([mv.from, mv.to].map(square_name), [])
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::view::{entered as input, PieceTag};
    use crate::core::Game;
    use crate::games::makromachy::Makromachy;

    #[test]
    fn names_and_castling_tags() {
        let view = Makromachy::start_position("makromachy")
            .unwrap()
            .board_view();
        let grid = &view.grids[0];
        assert_eq!((grid.files.len(), grid.ranks.len()), (14, 14));
        let corner = grid.square(0, 0).piece.as_ref().unwrap();
        assert_eq!((corner.letter, corner.name), ('D', "Dragon King"));
        assert_eq!(corner.tags, vec![PieceTag::MayCastle]);
        let king = grid.square(8, 0).piece.as_ref().unwrap();
        assert_eq!(
            (king.name, &king.tags),
            ("King", &vec![PieceTag::MayCastle])
        );
        assert!(grid.square(1, 0).piece.as_ref().unwrap().tags.is_empty());
    }

    #[test]
    fn hit_and_run_clicks_the_victim_between() {
        let pos = Makromachy::from_position_string(
            "makromachy",
            "13k/14/14/14/14/14/7p6/6T7/14/14/14/14/14/13K w - - 0 1",
        )
        .unwrap();
        assert_eq!(
            input(&pos, "g7h8h9"),
            (
                vec!["g7".into(), "h8".into(), "h9".into()],
                vec!["g7".into(), "h8".into(), "h9".into()]
            )
        );
        assert_eq!(input(&pos, "g7h8").0, ["g7", "h8"]);
    }
}
