//! The FEN-style placement field shared by the games' position strings.

use std::fmt::{Display, Write};

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
    fn rows_are_separated_by_slashes() {
        let mut out = String::new();
        push_placement(
            &mut out,
            [[Some('k'), None, None], [None; 3], [None, Some('K'), None]],
        );
        assert_eq!(out, "k2/3/1K1");
    }
}
