//! Move text both ways: the wire form and the human notation.
//!
//! Human notation follows the rules page (Jocly's SAN style): piece letter (none for Pawns),
//! the least disambiguation needed (file, else rank, else square), `x` on captures, the
//! destination, `=Q` for promotions, `+`/`#` for check/mate. Hit-and-run is `Txh3-h4` (captured
//! square, then where the Terror ends). Fast castling is `O-O-b1` (King's destination), because
//! `Kh1` already names the King's plain step (and `Ob1` an Archer move).

use super::board::*;
use super::moves::{Move, MoveKind};
use super::Makromachy;
use crate::core::{Game, MoveError};

/// Promotion suffix letter.
fn promo_letter(kind: u8) -> char {
    (LETTERS[kind as usize] as char).to_ascii_lowercase()
}

pub(super) fn wire(mv: &Move) -> String {
    let mut s = square_name(mv.from);
    match mv.kind {
        MoveKind::HitAndRun => {
            s.push_str(&square_name(mv.aux));
            s.push_str(&square_name(mv.to));
        }
        MoveKind::Castle => {
            s.push_str(&square_name(mv.to));
            s.push_str(&square_name(mv.aux));
        }
        _ => {
            s.push_str(&square_name(mv.to));
            if mv.promo != 0 {
                s.push(promo_letter(mv.promo));
            }
        }
    }
    s
}

/// Human text without the check suffix.
fn human_plain(pos: &Makromachy, mv: &Move, legal: &[Move]) -> String {
    let code = pos.board[mv.from as usize];
    let kind = kind_of(code);
    match mv.kind {
        MoveKind::Castle => return format!("O-O-{}", square_name(mv.to)),
        MoveKind::HitAndRun => {
            let rivals: Vec<u16> = legal
                .iter()
                .filter(|m| {
                    m.kind == MoveKind::HitAndRun
                        && m.aux == mv.aux
                        && m.to == mv.to
                        && m.from != mv.from
                        && pos.board[m.from as usize] == code
                })
                .map(|m| m.from)
                .collect();
            return format!(
                "{}{}x{}-{}",
                LETTERS[kind as usize] as char,
                disambiguation(mv.from, &rivals),
                square_name(mv.aux),
                square_name(mv.to)
            );
        }
        _ => {}
    }
    let capture = mv.kind == MoveKind::EnPassant || is_piece(pos.board[mv.to as usize]);
    let mut s = String::new();
    if kind == PAWN {
        if capture {
            s.push((b'a' + file_of(mv.from) as u8) as char);
        }
    } else {
        s.push(LETTERS[kind as usize] as char);
        let rivals: Vec<u16> = legal
            .iter()
            .filter(|m| {
                !matches!(m.kind, MoveKind::HitAndRun | MoveKind::Castle)
                    && m.to == mv.to
                    && m.from != mv.from
                    && pos.board[m.from as usize] == code
            })
            .map(|m| m.from)
            .collect();
        s.push_str(&disambiguation(mv.from, &rivals));
    }
    if capture {
        s.push('x');
    }
    s.push_str(&square_name(mv.to));
    if mv.promo != 0 {
        s.push('=');
        s.push(LETTERS[mv.promo as usize] as char);
    }
    s
}

fn disambiguation(from: u16, rivals: &[u16]) -> String {
    let name = square_name(from);
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|&r| file_of(r) != file_of(from)) {
        name[..1].to_string()
    } else if rivals.iter().all(|&r| rank_of(r) != rank_of(from)) {
        name[1..].to_string()
    } else {
        name
    }
}

pub(super) fn human(pos: &Makromachy, mv: &Move) -> String {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    human_with(pos, mv, &legal)
}

fn human_with(pos: &Makromachy, mv: &Move, legal: &[Move]) -> String {
    let mut s = human_plain(pos, mv, legal);
    let after = pos.play(mv);
    if after.in_check() {
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// Drops decorations that do not name the move: check marks, annotation, `x`, `-`.
fn normalised(text: &str) -> String {
    text.trim_end_matches("e.p.")
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | '-' | ':' | ' '))
        .collect()
}

pub(super) fn parse_move(pos: &Makromachy, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 32 || !text.is_ascii() {
        return Err(MoveError::unparsable(text, "not a Makromachy move"));
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let wire_text = if text.contains(',') {
        legs_to_wire(text).ok_or_else(|| MoveError::unparsable(text, "bad multi-leg move"))?
    } else {
        text.to_string()
    };
    let first = text.as_bytes()[0];
    // A text that starts with a capital is human notation: piece letters A..N are also file
    // letters, and `G3g2` (the Griffin from the third rank) lowercased would read as the squares
    // g3 and g2.
    if first.is_ascii_lowercase() {
        // Promotion letters may come in either case.
        let lower = wire_text.to_ascii_lowercase();
        if let Some(mv) = legal.iter().find(|m| wire(m) == lower) {
            return Ok(*mv);
        }
        if let Some(squares) = coordinates(&lower) {
            if squares.len() == 2 {
                let same: Vec<&Move> = legal
                    .iter()
                    .filter(|m| m.from == squares[0] && m.to == squares[1] && m.promo == 0)
                    .collect();
                if same.len() == 1 {
                    return Ok(*same[0]);
                }
            }
            let reason = if squares.len() == 2 {
                let code = pos.board[squares[0] as usize];
                if !is_piece(code) || color_of(code) != pos.side {
                    format!("no {} piece on {}", pos.side, square_name(squares[0]))
                } else if legal
                    .iter()
                    .any(|m| m.from == squares[0] && m.to == squares[1])
                {
                    "a promotion needs its piece letter".to_string()
                } else {
                    "not a legal move here".to_string()
                }
            } else {
                "not a legal move here".to_string()
            };
            return Err(MoveError::illegal(text, reason));
        }
    }
    let wanted = normalised(text);
    let matches: Vec<&Move> = legal
        .iter()
        .filter(|m| normalised(&human_plain(pos, m, &legal)) == wanted)
        .collect();
    match matches.len() {
        1 => return Ok(*matches[0]),
        n if n > 1 => return Err(MoveError::Ambiguous { text: text.into() }),
        _ => {}
    }
    if first.is_ascii_uppercase() && kind_from_letter(first).is_some()
        || read_square(text.as_bytes()).is_some()
    {
        // Under-disambiguated human text: several moves fit once the disambiguation is dropped.
        let loose = |m: &Move| {
            let h = normalised(&human_plain(pos, m, &legal));
            let sq = square_name(m.to);
            h.starts_with(first as char) && h.contains(&sq)
        };
        if wanted.len() >= 3 && legal.iter().filter(|m| loose(m)).count() > 1 {
            let bare: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    let plain = normalised(&human_plain(pos, m, &legal));
                    plain.len() > wanted.len()
                        && plain.starts_with(&wanted[..1])
                        && plain.ends_with(&wanted[1..])
                })
                .collect();
            if bare.len() > 1 {
                return Err(MoveError::Ambiguous { text: text.into() });
            }
        }
        return Err(MoveError::illegal(text, "not a legal move here"));
    }
    Err(MoveError::unparsable(text, "not a Makromachy move"))
}

/// Reads a text made only of squares (and an optional trailing promotion letter is refused).
fn coordinates(text: &str) -> Option<Vec<u16>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (sq, n) = read_square(&bytes[i..])?;
        out.push(sq);
        i += n;
    }
    (2..=3).contains(&out.len()).then_some(out)
}

/// XBoard legs `g2h3,h3h4` (hit-and-run) or `i1b1,a1i1` (castling) to the wire form.
fn legs_to_wire(text: &str) -> Option<String> {
    let legs: Vec<&str> = text.split(',').collect();
    if legs.len() != 2 {
        return None;
    }
    let a = coordinates(&legs[0].to_ascii_lowercase())?;
    let b = coordinates(&legs[1].to_ascii_lowercase())?;
    if a.len() != 2 || b.len() != 2 {
        return None;
    }
    let name = |sq: u16| square_name(sq);
    if a[1] == b[0] {
        Some(format!("{}{}{}", name(a[0]), name(a[1]), name(b[1])))
    } else if b[1] == a[0] {
        Some(format!("{}{}{}", name(a[0]), name(a[1]), name(b[0])))
    } else {
        None
    }
}
