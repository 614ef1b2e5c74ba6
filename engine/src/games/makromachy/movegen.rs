//! Pseudo-legal move generation per piece, and the legality filter.
//!
//! Duplicate effects are never generated (ruling 11): a Terror's 2-square leap is only listed
//! when the square in between is occupied (otherwise its Queen slide already reaches it), a
//! Dragon King adds only diagonal steps to its Rook slides, a Dragon Horse only orthogonal ones.

use super::attacks::{attacked, attacked_through, blocks_flight};
use super::board::*;
use super::moves::{Move, MoveKind};
use super::Makromachy;
use crate::core::{Color, Game};

const D_LEAPS: [i16; 4] = [offset(2, 0), offset(-2, 0), offset(0, 2), offset(0, -2)];
const A_LEAPS: [i16; 4] = [offset(2, 2), offset(-2, 2), offset(2, -2), offset(-2, -2)];

struct Gen<'a> {
    board: &'a [u8; CELLS],
    us: Color,
    out: &'a mut Vec<Move>,
}

impl Gen<'_> {
    #[inline]
    fn is_enemy(&self, code: u8) -> bool {
        is_piece(code) && color_of(code) != self.us
    }

    #[inline]
    fn add(&mut self, from: i16, to: i16) {
        self.out.push(Move::new(from as u16, to as u16));
    }

    /// A step or leap: to an empty square or onto an enemy.
    #[inline]
    fn leap(&mut self, from: i16, to: i16) {
        let code = self.board[to as usize];
        if code == EMPTY || self.is_enemy(code) {
            self.add(from, to);
        }
    }

    fn leaps(&mut self, from: i16, vectors: &[i16]) {
        for &d in vectors {
            self.leap(from, from + d);
        }
    }

    fn slides(&mut self, from: i16, dirs: &[i16]) {
        for &d in dirs {
            let mut to = from + d;
            while self.board[to as usize] == EMPTY {
                self.add(from, to);
                to += d;
            }
            if self.is_enemy(self.board[to as usize]) {
                self.add(from, to);
            }
        }
    }

    /// Eagle/Raven/Bat: quiet moves up to the first piece; captures of every enemy met while
    /// all pieces passed may be flown over (not a flyer, not an Archer).
    fn flights(&mut self, from: i16, dirs: &[i16]) {
        for &d in dirs {
            let mut to = from + d;
            while self.board[to as usize] == EMPTY {
                self.add(from, to);
                to += d;
            }
            loop {
                let code = self.board[to as usize];
                if code == OFF {
                    break;
                }
                if code != EMPTY {
                    if self.is_enemy(code) {
                        self.add(from, to);
                    }
                    if blocks_flight(code) {
                        break;
                    }
                }
                to += d;
            }
        }
    }

    /// Cannon/Vao: quiet slides; capture the first piece beyond exactly one screen.
    fn hops(&mut self, from: i16, dirs: &[i16]) {
        for &d in dirs {
            let mut to = from + d;
            while self.board[to as usize] == EMPTY {
                self.add(from, to);
                to += d;
            }
            if self.board[to as usize] == OFF {
                continue;
            }
            to += d;
            while self.board[to as usize] == EMPTY {
                to += d;
            }
            if self.is_enemy(self.board[to as usize]) {
                self.add(from, to);
            }
        }
    }

    /// Griffon/Rhino: first step (move or capture); if it was empty, slide on outward.
    fn bent(&mut self, from: i16, paths: &[(i16, i16); 8]) {
        // Each first step is shared by two paths; list it once.
        for (i, &(step, dir)) in paths.iter().enumerate() {
            let first = from + step;
            let code = self.board[first as usize];
            if i % 2 == 0 {
                self.leap(from, first);
            }
            if code != EMPTY {
                continue;
            }
            let mut to = first + dir;
            while self.board[to as usize] == EMPTY {
                self.add(from, to);
                to += dir;
            }
            if self.is_enemy(self.board[to as usize]) {
                self.add(from, to);
            }
        }
    }

    /// Airlift: non-capturing; squares 1..3 along `d` empty, the first piece at distance >= 4
    /// gives the destination just before it; nothing if the edge comes first.
    fn airlifts(&mut self, from: i16, dirs: &[i16]) {
        for &d in dirs {
            let mut to = from + d;
            let mut dist = 1;
            while self.board[to as usize] == EMPTY {
                to += d;
                dist += 1;
            }
            if dist >= 4 && self.board[to as usize] != OFF {
                self.add(from, to - d);
            }
        }
    }

    fn terror(&mut self, from: i16) {
        self.slides(from, &ALL8);
        self.leaps(from, &KNIGHT_LEAPS);
        for &d in D_LEAPS.iter().chain(A_LEAPS.iter()) {
            // Over an empty middle square the Queen slide already made this move.
            if self.board[(from + d / 2) as usize] != EMPTY {
                self.leap(from, from + d);
            }
        }
        // Hit-and-run: capture an adjacent enemy, then one King step to an empty square
        // other than the origin.
        for &d in &ALL8 {
            let hit = from + d;
            if !self.is_enemy(self.board[hit as usize]) {
                continue;
            }
            for &e in &ALL8 {
                let to = hit + e;
                if to != from && self.board[to as usize] == EMPTY {
                    self.out.push(Move {
                        from: from as u16,
                        to: to as u16,
                        aux: hit as u16,
                        promo: 0,
                        kind: MoveKind::HitAndRun,
                    });
                }
            }
        }
    }

    /// Adds a Pawn/Warrior arrival, expanding promotions on the last rank.
    fn pawnlike(&mut self, from: i16, to: i16, kind: MoveKind, aux: u16) {
        if rank_of(to as u16) == last_rank(self.us) {
            for &p in &PROMOTIONS {
                self.out.push(Move {
                    from: from as u16,
                    to: to as u16,
                    aux: 0,
                    promo: p,
                    kind: MoveKind::Normal,
                });
            }
        } else {
            self.out.push(Move {
                from: from as u16,
                to: to as u16,
                aux,
                promo: 0,
                kind,
            });
        }
    }

    fn forward_captures(&mut self, from: i16, ep: &EpInfo) {
        let fwd = forward(self.us);
        for to in [from + fwd - 1, from + fwd + 1] {
            let code = self.board[to as usize];
            if self.is_enemy(code) {
                self.pawnlike(from, to, MoveKind::Normal, 0);
            } else if code == EMPTY && ep.victim != 0 && ep.targets.contains(&(to as u16)) {
                self.pawnlike(from, to, MoveKind::EnPassant, ep.victim);
            }
        }
    }

    fn pawn(&mut self, from: i16, ep: &EpInfo) {
        let fwd = forward(self.us);
        let one = from + fwd;
        if self.board[one as usize] == EMPTY {
            self.pawnlike(from, one, MoveKind::Normal, 0);
            if rank_of(from as u16) == pawn_rank(self.us) {
                let two = one + fwd;
                if self.board[two as usize] == EMPTY {
                    self.pawnlike(from, two, MoveKind::Push, 0);
                    let three = two + fwd;
                    if self.board[three as usize] == EMPTY {
                        self.pawnlike(from, three, MoveKind::Push, 0);
                    }
                }
            }
        }
        self.forward_captures(from, ep);
    }

    fn warrior(&mut self, from: i16, ep: &EpInfo) {
        let fwd = forward(self.us);
        let one = from + fwd;
        if self.board[one as usize] == EMPTY {
            self.pawnlike(from, one, MoveKind::Normal, 0);
            let two = one + fwd;
            if self.board[two as usize] == EMPTY {
                // Ruling 10: a double step that promotes leaves no en-passant right.
                self.pawnlike(from, two, MoveKind::Push, 0);
            }
        }
        self.forward_captures(from, ep);
        for back in [2 * fwd - 1, 2 * fwd + 1, fwd - 2, fwd + 2] {
            let to = from - back;
            if self.is_enemy(self.board[to as usize]) {
                self.add(from, to);
            }
        }
    }
    /// The moves of the piece `code` on `sq` (castling aside).
    fn piece(&mut self, sq: i16, code: u8, ep: &EpInfo) {
        let g = self;
        match kind_of(code) {
            KING => g.leaps(sq, &ALL8),
            QUEEN => g.slides(sq, &ALL8),
            ROOK => g.slides(sq, &ORTH),
            BISHOP => g.slides(sq, &DIAG),
            KNIGHT => {
                g.leaps(sq, &KNIGHT_LEAPS);
                g.airlifts(sq, &DIAG);
            }
            TERROR => g.terror(sq),
            EAGLE => g.flights(sq, &ALL8),
            RAVEN => g.flights(sq, &ORTH),
            BAT => g.flights(sq, &DIAG),
            ARCHER => {
                g.leaps(sq, &ORTH);
                g.leaps(sq, &A_LEAPS);
            }
            MARSHALL => {
                g.slides(sq, &ORTH);
                g.leaps(sq, &KNIGHT_LEAPS);
            }
            ARCHBISHOP => {
                g.slides(sq, &DIAG);
                g.leaps(sq, &KNIGHT_LEAPS);
            }
            GRIFFON => g.bent(sq, &GRIFFON_PATHS),
            RHINO => g.bent(sq, &RHINO_PATHS),
            DRAGON_KING => {
                g.slides(sq, &ORTH);
                g.leaps(sq, &DIAG);
            }
            DRAGON_HORSE => {
                g.slides(sq, &DIAG);
                g.leaps(sq, &ORTH);
            }
            CHAMPION => {
                g.leaps(sq, &ORTH);
                g.leaps(sq, &D_LEAPS);
                g.leaps(sq, &A_LEAPS);
                g.airlifts(sq, &ORTH);
            }
            CAMEL => g.leaps(sq, &CAMEL_LEAPS),
            ZEBRA => g.leaps(sq, &ZEBRA_LEAPS),
            ELEPHANT => {
                g.leaps(sq, &DIAG);
                g.leaps(sq, &A_LEAPS);
                g.airlifts(sq, &DIAG);
            }
            CANNON => g.hops(sq, &ORTH),
            VAO => g.hops(sq, &DIAG),
            WARRIOR => g.warrior(sq, ep),
            PAWN => g.pawn(sq, ep),
            _ => {}
        }
    }
}

pub(super) struct EpInfo {
    pub victim: u16,
    pub targets: [u16; 2],
}

impl Makromachy {
    /// Every pseudo-legal move (the King may be left in check; anti-trade not applied).
    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let ep = EpInfo {
            victim: self.ep_victim,
            targets: self.ep_targets,
        };
        let mut g = Gen {
            board: &self.board,
            us,
            out,
        };
        for rank in 0..RANKS {
            for file in 0..FILES {
                let sq = square(file, rank) as i16;
                let code = self.board[sq as usize];
                if !is_piece(code) || color_of(code) != us {
                    continue;
                }
                g.piece(sq, code, &ep);
            }
        }
        self.castlings(out);
    }

    /// Fast castling: the unmoved King (not in check) jumps to any empty back-rank square
    /// between it and an unmoved corner Dragon King, which takes the King's square.
    fn castlings(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let (bits, rank) = match us {
            Color::White => ([CASTLE_WA, CASTLE_WN], 0),
            Color::Black => ([CASTLE_BA, CASTLE_BN], 13),
        };
        if self.castling & (bits[0] | bits[1]) == 0 {
            return;
        }
        let king = square(KING_FILE, rank);
        if attacked(&self.board, king, !us) {
            return;
        }
        for (side, &bit) in bits.iter().enumerate() {
            if self.castling & bit == 0 {
                continue;
            }
            let files = if side == 0 {
                1..KING_FILE
            } else {
                KING_FILE + 1..FILES - 1
            };
            for file in files {
                let to = square(file, rank);
                if self.board[to as usize] == EMPTY {
                    out.push(Move {
                        from: king,
                        to,
                        aux: castle_corner(bit),
                        promo: 0,
                        kind: MoveKind::Castle,
                    });
                }
            }
        }
    }

    /// Is a pseudo-legal move legal: own King safe afterwards, and the anti-trade rule
    /// (a Terror or Eagle may not take a Terror when the losing side could retake).
    /// `in_check`: whether the side to move is in check now.
    pub(super) fn is_legal(&self, mv: &Move, in_check: bool) -> bool {
        let us = self.side;
        let trade = mv.kind == MoveKind::Normal
            && kind_of(self.board[mv.to as usize]) == TERROR
            && is_piece(self.board[mv.to as usize])
            && matches!(kind_of(self.board[mv.from as usize]), TERROR | EAGLE);
        let king_moves =
            mv.kind == MoveKind::Castle || kind_of(self.board[mv.from as usize]) == KING;
        if !in_check && !king_moves {
            // Every attack on the King that a move can open or close runs along one of the 8
            // lines from it: sliders, flights and hops along them, and the Griffon's and
            // Rhino's paths, whose empty squares lie on those lines too. Leapers and steppers
            // only depend on their own square, which our move can only empty. So only the rays
            // from the King through the squares the move changes need a look.
            let king = self.king[us.index()];
            let mut changed = [mv.from, mv.to, 0];
            if matches!(mv.kind, MoveKind::EnPassant | MoveKind::HitAndRun) {
                changed[2] = mv.aux;
            }
            let touched = changed.iter().filter(|&&sq| sq != 0 && aligned(king, sq));
            let mut touched = touched.peekable();
            if touched.peek().is_none() && !trade {
                return true;
            }
            let after = self.play_board(mv);
            if touched.any(|&sq| attacked_through(&after, king, sq, !us)) {
                return false;
            }
            return !(trade && attacked(&after, mv.to, !us));
        }
        let after = self.play_board(mv);
        let king = if king_moves {
            mv.to
        } else {
            self.king[us.index()]
        };
        if attacked(&after, king, !us) {
            return false;
        }
        !(trade && attacked(&after, mv.to, !us))
    }

    /// The board after `mv` (no other state): enough to judge legality.
    pub(super) fn play_board(&self, mv: &Move) -> [u8; CELLS] {
        let mut b = self.board;
        let code = b[mv.from as usize];
        match mv.kind {
            MoveKind::Castle => {
                let dk = b[mv.aux as usize];
                b[mv.aux as usize] = EMPTY;
                b[mv.from as usize] = dk;
                b[mv.to as usize] = code;
            }
            MoveKind::EnPassant | MoveKind::HitAndRun => {
                b[mv.aux as usize] = EMPTY;
                b[mv.from as usize] = EMPTY;
                b[mv.to as usize] = code;
            }
            _ => {
                b[mv.from as usize] = EMPTY;
                b[mv.to as usize] = if mv.promo != 0 {
                    piece(us_of(code), mv.promo)
                } else {
                    code
                };
            }
        }
        b
    }
}

#[inline]
fn us_of(code: u8) -> Color {
    color_of(code)
}

/// How many pseudo-legal moves the piece on `sq` has on `cells` (no castling or en passant):
/// the mobility measure behind the evaluation's material values and mobility terms.
pub fn piece_mobility(cells: &[u8; CELLS], sq: u16, scratch: &mut Vec<Move>) -> usize {
    let code = cells[sq as usize];
    if !is_piece(code) {
        return 0;
    }
    scratch.clear();
    let mut g = Gen {
        board: cells,
        us: color_of(code),
        out: scratch,
    };
    let ep = EpInfo {
        victim: 0,
        targets: [0, 0],
    };
    g.piece(sq as i16, code, &ep);
    scratch.len()
}

/// Do two squares share a rank, file or diagonal?
#[inline]
fn aligned(a: u16, b: u16) -> bool {
    let dx = file_of(a) as i32 - file_of(b) as i32;
    let dy = rank_of(a) as i32 - rank_of(b) as i32;
    dx == 0 || dy == 0 || dx.abs() == dy.abs()
}

impl Makromachy {
    /// Pseudo-legal moves filtered to legal ones; with `only` set, just the moves `is_tactical`
    /// accepts (`Some(true)`) or rejects (`Some(false)`), so no move of the other kind is tested
    /// for legality.
    pub(super) fn generate(&self, only: Option<bool>, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let in_check = self.in_check();
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            if only.is_none_or(|tactical| self.is_tactical(&mv) == tactical)
                && self.is_legal(&mv, in_check)
            {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The legal move whose `move_code` is `code`, looked for among the moves of the piece on
    /// the code's origin square only (the castlings for a castling code).
    pub(super) fn move_with_code(&self, code: u64) -> Option<Move> {
        let from = (code & 511) as usize;
        let piece = *self.board.get(from)?;
        if !is_piece(piece) || color_of(piece) != self.side {
            return None;
        }
        let mut moves = Vec::with_capacity(64);
        if code >> 32 == MoveKind::Castle as u64 {
            self.castlings(&mut moves);
        } else {
            let ep = EpInfo {
                victim: self.ep_victim,
                targets: self.ep_targets,
            };
            let mut g = Gen {
                board: &self.board,
                us: self.side,
                out: &mut moves,
            };
            g.piece(from as i16, piece, &ep);
        }
        let mv = moves.into_iter().find(|mv| move_code(mv) == code)?;
        self.is_legal(&mv, self.in_check()).then_some(mv)
    }

    /// Does the side to move give check with `mv`?
    pub fn gives_check(&self, mv: &Move) -> bool {
        let after = self.play(mv);
        after.in_check()
    }
}

/// A number for `mv` that no other move has: its three squares (each below 512), promotion and
/// kind.
pub(super) fn move_code(mv: &Move) -> u64 {
    u64::from(mv.from)
        | u64::from(mv.to) << 9
        | u64::from(mv.aux) << 18
        | u64::from(mv.promo) << 27
        | (mv.kind as u64) << 32
}
