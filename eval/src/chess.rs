//! Orthodox chess evaluation: tapered (middlegame/endgame) material and piece-square tables,
//! mobility, pawn structure, passed pawns, king safety (with safe checks and the pawn storm), the
//! kings' distances to the nearest pawns, bishop pair and rooks on open files, threats (with safe
//! pawn pushes), pinned pieces, bishops' own pawns and contested squares, plus static exchange
//! evaluation for the search's capture ordering.
//!
//! Every weight lives in [`PARAMS`] (`chess/weights.rs`, written by the Texel tuner in `tune/`);
//! the code only counts, through [`Terms`], so that the tuner can trace the same code.
//!
//! Chess also has a trained network ([`nnue`]); [`ChessEvaluator`] plays with it when the
//! `UseNNUE` option is on and with the hand-written evaluation otherwise (the default: the
//! network does not yet play as well, see the README's "Strength").

use tiamat_engine::games::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks_set, queen_attacks, rook_attacks,
};
use tiamat_engine::games::chess::bitboard::{file_mask, rank_mask, DARK_SQUARES, LIGHT_SQUARES};
use tiamat_engine::games::chess::{squares, Bitboard, Chess, ChessMove, PieceType, Square};
use tiamat_engine::search::Evaluator;
use tiamat_engine::Color;

use crate::{HasEvaluator, Recorder, Terms, Trace};

pub mod nnue;
mod weights;

use nnue::{Network, NnuePath, NETWORK};
pub use weights::PARAMS;

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::Add for Pair {
    type Output = Pair;
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// Sections of [`PARAMS`]: each a run of (middlegame, endgame) pairs.
pub const MATERIAL: usize = 0;
/// Piece-square tables, 64 entries per piece kind, squares from the owner's side (a1 first).
pub const PST: usize = MATERIAL + 6;
/// Mobility by the number of safe squares attacked, per piece kind.
pub const MOBILITY_KNIGHT: usize = PST + 6 * 64;
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
pub const DOUBLED: usize = MOBILITY_QUEEN + 28;
pub const ISOLATED: usize = DOUBLED + 1;
pub const BACKWARD: usize = ISOLATED + 1;
/// Passed pawns by relative rank (rank 1..8 as 0..7).
pub const PASSED: usize = BACKWARD + 1;
/// Per square of the enemy king's (own king's) distance to a passed pawn's stop square, by rank.
pub const PASSED_THEIR_KING: usize = PASSED + 8;
pub const PASSED_OUR_KING: usize = PASSED_THEIR_KING + 8;
pub const BISHOP_PAIR: usize = PASSED_OUR_KING + 8;
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Own pawns in front of a king on its first two ranks: on the second and third relative ranks.
pub const SHIELD: usize = ROOK_SEMI_OPEN_FILE + 1;
/// By the attack units on the enemy king's zone (with at least two attackers).
pub const KING_DANGER: usize = SHIELD + 2;
/// Enemy pieces attacked by our pawns, minor pieces, rooks, by the victim's kind.
pub const THREAT_BY_PAWN: usize = KING_DANGER + KING_DANGER_UNITS;
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6;
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// Enemy pieces (not pawns) we attack that nothing of theirs defends.
pub const HANGING: usize = THREAT_BY_ROOK + 6;
/// Pawns beside or defended by an own pawn, by relative rank.
pub const CONNECTED: usize = HANGING + 1;
/// Knights and bishops on the enemy's half, defended by a pawn, out of the enemy pawns' reach.
pub const KNIGHT_OUTPOST: usize = CONNECTED + 8;
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// A knight, bishop, rook or queen can check the enemy king from a square that is not ours and
/// the enemy does not attack, per kind.
pub const SAFE_CHECK: usize = BISHOP_OUTPOST + 1;
/// Our most advanced pawn on the enemy king's file and each file beside it, not past the king,
/// by relative rank: with its stop square free of enemy pawns, or blocked by one.
pub const STORM_FREE: usize = SAFE_CHECK + 4;
pub const STORM_BLOCKED: usize = STORM_FREE + 8;
/// A king's distance to the nearest own and the nearest enemy pawn: 1 to 5 squares, or more.
pub const KING_OWN_PAWN: usize = STORM_BLOCKED + 8;
pub const KING_ENEMY_PAWN: usize = KING_OWN_PAWN + KING_PAWN_BUCKETS;
/// Enemy pieces (not pawns) a safe push of one of our pawns would attack.
pub const PAWN_PUSH_THREAT: usize = KING_ENEMY_PAWN + KING_PAWN_BUCKETS;
/// Our pieces pinned to our king, by kind.
pub const PINNED: usize = PAWN_PUSH_THREAT + 1;
/// Per bishop, our pawns on squares of its colour.
pub const BISHOP_PAWNS: usize = PINNED + 5;
/// Squares both sides attack that the enemy does not hold strongly (by a pawn, or twice
/// against our once).
pub const RESTRICTED: usize = BISHOP_PAWNS + 1;
pub const PARAM_COUNT: usize = RESTRICTED + 1;

/// Every section's name, start and length, in order (for the tuner's output).
pub const SECTIONS: &[(&str, usize, usize)] = &[
    ("material", MATERIAL, 6),
    ("pst_pawn", PST, 64),
    ("pst_knight", PST + 64, 64),
    ("pst_bishop", PST + 2 * 64, 64),
    ("pst_rook", PST + 3 * 64, 64),
    ("pst_queen", PST + 4 * 64, 64),
    ("pst_king", PST + 5 * 64, 64),
    ("mobility_knight", MOBILITY_KNIGHT, 9),
    ("mobility_bishop", MOBILITY_BISHOP, 14),
    ("mobility_rook", MOBILITY_ROOK, 15),
    ("mobility_queen", MOBILITY_QUEEN, 28),
    ("doubled", DOUBLED, 1),
    ("isolated", ISOLATED, 1),
    ("backward", BACKWARD, 1),
    ("passed", PASSED, 8),
    ("passed_their_king", PASSED_THEIR_KING, 8),
    ("passed_our_king", PASSED_OUR_KING, 8),
    ("bishop_pair", BISHOP_PAIR, 1),
    ("rook_open_file", ROOK_OPEN_FILE, 1),
    ("rook_semi_open_file", ROOK_SEMI_OPEN_FILE, 1),
    ("shield", SHIELD, 2),
    ("king_danger", KING_DANGER, KING_DANGER_UNITS),
    ("threat_by_pawn", THREAT_BY_PAWN, 6),
    ("threat_by_minor", THREAT_BY_MINOR, 6),
    ("threat_by_rook", THREAT_BY_ROOK, 6),
    ("hanging", HANGING, 1),
    ("connected", CONNECTED, 8),
    ("knight_outpost", KNIGHT_OUTPOST, 1),
    ("bishop_outpost", BISHOP_OUTPOST, 1),
    ("safe_check", SAFE_CHECK, 4),
    ("storm_free", STORM_FREE, 8),
    ("storm_blocked", STORM_BLOCKED, 8),
    ("king_own_pawn", KING_OWN_PAWN, KING_PAWN_BUCKETS),
    ("king_enemy_pawn", KING_ENEMY_PAWN, KING_PAWN_BUCKETS),
    ("pawn_push_threat", PAWN_PUSH_THREAT, 1),
    ("pinned", PINNED, 5),
    ("bishop_pawns", BISHOP_PAWNS, 1),
    ("restricted", RESTRICTED, 1),
];

const MOBILITY: [usize; 4] = [
    MOBILITY_KNIGHT,
    MOBILITY_BISHOP,
    MOBILITY_ROOK,
    MOBILITY_QUEEN,
];
const KING_DANGER_UNITS: usize = 32;
const KING_PAWN_BUCKETS: usize = 6;

/// Phase units per piece kind; the full phase (24) is their sum in the start position.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const FULL_PHASE: i32 = 24;
/// King-zone attack units per attacked zone square, for knight, bishop, rook, queen.
const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
/// Added for the side to move, after the draw scaling.
pub const TEMPO: i32 = 12;

/// Exchange values for SEE (king: large, so capturing into a defended square never pays).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// White's terms minus Black's, with the current weights.
#[derive(Default)]
struct Sum(Pair);

impl Terms for Sum {
    #[inline]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let value = PARAMS[param] * count;
        match color {
            Color::White => self.0 += value,
            Color::Black => self.0 -= value,
        }
    }
}

/// Files adjacent to each file.
const ADJACENT_FILES: [Bitboard; 8] = {
    let mut out = [0; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            out[f] |= file_mask(f as u8 - 1);
        }
        if f < 7 {
            out[f] |= file_mask(f as u8 + 1);
        }
        f += 1;
    }
    out
};

/// Whole ranks strictly ahead of `rank` (toward the enemy) for White (0) or Black (1).
const fn ranks_ahead(color: usize, rank: usize) -> Bitboard {
    let mut rows = 0u64;
    let mut r = 0;
    while r < 8 {
        if (color == 0 && r > rank) || (color == 1 && r < rank) {
            rows |= 0xFFu64 << (8 * r);
        }
        r += 1;
    }
    rows
}

/// Squares strictly ahead of `sq` (toward the enemy) on its own and adjacent files, per colour:
/// a pawn is passed when no enemy pawn stands there.
const PASSED_SPAN: [[Bitboard; 64]; 2] = {
    let mut out = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let files = file_mask((sq % 8) as u8) | ADJACENT_FILES[sq % 8];
        out[0][sq] = files & ranks_ahead(0, sq / 8);
        out[1][sq] = files & ranks_ahead(1, sq / 8);
        sq += 1;
    }
    out
};

/// Squares on the adjacent files at or behind `sq`'s rank, per colour: where a supporting pawn
/// would stand.
const SUPPORT_SPAN: [[Bitboard; 64]; 2] = {
    let mut out = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        out[0][sq] = ADJACENT_FILES[sq % 8] & !ranks_ahead(0, sq / 8);
        out[1][sq] = ADJACENT_FILES[sq % 8] & !ranks_ahead(1, sq / 8);
        sq += 1;
    }
    out
};

/// Squares within `d` king steps of each square, for `d` below [`KING_PAWN_BUCKETS`].
const WITHIN: [[Bitboard; KING_PAWN_BUCKETS]; 64] = {
    let mut out = [[0; KING_PAWN_BUCKETS]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut other = 0;
        while other < 64 {
            let mut within = distance(Square::new(sq as u8), Square::new(other)) as usize;
            while within < KING_PAWN_BUCKETS {
                out[sq][within] |= 1u64 << other;
                within += 1;
            }
            other += 1;
        }
        sq += 1;
    }
    out
};

/// Relative ranks 4 to 6, per colour: where a minor piece can stand as an outpost.
const OUTPOST_RANKS: [Bitboard; 2] = [0x0000_FFFF_FF00_0000, 0x0000_00FF_FFFF_0000];

fn forward(color: Color, sq: Square) -> Square {
    match color {
        Color::White => Square::new(sq.index() as u8 + 8),
        Color::Black => Square::new(sq.index() as u8 - 8),
    }
}

/// King steps from `a` to `b`.
const fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr {
        df
    } else {
        dr
    }
}

/// The hand-written chess evaluation (stateless; shared by every search thread). It also
/// supplies the exchange values and the zugzwang guard when the network evaluates.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessEval;

/// The evaluator chess is played with: the hand-written evaluation, or the network ([`nnue`])
/// when the `UseNNUE` option is on.
#[derive(Clone, Copy, Default)]
pub struct ChessEvaluator {
    network: Option<&'static Network>,
}

impl HasEvaluator for Chess {
    type Evaluator = ChessEvaluator;
}

impl Evaluator<Chess> for ChessEvaluator {
    type Path = NnuePath;

    fn evaluate(&self, pos: &Chess) -> i32 {
        match self.network {
            Some(network) if !pos.insufficient_material() => network.evaluate(pos),
            Some(_) => 0,
            None => ChessEval.evaluate(pos),
        }
    }

    fn path_root(&self, path: &mut NnuePath, root: &Chess) {
        if let Some(network) = self.network {
            path.root(network, root);
        }
    }

    fn path_play(&self, path: &mut NnuePath, ply: usize, _parent: &Chess, child: &Chess) {
        if self.network.is_some() {
            path.play(ply + 1, child);
        }
    }

    fn evaluate_path(&self, path: &mut NnuePath, ply: usize, pos: &Chess) -> i32 {
        match self.network {
            Some(network) if !pos.insufficient_material() => path.evaluate(network, ply, pos),
            Some(_) => 0,
            None => ChessEval.evaluate(pos),
        }
    }

    fn set_network(&mut self, enabled: bool) {
        self.network = enabled.then_some(&*NETWORK);
    }

    fn capture_order(&self, pos: &Chess, mv: &ChessMove) -> i32 {
        ChessEval.capture_order(pos, mv)
    }

    fn zugzwang_unlikely(&self, pos: &Chess) -> bool {
        ChessEval.zugzwang_unlikely(pos)
    }
}

impl ChessEval {
    /// The evaluation from White's point of view, before the side-to-move tempo.
    pub fn white_view(&self, pos: &Chess) -> i32 {
        let mut sum = Sum::default();
        let phase = terms(pos, &mut sum);
        let blended = blend(sum.0, phase);
        blended * draw_scale(pos, blended) / 8
    }

    /// The terms of `pos` for the tuner.
    pub fn trace(&self, pos: &Chess) -> Trace {
        let mut recorder = Recorder::new(PARAM_COUNT);
        let phase = terms(pos, &mut recorder);
        let mut sum = Sum::default();
        terms(pos, &mut sum);
        Trace {
            coefficients: recorder.coefficients(),
            phase,
            full_phase: FULL_PHASE,
            scale: f64::from(draw_scale(pos, blend(sum.0, phase))) / 8.0,
            tempo: match pos.side() {
                Color::White => TEMPO,
                Color::Black => -TEMPO,
            },
        }
    }
}

fn blend(score: Pair, phase: i32) -> i32 {
    (score.0 * phase + score.1 * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Sends every term of `pos` to `out`; returns the game phase.
fn terms<T: Terms>(pos: &Chess, out: &mut T) -> i32 {
    let occ = pos.occupied();
    let mut phase = 0;
    for kind in PieceType::ALL {
        phase += PHASE[kind.index()] * pos.pieces_of_type(kind).count_ones() as i32;
    }
    let attacks = [Color::White, Color::Black].map(|us| side_terms(pos, us, occ, out));
    for us in [Color::White, Color::Black] {
        let (ours, theirs) = (&attacks[us.index()], &attacks[(!us).index()]);
        threats(pos, us, ours, theirs, out);
        safe_checks(pos, us, &ours.checks, theirs.all, out);
        pressure(pos, us, ours, theirs, out);
    }
    phase.min(FULL_PHASE)
}

/// The squares one side attacks, by kind of attacker.
struct Attacks {
    pawns: Bitboard,
    minors: Bitboard,
    rooks: Bitboard,
    all: Bitboard,
    /// Squares attacked at least twice (pawns counted as one attacker).
    twice: Bitboard,
    /// Squares from which a knight, bishop, rook or queen of ours could check the enemy king.
    checks: [Bitboard; 4],
}

fn safe_checks<T: Terms>(
    pos: &Chess,
    us: Color,
    checks: &[Bitboard; 4],
    theirs: Bitboard,
    out: &mut T,
) {
    let safe = !(pos.color_pieces(us) | theirs);
    for (k, &squares) in checks.iter().enumerate() {
        if squares & safe != 0 {
            out.add(us, SAFE_CHECK + k, 1);
        }
    }
}

/// Threats by safe pawn pushes, and squares the enemy contests without holding them.
fn pressure<T: Terms>(pos: &Chess, us: Color, ours: &Attacks, theirs: &Attacks, out: &mut T) {
    let them = !us;
    let occ = pos.occupied();
    let our_pawns = pos.pieces(us, PieceType::Pawn);
    // Single pushes, and double pushes from the third relative rank.
    let pushed = match us {
        Color::White => {
            let one = (our_pawns << 8) & !occ;
            one | ((one & rank_mask(2)) << 8) & !occ
        }
        Color::Black => {
            let one = (our_pawns >> 8) & !occ;
            one | ((one & rank_mask(5)) >> 8) & !occ
        }
    };
    // A push is safe where no enemy pawn guards the square and we guard it if they attack it.
    let safe_pushes = pushed & !theirs.pawns & (!theirs.all | ours.all);
    let pieces = pos.color_pieces(them)
        & !pos.pieces(them, PieceType::Pawn)
        & !pos.pieces(them, PieceType::King);
    let push_threats = pawn_attacks_set(us, safe_pushes) & pieces;
    if push_threats != 0 {
        out.add(us, PAWN_PUSH_THREAT, push_threats.count_ones() as i32);
    }

    let strongly_held = theirs.pawns | (theirs.twice & !ours.twice);
    let restricted = theirs.all & !strongly_held & ours.all;
    if restricted != 0 {
        out.add(us, RESTRICTED, restricted.count_ones() as i32);
    }
}

/// Enemy pieces under attack: by pawns, minor pieces and rooks (by victim), and undefended.
fn threats<T: Terms>(pos: &Chess, us: Color, ours: &Attacks, theirs: &Attacks, out: &mut T) {
    let them = !us;
    let pieces = pos.color_pieces(them) & !pos.pieces(them, PieceType::King);
    for (attacked, section) in [
        (ours.pawns, THREAT_BY_PAWN),
        (ours.minors, THREAT_BY_MINOR),
        (ours.rooks, THREAT_BY_ROOK),
    ] {
        let victims = pieces & attacked;
        if victims == 0 {
            continue;
        }
        for kind in PieceType::ALL {
            let count = (victims & pos.pieces(them, kind)).count_ones() as i32;
            if count > 0 {
                out.add(us, section + kind.index(), count);
            }
        }
    }
    let hanging = pieces & !pos.pieces(them, PieceType::Pawn) & ours.all & !theirs.all;
    if hanging != 0 {
        out.add(us, HANGING, hanging.count_ones() as i32);
    }
}

fn side_terms<T: Terms>(pos: &Chess, us: Color, occ: Bitboard, out: &mut T) -> Attacks {
    let them = !us;
    let own = pos.color_pieces(us);
    let our_pawns = pos.pieces(us, PieceType::Pawn);
    let their_pawns = pos.pieces(them, PieceType::Pawn);
    let their_pawn_attacks = pawn_attacks_set(them, their_pawns);
    let their_king = pos.king_square(them);
    let zone = king_attacks(their_king) | their_king.bit();
    let mobility_area = !(own | their_pawn_attacks);
    let our_pawn_attacks = pawn_attacks_set(us, our_pawns);
    let our_king = pos.king_square(us);
    let our_king_attacks = king_attacks(our_king);
    let mut attacks_of = Attacks {
        pawns: our_pawn_attacks,
        minors: 0,
        rooks: 0,
        all: our_pawn_attacks | our_king_attacks,
        twice: our_pawn_attacks & our_king_attacks,
        checks: [0; 4],
    };
    let diagonal_checks = bishop_attacks(their_king, occ);
    let orthogonal_checks = rook_attacks(their_king, occ);
    let check_squares = [
        knight_attacks(their_king),
        diagonal_checks,
        orthogonal_checks,
        diagonal_checks | orthogonal_checks,
    ];
    let mut attack_units = 0;
    let mut attackers = 0;

    for kind in PieceType::ALL {
        for sq in squares(pos.pieces(us, kind)) {
            out.add(us, MATERIAL + kind.index(), 1);
            out.add(us, PST + kind.index() * 64 + sq.relative_to(us).index(), 1);
            let attacks = match kind {
                PieceType::Knight => knight_attacks(sq),
                PieceType::Bishop => bishop_attacks(sq, occ),
                PieceType::Rook => rook_attacks(sq, occ),
                PieceType::Queen => queen_attacks(sq, occ),
                _ => continue,
            };
            attacks_of.twice |= attacks_of.all & attacks;
            attacks_of.all |= attacks;
            match kind {
                PieceType::Knight | PieceType::Bishop => {
                    attacks_of.minors |= attacks;
                    if OUTPOST_RANKS[us.index()] & sq.bit() != 0
                        && our_pawn_attacks & sq.bit() != 0
                        && their_pawns
                            & ADJACENT_FILES[sq.file() as usize]
                            & PASSED_SPAN[us.index()][sq.index()]
                            == 0
                    {
                        let param = if kind == PieceType::Knight {
                            KNIGHT_OUTPOST
                        } else {
                            BISHOP_OUTPOST
                        };
                        out.add(us, param, 1);
                    }
                }
                PieceType::Rook => attacks_of.rooks |= attacks,
                _ => {}
            }
            if kind == PieceType::Bishop {
                let colour = if LIGHT_SQUARES & sq.bit() != 0 {
                    LIGHT_SQUARES
                } else {
                    DARK_SQUARES
                };
                let on_colour = (our_pawns & colour).count_ones() as i32;
                if on_colour > 0 {
                    out.add(us, BISHOP_PAWNS, on_colour);
                }
            }
            let k = kind.index() - 1;
            attacks_of.checks[k] |= attacks & check_squares[k];
            let mobility = (attacks & mobility_area).count_ones() as usize;
            out.add(us, MOBILITY[k] + mobility, 1);
            let zone_hits = (attacks & zone).count_ones() as i32;
            if zone_hits > 0 {
                attackers += 1;
                attack_units += KING_ATTACK_UNITS[k] * zone_hits;
            }
            if kind == PieceType::Rook {
                let file = file_mask(sq.file());
                if file & our_pawns == 0 {
                    let param = if file & their_pawns == 0 {
                        ROOK_OPEN_FILE
                    } else {
                        ROOK_SEMI_OPEN_FILE
                    };
                    out.add(us, param, 1);
                }
            }
        }
    }
    if attackers >= 2 {
        let units = attack_units.clamp(0, KING_DANGER_UNITS as i32 - 1) as usize;
        out.add(us, KING_DANGER + units, 1);
    }
    let pinned = pos.pinned_for(us, our_king, occ);
    if pinned != 0 {
        for kind in &PieceType::ALL[..5] {
            let count = (pinned & pos.pieces(us, *kind)).count_ones() as i32;
            if count > 0 {
                out.add(us, PINNED + kind.index(), count);
            }
        }
    }
    if pos.pieces(us, PieceType::Bishop).count_ones() >= 2 {
        out.add(us, BISHOP_PAIR, 1);
    }
    pawn_terms(pos, us, our_pawns, their_pawns, their_pawn_attacks, out);
    shield(pos, us, our_pawns, out);
    storm(pos, us, our_pawns, their_pawns, out);
    king_pawn_distance(pos, us, our_pawns, their_pawns, out);
    attacks_of
}

/// Our most advanced pawn on each of the enemy king's file and the files beside it, counting only
/// pawns not past the king's rank; indexed by its relative rank, free or with an enemy pawn on
/// its stop square.
fn storm<T: Terms>(
    pos: &Chess,
    us: Color,
    our_pawns: Bitboard,
    their_pawns: Bitboard,
    out: &mut T,
) {
    let king = pos.king_square(!us);
    let king_rank = king.relative_to(us).rank();
    // The ranks up to the king's, from our side.
    let not_past = match us {
        Color::White => u64::MAX >> (8 * (7 - king.rank())),
        Color::Black => u64::MAX << (8 * king.rank()),
    };
    let stormers = our_pawns & not_past;
    for file in king.file().saturating_sub(1)..=(king.file() + 1).min(7) {
        let on_file = stormers & file_mask(file);
        if on_file == 0 {
            continue;
        }
        let front = match us {
            Color::White => Square::new(63 - on_file.leading_zeros() as u8),
            Color::Black => Square::new(on_file.trailing_zeros() as u8),
        };
        let rank = front.relative_to(us).rank();
        debug_assert!(rank <= king_rank);
        let blocked = forward_in_board(us, front) && their_pawns & forward(us, front).bit() != 0;
        let section = if blocked { STORM_BLOCKED } else { STORM_FREE };
        out.add(us, section + rank as usize, 1);
    }
}

/// The king's distance to the nearest own pawn and to the nearest enemy pawn (mostly an endgame
/// matter: a king near the pawns defends its own and takes the enemy's).
fn king_pawn_distance<T: Terms>(
    pos: &Chess,
    us: Color,
    our_pawns: Bitboard,
    their_pawns: Bitboard,
    out: &mut T,
) {
    let king = pos.king_square(us);
    for (pawns, section) in [(our_pawns, KING_OWN_PAWN), (their_pawns, KING_ENEMY_PAWN)] {
        if pawns == 0 {
            continue;
        }
        let bucket = (0..KING_PAWN_BUCKETS - 1)
            .find(|&b| WITHIN[king.index()][b + 1] & pawns != 0)
            .unwrap_or(KING_PAWN_BUCKETS - 1);
        out.add(us, section + bucket, 1);
    }
}

fn pawn_terms<T: Terms>(
    pos: &Chess,
    us: Color,
    our_pawns: Bitboard,
    their_pawns: Bitboard,
    their_pawn_attacks: Bitboard,
    out: &mut T,
) {
    for file in 0..8u8 {
        let count = (our_pawns & file_mask(file)).count_ones() as i32;
        if count > 1 {
            out.add(us, DOUBLED, count - 1);
        }
    }
    let our_king = pos.king_square(us);
    let their_king = pos.king_square(!us);
    for sq in squares(our_pawns) {
        let file = sq.file() as usize;
        let rank = sq.relative_to(us).rank() as usize;
        let beside = ADJACENT_FILES[file] & (0xFFu64 << (8 * sq.rank()));
        if our_pawns & beside != 0 || pawn_attacks_set(us, our_pawns) & sq.bit() != 0 {
            out.add(us, CONNECTED + rank, 1);
        }
        if our_pawns & ADJACENT_FILES[file] == 0 {
            out.add(us, ISOLATED, 1);
        } else if our_pawns & SUPPORT_SPAN[us.index()][sq.index()] == 0
            && forward_in_board(us, sq)
            && their_pawn_attacks & forward(us, sq).bit() != 0
        {
            out.add(us, BACKWARD, 1);
        }
        if their_pawns & PASSED_SPAN[us.index()][sq.index()] == 0 {
            out.add(us, PASSED + rank, 1);
            if forward_in_board(us, sq) {
                // The kings race to the stop square.
                let stop = forward(us, sq);
                out.add(us, PASSED_THEIR_KING + rank, distance(their_king, stop));
                out.add(us, PASSED_OUR_KING + rank, distance(our_king, stop));
            }
        }
    }
}

impl ChessEval {
    /// Static exchange evaluation of `mv`: the material the mover gains on the target square if
    /// both sides capture there with their least valuable piece for as long as it pays.
    pub fn see(&self, pos: &Chess, mv: ChessMove) -> i32 {
        let from = mv.from();
        let to = mv.to();
        let Some(mover) = pos.piece_at(from) else {
            return 0;
        };
        let mut occ = pos.occupied() ^ from.bit();
        let mut gain = [0i32; 34];
        gain[0] = if mv.is_en_passant() {
            let captured = Square::new(to.index() as u8 ^ 8);
            occ ^= captured.bit();
            SEE_VALUE[0]
        } else {
            pos.piece_at(to).map_or(0, |p| SEE_VALUE[p.kind.index()])
        };
        let mut on_square = SEE_VALUE[mover.kind.index()];
        if let Some(promoted) = mv.promotion_piece() {
            gain[0] += SEE_VALUE[promoted.index()] - SEE_VALUE[0];
            on_square = SEE_VALUE[promoted.index()];
        }
        let diagonal = pos.pieces_of_type(PieceType::Bishop) | pos.pieces_of_type(PieceType::Queen);
        let orthogonal = pos.pieces_of_type(PieceType::Rook) | pos.pieces_of_type(PieceType::Queen);
        let mut attackers = pos.attackers_to(to, occ) & occ;
        let mut side = !mover.color;
        let mut depth = 0;
        loop {
            let ours = attackers & pos.color_pieces(side);
            if ours == 0 {
                break;
            }
            let Some((sq, kind)) = least_valuable(pos, ours) else {
                break;
            };
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            if (-gain[depth - 1]).max(gain[depth]) < 0 || depth == gain.len() - 1 {
                break;
            }
            occ ^= sq.bit();
            // Sliders behind the piece that just captured join in.
            attackers |=
                (bishop_attacks(to, occ) & diagonal) | (rook_attacks(to, occ) & orthogonal);
            attackers &= occ;
            on_square = SEE_VALUE[kind.index()];
            side = !side;
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }
}

fn forward_in_board(color: Color, sq: Square) -> bool {
    match color {
        Color::White => sq.rank() < 7,
        Color::Black => sq.rank() > 0,
    }
}

fn least_valuable(pos: &Chess, set: Bitboard) -> Option<(Square, PieceType)> {
    for kind in PieceType::ALL {
        let of_kind = set & pos.pieces_of_type(kind);
        if of_kind != 0 {
            return squares(of_kind).next().map(|sq| (sq, kind));
        }
    }
    None
}

/// Own pawns in front of a king on its first two ranks.
fn shield<T: Terms>(pos: &Chess, us: Color, our_pawns: Bitboard, out: &mut T) {
    let king = pos.king_square(us);
    if king.relative_to(us).rank() > 1 {
        return;
    }
    let files = file_mask(king.file()) | ADJACENT_FILES[king.file() as usize];
    for i in 0..2 {
        let rank = match us {
            Color::White => 1 + i as u8,
            Color::Black => 6 - i as u8,
        };
        let row = 0xFFu64 << (8 * rank);
        let count = (our_pawns & files & row).count_ones() as i32;
        if count > 0 {
            out.add(us, SHIELD + i, count);
        }
    }
}

/// The share (of 8) of a score kept where the side ahead cannot win: nothing for dead-drawn
/// material, one eighth with no pawns and at most a minor piece more.
fn draw_scale(pos: &Chess, score: i32) -> i32 {
    if pos.insufficient_material() {
        return 0;
    }
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    if pos.pieces(strong, PieceType::Pawn) != 0 {
        return 8;
    }
    let minor_material = |c: Color| {
        let mut m = 0;
        for kind in [
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ] {
            m += SEE_VALUE[kind.index()] * pos.pieces(c, kind).count_ones() as i32;
        }
        m
    };
    if minor_material(strong) - minor_material(!strong) <= SEE_VALUE[PieceType::Bishop.index()] {
        1
    } else {
        8
    }
}

impl Evaluator<Chess> for ChessEval {
    type Path = ();

    fn evaluate(&self, pos: &Chess) -> i32 {
        let white = self.white_view(pos);
        let relative = match pos.side() {
            Color::White => white,
            Color::Black => -white,
        };
        relative + TEMPO
    }

    fn capture_order(&self, pos: &Chess, mv: &ChessMove) -> i32 {
        self.see(pos, *mv)
    }

    fn zugzwang_unlikely(&self, pos: &Chess) -> bool {
        let us = pos.side();
        let pieces = pos.color_pieces(us)
            & !pos.pieces_of_type(PieceType::Pawn)
            & !pos.pieces_of_type(PieceType::King);
        pieces != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::Game;

    fn pos(fen: &str) -> Chess {
        Chess::from_position_string("chess", fen).unwrap()
    }

    fn mv(p: &Chess, text: &str) -> ChessMove {
        p.parse_move(text).unwrap()
    }

    #[test]
    fn start_position_is_balanced() {
        let start = Chess::start_position("chess").unwrap();
        assert_eq!(ChessEval.white_view(&start), 0);
        assert_eq!(ChessEval.evaluate(&start), TEMPO);
    }

    /// Positions and their colour mirrors (the board flipped, the colours and the side to move
    /// swapped).
    pub(crate) const MIRRORED_PAIRS: [(&str, &str); 3] = [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        ),
        (
            "8/5pk1/6p1/8/3P4/8/5PPP/6K1 w - - 0 1",
            "6k1/5ppp/8/3p4/8/6P1/5PK1/8 b - - 0 1",
        ),
        (
            "3r1rk1/5pp1/2N2P1p/6P1/8/8/PP3K2/R7 w - - 0 1",
            "r7/pp3k2/8/8/6p1/2n2p1P/5PP1/3R1RK1 b - - 0 1",
        ),
    ];

    #[test]
    fn the_third_mirrored_pair_has_the_king_terms() {
        let fen = MIRRORED_PAIRS[2].0;
        assert_eq!(coefficient(fen, SAFE_CHECK), 1);
        assert_eq!(coefficient(fen, STORM_BLOCKED + 5), 1);
        assert_eq!(coefficient(fen, STORM_FREE + 4), 1);
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        for (a, b) in MIRRORED_PAIRS {
            assert_eq!(
                ChessEval.evaluate(&pos(a)),
                ChessEval.evaluate(&pos(b)),
                "{a}"
            );
        }
    }

    #[test]
    fn extra_material_counts() {
        let up_a_knight = pos("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(ChessEval.white_view(&up_a_knight) > 200);
    }

    #[test]
    fn insufficient_material_is_zero() {
        assert_eq!(
            ChessEval.white_view(&pos("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")),
            0
        );
        assert_eq!(
            ChessEval.white_view(&pos("8/8/4k3/8/8/3BK3/8/8 b - - 0 1")),
            0
        );
    }

    #[test]
    fn passed_pawn_beats_blocked_pawn() {
        let passed = pos("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let opposed = pos("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
        // One pawn each side minus one pawn for White would be even; the passer is worth more.
        assert!(ChessEval.white_view(&passed) > 100);
        assert!(ChessEval.white_view(&opposed).abs() < 60);
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let healthy = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let doubled = pos("4k3/pp6/8/8/8/1P6/1P6/4K3 w - - 0 1");
        assert!(ChessEval.white_view(&healthy) > ChessEval.white_view(&doubled));
    }

    #[test]
    fn rook_prefers_the_open_file() {
        let open = pos("6k1/pppp1ppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1");
        let closed = pos("6k1/pppp1ppp/8/8/8/8/PPPP1PPP/3R1K2 w - - 0 1");
        assert!(ChessEval.white_view(&open) > ChessEval.white_view(&closed));
    }

    #[test]
    fn bishop_pair_is_a_bonus() {
        let pair = pos("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let knight = pos("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1");
        assert!(ChessEval.white_view(&pair) > ChessEval.white_view(&knight));
    }

    #[test]
    fn see_values_exchanges() {
        // Pawn takes a defended knight: +320 - 100 = 220 after the recapture.
        let p = pos("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(ChessEval.see(&p, mv(&p, "e4d5")), 320 - 100);
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        let q = pos("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1");
        assert_eq!(ChessEval.see(&q, mv(&q, "d2d5")), 100 - 950);
        // Rook takes an undefended pawn.
        let r = pos("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
        assert_eq!(ChessEval.see(&r, mv(&r, "d2d5")), 100);
        // X-ray: doubled rooks win a pawn defended once by a rook.
        let x = pos("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
        assert_eq!(ChessEval.see(&x, mv(&x, "d2d5")), 100);
        // A quiet move onto a square a pawn guards loses the piece.
        let quiet = pos("4k3/8/2p5/8/8/8/8/3RK3 w - - 0 1");
        assert_eq!(ChessEval.see(&quiet, mv(&quiet, "d1d5")), -500);
    }

    #[test]
    fn trace_reproduces_the_evaluation() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5pk1/6p1/8/3P4/8/5PPP/6K1 b - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1KN2 b - - 0 1",
        ] {
            let p = pos(fen);
            let trace = ChessEval.trace(&p);
            let mut sum = Pair::default();
            for &(param, count) in &trace.coefficients {
                sum += PARAMS[param] * count;
            }
            let white = f64::from(blend(sum, trace.phase)) * trace.scale;
            assert!(
                (white - f64::from(ChessEval.white_view(&p))).abs() <= 1.0,
                "{fen}"
            );
            let relative = if p.side() == Color::White { 1 } else { -1 };
            assert_eq!(trace.tempo * relative, TEMPO);
        }
    }

    fn coefficient(fen: &str, param: usize) -> i32 {
        ChessEval
            .trace(&pos(fen))
            .coefficients
            .iter()
            .find(|&&(p, _)| p == param)
            .map_or(0, |&(_, c)| c)
    }

    #[test]
    fn safe_checks_are_counted_by_kind() {
        let (knight, rook) = (SAFE_CHECK, SAFE_CHECK + 2);
        // The b5 knight can check from c7 or d6, which nothing guards.
        let open = "4k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(open, knight), 1);
        assert_eq!(coefficient(open, rook), 0);
        // The d8 bishop guards c7 and the e7 pawn guards d6.
        assert_eq!(coefficient("3bk3/4p3/8/1N6/8/8/8/4K3 w - - 0 1", knight), 0);
        // A checking square holding our own piece does not count.
        assert_eq!(coefficient("3bk3/8/3P4/1N6/8/8/8/4K3 w - - 0 1", knight), 0);
        // The a1 rook checks from a8; Black's counts against White.
        assert_eq!(coefficient("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", rook), 1);
        assert_eq!(coefficient("r3k3/8/8/8/8/8/8/4K3 w - - 0 1", rook), -1);
        // The black king guards d8: no safe check there.
        assert_eq!(coefficient("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", rook), 0);
    }

    #[test]
    fn storming_pawns_are_counted_by_rank() {
        let fifth = 4;
        // The g5 pawn storms the g8 king freely, the h6 pawn against the h7 pawn in front.
        let storm = "6k1/7p/7P/6P1/8/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(storm, STORM_FREE + fifth), 1);
        assert_eq!(coefficient(storm, STORM_BLOCKED + 5), 1);
        // Only the most advanced pawn on a file counts: g5 and not g4.
        let doubled = "6k1/8/8/6P1/6P1/8/8/4K3 w - - 0 1";
        assert_eq!(coefficient(doubled, STORM_FREE + fifth), 1);
        assert_eq!(coefficient(doubled, STORM_FREE + 3), 0);
        // A pawn two files away from the king does not storm it.
        assert_eq!(
            coefficient("6k1/8/8/4P3/8/8/8/4K3 w - - 0 1", STORM_FREE + fifth),
            0
        );
        // A pawn past the king does not storm it either.
        assert_eq!(
            coefficient("8/6P1/5k2/8/8/8/8/4K3 w - - 0 1", STORM_FREE + 6),
            0
        );
        // Black's storm counts against White.
        assert_eq!(
            coefficient("4k3/8/8/8/6p1/8/8/6K1 w - - 0 1", STORM_FREE + fifth),
            -1
        );
    }

    #[test]
    fn kings_are_measured_to_the_nearest_pawns() {
        // White's king on e1 is one square from its d2 pawn; Black's king on h8 is six from it.
        let near = "7k/8/8/8/8/8/3P4/4K3 w - - 0 1";
        assert_eq!(coefficient(near, KING_OWN_PAWN), 1);
        assert_eq!(coefficient(near, KING_ENEMY_PAWN + 5), -1);
        assert_eq!(coefficient(near, KING_ENEMY_PAWN), 0);
        // From e1 to a2 is four squares; from h8 seven, in the last bucket with six.
        let far = "7k/8/8/8/8/8/P7/4K3 w - - 0 1";
        assert_eq!(coefficient(far, KING_OWN_PAWN + 3), 1);
        assert_eq!(coefficient(far, KING_ENEMY_PAWN + 5), -1);
        // Without pawns the term is silent.
        let bare = "7k/8/8/8/8/8/8/R3K3 w - - 0 1";
        for bucket in 0..KING_PAWN_BUCKETS {
            assert_eq!(coefficient(bare, KING_OWN_PAWN + bucket), 0);
            assert_eq!(coefficient(bare, KING_ENEMY_PAWN + bucket), 0);
        }
    }

    #[test]
    fn a_safe_pawn_push_threatens() {
        // e2-e4 forks the d5 and f5 knights, and nothing of Black's attacks e4.
        let fork = "4k3/8/8/3n1n2/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(coefficient(fork, PAWN_PUSH_THREAT), 2);
        // With a bishop on d5 guarding e4 the push is not safe.
        let guarded = "4k3/8/8/3b1n2/8/8/4P3/4K3 w - - 0 1";
        assert_eq!(coefficient(guarded, PAWN_PUSH_THREAT), 0);
    }

    #[test]
    fn pinned_pieces_are_counted_by_kind() {
        let pin = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
        assert_eq!(coefficient(pin, PINNED + 1), 1);
        // A second piece between them breaks the pin.
        assert_eq!(
            coefficient("4k3/4r3/8/8/4P3/8/4N3/4K3 w - - 0 1", PINNED + 1),
            0
        );
    }

    #[test]
    fn bishops_count_own_pawns_on_their_colour() {
        // The dark c1 bishop, dark b2 and d2 pawns, light a2.
        assert_eq!(
            coefficient("4k3/8/8/8/8/8/PP1P4/2B1K3 w - - 0 1", BISHOP_PAWNS),
            2
        );
    }

    #[test]
    fn restricted_squares_are_counted() {
        // Both knights contest c6 and e6; the b7 pawn holds c6 for Black: White 1, Black 2.
        assert_eq!(
            coefficient("3n3k/1p6/8/8/3N4/8/8/K7 w - - 0 1", RESTRICTED),
            -1
        );
    }

    #[test]
    fn zugzwang_guard_sees_pawn_endings() {
        assert!(!ChessEval.zugzwang_unlikely(&pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")));
        assert!(ChessEval.zugzwang_unlikely(&pos("4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1")));
    }
}
