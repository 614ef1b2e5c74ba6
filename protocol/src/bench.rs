//! `tiamat bench [depth] [variant] [--threads N]`: fixed positions, fixed depth, a fresh
//! transposition table for every position; prints one line per position, then the total node
//! count and the speed. With one thread (the default) the node count is a regression signature:
//! any change to search or evaluation behaviour changes it.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use crate::registry::{with_game, GameKind};
use tiamat_engine::search::{Control, Limits, Options, Score, Searcher};
use tiamat_engine::Game;
use tiamat_eval::HasEvaluator;

pub const DEFAULT_DEPTH: u32 = 13;
const HASH_MB: usize = 16;

/// What one bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchSummary {
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// Searches every position of `fens` to `depth`, one line per position on `out`.
pub fn bench_positions<G: HasEvaluator>(
    variant: &str,
    fens: &[&str],
    depth: u32,
    threads: usize,
    out: &mut dyn Write,
) -> Result<BenchSummary, String> {
    let mut total_nodes = 0;
    let mut main_nodes = 0;
    let mut total_time = Duration::ZERO;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(
        G::Evaluator::default(),
        Options {
            threads,
            hash_mb: HASH_MB,
            ..Options::default()
        },
    );
    for (i, fen) in fens.iter().enumerate() {
        let pos = G::from_position_string(variant, fen)
            .map_err(|e| format!("bench position {}: {}: {}", i + 1, e.field, e.message))?;
        // A cleared table and histories per position: the count must not depend on what came
        // before.
        searcher.clear();
        let control = Control::new();
        let start = Instant::now();
        let outcome = searcher.search(&pos, &[], &limits, &control, &mut |_| {});
        let elapsed = start.elapsed();
        total_nodes += outcome.nodes;
        main_nodes += searcher.thread_nodes().first().copied().unwrap_or(0);
        total_time += elapsed;
        let best = outcome
            .best
            .as_ref()
            .map_or_else(|| "(none)".to_string(), |mv| pos.move_to_wire(mv));
        let score = match outcome.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        writeln!(
            out,
            "Position {}/{}: {fen}\n  bestmove {best} score {score} depth {} nodes {} time {}",
            i + 1,
            fens.len(),
            outcome.depth,
            outcome.nodes,
            elapsed.as_millis()
        )
        .map_err(|e| e.to_string())?;
    }
    let summary = BenchSummary {
        nodes: total_nodes,
        elapsed: total_time,
    };
    writeln!(
        out,
        "===========================\nTotal time (ms): {}\nNodes searched: {}\nNodes/second: {}",
        total_time.as_millis(),
        summary.nodes,
        summary.nodes_per_second()
    )
    .map_err(|e| e.to_string())?;
    if threads > 1 {
        // Time to depth on idle cores follows the main thread's work.
        writeln!(out, "Main thread nodes: {main_nodes}").map_err(|e| e.to_string())?;
    }
    Ok(summary)
}

/// The bench of `variant`: the positions its game names for it ([`Game::bench_positions`]).
pub fn bench(
    variant: &str,
    depth: u32,
    threads: usize,
    out: &mut dyn Write,
) -> Result<BenchSummary, String> {
    let kind =
        GameKind::from_variant(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    with_game!(kind, G => {
        let positions = G::bench_positions(variant);
        if positions.is_empty() {
            return Err(format!("no bench positions for variant '{variant}'"));
        }
        bench_positions::<G>(variant, &positions, depth, threads, out)
    })
}

/// `tiamat bench`: its arguments.
#[derive(Args, Clone, Debug)]
pub struct BenchArgs {
    /// Search depth
    #[arg(default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// The variant whose bench positions are searched
    #[arg(default_value = "chess")]
    pub variant: String,
    /// Search threads (the node count is a signature only with one)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_count)]
    pub threads: usize,
}

fn thread_count(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|t| (1..=256).contains(t))
        .ok_or_else(|| format!("bad thread count '{text}' (1..256)"))
}

pub fn run(args: &BenchArgs) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match bench(&args.variant, args.depth, args.threads, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tiamat bench: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiamat_engine::games::chess::{self, Chess};
    use tiamat_engine::games::dragonchess::{self, Dragonchess};

    #[test]
    fn node_count_is_identical_across_runs() {
        let mut first = Vec::new();
        let mut second = Vec::new();
        let a = bench("chess", 7, 1, &mut first).unwrap();
        let b = bench("chess", 7, 1, &mut second).unwrap();
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 10_000);
        let text = String::from_utf8(first).unwrap();
        assert!(text.contains(&format!("Nodes searched: {}\n", a.nodes)));
        assert!(text.contains("Nodes/second: "));
        assert_eq!(
            text.matches("bestmove ").count(),
            chess::BENCH_POSITIONS.len()
        );
        assert!(!text.contains("(none)"));
    }

    #[test]
    fn dragonchess_bench_is_deterministic_and_valid() {
        for fen in dragonchess::BENCH_POSITIONS {
            let pos = Dragonchess::from_position_string("dragonchess", fen).unwrap();
            assert_eq!(pos.position_string(), *fen);
        }
        let mut first = Vec::new();
        let a = bench("dragonchess", 4, 1, &mut first).unwrap();
        let b = bench("dragonchess", 4, 1, &mut Vec::new()).unwrap();
        assert_eq!(a.nodes, b.nodes);
        let text = String::from_utf8(first).unwrap();
        assert_eq!(
            text.matches("bestmove ").count(),
            dragonchess::BENCH_POSITIONS.len()
        );
        assert!(!text.contains("(none)"));
    }

    #[test]
    fn every_bench_position_is_valid() {
        for fen in chess::BENCH_POSITIONS {
            let pos = Chess::from_position_string("chess", fen).unwrap();
            assert_eq!(
                pos.position_string().split(' ').next(),
                fen.split(' ').next()
            );
        }
    }

    #[test]
    fn bad_arguments_are_rejected() {
        use clap::Parser;
        #[derive(Parser)]
        struct Bench {
            #[command(flatten)]
            args: BenchArgs,
        }
        let parse = |list: &[&str]| {
            Bench::try_parse_from(std::iter::once("bench").chain(list.iter().copied()))
                .map(|bench| bench.args)
        };
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["0"]).is_err());
        assert!(parse(&["5", "chess", "extra"]).is_err());
        assert!(parse(&["--threads"]).is_err());
        assert!(parse(&["--threads", "0"]).is_err());
        assert!(parse(&["--frobnicate"]).is_err());
        let ok = parse(&["9", "chess", "--threads", "2"]).unwrap();
        assert_eq!((ok.depth, ok.variant.as_str(), ok.threads), (9, "chess", 2));
        let defaults = parse(&[]).unwrap();
        assert_eq!((defaults.depth, defaults.threads), (DEFAULT_DEPTH, 1));
        assert!(bench("nosuchgame", 1, 1, &mut Vec::new()).is_err());
    }
}
