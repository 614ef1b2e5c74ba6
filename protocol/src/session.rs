//! The game being played, as the front ends see it.
//!
//! [`Session<G>`] is generic over the game: it holds the positions of the game so far (for the key
//! history), the searcher, and the worker thread while a search runs. The front ends hold it as a
//! `Box<dyn AnySession>`, so `dyn` dispatch happens once per protocol command and never inside the
//! search, which runs fully monomorphised on its own thread.

use std::fmt;
use std::sync::Arc;

use parking_lot::Mutex;
use std::thread::JoinHandle;

use tiamat_engine::core::view::{BoardView, MoveInput};
use tiamat_engine::core::{complete_turn, whole_turns};
use tiamat_engine::search::{
    Control, IterationInfo, Limits, Options, Outcome, Report, Searcher, SpareTable,
};
use tiamat_engine::{Color, Ending, Game, MoveError, MoveList, PositionError};
use tiamat_eval::HasEvaluator;

use crate::registry::GameKind;

/// The largest transposition table and thread count either protocol accepts.
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_THREADS: usize = 256;
/// The option that turns the engine into a weak baseline player (`PlayStyle`). One word: CECP
/// clients (python-chess) read an option's name up to the first space.
pub const PLAY_STYLE: &str = "PlayStyle";
/// The option that switches chess between its trained network and the hand-written evaluation.
pub const USE_NNUE: &str = "UseNNUE";
/// The option that sets search parameters by name, `name=value,name=value` (`SearchParams`).
pub const SEARCH_PARAMS: &str = "SearchParams";

/// What a `go` (UCI) or a CECP thinking request asks for, with root moves still as text.
pub type GoParams = Limits<String>;

/// One search report with moves already in wire form.
#[derive(Clone, Debug)]
pub enum SearchEvent {
    Iteration(IterationInfo<String>),
    CurrMove {
        depth: u32,
        mv: String,
        number: usize,
    },
}

/// A finished search, moves in wire form.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<String>,
    pub ponder: Option<String>,
    /// Why the answer is not the search's own, or why there is none, for an `info string`.
    pub note: Option<String>,
}

/// Why the session refused a position or a search; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    Position(PositionError),
    Move(MoveError),
    NoPosition,
    SearchRunning,
    /// The operating system would not start the search thread.
    Thread(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Position(e) => e.fmt(f),
            SessionError::Move(e) => e.fmt(f),
            SessionError::NoPosition => f.write_str("no position is set"),
            SessionError::SearchRunning => f.write_str("a search is already running"),
            SessionError::Thread(e) => write!(f, "cannot start the search thread: {e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// Where a running search sends its reports (called on the search thread).
pub type EventSink = Arc<dyn Fn(SearchEvent) + Send + Sync>;

/// Turns a line of wire moves from a fixed position into the game's human text; it stops at
/// the first move that is not legal there.
pub type LineNamer = Box<dyn Fn(&[String]) -> Vec<String> + Send + Sync>;

/// One legal move of the current position as a graphical front end enters it.
#[derive(Clone, Debug)]
pub struct MoveEntry {
    pub wire: String,
    pub input: MoveInput,
}

/// The current game, whatever it is. Every method is cheap except perft and the search itself.
pub trait AnySession: Send {
    /// The variant being played (protocol.md name).
    fn variant(&self) -> &'static str;
    /// Whether a position is set (randomised variants have no start position).
    fn has_position(&self) -> bool;
    /// Sets the position from a position string (`None`: the variant's start position) and then
    /// plays `moves`. On any error nothing changes.
    fn set_position(&mut self, text: Option<&str>, moves: &[&str]) -> Result<(), SessionError>;
    /// Plays one move given in wire or human form; returns its wire form.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Plays one move as [`AnySession::play`] does, or one listed action (of
    /// [`AnySession::legal_moves`]) given in its wire form, which the protocols refuse: how a
    /// board page enters a turn action by action. Returns its wire form and human text.
    fn play_action(&mut self, text: &str) -> Result<(String, String), MoveError>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Number of moves played since the position was set.
    fn moves_played(&self) -> usize;
    fn side_to_move(&self) -> Option<Color>;
    /// The game is over in the current position (with the repetition history).
    fn ending(&self) -> Option<Ending>;
    fn position_string(&self) -> Option<String>;
    fn board_text(&self) -> Option<String>;
    fn key(&self) -> Option<u64>;
    /// Wire form of every legal move.
    fn legal_moves(&self) -> Vec<String>;
    /// Every legal move, in the order of [`AnySession::legal_moves`], as XBoard is to be given
    /// it (our square names): the game's legs where it has them (`Game::xboard_legs`), else
    /// the wire form.
    fn xboard_moves(&self) -> Vec<String>;
    /// Both [`AnySession::legal_moves`] and [`AnySession::xboard_moves`], the moves listed and
    /// written once.
    fn legal_and_xboard_moves(&self) -> (Vec<String>, Vec<String>);
    /// Perft divide: each legal move with its node count at `depth` (`depth >= 1`).
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// XBoard's `setup`/`piece` lines for this variant.
    fn cecp_setup(&self) -> Option<String>;
    fn set_options(&mut self, options: Options);
    fn clear_hash(&mut self);
    /// Starts searching the current position on a worker thread. `done` runs on that thread
    /// once the result is ready for [`AnySession::join_search`].
    fn start_search(
        &mut self,
        params: &GoParams,
        control: Arc<Control>,
        sink: EventSink,
        done: Box<dyn FnOnce() + Send>,
    ) -> Result<(), SessionError>;
    /// Waits for the running search (call `Control::stop` first to hurry it) and returns its result.
    fn join_search(&mut self) -> Option<SearchResult>;
    /// The current board as data for a graphical front end.
    fn board_view(&self) -> Option<BoardView>;
    /// Every legal move (or action) of the current position with the clicks that enter it, in
    /// the order of [`AnySession::legal_moves`].
    fn move_entries(&self) -> Vec<MoveEntry>;
    /// The human text of a legal move given in wire or human form.
    fn human_text(&self, text: &str) -> Result<String, MoveError>;
    /// True while the side to move is in the middle of a turn made of several actions.
    fn turn_in_progress(&self) -> bool;
    /// The whole turn the last moves played make, given as their wire texts (the actions of a
    /// turn that just ended): its wire form and human text.
    fn whole_turn(&self, actions: &[String]) -> Option<(String, String)>;
    fn in_check(&self) -> bool;
    /// Names lines from the current position (search reports arrive on the search thread, after
    /// the session may have moved on).
    fn line_namer(&self) -> LineNamer;
    /// The searcher's table, for the session that replaces this one (`None` while a search
    /// runs); the session builds a new searcher if it searches again.
    fn take_table(&mut self) -> Option<SpareTable>;
}

/// Tables in-process front ends gave up, for the next front ends of the process
/// ([`park_table`]): sessions run in-process one after another (tests, fuzzing) then do not
/// each allocate and fault in a table of their own. At most two: the size every front end
/// starts at, and the last other size (a session that resized ended with it).
static PARKED: Mutex<Vec<SpareTable>> = Mutex::new(Vec::new());

/// Keeps the table of `session`, which its front end is done with, for the next
/// [`new_session`] of the process.
pub fn park_table(session: &mut dyn AnySession) {
    if let Some(spare) = session.take_table() {
        park(spare);
    }
}

fn park(spare: SpareTable) {
    let mut parked = PARKED.lock();
    parked.retain(|other| other.hash_mb() != spare.hash_mb());
    parked.push(spare);
    if parked.len() > 2 {
        let default = Options::default().hash_mb;
        let oldest_other = parked.iter().position(|s| s.hash_mb() != default);
        parked.remove(oldest_other.unwrap_or(0));
    }
}

/// The parked table of `hash_mb` megabytes, if any.
fn take_parked(hash_mb: usize) -> Option<SpareTable> {
    let mut parked = PARKED.lock();
    let at = parked.iter().position(|spare| spare.hash_mb() == hash_mb)?;
    Some(parked.swap_remove(at))
}

/// A new session for `variant` at its start position (or without a position when the variant
/// has no fixed start). It takes over a parked table ([`park_table`]) when one has the size
/// `options` asks for.
pub fn new_session(variant: &str, options: &Options) -> Option<Box<dyn AnySession>> {
    let kind = GameKind::from_variant(variant)?;
    Some(session_of(
        kind,
        variant,
        options,
        take_parked(options.hash_mb),
    ))
}

/// A new session for `variant` (as [`new_session`]) that takes over the table of `previous`,
/// the session it replaces; `None`, and `previous` untouched, for an unknown variant.
pub fn next_session(
    variant: &str,
    options: &Options,
    previous: &mut dyn AnySession,
) -> Option<Box<dyn AnySession>> {
    let kind = GameKind::from_variant(variant)?;
    Some(session_of(kind, variant, options, previous.take_table()))
}

fn session_of(
    kind: GameKind,
    variant: &str,
    options: &Options,
    spare: Option<SpareTable>,
) -> Box<dyn AnySession> {
    crate::registry::with_game!(kind, G => {
        Box::new(Session::<G>::with_table(variant, options.clone(), spare)) as Box<dyn AnySession>
    })
}

type Worker<G> = JoinHandle<(Searcher<G, <G as HasEvaluator>::Evaluator>, SearchResult)>;

/// One game of type `G`: the positions so far and the searcher.
pub struct Session<G: HasEvaluator> {
    variant: &'static str,
    /// The position set last, then one state per move played since; the last is current.
    positions: Vec<G>,
    /// The position text and move texts `set_position` built `positions` from (`None` once moves
    /// are played or taken back otherwise): a new move list that extends them (a GUI repeats
    /// the whole game every move) only reads its new moves.
    set_from: Option<(Option<String>, Vec<String>)>,
    /// `None` while the searcher is lent to the worker thread.
    searcher: Option<Searcher<G, G::Evaluator>>,
    worker: Option<Worker<G>>,
    options: Options,
}

impl<G: HasEvaluator> Session<G> {
    pub fn new(variant: &str, options: Options) -> Self {
        Self::with_table(variant, options, None)
    }

    /// A session whose searcher takes over `spare` (see [`Searcher::with_table`]).
    pub fn with_table(variant: &str, options: Options, spare: Option<SpareTable>) -> Self {
        let variant = G::variants()
            .iter()
            .copied()
            .find(|name| *name == variant)
            .unwrap_or_else(|| G::variants().first().copied().unwrap_or("unknown"));
        let positions = G::start_position(variant).into_iter().collect();
        Session {
            variant,
            positions,
            set_from: None,
            searcher: Some(match spare {
                Some(spare) => {
                    Searcher::with_table(G::Evaluator::default(), options.clone(), spare)
                }
                None => Searcher::new(G::Evaluator::default(), options.clone()),
            }),
            worker: None,
            options,
        }
    }

    fn current(&self) -> Option<&G> {
        self.positions.last()
    }

    /// Keys of the states before the current one, oldest first.
    fn history(&self) -> Vec<u64> {
        let n = self.positions.len().saturating_sub(1);
        self.positions[..n].iter().map(G::key).collect()
    }

    fn parse_legal(pos: &G, history: &[u64], text: &str) -> Result<G::Move, MoveError> {
        let mv = pos.parse_move(text)?;
        if pos.forbidden_by_history(&mv, history) {
            return Err(MoveError::illegal(text, "forbidden by the game's history"));
        }
        Ok(mv)
    }

    fn limits(&self, pos: &G, params: &GoParams) -> Result<Limits<G::Move>, SessionError> {
        let history = self.history();
        let searchmoves = params
            .searchmoves
            .iter()
            .map(|text| Self::parse_legal(pos, &history, text).map_err(SessionError::Move))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(params.with_searchmoves(searchmoves))
    }

    /// The legal moves of the current position, the game's history considered.
    fn legal(&self) -> Vec<G::Move> {
        let Some(pos) = self.current() else {
            return Vec::new();
        };
        let history = self.history();
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        moves
            .as_slice()
            .iter()
            .filter(|mv| !pos.forbidden_by_history(mv, &history))
            .cloned()
            .collect()
    }

    fn searcher(&mut self) -> &mut Searcher<G, G::Evaluator> {
        if self.worker.is_some() {
            self.join_search();
        }
        self.searcher
            .get_or_insert_with(|| Searcher::new(G::Evaluator::default(), self.options.clone()))
    }
}

/// The wire form of a line of moves from `root`, cut at the first move that is not legal
/// (a searcher bug must not crash the protocol). Where turns are built from several actions,
/// the line's actions are joined into whole turns first (a turn left unfinished is cut).
fn line_to_wire<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let turns;
    let line = if root.multi_action_turns() {
        turns = whole_turns(root, line).0;
        &turns[..]
    } else {
        line
    };
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(pos.move_to_wire(mv));
        pos = pos.play(mv);
    }
    out
}

impl<G: HasEvaluator> AnySession for Session<G> {
    fn variant(&self) -> &'static str {
        self.variant
    }

    fn has_position(&self) -> bool {
        !self.positions.is_empty()
    }

    fn set_position(&mut self, text: Option<&str>, moves: &[&str]) -> Result<(), SessionError> {
        let known = match &self.set_from {
            Some((root, texts))
                if root.as_deref() == text
                    && texts.len() < self.positions.len()
                    && moves.len() >= texts.len()
                    && moves.iter().zip(texts).all(|(a, b)| a == b) =>
            {
                texts.len()
            }
            _ => 0,
        };
        let mut positions = if known > 0 {
            self.positions[..=known].to_vec()
        } else {
            vec![match text {
                None => G::start_position(self.variant),
                Some(text) => G::from_position_string(self.variant, text),
            }
            .map_err(SessionError::Position)?]
        };
        let mut keys: Vec<u64> = positions[..known].iter().map(G::key).collect();
        for text in &moves[known..] {
            let pos = positions.last().expect("never empty");
            let mv = Self::parse_legal(pos, &keys, text).map_err(SessionError::Move)?;
            keys.push(pos.key());
            let next = pos.play(&mv);
            positions.push(next);
        }
        self.positions = positions;
        self.set_from = Some((
            text.map(str::to_string),
            moves.iter().map(|m| m.to_string()).collect(),
        ));
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let history = self.history();
        let Some(pos) = self.current() else {
            return Err(MoveError::illegal(text, "no position is set"));
        };
        let mv = Self::parse_legal(pos, &history, text)?;
        let wire = pos.move_to_wire(&mv);
        let next = pos.play(&mv);
        self.positions.push(next);
        self.set_from = None;
        Ok(wire)
    }

    fn play_action(&mut self, text: &str) -> Result<(String, String), MoveError> {
        let history = self.history();
        let pos = self.current_or_err(text)?;
        let mv = match Self::parse_legal(pos, &history, text) {
            Ok(mv) => mv,
            Err(e) => listed_action(pos, text)
                .filter(|mv| !pos.forbidden_by_history(mv, &history))
                .ok_or(e)?,
        };
        let done = (pos.move_to_wire(&mv), pos.move_to_human(&mv));
        let next = pos.play(&mv);
        self.positions.push(next);
        self.set_from = None;
        Ok(done)
    }

    fn undo(&mut self) -> bool {
        if self.positions.len() > 1 {
            self.positions.pop();
            self.set_from = None;
            true
        } else {
            false
        }
    }

    fn moves_played(&self) -> usize {
        self.positions.len().saturating_sub(1)
    }

    fn side_to_move(&self) -> Option<Color> {
        self.current().map(G::side_to_move)
    }

    fn ending(&self) -> Option<Ending> {
        self.current().and_then(|pos| pos.ending(&self.history()))
    }

    fn position_string(&self) -> Option<String> {
        self.current().map(G::position_string)
    }

    fn board_text(&self) -> Option<String> {
        self.current().map(G::board_text)
    }

    fn key(&self) -> Option<u64> {
        self.current().map(G::key)
    }

    fn legal_moves(&self) -> Vec<String> {
        let Some(pos) = self.current() else {
            return Vec::new();
        };
        pos.moves_to_wire(&self.legal())
    }

    fn xboard_moves(&self) -> Vec<String> {
        let Some(pos) = self.current() else {
            return Vec::new();
        };
        let legal = self.legal();
        let legs: Vec<Option<String>> = legal.iter().map(|mv| pos.xboard_legs(mv)).collect();
        let bare: Vec<G::Move> = legal
            .iter()
            .zip(&legs)
            .filter(|(_, legs)| legs.is_none())
            .map(|(mv, _)| mv.clone())
            .collect();
        let mut wires = pos.moves_to_wire(&bare).into_iter();
        legs.into_iter()
            .map(|legs| legs.or_else(|| wires.next()).unwrap_or_default())
            .collect()
    }

    fn legal_and_xboard_moves(&self) -> (Vec<String>, Vec<String>) {
        let Some(pos) = self.current() else {
            return (Vec::new(), Vec::new());
        };
        let legal = self.legal();
        let wires = pos.moves_to_wire(&legal);
        let xboard = legal
            .iter()
            .zip(&wires)
            .map(|(mv, wire)| pos.xboard_legs(mv).unwrap_or_else(|| wire.clone()))
            .collect();
        (wires, xboard)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let options = tiamat_perft::Options {
            threads: self.options.threads,
            progress_after: None,
        };
        self.current()
            .map(|pos| tiamat_perft::divide(pos, depth, &options))
            .unwrap_or_default()
    }

    fn cecp_setup(&self) -> Option<String> {
        self.current().and_then(G::cecp_setup)
    }

    fn set_options(&mut self, options: Options) {
        self.options = options.clone();
        let resizes = self.searcher().options().hash_mb != options.hash_mb;
        let spare = resizes.then(|| take_parked(options.hash_mb)).flatten();
        if let Some(old) = self.searcher().set_options_from(options, spare) {
            // Every front end starts at the default size: a table of that size is kept for the
            // next one of the process (at most one, so the binary holds 16 MB more at most).
            if old.hash_mb() == Options::default().hash_mb {
                park(old);
            }
        }
    }

    fn clear_hash(&mut self) {
        self.searcher().clear();
    }

    fn start_search(
        &mut self,
        params: &GoParams,
        control: Arc<Control>,
        sink: EventSink,
        done: Box<dyn FnOnce() + Send>,
    ) -> Result<(), SessionError> {
        if self.worker.is_some() {
            return Err(SessionError::SearchRunning);
        }
        let Some(root) = self.current().cloned() else {
            return Err(SessionError::NoPosition);
        };
        let limits = self.limits(&root, params)?;
        let history = self.history();
        let options = self.options.clone();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(G::Evaluator::default(), options));
        let worker = std::thread::Builder::new()
            .name("search".into())
            .stack_size(tiamat_engine::search::THREAD_STACK)
            .spawn(move || {
                let mut report = |report: Report<G::Move>| {
                    if let Report::CurrMove { mv, .. } = &report {
                        // An action that leaves the turn in progress is no move on the wire.
                        if root.multi_action_turns() && root.play(mv).turn_in_progress() {
                            return;
                        }
                    }
                    sink(match report {
                        Report::Iteration(info) => SearchEvent::Iteration(IterationInfo {
                            pv: line_to_wire(&root, &info.pv),
                            depth: info.depth,
                            seldepth: info.seldepth,
                            multipv: info.multipv,
                            score: info.score,
                            bound: info.bound,
                            nodes: info.nodes,
                            nps: info.nps,
                            hashfull: info.hashfull,
                            time: info.time,
                        }),
                        Report::CurrMove { depth, mv, number } => SearchEvent::CurrMove {
                            depth,
                            mv: root.move_to_wire(&mv),
                            number,
                        },
                    })
                };
                let outcome = searcher.search(&root, &history, &limits, &control, &mut report);
                let result = result_to_wire(&root, &history, &outcome);
                done();
                (searcher, result)
            })
            .map_err(|e| SessionError::Thread(e.to_string()))?;
        self.worker = Some(worker);
        Ok(())
    }

    fn board_view(&self) -> Option<BoardView> {
        self.current().map(G::board_view)
    }

    fn move_entries(&self) -> Vec<MoveEntry> {
        let Some(pos) = self.current() else {
            return Vec::new();
        };
        self.legal()
            .iter()
            .map(|mv| MoveEntry {
                wire: pos.move_to_wire(mv),
                input: pos.move_input(mv),
            })
            .collect()
    }

    fn human_text(&self, text: &str) -> Result<String, MoveError> {
        let pos = self.current_or_err(text)?;
        let mv = Self::parse_legal(pos, &self.history(), text)?;
        Ok(pos.move_to_human(&mv))
    }

    fn turn_in_progress(&self) -> bool {
        self.current().is_some_and(G::turn_in_progress)
    }

    fn whole_turn(&self, actions: &[String]) -> Option<(String, String)> {
        let start = self.positions.len().checked_sub(actions.len() + 1)?;
        let root = &self.positions[start];
        let moves = self.positions[start..]
            .iter()
            .zip(actions)
            .map(|(pos, text)| {
                pos.parse_move(text)
                    .ok()
                    .or_else(|| listed_action(pos, text))
            })
            .collect::<Option<Vec<_>>>()?;
        let turn = root.join_turn(&moves)?;
        Some((root.move_to_wire(&turn), root.move_to_human(&turn)))
    }

    fn in_check(&self) -> bool {
        self.current().is_some_and(G::in_check)
    }

    fn line_namer(&self) -> LineNamer {
        let root = self.current().cloned();
        Box::new(move |line| {
            root.as_ref()
                .map(|root| line_to_human(root, line))
                .unwrap_or_default()
        })
    }

    fn take_table(&mut self) -> Option<SpareTable> {
        if self.worker.is_some() {
            return None;
        }
        self.searcher.take().map(Searcher::into_table)
    }

    fn join_search(&mut self) -> Option<SearchResult> {
        let worker = self.worker.take()?;
        match worker.join() {
            Ok((searcher, result)) => {
                self.searcher = Some(searcher);
                Some(result)
            }
            // The searcher is lost with the thread; `searcher()` builds a fresh one. The
            // interface still gets a legal turn where there is one.
            Err(_) => {
                let root = self.current()?;
                let best = first_legal_turn(root, &self.history());
                Some(SearchResult {
                    best: best.map(|turn| root.move_to_wire(&turn)),
                    ponder: None,
                    note: Some("the search failed".into()),
                })
            }
        }
    }
}

impl<G: HasEvaluator> Session<G> {
    fn current_or_err(&self, text: &str) -> Result<&G, MoveError> {
        self.current()
            .ok_or_else(|| MoveError::illegal(text, "no position is set"))
    }
}

/// The legal move (an action where turns go action by action) whose wire form is `text`.
fn listed_action<G: Game>(pos: &G, text: &str) -> Option<G::Move> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .as_slice()
        .iter()
        .find(|mv| pos.move_to_wire(mv) == text)
        .cloned()
}

/// The human text of each move of a line given in wire form, until one is not legal.
fn line_to_human<G: Game>(root: &G, line: &[String]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for text in line {
        let Ok(mv) = pos.parse_move(text) else {
            break;
        };
        out.push(pos.move_to_human(&mv));
        pos = pos.play(&mv);
    }
    out
}

/// The outcome in wire form. An answer that is no legal turn from `root` (a searcher bug) gives
/// way to the first legal turn found; without one, the note says why there is no move.
fn result_to_wire<G: Game>(root: &G, history: &[u64], outcome: &Outcome<G::Move>) -> SearchResult {
    let line: Vec<G::Move> = outcome
        .best
        .iter()
        .chain(outcome.ponder.iter())
        .cloned()
        .collect();
    let mut wire = line_to_wire(root, &line).into_iter();
    if let Some(best) = outcome.best.as_ref().and(wire.next()) {
        return SearchResult {
            best: Some(best),
            ponder: wire.next(),
            note: None,
        };
    }
    let searched = outcome.best.as_ref().map(|mv| root.move_to_wire(mv));
    match first_legal_turn(root, history) {
        Some(turn) => SearchResult {
            best: Some(root.move_to_wire(&turn)),
            ponder: None,
            note: Some(match searched {
                Some(text) => format!("the search answered {text}, not a legal turn here"),
                None => "the search found no move".to_string(),
            }),
        },
        None => SearchResult {
            best: None,
            ponder: None,
            note: Some(match root.ending(history) {
                Some(ending) => format!("no legal move: {}", ending.reason),
                None => "no legal move".to_string(),
            }),
        },
    }
}

/// The first legal turn of `root` that its wire form names, found cheaply: a move or action
/// that ends the turn first, else a turn completed in list order from each first action.
fn first_legal_turn<G: Game>(root: &G, history: &[u64]) -> Option<G::Move> {
    let mut moves = G::MoveList::default();
    root.legal_moves(&mut moves);
    let allowed = moves
        .as_slice()
        .iter()
        .filter(|mv| !root.forbidden_by_history(mv, history));
    let (ends, goes_on): (Vec<&G::Move>, Vec<&G::Move>) =
        allowed.partition(|mv| !root.multi_action_turns() || !root.play(mv).turn_in_progress());
    let names = |turn: &G::Move| !line_to_wire(root, std::slice::from_ref(turn)).is_empty();
    let ended = ends.into_iter().find(|&mv| names(mv)).cloned();
    ended.or_else(|| {
        goes_on.into_iter().find_map(|first| {
            let mut actions = vec![first.clone()];
            let mut in_order = |_: &G, moves: &[G::Move]| (0..moves.len()).collect();
            complete_turn(&root.play(first), &mut actions, &mut in_order)?;
            root.join_turn(&actions).filter(names)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::games::croatian::Croatian;
    use tiamat_engine::search::Score;

    fn outcome<M>(best: Option<M>) -> Outcome<M> {
        Outcome {
            best,
            ponder: None,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn an_answer_that_is_no_legal_turn_gives_way_to_one() {
        // A first action that leaves One's turn in progress names no turn on the wire.
        let root = Croatian::start_position("one").unwrap();
        let mut actions = Vec::new();
        root.legal_moves(&mut actions);
        let first = actions
            .iter()
            .find(|mv| root.play(mv).turn_in_progress())
            .unwrap();
        let result = result_to_wire(&root, &[], &outcome(Some(first.clone())));
        let best = result.best.expect("a legal turn");
        assert!(root.parse_move(&best).is_ok(), "{best}");
        assert!(result.note.unwrap().contains("not a legal turn"));
        // Without a legal move, none, and why.
        // Fool's mate.
        let mated = tiamat_engine::games::chess::Chess::from_position_string(
            "chess",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        )
        .unwrap();
        let result = result_to_wire(&mated, &[], &outcome(None));
        assert_eq!(result.best, None);
        assert_eq!(result.note.as_deref(), Some("no legal move: Black mates"));
    }

    /// Nodes of a depth-4 chess search from the start, on `session`'s searcher.
    fn start_nodes(session: &mut dyn AnySession) -> u64 {
        let nodes = Arc::new(std::sync::Mutex::new(0));
        let seen = nodes.clone();
        let params = GoParams {
            depth: Some(4),
            ..GoParams::default()
        };
        let sink: EventSink = Arc::new(move |event| {
            if let SearchEvent::Iteration(info) = event {
                *seen.lock().unwrap() = info.nodes;
            }
        });
        session
            .start_search(&params, Arc::new(Control::new()), sink, Box::new(|| {}))
            .unwrap();
        session.join_search().unwrap();
        let n = *nodes.lock().unwrap();
        n
    }

    #[test]
    fn the_next_front_end_takes_over_a_parked_table_cleared() {
        // A size no other test asks for, so no other session takes the parked table.
        let options = Options {
            hash_mb: 3,
            ..Options::default()
        };
        let mut first = new_session("chess", &options).unwrap();
        let fresh = start_nodes(first.as_mut());
        // What the table remembers shows in the count.
        assert_ne!(start_nodes(first.as_mut()), fresh);
        park_table(first.as_mut());
        let mut next = new_session("chess", &options).unwrap();
        assert!(
            !PARKED.lock().iter().any(|spare| spare.hash_mb() == 3),
            "the table was not taken over"
        );
        assert_eq!(start_nodes(next.as_mut()), fresh);
        // A switch of game hands the table on directly, cleared too.
        let mut switched = next_session("chess", &options, next.as_mut()).unwrap();
        assert_eq!(start_nodes(switched.as_mut()), fresh);
    }

    #[test]
    fn a_longer_move_list_reads_only_its_new_moves() {
        let mut s = new_session("chess", &Options::default()).unwrap();
        s.set_position(None, &["e2e4", "e7e5"]).unwrap();
        let after_two = s.position_string().unwrap();
        s.set_position(None, &["e2e4", "e7e5", "g1f3"]).unwrap();
        assert_eq!(s.moves_played(), 3);
        assert!(s
            .position_string()
            .unwrap()
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/"));
        // A list that does not extend the last one, or a bad move, starts over or changes
        // nothing.
        s.set_position(None, &["d2d4"]).unwrap();
        assert_eq!(s.moves_played(), 1);
        assert!(s.set_position(None, &["d2d4", "e2e5"]).is_err());
        assert_eq!(s.moves_played(), 1);
        s.set_position(None, &["e2e4", "e7e5"]).unwrap();
        assert_eq!(s.position_string().unwrap(), after_two);
        // Moves played otherwise end the reuse.
        s.play("g1f3").unwrap();
        s.undo();
        s.undo();
        s.set_position(None, &["e2e4", "e7e5", "b1c3"]).unwrap();
        assert!(s.position_string().unwrap().contains("/2N5/"));
    }
}
