//! Attack tests for check. They run the move generator's routines in capture-only mode, so
//! whatever a piece can capture on a king square is exactly what gives check.

use super::board::{file_of, rank_of, Kind};
use super::movegen::{own_gates, piece_moves, Ctx, Squares};
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

/// On one line (rank, file, diagonal) or within three files and ranks (every leap and step).
fn related(a: u8, b: u8) -> bool {
    let df = (file_of(a) - file_of(b)).abs();
    let dr = (rank_of(a) - rank_of(b)).abs();
    df == 0 || dr == 0 || df == dr || (df <= 3 && dr <= 3)
}

/// Is `target` attacked by any piece of `by`?
pub(crate) fn attacked(pos: &Dao, target: u8, by: Color, no_fool: bool) -> bool {
    let ctx = Ctx {
        own_gates: own_gates(pos, by),
        occupied: 0,
        ep_targets: 0,
    };
    let mut out = Vec::new();
    let vacant_gates: Squares = ctx
        .own_gates
        .iter()
        .copied()
        .filter(|&g| pos.board[g as usize].is_none())
        .collect();
    let dragon_rebounds = pos.dragon_powers(by).contains(&Some(Kind::Fool));
    for s in 0..100u8 {
        match pos.board[s as usize] {
            Some(p) if p.color == by => {
                // A piece that neither stands on its gate nor lies on a line or within a leap of
                // a vacant own gate never uses the transporter, so it can only capture along its
                // own lines and leaps (the fool's rebounds excepted).
                let may_reach = p.kind == Kind::Fool
                    || (p.kind == Kind::Dragon && dragon_rebounds)
                    || pos.gates[s as usize] == Some(by)
                    || related(s, target)
                    || vacant_gates.iter().any(|&g| related(s, g));
                if !may_reach {
                    continue;
                }
                out.clear();
                piece_moves(pos, &ctx, s, None, true, no_fool, true, &mut out);
                if out.iter().any(|m| m.to == target) {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
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
