//! The CECP (XBoard/WinBoard protocol 2) front end: [`command`] reads a line into a
//! [`Command`] without touching any state, this module acts on it, [`xboard_moves`] converts
//! move text between the engine and XBoard, [`output`] writes what XBoard reads.

pub mod command;
pub mod output;
pub mod xboard_moves;

use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tiamat_engine::search::{Bound, Control, Options};
use tiamat_engine::{Color, MoveError};

use crate::frontend::{send, serve, FrontEnd, Input};
use crate::logging;
use crate::session::{
    new_session, next_session, park_table, AnySession, GoParams, SearchEvent, SearchResult,
};
pub use command::{parse, Command, CommandError, EngineOption};
use output::{error_line, features, illegal_move_line, thinking_line};
pub use xboard_moves::Coords;
use xboard_moves::{board_and_side, our_variant_name, setup_position, OUR_CHESS, XBOARD_CHESS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Thinking about the engine's own move.
    Think,
    /// Searching the position after the predicted reply during the opponent's time.
    Ponder,
    Analyze,
}

struct Active {
    id: u64,
    control: Arc<Control>,
    task: Task,
    /// For `Ponder`: the predicted move (wire form), already played on the session.
    predicted: Option<String>,
    /// The worker has finished (a ponder search may end before the opponent moves).
    finished: bool,
}

/// The clock as `level`, `st`, `sd`, `time` and `otim` set it.
#[derive(Clone, Debug, Default)]
struct Clock {
    moves_per_session: u32,
    increment: Duration,
    /// `st`: exact time per move.
    per_move: Option<Duration>,
    /// `sd`: depth limit.
    depth: Option<u32>,
    own: Option<Duration>,
    opponent: Option<Duration>,
}

struct Cecp {
    tx: Sender<Input>,
    session: Box<dyn AnySession>,
    options: Options,
    force: bool,
    engine_color: Color,
    post: bool,
    ponder: bool,
    analyzing: bool,
    clock: Clock,
    active: Option<Active>,
    next_id: u64,
    coords: Coords,
    /// When the engine started thinking on its last move.
    think_started: Option<Instant>,
    /// The start position as written in the variant's `setup` line.
    setup_position: Option<String>,
}

pub fn run(rx: Receiver<Input>, tx: Sender<Input>, first: String) -> ExitCode {
    let options = Options::default();
    let Some(session) = new_session(OUR_CHESS, &options) else {
        send("Error (internal): the chess variant is not registered");
        return ExitCode::FAILURE;
    };
    let mut cecp = Cecp {
        tx,
        session,
        options,
        force: false,
        engine_color: Color::Black,
        post: false,
        ponder: false,
        analyzing: false,
        clock: Clock::default(),
        active: None,
        next_id: 0,
        coords: Coords::default(),
        think_started: None,
        setup_position: None,
    };
    let code = serve(&mut cecp, &rx, first);
    park_table(cecp.session.as_mut());
    code
}

impl FrontEnd for Cecp {
    fn command(&mut self, line: &str) -> bool {
        match parse(line) {
            Ok(Command::Quit) => return false,
            Ok(command) => self.act(command),
            Err(error) => send(&error.to_string()),
        }
        true
    }

    fn search_done(&mut self, id: u64) {
        let Some(active) = self.active.as_mut().filter(|a| a.id == id) else {
            return;
        };
        active.finished = true;
        match active.task {
            Task::Think => self.engine_move(),
            // Kept until the opponent moves: a hit plays the result at once.
            Task::Ponder => {}
            Task::Analyze => self.discard_search(),
        }
    }

    fn finish(&mut self) {
        self.abort();
    }
}

impl Cecp {
    fn act(&mut self, command: Command) {
        match command {
            Command::Ignored | Command::Quit => {}
            Command::Protover => send(&features()),
            Command::New => {
                self.abort();
                self.analyzing = false;
                self.set_variant(XBOARD_CHESS);
                self.force = false;
                self.engine_color = Color::Black;
                self.clock.depth = None;
                self.clock.per_move = None;
            }
            Command::Variant(name) => {
                self.abort();
                self.set_variant(&name);
            }
            Command::SetBoard(text) => {
                self.abort();
                // XBoard echoes the start position of an engine-defined variant in its own FEN
                // dialect (its castling field can be garbage on big boards), which the game's
                // position string need not read: the start placement and side to move mean
                // the start position.
                let start = self.setup_position.as_deref() == Some(board_and_side(&text).as_str());
                let text = if start { None } else { Some(text.as_str()) };
                if let Err(message) = self.session.set_position(text, &[]) {
                    send(&format!("tellusererror Illegal position ({message})"));
                }
                self.resume_analysis();
            }
            Command::Force => {
                self.abort();
                self.force = true;
            }
            Command::Go => {
                self.abort();
                self.force = false;
                if let Some(side) = self.session.side_to_move() {
                    self.engine_color = side;
                }
                self.think();
            }
            Command::PlayOther => {
                self.abort();
                self.force = false;
                if let Some(side) = self.session.side_to_move() {
                    self.engine_color = !side;
                }
            }
            Command::UserMove(text) => self.usermove(&text),
            Command::MoveNow => {
                if let Some(active) = self.active.as_ref().filter(|a| a.task == Task::Think) {
                    active.control.stop();
                }
            }
            Command::Undo => self.take_back(1, "undo"),
            Command::Remove => self.take_back(2, "remove"),
            Command::Result => {
                self.abort();
                self.force = true;
            }
            Command::Level {
                moves_per_session,
                base,
                increment,
            } => {
                self.clock.moves_per_session = moves_per_session;
                self.clock.increment = increment;
                self.clock.per_move = None;
                // Until `time`/`otim` arrive, both clocks start full.
                self.clock.own = Some(base);
                self.clock.opponent = Some(base);
            }
            Command::SecondsPerMove(time) => self.clock.per_move = Some(time),
            Command::Depth(depth) => self.clock.depth = Some(depth),
            Command::Time(time) => self.clock.own = Some(time),
            Command::OpponentTime(time) => self.clock.opponent = Some(time),
            Command::Hard => self.ponder = true,
            Command::Easy => {
                self.ponder = false;
                if self.active.as_ref().is_some_and(|a| a.task == Task::Ponder) {
                    self.abort();
                }
            }
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.abort();
                self.analyzing = true;
                self.resume_analysis();
            }
            Command::Exit => {
                if self.analyzing {
                    self.abort();
                    self.analyzing = false;
                }
            }
            Command::Ping(text) => send(&format!("pong {text}")),
            Command::Memory(mb) => self.set_options(|o| o.hash_mb = mb),
            Command::Cores(cores) => self.set_options(|o| o.threads = cores),
            Command::Option(EngineOption::PlayStyle(style)) => {
                self.set_options(|o| o.play_style = style)
            }
            Command::Option(EngineOption::UseNetwork(on)) => {
                self.set_options(|o| o.use_network = on)
            }
            Command::Option(EngineOption::DebugLogFile(path)) => {
                if let Err(e) = logging::set_file(logging::file_option(&path)) {
                    send(&format!(
                        "telluser cannot write the debug log to {path}: {e}"
                    ));
                }
            }
            // Protocol 1 interfaces send bare moves.
            Command::BareWord(word) => {
                if self.is_legal_move(&word) {
                    self.usermove(&word);
                } else {
                    send(&error_line("unknown command", &word));
                }
            }
        }
    }

    fn take_back(&mut self, plies: usize, command: &str) {
        self.abort();
        for _ in 0..plies {
            if !self.session.undo() {
                send(&error_line("no move to take back", command));
                break;
            }
        }
        self.resume_analysis();
    }

    fn set_variant(&mut self, name: &str) {
        let ours = our_variant_name(name);
        match next_session(&ours, &self.options, self.session.as_mut()) {
            Some(session) => {
                self.session = session;
                let setup = self.session.cecp_setup();
                self.coords = Coords::for_variant(&ours, setup.as_deref());
                self.setup_position = setup.as_deref().and_then(setup_position);
                match setup {
                    Some(setup) => send(setup.trim_end()),
                    // The game is played (over CECP by scripts and the match runner), but a GUI
                    // cannot draw it: say so rather than let XBoard fall back to an 8x8 board.
                    None if ours != OUR_CHESS => send(&format!(
                        "telluser Tiamat plays {ours}, but XBoard cannot draw its board; \
                         use a text interface, UCI or tiamat match"
                    )),
                    None => {}
                }
            }
            None => send(&error_line("unsupported variant", name)),
        }
    }

    fn set_options(&mut self, change: impl FnOnce(&mut Options)) {
        self.abort();
        change(&mut self.options);
        self.session.set_options(self.options.clone());
    }

    /// Whether `text` names a legal move: its wire form, or what the engine writes for it.
    fn is_legal_move(&self, text: &str) -> bool {
        let ours = self.coords.xboard_to_wire(text);
        if self.coords.whole_turns() {
            // Read along the action tree: the legal moves listed are first actions.
            return self.session.human_text(&ours).is_ok();
        }
        let (legal, xboard) = self.session.legal_and_xboard_moves();
        legal.iter().any(|mv| *mv == ours || *mv == text)
            || self.coords.read_move(&xboard, text).is_some()
    }

    /// Reads and plays a move in XBoard's form; reports an illegal one and changes nothing.
    fn play_xboard(&mut self, text: &str) -> Result<String, MoveError> {
        let ours = self.coords.xboard_to_wire(text);
        let first = match self.session.play(&ours) {
            Ok(wire) => return Ok(wire),
            Err(e) => e,
        };
        // Legs we joined may be a game's own comma form; never retry shifted ranks, where
        // the raw text would name another square.
        if ours != text && !self.coords.shifts_ranks() {
            if let Ok(wire) = self.session.play(text) {
                return Ok(wire);
            }
        }
        match self.coords.read_move(&self.session.xboard_moves(), text) {
            // Listed only here: most texts that get this far name no move at all.
            Some(i) => {
                let wire = self.session.legal_moves().swap_remove(i);
                self.session.play(&wire).map_err(|_| first)
            }
            None => Err(first),
        }
    }

    fn usermove(&mut self, text: &str) {
        if let Some(active) = &self.active {
            match active.task {
                Task::Think => return send(&format!("Illegal move (not your turn): {text}")),
                Task::Ponder => return self.usermove_while_pondering(text),
                Task::Analyze => self.abort(),
            }
        }
        if self.session.ending().is_some() && !self.force {
            // The game is over; XBoard knows and will send `result`.
            return send(&format!("Illegal move (game over): {text}"));
        }
        match self.play_xboard(text) {
            Ok(_) => {
                if self.analyzing {
                    self.resume_analysis();
                } else {
                    self.think();
                }
            }
            Err(e) => send(&illegal_move_line(text, &e)),
        }
    }

    fn usermove_while_pondering(&mut self, text: &str) {
        let Some(predicted) = self.active.as_ref().and_then(|a| a.predicted.clone()) else {
            return;
        };
        self.session.undo();
        match self.play_xboard(text) {
            Err(e) => {
                // Back to the pondering state, which was correct.
                let _ = self.session.play(&predicted);
                send(&illegal_move_line(text, &e));
            }
            Ok(wire) if wire == predicted => {
                // Ponder hit: the search goes on, now under the clock.
                self.think_started = Some(Instant::now());
                let Some(active) = self.active.as_mut() else {
                    return;
                };
                active.control.pondering.store(false, Ordering::SeqCst);
                active.task = Task::Think;
                active.predicted = None;
                if active.finished {
                    self.engine_move();
                }
            }
            Ok(_) => {
                self.discard_search();
                self.think();
            }
        }
    }

    fn params(&self) -> GoParams {
        let mut params = GoParams {
            depth: self.clock.depth,
            movetime: self.clock.per_move,
            ..GoParams::default()
        };
        if self.clock.per_move.is_none() {
            let own = self.engine_color.index();
            let other = (!self.engine_color).index();
            params.time[own] = self.clock.own;
            params.time[other] = self.clock.opponent;
            params.increment = [self.clock.increment; 2];
            if self.clock.moves_per_session > 0 {
                let mps = self.clock.moves_per_session;
                let made = (self.session.moves_played() / 2) as u32;
                params.movestogo = Some(mps - made % mps);
            }
        }
        if params.time.iter().all(Option::is_none) && params.movetime.is_none() {
            // No clock given at all: a fixed, short think rather than an endless one.
            params.movetime = Some(Duration::from_secs(5));
        }
        params
    }

    /// Starts thinking when it is the engine's turn.
    fn think(&mut self) {
        if self.force || self.analyzing || self.active.is_some() {
            return;
        }
        if self.session.side_to_move() != Some(self.engine_color) {
            return;
        }
        if self.announce_ending() {
            return;
        }
        let params = self.params();
        self.think_started = Some(Instant::now());
        self.start(params, Task::Think, None);
    }

    fn start(&mut self, params: GoParams, task: Task, predicted: Option<String>) {
        let id = self.next_id;
        self.next_id += 1;
        let control = Arc::new(Control::new());
        control
            .pondering
            .store(task == Task::Ponder, Ordering::SeqCst);
        let tx = self.tx.clone();
        let done = Box::new(move || {
            let _ = tx.send(Input::SearchDone(id));
        });
        let post = self.post || task == Task::Analyze;
        let coords = self.coords;
        let sink = Arc::new(move |event: SearchEvent| {
            if let SearchEvent::Iteration(info) = event {
                if info.bound != Bound::Exact {
                    return;
                }
                if post {
                    send(&thinking_line(&info, &coords));
                }
            }
        });
        match self
            .session
            .start_search(&params, control.clone(), sink, done)
        {
            Ok(()) => {
                self.active = Some(Active {
                    id,
                    control,
                    task,
                    predicted,
                    finished: false,
                })
            }
            Err(message) => send(&format!("Error (cannot search): {message}")),
        }
    }

    /// Plays the finished search's move and announces it (and the result, if it ends the game).
    fn engine_move(&mut self) {
        let Some(result) = self.take_result() else {
            return;
        };
        if let Some(note) = &result.note {
            // XBoard ignores lines that start with '#'.
            send(&format!("# {note}"));
        }
        let Some(best) = result.best else {
            self.announce_ending();
            return;
        };
        let (legal, xboard) = self.session.legal_and_xboard_moves();
        let text = self.coords.move_text(&best, &legal, &xboard);
        if self.session.play(&best).is_err() {
            return send(&error_line(
                "internal",
                &format!("searcher chose an illegal move {best}"),
            ));
        }
        send(&format!("move {text}"));
        if self.announce_ending() {
            return;
        }
        if self.ponder && !self.force {
            if let Some(predicted) = result.ponder {
                self.start_ponder(predicted);
            }
        }
    }

    fn start_ponder(&mut self, predicted: String) {
        if self.session.play(&predicted).is_err() {
            return;
        }
        if self.session.ending().is_some() || self.session.side_to_move() != Some(self.engine_color)
        {
            self.session.undo();
            return;
        }
        let mut params = self.params();
        // XBoard's last `time` was sent before the move just played: take off the time spent.
        let spent = self.think_started.map_or(Duration::ZERO, |t| t.elapsed());
        let own = self.engine_color.index();
        params.time[own] = params.time[own].map(|t| t.saturating_sub(spent));
        self.start(params, Task::Ponder, Some(predicted));
    }

    /// Claims the result when the game is over (`1-0 {White mates}`: XBoard reads a line that
    /// starts with the result, backend.c `HandleMachineMove`); true if it was over.
    fn announce_ending(&self) -> bool {
        match self.session.ending() {
            Some(ending) => {
                send(&format!("{} {{{}}}", ending.result.pgn(), ending.reason));
                true
            }
            None => false,
        }
    }

    fn take_result(&mut self) -> Option<SearchResult> {
        let active = self.active.take()?;
        active.control.stop();
        self.session.join_search()
    }

    /// Stops the running search and forgets its result.
    fn discard_search(&mut self) {
        let _ = self.take_result();
    }

    /// Stops whatever runs, taking back a predicted move that was being pondered.
    fn abort(&mut self) {
        let pondering = self.active.as_ref().is_some_and(|a| a.task == Task::Ponder);
        self.discard_search();
        if pondering {
            self.session.undo();
        }
    }

    fn resume_analysis(&mut self) {
        if !self.analyzing || self.active.is_some() || !self.session.has_position() {
            return;
        }
        if self.session.ending().is_some() {
            return;
        }
        let params = GoParams {
            infinite: true,
            ..GoParams::default()
        };
        self.start(params, Task::Analyze, None);
    }
}
