//! Entrancement and the trance-journey (Conquest of Tlalocan, part 2 sections 4.5.4-4.5.6).
//!
//! A Shaman, the first piece of a move or activated with any momentum (L2913), steps onto a
//! neighbouring Shaman of either colour and entrances it: a ply with `flag::TRANCE` and
//! `flag::ACTIVATE`, after which the entrancer stands on that field and the entranced Shaman is
//! in the air (`Pattern::Entranced`, with the entrancer's colour). It must now make its
//! journey, which ends the move (L2934).
//!
//! The journey's geometry is the one sense-journeys use (`starchild::journey_hand`): a light
//! entranced Shaman goes outward along its right or left hand, a dark one starts on the
//! outermost on-board field of its up or down hand and comes inward, never onto its start
//! (L2968-2989, OQ-11). Every piece is transparent to it; the fields it reaches are the pattern's
//! fields from where it starts to where it stops, in travel order. A light entrancer's journey
//! may displace each piece it reaches onto an empty field of the 44 displacement offsets
//! (`DISPLACEMENTS`, as the board stands at that moment, L3018), a dark entrancer's may capture
//! it, own or opponent's; Kings, Stars and Monoliths are passed and never moved (L2993-3001).
//! The Shaman stops on an empty field (OQ-12).
//!
//! Section 9.2: a light journey has about 45^j outcomes per destination, so it goes action by
//! action. Each action takes the Shaman along its hand to the next field where something
//! happens: it stops there on an empty field (the move ends), or it displaces or captures the
//! piece there (a `flag::DISPLACE` ply, with `flag::CAPTURE` for a capture, played right before
//! the Shaman's) and then stops there or goes on (`flag::ONWARD`: it stays in the air with that
//! field's step number as its momentum, `Pattern::Trance`). A piece left in place is one the
//! next action passes. So no list ever multiplies choices out; whole turns are what walking the
//! actions gives.
//!
//! When both Shamans are dark, the entranced one may instead take the double trance-journey
//! (L3003-3005, L3066-3078, OQ-14): every piece but Kings, Stars and Monoliths on every on-board
//! field of both hands is captured, then the Shaman is oblationed. A journey with no field to
//! stop on in either hand (every field holds a King, Star or Monolith, or, for a light entrancer,
//! a piece with no empty displacement field) fails: the Shaman is oblationed (`@@@`, L3730).
//! Readings decided here: a displaced piece has moved (as a Serpent's displaced Pawn, TR-1: an
//! opponent's piece displaced onto a line to the mover's King makes a self-checkmate), loses its
//! tags and gains none (L4116, OQ-8); the halfmove clock resets when a Pawn is displaced or a
//! piece captured (TR-2); a double trance-journey that captures nothing when the journey fails
//! anyway is the same move as the failed one and is listed once, as the failed one.

use arrayvec::ArrayVec;

use super::board::Turn;
use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind};
use super::plies::{Mover, Pattern, PlyGen, Sink};
use super::starchild::{journey_fields, journey_hand, journey_step, Hand};
use super::Croatian;
use crate::core::Color;

/// The displacement offsets in the book's numbering (#1 first, L3101-3124: #22 is (-6,2), #37
/// (2,-4), #44 (6,-2)): quadrant I, then the same turned by 90, 180 and 270 degrees.
pub(super) const DISPLACEMENTS: [(i8, i8); 44] = {
    const FIRST: [(i8, i8); 11] = [
        (3, 1),
        (2, 2),
        (1, 3),
        (4, 2),
        (3, 3),
        (2, 4),
        (6, 2),
        (5, 3),
        (4, 4),
        (3, 5),
        (2, 6),
    ];
    let mut out = [(0, 0); 44];
    let mut i = 0;
    while i < 11 {
        let (x, y) = FIRST[i];
        out[i] = (x, y);
        out[11 + i] = (-y, x);
        out[22 + i] = (-x, -y);
        out[33 + i] = (y, -x);
        i += 1;
    }
    out
};

/// Whether a journey may displace or capture the piece `c` (not empty): anything but Kings,
/// Stars and Monoliths (L2999, L3303).
fn removable(c: Cell) -> bool {
    piece::is_piece(c) && !piece::is_teleporter(c) && piece::kind(c) != Kind::King
}

/// The field the entranced Shaman's journey started from, when it stands on the `k`-th field
/// of `hand` of the pattern for its `color`.
fn journey_start(pos: &Croatian, at: u16, k: u8, color: Color, hand: Hand) -> u16 {
    let (mut x, mut y) = (pos.file_of(at) as i32, pos.rank_of(at) as i32);
    for i in 1..=k as i32 {
        let (dx, dy) = journey_step(color, hand, i);
        x -= dx;
        y -= dy;
    }
    pos.sq(x as u8, y as u8)
}

/// The hand of the pattern from `start` for a Shaman of `color` that holds `to` (the two hands
/// share no field).
pub(super) fn hand_of(pos: &Croatian, start: u16, to: u16, color: Color) -> Hand {
    let first = journey_hand(pos, start, color, Hand::First);
    if first.iter().any(|&(_, sq)| sq == to) {
        Hand::First
    } else {
        Hand::Second
    }
}

/// The fields of `hand` a journey from `start` reaches in travel order, with their step
/// numbers: outward for a light Shaman, inward from the outermost for a dark one; after the
/// field with step number `past` when it has reached one.
pub(super) fn travel(
    pos: &Croatian,
    start: u16,
    color: Color,
    hand: Hand,
    past: Option<u8>,
) -> ArrayVec<(u8, u16), 32> {
    let mut fields = journey_hand(pos, start, color, hand);
    if color == Color::Black {
        fields.reverse();
        fields.retain(|&mut (k, _)| past.is_none_or(|p| k < p));
    } else {
        fields.retain(|&mut (k, _)| past.is_none_or(|p| k > p));
    }
    fields
}

/// How the piece in the air goes on after the trance ply `by` of `mover` (moving by
/// `mover_pattern`) in `turn`: an entrancement leaves the entranced Shaman to choose its
/// journey, a step of the journey keeps it on its hand.
pub(super) fn pattern_after(turn: &Turn, mover: Cell, mover_pattern: Pattern, by: &Ply) -> Pattern {
    if by.has(flag::ACTIVATE) {
        return Pattern::Entranced(piece::color(mover));
    }
    let entrancer = match mover_pattern {
        Pattern::Entranced(c) | Pattern::Trance(c, _) => c,
        _ => piece::color(mover),
    };
    Pattern::Trance(
        entrancer,
        hand_of(&turn.pos, by.aux, by.to, piece::color(mover)),
    )
}

impl PlyGen<'_> {
    /// The Shaman `m` entrances the Shaman on its neighbour `to`, whatever momentum it has
    /// (L2913): the entranced one's journey needs none.
    pub(super) fn entrance<S: Sink>(&self, m: &Mover, to: u16, sink: &mut S) {
        let ply = Ply::new(
            m.from,
            to,
            Kind::Shaman as u8,
            flag::ACTIVATE | flag::TRANCE,
        );
        sink.land(ply, 0);
    }

    /// The next actions of the entranced Shaman `m`: from its start, the first of either hand
    /// (and, both Shamans dark, the double journey; with nowhere to stop, the failed one); on
    /// its way, the next along its hand.
    pub(super) fn trance_journey<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let color = piece::color(m.cell);
        match m.pattern {
            Pattern::Entranced(by) => {
                let mut stops = false;
                for hand in [Hand::First, Hand::Second] {
                    let fields = travel(pos, m.from, color, hand, None);
                    stops |= self.journey_on(m, by, m.from, &fields, sink);
                }
                if by == Color::Black && color == Color::Black {
                    self.double_trance(m, stops, sink);
                }
                if !stops {
                    let mut ply = Ply::new(
                        m.from,
                        m.from,
                        Kind::Shaman as u8,
                        flag::TRANCE | flag::OBLATION,
                    );
                    ply.aux = m.from;
                    sink.land(ply, 0);
                }
            }
            Pattern::Trance(by, hand) => {
                let k = m.momentum.unwrap_or(0);
                let start = journey_start(pos, m.from, k, color, hand);
                let fields = travel(pos, start, color, hand, Some(k));
                self.journey_on(m, by, start, &fields, sink);
            }
            _ => {}
        }
    }

    /// The actions of the entranced Shaman `m` (entranced by a Shaman of colour `by`, its
    /// journey started on `start`) that go on to one of `fields`, in travel order, passing the
    /// ones before it. Returns whether any of them stops the journey.
    fn journey_on<S: Sink>(
        &self,
        m: &Mover,
        by: Color,
        start: u16,
        fields: &[(u8, u16)],
        sink: &mut S,
    ) -> bool {
        let mut stops = false;
        for (i, &(k, sq)) in fields.iter().enumerate() {
            let step = |flags: u32| {
                let mut ply = Ply::new(m.from, sq, Kind::Shaman as u8, flag::TRANCE | flags);
                ply.aux = start;
                ply
            };
            if self.is_empty(sq) {
                sink.land(step(0), 0);
                stops = true;
                continue;
            }
            let c = self.cell(sq);
            if !removable(c) {
                continue;
            }
            // Going on is worth an action only when some later field could end the journey.
            let later = fields[i + 1..]
                .iter()
                .any(|&(_, s)| self.is_empty(s) || removable(self.cell(s)));
            let kind = piece::kind_bits(c);
            let mut interact = |effect: Ply| {
                sink.land_after(&[effect], step(0), 0);
                if later {
                    sink.land_after(&[effect], step(flag::ONWARD), k);
                }
            };
            if by == Color::Black {
                interact(Ply::new(sq, sq, kind, flag::DISPLACE | flag::CAPTURE));
                stops = true;
            } else {
                for to in self.displacement_fields(sq) {
                    interact(Ply::new(sq, to, kind, flag::DISPLACE));
                    stops = true;
                }
            }
        }
        stops
    }

    /// The empty displacement-fields of the piece on `sq`, in the book's numbering.
    pub(super) fn displacement_fields(&self, sq: u16) -> impl Iterator<Item = u16> + '_ {
        let pos = self.pos;
        let n = pos.size() as i32;
        let (x, y) = (pos.file_of(sq) as i32, pos.rank_of(sq) as i32);
        DISPLACEMENTS.iter().filter_map(move |&(dx, dy)| {
            let (tx, ty) = (x + dx as i32, y + dy as i32);
            let inside = (0..n).contains(&tx) && (0..n).contains(&ty);
            let to = inside.then(|| pos.sq(tx as u8, ty as u8))?;
            self.is_empty(to).then_some(to)
        })
    }

    /// The double trance-journey of the dark Shaman `m` entranced by a dark one: every piece
    /// but Kings, Stars and Monoliths on both hands captured, the Shaman oblationed. Capturing
    /// nothing where the journey cannot stop (`stops` false), it is the failed journey's move.
    fn double_trance<S: Sink>(&self, m: &Mover, stops: bool, sink: &mut S) {
        let color = piece::color(m.cell);
        let captures: Vec<Ply> = journey_fields(self.pos, m.from, color)
            .into_iter()
            .filter(|&sq| removable(self.cell(sq)))
            .map(|sq| {
                let kind = piece::kind_bits(self.cell(sq));
                Ply::new(sq, sq, kind, flag::DISPLACE | flag::CAPTURE)
            })
            .collect();
        if captures.is_empty() && !stops {
            return;
        }
        let mut ply = Ply::new(
            m.from,
            m.from,
            Kind::Shaman as u8,
            flag::TRANCE | flag::OBLATION | flag::CAPTURE,
        );
        ply.aux = m.from;
        sink.land_after(&captures, ply, 0);
    }
}
