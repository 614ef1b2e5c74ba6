//! Move text both ways: the wire form (legs by starting square, `a1a4,a2a5`) and the human form
//! (`Ra1-a4,Pa2-a5`), formats documented in the module docs.

use super::board::*;
use super::moves::*;
use super::position::{parse_castling, CASTLING_LETTERS};
use super::Dynamo;
use crate::core::placement::castling_text;
use crate::core::{Color, Game, MoveError};

/// The legs of an effect: each piece that appears is matched with the piece that vanished (the
/// same piece, or a pawn of its colour when it stands on that colour's last rank); vanished
/// pieces left unmatched left the board. Deterministic, so the text is a function of the effect.
fn legs_of(effect: &Effect) -> Vec<Leg> {
    let vanished: Vec<(u8, u8)> = effect
        .changes()
        .filter(|&c| change_before(c) != EMPTY)
        .map(|c| (change_square(c), change_before(c)))
        .collect();
    let appeared: Vec<(u8, u8)> = effect
        .changes()
        .filter(|&c| change_after(c) != EMPTY)
        .map(|c| (change_square(c), change_after(c)))
        .collect();
    let fits = |v: (u8, u8), a: (u8, u8)| {
        v.1 == a.1
            || (kind(v.1) == PAWN
                && kind(a.1) != KING
                && color_of(v.1) == color_of(a.1)
                && rank(a.0) == promotion_rank(color_of(a.1)))
    };
    fn assign(
        i: usize,
        appeared: &[(u8, u8)],
        vanished: &[(u8, u8)],
        used: &mut Vec<usize>,
        fits: &dyn Fn((u8, u8), (u8, u8)) -> bool,
    ) -> bool {
        if i == appeared.len() {
            return true;
        }
        for j in 0..vanished.len() {
            if !used.contains(&j) && fits(vanished[j], appeared[i]) {
                used.push(j);
                if assign(i + 1, appeared, vanished, used, fits) {
                    return true;
                }
                used.pop();
            }
        }
        false
    }
    let mut used = Vec::new();
    let mut legs = Vec::new();
    if assign(0, &appeared, &vanished, &mut used, &fits) {
        for (i, &j) in used.iter().enumerate() {
            legs.push(Leg {
                from: vanished[j].0,
                to: appeared[i].0,
                piece: appeared[i].1,
            });
        }
    }
    for (j, v) in vanished.iter().enumerate() {
        if !used.contains(&j) {
            legs.push(Leg {
                from: v.0,
                to: OFF,
                piece: v.1,
            });
        }
    }
    legs.sort_by_key(|l| l.from);
    legs
}

fn rights_suffix(pos: &Dynamo, mv: &Move) -> String {
    if pos.implied_castling(&mv.effect) == mv.castling {
        String::new()
    } else {
        format!(";{}", castling_text(mv.castling, &CASTLING_LETTERS))
    }
}

pub fn wire(pos: &Dynamo, mv: &Move) -> String {
    let legs: Vec<String> = legs_of(&mv.effect)
        .iter()
        .map(|l| {
            let mut s = square_name(l.from);
            if l.to == OFF {
                s.push('x');
            } else {
                s.push_str(&square_name(l.to));
                let before = pos.board[l.from as usize];
                if before != l.piece {
                    s.push(piece_letter(l.piece).to_ascii_lowercase());
                }
            }
            s
        })
        .collect();
    legs.join(",") + &rights_suffix(pos, mv)
}

fn castling_name(pos: &Dynamo, mv: &Move) -> Option<&'static str> {
    let legs = legs_of(&mv.effect);
    let king = make(pos.side, KING);
    let home = if pos.side == Color::White { 4 } else { 60 };
    if legs.len() != 2 || pos.board[home as usize] != king {
        return None;
    }
    let rook = make(pos.side, ROOK);
    let has = |from: u8, to: u8, piece: u8| {
        legs.iter()
            .any(|l| l.from == from && l.to == to && l.piece == piece)
    };
    if has(home, home + 2, king) && has(home + 3, home + 1, rook) {
        Some("O-O")
    } else if has(home, home - 2, king) && has(home - 4, home - 1, rook) {
        Some("O-O-O")
    } else {
        None
    }
}

pub fn human(pos: &Dynamo, mv: &Move) -> String {
    if let Some(name) = castling_name(pos, mv) {
        return name.to_string() + &rights_suffix(pos, mv);
    }
    let legs: Vec<String> = legs_of(&mv.effect)
        .iter()
        .map(|l| {
            let before = pos.board[l.from as usize];
            let mut s = String::new();
            s.push(piece_letter(before));
            s.push_str(&square_name(l.from));
            s.push('-');
            if l.to == OFF {
                s.push_str("off");
            } else {
                s.push_str(&square_name(l.to));
                if before != l.piece {
                    s.push('=');
                    s.push(piece_letter(l.piece).to_ascii_uppercase());
                }
            }
            s
        })
        .collect();
    legs.join(",") + &rights_suffix(pos, mv)
}

/// One leg as read: from, destination (`None` = off the board), promotion kind.
type ReadLeg = (u8, Option<u8>, Option<u8>);

fn promotion_kind(c: u8) -> Option<u8> {
    match c.to_ascii_lowercase() {
        b'q' => Some(QUEEN),
        b'r' => Some(ROOK),
        b'b' => Some(BISHOP),
        b'n' => Some(KNIGHT),
        _ => None,
    }
}

fn read_leg(pos: &Dynamo, text: &str, whole: &str) -> Result<ReadLeg, MoveError> {
    let bad = |why: &str| MoveError::unparsable(whole, format!("leg '{text}': {why}"));
    let b = text.as_bytes();
    if let Some(dash) = text.find('-') {
        // Human leg: [piece letter] square - (square [=X] | off)
        let (head, tail) = (&b[..dash], &b[dash + 1..]);
        let square = match head {
            [letter, sq @ ..] if sq.len() == 2 && (*letter as char).is_ascii_alphabetic() => {
                let from = parse_square(sq).ok_or_else(|| bad("bad starting square"))?;
                let expected = pos.board[from as usize];
                let named = piece_from_letter(*letter as char).ok_or_else(|| bad("bad piece"))?;
                if expected == EMPTY || kind(named) != kind(expected) {
                    return Err(MoveError::illegal(
                        whole,
                        format!("no {} on {}", *letter as char, square_name(from)),
                    ));
                }
                from
            }
            sq => parse_square(sq).ok_or_else(|| bad("bad starting square"))?,
        };
        if tail == b"off" {
            return Ok((square, None, None));
        }
        let (to, promo) = match tail {
            [t @ .., b'=', p] if t.len() == 2 => (
                t,
                Some(promotion_kind(*p).ok_or_else(|| bad("bad promotion piece"))?),
            ),
            t => (t, None),
        };
        let to = parse_square(to).ok_or_else(|| bad("bad destination"))?;
        return Ok((square, Some(to), promo));
    }
    if b.len() < 3 {
        return Err(bad("too short"));
    }
    let from = parse_square(&b[..2]).ok_or_else(|| bad("bad starting square"))?;
    match &b[2..] {
        [b'x'] => Ok((from, None, None)),
        [t0, t1] => Ok((
            from,
            Some(parse_square(&[*t0, *t1]).ok_or_else(|| bad("bad destination"))?),
            None,
        )),
        [t0, t1, p] => Ok((
            from,
            Some(parse_square(&[*t0, *t1]).ok_or_else(|| bad("bad destination"))?),
            Some(promotion_kind(*p).ok_or_else(|| bad("bad promotion piece"))?),
        )),
        _ => Err(bad(
            "expected from, to and an optional promotion letter, or from and x",
        )),
    }
}

pub fn parse_move(pos: &Dynamo, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::unparsable(text, "empty move"));
    }
    let (body, suffix) = match text.split_once(';') {
        Some((b, s)) => (b, Some(s)),
        None => (text, None),
    };
    let home = if pos.side == Color::White { 4u8 } else { 60 };
    let read: Vec<ReadLeg> = match body {
        "O-O" | "0-0" => vec![
            (home, Some(home + 2), None),
            (home + 3, Some(home + 1), None),
        ],
        "O-O-O" | "0-0-0" => vec![
            (home, Some(home - 2), None),
            (home - 4, Some(home - 1), None),
        ],
        _ => body
            .split(',')
            .map(|leg| read_leg(pos, leg, text))
            .collect::<Result<_, _>>()?,
    };
    if read.len() > 2 {
        return Err(MoveError::illegal(text, "a turn moves at most two pieces"));
    }
    // A leg onto the mover's own King (which stays) is the interface's way to say "off".
    let king = pos.kings[pos.side.index()];
    let king_moves = read.iter().any(|l| l.0 == king);
    let mut board = pos.board;
    let mut touched = Vec::new();
    for &(from, _, _) in &read {
        if board[from as usize] == EMPTY || touched.contains(&from) {
            return Err(MoveError::illegal(
                text,
                format!("no piece to move on {}", square_name(from)),
            ));
        }
        board[from as usize] = EMPTY;
        touched.push(from);
    }
    for &(from, to, promo) in &read {
        let to = match to {
            Some(t) if t == king && !king_moves => None,
            other => other,
        };
        let Some(to) = to else { continue };
        if board[to as usize] != EMPTY {
            return Err(MoveError::illegal(
                text,
                format!("{} is occupied", square_name(to)),
            ));
        }
        let piece = pos.board[from as usize];
        board[to as usize] = match promo {
            Some(k) => make(color_of(piece), k),
            None => piece,
        };
        if !touched.contains(&to) {
            touched.push(to);
        }
    }
    let changes: Vec<Change> = touched
        .iter()
        .map(|&sq| change(sq, pos.board[sq as usize], board[sq as usize]))
        .collect();
    let effect = Effect::from_changes(&changes);
    let castling = match suffix {
        None => pos.implied_castling(&effect),
        Some(s) => parse_castling(s).ok_or_else(|| {
            MoveError::unparsable(text, format!("'{s}' is not a castling-rights field"))
        })?,
    };
    let wanted = Move { effect, castling };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.contains(&wanted) {
        Ok(wanted)
    } else {
        Err(MoveError::illegal(text, "not a legal turn here"))
    }
}

/// A turn's text for XBoard (`Game::cecp_move_text`): a piece leaving the board (`c1x`) as the
/// piece taking itself, `c1c1,c1c1`, which XBoard can show (it removes the square two legs
/// share, then nothing is left to move); any other as its wire form.
pub(super) fn cecp_move_text(given: &str) -> String {
    match given.strip_suffix('x') {
        Some(square) if parse_square(square.as_bytes()).is_some() => {
            format!("{square}{square},{square}{square}")
        }
        _ => given.to_string(),
    }
}
