//! Attack detection: "could a piece of colour `c` capture on square `t`", pseudo-legally.
//! Used for check, for the King's safety after every move, and for the anti-trade rule
//! (rulings 8 and 9: Warrior backward captures, the King, hops and flights all count).

use super::board::*;
use crate::core::Color;

/// Capabilities a piece type has, as bits, for reverse lookups from the attacked square.
pub const ORTH_SLIDE: u32 = 1;
pub const DIAG_SLIDE: u32 = 1 << 1;
pub const FLY_ORTH: u32 = 1 << 2;
pub const FLY_DIAG: u32 = 1 << 3;
pub const CANNON_ORTH: u32 = 1 << 4;
pub const CANNON_DIAG: u32 = 1 << 5;
pub const W_STEP: u32 = 1 << 6;
pub const F_STEP: u32 = 1 << 7;
pub const D_LEAP: u32 = 1 << 8;
pub const A_LEAP: u32 = 1 << 9;
pub const N_LEAP: u32 = 1 << 10;
pub const CAMEL_LEAP: u32 = 1 << 11;
pub const ZEBRA_LEAP: u32 = 1 << 12;
pub const GRIFFON_PATH: u32 = 1 << 13;
pub const RHINO_PATH: u32 = 1 << 14;
pub const PAWN_CAPTURE: u32 = 1 << 15;
pub const WARRIOR_BACK: u32 = 1 << 16;

const fn abilities(kind: u8) -> u32 {
    match kind {
        KING => W_STEP | F_STEP,
        QUEEN => ORTH_SLIDE | DIAG_SLIDE,
        ROOK => ORTH_SLIDE,
        BISHOP => DIAG_SLIDE,
        KNIGHT => N_LEAP,
        TERROR => ORTH_SLIDE | DIAG_SLIDE | N_LEAP | D_LEAP | A_LEAP,
        EAGLE => ORTH_SLIDE | DIAG_SLIDE | FLY_ORTH | FLY_DIAG,
        RAVEN => ORTH_SLIDE | FLY_ORTH,
        BAT => DIAG_SLIDE | FLY_DIAG,
        ARCHER => W_STEP | A_LEAP,
        MARSHALL => ORTH_SLIDE | N_LEAP,
        ARCHBISHOP => DIAG_SLIDE | N_LEAP,
        GRIFFON => F_STEP | GRIFFON_PATH,
        RHINO => W_STEP | RHINO_PATH,
        DRAGON_KING => ORTH_SLIDE | F_STEP,
        DRAGON_HORSE => DIAG_SLIDE | W_STEP,
        CHAMPION => W_STEP | D_LEAP | A_LEAP,
        CAMEL => CAMEL_LEAP,
        ZEBRA => ZEBRA_LEAP,
        ELEPHANT => F_STEP | A_LEAP,
        CANNON => CANNON_ORTH,
        VAO => CANNON_DIAG,
        WARRIOR => PAWN_CAPTURE | WARRIOR_BACK,
        PAWN => PAWN_CAPTURE,
        _ => 0,
    }
}

/// `ATTACKERS[c][code]`: the abilities of the piece with that code if it belongs to `c`, else 0.
pub static ATTACKERS: [[u32; 256]; 2] = {
    let mut t = [[0u32; 256]; 2];
    let mut kind = 1u8;
    while kind as usize <= PIECE_TYPES {
        t[0][kind as usize] = abilities(kind);
        t[1][(kind | BLACK_BIT) as usize] = abilities(kind);
        kind += 1;
    }
    t
};

/// Pieces flying pieces cannot pass: the flyers themselves and the Archer.
#[inline]
pub const fn blocks_flight(code: u8) -> bool {
    matches!(kind_of(code), EAGLE | RAVEN | BAT | ARCHER)
}

const D_LEAPS: [i16; 4] = [offset(2, 0), offset(-2, 0), offset(0, 2), offset(0, -2)];
const A_LEAPS: [i16; 4] = [offset(2, 2), offset(-2, 2), offset(2, -2), offset(-2, -2)];

/// Can a piece of colour `by` capture on `t` (ignoring pins and its own King's safety)?
pub fn attacked(board: &[u8; CELLS], t: u16, by: Color) -> bool {
    let att = &ATTACKERS[by.index()];
    let t = t as i16;
    let at = |d: i16| att[board[(t + d) as usize] as usize];
    let fwd = forward(by);

    // Pawns and Warriors capture forward diagonally: the attacker stands one rank behind.
    if (at(-fwd - 1) | at(-fwd + 1)) & PAWN_CAPTURE != 0 {
        return true;
    }
    // Warrior backward knight captures (dx, -2) and (dx*2, -1) relative to its forward.
    if (at(2 * fwd - 1) | at(2 * fwd + 1) | at(fwd - 2) | at(fwd + 2)) & WARRIOR_BACK != 0 {
        return true;
    }
    for &d in &ORTH {
        if at(d) & W_STEP != 0 {
            return true;
        }
    }
    for &d in &DIAG {
        if at(d) & F_STEP != 0 {
            return true;
        }
    }
    for &d in &KNIGHT_LEAPS {
        if at(d) & N_LEAP != 0 {
            return true;
        }
    }
    for &d in &D_LEAPS {
        if at(d) & D_LEAP != 0 {
            return true;
        }
    }
    for &d in &A_LEAPS {
        if at(d) & A_LEAP != 0 {
            return true;
        }
    }
    for &d in &CAMEL_LEAPS {
        if at(d) & CAMEL_LEAP != 0 {
            return true;
        }
    }
    for &d in &ZEBRA_LEAPS {
        if at(d) & ZEBRA_LEAP != 0 {
            return true;
        }
    }
    ray_attacked(
        board,
        att,
        t,
        &ORTH,
        &GRIFFON_SIDES,
        ORTH_SLIDE | GRIFFON_PATH,
    ) || ray_attacked(board, att, t, &DIAG, &RHINO_SIDES, DIAG_SLIDE | RHINO_PATH)
}

/// For each ray direction `d` from the attacked square, the two offsets (from an empty square
/// `x` of the ray) where a bent slider stands whose path runs through `x` to the target.
/// Griffon: its diagonal first step lands on `x`, so it stands at `x + d ± p` (`p` at right
/// angles to `d`). Rhino: its orthogonal first step lands on `x`, so it stands at `x` plus one
/// orthogonal component of the diagonal `d`.
const GRIFFON_SIDES: [[i16; 2]; 4] = [
    [offset(1, 1), offset(1, -1)],
    [offset(-1, 1), offset(-1, -1)],
    [offset(1, 1), offset(-1, 1)],
    [offset(1, -1), offset(-1, -1)],
];
const RHINO_SIDES: [[i16; 2]; 4] = [
    [offset(1, 0), offset(0, 1)],
    [offset(-1, 0), offset(0, 1)],
    [offset(1, 0), offset(0, -1)],
    [offset(-1, 0), offset(0, -1)],
];

/// Sliders (the first piece met), cannons (the piece after exactly one screen), flyers (any
/// piece met while every piece passed so far may be flown over) and bent sliders (whose final
/// leg runs along the ray's empty squares). `flags` = (slider flag | bent flag) of the ray kind.
#[inline]
fn ray_attacked(
    board: &[u8; CELLS],
    att: &[u32; 256],
    t: i16,
    dirs: &[i16; 4],
    sides: &[[i16; 2]; 4],
    flags: u32,
) -> bool {
    dirs.iter()
        .zip(sides)
        .any(|(&d, side)| line_attacked(board, att, t, d, side, flags & ORTH_SLIDE != 0))
}

/// Is `t` attacked along the one ray from it in direction `d` (see [`ray_attacked`])?
#[inline]
fn line_attacked(
    board: &[u8; CELLS],
    att: &[u32; 256],
    t: i16,
    d: i16,
    side: &[i16; 2],
    orthogonal: bool,
) -> bool {
    let (slide, bent, fly, cannon) = if orthogonal {
        (ORTH_SLIDE, GRIFFON_PATH, FLY_ORTH, CANNON_ORTH)
    } else {
        (DIAG_SLIDE, RHINO_PATH, FLY_DIAG, CANNON_DIAG)
    };
    let mut x = t + d;
    while board[x as usize] == EMPTY {
        let code_a = board[(x + side[0]) as usize];
        let code_b = board[(x + side[1]) as usize];
        if (att[code_a as usize] | att[code_b as usize]) & bent != 0 {
            return true;
        }
        x += d;
    }
    let first = board[x as usize];
    if first == OFF {
        return false;
    }
    if att[first as usize] & slide != 0 {
        return true;
    }
    let mut flyable = !blocks_flight(first);
    let mut behind_screen = true;
    loop {
        x += d;
        let code = board[x as usize];
        if code == EMPTY {
            continue;
        }
        if code == OFF {
            return false;
        }
        let a = att[code as usize];
        if (behind_screen && a & cannon != 0) || (flyable && a & fly != 0) {
            return true;
        }
        behind_screen = false;
        flyable = flyable && !blocks_flight(code);
        if !flyable {
            return false;
        }
    }
}

/// Is `t` attacked by `by` along the ray from `t` through `towards` (which shares a rank, file
/// or diagonal with `t`)? Every attack that a change on `towards` can make or break runs
/// along that ray.
pub fn attacked_through(board: &[u8; CELLS], t: u16, towards: u16, by: Color) -> bool {
    let dx = (file_of(towards) as i16 - file_of(t) as i16).signum();
    let dy = (rank_of(towards) as i16 - rank_of(t) as i16).signum();
    let d = offset(dx, dy);
    let att = &ATTACKERS[by.index()];
    if dx == 0 || dy == 0 {
        let i = ORTH.iter().position(|&o| o == d).unwrap_or(0);
        line_attacked(board, att, t as i16, d, &GRIFFON_SIDES[i], true)
    } else {
        let i = DIAG.iter().position(|&o| o == d).unwrap_or(0);
        line_attacked(board, att, t as i16, d, &RHINO_SIDES[i], false)
    }
}
