//! `tiamat perft --variant V --fen F --depth N [--divide] [--threads T] [--moves "m1 m2"]`
//! and the perftree convention `tiamat <depth> "<fen>" ["<moves>"]`.
//!
//! `--fen` takes the game's position string (FEN for chess; default: the variant's start
//! position); `--moves` are played from it first, in wire or human notation. Errors go to stderr
//! with exit code 2.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tiamat_engine::Game;
use tiamat_perft::{divide, suite, Options};

use crate::registry::{variant_names, with_game, GameKind};

const USAGE: &str = "usage: tiamat perft [--variant V] [--fen POSITION] --depth N [--divide] \
                     [--threads T] [--moves \"M1 M2 ...\"]";

struct Request {
    variant: String,
    position: Option<String>,
    moves: Option<String>,
    depth: u32,
    divide: bool,
    threads: usize,
}

pub fn run(args: &[String]) -> ExitCode {
    match parse_args(args).and_then(|request| {
        let kind = GameKind::from_variant(&request.variant).ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                request.variant,
                variant_names().join(", ")
            )
        })?;
        with_game!(kind, G => run_perft::<G>(&request))
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("tiamat perft: {message}");
    ExitCode::from(2)
}

fn parse_args(args: &[String]) -> Result<Request, String> {
    let mut request = Request {
        variant: "chess".to_string(),
        position: None,
        moves: None,
        depth: 0,
        divide: false,
        threads: 1,
    };
    let mut depth = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let (name, inline_value) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| {
            inline_value
                .clone()
                .or_else(|| iter.next().cloned())
                .ok_or_else(|| format!("{name} needs {what}\n{USAGE}"))
        };
        match name {
            "--variant" => request.variant = value("a variant name")?,
            "--fen" | "--position" => request.position = Some(value("a position string")?),
            "--moves" => request.moves = Some(value("a move list")?),
            "--depth" => {
                let text = value("a number")?;
                depth = Some(
                    text.parse()
                        .map_err(|_| format!("--depth: '{text}' is not a depth"))?,
                );
            }
            "--threads" => {
                let text = value("a number")?;
                request.threads = text
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("--threads: '{text}' is not a thread count"))?;
            }
            "--divide" => request.divide = true,
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    request.depth = depth.ok_or_else(|| format!("--depth is required\n{USAGE}"))?;
    Ok(request)
}

/// What checking a variant's perft suite found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuiteCheck {
    pub positions: usize,
    /// Counts compared with the suite's.
    pub checked: usize,
}

/// Checks the perft suite of `variant` (its game's [`Game::perft_suite`]): every count within
/// the suite's budget, or every count when `all`; that its `start` entry, if any, is the
/// variant's start position; and that a variant with a start position has a suite. `Ok(None)`
/// for a variant without a start position or a suite.
pub fn check_suite(
    variant: &str,
    all: bool,
    options: &Options,
) -> Result<Option<SuiteCheck>, String> {
    let kind =
        GameKind::from_variant(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    with_game!(kind, G => check_suite_of::<G>(variant, all, options))
}

fn check_suite_of<G: Game>(
    variant: &str,
    all: bool,
    options: &Options,
) -> Result<Option<SuiteCheck>, String> {
    let start = G::start_position(variant).ok();
    let Some(text) = G::perft_suite(variant) else {
        return match start {
            Some(_) => Err(format!("{variant} has a start position but no perft suite")),
            None => Ok(None),
        };
    };
    let suite = suite::parse_suite(text).map_err(|e| format!("{variant}: {e}"))?;
    if let (Some(start), Some(entry)) = (&start, suite.entry("start")) {
        let written = G::from_position_string(variant, entry.position)
            .map_err(|e| format!("{variant} start: {e}"))?
            .position_string();
        if written != start.position_string() {
            return Err(format!(
                "{variant}: the suite's start is not the start position"
            ));
        }
    }
    let budget = if all {
        u64::MAX
    } else {
        suite.budget.unwrap_or(u64::MAX)
    };
    let checked =
        suite::run::<G>(variant, &suite, budget, options).map_err(|e| format!("{variant}: {e}"))?;
    Ok(Some(SuiteCheck {
        positions: suite.entries.len(),
        checked,
    }))
}

/// The position named by a position string (or the start) with `moves` played on it.
fn setup<G: Game>(variant: &str, position: Option<&str>, moves: Option<&str>) -> Result<G, String> {
    let mut pos = match position {
        Some(text) => G::from_position_string(variant, text),
        None => G::start_position(variant),
    }
    .map_err(|e| format!("position: {e}"))?;
    for (index, token) in moves.unwrap_or("").split_whitespace().enumerate() {
        let mv = pos
            .parse_move(token)
            .map_err(|e| format!("move {} of the move list: {e}", index + 1))?;
        pos = pos.play(&mv);
    }
    Ok(pos)
}

fn run_perft<G: Game>(request: &Request) -> Result<(), String> {
    let pos = setup::<G>(
        &request.variant,
        request.position.as_deref(),
        request.moves.as_deref(),
    )?;
    let options = Options {
        threads: request.threads,
        progress_after: Some(Duration::from_secs(3)),
    };
    let started = Instant::now();
    let (lines, total) = if request.depth == 0 {
        (Vec::new(), 1)
    } else {
        let mut lines = divide(&pos, request.depth, &options);
        lines.sort();
        let total = lines.iter().map(|(_, n)| n).sum();
        (lines, total)
    };
    let elapsed = started.elapsed().as_secs_f64();
    if request.divide {
        for (text, count) in &lines {
            println!("{text}: {count}");
        }
        println!();
    }
    println!("Nodes: {total}");
    println!("Time: {elapsed:.3} s");
    println!("Speed: {:.1} Mnps", total as f64 / elapsed.max(1e-9) / 1e6);
    Ok(())
}

/// The perftree calling convention (chess only): `<depth> "<fen>" ["<moves>"]`, printing
/// `<move> <count>` per root move, a blank line, then the total.
pub fn perftree(args: &[String]) -> ExitCode {
    match perftree_result(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tiamat: {message}");
            ExitCode::from(2)
        }
    }
}

fn perftree_result(args: &[String]) -> Result<(), String> {
    type G = tiamat_engine::games::chess::Chess;
    let usage = "usage: tiamat <depth> \"<fen>\" [\"<moves>\"]";
    let (depth, fen, moves) = match args {
        [depth, fen] => (depth, fen, None),
        [depth, fen, moves] => (depth, fen, Some(moves.as_str())),
        _ => return Err(usage.to_string()),
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("'{depth}' is not a depth\n{usage}"))?;
    let pos = setup::<G>("chess", Some(fen), moves)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options = Options {
        threads,
        progress_after: None,
    };
    let mut total = 1;
    if depth > 0 {
        let mut lines = divide(&pos, depth, &options);
        lines.sort();
        for (text, count) in &lines {
            println!("{text} {count}");
        }
        total = lines.iter().map(|(_, n)| n).sum();
    }
    println!();
    println!("{total}");
    Ok(())
}
