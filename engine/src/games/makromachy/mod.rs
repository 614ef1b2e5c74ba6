//! Makromachy (H. G. Muller, 2022) on a 14x14 padded mailbox.
//!
//! Rules: `shared/seeds/makromachy.txt` and the rulings of `shared/rules/makromachy.md`.
//! A `Move` is a complete turn; hit-and-run carries its captured square in `aux`.
//! Notation choices (details in the `notation` module):
//! - wire: `from to [promotion letter]`; hit-and-run `from captured to` (`g2h3h4`); fast
//!   castling `king-from king-to corner` (`i1b1a1`), because a castling onto the square next to
//!   the King and the King's plain step there are different moves; en passant is a plain
//!   `from to`. `parse_move` also accepts XBoard's comma legs (`g2h3,h3h4`), a castling
//!   written `i1b1` where that names one move, and XBoard's castling legs (`i1b1,a1i1`, its
//!   relay `i1b1,a1c1`, its own two-leg entry `i1a1,a1b1`).
//! - XBoard (`Game::cecp_setup`, `Game::xboard_legs`): the setup line leaves castling and en
//!   passant out (`-`), the King's piece line castles beside it (`KO1`), so that castling goes
//!   as `i1h1,a1i1`; XBoard 4.9.1 cannot show a castling further from the King (it puts the
//!   corner beside the King). En passant goes as legs through the victim (`b4c4,c4c5`): XBoard's
//!   own rule takes only its Pawn's double step.
//! - promotion letters: the position-string letters in lowercase (`q r b n e c v i j z m a g u
//!   d h`).

mod attacks;
pub mod board;
mod movegen;
mod notation;
#[cfg(test)]
mod tests;
mod view;

use crate::core::view::{BoardView, MoveInput};
use crate::core::zobrist::KeyGenerator;
use crate::core::{repetitions, Color, Game, MoveError, PositionError};
pub use attacks::{attacked, blocks_flight};
use board::*;
pub use movegen::piece_mobility;

/// How a move differs from a plain "piece goes from `from` to `to`, taking what is there".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A Pawn's or Warrior's 2- or 3-square push that leaves en-passant targets behind.
    Push,
    /// Captures the Pawn/Warrior on `aux`.
    EnPassant,
    /// A Terror captures on `aux`, then steps on to `to`.
    HitAndRun,
    /// The King goes to `to`; the Dragon King from corner `aux` to the King's square.
    Castle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    pub aux: u16,
    /// Piece type promoted to, 0 for none.
    pub promo: u8,
    pub kind: MoveKind,
}

impl Move {
    #[inline]
    pub fn new(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            aux: 0,
            promo: 0,
            kind: MoveKind::Normal,
        }
    }
}

/// A full Makromachy position.
#[derive(Clone, PartialEq, Eq)]
pub struct Makromachy {
    board: [u8; CELLS],
    side: Color,
    /// `CASTLE_*` bits.
    castling: u8,
    /// The Pawn/Warrior that may be taken en passant (0 = none) and the squares it passed.
    ep_victim: u16,
    ep_targets: [u16; 2],
    king: [u16; 2],
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

impl std::fmt::Debug for Makromachy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&notation::write_position(self))
    }
}

struct Keys {
    pieces: [[u64; FILES * RANKS]; 64],
    black_to_move: u64,
    castling: [u64; 16],
    ep_victim: [u64; FILES * RANKS],
    ep_target: [u64; FILES * RANKS],
}

static KEYS: Keys = {
    let mut g = KeyGenerator::new(0x4d41_4b52_4f4d_4143);
    let mut pieces = [[0u64; FILES * RANKS]; 64];
    let mut code = 0;
    while code < 64 {
        pieces[code] = g.table();
        code += 1;
    }
    let black_to_move = g.next();
    let mut castling = g.table::<16>();
    castling[0] = 0;
    Keys {
        pieces,
        black_to_move,
        castling,
        ep_victim: g.table(),
        ep_target: g.table(),
    }
};

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

impl Makromachy {
    /// The piece code on a square (`EMPTY` or a piece; see [`board`]).
    pub fn piece_at(&self, sq: u16) -> u8 {
        self.board[sq as usize]
    }

    /// The whole mailbox, sentinels included.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.board
    }

    pub fn king_square(&self, color: Color) -> u16 {
        self.king[color.index()]
    }

    fn compute_key(&self) -> u64 {
        let mut key = 0;
        for rank in 0..RANKS {
            for file in 0..FILES {
                let sq = square(file, rank);
                let code = self.board[sq as usize];
                if is_piece(code) {
                    key ^= KEYS.pieces[code as usize][dense(sq)];
                }
            }
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key ^ KEYS.castling[self.castling as usize] ^ self.ep_key()
    }

    fn ep_key(&self) -> u64 {
        if self.ep_victim == 0 {
            return 0;
        }
        let mut k = KEYS.ep_victim[dense(self.ep_victim)];
        for &t in &self.ep_targets {
            if t != 0 {
                k ^= KEYS.ep_target[dense(t)];
            }
        }
        k
    }

    #[inline]
    fn put(&mut self, sq: u16, code: u8) {
        let old = self.board[sq as usize];
        if is_piece(old) {
            self.key ^= KEYS.pieces[old as usize][dense(sq)];
        }
        if is_piece(code) {
            self.key ^= KEYS.pieces[code as usize][dense(sq)];
        }
        self.board[sq as usize] = code;
    }

    /// Pseudo-legal moves filtered to legal ones.
    fn generate(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let in_check = self.in_check();
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            if self.is_legal(&mv, in_check) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Does the side to move give check with `mv`?
    pub fn gives_check(&self, mv: &Move) -> bool {
        let after = self.play(mv);
        after.in_check()
    }
}

impl Game for Makromachy {
    type Move = Move;
    type MoveList = Vec<Move>;

    fn variants() -> &'static [&'static str] {
        &["makromachy"]
    }

    fn start_position(variant: &str) -> Result<Self, PositionError> {
        Self::from_position_string(variant, START)
    }

    fn from_position_string(variant: &str, text: &str) -> Result<Self, PositionError> {
        if variant != "makromachy" {
            return Err(PositionError::new(
                "variant",
                format!("'{variant}' is not makromachy"),
            ));
        }
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::write_position(self)
    }

    fn variant(&self) -> &'static str {
        "makromachy"
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn play(&self, mv: &Move) -> Self {
        let mut next = self.clone();
        let us = self.side;
        let code = self.board[mv.from as usize];
        let kind = kind_of(code);
        let captured = match mv.kind {
            MoveKind::EnPassant | MoveKind::HitAndRun => self.board[mv.aux as usize],
            MoveKind::Castle => EMPTY,
            _ => self.board[mv.to as usize],
        };
        match mv.kind {
            MoveKind::Castle => {
                let dk = self.board[mv.aux as usize];
                next.put(mv.aux, EMPTY);
                next.put(mv.to, code);
                next.put(mv.from, dk);
            }
            MoveKind::EnPassant | MoveKind::HitAndRun => {
                next.put(mv.aux, EMPTY);
                next.put(mv.from, EMPTY);
                next.put(mv.to, code);
            }
            _ => {
                next.put(mv.from, EMPTY);
                let arriving = if mv.promo != 0 {
                    piece(us, mv.promo)
                } else {
                    code
                };
                next.put(mv.to, arriving);
            }
        }
        if kind == KING {
            next.king[us.index()] = mv.to;
        }
        next.key ^= KEYS.castling[self.castling as usize] ^ self.ep_key();
        next.castling &= castle_keep(mv.from) & castle_keep(mv.to);
        if mv.kind == MoveKind::HitAndRun {
            next.castling &= castle_keep(mv.aux);
        }
        next.ep_victim = 0;
        next.ep_targets = [0, 0];
        if mv.kind == MoveKind::Push {
            let fwd = forward(us);
            next.ep_victim = mv.to;
            let first = (mv.from as i16 + fwd) as u16;
            let second = (mv.from as i16 + 2 * fwd) as u16;
            // Ascending square order, as the position string writes them (ruling 12).
            next.ep_targets = if second == mv.to {
                [first, 0]
            } else {
                [first.min(second), first.max(second)]
            };
        }
        next.key ^= KEYS.castling[next.castling as usize] ^ next.ep_key();
        next.halfmove = if matches!(kind, PAWN | WARRIOR) || is_piece(captured) {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = !us;
        next.key ^= KEYS.black_to_move;
        next
    }

    /// Passing: the other side to move, no en-passant right, the key updated to match.
    fn null_move(&self) -> Option<Self> {
        let mut next = self.clone();
        next.key ^= self.ep_key() ^ KEYS.black_to_move;
        next.ep_victim = 0;
        next.ep_targets = [0, 0];
        next.side = !self.side;
        next.halfmove += 1;
        Some(next)
    }

    fn in_check(&self) -> bool {
        attacked(&self.board, self.king[self.side.index()], !self.side)
    }

    fn is_tactical(&self, mv: &Move) -> bool {
        mv.promo != 0
            || matches!(mv.kind, MoveKind::EnPassant | MoveKind::HitAndRun)
            || (mv.kind == MoveKind::Normal && is_piece(self.board[mv.to as usize]))
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Ruling 2: an Eagle move that gives check and repeats an earlier position is illegal.
    fn forbidden_by_history(&self, mv: &Move, history: &[u64]) -> bool {
        if kind_of(self.board[mv.from as usize]) != EAGLE {
            return false;
        }
        let after = self.play(mv);
        if !after.in_check() {
            return false;
        }
        let window = after.halfmove_clock();
        repetitions(after.key(), window, history) > 0
    }

    fn move_to_wire(&self, mv: &Move) -> String {
        notation::wire(mv)
    }

    fn move_to_human(&self, mv: &Move) -> String {
        notation::human(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn board_text(&self) -> String {
        notation::board_text(self)
    }

    fn xboard_legs(&self, mv: &Move) -> Option<String> {
        notation::xboard_legs(mv)
    }

    fn cecp_setup(&self) -> Option<String> {
        Some(notation::cecp_setup(self))
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn move_input(&self, mv: &Move) -> MoveInput {
        view::move_input(mv)
    }
}
