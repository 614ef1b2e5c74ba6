//! Position strings (ruling 7) both ways, the board picture and XBoard's `setup` and `piece`
//! lines.

use super::board::*;
use super::Makromachy;
use crate::core::placement::{
    castling_text, push_board, push_grid, read_fullmove, read_halfmove, read_side,
};
use crate::core::{Color, Game, PositionError};

pub const START: &str = "djivcgulkcvijd/wwwzrftqfrzwww/bhnmeossoeanhb/pppppppppppppp/14/14/14/14/14/14/PPPPPPPPPPPPPP/BHNMEOSSOEANHB/WWWZRFTQFRZWWW/DJIVCGULKCVIJD w ANan - 0 1";

/// Search benchmark positions: the start and four middlegames from seeded playouts (flyers
/// loose among broken Pawn walls, a Terror in play, castling rights kept).
pub const BENCH_POSITIONS: &[&str] = &[
    START,
    "d1ivcgulkcvijd/wwwzrftqfrewww/bh1me1ss1oan1b/1Sj3p1ppp2h/1n1o7p2/2p1A2p4p1/3p1p7p/6P2P1P2/9I4/7P4N1/PPPPPP2P1P1PP/BHNME1O1OE2HB/WWWZRFTQFRZWWW/DJIVCGULKCV1JD w ANan f8:f9f10 0 16",
    "d1ivcgulkcvijd/wwwzrf3rewww/Ahm1e4oan1b/1S3qp1spp2h/1ns3F4p2/2p4p4p1/1o1V4p4p/6P2P1PQ1/7I1T4/7P4N1/PtPPPP4P1PP/BHNME3OE2HB/WWWZR4RZWWW/DJIVCGULKC2JD w ANan - 2 31",
    "djivcgulkcvijd/1wwzrf1qfrzwww/wh1mSo2o1anhb/p1pp1tp1sppp2/1n6p3p1/12e1/4p8p/7Pp5/9SP3/7O4Zs/PPPPPPP1AP1PP1/BHNME2QOE1NHB/WWW2RT1FR1WWW/DJIVCGULKCVIJD w ANan - 0 16",
    "1divcgulkc1ijd/1wwzrf2fvzwww/wh3o2o1rnhb/2pp2p2ppp2/pn6p3p1/14/4p8p/9PL3/P6P2P2a/2PP7PZP/1P2PP2A4H/BHNME2QOE1N1B/WWW2RT1FR1WWW/DJIVCGU1KCVIJD w ANn - 1 31",
];

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

    pos.side = read_side(fields.get(1).copied().unwrap_or("w"))?;
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

pub(super) fn board_text(pos: &Makromachy) -> String {
    let mut s = String::new();
    push_grid(&mut s, FILES as u8, RANKS as u8, |file, rank| {
        match pos.board[square(file as usize, rank as usize) as usize] {
            EMPTY => '.',
            code => letter(code),
        }
    });
    s.push_str(&format!(
        "{} to move{}\nFEN: {}\nKey: {:016x}\n",
        pos.side.title(),
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
