//! The move type: one complete turn packed in 32 bits, and the move list.

use arrayvec::ArrayVec;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub(super) u32);

pub(super) const PROMOTION: u32 = 1 << 18;
pub(super) const REMOTE: u32 = 1 << 19;
pub(super) const CAPTURE: u32 = 1 << 20;

impl Move {
    pub(super) fn new(from: usize, to: usize, flags: u32) -> Move {
        Move(from as u32 | (to as u32) << 9 | flags)
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 511) as usize
    }

    /// Where the piece lands, or for a remote capture the square of the removed piece.
    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 9 & 511) as usize
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.0 & CAPTURE != 0
    }

    /// The Dragon's capture without moving.
    #[inline]
    pub fn is_remote(self) -> bool {
        self.0 & REMOTE != 0
    }

    #[inline]
    pub fn is_promotion(self) -> bool {
        self.0 & PROMOTION != 0
    }

    /// A capture or a promotion: the moves quiescence searches.
    #[inline]
    pub fn is_tactical(self) -> bool {
        self.0 & (CAPTURE | PROMOTION) != 0
    }
}

/// Enough for 42 pieces of the side to move at their busiest (no piece has more than 34 moves:
/// a Mage in the middle of the middle board).
pub type Moves = ArrayVec<Move, 1536>;
