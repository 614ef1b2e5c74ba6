//! Legal move generation: complete turns. Single plies are tested for King safety directly;
//! a first ply that activates a piece starts the cascade search (`cascade`), whose moves are
//! deduplicated by the resulting state.

use arrayvec::ArrayVec;

use super::attacks::{
    at, attacked_on_lines, attacked_with, each_attacker, each_attacker_on_lines, rider_on_line,
    Offsets,
};
use super::board::{FieldSet, Turn, Undo};
use super::cascade::{self, with_scratch, Cascades, InAir, KeySet, Patience};
use super::lines::Line;
use super::moves::{flag, Move, Ply};
use super::piece::{self, Cell, Kind, EMPTY};
use super::plies::{ending_len, land_each, pawn_only_quiet, Mover, Pattern, PlyGen, Sink};
use super::{Croatian, MAILBOX};
use crate::core::{Color, GaveUp, MoveSet};

type Board = [Cell; MAILBOX];

/// Which of the legal moves a listing keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    All,
    /// The tactical ones (`TACTICAL`).
    Tactical,
    /// The tactical ones, one of each class (`quiescence_class`): quiescence's.
    Quiescence,
    /// The quiet ones.
    Quiet,
}

impl Keep {
    pub fn of(set: MoveSet) -> Keep {
        match set {
            MoveSet::Legal => Keep::All,
            MoveSet::Tactical => Keep::Tactical,
            MoveSet::Quiescence => Keep::Quiescence,
        }
    }

    /// Whether a move whose plies' flags are `flags` (all of them or'ed) is kept, its class
    /// aside.
    #[inline]
    pub fn takes(self, flags: u32) -> bool {
        match self {
            Keep::All => true,
            Keep::Tactical | Keep::Quiescence => flags & TACTICAL != 0,
            Keep::Quiet => flags & TACTICAL == 0,
        }
    }
}

/// What quiescence tells tactical moves apart by: the first piece's origin, where the last ply
/// ends and how (its flags and promotion). Turns of one class change the same material and
/// differ only in where pieces that nothing took end up (a Serpent's displaced Pawns, the
/// Pyramids and Waves a cascade moved on its way).
pub(crate) fn quiescence_class(mv: &Move) -> u64 {
    let plies = mv.plies();
    let first = plies[0];
    let origin = if first.has(flag::DISPLACE) {
        first.aux
    } else {
        first.from
    };
    let last = plies[plies.len() - 1];
    // Fields fit 10 bits (`MAILBOX`).
    origin as u64 | (last.to as u64) << 10 | (last.promo as u64) << 20 | (last.flags as u64) << 28
}

/// Takes the first piece's plies: single plies are checked and listed, activations kept for
/// the cascade search.
struct FirstPlies<'a, 'g> {
    pos: &'a Croatian,
    us: Color,
    o: &'a Offsets,
    out: &'a mut Vec<Move>,
    /// Plies that activate, with the momentum passed on.
    activations: Vec<(Ply, u8)>,
    /// Whether a teleport was listed: it may leave the state of another single ply.
    teleported: bool,
    /// Scratch copy of the board for King-safety tests, made at the first one.
    board: Option<Board>,
    king: u16,
    in_check: bool,
    /// In check, the fields a plain ply of a piece other than the King must end on
    /// (`check_answers`).
    answers: Option<FieldSet>,
    /// The field last asked whether its piece's ply may open a line onto the King
    /// (`FirstPlies::pinned`; 0, no field, before), and the answer: a piece's plies come
    /// together, and most pieces of a tactical listing have none.
    pin_asked: u16,
    pin_answer: bool,
    /// A plain ply or capture of a piece but the King that is not `pinned` is legal and
    /// kept by its flags alone: out of check, with a King, no Centaur (`single_is_legal`), every
    /// turn wanted (not `one_turn`), no classes kept for it (`listed`).
    unpinned_plain: bool,
    /// The moves kept: the others are dropped before their legality test.
    keep: Keep,
    /// Activations are wanted (turns go whole, or the actions are all listed).
    activations_wanted: bool,
    /// With `Keep::Quiescence`, the classes (`quiescence_class`) listed so far.
    classes: KeySet,
    /// Every turn is a single ply (`Variant::single_plies`): only an en-passant capture may
    /// share its class with another ply (the same fields, another Pawn taken), so only those
    /// go through `classes`.
    single_plies: bool,
    patience: Patience<'g>,
    /// Only one complete turn is wanted, and no teleport (one may be a null move): the
    /// generation stops at the first.
    one_turn: bool,
}

/// The plies' flags that make a turn tactical (material changes).
pub(crate) const TACTICAL: u32 =
    flag::CAPTURE | flag::EN_PASSANT | flag::PROMOTE | flag::CONVERT | flag::DELAYED;

impl Sink for FirstPlies<'_, '_> {
    #[inline]
    fn wants(&self, ply: &Ply) -> bool {
        if self.one_turn && (!self.out.is_empty() || ply.has(flag::TELEPORT)) {
            return false;
        }
        if ply.flags & flag::GOES_ON != 0 {
            return self.activations_wanted;
        }
        self.keep.takes(ply.flags)
            && (self.keep != Keep::Quiescence
                || self.single_plies && !ply.has(flag::EN_PASSANT)
                || self.new_class(ply))
    }

    // Inlined in every generator's loop: most plies take its first branch.
    #[inline(always)]
    fn land(&mut self, ply: Ply, left: u8) {
        if self.patience.step() {
            return;
        }
        // The common ply, told apart first: a plain ply or capture of a piece other than the
        // King that stands on no line of its King, out of check, listed without a class.
        if self.unpinned_plain
            && ply.flags & !flag::CAPTURE == 0
            && ply.piece != Kind::King as u8
            && !self.pinned(ply.from)
        {
            if self.keep.takes(ply.flags) {
                self.out.push(Move::single(ply));
            }
            return;
        }
        // In check, most plies of a piece but the King answer no checker: dropped as
        // `single_is_legal` drops them, before the tests that come first there.
        if let Some(answers) = &self.answers {
            if ply.flags & (flag::EN_PASSANT | flag::CASTLE | flag::GOES_ON) == 0
                && !answers.contains(ply.to)
                && !matches!(
                    piece::kind(self.pos.board[ply.from as usize]),
                    Kind::King | Kind::Shaman
                )
            {
                return;
            }
        }
        self.land_other(ply, left);
    }

    /// Each ply of an unpinned piece but the King is the common one of `land`, listed at once.
    #[inline(always)]
    fn land_quiet_run(&mut self, from: u16, d: isize, run: u32, kind: u8) -> bool {
        if !(self.unpinned_plain && kind != Kind::King as u8 && !self.pinned(from)) {
            return land_each(self, from, d, run, kind);
        }
        // Quiet plies are wanted here (`PlyGen::rays`), so `keep` takes them.
        let taken = self.patience.take(run);
        let ply = |k: u32| Move::single(Ply::new(from, at(from, k as isize * d), kind, 0));
        self.out.extend((1..=taken).map(ply));
        taken == run
    }

    fn land_after(&mut self, effects: &[Ply], ply: Ply, left: u8) {
        if self.patience.step() {
            return;
        }
        if ply.flags & flag::GOES_ON != 0 {
            if self.activations_wanted {
                self.activations.land_after(effects, ply, left);
            }
            return;
        }
        if !self.wants(&ply) {
            return;
        }
        let mut plies = effects.to_vec();
        plies.push(ply);
        let mut turn = Turn::new(self.pos);
        for p in &plies {
            turn.play(p);
        }
        if cascade::may_end(&turn, self.o) {
            self.listed(Move::cascade(&plies));
        }
    }

    fn full(&self) -> bool {
        self.patience.gave_up() || self.one_turn && !self.out.is_empty()
    }

    fn step(&mut self) -> bool {
        self.patience.step()
    }
}

/// `quiescence_class` of a turn whose last ply is `ply` (the first piece's own).
fn single_class(ply: &Ply) -> u64 {
    quiescence_class(&Move::single(*ply))
}

impl<'a, 'g> FirstPlies<'a, 'g> {
    fn new(
        pos: &'a Croatian,
        o: &'a Offsets,
        out: &'a mut Vec<Move>,
        keep: Keep,
        patience: Patience<'g>,
    ) -> Self {
        let king = pos.kings[pos.side.index()];
        let in_check = pos.king_attacked();
        FirstPlies {
            pos,
            us: pos.side,
            o,
            out,
            activations: Vec::new(),
            teleported: false,
            board: None,
            king,
            in_check,
            answers: if in_check {
                check_answers(pos, o, king)
            } else {
                None
            },
            pin_asked: 0,
            pin_answer: false,
            keep,
            // An action that leaves a piece in the air changes no material.
            activations_wanted: !pos.by_action || keep.takes(0),
            classes: KeySet::default(),
            single_plies: pos.v.single_plies(),
            patience,
            one_turn: false,
            unpinned_plain: king != 0
                && !in_check
                && !pos.v.has(Kind::Centaur)
                && (keep != Keep::Quiescence || pos.v.single_plies()),
        }
    }

    /// Whether the piece on `from` stands first on a line from the King with an opponent's
    /// piece riding that line next behind it (`pinned`), worked out for the last piece asked.
    #[inline(always)]
    fn pinned(&mut self, from: u16) -> bool {
        if from != self.pin_asked {
            self.pin_asked = from;
            self.pin_answer = self.king != 0 && pinned(self.pos, self.o, self.king, from);
        }
        self.pin_answer
    }

    /// `Sink::land` for every ply but its common one.
    #[inline(never)]
    fn land_other(&mut self, ply: Ply, left: u8) {
        if ply.flags & flag::GOES_ON != 0 {
            if self.activations_wanted {
                self.activations.push((ply, left));
            }
            return;
        }
        if !self.wants(&ply) {
            return;
        }
        if self.single_is_legal(&ply) {
            self.teleported |= ply.has(flag::TELEPORT);
            self.listed(Move::single(ply));
        }
    }

    #[inline]
    fn listed(&mut self, mv: Move) {
        if self.keep == Keep::Quiescence && (!self.single_plies || mv.first().has(flag::EN_PASSANT))
        {
            self.classes.insert(quiescence_class(&mv));
        }
        self.out.push(mv);
    }

    /// Whether no move of the class of a turn of the single ply `ply` is listed yet.
    #[inline(never)]
    fn new_class(&self, ply: &Ply) -> bool {
        !self.classes.contains(&single_class(ply))
    }

    /// Only a move of the King, an en-passant capture, castling or a move in check other than a
    /// plain ply or capture answering every checker (or any move at all in Hemera's Dawn) can
    /// expose the King anywhere; any other move can only open the one line from the King
    /// through its origin (a pin by a slider or a Pegasus), which is all that is looked at then.
    fn single_is_legal(&mut self, ply: &Ply) -> bool {
        if self.king == 0 {
            return true;
        }
        if let Some(answers) = &self.answers {
            let mover = piece::kind(self.pos.board[ply.from as usize]);
            if !matches!(mover, Kind::King | Kind::Shaman)
                && ply.flags & (flag::EN_PASSANT | flag::CASTLE) == 0
            {
                if !answers.contains(ply.to) {
                    return false;
                }
                // It takes or blocks every checker: a plain ply or capture then exposes the
                // King only through its origin, as out of check (Centaurs aside, below).
                if ply.flags & !flag::CAPTURE == 0
                    && !self.pos.v.has(Kind::Centaur)
                    && !self.pinned(ply.from)
                {
                    return true;
                }
            }
        }
        // Centaur paths and Grenadier forks open through any field, and a piece that lands
        // beside an opponent's Grenadier may give it close quarters (HD-3).
        if self.in_check
            || self.pos.v.has(Kind::Centaur)
            || ply.piece == Kind::King as u8
            || ply.flags & (flag::EN_PASSANT | flag::CASTLE) != 0
        {
            if ply.piece == Kind::King as u8
                && ply.flags & (flag::EN_PASSANT | flag::CASTLE) == 0
                && self.pos.v.attacks_by_lines()
            {
                if let Some(safe) = king_step_safe(self.pos, self.o, ply) {
                    return safe;
                }
            }
            let board = scratch(&mut self.board, self.pos);
            return king_safe_single(self.pos, self.o, board, ply);
        }
        if !self.pinned(ply.from) {
            return true;
        }
        let p = self.pos;
        let dx = p.file_of(ply.from) as i32 - p.file_of(self.king) as i32;
        let dy = p.rank_of(ply.from) as i32 - p.rank_of(self.king) as i32;
        let (ax, ay) = (dx.abs(), dy.abs());
        let (step, riders): ((i32, i32), [Kind; 2]) = if dx == 0 || dy == 0 {
            ((dx.signum(), dy.signum()), [Kind::Rook, Kind::Queen])
        } else if ax == ay {
            ((dx.signum(), dy.signum()), [Kind::Bishop, Kind::Queen])
        } else if (ax == 2 * ay || ay == 2 * ax) && p.v.has(Kind::Pegasus) {
            let g = ax.min(ay);
            ((dx / g, dy / g), [Kind::Pegasus, Kind::Pegasus])
        } else {
            return true;
        };
        let d = p.offset(step.0 as isize, step.1 as isize);
        let (from, to) = (ply.from as usize, ply.to as usize);
        let board = scratch(&mut self.board, p);
        let (saved_from, saved_to) = (board[from], board[to]);
        if !ply.has(flag::OBLATION) {
            board[to] = saved_from;
        }
        board[from] = EMPTY;
        let them = !self.us;
        let mut s = self.king as isize + d;
        let exposed = loop {
            let c = board[s as usize];
            if piece::is_clear(c) {
                s += d;
                continue;
            }
            break piece::is(c, riders[0], them) || piece::is(c, riders[1], them);
        };
        board[from] = saved_from;
        board[to] = saved_to;
        !exposed
    }
}

/// The scratch board for King-safety tests, copied from `pos` at its first use.
// Lazily: the value is a copy of the whole board, which most nodes never need.
#[allow(clippy::unnecessary_lazy_evaluations)]
fn scratch<'a>(board: &'a mut Option<Board>, pos: &Croatian) -> &'a mut Board {
    board.get_or_insert_with(|| pos.board)
}

/// In check, the fields where a ply that changes only its origin and destination must end to
/// answer every checker: a checker's field, and for one that rides a line (Rook, Bishop,
/// Queen, Pegasus) the fields between it and the King. A ply ending elsewhere leaves every
/// checker and its line as they were (an origin emptied opens lines, never closes one), so it
/// leaves the King attacked. `None` when some checker attacks otherwise than along one line
/// (Centaur paths, Grenadier forks, Serpent walks, Shaman chains): nothing is filtered then.
fn check_answers(pos: &Croatian, o: &Offsets, king: u16) -> Option<FieldSet> {
    let mut checkers: ArrayVec<u16, 16> = ArrayVec::new();
    let push = |s| checkers.try_push(s).is_ok();
    // Where `Croatian::is_attacked` reads the lines from the runs, so do the checkers.
    let listed_all = if pos.v.attacks_by_lines() {
        each_attacker_on_lines(pos, o, king, !pos.side, push)
    } else {
        each_attacker(pos, o, &pos.board, king, !pos.side, push)
    };
    if !listed_all {
        return None;
    }
    let mut answers: Option<FieldSet> = None;
    for &checker in &checkers {
        let mut fields = FieldSet::default();
        fields.insert(checker);
        match piece::kind(pos.board[checker as usize]) {
            Kind::Pawn | Kind::King | Kind::Knight | Kind::Unicorn => {}
            Kind::Rook | Kind::Bishop | Kind::Queen | Kind::Pegasus => {
                let dx = pos.file_of(checker) as isize - pos.file_of(king) as isize;
                let dy = pos.rank_of(checker) as isize - pos.rank_of(king) as isize;
                let (ax, ay) = (dx.abs(), dy.abs());
                // A line's step: one field straight or diagonally, or a Knight's jump.
                let steps = if ax == 0 || ay == 0 || ax == ay {
                    ax.max(ay)
                } else {
                    ax.min(ay)
                };
                let d = pos.offset(dx / steps, dy / steps);
                for i in 1..steps {
                    fields.insert((king as isize + i * d) as u16);
                }
            }
            _ => return None,
        }
        answers = Some(match answers {
            None => fields,
            Some(both) => both.intersection(&fields),
        });
    }
    answers
}

/// Whether the side to move's piece on `from` stands first on a line from its King on `king`
/// (straight, diagonal, or a Pegasus's Knight-jump line) with an opponent's piece riding that
/// line next behind it: only a ply of such a piece (other than the King's, an en-passant
/// capture or castling) can expose the King. Attack rays pass what `piece::is_clear` passes.
#[inline(never)]
fn pinned(pos: &Croatian, o: &Offsets, king: u16, from: u16) -> bool {
    let c = pos.board[from as usize];
    if !piece::is_piece(c) || piece::color(c) != pos.side || from == king {
        return false;
    }
    let dx = pos.file_of(from) as i32 - pos.file_of(king) as i32;
    let dy = pos.rank_of(from) as i32 - pos.rank_of(king) as i32;
    let (ax, ay) = (dx.abs(), dy.abs());
    let (line, riders) = if dx == 0 || dy == 0 {
        (Line::Straight, [Kind::Rook, Kind::Queen])
    } else if ax == ay {
        (Line::Diagonal, [Kind::Bishop, Kind::Queen])
    } else if (ax == 2 * ay || ay == 2 * ax) && pos.v.has(Kind::Pegasus) {
        (Line::Knight, [Kind::Pegasus, Kind::Pegasus])
    } else {
        return false;
    };
    let them = !pos.side;
    let mut pinned = false;
    pos.first_two(o, king, line, |_, shield, behind| {
        if shield == from {
            let behind = pos.board[behind as usize];
            pinned = piece::is(behind, riders[0], them) || piece::is(behind, riders[1], them);
        }
    });
    pinned
}

/// Whether the King's step `ply` leaves it safe, where every piece attacks by a leap or along a
/// line (`Variant::attacks_by_lines`): the attack test of its destination on the board before
/// the step misses only an attack along the line from there through the field the King leaves,
/// which is followed on its own (no board copy). `None` for a move that is no one-field step.
fn king_step_safe(pos: &Croatian, o: &Offsets, ply: &Ply) -> Option<bool> {
    let dx = pos.file_of(ply.from) as isize - pos.file_of(ply.to) as isize;
    let dy = pos.rank_of(ply.from) as isize - pos.rank_of(ply.to) as isize;
    if dx.abs().max(dy.abs()) != 1 {
        return None;
    }
    let them = !pos.side;
    if attacked_on_lines(pos, o, ply.to, them) {
        return Some(false);
    }
    let riders = if dx == 0 || dy == 0 {
        [Kind::Rook, Kind::Queen]
    } else {
        [Kind::Bishop, Kind::Queen]
    };
    Some(!rider_on_line(
        &pos.board,
        ply.from,
        pos.offset(dx, dy),
        riders,
        them,
    ))
}

/// The board-only effect of a single-ply move, for a quick King-safety test.
fn king_safe_single(pos: &Croatian, o: &Offsets, board: &mut Board, ply: &Ply) -> bool {
    let us = pos.side;
    let mut saved: ArrayVec<(u16, Cell), 16> = ArrayVec::new();
    let mut put = |b: &mut Board, s: u16, c: Cell| {
        saved.push((s, b[s as usize]));
        b[s as usize] = c;
    };
    let mover = board[ply.from as usize];
    let mut king = pos.kings[us.index()];
    if ply.has(flag::CASTLE) {
        let rook = board[ply.aux as usize];
        let rook_to = pos.castle_rook_dest(ply);
        put(board, ply.from, EMPTY);
        put(board, ply.aux, EMPTY);
        put(board, ply.to, mover);
        put(board, rook_to, rook);
        king = ply.to;
    } else if !ply.has(flag::DELAYED) {
        if ply.has(flag::EN_PASSANT) {
            put(board, ply.aux, EMPTY);
        }
        if piece::kind(mover) == Kind::Shaman {
            for sq in super::shaman::chain_fields(pos, us, ply) {
                put(board, sq, EMPTY);
            }
        }
        put(board, ply.from, EMPTY);
        if !ply.has(flag::OBLATION) {
            put(board, ply.to, mover);
        }
        if piece::kind(mover) == Kind::King {
            king = ply.to;
        }
    }
    let safe = king == 0 || !attacked_with(pos, o, board, king, !us);
    for (s, c) in saved.into_iter().rev() {
        board[s as usize] = c;
    }
    safe
}

/// Whether `side` may move the piece `c` as the first of its move: its own pieces but the
/// Stars, and either Monolith (section 4.6.1).
fn movable_by(c: Cell, side: Color) -> bool {
    piece::is_monolith(c) || piece::color(c) == side && piece::kind(c) != Kind::Star
}

/// Every ply the side to move's pieces can make as the first piece of a move, into `sink`.
pub(super) fn first_plies<S: Sink>(pos: &Croatian, o: &Offsets, in_check: bool, sink: &mut S) {
    first_plies_of(pos, o, in_check, None, sink);
}

/// The first plies of the piece on `from` (of the side to move), into `sink`.
fn first_plies_of_field<S: Sink>(
    pos: &Croatian,
    o: &Offsets,
    in_check: bool,
    from: u16,
    sink: &mut S,
) {
    let gen = PlyGen {
        pos,
        o,
        // A first ply: nothing has moved in this turn yet.
        moved: &FieldSet::EMPTY,
        vacated: from,
    };
    let m = Mover {
        cell: pos.board[from as usize],
        from,
        momentum: None,
        pattern: Pattern::Own,
        may_ep: true,
    };
    gen.plies(&m, sink);
    // Castling tests the fields the King crosses for attack: not for a sink that drops it.
    if piece::kind(m.cell) == Kind::King
        && sink.wants(&Ply::new(from, from, Kind::King as u8, flag::CASTLE))
    {
        gen.castling(&m, in_check, sink);
    }
}

/// The first plies of the side to move's pieces of kind `only` (every kind with `None`).
pub(super) fn first_plies_of<S: Sink>(
    pos: &Croatian,
    o: &Offsets,
    in_check: bool,
    only: Option<Kind>,
    sink: &mut S,
) {
    // Either side moves a Monolith (stored as a light piece).
    let fields = if pos.v.has(Kind::Monolith) {
        pos.occupied
    } else {
        pos.fields_of(pos.side)
    };
    let single_plies = pos.v.single_plies();
    for s in fields.iter_to(pos.field_words()) {
        let c = pos.board[s as usize];
        if !movable_by(c, pos.side) || only.is_some_and(|k| piece::kind(c) != k) {
            continue;
        }
        // Most Pawns have no tactical ply: a listing that drops quiet ones passes them at once.
        if single_plies
            && piece::kind_bits(c) == Kind::Pawn as u8
            && !sink.wants(&Ply::new(s, s, Kind::Pawn as u8, 0))
            && pawn_only_quiet(pos, s, c)
        {
            continue;
        }
        first_plies_of_field(pos, o, in_check, s, sink);
        if sink.full() {
            return;
        }
    }
}

/// A teleport may leave the state of another single ply of the same piece (a Rook entering a1
/// and emerging on a17, or riding there; a Bishop entering either Star of a colour): a teleport
/// stays only when no plain ply and no earlier teleport from `start` on left its state.
fn drop_coinciding_singles(pos: &Croatian, out: &mut Vec<Move>, start: usize) {
    let origins: Vec<u16> = out[start..]
        .iter()
        .filter(|m| m.first().has(flag::TELEPORT))
        .map(|m| m.first().from)
        .collect();
    let mut turn = Turn::new(pos);
    let mut key_of = |ply: &Ply| {
        let undo = turn.play(ply);
        let key = turn.result_key();
        turn.undo(undo);
        key
    };
    // A teleport back onto the field it left, tags unchanged, is a null move (`Turn::restores`).
    let null = Turn::new(pos).result_key();
    let mut seen: KeySet = out[start..]
        .iter()
        .map(Move::first)
        .filter(|p| !p.has(flag::TELEPORT) && origins.contains(&p.from))
        .map(&mut key_of)
        .chain(std::iter::once(null))
        .collect();
    let mut index = 0;
    out.retain(|m| {
        index += 1;
        index <= start || !m.first().has(flag::TELEPORT) || seen.insert(key_of(m.first()))
    });
}

/// Fills `out` with the legal moves (where turns go action by action, `pos.by_action`, the
/// first piece's plies, an activation as an action); with `dedup`, turns that give one state
/// are listed once, and each in-air state is explored once (without it, every ply sequence is
/// listed once, no state repeating within a sequence: for tests).
pub(crate) fn legal_moves(pos: &Croatian, out: &mut Vec<Move>, dedup: bool) {
    let _ = list(pos, out, dedup, Keep::All, Patience::endless());
}

/// Appends the legal moves `keep` keeps, deduplicated. Single plies it drops are never tested
/// for legality; whole-turn cascades are still searched whole (a quiet first ply may activate
/// a capture) and the others dropped. A tactical turn never leaves the state of a quiet one
/// (their material differs), so dropping either changes no deduplication.
pub(crate) fn kept_moves(pos: &Croatian, out: &mut Vec<Move>, keep: Keep) {
    let _ = list(pos, out, true, keep, Patience::endless());
}

/// `kept_moves`, given up as soon as `patience` is lost.
pub(crate) fn moves_unless(
    pos: &Croatian,
    out: &mut Vec<Move>,
    keep: Keep,
    patience: Patience,
) -> Result<(), GaveUp> {
    list(pos, out, true, keep, patience)
}

fn list(
    pos: &Croatian,
    out: &mut Vec<Move>,
    dedup: bool,
    keep: Keep,
    patience: Patience,
) -> Result<(), GaveUp> {
    let o = pos.offsets();
    let in_check = pos.king_attacked();
    let singles_start = out.len();
    let mut first = FirstPlies::new(pos, o, out, keep, patience);
    first_plies(pos, o, in_check, &mut first);
    let FirstPlies {
        activations,
        teleported,
        patience,
        mut classes,
        ..
    } = first;
    // A list given up in part holds legal moves too: a teleport back onto its field (a null
    // move) goes before the search may choose it.
    if teleported {
        drop_coinciding_singles(pos, out, singles_start);
    }
    if patience.gave_up() {
        return Err(GaveUp);
    }
    if activations.is_empty() {
        return Ok(());
    }
    if pos.by_action {
        // The cascades go on action by action (`actions`).
        let mut rest = &activations[..];
        while !rest.is_empty() {
            let (first, later) = rest.split_at(ending_len(rest));
            let plies: Vec<Ply> = first.iter().map(|(p, _)| *p).collect();
            out.push(Move::activating(&plies, first[first.len() - 1].1));
            rest = later;
        }
        return Ok(());
    }
    with_scratch(|scratch| {
        let mut cascades = Cascades::new(pos, o, dedup, scratch, patience);
        let mut rest = &activations[..];
        while !rest.is_empty() && !cascades.gave_up() {
            let (first, later) = rest.split_at(ending_len(rest));
            cascades.run(first);
            rest = later;
        }
        if cascades.gave_up() {
            return Err(GaveUp);
        }
        let mut single_keys: Option<KeySet> = None;
        for (mv, key, single_like) in cascades.found() {
            let flags = mv.plies().iter().fold(0, |f, p| f | p.flags);
            let class = quiescence_class(&mv);
            if !keep.takes(flags) || keep == Keep::Quiescence && classes.contains(&class) {
                continue;
            }
            // A cascade may leave the state of a single ply (`Cascades::single_like`).
            if dedup && single_like {
                let singles = single_keys.get_or_insert_with(|| {
                    let mut turn = Turn::new(pos);
                    out[singles_start..]
                        .iter()
                        .filter(|m| !m.is_cascade())
                        .map(|m| {
                            let undo = turn.play(m.first());
                            let key = turn.result_key();
                            turn.undo(undo);
                            key
                        })
                        .collect()
                });
                if singles.contains(&key) {
                    continue;
                }
            }
            if keep == Keep::Quiescence {
                classes.insert(class);
            }
            out.push(mv);
        }
        Ok(())
    })
}

/// Whether every legal move of `pos` is one ply of one piece (no piece activates another, no
/// Star teleports, turns go whole): the variants whose moves have codes (`move_code`).
pub(crate) fn single_plies_only(pos: &Croatian) -> bool {
    !pos.by_action && pos.v.single_plies()
}

/// Bits of a field in a move code (`MAILBOX` fits).
const FIELD_BITS: u32 = 10;

/// The code of a single-ply move (where `single_plies_only`): its origin, destination, flags
/// (the ones these variants use fit a byte), promotion and `aux` (castling's Rook, the Pawn
/// taken en passant), 43 bits.
pub(crate) fn move_code(mv: &Move) -> u64 {
    let p = mv.first();
    p.from as u64
        | (p.to as u64) << FIELD_BITS
        | (p.flags as u64 & 0xff) << (2 * FIELD_BITS)
        | (p.promo as u64 & 0x1f) << (2 * FIELD_BITS + 8)
        | (p.aux as u64) << (2 * FIELD_BITS + 13)
}

/// The legal move of `pos` (where `single_plies_only`) whose `move_code` is `code`: the piece
/// on its origin makes its plies again and the one that matches is tested as `legal_moves`
/// tests it.
pub(crate) fn move_from_code(pos: &Croatian, code: u64) -> Option<Move> {
    let field = |shift: u32| (code >> shift & ((1 << FIELD_BITS) - 1)) as u16;
    let (from, to, aux) = (field(0), field(FIELD_BITS), field(2 * FIELD_BITS + 13));
    let flags = (code >> (2 * FIELD_BITS) & 0xff) as u32;
    let promo = (code >> (2 * FIELD_BITS + 8) & 0x1f) as u8;
    if code >> (3 * FIELD_BITS + 13) != 0 || from as usize >= MAILBOX {
        return None;
    }
    let (_, options) = own_first_plies(pos, from)?;
    let o = pos.offsets();
    let (ply, left) = options
        .into_iter()
        .find(|(p, _)| p.to == to && p.flags == flags && p.promo == promo && p.aux == aux)?;
    let mut out = Vec::new();
    let mut first = FirstPlies::new(pos, o, &mut out, Keep::All, Patience::endless());
    first.activations_wanted = false;
    first.land(ply, left);
    out.pop()
}

/// Whether the side to move has a legal turn of its first piece's ply alone, other than a
/// teleport: found without listing the others (any such ply `legal_moves` lists is a complete
/// turn).
pub(crate) fn has_single_turn(pos: &Croatian) -> bool {
    if pos.verdict().is_some() {
        return false;
    }
    let o = pos.offsets();
    let mut out = Vec::new();
    let mut first = FirstPlies::new(pos, o, &mut out, Keep::All, Patience::endless());
    first.activations_wanted = false;
    first.one_turn = true;
    first.unpinned_plain = false;
    first_plies(pos, o, first.in_check, &mut first);
    !out.is_empty()
}

/// The listed move whose resulting state has `key` (the key `Turn::result_key` gives).
pub(crate) fn listed_with_key(pos: &Croatian, key: u64) -> Option<Move> {
    let mut moves = Vec::new();
    if pos.verdict().is_none() {
        legal_moves(pos, &mut moves, true);
    }
    let mut turn = Turn::new(pos);
    moves.into_iter().find(|mv| {
        let undos: Vec<_> = mv.plies().iter().map(|p| turn.play(p)).collect();
        let found = turn.result_key() == key;
        for undo in undos.into_iter().rev() {
            turn.undo(undo);
        }
        found
    })
}

/// The legal moves `legal_moves` lists whose first ply is one of the piece on `from` and that
/// hand nothing on, in its order: reading one move's text need not list every piece's (a
/// Serpent's walks cost most).
pub(crate) fn moves_of_field(pos: &Croatian, from: u16, out: &mut Vec<Move>) {
    let c = pos.cell(from);
    if pos.verdict().is_some() || !piece::is_piece(c) || !movable_by(c, pos.side) {
        return;
    }
    let o = pos.offsets();
    let start = out.len();
    let mut first = FirstPlies::new(pos, o, out, Keep::All, Patience::endless());
    first.activations_wanted = false;
    let in_check = first.in_check;
    first_plies_of_field(pos, o, in_check, from, &mut first);
    if first.teleported {
        drop_coinciding_singles(pos, out, start);
    }
}

/// Whether `mv` is legal here, checked ply by ply: each ply one of what its piece can do at that
/// point, the last ending the turn legally. (Listing every move costs much more where cascades
/// of Waves abound.) A ply that can pass on different momenta (a Serpent's walks to one field)
/// is tried with each.
pub(crate) fn is_legal(pos: &Croatian, mv: &Move) -> bool {
    if pos.verdict().is_some() {
        return false;
    }
    let first = mv.first();
    // A Serpent's displacements come before its ply and name its field.
    let origin = if first.has(flag::DISPLACE) {
        first.aux
    } else {
        first.from
    };
    let Some((c, options)) = own_first_plies(pos, origin) else {
        return false;
    };
    let mut turn = Turn::new(pos);
    let o = pos.offsets();
    legal_from(pos, &mut turn, o, (c, Pattern::Own), &options, mv.plies())
}

/// The piece on `origin` and every first ply it can make, where it is the side to move's.
fn own_first_plies(pos: &Croatian, origin: u16) -> Option<(Cell, Vec<(Ply, u8)>)> {
    let c = pos.cell(origin);
    if !piece::is_piece(c) || !movable_by(c, pos.side) {
        return None;
    }
    let (o, in_check) = (pos.offsets(), pos.king_attacked());
    let mut options = Vec::new();
    first_plies_of_field(pos, o, in_check, origin, &mut options);
    Some((c, options))
}

/// Whether `plies` go on legally from `turn`, their first ending among `options` (of the piece
/// `mover` with its pattern).
fn legal_from(
    root: &Croatian,
    turn: &mut Turn,
    o: &Offsets,
    (mover, pattern): (Cell, Pattern),
    options: &[(Ply, u8)],
    plies: &[Ply],
) -> bool {
    let mut rest = options;
    while !rest.is_empty() {
        let (ending, later) = rest.split_at(ending_len(rest));
        rest = later;
        let written = plies.get(..ending.len());
        if !written.is_some_and(|w| ending.iter().map(|(p, _)| p).eq(w)) {
            continue;
        }
        let (ply, left) = ending[ending.len() - 1];
        let was_moved = turn.moved.contains(ply.to);
        let undos: Vec<Undo> = ending.iter().map(|(p, _)| turn.play(p)).collect();
        let later = &plies[ending.len()..];
        let mut next = Vec::new();
        let legal = if later.is_empty() {
            turn.air == EMPTY && cascade::may_end(turn, o) && !turn.restores(root)
        } else if turn.air != EMPTY {
            let air = InAir::after(turn, mover, pattern, &ply, left, was_moved);
            cascade::air_plies(turn, o, &air, &mut next);
            legal_from(root, turn, o, (air.cell, air.pattern), &next, later)
        } else if ply.has(flag::SACRIFICE) {
            let serpent = turn.pos.cell(ply.from);
            cascade::sacrifice_plies(turn, o, ply.from, &mut next);
            legal_from(root, turn, o, (serpent, Pattern::Own), &next, later)
        } else {
            false
        };
        for undo in undos.into_iter().rev() {
            turn.undo(undo);
        }
        if legal {
            return true;
        }
    }
    false
}
