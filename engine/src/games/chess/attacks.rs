//! Attacks: tables for leapers by lookup and sliders by magic bitboards (no PEXT needed), and
//! the attack and check queries of a position.
//!
//! Every table is built at compile time, so lookups are plain indexing into `static` arrays.

use super::bitboard::{squares, Bitboard, PieceType, Square};
use super::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use super::Chess;
use crate::core::Color;

use crate::core::geometry::{
    DIAGONAL as BISHOP_DIRS, KNIGHT as KNIGHT_STEPS, ORTHOGONAL as ROOK_DIRS,
};
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if on_board(f, r) {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Attacks along `dirs` from `sq`, stopping at (and including) the first blocker in `occ`.
const fn slide(sq: usize, occ: Bitboard, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut out = 0;
    let mut d = 0;
    while d < 4 {
        let (mut f, mut r) = ((sq % 8) as i8 + dirs[d].0, (sq / 8) as i8 + dirs[d].1);
        while on_board(f, r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += dirs[d].0;
            r += dirs[d].1;
        }
        d += 1;
    }
    out
}

/// The squares whose occupancy matters for a slider on `sq`: its rays without the board edge.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut out = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
        while on_board(f + df, r + dr) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

#[derive(Clone, Copy)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: u32,
}

const fn magic_entries(dirs: &[(i8, i8); 4], magics: &[u64; 64]) -> [Magic; 64] {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            magic: magics[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

const fn table_size(entries: &[Magic; 64]) -> usize {
    let last = entries[63];
    last.offset as usize + (1 << (64 - last.shift))
}

const fn magic_table<const N: usize>(entries: &[Magic; 64], dirs: &[(i8, i8); 4]) -> [Bitboard; N] {
    let mut table = [0; N];
    let mut sq = 0;
    while sq < 64 {
        let m = entries[sq];
        // Carry-rippler walk over every subset of the mask.
        let mut subset: Bitboard = 0;
        loop {
            let index = m.offset as usize + (subset.wrapping_mul(m.magic) >> m.shift) as usize;
            let attacks = slide(sq, subset, dirs);
            assert!(
                table[index] == 0 || table[index] == attacks,
                "magic collision"
            );
            table[index] = attacks;
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
    table
}

const fn pair_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (fa, ra) = ((a % 8) as i8, (a / 8) as i8);
            let (fb, rb) = ((b % 8) as i8, (b / 8) as i8);
            let (df, dr) = (fb - fa, rb - ra);
            let aligned = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            if aligned {
                let (sf, sr) = (df.signum(), dr.signum());
                // Squares strictly between.
                let (mut f, mut r) = (fa + sf, ra + sr);
                while f != fb || r != rb {
                    between[a][b] |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                // The whole line through both, edge to edge.
                let (mut f, mut r) = (fa, ra);
                while on_board(f - sf, r - sr) {
                    f -= sf;
                    r -= sr;
                }
                while on_board(f, r) {
                    line[a][b] |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

const ROOK_ENTRIES: [Magic; 64] = magic_entries(&ROOK_DIRS, &ROOK_MAGICS);
const BISHOP_ENTRIES: [Magic; 64] = magic_entries(&BISHOP_DIRS, &BISHOP_MAGICS);
const ROOK_TABLE_SIZE: usize = table_size(&ROOK_ENTRIES);
const BISHOP_TABLE_SIZE: usize = table_size(&BISHOP_ENTRIES);

static ROOK_MAGIC: [Magic; 64] = ROOK_ENTRIES;
static BISHOP_MAGIC: [Magic; 64] = BISHOP_ENTRIES;
#[allow(long_running_const_eval)]
static ROOK_TABLE: [Bitboard; ROOK_TABLE_SIZE] = magic_table(&ROOK_ENTRIES, &ROOK_DIRS);
#[allow(long_running_const_eval)]
static BISHOP_TABLE: [Bitboard; BISHOP_TABLE_SIZE] = magic_table(&BISHOP_ENTRIES, &BISHOP_DIRS);
static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];
static PAIRS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = pair_tables();
static ROOK_RAYS: [Bitboard; 64] = {
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = slide(sq, 0, &ROOK_DIRS);
        sq += 1;
    }
    out
};
static BISHOP_RAYS: [Bitboard; 64] = {
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = slide(sq, 0, &BISHOP_DIRS);
        sq += 1;
    }
    out
};

/// Squares a pawn of `color` on `sq` attacks (captures onto).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares attacked by all pawns in `pawns` of `color` at once.
#[inline]
pub const fn pawn_attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    use super::bitboard::{FILE_A, FILE_H};
    let west = pawns & !FILE_A;
    let east = pawns & !FILE_H;
    match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    }
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Diagonal attacks from `sq` given the occupied squares `occ` (blockers included).
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &BISHOP_MAGIC[sq.index()];
    BISHOP_TABLE[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}

/// Orthogonal attacks from `sq` given the occupied squares `occ` (blockers included).
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &ROOK_MAGIC[sq.index()];
    ROOK_TABLE[m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
}

#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    bishop_attacks(sq, occ) | rook_attacks(sq, occ)
}

/// Attacks of a piece of `kind` (and `color`, which only pawns use) on `sq`.
#[inline]
pub fn piece_attacks(kind: PieceType, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceType::Pawn => pawn_attacks(color, sq),
        PieceType::Knight => knight_attacks(sq),
        PieceType::Bishop => bishop_attacks(sq, occ),
        PieceType::Rook => rook_attacks(sq, occ),
        PieceType::Queen => queen_attacks(sq, occ),
        PieceType::King => king_attacks(sq),
    }
}

/// Rook rays from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// Bishop rays from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    PAIRS.0[a.index()][b.index()]
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    PAIRS.1[a.index()][b.index()]
}

impl Chess {
    /// Pieces of both colours attacking `sq` when the occupied squares are `occ`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let pawns = self.by_type[PieceType::Pawn.index()];
        (pawn_attacks(Color::White, sq) & pawns & self.by_color[1])
            | (pawn_attacks(Color::Black, sq) & pawns & self.by_color[0])
            | (knight_attacks(sq) & self.by_type[PieceType::Knight.index()])
            | (king_attacks(sq) & self.by_type[PieceType::King.index()])
            | (bishop_attacks(sq, occ)
                & (self.by_type[PieceType::Bishop.index()]
                    | self.by_type[PieceType::Queen.index()]))
            | (rook_attacks(sq, occ)
                & (self.by_type[PieceType::Rook.index()] | self.by_type[PieceType::Queen.index()]))
    }

    /// Is `sq` attacked by a piece of `by` when the occupied squares are `occ`?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let theirs = self.by_color[by.index()];
        (pawn_attacks(!by, sq) & self.by_type[PieceType::Pawn.index()] & theirs) != 0
            || (knight_attacks(sq) & self.by_type[PieceType::Knight.index()] & theirs) != 0
            || (king_attacks(sq) & self.by_type[PieceType::King.index()] & theirs) != 0
            || (bishop_attacks(sq, occ) & self.diagonal_sliders(by)) != 0
            || (rook_attacks(sq, occ) & self.orthogonal_sliders(by)) != 0
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers_to(self.king_square(us), self.occupied()) & self.by_color[(!us).index()]
    }

    /// Pieces of the side to move pinned to their own king.
    pub fn pinned(&self) -> Bitboard {
        self.pinned_for(self.side, self.king_square(self.side), self.occupied())
    }

    /// Pieces of `us` pinned to the king on `ksq` when the occupied squares are `occ`.
    #[inline]
    pub fn pinned_for(&self, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
        let them = !us;
        let snipers = (rook_rays(ksq) & self.orthogonal_sliders(them))
            | (bishop_rays(ksq) & self.diagonal_sliders(them));
        let own = self.by_color[us.index()];
        let mut pinned = 0;
        for sniper in squares(snipers) {
            let blockers = between(ksq, sniper) & occ;
            if blockers & blockers.wrapping_sub(1) == 0 {
                pinned |= blockers & own;
            }
        }
        pinned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn magic_lookups_match_ray_walks() {
        // Pseudo-random occupancies against the slow walk.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = state & (state >> 5);
            for s in 0..64u8 {
                let square = Square::new(s);
                assert_eq!(
                    rook_attacks(square, occ),
                    slide(s as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(square, occ),
                    slide(s as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn leaper_and_line_tables() {
        assert_eq!(knight_attacks(sq("a1")), sq("b3").bit() | sq("c2").bit());
        assert_eq!(king_attacks(sq("h8")).count_ones(), 3);
        assert_eq!(
            pawn_attacks(Color::White, sq("e4")),
            sq("d5").bit() | sq("f5").bit()
        );
        assert_eq!(pawn_attacks(Color::Black, sq("a5")), sq("b4").bit());
        assert_eq!(
            pawn_attacks_set(Color::White, sq("a2").bit() | sq("h2").bit()),
            sq("b3").bit() | sq("g3").bit()
        );
        assert_eq!(between(sq("a1"), sq("d4")), sq("b2").bit() | sq("c3").bit());
        assert_eq!(between(sq("a1"), sq("b3")), 0);
        assert_eq!(line(sq("c3"), sq("e5")).count_ones(), 8);
        assert_eq!(line(sq("a1"), sq("b3")), 0);
    }
}
