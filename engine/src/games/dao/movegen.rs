//! Legal move generation for Dragons, Archers & Oxen.
//!
//! One routine per movement pattern (rays with the transporter topology, leaps, the archer's leap,
//! the fool's reflecting ride, the ox push). A dragon runs the routine of every type it may
//! currently mimic. Attacks reuse the same routines in capture-only mode, so whatever a piece can
//! capture on a king square is exactly what gives check.

use std::cell::Cell;

use arrayvec::ArrayVec;

use super::attacks::{attacked, attacks_as, in_check, piece_attacks, related_squares};
use super::board::{
    bit, distance, forward, offset, on_edge, rank_of, relative_rank, sq, square_name, squares_of,
    unit, Kind, Piece, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, NO_SQUARE, RESERVE_KINDS, SIZE,
    WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use super::moves::{Move, MoveKind};
use super::Dao;
use crate::core::{Color, Game};

/// The chess knight: the gate's leap and the fool's ride.
pub(crate) use crate::core::geometry::KNIGHT;
use crate::core::geometry::{leaps, ALL_LINES as KING_DIRS, DIAGONAL as DIAG, ORTHOGONAL as ORTHO};
/// The DAO knight (gnu): the knight's leaps and the long (1, 3) leaps.
pub const GNU: [(i8, i8); 16] = {
    let (short, long) = (KNIGHT, leaps(1, 3));
    let mut all = [(0, 0); 16];
    let mut i = 0;
    while i < 8 {
        all[i] = short[i];
        all[i + 8] = long[i];
        i += 1;
    }
    all
};

const UNLIMITED: u8 = 20;

/// The square one unit step `d` away from `s`, if on the board.
#[inline]
fn neighbour(s: u8, d: (i8, i8)) -> Option<u8> {
    debug_assert!(d.0.abs() <= 1 && d.1.abs() <= 1, "{d:?} is no unit step");
    let to = NEIGHBOURS[s as usize][((d.0 + 1) * 3 + d.1 + 1) as usize];
    (to != NO_SQUARE).then_some(to)
}

/// `offset` by every unit step, indexed by `(df + 1) * 3 + dr + 1`.
static NEIGHBOURS: [[u8; 9]; 100] = {
    let mut table = [[NO_SQUARE; 9]; 100];
    let mut s = 0;
    while s < 100 {
        let (f, r) = ((s % 10) as i8, (s / 10) as i8);
        let mut i = 0;
        while i < 9 {
            let (nf, nr) = (f + (i / 3) as i8 - 1, r + (i % 3) as i8 - 1);
            if nf >= 0 && nf < SIZE && nr >= 0 && nr < SIZE {
                table[s][i] = (nr * SIZE + nf) as u8;
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// Promotion choices for a `color` pawn or lancer arriving on `to` (ruling 4.11.1).
pub(crate) fn promotion_choices(pos: &Dao, color: Color, to: u8) -> Vec<Kind> {
    let mut v = vec![
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Archer,
        Kind::Ox,
        Kind::Dragon,
    ];
    if pos.gates[to as usize].is_none() {
        v.push(Kind::Gate);
    }
    let fool_on_board = pos.sets.fools & pos.pieces(color) != 0;
    if !fool_on_board && pos.reserve[color.index()][2] == 0 {
        v.push(Kind::Fool);
    }
    v
}

fn promotes(color: Color, to: u8) -> bool {
    relative_rank(to, color) == SIZE - 1
}

/// One piece moving with one movement type.
struct PieceGen<'a> {
    pos: &'a Dao,
    side: Color,
    from: u8,
    /// The real piece (Dragon for a dragon).
    mover: Kind,
    /// The movement used.
    mimic: Kind,
    captures_only: bool,
    /// Nested evaluation of a fool's capture condition: no fool captures there.
    no_fool: bool,
    /// May use the transporter.
    transport: bool,
    own_gates: &'a [u8],
    /// En-passant squares this piece may capture onto.
    ep_targets: u128,
    occupied: u128,
    out: &'a mut Vec<Move>,
}

#[derive(Clone, Copy)]
struct Ray {
    d: (i8, i8),
    max: u8,
    can_move: bool,
    can_cap: bool,
    track_ep: bool,
}

impl PieceGen<'_> {
    #[inline]
    fn empty(&self, s: u8) -> bool {
        s == self.from || self.pos.board[s as usize].is_none()
    }

    #[inline]
    fn own_gate(&self, s: u8) -> bool {
        self.pos.gates[s as usize] == Some(self.side)
    }

    fn capturable(&self, s: u8) -> bool {
        if s == self.from {
            return false;
        }
        match self.pos.board[s as usize] {
            Some(p) if p.color != self.side => {
                p.kind != Kind::Fool
                    || matches!(self.mover, Kind::King | Kind::Dragon | Kind::Lancer)
            }
            _ => false,
        }
    }

    fn emit(&mut self, kind: MoveKind, to: u8, via: u8, ep: u128) {
        let m = Move {
            kind,
            from: self.from,
            to,
            piece: self.mover,
            promo: None,
            ep,
            via,
            mimic: self.mimic,
        };
        if self.mover.is_pawn_class() && promotes(self.side, to) && !self.captures_only {
            for k in promotion_choices(self.pos, self.side, to) {
                self.out.push(Move {
                    promo: Some(k),
                    ep: 0,
                    ..m
                });
            }
        } else {
            self.out.push(m);
        }
    }

    /// En-passant targets of a multi-square pawn/lancer move (ruling 4.11.5).
    #[inline]
    fn ep_of(&self, ray: &Ray, trail: u128, to: u8, steps: u8, transported: bool) -> u128 {
        if !ray.track_ep || steps < 2 {
            return 0;
        }
        let mut t = trail;
        if transported {
            let mut virt = 0u128;
            let mut s = self.from;
            let diagonal = ray.d.0 != 0 && ray.d.1 != 0;
            for i in 0..steps {
                match offset(s, ray.d.0, ray.d.1) {
                    Some(n) => {
                        let last = i + 1 == steps;
                        let ok = self.empty(n)
                            || (last
                                && diagonal
                                && self.pos.board[n as usize]
                                    .is_some_and(|p| p.color != self.side));
                        if !ok {
                            virt = 0;
                            break;
                        }
                        virt |= bit(n);
                        s = n;
                    }
                    None => {
                        virt = 0;
                        break;
                    }
                }
            }
            t |= virt;
        }
        t & !bit(to) & !(self.occupied & !bit(self.from))
    }

    /// An en-passant capture onto `to` if it is a target; `ep` is what the capture itself leaves
    /// (a lancer's two-step diagonal is a multi-square move even when it captures e.p., 4.4).
    fn emit_ep_capture(&mut self, to: u8, via: u8, ep: impl FnOnce(&Self) -> u128) {
        if self.ep_targets & bit(to) != 0 {
            let ep = ep(self);
            self.emit(MoveKind::EnPassant, to, via, ep);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        ray: &Ray,
        mut cur: u8,
        mut done: u8,
        entered: u128,
        mut trail: u128,
        transported: bool,
        via: u8,
    ) {
        loop {
            let Some(t) = neighbour(cur, ray.d) else {
                return;
            };
            let step = done + 1;
            if !self.empty(t) {
                if ray.can_cap && self.capturable(t) {
                    let ep = self.ep_of(ray, trail, t, step, transported);
                    self.emit(MoveKind::Normal, t, via, ep);
                }
                return;
            }
            let trail_t = trail | bit(t);
            if ray.can_move && !self.captures_only {
                let ep = self.ep_of(ray, trail_t, t, step, transported);
                self.emit(MoveKind::Normal, t, via, ep);
            }
            if ray.can_cap {
                self.emit_ep_capture(t, via, |g| g.ep_of(ray, trail_t, t, step, transported));
            }
            if self.transport && self.own_gate(t) && entered & bit(t) == 0 {
                let via_t = if via == NO_SQUARE { t } else { via };
                for i in 0..self.own_gates.len() {
                    let g = self.own_gates[i];
                    if g == t {
                        continue;
                    }
                    if !self.empty(g) {
                        if ray.can_cap && self.capturable(g) {
                            let ep = self.ep_of(ray, trail_t, g, step, true);
                            self.emit(MoveKind::Normal, g, via_t, ep);
                        }
                        continue;
                    }
                    if ray.can_move && !self.captures_only {
                        let ep = self.ep_of(ray, trail_t, g, step, true);
                        self.emit(MoveKind::Normal, g, via_t, ep);
                    }
                    if ray.can_cap {
                        self.emit_ep_capture(g, via_t, |gen| {
                            gen.ep_of(ray, trail_t, g, step, true)
                        });
                    }
                    if step < ray.max {
                        self.walk(
                            ray,
                            g,
                            step,
                            entered | bit(t),
                            trail_t | bit(g),
                            true,
                            via_t,
                        );
                    }
                }
            }
            if step >= ray.max {
                return;
            }
            (cur, done, trail) = (t, step, trail_t);
        }
    }

    /// Where the piece may start: its square, then any other vacant own gate if it stands on one.
    fn starts(&self) -> impl Iterator<Item = u8> {
        let others = if self.transport && self.own_gate(self.from) {
            self.pos.gate_squares(self.side) & !self.pos.occupied() & !bit(self.from)
        } else {
            0
        };
        std::iter::once(self.from).chain(squares_of(others))
    }

    fn rays(&mut self, dirs: &[(i8, i8)], max: u8, can_move: bool, can_cap: bool, track_ep: bool) {
        for start in self.starts() {
            let (entered, transported, via) = if start == self.from {
                (0, false, NO_SQUARE)
            } else {
                (bit(self.from), true, self.from)
            };
            for &d in dirs {
                let ray = Ray {
                    d,
                    max,
                    can_move,
                    can_cap,
                    track_ep,
                };
                self.walk(&ray, start, 0, entered, 0, transported, via);
            }
        }
    }

    fn leaps(&mut self, offsets: &[(i8, i8)]) {
        for start in self.starts() {
            let via0 = if start == self.from {
                NO_SQUARE
            } else {
                self.from
            };
            for &(df, dr) in offsets {
                let Some(t) = offset(start, df, dr) else {
                    continue;
                };
                if !self.empty(t) {
                    if self.capturable(t) {
                        self.emit(MoveKind::Normal, t, via0, 0);
                    }
                    continue;
                }
                if !self.captures_only {
                    self.emit(MoveKind::Normal, t, via0, 0);
                }
                if self.transport && self.own_gate(t) {
                    let via = if via0 == NO_SQUARE { t } else { via0 };
                    for i in 0..self.own_gates.len() {
                        let g = self.own_gates[i];
                        if g == t {
                            continue;
                        }
                        if self.empty(g) {
                            if !self.captures_only {
                                self.emit(MoveKind::Normal, g, via, 0);
                            }
                        } else if self.capturable(g) {
                            self.emit(MoveKind::Normal, g, via, 0);
                        }
                    }
                }
            }
        }
    }

    fn null_moves(&mut self) {
        if !self.transport || !self.own_gate(self.from) {
            return;
        }
        for i in 0..self.own_gates.len() {
            let g = self.own_gates[i];
            if g == self.from {
                continue;
            }
            if self.empty(g) {
                if !self.captures_only {
                    self.emit(MoveKind::Null, g, NO_SQUARE, 0);
                }
                if self.mover.is_pawn_class() {
                    // Gate to gate crosses no square: no target.
                    self.emit_ep_capture(g, NO_SQUARE, |_| 0);
                }
            } else if self.capturable(g) {
                self.emit(MoveKind::Null, g, NO_SQUARE, 0);
            }
        }
    }

    fn archer(&mut self) {
        let f = forward(self.side);
        for start in self.starts() {
            let (entered, via) = if start == self.from {
                (0, NO_SQUARE)
            } else {
                (bit(self.from), self.from)
            };
            for d in [(0, f), (1, f), (-1, f)] {
                self.archer_leap(start, d, entered, via);
            }
            if !self.captures_only {
                for d in [(1, 0), (-1, 0), (0, -f)] {
                    let ray = Ray {
                        d,
                        max: UNLIMITED,
                        can_move: true,
                        can_cap: false,
                        track_ep: false,
                    };
                    self.walk(&ray, start, 0, entered, 0, start != self.from, via);
                }
            }
        }
    }

    /// Run-up over empty squares (the transporter allowed), the leap over one contiguous group,
    /// then a queen's continuation (ruling 4.6).
    fn archer_leap(&mut self, start: u8, d: (i8, i8), entered: u128, via: u8) {
        let mut cur = start;
        let first = loop {
            let Some(t) = offset(cur, d.0, d.1) else {
                return;
            };
            if !self.empty(t) {
                break t;
            }
            if self.transport && self.own_gate(t) && entered & bit(t) == 0 {
                let via_t = if via == NO_SQUARE { t } else { via };
                for i in 0..self.own_gates.len() {
                    let g = self.own_gates[i];
                    if g != t && self.empty(g) {
                        self.archer_leap(g, d, entered | bit(t), via_t);
                    }
                }
            }
            cur = t;
        };
        let mut x = first;
        let mut lancer_block = false;
        let last = loop {
            if x != first && !lancer_block && self.capturable(x) {
                self.emit(MoveKind::Normal, x, via, 0);
            }
            if self.pos.board[x as usize]
                .is_some_and(|p| p.color != self.side && p.kind == Kind::Lancer)
            {
                lancer_block = true;
            }
            match offset(x, d.0, d.1) {
                Some(n) if !self.empty(n) => x = n,
                Some(_) => break x,
                None => return,
            }
        };
        if lancer_block {
            return;
        }
        let ray = Ray {
            d,
            max: UNLIMITED,
            can_move: true,
            can_cap: true,
            track_ep: false,
        };
        self.walk(&ray, last, 0, entered, 0, via != NO_SQUARE, via);
    }

    fn fool(&mut self) {
        for v in KNIGHT {
            self.fool_ride(self.from, v, false);
        }
    }

    fn fool_ride(&mut self, from: u8, v: (i8, i8), rebounded: bool) {
        let mut s = from;
        while let Some(t) = offset(s, v.0, v.1) {
            if !self.empty(t) {
                let p = self.pos.board[t as usize].expect("occupied");
                if p.color == self.side {
                    if p.kind != Kind::King && !self.captures_only {
                        self.emit_swap(t, p);
                    }
                } else if !self.no_fool && self.suicide_allowed(t, p) {
                    self.out.push(Move {
                        kind: MoveKind::Suicide,
                        from: self.from,
                        to: t,
                        piece: self.mover,
                        promo: None,
                        ep: 0,
                        via: NO_SQUARE,
                        mimic: Kind::Fool,
                    });
                }
                return;
            }
            if !self.captures_only {
                self.emit(MoveKind::Normal, t, NO_SQUARE, 0);
            }
            if !rebounded && on_edge(t) {
                for w in KNIGHT {
                    self.fool_ride(t, w, true);
                }
            }
            s = t;
        }
    }

    fn emit_swap(&mut self, t: u8, partner: Piece) {
        let m = Move {
            kind: MoveKind::Swap,
            from: self.from,
            to: t,
            piece: self.mover,
            promo: None,
            ep: 0,
            via: NO_SQUARE,
            mimic: Kind::Fool,
        };
        if partner.kind.is_pawn_class() && promotes(partner.color, self.from) {
            for k in promotion_choices(self.pos, partner.color, self.from) {
                // The fool leaves its square for the pawn, so a fool promotion is possible only
                // when this fool is a dragon's borrowed move.
                if k == Kind::Fool && self.mover == Kind::Fool {
                    continue;
                }
                self.out.push(Move {
                    promo: Some(k),
                    ..m
                });
            }
        } else {
            self.out.push(m);
        }
    }

    /// Ruling 4.11.14: the target checks the fool's king, or it is its side's conferrer and one
    /// of its side's dragons can capture the fool's king with the target's type.
    fn suicide_allowed(&self, t: u8, p: Piece) -> bool {
        if p.kind == Kind::Fool && self.mover == Kind::Fool {
            return false;
        }
        let Some(king) = self.pos.king_square(self.side) else {
            return false;
        };
        if piece_attacks(self.pos, t, true, king) {
            return true;
        }
        self.pos.last[p.color.index()] == Some(t)
            && squares_of(self.pos.sets.dragons & self.pos.pieces(p.color))
                .any(|s| attacks_as(self.pos, s, Some(p.kind), true, king))
    }

    fn pushes(&mut self) {
        if self.captures_only {
            return;
        }
        let enemy = !self.side;
        let enemy_dragon_has_ox = self.pos.dragon_powers(enemy).contains(&Some(Kind::Ox));
        for d in ORTHO {
            let Some(first) = offset(self.from, d.0, d.1) else {
                continue;
            };
            if self.pos.board[first as usize].is_none() {
                continue;
            }
            let mut line = Vec::new();
            let mut s = Some(first);
            while let Some(x) = s {
                if self.pos.board[x as usize].is_none() {
                    break;
                }
                line.push(x);
                s = offset(x, d.0, d.1);
            }
            let mut enemies = 0;
            let mut ok = true;
            for &x in &line {
                let p = self.pos.board[x as usize].expect("line");
                if p.color == enemy {
                    enemies += 1;
                    if p.kind == Kind::Ox
                        || (p.kind == Kind::Dragon
                            && (self.mover == Kind::Dragon || enemy_dragon_has_ox))
                    {
                        ok = false;
                    }
                }
            }
            if !ok || enemies > 1 {
                continue;
            }
            let far = *line.last().expect("line");
            let mut k = 0i8;
            let mut s = offset(far, d.0, d.1);
            while let Some(x) = s {
                if self.pos.board[x as usize].is_some() {
                    break;
                }
                k += 1;
                s = offset(x, d.0, d.1);
            }
            for j in 1..=k {
                let to = offset(self.from, d.0 * j, d.1 * j).expect("on board");
                let m = Move {
                    kind: MoveKind::Push,
                    from: self.from,
                    to,
                    piece: self.mover,
                    promo: None,
                    ep: 0,
                    via: NO_SQUARE,
                    mimic: Kind::Ox,
                };
                let promoting = line.iter().find_map(|&x| {
                    let p = self.pos.board[x as usize].expect("line");
                    let dest = offset(x, d.0 * j, d.1 * j).expect("on board");
                    (p.kind.is_pawn_class() && promotes(p.color, dest)).then_some((p.color, dest))
                });
                match promoting {
                    Some((c, dest)) => {
                        for k in promotion_choices(self.pos, c, dest) {
                            self.out.push(Move {
                                promo: Some(k),
                                ..m
                            });
                        }
                    }
                    None => self.out.push(m),
                }
            }
        }
    }

    /// Every move of the piece as `mimic`.
    fn run(&mut self) {
        let f = forward(self.side);
        match self.mimic {
            Kind::Pawn => {
                let max = match relative_rank(self.from, self.side) {
                    0 => 2,
                    1 => 3,
                    2 => 2,
                    _ => 1,
                };
                if !self.captures_only {
                    self.rays(&[(0, f)], max, true, false, true);
                    self.rays(&[(1, 0), (-1, 0)], 1, true, false, false);
                }
                self.rays(&[(1, f), (-1, f)], 1, false, true, false);
            }
            Kind::Lancer => {
                let max = if relative_rank(self.from, self.side) == 1 {
                    3
                } else {
                    2
                };
                if !self.captures_only {
                    self.rays(&[(0, f)], max, true, false, true);
                    self.rays(&[(1, 0), (-1, 0)], 2, true, false, true);
                }
                self.rays(&[(1, f), (-1, f)], 2, true, true, true);
            }
            Kind::Knight => self.leaps(&GNU),
            Kind::Bishop => self.rays(&DIAG, UNLIMITED, true, true, false),
            Kind::Rook => self.rays(&ORTHO, UNLIMITED, true, true, false),
            Kind::Queen => self.rays(&KING_DIRS, UNLIMITED, true, true, false),
            Kind::King => self.rays(&KING_DIRS, 1, true, true, false),
            Kind::Ox => {
                if !self.captures_only {
                    self.rays(&ORTHO, UNLIMITED, true, false, false);
                }
                self.rays(&DIAG, 1, false, true, false);
                self.pushes();
            }
            Kind::Archer => self.archer(),
            Kind::Fool => self.fool(),
            Kind::Dragon | Kind::Gate => {}
        }
    }
}

/// A list of squares (at most the whole board).
pub(super) type Squares = ArrayVec<u8, 100>;

pub(super) fn own_gates(pos: &Dao, side: Color) -> Squares {
    squares_of(pos.gate_squares(side)).collect()
}

pub(super) struct Ctx {
    pub(super) own_gates: Squares,
    pub(super) occupied: u128,
    pub(super) ep_targets: u128,
}

impl Ctx {
    fn new(pos: &Dao, side: Color) -> Ctx {
        let ep_targets = match pos.ep {
            Some(ep) if pos.board[ep.victim as usize].is_some_and(|p| p.color != side) => {
                ep.targets
            }
            _ => 0,
        };
        Ctx {
            own_gates: own_gates(pos, side),
            occupied: pos.occupied(),
            ep_targets,
        }
    }
}

/// All moves of the piece on `from` (moving as `mimic`; every power for a dragon).
#[allow(clippy::too_many_arguments)]
pub(super) fn piece_moves(
    pos: &Dao,
    ctx: &Ctx,
    from: u8,
    mimic: Option<Kind>,
    captures_only: bool,
    no_fool: bool,
    king_may_transport: bool,
    out: &mut Vec<Move>,
) {
    let Some(p) = pos.board[from as usize] else {
        return;
    };
    let mut g = PieceGen {
        pos,
        side: p.color,
        from,
        mover: p.kind,
        mimic: p.kind,
        captures_only,
        no_fool,
        transport: true,
        own_gates: &ctx.own_gates,
        ep_targets: if p.kind.is_pawn_class() {
            ctx.ep_targets
        } else {
            0
        },
        occupied: ctx.occupied,
        out,
    };
    if p.kind == Kind::Dragon {
        let powers = pos.dragon_powers(p.color);
        let types: Vec<Kind> = match mimic {
            Some(k) => vec![k],
            None => {
                let mut t: Vec<Kind> = powers.iter().flatten().copied().collect();
                t.dedup();
                t
            }
        };
        for k in types {
            g.mimic = k;
            g.transport = k != Kind::Fool;
            g.run();
        }
        if mimic.is_none() {
            g.mimic = Kind::Dragon;
            g.transport = true;
            g.null_moves();
        }
        return;
    }
    if let Some(k) = mimic {
        g.mimic = k;
    }
    g.transport = match p.kind {
        Kind::Fool => false,
        Kind::King => king_may_transport,
        _ => true,
    };
    g.run();
    if p.kind != Kind::Fool {
        g.null_moves();
    }
}

/// Every move of the side to move before the test of its own king's safety; with `tactical`,
/// only the moves `is_tactical` accepts (drops, gate moves and castling never are).
pub(super) fn pseudo_moves(pos: &Dao, checked: bool, tactical: Option<bool>, out: &mut Vec<Move>) {
    let side = pos.side;
    let ctx = Ctx::new(pos, side);
    let first = out.len();
    for s in squares_of(pos.pieces(side)) {
        piece_moves(pos, &ctx, s, None, false, false, !checked, out);
    }
    // Drops, gate moves and castling below are all quiet.
    if let Some(wanted) = tactical {
        retain_from(out, first, |mv| pos.is_tactical(mv) == wanted);
        if wanted {
            return;
        }
    }
    // Drops onto vacant own gates.
    for (i, &k) in RESERVE_KINDS.iter().enumerate() {
        if pos.reserve[side.index()][i] == 0 {
            continue;
        }
        for &g in &ctx.own_gates {
            if pos.board[g as usize].is_none() {
                out.push(Move {
                    kind: MoveKind::Drop,
                    from: g,
                    to: g,
                    piece: k,
                    promo: None,
                    ep: 0,
                    via: NO_SQUARE,
                    mimic: k,
                });
            }
        }
    }
    // Gate moves: bishop slide over vacant gates or chess-knight leap, onto a bare square.
    for &g in &ctx.own_gates {
        if pos.board[g as usize].is_some_and(|p| p.kind == Kind::Dragon) {
            continue;
        }
        let gate_move = |to: u8| Move {
            kind: MoveKind::Gate,
            from: g,
            to,
            piece: Kind::Gate,
            promo: None,
            ep: 0,
            via: NO_SQUARE,
            mimic: Kind::Gate,
        };
        for d in DIAG {
            let mut s = g;
            while let Some(t) = offset(s, d.0, d.1) {
                if pos.board[t as usize].is_some() {
                    break;
                }
                if pos.gates[t as usize].is_none() {
                    out.push(gate_move(t));
                }
                s = t;
            }
        }
        for (df, dr) in KNIGHT {
            if let Some(t) = offset(g, df, dr) {
                if pos.board[t as usize].is_none() && pos.gates[t as usize].is_none() {
                    out.push(gate_move(t));
                }
            }
        }
    }
    // Castling (king f -> h with rook i -> g; king f -> c with rook b -> d).
    if !checked {
        let r = if side == Color::White { 0 } else { 9 };
        let rights = if side == Color::White {
            (WHITE_KING_SIDE, WHITE_QUEEN_SIDE)
        } else {
            (BLACK_KING_SIDE, BLACK_QUEEN_SIDE)
        };
        let king = Some(Piece {
            color: side,
            kind: Kind::King,
        });
        let rook = Some(Piece {
            color: side,
            kind: Kind::Rook,
        });
        let free = |files: &[i8]| {
            files
                .iter()
                .all(|&f| pos.board[sq(f, r) as usize].is_none())
        };
        if pos.board[sq(5, r) as usize] == king {
            if pos.castling & rights.0 != 0 && pos.board[sq(8, r) as usize] == rook && free(&[6, 7])
            {
                out.push(castle(MoveKind::CastleKing, sq(5, r), sq(7, r)));
            }
            if pos.castling & rights.1 != 0
                && pos.board[sq(1, r) as usize] == rook
                && free(&[2, 3, 4])
            {
                out.push(castle(MoveKind::CastleQueen, sq(5, r), sq(2, r)));
            }
        }
    }
}

fn castle(kind: MoveKind, from: u8, to: u8) -> Move {
    Move {
        kind,
        from,
        to,
        piece: Kind::King,
        promo: None,
        ep: 0,
        via: NO_SQUARE,
        mimic: Kind::King,
    }
}

/// Whether `mv` (one of the pseudo-legal moves) is legal. The states it plays moves into have
/// no key: only their pieces are looked at.
pub(super) fn is_legal_move(pos: &Dao, mv: &Move) -> bool {
    let me = pos.side;
    // Without a king of its own the side exposes nothing; only a drop is still tested.
    if pos.king_square(me).is_none() && mv.kind != MoveKind::Drop {
        return true;
    }
    match mv.kind {
        MoveKind::CastleKing | MoveKind::CastleQueen => {
            // Through-squares with the powers before the move (ruling 4.11.15).
            let r = rank_of(mv.from);
            let through: &[i8] = if mv.kind == MoveKind::CastleKing {
                &[6]
            } else {
                &[4, 3]
            };
            for &f in through {
                let mut t = pos.clone();
                t.board[mv.from as usize] = None;
                t.board[sq(f, r) as usize] = Some(Piece {
                    color: me,
                    kind: Kind::King,
                });
                t.resync(bit(mv.from) | bit(sq(f, r)));
                if attacked(&t, sq(f, r), !me, false) {
                    return false;
                }
            }
        }
        MoveKind::Push => {
            // The own king may not be pushed through an attacked square (ruling 4.11.16).
            let (df, dr) = unit(mv.from, mv.to);
            let k = distance(mv.from, mv.to);
            if k > 1 {
                let mut king_in_line = None;
                let mut s = offset(mv.from, df, dr);
                while let Some(x) = s {
                    match pos.board[x as usize] {
                        None => break,
                        Some(p) if p.color == me && p.kind == Kind::King => king_in_line = Some(x),
                        _ => {}
                    }
                    s = offset(x, df, dr);
                }
                if let Some(ks) = king_in_line {
                    let moved: Vec<u8> = {
                        let mut v = vec![mv.from];
                        let mut s = offset(mv.from, df, dr);
                        while let Some(x) = s {
                            if pos.board[x as usize].is_none() {
                                break;
                            }
                            v.push(x);
                            s = offset(x, df, dr);
                        }
                        v
                    };
                    for j in 1..k {
                        let step = Move {
                            to: offset(mv.from, df * j, dr * j).expect("on board"),
                            promo: None,
                            ..*mv
                        };
                        let mut t = pos.apply_unkeyed(&step);
                        // Powers before the move: only the conferrer's identity follows the push.
                        t.last[me.index()] = pos.last[me.index()].map(|l| {
                            if moved.contains(&l) {
                                offset(l, df * j, dr * j).unwrap_or(l)
                            } else {
                                l
                            }
                        });
                        let kdest = offset(ks, df * j, dr * j).expect("on board");
                        if attacked(&t, kdest, !me, false) {
                            return false;
                        }
                    }
                }
            }
        }
        _ => {}
    }
    let after = pos.apply_unkeyed(mv);
    let exposed = after
        .king_square(me)
        .is_some_and(|k| attacked(&after, k, !me, false));
    if exposed {
        return false;
    }
    if mv.kind == MoveKind::Drop {
        if let Some(k) = after.king_square(!me) {
            if piece_attacks(&after, mv.to, false, k) {
                return false;
            }
        }
    }
    true
}

/// The cheap legality test of a side not in check. Only along lines does a square's content
/// decide an attack (a slider's or an archer's path, a lancer's two-step), so a move that changes
/// no square on a king's line holding an enemy that attacks along it (a dragon counts as every
/// such attacker), none on a line or within a leap of a vacant enemy gate (where the transporter
/// could bend an enemy route towards the king), nor an enemy gate itself, cannot expose the king,
/// unless it hands the enemy dragons a power they could capture the king with, or an enemy fool
/// (or a dragon riding as one) rebounds along routes no such test bounds.
pub(super) struct KingShield {
    /// The squares whose change may expose the king.
    exposed: u128,
    /// The enemy dragons, whose powers follow the mover's conferrer.
    enemy_dragons: Squares,
    king: u8,
    /// Per kind (bit `kind`): whether it is known (`known`) that an enemy dragon moving as that
    /// kind captures the king (`threat`).
    known: Cell<u16>,
    threat: Cell<u16>,
}

impl KingShield {
    pub(super) fn new(pos: &Dao) -> Option<KingShield> {
        let me = pos.side;
        let them = !me;
        let king = pos.king_square(me)?;
        let enemies = pos.pieces(them);
        let enemy_dragons: Squares = squares_of(pos.sets.dragons & enemies).collect();
        if pos.sets.fools & enemies != 0
            || (!enemy_dragons.is_empty() && pos.dragon_powers(them).contains(&Some(Kind::Fool)))
        {
            return None;
        }
        let mut exposed = 0;
        for g in squares_of(pos.gate_squares(them)) {
            exposed |= bit(g);
            if pos.board[g as usize].is_none() {
                exposed |= related_squares(g);
            }
        }
        // The archer shoots, and the lancer captures two steps, only forwards.
        let back = -forward(them);
        for d in KING_DIRS {
            let diagonal = d.0 != 0 && d.1 != 0;
            let (mut line, mut s, mut steps) = (0u128, king, 0);
            while let Some(t) = offset(s, d.0, d.1) {
                line |= bit(t);
                steps += 1;
                s = t;
                let Some(p) = pos.board[t as usize].filter(|p| p.color == them) else {
                    continue;
                };
                let attacks_along = match p.kind {
                    Kind::Queen | Kind::Dragon => true,
                    Kind::Rook => !diagonal,
                    Kind::Bishop => diagonal,
                    Kind::Archer => d.1 == back,
                    Kind::Lancer => diagonal && d.1 == back && steps == 2,
                    _ => false,
                };
                if attacks_along {
                    exposed |= line;
                }
            }
        }
        Some(KingShield {
            exposed,
            enemy_dragons,
            king,
            known: Cell::new(0),
            threat: Cell::new(0),
        })
    }

    /// Whether an enemy dragon moving as `kind` captures the king (with the board as it is:
    /// what a move the shield passes changes is on no route that decides it).
    fn dragon_threat(&self, pos: &Dao, kind: Kind) -> bool {
        let b = 1u16 << kind as u16;
        if self.known.get() & b == 0 {
            let threat = self
                .enemy_dragons
                .iter()
                .any(|&d| attacks_as(pos, d, Some(kind), false, self.king));
            self.known.set(self.known.get() | b);
            if threat {
                self.threat.set(self.threat.get() | b);
            }
        }
        self.threat.get() & b != 0
    }

    pub(super) fn stays_safe(&self, pos: &Dao, mv: &Move) -> bool {
        match mv.kind {
            // A gate moves without what stands on it: no square changes.
            MoveKind::Gate => true,
            MoveKind::Normal | MoveKind::Null => {
                if mv.piece == Kind::King || (bit(mv.from) | bit(mv.to)) & self.exposed != 0 {
                    return false;
                }
                // A new power of the enemy dragons: the moving piece's type.
                let conferred = pos.board[mv.from as usize]
                    .map(|p| p.kind)
                    .filter(|&k| mv.kind == MoveKind::Normal && k.confers());
                match conferred {
                    Some(_) if self.enemy_dragons.is_empty() => true,
                    // A dragon riding as a fool is not bounded by the lines.
                    Some(Kind::Fool) => false,
                    Some(k) => !self.dragon_threat(pos, k),
                    None => true,
                }
            }
            _ => false,
        }
    }
}

/// Orders routes of one move by the length, then the text, of what the notation shows of them.
fn notation_rank(mv: &Move) -> (usize, String) {
    let via = if mv.via == NO_SQUARE {
        String::new()
    } else {
        square_name(mv.via)
    };
    let mimic = if mv.piece == Kind::Dragon {
        mv.mimic.letter().to_string()
    } else {
        String::new()
    };
    let text = format!("{mimic}{via}");
    (text.len(), text)
}

/// Legal moves, one per distinct resulting state. With `aliases`, also every other route's move
/// paired with the index of the listed move it coincides with.
pub(crate) fn legal_moves(
    pos: &Dao,
    out: &mut Vec<Move>,
    aliases: Option<&mut Vec<(Move, usize)>>,
) {
    generate(pos, None, out, aliases);
}

/// The legal moves `is_tactical` accepts (`Some(true)`) or rejects (`Some(false)`), with no
/// move of the other kind tested for legality.
pub(crate) fn some_moves(pos: &Dao, tactical: bool, out: &mut Vec<Move>) {
    generate(pos, Some(tactical), out, None);
}

/// The legal move with `move_code(mv) == code`, looked for among the moves of the piece the
/// code names. Moves no piece makes on the board (drops, gate moves, castling) and moves whose
/// effect another one may share are not found: the search then does without a table move.
pub(crate) fn move_from_code(pos: &Dao, code: u64) -> Option<Move> {
    let from = (code >> 4 & 127) as u8;
    if pos
        .board
        .get(from as usize)?
        .is_none_or(|p| p.color != pos.side)
    {
        return None;
    }
    let checked = in_check(pos, pos.side);
    let ctx = Ctx::new(pos, pos.side);
    let mut pseudo = Vec::with_capacity(32);
    piece_moves(pos, &ctx, from, None, false, false, !checked, &mut pseudo);
    pseudo.retain(|mv| move_code(mv) == code);
    // Routes of one effect: the legal list keeps the one with the shortest notation.
    let mv = if pseudo.len() > 1 {
        pseudo.into_iter().min_by_key(notation_rank)?
    } else {
        pseudo.pop()?
    };
    if may_share_effect(pos, &mv) {
        return None;
    }
    let shield = (!checked).then(|| KingShield::new(pos)).flatten();
    let legal = shield.as_ref().is_some_and(|s| s.stays_safe(pos, &mv)) || is_legal_move(pos, &mv);
    legal.then_some(mv)
}

/// A number for `mv` that no other legal move of its state has: its kind, squares, piece and
/// promotion, and a hash of its en-passant targets.
pub(crate) fn move_code(mv: &Move) -> u64 {
    let ep = (mv.ep as u64) ^ ((mv.ep >> 64) as u64).rotate_left(29);
    (mv.kind as u64)
        | u64::from(mv.from) << 4
        | u64::from(mv.to) << 11
        | (mv.piece as u64) << 18
        | mv.promo.map_or(15, |k| k as u64) << 22
        | ep.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 42 << 26
}

fn generate(
    pos: &Dao,
    tactical: Option<bool>,
    out: &mut Vec<Move>,
    aliases: Option<&mut Vec<(Move, usize)>>,
) {
    let checked = in_check(pos, pos.side);
    let shield = (!checked).then(|| KingShield::new(pos)).flatten();
    let legal = |mv: &Move| {
        shield.as_ref().is_some_and(|s| s.stays_safe(pos, mv)) || is_legal_move(pos, mv)
    };
    if !routes_may_coincide(pos) {
        // Every route is its own move: test them in place.
        let first = out.len();
        pseudo_moves(pos, checked, tactical, out);
        retain_from(out, first, legal);
        return;
    }
    let mut pseudo = Vec::with_capacity(128);
    pseudo_moves(pos, checked, tactical, &mut pseudo);
    let mut routes = Routes::new(pos, pseudo.len());
    // The listed index of each distinct effect, `None` while untested or when illegal.
    let mut listed: Vec<Option<usize>> = Vec::with_capacity(pseudo.len());
    let mut repeats: Vec<(Move, usize)> = Vec::new();
    for mv in pseudo {
        if let Some(i) = routes.find_or_insert(&mv) {
            repeats.push((mv, i));
            continue;
        }
        listed.push(legal(&mv).then(|| {
            out.push(mv);
            out.len() - 1
        }));
    }
    let mut aliases = aliases;
    for (mv, i) in repeats {
        let Some(at) = listed[i] else {
            continue;
        };
        // Same effect by another route: keep the route with the shortest notation
        // (ruling 24: no gate named, then the alphabetically first text).
        let kept = &mut out[at];
        if *kept == mv && notation_rank(&mv) < notation_rank(kept) {
            kept.via = mv.via;
            kept.mimic = mv.mimic;
        }
        if let Some(a) = aliases.as_deref_mut() {
            a.push((mv, at));
        }
    }
}

/// `Vec::retain` of the moves from index `first` on, in order.
fn retain_from(out: &mut Vec<Move>, first: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut kept = first;
    for i in first..out.len() {
        let mv = out[i];
        if keep(&mv) {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Whether two routes of the side to move may have one effect (see `Routes`). Without a vacant
/// own gate or one holding an enemy there is no transporter route, null move or move onto an
/// own gate; without a fool's rebounds or a dragon's second power no square is reached twice.
fn routes_may_coincide(pos: &Dao) -> bool {
    let me = pos.side;
    let own = pos.pieces(me);
    if pos.gate_squares(me) & !own != 0 || pos.sets.fools & own != 0 {
        return true;
    }
    pos.sets.dragons & own != 0 && {
        let powers = pos.dragon_powers(me);
        powers.contains(&Some(Kind::Fool))
            || (powers[0].is_some() && powers[1].is_some() && powers[0] != powers[1])
    }
}

/// The squares whose content a move that `may_share_effect` changes: none for a pass or a swap
/// of two like pieces, its two squares otherwise.
fn changed_squares(pos: &Dao, mv: &Move) -> u128 {
    let like_swap = mv.kind == MoveKind::Swap
        && mv.promo.is_none()
        && pos.board[mv.from as usize] == pos.board[mv.to as usize];
    if mv.from == mv.to || like_swap {
        0
    } else {
        bit(mv.from) | bit(mv.to)
    }
}

/// Whether `mv` may have the effect of an unequal move (see `Routes`).
fn may_share_effect(pos: &Dao, mv: &Move) -> bool {
    let gate_to_gate = mv.ep == 0 && pos.gates[mv.to as usize] == Some(pos.side);
    match mv.kind {
        MoveKind::Null => true,
        MoveKind::Normal => mv.from == mv.to || gate_to_gate,
        MoveKind::Swap => {
            pos.board[mv.to as usize].is_some_and(|p| matches!(p.kind, Kind::Fool | Kind::Dragon))
        }
        _ => false,
    }
}

/// A move's resulting key and clock.
type Effect = (u64, u32);

/// The distinct effects among generated routes. Equal moves (the same kind, squares, piece,
/// promotion and en-passant targets) have the same effect; unequal ones can only when both change
/// the board alike: a gate-to-gate null move and a normal move between the same gates, passes
/// and swaps that change no square (two dragons, or a fool and a dragon, trading places either
/// way), which are told apart by their resulting states.
struct Routes<'a> {
    pos: &'a Dao,
    moves: Vec<Move>,
    /// Open addressing: index + 1 into `moves`, 0 for a free slot.
    slots: Vec<u32>,
    /// The routes that may share an effect with unequal ones: index, the squares they change
    /// and, once asked for, their effect.
    suspects: Vec<(u32, u128, Option<Effect>)>,
}

impl<'a> Routes<'a> {
    fn new(pos: &'a Dao, capacity: usize) -> Self {
        Routes {
            pos,
            moves: Vec::with_capacity(capacity),
            slots: vec![0; (2 * capacity).next_power_of_two().max(16)],
            suspects: Vec::new(),
        }
    }

    fn hash(mv: &Move) -> usize {
        let fields = (mv.kind as u64)
            | (mv.from as u64) << 8
            | (mv.to as u64) << 16
            | (mv.piece as u64) << 24
            | (mv.promo.map_or(15, |k| k as u64)) << 32;
        let ep = (mv.ep as u64) ^ ((mv.ep >> 64) as u64).rotate_left(29);
        ((fields ^ ep.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            >> 32) as usize
    }

    fn effect(&self, mv: &Move) -> Effect {
        let after = self.pos.apply(mv);
        (after.key, after.halfmove)
    }

    /// The index of an earlier route with the same effect as `mv`; otherwise records `mv`.
    fn find_or_insert(&mut self, mv: &Move) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(mv) & mask;
        while self.slots[i] != 0 {
            let at = self.slots[i] as usize - 1;
            if self.moves[at] == *mv {
                return Some(at);
            }
            i = (i + 1) & mask;
        }
        let index = self.moves.len() as u32;
        if may_share_effect(self.pos, mv) {
            // Only moves that change the same squares can have one effect: the states are
            // compared for those alone.
            let changed = changed_squares(self.pos, mv);
            let mut effect = None;
            for k in 0..self.suspects.len() {
                let (at, theirs_changed, theirs) = self.suspects[k];
                if theirs_changed != changed {
                    continue;
                }
                let theirs = theirs.unwrap_or_else(|| self.effect(&self.moves[at as usize]));
                self.suspects[k].2 = Some(theirs);
                if *effect.get_or_insert_with(|| self.effect(mv)) == theirs {
                    return Some(at as usize);
                }
            }
            self.suspects.push((index, changed, effect));
        }
        self.slots[i] = index + 1;
        self.moves.push(*mv);
        None
    }
}
