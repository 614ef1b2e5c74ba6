//! Attack tests for check. They run the move generator's routines in capture-only mode, so
//! whatever a piece can capture on a king square is exactly what gives check.

use super::board::{bit, file_of, forward, offset, rank_of, sq, squares_of, unit, Kind, Piece};
use super::movegen::{own_gates, piece_moves, Ctx};
use super::Dao;
use crate::core::Color;

/// Can the piece on `from` capture on `target` (check semantics: a king's gates always count)?
pub(crate) fn piece_attacks(pos: &Dao, from: u8, no_fool: bool, target: u8) -> bool {
    attacks_as(pos, from, None, no_fool, target)
}

/// Can the piece on `from`, moving as `kind` (its own kind if `None`), capture on `target`?
pub(super) fn attacks_as(
    pos: &Dao,
    from: u8,
    kind: Option<Kind>,
    no_fool: bool,
    target: u8,
) -> bool {
    let Some(p) = pos.board[from as usize] else {
        return false;
    };
    let ctx = Ctx {
        own_gates: own_gates(pos, p.color),
        occupied: 0,
        ep_targets: 0,
    };
    let mut out = Vec::new();
    piece_moves(pos, &ctx, from, kind, true, no_fool, true, &mut out);
    out.iter().any(|m| m.to == target)
}

/// The squares on one line (rank, file, diagonal) with `s` or within three files and ranks of it
/// (every leap and step).
pub(super) fn related_squares(s: u8) -> u128 {
    RELATED[s as usize]
}

/// `related_squares` of every square.
static RELATED: [u128; 100] = {
    let mut masks = [0u128; 100];
    let mut a = 0;
    while a < 100 {
        let mut b: usize = 0;
        while b < 100 {
            let df = (a % 10) as i32 - (b % 10) as i32;
            let dr = (a / 10) as i32 - (b / 10) as i32;
            let (df, dr) = (df.abs(), dr.abs());
            if df == 0 || dr == 0 || df == dr || (df <= 3 && dr <= 3) {
                masks[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    masks
};

/// Is `target` attacked by any piece of `by`?
pub(crate) fn attacked(pos: &Dao, target: u8, by: Color, no_fool: bool) -> bool {
    let Some(victim) = pos.board[target as usize].filter(|p| p.color != by) else {
        return false;
    };
    let pieces = pos.pieces(by);
    let gates = pos.gate_squares(by);
    // The squares related to a vacant gate of `by`: a piece there may take a transporter route.
    let near_vacant_gate =
        squares_of(gates & !pos.occupied()).fold(0u128, |near, g| near | related_squares(g));
    // An own gate holding an enemy piece can be captured on by a null move from another gate.
    let enemy_on_gate = gates & pos.pieces(!by) != 0;
    let powers = pos.dragon_powers(by);
    let rebounders = pos.sets.fools
        | if powers.contains(&Some(Kind::Fool)) {
            pos.sets.dragons
        } else {
            0
        };
    // A piece on a gate takes a transporter route when another gate is vacant or holds an enemy.
    let gate_starts = if near_vacant_gate != 0 || enemy_on_gate {
        gates
    } else {
        0
    };
    // Every other piece attacks only along its own lines and leaps.
    let candidates =
        pieces & (related_squares(target) | near_vacant_gate | rebounders | gate_starts);
    let mut ctx = None;
    let mut out = Vec::new();
    for s in squares_of(candidates) {
        let Some(p) = pos.board[s as usize] else {
            continue;
        };
        let transport_free = (near_vacant_gate | gate_starts) & bit(s) == 0;
        if rebounders & bit(s) == 0 && transport_free {
            let hits = match p.kind {
                Kind::Dragon => powers
                    .iter()
                    .flatten()
                    .any(|&k| captures_directly(pos, s, by, Kind::Dragon, k, target, victim)),
                kind => captures_directly(pos, s, by, kind, kind, target, victim),
            };
            if hits {
                return true;
            }
            continue;
        }
        let ctx = ctx.get_or_insert_with(|| Ctx {
            own_gates: own_gates(pos, by),
            occupied: 0,
            ep_targets: 0,
        });
        out.clear();
        piece_moves(pos, ctx, s, None, true, no_fool, true, &mut out);
        if out.iter().any(|m| m.to == target) {
            return true;
        }
    }
    false
}

/// Can the `side` piece `mover` on `from`, moving as `mimic` (never a fool), capture `victim` on
/// `target` without the transporter? The capture patterns of `PieceGen::run` in closed form.
fn captures_directly(
    pos: &Dao,
    from: u8,
    side: Color,
    mover: Kind,
    mimic: Kind,
    target: u8,
    victim: Piece,
) -> bool {
    if victim.kind == Kind::Fool && !matches!(mover, Kind::King | Kind::Dragon | Kind::Lancer) {
        return false;
    }
    let df = file_of(target) - file_of(from);
    let dr = rank_of(target) - rank_of(from);
    let (af, ar) = (df.abs(), dr.abs());
    let f = forward(side);
    let empty = |s: u8| pos.board[s as usize].is_none();
    let clear_line = || {
        let (uf, ur) = (df.signum(), dr.signum());
        (1..af.max(ar)).all(|i| empty(sq(file_of(from) + uf * i, rank_of(from) + ur * i)))
    };
    match mimic {
        Kind::Pawn => dr == f && af == 1,
        Kind::Lancer => {
            (dr == f && af == 1)
                || (dr == 2 * f && af == 2 && empty(sq(file_of(from) + df / 2, rank_of(from) + f)))
        }
        Kind::Knight => matches!((af, ar), (1, 2) | (2, 1) | (1, 3) | (3, 1)),
        Kind::Bishop => af == ar && clear_line(),
        Kind::Rook => (af == 0 || ar == 0) && clear_line(),
        Kind::Queen => (af == ar || af == 0 || ar == 0) && clear_line(),
        Kind::King => af.max(ar) == 1,
        Kind::Ox => af == 1 && ar == 1,
        Kind::Archer => {
            dr.signum() == f && (af == 0 || af == ar) && archer_hits(pos, from, side, target)
        }
        Kind::Fool | Kind::Dragon | Kind::Gate => false,
    }
}

/// The archer's leap towards `target` (on one of its forward lines) without the transporter:
/// run-up, a group whose pieces after the first it may capture unless an enemy lancer stands
/// before them, then the first piece beyond the group (ruling 4.6).
fn archer_hits(pos: &Dao, from: u8, side: Color, target: u8) -> bool {
    let (df, dr) = unit(from, target);
    let occupied = |s: u8| pos.board[s as usize].is_some();
    let mut x = from;
    let first = loop {
        match offset(x, df, dr) {
            Some(t) if occupied(t) => break t,
            Some(t) => x = t,
            None => return false,
        }
    };
    let mut x = first;
    loop {
        if x == target {
            return x != first;
        }
        if pos.board[x as usize].is_some_and(|p| p.color != side && p.kind == Kind::Lancer) {
            return false;
        }
        match offset(x, df, dr) {
            Some(n) if occupied(n) => x = n,
            Some(_) => break,
            None => return false,
        }
    }
    loop {
        match offset(x, df, dr) {
            Some(n) if occupied(n) => return n == target,
            Some(n) => x = n,
            None => return false,
        }
    }
}

/// `attacked` without the prefilter, for tests of the prefilter.
#[cfg(test)]
pub(crate) fn attacked_unfiltered(pos: &Dao, target: u8, by: Color) -> bool {
    let ctx = Ctx {
        own_gates: own_gates(pos, by),
        occupied: 0,
        ep_targets: 0,
    };
    let mut out = Vec::new();
    (0..100u8).any(|s| {
        pos.board[s as usize].is_some_and(|p| p.color == by) && {
            out.clear();
            piece_moves(pos, &ctx, s, None, true, false, true, &mut out);
            out.iter().any(|m| m.to == target)
        }
    })
}

pub(crate) fn in_check(pos: &Dao, side: Color) -> bool {
    pos.king_square(side)
        .is_some_and(|k| attacked(pos, k, !side, false))
}
