//! Attack tests: could a piece of one colour capture on a square (the move generator run
//! backwards), which also answers check.

use super::board::{code, forward, frozen, Kind, EMPTY};
use super::geometry::*;
use super::Dragonchess;
use crate::core::Color;

impl Dragonchess {
    /// Could a piece of `by` capture on `sq` (frozen pieces attack nothing; pins do not matter)?
    pub fn attacked_by(&self, sq: usize, by: Color) -> bool {
        attacked_by(&self.board, sq, by)
    }
}

/// Is `piece` on `sq` and able to act (not frozen)?
#[inline]
pub(super) fn active(board: &[u8; SQUARES], sq: usize, piece: u8) -> bool {
    board[sq] == piece && !frozen(board, sq)
}

#[inline]
fn any_of(board: &[u8; SQUARES], squares: &[u16], piece: u8) -> bool {
    squares.iter().any(|&s| active(board, s as usize, piece))
}

/// Could a piece of colour `by` capture on `target`? Mirrors `gen_piece` backwards.
pub(super) fn attacked_by(board: &[u8; SQUARES], target: usize, by: Color) -> bool {
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
