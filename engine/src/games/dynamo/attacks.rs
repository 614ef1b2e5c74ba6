//! The check test of Dynamo: could a piece be pushed or pulled off the board by one action
//! (rules page 3.3)?

use super::board::*;
use super::Dynamo;
use crate::core::Color;

/// The squares from `sq` to the edge along `ALL_LINES[d]`, `sq` excluded.
pub static RAYS: [[u64; 64]; 8] = build_rays();
/// For each square, the squares whose contents decide whether a piece there could be pushed or
/// pulled off (its eight lines and its knight leaps): a turn that changes none of them leaves
/// that answer as it was.
pub static EXPULSION_FIELD: [u64; 64] = build_expulsion_field();
/// From where a knight, a King or a pawn of each colour pushes a piece on the square off the
/// board in one leap or step.
static KNIGHT_EXPELLERS: [u64; 64] = build_expellers(&KNIGHT_LEAPS);
static KING_EXPELLERS: [u64; 64] = build_expellers(&ALL_LINES);
static PAWN_EXPELLERS: [[u64; 64]; 2] = [
    build_expellers(&[(1, 1), (-1, 1)]),
    build_expellers(&[(1, -1), (-1, -1)]),
];

const fn on_board(f: i8, r: i8) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

const fn build_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = ALL_LINES[d];
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq & 7) as i8 + dx, (sq >> 3) as i8 + dy);
            while on_board(f, r) {
                rays[d][sq] |= 1 << (r * 8 + f);
                f += dx;
                r += dy;
            }
            sq += 1;
        }
        d += 1;
    }
    rays
}

const fn build_expulsion_field() -> [u64; 64] {
    let rays = build_rays();
    let knights = build_leap_targets(&KNIGHT_LEAPS);
    let mut field = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            field[sq] |= rays[d][sq];
            d += 1;
        }
        field[sq] |= knights[sq];
        sq += 1;
    }
    field
}

const fn build_leap_targets(leaps: &[(i8, i8)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < leaps.len() {
            let (f, r) = ((sq & 7) as i8 + leaps[i].0, (sq >> 3) as i8 + leaps[i].1);
            if on_board(f, r) {
                out[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// For each target, the squares `target - v` (on the board) for the leaps `v` that carry the
/// target off the board.
const fn build_expellers(leaps: &[(i8, i8)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq & 7) as i8, (sq >> 3) as i8);
        let mut i = 0;
        while i < leaps.len() {
            let (dx, dy) = leaps[i];
            if !on_board(f + dx, r + dy) && on_board(f - dx, r - dy) {
                out[sq] |= 1 << ((r - dy) * 8 + f - dx);
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// The nearest square of `squares` (a subset of a ray) along `ALL_LINES[d]`.
#[inline]
fn nearest(squares: u64, d: usize) -> u8 {
    let (dx, dy) = ALL_LINES[d];
    if dy > 0 || (dy == 0 && dx > 0) {
        squares.trailing_zeros() as u8
    } else {
        63 - squares.leading_zeros() as u8
    }
}

/// The index in `ALL_LINES` of the opposite direction.
#[inline]
fn opposite(d: usize) -> usize {
    const OPPOSITE: [usize; 8] = {
        let mut out = [0; 8];
        let mut d = 0;
        while d < 8 {
            let mut e = 0;
            while ALL_LINES[e].0 != -ALL_LINES[d].0 || ALL_LINES[e].1 != -ALL_LINES[d].1 {
                e += 1;
            }
            out[d] = e;
            d += 1;
        }
        out
    };
    OPPOSITE[d]
}

#[inline]
fn any_is(board: &Board, squares: u64, piece: u8) -> bool {
    let mut rest = squares;
    while rest != 0 {
        if board[rest.trailing_zeros() as usize] == piece {
            return true;
        }
        rest &= rest - 1;
    }
    false
}

/// Could a piece of `by` send the piece on `target` off the board with one action (rules page
/// 3.3)? Sliders push it out along their line or leave the board dragging it; leapers and pawns
/// push it one step over the edge. `occupied` is [`occupancy`] of `board`.
pub fn threatened_off(board: &Board, occupied: u64, target: u8, by: Color) -> bool {
    let t = target as usize;
    for d in 0..8 {
        // The candidate slider sits on the other side: the nearest piece against `d`.
        let back = opposite(d);
        let behind = RAYS[back][t] & occupied;
        if behind == 0 {
            continue;
        }
        let at = nearest(behind, back);
        let piece = board[at as usize];
        if color_of(piece) == by
            && slides_along(kind(piece), ALL_LINES[d])
            && (RAYS[d][t] & occupied == 0 || RAYS[back][at as usize] & occupied == 0)
        {
            return true;
        }
    }
    any_is(board, KNIGHT_EXPELLERS[t] & occupied, make(by, KNIGHT))
        || any_is(board, KING_EXPELLERS[t] & occupied, make(by, KING))
        || any_is(
            board,
            PAWN_EXPELLERS[by.index()][t] & occupied,
            make(by, PAWN),
        )
}

impl Dynamo {
    /// Can `by` send the piece on `sq` off the board with one action (rules page 3.3)?
    pub fn threatened_off(&self, sq: u8, by: Color) -> bool {
        threatened_off(&self.board, self.occupied, sq, by)
    }
}
