//! Divergence (part 2 section 2.4, L2630-2878): a moving piece that reaches a divergent piece
//! as one of its step- or capture-fields may go on from that field "as if starting a new ply",
//! in any direction its kind allows, with at most the momentum it had on arriving (which must
//! be 1 or more); the divergent piece stays where it is.
//!
//! A divergence is a ply of its own with `flag::DIVERGE` ending on the divergent field: the
//! piece stays in the air there (`board::Turn::play`), and the cascade step (`cascade::follow`)
//! goes on with it from that field as with an activated piece, with the momentum it had on
//! arriving (so a first piece spends momentum from then on, L2642). Its tags are lost (it has
//! moved, L4116): a Pawn does not rush again, and, having moved, takes nothing en passant
//! (L3158-3169: the divergence replaces the en passant on that field). Single-step pieces (Pawn,
//! Knight, Unicorn) make one step after it by their own movement; a Unicorn's jump follows the
//! colour of the divergent field (L2697), as from any field it starts on.
//!
//! Which pieces are divergent, and for whom, is `is_divergent` alone; which pieces may diverge
//! is `may_diverge`. Each piece's generator in `plies`, `hemera` and `shaman` offers the
//! divergence (`divergence`) where it meets a piece on a field where the rules let
//! it diverge. One's Starchilds, of either colour, are divergent for every piece that may
//! diverge (section 4.7.5, L3694); being transparent, a later Starchild on a line is reached as
//! well as the first, and a piece may also capture an opponent's Starchild or pass over it
//! instead. A Starchild never diverges, nor a Wave a Starchild activated (L3717, L3724).
//!
//! Readings decided here: a Scout or Grenadier diverges on its step-fields only (Table 27: on
//! capture-fields it captures, takes e.p. or activates), within its rush as on its ordinary
//! steps; a Pawn on its forward, sideways and capture steps and within its rush (L2667); a
//! Shaman on its step- and capture-fields, from an opponent's Shaman also after taking the
//! pieces before it, and instead of taking that Shaman. Divergence never gives check:
//! `attacks` knows nothing of it (L2869-2878).

use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind};
use super::plies::{Mover, Pattern};

/// Whether `stationary` is divergent for the moving piece `mover` (section 2.4 point 5): an own
/// Shaman for every piece (by the pieces' colours, not the player's, L2860), an opponent's
/// Shaman for a Shaman (L2799), a Starchild of either colour for every piece (L3694).
pub(super) fn is_divergent(mover: Cell, stationary: Cell) -> bool {
    if !piece::is_piece(stationary) {
        return false;
    }
    match piece::kind(stationary) {
        Kind::Shaman => {
            piece::color(stationary) == piece::color(mover) || piece::kind(mover) == Kind::Shaman
        }
        Kind::Starchild => true,
        _ => false,
    }
}

/// Whether the moving piece may diverge at all (section 2.4 point 4, Table 6): not the King,
/// Centaur, Serpent, Star, Monolith or Starchild; a Wave unless it moves like a Unicorn,
/// Centaur, Serpent or Starchild (L2824-2842, L3724), and not the Pyramid of the Serpent's
/// ritual, whose step is the ritual.
pub(super) fn may_diverge(m: &Mover) -> bool {
    match piece::kind(m.cell) {
        Kind::Wave => !matches!(
            m.pattern,
            Pattern::Unicorn | Pattern::Centaur | Pattern::Serpent | Pattern::Starchild
        ),
        Kind::Pyramid => m.pattern != Pattern::Ritual,
        Kind::Pawn
        | Kind::Knight
        | Kind::Bishop
        | Kind::Rook
        | Kind::Queen
        | Kind::Pegasus
        | Kind::Unicorn
        | Kind::Scout
        | Kind::Grenadier
        | Kind::Shaman => true,
        _ => false,
    }
}

/// The divergence of the piece `m` on reaching `to`, holding `stationary`, with momentum
/// `left`, if it may diverge there. It needs momentum 1 or more (L2651, OQ-16), so a piece never
/// diverges on its last step (L5175).
pub(super) fn divergence(m: &Mover, to: u16, stationary: Cell, left: u8) -> Option<Ply> {
    (left >= 1 && is_divergent(m.cell, stationary) && may_diverge(m))
        .then(|| Ply::new(m.from, to, piece::kind_bits(m.cell), flag::DIVERGE))
}
