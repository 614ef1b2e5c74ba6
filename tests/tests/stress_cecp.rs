//! CECP stress: long random but well-formed XBoard sessions against the real binary, from a
//! seeded generator. `force`, `undo`, `remove`, `setboard`, `new`, `variant`, `result`,
//! `playother`, `memory`, `cores` and `analyze` arrive while the engine is idle, thinking, pondering and
//! analysing; user moves (legal and not), clock commands with good and bad values, `?`, `ping`.
//!
//! The engine's answers are judged against a model of the game: after each command the test
//! sends `ping` and reads to the `pong`. A `move` that arrives then was made before the command
//! was processed (the engine announces moves and handles commands on one loop, and a command
//! that stops a search discards its result), so the model is exact. Every `move` must be legal
//! and come only when the engine is on move; every thinking line's PV must be playable; a result
//! claim (with the right result) only when the game is over, and always when it is over where
//! the engine had to move; an error answer exactly when the command was bad.
//!
//! Every registered variant is played: each session owns a share of them (so the
//! default seeds cover all of it), plays them in turn after `new` + `variant`, and also switches
//! at random. `variant` must answer with the start position's `setup`/`piece` lines, or with a
//! `telluser` for boards XBoard cannot draw. Moves go both ways in XBoard's coordinates (ranks
//! from 0 on 10-rank boards, legs joined by commas, a cascade as its first ply), which the model
//! derives from its legal moves; a `move` must name exactly one legal move. `setboard` gets
//! positions along random games of the variant (a randomised variant starts from its fixed
//! counterpart's start), some at or just before the end of a long one, and broken ones; user
//! moves are legal ones and near misses of them. Where turns go action by action the moves pass
//! as whole turns in the wire form: the model plays the engine's `move` and PV to judge them
//! (the turns are too many to list), sends whole turns built by random walks over the actions,
//! and judges a ponder search's PV from the position after a reply an earlier PV predicted.

mod stress_common;

use stress_common::{expect_line, fail, first_seed, quit, random_moves};

use std::collections::BTreeMap;
use std::time::Duration;

use tiamat_fuzzing::mutate::Rng;
use tiamat_fuzzing::referee::{self, Coords, Line};
use tiamat_fuzzing::streams::cecp_variant_name;
use tiamat_fuzzing::stress_variant_names;
use tiamat_tests::Engine;

const SESSIONS: u64 = 6;
const ACTIONS_PER_SESSION: usize = 500;
/// Plies of the random games some `setboard` positions come from (random chess games mostly
/// end within this many).
const LONG_GAME: usize = 200;
const LONG_CHESS_GAME: usize = 1_000;
/// How many predicted replies' positions the model keeps for judging ponder searches.
const PREDICTED_KEPT: usize = 4;

/// What one variant saw over all sessions.
#[derive(Default)]
struct Coverage {
    actions: usize,
    engine_moves: usize,
    user_moves: usize,
    setboards: usize,
    claims: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Changes nothing the model tracks (or only after a running search has ended).
    Neutral,
    /// Stops whatever the engine is thinking about; its effect follows any move made first.
    Stopper,
    /// May start the engine thinking; only sent while it is not.
    Starter,
}

/// A registered variant as the sessions play it.
struct Variant {
    name: &'static str,
    /// Its name in `variant` (XBoard calls chess `normal`).
    cecp_name: &'static str,
    /// The lines `variant` must answer with; `None`: one `telluser` (XBoard cannot draw it).
    announcement: Option<Vec<String>>,
    coords: Coords,
    has_start: bool,
    /// Where `setboard` positions start from: the start position, or for a randomised variant
    /// its fixed counterpart's start read as the randomised variant.
    origin: Option<Line>,
}

impl Variant {
    fn all() -> Vec<Variant> {
        stress_variant_names()
            .into_iter()
            .map(|name| {
                let setup = referee::cecp_setup(name);
                let has_start = referee::start_position(name).is_some();
                let origin = referee::first_line(name);
                Variant {
                    name,
                    cecp_name: cecp_variant_name(name),
                    announcement: match &setup {
                        Some(text) => Some(text.trim_end().lines().map(str::to_string).collect()),
                        None if name == "chess" => Some(Vec::new()),
                        None => None,
                    },
                    coords: referee::cecp_coords(name),
                    has_start,
                    origin,
                }
            })
            .collect()
    }

    fn is_chess(&self) -> bool {
        self.name == "chess"
    }

    /// The deepest `sd` a session sets: the other games have far more moves per position.
    fn max_depth(&self) -> usize {
        if self.is_chess() {
            3
        } else {
            2
        }
    }
}

struct Session<'a> {
    engine: Engine,
    rng: Rng,
    variants: &'a [Variant],
    /// The variants this session plays in turn (indexes into `variants`).
    own: Vec<usize>,
    /// The variant the engine plays.
    current: usize,
    /// The variant of the session's current share of actions.
    phase_variant: usize,
    line: Line,
    force: bool,
    engine_white: bool,
    analyzing: bool,
    /// The position the engine is thinking about, until its `move` arrives.
    thinking: Option<Line>,
    /// Positions a search may be reporting on right now (the current one and the one before the
    /// last command).
    recent: Vec<Line>,
    /// Positions after a move and the reply a PV predicted for it: a ponder search reports from
    /// one of them.
    predicted: Vec<Line>,
    /// Thinking output read during an exchange, judged once the command's effect is known (a
    /// restarted analysis reports on the new position before the `pong`).
    deferred: Vec<String>,
    deferring: bool,
    /// Lines `variant` answered with (`setup`, `piece`, `telluser`).
    announced: Vec<String>,
    announcing: bool,
    errors_seen: usize,
    /// The game is over where the engine had to move: its result claim must come.
    claim_due: bool,
    claims: usize,
    pings: u64,
    engine_moves: usize,
    user_moves: usize,
    rejections: usize,
    coverage: BTreeMap<&'static str, Coverage>,
}

impl<'a> Session<'a> {
    fn start(seed: u64, variants: &'a [Variant]) -> Self {
        let mut engine = Engine::start();
        engine.send("xboard");
        engine.send("protover 2");
        loop {
            let text = expect_line(&mut engine, "feature done=1");
            if !text.starts_with("feature ") {
                fail(&engine, &format!("not a feature line: '{text}'"));
            }
            if text.contains("done=1") {
                break;
            }
        }
        let chess = variants
            .iter()
            .position(Variant::is_chess)
            .expect("chess is registered");
        let own = (0..variants.len())
            .filter(|index| *index as u64 % SESSIONS == seed % SESSIONS)
            .collect();
        let mut session = Session {
            engine,
            rng: Rng::new(0xcec9_0000 + seed),
            variants,
            own,
            current: chess,
            phase_variant: chess,
            line: Line::start("chess"),
            force: false,
            engine_white: false,
            analyzing: false,
            thinking: None,
            recent: vec![Line::start("chess")],
            predicted: Vec::new(),
            deferred: Vec::new(),
            deferring: false,
            announced: Vec::new(),
            announcing: false,
            errors_seen: 0,
            claim_due: false,
            claims: 0,
            pings: 0,
            engine_moves: 0,
            user_moves: 0,
            rejections: 0,
            coverage: BTreeMap::new(),
        };
        session.exchange("post", Kind::Neutral);
        session
    }

    fn fail(&mut self, message: &str) -> ! {
        fail(&self.engine, message)
    }

    fn variant(&self) -> &'a Variant {
        &self.variants[self.current]
    }

    fn coverage(&mut self) -> &mut Coverage {
        let name = self.variant().name;
        self.coverage.entry(name).or_default()
    }

    fn coords_of(&self, variant: &str) -> Coords {
        self.variants
            .iter()
            .find(|v| v.name == variant)
            .map_or_else(Coords::default, |v| v.coords)
    }

    /// Whether the engine has a position: a randomised variant has none until `setboard`.
    fn positioned(&self) -> bool {
        self.line.position.is_some() || self.variant().has_start
    }

    /// Whether White (the first player) is to move; `None` without a position.
    fn white_to_move(&mut self) -> Option<bool> {
        if !self.positioned() {
            return None;
        }
        match referee::white_to_move(&self.line) {
            Ok(white) => Some(white),
            Err(err) => self.fail(&format!("model line does not replay: {err}")),
        }
    }

    fn is_over(&mut self) -> bool {
        referee::is_over(&self.line).unwrap_or(true)
    }

    /// The engine starts thinking when it is on move and free to, or claims the result when
    /// the game is over.
    fn maybe_think(&mut self) {
        if !self.force && !self.analyzing && self.white_to_move() == Some(self.engine_white) {
            if self.is_over() {
                self.claim_due = true;
            } else {
                self.thinking = Some(self.line.clone());
            }
        }
    }

    /// Sends `command`, then `ping`, and reads to the `pong`. A starter's model effect applies
    /// before reading, anything else's after (see the module docs); `effect` returns whether the
    /// command deserves an error answer.
    fn exchange_with(&mut self, command: &str, kind: Kind, effect: impl FnOnce(&mut Self) -> bool) {
        if kind == Kind::Starter && self.thinking.is_some() {
            self.fail(&format!(
                "test bug: '{command}' sent while the engine thinks"
            ));
        }
        self.recent = vec![self.line.clone()];
        self.engine.send(command);
        let errors_before = self.errors_seen;
        let mut effect = Some(effect);
        let mut expect_error = false;
        if kind == Kind::Starter {
            expect_error = effect.take().is_some_and(|effect| effect(self));
        }
        self.pings += 1;
        let ping = self.pings;
        self.engine.send(&format!("ping {ping}"));
        self.deferring = true;
        loop {
            let text = expect_line(&mut self.engine, &format!("pong {ping}"));
            if text == format!("pong {ping}") {
                break;
            }
            self.handle(&text);
        }
        self.deferring = false;
        if std::mem::take(&mut self.claim_due) {
            self.fail(&format!(
                "the game is over where the engine had to move, but no result claim came before 'pong {ping}'"
            ));
        }
        if kind != Kind::Starter {
            if kind == Kind::Stopper {
                self.thinking = None;
            }
            expect_error = effect.take().is_some_and(|effect| effect(self));
        }
        self.recent.push(self.line.clone());
        for text in std::mem::take(&mut self.deferred) {
            self.judge_thinking_output(&text);
        }
        let errors = self.errors_seen - errors_before;
        if expect_error && errors == 0 {
            self.fail(&format!("'{command}' got no error answer"));
        }
        if !expect_error && errors > 0 {
            self.fail(&format!(
                "'{command}' got an error answer it did not deserve"
            ));
        }
        if expect_error {
            self.rejections += 1;
        }
    }

    fn exchange(&mut self, command: &str, kind: Kind) {
        self.exchange_with(command, kind, |_| false);
    }

    /// Judges one output line against the model.
    fn handle(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().copied() {
            Some("move") if words.len() == 2 => self.engine_move(text, words[1]),
            Some("Illegal") if text.starts_with("Illegal move (") => self.errors_seen += 1,
            Some("Error") if text.starts_with("Error (") => self.errors_seen += 1,
            Some("tellusererror") => self.errors_seen += 1,
            Some("setup" | "piece" | "telluser") if self.announcing => {
                self.announced.push(text.to_string())
            }
            Some(claim @ ("1-0" | "0-1" | "1/2-1/2"))
                if words.get(1).is_some_and(|w| w.starts_with('{')) =>
            {
                match referee::result(&self.line) {
                    Ok(Some(result)) if result == claim => {}
                    Ok(Some(result)) => {
                        self.fail(&format!("'{text}' claimed, the game ended {result}"))
                    }
                    _ => self.fail(&format!("'{text}' claimed in a game that goes on")),
                }
                self.claim_due = false;
                self.claims += 1;
                self.coverage().claims += 1;
            }
            Some(first) if first.parse::<i64>().is_ok() => {
                if let Some(position) = self.thinking.clone() {
                    self.recent.push(position);
                }
                if self.deferring {
                    self.deferred.push(text.to_string());
                } else {
                    self.judge_thinking_output(text);
                }
            }
            _ => self.fail(&format!("not a CECP answer here: '{text}'")),
        }
    }

    /// `move TEXT` must name exactly one legal move of the position the engine thought about.
    fn engine_move(&mut self, text: &str, mv: &str) {
        let Some(position) = self.thinking.take() else {
            self.fail(&format!("'{text}' while the engine was not on move"));
        };
        let coords = self.coords_of(&position.variant);
        if coords.whole_turns() {
            // A whole turn in the wire form, checked by playing it (the turns are too many to
            // list).
            if referee::playable(&position.with(mv)).is_err() {
                self.fail(&format!("'{text}' is not a legal turn"));
            }
            return self.engine_moved(position.with(mv));
        }
        let moves = referee::cecp_moves(&position, coords)
            .unwrap_or_else(|err| self.fail(&format!("model line does not replay: {err}")));
        let named: Vec<&String> = moves
            .iter()
            .filter(|(_, written)| written == mv)
            .map(|(wire, _)| wire)
            .collect();
        let wire = match named.as_slice() {
            [wire] => (*wire).clone(),
            [] => self.fail(&format!("'{text}' is not a legal move")),
            _ => self.fail(&format!("'{text}' names several legal moves: {named:?}")),
        };
        self.engine_moved(position.with(&wire));
    }

    /// The engine's move, judged legal, played in the model: `line` is the game after it.
    fn engine_moved(&mut self, line: Line) {
        self.engine_moves += 1;
        self.coverage().engine_moves += 1;
        self.line = line;
        self.recent.push(self.line.clone());
        // The claim follows the move at once.
        self.claim_due = self.is_over();
    }

    /// `ply score time nodes pv...` from a thinking, pondering or analysing search.
    fn judge_thinking_output(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() < 4 || words[..4].iter().any(|w| w.parse::<i64>().is_err()) {
            self.fail(&format!("malformed thinking output '{text}'"));
        }
        let pv = &words[4..];
        let bases: Vec<Line> = self.recent.clone();
        let playable = |base: &Line| {
            let coords = self.coords_of(&base.variant);
            referee::cecp_pv_playable(base, coords, pv)
        };
        if let Some(base) = bases.iter().find(|base| playable(base)) {
            // Where the PV names a reply, a ponder search may report from after it.
            if let [first, reply, ..] = pv {
                let coords = self.coords_of(&base.variant);
                let line = base
                    .with(&coords.xboard_to_wire(first))
                    .with(&coords.xboard_to_wire(reply));
                if !self.predicted.contains(&line) {
                    if self.predicted.len() == PREDICTED_KEPT {
                        self.predicted.remove(0);
                    }
                    self.predicted.push(line);
                }
            }
            return;
        }
        // The predicted replies' positions, where the replies cannot all be listed.
        if self.predicted.iter().any(playable) {
            return;
        }
        // A ponder search reports from the position after the predicted reply.
        let after_a_reply = bases.iter().any(|base| {
            referee::legal_moves(base)
                .unwrap_or_default()
                .iter()
                .any(|mv| playable(&base.with(mv)))
        });
        if !after_a_reply {
            self.fail(&format!(
                "thinking output '{text}' has a PV no position allows"
            ));
        }
    }

    /// Reads until the engine's move arrives.
    fn wait_for_move(&mut self) {
        while self.thinking.is_some() {
            let text = expect_line(&mut self.engine, "the engine's move");
            self.handle(&text);
        }
    }

    fn step(&mut self) {
        self.coverage().actions += 1;
        if self.thinking.is_some() {
            match self.rng.below(10) {
                0..=3 => self.wait_for_move(),
                4 => {
                    std::thread::sleep(Duration::from_millis(self.rng.below(10) as u64));
                    self.exchange("?", Kind::Neutral);
                }
                5..=8 => self.stopper(),
                _ => self.neutral(),
            }
            return;
        }
        if self.analyzing && self.rng.chance(15) {
            return self.exchange_with("exit", Kind::Neutral, |s| {
                s.analyzing = false;
                false
            });
        }
        if self.force && self.rng.chance(20) {
            return self.go();
        }
        match self.rng.below(20) {
            0..=6 => self.usermove(),
            7..=8 => self.go(),
            9..=13 => self.stopper(),
            _ => self.neutral(),
        }
    }

    /// A variant for `new` or `variant`: mostly the one of this phase, sometimes any.
    fn some_variant(&mut self) -> usize {
        if self.rng.chance(85) {
            self.phase_variant
        } else {
            self.rng.below(self.variants.len())
        }
    }

    /// `new`, then `variant` unless it is chess, then search limits.
    fn new_game(&mut self, variant: usize) {
        let chess = self
            .variants
            .iter()
            .position(Variant::is_chess)
            .expect("chess is registered");
        self.exchange_with("new", Kind::Stopper, |s| {
            s.current = chess;
            s.line = Line::start("chess");
            s.force = false;
            s.engine_white = false;
            s.analyzing = false;
            false
        });
        if variant != chess {
            self.select_variant(variant);
        }
        let depth = 1 + self.rng.below(self.variant().max_depth());
        self.exchange(&format!("sd {depth}"), Kind::Neutral);
        if !self.variant().is_chess() {
            self.exchange("st 0.05", Kind::Neutral);
        }
    }

    /// `variant NAME`: the start position (none for a randomised variant), announced with its
    /// `setup` lines or a `telluser`.
    fn select_variant(&mut self, index: usize) {
        let variant = &self.variants[index];
        let command = format!("variant {}", variant.cecp_name);
        self.announced.clear();
        self.announcing = true;
        self.exchange_with(&command, Kind::Stopper, |s| {
            s.current = index;
            s.line = Line::start(variant.name);
            false
        });
        self.announcing = false;
        let announced = std::mem::take(&mut self.announced);
        let right = match &variant.announcement {
            Some(lines) => announced == *lines,
            None => announced.len() == 1 && announced[0].starts_with("telluser "),
        };
        if !right {
            self.fail(&format!(
                "'{command}' announced {announced:?}, expected {:?}",
                variant
                    .announcement
                    .as_deref()
                    .unwrap_or(&["telluser ...".to_string()])
            ));
        }
        // A GUI sets up a randomised variant's position itself.
        if !variant.has_start && self.rng.chance(80) {
            self.good_setboard();
        }
    }

    fn usermove(&mut self) {
        let whole_turns = self.variant().coords.whole_turns();
        if whole_turns && self.positioned() && self.rng.chance(85) {
            // A whole turn from a random walk over the actions.
            let rng = &mut self.rng;
            if let Some(wire) = referee::random_move(&self.line, &mut |n| rng.below(n)) {
                return self.legal_usermove(&wire.clone(), wire);
            }
        }
        let moves = if self.positioned() {
            referee::cecp_moves(&self.line, self.variant().coords).unwrap_or_default()
        } else {
            Vec::new()
        };
        // Where turns go action by action the list holds actions, not turns to send.
        if moves.is_empty() || whole_turns || self.rng.chance(15) {
            let text = self.bad_move(&moves);
            return self.exchange_with(&format!("usermove {text}"), Kind::Starter, |_| true);
        }
        let (wire, text) = self.rng.pick(&moves).clone();
        self.legal_usermove(&text, wire);
    }

    /// `usermove TEXT` of the legal move `wire`: played unless the game is over.
    fn legal_usermove(&mut self, text: &str, wire: String) {
        self.exchange_with(&format!("usermove {text}"), Kind::Starter, |s| {
            if !s.force && s.is_over() {
                return true; // game over: refused
            }
            s.line = s.line.with(&wire);
            s.user_moves += 1;
            s.coverage().user_moves += 1;
            s.maybe_think();
            false
        });
    }

    /// A move text the engine must refuse here: garbage, or a near miss of a legal move (cut
    /// short, another rank, legal one move ago), whatever the model reads in none of the forms
    /// the front end accepts.
    fn bad_move(&mut self, moves: &[(String, String)]) -> String {
        const GARBAGE: &[&str] = &["e2e5", "a1a1", "zz", "e7e8k", "Ke9", "0-0-0-0", "a0b0"];
        let before: Vec<String> = match self.line.moves.split_last() {
            Some((_, earlier)) if self.rng.chance(40) => {
                let line = Line {
                    moves: earlier.to_vec(),
                    ..self.line.clone()
                };
                referee::cecp_moves(&line, self.variant().coords)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(_, text)| text)
                    .collect()
            }
            _ => Vec::new(),
        };
        for _ in 0..10 {
            let candidate = match self.rng.below(4) {
                0 if !moves.is_empty() => {
                    let mut text = self.rng.pick(moves).1.clone();
                    text.pop();
                    text
                }
                1 if !moves.is_empty() => {
                    let text = self.rng.pick(moves).1.clone();
                    let digit = char::from(b'0' + self.rng.below(10) as u8);
                    match text.rfind(|c: char| c.is_ascii_digit()) {
                        Some(at) => format!("{}{digit}{}", &text[..at], &text[at + 1..]),
                        None => text,
                    }
                }
                2 if !before.is_empty() => self.rng.pick(&before).clone(),
                _ => self.rng.pick(GARBAGE).to_string(),
            };
            if self.surely_illegal(&candidate, moves) {
                return candidate;
            }
        }
        "zz".to_string()
    }

    fn surely_illegal(&mut self, text: &str, moves: &[(String, String)]) -> bool {
        if text.is_empty() {
            return false;
        }
        let coords = self.variant().coords;
        let named = moves.iter().any(|(wire, written)| {
            written == text || wire == text || coords.wire_to_xboard(wire) == text
        });
        if named {
            return false;
        }
        if !self.positioned() {
            return true;
        }
        let ours = coords.xboard_to_wire(text);
        referee::playable(&self.line.with(&ours)).is_err()
            && referee::playable(&self.line.with(text)).is_err()
    }

    fn go(&mut self) {
        self.exchange_with("go", Kind::Starter, |s| {
            s.force = false;
            if let Some(white) = s.white_to_move() {
                s.engine_white = white;
            }
            s.maybe_think();
            false
        });
    }

    fn stopper(&mut self) {
        match self.rng.below(14) {
            0 | 1 => self.exchange_with("force", Kind::Stopper, |s| {
                s.force = true;
                false
            }),
            2 | 3 => self.exchange_with("undo", Kind::Stopper, |s| s.line.moves.pop().is_none()),
            4 => self.exchange_with("remove", Kind::Stopper, |s| {
                s.line.moves.pop().is_none() || s.line.moves.pop().is_none()
            }),
            5 | 6 => self.setboard(),
            7 => {
                let variant = self.some_variant();
                self.new_game(variant);
            }
            8 => self.exchange_with("result 1/2-1/2 {stress}", Kind::Stopper, |s| {
                s.force = true;
                false
            }),
            9 => self.exchange_with("playother", Kind::Stopper, |s| {
                s.force = false;
                if let Some(white) = s.white_to_move() {
                    s.engine_white = !white;
                }
                false
            }),
            10 => {
                let (command, bad) = *self.rng.pick(&[
                    ("memory 1", false),
                    ("memory 16", false),
                    ("memory 0", true),
                    ("memory -1", true),
                    ("memory lots", true),
                    ("cores 1", false),
                    ("cores 2", false),
                    ("cores 4", false),
                    ("cores 0", true),
                    ("cores x", true),
                ]);
                // A bad value changes nothing; a good one restarts the searcher.
                let kind = if bad { Kind::Neutral } else { Kind::Stopper };
                self.exchange_with(command, kind, |_| bad);
            }
            11 => self.exchange_with("analyze", Kind::Stopper, |s| {
                s.analyzing = true;
                false
            }),
            12 if self.rng.chance(20) => {
                // Refused; the search stops and the game stays.
                self.exchange_with("variant nosuchgame", Kind::Stopper, |_| true)
            }
            _ => {
                let variant = self.some_variant();
                self.select_variant(variant);
            }
        }
    }

    fn setboard(&mut self) {
        let variant = self.variant();
        let roll = self.rng.below(100);
        if roll < 25 || variant.origin.is_none() {
            return self.bad_setboard();
        }
        if roll < 32 {
            // XBoard echoes an engine-defined variant's start position in its own dialect.
            if let Some(echo) = variant
                .announcement
                .as_ref()
                .and_then(|lines| lines.first())
                .and_then(|setup| setup_fen(setup))
            {
                let command = format!("setboard {echo}");
                return self.exchange_with(&command, Kind::Stopper, |s| {
                    s.line = Line::start(variant.name);
                    s.coverage().setboards += 1;
                    false
                });
            }
        }
        self.good_setboard();
    }

    /// `setboard` with a position along a random game of the variant.
    fn good_setboard(&mut self) {
        let variant = self.variant();
        let Some(origin) = variant.origin.clone() else {
            return;
        };
        // Sometimes a long game, set up at or just before its end (if it ends), so that result
        // claims come up wherever random games end.
        let long = self.rng.chance(20);
        let plies = match (long, variant.is_chess()) {
            (true, true) => LONG_CHESS_GAME,
            (true, false) => LONG_GAME,
            (false, true) => self.rng.below(31),
            (false, false) => self.rng.below(13),
        };
        let (mut line, over) = random_moves(&mut self.rng, &origin, plies);
        if over {
            let back = self.rng.below(2).min(line.moves.len());
            line.moves.truncate(line.moves.len() - back);
        }
        let text = referee::position_string(&line).expect("a played line replays");
        let command = format!("setboard {text}");
        self.exchange_with(&command, Kind::Stopper, |s| {
            s.line = Line {
                variant: variant.name.to_string(),
                position: Some(text.clone()),
                moves: Vec::new(),
            };
            s.coverage().setboards += 1;
            false
        });
    }

    /// A broken `setboard`: a fixed bad string, or a legal one of the variant cut inside its
    /// placement (so it can never pass for XBoard's echo of the start position). Whatever the
    /// model still reads is accepted.
    fn bad_setboard(&mut self) {
        let variant = self.variant();
        let legal = variant
            .origin
            .as_ref()
            .and_then(|line| referee::position_string(line).ok());
        let text = match legal {
            Some(legal) if self.rng.chance(50) => {
                let placement = legal.find(' ').unwrap_or(legal.len());
                let cut = (1..placement)
                    .rev()
                    .skip(self.rng.below(placement.max(2) - 1))
                    .find(|&at| legal.is_char_boundary(at))
                    .unwrap_or(0);
                legal[..cut].to_string()
            }
            _ => self
                .rng
                .pick(&[
                    "8/8/8/8 w - - 0 1",
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                    "",
                    "kk6/8/8/8/8/8/8/KK6 w - - 0 1",
                ])
                .to_string(),
        };
        let line = Line {
            variant: variant.name.to_string(),
            position: Some(text.clone()),
            moves: Vec::new(),
        };
        let command = format!("setboard {text}");
        if referee::playable(&line).is_ok() {
            return self.exchange_with(&command, Kind::Stopper, |s| {
                s.line = line;
                false
            });
        }
        self.exchange_with(&command, Kind::Stopper, |_| true);
    }

    fn neutral(&mut self) {
        let (command, bad) = match self.rng.below(14) {
            0 => ("ping 0".to_string(), false),
            1 => ("post".to_string(), false),
            2 => ("nopost".to_string(), false),
            3 => ("hard".to_string(), false),
            4 => ("easy".to_string(), false),
            5 => {
                let depth = 1 + self.rng.below(self.variant().max_depth());
                (format!("sd {depth}"), false)
            }
            6 => (
                format!("st {}", 0.02 + self.rng.below(20) as f64 / 100.0),
                false,
            ),
            7 => (format!("time {}", self.rng.below(2_000)), false),
            8 => (format!("otim {}", self.rng.below(2_000)), false),
            9 => ("level 0 0:02 0".to_string(), false),
            10 => ("level 40 0:01 1".to_string(), false),
            11 => (
                self.rng
                    .pick(&["sd 0", "sd x", "st -1", "level 1 2", "time x", "otim"])
                    .to_string(),
                true,
            ),
            12 if self.analyzing => (".".to_string(), false),
            _ => {
                let was = self.analyzing;
                self.exchange_with("exit", Kind::Neutral, |s| {
                    s.analyzing = false;
                    false
                });
                if was && self.rng.chance(50) {
                    self.maybe_think_after_exit();
                }
                return;
            }
        };
        // `ping 0` is answered with `pong 0` before our own ping: read it here.
        if command == "ping 0" {
            self.engine.send("ping 0");
            loop {
                let text = expect_line(&mut self.engine, "pong 0");
                if text == "pong 0" {
                    return;
                }
                self.handle(&text);
            }
        }
        self.exchange_with(&command, Kind::Neutral, move |_| bad);
    }

    /// After leaving analysis the engine waits for `go`; sometimes give it.
    fn maybe_think_after_exit(&mut self) {
        if self.thinking.is_none() {
            self.go();
        }
    }
}

/// The position in a `setup (...) FxR+H_parent <fen>` line.
fn setup_fen(setup: &str) -> Option<String> {
    let words: Vec<&str> = setup.split_whitespace().collect();
    let size = words.iter().position(|word| word.contains('+'))?;
    Some(words[size + 1..].join(" ")).filter(|fen| !fen.is_empty())
}

#[test]
fn random_cecp_sessions_stay_correct() {
    let variants = Variant::all();
    let mut coverage: BTreeMap<&str, Coverage> = BTreeMap::new();
    for seed in first_seed()..first_seed() + SESSIONS {
        let mut session = Session::start(seed, &variants);
        let own = session.own.clone();
        let phase = ACTIONS_PER_SESSION.div_ceil(own.len().max(1));
        for action in 0..ACTIONS_PER_SESSION {
            // Each of the session's own variants gets its share of the actions.
            if action % phase == 0 {
                if let Some(&variant) = own.get(action / phase) {
                    session.phase_variant = variant;
                    session.new_game(variant);
                }
            }
            if action % phase == phase / 2 {
                if session.current != session.phase_variant {
                    session.new_game(session.phase_variant);
                }
                session.good_setboard();
            }
            session.step();
        }
        session.wait_for_move();
        session.exchange("force", Kind::Stopper);
        assert!(
            session.engine_moves > 0 && session.user_moves > 0,
            "session {seed} played nothing"
        );
        eprintln!(
            "cecp session {seed}: {} engine moves, {} user moves, {} rejected commands, {} result \
             claims",
            session.engine_moves, session.user_moves, session.rejections, session.claims
        );
        for (name, seen) in std::mem::take(&mut session.coverage) {
            let total = coverage.entry(name).or_default();
            total.actions += seen.actions;
            total.engine_moves += seen.engine_moves;
            total.user_moves += seen.user_moves;
            total.setboards += seen.setboards;
            total.claims += seen.claims;
        }
        quit(session.engine);
    }
    let mut missing = Vec::new();
    for variant in &variants {
        let seen = coverage.remove(variant.name).unwrap_or_default();
        eprintln!(
            "{:>22}: {:>4} actions, {:>3} engine moves, {:>3} user moves, {:>3} setboards, {} \
             result claims",
            variant.name,
            seen.actions,
            seen.engine_moves,
            seen.user_moves,
            seen.setboards,
            seen.claims
        );
        if seen.engine_moves == 0 || seen.user_moves == 0 || seen.setboards == 0 {
            missing.push(variant.name);
        }
    }
    assert!(
        missing.is_empty(),
        "not played both ways and set up over CECP: {missing:?}"
    );
}
