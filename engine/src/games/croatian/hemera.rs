//! The pieces Hemera's Dawn adds to the ply generator (part 2 section 4.1-4.3): the Centaur,
//! the Scout and the Grenadier. A Scout ply that forks around obstacles is one ply with many
//! paths; every ending is handed on once per resulting state (a Scout's momentum is the
//! distance along its direction whatever the path, so the field decides it).

use arrayvec::ArrayVec;

use super::attacks::at;
use super::board::FieldSet;
use super::divergence::divergence;
use super::moves::{flag, Ply, Route};
use super::piece::steps::{KNIGHT, LONG};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::plies::{other_quadrants, Mover, PlyGen, Sink};
use super::Croatian;
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
    activations: ArrayVec<(u16, u32, u8), 64>,
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
        let fresh = if ply.flags & flag::GOES_ON != 0 {
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

    fn step(&mut self) -> bool {
        self.inner.step()
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
        if piece::is_piece(c) && piece::color(c) != grenadier && !piece::is_teleporter(c) {
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
        let with_ep = |sink: &mut S, extra: u32| {
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
        if piece::is_teleporter(c) {
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
        if piece::is_teleporter(c) {
            self.teleport(m, to, sink);
        } else if let Some(diverge) = divergence(m, to, c, left) {
            sink.land(diverge, left);
        }
        // A Starchild is passed over (section 2.2).
        piece::is_starchild(c)
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
        let kind = piece::kind_bits(m.cell);
        // A rush onto an empty field is a quiet ply (`PlyGen::rays`); where every turn is one
        // ply (no Wave, teleport or divergence) a rush is nothing else.
        let quiet = sink.wants(&Ply::new(m.from, m.from, kind, 0));
        if !quiet && pos.v.single_plies() {
            return;
        }
        let col = piece::color(m.cell);
        let fwd = pos.forward(col);
        let rank = match col {
            Color::White => pos.rank_of(m.from),
            Color::Black => pos.v.size - 1 - pos.rank_of(m.from),
        };
        let budget = Self::budget(m);
        let mut to = m.from;
        for k in 1..=budget {
            to = at(to, fwd);
            let c = self.cell(to);
            if c == OFF || rank + k > pos.v.rush_limit() {
                break;
            }
            if piece::is_teleporter(c) {
                // A rush into a Monolith teleports the private (section 8: b3 into b7).
                if k >= 2 && k > beyond {
                    self.teleport(m, to, sink);
                }
                break;
            }
            if !piece::is_clear(c) {
                if k >= 2 && k > beyond {
                    if let Some(diverge) = divergence(m, to, c, Self::left(m, k)) {
                        sink.land(diverge, Self::left(m, k));
                    }
                }
                break;
            }
            if k >= 2 && k > beyond {
                if c == EMPTY {
                    if quiet {
                        sink.land(Ply::new(m.from, to, kind, 0), Self::left(m, k));
                    }
                } else if piece::is_wave(c) && piece::color(c) == col {
                    sink.land(Ply::new(m.from, to, kind, flag::ACTIVATE), Self::left(m, k));
                } else if let Some(diverge) = divergence(m, to, c, Self::left(m, k)) {
                    // A Starchild passed over in the rush (L2667, L3694).
                    sink.land(diverge, Self::left(m, k));
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
        for direction in scout_directions(fwd) {
            scout_paths(
                &pos.board,
                m.from,
                direction,
                limit,
                &|sq| self.is_empty(sq),
                &mut |path| {
                    let (to, k) = (path[path.len() - 1], path.len() as u8);
                    self.trooper_step(m, to, k, &mut once) && !once.full()
                },
            );
        }
        self.rush(m, limit, &mut once);
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

    /// The Centaur (section 4.1): every field it lands on on the board (L1639-1693), passing
    /// Waves; each ply keeps the two jumps of the path that found it, for the notation.
    pub(super) fn centaur<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let light = piece::color(m.cell) == Color::White;
        let mut once = Once::new(sink);
        centaur_walk(self.pos, m.from, light, budget, |route, k, to| {
            once.route = route;
            self.arrive(m, to, k, &mut once) && !once.full()
        });
    }
}

/// The Centaur's paths from `from` (section 4.1): a first jump by the colour of the field (a
/// Knight's from its own colour, a long one from the other), a second from the other quadrant
/// pair, then the two alternating, at most `budget` jumps, every field on the board. `visit`
/// sees the `k`-th field of each path with the path's two jumps (the second `(0, 0)` while
/// there is one jump) and says whether the path may go on past it.
pub(super) fn centaur_walk(
    pos: &Croatian,
    from: u16,
    light: bool,
    budget: u8,
    mut visit: impl FnMut(Route, u8, u16) -> bool,
) {
    let own_colour = pos.is_light_field(from) == light;
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
    for &s1 in firsts {
        let p1 = at(from, offset(s1));
        if pos.board[p1 as usize] == OFF || !visit(route(s1, (0, 0)), 1, p1) {
            continue;
        }
        for &s2 in seconds {
            if !other_quadrants(s1, s2) {
                continue;
            }
            let (o1, o2) = (offset(s1), offset(s2));
            let mut cur = p1;
            for k in 2..=budget {
                cur = at(cur, if k % 2 == 0 { o2 } else { o1 });
                if (cur as usize) >= pos.board.len()
                    || pos.board[cur as usize] == OFF
                    || !visit(route(s1, s2), k, cur)
                {
                    break;
                }
            }
        }
    }
}

/// The fields a Centaur of colour `light`/dark lands on from `from` along `route` up to `end`
/// (`None` when the route does not get there on the board).
pub(crate) fn centaur_path(
    pos: &Croatian,
    from: u16,
    light: bool,
    route: &Route,
    end: u16,
) -> Option<Vec<u16>> {
    let mut path = Vec::new();
    let mut cur = from;
    while path.len() < 2 * pos.v.size as usize {
        let (dx, dy) = if pos.is_light_field(cur) == light {
            route.own
        } else {
            route.other
        };
        if (dx, dy) == (0, 0) {
            return None;
        }
        cur = at(cur, pos.offset(dx as isize, dy as isize));
        if (cur as usize) >= pos.board.len() || pos.board[cur as usize] == OFF {
            return None;
        }
        path.push(cur);
        if cur == end {
            return Some(path);
        }
    }
    None
}

/// A Scout's three directions with the step its forks add (section 4.2): forward (forks left
/// and right), left and right (forks forward and back); `fwd` is its forward step.
pub(super) fn scout_directions(fwd: isize) -> [(isize, isize); 3] {
    [(fwd, 1), (-1, fwd), (1, fwd)]
}

/// A Scout's paths from `from` in `direction` (section 4.2): each step straight on or, where
/// the straight field is occupied, a fork to either side of it (OQ-1), at most `limit` steps.
/// `step` sees each path as it grows (its last field new) and says whether the Scout stands
/// there and may go on; `empty` says whether a field is free.
pub(super) fn scout_paths(
    board: &[Cell],
    from: u16,
    direction: (isize, isize),
    limit: u8,
    empty: &impl Fn(u16) -> bool,
    step: &mut impl FnMut(&[u16]) -> bool,
) {
    let mut path = ArrayVec::<u16, 16>::new();
    scout_walk(
        board,
        from,
        direction,
        limit.min(16),
        empty,
        step,
        &mut path,
    );
}

fn scout_walk(
    board: &[Cell],
    cur: u16,
    (d, side): (isize, isize),
    limit: u8,
    empty: &impl Fn(u16) -> bool,
    step: &mut impl FnMut(&[u16]) -> bool,
    path: &mut ArrayVec<u16, 16>,
) {
    if path.len() >= limit as usize {
        return;
    }
    let straight = at(cur, d);
    if board[straight as usize] == OFF {
        return;
    }
    let mut go = |to: u16, path: &mut ArrayVec<u16, 16>| {
        path.push(to);
        if step(path) {
            scout_walk(board, to, (d, side), limit, empty, step, path);
        }
        path.pop();
    };
    go(straight, path);
    if empty(straight) {
        return;
    }
    for fork in [at(straight, side), at(straight, -side)] {
        if board[fork as usize] != OFF {
            go(fork, path);
        }
    }
}
