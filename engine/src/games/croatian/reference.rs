//! An independent, deliberately plain move generator for the Croatian family, written straight
//! from the rules pages (shared/rules/croatian/part1-classical-to-nineteen.md, part2 for Hemera's
//! Dawn, and protocol.md) to check the fast generator's counts. It shares no rule code with the rest of this folder: its
//! own variant table, board (a plain vector of pieces), position-string reader and writer, move
//! generation and check test. Clarity comes before speed.
//!
//! Variants: Croatian Ties, Mayan Ascendancy, Age of Aquarius, Miranda's Veil, Nineteen,
//! Hemera's Dawn, the simple variants (classical/croatianties 14, 20, 26) and their randomized
//! flavours.
//!
//! ## How a turn is generated
//!
//! A turn is a search over *in-air states*: the board without the moving piece, the piece in the
//! air, the field it leaves from (where its activator stands), the momentum it carries and, for a
//! Wave, the pattern it inherited. One ply of the piece in the air ends either the turn (a final
//! board) or in an activation (a new in-air state). In-air states are visited once per turn
//! (ruling OQ-8), and each distinct final state (board with its tags, en-passant items, side to
//! move; not the clocks) is one move. A Wave's reach is a walk over (field, step phase) states
//! with its own visited set, so Star teleport loops and off-board Unicorn-type paths end.
//!
//! Every piece carries two transient marks while a turn is generated: `moved` (it ended a ply in
//! this turn; ruling T2-8) and the en-passant tag `Rushed` (a private that rushed in this turn,
//! or the previous turn's rushed privates of the opponent). Both are cleared on the final board.
//!
//! Adding a later tier means adding its pieces to [`Kind`], their plies to [`Turns::ply`], their
//! inherited Wave patterns to [`Pattern`] and their variants to [`RULES`]; the turn search, the
//! finishing of a turn and the position strings stay as they are.
//!
//! ## Readings decided here (the rules pages leave them open)
//!
//! * **Self-checkmate ends the game.** A turn after which the mover's King is attacked only by
//!   opponent pieces moved in that turn is legal and counted (part1 section 7, OQ-5). The
//!   position after it is finished: it has no successors, so perft counts it as a leaf and never
//!   expands it. The same holds for any position whose side not to move is in check (only a
//!   self-checkmate or a double checkmate leaves one). The fast generator's `legal_moves` must
//!   list no move there for perft counts to agree below such a turn.
//! * **No null moves.** A turn whose final board (pieces and tags) equals the board before it is
//!   not a move (part2 OQ-15 and HD-5, applied to every variant: "no passing exists in chess").
//!   A Wave ping-pong in Miranda's Veil or Nineteen can otherwise restore the position, and so
//!   can a piece teleporting back onto the portal field it left.
//! * **Teleport oblation of a Wave** (L1446-1448, TB-N4): a Wave that enters a Star may teleport;
//!   if nothing it could end on is reachable after that teleport, the Wave's removal is one of
//!   its outcomes, beside the ends it could reach without teleporting there. Fields its path
//!   crosses again after a teleport loop still count as reachable: a loop is not a block.
//! * **A Pyramid may convert an opponent's Wave** on its own half (L404, L454: "any opponent's
//!   piece, except King"), as well as capture it.
//! * **Halfmove clock**: reset when a turn changes where Pawns stand (of either colour) or removes
//!   a piece (capture, oblation, a Pyramid leaving after promoting, tagging or converting), so two
//!   sequences reaching one state get one clock (T2-9 leaves the choice open).
//! * **Author's setup strings** (`MV Ra1&,Pa2^,...`): a private marked `:` rushed from the first
//!   row its kind starts on (Pawns and Grenadiers rank 2 or n-1, Scouts rank 4 or n-3), as the
//!   existing reader does; our own position strings say exactly which fields were crossed.
//! * **Position strings** follow protocol.md and rulings R7, T2-1 and T2-10; pieces on the
//!   crossed fields of an en-passant item are accepted (T2-1), and so is a position whose side
//!   not to move is in check (it is finished, see above).
//!
//! * **Hemera's Dawn**: a tagged private's plain move 2 or more fields straight forward is its
//!   rush (OQ-3 "the first move ... is a rush"), so it always leaves an en-passant item; a Scout
//!   or Grenadier step onto a Star teleports it (Table 27 "step, teleport"), and a Scout forks
//!   around a Star as around any occupied field (OQ-1).
//!
//! The rulings applied as written include OQ-1 (a Wave never activates a Pyramid), OQ-2 (a
//! Unicorn-like Wave steps short on its own colour), OQ-4 (a Wave may pass over a Star or
//! teleport), OQ-6 and T2-6 (a piece with no ply cannot be activated; a Wave whose only ends are
//! such pieces is oblationed), OQ-7, OQ-8, OQ-9, OQ-10, R1-R10 and T2-1 .. T2-11; for Hemera's
//! Dawn part2 OQ-1 .. OQ-6, OQ-15 and HD-1 .. HD-7.

use std::collections::HashSet;

use crate::core::geometry::{leaps, ALL_LINES, DIAGONAL, KNIGHT, ORTHOGONAL};
use crate::core::placement::{push_board, read_fullmove, read_halfmove};
use crate::core::Color;

#[cfg(test)]
#[path = "reference_check.rs"]
mod check;

/// Checks the reference's perft against every count of `suite` up to `budget` leaves; returns
/// how many it checked.
#[cfg(test)]
fn check_suite(variant: &str, suite: &crate::core::perft::Suite<'_>, budget: u64) -> usize {
    let mut checked = 0;
    for entry in &suite.entries {
        for &(depth, want) in entry.counts.iter().filter(|&&(_, n)| n <= budget) {
            let got = perft(variant, entry.position, depth)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", entry.name));
            assert_eq!(got, want, "{variant} {} depth {depth}", entry.name);
            checked += 1;
        }
    }
    checked
}

// ------------------------------------------------------------------------------ public API

/// The resulting position strings of every legal move, one per distinct resulting state.
pub fn successors(variant: &str, position: &str) -> Result<Vec<String>, String> {
    let pos = Position::read(variant, position)?;
    Ok(pos.successors().iter().map(Position::write).collect())
}

/// Leaf count of the move tree `depth` moves deep.
pub fn perft(variant: &str, position: &str, depth: u32) -> Result<u64, String> {
    Ok(Position::read(variant, position)?.perft(depth))
}

/// Every move as (its plies, the resulting position string), e.g. `Bb5-e2~We2-h5~wh5-k2~pk2-k1=Q`
/// (`~` between plies; `x` capture, `ep` en passant, `=Q` promotion, `=` promotion tag, `%`
/// conversion, `|` teleport, `|||` oblation; castling `Ki1-c1&Ra1-d1`). The plies are the first
/// sequence found for that state, for reading; they are no notation.
pub fn moves(variant: &str, position: &str) -> Result<Vec<(String, String)>, String> {
    let pos = Position::read(variant, position)?;
    Ok(pos
        .moves()
        .into_iter()
        .map(|(p, path)| (path, p.write()))
        .collect())
}

/// The start position string of a variant with a fixed setup (part1 section 1).
pub fn start_position(variant: &str) -> Result<String, String> {
    Position::start(variant).map(|p| p.write())
}

/// The variants this generator plays.
pub fn variants() -> impl Iterator<Item = &'static str> {
    RULES.iter().map(|r| r.name)
}

// ------------------------------------------------------------------------------ the variants

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Castling {
    /// With the closest tagged Rook on a side: the King moves 2 fields up to the field next to
    /// the Rook (towards higher files), or up to one field short of that (towards lower files).
    /// With the main variants' Rooks this is Table 18; in the simple variants it is L5941.
    Closest,
    /// Randomized flavours: 1 field up to and including the closest Rook's field (L6154).
    Random,
}

struct Rules {
    name: &'static str,
    /// The author's variant symbol in his setup strings.
    symbol: Option<&'static str>,
    size: usize,
    /// Light's figure row, files a.. (part1 section 1); empty for the randomized flavours.
    figure_row: &'static str,
    /// Pawn rows counted from the own figure row (0 = figure row).
    pawn_rows: &'static [usize],
    /// Light's privates from rank 2 upwards (`.` empty) where they are not all Pawns on the
    /// Pawn rows; dark's stand on the same files (part2 section 1).
    private_rows: &'static [&'static str],
    /// The Scout's limit `oml` and the Grenadier's horizontal and vertical limits out of close
    /// quarters (Table 16).
    scout_limit: u32,
    grenadier_limits: (u32, u32),
    sideways_pawns: bool,
    delayed_promotion: bool,
    castling: Castling,
    /// Nineteen: the King may castle out of and through check (L1605-1610).
    castle_through_check: bool,
    /// Piece letters of the variant (uppercase).
    letters: &'static str,
    /// What a Pawn promotes to (OQ-10: the setup's kinds but Pawn, King, Star).
    promotions: &'static str,
}

const fn simple(name: &'static str, symbol: &'static str, n: usize, row: &'static str) -> Rules {
    let ties = symbol.as_bytes()[1] == b't';
    Rules {
        name,
        symbol: Some(symbol),
        size: n,
        figure_row: row,
        pawn_rows: &[1],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: ties,
        delayed_promotion: false,
        castling: Castling::Closest,
        castle_through_check: false,
        letters: if ties { "PBRQKE" } else { "PNBRQK" },
        promotions: if ties { "QRBE" } else { "QRBN" },
    }
}

/// A randomized flavour of a simple variant: any figure row, castling with the closest Rook
/// either way, and a second Pawn row in the Croatian Ties flavours (L6134).
const fn random(name: &'static str, base: Rules) -> Rules {
    Rules {
        name,
        symbol: None,
        figure_row: "",
        pawn_rows: if base.sideways_pawns { &[1, 2] } else { &[1] },
        castling: Castling::Random,
        ..base
    }
}

const CC14: &str = "RNBRNBQKBNRBNR";
const CC20: &str = "RNBRNBRNBQKBNRBNRBNR";
const CC26: &str = "RNBRNBRNBRNBQKBNRBNRBNRBNR";
const CT14: &str = "REBREBQKBERBER";
const CT20: &str = "REBREBREBQKBERBERBER";
const CT26: &str = "REBREBREBREBQKBERBERBERBER";

static RULES: [Rules; 18] = [
    Rules {
        name: "croatianties",
        symbol: Some("ct"),
        size: 10,
        figure_row: "RENBQKBNER",
        pawn_rows: &[1],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: false,
        delayed_promotion: false,
        castling: Castling::Closest,
        castle_through_check: false,
        letters: "PNBRQKE",
        promotions: "QRBNE",
    },
    Rules {
        name: "mayanascendancy",
        symbol: Some("ma"),
        size: 12,
        figure_row: "REANBQKBNAER",
        pawn_rows: &[1],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: false,
        delayed_promotion: false,
        castling: Castling::Closest,
        castle_through_check: false,
        letters: "PNBRQKEA",
        promotions: "QRBNEA",
    },
    Rules {
        name: "ageofaquarius",
        symbol: Some("aoa"),
        size: 14,
        figure_row: "REAUNBQKBNUAER",
        pawn_rows: &[1],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: false,
        delayed_promotion: true,
        castling: Castling::Closest,
        castle_through_check: false,
        letters: "PNBRQKEAU",
        promotions: "QRBNEAU",
    },
    Rules {
        name: "mirandasveil",
        symbol: Some("mv"),
        size: 16,
        figure_row: "REAUWNBQKBNWUAER",
        pawn_rows: &[1],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: false,
        delayed_promotion: true,
        castling: Castling::Closest,
        castle_through_check: false,
        letters: "PNBRQKEAUW",
        promotions: "QRBNEAUW",
    },
    Rules {
        name: "nineteen",
        symbol: Some("n"),
        size: 18,
        // The dark Star in the corner: the figure row is mirrored with colours swapped.
        figure_row: "TRNBWEUAQKAUEWBNRt",
        pawn_rows: &[1, 2],
        private_rows: &[],
        scout_limit: 0,
        grenadier_limits: (0, 0),
        sideways_pawns: true,
        delayed_promotion: true,
        castling: Castling::Closest,
        castle_through_check: true,
        letters: "PNBRQKEAUWT",
        promotions: "QRBNEAUW",
    },
    Rules {
        name: "hemerasdawn",
        symbol: Some("hd"),
        size: 20,
        figure_row: "TRNBCWEUAQKAUEWCBNRt",
        pawn_rows: &[1, 2],
        private_rows: &[
            "PPPGPGPPPPPPPPGPGPPP",
            "PPGPPPGPPPPPPGPPPGPP",
            "..O...O......O...O..",
            "...O.O........O.O...",
        ],
        scout_limit: 5,
        grenadier_limits: (3, 2),
        sideways_pawns: true,
        delayed_promotion: true,
        castling: Castling::Closest,
        // As Nineteen (part2 section 2.9).
        castle_through_check: true,
        letters: "PNBRQKEAUWTCOG",
        // Any kind but Pawn, King, Star (part2 section 2.10).
        promotions: "QRBNEAUWCOG",
    },
    simple("classical14", "cc14", 14, CC14),
    simple("classical20", "cc20", 20, CC20),
    simple("classical26", "cc26", 26, CC26),
    simple("croatianties14", "ct14", 14, CT14),
    simple("croatianties20", "ct20", 20, CT20),
    simple("croatianties26", "ct26", 26, CT26),
    random("classical14random", simple("", "cc14", 14, CC14)),
    random("classical20random", simple("", "cc20", 20, CC20)),
    random("classical26random", simple("", "cc26", 26, CC26)),
    random("croatianties14random", simple("", "ct14", 14, CT14)),
    random("croatianties20random", simple("", "ct20", 20, CT20)),
    random("croatianties26random", simple("", "ct26", 26, CT26)),
];

fn rules_of(name: &str) -> Result<&'static Rules, String> {
    RULES
        .iter()
        .find(|r| r.name == name)
        .ok_or_else(|| format!("'{name}' is not a Croatian variant"))
}

// ------------------------------------------------------------------------------ pieces and board

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Pegasus,
    Pyramid,
    Unicorn,
    Wave,
    Star,
    Centaur,
    Scout,
    Grenadier,
}

const KINDS: [(Kind, char); 14] = [
    (Kind::Pawn, 'P'),
    (Kind::Knight, 'N'),
    (Kind::Bishop, 'B'),
    (Kind::Rook, 'R'),
    (Kind::Queen, 'Q'),
    (Kind::King, 'K'),
    (Kind::Pegasus, 'E'),
    (Kind::Pyramid, 'A'),
    (Kind::Unicorn, 'U'),
    (Kind::Wave, 'W'),
    (Kind::Star, 'T'),
    (Kind::Centaur, 'C'),
    (Kind::Scout, 'O'),
    (Kind::Grenadier, 'G'),
];

impl Kind {
    fn letter(self) -> char {
        KINDS
            .iter()
            .find(|(k, _)| *k == self)
            .map_or('?', |&(_, l)| l)
    }

    fn from_letter(letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        KINDS.iter().find(|(_, l)| *l == upper).map(|&(k, _)| k)
    }

    /// Passive pieces never start a move (L382, L4058).
    fn passive(self) -> bool {
        matches!(self, Kind::Pyramid | Kind::Wave | Kind::Star)
    }

    /// Pawns, Scouts and Grenadiers: they rush and are taken en passant (L4014, L2058).
    fn private(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Scout | Kind::Grenadier)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Tag {
    None,
    /// `|`: may rush.
    Rush,
    /// `&`: may castle.
    Castle,
    /// `=`: tagged for promotion.
    Promotion,
    /// En-passant tag while a turn is generated: rushed from rank `from` (0-based). On the
    /// mover's Pawns it marks this turn's rushes, on the opponent's the previous turn's.
    Rushed {
        from: u8,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Piece {
    kind: Kind,
    color: Color,
    tag: Tag,
    /// Ended a ply in the turn being generated (T2-8).
    moved: bool,
}

impl Piece {
    fn new(kind: Kind, color: Color, tag: Tag) -> Piece {
        Piece {
            kind,
            color,
            tag,
            moved: false,
        }
    }

    /// The piece at the end of its ply: tags lost (L4116), moved.
    fn landed(self) -> Piece {
        Piece {
            tag: Tag::None,
            moved: true,
            ..self
        }
    }

    fn letter(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece once the turn is over: the transient marks dropped.
    fn settled(self) -> Piece {
        let tag = match self.tag {
            Tag::Rushed { .. } => Tag::None,
            tag => tag,
        };
        Piece::new(self.kind, self.color, tag)
    }

    fn is(self, kind: Kind, color: Color) -> bool {
        self.kind == kind && self.color == color
    }
}

type Board = Vec<Option<Piece>>;

/// +1 for light (upwards), -1 for dark.
fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Field colour: a1 is dark (L143), so (0, 0) and every field with x + y even is dark; virtual
/// fields off the board follow the same parity.
fn field_color(x: i32, y: i32) -> Color {
    if (x + y).rem_euclid(2) == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The Unicorn's long jumps: |dx| + |dy| = 5, both non-zero (OQ-20).
const UNICORN_LONG: &[(i8, i8)] = [leaps(1, 4), leaps(2, 3)].as_flattened();

/// The Unicorn's jumps from a field: Knight jumps on its own colour, long jumps otherwise
/// (L595-604, OQ-20).
fn unicorn_jumps(color: Color, x: i32, y: i32) -> &'static [(i8, i8)] {
    if field_color(x, y) == color {
        &KNIGHT
    } else {
        UNICORN_LONG
    }
}

impl Rules {
    fn sq(&self, x: i32, y: i32) -> usize {
        y as usize * self.size + x as usize
    }

    fn xy(&self, sq: usize) -> (i32, i32) {
        ((sq % self.size) as i32, (sq / self.size) as i32)
    }

    fn on_board(&self, x: i32, y: i32) -> bool {
        let n = self.size as i32;
        (0..n).contains(&x) && (0..n).contains(&y)
    }

    fn field(&self, x: i32, y: i32) -> Option<usize> {
        self.on_board(x, y).then(|| self.sq(x, y))
    }

    fn name_of(&self, sq: usize) -> String {
        let (x, y) = self.xy(sq);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    fn parse_field(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let x = (file as u8 - b'a') as i32;
        let y = digits.parse::<i32>().ok()? - 1;
        self.field(x, y)
    }

    /// Rank counted from `color`'s figure row (0 = figure row).
    fn rel_rank(&self, y: i32, color: Color) -> usize {
        match color {
            Color::White => y as usize,
            Color::Black => self.size - 1 - y as usize,
        }
    }

    /// The half nearer `color`'s figure row (L4162).
    fn own_half(&self, y: i32, color: Color) -> bool {
        self.rel_rank(y, color) < self.size / 2
    }

    fn last_rank(&self, color: Color) -> i32 {
        match color {
            Color::White => self.size as i32 - 1,
            Color::Black => 0,
        }
    }

    fn has(&self, kind: Kind) -> bool {
        self.letters.contains(kind.letter())
    }

    fn promotion_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.promotions.chars().filter_map(Kind::from_letter)
    }

    /// Whether `piece` may carry its tag on `sq` (ruling R7, T2-10 for Stars).
    fn tag_allowed(&self, piece: Piece, sq: usize) -> bool {
        let (x, y) = self.xy(sq);
        let rel = self.rel_rank(y, piece.color);
        match (piece.tag, piece.kind) {
            (Tag::None, _) => true,
            (Tag::Rush, kind) if kind.private() => self.rush_rows(kind).contains(&rel),
            (Tag::Castle, Kind::King | Kind::Rook) => {
                rel == 0
                    && (self.castling == Castling::Random
                        || self.figure_row.chars().nth(x as usize) == Some(piece.kind.letter()))
            }
            (Tag::Promotion, Kind::Pawn) => {
                self.delayed_promotion && !self.own_half(y, piece.color)
            }
            _ => false,
        }
    }

    /// The rows (counted from the own figure row) where a private of `kind` starts and may
    /// rush from: Pawns and Grenadiers on the Pawn rows, Scouts on theirs (HD-7).
    fn rush_rows(&self, kind: Kind) -> Vec<usize> {
        if kind != Kind::Scout {
            return self.pawn_rows.to_vec();
        }
        let rows = self.private_rows.iter().enumerate();
        rows.filter(|(_, row)| row.contains('O'))
            .map(|(i, _)| i + 1)
            .collect()
    }

    /// The corners a Star of `color` may stand on: light a1 and the far corner, dark the
    /// other two (L1394, T2-10).
    fn star_allowed(&self, color: Color, sq: usize) -> bool {
        let (x, y) = self.xy(sq);
        let last = self.size as i32 - 1;
        let corner = (x == 0 || x == last) && (y == 0 || y == last);
        corner && (x == y) == (color == Color::White)
    }
}

// ------------------------------------------------------------------------------ positions

/// A Pawn rushed in the last move: it stands on `pawn`, started on `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct EpItem {
    pawn: usize,
    from: usize,
}

#[derive(Clone)]
struct Position {
    rules: &'static Rules,
    board: Board,
    side: Color,
    /// Sorted by the rushed Pawn's file, then rank.
    ep: Vec<EpItem>,
    halfmove: u32,
    fullmove: u32,
}

fn tag_symbol(tag: Tag) -> &'static str {
    match tag {
        Tag::Rush => "|",
        Tag::Castle => "&",
        Tag::Promotion => "=",
        Tag::None | Tag::Rushed { .. } => "",
    }
}

impl Position {
    fn empty(rules: &'static Rules) -> Position {
        Position {
            rules,
            board: vec![None; rules.size * rules.size],
            side: Color::White,
            ep: Vec::new(),
            halfmove: 0,
            fullmove: 1,
        }
    }

    fn start(variant: &str) -> Result<Position, String> {
        let rules = rules_of(variant)?;
        if rules.figure_row.is_empty() {
            return Err(format!(
                "{variant} has no fixed start: give its position string"
            ));
        }
        let mut pos = Position::empty(rules);
        let last = rules.size as i32 - 1;
        for (x, letter) in rules.figure_row.chars().enumerate() {
            let kind = Kind::from_letter(letter).ok_or("bad setup table")?;
            let light = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let tag = if matches!(kind, Kind::King | Kind::Rook) {
                Tag::Castle
            } else {
                Tag::None
            };
            let x = x as i32;
            pos.board[rules.sq(x, 0)] = Some(Piece::new(kind, light, tag));
            pos.board[rules.sq(x, last)] = Some(Piece::new(kind, !light, tag));
        }
        let all_pawns = "P".repeat(rules.size);
        let rows: Vec<(usize, &str)> = if rules.private_rows.is_empty() {
            rules
                .pawn_rows
                .iter()
                .map(|&r| (r, all_pawns.as_str()))
                .collect()
        } else {
            let rows = rules.private_rows.iter().enumerate();
            rows.map(|(i, &row)| (i + 1, row)).collect()
        };
        for (row, letters) in rows {
            for (x, letter) in letters.chars().enumerate() {
                let Some(kind) = Kind::from_letter(letter) else {
                    continue;
                };
                let private = |color| Some(Piece::new(kind, color, Tag::Rush));
                pos.board[rules.sq(x as i32, row as i32)] = private(Color::White);
                pos.board[rules.sq(x as i32, last - row as i32)] = private(Color::Black);
            }
        }
        Ok(pos)
    }

    /// Reads our position string (protocol.md) or the author's setup string.
    fn read(variant: &str, text: &str) -> Result<Position, String> {
        let rules = rules_of(variant)?;
        if !text.is_ascii() {
            return Err("non-ASCII character in the position".into());
        }
        let first = text.split_whitespace().next().unwrap_or("");
        if rules.symbol.is_some_and(|s| s.eq_ignore_ascii_case(first)) {
            return Position::read_author(rules, text);
        }
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [placement, side, ep, halfmove, fullmove] = parts[..] else {
            return Err(format!(
                "expected 5 fields (placement side en-passant halfmove fullmove), got {}",
                parts.len()
            ));
        };
        let mut pos = Position::empty(rules);
        pos.read_placement(placement)?;
        pos.side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("side to move '{s}' is not w or b")),
        };
        pos.read_ep(ep)?;
        pos.halfmove = read_halfmove(halfmove).map_err(|e| e.to_string())?;
        pos.fullmove = read_fullmove(fullmove).map_err(|e| e.to_string())?;
        pos.check_kings()?;
        Ok(pos)
    }

    fn place(&mut self, sq: usize, piece: Piece) -> Result<(), String> {
        let rules = self.rules;
        let (_, y) = rules.xy(sq);
        let at = rules.name_of(sq);
        if !rules.has(piece.kind) {
            return Err(format!(
                "{} does not play with '{}'",
                rules.name,
                piece.letter()
            ));
        }
        if !rules.tag_allowed(piece, sq) {
            let (letter, tag) = (piece.letter(), tag_symbol(piece.tag));
            return Err(format!("tag '{tag}' cannot stand on {letter} {at}"));
        }
        if piece.kind == Kind::Star && !rules.star_allowed(piece.color, sq) {
            return Err(format!("no {} Star stands on {at}", piece.color));
        }
        if piece.kind == Kind::Pawn && !rules.delayed_promotion && y == rules.last_rank(piece.color)
        {
            return Err(format!("unpromoted Pawn on {at}"));
        }
        if self.board[sq].is_some() {
            return Err(format!("two pieces on {at}"));
        }
        self.board[sq] = Some(piece);
        Ok(())
    }

    fn read_placement(&mut self, text: &str) -> Result<(), String> {
        let n = self.rules.size;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != n {
            return Err(format!("{} rows for a {n}x{n} board", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let y = (n - 1 - i) as i32;
            let mut x = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut run = String::from(ch);
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        run.push(d);
                    }
                    let count: usize = run.parse().unwrap_or(0);
                    if count == 0 || run.starts_with('0') || count > n - x {
                        return Err(format!("bad run of empty fields in row {}", y + 1));
                    }
                    x += count;
                    continue;
                }
                let kind = Kind::from_letter(ch)
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or_else(|| format!("'{ch}' in row {} is no piece", y + 1))?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let tag = match chars.next_if(|c| matches!(c, '|' | '&' | '=')) {
                    Some('|') => Tag::Rush,
                    Some('&') => Tag::Castle,
                    Some('=') => Tag::Promotion,
                    _ => Tag::None,
                };
                if x >= n {
                    return Err(format!("row {} is too long", y + 1));
                }
                let sq = self.rules.sq(x as i32, y);
                self.place(sq, Piece::new(kind, color, tag))?;
                x += 1;
            }
            if x != n {
                return Err(format!("row {} has {x} fields, not {n}", y + 1));
            }
        }
        Ok(())
    }

    /// En-passant items: `<rushed private>:<crossed fields>` joined by `,` (T2-1, HD-7); the
    /// crossed fields (any order) must run from a starting row of that kind of the side that
    /// just moved to the private; they may hold pieces.
    fn read_ep(&mut self, text: &str) -> Result<(), String> {
        if text == "-" {
            return Ok(());
        }
        let rules = self.rules;
        let mover = !self.side;
        for item in text.split(',') {
            let bad = || format!("en-passant item '{item}' is not a rush of a {mover} private");
            let (pawn, fields) = item.split_once(':').ok_or_else(bad)?;
            let pawn = rules.parse_field(pawn).ok_or_else(bad)?;
            let kind = match self.board[pawn] {
                Some(p) if p.color == mover && p.kind.private() => p.kind,
                _ => return Err(bad()),
            };
            let mut crossed = Vec::new();
            let mut rest = fields;
            while !rest.is_empty() {
                let len = 1 + rest[1..].bytes().take_while(u8::is_ascii_digit).count();
                crossed.push(rules.parse_field(&rest[..len]).ok_or_else(bad)?);
                rest = &rest[len..];
            }
            let (x, y) = rules.xy(pawn);
            let back = -forward(mover);
            let mut expected: Vec<usize> = (1..=crossed.len() as i32)
                .filter_map(|k| rules.field(x, y + k * back))
                .collect();
            let from = rules.field(x, y + (crossed.len() as i32 + 1) * back);
            crossed.sort_unstable();
            expected.sort_unstable();
            let from = from
                .filter(|&f| {
                    rules
                        .rush_rows(kind)
                        .contains(&rules.rel_rank(rules.xy(f).1, mover))
                })
                .ok_or_else(bad)?;
            if crossed.is_empty() || crossed != expected || self.ep.iter().any(|e| e.pawn == pawn) {
                return Err(bad());
            }
            self.ep.push(EpItem { pawn, from });
        }
        self.sort_ep();
        Ok(())
    }

    fn sort_ep(&mut self) {
        let rules = self.rules;
        self.ep.sort_by_key(|e| rules.xy(e.pawn));
    }

    fn check_kings(&self) -> Result<(), String> {
        for color in Color::ALL {
            let kings = self.board.iter().flatten();
            if kings.filter(|p| p.is(Kind::King, color)).count() > 1 {
                return Err(format!("more than one {color} King"));
            }
        }
        Ok(())
    }

    /// The author's setup string: `<symbol> <piece><field>[tag],...`, an uppercase symbol for
    /// light to move; tags `^` (or `|`) may rush, `&` may castle, `=` promotion, `:` rushed in
    /// the last move (from its first Pawn row).
    fn read_author(rules: &'static Rules, text: &str) -> Result<Position, String> {
        let (symbol, list) = text
            .trim()
            .split_once(' ')
            .ok_or("expected '<variant symbol> <pieces>'")?;
        let mut pos = Position::empty(rules);
        pos.side = if symbol.starts_with(|c: char| c.is_ascii_uppercase()) {
            Color::White
        } else {
            Color::Black
        };
        let mut rushed = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let bad = || format!("bad setup item '{item}'");
            let letter = item.chars().next().ok_or_else(bad)?;
            let kind = Kind::from_letter(letter)
                .filter(|_| letter.is_ascii_alphabetic())
                .ok_or_else(bad)?;
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let body = &item[1..];
            let digits = body.get(1..).unwrap_or("");
            let end = 1 + digits.bytes().take_while(u8::is_ascii_digit).count();
            let sq = rules
                .parse_field(body.get(..end).ok_or_else(bad)?)
                .ok_or_else(bad)?;
            let tag = match &body[end..] {
                "" => Tag::None,
                "^" | "|" => Tag::Rush,
                "&" => Tag::Castle,
                "=" => Tag::Promotion,
                ":" => {
                    rushed.push(sq);
                    Tag::None
                }
                _ => return Err(bad()),
            };
            pos.place(sq, Piece::new(kind, color, tag))?;
        }
        for pawn in rushed {
            let mover = !pos.side;
            let (x, y) = rules.xy(pawn);
            let no_rush = || format!("':' on {} marks no rushed private", rules.name_of(pawn));
            let kind = match pos.board[pawn] {
                Some(p) if p.color == mover && p.kind.private() => p.kind,
                _ => return Err(no_rush()),
            };
            let row = rules.rush_rows(kind)[0] as i32;
            let from_y = if mover == Color::White {
                row
            } else {
                rules.size as i32 - 1 - row
            };
            if (y - from_y) * forward(mover) < 2 {
                return Err(no_rush());
            }
            let from = rules.sq(x, from_y);
            pos.ep.push(EpItem { pawn, from });
        }
        pos.sort_ep();
        pos.check_kings()?;
        Ok(pos)
    }

    fn write(&self) -> String {
        let rules = self.rules;
        let n = rules.size as i32;
        let mut text = String::new();
        push_board(&mut text, 0..n, 0..n, |x, y| {
            self.board[rules.sq(x, y)].map(|p| format!("{}{}", p.letter(), tag_symbol(p.tag)))
        });
        let side = if self.side == Color::White { "w" } else { "b" };
        let ep = if self.ep.is_empty() {
            "-".to_string()
        } else {
            let items: Vec<String> = self.ep.iter().map(|e| self.ep_text(*e)).collect();
            items.join(",")
        };
        format!("{text} {side} {ep} {} {}", self.halfmove, self.fullmove)
    }

    /// `b8:b3b4b5b6b7`: the crossed fields in the order crossed.
    fn ep_text(&self, item: EpItem) -> String {
        let rules = self.rules;
        let (x, from_y) = rules.xy(item.from);
        let (_, y) = rules.xy(item.pawn);
        let step = (y - from_y).signum();
        let mut text = format!("{}:", rules.name_of(item.pawn));
        let mut at = from_y + step;
        while at != y {
            text.push_str(&rules.name_of(rules.sq(x, at)));
            at += step;
        }
        text
    }

    fn king(&self, board: &Board, color: Color) -> Option<usize> {
        board
            .iter()
            .position(|p| p.is_some_and(|p| p.is(Kind::King, color)))
    }

    /// The game is over: the side that just moved left its King attacked (self-checkmate or
    /// double checkmate).
    fn finished(&self) -> bool {
        self.king(&self.board, !self.side)
            .is_some_and(|k| attackers(self.rules, &self.board, k, self.side) != (false, false))
    }

    fn successors(&self) -> Vec<Position> {
        self.moves().into_iter().map(|(p, _)| p).collect()
    }

    /// Every move: the resulting position and the plies that lead there.
    fn moves(&self) -> Vec<(Position, String)> {
        if self.finished() {
            return Vec::new();
        }
        let mut turns = Turns::new(self);
        turns.generate();
        turns.out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let next = self.successors();
        if depth == 1 {
            return next.len() as u64;
        }
        next.iter().map(|p| p.perft(depth - 1)).sum()
    }
}

// ------------------------------------------------------------------------------ attacks

/// Whether `target` is attacked by `by`'s active materiel (part1 section 7): Pawns on their
/// capture-fields, Knights, Kings, sliders and Pegasi (through Waves), Unicorns. Pyramids, Waves
/// and Stars never attack. Returns (attacked by a piece that did not move this turn, attacked
/// by one that did).
fn attackers(rules: &Rules, board: &Board, target: usize, by: Color) -> (bool, bool) {
    let (tx, ty) = rules.xy(target);
    let (mut unmoved, mut moved) = (false, false);
    let mut found = |p: Piece| {
        if p.moved {
            moved = true;
        } else {
            unmoved = true;
        }
    };
    let piece_at = |x: i32, y: i32| rules.field(x, y).and_then(|s| board[s]);
    let mut leaper = |vectors: &[(i8, i8)], fits: &dyn Fn(Piece, i32, i32) -> bool| {
        for &(dx, dy) in vectors {
            let (x, y) = (tx - dx as i32, ty - dy as i32);
            if let Some(p) = piece_at(x, y).filter(|p| p.color == by && fits(*p, x, y)) {
                found(p);
            }
        }
    };
    let pawn_dy = forward(by) as i8;
    leaper(&[(1, pawn_dy), (-1, pawn_dy)], &|p, _, _| {
        p.kind == Kind::Pawn
    });
    // Scouts capture backwards, Grenadiers on every diagonal neighbour (HD-3).
    leaper(&[(1, -pawn_dy), (-1, -pawn_dy)], &|p, _, _| {
        p.kind == Kind::Scout
    });
    leaper(&DIAGONAL, &|p, _, _| p.kind == Kind::Grenadier);
    leaper(&ALL_LINES, &|p, _, _| p.kind == Kind::King);
    leaper(&KNIGHT, &|p, x, y| {
        p.kind == Kind::Knight || p.kind == Kind::Unicorn && field_color(x, y) == by
    });
    leaper(UNICORN_LONG, &|p, x, y| {
        p.kind == Kind::Unicorn && field_color(x, y) != by
    });
    type Lines = (&'static [(i8, i8)], &'static [Kind]);
    let rays: [Lines; 3] = [
        (&ORTHOGONAL, &[Kind::Rook, Kind::Queen]),
        (&DIAGONAL, &[Kind::Bishop, Kind::Queen]),
        (&KNIGHT, &[Kind::Pegasus]),
    ];
    for (vectors, kinds) in rays {
        for &(dx, dy) in vectors {
            let mut k = 1;
            while let Some(p) = rules
                .field(tx + k * dx as i32, ty + k * dy as i32)
                .map(|s| board[s])
            {
                match p {
                    // Waves are transparent to attacks (L816-818).
                    None => {}
                    Some(p) if p.kind == Kind::Wave => {}
                    Some(p) => {
                        if p.color == by && kinds.contains(&p.kind) {
                            found(p);
                        }
                        break;
                    }
                }
                k += 1;
            }
        }
    }
    for (sq, cell) in board.iter().enumerate() {
        let Some(p) = cell.filter(|p| p.color == by) else {
            continue;
        };
        let reaches = match p.kind {
            Kind::Grenadier => grenadier_forks(rules, board, sq, p.color).contains(&target),
            Kind::Centaur => centaur_reaches(rules, board, sq, p.color, target),
            _ => false,
        };
        if reaches {
            found(p);
        }
    }
    (unmoved, moved)
}

/// The opponent pieces (by `color`) on a Grenadier's neighbours on `sq`, Stars excepted: it is
/// in close quarters when there is any (L1880, OQ-4).
fn close_quarters(rules: &Rules, board: &Board, sq: usize, color: Color) -> u32 {
    let (x, y) = rules.xy(sq);
    let near = ALL_LINES.iter().filter_map(|&(dx, dy)| {
        let f = rules.field(x + dx as i32, y + dy as i32)?;
        board[f].filter(|q| q.color != color && q.kind != Kind::Star)
    });
    near.count() as u32
}

/// The forked capture-fields a Grenadier of `color` on `sq` attacks in close quarters (HD-3):
/// after one vertical step or 1 ..= 1 + copgf horizontal steps over empty fields or Waves.
fn grenadier_forks(rules: &Rules, board: &Board, sq: usize, color: Color) -> Vec<usize> {
    let copgf = close_quarters(rules, board, sq, color) as i32;
    if copgf == 0 {
        return Vec::new();
    }
    let (x, y) = rules.xy(sq);
    let mut out = Vec::new();
    for &(dx, dy) in &ORTHOGONAL {
        let (dx, dy) = (dx as i32, dy as i32);
        let limit = if dy == 0 { 1 + copgf } else { 1 };
        for k in 1..=limit {
            let Some(f) = rules.field(x + k * dx, y + k * dy) else {
                break;
            };
            if board[f].is_some_and(|q| q.kind != Kind::Wave) {
                break;
            }
            out.extend(fork_fields(rules, f, (dx, dy)));
        }
    }
    out
}

/// The two forked capture-fields after a Grenadier's step onto `f` in direction `dir`: one
/// diagonal step continuing it (L1911-1915).
fn fork_fields(rules: &Rules, f: usize, dir: (i32, i32)) -> impl Iterator<Item = usize> + '_ {
    let (x, y) = rules.xy(f);
    [-1, 1].into_iter().filter_map(move |side| {
        rules.field(
            x + dir.0 + side * dir.1.abs(),
            y + dir.1 + side * dir.0.abs(),
        )
    })
}

/// The Centaur's jumps from (x, y): Knight jumps on its own colour, long ones otherwise (L1658).
fn centaur_jumps(color: Color, x: i32, y: i32) -> &'static [(i8, i8)] {
    unicorn_jumps(color, x, y)
}

/// The second jump of a Centaur (and of a Centaur-like Wave) lies in the other quadrant pair
/// than the first (L1641, L1669; OQ-6).
fn other_quadrants(first: (i32, i32), second: (i32, i32)) -> bool {
    (first.0 * first.1).signum() != (second.0 * second.1).signum()
}

/// Walks every Centaur path from `sq`: a first jump by the field's colour, then a second one in
/// the other quadrant pair, the two alternated, every landing field on the board (part2
/// section 4.1). `land(field, jumps)` says whether the path goes on past that landing field.
fn centaur_paths(rules: &Rules, sq: usize, color: Color, mut land: impl FnMut(usize, u32) -> bool) {
    let (x, y) = rules.xy(sq);
    for &(ax, ay) in centaur_jumps(color, x, y) {
        let a = (ax as i32, ay as i32);
        let Some(p1) = rules.field(x + a.0, y + a.1) else {
            continue;
        };
        if !land(p1, 1) {
            continue;
        }
        let (x1, y1) = rules.xy(p1);
        for &(bx, by) in centaur_jumps(color, x1, y1) {
            let b = (bx as i32, by as i32);
            if !other_quadrants(a, b) {
                continue;
            }
            let (mut cx, mut cy) = (x1, y1);
            for jumps in 2.. {
                let step = if jumps % 2 == 0 { b } else { a };
                (cx, cy) = (cx + step.0, cy + step.1);
                match rules.field(cx, cy) {
                    Some(f) if land(f, jumps) => {}
                    _ => break,
                }
            }
        }
    }
}

/// Whether a Centaur of `color` on `sq` has a path ending on `target` whose earlier landing
/// fields are empty or hold Waves (HD-3).
fn centaur_reaches(rules: &Rules, board: &Board, sq: usize, color: Color, target: usize) -> bool {
    let mut reaches = false;
    centaur_paths(rules, sq, color, |f, _| {
        reaches |= f == target;
        !reaches && board[f].is_none_or(|q| q.kind == Kind::Wave)
    });
    reaches
}

// ------------------------------------------------------------------------------ turn generation

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Momentum {
    /// The first piece of a move gathers momentum as it goes (L386-398).
    First,
    /// An activated piece received this much.
    Carried(u32),
}

impl Momentum {
    /// Can the piece travel this many fields?
    fn allows(self, fields: u32) -> bool {
        match self {
            Momentum::First => true,
            Momentum::Carried(m) => fields <= m,
        }
    }

    /// What it passes on after travelling `fields` (L994).
    fn after(self, fields: u32) -> u32 {
        match self {
            Momentum::First => fields,
            Momentum::Carried(m) => m - fields,
        }
    }
}

/// The lines along which a Wave moves, inherited from its activator (Table 21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pattern {
    Orthogonal,
    Diagonal,
    AllLines,
    /// Pegasus-like: Knight and Pegasus activators.
    KnightLines,
    /// A Pawn's initial steps towards `forward` (+1 light, -1 dark) and, with sideways Pawns,
    /// left and right (L908-933, L1149, L1527).
    Pawn {
        forward: i32,
    },
    /// Two freely chosen Unicorn steps alternated (L940-966); short on the Wave's own colour.
    Unicorn,
    /// As the Unicorn's, the second step in the other quadrant pair (L1700-1724, OQ-6).
    Centaur,
    /// Straight rays forward (the activating Scout's), left, right and along both backward
    /// diagonals (L1812-1839).
    Scout {
        forward: i32,
    },
}

/// A piece in the air: it leaves `at`, where its activator stands (or which it left, as the
/// first piece); `board` is everything else.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Air {
    board: Board,
    piece: Piece,
    at: usize,
    momentum: Momentum,
    /// The inherited pattern of a Wave.
    pattern: Option<Pattern>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Step,
    Capture,
    Activate,
    EnPassant,
    Promote(Kind),
    /// Tagged for promotion (delayed promotion).
    Tag,
    Convert,
    Teleport,
    Oblation,
}

#[derive(Debug)]
enum Next {
    Done(Board),
    Air(Air),
}

/// One way a ply can end: the field it ends on, what happens there, and what follows.
#[derive(Debug)]
struct Leg {
    to: usize,
    action: Action,
    next: Next,
}

/// Where a Wave may end its ply (Table 26).
#[derive(Clone, Copy, PartialEq, Eq)]
enum WaveEnd {
    Empty,
    Wave,
    Material,
}

/// A Wave's walk: arrived at (x, y), the next step is `steps[phase]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Cursor {
    x: i32,
    y: i32,
    phase: usize,
}

/// How far off the board a Wave's path is followed (T2-7).
const OFF_BOARD_MARGIN: i32 = 8;

struct Turns<'a> {
    pos: &'a Position,
    rules: &'static Rules,
    mover: Color,
    /// The board with the previous move's rushed Pawns tagged `Rushed`.
    start: Board,
    seen_air: HashSet<Air>,
    /// [`state_key`]s of the moves found.
    seen_final: HashSet<Vec<u8>>,
    /// The moves found, each with the plies of the first sequence that led to it.
    out: Vec<(Position, String)>,
}

impl<'a> Turns<'a> {
    fn new(pos: &'a Position) -> Turns<'a> {
        let rules = pos.rules;
        let mut start = pos.board.clone();
        for item in &pos.ep {
            if let Some(p) = start[item.pawn].as_mut() {
                p.tag = Tag::Rushed {
                    from: rules.xy(item.from).1 as u8,
                };
            }
        }
        Turns {
            pos,
            rules,
            mover: pos.side,
            start,
            seen_air: HashSet::new(),
            seen_final: HashSet::new(),
            out: Vec::new(),
        }
    }

    fn generate(&mut self) {
        for sq in 0..self.start.len() {
            let Some(piece) = self.start[sq] else {
                continue;
            };
            if piece.color != self.mover || piece.kind.passive() {
                continue;
            }
            let mut board = self.start.clone();
            board[sq] = None;
            self.explore(Air {
                board,
                piece,
                at: sq,
                momentum: Momentum::First,
                pattern: None,
            });
            if piece.kind == Kind::King && piece.tag == Tag::Castle {
                self.castlings(sq);
            }
            if piece.tag == Tag::Promotion {
                self.delayed_promotions(sq, piece);
            }
        }
    }

    /// Every turn continuing from an in-air state.
    fn explore(&mut self, root: Air) {
        let mut stack = vec![(root, String::new())];
        while let Some((air, path)) = stack.pop() {
            for leg in self.ply(&air) {
                let path = self.extend_path(&path, &air, &leg);
                match leg.next {
                    Next::Done(board) => self.finish(board, path),
                    Next::Air(next) => {
                        if self.seen_air.insert(next.clone()) {
                            stack.push((next, path));
                        }
                    }
                }
            }
        }
    }

    /// The plies so far, `~` between plies: `Bb5-e2~We2-h5`; `x` capture, `ep` en passant,
    /// `=Q` promotion, `=` promotion tag, `%` conversion, `|` teleport, `|||` oblation.
    fn extend_path(&self, path: &str, air: &Air, leg: &Leg) -> String {
        let mark = match leg.action {
            Action::Step | Action::Activate => String::new(),
            Action::Capture => "x".into(),
            Action::EnPassant => "ep".into(),
            Action::Promote(kind) => format!("={}", kind.letter()),
            Action::Tag => "=".into(),
            Action::Convert => "%".into(),
            Action::Teleport => "|".into(),
            Action::Oblation => "|||".into(),
        };
        let name = |sq| self.rules.name_of(sq);
        let ply = format!(
            "{}{}-{}{mark}",
            air.piece.letter(),
            name(air.at),
            name(leg.to)
        );
        if path.is_empty() {
            ply
        } else {
            format!("{path}~{ply}")
        }
    }

    /// The ways the piece in the air can make its ply.
    fn ply(&self, air: &Air) -> Vec<Leg> {
        let mut out = Vec::new();
        let (x, y) = self.rules.xy(air.at);
        match air.piece.kind {
            Kind::Pawn => self.pawn_ply(air, &mut out),
            Kind::Knight => self.leap(air, &KNIGHT, &mut out),
            Kind::King => self.leap(air, &ALL_LINES, &mut out),
            Kind::Unicorn => self.leap(air, unicorn_jumps(air.piece.color, x, y), &mut out),
            Kind::Bishop => self.slide(air, &DIAGONAL, &mut out),
            Kind::Rook => self.slide(air, &ORTHOGONAL, &mut out),
            Kind::Queen => self.slide(air, &ALL_LINES, &mut out),
            Kind::Pegasus => self.slide(air, &KNIGHT, &mut out),
            Kind::Pyramid => self.pyramid_ply(air, &mut out),
            Kind::Wave => self.wave_ply(air, &mut out),
            Kind::Centaur => self.centaur_ply(air, &mut out),
            Kind::Scout => self.scout_ply(air, &mut out),
            Kind::Grenadier => self.grenadier_ply(air, &mut out),
            Kind::Star => {}
        }
        out
    }

    /// The pattern a Wave activated by the piece in the air inherits.
    fn pattern_from(&self, air: &Air) -> Pattern {
        match air.piece.kind {
            Kind::Wave => air.pattern.unwrap_or(Pattern::AllLines),
            Kind::Knight | Kind::Pegasus => Pattern::KnightLines,
            Kind::Bishop => Pattern::Diagonal,
            Kind::Rook | Kind::Pyramid => Pattern::Orthogonal,
            Kind::Queen | Kind::King | Kind::Star => Pattern::AllLines,
            Kind::Pawn => Pattern::Pawn {
                forward: forward(air.piece.color),
            },
            Kind::Unicorn => Pattern::Unicorn,
            Kind::Centaur => Pattern::Centaur,
            Kind::Scout => Pattern::Scout {
                forward: forward(air.piece.color),
            },
            Kind::Grenadier => Pattern::AllLines,
        }
    }

    /// The ply ends on `to` with `lander` there (and `edit` applied): the turn ends.
    fn done(&self, air: &Air, to: usize, action: Action, lander: Option<Piece>) -> Leg {
        self.done_with(air, to, action, lander, |_| {})
    }

    fn done_with(
        &self,
        air: &Air,
        to: usize,
        action: Action,
        lander: Option<Piece>,
        edit: impl FnOnce(&mut Board),
    ) -> Leg {
        let mut board = air.board.clone();
        edit(&mut board);
        if lander.is_some() {
            board[to] = lander;
        }
        Leg {
            to,
            action,
            next: Next::Done(board),
        }
    }

    /// The ply ends on `to` with `lander` there, activating the piece standing on `to`, which
    /// receives `momentum`.
    fn activation(
        &self,
        air: &Air,
        to: usize,
        action: Action,
        lander: Piece,
        momentum: u32,
        edit: impl FnOnce(&mut Board),
    ) -> Leg {
        let mut board = air.board.clone();
        edit(&mut board);
        let target = board[to].expect("an activated piece");
        board[to] = Some(lander);
        let pattern = (target.kind == Kind::Wave).then(|| self.pattern_from(air));
        Leg {
            to,
            action,
            next: Next::Air(Air {
                board,
                piece: target,
                at: to,
                momentum: Momentum::Carried(momentum),
                pattern,
            }),
        }
    }

    /// A non-Pawn material piece reaches the occupied field `to` after `fields` fields. Returns
    /// whether it may go on past it (only past a Wave).
    fn meet(&self, air: &Air, to: usize, other: Piece, fields: u32, out: &mut Vec<Leg>) -> bool {
        let p = air.piece;
        let landed = p.landed();
        match other.kind {
            Kind::Star => {
                if p.kind != Kind::King {
                    self.teleport(air, to, out);
                }
                false
            }
            Kind::Wave if other.color == p.color => {
                let m = air.momentum.after(fields);
                out.push(self.activation(air, to, Action::Activate, landed, m, |_| {}));
                true
            }
            Kind::Wave => {
                out.push(self.done(air, to, Action::Capture, Some(landed)));
                true
            }
            Kind::Pyramid if other.color == p.color => {
                let m = air.momentum.after(fields);
                if m >= 1 {
                    out.push(self.activation(air, to, Action::Activate, landed, m, |_| {}));
                }
                false
            }
            _ if other.color == p.color || other.kind == Kind::King => false,
            _ => {
                out.push(self.done(air, to, Action::Capture, Some(landed)));
                false
            }
        }
    }

    /// Knight, King, Unicorn: one jump or step.
    fn leap(&self, air: &Air, vectors: &[(i8, i8)], out: &mut Vec<Leg>) {
        if !air.momentum.allows(1) {
            return;
        }
        let (x, y) = self.rules.xy(air.at);
        for &(dx, dy) in vectors {
            let Some(to) = self.rules.field(x + dx as i32, y + dy as i32) else {
                continue;
            };
            match air.board[to] {
                None => out.push(self.done(air, to, Action::Step, Some(air.piece.landed()))),
                Some(other) => {
                    self.meet(air, to, other, 1, out);
                }
            }
        }
    }

    /// Bishop, Rook, Queen, Pegasus: one line, up to the momentum when activated.
    fn slide(&self, air: &Air, vectors: &[(i8, i8)], out: &mut Vec<Leg>) {
        let (x, y) = self.rules.xy(air.at);
        for &(dx, dy) in vectors {
            for k in 1.. {
                let Some(to) = self.rules.field(x + k * dx as i32, y + k * dy as i32) else {
                    break;
                };
                if !air.momentum.allows(k as u32) {
                    break;
                }
                match air.board[to] {
                    None => out.push(self.done(air, to, Action::Step, Some(air.piece.landed()))),
                    Some(other) => {
                        if !self.meet(air, to, other, k as u32, out) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// An activated Pyramid: Rook-like up to its momentum; captures, converts on its own half,
    /// promotes own Pawns on the opponent's half, activates own Pyramids (with momentum left)
    /// and own Waves (L398-523, Table 24, R1, R3, R5).
    fn pyramid_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let p = air.piece;
        let (x, y) = rules.xy(air.at);
        for &(dx, dy) in &ORTHOGONAL {
            for k in 1.. {
                let (tx, ty) = (x + k * dx as i32, y + k * dy as i32);
                let Some(to) = rules.field(tx, ty) else {
                    break;
                };
                if !air.momentum.allows(k as u32) {
                    break;
                }
                let left = air.momentum.after(k as u32);
                let Some(other) = air.board[to] else {
                    out.push(self.done(air, to, Action::Step, Some(p.landed())));
                    continue;
                };
                let own = other.color == p.color;
                match other.kind {
                    Kind::Star => self.teleport(air, to, out),
                    Kind::Wave if own => {
                        out.push(self.activation(
                            air,
                            to,
                            Action::Activate,
                            p.landed(),
                            left,
                            |_| {},
                        ));
                    }
                    Kind::Pyramid if own && left >= 1 => {
                        out.push(self.activation(
                            air,
                            to,
                            Action::Activate,
                            p.landed(),
                            left,
                            |_| {},
                        ));
                    }
                    Kind::Pawn if own && !rules.own_half(ty, p.color) => {
                        for lander in self.promotion_choices(other.color) {
                            let action = promotion_action(lander);
                            out.push(self.done(air, to, action, Some(lander)));
                        }
                    }
                    _ if own || other.kind == Kind::King => {}
                    _ => {
                        out.push(self.done(air, to, Action::Capture, Some(p.landed())));
                        if rules.own_half(ty, p.color) {
                            let converted = Piece {
                                color: p.color,
                                ..other.landed()
                            };
                            out.push(self.done(air, to, Action::Convert, Some(converted)));
                        }
                    }
                }
                if other.kind != Kind::Wave {
                    break;
                }
            }
        }
    }

    /// What a Pawn of `color` arriving where it promotes becomes: every promotion piece, and in
    /// delayed variants the tagged Pawn itself (R4, OQ-9).
    fn promotion_choices(&self, color: Color) -> Vec<Piece> {
        let mut choices: Vec<Piece> = self
            .rules
            .promotion_kinds()
            .map(|k| Piece::new(k, color, Tag::None).landed())
            .collect();
        if self.rules.delayed_promotion {
            choices.push(Piece {
                tag: Tag::Promotion,
                ..Piece::new(Kind::Pawn, color, Tag::None).landed()
            });
        }
        choices
    }

    /// What a Pawn is after ending its ply on `to`: promoted or tagged on its last rank.
    fn pawn_landers(&self, pawn: Piece, to: usize) -> Vec<Piece> {
        if self.rules.xy(to).1 == self.rules.last_rank(pawn.color) {
            self.promotion_choices(pawn.color)
        } else {
            vec![pawn.landed()]
        }
    }

    fn pawn_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let p = air.piece;
        let c = p.color;
        let f = forward(c);
        let (x, y) = rules.xy(air.at);
        if !air.momentum.allows(1) {
            return;
        }
        let m1 = air.momentum.after(1);
        let is_own_wave = |q: Piece| q.is(Kind::Wave, c);
        // One step forward, and sideways where Pawns may (L1505-1522): step-fields.
        let mut steps = vec![(0, f)];
        if rules.sideways_pawns {
            steps.extend([(-1, 0), (1, 0)]);
        }
        for (dx, dy) in steps {
            let Some(to) = rules.field(x + dx, y + dy) else {
                continue;
            };
            match air.board[to] {
                None => {
                    for lander in self.pawn_landers(p, to) {
                        out.push(self.done(air, to, pawn_action(lander), Some(lander)));
                    }
                }
                Some(q) if q.kind == Kind::Star => self.teleport(air, to, out),
                Some(q) if is_own_wave(q) => {
                    for lander in self.pawn_landers(p, to) {
                        out.push(self.activation(air, to, Action::Activate, lander, m1, |_| {}));
                    }
                }
                Some(_) => {}
            }
        }
        self.rush(air, out);
        // Diagonal capture-fields (section 3, T2-3).
        for dx in [-1, 1] {
            if let Some(to) = rules.field(x + dx, y + f) {
                self.capture_step(air, to, 1, &self.pawn_landers(p, to), out);
            }
        }
    }

    /// A private's rush: its first move 2 or more fields straight forward up to the end of the
    /// own half, whatever its normal limits, over empty fields and Waves, ending on an empty
    /// field or an own Wave; activated, within its momentum (L273, L854, L1578, L2058-2066,
    /// OQ-3).
    fn rush(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let p = air.piece;
        if p.tag != Tag::Rush {
            return;
        }
        let c = p.color;
        let f = forward(c);
        let (x, y) = rules.xy(air.at);
        let rushed = Piece {
            tag: if c == self.mover {
                Tag::Rushed { from: y as u8 }
            } else {
                Tag::None
            },
            moved: true,
            ..p
        };
        for k in 2.. {
            let ty = y + k * f;
            if !rules.on_board(x, ty) || !rules.own_half(ty, c) {
                break;
            }
            if !air.momentum.allows(k as u32) {
                break;
            }
            let passed = air.board[rules.sq(x, ty - f)];
            if passed.is_some_and(|q| q.kind != Kind::Wave) {
                break;
            }
            let to = rules.sq(x, ty);
            match air.board[to] {
                None => out.push(self.done(air, to, Action::Step, Some(rushed))),
                Some(q) if q.is(Kind::Wave, c) => {
                    let m = air.momentum.after(k as u32);
                    out.push(self.activation(air, to, Action::Activate, rushed, m, |_| {}));
                }
                Some(_) => {}
            }
        }
    }

    /// Whether a private's plain move to `to`, `fields` fields straight forward, is its rush
    /// instead (OQ-3: a tagged private going 2 or more fields straight forward rushes).
    fn is_rush(&self, air: &Air, straight_forward: bool, fields: u32, to: usize) -> bool {
        let color = air.piece.color;
        straight_forward
            && fields >= 2
            && air.piece.tag == Tag::Rush
            && self.rules.own_half(self.rules.xy(to).1, color)
    }

    /// A private's capture-step onto `to` after `fields` fields, ending as one of `landers`:
    /// capture an opponent's piece but the King, teleport, activate an own Wave or (with
    /// momentum left) Pyramid, take en passant, also while activating (T2-3, HD-2, Table 27).
    fn capture_step(
        &self,
        air: &Air,
        to: usize,
        fields: u32,
        landers: &[Piece],
        out: &mut Vec<Leg>,
    ) {
        if !air.momentum.allows(fields) {
            return;
        }
        let p = air.piece;
        let c = p.color;
        let m = air.momentum.after(fields);
        let victims = self.en_passant_victims(air, to);
        match air.board[to] {
            Some(q) if q.kind == Kind::Star => self.teleport(air, to, out),
            Some(q) if q.color != c && q.kind != Kind::King => {
                for &lander in landers {
                    let action = match lander {
                        l if l.kind == p.kind && l.tag == Tag::None => Action::Capture,
                        l => pawn_action(l),
                    };
                    out.push(self.done(air, to, action, Some(lander)));
                }
            }
            Some(q) if q.is(Kind::Wave, c) || q.is(Kind::Pyramid, c) && m >= 1 => {
                for &lander in landers {
                    out.push(self.activation(air, to, Action::Activate, lander, m, |_| {}));
                    for &victim in &victims {
                        let take = |b: &mut Board| b[victim] = None;
                        out.push(self.activation(air, to, Action::EnPassant, lander, m, take));
                    }
                }
            }
            None => {
                for &victim in &victims {
                    let take = |b: &mut Board| b[victim] = None;
                    out.push(self.done_with(air, to, Action::EnPassant, Some(p.landed()), take));
                }
            }
            Some(_) => {}
        }
    }

    /// A Centaur along its paths: it passes Waves, stops on an empty field or ends its ply as
    /// any material piece does (part2 section 4.1).
    fn centaur_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        centaur_paths(self.rules, air.at, air.piece.color, |to, jumps| {
            if !air.momentum.allows(jumps) {
                return false;
            }
            match air.board[to] {
                None => {
                    out.push(self.done(air, to, Action::Step, Some(air.piece.landed())));
                    true
                }
                Some(other) => self.meet(air, to, other, jumps, out),
            }
        });
    }

    /// A Scout: backward diagonal capture-steps, and steps forward, left or right up to its
    /// limit, forking around an occupied straight field (OQ-1, OQ-2, HD-1), and its rush
    /// (part2 section 4.2).
    fn scout_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let c = air.piece.color;
        let f = forward(c);
        let (x, y) = rules.xy(air.at);
        for dx in [-1, 1] {
            if let Some(to) = rules.field(x + dx, y - f) {
                self.capture_step(air, to, 1, &[air.piece.landed()], out);
            }
        }
        for dir in [(0, f), (-1, 0), (1, 0)] {
            self.scout_steps(air, dir, (x, y), 0, dir.0 == 0, out);
        }
        self.rush(air, out);
    }

    /// The Scout's steps in direction `dir` from `from`, after `taken` steps; `straight` while
    /// it has not forked.
    fn scout_steps(
        &self,
        air: &Air,
        dir: (i32, i32),
        from: (i32, i32),
        taken: u32,
        straight_forward: bool,
        out: &mut Vec<Leg>,
    ) {
        let rules = self.rules;
        let fields = taken + 1;
        if fields > self.rules.scout_limit || !air.momentum.allows(fields) {
            return;
        }
        let ahead = (from.0 + dir.0, from.1 + dir.1);
        let Some(straight) = rules.field(ahead.0, ahead.1) else {
            return;
        };
        let mut next = vec![(straight, straight_forward)];
        if air.board[straight].is_some() {
            let (px, py) = (dir.1.abs(), dir.0.abs());
            for side in [-1, 1] {
                next.extend(
                    rules
                        .field(ahead.0 + side * px, ahead.1 + side * py)
                        .map(|f| (f, false)),
                );
            }
        }
        for (to, straight_forward) in next {
            let rush = self.is_rush(air, straight_forward, fields, to);
            let go_on = match air.board[to] {
                None => {
                    if !rush {
                        out.push(self.done(air, to, Action::Step, Some(air.piece.landed())));
                    }
                    true
                }
                Some(q) if q.kind == Kind::Star => {
                    self.teleport(air, to, out);
                    false
                }
                Some(q) if q.is(Kind::Wave, air.piece.color) => {
                    if !rush {
                        let (m, lander) = (air.momentum.after(fields), air.piece.landed());
                        out.push(self.activation(air, to, Action::Activate, lander, m, |_| {}));
                    }
                    true
                }
                Some(q) => q.kind == Kind::Wave,
            };
            if go_on {
                let at = rules.xy(to);
                self.scout_steps(air, dir, at, fields, straight_forward, out);
            }
        }
    }

    /// A Grenadier: diagonal capture-steps; orthogonal steps up to its limits, or in close
    /// quarters one vertical step or 1 ..= 1 + copgf horizontal ones, each of which may be
    /// followed by a forked capture-step; its rush (part2 section 4.3, OQ-4, OQ-5, HD-1, HD-2,
    /// HD-4).
    fn grenadier_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let c = air.piece.color;
        let lander = [air.piece.landed()];
        let (x, y) = rules.xy(air.at);
        for &(dx, dy) in &DIAGONAL {
            if let Some(to) = rules.field(x + dx as i32, y + dy as i32) {
                self.capture_step(air, to, 1, &lander, out);
            }
        }
        let copgf = close_quarters(rules, &air.board, air.at, c);
        let (across, up_down) = if copgf > 0 {
            (1 + copgf, 1)
        } else {
            rules.grenadier_limits
        };
        for &(dx, dy) in &ORTHOGONAL {
            let dir = (dx as i32, dy as i32);
            let limit = if dir.1 == 0 { across } else { up_down };
            for k in 1..=limit {
                let Some(to) = rules.field(x + k as i32 * dir.0, y + k as i32 * dir.1) else {
                    break;
                };
                if !air.momentum.allows(k) {
                    break;
                }
                let rush = self.is_rush(air, dir == (0, forward(c)), k, to);
                match air.board[to] {
                    None if !rush => out.push(self.done(air, to, Action::Step, Some(lander[0]))),
                    Some(q) if q.kind == Kind::Star => {
                        self.teleport(air, to, out);
                        break;
                    }
                    Some(q) if q.is(Kind::Wave, c) && !rush => {
                        let m = air.momentum.after(k);
                        out.push(self.activation(air, to, Action::Activate, lander[0], m, |_| {}));
                    }
                    Some(q) if q.kind != Kind::Wave => break,
                    _ => {}
                }
                if copgf > 0 {
                    for fork in fork_fields(rules, to, dir) {
                        self.capture_step(air, fork, k + 1, &lander, out);
                    }
                }
            }
        }
        self.rush(air, out);
    }

    /// The previous move's rushed privates the private in the air may take en passant by
    /// moving to `to`: only the mover's, on their first ply of the turn (L1172, L2033), against
    /// any private still tagged (not moved since, L1168) whose rush crossed `to` (L2058).
    fn en_passant_victims(&self, air: &Air, to: usize) -> Vec<usize> {
        let p = air.piece;
        if p.color != self.mover || p.moved {
            return Vec::new();
        }
        let rules = self.rules;
        let (x, y) = rules.xy(to);
        (0..rules.size as i32)
            .map(|ry| rules.sq(x, ry))
            .filter(|&sq| match air.board[sq] {
                Some(q) if q.kind.private() && q.color != p.color => match q.tag {
                    Tag::Rushed { from } => {
                        let (from, at) = (from as i32, rules.xy(sq).1);
                        from.min(at) < y && y < from.max(at)
                    }
                    _ => false,
                },
                _ => false,
            })
            .collect()
    }

    /// A non-Wave piece entering a Star reappears on any empty portal-field of a Star of the
    /// other colour, chosen by the mover, and the turn ends; with none empty it is oblationed
    /// (L1396-1429, L1479-1489).
    fn teleport(&self, air: &Air, star: usize, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let p = air.piece;
        let Some(entered) = air.board[star] else {
            return;
        };
        let mut portals: Vec<usize> = Vec::new();
        for other in self.stars(&air.board) {
            if air.board[other].is_some_and(|s| s.color != entered.color) {
                let (sx, sy) = rules.xy(other);
                for &(dx, dy) in &ALL_LINES {
                    if let Some(f) = rules.field(sx + dx as i32, sy + dy as i32) {
                        if air.board[f].is_none() && !portals.contains(&f) {
                            portals.push(f);
                        }
                    }
                }
            }
        }
        if portals.is_empty() {
            out.push(self.done(air, star, Action::Oblation, None));
        }
        for to in portals {
            let (_, ty) = rules.xy(to);
            let landers = if p.kind != Kind::Pawn || rules.own_half(ty, p.color) {
                vec![p.landed()]
            } else if ty == rules.last_rank(p.color) || !rules.delayed_promotion {
                self.pawn_landers(p, to)
            } else {
                vec![Piece {
                    tag: Tag::Promotion,
                    ..p.landed()
                }]
            };
            for lander in landers {
                out.push(self.done(air, to, Action::Teleport, Some(lander)));
            }
        }
    }

    fn stars(&self, board: &Board) -> Vec<usize> {
        let last = self.rules.size as i32 - 1;
        [(0, 0), (last, 0), (0, last), (last, last)]
            .into_iter()
            .map(|(x, y)| self.rules.sq(x, y))
            .filter(|&s| board[s].is_some_and(|p| p.kind == Kind::Star))
            .collect()
    }

    /// An activated Wave: it repeats one inherited step (or alternates two, Unicorn-like) to any
    /// distance, through every piece and off the board, and ends on an empty field, on a Wave
    /// (activating it) or on own material other than King and Pyramid when it carries momentum
    /// and that piece is not blocked (L718-1159, Table 26, T2-5, T2-6). Stars: pass or teleport
    /// (OQ-4). With nowhere to end it is oblationed (L1135-1142).
    fn wave_ply(&self, air: &Air, out: &mut Vec<Leg>) {
        let rules = self.rules;
        let wave = air.piece;
        let pattern = air.pattern.unwrap_or(Pattern::AllLines);
        let (x, y) = rules.xy(air.at);
        let mut ends: Vec<(usize, WaveEnd)> = Vec::new();
        let mut oblation = false;
        for steps in self.wave_steps(pattern, wave.color, x, y) {
            let (reached, teleports) = self.wave_path(air, steps);
            for end in reached {
                if !ends.contains(&end) {
                    ends.push(end);
                }
            }
            for after in teleports {
                let (reached, _) = self.wave_walk(air, steps, after);
                oblation |= !self.any_wave_end(air, &reached);
            }
        }
        oblation |= !self.any_wave_end(air, &ends);
        let m = match air.momentum {
            Momentum::Carried(m) => m,
            Momentum::First => 0,
        };
        for (to, end) in ends {
            match end {
                WaveEnd::Empty => out.push(self.done(air, to, Action::Step, Some(wave.landed()))),
                _ => out.push(self.activation(air, to, Action::Activate, wave.landed(), m, |_| {})),
            }
        }
        if oblation {
            out.push(self.done(air, air.at, Action::Oblation, None));
        }
    }

    /// The step pairs a Wave chooses from: one repeated line, or two Unicorn steps.
    fn wave_steps(&self, pattern: Pattern, color: Color, x: i32, y: i32) -> Vec<[(i32, i32); 2]> {
        let lines = |vectors: &[(i8, i8)]| -> Vec<[(i32, i32); 2]> {
            vectors
                .iter()
                .map(|&(dx, dy)| [(dx as i32, dy as i32); 2])
                .collect()
        };
        match pattern {
            Pattern::Orthogonal => lines(&ORTHOGONAL),
            Pattern::Diagonal => lines(&DIAGONAL),
            Pattern::AllLines => lines(&ALL_LINES),
            Pattern::KnightLines => lines(&KNIGHT),
            Pattern::Pawn { forward } => {
                let f = forward as i8;
                let mut vectors = vec![(0, f), (-1, f), (1, f)];
                if self.rules.sideways_pawns {
                    vectors.extend([(-1, 0), (1, 0)]);
                }
                lines(&vectors)
            }
            Pattern::Scout { forward } => {
                let f = forward as i8;
                lines(&[(0, f), (-1, 0), (1, 0), (-1, -f), (1, -f)])
            }
            Pattern::Unicorn | Pattern::Centaur => {
                let first = unicorn_jumps(color, x, y);
                let second = if first.len() == KNIGHT.len() {
                    UNICORN_LONG
                } else {
                    &KNIGHT[..]
                };
                let mut pairs = Vec::new();
                for &(ax, ay) in first {
                    for &(bx, by) in second {
                        let (a, b) = ((ax as i32, ay as i32), (bx as i32, by as i32));
                        if pattern == Pattern::Unicorn || other_quadrants(a, b) {
                            pairs.push([a, b]);
                        }
                    }
                }
                pairs
            }
        }
    }

    /// Where a Wave leaving its field with `steps` can end, and its arrivals after teleports.
    fn wave_path(&self, air: &Air, steps: [(i32, i32); 2]) -> (Vec<(usize, WaveEnd)>, Vec<Cursor>) {
        let (x, y) = self.rules.xy(air.at);
        let first = Cursor {
            x: x + steps[0].0,
            y: y + steps[0].1,
            phase: 1,
        };
        self.wave_walk(air, steps, first)
    }

    /// Follows a Wave's path from its arrival on `first`: the fields it can end on, and the
    /// arrivals just after each teleport it may make.
    fn wave_walk(
        &self,
        air: &Air,
        steps: [(i32, i32); 2],
        first: Cursor,
    ) -> (Vec<(usize, WaveEnd)>, Vec<Cursor>) {
        let rules = self.rules;
        let n = rules.size as i32;
        let advance = |c: Cursor| Cursor {
            x: c.x + steps[c.phase].0,
            y: c.y + steps[c.phase].1,
            phase: 1 - c.phase,
        };
        let mut ends = Vec::new();
        let mut teleports = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = vec![first];
        let near = |v: i32| (-OFF_BOARD_MARGIN..n + OFF_BOARD_MARGIN).contains(&v);
        while let Some(cur) = stack.pop() {
            if !near(cur.x) || !near(cur.y) || !seen.insert(cur) {
                continue;
            }
            let Some(to) = rules.field(cur.x, cur.y) else {
                stack.push(advance(cur));
                continue;
            };
            match air.board[to] {
                Some(star) if star.kind == Kind::Star => {
                    // Teleport: go on from the other Star of the same colour (L1402, L1436).
                    let twin = self
                        .stars(&air.board)
                        .into_iter()
                        .find(|&s| s != to && air.board[s].is_some_and(|t| t.color == star.color));
                    if let Some(twin) = twin {
                        let (sx, sy) = rules.xy(twin);
                        let jumped = advance(Cursor {
                            x: sx,
                            y: sy,
                            phase: cur.phase,
                        });
                        teleports.push(jumped);
                        stack.push(jumped);
                    }
                }
                _ => {
                    if to != air.at {
                        if let Some(end) = self.wave_end(air, to) {
                            if !ends.contains(&(to, end)) {
                                ends.push((to, end));
                            }
                        }
                    }
                }
            }
            stack.push(advance(cur));
        }
        (ends, teleports)
    }

    fn wave_end(&self, air: &Air, to: usize) -> Option<WaveEnd> {
        let wave = air.piece;
        match air.board[to] {
            None => Some(WaveEnd::Empty),
            Some(q) if q.kind == Kind::Wave => Some(WaveEnd::Wave),
            Some(q)
                if q.color == wave.color
                    && !matches!(q.kind, Kind::King | Kind::Pyramid | Kind::Star)
                    && air.momentum != Momentum::Carried(0) =>
            {
                Some(WaveEnd::Material)
            }
            _ => None,
        }
    }

    /// Whether any of a Wave's ends is real: own material counts only when it can make a ply
    /// with the momentum it would get (T2-6, L861).
    fn any_wave_end(&self, air: &Air, ends: &[(usize, WaveEnd)]) -> bool {
        ends.iter().any(|&(to, end)| match end {
            WaveEnd::Material => {
                let probe =
                    self.activation(air, to, Action::Activate, air.piece.landed(), 0, |_| {});
                match probe.next {
                    Next::Air(mut activated) => {
                        activated.momentum = air.momentum;
                        !self.ply(&activated).is_empty()
                    }
                    Next::Done(_) => false,
                }
            }
            _ => true,
        })
    }

    /// Castling: the tagged King with the closest tagged Rook on a side (section 5); Waves
    /// between do not block, a Wave on either destination does (L822-838).
    fn castlings(&mut self, king_sq: usize) {
        let rules = self.rules;
        let them = !self.mover;
        let start = self.start.clone();
        let (kx, y) = rules.xy(king_sq);
        let attacked = |sq: usize| attackers(rules, &start, sq, them) != (false, false);
        if !rules.castle_through_check && attacked(king_sq) {
            return;
        }
        let king = start[king_sq].expect("the King");
        for dir in [-1, 1] {
            let mut rx = kx + dir;
            while rules
                .field(rx, y)
                .is_some_and(|s| start[s].is_none_or(|p| p.kind == Kind::Wave))
            {
                rx += dir;
            }
            let Some(rook_sq) = rules.field(rx, y) else {
                continue;
            };
            let Some(rook) = start[rook_sq] else {
                continue;
            };
            if !rook.is(Kind::Rook, self.mover) || rook.tag != Tag::Castle {
                continue;
            }
            let (nearest, farthest) = match rules.castling {
                Castling::Closest if dir > 0 => (kx + 2, rx - 1),
                Castling::Closest => (kx - 2, rx + 2),
                Castling::Random => (kx + dir, rx),
            };
            let mut dest = nearest;
            while (farthest - dest) * dir >= 0 {
                let (k_to, r_to) = (rules.sq(dest, y), rules.sq(dest - dir, y));
                let mut board = start.clone();
                board[king_sq] = None;
                board[rook_sq] = None;
                let crossed_safe = rules.castle_through_check
                    || (1..(dest - kx).abs()).all(|i| !attacked(rules.sq(kx + i * dir, y)));
                if board[k_to].is_none() && board[r_to].is_none() && crossed_safe && !attacked(k_to)
                {
                    board[k_to] = Some(king.landed());
                    board[r_to] = Some(rook.landed());
                    let name = |sq| rules.name_of(sq);
                    let path = format!(
                        "K{}-{}&R{}-{}",
                        name(king_sq),
                        name(k_to),
                        name(rook_sq),
                        name(r_to)
                    );
                    self.finish(board, path);
                }
                dest += dir;
            }
        }
    }

    /// A Pawn tagged for promotion promotes as a whole move (L616, L4240).
    fn delayed_promotions(&mut self, sq: usize, pawn: Piece) {
        for kind in self.rules.promotion_kinds() {
            let mut board = self.start.clone();
            board[sq] = Some(Piece::new(kind, pawn.color, Tag::None).landed());
            let path = format!("P{}={}", self.rules.name_of(sq), kind.letter());
            self.finish(board, path);
        }
    }

    /// A turn's final board: illegal if the mover's King is attacked by a piece that did not
    /// move (section 7), no move if nothing changed; else one move per distinct state.
    fn finish(&mut self, mut board: Board, path: String) {
        let rules = self.rules;
        let mut unchanged = true;
        // The clock restarts when a piece left the board or a Pawn stands elsewhere (R8).
        let mut irreversible = false;
        let (mut before, mut after) = (0, 0);
        let pawn_of = |p: Option<Piece>| p.filter(|p| p.kind == Kind::Pawn).map(|p| p.color);
        for (&old, &new) in self.pos.board.iter().zip(&board) {
            unchanged &= old == new.map(Piece::settled);
            irreversible |= pawn_of(old) != pawn_of(new);
            before += usize::from(old.is_some());
            after += usize::from(new.is_some());
        }
        if unchanged {
            return;
        }
        if let Some(king) = self.pos.king(&board, self.mover) {
            if attackers(rules, &board, king, !self.mover).0 {
                return;
            }
        }
        let mut ep = Vec::new();
        for (sq, cell) in board.iter_mut().enumerate() {
            if let Some(p) = cell.as_mut() {
                if let (Tag::Rushed { from }, true) = (p.tag, p.color == self.mover) {
                    let (x, _) = rules.xy(sq);
                    let from = rules.sq(x, from as i32);
                    ep.push(EpItem { pawn: sq, from });
                }
                *p = p.settled();
            }
        }
        ep.sort_by_key(|e| rules.xy(e.pawn));
        if !self.seen_final.insert(state_key(&board, &ep)) {
            return;
        }
        let next = Position {
            rules,
            board,
            side: !self.mover,
            ep,
            halfmove: if irreversible || after < before {
                0
            } else {
                self.pos.halfmove + 1
            },
            fullmove: self.pos.fullmove + u32::from(self.mover == Color::Black),
        };
        self.out.push((next, path));
    }
}

/// A move's identity as bytes (board with tags, en-passant items; the side is implied): one
/// byte per field, then four per item.
fn state_key(board: &Board, ep: &[EpItem]) -> Vec<u8> {
    let mut key: Vec<u8> = board
        .iter()
        .map(|cell| {
            cell.map_or(0, |p| {
                let tag = match p.tag {
                    Tag::None | Tag::Rushed { .. } => 0,
                    Tag::Rush => 1,
                    Tag::Castle => 2,
                    Tag::Promotion => 3,
                };
                1 + p.kind as u8 * 8 + p.color as u8 * 4 + tag
            })
        })
        .collect();
    for item in ep {
        key.extend((item.pawn as u16).to_le_bytes());
        key.extend((item.from as u16).to_le_bytes());
    }
    key
}

fn promotion_action(lander: Piece) -> Action {
    match lander.kind {
        Kind::Pawn => Action::Tag,
        kind => Action::Promote(kind),
    }
}

/// The action of a Pawn ending a plain step as `lander`.
fn pawn_action(lander: Piece) -> Action {
    match (lander.kind, lander.tag) {
        (Kind::Pawn, Tag::Promotion) => Action::Tag,
        (Kind::Pawn, _) => Action::Step,
        (kind, _) => Action::Promote(kind),
    }
}

#[cfg(test)]
mod tests {
    //! The tier-2 cases of part1 section 9 (TA-6 .. TA-12, TB-MV1 .. TB-MV36, TB-N1 .. TB-N13),
    //! the start counts of issue 16, position strings.

    use super::*;
    use crate::core::random::Xorshift;

    use Action::{Activate, Capture, EnPassant, Oblation, Step, Teleport};

    /// A hand-built position: `light` and `dark` list pieces as `Qo2 Wj7`. A Pawn on its Pawn
    /// row gets `|`, a King or Rook on its setup field `&` (the section 9 convention), unless
    /// the item ends in a tag (`|`, `&`, `=`) or `-` for none.
    fn setup(variant: &str, light: &str, dark: &str, side: Color) -> Position {
        let rules = rules_of(variant).unwrap();
        let mut pos = Position::empty(rules);
        pos.side = side;
        for (items, color) in [(light, Color::White), (dark, Color::Black)] {
            for item in items.split_whitespace() {
                let kind = Kind::from_letter(item.chars().next().unwrap()).unwrap();
                let (field, tag) = match item.chars().last().unwrap() {
                    '|' => (&item[1..item.len() - 1], Some(Tag::Rush)),
                    '&' => (&item[1..item.len() - 1], Some(Tag::Castle)),
                    '=' => (&item[1..item.len() - 1], Some(Tag::Promotion)),
                    '-' => (&item[1..item.len() - 1], Some(Tag::None)),
                    _ => (&item[1..], None),
                };
                let sq = rules.parse_field(field).unwrap_or_else(|| panic!("{item}"));
                let default = [Tag::Rush, Tag::Castle]
                    .into_iter()
                    .find(|&t| rules.tag_allowed(Piece::new(kind, color, t), sq))
                    .unwrap_or(Tag::None);
                pos.place(sq, Piece::new(kind, color, tag.unwrap_or(default)))
                    .unwrap_or_else(|e| panic!("{item}: {e}"));
            }
        }
        pos.check_kings().unwrap();
        pos
    }

    /// The four Stars of Nineteen and `pieces`.
    fn nineteen(light: &str, dark: &str, side: Color) -> Position {
        setup(
            "nineteen",
            &format!("Ta1 Tr18 {light}"),
            &format!("tr1 ta18 {dark}"),
            side,
        )
    }

    fn at(pos: &Position, field: &str) -> usize {
        pos.rules.parse_field(field).unwrap()
    }

    /// The piece on `from` starting a move.
    fn first(pos: &Position, from: &str) -> Air {
        let turns = Turns::new(pos);
        let sq = at(pos, from);
        let mut board = turns.start.clone();
        let piece = board[sq].take().expect("a piece");
        Air {
            board,
            piece,
            at: sq,
            momentum: Momentum::First,
            pattern: None,
        }
    }

    fn legs(pos: &Position, air: &Air) -> Vec<Leg> {
        Turns::new(pos).ply(air)
    }

    fn sorted(fields: &str) -> Vec<String> {
        let mut v: Vec<String> = fields.split_whitespace().map(String::from).collect();
        v.sort();
        v.dedup();
        v
    }

    /// The fields the ply can end on (with `action`, or any).
    fn ends(pos: &Position, legs: &[Leg], action: Option<Action>) -> Vec<String> {
        let names: Vec<String> = legs
            .iter()
            .filter(|l| action.is_none_or(|a| l.action == a))
            .map(|l| pos.rules.name_of(l.to))
            .collect();
        sorted(&names.join(" "))
    }

    /// Where the piece on `from` can end its ply as the first piece (with `action`, or any).
    fn plies(pos: &Position, from: &str, action: Option<Action>) -> Vec<String> {
        ends(pos, &legs(pos, &first(pos, from)), action)
    }

    /// The ply ending on `to` with `action` that goes on with an activated piece.
    fn follow_with(pos: &Position, air: &Air, to: &str, action: Action) -> Air {
        let to = at(pos, to);
        legs(pos, air)
            .into_iter()
            .find_map(|l| match l.next {
                Next::Air(next) if l.to == to && l.action == action => Some(next),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {action:?} on {}", pos.rules.name_of(to)))
    }

    fn follow(pos: &Position, air: &Air, to: &str) -> Air {
        follow_with(pos, air, to, Activate)
    }

    /// The first piece on `from`, then the activations on each of `fields` in turn.
    fn chain(pos: &Position, from: &str, fields: &str) -> Air {
        let mut air = first(pos, from);
        for field in fields.split_whitespace() {
            air = follow(pos, &air, field);
        }
        air
    }

    /// `pos` after the opponent's Pawn on `pawn` rushed there from `from`.
    fn rushed(mut pos: Position, pawn: &str, from: &str) -> Position {
        pos.ep.push(EpItem {
            pawn: at(&pos, pawn),
            from: at(&pos, from),
        });
        pos.sort_ep();
        Position::read(pos.rules.name, &pos.write()).unwrap()
    }

    fn carried(air: &Air) -> u32 {
        match air.momentum {
            Momentum::Carried(m) => m,
            Momentum::First => panic!("the first piece"),
        }
    }

    /// The fields a Wave in the air can end on with one pair of steps, and how many teleports
    /// it may make on the way.
    fn path(pos: &Position, wave: &Air, steps: [(i32, i32); 2]) -> (Vec<String>, usize) {
        let (reached, teleports) = Turns::new(pos).wave_path(wave, steps);
        let names: Vec<String> = reached
            .iter()
            .map(|&(sq, _)| pos.rules.name_of(sq))
            .collect();
        (sorted(&names.join(" ")), teleports.len())
    }

    /// Whether `pos` holds every piece of `pieces` (`Be2 wk2`; `-b5` for an empty field).
    fn holds(pos: &Position, pieces: &str) -> bool {
        pieces.split_whitespace().all(|item| {
            let letter = item.chars().next().unwrap();
            let cell = pos.board[at(pos, &item[1..])];
            match letter {
                '-' => cell.is_none(),
                _ => cell.is_some_and(|p| p.letter() == letter),
            }
        })
    }

    /// The unique move of `pos` that leaves `pieces` on the board.
    fn after(pos: &Position, pieces: &str) -> Position {
        let found: Vec<Position> = pos
            .successors()
            .into_iter()
            .filter(|p| holds(p, pieces))
            .collect();
        assert_eq!(found.len(), 1, "moves leaving {pieces}");
        found.into_iter().next().unwrap()
    }

    fn in_check(pos: &Position, color: Color) -> bool {
        let king = pos.king(&pos.board, color).expect("a King");
        attackers(pos.rules, &pos.board, king, !color) != (false, false)
    }

    // ---------------------------------------------------------------- start positions

    #[test]
    fn start_counts_shallow() {
        for (name, counts) in [
            ("mirandasveil", &[124u64, 15_343][..]),
            ("nineteen", &[116, 13_456]),
            ("croatianties", &[44, 1_932]),
            ("mayanascendancy", &[64, 4_082]),
            ("ageofaquarius", &[96, 9_197]),
            ("classical14", &[78, 6_084]),
            ("croatianties14", &[104, 10_770]),
        ] {
            let start = start_position(name).unwrap();
            for (depth, &want) in counts.iter().enumerate() {
                let got = perft(name, &start, depth as u32 + 1).unwrap();
                assert_eq!(got, want, "{name} depth {}", depth + 1);
            }
        }
    }

    /// Issue 16's independent counts at depth 3 (about 25 s each in a release build).
    #[test]
    fn start_counts_depth3() {
        if !crate::core::deep_tests() {
            return;
        }
        for (name, want) in [("mirandasveil", 1_917_408), ("nineteen", 1_610_954)] {
            let start = start_position(name).unwrap();
            assert_eq!(perft(name, &start, 3).unwrap(), want, "{name} depth 3");
        }
    }

    /// The rule-aimed positions of reference-counts.txt (for the fast generator to reproduce):
    /// their counts up to a budget, all of them with `TIAMAT_DEEP=1`.
    #[test]
    fn rule_aimed_counts() {
        let budget = if crate::core::deep_tests() {
            u64::MAX
        } else {
            20_000
        };
        let suite = crate::core::perft::parse_suite(include_str!("reference-counts.txt")).unwrap();
        let mut checked = 0;
        for variant in ["mirandasveil", "nineteen", "hemerasdawn"] {
            let prefix = format!("{variant}/");
            let entries = suite.entries.iter().filter(|e| e.name.starts_with(&prefix));
            let ours = crate::core::perft::Suite {
                budget: None,
                entries: entries.cloned().collect(),
            };
            assert!(
                ours.entries.len() >= 10,
                "{variant}: {}",
                ours.entries.len()
            );
            checked += check_suite(variant, &ours, budget);
        }
        assert!(checked >= 69, "only {checked} counts checked");
        let named = |name: &str| {
            ["mirandasveil/", "nineteen/", "hemerasdawn/"]
                .iter()
                .any(|v| name.starts_with(v))
        };
        assert!(suite.entries.iter().all(|e| named(e.name)));
    }

    /// Hemera's Dawn's first moves by moving piece (issue 17, part2 section 8): the Grenadiers
    /// f2 and o2 activating the Waves f1 and o1 and the cascades after, the Scouts, the Pawns,
    /// the Unicorn m1, the Rooks' oblations into the corner Stars, the King's and the Queen's
    /// Pyramid activations.
    #[test]
    fn hemerasdawn_first_moves_by_piece() {
        let start = start_position("hemerasdawn").unwrap();
        let mut by_piece = std::collections::BTreeMap::new();
        for (path, _) in moves("hemerasdawn", &start).unwrap() {
            *by_piece.entry(path[..1].to_string()).or_insert(0) += 1;
        }
        let want = [
            ("G", 2_975),
            ("K", 1),
            ("O", 130),
            ("P", 88),
            ("Q", 1),
            ("R", 2),
            ("U", 4),
        ];
        let want: std::collections::BTreeMap<String, usize> =
            want.iter().map(|&(k, n)| (k.to_string(), n)).collect();
        assert_eq!(by_piece, want);
    }

    /// Nineteen's 116 first moves: 108 Pawn moves (the rank-3 Pawns: a step and rushes of 2 to
    /// 6), the Unicorn g1's four long jumps, the Rooks' oblations on a1 and r1, and the King's
    /// and Queen's Pyramid activations (T2-11).
    #[test]
    fn nineteen_first_moves_by_rule() {
        let pos = Position::start("nineteen").unwrap();
        let moves = pos.successors();
        assert_eq!(moves.len(), 116);
        let gone = |p: &Position, f: &str| p.board[at(p, f)].is_none();
        assert_eq!(moves.iter().filter(|p| gone(p, "g1")).count(), 4);
        assert!(moves
            .iter()
            .any(|p| gone(p, "b1") && holds(p, "Ta1 Pa2 Pb2")));
        assert!(moves
            .iter()
            .any(|p| gone(p, "q1") && holds(p, "tr1 Pq2 Pr2")));
        assert!(moves.iter().any(|p| holds(p, "Kk1 Aj1")));
        assert!(moves.iter().any(|p| holds(p, "Qh1 Ai1")));
        let pawn_moves = moves
            .iter()
            .filter(|p| (0..18).any(|x| gone(p, &format!("{}3", (b'a' + x) as char))));
        assert_eq!(pawn_moves.count(), 108);
    }

    #[test]
    fn start_strings_round_trip() {
        for name in variants().filter(|n| !n.ends_with("random")) {
            let text = start_position(name).unwrap();
            assert_eq!(Position::read(name, &text).unwrap().write(), text);
        }
        assert_eq!(
            start_position("nineteen")
                .unwrap()
                .split('/')
                .next()
                .unwrap(),
            "tr&nbweuaqk&auewbnr&T"
        );
    }

    // ---------------------------------------------------------------- position strings

    #[test]
    fn several_en_passant_items_and_stars_round_trip() {
        let pos = nineteen("Pb8 Pf5 Kj1", "kj18", Color::Black);
        let mut pos = pos;
        pos.ep = vec![
            EpItem {
                pawn: at(&pos, "b8"),
                from: at(&pos, "b2"),
            },
            EpItem {
                pawn: at(&pos, "f5"),
                from: at(&pos, "f2"),
            },
        ];
        let text = pos.write();
        assert!(text.contains(" b b8:b3b4b5b6b7,f5:f3f4 0 1"), "{text}");
        let back = Position::read("nineteen", &text).unwrap();
        assert_eq!(back.write(), text);
        // Any order of the crossed fields, items in any order.
        let shuffled = text.replace("b8:b3b4b5b6b7,f5:f3f4", "f5:f4f3,b8:b7b3b4b5b6");
        assert_eq!(Position::read("nineteen", &shuffled).unwrap().write(), text);
    }

    #[test]
    fn bad_position_strings_are_refused() {
        let start = start_position("nineteen").unwrap();
        let bad = [
            // A Star off its corner, a light Star in a dark corner.
            start.replacen("tr&", "1r&", 1).replacen("/p|p|", "/tp|", 1),
            start.replacen("tr&", "Tr&", 1),
            // A rush tag off the Pawn rows, a castling tag on a Queen.
            start.replacen("q", "q|", 1),
            start.replace(" w - 0 1", " w c3:c2 0 1"),
            start.replace(" w - 0 1", " x - 0 1"),
            start.replace(" w - 0 1", " w -"),
        ];
        for text in bad {
            assert!(Position::read("nineteen", &text).is_err(), "{text}");
        }
        assert!(Position::read("mirandasveil", &start).is_err());
        assert!(successors("nosuchvariant", &start).is_err());
    }

    /// Along random games of the tier-2 variants (cascades preferred), every resulting position
    /// string reads back to itself.
    #[test]
    fn resulting_positions_round_trip() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1du64);
        // Hemera's Dawn has thousands of moves a position: fewer plies.
        for (variant, plies) in [("mirandasveil", 40), ("nineteen", 40), ("hemerasdawn", 8)] {
            let mut pos = Position::start(variant).unwrap();
            for _ in 0..plies {
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                for (next, path) in &moves {
                    let text = next.write();
                    let back =
                        Position::read(variant, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
                    assert_eq!(back.write(), text, "{path}");
                }
                let cascades: Vec<&(Position, String)> = moves
                    .iter()
                    .filter(|(_, path)| path.contains('~'))
                    .collect();
                pos = if !cascades.is_empty() && rng.below(2) == 0 {
                    cascades[rng.below(cascades.len())].0.clone()
                } else {
                    moves[rng.below(moves.len())].0.clone()
                };
            }
        }
    }

    #[test]
    fn mangled_position_strings_never_panic() {
        let texts = [
            start_position("nineteen").unwrap(),
            start_position("croatianties").unwrap(),
            "MV Ki1&,Pa2^,pb4:,ke16,".to_string(),
            "16/16/16/16/16/16/16/1P14/16/2p13/16/16/16/5W10/16/3b12 b b8:b3b4b5b6b7 0 1".into(),
        ];
        let junk = [
            "",
            "0",
            "99999999999999999999",
            "|",
            ":",
            ",",
            "/",
            " ",
            "T",
            "k",
            "a0",
        ];
        for text in texts {
            for variant in [
                "nineteen",
                "mirandasveil",
                "croatianties",
                "classical26random",
            ] {
                for cut in (0..text.len()).step_by(3) {
                    for piece in junk {
                        let mangled = format!("{}{piece}{}", &text[..cut], &text[cut + 1..]);
                        let _ = successors(variant, &mangled);
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- section 9.A

    #[test]
    fn ta6_queen_passes_waves_captures_and_activates() {
        let pos = setup("mirandasveil", "Qo2 Wj7", "Wm4 Eg10 Pe12", Color::White);
        let legs = legs(&pos, &first(&pos, "o2"));
        let diagonal: Vec<(String, Action)> = legs
            .iter()
            .filter(|l| {
                let (x, y) = pos.rules.xy(l.to);
                x + y == 14 + 1 && y > 1
            })
            .map(|l| (pos.rules.name_of(l.to), l.action))
            .collect();
        let want = [
            ("n3", Step),
            ("m4", Capture),
            ("l5", Step),
            ("k6", Step),
            ("j7", Activate),
            ("i8", Step),
            ("h9", Step),
            ("g10", Capture),
        ];
        assert_eq!(
            diagonal,
            want.map(|(f, a)| (f.to_string(), a)).to_vec(),
            "f11 and beyond are behind the Pegasus"
        );
    }

    #[test]
    fn ta7_ta8_teleport_and_oblation() {
        let pos = nineteen("Bd15", "", Color::White);
        let legs = legs(&pos, &first(&pos, "d15"));
        assert_eq!(
            ends(&pos, &legs, Some(Teleport)),
            sorted("a2 b1 b2 q17 q18 r17")
        );
        // TA-8: a dark Rook entering its own-coloured Star, all light portals occupied.
        let crowded = nineteen("Na2 Nb1 Nb2 Nq17 Nq18 Nr17", "ra13", Color::Black);
        let legs = super::tests::legs(&crowded, &first(&crowded, "a13"));
        assert_eq!(ends(&crowded, &legs, Some(Teleport)), sorted(""));
        assert_eq!(ends(&crowded, &legs, Some(Oblation)), sorted("a18"));
        // (The dark Pawn keeps the Rook from the light Star a1.)
        let empty = nineteen("", "ra13 pa12", Color::Black);
        let legs = super::tests::legs(&empty, &first(&empty, "a13"));
        assert_eq!(
            ends(&empty, &legs, Some(Teleport)),
            sorted("a2 b1 b2 q17 q18 r17")
        );
    }

    #[test]
    fn ta9_teleporting_pawns_tn7() {
        for from in ["a17", "b17"] {
            let pos = nineteen(&format!("P{from}"), "", Color::White);
            let moves = pos.successors();
            let on = |field: &str| -> Vec<Piece> {
                moves.iter().filter_map(|p| p.board[at(p, field)]).collect()
            };
            // On the opponent's figure row: promote at once (eight pieces) or keep the tag.
            assert_eq!(on("q18").len(), 9, "{from}");
            assert!(on("q18").contains(&Piece::new(Kind::Pawn, Color::White, Tag::Promotion)));
            for field in ["q17", "r17"] {
                assert_eq!(
                    on(field),
                    [Piece::new(Kind::Pawn, Color::White, Tag::Promotion)]
                );
            }
            for field in ["a2", "b1", "b2"] {
                assert_eq!(on(field), [Piece::new(Kind::Pawn, Color::White, Tag::None)]);
            }
        }
        // TB-N7: the Pawn emerged on b2 has no rush tag: b3 only (and sideways).
        let pos = nineteen("Pb2-", "", Color::White);
        assert_eq!(plies(&pos, "b2", None), sorted("a2 b3 c2"));
    }

    #[test]
    fn ta10_kings_never_enter_stars() {
        let pos = nineteen("Kb2", "", Color::White);
        assert_eq!(plies(&pos, "b2", None), sorted("a2 a3 b1 b3 c1 c2 c3"));
    }

    #[test]
    fn ta11_sideways_pawns() {
        let pos = nineteen("Pf2", "ng2", Color::White);
        let ply = legs(&pos, &first(&pos, "f2"));
        assert!(ends(&pos, &ply, Some(Step)).contains(&"e2".to_string()));
        assert!(!ends(&pos, &ply, None).contains(&"g2".to_string()));
        let pos = nineteen("Pf2 Ag2", "", Color::White);
        assert!(!plies(&pos, "f2", None).contains(&"g2".to_string()));
        let pos = nineteen("Pf2 Wg2", "", Color::White);
        let wave = follow(&pos, &first(&pos, "f2"), "g2");
        assert_eq!((wave.piece.kind, carried(&wave)), (Kind::Wave, 1));
    }

    #[test]
    fn ta12_activated_pawn_rushes_within_momentum_and_limit() {
        for (momentum, reach) in [(13, "c3 c4 c5 c6 c7 c8"), (4, "c3 c4 c5 c6")] {
            let pos = setup("mirandasveil", "Pc2", "", Color::White);
            let mut air = first(&pos, "c2");
            air.board[at(&pos, "c2")] = Some(Piece::new(Kind::Wave, Color::White, Tag::None));
            air.momentum = Momentum::Carried(momentum);
            assert_eq!(ends(&pos, &legs(&pos, &air), Some(Step)), sorted(reach));
        }
    }

    // ---------------------------------------------------------------- Miranda's Veil (9.B)

    fn mv(light: &str, dark: &str, side: Color) -> Position {
        setup("mirandasveil", light, dark, side)
    }

    #[test]
    fn tb_mv1_wave_moves_like_its_pegasus() {
        let pos = mv("Eb3 Wg13", "", Color::White);
        let wave = follow(&pos, &first(&pos, "b3"), "g13");
        assert_eq!(
            (wave.pattern, carried(&wave)),
            (Some(Pattern::KnightLines), 5)
        );
        assert_eq!(
            ends(&pos, &legs(&pos, &wave), Some(Step)),
            sorted(
                "i14 k15 m16 h15 f15 e14 c15 a16 e12 c11 a10 f11 e9 d7 c5 b3 a1 h11 i9 j7 k5 l3 m1 \
                 i12 k11 m10 o9"
            )
        );
    }

    #[test]
    fn tb_mv2_tb_mv3_wave_passes_and_activates_a_rook() {
        let pos = mv("Eb3 Wg13 Rj7", "Pi9", Color::White);
        let wave = follow(&pos, &first(&pos, "b3"), "g13");
        let ply = legs(&pos, &wave);
        let all = ends(&pos, &ply, None);
        for field in ["h11", "k5", "l3", "m1"] {
            assert!(all.contains(&field.to_string()), "{field}");
        }
        assert!(!all.contains(&"i9".to_string()));
        let rook = follow(&pos, &wave, "j7");
        assert_eq!(carried(&rook), 5);
        assert_eq!(
            ends(&pos, &legs(&pos, &rook), Some(Step)),
            sorted("k7 l7 m7 n7 o7 j8 j9 j10 j11 j12 i7 h7 g7 f7 e7 j6 j5 j4 j3 j2")
        );
        // TB-MV3: blocked by its own Pawn, out of reach of the Pegasus.
        let pos = mv("Eb3 Rj7 Pl7 Wg13", "Nj4 Bn7 Pi9 Ej15", Color::White);
        let rook = chain(&pos, "b3", "g13 j7");
        let ply = legs(&pos, &rook);
        assert_eq!(ends(&pos, &ply, Some(Capture)), sorted("j4"));
        assert_eq!(
            ends(&pos, &ply, Some(Step)),
            sorted("j6 j5 k7 j8 j9 j10 j11 j12 i7 h7 g7 f7 e7")
        );
    }

    #[test]
    fn tb_mv4_activated_pawns_rush_within_momentum_and_limit() {
        let pos = mv("Pc2 We2 Pm2 Wo2 Re6 Ro15", "Nb3 Rl3", Color::White);
        let pawn = chain(&pos, "e6", "e2 c2");
        assert_eq!(carried(&pawn), 4);
        let ply = legs(&pos, &pawn);
        assert_eq!(ends(&pos, &ply, Some(Capture)), sorted("b3"));
        assert_eq!(ends(&pos, &ply, Some(Step)), sorted("c3 c4 c5 c6"));
        let pawn = chain(&pos, "o15", "o2 m2");
        assert_eq!(carried(&pawn), 13);
        let ply = legs(&pos, &pawn);
        assert_eq!(ends(&pos, &ply, Some(Capture)), sorted("l3"));
        assert_eq!(ends(&pos, &ply, Some(Step)), sorted("m3 m4 m5 m6 m7 m8"));
    }

    #[test]
    fn tb_mv5_tb_mv6_waves_never_activate_pyramids_pawns_do() {
        let pos = mv("Bb2 We5 Ac7", "", Color::White);
        let wave = follow(&pos, &first(&pos, "b2"), "e5");
        let ply = legs(&pos, &wave);
        let all = ends(&pos, &ply, None);
        assert!(
            all.contains(&"d6".into()) && all.contains(&"b8".into()) && all.contains(&"a9".into())
        );
        assert!(!all.contains(&"c7".into()));
        let pos = mv("Bb2 We5 Pc7 Ad8", "", Color::White);
        let pyramid = chain(&pos, "b2", "e5 c7 d8");
        assert_eq!((pyramid.piece.kind, carried(&pyramid)), (Kind::Pyramid, 2));
    }

    #[test]
    fn tb_mv7_attacks_pass_through_waves() {
        let pos = mv("Kf2 Wh6", "Ej10", Color::White);
        assert!(in_check(&pos, Color::White));
        let pos = mv("Kf2 Nh6", "Ej10", Color::White);
        assert!(!in_check(&pos, Color::White));
    }

    /// The (King, Rook) destinations of castling moves.
    fn castlings(pos: &Position, king: &str, rook: &str) -> Vec<String> {
        let mut found: Vec<String> = pos
            .successors()
            .iter()
            .filter(|p| p.board[at(p, king)].is_none() && p.board[at(p, rook)].is_none())
            .map(|p| {
                let on = |kind: Kind| {
                    let sq = p
                        .board
                        .iter()
                        .position(|c| c.is_some_and(|c| c.is(kind, !p.side)));
                    p.rules.name_of(sq.unwrap())
                };
                format!("K{}R{}", on(Kind::King), on(Kind::Rook))
            })
            .collect();
        found.sort();
        found
    }

    #[test]
    fn tb_mv8_waves_block_castling_destinations_only() {
        let pos = mv("Ki1 Ra1 Wf1", "", Color::White);
        assert_eq!(castlings(&pos, "i1", "a1"), ["Kc1Rd1", "Kd1Re1", "Kg1Rh1"]);
    }

    #[test]
    fn tb_mv9_tb_mv10_pawns_and_waves() {
        let pos = mv("Pa3 Wa4 Wb4 Pf6", "We7 Wf7", Color::White);
        let ply = legs(&pos, &first(&pos, "a3"));
        assert_eq!(ends(&pos, &ply, None), sorted("a4 b4"));
        assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("a4 b4"));
        let ply = legs(&pos, &first(&pos, "f6"));
        assert_eq!(ends(&pos, &ply, None), sorted("e7"));
        assert_eq!(ends(&pos, &ply, Some(Capture)), sorted("e7"));
        // TB-MV10: rushing Pawns step over Waves.
        let pos = mv("Pb2 Pe2 Wb5", "We5", Color::White);
        let ply = legs(&pos, &first(&pos, "b2"));
        assert_eq!(ends(&pos, &ply, Some(Step)), sorted("b3 b4 b6 b7 b8"));
        assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("b5"));
        let ply = legs(&pos, &first(&pos, "e2"));
        assert_eq!(ends(&pos, &ply, None), sorted("e3 e4 e6 e7 e8"));
    }

    #[test]
    fn tb_mv11_waves_cannot_activate_blocked_pieces() {
        let pos = mv("Wf5 Pd6 Bd7 Ng7", "", Color::White);
        let wave = follow(&pos, &first(&pos, "g7"), "f5");
        let all = ends(&pos, &legs(&pos, &wave), None);
        assert!(all.contains(&"b7".into()));
        // d6 is listed as an activation, but the Pawn has no ply: nothing follows it.
        let pawn = follow(&pos, &wave, "d6");
        assert!(legs(&pos, &pawn).is_empty());
        assert!(!Turns::new(&pos).any_wave_end(&wave, &[(at(&pos, "d6"), WaveEnd::Material)]));
    }

    /// Every field on `vectors`' lines from `from`.
    fn lines(pos: &Position, from: &str, vectors: &[(i8, i8)]) -> Vec<String> {
        let (x, y) = pos.rules.xy(at(pos, from));
        let mut out = Vec::new();
        for &(dx, dy) in vectors {
            let mut k = 1;
            while let Some(sq) = pos.rules.field(x + k * dx as i32, y + k * dy as i32) {
                out.push(pos.rules.name_of(sq));
                k += 1;
            }
        }
        sorted(&out.join(" "))
    }

    #[test]
    fn tb_mv12_knight_and_king_activated_waves() {
        let pos = mv("Nd7 Wf8", "", Color::White);
        let wave = follow(&pos, &first(&pos, "d7"), "f8");
        assert_eq!(
            ends(&pos, &legs(&pos, &wave), Some(Step)),
            lines(&pos, "f8", &KNIGHT)
        );
        assert!(lines(&pos, "f8", &KNIGHT).contains(&"p13".into()));
        let pos = mv("Kd7 We8", "", Color::White);
        let wave = follow(&pos, &first(&pos, "d7"), "e8");
        assert_eq!(
            ends(&pos, &legs(&pos, &wave), Some(Step)),
            lines(&pos, "e8", &ALL_LINES)
        );
    }

    #[test]
    fn tb_mv13_pawn_activated_waves_go_forward() {
        for pawn in ["f3", "e3"] {
            let pos = mv(
                &format!("P{pawn} Wf4 Rc7 Af10 Nf12 Bj14"),
                "Ph6 Wf15",
                Color::White,
            );
            let wave = follow(&pos, &first(&pos, pawn), "f4");
            let ply = legs(&pos, &wave);
            assert_eq!(
                ends(&pos, &ply, Some(Step)),
                sorted(
                    "g5 i7 j8 k9 l10 m11 n12 o13 p14 f5 f6 f7 f8 f9 f11 f13 f14 f16 e5 d6 b8 a9"
                ),
                "{pawn}"
            );
            assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("f12 f15 c7"));
        }
    }

    #[test]
    fn tb_mv14_unicorn_activated_wave_alternates_two_steps() {
        let pos = mv("Uc5 Wg4 Ph6 Ph7 Ph8", "Ph9 Pi9 Pj9 Wj14", Color::White);
        let wave = follow(&pos, &first(&pos, "c5"), "g4");
        assert_eq!(wave.pattern, Some(Pattern::Unicorn));
        let turns = Turns::new(&pos);
        let name = |x: i32, y: i32| pos.rules.name_of(pos.rules.sq(x, y));
        let pairs = turns.wave_steps(Pattern::Unicorn, Color::White, 6, 3);
        let firsts: Vec<String> = pairs.iter().map(|p| name(6 + p[0].0, 3 + p[0].1)).collect();
        assert_eq!(sorted(&firsts.join(" ")), sorted("i5 h6 e3 f2 f6 e5 h2 i3"));
        let seconds: Vec<String> = pairs
            .iter()
            .filter(|p| p[0] == (-1, 2))
            .map(|p| name(5 + p[1].0, 5 + p[1].1))
            .collect();
        assert_eq!(
            sorted(&seconds.join(" ")),
            sorted("j7 i8 h9 g10 b5 c4 d3 e2 e10 d9 c8 b7 g2 h3 i4 j5")
        );
        let (reached, teleports) = path(&pos, &wave, [(-1, 2), (3, 2)]);
        assert_eq!(reached, sorted("f6 i8 h10 k12 j14 m16"));
        assert_eq!(teleports, 0);
        // Light fields take Knight steps, dark fields the long ones.
        assert_eq!(unicorn_jumps(Color::White, 3, 4).len(), 8);
        assert_eq!(unicorn_jumps(Color::White, 5, 5).len(), 16);
    }

    #[test]
    fn tb_mv15_waves_step_off_the_board_and_back() {
        let pos = mv("", "Uk2 Wo3", Color::Black);
        let wave = follow(&pos, &first(&pos, "k2"), "o3");
        let (reached, _) = path(&pos, &wave, [(-2, 1), (3, 2)]);
        assert_eq!(reached, sorted("m4 p6 n7 o10 p13"));
        let (reached, _) = path(&pos, &wave, [(2, 1), (-3, 2)]);
        assert_eq!(reached, sorted("n6 p7 m9 o10 l12 n13 k15 m16"));
        assert!(ends(&pos, &legs(&pos, &wave), Some(Step)).contains(&"o10".into()));
    }

    #[test]
    fn tb_mv16_waves_inherit_through_chains() {
        let pos = mv("Bb5 We2 Wh5 Nd9 Wf10 Wn6 Pl2", "", Color::White);
        let knight = chain(&pos, "b5", "e2 h5 d9");
        assert_eq!((knight.piece.kind, carried(&knight)), (Kind::Knight, 3));
        let wave = follow(&pos, &knight, "f10");
        assert_eq!(
            (wave.pattern, carried(&wave)),
            (Some(Pattern::KnightLines), 2)
        );
        let pawn = follow(&pos, &follow(&pos, &wave, "n6"), "l2");
        assert_eq!(carried(&pawn), 2);
        assert_eq!(ends(&pos, &legs(&pos, &pawn), None), sorted("l3 l4"));
    }

    #[test]
    fn tb_mv17_tb_mv18_momentum_through_single_steppers() {
        let pos = mv("Bi7 Wh6 Ng7 Wf5 Pd6", "Wb7", Color::White);
        let wave = chain(&pos, "i7", "h6 g7 f5");
        assert_eq!(carried(&wave), 0);
        let ply = legs(&pos, &wave);
        // The dark Wave b7, and the Wave on g7 that activated the Knight; not the Pawn d6.
        assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("b7 g7"));
        assert!(!ends(&pos, &ply, None).contains(&"d6".into()));
        // TB-MV18: the Knight passes on 3 of its 4.
        let pos = mv("Bg3 Wc7 Ne9 Wg8 Rk10", "", Color::White);
        let rook = chain(&pos, "g3", "c7 e9 g8 k10");
        assert_eq!(carried(&rook), 3);
        assert_eq!(
            ends(&pos, &legs(&pos, &rook), Some(Step)),
            sorted("l10 m10 n10 k11 k12 k13 j10 i10 h10 k9 k8 k7")
        );
    }

    #[test]
    fn tb_mv19_pieces_are_reactivated() {
        let pos = mv("Rc2 Wh2 Nh5 Wf6 Bi12 Wl9 Ej3", "", Color::White);
        let bishop = chain(&pos, "c2", "h2 h5 f6 i12");
        assert_eq!(carried(&bishop), 4);
        let wave = follow(&pos, &bishop, "l9");
        assert_eq!(carried(&wave), 1);
        let first_wave = follow(&pos, &wave, "h5");
        assert_eq!(first_wave.pattern, Some(Pattern::Diagonal));
        let pegasus = follow(&pos, &first_wave, "j3");
        assert_eq!(carried(&pegasus), 1);
        let ply = legs(&pos, &pegasus);
        let all = ends(&pos, &ply, None);
        assert!(all.contains(&"l4".into()));
        assert!(!all.contains(&"n5".into()) && !all.contains(&"p6".into()));
    }

    #[test]
    fn tb_mv20_pinned_piece_in_a_cascade() {
        let pos = mv("Kf2 Ni3 Qh6 Wl6 We9 Bk15", "Ej10", Color::White);
        let moves = pos.successors();
        // Both cascades of the book end with the Knight on g4.
        after(&pos, "Be9 Wh6 Ql6 Wi3 Ng4 -k15");
        after(&pos, "-h6 Ql6 Wi3 Ng4 Bk15 We9");
        // Nothing leaves the line j10-i8-h6-g4-f2 without material on it.
        let open = |p: &Position| {
            ["i8", "h6", "g4"]
                .iter()
                .all(|f| p.board[at(p, f)].is_none_or(|q| q.kind == Kind::Wave))
        };
        assert!(!moves.iter().any(open));
        assert!(moves.iter().all(|p| !in_check(p, Color::White)));
    }

    #[test]
    fn tb_mv21_check_only_after_the_cascade() {
        let pos = mv("Qb2 Rd5 Wb7", "Kf1", Color::White);
        let moved = after(&pos, "Qb7 Wd5 Rd1");
        assert!(in_check(&moved, Color::Black));
        assert!(!moved.finished());
    }

    #[test]
    fn tb_mv22_reactivated_queen_checks_only_where_it_settles() {
        let pos = mv("Bj13 Wm10 Wj10 Wj7 Wm7", "Km3 Ph2", Color::White);
        let air = Air {
            board: pos.board.clone(),
            piece: Piece::new(Kind::Queen, Color::White, Tag::None),
            at: at(&pos, "m7"),
            momentum: Momentum::Carried(5),
            pattern: None,
        };
        let checks = |field: &str| -> bool {
            let leg = legs(&pos, &air)
                .into_iter()
                .find(|l| pos.rules.name_of(l.to) == field)
                .unwrap_or_else(|| panic!("{field}"));
            let Next::Done(board) = leg.next else {
                panic!("{field} activates")
            };
            attackers(pos.rules, &board, at(&pos, "m3"), Color::White) != (false, false)
        };
        for field in ["l6", "j4", "h2"] {
            assert!(!checks(field), "{field}");
        }
        for field in ["k5", "i3", "m6", "m5", "m4"] {
            assert!(checks(field), "{field}");
        }
        assert!(!ends(&pos, &legs(&pos, &air), None).contains(&"m7".into()));
    }

    #[test]
    fn tb_mv23_tb_mv24_opponent_pieces_in_a_cascade() {
        let pos = mv("Bb5 We2 Wn6 Pl2", "Wh5 Nd9 Wf10", Color::White);
        let knight = chain(&pos, "b5", "e2 h5 d9");
        assert_eq!((knight.piece.color, carried(&knight)), (Color::Black, 3));
        let pawn = chain(&pos, "b5", "e2 h5 d9 f10 n6 l2");
        assert_eq!(ends(&pos, &legs(&pos, &pawn), None), sorted("l3 l4"));
        let pos = mv("Bb5 We2 Wn6 Pl2 Wf10", "Wh5 Nd9", Color::White);
        let knight = chain(&pos, "b5", "e2 h5 d9");
        assert!(ends(&pos, &legs(&pos, &knight), Some(Capture)).contains(&"f10".into()));
        // TB-MV24: a dark Pawn moved by light promotes to dark pieces, or is tagged.
        let pos = mv("Bb5 We2", "Wh5 Pk2", Color::White);
        let pawn = chain(&pos, "b5", "e2 h5 k2");
        let promotions: Vec<char> = legs(&pos, &pawn)
            .into_iter()
            .filter_map(|l| match l.next {
                Next::Done(b) => b[at(&pos, "k1")].map(|p| p.letter()),
                Next::Air(_) => None,
            })
            .collect();
        assert_eq!(promotions.iter().collect::<String>(), "qrbneauwp");
    }

    #[test]
    fn tb_mv25_tb_mv26_self_checkmate_and_double_checkmate() {
        let pos = mv("Bb5 We2 Km15", "Wh5 Rk2", Color::White);
        let lost = after(&pos, "Be2 Wh5 wk2 rm2");
        assert!(lost.finished());
        assert!(lost.successors().is_empty());
        assert_eq!(lost.perft(1), 0);
        // TB-MV26: both Kings mated; the game is over too.
        let pos = mv("Qb15 Wb2 Ef4 Ko4", "Ka2 Wh2 Rl6", Color::White);
        let drawn = after(&pos, "Qb2 Wh2 wl6 ro6");
        assert!(drawn.finished() && in_check(&drawn, Color::Black));
    }

    #[test]
    fn tb_mv27_a_wave_with_nowhere_to_go_is_oblationed() {
        let light = "Rl1 Wp1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 Pk2 Pl2 Pm2 Pn2 Po2 Np3 Np4 \
                     Wl5 Bp5 Bp6 Rp7 Rp8 Up9 Up10 Ep11 Ep12 Ap13 Ap14 Qp15 Qp16";
        let pos = mv(light, "Rj10 Wj5 Wp2", Color::Black);
        let rook = chain(&pos, "j10", "j5 l5 l1");
        assert_eq!((rook.piece.color, carried(&rook)), (Color::White, 5));
        let dark_wave = chain(&pos, "j10", "j5 l5 l1 p1 p2");
        assert_eq!(
            (dark_wave.piece.color, carried(&dark_wave)),
            (Color::Black, 1)
        );
        let ply = legs(&pos, &dark_wave);
        assert_eq!(ply.len(), 1);
        assert_eq!(ply[0].action, Oblation);
    }

    #[test]
    fn tb_mv28_dark_pawn_pattern_for_a_light_wave() {
        let pos = mv("Nf5 Af7 Bc8 Wf11", "Pe15 Wf14 Wf2 Ah9 Pn3", Color::Black);
        let wave = chain(&pos, "e15", "f14 f11");
        assert_eq!(
            (wave.piece.color, wave.pattern),
            (Color::White, Some(Pattern::Pawn { forward: -1 }))
        );
        let ply = legs(&pos, &wave);
        assert_eq!(
            ends(&pos, &ply, Some(Step)),
            sorted("f10 f9 f8 f6 f4 f3 f1 g10 i8 j7 k6 l5 m4 o2 p1 e10 d9 b7 a6")
        );
        assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("f5 f2 c8"));
    }

    /// The en-passant legs of the Pawn on `pawn`.
    fn en_passant(pos: &Position, pawn: &str) -> Vec<String> {
        plies(pos, pawn, Some(EnPassant))
    }

    #[test]
    fn tb_mv29_tb_mv30_en_passant_turned_capture() {
        let pos = mv("Pd2 Wd6 Bd7 Ab5", "Pe6", Color::White);
        let moved = after(&pos, "Pd6 Wd7 Bb5 Ad5");
        assert_eq!(moved.write().split(' ').nth(2), Some("d6:d3d4d5"));
        assert!(en_passant(&moved, "e6").is_empty());
        assert_eq!(plies(&moved, "e6", Some(Capture)), sorted("d5"));
        // TB-MV30: the rushed Pawn crossed its own Wave, which the dark Pawn captures instead.
        let pos = rushed(mv("Pd7 Wd5", "Pe6", Color::Black), "d7", "d2");
        assert!(en_passant(&pos, "e6").is_empty());
        assert_eq!(plies(&pos, "e6", Some(Capture)), sorted("d5"));
    }

    #[test]
    fn tb_mv31_tb_mv32_en_passant_blocked_and_denied() {
        let pos = mv("Pe2 We7 Be8 Wc6", "Wd5 Rc4 Pf5", Color::White);
        let moved = after(&pos, "Pe7 We8 Bc6 Wd5 wc4 re4");
        assert_eq!(moved.write().split(' ').nth(2), Some("e7:e3e4e5e6"));
        assert!(en_passant(&moved, "f5").is_empty());
        // TB-MV32: the rushed Pawn moved on, losing its tag.
        let pos = mv("Pd2 Wd6 Bc7 Wb6 Wc5", "Pe5", Color::White);
        let moved = after(&pos, "Pd7 Wc7 Bb6 Wc5 Wd6");
        assert_eq!(moved.write().split(' ').nth(2), Some("-"));
        assert!(en_passant(&moved, "e5").is_empty());
    }

    #[test]
    fn tb_mv33_tb_mv34_en_passant_with_activation_and_pieces_between() {
        let pos = mv("Pd2", "Wd4 Pe5", Color::White);
        assert_eq!(plies(&pos, "d2", None), sorted("d3 d5 d6 d7 d8"));
        let moved = after(&pos, "Pd6");
        let ply = legs(&moved, &first(&moved, "e5"));
        assert_eq!(ends(&moved, &ply, Some(Activate)), sorted("d4"));
        assert_eq!(ends(&moved, &ply, Some(EnPassant)), sorted("d4"));
        let wave = follow_with(&moved, &first(&moved, "e5"), "d4", EnPassant);
        assert!(wave.board[at(&moved, "d6")].is_none());
        assert_eq!(wave.pattern, Some(Pattern::Pawn { forward: -1 }));
        let steps = ends(&moved, &legs(&moved, &wave), Some(Step));
        assert!(steps.contains(&"e3".into()) && steps.contains(&"f2".into()));
        // TB-MV34: a Pyramid between the crossed field and the rushed Pawn does not matter.
        let pos = mv("Pd2 Wd6 Bd7 Ab5", "Pe4", Color::White);
        let moved = after(&pos, "Pd6 Wd7 Bb5 Ad5");
        assert_eq!(en_passant(&moved, "e4"), sorted("d3"));
    }

    #[test]
    fn tb_mv35_tb_mv36_en_passant_only_on_a_pawns_first_ply() {
        let pos = rushed(mv("Pb8", "Bd1 Wf3 Pc6", Color::Black), "b8", "b2");
        let pawn = chain(&pos, "d1", "f3 c6");
        assert_eq!(carried(&pawn), 2);
        assert_eq!(
            ends(&pos, &legs(&pos, &pawn), Some(EnPassant)),
            sorted("b5")
        );
        // TB-MV36: the Pawn that rushed and was re-activated cannot take en passant.
        let pos = rushed(mv("Pb8", "Pc15 Wc9 Wc8 Wc7 Qd8", Color::Black), "b8", "b2");
        let pawn = chain(&pos, "c15", "c9 d8 c7 c9 c8 c7 d8 c8");
        assert!(pawn.piece.moved);
        assert!(ends(&pos, &legs(&pos, &pawn), Some(EnPassant)).is_empty());
    }

    // ---------------------------------------------------------------- Nineteen (9.B)

    #[test]
    fn tb_n1_tb_n2_tb_n8_portals() {
        let pos = nineteen("Bd15 Wa2", "", Color::White);
        let ply = legs(&pos, &first(&pos, "d15"));
        assert_eq!(
            ends(&pos, &ply, Some(Teleport)),
            sorted("b1 b2 q17 q18 r17")
        );
        let dark_fields: Vec<String> = ends(&pos, &ply, Some(Teleport))
            .into_iter()
            .filter(|f| {
                let (x, y) = pos.rules.xy(at(&pos, f));
                field_color(x, y) == Color::Black
            })
            .collect();
        assert_eq!(
            dark_fields,
            sorted("b2 q17"),
            "TB-N8: the colour-changing portals"
        );
        let pos = nineteen("Rb1 Pb2 Bq18", "Wa2 Ra13 Pq17 Pr17", Color::Black);
        let ply = legs(&pos, &first(&pos, "a13"));
        assert_eq!(ends(&pos, &ply, Some(Oblation)), sorted("a18"));
        // Through its Wave on a2 the Rook may still reach the light Star a1.
        assert_eq!(
            ends(&pos, &ply, Some(Teleport)),
            sorted("q1 q2 r2 b18 b17 a17")
        );
    }

    #[test]
    fn tb_n3_tb_n4_teleporting_wave() {
        let pos = nineteen("Ei11 Wg15 Al4 Pf7", "Pe16 Pp2", Color::White);
        let wave = follow(&pos, &first(&pos, "i11"), "g15");
        assert_eq!(carried(&wave), 2);
        let ply = legs(&pos, &wave);
        let line = |l: &&Leg| {
            let (x, y) = pos.rules.xy(l.to);
            (x + 2 * y == 6 + 2 * 14 && x < 6) || (x + 2 * y == 17)
        };
        let on_line: Vec<&Leg> = ply.iter().filter(line).collect();
        let steps: Vec<String> = on_line
            .iter()
            .filter(|l| l.action == Step)
            .map(|l| pos.rules.name_of(l.to))
            .collect();
        assert_eq!(sorted(&steps.join(" ")), sorted("c17 n3 j5 h6 d8 b9"));
        let activations: Vec<String> = on_line
            .iter()
            .filter(|l| l.action == Activate)
            .map(|l| pos.rules.name_of(l.to))
            .collect();
        assert_eq!(activations, ["f7"]);
        let pawn = follow(&pos, &wave, "f7");
        assert_eq!(carried(&pawn), 2);
        assert_eq!(ends(&pos, &legs(&pos, &pawn), None), sorted("e7 f8 g7"));
        assert!(!ply.iter().any(|l| l.action == Oblation));
        // TB-N4: dark Pawns on every field after the teleport: the Wave may end on c17 or be
        // removed by teleporting.
        let pos = nineteen(
            "Ei11 Wg15",
            "Pe16 Pp2 Pn3 Pl4 Pj5 Ph6 Pf7 Pd8 Pb9",
            Color::White,
        );
        let wave = follow(&pos, &first(&pos, "i11"), "g15");
        let ply = legs(&pos, &wave);
        assert!(ends(&pos, &ply, Some(Step)).contains(&"c17".into()));
        assert_eq!(ply.iter().filter(|l| l.action == Oblation).count(), 1);
    }

    /// The board part of each resulting position string.
    fn boards_after(variant: &str, position: &str) -> Vec<String> {
        successors(variant, position)
            .unwrap()
            .iter()
            .map(|s| s.split(' ').next().unwrap().to_string())
            .collect()
    }

    /// A turn that restores the board is no move (part2 OQ-15, HD-5, read for every variant):
    /// a Wave ping-pong bringing the Knight back to b1, a Rook teleporting back onto the portal
    /// field it left. Moving a tagged piece there and back changes its tag, so that one stays.
    #[test]
    fn turns_restoring_the_board_are_no_moves() {
        for (variant, position) in [
            (
                "mirandasveil",
                "15k/16/16/16/16/16/16/16/16/16/16/3W12/16/2W13/16/KN14 w - 0 1",
            ),
            (
                "nineteen",
                "t15RT/10k7/18/3B14/18/18/18/18/18/18/18/18/18/18/18/18/18/T8K7t w - 1 2",
            ),
            (
                "nineteen",
                "t8k7T/18/18/18/18/18/18/10K7/18/18/18/18/18/r17/18/18/18/Tq15t b - 1 2",
            ),
        ] {
            let board = position.split(' ').next().unwrap();
            let boards = boards_after(variant, position);
            assert!(!boards.is_empty());
            assert!(!boards.iter().any(|b| b == board), "{variant} {position}");
        }
        let tagged = "t15r&T/18/18/18/18/18/18/18/10k7/18/18/18/18/18/18/18/18/T8K7t b - 1 2";
        let untagged = "t15rT/18/18/18/18/18/18/18/10k7/18/18/18/18/18/18/18/18/T8K7t";
        assert!(boards_after("nineteen", tagged)
            .iter()
            .any(|b| b == untagged));
    }

    /// A Wave whose path after a teleport leads round the board back over the fields it
    /// crossed still has those fields to end on, so it is not removed (L1446: only a teleported
    /// Wave with "all of its step-fields blocked" is): Bh11-q2 activates the Wave, which runs
    /// up-left into a18, re-emerges from r1 and crosses q2 (its start) and p3..b17 again.
    #[test]
    fn a_teleported_wave_with_fields_to_end_on_is_not_removed() {
        let position = "t16T/18/18/18/18/18/18/7B10/14k3/18/18/18/18/18/18/18/16W1/T8K&7t w - 2 2";
        let boards = boards_after("nineteen", position);
        let removed = "t16T/18/18/18/18/18/18/18/14k3/18/18/18/18/18/18/18/16B1/T8K&7t";
        assert!(!boards.iter().any(|b| b == removed));
        let on_b17 = "t16T/1W16/18/18/18/18/18/18/14k3/18/18/18/18/18/18/18/16B1/T8K&7t";
        assert!(boards.iter().any(|b| b == on_b17));
    }

    #[test]
    fn tb_n5_tb_n6_unicorn_waves_through_stars() {
        let pos = nineteen("Um7 Wq8 Ae6", "Pe13", Color::White);
        let wave = follow(&pos, &first(&pos, "m7"), "q8");
        let (reached, teleports) = path(&pos, &wave, [(-2, 1), (3, 2)]);
        assert_eq!(
            reached,
            sorted("o9 r11 p12 q15 d3 b4 c7 f9 d10 g12 h15 f16 i18")
        );
        assert_eq!(teleports, 1);
        // TB-N6: the dark Wave, long step first on a dark field... then through r18 to a1.
        let pos = nineteen("Ad10", "Uk8 Wo9 Pe13", Color::Black);
        let wave = follow(&pos, &first(&pos, "k8"), "o9");
        let (reached, _) = path(&pos, &wave, [(-2, 1), (3, 2)]);
        assert_eq!(
            reached,
            sorted("m10 p12 n13 q15 o16 b4 c7 a8 b11 e13 c14 f16 d17")
        );
        let (ends, _) = Turns::new(&pos).wave_path(&wave, [(-2, 1), (3, 2)]);
        assert!(ends.contains(&(at(&pos, "e13"), WaveEnd::Material)));
    }

    #[test]
    fn tb_n9_tb_n10_sideways_pawn_waves() {
        let pos = nineteen("Pf2 Wg2 Ad5 Ng9 Wq12 Bk14", "Wp2", Color::White);
        let wave = follow(&pos, &first(&pos, "f2"), "g2");
        assert!(wave.board[at(&pos, "f2")].is_none());
        let ply = legs(&pos, &wave);
        assert_eq!(
            ends(&pos, &ply, Some(Step)),
            sorted(
                "f2 e2 d2 c2 b2 a2 f3 e4 c6 b7 a8 g3 g4 g5 g6 g7 g8 g10 g11 g12 g13 g14 g15 g16 \
                 g17 g18 h3 i4 j5 k6 l7 m8 n9 o10 p11 r13 h2 i2 j2 k2 l2 m2 n2 o2 q2 r2"
            )
        );
        assert_eq!(ends(&pos, &ply, Some(Activate)), sorted("g9 q12 p2"));
        // TB-N10: a sideways Pawn in a cascade, then a Bishop activating a Pyramid with 8.
        let pos = nineteen("Rq6 Wf6 Pf4 Wg4 Bl4 An2", "", Color::White);
        let pyramid = chain(&pos, "q6", "f6 f4 g4 l4 n2");
        assert_eq!((pyramid.piece.kind, carried(&pyramid)), (Kind::Pyramid, 8));
    }

    #[test]
    fn tb_n11_tb_n12_rushes_and_several_en_passants() {
        let pos = nineteen("Rb1 Pb2 Pb3 Ee1 Pe2", "Pc7 Pf7", Color::White);
        assert_eq!(
            plies(&pos, "b3", Some(Step)),
            sorted("a3 c3 b4 b5 b6 b7 b8 b9")
        );
        assert_eq!(
            plies(&pos, "e2", Some(Step)),
            sorted("d2 f2 e3 e4 e5 e6 e7 e8 e9")
        );
        assert_eq!(plies(&pos, "b2", None), sorted("a2 c2"));
        for (rush, pawn, capture) in [("Pb7 -b3", "c7", "b6"), ("Pe8 -e2", "f7", "e6")] {
            let moved = after(&pos, rush);
            assert_eq!(en_passant(&moved, pawn), [capture]);
        }
        assert!(en_passant(&after(&pos, "Pb5 -b3"), "c7").is_empty());
        // TB-N12: two rushes in one cascade, two en-passant captures in the reply.
        let pos = nineteen("Pb2 Pf2 Wb8 Bf8 Wi5", "Wb4 Pc5 Pe4", Color::White);
        let moved = after(&pos, "Pb8 Wf8 Bi5 Wf2 Pf5 -b2");
        assert_eq!(
            moved.write().split(' ').nth(2),
            Some("b8:b3b4b5b6b7,f5:f3f4")
        );
        let wave = follow_with(&moved, &first(&moved, "c5"), "b4", EnPassant);
        let pawn = follow(&moved, &wave, "e4");
        assert_eq!(
            ends(&moved, &legs(&moved, &pawn), Some(EnPassant)),
            sorted("f3")
        );
        let reply = after(&moved, "pf3 pb4 we4 -b8 -f5 -c5");
        assert_eq!(reply.write().split(' ').nth(2), Some("-"));
    }

    #[test]
    fn tb_n13_castling_out_of_and_through_check() {
        let pos = nineteen("Kj1 Rb1", "Nh2", Color::White);
        assert!(in_check(&pos, Color::White));
        assert_eq!(
            castlings(&pos, "j1", "b1"),
            ["Kd1Re1", "Ke1Rf1", "Kg1Rh1", "Kh1Ri1"]
        );
    }

    // ---------------------------------------------------------------- Hemera's Dawn

    fn hd(light: &str, dark: &str, side: Color) -> Position {
        setup("hemerasdawn", light, dark, side)
    }

    /// Part2 section 10: the Scout d5 of the start going right forks around the Scout f5 and
    /// the Scout g4 (9 fields within its limit of 5); forward it steps to d6 or rushes to d7 ..
    /// d10 (OQ-3); the Centaurs are boxed in.
    #[test]
    fn hd_start_scout_example_and_boxed_centaurs() {
        let pos = Position::start("hemerasdawn").unwrap();
        let right = "e5 f6 g6 h6 i6 f4 g5 h5 i5";
        let all = format!("{right} d6 d7 d8 d9 d10 c5 b5 a5");
        assert_eq!(plies(&pos, "d5", None), sorted(&all));
        assert!(plies(&pos, "e1", None).is_empty());
        assert!(plies(&pos, "p1", None).is_empty());
    }

    /// OQ-1, OQ-2, HD-1: a Scout forks only around an occupied field; over its own Wave it may
    /// activate it or pass on; from the forked fields it goes on in the same direction.
    #[test]
    fn hd_scout_forks_only_when_blocked() {
        let pos = hd("Ka1 Oe5- We6", "kt20", Color::White);
        assert_eq!(plies(&pos, "e5", Some(Activate)), ["e6"]);
        let steps = "e7 e8 e9 e10 d6 d7 d8 d9 d10 f6 f7 f8 f9 f10 d5 c5 b5 a5 f5 g5 h5 i5 j5";
        assert_eq!(plies(&pos, "e5", Some(Step)), sorted(steps));
        // On an open board no forks, and the limit is 5.
        let open = hd("Ka1 Oe5-", "kt20", Color::White);
        let steps = "e6 e7 e8 e9 e10 d5 c5 b5 a5 f5 g5 h5 i5 j5";
        assert_eq!(plies(&open, "e5", Some(Step)), sorted(steps));
    }

    /// A Scout captures one step backwards only (L1741); a Scout-activated Wave goes straight
    /// forward, left, right or along the backward diagonals (L1812-1839).
    #[test]
    fn hd_scout_captures_backwards_and_its_wave() {
        let pos = hd("Ka1 Oe5-", "kt20 nd4 nf6", Color::White);
        assert_eq!(plies(&pos, "e5", Some(Capture)), ["d4"]);
        let scout = hd("Ka1 Oj4- Wj5", "kt20", Color::White);
        let wave = follow(&scout, &first(&scout, "j4"), "j5");
        assert_eq!(wave.pattern, Some(Pattern::Scout { forward: 1 }));
        let lines =
            Turns::new(&scout).wave_steps(Pattern::Scout { forward: 1 }, Color::White, 9, 4);
        let firsts: Vec<(i32, i32)> = lines.iter().map(|s| s[0]).collect();
        assert_eq!(firsts, [(0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)]);
    }

    /// Table 16 out of close quarters (3 across, 2 up or down, diagonal captures only); in
    /// close quarters one step up or down, 1 + copgf across, and forked captures after each
    /// step (OQ-4, HD-2), also from a Wave's field it passes (HD-1).
    #[test]
    fn hd_grenadier_limits_and_close_quarters() {
        let open = hd("Ka1 Gj10", "kt20 nl9", Color::White);
        let steps = "g10 h10 i10 k10 l10 m10 j11 j12 j9 j8";
        assert_eq!(plies(&open, "j10", Some(Step)), sorted(steps));
        assert!(plies(&open, "j10", Some(Capture)).is_empty());
        let cq = hd("Ka1 Gj10", "kt20 nl9 pk11", Color::White);
        assert_eq!(
            plies(&cq, "j10", Some(Step)),
            sorted("i10 h10 k10 l10 j11 j9")
        );
        assert_eq!(plies(&cq, "j10", Some(Capture)), sorted("k11 l9"));
        let wave = hd("Ka1 Gj10 Wk10", "kt20 pk11 nl11", Color::White);
        assert_eq!(plies(&wave, "j10", Some(Capture)), sorted("k11 l11"));
        assert_eq!(plies(&wave, "j10", Some(Activate)), ["k10"]);
    }

    /// HD-3: a Scout checks backwards, a Grenadier on its diagonals and, in close quarters, on
    /// its forked capture-fields; a Centaur at the end of a path over empty fields.
    #[test]
    fn hd_checks_by_the_new_pieces() {
        let dark_in_check =
            |light: &str, dark: &str| in_check(&hd(light, dark, Color::Black), Color::Black);
        assert!(dark_in_check("Ka1 Oe5-", "kd4"));
        assert!(!dark_in_check("Ka1 Oe5-", "kd6"));
        assert!(dark_in_check("Ka1 Gj10", "kl9 pk11"));
        assert!(!dark_in_check("Ka1 Gj10", "kl9"));
        // j10 is a dark field: the light Centaur jumps long first, then short in the other
        // quadrant pair; m13 is reached over k14 or n11.
        assert!(dark_in_check("Ka1 Cj10", "km13"));
        assert!(dark_in_check("Ka1 Cj10", "km13 pk14"));
        assert!(!dark_in_check("Ka1 Cj10", "km13 pk14 pn11"));
    }

    /// The Centaur-activated Wave keeps the quadrant-pair restriction (OQ-6), the Unicorn's
    /// does not: 64 of the 128 pairs.
    #[test]
    fn hd_centaur_wave_pairs() {
        let pos = hd("Ka1", "kt20", Color::White);
        let turns = Turns::new(&pos);
        assert_eq!(
            turns.wave_steps(Pattern::Unicorn, Color::White, 9, 9).len(),
            128
        );
        let pairs = turns.wave_steps(Pattern::Centaur, Color::White, 9, 9);
        assert_eq!(pairs.len(), 64);
        assert!(pairs.iter().all(|p| other_quadrants(p[0], p[1])));
    }

    /// Any private takes any rushed private en passant with its own capture-step (L2058,
    /// Table 17): a Pawn forwards, a Scout backwards, a Grenadier on any diagonal onto a field
    /// the rush crossed.
    #[test]
    fn hd_any_private_takes_any_rushed_private() {
        let pos = hd("Ka1 Pb11- Ob13- Gd13", "kt20 Oc11-", Color::White);
        let pos = rushed(pos, "c11", "c17");
        assert!(pos.write().contains(" c11:c16c15c14c13c12 "));
        for (from, fields) in [("b11", "c12"), ("b13", "c12"), ("d13", "c12 c14")] {
            assert_eq!(plies(&pos, from, Some(EnPassant)), sorted(fields), "{from}");
        }
    }

    /// Castling 2-7 (Table 18: d-i and m-r) and delayed promotion to any kind but Pawn, King
    /// and Star (part2 section 2.10).
    #[test]
    fn hd_castling_and_promotion() {
        let queen_side = hd("Kk1 Rb1", "kt20", Color::White);
        let want = ["Kd1Re1", "Ke1Rf1", "Kf1Rg1", "Kg1Rh1", "Kh1Ri1", "Ki1Rj1"];
        assert_eq!(castlings(&queen_side, "k1", "b1"), want);
        let king_side = hd("Kk1 Rs1", "kt20", Color::White);
        let want = ["Km1Rl1", "Kn1Rm1", "Ko1Rn1", "Kp1Ro1", "Kq1Rp1", "Kr1Rq1"];
        assert_eq!(castlings(&king_side, "k1", "s1"), want);
        let pawn = hd("Ka1 Pj19", "kt1", Color::White);
        let promoted = pawn
            .successors()
            .into_iter()
            .filter(|p| p.board[at(p, "j20")].is_some());
        assert_eq!(promoted.count(), 12);
    }
}
