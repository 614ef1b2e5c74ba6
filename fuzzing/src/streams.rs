//! Protocol command streams run in-process through the real front ends.
//!
//! Every command a GUI may send is passed through, with the few that would make one execution
//! slow by design (not by bug) bounded first: synchronous `bench` and `go perft` depths, and the
//! thread and table sizes (`Threads`, `Hash`, `cores`, `memory`). Searches need no bound: the
//! whole stream is queued at once, so each search is stopped by the next command or the end.
//!
//! Properties: no panic on any thread, no hang (a watchdog), and no answer that reports an
//! internal failure.

use std::panic;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use tiamat::frontend::run_lines;

use crate::select::split_variant;

/// How many turns deep a stream of `variant` may count perft; `None`: it skips every perft
/// command.
fn perft_bound(variant: &str) -> Option<i64> {
    match variant {
        // Even one turn's count can take minutes (One's start has about 10^7 complete first
        // turns, part 2 section 8).
        "one" => None,
        // A two-turn count can take minutes from a position the fuzzer writes (a Tlalocan
        // position with 4,109 turns, one of them answered by 1.58 M; a Hemera's Dawn one with
        // 3,282 turns and some 25,000 answers each).
        "tlalocan" | "discovery" | "hemerasdawn" => Some(1),
        _ => Some(2),
    }
}

/// A stream that takes longer than this has hung.
pub const STREAM_HANG: Duration = Duration::from_secs(60);

/// How answers that say something broke inside the engine begin (an answer that merely echoes
/// such text inside a complaint about a command does not count).
const FAILURE_MARKERS: &[&str] = &["info string the search failed", "Error (internal)"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Cecp,
}

/// UCI stream target: `<variant>\n<command lines>`.
pub fn fuzz_uci_stream(data: &[u8]) {
    run_stream(Protocol::Uci, data);
}

/// CECP stream target: `<variant>\n<command lines>`.
pub fn fuzz_cecp_stream(data: &[u8]) {
    run_stream(Protocol::Cecp, data);
}

/// Runs the stream and checks the properties; panics naming the broken one.
pub fn run_stream(protocol: Protocol, data: &[u8]) {
    let selected = split_variant(data);
    let text = String::from_utf8_lossy(selected.rest);
    let mut lines = match protocol {
        Protocol::Uci => vec![
            "uci".to_string(),
            format!("setoption name UCI_Variant value {}", selected.variant),
        ],
        Protocol::Cecp => vec![
            "xboard".to_string(),
            "protover 2".to_string(),
            format!("variant {}", cecp_variant_name(selected.variant)),
        ],
    };
    // The binary reads lines the same way: split at newlines, a trailing carriage return dropped.
    let mut variant = selected.variant.to_string();
    lines.extend(text.split('\n').map(|line| {
        let line = line.trim_end_matches('\r');
        let words: Vec<String> = line
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        match words.as_slice() {
            [set, name, key, value, v]
                if set == "setoption"
                    && name == "name"
                    && key == "uci_variant"
                    && value == "value" =>
            {
                variant = v.clone()
            }
            [command, v] if command == "variant" => variant = v.clone(),
            _ => {}
        }
        let perft_max = perft_bound(&variant);
        if perft_max.is_none() && words.iter().any(|w| w == "perft") {
            return String::new();
        }
        match protocol {
            // Where it is `None` no perft is left to cap.
            Protocol::Uci => bound_uci(line, perft_max.unwrap_or(0)),
            Protocol::Cecp => bound_cecp(line),
        }
    }));
    let output = run_watched(lines);
    if let Some(line) = output.iter().find(|line| reports_failure(line)) {
        panic!("{protocol:?} stream: the engine reports an internal failure: '{line}'");
    }
}

fn reports_failure(line: &str) -> bool {
    FAILURE_MARKERS
        .iter()
        .any(|marker| line.starts_with(marker))
}

/// The name XBoard gives `variant` in its `variant` command (`normal` for chess).
pub fn cecp_variant_name(variant: &str) -> &str {
    if variant == "chess" {
        "normal"
    } else {
        variant
    }
}

/// Runs one session on its own thread under a watchdog; returns its output lines. Panics when
/// the session (or any thread it starts) panics, or when it does not finish in time.
fn run_watched(lines: Vec<String>) -> Vec<String> {
    let panics_before = count_panics();
    let output = Arc::new(Mutex::new(Vec::new()));
    let sink_output = output.clone();
    let sink = Arc::new(move |text: &str| {
        let mut out = sink_output.lock().unwrap_or_else(|e| e.into_inner());
        out.extend(text.lines().map(str::to_string));
    });
    let (done_tx, done_rx) = mpsc::channel();
    let session = std::thread::Builder::new()
        .name(SESSION_THREAD.into())
        .spawn(move || {
            run_lines(lines, sink);
            let _ = done_tx.send(());
        })
        .expect("a thread for the session");
    match done_rx.recv_timeout(STREAM_HANG) {
        Ok(()) => {}
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            let _ = session.join();
            panic!("the protocol session panicked");
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("hang: the protocol session did not end within {STREAM_HANG:?}")
        }
    }
    let _ = session.join();
    let panics = count_panics() - panics_before;
    assert_eq!(panics, 0, "a thread of the protocol session panicked");
    // Taken, not copied: a divide's answer can run to megabytes.
    let mut output = output.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut *output)
}

static PANICS: AtomicUsize = AtomicUsize::new(0);

const SESSION_THREAD: &str = "protocol-session";

/// Panics seen so far on the session's thread and the search threads it starts (a search
/// worker's panic never reaches the session: the front end only sees a failed join). Other
/// threads of the process (other tests) do not count.
fn count_panics() -> usize {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            if name == SESSION_THREAD || name == "search" || name.starts_with("search-") {
                PANICS.fetch_add(1, Ordering::SeqCst);
            }
            previous(info);
        }));
    });
    PANICS.load(Ordering::SeqCst)
}

/// Caps a number token at `max` when the engine would read it as a larger number.
fn cap(token: &str, max: i64) -> String {
    match token.parse::<i64>() {
        Ok(value) if value > max => max.to_string(),
        Ok(_) => token.to_string(),
        // Beyond i64 but still digits: the engine may read it as u64.
        Err(_)
            if token
                .trim_start_matches('+')
                .bytes()
                .all(|b| b.is_ascii_digit())
                && !token.trim_start_matches('+').is_empty() =>
        {
            max.to_string()
        }
        Err(_) => token.to_string(),
    }
}

/// Bounds a UCI line's synchronous work and sizes (see the module docs), `go perft` at
/// `perft_max`.
pub fn bound_uci(line: &str, perft_max: i64) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let lower: Vec<String> = tokens.iter().map(|t| t.to_ascii_lowercase()).collect();
    let mut out: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    match lower.first().map(String::as_str) {
        Some("bench") => {
            out.truncate(1);
            out.push("1".to_string());
        }
        Some("go") => {
            for i in 1..tokens.len() {
                if lower[i - 1] == "perft" {
                    out[i] = cap(tokens[i], perft_max);
                }
            }
        }
        Some("setoption") => {
            let limit = if lower.iter().any(|t| t == "threads") {
                Some(2)
            } else if lower.iter().any(|t| t == "hash") {
                Some(16)
            } else {
                None
            };
            if let Some(limit) = limit {
                for i in 1..tokens.len() {
                    if lower[i - 1] == "value" {
                        out[i] = cap(tokens[i], limit);
                    }
                }
            }
        }
        _ => return line.to_string(),
    }
    out.join(" ")
}

/// Bounds a CECP line's sizes (see the module docs).
pub fn bound_cecp(line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.as_slice() {
        ["cores", value, rest @ ..] => [&["cores".to_string(), cap(value, 2)][..], &own(rest)]
            .concat()
            .join(" "),
        ["memory", value, rest @ ..] => [&["memory".to_string(), cap(value, 16)][..], &own(rest)]
            .concat()
            .join(" "),
        _ => line.to_string(),
    }
}

fn own(tokens: &[&str]) -> Vec<String> {
    tokens.iter().map(|t| t.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_only_what_is_slow_by_design() {
        assert_eq!(bound_uci("bench", 2), "bench 1");
        assert_eq!(bound_uci("bench 30 chess", 2), "bench 1");
        assert_eq!(bound_uci("go perft 7", 2), "go perft 2");
        assert_eq!(bound_uci("go perft 2", 1), "go perft 1");
        assert_eq!(perft_bound("one"), None);
        assert_eq!(perft_bound("hemerasdawn"), Some(1));
        assert_eq!(perft_bound("chess"), Some(2));
        assert_eq!(bound_uci("go depth 30", 2), "go depth 30");
        assert_eq!(
            bound_uci("setoption name Hash value +65536", 2),
            "setoption name Hash value 16"
        );
        assert_eq!(
            bound_uci("setoption name Threads value 99999999999999999999", 2),
            "setoption name Threads value 2"
        );
        assert_eq!(
            bound_uci("setoption name Threads value -3", 2),
            "setoption name Threads value -3"
        );
        assert_eq!(bound_cecp("memory 4096"), "memory 16");
        assert_eq!(bound_cecp("cores 64"), "cores 2");
        assert_eq!(bound_cecp("usermove e2e4"), "usermove e2e4");
    }

    #[test]
    fn only_a_failure_answer_counts_not_an_echo_of_one() {
        assert!(reports_failure("info string the search failed"));
        assert!(reports_failure(
            "Error (internal): searcher chose an illegal move e2e5"
        ));
        // Found by the uci_stream fuzzer: the engine quoting an unknown command.
        assert!(!reports_failure(
            "info string unknown command: pError (internal) moves g1f3"
        ));
        run_stream(Protocol::Uci, b"chess\npError (internal) moves g1f3\n");
    }

    #[test]
    fn a_plain_session_runs_and_answers() {
        let output = run_watched(vec![
            "uci".into(),
            "isready".into(),
            "position startpos moves e2e4".into(),
            "go depth 2".into(),
        ]);
        assert!(output.iter().any(|line| line == "uciok"));
        assert!(output.iter().any(|line| line == "readyok"));
        assert!(output.iter().any(|line| line.starts_with("bestmove ")));
    }
}
