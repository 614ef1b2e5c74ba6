//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of
//! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).
//! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.

use super::Pair;

#[rustfmt::skip]
pub const PARAMS: [Pair; super::PARAM_COUNT] = [
    // material
    Pair(65, 101), Pair(296, 331), Pair(313, 352), Pair(389, 588), Pair(1016, 1032), Pair(0, 0),
    // pst_pawn
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    Pair(-9, 12), Pair(7, 12), Pair(-2, 12), Pair(-15, 9), Pair(-15, 18), Pair(9, 6), Pair(20, 6), Pair(5, 1),
    Pair(3, 4), Pair(-1, 3), Pair(1, 3), Pair(-1, 8), Pair(2, 10), Pair(3, 5), Pair(15, 5), Pair(5, 2),
    Pair(-9, 13), Pair(-9, 16), Pair(5, 3), Pair(17, -4), Pair(15, 4), Pair(16, -2), Pair(-1, 8), Pair(-3, 6),
    Pair(-7, 15), Pair(3, 12), Pair(8, 6), Pair(16, 6), Pair(18, 3), Pair(14, 10), Pair(8, 11), Pair(1, 11),
    Pair(5, 24), Pair(-1, 29), Pair(14, 10), Pair(30, 23), Pair(45, 26), Pair(19, 40), Pair(17, 33), Pair(11, 28),
    Pair(50, 63), Pair(47, 57), Pair(52, 56), Pair(47, 62), Pair(48, 66), Pair(56, 75), Pair(46, 78), Pair(54, 68),
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // pst_knight
    Pair(-51, -42), Pair(-19, -34), Pair(-26, -24), Pair(-19, -14), Pair(-17, -10), Pair(-20, -26), Pair(-21, -25), Pair(-50, -47),
    Pair(-29, -35), Pair(3, -22), Pair(-10, -7), Pair(-3, -11), Pair(-1, -5), Pair(-2, -13), Pair(-19, -11), Pair(-38, -29),
    Pair(-22, -20), Pair(-1, -7), Pair(-2, -6), Pair(4, 12), Pair(5, 13), Pair(1, 3), Pair(1, -9), Pair(-19, -35),
    Pair(-8, -11), Pair(-15, -4), Pair(3, 15), Pair(3, 17), Pair(5, 23), Pair(8, 2), Pair(9, 0), Pair(-16, -15),
    Pair(-9, -14), Pair(1, 6), Pair(3, 15), Pair(15, 13), Pair(10, 22), Pair(9, 0), Pair(-2, -5), Pair(-6, -4),
    Pair(-31, -24), Pair(2, -3), Pair(0, 4), Pair(18, 26), Pair(20, 8), Pair(28, 20), Pair(-2, -6), Pair(-29, -24),
    Pair(-47, -32), Pair(-22, -14), Pair(4, -4), Pair(7, 5), Pair(9, 4), Pair(3, -1), Pair(-24, -11), Pair(-31, -28),
    Pair(-86, -61), Pair(-42, -35), Pair(-33, -16), Pair(-30, -12), Pair(-25, -11), Pair(-38, -24), Pair(-33, -30), Pair(-62, -51),
    // pst_bishop
    Pair(-11, -8), Pair(-4, -5), Pair(-4, -11), Pair(-15, -1), Pair(-17, -10), Pair(-15, -2), Pair(-9, -7), Pair(-3, -12),
    Pair(-5, -5), Pair(14, -15), Pair(3, 1), Pair(-1, 5), Pair(3, 3), Pair(8, -3), Pair(13, -6), Pair(-6, -20),
    Pair(4, -12), Pair(11, -6), Pair(11, 2), Pair(0, 9), Pair(0, 3), Pair(11, 5), Pair(10, 2), Pair(-2, -7),
    Pair(-13, -7), Pair(3, 2), Pair(-1, 9), Pair(12, 12), Pair(14, 6), Pair(1, 9), Pair(-7, 4), Pair(-13, 2),
    Pair(-20, -3), Pair(-5, 10), Pair(7, -2), Pair(13, 4), Pair(7, 11), Pair(2, 2), Pair(-9, 12), Pair(-7, -7),
    Pair(0, -5), Pair(-6, -1), Pair(8, 12), Pair(11, -7), Pair(12, 4), Pair(12, 9), Pair(8, -2), Pair(2, -6),
    Pair(-17, -10), Pair(-3, 0), Pair(-14, -1), Pair(-2, 1), Pair(-9, -1), Pair(5, 4), Pair(-6, -5), Pair(-16, -7),
    Pair(-26, -8), Pair(-10, -4), Pair(-12, -7), Pair(-14, -1), Pair(-16, -3), Pair(-12, -2), Pair(-13, -14), Pair(-31, -20),
    // pst_rook
    Pair(-6, -5), Pair(1, -12), Pair(7, -11), Pair(7, -7), Pair(11, -12), Pair(6, -10), Pair(-11, -4), Pair(-4, -16),
    Pair(-23, -3), Pair(-22, -11), Pair(-10, -6), Pair(-10, -2), Pair(-2, -7), Pair(-4, -5), Pair(-5, 2), Pair(-23, -10),
    Pair(-12, -5), Pair(-2, 0), Pair(-4, -7), Pair(-2, 1), Pair(-8, 2), Pair(-3, -10), Pair(9, -9), Pair(-8, -5),
    Pair(-11, 9), Pair(-17, 15), Pair(-9, 2), Pair(-13, 5), Pair(-7, -1), Pair(1, -3), Pair(-4, 4), Pair(-20, 10),
    Pair(-6, 12), Pair(-6, 8), Pair(-2, 9), Pair(-2, 8), Pair(5, 6), Pair(8, 2), Pair(2, 6), Pair(-5, 7),
    Pair(-5, 8), Pair(14, 8), Pair(7, 5), Pair(4, 8), Pair(8, -2), Pair(2, 4), Pair(5, 5), Pair(3, 5),
    Pair(2, 12), Pair(28, 5), Pair(21, 9), Pair(19, 13), Pair(29, 15), Pair(16, 14), Pair(21, 16), Pair(10, 10),
    Pair(19, 13), Pair(6, 14), Pair(6, 14), Pair(9, 17), Pair(13, 14), Pair(4, 9), Pair(8, 12), Pair(8, 14),
    // pst_queen
    Pair(-25, -22), Pair(-10, -18), Pair(-1, -17), Pair(-2, -34), Pair(2, -9), Pair(-24, -14), Pair(-14, -13), Pair(-23, -21),
    Pair(-7, -10), Pair(-6, -6), Pair(-1, -13), Pair(2, 2), Pair(3, -17), Pair(4, -11), Pair(-8, -7), Pair(-10, -8),
    Pair(-7, -14), Pair(0, 1), Pair(-2, 12), Pair(-3, 12), Pair(-1, 12), Pair(-7, 17), Pair(-1, 2), Pair(-3, -7),
    Pair(-7, -8), Pair(-11, 6), Pair(-6, 14), Pair(-3, 27), Pair(1, 11), Pair(-12, 18), Pair(-2, 13), Pair(-5, 1),
    Pair(-6, -8), Pair(-3, 9), Pair(-1, 16), Pair(2, 22), Pair(13, 22), Pair(6, 21), Pair(-1, 9), Pair(-2, 7),
    Pair(1, -3), Pair(-5, 3), Pair(7, 10), Pair(13, 16), Pair(9, 16), Pair(11, 20), Pair(13, 4), Pair(2, 1),
    Pair(-18, -14), Pair(-5, 5), Pair(2, 3), Pair(2, 16), Pair(8, 12), Pair(16, 10), Pair(2, 4), Pair(9, -1),
    Pair(-14, -16), Pair(-11, -11), Pair(-8, -7), Pair(1, 1), Pair(3, 1), Pair(-9, -9), Pair(-3, -6), Pair(-19, -17),
    // pst_king
    Pair(8, -45), Pair(18, -33), Pair(24, -37), Pair(-21, -24), Pair(4, -33), Pair(-3, -32), Pair(25, -31), Pair(26, -51),
    Pair(15, -30), Pair(8, -17), Pair(-13, -6), Pair(-25, -8), Pair(-13, -11), Pair(-3, -8), Pair(10, -21), Pair(18, -25),
    Pair(-13, -20), Pair(-20, -6), Pair(-27, 6), Pair(-27, 2), Pair(-39, 8), Pair(-20, 2), Pair(-10, -8), Pair(-17, -19),
    Pair(-26, -23), Pair(-29, 2), Pair(-29, 11), Pair(-41, 15), Pair(-46, 13), Pair(-34, 14), Pair(-33, 5), Pair(-26, -20),
    Pair(-32, -10), Pair(-33, 1), Pair(-40, 19), Pair(-54, 20), Pair(-54, 23), Pair(-37, 14), Pair(-34, 20), Pair(-31, -4),
    Pair(-37, -23), Pair(-38, 12), Pair(-46, 23), Pair(-50, 21), Pair(-50, 24), Pair(-42, 34), Pair(-35, 24), Pair(-37, -4),
    Pair(-43, -27), Pair(-44, -3), Pair(-43, 13), Pair(-55, 7), Pair(-55, 9), Pair(-44, 10), Pair(-41, 6), Pair(-45, -25),
    Pair(-50, -54), Pair(-50, -34), Pair(-49, -21), Pair(-60, -15), Pair(-60, -20), Pair(-50, -21), Pair(-50, -32), Pair(-50, -51),
    // mobility_knight
    Pair(-25, -35), Pair(-16, -26), Pair(-11, -1), Pair(-8, 11), Pair(-3, 16), Pair(1, 18), Pair(5, 19), Pair(10, 16),
    Pair(14, 12),
    // mobility_bishop
    Pair(-24, -48), Pair(-17, -29), Pair(-13, -16), Pair(-8, -8), Pair(-7, 4), Pair(-5, 10), Pair(-3, 12), Pair(-3, 16),
    Pair(-1, 18), Pair(0, 20), Pair(9, 20), Pair(9, 22), Pair(31, 27), Pair(31, 23),
    // mobility_rook
    Pair(-30, -46), Pair(-20, -24), Pair(-16, -14), Pair(-11, -7), Pair(-9, 4), Pair(-6, 10), Pair(-3, 13), Pair(-1, 17),
    Pair(0, 20), Pair(2, 23), Pair(5, 24), Pair(4, 28), Pair(11, 27), Pair(9, 27), Pair(19, 23),
    // mobility_queen
    Pair(-19, -48), Pair(-16, -44), Pair(-15, -48), Pair(-15, -46), Pair(-13, -34), Pair(-11, -27), Pair(-10, -28), Pair(-7, -18),
    Pair(-4, -21), Pair(-4, -11), Pair(-2, -3), Pair(-2, 3), Pair(-3, 14), Pair(-1, 13), Pair(1, 20), Pair(0, 26),
    Pair(3, 20), Pair(11, 28), Pair(11, 28), Pair(17, 29), Pair(14, 31), Pair(16, 32), Pair(20, 38), Pair(20, 42),
    Pair(24, 47), Pair(26, 52), Pair(28, 56), Pair(30, 60),
    // doubled
    Pair(-18, -19),
    // isolated
    Pair(-8, -8),
    // backward
    Pair(-3, -11),
    // passed
    Pair(0, 0), Pair(7, 20), Pair(17, 18), Pair(-9, 38), Pair(20, 46), Pair(56, 64), Pair(90, 123), Pair(0, 0),
    // passed_their_king
    Pair(0, 0), Pair(-1, -1), Pair(-5, -1), Pair(-11, 13), Pair(-8, 25), Pair(-2, 39), Pair(19, 36), Pair(0, 20),
    // passed_our_king
    Pair(0, 0), Pair(0, -3), Pair(1, -3), Pair(12, -13), Pair(3, -13), Pair(-6, -12), Pair(-14, -18), Pair(0, -10),
    // bishop_pair
    Pair(15, 46),
    // rook_open_file
    Pair(32, -1),
    // rook_semi_open_file
    Pair(18, 8),
    // shield
    Pair(20, 2), Pair(11, 0),
    // king_danger
    Pair(0, 0), Pair(0, 0), Pair(1, 0), Pair(3, 0), Pair(13, 0), Pair(18, 5), Pair(15, -3), Pair(16, -4),
    Pair(26, -14), Pair(32, 5), Pair(47, -17), Pair(50, -2), Pair(42, 0), Pair(72, -16), Pair(68, -2), Pair(98, -11),
    Pair(100, -13), Pair(107, -8), Pair(135, -16), Pair(145, -14), Pair(190, -2), Pair(192, -12), Pair(214, -6), Pair(244, -4),
    Pair(258, -8), Pair(299, 0), Pair(318, -2), Pair(343, -5), Pair(371, -1), Pair(390, -7), Pair(425, 0), Pair(446, -2),
    // threat_by_pawn
    Pair(-7, -4), Pair(48, 26), Pair(53, 26), Pair(41, 21), Pair(35, 3), Pair(0, 0),
    // threat_by_minor
    Pair(-3, 14), Pair(13, 31), Pair(33, 23), Pair(44, 21), Pair(36, 8), Pair(0, 0),
    // threat_by_rook
    Pair(-9, 22), Pair(5, 16), Pair(17, 17), Pair(-2, 0), Pair(45, 10), Pair(0, 0),
    // hanging
    Pair(8, 17),
    // connected
    Pair(0, 0), Pair(3, -3), Pair(6, 4), Pair(7, 8), Pair(13, 18), Pair(35, 42), Pair(11, 28), Pair(0, 0),
    // knight_outpost
    Pair(14, 8),
    // bishop_outpost
    Pair(21, 7),
    // safe_check
    Pair(34, 9), Pair(8, 18), Pair(37, 7), Pair(17, 56),
    // storm_free
    Pair(0, 0), Pair(-5, 1), Pair(-6, 1), Pair(-1, 0), Pair(3, -1), Pair(1, -10), Pair(-2, -7), Pair(0, 0),
    // storm_blocked
    Pair(0, 0), Pair(7, 3), Pair(-13, 4), Pair(-10, 7), Pair(-11, 8), Pair(1, 10), Pair(0, 0), Pair(0, 0),
    // king_own_pawn
    Pair(1, 2), Pair(4, -5), Pair(-6, -10), Pair(0, -18), Pair(-3, -19), Pair(0, -11),
    // king_enemy_pawn
    Pair(7, 44), Pair(-4, 14), Pair(3, 8), Pair(2, 3), Pair(1, -3), Pair(-5, -5),
    // pawn_push_threat
    Pair(0, 0),
    // pinned
    Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0),
    // bishop_pawns
    Pair(0, 0),
    // restricted
    Pair(0, 0),
];
