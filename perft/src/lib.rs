//! # tiamat-perft
//!
//! Perft and divide for every game, generic over the `Game` seam.
