//! Dynamo chess (Klüver & Kahl, 1968): pieces never capture; they push and pull other pieces,
//! possibly off the board, and the goal is to force the enemy King off it.
//!
//! Rules: `shared/seeds/dynamo.txt` and the rulings of `shared/rules/dynamo.md`.
//!
//! # Turns
//!
//! A [`Move`] is one complete turn (part A plus the optional part B that continues it), identified
//! by its *effect*: the net change of the board, square by square, and the castling rights it
//! leaves. Different ways of reaching one effect are one move (`TURNS_CAN_COINCIDE`), so the
//! generator lists every candidate and keeps one per effect. The last turn's effect is part of
//! the state and of the key, because the no-undo rule forbids the exact inverse of it.
//!
//! Readings where the rules page leaves room (each has a test):
//! - A pawn pushing an own piece straight ahead may push it off the board (7th rank pawn, 8th
//!   rank piece), like every other push; a King is never pushed off.
//! - A piece displaced in part A that may then pull (rules page 3.1, "both follow and pull are
//!   possible") pulls along the line of its displacement whatever its own lines are (a Rook
//!   pushed diagonally pulls diagonally), as a King after any displacement, but onto the vacated
//!   square only; pawns and knights do not. This is the reading that reproduces the independent
//!   start-position counts (depth 3: 3,991,091; requiring the piece's own lines gives 3,989,130).
//! - A knight, King or pawn that follows a piece it pushed off the board stops on the vacated
//!   square (it does not leave the board itself); sliders may follow to the edge or leave.
//!
//! Endings are the default ones, which are ruling 6: no legal turn is mate when in check (the
//! King would be pushed or pulled off) and a draw otherwise; threefold repetition of the key
//! (which holds the castling rights and the last turn); 100 plies in which no pawn moved by any
//! means and no piece left the board.
//!
//! # Wire notation (one string per legal turn)
//!
//! A turn is written as the pieces it moved, one *leg* per piece, sorted by starting square (a1,
//! b1, ..., h8) and joined by `,`:
//! - `e2e4`: the piece on e2 ends on e4 (moved, pushed, pulled or dragged, whoever acted);
//! - `d7d8q`: a pawn ends on its last rank and becomes the named piece (lowercase letter);
//! - `c1x`: the piece on c1 leaves the board.
//!
//! Examples: `a1a4,a2a5` (the a1 Rook pushes the pawn to a5 and follows to a4); `c1x,d2x` (the
//! c1 Bishop leaves dragging the d2 pawn); `e1g1,h1f1` (castling). A piece that stays put is not
//! written: the bishop that pushes d2 to f4 without moving is `d2f4`. Because the text is a
//! function of the effect, every legal turn has exactly one string. In the rare turn where a
//! King or a corner piece leaves its square and another piece of the same kind takes it, the
//! board effect does not show the lost castling right; such a turn carries the rights it leaves
//! after a `;` (`b1x;-`: the b1 Rook pushes the a1 Rook off and follows to a1, where `b1x` is
//! the b1 Rook leaving by itself).
//!
//! Reading is more lenient: legs may come in any order, and a leg ending on the square of the
//! mover's own King (when the King does not move in that turn) means "leaves the board" — the
//! seed's own interface convention ("the pawn can take the king"), which lets a mouse enter an
//! exit. The human form is read too.
//!
//! # Human form
//!
//! The same legs with piece letters in FEN case, `-` between the squares, `off` for leaving the
//! board and `=Q` for a promotion: `Ra1-a4,Pa2-a5`, `Bc1-off,Pd2-off`, `pe7-d6`; castling is
//! `O-O` / `O-O-O`.
//!
//! # Position string (ruling 8)
//!
//! Orthodox FEN (en-passant field always `-`) plus a seventh field: the opponent's last turn as
//! its effect, `-` if none: `-<piece><square>` for what a square held before, `+<piece><square>`
//! for what it holds after, vanishes first, each group by square: `-Pe2+Pe4`. A missing seventh
//! field reads as `-`.
//!
//! # CECP / XBoard
//!
//! The variant is announced as `dynamo` (the protocol's name list), not as XBoard's `normal`:
//! under `normal` XBoard would hold both sides to orthodox chess and the engine could not tell
//! which game it plays. XBoard has no rules for `dynamo`, and it refuses an engine-defined variant
//! without a `setup` command, so [`Game::cecp_setup`] sends one for an 8x8 board of the orthodox
//! pieces, and a `piece` line for the King (`KO2`: castling) only, since no Betza string
//! describes pushes and pulls; the user plays with XBoard's legality testing off
//! (`-testLegality false`, or Options > Test Legality unchecked).
//!
//! What XBoard 4.9.1 can show (backend.c `ApplyMove`; checked in a real XBoard): a turn in which
//! one of the mover's pieces goes from one square to another; castling, which the engine sends
//! as the King's move and the Rook's (`e1g1,h1f1`); a piece of the mover leaving the board, which
//! it sends as the piece taking itself (`c1c1,c1c1`). It cannot show a turn that moves two pieces
//! (its multi-leg moves move one piece; a second can only be removed, or set beside the mover as
//! in castling), nor one that moves or removes a piece of the side not moving (it refuses moves
//! of the opponent's pieces): a game inside XBoard goes wrong at the first such turn. Two-piece turns are typed in the move type-in box as their
//! wire text (`a1a4,a2a5`) and reach the engine as `usermove a1a4,a2a5`; a plain `e1g1` is the
//! h1 Rook pulling the King there, a different turn (ruling 3.6.8).

pub mod board;
pub mod movegen;
mod notation;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
mod view;

use crate::core::view::{BoardView, MoveInput};
use crate::core::zobrist::KeyGenerator;
use crate::core::{Color, Game, MoveError, PositionError};

use board::*;
use movegen::*;
pub use movegen::{Effect, Kind, Leg, Move};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

/// Zobrist keys: pieces (16 codes x 64 squares), the last turn's squares before and after
/// (16 x 64 each), castling rights (16), side to move.
static KEYS: [u64; 3 * 1024 + 17] = KeyGenerator::new(0xD7A3_0000_0000_0007).table();

#[inline]
fn piece_key(piece: u8, sq: u8) -> u64 {
    KEYS[(piece as usize) << 6 | sq as usize]
}

#[inline]
fn last_change_key(c: movegen::Change) -> u64 {
    let sq = change_square(c) as usize;
    KEYS[1024 + ((change_before(c) as usize) << 6 | sq)]
        ^ KEYS[2048 + ((change_after(c) as usize) << 6 | sq)]
}

#[inline]
fn castling_key(rights: u8) -> u64 {
    KEYS[3072 + rights as usize]
}

#[inline]
fn side_key() -> u64 {
    KEYS[3072 + 16]
}

/// A Dynamo position: board, side to move, castling rights, counters and the last turn's effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dynamo {
    board: Board,
    side: Color,
    castling: u8,
    halfmove: u32,
    fullmove: u32,
    last: Effect,
    kings: [u8; 2],
    /// [`occupancy`] of `board`.
    occupied: u64,
    key: u64,
}

impl Dynamo {
    fn compute_key(&self) -> u64 {
        let mut key = castling_key(self.castling);
        for (sq, &p) in self.board.iter().enumerate() {
            if p != EMPTY {
                key ^= piece_key(p, sq as u8);
            }
        }
        for c in self.last.changes() {
            key ^= last_change_key(c);
        }
        if self.side == Color::Black {
            key ^= side_key();
        }
        key
    }

    /// The piece on `sq` (0 = a1 ... 63 = h8) as a FEN letter, `None` if empty.
    pub fn piece_at(&self, sq: u8) -> Option<(Color, char)> {
        let p = *self.board.get(sq as usize)?;
        (p != EMPTY).then(|| (color_of(p), piece_letter(p)))
    }

    /// The board as piece codes (see [`board`]), a1 first.
    pub fn squares(&self) -> &[u8; 64] {
        &self.board
    }

    /// The square of `color`'s King.
    pub fn king_square(&self, color: Color) -> u8 {
        self.kings[color.index()]
    }

    /// The last turn's effect (what the no-undo rule forbids undoing).
    pub fn last_turn(&self) -> Effect {
        self.last
    }

    /// Can `by` send the piece on `sq` off the board with one action (rules page 3.3)?
    pub fn threatened_off(&self, sq: u8, by: Color) -> bool {
        threatened_off(&self.board, self.occupied, sq, by)
    }

    /// Every candidate turn before merging equal effects and before the legality filters, by
    /// category of part A: for checking the hand count of the rules.
    pub fn candidate_counts(&self) -> [(Kind, usize); 4] {
        let mut counts = [
            (Kind::Normal, 0),
            (Kind::Castle, 0),
            (Kind::SelfExit, 0),
            (Kind::Action, 0),
        ];
        self.candidates(&mut |kind, _| {
            if let Some(entry) = counts.iter_mut().find(|(k, _)| *k == kind) {
                entry.1 += 1;
            }
        });
        counts
    }

    /// The complete turn made of `legs` (applied in order), if it is legal here, where
    /// `in_check` is whether the side to move is in check before it.
    fn judge(&self, legs: &[Leg], forbidden: Option<&Effect>, in_check: bool) -> Option<Move> {
        let mut board = self.board;
        let mut occupied = self.occupied;
        let mut changed = 0u64;
        let mut castling = self.castling;
        let mut king = self.kings[self.side.index()];
        for l in legs {
            let moving = board[l.from as usize];
            castling &= !rights_lost_leaving(l.from, moving);
            board[l.from as usize] = EMPTY;
            occupied &= !(1 << l.from);
            changed |= 1 << l.from;
            if l.to != OFF {
                board[l.to as usize] = l.piece;
                occupied |= 1 << l.to;
                changed |= 1 << l.to;
                if l.from == king {
                    king = l.to;
                }
            }
        }
        // A turn that leaves the King and everything that decides his expulsion in place leaves
        // the answer as it was before the turn.
        let unchanged =
            king == self.kings[self.side.index()] && EXPULSION_FIELD[king as usize] & changed == 0;
        let expelled = if unchanged {
            in_check
        } else {
            threatened_off(&board, occupied, king, !self.side)
        };
        if expelled {
            return None;
        }
        // A turn moves at most two pieces: at most four squares change.
        let mut changes = [NO_CHANGE; 4];
        let mut n = 0;
        let mut rest = changed;
        while rest != 0 {
            let sq = rest.trailing_zeros() as u8;
            changes[n] = change(sq, self.board[sq as usize], board[sq as usize]);
            n += 1;
            rest &= rest - 1;
        }
        let effect = Effect::from_changes(&changes[..n]);
        if forbidden == Some(&effect) {
            return None;
        }
        Some(Move { effect, castling })
    }

    /// The castling rights a turn with this effect leaves, unless the turn says otherwise.
    fn implied_castling(&self, effect: &Effect) -> u8 {
        let mut rights = self.castling;
        for c in effect.changes() {
            if change_before(c) != EMPTY {
                rights &= !rights_lost_leaving(change_square(c), change_before(c));
            }
        }
        rights
    }

    fn forbidden_effect(&self) -> Option<Effect> {
        (!self.last.is_empty()).then(|| self.last.inverse())
    }

    fn validate(&self) -> Result<(), PositionError> {
        let field = "piece placement";
        for color in Color::ALL {
            let count = self
                .board
                .iter()
                .filter(|&&p| p == make(color, KING))
                .count();
            if count != 1 {
                return Err(PositionError::new(
                    field,
                    format!("{color} must have exactly one king, found {count}"),
                ));
            }
        }
        for (sq, &p) in self.board.iter().enumerate() {
            if kind(p) == PAWN && p != EMPTY && rank(sq as u8) == promotion_rank(color_of(p)) {
                return Err(PositionError::new(
                    field,
                    format!("pawn on its last rank at {}", square_name(sq as u8)),
                ));
            }
        }
        Ok(())
    }
}

impl Game for Dynamo {
    type Move = Move;
    type MoveList = Vec<Move>;

    const TURNS_CAN_COINCIDE: bool = true;

    fn variants() -> &'static [&'static str] {
        &["dynamo"]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        Self::from_position_string(variant, START)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        if variant != "dynamo" {
            return Err(PositionError::new(
                "variant",
                format!("'{variant}' is not dynamo"),
            ));
        }
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::write_position(self)
    }

    fn variant(&self) -> &'static str {
        "dynamo"
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        let forbidden = self.forbidden_effect();
        let in_check = self.in_check();
        let mut unique = EffectSet::new();
        self.candidates(&mut |_, legs| {
            if let Some(mv) = self.judge(legs, forbidden.as_ref(), in_check) {
                unique.push(out, mv);
            }
        });
        unique.finish(out);
    }

    fn play(&self, mv: &Move) -> Self {
        let mut next = self.clone();
        let mut pawn_or_exit = false;
        let mut pieces_before = 0;
        let mut pieces_after = 0;
        for c in self.last.changes() {
            next.key ^= last_change_key(c);
        }
        for c in mv.effect.changes() {
            let sq = change_square(c);
            let (before, after) = (change_before(c), change_after(c));
            if before != EMPTY {
                next.key ^= piece_key(before, sq);
                pieces_before += 1;
            }
            if after != EMPTY {
                next.key ^= piece_key(after, sq);
                pieces_after += 1;
                if kind(after) == KING {
                    next.kings[color_of(after).index()] = sq;
                }
            }
            pawn_or_exit |= kind(before) == PAWN && before != EMPTY;
            pawn_or_exit |= kind(after) == PAWN && after != EMPTY;
            next.board[sq as usize] = after;
            next.occupied = next.occupied & !(1 << sq) | ((after != EMPTY) as u64) << sq;
            next.key ^= last_change_key(c);
        }
        pawn_or_exit |= pieces_after < pieces_before;
        next.key ^= castling_key(self.castling) ^ castling_key(mv.castling);
        next.castling = mv.castling;
        next.halfmove = if pawn_or_exit { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            next.fullmove += 1;
        }
        next.side = !self.side;
        next.key ^= side_key();
        next.last = mv.effect;
        next
    }

    fn in_check(&self) -> bool {
        threatened_off(
            &self.board,
            self.occupied,
            self.kings[self.side.index()],
            !self.side,
        )
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        // A piece leaving the board or a pawn promoting: the only material changes.
        let pieces: i32 = mv
            .effect
            .changes()
            .map(|c| (change_after(c) != EMPTY) as i32 - (change_before(c) != EMPTY) as i32)
            .sum();
        pieces < 0 || pawns(mv) < 0
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(self, mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::human(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn cecp_setup(&self) -> Option<String> {
        // XBoard's piece table has 22 slots a colour: P N B R Q first, the King last. The
        // King's `O2` lets XBoard play castling as we write it, the King's move and the Rook's
        // (`e1g1,h1f1`): a plain `e1g1` is the Rook pulling the King.
        let text = self.position_string();
        let mut fields = text.split(' ');
        let mut next = || fields.next().unwrap_or("-");
        let (placement, side, castling) = (next(), next(), next());
        Some(format!(
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
             {placement} {side} {castling} - 0 1\npiece K& KO2"
        ))
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(self, mv)
    }

    fn board_text(&self) -> String {
        let mut out = String::new();
        for r in (0..8u8).rev() {
            out.push_str(&format!(" {} ", r + 1));
            for f in 0..8u8 {
                let p = self.board[(r * 8 + f) as usize];
                out.push(' ');
                out.push(if p == EMPTY { '.' } else { piece_letter(p) });
            }
            out.push('\n');
        }
        out.push_str("    a b c d e f g h\n");
        out.push_str(&format!(
            "{} to move{}; last turn {}\nFen: {}\nKey: {:016X}\n",
            if self.side == Color::White {
                "White"
            } else {
                "Black"
            },
            if self.in_check() { " (in check)" } else { "" },
            notation::effect_text(&self.last),
            self.position_string(),
            self.key
        ));
        out
    }
}

/// Keeps one move per effect while the legal moves are listed: an open-addressing table of
/// indices into the list, with a sort as the fallback for lists too long for it.
struct EffectSet {
    slots: [u16; EffectSet::SLOTS],
    overflow: bool,
}

impl EffectSet {
    const SLOTS: usize = 2048;

    fn new() -> Self {
        EffectSet {
            slots: [0; Self::SLOTS],
            overflow: false,
        }
    }

    fn slot(mv: &Move) -> usize {
        let mut h = mv.castling as u64;
        for c in mv.effect.0 {
            h = (h ^ c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        (h >> 53) as usize
    }

    fn push(&mut self, out: &mut Vec<Move>, mv: Move) {
        if self.overflow || out.len() >= Self::SLOTS / 2 {
            self.overflow = true;
            out.push(mv);
            return;
        }
        let mut i = Self::slot(&mv);
        loop {
            match self.slots[i] {
                0 => {
                    out.push(mv);
                    self.slots[i] = out.len() as u16;
                    return;
                }
                n if out[n as usize - 1] == mv => return,
                _ => i = (i + 1) % Self::SLOTS,
            }
        }
    }

    fn finish(self, out: &mut Vec<Move>) {
        if self.overflow {
            out.sort_unstable();
            out.dedup();
        }
    }
}

/// Pawns gained minus pawns lost by a turn (negative when a pawn promoted or left the board).
fn pawns(mv: &Move) -> i32 {
    mv.effect
        .changes()
        .map(|c| {
            let (b, a) = (change_before(c), change_after(c));
            (a != EMPTY && kind(a) == PAWN) as i32 - (b != EMPTY && kind(b) == PAWN) as i32
        })
        .sum()
}
