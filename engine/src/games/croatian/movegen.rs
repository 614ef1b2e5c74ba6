//! Legal move generation: complete turns, cascades of Pyramids included, deduplicated by the
//! resulting state; attack tests for check.

use arrayvec::ArrayVec;

use super::attacks::{at, attacked, attacked_with, Offsets};
use super::moves::{flag, Move, Ply, MAX_PLIES};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::variant::{Castling, Promotion};
use super::{Croatian, MAILBOX};
use crate::core::Color;

type Board = [Cell; MAILBOX];

struct Gen<'a> {
    pos: &'a Croatian,
    us: Color,
    o: Offsets,
    /// Legal single-ply moves.
    out: &'a mut Vec<Move>,
    /// Pseudo-legal cascades, tested and deduplicated afterwards.
    cascades: Vec<Move>,
    /// Scratch copy of the board for King-safety tests.
    board: Board,
    king: u16,
    in_check: bool,
    /// Quiescence's mode: only the turns `is_tactical` accepts are listed, and quiet ones are
    /// dropped before their legality test.
    tactical: bool,
}

/// The plies' flags that make a turn tactical (material changes).
pub(crate) const TACTICAL: u8 =
    flag::CAPTURE | flag::EN_PASSANT | flag::PROMOTE | flag::CONVERT | flag::DELAYED;

impl Gen<'_> {
    fn push(&mut self, ply: Ply) {
        if self.tactical && ply.flags & TACTICAL == 0 {
            return;
        }
        if self.single_is_legal(&ply) {
            self.out.push(Move::single(ply));
        }
    }

    /// Only a move of the King, an en-passant capture, castling or any move while in check can
    /// expose the King anywhere; any other move can only open the one line from the King through
    /// its origin (a pin by a slider or a Pegasus), which is all that is looked at then.
    fn single_is_legal(&mut self, ply: &Ply) -> bool {
        if self.king == 0 {
            return true;
        }
        if self.in_check
            || ply.piece == Kind::King as u8
            || ply.flags & (flag::EN_PASSANT | flag::CASTLE) != 0
        {
            return king_safe_single(self.pos, &self.o, &mut self.board, ply);
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
        let (saved_from, saved_to) = (self.board[from], self.board[to]);
        self.board[to] = saved_from;
        self.board[from] = EMPTY;
        let them = !self.us;
        let mut s = self.king as isize + d;
        let exposed = loop {
            let c = self.board[s as usize];
            if c == EMPTY {
                s += d;
                continue;
            }
            break piece::is(c, riders[0], them) || piece::is(c, riders[1], them);
        };
        self.board[from] = saved_from;
        self.board[to] = saved_to;
        !exposed
    }

    #[inline]
    fn is_enemy(&self, c: Cell) -> bool {
        piece::is_piece(c) && piece::color(c) != self.us
    }

    #[inline]
    fn is_own_pyramid(&self, c: Cell) -> bool {
        piece::is(c, Kind::Pyramid, self.us)
    }

    fn last_rank(&self) -> u8 {
        if self.us == Color::White {
            self.pos.v.size - 1
        } else {
            0
        }
    }

    /// A step of a non-Pawn first piece onto `to` with momentum `m`: move, capture or activate.
    /// Returns whether the line continues past `to` (empty field).
    fn land(&mut self, from: u16, to: u16, kind: Kind, m: u8) -> bool {
        let c = self.pos.cell(to);
        if c == EMPTY {
            self.push(Ply::new(from, to, kind as u8, 0));
            return true;
        }
        if c == OFF {
            return false;
        }
        if self.is_enemy(c) {
            if piece::kind(c) != Kind::King {
                self.push(Ply::new(from, to, kind as u8, flag::CAPTURE));
            }
        } else if self.is_own_pyramid(c) {
            let first = Ply::new(from, to, kind as u8, flag::ACTIVATE);
            let mover = piece::untagged(self.pos.cell(from));
            self.activate(first, mover, m);
        }
        false
    }

    /// The first ply `first` ends on an own Pyramid with momentum `m`; `placed` is what the
    /// first piece becomes on that field.
    fn activate(&mut self, first: Ply, placed: Cell, m: u8) {
        let mut board = self.pos.board;
        board[first.from as usize] = EMPTY;
        board[first.to as usize] = placed;
        let mut plies: ArrayVec<Ply, MAX_PLIES> = ArrayVec::new();
        plies.push(first);
        self.pyramid(&mut board, first.to, m, &mut plies);
    }

    /// All continuations of a Pyramid in the air at `from` (the activator stands there) with
    /// momentum `m` (L384-458, Table 24).
    fn pyramid(
        &mut self,
        board: &mut Board,
        from: u16,
        m: u8,
        plies: &mut ArrayVec<Ply, MAX_PLIES>,
    ) {
        if plies.is_full() {
            return;
        }
        let pyr = Kind::Pyramid as u8;
        let us = self.us;
        let finish = |g: &mut Gen, plies: &ArrayVec<Ply, MAX_PLIES>, ply: Ply| {
            if g.tactical && (ply.flags | plies.iter().fold(0, |f, p| f | p.flags)) & TACTICAL == 0
            {
                return;
            }
            let mut all = plies.clone();
            all.push(ply);
            g.cascades.push(Move::cascade(&all));
        };
        for d in self.o.orth {
            let mut to = from;
            for k in 1..=m {
                to = at(to, d);
                let c = board[to as usize];
                if c == OFF {
                    break;
                }
                if c == EMPTY {
                    finish(self, plies, Ply::new(from, to, pyr, 0));
                    continue;
                }
                if self.is_enemy(c) {
                    if piece::kind(c) != Kind::King {
                        finish(self, plies, Ply::new(from, to, pyr, flag::CAPTURE));
                        if self.pos.on_own_half(to, us) {
                            finish(self, plies, Ply::new(from, to, pyr, flag::CONVERT));
                        }
                    }
                } else if self.is_own_pyramid(c) {
                    if m - k >= 1 {
                        let saved = board[to as usize];
                        board[to as usize] = piece::make(Kind::Pyramid, us, Tag::None);
                        plies.push(Ply::new(from, to, pyr, flag::ACTIVATE));
                        self.pyramid(board, to, m - k, plies);
                        plies.pop();
                        board[to as usize] = saved;
                    }
                } else if piece::kind(c) == Kind::Pawn && !self.pos.on_own_half(to, us) {
                    // Promotion of an own Pawn on the opponent's half (L404, L431-433).
                    for &p in self.pos.v.promote_to {
                        let mut ply = Ply::new(from, to, pyr, flag::PROMOTE);
                        ply.promo = p as u8;
                        finish(self, plies, ply);
                    }
                    if self.pos.v.promotion == Promotion::Delayed {
                        finish(self, plies, Ply::new(from, to, pyr, flag::TAG_PROMOTION));
                    }
                }
                break;
            }
        }
    }

    /// Pushes a Pawn arrival with the promotion choices the field calls for.
    fn pawn_arrival(&mut self, from: u16, to: u16, flags: u8) {
        let pawn = Kind::Pawn as u8;
        if self.pos.rank_of(to) != self.last_rank() {
            self.push(Ply::new(from, to, pawn, flags));
            return;
        }
        for &p in self.pos.v.promote_to {
            let mut ply = Ply::new(from, to, pawn, flags | flag::PROMOTE);
            ply.promo = p as u8;
            self.push(ply);
        }
        if self.pos.v.promotion == Promotion::Delayed {
            self.push(Ply::new(from, to, pawn, flags | flag::TAG_PROMOTION));
        }
    }

    fn pawn(&mut self, from: u16, c: Cell) {
        let pos = self.pos;
        let s = pos.stride();
        let fwd = if self.us == Color::White { s } else { -s };
        let one = at(from, fwd);
        if pos.cell(one) == EMPTY {
            self.pawn_arrival(from, one, 0);
            if piece::tag(c) == Tag::Rush {
                let limit = pos.v.rush_limit();
                let mut to = one;
                loop {
                    to = at(to, fwd);
                    if pos.cell(to) != EMPTY {
                        break;
                    }
                    let r = pos.rank_of(to);
                    let rel = if self.us == Color::White {
                        r
                    } else {
                        pos.v.size - 1 - r
                    };
                    if rel > limit {
                        break;
                    }
                    self.push(Ply::new(from, to, Kind::Pawn as u8, 0));
                }
            }
        }
        for d in [fwd - 1, fwd + 1] {
            let to = at(from, d);
            let t = pos.cell(to);
            if t == OFF {
                continue;
            }
            if self.is_enemy(t) {
                if piece::kind(t) != Kind::King {
                    self.pawn_arrival(from, to, flag::CAPTURE);
                }
            } else if self.is_own_pyramid(t) {
                // Activation through a capture-field with momentum 1; on the last rank the
                // Pawn promotes (or is tagged) on arrival first (ruling R2).
                let pawn = Kind::Pawn as u8;
                if pos.rank_of(to) == self.last_rank() {
                    for &p in pos.v.promote_to {
                        let mut ply = Ply::new(from, to, pawn, flag::ACTIVATE | flag::PROMOTE);
                        ply.promo = p as u8;
                        self.activate(ply, piece::make(p, self.us, Tag::None), 1);
                    }
                    if pos.v.promotion == Promotion::Delayed {
                        let ply = Ply::new(from, to, pawn, flag::ACTIVATE | flag::TAG_PROMOTION);
                        self.activate(ply, piece::with_tag(c, Tag::Promotion), 1);
                    }
                } else {
                    let ply = Ply::new(from, to, pawn, flag::ACTIVATE);
                    self.activate(ply, piece::untagged(c), 1);
                }
            } else if t == EMPTY {
                for item in &pos.ep {
                    if passes(pos, item, to) {
                        let mut ply = Ply::new(from, to, Kind::Pawn as u8, flag::EN_PASSANT);
                        ply.aux = item.pawn;
                        self.push(ply);
                    }
                }
            }
        }
        if pos.v.sideways_pawns {
            for d in [1, -1] {
                let to = at(from, d);
                if pos.cell(to) == EMPTY {
                    self.push(Ply::new(from, to, Kind::Pawn as u8, 0));
                }
            }
        }
        if piece::tag(c) == Tag::Promotion {
            for &p in pos.v.promote_to {
                let mut ply = Ply::new(from, from, Kind::Pawn as u8, flag::DELAYED);
                ply.promo = p as u8;
                self.push(ply);
            }
        }
    }

    fn castling(&mut self, from: u16, c: Cell) {
        let pos = self.pos;
        if piece::tag(c) != Tag::Castle || attacked(pos, &pos.board, from, !self.us) {
            return;
        }
        for dir in [-1isize, 1] {
            let mut rook = at(from, dir);
            while pos.cell(rook) == EMPTY {
                rook = at(rook, dir);
            }
            let r = pos.cell(rook);
            if !piece::is(r, Kind::Rook, self.us) || piece::tag(r) != Tag::Castle {
                continue;
            }
            let dist = (rook as isize - from as isize).abs();
            let (min, max) = match pos.v.castling {
                Castling::Closest => (2, if dir > 0 { dist - 1 } else { dist - 2 }),
                Castling::Random => (1, dist),
            };
            for k in 1..=max {
                let to = at(from, k * dir);
                if attacked(pos, &pos.board, to, !self.us) {
                    break;
                }
                if k >= min {
                    let mut ply = Ply::new(from, to, Kind::King as u8, flag::CASTLE);
                    ply.aux = rook;
                    self.push(ply);
                }
            }
        }
    }

    fn piece(&mut self, from: u16, c: Cell) {
        let kind = piece::kind(c);
        let o = &self.o;
        match kind {
            Kind::Pawn => self.pawn(from, c),
            Kind::Knight => {
                for d in o.knight {
                    self.land(from, at(from, d), kind, 1);
                }
            }
            Kind::King => {
                for d in o.orth.into_iter().chain(o.diag) {
                    self.land(from, at(from, d), kind, 1);
                }
                if !self.tactical {
                    self.castling(from, c);
                }
            }
            Kind::Unicorn => {
                let own_colour = self.pos.is_light_field(from) == (self.us == Color::White);
                if own_colour {
                    for d in o.knight {
                        self.land(from, at(from, d), kind, 1);
                    }
                } else {
                    for d in o.long {
                        let to = from as isize + d;
                        if (0..MAILBOX as isize).contains(&to) {
                            self.land(from, to as u16, kind, 1);
                        }
                    }
                }
            }
            Kind::Pegasus | Kind::Bishop | Kind::Rook | Kind::Queen => {
                let dirs: ArrayVec<isize, 8> = match kind {
                    Kind::Pegasus => o.knight.into_iter().collect(),
                    Kind::Bishop => o.diag.into_iter().collect(),
                    Kind::Rook => o.orth.into_iter().collect(),
                    _ => o.orth.into_iter().chain(o.diag).collect(),
                };
                for d in dirs {
                    let mut to = from;
                    let mut m = 0u8;
                    loop {
                        to = at(to, d);
                        m += 1;
                        if !self.land(from, to, kind, m) {
                            break;
                        }
                    }
                }
            }
            // Passive or absent in tier 1.
            _ => {}
        }
    }
}

/// Is `field` strictly between the rushed Pawn's start and its field?
pub(crate) fn passes(pos: &Croatian, item: &super::EpItem, field: u16) -> bool {
    if pos.file_of(field) != pos.file_of(item.pawn) {
        return false;
    }
    let (a, b) = (item.from.min(item.pawn), item.from.max(item.pawn));
    field > a && field < b
}

/// Pushes the legal single-ply moves onto `out` (only the tactical ones with `tactical`);
/// returns the pseudo-legal cascades.
fn generate(pos: &Croatian, out: &mut Vec<Move>, tactical: bool) -> Vec<Move> {
    let king = pos.kings[pos.side.index()];
    let in_check = king != 0 && attacked(pos, &pos.board, king, !pos.side);
    let mut g = Gen {
        pos,
        us: pos.side,
        o: Offsets::new(pos.stride()),
        out,
        cascades: Vec::new(),
        board: pos.board,
        king,
        in_check,
        tactical,
    };
    let size = pos.v.size;
    for r in 0..size {
        let row = pos.sq(0, r);
        for s in row..row + size as u16 {
            let c = pos.board[s as usize];
            if c != EMPTY && piece::color(c) == pos.side {
                g.piece(s, c);
            }
        }
    }
    g.cascades
}

/// The board-only effect of a single-ply move, for a quick King-safety test.
fn king_safe_single(pos: &Croatian, o: &Offsets, board: &mut Board, ply: &Ply) -> bool {
    let us = pos.side;
    let mut saved: ArrayVec<(u16, Cell), 4> = ArrayVec::new();
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
        put(board, ply.from, EMPTY);
        put(board, ply.to, mover);
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

/// Fills `out` with the legal moves; with `dedup`, turns that give one state are listed once.
pub(crate) fn legal_moves(pos: &Croatian, out: &mut Vec<Move>, dedup: bool) {
    list(pos, out, dedup, false);
}

/// Fills `out` with the legal moves `is_tactical` accepts, deduplicated.
pub(crate) fn tactical_moves(pos: &Croatian, out: &mut Vec<Move>) {
    list(pos, out, true, true);
}

/// The legal moves (with `tactical`, the tactical ones); with `dedup`, turns that give one
/// state are listed once.
///
/// Single-ply moves never coincide with each other, and a cascade leaves its first piece on the
/// field its first Pyramid left, so it can equal a single-ply move only when that piece was
/// promoted to a Pyramid there (ruling R2). Only cascades are therefore compared by key.
fn list(pos: &Croatian, out: &mut Vec<Move>, dedup: bool, tactical: bool) {
    let us = pos.side;
    let mut cascade_keys: Vec<u64> = Vec::new();
    let mut single_keys: Option<Vec<u64>> = None;
    let singles_start = out.len();
    let cascades = generate(pos, out, tactical);
    let singles_end = out.len();
    for mv in cascades {
        let next = pos.apply(&mv);
        let k = next.kings[us.index()];
        if k != 0 && attacked(&next, &next.board, k, !us) {
            continue;
        }
        if dedup {
            if cascade_keys.contains(&next.key) {
                continue;
            }
            let first = mv.first();
            if first.has(flag::PROMOTE) && first.promo == Kind::Pyramid as u8 {
                let singles = single_keys.get_or_insert_with(|| {
                    out[singles_start..singles_end]
                        .iter()
                        .map(|m| pos.apply(m).key)
                        .collect()
                });
                if singles.contains(&next.key) {
                    continue;
                }
            }
            cascade_keys.push(next.key);
        }
        out.push(mv);
    }
}
