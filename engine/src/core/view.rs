//! The board as a picture and a move as the clicks that enter it: what a graphical front end
//! draws and offers, produced by each game next to its text picture (`Game::board_text`).
//!
//! A [`BoardView`] is plain data, so a new game or a new piece needs no drawing code: its grids
//! (one per level), each square's name in the game's notation, the field colours, the pieces
//! (letter, colour, display name, tags), a second thing under a piece (a DAO gate), reserves,
//! markers the state keeps (en-passant fields, Dynamo's last turn, frozen pieces) and notes.
//!
//! A [`MoveInput`] says how a person enters one legal move (or one action, where a game builds
//! turns action by action): the sequence of [`Click`]s, and every square the move changes (the
//! last-move highlight). Moves whose clicks are the same (promotion choices, a castling and a
//! King step to one square) are told apart by their human text.

use std::fmt;

use super::Color;

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The playing surfaces, drawn side by side in this order (Dragonchess: three levels).
    pub grids: Vec<Grid>,
    /// What the game calls its two sides (`["White", "Black"]`, `["Gold", "Scarlet"]`).
    pub side_names: [&'static str; 2],
    /// Pieces in hand that may be dropped (DAO), per colour.
    pub reserves: Vec<Reserve>,
    /// Whether a piece may leave the board by a move of its own ([`Click::OffBoard`]).
    pub exits: bool,
    /// Pieces that left the board in the last turn (Dynamo).
    pub left_board: Vec<PieceView>,
    /// Facts the squares cannot show (DAO's dragon powers, ...), one line each.
    pub notes: Vec<String>,
}

/// One rectangular board (a level of Dragonchess, or the whole board of other games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Shown above the grid where a game has several (`"Sky (3)"`); empty otherwise.
    pub title: String,
    /// File labels, left to right as the first side sees the board.
    pub files: Vec<String>,
    /// Rank labels, from the first side's edge up.
    pub ranks: Vec<String>,
    /// Rank by rank from the first side's edge, each rank left to right:
    /// `squares[rank * files.len() + file]`.
    pub squares: Vec<SquareView>,
}

impl Grid {
    /// A grid whose squares `square(file, rank)` builds, files labelled `a, b, ...` and ranks
    /// `1, 2, ...`.
    pub fn lettered(
        title: impl Into<String>,
        files: usize,
        ranks: usize,
        mut square: impl FnMut(usize, usize) -> SquareView,
    ) -> Grid {
        let mut squares = Vec::with_capacity(files * ranks);
        for rank in 0..ranks {
            for file in 0..files {
                squares.push(square(file, rank));
            }
        }
        Grid {
            title: title.into(),
            files: (0..files).map(file_letter).collect(),
            ranks: (1..=ranks).map(|r| r.to_string()).collect(),
            squares,
        }
    }

    pub fn square(&self, file: usize, rank: usize) -> &SquareView {
        &self.squares[rank * self.files.len() + file]
    }
}

/// `a` for file 0, up to `z` for file 25.
pub fn file_letter(file: usize) -> String {
    char::from(b'a' + file as u8).to_string()
}

/// The field colour of the usual chequer: a1 dark, and so every square whose file and rank
/// indices have an even sum.
pub fn chequered_dark(file: usize, rank: usize) -> bool {
    (file + rank).is_multiple_of(2)
}

/// One square: its name (also its [`Click`]), colour and what stands on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    pub name: String,
    pub dark: bool,
    pub piece: Option<PieceView>,
    /// A second thing on the square, under the piece (a DAO gate), or alone.
    pub under: Option<PieceView>,
    pub markers: Vec<Marker>,
}

impl SquareView {
    pub fn new(name: impl Into<String>, dark: bool, piece: Option<PieceView>) -> SquareView {
        SquareView {
            name: name.into(),
            dark,
            piece,
            under: None,
            markers: Vec::new(),
        }
    }
}

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its letter in the game's position strings, uppercase.
    pub letter: char,
    pub color: Color,
    /// The piece's name in the game's rules ("Pegasus", "Dragon King"); front ends pick its
    /// image by this name.
    pub name: &'static str,
    /// How the game's human notation writes the piece (`Dr` for the Dragonchess Dragon, whose
    /// letter is `R`): drawn where the piece has no image of its own.
    pub abbreviation: String,
    pub tags: Vec<PieceTag>,
}

impl PieceView {
    pub fn new(letter: char, color: Color, name: &'static str) -> PieceView {
        let letter = letter.to_ascii_uppercase();
        PieceView {
            letter,
            color,
            name,
            abbreviation: letter.to_string(),
            tags: Vec::new(),
        }
    }

    /// The same piece written otherwise in the human notation.
    pub fn abbreviated(mut self, abbreviation: &str) -> PieceView {
        self.abbreviation = abbreviation.to_string();
        self
    }

    pub fn tagged(mut self, tag: Option<PieceTag>) -> PieceView {
        self.tags.extend(tag);
        self
    }
}

/// A right or duty a piece carries in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceTag {
    /// An initial Pawn that may still rush (Croatian `|`).
    MayRush,
    /// A King or Rook that may still castle.
    MayCastle,
    /// A Pawn tagged for delayed promotion (Croatian `=`).
    Promotion,
}

impl PieceTag {
    pub fn label(self) -> &'static str {
        match self {
            PieceTag::MayRush => "may rush",
            PieceTag::MayCastle => "may castle",
            PieceTag::Promotion => "tagged for promotion",
        }
    }
}

/// Something the state records about a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// A field where the Pawn that rushed (or double-stepped) last may be captured en passant.
    EnPassant,
    /// The piece that may be captured en passant.
    EnPassantVictim,
    /// A square the last turn changed, as the state keeps it (Dynamo's no-undo rule).
    LastTurn,
    /// The piece cannot move (a Dragonchess piece above an enemy Basilisk).
    Frozen,
}

impl Marker {
    pub fn label(self) -> &'static str {
        match self {
            Marker::EnPassant => "en-passant field",
            Marker::EnPassantVictim => "may be taken en passant",
            Marker::LastTurn => "changed by the last turn",
            Marker::Frozen => "frozen",
        }
    }
}

/// The pieces one side holds in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reserve {
    pub color: Color,
    /// Each kind with its count (kinds with none left are listed with 0).
    pub pieces: Vec<(PieceView, u32)>,
}

/// One click of a person entering a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Click {
    /// A square, by the name its [`SquareView`] carries.
    Square(String),
    /// The piece of this letter in the reserve of the side to move (a drop).
    Reserve(char),
    /// Beyond the edge of the board (a piece leaving it).
    OffBoard,
}

impl Click {
    /// A click on the square called `name`.
    pub fn square(name: impl Into<String>) -> Click {
        Click::Square(name.into())
    }
}

/// The text form front ends exchange: the square's name, `@` and the reserve letter, or `off`.
impl fmt::Display for Click {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Click::Square(name) => f.write_str(name),
            Click::Reserve(letter) => write!(f, "@{letter}"),
            Click::OffBoard => f.write_str("off"),
        }
    }
}

/// The clicks in their text form, for front ends and tests.
pub fn click_texts(clicks: &[Click]) -> Vec<String> {
    clicks.iter().map(Click::to_string).collect()
}

/// How one legal move is entered and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInput {
    pub clicks: Vec<Click>,
    /// Every square the move changes, by name: each square of a cascade, both pieces of a
    /// castling, a captured piece that stood elsewhere.
    pub touched: Vec<String>,
}

impl MoveInput {
    /// The move entered by clicking `squares` in order, changing those squares and `more`.
    pub fn through(
        squares: impl IntoIterator<Item = String>,
        more: impl IntoIterator<Item = String>,
    ) -> MoveInput {
        let clicks: Vec<Click> = squares.into_iter().map(Click::Square).collect();
        let mut touched: Vec<String> = clicks
            .iter()
            .filter_map(|click| match click {
                Click::Square(name) => Some(name.clone()),
                _ => None,
            })
            .collect();
        touched.extend(more);
        let mut seen = std::collections::HashSet::new();
        touched.retain(|name| seen.insert(name.clone()));
        MoveInput { clicks, touched }
    }
}

/// The clicks and touched squares of the legal move `text` (tests of each game's view).
#[cfg(test)]
pub(crate) fn entered<G: super::Game>(pos: &G, text: &str) -> (Vec<String>, Vec<String>) {
    let input = pos.move_input(&pos.parse_move(text).expect("a legal move"));
    (click_texts(&input.clicks), input.touched)
}
