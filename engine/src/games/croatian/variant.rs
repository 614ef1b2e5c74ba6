//! The Croatian family as data: one entry per variant (board size, setup, pieces, pawn rules,
//! castling kind, promotion kind). Everything rule-specific in the generator reads this table.

use super::piece::Kind;

/// How castling works in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castling {
    /// The King castles with the closest tagged Rook on a side, moving at least 2 fields: up to the
    /// field next to the Rook on the King's right, one field short of that on its left (book
    /// L5941; with the main variants' corner Rooks this is exactly Table 18).
    Closest,
    /// Randomized flavours: 1 field up to and including the closest Rook's field (L6154).
    Random,
}

/// Whether a Pawn reaching promotion must promote at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    Forced,
    /// Promote now or take the promotion tag; promote later as a whole move (L606-672).
    Delayed,
}

#[derive(Debug)]
pub struct Variant {
    /// Protocol name (protocol.md).
    pub name: &'static str,
    /// The author's symbol in setup strings (`cc_variant.c`); `None` where he has none.
    pub symbol: Option<&'static str>,
    pub size: u8,
    /// Light figure row (rank 1, files a..); dark mirrors it on the top rank. Empty for the
    /// randomized flavours, which start only from a position string.
    pub figure_row: &'static str,
    /// Pawn rows counted from the own side (0-based: 1 = second rank).
    pub pawn_rows: &'static [u8],
    pub sideways_pawns: bool,
    pub castling: Castling,
    /// From Nineteen on the King may castle out of and across check; only its destination must
    /// not be attacked (L1605-1610).
    pub castle_through_check: bool,
    pub promotion: Promotion,
    /// Pieces a Pawn may promote to (OQ-10: the kinds of the initial setup minus Pawn and King).
    pub promote_to: &'static [Kind],
    /// Piece kinds allowed in position strings.
    pub kinds: &'static [Kind],
    /// `kinds` as bits (`1 << kind`), for `has`.
    kind_bits: u32,
    /// Light Scouts and Grenadiers of the setup (file, rank, 0-based; Grenadiers replace Pawns),
    /// dark ones on the mirrored ranks (Tables 11-14).
    pub troopers: &'static [(u8, u8, Kind)],
    /// Scout steps per ply, Grenadier horizontal and vertical steps out of close quarters
    /// (Table 16).
    pub limits: Limits,
}

/// Movement limits of the troopers (book Table 16; the table, not the formulas, OQ-28).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub scout: u8,
    pub grenadier_h: u8,
    pub grenadier_v: u8,
    /// Serpent steps per ply, `sml` (Table 16).
    pub serpent: u8,
}

const NO_LIMITS: Limits = Limits {
    scout: 0,
    grenadier_h: 0,
    grenadier_v: 0,
    serpent: 0,
};

impl Variant {
    #[inline]
    pub fn has(&self, kind: Kind) -> bool {
        self.kind_bits >> kind as u32 & 1 != 0
    }

    /// Whether every kind attacks by a leap or along one line whose fields between must be
    /// clear (a Pyramid never attacks): then a ply makes a new attack only from a field it put a
    /// piece on or along a line through a field it emptied (`attacks::attacked_through`).
    pub fn attacks_by_lines(&self) -> bool {
        self.kind_bits & !LINE_ATTACKERS == 0
    }

    /// Whether every kind moves by plies of its own only (nothing activates, diverges or
    /// teleports): every whole turn is one ply of one piece.
    pub fn single_plies(&self) -> bool {
        self.kind_bits & !SINGLE_PLY_MOVERS == 0
    }

    pub fn is_random(&self) -> bool {
        self.figure_row.is_empty()
    }

    /// The ranks (0-based, from the own side) where a private of `kind` starts and may rush
    /// from: Pawns and Grenadiers the Pawn rows, Scouts ranks 4-5 (HD-7).
    pub fn rush_rows(&self, kind: Kind) -> &'static [u8] {
        match kind {
            Kind::Scout => &[3, 4],
            _ => self.pawn_rows,
        }
    }

    /// Farthest rank (0-based, from light's side) a light Pawn may rush to: the last of its half.
    pub fn rush_limit(&self) -> u8 {
        self.size / 2 - 1
    }

    pub fn by_name(name: &str) -> Option<&'static Variant> {
        VARIANTS.iter().find(|v| v.name == name)
    }
}

use Kind::*;

/// The bits of `kinds` (the move generator and the attack test ask `Variant::has` often).
pub const fn kind_bits(kinds: &[Kind]) -> u32 {
    let mut bits = 0;
    let mut i = 0;
    while i < kinds.len() {
        bits |= 1 << kinds[i] as u32;
        i += 1;
    }
    bits
}

/// The kinds `Variant::attacks_by_lines` allows.
const LINE_ATTACKERS: u32 = kind_bits(&[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn,
]);
/// The kinds `Variant::single_plies` allows.
const SINGLE_PLY_MOVERS: u32 =
    kind_bits(&[Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Unicorn]);
const CLASSIC: &[Kind] = &[Pawn, Knight, Bishop, Rook, Queen, King];
const TIES: &[Kind] = &[Pawn, Knight, Bishop, Rook, Queen, King, Pegasus];
const TIES_SIMPLE: &[Kind] = &[Pawn, Bishop, Rook, Queen, King, Pegasus];
const MAYAN: &[Kind] = &[Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid];
const AQUARIUS: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn,
];

const PROMO_CLASSIC: &[Kind] = &[Queen, Rook, Bishop, Knight];
const PROMO_TIES: &[Kind] = &[Queen, Rook, Bishop, Knight, Pegasus];
const PROMO_TIES_SIMPLE: &[Kind] = &[Queen, Rook, Bishop, Pegasus];
const PROMO_MAYAN: &[Kind] = &[Queen, Rook, Bishop, Knight, Pegasus, Pyramid];
const PROMO_AQUARIUS: &[Kind] = &[Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn];
const VEIL: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave,
];
const NINETEEN: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star,
];
const HEMERA: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star, Centaur, Scout,
    Grenadier,
];
/// Any kind but Pawn, King and Star (section 2.10, L1730, L1869).
const PROMO_HEMERA: &[Kind] = &[
    Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn, Wave, Centaur, Scout, Grenadier,
];
const HEMERA_TROOPERS: &[(u8, u8, Kind)] = &[
    (2, 3, Scout),
    (6, 3, Scout),
    (13, 3, Scout),
    (17, 3, Scout),
    (3, 4, Scout),
    (5, 4, Scout),
    (14, 4, Scout),
    (16, 4, Scout),
    (2, 2, Grenadier),
    (6, 2, Grenadier),
    (13, 2, Grenadier),
    (17, 2, Grenadier),
    (3, 1, Grenadier),
    (5, 1, Grenadier),
    (14, 1, Grenadier),
    (16, 1, Grenadier),
];
const TLALOCAN: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star, Centaur, Scout,
    Grenadier, Serpent, Shaman,
];
/// Any kind but Pawn, King and Star (section 2.10).
const PROMO_TLALOCAN: &[Kind] = &[
    Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn, Wave, Centaur, Scout, Grenadier,
    Serpent, Shaman,
];
/// Scouts and Grenadiers around each Centaur and Shaman (files f, k, n, s): Tables 11-14,
/// L4891, L4917.
const TLALOCAN_TROOPERS: &[(u8, u8, Kind)] = &[
    (3, 3, Scout),
    (7, 3, Scout),
    (8, 3, Scout),
    (11, 3, Scout),
    (12, 3, Scout),
    (15, 3, Scout),
    (16, 3, Scout),
    (20, 3, Scout),
    (4, 4, Scout),
    (6, 4, Scout),
    (9, 4, Scout),
    (11, 4, Scout),
    (12, 4, Scout),
    (14, 4, Scout),
    (17, 4, Scout),
    (19, 4, Scout),
    (3, 2, Grenadier),
    (7, 2, Grenadier),
    (8, 2, Grenadier),
    (11, 2, Grenadier),
    (12, 2, Grenadier),
    (15, 2, Grenadier),
    (16, 2, Grenadier),
    (20, 2, Grenadier),
    (4, 1, Grenadier),
    (6, 1, Grenadier),
    (9, 1, Grenadier),
    (11, 1, Grenadier),
    (12, 1, Grenadier),
    (14, 1, Grenadier),
    (17, 1, Grenadier),
    (19, 1, Grenadier),
];
/// Conquest of Tlalocan's pieces and the Monolith (part 2 section 1).
const DISCOVERY: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star, Centaur, Scout,
    Grenadier, Serpent, Shaman, Monolith,
];
/// Discovery's pieces and the Starchild (part 2 section 1).
const ONE: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star, Centaur, Scout,
    Grenadier, Serpent, Shaman, Monolith, Starchild,
];
/// Any kind but Pawn, King, Star and Monolith (section 2.10).
const PROMO_ONE: &[Kind] = &[
    Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn, Wave, Centaur, Scout, Grenadier,
    Serpent, Shaman, Starchild,
];
/// Scouts and Grenadiers around each Centaur and Shaman (files g, l, o, t): Tables 11-14,
/// L4893, L4919.
const ONE_TROOPERS: &[(u8, u8, Kind)] = &[
    (4, 3, Scout),
    (8, 3, Scout),
    (9, 3, Scout),
    (12, 3, Scout),
    (13, 3, Scout),
    (16, 3, Scout),
    (17, 3, Scout),
    (21, 3, Scout),
    (5, 4, Scout),
    (7, 4, Scout),
    (10, 4, Scout),
    (12, 4, Scout),
    (13, 4, Scout),
    (15, 4, Scout),
    (18, 4, Scout),
    (20, 4, Scout),
    (4, 2, Grenadier),
    (8, 2, Grenadier),
    (9, 2, Grenadier),
    (12, 2, Grenadier),
    (13, 2, Grenadier),
    (16, 2, Grenadier),
    (17, 2, Grenadier),
    (21, 2, Grenadier),
    (5, 1, Grenadier),
    (7, 1, Grenadier),
    (10, 1, Grenadier),
    (12, 1, Grenadier),
    (13, 1, Grenadier),
    (15, 1, Grenadier),
    (18, 1, Grenadier),
    (20, 1, Grenadier),
];
const TAMOANCHAN: &[Kind] = &[
    Pawn, Knight, Bishop, Rook, Queen, King, Pegasus, Pyramid, Unicorn, Wave, Star, Centaur, Scout,
    Grenadier, Serpent,
];
const PROMO_TAMOANCHAN: &[Kind] = &[
    Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn, Wave, Centaur, Scout, Grenadier,
    Serpent,
];
/// Around the Centaurs on i1 and n1 (Tables 11-14, L4890, L4916): k4/l4 and k3/l3 adjacent.
const TAMOANCHAN_TROOPERS: &[(u8, u8, Kind)] = &[
    (6, 3, Scout),
    (10, 3, Scout),
    (11, 3, Scout),
    (15, 3, Scout),
    (7, 4, Scout),
    (9, 4, Scout),
    (12, 4, Scout),
    (14, 4, Scout),
    (6, 2, Grenadier),
    (10, 2, Grenadier),
    (11, 2, Grenadier),
    (15, 2, Grenadier),
    (7, 1, Grenadier),
    (9, 1, Grenadier),
    (12, 1, Grenadier),
    (14, 1, Grenadier),
];
/// Never to a Star (L1404, L1569).
const PROMO_VEIL: &[Kind] = &[Queen, Rook, Bishop, Knight, Pegasus, Pyramid, Unicorn, Wave];

const fn simple(
    name: &'static str,
    symbol: Option<&'static str>,
    size: u8,
    figure_row: &'static str,
    ties: bool,
    random: bool,
) -> Variant {
    Variant {
        name,
        symbol,
        size,
        figure_row: if random { "" } else { figure_row },
        pawn_rows: if ties && random { &[1, 2] } else { &[1] },
        sideways_pawns: ties,
        castling: if random {
            Castling::Random
        } else {
            Castling::Closest
        },
        castle_through_check: false,
        promotion: Promotion::Forced,
        promote_to: if ties {
            PROMO_TIES_SIMPLE
        } else {
            PROMO_CLASSIC
        },
        kinds: if ties { TIES_SIMPLE } else { CLASSIC },
        kind_bits: kind_bits(if ties { TIES_SIMPLE } else { CLASSIC }),
        troopers: &[],
        limits: NO_LIMITS,
    }
}

const CC14: &str = "RNBRNBQKBNRBNR";
const CC20: &str = "RNBRNBRNBQKBNRBNRBNR";
const CC26: &str = "RNBRNBRNBRNBQKBNRBNRBNRBNR";
const CT14: &str = "REBREBQKBERBER";
const CT20: &str = "REBREBREBQKBERBERBER";
const CT26: &str = "REBREBREBREBQKBERBERBERBER";

/// Conquest of Tlalocan (part 2 section 1): forced promotion (L3182), Scouts 6, Grenadiers
/// 4 / 2, Serpents 15 (Table 16).
const TLALOCAN_VARIANT: Variant = Variant {
    name: "tlalocan",
    symbol: Some("cot"),
    size: 24,
    figure_row: "TRNBSCUWEAHQKHAEWUCSBNRT",
    pawn_rows: &[1, 2],
    sideways_pawns: true,
    castling: Castling::Closest,
    castle_through_check: true,
    promotion: Promotion::Forced,
    promote_to: PROMO_TLALOCAN,
    kinds: TLALOCAN,
    kind_bits: kind_bits(TLALOCAN),
    troopers: TLALOCAN_TROOPERS,
    limits: Limits {
        scout: 6,
        grenadier_h: 4,
        grenadier_v: 2,
        serpent: 15,
    },
};

pub static VARIANTS: [Variant; 22] = [
    Variant {
        name: "croatianties",
        symbol: Some("ct"),
        size: 10,
        figure_row: "RENBQKBNER",
        pawn_rows: &[1],
        sideways_pawns: false,
        castling: Castling::Closest,
        castle_through_check: false,
        promotion: Promotion::Forced,
        promote_to: PROMO_TIES,
        kinds: TIES,
        kind_bits: kind_bits(TIES),
        troopers: &[],
        limits: NO_LIMITS,
    },
    Variant {
        name: "mayanascendancy",
        symbol: Some("ma"),
        size: 12,
        figure_row: "REANBQKBNAER",
        pawn_rows: &[1],
        sideways_pawns: false,
        castling: Castling::Closest,
        castle_through_check: false,
        promotion: Promotion::Forced,
        promote_to: PROMO_MAYAN,
        kinds: MAYAN,
        kind_bits: kind_bits(MAYAN),
        troopers: &[],
        limits: NO_LIMITS,
    },
    Variant {
        name: "ageofaquarius",
        symbol: Some("aoa"),
        size: 14,
        figure_row: "REAUNBQKBNUAER",
        pawn_rows: &[1],
        sideways_pawns: false,
        castling: Castling::Closest,
        castle_through_check: false,
        promotion: Promotion::Delayed,
        promote_to: PROMO_AQUARIUS,
        kinds: AQUARIUS,
        kind_bits: kind_bits(AQUARIUS),
        troopers: &[],
        limits: NO_LIMITS,
    },
    Variant {
        name: "mirandasveil",
        symbol: Some("mv"),
        size: 16,
        figure_row: "REAUWNBQKBNWUAER",
        pawn_rows: &[1],
        sideways_pawns: false,
        castling: Castling::Closest,
        castle_through_check: false,
        promotion: Promotion::Delayed,
        promote_to: PROMO_VEIL,
        kinds: VEIL,
        kind_bits: kind_bits(VEIL),
        troopers: &[],
        limits: NO_LIMITS,
    },
    // The corner Stars are written `T` in the row; their colour is the opposite of their field's
    // (light Stars on a1 and r18, dark on r1 and a18, L1394).
    Variant {
        name: "nineteen",
        symbol: Some("n"),
        size: 18,
        figure_row: "TRNBWEUAQKAUEWBNRT",
        pawn_rows: &[1, 2],
        sideways_pawns: true,
        castling: Castling::Closest,
        castle_through_check: true,
        promotion: Promotion::Delayed,
        promote_to: PROMO_VEIL,
        kinds: NINETEEN,
        kind_bits: kind_bits(NINETEEN),
        troopers: &[],
        limits: NO_LIMITS,
    },
    // Scouts and Grenadiers around each Centaur (files e and p): Tables 11-14, L4889, L4915.
    Variant {
        name: "hemerasdawn",
        symbol: Some("hd"),
        size: 20,
        figure_row: "TRNBCWEUAQKAUEWCBNRT",
        pawn_rows: &[1, 2],
        sideways_pawns: true,
        castling: Castling::Closest,
        castle_through_check: true,
        promotion: Promotion::Delayed,
        promote_to: PROMO_HEMERA,
        kinds: HEMERA,
        kind_bits: kind_bits(HEMERA),
        troopers: HEMERA_TROOPERS,
        limits: Limits {
            scout: 5,
            grenadier_h: 3,
            grenadier_v: 2,
            serpent: 0,
        },
    },
    // The Serpent (part 2 section 4.4); rush up to rank 11, castling 2-8 (Tables 16-18).
    Variant {
        name: "tamoanchan",
        symbol: Some("tr"),
        size: 22,
        figure_row: "TRNBSWUECAQKACEUWSBNRT",
        pawn_rows: &[1, 2],
        sideways_pawns: true,
        castling: Castling::Closest,
        castle_through_check: true,
        promotion: Promotion::Delayed,
        promote_to: PROMO_TAMOANCHAN,
        kinds: TAMOANCHAN,
        kind_bits: kind_bits(TAMOANCHAN),
        troopers: TAMOANCHAN_TROOPERS,
        limits: Limits {
            scout: 6,
            grenadier_h: 4,
            grenadier_v: 2,
            serpent: 14,
        },
    },
    TLALOCAN_VARIANT,
    // Discovery (part 2 section 1): Conquest of Tlalocan with the Monoliths on b7 and w18
    // (`monolith::start_fields`); promotion waits again (L3462).
    Variant {
        name: "discovery",
        symbol: Some("d"),
        promotion: Promotion::Delayed,
        kinds: DISCOVERY,
        kind_bits: kind_bits(DISCOVERY),
        ..TLALOCAN_VARIANT
    },
    // One (part 2 section 1): the Starchilds, the Monoliths on b8 and y19; Scouts 7,
    // Grenadiers 5 / 3, Serpents 16 (Table 16), delayed promotion (L3955).
    Variant {
        name: "one",
        symbol: Some("o"),
        size: 26,
        figure_row: "TRNBSICUEWAHQKHAWEUCISBNRT",
        pawn_rows: &[1, 2],
        sideways_pawns: true,
        castling: Castling::Closest,
        castle_through_check: true,
        promotion: Promotion::Delayed,
        promote_to: PROMO_ONE,
        kinds: ONE,
        kind_bits: kind_bits(ONE),
        troopers: ONE_TROOPERS,
        limits: Limits {
            scout: 7,
            grenadier_h: 5,
            grenadier_v: 3,
            serpent: 16,
        },
    },
    simple("classical14", Some("cc14"), 14, CC14, false, false),
    simple("classical20", Some("cc20"), 20, CC20, false, false),
    simple("classical26", Some("cc26"), 26, CC26, false, false),
    simple("croatianties14", Some("ct14"), 14, CT14, true, false),
    simple("croatianties20", Some("ct20"), 20, CT20, true, false),
    simple("croatianties26", Some("ct26"), 26, CT26, true, false),
    simple("classical14random", None, 14, CC14, false, true),
    simple("classical20random", None, 20, CC20, false, true),
    simple("classical26random", None, 26, CC26, false, true),
    simple("croatianties14random", None, 14, CT14, true, true),
    simple("croatianties20random", None, 20, CT20, true, true),
    simple("croatianties26random", None, 26, CT26, true, true),
];

/// Every variant name this family plays, in table order.
pub static NAMES: [&str; 22] = [
    "croatianties",
    "mayanascendancy",
    "ageofaquarius",
    "mirandasveil",
    "nineteen",
    "hemerasdawn",
    "tamoanchan",
    "tlalocan",
    "discovery",
    "one",
    "classical14",
    "classical20",
    "classical26",
    "croatianties14",
    "croatianties20",
    "croatianties26",
    "classical14random",
    "classical20random",
    "classical26random",
    "croatianties14random",
    "croatianties20random",
    "croatianties26random",
];
