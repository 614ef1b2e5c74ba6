//! Garbage on the UCI input never stops the engine nor changes its state.

use tiamat_tests::Engine;

const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn garbage_lines_are_reported_and_change_nothing() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine.send("position startpos moves e2e4");
    let before = engine.fen();
    assert!(
        before == AFTER_E4 || before == AFTER_E4.replace(" - 0", " e3 0"),
        "{before}"
    );
    let long = "x".repeat(100_000);
    let garbage = [
        "",
        "   ",
        "\t",
        "hello",
        "go depth",
        "go depth -3x",
        "go wtime",
        "go perft",
        "go perft many",
        "go banana",
        "go searchmoves",
        "setoption name",
        "setoption name Hash value",
        "setoption name Threads value 99999999999999999999999",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 e8g8",
        "position startpos moves ♔♕♖",
        "position startpos moves e2e4 moves",
        "ponderhit",
        "stop",
        long.as_str(),
        "\u{0}\u{1}\u{7f}",
        "uci uci uci",
    ];
    for line in garbage {
        engine.send(line);
        engine.sync_uci();
        assert_eq!(engine.fen(), before, "after {line:?}");
    }
    engine.send("go depth 1");
    engine.expect_prefix("bestmove");
    engine.send("quit");
    assert!(engine.finish());
}

#[test]
fn bytes_that_are_not_utf8_are_an_unknown_command() {
    use std::io::Write;
    let mut child = std::process::Command::new(tiamat_tests::tiamat_binary())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"uci\n\xff\xfe\x80garbage\nisready\nquit\n")
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("info string unknown command"), "{text}");
    assert!(text.contains("readyok"), "{text}");
}

#[test]
fn a_search_is_stopped_by_position_and_still_answered() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect_prefix("uciok");
    engine.send("go infinite");
    // Out-of-protocol: a new position while searching. The search ends with its bestmove.
    engine.send("position startpos moves e2e4");
    engine.expect_prefix("bestmove");
    let fen = engine.fen();
    assert!(fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
}
