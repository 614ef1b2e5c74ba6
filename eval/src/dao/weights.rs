//! DAO's hand-set weights (module docs of `dao`), in the order of `dao::SECTIONS`: the fit of
//! `dao::TUNED` starts from them.

use super::Weights;

#[rustfmt::skip]
pub const HAND: Weights = [
    // value
    100, 200, 450, 350, 550, 1000, 0, 100, 325, 400, 150, 150,
    // reserve
    360, 360, 292, 293, 135, 135,
    // dragon_power
    70, 140, 315, 245, 385, 700, 0, 70, 227, 280, 105, 105,
    // mobility
    2, 3, 2, 1, 1, 1,
    // pawn_advance
    0, 0, 4, 8, 14, 22, 34, 50, 70, 0,
    // lancer_advance
    0, 0, 4, 8, 14, 22, 34, 50, 70, 0,
    // archer_screened
    -60,
    // archer_open
    -20,
    // lancer_screen
    20,
    // open_line
    -25, -25, -25, -25,
    // shield_missing
    -12,
];
