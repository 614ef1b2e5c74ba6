//! The Monolith (Discovery on, part 2 section 4.6): a piece nobody owns that either player moves
//! as a whole move. Its `k`-th step is any vector with both coordinates non-zero and
//! `|dx| + |dy| = 2k + 1` (8k choices), each landing on an empty field of the board; it stops
//! after 1 up to `1 + the mover's Pawns` steps (L3229, L3278) on a field other than its start.
//! The reach is a breadth-first search over (field, step number), one bit per field, never a
//! walk over paths, whose number is astronomical (section 9.2).
//!
//! It is a teleporter (section 2.5): a non-Wave piece entering a Monolith emerges on an empty
//! portal field of any Star or of the other Monolith, one entering a Star on one of the Stars
//! of the other colour or of either Monolith (`exits`); a Wave entering a Monolith goes on from
//! the other one (`plies`). It is opaque to everything but a Starchild, Waves included.
//!
//! Syzygy (section 4.6.3): three or more celestial bodies (Stars, Monoliths; Starchilds in One)
//! on one lattice line. A Monolith moving from no syzygy into one lets the mover demote one own
//! figure or trooper on a field of that line (any of the lines entered, OQ-17) to a Pawn, which
//! has no rush tag and is promoted or tagged at once on the opponent's figure row (L3449). A
//! demotion is the Monolith's ply with `flag::DEMOTE`, `aux` the demoted piece's field and
//! `promo` what stands there after: 0 a plain Pawn, `Pawn` a Pawn tagged for promotion, any
//! other kind the piece it was promoted to.
//!
//! Readings decided here: a Monolith is written `M` in position strings (never lowercase: it
//! has no colour); a demotion resets the halfmove clock (the material changes for good); a
//! Wave that reaches a Monolith when there is no other one on the board stops before it (it
//! cannot pass and has nowhere to teleport to); a piece promoted at once after its demotion
//! never becomes the kind it was (that leaves the state of the plain Monolith move).

use arrayvec::ArrayVec;

use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind, Tag, EMPTY};
use super::plies::{PlyGen, Sink};
use super::variant::{Promotion, Variant};
use super::Croatian;
use crate::core::Color;

/// Ranks of one bit per file: a field set for the reach search.
type Rows = [u64; 26];

/// The Monoliths' fields at the start (file, rank, 0-based): Table 15 (L4940-4941).
pub(super) fn start_fields(v: &Variant) -> &'static [(u8, u8)] {
    match (v.has(Kind::Monolith), v.size) {
        (true, 24) => &[(1, 6), (22, 17)],
        (true, 26) => &[(1, 7), (24, 18)],
        _ => &[],
    }
}

/// The Monolith as stored on the board.
pub(super) fn cell() -> Cell {
    piece::make(Kind::Monolith, Color::White, Tag::None)
}

/// The Monoliths on the board.
pub(super) fn monoliths(pos: &Croatian) -> ArrayVec<u16, 4> {
    let mut out = ArrayVec::new();
    if !pos.v.has(Kind::Monolith) {
        return out;
    }
    let n = pos.size();
    for r in 0..n {
        for f in 0..n {
            let sq = pos.sq(f, r);
            if piece::is_monolith(pos.cell(sq)) && !out.is_full() {
                out.push(sq);
            }
        }
    }
    out
}

/// Where a non-Wave piece entering the teleporter on `entered` may emerge, empty or not: from a
/// Star, the portal fields of the Stars of the other colour and of every Monolith; from a
/// Monolith, those of every Star and of the other Monolith (section 2.5, L3225-3227).
pub(super) fn exits(pos: &Croatian, entered: u16) -> ArrayVec<u16, 32> {
    let c = pos.cell(entered);
    let mut out = ArrayVec::<u16, 32>::new();
    let mut add = |sq: u16| {
        if !out.contains(&sq) && !out.is_full() {
            out.push(sq);
        }
    };
    let from_monolith = piece::is_monolith(c);
    for (star, colour) in pos.stars() {
        if from_monolith || colour != piece::color(c) {
            pos.portals(star).into_iter().for_each(&mut add);
        }
    }
    for m in monoliths(pos) {
        if m != entered {
            pos.neighbours(m).for_each(&mut add);
        }
    }
    out
}

/// The other Monolith, where a Wave entering the one on `entered` goes on.
pub(super) fn other(pos: &Croatian, entered: u16) -> Option<u16> {
    monoliths(pos).into_iter().find(|&m| m != entered)
}

/// The fields a Monolith on `from` may end its move on when it may make up to `limit` steps:
/// one bit per field by rank.
fn reach(pos: &Croatian, from: u16, limit: u32) -> Rows {
    let n = pos.size() as usize;
    let mut passable: Rows = [0; 26];
    let mut empty: Rows = [0; 26];
    for (r, (pass, free)) in passable.iter_mut().zip(&mut empty).enumerate().take(n) {
        for f in 0..n {
            let sq = pos.sq(f as u8, r as u8);
            let c = pos.cell(sq);
            if c == EMPTY && sq != from {
                *free |= 1 << f;
            }
            // A Starchild is a waypoint, never a destination (L3628); the start is left.
            if c == EMPTY || sq == from || piece::kind_bits(c) == Kind::Starchild as u8 {
                *pass |= 1 << f;
            }
        }
    }
    let mut layer: Rows = [0; 26];
    layer[pos.rank_of(from) as usize] = 1 << pos.file_of(from);
    let mut reached: Rows = [0; 26];
    for k in 1..=limit.min(n as u32) as usize {
        let a = 2 * k + 1;
        let mut next: Rows = [0; 26];
        for (r, &row) in layer.iter().enumerate().take(n) {
            if row == 0 {
                continue;
            }
            for dy in 1..a.min(n) {
                let dx = a - dy;
                if dx >= n {
                    continue;
                }
                let moved = row << dx | row >> dx;
                if r + dy < n {
                    next[r + dy] |= moved;
                }
                if r >= dy {
                    next[r - dy] |= moved;
                }
            }
        }
        let mut any = false;
        for r in 0..n {
            next[r] &= passable[r];
            reached[r] |= next[r] & empty[r];
            any |= next[r] != 0;
        }
        if !any {
            break;
        }
        layer = next;
    }
    reached
}

/// Every field `color` may move the Monolith on `from` to.
pub(super) fn destinations(pos: &Croatian, from: u16, color: Color) -> Vec<u16> {
    let pawns = (0..pos.size())
        .flat_map(|r| (0..pos.size()).map(move |f| (f, r)))
        .filter(|&(f, r)| piece::is(pos.cell(pos.sq(f, r)), Kind::Pawn, color))
        .count() as u32;
    reach_fields(pos, from, 1 + pawns)
}

/// The fields the Monolith on `from` may end on with up to `limit` steps.
pub(super) fn reach_fields(pos: &Croatian, from: u16, limit: u32) -> Vec<u16> {
    let rows = reach(pos, from, limit);
    let mut out = Vec::new();
    for (r, &row) in rows.iter().enumerate().take(pos.size() as usize) {
        for f in 0..pos.size() {
            if row >> f & 1 != 0 {
                out.push(pos.sq(f, r as u8));
            }
        }
    }
    out
}

/// The celestial bodies on the board other than the one on `except`: Stars, Monoliths and
/// Starchilds (L3504, L3797).
fn bodies(pos: &Croatian, except: u16) -> ArrayVec<(i32, i32), 16> {
    let mut out = ArrayVec::new();
    let n = pos.size();
    for r in 0..n {
        for f in 0..n {
            let sq = pos.sq(f, r);
            let c = pos.cell(sq);
            let celestial = piece::is_teleporter(c) || piece::kind_bits(c) == Kind::Starchild as u8;
            if celestial && sq != except && !out.is_full() {
                out.push((f as i32, r as i32));
            }
        }
    }
    out
}

/// The lines (primitive directions) through (x, y) holding two or more of `bodies`: the
/// syzygies a body standing there is in.
fn syzygies(bodies: &[(i32, i32)], (x, y): (i32, i32)) -> ArrayVec<(i32, i32), 16> {
    let mut dirs: ArrayVec<((i32, i32), u8), 16> = ArrayVec::new();
    for &(bx, by) in bodies {
        let (dx, dy) = (bx - x, by - y);
        if (dx, dy) == (0, 0) {
            continue;
        }
        let g = gcd(dx.abs(), dy.abs());
        let (mut ux, mut uy) = (dx / g, dy / g);
        if ux < 0 || ux == 0 && uy < 0 {
            (ux, uy) = (-ux, -uy);
        }
        match dirs.iter_mut().find(|(d, _)| *d == (ux, uy)) {
            Some((_, count)) => *count += 1,
            None => dirs.push(((ux, uy), 1)),
        }
    }
    dirs.into_iter()
        .filter(|&(_, count)| count >= 2)
        .map(|(d, _)| d)
        .collect()
}

/// Whether a celestial body on `at` is in a syzygy with the bodies on the board other than the
/// one on `except`.
pub(super) fn in_syzygy(pos: &Croatian, at: u16, except: u16) -> bool {
    let xy = (pos.file_of(at) as i32, pos.rank_of(at) as i32);
    !syzygies(&bodies(pos, except), xy).is_empty()
}

fn gcd(mut a: i32, mut b: i32) -> i32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The own figures and troopers `color` may demote when the Monolith moves from `from` to `to`
/// (`Demotions::of`).
#[cfg(test)]
pub(super) fn demotable(pos: &Croatian, from: u16, to: u16, color: Color) -> Vec<u16> {
    Demotions::new(pos, from).of(pos, to, color)
}

/// What the demotions of the Monolith on `from` depend on, worked out once for all its
/// destinations: the other celestial bodies and the fields on a line through two of them, or
/// none when it stands in a syzygy already (it cannot then come from no syzygy into one).
pub(super) struct Demotions {
    from: u16,
    others: Option<(ArrayVec<(i32, i32), 16>, Rows)>,
}

/// The fields on a line through two of `bodies`: a body standing on one is in a syzygy.
fn syzygy_fields(n: i32, bodies: &[(i32, i32)]) -> Rows {
    let mut rows: Rows = [0; 26];
    let on_board = |x: i32, y: i32| (0..n).contains(&x) && (0..n).contains(&y);
    for (i, &(ax, ay)) in bodies.iter().enumerate() {
        for &(bx, by) in &bodies[i + 1..] {
            let g = gcd((bx - ax).abs(), (by - ay).abs());
            let (ux, uy) = ((bx - ax) / g, (by - ay) / g);
            let (mut x, mut y) = (ax, ay);
            while on_board(x - ux, y - uy) {
                (x, y) = (x - ux, y - uy);
            }
            while on_board(x, y) {
                rows[y as usize] |= 1 << x;
                (x, y) = (x + ux, y + uy);
            }
        }
    }
    rows
}

impl Demotions {
    pub(super) fn new(pos: &Croatian, from: u16) -> Demotions {
        let others = bodies(pos, from);
        let xy = (pos.file_of(from) as i32, pos.rank_of(from) as i32);
        let in_one = !syzygies(&others, xy).is_empty();
        let fields = syzygy_fields(pos.size() as i32, &others);
        Demotions {
            from,
            others: (!in_one).then_some((others, fields)),
        }
    }

    /// The own figures and troopers `color` may demote when the Monolith moves to `to`: none
    /// unless it comes from no syzygy into one; then those on the fields of every syzygy it
    /// entered (OQ-17).
    pub(super) fn of(&self, pos: &Croatian, to: u16, color: Color) -> Vec<u16> {
        let Some((others, fields)) = &self.others else {
            return Vec::new();
        };
        let n = pos.size() as i32;
        let (x, y) = (pos.file_of(to) as i32, pos.rank_of(to) as i32);
        let mut out = Vec::new();
        if fields[y as usize] >> x & 1 == 0 {
            return out;
        }
        for (ux, uy) in syzygies(others, (x, y)) {
            // Back to the line's first field on the board, then along it.
            let (mut fx, mut fy) = (x, y);
            while (0..n).contains(&(fx - ux)) && (0..n).contains(&(fy - uy)) {
                (fx, fy) = (fx - ux, fy - uy);
            }
            while (0..n).contains(&fx) && (0..n).contains(&fy) {
                let sq = pos.sq(fx as u8, fy as u8);
                let c = pos.cell(sq);
                let figure = !matches!(
                    piece::kind(c),
                    Kind::Pawn | Kind::King | Kind::Star | Kind::Monolith
                );
                if sq != self.from
                    && piece::is_piece(c)
                    && piece::color(c) == color
                    && figure
                    && !out.contains(&sq)
                {
                    out.push(sq);
                }
                (fx, fy) = (fx + ux, fy + uy);
            }
        }
        out
    }
}

/// What stands on a demoted piece's field after the demotion `ply` by `color` (`promo`, module
/// docs).
pub(super) fn demoted(color: Color, ply: &Ply) -> Cell {
    match Kind::from_index(ply.promo) {
        None => piece::make(Kind::Pawn, color, Tag::None),
        Some(Kind::Pawn) => piece::make(Kind::Pawn, color, Tag::Promotion),
        Some(k) => piece::make(k, color, Tag::None),
    }
}

impl PlyGen<'_> {
    /// Every move of the Monolith on `from` by the side to move, each demotion choice its own.
    pub(super) fn monolith<S: Sink>(&self, from: u16, sink: &mut S) {
        let pos = self.pos;
        let us = pos.side;
        let kind = Kind::Monolith as u8;
        let demotions = Demotions::new(pos, from);
        for to in destinations(pos, from, us) {
            sink.land(Ply::new(from, to, kind, 0), 0);
            for field in demotions.of(pos, to, us) {
                let mut ply = Ply::new(from, to, kind, flag::DEMOTE);
                ply.aux = field;
                if pos.rank_of(field) != pos.last_rank(us) {
                    sink.land(ply, 0);
                    continue;
                }
                let was = piece::kind(pos.cell(field));
                for &p in pos.v.promote_to.iter().filter(|&&p| p != was) {
                    ply.promo = p as u8;
                    sink.land(ply, 0);
                }
                if pos.v.promotion == Promotion::Delayed {
                    ply.promo = Kind::Pawn as u8;
                    sink.land(ply, 0);
                }
            }
        }
    }
}
