//! The Serpent, the piece Tamoanchan Revisited adds (part 2 section 4.4): a walk of diagonal
//! steps, each on the other diagonal than the one before, no field twice (its start included),
//! up to its limit; Pawns of either colour on the way may be displaced onto an empty orthogonal
//! neighbour, in the order met (TR-4); or one orthogonal colour-changing step onto an empty
//! field or a Star.
//!
//! A walk is searched depth first with its visited fields; the paths are many (about 7,400 from
//! the centre of an empty board), their outcomes few, so each outcome is handed on once: ending
//! field, what happens there, the momentum an activated piece receives, and where the displaced
//! Pawns stand.

use arrayvec::ArrayVec;

use super::attacks::at;
use super::cascade::KeySet;
use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind, EMPTY, OFF};
use super::plies::{Mover, Pattern, PlyGen, Sink};

/// Most Pawns one walk can displace: one per step.
const MAX_STEPS: usize = 16;

/// A walk so far: the fields it has stood on (the start first), the fields displacements
/// changed (latest last) and the displacements as plies.
#[derive(Default)]
struct Walk {
    visited: ArrayVec<u16, { MAX_STEPS + 1 }>,
    changed: ArrayVec<(u16, Cell), { 2 * MAX_STEPS }>,
    effects: ArrayVec<Ply, MAX_STEPS>,
}

impl Walk {
    /// A key for where the displaced Pawns stand now.
    fn displaced_key(&self) -> u64 {
        let mut key = 0u64;
        for (i, &(sq, c)) in self.changed.iter().enumerate() {
            if self.changed[i + 1..].iter().all(|&(s, _)| s != sq) {
                key ^= mix((sq as u64) << 8 | c as u64);
            }
        }
        key
    }
}

/// SplitMix64's finaliser.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a written ply allows of a walk (the notation's reader and writer): asked on every step
/// and every ending, before outcomes are told apart.
pub(super) trait Guide {
    /// May a walk over `path` (its start first) that has moved the Pawns `moved` (displacement
    /// plies, in order) go on, or end on its last field?
    fn may_go_on(&mut self, path: &[u16], moved: &[Ply]) -> bool;
    /// May it end on the last field of `path` with `ply`, handing on `left`?
    fn may_end(&mut self, path: &[u16], moved: &[Ply], ply: &Ply, left: u8) -> bool;
}

/// The generator's own walks: every one.
pub(super) struct Every;

impl Guide for Every {
    #[inline(always)]
    fn may_go_on(&mut self, _: &[u16], _: &[Ply]) -> bool {
        true
    }

    #[inline(always)]
    fn may_end(&mut self, _: &[u16], _: &[Ply], _: &Ply, _: u8) -> bool {
        true
    }
}

/// Hands each outcome of a walk on once, with the walk's displacements.
struct Outcomes<'s, S: Sink, G: Guide> {
    inner: &'s mut S,
    seen: KeySet,
    guide: &'s mut G,
}

impl<S: Sink, G: Guide> Outcomes<'_, S, G> {
    fn go_on(&mut self, walk: &Walk) -> bool {
        self.guide.may_go_on(&walk.visited, &walk.effects)
    }

    fn land(&mut self, walk: &Walk, ply: Ply, left: u8) {
        if !self.inner.wants(&ply) || !self.guide.may_end(&walk.visited, &walk.effects, &ply, left)
        {
            return;
        }
        let momentum = if ply.has(flag::ACTIVATE) { left } else { 0 };
        let key = mix(ply.to as u64 | (ply.flags as u64) << 16 | (momentum as u64) << 32)
            ^ walk.displaced_key();
        if !self.seen.insert(key) {
            return;
        }
        if walk.effects.is_empty() {
            self.inner.land(ply, left);
        } else {
            self.inner.land_after(&walk.effects, ply, left);
        }
    }
}

/// The Serpent's four diagonal steps for a board of stride `s`, each with its diagonal (true:
/// up-right and down-left); a walk's next step is on the other diagonal.
pub(super) fn serpent_steps(s: isize) -> [(isize, bool); 4] {
    [
        (s + 1, true),
        (-s - 1, true),
        (s - 1, false),
        (-s + 1, false),
    ]
}

impl PlyGen<'_> {
    /// The cell on `sq` as the walk has left the board (the start field empty when the
    /// Serpent was the first piece, its activator there otherwise).
    fn now(&self, walk: &Walk, sq: u16) -> Cell {
        match walk.changed.iter().rev().find(|&&(s, _)| s == sq) {
            Some(&(_, c)) => c,
            None if sq == self.vacated => EMPTY,
            None => self.cell(sq),
        }
    }

    /// Every ply of the Serpent `m`.
    pub(super) fn serpent<S: Sink>(&self, m: &Mover, sink: &mut S) {
        self.guided_serpent(m, &mut Every, sink);
    }

    /// The plies of the Serpent `m` whose walks `guide` allows.
    pub(super) fn guided_serpent<S: Sink, G: Guide>(&self, m: &Mover, guide: &mut G, sink: &mut S) {
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let limit = budget.min(self.pos.v.limits.serpent);
        let mut out = Outcomes {
            inner: sink,
            seen: KeySet::default(),
            guide,
        };
        let mut walk = Walk::default();
        walk.visited.push(m.from);
        self.serpent_walk(m, &mut walk, m.from, None, limit, &mut out);
        if m.pattern == Pattern::Sacrifice {
            return;
        }
        // The ritual: one step onto a neighbouring own Pyramid, orthogonal ones included, which
        // must then sacrifice an own Pawn (OQ-7; an activated Serpent passes on m - 1).
        let left = Self::left(m, 1);
        for d in self.o.orth.iter().chain(&self.o.diag) {
            let to = at(m.from, *d);
            if piece::is(self.cell(to), Kind::Pyramid, piece::color(m.cell)) && left >= 1 {
                let ply = Ply::new(
                    m.from,
                    to,
                    Kind::Serpent as u8,
                    flag::ACTIVATE | flag::RITUAL,
                );
                walk.visited.push(to);
                out.land(&walk, ply, left);
                walk.visited.pop();
            }
        }
        // The colour-changing step: one orthogonal step onto an empty field or a Star, never an
        // activation (L2233-2241, L2371; OQ-9: one field of momentum when activated).
        for d in self.o.orth {
            let to = at(m.from, d);
            let c = self.now(&walk, to);
            walk.visited.push(to);
            if c == EMPTY {
                out.land(
                    &walk,
                    Ply::new(m.from, to, Kind::Serpent as u8, 0),
                    Self::left(m, 1),
                );
            } else if piece::is_teleporter(c) {
                self.serpent_teleport(m, &walk, to, &mut out);
            }
            walk.visited.pop();
        }
    }

    /// The walk goes on from `cur`, its last step on the diagonal `last` (true: up-right or
    /// down-left), `walk.visited.len() - 1` steps taken.
    fn serpent_walk<S: Sink, G: Guide>(
        &self,
        m: &Mover,
        walk: &mut Walk,
        cur: u16,
        last: Option<bool>,
        limit: u8,
        out: &mut Outcomes<S, G>,
    ) {
        let k = walk.visited.len() as u8;
        // Most of a long walk's steps reach outcomes already found: the caller is asked at
        // every step, not only at the endings handed on.
        if k > limit || out.inner.step() {
            return;
        }
        let s = self.pos.stride();
        for (d, rising) in serpent_steps(s) {
            if last == Some(rising) {
                continue;
            }
            let to = at(cur, d);
            let c = self.now(walk, to);
            if c == OFF || walk.visited.contains(&to) {
                continue;
            }
            walk.visited.push(to);
            self.serpent_step(m, walk, (to, c, rising), limit, out);
            walk.visited.pop();
        }
    }

    /// The walk's step onto `to` (holding `c`, on the diagonal `rising`), the last field of
    /// `walk.visited`: where it may end there and how it goes on.
    fn serpent_step<S: Sink, G: Guide>(
        &self,
        m: &Mover,
        walk: &mut Walk,
        (to, c, rising): (u16, Cell, bool),
        limit: u8,
        out: &mut Outcomes<S, G>,
    ) {
        let k = walk.visited.len() as u8 - 1;
        let left = Self::left(m, k);
        let kind = Kind::Serpent as u8;
        let col = piece::color(m.cell);
        let ply = |flags: u32| Ply::new(m.from, to, kind, flags);
        let go_on = |walk: &mut Walk, out: &mut Outcomes<S, G>| {
            self.serpent_walk(m, walk, to, Some(rising), limit, out);
        };
        if c == EMPTY {
            if out.go_on(walk) {
                out.land(walk, ply(0), left);
                go_on(walk, out);
            }
            return;
        }
        let target = piece::kind(c);
        let own = piece::color(c) == col;
        let sacrifice = m.pattern == Pattern::Sacrifice;
        match target {
            Kind::Star | Kind::Monolith => self.serpent_teleport(m, walk, to, out),
            Kind::Wave if out.go_on(walk) => {
                // Activate an own Wave, capture an opponent's (not in the Pawn-sacrifice ply,
                // TR-7), or pass over it.
                if own {
                    out.land(walk, ply(flag::ACTIVATE), left);
                } else if !sacrifice {
                    out.land(walk, ply(flag::CAPTURE), left);
                }
                go_on(walk, out);
            }
            Kind::Starchild if out.go_on(walk) => {
                // Capture an opponent's, or pass over it (section 2.2).
                if !own && !sacrifice {
                    out.land(walk, ply(flag::CAPTURE), left);
                }
                go_on(walk, out);
            }
            Kind::Pawn => {
                if sacrifice {
                    // In the Pawn-sacrifice ply any Pawn is taken on the way (L2346, OQ-7d).
                    walk.changed.push((to, EMPTY));
                    let mut capture =
                        Ply::new(to, to, Kind::Pawn as u8, flag::DISPLACE | flag::CAPTURE);
                    capture.aux = m.from;
                    walk.effects.push(capture);
                    if out.go_on(walk) {
                        out.land(walk, ply(0), left);
                        go_on(walk, out);
                    }
                    walk.effects.pop();
                    walk.changed.pop();
                } else if !own {
                    out.land(walk, ply(flag::CAPTURE), left);
                }
                for side in self.o.orth {
                    let dest = at(to, side);
                    if self.now(walk, dest) != EMPTY {
                        continue;
                    }
                    walk.changed.push((to, EMPTY));
                    walk.changed.push((dest, piece::untagged(c)));
                    let mut displace = Ply::new(to, dest, Kind::Pawn as u8, flag::DISPLACE);
                    displace.aux = m.from;
                    walk.effects.push(displace);
                    if out.go_on(walk) {
                        out.land(walk, ply(0), left);
                        go_on(walk, out);
                    }
                    walk.effects.pop();
                    walk.changed.truncate(walk.changed.len() - 2);
                }
            }
            Kind::Pyramid if own && left >= 1 => out.land(walk, ply(flag::ACTIVATE), left),
            Kind::King => {}
            _ if !own && !sacrifice && target != Kind::Wave => {
                out.land(walk, ply(flag::CAPTURE), left)
            }
            _ => {}
        }
    }

    /// A Pyramid the ritual activated: a Rook's ride within its momentum onto an own Pawn,
    /// which it oblations (section 4.4.6 step 2), over empty fields and Waves.
    pub(super) fn ritual_pyramid<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let budget = Self::budget(m);
        let col = piece::color(m.cell);
        for d in self.o.orth {
            let mut to = m.from;
            for k in 1..=budget {
                to = at(to, d);
                let c = self.cell(to);
                if piece::is(c, Kind::Pawn, col) {
                    let ply = Ply::new(m.from, to, Kind::Pyramid as u8, flag::SACRIFICE);
                    sink.land(ply, Self::left(m, k));
                }
                if !piece::is_clear(c) {
                    break;
                }
            }
        }
    }

    /// The Serpent enters the Star on `star` (L2293-2303): it emerges on an empty portal field
    /// of a Star of the other colour, or is oblationed when there is none; the move ends.
    fn serpent_teleport<S: Sink, G: Guide>(
        &self,
        m: &Mover,
        walk: &Walk,
        star: u16,
        out: &mut Outcomes<S, G>,
    ) {
        let pos = self.pos;
        let kind = Kind::Serpent as u8;
        let mut any = false;
        for portal in super::monolith::exits(pos, star) {
            if self.now(walk, portal) == EMPTY {
                any = true;
                let mut ply = Ply::new(m.from, portal, kind, flag::TELEPORT);
                ply.aux = star;
                out.land(walk, ply, 0);
            }
        }
        if !any {
            let ply = Ply::new(m.from, star, kind, flag::TELEPORT | flag::OBLATION);
            out.land(walk, ply, 0);
        }
    }
}
