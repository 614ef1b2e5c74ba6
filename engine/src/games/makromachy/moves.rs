//! The move type: one complete turn (hit-and-run and fast castling carry a third square).

/// How a move differs from a plain "piece goes from `from` to `to`, taking what is there".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A Pawn's or Warrior's 2- or 3-square push that leaves en-passant targets behind.
    Push,
    /// Captures the Pawn/Warrior on `aux`.
    EnPassant,
    /// A Terror captures on `aux`, then steps on to `to`.
    HitAndRun,
    /// The King goes to `to`; the Dragon King from corner `aux` to the King's square.
    Castle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    pub aux: u16,
    /// Piece type promoted to, 0 for none.
    pub promo: u8,
    pub kind: MoveKind,
}

impl Move {
    #[inline]
    pub fn new(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            aux: 0,
            promo: 0,
            kind: MoveKind::Normal,
        }
    }
}
