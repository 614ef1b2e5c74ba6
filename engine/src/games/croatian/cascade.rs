//! Cascades: a depth-first search over in-air states (the board so far, the piece in the air
//! with its field, momentum, inherited pattern and whether it has moved before, the fields where
//! plies ended as far as they still matter, this turn's rushes). A state is expanded once per
//! move generation, again only when reached in fewer plies (OQ-8: Waves spend no momentum and
//! may re-activate each other, so cascades can cycle), and each distinct resulting state is one
//! move, listed with one of the shortest ply sequences that reach it.
//!
//! New pieces plug in through `plies` (how a piece in the air moves); a new in-air property
//! goes into `InAir` and its key.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use super::attacks::{each_attacker, Offsets};
use super::board::{Turn, Undo};
use super::moves::{flag, Move, Ply};
use super::piece::{self, Cell, Kind, EMPTY};
use super::plies::{ending_len, Mover, Pattern, PlyGen};
use super::Croatian;

/// Keys are Zobrist-style already: hash them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;
type KeyMap = HashMap<u64, usize, BuildHasherDefault<KeyHasher>>;

/// Steps of a generation (in-air states expanded, turns ended, first plies landed) between two
/// questions to the caller's `give_up`: a few hundred microseconds of work at most.
const STEPS_PER_QUESTION: u32 = 32;

/// A generation's caller that may lose patience (`Game::moves_unless`).
pub(super) struct Patience<'a> {
    give_up: Option<&'a mut dyn FnMut() -> bool>,
    /// Steps until the next question: a countdown keeps each step to one decrement and test.
    until_question: u32,
    gave_up: bool,
}

impl<'a> Patience<'a> {
    /// A caller that waits for the whole list.
    pub fn endless() -> Self {
        Patience {
            give_up: None,
            until_question: STEPS_PER_QUESTION,
            gave_up: false,
        }
    }

    pub fn asking(give_up: &'a mut dyn FnMut() -> bool) -> Self {
        Patience {
            give_up: Some(give_up),
            ..Patience::endless()
        }
    }

    /// One step of work done: whether the generation is to stop.
    #[inline]
    pub fn step(&mut self) -> bool {
        self.until_question -= 1;
        if self.until_question == 0 {
            self.ask();
        }
        self.gave_up
    }

    /// `n` steps of work, as `step` of each in turn: how many were taken before the generation
    /// was to stop (all `n` unless it was).
    #[inline]
    pub fn take(&mut self, n: u32) -> u32 {
        if n < self.until_question && !self.gave_up {
            // No question among them.
            self.until_question -= n;
            return n;
        }
        (0..n).position(|_| self.step()).unwrap_or(n as usize) as u32
    }

    #[cold]
    fn ask(&mut self) {
        self.until_question = STEPS_PER_QUESTION;
        if let Some(give_up) = &mut self.give_up {
            if !self.gave_up {
                self.gave_up = give_up();
            }
        }
    }

    pub fn gave_up(&self) -> bool {
        self.gave_up
    }
}

/// The piece in the air and what decides how it may move.
#[derive(Clone, Copy, Debug)]
pub(super) struct InAir {
    pub cell: Cell,
    pub at: u16,
    pub momentum: u8,
    pub pattern: Pattern,
    /// A private of the side to move that has not moved in this turn yet (e.p., L1172, L2033).
    pub first_ply: bool,
}

impl InAir {
    /// The piece activated by the ply `by` of `mover` (the piece that made it, in the air or the
    /// first piece), now in the air on `by.to` with momentum `left`; `was_moved` tells whether
    /// a ply had ended on that field before.
    pub fn after(
        turn: &Turn,
        mover: Cell,
        mover_pattern: Pattern,
        by: &Ply,
        left: u8,
        was_moved: bool,
    ) -> InAir {
        let cell = turn.air;
        let pattern = if by.has(flag::RITUAL) {
            Pattern::Ritual
        } else if by.has(flag::UPLIFT) {
            // The initiator's step uplifts a Starchild; the uplifting Starchild's, a piece.
            if mover_pattern == Pattern::Uplifting {
                Pattern::Sense
            } else {
                Pattern::Uplifting
            }
        } else if by.has(flag::TRANCE) {
            super::trance::pattern_after(turn, mover, mover_pattern, by)
        } else if by.has(flag::DIVERGE) {
            mover_pattern
        } else if !piece::is_wave(cell) {
            Pattern::Own
        } else if piece::is_wave(mover) {
            mover_pattern
        } else {
            Pattern::of(piece::kind(mover), piece::color(mover))
        };
        InAir {
            cell,
            at: by.to,
            momentum: left,
            pattern,
            first_ply: piece::is_private(piece::kind(cell))
                && piece::color(cell) == turn.pos.side
                && !was_moved
                && !by.has(flag::DIVERGE),
        }
    }

    pub fn mover(&self) -> Mover {
        Mover {
            cell: self.cell,
            from: self.at,
            momentum: Some(self.momentum),
            pattern: self.pattern,
            may_ep: self.first_ply,
        }
    }

    fn key(&self) -> u64 {
        let packed = self.cell as u64
            | (self.at as u64) << 8
            | (self.momentum as u64) << 24
            | self.pattern.code() << 32
            | (self.first_ply as u64) << 40;
        // SplitMix64's finaliser.
        let mut z = packed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The key of an in-air state: the board so far, the fields where plies ended (as far as they
/// can matter, `Turn::moved_key`), this turn's rushes, and the piece in the air.
pub(super) fn state_key(turn: &Turn, air: &InAir) -> u64 {
    turn.pos.key ^ turn.moved_key() ^ turn.ep_key() ^ air.key()
}

/// Every way `air` can end its ply in `turn`: a Wave with nowhere to go is oblationed.
pub(super) fn air_plies(turn: &Turn, o: &Offsets, air: &InAir, out: &mut Vec<(Ply, u8)>) {
    let gen = PlyGen {
        pos: &turn.pos,
        o,
        moved: &turn.moved,
        vacated: 0,
    };
    gen.plies(&air.mover(), out);
}

/// The Serpent standing on `at` after its ritual: its Pawn-sacrifice ply, a new one from that
/// field with no momentum (TR-5).
pub(super) fn sacrifice_plies(turn: &Turn, o: &Offsets, at: u16, out: &mut Vec<(Ply, u8)>) {
    let gen = PlyGen {
        pos: &turn.pos,
        o,
        moved: &turn.moved,
        vacated: at,
    };
    let m = Mover {
        cell: turn.pos.board[at as usize],
        from: at,
        momentum: None,
        pattern: Pattern::Sacrifice,
        may_ep: false,
    };
    gen.plies(&m, out);
}

/// Whether the turn so far may end here: the mover's King is not attacked by an opponent's
/// piece that did not move in it (section 7, OQ-5; an attack by pieces the mover moved is a
/// self-checkmate, a legal move that loses).
pub(super) fn may_end(turn: &Turn, o: &Offsets) -> bool {
    let us = turn.pos.side;
    let king = turn.pos.kings[us.index()];
    king == 0
        || each_attacker(&turn.pos, o, &turn.pos.board, king, !us, |s| {
            turn.moved.contains(s)
        })
}

/// How many answers of `may_end` are remembered: a table small enough to stay in the cache.
const ENDS_KEPT: usize = 1 << 16;

thread_local! {
    /// Answers of `may_end`, one slot per `Turn::legality_key` bucket: the key with its lowest
    /// bit replaced by the answer (0: an empty slot).
    static ENDS: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; ENDS_KEPT]);
}

/// `may_end`, remembered: walking a turn action by action reaches one end by many paths.
pub(super) fn may_end_remembered(turn: &Turn, o: &Offsets) -> bool {
    let key = turn.legality_key();
    let slot = (key >> 48) as usize % ENDS_KEPT;
    ENDS.with(|cell| {
        let held = cell.borrow()[slot];
        if held != 0 && (held ^ key) >> 1 == 0 {
            return held & 1 != 0;
        }
        let answer = may_end(turn, o);
        cell.borrow_mut()[slot] = key & !1 | answer as u64;
        answer
    })
}

/// A walk over the states of a turn: the whole-turn search (`Cascades`) and the action lister
/// (`actions`) take each step of a cascade through `follow`, and differ in what they do after
/// it.
pub(super) trait Walk {
    /// The turn being played and the board's offsets.
    fn parts(&mut self) -> (&mut Turn, &Offsets);
    /// `ending` was played.
    fn played(&mut self, ending: &[(Ply, u8)]);
    /// The last `n` plies recorded are taken back.
    fn unplayed(&mut self, n: usize);
    /// A piece is in the air after the ending just played.
    fn in_air(&mut self, air: InAir);
    /// The ending just played ended the turn (its legality is the walker's to judge).
    fn ended(&mut self);
}

/// One step of a cascade: plays each ending in `endings` (of a ply of `mover`, a Wave moving by
/// `pattern`) on the walker's turn and hands on what follows it (the piece it activates, or the
/// end of the turn and, after a Pyramid's sacrifice, the Serpent's Pawn-sacrifice ply), then
/// takes it back.
pub(super) fn follow<W: Walk>(w: &mut W, endings: &[(Ply, u8)], mover: Cell, pattern: Pattern) {
    let mut rest = endings;
    while !rest.is_empty() {
        let (ending, later) = rest.split_at(ending_len(rest));
        rest = later;
        let (ply, left) = ending[ending.len() - 1];
        let (turn, _) = w.parts();
        let was_moved = turn.moved.contains(ply.to);
        let undos: Vec<Undo> = ending.iter().map(|(p, _)| turn.play(p)).collect();
        w.played(ending);
        let (turn, o) = w.parts();
        if turn.air != EMPTY {
            let next = InAir::after(turn, mover, pattern, &ply, left, was_moved);
            w.in_air(next);
        } else {
            let sacrifice = ply.has(flag::SACRIFICE).then(|| {
                let mut plies = Vec::new();
                sacrifice_plies(turn, o, ply.from, &mut plies);
                (turn.pos.board[ply.from as usize], plies)
            });
            w.ended();
            if let Some((serpent, plies)) = sacrifice {
                follow(w, &plies, serpent, Pattern::Own);
            }
        }
        w.unplayed(ending.len());
        let (turn, _) = w.parts();
        for undo in undos.into_iter().rev() {
            turn.undo(undo);
        }
    }
}

/// The search's reusable allocations.
#[derive(Default)]
pub(super) struct Scratch {
    /// In-air states expanded, with the fewest plies that reached each so far.
    expanded: KeyMap,
    on_path: Vec<u64>,
    /// Each result's index in `found`.
    results: KeyMap,
    /// Results reached with an unmoved attacker on the King, with the moved pieces then.
    rejected: KeySet,
    buffers: Vec<Vec<(Ply, u8)>>,
    plies: Vec<Ply>,
    found: Vec<(Move, u64, bool)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch space, cleared (a fresh one if it is in use).
pub(super) fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => {
            scratch.expanded.clear();
            scratch.on_path.clear();
            scratch.results.clear();
            scratch.rejected.clear();
            scratch.plies.clear();
            scratch.found.clear();
            f(&mut scratch)
        }
        Err(_) => f(&mut Scratch::default()),
    })
}

/// Cascade search from one position.
pub(super) struct Cascades<'a, 'g> {
    root: &'a Croatian,
    o: &'a Offsets,
    turn: Turn,
    dedup: bool,
    s: &'a mut Scratch,
    /// The side to move's King was attacked before the move.
    root_in_check: bool,
    patience: Patience<'g>,
}

impl<'a, 'g> Cascades<'a, 'g> {
    pub fn new(
        root: &'a Croatian,
        o: &'a Offsets,
        dedup: bool,
        s: &'a mut Scratch,
        patience: Patience<'g>,
    ) -> Self {
        Cascades {
            root,
            o,
            turn: Turn::new(root),
            dedup,
            s,
            root_in_check: root.king_attacked(),
            patience,
        }
    }

    /// Whether the caller lost patience: the cascades found are then not all there are.
    pub fn gave_up(&self) -> bool {
        self.patience.gave_up()
    }

    /// Whether the turn may end here (`may_end`). When the King stood safe before the move and
    /// still stands where it stood, only a changed field on one of its lines can attack it
    /// (before Hemera's Dawn: Centaur paths and Grenadier forks have no such lines).
    fn may_end_here(&self) -> bool {
        let king = self.turn.pos.kings[self.root.side.index()];
        if self.root_in_check
            || king != self.root.kings[self.root.side.index()]
            || king == 0
            || self.root.v.has(Kind::Centaur)
        {
            return may_end(&self.turn, self.o);
        }
        let pos = self.root;
        let (kx, ky) = (pos.file_of(king) as i32, pos.rank_of(king) as i32);
        let aligned = |sq: u16| {
            let dx = (pos.file_of(sq) as i32 - kx).abs();
            let dy = (pos.rank_of(sq) as i32 - ky).abs();
            let (lo, hi) = (dx.min(dy), dx.max(dy));
            lo == 0 || lo == hi || hi == 2 * lo || hi <= 4 && lo + hi == 5
        };
        let touched = self
            .s
            .plies
            .iter()
            .flat_map(|p| [p.from, p.to, p.aux])
            .any(|sq| sq != 0 && aligned(sq));
        !touched || may_end(&self.turn, self.o)
    }

    /// The cascades found, each with its resulting key and whether it might equal a single-ply
    /// move (`single_like`).
    pub fn found(&mut self) -> std::vec::Drain<'_, (Move, u64, bool)> {
        self.s.found.drain(..)
    }

    /// Explores every cascade that starts with `first`, an ending of the first piece's ply that
    /// activates (its displacements, then the ply with the momentum passed on).
    pub fn run(&mut self, first: &[(Ply, u8)]) {
        let Some(&(ply, left)) = first.last() else {
            return;
        };
        let mover = self.root.cell(ply.from);
        let undos = self.play_ending(first);
        let air = InAir::after(&self.turn, mover, Pattern::Own, &ply, left, false);
        self.explore(air);
        self.undo_ending(undos);
    }

    /// Plays an ending (displacements and its ply), recording its plies.
    fn play_ending(&mut self, ending: &[(Ply, u8)]) -> Vec<Undo> {
        ending
            .iter()
            .map(|(ply, _)| {
                self.s.plies.push(*ply);
                self.turn.play(ply)
            })
            .collect()
    }

    fn undo_ending(&mut self, undos: Vec<Undo>) {
        for undo in undos.into_iter().rev() {
            self.s.plies.pop();
            self.turn.undo(undo);
        }
    }

    fn explore(&mut self, air: InAir) {
        if self.patience.step() {
            return;
        }
        // Only Waves keep their momentum, so without Waves no state repeats and cascades are
        // short: remembering states does not pay there.
        let key = state_key(&self.turn, &air);
        if !self.dedup {
            if self.s.on_path.contains(&key) {
                return;
            }
            self.s.on_path.push(key);
        } else if self.root.v.has(Kind::Wave) {
            // Again only when reached in fewer plies: then every result is listed with one of
            // its shortest ply sequences.
            let plies = self.s.plies.len();
            match self.s.expanded.get(&key) {
                Some(&seen) if seen <= plies => return,
                _ => {
                    self.s.expanded.insert(key, plies);
                }
            }
        }
        let mut buffer = self.s.buffers.pop().unwrap_or_default();
        buffer.clear();
        air_plies(&self.turn, self.o, &air, &mut buffer);
        self.follow(&buffer, air.cell, air.pattern);
        self.s.buffers.push(buffer);
        if !self.dedup {
            self.s.on_path.pop();
        }
    }

    /// Plays each ending in `endings` (of a ply of `mover`, a Wave moving by `pattern`) and goes
    /// on from it (`follow`).
    fn follow(&mut self, endings: &[(Ply, u8)], mover: Cell, pattern: Pattern) {
        follow(self, endings, mover, pattern);
    }

    fn finish(&mut self) {
        if self.patience.step() || self.turn.restores(self.root) {
            return;
        }
        let key = self.turn.result_key();
        if !self.dedup {
            if self.may_end_here() {
                let single_like = self.single_like();
                let mv = Move::cascade(&self.s.plies);
                self.s.found.push((mv, key, single_like));
            }
            return;
        }
        if let Some(&i) = self.s.results.get(&key) {
            // A shorter sequence to the same state reads better.
            if self.s.plies.len() < self.s.found[i].0.plies().len() && may_end(&self.turn, self.o) {
                self.s.found[i].0 = Move::cascade(&self.s.plies);
            }
            return;
        }
        let legality = self.turn.legality_key();
        if self.s.rejected.contains(&legality) {
            return;
        }
        if !self.may_end_here() {
            self.s.rejected.insert(legality);
            return;
        }
        let single_like = self.single_like();
        self.s.results.insert(key, self.s.found.len());
        self.s
            .found
            .push((Move::cascade(&self.s.plies), key, single_like));
    }

    /// Whether the board differs from the root's as a single ply's could: the mover's origin
    /// emptied, one field taken by an own piece that was empty or held an opponent's, perhaps
    /// an opponent's Pawn taken e.p. (pieces pushed on and pulled back; a Pawn promoted to the
    /// Pyramid it activated, R2).
    fn single_like(&self) -> bool {
        let us = self.root.side;
        let mut fields: arrayvec::ArrayVec<u16, 3> = arrayvec::ArrayVec::new();
        let (now, before) = (&self.turn.pos.board, &self.root.board);
        for ply in &self.s.plies {
            for sq in [ply.from, ply.to, ply.aux] {
                let (a, b) = (now[sq as usize], before[sq as usize]);
                if a == b || fields.contains(&sq) {
                    continue;
                }
                let own_replaced = b != EMPTY && piece::color(b) == us && a != EMPTY;
                let opponent_appears = a != EMPTY && piece::color(a) != us;
                if fields.is_full() || own_replaced || opponent_appears {
                    return false;
                }
                fields.push(sq);
            }
        }
        true
    }
}

impl Walk for Cascades<'_, '_> {
    fn parts(&mut self) -> (&mut Turn, &Offsets) {
        (&mut self.turn, self.o)
    }

    fn played(&mut self, ending: &[(Ply, u8)]) {
        self.s.plies.extend(ending.iter().map(|(p, _)| *p));
    }

    fn unplayed(&mut self, n: usize) {
        self.s.plies.truncate(self.s.plies.len() - n);
    }

    fn in_air(&mut self, air: InAir) {
        self.explore(air);
    }

    fn ended(&mut self) {
        self.finish();
    }
}
