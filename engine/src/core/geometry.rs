//! Step and leap offsets as (file, rank) pairs, shared by the games' board code.

/// The rook's directions.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The bishop's directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// Both kinds of line: the queen's directions and the king's steps.
pub const ALL_LINES: [(i8, i8); 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];
/// The knight's leaps, clockwise from (1, 2).
pub const KNIGHT: [(i8, i8); 8] = leaps(1, 2);

/// The eight (m, n) leaps, clockwise from (m, n); for m != n, all distinct.
pub const fn leaps(m: i8, n: i8) -> [(i8, i8); 8] {
    [
        (m, n),
        (n, m),
        (n, -m),
        (m, -n),
        (-m, -n),
        (-n, -m),
        (-n, m),
        (-m, n),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_leaps_are_the_eight_distinct_one_two_jumps() {
        let mut leaps = KNIGHT.to_vec();
        leaps.sort_unstable();
        leaps.dedup();
        assert_eq!(leaps.len(), 8);
        assert!(leaps
            .iter()
            .all(|&(f, r)| { (f.abs(), r.abs()) == (1, 2) || (f.abs(), r.abs()) == (2, 1) }));
        assert_eq!(ALL_LINES.len(), 8);
    }
}
