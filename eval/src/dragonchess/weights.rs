//! Dragonchess's hand-set weights (module docs of `dragonchess`), in the order of
//! `dragonchess::SECTIONS`: the material by level, frozen pieces' worth derived from it, then
//! the positional weights below.

use super::{Weights, FROZEN, KINDS, LEVELS, MOBILITY, PARAM_COUNT, VALUE};

pub const HAND: Weights = {
    let mut w = [0; PARAM_COUNT];
    let mut kind = 0;
    while kind < KINDS {
        let mut level = 0;
        while level < LEVELS {
            w[VALUE + level * KINDS + kind] = MATERIAL[kind][level];
            level += 1;
        }
        w[FROZEN + kind] = MATERIAL[kind][1] * FROZEN_PER_MILLE / 1000;
        kind += 1;
    }
    let mut i = 0;
    while i < POSITIONAL.len() {
        w[MOBILITY + i] = POSITIONAL[i];
        i += 1;
    }
    w
};

/// Material by kind (in `Kind::ALL` order) and level (lower, middle, upper). A piece standing
/// where its moves are poorer is worth less there: a Griffon on the middle board only steps
/// diagonally, a Hero, Mage or Paladin on an outer board has only short moves. Levels a kind can
/// never reach get its home value (such pieces only come from hand-made position strings).
const MATERIAL: [[i32; LEVELS]; KINDS] = [
    [80, 80, 110],    // Sylph: on the middle board it can only go back up
    [350, 350, 500],  // Griffon
    [800, 800, 800],  // Dragon
    [100, 100, 100],  // Warrior
    [500, 500, 500],  // Oliphant
    [250, 250, 250],  // Unicorn
    [380, 450, 380],  // Hero
    [400, 400, 400],  // Thief
    [850, 900, 850],  // Cleric
    [850, 1100, 850], // Mage
    [0, 0, 0],        // King
    [800, 1000, 800], // Paladin
    [200, 180, 180],  // Dwarf
    [300, 300, 300],  // Basilisk
    [400, 300, 300],  // Elemental: on the middle board it can only return
];

/// Per mille of its middle-board material a frozen piece keeps (rounded down): it cannot move,
/// capture or defend, but the Basilisk may leave.
const FROZEN_PER_MILLE: i32 = 550;

/// Every section after `frozen`.
#[rustfmt::skip]
const POSITIONAL: [i32; PARAM_COUNT - MOBILITY] = [
    // mobility: per pseudo-legal move, by kind (S, G, R, W, O, U, H, T, C, M, K, P, D, B, E)
    2, 3, 3, 0, 3, 3, 2, 3, 2, 2, 0, 2, 1, 1, 2,
    // centre: per step of centrality; short-range pieces want the middle of their board
    0, 2, 1, 0, 0, 4, 3, 1, 2, 1, 0, 3, 1, 1, 2,
    // warrior_advance: ranks advanced from the start rank (promotion is a Hero)
    0, 5, 10, 20, 35, 60,
    // king_zone: 12 a square of the King's zone the enemy attacks
    0, -12, -24, -36, -48, -60, -72, -84, -96, -108, -120,
    // king_in_check
    -30,
    // king_off_middle: on an outer board the King can only drop back to the middle board
    -40,
];
