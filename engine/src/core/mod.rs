//! Types shared by every game: colours, errors, move lists, Zobrist keys and the `Game` trait.

mod color;
mod error;
mod game;
pub mod geometry;
mod movelist;
pub mod perft;
pub mod placement;
pub mod random;
pub mod square;
pub mod view;
pub mod xboard;
pub mod zobrist;

pub use color::Color;
pub use error::{MoveError, PositionError};
pub use game::{
    complete_turn, default_ending, has_legal_turn, repetitions, whole_turns, Ending, Game,
    GameResult, GaveUp, MoveSet, PIECE_SQUARES,
};
pub use movelist::MoveList;

/// Whether the slow test tiers are asked for (`TIAMAT_DEEP=1`): deep perft, long games, speed
/// reports. Tests that need them return early otherwise.
pub fn deep_tests() -> bool {
    std::env::var("TIAMAT_DEEP").is_ok_and(|v| v == "1")
}
