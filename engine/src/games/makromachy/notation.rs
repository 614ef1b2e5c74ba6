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
use crate::core::xboard::split_legs;
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

/// En passant for XBoard, which takes only its Pawn's double step for one (Warriors' and triple
/// pushes' victims would stay on its board): onto the victim, then to the target.
pub(super) fn xboard_legs(mv: &Move) -> Option<String> {
    (mv.kind == MoveKind::EnPassant).then(|| {
        let [from, victim, to] = [mv.from, mv.aux, mv.to].map(square_name);
        format!("{from}{victim},{victim}{to}")
    })
}

/// A move's text for XBoard (`Game::cecp_move_text`): fast castling `i1h1a1` (the King's two
/// squares and its corner, not two King steps) as the King's move and the corner onto the
/// King's square, `i1h1,a1i1`, which XBoard plays as castling when the King's `piece` line
/// allows it (`O1`, backend.c `ApplyMove`); a hit-and-run `g2h3h4` as its legs `g2h3,h3h4`.
pub(super) fn cecp_move_text(given: &str) -> String {
    let step = |a: u16, b: u16| {
        a != b && file_of(a).abs_diff(file_of(b)) <= 1 && rank_of(a).abs_diff(rank_of(b)) <= 1
    };
    match coordinates(given).as_deref() {
        Some(&[king, to, corner]) if !(step(king, to) && step(to, corner)) => {
            let [king, to, corner] = [king, to, corner].map(square_name);
            format!("{king}{to},{corner}{king}")
        }
        _ => split_legs(given).unwrap_or_else(|| given.to_string()),
    }
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
    if text.contains(',') {
        let candidates =
            legs_to_wires(text).ok_or_else(|| MoveError::unparsable(text, "bad multi-leg move"))?;
        return candidates
            .iter()
            .find_map(|candidate| legal.iter().find(|m| wire(m) == *candidate))
            .copied()
            .ok_or_else(|| MoveError::illegal(text, "not a legal move here"));
    }
    let wire_text = text.to_string();
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

/// The wire forms XBoard's two legs may stand for (the caller keeps the legal one): chained
/// legs `g2h3,h3h4` are a hit-and-run, or a castling entered as the King onto its corner and on
/// to its square (`i1a1,a1h1`, XBoard's two-leg castling); `i1b1,a1i1` is a castling, and so is
/// XBoard's relay of one, which puts the corner beside the King (`i1b1,a1c1`).
fn legs_to_wires(text: &str) -> Option<Vec<String>> {
    let legs: Vec<&str> = text.split(',').collect();
    let [first, second] = legs[..] else {
        return None;
    };
    let a = coordinates(&first.to_ascii_lowercase())?;
    let b = coordinates(&second.to_ascii_lowercase())?;
    let (&[king, to], &[partner, end]) = (&a[..], &b[..]) else {
        return None;
    };
    let name = |squares: [u16; 3]| squares.map(square_name).concat();
    if to == partner {
        return Some(vec![name([king, to, end]), name([king, end, to])]);
    }
    let beside = rank_of(end) == rank_of(to) && file_of(end).abs_diff(file_of(to)) == 1;
    (end == king || beside).then(|| vec![name([king, to, partner])])
}
