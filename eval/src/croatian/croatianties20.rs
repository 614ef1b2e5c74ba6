//! croatianties20's weights, in the order of `croatian::SECTIONS`: fitted from the hand set by
//! `tiamat-tune texel --variant croatianties20` (README, Strength); tune them rather than edit them
//! by hand.

use super::Weights;

#[rustfmt::skip]
pub const CROATIANTIES20: Weights = [
    // value_10
    100, 300, 335, 520, 950, 0, 400, 250, 390,
    300, 0, 520, 150, 200, 0, 500, 0, 350,
    // value_12
    100, 300, 350, 540, 1000, 0, 430, 250, 390,
    300, 0, 560, 150, 200, 0, 500, 0, 350,
    // value_14
    100, 300, 365, 560, 1050, 0, 460, 250, 400,
    300, 0, 610, 150, 200, 0, 500, 0, 350,
    // value_20
    51, 290, 298, 498, 1271, 0, 552, 250, 400,
    300, 0, 720, 150, 200, 640, 500, 0, 350,
    // value_26
    100, 280, 430, 640, 1250, 0, 570, 250, 400,
    300, 0, 810, 150, 200, 680, 500, 0, 350,
    // tagged_pawn
    595, 630, 665, 735, 805,
    // mobility
    4, 2, 3, 3, 4, 4,
    // wave_activator
    12,
    // pawn_advance
    0,
    // pawn_near_promotion
    32,
    // centralisation
    -5,
    // king_shield
    90,
    // king_attacker
    -65,
];
