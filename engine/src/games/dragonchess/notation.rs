//! Text forms: the position string of ruling 10, wire and human move text, the board picture.

use super::geometry::*;
use super::{
    code, color_of, kind_of, Dragonchess, Kind, Move, Moves, EMPTY, KEYS, MAX_PIECES_PER_SIDE,
};
use crate::core::placement::{push_board, read_fullmove, read_halfmove};
use crate::core::{Color, Game, MoveError, PositionError};

/// Level names in the order the position string writes them (upper first).
const BOARD_FIELDS: [(&str, usize); 3] = [
    ("upper board", UPPER),
    ("middle board", MIDDLE),
    ("lower board", LOWER),
];

pub fn write_position(pos: &Dragonchess) -> String {
    let boards: Vec<String> = BOARD_FIELDS
        .iter()
        .map(|&(_, lvl)| {
            let mut board = String::new();
            push_board(&mut board, 0..FILES, 0..RANKS, |f, r| {
                pos.piece_at(square(lvl, r, f)).map(|(color, kind)| {
                    let c = kind.letter();
                    if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
            });
            board
        })
        .collect();
    let side = if pos.side == Color::White { 'g' } else { 's' };
    format!(
        "{} {} {} {}",
        boards.join("|"),
        side,
        pos.halfmove,
        pos.fullmove
    )
}

fn parse_board(
    text: &str,
    field: &'static str,
    lvl: usize,
    board: &mut [u8; SQUARES],
) -> Result<(), PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS {
        return Err(PositionError::new(
            field,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, row) in ranks.iter().enumerate() {
        let r = RANKS - 1 - i;
        let mut f = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                while let Some(n) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = (run * 10 + n as usize).min(FILES + 1);
                    chars.next();
                }
                if run == 0 || f + run > FILES {
                    return Err(PositionError::new(
                        field,
                        format!("rank {}: empty run {run} does not fit 12 files", r + 1),
                    ));
                }
                f += run;
            } else {
                let kind = Kind::from_letter(c).ok_or_else(|| {
                    PositionError::new(field, format!("rank {}: unknown piece '{c}'", r + 1))
                })?;
                if f >= FILES {
                    return Err(PositionError::new(
                        field,
                        format!("rank {} has more than 12 files", r + 1),
                    ));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board[square(lvl, r, f)] = code(color, kind);
                f += 1;
            }
        }
        if f != FILES {
            return Err(PositionError::new(
                field,
                format!("rank {} has {f} files, expected 12", r + 1),
            ));
        }
    }
    Ok(())
}

impl Dragonchess {
    /// Reads the position string of ruling 10; errors name the field that is wrong.
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        let pos = Self::read_placement(text)?;
        // The side to move could take the King: no game reaches such a position, and a move
        // list that holds the capture would leave a board without a King.
        if pos.attacked_by(pos.king_square(!pos.side), pos.side) {
            return Err(PositionError::new(
                "side to move",
                "the side not to move is in check",
            ));
        }
        Ok(pos)
    }

    /// [`Dragonchess::parse`] without the check that the side not to move is safe: the tests of
    /// attacks set up Kings that attack each other.
    pub(super) fn read_placement(text: &str) -> Result<Self, PositionError> {
        let mut fields = text.split_whitespace();
        let boards = fields
            .next()
            .ok_or_else(|| PositionError::new("boards", "empty position string"))?;
        let levels: Vec<&str> = boards.split('|').collect();
        if levels.len() != 3 {
            return Err(PositionError::new(
                "boards",
                format!("expected 3 boards separated by '|', found {}", levels.len()),
            ));
        }
        let mut board = [EMPTY; SQUARES];
        for (&(field, lvl), part) in BOARD_FIELDS.iter().zip(&levels) {
            parse_board(part, field, lvl, &mut board)?;
        }
        let side = match fields.next() {
            Some("g") => Color::White,
            Some("s") => Color::Black,
            Some(other) => {
                return Err(PositionError::new(
                    "side to move",
                    format!("'{other}' is neither 'g' (Gold) nor 's' (Scarlet)"),
                ))
            }
            None => return Err(PositionError::new("side to move", "missing")),
        };
        let halfmove = fields.next().map_or(Ok(0), read_halfmove)?;
        let fullmove = fields.next().map_or(Ok(1), read_fullmove)?;
        if let Some(extra) = fields.next() {
            return Err(PositionError::new(
                "trailing text",
                format!("unexpected '{extra}' after the fullmove number"),
            ));
        }
        let mut kings = [None::<u16>; 2];
        let mut counts = [0usize; 2];
        for (sq, &p) in board.iter().enumerate() {
            if p == EMPTY {
                continue;
            }
            let c = color_of(p).index();
            counts[c] += 1;
            if kind_of(p) == Kind::King {
                if kings[c].is_some() {
                    return Err(PositionError::new(
                        "kings",
                        "more than one King of a colour",
                    ));
                }
                kings[c] = Some(sq as u16);
            }
        }
        let (Some(gold_king), Some(scarlet_king)) = (kings[0], kings[1]) else {
            return Err(PositionError::new(
                "kings",
                "each side needs exactly one King",
            ));
        };
        if counts.iter().any(|&n| n > MAX_PIECES_PER_SIDE) {
            return Err(PositionError::new(
                "piece count",
                format!("a side has more than {MAX_PIECES_PER_SIDE} pieces"),
            ));
        }
        let mut key = if side == Color::Black {
            KEYS.scarlet_to_move
        } else {
            0
        };
        for (sq, &p) in board.iter().enumerate() {
            if p != EMPTY {
                key ^= super::piece_key(p, sq);
            }
        }
        Ok(Dragonchess {
            board,
            side,
            halfmove,
            fullmove,
            key,
            kings: [gold_king, scarlet_king],
        })
    }
}

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

/// The three levels side by side, upper first, frozen pieces marked with `*`.
pub fn board_text(pos: &Dragonchess) -> String {
    let mut out = String::new();
    let mut header = String::new();
    for (name, _) in BOARD_FIELDS {
        let label = format!("{name} ({})", level_digit(name));
        header += &format!("   {label:<26}");
    }
    out += header.trim_end();
    out.push('\n');
    for r in (0..RANKS).rev() {
        let mut line = String::new();
        for &(_, lvl) in &BOARD_FIELDS {
            line += &format!("{} ", r + 1);
            for f in 0..FILES {
                let sq = square(lvl, r, f);
                let c = match pos.piece_at(sq) {
                    None => '.',
                    Some((color, kind)) => {
                        let c = kind.letter();
                        if color == Color::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        }
                    }
                };
                line.push(c);
                line.push(if pos.is_frozen(sq) { '*' } else { ' ' });
            }
            line += "   ";
        }
        out += line.trim_end();
        out.push('\n');
    }
    let files: String = (b'a'..=b'l').map(|c| format!("{} ", c as char)).collect();
    out += &format!("  {files}    {files}    {}", files.trim_end());
    out.push('\n');
    out += "Gold uppercase, Scarlet lowercase; R = Dragon; * = frozen\n";
    let side = if pos.side == Color::White {
        "Gold"
    } else {
        "Scarlet"
    };
    out += &format!(
        "{side} to move{}\n{}\n",
        if pos.in_check() { ", in check" } else { "" },
        pos.position_string()
    );
    out
}

fn level_digit(name: &str) -> char {
    match name {
        "upper board" => '3',
        "middle board" => '2',
        _ => '1',
    }
}
