//! DAO's weights, in the order of `dao::SECTIONS`: fitted from the hand set by
//! `tiamat-tune texel --variant dao` (README, Strength); tune them rather than edit them
//! by hand.

use super::Weights;

#[rustfmt::skip]
pub const TUNED: Weights = [
    // value
    95, 217, 509, 286, 502, 1075, 0, 27, 352, 378, 187, 251,
    // reserve
    291, 330, 258, 268, 147, 135,
    // dragon_power
    70, 140, 345, 231, 391, 605, 12, 70, 233, 287, 107, 105,
    // mobility
    2, 16, 7, -3, 11, 1,
    // pawn_advance
    -8, 15, 2, -4, 9, 45, 23, 58, 57, 0,
    // lancer_advance
    6, -20, -35, -52, -37, 69, 93, 102, 107, 0,
    // archer_screened
    -93,
    // archer_open
    -8,
    // lancer_screen
    26,
    // open_line
    -25, -25, -25, -25,
    // shield_missing
    -61,
];
