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

/// How XBoard passes on a two-leg move `AB,BC` whose second leg starts on a piece of the mover's
/// side: it takes it for castling (backend.c `SendMoveToProgram`) and writes `AC,BX`, X beside C
/// on the side of A. A Croatian cascade through an own Pyramid arrives in that form, and a
/// Dynamo piece leaving the board, sent as taking itself (`c1c1,c1c1`), as `c1c1,c1b1`.
pub fn castling_relay(legs: &str) -> Option<String> {
    let (first, second) = legs.split_once(',')?;
    let (a, b) = leading_square(first)?;
    let (b2, c) = leading_square(second)?;
    let (b, _) = leading_square(b).filter(|(_, rest)| rest.is_empty())?;
    let (c, _) = leading_square(c).filter(|(_, rest)| rest.is_empty())?;
    if b != b2 {
        return None;
    }
    let file = |square: &str| square.as_bytes()[0];
    let beside = if file(a) > file(b) {
        file(c).checked_add(1)?
    } else {
        file(c).checked_sub(1)?
    };
    Some(format!("{a}{c},{b}{}{}", beside as char, &c[1..]))
}

/// Which of the texts `written` (one per legal move) XBoard means by `text`: the text itself,
/// relayed back unchanged, or XBoard's castling-style relay of it.
pub fn read_written(written: &[String], text: &str) -> Option<usize> {
    written.iter().position(|w| w == text).or_else(|| {
        written
            .iter()
            .position(|w| castling_relay(w).is_some_and(|relay| relay == text))
    })
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
    fn xboard_relays_two_legs_through_an_own_piece_as_castling() {
        // Seen with XBoard 4.9.1.
        assert_eq!(
            castling_relay("a12c12,c12b12").as_deref(),
            Some("a12b12,c12a12")
        );
        assert_eq!(castling_relay("g2h3,h3h4").as_deref(), Some("g2h4,h3g4"));
        assert_eq!(castling_relay("c1c1,c1c1").as_deref(), Some("c1c1,c1b1"));
        assert_eq!(castling_relay("e1g1,h1f1"), None);
        assert_eq!(castling_relay("a1b2,b2c3,c3d4"), None);
        let written = ["c1c1,c1c1".to_string(), "e2e4".to_string()];
        assert_eq!(read_written(&written, "e2e4"), Some(1));
        assert_eq!(read_written(&written, "c1c1,c1b1"), Some(0));
        assert_eq!(read_written(&written, "e2e3"), None);
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
