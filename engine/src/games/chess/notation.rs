//! Move text: UCI coordinates (the wire form) and SAN (the human form), both ways.

use super::bitboard::{PieceType, Square};
use super::moves::{ChessMove, ChessMoveList};
use super::Chess;
use crate::core::MoveError;

impl Chess {
    /// UCI long algebraic: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    pub fn move_to_uci(mv: ChessMove) -> String {
        let mut out = format!("{}{}", mv.from(), mv.to());
        if let Some(kind) = mv.promotion_piece() {
            out.push(kind.letter().to_ascii_lowercase());
        }
        out
    }

    /// Standard algebraic notation with check (`+`) and mate (`#`) suffixes.
    pub fn move_to_san(&self, mv: ChessMove) -> String {
        let mut out = if mv.is_castle() {
            if mv.to().file() == 6 { "O-O" } else { "O-O-O" }.to_string()
        } else {
            self.san_body(mv)
        };
        let after = self.play_move(mv);
        if after.checkers() != 0 {
            let mut replies = ChessMoveList::new();
            after.generate(&mut replies);
            out.push(if replies.is_empty() { '#' } else { '+' });
        }
        out
    }

    fn san_body(&self, mv: ChessMove) -> String {
        let (from, to) = (mv.from(), mv.to());
        let kind = self.piece_at(from).map_or(PieceType::Pawn, |p| p.kind);
        let mut out = String::with_capacity(8);
        if kind == PieceType::Pawn {
            if mv.is_capture() {
                out.push(from.file_char());
            }
        } else {
            out.push(kind.letter());
            let mut moves = ChessMoveList::new();
            self.generate(&mut moves);
            let rivals: Vec<Square> = moves
                .iter()
                .filter(|m| m.to() == to && m.from() != from)
                .map(|m| m.from())
                .filter(|&sq| self.piece_at(sq).map(|p| p.kind) == Some(kind))
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|sq| sq.file() != from.file()) {
                    out.push(from.file_char());
                } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
                    out.push(from.rank_char());
                } else {
                    out.push_str(&from.to_string());
                }
            }
        }
        if mv.is_capture() {
            out.push('x');
        }
        out.push_str(&to.to_string());
        if let Some(promoted) = mv.promotion_piece() {
            out.push('=');
            out.push(promoted.letter());
        }
        out
    }

    /// Reads UCI coordinates (also `e1h1`, the king taking its own rook, for castling) or SAN.
    pub fn parse_move_text(&self, text: &str) -> Result<ChessMove, MoveError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveError::unparsable(text, "empty move text"));
        }
        if !trimmed.is_ascii() {
            return Err(MoveError::unparsable(
                text,
                "unexpected non-ASCII character",
            ));
        }
        let mut moves = ChessMoveList::new();
        self.generate(&mut moves);
        if let Some(result) = self.parse_uci(trimmed, &moves) {
            return result;
        }
        self.parse_san(trimmed, &moves)
    }

    /// `None` when the text is not coordinate notation at all.
    fn parse_uci(&self, text: &str, moves: &ChessMoveList) -> Option<Result<ChessMove, MoveError>> {
        let bytes = text.as_bytes();
        if !(bytes.len() == 4 || bytes.len() == 5) {
            return None;
        }
        let from = Square::parse(&text[0..2])?;
        let to = Square::parse(&text[2..4])?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(&c) => match PieceType::from_letter(c as char) {
                Some(
                    kind @ (PieceType::Knight
                    | PieceType::Bishop
                    | PieceType::Rook
                    | PieceType::Queen),
                ) => Some(kind),
                _ => {
                    return Some(Err(MoveError::unparsable(
                        text,
                        format!("'{}' is not a promotion piece (n, b, r, q)", c as char),
                    )))
                }
            },
        };
        let found = moves
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion_piece() == promotion)
            .or_else(|| {
                // The king taking its own rook names castling to that side.
                let us = self.side();
                let is_own = |sq, kind| {
                    self.piece_at(sq)
                        .is_some_and(|p| p.color == us && p.kind == kind)
                };
                if promotion.is_none()
                    && is_own(from, PieceType::King)
                    && is_own(to, PieceType::Rook)
                {
                    moves.iter().find(|m| {
                        m.is_castle() && (m.to().file() > from.file()) == (to.file() > from.file())
                    })
                } else {
                    None
                }
            });
        Some(found.copied().ok_or_else(|| {
            let reason = if moves.iter().any(|m| m.from() == from && m.to() == to) {
                "a promotion needs its piece letter (q, r, b, n)".to_string()
            } else {
                format!("no legal move from {from} to {to}")
            };
            MoveError::illegal(text, reason)
        }))
    }

    fn parse_san(&self, text: &str, moves: &ChessMoveList) -> Result<ChessMove, MoveError> {
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        let core = core.strip_suffix("e.p.").unwrap_or(core).trim_end();
        if matches!(core, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let king_side = core.len() == 3;
            return moves
                .iter()
                .find(|m| m.is_castle() && (m.to().file() == 6) == king_side)
                .copied()
                .ok_or_else(|| MoveError::illegal(text, "castling is not legal here"));
        }

        let mut rest = core;
        let kind = match rest.chars().next() {
            Some(c @ ('P' | 'N' | 'B' | 'R' | 'Q' | 'K')) => {
                rest = &rest[1..];
                PieceType::from_letter(c).unwrap_or(PieceType::Pawn)
            }
            _ => PieceType::Pawn,
        };
        let mut promotion = None;
        if kind == PieceType::Pawn {
            if let Some(last) = rest.chars().last() {
                let before = rest[..rest.len() - last.len_utf8()].trim_end_matches(['=', '/']);
                let piece = PieceType::from_letter(last)
                    .filter(|p| !matches!(p, PieceType::Pawn | PieceType::King));
                if piece.is_some() && before.ends_with(|c: char| c.is_ascii_digit()) {
                    promotion = piece;
                    rest = before;
                }
            }
        }
        if rest.len() < 2 || !rest.is_char_boundary(rest.len() - 2) {
            return Err(MoveError::unparsable(text, "expected a destination square"));
        }
        let to = Square::parse(&rest[rest.len() - 2..])
            .ok_or_else(|| MoveError::unparsable(text, "expected a destination square like e4"))?;
        let hint: String = rest[..rest.len() - 2]
            .chars()
            .filter(|&c| !matches!(c, 'x' | ':' | '-'))
            .collect();
        let mut hint_file = None;
        let mut hint_rank = None;
        for c in hint.chars() {
            match c {
                'a'..='h' if hint_file.is_none() => hint_file = Some(c as u8 - b'a'),
                '1'..='8' if hint_rank.is_none() => hint_rank = Some(c as u8 - b'1'),
                _ => {
                    return Err(MoveError::unparsable(
                        text,
                        format!("unexpected '{c}' before the destination square"),
                    ))
                }
            }
        }

        let mut matching = moves.iter().filter(|m| {
            m.to() == to
                && !m.is_castle()
                && self.piece_at(m.from()).map(|p| p.kind) == Some(kind)
                && m.promotion_piece() == promotion
                && hint_file.is_none_or(|f| m.from().file() == f)
                && hint_rank.is_none_or(|r| m.from().rank() == r)
        });
        match (matching.next(), matching.next()) {
            (Some(&mv), None) => Ok(mv),
            (Some(_), Some(_)) => Err(MoveError::Ambiguous {
                text: text.to_string(),
            }),
            (None, _) => {
                let needs_promotion = promotion.is_none()
                    && kind == PieceType::Pawn
                    && moves
                        .iter()
                        .any(|m| m.to() == to && m.promotion_piece().is_some());
                Err(MoveError::illegal(
                    text,
                    if needs_promotion {
                        "a promotion needs its piece (e8=Q)".to_string()
                    } else {
                        format!("no {} can move to {to}", piece_name(kind))
                    },
                ))
            }
        }
    }
}

fn piece_name(kind: PieceType) -> &'static str {
    match kind {
        PieceType::Pawn => "pawn",
        PieceType::Knight => "knight",
        PieceType::Bishop => "bishop",
        PieceType::Rook => "rook",
        PieceType::Queen => "queen",
        PieceType::King => "king",
    }
}
