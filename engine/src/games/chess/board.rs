//! The board: bitboards by kind and colour, the board queries evaluation code is written
//! against, the Zobrist keys, and how a move changes the position (copy-make).

use super::attacks::pawn_attacks;
use super::bitboard::{
    lowest_square, squares, Bitboard, Piece, PieceType, Square, DARK_SQUARES, LIGHT_SQUARES,
};
use super::moves::{flag, ChessMove};
use super::Chess;
use crate::core::zobrist::KeyGenerator;
use crate::core::Color;

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
    pub(crate) fn kind_at(&self, sq: Square) -> PieceType {
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

    /// Neither side can ever mate, whatever is played.
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.pieces_of_type(PieceType::Pawn)
            | self.pieces_of_type(PieceType::Rook)
            | self.pieces_of_type(PieceType::Queen);
        if heavy != 0 {
            return false;
        }
        let knights = self.pieces_of_type(PieceType::Knight);
        let bishops = self.pieces_of_type(PieceType::Bishop);
        if (knights | bishops).count_ones() <= 1 {
            return true;
        }
        knights == 0 && (bishops & LIGHT_SQUARES == 0 || bishops & DARK_SQUARES == 0)
    }
}

impl Chess {
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
    // ----- Making moves -----

    /// Passing: the other side to move, no en-passant right, the key rebuilt to match.
    pub(super) fn pass(&self) -> Chess {
        let mut next = *self;
        next.side = !self.side;
        next.ep = NO_SQUARE;
        next.halfmove = next.halfmove.saturating_add(1);
        next.key = next.compute_key();
        next
    }

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
        next.halfmove = next.halfmove.saturating_add(1);

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
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.key = key;
        if kind == flag::DOUBLE_PUSH {
            next.set_en_passant_if_capturable(Square::new(((from.index() + to.index()) / 2) as u8));
        }
        next
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
}
