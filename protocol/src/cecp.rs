//! The CECP (XBoard/WinBoard protocol 2) front end.
//!
//! Move text passes through `Coords::wire_to_xboard`/`Coords::xboard_to_wire`, which follow XBoard 4.9's own
//! conventions (backend.c `SendMoveToProgram`, `CoordsToComputerAlgebraic`, `HandleMachineMove`):
//! - on boards with exactly 10 ranks XBoard numbers ranks from 0 (`ONE` is `'0'` there), so our
//!   rank `n` is XBoard's `n-1`; on boards with more than 10 ranks it writes the rank number in
//!   decimal as we do, and on smaller boards the two agree;
//! - a move of several legs is written as legs joined by commas (`g2h3,h3h4`); XBoard removes
//!   the square two legs share, and where the second leg starts on another piece of the mover's
//!   side and the mover's `piece` line allows castling, it castles, setting that piece beside the
//!   mover (`ApplyMove`):
//!   so Makromachy's castling `i1h1a1` goes as `i1h1,a1i1`, a piece leaving the board (`c1x`)
//!   as `c1c1,c1c1`, and a game's own legs (`Game::xboard_legs`: en passant through its victim)
//!   as the game gives them;
//! - a Croatian cascade (`Bi2-j1~Aj1-j2`) goes out as its first ply (its legs where several
//!   cascades start with that ply, plus XBoard's promotion suffix where the legs are shared too:
//!   a Pyramid converting or promoting), one text per legal move; what XBoard sends back (that
//!   text, the legs, or its castling-style relay of legs) is matched against the legal moves.
//!
//! The board height comes from the size in the variant's `setup` line (`14x14+0_fairy`); variants
//! without a setup line are 8x8 to XBoard.

use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tiamat_engine::search::{Bound, Control, IterationInfo, Options, PlayStyle, Score};
use tiamat_engine::{Color, MoveError};

use crate::frontend::{next_input, send, Input};
use crate::registry::variant_names;
use crate::session::{
    new_session, AnySession, GoParams, SearchEvent, SearchResult, MAX_HASH_MB, MAX_THREADS,
    PLAY_STYLE,
};

/// CECP's name for orthodox chess.
const XBOARD_CHESS: &str = "normal";
const OUR_CHESS: &str = "chess";

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
    let mut input = Input::Line(first);
    loop {
        match input {
            Input::Line(line) => {
                if !cecp.command(&line) {
                    break;
                }
            }
            Input::SearchDone(id) => cecp.search_done(id),
            Input::Eof => break,
        }
        input = next_input(&rx);
    }
    cecp.abort();
    ExitCode::SUCCESS
}

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

fn error(kind: &str, command: &str) {
    send(&format!("Error ({kind}): {command}"));
}

impl Cecp {
    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if !rest.is_empty() && WITHOUT_ARGUMENTS.contains(&name) {
            error("unexpected argument", line);
            return true;
        }
        match name {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "hint" | "bk" | "otherengine" => {}
            "protover" => self.features(),
            "new" => {
                self.abort();
                self.analyzing = false;
                self.set_variant(XBOARD_CHESS);
                self.force = false;
                self.engine_color = Color::Black;
                self.clock.depth = None;
                self.clock.per_move = None;
            }
            "variant" => {
                self.abort();
                self.set_variant(rest);
            }
            "setboard" => {
                self.abort();
                // XBoard echoes the start position of an engine-defined variant in its own FEN
                // dialect (its castling field can be garbage on big boards), which the game's
                // position string need not read: the start placement and side to move mean
                // the start position.
                let start = self.setup_position.as_deref() == Some(board_and_side(rest).as_str());
                let text = if start { None } else { Some(rest) };
                if let Err(message) = self.session.set_position(text, &[]) {
                    send(&format!("tellusererror Illegal position ({message})"));
                }
                self.resume_analysis();
            }
            "force" => {
                self.abort();
                self.force = true;
            }
            "go" => {
                self.abort();
                self.force = false;
                if let Some(side) = self.session.side_to_move() {
                    self.engine_color = side;
                }
                self.think();
            }
            "playother" => {
                self.abort();
                self.force = false;
                if let Some(side) = self.session.side_to_move() {
                    self.engine_color = !side;
                }
            }
            "usermove" => self.usermove(rest),
            "?" => {
                if let Some(active) = self.active.as_ref().filter(|a| a.task == Task::Think) {
                    active.control.stop();
                }
            }
            "undo" | "remove" => {
                self.abort();
                let plies = if name == "undo" { 1 } else { 2 };
                for _ in 0..plies {
                    if !self.session.undo() {
                        error("no move to take back", line);
                        break;
                    }
                }
                self.resume_analysis();
            }
            "result" => {
                self.abort();
                self.force = true;
            }
            "level" => self.level(rest, line),
            "st" => match parse_seconds(rest) {
                Some(time) => self.clock.per_move = Some(time),
                None => error("bad time", line),
            },
            "sd" => match rest.parse::<u32>() {
                Ok(depth) if depth > 0 => self.clock.depth = Some(depth),
                _ => error("bad depth", line),
            },
            "time" | "otim" => match rest.parse::<i64>() {
                Ok(cs) => {
                    let time = Some(Duration::from_millis((cs.max(0) as u64).saturating_mul(10)));
                    if name == "time" {
                        self.clock.own = time;
                    } else {
                        self.clock.opponent = time;
                    }
                }
                Err(_) => error("bad time", line),
            },
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self.active.as_ref().is_some_and(|a| a.task == Task::Ponder) {
                    self.abort();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.abort();
                self.analyzing = true;
                self.resume_analysis();
            }
            "exit" => {
                if self.analyzing {
                    self.abort();
                    self.analyzing = false;
                }
            }
            // The status request is optional (CECP section 12); a `stat01:` answer is
            // unexpected output to python-chess, which sends `.` when it stops analysing.
            "." => {}
            "ping" => send(&format!("pong {rest}")),
            "memory" => match rest.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => self.set_options(|o| o.hash_mb = mb),
                _ => error("bad memory size", line),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(cores) if (1..=MAX_THREADS).contains(&cores) => {
                    self.set_options(|o| o.threads = cores)
                }
                _ => error("bad number of cores", line),
            },
            "option" => self.option(rest, line),
            "quit" => return false,
            _ => {
                // Protocol 1 interfaces send bare moves.
                if rest.is_empty() && self.is_legal_move(name) {
                    self.usermove(name);
                } else {
                    error("unknown command", line);
                }
            }
        }
        true
    }

    fn features(&self) {
        let variants: Vec<&str> = variant_names()
            .into_iter()
            .map(|name| {
                if name == OUR_CHESS {
                    XBOARD_CHESS
                } else {
                    name
                }
            })
            .collect();
        send(&format!(
            "feature done=0\n\
             feature myname=\"Tiamat {}\"\n\
             feature variants=\"{}\"\n\
             feature setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 san=0 analyze=1\n\
             feature memory=1 smp=1 colors=0 sigint=0 reuse=1 ics=0 name=0 pause=0 \
             nps=0 debug=0 exclude=0 setscore=0\n\
             feature option=\"{PLAY_STYLE} -combo {}\"\n\
             feature done=1",
            env!("CARGO_PKG_VERSION"),
            variants.join(","),
            play_style_choices()
        ));
    }

    fn set_variant(&mut self, name: &str) {
        let ours = our_variant_name(name);
        match new_session(&ours, &self.options) {
            Some(session) => {
                self.session = session;
                let setup = self.session.cecp_setup();
                self.coords = Coords::from_setup(setup.as_deref());
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
            None => error("unsupported variant", name),
        }
    }

    /// `option NAME=VALUE` for the options announced with `feature option=...`.
    fn option(&mut self, rest: &str, line: &str) {
        match rest.split_once('=') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case(PLAY_STYLE) => {
                match PlayStyle::parse(value.trim()) {
                    Some(style) => self.set_options(|o| o.play_style = style),
                    None => error("bad option value", line),
                }
            }
            _ => error("unknown option", line),
        }
    }

    fn set_options(&mut self, change: impl FnOnce(&mut Options)) {
        self.abort();
        change(&mut self.options);
        self.session.set_options(self.options.clone());
    }

    fn level(&mut self, rest: &str, line: &str) {
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match fields.as_slice() {
            [mps, base, inc] => mps
                .parse::<u32>()
                .ok()
                .zip(parse_minutes(base))
                .zip(parse_seconds(inc)),
            _ => None,
        };
        match parsed {
            Some(((mps, base), increment)) => {
                self.clock.moves_per_session = mps;
                self.clock.increment = increment;
                self.clock.per_move = None;
                // Until `time`/`otim` arrive, both clocks start full.
                self.clock.own = Some(base);
                self.clock.opponent = Some(base);
            }
            None => error("bad level", line),
        }
    }

    fn is_legal_move(&self, text: &str) -> bool {
        let ours = self.coords.xboard_to_wire(text);
        self.session
            .legal_moves()
            .iter()
            .any(|mv| *mv == ours || *mv == text)
            || self.legal_move_written_as(text).is_some()
    }

    /// A legal move's text for XBoard (see [`xboard_move_texts`]).
    fn xboard_text(&self, wire: &str) -> String {
        let legal = self.session.legal_moves();
        let texts = xboard_move_texts(self.coords, &self.session.xboard_moves());
        legal
            .iter()
            .position(|mv| mv == wire)
            .map_or_else(|| self.coords.wire_to_xboard(wire), |i| texts[i].clone())
    }

    /// The legal move that we would write to XBoard as `text` (our cascades lose their side
    /// effects on the way, so XBoard's text is matched against what we send), that a person
    /// may type as its legs, or that XBoard relays as `text` after reading it (see
    /// [`castling_relay`]; the first if several).
    fn legal_move_written_as(&self, text: &str) -> Option<String> {
        let moves = self.session.legal_moves();
        // What we write names one move (ours, relayed back unchanged).
        let written = xboard_move_texts(self.coords, &self.session.xboard_moves());
        if let Some(i) = written.iter().position(|w| w == text) {
            return Some(moves[i].clone());
        }
        // XBoard's relay of what we write through a square of the mover's (a piece leaving the
        // board takes itself: `c1c1,c1c1` comes back as `c1c1,c1b1`).
        if let Some(i) = written
            .iter()
            .position(|w| castling_relay(w).is_some_and(|relay| relay == text))
        {
            return Some(moves[i].clone());
        }
        let sent = |mv: &String| self.coords.wire_to_xboard(mv);
        // All legs of a cascade, as a person may type it, in XBoard's rank numbers.
        let legs = |mv: &String| {
            let legs = cascade_legs(mv).unwrap_or_default();
            if self.coords.shifts_ranks() {
                shift_ranks(&legs, -1)
            } else {
                legs
            }
        };
        // A first ply that several cascades share names none of them.
        let short: Vec<&String> = moves.iter().filter(|mv| sent(mv) == text).collect();
        if short.len() > 1 {
            return None;
        }
        // Legs that several cascades share (promotions without their suffix) name none.
        let by_legs: Vec<&String> = moves.iter().filter(|mv| legs(mv) == text).collect();
        let by_legs = match by_legs.as_slice() {
            [only] => Some(*only),
            _ => None,
        };
        short
            .first()
            .copied()
            .or(by_legs)
            .or_else(|| {
                moves
                    .iter()
                    .find(|mv| castling_relay(&legs(mv)).is_some_and(|relay| relay == text))
            })
            .cloned()
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
        match self.legal_move_written_as(text) {
            Some(wire) => self.session.play(&wire).map_err(|_| first),
            None => Err(first),
        }
    }

    fn usermove(&mut self, text: &str) {
        if text.is_empty() {
            return error("missing move", "usermove");
        }
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

    /// Plays the finished search's move and announces it (and the result, if it ends the game).
    fn engine_move(&mut self) {
        let Some(result) = self.take_result() else {
            return;
        };
        let Some(best) = result.best else {
            self.announce_ending();
            return;
        };
        let text = self.xboard_text(&best);
        if self.session.play(&best).is_err() {
            return error(
                "internal",
                &format!("searcher chose an illegal move {best}"),
            );
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

/// How the engine writes each of the legal moves `legal` (as [`AnySession::xboard_moves`] gives
/// them) to XBoard, one text per move and no text for two: in XBoard's coordinates; a cascade as its first ply when no other legal move
/// starts with it, else as all its legs; legs that several cascades share (a Pyramid that may
/// capture or convert, or promote to several pieces) followed by XBoard's promotion suffix for
/// the piece the last ply leaves of its own (`n1l1,l1l2e` converts a Pegasus, `n1l1,l1l2`
/// captures it); whatever is still shared, in our wire form.
pub fn xboard_move_texts(coords: Coords, legal: &[String]) -> Vec<String> {
    let shorts: Vec<String> = legal.iter().map(|mv| coords.wire_to_xboard(mv)).collect();
    let count = |texts: &[String], text: &str| texts.iter().filter(|t| *t == text).count();
    let mut texts: Vec<String> = legal
        .iter()
        .zip(&shorts)
        .map(|(wire, short)| match cascade_legs(wire) {
            Some(legs) if count(&shorts, short) > 1 => {
                if coords.shifts_ranks() {
                    shift_ranks(&legs, -1)
                } else {
                    legs
                }
            }
            _ => short.clone(),
        })
        .collect();
    let shared: Vec<usize> = (0..texts.len())
        .filter(|&i| count(&texts, &texts[i]) > 1)
        .collect();
    for &i in &shared {
        if let Some(piece) = piece_left_by_cascade(&legal[i]) {
            texts[i].push(piece);
        }
    }
    let still_shared: Vec<usize> = shared
        .into_iter()
        .filter(|&i| count(&texts, &texts[i]) > 1)
        .collect();
    for i in still_shared {
        texts[i] = legal[i].clone();
    }
    texts
}

/// The piece a cascade's last ply promotes a Pawn to or converts (`...~Al1-l2%E`: `e`), as
/// XBoard's lowercase promotion suffix.
fn piece_left_by_cascade(wire: &str) -> Option<char> {
    if !wire.contains('~') {
        return None;
    }
    let last = wire.rsplit('~').next()?;
    let at = last.rfind(['=', '%'])?;
    last[at + 1..]
        .chars()
        .next()
        .filter(char::is_ascii_uppercase)
        .map(|piece| piece.to_ascii_lowercase())
}

fn illegal_move_line(text: &str, error: &MoveError) -> String {
    let reason = match error {
        MoveError::Unparsable { reason, .. } | MoveError::Illegal { reason, .. } => reason.as_str(),
        MoveError::Ambiguous { .. } => "ambiguous",
    };
    format!("Illegal move ({}): {text}", reason.replace(['(', ')'], ""))
}

/// XBoard's variant name to ours: `normal` is chess, and a board-size prefix
/// (`10x10+0_fairy`-style) is dropped.
fn our_variant_name(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    let base = match name.split_once('_') {
        Some((size, base)) if is_size_prefix(size) => base.to_string(),
        _ => name,
    };
    if base == XBOARD_CHESS {
        OUR_CHESS.to_string()
    } else {
        base
    }
}

/// The position of a `setup (pieces) FxR+H_parent <position>` line.
fn setup_position(setup: &str) -> Option<String> {
    let line = setup.lines().find(|line| line.starts_with("setup"))?;
    let mut words = line.split_whitespace().skip(1);
    words.find(|word| parse_size(word.split('_').next().unwrap_or("")).is_some())?;
    let position = board_and_side(&words.collect::<Vec<_>>().join(" "));
    (!position.is_empty()).then_some(position)
}

/// The placement and side-to-move fields of a FEN, with the holdings (`[...]` after the
/// placement) sorted: XBoard writes them in its piece-table order, not in ours.
fn board_and_side(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("");
    let placement = match placement.split_once('[') {
        Some((board, holdings)) => {
            let mut pieces: Vec<char> = holdings.trim_end_matches(']').chars().collect();
            pieces.sort_unstable();
            format!("{board}[{}]", pieces.into_iter().collect::<String>())
        }
        None => placement.to_string(),
    };
    format!("{placement} {side}").trim().to_string()
}

/// `FxR+H`: files, ranks and holdings size.
fn parse_size(text: &str) -> Option<(u32, u32)> {
    let (board, holdings) = text.split_once('+')?;
    let (files, ranks) = board.split_once('x')?;
    holdings.parse::<u32>().ok()?;
    Some((files.parse().ok()?, ranks.parse().ok()?))
}

fn is_size_prefix(text: &str) -> bool {
    parse_size(text).is_some()
}

/// `level MPS BASE INC`: BASE is minutes or `minutes:seconds`.
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

/// `ply score time nodes pv`, time in centiseconds, mates as XBoard's 100000 + moves.
fn thinking_line(info: &IterationInfo<String>, coords: &Coords) -> String {
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

/// How XBoard writes squares for the current variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coords {
    ranks: u32,
}

impl Default for Coords {
    fn default() -> Self {
        Coords { ranks: 8 }
    }
}

impl Coords {
    /// From the variant's `setup` line, whose size field reads `FxR+H_parent`.
    pub fn from_setup(setup: Option<&str>) -> Coords {
        let ranks = setup
            .and_then(|text| text.lines().find(|line| line.starts_with("setup")))
            .and_then(|line| {
                line.split_whitespace()
                    .find_map(|word| parse_size(word.split('_').next().unwrap_or("")))
            })
            .map_or(8, |(_, ranks)| ranks);
        Coords { ranks }
    }

    fn shifts_ranks(self) -> bool {
        self.ranks == 10
    }

    /// Our wire move in XBoard's form.
    pub fn wire_to_xboard(self, wire: &str) -> String {
        let legs = split_legs(wire)
            .or_else(|| cascade_first_leg(wire))
            .or_else(|| exit_legs(wire))
            .unwrap_or_else(|| wire.to_string());
        if self.shifts_ranks() {
            shift_ranks(&legs, -1)
        } else {
            legs
        }
    }

    /// XBoard's move text in our wire form.
    pub fn xboard_to_wire(self, text: &str) -> String {
        let text = if self.shifts_ranks() {
            shift_ranks(text, 1)
        } else {
            text.to_string()
        };
        join_legs(&text).unwrap_or(text)
    }
}

/// The squares of a move written as plain squares (`g2h3h4`, optionally a promotion letter
/// after the last), with its suffix; `None` for any other shape.
fn squares(text: &str) -> Option<(Vec<&str>, &str)> {
    let bytes = text.as_bytes();
    let mut squares = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let digits = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits {
            // A letter without a rank: only allowed as the final promotion suffix.
            return (i == bytes.len() && squares.len() >= 2).then_some((squares, &text[start..]));
        }
        squares.push(&text[start..i]);
    }
    Some((squares, ""))
}

/// A move written as three or more squares, as XBoard's legs: `g2h3h4` -> `g2h3,h3h4`, each
/// leg a from-to pair. Three squares that are not two steps to neighbouring squares are a King's
/// move and its partner's square (Makromachy's fast castling `i1h1a1`: King from, King to,
/// corner), which XBoard plays as castling when the second leg starts on the partner and the
/// King's `piece` line allows castling (`O`): `i1h1,a1i1` (backend.c `ApplyMove`).
fn split_legs(wire: &str) -> Option<String> {
    let (squares, suffix) = squares(wire)?;
    if let [king, to, partner] = squares[..] {
        if !(neighbours(king, to) && neighbours(to, partner)) {
            return Some(format!("{king}{to},{partner}{king}{suffix}"));
        }
    }
    if squares.len() < 3 {
        return None;
    }
    let legs: Vec<String> = squares
        .windows(2)
        .map(|w| format!("{}{}", w[0], w[1]))
        .collect();
    Some(format!("{}{suffix}", legs.join(",")))
}

/// A piece leaving the board (Dynamo's `c1x`) as XBoard can show it: the piece taking itself,
/// `c1c1,c1c1` (its legs' shared square is removed first, then nothing is left to move).
fn exit_legs(wire: &str) -> Option<String> {
    let square = wire.strip_suffix('x')?;
    let (squares, suffix) = squares(square)?;
    (squares.len() == 1 && suffix.is_empty()).then(|| format!("{square}{square},{square}{square}"))
}

/// Whether two squares (`g2`, `h3`) are a King's step apart.
fn neighbours(a: &str, b: &str) -> bool {
    let coordinates = |square: &str| -> Option<(i32, i32)> {
        let file = i32::from(*square.as_bytes().first()?);
        Some((file, square[1..].parse().ok()?))
    };
    match (coordinates(a), coordinates(b)) {
        (Some((fa, ra)), Some((fb, rb))) => a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1,
        _ => false,
    }
}

/// What XBoard is told of a cascade: its first ply. XBoard cannot show a piece pushing another
/// on (given all legs it moves the first piece to the last square and loses the second), but a
/// move onto an own piece it shows as the two swapping places: so every piece that moves by
/// itself stays where it really is, and only Pyramids are drawn out of place.
fn cascade_first_leg(wire: &str) -> Option<String> {
    cascade_legs(wire).map(|legs| legs.split(',').next().unwrap_or_default().to_string())
}

/// A move of several plies written as `~`-joined plies that each start with a piece letter and
/// `from-to` (the Croatian family's XAN: `Bi2-j1~Aj1-j2`) -> XBoard's legs `i2j1,j1j2`; the
/// plies' side effects are left out, so the reader matches the legs against the legal moves.
fn cascade_legs(wire: &str) -> Option<String> {
    if !wire.contains('~') {
        return None;
    }
    let legs: Option<Vec<String>> = wire
        .split('~')
        .map(|ply| {
            let body =
                ply.trim_start_matches(|c: char| c.is_ascii_uppercase() || "=:&".contains(c));
            let (from, rest) = leading_square(body)?;
            let (to, _) = leading_square(rest.strip_prefix('-')?)?;
            Some(format!("{from}{to}"))
        })
        .collect();
    Some(legs?.join(","))
}

/// How XBoard passes on a two-leg move `AB,BC` whose middle square holds a piece of the mover's
/// side: it takes it for castling (backend.c `SendMoveToProgram`) and writes `AC,BX`, X beside C
/// on the side of A. A Pyramid cascade through an own Pyramid arrives in that form.
fn castling_relay(legs: &str) -> Option<String> {
    let (first, second) = legs.split_once(',')?;
    let (a, b) = leading_square(first)?;
    let (b2, c) = leading_square(second)?;
    let (b, _) = leading_square(b).filter(|(_, rest)| rest.is_empty())?;
    let (c, _) = leading_square(c).filter(|(_, rest)| rest.is_empty())?;
    if b != b2 {
        return None;
    }
    let file = |square: &str| square.as_bytes()[0];
    let beside = if file(a) > file(b) {
        file(c).checked_add(1)?
    } else {
        file(c).checked_sub(1)?
    };
    Some(format!("{a}{c},{b}{}{}", beside as char, &c[1..]))
}

/// A square (file letter and rank digits) at the start of `text`, and what follows it.
fn leading_square(text: &str) -> Option<(&str, &str)> {
    let mut chars = text.char_indices();
    let (_, file) = chars.next()?;
    let end = chars
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    (file.is_ascii_lowercase() && end > 1).then(|| text.split_at(end))
}

/// `g2h3,h3h4` -> `g2h3h4` when each leg starts where the previous one ended.
fn join_legs(text: &str) -> Option<String> {
    if !text.contains(',') {
        return None;
    }
    let mut out: Vec<&str> = Vec::new();
    let mut suffix = "";
    for leg in text.split(',') {
        let (squares, leg_suffix) = squares(leg)?;
        if squares.len() != 2 || !suffix.is_empty() {
            return None;
        }
        match out.last() {
            None => out.push(squares[0]),
            Some(last) if *last == squares[0] => {}
            Some(_) => return None,
        }
        out.push(squares[1]);
        suffix = leg_suffix;
    }
    Some(format!("{}{suffix}", out.concat()))
}

/// Adds `delta` to the rank number of every square (a lowercase file letter not preceded by
/// another lowercase letter, then digits: `Qk2` holds the square k2). XBoard's 10-rank boards
/// use one digit per rank, from 0.
fn shift_ranks(text: &str, delta: i32) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        let starts_square = c.is_ascii_lowercase()
            && (i < 2 || !chars[i - 2].is_ascii_lowercase())
            && i < chars.len()
            && chars[i].is_ascii_digit();
        if !starts_square {
            continue;
        }
        // From XBoard (delta > 0) a rank is one digit; ours may have two.
        let end = if delta > 0 {
            i + 1
        } else {
            let mut end = i;
            while end < chars.len() && chars[end].is_ascii_digit() {
                end += 1;
            }
            end
        };
        let digits: String = chars[i..end].iter().collect();
        match digits.parse::<i32>() {
            Ok(rank) => out.push_str(&(rank + delta).to_string()),
            Err(_) => out.push_str(&digits),
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_follow_xboard() {
        assert_eq!(our_variant_name("normal"), "chess");
        assert_eq!(our_variant_name("10x10+0_fairy"), "fairy");
        assert_eq!(our_variant_name("14x14+0_makromachy"), "makromachy");
        assert_eq!(our_variant_name("dynamo"), "dynamo");
    }

    #[test]
    fn ten_ranks_count_from_zero() {
        let coords = Coords::from_setup(Some(
            "setup (PNBRQKpnbrqk) 10x10+0_fairy rnbqkbnr/10/10 w - - 0 1",
        ));
        assert_eq!(coords.ranks, 10);
        assert_eq!(coords.wire_to_xboard("e2e4"), "e1e3");
        assert_eq!(coords.wire_to_xboard("j10j9"), "j9j8");
        assert_eq!(coords.wire_to_xboard("A@e1"), "A@e0");
        assert_eq!(coords.wire_to_xboard("Pe2-e4"), "Pe1-e3");
        assert_eq!(coords.xboard_to_wire("e1e3"), "e2e4");
        assert_eq!(coords.xboard_to_wire("j9j8q"), "j10j9q");
    }

    #[test]
    fn the_setup_line_names_the_start_position() {
        let setup = "setup (PNBRQ.......E........Kpnbrq.......e........k) 10x10+0_fairy \
                     renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w - - 0 1\n\
                     piece E& NN";
        assert_eq!(
            setup_position(setup).as_deref(),
            Some("renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w")
        );
        assert_eq!(setup_position("piece E& NN"), None);
        // XBoard echoes holdings in its own piece order.
        let dao = "setup (PNBRQFOA......DG..LKpnbrqfoa......dg..lk) 10x10+8_fairy \
                   d8d/10/10/10/10/10/10/10/10/D8D[AAOOFaaoof] w KQkq - 0 1";
        assert_eq!(
            setup_position(dao),
            Some(board_and_side(
                "d8d/10/10/10/10/10/10/10/10/D8D[FOOAAfooaa] w KQkq - 0 1"
            ))
        );
    }

    #[test]
    fn other_sizes_keep_rank_numbers() {
        let coords = Coords::from_setup(Some("setup (PNBRQKpnbrqk) 14x14+0_fairy x w - - 0 1"));
        assert_eq!(coords.ranks, 14);
        assert_eq!(coords.wire_to_xboard("k10k12"), "k10k12");
        assert_eq!(coords.xboard_to_wire("k12k14"), "k12k14");
        assert_eq!(Coords::default().wire_to_xboard("e7e8q"), "e7e8q");
    }

    #[test]
    fn multi_leg_moves_use_commas() {
        let coords = Coords::default();
        assert_eq!(coords.wire_to_xboard("g2h3h4"), "g2h3,h3h4");
        assert_eq!(coords.xboard_to_wire("g2h3,h3h4"), "g2h3h4");
        assert_eq!(coords.wire_to_xboard("a1b2c3d4"), "a1b2,b2c3,c3d4");
        // Makromachy's fast castling: the King's move, then the corner to the King's square.
        assert_eq!(coords.wire_to_xboard("i1h1a1"), "i1h1,a1i1");
        assert_eq!(coords.wire_to_xboard("i14j14n14"), "i14j14,n14i14");
        assert_eq!(coords.wire_to_xboard("i1b1a1"), "i1b1,a1i1");
        // Legs that do not chain (XBoard's castling form) pass through unchanged.
        assert_eq!(coords.xboard_to_wire("e1g1,h1f1"), "e1g1,h1f1");
        // A Croatian cascade goes as its first ply; its legs are read too.
        assert_eq!(
            cascade_legs("Qk2-f7~Af7-i7~Ai7-i9").as_deref(),
            Some("k2f7,f7i7,i7i9")
        );
        assert_eq!(coords.wire_to_xboard("Qk2-f7~Af7-i7~Ai7-i9"), "k2f7");
        assert_eq!(coords.wire_to_xboard("Bi2-j1*P~Aj1-j2"), "i2j1");
        // XBoard relays a cascade through an own piece as castling (seen with XBoard 4.9.1).
        assert_eq!(
            castling_relay("a12c12,c12b12").as_deref(),
            Some("a12b12,c12a12")
        );
        assert_eq!(castling_relay("g2h3,h3h4").as_deref(), Some("g2h4,h3g4"));
        assert_eq!(castling_relay("e1g1,h1f1"), None);
        assert_eq!(castling_relay("a1b2,b2c3,c3d4"), None);
        assert_eq!(coords.wire_to_xboard("Ke1-g1~Rh1-f1"), "e1g1");
        // A piece leaving the board takes itself; XBoard relays that as castling.
        assert_eq!(coords.wire_to_xboard("c1x"), "c1c1,c1c1");
        assert_eq!(castling_relay("c1c1,c1c1").as_deref(), Some("c1c1,c1b1"));
        assert_eq!(coords.wire_to_xboard("c1x,d2x"), "c1x,d2x");
        // A single XAN ply, or a ply without from-to, stays as it is.
        assert_eq!(coords.wire_to_xboard("Pe2-e4=="), "Pe2-e4==");
        assert_eq!(coords.wire_to_xboard("Qk2-f7~Ae5"), "Qk2-f7~Ae5");
    }

    #[test]
    fn cascades_sharing_their_legs_get_apart() {
        let coords = Coords::from_setup(Some("setup (PNBRQKpnbrqk) 14x14+0_fairy x w - - 0 1"));
        let legal: Vec<String> = [
            "R&&n1-l1~Al1-l2*E",
            "R&&n1-l1~Al1-l2%E",
            "Bi2-j1~Aj1-j12=Q",
            "Bi2-j1~Aj1-j12=R",
            "Bi2-j1~Aj1-j12=",
            "Qk2-f7~Af7-i7",
            "d2d3",
        ]
        .map(str::to_string)
        .to_vec();
        assert_eq!(
            xboard_move_texts(coords, &legal),
            [
                "n1l1,l1l2",
                "n1l1,l1l2e",
                "i2j1,j1j12q",
                "i2j1,j1j12r",
                "i2j1,j1j12",
                "k2f7",
                "d2d3"
            ]
        );
        // Nothing left to tell two moves apart: our wire form.
        let same = ["Bi2-j1~Aj1-j12*E", "Bi2-j1~Aj1-j12*E&"].map(str::to_string);
        assert_eq!(xboard_move_texts(coords, &same), same);
        let ten = Coords::from_setup(Some("setup (PNBRQKpnbrqk) 10x10+0_fairy x w - - 0 1"));
        let legal = ["Ra2-b2~Ab2-b4*N", "Ra2-b2~Ab2-b4%N"].map(str::to_string);
        assert_eq!(xboard_move_texts(ten, &legal), ["a1b1,b1b3", "a1b1,b1b3n"]);
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
