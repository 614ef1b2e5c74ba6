//! Position strings (protocol.md: FEN-like rows with tags, side, en-passant items, clocks), the
//! author's setup string (`ct Ra1&,Pa2^,...`), the board picture and XBoard's `setup` line.
//!
//! One adds a sixth field, its graveyard (`resurrection`): the captured and oblationed pieces,
//! each letter (uppercase light, lowercase dark) once per piece, light first in the order
//! `PNBRQKEAUWTCOGSHMI` (`PPQpw`); written only when it holds a piece, read as empty when the
//! field is left out or `-`. Kings, Stars and Monoliths never stand in it; other variants have
//! no sixth field. The author's setup string has no graveyard.

use arrayvec::ArrayVec;

use super::board::{VerdictCache, MAX_EP};
use super::piece::{self, Cell, Kind, Tag, EMPTY};
use super::resurrection::Graveyard;
use super::variant::{Castling, Promotion, Variant};
use super::{Croatian, EpItem};
use crate::core::placement::push_board;
use crate::core::{Color, PositionError};

impl Croatian {
    /// Reads the author's setup string (github:mmlacak/crochess `cc_game_setup_from_string`),
    /// e.g. `CT Ke1&,Ra1&,Pa2^,ke10`.
    pub fn from_author_setup(text: &str) -> Result<Croatian, PositionError> {
        from_author_setup(text)
    }

    /// Writes the author's setup string; `None` for variants without an author's symbol.
    pub fn to_author_setup(&self) -> Option<String> {
        to_author_setup(self)
    }
}

fn variant_of(name: &str) -> Result<&'static Variant, PositionError> {
    Variant::by_name(name)
        .ok_or_else(|| PositionError::new("variant", format!("'{name}' is not a Croatian variant")))
}

pub fn start_position(name: &str) -> Result<Croatian, PositionError> {
    let v = variant_of(name)?;
    if v.is_random() {
        return Err(PositionError::new(
            "variant",
            format!("{name} has no fixed start: give its position string"),
        ));
    }
    let mut pos = Croatian::empty(v);
    let n = v.size;
    for (f, l) in v.figure_row.chars().enumerate() {
        let k = Kind::from_letter(l).unwrap_or(Kind::Pawn);
        let tag = if matches!(k, Kind::King | Kind::Rook) {
            Tag::Castle
        } else {
            Tag::None
        };
        for (rank, color) in [(0, Color::White), (n - 1, Color::Black)] {
            let s = pos.sq(f as u8, rank);
            let color = match k {
                Kind::Star => star_colour(&pos, s).unwrap_or(color),
                _ => color,
            };
            pos.board[s as usize] = piece::make(k, color, tag);
        }
    }
    for &row in v.pawn_rows {
        for f in 0..n {
            let s = pos.sq(f, row);
            pos.board[s as usize] = piece::make(Kind::Pawn, Color::White, Tag::Rush);
            let s = pos.sq(f, n - 1 - row);
            pos.board[s as usize] = piece::make(Kind::Pawn, Color::Black, Tag::Rush);
        }
    }
    for &(f, r, k) in v.troopers {
        let s = pos.sq(f, r);
        pos.board[s as usize] = piece::make(k, Color::White, Tag::Rush);
        let s = pos.sq(f, n - 1 - r);
        pos.board[s as usize] = piece::make(k, Color::Black, Tag::Rush);
    }
    for &(f, r) in super::monolith::start_fields(v) {
        let s = pos.sq(f, r);
        pos.board[s as usize] = super::monolith::cell();
    }
    pos.recompute_key();
    Ok(pos)
}

/// A Star belongs to no player; its colour is the opposite of its corner field's (light Stars
/// on a1 and the top right corner, dark Stars on the other two, L1394). `None` off the corners.
fn star_colour(pos: &Croatian, sq: u16) -> Option<Color> {
    let last = pos.v.size - 1;
    let corner = [pos.file_of(sq), pos.rank_of(sq)]
        .iter()
        .all(|&c| c == 0 || c == last);
    corner.then(|| {
        if pos.is_light_field(sq) {
            Color::Black
        } else {
            Color::White
        }
    })
}

fn parse_field(pos: &Croatian, text: &str) -> Option<u16> {
    let name = crate::core::square::parse_square(text, pos.v.size, pos.v.size)?;
    Some(pos.sq(name.file, name.rank))
}

/// Splits `b8:b3b4b5` style field runs into fields.
fn parse_fields(pos: &Croatian, text: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest[1..].bytes().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let (f, r) = rest.split_at(1 + digits);
        out.push(parse_field(pos, f)?);
        rest = r;
    }
    Some(out)
}

fn perr(field: &'static str, msg: impl Into<String>) -> PositionError {
    PositionError::new(field, msg)
}

/// Checks a tag can arise where it stands (ruling R7).
fn tag_allowed(pos: &Croatian, sq: u16, c: Cell) -> bool {
    let v = pos.v;
    let col = piece::color(c);
    let rel_rank = match col {
        Color::White => pos.rank_of(sq),
        Color::Black => v.size - 1 - pos.rank_of(sq),
    };
    let file = pos.file_of(sq) as usize;
    match (piece::tag(c), piece::kind(c)) {
        (Tag::None, _) => true,
        (Tag::Rush, k @ (Kind::Pawn | Kind::Scout | Kind::Grenadier)) => {
            v.rush_rows(k).contains(&rel_rank)
        }
        (Tag::Castle, k @ (Kind::King | Kind::Rook)) => {
            rel_rank == 0
                && (v.castling == Castling::Random
                    || v.figure_row.as_bytes().get(file) == Some(&(k.letter() as u8)))
        }
        (Tag::Promotion, Kind::Pawn) => {
            v.promotion == Promotion::Delayed && !pos.on_own_half(sq, col)
        }
        _ => false,
    }
}

fn place(pos: &mut Croatian, sq: u16, c: Cell, field: &'static str) -> Result<(), PositionError> {
    let k = piece::kind(c);
    if !pos.v.has(k) {
        return Err(perr(
            field,
            format!("{} does not play with '{}'", pos.v.name, k.letter()),
        ));
    }
    if !tag_allowed(pos, sq, c) {
        return Err(perr(
            field,
            format!(
                "tag '{}' cannot stand on {} {}",
                piece::tag(c).symbol(),
                piece::fen_letter(c),
                pos.field_name(sq)
            ),
        ));
    }
    // In One Starchilds move Stars anywhere (section 4.7.4).
    if k == Kind::Star
        && !pos.v.has(Kind::Starchild)
        && star_colour(pos, sq) != Some(piece::color(c))
    {
        return Err(perr(
            field,
            format!(
                "a Star stands only in a corner, light on a1 and the top right, dark on the \
                 others: not {} on {}",
                piece::fen_letter(c),
                pos.field_name(sq)
            ),
        ));
    }
    if k == Kind::Monolith && c != super::monolith::cell() {
        return Err(perr(
            field,
            format!(
                "a Monolith belongs to nobody and is written 'M': not '{}' on {}",
                piece::fen_letter(c),
                pos.field_name(sq)
            ),
        ));
    }
    // Where pieces are displaced a Pawn may be put on its last rank, unpromoted (OQ-8).
    let displaced = pos.v.has(Kind::Serpent) || pos.v.has(Kind::Shaman);
    if k == Kind::Pawn && pos.v.promotion == Promotion::Forced && !displaced {
        let last = match piece::color(c) {
            Color::White => pos.v.size - 1,
            Color::Black => 0,
        };
        if pos.rank_of(sq) == last {
            return Err(perr(
                field,
                format!("unpromoted Pawn on {}", pos.field_name(sq)),
            ));
        }
    }
    pos.board[sq as usize] = c;
    Ok(())
}

/// Checks made once the board is complete: Kings, and the side not to move not in check.
fn finish(mut pos: Croatian, field: &'static str) -> Result<Croatian, PositionError> {
    let mut kings = [0; 2];
    let size = pos.v.size;
    for r in 0..size {
        for f in 0..size {
            let c = pos.cell(pos.sq(f, r));
            if piece::is_piece(c) && piece::kind(c) == Kind::King {
                kings[piece::color(c).index()] += 1;
            }
        }
    }
    if kings.iter().any(|&n| n > 1) {
        return Err(perr(field, "more than one King of a colour"));
    }
    // A Wave entering one Monolith goes on from "the other" (section 2.5).
    if super::monolith::monoliths(&pos).len() > 2 {
        return Err(perr(field, "more than two Monoliths"));
    }
    pos.recompute_key();
    // With Waves the side that moved may have checkmated itself (OQ-5): a finished game.
    pos.decided = VerdictCache::known(pos.judge_self_checkmate());
    let them = !pos.side;
    let k = pos.kings[them.index()];
    if pos.verdict().is_none() && k != 0 && pos.is_attacked(k, pos.side) {
        return Err(perr("side to move", "the side not to move is in check"));
    }
    Ok(pos)
}

fn parse_rows(pos: &mut Croatian, text: &str) -> Result<(), PositionError> {
    const F: &str = "piece placement";
    let n = pos.v.size;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != n as usize {
        return Err(perr(F, format!("{} rows for a {n}x{n} board", rows.len())));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = n - 1 - i as u8;
        let b = row.as_bytes();
        let mut file = 0u32;
        let mut j = 0;
        while j < b.len() {
            let ch = b[j];
            if ch.is_ascii_digit() {
                let start = j;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let run: u32 = row[start..j].parse().unwrap_or(0);
                if run == 0 || row[start..].starts_with('0') {
                    return Err(perr(F, format!("bad empty run in row {}", rank + 1)));
                }
                file = file.saturating_add(run);
                if file > n as u32 {
                    return Err(perr(F, format!("row {} is too long", rank + 1)));
                }
                continue;
            }
            let kind = Kind::from_letter(ch as char)
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| {
                    perr(
                        F,
                        format!("'{}' in row {} is no piece", ch as char, rank + 1),
                    )
                })?;
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            j += 1;
            let tag = match b.get(j) {
                Some(b'|') => Tag::Rush,
                Some(b'&') => Tag::Castle,
                Some(b'=') => Tag::Promotion,
                _ => Tag::None,
            };
            if tag != Tag::None {
                j += 1;
            }
            if file >= n as u32 {
                return Err(perr(F, format!("row {} is too long", rank + 1)));
            }
            let sq = pos.sq(file as u8, rank);
            place(pos, sq, piece::make(kind, color, tag), F)?;
            file += 1;
        }
        if file != n as u32 {
            return Err(perr(
                F,
                format!("row {} has {file} fields, not {n}", rank + 1),
            ));
        }
    }
    Ok(())
}

/// Reads an en-passant item list against the board (the rushed privates belong to the side that
/// just moved; the listed fields are exactly those between its starting row and the private,
/// HD-7).
fn parse_ep(pos: &Croatian, text: &str) -> Result<ArrayVec<EpItem, MAX_EP>, PositionError> {
    const F: &str = "en passant";
    let mut items = ArrayVec::new();
    if text == "-" {
        return Ok(items);
    }
    let mover = !pos.side;
    for item in text.split(',') {
        let (pawn, fields) = item
            .split_once(':')
            .ok_or_else(|| perr(F, format!("'{item}' lacks ':'")))?;
        let pawn = parse_field(pos, pawn).ok_or_else(|| perr(F, format!("bad field '{pawn}'")))?;
        let private = pos.cell(pawn);
        if !piece::is_piece(private)
            || piece::color(private) != mover
            || !piece::is_private(piece::kind(private))
        {
            return Err(perr(
                F,
                format!(
                    "no {mover} Pawn, Scout or Grenadier on {}",
                    pos.field_name(pawn)
                ),
            ));
        }
        let mut fields =
            parse_fields(pos, fields).ok_or_else(|| perr(F, format!("bad fields in '{item}'")))?;
        let back = if mover == Color::White {
            -pos.stride()
        } else {
            pos.stride()
        };
        fields.sort_by_key(|&f| (f as isize - pawn as isize).abs());
        let mut expect = pawn as isize;
        for &f in &fields {
            expect += back;
            // From Miranda's Veil on a rushing Pawn passes over Waves and a cascade may put
            // pieces on the fields it crossed (T2-1); before, they are empty (R7).
            if f as isize != expect || pos.cell(f) != EMPTY && !pos.v.has(Kind::Wave) {
                return Err(perr(
                    F,
                    format!("'{item}' must list the fields the Pawn crossed"),
                ));
            }
        }
        let from = (expect + back) as u16;
        let rel = match mover {
            Color::White => pos.rank_of(from),
            Color::Black => pos.v.size - 1 - pos.rank_of(from),
        };
        if fields.is_empty() || !pos.v.rush_rows(piece::kind(private)).contains(&rel) {
            return Err(perr(F, format!("'{item}' is no rush from a starting row")));
        }
        if items.is_full() {
            return Err(perr(F, "too many items"));
        }
        items.push(EpItem { pawn, from });
    }
    Ok(items)
}

pub fn parse_position(name: &str, text: &str) -> Result<Croatian, PositionError> {
    let v = variant_of(name)?;
    if !text.is_ascii() {
        return Err(perr("position", "non-ASCII character"));
    }
    // The author's setup string starts with the variant's symbol (`CT Ke1&,...`).
    let first = text.split_whitespace().next().unwrap_or("");
    if v.symbol.is_some_and(|s| s.eq_ignore_ascii_case(first)) {
        return from_author_setup(text);
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    let graveyard = v.has(Kind::Starchild);
    if parts.len() != 5 && !(graveyard && parts.len() == 6) {
        let fields = if graveyard {
            "5 or 6 fields (placement side en-passant halfmove fullmove [graveyard])"
        } else {
            "5 fields (placement side en-passant halfmove fullmove)"
        };
        return Err(perr(
            "position",
            format!("expected {fields}, got {}", parts.len()),
        ));
    }
    let mut pos = Croatian::empty(v);
    parse_rows(&mut pos, parts[0])?;
    pos.side = match parts[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(perr("side to move", format!("'{s}' is not w or b"))),
    };
    pos.ep = parse_ep(&pos, parts[2])?;
    pos.halfmove = parts[3]
        .parse()
        .map_err(|_| perr("halfmove clock", format!("'{}' is no number", parts[3])))?;
    // No earlier state is known: the clock bounds the window as in every other game.
    pos.window = pos.halfmove;
    pos.fullmove = parts[4]
        .parse()
        .ok()
        .filter(|&n: &u32| n >= 1)
        .ok_or_else(|| {
            perr(
                "fullmove number",
                format!("'{}' is no move number", parts[4]),
            )
        })?;
    if let Some(text) = parts.get(5) {
        pos.graveyard = Graveyard::parse(text, |k| v.has(k)).map_err(|e| perr("graveyard", e))?;
    }
    finish(pos, "piece placement")
}

fn ep_text(pos: &Croatian) -> String {
    if pos.ep.is_empty() {
        return "-".into();
    }
    let mut items: Vec<&EpItem> = pos.ep.iter().collect();
    items.sort_by_key(|i| (pos.file_of(i.pawn), pos.rank_of(i.pawn)));
    let parts: Vec<String> = items
        .iter()
        .map(|i| {
            let step = if i.pawn > i.from {
                pos.stride()
            } else {
                -pos.stride()
            };
            let mut s = format!("{}:", pos.field_name(i.pawn));
            let mut f = i.from as isize + step;
            while f != i.pawn as isize {
                s.push_str(&pos.field_name(f as u16));
                f += step;
            }
            s
        })
        .collect();
    parts.join(",")
}

pub fn write_position(pos: &Croatian) -> String {
    let n = pos.v.size;
    let mut placement = String::new();
    push_board(&mut placement, 0..n, 0..n, |f, r| {
        let c = pos.cell(pos.sq(f, r));
        (c != EMPTY).then(|| format!("{}{}", piece::fen_letter(c), piece::tag(c).symbol()))
    });
    let mut text = format!(
        "{} {} {} {} {}",
        placement,
        if pos.side == Color::White { "w" } else { "b" },
        ep_text(pos),
        pos.halfmove,
        pos.fullmove
    );
    // One's graveyard (`resurrection`), written when it holds a piece.
    if !pos.graveyard.is_empty() {
        text.push(' ');
        text.push_str(&pos.graveyard.text());
    }
    text
}

/// Reads the author's setup string: `<variant symbol> <piece><field>[<tag>],...`; an uppercase
/// symbol puts light on move. Tags: `^` (also `|`) may rush, `&` may castle, `=` promotion tag,
/// `:` rushed last move (the author's current `cc_tag.h`).
fn from_author_setup(text: &str) -> Result<Croatian, PositionError> {
    const F: &str = "setup";
    if !text.is_ascii() {
        return Err(perr(F, "non-ASCII character"));
    }
    let (symbol, list) = text
        .trim()
        .trim_matches('"')
        .split_once(' ')
        .ok_or_else(|| perr(F, "expected '<variant> <pieces>'"))?;
    let lower = symbol.to_ascii_lowercase();
    let v = super::variant::VARIANTS
        .iter()
        .find(|v| v.symbol == Some(lower.as_str()))
        .ok_or_else(|| perr("variant", format!("unknown variant symbol '{symbol}'")))?;
    let mut pos = Croatian::empty(v);
    pos.side = if symbol
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase())
    {
        Color::White
    } else {
        Color::Black
    };
    let mut rushed = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let mut chars = item.chars();
        let letter = chars.next().unwrap_or(' ');
        let rest = chars.as_str();
        let field_len = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let sq = parse_field(&pos, &rest[..field_len])
            .ok_or_else(|| perr(F, format!("bad field in '{item}'")))?;
        let kind = Kind::from_letter(letter)
            .filter(|_| letter.is_ascii_alphabetic())
            .ok_or_else(|| perr(F, format!("'{letter}' is no piece in '{item}'")))?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let tag = match &rest[field_len..] {
            "" => Tag::None,
            "^" | "|" => Tag::Rush,
            "&" => Tag::Castle,
            "=" => Tag::Promotion,
            ":" => {
                rushed.push(sq);
                Tag::None
            }
            t => return Err(perr(F, format!("unknown tag '{t}' in '{item}'"))),
        };
        if pos.cell(sq) != EMPTY {
            return Err(perr(F, format!("{} holds two pieces", pos.field_name(sq))));
        }
        place(&mut pos, sq, piece::make(kind, color, tag), F)?;
    }
    for sq in rushed {
        let c = pos.cell(sq);
        let mover = piece::color(c);
        if !piece::is_private(piece::kind(c)) || mover == pos.side {
            return Err(perr(F, "':' marks a private of the side that just moved"));
        }
        let row = pos.v.rush_rows(piece::kind(c))[0];
        let rank = match mover {
            Color::White => row,
            Color::Black => v.size - 1 - row,
        };
        let from = pos.sq(pos.file_of(sq), rank);
        let dist = (pos.rank_of(sq) as i32 - rank as i32).abs();
        if dist < 2 {
            return Err(perr(F, "':' marks a Pawn that did not rush"));
        }
        pos.ep.push(EpItem { pawn: sq, from });
    }
    finish(pos, F)
}

/// Writes the author's setup string (light pieces first, rank by rank).
fn to_author_setup(pos: &Croatian) -> Option<String> {
    let symbol = pos.v.symbol?;
    let mut items = Vec::new();
    for color in Color::ALL {
        for r in 0..pos.v.size {
            for f in 0..pos.v.size {
                let sq = pos.sq(f, r);
                let c = pos.cell(sq);
                if !piece::is_piece(c) || piece::color(c) != color {
                    continue;
                }
                let tag = if pos.ep.iter().any(|i| i.pawn == sq) {
                    ":"
                } else {
                    match piece::tag(c) {
                        Tag::None => "",
                        Tag::Rush => "^",
                        Tag::Castle => "&",
                        Tag::Promotion => "=",
                    }
                };
                items.push(format!(
                    "{}{}{}",
                    piece::fen_letter(c),
                    pos.field_name(sq),
                    tag
                ));
            }
        }
    }
    let symbol = if pos.side == Color::White {
        symbol.to_ascii_uppercase()
    } else {
        symbol.to_string()
    };
    Some(format!("{symbol} {}", items.join(",")))
}

pub fn board_text(pos: &Croatian) -> String {
    let n = pos.v.size;
    let mut out = String::new();
    crate::core::placement::push_grid(&mut out, n, n, |f, r| {
        let c = pos.cell(pos.sq(f, r));
        if c != EMPTY {
            piece::fen_letter(c)
        } else if pos.is_light_field(pos.sq(f, r)) {
            '.'
        } else {
            ':'
        }
    });
    out.push_str(&format!("{}\n", write_position(pos)));
    out
}

/// XBoard's engine-defined variant: a `setup` line naming which of XBoard's piece slots our
/// letters use (default order `PNBRQFEACWMOHIJGDVLSUK`: Pegasus in the Nightrider slot, Pyramid
/// in the Archbishop slot, Wave in the Wizard slot, Unicorn in the Unicorn slot) and `piece`
/// lines with Betza moves for the pieces XBoard does not know (`&` after the letter defines both
/// colours, backend.c). The Pyramid and the Wave move only when activated, which Betza cannot
/// say, and the Unicorn's colour-bound choice of jumps neither: play these variants with legality
/// testing off. Boards above 16x16 (Nineteen on) cannot be drawn by XBoard.
pub fn cecp_setup(pos: &Croatian) -> Option<String> {
    let v = pos.v;
    if v.size > 16 {
        return None;
    }
    // Index into XBoard's default order `PNBRQFEACWMOHIJGDVLSUK` (22 per colour).
    let slot_of = |k: Kind| match k {
        Kind::Pawn => Some(0),
        Kind::Knight => Some(1),
        Kind::Bishop => Some(2),
        Kind::Rook => Some(3),
        Kind::Queen => Some(4),
        Kind::Pyramid => Some(7),
        Kind::Wave => Some(9),
        Kind::Pegasus => Some(12),
        Kind::Unicorn => Some(20),
        Kind::King => Some(21),
        _ => None,
    };
    let mut table = [b'.'; 44];
    for &k in v.kinds {
        if let Some(i) = slot_of(k) {
            table[i] = k.letter() as u8;
            table[22 + i] = k.letter().to_ascii_lowercase() as u8;
        }
    }
    let table = String::from_utf8_lossy(&table).into_owned();
    let fen = write_position(pos);
    let placement: String = fen
        .split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !matches!(c, '|' | '&' | '='))
        .collect();
    let side = if pos.side == Color::White { "w" } else { "b" };
    let mut out = format!(
        "setup ({table}) {n}x{n}+0_fairy {placement} {side} - - 0 1",
        n = v.size
    );
    if v.has(Kind::Pegasus) {
        out.push_str("\npiece E& NN");
    }
    if v.has(Kind::Unicorn) {
        // Betza has no atom for the (1,4) jump in XBoard (moves.c knows N and the Zebra L);
        // XBoard then needs legality testing off to accept it.
        out.push_str("\npiece U& NL");
    }
    Some(out)
}
