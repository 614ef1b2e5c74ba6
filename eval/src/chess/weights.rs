//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(66, 101), Pair(307, 319), Pair(325, 345), Pair(393, 581), Pair(1024, 1034), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-12, 13), Pair(7, 15), Pair(0, 11), Pair(-13, 6), Pair(-16, 17), Pair(10, 4), Pair(20, 7), Pair(3, 0),
    Pair(4, 5), Pair(0, 5), Pair(0, 0), Pair(0, 14), Pair(-1, 9), Pair(2, 6), Pair(15, 6), Pair(1, 1),
    Pair(-10, 14), Pair(-7, 20), Pair(6, 1), Pair(17, -1), Pair(16, 9), Pair(18, -4), Pair(-2, 11), Pair(-4, 7),
    Pair(-11, 15), Pair(3, 10), Pair(11, 5), Pair(12, 8), Pair(17, -2), Pair(22, 11), Pair(6, 11), Pair(-2, 6),
    Pair(3, 26), Pair(-5, 27), Pair(13, 5), Pair(34, 21), Pair(52, 30), Pair(19, 42), Pair(21, 34), Pair(11, 24),
    Pair(51, 65), Pair(48, 55), Pair(53, 56), Pair(46, 59), Pair(48, 64), Pair(54, 75), Pair(47, 77), Pair(53, 70),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-51, -42), Pair(-19, -29), Pair(-28, -25), Pair(-22, -15), Pair(-19, -10), Pair(-21, -29), Pair(-22, -22), Pair(-51, -48),
    Pair(-28, -34), Pair(5, -22), Pair(-12, -6), Pair(-1, -11), Pair(0, -4), Pair(-6, -12), Pair(-21, -12), Pair(-42, -30),
    Pair(-18, -20), Pair(-5, -8), Pair(1, -7), Pair(7, 12), Pair(7, 16), Pair(5, 9), Pair(3, -10), Pair(-18, -39),
    Pair(-4, -13), Pair(-16, -5), Pair(4, 15), Pair(8, 20), Pair(7, 26), Pair(8, -2), Pair(8, 1), Pair(-27, -17),
    Pair(-12, -16), Pair(7, 5), Pair(4, 14), Pair(18, 10), Pair(13, 24), Pair(7, -6), Pair(0, -8), Pair(-10, -6),
    Pair(-32, -26), Pair(1, -4), Pair(0, 1), Pair(22, 31), Pair(19, 11), Pair(29, 21), Pair(-2, -6), Pair(-30, -25),
    Pair(-45, -32), Pair(-22, -15), Pair(2, -3), Pair(6, 4), Pair(9, 4), Pair(2, -1), Pair(-24, -11), Pair(-30, -28),
    Pair(-84, -61), Pair(-42, -35), Pair(-32, -17), Pair(-30, -13), Pair(-25, -12), Pair(-37, -25), Pair(-34, -31), Pair(-61, -50),
    // pst_bishop
    Pair(-13, -9), Pair(-5, -5), Pair(-2, -9), Pair(-19, -2), Pair(-21, -14), Pair(-15, 0), Pair(-8, -7), Pair(-2, -13),
    Pair(-7, -5), Pair(19, -19), Pair(4, 6), Pair(-2, 11), Pair(1, 4), Pair(11, -1), Pair(13, -6), Pair(-5, -20),
    Pair(10, -12), Pair(12, -10), Pair(14, 2), Pair(-1, 8), Pair(-1, 0), Pair(12, 5), Pair(12, 1), Pair(3, -7),
    Pair(-15, -8), Pair(5, 5), Pair(-4, 9), Pair(14, 14), Pair(14, 5), Pair(0, 10), Pair(-4, 4), Pair(-14, 3),
    Pair(-22, -2), Pair(-8, 9), Pair(6, -6), Pair(14, 4), Pair(7, 13), Pair(2, 1), Pair(-10, 16), Pair(-10, -8),
    Pair(4, -2), Pair(-7, -2), Pair(10, 15), Pair(11, -10), Pair(9, 4), Pair(13, 10), Pair(6, -1), Pair(3, -5),
    Pair(-17, -10), Pair(0, 0), Pair(-16, -3), Pair(-2, 0), Pair(-7, -1), Pair(6, 4), Pair(-4, -4), Pair(-16, -7),
    Pair(-27, -9), Pair(-10, -5), Pair(-11, -8), Pair(-13, -2), Pair(-15, -4), Pair(-11, -2), Pair(-13, -15), Pair(-34, -22),
    // pst_rook
    Pair(-4, -2), Pair(5, -13), Pair(11, -13), Pair(9, -6), Pair(15, -11), Pair(12, -11), Pair(-13, -2), Pair(-8, -13),
    Pair(-27, -5), Pair(-30, -14), Pair(-10, -7), Pair(-14, -5), Pair(-4, -7), Pair(-5, -4), Pair(-6, 5), Pair(-30, -7),
    Pair(-12, -6), Pair(0, 0), Pair(-6, -12), Pair(3, 2), Pair(-9, 1), Pair(1, -11), Pair(14, -10), Pair(-3, -7),
    Pair(-13, 8), Pair(-14, 19), Pair(-12, -1), Pair(-10, 5), Pair(-7, -3), Pair(4, -4), Pair(-3, 4), Pair(-24, 12),
    Pair(-7, 12), Pair(-7, 8), Pair(-3, 8), Pair(0, 9), Pair(7, 9), Pair(7, 0), Pair(3, 5), Pair(-6, 10),
    Pair(-5, 6), Pair(14, 9), Pair(6, 3), Pair(3, 6), Pair(6, -3), Pair(2, 5), Pair(4, 4), Pair(4, 4),
    Pair(1, 9), Pair(28, 3), Pair(21, 8), Pair(19, 14), Pair(29, 18), Pair(16, 15), Pair(22, 18), Pair(12, 9),
    Pair(18, 13), Pair(6, 15), Pair(7, 15), Pair(9, 16), Pair(14, 17), Pair(3, 7), Pair(8, 13), Pair(7, 15),
    // pst_queen
    Pair(-29, -23), Pair(-8, -16), Pair(7, -12), Pair(-1, -28), Pair(7, -6), Pair(-24, -13), Pair(-14, -12), Pair(-23, -21),
    Pair(-2, -8), Pair(-7, -5), Pair(-8, -11), Pair(4, 6), Pair(0, -16), Pair(8, -8), Pair(-11, -7), Pair(-9, -8),
    Pair(-6, -14), Pair(2, 3), Pair(0, 11), Pair(2, 13), Pair(2, 14), Pair(-11, 17), Pair(0, 3), Pair(-3, -8),
    Pair(-8, -8), Pair(-11, 6), Pair(-3, 14), Pair(1, 27), Pair(-1, 10), Pair(-13, 16), Pair(0, 12), Pair(-5, 0),
    Pair(-4, -8), Pair(0, 9), Pair(2, 16), Pair(3, 20), Pair(16, 21), Pair(8, 20), Pair(-1, 8), Pair(-6, 5),
    Pair(2, -3), Pair(-7, 3), Pair(7, 11), Pair(13, 16), Pair(6, 14), Pair(10, 19), Pair(11, 3), Pair(-2, -1),
    Pair(-19, -14), Pair(-5, 4), Pair(1, 2), Pair(2, 14), Pair(7, 11), Pair(15, 9), Pair(2, 4), Pair(5, -3),
    Pair(-16, -17), Pair(-10, -10), Pair(-8, -7), Pair(0, 0), Pair(1, -1), Pair(-10, -10), Pair(-5, -7), Pair(-21, -19),
    // pst_king
    Pair(9, -43), Pair(15, -36), Pair(26, -39), Pair(-25, -25), Pair(10, -34), Pair(-5, -33), Pair(25, -35), Pair(25, -52),
    Pair(16, -29), Pair(10, -16), Pair(-17, -1), Pair(-26, -8), Pair(-9, -10), Pair(-1, -4), Pair(13, -22), Pair(17, -22),
    Pair(-13, -20), Pair(-21, -4), Pair(-25, 10), Pair(-25, 7), Pair(-42, 9), Pair(-20, 7), Pair(-13, -7), Pair(-17, -21),
    Pair(-26, -24), Pair(-29, 5), Pair(-28, 16), Pair(-40, 18), Pair(-45, 12), Pair(-33, 18), Pair(-32, 6), Pair(-26, -22),
    Pair(-32, -11), Pair(-33, 3), Pair(-40, 20), Pair(-54, 22), Pair(-54, 23), Pair(-38, 12), Pair(-34, 21), Pair(-31, -4),
    Pair(-38, -24), Pair(-38, 10), Pair(-46, 19), Pair(-51, 19), Pair(-50, 21), Pair(-42, 33), Pair(-36, 21), Pair(-37, -6),
    Pair(-43, -27), Pair(-45, -6), Pair(-43, 10), Pair(-55, 5), Pair(-55, 8), Pair(-44, 7), Pair(-42, 2), Pair(-45, -27),
    Pair(-50, -53), Pair(-50, -34), Pair(-49, -21), Pair(-60, -16), Pair(-60, -21), Pair(-50, -22), Pair(-50, -33), Pair(-50, -51),
    // mobility_knight
    Pair(-25, -33), Pair(-17, -27), Pair(-9, 0), Pair(-6, 12), Pair(-1, 13), Pair(3, 16), Pair(6, 17), Pair(13, 11),
    Pair(13, 9),
    // mobility_bishop
    Pair(-26, -44), Pair(-19, -35), Pair(-12, -19), Pair(-8, -15), Pair(-4, 2), Pair(-5, 11), Pair(-1, 9), Pair(0, 13),
    Pair(1, 17), Pair(-2, 23), Pair(14, 21), Pair(10, 25), Pair(32, 28), Pair(31, 26),
    // mobility_rook
    Pair(-31, -44), Pair(-21, -23), Pair(-19, -13), Pair(-13, -15), Pair(-10, 2), Pair(-7, 9), Pair(-2, 11), Pair(0, 18),
    Pair(-1, 20), Pair(5, 23), Pair(7, 24), Pair(6, 28), Pair(14, 29), Pair(11, 27), Pair(19, 20),
    // mobility_queen
    Pair(-19, -48), Pair(-17, -43), Pair(-18, -47), Pair(-17, -44), Pair(-13, -33), Pair(-11, -23), Pair(-9, -26), Pair(-6, -18),
    Pair(-4, -22), Pair(-4, -13), Pair(3, -4), Pair(-2, 0), Pair(-2, 14), Pair(2, 13), Pair(4, 19), Pair(-1, 25),
    Pair(3, 19), Pair(10, 27), Pair(12, 28), Pair(17, 30), Pair(14, 31), Pair(17, 33), Pair(20, 39), Pair(20, 42),
    Pair(24, 47), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-18, -18),
    // isolated
    Pair(-9, -8),
    // backward
    Pair(-5, -12),
    // passed
    Pair(0, 0), Pair(7, 23), Pair(17, 20), Pair(-8, 34), Pair(22, 43), Pair(54, 56), Pair(90, 120), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(-1, 1), Pair(-4, -2), Pair(-12, 14), Pair(-9, 25), Pair(-8, 40), Pair(19, 34), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(0, -6), Pair(1, -3), Pair(12, -14), Pair(3, -12), Pair(-3, -13), Pair(-10, -21), Pair(0, -10),
    // bishop_pair
    Pair(16, 42),
    // rook_open_file
    Pair(37, -1),
    // rook_semi_open_file
    Pair(19, 8),
    // shield
    Pair(23, 3), Pair(11, 1),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(11, 0), Pair(20, 5), Pair(14, -6), Pair(18, -5),
    Pair(27, -17), Pair(37, 4), Pair(46, -17), Pair(52, -2), Pair(45, -1), Pair(75, -18), Pair(76, 0), Pair(100, -9),
    Pair(103, -12), Pair(114, -7), Pair(140, -12), Pair(152, -11), Pair(191, -1), Pair(196, -9), Pair(217, -5), Pair(247, -3),
    Pair(261, -6), Pair(300, 0), Pair(320, -1), Pair(345, -3), Pair(372, 0), Pair(392, -5), Pair(425, 0), Pair(447, -2),
    // threat_by_pawn
    Pair(-5, -4), Pair(51, 24), Pair(54, 21), Pair(36, 19), Pair(32, 3), Pair(0, 0),
    // threat_by_minor
    Pair(-3, 14), Pair(13, 34), Pair(33, 22), Pair(41, 21), Pair(37, 7), Pair(0, 0),
    // threat_by_rook
    Pair(-11, 21), Pair(5, 18), Pair(19, 16), Pair(-2, 0), Pair(41, 9), Pair(0, 0),
    // hanging
    Pair(8, 20),
    // connected
    Pair(0, 0), Pair(2, -6), Pair(7, 1), Pair(8, 4), Pair(10, 16), Pair(36, 48), Pair(8, 21), Pair(0, 0),
    // knight_outpost
    Pair(13, 7),
    // bishop_outpost
    Pair(23, 5),
    // safe_check
    Pair(28, 6), Pair(6, 15), Pair(24, 6), Pair(14, 36),
    // storm_free
    Pair(0, 0), Pair(-6, 1), Pair(-7, 2), Pair(-2, -1), Pair(6, -3), Pair(1, -11), Pair(-1, -7), Pair(0, 0),
    // storm_blocked
    Pair(0, 0), Pair(7, 3), Pair(-14, -1), Pair(-9, 8), Pair(-15, 8), Pair(6, 8), Pair(0, 0), Pair(0, 0),
    // king_own_pawn
    Pair(-5, -1), Pair(5, -10), Pair(-2, -13), Pair(-1, -19), Pair(-3, -16), Pair(0, -8),
    // king_enemy_pawn
    Pair(6, 44), Pair(-1, 16), Pair(2, 9), Pair(0, 4), Pair(4, -3), Pair(-6, -5),
];
