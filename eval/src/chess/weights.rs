//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(76, 104), Pair(321, 314), Pair(340, 332), Pair(453, 551), Pair(1002, 1000), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-3, 6), Pair(10, 1), Pair(3, 5), Pair(-15, 4), Pair(-16, 0), Pair(7, 4), Pair(15, 1), Pair(4, 1),
    Pair(3, 3), Pair(-1, 0), Pair(-3, 4), Pair(-3, 1), Pair(3, 5), Pair(-5, 6), Pair(4, 3), Pair(5, 2),
    Pair(-3, 7), Pair(-6, 7), Pair(4, 3), Pair(19, -4), Pair(18, 1), Pair(9, -1), Pair(-1, 4), Pair(-1, 8),
    Pair(0, 14), Pair(5, 13), Pair(12, 11), Pair(23, 5), Pair(23, 8), Pair(9, 9), Pair(10, 12), Pair(3, 17),
    Pair(9, 35), Pair(13, 41), Pair(17, 28), Pair(33, 30), Pair(29, 30), Pair(19, 34), Pair(10, 38), Pair(13, 40),
    Pair(49, 65), Pair(51, 70), Pair(48, 66), Pair(48, 56), Pair(52, 66), Pair(51, 67), Pair(50, 75), Pair(52, 72),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-55, -48), Pair(-23, -33), Pair(-29, -24), Pair(-27, -16), Pair(-29, -19), Pair(-27, -23), Pair(-24, -29), Pair(-55, -50),
    Pair(-37, -34), Pair(-20, -15), Pair(-7, -2), Pair(1, -4), Pair(0, -3), Pair(1, -5), Pair(-21, -14), Pair(-38, -33),
    Pair(-27, -25), Pair(5, -6), Pair(4, 0), Pair(10, 17), Pair(13, 13), Pair(6, 7), Pair(2, -6), Pair(-24, -24),
    Pair(-18, -18), Pair(-1, 2), Pair(7, 16), Pair(14, 16), Pair(13, 19), Pair(10, 16), Pair(1, 0), Pair(-18, -17),
    Pair(-25, -17), Pair(4, -1), Pair(11, 14), Pair(22, 19), Pair(19, 19), Pair(19, 12), Pair(3, 3), Pair(-13, -18),
    Pair(-30, -25), Pair(7, -6), Pair(13, 9), Pair(19, 13), Pair(22, 17), Pair(14, 11), Pair(4, -6), Pair(-28, -23),
    Pair(-41, -36), Pair(-20, -14), Pair(-1, -8), Pair(7, 1), Pair(7, 3), Pair(0, -5), Pair(-20, -13), Pair(-39, -35),
    Pair(-68, -54), Pair(-41, -35), Pair(-30, -23), Pair(-30, -19), Pair(-29, -16), Pair(-31, -25), Pair(-40, -35), Pair(-59, -50),
    // pst_bishop
    Pair(-16, -13), Pair(-11, -9), Pair(-7, -6), Pair(-10, -2), Pair(-10, -5), Pair(-13, -6), Pair(-11, -11), Pair(-21, -16),
    Pair(-7, -9), Pair(10, -3), Pair(1, 3), Pair(2, 2), Pair(5, -1), Pair(1, 0), Pair(12, -5), Pair(-9, -10),
    Pair(-7, -8), Pair(9, -4), Pair(10, 5), Pair(4, 7), Pair(5, 6), Pair(12, 4), Pair(10, -1), Pair(-9, -5),
    Pair(-7, -4), Pair(1, 5), Pair(7, 6), Pair(9, 10), Pair(11, 11), Pair(5, 5), Pair(-3, 1), Pair(-10, -6),
    Pair(-10, -7), Pair(1, 2), Pair(8, 10), Pair(12, 9), Pair(13, 13), Pair(2, 4), Pair(-1, -1), Pair(-11, -5),
    Pair(-11, -4), Pair(2, 1), Pair(4, 1), Pair(8, 5), Pair(9, 5), Pair(7, 6), Pair(4, 1), Pair(-5, -7),
    Pair(-11, -9), Pair(0, -4), Pair(-4, -2), Pair(-2, 2), Pair(-2, -1), Pair(-1, -1), Pair(-1, -5), Pair(-10, -8),
    Pair(-19, -11), Pair(-10, -9), Pair(-11, -8), Pair(-9, -4), Pair(-11, -7), Pair(-9, -7), Pair(-9, -8), Pair(-22, -15),
    // pst_rook
    Pair(-4, -6), Pair(0, -7), Pair(3, -2), Pair(8, -1), Pair(8, -3), Pair(1, 0), Pair(-3, -6), Pair(-2, -12),
    Pair(-14, -6), Pair(-2, -5), Pair(-1, -4), Pair(-2, -4), Pair(0, -6), Pair(-4, -5), Pair(1, -3), Pair(-9, -7),
    Pair(-9, -2), Pair(0, -3), Pair(-1, 0), Pair(-2, 0), Pair(-2, -1), Pair(-4, -1), Pair(5, -1), Pair(-4, -2),
    Pair(-6, 3), Pair(-4, 4), Pair(0, 3), Pair(-3, 1), Pair(-3, -2), Pair(-2, 1), Pair(1, 2), Pair(-9, -3),
    Pair(-9, 6), Pair(-2, 5), Pair(-2, 6), Pair(-1, 4), Pair(-1, 2), Pair(1, 1), Pair(2, 3), Pair(-3, 3),
    Pair(-5, 8), Pair(2, 4), Pair(0, 5), Pair(2, 5), Pair(2, 2), Pair(1, 4), Pair(1, 2), Pair(0, 2),
    Pair(13, 7), Pair(20, 11), Pair(20, 10), Pair(20, 11), Pair(21, 16), Pair(20, 13), Pair(19, 11), Pair(14, 10),
    Pair(6, 10), Pair(6, 8), Pair(7, 11), Pair(8, 10), Pair(9, 10), Pair(5, 11), Pair(3, 7), Pair(5, 9),
    // pst_queen
    Pair(-18, -20), Pair(-10, -12), Pair(-8, -11), Pair(-3, -16), Pair(-6, -9), Pair(-14, -11), Pair(-10, -10), Pair(-21, -20),
    Pair(-8, -10), Pair(-3, -1), Pair(1, 2), Pair(0, 1), Pair(2, 0), Pair(-3, 2), Pair(0, 0), Pair(-12, -10),
    Pair(-13, -11), Pair(2, 5), Pair(1, 9), Pair(-1, 11), Pair(4, 12), Pair(-1, 11), Pair(0, 5), Pair(-6, -10),
    Pair(-6, -3), Pair(-5, 4), Pair(-1, 11), Pair(3, 15), Pair(3, 16), Pair(4, 12), Pair(-2, 7), Pair(-3, -4),
    Pair(-6, -5), Pair(-2, 7), Pair(6, 13), Pair(7, 17), Pair(6, 19), Pair(7, 15), Pair(-2, 5), Pair(0, -3),
    Pair(-5, -9), Pair(-2, 4), Pair(11, 13), Pair(8, 12), Pair(8, 13), Pair(5, 12), Pair(-2, 6), Pair(-3, -5),
    Pair(-11, -10), Pair(-4, 1), Pair(-2, 4), Pair(1, 7), Pair(1, 6), Pair(3, 6), Pair(-3, 2), Pair(-7, -8),
    Pair(-19, -19), Pair(-8, -8), Pair(-8, -7), Pair(-4, -4), Pair(-5, -6), Pair(-10, -9), Pair(-7, -7), Pair(-16, -18),
    // pst_king
    Pair(20, -50), Pair(27, -36), Pair(17, -29), Pair(-12, -24), Pair(0, -30), Pair(-1, -34), Pair(31, -36), Pair(22, -55),
    Pair(10, -26), Pair(7, -15), Pair(-7, -5), Pair(-21, -7), Pair(-19, -7), Pair(-6, -6), Pair(10, -16), Pair(10, -20),
    Pair(-15, -26), Pair(-21, 1), Pair(-21, 12), Pair(-27, 11), Pair(-27, 13), Pair(-21, 9), Pair(-17, 1), Pair(-16, -25),
    Pair(-24, -20), Pair(-29, 7), Pair(-31, 16), Pair(-40, 22), Pair(-41, 24), Pair(-32, 19), Pair(-30, 7), Pair(-25, -18),
    Pair(-34, -17), Pair(-35, 7), Pair(-40, 24), Pair(-50, 31), Pair(-51, 27), Pair(-40, 24), Pair(-35, 13), Pair(-35, -12),
    Pair(-40, -22), Pair(-39, 5), Pair(-44, 18), Pair(-49, 24), Pair(-50, 20), Pair(-44, 26), Pair(-39, 10), Pair(-39, -19),
    Pair(-45, -29), Pair(-45, -8), Pair(-45, 2), Pair(-55, 6), Pair(-55, 3), Pair(-44, 4), Pair(-44, -6), Pair(-45, -29),
    Pair(-50, -52), Pair(-50, -34), Pair(-49, -23), Pair(-60, -20), Pair(-60, -18), Pair(-50, -24), Pair(-50, -35), Pair(-50, -51),
    // mobility_knight
    Pair(-25, -24), Pair(-14, -19), Pair(-7, -8), Pair(-4, 3), Pair(0, 7), Pair(3, 10), Pair(8, 14), Pair(14, 15),
    Pair(17, 15),
    // mobility_bishop
    Pair(-28, -38), Pair(-21, -26), Pair(-15, -18), Pair(-10, -13), Pair(-6, -4), Pair(-4, 1), Pair(-3, 7), Pair(-1, 11),
    Pair(2, 12), Pair(7, 16), Pair(18, 18), Pair(20, 21), Pair(30, 28), Pair(35, 32),
    // mobility_rook
    Pair(-24, -36), Pair(-15, -32), Pair(-11, -22), Pair(-8, -14), Pair(-5, -4), Pair(-3, 4), Pair(-1, 5), Pair(0, 12),
    Pair(4, 14), Pair(4, 21), Pair(10, 22), Pair(11, 26), Pair(18, 30), Pair(19, 28), Pair(20, 32),
    // mobility_queen
    Pair(-22, -48), Pair(-22, -45), Pair(-19, -41), Pair(-20, -40), Pair(-16, -34), Pair(-14, -32), Pair(-11, -26), Pair(-10, -20),
    Pair(-7, -13), Pair(-5, -11), Pair(-4, -5), Pair(-4, -3), Pair(0, 4), Pair(1, 4), Pair(3, 11), Pair(5, 13),
    Pair(9, 17), Pair(11, 21), Pair(11, 25), Pair(16, 30), Pair(15, 32), Pair(20, 38), Pair(21, 41), Pair(22, 44),
    Pair(24, 48), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-14, -20),
    // isolated
    Pair(-11, -11),
    // backward
    Pair(-6, -10),
    // passed
    Pair(0, 0), Pair(3, 7), Pair(7, 14), Pair(7, 32), Pair(28, 47), Pair(53, 77), Pair(91, 136), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(-2, 0), Pair(-2, -2), Pair(-6, 8), Pair(-7, 21), Pair(-4, 31), Pair(-1, 35), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(3, 0), Pair(3, 0), Pair(5, -9), Pair(2, -12), Pair(0, -15), Pair(-2, -19), Pair(0, -10),
    // bishop_pair
    Pair(21, 54),
    // rook_open_file
    Pair(32, 3),
    // rook_semi_open_file
    Pair(12, 14),
    // shield
    Pair(18, 5), Pair(9, 0),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(7, 0), Pair(13, 0), Pair(15, -1), Pair(17, 1),
    Pair(25, -5), Pair(34, 3), Pair(46, -2), Pair(49, -2), Pair(54, -3), Pair(73, -6), Pair(90, 2), Pair(104, -3),
    Pair(113, -6), Pair(126, -3), Pair(150, -2), Pair(164, -3), Pair(189, -1), Pair(205, -3), Pair(227, -2), Pair(251, -1),
    Pair(270, -2), Pair(300, 0), Pair(324, -1), Pair(349, -1), Pair(374, 0), Pair(398, -1), Pair(425, 0), Pair(449, 0),
    // threat_by_pawn
    Pair(-4, 0), Pair(44, 12), Pair(31, 10), Pair(13, 7), Pair(15, 1), Pair(0, 0),
    // threat_by_minor
    Pair(-2, 10), Pair(12, 18), Pair(26, 11), Pair(33, 14), Pair(22, 3), Pair(0, 0),
    // threat_by_rook
    Pair(-4, 14), Pair(7, 9), Pair(6, 16), Pair(0, 0), Pair(19, 3), Pair(0, 0),
    // hanging
    Pair(22, 14),
    // connected
    Pair(0, 0), Pair(1, 0), Pair(3, 4), Pair(5, 4), Pair(7, 10), Pair(10, 12), Pair(2, 6), Pair(0, 0),
    // knight_outpost
    Pair(6, 5),
    // bishop_outpost
    Pair(10, 3),
];
