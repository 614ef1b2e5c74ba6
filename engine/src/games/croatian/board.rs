//! The board: a padded mailbox of one-byte cells, its geometry, the Zobrist keys, and how a
//! move changes the state.

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::moves::{flag, Move, Ply};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::variant::Variant;
use super::{Croatian, EpItem};
use crate::core::zobrist::KeyGenerator;
use crate::core::Color;

/// Cells in the mailbox: up to 30 columns x 34 rows for 26x26.
pub const MAILBOX: usize = 1024;
const PAD_FILES: usize = 2;
const PAD_RANKS: usize = 4;

struct Keys {
    pieces: Vec<u64>,
    tags: Vec<u64>,
    ep_pawn: Vec<u64>,
    ep_from: Vec<u64>,
    side: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut g = KeyGenerator::new(0xC0A7_1A4C_4E55_0009);
        let mut table = |n: usize| (0..n).map(|_| g.next()).collect::<Vec<u64>>();
        Keys {
            pieces: table(MAILBOX * 2 * Kind::COUNT),
            tags: table(MAILBOX * 4),
            ep_pawn: table(MAILBOX),
            ep_from: table(MAILBOX),
            side: table(1)[0],
        }
    })
}

#[inline]
fn cell_key(sq: usize, c: Cell) -> u64 {
    if !piece::is_piece(c) {
        return 0;
    }
    let k = keys();
    let t = piece::tag(c) as usize;
    let tag_key = if t == 0 { 0 } else { k.tags[sq * 4 + t] };
    k.pieces[sq * 2 * Kind::COUNT + piece::code(c)] ^ tag_key
}

#[inline]
fn ep_key(item: &EpItem) -> u64 {
    let k = keys();
    k.ep_pawn[item.pawn as usize] ^ k.ep_from[item.from as usize]
}

impl Croatian {
    pub fn variant_data(&self) -> &'static Variant {
        self.v
    }

    #[inline]
    pub(crate) fn stride(&self) -> isize {
        self.v.size as isize + 2 * PAD_FILES as isize
    }

    #[inline]
    pub fn sq(&self, file: u8, rank: u8) -> u16 {
        ((rank as usize + PAD_RANKS) * self.stride() as usize + file as usize + PAD_FILES) as u16
    }

    #[inline]
    pub fn file_of(&self, sq: u16) -> u8 {
        (sq as usize % self.stride() as usize - PAD_FILES) as u8
    }

    #[inline]
    pub fn rank_of(&self, sq: u16) -> u8 {
        (sq as usize / self.stride() as usize - PAD_RANKS) as u8
    }

    /// Field name, e.g. `k12`.
    pub fn field_name(&self, sq: u16) -> String {
        crate::core::square::square_name(self.file_of(sq), self.rank_of(sq))
    }

    /// A light field has odd `file + rank` (1-based), a1 is dark (L143).
    #[inline]
    pub fn is_light_field(&self, sq: u16) -> bool {
        (self.file_of(sq) + self.rank_of(sq)) % 2 == 1
    }

    /// On `color`'s half of the board (L4162).
    #[inline]
    pub fn on_own_half(&self, sq: u16, color: Color) -> bool {
        let r = self.rank_of(sq);
        match color {
            Color::White => r < self.v.size / 2,
            Color::Black => r >= self.v.size / 2,
        }
    }

    #[inline]
    pub fn cell(&self, sq: u16) -> Cell {
        self.board[sq as usize]
    }

    /// The board's files (and ranks).
    pub fn size(&self) -> u8 {
        self.v.size
    }

    /// The field of `color`'s King, if it has one.
    pub fn king(&self, color: Color) -> Option<u16> {
        Some(self.kings[color.index()]).filter(|&k| k != 0)
    }

    /// Offset of one step on the board: `(dx, dy)` with +y toward dark.
    pub fn offset(&self, dx: isize, dy: isize) -> isize {
        dx + dy * self.stride()
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn en_passant(&self) -> &[EpItem] {
        &self.ep
    }

    /// An empty board of `v` (sentinels placed), light to move.
    pub(super) fn empty(v: &'static Variant) -> Croatian {
        let mut pos = Croatian {
            v,
            board: [OFF; MAILBOX],
            side: Color::White,
            ep: ArrayVec::new(),
            halfmove: 0,
            fullmove: 1,
            key: 0,
            kings: [0; 2],
        };
        for r in 0..v.size {
            for f in 0..v.size {
                let s = pos.sq(f, r) as usize;
                pos.board[s] = EMPTY;
            }
        }
        pos
    }

    /// Writes a cell, keeping the key and King fields up to date.
    #[inline]
    pub(super) fn set(&mut self, sq: u16, c: Cell) {
        let old = self.board[sq as usize];
        self.key ^= cell_key(sq as usize, old) ^ cell_key(sq as usize, c);
        self.board[sq as usize] = c;
        if piece::is_piece(c) && piece::kind(c) == Kind::King {
            self.kings[piece::color(c).index()] = sq;
        }
    }

    pub(super) fn recompute_key(&mut self) {
        let mut key = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            key ^= cell_key(sq, c);
        }
        for item in &self.ep {
            key ^= ep_key(item);
        }
        if self.side == Color::Black {
            key ^= keys().side;
        }
        self.key = key;
        self.kings = [0; 2];
        for (sq, &c) in self.board.iter().enumerate() {
            if piece::is_piece(c) && piece::kind(c) == Kind::King {
                self.kings[piece::color(c).index()] = sq as u16;
            }
        }
    }

    /// The field next to a castling King's destination on the Rook's side of the move, where the
    /// Rook lands ("immediately next to the King on the inner side").
    pub fn castle_rook_dest(&self, ply: &Ply) -> u16 {
        // The King moves toward the Rook; the Rook lands just behind it on that line.
        if ply.aux > ply.from {
            ply.to - 1
        } else {
            ply.to + 1
        }
    }

    /// Applies `mv` (one of `legal_moves`).
    pub(super) fn apply(&self, mv: &Move) -> Croatian {
        let mut next = self.clone();
        let us = self.side;
        for item in &self.ep {
            next.key ^= ep_key(item);
        }
        next.ep.clear();
        let mut irreversible = false;
        let mut in_air: Cell = EMPTY;
        for (i, ply) in mv.plies().iter().enumerate() {
            let mover = if i == 0 {
                next.board[ply.from as usize]
            } else {
                in_air
            };
            let owner = piece::color(mover);
            if ply.has(flag::DELAYED) {
                let k = Kind::from_index(ply.promo).unwrap_or(Kind::Queen);
                next.set(ply.from, piece::make(k, owner, Tag::None));
                irreversible = true;
                continue;
            }
            if ply.has(flag::CASTLE) {
                let rook = next.board[ply.aux as usize];
                let rook_to = next.castle_rook_dest(ply);
                next.set(ply.from, EMPTY);
                next.set(ply.aux, EMPTY);
                next.set(ply.to, piece::untagged(mover));
                next.set(rook_to, piece::untagged(rook));
                continue;
            }
            if i == 0 {
                next.set(ply.from, EMPTY);
                if piece::kind(mover) == Kind::Pawn {
                    irreversible = true;
                }
            }
            if ply.has(flag::EN_PASSANT) {
                next.set(ply.aux, EMPTY);
            }
            let target = next.board[ply.to as usize];
            if ply.flags & (flag::CAPTURE | flag::EN_PASSANT | flag::CONVERT) != 0 {
                irreversible = true;
            }
            let moving_kind = piece::kind(mover);
            if moving_kind == Kind::Pyramid && i > 0 {
                if ply.has(flag::CONVERT) {
                    next.set(ply.to, piece::make(piece::kind(target), owner, Tag::None));
                    continue;
                }
                if ply.has(flag::PROMOTE) {
                    let k = Kind::from_index(ply.promo).unwrap_or(Kind::Queen);
                    next.set(ply.to, piece::make(k, owner, Tag::None));
                    irreversible = true;
                    continue;
                }
                if ply.has(flag::TAG_PROMOTION) {
                    next.set(ply.to, piece::with_tag(target, Tag::Promotion));
                    irreversible = true;
                    continue;
                }
            }
            let mut placed = piece::untagged(mover);
            if moving_kind == Kind::Pawn {
                if ply.has(flag::PROMOTE) {
                    let k = Kind::from_index(ply.promo).unwrap_or(Kind::Queen);
                    placed = piece::make(k, owner, Tag::None);
                } else if ply.has(flag::TAG_PROMOTION) {
                    placed = piece::with_tag(mover, Tag::Promotion);
                }
                let dr = (next.rank_of(ply.to) as i32 - next.rank_of(ply.from) as i32).abs();
                if i == 0 && dr >= 2 {
                    let item = EpItem {
                        pawn: ply.to,
                        from: ply.from,
                    };
                    next.key ^= ep_key(&item);
                    next.ep.push(item);
                }
            }
            if ply.has(flag::ACTIVATE) {
                in_air = target;
            }
            next.set(ply.to, placed);
        }
        if irreversible {
            next.halfmove = 0;
        } else {
            next.halfmove += 1;
        }
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = !us;
        next.key ^= keys().side;
        next
    }

    /// The same position with the other side to move and no en-passant rights.
    pub(super) fn pass(&self) -> Croatian {
        let mut next = self.clone();
        for item in &self.ep {
            next.key ^= ep_key(item);
        }
        next.ep.clear();
        next.side = !self.side;
        next.key ^= keys().side;
        next.halfmove += 1;
        next
    }
}
