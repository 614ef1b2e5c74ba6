//! Legal move generation: every piece's moves on its level and between levels, King safety
//! tested only for the moves that can expose the King.

use super::attacks::attacked_by;
use super::board::{
    above, below, code, color_of, forward, frozen, kind_of, sylph_homes, Kind, EMPTY,
};
use super::geometry::*;
use super::moves::{Move, CAPTURE, PROMOTION, REMOTE};
use super::Dragonchess;
use crate::core::Color;

impl Dragonchess {
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

    /// Every legal move, or with `tactical` only the captures and promotions (`is_tactical`,
    /// `Some(true)`) or only the other moves (`Some(false)`), whose King safety alone is then
    /// tested.
    pub(super) fn gen_legal(&self, tactical: Option<bool>, out: &mut impl FnMut(Move)) {
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
                if tactical.is_some_and(|wanted| mv.is_tactical() != wanted) {
                    return;
                }
                if (always_test || mv.is_remote()) && !safe_after(&mut scratch, mv, king, us) {
                    return;
                }
                out(mv);
            });
        }
    }
}

impl Dragonchess {
    /// Whether `wanted` is a legal move: generated for its piece alone, then tested for King
    /// safety.
    pub(super) fn is_legal_move(&self, wanted: Move) -> bool {
        let us = self.side;
        let sq = wanted.from();
        let Some(&p) = self.board.get(sq) else {
            return false;
        };
        if p == EMPTY || color_of(p) != us || frozen(&self.board, sq) {
            return false;
        }
        let mut found = false;
        gen_piece(&self.board, sq, p, &mut |mv: Move| found |= mv == wanted);
        found && safe_after(&mut self.board.clone(), wanted, self.king_square(us), us)
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

/// Every move of the piece `p` on `sq`, King safety aside.
pub(super) fn gen_piece(board: &[u8; SQUARES], sq: usize, p: u8, emit: &mut impl FnMut(Move)) {
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
pub(super) fn quiet(board: &[u8; SQUARES], from: usize, to: usize, emit: &mut impl FnMut(Move)) {
    if board[to] == EMPTY {
        emit(Move::new(from, to, 0));
    }
}

#[inline]
pub(super) fn capture(
    board: &[u8; SQUARES],
    from: usize,
    to: usize,
    us: Color,
    emit: &mut impl FnMut(Move),
) {
    let q = board[to];
    if q != EMPTY && color_of(q) != us {
        emit(Move::new(from, to, CAPTURE));
    }
}

/// Move to an empty square or capture an enemy there.
#[inline]
pub(super) fn step(
    board: &[u8; SQUARES],
    from: usize,
    to: usize,
    us: Color,
    emit: &mut impl FnMut(Move),
) {
    let q = board[to];
    if q == EMPTY {
        emit(Move::new(from, to, 0));
    } else if color_of(q) != us {
        emit(Move::new(from, to, CAPTURE));
    }
}

pub(super) fn slide(
    board: &[u8; SQUARES],
    from: usize,
    us: Color,
    rays: &[Ray],
    emit: &mut impl FnMut(Move),
) {
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
