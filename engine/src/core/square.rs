//! Square names as every game writes them: a file letter from `a` and a rank number from 1, in
//! decimal without a leading zero (`e4`, `n14`, `z26`). Games with more than one board put their
//! own prefix in front (Dragonchess's level digit).

use std::fmt;

/// A square's name, written by `Display`: file 4, rank 3 (both from 0) is `e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_letter(self.file), u32::from(self.rank) + 1)
    }
}

/// The name of the square on `file` and `rank` (both from 0).
pub fn square_name(file: u8, rank: u8) -> String {
    let mut name = String::with_capacity(4);
    push_square_name(&mut name, file, rank);
    name
}

/// Appends [`square_name`] to `out`, without a string of its own: notation writes many.
pub fn push_square_name(out: &mut String, file: u8, rank: u8) {
    use fmt::Write;
    let _ = write!(out, "{}", SquareName { file, rank });
}

/// The letter of `file` (from 0): `a`, `b`, ...
pub const fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

/// Reads a square name at the start of `text` on a board of `files` x `ranks`: the square and
/// the bytes it takes. The rank takes as many digits as the board's highest rank number has, so
/// `a10` is a10 on a board of ten ranks and a1 (followed by `0`) on one of eight.
pub fn read_square(text: &[u8], files: u8, ranks: u8) -> Option<(SquareName, usize)> {
    let file = text.first()?.checked_sub(b'a').filter(|&f| f < files)?;
    let max_digits = if ranks >= 10 { 2 } else { 1 };
    let digits = text[1..]
        .iter()
        .take(max_digits)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || text[1] == b'0' {
        return None;
    }
    let number = text[1..=digits]
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    (number <= u32::from(ranks)).then_some((
        SquareName {
            file,
            rank: (number - 1) as u8,
        },
        1 + digits,
    ))
}

/// `text` read as exactly one square name on a board of `files` x `ranks`.
pub fn parse_square(text: &str, files: u8, ranks: u8) -> Option<SquareName> {
    match read_square(text.as_bytes(), files, ranks) {
        Some((square, used)) if used == text.len() => Some(square),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_a_file_letter_and_a_rank_from_one() {
        assert_eq!(square_name(4, 3), "e4");
        assert_eq!(square_name(13, 13), "n14");
        assert_eq!(square_name(25, 25), "z26");
        assert_eq!(format!("{}", SquareName { file: 0, rank: 9 }), "a10");
        assert_eq!(file_letter(7), 'h');
    }

    #[test]
    fn reading_takes_as_many_digits_as_the_board_has_ranks() {
        let sq = |file, rank| SquareName { file, rank };
        assert_eq!(read_square(b"e2e4", 8, 8), Some((sq(4, 1), 2)));
        assert_eq!(read_square(b"a10", 8, 8), Some((sq(0, 0), 2)));
        assert_eq!(read_square(b"a10b", 10, 10), Some((sq(0, 9), 3)));
        assert_eq!(read_square(b"n14", 14, 14), Some((sq(13, 13), 3)));
        assert_eq!(read_square(b"a1a2", 26, 26), Some((sq(0, 0), 2)));
    }

    #[test]
    fn squares_off_the_board_and_malformed_names_are_refused() {
        for text in [
            &b""[..],
            b"e",
            b"e0",
            b"a01",
            b"i1",
            b"a9",
            b"E4",
            b"4e",
            b"a15",
        ] {
            let (files, ranks) = if text == b"a15" { (14, 14) } else { (8, 8) };
            assert_eq!(read_square(text, files, ranks), None, "{text:?}");
        }
        assert_eq!(
            parse_square("h8", 8, 8),
            Some(SquareName { file: 7, rank: 7 })
        );
        assert_eq!(parse_square("h8x", 8, 8), None);
        assert_eq!(
            parse_square("j10", 10, 10),
            Some(SquareName { file: 9, rank: 9 })
        );
    }
}
