//! Moves: a `Move` is a whole turn, the list of its plies (a cascade lists every ply).

/// The longest cascade in the tier-1 variants: each Pyramid ply spends at least one field of
/// momentum and the first ply builds at most `size - 1`, so 1 + 13 plies on 14x14.
pub const MAX_PLIES: usize = 16;

pub mod flag {
    pub const CAPTURE: u8 = 1;
    pub const EN_PASSANT: u8 = 2;
    pub const CASTLE: u8 = 4;
    pub const PROMOTE: u8 = 8;
    /// Tag for delayed promotion (`=`).
    pub const TAG_PROMOTION: u8 = 16;
    pub const CONVERT: u8 = 32;
    /// The ply ends on a piece it activates; the next ply moves that piece from `to`.
    pub const ACTIVATE: u8 = 64;
    /// A tagged Pawn promotes in place: the whole move (`from == to`).
    pub const DELAYED: u8 = 128;
}

/// One piece's movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    pub from: u16,
    pub to: u16,
    /// Castling: the Rook's origin; en passant: the captured Pawn's field; else 0.
    pub aux: u16,
    /// The moving piece's kind (`Kind as u8`).
    pub piece: u8,
    pub flags: u8,
    /// Promotion kind (`Kind as u8`), 0 if none.
    pub promo: u8,
}

impl Ply {
    pub fn new(from: u16, to: u16, piece: u8, flags: u8) -> Self {
        Ply {
            from,
            to,
            aux: 0,
            piece,
            flags,
            promo: 0,
        }
    }

    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }
}

/// A complete turn: one ply, or a cascade listing every ply (boxed: cascades are the rare case,
/// and a small `Move` keeps move lists cheap).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Single(Ply),
    Cascade(Box<[Ply]>),
}

impl Move {
    pub fn single(ply: Ply) -> Self {
        Move::Single(ply)
    }

    pub fn cascade(plies: &[Ply]) -> Self {
        if plies.len() == 1 {
            Move::Single(plies[0])
        } else {
            Move::Cascade(plies.into())
        }
    }

    pub fn plies(&self) -> &[Ply] {
        match self {
            Move::Single(p) => std::slice::from_ref(p),
            Move::Cascade(plies) => plies,
        }
    }

    pub fn first(&self) -> &Ply {
        &self.plies()[0]
    }

    pub fn is_cascade(&self) -> bool {
        matches!(self, Move::Cascade(_))
    }
}
