//! The FEN-style fields (placement, side to move, castling, move counters) shared by the games'
//! position strings, and the board picture of the `d` command.

use std::fmt::{Display, Write};

use super::square::file_letter;
use super::{Color, PositionError};

/// Appends one row: each occupied cell's text, runs of empty cells as decimal numbers.
pub fn push_row<T: Display>(out: &mut String, cells: impl IntoIterator<Item = Option<T>>) {
    let mut empty = 0u32;
    for cell in cells {
        match cell {
            None => empty += 1,
            Some(text) => {
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                let _ = write!(out, "{text}");
            }
        }
    }
    if empty > 0 {
        let _ = write!(out, "{empty}");
    }
}

/// Appends a whole placement: `rows` from the top down, each written by [`push_row`], with
/// '/' between them.
pub fn push_placement<T: Display, R: IntoIterator<Item = Option<T>>>(
    out: &mut String,
    rows: impl IntoIterator<Item = R>,
) {
    for (i, row) in rows.into_iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        push_row(out, row);
    }
}

/// Appends a board's placement, the top rank first: `cell(file, rank)` gives each square's text.
pub fn push_board<F: Copy, R: Copy, T: Display>(
    out: &mut String,
    files: impl Iterator<Item = F> + Clone,
    ranks: impl DoubleEndedIterator<Item = R>,
    cell: impl Fn(F, R) -> Option<T>,
) {
    let cell = &cell;
    push_placement(
        out,
        ranks
            .rev()
            .map(|rank| files.clone().map(move |file| cell(file, rank))),
    );
}

/// The castling field: the letter of each right held in `rights`, in `letters`' order, or `-`.
pub fn castling_text(rights: u8, letters: &[(u8, char)]) -> String {
    let held: String = letters
        .iter()
        .filter(|&&(bit, _)| rights & bit != 0)
        .map(|&(_, letter)| letter)
        .collect();
    if held.is_empty() {
        "-".to_string()
    } else {
        held
    }
}

/// The side-to-move field: `w` or `b`.
pub fn read_side(text: &str) -> Result<Color, PositionError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(PositionError::new(
            "side to move",
            format!("'{other}' is not w or b"),
        )),
    }
}

/// Appends a board picture: rank numbers down the left, the top rank first, one cell per file
/// (`cell(file, rank)`, all of one width) after a space each, the file letters underneath.
pub fn push_grid<T: Display>(out: &mut String, files: u8, ranks: u8, cell: impl Fn(u8, u8) -> T) {
    let mut width = 1;
    for rank in (0..ranks).rev() {
        let _ = write!(out, "{:>2} ", u32::from(rank) + 1);
        for file in 0..files {
            let text = cell(file, rank).to_string();
            width = text.chars().count();
            let _ = write!(out, " {text}");
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..files {
        let _ = write!(out, " {:<width$}", file_letter(file));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
}

/// The halfmove clock field.
pub fn read_halfmove(text: &str) -> Result<u32, PositionError> {
    text.parse()
        .map_err(|_| PositionError::new("halfmove clock", format!("'{text}' is not a number")))
}

/// The fullmove number field: 1 or more.
pub fn read_fullmove(text: &str) -> Result<u32, PositionError> {
    match text.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(PositionError::new(
            "fullmove number",
            format!("'{text}' is not a positive number"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_empty_cells_become_numbers() {
        let mut out = String::new();
        push_row(&mut out, [None, None, Some('K'), None, Some('p')]);
        assert_eq!(out, "2K1p");
        out.clear();
        push_row(&mut out, std::iter::repeat_n(None::<char>, 14));
        assert_eq!(out, "14");
        out.clear();
        push_row(&mut out, [Some("R&"), Some("P|")]);
        assert_eq!(out, "R&P|");
    }

    #[test]
    fn castling_letters_in_their_order_or_a_dash() {
        let letters = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')];
        assert_eq!(castling_text(0b1101, &letters), "Kkq");
        assert_eq!(castling_text(0, &letters), "-");
    }

    #[test]
    fn boards_are_written_from_the_top_rank() {
        let mut out = String::new();
        push_board(&mut out, 0..3u8, 0..2u8, |f, r| (f == r).then_some('x'));
        assert_eq!(out, "1x1/x2");
    }

    #[test]
    fn move_counters_reject_garbage_naming_the_field() {
        assert_eq!(read_halfmove("12").unwrap(), 12);
        assert_eq!(read_halfmove("-1").unwrap_err().field, "halfmove clock");
        assert_eq!(read_fullmove("1").unwrap(), 1);
        assert_eq!(read_fullmove("0").unwrap_err().field, "fullmove number");
        assert_eq!(read_fullmove("x9").unwrap_err().field, "fullmove number");
    }

    #[test]
    fn board_pictures_have_rank_numbers_and_file_letters() {
        let mut out = String::new();
        push_grid(
            &mut out,
            3,
            2,
            |f, r| if (f, r) == (0, 1) { 'k' } else { '.' },
        );
        assert_eq!(out, " 2  k . .\n 1  . . .\n    a b c\n");
        out.clear();
        push_grid(&mut out, 2, 10, |_, _| "..");
        assert!(out.starts_with("10  .. ..\n 9  .. ..\n"), "{out}");
        assert!(out.ends_with(" 1  .. ..\n    a  b\n"), "{out}");
        assert_eq!(read_side("b").unwrap(), Color::Black);
        assert_eq!(read_side("x").unwrap_err().field, "side to move");
    }

    #[test]
    fn rows_are_separated_by_slashes() {
        let mut out = String::new();
        push_placement(
            &mut out,
            [[Some('k'), None, None], [None; 3], [None, Some('K'), None]],
        );
        assert_eq!(out, "k2/3/1K1");
    }
}
