//! Orthodox chess on 64-bit bitboards.
//!
//! # For evaluation code
//!
//! The board is read through [`Chess`]'s query methods and the free functions of [`attacks`]:
//!
//! - pieces: [`Chess::pieces`] (`color`, [`PieceType`]), [`Chess::pieces_of_type`],
//!   [`Chess::color_pieces`], [`Chess::occupied`], [`Chess::piece_at`], [`Chess::king_square`],
//!   [`Chess::diagonal_sliders`] / [`Chess::orthogonal_sliders`] (bishops or rooks, plus queens);
//! - attacks: [`attacks::pawn_attacks`] (one pawn) and [`attacks::pawn_attacks_set`] (all pawns
//!   of a bitboard at once), [`attacks::knight_attacks`], [`attacks::bishop_attacks`],
//!   [`attacks::rook_attacks`], [`attacks::queen_attacks`], [`attacks::king_attacks`], or
//!   [`attacks::piece_attacks`] by kind; sliders take the occupancy that blocks them;
//! - relations: [`Chess::attackers_to`], [`Chess::is_attacked`], [`Chess::checkers`],
//!   [`Chess::pinned`], [`attacks::between`], [`attacks::line`];
//! - iteration: `for sq in squares(bb)`; [`Square::relative_to`] mirrors for Black's tables;
//!   masks [`bitboard::file_mask`], [`bitboard::rank_mask`], [`bitboard::LIGHT_SQUARES`], ...
//!
//! Squares run `a1 = 0` to `h8 = 63`; bit `n` of a [`Bitboard`] is square `n`.
//!
//! # Rules as played
//!
//! FEN in (X-FEN/Shredder castling letters accepted for the orthodox rook corners) and out;
//! the en-passant square is kept (and hashed) only when an en-passant capture is legal, so FEN
//! output drops a target square no pawn can use. `ending` adds dead positions by insufficient
//! material to the default endings: no pawns, rooks or queens, and either at most one knight or
//! bishop in all, or bishops only, all on squares of one colour.

pub mod attacks;
pub mod bitboard;
mod board;
mod magics;
mod movegen;
mod moves;
mod notation;
mod position;
#[cfg(test)]
mod tests;
mod view;

pub use bitboard::{squares, Bitboard, Piece, PieceType, Square, Squares};
pub use board::castling;
pub use moves::{ChessMove, ChessMoveList};
pub use position::{BENCH_POSITIONS, START_FEN};

use crate::core::view::{BoardView, MoveInput};
use crate::core::{default_ending, Color, Ending, Game, GameResult, MoveError, PositionError};

/// An orthodox chess position (a complete game state but for the earlier keys).
///
/// The en-passant square is kept only when a legal en-passant capture exists, so that two
/// positions with the same legal moves have the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess {
    pub(crate) by_type: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) key: u64,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

const VARIANTS: &[&str] = &["chess"];

fn check_variant(variant: &str) -> Result<(), PositionError> {
    if VARIANTS.contains(&variant) {
        Ok(())
    } else {
        Err(PositionError::new(
            "variant",
            format!("'{variant}' is not played by the chess rules (expected 'chess')"),
        ))
    }
}

impl Game for Chess {
    type Move = ChessMove;
    type MoveList = ChessMoveList;

    fn variants() -> &'static [&'static str] {
        VARIANTS
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Ok(Chess::startpos())
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Chess::from_fen(text)
    }

    fn position_string(&self) -> String {
        self.fen()
    }

    fn variant(&self) -> &'static str {
        VARIANTS[0]
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn legal_moves(&self, out: &mut Self::MoveList) {
        self.generate(out);
    }

    fn tactical_moves(&self, out: &mut Self::MoveList) {
        self.generate_tactical(out);
    }

    fn quiet_moves(&self, out: &mut Self::MoveList) {
        self.generate_quiet(out);
    }

    fn is_legal(&self, mv: &ChessMove) -> bool {
        self.is_legal_move(*mv)
    }

    const MOVE_CODES: bool = true;

    #[inline]
    fn move_code(&self, mv: &ChessMove) -> u64 {
        u64::from(mv.bits())
    }

    fn move_from_code(&self, code: u64) -> Option<ChessMove> {
        let mv = ChessMove::from_bits(u16::try_from(code).ok()?);
        self.is_legal_move(mv).then_some(mv)
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        self.count_moves()
    }

    #[inline]
    fn play(&self, mv: &ChessMove) -> Self {
        self.play_move(*mv)
    }

    fn null_move(&self) -> Option<Self> {
        Some(self.pass())
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    #[inline]
    fn is_tactical(&self, mv: &ChessMove) -> bool {
        mv.is_capture() || mv.promotion_piece().is_some()
    }

    #[inline]
    fn piece_square(&self, mv: &ChessMove) -> Option<usize> {
        // A legal move's piece is the mover's.
        let kind = self.kind_at(mv.from());
        Some((self.side.index() * 6 + kind.index()) * 64 + mv.to().index())
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn ending(&self, history: &[u64]) -> Option<Ending> {
        default_ending(self, history).or_else(|| {
            self.insufficient_material()
                .then(|| Ending::new(GameResult::Draw, "insufficient material"))
        })
    }

    fn move_to_wire(&self, mv: &ChessMove) -> String {
        Chess::move_to_uci(*mv)
    }

    fn move_to_human(&self, mv: &ChessMove) -> String {
        self.move_to_san(*mv)
    }

    fn parse_move(&self, text: &str) -> Result<ChessMove, MoveError> {
        self.parse_move_text(text)
    }

    fn board_text(&self) -> String {
        Chess::board_text(self)
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &ChessMove) -> MoveInput {
        view::move_input(self, *mv)
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        VARIANTS
            .contains(&variant)
            .then_some(include_str!("perft/chess.txt"))
    }

    fn bench_positions(_variant: &str) -> Vec<&'static str> {
        BENCH_POSITIONS.to_vec()
    }
}
