//! classical14's weights, in the order of `croatian::SECTIONS`: fitted from the hand set by
//! `tiamat-tune texel --variant classical14` (README, Strength); tune them rather than edit them
//! by hand.

use super::Weights;

#[rustfmt::skip]
pub const CLASSICAL14: Weights = [
    // value_10
    100, 300, 335, 520, 950, 0, 400, 250, 390,
    300, 0, 520, 150, 200, 0, 500, 0, 350,
    // value_12
    100, 300, 350, 540, 1000, 0, 430, 250, 390,
    300, 0, 560, 150, 200, 0, 500, 0, 350,
    // value_14
    62, 198, 363, 620, 1247, 0, 460, 250, 400,
    300, 0, 610, 150, 200, 0, 500, 0, 350,
    // value_20
    100, 290, 400, 600, 1150, 0, 520, 250, 400,
    300, 0, 720, 150, 200, 640, 500, 0, 350,
    // value_26
    100, 280, 430, 640, 1250, 0, 570, 250, 400,
    300, 0, 810, 150, 200, 680, 500, 0, 350,
    // tagged_pawn
    595, 630, 665, 735, 805,
    // mobility
    4, 1, 3, 4, 2, 4,
    // wave_activator
    12,
    // pawn_advance
    -2,
    // pawn_near_promotion
    78,
    // centralisation
    7,
    // king_shield
    31,
    // king_attacker
    -16,
];
