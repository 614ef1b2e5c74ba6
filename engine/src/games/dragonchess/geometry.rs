//! Squares of the three 12x8 levels and the per-square tables the move generator and the attack
//! test share. Square index = `level * 96 + rank * 12 + file`, level 0 = lower, 1 = middle,
//! 2 = upper (written `1`, `2`, `3` in text, as the seed's worked examples do).

use std::sync::LazyLock;

use arrayvec::ArrayVec;

pub const FILES: usize = 12;
pub const RANKS: usize = 8;
pub const LEVEL_SIZE: usize = FILES * RANKS;
pub const SQUARES: usize = 3 * LEVEL_SIZE;

pub const LOWER: usize = 0;
pub const MIDDLE: usize = 1;
pub const UPPER: usize = 2;

#[inline]
pub fn level(sq: usize) -> usize {
    sq / LEVEL_SIZE
}

#[inline]
pub fn rank(sq: usize) -> usize {
    (sq % LEVEL_SIZE) / FILES
}

#[inline]
pub fn file(sq: usize) -> usize {
    sq % FILES
}

#[inline]
pub fn square(level: usize, rank: usize, file: usize) -> usize {
    level * LEVEL_SIZE + rank * FILES + file
}

/// The square `(dl, dr, df)` away, if it is on the boards.
#[inline]
pub fn shift(sq: usize, dl: i32, dr: i32, df: i32) -> Option<usize> {
    let l = level(sq) as i32 + dl;
    let r = rank(sq) as i32 + dr;
    let f = file(sq) as i32 + df;
    if (0..3).contains(&l) && (0..RANKS as i32).contains(&r) && (0..FILES as i32).contains(&f) {
        Some(square(l as usize, r as usize, f as usize))
    } else {
        None
    }
}

/// `3c4` style text: the level digit, then the square's name on its board.
pub fn square_name(sq: usize) -> String {
    format!(
        "{}{}",
        level(sq) + 1,
        crate::core::square::SquareName {
            file: file(sq) as u8,
            rank: rank(sq) as u8
        }
    )
}

/// Reads a square name at the start of `text`; returns the square and the bytes it used.
pub fn parse_square(text: &[u8]) -> Option<(usize, usize)> {
    let l = match text.first()? {
        b @ b'1'..=b'3' => (b - b'1') as usize,
        _ => return None,
    };
    let (name, used) = crate::core::square::read_square(&text[1..], FILES as u8, RANKS as u8)?;
    Some((square(l, name.rank as usize, name.file as usize), 1 + used))
}

pub type Targets<const N: usize> = ArrayVec<u16, N>;
pub type Ray = ArrayVec<u16, 11>;

/// 288 bits, one per square.
pub type SquareSet = [u64; 5];

pub fn set_contains(set: &SquareSet, sq: usize) -> bool {
    set[sq / 64] >> (sq % 64) & 1 != 0
}

pub fn set_insert(set: &mut SquareSet, sq: usize) {
    set[sq / 64] |= 1 << (sq % 64);
}

pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ALFIL: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
/// The Griffon's upper-board leap: one step orthogonally then two diagonally outward.
const ZEBRA: [(i32, i32); 8] = [
    (2, 3),
    (3, 2),
    (3, -2),
    (2, -3),
    (-2, -3),
    (-3, -2),
    (-3, 2),
    (-2, 3),
];

pub struct Tables {
    /// King step on the same level.
    pub king: Vec<Targets<8>>,
    pub wazir: Vec<Targets<4>>,
    pub ferz: Vec<Targets<4>>,
    pub knight: Vec<Targets<8>>,
    pub alfil: Vec<Targets<4>>,
    pub zebra: Vec<Targets<8>>,
    /// The squares diagonally adjacent to the square directly above / below (Griffon, Hero).
    pub diag_above: Vec<Targets<4>>,
    pub diag_below: Vec<Targets<4>>,
    /// The Paladin's board-changing knight leaps.
    pub paladin_3d: Vec<Targets<8>>,
    /// Same-level rays: 0..4 orthogonal, 4..8 diagonal.
    pub rays: Vec<[Ray; 8]>,
}

fn leaps<const N: usize>(sq: usize, dl: i32, steps: &[(i32, i32)]) -> Targets<N> {
    steps
        .iter()
        .filter_map(|&(dr, df)| shift(sq, dl, dr, df))
        .map(|s| s as u16)
        .collect()
}

fn ray(sq: usize, dr: i32, df: i32) -> Ray {
    let mut out = Ray::new();
    let mut cur = sq;
    while let Some(next) = shift(cur, 0, dr, df) {
        out.push(next as u16);
        cur = next;
    }
    out
}

fn build() -> Tables {
    let all = 0..SQUARES;
    let king_steps: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
    let mut paladin_offsets = Vec::new();
    for dl in [1, -1] {
        for (dr, df) in ORTHOGONAL {
            paladin_offsets.push((dl, 2 * dr, 2 * df));
            paladin_offsets.push((2 * dl, dr, df));
        }
    }
    let rays: Vec<[Ray; 8]> = all
        .clone()
        .map(|sq| {
            let dirs: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
            std::array::from_fn(|i| ray(sq, dirs[i].0, dirs[i].1))
        })
        .collect();
    let wazir: Vec<Targets<4>> = all.clone().map(|sq| leaps(sq, 0, &ORTHOGONAL)).collect();
    Tables {
        king: all.clone().map(|sq| leaps(sq, 0, &king_steps)).collect(),
        ferz: all.clone().map(|sq| leaps(sq, 0, &DIAGONAL)).collect(),
        knight: all.clone().map(|sq| leaps(sq, 0, &KNIGHT)).collect(),
        alfil: all.clone().map(|sq| leaps(sq, 0, &ALFIL)).collect(),
        zebra: all.clone().map(|sq| leaps(sq, 0, &ZEBRA)).collect(),
        diag_above: all.clone().map(|sq| leaps(sq, 1, &DIAGONAL)).collect(),
        diag_below: all.clone().map(|sq| leaps(sq, -1, &DIAGONAL)).collect(),
        paladin_3d: all
            .clone()
            .map(|sq| {
                paladin_offsets
                    .iter()
                    .filter_map(|&(dl, dr, df)| shift(sq, dl, dr, df))
                    .map(|s| s as u16)
                    .collect()
            })
            .collect(),
        wazir,
        rays,
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[u16]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|&s| square_name(s as usize)).collect();
        v.sort();
        v
    }

    fn sq(name: &str) -> usize {
        parse_square(name.as_bytes()).unwrap().0
    }

    #[test]
    fn square_names_round_trip() {
        for s in 0..SQUARES {
            assert_eq!(sq(&square_name(s)), s);
        }
        assert_eq!(square_name(0), "1a1");
        assert_eq!(square_name(SQUARES - 1), "3l8");
    }

    #[test]
    fn griffon_leap_from_3d4_matches_the_seed() {
        let t = tables();
        assert_eq!(
            names(&t.zebra[sq("3d4")]),
            ["3a2", "3a6", "3b1", "3b7", "3f1", "3f7", "3g2", "3g6"]
        );
        assert_eq!(
            names(&t.diag_below[sq("3d4")]),
            ["2c3", "2c5", "2e3", "2e5"]
        );
    }

    #[test]
    fn paladin_leaps_from_3c4_match_the_seed() {
        assert_eq!(
            names(&tables().paladin_3d[sq("3c4")]),
            ["1b4", "1c3", "1c5", "1d4", "2a4", "2c2", "2c6", "2e4"]
        );
    }

    #[test]
    fn edge_griffon_has_two_squares_below() {
        assert_eq!(names(&tables().diag_below[sq("3a4")]), ["2b3", "2b5"]);
    }
}
