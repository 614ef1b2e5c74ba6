//! Makromachy's hand-set weights (module docs of `makromachy`), in the order of
//! `makromachy::SECTIONS`: the derived material (`MATERIAL`), then the positional weights below.

use super::{Weights, CENTRE, MATERIAL, PARAM_COUNT};

pub const HAND: Weights = {
    let mut w = [0; PARAM_COUNT];
    let mut kind = 1;
    while kind < MATERIAL.len() {
        w[kind - 1] = MATERIAL[kind];
        kind += 1;
    }
    let mut i = 0;
    while i < POSITIONAL.len() {
        w[CENTRE + i] = POSITIONAL[i];
        i += 1;
    }
    w
};

/// Every section after `value`.
#[rustfmt::skip]
const POSITIONAL: [i32; PARAM_COUNT - CENTRE] = [
    // centre: per step towards the centre (the King belongs behind its army while the board is
    // full): K, Q, R, B, N, T, L, F, S, O, M, A, G, U, D, H, I, J, Z, E, C, V, W, P
    -4, 2, 1, 2, 5, 2, 2, 1, 2, 3, 3, 3, 3, 3, 2, 2, 4, 4, 4, 4, 1, 2, 0, 0,
    // mobility: pieces locked behind the Pawn wall are worth less than their material says
    // (Q, R, B, T, L, F, S, M, A, G, U, D, H, I, E, C, V)
    2, 3, 3, 1, 2, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2,
    // pawn_advance
    0, 0, 0, 0, 5, 10, 15, 20, 30, 40, 60, 90, 130, 0,
    // warrior_advance
    0, 0, 2, 4, 6, 10, 14, 18, 24, 32, 45, 65, 95, 0,
    // king_zone
    0, -5, -15, -30, -50, -75, -105, -140, -180,
    // flyer_xray
    -35,
    // flight_shield
    12,
];
