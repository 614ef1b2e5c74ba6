//! Position strings and move text of Dynamo (formats documented in the module above).

use super::board::*;
use super::movegen::*;
use super::Dynamo;
use crate::core::placement::{castling_text, push_board, read_fullmove, read_halfmove};
use crate::core::{Color, Game, MoveError, PositionError};

const CASTLING_LETTERS: [(u8, char); 4] = [
    (CASTLE_WK, 'K'),
    (CASTLE_WQ, 'Q'),
    (CASTLE_BK, 'k'),
    (CASTLE_BQ, 'q'),
];

fn parse_castling(text: &str) -> Option<u8> {
    if text == "-" {
        return Some(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        let &(bit, _) = CASTLING_LETTERS.iter().find(|(_, l)| *l == c)?;
        if rights & bit != 0 {
            return None;
        }
        rights |= bit;
    }
    Some(rights)
}

/// The last-turn field: vanishes first, then appears, each by square; `-` when empty.
pub fn effect_text(effect: &Effect) -> String {
    if effect.is_empty() {
        return "-".to_string();
    }
    let mut out = String::new();
    for c in effect.changes() {
        if change_before(c) != EMPTY {
            out.push('-');
            out.push(piece_letter(change_before(c)));
            out.push_str(&square_name(change_square(c)));
        }
    }
    for c in effect.changes() {
        if change_after(c) != EMPTY {
            out.push('+');
            out.push(piece_letter(change_after(c)));
            out.push_str(&square_name(change_square(c)));
        }
    }
    out
}

fn parse_effect(text: &str, board: &Board) -> Result<Effect, PositionError> {
    let err = |m: String| PositionError::new("last turn", m);
    if text == "-" {
        return Ok(Effect::NONE);
    }
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return Err(err(format!("'{text}' is not a list of -Pe2 / +Pe4 items")));
    }
    // (square, before, after); `None` where the text says nothing.
    let mut entries: Vec<(u8, Option<u8>, Option<u8>)> = Vec::new();
    for item in bytes.chunks(4) {
        let shown = String::from_utf8_lossy(item).to_string();
        let piece = piece_from_letter(item[1] as char)
            .ok_or_else(|| err(format!("'{shown}': bad piece letter")))?;
        let sq = parse_square(&item[2..4]).ok_or_else(|| err(format!("'{shown}': bad square")))?;
        let index = match entries.iter().position(|e| e.0 == sq) {
            Some(i) => i,
            None => {
                entries.push((sq, None, None));
                entries.len() - 1
            }
        };
        let slot = match item[0] {
            b'-' => &mut entries[index].1,
            b'+' => &mut entries[index].2,
            _ => return Err(err(format!("'{shown}' must start with - or +"))),
        };
        if slot.replace(piece).is_some() {
            return Err(err(format!("{} is named twice", square_name(sq))));
        }
    }
    if entries.len() > 4 {
        return Err(err("a turn changes at most four squares".to_string()));
    }
    let mut changes = Vec::new();
    for (sq, before, after) in entries {
        let before = before.unwrap_or(EMPTY);
        let after = after.unwrap_or(EMPTY);
        if before == after {
            return Err(err(format!("{} does not change", square_name(sq))));
        }
        if board[sq as usize] != after {
            return Err(err(format!(
                "{} does not hold what the last turn left there",
                square_name(sq)
            )));
        }
        changes.push(change(sq, before, after));
    }
    Ok(Effect::from_changes(&changes))
}

pub fn parse_position(text: &str) -> Result<Dynamo, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 6 || fields.len() > 7 {
        return Err(PositionError::new(
            "position",
            format!("expected 6 or 7 fields, found {}", fields.len()),
        ));
    }
    let mut board = [EMPTY; 64];
    let rows: Vec<&str> = fields[0].split('/').collect();
    let placement = |m: String| PositionError::new("piece placement", m);
    if rows.len() != 8 {
        return Err(placement(format!("expected 8 ranks, found {}", rows.len())));
    }
    for (i, row) in rows.iter().enumerate() {
        let r = 7 - i as u8;
        let mut f = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(placement(format!("bad run length '{c}'")));
                }
                f += d as u8;
            } else {
                let p = piece_from_letter(c)
                    .ok_or_else(|| placement(format!("bad piece letter '{c}'")))?;
                if f >= 8 {
                    return Err(placement(format!("rank {} is too long", r + 1)));
                }
                board[(r * 8 + f) as usize] = p;
                f += 1;
            }
            if f > 8 {
                return Err(placement(format!("rank {} is too long", r + 1)));
            }
        }
        if f != 8 {
            return Err(placement(format!("rank {} has {f} squares", r + 1)));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(PositionError::new(
                "side to move",
                format!("'{other}' is not w or b"),
            ))
        }
    };
    let castling = parse_castling(fields[2]).ok_or_else(|| {
        PositionError::new("castling", format!("'{}' is not - or KQkq", fields[2]))
    })?;
    for (bit, king_sq, rook_sq, letter) in [
        (CASTLE_WK, 4usize, 7usize, 'K'),
        (CASTLE_WQ, 4, 0, 'Q'),
        (CASTLE_BK, 60, 63, 'k'),
        (CASTLE_BQ, 60, 56, 'q'),
    ] {
        let color = if bit <= CASTLE_WQ {
            Color::White
        } else {
            Color::Black
        };
        if castling & bit != 0
            && (board[king_sq] != make(color, KING) || board[rook_sq] != make(color, ROOK))
        {
            return Err(PositionError::new(
                "castling",
                format!("'{letter}' needs the king and rook on their home squares"),
            ));
        }
    }
    if fields[3] != "-" {
        return Err(PositionError::new(
            "en passant",
            format!("'{}': Dynamo has no en passant, write -", fields[3]),
        ));
    }
    let halfmove = read_halfmove(fields[4])?;
    let fullmove = read_fullmove(fields[5])?;
    let last = parse_effect(fields.get(6).copied().unwrap_or("-"), &board)?;
    let mut kings = [0u8; 2];
    for (sq, &p) in board.iter().enumerate() {
        if p != EMPTY && kind(p) == KING {
            kings[color_of(p).index()] = sq as u8;
        }
    }
    let mut pos = Dynamo {
        board,
        side,
        castling,
        halfmove,
        fullmove,
        last,
        kings,
        occupied: occupancy(&board),
        key: 0,
    };
    pos.validate()?;
    pos.key = pos.compute_key();
    Ok(pos)
}

pub fn write_position(pos: &Dynamo) -> String {
    let mut out = String::new();
    push_board(&mut out, 0..8, 0..8, |f, r| {
        let p = pos.board[r * 8 + f];
        (p != EMPTY).then(|| piece_letter(p))
    });
    format!(
        "{} {} {} - {} {} {}",
        out,
        if pos.side == Color::White { 'w' } else { 'b' },
        castling_text(pos.castling, &CASTLING_LETTERS),
        pos.halfmove,
        pos.fullmove,
        effect_text(&pos.last)
    )
}

/// The legs of an effect: each piece that appears is matched with the piece that vanished (the
/// same piece, or a pawn of its colour when it stands on that colour's last rank); vanished
/// pieces left unmatched left the board. Deterministic, so the text is a function of the effect.
pub(super) fn legs_of(effect: &Effect) -> Vec<Leg> {
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

pub(super) fn castling_name(pos: &Dynamo, mv: &Move) -> Option<&'static str> {
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
