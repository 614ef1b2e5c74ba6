//! The position: bitboards, Zobrist key, legal move generation and copy-make.

use arrayvec::ArrayVec;

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use super::bitboard::{
    lowest_square, rank_mask, squares, Bitboard, Piece, PieceType, Square, FILE_A, FILE_H,
};
use super::moves::{flag, ChessMove};
use crate::core::zobrist::KeyGenerator;
use crate::core::Color;

/// The caller-owned move list of chess (no legal position has more than 218 moves).
pub type ChessMoveList = ArrayVec<ChessMove, 256>;

pub(crate) const NO_SQUARE: u8 = 64;

/// Castling-right bits.
pub mod castling {
    pub const WHITE_KING_SIDE: u8 = 1;
    pub const WHITE_QUEEN_SIDE: u8 = 2;
    pub const BLACK_KING_SIDE: u8 = 4;
    pub const BLACK_QUEEN_SIDE: u8 = 8;
    pub const ALL: u8 = 15;
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    side: u64,
    castling: [u64; 16],
    ep_file: [u64; 8],
}

const fn make_keys() -> Keys {
    let mut generator = KeyGenerator::new(0xC4E5_5000_0000_0001);
    let mut pieces = [[[0; 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 6 {
            pieces[color][kind] = generator.table();
            kind += 1;
        }
        color += 1;
    }
    let side = generator.next();
    let mut castling: [u64; 16] = generator.table();
    castling[0] = 0;
    let ep_file = generator.table();
    Keys {
        pieces,
        side,
        castling,
        ep_file,
    }
}

static KEYS: Keys = make_keys();

/// Rights kept when a move touches a square: moving or capturing on a king or rook home
/// square drops the matching rights.
static CASTLING_KEPT: [u8; 64] = {
    let mut table = [castling::ALL; 64];
    table[0] = !castling::WHITE_QUEEN_SIDE & castling::ALL;
    table[4] = !(castling::WHITE_KING_SIDE | castling::WHITE_QUEEN_SIDE) & castling::ALL;
    table[7] = !castling::WHITE_KING_SIDE & castling::ALL;
    table[56] = !castling::BLACK_QUEEN_SIDE & castling::ALL;
    table[60] = !(castling::BLACK_KING_SIDE | castling::BLACK_QUEEN_SIDE) & castling::ALL;
    table[63] = !castling::BLACK_KING_SIDE & castling::ALL;
    table
};

/// An orthodox chess position (a complete game state but for the earlier keys).
///
/// The en-passant square is kept only when a legal en-passant capture exists, so that two
/// positions with the same legal moves have the same key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess {
    pub(crate) by_type: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) key: u64,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl Chess {
    pub(crate) fn empty() -> Chess {
        Chess {
            by_type: [0; 6],
            by_color: [0; 2],
            key: 0,
            side: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
        }
    }

    // ----- Queries (the API the evaluation is written against) -----

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Pieces of `kind` and `color`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()] & self.by_color[color.index()]
    }

    /// Pieces of `kind`, both colours.
    #[inline]
    pub fn pieces_of_type(&self, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()]
    }

    /// All pieces of `color`.
    #[inline]
    pub fn color_pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        lowest_square(self.pieces(color, PieceType::King))
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = sq.bit();
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else if self.by_color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = self.kind_at(sq);
        Some(Piece { color, kind })
    }

    /// The kind of the piece known to stand on `sq`.
    #[inline]
    fn kind_at(&self, sq: Square) -> PieceType {
        let bit = sq.bit();
        if self.by_type[0] & bit != 0 {
            PieceType::Pawn
        } else if self.by_type[1] & bit != 0 {
            PieceType::Knight
        } else if self.by_type[2] & bit != 0 {
            PieceType::Bishop
        } else if self.by_type[3] & bit != 0 {
            PieceType::Rook
        } else if self.by_type[4] & bit != 0 {
            PieceType::Queen
        } else {
            PieceType::King
        }
    }

    /// Castling rights as bits of [`castling`].
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant target square, present only when an en-passant capture is legal.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        (self.ep != NO_SQUARE).then(|| Square::new(self.ep))
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Bishops and queens of `color`.
    #[inline]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_type[PieceType::Bishop.index()] | self.by_type[PieceType::Queen.index()])
            & self.by_color[color.index()]
    }

    /// Rooks and queens of `color`.
    #[inline]
    pub fn orthogonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_type[PieceType::Rook.index()] | self.by_type[PieceType::Queen.index()])
            & self.by_color[color.index()]
    }

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

    #[inline]
    fn pinned_for(&self, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
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

    // ----- Zobrist keys -----

    /// The key computed from scratch (the incremental one must always equal it).
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for kind in PieceType::ALL {
                for sq in squares(self.pieces(color, kind)) {
                    key ^= KEYS.pieces[color.index()][kind.index()][sq.index()];
                }
            }
        }
        if self.side == Color::Black {
            key ^= KEYS.side;
        }
        key ^= KEYS.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[(self.ep & 7) as usize];
        }
        key
    }

    #[inline]
    pub(crate) fn toggle(&mut self, color: Color, kind: PieceType, sq: Square) {
        self.by_type[kind.index()] ^= sq.bit();
        self.by_color[color.index()] ^= sq.bit();
    }

    // ----- Legal move generation -----

    /// Appends every legal move to `out`.
    pub fn generate(&self, out: &mut ChessMoveList) {
        match self.side {
            Color::White => self.generate_for::<true, _>(out),
            Color::Black => self.generate_for::<false, _>(out),
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
        for to in squares(king_attacks(ksq) & !own) {
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

        if checkers == 0 {
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
    fn en_passant_legal(&self, from: Square, ep: Square, ksq: Square, checkers: Bitboard) -> bool {
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

    /// Sets the en-passant square after a double step to `ep` when some capture onto it is legal.
    pub(crate) fn set_en_passant_if_capturable(&mut self, ep: Square) {
        let us = self.side;
        let candidates = pawn_attacks(!us, ep) & self.pieces(us, PieceType::Pawn);
        if candidates == 0 {
            return;
        }
        let ksq = self.king_square(us);
        let checkers = self.attackers_to(ksq, self.occupied()) & self.by_color[(!us).index()];
        if squares(candidates).any(|from| self.en_passant_legal(from, ep, ksq, checkers)) {
            self.ep = ep.index() as u8;
            self.key ^= KEYS.ep_file[ep.file() as usize];
        }
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

    // ----- Making moves -----

    /// The position after `mv`, which must be legal here.
    pub fn play_move(&self, mv: ChessMove) -> Chess {
        let mut next = *self;
        let us = self.side;
        let them = !us;
        let (from, to, kind) = (mv.from(), mv.to(), mv.flag());
        let moved = self.kind_at(from);
        let mut key = self.key ^ KEYS.side ^ KEYS.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[(self.ep & 7) as usize];
        }
        next.ep = NO_SQUARE;
        next.halfmove += 1;

        if kind == flag::EN_PASSANT {
            let captured = Square::new(to.index() as u8 ^ 8);
            next.toggle(them, PieceType::Pawn, captured);
            key ^= KEYS.pieces[them.index()][PieceType::Pawn.index()][captured.index()];
        } else if mv.is_capture() {
            let victim = self.kind_at(to);
            next.toggle(them, victim, to);
            key ^= KEYS.pieces[them.index()][victim.index()][to.index()];
            next.halfmove = 0;
        }

        let placed = mv.promotion_piece().unwrap_or(moved);
        next.toggle(us, moved, from);
        next.toggle(us, placed, to);
        key ^= KEYS.pieces[us.index()][moved.index()][from.index()]
            ^ KEYS.pieces[us.index()][placed.index()][to.index()];

        if moved == PieceType::Pawn {
            next.halfmove = 0;
        } else if mv.is_castle() {
            let (rook_from, rook_to) = if kind == flag::KING_CASTLE {
                (to.index() + 1, to.index() - 1)
            } else {
                (to.index() - 2, to.index() + 1)
            };
            let (rook_from, rook_to) = (Square::new(rook_from as u8), Square::new(rook_to as u8));
            next.toggle(us, PieceType::Rook, rook_from);
            next.toggle(us, PieceType::Rook, rook_to);
            let rook_keys = &KEYS.pieces[us.index()][PieceType::Rook.index()];
            key ^= rook_keys[rook_from.index()] ^ rook_keys[rook_to.index()];
        }

        next.castling &= CASTLING_KEPT[from.index()] & CASTLING_KEPT[to.index()];
        key ^= KEYS.castling[next.castling as usize];
        next.side = them;
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.key = key;
        if kind == flag::DOUBLE_PUSH {
            next.set_en_passant_if_capturable(Square::new(((from.index() + to.index()) / 2) as u8));
        }
        next
    }
}

/// Where the generator puts moves: a list, or a counter that never builds them.
trait MoveSink {
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
