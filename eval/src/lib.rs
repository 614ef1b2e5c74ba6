//! # tiamat-eval
//!
//! Evaluation for every game behind the engine's `Evaluator<G>` trait. Weights live in data tables.
//! Each game names its evaluator through [`HasEvaluator`], so the protocol layer can build a
//! searcher from the game type alone.

pub mod chess;
pub mod croatian;
pub mod dao;
pub mod dragonchess;
pub mod dynamo;
pub mod makromachy;

use tiamat_engine::search::Evaluator;
use tiamat_engine::Game;

/// The evaluator a game is played with.
pub trait HasEvaluator: Game {
    type Evaluator: Evaluator<Self> + Default;
}
