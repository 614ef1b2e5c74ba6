//! The Makromachy perft suite: the start position (62 / 3,854 / 259,249, independent counts
//! from two reference implementations of the rules page) and positions that exercise the
//! special rules. Depth 1 of each is counted by hand in its comment; depths 2 and 3 are this
//! generator's counts, kept so that any change to the rules shows.

use super::tests::perft;
use super::*;

/// (position string, counts at depth 1, 2, 3)
pub const SUITE: &[(&str, [u64; 3])] = &[
    // Start: 42 Pawn + 4 Knight + 2 Marshall + 4 Elephant + 4 Archer + 2 Archbishop + 4 Zebra.
    (START, [62, 3_854, 259_249]),
    // Flying capture over several pieces, stopped by an Archer. Eagle a1: a2, takes a5, a9 and
    // the Archer a11 (not the Queen a13 behind it), b1-m1 (12), b2-n14 (13) = 29; Pawn a3-a4 = 1;
    // King n1: m2, n2 (m1 is on the Queen's diagonal) = 2. Total 32.
    (
        "12k1/q13/14/o13/14/r13/14/14/14/n13/14/P13/14/L12K w - - 0 1",
        [32, 1_599, 62_117],
    ),
    // Check by a Raven through two Pawns. King a14: b13, b14 (a13 is still on the file) = 2;
    // the Archer b8 blocks on a8 = 1; the Bat c3 takes a1 or blocks on a5 = 2; the Pawn a11
    // cannot help (the Raven flies over it). Total 5.
    (
        "k13/14/14/p13/14/14/1o12/14/14/14/P13/2s11/14/F12K b - - 0 1",
        [5, 87, 2_335],
    ),
    // Hit-and-run. Terror g7 next to the Pawn h8: Queen 45 (h8 taken, not passed), Knight 8,
    // the Alfil leap over h8 to i9 = 1, hit-and-run h8 then g8 g9 h9 i9 i8 i7 h7 (never g7) = 7,
    // so 61; King b1: a1 c1 a2 b2 c2 = 5. Total 66.
    (
        "12k1/14/14/14/14/14/7p6/6T7/14/14/14/14/14/1K12 w - - 0 1",
        [66, 348, 19_568],
    ),
    // Anti-trade. Terror d4 may not take the Terror d5 (the Pawn e6 retakes) but may
    // hit-and-run it: Queen slides 0 up + 3 down + 3 left + 10 right + 10 + 3 + 3 + 3 = 35,
    // Knight 8 (takes e6), the Dabbaba leap over d5 to d6 = 1, hit-and-run d5 then c4 c5 c6 d6
    // e5 e4 = 6, so 50; King n1: m1 m2 n2 = 3. Total 53.
    (
        "12k1/14/14/14/14/14/14/14/4p9/3t10/3T10/14/14/13K w - - 0 1",
        [53, 2_173, 97_076],
    ),
    // Fast castling on an empty back rank: 11 castlings (b1-h1, j1-m1); King h1 j1 h2 i2 j2 = 5;
    // Dragon King a1: a2-a14 (13), b1-h1 (7), b2 = 21; Dragon King n1: 13 + m1-j1 (4) + m2 = 18.
    // Total 55.
    (
        "12k1/14/14/14/14/14/14/14/14/14/14/14/14/D7K4D w AN - 0 1",
        [55, 173, 9_176],
    ),
    // Castling over pieces to safe squares only: castlings b1 e1 f1 g1 h1 j1 l1 m1 = 8 (c1 is
    // attacked by the Rook c14, d1 and k1 are occupied); King 5; Dragon King a1: 13 + b1 c1 + b2
    // = 16; Elephant d1: c2 e2 b3 f3 = 4 (no piece ends its diagonals: no airlift); Cannon k1:
    // k2-k14 (13), j1, l1, m1 = 16; Dragon King n1: 13 + m1 l1 + m2 = 16. Total 65.
    (
        "2r9k1/14/14/14/14/14/14/14/14/14/14/14/14/D2E4K1C2D w AN - 0 1",
        [65, 1_647, 110_255],
    ),
    // Airlifts. Knight a1: b3, c2 and the airlift to f6 (the Champion g7 is 6 steps away) = 3;
    // Bishop n14: m13-h8 = 6; Champion g7: W 4 + D 4 + A 4 + airlift to g12 before the Pawn
    // g13 = 13; King n2: n1 m1 m2 m3 n3 = 5. Total 27.
    (
        "1k11B/6p7/14/14/14/14/14/6I7/14/14/14/14/13K/N13 w - - 0 1",
        [27, 159, 4_932],
    ),
    // Rhino a1 with a Knight on b1: takes b1, steps to a2 and slides b3-m14 (12) = 14;
    // King n1: m1 m2 n2 = 3. Total 17.
    (
        "13k/14/14/14/14/14/14/14/14/14/14/14/14/Un11K w - - 0 1",
        [17, 45, 1_522],
    ),
    // Check by a Warrior's backward capture (d7 attacks e5 and f6): King e5 to d4 d5 d6 e4 e6
    // f4 f5 (not f6) = 7.
    (
        "14/14/14/14/14/14/14/3W10/14/4k9/14/14/14/13K b - - 0 1",
        [7, 35, 235],
    ),
    // Promotion: a13-a14 to 16 pieces; King n1: m1 m2 n2. Total 19.
    (
        "14/P13/12k1/14/14/14/14/14/14/14/14/14/14/13K w - - 0 1",
        [19, 149, 2_932],
    ),
    // After the triple push b4-b7: two en-passant squares. Pawn a7: a6, takes on b6 e.p. = 2;
    // Warrior c6: c5, c4, takes on b5 e.p. = 3; King m14: 5. Total 10.
    (
        "12k1/14/14/14/14/14/14/pP12/2w11/14/14/14/14/13K b - b7:b5b6 0 1",
        [10, 38, 329],
    ),
];

#[test]
fn perft_suite_to_depth_3() {
    for (fen, counts) in SUITE {
        let pos = Makromachy::from_position_string("makromachy", fen).unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, depth as u32 + 1),
                expected,
                "{fen} depth {}",
                depth + 1
            );
        }
    }
}

/// Splitting the root moves over threads gives the single-threaded count.
#[test]
fn parallel_perft_equals_single_threaded() {
    for (fen, counts) in SUITE.iter().take(4) {
        let pos = Makromachy::from_position_string("makromachy", fen).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let halves = moves.split_at(moves.len() / 2);
        let total: u64 = std::thread::scope(|s| {
            let handles: Vec<_> = [halves.0, halves.1]
                .into_iter()
                .map(|part| {
                    let pos = &pos;
                    s.spawn(move || part.iter().map(|m| perft(&pos.play(m), 2)).sum::<u64>())
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(total, counts[2], "{fen}");
    }
}
