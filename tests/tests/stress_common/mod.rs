//! What the stress tests share on top of [`tiamat_tests::Engine`]: failing with the end of the
//! transcript, and the UCI handshake.

// Each stress test uses a different part.
#![allow(dead_code)]

use std::time::Duration;

use tiamat_fuzzing::mutate::Rng;
use tiamat_fuzzing::referee::{self, Line};
use tiamat_tests::{Engine, PATIENCE};

/// How many transcript lines a failure message shows.
const TRANSCRIPT_TAIL: usize = 60;

/// Fails the test with `message` and the end of the session's transcript.
pub fn fail(engine: &Engine, message: &str) -> ! {
    let transcript = engine.transcript();
    let lines: Vec<&str> = transcript.lines().collect();
    let tail = &lines[lines.len().saturating_sub(TRANSCRIPT_TAIL)..];
    panic!(
        "{message}\n--- last {} lines of the session ---\n{}",
        tail.len(),
        tail.join("\n")
    );
}

/// A line that has already arrived, without waiting.
pub fn try_line(engine: &mut Engine) -> Option<String> {
    engine.try_next_line(Duration::ZERO)
}

/// The next line; a hang (nothing within [`PATIENCE`]) fails the test.
pub fn expect_line(engine: &mut Engine, waiting_for: &str) -> String {
    match engine.try_next_line(PATIENCE) {
        Some(line) => line,
        None => fail(
            engine,
            &format!("hang: no answer within {PATIENCE:?} while waiting for {waiting_for}"),
        ),
    }
}

/// Starts the engine and completes the UCI handshake; returns the announced `option` lines.
pub fn start_uci() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("uci");
    let mut options = Vec::new();
    loop {
        let line = expect_line(&mut engine, "uciok");
        match line.split_whitespace().next() {
            Some("uciok") => return (engine, options),
            Some("id") => {}
            Some("option") => options.push(line),
            _ => fail(&engine, &format!("unexpected line before uciok: '{line}'")),
        }
    }
}

/// Sends `quit`; the engine must exit cleanly.
pub fn quit(mut engine: Engine) {
    engine.send("quit");
    assert!(
        engine.finish(),
        "the engine did not exit cleanly after quit"
    );
}

/// `TIAMAT_STRESS_SEED` explores other sessions than the default ones.
pub fn first_seed() -> u64 {
    std::env::var("TIAMAT_STRESS_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0)
}

/// Plays up to `plies` random legal moves from `from`. Returns the line and whether it stopped
/// because the game was over.
pub fn random_moves(rng: &mut Rng, from: &Line, plies: usize) -> (Line, bool) {
    let mut line = from.clone();
    for _ in 0..plies {
        if referee::is_over(&line).unwrap_or(true) {
            return (line, true);
        }
        let Some(mv) = referee::random_move(&line, &mut |n| rng.below(n)) else {
            break;
        };
        line = line.with(&mv);
    }
    (line, false)
}
