//! Dragonchess through the real binary: the registry arm, perft, move lists in both notations,
//! and a UCI and a CECP session.

use tiamat_engine::games::dragonchess::Dragonchess;
use tiamat_engine::Game;
use tiamat_tests::{stdout, tiamat, Engine};

#[test]
fn perft_from_the_start() {
    let out = tiamat(&["perft", "--variant", "dragonchess", "--depth", "2"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Nodes: 8094"), "{}", stdout(&out));
}

#[test]
fn divide_uses_level_prefixed_wire_moves() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--depth",
        "1",
        "--divide",
    ]);
    let text = stdout(&out);
    assert!(text.contains("2c22c3: 1"), "{text}");
    assert!(text.contains("3g13a7: 1"), "{text}");
    assert_eq!(text.lines().filter(|l| l.ends_with(": 1")).count(), 90);
}

#[test]
fn moves_in_wire_and_human_notation() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--moves",
        "2c22c3 W2c7-2c6 Dr3g1x3a7",
        "--depth",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--moves",
        "2c22c4",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("2c22c4"));
}

#[test]
fn a_bad_position_string_names_the_field() {
    let out = tiamat(&[
        "perft",
        "--variant",
        "dragonchess",
        "--fen",
        "12/12|12 g 0 1",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("boards"));
}

#[test]
fn uci_session_plays_dragonchess() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    let variants = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(
        variants.split_whitespace().any(|w| w == "dragonchess"),
        "{variants}"
    );
    engine.send("setoption name UCI_Variant value dragonchess");
    engine.send("ucinewgame");
    engine.send("position startpos moves 2c22c3 W2c7-2c6 Dr3g1x3a7");
    let shown = engine.display();
    for level in ["upper board (3)", "middle board (2)", "lower board (1)"] {
        assert!(shown.iter().any(|l| l.contains(level)), "{shown:?}");
    }
    let fen = shown
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("a Fen line")
        .to_string();
    let pos = Dragonchess::from_position_string("dragonchess", &fen).unwrap();
    assert_eq!(pos.side_to_move(), tiamat_engine::Color::Black);
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove ");
    let best = best.split_whitespace().nth(1).unwrap();
    assert!(pos.parse_move(best).is_ok(), "{best} is not legal in {fen}");
    // An illegal move is reported and leaves the position as it was.
    engine.send(&format!("position fen {fen} moves 2c32c5"));
    let lines = engine.sync_uci();
    assert!(
        lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn cecp_session_plays_dragonchess() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(|line| line.contains("done=1"));
    assert!(
        features.iter().any(|l| l.contains("dragonchess")),
        "{features:?}"
    );
    engine.send("new");
    engine.send("variant dragonchess");
    engine.send("sd 2");
    engine.send("usermove 2c22c3");
    let reply = engine.expect_prefix("move ");
    let reply = reply.trim_start_matches("move ").trim();
    let after = Dragonchess::start();
    let after = after.play(&after.parse_move("2c22c3").unwrap());
    assert!(after.parse_move(reply).is_ok(), "{reply}");
    engine.send("quit");
    assert!(engine.finish());
}
