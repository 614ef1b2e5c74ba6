//! The position string (FEN) both ways and the board picture of the `d` command.
//!
//! Castling may be written as `KQkq` or with Shredder/X-FEN file letters (`HAha`); both name
//! the orthodox rook corners. Chess960 castling (a rook or king elsewhere) is not played by the
//! `chess` variant, so such rights are reported as an error in the castling field.
//! The halfmove clock and fullmove number may be left out (they default to 0 and 1).

use super::bitboard::{squares, Piece, PieceType, Square};
use super::board::castling;
use super::Chess;
use crate::core::placement::{castling_text, push_board};
use crate::core::{Color, PositionError};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The positions `tiamat bench` searches: middlegames and endgames of every kind, open and
/// closed, tactical, pawn and rook endings.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "3r2k1/1p3ppp/p1n5/2p1r3/4P3/1PN3P1/P4P1P/3RR1K1 w - - 0 24",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2K3/8/8 w - - 0 40",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 40",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
];

const PLACEMENT: &str = "piece placement";

impl Chess {
    /// The start position.
    pub fn startpos() -> Chess {
        Chess::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Reads a FEN (or X-FEN / Shredder-FEN) string.
    pub fn from_fen(text: &str) -> Result<Chess, PositionError> {
        let mut fields = text.split_whitespace();
        let placement = fields
            .next()
            .ok_or_else(|| PositionError::new(PLACEMENT, "the position string is empty"))?;
        let mut pos = Chess::empty();
        read_placement(&mut pos, placement)?;

        pos.side = match fields.next() {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => {
                return Err(PositionError::new(
                    "side to move",
                    format!("expected 'w' or 'b', found '{other}'"),
                ))
            }
            None => return Err(PositionError::new("side to move", "missing")),
        };
        validate_material(&pos)?;
        if pos.is_attacked(pos.king_square(!pos.side), pos.side, pos.occupied()) {
            return Err(PositionError::new(
                "side to move",
                "the side not to move is in check",
            ));
        }

        pos.castling = read_castling(&pos, fields.next().unwrap_or("-"))?;
        let ep = read_en_passant(&pos, fields.next().unwrap_or("-"))?;
        pos.halfmove = read_number(fields.next(), "halfmove clock", 0)?;
        pos.fullmove = read_number(fields.next(), "fullmove number", 1)?.max(1);
        if let Some(extra) = fields.next() {
            return Err(PositionError::new(
                "trailing text",
                format!("unexpected '{extra}' after the fullmove number"),
            ));
        }
        pos.key = pos.compute_key();
        if let Some(ep) = ep {
            pos.set_en_passant_if_capturable(ep);
        }
        Ok(pos)
    }

    /// Writes the position as FEN (castling as `KQkq`).
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(90);
        push_board(&mut out, 0..8, 0..8, |file, rank| {
            self.piece_at(Square::from_coords(file, rank))
                .map(|piece| piece.fen_char())
        });
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let letters = [
            (castling::WHITE_KING_SIDE, 'K'),
            (castling::WHITE_QUEEN_SIDE, 'Q'),
            (castling::BLACK_KING_SIDE, 'k'),
            (castling::BLACK_QUEEN_SIDE, 'q'),
        ];
        out.push_str(&castling_text(self.castling, &letters));
        match self.en_passant() {
            Some(sq) => out.push_str(&format!(" {sq}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// A picture of the board with the FEN and key below it.
    pub fn board_text(&self) -> String {
        let separator = " +---+---+---+---+---+---+---+---+\n";
        let mut out = String::from(separator);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let letter = self
                    .piece_at(Square::from_coords(file, rank))
                    .map_or(' ', Piece::fen_char);
                out.push_str(&format!(" | {letter}"));
            }
            out.push_str(&format!(" | {}\n{separator}", rank + 1));
        }
        out.push_str("   a   b   c   d   e   f   g   h\n\n");
        out.push_str(&format!(
            "Fen: {}\nKey: {:016X}\nCheckers:",
            self.fen(),
            self.key
        ));
        for sq in squares(self.checkers()) {
            out.push_str(&format!(" {sq}"));
        }
        out.push('\n');
        out
    }
}

fn read_placement(pos: &mut Chess, placement: &str) -> Result<(), PositionError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::new(
            PLACEMENT,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += run as u8;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if file < 8 {
                    pos.toggle(piece.color, piece.kind, Square::from_coords(file, rank));
                }
                file += 1;
            } else {
                return Err(PositionError::new(
                    PLACEMENT,
                    format!("unexpected character '{c}' in rank {}", rank + 1),
                ));
            }
            if file > 8 {
                return Err(PositionError::new(
                    PLACEMENT,
                    format!("rank {} has more than 8 squares", rank + 1),
                ));
            }
        }
        if file != 8 {
            return Err(PositionError::new(
                PLACEMENT,
                format!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok(())
}

/// Kings, pawns on the back ranks, and no more pieces than promotions could make (which also
/// keeps every move list within its fixed capacity).
fn validate_material(pos: &Chess) -> Result<(), PositionError> {
    let back_ranks = 0xFF00_0000_0000_00FFu64;
    if pos.pieces_of_type(PieceType::Pawn) & back_ranks != 0 {
        return Err(PositionError::new(
            PLACEMENT,
            "a pawn stands on the first or last rank",
        ));
    }
    for color in Color::ALL {
        let count = |kind| pos.pieces(color, kind).count_ones() as i32;
        if count(PieceType::King) != 1 {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{color} has {} kings, expected 1", count(PieceType::King)),
            ));
        }
        let extra = (count(PieceType::Knight) - 2).max(0)
            + (count(PieceType::Bishop) - 2).max(0)
            + (count(PieceType::Rook) - 2).max(0)
            + (count(PieceType::Queen) - 1).max(0);
        if count(PieceType::Pawn) > 8 || extra > 8 - count(PieceType::Pawn) {
            return Err(PositionError::new(
                PLACEMENT,
                format!("{color} has more pieces than promotions can give"),
            ));
        }
    }
    Ok(())
}

fn read_castling(pos: &Chess, text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king_side = match c.to_ascii_lowercase() {
            'k' | 'h' => true,
            'q' | 'a' => false,
            'b'..='g' => {
                return Err(PositionError::new(
                    "castling",
                    format!("'{c}' names Chess960 castling, which orthodox chess does not have"),
                ))
            }
            _ => {
                return Err(PositionError::new(
                    "castling",
                    format!(
                        "unexpected character '{c}' (expected '-' or letters like KQkq or HAha)"
                    ),
                ))
            }
        };
        let base = if color == Color::White { 0 } else { 56 };
        let king = Square::new(base + 4);
        let rook = Square::new(base + if king_side { 7 } else { 0 });
        if pos.piece_at(king)
            != Some(Piece {
                color,
                kind: PieceType::King,
            })
            || pos.piece_at(rook)
                != Some(Piece {
                    color,
                    kind: PieceType::Rook,
                })
        {
            return Err(PositionError::new(
                "castling",
                format!("'{c}' needs the {color} king on {king} and a rook on {rook}"),
            ));
        }
        rights |= match (color, king_side) {
            (Color::White, true) => castling::WHITE_KING_SIDE,
            (Color::White, false) => castling::WHITE_QUEEN_SIDE,
            (Color::Black, true) => castling::BLACK_KING_SIDE,
            (Color::Black, false) => castling::BLACK_QUEEN_SIDE,
        };
    }
    Ok(rights)
}

/// The target square after checking that a pawn of the side not to move has just double-stepped
/// over it. Whether a capture is possible is decided later.
fn read_en_passant(pos: &Chess, text: &str) -> Result<Option<Square>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    let field = "en passant";
    let sq = Square::parse(text).ok_or_else(|| {
        PositionError::new(
            field,
            format!("expected '-' or a square like e3, found '{text}'"),
        )
    })?;
    let (rank, step): (u8, i8) = if pos.side == Color::White {
        (5, -8)
    } else {
        (2, 8)
    };
    if sq.rank() != rank {
        return Err(PositionError::new(
            field,
            format!("{sq} is not on rank {} for this side to move", rank + 1),
        ));
    }
    let pawn_square = Square::new((sq.index() as i8 + step) as u8);
    let origin = Square::new((sq.index() as i8 - step) as u8);
    let pawn = Piece {
        color: !pos.side,
        kind: PieceType::Pawn,
    };
    if pos.piece_at(pawn_square) != Some(pawn)
        || pos.piece_at(sq).is_some()
        || pos.piece_at(origin).is_some()
    {
        return Err(PositionError::new(
            field,
            format!("no pawn can have just stepped over {sq}"),
        ));
    }
    Ok(Some(sq))
}

fn read_number(
    text: Option<&str>,
    field: &'static str,
    default: u32,
) -> Result<u32, PositionError> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|&n| n < 1_000_000)
            .ok_or_else(|| PositionError::new(field, format!("expected a number, found '{t}'"))),
    }
}
