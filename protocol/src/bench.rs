//! `tiamat bench [depth] [variant] [--threads N]`: fixed positions, fixed depth, a fresh
//! transposition table for every position; prints one line per position, then the total node
//! count and the speed. With one thread (the default) the node count is a regression signature:
//! any change to search or evaluation behaviour changes it.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::registry::{with_game, GameKind};
use tiamat_engine::games::makromachy::BENCH_POSITIONS as MAKROMACHY_POSITIONS;
use tiamat_engine::search::{Control, Limits, Options, Score, Searcher};
use tiamat_eval::HasEvaluator;

pub const DEFAULT_DEPTH: u32 = 13;
const HASH_MB: usize = 16;

/// Middlegames and endgames of every kind: open and closed, tactical, pawn and rook endings.
pub const CHESS_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    "3r2k1/1p3ppp/p1n5/2p1r3/4P3/1PN3P1/P4P1P/3RR1K1 w - - 0 24",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2K3/8/8 w - - 0 40",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 40",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 50",
];

/// Dragonchess: the start, three positions of a game the engine played against itself, and two
/// with pieces on foreign levels and a check across levels.
pub const DRAGONCHESS_POSITIONS: &[&str] = &[
    "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1",
    "2g7g1/s1s1s1G1s1s1/5s6/12/4G7/12/S1S3S1S1S1/4r1R5|ouhtc1kpthuo/wwwwwwwwwwww/12/12/12/7H4/WWWWWWWWWWWW/OUHT2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B2ME3B1 s 3 7",
    "2g7g1/s1s1s1G1s1s1/5s6/12/4G7/12/S1S3S1S1S1/3r2R5|ouhtc1k1thuo/wwwwwww1wwww/7w4/12/12/4H2W4/WWWWWWW1WWWW/OU1T2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B1M1E3B1 s 1 13",
    "12/3rs1G1sRs1/1s5g4/g3s7/12/12/S1SG2S1S1S1/12|ou1tc1k1thuo/wwwwwww1wwww/4h2w4/12/12/4H2W4/WWWWWWW1WWWW/OU1T2KPT1UO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2BM2E3B1 s 13 21",
    "12/12/12/12/12/12/12/K11|11k/12/12/5w6/12/12/12/12|12/12/12/12/4H7/12/12/12 g 0 1",
    "12/12/12/12/5m6/12/12/12|11k/12/12/12/7P4/3U8/12/12|12/12/12/12/5K6/12/12/12 g 0 1",
];

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

/// The bench of `variant`: its own bench positions where it has them, else the positions of its
/// perft suite.
pub fn bench(
    variant: &str,
    depth: u32,
    threads: usize,
    out: &mut dyn Write,
) -> Result<BenchSummary, String> {
    let kind =
        GameKind::from_variant(variant).ok_or_else(|| format!("unknown variant '{variant}'"))?;
    let suite_entries;
    let positions: Vec<&str> = match variant {
        "chess" => CHESS_POSITIONS.to_vec(),
        "dragonchess" => DRAGONCHESS_POSITIONS.to_vec(),
        "makromachy" => MAKROMACHY_POSITIONS.to_vec(),
        name => {
            let suite = tiamat_perft::suite::builtin(name)
                .ok_or_else(|| format!("no bench positions for variant '{name}'"))?;
            suite_entries = tiamat_perft::suite::parse(suite)?;
            suite_entries.iter().map(|e| e.position.as_str()).collect()
        }
    };
    with_game!(kind, G => bench_positions::<G>(variant, &positions, depth, threads, out))
}

struct Args {
    depth: u32,
    variant: String,
    threads: usize,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut parsed = Args {
        depth: DEFAULT_DEPTH,
        variant: "chess".to_string(),
        threads: 1,
    };
    let mut positional = 0;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--threads" {
            let value = iter.next().ok_or("--threads needs a number")?;
            parsed.threads = value
                .parse()
                .ok()
                .filter(|&t| (1..=256).contains(&t))
                .ok_or_else(|| format!("bad thread count '{value}' (1..256)"))?;
        } else if arg.starts_with("--") {
            return Err(format!("unknown option '{arg}'"));
        } else {
            match positional {
                0 => {
                    parsed.depth = arg
                        .parse()
                        .ok()
                        .filter(|&d| (1..=64).contains(&d))
                        .ok_or_else(|| format!("bad depth '{arg}' (1..64)"))?;
                }
                1 => parsed.variant = arg.clone(),
                _ => return Err(format!("unexpected argument '{arg}'")),
            }
            positional += 1;
        }
    }
    Ok(parsed)
}

pub fn run(args: &[String]) -> ExitCode {
    let args = match parse_args(args) {
        Ok(args) => args,
        Err(message) => {
            eprintln!(
                "tiamat bench: {message}\nusage: tiamat bench [depth] [variant] [--threads N]"
            );
            return ExitCode::from(2);
        }
    };
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
    use tiamat_engine::games::chess::Chess;
    use tiamat_engine::games::dragonchess::Dragonchess;
    use tiamat_engine::Game;

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
        assert_eq!(text.matches("bestmove ").count(), CHESS_POSITIONS.len());
        assert!(!text.contains("(none)"));
    }

    #[test]
    fn dragonchess_bench_is_deterministic_and_valid() {
        for fen in DRAGONCHESS_POSITIONS {
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
            DRAGONCHESS_POSITIONS.len()
        );
        assert!(!text.contains("(none)"));
    }

    #[test]
    fn every_bench_position_is_valid() {
        for fen in CHESS_POSITIONS {
            let pos = Chess::from_position_string("chess", fen).unwrap();
            assert_eq!(
                pos.position_string().split(' ').next(),
                fen.split(' ').next()
            );
        }
    }

    #[test]
    fn bad_arguments_are_rejected() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(parse_args(&args(&["x"])).is_err());
        assert!(parse_args(&args(&["0"])).is_err());
        assert!(parse_args(&args(&["5", "chess", "extra"])).is_err());
        assert!(parse_args(&args(&["--threads"])).is_err());
        assert!(parse_args(&args(&["--threads", "0"])).is_err());
        assert!(parse_args(&args(&["--frobnicate"])).is_err());
        let ok = parse_args(&args(&["9", "chess", "--threads", "2"])).unwrap();
        assert_eq!((ok.depth, ok.variant.as_str(), ok.threads), (9, "chess", 2));
        assert!(bench("nosuchgame", 1, 1, &mut Vec::new()).is_err());
    }
}
