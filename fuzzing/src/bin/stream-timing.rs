//! Times the stream targets in-process, per variant and per command kind: where an execution's
//! time goes, and executions a second before and after a change. Arguments: the target
//! (`uci_stream` or `cecp_stream`, default both), rounds over the corpus (default 3), the corpus
//! folder (`seeds`, the default, for the committed seeds; a fuzzer's grown corpus shows what it
//! really runs) and `commands` to time each command kind as well (this turns on the engine's
//! debug log, which costs time of its own, so executions a second are compared without it).
//!
//! A command's time is the session thread's from taking its line to taking the next one (the
//! front end's debug log of its input marks both), so it includes waiting for a search the
//! command stops; a search's time runs from its `go` to its first "search stopped" log line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use log::{Level, LevelFilter, Log, Metadata, Record};
use tiamat_fuzzing::mutate::read_corpus;
use tiamat_fuzzing::{split_variant, target};

#[derive(Default)]
struct Clock {
    /// The command the session thread is on and when it took it.
    current: Option<(String, Instant)>,
    /// A search's `go` kind and when it was sent, until the search logs that it stopped.
    search: Option<(String, Instant)>,
    commands: BTreeMap<String, (usize, Duration)>,
    searches: BTreeMap<String, (usize, Duration)>,
    /// How far searches got before they stopped, by the log line's reason.
    stops: BTreeMap<String, usize>,
}

impl Clock {
    fn close(&mut self, now: Instant) {
        if let Some((kind, began)) = self.current.take() {
            let entry = self.commands.entry(kind).or_default();
            entry.0 += 1;
            entry.1 += now - began;
        }
    }
}

static CLOCK: Mutex<Option<Clock>> = Mutex::new(None);

struct Timer;

impl Log for Timer {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= Level::Debug
    }

    fn log(&self, record: &Record) {
        let target = record.target();
        let frontend = target.ends_with("frontend");
        if !frontend && !target.contains("search") {
            return;
        }
        let mut text = Capped(String::new());
        // Long answers (perft's) need not be written out in full to be told apart.
        let _ = std::fmt::write(&mut text, *record.args());
        let text = text.0;
        let now = Instant::now();
        let mut clock = CLOCK.lock().unwrap_or_else(|e| e.into_inner());
        let clock = clock.get_or_insert_with(Clock::default);
        if let Some(line) = text.strip_prefix("in:  ").filter(|_| frontend) {
            clock.close(now);
            let kind = command_kind(line);
            if kind.starts_with("go") && kind != "go perft" {
                clock.search = Some((kind.clone(), now));
            }
            clock.current = Some((kind, now));
        } else if let Some(why) = text.strip_prefix("search stopped ") {
            if let Some((kind, began)) = clock.search.take() {
                let entry = clock.searches.entry(kind).or_default();
                entry.0 += 1;
                entry.1 += now - began;
                let why = why.split(':').next().unwrap_or("").to_string();
                *clock.stops.entry(why).or_default() += 1;
            }
        }
    }

    fn flush(&self) {}
}

/// The first word, with what `go` does and which option `setoption` sets; words that no GUI
/// sends are grouped.
fn command_kind(line: &str) -> String {
    let words: Vec<String> = line
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let Some(first) = words.first() else {
        return "(empty)".into();
    };
    if first == "go" && words.iter().any(|w| w == "perft") {
        return "go perft".into();
    }
    if first == "go" {
        return "go".into();
    }
    if first == "setoption" {
        let name: Vec<&str> = words
            .iter()
            .skip_while(|w| *w != "name")
            .skip(1)
            .take_while(|w| *w != "value")
            .map(String::as_str)
            .collect();
        return format!("setoption {}", name.join(" "));
    }
    if first.len() <= 12 && first.bytes().all(|b| b.is_ascii_lowercase()) {
        return first.clone();
    }
    if first.bytes().any(|b| b.is_ascii_digit()) && first.len() <= 12 {
        return "(a move)".into();
    }
    "(other)".into()
}

/// Keeps a log line's first 256 bytes.
struct Capped(String);

impl std::fmt::Write for Capped {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.0.len() >= 256 {
            return Err(std::fmt::Error);
        }
        self.0.push_str(s);
        Ok(())
    }
}

fn print_table(title: &str, rows: BTreeMap<String, (usize, Duration)>, total: Duration) {
    println!("  {title}");
    let mut rows: Vec<_> = rows.into_iter().collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.1 .1));
    for (kind, (count, time)) in rows.into_iter().take(25) {
        println!(
            "    {kind:<28} {count:>6} {:>9.2} ms each {:>5.1}% of the time",
            time.as_secs_f64() * 1000.0 / count as f64,
            100.0 * time.as_secs_f64() / total.as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let by_command = args.get(3).is_some_and(|a| a == "commands");
    if by_command {
        static TIMER: Timer = Timer;
        log::set_logger(&TIMER).expect("no other logger");
        log::set_max_level(LevelFilter::Debug);
    }
    let targets: Vec<&str> = match args.first().map(String::as_str) {
        Some(name) if name != "all" => vec![name],
        _ => vec!["uci_stream", "cecp_stream"],
    };
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(3);
    let folder = args.get(2).filter(|a| *a != "seeds").map(PathBuf::from);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    for name in targets {
        let run = target(name).unwrap_or_else(|| panic!("unknown target {name}"));
        let corpus = read_corpus(&folder.clone().unwrap_or_else(|| root.join(name)));
        *CLOCK.lock().unwrap() = Some(Clock::default());
        let mut by_variant: BTreeMap<&str, (usize, Duration)> = BTreeMap::new();
        let start = Instant::now();
        for _ in 0..rounds {
            for (_, data) in &corpus {
                let began = Instant::now();
                run(data);
                let ended = Instant::now();
                if let Some(clock) = CLOCK.lock().unwrap().as_mut() {
                    // The last command's time runs until the session has ended.
                    clock.close(ended);
                    clock.search = None;
                }
                let entry = by_variant.entry(split_variant(data).variant).or_default();
                entry.0 += 1;
                entry.1 += ended - began;
            }
        }
        let total = start.elapsed();
        let executions = corpus.len() * rounds;
        println!(
            "{name}: {executions} executions in {:.2} s, {:.1} a second",
            total.as_secs_f64(),
            executions as f64 / total.as_secs_f64()
        );
        println!("  by variant");
        let mut rows: Vec<_> = by_variant.into_iter().collect();
        rows.sort_by_key(|row| std::cmp::Reverse(row.1 .1));
        for (variant, (count, time)) in rows {
            println!(
                "    {variant:<18} {count:>4} executions {:>8.1} ms each {:>5.1}% of the time",
                time.as_secs_f64() * 1000.0 / count as f64,
                100.0 * time.as_secs_f64() / total.as_secs_f64()
            );
        }
        if !by_command {
            continue;
        }
        let clock = CLOCK.lock().unwrap().take().unwrap_or_default();
        print_table("by command (session thread)", clock.commands, total);
        print_table("searches, go to first stop", clock.searches, total);
        println!("  searches stopped: {:?}", clock.stops);
    }
}
