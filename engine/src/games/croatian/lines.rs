//! Which fields of each row, file, diagonal and Knight-jump line (a Pegasus's) hold a piece, as
//! one bit mask per line kept as cells are written: a ride finds the first piece in its way (or
//! the board's edge) by a bit scan instead of walking field by field.

use std::sync::OnceLock;

use super::board::MAX_STRIDE;
use super::MAILBOX;

/// Widest board.
const MAX_SIZE: usize = 26;
/// Where each kind of line starts among the masks: rows, files, diagonals (file - rank
/// constant), anti-diagonals (file + rank constant).
const FILES: usize = MAX_SIZE;
const DIAGONALS: usize = 2 * MAX_SIZE;
const ANTI_DIAGONALS: usize = DIAGONALS + 2 * MAX_SIZE - 1;
const LINES: usize = ANTI_DIAGONALS + 2 * MAX_SIZE - 1;
/// Knight-jump lines of each of the four slopes: (1, 2), (-1, 2), (2, 1) and (-2, 1) steps.
const KNIGHT_LINES: usize = 3 * MAX_SIZE - 2;

/// A field's lines and its bit in each: its file + 1 on a row or diagonal, its rank + 1 on a
/// file, half its rank (on the steep Knight-jump lines) or file (on the flat ones) + 1 on a
/// Knight-jump line; every bit that is no field of the line stays set, as the board's edge.
#[derive(Clone, Copy, Default)]
struct Place {
    line: [u8; 4],
    bit: [u8; 4],
    knight_line: [u16; 4],
    knight_bit: [u8; 4],
}

/// Every mailbox field's `Place` for rows of `stride` cells (a border field's is never read).
fn places(stride: usize) -> &'static [Place; MAILBOX] {
    static TABLES: OnceLock<Vec<Box<[Place; MAILBOX]>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..=MAX_STRIDE)
            .map(|stride| {
                let mut table = Box::new([Place::default(); MAILBOX]);
                let size = stride.saturating_sub(4).min(MAX_SIZE);
                for (sq, place) in table.iter_mut().enumerate() {
                    let (Some(x), Some(y)) = (
                        (sq % stride.max(1)).checked_sub(2),
                        (sq / stride.max(1)).checked_sub(4),
                    ) else {
                        continue;
                    };
                    if x >= size || y >= size {
                        continue;
                    }
                    *place = Place {
                        line: [
                            y as u8,
                            (FILES + x) as u8,
                            (DIAGONALS + x + MAX_SIZE - 1 - y) as u8,
                            (ANTI_DIAGONALS + x + y) as u8,
                        ],
                        bit: [x as u8 + 1, y as u8 + 1, x as u8 + 1, x as u8 + 1],
                        // Steps (1, 2): rank - 2 file constant; (-1, 2): rank + 2 file;
                        // (2, 1): file - 2 rank; (-2, 1): file + 2 rank.
                        knight_line: [
                            (y + 2 * (MAX_SIZE - 1) - 2 * x) as u16,
                            (KNIGHT_LINES + y + 2 * x) as u16,
                            (2 * KNIGHT_LINES + x + 2 * (MAX_SIZE - 1) - 2 * y) as u16,
                            (3 * KNIGHT_LINES + x + 2 * y) as u16,
                        ],
                        knight_bit: [
                            (y / 2) as u8 + 1,
                            (y / 2) as u8 + 1,
                            (x / 2) as u8 + 1,
                            (x / 2) as u8 + 1,
                        ],
                    };
                }
                table
            })
            .collect()
    });
    &tables[stride]
}

/// Which lines a ride follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The steps of `Offsets::orth`.
    Straight,
    /// `Offsets::diag`.
    Diagonal,
    /// `Offsets::knight`.
    Knight,
}

/// The occupancy of every line, with the geometry of its board's stride.
#[derive(Clone, Copy)]
pub(crate) struct Lines {
    masks: [u32; LINES],
    knight_masks: [u16; 4 * KNIGHT_LINES],
    places: &'static [Place; MAILBOX],
}

impl Lines {
    /// The lines of an empty board of `size` fields a side on rows of `stride` cells.
    pub fn empty(size: u8, stride: isize) -> Lines {
        let mut lines = Lines {
            masks: [u32::MAX; LINES],
            knight_masks: [u16::MAX; 4 * KNIGHT_LINES],
            places: places(stride as usize),
        };
        for y in 0..size as usize {
            for x in 0..size as usize {
                lines.set(((y + 4) * stride as usize + x + 2) as u16, false);
            }
        }
        lines
    }

    /// Notes whether the field `sq` (on the board) holds a piece.
    #[inline]
    pub fn set(&mut self, sq: u16, taken: bool) {
        let p = &self.places[sq as usize];
        for i in 0..4 {
            let line = &mut self.masks[p.line[i] as usize];
            let knight_line = &mut self.knight_masks[p.knight_line[i] as usize];
            if taken {
                *line |= 1 << p.bit[i];
                *knight_line |= 1 << p.knight_bit[i];
            } else {
                *line &= !(1 << p.bit[i]);
                *knight_line &= !(1 << p.knight_bit[i]);
            }
        }
    }

    /// `runs` by each step of `Offsets::knight`, in its order.
    #[inline]
    pub fn knight_runs(&self, sq: u16) -> [u32; 8] {
        self.knight_lines(sq, run_up, run_down)
    }

    /// `two_runs` by each step of `Offsets::knight`, in its order.
    #[inline(always)]
    pub fn knight_two_runs(&self, sq: u16) -> [(u32, u32); 8] {
        self.knight_lines(sq, two_runs_up, two_runs_down)
    }

    /// `up` or `down` of the mask and bit of `sq`'s Knight-jump line by each step of
    /// `Offsets::knight`, in its order.
    #[inline(always)]
    fn knight_lines<T>(
        &self,
        sq: u16,
        up: impl Fn(u32, u32) -> T,
        down: impl Fn(u32, u32) -> T,
    ) -> [T; 8] {
        let p = &self.places[sq as usize];
        // The masks have 16 bits.
        let line = |i: usize| {
            (
                self.knight_masks[p.knight_line[i] as usize] as u32,
                p.knight_bit[i] as u32,
            )
        };
        let (a, b, c, d) = (line(0), line(1), line(2), line(3));
        // (1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1).
        // On the lines of `d` the file falls as the rank rises.
        [
            up(a.0, a.1),
            up(b.0, b.1),
            down(b.0, b.1),
            down(a.0, a.1),
            up(c.0, c.1),
            down(d.0, d.1),
            up(d.0, d.1),
            down(c.0, c.1),
        ]
    }

    /// How many empty fields a ride from `sq` (on the board) crosses before a piece or the
    /// board's edge, by each step of `Offsets::orth` or, with `diagonal`, of `Offsets::diag`,
    /// in their order.
    #[inline]
    pub fn runs(&self, sq: u16, diagonal: bool) -> [u32; 4] {
        self.straight_lines(sq, diagonal, run_up, run_down)
    }

    /// `runs`, each with the empty fields before the second piece (or the edge), the first
    /// one's field counted (any number where the first is the edge).
    #[inline(always)]
    pub fn two_runs(&self, sq: u16, diagonal: bool) -> [(u32, u32); 4] {
        self.straight_lines(sq, diagonal, two_runs_up, two_runs_down)
    }

    /// `up` or `down` of the mask and bit of `sq`'s line by each step of `Offsets::orth` or,
    /// with `diagonal`, of `Offsets::diag`, in their order.
    #[inline(always)]
    fn straight_lines<T>(
        &self,
        sq: u16,
        diagonal: bool,
        up: impl Fn(u32, u32) -> T,
        down: impl Fn(u32, u32) -> T,
    ) -> [T; 4] {
        let p = &self.places[sq as usize];
        let i = if diagonal { 2 } else { 0 };
        let (a, a_bit) = (self.masks[p.line[i] as usize], p.bit[i] as u32);
        let (b, b_bit) = (self.masks[p.line[i + 1] as usize], p.bit[i + 1] as u32);
        if diagonal {
            // Up and to the right, up and to the left, down and to the right, down and to the
            // left: a diagonal's fields and an anti-diagonal's are counted by file.
            [up(a, a_bit), down(b, b_bit), up(b, b_bit), down(a, a_bit)]
        } else {
            // Right, left, up, down.
            [up(a, a_bit), down(a, a_bit), up(b, b_bit), down(b, b_bit)]
        }
    }
}

/// The empty fields from the field of bit `bit` of a line's `mask` toward higher bits.
#[inline(always)]
fn run_up(mask: u32, bit: u32) -> u32 {
    (mask >> (bit + 1)).trailing_zeros()
}

/// Toward lower bits (bit 0 is never a field: the shift is at most 31).
#[inline(always)]
fn run_down(mask: u32, bit: u32) -> u32 {
    (mask << (32 - bit)).leading_zeros()
}

/// `run_up`, and the empty fields before the second piece.
#[inline(always)]
fn two_runs_up(mask: u32, bit: u32) -> (u32, u32) {
    let ahead = mask >> (bit + 1);
    // The first piece's bit cleared.
    let beyond = ahead & ahead.wrapping_sub(1);
    (ahead.trailing_zeros(), beyond.trailing_zeros())
}

/// `run_down`, and the empty fields before the second piece.
#[inline(always)]
fn two_runs_down(mask: u32, bit: u32) -> (u32, u32) {
    let ahead = mask << (32 - bit);
    let first = ahead.leading_zeros();
    // The first piece shifted out (in two shifts: `first` may be 31).
    let beyond = ahead << first << 1;
    (first, first + 1 + beyond.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::super::{piece, Croatian};
    use super::Line;
    use crate::core::Game;

    /// The empty runs kept as cells are written are those a walk counts, from every field,
    /// along games on each board size (Waves stop a run like any piece), and so are the first
    /// two pieces on each line (`Croatian::first_two`, which Waves do not stop: walked there).
    #[test]
    fn runs_are_what_a_walk_counts() {
        for name in [
            "croatianties",
            "croatianties14",
            "classical20",
            "croatianties26",
            "mirandasveil",
        ] {
            let mut pos = Croatian::start_position(name).unwrap();
            for ply in 0..50 {
                let n = pos.size();
                for (f, r) in (0..n).flat_map(|f| (0..n).map(move |r| (f, r))) {
                    let sq = pos.sq(f, r);
                    let o = pos.offsets();
                    let lines = [
                        (&o.orth[..], &pos.empty_runs(sq, false)[..]),
                        (&o.diag[..], &pos.empty_runs(sq, true)[..]),
                        (&o.knight[..], &pos.knight_runs(sq)[..]),
                    ];
                    for (dirs, runs) in lines {
                        for (&d, &run) in dirs.iter().zip(runs) {
                            let walked = (1..)
                                .take_while(|&k| {
                                    pos.cell((sq as isize + k * d) as u16) == piece::EMPTY
                                })
                                .count();
                            assert_eq!(run as usize, walked, "{name} {pos:?} {sq} {d}");
                        }
                    }
                    // The first two pieces along each line, the second where the first is one.
                    let next = |mut s: u16, d: isize| loop {
                        s = (s as isize + d) as u16;
                        if !piece::is_clear(pos.cell(s)) {
                            return s;
                        }
                    };
                    for line in [Line::Straight, Line::Diagonal, Line::Knight] {
                        let mut steps = Vec::new();
                        pos.first_two(o, sq, line, |d, first, second| {
                            steps.push(d);
                            assert_eq!(first, next(sq, d), "{name} {pos:?} {sq} {d}");
                            if pos.cell(first) != piece::OFF {
                                assert_eq!(second, next(first, d), "{name} {pos:?} {sq} {d}");
                            }
                        });
                        assert_eq!(steps, o.steps(line), "{name}");
                    }
                }
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                // Captures where there are some, so that the board empties.
                let captures: Vec<_> = moves.iter().filter(|m| pos.is_tactical(m)).collect();
                let pick = if captures.is_empty() {
                    moves.get(ply * 7 % moves.len().max(1))
                } else {
                    Some(captures[ply % captures.len()])
                };
                let Some(mv) = pick else { break };
                pos = pos.play(mv);
            }
        }
    }
}
