//! # tiamat-eval
//!
//! Evaluation for every game behind the engine's `Evaluator<G>` trait. Weights live in data tables.
