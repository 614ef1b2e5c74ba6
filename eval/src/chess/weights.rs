//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(68, 97), Pair(317, 314), Pair(335, 340), Pair(411, 570), Pair(1022, 1028), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-11, 13), Pair(8, 12), Pair(0, 12), Pair(-13, 5), Pair(-18, 13), Pair(7, 7), Pair(19, 8), Pair(3, 2),
    Pair(6, 4), Pair(1, 3), Pair(1, 0), Pair(-1, 13), Pair(-2, 8), Pair(-1, 7), Pair(15, 4), Pair(1, 3),
    Pair(-9, 12), Pair(-6, 16), Pair(6, 1), Pair(18, -3), Pair(18, 6), Pair(18, -6), Pair(-2, 8), Pair(-3, 6),
    Pair(-9, 14), Pair(2, 10), Pair(12, 6), Pair(14, 5), Pair(18, -2), Pair(24, 10), Pair(7, 9), Pair(-3, 7),
    Pair(5, 29), Pair(1, 30), Pair(14, 12), Pair(34, 25), Pair(44, 30), Pair(20, 38), Pair(16, 34), Pair(12, 29),
    Pair(50, 65), Pair(49, 61), Pair(50, 60), Pair(47, 58), Pair(50, 64), Pair(52, 71), Pair(48, 76), Pair(53, 70),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-53, -45), Pair(-21, -31), Pair(-29, -25), Pair(-24, -16), Pair(-23, -14), Pair(-24, -26), Pair(-23, -25), Pair(-53, -49),
    Pair(-32, -34), Pair(-6, -18), Pair(-11, -4), Pair(0, -9), Pair(0, -4), Pair(-5, -10), Pair(-21, -13), Pair(-40, -31),
    Pair(-20, -22), Pair(-4, -7), Pair(2, -5), Pair(8, 13), Pair(9, 15), Pair(6, 9), Pair(3, -8), Pair(-20, -33),
    Pair(-7, -15), Pair(-10, -3), Pair(5, 15), Pair(11, 19), Pair(9, 24), Pair(8, 4), Pair(5, 1), Pair(-25, -17),
    Pair(-17, -16), Pair(8, 4), Pair(6, 14), Pair(20, 14), Pair(15, 23), Pair(12, 1), Pair(1, -4), Pair(-10, -11),
    Pair(-31, -25), Pair(4, -5), Pair(6, 4), Pair(23, 25), Pair(21, 13), Pair(23, 17), Pair(1, -6), Pair(-29, -24),
    Pair(-43, -34), Pair(-21, -14), Pair(1, -5), Pair(7, 3), Pair(8, 4), Pair(1, -3), Pair(-22, -12), Pair(-34, -31),
    Pair(-77, -58), Pair(-41, -35), Pair(-31, -20), Pair(-30, -16), Pair(-27, -14), Pair(-34, -25), Pair(-37, -33), Pair(-60, -50),
    // pst_bishop
    Pair(-15, -11), Pair(-8, -7), Pair(-3, -8), Pair(-15, -3), Pair(-17, -11), Pair(-15, -2), Pair(-9, -9), Pair(-11, -14),
    Pair(-7, -7), Pair(18, -14), Pair(3, 5), Pair(0, 9), Pair(2, 3), Pair(8, 0), Pair(14, -6), Pair(-7, -15),
    Pair(7, -10), Pair(11, -8), Pair(14, 4), Pair(0, 8), Pair(-1, 1), Pair(13, 5), Pair(11, 0), Pair(1, -6),
    Pair(-12, -7), Pair(4, 6), Pair(-2, 8), Pair(13, 13), Pair(13, 8), Pair(0, 8), Pair(-3, 3), Pair(-12, -1),
    Pair(-17, -4), Pair(-7, 6), Pair(6, -1), Pair(13, 5), Pair(9, 13), Pair(2, 2), Pair(-8, 10), Pair(-11, -7),
    Pair(-2, -2), Pair(-3, -1), Pair(8, 10), Pair(9, -4), Pair(9, 5), Pair(10, 9), Pair(5, 0), Pair(0, -5),
    Pair(-14, -10), Pair(0, -2), Pair(-10, -3), Pair(-2, 0), Pair(-5, -1), Pair(3, 1), Pair(-3, -4), Pair(-13, -7),
    Pair(-23, -10), Pair(-10, -7), Pair(-11, -8), Pair(-11, -3), Pair(-13, -6), Pair(-10, -4), Pair(-11, -12), Pair(-29, -19),
    // pst_rook
    Pair(-3, -2), Pair(5, -11), Pair(10, -8), Pair(9, -5), Pair(15, -8), Pair(12, -7), Pair(-12, -4), Pair(-7, -13),
    Pair(-25, -6), Pair(-21, -12), Pair(-8, -7), Pair(-10, -6), Pair(-3, -7), Pair(-5, -5), Pair(-3, 1), Pair(-27, -8),
    Pair(-11, -4), Pair(0, -1), Pair(-5, -9), Pair(1, 1), Pair(-6, -1), Pair(-2, -7), Pair(12, -6), Pair(-3, -5),
    Pair(-11, 5), Pair(-9, 13), Pair(-8, -1), Pair(-7, 3), Pair(-5, -3), Pair(1, -2), Pair(-1, 3), Pair(-18, 6),
    Pair(-7, 10), Pair(-5, 7), Pair(-2, 7), Pair(0, 7), Pair(4, 7), Pair(4, 1), Pair(3, 4), Pair(-3, 8),
    Pair(-5, 7), Pair(9, 9), Pair(3, 4), Pair(3, 6), Pair(4, -1), Pair(2, 5), Pair(3, 3), Pair(3, 4),
    Pair(6, 8), Pair(24, 6), Pair(20, 9), Pair(19, 13), Pair(25, 18), Pair(18, 14), Pair(21, 16), Pair(13, 10),
    Pair(13, 13), Pair(6, 13), Pair(7, 14), Pair(9, 14), Pair(12, 15), Pair(4, 9), Pair(6, 12), Pair(6, 13),
    // pst_queen
    Pair(-24, -22), Pair(-9, -14), Pair(3, -11), Pair(-1, -23), Pair(3, -7), Pair(-20, -12), Pair(-12, -11), Pair(-22, -20),
    Pair(-4, -9), Pair(-6, -3), Pair(-7, -5), Pair(4, 4), Pair(0, -9), Pair(4, -3), Pair(-7, -4), Pair(-10, -9),
    Pair(-9, -12), Pair(3, 4), Pair(0, 10), Pair(2, 12), Pair(2, 13), Pair(-10, 14), Pair(0, 4), Pair(-4, -9),
    Pair(-8, -5), Pair(-9, 5), Pair(-2, 13), Pair(3, 22), Pair(0, 13), Pair(-7, 14), Pair(0, 10), Pair(-4, -2),
    Pair(-4, -6), Pair(-1, 8), Pair(4, 15), Pair(5, 19), Pair(13, 21), Pair(8, 18), Pair(-1, 7), Pair(-4, 1),
    Pair(0, -5), Pair(-5, 3), Pair(9, 12), Pair(11, 14), Pair(7, 14), Pair(8, 16), Pair(6, 5), Pair(-2, -3),
    Pair(-15, -12), Pair(-4, 3), Pair(-1, 3), Pair(2, 11), Pair(4, 9), Pair(10, 8), Pair(0, 3), Pair(0, -5),
    Pair(-17, -18), Pair(-9, -9), Pair(-8, -7), Pair(-2, -2), Pair(-2, -3), Pair(-10, -9), Pair(-6, -7), Pair(-19, -18),
    // pst_king
    Pair(14, -47), Pair(19, -39), Pair(25, -39), Pair(-24, -29), Pair(9, -37), Pair(-4, -37), Pair(29, -39), Pair(24, -54),
    Pair(13, -27), Pair(9, -15), Pair(-14, -4), Pair(-27, -10), Pair(-13, -11), Pair(-4, -4), Pair(13, -21), Pair(14, -19),
    Pair(-14, -22), Pair(-21, -1), Pair(-23, 13), Pair(-26, 9), Pair(-36, 10), Pair(-20, 10), Pair(-15, -1), Pair(-16, -21),
    Pair(-25, -22), Pair(-29, 8), Pair(-29, 19), Pair(-40, 20), Pair(-43, 17), Pair(-32, 23), Pair(-30, 10), Pair(-25, -19),
    Pair(-33, -15), Pair(-34, 6), Pair(-40, 22), Pair(-52, 27), Pair(-52, 27), Pair(-39, 18), Pair(-34, 20), Pair(-33, -7),
    Pair(-39, -23), Pair(-38, 8), Pair(-45, 19), Pair(-50, 21), Pair(-50, 21), Pair(-43, 32), Pair(-37, 17), Pair(-38, -12),
    Pair(-44, -28), Pair(-45, -7), Pair(-44, 6), Pair(-55, 5), Pair(-55, 5), Pair(-44, 5), Pair(-43, -2), Pair(-45, -28),
    Pair(-50, -52), Pair(-50, -34), Pair(-49, -22), Pair(-60, -18), Pair(-60, -20), Pair(-50, -23), Pair(-50, -34), Pair(-50, -51),
    // mobility_knight
    Pair(-24, -29), Pair(-16, -25), Pair(-7, -3), Pair(-5, 10), Pair(0, 10), Pair(4, 14), Pair(7, 15), Pair(14, 11),
    Pair(15, 10),
    // mobility_bishop
    Pair(-28, -42), Pair(-20, -33), Pair(-12, -20), Pair(-8, -17), Pair(-4, -1), Pair(-5, 8), Pair(-1, 8), Pair(0, 12),
    Pair(2, 15), Pair(0, 22), Pair(16, 20), Pair(15, 25), Pair(31, 28), Pair(33, 30),
    // mobility_rook
    Pair(-31, -41), Pair(-20, -28), Pair(-18, -18), Pair(-12, -18), Pair(-9, -2), Pair(-6, 6), Pair(-1, 8), Pair(1, 16),
    Pair(1, 19), Pair(5, 24), Pair(8, 24), Pair(8, 29), Pair(16, 30), Pair(15, 29), Pair(19, 26),
    // mobility_queen
    Pair(-21, -48), Pair(-20, -44), Pair(-20, -44), Pair(-19, -42), Pair(-15, -34), Pair(-12, -28), Pair(-10, -27), Pair(-8, -19),
    Pair(-5, -18), Pair(-5, -12), Pair(2, -4), Pair(-2, -1), Pair(-1, 10), Pair(3, 10), Pair(5, 17), Pair(3, 21),
    Pair(7, 19), Pair(12, 25), Pair(12, 28), Pair(17, 31), Pair(15, 32), Pair(19, 36), Pair(21, 40), Pair(21, 43),
    Pair(24, 48), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-16, -16),
    // isolated
    Pair(-10, -10),
    // backward
    Pair(-5, -12),
    // passed
    Pair(0, 0), Pair(6, 17), Pair(13, 18), Pair(-1, 30), Pair(25, 40), Pair(53, 58), Pair(90, 124), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(-1, 3), Pair(-5, 0), Pair(-12, 16), Pair(-11, 29), Pair(-8, 43), Pair(15, 40), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(1, -5), Pair(2, -3), Pair(10, -15), Pair(4, -15), Pair(-1, -18), Pair(-6, -26), Pair(0, -10),
    // bishop_pair
    Pair(17, 45),
    // rook_open_file
    Pair(37, 1),
    // rook_semi_open_file
    Pair(18, 8),
    // shield
    Pair(21, 7), Pair(10, 1),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(10, 0), Pair(18, 3), Pair(14, -5), Pair(17, -3),
    Pair(26, -14), Pair(37, 4), Pair(45, -11), Pair(52, 0), Pair(49, -2), Pair(74, -13), Pair(83, 1), Pair(102, -6),
    Pair(108, -9), Pair(120, -5), Pair(145, -7), Pair(158, -7), Pair(190, -1), Pair(201, -6), Pair(222, -3), Pair(249, -2),
    Pair(266, -4), Pair(300, 0), Pair(322, -1), Pair(347, -2), Pair(373, 0), Pair(395, -3), Pair(425, 0), Pair(448, -1),
    // threat_by_pawn
    Pair(-4, -2), Pair(51, 19), Pair(49, 17), Pair(26, 14), Pair(26, 2), Pair(0, 0),
    // threat_by_minor
    Pair(-4, 14), Pair(14, 30), Pair(33, 19), Pair(40, 19), Pair(34, 5), Pair(0, 0),
    // threat_by_rook
    Pair(-10, 22), Pair(7, 16), Pair(18, 17), Pair(-1, 0), Pair(32, 6), Pair(0, 0),
    // hanging
    Pair(13, 20),
    // connected
    Pair(0, 0), Pair(2, -6), Pair(7, 2), Pair(8, 4), Pair(10, 15), Pair(29, 37), Pair(5, 13), Pair(0, 0),
    // knight_outpost
    Pair(13, 7),
    // bishop_outpost
    Pair(20, 4),
];
