//! CECP commands: what a line from XBoard asks for, read without touching any state.

use std::fmt;
use std::time::Duration;

use tiamat_engine::search::PlayStyle;

use crate::logging;
use crate::session::{MAX_HASH_MB, MAX_THREADS, PLAY_STYLE};

/// One command of CECP protocol 2 (the commands Tiamat answers; interface chatter it may
/// ignore is [`Command::Ignored`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// An empty line, or a command that needs no answer (`xboard`, `accepted`, `random`, ...).
    Ignored,
    Protover,
    New,
    Variant(String),
    SetBoard(String),
    Force,
    Go,
    PlayOther,
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    Undo,
    Remove,
    Result,
    Level {
        moves_per_session: u32,
        base: Duration,
        increment: Duration,
    },
    /// `st`: exact time per move.
    SecondsPerMove(Duration),
    /// `sd`: depth limit.
    Depth(u32),
    /// `time`: the engine's clock.
    Time(Duration),
    /// `otim`: the opponent's clock.
    OpponentTime(Duration),
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    Ping(String),
    Memory(usize),
    Cores(usize),
    Option(EngineOption),
    Quit,
    /// A lone word that is no command: a bare move of protocol 1 interfaces, or nonsense.
    BareWord(String),
}

/// The debug log option's name in CECP: one word, since CECP clients (python-chess) read an
/// option's name up to its first space. UCI's `Debug Log File` is read too.
pub const DEBUG_LOG_FILE: &str = "DebugLogFile";

/// The options announced with `feature option=...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineOption {
    PlayStyle(PlayStyle),
    /// The file the debug log goes to; empty: none.
    DebugLogFile(String),
}

/// What is wrong with a line, in CECP's `Error (kind): command` form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    pub kind: ErrorKind,
    /// The command as XBoard sent it.
    pub command: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    UnexpectedArgument,
    MissingMove,
    BadTime,
    BadDepth,
    BadLevel,
    BadMemory,
    BadCores,
    UnknownOption,
    BadOptionValue,
    UnknownCommand,
}

impl ErrorKind {
    fn text(self) -> &'static str {
        match self {
            ErrorKind::UnexpectedArgument => "unexpected argument",
            ErrorKind::MissingMove => "missing move",
            ErrorKind::BadTime => "bad time",
            ErrorKind::BadDepth => "bad depth",
            ErrorKind::BadLevel => "bad level",
            ErrorKind::BadMemory => "bad memory size",
            ErrorKind::BadCores => "bad number of cores",
            ErrorKind::UnknownOption => "unknown option",
            ErrorKind::BadOptionValue => "bad option value",
            ErrorKind::UnknownCommand => "unknown command",
        }
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error ({}): {}", self.kind.text(), self.command)
    }
}

impl std::error::Error for CommandError {}

/// Commands that take nothing after their name; anything there is reported, not ignored.
const WITHOUT_ARGUMENTS: &[&str] = &[
    "xboard",
    "new",
    "force",
    "go",
    "playother",
    "?",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "quit",
];

/// Reads one line from XBoard.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let fail = |kind| {
        Err(CommandError {
            kind,
            command: line.to_string(),
        })
    };
    if !rest.is_empty() && WITHOUT_ARGUMENTS.contains(&name) {
        return fail(ErrorKind::UnexpectedArgument);
    }
    Ok(match name {
        "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
        | "ics" | "draw" | "hint" | "bk" | "otherengine" => Command::Ignored,
        "protover" => Command::Protover,
        "new" => Command::New,
        "variant" => Command::Variant(rest.to_string()),
        "setboard" => Command::SetBoard(rest.to_string()),
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "usermove" if rest.is_empty() => {
            return Err(CommandError {
                kind: ErrorKind::MissingMove,
                command: "usermove".to_string(),
            })
        }
        "usermove" => Command::UserMove(rest.to_string()),
        "?" => Command::MoveNow,
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "result" => Command::Result,
        "level" => match parse_level(rest) {
            Some(level) => level,
            None => return fail(ErrorKind::BadLevel),
        },
        "st" => match parse_seconds(rest) {
            Some(time) => Command::SecondsPerMove(time),
            None => return fail(ErrorKind::BadTime),
        },
        "sd" => match rest.parse::<u32>() {
            Ok(depth) if depth > 0 => Command::Depth(depth),
            _ => return fail(ErrorKind::BadDepth),
        },
        "time" | "otim" => match rest.parse::<i64>() {
            Ok(cs) => {
                let time = Duration::from_millis((cs.max(0) as u64).saturating_mul(10));
                if name == "time" {
                    Command::Time(time)
                } else {
                    Command::OpponentTime(time)
                }
            }
            Err(_) => return fail(ErrorKind::BadTime),
        },
        "hard" => Command::Hard,
        "easy" => Command::Easy,
        "post" => Command::Post,
        "nopost" => Command::NoPost,
        "analyze" => Command::Analyze,
        "exit" => Command::Exit,
        // The status request is optional (CECP section 12); a `stat01:` answer is unexpected
        // output to python-chess, which sends `.` when it stops analysing.
        "." => Command::Ignored,
        "ping" => Command::Ping(rest.to_string()),
        "memory" => match rest.parse::<usize>() {
            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Command::Memory(mb),
            _ => return fail(ErrorKind::BadMemory),
        },
        "cores" => match rest.parse::<usize>() {
            Ok(cores) if (1..=MAX_THREADS).contains(&cores) => Command::Cores(cores),
            _ => return fail(ErrorKind::BadCores),
        },
        "option" => match parse_option(rest) {
            Ok(option) => Command::Option(option),
            Err(kind) => return fail(kind),
        },
        "quit" => Command::Quit,
        word if rest.is_empty() => Command::BareWord(word.to_string()),
        _ => return fail(ErrorKind::UnknownCommand),
    })
}

/// `option NAME=VALUE`.
fn parse_option(rest: &str) -> Result<EngineOption, ErrorKind> {
    let (name, value) = rest.split_once('=').ok_or(ErrorKind::UnknownOption)?;
    let name = name.trim();
    if name.eq_ignore_ascii_case(PLAY_STYLE) {
        PlayStyle::parse(value.trim())
            .map(EngineOption::PlayStyle)
            .ok_or(ErrorKind::BadOptionValue)
    } else if name.eq_ignore_ascii_case(DEBUG_LOG_FILE)
        || name.eq_ignore_ascii_case(logging::DEBUG_LOG_FILE)
    {
        Ok(EngineOption::DebugLogFile(value.trim().to_string()))
    } else {
        Err(ErrorKind::UnknownOption)
    }
}

/// `level MPS BASE INC`.
fn parse_level(rest: &str) -> Option<Command> {
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let [mps, base, inc] = fields.as_slice() else {
        return None;
    };
    Some(Command::Level {
        moves_per_session: mps.parse().ok()?,
        base: parse_minutes(base)?,
        increment: parse_seconds(inc)?,
    })
}

/// `level`'s BASE: minutes or `minutes:seconds`.
fn parse_minutes(text: &str) -> Option<Duration> {
    let (minutes, seconds) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u64>().ok()?, s.parse::<u64>().ok()?),
        None => (text.parse::<u64>().ok()?, 0),
    };
    Some(Duration::from_secs(
        minutes.checked_mul(60)?.checked_add(seconds)?,
    ))
}

fn parse_seconds(text: &str) -> Option<Duration> {
    let seconds = text.trim().parse::<f64>().ok()?;
    Duration::try_from_secs_f64(seconds).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn commands_and_their_arguments() {
        assert_eq!(parse("new"), Ok(Command::New));
        assert_eq!(parse("  protover 2 "), Ok(Command::Protover));
        assert_eq!(parse(""), Ok(Command::Ignored));
        assert_eq!(parse("accepted usermove"), Ok(Command::Ignored));
        assert_eq!(
            parse("variant 10x10+0_fairy"),
            Ok(Command::Variant("10x10+0_fairy".into()))
        );
        assert_eq!(
            parse("setboard 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Command::SetBoard("8/8/8/8/8/8/8/K6k w - - 0 1".into()))
        );
        assert_eq!(
            parse("usermove g2h3,h3h4"),
            Ok(Command::UserMove("g2h3,h3h4".into()))
        );
        assert_eq!(parse("ping 7"), Ok(Command::Ping("7".into())));
        assert_eq!(parse("e2e4"), Ok(Command::BareWord("e2e4".into())));
        assert_eq!(parse("."), Ok(Command::Ignored));
        assert_eq!(parse("memory 64"), Ok(Command::Memory(64)));
        assert_eq!(parse("cores 2"), Ok(Command::Cores(2)));
        assert_eq!(parse("sd 9"), Ok(Command::Depth(9)));
        assert_eq!(
            parse("time 250"),
            Ok(Command::Time(Duration::from_millis(2_500)))
        );
        assert_eq!(parse("otim -5"), Ok(Command::OpponentTime(Duration::ZERO)));
        assert_eq!(
            parse("st 0.5"),
            Ok(Command::SecondsPerMove(Duration::from_millis(500)))
        );
        assert_eq!(
            parse("level 40 0:30 2"),
            Ok(Command::Level {
                moves_per_session: 40,
                base: Duration::from_secs(30),
                increment: Duration::from_secs(2),
            })
        );
    }

    #[test]
    fn options_by_name() {
        assert_eq!(
            parse("option PlayStyle=Random"),
            Ok(Command::Option(EngineOption::PlayStyle(PlayStyle::Random)))
        );
        for name in ["DebugLogFile", "Debug Log File"] {
            assert_eq!(
                parse(&format!("option {name}=/tmp/log.txt")),
                Ok(Command::Option(EngineOption::DebugLogFile(
                    "/tmp/log.txt".into()
                )))
            );
        }
        assert_eq!(
            error("option PlayStyle=Sleepy"),
            "Error (bad option value): option PlayStyle=Sleepy"
        );
        assert_eq!(
            error("option Nothing=1"),
            "Error (unknown option): option Nothing=1"
        );
    }

    #[test]
    fn errors_name_the_kind_and_the_command() {
        assert_eq!(error("new extra"), "Error (unexpected argument): new extra");
        assert_eq!(error("usermove"), "Error (missing move): usermove");
        assert_eq!(error("sd 0"), "Error (bad depth): sd 0");
        assert_eq!(error("st x"), "Error (bad time): st x");
        assert_eq!(error("time soon"), "Error (bad time): time soon");
        assert_eq!(error("level 40 5"), "Error (bad level): level 40 5");
        assert_eq!(error("memory 0"), "Error (bad memory size): memory 0");
        assert_eq!(error("cores -1"), "Error (bad number of cores): cores -1");
        assert_eq!(
            error("frobnicate now"),
            "Error (unknown command): frobnicate now"
        );
    }

    #[test]
    fn clock_fields_parse() {
        assert_eq!(parse_minutes("40"), Some(Duration::from_secs(2400)));
        assert_eq!(parse_minutes("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_minutes("x"), None);
        assert_eq!(parse_seconds("0.5"), Some(Duration::from_millis(500)));
        assert_eq!(parse_seconds("-1"), None);
        assert_eq!(parse_seconds("nan"), None);
        assert_eq!(parse_seconds("1e300"), None);
        assert_eq!(parse_minutes("999999999999999999:0"), None);
    }
}
