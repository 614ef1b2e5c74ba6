//! `tiamat perft --variant V --fen F --depth N [--divide] [--actions] [--threads T] [--moves "m1 m2"]`,
//! `tiamat perft --suite --variant V`, the perftree convention `tiamat <depth> "<fen>" ["<moves>"]`,
//! and perft split into work units (format: [`tiamat_perft::units`]):
//! `tiamat perft --variant V [--fen F] --depth D --split K > units.txt`,
//! `tiamat perft --units units.txt [--shard i/n] > counts-i.txt`,
//! `tiamat perft --merge counts-*.txt`.
//!
//! `--fen` takes the game's position string (FEN for chess; default: the variant's start
//! position); `--moves` are played from it first, in wire or human notation. Errors go to stderr
//! with exit code 2.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use tiamat_engine::Game;
use tiamat_perft::units::{self, Unit, UnitCount};
use tiamat_perft::{divide, divide_actions, perft_with, suite, Options};

use crate::registry::{variant_names, with_game, GameKind};

/// `tiamat perft`: its options.
#[derive(Args, Clone, Debug)]
#[command(
    after_help = "The same count is also reached with the perftree calling convention: \
                        tiamat <depth> \"<fen>\" [\"<moves>\"] (chess only)."
)]
pub struct PerftArgs {
    /// The variant (one of the names UCI_Variant lists)
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The game's position string (FEN for chess); the variant's start position if left out
    #[arg(long, visible_alias = "position", value_name = "POSITION")]
    pub fen: Option<String>,
    /// Moves played from the position first, in wire or human notation: "e2e4 e7e5"
    #[arg(long, value_name = "\"M1 M2 ...\"")]
    pub moves: Option<String>,
    /// How many complete turns deep to count (required unless --suite)
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// List every root move with its count
    #[arg(long)]
    pub divide: bool,
    /// Count action paths --depth actions deep instead of distinct complete turns: every
    /// action is a level, one that leaves a turn in progress too, and nothing is merged (the
    /// same as the turn count where the variant lists whole turns and none coincide)
    #[arg(long, conflicts_with_all = ["suite", "split", "units", "merge"])]
    pub actions: bool,
    /// Count root moves on this many threads (the count is always the single-threaded one)
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = thread_count)]
    pub threads: usize,
    /// Check the variant's perft suite instead: every count within the suite's budget
    #[arg(long, conflicts_with_all = ["fen", "moves", "depth", "divide"])]
    pub suite: bool,
    /// Write work units instead of counting: the unique positions K turns deep, one a line
    #[arg(long, value_name = "K", requires = "depth", conflicts_with_all = ["divide", "suite"])]
    pub split: Option<u32>,
    /// Count the work units of FILE (`-`: standard input), one result line per unit
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves", "depth", "divide", "suite", "split"])]
    pub units: Option<PathBuf>,
    /// With --units: count only shard i of n (every n-th unit, from the i-th; 1 <= i <= n)
    #[arg(long, value_name = "i/n", value_parser = units::parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Check that the counts files hold every unit of one split exactly once and print the total
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["fen", "moves", "depth", "divide", "suite", "split", "units", "threads"])]
    pub merge: Vec<PathBuf>,
}

fn thread_count(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("'{text}' is not a thread count"))
}

pub fn run(args: &PerftArgs) -> ExitCode {
    let result = if args.shard.is_some() && args.units.is_none() {
        Err("--shard needs --units (a shard of a units file)".to_string())
    } else if !args.merge.is_empty() {
        run_merge(&args.merge)
    } else if let Some(file) = &args.units {
        run_units(file, args.shard.unwrap_or((1, 1)), args.threads)
    } else {
        run_variant(args)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

fn run_variant(args: &PerftArgs) -> Result<(), String> {
    GameKind::from_variant(&args.variant)
        .ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                args.variant,
                variant_names().join(", ")
            )
        })
        .and_then(|kind| {
            if args.suite {
                return run_suite(args);
            }
            let depth = args
                .depth
                .ok_or("--depth is required (see tiamat perft --help)")?;
            match args.split {
                Some(ply) => with_game!(kind, G => run_split::<G>(args, depth, ply)),
                None => with_game!(kind, G => run_perft::<G>(args, depth)),
            }
        })
}

fn run_split<G: Game>(args: &PerftArgs, depth: u32, ply: u32) -> Result<(), String> {
    let root = setup::<G>(&args.variant, args.fen.as_deref(), args.moves.as_deref())?;
    let list = units::split(&args.variant, &root, depth, ply)?;
    let paths: u128 = list.iter().map(|u| u128::from(u.multiplicity)).sum();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = (|| {
        writeln!(
            out,
            "# tiamat perft units: {} depth {depth} split at ply {ply}: {} units for {paths} paths",
            args.variant,
            list.len()
        )?;
        writeln!(out, "# root: {}", root.position_string())?;
        for unit in &list {
            writeln!(out, "{unit}")?;
        }
        out.flush()
    })();
    written.map_err(|e| format!("writing the units: {e}"))
}

fn read_file(path: &Path) -> Result<String, String> {
    if path == Path::new("-") {
        return std::io::read_to_string(std::io::stdin())
            .map_err(|e| format!("standard input: {e}"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Counts one unit: its position read back and counted to its depth.
fn count_unit(unit: &Unit, options: &Options) -> Result<u64, String> {
    let kind = GameKind::from_variant(&unit.variant)
        .ok_or_else(|| format!("{}: unknown variant '{}'", unit.name(), unit.variant))?;
    with_game!(kind, G => {
        let pos = G::from_position_string(&unit.variant, &unit.position)
            .map_err(|e| format!("{}: position: {e}", unit.name()))?;
        Ok(perft_with(&pos, unit.depth, options))
    })
}

fn run_units(file: &Path, (shard, shards): (usize, usize), threads: usize) -> Result<(), String> {
    let text = read_file(file)?;
    let list = units::parse_units(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let mine: Vec<&Unit> = list
        .iter()
        .filter(|unit| units::in_shard(unit.index, shard, shards))
        .collect();
    let options = Options {
        threads,
        progress_after: None,
    };
    let started = Instant::now();
    let mut last_report = started;
    let mut nodes: u128 = 0;
    let mut out = std::io::stdout().lock();
    for (done, unit) in mine.iter().enumerate() {
        let count = UnitCount {
            unit: (*unit).clone(),
            nodes: count_unit(unit, &options)?,
        };
        // A line per unit as it is counted, so a stopped shard shows what it finished.
        writeln!(out, "{count}").map_err(|e| format!("writing the counts: {e}"))?;
        nodes += u128::from(count.nodes);
        if last_report.elapsed() >= Duration::from_secs(10) {
            last_report = Instant::now();
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "perft: shard {shard}/{shards}: {}/{} units, {nodes} nodes, {secs:.0} s, {:.1} Mnps",
                done + 1,
                mine.len(),
                nodes as f64 / secs / 1e6
            );
        }
    }
    Ok(())
}

fn run_merge(files: &[PathBuf]) -> Result<(), String> {
    let read = files
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            let counts =
                units::parse_counts(&read_file(path)?).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, counts))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let total = units::merge(&read)?;
    println!("Nodes searched: {total}");
    Ok(())
}

fn fail(message: &str) -> ExitCode {
    eprintln!("tiamat perft: {message}");
    ExitCode::from(2)
}

fn run_suite(args: &PerftArgs) -> Result<(), String> {
    let options = Options {
        threads: args.threads,
        progress_after: Some(Duration::from_secs(3)),
    };
    match check_suite(&args.variant, false, &options)? {
        Some(check) => {
            println!(
                "{}: {} counts of {} positions checked",
                args.variant, check.checked, check.positions
            );
            Ok(())
        }
        None => Err(format!("{} has no perft suite", args.variant)),
    }
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

fn run_perft<G: Game>(args: &PerftArgs, depth: u32) -> Result<(), String> {
    let pos = setup::<G>(&args.variant, args.fen.as_deref(), args.moves.as_deref())?;
    let options = Options {
        threads: args.threads,
        progress_after: Some(Duration::from_secs(3)),
    };
    let started = Instant::now();
    let (lines, total) = if depth == 0 {
        (Vec::new(), 1)
    } else {
        let mut lines = if args.actions {
            divide_actions(&pos, depth, &options)
        } else {
            divide(&pos, depth, &options)
        };
        lines.sort();
        let total = lines.iter().map(|(_, n)| n).sum();
        (lines, total)
    };
    let elapsed = started.elapsed().as_secs_f64();
    if args.divide {
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
