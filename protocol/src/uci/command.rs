//! UCI commands: what a line from the interface asks for, read without touching any state.
//!
//! Our own tokenizer, not vampirc-uci's parser: position strings and move texts of every
//! registered game pass through `Game::from_position_string` and `Game::parse_move` later, never
//! through a reader that only knows a1-h8.

use std::fmt;
use std::time::Duration;

use tiamat_engine::search::{ParamOverrides, PlayStyle};
use tiamat_engine::Color;

use crate::logging::DEBUG_LOG_FILE;
use crate::session::{GoParams, MAX_HASH_MB, MAX_THREADS, PLAY_STYLE, SEARCH_PARAMS, USE_NNUE};

pub const MAX_MULTIPV: usize = 256;
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;
/// `bench` without a depth.
pub const DEFAULT_BENCH_DEPTH: u32 = crate::bench::DEFAULT_DEPTH;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// An empty line, `debug` or `register`.
    Ignored,
    Uci,
    IsReady,
    SetOption(EngineOption),
    NewGame,
    /// `position startpos|fen <string> [moves ...]`; `fen: None` is the start position.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go {
        params: GoParams,
        ponder: bool,
    },
    /// `go perft <depth>`.
    Perft(u32),
    Stop,
    PonderHit,
    /// `d`: the board.
    Display,
    /// `bench [depth]`.
    Bench(u32),
    Quit,
}

/// `setoption name <name> [value <value>]`, names case-insensitive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineOption {
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    Ponder(bool),
    MoveOverhead(Duration),
    ClearHash,
    PlayStyle(PlayStyle),
    UseNetwork(bool),
    SearchParams(ParamOverrides),
    Variant(String),
    DebugLogFile(String),
}

/// A line that does not read as a command; the engine answers with `info string` and the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Unknown(String),
    SetOptionSyntax,
    NoSuchOption(String),
    /// A number outside the option's range.
    OptionRange {
        name: String,
        min: u64,
        max: u64,
        value: String,
    },
    OptionBool {
        name: String,
        value: String,
    },
    OptionChoice {
        name: String,
        value: String,
    },
    /// `SearchParams` refused, with why.
    OptionParams(String),
    StartposWithString(String),
    FenMissing,
    PositionSyntax,
    GoNumber {
        keyword: String,
        value: String,
    },
    GoUnexpected(String),
    PerftDepth,
    BenchDepth,
}

impl CommandError {
    /// Whether the command, even refused, ends a running search first (as it would if it read).
    pub fn interrupts_search(&self) -> bool {
        !matches!(self, CommandError::Unknown(_))
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(line) => write!(f, "unknown command: {line}"),
            CommandError::SetOptionSyntax => {
                f.write_str("setoption needs: setoption name <name> [value <value>]")
            }
            CommandError::NoSuchOption(name) => write!(f, "no such option: '{name}'"),
            CommandError::OptionRange {
                name,
                min,
                max,
                value,
            } => write!(
                f,
                "option {name} needs a value from {min} to {max}, got '{value}'"
            ),
            CommandError::OptionBool { name, value } => {
                write!(f, "option {name} needs true or false, got '{value}'")
            }
            CommandError::OptionChoice { name, value } => write!(
                f,
                "option {name} needs one of {}, got '{value}'",
                PlayStyle::NAMES.join(" ")
            ),
            CommandError::OptionParams(why) => {
                write!(f, "option {SEARCH_PARAMS} not changed: {why}")
            }
            CommandError::StartposWithString(extra) => write!(
                f,
                "position startpos takes no position string; unexpected '{extra}'"
            ),
            CommandError::FenMissing => f.write_str("position fen needs a position string"),
            CommandError::PositionSyntax => {
                f.write_str("position needs: position startpos|fen <string> [moves ...]")
            }
            CommandError::GoNumber { keyword, value } => write!(
                f,
                "go {keyword} needs a number, got '{value}'; not searching"
            ),
            CommandError::GoUnexpected(word) => {
                write!(f, "go: unexpected '{word}'; not searching")
            }
            CommandError::PerftDepth => f.write_str("go perft needs one depth of at least 1"),
            CommandError::BenchDepth => f.write_str("bench takes one depth from 1 to 64"),
        }
    }
}

impl std::error::Error for CommandError {}

impl Command {
    /// Whether the command ends a running search (and prints its `bestmove`) before acting.
    pub fn interrupts_search(&self) -> bool {
        matches!(
            self,
            Command::SetOption(_)
                | Command::NewGame
                | Command::Position { .. }
                | Command::Go { .. }
                | Command::Perft(_)
                | Command::Bench(_)
        )
    }
}

/// Reads one line from the interface.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = tokens.split_first() else {
        return Ok(Command::Ignored);
    };
    Ok(match name {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "debug" | "register" => Command::Ignored,
        "setoption" => Command::SetOption(parse_option(args)?),
        "ucinewgame" => Command::NewGame,
        "position" => parse_position(args)?,
        "go" => parse_go(args)?,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "d" => Command::Display,
        "bench" => match args {
            [] => Command::Bench(DEFAULT_BENCH_DEPTH),
            [depth] => match depth.parse::<u32>() {
                Ok(depth) if (1..=64).contains(&depth) => Command::Bench(depth),
                _ => return Err(CommandError::BenchDepth),
            },
            _ => return Err(CommandError::BenchDepth),
        },
        "quit" => Command::Quit,
        _ => return Err(CommandError::Unknown(line.trim().to_string())),
    })
}

fn parse_option(args: &[&str]) -> Result<EngineOption, CommandError> {
    if args.first() != Some(&"name") {
        return Err(CommandError::SetOptionSyntax);
    }
    let value_at = args.iter().position(|&t| t == "value");
    let name = args[1..value_at.unwrap_or(args.len())].join(" ");
    let value = value_at
        .map(|i| args[i + 1..].join(" "))
        .unwrap_or_default();
    let range = |min: u64, max: u64, name: &str| match value.parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(CommandError::OptionRange {
            name: name.to_string(),
            min,
            max,
            value: value.clone(),
        }),
    };
    Ok(match name.to_ascii_lowercase().as_str() {
        "hash" => EngineOption::Hash(range(1, MAX_HASH_MB as u64, &name)? as usize),
        "threads" => EngineOption::Threads(range(1, MAX_THREADS as u64, &name)? as usize),
        "multipv" => EngineOption::MultiPv(range(1, MAX_MULTIPV as u64, &name)? as usize),
        "move overhead" => EngineOption::MoveOverhead(Duration::from_millis(range(
            0,
            MAX_MOVE_OVERHEAD_MS,
            "Move Overhead",
        )?)),
        "ponder" => match value.as_str() {
            "true" => EngineOption::Ponder(true),
            "false" => EngineOption::Ponder(false),
            _ => {
                return Err(CommandError::OptionBool {
                    name: "Ponder".into(),
                    value,
                })
            }
        },
        "clear hash" => EngineOption::ClearHash,
        lower if lower == PLAY_STYLE.to_ascii_lowercase() => match PlayStyle::parse(&value) {
            Some(style) => EngineOption::PlayStyle(style),
            None => {
                return Err(CommandError::OptionChoice {
                    name: PLAY_STYLE.into(),
                    value,
                })
            }
        },
        lower if lower == USE_NNUE.to_ascii_lowercase() => match value.as_str() {
            "true" => EngineOption::UseNetwork(true),
            "false" => EngineOption::UseNetwork(false),
            _ => {
                return Err(CommandError::OptionBool {
                    name: USE_NNUE.into(),
                    value,
                })
            }
        },
        lower if lower == SEARCH_PARAMS.to_ascii_lowercase() => EngineOption::SearchParams(
            ParamOverrides::parse(&value).map_err(CommandError::OptionParams)?,
        ),
        "uci_variant" => EngineOption::Variant(value.to_ascii_lowercase()),
        lower if lower == DEBUG_LOG_FILE.to_ascii_lowercase() => EngineOption::DebugLogFile(value),
        _ => return Err(CommandError::NoSuchOption(name)),
    })
}

/// `position startpos|fen <string> [moves <move>...]`.
fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let fen = match setup.split_first() {
        Some((&"startpos", [])) => None,
        Some((&"startpos", extra)) => {
            return Err(CommandError::StartposWithString(extra.join(" ")))
        }
        Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
        Some((&"fen", _)) => return Err(CommandError::FenMissing),
        _ => return Err(CommandError::PositionSyntax),
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

fn parse_go(args: &[&str]) -> Result<Command, CommandError> {
    if args.first() == Some(&"perft") {
        return match &args[1..] {
            [depth] => match depth.parse::<u32>() {
                Ok(depth) if depth >= 1 => Ok(Command::Perft(depth)),
                _ => Err(CommandError::PerftDepth),
            },
            _ => Err(CommandError::PerftDepth),
        };
    }
    let mut params = GoParams::default();
    let mut ponder = false;
    let mut i = 0;
    let millis = |v: i64| Duration::from_millis(v.max(0) as u64);
    let count = |v: i64| v.max(0) as u64;
    while i < args.len() {
        let keyword = args[i];
        let step = match keyword {
            "infinite" => {
                params.infinite = true;
                1
            }
            "ponder" => {
                ponder = true;
                1
            }
            "searchmoves" => {
                let end = args[i + 1..]
                    .iter()
                    .position(|t| GO_KEYWORDS.contains(t))
                    .map_or(args.len(), |k| i + 1 + k);
                params
                    .searchmoves
                    .extend(args[i + 1..end].iter().map(|s| s.to_string()));
                end - i
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate"
            | "movetime" => {
                let text = args.get(i + 1).copied().unwrap_or("");
                let value = text.parse::<i64>().map_err(|_| CommandError::GoNumber {
                    keyword: keyword.to_string(),
                    value: text.to_string(),
                })?;
                match keyword {
                    "wtime" => params.time[Color::White.index()] = Some(millis(value)),
                    "btime" => params.time[Color::Black.index()] = Some(millis(value)),
                    "winc" => params.increment[Color::White.index()] = millis(value),
                    "binc" => params.increment[Color::Black.index()] = millis(value),
                    "movestogo" => params.movestogo = Some(count(value) as u32),
                    "depth" => params.depth = Some(count(value) as u32),
                    "nodes" => params.nodes = Some(count(value)),
                    "mate" => params.mate = Some(count(value) as u32),
                    _ => params.movetime = Some(millis(value)),
                }
                2
            }
            other => return Err(CommandError::GoUnexpected(other.to_string())),
        };
        i += step;
    }
    Ok(Command::Go { params, ponder })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready  "), Ok(Command::IsReady));
        assert_eq!(parse(""), Ok(Command::Ignored));
        assert_eq!(parse("debug on"), Ok(Command::Ignored));
        assert_eq!(parse("d"), Ok(Command::Display));
        assert_eq!(parse("bench"), Ok(Command::Bench(DEFAULT_BENCH_DEPTH)));
        assert_eq!(parse("bench 5"), Ok(Command::Bench(5)));
        assert_eq!(error("bench 65"), "bench takes one depth from 1 to 64");
        assert_eq!(error("flip  board"), "unknown command: flip  board");
    }

    #[test]
    fn options_by_case_insensitive_name() {
        let option = |line| match parse(line) {
            Ok(Command::SetOption(option)) => option,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            option("setoption name hash value 64"),
            EngineOption::Hash(64)
        );
        assert_eq!(
            option("setoption name Move Overhead value 0"),
            EngineOption::MoveOverhead(Duration::ZERO)
        );
        assert_eq!(option("setoption name Clear Hash"), EngineOption::ClearHash);
        assert_eq!(
            option("setoption name UCI_Variant value DAO"),
            EngineOption::Variant("dao".into())
        );
        assert_eq!(
            option("setoption name Debug Log File value /tmp/tiamat log.txt"),
            EngineOption::DebugLogFile("/tmp/tiamat log.txt".into())
        );
        assert_eq!(
            option("setoption name searchparams value lmr_base=80, rfp_margin=90"),
            EngineOption::SearchParams(ParamOverrides::parse("lmr_base=80,rfp_margin=90").unwrap())
        );
        assert_eq!(
            error("setoption name SearchParams value lmr_base=x"),
            "option SearchParams not changed: search parameter lmr_base needs an integer, got 'x'"
        );
        assert_eq!(
            error("setoption name Threads value 0"),
            "option Threads needs a value from 1 to 256, got '0'"
        );
        assert_eq!(
            error("setoption name Move Overhead value 5001"),
            "option Move Overhead needs a value from 0 to 5000, got '5001'"
        );
        assert_eq!(
            error("setoption name Ponder value maybe"),
            "option Ponder needs true or false, got 'maybe'"
        );
        assert_eq!(
            error("setoption name Warp value 9"),
            "no such option: 'Warp'"
        );
        assert_eq!(
            error("setoption Hash 1"),
            "setoption needs: setoption name <name> [value <value>]"
        );
        assert!(parse("setoption name Warp")
            .unwrap_err()
            .interrupts_search());
    }

    #[test]
    fn positions_and_moves() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()],
            })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Command::Position {
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: Vec::new(),
            })
        );
        assert_eq!(
            error("position fen"),
            "position fen needs a position string"
        );
        assert_eq!(
            error("position startpos 1"),
            "position startpos takes no position string; unexpected '1'"
        );
        assert_eq!(
            error("position"),
            "position needs: position startpos|fen <string> [moves ...]"
        );
    }

    #[test]
    fn go_reads_every_limit() {
        let Ok(Command::Go { params, ponder }) = parse(
            "go wtime 1000 btime -5 winc 10 movestogo 20 depth 7 nodes 9 searchmoves e2e4 d2d4 ponder",
        ) else {
            panic!("go does not read");
        };
        assert!(ponder);
        assert_eq!(
            params.time,
            [Some(Duration::from_secs(1)), Some(Duration::ZERO)]
        );
        assert_eq!(params.increment[0], Duration::from_millis(10));
        assert_eq!(params.movestogo, Some(20));
        assert_eq!(params.depth, Some(7));
        assert_eq!(params.nodes, Some(9));
        assert_eq!(params.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(parse("go perft 3"), Ok(Command::Perft(3)));
        assert_eq!(
            error("go perft 0"),
            "go perft needs one depth of at least 1"
        );
        assert_eq!(
            error("go depth x"),
            "go depth needs a number, got 'x'; not searching"
        );
        assert_eq!(error("go fast"), "go: unexpected 'fast'; not searching");
        assert!(!Command::Stop.interrupts_search());
    }
}
