//! Text both ways: position strings (ruling 7), wire moves, human notation, the board picture
//! and the XBoard setup.
//!
//! Human notation follows the rules page (Jocly's SAN style): piece letter (none for Pawns),
//! the least disambiguation needed (file, else rank, else square), `x` on captures, the
//! destination, `=Q` for promotions, `+`/`#` for check/mate. Hit-and-run is `Txh3-h4` (captured
//! square, then where the Terror ends). Fast castling is `O-O-b1` (King's destination), because
//! `Kh1` already names the King's plain step (and `Ob1` an Archer move).

use super::board::*;
use super::{Makromachy, Move, MoveKind};
use crate::core::placement::{castling_text, push_board, read_fullmove, read_halfmove};
use crate::core::{Color, Game, MoveError, PositionError};

fn letter(code: u8) -> char {
    let c = LETTERS[kind_of(code) as usize] as char;
    if color_of(code) == Color::Black {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

fn kind_from_letter(c: u8) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    LETTERS[1..]
        .iter()
        .position(|&l| l == upper)
        .map(|i| i as u8 + 1)
}

pub(super) fn parse_position(text: &str) -> Result<Makromachy, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(PositionError::new(
            "piece placement",
            "empty position string",
        ));
    }
    if fields.len() > 6 {
        return Err(PositionError::new(
            "position string",
            format!("{} fields, at most 6 expected", fields.len()),
        ));
    }
    let mut pos = Makromachy {
        board: empty_board(),
        side: Color::White,
        castling: 0,
        ep_victim: 0,
        ep_targets: [0, 0],
        king: [0, 0],
        halfmove: 0,
        fullmove: 1,
        key: 0,
    };
    read_placement(&mut pos, fields[0])?;

    pos.side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(PositionError::new(
                "side to move",
                format!("'{other}' is not w or b"),
            ))
        }
    };
    let placement_err = |m: String| PositionError::new("piece placement", m);
    for color in Color::ALL {
        let kings: Vec<u16> = (0..RANKS)
            .flat_map(|r| (0..FILES).map(move |f| square(f, r)))
            .filter(|&sq| pos.board[sq as usize] == piece(color, KING))
            .collect();
        if kings.len() != 1 {
            return Err(placement_err(format!(
                "{} has {} Kings, exactly one expected",
                color,
                kings.len()
            )));
        }
        pos.king[color.index()] = kings[0];
        for file in 0..FILES {
            let sq = square(file, last_rank(color));
            if matches!(pos.board[sq as usize], c if c == piece(color, PAWN) || c == piece(color, WARRIOR))
            {
                return Err(placement_err(format!(
                    "{} Pawn or Warrior on its promotion square {}",
                    color,
                    square_name(sq)
                )));
            }
        }
    }
    if attacked(&pos, pos.king[(!pos.side).index()], pos.side) {
        return Err(PositionError::new(
            "side to move",
            "the side not to move is in check",
        ));
    }

    pos.castling = read_castling(&pos, fields.get(2).copied().unwrap_or("-"))?;
    read_en_passant(&mut pos, fields.get(3).copied().unwrap_or("-"))?;
    pos.halfmove = fields.get(4).map_or(Ok(0), |t| read_halfmove(t))?;
    pos.fullmove = fields.get(5).map_or(Ok(1), |t| read_fullmove(t))?;
    pos.key = pos.compute_key();
    Ok(pos)
}

fn attacked(pos: &Makromachy, sq: u16, by: Color) -> bool {
    super::attacked(&pos.board, sq, by)
}

fn read_placement(pos: &mut Makromachy, text: &str) -> Result<(), PositionError> {
    let err = |m: String| PositionError::new("piece placement", m);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != RANKS {
        return Err(err(format!("{} ranks, {} expected", rows.len(), RANKS)));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i;
        let bytes = row.as_bytes();
        let mut file = 0usize;
        let mut j = 0;
        while j < bytes.len() {
            let c = bytes[j];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    n = n * 10 + (bytes[j] - b'0') as usize;
                    j += 1;
                    if n > FILES {
                        break;
                    }
                }
                if n == 0 {
                    return Err(err(format!("rank {}: empty run of 0", rank + 1)));
                }
                file += n;
            } else {
                let kind = kind_from_letter(c).ok_or_else(|| {
                    err(format!("rank {}: unknown piece '{}'", rank + 1, c as char))
                })?;
                if file >= FILES {
                    return Err(err(format!("rank {}: more than {} files", rank + 1, FILES)));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                pos.board[square(file, rank) as usize] = piece(color, kind);
                file += 1;
                j += 1;
            }
            if file > FILES {
                return Err(err(format!("rank {}: more than {} files", rank + 1, FILES)));
            }
        }
        if file != FILES {
            return Err(err(format!(
                "rank {}: {} files, {} expected",
                rank + 1,
                file,
                FILES
            )));
        }
    }
    Ok(())
}

fn read_castling(pos: &Makromachy, text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in text.chars() {
        let (bit, color) = match c {
            'A' => (CASTLE_WA, Color::White),
            'N' => (CASTLE_WN, Color::White),
            'a' => (CASTLE_BA, Color::Black),
            'n' => (CASTLE_BN, Color::Black),
            _ => {
                return Err(PositionError::new(
                    "castling",
                    format!("'{c}' is not one of A N a n -"),
                ))
            }
        };
        if rights & bit != 0 {
            return Err(PositionError::new("castling", format!("'{c}' given twice")));
        }
        let corner = castle_corner(bit);
        let king = square(KING_FILE, back_rank(color));
        if pos.board[corner as usize] != piece(color, DRAGON_KING)
            || pos.board[king as usize] != piece(color, KING)
        {
            return Err(PositionError::new(
                "castling",
                format!(
                    "'{c}' needs the King on {} and a Dragon King on {}",
                    square_name(king),
                    square_name(corner)
                ),
            ));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn read_en_passant(pos: &mut Makromachy, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let err = |m: String| PositionError::new("en passant", m);
    let (victim_text, targets_text) = text
        .split_once(':')
        .ok_or_else(|| err(format!("'{text}' is not '-' or victim:targets")))?;
    let victim = match read_square(victim_text.as_bytes()) {
        Some((sq, n)) if n == victim_text.len() => sq,
        _ => return Err(err(format!("'{victim_text}' is not a square"))),
    };
    let mover = !pos.side;
    let code = pos.board[victim as usize];
    if code != piece(mover, PAWN) && code != piece(mover, WARRIOR) {
        return Err(err(format!(
            "no {} Pawn or Warrior on {}",
            mover,
            square_name(victim)
        )));
    }
    let mut targets = Vec::new();
    let bytes = targets_text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match read_square(&bytes[i..]) {
            Some((sq, n)) => {
                targets.push(sq);
                i += n;
            }
            None => return Err(err(format!("'{targets_text}' is not a list of squares"))),
        }
    }
    targets.sort_unstable();
    targets.dedup();
    let back = |k: i16| (victim as i16 - k * forward(mover)) as u16;
    // A Pawn's push starts on its own rank: the victim stands 2 or 3 ranks beyond it.
    if code == piece(mover, PAWN) {
        let pushed = rank_of(victim).abs_diff(pawn_rank(mover));
        if pushed != targets.len() + 1 {
            return Err(err(format!(
                "a Pawn on {} cannot have passed {} square(s)",
                square_name(victim),
                targets.len()
            )));
        }
    }
    let allowed: &[u16] = match targets.len() {
        1 => &[back(1)],
        2 if code == piece(mover, PAWN) => &[back(1), back(2)],
        _ => return Err(err("one target, or two after a Pawn's triple push".into())),
    };
    for &t in &targets {
        if !allowed.contains(&t) || pos.board[t as usize] != EMPTY {
            return Err(err(format!(
                "{} is not an empty square the piece on {} just passed",
                square_name(t),
                square_name(victim)
            )));
        }
    }
    pos.ep_victim = victim;
    pos.ep_targets = [targets[0], targets.get(1).copied().unwrap_or(0)];
    Ok(())
}

pub(super) fn write_position(pos: &Makromachy) -> String {
    let mut s = String::new();
    push_board(&mut s, 0..FILES, 0..RANKS, |file, rank| {
        let code = pos.board[square(file, rank) as usize];
        (code != EMPTY).then(|| letter(code))
    });
    s.push_str(if pos.side == Color::White {
        " w "
    } else {
        " b "
    });
    let letters = [
        (CASTLE_WA, 'A'),
        (CASTLE_WN, 'N'),
        (CASTLE_BA, 'a'),
        (CASTLE_BN, 'n'),
    ];
    s.push_str(&castling_text(pos.castling, &letters));
    s.push(' ');
    if pos.ep_victim == 0 {
        s.push('-');
    } else {
        s.push_str(&square_name(pos.ep_victim));
        s.push(':');
        for &t in &pos.ep_targets {
            if t != 0 {
                s.push_str(&square_name(t));
            }
        }
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}

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

pub(super) fn board_text(pos: &Makromachy) -> String {
    let mut s = String::new();
    for rank in (0..RANKS).rev() {
        s.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..FILES {
            let code = pos.board[square(file, rank) as usize];
            s.push(' ');
            s.push(if code == EMPTY { '.' } else { letter(code) });
        }
        s.push('\n');
    }
    s.push_str("    a b c d e f g h i j k l m n\n");
    s.push_str(&format!(
        "{} to move{}\nFEN: {}\nKey: {:016x}\n",
        if pos.side == Color::White {
            "White"
        } else {
            "Black"
        },
        if pos.in_check() { " (in check)" } else { "" },
        write_position(pos),
        pos.key
    ));
    s
}

/// XBoard piece types (in XBoard's own order, `common.h`) given our letters; `.` = unused.
/// Types are chosen for their pictures: the Terror is XBoard's Lion (hit-and-run mover),
/// the Eagle its Amazon, the Raven its Falcon, the Bat its Flying piece.
const XBOARD_TABLE: &str = "PNBRQ.EAMOWC..D..F..UT.ZJ....LSG..HI..V";

/// Betza strings in XBoard's dialect (`moves.c`). Exact: the Terror's hit-and-run `caKmK` (a
/// continuation leg without direction letters excludes going straight back), Griffon `FyafsF`,
/// Rhino, Cannon, Vao, the leapers. Approximate: flying captures, airlifts and fast castling
/// have no XBoard notation, so the flyers get their plain slides, the airlifting pieces their
/// leaps, and the King its steps; with legality testing on XBoard would refuse those moves, so
/// it should be off for this variant. Pawn triple pushes are written as an initial non-jumping
/// (0,3) leap. The King's `O1` is castling to the square beside it, the corner piece landing on
/// its other side: the one fast castling XBoard can show (see `Coords` in the CECP front end).
const XBOARD_PIECES: [(char, &str); 24] = [
    ('T', "QNADcaKmK"),
    ('L', "Q"),
    ('F', "R"),
    ('S', "B"),
    ('O', "WA"),
    ('M', "RN"),
    ('A', "BN"),
    ('G', "FyafsF"),
    ('U', "WyafsW"),
    ('D', "RF"),
    ('H', "BW"),
    ('I', "WAD"),
    ('J', "C"),
    ('Z', "Z"),
    ('N', "N"),
    ('E', "FA"),
    ('C', "mRcpR"),
    ('V', "mBcpB"),
    ('W', "fmWfmnDfceFbhcN"),
    ('P', "fmWfceFifmnDifmnH"),
    ('Q', "Q"),
    ('R', "R"),
    ('B', "B"),
    ('K', "KO1"),
];

/// XBoard's `setup` line for `pos` and the `piece` lines. The castling and en-passant fields are
/// `-`: XBoard reads lowercase file letters as castling rights only in Fischer-random games, so
/// our `ANan` left it reading `an` as the en-passant field (and writing `KQ a<` into saved
/// games); with legality testing off it needs neither, and it cannot express either.
pub(super) fn cecp_setup(pos: &Makromachy) -> String {
    let white = format!("{XBOARD_TABLE}K");
    let black = white.to_ascii_lowercase();
    let position = write_position(pos);
    let mut fields = position.split(' ');
    let (placement, side) = (fields.next().unwrap_or(""), fields.next().unwrap_or("w"));
    let (halfmove, fullmove) = (fields.nth(2).unwrap_or("0"), fields.next().unwrap_or("1"));
    let mut s = format!(
        "setup ({white}{black}) 14x14+0_fairy {placement} {side} - - {halfmove} {fullmove}\n"
    );
    for (id, betza) in XBOARD_PIECES {
        s.push_str(&format!("piece {id}& {betza}\n"));
    }
    s.pop();
    s
}
