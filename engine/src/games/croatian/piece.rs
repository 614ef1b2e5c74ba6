//! Piece codes: one byte per field holds kind, colour and the piece's tag, so copying the
//! board copies the tags with their pieces (tags belong to pieces, L4110-4118).

use crate::core::Color;

/// Every piece of the family (book Table 4), in the order of its letters `PNBRQKEAUWTCOGSHMI`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Pawn = 1,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Pegasus,
    Pyramid,
    Unicorn,
    Wave,
    Star,
    Centaur,
    Scout,
    Grenadier,
    Serpent,
    Shaman,
    Monolith,
    Starchild,
}

pub const LETTERS: &[u8; 18] = b"PNBRQKEAUWTCOGSHMI";

impl Kind {
    pub const COUNT: usize = 18;

    pub fn from_index(i: u8) -> Option<Kind> {
        use Kind::*;
        const ALL: [Kind; 18] = [
            Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star,
            Centaur, Scout, Grenadier, Serpent, Shaman, Monolith, Starchild,
        ];
        ALL.get((i as usize).wrapping_sub(1)).copied()
    }

    /// The uppercase letter.
    pub fn letter(self) -> char {
        LETTERS[self as usize - 1] as char
    }

    /// The piece's name in the book.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; Kind::COUNT] = [
            "Pawn",
            "Knight",
            "Bishop",
            "Rook",
            "Queen",
            "King",
            "Pegasus",
            "Pyramid",
            "Unicorn",
            "Wave",
            "Star",
            "Centaur",
            "Scout",
            "Grenadier",
            "Serpent",
            "Shaman",
            "Monolith",
            "Starchild",
        ];
        NAMES[self as usize - 1]
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let upper = c.to_ascii_uppercase() as u8;
        LETTERS
            .iter()
            .position(|&l| l == upper)
            .and_then(|i| Kind::from_index(i as u8 + 1))
    }
}

/// A tag a piece carries (L4110-4118); at most one per piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Tag {
    None = 0,
    /// Initial Pawn: may rush (`|`).
    Rush = 1,
    /// Initial King or Rook: may castle (`&`).
    Castle = 2,
    /// Pawn tagged for delayed promotion (`=`).
    Promotion = 3,
}

impl Tag {
    pub fn from_bits(bits: u8) -> Tag {
        match bits & 3 {
            1 => Tag::Rush,
            2 => Tag::Castle,
            3 => Tag::Promotion,
            _ => Tag::None,
        }
    }

    /// The tag character of our position strings.
    pub fn symbol(self) -> &'static str {
        match self {
            Tag::None => "",
            Tag::Rush => "|",
            Tag::Castle => "&",
            Tag::Promotion => "=",
        }
    }
}

/// Field contents: 0 is empty, `OFF` is a sentinel outside the board; otherwise
/// bits 0-4 kind, bit 5 colour (set = dark), bits 6-7 tag.
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const OFF: Cell = 0x1F;
const KIND_MASK: u8 = 0x1F;
const DARK: u8 = 0x20;
const TAG_SHIFT: u8 = 6;

#[inline]
pub fn make(kind: Kind, color: Color, tag: Tag) -> Cell {
    kind as u8 | if color == Color::Black { DARK } else { 0 } | (tag as u8) << TAG_SHIFT
}

/// True for a real piece (neither empty nor off-board).
#[inline]
pub fn is_piece(c: Cell) -> bool {
    c != EMPTY && c != OFF
}

#[inline]
pub fn kind_bits(c: Cell) -> u8 {
    c & KIND_MASK
}

#[inline]
pub fn kind(c: Cell) -> Kind {
    Kind::from_index(c & KIND_MASK).unwrap_or(Kind::Pawn)
}

#[inline]
pub fn color(c: Cell) -> Color {
    if c & DARK != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
pub fn tag(c: Cell) -> Tag {
    Tag::from_bits(c >> TAG_SHIFT)
}

#[inline]
pub fn untagged(c: Cell) -> Cell {
    c & (KIND_MASK | DARK)
}

#[inline]
pub fn with_tag(c: Cell, t: Tag) -> Cell {
    untagged(c) | (t as u8) << TAG_SHIFT
}

/// A Wave of either colour: transparent to every moving piece and to attacks (L722, L816).
#[inline]
pub fn is_wave(c: Cell) -> bool {
    c & KIND_MASK == Kind::Wave as u8
}

/// A Star or a Monolith: pieces nobody owns (L3996) that a non-Wave piece entering them
/// teleports through (L1396, L3223).
#[inline]
pub fn is_teleporter(c: Cell) -> bool {
    let k = c & KIND_MASK;
    k == Kind::Star as u8 || k == Kind::Monolith as u8
}

/// A Monolith (Discovery on): stored as a light piece, moved by either player (section 4.6.1).
#[inline]
pub fn is_monolith(c: Cell) -> bool {
    c & KIND_MASK == Kind::Monolith as u8
}

/// A private: Pawn, Scout or Grenadier (L4014); privates rush and take each other en passant.
#[inline]
pub fn is_private(k: Kind) -> bool {
    matches!(k, Kind::Pawn | Kind::Scout | Kind::Grenadier)
}

/// A Starchild of either colour (One): transparent to every moving piece and to attacks
/// (section 2.2, OQ-32).
#[inline]
pub fn is_starchild(c: Cell) -> bool {
    c & KIND_MASK == Kind::Starchild as u8
}

/// Empty, a Wave or a Starchild: what a sliding piece or an attack ray passes.
#[inline]
pub fn is_clear(c: Cell) -> bool {
    c == EMPTY || is_wave(c) || is_starchild(c)
}

/// Piece of `kind` and `color`, ignoring tags.
#[inline]
pub fn is(c: Cell, k: Kind, col: Color) -> bool {
    untagged(c) == make(k, col, Tag::None)
}

/// 0..36: index of kind and colour for key tables.
#[inline]
pub fn code(c: Cell) -> usize {
    let k = (c & KIND_MASK) as usize - 1;
    k + if c & DARK != 0 { Kind::COUNT } else { 0 }
}

/// The letter as written in position strings: uppercase light, lowercase dark.
pub fn fen_letter(c: Cell) -> char {
    let l = kind(c).letter();
    if color(c) == Color::Black {
        l.to_ascii_lowercase()
    } else {
        l
    }
}

/// The steps of the family's leapers and riders as (files, ranks): the Knight's (a Pegasus
/// rides them), the Rook's and Bishop's, and the Unicorn's long jumps.
pub mod steps {
    pub const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    pub const ORTH: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    pub const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    pub const LONG: [(i8, i8); 16] = [
        (4, 1),
        (4, -1),
        (-4, 1),
        (-4, -1),
        (1, 4),
        (1, -4),
        (-1, 4),
        (-1, -4),
        (3, 2),
        (3, -2),
        (-3, 2),
        (-3, -2),
        (2, 3),
        (2, -3),
        (-2, 3),
        (-2, -3),
    ];
}
