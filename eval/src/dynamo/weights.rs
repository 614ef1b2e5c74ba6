//! Dynamo's hand-set weights (module docs of `dynamo`), in the order of `dynamo::SECTIONS`: the
//! fit of its tuned set starts from them.

use super::Weights;

#[rustfmt::skip]
pub const HAND: Weights = [
    // value
    100, 310, 330, 480, 900,
    // king_edge
    -90, -35, -10, 0,
    // king_open_line
    -28, -22, -16, -12, -9, -7, -5, -4,
    // king_line_pressure
    -30,
    // king_threatened
    -30,
    // piece_edge
    -4, 0, 4, 8,
    -25, -8, 4, 10,
    -18, -6, 3, 8,
    -12, -4, 2, 4,
    -20, -6, 3, 6,
    // hanging
    70, 217, 231, 336, 630,
    // exposed
    -12, -37, -39, -57, -108,
    // mobility
    4, 4, 3, 2,
];
