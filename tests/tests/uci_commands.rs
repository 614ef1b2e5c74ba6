//! One transcript per UCI command, driving the real binary over stdin/stdout.

use std::time::{Duration, Instant};

use tiamat_tests::{display_field, Engine};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_NF3_NF6: &str = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2";
/// Fool's mate: White to move is mated.
const WHITE_MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

fn uci() -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine
}

fn key(engine: &mut Engine) -> String {
    display_field(&engine.display(), "Key: ")
}

fn bestmove(line: &str) -> &str {
    line.split_whitespace()
        .nth(1)
        .expect("bestmove names a move")
}

#[test]
fn uci_identifies_and_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|line| line == "uciok");
    assert!(
        lines.iter().any(|l| l.starts_with("id name Tiamat")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    for option in [
        "option name Hash type spin default 16 min 1 max",
        "option name Threads type spin default 1 min 1 max",
        "option name MultiPV type spin default 1 min 1 max",
        "option name Ponder type check default false",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name PlayStyle type combo default search",
        "option name UseNNUE type check default false",
        "option name SearchParams type string default <empty>",
        "option name UCI_Variant type combo default chess",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "missing '{option}' in {lines:?}"
        );
    }
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(variants.split_whitespace().any(|w| w == "chess"));
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn isready_is_answered_even_while_searching() {
    let mut engine = uci();
    assert!(engine.sync_uci().is_empty());
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    let lines = engine.read_until(|line| line == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    engine.send("stop");
    let best = engine.expect_prefix("bestmove");
    assert!(engine.legal_moves().contains(&bestmove(&best).to_string()));
}

#[test]
fn setoption_accepts_good_values_and_reports_bad_ones() {
    let mut engine = uci();
    for good in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name MultiPV value 3",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 100",
        "setoption name Clear Hash",
        "setoption name hash value 8",
        "setoption name UCI_Variant value chess",
        "setoption name PlayStyle value oneply",
        "setoption name playstyle value Search",
        "setoption name UseNNUE value false",
        "setoption name usennue value true",
    ] {
        engine.send(good);
        assert!(engine.sync_uci().is_empty(), "{good} was not accepted");
    }
    for bad in [
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Threads value -1",
        "setoption name Ponder value maybe",
        "setoption name PlayStyle value strong",
        "setoption name UseNNUE value maybe",
        "setoption name Nonsense value 1",
        "setoption name UCI_Variant value nosuchgame",
        "setoption Hash 32",
        "setoption",
    ] {
        engine.send(bad);
        let lines = engine.sync_uci();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string "),
            "{bad} gave {lines:?}"
        );
    }
    // The engine still plays after the rejected values.
    engine.send("position startpos");
    engine.send("go depth 1");
    engine.expect_prefix("bestmove");
}

/// Nodes of a depth-8 search from a cleared table and history (the same every time).
fn fresh_search_nodes(engine: &mut Engine) -> u64 {
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 8");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 8 ") && l.contains(" nodes "))
        .unwrap_or_else(|| panic!("no depth-8 info line: {lines:?}"));
    let nodes = info.split_whitespace().skip_while(|&w| w != "nodes").nth(1);
    nodes.and_then(|n| n.parse().ok()).expect("a node count")
}

#[test]
fn search_params_option_changes_the_search_and_refuses_bad_lists() {
    let mut engine = uci();
    let default = fresh_search_nodes(&mut engine);
    engine.send("setoption name SearchParams value lmr_base=250, futility_base=0");
    assert!(engine.sync_uci().is_empty());
    let changed = fresh_search_nodes(&mut engine);
    assert_ne!(changed, default);
    for bad in [
        "setoption name SearchParams value lmr_base=lots",
        "setoption name SearchParams value no_such_parameter=1",
        "setoption name SearchParams value lmr_base=100,futility_base",
    ] {
        engine.send(bad);
        let lines = engine.sync_uci();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string option SearchParams not changed"),
            "{bad} gave {lines:?}"
        );
    }
    // The refused lists left the values set before.
    assert_eq!(fresh_search_nodes(&mut engine), changed);
    engine.send("setoption name SearchParams value");
    assert!(engine.sync_uci().is_empty());
    assert_eq!(fresh_search_nodes(&mut engine), default);
}

#[test]
fn ucinewgame_resets_to_the_start() {
    let mut engine = uci();
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("ucinewgame");
    assert_eq!(engine.fen(), START_FEN);
    engine.send("isready");
    engine.expect_prefix("readyok");
}

#[test]
fn position_startpos_and_fen_with_moves() {
    let mut engine = uci();
    engine.send("position startpos moves g1f3 g8f6");
    assert_eq!(engine.fen(), AFTER_NF3_NF6);
    engine.send(&format!("position fen {START_FEN} moves g1f3 g8f6"));
    assert_eq!(engine.fen(), AFTER_NF3_NF6);
    // Human notation is read too.
    engine.send("position startpos moves Nf3 Nf6");
    assert_eq!(engine.fen(), AFTER_NF3_NF6);
    engine.send(&format!("position fen {AFTER_NF3_NF6}"));
    assert_eq!(engine.fen(), AFTER_NF3_NF6);
    engine.send("position startpos moves");
    assert_eq!(engine.fen(), START_FEN);
}

#[test]
fn bad_position_commands_change_nothing() {
    let mut engine = uci();
    engine.send("position startpos moves g1f3 g8f6");
    for bad in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 zz99",
        "position startpos moves e2e5",
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "position fen garbage",
        "position fen",
        "position",
        "position startpos e2e4",
        "position sideways",
    ] {
        engine.send(bad);
        let lines = engine.sync_uci();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string "),
            "{bad} gave {lines:?}"
        );
        assert_eq!(engine.fen(), AFTER_NF3_NF6, "after {bad}");
    }
}

#[test]
fn go_with_each_limit_answers_a_legal_move() {
    let mut engine = uci();
    engine.send("position startpos moves e2e4");
    let legal = engine.legal_moves();
    for go in [
        "go depth 2",
        "go nodes 2000",
        "go movetime 50",
        "go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20",
        "go wtime 1000 btime 1000",
    ] {
        engine.send(go);
        let best = engine.expect_prefix("bestmove");
        assert!(legal.contains(&bestmove(&best).to_string()), "{go}: {best}");
    }
}

/// How long `go` takes to answer, and whether the search found a mate.
fn timed_go(engine: &mut Engine, go: &str) -> (Duration, bool) {
    engine.sync_uci();
    let started = Instant::now();
    engine.send(go);
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    let mate = lines.iter().any(|line| line.contains(" score mate "));
    (started.elapsed(), mate)
}

#[test]
fn go_movetime_searches_the_whole_time() {
    // A lower bound only: a busy machine makes the answer later, never earlier.
    let mut engine = uci();
    for (variant, ms) in [("chess", 1_000), ("makromachy", 600)] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        let (took, mate) = timed_go(&mut engine, &format!("go movetime {ms}"));
        assert!(
            mate || took >= Duration::from_millis(ms * 9 / 10),
            "{variant}: go movetime {ms} answered after {took:?}"
        );
    }
    // A mate found ends the search early.
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    let (_, mate) = timed_go(&mut engine, "go movetime 2000");
    assert!(mate, "{}", engine.transcript());
}

#[test]
fn go_mate_finds_the_mate() {
    let mut engine = uci();
    engine.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    engine.send("go mate 1");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    assert_eq!(bestmove(lines.last().unwrap()), "h5f7");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
}

#[test]
fn go_reports_info_lines() {
    let mut engine = uci();
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth") && l.contains(" pv "))
        .unwrap_or_else(|| panic!("no info line with a pv: {lines:?}"));
    for field in [
        " seldepth ",
        " multipv ",
        " score ",
        " nodes ",
        " nps ",
        " time ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
}

#[test]
fn multipv_and_threads_take_effect() {
    let mut engine = uci();
    engine.send("setoption name MultiPV value 3");
    engine.send("setoption name Threads value 4");
    engine.send("position startpos moves e2e4");
    let legal = engine.legal_moves();
    engine.send("go depth 5");
    let lines = engine.read_until(|line| line.starts_with("bestmove"));
    for n in 1..=3 {
        assert!(
            lines.iter().any(|l| l.contains(&format!(" multipv {n} "))),
            "no line {n}: {lines:?}"
        );
    }
    let best = bestmove(lines.last().unwrap());
    assert!(legal.contains(&best.to_string()), "{best}");
}

#[test]
fn go_searchmoves_restricts_the_root() {
    let mut engine = uci();
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves a2a3 h2h3");
    let best = engine.expect_prefix("bestmove");
    assert!(["a2a3", "h2h3"].contains(&bestmove(&best)), "{best}");
    // An illegal root move is reported, and no search starts.
    engine.send("go depth 1 searchmoves e2e5");
    let lines = engine.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
}

#[test]
fn go_ponder_waits_for_ponderhit() {
    let mut engine = uci();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder depth 1");
    // A finished ponder search keeps its move until ponderhit.
    let lines = engine.sync_uci();
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    engine.send("ponderhit");
    engine.expect_prefix("bestmove");
    engine.send("go ponder depth 1");
    engine.send("stop");
    engine.expect_prefix("bestmove");
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut engine = uci();
    engine.send("position startpos");
    engine.send("go infinite");
    let lines = engine.sync_uci();
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    engine.send("stop");
    engine.expect_prefix("bestmove");
    // `stop` with nothing running says nothing.
    engine.send("stop");
    assert!(engine.sync_uci().is_empty());
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut engine = uci();
    engine.send(&format!("position fen {WHITE_MATED}"));
    engine.send("go depth 3");
    assert_eq!(engine.expect_prefix("bestmove"), "bestmove (none)");
}

#[test]
fn go_perft_divides_like_stockfish() {
    let mut engine = uci();
    engine.send("position startpos");
    engine.send("go perft 3");
    let lines = engine.read_until(|line| line.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let moves: Vec<&String> = lines.iter().filter(|l| l.contains(": ")).collect();
    assert_eq!(moves.len(), 21, "20 moves and the total: {lines:?}");
    assert!(lines.contains(&"e2e4: 600".to_string()), "{lines:?}");
    assert!(lines.contains(&"g1f3: 440".to_string()), "{lines:?}");
    assert_eq!(lines[lines.len() - 2], "", "a blank line before the total");
    engine.send("go perft 0");
    let lines = engine.sync_uci();
    let said: Vec<&String> = lines.iter().filter(|l| !l.is_empty()).collect();
    assert!(
        said.len() == 1 && said[0].starts_with("info string"),
        "{lines:?}"
    );
}

#[test]
fn d_shows_board_position_and_key() {
    let mut engine = uci();
    engine.send("position startpos moves g1f3 g8f6");
    let lines = engine.display();
    assert_eq!(display_field(&lines, "Fen: "), AFTER_NF3_NF6);
    assert_eq!(display_field(&lines, "Variant: "), "chess");
    let first = display_field(&lines, "Key: ");
    assert_eq!(first.len(), 16, "{first}");
    // Another move order to the same position: the same key.
    engine.send("position startpos moves g1f3 b8c6 f3g1 c6b8 g1f3 g8f6");
    assert_eq!(key(&mut engine), first);
    engine.send("position startpos");
    assert_ne!(key(&mut engine), first);
}

#[test]
fn bench_runs_and_the_engine_stays_alive() {
    let mut engine = uci();
    engine.send("bench 2");
    let lines = engine.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("Nodes searched: ")),
        "{lines:?}"
    );
    engine.send("bench deep");
    let lines = engine.sync_uci();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string"),
        "{lines:?}"
    );
    engine.send("position startpos");
    engine.send("go depth 1");
    engine.expect_prefix("bestmove");
}

#[test]
fn quit_ends_the_process_even_mid_search() {
    let mut engine = uci();
    engine.send("go infinite");
    engine.send("quit");
    assert!(engine.finish());
    // End of input ends it too.
    let engine = uci();
    assert!(engine.finish());
}
