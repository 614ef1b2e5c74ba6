//! The board as data for a graphical front end, and the clicks that enter each move.

use super::board::square_name;
use super::{
    rank_of, sq, Dao, Kind, Move, MoveKind, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, RESERVE_KINDS, SIZE,
    SQUARES, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::core::view::{
    chequered_dark, BoardView, Click, Grid, Marker, MoveInput, PieceTag, PieceView, Reserve,
    SquareView,
};
use crate::core::Color;

fn piece_view(color: Color, kind: Kind) -> PieceView {
    PieceView::new(kind.letter(), color, kind.name())
}

/// Whether the King or Rook on `s` still holds a castling right.
fn may_castle(pos: &Dao, s: u8) -> bool {
    [
        (WHITE_KING_SIDE, sq(8, 0)),
        (WHITE_QUEEN_SIDE, sq(1, 0)),
        (BLACK_KING_SIDE, sq(8, 9)),
        (BLACK_QUEEN_SIDE, sq(1, 9)),
    ]
    .iter()
    .any(|&(right, rook)| {
        let king = sq(5, rank_of(rook));
        pos.castling & right != 0 && (s == rook || s == king)
    })
}

pub fn board_view(pos: &Dao) -> BoardView {
    let size = SIZE as usize;
    let mut grid = Grid::lettered("", size, size, |file, rank| {
        let s = sq(file as i8, rank as i8);
        let piece = pos.board[s as usize].map(|p| {
            piece_view(p.color, p.kind).tagged(may_castle(pos, s).then_some(PieceTag::MayCastle))
        });
        let mut view = SquareView::new(square_name(s), chequered_dark(file, rank), piece);
        view.under = pos.gates[s as usize].map(|color| piece_view(color, Kind::Gate));
        view
    });
    if let Some(ep) = pos.ep {
        grid.squares[ep.victim as usize]
            .markers
            .push(Marker::EnPassantVictim);
        for s in (0..SQUARES).filter(|&s| ep.targets >> s & 1 != 0) {
            grid.squares[s].markers.push(Marker::EnPassant);
        }
    }
    let reserves = Color::ALL
        .iter()
        .map(|&color| Reserve {
            color,
            pieces: RESERVE_KINDS
                .iter()
                .map(|&kind| {
                    (
                        piece_view(color, kind),
                        pos.reserve_count(color, kind) as u32,
                    )
                })
                .collect(),
        })
        .collect();
    let notes = Color::ALL
        .iter()
        .map(|&color| {
            let mut powers: Vec<&str> = pos
                .dragon_powers(color)
                .iter()
                .flatten()
                .map(|k| k.name())
                .collect();
            powers.dedup();
            let side = if color == Color::White {
                "White"
            } else {
                "Black"
            };
            if powers.is_empty() {
                format!("{side}'s dragons have no power")
            } else {
                format!("{side}'s dragons move as: {}", powers.join(", "))
            }
        })
        .collect();
    BoardView {
        grids: vec![grid],
        side_names: ["White", "Black"],
        reserves,
        exits: false,
        left_board: Vec::new(),
        notes,
    }
}

/// From and to (a drop: the reserve piece, then the square; a gate move: the gate's square,
/// which it shares with any piece on it). Touched: every square whose piece or gate changes.
pub fn move_input(pos: &Dao, mv: &Move) -> MoveInput {
    let after = pos.apply(mv);
    let changed = (0..SQUARES as u8).filter(|&s| {
        pos.board[s as usize] != after.board[s as usize]
            || pos.gates[s as usize] != after.gates[s as usize]
    });
    let mut input = MoveInput::through([mv.from, mv.to].map(square_name), changed.map(square_name));
    if mv.kind == MoveKind::Drop {
        // A drop's `from` is its square too.
        input.clicks[0] = Click::Reserve(mv.piece.letter());
    }
    input
}

#[cfg(test)]
mod tests {
    use crate::core::view::{click_texts, Click};
    use crate::core::{Color, Game};
    use crate::games::dao::Dao;

    const BARE_GATE: &str =
        "(dg)rnbqkbnr(dg)/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/GRNBQKBNR(DG) w KQkq - [AAOOFaaoof] - - 0 1";

    #[test]
    fn gates_lie_under_pieces_and_reserves_are_listed() {
        let view = Dao::start_position("dao").unwrap().board_view();
        let a1 = view.grids[0].square(0, 0);
        assert_eq!(a1.piece.as_ref().unwrap().name, "Dragon");
        let gate = a1.under.as_ref().unwrap();
        assert_eq!(
            (gate.letter, gate.name, gate.color),
            ('G', "Gate", Color::White)
        );
        let white = &view.reserves[0];
        assert_eq!(white.color, Color::White);
        let counts: Vec<(char, u32)> = white.pieces.iter().map(|(p, n)| (p.letter, *n)).collect();
        assert_eq!(counts, [('A', 2), ('O', 2), ('F', 1)]);
        assert_eq!(view.notes.len(), 2);
    }

    #[test]
    fn a_drop_is_the_reserve_piece_then_the_gate() {
        let pos = Dao::from_position_string("dao", BARE_GATE).unwrap();
        let a1 = &pos.board_view().grids[0].squares[0];
        assert!(a1.piece.is_none() && a1.under.is_some());
        let input = pos.move_input(&pos.parse_move("A@a1").unwrap());
        assert_eq!(input.clicks, [Click::Reserve('A'), Click::square("a1")]);
        assert_eq!(input.touched, ["a1"]);
        assert_eq!(click_texts(&input.clicks), ["@A", "a1"]);
    }
}
