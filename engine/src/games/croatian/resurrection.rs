//! Resurrection syzygy (One, part 2 section 4.7.7) and the graveyard it draws from.
//!
//! The graveyard holds, by colour and kind, every piece captured or oblationed in a variant with
//! Starchilds (`Graveyard`; no other variant keeps one, so their keys and position strings stay
//! as they were). Pieces converted, demoted or promoted away never enter it; a Pyramid consumed
//! by a conversion (a failed one too) or a promotion does (OQ-23: "removed as if captured"). Its
//! counts are part of the position's key and of its position string (`position`).
//!
//! A Starchild whose ply is a plain jump onto an empty field may resurrect one piece of the
//! graveyard of either colour (not a King, Star or Monolith, which never enter it) when it
//! comes from a field in no syzygy into one (three or more celestial bodies on a line, itself
//! included, `monolith::in_syzygy`). A Wave or Starchild rises on an empty neighbour of the
//! Starchild, which stays; any other piece, or a Wave or Starchild with no empty neighbour
//! there, takes the Starchild's place and the Starchild is oblationed into the graveyard
//! (L3806-3822). The resurrected piece has its colour and no tag (OQ-23). The resurrection is
//! the Starchild's ply with `flag::DEMOTE` (a celestial body's grant on entering a syzygy, as
//! a Monolith's demotion is), `aux` the field the piece rises on, `promo` the piece
//! (`risen_code`).
//!
//! Readings decided here: the Starchild of either colour, first piece or activated by a Wave
//! or Starchild, resurrects when its own ply lands on an empty field (the last Starchild of a
//! chain, L3852; an opponent's pushed into syzygy, L3859); a bounce off a Star or Monolith
//! does not (the Starchild emerges, it does not step into the syzygy), nor does a Starchild's
//! Wave. Whether it came from no syzygy is judged without the Starchild on its field; whether
//! it lands in one, with every body on the board then (an activating Starchild standing on the
//! resurrecting one's former field counts). A Pawn never rises on its own last rank, where it
//! could not stand untagged. In notation, "own" in `$` and "opponent's" in `$$` are the
//! resurrecting Starchild's colour and the other.

use super::moves::{flag, Ply};
use super::piece::{self, Cell, Kind, Tag};
use super::plies::{Mover, PlyGen, Sink};
use crate::core::Color;

/// Captured and oblationed pieces: how many of each colour and kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graveyard([[u8; Kind::COUNT]; 2]);

/// Part of the key for `count` pieces of `color` and `kind` in the graveyard (0 for none).
fn entry_key(color: Color, kind: Kind, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let seed =
        0x6A09_E667_F3BC_C908 ^ ((color.index() as u64) << 16 | (kind as u64) << 8 | count as u64);
    crate::core::zobrist::KeyGenerator::new(seed).next()
}

/// Whether `kind` can be in a graveyard: everything but Kings, Stars and Monoliths (L3813).
pub fn may_rise(kind: Kind) -> bool {
    !matches!(kind, Kind::King | Kind::Star | Kind::Monolith)
}

impl Graveyard {
    pub fn count(&self, color: Color, kind: Kind) -> u8 {
        self.0[color.index()][kind as usize - 1]
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().flatten().all(|&n| n == 0)
    }

    /// Adds one piece of `color` and `kind`; returns the change of the key.
    pub fn add(&mut self, color: Color, kind: Kind) -> u64 {
        let n = &mut self.0[color.index()][kind as usize - 1];
        let old = *n;
        *n = old.saturating_add(1);
        entry_key(color, kind, old) ^ entry_key(color, kind, *n)
    }

    /// Takes one piece of `color` and `kind` out; returns the change of the key.
    pub fn take(&mut self, color: Color, kind: Kind) -> u64 {
        let n = &mut self.0[color.index()][kind as usize - 1];
        let old = *n;
        *n = old.saturating_sub(1);
        entry_key(color, kind, old) ^ entry_key(color, kind, *n)
    }

    /// Its part of the position's key.
    pub fn key(&self) -> u64 {
        self.pieces().fold(0, |k, (c, kind)| {
            k ^ entry_key(c, kind, self.count(c, kind))
        })
    }

    /// The colours and kinds it holds at least one of.
    pub fn pieces(&self) -> impl Iterator<Item = (Color, Kind)> + '_ {
        [Color::White, Color::Black].into_iter().flat_map(move |c| {
            (1..=Kind::COUNT as u8)
                .filter_map(Kind::from_index)
                .filter(move |&k| self.count(c, k) > 0)
                .map(move |k| (c, k))
        })
    }

    /// The position string's graveyard field: each piece's letter (uppercase light) as many
    /// times as it is there, light first, in the order of the letters `PNBRQ...`; `-` if empty.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (c, k) in self.pieces() {
            let letter = match c {
                Color::White => k.letter(),
                Color::Black => k.letter().to_ascii_lowercase(),
            };
            for _ in 0..self.count(c, k) {
                s.push(letter);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// Reads `text` (`text`'s format, letters in any order) for a variant with the pieces
    /// `has`.
    pub fn parse(text: &str, has: impl Fn(Kind) -> bool) -> Result<Graveyard, String> {
        let mut g = Graveyard::default();
        if text == "-" {
            return Ok(g);
        }
        for ch in text.chars() {
            let kind = Kind::from_letter(ch)
                .filter(|_| ch.is_ascii_alphabetic())
                .ok_or_else(|| format!("'{ch}' is no piece"))?;
            if !has(kind) {
                return Err(format!(
                    "the variant does not play with '{}'",
                    kind.letter()
                ));
            }
            if !may_rise(kind) {
                return Err(format!("a {} never enters the graveyard", kind.name()));
            }
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if g.count(color, kind) == u8::MAX {
                return Err(format!("too many '{ch}'"));
            }
            g.add(color, kind);
        }
        Ok(g)
    }
}

/// `promo` of a resurrection ply for a piece of `color` and `kind`.
fn risen_code(color: Color, kind: Kind) -> u8 {
    kind as u8 | if color == Color::Black { 0x80 } else { 0 }
}

/// The piece a resurrection ply (a Starchild's ply with `flag::DEMOTE`) raises: its colour and
/// kind, untagged.
pub fn risen(ply: &Ply) -> Cell {
    let color = if ply.promo & 0x80 != 0 {
        Color::Black
    } else {
        Color::White
    };
    let kind = Kind::from_index(ply.promo & 0x7F).unwrap_or(Kind::Pawn);
    piece::make(kind, color, Tag::None)
}

/// Whether `ply` is a resurrection.
pub fn is_resurrection(ply: &Ply) -> bool {
    ply.has(flag::DEMOTE) && ply.piece == Kind::Starchild as u8
}

impl PlyGen<'_> {
    /// The resurrections of the Starchild `m` jumping onto the empty field `to` (module docs),
    /// each a ply of its own beside the plain jump.
    pub(super) fn resurrections<S: Sink>(&self, m: &Mover, to: u16, sink: &mut S) {
        let pos = self.pos;
        if pos.graveyard.is_empty() {
            return;
        }
        // The first piece still stands on its field; an activated one is in the air.
        let first = m.momentum.is_none();
        let came_aligned = super::monolith::in_syzygy(pos, m.from, m.from);
        let lands_aligned = super::monolith::in_syzygy(pos, to, if first { m.from } else { to });
        if came_aligned || !lands_aligned {
            return;
        }
        let kind = piece::kind_bits(m.cell);
        let left = m.momentum.unwrap_or(1);
        for (color, risen) in pos.graveyard.pieces() {
            let mut ply = Ply::new(m.from, to, kind, flag::DEMOTE);
            ply.promo = risen_code(color, risen);
            if risen == Kind::Pawn && pos.rank_of(to) == pos.last_rank(color) {
                continue;
            }
            let mut beside = false;
            if matches!(risen, Kind::Wave | Kind::Starchild) {
                for at in pos.neighbours(to) {
                    if self.is_empty(at) || first && at == m.from {
                        beside = true;
                        ply.aux = at;
                        sink.land(ply, left);
                    }
                }
            }
            if !beside {
                ply.aux = to;
                sink.land(ply, left);
            }
        }
    }
}
