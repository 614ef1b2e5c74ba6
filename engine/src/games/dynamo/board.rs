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

/// Could a piece of `by` send the piece on `target` off the board with one action (rules page
/// 3.3)? Sliders push it out along their line or leave the board dragging it; leapers and pawns
/// push it one step over the edge.
pub fn threatened_off(board: &Board, target: u8, by: Color) -> bool {
    for dir in ALL_LINES {
        // The candidate slider sits on the other side: walk from the target against `dir`.
        let back = (-dir.0, -dir.1);
        if let Some(at) = first_piece(board, target, back) {
            let piece = board[at as usize];
            if piece != EMPTY
                && color_of(piece) == by
                && slides_along(kind(piece), dir)
                && (clear_to_edge(board, target, dir) || clear_to_edge(board, at, back))
            {
                return true;
            }
        }
    }
    for v in KNIGHT_LEAPS {
        if offset(target, v).is_none() {
            if let Some(at) = offset(target, (-v.0, -v.1)) {
                if board[at as usize] == make(by, KNIGHT) {
                    return true;
                }
            }
        }
    }
    for u in ALL_LINES {
        if offset(target, u).is_none() {
            if let Some(at) = offset(target, (-u.0, -u.1)) {
                if board[at as usize] == make(by, KING) {
                    return true;
                }
            }
        }
    }
    let f = forward(by);
    for dx in [-1, 1] {
        if offset(target, (dx, f)).is_none() {
            if let Some(at) = offset(target, (-dx, -f)) {
                if board[at as usize] == make(by, PAWN) {
                    return true;
                }
            }
        }
    }
    false
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
