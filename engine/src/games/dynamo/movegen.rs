//! Complete turns: part A (normal move, self-exit, or an action on another piece) plus the
//! optional part B that continues it (follow after a push, pull after a move). Candidates are
//! listed as "legs" (one piece going somewhere, or off the board); a turn's identity is its
//! effect, so the legal list is deduplicated by effect and castling rights.

use super::attacks::{threatened_off, EXPULSION_FIELD};
use super::board::*;
use super::moves::*;
use super::Dynamo;
use crate::core::{Color, Game};

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

impl Dynamo {
    /// Appends every legal turn, one per effect; with `tactical`, only the turns that change
    /// material.
    pub(super) fn legal_turns(&self, tactical: bool, out: &mut Vec<Move>) {
        let forbidden = self.forbidden_effect();
        let in_check = self.in_check();
        let mut unique = EffectSet::new();
        self.candidates(&mut |_, legs| {
            if let Some(mv) = self.judge(legs, forbidden.as_ref(), in_check, tactical) {
                unique.push(out, mv);
            }
        });
        unique.finish(out);
    }

    /// Every candidate turn before merging equal effects and before the legality filters, by
    /// category of part A: for checking the hand count of the rules.
    pub fn candidate_counts(&self) -> [(Kind, usize); 4] {
        let mut counts = [
            (Kind::Normal, 0),
            (Kind::Castle, 0),
            (Kind::SelfExit, 0),
            (Kind::Action, 0),
        ];
        self.candidates(&mut |kind, _| {
            if let Some(entry) = counts.iter_mut().find(|(k, _)| *k == kind) {
                entry.1 += 1;
            }
        });
        counts
    }

    /// The complete turn made of `legs` (applied in order), if it is legal here, where
    /// `in_check` is whether the side to move is in check before it; with `tactical`, only if it
    /// changes material (`is_tactical`), judged before the costlier King safety test.
    fn judge(
        &self,
        legs: &[Leg],
        forbidden: Option<&Effect>,
        in_check: bool,
        tactical: bool,
    ) -> Option<Move> {
        let mut board = self.board;
        let mut occupied = self.occupied;
        let mut changed = 0u64;
        let mut castling = self.castling;
        let mut king = self.kings[self.side.index()];
        for l in legs {
            let moving = board[l.from as usize];
            castling &= !rights_lost_leaving(l.from, moving);
            board[l.from as usize] = EMPTY;
            occupied &= !(1 << l.from);
            changed |= 1 << l.from;
            if l.to != OFF {
                board[l.to as usize] = l.piece;
                occupied |= 1 << l.to;
                changed |= 1 << l.to;
                if l.from == king {
                    king = l.to;
                }
            }
        }
        // A turn moves at most two pieces: at most four squares change.
        let mut changes = [NO_CHANGE; 4];
        let mut n = 0;
        let mut rest = changed;
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            changes[n] = change(sq, self.board[sq as usize], board[sq as usize]);
            n += 1;
            rest &= rest - 1;
        }
        let mv = Move {
            effect: Effect::from_changes(&changes[..n]),
            castling,
        };
        if forbidden == Some(&mv.effect) || (tactical && !mv.changes_material()) {
            return None;
        }
        // A turn that leaves the King and everything that decides his expulsion in place leaves
        // the answer as it was before the turn.
        let unchanged =
            king == self.kings[self.side.index()] && EXPULSION_FIELD[king as usize] & changed == 0;
        let expelled = if unchanged {
            in_check
        } else {
            threatened_off(&board, occupied, king, !self.side)
        };
        (!expelled).then_some(mv)
    }

    /// The castling rights a turn with this effect leaves, unless the turn says otherwise.
    pub(super) fn implied_castling(&self, effect: &Effect) -> u8 {
        let mut rights = self.castling;
        for c in effect.changes() {
            if change_before(c) != EMPTY {
                rights &= !rights_lost_leaving(change_square(c), change_before(c));
            }
        }
        rights
    }

    fn forbidden_effect(&self) -> Option<Effect> {
        (!self.last.is_empty()).then(|| self.last.inverse())
    }
}

/// Keeps one move per effect while the legal moves are listed: an open-addressing table of
/// indices into the list, with a sort as the fallback for lists too long for it.
struct EffectSet {
    slots: [u16; EffectSet::SLOTS],
    overflow: bool,
}

impl EffectSet {
    const SLOTS: usize = 2048;

    fn new() -> Self {
        EffectSet {
            slots: [0; Self::SLOTS],
            overflow: false,
        }
    }

    fn slot(mv: &Move) -> usize {
        let mut h = mv.castling as u64;
        for c in mv.effect.0 {
            h = (h ^ c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> 53) as usize
    }

    fn push(&mut self, out: &mut Vec<Move>, mv: Move) {
        if self.overflow || out.len() >= Self::SLOTS / 2 {
            self.overflow = true;
            out.push(mv);
            return;
        }
        let mut i = Self::slot(&mv);
        loop {
            match self.slots[i] {
                0 => {
                    out.push(mv);
                    self.slots[i] = out.len() as u16;
                    return;
                }
                n if out[n as usize - 1] == mv => return,
                _ => i = (i + 1) % Self::SLOTS,
            }
        }
    }

    fn finish(self, out: &mut Vec<Move>) {
        if self.overflow {
            out.sort_unstable();
            out.dedup();
        }
    }
}
