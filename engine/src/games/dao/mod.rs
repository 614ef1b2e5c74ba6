//! Dragons, Archers & Oxen (Jim Aikin, 1998) on a 10x10 board.
//!
//! Rules: `shared/seeds/dragons-archers-oxen.txt`, rulings: `shared/rules/dragons-archers-oxen.md`.
//!
//! Representation: a plain 100-square mailbox (`rank * 10 + file`) plus a second layer of gates, so a
//! square may hold a gate under a piece, and the same board as sets of squares (`u128`: each side's
//! pieces, kings and gates, the dragons and fools) that every move keeps in step. The reserve, the castling rights, the en-passant data and
//! each side's dragon conferrer (the square of the last qualifying piece it moved) are part of the
//! state and of the key.
//!
//! A `Move` is a complete turn described by its effect (kind, squares, promotion, en-passant targets
//! it creates). Routes through the transporter that end in the same state are one move; the
//! generator merges equal moves, and compares resulting states only for the few kinds of unequal
//! moves that can coincide (see `movegen::Routes`), so `TURNS_CAN_COINCIDE` stays false for perft;
//! where no two routes can coincide (no transporter route, fool or two-power dragon of the side to
//! move), it lists the moves without that bookkeeping.
//! A normal move and a null move that leave identical states (the piece already was its side's
//! conferrer, or it never confers, like a pawn) are therefore one move; ruling 9 names them
//! different only because their effects usually differ.
//!
//! Readings where neither the seed nor the rulings decide:
//! - The fool's suicide-capture condition ("is checking the fool's king", "gives an enemy dragon
//!   the power to check") is judged in the position before the fool moves.
//! - A fool "attacks" only through that condition, so checks by a fool are found the same way
//!   (ruling 4.11.14); the condition is not nested (a fool's own condition never asks about the
//!   other fool).
//! - Pushed or swapped pawns that reach their last rank promote by the mover's choice, every
//!   choice a separate move (ruling 5 of 4.10), under the pawn owner's fool and gate limits.
//! - A pawn promoted to a gate leaves a bare gate of its colour on the square.
//! - En-passant targets come only from a pawn's or lancer's own multi-square move, a lancer's
//!   two-step diagonal en-passant capture included (rules 4.4 "even a capturing 2-step": it
//!   crosses a square like any other two-step). Drops, ox pushes and fool swaps that move a pawn
//!   or lancer, and a gate-to-gate null move or e.p. capture (which crosses no square), leave none.
//! - A castling right in a position string without its king and rook in place is an error.
//! - Human notation: `Pe5`, `Nxd4`, `R(Gg7)i4` (the first own gate entered), `D(A)f5` (the type
//!   the dragon moved as), null moves `Ra1~j1` / `Ra1~xj1`, en passant `Lxe5e.p.`, pushes
//!   `Oc5(Pd5,Re5)`, swaps `Fd4<->Pf3`, suicide captures `FxRf5xF`, gate moves `Gc1-e3`, drops
//!   `A@a1`, castling `O-O` / `O-O-O`; promotion `=Q`; the check mark goes at the end, except
//!   on a push, where it follows the pushed piece that checks (`Oa3(Ra4+,Pa5)`). The start
//!   square is added when the short form is shared, and the wire form is used when even that is
//!   shared.

mod attacks;
mod board;
mod movegen;
mod moves;
mod notation;
mod position;
#[cfg(test)]
pub(crate) mod tests;
mod view;

use crate::core::view::{BoardView, MoveInput};
use crate::core::{Color, Game, MoveError, PositionError};

pub use board::{
    bit, file_of, offset, rank_of, sq, EnPassant, Kind, Piece, BLACK_KING_SIDE, BLACK_QUEEN_SIDE,
    NO_SQUARE, RESERVE_KINDS, SIZE, SQUARES, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
pub use movegen::GNU;
pub use moves::{Move, MoveKind};

/// A complete DAO game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dao {
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) gates: [Option<Color>; SQUARES],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<EnPassant>,
    /// Counts of Archer, Ox, Fool per colour.
    pub(crate) reserve: [[u8; 3]; 2],
    /// The square of the piece that last conferred a power on the dragons, per colour.
    pub(crate) last: [Option<u8>; 2],
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    /// The board and gates as sets of squares, kept with them (`Dao::refresh` after editing
    /// them by hand).
    pub(crate) sets: board::Sets,
}

impl Game for Dao {
    type Move = Move;
    type MoveList = Vec<Move>;

    fn variants() -> &'static [&'static str] {
        &["dao"]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        Self::from_position_string(variant, position::START)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        if variant != "dao" {
            return Err(PositionError::new(
                "variant",
                format!("'{variant}' is not played by this game"),
            ));
        }
        position::parse_position(text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        "dao"
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        movegen::legal_moves(self, out, None);
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    fn in_check(&self) -> bool {
        attacks::in_check(self, self.side)
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        movegen::some_moves(self, true, out);
    }

    fn quiet_moves(&self, out: &mut Vec<Move>) {
        movegen::some_moves(self, false, out);
    }

    const MOVE_CODES: bool = true;

    fn move_code(&self, mv: &Move) -> u64 {
        movegen::move_code(mv)
    }

    fn move_from_code(&self, code: u64) -> Option<Move> {
        movegen::move_from_code(self, code)
    }

    /// Captures (e.p. and suicide ones included) and promotions, also by a push or swap.
    fn is_tactical(&self, mv: &Move) -> bool {
        mv.promo.is_some()
            || matches!(mv.kind, MoveKind::EnPassant | MoveKind::Suicide)
            || (matches!(mv.kind, MoveKind::Normal | MoveKind::Null)
                && mv.from != mv.to
                && self.board[mv.to as usize].is_some_and(|p| p.color != self.side))
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(self, mv)
    }

    fn moves_to_wire(&self, moves: &[Move]) -> Vec<String> {
        notation::wires(self, moves)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::human(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }

    fn cecp_setup(&self) -> Option<String> {
        Some(position::cecp_setup(self))
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        (variant == "dao").then_some(include_str!("perft/dao.txt"))
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(self, mv)
    }
}
