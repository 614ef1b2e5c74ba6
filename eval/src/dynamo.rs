//! Dynamo evaluation. Nothing is captured: material is lost only over the edge, and the game is
//! lost when the King cannot avoid being pushed or pulled off. So the terms are material, the
//! King's distance from the edges and the open lines along which it could be expelled, pieces
//! that the side to move could push off right now or that stand near an edge, and mobility.
//! Every weight is in one table (`Weights`: the hand set `HAND`, and `TUNED`, fitted to Dynamo's
//! self-play from it, which Dynamo plays with), and the code only counts through [`Terms`], so
//! that the tuner traces the same code that evaluates.
//!
//! The hand set, in centipawns: material Pawn 100, Knight 310, Bishop 330, Rook 480, Queen 900
//! (pushing power makes the long sliders worth relatively more than in chess); the King by its
//! distance from the edge, and per open line from it to the edge by the line's length (short
//! lines are quick to exploit); an enemy slider on the far side of such a line, or any way to
//! push the King off now, -30 each; other pieces by their distance from the edge; mobility per
//! empty square a piece could move to; 12 for having the move (fixed, not tuned).
//!
//! One term is not linear in the hand values and has parameters of its own: of the pieces of the
//! side not to move that the side to move can send off now, only the dearest counts (only one
//! threat can be executed), worth a parameter per kind (70 % of its value in the hand set,
//! rounded toward zero), the dearest chosen by the hand values (fixed, not tuned). A piece of the
//! side to move that could be pushed off (it must move or be covered) costs a parameter per kind
//! (12 % of its value in the hand set, rounded toward zero).

use tiamat_engine::games::dynamo::board::{
    clear_to_edge, color_of, first_piece, kind, offset, slider_lines, slides_along, ALL_LINES,
    EMPTY, KING, KNIGHT, KNIGHT_LEAPS, PAWN,
};
use tiamat_engine::games::dynamo::{Dynamo, Move};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::{HasEvaluator, Terms, Trace, WeightedSum};

mod tuned;
mod weights;

pub use tuned::TUNED;
pub use weights::HAND;

/// A full set of weights, one per parameter, in centipawns: sections below, in the order of
/// [`SECTIONS`].
pub type Weights = [i32; PARAM_COUNT];

/// The kinds other than the King, by kind code less one (Pawn, Knight, Bishop, Rook, Queen).
const KINDS: usize = 5;

/// Material by kind (`KINDS`).
pub const VALUE: usize = 0;
/// The King by its distance from the nearest edge (rim, one square in, two, centre).
pub const KING_EDGE: usize = VALUE + KINDS;
/// Per open line from the King to the edge, by the number of empty squares on it (1 to 7 or
/// more; a line from the rim has none).
pub const KING_OPEN_LINE: usize = KING_EDGE + 4;
/// An enemy slider behind the King on such a line (not yet a check only because something else
/// blocks the way out).
pub const KING_LINE_PRESSURE: usize = KING_OPEN_LINE + 8;
/// The King can be pushed or pulled off now.
pub const KING_THREATENED: usize = KING_LINE_PRESSURE + 1;
/// Other pieces by kind (`KINDS`), then by their distance from the edge (four each).
pub const PIECE_EDGE: usize = KING_THREATENED + 1;
/// The dearest piece of the side not to move that the side to move can send off now, by kind.
pub const HANGING: usize = PIECE_EDGE + 4 * KINDS;
/// Each piece of the side to move that could be pushed off, by kind.
pub const EXPOSED: usize = HANGING + KINDS;
/// Per empty square a Knight, Bishop, Rook or Queen could move to.
pub const MOBILITY: usize = EXPOSED + KINDS;
pub const PARAM_COUNT: usize = MOBILITY + 4;

/// Every section's name, start and length, in order (for the tuner's output).
pub const SECTIONS: &[(&str, usize, usize)] = &[
    ("value", VALUE, KINDS),
    ("king_edge", KING_EDGE, 4),
    ("king_open_line", KING_OPEN_LINE, 8),
    ("king_line_pressure", KING_LINE_PRESSURE, 1),
    ("king_threatened", KING_THREATENED, 1),
    ("piece_edge", PIECE_EDGE, 4 * KINDS),
    ("hanging", HANGING, KINDS),
    ("exposed", EXPOSED, KINDS),
    ("mobility", MOBILITY, 4),
];

/// Added for the side to move.
pub const TEMPO: i32 = 12;

/// The weights Dynamo plays with: the one place that chooses them (the set fitted to its own
/// self-play, README "The Dynamo evaluation's weights"; the hand set with the `hand-weights`
/// feature).
pub fn weights() -> &'static Weights {
    crate::played(&TUNED, &HAND)
}

/// A kind's material (not the King's) in the weights Dynamo plays with.
pub fn value(piece_kind: u8) -> i32 {
    weights()[VALUE + piece_kind as usize - 1]
}

/// White's terms minus Black's, with the weights the variant plays with.
type Sum = WeightedSum<PARAM_COUNT>;

/// Distance of a square from the nearest edge: 0 on the rim, 3 in the centre.
const fn edge_distance(sq: u8) -> usize {
    let f = (sq & 7) as i32;
    let r = (sq >> 3) as i32;
    let fd = if f < 7 - f { f } else { 7 - f };
    let rd = if r < 7 - r { r } else { 7 - r };
    (if fd < rd { fd } else { rd }) as usize
}

#[derive(Clone, Copy, Debug, Default)]
pub struct DynamoEval;

impl HasEvaluator for Dynamo {
    type Evaluator = DynamoEval;
}

impl Evaluator<Dynamo> for DynamoEval {
    type Path = ();

    fn evaluate(&self, pos: &Dynamo) -> i32 {
        pos.side_to_move().sign() * white_score(pos) + TEMPO
    }

    /// The material the turn changes for the side to move: enemy pieces sent over the edge and
    /// promotions count for it, its own pieces sent off against it; a King sent off decides the
    /// game.
    fn capture_order(&self, pos: &Dynamo, mv: &Move) -> i32 {
        let us = pos.side_to_move();
        let worth = |cell: u8| {
            if cell == EMPTY {
                return 0;
            }
            let value = if kind(cell) == KING {
                KING_OFF
            } else {
                value(kind(cell))
            };
            if color_of(cell) == us {
                value
            } else {
                -value
            }
        };
        mv.effect
            .before_after()
            .map(|(before, after)| worth(after) - worth(before))
            .sum()
    }
}

/// What sending a King off is worth in the capture order: more than any material.
const KING_OFF: i32 = 10_000;

/// Every term of `pos`, for both sides.
fn terms(pos: &Dynamo, out: &mut impl Terms) {
    let board = pos.squares();
    let mover = pos.side_to_move();
    // The dearest enemy piece the mover can send off, by the hand values.
    let mut hanging: Option<usize> = None;
    for sq in 0..64u8 {
        let p = board[sq as usize];
        if p == EMPTY {
            continue;
        }
        let color = color_of(p);
        if kind(p) == KING {
            king_safety(pos, sq, color, out);
            continue;
        }
        let k = kind(p) as usize - 1;
        out.add(color, VALUE + k, 1);
        out.add(color, PIECE_EDGE + 4 * k + edge_distance(sq), 1);
        if kind(p) != PAWN {
            out.add(color, MOBILITY + k - 1, mobility(board, sq, kind(p)));
        }
        if pos.threatened_off(sq, !color) {
            if color == mover {
                out.add(color, EXPOSED + k, 1);
            } else if hanging.is_none_or(|h| HAND[HANGING + k] > HAND[HANGING + h]) {
                hanging = Some(k);
            }
        }
    }
    if let Some(k) = hanging {
        out.add(mover, HANGING + k, 1);
    }
}

/// `color`'s King on `sq`: its distance from the edge and the lines it could be expelled along.
fn king_safety(pos: &Dynamo, sq: u8, color: Color, out: &mut impl Terms) {
    let board = pos.squares();
    out.add(color, KING_EDGE + edge_distance(sq), 1);
    for dir in ALL_LINES {
        if !clear_to_edge(board, sq, dir) {
            continue;
        }
        let mut length = 0;
        let mut cur = sq;
        while let Some(next) = offset(cur, dir) {
            length += 1;
            cur = next;
        }
        out.add(color, KING_OPEN_LINE + length.min(7), 1);
        // The line through the King continues on the other side: an enemy slider there that moves
        // along it is one step from pushing him out.
        if let Some(at) = first_piece(board, sq, (-dir.0, -dir.1)) {
            let p = board[at as usize];
            if color_of(p) != color && slides_along(kind(p), dir) {
                out.add(color, KING_LINE_PRESSURE, 1);
            }
        }
    }
    if pos.threatened_off(sq, !color) {
        out.add(color, KING_THREATENED, 1);
    }
}

/// Everything from White's point of view.
pub fn white_score(pos: &Dynamo) -> i32 {
    Sum::score(weights(), |sum| terms(pos, sum))
}

/// The terms of `pos` for the tuner.
pub fn trace(pos: &Dynamo) -> Trace {
    Trace::phaseless(PARAM_COUNT, pos.side_to_move().sign() * TEMPO, |recorder| {
        terms(pos, recorder);
    })
}

/// Empty squares a piece could step or slide to (a cheap stand-in for its turns).
fn mobility(board: &[u8; 64], sq: u8, piece_kind: u8) -> i32 {
    match piece_kind {
        KNIGHT => KNIGHT_LEAPS
            .iter()
            .filter(|&&v| offset(sq, v).is_some_and(|t| board[t as usize] == EMPTY))
            .count() as i32,
        PAWN | KING => 0,
        k => {
            let mut n = 0;
            for &dir in slider_lines(k) {
                let mut cur = sq;
                while let Some(next) = offset(cur, dir) {
                    if board[next as usize] != EMPTY {
                        break;
                    }
                    n += 1;
                    cur = next;
                }
            }
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::core::random::{random_walk, Xorshift};
    use tiamat_engine::games::dynamo::board::{BISHOP, QUEEN, ROOK};

    fn eval(fen: &str) -> i32 {
        DynamoEval.evaluate(&Dynamo::from_position_string("dynamo", fen).unwrap())
    }

    #[test]
    fn capture_order_counts_what_goes_over_the_edge() {
        // The Rook a1 pushes the Knight a5 off over a8 (from several squares it may go on to).
        let pos =
            Dynamo::from_position_string("dynamo", "4k3/8/8/n7/8/8/8/R3K3 w - - 0 1 -").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let orders: Vec<i32> = moves
            .iter()
            .map(|m| DynamoEval.capture_order(&pos, m))
            .collect();
        assert_eq!(orders.iter().max(), Some(&value(KNIGHT)));
        // The Rook sending itself off costs it.
        assert_eq!(orders.iter().min(), Some(&-value(ROOK)));
    }

    /// The evaluation as it was written before it counted through `Terms` (its own tables, at
    /// the hand values), from White's point of view: what the traced terms must add up to.
    fn hand_written(pos: &Dynamo) -> i32 {
        const MATERIAL: [i32; 7] = [0, 100, 310, 330, 480, 900, 0];
        const KING_EDGE: [i32; 4] = [-90, -35, -10, 0];
        const KING_OPEN_LINE: [i32; 8] = [-28, -22, -16, -12, -9, -7, -5, -4];
        const KING_LINE_PRESSURE: i32 = -30;
        const PIECE_EDGE: [[i32; 4]; 7] = [
            [0, 0, 0, 0],
            [-4, 0, 4, 8],
            [-25, -8, 4, 10],
            [-18, -6, 3, 8],
            [-12, -4, 2, 4],
            [-20, -6, 3, 6],
            [0, 0, 0, 0],
        ];
        const MOBILITY: [i32; 7] = [0, 0, 4, 4, 3, 2, 0];
        let king_safety = |sq: u8, color: Color| {
            let board = pos.squares();
            let mut score = KING_EDGE[edge_distance(sq)];
            for dir in ALL_LINES {
                if !clear_to_edge(board, sq, dir) {
                    continue;
                }
                let mut length = 0;
                let mut cur = sq;
                while let Some(next) = offset(cur, dir) {
                    length += 1;
                    cur = next;
                }
                score += KING_OPEN_LINE[length.min(7)];
                if let Some(at) = first_piece(board, sq, (-dir.0, -dir.1)) {
                    let p = board[at as usize];
                    let slides = match kind(p) {
                        QUEEN => true,
                        ROOK => dir.0 == 0 || dir.1 == 0,
                        BISHOP => dir.0 != 0 && dir.1 != 0,
                        _ => false,
                    };
                    if color_of(p) != color && slides {
                        score += KING_LINE_PRESSURE;
                    }
                }
            }
            if pos.threatened_off(sq, !color) {
                score += KING_LINE_PRESSURE;
            }
            score
        };
        let board = pos.squares();
        let mover = pos.side_to_move();
        let mut score = 0;
        let mut best_hanging = 0;
        for sq in 0..64u8 {
            let p = board[sq as usize];
            if p == EMPTY {
                continue;
            }
            let color = color_of(p);
            let k = kind(p) as usize;
            let sign = color.sign();
            if kind(p) == KING {
                score += sign * king_safety(sq, color);
                continue;
            }
            let mut own = MATERIAL[k] + PIECE_EDGE[k][edge_distance(sq)];
            own += MOBILITY[k] * mobility(board, sq, kind(p));
            if pos.threatened_off(sq, !color) {
                if color == mover {
                    own -= MATERIAL[k] * 12 / 100;
                } else {
                    best_hanging = best_hanging.max(MATERIAL[k] * 70 / 100);
                }
            }
            score += sign * own;
        }
        score + mover.sign() * best_hanging
    }

    /// The tuner's trace, weighted by the weights Dynamo plays with, is the evaluation, and
    /// weighted by the hand set it is the evaluation as first written: along random games (every
    /// term occurs, a piece that can be sent off included).
    #[test]
    fn trace_reproduces_the_evaluation() {
        let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut checked = 0;
        let mut seen = [false; PARAM_COUNT];
        for _ in 0..12 {
            let start = Dynamo::start_position("dynamo").unwrap();
            for pos in random_walk(start, |n| rng.below(n)).take(100) {
                let trace = trace(&pos);
                let sum = |w: &Weights| -> i32 {
                    trace.coefficients.iter().map(|&(p, c)| w[p] * c).sum()
                };
                let text = pos.position_string();
                assert_eq!(sum(weights()), white_score(&pos), "{text}");
                assert_eq!(sum(&HAND), hand_written(&pos), "{text}");
                let relative = pos.side_to_move().sign();
                assert_eq!(
                    relative * (sum(weights()) + trace.tempo),
                    DynamoEval.evaluate(&pos)
                );
                checked += 1;
                for &(p, _) in &trace.coefficients {
                    seen[p] = true;
                }
                if pos.ending(&[]).is_some() {
                    break;
                }
            }
        }
        assert!(checked > 500, "{checked}");
        let unseen: Vec<usize> = (0..PARAM_COUNT).filter(|&p| !seen[p]).collect();
        assert!(unseen.len() <= 4, "parameters never counted: {unseen:?}");
    }

    #[test]
    fn dynamo_plays_with_the_fitted_set_or_with_hand_weights_the_hand_set() {
        assert_ne!(TUNED, HAND);
        assert_eq!(weights(), crate::played(&TUNED, &HAND));
    }

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"),
            TEMPO
        );
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -"),
            TEMPO
        );
    }

    #[test]
    fn material_counts() {
        // White has an extra rook; the score is positive for White to move, negative for Black.
        assert!(eval("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -") > 300);
        assert!(eval("4k3/8/8/8/8/8/8/R3K3 b - - 0 1 -") < -300);
    }

    /// In the hand set. The fitted set ranks these two the other way round (the centre King -125,
    /// the rim King -81): it costs a King 50 to stand in the centre and 15 an open line of three
    /// squares, of which the centre King has five and the rim King two.
    #[test]
    fn a_king_on_the_edge_is_worse_than_in_the_centre() {
        let hand = |fen: &str| {
            let pos = Dynamo::from_position_string("dynamo", fen).unwrap();
            Sum::score(&HAND, |sum| terms(&pos, sum))
        };
        // Black's King; White's stays on d1.
        let centre = hand("8/8/8/3k4/8/8/8/3K4 b - - 0 1 -");
        let edge = hand("3k4/8/8/8/8/8/8/3K4 b - - 0 1 -");
        assert!(centre < edge, "{centre} {edge}");
    }

    #[test]
    fn an_enemy_piece_the_mover_can_push_off_counts_for_the_mover() {
        // The white rook on a1 can push the black knight on a5 along the clear file over a8.
        let hanging = eval("4k3/8/8/n7/8/8/8/R3K3 w - - 0 1 -");
        let safe = eval("4k3/8/8/8/3n4/8/8/R3K3 w - - 0 1 -");
        assert!(hanging > safe, "{hanging} {safe}");
    }

    #[test]
    fn a_slider_on_the_kings_open_line_costs() {
        // Black to move: the d1 rook lines up with the king on the open d-file.
        let on_line = eval("8/8/8/3k4/8/8/8/3RK3 b - - 0 1 -");
        let off_line = eval("8/8/8/3k4/8/8/8/R3K3 b - - 0 1 -");
        assert!(on_line < off_line, "{on_line} {off_line}");
    }

    /// A position from self-play where every pushing capture gives check and each check leaves
    /// about a hundred replies: quiescence searched them all and depth 1 never finished (the
    /// engine hung until the match runner's move timeout).
    #[test]
    fn quiescence_does_not_explode_on_chains_of_checks() {
        use tiamat_engine::search::{Control, Limits, Options, Searcher};
        let pos = Dynamo::from_position_string(
            "dynamo",
            "r1bq2nr/pppkbppp/2p4P/6P1/7R/8/PP1BPPP1/RN1QKBN1 w Q - 0 4 -pd7-ke8+pc6+kd7",
        )
        .unwrap();
        let mut searcher = Searcher::new(DynamoEval, Options::default());
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let outcome = searcher.search(&pos, &[], &limits, &Control::new(), &mut |_| {});
        assert!(outcome.best.is_some());
        assert!(outcome.nodes < 1_000_000, "{} nodes", outcome.nodes);
    }
}
