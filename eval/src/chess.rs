//! Orthodox chess evaluation: tapered (middlegame/endgame) material and piece-square tables,
//! mobility, pawn structure, passed pawns, king safety, bishop pair and rooks on open files,
//! plus static exchange evaluation for the search's capture ordering.
//!
//! Every weight lives in the tables and the [`WEIGHTS`] struct below; the code only counts.

use tiamat_engine::games::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks_set, queen_attacks, rook_attacks,
};
use tiamat_engine::games::chess::bitboard::file_mask;
use tiamat_engine::games::chess::{squares, Bitboard, Chess, ChessMove, PieceType, Square};
use tiamat_engine::search::Evaluator;
use tiamat_engine::Color;

use crate::HasEvaluator;

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

/// The evaluation's weights.
pub struct Weights {
    /// Pawn, knight, bishop, rook, queen, king.
    pub material: [Pair; 6],
    /// Phase units per piece kind; the full phase is their sum in the start position.
    pub phase: [i32; 6],
    /// Per attacked safe square, for knight, bishop, rook, queen (index by kind - 1).
    pub mobility: [Pair; 4],
    /// Mobility counted from this many squares (per kind as above), so a cramped piece scores < 0.
    pub mobility_base: [i32; 4],
    pub doubled: Pair,
    pub isolated: Pair,
    pub backward: Pair,
    /// By relative rank of the passed pawn (rank 1..8 as 0..7).
    pub passed: [Pair; 8],
    /// Endgame: per rank-scaled square of king distance to the passed pawn's stop square.
    pub passed_king_distance: [i32; 2],
    pub bishop_pair: Pair,
    pub rook_open_file: Pair,
    pub rook_semi_open_file: Pair,
    /// Pawn shield in front of a castled king: on the second and third relative ranks.
    pub shield: [i32; 2],
    /// King-zone attack units per attacked zone square, for knight, bishop, rook, queen.
    pub king_attack_units: [i32; 4],
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    material: [
        Pair(85, 105),
        Pair(330, 300),
        Pair(350, 320),
        Pair(480, 540),
        Pair(1000, 990),
        Pair(0, 0),
    ],
    phase: [0, 1, 1, 2, 4, 0],
    mobility: [Pair(5, 5), Pair(5, 5), Pair(3, 5), Pair(2, 4)],
    mobility_base: [4, 6, 6, 12],
    doubled: Pair(-10, -22),
    isolated: Pair(-12, -14),
    backward: Pair(-8, -10),
    passed: [
        Pair(0, 0),
        Pair(2, 8),
        Pair(5, 12),
        Pair(12, 22),
        Pair(28, 42),
        Pair(55, 80),
        Pair(90, 130),
        Pair(0, 0),
    ],
    passed_king_distance: [4, 2],
    bishop_pair: Pair(30, 55),
    rook_open_file: Pair(28, 10),
    rook_semi_open_file: Pair(12, 8),
    shield: [14, 7],
    king_attack_units: [2, 2, 3, 5],
    tempo: 12,
};

/// Middlegame king danger by accumulated attack units (grows faster than linearly).
const KING_DANGER: [i32; 32] = [
    0, 0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171, 190, 210, 231,
    253, 276, 300, 325, 350, 375, 400, 425, 450,
];

/// Exchange values for SEE (king: large, so capturing into a defended square never pays).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

// Piece-square tables from White's side, drawn as the board is seen: rank 8 first.
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     50,  50,  50,  50,  50,  50,  50,  50,
     10,  12,  20,  30,  30,  20,  12,  10,
      4,   6,  10,  25,  25,  10,   6,   4,
      0,   0,   5,  20,  20,   5,   0,   0,
      4,  -2,  -6,   4,   4,  -6,  -2,   4,
      4,   8,   8, -18, -18,   8,   8,   4,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     70,  70,  65,  60,  60,  65,  70,  70,
     40,  40,  35,  30,  30,  35,  40,  40,
     18,  16,  12,  10,  10,  12,  16,  18,
      8,   6,   2,   0,   0,   2,   6,   8,
      2,   2,   0,   0,   0,   0,   2,   2,
      0,   0,   0,   2,   2,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -60, -40, -30, -30, -30, -30, -40, -60,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -30,   5,  15,  20,  20,  15,   5, -30,
    -30,   5,  18,  25,  25,  18,   5, -30,
    -30,   0,  15,  20,  20,  15,   0, -30,
    -30,   5,  12,  15,  15,  12,   5, -30,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -55, -30, -30, -30, -30, -30, -30, -55,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -50, -35, -25, -20, -20, -25, -35, -50,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  10,  10,   5,   5, -10,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,  12,   0,   0,   0,   0,  12, -10,
    -20, -10, -12, -10, -10, -12, -10, -20,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -15, -10, -8, -5, -5, -8, -10, -15,
    -10,  -4,  0,  2,  2,  0,  -4, -10,
     -8,   0,  5,  6,  6,  5,   0,  -8,
     -5,   2,  6, 10, 10,  6,   2,  -5,
     -5,   2,  6, 10, 10,  6,   2,  -5,
     -8,   0,  5,  6,  6,  5,   0,  -8,
    -10,  -4,  0,  2,  2,  0,  -4, -10,
    -15, -10, -8, -5, -5, -8, -10, -15,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
      5,   5,   5,   8,   8,   5,   5,   5,
     15,  20,  20,  20,  20,  20,  20,  15,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -8,  -2,   0,   0,   0,   0,  -2,  -8,
     -4,  -2,   2,   8,   8,   4,  -2,  -4,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     8,  8,  8,  8,  8,  8,  8,  8,
    12, 12, 12, 12, 12, 12, 12, 12,
     4,  4,  4,  4,  4,  4,  4,  4,
     2,  2,  2,  2,  2,  2,  2,  2,
     0,  0,  0,  0,  0,  0,  0,  0,
    -2, -2, -2, -2, -2, -2, -2, -2,
    -4, -4, -4, -4, -4, -4, -4, -4,
    -6, -4, -2,  0,  0, -2, -4, -6,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   2,   5,   5,   5,   5,   0, -10,
    -10,   0,   2,   0,   0,   0,   0, -10,
    -20, -10, -10,   0,  -5, -10, -10, -20,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -10,   5,  10,  12,  12,  10,   5, -10,
     -5,   5,  12,  15,  15,  12,   5,  -5,
     -5,   5,  12,  15,  15,  12,   5,  -5,
    -10,   5,  10,  12,  12,  10,   5, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -50, -50, -50, -60, -60, -50, -50, -50,
    -45, -45, -45, -55, -55, -45, -45, -45,
    -40, -40, -45, -50, -50, -45, -40, -40,
    -35, -35, -40, -50, -50, -40, -35, -35,
    -25, -30, -30, -40, -40, -30, -30, -25,
    -15, -20, -20, -25, -25, -20, -20, -15,
     10,  10,  -5, -20, -20,  -5,  10,  10,
     20,  30,  10, -10,   0,  -5,  35,  20,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -25,   0,  15,  20,  20,  15,   0, -25,
    -30, -15,   0,   0,   0,   0, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

const PST: [[[i32; 64]; 2]; 6] = [
    [PAWN_MG, PAWN_EG],
    [KNIGHT_MG, KNIGHT_EG],
    [BISHOP_MG, BISHOP_EG],
    [ROOK_MG, ROOK_EG],
    [QUEEN_MG, QUEEN_EG],
    [KING_MG, KING_EG],
];

/// Material plus square bonus for a piece of `color` and `kind` on `sq`, both phases.
fn piece_square(color: Color, kind: PieceType, sq: Square) -> Pair {
    // Tables are drawn rank 8 first: White's a1 is entry 56.
    let index = sq.relative_to(color).index() ^ 56;
    let table = &PST[kind.index()];
    WEIGHTS.material[kind.index()] + Pair(table[0][index], table[1][index])
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

fn forward(color: Color, sq: Square) -> Square {
    match color {
        Color::White => Square::new(sq.index() as u8 + 8),
        Color::Black => Square::new(sq.index() as u8 - 8),
    }
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

/// The chess evaluator (stateless; shared by every search thread).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessEval;

impl HasEvaluator for Chess {
    type Evaluator = ChessEval;
}

struct Side {
    score: Pair,
    /// King-zone attack units against the other side, and the number of attackers.
    attack_units: i32,
    attackers: i32,
}

impl ChessEval {
    /// The evaluation from White's point of view, before the side-to-move tempo.
    pub fn white_view(&self, pos: &Chess) -> i32 {
        let occ = pos.occupied();
        let mut phase = 0;
        for kind in PieceType::ALL {
            phase += WEIGHTS.phase[kind.index()] * pos.pieces_of_type(kind).count_ones() as i32;
        }
        let phase = phase.min(24);

        let white = self.side_terms(pos, Color::White, occ);
        let black = self.side_terms(pos, Color::Black, occ);
        let mut total = white.score;
        total -= black.score;
        total.0 -= king_danger(black.attack_units, black.attackers);
        total.0 += king_danger(white.attack_units, white.attackers);
        let blended = (total.0 * phase + total.1 * (24 - phase)) / 24;
        scale_for_draws(pos, blended)
    }

    fn side_terms(&self, pos: &Chess, us: Color, occ: Bitboard) -> Side {
        let them = !us;
        let own = pos.color_pieces(us);
        let our_pawns = pos.pieces(us, PieceType::Pawn);
        let their_pawns = pos.pieces(them, PieceType::Pawn);
        let their_pawn_attacks = pawn_attacks_set(them, their_pawns);
        let their_king = pos.king_square(them);
        let zone = king_attacks(their_king) | their_king.bit();
        let mobility_area = !(own | their_pawn_attacks);
        let mut score = Pair::default();
        let mut attack_units = 0;
        let mut attackers = 0;

        for kind in PieceType::ALL {
            for sq in squares(pos.pieces(us, kind)) {
                score += piece_square(us, kind, sq);
                let attacks = match kind {
                    PieceType::Knight => knight_attacks(sq),
                    PieceType::Bishop => bishop_attacks(sq, occ),
                    PieceType::Rook => rook_attacks(sq, occ),
                    PieceType::Queen => queen_attacks(sq, occ),
                    _ => continue,
                };
                let k = kind.index() - 1;
                let mobility = (attacks & mobility_area).count_ones() as i32;
                score += WEIGHTS.mobility[k] * (mobility - WEIGHTS.mobility_base[k]);
                let zone_hits = (attacks & zone).count_ones() as i32;
                if zone_hits > 0 {
                    attackers += 1;
                    attack_units += WEIGHTS.king_attack_units[k] * zone_hits;
                }
                if kind == PieceType::Rook {
                    let file = file_mask(sq.file());
                    if file & our_pawns == 0 {
                        score += if file & their_pawns == 0 {
                            WEIGHTS.rook_open_file
                        } else {
                            WEIGHTS.rook_semi_open_file
                        };
                    }
                }
            }
        }

        if pos.pieces(us, PieceType::Bishop).count_ones() >= 2 {
            score += WEIGHTS.bishop_pair;
        }
        score += self.pawn_terms(pos, us, our_pawns, their_pawns, their_pawn_attacks);
        score.0 += shield(pos, us, our_pawns);
        Side {
            score,
            attack_units,
            attackers,
        }
    }

    fn pawn_terms(
        &self,
        pos: &Chess,
        us: Color,
        our_pawns: Bitboard,
        their_pawns: Bitboard,
        their_pawn_attacks: Bitboard,
    ) -> Pair {
        let mut score = Pair::default();
        for file in 0..8u8 {
            let count = (our_pawns & file_mask(file)).count_ones() as i32;
            if count > 1 {
                score += WEIGHTS.doubled * (count - 1);
            }
        }
        let our_king = pos.king_square(us);
        let their_king = pos.king_square(!us);
        for sq in squares(our_pawns) {
            let file = sq.file() as usize;
            if our_pawns & ADJACENT_FILES[file] == 0 {
                score += WEIGHTS.isolated;
            } else if our_pawns & SUPPORT_SPAN[us.index()][sq.index()] == 0
                && forward_in_board(us, sq)
                && their_pawn_attacks & forward(us, sq).bit() != 0
            {
                score += WEIGHTS.backward;
            }
            if their_pawns & PASSED_SPAN[us.index()][sq.index()] == 0 {
                let rank = sq.relative_to(us).rank() as usize;
                score += WEIGHTS.passed[rank];
                if forward_in_board(us, sq) {
                    // In the endgame the kings race to the stop square.
                    let stop = forward(us, sq);
                    let weight = rank as i32 - 2;
                    if weight > 0 {
                        score.1 += weight
                            * (WEIGHTS.passed_king_distance[0] * distance(their_king, stop)
                                - WEIGHTS.passed_king_distance[1] * distance(our_king, stop));
                    }
                }
            }
        }
        score
    }

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

fn king_danger(units: i32, attackers: i32) -> i32 {
    if attackers < 2 {
        return 0;
    }
    KING_DANGER[units.clamp(0, KING_DANGER.len() as i32 - 1) as usize]
}

/// Middlegame bonus for own pawns in front of a king on its first two ranks.
fn shield(pos: &Chess, us: Color, our_pawns: Bitboard) -> i32 {
    let king = pos.king_square(us);
    if king.relative_to(us).rank() > 1 {
        return 0;
    }
    let files = file_mask(king.file()) | ADJACENT_FILES[king.file() as usize];
    let mut bonus = 0;
    for (i, weight) in WEIGHTS.shield.iter().enumerate() {
        let rank = match us {
            Color::White => 1 + i as u8,
            Color::Black => 6 - i as u8,
        };
        let row = 0xFFu64 << (8 * rank);
        bonus += weight * (our_pawns & files & row).count_ones() as i32;
    }
    bonus
}

/// Pulls scores toward zero where the side ahead cannot win: no pawns and at most a minor
/// piece more; dead-drawn material is exactly zero.
fn scale_for_draws(pos: &Chess, score: i32) -> i32 {
    if pos.insufficient_material() {
        return 0;
    }
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    if pos.pieces(strong, PieceType::Pawn) != 0 {
        return score;
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
        score / 8
    } else {
        score
    }
}

impl Evaluator<Chess> for ChessEval {
    fn evaluate(&self, pos: &Chess) -> i32 {
        let white = self.white_view(pos);
        let relative = match pos.side() {
            Color::White => white,
            Color::Black => -white,
        };
        relative + WEIGHTS.tempo
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
        assert_eq!(ChessEval.evaluate(&start), WEIGHTS.tempo);
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let pairs = [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5pk1/6p1/8/3P4/8/5PPP/6K1 w - - 0 1",
                "6k1/5ppp/8/3p4/8/6P1/5PK1/8 b - - 0 1",
            ),
        ];
        for (a, b) in pairs {
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
        assert!(ChessEval.white_view(&up_a_knight) > 250);
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
    fn zugzwang_guard_sees_pawn_endings() {
        assert!(!ChessEval.zugzwang_unlikely(&pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")));
        assert!(ChessEval.zugzwang_unlikely(&pos("4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1")));
    }
}
