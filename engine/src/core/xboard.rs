//! XBoard's way of writing a move of several legs (CECP): each leg as a from-to pair, the legs
//! joined by commas (`g2h3,h3h4`), a promotion letter after the last. The games' CECP hooks
//! ([`Game::cecp_move_text`](super::Game::cecp_move_text) and the two after it) and the CECP
//! front end read and write legs through these.

use super::square::read_square;

/// The widest and tallest board any game plays (26x26): square names up to `z26`.
const MAX_SIDE: u8 = 26;

/// The square names a text is made of (`g2h3h4`, optionally a promotion letter after the last)
/// and that suffix; `None` for any other shape.
pub fn squares(text: &str) -> Option<(Vec<&str>, &str)> {
    let mut squares = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match leading_square(rest) {
            Some((square, after)) => {
                squares.push(square);
                rest = after;
            }
            // A letter without a rank: only allowed as the final promotion suffix.
            None => {
                let suffix = rest.len() == 1 && rest.as_bytes()[0].is_ascii_lowercase();
                return (suffix && squares.len() >= 2).then_some((squares, rest));
            }
        }
    }
    Some((squares, ""))
}

/// A square name at the start of `text`, and what follows it.
pub fn leading_square(text: &str) -> Option<(&str, &str)> {
    let (_, used) = read_square(text.as_bytes(), MAX_SIDE, MAX_SIDE)?;
    Some(text.split_at(used))
}

/// `g2h3h4` -> `g2h3,h3h4`: a move through several squares as XBoard's legs.
pub fn split_legs(wire: &str) -> Option<String> {
    let (squares, suffix) = squares(wire)?;
    if squares.len() < 3 {
        return None;
    }
    let legs: Vec<String> = squares
        .windows(2)
        .map(|w| format!("{}{}", w[0], w[1]))
        .collect();
    Some(format!("{}{suffix}", legs.join(",")))
}

/// `g2h3,h3h4` -> `g2h3h4` when each leg starts where the previous one ended.
pub fn join_legs(text: &str) -> Option<String> {
    if !text.contains(',') {
        return None;
    }
    let mut out: Vec<&str> = Vec::new();
    let mut suffix = "";
    for leg in text.split(',') {
        let (squares, leg_suffix) = squares(leg)?;
        if squares.len() != 2 || !suffix.is_empty() {
            return None;
        }
        match out.last() {
            None => out.push(squares[0]),
            Some(last) if *last == squares[0] => {}
            Some(_) => return None,
        }
        out.push(squares[1]);
        suffix = leg_suffix;
    }
    Some(format!("{}{suffix}", out.concat()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_through_several_squares_become_legs_and_back() {
        assert_eq!(split_legs("g2h3h4").as_deref(), Some("g2h3,h3h4"));
        assert_eq!(split_legs("a1b2c3d4").as_deref(), Some("a1b2,b2c3,c3d4"));
        assert_eq!(split_legs("i1b1a1").as_deref(), Some("i1b1,b1a1"));
        assert_eq!(split_legs("e7e8q"), None);
        assert_eq!(split_legs("A@a1"), None);
        assert_eq!(join_legs("g2h3,h3h4").as_deref(), Some("g2h3h4"));
        assert_eq!(join_legs("a12b12,b12c12q").as_deref(), Some("a12b12c12q"));
        // Legs that do not chain (XBoard's castling form) are not one path.
        assert_eq!(join_legs("e1g1,h1f1"), None);
        assert_eq!(join_legs("e2e4"), None);
    }

    #[test]
    fn only_square_names_and_a_last_letter_are_squares() {
        assert_eq!(squares("k10k12"), Some((vec!["k10", "k12"], "")));
        assert_eq!(squares("e7e8q"), Some((vec!["e7", "e8"], "q")));
        assert_eq!(squares("e7q"), None);
        assert_eq!(squares("Pe2-e4"), None);
        assert_eq!(leading_square("j1j2"), Some(("j1", "j2")));
        assert_eq!(leading_square("Aj1"), None);
    }
}
