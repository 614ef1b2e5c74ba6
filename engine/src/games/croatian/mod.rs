//! The Croatian Chess family (book: "Croatian Chess and other variants"; rulings in
//! shared/rules/croatian/). One ruleset parameterised by [`variant::Variant`]; tier 1 plays
//! Croatian Ties, Mayan Ascendancy, Age of Aquarius and the simple variants (14/20/26, plain and
//! randomized).
//!
//! Board: a padded mailbox of one-byte cells (kind, colour and tag in one byte), `u16` squares,
//! stride `size + 4` (two sentinel files on each side, so horizontal leaps up to 4 land on a
//! sentinel) and four sentinel ranks above and below (vertical leaps up to 4, the Unicorn's long
//! jump). A `Move` is a complete turn listing every ply of its cascade; generation deduplicates
//! turns by the resulting state (two cascades that leave the same Pyramids on the same fields are
//! one move, ruling R5).
//!
//! ## Readings decided here (where the book and the rulings pages leave a choice)
//!
//! * Castling, all variants but the randomized ones: the King castles with the closest tagged
//!   Rook on a side, moving 2 fields up to the field next to that Rook on its right and one field
//!   short of that on its left. With the corner Rooks of the main variants this is exactly
//!   Table 18; in the simple variants it is L5941. Attacks on the fields the King crosses are
//!   tested on the board before the move (R6), the destination after it.
//! * Only the side to move's own pieces move in tier-1 cascades, so a move is illegal exactly
//!   when it leaves the own King attacked; self-checkmate (OQ-5) cannot arise before Waves.
//! * The halfmove clock also resets when a Pyramid tags a Pawn (the Pyramid leaves the board).
//! * Position strings refuse a Pawn on its promotion rank in forced-promotion variants, and a
//!   position where the side not to move is in check.
//! * The author's setup string is read with his current tag characters (`^` may rush, `&` may
//!   castle, `=` promotion tag, `:` rushed last move; `|` is also read for rush) and written with
//!   them; the en-passant fields of a `:` Pawn run from its first Pawn row. The simple variants
//!   use the symbols `cc14` .. `ct26`; the randomized flavours have none.
//! * Wire moves: UCI long algebraic for single plies that fit it (`e2e4`, `a13a11q`, castling as
//!   the King's two-or-more-field move); XAN for cascades, promotion tags, delayed promotions and
//!   randomized castling (where a one-field castling looks like a King step).

mod attacks;
mod board;
mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
mod position;
pub mod reference;
pub mod variant;
mod view;
mod xboard;

#[cfg(test)]
mod tests;

use arrayvec::ArrayVec;

use crate::core::view::{BoardView, MoveInput};
use crate::core::{Color, Game, MoveError, PositionError};

pub use board::MAILBOX;
pub use moves::{flag, Move, Ply};
use piece::Cell;
pub use variant::Variant;

/// A Pawn rushed in the last move: it stands on `pawn`, started on `from`; the fields strictly
/// between are where an enemy Pawn may capture it en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpItem {
    pub pawn: u16,
    pub from: u16,
}

#[derive(Clone)]
pub struct Croatian {
    v: &'static Variant,
    board: [Cell; MAILBOX],
    side: Color,
    ep: ArrayVec<EpItem, 4>,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    /// King fields (0 when a side has none, allowed in test positions: never in check).
    kings: [u16; 2],
}

impl std::fmt::Debug for Croatian {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.position_string())
    }
}

impl PartialEq for Croatian {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.v, other.v)
            && self.board[..] == other.board[..]
            && self.side == other.side
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Game for Croatian {
    type Move = Move;
    type MoveList = Vec<Move>;

    /// Cascades that end in one state do coincide (ruling R5), but `legal_moves` already lists
    /// each resulting state once, so no two listed moves coincide and perft may count in bulk.
    const TURNS_CAN_COINCIDE: bool = false;

    fn variants() -> &'static [&'static str] {
        &variant::NAMES
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        position::start_position(variant)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        position::parse_position(variant, text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        self.v.name
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self, out, true);
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    fn null_move(&self) -> Option<Self> {
        Some(self.pass())
    }

    fn in_check(&self) -> bool {
        let k = self.kings[self.side.index()];
        k != 0 && attacks::attacked(self, &self.board, k, !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.plies().iter().any(|p| {
            p.flags
                & (flag::CAPTURE | flag::EN_PASSANT | flag::PROMOTE | flag::CONVERT | flag::DELAYED)
                != 0
        })
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(self, mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::ean(self, mv)
    }

    fn xboard_legs(&self, mv: &Move) -> Option<String> {
        // XBoard's own en passant misses a Pawn rushed further than two fields.
        let ply = mv.first();
        (!mv.is_cascade() && ply.has(flag::EN_PASSANT)).then(|| {
            let [from, victim, to] = [ply.from, ply.aux, ply.to].map(|f| self.field_name(f));
            format!("{from}{victim},{victim}{to}")
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }

    fn cecp_setup(&self) -> Option<String> {
        position::cecp_setup(self)
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(self, mv)
    }

    fn cecp_move_text(wire: &str) -> String {
        xboard::move_text(wire)
    }

    fn cecp_move_texts(legal: &[String]) -> Vec<String> {
        xboard::move_texts(legal)
    }

    fn cecp_read_move(legal: &[String], text: &str) -> Option<usize> {
        xboard::read_move(legal, text)
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        perft_suite(variant)
    }
}

/// The perft suites in `perft/`, by variant.
fn perft_suite(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "croatianties" => include_str!("perft/croatianties.txt"),
        "mayanascendancy" => include_str!("perft/mayanascendancy.txt"),
        "ageofaquarius" => include_str!("perft/ageofaquarius.txt"),
        "classical14" => include_str!("perft/classical14.txt"),
        "croatianties14" => include_str!("perft/croatianties14.txt"),
        "classical20" => include_str!("perft/classical20.txt"),
        "croatianties20" => include_str!("perft/croatianties20.txt"),
        "classical26" => include_str!("perft/classical26.txt"),
        "croatianties26" => include_str!("perft/croatianties26.txt"),
        _ => return None,
    })
}
