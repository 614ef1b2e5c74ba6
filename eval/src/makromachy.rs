//! Makromachy evaluation: material, centralisation, mobility, Pawn and Warrior advance, King
//! safety that knows flying pieces. Every weight is in one table (`Weights`: the hand set
//! `HAND`, built from [`MATERIAL`] and the positional weights of `weights.rs`), and the code
//! only counts through [`Terms`], so that the tuner traces the same code that evaluates.
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
//!
//! Every term is a count times one weight: the King-zone penalty, a table by the number of
//! attacked neighbour squares, is a parameter per number; mobility counts the moves above the
//! piece type's half-full-board average ([`MOBILITY_BASE`], fixed, not tuned).

use tiamat_engine::core::random::Xorshift;
use tiamat_engine::games::makromachy::board::*;
use tiamat_engine::games::makromachy::{
    attacked, blocks_flight, piece_mobility, Makromachy, Move, MoveKind,
};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::{HasEvaluator, Terms, Trace, WeightedSum};

mod tuned;
mod weights;

pub use tuned::TUNED;
pub use weights::HAND;

/// Centipawns per average move (sets Knight-like leapers near 300).
pub const CP_PER_MOVE: f64 = 50.0;
/// Half-full boards averaged per piece type.
pub const SAMPLES: usize = 24;
/// The Pawn, by definition.
pub const PAWN_VALUE: i32 = 100;

/// Material by piece type (index = `board` piece type), as derived by [`derive_material`]: the
/// hand set's `value` section.
pub const MATERIAL: [i32; 25] = [
    // -, K, Q, R, B, N, T, L(Eagle), F(Raven), S(Bat), O(Archer), M, A, G, U, D, H, I, J, Z, E, C, V, W, P
    0, 0, 1310, 780, 530, 285, 1790, 1445, 865, 580, 290, 1060, 810, 1295, 1005, 930, 690, 450, 255,
    235, 285, 770, 520, 165, 100,
];

/// A full set of weights, one per parameter, in centipawns: sections below, in the order of
/// [`SECTIONS`]. A section by piece type is indexed by `kind - 1` (King first).
pub type Weights = [i32; PARAM_COUNT];

/// Material by piece type; the King is never counted.
pub const VALUE: usize = 0;
/// Per step towards the centre (`centrality`), by piece type.
pub const CENTRE: usize = VALUE + PIECE_TYPES;
/// Per pseudo-legal move above the type's half-full-board average, by `MOBILE`.
pub const MOBILITY: usize = CENTRE + PIECE_TYPES;
/// Pawns and Warriors by ranks advanced from their own back rank (index 0 = rank 1).
pub const PAWN_ADVANCE: usize = MOBILITY + MOBILE.len();
pub const WARRIOR_ADVANCE: usize = PAWN_ADVANCE + RANKS;
/// The King, by the number of its neighbour squares the enemy attacks (0-8).
pub const KING_ZONE: usize = WARRIOR_ADVANCE + RANKS;
/// An enemy flyer on a line to the King with exactly one piece it cannot pass in between:
/// moving that one piece exposes the King to a flight over everything else.
pub const FLYER_XRAY: usize = KING_ZONE + 9;
/// An own Archer or flyer next to the King, blocking flights through that square.
pub const FLIGHT_SHIELD: usize = FLYER_XRAY + 1;
pub const PARAM_COUNT: usize = FLIGHT_SHIELD + 1;

/// Every section's name, start and length, in order (for the tuner's output).
pub const SECTIONS: &[(&str, usize, usize)] = &[
    ("value", VALUE, PIECE_TYPES),
    ("centre", CENTRE, PIECE_TYPES),
    ("mobility", MOBILITY, MOBILE.len()),
    ("pawn_advance", PAWN_ADVANCE, RANKS),
    ("warrior_advance", WARRIOR_ADVANCE, RANKS),
    ("king_zone", KING_ZONE, 9),
    ("flyer_xray", FLYER_XRAY, 1),
    ("flight_shield", FLIGHT_SHIELD, 1),
];

/// The piece types whose mobility counts, in the order of the `MOBILITY` section: leapers,
/// Archers and Pawns have none (their mobility hardly varies).
pub const MOBILE: [u8; 17] = [
    QUEEN,
    ROOK,
    BISHOP,
    TERROR,
    EAGLE,
    RAVEN,
    BAT,
    MARSHALL,
    ARCHBISHOP,
    GRIFFON,
    RHINO,
    DRAGON_KING,
    DRAGON_HORSE,
    CHAMPION,
    ELEPHANT,
    CANNON,
    VAO,
];

/// A piece type's place in `MOBILE`, or `NOT_MOBILE`.
const MOBILITY_SLOT: [u8; 25] = {
    let mut slot = [NOT_MOBILE; 25];
    let mut i = 0;
    while i < MOBILE.len() {
        slot[MOBILE[i] as usize] = i as u8;
        i += 1;
    }
    slot
};
const NOT_MOBILE: u8 = u8::MAX;

/// Average moves on the half-full board (rounded), the zero point of the mobility term, for the
/// `MOBILE` types.
pub const MOBILITY_BASE: [i32; 25] = [
    0, 0, 10, 5, 5, 0, 23, 15, 9, 7, 0, 10, 9, 7, 7, 8, 7, 8, 0, 0, 5, 5, 4, 0, 0,
];

/// Side to move bonus.
pub const TEMPO: i32 = 10;

/// The weights Makromachy plays with: the one place that chooses them (the set fitted to its
/// own self-play, README "The Makromachy evaluation's weights"; the hand set with the
/// `hand-weights` feature).
pub fn weights() -> &'static Weights {
    crate::played(&TUNED, &HAND)
}

/// A piece type's value in the weights Makromachy plays with (the King's is 0).
pub fn value(kind: u8) -> i32 {
    if kind == KING {
        0
    } else {
        weights()[VALUE + kind as usize - 1]
    }
}

/// White's terms minus Black's, with the weights the variant plays with.
type Sum = WeightedSum<PARAM_COUNT>;

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

/// Every term of `pos`, for both sides.
fn terms(pos: &Makromachy, out: &mut impl Terms) {
    let mut scratch = Vec::with_capacity(128);
    for rank in 0..RANKS {
        for file in 0..FILES {
            let sq = square(file, rank);
            let code = pos.piece_at(sq);
            if code == EMPTY {
                continue;
            }
            let kind = kind_of(code);
            let color = color_of(code);
            let k = kind as usize - 1;
            if kind != KING {
                out.add(color, VALUE + k, 1);
            }
            out.add(color, CENTRE + k, centrality(sq));
            let slot = MOBILITY_SLOT[kind as usize];
            if slot != NOT_MOBILE {
                let moves = piece_mobility(pos.cells(), sq, &mut scratch) as i32;
                let above = moves - MOBILITY_BASE[kind as usize];
                out.add(color, MOBILITY + slot as usize, above);
            }
            match kind {
                PAWN => out.add(color, PAWN_ADVANCE + ranks_advanced(sq, color), 1),
                WARRIOR => out.add(color, WARRIOR_ADVANCE + ranks_advanced(sq, color), 1),
                _ => {}
            }
        }
    }
    for color in Color::ALL {
        king_safety(pos, color, out);
    }
}

/// Everything from White's point of view.
pub fn white_score(pos: &Makromachy) -> i32 {
    Sum::score(weights(), |sum| terms(pos, sum))
}

/// The terms of `pos` for the tuner.
pub fn trace(pos: &Makromachy) -> Trace {
    Trace::phaseless(PARAM_COUNT, pos.side_to_move().sign() * TEMPO, |recorder| {
        terms(pos, recorder);
    })
}

impl Evaluator<Makromachy> for MakromachyEval {
    type Path = ();

    fn evaluate(&self, pos: &Makromachy) -> i32 {
        pos.side_to_move().sign() * white_score(pos) + TEMPO
    }

    /// The victim (on `aux` for en passant and hit-and-run) and a promotion's gain; a piece
    /// worth more than what it takes, landing where the enemy attacks, risks itself.
    fn capture_order(&self, pos: &Makromachy, mv: &Move) -> i32 {
        let at = |sq: u16| {
            let code = pos.piece_at(sq);
            if code == EMPTY {
                0
            } else {
                value(kind_of(code))
            }
        };
        let victim = match mv.kind {
            MoveKind::EnPassant | MoveKind::HitAndRun => at(mv.aux),
            MoveKind::Normal => at(mv.to),
            MoveKind::Push | MoveKind::Castle => 0,
        };
        let mover = at(mv.from);
        let promotion = if mv.promo != 0 {
            value(mv.promo) - mover
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
/// screens included), flyers one removable piece away, own flight shields.
fn king_safety(pos: &Makromachy, color: Color, out: &mut impl Terms) {
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
    out.add(color, KING_ZONE + attacked_neighbours, 1);
    out.add(color, FLYER_XRAY, xrays);
    out.add(color, FLIGHT_SHIELD, shields);
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
    use crate::check_phaseless_trace;
    use tiamat_engine::core::random::random_walk;

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
        let (rook, queen) = (value(ROOK), value(QUEEN));
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

    /// The tuner's trace, weighted by the weights Makromachy plays with, is the evaluation; at
    /// the hand set it scores as the evaluation did before it was traced. Along random games
    /// (King zones, flyer x-rays and shields all occur).
    #[test]
    fn trace_reproduces_the_evaluation() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut positions = Vec::new();
        for _ in 0..10 {
            let start = Makromachy::start_position("makromachy").unwrap();
            positions.extend(random_walk(start, |n| rng.below(n)).take(150));
        }
        let (checksum, seen) =
            check_phaseless_trace(&positions, trace, [weights(), &HAND], white_score, |pos| {
                MakromachyEval.evaluate(pos)
            });
        assert_eq!(positions.len(), 1500);
        // The hand evaluation before it was traced (47b68b1, its own tables) scored these
        // positions the same one by one, checked then: a term dropped or changed moves this sum.
        assert_eq!(checksum, -30_327_549);
        for p in [FLYER_XRAY, FLIGHT_SHIELD, KING_ZONE + 2, MOBILITY] {
            assert!(seen[p] > 20, "{p}: {}", seen[p]);
        }
    }

    #[test]
    fn makromachy_plays_with_the_fitted_set_or_with_hand_weights_the_hand_set() {
        assert_ne!(TUNED, HAND);
        assert_eq!(weights(), crate::played(&TUNED, &HAND));
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
            if MOBILE.contains(&kind) {
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
        let xrays = |pos: &Makromachy| {
            let mut recorder = crate::Recorder::new(PARAM_COUNT);
            king_safety(pos, Color::White, &mut recorder);
            recorder.0[FLYER_XRAY]
        };
        assert_eq!((xrays(&exposed), xrays(&shielded)), (1, 0));
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
