//! Rules tests: the start-position counts, every worked example of the seed, one test per rule
//! of the rules page, notation and position-string round trips, and garbage inputs.

use super::board::square_name;
use super::*;
use crate::core::random::{random_walk, Xorshift};
use crate::core::{GameResult, MoveList};

fn pos(fen: &str) -> Dynamo {
    Dynamo::from_position_string("dynamo", fen).unwrap()
}

fn legal(p: &Dynamo) -> Vec<Move> {
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    moves
}

fn wires(p: &Dynamo) -> Vec<String> {
    legal(p).iter().map(|m| p.move_to_wire(m)).collect()
}

fn has(p: &Dynamo, wire: &str) -> bool {
    wires(p).iter().any(|w| w == wire)
}

fn play(p: &Dynamo, text: &str) -> Dynamo {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.position_string()));
    p.play(&mv)
}

fn placement(p: &Dynamo) -> String {
    p.position_string().split(' ').next().unwrap().to_string()
}

/// Every listed turn counted, none merged: the generator must list each effect once.
use crate::core::perft::{parse_suite, perft_listed as perft, Suite};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

// ---------------------------------------------------------------- start position counts

/// The hand count: 182 candidate turns (20 normal moves, 31 self-exits with or without a dragged
/// piece, 131 actions and their continuations), 14 of them repeat an effect already listed.
#[test]
fn start_position_depth_one_by_category() {
    let p = Dynamo::start_position("dynamo").unwrap();
    assert_eq!(
        p.candidate_counts(),
        [
            (Kind::Normal, 20),
            (Kind::Castle, 0),
            (Kind::SelfExit, 31),
            (Kind::Action, 131)
        ]
    );
    assert_eq!(legal(&p).len(), 168);
}

#[test]
fn start_position_depth_two() {
    assert_eq!(perft(&pos(START), 2), 26_942);
}

/// The duplicates of the hand count, by effect: a pawn pushed by a piece that stays is the
/// pawn's own move (a3, a4, h3, h4, d3, d4, e3), a bishop or queen pushing a pawn off and
/// following it off is its self-exit dragging the pawn, and two pieces push e2 off.
#[test]
fn start_position_duplicates_are_one_move() {
    let p = pos(START);
    let all = wires(&p);
    for w in [
        "a2a3", "a2a4", "d2d3", "d2d4", "e2e3", "c1x,d2x", "f1x,g2x", "d1x,e2x", "e2x",
    ] {
        assert_eq!(all.iter().filter(|x| *x == w).count(), 1, "{w}");
    }
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len());
}

// ---------------------------------------------------------------- the seed's diagrams

/// First diagram: the e2 pawn goes to e3/e4 by itself, d3..a6 pushed by the f1 bishop, f3..h5
/// by the queen, c3 by the g1 knight (which may then go to e2), or off the board ("takes the
/// king", entered as e2e1).
#[test]
fn seed_pawn_moves_of_the_first_diagram() {
    let p = pos(START);
    let mut targets: Vec<String> = wires(&p)
        .iter()
        .filter(|w| w.starts_with("e2") && w.len() <= 4 && !w.contains(','))
        .map(|w| w[2..].to_string())
        .collect();
    targets.sort();
    assert_eq!(
        targets,
        ["a6", "b5", "c3", "c4", "d3", "e3", "e4", "f3", "g4", "h5", "x"]
    );
    assert!(has(&p, "g1e2,e2c3"), "the knight follows onto e2");
    assert!(has(&p, "d1e2,e2f3") || has(&p, "d1e2,e2g4"));
    assert!(has(&p, "d1f3,e2g4"), "the queen follows along the line");
    assert!(has(&p, "f1b5,e2a6"), "the bishop follows along the line");
    let exit = p.parse_move("e2e1").unwrap();
    assert_eq!(p.move_to_wire(&exit), "e2x");
}

/// Second diagram: the c3 knight returns to b1 and pulls the d5 pawn onto c3.
#[test]
fn seed_pull_d5_to_c3() {
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1 -");
    let after = play(&p, "c3b1,d5c3");
    assert_eq!(
        placement(&after),
        "rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR"
    );
    assert_eq!(
        after.last_turn(),
        p.parse_move("Nc3-b1,pd5-c3").unwrap().effect
    );
    // A knight's pull lands exactly on the vacated square (ruling 3.6.7).
    assert!(!has(&p, "c3b1,d5d4"));
}

/// Third diagram: Black's g7 bishop pushes the d4 bishop to b2 and follows to d4; White may push
/// it back to g7 but not return to d4 as well (no-undo rule).
#[test]
fn seed_push_d4_to_b2_cannot_be_undone() {
    let p = pos("rnbqk1nr/ppppppbp/6p1/8/3B4/1P6/P1PPPPPP/RN1QKBNR b KQkq - 0 1 -");
    let after = play(&p, "d4b2,g7d4");
    assert_eq!(
        placement(&after),
        "rnbqk1nr/pppppp1p/6p1/8/3b4/1P6/PBPPPPPP/RN1QKBNR"
    );
    assert!(after.position_string().ends_with(" -Bd4-bg7+Bb2+bd4"));
    assert!(matches!(
        after.parse_move("b2d4,d4g7"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(
        has(&after, "d4g7"),
        "pushing back without following is allowed"
    );
    assert!(
        has(&after, "b2c3,d4g7"),
        "following part of the way is allowed"
    );
    // The same turn is legal when nothing is to be undone.
    let fresh = pos("rnbqk1nr/pppppp1p/6p1/8/3b4/1P6/PBPPPPPP/RN1QKBNR w KQkq - 0 1 -");
    assert!(has(&fresh, "b2d4,d4g7"));
}

/// Fourth diagram: the a4 queen checks the d7 King: she could leave the board along a4-e8
/// dragging him with her (pull-out).
#[test]
fn seed_queen_check_along_a4_e8() {
    let p = pos("rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1 -");
    assert!(p.in_check());
    // Blocking the diagonal (c6) ends the check.
    for m in legal(&p) {
        assert!(!p
            .play(&m)
            .threatened_off(p.play(&m).king_square(Color::Black), Color::White));
    }
    assert!(has(&p, "b7c6") || has(&p, "c7c6"));
}

/// Fifth diagram: "Dynamate". The King cannot push the queen from g4 (she would push him over
/// the h file).
#[test]
fn seed_dynamate() {
    let p = pos("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1 -");
    assert!(p.in_check());
    assert!(legal(&p).is_empty());
    assert!(matches!(
        p.parse_move("g4f4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("g4f4,h4g4"),
        Err(MoveError::Illegal { .. })
    ));
    let end = p.ending(&[]).unwrap();
    assert_eq!(end.result, GameResult::WhiteWins);
}

// ---------------------------------------------------------------- part A

#[test]
fn normal_moves_never_capture() {
    let p = pos("4k3/8/8/3p4/3R4/8/8/4K3 w - - 0 1 -");
    assert!(!has(&p, "d4d5"));
    assert!(has(&p, "d4h4"));
}

#[test]
fn pawn_double_step_only_from_its_second_rank() {
    // A white pawn pulled back to its first rank steps one square (ruling 3.6.5).
    let p = pos("4k3/8/8/8/8/8/8/1P2K3 w - - 0 1 -");
    assert!(has(&p, "b1b2"));
    assert!(!has(&p, "b1b3"));
}

#[test]
fn self_exit_needs_a_clear_line_or_an_outer_knight() {
    let p = pos("4k3/8/8/8/3N4/8/1N6/R3K3 w - - 0 1 -");
    assert!(has(&p, "a1x"), "rook on the edge");
    assert!(has(&p, "b2x"), "knight on the second file");
    assert!(!has(&p, "d4x"), "knight in the centre");
    let blocked = pos("4k3/8/8/8/8/1p6/pR6/n3K3 w - - 0 1 -");
    assert!(has(&blocked, "b2x"), "the b-file upward is clear");
    let boxed = pos("1p2k3/8/8/8/1p6/pRp5/1p6/4K3 w - - 0 1 -");
    assert!(!has(&boxed, "b3x"));
}

#[test]
fn kings_and_pawns_never_exit_by_themselves() {
    let p = pos("4k3/8/8/8/8/8/P7/K7 w - - 0 1 -");
    assert!(!has(&p, "a1x"));
    assert!(!has(&p, "a2x"));
}

#[test]
fn self_exit_drags_the_piece_behind() {
    // The a1 rook leaves westward dragging the b1 knight to a1 or off, or southward dragging a2.
    let p = pos("4k3/8/8/8/8/8/p7/RN2K3 w - - 0 1 -");
    for w in ["a1x", "a1x,b1a1", "a1x,b1x", "a1x,a2a1q", "a1x,a2x"] {
        assert!(has(&p, w), "{w}");
    }
    // A knight drags only onto its own square.
    let k = pos("4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1 -");
    assert!(has(&k, "b1x,d2b1"));
    assert!(!has(&k, "b1x,d2x"));
}

#[test]
fn knight_and_king_actions_push_one_leap_or_step() {
    let p = pos("4k3/8/8/8/3p4/8/2N5/4K3 w - - 0 1 -");
    assert!(has(&p, "d4e6"), "knight c2 pushes d4 one more leap");
    assert!(has(&p, "c2d4,d4e6"), "and may follow");
    assert!(!has(&p, "c2d4,d4f8"));
    let k = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 -");
    assert!(has(&k, "d2c3"), "the king pushes an adjacent rook one step");
    assert!(has(&k, "e1d2,d2c3"));
    assert!(!has(&k, "d2b4"));
}

#[test]
fn leapers_push_off_the_board_but_never_a_king() {
    let p = pos("8/8/8/8/8/k7/2N5/4K3 w - - 0 1 -");
    assert!(
        !has(&p, "a3x"),
        "a3 pushed along c2-a3 would land off the board: never a King"
    );
    let edge = pos("4k3/8/8/8/8/8/r7/2N1K3 w - - 0 1 -");
    assert!(has(&edge, "a2x"), "knight c1 pushes a2 off");
    let king = pos("8/8/8/8/8/8/k7/2N1K3 w - - 0 1 -");
    assert!(!has(&king, "a2x"), "a King is never pushed off");
    assert!(
        king.threatened_off(king.king_square(Color::Black), Color::White),
        "but the threat is check"
    );
}

#[test]
fn sliders_push_any_distance_and_follow() {
    let p = pos("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1 -");
    for w in ["a2a3", "a2a7", "a2a8", "a1a2,a2a3", "a1a6,a2a7"] {
        assert!(has(&p, w), "{w}");
    }
    assert!(!has(&p, "a1a3,a2a3"));
    // Pushed off along a clear line, the pusher may follow to the edge or leave too.
    let off = pos("4k3/8/8/8/8/8/1r6/2B1K3 w - - 0 1 -");
    for w in ["b2x", "c1b2,b2x", "c1a3,b2x", "c1x,b2x"] {
        assert!(has(&off, w), "{w}");
    }
}

#[test]
fn sliders_pull_any_distance_short_of_themselves() {
    let p = pos("4k3/r7/8/8/8/8/8/R3K3 w - - 0 1 -");
    for w in ["a7a2", "a7a4", "a7a6"] {
        assert!(has(&p, w), "{w}");
    }
    assert!(!has(&p, "a7a1"));
}

#[test]
fn pawns_push_own_pieces_ahead_and_enemies_diagonally() {
    let p = pos("4k3/8/8/8/8/2N5/2P5/4K3 w - - 0 1 -");
    assert!(has(&p, "c3c4"), "one square");
    assert!(has(&p, "c3c5"), "two squares from the start rank");
    assert!(has(&p, "c2c3,c3c4"), "and follows one step");
    // Ruling 3: only an adjacent piece.
    let gap = pos("4k3/8/8/8/2N5/8/2P5/4K3 w - - 0 1 -");
    assert!(!has(&gap, "c4c5"));
    // Off the start rank: one square only.
    let one = pos("4k3/8/8/8/2N5/2P5/8/4K3 w - - 0 1 -");
    assert!(has(&one, "c4c5"));
    assert!(!has(&one, "c4c6"));
    let enemy = pos("4k3/8/8/8/8/3n4/2P5/4K3 w - - 0 1 -");
    assert!(has(&enemy, "d3e4"));
    assert!(has(&enemy, "c2d3,d3e4"), "the pawn follows diagonally");
    assert!(!has(&enemy, "d3d4"));
    let own_diag = pos("4k3/8/8/8/8/3N4/2P5/4K3 w - - 0 1 -");
    assert!(!has(&own_diag, "d3e4"));
}

#[test]
fn pawns_never_pull() {
    let p = pos("4k3/8/8/8/8/8/2P5/2n1K3 w - - 0 1 -");
    assert!(has(&p, "c2c3"));
    assert!(!has(&p, "c1c2,c2c3"));
}

#[test]
fn pawn_pushes_an_own_piece_off_its_last_rank() {
    let p = pos("2N1k3/2P5/8/8/8/8/8/4K3 w - - 0 1 -");
    assert!(has(&p, "c8x"));
    for promo in ["q", "r", "b"] {
        assert!(has(&p, &format!("c7c8{promo},c8x")), "follow promotes");
    }
    // Promoting to a knight in its place leaves the board as if the pawn alone had left.
    assert!(has(&p, "c7x"));
    assert!(!has(&p, "c7c8n,c8x"));
}

#[test]
fn promotion_by_push_is_chosen_by_the_mover() {
    // The b8 rook pushes the black b2 pawn onto Black's last rank: White chooses the piece, one
    // turn per choice (ruling 3.6.4).
    let rook = pos("1R2k3/8/8/8/7K/8/1p6/8 w - - 0 1 -");
    let mut choices: Vec<String> = wires(&rook)
        .into_iter()
        .filter(|w| w.starts_with("b2b1") && !w.contains(','))
        .collect();
    choices.sort();
    assert_eq!(choices, ["b2b1b", "b2b1n", "b2b1q", "b2b1r"]);
    // A choice that would leave White's King in check is not a legal turn (queen or rook on the
    // first rank next to it).
    let near = pos("1R2k3/8/8/8/8/8/1p6/4K3 w - - 0 1 -");
    assert!(has(&near, "b2b1n"));
    assert!(!has(&near, "b2b1q"));
    // Dragged onto its own last rank by the a7 rook leaving the board, a white pawn promotes.
    let dragged = pos("4k3/R7/P7/8/8/8/8/4K3 w - - 0 1 -");
    assert!(has(&dragged, "a6a8q,a7x"));
    assert!(has(&dragged, "a6a7,a7x"));
    assert!(!has(&dragged, "a6a8,a7x"));
}

#[test]
fn follow_after_push_and_pull_after_move() {
    // Rook a1 moves to a4 and pulls nothing (nothing behind); rook d4 moves left and pulls h4.
    let p = pos("4k3/8/8/8/3R3n/8/8/4K3 w - - 0 1 -");
    for w in ["d4a4,h4e4", "d4a4,h4d4", "d4a4,h4b4", "d4b4,h4c4"] {
        assert!(has(&p, w), "{w}");
    }
    assert!(!has(&p, "d4a4,h4a4"));
    assert!(
        !has(&p, "d4c4,h4b4"),
        "the pulled piece stays short of the mover"
    );
    // A King's pull lands on its vacated square only.
    let k = pos("4k3/8/8/8/8/3r4/4K3/8 w - - 0 1 -");
    assert!(
        has(&k, "e2f1,d3e2"),
        "the king steps away and pulls d3 onto e2"
    );
    let far = pos("4k3/8/8/8/2r5/8/4K3/8 w - - 0 1 -");
    assert!(has(&far, "e2f1"));
    assert!(
        !has(&far, "e2f1,c4d3"),
        "only the piece one step behind is pulled"
    );
    assert!(!has(&far, "e2f1,c4e2"));
}

/// Ruling 3.6.11: an own piece pushed or pulled in part A may pull in part B, along the line it
/// was displaced on, even one that is not its own (here a Rook displaced diagonally).
#[test]
fn displaced_own_piece_may_pull() {
    // The a1 rook pulls the own a5 queen to a2; the queen then pulls the a7 knight after her.
    let p = pos("4k3/n7/8/Q7/8/8/8/R3K3 w - - 0 1 -");
    assert!(has(&p, "a5a2,a7a3"));
    assert!(has(&p, "a5a2,a7a5"));
    assert!(!has(&p, "a5a2,a7a2"));
    // The h1 bishop pulls the own d5 rook to f3; the rook pulls b7 along the diagonal.
    let r = pos("4k3/1n6/8/3R4/8/8/8/4K2B w - - 0 1 -");
    assert!(has(&r, "d5f3,b7d5"));
    assert!(has(&r, "d5f3,b7e4"));
    // Pushed two squares by a pawn, an own rook pulls the pawn two squares.
    let pawn = pos("4k3/8/8/8/8/2R5/2P5/4K3 w - - 0 1 -");
    assert!(has(&pawn, "c2c4,c3c5"));
}

#[test]
fn castling_is_kept_only_while_king_and_rook_stay_home() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -");
    assert!(has(&p, "e1g1,h1f1"));
    assert!(has(&p, "a1d1,e1c1"));
    // Castling and the own rook pulling the king are different moves (ruling 3.6.8).
    assert!(has(&p, "e1g1"));
    let h = play(&p, "e1g1");
    assert!(h.position_string().contains(" kq "));
    // Black pulls the h1 rook to h2: White loses the king-side right, then cannot castle there
    // even after the rook is back on h1.
    let b = play(&pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 -"), "h1h2");
    assert!(b.position_string().contains(" Qkq "));
    assert!(!has(&b, "e1g1,h1f1"));
    // Moving straight back would undo Black's turn; coming back later does not restore the right.
    assert!(matches!(
        b.parse_move("h2h1"),
        Err(MoveError::Illegal { .. })
    ));
    let mut back = b;
    for w in ["h2h3", "e8e7", "h3h1", "e7e8"] {
        back = play(&back, w);
    }
    assert_eq!(placement(&back), "r3k2r/8/8/8/8/8/8/R3K2R");
    assert!(
        back.position_string().contains(" Q - "),
        "{}",
        back.position_string()
    );
    assert!(!has(&back, "e1g1,h1f1"));
    assert!(has(&back, "a1d1,e1c1"));
}

#[test]
fn castling_path_must_not_be_threatened() {
    // f1 can be pushed off by the f8 rook (clear file to the edge behind it... f1 is on the
    // edge): no king-side castling; queen-side is fine.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -");
    assert!(!has(&p, "e1g1,h1f1"));
    assert!(has(&p, "a1d1,e1c1"));
    // In check: no castling.
    let c = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1 -");
    assert!(c.in_check());
    assert!(!has(&c, "e1g1,h1f1"));
}

#[test]
fn a_corner_piece_that_leaves_and_is_replaced_keeps_the_lost_right_visible() {
    // The b1 rook pushes the a1 rook off and follows to a1: same board as the b1 rook leaving
    // by itself, but the queen-side right is gone. The wire text says so.
    let p = pos("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1 -");
    let all = wires(&p);
    assert!(all.contains(&"b1x".to_string()));
    assert!(all.contains(&"b1x;-".to_string()));
    for w in ["b1x", "b1x;-"] {
        let mv = p.parse_move(w).unwrap();
        assert_eq!(p.move_to_wire(&mv), w);
    }
}

// ---------------------------------------------------------------- legality

#[test]
fn check_by_push_out_pull_out_leaper_and_pawn() {
    // Rook pushes the king along the empty rank over the edge.
    assert!(pos("8/8/8/8/r3K3/8/8/7k w - - 0 1 -").in_check());
    // Blocked behind the king and behind the rook: no check.
    assert!(!pos("8/8/8/8/nr2K1N1/8/8/7k w - - 0 1 -").in_check());
    // Pull-out: the rook can leave along its line dragging the king.
    assert!(pos("8/8/8/8/r3K1N1/8/8/7k w - - 0 1 -").in_check());
    // Knight with the king on the edge beyond.
    assert!(pos("8/8/8/8/8/5n2/8/4K2k w - - 0 1 -").in_check());
    assert!(!pos("8/8/8/8/8/4K3/2n5/7k w - - 0 1 -").in_check());
    // Enemy king adjacent with the edge beyond.
    assert!(pos("8/8/8/8/8/8/4k3/4K3 w - - 0 1 -").in_check());
    assert!(!pos("8/8/8/8/4k3/4K3/8/8 w - - 0 1 -").in_check());
    // Black pawn attacking the king on the first rank.
    assert!(pos("7k/8/8/8/8/8/3p4/4K3 w - - 0 1 -").in_check());
    assert!(!pos("7k/8/8/8/8/3p4/4K3/8 w - - 0 1 -").in_check());
}

#[test]
fn a_turn_may_not_leave_the_own_king_in_check() {
    // Moving the e2 knight exposes the king on the edge to the e8 rook.
    let p = pos("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1 -");
    assert!(!p.in_check());
    assert!(!has(&p, "e2c3"));
}

#[test]
fn part_b_can_repair_part_a() {
    // The e2 rook stepping aside leaves the King in check; pulling the f2 knight onto e2 in
    // part B covers it again, so only the complete turn is legal.
    let p = pos("4r2k/8/8/8/8/8/4RN2/4K3 w - - 0 1 -");
    assert!(!has(&p, "e2d2"));
    assert!(has(&p, "e2d2,f2e2"));
}

/// Ruling 3.6.1: the effect is the net change; a square that ends as it began is not listed.
#[test]
fn effect_is_the_net_change_of_the_board() {
    // The d2 pawn pushes the d3 pawn to d4 and follows to d3: one pawn more on d4, one less on d2.
    let p = pos("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1 -");
    let after = play(&p, "d2d4");
    assert_eq!(placement(&after), "4k3/8/8/8/3P4/3P4/8/4K3");
    assert!(after.position_string().ends_with(" -Pd2+Pd4"));
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn no_undo_applies_to_the_complete_turn_only() {
    let p = pos(START);
    let a = play(&p, "g1f3");
    let b = play(&a, "g8f6");
    // White's knight may go back: Black's last turn was a different one.
    assert!(has(&b, "f3g1"));
    // Black may not undo White's last turn by pushing the knight back where it came from.
    let q = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -");
    let q = play(&q, "a1a5");
    let q = play(&q, "e8d8");
    assert!(has(&q, "a5a1"));
}

#[test]
fn stalemate_is_a_draw() {
    // Every King step lands where the g3 queen could push it off; nothing else can act.
    let p = pos("8/8/5k2/8/8/3p2q1/8/7K w - - 0 1 -");
    assert!(!p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(p.ending(&[]).unwrap().result, GameResult::Draw);
    assert_eq!(p.ending(&[]).unwrap().reason, "stalemate");
}

// ---------------------------------------------------------------- repetition and 50 moves

#[test]
fn threefold_repetition_and_fifty_moves() {
    let mut p = pos(START);
    let mut history = Vec::new();
    for _ in 0..2 {
        for w in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            history.push(p.key());
            p = play(&p, w);
        }
    }
    assert!(p.ending(&history).is_none(), "twice after the first cycle");
    for w in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        history.push(p.key());
        p = play(&p, w);
    }
    assert_eq!(p.ending(&history).unwrap().reason, "threefold repetition");
    let fifty = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80 -");
    assert_eq!(fifty.ending(&[]).unwrap().reason, "50-move rule");
    // A pawn pushed by a piece resets the clock, so does a piece leaving the board.
    let q = pos("4k3/8/8/8/8/8/P7/R3K3 w - - 37 80 -");
    assert_eq!(play(&q, "a2a5").halfmove_clock(), 0);
    assert_eq!(play(&q, "e1d1").halfmove_clock(), 38);
    let r = pos("4k3/8/8/8/8/8/8/R3K3 w - - 37 80 -");
    assert_eq!(play(&r, "a1x").halfmove_clock(), 0);
}

#[test]
fn key_covers_the_last_turn_and_castling() {
    let a = pos(START);
    let cycled = play(&play(&play(&play(&a, "g1f3"), "g8f6"), "f3g1"), "f6g8");
    assert_eq!(placement(&cycled), placement(&a));
    assert_ne!(cycled.key(), a.key());
    let no_castle = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1 -");
    assert_ne!(no_castle.key(), a.key());
    // The key follows play incrementally.
    let again = pos(&cycled.position_string());
    assert_eq!(again.key(), cycled.key());
}

// ---------------------------------------------------------------- text round trips

const SUITE_FENS: [&str; 6] = [
    START,
    "rnbqk1nr/ppppppbp/6p1/8/3B4/1P6/P1PPPPPP/RN1QKBNR b KQkq - 0 1 -",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -",
    "4k3/1P6/8/8/3q4/8/6p1/R3K3 w Q - 0 1 -",
    "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1 -",
    "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1 -",
];

#[test]
fn every_turn_has_one_wire_text_that_reads_back() {
    for fen in SUITE_FENS {
        let p = pos(fen);
        let moves = legal(&p);
        let mut seen = std::collections::HashSet::new();
        for m in &moves {
            let w = p.move_to_wire(m);
            assert!(seen.insert(w.clone()), "{w} twice in {fen}");
            assert_eq!(p.parse_move(&w).as_ref(), Ok(m), "{w} in {fen}");
            let h = p.move_to_human(m);
            assert_eq!(p.parse_move(&h).as_ref(), Ok(m), "{h} in {fen}");
            // Every child writes a position string that reads back to an equal state.
            let child = p.play(m);
            assert_eq!(pos(&child.position_string()), child, "after {w} in {fen}");
        }
    }
}

#[test]
fn human_form_reads_well() {
    let p = pos(START);
    assert_eq!(p.move_to_human(&p.parse_move("e2e4").unwrap()), "Pe2-e4");
    assert_eq!(
        p.move_to_human(&p.parse_move("a1a4,a2a5").unwrap()),
        "Ra1-a4,Pa2-a5"
    );
    assert_eq!(
        p.move_to_human(&p.parse_move("c1x,d2x").unwrap()),
        "Bc1-off,Pd2-off"
    );
    let c = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -");
    assert_eq!(c.move_to_human(&c.parse_move("e1g1,h1f1").unwrap()), "O-O");
    assert_eq!(
        c.parse_move("O-O-O").unwrap(),
        c.parse_move("a1d1,e1c1").unwrap()
    );
    // Legs in any order.
    assert_eq!(p.parse_move("a2a5,a1a4"), p.parse_move("a1a4,a2a5"));
}

#[test]
fn position_strings_round_trip() {
    for fen in SUITE_FENS {
        assert_eq!(pos(fen).position_string(), fen);
    }
    // The seventh field may be missing.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").position_string(),
        START
    );
    // Unsorted last-turn items are accepted and written sorted.
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 +Pe4-Pe2");
    assert!(p.position_string().ends_with(" -Pe2+Pe4"));
    let exit = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR b KQkq - 0 1 -Bc1");
    assert!(exit.position_string().ends_with(" -Bc1"));
}

#[test]
fn garbage_position_strings_name_the_field() {
    let cases = [
        ("", "position"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1",
            "piece placement",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -Pe",
            "last turn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +Pe4",
            "last turn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 *Pe2",
            "last turn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -Xe2",
            "last turn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -Pe2-Pe2",
            "last turn",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - extra",
            "position",
        ),
    ];
    for (fen, field) in cases {
        let err = Dynamo::from_position_string("dynamo", fen).unwrap_err();
        assert_eq!(err.field, field, "{fen}: {err}");
    }
    assert_eq!(
        Dynamo::from_position_string("chess", START)
            .unwrap_err()
            .field,
        "variant"
    );
}

#[test]
fn garbage_moves_are_errors() {
    let p = pos(START);
    for text in [
        "",
        "e2",
        "e2e",
        "e2e9",
        "z2e4",
        "e2e4k",
        "e2e4,",
        ",",
        "e2e4,,d2d4",
        "e2e4;Z",
        "Qe2-e4",
        "e2-",
        "Pe2-zz",
        "e2e4,e2e5",
        "e2e4,d2d4,c2c4",
        "\u{1F600}",
        "e2\u{e9}4",
        "Pe2-e4=Z",
    ] {
        assert!(p.parse_move(text).is_err(), "{text:?}");
    }
    assert!(matches!(
        p.parse_move("e2e5"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e3e4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("e2e4q"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn board_text_shows_the_position() {
    let p = pos(START);
    let text = p.board_text();
    assert!(text.contains(" 8  r n b q k b n r"));
    assert!(text.contains(START));
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    assert_eq!(MoveList::len(&list), 168);
    assert_eq!(square_name(0), "a1");
}

fn suite() -> Suite<'static> {
    parse_suite(Dynamo::perft_suite("dynamo").expect("Dynamo keeps a suite")).unwrap()
}

fn suite_positions() -> Vec<&'static str> {
    suite().entries.iter().map(|entry| entry.position).collect()
}

/// The start position's independent counts, and every count to depth 3 with each listed turn
/// counted (the registry's suite test merges turns by key, which would hide a turn listed twice).
#[test]
fn perft_suite_to_depth_three() {
    let suite = suite();
    assert_eq!(
        suite.entry("start").unwrap().counts,
        [(1, 168), (2, 26_942), (3, 3_991_091)]
    );
    assert!(suite.entries.len() >= 12);
    for entry in &suite.entries {
        let p = pos(entry.position);
        for &(depth, expected) in entry.counts.iter().filter(|(depth, _)| *depth <= 3) {
            assert_eq!(perft(&p, depth), expected, "{} depth {depth}", entry.name);
        }
    }
}

/// Depth 4 of the start position and a speed figure, with `TIAMAT_DEEP=1` (release build:
/// `TIAMAT_DEEP=1 cargo test --release -p tiamat-engine dynamo_deep -- --nocapture`).
#[test]
fn dynamo_deep_perft_speed() {
    if !crate::core::deep_tests() {
        return;
    }
    let p = pos(START);
    let started = std::time::Instant::now();
    let nodes = perft(&p, 4);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "dynamo perft 4 = {nodes} in {seconds:.2} s: {:.2} Mnps",
        nodes as f64 / seconds / 1e6
    );
    assert!(nodes > 3_991_091);
}

/// Random games from the suite positions: at every node the incremental key equals the key of the
/// re-read position string, the bitboard check test agrees with the square-by-square one on
/// every square, no legal turn leaves the mover's King in check or undoes the last
/// turn, and sampled turns' wire and human texts read back to themselves.
#[test]
fn random_games_keep_every_invariant() {
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15u64);
    let mut plies = 0;
    let mut exits = 0;
    for fen in suite_positions().into_iter().cycle().take(36) {
        let mut p = pos(fen);
        for _ in 0..120 {
            let reread = pos(&p.position_string());
            assert_eq!(reread.key(), p.key(), "{}", p.position_string());
            assert_eq!(reread, p);
            for sq in 0..64 {
                for by in Color::ALL {
                    assert_eq!(
                        p.threatened_off(sq, by),
                        super::reference::threatened_off(p.squares(), sq, by),
                        "{} {sq} {by}",
                        p.position_string()
                    );
                }
            }
            let moves = legal(&p);
            if moves.is_empty() {
                assert!(p.ending(&[]).is_some());
                break;
            }
            let forbidden = p.last_turn().inverse();
            for m in &moves {
                assert!(p.last_turn().is_empty() || m.effect != forbidden);
                let child = p.play(m);
                let mover = p.side_to_move();
                assert!(!child.threatened_off(child.king_square(mover), !mover));
            }
            for _ in 0..3 {
                let m = &moves[rng.below(moves.len())];
                assert_eq!(p.parse_move(&p.move_to_wire(m)).as_ref(), Ok(m));
                assert_eq!(p.parse_move(&p.move_to_human(m)).as_ref(), Ok(m));
            }
            let m = moves[rng.below(moves.len())];
            exits += p.is_tactical(&m) as u32;
            p = p.play(&m);
            plies += 1;
        }
    }
    assert!(
        plies > 1_000 && exits > 50,
        "{plies} plies, {exits} tactical"
    );
}

/// The main generator and the differently shaped reference one (see `reference.rs`) list the
/// same turns at every suite position and every position one turn after it, and along random
/// games.
#[test]
fn generator_agrees_with_the_reference_shape() {
    use std::collections::BTreeSet;
    let check = |p: &Dynamo| {
        let ours: BTreeSet<Move> = legal(p).into_iter().collect();
        let theirs = super::reference::reference_moves(p);
        if ours != theirs {
            let only = |a: &BTreeSet<Move>, b: &BTreeSet<Move>| -> Vec<String> {
                a.difference(b).map(|m| p.move_to_wire(m)).collect()
            };
            panic!(
                "{}\nonly main: {:?}\nonly reference: {:?}",
                p.position_string(),
                only(&ours, &theirs),
                only(&theirs, &ours)
            );
        }
    };
    for fen in suite_positions() {
        let p = pos(fen);
        check(&p);
        for m in legal(&p) {
            check(&p.play(&m));
        }
    }
    let mut rng = Xorshift(0x2545_F491_4F6C_DD1Du64);
    let mut nodes = 0;
    for fen in suite_positions().into_iter().cycle().take(48) {
        for p in random_walk(pos(fen), |n| rng.below(n)).take(150) {
            check(&p);
            nodes += 1;
        }
    }
    assert!(nodes > 3_000, "{nodes}");
}

#[test]
fn xboard_gets_a_setup_line_for_the_start_position() {
    let pos = Dynamo::start_position("dynamo").unwrap();
    assert_eq!(
        pos.cecp_setup().as_deref(),
        Some(
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
             piece K& KO2"
        )
    );
}

#[test]
fn move_counters_at_their_largest_do_not_overflow() {
    let pos = Dynamo::from_position_string(
        "dynamo",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 4294967295 4294967295 -",
    )
    .unwrap();
    let mut moves = <Dynamo as Game>::MoveList::default();
    pos.legal_moves(&mut moves);
    for mv in moves.as_slice() {
        let clock = pos.play(mv).halfmove_clock();
        assert!(clock == 0 || clock == u32::MAX, "{clock}");
    }
}
