//! Drives an engine process over stdin/stdout for the stress tests: lines out, lines in with a
//! generous timeout that only detects hangs, and a transcript for the failure message.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any single expected answer may take before the engine counts as hung. Far beyond
/// any search the stress tests start, so a slow machine never trips it.
pub const HANG: Duration = Duration::from_secs(60);

/// How many transcript lines a failure message shows.
const TRANSCRIPT_TAIL: usize = 60;

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl EngineProcess {
    pub fn start(binary: &Path) -> Self {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|err| panic!("cannot start {}: {err}", binary.display()));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Starts `binary` and completes the UCI handshake; returns the announced `option` lines.
    pub fn start_uci(binary: &Path) -> (Self, Vec<String>) {
        let mut engine = EngineProcess::start(binary);
        engine.send("uci");
        let mut options = Vec::new();
        loop {
            let line = engine.expect_line("uciok");
            match line.split_whitespace().next() {
                Some("uciok") => return (engine, options),
                Some("id") => {}
                Some("option") => options.push(line),
                _ => engine.fail(&format!("unexpected line before uciok: '{line}'")),
            }
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        if let Err(err) = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()) {
            self.fail(&format!(
                "cannot write '{line}': {err} (did the engine exit?)"
            ));
        }
    }

    /// The next line, waiting at most `timeout`; `None` on timeout. Panics when the engine
    /// closed its output.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => self.fail("the engine closed its output"),
        }
    }

    /// A line that is already there, without waiting.
    pub fn try_line(&mut self) -> Option<String> {
        self.next_line(Duration::ZERO)
    }

    /// The next line, failing the test when none comes within [`HANG`].
    pub fn expect_line(&mut self, waiting_for: &str) -> String {
        match self.next_line(HANG) {
            Some(line) => line,
            None => self.fail(&format!(
                "hang: no answer within {HANG:?} while waiting for {waiting_for}"
            )),
        }
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + HANG;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                _ => {
                    let _ = self.child.kill();
                    self.fail("hang: the engine did not exit after quit");
                }
            }
        }
    }

    /// Fails the test with `message` and the end of the transcript.
    pub fn fail(&mut self, message: &str) -> ! {
        let _ = self.child.kill();
        let start = self.transcript.len().saturating_sub(TRANSCRIPT_TAIL);
        panic!(
            "{message}\n--- last {} lines of the session ---\n{}",
            self.transcript.len() - start,
            self.transcript[start..].join("\n")
        );
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
