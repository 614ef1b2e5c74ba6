//! Dragonchess (Gary Gygax, 1985): three 12x8 levels, 15 piece kinds, Gold (White) moves first.
//!
//! Rules: `shared/seeds/dragonchess.txt` and the rulings of `shared/rules/dragonchess.md`.
//! The board is a flat `[u8; 288]` mailbox; per-square leap and ray tables live in [`geometry`].
//! Frozen pieces (enemy pieces directly above a Basilisk) are derived from the board, not stored.
//! A `Move` is a complete turn; the Dragon's remote capture is a move whose `to` is the captured
//! square and whose piece stays on `from`.
//!
//! Text forms (module `notation`): position strings as ruling 10 (the two move counters may be
//! left out on input: 0 and 1); wire moves `<from><to>` with level-prefixed squares (`2c22c3`);
//! human moves `<piece><from><sep><to>[=H]` as ruling 2.6.9 (`Dr3g1x3a7`, `Dr3c4:2c4`,
//! `W2c7-2c8=H`). `parse_move` reads both; in human text the piece letter and the separator are
//! optional but, when given, must fit the move.
//!
//! Readings decided here where the rules page is silent:
//! - the wire form of a remote capture is plain `from`+`to` (`3c42c4`): a Dragon never moves to the
//!   middle board, so the text names one move; `parse_move` also reads `3c4:2c4`;
//! - a promotion's wire form ends in `h` (`2c72c8h`); the text without it is read too;
//! - a position may hold at most 42 pieces per side (the start count), which bounds the move list;
//! - `ending` reports "Gold mates" / "Scarlet mates", "stalemate", "threefold repetition" and
//!   "100-ply rule".

pub mod geometry;
mod notation;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
mod view;

use arrayvec::ArrayVec;

use crate::core::view::{BoardView, MoveInput};
use crate::core::zobrist::KeyGenerator;
use crate::core::{repetitions, Color, Ending, Game, GameResult, MoveError, PositionError};
use geometry::*;

pub const VARIANT: &str = "dragonchess";

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

    fn from_index(i: usize) -> Kind {
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

    /// The piece's name in the rules.
    pub fn name(self) -> &'static str {
        [
            "Sylph",
            "Griffon",
            "Dragon",
            "Warrior",
            "Oliphant",
            "Unicorn",
            "Hero",
            "Thief",
            "Cleric",
            "Mage",
            "King",
            "Paladin",
            "Dwarf",
            "Basilisk",
            "Elemental",
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

const EMPTY: u8 = 0;
const SCARLET_BIT: u8 = 16;

#[inline]
fn code(color: Color, kind: Kind) -> u8 {
    kind as u8
        | if color == Color::Black {
            SCARLET_BIT
        } else {
            0
        }
}

#[inline]
fn color_of(piece: u8) -> Color {
    if piece & SCARLET_BIT != 0 {
        Color::Black
    } else {
        Color::White
    }
}

#[inline]
fn kind_of(piece: u8) -> Kind {
    Kind::from_index((piece & 15) as usize - 1)
}

/// +1 rank for Gold, -1 for Scarlet.
#[inline]
fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// One complete turn: from, to and flags packed in 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(u32);

const PROMOTION: u32 = 1 << 18;
const REMOTE: u32 = 1 << 19;
const CAPTURE: u32 = 1 << 20;

impl Move {
    fn new(from: usize, to: usize, flags: u32) -> Move {
        Move(from as u32 | (to as u32) << 9 | flags)
    }

    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 511) as usize
    }

    /// Where the piece lands, or for a remote capture the square of the removed piece.
    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 9 & 511) as usize
    }

    #[inline]
    pub fn is_capture(self) -> bool {
        self.0 & CAPTURE != 0
    }

    /// The Dragon's capture without moving.
    #[inline]
    pub fn is_remote(self) -> bool {
        self.0 & REMOTE != 0
    }

    #[inline]
    pub fn is_promotion(self) -> bool {
        self.0 & PROMOTION != 0
    }
}

/// Enough for 42 pieces of the side to move at their busiest (no piece has more than 34 moves:
/// a Mage in the middle of the middle board).
pub type Moves = ArrayVec<Move, 1536>;

/// Most pieces a side may have (the start count).
pub const MAX_PIECES_PER_SIDE: usize = 42;

struct Keys {
    pieces: Vec<[u64; SQUARES]>,
    scarlet_to_move: u64,
}

static KEYS: std::sync::LazyLock<Keys> = std::sync::LazyLock::new(|| {
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
fn piece_key(piece: u8, sq: usize) -> u64 {
    KEYS.pieces[piece as usize][sq]
}

/// The Sylphs' start squares on the upper board: files a, c, ..., k of rank 2 (Gold) or 7.
fn sylph_homes(color: Color) -> [usize; 6] {
    let r = match color {
        Color::White => 1,
        Color::Black => 6,
    };
    std::array::from_fn(|i| square(UPPER, r, 2 * i))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragonchess {
    board: [u8; SQUARES],
    side: Color,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    kings: [u16; 2],
}

impl Dragonchess {
    pub const START: &'static str = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1\
        |ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO\
        |2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

    pub fn start() -> Self {
        Self::parse(Self::START).expect("start position string is valid")
    }

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

    /// Could a piece of `by` capture on `sq` (frozen pieces attack nothing; pins do not matter)?
    pub fn attacked_by(&self, sq: usize, by: Color) -> bool {
        attacked_by(&self.board, sq, by)
    }

    /// Pseudo-legal moves of the piece on `sq` (ignoring own King's safety), for mobility terms.
    pub fn piece_mobility(&self, sq: usize) -> usize {
        let p = self.board[sq];
        if p == EMPTY || frozen(&self.board, sq) {
            return 0;
        }
        let mut count = 0;
        gen_piece(&self.board, sq, p, &mut |_| count += 1);
        count
    }

    fn place(&mut self, sq: usize, piece: u8) {
        self.board[sq] = piece;
        self.key ^= piece_key(piece, sq);
    }

    fn remove(&mut self, sq: usize) -> u8 {
        let piece = self.board[sq];
        if piece != EMPTY {
            self.key ^= piece_key(piece, sq);
            self.board[sq] = EMPTY;
        }
        piece
    }

    fn gen_legal(&self, out: &mut impl FnMut(Move)) {
        let us = self.side;
        let king = self.king_square(us);
        let checked = attacked_by(&self.board, king, !us);
        let pinned = pinned(&self.board, king, us);
        let mut scratch = self.board;
        for sq in 0..SQUARES {
            let p = self.board[sq];
            if p == EMPTY || color_of(p) != us || frozen(&self.board, sq) {
                continue;
            }
            let kind = kind_of(p);
            let always_test = checked
                || kind == Kind::King
                || kind == Kind::Basilisk
                || set_contains(&pinned, sq);
            gen_piece(&self.board, sq, p, &mut |mv: Move| {
                if (always_test || mv.is_remote()) && !safe_after(&mut scratch, mv, king, us) {
                    return;
                }
                out(mv);
            });
        }
    }
}

/// Own pieces whose leaving their square would open a blockable enemy attack on the King at
/// `king`: the lines of sliders on the middle board, of the Dragon on the upper board, the
/// Mage's two-board drop and the Elemental's paths through the lower board. (Moves that change
/// freezing, King moves and remote captures are tested anyway.)
fn pinned(board: &[u8; SQUARES], king: usize, us: Color) -> SquareSet {
    let t = tables();
    let them = !us;
    let mut set = [0u64; 5];
    let own = |s: usize| board[s] != EMPTY && color_of(board[s]) == us;
    let mut line_pins = |dirs: std::ops::Range<usize>, a: u8, b: u8| {
        for i in dirs {
            let mut occupied = t.rays[king][i]
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| board[s] != EMPTY);
            if let (Some(first), Some(second)) = (occupied.next(), occupied.next()) {
                if own(first)
                    && (board[second] == a || board[second] == b)
                    && !frozen(board, second)
                {
                    set_insert(&mut set, first);
                }
            }
        }
    };
    let mage = code(them, Kind::Mage);
    let elemental = code(them, Kind::Elemental);
    match level(king) {
        MIDDLE => {
            line_pins(0..4, code(them, Kind::Oliphant), mage);
            line_pins(4..8, code(them, Kind::Thief), mage);
            let under = king - LEVEL_SIZE;
            if own(under)
                && t.wazir[under]
                    .iter()
                    .any(|&s| board[s as usize] == elemental)
            {
                set_insert(&mut set, under);
            }
        }
        UPPER => {
            let dragon = code(them, Kind::Dragon);
            line_pins(4..8, dragon, dragon);
            let under = king - LEVEL_SIZE;
            if own(under) && board[under - LEVEL_SIZE] == mage {
                set_insert(&mut set, under);
            }
        }
        _ => {
            let over = king + LEVEL_SIZE;
            if own(over) && board[over + LEVEL_SIZE] == mage {
                set_insert(&mut set, over);
            }
            for (dr, df) in ORTHOGONAL {
                if let Some(next) = shift(king, 0, dr, df).filter(|&s| own(s)) {
                    let beyond = shift(next, 0, dr, df).is_some_and(|s| board[s] == elemental);
                    if beyond || board[next + LEVEL_SIZE] == elemental {
                        set_insert(&mut set, next);
                    }
                }
            }
        }
    }
    set
}

/// Makes `mv` on `board`, tests the mover's King and restores the board.
fn safe_after(board: &mut [u8; SQUARES], mv: Move, king: usize, us: Color) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let captured = board[to];
    if mv.is_remote() {
        board[to] = EMPTY;
        let safe = !attacked_by(board, king, !us);
        board[to] = captured;
        safe
    } else {
        let mover = board[from];
        board[to] = mover;
        board[from] = EMPTY;
        let king_now = if from == king { to } else { king };
        let safe = !attacked_by(board, king_now, !us);
        board[from] = mover;
        board[to] = captured;
        safe
    }
}

#[inline]
fn frozen(board: &[u8; SQUARES], sq: usize) -> bool {
    level(sq) == MIDDLE && {
        let p = board[sq];
        p != EMPTY && board[sq - LEVEL_SIZE] == code(!color_of(p), Kind::Basilisk)
    }
}

#[inline]
fn above(sq: usize) -> Option<usize> {
    (level(sq) < UPPER).then_some(sq + LEVEL_SIZE)
}

#[inline]
fn below(sq: usize) -> Option<usize> {
    (level(sq) > LOWER).then(|| sq - LEVEL_SIZE)
}

/// Every move of the piece `p` on `sq`, King safety aside.
fn gen_piece(board: &[u8; SQUARES], sq: usize, p: u8, emit: &mut impl FnMut(Move)) {
    let us = color_of(p);
    let t = tables();
    let lvl = level(sq);
    macro_rules! any {
        ($to:expr) => {
            step(board, sq, $to, us, emit)
        };
    }
    macro_rules! each {
        ($list:expr) => {
            for &s in $list.iter() {
                step(board, sq, s as usize, us, emit);
            }
        };
    }
    let fwd = forward(us);
    match kind_of(p) {
        Kind::Sylph => match lvl {
            UPPER => {
                for df in [-1, 1] {
                    if let Some(to) = shift(sq, 0, fwd, df) {
                        quiet(board, sq, to, emit);
                    }
                }
                if let Some(to) = shift(sq, 0, fwd, 0) {
                    capture(board, sq, to, us, emit);
                }
                capture(board, sq, sq - LEVEL_SIZE, us, emit);
            }
            MIDDLE => {
                let up = sq + LEVEL_SIZE;
                quiet(board, sq, up, emit);
                for home in sylph_homes(us) {
                    if home != up {
                        quiet(board, sq, home, emit);
                    }
                }
            }
            _ => {}
        },
        Kind::Griffon => match lvl {
            UPPER => {
                each!(t.zebra[sq]);
                each!(t.diag_below[sq]);
            }
            MIDDLE => {
                each!(t.ferz[sq]);
                each!(t.diag_above[sq]);
            }
            _ => {}
        },
        Kind::Dragon => {
            if lvl == UPPER {
                slide(board, sq, us, &t.rays[sq][4..], emit);
                each!(t.wazir[sq]);
                let under = sq - LEVEL_SIZE;
                for target in
                    std::iter::once(under).chain(t.wazir[under].iter().map(|&s| s as usize))
                {
                    let q = board[target];
                    if q != EMPTY && color_of(q) != us {
                        emit(Move::new(sq, target, CAPTURE | REMOTE));
                    }
                }
            }
        }
        Kind::Warrior => {
            if lvl == MIDDLE {
                let last = if us == Color::White { RANKS - 1 } else { 0 };
                if let Some(to) = shift(sq, 0, fwd, 0) {
                    if board[to] == EMPTY {
                        let promo = if rank(to) == last { PROMOTION } else { 0 };
                        emit(Move::new(sq, to, promo));
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = shift(sq, 0, fwd, df) {
                        let q = board[to];
                        if q != EMPTY && color_of(q) != us {
                            let promo = if rank(to) == last { PROMOTION } else { 0 };
                            emit(Move::new(sq, to, CAPTURE | promo));
                        }
                    }
                }
            }
        }
        Kind::Oliphant => {
            if lvl == MIDDLE {
                slide(board, sq, us, &t.rays[sq][..4], emit);
            }
        }
        Kind::Unicorn => {
            if lvl == MIDDLE {
                each!(t.knight[sq]);
            }
        }
        Kind::Thief => {
            if lvl == MIDDLE {
                slide(board, sq, us, &t.rays[sq][4..], emit);
            }
        }
        Kind::Hero => {
            if lvl == MIDDLE {
                each!(t.ferz[sq]);
                each!(t.alfil[sq]);
                each!(t.diag_above[sq]);
                each!(t.diag_below[sq]);
            } else if lvl == UPPER {
                each!(t.diag_below[sq]);
            } else {
                each!(t.diag_above[sq]);
            }
        }
        Kind::Cleric => {
            each!(t.king[sq]);
            if let Some(up) = above(sq) {
                any!(up);
            }
            if let Some(down) = below(sq) {
                any!(down);
            }
        }
        Kind::Mage => {
            if lvl == MIDDLE {
                slide(board, sq, us, &t.rays[sq], emit);
                any!(sq + LEVEL_SIZE);
                any!(sq - LEVEL_SIZE);
            } else {
                each!(t.wazir[sq]);
                let (near, far) = if lvl == UPPER {
                    (sq - LEVEL_SIZE, sq - 2 * LEVEL_SIZE)
                } else {
                    (sq + LEVEL_SIZE, sq + 2 * LEVEL_SIZE)
                };
                any!(near);
                if board[near] == EMPTY {
                    any!(far);
                }
            }
        }
        Kind::King => match lvl {
            MIDDLE => {
                each!(t.king[sq]);
                any!(sq + LEVEL_SIZE);
                any!(sq - LEVEL_SIZE);
            }
            UPPER => any!(sq - LEVEL_SIZE),
            _ => any!(sq + LEVEL_SIZE),
        },
        Kind::Paladin => {
            each!(t.king[sq]);
            if lvl == MIDDLE {
                each!(t.knight[sq]);
            }
            each!(t.paladin_3d[sq]);
        }
        Kind::Dwarf => {
            if lvl != UPPER {
                if let Some(to) = shift(sq, 0, fwd, 0) {
                    quiet(board, sq, to, emit);
                }
                for df in [-1, 1] {
                    if let Some(to) = shift(sq, 0, 0, df) {
                        quiet(board, sq, to, emit);
                    }
                    if let Some(to) = shift(sq, 0, fwd, df) {
                        capture(board, sq, to, us, emit);
                    }
                }
                if lvl == LOWER {
                    capture(board, sq, sq + LEVEL_SIZE, us, emit);
                } else {
                    quiet(board, sq, sq - LEVEL_SIZE, emit);
                }
            }
        }
        Kind::Basilisk => {
            if lvl == LOWER {
                for df in [-1, 0, 1] {
                    if let Some(to) = shift(sq, 0, fwd, df) {
                        any!(to);
                    }
                }
                if let Some(to) = shift(sq, 0, -fwd, 0) {
                    quiet(board, sq, to, emit);
                }
            }
        }
        Kind::Elemental => match lvl {
            LOWER => {
                for (dr, df) in ORTHOGONAL {
                    if let Some(one) = shift(sq, 0, dr, df) {
                        any!(one);
                        if board[one] == EMPTY {
                            if let Some(two) = shift(one, 0, dr, df) {
                                any!(two);
                            }
                            capture(board, sq, one + LEVEL_SIZE, us, emit);
                        }
                    }
                }
                t.ferz[sq]
                    .iter()
                    .for_each(|&s| quiet(board, sq, s as usize, emit));
            }
            MIDDLE => {
                let under = sq - LEVEL_SIZE;
                if board[under] == EMPTY {
                    each!(t.wazir[under]);
                }
            }
            _ => {}
        },
    }
}

#[inline]
fn quiet(board: &[u8; SQUARES], from: usize, to: usize, emit: &mut impl FnMut(Move)) {
    if board[to] == EMPTY {
        emit(Move::new(from, to, 0));
    }
}

#[inline]
fn capture(board: &[u8; SQUARES], from: usize, to: usize, us: Color, emit: &mut impl FnMut(Move)) {
    let q = board[to];
    if q != EMPTY && color_of(q) != us {
        emit(Move::new(from, to, CAPTURE));
    }
}

/// Move to an empty square or capture an enemy there.
#[inline]
fn step(board: &[u8; SQUARES], from: usize, to: usize, us: Color, emit: &mut impl FnMut(Move)) {
    let q = board[to];
    if q == EMPTY {
        emit(Move::new(from, to, 0));
    } else if color_of(q) != us {
        emit(Move::new(from, to, CAPTURE));
    }
}

fn slide(board: &[u8; SQUARES], from: usize, us: Color, rays: &[Ray], emit: &mut impl FnMut(Move)) {
    for ray in rays {
        for &s in ray {
            let s = s as usize;
            let q = board[s];
            if q == EMPTY {
                emit(Move::new(from, s, 0));
            } else {
                if color_of(q) != us {
                    emit(Move::new(from, s, CAPTURE));
                }
                break;
            }
        }
    }
}

/// Is `piece` on `sq` and able to act (not frozen)?
#[inline]
fn active(board: &[u8; SQUARES], sq: usize, piece: u8) -> bool {
    board[sq] == piece && !frozen(board, sq)
}

#[inline]
fn any_of(board: &[u8; SQUARES], squares: &[u16], piece: u8) -> bool {
    squares.iter().any(|&s| active(board, s as usize, piece))
}

/// Could a piece of colour `by` capture on `target`? Mirrors `gen_piece` backwards.
fn attacked_by(board: &[u8; SQUARES], target: usize, by: Color) -> bool {
    let t = tables();
    let fwd = forward(by);
    let pc = |k: Kind| code(by, k);
    let at = |dl: i32, dr: i32, df: i32, k: Kind| {
        shift(target, dl, dr, df).is_some_and(|s| active(board, s, pc(k)))
    };
    match level(target) {
        UPPER => {
            let under = target - LEVEL_SIZE;
            at(0, -fwd, 0, Kind::Sylph)
                || any_of(board, &t.zebra[target], pc(Kind::Griffon))
                || any_of(board, &t.wazir[target], pc(Kind::Dragon))
                || ray_hit(
                    board,
                    &t.rays[target][4..],
                    pc(Kind::Dragon),
                    pc(Kind::Dragon),
                )
                || t.diag_below[target].iter().any(|&s| {
                    let s = s as usize;
                    active(board, s, pc(Kind::Griffon)) || active(board, s, pc(Kind::Hero))
                })
                || t.king[target].iter().any(|&s| {
                    let q = board[s as usize];
                    q == pc(Kind::Cleric) || q == pc(Kind::Paladin)
                })
                || any_of(board, &t.wazir[target], pc(Kind::Mage))
                || [Kind::Cleric, Kind::Mage, Kind::King]
                    .iter()
                    .any(|&k| active(board, under, pc(k)))
                || (board[under] == EMPTY && board[under - LEVEL_SIZE] == pc(Kind::Mage))
                || any_of(board, &t.paladin_3d[target], pc(Kind::Paladin))
        }
        MIDDLE => {
            let over = target + LEVEL_SIZE;
            let under = target - LEVEL_SIZE;
            let up_q = board[over];
            let down_q = board[under];
            if up_q == pc(Kind::Sylph)
                || up_q == pc(Kind::Dragon)
                || t.wazir[target]
                    .iter()
                    .any(|&s| board[s as usize + LEVEL_SIZE] == pc(Kind::Dragon))
            {
                return true;
            }
            if [Kind::Cleric, Kind::Mage, Kind::King]
                .iter()
                .any(|&k| up_q == pc(k) || down_q == pc(k))
                || down_q == pc(Kind::Dwarf)
            {
                return true;
            }
            if at(0, -fwd, -1, Kind::Warrior)
                || at(0, -fwd, 1, Kind::Warrior)
                || at(0, -fwd, -1, Kind::Dwarf)
                || at(0, -fwd, 1, Kind::Dwarf)
            {
                return true;
            }
            if t.ferz[target].iter().any(|&s| {
                let s = s as usize;
                active(board, s, pc(Kind::Griffon)) || active(board, s, pc(Kind::Hero))
            }) || any_of(board, &t.alfil[target], pc(Kind::Hero))
                || t.diag_above[target].iter().any(|&s| {
                    let q = board[s as usize];
                    q == pc(Kind::Griffon) || q == pc(Kind::Hero)
                })
                || t.diag_below[target]
                    .iter()
                    .any(|&s| board[s as usize] == pc(Kind::Hero))
            {
                return true;
            }
            if t.king[target].iter().any(|&s| {
                let s = s as usize;
                active(board, s, pc(Kind::King))
                    || active(board, s, pc(Kind::Cleric))
                    || active(board, s, pc(Kind::Paladin))
            }) || t.knight[target].iter().any(|&s| {
                let s = s as usize;
                active(board, s, pc(Kind::Unicorn)) || active(board, s, pc(Kind::Paladin))
            }) || t.paladin_3d[target]
                .iter()
                .any(|&s| board[s as usize] == pc(Kind::Paladin))
            {
                return true;
            }
            if down_q == EMPTY
                && t.wazir[under]
                    .iter()
                    .any(|&s| board[s as usize] == pc(Kind::Elemental))
            {
                return true;
            }
            ray_hit(
                board,
                &t.rays[target][..4],
                pc(Kind::Oliphant),
                pc(Kind::Mage),
            ) || ray_hit(board, &t.rays[target][4..], pc(Kind::Thief), pc(Kind::Mage))
        }
        _ => {
            let over = target + LEVEL_SIZE;
            at(0, -fwd, -1, Kind::Dwarf)
                || at(0, -fwd, 1, Kind::Dwarf)
                || at(0, -fwd, -1, Kind::Basilisk)
                || at(0, -fwd, 0, Kind::Basilisk)
                || at(0, -fwd, 1, Kind::Basilisk)
                || ORTHOGONAL.iter().any(|&(dr, df)| {
                    let Some(one) = shift(target, 0, dr, df) else {
                        return false;
                    };
                    let q = board[one];
                    q == pc(Kind::Elemental)
                        || q == pc(Kind::Mage)
                        || (q == EMPTY
                            && (board[one + LEVEL_SIZE] == pc(Kind::Elemental)
                                || shift(one, 0, dr, df)
                                    .is_some_and(|two| board[two] == pc(Kind::Elemental))))
                })
                || any_of(board, &t.diag_above[target], pc(Kind::Hero))
                || t.king[target].iter().any(|&s| {
                    let q = board[s as usize];
                    q == pc(Kind::Cleric) || q == pc(Kind::Paladin)
                })
                || [Kind::Cleric, Kind::Mage, Kind::King]
                    .iter()
                    .any(|&k| active(board, over, pc(k)))
                || (board[over] == EMPTY && board[over + LEVEL_SIZE] == pc(Kind::Mage))
                || any_of(board, &t.paladin_3d[target], pc(Kind::Paladin))
        }
    }
}

/// Does the first piece along any of `rays` equal `a` or `b` (and act)?
#[inline]
fn ray_hit(board: &[u8; SQUARES], rays: &[Ray], a: u8, b: u8) -> bool {
    rays.iter().any(|ray| {
        ray.iter()
            .map(|&s| s as usize)
            .find(|&s| board[s] != EMPTY)
            .is_some_and(|s| {
                let q = board[s];
                (q == a || q == b) && !frozen(board, s)
            })
    })
}

impl Game for Dragonchess {
    type Move = Move;
    type MoveList = Moves;

    fn variants() -> &'static [&'static str] {
        &[VARIANT]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Ok(Self::start())
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Self::parse(text)
    }

    fn position_string(&self) -> String {
        notation::write_position(self)
    }

    fn variant(&self) -> &'static str {
        VARIANT
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Moves) {
        self.gen_legal(&mut |mv| out.push(mv));
    }

    fn play(&self, mv: &Move) -> Self {
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

    /// Passing is never a Dragonchess move, but zugzwang is rare enough for null-move pruning.
    fn null_move(&self) -> Option<Self> {
        let mut next = self.clone();
        next.side = !self.side;
        next.key ^= KEYS.scarlet_to_move;
        next.halfmove = self.halfmove.saturating_add(1);
        Some(next)
    }

    fn in_check(&self) -> bool {
        attacked_by(&self.board, self.king_square(self.side), !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Mate wins, stalemate, threefold repetition and 100 plies without a capture or a
    /// Warrior/Dwarf/Sylph move draw (rules page 2.4), with the sides named Gold and Scarlet.
    fn ending(&self, history: &[u64]) -> Option<Ending> {
        let mut any = false;
        self.gen_legal(&mut |_| any = true);
        if !any {
            return Some(if self.in_check() {
                let winner = !self.side;
                let name = if winner == Color::White {
                    "Gold"
                } else {
                    "Scarlet"
                };
                Ending::new(GameResult::win_for(winner), format!("{name} mates"))
            } else {
                Ending::new(GameResult::Draw, "stalemate")
            });
        }
        if repetitions(self.key, self.halfmove, history) >= 2 {
            return Some(Ending::new(GameResult::Draw, "threefold repetition"));
        }
        if self.halfmove >= 100 {
            return Some(Ending::new(GameResult::Draw, "100-ply rule"));
        }
        None
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::human(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        notation::board_text(self)
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(mv)
    }
}

fn check_variant(variant: &str) -> Result<(), PositionError> {
    if variant == VARIANT {
        Ok(())
    } else {
        Err(PositionError::new(
            "variant",
            format!("'{variant}' is not played by Dragonchess"),
        ))
    }
}

/// Counts leaf turns `depth` plies ahead (draw rules ignored, ruling 2.6.5).
pub fn perft(pos: &Dragonchess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut n = 0;
        pos.gen_legal(&mut |_| n += 1);
        return n;
    }
    let mut moves = Moves::new();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .map(|mv| perft(&pos.play(mv), depth - 1))
        .sum()
}
