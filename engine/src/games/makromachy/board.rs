//! The board: geometry, piece codes and letters, the Zobrist keys, and how a move changes the
//! state.
//!
//! The board is a padded mailbox: 14x14 playing squares in rows of 17 cells, with three
//! sentinel ranks below and above and three sentinel cells between the end of one row and the
//! start of the next (shared by the left and right sides), so that the longest leaps (Camel
//! (1,3), Zebra (2,3)) and every ray stop on an `OFF` cell without bounds checks. 343 cells.
//! Measured (start position perft 4, 17,452,279 leaves, CPU time on a loaded machine): this
//! 17-wide layout and a 20x20 one (separate side padding) both took 0.86-0.88 s; the narrower
//! one is kept because a position is copied on every move and it is 57 bytes smaller.
//! Bitboards were not tried: 196 squares need four words and the flying, hopping and bent
//! movers would need ray tables per occupancy, while the mailbox reaches ~20 M perft leaves per
//! CPU-second with a full King-safety test per move, and ~44 M when moves that touch none of
//! the King's lines skip it and the others look along the touched rays only
//! (`movegen::is_legal`).

use super::moves::{Move, MoveKind};
use super::Makromachy;
use crate::core::zobrist::KeyGenerator;
use crate::core::Color;

pub const WIDTH: i16 = 17;
pub const PAD: i16 = 3;
pub const FILES: usize = 14;
pub const RANKS: usize = 14;
/// The last row's right padding wraps past the top sentinel ranks: `PAD` extra cells.
pub const CELLS: usize = (WIDTH * (RANKS as i16 + 2 * PAD) + PAD) as usize;

/// An empty playing square.
pub const EMPTY: u8 = 0;
/// A sentinel outside the board.
pub const OFF: u8 = 0xFF;
/// Black pieces are `type | BLACK_BIT`.
pub const BLACK_BIT: u8 = 32;

/// Piece types. The numbering is the index into every per-type table.
pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const BISHOP: u8 = 4;
pub const KNIGHT: u8 = 5;
pub const TERROR: u8 = 6;
pub const EAGLE: u8 = 7;
pub const RAVEN: u8 = 8;
pub const BAT: u8 = 9;
pub const ARCHER: u8 = 10;
pub const MARSHALL: u8 = 11;
pub const ARCHBISHOP: u8 = 12;
pub const GRIFFON: u8 = 13;
pub const RHINO: u8 = 14;
pub const DRAGON_KING: u8 = 15;
pub const DRAGON_HORSE: u8 = 16;
pub const CHAMPION: u8 = 17;
pub const CAMEL: u8 = 18;
pub const ZEBRA: u8 = 19;
pub const ELEPHANT: u8 = 20;
pub const CANNON: u8 = 21;
pub const VAO: u8 = 22;
pub const WARRIOR: u8 = 23;
pub const PAWN: u8 = 24;
pub const PIECE_TYPES: usize = 24;

/// Position-string letters (Jocly abbreviations), indexed by piece type.
pub const LETTERS: &[u8; 25] = b".KQRBNTLFSOMAGUDHIJZECVWP";

/// Full names, indexed by piece type.
pub const NAMES: [&str; 25] = [
    "",
    "King",
    "Queen",
    "Rook",
    "Bishop",
    "Knight",
    "Terror",
    "Eagle",
    "Raven",
    "Bat",
    "Archer",
    "Marshall",
    "Archbishop",
    "Griffon",
    "Rhino",
    "Dragon King",
    "Dragon Horse",
    "Champion",
    "Camel",
    "Zebra",
    "Elephant",
    "Cannon",
    "Vao",
    "Warrior",
    "Pawn",
];

/// The 16 promotion choices, in the order moves are generated.
pub const PROMOTIONS: [u8; 16] = [
    QUEEN,
    ROOK,
    BISHOP,
    KNIGHT,
    ELEPHANT,
    CANNON,
    VAO,
    CHAMPION,
    CAMEL,
    ZEBRA,
    MARSHALL,
    ARCHBISHOP,
    GRIFFON,
    RHINO,
    DRAGON_KING,
    DRAGON_HORSE,
];

#[inline]
pub const fn piece(color: Color, kind: u8) -> u8 {
    match color {
        Color::White => kind,
        Color::Black => kind | BLACK_BIT,
    }
}

#[inline]
pub const fn kind_of(code: u8) -> u8 {
    code & 31
}

/// Colour of a piece code (not of EMPTY/OFF).
#[inline]
pub const fn color_of(code: u8) -> Color {
    if code & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
pub const fn is_piece(code: u8) -> bool {
    code != EMPTY && code != OFF
}

/// Mailbox index of (file, rank), both 0-based.
#[inline]
pub const fn square(file: usize, rank: usize) -> u16 {
    ((rank as i16 + PAD) * WIDTH + file as i16 + PAD) as u16
}

#[inline]
pub const fn file_of(sq: u16) -> usize {
    (sq as i16 % WIDTH - PAD) as usize
}

#[inline]
pub const fn rank_of(sq: u16) -> usize {
    (sq as i16 / WIDTH - PAD) as usize
}

/// 0..196 index of a playing square (for key and evaluation tables).
#[inline]
pub const fn dense(sq: u16) -> usize {
    rank_of(sq) * FILES + file_of(sq)
}

/// Is this mailbox index a playing square?
pub const fn on_board(index: i32) -> bool {
    if index < 0 || index >= CELLS as i32 {
        return false;
    }
    let f = index % WIDTH as i32 - PAD as i32;
    let r = index / WIDTH as i32 - PAD as i32;
    f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32
}

/// Square name, `a1` .. `n14`.
pub fn square_name(sq: u16) -> String {
    crate::core::square::square_name(file_of(sq) as u8, rank_of(sq) as u8)
}

/// Reads a square name at the start of `text`; returns the square and the bytes used.
pub fn read_square(text: &[u8]) -> Option<(u16, usize)> {
    crate::core::square::read_square(text, FILES as u8, RANKS as u8)
        .map(|(name, used)| (square(name.file as usize, name.rank as usize), used))
}

/// A vector (dx, dy) as a mailbox offset.
pub const fn offset(dx: i16, dy: i16) -> i16 {
    dy * WIDTH + dx
}

pub const ORTH: [i16; 4] = [offset(1, 0), offset(-1, 0), offset(0, 1), offset(0, -1)];
pub const DIAG: [i16; 4] = [offset(1, 1), offset(-1, 1), offset(1, -1), offset(-1, -1)];
pub const ALL8: [i16; 8] = [
    offset(1, 0),
    offset(-1, 0),
    offset(0, 1),
    offset(0, -1),
    offset(1, 1),
    offset(-1, 1),
    offset(1, -1),
    offset(-1, -1),
];
pub const KNIGHT_LEAPS: [i16; 8] = [
    offset(1, 2),
    offset(-1, 2),
    offset(1, -2),
    offset(-1, -2),
    offset(2, 1),
    offset(-2, 1),
    offset(2, -1),
    offset(-2, -1),
];
pub const CAMEL_LEAPS: [i16; 8] = [
    offset(1, 3),
    offset(-1, 3),
    offset(1, -3),
    offset(-1, -3),
    offset(3, 1),
    offset(-3, 1),
    offset(3, -1),
    offset(-3, -1),
];
pub const ZEBRA_LEAPS: [i16; 8] = [
    offset(2, 3),
    offset(-2, 3),
    offset(2, -3),
    offset(-2, -3),
    offset(3, 2),
    offset(-3, 2),
    offset(3, -2),
    offset(-3, -2),
];

/// Bent sliders as (first step, continuing direction) pairs.
/// Griffon: a diagonal step, then outward along either orthogonal component.
pub const GRIFFON_PATHS: [(i16, i16); 8] = [
    (offset(1, 1), offset(1, 0)),
    (offset(1, 1), offset(0, 1)),
    (offset(-1, 1), offset(-1, 0)),
    (offset(-1, 1), offset(0, 1)),
    (offset(1, -1), offset(1, 0)),
    (offset(1, -1), offset(0, -1)),
    (offset(-1, -1), offset(-1, 0)),
    (offset(-1, -1), offset(0, -1)),
];
/// Rhino: an orthogonal step, then outward along either diagonal that continues it.
pub const RHINO_PATHS: [(i16, i16); 8] = [
    (offset(1, 0), offset(1, 1)),
    (offset(1, 0), offset(1, -1)),
    (offset(-1, 0), offset(-1, 1)),
    (offset(-1, 0), offset(-1, -1)),
    (offset(0, 1), offset(1, 1)),
    (offset(0, 1), offset(-1, 1)),
    (offset(0, -1), offset(1, -1)),
    (offset(0, -1), offset(-1, -1)),
];

/// Forward offset for a side.
#[inline]
pub const fn forward(color: Color) -> i16 {
    match color {
        Color::White => WIDTH,
        Color::Black => -WIDTH,
    }
}

/// The rank (0-based) a side's Pawns start on and may push 2 or 3 from.
#[inline]
pub const fn pawn_rank(color: Color) -> usize {
    match color {
        Color::White => 3,
        Color::Black => 10,
    }
}

/// The rank (0-based) a side promotes on.
#[inline]
pub const fn last_rank(color: Color) -> usize {
    match color {
        Color::White => 13,
        Color::Black => 0,
    }
}

/// The back rank (0-based) of a side.
#[inline]
pub const fn back_rank(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 13,
    }
}

/// Castling rights bits: White a-side, White n-side, Black a-side, Black n-side.
pub const CASTLE_WA: u8 = 1;
pub const CASTLE_WN: u8 = 2;
pub const CASTLE_BA: u8 = 4;
pub const CASTLE_BN: u8 = 8;
/// The King's start file (i).
pub const KING_FILE: usize = 8;

/// The corner square of castling right bit `bit`.
pub const fn castle_corner(bit: u8) -> u16 {
    match bit {
        CASTLE_WA => square(0, 0),
        CASTLE_WN => square(13, 0),
        CASTLE_BA => square(0, 13),
        _ => square(13, 13),
    }
}

/// Rights that survive a move touching `sq` (as origin, destination or capture square).
pub const fn castle_keep(sq: u16) -> u8 {
    let all = CASTLE_WA | CASTLE_WN | CASTLE_BA | CASTLE_BN;
    if sq == square(0, 0) {
        all & !CASTLE_WA
    } else if sq == square(13, 0) {
        all & !CASTLE_WN
    } else if sq == square(0, 13) {
        all & !CASTLE_BA
    } else if sq == square(13, 13) {
        all & !CASTLE_BN
    } else if sq == square(KING_FILE, 0) {
        all & !(CASTLE_WA | CASTLE_WN)
    } else if sq == square(KING_FILE, 13) {
        all & !(CASTLE_BA | CASTLE_BN)
    } else {
        all
    }
}

/// The empty board with sentinels.
pub const fn empty_board() -> [u8; CELLS] {
    let mut b = [OFF; CELLS];
    let mut i = 0;
    while i < CELLS {
        if on_board(i as i32) {
            b[i] = EMPTY;
        }
        i += 1;
    }
    b
}

pub(super) fn letter(code: u8) -> char {
    let c = LETTERS[kind_of(code) as usize] as char;
    if color_of(code) == Color::Black {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

pub(super) fn kind_from_letter(c: u8) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    LETTERS[1..]
        .iter()
        .position(|&l| l == upper)
        .map(|i| i as u8 + 1)
}

struct Keys {
    pieces: [[u64; FILES * RANKS]; 64],
    black_to_move: u64,
    castling: [u64; 16],
    ep_victim: [u64; FILES * RANKS],
    ep_target: [u64; FILES * RANKS],
}

static KEYS: Keys = {
    let mut g = KeyGenerator::new(0x4d41_4b52_4f4d_4143);
    let mut pieces = [[0u64; FILES * RANKS]; 64];
    let mut code = 0;
    while code < 64 {
        pieces[code] = g.table();
        code += 1;
    }
    let black_to_move = g.next();
    let mut castling = g.table::<16>();
    castling[0] = 0;
    Keys {
        pieces,
        black_to_move,
        castling,
        ep_victim: g.table(),
        ep_target: g.table(),
    }
};

impl Makromachy {
    /// The piece code on a square (`EMPTY` or a piece; see [`board`]).
    pub fn piece_at(&self, sq: u16) -> u8 {
        self.board[sq as usize]
    }

    /// The whole mailbox, sentinels included.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.board
    }

    pub fn king_square(&self, color: Color) -> u16 {
        self.king[color.index()]
    }

    pub(super) fn compute_key(&self) -> u64 {
        let mut key = 0;
        for rank in 0..RANKS {
            for file in 0..FILES {
                let sq = square(file, rank);
                let code = self.board[sq as usize];
                if is_piece(code) {
                    key ^= KEYS.pieces[code as usize][dense(sq)];
                }
            }
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key ^ KEYS.castling[self.castling as usize] ^ self.ep_key()
    }

    fn ep_key(&self) -> u64 {
        if self.ep_victim == 0 {
            return 0;
        }
        let mut k = KEYS.ep_victim[dense(self.ep_victim)];
        for &t in &self.ep_targets {
            if t != 0 {
                k ^= KEYS.ep_target[dense(t)];
            }
        }
        k
    }

    #[inline]
    pub(super) fn put(&mut self, sq: u16, code: u8) {
        let old = self.board[sq as usize];
        if is_piece(old) {
            self.key ^= KEYS.pieces[old as usize][dense(sq)];
        }
        if is_piece(code) {
            self.key ^= KEYS.pieces[code as usize][dense(sq)];
        }
        self.board[sq as usize] = code;
    }

    /// The state after `mv`, which must be legal here.
    pub(super) fn apply(&self, mv: &Move) -> Self {
        let mut next = self.clone();
        let us = self.side;
        let code = self.board[mv.from as usize];
        let kind = kind_of(code);
        let captured = match mv.kind {
            MoveKind::EnPassant | MoveKind::HitAndRun => self.board[mv.aux as usize],
            MoveKind::Castle => EMPTY,
            _ => self.board[mv.to as usize],
        };
        match mv.kind {
            MoveKind::Castle => {
                let dk = self.board[mv.aux as usize];
                next.put(mv.aux, EMPTY);
                next.put(mv.to, code);
                next.put(mv.from, dk);
            }
            MoveKind::EnPassant | MoveKind::HitAndRun => {
                next.put(mv.aux, EMPTY);
                next.put(mv.from, EMPTY);
                next.put(mv.to, code);
            }
            _ => {
                next.put(mv.from, EMPTY);
                let arriving = if mv.promo != 0 {
                    piece(us, mv.promo)
                } else {
                    code
                };
                next.put(mv.to, arriving);
            }
        }
        if kind == KING {
            next.king[us.index()] = mv.to;
        }
        next.key ^= KEYS.castling[self.castling as usize] ^ self.ep_key();
        next.castling &= castle_keep(mv.from) & castle_keep(mv.to);
        if mv.kind == MoveKind::HitAndRun {
            next.castling &= castle_keep(mv.aux);
        }
        next.ep_victim = 0;
        next.ep_targets = [0, 0];
        if mv.kind == MoveKind::Push {
            let fwd = forward(us);
            next.ep_victim = mv.to;
            let first = (mv.from as i16 + fwd) as u16;
            let second = (mv.from as i16 + 2 * fwd) as u16;
            // Ascending square order, as the position string writes them (ruling 12).
            next.ep_targets = if second == mv.to {
                [first, 0]
            } else {
                [first.min(second), first.max(second)]
            };
        }
        next.key ^= KEYS.castling[next.castling as usize] ^ next.ep_key();
        next.halfmove = if matches!(kind, PAWN | WARRIOR) || is_piece(captured) {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !us;
        next.key ^= KEYS.black_to_move;
        next
    }

    /// The same position with the other side to move and no en-passant right.
    pub(super) fn pass(&self) -> Self {
        let mut next = self.clone();
        next.key ^= self.ep_key() ^ KEYS.black_to_move;
        next.ep_victim = 0;
        next.ep_targets = [0, 0];
        next.side = !self.side;
        next.halfmove = next.halfmove.saturating_add(1);
        next
    }
}
