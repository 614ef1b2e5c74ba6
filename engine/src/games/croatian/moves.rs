//! Moves: a `Move` is a whole turn, the list of its plies (a cascade lists every ply), or,
//! where turns go action by action (`actions`), one action of a turn.

pub mod flag {
    pub const CAPTURE: u32 = 1;
    pub const EN_PASSANT: u32 = 2;
    pub const CASTLE: u32 = 4;
    pub const PROMOTE: u32 = 8;
    /// Tag for delayed promotion (`=`).
    pub const TAG_PROMOTION: u32 = 16;
    pub const CONVERT: u32 = 32;
    /// The ply ends on a piece it activates; the next ply moves that piece from `to`.
    pub const ACTIVATE: u32 = 64;
    /// A tagged Pawn promotes in place: the whole move (`from == to`).
    pub const DELAYED: u32 = 128;
    /// The piece entered a Star: a non-Wave piece emerges on `to` (the Star entered is `aux`);
    /// on a Wave ply it marks a route that went through a Star.
    pub const TELEPORT: u32 = 256;
    /// The piece leaves the board by the rules (L1135, L1427): a non-Wave piece that found no
    /// empty portal field (`to` is the Star), or a Wave without a destination (`to` is its own
    /// field, or the last Star it entered when its route teleported).
    pub const OBLATION: u32 = 512;
    /// A Pawn the Serpent moves out of its way (section 4.4.3): from `from` to `to`; `aux` is the
    /// Serpent's field, from which the first such ply lifts it when no piece is in the air. These
    /// plies come right before the Serpent's own ply, in the order the Serpent met the Pawns.
    pub const DISPLACE: u32 = 1024;
    /// The Serpent's ritual step onto a neighbouring own Pyramid (section 4.4.6): the Pyramid
    /// then goes onto an own Pawn and oblations it.
    pub const RITUAL: u32 = 2048;
    /// A Pyramid activated by the ritual oblations the own Pawn on `to` and stays there; the
    /// Serpent may then make its Pawn-sacrifice ply (TR-3, TR-5).
    pub const SACRIFICE: u32 = 4096;
    /// A Monolith's move into a syzygy demotes the mover's piece on `aux` (`monolith` docs).
    pub const DEMOTE: u32 = 8192;
    /// The piece reached a divergent piece on `to` (`divergence`) and goes on from there as if
    /// starting a new ply, with the momentum it had on arriving: it stays in the air, the
    /// divergent piece stays on `to`, and the next ply starts from `to`.
    pub const DIVERGE: u32 = 16384;
    /// The ply leaves its piece, or the piece it activates, in the air.
    pub const GOES_ON: u32 = ACTIVATE | DIVERGE;
    /// With `ACTIVATE`: a King-step that uplifts (One, section 4.7.6): onto a neighbouring
    /// Starchild, which then steps onto an own piece beside it, which makes a sense-journey;
    /// alone, the sense-journey's ply.
    pub const UPLIFT: u32 = 32768;
    /// Conquest of Tlalocan, section 4.5.4-4.5.5 (`trance`). With `ACTIVATE`: a Shaman's
    /// King-step onto a neighbouring Shaman, which it entrances: the entranced Shaman goes into
    /// the air for its trance-journey. Without: a ply of the entranced Shaman's journey from
    /// `from` to `to` over everything (`aux` is the field the journey started from); with
    /// `OBLATION` the entranced Shaman leaves the board (`to == from`): with `CAPTURE` after the
    /// double trance-journey, else after a failed one. The pieces the journey displaces or
    /// captures on `to` are `DISPLACE` plies right before it.
    pub const TRANCE: u32 = 1 << 16;
    /// With `TRANCE`: the entranced Shaman goes on with its journey from `to` (it stays in the
    /// air).
    pub const ONWARD: u32 = 1 << 17;
}

/// How a Wave moves in one ply (a Wave repeats its activator's steps, L868): the step from a field
/// of the Wave's own colour and the step from a field of the other colour (the same vector for
/// every activator that keeps one direction; the Unicorn's short and long jump, L940-966), and
/// at every Star the route meets, whether it teleports (bit set) or passes over (OQ-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Route {
    pub own: (i8, i8),
    pub other: (i8, i8),
    pub stars: u8,
}

impl Route {
    pub fn straight(dx: i8, dy: i8) -> Route {
        Route {
            own: (dx, dy),
            other: (dx, dy),
            stars: 0,
        }
    }

    pub fn is_straight(&self) -> bool {
        self.own == self.other
    }

    /// Two steps on the two different diagonals: a Serpent's Wave, which alternates them by
    /// count (a diagonal step keeps the field colour).
    pub fn alternates_by_count(&self) -> bool {
        let diagonal = |(dx, dy): (i8, i8)| dx.abs() == 1 && dy.abs() == 1;
        diagonal(self.own)
            && diagonal(self.other)
            && self.own.0 * self.own.1 != self.other.0 * self.other.1
    }
}

/// One piece's movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub from: u16,
    pub to: u16,
    /// Castling: the Rook's origin; en passant: the captured Pawn's field; teleport of a
    /// non-Wave piece: the Star entered; else 0.
    pub aux: u16,
    /// The moving piece's kind (`Kind as u8`).
    pub piece: u8,
    /// Promotion kind (`Kind as u8`), 0 if none.
    pub promo: u8,
    pub flags: u32,
    /// A Wave's way of moving; default for every other piece.
    pub route: Route,
}

/// The fields of the plies without Waves in the order they always had, so that the search's
/// move hashes (history tables), and with them its node counts, stay those of the variants
/// before the Wave.
impl std::hash::Hash for Ply {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to.hash(state);
        self.aux.hash(state);
        self.piece.hash(state);
        (self.flags as u16).hash(state);
        self.promo.hash(state);
        if self.route != Route::default() {
            self.route.hash(state);
        }
        if self.flags >> 16 != 0 {
            (self.flags >> 16).hash(state);
        }
    }
}

impl Ply {
    pub fn new(from: u16, to: u16, piece: u8, flags: u32) -> Self {
        Ply {
            from,
            to,
            aux: 0,
            piece,
            promo: 0,
            flags,
            route: Route::default(),
        }
    }

    #[inline]
    pub fn has(&self, f: u32) -> bool {
        self.flags & f != 0
    }
}

/// A complete turn: one ply, or a cascade listing every ply (boxed: cascades are the rare case,
/// and a small `Move` keeps move lists cheap). Played action by action, a turn's actions are
/// these too (an ending of one piece's ply: its displacements and the ply; a Pyramid's
/// sacrifice with the Serpent's ply after it), and an action that leaves a piece in the air is
/// `Activating`, with the momentum that piece receives (one ply may pass on different momenta:
/// a Serpent's walks to one field).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Single(Ply),
    Cascade(Box<[Ply]>),
    Activating(Box<[Ply]>, u8),
}

impl Move {
    pub fn single(ply: Ply) -> Self {
        Move::Single(ply)
    }

    pub fn cascade(plies: &[Ply]) -> Self {
        if plies.len() == 1 {
            Move::Single(plies[0])
        } else {
            Move::Cascade(plies.into())
        }
    }

    /// An action that leaves the piece its last ply activates in the air with `left`.
    pub fn activating(plies: &[Ply], left: u8) -> Self {
        Move::Activating(plies.into(), left)
    }

    pub fn plies(&self) -> &[Ply] {
        match self {
            Move::Single(p) => std::slice::from_ref(p),
            Move::Cascade(plies) | Move::Activating(plies, _) => plies,
        }
    }

    /// The momentum the piece left in the air receives, for an action that leaves one.
    pub fn passed_on(&self) -> Option<u8> {
        match self {
            Move::Activating(_, left) => Some(*left),
            _ => None,
        }
    }

    pub fn first(&self) -> &Ply {
        &self.plies()[0]
    }

    pub fn is_cascade(&self) -> bool {
        matches!(self, Move::Cascade(_))
    }
}
