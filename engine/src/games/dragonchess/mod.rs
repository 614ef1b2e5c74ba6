//! Dragonchess (Gary Gygax, 1985): three 12x8 levels, 15 piece kinds, Gold (White) moves first.
//!
//! Rules: `shared/seeds/dragonchess.txt` and the rulings of `shared/rules/dragonchess.md`.
//! The board is a flat `[u8; 288]` mailbox; per-square leap and ray tables live in [`geometry`].
//! Frozen pieces (enemy pieces directly above a Basilisk) are derived from the board, not stored.
//! A `Move` is a complete turn; the Dragon's remote capture is a move whose `to` is the captured
//! square and whose piece stays on `from`.
//!
//! Text forms (`position.rs`, `notation.rs`): position strings as ruling 10 (the two move counters
//! may be left out on input: 0 and 1); wire moves `<from><to>` with level-prefixed squares
//! (`2c22c3`); human moves `<piece><from><sep><to>[=H]` as ruling 2.6.9 (`Dr3g1x3a7`, `Dr3c4:2c4`,
//! `W2c7-2c8=H`). `parse_move` reads both; in human text the piece letter and the separator are
//! optional but, when given, must fit the move.
//!
//! Readings decided here where the rules page is silent:
//! - the wire form of a remote capture is plain `from`+`to` (`3c42c4`): a Dragon never moves to the
//!   middle board, so the text names one move; `parse_move` also reads `3c4:2c4`;
//! - a promotion's wire form ends in `h` (`2c72c8h`); the text without it is read too;
//! - a position may hold at most 42 pieces per side (the start count), which bounds the move list;
//! - `ending` reports "Gold mates" / "Scarlet mates", "stalemate", "threefold repetition" and
//!   "100-ply rule".

mod attacks;
mod board;
pub mod geometry;
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
use crate::core::{repetitions, Color, Ending, Game, GameResult, MoveError, PositionError};
use geometry::SQUARES;

pub use board::Kind;
pub use moves::{Move, Moves};
pub use position::{BENCH_POSITIONS, MAX_PIECES_PER_SIDE};

pub const VARIANT: &str = "dragonchess";

/// A complete Dragonchess game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragonchess {
    board: [u8; SQUARES],
    side: Color,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    kings: [u16; 2],
}

impl Game for Dragonchess {
    type Move = Move;
    type MoveList = Moves;

    fn variants() -> &'static [&'static str] {
        &[VARIANT]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Ok(Self::start())
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        check_variant(variant)?;
        Self::parse(text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        VARIANT
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Moves) {
        self.gen_legal(None, &mut |mv| out.push(mv));
    }

    fn tactical_moves(&self, out: &mut Moves) {
        self.gen_legal(Some(true), &mut |mv| out.push(mv));
    }

    fn quiet_moves(&self, out: &mut Moves) {
        self.gen_legal(Some(false), &mut |mv| out.push(mv));
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.is_legal_move(*mv)
    }

    const MOVE_CODES: bool = true;

    fn move_code(&self, mv: &Move) -> u64 {
        u64::from(mv.0)
    }

    fn move_from_code(&self, code: u64) -> Option<Move> {
        let mv = Move(u32::try_from(code).ok()?);
        self.is_legal_move(mv).then_some(mv)
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    /// Passing is never a Dragonchess move, but zugzwang is rare enough for null-move pruning.
    fn null_move(&self) -> Option<Self> {
        Some(self.pass())
    }

    fn in_check(&self) -> bool {
        self.attacked_by(self.king_square(self.side), !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.is_tactical()
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Mate wins, stalemate, threefold repetition and 100 plies without a capture or a
    /// Warrior/Dwarf/Sylph move draw (rules page 2.4), with the sides named Gold and Scarlet.
    fn ending(&self, history: &[u64]) -> Option<Ending> {
        let mut any = false;
        self.gen_legal(None, &mut |_| any = true);
        if !any {
            return Some(if self.in_check() {
                let winner = !self.side;
                let name = if winner == Color::White {
                    "Gold"
                } else {
                    "Scarlet"
                };
                Ending::new(GameResult::win_for(winner), format!("{name} mates"))
            } else {
                Ending::new(GameResult::Draw, "stalemate")
            });
        }
        if repetitions(self.key, self.halfmove, history) >= 2 {
            return Some(Ending::new(GameResult::Draw, "threefold repetition"));
        }
        if self.halfmove >= 100 {
            return Some(Ending::new(GameResult::Draw, "100-ply rule"));
        }
        None
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(mv)
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

    fn perft_suite(variant: &str) -> Option<&'static str> {
        (variant == VARIANT).then_some(include_str!("perft/dragonchess.txt"))
    }

    fn bench_positions(_variant: &str) -> Vec<&'static str> {
        BENCH_POSITIONS.to_vec()
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(mv)
    }
}
fn check_variant(variant: &str) -> Result<(), PositionError> {
    if variant == VARIANT {
        Ok(())
    } else {
        Err(PositionError::new(
            "variant",
            format!("'{variant}' is not played by Dragonchess"),
        ))
    }
}
