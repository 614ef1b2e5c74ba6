//! Position strings (ruling 18), wire and human move text, the board picture and XBoard setup.
//!
//! Wire form: `e2e4`, promotions `a9a10q`, drops `A@a1`, null moves (gate to gate) `a1~j1`, gate
//! moves, castling (king's squares), pushes (the ox's squares) and swaps (fool's and partner's
//! squares) as from-to. When two legal moves share that text (a gate and the piece above it going to
//! the same square, an e.p. capture and a plain lancer move, two routes leaving different e.p.
//! rights), each of them gets a qualifier: `/` and a kind letter (`m` move, `n` null, `e` e.p.
//! capture, `c` castling, `p` push, `s` swap, `x` suicide capture, `g` gate, `d` drop), and if that
//! is still not enough `:` and the e.p. targets it leaves (`-` for none): `f1h1/c`, `c2g6/m:a3a4`.

use super::gen::{self, Kind};
use super::{
    bit, file_of, offset, rank_of, sq, Dao, EnPassant, Move, MoveKind, Piece, BLACK_KING_SIDE,
    BLACK_QUEEN_SIDE, NO_SQUARE, RESERVE_KINDS, SIZE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};
use crate::core::placement::{castling_text, push_board};
use crate::core::{Color, Game, MoveError, PositionError};

pub const START: &str =
    "(dg)rnbqkbnr(dg)/ppllppllpp/10/10/10/10/10/10/PPLLPPLLPP/(DG)RNBQKBNR(DG) w KQkq - [AAOOFaaoof] - - 0 1";

pub fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + file_of(s) as u8) as char, rank_of(s) + 1)
}

/// Reads a square name at the start of `text`; returns it and the bytes used.
pub fn read_square(text: &str) -> Option<(u8, usize)> {
    let b = text.as_bytes();
    let f = *b.first()?;
    if !(b'a'..b'a' + SIZE as u8).contains(&f) {
        return None;
    }
    let mut used = 1;
    let mut rank = 0u32;
    while used < b.len() && b[used].is_ascii_digit() && used < 3 {
        rank = rank * 10 + (b[used] - b'0') as u32;
        used += 1;
    }
    if used == 1 || !(1..=SIZE as u32).contains(&rank) {
        return None;
    }
    Some((sq((f - b'a') as i8, rank as i8 - 1), used))
}

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
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(PositionError::new(
                "side to move",
                format!("'{other}' is not w or b"),
            ))
        }
    };
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
    pos.key = pos.compute_key();
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

fn targets_text(t: u128) -> String {
    let mut s = String::new();
    for i in 0..100u8 {
        if t & bit(i) != 0 {
            s += &square_name(i);
        }
    }
    s
}

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
        .map(|i| {
            for (level, text) in forms[i].iter().enumerate() {
                let clash = (0..moves.len())
                    .any(|j| j != i && moves[j] != moves[i] && forms[j][level] == *text);
                if !clash {
                    return text.clone();
                }
            }
            forms[i][2].clone()
        })
        .collect()
}

fn wire_among(moves: &[Move], mv: &Move) -> String {
    let forms = wire_forms(mv);
    for (level, text) in forms.iter().enumerate() {
        let clash = moves
            .iter()
            .any(|m| m != mv && wire_forms(m)[level] == *text);
        if !clash {
            return text.clone();
        }
    }
    forms[2].clone()
}

pub fn wire(pos: &Dao, mv: &Move) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    wire_among(&moves, mv)
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
            let (df, dr) = gen::unit(mv.from, mv.to);
            let k = gen::distance(mv.from, mv.to);
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
    if !gen::in_check(&after, after.side) {
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
    wire_among(moves, mv)
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
    let (df, dr) = gen::unit(mv.from, mv.to);
    let k = gen::distance(mv.from, mv.to);
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
            if !placed && gen::piece_attacks(&after, dest, false, king) {
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
    gen::legal_moves(pos, &mut moves, Some(&mut aliases));
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

pub fn board_text(pos: &Dao) -> String {
    let mut out = String::new();
    for r in (0..SIZE).rev() {
        out += &format!("{:>2} ", r + 1);
        for f in 0..SIZE {
            let s = sq(f, r) as usize;
            let p = pos.board[s].map_or('.', piece_char);
            let g = pos.gates[s].map_or(' ', |c| if c == Color::White { 'G' } else { 'g' });
            out += &format!(" {p}{g}");
        }
        out.push('\n');
    }
    out += "    a  b  c  d  e  f  g  h  i  j\n";
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
