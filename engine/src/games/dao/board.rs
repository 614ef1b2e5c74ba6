//! The board: a 100-square mailbox (`rank * 10 + file`) with a second layer of gates, the piece
//! kinds, square geometry, the Zobrist keys, and how a move changes the state.

use super::moves::{Move, MoveKind};
use super::Dao;
use crate::core::zobrist::KeyGenerator;
use crate::core::{square, Color};

/// Board width and height.
pub const SIZE: i8 = 10;
pub const SQUARES: usize = 100;
/// `Move::via` when the move entered no gate.
pub const NO_SQUARE: u8 = 255;

#[inline]
pub fn sq(file: i8, rank: i8) -> u8 {
    (rank * SIZE + file) as u8
}
#[inline]
pub fn file_of(s: u8) -> i8 {
    (s % 10) as i8
}
#[inline]
pub fn rank_of(s: u8) -> i8 {
    (s / 10) as i8
}
/// The square `(df, dr)` away, if on the board.
#[inline]
pub fn offset(s: u8, df: i8, dr: i8) -> Option<u8> {
    let f = file_of(s) + df;
    let r = rank_of(s) + dr;
    if (0..SIZE).contains(&f) && (0..SIZE).contains(&r) {
        Some(sq(f, r))
    } else {
        None
    }
}
#[inline]
pub fn bit(s: u8) -> u128 {
    1u128 << s
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// The en-passant right left by the last move: the victim and the squares it may be captured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub victim: u8,
    pub targets: u128,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pawn = 0,
    Lancer,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Dragon,
    Ox,
    Archer,
    Fool,
    Gate,
}

impl Kind {
    pub const ALL: [Kind; 12] = [
        Kind::Pawn,
        Kind::Lancer,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Dragon,
        Kind::Ox,
        Kind::Archer,
        Kind::Fool,
        Kind::Gate,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Lancer => 'L',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
            Kind::Dragon => 'D',
            Kind::Ox => 'O',
            Kind::Archer => 'A',
            Kind::Fool => 'F',
            Kind::Gate => 'G',
        }
    }

    /// The piece's name in the rules.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "Pawn",
            Kind::Lancer => "Lancer",
            Kind::Knight => "Knight",
            Kind::Bishop => "Bishop",
            Kind::Rook => "Rook",
            Kind::Queen => "Queen",
            Kind::King => "King",
            Kind::Dragon => "Dragon",
            Kind::Ox => "Ox",
            Kind::Archer => "Archer",
            Kind::Fool => "Fool",
            Kind::Gate => "Gate",
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let up = c.to_ascii_uppercase();
        Kind::ALL.iter().copied().find(|k| k.letter() == up)
    }

    /// Pieces whose move gives the dragons a power (not pawns, lancers, gates, dragons).
    pub fn confers(self) -> bool {
        !matches!(self, Kind::Pawn | Kind::Lancer | Kind::Gate | Kind::Dragon)
    }

    pub fn is_pawn_class(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Lancer)
    }
}

pub(crate) fn forward(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Rank counted from `c`'s own side, 0-based.
pub(super) fn relative_rank(s: u8, c: Color) -> i8 {
    match c {
        Color::White => rank_of(s),
        Color::Black => SIZE - 1 - rank_of(s),
    }
}

/// Unit step from `a` towards `b` along a line.
pub(crate) fn unit(a: u8, b: u8) -> (i8, i8) {
    (
        (file_of(b) - file_of(a)).signum(),
        (rank_of(b) - rank_of(a)).signum(),
    )
}

pub(crate) fn distance(a: u8, b: u8) -> i8 {
    (file_of(b) - file_of(a))
        .abs()
        .max((rank_of(b) - rank_of(a)).abs())
}

pub(super) fn on_edge(s: u8) -> bool {
    let (f, r) = (file_of(s), rank_of(s));
    f == 0 || r == 0 || f == SIZE - 1 || r == SIZE - 1
}

pub fn square_name(s: u8) -> String {
    square::square_name(file_of(s) as u8, rank_of(s) as u8)
}

/// Reads a square name at the start of `text`; returns it and the bytes used.
pub fn read_square(text: &str) -> Option<(u8, usize)> {
    square::read_square(text.as_bytes(), SIZE as u8, SIZE as u8)
        .map(|(name, used)| (sq(name.file as i8, name.rank as i8), used))
}

/// The board as sets of squares: each side's pieces, kings and gates, and the dragons and fools
/// of both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sets {
    pub pieces: [u128; 2],
    pub kings: [u128; 2],
    pub gates: [u128; 2],
    pub dragons: u128,
    pub fools: u128,
}

/// The squares of a set, lowest first.
pub(crate) fn squares_of(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as u8;
            set &= set - 1;
            s
        })
    })
}

/// Castling right bits.
pub const WHITE_KING_SIDE: u8 = 1;
pub const WHITE_QUEEN_SIDE: u8 = 2;
pub const BLACK_KING_SIDE: u8 = 4;
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// Reserve slots, in the order the position string writes them.
pub const RESERVE_KINDS: [Kind; 3] = [Kind::Archer, Kind::Ox, Kind::Fool];
const MAX_RESERVE: usize = 16;

const KIND_COUNT: usize = 12;
struct Keys {
    piece: [u64; 2 * KIND_COUNT * SQUARES],
    gate: [u64; 2 * SQUARES],
    side: u64,
    castling: [u64; 16],
    ep_victim: [u64; SQUARES],
    ep_target: [u64; SQUARES],
    reserve: [u64; 2 * 3 * MAX_RESERVE],
    last: [u64; 2 * (SQUARES + 1)],
}

const KEYS: Keys = {
    let mut g = KeyGenerator::new(0xDA0_D1A6_0A5C_0E11);
    Keys {
        piece: g.table(),
        gate: g.table(),
        side: g.next(),
        castling: g.table(),
        ep_victim: g.table(),
        ep_target: g.table(),
        reserve: g.table(),
        last: g.table(),
    }
};

impl Dao {
    pub fn piece_at(&self, s: u8) -> Option<Piece> {
        self.board[s as usize]
    }
    pub fn gate_at(&self, s: u8) -> Option<Color> {
        self.gates[s as usize]
    }
    pub fn reserve_count(&self, color: Color, kind: Kind) -> u8 {
        RESERVE_KINDS
            .iter()
            .position(|&k| k == kind)
            .map_or(0, |i| self.reserve[color.index()][i])
    }
    pub fn conferrer(&self, color: Color) -> Option<u8> {
        self.last[color.index()]
    }
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// The types `color`'s dragons may currently move as.
    pub fn dragon_powers(&self, color: Color) -> [Option<Kind>; 2] {
        let of =
            |c: Color| self.last[c.index()].and_then(|s| self.board[s as usize].map(|p| p.kind));
        [of(color), of(!color)]
    }

    pub fn king_square(&self, color: Color) -> Option<u8> {
        squares_of(self.sets.kings[color.index()]).next()
    }

    /// Brings `sets` in line with the board on `squares`.
    pub(super) fn resync(&mut self, squares: u128) {
        let sets = &mut self.sets;
        let keep = !squares;
        for c in 0..2 {
            sets.pieces[c] &= keep;
            sets.kings[c] &= keep;
            sets.gates[c] &= keep;
        }
        sets.dragons &= keep;
        sets.fools &= keep;
        for s in squares_of(squares) {
            let b = bit(s);
            if let Some(p) = self.board[s as usize] {
                let c = p.color.index();
                sets.pieces[c] |= b;
                match p.kind {
                    Kind::King => sets.kings[c] |= b,
                    Kind::Dragon => sets.dragons |= b,
                    Kind::Fool => sets.fools |= b,
                    _ => {}
                }
            }
            if let Some(c) = self.gates[s as usize] {
                sets.gates[c.index()] |= b;
            }
        }
    }

    /// Recomputes the sets and the key after the board was edited by hand.
    pub(crate) fn refresh(&mut self) {
        self.sets = Sets::default();
        self.resync(u128::MAX >> 28);
        self.key = self.compute_key();
    }

    /// The squares of `color`'s pieces.
    pub(crate) fn pieces(&self, color: Color) -> u128 {
        self.sets.pieces[color.index()]
    }

    /// The squares of `color`'s gates.
    pub(crate) fn gate_squares(&self, color: Color) -> u128 {
        self.sets.gates[color.index()]
    }

    pub(crate) fn occupied(&self) -> u128 {
        self.sets.pieces[0] | self.sets.pieces[1]
    }

    fn square_key(&self, s: usize) -> u64 {
        let mut k = 0;
        if let Some(p) = self.board[s] {
            k ^= KEYS.piece[(p.color.index() * KIND_COUNT + p.kind as usize) * SQUARES + s];
        }
        if let Some(c) = self.gates[s] {
            k ^= KEYS.gate[c.index() * SQUARES + s];
        }
        k
    }

    /// Everything but the squares and the side to move.
    fn tags_key(&self) -> u64 {
        let mut k = KEYS.castling[self.castling as usize & 15];
        if let Some(ep) = self.ep {
            k ^= KEYS.ep_victim[ep.victim as usize];
            let mut t = ep.targets;
            while t != 0 {
                let s = t.trailing_zeros() as usize;
                t &= t - 1;
                k ^= KEYS.ep_target[s];
            }
        }
        for c in 0..2 {
            for i in 0..3 {
                let n = (self.reserve[c][i] as usize).min(MAX_RESERVE - 1);
                k ^= KEYS.reserve[(c * 3 + i) * MAX_RESERVE + n];
            }
            let l = self.last[c].map_or(SQUARES, |s| s as usize);
            k ^= KEYS.last[c * (SQUARES + 1) + l];
        }
        k
    }

    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = self.tags_key();
        for s in 0..SQUARES {
            k ^= self.square_key(s);
        }
        if self.side == Color::Black {
            k ^= KEYS.side;
        }
        k
    }

    /// The key of `self`, the state after a move from `old` that changed only `dirty` squares.
    fn updated_key(&self, old: &Dao, dirty: u128) -> u64 {
        let mut k = old.key ^ KEYS.side ^ old.tags_key() ^ self.tags_key();
        let mut d = dirty;
        while d != 0 {
            let s = d.trailing_zeros() as usize;
            d &= d - 1;
            k ^= old.square_key(s) ^ self.square_key(s);
        }
        k
    }

    /// Puts a piece on `s`; a pawn promoted to a gate becomes a bare gate.
    fn place(&mut self, s: u8, color: Color, kind: Kind) {
        if kind == Kind::Gate {
            self.board[s as usize] = None;
            self.gates[s as usize] = Some(color);
        } else {
            self.board[s as usize] = Some(Piece { color, kind });
        }
    }

    fn promotion_rank(color: Color) -> i8 {
        match color {
            Color::White => SIZE - 1,
            Color::Black => 0,
        }
    }

    /// The state after `mv` without any legality test.
    pub(crate) fn apply(&self, mv: &Move) -> Dao {
        self.apply_keyed(mv, true)
    }

    /// `apply` without updating the key, for a legality test that only looks at the pieces.
    pub(crate) fn apply_unkeyed(&self, mv: &Move) -> Dao {
        self.apply_keyed(mv, false)
    }

    fn apply_keyed(&self, mv: &Move, keyed: bool) -> Dao {
        let mut n = self.clone();
        let me = self.side;
        let opp = !me;
        n.ep = None;
        n.halfmove = n.halfmove.saturating_add(1);
        let mut touched: u128 = 0;
        // Squares whose contents change (for the key).
        let mut dirty: u128 = 0;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let remove_conferrer = |n: &mut Dao, s: u8| {
            for c in 0..2 {
                if n.last[c] == Some(s) {
                    n.last[c] = None;
                }
            }
        };
        match mv.kind {
            MoveKind::Drop => {
                let i = RESERVE_KINDS
                    .iter()
                    .position(|&k| k == mv.piece)
                    .unwrap_or(0);
                n.reserve[me.index()][i] = n.reserve[me.index()][i].saturating_sub(1);
                n.board[to] = Some(Piece {
                    color: me,
                    kind: mv.piece,
                });
                dirty |= bit(mv.to);
                n.halfmove = 0;
            }
            MoveKind::Gate => {
                n.gates[to] = n.gates[from];
                n.gates[from] = None;
                dirty |= bit(mv.from) | bit(mv.to);
            }
            MoveKind::Normal | MoveKind::Null | MoveKind::EnPassant => {
                let Some(p) = self.board[from] else {
                    return n;
                };
                let mut captured = false;
                if mv.kind == MoveKind::EnPassant {
                    if let Some(ep) = self.ep {
                        n.board[ep.victim as usize] = None;
                        remove_conferrer(&mut n, ep.victim);
                        touched |= bit(ep.victim);
                    }
                    captured = true;
                } else if let Some(c) = self.board[to] {
                    if to != from && c.color != me {
                        captured = true;
                        remove_conferrer(&mut n, mv.to);
                    }
                }
                n.board[from] = None;
                n.place(mv.to, me, mv.promo.unwrap_or(p.kind));
                touched |= bit(mv.from) | bit(mv.to);
                if n.last[me.index()] == Some(mv.from) {
                    n.last[me.index()] = Some(mv.to);
                }
                if mv.kind == MoveKind::Normal && p.kind.confers() {
                    n.last[me.index()] = Some(mv.to);
                }
                if captured || p.kind.is_pawn_class() {
                    n.halfmove = 0;
                }
                if mv.ep != 0 && mv.promo.is_none() {
                    n.ep = Some(EnPassant {
                        victim: mv.to,
                        targets: mv.ep,
                    });
                }
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let r = rank_of(mv.from);
                let (rook_from, rook_to) = if mv.kind == MoveKind::CastleKing {
                    (sq(8, r), sq(6, r))
                } else {
                    (sq(1, r), sq(3, r))
                };
                let king = self.board[from];
                let rook = self.board[rook_from as usize];
                n.board[from] = None;
                n.board[rook_from as usize] = None;
                n.board[to] = king;
                n.board[rook_to as usize] = rook;
                n.last[me.index()] = Some(rook_to);
                touched |= bit(mv.from) | bit(rook_from);
                dirty |= bit(mv.to) | bit(rook_to);
            }
            MoveKind::Push => {
                let (df, dr) = unit(mv.from, mv.to);
                let k = distance(mv.from, mv.to);
                // The line in front of the ox, far end first so nothing is overwritten.
                let mut line = Vec::with_capacity(10);
                let mut s = offset(mv.from, df, dr);
                while let Some(x) = s {
                    if self.board[x as usize].is_none() {
                        break;
                    }
                    line.push(x);
                    s = offset(x, df, dr);
                }
                for &x in line.iter().rev().chain(std::iter::once(&mv.from)) {
                    let dest = offset(x, df * k, dr * k).unwrap_or(x);
                    let mut p = self.board[x as usize];
                    if let (Some(pp), Some(promo)) = (p, mv.promo) {
                        if pp.kind.is_pawn_class()
                            && rank_of(dest) == Self::promotion_rank(pp.color)
                        {
                            p = Some(Piece {
                                color: pp.color,
                                kind: promo,
                            });
                        }
                    }
                    n.board[x as usize] = None;
                    dirty |= bit(dest);
                    match p {
                        Some(pp) => n.place(dest, pp.color, pp.kind),
                        None => n.board[dest as usize] = None,
                    }
                    touched |= bit(x);
                    for c in 0..2 {
                        if self.last[c] == Some(x) {
                            n.last[c] = Some(dest);
                        }
                    }
                }
                if mv.piece == Kind::Ox {
                    n.last[me.index()] = Some(mv.to);
                }
            }
            MoveKind::Swap => {
                let mover = self.board[from];
                let mut partner = self.board[to];
                if let (Some(pp), Some(promo)) = (partner, mv.promo) {
                    partner = Some(Piece {
                        color: pp.color,
                        kind: promo,
                    });
                }
                n.board[to] = mover;
                n.board[from] = None;
                if let Some(pp) = partner {
                    n.place(mv.from, pp.color, pp.kind);
                }
                touched |= bit(mv.from) | bit(mv.to);
                if self.last[me.index()] == Some(mv.to) {
                    n.last[me.index()] = Some(mv.from);
                } else if self.last[me.index()] == Some(mv.from) {
                    n.last[me.index()] = Some(mv.to);
                }
                if mv.piece == Kind::Fool {
                    n.last[me.index()] = Some(mv.to);
                }
            }
            MoveKind::Suicide => {
                n.board[from] = None;
                n.board[to] = None;
                remove_conferrer(&mut n, mv.to);
                remove_conferrer(&mut n, mv.from);
                if mv.piece == Kind::Fool {
                    n.last[me.index()] = None;
                }
                touched |= bit(mv.from) | bit(mv.to);
                n.halfmove = 0;
            }
        }
        // Castling rights go as soon as the king or the rook leaves its square by any means.
        for (right, king, rook) in [
            (WHITE_KING_SIDE, sq(5, 0), sq(8, 0)),
            (WHITE_QUEEN_SIDE, sq(5, 0), sq(1, 0)),
            (BLACK_KING_SIDE, sq(5, 9), sq(8, 9)),
            (BLACK_QUEEN_SIDE, sq(5, 9), sq(1, 9)),
        ] {
            if touched & (bit(king) | bit(rook)) != 0 {
                n.castling &= !right;
            }
        }
        n.side = opp;
        if me == Color::Black {
            n.fullmove = n.fullmove.saturating_add(1);
        }
        n.resync(dirty | touched);
        debug_assert_eq!(n.sets, {
            let mut all = n.clone();
            all.refresh();
            all.sets
        });
        if keyed {
            n.key = n.updated_key(self, dirty | touched);
            debug_assert_eq!(n.key, n.compute_key());
        }
        n
    }
}
