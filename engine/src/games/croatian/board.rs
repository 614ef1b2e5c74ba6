//! The board: a padded mailbox of one-byte cells, its geometry, the Zobrist keys, and how a
//! move changes the state.

use std::borrow::BorrowMut;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use arrayvec::ArrayVec;

use super::attacks::{at, attacked, attacked_on_lines, attacked_through, Offsets, Overlay};
use super::lines::{Line, Lines};
use super::moves::{flag, Move, Ply};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::resurrection::{self, Graveyard};
use super::variant::Promotion;
use super::variant::Variant;
use super::{Croatian, EpItem};
use crate::core::zobrist::KeyGenerator;
use crate::core::{Color, GameResult};

/// Cells in the mailbox: up to 30 columns x 34 rows for 26x26.
pub const MAILBOX: usize = 1024;
const PAD_FILES: usize = 2;
const PAD_RANKS: usize = 4;

struct Keys {
    pieces: Vec<u64>,
    tags: Vec<u64>,
    ep_pawn: Vec<u64>,
    ep_from: Vec<u64>,
    side: u64,
    /// Fields where a ply of the turn in play ended (cascade states only, never a position's).
    moved: Vec<u64>,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut g = KeyGenerator::new(0xC0A7_1A4C_4E55_0009);
        let mut table = |n: usize| (0..n).map(|_| g.next()).collect::<Vec<u64>>();
        Keys {
            pieces: table(MAILBOX * 2 * Kind::COUNT),
            tags: table(MAILBOX * 4),
            ep_pawn: table(MAILBOX),
            ep_from: table(MAILBOX),
            side: table(1)[0],
            moved: table(MAILBOX),
        }
    })
}

/// Widest mailbox row: a 26x26 board and its padding.
pub(super) const MAX_STRIDE: usize = 26 + 2 * PAD_FILES;

/// Every field's file and rank for mailbox rows of `stride` cells, looked up: the generator
/// and the evaluation ask them per piece, and a division by the run-time stride is slow.
pub(super) fn coordinates(stride: usize) -> &'static [(u8, u8); MAILBOX] {
    static TABLES: OnceLock<Vec<[(u8, u8); MAILBOX]>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..=MAX_STRIDE)
            .map(|stride| {
                std::array::from_fn(|sq| {
                    let stride = stride.max(1);
                    let file = (sq % stride).wrapping_sub(PAD_FILES) as u8;
                    let rank = (sq / stride).wrapping_sub(PAD_RANKS) as u8;
                    (file, rank)
                })
            })
            .collect()
    });
    &tables[stride]
}

#[inline]
fn cell_key(sq: usize, c: Cell) -> u64 {
    if !piece::is_piece(c) {
        return 0;
    }
    let k = keys();
    let t = piece::tag(c) as usize;
    let tag_key = if t == 0 { 0 } else { k.tags[sq * 4 + t] };
    k.pieces[sq * 2 * Kind::COUNT + piece::code(c)] ^ tag_key
}

#[inline]
pub(super) fn ep_key(item: &EpItem) -> u64 {
    let k = keys();
    k.ep_pawn[item.pawn as usize] ^ k.ep_from[item.from as usize]
}

impl Croatian {
    pub fn variant_data(&self) -> &'static Variant {
        self.v
    }

    /// The direction offsets of this board's stride.
    #[inline]
    pub fn offsets(&self) -> &'static Offsets {
        Offsets::of(self.stride())
    }

    #[inline]
    pub(crate) fn stride(&self) -> isize {
        self.v.size as isize + 2 * PAD_FILES as isize
    }

    #[inline]
    pub fn sq(&self, file: u8, rank: u8) -> u16 {
        ((rank as usize + PAD_RANKS) * self.stride() as usize + file as usize + PAD_FILES) as u16
    }

    #[inline]
    pub fn file_of(&self, sq: u16) -> u8 {
        self.coordinates[sq as usize].0
    }

    #[inline]
    pub fn rank_of(&self, sq: u16) -> u8 {
        self.coordinates[sq as usize].1
    }

    /// Field name, e.g. `k12`.
    pub fn field_name(&self, sq: u16) -> String {
        crate::core::square::square_name(self.file_of(sq), self.rank_of(sq))
    }

    /// Appends the field's name to `out`.
    pub fn push_field_name(&self, out: &mut String, sq: u16) {
        crate::core::square::push_square_name(out, self.file_of(sq), self.rank_of(sq));
    }

    /// A light field has odd `file + rank` (1-based), a1 is dark (L143).
    #[inline]
    pub fn is_light_field(&self, sq: u16) -> bool {
        (self.file_of(sq) + self.rank_of(sq)) % 2 == 1
    }

    /// On `color`'s half of the board (L4162).
    #[inline]
    pub fn on_own_half(&self, sq: u16, color: Color) -> bool {
        let r = self.rank_of(sq);
        match color {
            Color::White => r < self.v.size / 2,
            Color::Black => r >= self.v.size / 2,
        }
    }

    #[inline]
    pub fn cell(&self, sq: u16) -> Cell {
        self.board[sq as usize]
    }

    /// The board's files (and ranks).
    pub fn size(&self) -> u8 {
        self.v.size
    }

    /// The field of `color`'s King, if it has one.
    pub fn king(&self, color: Color) -> Option<u16> {
        Some(self.kings[color.index()]).filter(|&k| k != 0)
    }

    /// Offset of one step on the board: `(dx, dy)` with +y toward dark.
    pub fn offset(&self, dx: isize, dy: isize) -> isize {
        dx + dy * self.stride()
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn en_passant(&self) -> &[EpItem] {
        &self.ep
    }

    /// The side to move's pawn's forward step as a mailbox offset.
    #[inline]
    pub fn forward(&self, color: Color) -> isize {
        if color == Color::White {
            self.stride()
        } else {
            -self.stride()
        }
    }

    /// The rank a Pawn of `color` promotes on.
    #[inline]
    pub fn last_rank(&self, color: Color) -> u8 {
        if color == Color::White {
            self.v.size - 1
        } else {
            0
        }
    }

    /// The Star fields of the board with each Star's colour: the corners holding Stars, or
    /// in One, where Starchilds move them (section 4.7.4), every field holding one.
    pub fn stars(&self) -> impl Iterator<Item = (u16, Color)> + '_ {
        let n = self.v.size - 1;
        let mut out: ArrayVec<u16, 8> = ArrayVec::new();
        if self.v.has(Kind::Starchild) {
            for r in 0..=n {
                for f in 0..=n {
                    let s = self.sq(f, r);
                    if piece::kind_bits(self.board[s as usize]) == Kind::Star as u8
                        && !out.is_full()
                    {
                        out.push(s);
                    }
                }
            }
        } else {
            out.extend(
                [(0, 0), (n, 0), (0, n), (n, n)]
                    .into_iter()
                    .map(|(f, r)| self.sq(f, r))
                    .filter(|&s| piece::kind_bits(self.board[s as usize]) == Kind::Star as u8),
            );
        }
        out.into_iter()
            .map(|s| (s, piece::color(self.board[s as usize])))
    }

    /// The neighbours of `sq` on the board (the portal fields of a Star or Monolith, L1406,
    /// L3225; a Starchild's miracle-fields, L3554).
    pub fn neighbours(&self, sq: u16) -> impl Iterator<Item = u16> + '_ {
        let (f, r) = (self.file_of(sq) as i32, self.rank_of(sq) as i32);
        let n = self.size() as i32;
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| (f + dx, r + dy)))
            .filter(move |&(x, y)| (x, y) != (f, r) && x >= 0 && y >= 0 && x < n && y < n)
            .map(|(x, y)| self.sq(x as u8, y as u8))
    }

    /// The portal fields of a Star: its neighbours on the board (L1406-1413), a corner Star's
    /// in their old order (the order moves are listed in).
    pub fn portals(&self, star: u16) -> ArrayVec<u16, 8> {
        let (f, r) = (self.file_of(star), self.rank_of(star));
        let last = self.v.size - 1;
        if !(f == 0 || f == last) || !(r == 0 || r == last) {
            return self.neighbours(star).collect();
        }
        let df: isize = if f == 0 { 1 } else { -1 };
        let dr: isize = if r == 0 { 1 } else { -1 };
        let s = star as isize;
        [df, dr * self.stride(), df + dr * self.stride()]
            .into_iter()
            .map(|d| (s + d) as u16)
            .collect()
    }

    /// An empty board of `v` (sentinels placed), light to move.
    pub(super) fn empty(v: &'static Variant) -> Croatian {
        let mut pos = Croatian {
            v,
            board: [OFF; MAILBOX],
            side: Color::White,
            ep: ArrayVec::new(),
            halfmove: 0,
            window: 0,
            fullmove: 1,
            key: 0,
            kings: [0; 2],
            coordinates: coordinates(v.size as usize + 2 * PAD_FILES),
            occupied: FieldSet::default(),
            dark: FieldSet::default(),
            lines: Lines::empty(v.size, v.size as isize + 2 * PAD_FILES as isize),
            graveyard: Default::default(),
            decided: VerdictCache::known(None),
            progress: None,
            by_action: super::actions::by_default(v.name),
            checked: CheckCache::default(),
            passed_in_check: false,
            written: Written::default(),
        };
        for r in 0..v.size {
            for f in 0..v.size {
                let s = pos.sq(f, r) as usize;
                pos.board[s] = EMPTY;
            }
        }
        pos
    }

    /// Whether the side to move's King is attacked (by any piece: a turn in progress asks
    /// `Game::in_check`), worked out once per state.
    pub(super) fn king_attacked(&self) -> bool {
        self.checked.get().unwrap_or_else(|| {
            let k = self.kings[self.side.index()];
            let attacked = k != 0 && self.is_attacked(k, !self.side);
            self.checked.set(attacked);
            attacked
        })
    }

    /// Keeps `parent.check_after(mv)` as this state's check, where `mv` from `parent` led here.
    pub(super) fn note_check_after(&self, parent: &Croatian, mv: &Move) {
        if let Some(attacked) = parent.check_after(mv, false) {
            self.checked.set(attacked);
        }
    }

    /// Whether the whole turn `mv` from this position leaves the opponent in check, told from
    /// the fields a single ply changes where that is enough (`attacks::attacked_through`, on the
    /// board with the ply's changes laid over it: nothing is played): without Waves the
    /// opponent's King was not attacked before the turn, unless it passed in check. `None`
    /// where that does not tell.
    ///
    /// A plain ply or capture is told from the `CheckSquares` of this state: with `work_out`,
    /// worked out at the first such question; without it, only where an earlier question
    /// worked them out (a state that is asked about one or two moves is cheaper without).
    #[inline(always)]
    pub(super) fn check_after(&self, mv: &Move, work_out: bool) -> Option<bool> {
        const PLAIN: u32 = flag::CAPTURE
            | flag::EN_PASSANT
            | flag::CASTLE
            | flag::PROMOTE
            | flag::TAG_PROMOTION
            | flag::DELAYED;
        let Move::Single(ply) = mv else {
            return None;
        };
        let k = self.kings[(!self.side).index()];
        if self.progress.is_some()
            || self.passed_in_check
            || !self.v.attacks_by_lines()
            || ply.flags & !PLAIN != 0
            || k == 0
        {
            return None;
        }
        let mover = self.board[ply.from as usize];
        if ply.flags & !flag::CAPTURE == 0 {
            let known = if work_out {
                Some(
                    self.checked
                        .squares
                        .get_or_init(|| CheckSquares::new(self, k)),
                )
            } else {
                self.checked.squares.get()
            };
            let squares = known.and_then(Option::as_deref);
            if let Some(check) = squares.and_then(|l| l.check_after(self, k, ply, mover)) {
                return Some(check);
            }
        }
        Some(self.check_through(ply, k, mover))
    }

    /// `check_after` of the ply `ply` of `mover` on the opponent's King on `k`, from the cells
    /// `Turn::play` writes for it (kept out of line: most plies are told by a lookup).
    #[inline(never)]
    fn check_through(&self, ply: &Ply, k: u16, mover: Cell) -> bool {
        let owner = piece::color(mover);
        let promoted = || {
            let k = Kind::from_index(ply.promo).unwrap_or(Kind::Queen);
            piece::make(k, owner, Tag::None)
        };
        let mut changes = ArrayVec::new();
        if ply.has(flag::DELAYED) {
            changes.push((ply.from, promoted()));
        } else if ply.has(flag::CASTLE) {
            let rook = self.board[ply.aux as usize];
            changes.push((ply.from, EMPTY));
            changes.push((ply.aux, EMPTY));
            changes.push((ply.to, piece::untagged(mover)));
            changes.push((self.castle_rook_dest(ply), piece::untagged(rook)));
        } else {
            let kind = piece::kind(mover);
            changes.push((ply.from, EMPTY));
            if ply.has(flag::EN_PASSANT) {
                changes.push((ply.aux, EMPTY));
            }
            let placed = if kind == Kind::Pawn && ply.has(flag::PROMOTE) {
                promoted()
            } else if kind == Kind::Pawn && ply.has(flag::TAG_PROMOTION) {
                piece::with_tag(mover, Tag::Promotion)
            } else {
                piece::untagged(mover)
            };
            changes.push((ply.to, placed));
        }
        let board = Overlay {
            board: &self.board,
            changes,
        };
        let changed = board.changes.iter().map(|&(s, _)| s);
        attacked_through(self, &board, k, self.side, changed)
    }

    /// Whether a piece of `by` attacks `sq` on the board as it stands.
    pub fn is_attacked(&self, sq: u16, by: Color) -> bool {
        if self.v.attacks_by_lines() {
            attacked_on_lines(self, self.offsets(), sq, by)
        } else {
            attacked(self, &self.board, sq, by)
        }
    }

    /// Writes a cell, keeping the key and King fields up to date.
    #[inline]
    pub(super) fn set(&mut self, sq: u16, c: Cell) {
        self.checked = CheckCache::default();
        let old = self.board[sq as usize];
        self.key ^= cell_key(sq as usize, old) ^ cell_key(sq as usize, c);
        self.board[sq as usize] = c;
        self.written.note(sq);
        let taken = piece::is_piece(c);
        self.lines.set(sq, taken);
        if taken {
            self.occupied.insert(sq);
            if piece::color(c) == Color::Black {
                self.dark.insert(sq);
            } else {
                self.dark.remove(sq);
            }
            if piece::kind(c) == Kind::King {
                self.kings[piece::color(c).index()] = sq;
            }
        } else {
            self.occupied.remove(sq);
            self.dark.remove(sq);
        }
    }

    /// Whether every piece stops a ride: no Wave or Starchild, which rides pass, plays.
    #[inline]
    pub(super) fn rides_stop_at_pieces(&self) -> bool {
        !self.v.has(Kind::Wave) && !self.v.has(Kind::Starchild)
    }

    /// How many empty fields a ride from `sq` crosses before the first piece of any kind (a
    /// Wave or Starchild too, which rides pass) or the board's edge, by each step of
    /// `Offsets::orth` or, with `diagonal`, of `Offsets::diag`, in their order.
    #[inline]
    pub fn empty_runs(&self, sq: u16, diagonal: bool) -> [u32; 4] {
        self.lines.runs(sq, diagonal)
    }

    /// `empty_runs` by each Knight jump of `Offsets::knight`, in its order (a Pegasus's rides).
    #[inline]
    pub fn knight_runs(&self, sq: u16) -> [u32; 8] {
        self.lines.knight_runs(sq)
    }

    /// The runs by each step of `line`, in its order (of 4 straight or diagonal steps, 4
    /// zeros after them).
    #[inline(always)]
    pub fn runs(&self, sq: u16, line: Line) -> [u32; 8] {
        let four = |r: [u32; 4]| [r[0], r[1], r[2], r[3], 0, 0, 0, 0];
        match line {
            Line::Straight => four(self.empty_runs(sq, false)),
            Line::Diagonal => four(self.empty_runs(sq, true)),
            Line::Knight => self.knight_runs(sq),
        }
    }

    /// Calls `each` with every step `d` of `line` (of `o`, this board's offsets) and the fields
    /// of the first piece or of the board's border from `sq` by that step, and of the next
    /// piece or border after it (any field where the first is the border), rays passing what
    /// `piece::is_clear` passes: read from the line masks where every piece stops a ride,
    /// walked elsewhere.
    #[inline(always)]
    pub(super) fn first_two(
        &self,
        o: &Offsets,
        sq: u16,
        line: Line,
        mut each: impl FnMut(isize, u16, u16),
    ) {
        if self.rides_stop_at_pieces() {
            let mut pair = |d: isize, (run, beyond): (u32, u32)| {
                let (first, second) = (run as isize + 1, beyond as isize + 1);
                each(d, at(sq, first * d), at(sq, second * d));
            };
            match line {
                Line::Straight => {
                    let runs = self.lines.two_runs(sq, false);
                    o.orth.iter().zip(runs).for_each(|(&d, r)| pair(d, r));
                }
                Line::Diagonal => {
                    let runs = self.lines.two_runs(sq, true);
                    o.diag.iter().zip(runs).for_each(|(&d, r)| pair(d, r));
                }
                Line::Knight => {
                    let runs = self.lines.knight_two_runs(sq);
                    o.knight.iter().zip(runs).for_each(|(&d, r)| pair(d, r));
                }
            }
            return;
        }
        let next = |mut s: u16, d: isize| loop {
            s = at(s, d);
            if !piece::is_clear(self.board[s as usize]) {
                return s;
            }
        };
        for &d in o.steps(line) {
            let first = next(sq, d);
            let second = if self.board[first as usize] == OFF {
                first
            } else {
                next(first, d)
            };
            each(d, first, second);
        }
    }

    /// The fields holding a piece, in field order (rank by rank, file by file).
    #[inline]
    pub fn occupied(&self) -> impl Iterator<Item = u16> + '_ {
        self.occupied.iter_to(self.field_words())
    }

    /// How many words of a `FieldSet` hold the board's fields: the words past its last field
    /// are always empty, and a walk need not scan them.
    #[inline]
    pub(super) fn field_words(&self) -> usize {
        self.sq(self.v.size - 1, self.v.size - 1) as usize / 64 + 1
    }

    /// The fields holding a piece of `color`, by the colour its cell is stored with (a
    /// Monolith, nobody's, is stored as a light piece).
    #[inline]
    pub(super) fn fields_of(&self, color: Color) -> FieldSet {
        match color {
            Color::White => self.occupied.without(&self.dark),
            Color::Black => self.dark,
        }
    }

    /// The fields whose cells differ between `parent` and this state, where it is `parent`
    /// after one whole turn or a pass (and a few more fields, whose cells are the same):
    /// `None` where that is not known, as for a turn played action by action or too long
    /// a turn. An evaluation of each piece by itself updates its sum from them.
    #[inline]
    pub fn written_since(&self, parent: &Croatian) -> Option<&[u16]> {
        (self.written.from == Some(parent.key)).then(|| self.written.fields())
    }

    /// Which of the `len` (below 64) fields from `start` on hold a piece, from bit 0 up: a
    /// row's pieces near a field without reading each field.
    #[inline]
    pub fn occupied_bits(&self, start: u16, len: u32) -> u64 {
        self.occupied.bits(start, len)
    }

    pub(super) fn recompute_key(&mut self) {
        self.checked = CheckCache::default();
        let mut key = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            key ^= cell_key(sq, c);
        }
        for item in &self.ep {
            key ^= ep_key(item);
        }
        if self.side == Color::Black {
            key ^= keys().side;
        }
        key ^= self.graveyard.key();
        self.key = key;
        self.kings = [0; 2];
        self.occupied = FieldSet::default();
        self.dark = FieldSet::default();
        self.lines = Lines::empty(self.v.size, self.stride());
        for (sq, &c) in self.board.iter().enumerate() {
            if piece::is_piece(c) {
                self.occupied.insert(sq as u16);
                if piece::color(c) == Color::Black {
                    self.dark.insert(sq as u16);
                }
                self.lines.set(sq as u16, true);
                if piece::kind(c) == Kind::King {
                    self.kings[piece::color(c).index()] = sq as u16;
                }
            }
        }
    }

    /// The field next to a castling King's destination on the Rook's side of the move, where the
    /// Rook lands ("immediately next to the King on the inner side").
    pub fn castle_rook_dest(&self, ply: &Ply) -> u16 {
        // The King moves toward the Rook; the Rook lands just behind it on that line.
        if ply.aux > ply.from {
            ply.to - 1
        } else {
            ply.to + 1
        }
    }

    /// Applies `mv` (one of `legal_moves`, or a whole turn from a position).
    pub(super) fn apply(&self, mv: &Move) -> Croatian {
        super::actions::play(self, mv)
    }

    /// The same position with the other side to move and no en-passant rights.
    pub(super) fn pass(&self) -> Croatian {
        let mut next = self.clone();
        next.written = Written::since(self);
        for item in &self.ep {
            next.key ^= ep_key(item);
        }
        next.ep.clear();
        next.side = !self.side;
        next.checked = CheckCache::default();
        next.passed_in_check = self.king_attacked();
        next.decided = VerdictCache::known(self.verdict());
        next.key ^= keys().side;
        next.halfmove = next.halfmove.saturating_add(1);
        next.window = next.window.saturating_add(1);
        next
    }
}

/// A state's answer to `Croatian::king_attacked`, and its `CheckSquares`, kept once worked out
/// (atomic: states are shared between search threads).
#[derive(Default)]
pub(super) struct CheckCache {
    king: AtomicU8,
    /// The opponent's King's (`CheckSquares`); `None` inside where they do not apply.
    squares: OnceLock<Option<Box<CheckSquares>>>,
}

const UNKNOWN: u8 = 0;
const SAFE: u8 = 1;
const ATTACKED: u8 = 2;

impl CheckCache {
    fn get(&self) -> Option<bool> {
        match self.king.load(Ordering::Relaxed) {
            UNKNOWN => None,
            v => Some(v == ATTACKED),
        }
    }

    fn set(&self, attacked: bool) {
        let v = if attacked { ATTACKED } else { SAFE };
        self.king.store(v, Ordering::Relaxed);
    }
}

impl Clone for CheckCache {
    /// The check squares are left to be worked out again: a copy is made to be changed.
    fn clone(&self) -> Self {
        CheckCache {
            king: AtomicU8::new(self.king.load(Ordering::Relaxed)),
            squares: OnceLock::new(),
        }
    }
}

/// Where a plain ply or capture of the side to move checks the opponent's King, as its check
/// test after such a ply reads them (`Croatian::check_after`): the search asks it of most
/// moves of a node, and a few lookups cost less than walking the King's lines for each
/// (`attacked_through`). Worked out where no rider of the side to move attacks the King yet.
pub(super) struct CheckSquares {
    /// The fields from which a Rook or Queen (`orth`), a Bishop or Queen (`diag`) or a Pegasus
    /// attacks the King along its lines as they stand.
    orth: FieldSet,
    diag: FieldSet,
    pegasus: FieldSet,
    /// The side to move's pieces standing first on one of the King's lines with its rider of
    /// that line next behind them: a ply of one of these may open the line.
    discover: FieldSet,
}

impl CheckSquares {
    /// `None` where a rider of the side to move attacks the King on `king` already.
    fn new(pos: &Croatian, king: u16) -> Option<Box<CheckSquares>> {
        let by = pos.side;
        let o = pos.offsets();
        let mut squares = Box::new(CheckSquares {
            orth: FieldSet::default(),
            diag: FieldSet::default(),
            pegasus: FieldSet::default(),
            discover: FieldSet::default(),
        });
        let CheckSquares {
            orth,
            diag,
            pegasus,
            discover,
        } = &mut *squares;
        let mut ridden = false;
        let mut look = |line: Line, set: &mut FieldSet, riders: [Kind; 2]| {
            let rides = |c: Cell| piece::is(c, riders[0], by) || piece::is(c, riders[1], by);
            pos.first_two(o, king, line, |d, first, second| {
                let mut s = at(king, d);
                while s != first {
                    set.insert(s);
                    s = at(s, d);
                }
                let c = pos.board[first as usize];
                if c == OFF {
                    return;
                }
                ridden |= rides(c);
                set.insert(first);
                if piece::color(c) == by && rides(pos.board[second as usize]) {
                    discover.insert(first);
                }
            });
        };
        look(Line::Straight, orth, [Kind::Rook, Kind::Queen]);
        look(Line::Diagonal, diag, [Kind::Bishop, Kind::Queen]);
        if pos.v.has(Kind::Pegasus) {
            look(Line::Knight, pegasus, [Kind::Pegasus, Kind::Pegasus]);
        }
        if ridden {
            return None;
        }
        Some(squares)
    }

    /// `attacked_through` of the King on `king` after the side to move's plain ply or capture
    /// `ply` of the piece `mover`; `None` where the ply's origin may open a line, or for a
    /// Unicorn (its field's colour decides its jumps).
    #[inline(always)]
    fn check_after(&self, pos: &Croatian, king: u16, ply: &Ply, mover: Cell) -> Option<bool> {
        if self.discover.contains(ply.from) {
            return None;
        }
        let to = ply.to;
        // A leap's offset: unique on the board, whose padding is wider than any leap.
        let d = king as isize - to as isize;
        Some(match piece::kind(mover) {
            Kind::Pawn => {
                let fwd = pos.forward(pos.side);
                d == fwd + 1 || d == fwd - 1
            }
            Kind::King => pos.offsets().orth.contains(&d) || pos.offsets().diag.contains(&d),
            Kind::Knight => pos.offsets().knight.contains(&d),
            Kind::Unicorn => return None,
            Kind::Rook => self.orth.contains(to),
            Kind::Bishop => self.diag.contains(to),
            Kind::Queen => self.orth.contains(to) || self.diag.contains(to),
            Kind::Pegasus => self.pegasus.contains(to),
            _ => false,
        })
    }
}

/// A state's self-checkmate verdict (`Croatian::verdict`), worked out when first asked: the
/// leaves of a perft never ask (atomic: states are shared between search threads).
#[derive(Default)]
pub(super) struct VerdictCache(AtomicU8);

const NOT_DECIDED: u8 = 1;
const WHITE_WINS: u8 = 2;
const BLACK_WINS: u8 = 3;
const DRAWN: u8 = 4;

impl VerdictCache {
    pub(super) fn known(verdict: Option<GameResult>) -> VerdictCache {
        let cache = VerdictCache::default();
        cache.set(verdict);
        cache
    }

    fn get(&self) -> Option<Option<GameResult>> {
        match self.0.load(Ordering::Relaxed) {
            UNKNOWN => None,
            NOT_DECIDED => Some(None),
            WHITE_WINS => Some(Some(GameResult::WhiteWins)),
            BLACK_WINS => Some(Some(GameResult::BlackWins)),
            _ => Some(Some(GameResult::Draw)),
        }
    }

    fn set(&self, verdict: Option<GameResult>) {
        let v = match verdict {
            None => NOT_DECIDED,
            Some(GameResult::WhiteWins) => WHITE_WINS,
            Some(GameResult::BlackWins) => BLACK_WINS,
            Some(GameResult::Draw) => DRAWN,
        };
        self.0.store(v, Ordering::Relaxed);
    }
}

impl Clone for VerdictCache {
    fn clone(&self) -> Self {
        VerdictCache(AtomicU8::new(self.0.load(Ordering::Relaxed)))
    }
}

/// The fields a state's turn wrote (`Croatian::written_since`): noted by `Croatian::set`
/// from `Written::since` on, given up when more than fit.
#[derive(Clone, Copy, Default)]
pub(super) struct Written {
    /// The key of the state the turn started from; `None` once not known.
    from: Option<u64>,
    fields: [u16; 6],
    len: u8,
}

impl Written {
    /// Nothing written yet since `pos`.
    pub(super) fn since(pos: &Croatian) -> Written {
        Written {
            from: Some(pos.key),
            ..Written::default()
        }
    }

    #[inline]
    fn fields(&self) -> &[u16] {
        &self.fields[..self.len as usize]
    }

    #[inline]
    fn note(&mut self, sq: u16) {
        if self.from.is_none() || self.fields().contains(&sq) {
            return;
        }
        if self.len as usize == self.fields.len() {
            self.from = None;
            return;
        }
        self.fields[self.len as usize] = sq;
        self.len += 1;
    }
}

/// Most privates one cascade can rush: every rush after the first needs 2 of at most 25 momentum.
pub const MAX_EP: usize = 16;

/// A set of mailbox fields.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FieldSet([u64; MAILBOX / 64]);

impl Default for FieldSet {
    fn default() -> Self {
        FieldSet([0; MAILBOX / 64])
    }
}

impl FieldSet {
    #[inline]
    pub fn contains(&self, sq: u16) -> bool {
        self.0[sq as usize / 64] >> (sq % 64) & 1 != 0
    }

    /// Adds `sq`; false if it was there already.
    #[inline]
    pub fn insert(&mut self, sq: u16) -> bool {
        let had = self.contains(sq);
        self.0[sq as usize / 64] |= 1 << (sq % 64);
        !had
    }

    #[inline]
    pub fn remove(&mut self, sq: u16) {
        self.0[sq as usize / 64] &= !(1 << (sq % 64));
    }

    /// No field.
    pub const EMPTY: FieldSet = FieldSet([0; MAILBOX / 64]);

    /// The fields in the set, in increasing order.
    #[inline]
    pub fn iter(&self) -> Fields<'_> {
        self.iter_to(self.0.len())
    }

    /// The fields in the set's first `words` words (64 fields each), in increasing order.
    #[inline]
    pub fn iter_to(&self, words: usize) -> Fields<'_> {
        Fields {
            words: &self.0[..words],
            word: 0,
            bits: self.0[0],
        }
    }

    /// Which of the `len` (below 64) fields from `start` on are in the set, from bit 0 up.
    #[inline]
    fn bits(&self, start: u16, len: u32) -> u64 {
        let (word, bit) = (start as usize / 64, start as u32 % 64);
        let mut bits = self.0[word] >> bit;
        if bit + len > 64 {
            bits |= self.0[word + 1] << (64 - bit);
        }
        bits & ((1 << len) - 1)
    }

    /// The fields in both sets.
    pub fn intersection(&self, other: &FieldSet) -> FieldSet {
        FieldSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The fields in this set and not in `other`.
    #[inline]
    pub fn without(&self, other: &FieldSet) -> FieldSet {
        FieldSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
}

/// The fields of a `FieldSet`, in increasing order.
pub struct Fields<'a> {
    words: &'a [u64],
    word: usize,
    /// What is left of `words[word]`.
    bits: u64,
}

impl Iterator for Fields<'_> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = *self.words.get(self.word)?;
        }
        let sq = self.word as u16 * 64 + self.bits.trailing_zeros() as u16;
        self.bits &= self.bits - 1;
        Some(sq)
    }
}

/// What `Turn::play` changed, for `Turn::undo`.
pub(super) struct Undo {
    /// Up to 11 pieces a Shaman's capture-ply takes, its origin and its field.
    cells: ArrayVec<(u16, Cell), 16>,
    ep: ArrayVec<EpItem, MAX_EP>,
    marked: Option<u16>,
    marked_rook: Option<u16>,
    air: Cell,
    irreversible: bool,
    lasting: bool,
    graveyard: Graveyard,
}

/// A turn being played ply by ply: the board so far (the side to move stays the mover, the key
/// leaves out the previous move's en-passant items, which stay readable in `pos.ep`), the piece
/// in the air, the rushes of this turn, and the fields where a ply ended ("moved in the cascade",
/// T2-8). `apply` and the move generator both play plies through it.
#[derive(Clone)]
pub(super) struct Turn<P = Croatian> {
    pub pos: P,
    /// The activated piece about to move (with its tags), or `EMPTY`.
    pub air: Cell,
    /// E.p. items left by the mover's own rushes in this turn (T2-2).
    pub ep: ArrayVec<EpItem, MAX_EP>,
    pub moved: FieldSet,
    /// The turn resets the halfmove clock (part 1 R8).
    pub irreversible: bool,
    /// The turn does something no later turn can undo: it resets the clock by more than a
    /// Pawn's sideways step, which the Pawn may step back (the repetition window).
    pub lasting: bool,
    /// The key of the board the turn started from (no e.p. items).
    start_key: u64,
}

impl Turn {
    pub fn new(pos: &Croatian) -> Turn {
        let mut pos = pos.clone();
        // A copy to try plies on, or a turn in progress: what it writes is not kept.
        pos.written = Written::default();
        Turn::start(pos)
    }

    /// Whether the board is again `root`'s, piece for piece and tag for tag: a null move, which
    /// is illegal (part 2 OQ-15 names the Wave ping-pong, HD-5 says what is compared: e.p.
    /// items are not). A Wave's ping-pong or a piece teleported back onto its field does it.
    pub fn restores(&self, root: &Croatian) -> bool {
        self.pos.key == self.start_key && self.pos.board == root.board
    }

    /// The key the position would have if the turn ended now.
    pub fn result_key(&self) -> u64 {
        let mut key = self.pos.key ^ keys().side;
        for item in &self.ep {
            key ^= ep_key(item);
        }
        key
    }

    /// What whether the turn may end here depends on (`cascade::may_end`): the state it would
    /// leave and the opponent's pieces it moved.
    pub fn legality_key(&self) -> u64 {
        self.result_key() ^ self.moved_key()
    }

    /// Hash of the en-passant items of this turn so far.
    pub fn ep_key(&self) -> u64 {
        self.ep.iter().fold(0, |k, i| k ^ ep_key(i))
    }

    /// Hash of the part of `moved` that can still matter: fields holding an opponent's piece
    /// that attacks (an attack by a moved piece is a self-checkmate, not an illegal move), and,
    /// while the previous move left e.p. items, fields holding Pawns (e.p. only on a Pawn's first
    /// ply, and not of a rushed Pawn that has moved). Cascade states that differ elsewhere in
    /// `moved` go on alike.
    pub fn moved_key(&self) -> u64 {
        let us = self.pos.side;
        let pawns = !self.pos.ep.is_empty();
        self.moved
            .iter()
            .filter(|&sq| {
                let c = self.pos.board[sq as usize];
                piece::is_piece(c)
                    && (piece::color(c) != us && !piece::is_wave(c)
                        || pawns && piece::is_private(piece::kind(c)))
            })
            .fold(0, |k, sq| k ^ keys().moved[sq as usize])
    }

    /// The position after the turn (`end`).
    pub fn finish(mut self) -> Croatian {
        self.end();
        self.pos
    }
}

impl<'a> Turn<&'a mut Croatian> {
    /// A turn played on `pos` itself, which `end` leaves as the position after it: playing a
    /// whole turn copies no position.
    pub fn over(pos: &'a mut Croatian) -> Turn<&'a mut Croatian> {
        Turn::start(pos)
    }
}

impl<P: BorrowMut<Croatian>> Turn<P> {
    #[inline]
    fn cur(&self) -> &Croatian {
        self.pos.borrow()
    }

    #[inline]
    fn cur_mut(&mut self) -> &mut Croatian {
        self.pos.borrow_mut()
    }

    /// Starts a turn on `pos`, the position it is played from.
    fn start(pos: P) -> Turn<P> {
        let mut turn = Turn {
            pos,
            start_key: 0,
            air: EMPTY,
            ep: ArrayVec::new(),
            moved: FieldSet::default(),
            irreversible: false,
            lasting: false,
        };
        let pos = turn.cur_mut();
        pos.progress = None;
        for item in &pos.ep {
            pos.key ^= ep_key(item);
        }
        turn.start_key = pos.key;
        turn
    }

    fn put(&mut self, undo: &mut Undo, sq: u16, c: Cell) {
        undo.cells.push((sq, self.cur().board[sq as usize]));
        self.cur_mut().set(sq, c);
    }

    /// Notes a ply that resets the halfmove clock and cannot be taken back.
    fn lose(&mut self) {
        self.irreversible = true;
        self.lasting = true;
    }

    fn mark(&mut self, sq: u16) -> Option<u16> {
        if self.moved.insert(sq) {
            Some(sq)
        } else {
            None
        }
    }

    /// Plays one ply: the first ply moves the piece on `from`, every later one the piece in the
    /// air.
    pub fn play(&mut self, ply: &Ply) -> Undo {
        let mut undo = Undo {
            cells: ArrayVec::new(),
            ep: self.ep.clone(),
            marked: None,
            marked_rook: None,
            air: self.air,
            irreversible: self.irreversible,
            lasting: self.lasting,
            graveyard: self.cur().graveyard,
        };
        if ply.has(flag::DISPLACE) {
            // The Serpent leaves its field first: a Pawn may be displaced onto it (TR-4).
            if self.air == EMPTY {
                self.air = self.cur().board[ply.aux as usize];
                self.put(&mut undo, ply.aux, EMPTY);
            }
            // A Serpent's Pawn, or any piece a trance-journey reaches.
            let moved = self.cur().board[ply.from as usize];
            self.put(&mut undo, ply.from, EMPTY);
            self.ep.retain(|i| i.pawn != ply.from);
            if ply.has(flag::CAPTURE) {
                self.bury(moved);
            } else {
                // Tags are lost, none gained (L4116, OQ-8); the piece has moved (TR-1).
                self.put(&mut undo, ply.to, piece::untagged(moved));
                undo.marked = self.mark(ply.to);
            }
            if ply.has(flag::CAPTURE) || piece::kind(moved) == Kind::Pawn {
                self.lose();
            }
            return undo;
        }
        if ply.has(flag::TRANCE) && !ply.has(flag::ACTIVATE) {
            // The entranced Shaman in the air: it goes on, lands, or leaves the board.
            if ply.has(flag::ONWARD) {
                return undo;
            }
            let shaman = std::mem::replace(&mut self.air, EMPTY);
            if ply.has(flag::OBLATION) {
                self.bury(shaman);
                self.lose();
            } else {
                self.put(&mut undo, ply.to, shaman);
                undo.marked = self.mark(ply.to);
            }
            return undo;
        }
        let first = self.air == EMPTY;
        let mover = if first {
            self.cur().board[ply.from as usize]
        } else {
            self.air
        };
        let owner = piece::color(mover);
        let kind = piece::kind(mover);
        self.air = EMPTY;
        if ply.has(flag::DELAYED) {
            let k = Kind::from_index(ply.promo).unwrap_or(Kind::Queen);
            self.put(&mut undo, ply.from, piece::make(k, owner, Tag::None));
            self.lose();
            undo.marked = self.mark(ply.from);
            return undo;
        }
        if ply.has(flag::CASTLE) {
            let rook = self.cur().board[ply.aux as usize];
            let rook_to = self.cur().castle_rook_dest(ply);
            self.put(&mut undo, ply.from, EMPTY);
            self.put(&mut undo, ply.aux, EMPTY);
            self.put(&mut undo, ply.to, piece::untagged(mover));
            self.put(&mut undo, rook_to, piece::untagged(rook));
            undo.marked = self.mark(ply.to);
            undo.marked_rook = self.mark(rook_to);
            return undo;
        }
        if first {
            self.put(&mut undo, ply.from, EMPTY);
        }
        if kind == Kind::Shaman {
            let pos = self.cur();
            let chain: ArrayVec<u16, 12> = super::shaman::chain_fields(pos, owner, ply).collect();
            for sq in chain {
                self.bury(self.cur().board[sq as usize]);
                self.put(&mut undo, sq, EMPTY);
                self.ep.retain(|i| i.pawn != sq);
                self.lose();
            }
        }
        if kind == Kind::Pawn {
            let pos = self.cur();
            let sideways = first
                && pos.rank_of(ply.from) == pos.rank_of(ply.to)
                && ply.flags & (flag::PROMOTE | flag::TAG_PROMOTION) == 0;
            self.irreversible = true;
            self.lasting |= !sideways;
        }
        if ply.has(flag::DIVERGE) {
            // The piece goes on from the divergent piece's field, which keeps its piece; having
            // moved, it has lost its tags (L4116).
            self.air = piece::untagged(mover);
            return undo;
        }
        if ply.has(flag::EN_PASSANT) {
            self.bury(self.cur().board[ply.aux as usize]);
            self.put(&mut undo, ply.aux, EMPTY);
            self.lose();
        }
        if ply.has(flag::OBLATION) {
            self.bury(mover);
            self.lose();
            return undo;
        }
        let target = self.cur().board[ply.to as usize];
        if ply.flags & (flag::CAPTURE | flag::SACRIFICE) != 0 {
            self.bury(target);
        }
        // A Pyramid converting, or promoting an own Pawn, is gone as if captured (OQ-23).
        if kind == Kind::Pyramid
            && ply.flags & (flag::CONVERT | flag::PROMOTE | flag::TAG_PROMOTION) != 0
        {
            self.bury(mover);
        }
        if ply.flags & (flag::CAPTURE | flag::CONVERT | flag::SACRIFICE) != 0 {
            self.lose();
        }
        // A Pawn rushed earlier in this turn is captured, or activated to move on: its e.p. tag
        // goes (L1168, L1241).
        if ply.flags & (flag::CAPTURE | flag::CONVERT | flag::ACTIVATE | flag::SACRIFICE) != 0 {
            self.ep.retain(|i| i.pawn != ply.to);
        }
        let mut placed = if kind == Kind::Pyramid && ply.has(flag::CONVERT) {
            if piece::is_starchild(target) {
                // Immune: the Starchild stays, the converting Pyramid is gone (L3635).
                return undo;
            }
            piece::make(piece::kind(target), owner, Tag::None)
        } else if kind == Kind::Pyramid && ply.has(flag::PROMOTE) {
            self.lose();
            piece::make(
                Kind::from_index(ply.promo).unwrap_or(Kind::Queen),
                owner,
                Tag::None,
            )
        } else if kind == Kind::Pyramid && ply.has(flag::TAG_PROMOTION) {
            self.lose();
            piece::with_tag(target, Tag::Promotion)
        } else if kind == Kind::Pawn && ply.has(flag::PROMOTE) {
            piece::make(
                Kind::from_index(ply.promo).unwrap_or(Kind::Queen),
                owner,
                Tag::None,
            )
        } else if kind == Kind::Pawn && ply.has(flag::TAG_PROMOTION) {
            piece::with_tag(mover, Tag::Promotion)
        } else {
            piece::untagged(mover)
        };
        // A rush: a private's straight move of two or more fields (a Scout or Grenadier moves
        // that far straight forward only by its rush, OQ-3, or with its tag anyway).
        let rushed = match kind {
            Kind::Pawn => true,
            Kind::Scout | Kind::Grenadier => {
                piece::tag(mover) == Tag::Rush
                    && self.cur().file_of(ply.to) == self.cur().file_of(ply.from)
            }
            _ => false,
        };
        if rushed
            && owner == self.cur().side
            && ply.flags & (flag::TELEPORT | flag::CAPTURE | flag::EN_PASSANT | flag::UPLIFT) == 0
            && (self.cur().rank_of(ply.to) as i32 - self.cur().rank_of(ply.from) as i32)
                * if owner == Color::White { 1 } else { -1 }
                >= 2
        {
            self.ep.push(EpItem {
                pawn: ply.to,
                from: ply.from,
            });
        }
        if ply.has(flag::ACTIVATE) {
            self.air = target;
        }
        if resurrection::is_resurrection(ply) {
            let risen = resurrection::risen(ply);
            let pos = self.cur_mut();
            pos.key ^= pos.graveyard.take(piece::color(risen), piece::kind(risen));
            if ply.aux == ply.to {
                // It takes the Starchild's place; the Starchild is oblationed (L3806).
                self.bury(placed);
                placed = risen;
            } else {
                self.put(&mut undo, ply.aux, risen);
                undo.marked_rook = self.mark(ply.aux);
            }
            self.lose();
        } else if ply.has(flag::DEMOTE) {
            let demoted = super::monolith::demoted(self.cur().side, ply);
            self.put(&mut undo, ply.aux, demoted);
            self.lose();
        }
        self.put(&mut undo, ply.to, placed);
        undo.marked = self.mark(ply.to);
        undo
    }

    pub fn undo(&mut self, undo: Undo) {
        for &(sq, c) in undo.cells.iter().rev() {
            self.cur_mut().set(sq, c);
        }
        for sq in [undo.marked_rook, undo.marked].into_iter().flatten() {
            self.moved.remove(sq);
        }
        self.ep = undo.ep;
        self.air = undo.air;
        self.irreversible = undo.irreversible;
        self.lasting = undo.lasting;
        if self.cur().graveyard != undo.graveyard {
            let pos = self.cur_mut();
            pos.key ^= pos.graveyard.key() ^ undo.graveyard.key();
            pos.graveyard = undo.graveyard;
        }
    }

    /// The piece `c` is captured or oblationed: into the graveyard, where the variant keeps one.
    fn bury(&mut self, c: Cell) {
        if self.cur().v.has(Kind::Starchild)
            && piece::is_piece(c)
            && resurrection::may_rise(piece::kind(c))
        {
            let pos = self.cur_mut();
            pos.key ^= pos.graveyard.add(piece::color(c), piece::kind(c));
        }
    }

    /// Ends the turn on its own position: the other side to move, this turn's e.p. items, the
    /// clocks, and whether the turn ended the game.
    pub fn end(&mut self) {
        let (irreversible, lasting) = (self.irreversible, self.lasting);
        let ep = std::mem::take(&mut self.ep);
        let next = self.cur_mut();
        let us = next.side;
        next.ep = ep;
        for item in &next.ep {
            next.key ^= ep_key(item);
        }
        if irreversible {
            next.halfmove = 0;
        } else {
            next.halfmove = next.halfmove.saturating_add(1);
        }
        next.window = if lasting {
            0
        } else {
            next.window.saturating_add(1)
        };
        if us == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = !us;
        next.checked = CheckCache::default();
        next.passed_in_check = false;
        next.key ^= keys().side;
        next.decided = VerdictCache::default();
    }
}

impl Croatian {
    /// Whether the previous turn ended the game (`judge_self_checkmate`), judged once.
    pub(super) fn verdict(&self) -> Option<GameResult> {
        self.decided.get().unwrap_or_else(|| {
            let verdict = self.judge_self_checkmate();
            self.decided.set(verdict);
            verdict
        })
    }

    /// A position where the side that just moved has its King attacked can only arise from a
    /// self-checkmate (OQ-5, section 7): the side to move wins, or it is a draw when the side to
    /// move is checkmated as well (double checkmate, L1114-1128).
    pub(super) fn judge_self_checkmate(&self) -> Option<GameResult> {
        if !self.v.has(Kind::Wave) {
            return None;
        }
        let k = self.kings[(!self.side).index()];
        if k == 0 || !self.is_attacked(k, self.side) {
            return None;
        }
        // Whether a turn exists is asked last, it can walk many actions; of a copy not yet
        // judged, which is what the generator asks.
        let mated = self.king_attacked() && {
            let mut undecided = self.clone();
            undecided.decided = VerdictCache::known(None);
            !undecided.has_turn()
        };
        Some(if mated {
            GameResult::Draw
        } else {
            GameResult::win_for(self.side)
        })
    }

    /// True when a promotion is delayed in this variant.
    pub fn delayed_promotion(&self) -> bool {
        self.v.promotion == Promotion::Delayed
    }
}
