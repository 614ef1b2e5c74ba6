//! The move type: one complete turn, identified by its effect.

use super::board::Kind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any ordinary move or capture (transporter routes included; `from == to` is a pass).
    Normal,
    /// Gate to gate without moving across the board; never confers on the dragons.
    Null,
    /// En-passant capture onto a target square; the victim is the state's `ep.victim`.
    EnPassant,
    Drop,
    CastleKing,
    CastleQueen,
    /// Ox (or dragon as ox) push: the ox goes `from -> to`, the line in front of it shifts alike.
    Push,
    /// Fool (or dragon as fool) swaps with the own piece on `to`.
    Swap,
    /// Fool (or dragon as fool) removes itself and the checking piece on `to`.
    Suicide,
    /// A gate (the piece above it, if any, stays).
    Gate,
}

/// One complete turn, identified by its effect. `via` and `mimic` only feed the human notation
/// (the first gate entered, the type a dragon moved as) and take no part in equality.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub kind: MoveKind,
    pub from: u8,
    pub to: u8,
    /// The moving piece (the dropped piece for drops, `Gate` for gate moves).
    pub piece: Kind,
    /// Promotion of the moving pawn/lancer, or of the pawn pushed or swapped onto its last rank.
    pub promo: Option<Kind>,
    /// En-passant targets the move creates.
    pub ep: u128,
    pub via: u8,
    pub mimic: Kind,
}

impl PartialEq for Move {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
            && self.from == other.from
            && self.to == other.to
            && self.piece == other.piece
            && self.promo == other.promo
            && self.ep == other.ep
    }
}
impl Eq for Move {}
impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (
            self.kind, self.from, self.to, self.piece, self.promo, self.ep,
        )
            .hash(state);
    }
}
