//! The board as data for a graphical front end, and the clicks that enter each move.

use super::moves::{flag, Move};
use super::piece::{self, Tag};
use super::Croatian;
use crate::core::view::{BoardView, Grid, Marker, MoveInput, PieceTag, PieceView, SquareView};

fn piece_tag(tag: Tag) -> Option<PieceTag> {
    match tag {
        Tag::None => None,
        Tag::Rush => Some(PieceTag::MayRush),
        Tag::Castle => Some(PieceTag::MayCastle),
        Tag::Promotion => Some(PieceTag::Promotion),
    }
}

pub fn board_view(pos: &Croatian) -> BoardView {
    let n = pos.size() as usize;
    let mut grid = Grid::lettered("", n, n, |file, rank| {
        let sq = pos.sq(file as u8, rank as u8);
        let cell = pos.cell(sq);
        let piece = piece::is_piece(cell).then(|| {
            let kind = piece::kind(cell);
            PieceView::new(kind.letter(), piece::color(cell), kind.name())
                .tagged(piece_tag(piece::tag(cell)))
        });
        SquareView::new(pos.field_name(sq), !pos.is_light_field(sq), piece)
    });
    for item in pos.en_passant() {
        let index = |sq: u16| pos.rank_of(sq) as usize * n + pos.file_of(sq) as usize;
        grid.squares[index(item.pawn)]
            .markers
            .push(Marker::EnPassantVictim);
        let (low, high) = (item.from.min(item.pawn), item.from.max(item.pawn));
        let step = pos.stride() as u16;
        for field in (low + step..high).step_by(step as usize) {
            grid.squares[index(field)].markers.push(Marker::EnPassant);
        }
    }
    BoardView {
        grids: vec![grid],
        side_names: ["Light", "Dark"],
        reserves: Vec::new(),
        exits: false,
        left_board: Vec::new(),
        notes: Vec::new(),
    }
}

/// The first piece's field, then where each ply ends (a cascade's next ply starts where the
/// last one ended); a tagged Pawn promoting in place is its field clicked twice; a Monolith's
/// demotion is the demoted piece clicked after its destination; an entranced Shaman going on
/// from a field where it moved a piece is that field clicked twice (once, it stops there).
/// Castling also changes the Rook's fields, en passant the captured Pawn's.
pub fn move_input(pos: &Croatian, mv: &Move) -> MoveInput {
    let plies = mv.plies();
    let mut clicks = vec![pos.field_name(plies[0].from)];
    let mut more = Vec::new();
    for ply in plies {
        clicks.push(pos.field_name(ply.to));
        if ply.has(flag::CASTLE) {
            more.push(pos.field_name(ply.aux));
            more.push(pos.field_name(pos.castle_rook_dest(ply)));
        }
        if ply.has(flag::EN_PASSANT) {
            more.push(pos.field_name(ply.aux));
        }
        if ply.has(flag::DEMOTE) {
            clicks.push(pos.field_name(ply.aux));
        }
        if ply.has(flag::ONWARD) {
            clicks.push(pos.field_name(ply.to));
        }
    }
    MoveInput::through(clicks, more)
}

#[cfg(test)]
mod tests {
    use crate::core::view::{click_texts, Marker, PieceTag};
    use crate::core::{Color, Game};
    use crate::games::croatian::Croatian;

    fn clicks(pos: &Croatian, text: &str) -> Vec<String> {
        click_texts(&pos.move_input(&pos.parse_move(text).unwrap()).clicks)
    }

    #[test]
    fn fields_pieces_and_tags() {
        let pos = Croatian::start_position("croatianties").unwrap();
        let view = pos.board_view();
        assert_eq!(view.side_names, ["Light", "Dark"]);
        let grid = &view.grids[0];
        assert_eq!((grid.files.len(), grid.ranks.len()), (10, 10));
        assert_eq!(
            (grid.files[9].as_str(), grid.ranks[9].as_str()),
            ("j", "10")
        );
        assert!(grid.square(0, 0).dark && !grid.square(1, 0).dark);
        let rook = grid.square(0, 0).piece.as_ref().unwrap();
        assert_eq!(
            (rook.letter, rook.name, rook.color),
            ('R', "Rook", Color::White)
        );
        assert_eq!(rook.tags, vec![PieceTag::MayCastle]);
        let pawn = grid.square(0, 8).piece.as_ref().unwrap();
        assert_eq!((pawn.name, pawn.color), ("Pawn", Color::Black));
        assert_eq!(pawn.tags, vec![PieceTag::MayRush]);
        let pegasus = grid.square(1, 0).piece.as_ref().unwrap();
        assert_eq!((pegasus.letter, pegasus.name), ('E', "Pegasus"));
    }

    #[test]
    fn a_rush_marks_its_capture_fields() {
        let pos = Croatian::start_position("croatianties").unwrap();
        let after = pos.play(&pos.parse_move("c2c5").unwrap());
        let grid = &after.board_view().grids[0];
        assert_eq!(grid.square(2, 4).markers, vec![Marker::EnPassantVictim]);
        assert_eq!(grid.square(2, 3).markers, vec![Marker::EnPassant]);
        assert_eq!(grid.square(2, 2).markers, vec![Marker::EnPassant]);
        assert!(grid.square(2, 1).markers.is_empty());
    }

    #[test]
    fn a_cascade_is_clicked_ply_by_ply() {
        let pos = Croatian::from_author_setup("MA Qk2,Af7,Ai7,Af2,Bc7").unwrap();
        let mv = pos.parse_move("Qk2-f7~Af7-i7~Ai7-i9").unwrap();
        let input = pos.move_input(&mv);
        assert_eq!(click_texts(&input.clicks), ["k2", "f7", "i7", "i9"]);
        assert_eq!(input.touched, ["k2", "f7", "i7", "i9"]);
        // The Queen's plain move onto the Pyramid's field is a prefix of the cascades.
        assert_eq!(clicks(&pos, "Qk2-f7~Af7-f3"), ["k2", "f7", "f3"]);
    }
}
