//! The game on the page: the session, the moves played, who the engine plays, the running
//! search. Every request is a method here that answers JSON or a [`GuiError`], so the handlers
//! are tested without HTTP; a refused request changes nothing.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Weak};
use std::time::Duration;

use parking_lot::Mutex;
use serde::Deserialize;
use serde_json::{json, Value};
use tiamat_engine::core::view::click_texts;
use tiamat_engine::search::{Bound, Control, Options, Score};
use tiamat_engine::Color;
use tokio::sync::broadcast;

use super::view::board_json;
use crate::matchrunner::pgn::{self, PgnGame, PlayedMove};
use crate::registry::{variant_names, GameKind};
use crate::session::{new_session, AnySession, GoParams, MoveEntry, SearchEvent};

/// A request the table refuses, with the message the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiError(pub String);

impl<T: std::fmt::Display> From<T> for GuiError {
    fn from(message: T) -> Self {
        GuiError(message.to_string())
    }
}

pub type Answer = Result<Value, GuiError>;

/// How long the engine may think about a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Limit {
    /// Milliseconds per move.
    Time(u64),
    Depth(u32),
}

const MAX_MOVE_TIME_MS: u64 = 3_600_000;
const MAX_DEPTH: u32 = 64;
const MAX_MULTIPV: usize = 16;

/// The engine settings the page sends.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct EngineSettings {
    /// Which sides the engine plays: `none`, `white`, `black` or `both`.
    pub plays: Sides,
    pub limit: Limit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sides {
    None,
    White,
    Black,
    Both,
}

impl Sides {
    fn includes(self, color: Color) -> bool {
        match self {
            Sides::None => false,
            Sides::White => color == Color::White,
            Sides::Black => color == Color::Black,
            Sides::Both => true,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Sides::None => "none",
            Sides::White => "white",
            Sides::Black => "black",
            Sides::Both => "both",
        }
    }
}

/// One move of the game as the page lists and highlights it.
#[derive(Clone, Debug)]
struct Played {
    wire: String,
    human: String,
    touched: Vec<String>,
    /// The wire texts of the actions played so far where a turn is entered action by action
    /// (one click path each); empty for a move played whole.
    actions: Vec<String>,
    /// The turn goes on: the next action played joins this record.
    open: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move: played when the search ends.
    Play,
    /// Analysis: runs until the position changes.
    Analyse,
}

struct Running {
    id: u64,
    control: Arc<Control>,
    purpose: Purpose,
}

/// What the page is told without asking: the whole state after a change, search lines while
/// the engine thinks.
#[derive(Clone, Debug)]
pub struct Event {
    pub name: &'static str,
    pub data: String,
}

pub struct Table {
    session: Box<dyn AnySession>,
    variant: &'static str,
    /// The position string the game started from (`None`: the variant's start position).
    start: Option<String>,
    /// The side to move at the start.
    first_side: Color,
    moves: Vec<Played>,
    /// The current position's legal moves with their clicks, built on first use.
    entries: Option<Vec<MoveEntry>>,
    plays: Sides,
    limit: Limit,
    analysing: bool,
    multipv: usize,
    running: Option<Running>,
    next_search: u64,
    /// The latest search line per MultiPV index, shared with the search thread.
    lines: Arc<Mutex<Vec<Value>>>,
    /// The last thing that went wrong without a request to answer (the engine's move refused).
    notice: Option<String>,
    events: broadcast::Sender<Event>,
    finished: Sender<u64>,
    /// Counts the changes published, so the page can drop a state older than one it has (an
    /// answer to a request may arrive after the event of a later change).
    revision: u64,
}

/// The table as the server shares it between requests and the thread that plays the engine's
/// moves when its searches end.
#[derive(Clone)]
pub struct Gui {
    pub table: Arc<Mutex<Table>>,
    pub events: broadcast::Sender<Event>,
}

impl Gui {
    /// A table for `variant` at its start position (or without one for the randomised
    /// flavours, which start from a position string).
    pub fn new(variant: &str) -> Result<Gui, GuiError> {
        let (finished, done) = mpsc::channel();
        let (events, _) = broadcast::channel(256);
        let table = Table::new(variant, events.clone(), finished)?;
        let table = Arc::new(Mutex::new(table));
        spawn_referee(Arc::downgrade(&table), done);
        Ok(Gui { table, events })
    }

    /// Waits until no search runs (tests; the engine's searches there are short).
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < timeout {
            if self.table.lock().running.is_none() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

/// Plays the engine's move (or ends the analysis) when a search reports that it finished.
fn spawn_referee(table: Weak<Mutex<Table>>, done: Receiver<u64>) {
    std::thread::Builder::new()
        .name("gui-referee".into())
        .spawn(move || {
            for id in done {
                let Some(table) = table.upgrade() else {
                    return;
                };
                table.lock().search_finished(id);
            }
        })
        .expect("the referee thread starts");
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Table {
    fn new(
        variant: &str,
        events: broadcast::Sender<Event>,
        finished: Sender<u64>,
    ) -> Result<Table, GuiError> {
        let (session, variant) = fresh_session(variant)?;
        let first_side = session.side_to_move().unwrap_or(Color::White);
        Ok(Table {
            session,
            variant,
            start: None,
            first_side,
            moves: Vec::new(),
            entries: None,
            plays: Sides::None,
            limit: Limit::Time(1000),
            analysing: false,
            multipv: 1,
            running: None,
            next_search: 0,
            lines: Arc::new(Mutex::new(Vec::new())),
            notice: None,
            events,
            finished,
            revision: 0,
        })
    }

    /// Everything the page draws.
    pub fn state(&self) -> Value {
        let side = self.session.side_to_move();
        let board = self.session.board_view();
        let side_name = |color: Color| {
            board
                .as_ref()
                .map_or(color_name(color), |b| b.side_names[color.index()])
        };
        json!({
            "revision": self.revision,
            "variant": self.variant,
            "position": self.session.position_string(),
            "start": self.start,
            "board": board.as_ref().map(board_json),
            "side_to_move": side.map(color_name),
            "side_name": side.map(side_name),
            "turn_in_progress": self.session.turn_in_progress(),
            "in_check": self.session.has_position() && self.session.in_check(),
            "moves": self.moves.iter().map(|m| json!({"wire": m.wire, "human": m.human})).collect::<Vec<_>>(),
            "first_side": color_name(self.first_side),
            "last_move": self.moves.last().map(|m| json!({"wire": m.wire, "touched": m.touched})),
            "ending": self.session.ending().map(|e| json!({"result": e.result.pgn(), "reason": e.reason})),
            "engine": {
                "plays": self.plays.name(),
                "limit": match self.limit {
                    Limit::Time(ms) => json!({"kind": "time", "value": ms}),
                    Limit::Depth(d) => json!({"kind": "depth", "value": d}),
                },
            },
            "analysis": {"on": self.analysing, "multipv": self.multipv},
            "thinking": self.running.as_ref().map(|r| match r.purpose {
                Purpose::Play => "play",
                Purpose::Analyse => "analyse",
            }),
            "lines": *self.lines.lock(),
            "notice": self.notice,
        })
    }

    /// A new game of `variant` from its start or from `position`.
    pub fn new_game(&mut self, variant: &str, position: Option<&str>) -> Answer {
        let (mut session, variant) = fresh_session(variant)?;
        let position = position.map(str::trim).filter(|text| !text.is_empty());
        if let Some(text) = position {
            session
                .set_position(Some(text), &[])
                .map_err(|e| GuiError(format!("position string: {e}")))?;
        } else if !session.has_position() {
            return Err(GuiError(format!(
                "{variant} has no fixed start position: set one up from a position string"
            )));
        }
        self.stop_search();
        self.first_side = session.side_to_move().unwrap_or(Color::White);
        self.session = session;
        self.variant = variant;
        self.start = position.map(str::to_string);
        self.moves.clear();
        self.changed()
    }

    /// The moves whose clicks begin with `path`: the next clicks that continue one, and the
    /// moves these clicks already complete (several when they share all their clicks).
    pub fn clicks(&mut self, path: &[String]) -> Answer {
        let entries = self.entries();
        let mut next: Vec<String> = Vec::new();
        let mut complete = Vec::new();
        for entry in entries {
            let clicks = click_texts(&entry.input.clicks);
            if clicks.len() < path.len() || clicks[..path.len()] != *path {
                continue;
            }
            match clicks.get(path.len()) {
                Some(click) => next.push(click.clone()),
                None => complete.push(entry.wire.clone()),
            }
        }
        next.sort();
        next.dedup();
        let complete: Vec<Value> = complete
            .iter()
            .map(|wire| {
                let human = self
                    .session
                    .human_text(wire)
                    .unwrap_or_else(|_| wire.clone());
                json!({"wire": wire, "human": human})
            })
            .collect();
        Ok(json!({"path": path, "next": next, "complete": complete}))
    }

    fn entries(&mut self) -> &[MoveEntry] {
        let session = &self.session;
        self.entries.get_or_insert_with(|| session.move_entries())
    }

    fn engine_moving(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Play)
    }

    /// Plays a move given as wire or human text.
    pub fn play(&mut self, text: &str) -> Answer {
        if self.session.ending().is_some() {
            return Err(GuiError("the game is over".into()));
        }
        if self.engine_moving() {
            return Err(GuiError("the engine is thinking about its move".into()));
        }
        self.play_unchecked(text)?;
        self.changed()
    }

    fn play_unchecked(&mut self, text: &str) -> Result<(), GuiError> {
        let entries = self
            .entries
            .take()
            .unwrap_or_else(|| self.session.move_entries());
        self.stop_search();
        let (wire, human) = self.session.play_action(text)?;
        let mut touched = entries
            .into_iter()
            .find(|entry| entry.wire == wire)
            .map(|entry| entry.input.touched)
            .unwrap_or_default();
        let open = self.session.turn_in_progress();
        // Actions of one turn make one record, named as the whole turn once it ends.
        match self.moves.last_mut().filter(|last| last.open) {
            Some(last) => {
                last.actions.push(wire);
                last.touched.append(&mut touched);
                last.open = open;
                if !open {
                    if let Some((wire, human)) = self.session.whole_turn(&last.actions) {
                        (last.wire, last.human) = (wire, human);
                    }
                } else {
                    last.wire = last.actions.join(" ");
                    last.human = format!("{} {human}", last.human);
                }
            }
            None => self.moves.push(Played {
                actions: if open { vec![wire.clone()] } else { Vec::new() },
                wire,
                human,
                touched,
                open,
            }),
        }
        Ok(())
    }

    /// Takes back the last move; against the engine, back to the last position where the
    /// person is to move.
    pub fn undo(&mut self) -> Answer {
        if self.moves.is_empty() {
            return Err(GuiError("no move to take back".into()));
        }
        self.stop_search();
        self.take_back();
        while !self.moves.is_empty()
            && self.plays != Sides::Both
            && self
                .session
                .side_to_move()
                .is_some_and(|side| self.plays.includes(side))
        {
            self.take_back();
        }
        self.changed()
    }

    /// Takes back the last record: a turn entered action by action as a whole.
    fn take_back(&mut self) {
        let Some(last) = self.moves.pop() else {
            return;
        };
        for _ in 0..last.actions.len().max(1) {
            self.session.undo();
        }
    }

    pub fn set_engine(&mut self, settings: EngineSettings) -> Answer {
        match settings.limit {
            Limit::Time(ms) if !(1..=MAX_MOVE_TIME_MS).contains(&ms) => {
                return Err(GuiError(format!(
                    "move time must be 1 to {MAX_MOVE_TIME_MS} ms"
                )))
            }
            Limit::Depth(d) if !(1..=MAX_DEPTH).contains(&d) => {
                return Err(GuiError(format!("depth must be 1 to {MAX_DEPTH}")))
            }
            _ => {}
        }
        self.plays = settings.plays;
        self.limit = settings.limit;
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Analyse)
        {
            self.stop_search();
        }
        self.changed()
    }

    pub fn set_analysis(&mut self, on: bool, multipv: usize) -> Answer {
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(GuiError(format!("lines must be 1 to {MAX_MULTIPV}")));
        }
        self.analysing = on;
        self.multipv = multipv;
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Analyse)
        {
            self.stop_search();
        }
        self.changed()
    }

    /// The engine moves now for the side to move.
    pub fn engine_move(&mut self) -> Answer {
        if self.session.ending().is_some() {
            return Err(GuiError("the game is over".into()));
        }
        if self.engine_moving() {
            return Err(GuiError("the engine is already thinking".into()));
        }
        self.stop_search();
        self.start_search(Purpose::Play)?;
        self.publish();
        Ok(self.state())
    }

    /// Stops the search: the engine plays the best move found so far; analysis stops.
    pub fn stop(&mut self) -> Answer {
        if let Some(running) = &self.running {
            running.control.stop();
            if running.purpose == Purpose::Analyse {
                self.analysing = false;
                self.stop_search();
            }
        }
        self.publish();
        Ok(self.state())
    }

    /// The game so far as PGN, with the `Variant` tag and the game's own notation.
    pub fn pgn(&self) -> String {
        let ending = self.session.ending();
        let name = |color: Color| {
            if self.plays.includes(color) {
                "Tiamat"
            } else {
                "?"
            }
        };
        let result = ending.as_ref().map_or("*", |e| e.result.pgn());
        let mut tags = vec![
            ("Event", "Tiamat board".to_string()),
            ("Site", "?".to_string()),
            ("Date", pgn::today()),
            ("Round", "-".to_string()),
            ("White", name(Color::White).to_string()),
            ("Black", name(Color::Black).to_string()),
            ("Result", result.to_string()),
        ];
        if self.variant != "chess" {
            tags.push(("Variant", self.variant.to_string()));
        }
        if let Some(start) = &self.start {
            tags.push(("SetUp", "1".to_string()));
            tags.push(("FEN", start.clone()));
        }
        tags.push(("PlyCount", self.moves.len().to_string()));
        if let Some(ending) = &ending {
            tags.push(("Termination", ending.reason.clone()));
        }
        let moves: Vec<PlayedMove> = self
            .moves
            .iter()
            .map(|m| PlayedMove {
                human: m.human.clone(),
                comment: String::new(),
            })
            .collect();
        pgn::write_pgn(&PgnGame {
            tags,
            start_position: self.start.as_deref(),
            black_starts: self.first_side == Color::Black,
            moves: &moves,
            closing_comment: ending.as_ref().map(|e| e.reason.as_str()),
            result,
        })
    }

    /// After the position changed: new moves to click, the engine's turn or the analysis.
    fn changed(&mut self) -> Answer {
        self.entries = None;
        self.notice = None;
        self.lines.lock().clear();
        self.continue_play();
        self.publish();
        Ok(self.state())
    }

    /// Starts the search the position asks for, if any, and none runs.
    fn continue_play(&mut self) {
        if self.running.is_some() || !self.session.has_position() {
            return;
        }
        if self.session.ending().is_some() {
            return;
        }
        let side = self.session.side_to_move().unwrap_or(Color::White);
        let purpose = if self.plays.includes(side) {
            Purpose::Play
        } else if self.analysing {
            Purpose::Analyse
        } else {
            return;
        };
        if let Err(e) = self.start_search(purpose) {
            self.notice = Some(e.0);
        }
    }

    fn start_search(&mut self, purpose: Purpose) -> Result<(), GuiError> {
        self.session.set_options(Options {
            multipv: if purpose == Purpose::Analyse {
                self.multipv
            } else {
                1
            },
            ..Options::default()
        });
        let mut params = GoParams::default();
        match (purpose, self.limit) {
            (Purpose::Analyse, _) => params.infinite = true,
            (Purpose::Play, Limit::Time(ms)) => params.movetime = Some(Duration::from_millis(ms)),
            (Purpose::Play, Limit::Depth(d)) => params.depth = Some(d),
        }
        self.next_search += 1;
        let id = self.next_search;
        let control = Arc::new(Control::new());
        let sink = self.info_sink(id);
        let finished = self.finished.clone();
        let done = Box::new(move || {
            let _ = finished.send(id);
        });
        self.lines.lock().clear();
        self.session
            .start_search(&params, control.clone(), sink, done)
            .map_err(GuiError::from)?;
        self.running = Some(Running {
            id,
            control,
            purpose,
        });
        Ok(())
    }

    /// Sends each search line to the page, the score from White's side, the line in the
    /// game's notation. Runs on the search thread: it must not lock the table.
    fn info_sink(&self, id: u64) -> crate::session::EventSink {
        let namer = self.session.line_namer();
        let events = self.events.clone();
        let lines = self.lines.clone();
        let sign = match self.session.side_to_move() {
            Some(Color::Black) => -1,
            _ => 1,
        };
        Arc::new(move |event| {
            let SearchEvent::Iteration(info) = event else {
                return;
            };
            let (kind, value) = match info.score {
                Score::Cp(cp) => ("cp", cp * sign),
                Score::Mate(moves) => ("mate", moves * sign),
            };
            let line = json!({
                "search": id,
                "multipv": info.multipv,
                "depth": info.depth,
                "seldepth": info.seldepth,
                "score": {"kind": kind, "value": value, "bound": match info.bound {
                    Bound::Exact => "exact",
                    Bound::Lower => "lower",
                    Bound::Upper => "upper",
                }},
                "nodes": info.nodes,
                "nps": info.nps,
                "time_ms": info.time.as_millis() as u64,
                "pv": namer(&info.pv),
            });
            {
                let mut lines = lines.lock();
                let slot = info.multipv.max(1) - 1;
                if lines.len() <= slot {
                    lines.resize(slot + 1, Value::Null);
                }
                lines[slot] = line.clone();
            }
            let _ = events.send(Event {
                name: "info",
                data: line.to_string(),
            });
        })
    }

    /// Stops any search and forgets its result.
    fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.control.stop();
            self.session.join_search();
        }
    }

    /// A search ended by itself (or after `stop`): the engine plays its move.
    fn search_finished(&mut self, id: u64) {
        let Some(running) = self.running.take_if(|r| r.id == id) else {
            return;
        };
        let result = self.session.join_search();
        if running.purpose == Purpose::Play {
            match result.and_then(|r| r.best) {
                Some(best) => {
                    if let Err(e) = self.play_unchecked(&best) {
                        self.notice = Some(format!("the engine's move {best} was refused: {e:?}"));
                    }
                }
                None => self.notice = Some("the engine found no move".into()),
            }
            let notice = self.notice.take();
            let _ = self.changed();
            self.notice = notice;
        }
        self.publish();
    }

    fn publish(&mut self) {
        self.revision += 1;
        let _ = self.events.send(Event {
            name: "state",
            data: self.state().to_string(),
        });
    }
}

/// A session for `variant`, with the variant's own static name.
fn fresh_session(variant: &str) -> Result<(Box<dyn AnySession>, &'static str), GuiError> {
    let unknown = || GuiError(format!("unknown variant '{variant}'"));
    let name = variant_names()
        .into_iter()
        .find(|name| *name == variant)
        .ok_or_else(unknown)?;
    let session = new_session(name, &Options::default()).ok_or_else(unknown)?;
    Ok((session, name))
}

/// Every variant the page can choose, with whether it has a start position.
pub fn variants() -> Value {
    let list: Vec<Value> = GameKind::ALL
        .iter()
        .flat_map(|kind| kind.variants().iter())
        .map(|name| {
            let has_start =
                new_session(name, &Options::default()).is_some_and(|s| s.has_position());
            json!({"name": name, "start": has_start})
        })
        .collect();
    Value::Array(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(variant: &str) -> Gui {
        Gui::new(variant).expect("a registered variant")
    }

    fn clicks(gui: &Gui, path: &[&str]) -> Value {
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        gui.table.lock().clicks(&path).expect("clicks are answered")
    }

    fn strings(value: &Value) -> Vec<String> {
        value
            .as_array()
            .expect("a list")
            .iter()
            .map(|v| v.as_str().expect("text").to_string())
            .collect()
    }

    /// A refused request answers its message and leaves the whole state as it was.
    fn refused(gui: &Gui, request: impl FnOnce(&mut Table) -> Answer) -> String {
        let before = gui.table.lock().state();
        let answer = request(&mut gui.table.lock());
        assert_eq!(
            gui.table.lock().state(),
            before,
            "a refused request changed the state"
        );
        answer.expect_err("the request is refused").0
    }

    /// One's light Starchild b4 activates the Wave h5, which activates the dark Wave c7, which
    /// activates the dark Starchild d9; landing on m13, between the Stars a1 and z26, it may
    /// raise either Queen of the graveyard there, or nothing: the two resurrections share
    /// their clicks (the Starchild's field clicked again, as for the piece rising in its
    /// place) and are offered by their texts, each playing its own.
    #[test]
    fn resurrection_choices_share_their_clicks() {
        use tiamat_engine::games::croatian::Croatian;
        use tiamat_engine::Game;
        let setup =
            Croatian::from_author_setup("O Kc1,kc24,Ib4,Wh5,wc7,id9,Ta1,Tz26").expect("a setup");
        let position = format!("{} Qq", setup.position_string());
        let to_m13 = || {
            let gui = table("one");
            gui.table
                .lock()
                .new_game("one", Some(&position))
                .expect("a legal position");
            for action in ["b4h5~1", "h5c7~1", "c7d9~1"] {
                gui.table.lock().play(action).expect("the chain goes on");
            }
            gui
        };
        let gui = to_m13();
        let plain = clicks(&gui, &["d9", "m13"]);
        assert_eq!(plain["complete"].as_array().unwrap().len(), 1, "{plain}");
        assert!(strings(&plain["next"]).contains(&"m13".to_string()));
        let complete = clicks(&gui, &["d9", "m13", "m13"])["complete"].clone();
        let mut offered: Vec<(String, String)> = complete
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["wire"].as_str().unwrap().into(),
                    m["human"].as_str().unwrap().into(),
                )
            })
            .collect();
        offered.sort();
        assert_eq!(
            offered,
            [("d9m13$$Q", "d9m13$$Q"), ("d9m13$Q", "d9m13$Q")].map(|(w, h)| (w.into(), h.into()))
        );
        let mut risen = Vec::new();
        for (wire, _) in &offered {
            let gui = to_m13();
            let state = gui
                .table
                .lock()
                .play(wire)
                .expect("the resurrection ends the turn");
            assert_eq!(state["turn_in_progress"], false, "{wire}");
            let after = Croatian::from_position_string("one", state["position"].as_str().unwrap())
                .expect("a position");
            let queen = after.board_view().grids[0]
                .squares
                .iter()
                .find(|square| square.name == "m13")
                .and_then(|square| square.piece.clone())
                .expect("a piece on m13");
            risen.push((queen.name, queen.color));
        }
        // `$` raises the dark Starchild's colour, `$$` the other.
        assert_eq!(
            risen,
            [
                ("Queen", tiamat_engine::Color::White),
                ("Queen", tiamat_engine::Color::Black)
            ]
        );
    }

    #[test]
    fn clicks_offer_only_legal_continuations() {
        let gui = table("chess");
        let first = strings(&clicks(&gui, &[])["next"]);
        let pieces = ["a2", "b1", "b2", "c2", "d2", "e2", "f2", "g1", "g2", "h2"];
        assert_eq!(first, pieces);
        let e2 = clicks(&gui, &["e2"]);
        assert_eq!(strings(&e2["next"]), ["e3", "e4"]);
        assert_eq!(e2["complete"], json!([]));
        let done = clicks(&gui, &["e2", "e4"]);
        assert_eq!(done["next"], json!([]));
        assert_eq!(done["complete"], json!([{"wire": "e2e4", "human": "e4"}]));
        assert_eq!(
            clicks(&gui, &["e2", "e5"]),
            json!({"path": ["e2", "e5"], "next": [], "complete": []})
        );
    }

    #[test]
    fn promotion_choices_share_their_clicks() {
        let gui = table("chess");
        gui.table
            .lock()
            .new_game("chess", Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"))
            .expect("a legal position");
        let complete = clicks(&gui, &["e7", "e8"])["complete"].clone();
        let humans: Vec<&str> = complete
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["human"].as_str().unwrap())
            .collect();
        assert_eq!(humans.len(), 4, "{complete}");
        assert!(
            humans.contains(&"e8=Q") && humans.contains(&"e8=N"),
            "{humans:?}"
        );
    }

    #[test]
    fn a_move_is_played_highlighted_and_taken_back() {
        let gui = table("chess");
        let start = gui.table.lock().state()["position"].clone();
        let state = gui.table.lock().play("e4").expect("a legal move");
        assert_eq!(state["moves"], json!([{"wire": "e2e4", "human": "e4"}]));
        assert_eq!(strings(&state["last_move"]["touched"]).len(), 2);
        assert!(strings(&state["last_move"]["touched"]).contains(&"e4".to_string()));
        assert_eq!(state["side_to_move"], "black");
        let state = gui.table.lock().undo().expect("a move to take back");
        assert_eq!(state["position"], start);
        assert_eq!(state["moves"], json!([]));
    }

    /// A turn entered action by action (each click path one action) is one record, named as
    /// the whole turn once it ends, and taken back as a whole.
    #[test]
    fn a_turn_of_several_actions_is_one_move() {
        let gui = table("tlalocan");
        let position = "COT Ka1,kx24,Wb2";
        let start = gui
            .table
            .lock()
            .new_game("tlalocan", Some(position))
            .unwrap();
        let mut actions = gui.table.lock().session.legal_moves();
        actions.sort();
        assert_eq!(actions, ["a1a2", "a1b1", "a1b2~1"]);
        let state = gui
            .table
            .lock()
            .play("a1b2~1")
            .expect("the King activates the Wave");
        assert_eq!(state["turn_in_progress"], true);
        assert_eq!(state["moves"].as_array().unwrap().len(), 1);
        let endings = gui.table.lock().session.legal_moves();
        assert_eq!(endings.len(), 70, "{endings:?}");
        let ending = endings.iter().find(|e| e.contains("b10")).unwrap().clone();
        let state = gui
            .table
            .lock()
            .play(&ending)
            .expect("the Wave ends the turn");
        assert_eq!(state["turn_in_progress"], false);
        assert_eq!(state["side_to_move"], "black");
        let moves = state["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1, "{moves:?}");
        let whole = moves[0]["wire"].as_str().unwrap();
        assert_eq!(whole, "Ka1-b2~Wb2-b10", "{moves:?}");
        // The whole turn, played at once on another table, reaches the same position.
        let other = table("tlalocan");
        other
            .table
            .lock()
            .new_game("tlalocan", Some(position))
            .unwrap();
        let at_once = other
            .table
            .lock()
            .play(whole)
            .expect("the whole turn reads");
        assert_eq!(at_once["position"], state["position"]);
        assert_eq!(at_once["moves"], state["moves"]);
        let back = gui.table.lock().undo().expect("a move to take back");
        assert_eq!(back["position"], start["position"]);
        assert_eq!(back["moves"], json!([]));
    }

    #[test]
    fn bad_requests_change_nothing() {
        let gui = table("chess");
        gui.table.lock().play("e2e4").expect("a legal move");
        let message = refused(&gui, |t| t.play("e7e4"));
        assert!(message.contains("e7e4"), "{message}");
        assert!(refused(&gui, |t| t.play("hello")).contains("hello"));
        let message = refused(&gui, |t| t.new_game("nosuchgame", None));
        assert_eq!(message, "unknown variant 'nosuchgame'");
        let message = refused(&gui, |t| t.new_game("chess", Some("8/8/8 w - - 0 1")));
        assert!(message.starts_with("position string:"), "{message}");
        let message = refused(&gui, |t| t.new_game("classical14random", None));
        assert!(message.contains("no fixed start position"), "{message}");
        let depth_zero = EngineSettings {
            plays: Sides::Black,
            limit: Limit::Depth(0),
        };
        assert!(refused(&gui, |t| t.set_engine(depth_zero)).contains("depth"));
        let no_time = EngineSettings {
            plays: Sides::Black,
            limit: Limit::Time(0),
        };
        assert!(refused(&gui, |t| t.set_engine(no_time)).contains("move time"));
        assert!(refused(&gui, |t| t.set_analysis(true, 0)).contains("lines"));
        gui.table.lock().undo().expect("a move to take back");
        assert_eq!(refused(&gui, Table::undo), "no move to take back");
    }

    #[test]
    fn a_position_string_sets_up_a_game_and_its_pgn() {
        let gui = table("chess");
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
        let state = gui
            .table
            .lock()
            .new_game("chess", Some(fen))
            .expect("a legal position");
        assert_eq!(state["position"], fen);
        assert_eq!(state["first_side"], "black");
        gui.table.lock().play("Kd7").expect("a legal move");
        gui.table.lock().play("e4").expect("a legal move");
        let pgn = gui.table.lock().pgn();
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(pgn.contains("7... Kd7 8. e4 *"), "{pgn}");
        assert!(!pgn.contains("Variant"), "{pgn}");
    }

    #[test]
    fn pgn_names_the_variant_and_uses_its_notation() {
        let gui = table("dragonchess");
        let first = clicks(&gui, &[])["next"][0].as_str().unwrap().to_string();
        let to = clicks(&gui, &[&first])["next"][0]
            .as_str()
            .unwrap()
            .to_string();
        let complete = clicks(&gui, &[&first, &to])["complete"][0].clone();
        gui.table
            .lock()
            .play(complete["wire"].as_str().unwrap())
            .expect("a legal move");
        let pgn = gui.table.lock().pgn();
        assert!(pgn.contains("[Variant \"dragonchess\"]"), "{pgn}");
        assert!(
            pgn.contains(&format!("1. {} *", complete["human"].as_str().unwrap())),
            "{pgn}"
        );
    }

    #[test]
    fn every_variant_draws_and_offers_moves() {
        for entry in variants().as_array().unwrap() {
            let name = entry["name"].as_str().unwrap();
            let gui = table(name);
            let state = gui.table.lock().state();
            if entry["start"] == json!(false) {
                assert_eq!(state["board"], Value::Null, "{name}");
                continue;
            }
            let grids = state["board"]["grids"].as_array().unwrap();
            let squares: usize = grids
                .iter()
                .map(|g| g["squares"].as_array().unwrap().len())
                .sum();
            let pieces = grids
                .iter()
                .flat_map(|g| g["squares"].as_array().unwrap())
                .filter(|s| !s["piece"].is_null())
                .count();
            assert!(
                squares >= 64 && pieces >= 2,
                "{name}: {squares} squares, {pieces} pieces"
            );
            let first = clicks(&gui, &[]);
            assert!(
                !strings(&first["next"]).is_empty(),
                "{name}: nothing to click"
            );
        }
    }

    #[test]
    fn the_engine_answers_with_a_legal_move() {
        let gui = table("chess");
        let settings = EngineSettings {
            plays: Sides::Black,
            limit: Limit::Depth(2),
        };
        gui.table
            .lock()
            .set_engine(settings)
            .expect("valid settings");
        let probe = table("chess");
        probe.table.lock().play("e2e4").unwrap();
        let legal_replies: Vec<String> = probe
            .table
            .lock()
            .session
            .move_entries()
            .into_iter()
            .map(|e| e.wire)
            .collect();
        let state = gui.table.lock().play("e2e4").expect("a legal move");
        assert_eq!(state["thinking"], "play");
        assert!(
            gui.wait_idle(Duration::from_secs(600)),
            "the engine never moved"
        );
        let state = gui.table.lock().state();
        let moves = state["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2, "{state}");
        let reply = moves[1]["wire"].as_str().unwrap().to_string();
        assert!(legal_replies.contains(&reply), "{reply}");
        assert_eq!(state["side_to_move"], "white");
        // Taking back against the engine returns to the person's move.
        let state = gui.table.lock().undo().unwrap();
        assert_eq!(state["moves"], json!([]));
    }

    #[test]
    fn analysis_streams_lines_and_stops() {
        let gui = table("chess");
        let mut events = gui.events.subscribe();
        gui.table
            .lock()
            .set_analysis(true, 2)
            .expect("valid settings");
        let line = loop {
            let event = events.blocking_recv().expect("events flow");
            if event.name == "info" {
                break serde_json::from_str::<Value>(&event.data).unwrap();
            }
        };
        assert!(line["multipv"] == 1 || line["multipv"] == 2, "{line}");
        assert!(!strings(&line["pv"]).is_empty(), "{line}");
        let state = gui.table.lock().stop().unwrap();
        assert_eq!(state["analysis"]["on"], false);
        assert_eq!(state["thinking"], Value::Null);
    }
}
