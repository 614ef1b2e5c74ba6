//! A second, deliberately plain move generator written straight from the rules page, used only by
//! the tests to cross-check the fast generator: coordinates instead of tables, and legality by
//! asking whether any enemy move (from this same generator) could capture the King.

use super::geometry::{file, level, rank, square, SQUARES};
use super::{Dragonchess, Kind};
use crate::core::{Color, Game};

/// How a target square may be entered.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Move,
    Capture,
    Both,
}

/// `(from, to, remote)` of every legal move.
pub fn legal_moves(pos: &Dragonchess) -> Vec<(usize, usize, bool)> {
    let us = pos.side_to_move();
    pseudo_moves(pos, us)
        .into_iter()
        .filter(|&(from, to, remote)| {
            // What a promotion makes of the Warrior does not matter to its own King.
            let mut next = pos.clone();
            if remote {
                next.board[to] = 0;
            } else {
                next.board[to] = next.board[from];
                next.board[from] = 0;
            }
            !king_attacked(&next, us)
        })
        .collect()
}

/// The position after a move, built without the engine's `play`.
pub fn successor(pos: &Dragonchess, (from, to, remote): (usize, usize, bool)) -> Dragonchess {
    let mut next = pos.clone();
    if remote {
        next.board[to] = 0;
    } else {
        let (color, kind) = pos.piece_at(from).expect("a piece moves");
        let far_rank = if color == Color::White { 7 } else { 0 };
        next.board[to] = if kind == Kind::Warrior && rank(to) == far_rank {
            super::board::code(color, Kind::Hero)
        } else {
            next.board[from]
        };
        next.board[from] = 0;
    }
    next.side = !pos.side;
    next
}

/// Perft on this generator alone.
pub fn perft(pos: &Dragonchess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos)
        .into_iter()
        .map(|mv| perft(&successor(pos, mv), depth - 1))
        .sum()
}

fn king_attacked(pos: &Dragonchess, color: Color) -> bool {
    let king = (0..SQUARES)
        .find(|&s| pos.piece_at(s) == Some((color, Kind::King)))
        .expect("a King");
    pseudo_moves(pos, !color)
        .iter()
        .any(|&(_, to, _)| to == king)
}

fn frozen(pos: &Dragonchess, sq: usize) -> bool {
    match pos.piece_at(sq) {
        Some((c, _)) if level(sq) == 1 => pos.piece_at(sq - 96) == Some((!c, Kind::Basilisk)),
        _ => false,
    }
}

fn at(l: i32, r: i32, f: i32) -> Option<usize> {
    ((0..3).contains(&l) && (0..8).contains(&r) && (0..12).contains(&f))
        .then(|| square(l as usize, r as usize, f as usize))
}

pub fn pseudo_moves(pos: &Dragonchess, us: Color) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    for from in 0..SQUARES {
        let Some((c, kind)) = pos.piece_at(from) else {
            continue;
        };
        if c != us || frozen(pos, from) {
            continue;
        }
        let (l, r, f) = (level(from) as i32, rank(from) as i32, file(from) as i32);
        let fw = if us == Color::White { 1 } else { -1 };
        let add = |dl: i32, dr: i32, df: i32, mode: Mode, out: &mut Vec<_>| {
            if let Some(to) = at(l + dl, r + dr, f + df) {
                let ok = match pos.piece_at(to) {
                    None => mode != Mode::Capture,
                    Some((tc, _)) => tc != us && mode != Mode::Move,
                };
                if ok {
                    out.push((from, to, false));
                }
            }
        };
        let empty = |dl: i32, dr: i32, df: i32| {
            at(l + dl, r + dr, f + df).is_some_and(|s| pos.piece_at(s).is_none())
        };
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<_>| {
            for &(dr, df) in dirs {
                let mut k = 1;
                while let Some(to) = at(l, r + k * dr, f + k * df) {
                    match pos.piece_at(to) {
                        None => out.push((from, to, false)),
                        Some((tc, _)) => {
                            if tc != us {
                                out.push((from, to, false));
                            }
                            break;
                        }
                    }
                    k += 1;
                }
            }
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let king: Vec<(i32, i32)> = orth.iter().chain(diag.iter()).copied().collect();
        let knight = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        use Mode::*;
        match (kind, l) {
            (Kind::Sylph, 2) => {
                add(0, fw, 1, Move, &mut out);
                add(0, fw, -1, Move, &mut out);
                add(0, fw, 0, Capture, &mut out);
                add(-1, 0, 0, Capture, &mut out);
            }
            (Kind::Sylph, 1) => {
                let home_rank = if us == Color::White { 1 } else { 6 };
                let mut homes: Vec<usize> = (0..6).map(|i| square(2, home_rank, 2 * i)).collect();
                homes.push(from + 96);
                homes.sort();
                homes.dedup();
                for to in homes {
                    if pos.piece_at(to).is_none() {
                        out.push((from, to, false));
                    }
                }
            }
            (Kind::Griffon, 2) => {
                for (a, b) in [(2, 3), (3, 2)] {
                    for (sr, sf) in diag {
                        add(0, a * sr, b * sf, Both, &mut out);
                    }
                }
                for (dr, df) in diag {
                    add(-1, dr, df, Both, &mut out);
                }
            }
            (Kind::Griffon, 1) => {
                for (dr, df) in diag {
                    add(0, dr, df, Both, &mut out);
                    add(1, dr, df, Both, &mut out);
                }
            }
            (Kind::Dragon, 2) => {
                slide(&diag, &mut out);
                for (dr, df) in orth {
                    add(0, dr, df, Both, &mut out);
                }
                for (dr, df) in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if let Some(to) = at(1, r + dr, f + df) {
                        if pos.piece_at(to).is_some_and(|(tc, _)| tc != us) {
                            out.push((from, to, true));
                        }
                    }
                }
            }
            (Kind::Warrior, 1) => {
                add(0, fw, 0, Move, &mut out);
                add(0, fw, 1, Capture, &mut out);
                add(0, fw, -1, Capture, &mut out);
            }
            (Kind::Oliphant, 1) => slide(&orth, &mut out),
            (Kind::Thief, 1) => slide(&diag, &mut out),
            (Kind::Unicorn, 1) => {
                for (dr, df) in knight {
                    add(0, dr, df, Both, &mut out);
                }
            }
            (Kind::Hero, _) => {
                for (dr, df) in diag {
                    if l == 1 {
                        add(0, dr, df, Both, &mut out);
                        add(0, 2 * dr, 2 * df, Both, &mut out);
                        add(1, dr, df, Both, &mut out);
                        add(-1, dr, df, Both, &mut out);
                    } else {
                        add(1 - l, dr, df, Both, &mut out);
                    }
                }
            }
            (Kind::Cleric, _) => {
                for &(dr, df) in &king {
                    add(0, dr, df, Both, &mut out);
                }
                add(1, 0, 0, Both, &mut out);
                add(-1, 0, 0, Both, &mut out);
            }
            (Kind::Mage, 1) => {
                slide(&king, &mut out);
                add(1, 0, 0, Both, &mut out);
                add(-1, 0, 0, Both, &mut out);
            }
            (Kind::Mage, _) => {
                for (dr, df) in orth {
                    add(0, dr, df, Both, &mut out);
                }
                let toward = 1 - l;
                add(toward, 0, 0, Both, &mut out);
                if empty(toward, 0, 0) {
                    add(2 * toward, 0, 0, Both, &mut out);
                }
            }
            (Kind::King, 1) => {
                for &(dr, df) in &king {
                    add(0, dr, df, Both, &mut out);
                }
                add(1, 0, 0, Both, &mut out);
                add(-1, 0, 0, Both, &mut out);
            }
            (Kind::King, _) => add(1 - l, 0, 0, Both, &mut out),
            (Kind::Paladin, _) => {
                for &(dr, df) in &king {
                    add(0, dr, df, Both, &mut out);
                }
                if l == 1 {
                    for (dr, df) in knight {
                        add(0, dr, df, Both, &mut out);
                    }
                }
                for dl in [-2, -1, 1, 2] {
                    let reach = 3 - i32::abs(dl);
                    for (dr, df) in orth {
                        add(dl, reach * dr, reach * df, Both, &mut out);
                    }
                }
            }
            (Kind::Dwarf, 0 | 1) => {
                add(0, fw, 0, Move, &mut out);
                add(0, 0, 1, Move, &mut out);
                add(0, 0, -1, Move, &mut out);
                add(0, fw, 1, Capture, &mut out);
                add(0, fw, -1, Capture, &mut out);
                if l == 0 {
                    add(1, 0, 0, Capture, &mut out);
                } else {
                    add(-1, 0, 0, Move, &mut out);
                }
            }
            (Kind::Basilisk, 0) => {
                for df in [-1, 0, 1] {
                    add(0, fw, df, Both, &mut out);
                }
                add(0, -fw, 0, Move, &mut out);
            }
            (Kind::Elemental, 0) => {
                for (dr, df) in orth {
                    add(0, dr, df, Both, &mut out);
                    if empty(0, dr, df) {
                        add(0, 2 * dr, 2 * df, Both, &mut out);
                        add(1, dr, df, Capture, &mut out);
                    }
                }
                for (dr, df) in diag {
                    add(0, dr, df, Move, &mut out);
                }
            }
            (Kind::Elemental, 1) if empty(-1, 0, 0) => {
                for (dr, df) in orth {
                    add(-1, dr, df, Both, &mut out);
                }
            }
            _ => {}
        }
    }
    out
}
