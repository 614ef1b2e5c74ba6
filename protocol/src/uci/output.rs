//! What the UCI front end writes: the identification and option list, search reports,
//! `bestmove`, perft and board displays.

use tiamat_engine::search::{Bound, Options, PlayStyle, Score};
use vampirc_uci::{UciMessage, UciOptionConfig};

use super::command::{MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV};
use crate::logging::DEBUG_LOG_FILE;
use crate::registry::variant_names;
use crate::session::{
    SearchEvent, SearchResult, MAX_HASH_MB, MAX_THREADS, PLAY_STYLE, SEARCH_PARAMS, USE_NNUE,
};

pub const DEFAULT_VARIANT: &str = "chess";

/// The answer to `uci`, one message per write: the `id` lines, each option, `uciok`.
pub fn identification() -> Vec<String> {
    let mut lines = vec![format!(
        "{}\n{}",
        UciMessage::id_name(&format!("Tiamat {}", env!("CARGO_PKG_VERSION"))),
        UciMessage::id_author("the Tiamat developers")
    )];
    let defaults = Options::default();
    let spin = |name: &str, default: usize, min: usize, max: usize| UciOptionConfig::Spin {
        name: name.to_string(),
        default: Some(default as i64),
        min: Some(min as i64),
        max: Some(max as i64),
    };
    let options = [
        spin("Hash", defaults.hash_mb, 1, MAX_HASH_MB),
        spin("Threads", defaults.threads, 1, MAX_THREADS),
        spin("MultiPV", defaults.multipv, 1, MAX_MULTIPV),
        UciOptionConfig::Check {
            name: "Ponder".into(),
            default: Some(false),
        },
        spin(
            "Move Overhead",
            defaults.move_overhead.as_millis() as usize,
            0,
            MAX_MOVE_OVERHEAD_MS as usize,
        ),
        UciOptionConfig::Button {
            name: "Clear Hash".into(),
        },
        UciOptionConfig::Combo {
            name: PLAY_STYLE.into(),
            default: Some(PlayStyle::Search.name().into()),
            var: PlayStyle::NAMES.iter().map(|s| s.to_string()).collect(),
        },
        UciOptionConfig::Check {
            name: USE_NNUE.into(),
            default: Some(defaults.use_network),
        },
        UciOptionConfig::String {
            name: SEARCH_PARAMS.into(),
            default: Some("<empty>".into()),
        },
        UciOptionConfig::Combo {
            name: "UCI_Variant".into(),
            default: Some(DEFAULT_VARIANT.into()),
            var: variant_names().into_iter().map(String::from).collect(),
        },
        UciOptionConfig::String {
            name: DEBUG_LOG_FILE.into(),
            default: Some("<empty>".into()),
        },
    ];
    lines.extend(
        options
            .into_iter()
            .map(|option| UciMessage::Option(option).to_string()),
    );
    lines.push("uciok".to_string());
    lines
}

pub fn bestmove_line(result: &SearchResult) -> String {
    match (&result.best, &result.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

pub fn event_line(event: &SearchEvent) -> String {
    match event {
        SearchEvent::Iteration(info) => {
            let score = match info.score {
                Score::Cp(cp) => format!("cp {cp}"),
                Score::Mate(moves) => format!("mate {moves}"),
            };
            let bound = match info.bound {
                Bound::Exact => "",
                Bound::Lower => " lowerbound",
                Bound::Upper => " upperbound",
            };
            let mut line = format!(
                "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {}",
                info.depth,
                info.seldepth,
                info.multipv,
                info.nodes,
                info.nps,
                info.hashfull,
                info.time.as_millis()
            );
            if !info.pv.is_empty() {
                line.push_str(" pv ");
                line.push_str(&info.pv.join(" "));
            }
            line
        }
        SearchEvent::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {mv} currmovenumber {number}")
        }
    }
}

/// `go perft`: Stockfish's divide, each root move with its count, then the total.
pub fn perft_text(divide: &[(String, u64)]) -> String {
    let mut text = String::new();
    for (mv, count) in divide {
        text.push_str(&format!("{mv}: {count}\n"));
    }
    let total: u64 = divide.iter().map(|(_, count)| count).sum();
    text.push_str(&format!("\nNodes searched: {total}\n"));
    text
}

/// `d`: the board, then the position string and key unless the board text shows them already,
/// then the variant as the last line.
pub fn display_text(board: &str, position: &str, key: u64, variant: &str) -> String {
    let mut text = board.trim_end().to_string();
    if !board.lines().any(|line| line.starts_with("Fen: ")) {
        text.push_str(&format!("\nFen: {position}"));
    }
    if !board.lines().any(|line| line.starts_with("Key: ")) {
        text.push_str(&format!("\nKey: {key:016X}"));
    }
    text.push_str(&format!("\nVariant: {variant}"));
    text
}
