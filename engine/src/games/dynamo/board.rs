//! Squares, pieces and the check test of Dynamo ("could be pushed or pulled off", rules page 3.3).

use crate::core::Color;

/// Piece codes: the type in the low three bits, `BLACK` set for Black; 0 is an empty square.
pub const EMPTY: u8 = 0;
pub const PAWN: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const BISHOP: u8 = 3;
pub const ROOK: u8 = 4;
pub const QUEEN: u8 = 5;
pub const KING: u8 = 6;
pub const BLACK: u8 = 8;

/// The destination of a piece that leaves the board.
pub const OFF: u8 = 64;

pub type Board = [u8; 64];

pub use crate::core::geometry::{ALL_LINES, DIAGONAL, KNIGHT as KNIGHT_LEAPS, ORTHOGONAL};

#[inline]
pub fn kind(piece: u8) -> u8 {
    piece & 7
}

#[inline]
pub fn color_of(piece: u8) -> Color {
    if piece & BLACK != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
pub fn make(color: Color, kind: u8) -> u8 {
    match color {
        Color::White => kind,
        Color::Black => kind | BLACK,
    }
}

#[inline]
pub fn file(sq: u8) -> i8 {
    (sq & 7) as i8
}

#[inline]
pub fn rank(sq: u8) -> i8 {
    (sq >> 3) as i8
}

/// The square `(dx, dy)` away, or `None` beyond the edge.
#[inline]
pub fn offset(sq: u8, (dx, dy): (i8, i8)) -> Option<u8> {
    let f = file(sq) + dx;
    let r = rank(sq) + dy;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as u8)
    } else {
        None
    }
}

/// +1 rank for White, -1 for Black.
#[inline]
pub fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The rank (0-based) on which a pawn of `color` promotes.
#[inline]
pub fn promotion_rank(color: Color) -> i8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The lines a slider of `kind` moves along (empty for other pieces).
#[inline]
pub fn slider_lines(kind: u8) -> &'static [(i8, i8)] {
    match kind {
        BISHOP => &DIAGONAL,
        ROOK => &ORTHOGONAL,
        QUEEN => &ALL_LINES,
        _ => &[],
    }
}

#[inline]
pub fn is_diagonal((dx, dy): (i8, i8)) -> bool {
    dx != 0 && dy != 0
}

/// Does a slider of `kind` move along `dir` (a unit step)?
#[inline]
pub fn slides_along(kind: u8, dir: (i8, i8)) -> bool {
    match kind {
        QUEEN => true,
        ROOK => !is_diagonal(dir),
        BISHOP => is_diagonal(dir),
        _ => false,
    }
}

/// Is every square from `sq + dir` to the edge empty (vacuously so on the edge)?
#[inline]
pub fn clear_to_edge(board: &Board, sq: u8, dir: (i8, i8)) -> bool {
    let mut cur = sq;
    while let Some(next) = offset(cur, dir) {
        if board[next as usize] != EMPTY {
            return false;
        }
        cur = next;
    }
    true
}

/// The first occupied square from `sq` along `dir` (not `sq` itself).
#[inline]
pub fn first_piece(board: &Board, sq: u8, dir: (i8, i8)) -> Option<u8> {
    let mut cur = sq;
    while let Some(next) = offset(cur, dir) {
        if board[next as usize] != EMPTY {
            return Some(next);
        }
        cur = next;
    }
    None
}

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

/// The occupied squares of a board as a bitboard (bit `sq` set when `board[sq]` holds a piece).
pub fn occupancy(board: &Board) -> u64 {
    board
        .iter()
        .enumerate()
        .fold(0, |occ, (sq, &p)| occ | ((p != EMPTY) as u64) << sq)
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

pub fn square_name(sq: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + (sq & 7)) as char);
    s.push((b'1' + (sq >> 3)) as char);
    s
}

/// Reads `e4`-style square names.
pub fn parse_square(text: &[u8]) -> Option<u8> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}

/// FEN letter of a piece (uppercase White).
pub fn piece_letter(piece: u8) -> char {
    let c = match kind(piece) {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        _ => 'k',
    };
    if color_of(piece) == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The piece's name.
pub fn piece_name(piece: u8) -> &'static str {
    match kind(piece) {
        PAWN => "Pawn",
        KNIGHT => "Knight",
        BISHOP => "Bishop",
        ROOK => "Rook",
        QUEEN => "Queen",
        _ => "King",
    }
}

/// The piece of a FEN letter.
pub fn piece_from_letter(c: char) -> Option<u8> {
    let kind = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(make(color, kind))
}
