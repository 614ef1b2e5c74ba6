//! Dynamo chess (Klüver & Kahl, 1968): pieces never capture; they push and pull other pieces,
//! possibly off the board, and the goal is to force the enemy King off it.
//!
//! Rules: `shared/seeds/dynamo.txt` and the rulings of `shared/rules/dynamo.md`.
//!
//! # Turns
//!
//! A [`Move`] is one complete turn (part A plus the optional part B that continues it), identified
//! by its *effect*: the net change of the board, square by square, and the castling rights it
//! leaves. Different ways of reaching one effect are one move (`TURNS_CAN_COINCIDE`), so the
//! generator lists every candidate and keeps one per effect. The last turn's effect is part of
//! the state and of the key, because the no-undo rule forbids the exact inverse of it.
//!
//! Readings where the rules page leaves room (each has a test):
//! - A pawn pushing an own piece straight ahead may push it off the board (7th rank pawn, 8th
//!   rank piece), like every other push; a King is never pushed off.
//! - A piece displaced in part A that may then pull (rules page 3.1, "both follow and pull are
//!   possible") pulls along the line of its displacement whatever its own lines are (a Rook
//!   pushed diagonally pulls diagonally), as a King after any displacement, but onto the vacated
//!   square only; pawns and knights do not. This is the reading that reproduces the independent
//!   start-position counts (depth 3: 3,991,091; requiring the piece's own lines gives 3,989,130).
//! - A knight, King or pawn that follows a piece it pushed off the board stops on the vacated
//!   square (it does not leave the board itself); sliders may follow to the edge or leave.
//!
//! Endings are the default ones, which are ruling 6: no legal turn is mate when in check (the
//! King would be pushed or pulled off) and a draw otherwise; threefold repetition of the key
//! (which holds the castling rights and the last turn); 100 plies in which no pawn moved by any
//! means and no piece left the board.
//!
//! # Wire notation (one string per legal turn)
//!
//! A turn is written as the pieces it moved, one *leg* per piece, sorted by starting square (a1,
//! b1, ..., h8) and joined by `,`:
//! - `e2e4`: the piece on e2 ends on e4 (moved, pushed, pulled or dragged, whoever acted);
//! - `d7d8q`: a pawn ends on its last rank and becomes the named piece (lowercase letter);
//! - `c1x`: the piece on c1 leaves the board.
//!
//! Examples: `a1a4,a2a5` (the a1 Rook pushes the pawn to a5 and follows to a4); `c1x,d2x` (the
//! c1 Bishop leaves dragging the d2 pawn); `e1g1,h1f1` (castling). A piece that stays put is not
//! written: the bishop that pushes d2 to f4 without moving is `d2f4`. Because the text is a
//! function of the effect, every legal turn has exactly one string. In the rare turn where a
//! King or a corner piece leaves its square and another piece of the same kind takes it, the
//! board effect does not show the lost castling right; such a turn carries the rights it leaves
//! after a `;` (`b1x;-`: the b1 Rook pushes the a1 Rook off and follows to a1, where `b1x` is
//! the b1 Rook leaving by itself).
//!
//! Reading is more lenient: legs may come in any order, and a leg ending on the square of the
//! mover's own King (when the King does not move in that turn) means "leaves the board" — the
//! seed's own interface convention ("the pawn can take the king"), which lets a mouse enter an
//! exit. The human form is read too.
//!
//! # Human form
//!
//! The same legs with piece letters in FEN case, `-` between the squares, `off` for leaving the
//! board and `=Q` for a promotion: `Ra1-a4,Pa2-a5`, `Bc1-off,Pd2-off`, `pe7-d6`; castling is
//! `O-O` / `O-O-O`.
//!
//! # Position string (ruling 8)
//!
//! Orthodox FEN (en-passant field always `-`) plus a seventh field: the opponent's last turn as
//! its effect, `-` if none: `-<piece><square>` for what a square held before, `+<piece><square>`
//! for what it holds after, vanishes first, each group by square: `-Pe2+Pe4`. A missing seventh
//! field reads as `-`.
//!
//! # CECP / XBoard
//!
//! The variant is announced as `dynamo` (the protocol's name list), not as XBoard's `normal`:
//! under `normal` XBoard would hold both sides to orthodox chess and the engine could not tell
//! which game it plays. XBoard has no rules for `dynamo`, and it refuses an engine-defined variant
//! without a `setup` command, so [`Game::cecp_setup`] sends one for an 8x8 board of the orthodox
//! pieces, and a `piece` line for the King (`KO2`: castling) only, since no Betza string
//! describes pushes and pulls; the user plays with XBoard's legality testing off
//! (`-testLegality false`, or Options > Test Legality unchecked).
//!
//! What XBoard 4.9.1 can show (backend.c `ApplyMove`; checked in a real XBoard): a turn in which
//! one of the mover's pieces goes from one square to another; castling, which the engine sends
//! as the King's move and the Rook's (`e1g1,h1f1`); a piece of the mover leaving the board, which
//! it sends as the piece taking itself (`c1c1,c1c1`). It cannot show a turn that moves two pieces
//! (its multi-leg moves move one piece; a second can only be removed, or set beside the mover as
//! in castling), nor one that moves or removes a piece of the side not moving (it refuses moves
//! of the opponent's pieces): a game inside XBoard goes wrong at the first such turn. Two-piece turns are typed in the move type-in box as their
//! wire text (`a1a4,a2a5`) and reach the engine as `usermove a1a4,a2a5`; a plain `e1g1` is the
//! h1 Rook pulling the King there, a different turn (ruling 3.6.8).

mod attacks;
pub mod board;
mod movegen;
mod moves;
mod notation;
mod position;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
mod view;

use crate::core::view::{BoardView, MoveInput};
use crate::core::{Color, Game, MoveError, PositionError};

use board::*;
pub use moves::{Effect, Kind, Leg, Move};

/// A Dynamo position: board, side to move, castling rights, counters and the last turn's effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dynamo {
    board: Board,
    side: Color,
    castling: u8,
    halfmove: u32,
    fullmove: u32,
    last: Effect,
    kings: [u8; 2],
    /// [`occupancy`] of `board`.
    occupied: u64,
    key: u64,
}

impl Game for Dynamo {
    type Move = Move;
    type MoveList = Vec<Move>;

    const TURNS_CAN_COINCIDE: bool = true;

    fn variants() -> &'static [&'static str] {
        &["dynamo"]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        Self::from_position_string(variant, position::START)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        if variant != "dynamo" {
            return Err(PositionError::new(
                "variant",
                format!("'{variant}' is not dynamo"),
            ));
        }
        position::parse_position(text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        "dynamo"
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_turns(false, out);
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        self.legal_turns(true, out);
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    fn in_check(&self) -> bool {
        self.threatened_off(self.kings[self.side.index()], !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.changes_material()
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(self, mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::human(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn cecp_setup(&self) -> Option<String> {
        Some(position::cecp_setup(self))
    }

    fn cecp_move_text(given: &str) -> String {
        notation::cecp_move_text(given)
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        (variant == "dynamo").then_some(include_str!("perft/dynamo.txt"))
    }

    fn board_text(&self) -> String {
        position::board_text(self)
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(self, mv)
    }
}
