//! The position string of ruling 10 both ways and the board picture (three levels side by
//! side).

use super::board::{code, color_of, kind_of, piece_key, Kind, EMPTY, KEYS};
use super::geometry::*;
use super::Dragonchess;
use crate::core::placement::{push_board, read_fullmove, read_halfmove};
use crate::core::{Color, Game, PositionError};

/// Most pieces a side may have (the start count).
pub const MAX_PIECES_PER_SIDE: usize = 42;

/// The positions `tiamat bench` searches: the start, three positions of a game the engine played
/// against itself, and two with pieces on foreign levels and a check across levels.
pub const BENCH_POSITIONS: &[&str] = &[
    "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1",
    "2g7g1/s1s1s1G1s1s1/5s6/12/4G7/12/S1S3S1S1S1/4r1R5|ouhtc1kpthuo/wwwwwwwwwwww/12/12/12/7H4/WWWWWWWWWWWW/OUHT2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B2ME3B1 s 3 7",
    "2g7g1/s1s1s1G1s1s1/5s6/12/4G7/12/S1S3S1S1S1/3r2R5|ouhtc1k1thuo/wwwwwww1wwww/7w4/12/12/4H2W4/WWWWWWW1WWWW/OU1T2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B1M1E3B1 s 1 13",
    "12/3rs1G1sRs1/1s5g4/g3s7/12/12/S1SG2S1S1S1/12|ou1tc1k1thuo/wwwwwww1wwww/4h2w4/12/12/4H2W4/WWWWWWW1WWWW/OU1T2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2BM2E3B1 s 13 21",
    "12/12/12/12/12/12/12/K11|11k/12/12/5w6/12/12/12/12|12/12/12/12/4H7/12/12/12 g 0 1",
    "12/12/12/12/5m6/12/12/12|11k/12/12/12/7P4/3U8/12/12|12/12/12/12/5K6/12/12/12 g 0 1",
];

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
    pub const START: &'static str = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1\
        |ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO\
        |2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

    pub fn start() -> Self {
        Self::parse(Self::START).expect("start position string is valid")
    }

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
                key ^= piece_key(p, sq);
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
