//! Dragonchess's weights, in the order of `dragonchess::SECTIONS`: fitted from the hand
//! set by `tiamat-tune texel --variant dragonchess` (README, Strength); tune them rather
//! than edit them by hand.

use super::Weights;

#[rustfmt::skip]
pub const TUNED: Weights = [
    // value: lower, middle, upper board
    80, 350, 800, 100, 500, 250, 364, 400, 815, 887, 0, 885, 154, 202, 486,
    66, 373, 800, 16, 457, 210, 399, 403, 828, 1028, 0, 911, 178, 300, 306,
    155, 434, 894, 100, 500, 250, 323, 400, 878, 912, 0, 912, 180, 300, 300,
    // frozen
    40, 177, 440, 63, 263, 143, 243, 214, 487, 605, 0, 535, 101, 165, 164,
    // mobility
    -8, -11, 43, 0, 12, 17, -2, 0, -9, 7, 8, 20, 11, 8, 1,
    // centre
    -20, 25, -1, 14, 7, -3, 4, 4, -25, -10, 22, 17, -2, 30, 46,
    // warrior_advance
    10, 1, -28, -28, 2, 59,
    // king_zone
    48, 24, -11, -76, -68, -84, -78, -90, -97, -109, -120,
    // king_in_check
    -30,
    // king_off_middle
    -98,
];
