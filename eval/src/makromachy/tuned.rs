//! Makromachy's weights, in the order of `makromachy::SECTIONS`: fitted from the hand set
//! by `tiamat-tune texel --variant makromachy` (README, Strength); tune them rather than
//! edit them by hand.

use super::Weights;

#[rustfmt::skip]
pub const TUNED: Weights = [
    // value
    0, 1293, 750, 602, 285, 1868, 1490, 893, 618, 264, 1106, 743,
    1293, 1018, 865, 667, 452, 175, 202, 292, 733, 485, 214, 53,
    // centre
    -49, 0, -13, -8, -1, 26, 6, 3, 11, 6, -22, -5,
    -20, 5, -12, -3, 2, 11, 6, -3, -22, -7, 5, 2,
    // mobility
    -5, 3, 1, 6, -6, -15, 2, 1, 4, 4, -5, 13,
    -2, 11, 5, -3, 2,
    // pawn_advance
    0, 0, 0, 4, 4, 5, 12, 5, 1, 43, 56, 89,
    127, 0,
    // warrior_advance
    10, 23, 35, 1, 12, -14, 23, 14, 27, 32, 45, 65,
    94, 0,
    // king_zone
    41, -2, -13, -44, -68, -83, -110, -142, -180,
    // flyer_xray
    -61,
    // flight_shield
    50,
];
