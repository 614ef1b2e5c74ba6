//! The board: 64 bytes of piece codes, the pieces and square geometry, the Zobrist keys, and how
//! a turn changes the state.

use super::moves::*;
use super::Dynamo;
use crate::core::zobrist::KeyGenerator;
use crate::core::{square, Color};

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

/// The occupied squares of a board as a bitboard (bit `sq` set when `board[sq]` holds a piece).
pub fn occupancy(board: &Board) -> u64 {
    board
        .iter()
        .enumerate()
        .fold(0, |occ, (sq, &p)| occ | ((p != EMPTY) as u64) << sq)
}

pub fn square_name(sq: u8) -> String {
    square::square_name(sq & 7, sq >> 3)
}

/// Reads `e4`-style square names.
pub fn parse_square(text: &[u8]) -> Option<u8> {
    match square::read_square(text, 8, 8) {
        Some((name, used)) if used == text.len() => Some(name.rank * 8 + name.file),
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

pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// The rights lost when a piece leaves `from`.
#[inline]
pub fn rights_lost_leaving(from: u8, piece: u8) -> u8 {
    match from {
        0 => CASTLE_WQ,
        7 => CASTLE_WK,
        56 => CASTLE_BQ,
        63 => CASTLE_BK,
        4 if piece == KING => CASTLE_WK | CASTLE_WQ,
        60 if piece == KING | BLACK => CASTLE_BK | CASTLE_BQ,
        _ => 0,
    }
}

/// Zobrist keys: pieces (16 codes x 64 squares), the last turn's squares before and after
/// (16 x 64 each), castling rights (16), side to move.
static KEYS: [u64; 3 * 1024 + 17] = KeyGenerator::new(0xD7A3_0000_0000_0007).table();

#[inline]
pub(super) fn piece_key(piece: u8, sq: u8) -> u64 {
    KEYS[(piece as usize) << 6 | sq as usize]
}

#[inline]
fn last_change_key(c: Change) -> u64 {
    let sq = change_square(c) as usize;
    KEYS[1024 + ((change_before(c) as usize) << 6 | sq)]
        ^ KEYS[2048 + ((change_after(c) as usize) << 6 | sq)]
}

#[inline]
fn castling_key(rights: u8) -> u64 {
    KEYS[3072 + rights as usize]
}

#[inline]
fn side_key() -> u64 {
    KEYS[3072 + 16]
}

impl Dynamo {
    pub(super) fn compute_key(&self) -> u64 {
        let mut key = castling_key(self.castling);
        for (sq, &p) in self.board.iter().enumerate() {
            if p != EMPTY {
                key ^= piece_key(p, sq as u8);
            }
        }
        for c in self.last.changes() {
            key ^= last_change_key(c);
        }
        if self.side == Color::Black {
            key ^= side_key();
        }
        key
    }

    /// The piece on `sq` (0 = a1 ... 63 = h8) as a FEN letter, `None` if empty.
    pub fn piece_at(&self, sq: u8) -> Option<(Color, char)> {
        let p = *self.board.get(sq as usize)?;
        (p != EMPTY).then(|| (color_of(p), piece_letter(p)))
    }

    /// The board as piece codes (see [`board`]), a1 first.
    pub fn squares(&self) -> &[u8; 64] {
        &self.board
    }

    /// The square of `color`'s King.
    pub fn king_square(&self, color: Color) -> u8 {
        self.kings[color.index()]
    }

    /// The last turn's effect (what the no-undo rule forbids undoing).
    pub fn last_turn(&self) -> Effect {
        self.last
    }

    /// The state after `mv`, which must be legal here.
    pub(super) fn apply(&self, mv: &Move) -> Self {
        let mut next = self.clone();
        let mut pawn_or_exit = false;
        let mut pieces_before = 0;
        let mut pieces_after = 0;
        for c in self.last.changes() {
            next.key ^= last_change_key(c);
        }
        for c in mv.effect.changes() {
            let sq = change_square(c);
            let (before, after) = (change_before(c), change_after(c));
            if before != EMPTY {
                next.key ^= piece_key(before, sq);
                pieces_before += 1;
            }
            if after != EMPTY {
                next.key ^= piece_key(after, sq);
                pieces_after += 1;
                if kind(after) == KING {
                    next.kings[color_of(after).index()] = sq;
                }
            }
            pawn_or_exit |= kind(before) == PAWN && before != EMPTY;
            pawn_or_exit |= kind(after) == PAWN && after != EMPTY;
            next.board[sq as usize] = after;
            next.occupied = next.occupied & !(1 << sq) | ((after != EMPTY) as u64) << sq;
            next.key ^= last_change_key(c);
        }
        pawn_or_exit |= pieces_after < pieces_before;
        next.key ^= castling_key(self.castling) ^ castling_key(mv.castling);
        next.castling = mv.castling;
        next.halfmove = if pawn_or_exit {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !self.side;
        next.key ^= side_key();
        next.last = mv.effect;
        next
    }
}
