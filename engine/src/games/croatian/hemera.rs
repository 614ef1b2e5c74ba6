//! The pieces Hemera's Dawn adds to the ply generator (part 2 section 4.1-4.3): the Centaur,
//! the Scout and the Grenadier. A Scout ply that forks around obstacles is one ply with many
//! paths; every ending is handed on once per resulting state (a Scout's momentum is the
//! distance along its direction whatever the path, so the field decides it).

use arrayvec::ArrayVec;

use super::attacks::at;
use super::board::FieldSet;
use super::moves::{flag, Ply, Route};
use super::piece::steps::{KNIGHT, LONG};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::plies::{other_quadrants, Mover, PlyGen, Sink};
use crate::core::Color;

/// A set of jump vectors.
type Jumps = &'static [(i8, i8)];

/// Passes each ending of one ply on once: plain and teleport endings by field, activations by
/// field, flags and momentum (two paths with the same outcome are one ply). Centaur plies get
/// the jumps of the path that found them, for the notation.
struct Once<'s, S: Sink> {
    inner: &'s mut S,
    plain: FieldSet,
    teleports: FieldSet,
    activations: ArrayVec<(u16, u16, u8), 64>,
    route: Route,
}

impl<'s, S: Sink> Once<'s, S> {
    fn new(inner: &'s mut S) -> Self {
        Once {
            inner,
            plain: FieldSet::default(),
            teleports: FieldSet::default(),
            activations: ArrayVec::new(),
            route: Route::default(),
        }
    }
}

impl<S: Sink> Sink for Once<'_, S> {
    fn land(&mut self, mut ply: Ply, left: u8) {
        let fresh = if ply.has(flag::ACTIVATE) {
            let key = (ply.to, ply.flags, left);
            if self.activations.contains(&key) || self.activations.is_full() {
                false
            } else {
                self.activations.push(key);
                true
            }
        } else if ply.has(flag::TELEPORT) {
            // Each portal (or the oblation, on the Star) once, whichever Star was entered.
            self.teleports.insert(ply.to)
        } else {
            self.plain.insert(ply.to)
        };
        if fresh {
            if ply.piece == Kind::Centaur as u8 {
                ply.route = self.route;
            }
            self.inner.land(ply, left);
        }
    }

    fn land_after(&mut self, effects: &[Ply], ply: Ply, left: u8) {
        self.inner.land_after(effects, ply, left);
    }

    fn full(&self) -> bool {
        self.inner.full()
    }
}

/// Opponent-owned pieces on the eight fields around `sq` (Stars belong to nobody): the
/// Grenadier's close-quarters count, copgf (OQ-4).
pub(crate) fn close_quarters(board: &[Cell], stride: isize, sq: u16, grenadier: Color) -> u8 {
    let mut count = 0;
    for d in [
        1,
        -1,
        stride,
        -stride,
        stride + 1,
        stride - 1,
        -stride + 1,
        -stride - 1,
    ] {
        let c = board[at(sq, d) as usize];
        if piece::is_piece(c) && piece::color(c) != grenadier && piece::kind(c) != Kind::Star {
            count += 1;
        }
    }
    count
}

impl PlyGen<'_> {
    /// A trooper's capture-step onto `to` as its `k`-th step: capture an opponent's piece (not
    /// the King), take a rushed private en passant, activate an own Wave or Pyramid (with
    /// momentum left), or teleport; never a plain stop (L1741, L1888, HD-2).
    fn capture_step<S: Sink>(&self, m: &Mover, to: u16, k: u8, sink: &mut S) {
        let c = self.cell(to);
        if c == OFF {
            return;
        }
        let kind = piece::kind_bits(m.cell);
        let left = Self::left(m, k);
        let ep = self.en_passant_targets(m, to);
        let with_ep = |sink: &mut S, extra: u16| {
            for &private in &ep {
                let mut ply = Ply::new(m.from, to, kind, flag::EN_PASSANT | extra);
                ply.aux = private;
                sink.land(ply, left);
            }
        };
        if c == EMPTY {
            with_ep(sink, 0);
            return;
        }
        if piece::kind(c) == Kind::Star {
            self.teleport(m, to, sink);
            return;
        }
        if piece::color(c) != piece::color(m.cell) {
            if piece::kind(c) != Kind::King {
                sink.land(Ply::new(m.from, to, kind, flag::CAPTURE), left);
            }
            return;
        }
        if piece::is_wave(c) || piece::kind(c) == Kind::Pyramid && left >= 1 {
            // Activation with or without the e.p. capture (T2-3).
            sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), left);
            with_ep(sink, flag::ACTIVATE);
        }
    }

    /// A trooper's `k`-th step lands on the step-field `to`: stop on it if empty, activate an
    /// own Wave, teleport on a Star. Returns whether the piece stands on `to` and may go on
    /// (empty, or any Wave passed over, L1779, L1950).
    fn trooper_step<S: Sink>(&self, m: &Mover, to: u16, k: u8, sink: &mut S) -> bool {
        let c = self.cell(to);
        let kind = piece::kind_bits(m.cell);
        let left = Self::left(m, k);
        if self.is_empty(to) {
            sink.land(Ply::new(m.from, to, kind, 0), left);
            return true;
        }
        if piece::is_wave(c) {
            if piece::color(c) == piece::color(m.cell) {
                sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), left);
            }
            return true;
        }
        if piece::kind_bits(c) == Kind::Star as u8 {
            self.teleport(m, to, sink);
        }
        false
    }

    /// A private's rush: straight forward two fields or more up to the last rank of its half,
    /// over Waves, "regardless of its normal movement limits" (L2062-2066, Table 17; OQ-3: no
    /// forks). Only the rushes longer than `beyond` are handed on (shorter ones are ordinary
    /// moves of the piece, the same states).
    pub(super) fn rush<S: Sink>(&self, m: &Mover, beyond: u8, sink: &mut S) {
        if piece::tag(m.cell) != Tag::Rush {
            return;
        }
        let pos = self.pos;
        let col = piece::color(m.cell);
        let fwd = pos.forward(col);
        let rank = match col {
            Color::White => pos.rank_of(m.from),
            Color::Black => pos.v.size - 1 - pos.rank_of(m.from),
        };
        let kind = piece::kind_bits(m.cell);
        let budget = Self::budget(m);
        let mut to = m.from;
        for k in 1..=budget {
            to = at(to, fwd);
            let c = self.cell(to);
            if c == OFF || rank + k > pos.v.rush_limit() || !piece::is_clear(c) {
                break;
            }
            if k >= 2 && k > beyond {
                if c == EMPTY {
                    sink.land(Ply::new(m.from, to, kind, 0), Self::left(m, k));
                } else if piece::color(c) == col {
                    sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), Self::left(m, k));
                }
            }
        }
    }

    /// The Scout (section 4.2): captures on its backward diagonals as its only step; steps
    /// forward, left or right up to its limit, forking around an occupied field (OQ-1, OQ-2),
    /// passing Waves; the rush.
    pub(super) fn scout<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let col = piece::color(m.cell);
        let fwd = pos.forward(col);
        let mut once = Once::new(sink);
        for d in [-fwd - 1, -fwd + 1] {
            self.capture_step(m, at(m.from, d), 1, &mut once);
        }
        let limit = budget.min(pos.v.limits.scout);
        for (d, side) in [(fwd, 1), (-1, fwd), (1, fwd)] {
            self.scout_walk(m, m.from, (d, side), 1, limit, &mut once);
        }
        self.rush(m, limit, &mut once);
    }

    /// The Scout goes on from `cur` in direction `d`, its `k`-th step straight or, when the
    /// straight field is occupied, forking by `±side`.
    fn scout_walk<S: Sink>(
        &self,
        m: &Mover,
        cur: u16,
        (d, side): (isize, isize),
        k: u8,
        limit: u8,
        sink: &mut S,
    ) {
        if k > limit || sink.full() {
            return;
        }
        let straight = at(cur, d);
        let c = self.cell(straight);
        if c == OFF {
            return;
        }
        if self.trooper_step(m, straight, k, sink) {
            self.scout_walk(m, straight, (d, side), k + 1, limit, sink);
        }
        if self.is_empty(straight) {
            return;
        }
        for fork in [at(straight, side), at(straight, -side)] {
            if self.cell(fork) != OFF && self.trooper_step(m, fork, k, sink) {
                self.scout_walk(m, fork, (d, side), k + 1, limit, sink);
            }
        }
    }

    /// The Grenadier (section 4.3): out of close quarters, orthogonal steps up to its limits
    /// and captures on its four diagonal neighbours; in close quarters (an opponent's piece
    /// beside it when its ply starts, HD-4), one vertical step or 1 + copgf horizontal ones, a
    /// forked capture-step after each (HD-1, HD-2), and the four immediate captures; the rush.
    pub(super) fn grenadier<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let s = pos.stride();
        let mut once = Once::new(sink);
        for d in [s + 1, s - 1, -s + 1, -s - 1] {
            self.capture_step(m, at(m.from, d), 1, &mut once);
        }
        let copgf = close_quarters(&pos.board, s, m.from, piece::color(m.cell));
        let limits = pos.v.limits;
        let (h, v) = if copgf > 0 {
            (1 + copgf, 1)
        } else {
            (limits.grenadier_h, limits.grenadier_v)
        };
        for (d, side, most) in [(1, s, h), (-1, s, h), (s, 1, v), (-s, 1, v)] {
            let mut cur = m.from;
            for k in 1..=most.min(budget) {
                cur = at(cur, d);
                if self.cell(cur) == OFF || !self.trooper_step(m, cur, k, &mut once) {
                    break;
                }
                if copgf > 0 && k < budget {
                    for fork in [at(cur, d + side), at(cur, d - side)] {
                        self.capture_step(m, fork, k + 1, &mut once);
                    }
                }
            }
        }
        self.rush(m, v, &mut once);
    }

    /// The Centaur (section 4.1): a first jump by the colour of its field (a Knight's from its
    /// own colour, a long one from the other), a second from the other quadrant pair, then the
    /// two alternating; every field it lands on on the board (L1639-1693). It passes Waves.
    pub(super) fn centaur<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let own_colour = pos.is_light_field(m.from) == (piece::color(m.cell) == Color::White);
        let (firsts, seconds): (Jumps, Jumps) = if own_colour {
            (&KNIGHT, &LONG)
        } else {
            (&LONG, &KNIGHT)
        };
        let offset = |(dx, dy): (i8, i8)| pos.offset(dx as isize, dy as isize);
        let route = |a: (i8, i8), b: (i8, i8)| {
            let (own, other) = if own_colour { (a, b) } else { (b, a) };
            Route {
                own,
                other,
                stars: 0,
            }
        };
        let mut once = Once::new(sink);
        for &s1 in firsts {
            let p1 = at(m.from, offset(s1));
            once.route = route(s1, (0, 0));
            if !self.arrive(m, p1, 1, &mut once) {
                continue;
            }
            for &s2 in seconds {
                if !other_quadrants(s1, s2) {
                    continue;
                }
                once.route = route(s1, s2);
                let (o1, o2) = (offset(s1), offset(s2));
                let mut cur = p1;
                for k in 2..=budget {
                    cur = at(cur, if k % 2 == 0 { o2 } else { o1 });
                    if (cur as usize) >= self.pos.board.len()
                        || !self.arrive(m, cur, k, &mut once)
                        || once.full()
                    {
                        break;
                    }
                }
            }
        }
    }
}
