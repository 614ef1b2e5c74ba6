//! The Starchild (One, part 2 section 4.7): an owned piece that can neither capture nor check
//! nor teleport. Its ply is one jump to any field of the colour opposite to its own field's, at
//! any distance (L3513, L3526): onto an empty field, onto an own Wave or own Starchild, which it
//! activates without spending momentum (it hands on what it received; as the first piece of a
//! move, 1: OQ-22), or onto a Star or Monolith, from which it bounces onto an empty neighbour of
//! that same teleporter, or is oblationed when there is none (L3561-3568).
//!
//! A Wave it activates moves the same way (`Pattern::Starchild`, L3543-3547): one jump to a
//! field of the other colour, activating an own Starchild or any Wave only, bouncing off Stars
//! and Monoliths instead of teleporting (L3656-3664). Waves of both colours and Starchilds so
//! form one activation network without momentum (section 8); turns go action by action.
//!
//! It is transparent to every moving piece and to attacks (section 2.2, OQ-32: `piece::is_clear`),
//! which may pass over it; an opponent's piece may capture it. Own Waves activate it with any
//! momentum (L5063).
//!
//! Miracle-fields (section 4.7.4): a Starchild steps onto a neighbouring Star of either colour
//! and activates it; the Star makes one King-step onto an empty field next to it. A Star with
//! no empty neighbour is not activated: the touch is a bounce, an oblation there (L3600-3607).
//! A Star or Monolith on any neighbour may be bounced off (L3561: "step- or miracle-field").
//! Stars so stand anywhere in One, keep their colour (`T` light, `t` dark in position
//! strings), block like other pieces and teleport as before (L3614, L3673); a Wave may pass
//! over one or teleport (as from Nineteen on, OQ-4).
//!
//! Readings decided here: a bounce is a ply with `flag::TELEPORT` whose `aux` is the Star or
//! Monolith touched, as a teleport is; an oblation after a bounce is the ply onto the teleporter
//! with `flag::OBLATION`, as a teleport's. It is written with the book's re-emergence `||`
//! (`Ic3||b3`, XAN `If5-c3||Ib3`, L4551), and read with a teleport's `|` as well.
//!
//! Sense-journeys (section 4.7.6): a Starchild or Shaman (the initiator) steps onto a
//! neighbouring Starchild of either colour (`flag::UPLIFT` with `flag::ACTIVATE`); that
//! Starchild, uplifting (`Pattern::Uplifting`), steps onto a neighbour holding a piece of its
//! own colour, which is uplifted (`Pattern::Sense`) and makes its journey: onto any empty field
//! of either hand of its colour's journey pattern (`journey_fields`), its ply marked
//! `flag::UPLIFT`; with none it is oblationed. An orthogonal neighbour Starchild of the
//! initiator's colour may so be activated or uplifted, the player's choice (OQ-20).
//!
//! Notation (`notation`): `"` links the uplifting Starchild's ply and the journey; a dark
//! piece's journey is written from the outermost on-board field of the hand it took, inward
//! (`Bc5\z11..n7`, L4497), a light piece's plainly (`Bn7`); the oblation is `'` (`Ic5'`, XAN
//! `'B`). Reading `~` and a plain `Bc5-n7` as well is a reading decided here (the texts of
//! earlier versions stay readable).
//!
//! Divergence (section 4.7.5): a Starchild of either colour is divergent for every piece that
//! may diverge (`divergence::is_divergent`); it never diverges itself, nor does its Wave.
//! Readings decided here: a Pawn may take an opponent's Starchild on its capture-field or
//! diverge from it (L3933-3942), and its rush may diverge from a Starchild it passes, as from
//! any divergent piece within a rush (L2667); a piece that diverged and steps back onto its own
//! field has made a move when it lost a tag on the way (HD-5): from the start, the Grenadiers
//! f2 and u2 so have one turn each (down onto their Starchild, diverging, back up).
//!
//! Conversion immunity (L3635, figure 419): an activated Pyramid reaching an opponent's
//! Starchild on its owner's half may take it or try to convert it; the try is a ply with
//! `flag::CONVERT` onto the Starchild, which stays, while the Pyramid is oblationed (written
//! `%%`, L4420).
//!
//! Resurrection syzygy (section 4.7.7) and the graveyard: module `resurrection`, which lists
//! its readings (who resurrects, where the risen piece stands, what `$` and `$$` mean).

use arrayvec::ArrayVec;

use super::moves::{flag, Ply};
use super::piece::{self, Kind, OFF};
use super::plies::{Mover, Pattern, PlyGen, Sink};
use super::Croatian;
use crate::core::Color;

impl PlyGen<'_> {
    /// The ply of a Starchild, or of a Wave a Starchild activated (`Pattern::Starchild`).
    pub(super) fn starchild<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let n = pos.size();
        let wave = m.pattern == Pattern::Starchild;
        let kind = piece::kind_bits(m.cell);
        let left = m.momentum.unwrap_or(1);
        let light = pos.is_light_field(m.from);
        for r in 0..n {
            for f in 0..n {
                let to = pos.sq(f, r);
                if pos.is_light_field(to) == light {
                    continue;
                }
                let c = self.cell(to);
                if self.is_empty(to) {
                    sink.land(Ply::new(m.from, to, kind, 0), left);
                    if !wave {
                        self.resurrections(m, to, sink);
                    }
                } else if piece::is_teleporter(c) {
                    self.bounce(m, to, sink);
                } else if c != OFF && activates(m.cell, c, wave) {
                    sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), left);
                }
            }
        }
        if !wave {
            self.miracles(m, sink);
        }
    }

    /// The Starchild's touches of its miracle-fields (its 8 neighbours, L3554): it activates a
    /// Star there, which receives its momentum, at least 1 (L3574, OQ-22), when the Star has an
    /// empty neighbour to step to (else the touch is a bounce, L3600-3607); it bounces off a
    /// Star or Monolith on a diagonal neighbour as off one on its step-fields (L3561).
    fn miracles<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let kind = piece::kind_bits(m.cell);
        let light = pos.is_light_field(m.from);
        for to in pos.neighbours(m.from) {
            let c = self.cell(to);
            if piece::is_starchild(c) {
                self.initiate(m, to, sink);
            }
            if !piece::is_teleporter(c) {
                continue;
            }
            if piece::kind_bits(c) == Kind::Star as u8
                && pos.neighbours(to).any(|s| self.is_empty(s))
            {
                let left = m.momentum.unwrap_or(1).max(1);
                sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), left);
            }
            if pos.is_light_field(to) == light {
                self.bounce(m, to, sink);
            }
        }
    }

    /// The initiator `m` (a Starchild or Shaman, L3768, L3774) steps onto the neighbouring
    /// Starchild on `to`, of either colour, which becomes the uplifting Starchild.
    pub(super) fn initiate<S: Sink>(&self, m: &Mover, to: u16, sink: &mut S) {
        let kind = piece::kind_bits(m.cell);
        let left = m.momentum.unwrap_or(1);
        sink.land(
            Ply::new(m.from, to, kind, flag::ACTIVATE | flag::UPLIFT),
            left,
        );
    }

    /// The uplifting Starchild `m`: a King-step onto a neighbour holding a piece of its own
    /// colour other than King, Pyramid, Wave, Starchild (Stars and Monoliths have no colour of
    /// their own), which it uplifts (L3764, L3776).
    pub(super) fn uplifting<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let kind = piece::kind_bits(m.cell);
        let col = piece::color(m.cell);
        for to in self.pos.neighbours(m.from) {
            let c = self.cell(to);
            let upliftable = piece::is_piece(c)
                && piece::color(c) == col
                && !piece::is_teleporter(c)
                && !matches!(
                    piece::kind(c),
                    Kind::King | Kind::Pyramid | Kind::Wave | Kind::Starchild
                );
            if upliftable {
                let flags = flag::ACTIVATE | flag::UPLIFT;
                sink.land(Ply::new(m.from, to, kind, flags), m.momentum.unwrap_or(0));
            }
        }
    }

    /// The uplifted piece `m`'s sense-journey (L3781-3790): onto any empty field of either hand
    /// of its colour's journey pattern, not its start, over everything; with none it is
    /// oblationed. The journey ends the move; it neither rushes nor promotes (a reading, as
    /// for a displaced Pawn, OQ-8).
    pub(super) fn sense_journey<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let kind = piece::kind_bits(m.cell);
        let mut any = false;
        for to in journey_fields(self.pos, m.from, piece::color(m.cell)) {
            if to != m.from && self.is_empty(to) {
                any = true;
                sink.land(Ply::new(m.from, to, kind, flag::UPLIFT), 0);
            }
        }
        if !any {
            sink.land(
                Ply::new(m.from, m.from, kind, flag::UPLIFT | flag::OBLATION),
                0,
            );
        }
    }

    /// A Star a Starchild activated: one King-step onto an empty neighbour of its field
    /// (L3580-3592), whatever momentum it received.
    pub(super) fn moving_star<S: Sink>(&self, m: &Mover, sink: &mut S) {
        for to in self.pos.neighbours(m.from) {
            if self.is_empty(to) {
                sink.land(Ply::new(m.from, to, Kind::Star as u8, 0), 0);
            }
        }
    }

    /// The Starchild (or its Wave) `m` touches the Star or Monolith on `body`: it emerges on an
    /// empty neighbour of that same body, or is oblationed (L3561-3568, L3656-3664).
    fn bounce<S: Sink>(&self, m: &Mover, body: u16, sink: &mut S) {
        let kind = piece::kind_bits(m.cell);
        let mut any = false;
        for portal in self.pos.neighbours(body) {
            if portal != m.from && self.is_empty(portal) {
                any = true;
                let mut ply = Ply::new(m.from, portal, kind, flag::TELEPORT);
                ply.aux = body;
                sink.land(ply, 0);
            }
        }
        if !any {
            let mut ply = Ply::new(m.from, body, kind, flag::TELEPORT | flag::OBLATION);
            ply.aux = body;
            sink.land(ply, 0);
        }
    }
}

/// Whether the Starchild `mover` (or its Wave, `wave`) activates the piece `target` on one of
/// its fields: an own Starchild or own Wave; a Starchild's Wave also an opponent's Wave
/// (L3540, L3545-3547).
fn activates(mover: piece::Cell, target: piece::Cell, wave: bool) -> bool {
    let own = piece::color(target) == piece::color(mover);
    match piece::kind(target) {
        Kind::Starchild => own,
        Kind::Wave => own || wave,
        _ => false,
    }
}

/// The on-board fields of both hands of the journey pattern from `from` for a piece of
/// `color` (section 4.5.5, shared by trance- and sense-journeys, L3766), each field once.
pub(super) fn journey_fields(pos: &Croatian, from: u16, color: Color) -> ArrayVec<u16, 64> {
    let mut out = ArrayVec::new();
    for hand in [Hand::First, Hand::Second] {
        for (_, sq) in journey_hand(pos, from, color, hand) {
            if !out.contains(&sq) && !out.is_full() {
                out.push(sq);
            }
        }
    }
    out
}

/// One hand of the journey pattern: light's right and left (its first step (2,1) or (-2,-1)),
/// dark's up and down ((1,2) or (-1,-2)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    First,
    Second,
}

/// The `k`-th step (k from 1) of `hand` of the journey pattern for a piece of `color`:
/// `k * (L[2k-2] + L[2k-1])` over a cyclic list `L` of unit vectors, light's turning from
/// (1,0); dark's pattern is light's mirrored in the a1 diagonal (turning from (0,1)); the second
/// hand is the first turned by 180 degrees.
pub(super) fn journey_step(color: Color, hand: Hand, k: i32) -> (i32, i32) {
    const TURNS: [(i32, i32); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let sign = if hand == Hand::First { 1 } else { -1 };
    let a = TURNS[((2 * k - 2) % 8) as usize];
    let b = TURNS[((2 * k - 1) % 8) as usize];
    let (dx, dy) = (sign * k * (a.0 + b.0), sign * k * (a.1 + b.1));
    if color == Color::White {
        (dx, dy)
    } else {
        (dy, dx)
    }
}

/// The on-board fields of one hand of the journey pattern from `from`, outward, each with its
/// step number `k` (the pattern's fields are the sums of its first `k` steps).
pub(super) fn journey_hand(
    pos: &Croatian,
    from: u16,
    color: Color,
    hand: Hand,
) -> ArrayVec<(u8, u16), 32> {
    let n = pos.size() as i32;
    let mut out = ArrayVec::new();
    let (mut x, mut y) = (pos.file_of(from) as i32, pos.rank_of(from) as i32);
    // The pattern's fields lie on four rays, 6-7 fields apart: 4n steps leave any board.
    for k in 1..=4 * n {
        let (dx, dy) = journey_step(color, hand, k);
        x += dx;
        y += dy;
        if (0..n).contains(&x) && (0..n).contains(&y) && !out.is_full() {
            out.push((k as u8, pos.sq(x as u8, y as u8)));
        }
    }
    out
}
