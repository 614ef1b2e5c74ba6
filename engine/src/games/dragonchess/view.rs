//! The board as data for a graphical front end, and the clicks that enter each move.

use super::geometry::{square, square_name, LOWER, MIDDLE, UPPER};
use super::{Dragonchess, Move};
use crate::core::view::{
    chequered_dark, BoardView, Grid, Marker, MoveInput, PieceView, SquareView,
};

/// The levels as drawn, left to right: upper (3), middle (2), lower (1), so the picture reads
/// like the three boards stacked.
const LEVELS: [(usize, &str); 3] = [
    (UPPER, "3 Air"),
    (MIDDLE, "2 Land"),
    (LOWER, "1 Underworld"),
];

pub fn board_view(pos: &Dragonchess) -> BoardView {
    let grids = LEVELS
        .iter()
        .map(|&(level, title)| {
            Grid::lettered(title, 12, 8, |file, rank| {
                let sq = square(level, rank, file);
                let piece = pos.piece_at(sq).map(|(color, kind)| {
                    PieceView::new(kind.letter(), color, kind.name()).abbreviated(kind.human())
                });
                let mut view = SquareView::new(square_name(sq), chequered_dark(file, rank), piece);
                if view.piece.is_some() && pos.is_frozen(sq) {
                    view.markers.push(Marker::Frozen);
                }
                view
            })
        })
        .collect();
    BoardView {
        grids,
        side_names: ["Gold", "Scarlet"],
        reserves: Vec::new(),
        exits: false,
        left_board: Vec::new(),
        notes: Vec::new(),
    }
}

/// From and to, on whatever levels they are; the Dragon's remote capture clicks the Dragon and
/// the piece it removes from below.
pub fn move_input(mv: &Move) -> MoveInput {
    MoveInput::through([mv.from(), mv.to()].map(square_name), [])
}

#[cfg(test)]
mod tests {
    use crate::core::view::{click_texts, Marker};
    use crate::core::Game;
    use crate::games::dragonchess::Dragonchess;

    #[test]
    fn three_levels_side_by_side_upper_first() {
        let view = Dragonchess::start().board_view();
        assert_eq!(view.side_names, ["Gold", "Scarlet"]);
        let titles: Vec<&str> = view.grids.iter().map(|g| g.title.as_str()).collect();
        assert_eq!(titles, ["3 Air", "2 Land", "1 Underworld"]);
        let upper = &view.grids[0];
        assert_eq!((upper.files.len(), upper.ranks.len()), (12, 8));
        let dragon = upper.square(6, 0);
        assert_eq!(dragon.name, "3g1");
        let piece = dragon.piece.as_ref().unwrap();
        assert_eq!(
            (piece.name, piece.letter, piece.abbreviation.as_str()),
            ("Dragon", 'R', "Dr")
        );
        assert!(upper.square(0, 0).dark && !upper.square(11, 0).dark);
        assert_eq!(
            view.grids[2].square(6, 0).piece.as_ref().unwrap().name,
            "Elemental"
        );
    }

    #[test]
    fn a_move_between_levels_clicks_both_levels() {
        let pos = Dragonchess::start();
        let mut moves = <Dragonchess as Game>::MoveList::default();
        pos.legal_moves(&mut moves);
        let between = moves
            .as_slice()
            .iter()
            .map(|mv| click_texts(&pos.move_input(mv).clicks))
            .find(|clicks| clicks[0][..1] != clicks[1][..1])
            .expect("some piece changes level at the start");
        assert_eq!(between.len(), 2);
        let mv = pos
            .parse_move(&format!("{}{}", between[0], between[1]))
            .unwrap();
        assert_eq!(pos.move_input(&mv).touched, between);
    }

    #[test]
    fn frozen_pieces_are_marked() {
        // A Scarlet Basilisk on 1e4 freezes the Gold Warrior above it on 2e4.
        let pos = Dragonchess::from_position_string(
            "dragonchess",
            "12/12/12/12/12/12/12/12|6k5/12/12/12/4W7/12/12/6K5|12/12/12/12/4b7/12/12/12 g 0 1",
        )
        .unwrap();
        let view = pos.board_view();
        assert_eq!(view.grids[1].square(4, 3).markers, vec![Marker::Frozen]);
        assert!(view.grids[1].square(6, 0).markers.is_empty());
    }
}
