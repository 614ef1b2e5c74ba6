//! Move text both ways: the wire form (`2c22c3`) and the human form (`W2c2-2c3`, `Dr3c4:2c4`).

use super::board::Kind;
use super::geometry::*;
use super::moves::{Move, Moves};
use super::Dragonchess;
use crate::core::{Game, MoveError};

pub fn wire(mv: &Move) -> String {
    let mut s = square_name(mv.from()) + &square_name(mv.to());
    if mv.is_promotion() {
        s.push('h');
    }
    s
}

pub fn human(pos: &Dragonchess, mv: &Move) -> String {
    let kind = pos.piece_at(mv.from()).map_or(Kind::King, |(_, k)| k);
    let sep = if mv.is_remote() {
        ':'
    } else if mv.is_capture() {
        'x'
    } else {
        '-'
    };
    format!(
        "{}{}{}{}{}",
        kind.human(),
        square_name(mv.from()),
        sep,
        square_name(mv.to()),
        if mv.is_promotion() { "=H" } else { "" }
    )
}

/// Reads `2c22c3`, `2c72c8h`, `3c4:2c4` (wire) or `W2c2-2c3`, `Dr3c4:2c4`, `W2c7-2c8=H` (human).
pub fn parse_move(pos: &Dragonchess, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    let bytes = t.as_bytes();
    let mut i = 0;
    let kind = if bytes.starts_with(b"Dr") {
        i = 2;
        Some(Kind::Dragon)
    } else if bytes.first().is_some_and(|b| b.is_ascii_uppercase()) {
        i = 1;
        Some(
            Kind::from_letter(bytes[0] as char)
                .filter(|&k| k != Kind::Dragon)
                .ok_or_else(|| {
                    MoveError::unparsable(text, format!("unknown piece '{}'", bytes[0] as char))
                })?,
        )
    } else {
        None
    };
    let (from, n) = parse_square(&bytes[i..])
        .ok_or_else(|| MoveError::unparsable(text, "expected a square like 2c2 to move from"))?;
    i += n;
    let sep = match bytes.get(i) {
        Some(&c @ (b'-' | b'x' | b':')) => {
            i += 1;
            Some(c)
        }
        _ => None,
    };
    let (to, n) = parse_square(&bytes[i..])
        .ok_or_else(|| MoveError::unparsable(text, "expected a square like 2c3 to move to"))?;
    i += n;
    let promo = match &bytes[i..] {
        b"" => false,
        b"h" | b"=H" => true,
        rest => {
            return Err(MoveError::unparsable(
                text,
                format!(
                    "unexpected '{}' after the squares",
                    String::from_utf8_lossy(rest)
                ),
            ))
        }
    };
    let Some((color, on_from)) = pos.piece_at(from) else {
        return Err(MoveError::illegal(
            text,
            format!("{} is empty", square_name(from)),
        ));
    };
    if color != pos.side {
        return Err(MoveError::illegal(
            text,
            format!("the piece on {} is not the mover's", square_name(from)),
        ));
    }
    if let Some(k) = kind.filter(|&k| k != on_from) {
        return Err(MoveError::illegal(
            text,
            format!("{} holds a {:?}, not a {:?}", square_name(from), on_from, k),
        ));
    }
    let mut moves = Moves::new();
    pos.legal_moves(&mut moves);
    let mv = moves
        .as_slice()
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to)
        .ok_or_else(|| MoveError::illegal(text, "no legal move between those squares"))?;
    let sep_fits = match sep {
        None => true,
        Some(b'-') => !mv.is_capture(),
        Some(b'x') => mv.is_capture() && !mv.is_remote(),
        _ => mv.is_remote(),
    };
    if !sep_fits {
        return Err(MoveError::illegal(
            text,
            "the separator does not fit the move ('-' move, 'x' capture, ':' remote capture)",
        ));
    }
    if promo && !mv.is_promotion() {
        return Err(MoveError::illegal(text, "this move does not promote"));
    }
    Ok(mv)
}
