//! Legal move generation with pin and check masks, into a list or a counter that never builds
//! the moves.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, piece_attacks,
    rook_attacks,
};
use super::bitboard::{
    lowest_square, rank_mask, squares, Bitboard, PieceType, Square, FILE_A, FILE_H,
};
use super::board::{castling, NO_SQUARE};
use super::moves::{flag, ChessMove, ChessMoveList};
use super::Chess;
use crate::core::Color;

impl Chess {
    // ----- Legal move generation -----

    /// Appends every legal move to `out`.
    pub fn generate(&self, out: &mut ChessMoveList) {
        match self.side {
            Color::White => self.generate_for::<true, _>(out),
            Color::Black => self.generate_for::<false, _>(out),
        }
    }

    /// Appends the legal captures and promotions (what `is_tactical` accepts) to `out`.
    pub fn generate_tactical(&self, out: &mut ChessMoveList) {
        let mut sink = Tactical(out);
        match self.side {
            Color::White => self.generate_for::<true, _>(&mut sink),
            Color::Black => self.generate_for::<false, _>(&mut sink),
        }
    }

    /// Appends the legal moves that are neither captures nor promotions to `out`.
    pub fn generate_quiet(&self, out: &mut ChessMoveList) {
        let mut sink = Quiet(out);
        match self.side {
            Color::White => self.generate_for::<true, _>(&mut sink),
            Color::Black => self.generate_for::<false, _>(&mut sink),
        }
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_moves(&self) -> usize {
        let mut counter = Counter(0);
        match self.side {
            Color::White => self.generate_for::<true, _>(&mut counter),
            Color::Black => self.generate_for::<false, _>(&mut counter),
        }
        counter.0
    }

    /// Whether `mv` is one of the legal moves, tested on its own piece: the move's shape and
    /// flag against the piece on its square (pseudo-legality), then the king's safety after it.
    pub fn is_legal_move(&self, mv: ChessMove) -> bool {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        if own & from.bit() == 0 || own & to.bit() != 0 {
            return false;
        }
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let takes = enemy & to.bit() != 0;
        let plain = if takes { flag::CAPTURE } else { flag::QUIET };
        let ksq = self.king_square(us);
        match piece.kind {
            PieceType::King if mv.is_castle() => self.castle_legal(mv, occ),
            PieceType::King => {
                mv.flag() == plain
                    && king_attacks(from) & to.bit() != 0
                    && !self.is_attacked(to, them, occ ^ from.bit())
            }
            PieceType::Pawn => {
                self.pawn_move_shaped(mv, occ, enemy) && {
                    let taken = if mv.is_en_passant() {
                        Square::new(to.index() as u8 ^ 8)
                    } else {
                        to
                    };
                    self.king_safe_after(ksq, from, to, taken, occ)
                }
            }
            kind => {
                mv.flag() == plain
                    && piece_attacks(kind, us, from, occ) & to.bit() != 0
                    && self.king_safe_after(ksq, from, to, to, occ)
            }
        }
    }

    /// Whether the pawn move `mv` has a pawn move's shape and flag here (a push to an empty
    /// square, a capture, en passant, a promotion exactly on the last rank).
    fn pawn_move_shaped(&self, mv: ChessMove, occ: Bitboard, enemy: Bitboard) -> bool {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let up: i8 = if us == Color::White { 8 } else { -8 };
        let step = to.index() as i8 - from.index() as i8;
        let last_rank = if us == Color::White { 7 } else { 0 };
        let flag = mv.flag();
        if mv.is_en_passant() {
            return self.ep != NO_SQUARE
                && to.index() == usize::from(self.ep)
                && pawn_attacks(us, from) & to.bit() != 0;
        }
        let takes = enemy & to.bit() != 0;
        let empty = |sq: Square| occ & sq.bit() == 0;
        if flag == flag::DOUBLE_PUSH {
            let start_rank = if us == Color::White { 1 } else { 6 };
            return from.rank() == start_rank
                && step == 2 * up
                && empty(Square::new((from.index() as i8 + up) as u8))
                && empty(to);
        }
        let reaches = if takes {
            pawn_attacks(us, from) & to.bit() != 0
        } else {
            step == up && empty(to)
        };
        let kind = if takes { flag::CAPTURE } else { flag::QUIET };
        let flag_fits = if to.rank() == last_rank {
            flag & !3 == flag::PROMOTION | kind
        } else {
            flag == kind
        };
        reaches && flag_fits
    }

    /// Whether the side to move's king on `ksq` is safe after a piece other than the king goes
    /// from `from` to `to`, taking the piece on `taken` (`to` itself unless en passant).
    fn king_safe_after(
        &self,
        ksq: Square,
        from: Square,
        to: Square,
        taken: Square,
        occ: Bitboard,
    ) -> bool {
        let them = !self.side;
        let occ = ((occ ^ from.bit()) | to.bit()) & !(taken.bit() & !to.bit());
        let alive = self.by_color[them.index()] & !taken.bit();
        let pawns = self.by_type[PieceType::Pawn.index()];
        let knights = self.by_type[PieceType::Knight.index()];
        (pawn_attacks(self.side, ksq) & pawns & alive) == 0
            && (knight_attacks(ksq) & knights & alive) == 0
            && (bishop_attacks(ksq, occ) & self.diagonal_sliders(them) & alive) == 0
            && (rook_attacks(ksq, occ) & self.orthogonal_sliders(them) & alive) == 0
    }

    /// Whether the castling move `mv` is legal: the right, empty squares between, and no
    /// attacked square on the king's way (the same conditions as the generator's).
    fn castle_legal(&self, mv: ChessMove, occ: Bitboard) -> bool {
        let them = !self.side;
        let (king_side, queen_side, base) = if self.side == Color::White {
            (castling::WHITE_KING_SIDE, castling::WHITE_QUEEN_SIDE, 0u8)
        } else {
            (castling::BLACK_KING_SIDE, castling::BLACK_QUEEN_SIDE, 56u8)
        };
        let sq = |file: u8| Square::new(base + file);
        let (right, to, between, safe) = if mv.flag() == flag::KING_CASTLE {
            (king_side, sq(6), sq(5).bit() | sq(6).bit(), [sq(5), sq(6)])
        } else {
            let between = sq(1).bit() | sq(2).bit() | sq(3).bit();
            (queen_side, sq(2), between, [sq(3), sq(2)])
        };
        mv.from() == sq(4)
            && mv.to() == to
            && self.castling & right != 0
            && occ & between == 0
            && self.checkers() == 0
            && safe.iter().all(|&s| !self.is_attacked(s, them, occ))
    }

    fn generate_for<const WHITE: bool, S: MoveSink>(&self, out: &mut S) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let occ = own | enemy;
        let ksq = self.king_square(us);
        let checkers = self.attackers_to(ksq, occ) & enemy;

        // The king steps to squares not attacked once it has left its own square.
        let occ_without_king = occ ^ ksq.bit();
        for to in squares(king_attacks(ksq) & !own & out.kept(enemy)) {
            if !self.is_attacked(to, them, occ_without_king) {
                let kind = if enemy & to.bit() != 0 {
                    flag::CAPTURE
                } else {
                    flag::QUIET
                };
                out.one(ChessMove::new(ksq, to, kind));
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return;
        }

        let check_mask = if checkers != 0 {
            between(ksq, lowest_square(checkers)) | checkers
        } else {
            !0
        };
        let pinned = self.pinned_for(us, ksq, occ);
        let movable = !own & check_mask;

        for from in squares(self.pieces(us, PieceType::Knight) & !pinned) {
            out.targets(from, knight_attacks(from) & movable, enemy);
        }
        for from in squares(self.diagonal_sliders(us)) {
            let mut targets = bishop_attacks(from, occ) & movable;
            if pinned & from.bit() != 0 {
                targets &= line(ksq, from);
            }
            out.targets(from, targets, enemy);
        }
        for from in squares(self.orthogonal_sliders(us)) {
            let mut targets = rook_attacks(from, occ) & movable;
            if pinned & from.bit() != 0 {
                targets &= line(ksq, from);
            }
            out.targets(from, targets, enemy);
        }

        self.generate_pawns::<WHITE, S>(out, ksq, checkers, check_mask, pinned);

        // Castling lands on an empty square: none where the sink keeps only captures.
        if checkers == 0 && out.kept(enemy) & !occ != 0 {
            self.generate_castling::<WHITE, S>(out, occ);
        }
    }

    #[inline]
    fn generate_pawns<const WHITE: bool, S: MoveSink>(
        &self,
        out: &mut S,
        ksq: Square,
        checkers: Bitboard,
        check_mask: Bitboard,
        pinned: Bitboard,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let enemy = self.by_color[them.index()];
        let empty = !self.occupied();
        let pawns = self.pieces(us, PieceType::Pawn);
        let third_rank = rank_mask(if WHITE { 2 } else { 5 });
        let last_rank = rank_mask(if WHITE { 7 } else { 0 });
        let up: i8 = if WHITE { 8 } else { -8 };
        let up_west: i8 = if WHITE { 7 } else { -9 };
        let up_east: i8 = if WHITE { 9 } else { -7 };
        let shift = |bb: Bitboard, by: i8| -> Bitboard {
            if by > 0 {
                bb << by
            } else {
                bb >> -by
            }
        };

        // Unpinned pawns, set-wise.
        let free = pawns & !pinned;
        let single = shift(free, up) & empty;
        let double = shift(single & third_rank, up) & empty & check_mask;
        let single = single & check_mask;
        out.pawn_moves(single & !last_rank, up, flag::QUIET);
        out.promotion_moves(single & last_rank, up, false);
        out.pawn_moves(double, 2 * up, flag::DOUBLE_PUSH);
        let targets = enemy & check_mask;
        for (dir, captures) in [
            (up_west, shift(free & !FILE_A, up_west) & targets),
            (up_east, shift(free & !FILE_H, up_east) & targets),
        ] {
            out.pawn_moves(captures & !last_rank, dir, flag::CAPTURE);
            out.promotion_moves(captures & last_rank, dir, true);
        }

        // Pinned pawns may move only along the pin.
        for from in squares(pawns & pinned) {
            let allowed = line(ksq, from) & check_mask;
            let one = shift(from.bit(), up) & empty;
            let push = one & allowed;
            out.pawn_moves(push & !last_rank, up, flag::QUIET);
            out.promotion_moves(push & last_rank, up, false);
            out.pawn_moves(
                shift(one & third_rank, up) & empty & allowed,
                2 * up,
                flag::DOUBLE_PUSH,
            );
            let captures = pawn_attacks(us, from) & enemy & allowed;
            let dir = if captures & shift(from.bit() & !FILE_A, up_west) != 0 {
                up_west
            } else {
                up_east
            };
            out.pawn_moves(captures & !last_rank, dir, flag::CAPTURE);
            out.promotion_moves(captures & last_rank, dir, true);
        }

        if self.ep != NO_SQUARE {
            let ep = Square::new(self.ep);
            for from in squares(pawn_attacks(them, ep) & pawns) {
                if self.en_passant_legal(from, ep, ksq, checkers) {
                    out.one(ChessMove::new(from, ep, flag::EN_PASSANT));
                }
            }
        }
    }

    /// Whether the pawn of the side to move on `from` may take en passant onto `ep`. Played out
    /// on the occupancy, which also catches the two pawns leaving one rank at once.
    pub(super) fn en_passant_legal(
        &self,
        from: Square,
        ep: Square,
        ksq: Square,
        checkers: Bitboard,
    ) -> bool {
        let them = !self.side;
        let captured = Square::new(ep.index() as u8 ^ 8);
        let leapers =
            self.by_type[PieceType::Knight.index()] | self.by_type[PieceType::Pawn.index()];
        if checkers & leapers & !captured.bit() != 0 {
            return false;
        }
        let occ = self.occupied() ^ from.bit() ^ captured.bit() ^ ep.bit();
        rook_attacks(ksq, occ) & self.orthogonal_sliders(them) == 0
            && bishop_attacks(ksq, occ) & self.diagonal_sliders(them) == 0
    }

    #[inline]
    fn generate_castling<const WHITE: bool, S: MoveSink>(&self, out: &mut S, occ: Bitboard) {
        let them = if WHITE { Color::Black } else { Color::White };
        let (king_side, queen_side, base) = if WHITE {
            (castling::WHITE_KING_SIDE, castling::WHITE_QUEEN_SIDE, 0u8)
        } else {
            (castling::BLACK_KING_SIDE, castling::BLACK_QUEEN_SIDE, 56u8)
        };
        let sq = |file: u8| Square::new(base + file);
        if self.castling & king_side != 0
            && occ & (sq(5).bit() | sq(6).bit()) == 0
            && !self.is_attacked(sq(5), them, occ)
            && !self.is_attacked(sq(6), them, occ)
        {
            out.one(ChessMove::new(sq(4), sq(6), flag::KING_CASTLE));
        }
        if self.castling & queen_side != 0
            && occ & (sq(1).bit() | sq(2).bit() | sq(3).bit()) == 0
            && !self.is_attacked(sq(3), them, occ)
            && !self.is_attacked(sq(2), them, occ)
        {
            out.one(ChessMove::new(sq(4), sq(2), flag::QUEEN_CASTLE));
        }
    }
}

/// Where the generator puts moves: a list, or a counter that never builds them.
trait MoveSink {
    /// The target squares whose moves the sink keeps, given the enemy's squares: the generator
    /// spends no king-safety test on the others.
    #[inline]
    fn kept(&self, _enemy: Bitboard) -> Bitboard {
        !0
    }
    fn one(&mut self, mv: ChessMove);
    /// Moves of one piece from `from` to each of `targets` (captures where `enemy` stands).
    fn targets(&mut self, from: Square, targets: Bitboard, enemy: Bitboard);
    /// Pawn moves to each of `to`, each from `delta` squares behind, all with `kind`.
    fn pawn_moves(&mut self, to: Bitboard, delta: i8, kind: u16);
    /// The four promotions onto each of `to`.
    fn promotion_moves(&mut self, to: Bitboard, delta: i8, capture: bool);
}

#[inline]
fn origin(to: Square, delta: i8) -> Square {
    Square::new((to.index() as i8 - delta) as u8)
}

impl MoveSink for ChessMoveList {
    #[inline]
    fn one(&mut self, mv: ChessMove) {
        self.push(mv);
    }

    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard, enemy: Bitboard) {
        for to in squares(targets & enemy) {
            self.push(ChessMove::new(from, to, flag::CAPTURE));
        }
        for to in squares(targets & !enemy) {
            self.push(ChessMove::new(from, to, flag::QUIET));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, to: Bitboard, delta: i8, kind: u16) {
        for to in squares(to) {
            self.push(ChessMove::new(origin(to, delta), to, kind));
        }
    }

    #[inline]
    fn promotion_moves(&mut self, to: Bitboard, delta: i8, capture: bool) {
        for to in squares(to) {
            let from = origin(to, delta);
            for kind in [
                PieceType::Queen,
                PieceType::Knight,
                PieceType::Rook,
                PieceType::Bishop,
            ] {
                self.push(ChessMove::promotion(from, to, kind, capture));
            }
        }
    }
}

/// Keeps the captures and promotions of a list.
struct Tactical<'a>(&'a mut ChessMoveList);

impl Tactical<'_> {
    #[inline]
    fn keep(&mut self, mv: ChessMove) {
        if mv.is_capture() || mv.promotion_piece().is_some() {
            self.0.push(mv);
        }
    }
}

impl MoveSink for Tactical<'_> {
    #[inline]
    fn kept(&self, enemy: Bitboard) -> Bitboard {
        enemy
    }

    #[inline]
    fn one(&mut self, mv: ChessMove) {
        self.keep(mv);
    }

    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard, enemy: Bitboard) {
        for to in squares(targets & enemy) {
            self.0.push(ChessMove::new(from, to, flag::CAPTURE));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, to: Bitboard, delta: i8, kind: u16) {
        for to in squares(to) {
            self.keep(ChessMove::new(origin(to, delta), to, kind));
        }
    }

    #[inline]
    fn promotion_moves(&mut self, to: Bitboard, delta: i8, capture: bool) {
        self.0.promotion_moves(to, delta, capture);
    }
}

/// Keeps the moves of a list that are neither captures nor promotions.
struct Quiet<'a>(&'a mut ChessMoveList);

impl MoveSink for Quiet<'_> {
    #[inline]
    fn kept(&self, enemy: Bitboard) -> Bitboard {
        !enemy
    }

    #[inline]
    fn one(&mut self, mv: ChessMove) {
        if !mv.is_capture() {
            self.0.push(mv);
        }
    }

    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard, enemy: Bitboard) {
        for to in squares(targets & !enemy) {
            self.0.push(ChessMove::new(from, to, flag::QUIET));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, to: Bitboard, delta: i8, kind: u16) {
        if kind & flag::CAPTURE == 0 {
            self.0.pawn_moves(to, delta, kind);
        }
    }

    #[inline]
    fn promotion_moves(&mut self, _: Bitboard, _: i8, _: bool) {}
}

struct Counter(usize);

impl MoveSink for Counter {
    #[inline]
    fn one(&mut self, _: ChessMove) {
        self.0 += 1;
    }

    #[inline]
    fn targets(&mut self, _: Square, targets: Bitboard, _: Bitboard) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline]
    fn pawn_moves(&mut self, to: Bitboard, _: i8, _: u16) {
        self.0 += to.count_ones() as usize;
    }

    #[inline]
    fn promotion_moves(&mut self, to: Bitboard, _: i8, _: bool) {
        self.0 += 4 * to.count_ones() as usize;
    }
}
