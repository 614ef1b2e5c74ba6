//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(85, 105), Pair(330, 300), Pair(350, 320), Pair(480, 540), Pair(1000, 990), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(4, 0), Pair(8, 0), Pair(8, 0), Pair(-18, 2), Pair(-18, 2), Pair(8, 0), Pair(8, 0), Pair(4, 0),
    Pair(4, 2), Pair(-2, 2), Pair(-6, 0), Pair(4, 0), Pair(4, 0), Pair(-6, 0), Pair(-2, 2), Pair(4, 2),
    Pair(0, 8), Pair(0, 6), Pair(5, 2), Pair(20, 0), Pair(20, 0), Pair(5, 2), Pair(0, 6), Pair(0, 8),
    Pair(4, 18), Pair(6, 16), Pair(10, 12), Pair(25, 10), Pair(25, 10), Pair(10, 12), Pair(6, 16), Pair(4, 18),
    Pair(10, 40), Pair(12, 40), Pair(20, 35), Pair(30, 30), Pair(30, 30), Pair(20, 35), Pair(12, 40), Pair(10, 40),
    Pair(50, 70), Pair(50, 70), Pair(50, 65), Pair(50, 60), Pair(50, 60), Pair(50, 65), Pair(50, 70), Pair(50, 70),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-55, -50), Pair(-30, -35), Pair(-30, -25), Pair(-30, -20), Pair(-30, -20), Pair(-30, -25), Pair(-30, -35), Pair(-55, -50),
    Pair(-40, -35), Pair(-20, -15), Pair(0, -5), Pair(5, 0), Pair(5, 0), Pair(0, -5), Pair(-20, -15), Pair(-40, -35),
    Pair(-30, -25), Pair(5, -5), Pair(12, 10), Pair(15, 15), Pair(15, 15), Pair(12, 10), Pair(5, -5), Pair(-30, -25),
    Pair(-30, -20), Pair(0, 0), Pair(15, 15), Pair(20, 20), Pair(20, 20), Pair(15, 15), Pair(0, 0), Pair(-30, -20),
    Pair(-30, -20), Pair(5, 0), Pair(18, 15), Pair(25, 20), Pair(25, 20), Pair(18, 15), Pair(5, 0), Pair(-30, -20),
    Pair(-30, -25), Pair(5, -5), Pair(15, 10), Pair(20, 15), Pair(20, 15), Pair(15, 10), Pair(5, -5), Pair(-30, -25),
    Pair(-40, -35), Pair(-20, -15), Pair(0, -5), Pair(5, 0), Pair(5, 0), Pair(0, -5), Pair(-20, -15), Pair(-40, -35),
    Pair(-60, -50), Pair(-40, -35), Pair(-30, -25), Pair(-30, -20), Pair(-30, -20), Pair(-30, -25), Pair(-40, -35), Pair(-60, -50),
    // pst_bishop
    Pair(-20, -15), Pair(-10, -10), Pair(-12, -8), Pair(-10, -5), Pair(-10, -5), Pair(-12, -8), Pair(-10, -10), Pair(-20, -15),
    Pair(-10, -10), Pair(12, -4), Pair(0, 0), Pair(0, 2), Pair(0, 2), Pair(0, 0), Pair(12, -4), Pair(-10, -10),
    Pair(-10, -8), Pair(10, 0), Pair(10, 5), Pair(10, 6), Pair(10, 6), Pair(10, 5), Pair(10, 0), Pair(-10, -8),
    Pair(-10, -5), Pair(0, 2), Pair(10, 6), Pair(10, 10), Pair(10, 10), Pair(10, 6), Pair(0, 2), Pair(-10, -5),
    Pair(-10, -5), Pair(5, 2), Pair(5, 6), Pair(10, 10), Pair(10, 10), Pair(5, 6), Pair(5, 2), Pair(-10, -5),
    Pair(-10, -8), Pair(0, 0), Pair(5, 5), Pair(10, 6), Pair(10, 6), Pair(5, 5), Pair(0, 0), Pair(-10, -8),
    Pair(-10, -10), Pair(0, -4), Pair(0, 0), Pair(0, 2), Pair(0, 2), Pair(0, 0), Pair(0, -4), Pair(-10, -10),
    Pair(-20, -15), Pair(-10, -10), Pair(-10, -8), Pair(-10, -5), Pair(-10, -5), Pair(-10, -8), Pair(-10, -10), Pair(-20, -15),
    // pst_rook
    Pair(-4, -6), Pair(-2, -4), Pair(2, -2), Pair(8, 0), Pair(8, 0), Pair(4, -2), Pair(-2, -4), Pair(-4, -6),
    Pair(-8, -4), Pair(-2, -4), Pair(0, -4), Pair(0, -4), Pair(0, -4), Pair(0, -4), Pair(-2, -4), Pair(-8, -4),
    Pair(-5, -2), Pair(0, -2), Pair(0, -2), Pair(0, -2), Pair(0, -2), Pair(0, -2), Pair(0, -2), Pair(-5, -2),
    Pair(-5, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(-5, 0),
    Pair(-5, 2), Pair(0, 2), Pair(0, 2), Pair(0, 2), Pair(0, 2), Pair(0, 2), Pair(0, 2), Pair(-5, 2),
    Pair(-5, 4), Pair(0, 4), Pair(0, 4), Pair(0, 4), Pair(0, 4), Pair(0, 4), Pair(0, 4), Pair(-5, 4),
    Pair(15, 12), Pair(20, 12), Pair(20, 12), Pair(20, 12), Pair(20, 12), Pair(20, 12), Pair(20, 12), Pair(15, 12),
    Pair(5, 8), Pair(5, 8), Pair(5, 8), Pair(8, 8), Pair(8, 8), Pair(5, 8), Pair(5, 8), Pair(5, 8),
    // pst_queen
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(0, -5), Pair(-5, -5), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    Pair(-10, -10), Pair(0, 0), Pair(2, 5), Pair(0, 5), Pair(0, 5), Pair(0, 5), Pair(0, 0), Pair(-10, -10),
    Pair(-10, -10), Pair(2, 5), Pair(5, 10), Pair(5, 12), Pair(5, 12), Pair(5, 10), Pair(0, 5), Pair(-10, -10),
    Pair(-5, -5), Pair(0, 5), Pair(5, 12), Pair(5, 15), Pair(5, 15), Pair(5, 12), Pair(0, 5), Pair(-5, -5),
    Pair(-5, -5), Pair(0, 5), Pair(5, 12), Pair(5, 15), Pair(5, 15), Pair(5, 12), Pair(0, 5), Pair(-5, -5),
    Pair(-10, -10), Pair(0, 5), Pair(5, 10), Pair(5, 12), Pair(5, 12), Pair(5, 10), Pair(0, 5), Pair(-10, -10),
    Pair(-10, -10), Pair(-5, 0), Pair(0, 5), Pair(0, 5), Pair(0, 5), Pair(0, 5), Pair(-5, 0), Pair(-10, -10),
    Pair(-20, -20), Pair(-10, -10), Pair(-10, -10), Pair(-5, -5), Pair(-5, -5), Pair(-10, -10), Pair(-10, -10), Pair(-20, -20),
    // pst_king
    Pair(20, -50), Pair(30, -35), Pair(10, -25), Pair(-10, -20), Pair(0, -20), Pair(-5, -25), Pair(35, -35), Pair(20, -50),
    Pair(10, -30), Pair(10, -15), Pair(-5, 0), Pair(-20, 0), Pair(-20, 0), Pair(-5, 0), Pair(10, -15), Pair(10, -30),
    Pair(-15, -25), Pair(-20, 0), Pair(-20, 15), Pair(-25, 20), Pair(-25, 20), Pair(-20, 15), Pair(-20, 0), Pair(-15, -25),
    Pair(-25, -20), Pair(-30, 5), Pair(-30, 20), Pair(-40, 30), Pair(-40, 30), Pair(-30, 20), Pair(-30, 5), Pair(-25, -20),
    Pair(-35, -20), Pair(-35, 5), Pair(-40, 20), Pair(-50, 30), Pair(-50, 30), Pair(-40, 20), Pair(-35, 5), Pair(-35, -20),
    Pair(-40, -25), Pair(-40, 0), Pair(-45, 15), Pair(-50, 20), Pair(-50, 20), Pair(-45, 15), Pair(-40, 0), Pair(-40, -25),
    Pair(-45, -30), Pair(-45, -10), Pair(-45, 0), Pair(-55, 5), Pair(-55, 5), Pair(-45, 0), Pair(-45, -10), Pair(-45, -30),
    Pair(-50, -50), Pair(-50, -35), Pair(-50, -25), Pair(-60, -20), Pair(-60, -20), Pair(-50, -25), Pair(-50, -35), Pair(-50, -50),
    // mobility_knight
    Pair(-20, -20), Pair(-15, -15), Pair(-10, -10), Pair(-5, -5), Pair(0, 0), Pair(5, 5), Pair(10, 10), Pair(15, 15),
    Pair(20, 20),
    // mobility_bishop
    Pair(-30, -30), Pair(-25, -25), Pair(-20, -20), Pair(-15, -15), Pair(-10, -10), Pair(-5, -5), Pair(0, 0), Pair(5, 5),
    Pair(10, 10), Pair(15, 15), Pair(20, 20), Pair(25, 25), Pair(30, 30), Pair(35, 35),
    // mobility_rook
    Pair(-18, -30), Pair(-15, -25), Pair(-12, -20), Pair(-9, -15), Pair(-6, -10), Pair(-3, -5), Pair(0, 0), Pair(3, 5),
    Pair(6, 10), Pair(9, 15), Pair(12, 20), Pair(15, 25), Pair(18, 30), Pair(21, 35), Pair(24, 40),
    // mobility_queen
    Pair(-24, -48), Pair(-22, -44), Pair(-20, -40), Pair(-18, -36), Pair(-16, -32), Pair(-14, -28), Pair(-12, -24), Pair(-10, -20),
    Pair(-8, -16), Pair(-6, -12), Pair(-4, -8), Pair(-2, -4), Pair(0, 0), Pair(2, 4), Pair(4, 8), Pair(6, 12),
    Pair(8, 16), Pair(10, 20), Pair(12, 24), Pair(14, 28), Pair(16, 32), Pair(18, 36), Pair(20, 40), Pair(22, 44),
    Pair(24, 48), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-10, -22),
    // isolated
    Pair(-12, -14),
    // backward
    Pair(-8, -10),
    // passed
    Pair(0, 0), Pair(2, 8), Pair(5, 12), Pair(12, 22), Pair(28, 42), Pair(55, 80), Pair(90, 130), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 4), Pair(0, 8), Pair(0, 12), Pair(0, 16), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, -2), Pair(0, -4), Pair(0, -6), Pair(0, -8), Pair(0, -10),
    // bishop_pair
    Pair(30, 55),
    // rook_open_file
    Pair(28, 10),
    // rook_semi_open_file
    Pair(12, 8),
    // shield
    Pair(14, 0), Pair(7, 0),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(6, 0), Pair(10, 0), Pair(15, 0), Pair(21, 0),
    Pair(28, 0), Pair(36, 0), Pair(45, 0), Pair(55, 0), Pair(66, 0), Pair(78, 0), Pair(91, 0), Pair(105, 0),
    Pair(120, 0), Pair(136, 0), Pair(153, 0), Pair(171, 0), Pair(190, 0), Pair(210, 0), Pair(231, 0), Pair(253, 0),
    Pair(276, 0), Pair(300, 0), Pair(325, 0), Pair(350, 0), Pair(375, 0), Pair(400, 0), Pair(425, 0), Pair(450, 0),
    // threat_by_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // threat_by_minor
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // threat_by_rook
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // hanging
    Pair(0, 0),
    // connected
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // knight_outpost
    Pair(0, 0),
    // bishop_outpost
    Pair(0, 0),
];
