//! Move text both ways: the wire form and the human notation.
//!
//! Wire form: `e2e4`, promotions `a9a10q`, drops `A@a1`, null moves (gate to gate) `a1~j1`, gate
//! moves, castling (king's squares), pushes (the ox's squares) and swaps (fool's and partner's
//! squares) as from-to. When two legal moves share that text (a gate and the piece above it going to
//! the same square, an e.p. capture and a plain lancer move, two routes leaving different e.p.
//! rights), each of them gets a qualifier: `/` and a kind letter (`m` move, `n` null, `e` e.p.
//! capture, `c` castling, `p` push, `s` swap, `x` suicide capture, `g` gate, `d` drop), and if that
//! is still not enough `:` and the e.p. targets it leaves (`-` for none): `f1h1/c`, `c2g6/m:a3a4`.

use super::board::{
    distance, offset, rank_of, read_square, square_name, unit, Kind, NO_SQUARE, SIZE,
};
use super::moves::{Move, MoveKind};
use super::position::targets_text;
use super::{attacks, movegen, Dao};
use crate::core::{Color, Game, MoveError};

fn base_wire(mv: &Move) -> String {
    let promo = mv
        .promo
        .map(|k| k.letter().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    match mv.kind {
        MoveKind::Drop => format!("{}@{}", mv.piece.letter(), square_name(mv.to)),
        MoveKind::Null => format!("{}~{}{}", square_name(mv.from), square_name(mv.to), promo),
        _ => format!("{}{}{}", square_name(mv.from), square_name(mv.to), promo),
    }
}

fn kind_tag(mv: &Move) -> char {
    match mv.kind {
        MoveKind::Normal => 'm',
        MoveKind::Null => 'n',
        MoveKind::EnPassant => 'e',
        MoveKind::Drop => 'd',
        MoveKind::CastleKing | MoveKind::CastleQueen => 'c',
        MoveKind::Push => 'p',
        MoveKind::Swap => 's',
        MoveKind::Suicide => 'x',
        MoveKind::Gate => 'g',
    }
}

/// The three wire forms of a move, shortest first.
fn wire_forms(mv: &Move) -> [String; 3] {
    let base = base_wire(mv);
    let tagged = format!("{base}/{}", kind_tag(mv));
    let ep = if mv.ep == 0 {
        "-".to_string()
    } else {
        targets_text(mv.ep)
    };
    let full = format!("{tagged}:{ep}");
    [base, tagged, full]
}

/// The wire text of every move of a legal move list: the shortest form no other move shares.
pub(crate) fn wire_list(moves: &[Move]) -> Vec<String> {
    let forms: Vec<[String; 3]> = moves.iter().map(wire_forms).collect();
    (0..moves.len())
        .map(|i| shortest_form(moves, &forms, &moves[i], &forms[i]))
        .collect()
}

/// The first of `own` (the forms of `mv`) that no other of `moves` (with their `forms`) shares.
fn shortest_form(moves: &[Move], forms: &[[String; 3]], mv: &Move, own: &[String; 3]) -> String {
    for (level, text) in own.iter().enumerate() {
        let clash = moves
            .iter()
            .zip(forms)
            .any(|(m, f)| m != mv && f[level] == *text);
        if !clash {
            return text.clone();
        }
    }
    own[2].clone()
}

pub fn wire(pos: &Dao, mv: &Move) -> String {
    wires(pos, std::slice::from_ref(mv)).swap_remove(0)
}

/// [`wire`] of each of `moves`, the legal moves listed and written once.
pub fn wires(pos: &Dao, moves: &[Move]) -> Vec<String> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let forms: Vec<[String; 3]> = legal.iter().map(wire_forms).collect();
    moves
        .iter()
        .map(|mv| shortest_form(&legal, &forms, mv, &wire_forms(mv)))
        .collect()
}

fn mover_prefix(mv: &Move) -> String {
    if mv.piece == Kind::Dragon && mv.kind != MoveKind::Null {
        format!("D({})", mv.mimic.letter())
    } else {
        mv.piece.letter().to_string()
    }
}

/// Human text before check marks; `from` adds the start square for disambiguation.
fn human_core(pos: &Dao, mv: &Move, with_from: bool) -> String {
    let from = if with_from {
        square_name(mv.from)
    } else {
        String::new()
    };
    let promo = mv
        .promo
        .map(|k| format!("={}", k.letter()))
        .unwrap_or_default();
    let capture =
        pos.board[mv.to as usize].is_some_and(|p| p.color != pos.side) && mv.to != mv.from;
    let x = if capture { "x" } else { "" };
    match mv.kind {
        MoveKind::Drop => format!("{}@{}", mv.piece.letter(), square_name(mv.to)),
        MoveKind::Gate => format!("G{}-{}", square_name(mv.from), square_name(mv.to)),
        MoveKind::CastleKing => "O-O".into(),
        MoveKind::CastleQueen => "O-O-O".into(),
        MoveKind::Null => format!(
            "{}{}~{}{}{}",
            mv.piece.letter(),
            square_name(mv.from),
            x,
            square_name(mv.to),
            promo
        ),
        MoveKind::EnPassant => format!(
            "{}{}x{}e.p.{}",
            mover_prefix(mv),
            from,
            square_name(mv.to),
            promo
        ),
        MoveKind::Normal => {
            let via = if mv.via != NO_SQUARE {
                format!("(G{})", square_name(mv.via))
            } else {
                String::new()
            };
            format!(
                "{}{}{}{}{}{}",
                mover_prefix(mv),
                from,
                via,
                x,
                square_name(mv.to),
                promo
            )
        }
        MoveKind::Push => {
            let (df, dr) = unit(mv.from, mv.to);
            let k = distance(mv.from, mv.to);
            let mut pushed = Vec::new();
            let mut s = offset(mv.from, df, dr);
            while let Some(x) = s {
                let Some(p) = pos.board[x as usize] else {
                    break;
                };
                let dest = offset(x, df * k, dr * k).unwrap_or(x);
                let mut t = format!("{}{}", p.kind.letter(), square_name(dest));
                if let Some(pr) = mv.promo {
                    if p.kind.is_pawn_class() && dest_is_last(p.color, dest) {
                        t += &format!("={}", pr.letter());
                    }
                }
                pushed.push(t);
                s = offset(x, df, dr);
            }
            format!(
                "{}{}{}({})",
                mover_prefix(mv),
                from,
                square_name(mv.to),
                pushed.join(",")
            )
        }
        MoveKind::Swap => {
            let partner = pos.board[mv.to as usize].map_or('?', |p| p.kind.letter());
            format!(
                "{}{}<->{}{}{}",
                mover_prefix(mv),
                square_name(mv.from),
                partner,
                square_name(mv.to),
                promo
            )
        }
        MoveKind::Suicide => {
            let target = pos.board[mv.to as usize].map_or('?', |p| p.kind.letter());
            let me = if mv.piece == Kind::Dragon { "D" } else { "F" };
            format!(
                "{}{}x{}{}x{}",
                mover_prefix(mv),
                from,
                target,
                square_name(mv.to),
                me
            )
        }
    }
}

fn dest_is_last(c: Color, s: u8) -> bool {
    match c {
        Color::White => rank_of(s) == SIZE - 1,
        Color::Black => rank_of(s) == 0,
    }
}

fn check_mark(pos: &Dao, mv: &Move) -> &'static str {
    let after = pos.apply(mv);
    if !attacks::in_check(&after, after.side) {
        return "";
    }
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    if replies.is_empty() {
        "#"
    } else {
        "+"
    }
}

fn human_among(pos: &Dao, moves: &[Move], mv: &Move) -> String {
    let mark = check_mark(pos, mv);
    for with_from in [false, true] {
        let core = human_core(pos, mv, with_from);
        let clash = moves
            .iter()
            .any(|m| m != mv && human_core(pos, m, with_from) == core);
        if !clash {
            return place_check_mark(pos, mv, core, mark);
        }
    }
    let forms: Vec<[String; 3]> = moves.iter().map(wire_forms).collect();
    shortest_form(moves, &forms, mv, &wire_forms(mv))
}

/// The seed writes a push's check on the pushed piece that gives it: `Oa3(Ra4+,Pa5)`. Other
/// check marks go at the end.
fn place_check_mark(pos: &Dao, mv: &Move, core: String, mark: &str) -> String {
    if mark.is_empty() || mv.kind != MoveKind::Push {
        return core + mark;
    }
    let after = pos.apply(mv);
    let Some(king) = after.king_square(after.side) else {
        return core + mark;
    };
    let (df, dr) = unit(mv.from, mv.to);
    let k = distance(mv.from, mv.to);
    let Some(open) = core.find('(') else {
        return core + mark;
    };
    let mut items: Vec<String> = core[open + 1..core.len() - 1]
        .split(',')
        .map(str::to_string)
        .collect();
    let mut s = offset(mv.from, df, dr);
    let mut placed = false;
    for item in items.iter_mut() {
        let Some(x) = s else { break };
        if let Some(dest) = offset(x, df * k, dr * k) {
            if !placed && attacks::piece_attacks(&after, dest, false, king) {
                item.push_str(mark);
                placed = true;
            }
        }
        s = offset(x, df, dr);
    }
    if !placed {
        return core + mark;
    }
    format!("{}({})", &core[..open], items.join(","))
}

pub fn human(pos: &Dao, mv: &Move) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    human_among(pos, &moves, mv)
}

pub fn parse_move(pos: &Dao, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveError::unparsable(text, "empty move"));
    }
    let mut moves = Vec::new();
    let mut aliases = Vec::new();
    movegen::legal_moves(pos, &mut moves, Some(&mut aliases));
    // Exact wire text of a listed move.
    if let Some(i) = wire_list(&moves).iter().position(|w| w == t) {
        return Ok(moves[i]);
    }
    let mut found: Vec<usize> = Vec::new();
    let add = |i: usize, found: &mut Vec<usize>| {
        if !found.contains(&i) {
            found.push(i);
        }
    };
    let bare: String = t.chars().filter(|c| !matches!(c, '+' | '#')).collect();
    let bare = bare.as_str();
    for (i, mv) in moves.iter().enumerate() {
        if wire_forms(mv).iter().any(|w| w == t)
            || human_core(pos, mv, false) == bare
            || human_core(pos, mv, true) == bare
        {
            add(i, &mut found);
        }
    }
    for (mv, i) in &aliases {
        if wire_forms(mv).iter().any(|w| w == t)
            || human_core(pos, mv, false) == bare
            || human_core(pos, mv, true) == bare
        {
            add(*i, &mut found);
        }
    }
    match found.len() {
        1 => Ok(moves[found[0]]),
        0 => {
            let looks_like_move = read_square(t).is_some()
                || t.contains('@')
                || t.starts_with("O-O")
                || t.chars()
                    .next()
                    .is_some_and(|c| Kind::from_letter(c).is_some() && c.is_ascii_uppercase());
            if looks_like_move {
                Err(MoveError::illegal(text, "no legal move matches"))
            } else {
                Err(MoveError::unparsable(
                    text,
                    "expected a wire move (e2e4, A@a1, a1~j1) or the game's notation",
                ))
            }
        }
        _ => Err(MoveError::Ambiguous {
            text: text.to_string(),
        }),
    }
}
