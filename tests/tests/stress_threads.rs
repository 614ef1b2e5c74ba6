//! Search consistency through the real binary: `Threads=4` searches over many positions of
//! every variant never name an illegal move or PV and never report a mate that does not exist;
//! `bench` at one thread counts the same nodes in two separate runs.

mod stress_common;

use stress_common::{expect_line, fail, quit, start_uci};

use std::process::Command;

use tiamat_fuzzing::mutate::Rng;
use tiamat_fuzzing::referee::{self, Line};
use tiamat_fuzzing::uci_judge::UciJudge;
use tiamat_fuzzing::{stress_search_nodes, stress_variant_names};
use tiamat_tests::tiamat_binary;

/// Short mates (checked exhaustively by the judge) and positions close to them.
const CHESS_MATES: &[&str] = &[
    "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    "7k/8/6KQ/8/8/8/8/8 b - - 0 1",
    "2r3k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",
];

/// A bound for searches that would take long at their depth (see the call).
const MOVETIME_CAP_MS: u32 = 3_000;

fn positions() -> Vec<(Line, u32)> {
    let mut rng = Rng::new(0x7412);
    let mut out: Vec<(Line, u32)> = CHESS_MATES
        .iter()
        .map(|fen| {
            let line = Line {
                variant: "chess".into(),
                position: Some(fen.to_string()),
                moves: Vec::new(),
            };
            (line, 5)
        })
        .collect();
    for variant in stress_variant_names() {
        if referee::start_position(variant).is_none() {
            continue;
        }
        let depth = if variant == "chess" { 6 } else { 3 };
        // A node-limited variant's search costs about a second on a debug build: fewer games.
        let games = if stress_search_nodes(variant).is_some() {
            3
        } else {
            6
        };
        for game in 0..games {
            let mut line = Line::start(variant);
            for _ in 0..(game * 9) {
                if referee::is_over(&line).unwrap_or(true) {
                    break;
                }
                let Some(mv) = referee::random_move(&line, &mut |n| rng.below(n)) else {
                    break;
                };
                line = line.with(&mv);
            }
            out.push((line, depth));
        }
    }
    out
}

#[test]
fn four_thread_searches_report_only_legal_moves_and_real_mates() {
    let (mut engine, _) = start_uci();
    let mut judge = UciJudge::default();
    engine.send("setoption name Threads value 4");
    let mut variant = String::new();
    let positions = positions();
    for (line, depth) in &positions {
        if line.variant != variant {
            variant = line.variant.clone();
            engine.send(&format!("setoption name UCI_Variant value {variant}"));
        }
        let setup = match &line.position {
            Some(text) => format!("fen {text}"),
            None => "startpos".to_string(),
        };
        let moves = if line.moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", line.moves.join(" "))
        };
        engine.send(&format!("position {setup}{moves}"));
        // The time cap only bounds a game whose first iteration is slow; the checks do not
        // depend on how deep the search got.
        let nodes = stress_search_nodes(&line.variant)
            .map(|nodes| format!(" nodes {nodes}"))
            .unwrap_or_default();
        engine.send(&format!(
            "go depth {depth}{nodes} movetime {MOVETIME_CAP_MS}"
        ));
        judge.go(line, Vec::new());
        while !judge.pending.is_empty() {
            let text = expect_line(&mut engine, "bestmove");
            if let Err(message) = judge.handle(&text) {
                fail(&engine, &message);
            }
        }
        if judge.info_strings > 0 {
            fail(
                &engine,
                "a well-formed command was answered with an info string",
            );
        }
    }
    assert_eq!(judge.bestmoves, positions.len());
    assert!(
        judge.mates_checked >= 3,
        "the mate positions reported only {} verified mates",
        judge.mates_checked
    );
    quit(engine);
}

/// `tiamat bench <depth>` output without the timing figures.
fn bench_signature(depth: u32) -> Vec<String> {
    let output = Command::new(tiamat_binary())
        .args(["bench", &depth.to_string()])
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "bench failed: {output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<String> = text
        .lines()
        .filter(|line| !line.starts_with("Total time") && !line.starts_with("Nodes/second"))
        // Per-position lines end with the time; keep move, score, depth and nodes.
        .map(|line| match line.find(" time ") {
            Some(at) => line[..at].to_string(),
            None => line.to_string(),
        })
        .collect();
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("Nodes searched: ")),
        "no node count in:\n{text}"
    );
    lines
}

#[test]
fn bench_node_count_is_identical_across_runs_at_one_thread() {
    let first = bench_signature(6);
    let second = bench_signature(6);
    assert_eq!(first, second);
}
