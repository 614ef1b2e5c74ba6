//! The Serpent, the piece Tamoanchan Revisited adds (part 2 section 4.4): a walk of diagonal
//! steps, each on the other diagonal than the one before, no field twice (its start included),
//! up to its limit; Pawns of either colour on the way may be displaced onto an empty orthogonal
//! neighbour, in the order met (TR-4); or one orthogonal colour-changing step onto an empty
//! field or a Star.
//!
//! Each outcome is handed on once: ending field, what happens there, the momentum an
//! activated piece receives, and where the displaced Pawns stand (`Outcomes::land`).
//!
//! The walks are many (7,440 self-avoiding paths from the centre of an empty board, far more
//! among Pawns), their outcomes few, so the generator searches in-air states, not paths: depth
//! first, each state followed once (`Outcomes::first_visit`). What the rest of a walk can do
//! depends on
//! - the Serpent's field and the diagonal of its last step (the next is on the other one);
//! - the steps taken: they are the momentum handed on by an activation, and bound the steps left;
//! - where the displaced (or sacrificed) Pawns stand, as the outcome key reads it
//!   (`Walk::displaced`), and how many displacement plies put them there: it decides what
//!   the fields hold and is part of every outcome;
//! - of the fields already stood on (the start included), those the rest of the walk could still
//!   step onto: a field `p` steps along the next diagonal and `q` along the other away is
//!   reached, on an open board, in no fewer than `steps_to(p, q)` steps; one farther than the
//!   steps left can never be stood on again and is left out of the state.
//!
//! Nothing else of the path matters: a field stood on holds what it held (a Wave passed over) or
//! what a displacement left there, both in the state. Two walks reaching one state have the same
//! continuations, so the second is not followed; the depth-first order is the paths' order with
//! repeated subtrees cut, so every outcome is found first by the same path as a walk over paths
//! would find it, with the same displacement plies and momentum (`tests_serpent` checks this
//! against the path walk on random boards).
//!
//! The state cannot be made smaller without losing outcomes. Cutting a closed loop out of a walk
//! (an alternating loop has an even number of steps on each diagonal, so the rest still
//! alternates) keeps the end field but shortens the walk, and the number of steps is the
//! momentum an activated Wave or Pyramid receives; a loop that displaced a Pawn changes the
//! outcome; and a stood-on field the rest of the walk can reach forbids continuations that a walk
//! without it allows, with the same number of steps. So two walks with the same field and
//! displacements but different step counts, or different reachable stood-on fields, are both
//! followed. For check, where only reaching the King's field counts and nothing is displaced,
//! loops can be cut and a search over (field, diagonal) states is exact
//! (`attacks::serpent_attackers`).
//!
//! A `Guide` (the notation's reader and writer) walks path by path: the reader of a written
//! route reads the fields it names, and the writer's search for the walk of one move
//! (`notation::WalkOf`) is cut short by the displacements it must match. States would serve the
//! writer too (its verdicts depend only on the displacements, the steps and the ending), but
//! among many Pawns hashing every state cost more than the repeated paths it saved (listing
//! and writing a Conquest of Tlalocan position's 568,839 moves, a Serpent among many Pawns:
//! 16.1 CPU-s against 11.7).
//!
//! Measured: from the centre of an empty board 2,081 states against 4,709 path prefixes; among
//! Pawns the paths to one state are few (random boards at up to 15% Pawns: 382,345 states
//! against 729,060 prefixes; at 20-40%, 0.7-0.85 states per prefix), since nearly every
//! displacement makes a new outcome.

use arrayvec::ArrayVec;

use super::attacks::at;
use super::cascade::KeySet;
use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind, EMPTY, OFF};
use super::plies::{Mover, Pattern, PlyGen, Sink};

/// Most Pawns one walk can displace: one per step.
const MAX_STEPS: usize = 16;

/// A walk so far: the fields it has stood on (the start first), where its diagonal steps have
/// taken it from the start (steps along the rising and the falling diagonal, one entry per
/// field of the diagonal walk), the fields displacements changed (latest last, each with the
/// `displaced` key before it) and the displacements as plies.
#[derive(Default)]
struct Walk {
    visited: ArrayVec<u16, { MAX_STEPS + 1 }>,
    along: ArrayVec<(i8, i8), { MAX_STEPS + 1 }>,
    changed: ArrayVec<(u16, Cell, u64), { 2 * MAX_STEPS }>,
    /// Where the displaced Pawns stand now: the key of each changed field's latest cell.
    displaced: u64,
    effects: ArrayVec<Ply, MAX_STEPS>,
}

impl Walk {
    /// The field `sq` now holds `c`.
    fn change(&mut self, sq: u16, c: Cell) {
        let before = self.displaced;
        if let Some(&(_, old, _)) = self.changed.iter().rev().find(|&&(s, ..)| s == sq) {
            self.displaced ^= mix((sq as u64) << 8 | old as u64);
        }
        self.displaced ^= mix((sq as u64) << 8 | c as u64);
        self.changed.push((sq, c, before));
    }

    /// Takes back the latest `n` changes.
    fn unchange(&mut self, n: usize) {
        for _ in 0..n {
            if let Some((_, _, before)) = self.changed.pop() {
                self.displaced = before;
            }
        }
    }

    /// The in-air state after a step onto the last field stood on, along the diagonal
    /// `rising`, with at most `room` steps still allowed (module docs).
    fn state_key(&self, rising: bool, room: u8) -> u64 {
        let n = self.visited.len();
        let cur = self.visited[n - 1];
        let (ca, cb) = self.along[n - 1];
        let header = cur as u64 | (rising as u64) << 16 | (n as u64) << 17;
        let mut key = mix(STATE | header | (self.effects.len() as u64) << 24) ^ self.displaced;
        for (&sq, &(a, b)) in self.visited[..n - 1].iter().zip(&self.along) {
            let (da, db) = (i32::from(a - ca), i32::from(b - cb));
            let (p, q) = if rising { (db, da) } else { (da, db) };
            if steps_to(p, q) <= i32::from(room) {
                key ^= mix(STOOD_ON | sq as u64);
            }
        }
        key
    }
}

/// Domains of the values mixed into a state key, apart from the displacements' (field and
/// cell, below bit 24).
const STATE: u64 = 1 << 40;
const STOOD_ON: u64 = 1 << 41;

/// The fewest steps of an alternating walk on an open board from a field to the one `p` steps
/// along the diagonal of its first step and `q` along the other (signed): after `j` steps it
/// has taken `ceil(j / 2)` of the first kind and `floor(j / 2)` of the other, and an offset is
/// reached only with a count at least as large and of the same parity. Never 0: coming back to
/// the field itself takes a loop of 4.
fn steps_to(p: i32, q: i32) -> i32 {
    let (p, q) = (p.abs(), q.abs());
    if (p + q) % 2 == 0 {
        let mut m = p.max(q);
        if m % 2 != p % 2 {
            m += 1;
        }
        if m == 0 {
            m = 2;
        }
        2 * m
    } else {
        let mut m = (p - 1).max(q);
        if m % 2 != q % 2 {
            m += 1;
        }
        2 * m + 1
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
    /// Whether the guide reads the paths walked: if not (its answers depend only on the
    /// displacements, the steps taken and the ending), two walks reaching the same in-air state
    /// are followed once (module docs), the first found kept.
    const PATHS: bool = true;

    /// May a walk over `path` (its start first) that has moved the Pawns `moved` (displacement
    /// plies, in order) go on, or end on its last field?
    fn may_go_on(&mut self, path: &[u16], moved: &[Ply]) -> bool;
    /// May it end on the last field of `path` with `ply`, handing on `left`?
    fn may_end(&mut self, path: &[u16], moved: &[Ply], ply: &Ply, left: u8) -> bool;
}

/// The generator's own walks: every outcome, each in-air state followed once.
pub(super) struct Every;

impl Guide for Every {
    const PATHS: bool = false;

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
    /// The in-air states followed so far (`state_key`), when the guide reads no paths.
    states: KeySet,
    guide: &'s mut G,
}

impl<S: Sink, G: Guide> Outcomes<'_, S, G> {
    /// Whether the walk, just arrived on its last field along the diagonal `rising` with `room`
    /// steps still allowed, is to be followed from there: always when the guide reads paths,
    /// else only in a state no walk has reached before.
    fn first_visit(&mut self, walk: &Walk, rising: bool, room: u8) -> bool {
        G::PATHS || self.states.insert(walk.state_key(rising, room))
    }

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
            ^ walk.displaced;
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

/// The steps of `serpent_steps` counted along the rising and the falling diagonal.
const ALONG: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

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
        match walk.changed.iter().rev().find(|&&(s, ..)| s == sq) {
            Some(&(_, c, _)) => c,
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
            states: KeySet::default(),
            guide,
        };
        let mut walk = Walk::default();
        walk.visited.push(m.from);
        walk.along.push((0, 0));
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
        let (a, b) = walk.along[walk.along.len() - 1];
        for ((d, rising), (da, db)) in serpent_steps(s).into_iter().zip(ALONG) {
            if last == Some(rising) {
                continue;
            }
            let to = at(cur, d);
            let c = self.now(walk, to);
            if c == OFF || walk.visited.contains(&to) {
                continue;
            }
            walk.visited.push(to);
            walk.along.push((a + da, b + db));
            if out.first_visit(walk, rising, limit - k) {
                self.serpent_step(m, walk, (to, c, rising), limit, out);
            }
            walk.along.pop();
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
                    walk.change(to, EMPTY);
                    let mut capture =
                        Ply::new(to, to, Kind::Pawn as u8, flag::DISPLACE | flag::CAPTURE);
                    capture.aux = m.from;
                    walk.effects.push(capture);
                    if out.go_on(walk) {
                        out.land(walk, ply(0), left);
                        go_on(walk, out);
                    }
                    walk.effects.pop();
                    walk.unchange(1);
                } else if !own {
                    out.land(walk, ply(flag::CAPTURE), left);
                }
                for side in self.o.orth {
                    let dest = at(to, side);
                    if self.now(walk, dest) != EMPTY {
                        continue;
                    }
                    walk.change(to, EMPTY);
                    walk.change(dest, piece::untagged(c));
                    let mut displace = Ply::new(to, dest, Kind::Pawn as u8, flag::DISPLACE);
                    displace.aux = m.from;
                    walk.effects.push(displace);
                    if out.go_on(walk) {
                        out.land(walk, ply(0), left);
                        go_on(walk, out);
                    }
                    walk.effects.pop();
                    walk.unchange(2);
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
