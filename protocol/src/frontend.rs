//! Reads standard input and hands the session to the UCI or the CECP front end, chosen by the
//! first command (`uci`, or `xboard`/`protover` for CECP). Any other first command is read as UCI,
//! so `go perft 5` or `d` work straight away from a terminal.
//!
//! Input is read on its own thread and arrives, together with the search thread's "finished"
//! signal, on one channel: the front ends are single-threaded loops over [`Input`], so `isready`,
//! `stop` and `ping` are answered while a search runs.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use crate::{cecp, uci};

/// What the front-end loop reacts to.
#[derive(Debug)]
pub enum Input {
    Line(String),
    /// The search started with this number has its result ready.
    SearchDone(u64),
    /// Standard input was closed.
    Eof,
}

/// Where [`run_lines`] sends the output instead of standard output.
pub type OutputSink = Arc<dyn Fn(&str) + Send + Sync>;

static SINK: RwLock<Option<OutputSink>> = RwLock::new(None);

/// Writes one line (or several, separated by `\n`) to standard output at once.
pub fn send(text: &str) {
    if log::log_enabled!(log::Level::Debug) {
        for line in text.lines() {
            log::debug!("out: {line}");
        }
    }
    let sink = SINK.read().clone();
    if let Some(sink) = sink {
        return sink(text);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed output means the GUI is gone; the closed input will end the loop.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

pub fn run() -> ExitCode {
    let (tx, rx) = mpsc::channel();
    spawn_reader(tx.clone());
    dispatch(rx, tx)
}

/// One whole session over `lines` (as if typed, then end of input) with every output line
/// going to `sink`, for tests and fuzzing. Output is process-wide, so sessions run one at a time.
pub fn run_lines(lines: Vec<String>, sink: OutputSink) -> ExitCode {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock();
    /// Gives standard output back even when the session panics.
    struct Restore;
    impl Drop for Restore {
        fn drop(&mut self) {
            *SINK.write() = None;
        }
    }
    let _restore = Restore;
    *SINK.write() = Some(sink);
    let (tx, rx) = mpsc::channel();
    for line in lines {
        let _ = tx.send(Input::Line(line));
    }
    let _ = tx.send(Input::Eof);
    dispatch(rx, tx)
}

fn dispatch(rx: Receiver<Input>, tx: Sender<Input>) -> ExitCode {
    loop {
        match rx.recv() {
            Ok(Input::Line(line)) => match logged(&line).split_whitespace().next() {
                None => continue,
                Some("xboard") | Some("protover") => return cecp::run(rx, tx, line),
                Some("quit") => return ExitCode::SUCCESS,
                Some(_) => return uci::run(rx, tx, line),
            },
            Ok(Input::SearchDone(_)) => continue,
            Ok(Input::Eof) | Err(_) => return ExitCode::SUCCESS,
        }
    }
}

fn spawn_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match input.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    // Bytes that are not UTF-8 become U+FFFD and then an unknown command.
                    let line = String::from_utf8_lossy(&buffer);
                    let line = line.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Input::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Input::Eof);
    });
}

/// A protocol front end, as the input loop drives it.
pub trait FrontEnd {
    /// Handles one line; false ends the session (`quit`).
    fn command(&mut self, line: &str) -> bool;
    /// The search started with this number has its result ready.
    fn search_done(&mut self, id: u64);
    /// The session ends: stops whatever still runs.
    fn finish(&mut self);
}

/// Runs `front_end` from its first line until `quit` or the end of input.
pub fn serve(front_end: &mut impl FrontEnd, rx: &Receiver<Input>, first: String) -> ExitCode {
    let mut input = Input::Line(first);
    loop {
        match input {
            Input::Line(line) => {
                if !front_end.command(&line) {
                    break;
                }
            }
            Input::SearchDone(id) => front_end.search_done(id),
            Input::Eof => break,
        }
        input = next_input(rx);
    }
    front_end.finish();
    ExitCode::SUCCESS
}

/// The next input, or `Eof` when every sender is gone. Lines are logged as the front end takes
/// them, so the log shows them in order with what they caused.
pub fn next_input(rx: &Receiver<Input>) -> Input {
    let input = rx.recv().unwrap_or(Input::Eof);
    if let Input::Line(line) = &input {
        logged(line);
    }
    input
}

fn logged(line: &str) -> &str {
    log::debug!("in:  {line}");
    line
}
