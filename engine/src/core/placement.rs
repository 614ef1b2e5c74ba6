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
}
