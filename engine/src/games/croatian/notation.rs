//! Croatian notation (notation.md): a parser for the whole family's grammar (section 1.4) into a
//! syntax tree, a resolver that matches the tree against the legal moves, and the writers:
//! XAN-canonical (section 2.4, every ply with piece, origin and all side-effects), EAN-minimal
//! (disambiguation checked by reading the text back) and the wire form (UCI long algebraic for
//! single-ply moves that fit it, XAN otherwise; protocol.md).

use super::moves::{flag, Move, Ply};
use super::piece::{self, Kind, Tag};
use super::variant::Castling;
use super::{movegen, Croatian};
use crate::core::{Game, MoveError};

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
// Resolution against the legal moves.

/// What one ply of a legal move does, as the notation sees it.
struct PlyFacts {
    ply: Ply,
    kind: Kind,
    /// The tag the moving piece loses without using it.
    mover_lost: Option<LostTag>,
    /// The piece captured or converted on the destination, with its tag.
    target: Option<(Kind, Tag)>,
}

fn lost_of(tag: Tag) -> Option<LostTag> {
    match tag {
        Tag::None => None,
        Tag::Rush => Some(LostTag::Rushing),
        Tag::Castle => Some(LostTag::Castling),
        Tag::Promotion => Some(LostTag::Promotion),
    }
}

fn facts(pos: &Croatian, mv: &Move) -> Vec<PlyFacts> {
    let mut out = Vec::with_capacity(mv.plies().len());
    for (i, ply) in mv.plies().iter().enumerate() {
        let kind = Kind::from_index(ply.piece).unwrap_or(Kind::Pawn);
        let mover_lost = if i == 0 {
            let tag = piece::tag(pos.cell(ply.from));
            let used = match tag {
                Tag::Rush => (pos.rank_of(ply.to) as i32 - pos.rank_of(ply.from) as i32).abs() >= 2,
                Tag::Castle => ply.has(flag::CASTLE),
                Tag::Promotion => ply.has(flag::DELAYED),
                Tag::None => true,
            };
            if used {
                None
            } else {
                lost_of(tag)
            }
        } else {
            None
        };
        let target = if ply.flags & (flag::CAPTURE | flag::CONVERT) != 0 {
            let c = pos.cell(ply.to);
            Some((piece::kind(c), piece::tag(c)))
        } else if ply.has(flag::EN_PASSANT) {
            Some((Kind::Pawn, Tag::None))
        } else {
            None
        };
        out.push(PlyFacts {
            ply: *ply,
            kind,
            mover_lost,
            target,
        });
    }
    out
}

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

/// The fields a ply passes through after its origin, destination included.
fn path(pos: &Croatian, ply: &Ply) -> Vec<u16> {
    let (ff, fr) = (pos.file_of(ply.from) as i32, pos.rank_of(ply.from) as i32);
    let (tf, tr) = (pos.file_of(ply.to) as i32, pos.rank_of(ply.to) as i32);
    let (dx, dy) = (tf - ff, tr - fr);
    let g = gcd(dx.abs(), dy.abs()).max(1);
    let linear = matches!(
        Kind::from_index(ply.piece),
        Some(Kind::Bishop | Kind::Rook | Kind::Queen | Kind::Pegasus | Kind::Pyramid | Kind::Pawn)
    );
    if !linear || ply.has(flag::CASTLE) {
        return vec![ply.to];
    }
    (1..=g)
        .map(|k| pos.sq((ff + dx / g * k) as u8, (fr + dy / g * k) as u8))
        .collect()
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn tagged_matches(tp: &Option<TaggedPiece>, target: Option<(Kind, Tag)>) -> bool {
    match (tp, target) {
        (None, _) => true,
        (Some(tp), Some((k, t))) => tp.piece == k && (tp.lost.is_none() || tp.lost == lost_of(t)),
        (Some(_), None) => false,
    }
}

fn ply_matches(pos: &Croatian, w: &ParsedPly, f: &PlyFacts, first: bool) -> bool {
    let ply = &f.ply;
    if w.piece.unwrap_or(Kind::Pawn) != f.kind || w.reposition.is_some() {
        return false;
    }
    if let Some(lost) = w.lost {
        if f.mover_lost != Some(lost) {
            return false;
        }
    }
    if let Some(o) = w.origin {
        if !pos_matches(pos, o, ply.from) {
            return false;
        }
    }
    if !first && w.origin.is_some_and(|o| !matches!(o, Pos::Field(_))) {
        return false;
    }
    let fields = path(pos, ply);
    let mut dest_effects: &[Effect] = &w.effects;
    match w.dest {
        Some(Dest::Field(d)) => {
            if field_sq(pos, d) != ply.to {
                return false;
            }
        }
        Some(Dest::CastleFile(file)) => {
            if !ply.has(flag::CASTLE) || pos.file_of(ply.to) != file {
                return false;
            }
        }
        None => {
            let Some(last) = w.steps.last() else {
                return false;
            };
            if field_sq(pos, last.field) != ply.to {
                return false;
            }
            dest_effects = &last.effects;
        }
    }
    // Written steps lie on the path, in order, and carry nothing in these variants.
    let mut cursor = 0;
    let step_count = if w.dest.is_none() {
        w.steps.len().saturating_sub(1)
    } else {
        w.steps.len()
    };
    for step in &w.steps[..step_count] {
        if !step.effects.is_empty() {
            return false;
        }
        let sq = field_sq(pos, step.field);
        match fields[cursor..].iter().position(|&s| s == sq) {
            Some(k) if step.distant || k == 0 => cursor += k + 1,
            _ => return false,
        }
        if sq == ply.to {
            return false;
        }
    }
    let mut promoted = false;
    let mut tagged = false;
    let mut converted = false;
    let mut castled = false;
    for e in dest_effects {
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
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    // Mandatory side-effects must be written (a bare arrival on the last rank reads as a tag,
    // ruling Q1).
    if ply.flags & (flag::PROMOTE | flag::DELAYED) != 0 && !promoted {
        return false;
    }
    if ply.has(flag::TAG_PROMOTION) && !tagged && promoted {
        return false;
    }
    if ply.has(flag::CONVERT) != converted {
        return false;
    }
    if ply.has(flag::CASTLE) && !castled && !matches!(w.dest, Some(Dest::CastleFile(_))) {
        return false;
    }
    true
}

fn notation_matches(pos: &Croatian, n: &Notation, mv: &Move) -> bool {
    let Notation::Plies { plies, end, .. } = n else {
        return false;
    };
    if end.is_some() || plies.len() != mv.plies().len() {
        return false;
    }
    let facts = facts(pos, mv);
    plies
        .iter()
        .zip(facts.iter())
        .enumerate()
        .all(|(i, ((link, w), f))| {
            let link_ok = if i == 0 {
                *link == Link::First
            } else {
                *link == Link::Cascade
            };
            link_ok && ply_matches(pos, w, f, i == 0)
        })
}

fn all_sequences(pos: &Croatian) -> Vec<Move> {
    let mut all = Vec::new();
    movegen::legal_moves(pos, &mut all, false);
    all
}

/// Resolves parsed notation: the one legal move it names.
fn resolve(pos: &Croatian, text: &str, n: &Notation) -> Result<Move, MoveError> {
    if let Notation::Whole(w) = n {
        return Err(MoveError::illegal(
            text,
            format!("'{w}' is a game-score symbol, not a move on the board"),
        ));
    }
    let matched: Vec<Move> = all_sequences(pos)
        .into_iter()
        .filter(|m| notation_matches(pos, n, m))
        .collect();
    let Some(first) = matched.first() else {
        return Err(MoveError::illegal(text, "no legal move fits it"));
    };
    let key = pos.play(first).key();
    if matched.iter().any(|m| pos.play(m).key() != key) {
        return Err(MoveError::Ambiguous {
            text: text.to_string(),
        });
    }
    let mut listed = Vec::new();
    pos.legal_moves(&mut listed);
    listed
        .into_iter()
        .find(|m| pos.play(m).key() == key)
        .ok_or_else(|| MoveError::illegal(text, "no legal move fits it"))
}

/// Reads UCI long algebraic (`e2e4`, `e7e8q`, `k10k12`) for single-ply moves.
fn parse_lan(pos: &Croatian, text: &str) -> Option<Move> {
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
    pos.legal_moves(&mut moves);
    moves.into_iter().find(|m| {
        let ply = m.first();
        m.plies().len() == 1
            && ply.from == from
            && ply.to == to
            && lan_fits(pos, m)
            && match promo {
                Some(k) => ply.has(flag::PROMOTE) && ply.promo == k as u8,
                None => !ply.has(flag::PROMOTE),
            }
    })
}

/// Whether a move has a unique UCI long algebraic form.
fn lan_fits(pos: &Croatian, mv: &Move) -> bool {
    let ply = mv.first();
    mv.plies().len() == 1
        && ply.flags & (flag::DELAYED | flag::TAG_PROMOTION) == 0
        && !(ply.has(flag::CASTLE) && pos.v.castling == Castling::Random)
}

/// Reads a move in any of the family's forms: UCI long algebraic, XAN or EAN.
pub fn parse_move(pos: &Croatian, text: &str) -> Result<Move, MoveError> {
    if let Some(mv) = parse_lan(pos, text) {
        return Ok(mv);
    }
    let n =
        parse_notation(text, pos.v.size).map_err(|e| MoveError::unparsable(text, e.to_string()))?;
    resolve(pos, text, &n)
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

/// XAN-canonical: every ply with piece letter, origin field, destination and all side-effects
/// with the pieces involved and their lost tags.
pub fn xan(pos: &Croatian, mv: &Move) -> String {
    let mut out = String::new();
    for (i, f) in facts(pos, mv).iter().enumerate() {
        let ply = &f.ply;
        if i > 0 {
            out.push('~');
        }
        out.push(f.kind.letter());
        out.push_str(lost_text(f.mover_lost));
        if ply.has(flag::DELAYED) {
            out.push_str(&pos.field_name(ply.to));
        } else {
            out.push_str(&pos.field_name(ply.from));
            out.push('-');
            out.push_str(&pos.field_name(ply.to));
        }
        out.push_str(&effects_text(pos, f, true));
    }
    out
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
            s.push_str(&pos.field_name(ply.aux));
        }
    }
    if ply.has(flag::CASTLE) && long {
        s.push_str("&R");
        s.push_str(&pos.field_name(pos.castle_rook_dest(ply)));
    }
    if ply.has(flag::CONVERT) {
        s.push('%');
        if let Some(t) = f.target {
            s.push_str(&target_text(t));
        }
    }
    if ply.flags & (flag::PROMOTE | flag::DELAYED) != 0 {
        s.push('=');
        s.push(Kind::from_index(ply.promo).map_or('Q', Kind::letter));
    }
    if ply.has(flag::TAG_PROMOTION) {
        s.push('=');
    }
    s
}

/// EAN with the origin written as `origin` (first ply only).
fn ean_with(pos: &Croatian, facts: &[PlyFacts], origin: Option<Pos>) -> String {
    let mut out = String::new();
    for (i, f) in facts.iter().enumerate() {
        let ply = &f.ply;
        if i > 0 {
            out.push('~');
        }
        if f.kind != Kind::Pawn {
            out.push(f.kind.letter());
        }
        if i == 0 {
            if let Some(o) = origin {
                out.push_str(&match o {
                    Pos::File(file) => ((b'a' + file) as char).to_string(),
                    Pos::Rank(r) => (r as u32 + 1).to_string(),
                    Pos::Field(fl) => pos.field_name(pos.sq(fl.file, fl.rank)),
                });
            }
        }
        if ply.has(flag::CASTLE) {
            out.push((b'a' + pos.file_of(ply.to)) as char);
            out.push('&');
            continue;
        }
        out.push_str(&pos.field_name(ply.to));
        out.push_str(&effects_text(pos, f, false));
    }
    out
}

/// EAN-minimal: the shortest origin disambiguation (none, file, rank, field) that reads back as
/// this move.
pub fn ean(pos: &Croatian, mv: &Move) -> String {
    let facts = facts(pos, mv);
    let from = mv.first().from;
    let choices = [
        None,
        Some(Pos::File(pos.file_of(from))),
        Some(Pos::Rank(pos.rank_of(from))),
        Some(Pos::Field(Field {
            file: pos.file_of(from),
            rank: pos.rank_of(from),
        })),
    ];
    let target = pos.play(mv).key();
    for origin in choices {
        let text = ean_with(pos, &facts, origin);
        if let Ok(found) = parse_notation(&text, pos.v.size)
            .map_err(|e| MoveError::unparsable(&text, e.to_string()))
            .and_then(|n| resolve(pos, &text, &n))
        {
            if pos.play(&found).key() == target {
                return text;
            }
        }
    }
    xan(pos, mv)
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
