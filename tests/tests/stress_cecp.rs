//! CECP stress: long random but well-formed XBoard sessions against the real binary, from a
//! seeded generator. `force`, `undo`, `remove`, `setboard`, `new`, `result`, `playother`,
//! `memory`, `cores` and `analyze` arrive while the engine is idle, thinking, pondering and
//! analysing; user moves (legal and not), clock commands with good and bad values, `?`, `ping`.
//!
//! The engine's answers are judged against a model of the game: after each command the test
//! sends `ping` and reads to the `pong`. A `move` that arrives then was made before the command
//! was processed (the engine announces moves and handles commands on one loop, and a command
//! that stops a search discards its result), so the model is exact. Every `move` must be legal
//! and come only when the engine is on move; every thinking line's PV must be playable; a result
//! claim only when the game is over; an error answer exactly when the command was bad.
//! Orthodox chess only: the UCI stress covers every variant.

mod stress_common;

use stress_common::{expect_line, fail, first_seed, quit};

use std::time::Duration;

use tiamat_fuzzing::mutate::Rng;
use tiamat_fuzzing::referee::{self, Line};
use tiamat_tests::Engine;

const SESSIONS: u64 = 6;
const ACTIONS_PER_SESSION: usize = 400;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Changes nothing the model tracks (or only after a running search has ended).
    Neutral,
    /// Stops whatever the engine is thinking about; its effect follows any move made first.
    Stopper,
    /// May start the engine thinking; only sent while it is not.
    Starter,
}

struct Session {
    engine: Engine,
    rng: Rng,
    line: Line,
    force: bool,
    engine_white: bool,
    analyzing: bool,
    /// The position the engine is thinking about, until its `move` arrives.
    thinking: Option<Line>,
    /// Positions a search may be reporting on right now (the current one and the one before the
    /// last command).
    recent: Vec<Line>,
    /// Thinking output read during an exchange, judged once the command's effect is known (a
    /// restarted analysis reports on the new position before the `pong`).
    deferred: Vec<String>,
    deferring: bool,
    errors_seen: usize,
    pings: u64,
    engine_moves: usize,
    user_moves: usize,
    rejections: usize,
}

impl Session {
    fn start(seed: u64) -> Self {
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
        let mut session = Session {
            engine,
            rng: Rng::new(0xcec9_0000 + seed),
            line: Line::start("chess"),
            force: false,
            engine_white: false,
            analyzing: false,
            thinking: None,
            recent: vec![Line::start("chess")],
            deferred: Vec::new(),
            deferring: false,
            errors_seen: 0,
            pings: 0,
            engine_moves: 0,
            user_moves: 0,
            rejections: 0,
        };
        session.exchange("new", Kind::Stopper);
        session.exchange("post", Kind::Neutral);
        session.exchange("sd 2", Kind::Neutral);
        session
    }

    fn fail(&mut self, message: &str) -> ! {
        fail(&self.engine, message)
    }

    fn white_to_move(&mut self) -> bool {
        match referee::white_to_move(&self.line) {
            Ok(white) => white,
            Err(err) => self.fail(&format!("model line does not replay: {err}")),
        }
    }

    fn is_over(&mut self) -> bool {
        referee::is_over(&self.line).unwrap_or(true)
    }

    /// The engine starts thinking when it is on move and free to.
    fn maybe_think(&mut self) {
        if !self.force
            && !self.analyzing
            && self.white_to_move() == self.engine_white
            && !self.is_over()
        {
            self.thinking = Some(self.line.clone());
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
            Some("1-0" | "0-1" | "1/2-1/2") if words.get(1).is_some_and(|w| w.starts_with('{')) => {
                if !self.is_over() {
                    self.fail(&format!("'{text}' claimed in a game that goes on"));
                }
            }
            Some("stat01:") if self.analyzing => {}
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

    fn engine_move(&mut self, text: &str, mv: &str) {
        let Some(position) = self.thinking.take() else {
            self.fail(&format!("'{text}' while the engine was not on move"));
        };
        let after = position.with(mv);
        if let Err(err) = referee::playable(&after) {
            self.fail(&format!("'{text}' is not legal: {err}"));
        }
        self.engine_moves += 1;
        self.line = after;
        self.recent.push(self.line.clone());
    }

    /// `ply score time nodes pv...` from a thinking, pondering or analysing search.
    fn judge_thinking_output(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() < 4 || words[..4].iter().any(|w| w.parse::<i64>().is_err()) {
            self.fail(&format!("malformed thinking output '{text}'"));
        }
        let pv = &words[4..];
        let bases: Vec<Line> = self.recent.clone();
        // A ponder search reports from the position after the predicted reply.
        let children: Vec<Line> = bases
            .iter()
            .flat_map(|base| {
                referee::legal_moves(base)
                    .unwrap_or_default()
                    .into_iter()
                    .map(move |mv| base.with(&mv))
            })
            .collect();
        let playable = |base: &Line| {
            let mut line = base.clone();
            line.moves.extend(pv.iter().map(|mv| mv.to_string()));
            referee::playable(&line).is_ok()
        };
        if !bases.iter().chain(children.iter()).any(playable) {
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

    fn usermove(&mut self) {
        let legal = referee::legal_moves(&self.line).unwrap_or_default();
        let (text, good) = if legal.is_empty() || self.rng.chance(15) {
            let bad = ["e2e5", "a1a1", "zz", "e7e8k", "Ke9", "0-0-0-0"];
            (self.rng.pick(&bad).to_string(), false)
        } else {
            (self.rng.pick(&legal).clone(), true)
        };
        let command = format!("usermove {text}");
        self.exchange_with(&command, Kind::Starter, |s| {
            if !s.force && s.is_over() {
                return true; // game over: refused
            }
            if !good || referee::playable(&s.line.with(&text)).is_err() {
                return true;
            }
            s.line = s.line.with(&text);
            s.user_moves += 1;
            s.maybe_think();
            false
        });
    }

    fn go(&mut self) {
        self.exchange_with("go", Kind::Starter, |s| {
            s.force = false;
            s.engine_white = s.white_to_move();
            s.maybe_think();
            false
        });
    }

    fn stopper(&mut self) {
        match self.rng.below(13) {
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
                self.exchange_with("new", Kind::Stopper, |s| {
                    s.line = Line::start("chess");
                    s.force = false;
                    s.engine_white = false;
                    s.analyzing = false;
                    false
                });
                let depth = 1 + self.rng.below(3);
                self.exchange(&format!("sd {depth}"), Kind::Neutral);
            }
            8 => self.exchange_with("result 1/2-1/2 {stress}", Kind::Stopper, |s| {
                s.force = true;
                false
            }),
            9 => self.exchange_with("playother", Kind::Stopper, |s| {
                s.force = false;
                s.engine_white = !s.white_to_move();
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
            _ => self.exchange_with("variant normal", Kind::Stopper, |s| {
                s.line = Line::start("chess");
                false
            }),
        }
    }

    fn setboard(&mut self) {
        if self.rng.chance(25) {
            let bad = *self.rng.pick(&[
                "8/8/8/8 w - - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "",
                "kk6/8/8/8/8/8/8/KK6 w - - 0 1",
            ]);
            let command = format!("setboard {bad}");
            let line = Line {
                variant: "chess".into(),
                position: Some(bad.to_string()),
                moves: Vec::new(),
            };
            if referee::playable(&line).is_ok() {
                return self.exchange_with(&command, Kind::Stopper, |s| {
                    s.line = line;
                    false
                });
            }
            return self.exchange_with(&command, Kind::Stopper, |_| true);
        }
        let base = Line::start("chess");
        let mut line = base.clone();
        for _ in 0..self.rng.below(30) {
            let moves = referee::legal_moves(&line).unwrap_or_default();
            if moves.is_empty() || referee::is_over(&line).unwrap_or(true) {
                break;
            }
            line = line.with(&moves[self.rng.below(moves.len())]);
        }
        let text = referee::position_string(&line).expect("a played line replays");
        let command = format!("setboard {text}");
        self.exchange_with(&command, Kind::Stopper, |s| {
            s.line = Line {
                variant: "chess".into(),
                position: Some(text.clone()),
                moves: Vec::new(),
            };
            false
        });
    }

    fn neutral(&mut self) {
        let (command, bad) = match self.rng.below(14) {
            0 => ("ping 0".to_string(), false),
            1 => ("post".to_string(), false),
            2 => ("nopost".to_string(), false),
            3 => ("hard".to_string(), false),
            4 => ("easy".to_string(), false),
            5 => (format!("sd {}", 1 + self.rng.below(3)), false),
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

#[test]
fn random_cecp_sessions_stay_correct() {
    for seed in first_seed()..first_seed() + SESSIONS {
        let mut session = Session::start(seed);
        for _ in 0..ACTIONS_PER_SESSION {
            session.step();
        }
        session.wait_for_move();
        session.exchange("force", Kind::Stopper);
        assert!(
            session.engine_moves > 0 && session.user_moves > 0,
            "session {seed} played nothing"
        );
        eprintln!(
            "cecp session {seed}: {} engine moves, {} user moves, {} rejected commands",
            session.engine_moves, session.user_moves, session.rejections
        );
        quit(session.engine);
    }
}
