//! The move type: a complete turn identified by its effect (the changed squares) and the
//! castling rights it leaves; the legs candidates are built from.

use super::board::{kind, EMPTY, PAWN};

/// One changed square: `square << 16 | before << 8 | after`. Sorting the packed words sorts by
/// square, so equal effects have equal arrays.
pub type Change = u32;
/// Unused change slots (sort after every real change).
pub const NO_CHANGE: Change = u32::MAX;

#[inline]
pub fn change(square: u8, before: u8, after: u8) -> Change {
    (square as u32) << 16 | (before as u32) << 8 | after as u32
}

#[inline]
pub fn change_square(c: Change) -> u8 {
    (c >> 16) as u8
}

#[inline]
pub fn change_before(c: Change) -> u8 {
    (c >> 8) as u8
}

#[inline]
pub fn change_after(c: Change) -> u8 {
    c as u8
}

/// The net change of the board made by one complete turn: at most four squares (no piece moves
/// twice in a turn, and a turn moves at most two pieces), sorted by square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Effect(pub [Change; 4]);

impl Effect {
    pub const NONE: Effect = Effect([NO_CHANGE; 4]);

    pub fn changes(&self) -> impl Iterator<Item = Change> + '_ {
        self.0.iter().copied().take_while(|&c| c != NO_CHANGE)
    }

    /// Each changed square's piece before and after the turn (`EMPTY` for none).
    pub fn before_after(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.changes().map(|c| (change_before(c), change_after(c)))
    }

    pub fn is_empty(&self) -> bool {
        self.0[0] == NO_CHANGE
    }

    /// The turn that would exactly undo this one.
    pub fn inverse(&self) -> Effect {
        let mut out = Effect::NONE;
        for (i, c) in self.changes().enumerate() {
            out.0[i] = change(change_square(c), change_after(c), change_before(c));
        }
        out
    }

    /// Builds an effect from unsorted changes, dropping squares that end as they began.
    pub fn from_changes(list: &[Change]) -> Effect {
        let mut out = Effect::NONE;
        let mut n = 0;
        for &c in list {
            if change_before(c) != change_after(c) {
                out.0[n] = c;
                n += 1;
            }
        }
        out.0[..n].sort_unstable();
        out
    }
}

/// One complete turn, identified by what it does: the board's net change and the castling
/// rights it leaves (a King or corner piece that left and came back still loses the right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub effect: Effect,
    /// Castling rights after the turn (bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`).
    pub castling: u8,
}

/// One piece going from `from` to `to` (or `OFF`), arriving as `piece` (a promoted pawn arrives
/// as its new piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    pub from: u8,
    pub to: u8,
    pub piece: u8,
}

/// What part A of a candidate turn was, for counting candidates by category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Normal,
    Castle,
    SelfExit,
    Action,
}

impl Move {
    /// A piece leaving the board or a pawn promoting: the only material changes.
    pub fn changes_material(&self) -> bool {
        let pieces: i32 = self
            .effect
            .changes()
            .map(|c| (change_after(c) != EMPTY) as i32 - (change_before(c) != EMPTY) as i32)
            .sum();
        pieces < 0 || self.pawns_gained() < 0
    }

    /// Pawns gained minus pawns lost (negative when a pawn promoted or left the board).
    fn pawns_gained(&self) -> i32 {
        self.effect
            .changes()
            .map(|c| {
                let (b, a) = (change_before(c), change_after(c));
                (a != EMPTY && kind(a) == PAWN) as i32 - (b != EMPTY && kind(b) == PAWN) as i32
            })
            .sum()
    }
}
