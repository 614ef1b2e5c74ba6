//! The Shaman (Conquest of Tlalocan, part 2 section 4.5.1-4.5.2): a step-ply along one step
//! vector over empty fields, or a capture-ply along one capture vector taking a chain of
//! opponent's pieces and stopping after any of them (OQ-10). A light Shaman steps like a Knight
//! and captures along the Unicorn's long jumps, a dark one the other way round; the field's
//! colour plays no part (L2492).
//!
//! A capture-ply is one `Ply` from the Shaman's field to its last field: every field strictly
//! between holds a piece it captured (the chain has no gaps, L2513), which `chain_fields` lists
//! for playing the ply. A ply's vector tells a step-ply from a capture-ply, since no Knight jump
//! is a multiple of a long jump.
//!
//! Readings decided here: an opponent's Wave in a chain is captured like any opponent's piece
//! and the chain may go on past it ("light Shaman can capture dark Wave, and then activate light
//! Wave", L2628), so it is part of a checking chain too; an own Wave breaks a chain (its
//! transparency is no capture, L2520). On a step-field the Shaman passes any Wave and activates
//! an own one; it never captures there (L2501-2506).
//!
//! A Shaman diverges (`divergence`) from a Shaman of either colour on its step-fields and on its
//! capture-fields, mid-chain too (the pieces before it taken), and from an opponent's Shaman on
//! a capture-field instead of taking it (L2745-2806). A Shaman beside another may entrance it
//! (`trance`, section 4.5.4-4.5.6): a King-step onto it, a third kind of ply beside the
//! step-ply and the capture-ply, chosen on the first step (L2898).

use super::attacks::at;
use super::divergence::divergence;
use super::moves::{flag, Ply};
use super::piece::steps::{KNIGHT, LONG};
use super::piece::{self, Cell, Kind, OFF};
use super::plies::{Mover, PlyGen, Sink};
use super::Croatian;
use crate::core::Color;

/// A set of jump vectors.
type Vectors = &'static [(i8, i8)];

/// The Shaman's step vectors and capture vectors by its colour (section 4.5.1).
pub(super) fn vectors(color: Color) -> (Vectors, Vectors) {
    match color {
        Color::White => (&KNIGHT, &LONG),
        Color::Black => (&LONG, &KNIGHT),
    }
}

/// The unit vector of a ply from `from` to `to` (the vector divided by the greatest common
/// divisor of its coordinates).
fn unit(pos: &Croatian, from: u16, to: u16) -> (i8, i8) {
    let dx = pos.file_of(to) as i32 - pos.file_of(from) as i32;
    let dy = pos.rank_of(to) as i32 - pos.rank_of(from) as i32;
    let (mut a, mut b) = (dx.abs(), dy.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    ((dx / g) as i8, (dy / g) as i8)
}

/// The fields a Shaman's capture-ply `ply` of a Shaman of `color` captured on its way: those
/// strictly between its origin and its last field (the Star it entered for a teleport). Empty
/// for a step-ply.
pub(super) fn chain_fields(pos: &Croatian, color: Color, ply: &Ply) -> impl Iterator<Item = u16> {
    // An oblation's `to` is the Star itself.
    let end = if ply.has(flag::TELEPORT) && ply.aux != 0 {
        ply.aux
    } else {
        ply.to
    };
    let v = unit(pos, ply.from, end);
    let capture = vectors(color).1.contains(&v);
    let d = pos.offset(v.0 as isize, v.1 as isize);
    let mut sq = ply.from;
    std::iter::from_fn(move || {
        if !capture {
            return None;
        }
        sq = at(sq, d);
        (sq != end).then_some(sq)
    })
}

impl PlyGen<'_> {
    /// Every step-ply and capture-ply of the Shaman `m`.
    pub(super) fn shaman<S: Sink>(&self, m: &Mover, sink: &mut S) {
        // A Starchild on a trance-field is uplifted for a sense-journey (L3774, OQ-31); a
        // Shaman there is entranced (`trance`).
        for to in self.pos.neighbours(m.from) {
            let c = self.cell(to);
            if piece::is_starchild(c) {
                self.initiate(m, to, sink);
            } else if piece::kind_bits(c) == Kind::Shaman as u8 {
                self.entrance(m, to, sink);
            }
        }
        let budget = Self::budget(m);
        let (steps, captures) = vectors(piece::color(m.cell));
        for (vectors, capture) in [(steps, false), (captures, true)] {
            for &(dx, dy) in vectors {
                let d = self.pos.offset(dx as isize, dy as isize);
                let mut to = m.from;
                for k in 1..=budget {
                    to = at(to, d);
                    let goes_on = if capture {
                        self.shaman_capture(m, to, k, sink)
                    } else {
                        self.shaman_step(m, to, k, sink)
                    };
                    if !goes_on || sink.full() {
                        break;
                    }
                }
            }
        }
    }

    /// The `k`-th step of a step-ply lands on `to`: stop there if empty, activate an own Wave,
    /// teleport on a Star. Returns whether the ply may go on.
    fn shaman_step<S: Sink>(&self, m: &Mover, to: u16, k: u8, sink: &mut S) -> bool {
        let c = self.cell(to);
        let left = Self::left(m, k);
        let ply = |flags| Ply::new(m.from, to, Kind::Shaman as u8, flags);
        if self.is_empty(to) {
            sink.land(ply(0), left);
            return true;
        }
        if c == OFF {
            return false;
        }
        if piece::is_wave(c) {
            if piece::color(c) == piece::color(m.cell) {
                sink.land(ply(flag::ACTIVATE), left);
            }
            return true;
        }
        if piece::is_teleporter(c) {
            self.teleport(m, to, sink);
        } else if let Some(diverge) = divergence(m, to, c, left) {
            sink.land(diverge, left);
        }
        // A Starchild is passed over (section 2.2).
        piece::is_starchild(c)
    }

    /// The `k`-th field of a capture-ply is `to`: capture an opponent's piece (not the King)
    /// and perhaps go on, activate an own Wave or Pyramid (with momentum left), teleport on a
    /// Star. Returns whether the chain may go on.
    fn shaman_capture<S: Sink>(&self, m: &Mover, to: u16, k: u8, sink: &mut S) -> bool {
        let c: Cell = self.cell(to);
        if c == OFF || self.is_empty(to) {
            return false;
        }
        let left = Self::left(m, k);
        let ply = |flags| Ply::new(m.from, to, Kind::Shaman as u8, flags);
        let kind = piece::kind(c);
        if piece::is_teleporter(c) {
            self.teleport(m, to, sink);
            return false;
        }
        // Mid-chain too (Table 28); an opponent's Shaman may be taken instead.
        if let Some(diverge) = divergence(m, to, c, left) {
            sink.land(diverge, left);
        }
        if piece::color(c) != piece::color(m.cell) {
            if kind == Kind::King {
                return false;
            }
            sink.land(ply(flag::CAPTURE), left);
            return true;
        }
        if kind == Kind::Wave || kind == Kind::Pyramid && left >= 1 {
            sink.land(ply(flag::ACTIVATE), left);
        }
        false
    }
}

/// Whether a Shaman of `by` attacks `sq` (the King's field) on `board`: it stands at the start
/// of an unbroken chain of pieces it could capture along one of its capture vectors, `sq` the
/// chain's last field (section 2.6, L2611-2628).
pub(super) fn shaman_attacks(
    pos: &Croatian,
    board: &[Cell],
    sq: u16,
    by: Color,
    keep_going: &mut impl FnMut(u16) -> bool,
) -> bool {
    let cell = |s: u16| board.get(s as usize).copied().unwrap_or(OFF);
    for &(dx, dy) in vectors(by).1 {
        let d = pos.offset(-(dx as isize), -(dy as isize));
        let mut s = at(sq, d);
        loop {
            let c = cell(s);
            if piece::is(c, Kind::Shaman, by) {
                if !keep_going(s) {
                    return false;
                }
                break;
            }
            let capturable = piece::is_piece(c)
                && piece::color(c) != by
                && !matches!(piece::kind(c), Kind::King | Kind::Star | Kind::Monolith);
            if !capturable {
                break;
            }
            s = at(s, d);
        }
    }
    true
}
