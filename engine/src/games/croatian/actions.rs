//! Turns action by action (the seam's `turn_in_progress`), for variants whose complete turns
//! are too many to list for one search node (Waves cascading through Shamans, Stars and each
//! other).
//!
//! An action is one step of a cascade: the first piece's ply, or one ending of the ply of the
//! piece in the air (its displacements and the ply; a Pyramid's sacrifice together with the
//! Serpent's Pawn-sacrifice ply after it). An action that activates a piece leaves the turn in
//! progress: the state then carries the turn so far (`board::Turn`), the piece in the air
//! (`cascade::InAir`), the position the turn started from, and the in-air states this turn has
//! passed, which the next actions may not reach again (OQ-8: Waves re-activate each other, so a
//! path of actions could otherwise cycle). The state includes the momentum: a Wave and a Queen
//! activating each other through Shamans loop through the same board with less and less of it,
//! and a loop that spends momentum can end where no shorter path does (a Wave left with none
//! is oblationed). A path that comes back to a state can be cut short there, so what a state can
//! still reach does not depend on the way it came, and walking each state once finds every
//! turn. A turn reached both with and without such a loop is one move (R5, `divergence`). An
//! action that ends the turn is listed only when the turn is legal (the King not attacked by an
//! unmoved piece, not a null move, OQ-15); a state in progress from which no action completes a
//! legal turn is a dead end.
//!
//! The whole-turn generator (`cascade::Cascades`) and the action lister take each step through
//! the same `cascade::follow`; the whole-turn list is what walking every action path gives,
//! each resulting state once.

use std::sync::Arc;

use super::attacks::Offsets;
use super::board::{Turn, VerdictCache, Written};
use super::cascade::{self, follow, state_key, InAir, Walk};
use super::moves::{flag, Move, Ply};
use super::piece::EMPTY;
use super::plies::Pattern;
use super::Croatian;

/// Mixed into the key of a state in progress, so that it never equals a position's.
const IN_PROGRESS: u64 = 0x5D2C_83A1_F0E4_9B67;

/// The variants whose turns go action by action by default.
const BY_ACTION: &[&str] = &["hemerasdawn", "tamoanchan", "tlalocan", "discovery", "one"];

/// Whether `variant` plays its turns action by action unless told otherwise.
pub(super) fn by_default(variant: &str) -> bool {
    BY_ACTION.contains(&variant)
}

/// A turn in progress.
pub(super) struct Progress {
    /// The board so far, this turn's rushes and the fields where its plies ended.
    pub turn: Turn,
    pub air: InAir,
    /// The position the turn started from.
    pub root: Arc<Croatian>,
    /// The in-air states of this turn so far, this one's last: the key of each
    /// (`loop_key`) with the momentum it had.
    pub passed: Vec<(u64, u8)>,
}

/// The key of an in-air state but for the momentum of the piece in the air.
pub(super) fn loop_key(turn: &Turn, air: &InAir) -> u64 {
    state_key(
        turn,
        &InAir {
            momentum: 0,
            ..*air
        },
    )
}

/// Whether `air` in `turn` is one of the in-air states `passed` (`loop_key` and momentum),
/// momentum included: a state no action of the turn may reach again (OQ-8). The same board
/// with less momentum is another state, and may end differently (a Wave left without momentum
/// is oblationed).
pub(super) fn passed_before(passed: &[(u64, u8)], turn: &Turn, air: &InAir) -> bool {
    let key = loop_key(turn, air);
    passed
        .iter()
        .any(|&(k, momentum)| k == key && momentum == air.momentum)
}

/// Lists the actions from `pos`, whose turn is in progress as `p`.
pub(super) fn next_actions(p: &Progress, out: &mut Vec<Move>) {
    let o = p.root.offsets();
    let mut endings = Vec::new();
    cascade::air_plies(&p.turn, o, &p.air, &mut endings);
    let mut lister = Lister {
        turn: p.turn.clone(),
        o,
        p,
        plies: Vec::new(),
        out,
    };
    follow(&mut lister, &endings, p.air.cell, p.air.pattern);
}

/// Takes one step of the cascade: each action is listed, none followed further.
struct Lister<'a> {
    turn: Turn,
    o: &'a Offsets,
    p: &'a Progress,
    /// The plies of the action being built.
    plies: Vec<Ply>,
    out: &'a mut Vec<Move>,
}

impl Walk for Lister<'_> {
    fn parts(&mut self) -> (&mut Turn, &Offsets) {
        (&mut self.turn, self.o)
    }

    fn played(&mut self, ending: &[(Ply, u8)]) {
        self.plies.extend(ending.iter().map(|(p, _)| *p));
    }

    fn unplayed(&mut self, n: usize) {
        self.plies.truncate(self.plies.len() - n);
    }

    fn in_air(&mut self, air: InAir) {
        if !passed_before(&self.p.passed, &self.turn, &air) {
            self.out.push(Move::activating(&self.plies, air.momentum));
        }
    }

    fn ended(&mut self) {
        if !self.turn.restores(&self.p.root) && cascade::may_end_remembered(&self.turn, self.o) {
            self.out.push(Move::cascade(&self.plies));
        }
    }
}

/// `play` written into `out`: a whole turn from a position is played on `out` made a copy of
/// `pos` in place, not built beside it and moved.
pub(super) fn play_into(pos: &Croatian, mv: &Move, out: &mut Croatian) {
    if pos.progress.is_none() && mv.passed_on().is_none() {
        out.clone_from(pos);
        play_turn(pos, mv, out);
    } else {
        *out = play(pos, mv);
    }
}

/// A whole turn from `pos` played on `next`, a copy of it.
#[inline]
fn play_turn(pos: &Croatian, mv: &Move, next: &mut Croatian) {
    next.written = Written::since(pos);
    let mut turn = Turn::over(next);
    for ply in mv.plies() {
        turn.play(ply);
    }
    turn.end();
    next.note_check_after(pos, mv);
}

/// The state after `mv` (an action, or a whole turn) from `pos`: the next position when the
/// turn ends, else the turn in progress.
pub(super) fn play(pos: &Croatian, mv: &Move) -> Croatian {
    let plies = mv.plies();
    if pos.progress.is_none() && mv.passed_on().is_none() {
        let mut next = pos.clone();
        play_turn(pos, mv, &mut next);
        return next;
    }
    let (mut turn, in_air) = match &pos.progress {
        Some(p) => (p.turn.clone(), Some(p)),
        None => (Turn::new(pos), None),
    };
    // The last ending: the last ply and the displacements right before it.
    let last = plies.len() - 1;
    let start = plies[..last]
        .iter()
        .rposition(|p| !p.has(flag::DISPLACE))
        .map_or(0, |i| i + 1);
    for ply in &plies[..start] {
        turn.play(ply);
    }
    let ply = plies[last];
    let mover = if turn.air != EMPTY {
        turn.air
    } else {
        turn.pos.cell(ply.from)
    };
    let pattern = match in_air {
        Some(p) if start == 0 => p.air.pattern,
        _ => Pattern::Own,
    };
    let was_moved = turn.moved.contains(ply.to);
    for ply in &plies[start..] {
        turn.play(ply);
    }
    if turn.air == EMPTY {
        return turn.finish();
    }
    let left = mv.passed_on().unwrap_or(0);
    let air = InAir::after(&turn, mover, pattern, &ply, left, was_moved);
    let (root, mut passed) = match in_air {
        Some(p) => (p.root.clone(), p.passed.clone()),
        None => (Arc::new(pos.clone()), Vec::new()),
    };
    let state = state_key(&turn, &air);
    passed.push((loop_key(&turn, &air), air.momentum));
    let mut next = turn.pos.clone();
    next.key = state ^ root.key.rotate_left(17) ^ IN_PROGRESS;
    next.decided = VerdictCache::known(None);
    next.progress = Some(Arc::new(Progress {
        turn,
        air,
        root,
        passed,
    }));
    next
}
