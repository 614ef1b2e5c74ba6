//! Attack tests for check: which fields the side's active materiel attacks.

use super::piece::{self, Cell, Kind};
use super::{Croatian, MAILBOX};
use crate::core::Color;

type Board = [Cell; MAILBOX];

/// Direction offsets for one board stride.
pub(crate) struct Offsets {
    pub orth: [isize; 4],
    pub diag: [isize; 4],
    pub knight: [isize; 8],
    pub long: [isize; 16],
}

impl Offsets {
    pub fn new(s: isize) -> Offsets {
        let v = |dx: isize, dy: isize| dx + dy * s;
        let mut long = [0; 16];
        let mut i = 0;
        for (a, b) in [(4, 1), (1, 4), (3, 2), (2, 3)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                long[i] = v(a * sx, b * sy);
                i += 1;
            }
        }
        Offsets {
            orth: [1, -1, s, -s],
            diag: [s + 1, s - 1, -s + 1, -s - 1],
            knight: [
                v(1, 2),
                v(-1, 2),
                v(1, -2),
                v(-1, -2),
                v(2, 1),
                v(-2, 1),
                v(2, -1),
                v(-2, -1),
            ],
            long,
        }
    }
}

#[inline]
pub(crate) fn at(sq: u16, d: isize) -> u16 {
    (sq as isize + d) as u16
}

/// Is `sq` attacked by a piece of `by` on `board`? Pyramids, Waves and Stars never attack
/// (L402, L724); attack rays pass through Waves (L816).
pub(crate) fn attacked(pos: &Croatian, board: &Board, sq: u16, by: Color) -> bool {
    attacked_with(pos, &Offsets::new(pos.stride()), board, sq, by)
}

pub(crate) fn attacked_with(
    pos: &Croatian,
    o: &Offsets,
    board: &Board,
    sq: u16,
    by: Color,
) -> bool {
    !each_attacker(pos, o, board, sq, by, |_| false)
}

/// Calls `keep_going` with the field of every piece of `by` attacking `sq`, until it returns
/// false; returns whether every call returned true (or there was none).
pub(crate) fn each_attacker(
    pos: &Croatian,
    o: &Offsets,
    board: &Board,
    sq: u16,
    by: Color,
    mut keep_going: impl FnMut(u16) -> bool,
) -> bool {
    let cell = |s: u16| board[s as usize];
    let mine = |c: Cell, k: Kind| piece::is(c, k, by);
    // Pawns of `by` attack diagonally forward.
    let fwd = pos.forward(by);
    for d in [fwd + 1, fwd - 1] {
        let s = at(sq, -d);
        if mine(cell(s), Kind::Pawn) && !keep_going(s) {
            return false;
        }
    }
    for d in o.orth.iter().chain(o.diag.iter()) {
        let s = at(sq, *d);
        if mine(cell(s), Kind::King) && !keep_going(s) {
            return false;
        }
    }
    let by_light = by == Color::White;
    for &d in &o.knight {
        let mut s = at(sq, d);
        let c = cell(s);
        // A Unicorn makes Knight jumps from a field of its own colour.
        if (mine(c, Kind::Knight) || mine(c, Kind::Unicorn) && pos.is_light_field(s) == by_light)
            && !keep_going(s)
        {
            return false;
        }
        let mut c = c;
        loop {
            if mine(c, Kind::Pegasus) {
                if !keep_going(s) {
                    return false;
                }
                break;
            }
            if !piece::is_clear(c) {
                break;
            }
            s = at(s, d);
            c = cell(s);
        }
    }
    if pos.v.has(Kind::Unicorn) {
        for &d in &o.long {
            let s = (sq as isize + d) as usize;
            if s < MAILBOX {
                let c = board[s];
                if mine(c, Kind::Unicorn)
                    && pos.is_light_field(s as u16) != by_light
                    && !keep_going(s as u16)
                {
                    return false;
                }
            }
        }
    }
    for (dirs, slider) in [(&o.orth, Kind::Rook), (&o.diag, Kind::Bishop)] {
        for &d in dirs {
            let mut s = at(sq, d);
            loop {
                let c = cell(s);
                if piece::is_clear(c) {
                    s = at(s, d);
                    continue;
                }
                if (mine(c, slider) || mine(c, Kind::Queen)) && !keep_going(s) {
                    return false;
                }
                break;
            }
        }
    }
    true
}
