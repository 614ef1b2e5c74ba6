//! What one piece can do in one ply, for the first piece of a move (which builds momentum) and
//! for an activated piece (which spends the momentum it received): every way the ply can end,
//! handed to a `Sink`. The move generator, the cascade search and the notation resolver all
//! read the pieces' movement from here.
//!
//! Pieces of later variants plug in as another `Kind` arm (their own step pattern) and, for a
//! Wave they activate, another `Pattern` (what the Wave inherits, Table 21).

use arrayvec::ArrayVec;

use super::attacks::{at, Offsets};
use super::board::FieldSet;
use super::divergence::divergence;
use super::lines::Line;
use super::moves::{flag, Ply, Route};
use super::piece::{self, Cell, Kind, Tag, EMPTY, OFF};
use super::starchild::Hand;
use super::variant::{Castling, Promotion};
use super::Croatian;
use crate::core::Color;

/// How an activated Wave moves: what it inherited from the last material piece before it in
/// the cascade (Table 21, L5067-5089).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Not a Wave: the piece moves by its own rules.
    Own,
    /// Knight or Pegasus: the 8 Knight rays (L889).
    Pegasus,
    Bishop,
    /// Rook or Pyramid (L5077).
    Rook,
    /// Queen or King (L896-901).
    Queen,
    /// A Pawn of that colour: its forward step, both forward diagonals and, where Pawns step
    /// sideways, both sideways steps, each as a ray; "forward" is the Pawn's (L1149, L1527).
    Pawn(Color),
    /// Unicorn: a Knight step from a field of the Wave's colour, a long jump from the other
    /// colour, the first two chosen freely, then alternating (L940-966, OQ-2).
    Unicorn,
    /// Centaur: as the Unicorn's, the two jumps in the other quadrant pair of each other
    /// (L1700-1724, OQ-6).
    Centaur,
    /// A Scout of that colour: rays forward, left, right and along both backward diagonals
    /// (L1812-1839).
    Scout(Color),
    /// Shaman of either colour: the 24 rays of its step and capture vectors, the Knight's and
    /// the long jumps (L2541-2580).
    Shaman,
    /// Serpent: a diagonal step, then one on the other diagonal, the two alternating
    /// (L2377-2392).
    Serpent,
    /// Starchild: one jump to a field of the other colour (`starchild`, L3543-3547).
    Starchild,
    /// Not a Wave: a Starchild uplifting (its King-step onto an own piece, section 4.7.6).
    Uplifting,
    /// Not a Wave: an uplifted piece on its sense-journey (section 4.7.6).
    Sense,
    /// Not a Wave: a Pyramid activated by the Serpent's ritual, which goes onto an own Pawn.
    Ritual,
    /// Not a Wave: the Serpent's Pawn-sacrifice ply (section 4.4.6).
    Sacrifice,
    /// Not a Wave: a Shaman entranced by a Shaman of that colour, about to choose its journey
    /// (`trance`).
    Entranced(Color),
    /// Not a Wave: a Shaman on its trance-journey along one hand, entranced by a Shaman of that
    /// colour; its momentum is the step number of the field it has reached (`trance`).
    Trance(Color, Hand),
}

impl Pattern {
    /// What a Wave activated by a material piece of `kind` and `color` inherits.
    pub fn of(kind: Kind, color: Color) -> Pattern {
        match kind {
            Kind::Knight | Kind::Pegasus => Pattern::Pegasus,
            Kind::Bishop => Pattern::Bishop,
            Kind::Rook | Kind::Pyramid => Pattern::Rook,
            // The Grenadier's Wave is a Queen in every way (L2004, L2022).
            Kind::Queen | Kind::King | Kind::Grenadier => Pattern::Queen,
            Kind::Centaur => Pattern::Centaur,
            Kind::Scout => Pattern::Scout(color),
            Kind::Pawn => Pattern::Pawn(color),
            Kind::Unicorn => Pattern::Unicorn,
            Kind::Shaman => Pattern::Shaman,
            Kind::Serpent => Pattern::Serpent,
            Kind::Starchild => Pattern::Starchild,
            _ => Pattern::Own,
        }
    }

    /// A small number identifying the pattern (for state keys).
    pub fn code(self) -> u64 {
        match self {
            Pattern::Own => 0,
            Pattern::Pegasus => 1,
            Pattern::Bishop => 2,
            Pattern::Rook => 3,
            Pattern::Queen => 4,
            Pattern::Pawn(Color::White) => 5,
            Pattern::Pawn(Color::Black) => 6,
            Pattern::Unicorn => 7,
            Pattern::Centaur => 8,
            Pattern::Scout(Color::White) => 9,
            Pattern::Scout(Color::Black) => 10,
            Pattern::Serpent => 11,
            Pattern::Ritual => 12,
            Pattern::Sacrifice => 13,
            Pattern::Shaman => 14,
            Pattern::Starchild => 15,
            Pattern::Uplifting => 16,
            Pattern::Sense => 17,
            Pattern::Entranced(by) => 18 + by.index() as u64,
            Pattern::Trance(by, hand) => 20 + 2 * by.index() as u64 + (hand == Hand::Second) as u64,
        }
    }
}

/// The piece about to make a ply.
#[derive(Clone, Copy, Debug)]
pub struct Mover {
    /// Kind, colour and tag.
    pub cell: Cell,
    pub from: u16,
    /// Momentum it may spend; `None` for the first piece of a move, which builds momentum.
    pub momentum: Option<u8>,
    /// How a Wave moves (`Own` for every other piece).
    pub pattern: Pattern,
    /// A private of the side to move on its first ply of the move: it may capture en passant
    /// (L1172, L2033).
    pub may_ep: bool,
}

/// Receives every way a ply can end.
pub trait Sink {
    /// Whether an ending with `ply` could be taken at all: a generator that pays for each
    /// ending it hands on (telling outcomes apart) skips the others.
    fn wants(&self, _ply: &Ply) -> bool {
        true
    }

    /// One ending; `left` is the momentum an activated piece receives.
    fn land(&mut self, ply: Ply, left: u8);

    /// A first piece's ride of kind `kind` from `from` by steps of `d` onto `run` empty fields:
    /// `land` of each plain ply in turn, the momentum built so far passed on; false where the
    /// generator may stop (`full`) before the last.
    /// Called where `wants` takes those plies.
    #[inline]
    fn land_quiet_run(&mut self, from: u16, d: isize, run: u32, kind: u8) -> bool {
        land_each(self, from, d, run, kind)
    }

    /// One ending reached after moving Pawns out of the way: `effects` (Serpent displacements,
    /// `flag::DISPLACE`) are played before `ply`.
    fn land_after(&mut self, effects: &[Ply], ply: Ply, left: u8);

    /// Enough found: the generator may stop.
    fn full(&self) -> bool {
        false
    }

    /// One step of a walk taken (a walk can take many steps between two endings it hands on):
    /// whether the generator is to stop, its caller having lost patience.
    fn step(&mut self) -> bool {
        false
    }
}

/// `Sink::land_quiet_run` ply by ply.
#[inline(always)]
pub(super) fn land_each<S: Sink + ?Sized>(
    sink: &mut S,
    from: u16,
    d: isize,
    run: u32,
    kind: u8,
) -> bool {
    let mut to = from;
    for k in 1..=run as u8 {
        to = at(to, d);
        sink.land(Ply::new(from, to, kind, 0), k);
        if sink.full() {
            return false;
        }
    }
    true
}

/// Collects endings into a list.
/// Collects endings into a list; an ending's displacements come right before it
/// (`ending_len` splits the list again).
impl Sink for Vec<(Ply, u8)> {
    fn land(&mut self, ply: Ply, left: u8) {
        self.push((ply, left));
    }

    fn land_after(&mut self, effects: &[Ply], ply: Ply, left: u8) {
        self.extend(effects.iter().map(|&e| (e, 0)));
        self.push((ply, left));
    }
}

/// How many entries of `list` (from its start) make its first ending: its displacements and
/// the ply itself.
pub fn ending_len(list: &[(Ply, u8)]) -> usize {
    list.iter()
        .position(|(p, _)| !p.has(flag::DISPLACE))
        .map_or(list.len(), |i| i + 1)
}

/// Whether a piece has any ply at all ("blocked", T2-6).
struct Probe(bool);

impl Sink for Probe {
    fn land(&mut self, _: Ply, _: u8) {
        self.0 = true;
    }

    fn land_after(&mut self, _: &[Ply], _: Ply, _: u8) {
        self.0 = true;
    }

    fn full(&self) -> bool {
        self.0
    }
}

/// Farthest a Wave's route is followed off the board (T2-7).
const OFF_BOARD_REACH: i32 = 8;

/// The ply generator over one board state.
pub struct PlyGen<'a> {
    /// The board (the piece in the air is not on it), the variant, and the previous move's
    /// en-passant items.
    pub pos: &'a Croatian,
    pub o: &'a Offsets,
    /// Fields where a ply of this turn ended: a rushed Pawn standing on one has moved again.
    pub moved: &'a FieldSet,
    /// A field the mover has just left (the first piece's origin): empty for portal tests.
    pub vacated: u16,
}

impl PlyGen<'_> {
    #[inline]
    pub(super) fn cell(&self, sq: u16) -> Cell {
        self.pos.board[sq as usize]
    }

    pub(super) fn is_empty(&self, sq: u16) -> bool {
        sq == self.vacated || self.cell(sq) == EMPTY
    }

    /// Momentum left after travelling `k` fields: the first piece has built `k`.
    #[inline]
    pub(super) fn left(m: &Mover, k: u8) -> u8 {
        match m.momentum {
            None => k,
            Some(b) => b - k,
        }
    }

    #[inline]
    pub(super) fn budget(m: &Mover) -> u8 {
        m.momentum.unwrap_or(u8::MAX)
    }

    /// Every way the ply of `m` can end. (An activated piece always has momentum 1 or more: a
    /// Wave activates material only with momentum, a Pyramid is activated only with 1 left.)
    pub fn plies<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let o = self.o;
        match m.pattern {
            Pattern::Uplifting => return self.uplifting(m, sink),
            Pattern::Sense => return self.sense_journey(m, sink),
            Pattern::Entranced(_) | Pattern::Trance(..) => return self.trance_journey(m, sink),
            _ => {}
        }
        match piece::kind(m.cell) {
            Kind::Pawn => self.pawn(m, sink),
            Kind::Knight => self.leaps(m, &o.knight, sink),
            Kind::King => {
                self.leaps(m, &o.orth, sink);
                self.leaps(m, &o.diag, sink);
            }
            Kind::Unicorn => {
                let own_colour =
                    self.pos.is_light_field(m.from) == (piece::color(m.cell) == Color::White);
                let jumps: &[isize] = if own_colour { &o.knight } else { &o.long };
                self.leaps(m, jumps, sink);
            }
            Kind::Bishop => self.rays(m, Line::Diagonal, sink),
            Kind::Rook => self.rays(m, Line::Straight, sink),
            Kind::Queen => {
                self.rays(m, Line::Straight, sink);
                self.rays(m, Line::Diagonal, sink);
            }
            Kind::Pegasus => self.rays(m, Line::Knight, sink),
            Kind::Centaur => self.centaur(m, sink),
            Kind::Scout => self.scout(m, sink),
            Kind::Grenadier => self.grenadier(m, sink),
            Kind::Shaman => self.shaman(m, sink),
            Kind::Serpent => self.serpent(m, sink),
            Kind::Pyramid if m.pattern == Pattern::Ritual => self.ritual_pyramid(m, sink),
            // Passive: it moves only when activated (L382).
            Kind::Pyramid if m.momentum.is_some() => self.rays(m, Line::Straight, sink),
            Kind::Wave if m.pattern == Pattern::Starchild => self.starchild(m, sink),
            Kind::Wave if m.momentum.is_some() => self.wave(m, sink),
            Kind::Monolith if m.momentum.is_none() => self.monolith(m.from, sink),
            Kind::Starchild => self.starchild(m, sink),
            Kind::Star if m.momentum.is_some() => self.moving_star(m, sink),
            _ => {}
        }
    }

    /// Whether the piece `cell` on `sq`, activated with `momentum`, has any ply (L861, T2-6).
    pub fn can_move(&self, cell: Cell, sq: u16, momentum: u8) -> bool {
        let m = Mover {
            cell,
            from: sq,
            momentum: Some(momentum),
            pattern: Pattern::Own,
            may_ep: piece::color(cell) == self.pos.side && !self.moved.contains(sq),
        };
        let mut probe = Probe(false);
        self.plies(&m, &mut probe);
        probe.0
    }

    /// One jump by each of `dirs`; as in `rays`, a sink that drops quiet plies is handed only
    /// the fields that hold something.
    fn leaps<S: Sink>(&self, m: &Mover, dirs: &[isize], sink: &mut S) {
        let quiet = sink.wants(&Ply::new(m.from, m.from, piece::kind_bits(m.cell), 0));
        for &d in dirs {
            let to = at(m.from, d);
            if quiet || self.cell(to) != EMPTY {
                self.arrive(m, to, 1, sink);
            }
        }
    }

    /// Rides along each step of `line`.
    fn rays<S: Sink>(&self, m: &Mover, line: Line, sink: &mut S) {
        let dirs = self.o.steps(line);
        let budget = Self::budget(m);
        // A ride's step onto an empty field is a quiet ply: a sink that drops those (tactical
        // generation) is handed only the fields that hold something.
        let quiet = sink.wants(&Ply::new(m.from, m.from, piece::kind_bits(m.cell), 0));
        // Where every piece stops a ride (none is passed) and the first piece rides without a
        // budget, the ride's end is found on the board's lines.
        if m.momentum.is_none() && self.pos.rides_stop_at_pieces() {
            let kind = piece::kind_bits(m.cell);
            let runs = self.pos.runs(m.from, line);
            for (&d, run) in dirs.iter().zip(runs) {
                if quiet && !sink.land_quiet_run(m.from, d, run, kind) {
                    continue;
                }
                let end = (m.from as isize + (run as isize + 1) * d) as u16;
                self.arrive(m, end, run as u8 + 1, sink);
            }
            return;
        }
        for &d in dirs {
            let mut to = m.from;
            for k in 1..=budget {
                to = at(to, d);
                if !quiet && self.cell(to) == EMPTY {
                    continue;
                }
                if !self.arrive(m, to, k, sink) || sink.full() {
                    break;
                }
            }
        }
    }

    /// The `k`-th step of a non-Pawn, non-Wave piece lands on `to`: what it may do there.
    /// Returns whether a ray goes on past `to` (empty, or a transparent Wave).
    #[inline(always)]
    pub(super) fn arrive<S: Sink>(&self, m: &Mover, to: u16, k: u8, sink: &mut S) -> bool {
        let c = self.cell(to);
        let kind = piece::kind_bits(m.cell);
        let left = Self::left(m, k);
        let ply = |flags: u32| Ply::new(m.from, to, kind, flags);
        if c == EMPTY {
            sink.land(ply(0), left);
            return true;
        }
        if c == OFF {
            return false;
        }
        if self.pos.v.single_plies() {
            // Nothing activates, diverges, teleports or is passed: a piece ends the ply, and
            // one of the opponent's but the King is taken.
            if piece::color(c) != piece::color(m.cell) && piece::kind_bits(c) != Kind::King as u8 {
                sink.land(ply(flag::CAPTURE), left);
            }
            return false;
        }
        self.arrive_on_piece(m, to, c, left, sink)
    }

    /// `arrive` where `to` holds a piece `c`.
    fn arrive_on_piece<S: Sink>(
        &self,
        m: &Mover,
        to: u16,
        c: Cell,
        left: u8,
        sink: &mut S,
    ) -> bool {
        let kind = piece::kind(m.cell);
        let col = piece::color(m.cell);
        let ply = |flags: u32| Ply::new(m.from, to, kind as u8, flags);
        let target = piece::kind(c);
        if let Some(diverge) = divergence(m, to, c, left) {
            sink.land(diverge, left);
        }
        if piece::is_teleporter(c) {
            // Any piece but the King teleports; a Star or Monolith is the last step of a ride
            // (L1396, L3223).
            if kind != Kind::King {
                self.teleport(m, to, sink);
            }
            return false;
        }
        if target == Kind::Starchild {
            // Capture an opponent's, or pass over it (section 2.2); only Waves and Starchilds
            // activate one (L3506). A Pyramid on its owner's half may also try to convert it:
            // the Starchild is immune and stays, the Pyramid is oblationed all the same (L3635).
            if piece::color(c) != col {
                sink.land(ply(flag::CAPTURE), left);
                if kind == Kind::Pyramid && self.pos.on_own_half(to, col) {
                    sink.land(ply(flag::CONVERT), left);
                }
            }
            return true;
        }
        if target == Kind::Wave {
            // Activate an own Wave or capture an opponent's, or pass over it (L722, L809).
            let own = piece::color(c) == col;
            sink.land(ply(if own { flag::ACTIVATE } else { flag::CAPTURE }), left);
            if kind == Kind::Pyramid && !own && self.pos.on_own_half(to, col) {
                sink.land(ply(flag::CONVERT), left);
            }
            return true;
        }
        if piece::color(c) != col {
            if target != Kind::King {
                sink.land(ply(flag::CAPTURE), left);
                // A Pyramid converts on its owner's half of the board (L454-456, R1).
                if kind == Kind::Pyramid && self.pos.on_own_half(to, col) {
                    sink.land(ply(flag::CONVERT), left);
                }
            }
            return false;
        }
        if target == Kind::Pyramid {
            // Through a capture-field, with momentum left (L406, L508).
            if left >= 1 {
                sink.land(ply(flag::ACTIVATE), left);
            }
        } else if kind == Kind::Pyramid && target == Kind::Pawn && !self.pos.on_own_half(to, col) {
            // Promotion of an own Pawn on the opponent's half (L404, L431-433).
            self.promotions(ply(0), sink, left);
        }
        false
    }

    /// `ply` with each promotion choice, and the promotion tag where promotion may wait.
    fn promotions<S: Sink>(&self, ply: Ply, sink: &mut S, left: u8) {
        for &p in self.pos.v.promote_to {
            let mut promoted = ply;
            promoted.flags |= flag::PROMOTE;
            promoted.promo = p as u8;
            sink.land(promoted, left);
        }
        if self.pos.v.promotion == Promotion::Delayed {
            let mut tagged = ply;
            tagged.flags |= flag::TAG_PROMOTION;
            sink.land(tagged, left);
        }
    }

    /// A Pawn arriving on `to`: promotion choices on its last rank.
    /// `rank` is `to`'s rank counted from the Pawn's own side (0-based).
    fn pawn_arrival<S: Sink>(&self, m: &Mover, to: u16, rank: u8, flags: u32, sink: &mut S) {
        let ply = Ply::new(m.from, to, Kind::Pawn as u8, flags);
        let left = Self::left(m, 1);
        if rank == self.pos.v.size - 1 {
            self.promotions(ply, sink, left);
        } else {
            sink.land(ply, left);
        }
    }

    /// The previous move's rushed privates this private could take en passant on `to` (the side
    /// to move's privates only, T2-2; any private takes any, L2058; the rushed private still
    /// standing unmoved where it rushed to).
    #[inline]
    pub(super) fn en_passant_targets(&self, m: &Mover, to: u16) -> ArrayVec<u16, 4> {
        let mut out = ArrayVec::new();
        if !m.may_ep || self.pos.ep.is_empty() {
            return out;
        }
        let them = !self.pos.side;
        for item in &self.pos.ep {
            if crossed(self.pos, item, to)
                && piece::is_piece(self.cell(item.pawn))
                && piece::color(self.cell(item.pawn)) == them
                && piece::is_private(piece::kind(self.cell(item.pawn)))
                && !self.moved.contains(item.pawn)
                && !out.is_full()
            {
                out.push(item.pawn);
            }
        }
        out
    }

    fn pawn<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let pos = self.pos;
        let budget = Self::budget(m);
        if budget < 1 {
            return;
        }
        let col = piece::color(m.cell);
        let fwd = pos.forward(col);
        // Ranks counted from the Pawn's own side.
        let rank = match col {
            Color::White => pos.rank_of(m.from),
            Color::Black => pos.v.size - 1 - pos.rank_of(m.from),
        };
        // A step onto an empty field short of the last rank is a quiet ply (`rays`).
        let quiet = sink.wants(&Ply::new(m.from, m.from, Kind::Pawn as u8, 0));
        let last = pos.v.size - 1;
        let one = at(m.from, fwd);
        let c1 = self.cell(one);
        if c1 == EMPTY {
            if quiet || rank + 1 == last {
                self.pawn_arrival(m, one, rank + 1, 0, sink);
            }
        } else if piece::is_teleporter(c1) {
            self.teleport(m, one, sink);
        } else if piece::is(c1, Kind::Wave, col) {
            self.pawn_arrival(m, one, rank + 1, flag::ACTIVATE, sink);
        } else if let Some(diverge) = divergence(m, one, c1, Self::left(m, 1)) {
            sink.land(diverge, Self::left(m, 1));
        }
        // A rush steps over Waves (L854) and ends on an empty field or an own Wave.
        self.rush(m, 1, sink);
        for d in [fwd - 1, fwd + 1] {
            let to = at(m.from, d);
            let t = self.cell(to);
            if t == OFF {
                continue;
            }
            if piece::is_teleporter(t) {
                self.teleport(m, to, sink);
                continue;
            }
            if t == EMPTY {
                if self.pos.ep.is_empty() {
                    continue;
                }
                for pawn in self.en_passant_targets(m, to) {
                    let mut ply = Ply::new(m.from, to, Kind::Pawn as u8, flag::EN_PASSANT);
                    ply.aux = pawn;
                    sink.land(ply, Self::left(m, 1));
                }
                continue;
            }
            if let Some(diverge) = divergence(m, to, t, Self::left(m, 1)) {
                // Instead of any e.p. there (L3158-3169); an opponent's Starchild may be taken
                // instead (L3933-3942).
                sink.land(diverge, Self::left(m, 1));
                if !(piece::is_starchild(t) && piece::color(t) != col) {
                    continue;
                }
            }
            if piece::color(t) != col {
                // A capturable piece on the field turns e.p. into a plain capture (L1168).
                if piece::kind(t) != Kind::King {
                    self.pawn_arrival(m, to, rank + 1, flag::CAPTURE, sink);
                }
                continue;
            }
            let activates =
                piece::is_wave(t) || piece::kind(t) == Kind::Pyramid && Self::left(m, 1) >= 1;
            if activates {
                // Activation with or without the e.p. capture (L1170, T2-3); any other own piece
                // there blocks e.p.
                self.pawn_arrival(m, to, rank + 1, flag::ACTIVATE, sink);
                for pawn in self.en_passant_targets(m, to) {
                    let mut ply = Ply::new(
                        m.from,
                        to,
                        Kind::Pawn as u8,
                        flag::ACTIVATE | flag::EN_PASSANT,
                    );
                    ply.aux = pawn;
                    sink.land(ply, Self::left(m, 1));
                }
            }
        }
        if pos.v.sideways_pawns {
            for d in [1, -1] {
                let to = at(m.from, d);
                let c = self.cell(to);
                if c == EMPTY {
                    if quiet || rank == last {
                        self.pawn_arrival(m, to, rank, 0, sink);
                    }
                } else if piece::is_teleporter(c) {
                    self.teleport(m, to, sink);
                } else if piece::is(c, Kind::Wave, col) {
                    // A sideways step can activate a Wave, never a Pyramid (L1513-1522).
                    self.pawn_arrival(m, to, rank, flag::ACTIVATE, sink);
                } else if let Some(diverge) = divergence(m, to, c, Self::left(m, 1)) {
                    sink.land(diverge, Self::left(m, 1));
                }
            }
        }
        if m.momentum.is_none() && piece::tag(m.cell) == Tag::Promotion {
            for &p in pos.v.promote_to {
                let mut ply = Ply::new(m.from, m.from, Kind::Pawn as u8, flag::DELAYED);
                ply.promo = p as u8;
                sink.land(ply, 0);
            }
        }
    }

    /// A non-Wave piece enters the Star or Monolith on `star`: it emerges on an empty portal
    /// field of either Star of the other colour (`monolith::exits` for the Monoliths), or is
    /// oblationed when there is none (L1398-1400). Its momentum is lost and the move ends. A
    /// Pawn emerging on the opponent's half is tagged for promotion (or promoted on the last
    /// rank); on its own half it gets no tag (L1479-1489).
    pub(super) fn teleport<S: Sink>(&self, m: &Mover, star: u16, sink: &mut S) {
        let pos = self.pos;
        let kind = piece::kind(m.cell);
        let col = piece::color(m.cell);
        let mut any = false;
        for portal in super::monolith::exits(pos, star) {
            if !self.is_empty(portal) {
                continue;
            }
            any = true;
            let mut ply = Ply::new(m.from, portal, kind as u8, flag::TELEPORT);
            ply.aux = star;
            if kind == Kind::Pawn && !pos.on_own_half(portal, col) {
                if pos.rank_of(portal) == pos.last_rank(col) {
                    self.promotions(ply, sink, 0);
                } else {
                    // Where promotion is forced there is no tag to take (L2596).
                    if pos.v.promotion == Promotion::Delayed {
                        ply.flags |= flag::TAG_PROMOTION;
                    }
                    sink.land(ply, 0);
                }
            } else {
                sink.land(ply, 0);
            }
        }
        if !any {
            let ply = Ply::new(m.from, star, kind as u8, flag::TELEPORT | flag::OBLATION);
            sink.land(ply, 0);
        }
    }

    /// The castlings of the first piece `m`, a King (section 5, R6; L1605-1610 from Nineteen
    /// on). Waves between King and Rook do not block; a Wave on either destination does (L822).
    pub fn castling<S: Sink>(&self, m: &Mover, in_check: bool, sink: &mut S) {
        let pos = self.pos;
        let us = piece::color(m.cell);
        let through_check = pos.v.castle_through_check;
        if piece::tag(m.cell) != Tag::Castle || in_check && !through_check {
            return;
        }
        for dir in [-1isize, 1] {
            let mut rook = at(m.from, dir);
            while piece::is_clear(self.cell(rook)) {
                rook = at(rook, dir);
            }
            let r = self.cell(rook);
            if !piece::is(r, Kind::Rook, us) || piece::tag(r) != Tag::Castle {
                continue;
            }
            let dist = (rook as isize - m.from as isize).abs();
            let (min, max) = match pos.v.castling {
                Castling::Closest => (2, if dir > 0 { dist - 1 } else { dist - 2 }),
                Castling::Random => (1, dist),
            };
            for k in 1..=max {
                let to = at(m.from, k * dir);
                let hit = pos.is_attacked(to, !us);
                if hit && !through_check {
                    break;
                }
                let rook_to = at(to, -dir);
                if k >= min
                    && !hit
                    && !piece::is_wave(self.cell(to))
                    && !piece::is_wave(self.cell(rook_to))
                {
                    let mut ply = Ply::new(m.from, to, Kind::King as u8, flag::CASTLE);
                    ply.aux = rook;
                    sink.land(ply, 0);
                }
            }
        }
    }

    /// A Wave in the air: it repeats its inherited step in one direction, or alternates the two
    /// steps it chose (Unicorn), passing over every piece, off the board and through Stars
    /// (L1436-1472), and may end on an empty field, on any Wave, or on an own material piece
    /// other than King and Pyramid that can move, when it carries momentum (L720, L754, OQ-1).
    /// With no such field at all it is oblationed (L1135-1142).
    fn wave<S: Sink>(&self, m: &Mover, sink: &mut S) {
        let mut found = false;
        for route in self.routes(m) {
            let mut visited = ArrayVec::<u16, 96>::new();
            visited.push(m.from);
            let (x, y) = self.xy(m.from);
            found |= self.walk(m, route, (x, y, 0), 0, &mut visited, sink);
        }
        if !found {
            sink.land(
                Ply::new(m.from, m.from, Kind::Wave as u8, flag::OBLATION),
                0,
            );
        }
    }

    fn xy(&self, sq: u16) -> (i32, i32) {
        (self.pos.file_of(sq) as i32, self.pos.rank_of(sq) as i32)
    }

    /// The routes a Wave of pattern `m.pattern` may take from `m.from`.
    fn routes(&self, m: &Mover) -> ArrayVec<Route, 128> {
        use super::piece::steps::{DIAG, KNIGHT, LONG, ORTH};
        let mut out = ArrayVec::new();
        let mut straight = |dirs: &[(i8, i8)]| {
            for &(dx, dy) in dirs {
                out.push(Route::straight(dx, dy));
            }
        };
        match m.pattern {
            Pattern::Pegasus => straight(&KNIGHT),
            Pattern::Bishop => straight(&DIAG),
            Pattern::Rook => straight(&ORTH),
            Pattern::Queen => {
                straight(&ORTH);
                straight(&DIAG);
            }
            Pattern::Pawn(col) => {
                let dy = if col == Color::White { 1 } else { -1 };
                straight(&[(0, dy), (-1, dy), (1, dy)]);
                if self.pos.v.sideways_pawns {
                    straight(&[(-1, 0), (1, 0)]);
                }
            }
            Pattern::Unicorn | Pattern::Centaur => {
                for own in KNIGHT {
                    for other in LONG {
                        if m.pattern == Pattern::Centaur && !other_quadrants(own, other) {
                            continue;
                        }
                        out.push(Route {
                            own,
                            other,
                            stars: 0,
                        });
                    }
                }
            }
            Pattern::Scout(col) => {
                let dy = if col == Color::White { 1 } else { -1 };
                straight(&[(0, dy), (-1, 0), (1, 0), (-1, -dy), (1, -dy)]);
            }
            Pattern::Shaman => {
                straight(&KNIGHT);
                straight(&LONG);
            }
            Pattern::Serpent => {
                for own in DIAG {
                    for other in DIAG {
                        if own.0 * own.1 != other.0 * other.1 {
                            out.push(Route {
                                own,
                                other,
                                stars: 0,
                            });
                        }
                    }
                }
            }
            Pattern::Own
            | Pattern::Ritual
            | Pattern::Sacrifice
            | Pattern::Starchild
            | Pattern::Uplifting
            | Pattern::Sense
            | Pattern::Entranced(_)
            | Pattern::Trance(..) => {}
        }
        out
    }

    /// Follows `route` from (x, y) (a field already visited) after `taken` steps, `stars_met`
    /// Star decisions so far. Returns whether any ending was found on the way.
    #[allow(clippy::too_many_arguments)]
    fn walk<S: Sink>(
        &self,
        m: &Mover,
        route: Route,
        (mut x, mut y, mut taken): (i32, i32, u32),
        mut stars_met: u8,
        visited: &mut ArrayVec<u16, 96>,
        sink: &mut S,
    ) -> bool {
        let pos = self.pos;
        let n = pos.v.size as i32;
        let wave_light = piece::color(m.cell) == Color::White;
        let mut found = false;
        loop {
            if sink.full() {
                return found;
            }
            (x, y) = wave_step(&route, x, y, wave_light, taken);
            taken += 1;
            if x < 0 || y < 0 || x >= n || y >= n {
                let far = (-x).max(-y).max(x - n + 1).max(y - n + 1);
                if route.is_straight() || far > OFF_BOARD_REACH {
                    return found;
                }
                continue;
            }
            let sq = pos.sq(x as u8, y as u8);
            if let Some(first) = visited.iter().position(|&s| s == sq) {
                // The route repeats itself (OQ-4 loops) and would cross the fields it crossed
                // from here on again: their endings were offered then (never the start, T2-5),
                // and a Wave with such a field is not blocked (L1446).
                let again = &visited[first.max(1)..];
                return found || again.iter().any(|&s| self.wave_ending(m, s).is_some());
            }
            if visited.is_full() {
                return found;
            }
            visited.push(sq);
            let c = self.cell(sq);
            if piece::is_monolith(c) {
                // Opaque even to a Wave, which must go on from the other Monolith (L3312,
                // L3349), or is oblationed there with nowhere to go.
                let Some(exit) = super::monolith::other(pos, sq) else {
                    return found;
                };
                let beyond = !visited.contains(&exit) && !visited.is_full() && {
                    visited.push(exit);
                    let (ex, ey) = self.xy(exit);
                    self.walk(m, route, (ex, ey, taken), stars_met, visited, sink)
                };
                if !beyond {
                    let flags = flag::OBLATION | flag::TELEPORT;
                    let mut ply = Ply::new(m.from, sq, Kind::Wave as u8, flags);
                    ply.route = route;
                    sink.land(ply, 0);
                }
                return true;
            }
            if piece::kind_bits(c) == Kind::Star as u8 {
                let bit = 1u8 << stars_met.min(7);
                stars_met += 1;
                // Teleport: go on from the other Star of this colour (L1402, L1436-1441).
                let colour = piece::color(c);
                if let Some((exit, _)) = pos.stars().find(|&(s, col)| col == colour && s != sq) {
                    let mut through = route;
                    through.stars |= bit;
                    let mut branch = visited.clone();
                    let beyond = if branch.contains(&exit) || branch.is_full() {
                        false
                    } else {
                        branch.push(exit);
                        let (ex, ey) = self.xy(exit);
                        self.walk(m, through, (ex, ey, taken), stars_met, &mut branch, sink)
                    };
                    if !beyond {
                        // Nowhere to go after the teleport: oblationed (L1446-1448, R07).
                        let mut ply = Ply::new(
                            m.from,
                            sq,
                            Kind::Wave as u8,
                            flag::OBLATION | flag::TELEPORT,
                        );
                        ply.route = through;
                        sink.land(ply, 0);
                    }
                    found = true;
                }
                // Or pass over the Star (OQ-4).
                continue;
            }
            let momentum = m.momentum.unwrap_or(0);
            let flags = if route.stars != 0 { flag::TELEPORT } else { 0 };
            if let Some(mut diverge) = divergence(m, sq, c, momentum) {
                diverge.flags |= flags;
                diverge.route = route;
                sink.land(diverge, momentum);
                found = true;
            }
            if let Some(activate) = self.wave_ending(m, sq) {
                let mut ply = Ply::new(
                    m.from,
                    sq,
                    Kind::Wave as u8,
                    flags | if activate { flag::ACTIVATE } else { 0 },
                );
                ply.route = route;
                sink.land(ply, momentum);
                found = true;
            }
        }
    }

    /// Whether the Wave `m` may end its ply on `sq` (not a Star): `Some(false)` on an empty
    /// field, `Some(true)` activating a Wave or an own material piece other than King and
    /// Pyramid that can move, when it carries momentum (L720, L754, OQ-1).
    fn wave_ending(&self, m: &Mover, sq: u16) -> Option<bool> {
        let c = self.cell(sq);
        let momentum = m.momentum.unwrap_or(0);
        if c == EMPTY {
            Some(false)
        } else if piece::is_teleporter(c) {
            None
        } else if piece::is_wave(c)
            || piece::is_starchild(c) && piece::color(c) == piece::color(m.cell)
            || piece::color(c) == piece::color(m.cell)
                && !matches!(piece::kind(c), Kind::King | Kind::Pyramid)
                && momentum >= 1
                && self.can_move(c, sq, momentum)
        {
            Some(true)
        } else {
            None
        }
    }
}

/// Whether the Pawn `cell` of the side to move on `from`, as the first piece where every turn is
/// one ply (`Variant::single_plies`), has quiet plies only: no capture, en-passant capture or
/// promotion (`PlyGen::pawn` then lands nothing in a listing that drops quiet plies).
#[inline]
pub(super) fn pawn_only_quiet(pos: &Croatian, from: u16, cell: Cell) -> bool {
    let col = piece::color(cell);
    let rank = match col {
        Color::White => pos.rank_of(from),
        Color::Black => pos.v.size - 1 - pos.rank_of(from),
    };
    // Steps onto the last rank promote; a tagged Pawn may promote where it stands.
    if !pos.ep.is_empty() || piece::tag(cell) == Tag::Promotion || rank + 2 >= pos.v.size {
        return false;
    }
    let fwd = pos.forward(col);
    [fwd - 1, fwd + 1].into_iter().all(|d| {
        let t = pos.board[at(from, d) as usize];
        !piece::is_piece(t) || piece::color(t) == col || piece::kind_bits(t) == Kind::King as u8
    })
}

/// Whether two jumps lie in the two different quadrant pairs (I/III against II/IV): the
/// Centaur's second jump and every one after alternate so (L1641, L1669, L1679).
pub fn other_quadrants(a: (i8, i8), b: (i8, i8)) -> bool {
    (a.0 as i32 * a.1 as i32).signum() * (b.0 as i32 * b.1 as i32).signum() < 0
}

/// The next field of a Wave's route from (x, y): the step for that field's colour (L951-966;
/// off-board fields have colours by the same parity, R:scn_mv_034).
/// A Serpent's Wave alternates its two diagonal steps by their count instead, the first step
/// `own` (L2377-2392), on through teleports (OQ-21).
fn wave_step(route: &Route, x: i32, y: i32, wave_light: bool, taken: u32) -> (i32, i32) {
    let light = (x + y).rem_euclid(2) == 1;
    let first = if route.alternates_by_count() {
        taken.is_multiple_of(2)
    } else {
        light == wave_light
    };
    let (dx, dy) = if first { route.own } else { route.other };
    (x + dx as i32, y + dy as i32)
}

/// The fields a Wave of colour `light`/dark steps on from `from` along `route` until it ends on
/// `to` (or, with `ends_in_star`, teleports on the Star `to` for the last time), as segments
/// split at teleports: each segment's start and its steps (`None` off the board). `None` when
/// the route does not lead there.
pub fn wave_path(
    pos: &Croatian,
    from: u16,
    light: bool,
    route: &Route,
    to: u16,
    ends_in_star: bool,
) -> Option<Vec<(u16, Vec<Option<u16>>)>> {
    let n = pos.v.size as i32;
    let (mut x, mut y) = (pos.file_of(from) as i32, pos.rank_of(from) as i32);
    let mut segments = vec![(from, Vec::new())];
    let mut stars_met = 0;
    for taken in 0..400 {
        (x, y) = wave_step(route, x, y, light, taken);
        let steps = &mut segments.last_mut()?.1;
        if x < 0 || y < 0 || x >= n || y >= n {
            let far = (-x).max(-y).max(x - n + 1).max(y - n + 1);
            if route.is_straight() || far > OFF_BOARD_REACH {
                return None;
            }
            steps.push(None);
            continue;
        }
        let sq = pos.sq(x as u8, y as u8);
        steps.push(Some(sq));
        if piece::is_monolith(pos.cell(sq)) {
            // Every Monolith teleports (walk), once per route.
            if ends_in_star && sq == to && route.stars >> stars_met.min(8) == 0 {
                return Some(segments);
            }
            let exit = super::monolith::other(pos, sq)?;
            (x, y) = (pos.file_of(exit) as i32, pos.rank_of(exit) as i32);
            segments.push((exit, Vec::new()));
            continue;
        }
        if piece::kind_bits(pos.cell(sq)) == Kind::Star as u8 {
            let teleports = route.stars >> stars_met.min(7) & 1 != 0;
            stars_met += 1;
            let later = route.stars >> stars_met.min(8) != 0;
            if teleports {
                if ends_in_star && sq == to && !later {
                    return Some(segments);
                }
                let colour = piece::color(pos.cell(sq));
                let (exit, _) = pos.stars().find(|&(s, c)| c == colour && s != sq)?;
                (x, y) = (pos.file_of(exit) as i32, pos.rank_of(exit) as i32);
                segments.push((exit, Vec::new()));
            }
            continue;
        }
        if sq == to && !ends_in_star {
            return Some(segments);
        }
    }
    None
}

/// Is `field` strictly between the rushed Pawn's start and its field?
pub(crate) fn crossed(pos: &Croatian, item: &super::EpItem, field: u16) -> bool {
    if pos.file_of(field) != pos.file_of(item.pawn) {
        return false;
    }
    let (a, b) = (item.from.min(item.pawn), item.from.max(item.pawn));
    field > a && field < b
}
