//! The move type: a packed 16-bit word, and the move list.

use std::fmt;

use arrayvec::ArrayVec;

use super::bitboard::{PieceType, Square};

/// The caller-owned move list of chess (no legal position has more than 218 moves).
pub type ChessMoveList = ArrayVec<ChessMove, 256>;

/// A chess move in 16 bits: from (6) | to (6) | flag (4). Castling is stored as the king's
/// move (`e1g1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChessMove(u16);

/// The flag nibble, in the usual encoding: bit 2 = capture, bit 3 = promotion.
pub(crate) mod flag {
    pub const QUIET: u16 = 0;
    pub const DOUBLE_PUSH: u16 = 1;
    pub const KING_CASTLE: u16 = 2;
    pub const QUEEN_CASTLE: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;
    pub const PROMOTION: u16 = 8;
    pub const PROMOTION_CAPTURE: u16 = 12;
}

impl ChessMove {
    #[inline]
    pub(crate) const fn new(from: Square, to: Square, flag: u16) -> ChessMove {
        ChessMove(from.index() as u16 | (to.index() as u16) << 6 | flag << 12)
    }

    /// A promotion to `kind` (knight..queen), capturing or not.
    #[inline]
    pub(crate) const fn promotion(
        from: Square,
        to: Square,
        kind: PieceType,
        capture: bool,
    ) -> ChessMove {
        let base = if capture {
            flag::PROMOTION_CAPTURE
        } else {
            flag::PROMOTION
        };
        ChessMove::new(from, to, base | (kind as u16 - 1))
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u8)
    }

    #[inline]
    pub(crate) const fn flag(self) -> u16 {
        self.0 >> 12
    }

    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flag() & flag::CAPTURE != 0
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flag() == flag::EN_PASSANT
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.flag(), flag::KING_CASTLE | flag::QUEEN_CASTLE)
    }

    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.flag() == flag::DOUBLE_PUSH
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        if self.flag() & flag::PROMOTION == 0 {
            return None;
        }
        Some(match self.flag() & 3 {
            0 => PieceType::Knight,
            1 => PieceType::Bishop,
            2 => PieceType::Rook,
            _ => PieceType::Queen,
        })
    }

    /// The raw 16-bit word (for transposition tables).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with the raw word `bits`, which need not be legal anywhere.
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> ChessMove {
        ChessMove(bits)
    }
}

impl fmt::Debug for ChessMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(kind) = self.promotion_piece() {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        write!(f, "/{}", self.flag())
    }
}
