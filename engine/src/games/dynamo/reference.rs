//! A second, independently structured generator used only by the tests to cross-check the
//! main one. It follows the reference implementation's shape instead of the actor's: part A is
//! one piece's displacement (by its own move, or caused by any own piece that could cause it),
//! and part B is whatever could continue *that displacement* — a follow by any own piece that
//! could have pushed it, or a pull by the displaced own piece of whatever stands behind it.

use std::collections::BTreeSet;

use super::board::*;
use super::movegen::start_rank;
use super::moves::{change, Effect, Move};
use super::Dynamo;
use crate::core::Color;

/// One displacement: `(from, to or OFF, piece after)`.
type Step = (u8, u8, u8);

fn unit(from: u8, to: u8) -> Option<(i8, i8)> {
    let dx = file(to) - file(from);
    let dy = rank(to) - rank(from);
    if dx == 0 && dy == 0 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    Some((dx.signum(), dy.signum()))
}

fn delta(from: u8, to: u8) -> (i8, i8) {
    (file(to) - file(from), rank(to) - rank(from))
}

fn with_promotions(step: Step, out: &mut Vec<Step>) {
    let (_, to, piece) = step;
    if kind(piece) == PAWN && to != OFF && rank(to) == promotion_rank(color_of(piece)) {
        for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
            out.push((step.0, to, make(color_of(piece), k)));
        }
    } else {
        out.push(step);
    }
}

/// Squares from `from` along `dir` while empty; `true` as second value when the edge was reached.
fn run(board: &Board, from: u8, dir: (i8, i8)) -> (Vec<u8>, bool) {
    let mut squares = Vec::new();
    let mut cur = from;
    loop {
        match offset(cur, dir) {
            Some(n) if board[n as usize] == EMPTY => {
                squares.push(n);
                cur = n;
            }
            Some(_) => return (squares, false),
            None => return (squares, true),
        }
    }
}

/// Every part A displacement, deduplicated, plus the castlings (as two steps).
fn part_a(p: &Dynamo) -> (Vec<Step>, Vec<[Step; 2]>) {
    let b = &p.board;
    let us = p.side;
    let mut out = Vec::new();
    let mut castles = Vec::new();
    for s in 0..64u8 {
        let x = b[s as usize];
        if x == EMPTY {
            continue;
        }
        let own = color_of(x) == us;
        // The piece's own moves and exits.
        if own {
            match kind(x) {
                PAWN => {
                    let f = forward(us);
                    if let Some(one) = offset(s, (0, f)).filter(|&q| b[q as usize] == EMPTY) {
                        with_promotions((s, one, x), &mut out);
                        if rank(s) == start_rank(us) {
                            if let Some(two) =
                                offset(one, (0, f)).filter(|&q| b[q as usize] == EMPTY)
                            {
                                out.push((s, two, x));
                            }
                        }
                    }
                }
                KNIGHT | KING => {
                    let steps: &[(i8, i8)] = if kind(x) == KNIGHT {
                        &KNIGHT_LEAPS
                    } else {
                        &ALL_LINES
                    };
                    for &v in steps {
                        match offset(s, v) {
                            Some(e) if b[e as usize] == EMPTY => out.push((s, e, x)),
                            None if kind(x) == KNIGHT => out.push((s, OFF, x)),
                            _ => {}
                        }
                    }
                    if kind(x) == KING {
                        castles.extend(castlings(p, s));
                    }
                }
                k => {
                    for &d in slider_lines(k) {
                        let (squares, edge) = run(b, s, d);
                        out.extend(squares.iter().map(|&e| (s, e, x)));
                        if edge {
                            out.push((s, OFF, x));
                        }
                    }
                }
            }
        }
        // Displacements of this piece caused by an own actor.
        for v in KNIGHT_LEAPS {
            if offset(s, (-v.0, -v.1)).is_some_and(|a| b[a as usize] == make(us, KNIGHT)) {
                leap_push(b, s, x, v, &mut out);
            }
        }
        for u in ALL_LINES {
            if offset(s, (-u.0, -u.1)).is_some_and(|a| b[a as usize] == make(us, KING)) {
                leap_push(b, s, x, u, &mut out);
            }
        }
        let f = forward(us);
        if own {
            if let Some(a) = offset(s, (0, -f)).filter(|&a| b[a as usize] == make(us, PAWN)) {
                match offset(s, (0, f)) {
                    None if kind(x) != KING => out.push((s, OFF, x)),
                    Some(one) if b[one as usize] == EMPTY => {
                        with_promotions((s, one, x), &mut out);
                        if rank(a) == start_rank(us) {
                            if let Some(two) =
                                offset(one, (0, f)).filter(|&q| b[q as usize] == EMPTY)
                            {
                                out.push((s, two, x));
                            }
                        }
                    }
                    _ => {}
                }
            }
        } else {
            for dx in [-1, 1] {
                if offset(s, (-dx, -f)).is_some_and(|a| b[a as usize] == make(us, PAWN)) {
                    leap_push(b, s, x, (dx, f), &mut out);
                }
            }
        }
        for d in ALL_LINES {
            // An own slider at the end of the run from `s` against `d` pushes along `d` or pulls
            // against it.
            let back = (-d.0, -d.1);
            let Some(a) = first_piece(b, s, back) else {
                continue;
            };
            let actor = b[a as usize];
            if color_of(actor) != us || !slides_along(kind(actor), d) {
                continue;
            }
            let (ahead, edge) = run(b, s, d);
            for &e in &ahead {
                with_promotions((s, e, x), &mut out);
            }
            if edge && kind(x) != KING {
                out.push((s, OFF, x));
            }
            let (toward, _) = run(b, s, back);
            for &e in &toward {
                with_promotions((s, e, x), &mut out);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    (out, castles)
}

/// The check test of rules page 3.3 walked square by square (the main generator's is a bitboard
/// one): could a piece of `by` send the piece on `target` off the board with one action?
pub fn threatened_off(board: &Board, target: u8, by: Color) -> bool {
    for dir in ALL_LINES {
        let back = (-dir.0, -dir.1);
        if let Some(at) = first_piece(board, target, back) {
            let piece = board[at as usize];
            if color_of(piece) == by
                && slides_along(kind(piece), dir)
                && (clear_to_edge(board, target, dir) || clear_to_edge(board, at, back))
            {
                return true;
            }
        }
    }
    let pusher_behind = |v: (i8, i8), piece: u8| {
        offset(target, v).is_none()
            && offset(target, (-v.0, -v.1)).is_some_and(|at| board[at as usize] == piece)
    };
    let pawn_steps = [(1, forward(by)), (-1, forward(by))];
    KNIGHT_LEAPS
        .iter()
        .any(|&v| pusher_behind(v, make(by, KNIGHT)))
        || ALL_LINES.iter().any(|&v| pusher_behind(v, make(by, KING)))
        || pawn_steps.iter().any(|&v| pusher_behind(v, make(by, PAWN)))
}

fn leap_push(b: &Board, s: u8, x: u8, v: (i8, i8), out: &mut Vec<Step>) {
    match offset(s, v) {
        Some(e) if b[e as usize] == EMPTY => with_promotions((s, e, x), out),
        None if kind(x) != KING => out.push((s, OFF, x)),
        _ => {}
    }
}

fn castlings(p: &Dynamo, s: u8) -> Vec<[Step; 2]> {
    let us = p.side;
    let them = !us;
    let home = if us == Color::White { 4 } else { 60 };
    let (kbit, qbit) = if us == Color::White { (1, 2) } else { (4, 8) };
    let b = &p.board;
    let mut out = Vec::new();
    if s != home || threatened_off(b, s, them) {
        return out;
    }
    let rook = make(us, ROOK);
    let king = make(us, KING);
    if p.castling & kbit != 0
        && b[home as usize + 3] == rook
        && b[home as usize + 1] == EMPTY
        && b[home as usize + 2] == EMPTY
        && !threatened_off(b, home + 1, them)
    {
        out.push([(home, home + 2, king), (home + 3, home + 1, rook)]);
    }
    if p.castling & qbit != 0
        && b[home as usize - 4] == rook
        && (1..=3).all(|i| b[home as usize - i] == EMPTY)
        && !threatened_off(b, home - 1, them)
    {
        out.push([(home, home - 2, king), (home - 4, home - 1, rook)]);
    }
    out
}

/// Part B after the displacement `(s, e, _)` of the piece `moved` (as it stood on `s`), on the
/// board after part A.
fn part_b(b: &Board, us: Color, s: u8, e: u8, moved: u8) -> Vec<Step> {
    let mut out = Vec::new();
    let own = color_of(moved) == us;
    // Follows by any own piece that could have pushed it this way.
    for q in 0..64u8 {
        let qp = b[q as usize];
        if qp == EMPTY || color_of(qp) != us {
            continue;
        }
        match kind(qp) {
            KNIGHT | KING => {
                let d = delta(q, s);
                let fits = if kind(qp) == KNIGHT {
                    KNIGHT_LEAPS.contains(&d)
                } else {
                    ALL_LINES.contains(&d)
                };
                let pushed = fits
                    && match e {
                        OFF => offset(s, d).is_none(),
                        _ => offset(s, d) == Some(e),
                    };
                if pushed {
                    out.push((q, s, qp));
                }
            }
            PAWN => {
                let f = forward(us);
                let d = delta(q, s);
                let pushed = if own {
                    d == (0, f)
                        && match e {
                            OFF => offset(s, d).is_none(),
                            _ => {
                                offset(s, d) == Some(e)
                                    || (rank(q) == start_rank(us)
                                        && offset(s, (0, 2 * f)) == Some(e))
                            }
                        }
                } else {
                    d.1 == f
                        && d.0.abs() == 1
                        && match e {
                            OFF => offset(s, d).is_none(),
                            _ => offset(s, d) == Some(e),
                        }
                };
                if pushed {
                    with_promotions((q, s, qp), &mut out);
                }
            }
            k => {
                let Some(dir) = unit(q, s) else { continue };
                let (squares, edge) = run(b, q, dir);
                if !slides_along(k, dir) || !squares.contains(&s) {
                    continue;
                }
                match e {
                    OFF if edge => {
                        out.extend(squares.iter().map(|&t| (q, t, qp)));
                        out.push((q, OFF, qp));
                    }
                    OFF => {}
                    _ if unit(s, e) == Some(dir) => {
                        out.extend(squares.iter().map(|&t| (q, t, qp)));
                    }
                    _ => {}
                }
            }
        }
    }
    // Pulls by the displaced own piece.
    if own && !matches!(kind(moved), PAWN) {
        let mut lines: Vec<(i8, i8)> = Vec::new();
        match e {
            OFF => {
                if kind(moved) == KNIGHT {
                    for v in KNIGHT_LEAPS {
                        if offset(s, v).is_none() {
                            if let Some(pp) =
                                offset(s, (-v.0, -v.1)).filter(|&pp| b[pp as usize] != EMPTY)
                            {
                                with_promotions((pp, s, b[pp as usize]), &mut out);
                            }
                        }
                    }
                } else {
                    lines.extend(
                        slider_lines(kind(moved))
                            .iter()
                            .copied()
                            .filter(|&d| run(b, s, d).1),
                    );
                }
            }
            _ => {
                let d = delta(s, e);
                if kind(moved) == KNIGHT {
                    if KNIGHT_LEAPS.contains(&d) {
                        if let Some(pp) =
                            offset(s, (-d.0, -d.1)).filter(|&pp| b[pp as usize] != EMPTY)
                        {
                            with_promotions((pp, s, b[pp as usize]), &mut out);
                        }
                    }
                } else if let Some(dir) = unit(s, e) {
                    lines.push(dir);
                }
            }
        }
        for dir in lines {
            let Some(pp) = first_piece(b, s, (-dir.0, -dir.1)) else {
                continue;
            };
            let pulled = b[pp as usize];
            if kind(moved) == KING {
                if offset(pp, dir) == Some(s) {
                    with_promotions((pp, s, pulled), &mut out);
                }
                continue;
            }
            let (squares, edge) = run(b, pp, dir);
            for t in squares {
                with_promotions((pp, t, pulled), &mut out);
            }
            if e == OFF && edge && kind(pulled) != KING {
                out.push((pp, OFF, pulled));
            }
        }
    }
    out
}

/// The legal turns by the reference's shape.
pub fn reference_moves(p: &Dynamo) -> BTreeSet<Move> {
    let (steps, castles) = part_a(p);
    let mut turns: Vec<Vec<Step>> = castles.iter().map(|c| c.to_vec()).collect();
    for &(s, e, after) in &steps {
        let mut board = p.board;
        let moved = board[s as usize];
        board[s as usize] = EMPTY;
        if e != OFF {
            board[e as usize] = after;
        }
        turns.push(vec![(s, e, after)]);
        for second in part_b(&board, p.side, s, e, moved) {
            turns.push(vec![(s, e, after), second]);
        }
    }
    let forbidden = (!p.last.is_empty()).then(|| p.last.inverse());
    let mut out = BTreeSet::new();
    for turn in turns {
        let mut board = p.board;
        let mut rights = p.castling;
        let mut squares = Vec::new();
        for &(s, e, after) in &turn {
            rights &= !rights_lost_leaving(s, board[s as usize]);
            board[s as usize] = EMPTY;
            squares.push(s);
            if e != OFF {
                board[e as usize] = after;
                squares.push(e);
            }
        }
        let Some(king) = (0..64u8).find(|&q| board[q as usize] == make(p.side, KING)) else {
            continue;
        };
        if threatened_off(&board, king, !p.side) {
            continue;
        }
        squares.sort_unstable();
        squares.dedup();
        let changes: Vec<u32> = squares
            .iter()
            .map(|&q| change(q, p.board[q as usize], board[q as usize]))
            .collect();
        let effect = Effect::from_changes(&changes);
        if forbidden == Some(effect) {
            continue;
        }
        out.insert(Move {
            effect,
            castling: rights,
        });
    }
    out
}
