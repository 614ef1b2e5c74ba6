//! Attack tests for check: which fields the side's active materiel attacks.

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::board::MAX_STRIDE;
use super::hemera::close_quarters;
use super::lines::Line;
use super::piece::{self, Cell, Kind, Tag};
use super::plies::other_quadrants;
use super::serpent::serpent_steps;
use super::{Croatian, MAILBOX};
use crate::core::Color;

type Board = [Cell; MAILBOX];

/// Direction offsets for one board stride.
pub struct Offsets {
    pub orth: [isize; 4],
    pub diag: [isize; 4],
    pub knight: [isize; 8],
    pub long: [isize; 16],
}

impl Offsets {
    /// The offsets for rows of `s` cells, built once per stride: the attack test and the
    /// generator ask for them at every call.
    pub fn of(s: isize) -> &'static Offsets {
        static TABLES: OnceLock<Vec<Offsets>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| (0..=MAX_STRIDE as isize).map(Offsets::new).collect());
        &tables[s as usize]
    }

    /// The steps along `line`, in the order `Croatian::runs` gives their runs.
    #[inline(always)]
    pub fn steps(&self, line: Line) -> &[isize] {
        match line {
            Line::Straight => &self.orth,
            Line::Diagonal => &self.diag,
            Line::Knight => &self.knight,
        }
    }

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

/// A board to look fields up on: a position's own, or one with a ply's changes laid over it.
pub(crate) trait Cells {
    fn cell(&self, sq: u16) -> Cell;
}

impl Cells for Board {
    #[inline]
    fn cell(&self, sq: u16) -> Cell {
        self[sq as usize]
    }
}

/// `board` as a ply would leave it that writes the cells of `changes` (a later write to a
/// field wins): the check a ply gives is told without playing it.
pub(crate) struct Overlay<'a> {
    pub board: &'a Board,
    pub changes: ArrayVec<(u16, Cell), 4>,
}

impl Cells for Overlay<'_> {
    #[inline]
    fn cell(&self, sq: u16) -> Cell {
        match self.changes.iter().rev().find(|&&(s, _)| s == sq) {
            Some(&(_, c)) => c,
            None => self.board[sq as usize],
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
    attacked_with(pos, pos.offsets(), board, sq, by)
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

/// `attacked` on `board` (of `pos`'s geometry) after a ply of `by` that changed only the
/// fields `changed` (put its own pieces there or emptied them), when no piece of `by` attacked
/// `sq` before it, in a variant whose pieces attack by a leap or along a line
/// (`Variant::attacks_by_lines`): a new attacker stands on a changed field, or rides a line
/// from `sq` through one that the ply opened.
pub(crate) fn attacked_through(
    pos: &Croatian,
    board: &impl Cells,
    sq: u16,
    by: Color,
    changed: impl IntoIterator<Item = u16>,
) -> bool {
    let (x, y) = (pos.file_of(sq) as isize, pos.rank_of(sq) as isize);
    let by_light = by == Color::White;
    changed.into_iter().any(|f| {
        let (dx, dy) = (pos.file_of(f) as isize - x, pos.rank_of(f) as isize - y);
        let (ax, ay) = (dx.abs(), dy.abs());
        let c = board.cell(f);
        let knight = ax * ay == 2;
        let leaps = piece::is_piece(c)
            && piece::color(c) == by
            && match piece::kind(c) {
                Kind::Pawn => {
                    let fwd = pos.forward(by);
                    sq == at(f, fwd + 1) || sq == at(f, fwd - 1)
                }
                Kind::King => ax <= 1 && ay <= 1,
                Kind::Knight => knight,
                Kind::Unicorn => {
                    if pos.is_light_field(f) == by_light {
                        knight
                    } else {
                        matches!((ax, ay), (4, 1) | (1, 4) | (3, 2) | (2, 3))
                    }
                }
                _ => false,
            };
        if leaps {
            return true;
        }
        let Some(((sx, sy), riders)) = line_toward(dx, dy) else {
            return false;
        };
        rider_on_line(board, sq, pos.offset(sx, sy), riders, by)
    })
}

/// The line from a field toward another `(dx, dy)` away, as its step and the kinds that ride
/// it; `None` where no rider's line joins them.
fn line_toward(dx: isize, dy: isize) -> Option<((isize, isize), [Kind; 2])> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    if ax == 0 && ay == 0 {
        None
    } else if ax == 0 || ay == 0 {
        Some(((sx, sy), [Kind::Rook, Kind::Queen]))
    } else if ax == ay {
        Some(((sx, sy), [Kind::Bishop, Kind::Queen]))
    } else if ax == 2 * ay {
        Some(((2 * sx, sy), [Kind::Pegasus, Kind::Pegasus]))
    } else if ay == 2 * ax {
        Some(((sx, 2 * sy), [Kind::Pegasus, Kind::Pegasus]))
    } else {
        None
    }
}

/// Whether the first piece along the line from `from` (not itself) by steps of `d` is one of
/// `riders` of `by`, which then attacks `from` along it.
pub(crate) fn rider_on_line(
    board: &impl Cells,
    from: u16,
    d: isize,
    riders: [Kind; 2],
    by: Color,
) -> bool {
    let mut s = at(from, d);
    while piece::is_clear(board.cell(s)) {
        s = at(s, d);
    }
    let c = board.cell(s);
    piece::is(c, riders[0], by) || piece::is(c, riders[1], by)
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
    if !each_leaper(pos, o, board, sq, by, &mut keep_going) {
        return false;
    }
    let cell = |s: u16| board[s as usize];
    let mine = |c: Cell, k: Kind| piece::is(c, k, by);
    if !each_pegasus(pos, o, board, sq, by, &mut keep_going) {
        return false;
    }
    if pos.v.has(Kind::Centaur) && !hemera_attackers(pos, o, board, sq, by, &mut keep_going) {
        return false;
    }
    if pos.v.has(Kind::Serpent) && !serpent_attackers(pos, board, sq, by, &mut keep_going) {
        return false;
    }
    if pos.v.has(Kind::Shaman)
        && !super::shaman::shaman_attacks(pos, board, sq, by, &mut keep_going)
    {
        return false;
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

/// `each_attacker` for the Pegasi of `by`, which ride Knight jumps.
fn each_pegasus(
    pos: &Croatian,
    o: &Offsets,
    board: &Board,
    sq: u16,
    by: Color,
    keep_going: &mut impl FnMut(u16) -> bool,
) -> bool {
    if !pos.v.has(Kind::Pegasus) {
        return true;
    }
    for &d in &o.knight {
        let mut s = at(sq, d);
        loop {
            let c = board[s as usize];
            if piece::is(c, Kind::Pegasus, by) {
                if !keep_going(s) {
                    return false;
                }
                break;
            }
            if !piece::is_clear(c) {
                break;
            }
            s = at(s, d);
        }
    }
    true
}

/// `attacked` on `pos`'s own board in a variant whose pieces all attack by a leap or along a
/// line (`Variant::attacks_by_lines`, where every piece stops a ride): the first piece on each
/// line from `sq` is read from the board's runs (`Croatian::runs`).
pub(crate) fn attacked_on_lines(pos: &Croatian, o: &Offsets, sq: u16, by: Color) -> bool {
    !each_attacker_on_lines(pos, o, sq, by, |_| false)
}

/// `each_attacker` on `pos`'s own board where `attacked_on_lines` applies, the lines read from
/// the board's runs.
#[inline(always)]
pub(crate) fn each_attacker_on_lines(
    pos: &Croatian,
    o: &Offsets,
    sq: u16,
    by: Color,
    mut keep_going: impl FnMut(u16) -> bool,
) -> bool {
    let board = &pos.board;
    if !each_leaper(pos, o, board, sq, by, &mut keep_going) {
        return false;
    }
    let first = |d: isize, run: u32| at(sq, (run as isize + 1) * d);
    if pos.v.has(Kind::Pegasus) {
        for (&d, run) in o.knight.iter().zip(pos.knight_runs(sq)) {
            let s = first(d, run);
            if piece::is(board[s as usize], Kind::Pegasus, by) && !keep_going(s) {
                return false;
            }
        }
    }
    for (dirs, slider, diagonal) in [(&o.orth, Kind::Rook, false), (&o.diag, Kind::Bishop, true)] {
        for (&d, run) in dirs.iter().zip(pos.empty_runs(sq, diagonal)) {
            let s = first(d, run);
            let c = board[s as usize];
            if (piece::is(c, slider, by) || piece::is(c, Kind::Queen, by)) && !keep_going(s) {
                return false;
            }
        }
    }
    true
}

/// `each_attacker` for the pieces of `by` that attack `sq` by a leap: Pawns, Kings, Knights
/// and Unicorns.
fn each_leaper(
    pos: &Croatian,
    o: &Offsets,
    board: &Board,
    sq: u16,
    by: Color,
    keep_going: &mut impl FnMut(u16) -> bool,
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
    // The two arrays one after the other: a chained iterator is not unrolled.
    for dirs in [&o.orth, &o.diag] {
        for &d in dirs {
            let s = at(sq, d);
            if mine(cell(s), Kind::King) && !keep_going(s) {
                return false;
            }
        }
    }
    let by_light = by == Color::White;
    let jumpers = pos.v.has(Kind::Knight) || pos.v.has(Kind::Unicorn);
    for &d in if jumpers { &o.knight[..] } else { &[] } {
        let s = at(sq, d);
        let c = cell(s);
        // A Unicorn makes Knight jumps from a field of its own colour.
        if (mine(c, Kind::Knight) || mine(c, Kind::Unicorn) && pos.is_light_field(s) == by_light)
            && !keep_going(s)
        {
            return false;
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
    true
}

/// The attackers Hemera's Dawn adds (HD-3), as `each_attacker`: a Scout on the field behind
/// either backward diagonal; a Grenadier on a diagonal neighbour or, in close quarters (the
/// King counted), one forked capture-step away over clear step-fields; a Centaur at the start
/// of a Centaur path to `sq` whose landing fields before it are clear, found by walking the
/// path backwards (its jumps alternate as forwards).
fn hemera_attackers(
    pos: &Croatian,
    o: &Offsets,
    board: &Board,
    sq: u16,
    by: Color,
    keep_going: &mut impl FnMut(u16) -> bool,
) -> bool {
    let cell = |s: u16| board.get(s as usize).copied().unwrap_or(piece::OFF);
    let mine = |s: u16, k: Kind| piece::is(cell(s), k, by);
    let fwd = pos.forward(by);
    for d in [fwd + 1, fwd - 1] {
        let s = at(sq, d);
        if mine(s, Kind::Scout) && !keep_going(s) {
            return false;
        }
    }
    for &d in &o.diag {
        let s = at(sq, d);
        if mine(s, Kind::Grenadier) && !keep_going(s) {
            return false;
        }
    }
    let stride = pos.stride();
    let in_cq = |g: u16| close_quarters(board, stride, g, by);
    for sy in [stride, -stride] {
        for sx in [1isize, -1] {
            // After one vertical step: the Grenadier two ranks and one file away.
            let g = at(sq, -2 * sy - sx);
            if mine(g, Kind::Grenadier)
                && piece::is_clear(cell(at(g, sy)))
                && in_cq(g) > 0
                && !keep_going(g)
            {
                return false;
            }
            // After j horizontal steps: one rank and j + 1 files away.
            let row = at(sq, -sy);
            for j in 1..=9 {
                let step = at(row, -j * sx);
                if !piece::is_clear(cell(step)) {
                    break;
                }
                let g = at(step, -sx);
                if mine(g, Kind::Grenadier) {
                    let copgf = in_cq(g) as isize;
                    if copgf > 0 && j <= 1 + copgf && !keep_going(g) {
                        return false;
                    }
                }
            }
        }
    }
    let last_short = pos.is_light_field(sq) != (by == Color::White);
    let (lasts, others) = if last_short {
        (&o.knight[..], &o.long[..])
    } else {
        (&o.long[..], &o.knight[..])
    };
    let xy = |d: isize| -> (i8, i8) {
        let s = stride;
        let dy = (d + s / 2).div_euclid(s);
        ((d - dy * s) as i8, dy as i8)
    };
    for &r1 in lasts {
        let q1 = at(sq, -r1);
        if mine(q1, Kind::Centaur) && !keep_going(q1) {
            return false;
        }
        if !piece::is_clear(cell(q1)) {
            continue;
        }
        for &r2 in others {
            if !other_quadrants(xy(r1), xy(r2)) {
                continue;
            }
            let mut q = q1;
            for i in 0.. {
                q = at(q, if i % 2 == 0 { -r2 } else { -r1 });
                let c = cell(q);
                if c == piece::OFF {
                    break;
                }
                if mine(q, Kind::Centaur) {
                    if !keep_going(q) {
                        return false;
                    }
                    break;
                }
                if !piece::is_clear(c) {
                    break;
                }
            }
        }
    }
    true
}

/// The Serpents of `by` that reach `sq` (TR-6): by some walk of at most their limit of steps,
/// alternating diagonals, no field twice, every field before `sq` empty or a Wave (a Pawn the
/// Serpent could displace still blocks, L2310-2316). Searched backwards from `sq` (a walk
/// reversed alternates as well), breadth first over (field, diagonal of the step onto it),
/// each reached once with its fewest steps: a walk that comes back to a field can drop the
/// loop (an even number of steps on each diagonal, so it still alternates) and reaches `sq`
/// with fewer steps, so no field twice excludes no Serpent a walk over states finds.
fn serpent_attackers(
    pos: &Croatian,
    board: &Board,
    sq: u16,
    by: Color,
    keep_going: &mut impl FnMut(u16) -> bool,
) -> bool {
    let limit = pos.v.limits.serpent as i32;
    let (x, y) = (pos.file_of(sq) as i32, pos.rank_of(sq) as i32);
    let last = pos.v.size as i32 - 1;
    let serpent = piece::make(Kind::Serpent, by, Tag::None);
    let mut serpents: ArrayVec<(i32, i32), 32> = ArrayVec::new();
    // Only the fields within the limit, and a rank's one by one only when it holds one (this
    // runs for every King-safety test).
    let (first_file, last_file) = ((x - limit).max(0), (x + limit).min(last));
    'ranks: for r in (y - limit).max(0)..=(y + limit).min(last) {
        let start = pos.sq(first_file as u8, r as u8) as usize;
        let row = &board[start..=start + (last_file - first_file) as usize];
        if !row
            .iter()
            .fold(false, |any, &c| any | (piece::untagged(c) == serpent))
        {
            continue;
        }
        for (f, &c) in (first_file..).zip(row) {
            if piece::untagged(c) == serpent
                && (f + r + x + y) % 2 == 0
                && serpents.try_push((f, r)).is_err()
            {
                break 'ranks;
            }
        }
    }
    if serpents.is_empty() {
        return true;
    }
    let xy = |f: u16| (pos.file_of(f) as i32, pos.rank_of(f) as i32);
    let s = pos.stride();
    let mut reported: ArrayVec<u16, 32> = ArrayVec::new();
    // Each (field, diagonal) enters once, after `sq`.
    let mut queue: ArrayVec<(u16, Option<bool>), { 2 * MAILBOX + 1 }> = ArrayVec::new();
    let mut reached = [0u64; 2 * MAILBOX / 64];
    queue.push((sq, None));
    let (mut layer, mut steps) = (0, 0);
    while steps < limit && layer < queue.len() {
        let layer_end = queue.len();
        let left = limit - steps;
        for i in layer..layer_end {
            let (cur, last) = queue[i];
            let (cx, cy) = xy(cur);
            if serpents
                .iter()
                .all(|&(sx, sy)| (sx - cx).abs().max((sy - cy).abs()) > left)
            {
                continue;
            }
            for (d, rising) in serpent_steps(s) {
                if last == Some(rising) {
                    continue;
                }
                let to = at(cur, d);
                let c = board[to as usize];
                if c == piece::OFF || to == sq {
                    continue;
                }
                if piece::is(c, Kind::Serpent, by) {
                    if !reported.contains(&to) && !reported.is_full() {
                        reported.push(to);
                        if !keep_going(to) {
                            return false;
                        }
                    }
                    continue;
                }
                let bit = 2 * to as usize + rising as usize;
                if piece::is_clear(c) && reached[bit / 64] & 1 << (bit % 64) == 0 {
                    reached[bit / 64] |= 1 << (bit % 64);
                    queue.push((to, Some(rising)));
                }
            }
        }
        layer = layer_end;
        steps += 1;
    }
    true
}
