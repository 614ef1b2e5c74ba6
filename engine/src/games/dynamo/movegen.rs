//! Complete turns: part A (normal move, self-exit, or an action on another piece) plus the
//! optional part B that continues it (follow after a push, pull after a move). Candidates are
//! listed as "legs" (one piece going somewhere, or off the board); a turn's identity is its
//! effect, so the legal list is deduplicated by effect and castling rights.

use super::board::*;
use super::Dynamo;
use crate::core::Color;

/// One changed square: `square << 16 | before << 8 | after`. Sorting the packed words sorts by
/// square, so equal effects have equal arrays.
pub type Change = u32;
/// Unused change slots (sort after every real change).
pub const NO_CHANGE: Change = u32::MAX;

#[inline]
pub fn change(square: u8, before: u8, after: u8) -> Change {
    (square as u32) << 16 | (before as u32) << 8 | after as u32
}

#[inline]
pub fn change_square(c: Change) -> u8 {
    (c >> 16) as u8
}

#[inline]
pub fn change_before(c: Change) -> u8 {
    (c >> 8) as u8
}

#[inline]
pub fn change_after(c: Change) -> u8 {
    c as u8
}

/// The net change of the board made by one complete turn: at most four squares (no piece moves
/// twice in a turn, and a turn moves at most two pieces), sorted by square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Effect(pub [Change; 4]);

impl Effect {
    pub const NONE: Effect = Effect([NO_CHANGE; 4]);

    pub fn changes(&self) -> impl Iterator<Item = Change> + '_ {
        self.0.iter().copied().take_while(|&c| c != NO_CHANGE)
    }

    pub fn is_empty(&self) -> bool {
        self.0[0] == NO_CHANGE
    }

    /// The turn that would exactly undo this one.
    pub fn inverse(&self) -> Effect {
        let mut out = Effect::NONE;
        for (i, c) in self.changes().enumerate() {
            out.0[i] = change(change_square(c), change_after(c), change_before(c));
        }
        out
    }

    /// Builds an effect from unsorted changes, dropping squares that end as they began.
    pub fn from_changes(list: &[Change]) -> Effect {
        let mut out = Effect::NONE;
        let mut n = 0;
        for &c in list {
            if change_before(c) != change_after(c) {
                out.0[n] = c;
                n += 1;
            }
        }
        out.0[..n].sort_unstable();
        out
    }
}

/// One complete turn, identified by what it does: the board's net change and the castling
/// rights it leaves (a King or corner piece that left and came back still loses the right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub effect: Effect,
    /// Castling rights after the turn (bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`).
    pub castling: u8,
}

/// One piece going from `from` to `to` (or `OFF`), arriving as `piece` (a promoted pawn arrives
/// as its new piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    pub from: u8,
    pub to: u8,
    pub piece: u8,
}

/// What part A of a candidate turn was, for counting candidates by category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Normal,
    Castle,
    SelfExit,
    Action,
}

pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// The rights lost when a piece leaves `from`.
#[inline]
pub fn rights_lost_leaving(from: u8, piece: u8) -> u8 {
    match from {
        0 => CASTLE_WQ,
        7 => CASTLE_WK,
        56 => CASTLE_BQ,
        63 => CASTLE_BK,
        4 if piece == KING => CASTLE_WK | CASTLE_WQ,
        60 if piece == KING | BLACK => CASTLE_BK | CASTLE_BQ,
        _ => 0,
    }
}

#[inline]
fn leg(from: u8, to: u8, piece: u8) -> Leg {
    Leg { from, to, piece }
}

impl Dynamo {
    /// Lists every candidate turn (before the check and no-undo filters and before merging equal
    /// effects), promotions expanded into one candidate per choice.
    pub(crate) fn candidates(&self, emit: &mut impl FnMut(Kind, &[Leg])) {
        let mut promote = |kind: Kind, legs: &[Leg]| expand_promotions(kind, legs, emit);
        let us = self.side;
        for s in 0..64u8 {
            let piece = self.board[s as usize];
            if piece == EMPTY || color_of(piece) != us {
                continue;
            }
            match kind(piece) {
                PAWN => {
                    self.pawn_moves(s, piece, &mut promote);
                    self.pawn_actions(s, piece, &mut promote);
                }
                KNIGHT => {
                    self.leaper_moves(s, piece, &KNIGHT_LEAPS, &mut promote);
                    self.knight_exits(s, piece, &mut promote);
                    self.leaper_actions(s, piece, &KNIGHT_LEAPS, &mut promote);
                }
                KING => {
                    self.leaper_moves(s, piece, &ALL_LINES, &mut promote);
                    self.castlings(s, &mut promote);
                    self.leaper_actions(s, piece, &ALL_LINES, &mut promote);
                }
                k => {
                    self.slider_moves(s, piece, slider_lines(k), &mut promote);
                    self.slider_exits(s, piece, slider_lines(k), &mut promote);
                    self.slider_actions(s, piece, slider_lines(k), &mut promote);
                }
            }
        }
    }

    fn at(&self, sq: u8) -> u8 {
        self.board[sq as usize]
    }

    fn pawn_moves(&self, s: u8, piece: u8, emit: &mut impl FnMut(Kind, &[Leg])) {
        let f = forward(color_of(piece));
        let Some(one) = offset(s, (0, f)) else {
            return;
        };
        if self.at(one) != EMPTY {
            return;
        }
        emit(Kind::Normal, &[leg(s, one, piece)]);
        if rank(s) == start_rank(color_of(piece)) {
            if let Some(two) = offset(one, (0, f)) {
                if self.at(two) == EMPTY {
                    emit(Kind::Normal, &[leg(s, two, piece)]);
                }
            }
        }
    }

    /// Normal moves of a knight or King, each optionally pulling the piece one leap/step behind
    /// onto the vacated square.
    fn leaper_moves(
        &self,
        s: u8,
        piece: u8,
        steps: &[(i8, i8)],
        emit: &mut impl FnMut(Kind, &[Leg]),
    ) {
        for &v in steps {
            let Some(e) = offset(s, v) else { continue };
            if self.at(e) != EMPTY {
                continue;
            }
            let moved = leg(s, e, piece);
            emit(Kind::Normal, &[moved]);
            if let Some(p) = offset(s, (-v.0, -v.1)) {
                let pulled = self.at(p);
                if pulled != EMPTY {
                    emit(Kind::Normal, &[moved, leg(p, s, pulled)]);
                }
            }
        }
    }

    /// Normal slider moves, each optionally pulling the first piece behind the start square along
    /// the line of the move, to any square short of the mover's new square.
    fn slider_moves(
        &self,
        s: u8,
        piece: u8,
        lines: &[(i8, i8)],
        emit: &mut impl FnMut(Kind, &[Leg]),
    ) {
        for &d in lines {
            let back = (-d.0, -d.1);
            let behind = first_piece(&self.board, s, back);
            let mut e = s;
            while let Some(next) = offset(e, d) {
                if self.at(next) != EMPTY {
                    break;
                }
                e = next;
                let moved = leg(s, e, piece);
                emit(Kind::Normal, &[moved]);
                if let Some(p) = behind {
                    let pulled = self.at(p);
                    let mut q = p;
                    loop {
                        q = offset(q, d).expect("the pull path lies on the board");
                        if q == e {
                            break;
                        }
                        emit(Kind::Normal, &[moved, leg(p, q, pulled)]);
                    }
                }
            }
        }
    }

    /// A slider leaves the board along a line clear to the edge, optionally dragging the first
    /// piece behind it along that line (to any square of the line, or off unless a King). Leaving
    /// alone is one candidate however many lines allow it.
    fn slider_exits(
        &self,
        s: u8,
        piece: u8,
        lines: &[(i8, i8)],
        emit: &mut impl FnMut(Kind, &[Leg]),
    ) {
        let exit = leg(s, OFF, piece);
        let mut alone = false;
        for &d in lines {
            if !clear_to_edge(&self.board, s, d) {
                continue;
            }
            if !alone {
                emit(Kind::SelfExit, &[exit]);
                alone = true;
            }
            let Some(p) = first_piece(&self.board, s, (-d.0, -d.1)) else {
                continue;
            };
            let dragged = self.at(p);
            let mut q = p;
            while let Some(next) = offset(q, d) {
                q = next;
                emit(Kind::SelfExit, &[exit, leg(p, q, dragged)]);
            }
            if kind(dragged) != KING {
                emit(Kind::SelfExit, &[exit, leg(p, OFF, dragged)]);
            }
        }
    }

    /// A knight on the two outer ranks or files leaves the board; the piece one leap behind (on
    /// the extension of an off-board leap) may be dragged onto its square.
    fn knight_exits(&self, s: u8, piece: u8, emit: &mut impl FnMut(Kind, &[Leg])) {
        let exit = leg(s, OFF, piece);
        let mut alone = false;
        for v in KNIGHT_LEAPS {
            if offset(s, v).is_some() {
                continue;
            }
            if !alone {
                emit(Kind::SelfExit, &[exit]);
                alone = true;
            }
            if let Some(p) = offset(s, (-v.0, -v.1)) {
                let dragged = self.at(p);
                if dragged != EMPTY {
                    emit(Kind::SelfExit, &[exit, leg(p, s, dragged)]);
                }
            }
        }
    }

    /// Knight or King actions: the piece one leap/step away is pushed one more leap/step (off the
    /// board unless a King); the actor may then follow onto the vacated square.
    fn leaper_actions(
        &self,
        a: u8,
        piece: u8,
        steps: &[(i8, i8)],
        emit: &mut impl FnMut(Kind, &[Leg]),
    ) {
        for &v in steps {
            let Some(t) = offset(a, v) else { continue };
            let target = self.at(t);
            if target == EMPTY {
                continue;
            }
            let pushed = match offset(t, v) {
                Some(dest) if self.at(dest) == EMPTY => leg(t, dest, target),
                None if kind(target) != KING => leg(t, OFF, target),
                _ => continue,
            };
            emit(Kind::Action, &[pushed]);
            emit(Kind::Action, &[pushed, leg(a, t, piece)]);
        }
    }

    /// Pawn actions: push an own piece straight ahead (two squares from the start rank), or an
    /// enemy piece diagonally forward; the pawn may follow one step onto the vacated square.
    fn pawn_actions(&self, a: u8, piece: u8, emit: &mut impl FnMut(Kind, &[Leg])) {
        let us = color_of(piece);
        let f = forward(us);
        let Some(t) = offset(a, (0, f)) else { return };
        let target = self.at(t);
        if target != EMPTY && color_of(target) == us {
            match offset(t, (0, f)) {
                None if kind(target) != KING => {
                    let pushed = leg(t, OFF, target);
                    emit(Kind::Action, &[pushed]);
                    emit(Kind::Action, &[pushed, leg(a, t, piece)]);
                }
                Some(one) if self.at(one) == EMPTY => {
                    let pushed = leg(t, one, target);
                    emit(Kind::Action, &[pushed]);
                    emit(Kind::Action, &[pushed, leg(a, t, piece)]);
                    if rank(a) == start_rank(us) {
                        if let Some(two) = offset(one, (0, f)) {
                            if self.at(two) == EMPTY {
                                let pushed = leg(t, two, target);
                                emit(Kind::Action, &[pushed]);
                                emit(Kind::Action, &[pushed, leg(a, t, piece)]);
                                // The pushed piece, having moved two squares along the file, may
                                // pull the pawn behind it one square further than a follow (a
                                // King's pull only reaches its vacated square: the follow).
                                if displaced_can_pull(target) && kind(target) != KING {
                                    emit(Kind::Action, &[pushed, leg(a, one, piece)]);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for dx in [-1, 1] {
            let Some(t) = offset(a, (dx, f)) else {
                continue;
            };
            let target = self.at(t);
            if target == EMPTY || color_of(target) == us {
                continue;
            }
            let pushed = match offset(t, (dx, f)) {
                Some(dest) if self.at(dest) == EMPTY => leg(t, dest, target),
                None if kind(target) != KING => leg(t, OFF, target),
                _ => continue,
            };
            emit(Kind::Action, &[pushed]);
            emit(Kind::Action, &[pushed, leg(a, t, piece)]);
        }
    }

    /// Slider actions on the first piece along each line: push it away (any distance, or off the
    /// board along a clear line unless a King) and optionally follow it; or pull it any distance
    /// toward the slider, after which an own pulled piece may pull what stood behind it.
    fn slider_actions(
        &self,
        a: u8,
        piece: u8,
        lines: &[(i8, i8)],
        emit: &mut impl FnMut(Kind, &[Leg]),
    ) {
        let us = color_of(piece);
        for &d in lines {
            let Some(t) = first_piece(&self.board, a, d) else {
                continue;
            };
            let target = self.at(t);
            // Push.
            let mut dest = t;
            loop {
                match offset(dest, d) {
                    Some(next) if self.at(next) == EMPTY => {
                        dest = next;
                        let pushed = leg(t, dest, target);
                        emit(Kind::Action, &[pushed]);
                        let mut q = a;
                        loop {
                            q = offset(q, d).expect("the follow path lies on the board");
                            if q == dest {
                                break;
                            }
                            emit(Kind::Action, &[pushed, leg(a, q, piece)]);
                        }
                    }
                    Some(_) => break,
                    None => {
                        if kind(target) != KING {
                            let pushed = leg(t, OFF, target);
                            emit(Kind::Action, &[pushed]);
                            let mut q = a;
                            while let Some(next) = offset(q, d) {
                                q = next;
                                emit(Kind::Action, &[pushed, leg(a, q, piece)]);
                            }
                            emit(Kind::Action, &[pushed, leg(a, OFF, piece)]);
                        }
                        break;
                    }
                }
            }
            // Pull toward the slider.
            let toward = (-d.0, -d.1);
            let behind = if color_of(target) == us {
                first_piece(&self.board, t, d)
            } else {
                None
            };
            let mut q = t;
            loop {
                q = offset(q, toward).expect("the pull path lies on the board");
                if q == a {
                    break;
                }
                let pulled = leg(t, q, target);
                emit(Kind::Action, &[pulled]);
                let Some(p) = behind else { continue };
                if !displaced_can_pull(target) {
                    continue;
                }
                let second = self.at(p);
                match kind(target) {
                    KING | KNIGHT => {
                        if offset(t, d) == Some(p) {
                            emit(Kind::Action, &[pulled, leg(p, t, second)]);
                        }
                    }
                    _ => {
                        let mut r = p;
                        loop {
                            r = offset(r, toward).expect("the pull path lies on the board");
                            if r == q {
                                break;
                            }
                            emit(Kind::Action, &[pulled, leg(p, r, second)]);
                        }
                    }
                }
            }
        }
    }

    fn castlings(&self, s: u8, emit: &mut impl FnMut(Kind, &[Leg])) {
        let us = self.side;
        let (home, rights, rook) = match us {
            Color::White => (4u8, (CASTLE_WK, CASTLE_WQ), ROOK),
            Color::Black => (60u8, (CASTLE_BK, CASTLE_BQ), ROOK | BLACK),
        };
        if s != home || self.castling & (rights.0 | rights.1) == 0 {
            return;
        }
        let them = !us;
        let king = self.at(s);
        if threatened_off(&self.board, self.occupied, s, them) {
            return;
        }
        // (right, rook square, squares that must be empty, square the King crosses, King's and
        // rook's destinations)
        let sides = [
            (
                rights.0,
                home + 3,
                &[home + 1, home + 2][..],
                home + 1,
                home + 2,
                home + 1,
            ),
            (
                rights.1,
                home - 4,
                &[home - 1, home - 2, home - 3][..],
                home - 1,
                home - 2,
                home - 1,
            ),
        ];
        for (right, rook_sq, empty, crossed, king_to, rook_to) in sides {
            if self.castling & right == 0 || self.at(rook_sq) != rook {
                continue;
            }
            if empty.iter().any(|&sq| self.at(sq) != EMPTY) {
                continue;
            }
            if threatened_off(&self.board, self.occupied, crossed, them) {
                continue;
            }
            emit(
                Kind::Castle,
                &[leg(s, king_to, king), leg(rook_sq, rook_to, rook)],
            );
        }
    }
}

/// The pawn's start rank for double steps and two-square pushes: its own second rank.
#[inline]
pub fn start_rank(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// May an own piece displaced in part A pull the piece behind it in part B? Every piece but a
/// pawn (pawns never pull) or a knight (never displaced by a whole leap along a line), along the
/// line of its displacement whatever its own lines are: a Rook pushed diagonally pulls
/// diagonally. This is the reading of the two reference implementations (start position depth 3
/// = 3,991,091; requiring the piece's own lines gives 3,989,130).
fn displaced_can_pull(piece: u8) -> bool {
    !matches!(kind(piece), PAWN | KNIGHT)
}

/// Emits `legs`, once per promotion choice for every pawn that lands on its own last rank.
fn expand_promotions(kind_of_turn: Kind, legs: &[Leg], emit: &mut impl FnMut(Kind, &[Leg])) {
    let promoting = |l: &Leg| {
        kind(l.piece) == PAWN && l.to != OFF && rank(l.to) == promotion_rank(color_of(l.piece))
    };
    match legs.iter().position(promoting) {
        None => emit(kind_of_turn, legs),
        Some(i) => {
            let color = color_of(legs[i].piece);
            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                let mut copy = [legs[0], *legs.last().expect("a turn has a leg")];
                copy[..legs.len()].copy_from_slice(legs);
                copy[i].piece = make(color, k);
                expand_promotions(kind_of_turn, &copy[..legs.len()], emit);
            }
        }
    }
}
