//! The UCI front end.
//!
//! Commands are read with our own tokenizer: position strings and move texts of every registered
//! game pass through `Game::from_position_string` and `Game::parse_move`, never through a reader
//! that only knows a1-h8. vampirc-uci writes the fixed `id`/`option` announcements.
//!
//! A command with an unreadable part is rejected whole with an `info string` naming the part, and
//! the engine's state stays as it was.

use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use tiamat_engine::search::{Bound, Control, Options, PlayStyle, Score};
use tiamat_engine::Color;
use vampirc_uci::{UciMessage, UciOptionConfig};

use crate::frontend::{next_input, send, Input};
use crate::registry::variant_names;
use crate::session::{
    new_session, AnySession, GoParams, SearchEvent, SearchResult, MAX_HASH_MB, MAX_THREADS,
    PLAY_STYLE,
};

const DEFAULT_VARIANT: &str = "chess";
const MAX_MULTIPV: usize = 256;
const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The search now running, as far as the protocol is concerned.
struct Active {
    id: u64,
    control: Arc<Control>,
    /// `go infinite` or `go ponder` before `ponderhit`: the result waits for `stop`/`ponderhit`.
    hold: bool,
    infinite: bool,
    /// The worker has finished; its result waits to be printed.
    finished: bool,
}

struct Uci {
    tx: Sender<Input>,
    session: Box<dyn AnySession>,
    options: Options,
    active: Option<Active>,
    next_id: u64,
}

pub fn run(rx: Receiver<Input>, tx: Sender<Input>, first: String) -> ExitCode {
    let options = Options::default();
    let Some(session) = new_session(DEFAULT_VARIANT, &options) else {
        send("info string the chess variant is not registered");
        return ExitCode::FAILURE;
    };
    let mut uci = Uci {
        tx,
        session,
        options,
        active: None,
        next_id: 0,
    };
    let mut input = Input::Line(first);
    loop {
        match input {
            Input::Line(line) => {
                if !uci.command(&line) {
                    break;
                }
            }
            Input::SearchDone(id) => uci.search_done(id),
            Input::Eof => break,
        }
        input = next_input(&rx);
    }
    uci.finish_search();
    ExitCode::SUCCESS
}

fn info(text: impl AsRef<str>) {
    send(&format!("info string {}", text.as_ref()));
}

impl Uci {
    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = tokens.split_first() else {
            return true;
        };
        match name {
            "uci" => self.identify(),
            "isready" => send("readyok"),
            "debug" | "register" => {}
            "setoption" => {
                self.finish_search();
                self.setoption(args);
            }
            "ucinewgame" => {
                self.finish_search();
                self.session.clear_hash();
                if self.session.set_position(None, &[]).is_err() {
                    info(format!(
                        "variant {} has no fixed start position; send position fen",
                        self.session.variant()
                    ));
                }
            }
            "position" => {
                self.finish_search();
                self.position(args);
            }
            "go" => {
                self.finish_search();
                self.go(args);
            }
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "d" => self.display(),
            "bench" => {
                self.finish_search();
                self.bench(args);
            }
            "quit" => return false,
            _ => info(format!("unknown command: {}", line.trim())),
        }
        true
    }

    fn identify(&self) {
        send(&format!(
            "{}\n{}",
            UciMessage::id_name(&format!("Tiamat {}", env!("CARGO_PKG_VERSION"))),
            UciMessage::id_author("the Tiamat developers")
        ));
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
            UciOptionConfig::Combo {
                name: "UCI_Variant".into(),
                default: Some(DEFAULT_VARIANT.into()),
                var: variant_names().into_iter().map(String::from).collect(),
            },
        ];
        for option in options {
            send(&UciMessage::Option(option).to_string());
        }
        send("uciok");
    }

    /// `setoption name <name> [value <value>]`; names are case-insensitive (UCI).
    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            return info("setoption needs: setoption name <name> [value <value>]");
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        let spin = |max: u64| -> Result<u64, String> {
            let text = value.as_deref().unwrap_or("");
            match text.parse::<u64>() {
                Ok(v) if (1..=max).contains(&v) => Ok(v),
                _ => Err(format!(
                    "option {name} needs a value from 1 to {max}, got '{text}'"
                )),
            }
        };
        let mut options = self.options.clone();
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => spin(MAX_HASH_MB as u64).map(|v| options.hash_mb = v as usize),
            "threads" => spin(MAX_THREADS as u64).map(|v| options.threads = v as usize),
            "multipv" => spin(MAX_MULTIPV as u64).map(|v| options.multipv = v as usize),
            "move overhead" => {
                let text = value.as_deref().unwrap_or("");
                match text.parse::<u64>() {
                    Ok(ms) if ms <= MAX_MOVE_OVERHEAD_MS => {
                        options.move_overhead = Duration::from_millis(ms);
                        Ok(())
                    }
                    _ => Err(format!(
                        "option Move Overhead needs a value from 0 to {MAX_MOVE_OVERHEAD_MS}, got '{text}'"
                    )),
                }
            }
            "ponder" => match value.as_deref() {
                // The searcher needs nothing: pondering is driven by `go ponder`.
                Some("true") | Some("false") => Ok(()),
                other => Err(format!(
                    "option Ponder needs true or false, got '{}'",
                    other.unwrap_or("")
                )),
            },
            "clear hash" => {
                self.session.clear_hash();
                return;
            }
            lower if lower == PLAY_STYLE.to_ascii_lowercase() => {
                match value.as_deref().and_then(PlayStyle::parse) {
                    Some(style) => {
                        options.play_style = style;
                        Ok(())
                    }
                    None => Err(format!(
                        "option {PLAY_STYLE} needs one of {}, got '{}'",
                        PlayStyle::NAMES.join(" "),
                        value.as_deref().unwrap_or("")
                    )),
                }
            }
            "uci_variant" => {
                let variant = value.as_deref().unwrap_or("");
                return self.set_variant(variant);
            }
            _ => Err(format!("no such option: '{name}'")),
        };
        match result {
            Ok(()) => {
                self.session.set_options(options.clone());
                self.options = options;
            }
            Err(message) => info(message),
        }
    }

    fn set_variant(&mut self, variant: &str) {
        let variant = variant.to_ascii_lowercase();
        let Some(session) = new_session(&variant, &self.options) else {
            return info(format!(
                "unknown variant '{variant}' (known: {})",
                variant_names().join(" ")
            ));
        };
        self.session = session;
        if !self.session.has_position() {
            info(format!(
                "variant {variant} has no fixed start position; send position fen"
            ));
        }
    }

    /// `position startpos|fen <string> [moves <move>...]`, all or nothing.
    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let text = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"startpos", extra)) => {
                return info(format!(
                    "position startpos takes no position string; unexpected '{}'",
                    extra.join(" ")
                ))
            }
            Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
            Some((&"fen", _)) => return info("position fen needs a position string"),
            _ => return info("position needs: position startpos|fen <string> [moves ...]"),
        };
        if let Err(message) = self.session.set_position(text.as_deref(), moves) {
            info(format!("position not changed: {message}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            return self.perft(&args[1..]);
        }
        let mut params = GoParams::default();
        let mut ponder = false;
        let mut i = 0;
        let number = |i: usize| -> Result<i64, String> {
            let text = args.get(i + 1).copied().unwrap_or("");
            text.parse::<i64>()
                .map_err(|_| format!("go {} needs a number, got '{text}'", args[i]))
        };
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
                    let value = match number(i) {
                        Ok(v) => v,
                        Err(message) => return info(format!("{message}; not searching")),
                    };
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
                other => return info(format!("go: unexpected '{other}'; not searching")),
            };
            i += step;
        }
        self.start(params, ponder);
    }

    fn start(&mut self, params: GoParams, ponder: bool) {
        let id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(Control::new());
        control.pondering.store(ponder, Ordering::SeqCst);
        let tx = self.tx.clone();
        let done = Box::new(move || {
            let _ = tx.send(Input::SearchDone(id));
        });
        let infinite = params.infinite;
        match self
            .session
            .start_search(&params, control.clone(), Arc::new(print_event), done)
        {
            Ok(()) => {
                self.active = Some(Active {
                    id,
                    control,
                    hold: infinite || ponder,
                    infinite,
                    finished: false,
                })
            }
            Err(message) => {
                info(format!("not searching: {message}"));
                // A GUI waits for an answer to every `go`.
                send("bestmove (none)");
            }
        }
    }

    fn search_done(&mut self, id: u64) {
        let Some(active) = self.active.as_mut().filter(|a| a.id == id) else {
            return;
        };
        active.finished = true;
        if !active.hold {
            self.finish_search();
        }
    }

    fn stop(&mut self) {
        if let Some(active) = &mut self.active {
            active.control.stop();
            active.hold = false;
            if active.finished {
                self.finish_search();
            }
        }
    }

    fn ponderhit(&mut self) {
        if let Some(active) = &mut self.active {
            active.control.pondering.store(false, Ordering::SeqCst);
            active.hold = active.infinite;
            if active.finished && !active.hold {
                self.finish_search();
            }
        }
    }

    /// Stops the running search, if any, and prints its `bestmove`.
    fn finish_search(&mut self) {
        let Some(active) = self.active.take() else {
            return;
        };
        active.control.stop();
        match self.session.join_search() {
            Some(result) => send(&bestmove_line(&result)),
            None => {
                info("the search failed");
                send("bestmove (none)");
            }
        }
    }

    /// `bench [depth]`: the bench of the current variant, one thread.
    fn bench(&self, args: &[&str]) {
        let depth = match args {
            [] => Some(crate::bench::DEFAULT_DEPTH),
            [depth] => depth.parse::<u32>().ok().filter(|d| (1..=64).contains(d)),
            _ => None,
        };
        let Some(depth) = depth else {
            return info("bench takes one depth from 1 to 64");
        };
        let mut out = Vec::new();
        let result = crate::bench::bench(self.session.variant(), depth, 1, &mut out);
        send(String::from_utf8_lossy(&out).trim_end());
        if let Err(message) = result {
            info(format!("bench: {message}"));
        }
    }

    fn perft(&mut self, args: &[&str]) {
        let depth = match args {
            [depth] => depth.parse::<u32>().ok().filter(|&d| d >= 1),
            _ => None,
        };
        let Some(depth) = depth else {
            return info("go perft needs one depth of at least 1");
        };
        if !self.session.has_position() {
            return info("no position is set");
        }
        let divide = self.session.divide(depth);
        let mut text = String::new();
        for (mv, count) in &divide {
            text.push_str(&format!("{mv}: {count}\n"));
        }
        let total: u64 = divide.iter().map(|(_, count)| count).sum();
        text.push_str(&format!("\nNodes searched: {total}\n"));
        send(&text);
    }

    /// The board, then the position string and key unless the board text shows them already,
    /// then the variant as the last line.
    fn display(&self) {
        let (Some(board), Some(position), Some(key)) = (
            self.session.board_text(),
            self.session.position_string(),
            self.session.key(),
        ) else {
            return info("no position is set");
        };
        let mut text = board.trim_end().to_string();
        if !board.lines().any(|line| line.starts_with("Fen: ")) {
            text.push_str(&format!("\nFen: {position}"));
        }
        if !board.lines().any(|line| line.starts_with("Key: ")) {
            text.push_str(&format!("\nKey: {key:016X}"));
        }
        text.push_str(&format!("\nVariant: {}", self.session.variant()));
        send(&text);
    }
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

fn bestmove_line(result: &SearchResult) -> String {
    match (&result.best, &result.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

fn print_event(event: SearchEvent) {
    send(&event_line(&event));
}

fn event_line(event: &SearchEvent) -> String {
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
