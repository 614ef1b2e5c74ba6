//! Position strings (ruling 18) both ways, the board picture and XBoard's `setup` and `piece`
//! lines.

use super::board::{
    bit, read_square, sq, square_name, EnPassant, Kind, Piece, BLACK_KING_SIDE, BLACK_QUEEN_SIDE,
    RESERVE_KINDS, SIZE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use super::Dao;
use crate::core::placement::{castling_text, push_board, push_grid, read_side};
use crate::core::{Color, PositionError};

pub const START: &str =
    "(dg)rnbqkbnr(dg)/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/(DG)RNBQKBNR(DG) w KQkq - [AAOOFaaoof] - - 0 1";

fn piece_char(p: Piece) -> char {
    let c = p.kind.letter();
    match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

fn read_piece(c: char, field: &'static str) -> Result<Piece, PositionError> {
    let kind = Kind::from_letter(c)
        .filter(|k| *k != Kind::Gate)
        .ok_or_else(|| PositionError::new(field, format!("unknown piece letter '{c}'")))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(Piece { color, kind })
}

fn gate_char(c: Color) -> char {
    match c {
        Color::White => 'G',
        Color::Black => 'g',
    }
}

fn gate_color(c: char) -> Option<Color> {
    match c {
        'G' => Some(Color::White),
        'g' => Some(Color::Black),
        _ => None,
    }
}

pub fn parse_position(text: &str) -> Result<Dao, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let names = [
        "piece placement",
        "side to move",
        "castling",
        "en passant",
        "reserve",
        "white conferrer",
        "black conferrer",
        "halfmove clock",
        "fullmove number",
    ];
    if fields.len() != names.len() {
        let missing = names
            .get(fields.len())
            .copied()
            .unwrap_or("fullmove number");
        return Err(PositionError::new(
            if fields.len() < names.len() {
                missing
            } else {
                "position"
            },
            format!("expected 9 fields, found {}", fields.len()),
        ));
    }
    let mut pos = Dao {
        board: [None; 100],
        gates: [None; 100],
        side: Color::White,
        castling: 0,
        ep: None,
        reserve: [[0; 3]; 2],
        last: [None; 2],
        halfmove: 0,
        fullmove: 1,
        key: 0,
        sets: Default::default(),
    };
    // Placement.
    let f = "piece placement";
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(PositionError::new(
            f,
            format!("expected 10 ranks, found {}", ranks.len()),
        ));
    }
    for (i, row) in ranks.iter().enumerate() {
        let r = SIZE - 1 - i as i8;
        let mut file: i8 = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if file >= SIZE && c != '/' {
                return Err(PositionError::new(
                    f,
                    format!("rank {} has more than 10 squares", r + 1),
                ));
            }
            if c.is_ascii_digit() {
                let mut n = 0u32;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n
                        .saturating_mul(10)
                        .saturating_add(chars[j].to_digit(10).unwrap_or(0));
                    j += 1;
                }
                if n == 0 || (file as u32).saturating_add(n) > SIZE as u32 {
                    return Err(PositionError::new(
                        f,
                        format!("bad run of empty squares on rank {}", r + 1),
                    ));
                }
                file += n as i8;
                continue;
            }
            let s = sq(file, r) as usize;
            if c == '(' {
                let inner: String = chars[j + 1..].iter().take_while(|&&x| x != ')').collect();
                let ic: Vec<char> = inner.chars().collect();
                if ic.len() != 2 || j + 3 >= chars.len() || chars[j + 3] != ')' {
                    return Err(PositionError::new(
                        f,
                        format!("bad piece-on-gate group on rank {}", r + 1),
                    ));
                }
                let p = read_piece(ic[0], f)?;
                let g = gate_color(ic[1]).ok_or_else(|| {
                    PositionError::new(f, format!("'{}' is not a gate (G or g)", ic[1]))
                })?;
                pos.board[s] = Some(p);
                pos.gates[s] = Some(g);
                j += 4;
            } else if let Some(g) = gate_color(c) {
                pos.gates[s] = Some(g);
                j += 1;
            } else {
                pos.board[s] = Some(read_piece(c, f)?);
                j += 1;
            }
            file += 1;
        }
        if file != SIZE {
            return Err(PositionError::new(
                f,
                format!("rank {} has {} squares, not 10", r + 1, file),
            ));
        }
    }
    for color in Color::ALL {
        let kings = pos
            .board
            .iter()
            .filter(|p| {
                **p == Some(Piece {
                    color,
                    kind: Kind::King,
                })
            })
            .count();
        if kings > 1 {
            return Err(PositionError::new(f, format!("{color} has {kings} kings")));
        }
    }
    pos.side = read_side(fields[1])?;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            pos.castling |= match c {
                'K' => WHITE_KING_SIDE,
                'Q' => WHITE_QUEEN_SIDE,
                'k' => BLACK_KING_SIDE,
                'q' => BLACK_QUEEN_SIDE,
                _ => {
                    return Err(PositionError::new(
                        "castling",
                        format!("'{c}' is not one of KQkq"),
                    ))
                }
            };
        }
    }
    // Rights whose king or rook is missing are dropped, so the written string round-trips.
    for (right, k, r) in [
        (WHITE_KING_SIDE, sq(5, 0), sq(8, 0)),
        (WHITE_QUEEN_SIDE, sq(5, 0), sq(1, 0)),
        (BLACK_KING_SIDE, sq(5, 9), sq(8, 9)),
        (BLACK_QUEEN_SIDE, sq(5, 9), sq(1, 9)),
    ] {
        let color = if right <= WHITE_QUEEN_SIDE {
            Color::White
        } else {
            Color::Black
        };
        let ok = pos.board[k as usize]
            == Some(Piece {
                color,
                kind: Kind::King,
            })
            && pos.board[r as usize]
                == Some(Piece {
                    color,
                    kind: Kind::Rook,
                });
        if pos.castling & right != 0 && !ok {
            return Err(PositionError::new(
                "castling",
                format!("right without its king and rook in place ({})", fields[2]),
            ));
        }
    }
    if fields[3] != "-" {
        let e = "en passant";
        let (victim, targets) = fields[3]
            .split_once(':')
            .ok_or_else(|| PositionError::new(e, "expected <victim>:<targets>"))?;
        let (v, used) = read_square(victim)
            .filter(|&(_, u)| u == victim.len())
            .ok_or_else(|| PositionError::new(e, format!("bad victim square '{victim}'")))?;
        let _ = used;
        if !pos.board[v as usize].is_some_and(|p| p.color != pos.side && p.kind.is_pawn_class()) {
            return Err(PositionError::new(
                e,
                "the victim square holds no pawn or lancer of the side that just moved",
            ));
        }
        let mut t = 0u128;
        let mut rest = targets;
        while !rest.is_empty() {
            let (s, used) = read_square(rest)
                .ok_or_else(|| PositionError::new(e, format!("bad target square in '{rest}'")))?;
            t |= bit(s);
            rest = &rest[used..];
        }
        if t == 0 {
            return Err(PositionError::new(e, "no target squares"));
        }
        pos.ep = Some(EnPassant {
            victim: v,
            targets: t,
        });
    }
    let res = fields[4];
    if !(res.starts_with('[') && res.ends_with(']') && res.len() >= 2) {
        return Err(PositionError::new("reserve", "expected [..]"));
    }
    for c in res[1..res.len() - 1].chars() {
        let p = read_piece(c, "reserve")?;
        let i = RESERVE_KINDS
            .iter()
            .position(|&k| k == p.kind)
            .ok_or_else(|| {
                PositionError::new("reserve", format!("'{c}' cannot be held in reserve"))
            })?;
        let n = &mut pos.reserve[p.color.index()][i];
        if *n >= 15 {
            return Err(PositionError::new("reserve", "too many pieces"));
        }
        *n += 1;
    }
    for (i, name) in [(0usize, "white conferrer"), (1, "black conferrer")] {
        let t = fields[5 + i];
        if t == "-" {
            continue;
        }
        let color = Color::ALL[i];
        let s = read_square(t)
            .filter(|&(_, u)| u == t.len())
            .map(|(s, _)| s)
            .ok_or_else(|| PositionError::new(name, format!("bad square '{t}'")))?;
        if !pos.board[s as usize].is_some_and(|p| p.color == color && p.kind.confers()) {
            return Err(PositionError::new(
                name,
                format!("{t} holds no {color} piece that can confer a power"),
            ));
        }
        pos.last[i] = Some(s);
    }
    pos.halfmove = fields[7]
        .parse()
        .map_err(|_| PositionError::new("halfmove clock", format!("'{}'", fields[7])))?;
    pos.fullmove = fields[8]
        .parse()
        .ok()
        .filter(|&n: &u32| n >= 1)
        .ok_or_else(|| PositionError::new("fullmove number", format!("'{}'", fields[8])))?;
    pos.refresh();
    Ok(pos)
}

pub fn write_position(pos: &Dao) -> String {
    let mut out = String::new();
    push_board(&mut out, 0..SIZE, 0..SIZE, |f, r| {
        let s = sq(f, r) as usize;
        match (pos.board[s], pos.gates[s].map(gate_char)) {
            (None, None) => None,
            (Some(p), None) => Some(piece_char(p).to_string()),
            (None, Some(g)) => Some(g.to_string()),
            (Some(p), Some(g)) => Some(format!("({}{})", piece_char(p), g)),
        }
    });
    out.push(' ');
    out.push(if pos.side == Color::White { 'w' } else { 'b' });
    out.push(' ');
    let letters = [
        (WHITE_KING_SIDE, 'K'),
        (WHITE_QUEEN_SIDE, 'Q'),
        (BLACK_KING_SIDE, 'k'),
        (BLACK_QUEEN_SIDE, 'q'),
    ];
    out += &castling_text(pos.castling, &letters);
    out.push(' ');
    match pos.ep {
        None => out.push('-'),
        Some(ep) => {
            out += &square_name(ep.victim);
            out.push(':');
            out += &targets_text(ep.targets);
        }
    }
    out += " [";
    for color in Color::ALL {
        for (i, k) in RESERVE_KINDS.iter().enumerate() {
            for _ in 0..pos.reserve[color.index()][i] {
                out.push(piece_char(Piece { color, kind: *k }));
            }
        }
    }
    out.push(']');
    for i in 0..2 {
        out.push(' ');
        match pos.last[i] {
            Some(s) => out += &square_name(s),
            None => out.push('-'),
        }
    }
    out += &format!(" {} {}", pos.halfmove, pos.fullmove);
    out
}

pub(super) fn targets_text(t: u128) -> String {
    let mut s = String::new();
    for i in 0..100u8 {
        if t & bit(i) != 0 {
            s += &square_name(i);
        }
    }
    s
}

pub fn board_text(pos: &Dao) -> String {
    let mut out = String::new();
    push_grid(&mut out, SIZE as u8, SIZE as u8, |f, r| {
        let s = sq(f as i8, r as i8) as usize;
        let p = pos.board[s].map_or('.', piece_char);
        let g = pos.gates[s].map_or(' ', gate_char);
        format!("{p}{g}")
    });
    let reserve: String = write_position(pos)
        .split_whitespace()
        .nth(4)
        .unwrap_or("[]")
        .to_string();
    let powers = |c: Color| {
        let mut p: Vec<String> = pos
            .dragon_powers(c)
            .iter()
            .flatten()
            .map(|k| k.letter().to_string())
            .collect();
        p.dedup();
        if p.is_empty() {
            "-".to_string()
        } else {
            p.join("")
        }
    };
    out += &format!(
        "{} to move; reserve {}; dragon powers: white {}, black {}\n",
        pos.side,
        reserve,
        powers(Color::White),
        powers(Color::Black)
    );
    out
}

/// XBoard's engine-defined variant commands (CECP `setup` and `piece`, as backend.c reads them).
///
/// The piece-to-char table assigns letters to XBoard's piece types in their fixed order (Pawn,
/// Knight, Bishop, Rook, Queen, Ferz, Alfil, Angel, Marshall, Wazir, Man, Cannon, Nightrider,
/// Cardinal, Dragon, Grasshopper, Silver, Falcon, Lance, ..., King last). Only the first `hand` types
/// can sit in the holdings, so the reserve pieces take the slots 5-7 (F on Ferz, O on Alfil, A on
/// Angel) and the holdings size is 8; D goes on Dragon, G on Grasshopper, L on Lance. The board is
/// 10x10 with the parent variant `fairy`. A gate under a piece cannot be shown (XBoard has one piece
/// per square), so the piece is drawn. The `piece` lines give the board moves Betza can say; the
/// transporter, pushes, the archer's leap and the fool cannot be said, so XBoard's legality
/// testing must be off for this variant.
pub fn cecp_setup(pos: &Dao) -> String {
    let fen = xboard_fen(pos);
    let mut lines = vec![format!(
        "setup (PNBRQFOA......DG..LKpnbrqfoa......dg..lk) 10x10+8_fairy {fen}"
    )];
    for (letter, betza) in [
        ('P', "fmWsmWfcFifmW3"),
        ('L', "mfW2msW2fF2ifmW3"),
        ('N', "NC"),
        ('O', "mRcF"),
        ('A', "msbR"),
        ('G', "mBmN"),
    ] {
        lines.push(format!("piece {letter}& {betza}"));
    }
    lines.join("\n")
}

/// A FEN XBoard can read: gates under pieces are not representable, so the piece is shown.
fn xboard_fen(pos: &Dao) -> String {
    let mut out = String::new();
    push_board(&mut out, 0..SIZE, 0..SIZE, |f, r| {
        let s = sq(f, r) as usize;
        pos.board[s]
            .map(piece_char)
            .or_else(|| pos.gates[s].map(gate_char))
    });
    let mut holdings = String::new();
    for color in Color::ALL {
        for (i, k) in RESERVE_KINDS.iter().enumerate() {
            for _ in 0..pos.reserve[color.index()][i] {
                holdings.push(piece_char(Piece { color, kind: *k }));
            }
        }
    }
    let castling = write_position(pos)
        .split_whitespace()
        .nth(2)
        .unwrap_or("-")
        .to_string();
    format!(
        "{out}[{holdings}] {} {castling} - {} {}",
        if pos.side == Color::White { 'w' } else { 'b' },
        pos.halfmove,
        pos.fullmove
    )
}
