//! The Croatian variants through the real binary: variant selection, position strings, moves in
//! wire form (UCI long algebraic and XAN cascades) and human form (EAN), search replies.

use tiamat_tests::Engine;

fn uci(variant: &str) -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("ucinewgame");
    engine
}

#[test]
fn uci_plays_a_pyramid_cascade_and_searches() {
    let mut engine = uci("mayanascendancy");
    // TA-3: Qk2-f7 activates the Pyramid on f7, which activates the one on i7.
    let setup = "11k/12/12/12/12/2B2A2A3/12/12/12/12/5A4Q1/6K5 w - 0 1";
    engine.send(&format!("position fen {setup} moves Qk2-f7~Af7-i7~Ai7-i9"));
    assert_eq!(
        engine.fen(),
        "11k/12/12/8A3/12/2B2Q2A3/12/12/12/12/5A6/6K5 b - 1 1"
    );
    let moves = engine.legal_moves();
    assert!(moves == ["l12l11", "l12k11"], "{moves:?}");
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    assert!(moves.contains(&mv), "{mv} not in {moves:?}");
    // Human notation is read too.
    engine.send(&format!("position fen {setup} moves Qf7~Ai7~Ai9"));
    assert!(engine.fen().starts_with("11k/12/12/8A3/"));
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn uci_start_position_of_every_fixed_variant() {
    for (variant, count) in [
        ("croatianties", 44),
        ("ageofaquarius", 96),
        ("croatianties14", 104),
    ] {
        let mut engine = uci(variant);
        engine.send("position startpos");
        assert_eq!(engine.legal_moves().len(), count, "{variant}");
        engine.send("position startpos moves e2e4");
        let fen = engine.fen();
        assert!(fen.contains(" b e4:e3 0 1"), "{variant}: {fen}");
        engine.send("quit");
        assert!(engine.finish());
    }
}

#[test]
fn cecp_defines_the_board_for_xboard() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect_prefix("feature done=1");
    engine.send("variant croatianties");
    let setup = engine.expect_prefix("setup (");
    assert!(setup.contains("10x10+0_fairy renbqkbner/"), "{setup}");
    engine.expect_prefix("piece E& NN");
    engine.send("force");
    // XBoard numbers the ranks of a 10-rank board from 0: our rush e2-e5 is its e1e4.
    engine.send("usermove e1e4");
    engine.send("sd 2");
    engine.send("go");
    let reply = engine.expect_prefix("move ");
    assert!(reply.len() > 5, "{reply}");
    let transcript = engine.transcript();
    assert!(
        !transcript.contains("Illegal") && !transcript.contains("Error"),
        "{transcript}"
    );
    engine.send("quit");
    assert!(engine.finish());
}

/// Conquest of Tlalocan goes action by action inside the engine, and whole turns on the wire:
/// a cascade sent as one move text is read, `go perft` counts whole turns, and `bestmove`
/// names a whole turn (a cascade of several plies where the search chose one) that the engine
/// then reads back.
#[test]
fn uci_tlalocan_speaks_whole_turns() {
    let mut engine = uci("tlalocan");
    engine.send("position startpos moves Gg2-h1~Wh1-h24~Wh24-q24~Wq24-w24~Rw24-x24|||R");
    let fen = engine.fen();
    assert!(fen.contains(" b - "), "{fen}");
    // The dark Waves h24 and q24 moved on, the dark Rook w24 was oblationed in the Star x24.
    let first_row = fen.split('/').next().unwrap();
    assert_eq!(first_row, "tr&nbscuWeahqk&haewucsbnwT", "{fen}");
    engine.send("position startpos");
    engine.send("go perft 1");
    let total = engine.expect_prefix("Nodes searched");
    assert!(total.ends_with(" 3910"), "{total}");
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    assert!(!mv.ends_with('~'), "{best}: half a turn");
    engine.send(&format!("position startpos moves {mv}"));
    let fen = engine.fen();
    assert!(fen.contains(" b "), "{mv}: {fen}");
    engine.send("quit");
    assert!(engine.finish());
}
