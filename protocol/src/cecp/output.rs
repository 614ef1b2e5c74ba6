//! What the CECP front end writes: the feature list, thinking lines, move refusals.

use tiamat_engine::search::{IterationInfo, PlayStyle, Score};
use tiamat_engine::MoveError;

use super::command::DEBUG_LOG_FILE;
use super::xboard_moves::{xboard_variant_name, Coords};
use crate::registry::variant_names;
use crate::session::PLAY_STYLE;

/// The answer to `protover`.
pub fn features() -> String {
    let variants: Vec<&str> = variant_names()
        .into_iter()
        .map(xboard_variant_name)
        .collect();
    format!(
        "feature done=0\n\
         feature myname=\"Tiamat {}\"\n\
         feature variants=\"{}\"\n\
         feature setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 san=0 analyze=1\n\
         feature memory=1 smp=1 colors=0 sigint=0 reuse=1 ics=0 name=0 pause=0 \
         nps=0 debug=0 exclude=0 setscore=0\n\
         feature option=\"{PLAY_STYLE} -combo {}\"\n\
         feature option=\"{DEBUG_LOG_FILE} -file \"\n\
         feature done=1",
        env!("CARGO_PKG_VERSION"),
        variants.join(","),
        play_style_choices()
    )
}

/// The `-combo` choices of the play-style option, the default starred.
fn play_style_choices() -> String {
    PlayStyle::NAMES
        .iter()
        .map(|name| {
            if *name == PlayStyle::Search.name() {
                format!("*{name}")
            } else {
                name.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" /// ")
}

/// `ply score time nodes pv`, time in centiseconds, mates as XBoard's 100000 + moves.
pub fn thinking_line(info: &IterationInfo<String>, coords: &Coords) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(moves) if moves > 0 => 100_000 + moves,
        Score::Mate(moves) => -100_000 + moves,
    };
    let pv: Vec<String> = info.pv.iter().map(|mv| coords.wire_to_xboard(mv)).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// XBoard's refusal of a move, with the reason in the parentheses it allows.
pub fn illegal_move_line(text: &str, error: &MoveError) -> String {
    let reason = match error {
        MoveError::Unparsable { reason, .. } | MoveError::Illegal { reason, .. } => reason.as_str(),
        MoveError::Ambiguous { .. } => "ambiguous",
    };
    format!("Illegal move ({}): {text}", reason.replace(['(', ')'], ""))
}

/// `Error (kind): command`, for errors found while acting on a command that read well.
pub fn error_line(kind: &str, command: &str) -> String {
    format!("Error ({kind}): {command}")
}
