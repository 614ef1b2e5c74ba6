//! Squares, bitboards and piece kinds of the 8x8 board.
//!
//! Squares are numbered `a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63`; bit `n` of a
//! [`Bitboard`] is square `n`.

use std::fmt;

use crate::core::{square, Color};

/// A set of squares, one bit per square (`a1` is bit 0, `h8` bit 63).
pub type Bitboard = u64;

pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;
pub const RANK_1: Bitboard = 0xFF;
pub const RANK_8: Bitboard = RANK_1 << 56;
pub const LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA;
pub const DARK_SQUARES: Bitboard = !LIGHT_SQUARES;

/// All squares of file `file` (0 = a).
pub const fn file_mask(file: u8) -> Bitboard {
    FILE_A << (file & 7)
}

/// All squares of rank `rank` (0 = the first rank).
pub const fn rank_mask(rank: u8) -> Bitboard {
    RANK_1 << (8 * (rank & 7))
}

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `index & 63`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index & 63)
    }

    /// `file` and `rank` count from 0 (`a`, first rank); both are taken modulo 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square((rank & 7) * 8 + (file & 7))
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    #[inline]
    pub const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// The same square seen from `color`'s side (rank mirrored for Black), for piece-square tables.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => Square(self.0 ^ 56),
        }
    }

    /// Reads `e4`-style text.
    pub fn parse(text: &str) -> Option<Square> {
        square::parse_square(text, 8, 8).map(|name| Square::from_coords(name.file, name.rank))
    }

    pub const fn file_char(self) -> char {
        square::file_letter(self.file())
    }

    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        square::SquareName {
            file: self.file(),
            rank: self.rank(),
        }
        .fmt(f)
    }
}

/// The squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// Iterates the squares of `bb`.
#[inline]
pub const fn squares(bb: Bitboard) -> Squares {
    Squares(bb)
}

/// The lowest square of a non-empty bitboard.
#[inline]
pub const fn lowest_square(bb: Bitboard) -> Square {
    Square((bb.trailing_zeros() & 63) as u8)
}

/// The kind of a piece, independent of its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceType {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl PieceType {
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter as SAN writes it (`P` for pawns, which SAN leaves out).
    pub const fn letter(self) -> char {
        match self {
            PieceType::Pawn => 'P',
            PieceType::Knight => 'N',
            PieceType::Bishop => 'B',
            PieceType::Rook => 'R',
            PieceType::Queen => 'Q',
            PieceType::King => 'K',
        }
    }

    /// Reads a piece letter of either case.
    pub fn from_letter(letter: char) -> Option<PieceType> {
        Some(match letter.to_ascii_uppercase() {
            'P' => PieceType::Pawn,
            'N' => PieceType::Knight,
            'B' => PieceType::Bishop,
            'R' => PieceType::Rook,
            'Q' => PieceType::Queen,
            'K' => PieceType::King,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceType,
}

impl Piece {
    /// FEN letter: upper case for White.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_fen_char(letter: char) -> Option<Piece> {
        let kind = PieceType::from_letter(letter)?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }
}
