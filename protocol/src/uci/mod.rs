//! The UCI front end: [`command`] reads a line into a [`Command`] without touching any state,
//! this module acts on it, [`output`] writes what the interface reads. vampirc-uci writes the
//! fixed `id`/`option` announcements.
//!
//! A command with an unreadable part is refused whole with an `info string` naming the part, and
//! the engine's state stays as it was.

pub mod command;
pub mod output;

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

use tiamat_engine::search::{Control, Options};

use crate::frontend::{send, serve, FrontEnd, Input};
use crate::logging;
use crate::registry::variant_names;
use crate::session::{new_session, next_session, park_table, AnySession, GoParams, SearchEvent};
pub use command::{parse, Command, CommandError, EngineOption};
use output::{
    bestmove_line, display_text, event_line, identification, perft_text, DEFAULT_VARIANT,
};

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
    let code = serve(&mut uci, &rx, first);
    park_table(uci.session.as_mut());
    code
}

fn info(text: impl AsRef<str>) {
    send(&format!("info string {}", text.as_ref()));
}

impl FrontEnd for Uci {
    fn command(&mut self, line: &str) -> bool {
        let parsed = parse(line);
        let interrupts = match &parsed {
            Ok(command) => command.interrupts_search(),
            Err(error) => error.interrupts_search(),
        };
        if interrupts {
            self.finish_search();
        }
        match parsed {
            Ok(Command::Quit) => return false,
            Ok(command) => self.act(command),
            Err(error) => info(error.to_string()),
        }
        true
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

    fn finish(&mut self) {
        self.finish_search();
    }
}

impl Uci {
    fn act(&mut self, command: Command) {
        match command {
            Command::Ignored | Command::Quit => {}
            Command::Uci => identification().iter().for_each(|message| send(message)),
            Command::IsReady => send("readyok"),
            Command::SetOption(option) => self.set_option(option),
            Command::NewGame => {
                self.session.clear_hash();
                if self.session.set_position(None, &[]).is_err() {
                    info(format!(
                        "variant {} has no fixed start position; send position fen",
                        self.session.variant()
                    ));
                }
            }
            Command::Position { fen, moves } => {
                let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
                if let Err(message) = self.session.set_position(fen.as_deref(), &moves) {
                    info(format!("position not changed: {message}"));
                }
            }
            Command::Go { params, ponder } => self.start(params, ponder),
            Command::Perft(depth) => self.perft(depth),
            Command::Stop => self.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Display => self.display(),
            Command::Bench(depth) => self.bench(depth),
        }
    }

    fn set_option(&mut self, option: EngineOption) {
        let mut options = self.options.clone();
        match option {
            EngineOption::Hash(mb) => options.hash_mb = mb,
            EngineOption::Threads(threads) => options.threads = threads,
            EngineOption::MultiPv(lines) => options.multipv = lines,
            EngineOption::MoveOverhead(overhead) => options.move_overhead = overhead,
            EngineOption::PlayStyle(style) => options.play_style = style,
            EngineOption::UseNetwork(on) => options.use_network = on,
            EngineOption::SearchParams(values) => options.search_params = values,
            // The searcher needs nothing: pondering is driven by `go ponder`.
            EngineOption::Ponder(_) => {}
            EngineOption::ClearHash => return self.session.clear_hash(),
            EngineOption::Variant(variant) => return self.set_variant(&variant),
            EngineOption::DebugLogFile(path) => return set_debug_log_file(&path),
        }
        self.session.set_options(options.clone());
        self.options = options;
    }

    fn set_variant(&mut self, variant: &str) {
        let Some(session) = next_session(variant, &self.options, self.session.as_mut()) else {
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
            Some(result) => {
                if let Some(note) = &result.note {
                    info(note);
                }
                send(&bestmove_line(&result));
            }
            None => {
                info("the search failed");
                send("bestmove (none)");
            }
        }
    }

    /// `bench [depth]`: the bench of the current variant, one thread.
    fn bench(&self, depth: u32) {
        let mut out = Vec::new();
        let result = crate::bench::bench(self.session.variant(), depth, 1, &mut out);
        send(String::from_utf8_lossy(&out).trim_end());
        if let Err(message) = result {
            info(format!("bench: {message}"));
        }
    }

    fn perft(&mut self, depth: u32) {
        if !self.session.has_position() {
            return info("no position is set");
        }
        send(&perft_text(&self.session.divide(depth)));
    }

    fn display(&self) {
        let (Some(board), Some(position), Some(key)) = (
            self.session.board_text(),
            self.session.position_string(),
            self.session.key(),
        ) else {
            return info("no position is set");
        };
        send(&display_text(
            &board,
            &position,
            key,
            self.session.variant(),
        ));
    }
}

fn set_debug_log_file(value: &str) {
    let path = logging::file_option(value);
    if let Err(e) = logging::set_file(path) {
        info(format!(
            "option {} cannot write to '{}': {e}",
            logging::DEBUG_LOG_FILE,
            path.map_or(Path::new("").display(), Path::display)
        ));
    }
}

fn print_event(event: SearchEvent) {
    send(&event_line(&event));
}
