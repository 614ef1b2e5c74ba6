//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(59, 104), Pair(284, 341), Pair(308, 362), Pair(374, 591), Pair(1011, 1032), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-10, 9), Pair(7, 13), Pair(1, 13), Pair(-11, 11), Pair(-12, 15), Pair(10, 8), Pair(24, 5), Pair(6, 6),
    Pair(2, 1), Pair(-2, 5), Pair(2, 3), Pair(-1, 6), Pair(1, 8), Pair(1, 7), Pair(18, 3), Pair(8, -1),
    Pair(-13, 12), Pair(-10, 13), Pair(3, 3), Pair(15, -2), Pair(13, 4), Pair(11, 0), Pair(-2, 9), Pair(-1, 8),
    Pair(-9, 17), Pair(1, 12), Pair(6, 4), Pair(17, 7), Pair(17, 10), Pair(13, 9), Pair(6, 13), Pair(10, 8),
    Pair(5, 32), Pair(0, 22), Pair(17, 13), Pair(31, 22), Pair(38, 28), Pair(12, 30), Pair(16, 33), Pair(12, 29),
    Pair(50, 65), Pair(47, 56), Pair(55, 64), Pair(50, 67), Pair(47, 66), Pair(57, 79), Pair(42, 72), Pair(53, 61),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-51, -42), Pair(-23, -37), Pair(-26, -23), Pair(-17, -13), Pair(-18, -11), Pair(-22, -22), Pair(-25, -26), Pair(-50, -48),
    Pair(-31, -35), Pair(-3, -25), Pair(-14, -6), Pair(-6, -10), Pair(-6, -1), Pair(-3, -16), Pair(-21, -13), Pair(-38, -28),
    Pair(-25, -22), Pair(-5, -12), Pair(-5, -7), Pair(0, 8), Pair(6, 16), Pair(-3, 3), Pair(1, -13), Pair(-20, -31),
    Pair(-1, -3), Pair(-18, -1), Pair(6, 14), Pair(6, 18), Pair(9, 16), Pair(11, 5), Pair(10, 1), Pair(-13, -15),
    Pair(-5, -12), Pair(3, 6), Pair(6, 17), Pair(20, 16), Pair(11, 22), Pair(12, 5), Pair(2, -3), Pair(0, -1),
    Pair(-30, -21), Pair(2, -2), Pair(-3, 0), Pair(21, 23), Pair(20, 8), Pair(26, 20), Pair(0, -5), Pair(-28, -24),
    Pair(-46, -31), Pair(-20, -12), Pair(7, -3), Pair(6, 8), Pair(5, 2), Pair(3, -5), Pair(-25, -12), Pair(-34, -30),
    Pair(-84, -59), Pair(-43, -39), Pair(-35, -15), Pair(-30, -11), Pair(-23, -7), Pair(-43, -29), Pair(-36, -31), Pair(-63, -52),
    // pst_bishop
    Pair(-13, -7), Pair(-4, -4), Pair(-5, -5), Pair(-15, -2), Pair(-15, -13), Pair(-17, -2), Pair(-9, -8), Pair(-5, -6),
    Pair(-10, -7), Pair(11, -10), Pair(0, 0), Pair(-2, -4), Pair(1, 6), Pair(9, -2), Pair(12, -8), Pair(-9, -21),
    Pair(4, -13), Pair(13, -3), Pair(12, 11), Pair(1, 8), Pair(4, 4), Pair(10, 4), Pair(7, 1), Pair(1, -8),
    Pair(-9, -1), Pair(1, 1), Pair(4, 11), Pair(13, 8), Pair(15, 3), Pair(3, 7), Pair(-3, 6), Pair(-9, 2),
    Pair(-23, -3), Pair(-4, 9), Pair(7, -4), Pair(13, 7), Pair(12, 7), Pair(8, 4), Pair(-4, 12), Pair(-7, -8),
    Pair(-11, -8), Pair(-6, 5), Pair(3, 10), Pair(9, -4), Pair(13, 5), Pair(11, 8), Pair(7, -2), Pair(2, -8),
    Pair(-16, -9), Pair(-5, 4), Pair(-12, 2), Pair(0, 5), Pair(-9, -2), Pair(5, 2), Pair(-6, -5), Pair(-15, -7),
    Pair(-23, -6), Pair(-14, -6), Pair(-14, -7), Pair(-16, -3), Pair(-15, -1), Pair(-14, -6), Pair(-14, -15), Pair(-30, -19),
    // pst_rook
    Pair(-8, -13), Pair(-5, -10), Pair(0, -10), Pair(6, -5), Pair(8, -17), Pair(4, -9), Pair(-14, -8), Pair(-2, -22),
    Pair(-28, -8), Pair(-19, -13), Pair(-8, -4), Pair(-10, -3), Pair(-6, -9), Pair(-6, -6), Pair(-9, 1), Pair(-25, -8),
    Pair(-15, -2), Pair(-1, 4), Pair(-7, -4), Pair(-7, -3), Pair(-8, -3), Pair(-3, -11), Pair(7, -11), Pair(-8, -6),
    Pair(-12, 11), Pair(-14, 15), Pair(-7, 6), Pair(-14, 4), Pair(-4, 3), Pair(3, -4), Pair(-4, 2), Pair(-18, 10),
    Pair(-6, 12), Pair(-5, 11), Pair(3, 11), Pair(0, 8), Pair(0, 5), Pair(9, 5), Pair(2, 7), Pair(-1, 7),
    Pair(-9, 10), Pair(16, 5), Pair(13, 10), Pair(9, 10), Pair(7, -4), Pair(7, 10), Pair(6, 3), Pair(4, 5),
    Pair(4, 15), Pair(23, 5), Pair(26, 15), Pair(19, 11), Pair(32, 17), Pair(14, 9), Pair(21, 12), Pair(8, 11),
    Pair(17, 11), Pair(5, 13), Pair(7, 16), Pair(9, 18), Pair(15, 16), Pair(4, 11), Pair(8, 13), Pair(8, 15),
    // pst_queen
    Pair(-26, -22), Pair(-10, -20), Pair(-4, -19), Pair(-9, -42), Pair(-7, -12), Pair(-25, -14), Pair(-13, -13), Pair(-21, -20),
    Pair(-12, -12), Pair(-5, -5), Pair(-1, -17), Pair(-5, -3), Pair(0, -18), Pair(-1, -12), Pair(-11, -11), Pair(-7, -8),
    Pair(-12, -14), Pair(-4, -4), Pair(-6, 12), Pair(-6, 8), Pair(-3, 8), Pair(-7, 14), Pair(-3, 2), Pair(0, -6),
    Pair(-9, -9), Pair(-15, 6), Pair(-4, 17), Pair(-8, 27), Pair(-2, 14), Pair(-7, 18), Pair(4, 14), Pair(-6, 1),
    Pair(0, -6), Pair(1, 12), Pair(0, 18), Pair(3, 22), Pair(12, 21), Pair(11, 22), Pair(2, 10), Pair(3, 10),
    Pair(-1, -4), Pair(-2, 5), Pair(6, 10), Pair(17, 18), Pair(14, 19), Pair(6, 18), Pair(14, 7), Pair(10, 4),
    Pair(-12, -11), Pair(-12, 5), Pair(1, 2), Pair(4, 18), Pair(11, 15), Pair(14, 12), Pair(4, 6), Pair(11, 0),
    Pair(-14, -19), Pair(-7, -8), Pair(-9, -7), Pair(4, 5), Pair(1, 0), Pair(-7, -7), Pair(-3, -6), Pair(-15, -14),
    // pst_king
    Pair(6, -46), Pair(19, -30), Pair(23, -35), Pair(-18, -29), Pair(4, -32), Pair(-7, -33), Pair(26, -30), Pair(28, -44),
    Pair(19, -28), Pair(6, -19), Pair(-12, -13), Pair(-15, -12), Pair(-17, -13), Pair(-8, -12), Pair(11, -20), Pair(14, -26),
    Pair(-13, -20), Pair(-20, -8), Pair(-30, -3), Pair(-29, 1), Pair(-34, 2), Pair(-17, -2), Pair(-11, -11), Pair(-16, -17),
    Pair(-26, -21), Pair(-28, 4), Pair(-31, 9), Pair(-45, 9), Pair(-48, 10), Pair(-35, 12), Pair(-34, 3), Pair(-26, -18),
    Pair(-31, -8), Pair(-32, 6), Pair(-41, 15), Pair(-53, 21), Pair(-55, 18), Pair(-37, 15), Pair(-35, 19), Pair(-31, 0),
    Pair(-37, -22), Pair(-37, 18), Pair(-45, 27), Pair(-49, 25), Pair(-49, 24), Pair(-43, 33), Pair(-35, 36), Pair(-37, -5),
    Pair(-43, -28), Pair(-45, -6), Pair(-42, 16), Pair(-56, 8), Pair(-55, 11), Pair(-43, 13), Pair(-41, 9), Pair(-45, -23),
    Pair(-50, -55), Pair(-50, -31), Pair(-49, -19), Pair(-60, -14), Pair(-59, -19), Pair(-50, -20), Pair(-50, -33), Pair(-51, -55),
    // mobility_knight
    Pair(-26, -33), Pair(-16, -24), Pair(-11, 1), Pair(-8, 11), Pair(-4, 15), Pair(-1, 20), Pair(2, 20), Pair(7, 16),
    Pair(12, 14),
    // mobility_bishop
    Pair(-24, -50), Pair(-18, -25), Pair(-13, -9), Pair(-8, 0), Pair(-6, 7), Pair(-3, 12), Pair(-3, 15), Pair(-2, 17),
    Pair(-3, 17), Pair(0, 16), Pair(5, 22), Pair(7, 18), Pair(31, 24), Pair(30, 18),
    // mobility_rook
    Pair(-30, -44), Pair(-21, -26), Pair(-17, -16), Pair(-12, -3), Pair(-10, 5), Pair(-8, 10), Pair(-3, 10), Pair(1, 17),
    Pair(2, 20), Pair(3, 22), Pair(2, 26), Pair(2, 30), Pair(8, 25), Pair(5, 28), Pair(18, 25),
    // mobility_queen
    Pair(-20, -49), Pair(-19, -45), Pair(-16, -49), Pair(-15, -45), Pair(-13, -35), Pair(-13, -30), Pair(-11, -28), Pair(-8, -21),
    Pair(-5, -22), Pair(-5, -9), Pair(-3, -5), Pair(-1, 1), Pair(-3, 18), Pair(2, 15), Pair(3, 19), Pair(-3, 25),
    Pair(4, 23), Pair(8, 26), Pair(16, 32), Pair(18, 30), Pair(17, 32), Pair(16, 32), Pair(19, 37), Pair(19, 41),
    Pair(24, 47), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-16, -16),
    // isolated
    Pair(-8, -8),
    // backward
    Pair(0, -8),
    // passed
    Pair(0, 0), Pair(9, 17), Pair(14, 16), Pair(-12, 33), Pair(20, 46), Pair(56, 65), Pair(91, 128), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(-2, -4), Pair(-7, 0), Pair(-9, 15), Pair(-7, 23), Pair(-1, 42), Pair(9, 41), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(3, -1), Pair(0, -4), Pair(10, -14), Pair(1, -11), Pair(-7, -14), Pair(-15, -20), Pair(0, -10),
    // bishop_pair
    Pair(14, 48),
    // rook_open_file
    Pair(29, -1),
    // rook_semi_open_file
    Pair(15, 9),
    // shield
    Pair(20, 1), Pair(13, -1),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(14, 4), Pair(14, 6), Pair(18, -4), Pair(16, -8),
    Pair(25, -12), Pair(32, 7), Pair(49, -17), Pair(48, -5), Pair(40, 0), Pair(70, -16), Pair(67, -1), Pair(97, -13),
    Pair(99, -12), Pair(104, -7), Pair(129, -23), Pair(141, -14), Pair(189, -3), Pair(191, -13), Pair(209, -9), Pair(241, -6),
    Pair(255, -7), Pair(298, 0), Pair(317, -2), Pair(341, -6), Pair(371, -1), Pair(390, -8), Pair(425, 0), Pair(445, -3),
    // threat_by_pawn
    Pair(-6, -5), Pair(46, 31), Pair(49, 29), Pair(45, 24), Pair(40, 6), Pair(0, 0),
    // threat_by_minor
    Pair(-1, 15), Pair(12, 24), Pair(31, 23), Pair(46, 20), Pair(42, 10), Pair(0, 0),
    // threat_by_rook
    Pair(-7, 23), Pair(4, 16), Pair(17, 16), Pair(-2, 0), Pair(48, 10), Pair(0, 0),
    // hanging
    Pair(9, 16),
    // connected
    Pair(0, 0), Pair(3, -4), Pair(7, 3), Pair(8, 10), Pair(15, 15), Pair(35, 44), Pair(15, 38), Pair(0, 0),
    // knight_outpost
    Pair(15, 4),
    // bishop_outpost
    Pair(18, 10),
    // safe_check
    Pair(37, 9), Pair(10, 20), Pair(43, 10), Pair(19, 71),
    // storm_free
    Pair(0, 0), Pair(-5, -2), Pair(-7, 2), Pair(2, 1), Pair(2, -1), Pair(0, -11), Pair(-2, -11), Pair(0, 0),
    // storm_blocked
    Pair(0, 0), Pair(6, -4), Pair(-14, 7), Pair(-12, 5), Pair(-10, 5), Pair(-1, 14), Pair(0, 0), Pair(0, 0),
    // king_own_pawn
    Pair(9, 4), Pair(9, -4), Pair(-15, -9), Pair(-5, -20), Pair(-3, -18), Pair(-1, -13),
    // king_enemy_pawn
    Pair(5, 53), Pair(1, 16), Pair(5, 9), Pair(3, -1), Pair(-1, -9), Pair(-7, -8),
    // pawn_push_threat
    Pair(10, 4),
    // pinned
    Pair(-5, 8), Pair(-16, -12), Pair(-10, -8), Pair(-12, -10), Pair(-10, -5),
    // bishop_pawns
    Pair(-1, -4),
    // restricted
    Pair(3, 2),
];
