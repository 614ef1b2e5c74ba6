//! The evaluations the tuner fits, behind one trait: chess's, the Croatian family's (the
//! variants whose every turn is one ply; each plays with its own weight set or the hand set),
//! DAO's, Dynamo's, Makromachy's and Dragonchess's.

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

/// A Croatian variant whose every turn is one ply. Its fit starts from the hand set, so that a
/// variant's tuned set is reproduced from the same data.
pub struct CroatianTuning {
    variant: String,
}

impl CroatianTuning {
    pub fn new(variant: &str) -> Result<Self, String> {
        match Croatian::start_position(variant) {
            Ok(pos) if pos.move_codes() => Ok(CroatianTuning {
                variant: variant.to_string(),
            }),
            Ok(_) => Err(format!(
                "{variant}: only chess, dao, dynamo, makromachy, dragonchess and the Croatian variants \
                 whose every turn is one ply are tuned"
            )),
            Err(_) => Err(format!("unknown variant '{variant}'")),
        }
    }
}

impl Tuned for CroatianTuning {
    type Position = Croatian;

    fn parse(&self, text: &str) -> Option<Croatian> {
        Croatian::from_position_string(&self.variant, text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        croatian::HAND.iter().map(|&w| [f64::from(w); 2]).collect()
    }

    fn trace(&self, pos: &Croatian) -> Trace {
        croatian::trace(pos)
    }

    /// As `eval/src/croatian/<variant>.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let header = format!(
            "//! {0}'s weights, in the order of `croatian::SECTIONS`: fitted from the hand set by\n\
             //! `tiamat-tune texel --variant {0}` (README, Strength); tune them rather than edit them\n\
             //! by hand.\n\
             \n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const {1}: Weights = [\n",
            self.variant,
            self.variant.to_uppercase()
        );
        phaseless_source(header, croatian::SECTIONS, 9, weights)
    }
}

/// Dragons, Archers & Oxen. Its fit starts from the hand set, like a Croatian variant's.
pub struct DaoTuning;

impl Tuned for DaoTuning {
    type Position = Dao;

    fn parse(&self, text: &str) -> Option<Dao> {
        Dao::from_position_string("dao", text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        dao::HAND.iter().map(|&w| [f64::from(w); 2]).collect()
    }

    fn trace(&self, pos: &Dao) -> Trace {
        dao::trace(pos)
    }

    /// As `eval/src/dao/tuned.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let header = String::from(
            "//! DAO's weights, in the order of `dao::SECTIONS`: fitted from the hand set by\n\
             //! `tiamat-tune texel --variant dao` (README, Strength); tune them rather than edit them\n\
             //! by hand.\n\
             \n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const TUNED: Weights = [\n",
        );
        phaseless_source(header, dao::SECTIONS, 12, weights)
    }
}

/// Dynamo. Its fit starts from the hand set, like DAO's.
pub struct DynamoTuning;

impl Tuned for DynamoTuning {
    type Position = Dynamo;

    fn parse(&self, text: &str) -> Option<Dynamo> {
        Dynamo::from_position_string("dynamo", text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        dynamo::HAND.iter().map(|&w| [f64::from(w); 2]).collect()
    }

    fn trace(&self, pos: &Dynamo) -> Trace {
        dynamo::trace(pos)
    }

    /// As `eval/src/dynamo/tuned.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let header = String::from(
            "//! Dynamo's weights, in the order of `dynamo::SECTIONS`: fitted from the hand set by\n\
             //! `tiamat-tune texel --variant dynamo` (README, Strength); tune them rather than edit\n\
             //! them by hand.\n\
             \n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const TUNED: Weights = [\n",
        );
        phaseless_source(header, dynamo::SECTIONS, 8, weights)
    }
}

/// Makromachy. Its fit starts from the hand set, like DAO's.
pub struct MakromachyTuning;

impl Tuned for MakromachyTuning {
    type Position = Makromachy;

    fn parse(&self, text: &str) -> Option<Makromachy> {
        Makromachy::from_position_string("makromachy", text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        makromachy::HAND
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect()
    }

    fn trace(&self, pos: &Makromachy) -> Trace {
        makromachy::trace(pos)
    }

    /// As `eval/src/makromachy/tuned.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let header = String::from(
            "//! Makromachy's weights, in the order of `makromachy::SECTIONS`: fitted from the hand set\n\
             //! by `tiamat-tune texel --variant makromachy` (README, Strength); tune them rather than\n\
             //! edit them by hand.\n\
             \n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const TUNED: Weights = [\n",
        );
        phaseless_source(header, makromachy::SECTIONS, 12, weights)
    }
}

/// Dragonchess. Its fit starts from the hand set, like DAO's.
pub struct DragonchessTuning;

impl Tuned for DragonchessTuning {
    type Position = Dragonchess;

    fn parse(&self, text: &str) -> Option<Dragonchess> {
        Dragonchess::from_position_string("dragonchess", text).ok()
    }

    fn start(&self) -> Vec<[f64; 2]> {
        dragonchess::HAND
            .iter()
            .map(|&w| [f64::from(w); 2])
            .collect()
    }

    fn trace(&self, pos: &Dragonchess) -> Trace {
        dragonchess::trace(pos)
    }

    /// As `eval/src/dragonchess/tuned.rs`.
    fn source(&self, weights: &[[f64; 2]]) -> String {
        let header = String::from(
            "//! Dragonchess's weights, in the order of `dragonchess::SECTIONS`: fitted from the hand\n\
             //! set by `tiamat-tune texel --variant dragonchess` (README, Strength); tune them rather\n\
             //! than edit them by hand.\n\
             \n\
             use super::Weights;\n\
             \n\
             #[rustfmt::skip]\n\
             pub const TUNED: Weights = [\n",
        );
        phaseless_source(header, dragonchess::SECTIONS, 15, weights)
    }
}

/// A weight file of an evaluation without phases (the middlegame column): `header`, then each
/// section's weights under its name, `per_row` to a line, and the table's close.
fn phaseless_source(
    mut out: String,
    sections: &[(&str, usize, usize)],
    per_row: usize,
    weights: &[[f64; 2]],
) -> String {
    for &(name, start, len) in sections {
        out.push_str(&format!("    // {name}\n"));
        for row in weights[start..start + len].chunks(per_row) {
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
