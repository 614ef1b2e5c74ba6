//! UCI stress: long random but well-formed sessions against the real binary, from a seeded
//! generator. `stop` at random moments, `position`/`ucinewgame`/`setoption` between and during
//! searches, `ponderhit`, `isready` floods, option values at and beyond their bounds, every
//! variant (a randomised one from a position string, as it has no start). Every output line
//! must be protocol-correct, every `go` gets exactly one `bestmove`, and every move the engine
//! names (`bestmove`, `ponder`, `pv`, `currmove`) is legal by the engine crate's rules. No timing is asserted: the only timeout
//! detects a hang.

mod stress_common;

use stress_common::{expect_line, fail, first_seed, quit, random_moves, start_uci, try_line};

use std::time::Duration;

use tiamat_fuzzing::mutate::Rng;
use tiamat_fuzzing::referee::{self, Line};
use tiamat_fuzzing::uci_judge::UciJudge;
use tiamat_fuzzing::{stress_search_nodes, stress_variant_names};
use tiamat_tests::Engine;

const SESSIONS: u64 = 6;
const ACTIONS_PER_SESSION: usize = 400;

struct Session {
    engine: Engine,
    rng: Rng,
    variants: Vec<&'static str>,
    line: Line,
    judge: UciJudge,
    readyoks_expected: usize,
    /// Games of a randomised variant begun (set up from a position string).
    setups: usize,
}

impl Session {
    fn start(seed: u64) -> Self {
        let (engine, options) = start_uci();
        for name in ["Hash", "Threads", "MultiPV", "Ponder", "UCI_Variant"] {
            if !options
                .iter()
                .any(|o| o.starts_with(&format!("option name {name} type")))
            {
                fail(&engine, &format!("option {name} is not announced"));
            }
        }
        let variants = stress_variant_names();
        Session {
            engine,
            rng: Rng::new(0x57e5_5000 + seed),
            variants,
            line: Line::start("chess"),
            judge: UciJudge::default(),
            readyoks_expected: 0,
            setups: 0,
        }
    }

    fn fail(&mut self, message: &str) -> ! {
        fail(&self.engine, message)
    }

    fn handle(&mut self, text: &str) {
        if let Err(message) = self.judge.handle(text) {
            self.fail(&message);
        }
    }

    /// Handles whatever output has arrived.
    fn drain(&mut self) {
        while let Some(text) = try_line(&mut self.engine) {
            self.handle(&text);
        }
    }

    /// Sends `count` `isready` and reads until every `readyok` is in.
    fn isready(&mut self, count: usize) {
        for _ in 0..count {
            self.engine.send("isready");
        }
        self.readyoks_expected += count;
        while self.judge.readyoks < self.readyoks_expected {
            let text = expect_line(&mut self.engine, "readyok");
            self.handle(&text);
        }
    }

    /// Expects the command just sent to be answered with an `info string` (a rejected command).
    fn expect_rejection(&mut self, what: &str) {
        let before = self.judge.info_strings;
        self.isready(1);
        if self.judge.info_strings == before {
            self.fail(&format!("{what} was not answered with an info string"));
        }
    }

    /// Stops any search and reads until every `go` has its `bestmove`.
    fn settle(&mut self) {
        self.engine.send("stop");
        while !self.judge.pending.is_empty() {
            let text = expect_line(&mut self.engine, "bestmove");
            self.handle(&text);
        }
        self.isready(1);
    }

    fn step(&mut self) {
        self.drain();
        match self.rng.below(100) {
            0..=19 => self.go(),
            20..=29 => {
                std::thread::sleep(Duration::from_millis(self.rng.below(30) as u64));
                self.engine.send("stop");
            }
            30..=33 => self.engine.send("ponderhit"),
            34..=43 => {
                let count = 1 + self.rng.below(20);
                self.isready(count);
            }
            44..=58 => self.position(),
            59..=62 => self.bad_position(),
            63..=66 => {
                self.engine.send("ucinewgame");
                let variant = self.line.variant.clone();
                self.begin(&variant);
            }
            67..=78 => self.setoption(),
            79..=81 => self.set_variant(),
            _ => std::thread::sleep(Duration::from_millis(self.rng.below(20) as u64)),
        }
    }

    fn go(&mut self) {
        let chess = self.line.variant == "chess";
        let depth = 1 + self.rng.below(if chess { 5 } else { 3 });
        // A depth in the variants that go action by action comes with a node limit.
        let depth = match stress_search_nodes(&self.line.variant) {
            Some(nodes) => format!("{depth} nodes {nodes}"),
            None => depth.to_string(),
        };
        let limit = match self.rng.below(9) {
            0 | 1 => format!("depth {depth}"),
            2 => format!("nodes {}", 100 + self.rng.below(20_000)),
            3 => format!("movetime {}", 1 + self.rng.below(60)),
            4 => format!(
                "wtime {} btime {} winc {} binc {} movestogo {}",
                self.rng.below(3_000),
                self.rng.below(3_000),
                self.rng.below(100),
                self.rng.below(100),
                1 + self.rng.below(40)
            ),
            5 => "infinite".to_string(),
            6 => format!("ponder depth {depth}"),
            7 => format!("ponder wtime {} btime 1000", self.rng.below(2_000)),
            _ => format!("mate {} nodes 20000", 1 + self.rng.below(3)),
        };
        let mut searchmoves = Vec::new();
        if self.rng.chance(15) {
            for _ in 0..1 + self.rng.below(3) {
                let rng = &mut self.rng;
                searchmoves.extend(referee::random_move(&self.line, &mut |n| rng.below(n)));
            }
        }
        let command = if searchmoves.is_empty() {
            format!("go {limit}")
        } else {
            format!("go {limit} searchmoves {}", searchmoves.join(" "))
        };
        self.engine.send(&command);
        self.judge.go(&self.line, searchmoves);
    }

    fn position(&mut self) {
        let base = if self.rng.chance(30) {
            origin(&self.line.variant)
        } else {
            self.line.clone()
        };
        let plies = self.rng.below(5);
        let (line, _) = random_moves(&mut self.rng, &base, plies);
        // Half the time as a position string plus the last moves, as GUIs do after a setup.
        let (setup, moves) = if self.rng.chance(50) && !line.moves.is_empty() {
            let split = self.rng.below(line.moves.len());
            let prefix = Line {
                moves: line.moves[..split].to_vec(),
                ..line.clone()
            };
            let text = referee::position_string(&prefix).expect("model line replays");
            (format!("fen {text}"), line.moves[split..].to_vec())
        } else {
            match &line.position {
                Some(text) => (format!("fen {text}"), line.moves.clone()),
                None => ("startpos".to_string(), line.moves.clone()),
            }
        };
        let command = if moves.is_empty() {
            format!("position {setup}")
        } else {
            format!("position {setup} moves {}", moves.join(" "))
        };
        self.engine.send(&command);
        self.line = line;
    }

    /// A position command with a broken part: it is rejected whole and the position stays.
    fn bad_position(&mut self) {
        let legal = referee::legal_moves(&self.line).unwrap_or_default();
        let command = match self.rng.below(4) {
            0 => "position fen 8/8/8/8 w - - 0 1".to_string(),
            1 => "position fen".to_string(),
            2 => "position startpos moves a1a1".to_string(),
            _ => match legal.first() {
                Some(mv) => format!("position startpos moves {mv} {mv} zz9"),
                None => "position sideways".to_string(),
            },
        };
        self.engine.send(&command);
        self.expect_rejection(&command);
    }

    fn setoption(&mut self) {
        let (name, values, valid): (&str, &[&str], &[&str]) = match self.rng.below(6) {
            0 => (
                "Threads",
                &["1", "2", "3", "4", "256", "0", "257", "-1", "four", ""],
                &["1", "2", "3", "4", "256"],
            ),
            1 => (
                "Hash",
                &["1", "2", "8", "16", "0", "65537", "-5", "big"],
                &["1", "2", "8", "16"],
            ),
            2 => (
                "MultiPV",
                &["1", "2", "3", "256", "0", "257", "x"],
                &["1", "2", "3", "256"],
            ),
            3 => (
                "Move Overhead",
                &["0", "30", "5000", "5001", "-1"],
                &["0", "30", "5000"],
            ),
            4 => ("Ponder", &["true", "false", "maybe"], &["true", "false"]),
            _ => ("Clear Hash", &[""], &[""]),
        };
        let value = *self.rng.pick(values);
        let command = if name == "Clear Hash" {
            format!("setoption name {name}")
        } else {
            format!("setoption name {name} value {value}")
        };
        self.engine.send(&command);
        if !valid.contains(&value) {
            self.expect_rejection(&command);
        } else if name == "Threads" && value == "256" {
            // At the bound, once: one short search, then back to a sane count.
            self.engine.send("go depth 1");
            self.judge.go(&self.line, Vec::new());
            self.settle();
            self.engine.send("setoption name Threads value 2");
        }
    }

    fn set_variant(&mut self) {
        if self.rng.chance(20) {
            let command = "setoption name UCI_Variant value nosuchgame";
            self.engine.send(command);
            return self.expect_rejection(command);
        }
        let variant = *self.rng.pick(&self.variants);
        self.engine
            .send(&format!("setoption name UCI_Variant value {variant}"));
        self.begin(variant);
    }

    /// Follows a new game of `variant`: a randomised variant has no start, so it is set up.
    fn begin(&mut self, variant: &str) {
        self.line = origin(variant);
        if let Some(text) = &self.line.position {
            self.engine.send(&format!("position fen {text}"));
            self.setups += 1;
        }
    }
}

/// Where a game of `variant` starts: its start position, or a setup for a randomised variant.
fn origin(variant: &str) -> Line {
    referee::first_line(variant).expect("every variant has a first position")
}

#[test]
fn random_uci_sessions_stay_correct() {
    let mut setups = 0;
    for seed in first_seed()..first_seed() + SESSIONS {
        let mut session = Session::start(seed);
        for _ in 0..ACTIONS_PER_SESSION {
            session.step();
        }
        session.settle();
        assert!(
            session.judge.bestmoves > 0,
            "session {seed} searched nothing"
        );
        eprintln!(
            "uci session {seed}: {} bestmoves, {} readyoks, {} info strings, {} mates verified, \
             {} randomised games",
            session.judge.bestmoves,
            session.judge.readyoks,
            session.judge.info_strings,
            session.judge.mates_checked,
            session.setups
        );
        setups += session.setups;
        quit(session.engine);
    }
    assert!(setups > 0, "no session played a randomised variant");
}
