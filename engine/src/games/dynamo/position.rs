//! The position string (ruling 8: FEN plus the last turn's effect) both ways, the board picture
//! and XBoard's `setup` line.

use super::board::*;
use super::moves::*;
use super::Dynamo;
use crate::core::placement::{
    castling_text, push_board, push_grid, read_fullmove, read_halfmove, read_side,
};
use crate::core::{Color, Game, PositionError};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

pub(super) const CASTLING_LETTERS: [(u8, char); 4] = [
    (CASTLE_WK, 'K'),
    (CASTLE_WQ, 'Q'),
    (CASTLE_BK, 'k'),
    (CASTLE_BQ, 'q'),
];

pub(super) fn parse_castling(text: &str) -> Option<u8> {
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
    let side = read_side(fields[1])?;
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

impl Dynamo {
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        let field = "piece placement";
        for color in Color::ALL {
            let count = self
                .board
                .iter()
                .filter(|&&p| p == make(color, KING))
                .count();
            if count != 1 {
                return Err(PositionError::new(
                    field,
                    format!("{color} must have exactly one king, found {count}"),
                ));
            }
        }
        for (sq, &p) in self.board.iter().enumerate() {
            if kind(p) == PAWN && p != EMPTY && rank(sq as u8) == promotion_rank(color_of(p)) {
                return Err(PositionError::new(
                    field,
                    format!("pawn on its last rank at {}", square_name(sq as u8)),
                ));
            }
        }
        Ok(())
    }
}

pub fn board_text(pos: &Dynamo) -> String {
    let mut out = String::new();
    push_grid(&mut out, 8, 8, |f, r| {
        match pos.board[(r * 8 + f) as usize] {
            EMPTY => '.',
            p => piece_letter(p),
        }
    });
    out.push_str(&format!(
        "{} to move{}; last turn {}\nFen: {}\nKey: {:016X}\n",
        pos.side.title(),
        if pos.in_check() { " (in check)" } else { "" },
        effect_text(&pos.last),
        pos.position_string(),
        pos.key
    ));
    out
}

pub fn cecp_setup(pos: &Dynamo) -> String {
    // XBoard's piece table has 22 slots a colour: P N B R Q first, the King last. The King's
    // `O2` lets XBoard play castling as we write it, the King's move and the Rook's
    // (`e1g1,h1f1`): a plain `e1g1` is the Rook pulling the King.
    let text = pos.position_string();
    let mut fields = text.split(' ');
    let mut next = || fields.next().unwrap_or("-");
    let (placement, side, castling) = (next(), next(), next());
    format!(
        "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
         {placement} {side} {castling} - 0 1\npiece K& KO2"
    )
}
