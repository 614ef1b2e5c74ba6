//! The board: a flat mailbox of 288 bytes (kind, and colour in bit 4), the piece kinds, the
//! Zobrist keys, and how a move changes the state.

use super::geometry::*;
use super::moves::Move;
use super::Dragonchess;
use crate::core::zobrist::KeyGenerator;
use crate::core::Color;

/// The 15 piece kinds, numbered as stored in the board bytes (colour in bit 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Sylph = 1,
    Griffon,
    Dragon,
    Warrior,
    Oliphant,
    Unicorn,
    Hero,
    Thief,
    Cleric,
    Mage,
    King,
    Paladin,
    Dwarf,
    Basilisk,
    Elemental,
}

impl Kind {
    pub const ALL: [Kind; 15] = [
        Kind::Sylph,
        Kind::Griffon,
        Kind::Dragon,
        Kind::Warrior,
        Kind::Oliphant,
        Kind::Unicorn,
        Kind::Hero,
        Kind::Thief,
        Kind::Cleric,
        Kind::Mage,
        Kind::King,
        Kind::Paladin,
        Kind::Dwarf,
        Kind::Basilisk,
        Kind::Elemental,
    ];

    /// Index 0..15 for tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }

    pub(super) fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Letter in position strings (uppercase, Gold's form).
    pub fn letter(self) -> char {
        b"SGRWOUHTCMKPDBE"[self.index()] as char
    }

    /// Prefix in human move text (`Dr` for the Dragon, as the seed writes it).
    pub fn human(self) -> &'static str {
        [
            "S", "G", "Dr", "W", "O", "U", "H", "T", "C", "M", "K", "P", "D", "B", "E",
        ][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let upper = c.to_ascii_uppercase();
        "SGRWOUHTCMKPDBE"
            .find(upper)
            .filter(|_| c.is_ascii_alphabetic())
            .map(Kind::from_index)
    }
}

pub(super) const EMPTY: u8 = 0;
const SCARLET_BIT: u8 = 16;

#[inline]
pub(super) fn code(color: Color, kind: Kind) -> u8 {
    kind as u8
        | if color == Color::Black {
            SCARLET_BIT
        } else {
            0
        }
}

#[inline]
pub(super) fn color_of(piece: u8) -> Color {
    if piece & SCARLET_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
pub(super) fn kind_of(piece: u8) -> Kind {
    Kind::from_index((piece & 15) as usize - 1)
}

/// +1 rank for Gold, -1 for Scarlet.
#[inline]
pub(super) fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

pub(super) struct Keys {
    pieces: Vec<[u64; SQUARES]>,
    pub(super) scarlet_to_move: u64,
}

pub(super) static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(|| {
    let mut gen = KeyGenerator::new(0xD4A6_0C4E_5500_0003);
    let pieces = (0..32)
        .map(|_| std::array::from_fn(|_| gen.next()))
        .collect();
    Keys {
        pieces,
        scarlet_to_move: gen.next(),
    }
});

#[inline]
pub(super) fn piece_key(piece: u8, sq: usize) -> u64 {
    KEYS.pieces[piece as usize][sq]
}

/// The Sylphs' start squares on the upper board: files a, c, ..., k of rank 2 (Gold) or 7.
pub(super) fn sylph_homes(color: Color) -> [usize; 6] {
    let r = match color {
        Color::White => 1,
        Color::Black => 6,
    };
    std::array::from_fn(|i| square(UPPER, r, 2 * i))
}

impl Dragonchess {
    /// Colour and kind of the piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: usize) -> Option<(Color, Kind)> {
        let p = self.board[sq];
        (p != EMPTY).then(|| (color_of(p), kind_of(p)))
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub fn king_square(&self, color: Color) -> usize {
        self.kings[color.index()] as usize
    }

    /// Is the piece on `sq` frozen by an enemy Basilisk directly below it?
    #[inline]
    pub fn is_frozen(&self, sq: usize) -> bool {
        frozen(&self.board, sq)
    }

    pub(super) fn place(&mut self, sq: usize, piece: u8) {
        self.board[sq] = piece;
        self.key ^= piece_key(piece, sq);
    }

    pub(super) fn remove(&mut self, sq: usize) -> u8 {
        let piece = self.board[sq];
        if piece != EMPTY {
            self.key ^= piece_key(piece, sq);
            self.board[sq] = EMPTY;
        }
        piece
    }

    /// The state after `mv`, which must be legal here.
    pub(super) fn apply(&self, mv: &Move) -> Self {
        let mut next = self.clone();
        let (from, to) = (mv.from(), mv.to());
        let mover = self.board[from];
        let kind = kind_of(mover);
        if mv.is_remote() {
            next.remove(to);
        } else {
            next.remove(from);
            next.remove(to);
            let placed = if mv.is_promotion() {
                code(self.side, Kind::Hero)
            } else {
                mover
            };
            next.place(to, placed);
            if kind == Kind::King {
                next.kings[self.side.index()] = to as u16;
            }
        }
        let irreversible =
            mv.is_capture() || matches!(kind, Kind::Warrior | Kind::Dwarf | Kind::Sylph);
        next.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !self.side;
        next.key ^= KEYS.scarlet_to_move;
        next
    }

    /// The same position with the other side to move.
    pub(super) fn pass(&self) -> Self {
        let mut next = self.clone();
        next.side = !self.side;
        next.key ^= KEYS.scarlet_to_move;
        next.halfmove = self.halfmove.saturating_add(1);
        next
    }
}

#[inline]
pub(super) fn frozen(board: &[u8; SQUARES], sq: usize) -> bool {
    level(sq) == MIDDLE && {
        let p = board[sq];
        p != EMPTY && board[sq - LEVEL_SIZE] == code(!color_of(p), Kind::Basilisk)
    }
}

#[inline]
pub(super) fn above(sq: usize) -> Option<usize> {
    (level(sq) < UPPER).then_some(sq + LEVEL_SIZE)
}

#[inline]
pub(super) fn below(sq: usize) -> Option<usize> {
    (level(sq) > LOWER).then(|| sq - LEVEL_SIZE)
}
