//! Croatian notation (notation.md): a parser for the whole family's grammar (section 1.4) into a
//! syntax tree, a resolver that matches the tree against the legal moves, and the writers:
//! XAN-canonical (section 2.4, every ply with piece, origin and all side-effects), EAN-minimal
//! (disambiguation checked by reading the text back) and the wire form (UCI long algebraic for
//! single-ply moves that fit it, XAN otherwise; protocol.md).

use arrayvec::ArrayVec;

use super::attacks::Offsets;
use super::board::{Turn, Undo};
use super::cascade::{self, InAir, KeySet};
use super::moves::{flag, Move, Ply};
use super::piece::{self, Cell, Kind, Tag};
use super::plies::{self, Mover, Pattern, PlyGen};
use super::serpent::Guide;
use super::variant::Castling;
use super::{actions, hemera, movegen, resurrection, Croatian};
use crate::core::{Color, Game, MoveError};

/// A field, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub file: u8,
    pub rank: u8,
}

/// A disambiguation: file, rank or field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    File(u8),
    Rank(u8),
    Field(Field),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LostTag {
    /// `==`
    Promotion,
    /// `::`
    Rushing,
    /// `&&`
    Castling,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaggedPiece {
    pub piece: Kind,
    pub lost: Option<LostTag>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Capture(Option<TaggedPiece>),
    Displace(Option<TaggedPiece>, Pos),
    EnPassant(Option<Kind>, Option<Pos>),
    Castle(Option<Pos>),
    Promote(Kind),
    TagPromotion,
    Convert(Option<TaggedPiece>),
    FailedConversion,
    Transparency(Option<Kind>),
    Divergence(Option<Kind>),
    Demote(Option<TaggedPiece>, Option<Pos>),
    Resurrect {
        opponents: bool,
        piece: Kind,
        at: Option<Field>,
    },
    FailedResurrection,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// `..` (at least one unwritten step before) rather than `.`.
    pub distant: bool,
    pub field: Field,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    Field(Field),
    /// `K<file>&`: castling written with the King's destination file.
    CastleFile(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ParsedPly {
    pub piece: Option<Kind>,
    pub lost: Option<LostTag>,
    pub origin: Option<Pos>,
    pub reposition: Option<Field>,
    pub steps: Vec<Step>,
    pub dest: Option<Dest>,
    pub effects: Vec<Effect>,
    pub gathered: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    First,
    Cascade,
    /// The piece goes on after diverging (`/` inside one written ply, split by the resolver).
    Divergence,
    Teleport,
    Trance,
    PawnSacrifice,
    Sense,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    Reemerge(Option<Kind>, Field),
    TeleportOblation(Option<Kind>),
    DualTrance(Vec<(TaggedPiece, Option<Field>)>),
    FailedTrance(Option<Kind>),
    FailedSense(Option<Kind>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    None,
    Check,
    CheckDrawOffer,
    CheckDrawCancel,
    DrawOffer,
    DrawCancel,
    Mate,
    DrawByRules,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `...`, `#`, `##`, `(==)`, `(===)` as a complete move.
    Whole(&'static str),
    Plies {
        plies: Vec<(Link, ParsedPly)>,
        end: Option<Terminator>,
        status: Status,
        annotation: Option<String>,
    },
}

/// A syntax error at a byte position of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub at: usize,
    pub message: String,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at position {}: {}", self.at + 1, self.message)
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    size: u8,
}

type PResult<T> = Result<T, SyntaxError>;

impl Parser<'_> {
    fn err<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(SyntaxError {
            at: self.i,
            message: message.into(),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.s.get(self.i + k).copied()
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    /// Eats `lit` only when it is not the start of `longer`.
    fn eat_not(&mut self, lit: &str, longer: &str) -> bool {
        if self.s[self.i..].starts_with(longer.as_bytes()) {
            return false;
        }
        self.eat(lit)
    }

    fn is_piece_letter(c: u8) -> bool {
        c.is_ascii_uppercase() && Kind::from_letter(c as char).is_some()
    }

    fn piece(&mut self) -> PResult<Kind> {
        match self.peek() {
            Some(c) if Self::is_piece_letter(c) => {
                self.i += 1;
                Ok(Kind::from_letter(c as char).unwrap_or(Kind::Pawn))
            }
            Some(c) if c.is_ascii_uppercase() => self.err(format!("'{}' is no piece", c as char)),
            _ => self.err("expected a piece letter"),
        }
    }

    fn opt_piece(&mut self) -> PResult<Option<Kind>> {
        match self.peek() {
            Some(c) if c.is_ascii_uppercase() => self.piece().map(Some),
            _ => Ok(None),
        }
    }

    fn lost_tag(&mut self) -> Option<LostTag> {
        if self.eat("==") {
            Some(LostTag::Promotion)
        } else if self.eat("::") {
            Some(LostTag::Rushing)
        } else if self.eat("&&") {
            Some(LostTag::Castling)
        } else {
            None
        }
    }

    fn opt_tagged_piece(&mut self) -> PResult<Option<TaggedPiece>> {
        Ok(self.opt_piece()?.map(|piece| TaggedPiece {
            piece,
            lost: self.lost_tag(),
        }))
    }

    fn file(&mut self) -> PResult<Option<u8>> {
        match self.peek() {
            Some(c) if c.is_ascii_lowercase() => {
                let f = c - b'a';
                if f >= self.size {
                    return self.err(format!("file '{}' is off the board", c as char));
                }
                self.i += 1;
                Ok(Some(f))
            }
            _ => Ok(None),
        }
    }

    fn rank(&mut self) -> PResult<Option<u8>> {
        let Some(c) = self.peek().filter(u8::is_ascii_digit) else {
            return Ok(None);
        };
        if c == b'0' {
            return self.err("a rank never starts with 0");
        }
        let start = self.i;
        let mut value = (c - b'0') as u32;
        self.i += 1;
        if let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            value = value * 10 + (d - b'0') as u32;
            self.i += 1;
            if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                return self.err("a rank has at most two digits");
            }
        }
        if value > self.size as u32 {
            self.i = start;
            return self.err(format!("rank {value} is off the board"));
        }
        Ok(Some(value as u8 - 1))
    }

    fn pos(&mut self) -> PResult<Option<Pos>> {
        if let Some(file) = self.file()? {
            return Ok(Some(match self.rank()? {
                Some(rank) => Pos::Field(Field { file, rank }),
                None => Pos::File(file),
            }));
        }
        Ok(self.rank()?.map(Pos::Rank))
    }

    fn field(&mut self) -> PResult<Field> {
        match self.pos()? {
            Some(Pos::Field(f)) => Ok(f),
            _ => self.err("expected a field"),
        }
    }

    fn castling_effect(&mut self) -> PResult<Effect> {
        // After '&': optional 'R', then optional field or file.
        if self.peek() == Some(b'R') {
            self.i += 1;
            return match self.pos()? {
                Some(p @ (Pos::Field(_) | Pos::File(_))) => Ok(Effect::Castle(Some(p))),
                _ => self.err("expected the Rook's field or file after '&R'"),
            };
        }
        match self.pos()? {
            Some(Pos::Rank(_)) => self.err("castling names the Rook's file or field"),
            p => Ok(Effect::Castle(p)),
        }
    }

    fn effects(&mut self) -> PResult<Vec<Effect>> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            let e = match c {
                b'*' => {
                    self.i += 1;
                    Effect::Capture(self.opt_tagged_piece()?)
                }
                b'<' => {
                    self.i += 1;
                    let tp = self.opt_tagged_piece()?;
                    match self.pos()? {
                        Some(p) => Effect::Displace(tp, p),
                        None => return self.err("displacement needs a field"),
                    }
                }
                b':' if self.peek_at(1) != Some(b':') => {
                    self.i += 1;
                    let p = self.opt_piece()?;
                    let at = self.pos()?;
                    if let Some(Pos::File(_)) = at {
                        return self.err("en passant names a rank or field");
                    }
                    Effect::EnPassant(p, at)
                }
                b'&' if self.peek_at(1) != Some(b'&') => {
                    self.i += 1;
                    self.castling_effect()?
                }
                b'=' => {
                    if self.peek_at(1) == Some(b'=') {
                        return self.err("'==' may only follow a piece letter");
                    }
                    self.i += 1;
                    match self.peek() {
                        Some(c) if c.is_ascii_uppercase() => Effect::Promote(self.piece()?),
                        _ => Effect::TagPromotion,
                    }
                }
                c if c.is_ascii_uppercase() => Effect::Promote(self.piece()?),
                b'%' => {
                    if self.eat("%%") {
                        Effect::FailedConversion
                    } else {
                        self.i += 1;
                        Effect::Convert(self.opt_tagged_piece()?)
                    }
                }
                b'^' => {
                    self.i += 1;
                    Effect::Transparency(self.opt_piece()?)
                }
                b'/' => {
                    self.i += 1;
                    Effect::Divergence(self.opt_piece()?)
                }
                b'>' => {
                    self.i += 1;
                    let tp = self.opt_tagged_piece()?;
                    let p = self.pos()?;
                    if tp.is_none() && p.is_none() {
                        return self.err("demotion names a piece or a field");
                    }
                    Effect::Demote(tp, p)
                }
                b'$' => {
                    if self.eat("$$$") {
                        Effect::FailedResurrection
                    } else {
                        let opponents = self.eat("$$") || {
                            self.i += 1;
                            false
                        };
                        let piece = self.piece()?;
                        let at = match self.peek() {
                            Some(c) if c.is_ascii_lowercase() => Some(self.field()?),
                            _ => None,
                        };
                        Effect::Resurrect {
                            opponents,
                            piece,
                            at,
                        }
                    }
                }
                _ => break,
            };
            out.push(e);
        }
        Ok(out)
    }

    fn step(&mut self) -> PResult<Option<Step>> {
        if self.peek() != Some(b'.') {
            return Ok(None);
        }
        let distant = self.eat("..") || {
            self.i += 1;
            false
        };
        let field = self.field()?;
        let effects = self.effects()?;
        Ok(Some(Step {
            distant,
            field,
            effects,
        }))
    }

    fn ply(&mut self) -> PResult<ParsedPly> {
        let mut ply = ParsedPly::default();
        if self.eat("[") {
            ply.gathered = true;
        }
        ply.piece = self.opt_piece()?;
        if ply.piece.is_some() {
            ply.lost = self.lost_tag();
        } else if self.peek() == Some(b'=')
            || self.peek() == Some(b':')
            || self.peek() == Some(b'&')
        {
            // A Pawn's lost tag with the letter omitted (`==e12`, `::e3`).
            ply.lost = self.lost_tag();
            if ply.lost.is_none() {
                return self.err("expected a move");
            }
        }
        let mut have_origin = false;
        if self.peek() == Some(b'\\') {
            self.i += 1;
            ply.reposition = Some(self.field()?);
            have_origin = true;
        } else if self.peek() != Some(b'.') {
            let start = self.i;
            let Some(p) = self.pos()? else {
                return self.err("expected a field");
            };
            match self.peek() {
                Some(c) if c.is_ascii_lowercase() || c.is_ascii_digit() => {
                    ply.origin = Some(p);
                    have_origin = true;
                }
                Some(b'.' | b'-') => {
                    ply.origin = Some(p);
                    have_origin = true;
                }
                Some(b'\\') => {
                    ply.origin = Some(p);
                    self.i += 1;
                    ply.reposition = Some(self.field()?);
                    have_origin = true;
                }
                Some(b'&') if self.peek_at(1) != Some(b'&') => {
                    if let Pos::File(f) = p {
                        ply.dest = Some(Dest::CastleFile(f));
                        self.i += 1;
                        let e = self.castling_effect()?;
                        ply.effects.push(e);
                        let more = self.effects()?;
                        ply.effects.extend(more);
                        return self.close(ply);
                    }
                    if let Pos::Field(f) = p {
                        ply.dest = Some(Dest::Field(f));
                    } else {
                        self.i = start;
                        return self.err("expected a field");
                    }
                }
                _ => match p {
                    Pos::Field(f) => ply.dest = Some(Dest::Field(f)),
                    _ => {
                        self.i = start;
                        return self.err("expected a destination field");
                    }
                },
            }
        }
        if ply.dest.is_none() {
            // Route: steps, then optionally '-' destination; or '-' destination after an origin.
            while let Some(step) = self.step()? {
                ply.steps.push(step);
            }
            if self.eat("-") {
                ply.dest = Some(Dest::Field(self.field()?));
            } else if ply.steps.is_empty() {
                if have_origin {
                    let f = self.field()?;
                    ply.dest = Some(Dest::Field(f));
                } else {
                    return self.err("expected a destination");
                }
            }
        }
        if ply.dest.is_some() {
            let more = self.effects()?;
            ply.effects.extend(more);
        }
        self.close(ply)
    }

    fn close(&mut self, ply: ParsedPly) -> PResult<ParsedPly> {
        if ply.gathered && !self.eat("]") {
            return self.err("expected ']'");
        }
        Ok(ply)
    }

    fn link(&mut self) -> Option<Link> {
        if self.eat("~") {
            Some(Link::Cascade)
        } else if self.eat(";;") {
            Some(Link::PawnSacrifice)
        } else if self.eat("\"") {
            Some(Link::Sense)
        } else if self.eat_not("@", "@@") {
            Some(Link::Trance)
        } else if self.eat_not("|", "||") {
            Some(Link::Teleport)
        } else {
            None
        }
    }

    fn terminator(&mut self) -> PResult<Option<Terminator>> {
        if self.eat("|||") {
            return Ok(Some(Terminator::TeleportOblation(self.opt_piece()?)));
        }
        if self.eat("||") {
            let p = self.opt_piece()?;
            return Ok(Some(Terminator::Reemerge(p, self.field()?)));
        }
        if self.eat("@@@") {
            return Ok(Some(Terminator::FailedTrance(self.opt_piece()?)));
        }
        if self.eat("@@") {
            let mut list = Vec::new();
            if self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
                loop {
                    let piece = self.piece()?;
                    let lost = self.lost_tag();
                    let at = match self.peek() {
                        Some(c) if c.is_ascii_lowercase() => Some(self.field()?),
                        _ => None,
                    };
                    list.push((TaggedPiece { piece, lost }, at));
                    if !self.eat(",") {
                        break;
                    }
                }
            }
            return Ok(Some(Terminator::DualTrance(list)));
        }
        if self.eat("'") {
            return Ok(Some(Terminator::FailedSense(self.opt_piece()?)));
        }
        Ok(None)
    }

    fn status(&mut self) -> Status {
        if self.eat("(===)") {
            return Status::DrawByRules;
        }
        if self.eat("++") || self.eat("#") {
            return Status::Mate;
        }
        let check = self.eat("+");
        if self.eat("(=)") {
            return if check {
                Status::CheckDrawOffer
            } else {
                Status::DrawOffer
            };
        }
        if self.eat("()") {
            return if check {
                Status::CheckDrawCancel
            } else {
                Status::DrawCancel
            };
        }
        if check {
            Status::Check
        } else {
            Status::None
        }
    }

    fn annotation(&mut self) -> PResult<Option<String>> {
        if self.eat("_") {
            let rest = &self.s[self.i..];
            if rest.is_empty() {
                return self.err("empty annotation after '_'");
            }
            self.i = self.s.len();
            return Ok(Some(String::from_utf8_lossy(rest).into_owned()));
        }
        let rest = &self.s[self.i..];
        if !rest.is_empty() && rest.iter().all(|c| matches!(c, b'!' | b'?' | b'=')) {
            self.i = self.s.len();
            return Ok(Some(String::from_utf8_lossy(rest).into_owned()));
        }
        Ok(None)
    }

    fn notation(&mut self) -> PResult<Notation> {
        if let Some(bad) = self.s.iter().position(|c| !c.is_ascii_graphic()) {
            self.i = bad;
            return self.err("no spaces or non-ASCII characters inside a move");
        }
        for whole in ["...", "(===)", "(==)", "##", "#"] {
            if self.s.starts_with(whole.as_bytes()) {
                let save = self.i;
                self.i = whole.len();
                if let Ok(Some(_)) | Ok(None) = self.annotation() {
                    if self.i == self.s.len() {
                        return Ok(Notation::Whole(whole));
                    }
                }
                self.i = save;
            }
        }
        let mut plies = vec![(Link::First, self.ply()?)];
        let end;
        loop {
            if let Some(t) = self.terminator()? {
                end = Some(t);
                break;
            }
            match self.link() {
                Some(link) => {
                    if self.i == self.s.len() {
                        return self.err("a link needs a ply after it");
                    }
                    plies.push((link, self.ply()?));
                }
                None => {
                    end = None;
                    break;
                }
            }
        }
        let status = self.status();
        let annotation = self.annotation()?;
        if self.i != self.s.len() {
            return self.err(format!("unexpected '{}'", self.s[self.i] as char));
        }
        Ok(Notation::Plies {
            plies,
            end,
            status,
            annotation,
        })
    }
}

/// Parses `text` on a board of `size` files and ranks (8..26), without looking at a position.
pub fn parse_notation(text: &str, size: u8) -> Result<Notation, SyntaxError> {
    if text.is_empty() {
        return Err(SyntaxError {
            at: 0,
            message: "empty move".into(),
        });
    }
    Parser {
        s: text.as_bytes(),
        i: 0,
        size,
    }
    .notation()
}

// ---------------------------------------------------------------------------------------------
// What a ply looks like to the notation.

/// One ply of a move with what the notation writes about it, taken from the board before it.
struct PlyFacts {
    ply: Ply,
    kind: Kind,
    /// The tag the moving piece loses without using it.
    mover_lost: Option<LostTag>,
    /// The piece captured or converted on the destination (or taken e.p.), with its tag.
    target: Option<(Kind, Tag)>,
    /// The fields the ply steps on: one segment per teleport of a Wave; a non-Wave piece that
    /// teleports has one segment to the Star (section 1.5: after `|` it only emerges).
    segments: Vec<(u16, Vec<Option<u16>>)>,
    /// The moving piece is light.
    light: bool,
    /// A Serpent's ply: the Pawns it moved on its way (displacement plies, in order) and one
    /// walk that moves them so (its start first), when it moved any.
    walk: Option<SerpentWalk>,
    /// The ply follows a Pyramid's Pawn-sacrifice (`;;`).
    after_sacrifice: bool,
    /// The ply goes on after its piece diverged (written after the `/`, without piece or
    /// origin).
    after_divergence: bool,
    /// An entranced Shaman's whole trance-journey (its actions' plies): `ply` is its last.
    journey: Option<Journey>,
}

/// A trance-journey as the notation writes it (`He13..e18<Ni14..m12<Pj17..g24`).
struct Journey {
    start: u16,
    /// A dark Shaman's outermost field, where it comes in from, when it stops after it.
    reposition: Option<u16>,
    /// The fields where something happened to a piece (the destination perhaps among them),
    /// in travel order.
    stops: Vec<Stop>,
    end: JourneyEnd,
}

/// A piece the journey reached and moved: the field, the piece with its tag, and where it was
/// displaced to (`None`: captured).
struct Stop {
    at: u16,
    piece: (Kind, Tag),
    to: Option<u16>,
}

enum JourneyEnd {
    Field(u16),
    /// The double trance-journey (`@@`): the stops are the pieces it captured.
    Double,
    /// The failed one (`@@@`).
    Failed,
}

/// A Serpent's walk as the notation writes it.
struct SerpentWalk {
    moved: Vec<Ply>,
    path: Vec<u16>,
    /// The tag each moved Pawn loses.
    lost: Vec<Option<LostTag>>,
}

fn lost_of(tag: Tag) -> Option<LostTag> {
    match tag {
        Tag::None => None,
        Tag::Rush => Some(LostTag::Rushing),
        Tag::Castle => Some(LostTag::Castling),
        Tag::Promotion => Some(LostTag::Promotion),
    }
}

/// The tag the piece `mover` loses by `ply` without using it.
fn mover_lost(pos: &Croatian, mover: Cell, ply: &Ply) -> Option<LostTag> {
    let used = match piece::tag(mover) {
        Tag::Rush => {
            !ply.has(flag::TELEPORT)
                && (pos.rank_of(ply.to) as i32 - pos.rank_of(ply.from) as i32).abs() >= 2
        }
        Tag::Castle => ply.has(flag::CASTLE),
        Tag::Promotion => ply.has(flag::DELAYED),
        Tag::None => true,
    };
    if used {
        None
    } else {
        lost_of(piece::tag(mover))
    }
}

/// The facts of `ply`, made by `mover`, on the board of `before`.
fn ply_facts(before: &Croatian, mover: Cell, ply: &Ply) -> PlyFacts {
    let kind = Kind::from_index(ply.piece).unwrap_or(Kind::Pawn);
    let target = if ply.flags & (flag::CAPTURE | flag::CONVERT) != 0 {
        let c = before.cell(ply.to);
        Some((piece::kind(c), piece::tag(c)))
    } else if ply.has(flag::EN_PASSANT) {
        let c = before.cell(ply.aux);
        Some((Kind::Pawn, piece::tag(c)))
    } else if ply.has(flag::DEMOTE) && !resurrection::is_resurrection(ply) {
        let c = before.cell(ply.aux);
        Some((piece::kind(c), piece::tag(c)))
    } else if ply.has(flag::DIVERGE) {
        let c = before.cell(ply.to);
        Some((piece::kind(c), piece::tag(c)))
    } else {
        None
    };
    PlyFacts {
        ply: *ply,
        kind,
        mover_lost: mover_lost(before, mover, ply),
        target,
        segments: segments(before, mover, ply),
        light: piece::color(mover) == Color::White,
        walk: None,
        after_sacrifice: false,
        after_divergence: false,
        journey: None,
    }
}

/// The fields a ply steps on, in order (`None` off the board), split at a Wave's teleports.
fn segments(pos: &Croatian, mover: Cell, ply: &Ply) -> Vec<(u16, Vec<Option<u16>>)> {
    let kind = Kind::from_index(ply.piece).unwrap_or(Kind::Pawn);
    if kind == Kind::Wave && !jumps(ply) {
        if ply.has(flag::OBLATION) && !ply.has(flag::TELEPORT) {
            return Vec::new();
        }
        let light = piece::color(mover) == Color::White;
        let ends_in_star = ply.has(flag::OBLATION);
        return plies::wave_path(pos, ply.from, light, &ply.route, ply.to, ends_in_star)
            .unwrap_or_default();
    }
    let end = if ply.has(flag::TELEPORT) && !ply.has(flag::OBLATION) {
        ply.aux
    } else {
        ply.to
    };
    if kind == Kind::Centaur {
        let light = piece::color(mover) == Color::White;
        if let Some(path) = hemera::centaur_path(pos, ply.from, light, &ply.route, end) {
            return vec![(ply.from, path.into_iter().map(Some).collect())];
        }
    }
    let (ff, fr) = (pos.file_of(ply.from) as i32, pos.rank_of(ply.from) as i32);
    let (tf, tr) = (pos.file_of(end) as i32, pos.rank_of(end) as i32);
    let (dx, dy) = (tf - ff, tr - fr);
    let g = gcd(dx.abs(), dy.abs()).max(1);
    let linear = matches!(
        kind,
        Kind::Bishop
            | Kind::Rook
            | Kind::Queen
            | Kind::Pegasus
            | Kind::Pyramid
            | Kind::Pawn
            | Kind::Grenadier
            | Kind::Shaman
    );
    let steps = if !linear || ply.flags & (flag::CASTLE | flag::DELAYED) != 0 {
        vec![Some(end)]
    } else if kind == Kind::Grenadier && dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        // A forked capture-step after steps along the longer side (section 4.3).
        let (bx, by) = if dx.abs() > dy.abs() {
            (dx - dx.signum(), 0)
        } else {
            (0, dy - dy.signum())
        };
        let n = bx.abs().max(by.abs());
        (1..=n)
            .map(|k| Some(pos.sq((ff + bx / n * k) as u8, (fr + by / n * k) as u8)))
            .chain(std::iter::once(Some(end)))
            .collect()
    } else {
        (1..=g)
            .map(|k| Some(pos.sq((ff + dx / g * k) as u8, (fr + dy / g * k) as u8)))
            .collect()
    };
    vec![(ply.from, steps)]
}

/// A Wave's ply that a Starchild's jump moved (`starchild`): written as the Starchild's is, one
/// jump or a bounce (its plies have no route; a Wave oblationed in place has none either).
fn jumps(ply: &Ply) -> bool {
    ply.piece == Kind::Wave as u8
        && ply.route == super::moves::Route::default()
        && (ply.has(flag::TELEPORT) || !ply.has(flag::OBLATION))
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The facts of every ply of `mv`, replaying it; a Serpent's displacements go with its ply.
fn facts(pos: &Croatian, mv: &Move) -> Vec<PlyFacts> {
    let mut turn = Turn::new(pos);
    let mut out: Vec<PlyFacts> = Vec::with_capacity(mv.plies().len());
    let plies = mv.plies();
    let mut i = 0;
    while i < plies.len() {
        if out
            .last()
            .is_some_and(|f| f.ply.has(flag::TRANCE) && f.ply.has(flag::ACTIVATE))
        {
            out.push(journey_facts(&turn, &plies[i..]));
            break;
        }
        let moved = plies[i..]
            .iter()
            .take_while(|p| p.has(flag::DISPLACE))
            .count();
        let ply = &plies[i + moved];
        let after_sacrifice = out.last().is_some_and(|f| f.ply.has(flag::SACRIFICE));
        let walk = (moved > 0 || after_sacrifice)
            .then(|| serpent_walk(&turn, &plies[i..i + moved], ply, after_sacrifice));
        let mut lost = Vec::with_capacity(moved);
        for p in &plies[i..i + moved] {
            lost.push(lost_of(piece::tag(turn.pos.cell(p.from))));
            turn.play(p);
        }
        let mover = if turn.air == piece::EMPTY {
            turn.pos.cell(ply.from)
        } else {
            turn.air
        };
        let mut f = ply_facts(&turn.pos, mover, ply);
        f.walk = walk.map(|path| SerpentWalk {
            moved: plies[i..i + moved].to_vec(),
            path,
            lost,
        });
        f.after_sacrifice = after_sacrifice;
        f.after_divergence = out.last().is_some_and(|f| f.ply.has(flag::DIVERGE));
        out.push(f);
        turn.play(ply);
        i += moved + 1;
    }
    out
}

/// The facts of an entranced Shaman's journey, its actions' `plies`, from `turn` (the Shaman
/// in the air).
fn journey_facts(turn: &Turn, plies: &[Ply]) -> PlyFacts {
    let pos = &turn.pos;
    let last = plies[plies.len() - 1];
    let mut f = ply_facts(pos, turn.air, &last);
    let start = plies
        .iter()
        .find(|p| !p.has(flag::DISPLACE))
        .map_or(last.from, |p| p.aux);
    // Replayed: a piece displaced forward may be reached and displaced again.
    let mut replay = turn.clone();
    let mut stops = Vec::new();
    for p in plies {
        if p.has(flag::DISPLACE) {
            let c = replay.pos.cell(p.from);
            stops.push(Stop {
                at: p.from,
                piece: (piece::kind(c), piece::tag(c)),
                to: (!p.has(flag::CAPTURE)).then_some(p.to),
            });
        }
        replay.play(p);
    }
    let end = if !last.has(flag::OBLATION) {
        JourneyEnd::Field(last.to)
    } else if last.has(flag::CAPTURE) {
        JourneyEnd::Double
    } else {
        JourneyEnd::Failed
    };
    let color = piece::color(turn.air);
    let reposition = match end {
        JourneyEnd::Field(to) if color == Color::Black => {
            let hand = super::trance::hand_of(pos, start, to, color);
            let outermost = super::trance::travel(pos, start, color, hand, None)[0].1;
            let first = stops.first().map_or(to, |s| s.at);
            (first != outermost).then_some(outermost)
        }
        _ => None,
    };
    f.journey = Some(Journey {
        start,
        reposition,
        stops,
        end,
    });
    f
}

/// Finds a walk of the Serpent making `ply` that moves the Pawns as `moved` does, in that
/// order: of those, one that hands on the most momentum when it activates a piece (the longest
/// for a first piece, the shortest for an activated one), so that what follows can be played;
/// the shortest otherwise.
fn serpent_walk(turn: &Turn, moved: &[Ply], ply: &Ply, after_sacrifice: bool) -> Vec<u16> {
    let mut guide = WalkOf {
        moved,
        ply,
        best: None,
    };
    let mut out: Vec<(Ply, u8)> = Vec::new();
    let o = turn.pos.offsets();
    if let Some((gen, m)) = serpent_mover(turn, o, ply.from, after_sacrifice) {
        gen.guided_serpent(&m, &mut guide, &mut out);
    }
    guide
        .best
        .map_or_else(|| vec![ply.from, ply.to], |(_, path)| path)
}

/// The Serpent on `from` about to move in `turn`: the first piece, the piece in the air (its
/// momentum unknown here, so as much as it may need), or the Serpent of a Pawn-sacrifice.
fn serpent_mover<'a>(
    turn: &'a Turn,
    o: &'a Offsets,
    from: u16,
    after_sacrifice: bool,
) -> Option<(PlyGen<'a>, Mover)> {
    let in_air = turn.air != piece::EMPTY;
    let cell = if in_air {
        turn.air
    } else {
        turn.pos.cell(from)
    };
    if piece::kind(cell) != Kind::Serpent || !piece::is_piece(cell) {
        return None;
    }
    let gen = PlyGen {
        pos: &turn.pos,
        o,
        moved: &turn.moved,
        vacated: if in_air { 0 } else { from },
    };
    let m = Mover {
        cell,
        from,
        momentum: in_air.then_some(u8::MAX),
        pattern: if after_sacrifice {
            Pattern::Sacrifice
        } else {
            Pattern::Own
        },
        may_ep: false,
    };
    Some((gen, m))
}

/// Finds the walks that move the Pawns as `moved` does and end with `ply`, keeping the best
/// (`serpent_walk`).
struct WalkOf<'a> {
    moved: &'a [Ply],
    ply: &'a Ply,
    best: Option<(u8, Vec<u16>)>,
}

impl Guide for WalkOf<'_> {
    fn may_go_on(&mut self, _: &[u16], moved: &[Ply]) -> bool {
        self.moved.starts_with(moved)
    }

    fn may_end(&mut self, path: &[u16], moved: &[Ply], ply: &Ply, left: u8) -> bool {
        let same = moved == self.moved
            && (ply.to, ply.flags, ply.aux) == (self.ply.to, self.ply.flags, self.ply.aux);
        // Without an activation the momentum is not handed on: the shortest walk, the book's.
        let worth = if ply.has(flag::ACTIVATE) {
            left
        } else {
            u8::MAX - path.len() as u8
        };
        if same && self.best.as_ref().is_none_or(|(most, _)| worth > *most) {
            self.best = Some((worth, path.to_vec()));
        }
        same
    }
}

// ---------------------------------------------------------------------------------------------
// Resolution: the written plies are matched step by step against what the pieces can do.

fn pos_matches(pos: &Croatian, p: Pos, sq: u16) -> bool {
    match p {
        Pos::File(f) => pos.file_of(sq) == f,
        Pos::Rank(r) => pos.rank_of(sq) == r,
        Pos::Field(f) => pos.file_of(sq) == f.file && pos.rank_of(sq) == f.rank,
    }
}

fn field_sq(pos: &Croatian, f: Field) -> u16 {
    pos.sq(f.file, f.rank)
}

/// One written ply: its first part, and the parts after each `|` (a Wave's route after a
/// teleport, or the field a teleported piece emerges on); `oblation` when `|||` ends it.
struct Written<'a> {
    parts: Vec<&'a ParsedPly>,
    oblation: bool,
    /// It follows a Pyramid's Pawn-sacrifice (`;;`) rather than an activation (`~`).
    after_sacrifice: bool,
    /// It is a sense-journey (`"`), or (`failed_sense`, `'` with the piece if written) the
    /// uplifted piece's oblation, which has no ply text of its own.
    sense: bool,
    failed_sense: Option<Option<Kind>>,
}

/// The notation with each written ply that diverges (`Q..j7/..m10*`) split into the ply up to
/// the divergent field, which ends with the `/`, and the ply after it (`Link::Divergence`), of
/// the same piece, as the moves list them.
fn split_divergences(n: &Notation) -> Notation {
    let Notation::Plies {
        plies,
        end,
        status,
        annotation,
    } = n
    else {
        return n.clone();
    };
    let mut out = Vec::with_capacity(plies.len());
    // A teleport's part rarely names its piece (`|a24..k24/H..p24`): the ply after its
    // divergence is still the written ply's piece.
    let mut piece = None;
    for (link, ply) in plies {
        if *link != Link::Teleport || ply.piece.is_some() {
            piece = ply.piece;
        }
        let mut link = *link;
        let mut rest = ply.clone();
        while let Some(i) = rest.steps.iter().position(|step| {
            step.effects
                .iter()
                .any(|e| matches!(e, Effect::Divergence(_)))
        }) {
            if i + 1 == rest.steps.len() && rest.dest.is_none() {
                break;
            }
            let after = rest.steps.split_off(i + 1);
            let before = ParsedPly {
                dest: None,
                effects: Vec::new(),
                ..rest.clone()
            };
            out.push((link, before));
            link = Link::Divergence;
            rest = ParsedPly {
                piece,
                steps: after,
                dest: rest.dest,
                effects: std::mem::take(&mut rest.effects),
                gathered: rest.gathered,
                ..ParsedPly::default()
            };
        }
        out.push((link, rest));
    }
    // A Starchild re-emerging from the Star or Monolith it touched (`Ic3||b3`, L4551) is read
    // as the emergence of a teleport (`Ic3|b3`).
    let end = match end {
        Some(Terminator::Reemerge(piece, field)) => {
            let emerging = ParsedPly {
                piece: *piece,
                dest: Some(Dest::Field(*field)),
                ..ParsedPly::default()
            };
            out.push((Link::Teleport, emerging));
            None
        }
        other => other.clone(),
    };
    Notation::Plies {
        plies: out,
        end,
        status: *status,
        annotation: annotation.clone(),
    }
}

/// Splits the notation into written plies (`~` links them; `|` continues one).
fn written_plies(n: &Notation) -> Option<Vec<Written<'_>>> {
    let Notation::Plies { plies, end, .. } = n else {
        return None;
    };
    let mut out: Vec<Written> = Vec::new();
    for (link, ply) in plies {
        match link {
            Link::First | Link::Cascade | Link::PawnSacrifice | Link::Divergence | Link::Sense => {
                out.push(Written {
                    parts: vec![ply],
                    oblation: false,
                    after_sacrifice: *link == Link::PawnSacrifice,
                    sense: *link == Link::Sense,
                    failed_sense: None,
                })
            }
            Link::Teleport => out.last_mut()?.parts.push(ply),
            _ => return None,
        }
    }
    match end {
        None => {}
        Some(Terminator::TeleportOblation(_)) => out.last_mut()?.oblation = true,
        Some(Terminator::FailedSense(k)) => {
            let parts = out.last()?.parts.clone();
            out.push(Written {
                parts,
                oblation: true,
                after_sacrifice: false,
                sense: false,
                failed_sense: Some(*k),
            });
        }
        Some(_) => return None,
    }
    Some(out)
}

fn tagged_matches(tp: &Option<TaggedPiece>, target: Option<(Kind, Tag)>) -> bool {
    match (tp, target) {
        (None, _) => true,
        (Some(tp), Some((k, t))) => tp.piece == k && (tp.lost.is_none() || tp.lost == lost_of(t)),
        (Some(_), None) => false,
    }
}

/// Do the written steps of `part` lie on `steps` (after the start, index 0), `.` right after the
/// previous one, `..` with at least one step between, and does its destination end them?
fn route_matches(pos: &Croatian, part: &ParsedPly, steps: &[Option<u16>], end: u16) -> bool {
    let mut cursor = 0;
    let written = match part.dest {
        Some(Dest::Field(d)) => {
            if field_sq(pos, d) != end {
                return false;
            }
            &part.steps[..]
        }
        Some(Dest::CastleFile(_)) => return false,
        None => {
            match part.steps.last() {
                Some(last) if field_sq(pos, last.field) == end => {}
                _ => return false,
            }
            &part.steps[..]
        }
    };
    let last = written.len().saturating_sub(1);
    for (i, step) in written.iter().enumerate() {
        let sq = field_sq(pos, step.field);
        let Some(k) = steps[cursor..]
            .iter()
            .position(|&s| s == Some(sq))
            .map(|k| cursor + k + 1)
        else {
            return false;
        };
        if step.distant != (k > cursor + 1) {
            return false;
        }
        cursor = k;
        let is_dest = part.dest.is_none() && i == last;
        if !is_dest {
            if sq == end {
                return false;
            }
            // Only a passed piece may be noted on the way (`^`), and a piece a Shaman's
            // capture-ply takes (`H.h10*.l11*.p12~W`, L4436).
            let c = pos.cell(sq);
            let occupied = c != piece::EMPTY;
            for e in &step.effects {
                match e {
                    Effect::Transparency(k) => {
                        if !occupied || k.is_some_and(|k| piece::kind(c) != k) {
                            return false;
                        }
                    }
                    Effect::Capture(tp)
                        if part.piece == Some(Kind::Shaman)
                            && piece::is_piece(c)
                            && piece::color(c) != pos.side
                            && tagged_matches(tp, Some((piece::kind(c), piece::tag(c)))) => {}
                    _ => return false,
                }
            }
        }
    }
    part.dest.is_some() || cursor == steps.len()
}

/// The side-effects written on a ply's destination, against what the ply does.
fn effects_match(pos: &Croatian, effects: &[Effect], f: &PlyFacts, castle_file: bool) -> bool {
    let ply = &f.ply;
    let (mut promoted, mut tagged, mut converted, mut castled) = (false, false, false, false);
    let (mut demoted, mut diverged) = (false, false);
    for e in effects {
        let ok = match e {
            Effect::Capture(tp) => ply.has(flag::CAPTURE) && tagged_matches(tp, f.target),
            Effect::EnPassant(p, at) => {
                ply.has(flag::EN_PASSANT)
                    && p.is_none_or(|k| k == Kind::Pawn)
                    && at.is_none_or(|a| pos_matches(pos, a, ply.aux))
            }
            Effect::Castle(rook) => {
                castled = true;
                ply.has(flag::CASTLE)
                    && rook.is_none_or(|r| pos_matches(pos, r, pos.castle_rook_dest(ply)))
            }
            // A Monolith's demotion names its piece or field; the Pawn's promotion or tag follows.
            Effect::Demote(tp, at) => {
                demoted = true;
                ply.has(flag::DEMOTE)
                    && tagged_matches(tp, f.target)
                    && at.is_none_or(|a| pos_matches(pos, a, ply.aux))
            }
            Effect::Promote(k) if ply.has(flag::DEMOTE) => {
                promoted = true;
                ply.promo == *k as u8 && *k != Kind::Pawn
            }
            Effect::TagPromotion if ply.has(flag::DEMOTE) => {
                tagged = true;
                ply.promo == Kind::Pawn as u8
            }
            Effect::Promote(k) => {
                promoted = true;
                ply.flags & (flag::PROMOTE | flag::DELAYED) != 0 && ply.promo == *k as u8
            }
            Effect::TagPromotion => {
                tagged = true;
                ply.has(flag::TAG_PROMOTION)
            }
            Effect::Convert(tp) => {
                converted = true;
                ply.has(flag::CONVERT) && tagged_matches(tp, f.target)
            }
            Effect::Resurrect {
                opponents,
                piece,
                at,
            } => {
                demoted = true;
                resurrection_matches(pos, f, *opponents, *piece, *at)
            }
            // Written or not, a Starchild's landing without a resurrection (L4524).
            Effect::FailedResurrection => f.kind == Kind::Starchild,
            Effect::FailedConversion => {
                converted = true;
                ply.has(flag::CONVERT) && f.target.is_some_and(|t| t.0 == Kind::Starchild)
            }
            Effect::Divergence(k) => {
                diverged = true;
                ply.has(flag::DIVERGE) && k.is_none_or(|k| f.target.is_some_and(|t| t.0 == k))
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    // Mandatory side-effects must be written (a bare arrival on the last rank reads as a tag,
    // ruling Q1; so does a bare emergence of a teleported Pawn, Q6). A Pawn that activates a
    // piece on an e.p. field may take e.p. or not (T2-3): there `:` tells the two apart.
    if ply.has(flag::EN_PASSANT)
        && ply.has(flag::ACTIVATE)
        && !effects.iter().any(|e| matches!(e, Effect::EnPassant(..)))
    {
        return false;
    }
    if ply.flags & (flag::PROMOTE | flag::DELAYED) != 0 && !promoted {
        return false;
    }
    if ply.has(flag::TAG_PROMOTION) && !tagged && promoted {
        return false;
    }
    if ply.has(flag::CONVERT) != converted
        || ply.has(flag::DEMOTE) != demoted
        || ply.has(flag::DIVERGE) != diverged
    {
        return false;
    }
    if ply.has(flag::DEMOTE)
        && !resurrection::is_resurrection(ply)
        && ply.promo != 0
        && !promoted
        && !tagged
    {
        return false;
    }
    !ply.has(flag::CASTLE) || castled || castle_file
}

/// Does the written ply `w` describe `f`? `first`: the first ply of the move, whose origin is a
/// disambiguation; later plies start where the previous one ended.
fn written_matches(pos: &Croatian, w: &Written, f: &PlyFacts, first: bool) -> bool {
    let ply = &f.ply;
    if let Some(k) = w.failed_sense {
        return is_failed_sense(ply) && k.is_none_or(|k| k == f.kind);
    }
    let sense = is_sense_journey(ply);
    if w.sense && !sense {
        return false;
    }
    let head = w.parts[0];
    if head.piece.unwrap_or(Kind::Pawn) != f.kind || head.reposition.is_some() && !sense {
        return false;
    }
    if head.lost.is_some() && head.lost != f.mover_lost {
        return false;
    }
    if let Some(o) = head.origin {
        let ok = if first {
            pos_matches(pos, o, ply.from)
        } else {
            matches!(o, Pos::Field(_)) && pos_matches(pos, o, ply.from)
        };
        if !ok {
            return false;
        }
    }
    if sense {
        return sense_matches(pos, w, f);
    }
    if ply.has(flag::DELAYED) {
        // `l14Q`, `P<field>=Q`: the tagged Pawn's own field.
        return w.parts.len() == 1
            && !w.oblation
            && head.steps.is_empty()
            && matches!(head.dest, Some(Dest::Field(d)) if field_sq(pos, d) == ply.from)
            && effects_match(pos, &head.effects, f, false);
    }
    if ply.has(flag::CASTLE) {
        if let Some(Dest::CastleFile(file)) = head.dest {
            return w.parts.len() == 1
                && !w.oblation
                && pos.file_of(ply.to) == file
                && effects_match(pos, &head.effects, f, true);
        }
    }
    let wave = f.kind == Kind::Wave && !jumps(ply);
    let oblation = ply.has(flag::OBLATION);
    if w.oblation != oblation {
        return false;
    }
    if wave && oblation && !ply.has(flag::TELEPORT) {
        // A Wave with nowhere to go, written as its own field: `Wp2|||`.
        return w.parts.len() == 1
            && head.steps.is_empty()
            && head.effects.is_empty()
            && matches!(head.dest, Some(Dest::Field(d)) if field_sq(pos, d) == ply.from);
    }
    // The segments the parts describe, and where each ends.
    let teleported_piece = !wave && ply.has(flag::TELEPORT) && !oblation;
    let routed = &f.segments;
    let expected_parts = routed.len() + usize::from(teleported_piece);
    if w.parts.len() != expected_parts || routed.is_empty() {
        return false;
    }
    let written_steps = w.parts.iter().any(|p| !p.steps.is_empty());
    let fits = if f.kind == Kind::Serpent {
        // The walk was matched step by step (`SerpentText`); what is left is its ending.
        let end = routed[0].1.last().copied().flatten();
        let part = w.parts[0];
        let ends_there = match (part.dest, part.steps.last()) {
            (Some(Dest::Field(d)), _) => Some(field_sq(pos, d)) == end,
            (None, Some(last)) => Some(field_sq(pos, last.field)) == end,
            _ => false,
        };
        let taken_on_the_way = f
            .walk
            .as_ref()
            .is_some_and(|w| w.moved.iter().any(|p| p.from == ply.to));
        let effects: Vec<Effect> = dest_effects(part)
            .iter()
            .filter(|e| match e {
                Effect::Displace(..) => false,
                Effect::Capture(_) => !taken_on_the_way,
                _ => true,
            })
            .cloned()
            .collect();
        ends_there
            && if expected_parts > 1 {
                effects.is_empty()
            } else {
                effects_match(pos, &effects, f, false)
            }
    } else if matches!(f.kind, Kind::Centaur | Kind::Scout) && written_steps {
        let paths = if f.kind == Kind::Centaur {
            centaur_paths(pos, f, first)
        } else {
            scout_paths(pos, f)
        };
        paths
            .into_iter()
            .any(|path| parts_match(pos, w, f, &[(ply.from, path)], expected_parts))
    } else {
        parts_match(pos, w, f, routed, expected_parts)
    };
    if !fits {
        return false;
    }
    if teleported_piece {
        // The emergence field, with the Pawn's promotion or tag.
        let part = w.parts[routed.len()];
        if part.piece.is_some_and(|k| k != f.kind)
            || part.origin.is_some()
            || !part.steps.is_empty()
            || !matches!(part.dest, Some(Dest::Field(d)) if field_sq(pos, d) == ply.to)
        {
            return false;
        }
        return effects_match(pos, &part.effects, f, false);
    }
    true
}

/// Do the parts of `w` describe the segments `routed` (their steps, and the side-effects on the
/// last)?
fn parts_match(
    pos: &Croatian,
    w: &Written,
    f: &PlyFacts,
    routed: &[(u16, Vec<Option<u16>>)],
    expected_parts: usize,
) -> bool {
    for (i, (start, steps)) in routed.iter().enumerate() {
        let part = w.parts[i];
        if i > 0 {
            if part.piece.is_some_and(|k| k != f.kind) || part.lost.is_some() {
                return false;
            }
            if let Some(o) = part.origin {
                if !matches!(o, Pos::Field(_)) || !pos_matches(pos, o, *start) {
                    return false;
                }
            }
        }
        let Some(&Some(end)) = steps.last() else {
            return false;
        };
        if !route_matches(pos, part, steps, end) {
            return false;
        }
        let last_part = i + 1 == expected_parts;
        let effects = dest_effects(part);
        if !last_part && !effects.is_empty() {
            return false;
        }
        if last_part && !effects_match(pos, effects, f, false) {
            return false;
        }
    }
    true
}

/// Every path of a Centaur's ply with its outcome (notation section 2.3: paths are compared by
/// outcome): to the same field over fields it may pass (empty, or a Wave), with as many jumps
/// when it activates (the momentum it hands on), and no more when it was itself activated (its
/// momentum may allow no more).
fn centaur_paths(pos: &Croatian, f: &PlyFacts, first: bool) -> Vec<Vec<Option<u16>>> {
    let Some((from, stored)) = f.segments.first() else {
        return Vec::new();
    };
    let Some(&Some(end)) = stored.last() else {
        return Vec::new();
    };
    let jumps = stored.len() as u8;
    let same_jumps = f.ply.has(flag::ACTIVATE);
    let most = if first { u8::MAX } else { jumps };
    let mut out = Vec::new();
    hemera::centaur_walk(pos, *from, f.light, most, |route, k, to| {
        if to == end && (!same_jumps || k == jumps) {
            if let Some(path) = hemera::centaur_path(pos, *from, f.light, &route, end) {
                out.push(path.into_iter().map(Some).collect());
            }
        }
        let c = pos.cell(to);
        c == piece::EMPTY || piece::is_wave(c)
    });
    out
}

/// Every path of a Scout's ply (a Scout's momentum is its distance along its direction, so every
/// path to a field has the ply's outcome): its one step, its walks forward, left and right with
/// their forks, and its rush straight forward.
fn scout_paths(pos: &Croatian, f: &PlyFacts) -> Vec<Vec<Option<u16>>> {
    let Some((from, stored)) = f.segments.first() else {
        return Vec::new();
    };
    let Some(&Some(end)) = stored.last() else {
        return Vec::new();
    };
    let mut out = vec![vec![Some(end)]];
    if f.ply.flags & (flag::CAPTURE | flag::EN_PASSANT) != 0 {
        return out;
    }
    let fwd = pos.forward(if f.light { Color::White } else { Color::Black });
    let passable = |c: Cell| c == piece::EMPTY || piece::is_wave(c);
    for direction in hemera::scout_directions(fwd) {
        hemera::scout_paths(
            &pos.board,
            *from,
            direction,
            pos.v.limits.scout,
            &|sq| pos.cell(sq) == piece::EMPTY,
            &mut |path| {
                let last = path[path.len() - 1];
                if last == end {
                    out.push(path.iter().map(|&sq| Some(sq)).collect());
                }
                passable(pos.cell(last))
            },
        );
    }
    let mut rush = Vec::new();
    let mut sq = *from;
    while rush.len() < pos.v.size as usize {
        sq = (sq as isize + fwd) as u16;
        rush.push(Some(sq));
        if sq == end {
            out.push(rush);
            break;
        }
        if !passable(pos.cell(sq)) {
            break;
        }
    }
    out
}

/// The side-effects written on a part's destination (after `-dest`, or on its last step).
fn dest_effects(part: &ParsedPly) -> &[Effect] {
    match (&part.dest, part.steps.last()) {
        (None, Some(last)) => &last.effects,
        _ => &part.effects,
    }
}

/// A resulting key with the ply sequence that reached it.
type Found = (u64, Vec<Ply>);

/// Walks the legal continuations that fit the written plies, collecting the results.
struct Resolver<'a> {
    o: Offsets,
    /// The position the move is played from (a move that restores it is a null move).
    root: Croatian,
    written: Vec<Written<'a>>,
    found: Vec<Found>,
    seen: KeySet,
    plies: Vec<Ply>,
    /// The in-air states along the plies followed (`actions::loop_key`, momentum).
    passed: Vec<(u64, u8)>,
    /// When set, a written text may stop while a piece is in the air: every way that piece can
    /// go on is collected here (XAN, `~` after an activation).
    next: Option<Vec<String>>,
    /// The trance-journey written after the last ply, which must entrance.
    journey: Option<JourneyText>,
}

/// Where the piece of a written ply comes from.
#[derive(Clone, Copy)]
enum Source {
    /// The first piece of the move (the side's King in check or not).
    First(bool),
    /// The piece in the air.
    Air(InAir),
    /// The Serpent on this field, after its Pawn-sacrifice.
    Sacrifice(u16),
}

impl Resolver<'_> {
    /// The endings (a Serpent's displacements, then its ply) of the pieces that may make the
    /// written ply `index` from `source`: a written Serpent ply's walks are those its text
    /// allows.
    fn options(&self, turn: &Turn, index: usize, source: Source) -> Vec<(Ply, u8)> {
        let head = self.written[index].parts[0];
        let o = &self.o;
        let mut out = Vec::new();
        if head.piece != Some(Kind::Serpent) {
            match source {
                Source::First(in_check) => {
                    let kind = head.piece.unwrap_or(Kind::Pawn);
                    movegen::first_plies_of(&turn.pos, o, in_check, Some(kind), &mut out)
                }
                Source::Air(air) => cascade::air_plies(turn, o, &air, &mut out),
                Source::Sacrifice(at) => cascade::sacrifice_plies(turn, o, at, &mut out),
            }
            return out;
        }
        let mut guide = SerpentText::new(&turn.pos, head);
        match source {
            Source::First(_) => {
                let pos = &turn.pos;
                for r in 0..pos.v.size {
                    for file in 0..pos.v.size {
                        let sq = pos.sq(file, r);
                        let c = pos.cell(sq);
                        if piece::is(c, Kind::Serpent, pos.side) {
                            if let Some((gen, m)) = serpent_mover(turn, o, sq, false) {
                                gen.guided_serpent(&m, &mut guide, &mut out);
                            }
                        }
                    }
                }
            }
            Source::Air(air) if piece::kind(air.cell) == Kind::Serpent => {
                let gen = PlyGen {
                    pos: &turn.pos,
                    o,
                    moved: &turn.moved,
                    vacated: 0,
                };
                gen.guided_serpent(&air.mover(), &mut guide, &mut out);
            }
            Source::Air(_) => {}
            Source::Sacrifice(at) => {
                if let Some((gen, m)) = serpent_mover(turn, o, at, true) {
                    gen.guided_serpent(&m, &mut guide, &mut out);
                }
            }
        }
        out
    }

    /// Follows each of `options` that the written ply `index` describes; `mover`: the piece
    /// making them with its pattern, `None` for the first piece (each option's own).
    fn try_options(
        &mut self,
        turn: &mut Turn,
        index: usize,
        options: &[(Ply, u8)],
        mover: Option<(Cell, Pattern)>,
    ) {
        let first = mover.is_none();
        let mut teleports_seen: Vec<(u16, u16, u32, u8)> = Vec::new();
        let mut rest = options;
        while !rest.is_empty() {
            let (ending, later) = rest.split_at(plies::ending_len(rest));
            rest = later;
            let (ply, _) = ending[ending.len() - 1];
            let moved: Vec<Ply> = ending[..ending.len() - 1].iter().map(|e| e.0).collect();
            let origin = moved.first().map_or(ply.from, |d| d.aux);
            let (cell, pattern) = mover.unwrap_or((turn.pos.cell(origin), Pattern::Own));
            let undos: Vec<Undo> = moved.iter().map(|p| turn.play(p)).collect();
            let mut f = ply_facts(&turn.pos, cell, &ply);
            f.walk = (!moved.is_empty()).then(|| SerpentWalk {
                moved,
                path: Vec::new(),
                lost: Vec::new(),
            });
            let fits = written_matches(&turn.pos, &self.written[index], &f, first);
            for undo in undos.into_iter().rev() {
                turn.undo(undo);
            }
            if !fits {
                continue;
            }
            // The same teleport through either Star of a colour is one move.
            if first && ply.has(flag::TELEPORT) {
                let signature = (ply.from, ply.to, ply.flags, ply.promo);
                if teleports_seen.contains(&signature) {
                    continue;
                }
                teleports_seen.push(signature);
            }
            self.follow(turn, index, ending, (cell, pattern));
        }
    }

    /// Plays `ending` (a ply, after a Serpent's displacements) of the written ply `index`, made
    /// by `mover` (with the pattern it moves by), and follows the rest.
    fn follow(
        &mut self,
        turn: &mut Turn,
        index: usize,
        ending: &[(Ply, u8)],
        (mover, pattern): (Cell, Pattern),
    ) {
        let (ply, left) = ending[ending.len() - 1];
        let was_moved = turn.moved.contains(ply.to);
        let undos: Vec<Undo> = ending.iter().map(|(p, _)| turn.play(p)).collect();
        let depth = self.plies.len();
        self.plies.extend(ending.iter().map(|e| e.0));
        let last = index + 1 == self.written.len();
        let sacrifice_next = self
            .written
            .get(index + 1)
            .is_some_and(|w| w.after_sacrifice);
        if turn.air == piece::EMPTY {
            if last {
                self.turn_ended(turn);
            } else if sacrifice_next && ply.has(flag::SACRIFICE) {
                let serpent = turn.pos.cell(ply.from);
                let options = self.options(turn, index + 1, Source::Sacrifice(ply.from));
                self.try_options(turn, index + 1, &options, Some((serpent, Pattern::Own)));
            }
        } else if ply.has(flag::TRANCE) && ply.has(flag::ACTIVATE) {
            // Only a written journey may follow an entrancement.
            if let (true, Some(journey)) = (last, self.journey.clone()) {
                let air = InAir::after(turn, mover, pattern, &ply, left, was_moved);
                if self.enter(turn, &air) {
                    self.journey_walk(turn, &journey, air, (ply.to, 0));
                    self.passed.pop();
                }
            }
        } else if !last || self.journey.is_none() {
            let next = InAir::after(turn, mover, pattern, &ply, left, was_moved);
            // A state the turn passed with more momentum is no path of actions.
            if self.enter(turn, &next) {
                if !last {
                    if !sacrifice_next {
                        self.in_air(turn, index + 1, next);
                    }
                } else {
                    self.list_continuations(turn, &next);
                }
                self.passed.pop();
            }
        }
        self.plies.truncate(depth);
        for undo in undos.into_iter().rev() {
            turn.undo(undo);
        }
    }

    /// Every way the piece `air` can go on (when continuations are asked for).
    fn list_continuations(&mut self, turn: &Turn, air: &InAir) {
        let Some(list) = &mut self.next else {
            return;
        };
        let mut options = Vec::new();
        cascade::air_plies(turn, &self.o, air, &mut options);
        for (p, _) in options {
            if p.has(flag::DISPLACE) {
                continue;
            }
            let f = ply_facts(&turn.pos, air.cell, &p);
            let mut text = ply_text(&turn.pos, &f, true, None, Steps::None);
            if p.has(flag::ACTIVATE) {
                text.push('~');
            }
            if !list.contains(&text) {
                list.push(text);
            }
        }
    }

    /// Whether the turn's actions may reach `air` in `turn` (`actions::passed_before`):
    /// then it is passed until `passed` is popped.
    fn enter(&mut self, turn: &Turn, air: &InAir) -> bool {
        if actions::passed_before(&self.passed, turn, air) {
            return false;
        }
        self.passed
            .push((actions::loop_key(turn, air), air.momentum));
        true
    }

    /// The written plies end the turn here: a result when the turn may end (own King, no null
    /// move).
    fn turn_ended(&mut self, turn: &Turn) {
        if cascade::may_end(turn, &self.o) && !turn.restores(&self.root) {
            let key = turn.result_key();
            if !self.found.iter().any(|(k, _)| *k == key) {
                self.found.push((key, self.plies.clone()));
            }
        }
    }

    /// Follows the entranced Shaman `air` along the actions that fit the written `journey`,
    /// from its field `start`, `done` of the written fields matched so far.
    fn journey_walk(
        &mut self,
        turn: &mut Turn,
        journey: &JourneyText,
        air: InAir,
        (start, done): (u16, usize),
    ) {
        let mut options = Vec::new();
        cascade::air_plies(turn, &self.o, &air, &mut options);
        let mut rest = &options[..];
        while !rest.is_empty() {
            let (ending, later) = rest.split_at(plies::ending_len(rest));
            rest = later;
            let Some(done) = journey_fits(&turn.pos, journey, &air, start, done, ending) else {
                continue;
            };
            let (ply, left) = ending[ending.len() - 1];
            let was_moved = turn.moved.contains(ply.to);
            let undos: Vec<Undo> = ending.iter().map(|(p, _)| turn.play(p)).collect();
            let depth = self.plies.len();
            self.plies.extend(ending.iter().map(|e| e.0));
            if turn.air == piece::EMPTY {
                self.turn_ended(turn);
            } else {
                let next = InAir::after(turn, air.cell, air.pattern, &ply, left, was_moved);
                if self.enter(turn, &next) {
                    self.journey_walk(turn, journey, next, (start, done));
                    self.passed.pop();
                }
            }
            self.plies.truncate(depth);
            for undo in undos.into_iter().rev() {
                turn.undo(undo);
            }
        }
    }

    fn in_air(&mut self, turn: &mut Turn, index: usize, air: InAir) {
        // What may follow depends on the states passed on the way too.
        let passed = self.passed.iter().fold(0u64, |h, &(k, momentum)| {
            h ^ k.rotate_left(u32::from(momentum % 64)) ^ u64::from(momentum)
        });
        let key = cascade::state_key(turn, &air)
            ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ passed.rotate_left(29);
        if !self.seen.insert(key) {
            return;
        }
        let options = self.options(turn, index, Source::Air(air));
        self.try_options(turn, index, &options, Some((air.cell, air.pattern)));
    }
}

/// Whether the action `ending` of the entranced Shaman `air` (its journey from `start`) fits
/// the written `journey`, `done` of its written fields matched before: the number matched
/// after it. An action stops where the written text moves a piece (`<` displaced, `*` or, after
/// a dark entrancer, a bare field captured, notation N18) or at the destination; the bare fields
/// a light entrancer's journey has written before it lie on its way.
fn journey_fits(
    pos: &Croatian,
    journey: &JourneyText,
    air: &InAir,
    start: u16,
    done: usize,
    ending: &[(Ply, u8)],
) -> Option<usize> {
    let (ply, _) = ending[ending.len() - 1];
    let moved: Vec<Ply> = ending[..ending.len() - 1].iter().map(|e| e.0).collect();
    let taken = |p: &Ply| {
        let c = pos.cell(p.from);
        Some((piece::kind(c), piece::tag(c)))
    };
    let part = match journey {
        JourneyText::Failed(p) => {
            let failed = ply.has(flag::OBLATION) && !ply.has(flag::CAPTURE);
            return (failed && p.is_none_or(|k| k == Kind::Shaman)).then_some(0);
        }
        JourneyText::Double(list) => {
            if !(ply.has(flag::OBLATION) && ply.has(flag::CAPTURE)) {
                return None;
            }
            if list.is_empty() {
                return Some(0);
            }
            // Each written piece (and field) a different capture.
            let mut left = moved.clone();
            for (tp, at) in list {
                let i = left.iter().position(|p| {
                    tagged_matches(&Some(*tp), taken(p))
                        && at.is_none_or(|f| field_sq(pos, f) == p.from)
                })?;
                left.swap_remove(i);
            }
            return left.is_empty().then_some(0);
        }
        JourneyText::Route(part) => part,
    };
    if ply.has(flag::OBLATION) || part.piece.is_some_and(|k| k != Kind::Shaman) {
        return None;
    }
    let color = piece::color(air.cell);
    let dark_entrancer = matches!(
        air.pattern,
        Pattern::Entranced(Color::Black) | Pattern::Trance(Color::Black, _)
    );
    let hand = super::trance::hand_of(pos, start, ply.to, color);
    let fields = super::trance::travel(pos, start, color, hand, None);
    if done == 0 {
        if part.origin.is_some_and(|o| !pos_matches(pos, o, start)) {
            return None;
        }
        if let Some(r) = part.reposition {
            if color == Color::White || fields.first().map(|f| f.1) != Some(field_sq(pos, r)) {
                return None;
            }
        }
    }
    // The written fields with what is written on them; the destination last.
    let mut written: Vec<(u16, &[Effect])> = part
        .steps
        .iter()
        .map(|st| (field_sq(pos, st.field), &st.effects[..]))
        .collect();
    match part.dest {
        Some(Dest::Field(d)) => written.push((field_sq(pos, d), &part.effects[..])),
        Some(Dest::CastleFile(_)) => return None,
        None => {}
    }
    let order = |sq: u16| fields.iter().position(|f| f.1 == sq);
    let (from_at, to_at) = (
        if ply.from == start {
            None
        } else {
            Some(order(ply.from)?)
        },
        order(ply.to)?,
    );
    let mut i = done;
    let mut passed = from_at;
    while i + 1 < written.len() && written[i].0 != ply.to && !dark_entrancer {
        let (sq, effects) = written[i];
        let at = order(sq)?;
        if !effects.is_empty() || passed.is_some_and(|p| at <= p) || at >= to_at {
            return None;
        }
        passed = Some(at);
        i += 1;
    }
    let &(sq, effects) = written.get(i)?;
    if sq != ply.to {
        return None;
    }
    let fits = match (moved.first(), effects) {
        (None, []) => true,
        (Some(p), [Effect::Displace(tp, to)]) => {
            !p.has(flag::CAPTURE) && pos_matches(pos, *to, p.to) && tagged_matches(tp, taken(p))
        }
        (Some(p), [Effect::Capture(tp)]) => p.has(flag::CAPTURE) && tagged_matches(tp, taken(p)),
        (Some(p), []) => p.has(flag::CAPTURE),
        _ => false,
    };
    let last = i + 1 == written.len();
    (fits && last != ply.has(flag::ONWARD)).then_some(i + 1)
}

/// A written Serpent ply's route (its part before any `|`) as a guide for the Serpent's walks:
/// the written steps in order, `.` right after the field before (the origin first), `..` with
/// steps between; a Pawn met on an unwritten step only where the Pawn-sacrifice ply takes it
/// (section 2.3.5: displacements are always written, captures may be left out).
struct SerpentText<'a> {
    pos: &'a Croatian,
    steps: &'a [Step],
    /// `-dest` or the bare destination, when written apart from the steps.
    dest: Option<u16>,
    dest_effects: &'a [Effect],
}

impl<'a> SerpentText<'a> {
    fn new(pos: &'a Croatian, part: &'a ParsedPly) -> Self {
        let dest = match part.dest {
            Some(Dest::Field(d)) => Some(field_sq(pos, d)),
            _ => None,
        };
        SerpentText {
            pos,
            steps: &part.steps,
            dest,
            dest_effects: &part.effects,
        }
    }

    /// Does the walk over `path` with the Pawns `moved` fit the text so far (`ending`: and end
    /// there)?
    fn fits(&self, path: &[u16], moved: &[Ply], ending: bool) -> bool {
        let newest = path.len() - 1;
        let fate = |sq: u16| moved.iter().find(|p| p.from == sq);
        let (mut j, mut last) = (0, 0);
        for (i, &sq) in path.iter().enumerate().skip(1) {
            let at = |w: &Step| field_sq(self.pos, w.field) == sq;
            let the_dest = self.dest == Some(sq);
            if self.steps.get(j).is_some_and(at) {
                let w = &self.steps[j];
                if w.distant != (i > last + 1)
                    || !self.fate_fits(&w.effects, sq, fate(sq), moved, i == newest)
                {
                    return false;
                }
                j += 1;
                last = i;
            } else if self.steps[j..].iter().any(at)
                || self.steps.get(j).is_some_and(|w| !w.distant) && i == last + 1
                || the_dest && i < newest
                || !the_dest && fate(sq).is_some_and(|p| !p.has(flag::CAPTURE))
            {
                return false;
            }
        }
        if !ending {
            return true;
        }
        let landing = path[newest];
        match self.dest {
            None => !self.steps.is_empty() && j == self.steps.len() && last == newest,
            Some(d) => {
                j == self.steps.len()
                    && landing == d
                    && last < newest
                    && self.fate_fits(self.dest_effects, d, fate(d), moved, true)
            }
        }
    }

    /// Do the side-effects written on the step onto `sq` tell what happened to a Pawn there
    /// (`fate`)? A displacement must be written, a capture need not; on the walk's newest field
    /// the other side-effects are its ply's own, checked with the ply.
    fn fate_fits(
        &self,
        effects: &[Effect],
        sq: u16,
        fate: Option<&Ply>,
        moved: &[Ply],
        newest: bool,
    ) -> bool {
        // A Pawn displaced onto `sq` earlier in the walk has lost its tags.
        let tag = if moved.iter().any(|p| p.to == sq && !p.has(flag::CAPTURE)) {
            Tag::None
        } else {
            piece::tag(self.pos.cell(sq))
        };
        let pawn = Some((Kind::Pawn, tag));
        let displaced = fate.filter(|p| !p.has(flag::CAPTURE));
        let taken = fate.is_some_and(|p| p.has(flag::CAPTURE));
        let mut written = false;
        for e in effects {
            let ok = match e {
                Effect::Displace(tp, at) => {
                    written = true;
                    displaced.is_some_and(|p| pos_matches(self.pos, *at, p.to))
                        && tagged_matches(tp, pawn)
                }
                Effect::Capture(tp) => taken && tagged_matches(tp, pawn) || newest && !taken,
                Effect::Transparency(k) => {
                    piece::is_wave(self.pos.cell(sq)) && k.is_none_or(|k| k == Kind::Wave)
                }
                _ => newest,
            };
            if !ok {
                return false;
            }
        }
        displaced.is_none() || written
    }
}

impl Guide for SerpentText<'_> {
    fn may_go_on(&mut self, path: &[u16], moved: &[Ply]) -> bool {
        self.fits(path, moved, false)
    }

    fn may_end(&mut self, path: &[u16], moved: &[Ply], _: &Ply, _: u8) -> bool {
        self.fits(path, moved, true)
    }
}

/// Resolves parsed notation: the one legal move it names.
fn resolve(pos: &Croatian, text: &str, n: &Notation) -> Result<Move, MoveError> {
    if let Notation::Whole(w) = n {
        return Err(MoveError::illegal(
            text,
            format!("'{w}' is a game-score symbol, not a move on the board"),
        ));
    }
    let found = resolve_notation(pos, n).ok_or_else(|| {
        MoveError::illegal(text, "these variants have no such link or terminator")
    })?;
    let Some((key, _)) = found.first() else {
        return Err(MoveError::illegal(text, "no legal move fits it"));
    };
    if found.iter().any(|(k, _)| k != key) {
        return Err(MoveError::Ambiguous {
            text: text.to_string(),
        });
    }
    let (key, plies) = &found[0];
    if pos.by_action {
        // Where turns go action by action the turns are not listed: the ply sequence found
        // is the move (any path to one state is the same move, R5), if the generator offers
        // it: a Serpent's displacements named field by field can describe a walk the rules
        // refuse.
        let mv = Move::cascade(plies);
        return if pos.is_legal(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::illegal(text, "no legal move fits it"))
        };
    }
    listed_walk(pos, plies, *key)
        .or_else(|| movegen::listed_with_key(pos, *key))
        .ok_or_else(|| MoveError::illegal(text, "no legal move fits it"))
}

/// The walks that move the Pawns of the fields `from` onto the fields `to` (with their
/// colours; `None` for a Pawn taken), no others. A walk moves each Pawn once (a displaced
/// Pawn stands on the other colour than the Serpent's walk), so every walk with one outcome
/// moves the same Pawns onto the same fields: these walks are the generator's own to that
/// outcome, found in the same order.
struct PawnsMoved<'a> {
    pos: &'a Croatian,
    from: Vec<u16>,
    to: Vec<Option<(u16, Color)>>,
}

impl PawnsMoved<'_> {
    fn lands(&self, p: &Ply) -> Option<(u16, Color)> {
        (!p.has(flag::CAPTURE)).then(|| (p.to, piece::color(self.pos.cell(p.from))))
    }
}

impl Guide for PawnsMoved<'_> {
    fn may_go_on(&mut self, _: &[u16], moved: &[Ply]) -> bool {
        moved
            .iter()
            .all(|p| self.from.contains(&p.from) && self.to.contains(&self.lands(p)))
    }

    fn may_end(&mut self, path: &[u16], moved: &[Ply], _: &Ply, _: u8) -> bool {
        moved.len() == self.from.len() && self.may_go_on(path, moved)
    }
}

/// A move of a Serpent alone that displaces Pawns, as the move list has it (the Pawns in the
/// order of the first walk found to that outcome), found among that Serpent's plies rather than
/// every move.
fn listed_walk(pos: &Croatian, plies: &[Ply], key: u64) -> Option<Move> {
    let (last, moved) = plies.split_last()?;
    if moved.is_empty() || !moved.iter().all(|p| p.has(flag::DISPLACE)) || last.has(flag::ACTIVATE)
    {
        return None;
    }
    let o = pos.offsets();
    let turn = Turn::new(pos);
    let (gen, m) = serpent_mover(&turn, o, last.from, false)?;
    let mut options = Vec::new();
    let mut guide = PawnsMoved {
        pos,
        from: moved.iter().map(|p| p.from).collect(),
        to: Vec::new(),
    };
    guide.to = moved.iter().map(|p| guide.lands(p)).collect();
    gen.guided_serpent(&m, &mut guide, &mut options);
    let mut rest = &options[..];
    while !rest.is_empty() {
        let (ending, later) = rest.split_at(plies::ending_len(rest));
        rest = later;
        let (ply, _) = ending[ending.len() - 1];
        if ending.len() != plies.len() || (ply.to, ply.flags) != (last.to, last.flags) {
            continue;
        }
        let mut after = Turn::new(pos);
        for (p, _) in ending {
            after.play(p);
        }
        if after.result_key() == key {
            let listed: Vec<Ply> = ending.iter().map(|e| e.0).collect();
            return Some(Move::cascade(&listed));
        }
    }
    None
}

/// Every legal ply sequence the notation fits, by resulting key (`None` for a link or
/// terminator out of place).
fn resolve_notation(pos: &Croatian, n: &Notation) -> Option<Vec<Found>> {
    let (n, journey) = split_trance(n)?;
    let n = split_divergences(&n);
    let written = written_plies(&n)?;
    Some(walk_written(pos, written, false, journey).0)
}

/// A written trance-journey: the ply after `@`, or the terminator that stands for it.
#[derive(Clone)]
enum JourneyText {
    Route(ParsedPly),
    Double(Vec<(TaggedPiece, Option<Field>)>),
    Failed(Option<Kind>),
}

/// The notation up to the ply that entrances, and the trance-journey after it, if any (`@`
/// links only the last ply; `None` for one elsewhere).
fn split_trance(n: &Notation) -> Option<(Notation, Option<JourneyText>)> {
    let Notation::Plies {
        plies,
        end,
        status,
        annotation,
    } = n
    else {
        return Some((n.clone(), None));
    };
    let mut plies = plies.clone();
    let journey = match end {
        Some(Terminator::DualTrance(list)) => Some(JourneyText::Double(list.clone())),
        Some(Terminator::FailedTrance(p)) => Some(JourneyText::Failed(*p)),
        _ => match plies.iter().position(|(link, _)| *link == Link::Trance) {
            Some(i) if i + 1 == plies.len() && end.is_none() => {
                plies.pop().map(|(_, ply)| JourneyText::Route(ply))
            }
            Some(_) => return None,
            None => None,
        },
    };
    let end = if journey.is_some() { None } else { end.clone() };
    let n = Notation::Plies {
        plies,
        end,
        status: *status,
        annotation: annotation.clone(),
    };
    Some((n, journey))
}

/// How the piece in the air can go on after the written plies `prefix` (XAN of each ply, `~`
/// after one that activates): what a player sees while building a cascade.
pub fn continuations(pos: &Croatian, prefix: &str) -> Result<Vec<String>, MoveError> {
    let n = parse_notation(prefix, pos.v.size)
        .map_err(|e| MoveError::unparsable(prefix, e.to_string()))?;
    let n = split_divergences(&n);
    let written =
        written_plies(&n).ok_or_else(|| MoveError::illegal(prefix, "no such link here"))?;
    let mut next = walk_written(pos, written, true, None)
        .1
        .ok_or_else(|| MoveError::illegal(prefix, "no piece is in the air after it"))?;
    next.sort();
    Ok(next)
}

fn walk_written(
    pos: &Croatian,
    written: Vec<Written>,
    continuations: bool,
    journey: Option<JourneyText>,
) -> (Vec<Found>, Option<Vec<String>>) {
    if written.is_empty() || pos.verdict().is_some() {
        return (Vec::new(), None);
    }
    let o = Offsets::new(pos.stride());
    let king = pos.king(pos.side);
    let in_check = king.is_some_and(|k| pos.is_attacked(k, !pos.side));
    let mut r = Resolver {
        o,
        root: pos.clone(),
        written,
        found: Vec::new(),
        seen: KeySet::default(),
        plies: Vec::new(),
        passed: Vec::new(),
        next: continuations.then(Vec::new),
        journey,
    };
    let mut turn = Turn::new(pos);
    let firsts = r.options(&turn, 0, Source::First(in_check));
    r.try_options(&mut turn, 0, &firsts, None);
    let next = r.next.filter(|list| !list.is_empty());
    (r.found, next)
}

/// Reads UCI long algebraic (`e2e4`, `e7e8q`, `k10k12`) for single-ply moves.
pub(super) fn parse_lan(pos: &Croatian, text: &str) -> Option<Move> {
    let b = text.as_bytes();
    let mut p = Parser {
        s: b,
        i: 0,
        size: pos.v.size,
    };
    let from = match p.pos().ok()?? {
        Pos::Field(f) => f,
        _ => return None,
    };
    let to = match p.pos().ok()?? {
        Pos::Field(f) => f,
        _ => return None,
    };
    let promo = match &b[p.i..] {
        [] => None,
        [c] if c.is_ascii_lowercase() => Some(Kind::from_letter(*c as char)?),
        _ => return None,
    };
    let (from, to) = (field_sq(pos, from), field_sq(pos, to));
    let mut moves = Vec::new();
    if pos.progress.is_some() {
        pos.legal_moves(&mut moves);
    } else {
        movegen::moves_of_field(pos, from, &mut moves);
    }
    moves.into_iter().find(|m| {
        let ply = m.first();
        ply.from == from
            && ply.to == to
            && lan_fits(pos, m)
            && match promo {
                Some(k) => ply.has(flag::PROMOTE) && ply.promo == k as u8,
                None => !ply.has(flag::PROMOTE),
            }
    })
}

/// Whether a move has a unique UCI long algebraic form: one ply that is no delayed promotion or
/// promotion tag, no teleport, no demotion and no randomized castling (where one field looks
/// like a step).
pub(super) fn lan_fits(pos: &Croatian, mv: &Move) -> bool {
    let ply = mv.first();
    mv.plies().len() == 1
        && mv.passed_on().is_none()
        && ply.flags
            & (flag::DELAYED | flag::TAG_PROMOTION | flag::TELEPORT | flag::OBLATION | flag::DEMOTE)
            == 0
        && !(ply.has(flag::CASTLE) && pos.v.castling == Castling::Random)
}

/// Reads a move in any of the family's forms: an action's text, UCI long algebraic, XAN or EAN.
pub fn parse_move(pos: &Croatian, text: &str) -> Result<Move, MoveError> {
    if let Some(mv) = written_action(pos, text) {
        return Ok(mv);
    }
    if let Some(mv) = parse_lan(pos, text) {
        return Ok(mv);
    }
    let n =
        parse_notation(text, pos.v.size).map_err(|e| MoveError::unparsable(text, e.to_string()))?;
    let resolved = resolve(pos, text, &n);
    if resolved.is_err() && pos.v.has(Kind::Serpent) {
        // The form written before the book's: each displaced Pawn's ply before the Serpent's
        // (`Pf6-g6~Se5-e7`).
        if let Some(mv) = written_serpent_move(pos, text) {
            return Ok(mv);
        }
    }
    resolved
}

/// The legal move with displacements whose text is `text` in the form written before the
/// book's (`Pf6-g6~Se5-e7`: each displaced Pawn's ply before the Serpent's, every ply in XAN).
fn written_serpent_move(pos: &Croatian, text: &str) -> Option<Move> {
    if pos.verdict().is_some() {
        return None;
    }
    // Writing every move is slow: first the fields each ply names, in order.
    let names_fields = |plies: &[Ply]| {
        let mut rest = text;
        plies.iter().all(|p| {
            [p.from, p.to].iter().all(|&sq| {
                let name = pos.field_name(sq);
                rest.find(&name).map(|i| rest = &rest[i..]).is_some()
            })
        })
    };
    let written_so = |m: &Move| {
        m.plies()
            .iter()
            .any(|p| p.has(flag::DISPLACE | flag::SACRIFICE))
            && plies_text(pos, m) == text
    };
    if pos.by_action {
        // Along the actions whose plies the text names: never every turn.
        return written_by_actions(pos, &mut Vec::new(), &names_fields, &written_so);
    }
    let mut moves = Vec::new();
    movegen::legal_moves(pos, &mut moves, true);
    moves
        .into_iter()
        .find(|m| names_fields(m.plies()) && written_so(m))
}

/// The whole turn on from `state` (reached by `plies`) whose plies `fits` and that is
/// `written_so`.
fn written_by_actions(
    state: &Croatian,
    plies: &mut Vec<Ply>,
    fits: &dyn Fn(&[Ply]) -> bool,
    written_so: &dyn Fn(&Move) -> bool,
) -> Option<Move> {
    let mut actions = Vec::new();
    state.legal_moves(&mut actions);
    for action in actions {
        let before = plies.len();
        plies.extend_from_slice(action.plies());
        if fits(plies) {
            let next = state.play(&action);
            let found = if next.turn_in_progress() {
                written_by_actions(&next, plies, fits, written_so)
            } else {
                Some(Move::cascade(plies)).filter(|m| written_so(m))
            };
            if found.is_some() {
                return found;
            }
        }
        plies.truncate(before);
    }
    None
}

/// Every ply of `mv` on its own in XAN, displaced Pawns' plies too, joined by `~`.
fn plies_text(pos: &Croatian, mv: &Move) -> String {
    let mut turn = Turn::new(pos);
    let mut texts = Vec::new();
    for ply in mv.plies() {
        let mover = if turn.air == piece::EMPTY {
            turn.pos.cell(ply.from)
        } else {
            turn.air
        };
        texts.push(ply_text(
            pos,
            &ply_facts(&turn.pos, mover, ply),
            true,
            None,
            Steps::None,
        ));
        turn.play(ply);
    }
    texts.join("~")
}

// ---------------------------------------------------------------------------------------------
// Writers.

fn lost_text(l: Option<LostTag>) -> &'static str {
    match l {
        None => "",
        Some(LostTag::Promotion) => "==",
        Some(LostTag::Rushing) => "::",
        Some(LostTag::Castling) => "&&",
    }
}

/// How much of a ply's route to write.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Steps {
    /// Only the destination of each part.
    None,
    /// The first two steps of each part that are on the board, then the destination.
    Start,
    /// Every step on the board.
    All,
    /// The first two steps and `-` the destination (a Centaur's XAN, `Cd3.c5.g6-p15`: its
    /// two jumps define the path).
    Lead,
    /// The destination as a step, `.` right after the start, `..` with steps between: a ply
    /// that diverges, or goes on after diverging (`Qo2..j7/H..m10*E`, notation L02).
    Last,
}

/// Writes the steps of one segment (after its start) ending on its last field.
fn steps_text(pos: &Croatian, steps: &[Option<u16>], how: Steps, out: &mut String) {
    if how == Steps::None {
        if let Some(Some(end)) = steps.last() {
            pos.push_field_name(out, *end);
        }
        return;
    }
    if how == Steps::Last {
        if let Some(Some(end)) = steps.last() {
            out.push_str(if steps.len() > 1 { ".." } else { "." });
            pos.push_field_name(out, *end);
        }
        return;
    }
    if how == Steps::Lead {
        let Some((Some(end), lead)) = steps.split_last() else {
            return;
        };
        for sq in lead.iter().take(2).flatten() {
            out.push('.');
            pos.push_field_name(out, *sq);
        }
        out.push('-');
        pos.push_field_name(out, *end);
        return;
    }
    let mut skipped = false;
    let mut written = 0;
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        match step {
            Some(sq) if last || how == Steps::All || written < 2 && !skipped => {
                out.push_str(if skipped { ".." } else { "." });
                pos.push_field_name(out, *sq);
                skipped = false;
                written += 1;
            }
            _ => skipped = true,
        }
    }
}

fn field_text(pos: &Croatian, p: Pos) -> String {
    match p {
        Pos::File(file) => ((b'a' + file) as char).to_string(),
        Pos::Rank(r) => (r as u32 + 1).to_string(),
        Pos::Field(fl) => pos.field_name(pos.sq(fl.file, fl.rank)),
    }
}

/// One ply in XAN (`long`: origin, every piece and lost tag) or EAN (`origin` as disambiguation,
/// the route as `how` says).
fn ply_text(pos: &Croatian, f: &PlyFacts, long: bool, origin: Option<Pos>, how: Steps) -> String {
    if let Some(journey) = &f.journey {
        return journey_text(pos, journey, long);
    }
    let ply = &f.ply;
    let mut s = String::new();
    let letter = |s: &mut String| {
        if (long || f.kind != Kind::Pawn) && !f.after_divergence {
            s.push(f.kind.letter());
        }
    };
    if is_failed_sense(ply) {
        // `Id4~Ic5'` (EAN), `[Ic3-d4]~[Id4-c5]'B` (XAN, L4502).
        s.push('\'');
        if long {
            s.push(f.kind.letter());
        }
        return s;
    }
    letter(&mut s);
    if long && !f.after_divergence {
        s.push_str(lost_text(f.mover_lost));
    }
    // Only a sense-journey has a hand: working one out for every dark ply cost most of the time
    // of listing a position's turns.
    let outermost = is_sense_journey(ply).then(|| sense_outermost(pos, f));
    if let Some(end) = outermost.flatten() {
        // `Bc5\z11..n7` (XAN), `B\z11..n7` (EAN).
        if long {
            pos.push_field_name(&mut s, ply.from);
        }
        s.push('\\');
        pos.push_field_name(&mut s, end);
        let hand = sense_hand(pos, ply, f.light).unwrap_or_default();
        let at = |sq| hand.iter().position(|&h| h == sq).unwrap_or(0);
        s.push_str(if at(end) == at(ply.to) + 1 { "." } else { ".." });
        pos.push_field_name(&mut s, ply.to);
        return s;
    }
    let diverging = ply.has(flag::DIVERGE) || f.after_divergence;
    let how = if diverging && how == Steps::None {
        Steps::Last
    } else {
        how
    };
    let origin_text = if f.after_divergence {
        None
    } else if long {
        Some(pos.field_name(ply.from))
    } else {
        origin.map(|o| field_text(pos, o))
    };
    if ply.has(flag::DELAYED) {
        pos.push_field_name(&mut s, ply.from);
        s.push_str(&effects_text(pos, f, long));
        return s;
    }
    if ply.has(flag::CASTLE) && !long {
        s.push_str(&origin_text.unwrap_or_default());
        s.push((b'a' + pos.file_of(ply.to)) as char);
        s.push('&');
        return s;
    }
    if f.kind == Kind::Wave && ply.has(flag::OBLATION) && !ply.has(flag::TELEPORT) {
        pos.push_field_name(&mut s, ply.from);
        s.push_str("|||");
        if long {
            s.push('W');
        }
        return s;
    }
    if let Some(walk) = &f.walk {
        s.push_str(origin_text.as_deref().unwrap_or_default());
        // A Pawn-sacrifice ply may take Pawns on steps not written (L4559): XAN writes them all.
        let all = how == Steps::All || long && f.after_sacrifice;
        serpent_route_text(pos, walk, long, all, &mut s);
    }
    for (i, (start, steps)) in f.segments.iter().enumerate() {
        if f.walk.is_some() {
            break;
        }
        if i > 0 {
            s.push('|');
            letter(&mut s);
        }
        let segment_origin = if i == 0 {
            origin_text.clone()
        } else if long {
            Some(pos.field_name(*start))
        } else {
            None
        };
        // A straight route is fixed by its ends; alternating steps (Unicorn) are written, and a
        // Centaur's two jumps.
        let how = if f.kind == Kind::Wave && !ply.route.is_straight() && long {
            Steps::All
        } else if f.kind == Kind::Centaur && long {
            Steps::Lead
        } else {
            how
        };
        if let Some(o) = &segment_origin {
            s.push_str(o);
            if long && how == Steps::None {
                s.push('-');
            }
        }
        steps_text(pos, steps, how, &mut s);
    }
    if ply.has(flag::TELEPORT) && (f.kind != Kind::Wave || jumps(ply)) {
        if ply.has(flag::OBLATION) {
            s.push_str("|||");
            if long {
                s.push(f.kind.letter());
            }
            return s;
        }
        // A Starchild, or its Wave, re-emerges from the body it touched: `||` (L4551).
        let bounce = f.kind == Kind::Starchild || f.kind == Kind::Wave;
        s.push_str(if bounce { "||" } else { "|" });
        if long {
            s.push(f.kind.letter());
        }
        pos.push_field_name(&mut s, ply.to);
    }
    if f.kind == Kind::Wave && ply.has(flag::OBLATION) && !jumps(ply) {
        s.push_str("|||");
        if long {
            s.push('W');
        }
        return s;
    }
    s.push_str(&effects_text(pos, f, long));
    s
}

/// A Serpent's walk (after its start): the fields where it moved a Pawn, with what happened to
/// it (`<` the field it was displaced to, `*` taken in the Pawn-sacrifice ply), and its last
/// field; every field with `all`. `.` after the field before, `..` with steps between.
fn serpent_route_text(pos: &Croatian, walk: &SerpentWalk, long: bool, all: bool, s: &mut String) {
    let mut before = 0;
    for (i, &sq) in walk.path.iter().enumerate().skip(1) {
        let fate = walk.moved.iter().position(|p| p.from == sq);
        if fate.is_none() && !all && i + 1 < walk.path.len() {
            continue;
        }
        s.push_str(if i == before + 1 { "." } else { ".." });
        pos.push_field_name(s, sq);
        if let Some(k) = fate {
            let p = &walk.moved[k];
            s.push(if p.has(flag::CAPTURE) { '*' } else { '<' });
            if long {
                s.push('P');
                s.push_str(lost_text(walk.lost.get(k).copied().flatten()));
            }
            if !p.has(flag::CAPTURE) {
                pos.push_field_name(s, p.to);
            }
        }
        before = i;
    }
}

/// A trance-journey after its `@` (`He13..e18<Ni14..m12<Pj17..g24`, XAN `He12\w18..q16*P..c18`),
/// or its terminator (`@@` with the pieces captured in XAN, `@@@`): the fields where it moved a
/// piece and its destination, each after `..` (the journey passes the fields between), or the
/// destination alone.
fn journey_text(pos: &Croatian, j: &Journey, long: bool) -> String {
    let mut s = String::new();
    let piece_text = |s: &mut String, (k, t): (Kind, Tag)| {
        if long {
            s.push(k.letter());
            s.push_str(lost_text(lost_of(t)));
        }
    };
    let dest = match j.end {
        JourneyEnd::Field(dest) => dest,
        JourneyEnd::Double => {
            s.push_str("@@");
            for (i, stop) in j.stops.iter().enumerate().filter(|_| long) {
                if i > 0 {
                    s.push(',');
                }
                piece_text(&mut s, stop.piece);
                pos.push_field_name(&mut s, stop.at);
            }
            return s;
        }
        JourneyEnd::Failed => {
            s.push_str("@@@");
            if long {
                s.push('H');
            }
            return s;
        }
    };
    s.push('H');
    if long {
        pos.push_field_name(&mut s, j.start);
        if let Some(r) = j.reposition {
            s.push('\\');
            pos.push_field_name(&mut s, r);
        }
    }
    let at_dest = j.stops.last().is_some_and(|stop| stop.at == dest);
    if j.stops.is_empty() {
        s.push_str(if long { "-" } else { "" });
    }
    for stop in &j.stops {
        s.push_str("..");
        pos.push_field_name(&mut s, stop.at);
        match stop.to {
            Some(to) => {
                s.push('<');
                piece_text(&mut s, stop.piece);
                pos.push_field_name(&mut s, to);
            }
            None => {
                s.push('*');
                piece_text(&mut s, stop.piece);
            }
        }
    }
    if !at_dest {
        if !j.stops.is_empty() {
            s.push_str("..");
        }
        pos.push_field_name(&mut s, dest);
    }
    s
}

/// Plies' texts joined by their links: `;;` after a Pawn-sacrifice, `@` before a trance-journey
/// (whose terminators `@@`, `@@@` stand for it), `"` before a sense-journey (`'`, the failed
/// one, stands for it), `~` otherwise.
fn joined(facts: &[PlyFacts], texts: &[String]) -> String {
    let mut out = String::new();
    for (i, (f, text)) in facts.iter().zip(texts).enumerate() {
        let terminated = f
            .journey
            .as_ref()
            .is_some_and(|j| !matches!(j.end, JourneyEnd::Field(_)));
        if f.journey.is_some() && !terminated {
            out.push('@');
        } else if i > 0 && !f.after_divergence && !terminated && !is_failed_sense(&f.ply) {
            out.push_str(if f.after_sacrifice {
                ";;"
            } else if is_sense_journey(&f.ply) {
                "\""
            } else {
                "~"
            });
        }
        out.push_str(text);
    }
    out
}

/// XAN-canonical: every ply with piece letter, origin field, destination and all side-effects
/// with the pieces involved and their lost tags; a Wave's route split at its teleports, its
/// steps written when it alternates two.
pub fn xan(pos: &Croatian, mv: &Move) -> String {
    let facts = facts(pos, mv);
    let texts: Vec<String> = facts
        .iter()
        .map(|f| ply_text(pos, f, true, None, Steps::None))
        .collect();
    joined(&facts, &texts)
}

fn effects_text(pos: &Croatian, f: &PlyFacts, long: bool) -> String {
    let ply = &f.ply;
    let mut s = String::new();
    let target_text = |(k, t): (Kind, Tag)| {
        if long {
            format!("{}{}", k.letter(), lost_text(lost_of(t)))
        } else {
            String::new()
        }
    };
    if ply.has(flag::CAPTURE) {
        s.push('*');
        if let Some(t) = f.target {
            s.push_str(&target_text(t));
        }
    }
    if ply.has(flag::EN_PASSANT) {
        s.push(':');
        if long {
            s.push('P');
            pos.push_field_name(&mut s, ply.aux);
        }
    }
    if ply.has(flag::CASTLE) && long {
        s.push_str("&R");
        pos.push_field_name(&mut s, pos.castle_rook_dest(ply));
    }
    if ply.has(flag::CONVERT) {
        if f.target.is_some_and(|t| t.0 == Kind::Starchild) {
            // The failed conversion of an immune Starchild (L3635, L4420).
            s.push_str("%%");
        } else {
            s.push('%');
            if let Some(t) = f.target {
                s.push_str(&target_text(t));
            }
        }
    }
    if ply.flags & (flag::PROMOTE | flag::DELAYED) != 0 {
        s.push('=');
        s.push(Kind::from_index(ply.promo).map_or('Q', Kind::letter));
    }
    if ply.has(flag::TAG_PROMOTION) {
        s.push('=');
    }
    if ply.has(flag::DIVERGE) {
        s.push('/');
        if let Some((k, _)) = f.target.filter(|_| long) {
            s.push(k.letter());
        }
    }
    if resurrection::is_resurrection(ply) {
        s.push_str(&resurrection_text(pos, f));
    } else if ply.has(flag::DEMOTE) {
        // `Mb7-k11>Sd4::` (XAN), `Mk11>d4` (EAN); then the demoted Pawn's promotion or tag.
        s.push('>');
        if let Some(t) = f.target {
            s.push_str(&target_text(t));
        }
        pos.push_field_name(&mut s, ply.aux);
        match Kind::from_index(ply.promo) {
            Some(Kind::Pawn) => s.push('='),
            Some(k) => {
                s.push('=');
                s.push(k.letter());
            }
            None => {}
        }
    }
    s
}

/// The uplifted piece's sense-journey ply (section 4.7.6), not its oblation.
fn is_sense_journey(ply: &Ply) -> bool {
    ply.has(flag::UPLIFT) && ply.flags & (flag::ACTIVATE | flag::OBLATION) == 0
}

/// The uplifted piece oblationed with nowhere to go (`'`, L4502).
fn is_failed_sense(ply: &Ply) -> bool {
    ply.has(flag::UPLIFT) && ply.has(flag::OBLATION)
}

/// The hand of the journey pattern a sense-journey `ply` of a piece (`light` or dark) took,
/// outward (`starchild::journey_hand`).
fn sense_hand(pos: &Croatian, ply: &Ply, light: bool) -> Option<ArrayVec<u16, 32>> {
    use super::starchild::{journey_hand, Hand};
    let color = if light { Color::White } else { Color::Black };
    [Hand::First, Hand::Second]
        .into_iter()
        .map(|hand| {
            journey_hand(pos, ply.from, color, hand)
                .into_iter()
                .map(|(_, sq)| sq)
                .collect::<ArrayVec<u16, 32>>()
        })
        .find(|hand| hand.contains(&ply.to))
}

/// A dark piece's sense-journey is written from the outermost on-board field of its hand
/// inward (`Bc5\z11..n7`, L4497): that field, when it is not the destination.
fn sense_outermost(pos: &Croatian, f: &PlyFacts) -> Option<u16> {
    if f.light {
        return None;
    }
    let hand = sense_hand(pos, &f.ply, f.light)?;
    hand.last().copied().filter(|&end| end != f.ply.to)
}

/// The sense-journey ply `f` as written in `w`: to its destination, either plainly
/// (`Bc5-n7`, `Bn7`) or, for a dark piece, from the outermost field of its hand inward through
/// fields of that hand (`Bc5\z11..n7`, `B\z11..n7`); no side-effects.
fn sense_matches(pos: &Croatian, w: &Written, f: &PlyFacts) -> bool {
    let head = w.parts[0];
    if w.parts.len() != 1 || w.oblation || !head.effects.is_empty() {
        return false;
    }
    let end = match (head.dest, head.steps.last()) {
        (Some(Dest::Field(d)), _) => field_sq(pos, d),
        (None, Some(last)) if last.effects.is_empty() => field_sq(pos, last.field),
        _ => return false,
    };
    if end != f.ply.to {
        return false;
    }
    let Some(hand) = sense_hand(pos, &f.ply, f.light) else {
        return false;
    };
    let on_hand = head
        .steps
        .iter()
        .all(|st| st.effects.is_empty() && hand.contains(&field_sq(pos, st.field)));
    match head.reposition {
        None => on_hand,
        Some(r) => on_hand && sense_outermost(pos, f) == Some(field_sq(pos, r)),
    }
}

/// A Starchild's resurrection (L4518-4522): `$` for a piece of the Starchild's colour, `$$` for
/// the other's, its letter, and the field it rises on when that is not the Starchild's
/// (`It9$Q`, `It9$$Q`, `It9$Wu8`).
fn resurrection_text(pos: &Croatian, f: &PlyFacts) -> String {
    let risen = resurrection::risen(&f.ply);
    let own = (piece::color(risen) == Color::White) == f.light;
    let mut s = String::from(if own { "$" } else { "$$" });
    s.push(piece::kind(risen).letter());
    if f.ply.aux != f.ply.to {
        pos.push_field_name(&mut s, f.ply.aux);
    }
    s
}

/// Whether the written resurrection (`opponents`, `kind`, `at`) is the ply of `f`.
fn resurrection_matches(
    pos: &Croatian,
    f: &PlyFacts,
    opponents: bool,
    kind: Kind,
    at: Option<Field>,
) -> bool {
    let ply = &f.ply;
    if !resurrection::is_resurrection(ply) {
        return false;
    }
    let risen = resurrection::risen(ply);
    let own = (piece::color(risen) == Color::White) == f.light;
    let field = at.map_or(ply.to, |a| field_sq(pos, a));
    own != opponents && piece::kind(risen) == kind && field == ply.aux
}

/// Does `text` name the move whose result has `key`?
fn names(pos: &Croatian, text: &str, key: u64) -> bool {
    parse_notation(text, pos.v.size)
        .ok()
        .and_then(|n| resolve_notation(pos, &n))
        .is_some_and(|found| !found.is_empty() && found.iter().all(|(k, _)| *k == key))
}

/// EAN-minimal: each ply as short as it can be (the first one's origin: none, file, rank,
/// field; a route: destinations only, its first steps, every step) while the text still names
/// this move.
pub fn ean(pos: &Croatian, mv: &Move) -> String {
    let facts = facts(pos, mv);
    let key = pos.play(mv).key();
    let from = facts[0].ply.from;
    let origins = [
        None,
        Some(Pos::File(pos.file_of(from))),
        Some(Pos::Rank(pos.rank_of(from))),
        Some(Pos::Field(Field {
            file: pos.file_of(from),
            rank: pos.rank_of(from),
        })),
    ];
    let mut chosen: Vec<String> = Vec::new();
    for (i, f) in facts.iter().enumerate() {
        let rest: Vec<String> = facts[i + 1..]
            .iter()
            .map(|f| ply_text(pos, f, true, None, Steps::None))
            .collect();
        let mut candidates = Vec::new();
        for how in [Steps::None, Steps::Start, Steps::All] {
            if i == 0 {
                for origin in origins {
                    candidates.push(ply_text(pos, f, false, origin, how));
                }
            } else {
                candidates.push(ply_text(pos, f, false, None, how));
            }
        }
        let pick = candidates.into_iter().find(|c| {
            let texts: Vec<String> = chosen
                .iter()
                .chain(std::iter::once(c))
                .chain(&rest)
                .cloned()
                .collect();
            names(pos, &joined(&facts, &texts), key)
        });
        match pick {
            Some(p) => chosen.push(p),
            None => return xan(pos, mv),
        }
    }
    joined(&facts, &chosen)
}

/// An action of a turn played action by action, or any move from a turn in progress, which
/// the notation does not write (the wire carries whole turns): the plies' fields, each with the
/// side-effects that tell apart actions to the same fields (`choice_marks`), `~` after each
/// that leaves a piece in the air, and the momentum that piece is left with (`g2h1~3`): the
/// same ply can hand on different momenta (a Serpent's or a Scout's paths of different lengths
/// to one Wave), and those are different actions.
pub fn action_text(pos: &Croatian, mv: &Move) -> String {
    let mut text = String::new();
    let plies = mv.plies();
    for (i, ply) in plies.iter().enumerate() {
        if i > 0 {
            text.push('~');
        }
        pos.push_field_name(&mut text, ply.from);
        pos.push_field_name(&mut text, ply.to);
        let mover = match pos.piece_in_air() {
            Some((air, _)) if i + 1 == plies.len() => air,
            _ => pos.cell(ply.from),
        };
        text.push_str(&choice_marks(pos, mover, ply));
    }
    if let Some(momentum) = mv.passed_on() {
        text.push('~');
        text.push_str(&momentum.to_string());
    }
    text
}

/// The side-effects of `ply` (made by `mover`) as XAN writes them on its destination, short
/// (`*`, `%`, `=Q`, `/`, `$Q`, `>d4=`), and `"` for an uplift: a capture or a conversion, which
/// piece a Pawn promotes to, a resurrection of either colour or none, an uplifting activation
/// or a plain one are different actions to the same fields.
fn choice_marks(pos: &Croatian, mover: Cell, ply: &Ply) -> String {
    let mut marks = effects_text(pos, &ply_facts(pos, mover, ply), false);
    if ply.has(flag::UPLIFT) {
        marks.push('"');
    }
    marks
}

/// The action of the turn in progress (or the first action handing on momentum) of `pos`
/// whose `action_text` is `text`.
fn written_action(pos: &Croatian, text: &str) -> Option<Move> {
    let hands_on = text
        .rsplit_once('~')
        .is_some_and(|(_, momentum)| momentum.parse::<u8>().is_ok());
    if pos.progress.is_none() && !hands_on {
        return None;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().find(|mv| {
        (pos.progress.is_some() || mv.passed_on().is_some()) && action_text(pos, mv) == text
    })
}

/// The wire form: UCI long algebraic where a single ply fits it, XAN otherwise.
pub fn wire(pos: &Croatian, mv: &Move) -> String {
    if !lan_fits(pos, mv) {
        return xan(pos, mv);
    }
    let ply = mv.first();
    let mut s = format!("{}{}", pos.field_name(ply.from), pos.field_name(ply.to));
    if ply.has(flag::PROMOTE) {
        s.push(
            Kind::from_index(ply.promo)
                .map_or('q', Kind::letter)
                .to_ascii_lowercase(),
        );
    }
    s
}
