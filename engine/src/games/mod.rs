//! The rules of every game, one folder per family, each behind the `Game` trait.

pub mod chess;
pub mod croatian;
pub mod dao;
pub mod dragonchess;
pub mod dynamo;
pub mod makromachy;

#[cfg(test)]
mod tactical_tests;
