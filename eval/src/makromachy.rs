//! Makromachy evaluation: material, piece-square terms, mobility, King safety that knows flying
//! pieces. All weights are the data tables below.
//!
//! # Material values (derived from mobility)
//!
//! A piece's value is taken as proportional to how many moves it has on average, over every
//! square of the 14x14 board, measured on two boards ([`derive_material`] recomputes them and
//! a test checks [`MATERIAL`] against it):
//! - `m_empty`: alone on an empty board (long range counts fully; the edge cuts leaps);
//! - `m_half`: on a half-full board, every other square occupied with probability 1/2 by a
//!   piece of random colour drawn from the start army's mix (so Archers and flyers, which stop
//!   flights, appear as often as in play), averaged over [`SAMPLES`] seeded boards.
//!
//! `value = CP_PER_MOVE * (m_empty + m_half) / 2`, rounded to 5 cp. The empty board rewards
//! range, the half-full one the ability to jump and to capture through crowds (flyers, cannons,
//! hit-and-run). The Pawn is 100 by definition (on an empty board it has almost no moves);
//! the Warrior is the Pawn scaled by its half-full mobility against the Pawn's. The King is
//! royal and has no material value.

use tiamat_engine::core::random::Xorshift;
use tiamat_engine::games::makromachy::board::*;
use tiamat_engine::games::makromachy::{
    attacked, blocks_flight, piece_mobility, Makromachy, Move, MoveKind,
};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::HasEvaluator;

/// Centipawns per average move (sets Knight-like leapers near 300).
pub const CP_PER_MOVE: f64 = 50.0;
/// Half-full boards averaged per piece type.
pub const SAMPLES: usize = 24;
/// The Pawn, by definition.
pub const PAWN_VALUE: i32 = 100;

/// Material by piece type (index = `board` piece type), as derived by [`derive_material`].
pub const MATERIAL: [i32; 25] = [
    // -, K, Q, R, B, N, T, L(Eagle), F(Raven), S(Bat), O(Archer), M, A, G, U, D, H, I, J, Z, E, C, V, W, P
    0, 0, 1310, 780, 530, 285, 1790, 1445, 865, 580, 290, 1060, 810, 1295, 1005, 930, 690, 450, 255,
    235, 285, 770, 520, 165, 100,
];

/// Centralisation bonus per step towards the centre, by piece type (negative for the King,
/// which belongs behind its army while the board is full).
pub const CENTRE_WEIGHT: [i32; 25] = [
    0, -4, 2, 1, 2, 5, 2, 2, 1, 2, 3, 3, 3, 3, 3, 2, 2, 4, 4, 4, 4, 1, 2, 0, 0,
];

/// Centipawns per pseudo-legal move above the piece type's half-full-board average, by piece
/// type: pieces locked behind the Pawn wall are worth less than their material says. Leapers
/// and Pawns get none (their mobility hardly varies).
pub const MOBILITY_WEIGHT: [i32; 25] = [
    0, 0, 2, 3, 3, 0, 1, 2, 3, 3, 0, 2, 2, 2, 2, 2, 2, 1, 0, 0, 1, 2, 2, 0, 0,
];
/// Average moves on the half-full board (rounded), the zero point of the mobility term.
pub const MOBILITY_BASE: [i32; 25] = [
    0, 0, 10, 5, 5, 0, 23, 15, 9, 7, 0, 10, 9, 7, 7, 8, 7, 8, 0, 0, 5, 5, 4, 0, 0,
];

/// Pawn and Warrior bonus by ranks advanced from the own back rank (index 0 = rank 1).
pub const PAWN_ADVANCE: [i32; 14] = [0, 0, 0, 0, 5, 10, 15, 20, 30, 40, 60, 90, 130, 0];
pub const WARRIOR_ADVANCE: [i32; 14] = [0, 0, 2, 4, 6, 10, 14, 18, 24, 32, 45, 65, 95, 0];

/// Penalty by the number of the King's neighbour squares the enemy attacks.
pub const KING_ZONE_PENALTY: [i32; 9] = [0, 5, 15, 30, 50, 75, 105, 140, 180];
/// An enemy flyer on a line to the King with exactly one piece it cannot pass in between:
/// moving that one piece exposes the King to a flight over everything else.
pub const FLYER_XRAY_PENALTY: i32 = 35;
/// An own Archer or flyer next to the King blocks flights through that square.
pub const FLIGHT_SHIELD_BONUS: i32 = 12;
/// Side to move bonus.
pub const TEMPO: i32 = 10;

#[derive(Clone, Copy, Debug, Default)]
pub struct MakromachyEval;

impl HasEvaluator for Makromachy {
    type Evaluator = MakromachyEval;
}

fn centrality(sq: u16) -> i32 {
    let f = file_of(sq) as i32;
    let r = rank_of(sq) as i32;
    f.min(13 - f) + r.min(13 - r)
}

fn ranks_advanced(sq: u16, color: Color) -> usize {
    match color {
        Color::White => rank_of(sq),
        Color::Black => RANKS - 1 - rank_of(sq),
    }
}

impl Evaluator<Makromachy> for MakromachyEval {
    type Path = ();

    fn evaluate(&self, pos: &Makromachy) -> i32 {
        let mut score = [0i32; 2];
        let mut scratch = Vec::with_capacity(128);
        for rank in 0..RANKS {
            for file in 0..FILES {
                let sq = square(file, rank);
                let code = pos.piece_at(sq);
                if code == EMPTY {
                    continue;
                }
                let kind = kind_of(code) as usize;
                let color = color_of(code);
                let mut s = MATERIAL[kind] + CENTRE_WEIGHT[kind] * centrality(sq);
                if MOBILITY_WEIGHT[kind] != 0 {
                    let moves = piece_mobility(pos.cells(), sq, &mut scratch) as i32;
                    s += MOBILITY_WEIGHT[kind] * (moves - MOBILITY_BASE[kind]);
                }
                match kind as u8 {
                    PAWN => s += PAWN_ADVANCE[ranks_advanced(sq, color)],
                    WARRIOR => s += WARRIOR_ADVANCE[ranks_advanced(sq, color)],
                    _ => {}
                }
                score[color.index()] += s;
            }
        }
        for color in Color::ALL {
            score[color.index()] -= king_danger(pos, color);
        }
        let us = pos.side_to_move();
        score[us.index()] - score[(!us).index()] + TEMPO
    }

    /// The victim (on `aux` for en passant and hit-and-run) and a promotion's gain; a piece
    /// worth more than what it takes, landing where the enemy attacks, risks itself.
    fn capture_order(&self, pos: &Makromachy, mv: &Move) -> i32 {
        let value = |sq: u16| {
            let code = pos.piece_at(sq);
            if code == EMPTY {
                0
            } else {
                MATERIAL[kind_of(code) as usize]
            }
        };
        let victim = match mv.kind {
            MoveKind::EnPassant | MoveKind::HitAndRun => value(mv.aux),
            MoveKind::Normal => value(mv.to),
            MoveKind::Push | MoveKind::Castle => 0,
        };
        let mover = value(mv.from);
        let promotion = if mv.promo != 0 {
            MATERIAL[mv.promo as usize] - mover
        } else {
            0
        };
        let gain = victim + promotion;
        let them = !pos.side_to_move();
        if victim > 0 && mover > gain && attacked(pos.cells(), mv.to, them) {
            gain - mover
        } else {
            gain
        }
    }
}

/// How exposed `color`'s King is: attacked neighbour squares (every attacker, flights over
/// screens included), flyers one removable piece away, minus own flight shields.
pub fn king_danger(pos: &Makromachy, color: Color) -> i32 {
    let cells = pos.cells();
    let king = pos.king_square(color) as i16;
    let enemy = !color;
    let mut attacked_neighbours = 0;
    let mut shields = 0;
    for &d in &ALL8 {
        let sq = king + d;
        let code = cells[sq as usize];
        if code == OFF {
            continue;
        }
        if is_piece(code) && color_of(code) == color && blocks_flight(code) {
            shields += 1;
        }
        if attacked(cells, sq as u16, enemy) {
            attacked_neighbours += 1;
        }
    }
    let mut xrays = 0;
    for (i, &d) in ALL8.iter().enumerate() {
        let flyer_kind = if i < 4 { RAVEN } else { BAT };
        let mut x = king + d;
        let mut unpassable = 0;
        loop {
            let code = cells[x as usize];
            if code == OFF {
                break;
            }
            if is_piece(code) {
                let kind = kind_of(code);
                if color_of(code) == enemy && (kind == EAGLE || kind == flyer_kind) {
                    if unpassable == 1 {
                        xrays += 1;
                    }
                    break;
                }
                if blocks_flight(code) {
                    unpassable += 1;
                    if unpassable > 1 {
                        break;
                    }
                }
            }
            x += d;
        }
    }
    KING_ZONE_PENALTY[attacked_neighbours] + FLYER_XRAY_PENALTY * xrays
        - FLIGHT_SHIELD_BONUS * shields
}

/// The start army's piece types (one side), for drawing half-full boards.
fn army() -> Vec<u8> {
    let start = Makromachy::start_position("makromachy").expect("start position");
    (0..RANKS)
        .flat_map(|r| (0..FILES).map(move |f| square(f, r)))
        .map(|sq| start.piece_at(sq))
        .filter(|&c| is_piece(c) && color_of(c) == Color::White)
        .map(kind_of)
        .collect()
}

/// Average mobility of `kind` (White) over all squares: (empty board, half-full board).
pub fn mean_mobility(kind: u8) -> (f64, f64) {
    let army = army();
    let mut scratch = Vec::new();
    let mut rng = Xorshift(0x5eed_0000_0000_0001u64 ^ kind as u64);
    let squares: Vec<u16> = (0..RANKS)
        .flat_map(|r| (0..FILES).map(move |f| square(f, r)))
        .collect();
    let mut empty_total = 0usize;
    let mut half_total = 0usize;
    for &sq in &squares {
        let mut cells = empty_board();
        cells[sq as usize] = piece(Color::White, kind);
        empty_total += piece_mobility(&cells, sq, &mut scratch);
        for _ in 0..SAMPLES {
            let mut cells = empty_board();
            for &other in &squares {
                if other != sq && rng.next_u64().is_multiple_of(2) {
                    let color = if rng.next_u64().is_multiple_of(2) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let k = army[rng.below(army.len())];
                    cells[other as usize] = piece(color, k);
                }
            }
            cells[sq as usize] = piece(Color::White, kind);
            half_total += piece_mobility(&cells, sq, &mut scratch);
        }
    }
    let n = squares.len() as f64;
    (
        empty_total as f64 / n,
        half_total as f64 / (n * SAMPLES as f64),
    )
}

fn round5(x: f64) -> i32 {
    ((x / 5.0).round() * 5.0) as i32
}

/// Recomputes [`MATERIAL`] from the mobility derivation described in the module docs.
pub fn derive_material() -> [i32; 25] {
    let mut out = [0i32; 25];
    let pawn_half = mean_mobility(PAWN).1;
    for kind in 1..=PIECE_TYPES as u8 {
        out[kind as usize] = match kind {
            KING => 0,
            PAWN => PAWN_VALUE,
            WARRIOR => round5(PAWN_VALUE as f64 * mean_mobility(WARRIOR).1 / pawn_half),
            _ => {
                let (empty, half) = mean_mobility(kind);
                round5(CP_PER_MOVE * (empty + half) / 2.0)
            }
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_order_weighs_the_victim_against_a_defended_landing() {
        let order = |text: &str| {
            let pos = Makromachy::from_position_string("makromachy", text).unwrap();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let (from, to) = (square(13, 0), square(13, 13));
            let mv = moves.iter().find(|m| m.from == from && m.to == to).unwrap();
            MakromachyEval.capture_order(&pos, mv)
        };
        let (rook, queen) = (MATERIAL[ROOK as usize], MATERIAL[QUEEN as usize]);
        // The Queen n1 takes the Rook n14, alone or beside its King.
        assert_eq!(
            order("6k6r/14/14/14/14/14/14/14/14/14/14/14/14/6K6Q w - - 0 1"),
            rook
        );
        assert_eq!(
            order("12kr/14/14/14/14/14/14/14/14/14/14/14/14/6K6Q w - - 0 1"),
            rook - queen
        );
    }

    #[test]
    fn material_table_matches_its_derivation() {
        let derived = derive_material();
        assert_eq!(MATERIAL, derived, "update MATERIAL: {:?}", derived);
    }

    #[test]
    fn mobility_base_is_the_half_full_average() {
        let mut derived = [0i32; 25];
        for kind in 1..=PIECE_TYPES as u8 {
            if MOBILITY_WEIGHT[kind as usize] != 0 {
                derived[kind as usize] = mean_mobility(kind).1.round() as i32;
            }
        }
        assert_eq!(MOBILITY_BASE, derived, "update MOBILITY_BASE: {derived:?}");
    }

    #[test]
    fn start_position_is_balanced() {
        let pos = Makromachy::start_position("makromachy").unwrap();
        assert_eq!(MakromachyEval.evaluate(&pos), TEMPO);
    }

    #[test]
    fn extra_material_counts_for_its_owner() {
        let with_queen = Makromachy::from_position_string(
            "makromachy",
            "6k7/14/14/14/14/14/14/14/14/14/14/14/14/6K6Q w - - 0 1",
        )
        .unwrap();
        assert!(MakromachyEval.evaluate(&with_queen) > 1000);
        let black_to_move = Makromachy::from_position_string(
            "makromachy",
            "6k7/14/14/14/14/14/14/14/14/14/14/14/14/6K6Q b - - 0 1",
        )
        .unwrap();
        assert!(MakromachyEval.evaluate(&black_to_move) < -1000);
    }

    #[test]
    fn flyer_xray_is_seen() {
        // Black Raven a14 behind one White Archer a7 (and a Pawn it can fly over) on the King's file.
        let exposed = Makromachy::from_position_string(
            "makromachy",
            "f13/14/14/14/14/14/14/O13/14/14/14/P13/14/K12k w - - 0 1",
        )
        .unwrap();
        let shielded = Makromachy::from_position_string(
            "makromachy",
            "f13/14/14/14/14/14/14/O13/O13/14/14/P13/14/K12k w - - 0 1",
        )
        .unwrap();
        assert_eq!(
            king_danger(&exposed, Color::White) - king_danger(&shielded, Color::White),
            FLYER_XRAY_PENALTY
        );
    }

    /// Evaluations per second over the positions of a short playout (printed, never asserted):
    /// `TIAMAT_DEEP=1 cargo test -p tiamat-eval --release makromachy::tests::eval_speed -- --nocapture`
    #[test]
    fn eval_speed() {
        if !tiamat_engine::core::deep_tests() {
            return;
        }
        let mut positions = vec![Makromachy::start_position("makromachy").unwrap()];
        for _ in 0..40 {
            let last = positions.last().unwrap().clone();
            let mut moves = Vec::new();
            last.legal_moves(&mut moves);
            let pick = moves.len() / 2;
            positions.push(last.play(&moves[pick]));
        }
        let started = std::time::Instant::now();
        let mut total = 0i64;
        let rounds = 2_000;
        for _ in 0..rounds {
            for p in &positions {
                total += MakromachyEval.evaluate(p) as i64;
            }
        }
        let n = (rounds * positions.len()) as f64;
        println!(
            "{:.0} evaluations per second (checksum {total})",
            n / started.elapsed().as_secs_f64()
        );
    }

    fn material_balance(pos: &Makromachy) -> i32 {
        let mut total = 0;
        for rank in 0..RANKS {
            for file in 0..FILES {
                let code = pos.piece_at(square(file, rank));
                if code != EMPTY {
                    total += color_of(code).sign() * MATERIAL[kind_of(code) as usize];
                }
            }
        }
        total
    }

    /// The evaluation's sign is right: a player taking the move its evaluation likes best
    /// (one ply) ends clearly ahead of a random player, with either colour.
    #[test]
    fn greedy_evaluation_beats_random_moves() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15u64);
        for greedy in Color::ALL {
            let mut pos = Makromachy::start_position("makromachy").unwrap();
            for _ in 0..120 {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = if pos.side_to_move() == greedy {
                    *moves
                        .iter()
                        .max_by_key(|m| -MakromachyEval.evaluate(&pos.play(m)))
                        .unwrap()
                } else {
                    moves[rng.below(moves.len())]
                };
                pos = pos.play(&mv);
            }
            assert!(
                material_balance(&pos) * greedy.sign() > 1000,
                "{greedy}: {}",
                material_balance(&pos)
            );
        }
    }
}
