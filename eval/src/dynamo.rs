//! Dynamo evaluation. Nothing is captured: material is lost only over the edge, and the game is
//! lost when the King cannot avoid being pushed or pulled off. So the terms are material, the
//! King's distance from the edges and the open lines along which it could be expelled, pieces
//! that the side to move could push off right now or that stand near an edge, and mobility.
//! All weights are in the tables below (centipawns).

use tiamat_engine::games::dynamo::board::{
    clear_to_edge, color_of, first_piece, kind, offset, slider_lines, ALL_LINES, BISHOP, EMPTY,
    KING, KNIGHT, KNIGHT_LEAPS, PAWN, QUEEN, ROOK,
};
use tiamat_engine::games::dynamo::{Dynamo, Move};
use tiamat_engine::search::Evaluator;
use tiamat_engine::{Color, Game};

use crate::HasEvaluator;

/// Material by piece kind (index = kind code: -, P, N, B, R, Q, K). Pushing power makes the long
/// sliders worth relatively more than in chess.
const MATERIAL: [i32; 7] = [0, 100, 310, 330, 480, 900, 0];

/// Distance of a square from the nearest edge: 0 on the rim, 3 in the centre.
const fn edge_distance(sq: u8) -> usize {
    let f = (sq & 7) as i32;
    let r = (sq >> 3) as i32;
    let fd = if f < 7 - f { f } else { 7 - f };
    let rd = if r < 7 - r { r } else { 7 - r };
    (if fd < rd { fd } else { rd }) as usize
}

/// The King's safety by its distance from the edge.
const KING_EDGE: [i32; 4] = [-90, -35, -10, 0];

/// Per open line from the King to the edge (an enemy slider behind him on that line pushes him
/// off), by the number of empty squares on it: short lines are quick to exploit.
const KING_OPEN_LINE: [i32; 8] = [-28, -22, -16, -12, -9, -7, -5, -4];

/// An enemy slider already on an open line of the King (not yet a check only because something
/// else blocks the way out): strong pressure.
const KING_LINE_PRESSURE: i32 = -30;

/// Other pieces by their distance from the edge (index = kind; rim, one square in, two, centre).
const PIECE_EDGE: [[i32; 4]; 7] = [
    [0, 0, 0, 0],
    [-4, 0, 4, 8],
    [-25, -8, 4, 10],
    [-18, -6, 3, 8],
    [-12, -4, 2, 4],
    [-20, -6, 3, 6],
    [0, 0, 0, 0],
];

/// A piece of the side not to move that the side to move can send off now: most of its value
/// (only the largest such threat counts, as only one can be executed).
const HANGING_SHARE_PERCENT: i32 = 70;
/// A piece of the side to move that could be pushed off: it must move or be covered.
const EXPOSED_SHARE_PERCENT: i32 = 12;

/// Per empty square a piece could move to.
const MOBILITY: [i32; 7] = [0, 0, 4, 4, 3, 2, 0];

/// Having the move.
const TEMPO: i32 = 12;

#[derive(Clone, Copy, Debug, Default)]
pub struct DynamoEval;

impl HasEvaluator for Dynamo {
    type Evaluator = DynamoEval;
}

impl Evaluator<Dynamo> for DynamoEval {
    type Path = ();

    fn evaluate(&self, pos: &Dynamo) -> i32 {
        let us = pos.side_to_move();
        let white = white_view(pos);
        TEMPO + white * us.sign()
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
                MATERIAL[kind(cell) as usize]
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

/// The evaluation from White's point of view.
fn white_view(pos: &Dynamo) -> i32 {
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
            score += sign * king_safety(pos, sq, color);
            continue;
        }
        let mut own = MATERIAL[k] + PIECE_EDGE[k][edge_distance(sq)];
        own += MOBILITY[k] * mobility(board, sq, kind(p));
        if pos.threatened_off(sq, !color) {
            if color == mover {
                own -= MATERIAL[k] * EXPOSED_SHARE_PERCENT / 100;
            } else {
                best_hanging = best_hanging.max(MATERIAL[k] * HANGING_SHARE_PERCENT / 100);
            }
        }
        score += sign * own;
    }
    score + mover.sign() * best_hanging
}

fn king_safety(pos: &Dynamo, sq: u8, color: Color) -> i32 {
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
        // The line through the King continues on the other side: an enemy slider there that moves
        // along it is one step from pushing him out.
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
        assert_eq!(orders.iter().max(), Some(&MATERIAL[KNIGHT as usize]));
        // The Rook sending itself off costs it.
        assert_eq!(orders.iter().min(), Some(&-MATERIAL[ROOK as usize]));
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

    #[test]
    fn a_king_on_the_edge_is_worse_than_in_the_centre() {
        let centre = eval("8/8/8/3k4/8/8/8/3K4 b - - 0 1 -");
        let edge = eval("3k4/8/8/8/8/8/8/3K4 b - - 0 1 -");
        assert!(centre > edge, "{centre} {edge}");
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
