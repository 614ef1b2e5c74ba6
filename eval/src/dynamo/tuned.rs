//! Dynamo's weights, in the order of `dynamo::SECTIONS`: fitted from the hand set by
//! `tiamat-tune texel --variant dynamo` (README, Strength); tune them rather than edit
//! them by hand.

use super::Weights;

#[rustfmt::skip]
pub const TUNED: Weights = [
    // value
    97, 266, 349, 445, 981,
    // king_edge
    -63, -28, -13, -50,
    // king_open_line
    4, -6, -25, -15, 0, -20, -34, 1,
    // king_line_pressure
    -30,
    // king_threatened
    -30,
    // piece_edge
    -2, 1, 5, 2, -87, -20, 41, 78,
    -64, 19, 27, 55, -75, 33, 51, 80,
    -21, 24, 74, 66,
    // hanging
    80, 147, 169, 271, 619,
    // exposed
    -19, -34, -44, -63, -79,
    // mobility
    -9, 4, 6, 13,
];
