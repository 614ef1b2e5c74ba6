//! The evaluations the tuner fits, behind one trait: chess's, and those without phases
//! (`Phaseless`): the Croatian family's (the variants whose every turn is one ply; each plays
//! with its own weight set or the hand set), DAO's, Dynamo's, Makromachy's and Dragonchess's.

use tiamat_engine::games::chess::Chess;
use tiamat_engine::games::croatian::Croatian;
use tiamat_engine::games::dao::Dao;
use tiamat_engine::games::dragonchess::Dragonchess;
use tiamat_engine::games::dynamo::Dynamo;
use tiamat_engine::games::makromachy::Makromachy;
use tiamat_engine::Game;
use tiamat_eval::chess::{ChessEval, PARAMS, SECTIONS};
use tiamat_eval::{croatian, dao, dragonchess, dynamo, makromachy, Trace};

/// What `datagen`'s reader and the Texel tuner need of a game's evaluation.
pub trait Tuned: Sync {
    type Position;
    /// Reads a position string as `datagen` writes it.
    fn parse(&self, text: &str) -> Option<Self::Position>;
    /// The weights a fit starts from, (middlegame, endgame) per parameter.
    fn start(&self) -> Vec<[f64; 2]>;
    fn trace(&self, pos: &Self::Position) -> Trace;
    /// Fitted weights as the source file they are committed in.
    fn source(&self, weights: &[[f64; 2]]) -> String;
    /// Each section's name, first parameter and length.
    fn sections(&self) -> &[(&'static str, usize, usize)];
}

pub struct ChessTuning;

impl Tuned for ChessTuning {
    type Position = Chess;

    fn parse(&self, text: &str) -> Option<Chess> {
        Chess::from_position_string("chess", text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        PARAMS
            .iter()
            .map(|p| [f64::from(p.0), f64::from(p.1)])
            .collect()
    }

    fn trace(&self, pos: &Chess) -> Trace {
        ChessEval.trace(pos)
    }

    fn sections(&self) -> &[(&'static str, usize, usize)] {
        SECTIONS
    }

    /// As `eval/src/chess/weights.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let mut out = String::from(
            "//! The chess evaluation's weights: (middlegame, endgame) pairs in the order of\n\
             //! `chess::SECTIONS` (piece-square entries from the owner's side, a1 first).\n\
             //! Written by `tiamat-tune texel` (README, Strength): tune them rather than edit them by hand.\n\
             \n\
             use super::Pair;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const PARAMS: [Pair; super::PARAM_COUNT] = [\n",
        );
        for &(name, start, len) in SECTIONS {
            out.push_str(&format!("    // {name}\n"));
            for row in weights[start..start + len].chunks(8) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|w| format!("Pair({}, {}),", w[0].round() as i64, w[1].round() as i64))
                    .collect();
                out.push_str(&format!("    {}\n", cells.join(" ")));
            }
        }
        out.push_str("];\n");
        out
    }
}

/// An evaluation without phases (one value a parameter, the tuner's middlegame column), fitted
/// from its hand set so that a committed set is reproduced from the same data: a Croatian
/// variant whose every turn is one ply, DAO, Dynamo, Makromachy or Dragonchess. Each variant
/// is one constructor below, its description as data.
pub struct Phaseless<G> {
    /// The variant's name, which position strings are read with.
    variant: String,
    hand: &'static [i32],
    trace: fn(&G) -> Trace,
    sections: &'static [(&'static str, usize, usize)],
    /// Weights a line of the committed file.
    per_row: usize,
    /// The file's leading comment, lines ending in a newline.
    doc: String,
    /// The name of the table it defines.
    table: String,
}

impl<G: Game> Tuned for Phaseless<G> {
    type Position = G;

    fn parse(&self, text: &str) -> Option<G> {
        G::from_position_string(&self.variant, text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        self.hand.iter().map(|&w| [f64::from(w); 2]).collect()
    }

    fn trace(&self, pos: &G) -> Trace {
        (self.trace)(pos)
    }

    fn sections(&self) -> &[(&'static str, usize, usize)] {
        self.sections
    }

    /// The doc comment, then each section's weights under its name, `per_row` to a line.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let mut out = format!(
            "{}\n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const {}: Weights = [\n",
            self.doc, self.table
        );
        for &(name, start, len) in self.sections {
            out.push_str(&format!("    // {name}\n"));
            for row in weights[start..start + len].chunks(self.per_row) {
                let cells: Vec<String> = row
                    .iter()
                    .map(|w| format!("{},", w[0].round() as i64))
                    .collect();
                out.push_str(&format!("    {}\n", cells.join(" ")));
            }
        }
        out.push_str("];\n");
        out
    }
}

/// A Croatian variant whose every turn is one ply; its set is `eval/src/croatian/<variant>.rs`.
pub fn croatian(variant: &str) -> Result<Phaseless<Croatian>, String> {
    match Croatian::start_position(variant) {
        Ok(pos) if pos.move_codes() => Ok(Phaseless {
            variant: variant.to_string(),
            hand: &croatian::HAND,
            trace: croatian::trace,
            sections: croatian::SECTIONS,
            per_row: 9,
            doc: format!(
                "//! {variant}'s weights, in the order of `croatian::SECTIONS`: fitted from the hand set by\n\
                 //! `tiamat-tune texel --variant {variant}` (README, Strength); tune them rather than edit them\n\
                 //! by hand.\n"
            ),
            table: variant.to_uppercase(),
        }),
        Ok(_) => Err(format!(
            "{variant}: only chess, dao, dynamo, makromachy, dragonchess and the Croatian variants \
             whose every turn is one ply are tuned"
        )),
        Err(_) => Err(format!("unknown variant '{variant}'")),
    }
}

/// Dragons, Archers & Oxen: `eval/src/dao/tuned.rs`.
pub fn dao() -> Phaseless<Dao> {
    Phaseless {
        variant: "dao".to_string(),
        hand: &dao::HAND,
        trace: dao::trace,
        sections: dao::SECTIONS,
        per_row: 12,
        doc: "//! DAO's weights, in the order of `dao::SECTIONS`: fitted from the hand set by\n\
              //! `tiamat-tune texel --variant dao` (README, Strength); tune them rather than edit them\n\
              //! by hand.\n"
            .to_string(),
        table: "TUNED".to_string(),
    }
}

/// Dynamo: `eval/src/dynamo/tuned.rs`.
pub fn dynamo() -> Phaseless<Dynamo> {
    Phaseless {
        variant: "dynamo".to_string(),
        hand: &dynamo::HAND,
        trace: dynamo::trace,
        sections: dynamo::SECTIONS,
        per_row: 8,
        doc: "//! Dynamo's weights, in the order of `dynamo::SECTIONS`: fitted from the hand set by\n\
              //! `tiamat-tune texel --variant dynamo` (README, Strength); tune them rather than edit\n\
              //! them by hand.\n"
            .to_string(),
        table: "TUNED".to_string(),
    }
}

/// Makromachy: `eval/src/makromachy/tuned.rs`.
pub fn makromachy() -> Phaseless<Makromachy> {
    Phaseless {
        variant: "makromachy".to_string(),
        hand: &makromachy::HAND,
        trace: makromachy::trace,
        sections: makromachy::SECTIONS,
        per_row: 12,
        doc: "//! Makromachy's weights, in the order of `makromachy::SECTIONS`: fitted from the hand set\n\
              //! by `tiamat-tune texel --variant makromachy` (README, Strength); tune them rather than\n\
              //! edit them by hand.\n"
            .to_string(),
        table: "TUNED".to_string(),
    }
}

/// Dragonchess: `eval/src/dragonchess/tuned.rs`.
pub fn dragonchess() -> Phaseless<Dragonchess> {
    Phaseless {
        variant: "dragonchess".to_string(),
        hand: &dragonchess::HAND,
        trace: dragonchess::trace,
        sections: dragonchess::SECTIONS,
        per_row: 15,
        doc: "//! Dragonchess's weights, in the order of `dragonchess::SECTIONS`: fitted from the hand\n\
              //! set by `tiamat-tune texel --variant dragonchess` (README, Strength); tune them rather\n\
              //! than edit them by hand.\n"
            .to_string(),
        table: "TUNED".to_string(),
    }
}
