//! Makromachy (H. G. Muller, 2022) on a 14x14 padded mailbox.
//!
//! Rules: `shared/seeds/makromachy.txt` and the rulings of `shared/rules/makromachy.md`.
//! A `Move` is a complete turn; hit-and-run carries its captured square in `aux`.
//! Notation choices (details in `notation.rs`):
//! - wire: `from to [promotion letter]`; hit-and-run `from captured to` (`g2h3h4`); fast
//!   castling `king-from king-to corner` (`i1b1a1`), because a castling onto the square next to
//!   the King and the King's plain step there are different moves; en passant is a plain
//!   `from to`. `parse_move` also accepts XBoard's comma legs (`g2h3,h3h4`), a castling
//!   written `i1b1` where that names one move, and XBoard's castling legs (`i1b1,a1i1`, its
//!   relay `i1b1,a1c1`, its own two-leg entry `i1a1,a1b1`).
//! - XBoard (`Game::cecp_setup`, `Game::xboard_legs`): the setup line leaves castling and en
//!   passant out (`-`), the King's piece line castles beside it (`KO1`), so that castling goes
//!   as `i1h1,a1i1`; XBoard 4.9.1 cannot show a castling further from the King (it puts the
//!   corner beside the King). En passant goes as legs through the victim (`b4c4,c4c5`): XBoard's
//!   own rule takes only its Pawn's double step.
//! - promotion letters: the position-string letters in lowercase (`q r b n e c v i j z m a g u
//!   d h`).

mod attacks;
pub mod board;
mod movegen;
mod moves;
mod notation;
mod position;
#[cfg(test)]
mod tests;
mod view;

use crate::core::view::{BoardView, MoveInput};
use crate::core::{repetitions, Color, Game, MoveError, PositionError};
pub use attacks::{attacked, blocks_flight};
use board::*;
pub use movegen::piece_mobility;
pub use moves::{Move, MoveKind};
pub use position::{BENCH_POSITIONS, START};

/// A full Makromachy position.
#[derive(Clone, PartialEq, Eq)]
pub struct Makromachy {
    board: [u8; CELLS],
    side: Color,
    /// `CASTLE_*` bits.
    castling: u8,
    /// The Pawn/Warrior that may be taken en passant (0 = none) and the squares it passed.
    ep_victim: u16,
    ep_targets: [u16; 2],
    king: [u16; 2],
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

impl std::fmt::Debug for Makromachy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&position::write_position(self))
    }
}

impl Game for Makromachy {
    type Move = Move;
    type MoveList = Vec<Move>;

    fn variants() -> &'static [&'static str] {
        &["makromachy"]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        Self::from_position_string(variant, position::START)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        if variant != "makromachy" {
            return Err(PositionError::new(
                "variant",
                format!("'{variant}' is not makromachy"),
            ));
        }
        position::parse_position(text)
    }

    fn position_string(&self) -> String {
        position::write_position(self)
    }

    fn variant(&self) -> &'static str {
        "makromachy"
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(None, out);
    }

    fn tactical_moves(&self, out: &mut Vec<Move>) {
        self.generate(Some(true), out);
    }

    fn quiet_moves(&self, out: &mut Vec<Move>) {
        self.generate(Some(false), out);
    }

    const MOVE_CODES: bool = true;

    fn move_code(&self, mv: &Move) -> u64 {
        movegen::move_code(mv)
    }

    fn move_from_code(&self, code: u64) -> Option<Move> {
        self.move_with_code(code)
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    /// Passing: the other side to move, no en-passant right, the key updated to match.
    fn null_move(&self) -> Option<Self> {
        Some(self.pass())
    }

    fn in_check(&self) -> bool {
        attacked(&self.board, self.king[self.side.index()], !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.promo != 0
            || matches!(mv.kind, MoveKind::EnPassant | MoveKind::HitAndRun)
            || (mv.kind == MoveKind::Normal && is_piece(self.board[mv.to as usize]))
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Ruling 2: an Eagle move that gives check and repeats an earlier position is illegal.
    fn forbidden_by_history(&self, mv: &Move, history: &[u64]) -> bool {
        if kind_of(self.board[mv.from as usize]) != EAGLE {
            return false;
        }
        let after = self.play(mv);
        if !after.in_check() {
            return false;
        }
        let window = after.repetition_window();
        repetitions(after.key(), window, history) > 0
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

    fn xboard_legs(&self, mv: &Move) -> Option<String> {
        notation::xboard_legs(mv)
    }

    fn cecp_move_text(given: &str) -> String {
        notation::cecp_move_text(given)
    }

    fn cecp_setup(&self) -> Option<String> {
        Some(position::cecp_setup(self))
    }

    fn perft_suite(variant: &str) -> Option<&'static str> {
        (variant == "makromachy").then_some(include_str!("perft/makromachy.txt"))
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
